//! `quiz new` through the command line and the library: the files it writes, determinism (the
//! same arguments give the same bytes, another seed another quiz), the draw (balanced over
//! topics, filtered by topic and difficulty), variants, and the exit codes of bad input.

use crate::support;

use std::collections::BTreeMap;
use std::path::Path;

use iacquiz::bank::Bank;
use iacquiz::instructor::model::{Format, Quiz};
use iacquiz::instructor::{Options, draw, new_quiz};
use support::{fixture_bank, read, run, temp};

fn new_into(out: &Path, extra: &[&str]) -> std::process::Output {
    let out = out.display().to_string();
    let mut args = vec!["quiz", "new"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--out", &out]);
    run(&args)
}

const CONTRACT: &[&str] = &[
    "--count",
    "5",
    "--seed",
    "1",
    "--variants",
    "2",
    "--format",
    "md,html,gift,moodle,json",
];

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let bytes = std::fs::read(e.path()).unwrap_or_default();
        out.insert(e.file_name().to_string_lossy().to_string(), bytes);
    }
    out
}

fn bank() -> Bank {
    match Bank::load_embedded() {
        Ok(b) => b,
        Err(e) => panic!("the bundled bank loads: {e:?}"),
    }
}

fn quiz_of(dir: &Path) -> Quiz {
    match Quiz::from_json(&read(&dir.join("key.json"))) {
        Ok(q) => q,
        Err(e) => panic!("quiz.json: {e}"),
    }
}

