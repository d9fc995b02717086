//! Time to first frame with a large progress store: 10,000 answers spread over the bundled
//! bank, written once; then each iteration opens the store (read and parse), loads the bank,
//! builds the app and draws the home screen once on an 80×24 TestBackend. Also the same at
//! the exam release 1.6, where building the app works out which questions 1.6 leaves out.

use criterion::{Criterion, criterion_group, criterion_main};
use iacquiz::bank::Bank;
use iacquiz::quiz::progress::{Asked, Attempt, Store};
use iacquiz::quiz::{Fsrs, Mode, Rating, version};
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, render_text};

/// The allocator the binary uses, so the figures are the ones a user sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How many answers the store holds.
const ANSWERS: u64 = 10_000;
/// 2026-01-01, the clock the app is built at (the answers lead up to it).
const T0: u64 = 1_767_225_600;

fn options() -> Options {
    Options {
        seed: 1,
        clock: Clock::fixed(T0 * 1000),
        theme: Theme { color: true },
        ..Options::default()
    }
}

/// Writes a store of [`ANSWERS`] answers, round-robin over the bank's questions, ten minutes
/// apart, a third of them wrong, and returns its folder.
fn write_store(name: &str, exam: Option<&str>) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("iacquiz-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("bank: {e:?}"));
    let mut store = Store::open(&dir).unwrap_or_else(|e| panic!("store: {e}")).store;
    let fsrs = Fsrs::default();
    let qs = bank.questions();
    for i in 0..ANSWERS {
        let q = &qs[i as usize % qs.len()];
        let correct = i % 3 != 0;
        let attempt = Attempt {
            at: T0 - (ANSWERS - i) * 600,
            correct,
            ms: 4_000 + (i % 7) * 1_000,
            rating: if correct { Rating::Good } else { Rating::Again },
            mode: Mode::Practice,
            asked: Some(Asked {
                seed: i,
                values: Default::default(),
            }),
            beliefs: Vec::new(),
            tested: Vec::new(),
        };
        store.progress.record(&q.id, attempt, &fsrs);
    }
    version::keep_flag(&mut store, exam, true).unwrap_or_else(|e| panic!("release: {e}"));
    store.save().unwrap_or_else(|e| panic!("save: {e}"));
    dir
}

fn first_frame(c: &mut Criterion) {
    let mut g = c.benchmark_group("tui store");
    for (name, exam) in [("1.14", None), ("1.6", Some("1.6"))] {
        let dir = write_store(name, exam);
        let label = format!("first frame, 10,000 answers, Terraform {name} (store + bank + app + home 80x24)");
        g.bench_function(label, |b| {
            b.iter(|| {
                let store = Store::open(&dir).unwrap_or_else(|e| panic!("store: {e}")).store;
                let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("bank: {e:?}"));
                let app = App::new(bank, store, options());
                render_text(&app, 80, 24)
            })
        });
        let _ = std::fs::remove_dir_all(&dir);
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = first_frame
}
criterion_main!(benches);
