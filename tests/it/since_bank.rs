//! `since` over the bundled bank: every terraform question gets an emulated release, the
//! questions that use a feature younger than 1.0 get at least its release, and the whole bank
//! is cheap enough for `check` (run with `--nocapture` for the distribution and the time).

use std::collections::BTreeMap;
use std::time::Instant;

use iacquiz::bank::Bank;
use iacquiz::bank::check::since::{Release, first_release};
use iacquiz::bank::model::Engine;

#[test]
fn since_over_the_bundled_bank() {
    let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("the bundled bank loads: {e:?}"));
    let start = Instant::now();
    let mut by_release: BTreeMap<Release, Vec<String>> = BTreeMap::new();
    let mut n = 0usize;
    for q in bank.questions().iter().filter(|q| q.engine == Engine::Terraform) {
        let inst = q.instantiate(0);
        let r = first_release(&inst).unwrap_or_else(|e| panic!("{}: {e}", q.id));
        assert!(r.is_emulated(), "{}: {r}", q.id);
        let src = format!("{} {}", inst.source.expr, inst.source.config.clone().unwrap_or_default());
        if src.contains("provider::") && inst.kind != iacquiz::bank::model::Kind::Error {
            assert!(r >= Release((1, 8, 0)), "{} calls a provider function: {r}", q.id);
        }
        // optional() attributes arrived in 1.3, custom conditions in 1.2, check blocks in 1.5
        // (CHANGELOG v1.3.0, v1.2.0, v1.5.0), unless the question's answer is the error.
        if inst.kind != iacquiz::bank::model::Kind::Error {
            if src.contains("optional(") {
                assert!(r >= Release((1, 3, 0)), "{} uses optional(): {r}", q.id);
            }
            if src.contains("precondition {") || src.contains("postcondition {") {
                assert!(r >= Release((1, 2, 0)), "{} has a custom condition: {r}", q.id);
            }
            if src.contains("check \"") {
                assert!(r >= Release((1, 5, 0)), "{} has a check block: {r}", q.id);
            }
        }
        by_release.entry(r).or_default().push(q.id.clone());
        n += 1;
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!("since over {n} terraform questions (seed 0): {ms:.1} ms");
    for (r, ids) in &by_release {
        println!(
            "  {r:>6}: {:>3}  {}",
            ids.len(),
            if *r > Release::FIRST { ids.join(", ") } else { String::new() }
        );
    }
    assert!(n > 100, "the bank has its terraform questions");
    assert!(
        by_release.keys().any(|r| *r > Release::FIRST),
        "some questions depend on a newer release"
    );
}