#[test]
fn the_contract_command_writes_every_export() {
    let out = temp("contract");
    let o = new_into(&out, CONTRACT);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let names: Vec<String> = files(&out).into_keys().collect();
    for f in [
        "quiz.md",
        "answers.md",
        "quiz.html",
        "answers.html",
        "quiz.gift",
        "quiz.xml",
        "quiz.json",
        "key.json",
    ] {
        assert!(names.contains(&f.to_string()), "{f} is written (got {names:?})");
    }
    assert_eq!(names.len(), 8, "nothing else is left behind: {names:?}");
    for (file, student) in [("quiz.json", true), ("key.json", false)] {
        let text = read(&out.join(file));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let keys: Vec<&str> = v.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
        for k in ["schema", "seed", "questions", "variants"] {
            assert!(keys.contains(&k), "{file}: top level has {k}");
        }
        assert_eq!(v["student"].as_bool().unwrap_or(false), student, "{file}");
        assert_eq!(v["schema"], 1);
        assert_eq!(v["seed"], 1);
        assert_eq!(v["questions"].as_array().map(Vec::len), Some(5));
        let variants = v["variants"].as_array().cloned().unwrap_or_default();
        assert_eq!(variants.len(), 2);
        for var in &variants {
            let qs = var["questions"].as_array().cloned().unwrap_or_default();
            assert_eq!(qs.len(), 5);
            for q in qs {
                assert!(q["choices"].is_array());
                assert_eq!(q["answer"]["text"].is_string(), !student, "{file}");
            }
        }
        // The students' copy says nothing of the key, anywhere in it.
        if student {
            for word in [
                "\"correct\"",
                "\"answer\"",
                "\"wrong\"",
                "\"misconception",
                "\"explain\"",
                "\"why\"",
                "\"kind\"",
            ] {
                assert!(!text.contains(word), "quiz.json holds {word}");
            }
        } else {
            assert!(text.contains("\"correct\": true"));
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// The students' copy leaves out the bank's kind (`error` would tell that the right choice is
/// the error), over every question of the bundled bank; taking the copy still knows a typed
/// question from a choice, and refuses an expression as the key does.
#[test]
fn the_students_copy_names_no_kind_and_takes_as_the_key_does() {
    let out = temp("kind");
    let o = new_into(&out, &["--count", "331", "--seed", "2", "--format", "json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let key = quiz_of(&out);
    let copy = match Quiz::from_json(&read(&out.join("quiz.json"))) {
        Ok(q) => q,
        Err(e) => panic!("quiz.json: {e}"),
    };
    assert!(!read(&out.join("quiz.json")).contains("\"kind\""));
    let kinds: std::collections::BTreeSet<&str> = key.questions.iter().map(|d| d.kind.as_str()).collect();
    assert!(kinds.contains("error"), "the bank has error questions: {kinds:?}");
    let pairs = key.variants[0].questions.iter().zip(&copy.variants[0].questions);
    for (k, c) in pairs {
        assert!(c.kind.is_empty(), "{}", k.id);
        let q = c.to_question();
        assert!(q.is_some(), "{}: the copy's item is a question", k.id);
        if k.format == Format::Shortanswer {
            let (ki, ci) = (k.instance(), c.instance());
            assert!(ki.is_some() && ci.is_some(), "{}", k.id);
            for typed in [k.answer.text.as_str(), "1 + 1", "upper(\"a\")", "[\"x\"]"] {
                let want = ki.as_ref().and_then(|i| i.expression_problem(typed));
                let got = ci.as_ref().and_then(|i| i.expression_problem(typed));
                assert_eq!(got, want, "{}: {typed}", k.id);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// The students' copy is what `quiz take` opens; `quiz grade` given it grades with the key
/// beside it, and refuses when there is none.
#[test]
fn take_opens_the_copy_and_grade_finds_the_key() {
    let out = temp("student-copy");
    assert!(new_into(&out, CONTRACT).status.success());
    let dir = out.display().to_string();
    let quiz = out.join("quiz.json").display().to_string();
    let mut child = match std::process::Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(["quiz", "take", &quiz, "--name", "Ann", "--out", &dir, "--plain"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write;
        let _ = stdin.write_all(b"a\na\na\na\na\n");
    }
    let taken = child.wait_with_output().map(|o| o.status.success()).unwrap_or(false);
    assert!(taken, "quiz take on quiz.json");
    let responses = out.join("responses-Ann.json").display().to_string();
    let with_copy = run(&["quiz", "grade", &quiz, &responses]);
    let with_key = run(&["quiz", "grade", &out.join("key.json").display().to_string(), &responses]);
    assert!(with_copy.status.success(), "{}", String::from_utf8_lossy(&with_copy.stderr));
    assert_eq!(with_copy.stdout, with_key.stdout, "the same report either way");
    assert!(String::from_utf8_lossy(&with_copy.stderr).contains("key.json"));
    let _ = std::fs::remove_file(out.join("key.json"));
    let refused = run(&["quiz", "grade", &quiz, &responses]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2));
    assert!(err.contains("students' copy") && err.contains("key.json"), "{err}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn same_arguments_same_bytes_another_seed_another_quiz() {
    let (a, b, c) = (temp("det-a"), temp("det-b"), temp("det-c"));
    for d in [&a, &b] {
        let o = new_into(d, CONTRACT);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let mut other: Vec<&str> = CONTRACT.to_vec();
    other[3] = "2";
    assert!(new_into(&c, &other).status.success());
    let (fa, fb, fc) = (files(&a), files(&b), files(&c));
    assert_eq!(fa.keys().collect::<Vec<_>>(), fb.keys().collect::<Vec<_>>());
    for (name, bytes) in &fa {
        assert!(fb.get(name) == Some(bytes), "{name} is byte-identical across two runs");
        assert!(fc.get(name) != Some(bytes), "{name} differs for another seed");
    }
    for d in [a, b, c] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn the_library_is_deterministic_too() {
    let bank = bank();
    let o = Options {
        count: 20,
        seed: 99,
        variants: 4,
        ..Options::default()
    };
    let (x, y) = (new_quiz(&bank, &o), new_quiz(&bank, &o));
    match (x, y) {
        (Ok(x), Ok(y)) => assert_eq!(x.to_json(), y.to_json()),
        (x, y) => panic!("new_quiz failed: {x:?} {y:?}"),
    }
}

#[test]
fn the_draw_is_balanced_over_topics() {
    let bank = bank();
    let topics: BTreeMap<&str, usize> = bank.questions().iter().fold(BTreeMap::new(), |mut m, q| {
        *m.entry(q.topic.as_str()).or_default() += 1;
        m
    });
    for seed in 0..10 {
        for count in [topics.len(), topics.len() + 3, 2 * topics.len() - 1] {
            let o = Options {
                count,
                seed,
                ..Options::default()
            };
            let drawn = match draw(&bank, &o) {
                Ok(d) => d,
                Err(e) => panic!("{e}"),
            };
            assert_eq!(drawn.len(), count);
            let mut per: BTreeMap<&str, usize> = topics.keys().map(|t| (*t, 0)).collect();
            for q in &drawn {
                *per.entry(q.topic.as_str()).or_default() += 1;
            }
            // Balanced: within one of each other, except a topic that has no more questions.
            let hi = per.values().max().copied().unwrap_or(0);
            for (t, n) in &per {
                assert!(
                    *n + 1 >= hi || *n == topics[t],
                    "seed {seed}, count {count}: topic {t} drawn {n} times of {}, another {hi} times: {per:?}",
                    topics[t]
                );
            }
            let mut ids: Vec<&str> = drawn.iter().map(|q| q.id.as_str()).collect();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), count, "no question twice");
        }
    }
}

#[test]
fn topics_and_difficulty_filter_the_draw() {
    let out = temp("filter");
    let o = new_into(
        &out,
        &[
            "--count",
            "6",
            "--topic",
            "merge",
            "--topic",
            "strings",
            "--difficulty",
            "1-3",
            "--format",
            "json",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let quiz = quiz_of(&out);
    let merge = quiz.questions.iter().filter(|q| q.topic == "merge").count();
    let strings = quiz.questions.iter().filter(|q| q.topic == "strings").count();
    assert_eq!((merge, strings), (3, 3), "balanced over the two topics");
    assert!(quiz.questions.iter().all(|q| (1..=3).contains(&q.difficulty)));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn variants_draw_different_values_and_shuffle_choices() {
    let out = temp("variants");
    let bank = fixture_bank().display().to_string();
    let o = new_into(
        &out,
        &[
            "--bank",
            &bank,
            "--count",
            "11",
            "--seed",
            "3",
            "--variants",
            "4",
            "--format",
            "json",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let quiz = quiz_of(&out);
    assert_eq!(quiz.variants.len(), 4);
    for (i, d) in quiz.questions.iter().enumerate() {
        let items: Vec<_> = quiz.variants.iter().filter_map(|v| v.questions.get(i)).collect();
        assert!(
            items.iter().all(|it| it.id == d.id && it.number == d.number),
            "same question in every variant"
        );
        if d.id == "tf-format-zero-pad" || d.id == "tf-sort-padded" {
            let mut vals: Vec<_> = items.iter().map(|it| it.values.clone()).collect();
            vals.sort();
            vals.dedup();
            assert_eq!(vals.len(), 4, "{}: one set of values per variant", d.id);
            let mut answers: Vec<_> = items.iter().map(|it| it.answer.text.clone()).collect();
            answers.sort();
            answers.dedup();
            assert_eq!(answers.len(), 4, "{}: the engine computes each variant's answer", d.id);
        }
        for it in &items {
            if it.format == Format::Multichoice || it.format == Format::Truefalse {
                assert_eq!(it.choices.iter().filter(|c| c.correct).count(), 1, "{}", it.id);
                let right = it.choices.iter().find(|c| c.correct);
                assert_eq!(right.map(|c| c.key.clone()), it.answer.key, "{}", it.id);
                assert_eq!(right.map(|c| c.text.clone()), Some(it.answer.text.clone()), "{}", it.id);
            }
        }
    }
    // Some multichoice question has its choices in another order in another variant.
    let shuffled = quiz.questions.iter().enumerate().any(|(i, _)| {
        let keys: Vec<_> = quiz
            .variants
            .iter()
            .filter_map(|v| v.questions.get(i))
            .filter(|it| it.format == Format::Multichoice)
            .map(|it| it.answer.key.clone())
            .collect();
        keys.windows(2).any(|w| w[0] != w[1])
    });
    assert!(shuffled, "the right answer's letter moves between variants");
    assert!(
        o.stderr.is_empty(),
        "no note while the values suffice: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn too_few_value_sets_for_the_variants_is_noted() {
    let out = temp("repeats");
    let bank = fixture_bank().display().to_string();
    let o = new_into(&out, &["--bank", &bank, "--count", "11", "--variants", "20", "--format", "json"]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("note: question") && err.contains("(tf-merge-three-way): 18 distinct value sets for 20 variants"),
        "{err}"
    );
    let quiz = quiz_of(&out);
    let i = quiz.questions.iter().position(|q| q.id == "tf-merge-three-way").unwrap_or(0);
    let mut uses: BTreeMap<String, usize> = BTreeMap::new();
    for v in &quiz.variants {
        if let Some(it) = v.questions.get(i) {
            *uses.entry(format!("{:?}", it.values)).or_default() += 1;
        }
    }
    assert_eq!(uses.len(), 18, "every value set is used");
    assert!(uses.values().all(|n| *n <= 2), "repeats are spread: {uses:?}");
    let _ = std::fs::remove_dir_all(&out);
}

fn expect_exit(extra: &[&str], out: &Path, code: i32, says: &str) {
    let o = new_into(out, extra);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(code), "{extra:?}: {err}");
    assert!(err.contains(says), "{extra:?}: stderr says {says:?}: {err}");
}

#[test]
fn unusable_arguments_exit_2_and_a_failing_bank_exits_1() {
    let out = temp("bad");
    expect_exit(&["--count", "0", "--format", "md"], &out, 2, "--count must be at least 1");
    expect_exit(&["--count", "x", "--format", "md"], &out, 2, "invalid value");
    expect_exit(&["--count", "2", "--format", "md,pdf"], &out, 2, "unknown format \"pdf\"");
    expect_exit(&["--count", "2", "--format", "md", "--topic", "nope"], &out, 2, "no such topic");
    expect_exit(
        &["--count", "2", "--format", "md", "--difficulty", "0-9"],
        &out,
        2,
        "levels are 1 to 5",
    );
    expect_exit(
        &["--count", "2", "--format", "md", "--difficulty", "4-2"],
        &out,
        2,
        "above the maximum",
    );
    expect_exit(&["--count", "9999", "--format", "md"], &out, 2, "only");
    expect_exit(
        &["--count", "2", "--format", "md", "--variants", "0"],
        &out,
        2,
        "--variants must be at least 1",
    );
    expect_exit(
        &["--count", "2", "--format", "md", "--bank", "/no/such/bank"],
        &out,
        2,
        "cannot open the bank folder",
    );
    let bad = support::root().join("tests/quiz/bad-bank").display().to_string();
    let o = new_into(&out, &["--count", "1", "--format", "md", "--bank", &bad]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("quiz-bad-stated-answer") && err.contains("bad.yaml:5"),
        "names the failing question: {err}"
    );
    assert!(!err.contains("quiz-good-question"), "and only the failing ones: {err}");
    assert!(!out.join("quiz.json").exists(), "nothing is written for a refused bank");
    assert!(!out.exists(), "and no empty --out folder is left behind");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn an_out_folder_that_cannot_be_written_exits_2_with_the_reason() {
    let file = temp("out-file");
    let _ = std::fs::write(&file, "not a folder");
    expect_exit(&["--count", "2", "--format", "md"], &file, 2, "--out must be a folder");
    expect_exit(
        &["--count", "2", "--format", "md"],
        &file.join("sub"),
        2,
        "cannot create the --out folder",
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn an_outcome_question_asks_for_the_word_not_a_console_value() {
    // Every custom-conditions question is drawn (16). Two are typed with an outcome word for
    // answer (tf-conditions-precondition-stops and another) and ask for the word; one is typed
    // with a message for answer (tf-output-precondition-message) and asks for the value; the
    // others are choices.
    let out = temp("outcome-hint");
    let o = new_into(&out, &["--topic", "custom-conditions", "--count", "16", "--format", "md"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let md = read(&out.join("quiz.md"));
    assert_eq!(
        md.matches("Type the outcome in one word: pass, error, warning or deferred.")
            .count(),
        2,
        "{md}"
    );
    assert_eq!(md.matches("as terraform console prints it").count(), 1, "{md}");
    // The console hint is under the message question, not under an outcome one.
    let at = md
        .find("What error message does the output's precondition print?")
        .unwrap_or(usize::MAX);
    let hint = md.find("as terraform console prints it").unwrap_or(0);
    assert!(hint > at, "{md}");
}
