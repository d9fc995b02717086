//! `check` over the bundled bank and over altered copies of it, in every format, and the
//! instance API (correct answers, choices) the quiz will use.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use iacquiz::bank::check::check_bank;
use iacquiz::bank::load::files::SourceFile;
use iacquiz::bank::{Bank, Kind};
use iacquiz::lang::{Rule, Rules};

fn bundled() -> Bank {
    match Bank::load_embedded() {
        Ok(b) => b,
        Err(e) => panic!("the bundled bank does not load:\n{e}"),
    }
}

#[test]
fn every_bundled_question_passes_check() {
    let bank = bundled();
    let r = check_bank(&bank);
    let failing: Vec<String> = r
        .questions
        .iter()
        .filter(|q| !q.passed())
        .map(|q| format!("{}:{}: {}: {}", q.origin.path, q.origin.line, q.id, q.problems.join("; ")))
        .collect();
    assert!(failing.is_empty(), "failing bundled questions:\n{}", failing.join("\n"));
}

#[test]
fn the_bundled_bank_is_big_and_varied_enough() {
    let bank = bundled();
    let qs = bank.questions();
    assert!(qs.len() >= 30, "{} questions", qs.len());
    for k in [Kind::Choice, Kind::Input, Kind::Error, Kind::Truefalse] {
        assert!(qs.iter().filter(|q| q.kind == k).count() >= 3, "fewer than 3 {k} questions");
    }
    assert!(qs.iter().filter(|q| q.is_parameterised()).count() >= 5);
    assert!(
        qs.iter()
            .all(|q| q.origin.path.starts_with(&format!("questions/{}/", q.engine.name())))
    );
    for engine in iacquiz::bank::Engine::ALL {
        let of = |k: Kind| qs.iter().filter(|q| q.engine == engine && q.kind == k).count();
        assert!(
            of(Kind::Choice) >= 1 && of(Kind::Input) >= 1 && of(Kind::Error) >= 1,
            "{engine}: a choice, an input and an error question at least"
        );
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A copy of the bundled bank in a fresh temporary folder.
fn copy_of_bank(tag: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dst = std::env::temp_dir().join(format!("iacquiz-check-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dst);
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("questions"), &dst);
    dst
}

fn copy_dir(from: &Path, to: &Path) {
    let _ = std::fs::create_dir_all(to);
    for e in std::fs::read_dir(from).into_iter().flatten().flatten() {
        let p = e.path();
        let t = to.join(e.file_name());
        if p.is_dir() {
            copy_dir(&p, &t);
        } else {
            let _ = std::fs::copy(&p, &t);
        }
    }
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    let _ = std::fs::write(path, text.replacen(from, to, 1));
}

/// Like `edit`, inside the question `id` (the first match after its `id:` line).
fn edit_in(path: &Path, id: &str, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let start = text
        .find(&format!("id: {id}\n"))
        .unwrap_or_else(|| panic!("{} has no question {id}", path.display()));
    let at = text[start..].find(from).map(|i| start + i);
    let Some(at) = at else {
        panic!("{id} in {} has no {from:?}", path.display())
    };
    let _ = std::fs::write(path, format!("{}{to}{}", &text[..at], &text[at + from.len()..]));
}

fn iacquiz(args: &[&str]) -> (i32, String, String) {
    match Command::new(env!("CARGO_BIN_EXE_iacquiz")).args(args).output() {
        Ok(o) => (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into(),
            String::from_utf8_lossy(&o.stderr).into(),
        ),
        Err(e) => panic!("cannot run iacquiz: {e}"),
    }
}

#[test]
fn check_exits_0_on_the_bundled_bank_from_any_folder() {
    let out = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .arg("check")
        .current_dir(std::env::temp_dir())
        .output();
    let Ok(out) = out else { panic!("cannot run iacquiz") };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
}

#[test]
fn an_altered_answer_fails_check_naming_the_question() {
    let d = copy_of_bank("altered");
    let file = d.join("terraform/merge.yaml");
    edit(&file, "answer: '\"standard\"'", "answer: '\"premium\"'");
    let dir = d.display().to_string();
    let (code, out, err) = iacquiz(&["check", "--bank", &dir]);
    assert_eq!(code, 1, "{out}{err}");
    let failing: Vec<&str> = out.lines().filter(|l| !l.starts_with("check:")).collect();
    assert_eq!(failing.len(), 1, "{out}");
    let line = failing[0];
    assert!(line.starts_with(&format!("{}:", file.display())), "{line}");
    assert!(line.contains("tf-merge-argument-order: stated answer differs"), "{line}");
    assert!(line.contains("answer says \"premium\", the engine gives \"standard\""), "{line}");
    assert!(out.contains(" 1 failed"), "{out}");

    let (code, out, _) = iacquiz(&["check", "--bank", &dir, "--format", "json"]);
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(j["failed"], 1);
    assert_eq!(j["passed"].as_u64().unwrap_or(0) + 1, j["total"].as_u64().unwrap_or(0));
    let q = j["questions"]
        .as_array()
        .and_then(|qs| qs.iter().find(|q| q["status"] == "fail"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(q["id"], "tf-merge-argument-order");
    assert_eq!(q["engine"], "terraform");
    assert_eq!(q["topic"], "merge");
    assert_eq!(q["kind"], "input");
    assert!(q["distractors"].is_u64());
    assert!(q["problems"][0].as_str().unwrap_or("").contains("stated answer differs"));

    let (code, out, _) = iacquiz(&["check", "--bank", &dir, "--format", "junit"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("<?xml"));
    assert!(out.contains("<testsuite name=\"iacquiz\" tests=\""));
    assert!(out.contains("failures=\"1\""));
    assert!(out.contains("<testcase classname=\"merge\" name=\"tf-merge-argument-order\">\n      <failure message=\"stated answer differs: answer says &quot;premium&quot;"));
    assert_eq!(out.matches("<testcase ").count(), j["total"].as_u64().unwrap_or(0) as usize);

    // The annotation points at the question, wherever the file puts it.
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let line_no = text
        .lines()
        .position(|l| l.contains("id: tf-merge-argument-order"))
        .map_or(0, |i| i + 1);
    let (code, out, _) = iacquiz(&["check", "--bank", &dir, "--format", "github"]);
    assert_eq!(code, 1);
    let ann: Vec<&str> = out.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(ann.len(), 1, "{out}");
    assert!(
        ann[0].starts_with(&format!(
            "::error file=terraform/merge.yaml,line={line_no}::tf-merge-argument-order: stated answer differs"
        )),
        "{}",
        ann[0]
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn kind_mismatches_and_bad_choices_fail() {
    let d = copy_of_bank("kinds");
    let idx = d.join("terraform/indexing.yaml");
    // An error question whose source no longer fails.
    edit(&idx, "expr: '[\"x\", \"y\", \"z\"][3]'", "expr: '[\"x\", \"y\", \"z\"][2]'");
    // A distractor equal to the right answer (a tuple for a list: still the same answer).
    edit(&idx, "      - value: [gamma, delta, epsilon]\n", "      - value: [gamma, delta]\n");
    let ord = d.join("terraform/ordering.yaml");
    // Two distractors rendering the same.
    edit(&ord, "      - value: [gold, silver, bronze]\n", "      - value: [z, m, b]\n");
    let fb = d.join("terraform/absence.yaml");
    // A stated error summary that differs.
    edit_in(
        &fb,
        "tf-null-check-does-not-help",
        "answer: Unsupported attribute",
        "answer: Invalid index",
    );
    // A value question whose source fails.
    edit_in(
        &fb,
        "tf-try-missing-section",
        "expr: try(local.cfg.backup.window_hours, 4)",
        "expr: local.cfg.backup.window_hours",
    );
    let bank = match Bank::load_dirs(std::slice::from_ref(&d)) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let r = check_bank(&bank);
    let problems = |id: &str| {
        r.questions
            .iter()
            .find(|q| q.id == id)
            .map(|q| q.problems.join(" | "))
            .unwrap_or_default()
    };
    assert!(
        problems("tf-index-out-of-range").contains("must fail, but it gives \"z\""),
        "{}",
        problems("tf-index-out-of-range")
    );
    let p = problems("tf-slice-end-exclusive");
    assert!(p.contains("distractor 1 ([\"gamma\", \"delta\"]) equals the right answer"), "{p}");
    // The engine adds the answers misconceptions give (here slice-end-inclusive), so the
    // author's broken list does not leave the question short of distractors.
    assert!(!p.contains("at least 3 distinct distractors"), "{p}");
    let p = problems("tf-keys-lexical");
    assert!(p.contains("renders identically to distractor 1"), "{p}");
    let p = problems("tf-null-check-does-not-help");
    assert!(
        p.contains("stated error differs: answer says \"Invalid index\", the engine fails with \"Unsupported attribute\""),
        "{p}"
    );
    let p = problems("tf-try-missing-section");
    assert!(p.contains("the source fails with \"Unsupported attribute\""), "{p}");
    assert_eq!(
        r.failed(),
        5,
        "{:?}",
        r.questions.iter().filter(|q| !q.passed()).map(|q| &q.id).collect::<Vec<_>>()
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn answers_compare_semantically() {
    let q = |answer: &str, strict: bool| {
        let text = format!(
            "topic: t\nquestions:\n  - id: q\n    engine: terraform\n    lesson: {{seed: 1, section: S}}\n    prompt: p\n    expr: 'tolist([\"110\", \"25\"])'\n    kind: input\n    answer: {answer}\n    strict_types: {strict}\n    explain: e\n    difficulty: 1\n"
        );
        let bank = match Bank::from_sources(vec![SourceFile {
            display: "t.yaml".into(),
            rel: "t.yaml".into(),
            in_root: "t.yaml".into(),
            bytes: text.into_bytes(),
        }]) {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        check_bank(&bank).questions[0].problems.join(" | ")
    };
    assert_eq!(q(r#"["110", "25"]"#, false), "");
    assert_eq!(q(r#"'tolist(["110", "25"])'"#, true), "");
    assert!(q(r#"["110", "25"]"#, true).contains("author has a tuple, engine a list (strict_types)"));
    let p = q("[110, 25]", false);
    assert!(p.contains("at [0]: author has a number 110, engine a string \"110\""), "{p}");
    let p = q(r#"'toset(["110", "25"])'"#, false);
    assert!(p.contains("a set is never the same answer as a list"), "{p}");
    let p = q("nonsense", false);
    assert!(p.contains("is not a constant value") && p.contains("HCL quotes"), "{p}");
}

#[test]
fn instances_give_answers_and_shuffled_choices() {
    let bank = bundled();
    let Some(q) = bank.get("tf-sort-numbers-lexical") else {
        panic!("question missing")
    };
    let inst = q.instantiate(0);
    let correct = match inst.correct_answer() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(correct.text, r#"tolist(["110", "25", "3306", "5432"])"#);
    let choices = inst.choices(7);
    let wrong = choices.len() - 1;
    assert!(
        (iacquiz::bank::instance::MIN_WRONG..iacquiz::bank::instance::MAX_CHOICES).contains(&wrong),
        "{wrong} wrong choices"
    );
    assert!(
        choices.iter().any(|c| c.misconception.as_deref() == Some("sort-numeric")),
        "the sort-numeric misconception's answer is a choice"
    );
    assert_eq!(choices.iter().filter(|c| c.correct).count(), 1);
    assert!(choices.iter().filter(|c| !c.correct).all(|c| c.why.is_some()));
    assert_eq!(inst.choices(7), choices, "same seed, same order");
    let orders: std::collections::BTreeSet<Vec<String>> = (0..20).map(|s| inst.choices(s).into_iter().map(|c| c.text).collect()).collect();
    assert!(orders.len() > 1, "choices are never shuffled");
    // A misconception's rules evaluate the same source differently.
    let wrong = match inst.evaluate(&Rules::with(Rule::SortLexical)) {
        Ok(e) => e.computed.one_line(),
        Err(e) => panic!("{e}"),
    };
    assert_ne!(wrong, correct.text);

    // Tuple distractors are shown as lists when the answer is a list.
    let Some(q) = bank.get("tf-cidrsubnets-align") else {
        panic!("question missing")
    };
    let texts: Vec<String> = q.instantiate(0).choices(1).into_iter().map(|c| c.text).collect();
    // (a set-rendered choice is the deliberate list-vs-set confusion the engine adds)
    assert!(
        texts.iter().all(|t| t.starts_with("tolist([") || t.starts_with("toset([")),
        "{texts:?}"
    );
    assert!(texts.iter().filter(|t| t.starts_with("toset([")).count() <= 1, "{texts:?}");
    let (_, confusions) = q.instantiate(0).engine_wrong_answers();
    assert!(
        confusions.iter().any(|w| w.text.starts_with("toset([")),
        "the list-vs-set confusion is among the engine's type confusions"
    );

    // Parameters are drawn per seed and substituted everywhere, and the answer follows.
    let Some(q) = bank.get("tf-cidrsubnet-third-octet") else {
        panic!("question missing")
    };
    let a = q.instantiate(1);
    let n = a.values.get("n").cloned().unwrap_or_default();
    assert!(a.prompt.contains(&format!("8, {n})")), "{}", a.prompt);
    assert_eq!(
        a.correct_answer().map(|c| c.text).unwrap_or_default(),
        format!("\"10.40.{n}.0/24\"")
    );
    assert_eq!(q.instantiate(1).values, a.values);
    let drawn: std::collections::BTreeSet<String> = (0..10).map(|s| q.instantiate(s).values["n"].clone()).collect();
    assert!(drawn.len() > 1);

    // truefalse: two choices, exactly one right.
    let Some(q) = bank.get("tf-sort-claim-numeric") else {
        panic!("question missing")
    };
    let c = q.instantiate(0).choices(0);
    assert_eq!(
        c.iter().map(|c| (c.text.as_str(), c.correct)).collect::<Vec<_>>(),
        [("true", false), ("false", true)]
    );
}

#[test]
fn bank_list_and_coverage() {
    let (code, out, _) = iacquiz(&["bank", "--list"]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    let head = lines.next().unwrap_or("");
    assert!(
        head.starts_with("ID") && head.contains("TOPIC") && head.contains("KIND") && head.ends_with("DIFFICULTY"),
        "{head}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("tf-merge-later-wins ") && l.contains(" merge ") && l.contains(" choice ") && l.ends_with('1')),
        "{out}"
    );

    let (code, out, _) = iacquiz(&["bank", "--coverage"]);
    assert_eq!(code, 0);
    assert!(out.contains("Questions by topic"), "{out}");
    // The merge topic's count is the number of questions in its bundled file.
    let merge_file = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/questions/terraform/merge.yaml")).unwrap_or_default();
    let merge_count = merge_file.lines().filter(|l| l.starts_with("  - id: ")).count();
    assert!(merge_count > 0);
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("merge ") && l.split_whitespace().last() == Some(merge_count.to_string().as_str())),
        "{out}"
    );
    assert!(out.contains("Questions by lesson section"), "{out}");
    assert!(out.lines().any(|l| l.contains("Collection ordering")), "{out}");
    assert!(out.lines().any(|l| l.contains("Named instances")), "{out}");
    // Every section the library counts no question for shows as a gap.
    let bank = bundled();
    for (section, n) in iacquiz::bank::check::coverage::coverage(&bank).sections {
        let line = out.lines().find(|l| l.trim_start().starts_with(&format!("{} ", section.section)));
        let gap = line.is_some_and(|l| l.contains("<- no questions yet"));
        assert_eq!(gap, n == 0, "{}: {n} questions, line {line:?}", section.section);
    }
}

#[test]
fn a_stated_since_is_held_to_the_release_the_engine_computes() {
    let d = copy_of_bank("since");
    // Provider-defined functions parse from Terraform 1.8 (CHANGELOG v1.8.0); 1.5 is untrue.
    let file = d.join("terraform/providers.yaml");
    edit_in(&file, "tf-providers-purity-pin-before-540", "since: \"1.8\"", "since: \"1.5\"");
    let bank = match Bank::load_dirs(std::slice::from_ref(&d)) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let r = check_bank(&bank);
    let failed: Vec<&str> = r.questions.iter().filter(|q| !q.passed()).map(|q| q.id.as_str()).collect();
    assert_eq!(failed, ["tf-providers-purity-pin-before-540"]);
    let p = r
        .questions
        .iter()
        .find(|q| q.id == "tf-providers-purity-pin-before-540")
        .map(|q| q.problems.join(" | "));
    let p = p.unwrap_or_default();
    assert!(
        p.contains("stated since differs: since says 1.5") && p.contains("from Terraform 1.8 on"),
        "{p}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
