//! Evaluation throughput: every value-producing golden case without a configuration (several
//! hundred expressions over the whole language and function library), evaluated and rendered
//! in one process. Criterion reports the rate as elements (evaluations) per second.

use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iacquiz::lang::session::Session;

/// The allocator the binary uses, so the figures are the ones a user sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn corpus() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        for line in std::fs::read_to_string(&f).unwrap_or_default().lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if v.get("dir").is_some() || v.get("setup").is_some_and(|s| !s.is_null()) {
                continue;
            }
            if let Some(e) = v["expr"].as_str()
                && !e.contains("timestamp")
                && !e.contains("uuid")
                && !e.contains("bcrypt")
            {
                out.push(e.to_string());
            }
        }
    }
    out
}

fn eval_mix(c: &mut Criterion) {
    let exprs = corpus();
    assert!(exprs.len() >= 100, "the mix needs at least 100 expressions, found {}", exprs.len());
    let session = Session::new();
    let mut g = c.benchmark_group("eval");
    g.throughput(Throughput::Elements(exprs.len() as u64));
    g.bench_function(format!("mix_of_{}", exprs.len()), |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for e in &exprs {
                if session.console(e).is_ok() {
                    ok += 1;
                }
            }
            ok
        })
    });
    g.finish();
}

criterion_group!(benches, eval_mix);
criterion_main!(benches);
