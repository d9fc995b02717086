//! Mastery tells the truth (issue #19 point 2): over sequences of answers, with the clock
//! moving between them by anything from nothing to weeks, a miss never raises any section's
//! or topic's mastery and a right answer never lowers it; one miss leaves a topic at 0%.

use std::path::Path;

use iacquiz::bank::model::rng::Rng;
use iacquiz::bank::{Bank, Question};
use iacquiz::quiz::progress::{Attempt, MASTERED_STABILITY, Progress};
use iacquiz::quiz::stats::{overview, sections};
use iacquiz::quiz::{Fsrs, Mode, schedule};

const T0: u64 = 1_767_225_600;
const DAY: u64 = 86_400;

fn bank() -> Bank {
    Bank::load_dirs(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank")]).expect("fixture bank")
}

fn answer(p: &mut Progress, q: &Question, at: u64, correct: bool, ms: u64) {
    let attempt = Attempt {
        at,
        correct,
        ms,
        rating: schedule::rate(correct, ms, q.kind),
        mode: Mode::Practice,
        asked: None,
        beliefs: Vec::new(),
        tested: Vec::new(),
    };
    p.record(&q.id, attempt, &Fsrs::default());
}

/// Every mastery figure there is at `now`: per home section, then per stats topic.
fn masteries(bank: &Bank, p: &Progress, now: u64) -> Vec<(String, f64)> {
    let qs: Vec<&Question> = bank.questions().iter().collect();
    let mut out: Vec<(String, f64)> = sections(&qs, p, bank.catalogue(), now)
        .into_iter()
        .map(|r| (format!("section {}", r.section), r.mastery))
        .collect();
    out.extend(
        overview(bank.questions(), p, now)
            .topics
            .into_iter()
            .map(|t| (format!("topic {}", t.topic), t.mastery())),
    );
    out
}

#[test]
fn a_miss_never_raises_mastery_and_a_right_answer_never_lowers_it() {
    let bank = bank();
    let qs: Vec<&Question> = bank.questions().iter().collect();
    // Gaps between answers: none, a minute, an hour, a day, three days, ten, forty.
    let gaps = [0, 60, 3_600, DAY, 3 * DAY, 10 * DAY, 40 * DAY];
    let (mut rises, mut falls, mut peak) = (0, 0, 0.0f64);
    for run in 0..150u64 {
        let mut rng = Rng::new(run, "mastery");
        let mut p = Progress::default();
        let mut now = T0;
        for _ in 0..80 {
            // Half the time the question answered is one that is due (answers at due times
            // are what build stability), else any.
            let due: Vec<&&Question> = qs.iter().filter(|q| p.get(&q.id).is_some_and(|x| x.is_due(now))).collect();
            let q = if !due.is_empty() && rng.below(2) == 0 {
                *due[rng.below(due.len() as u64) as usize]
            } else {
                qs[rng.below(qs.len() as u64) as usize]
            };
            let correct = rng.below(10) < 7;
            let ms = if rng.below(4) == 0 { 90_000 } else { 4_000 };
            let before = masteries(&bank, &p, now);
            answer(&mut p, q, now, correct, ms);
            let after = masteries(&bank, &p, now);
            for ((name, b), (_, a)) in before.iter().zip(&after) {
                if correct {
                    assert!(a >= b, "run {run}: a right answer to {} lowered {name} from {b} to {a}", q.id);
                } else {
                    assert!(a <= b, "run {run}: a miss of {} raised {name} from {b} to {a}", q.id);
                }
                rises += usize::from(a > b);
                falls += usize::from(a < b);
                peak = peak.max(*a);
            }
            // The clock alone never moves mastery.
            let gap = gaps[rng.below(gaps.len() as u64) as usize];
            now += gap;
            assert_eq!(masteries(&bank, &p, now), after, "run {run}: {gap} s passing moved mastery");
        }
    }
    // The sequences did reach mastery and lose it, so both directions were put to the test.
    assert!(rises > 50 && falls > 50, "rises {rises}, falls {falls}");
    assert!(peak >= 0.5, "some section got to {peak}");
}

/// An answer: (day offset, right, slow).
type Step = (f64, bool, bool);

/// One question's mastery after `steps`.
fn mastered_after(steps: &[Step]) -> bool {
    let bank = bank();
    let q = bank.get("tf-coalescelist-first-non-empty").expect("question");
    let mut p = Progress::default();
    for (day, right, slow) in steps {
        answer(
            &mut p,
            q,
            T0 + (day * DAY as f64) as u64,
            *right,
            if *slow { 90_000 } else { 4_000 },
        );
    }
    p.get(&q.id).is_some_and(|x| x.mastered())
}

#[test]
fn mastery_of_one_question_step_by_step() {
    // (day, right, slow), then whether the question is mastered after the last one.
    let table: &[(&[Step], bool)] = &[
        (&[(0.0, false, false)], false),
        (&[(0.0, true, false)], false),
        // Cramming the same day grows stability ×1.4 per answer: not mastery after three.
        (&[(0.0, true, false), (0.0, true, false), (0.0, true, false)], false),
        // Right when due, three times: 3.2 → 11 → 35 days of stability.
        (&[(0.0, true, false), (3.0, true, false), (14.0, true, false)], true),
        // Then a miss takes it away at once…
        (
            &[(0.0, true, false), (3.0, true, false), (14.0, true, false), (14.5, false, false)],
            false,
        ),
        // …and a slow right answer the same day, which lowers FSRS stability, keeps it.
        (
            &[(0.0, true, false), (3.0, true, false), (14.0, true, false), (14.0, true, true)],
            true,
        ),
        // Three of them take FSRS stability from 34.6 to 20.5 days, under the threshold; the
        // question stays mastered (the peak since the last miss is what counts).
        (
            &[
                (0.0, true, false),
                (3.0, true, false),
                (14.0, true, false),
                (14.0, true, true),
                (14.0, true, true),
                (14.0, true, true),
            ],
            true,
        ),
    ];
    for (steps, want) in table {
        assert_eq!(mastered_after(steps), *want, "{steps:?}");
    }
    assert!((MASTERED_STABILITY - 21.0).abs() < f64::EPSILON);
}

#[test]
fn one_miss_is_zero_percent_though_predicted_recall_is_full() {
    let bank = bank();
    let q = bank.get("tf-coalescelist-first-non-empty").expect("question");
    let mut p = Progress::default();
    answer(&mut p, q, T0, false, 4_000);
    let card = p.get(&q.id).and_then(|x| x.card.clone()).expect("scheduled");
    assert!(card.retrievability(T0) > 0.99, "the old measure: recall right after a miss");
    let qs: Vec<&Question> = bank.questions().iter().collect();
    let row = sections(&qs, &p, bank.catalogue(), T0)
        .into_iter()
        .find(|r| r.section == q.lesson.section)
        .expect("its section");
    assert_eq!((row.mastery, row.mastered, row.due, row.new), (0.0, 0, 0, row.questions - 1));
    let o = overview(bank.questions(), &p, T0 + DAY);
    assert_eq!((o.misses, o.mastered, o.due, o.new), (1, 0, 1, 11));
}
