//! `quiz new` at class size: 50 questions of the bundled bank × 30 variants, everything the
//! command computes (the bank's check, the draw, every variant's instances, answers and
//! distractors by the engine), then every export rendered. Criterion reports the time of one
//! quiz; the throughput is in items (question × variant).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iacquiz::bank::Bank;
use iacquiz::export::{ExportFormat, files};
use iacquiz::instructor::draw::draw;
use iacquiz::instructor::variants::build;
use iacquiz::instructor::{Options, new_quiz};

/// The allocator the binary uses, so the figures are the ones a user sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const QUESTIONS: usize = 50;
const VARIANTS: usize = 30;

fn quiz_new(c: &mut Criterion) {
    let bank = match Bank::load_embedded() {
        Ok(b) => b,
        Err(e) => panic!("the bundled bank loads: {e:?}"),
    };
    let o = Options {
        count: QUESTIONS,
        seed: 1,
        variants: VARIANTS,
        ..Options::default()
    };
    let mut g = c.benchmark_group("quiz_new");
    g.sample_size(10);
    g.throughput(Throughput::Elements((QUESTIONS * VARIANTS) as u64));
    g.bench_function(format!("{QUESTIONS}x{VARIANTS}_with_check_and_exports"), |b| {
        b.iter(|| match new_quiz(&bank, &o) {
            Ok(q) => files(&q, &ExportFormat::ALL).iter().map(|(_, t)| t.len()).sum::<usize>(),
            Err(e) => panic!("{e}"),
        })
    });
    g.bench_function(format!("{QUESTIONS}x{VARIANTS}_variants_only"), |b| {
        b.iter(|| {
            let drawn = match draw(&bank, &o) {
                Ok(d) => d,
                Err(e) => panic!("{e}"),
            };
            match build(&drawn, &o) {
                Ok(q) => q.variants.len(),
                Err(e) => panic!("{e}"),
            }
        })
    });
    g.finish();
}

criterion_group!(benches, quiz_new);
criterion_main!(benches);
