//! `check` on the bundled bank, and on the same bank copied 2 and 4 times over under new ids
//! (so linearity in bank size is measured, not assumed); distractor generation (each
//! question's first instance and its choices, every misconception run by the engine).
//! Throughput is in questions: equal rates at 1×, 2× and 4× mean linear time.

use std::path::Path;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use iacquiz::bank::Bank;
use iacquiz::bank::check::check_bank;
use iacquiz::bank::load::files::{SourceFile, read_dir_bank};

/// The allocator the binary uses, so the figures are the ones a user sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn bundled_sources() -> Vec<SourceFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("questions");
    read_dir_bank(&dir).unwrap_or_else(|e| panic!("the bundled bank reads: {e:?}"))
}

/// Copy `k` of a question file: every question id gets the suffix `-copyK`.
fn copy_of(text: &str, k: usize) -> String {
    text.lines()
        .map(|line| match line.split_once("- id:") {
            Some((indent, id)) if indent.trim().is_empty() => format!("{indent}- id: {}-copy{k}", id.trim()),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The bundled bank `times` times over, each copy's questions under new ids.
fn scaled(times: usize) -> Bank {
    let mut sources = Vec::new();
    for f in bundled_sources() {
        if f.in_root == "lessons.yaml" {
            sources.push(f);
            continue;
        }
        let text = String::from_utf8_lossy(&f.bytes).into_owned();
        for k in 0..times {
            let rename = |p: &str| p.replace(".yaml", &format!("-copy{k}.yaml"));
            sources.push(SourceFile {
                display: rename(&f.display),
                rel: rename(&f.rel),
                in_root: rename(&f.in_root),
                bytes: copy_of(&text, k).into_bytes(),
            });
        }
    }
    Bank::from_sources(sources).unwrap_or_else(|e| panic!("the scaled bank loads: {e}"))
}

fn check(c: &mut Criterion) {
    let bundled = Bank::load_embedded().unwrap_or_else(|e| panic!("the bundled bank loads: {e}"));
    let mut g = c.benchmark_group("check");
    g.sample_size(10);
    g.throughput(Throughput::Elements(bundled.questions().len() as u64));
    g.bench_function("bundled", |b| b.iter(|| check_bank(&bundled).failed()));
    for times in [1, 2, 4] {
        let bank = scaled(times);
        assert_eq!(bank.questions().len(), bundled.questions().len() * times);
        g.throughput(Throughput::Elements(bank.questions().len() as u64));
        g.bench_with_input(BenchmarkId::new("scaled", format!("{times}x")), &bank, |b, bank| {
            b.iter(|| check_bank(bank).failed())
        });
    }
    g.finish();
}

fn distractors(c: &mut Criterion) {
    let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("the bundled bank loads: {e}"));
    let mut g = c.benchmark_group("distractors");
    g.sample_size(10);
    g.throughput(Throughput::Elements(bank.questions().len() as u64));
    g.bench_function("choices_of_every_question", |b| {
        b.iter(|| bank.questions().iter().map(|q| q.instantiate(0).choices(0).len()).sum::<usize>())
    });
    g.finish();
}

criterion_group!(benches, check, distractors);
criterion_main!(benches);
