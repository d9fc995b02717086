//! Every misconception in the catalogue changes the answer of its own example: the real
//! evaluation consults its rule, and the evaluation under the flipped rule gives a different
//! answer that the distractor search finds.

use iacquiz::lang::Rules;
use iacquiz::mistakes::catalogue;
use iacquiz::mistakes::distract::{alternatives, run_example};

#[test]
fn every_example_has_its_distinct_wrong_answer() {
    let mut problems = Vec::new();
    for m in catalogue() {
        let real = run_example(m, &Rules::real());
        if !real.touched.contains(&m.rule) {
            problems.push(format!(
                "{}: the real evaluation of its example never consults rule {} (got {})",
                m.id,
                m.rule.name(),
                real.text
            ));
            continue;
        }
        let wrong = run_example(m, &Rules::with(m.rule));
        if wrong.text == real.text {
            problems.push(format!("{}: the flipped rule gives the same answer {}", m.id, real.text));
            continue;
        }
        let alts = alternatives(&real, &|r| run_example(m, r));
        if !alts.iter().any(|a| a.misconception.id == m.id && a.produced.text == wrong.text) {
            problems.push(format!("{}: not found among the alternatives", m.id));
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} misconceptions fail:\n{}",
        problems.len(),
        catalogue().len(),
        problems.join("\n")
    );
}
