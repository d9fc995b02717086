//! Every misconception in the catalogue changes the answer of its own example: the real
//! evaluation consults its rule, and the evaluation under the flipped rule gives a different
//! answer that the distractor search finds.

use iacquiz::bank::engine::examples::run_example;
use iacquiz::lang::Rules;
use iacquiz::mistakes::catalogue;
use iacquiz::mistakes::distract::alternatives;

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
    use iacquiz::bank::answer::diagnose::diagnose;
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
    use iacquiz::bank::answer::diagnose::diagnose;
    use iacquiz::lang::session::Session;
    use iacquiz::lang::session::constant;
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

/// The example of a cfnrain or rivet misconception as a bank question, so the bank's own
/// judging (what a learner's typed answer is) can be held to it.
fn example_question(m: &iacquiz::mistakes::Misconception) -> iacquiz::bank::Question {
    use iacquiz::bank::{Engine, Kind, LessonRef, Origin, Question};
    let source = iacquiz::bank::engine::examples::example_source(&m.example).unwrap_or_else(|e| panic!("{}: {e}", m.id));
    Question {
        id: m.id.clone(),
        engine: Engine::from_name(&m.engine).unwrap_or_else(|| panic!("{}: engine {}", m.id, m.engine)),
        topic: "examples".into(),
        tags: Vec::new(),
        lesson: LessonRef {
            seed: m.lesson.seed.clone(),
            section: m.lesson.section.clone(),
        },
        refs: Default::default(),
        prompt: "p".into(),
        source,
        kind: Kind::Input,
        answer: None,
        claim: None,
        explain: "e".into(),
        misconceptions: Vec::new(),
        difficulty: 1,
        distractors: Vec::new(),
        params: Default::default(),
        strict_types: false,
        origin: Origin::default(),
    }
}

#[test]
fn every_engine_has_misconceptions_with_working_examples() {
    for engine in ["terraform", "cfnrain", "rivet"] {
        let n = catalogue().iter().filter(|m| m.engine == engine).count();
        assert!(n >= 10, "{engine}: {n} misconceptions");
    }
}

/// `diagnose` reads terraform values; for cfnrain and rivet the bank's judge of a typed answer
/// does the same work: the wrong answer each example gives under its rule, typed in, is wrong
/// and names that misconception.
#[test]
fn typed_wrong_answers_of_cfnrain_and_rivet_examples_name_their_misconception() {
    let mut problems = Vec::new();
    for m in catalogue().iter().filter(|m| m.engine != "terraform") {
        let inst = example_question(m).instantiate(0);
        let wrong = match inst.evaluate(&Rules::with(m.rule)) {
            Ok(e) => e.computed.one_line(),
            Err(u) => panic!("{}: {u}", m.id),
        };
        match inst.judge(&wrong) {
            Ok(v) if !v.correct && v.misconceptions.iter().any(|(id, _)| id == &m.id) => {}
            Ok(v) => problems.push(format!("{}: {wrong} judged correct={} {:?}", m.id, v.correct, v.misconceptions)),
            Err(e) => problems.push(format!("{}: {wrong}: {e}", m.id)),
        }
        // The right answer, typed in, is right.
        let right = inst.correct_answer().map(|c| c.text).unwrap_or_default();
        if !inst.judge(&right).is_ok_and(|v| v.correct) {
            problems.push(format!("{}: the right answer {right} is not judged right", m.id));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
