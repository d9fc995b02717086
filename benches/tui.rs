//! Time to first draw: loading the bundled bank, building the app over an empty progress
//! store, and drawing the home screen once on an 80×24 TestBackend. Also the redraw alone and
//! the first question (instance, evaluation and choices) drawn.

use criterion::{Criterion, criterion_group, criterion_main};
use iacquiz::bank::Bank;
use iacquiz::quiz::Mode;
use iacquiz::quiz::progress::Store;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, render_text};

/// The allocator the binary uses, so the figures are the ones a user sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn options(start: Option<Mode>) -> Options {
    Options {
        seed: 1,
        clock: Clock::fixed(1_767_225_600_000),
        theme: Theme { color: true },
        start,
        ..Options::default()
    }
}

fn first_draw(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("iacquiz-bench-{}", std::process::id()));
    let mut g = c.benchmark_group("tui");
    g.bench_function("first draw (bank load + home on 80x24)", |b| {
        b.iter(|| {
            let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("bank: {e:?}"));
            let app = App::new(bank, Store::empty(&dir), options(None));
            render_text(&app, 80, 24)
        })
    });
    let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("bank: {e:?}"));
    let app = App::new(bank.clone(), Store::empty(&dir), options(None));
    g.bench_function("redraw home 80x24", |b| b.iter(|| render_text(&app, 80, 24)));
    g.bench_function("start practice + draw first question", |b| {
        b.iter(|| {
            let app = App::new(bank.clone(), Store::empty(&dir), options(Some(Mode::Practice)));
            render_text(&app, 80, 24)
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = first_draw
}
criterion_main!(benches);
