//! Every misconception in the catalogue changes the answer of its own example: the real
//! evaluation consults its rule, and the evaluation under the flipped rule gives a different
//! answer that the distractor search finds.

use iacquiz::lang::Rules;
use iacquiz::mistakes::catalogue;
use iacquiz::mistakes::distract::{alternatives, run_example};

#[test]
fn every_example_has_its_distinct_wrong_answer() {
    // An unparsable catalogue reads as empty; this must not pass vacuously.
    assert!(catalogue().len() >= 40, "the catalogue has only {} entries", catalogue().len());
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

#[test]
fn diagnose_recognises_every_example_answer() {
    use iacquiz::mistakes::diagnose::diagnose;
    let mut problems = Vec::new();
    for m in catalogue() {
        let real = run_example(m, &Rules::real());
        let wrong = run_example(m, &Rules::with(m.rule));
        let Some(learner) = wrong.value.clone() else { continue };
        let d = diagnose(&real, &learner, &|r| run_example(m, r));
        if d.correct || !d.misconceptions.contains(&m.id) {
            problems.push(format!("{}: answer {} diagnosed as {:?}", m.id, wrong.text, d.misconceptions));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn diagnose_is_semantic_about_containers_and_strict_about_elements() {
    use iacquiz::cli::common::constant;
    use iacquiz::lang::session::Session;
    use iacquiz::mistakes::diagnose::diagnose;
    use iacquiz::mistakes::distract::produce_expr;
    let s = Session::new();
    let check = |expr: &str, answer: &str| {
        let real = produce_expr(&s, expr, &Rules::real());
        diagnose(&real, &constant(answer).expect("answer"), &|r| produce_expr(&s, expr, r)).correct
    };
    assert!(check(r#"sort(["b", "a"])"#, r#"["a", "b"]"#), "a tuple matches a list");
    assert!(check(r#"toset(["b", "a"])"#, r#"["a", "b"]"#), "a list matches a set");
    assert!(!check("sort([110, 25])", "[110, 25]"), "element types are strict");
    assert!(!check(r#"["x"][-1]"#, r#""x""#), "any value is wrong where the answer is an error");
}
