//! `cfn` packaging fan-out: one zip package of `entries` module files, `modules` module
//! entries taken from it. Each package's file list is parsed once per packaging, so the time
//! grows with entries + modules, not entries × modules: doubling both should double the time,
//! not quadruple it.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use iacquiz::cfn::{self, Input};
use iacquiz::lang::Rules;
use std::io::Write;

/// The allocator the binary uses, so the figures are the ones a user sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A parent template whose `modules` module entries come from a zip of `entries` files.
fn fan_out(entries: usize, modules: usize) -> Input {
    let mut buf = std::io::Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        for i in 0..entries {
            z.start_file(format!("m{i}.yaml"), opts)
                .unwrap_or_else(|e| panic!("zip entry: {e}"));
            z.write_all(b"Resources:\n  R:\n    Type: X::Y::Z\n")
                .unwrap_or_else(|e| panic!("zip write: {e}"));
        }
        z.finish().unwrap_or_else(|e| panic!("zip finish: {e}"));
    }
    let mut parent = String::from("Packages:\n  p:\n    Source: pkg.zip\nModules:\n");
    for i in 0..modules {
        parent.push_str(&format!("  M{i}:\n    Source: $p/m{}.yaml\n", i % entries));
    }
    Input::memory(
        vec![
            ("parent.yaml".to_string(), parent.into_bytes()),
            ("pkg.zip".to_string(), buf.into_inner()),
        ],
        "parent.yaml",
    )
}

fn fanout(c: &mut Criterion) {
    let rules = Rules::real();
    let mut g = c.benchmark_group("cfn_fanout");
    g.sample_size(10);
    for (entries, modules) in [(5_000, 200), (10_000, 400), (20_000, 800)] {
        let input = fan_out(entries, modules);
        g.throughput(Throughput::Elements(modules as u64));
        g.bench_with_input(BenchmarkId::from_parameter(format!("{entries}x{modules}")), &input, |b, input| {
            b.iter(|| cfn::package_input(input, &rules).map(|t| t.value))
        });
    }
    g.finish();
}

criterion_group!(benches, fanout);
criterion_main!(benches);
