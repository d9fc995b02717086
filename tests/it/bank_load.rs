//! Loading broken banks: each problem is reported at `file:line:column` with the question id,
//! `check` exits 2, and no input (however truncated) makes the loader panic.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use iacquiz::bank::load::files::SourceFile;
use iacquiz::bank::{Bank, LoadError};

const GOOD: &str = "topic: t
engine: terraform
questions:
  - id: q-one
    lesson: {seed: 001, section: S}
    prompt: p
    expr: 1 + 1
    kind: input
    answer: 2
    explain: e
    difficulty: 2
  - id: q-two
    lesson: {seed: 001, section: S}
    prompt: p {{n}}
    expr: '{{n}} * 2'
    kind: input
    explain: e
    difficulty: 3
    params:
      n: {min: 1, max: 4}
";

fn src(name: &str, text: &str) -> SourceFile {
    SourceFile {
        display: name.to_string(),
        rel: name.to_string(),
        in_root: name.to_string(),
        bytes: text.as_bytes().to_vec(),
    }
}

/// Loads one file and returns its problems (empty when it loads).
fn problems(text: &str) -> Vec<LoadError> {
    match Bank::from_sources(vec![src("t.yaml", text)]) {
        Ok(_) => Vec::new(),
        Err(e) => e.0,
    }
}

/// Asserts loading fails with one problem at `line` mentioning `needle` (and the id, if given).
fn fails_at(text: &str, line: usize, id: Option<&str>, needle: &str) {
    let ps = problems(text);
    let found = ps.iter().find(|p| p.message.contains(needle));
    let Some(p) = found else {
        panic!(
            "no problem mentioning {needle:?}; got:\n{}",
            ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n")
        )
    };
    assert_eq!(p.path, "t.yaml");
    assert_eq!(p.line, line, "{p}");
    assert!(p.column >= 1, "{p}");
    assert_eq!(p.id.as_deref(), id, "{p}");
    let shown = p.to_string();
    assert!(shown.starts_with(&format!("t.yaml:{line}:{}: ", p.column)), "{shown}");
}

#[test]
fn the_good_file_loads() {
    let bank = Bank::from_sources(vec![src("t.yaml", GOOD)]);
    let bank = match bank {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(bank.questions().len(), 2);
    assert_eq!(bank.questions()[1].origin.line, 12);
}

#[test]
fn unknown_field() {
    fails_at(
        &GOOD.replace(
            "    explain: e\n    difficulty: 2",
            "    explain: e\n    explian: x\n    difficulty: 2",
        ),
        11,
        Some("q-one"),
        "unknown field `explian`",
    );
    let ps = problems(&GOOD.replace("    difficulty: 2", "    difficulty: 2\n    promtp: x"));
    assert!(ps[0].message.contains("did you mean `prompt`"), "{}", ps[0]);
}

#[test]
fn duplicate_ids_name_the_first() {
    fails_at(&GOOD.replace("id: q-two", "id: q-one"), 12, Some("q-one"), "duplicate id");
    let two = Bank::from_sources(vec![src("a.yaml", GOOD), src("b.yaml", GOOD)]);
    let errs = match two {
        Err(e) => e.0,
        Ok(_) => panic!("duplicate ids across files load"),
    };
    assert!(
        errs.iter().any(|e| e.path == "b.yaml" && e.message.contains("a.yaml:4:5")),
        "{errs:?}"
    );
}

#[test]
fn missing_source() {
    fails_at(&GOOD.replace("    expr: 1 + 1\n", ""), 4, Some("q-one"), "missing source");
}

#[test]
fn params_that_do_not_instantiate() {
    fails_at(
        &GOOD.replace("prompt: p {{n}}", "prompt: p {{m}}"),
        14,
        Some("q-two"),
        "{{m}}, which is not a declared param",
    );
    fails_at(&GOOD.replace("n: {min: 1, max: 4}", "n: []"), 20, Some("q-two"), "empty");
    fails_at(
        &GOOD.replace("n: {min: 1, max: 4}", "n: {min: 4, max: 1}"),
        20,
        Some("q-two"),
        "bad range",
    );
    fails_at(
        &GOOD.replace("n: {min: 1, max: 4}", "n: {min: 1, max: x}"),
        20,
        Some("q-two"),
        "must be an integer",
    );
    fails_at(
        &GOOD.replace("n: {min: 1, max: 4}", "n: {min: 1, max: 4}\n      unused: [a]"),
        21,
        Some("q-two"),
        "never used",
    );
}

#[test]
fn yaml_syntax_error() {
    let ps = problems("topic: t\nquestions:\n  - id: a\n\tprompt: x\n");
    assert_eq!(ps.len(), 1);
    assert_eq!((ps[0].line, ps[0].column), (4, 1), "{}", ps[0]);
    assert!(ps[0].message.contains("tab"), "{}", ps[0]);
    let ps = problems("topic: [t\n");
    assert_eq!(ps.len(), 1);
    assert!(ps[0].line >= 1);
}

#[test]
fn bad_kind_engine_difficulty() {
    fails_at(
        &GOOD.replace("kind: input\n    answer: 2", "kind: chioce\n    answer: 2"),
        8,
        Some("q-one"),
        "unknown variant `chioce`",
    );
    fails_at(
        &GOOD.replace("engine: terraform", "engine: pulumi"),
        2,
        None,
        "unknown variant `pulumi`",
    );
    fails_at(
        &GOOD.replace("difficulty: 2", "difficulty: 6"),
        11,
        Some("q-one"),
        "difficulty must be 1 (easy) to 5 (hard), got 6",
    );
    fails_at(
        &GOOD.replace("difficulty: 2", "difficulty: hard"),
        11,
        Some("q-one"),
        "invalid type",
    );
}

#[test]
fn kind_specific_fields() {
    fails_at(
        &GOOD.replace("kind: input\n    answer: 2", "kind: error\n    answer: 2"),
        9,
        Some("q-one"),
        "error's summary",
    );
    fails_at(
        &GOOD.replace("answer: 2", "answer: 2\n    claim: 2"),
        10,
        Some("q-one"),
        "only for truefalse",
    );
    fails_at(
        &GOOD.replace("kind: input\n    answer: 2", "kind: truefalse\n    answer: 2\n    distractors: [1]"),
        10,
        Some("q-one"),
        "takes no distractors",
    );
    fails_at(
        &GOOD.replace("kind: input\n    answer: 2", "kind: truefalse\n    answer: 2"),
        9,
        Some("q-one"),
        "true or false",
    );
    fails_at(
        &GOOD.replace("answer: 2", "answer: 2\n    distractors: [{why: x}]"),
        10,
        Some("q-one"),
        "needs `value:` or `error:`",
    );
}

#[test]
fn lesson_sections_are_checked_against_the_catalogue() {
    let cat = "lessons:\n  - seed: 1\n    title: T\n    engine: terraform\n    sections: [Sorting things]\n";
    let r = Bank::from_sources(vec![
        src("lessons.yaml", cat),
        src("t.yaml", &GOOD.replace("section: S}", "section: Sorting thing}")),
    ]);
    let errs = match r {
        Err(e) => e.0,
        Ok(_) => panic!("unknown section loads"),
    };
    assert!(
        errs.iter()
            .any(|e| e.line == 5 && e.message.contains("did you mean \"Sorting things\"")),
        "{errs:?}"
    );
    let ok = Bank::from_sources(vec![
        src("lessons.yaml", cat),
        src("t.yaml", &GOOD.replace("section: S}", "section: Sorting things}")),
    ]);
    assert!(ok.is_ok());
}

#[test]
fn a_question_under_the_wrong_engine_is_refused_field_by_field() {
    let text = GOOD.replace("engine: terraform", "engine: rivet");
    let ps = problems(&text);
    assert!(
        ps.iter()
            .any(|p| p.line == 7 && p.message.contains("`expr` is not a field of rivet questions")),
        "{ps:?}"
    );
    assert!(
        ps.iter()
            .any(|p| p.message.contains("a rivet question needs `files` with at least one .rvt file")),
        "{ps:?}"
    );
    let text = GOOD.replace("engine: terraform", "engine: cfnrain");
    let ps = problems(&text);
    assert!(
        ps.iter().any(|p| p.message.contains("a cfnrain question needs `template`")),
        "{ps:?}"
    );
}

#[test]
fn every_bundled_file_truncated_sparsely_never_panics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("questions/terraform");
    for e in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        let text = std::fs::read(e.path()).unwrap_or_default();
        for cut in (0..=text.len()).step_by(31) {
            let f = SourceFile {
                display: "x.yaml".into(),
                rel: "x.yaml".into(),
                in_root: "terraform/x.yaml".into(),
                bytes: text[..cut].to_vec(),
            };
            let _ = Bank::from_sources(vec![f]);
        }
    }
}

#[test]
fn truncated_files_never_panic() {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("questions/terraform/merge.yaml");
    let text = std::fs::read(&bundled).unwrap_or_else(|_| GOOD.as_bytes().to_vec());
    for cut in 0..=text.len() {
        let f = SourceFile {
            display: "x.yaml".into(),
            rel: "x.yaml".into(),
            in_root: "terraform/x.yaml".into(),
            bytes: text[..cut].to_vec(),
        };
        // Must return (Ok or a list of located problems), never panic.
        if let Err(e) = Bank::from_sources(vec![f]) {
            assert!(!e.0.is_empty());
            for p in &e.0 {
                assert_eq!(p.path, "x.yaml");
                assert!(!p.message.is_empty());
            }
        }
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn temp_dir(tag: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let d = std::env::temp_dir().join(format!("iacquiz-bank-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::create_dir_all(&d);
    d
}

fn iacquiz(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_iacquiz")).args(args).output();
    match out {
        Ok(o) => (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into(),
            String::from_utf8_lossy(&o.stderr).into(),
        ),
        Err(e) => panic!("cannot run iacquiz: {e}"),
    }
}

#[test]
fn broken_bank_exits_2_with_position_and_id() {
    let d = temp_dir("broken");
    let _ = std::fs::create_dir_all(d.join("terraform"));
    let _ = std::fs::write(d.join("terraform/t.yaml"), GOOD.replace("difficulty: 3", "difficulty: 0"));
    let dir = d.display().to_string();
    for cmd in [vec!["check", "--bank", &dir], vec!["bank", "--list", "--bank", &dir]] {
        let (code, out, err) = iacquiz(&cmd);
        assert_eq!(code, 2, "{out}{err}");
        let at = d.join("terraform/t.yaml").display().to_string();
        assert!(err.contains(&format!("{at}:18:5: question `q-two`: difficulty must be 1")), "{err}");
    }
    let (code, _, err) = iacquiz(&["check", "--bank", &d.join("missing").display().to_string()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot open the bank folder"), "{err}");
    let empty = d.join("empty");
    let _ = std::fs::create_dir_all(&empty);
    let (code, _, err) = iacquiz(&["check", "--bank", &empty.display().to_string()]);
    assert_eq!(code, 2);
    assert!(err.contains("no bank files here"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[cfg(unix)]
#[test]
fn symlinks_out_of_the_bank_are_refused() {
    let outside = temp_dir("outside");
    let _ = std::fs::write(outside.join("secret.yaml"), GOOD);
    let d = temp_dir("links");
    let _ = std::fs::write(d.join("own.yaml"), GOOD.replace("q-", "own-"));
    let _ = std::os::unix::fs::symlink(outside.join("secret.yaml"), d.join("escape.yaml"));
    let _ = std::os::unix::fs::symlink(&outside, d.join("escape-dir"));
    let errs = match Bank::load_dirs(std::slice::from_ref(&d)) {
        Err(e) => e.0,
        Ok(_) => panic!("a symlink out of the bank was followed"),
    };
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs.iter().all(|e| e.message.contains("leads out of the bank folder")), "{errs:?}");
    // A symlink that stays inside is fine.
    let _ = std::fs::remove_file(d.join("escape.yaml"));
    let _ = std::fs::remove_file(d.join("escape-dir"));
    let _ = std::fs::create_dir_all(d.join("sub"));
    let _ = std::fs::write(d.join("sub/real.yaml"), GOOD);
    let _ = std::os::unix::fs::symlink(d.join("sub/real.yaml"), d.join("inside.yml"));
    let r = Bank::load_dirs(std::slice::from_ref(&d));
    let errs = match r {
        Err(e) => e.0,
        Ok(_) => panic!("the inside symlink should duplicate ids"),
    };
    assert!(errs.iter().all(|e| e.message.contains("duplicate id")), "{errs:?}");
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::remove_dir_all(&outside);
}

#[test]
fn several_bank_folders_load_together() {
    let a = temp_dir("multi-a");
    let b = temp_dir("multi-b");
    let _ = std::fs::write(a.join("one.yaml"), GOOD);
    let _ = std::fs::create_dir_all(b.join("terraform/deeper"));
    let _ = std::fs::write(b.join("terraform/deeper/two.yml"), GOOD.replace("q-", "b-"));
    let _ = std::fs::write(b.join("terraform/notes.txt"), "not a bank file");
    let bank = match Bank::load_dirs(&[a.clone(), b.clone()]) {
        Ok(bank) => bank,
        Err(e) => panic!("{e}"),
    };
    let ids: Vec<&str> = bank.questions().iter().map(|q| q.id.as_str()).collect();
    assert_eq!(ids, ["q-one", "q-two", "b-one", "b-two"]);
    let q = &bank.questions()[2];
    assert_eq!(q.origin.rel, "terraform/deeper/two.yml");
    assert_eq!(q.origin.path, b.join("terraform/deeper/two.yml").display().to_string());
    let (code, out, _) = iacquiz(&["check", "--bank", &a.display().to_string(), "--bank", &b.display().to_string()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("check: 4 questions, 4 passed, 0 failed"), "{out}");
    let _ = std::fs::remove_dir_all(&a);
    let _ = std::fs::remove_dir_all(&b);
}

#[test]
fn hostile_yaml_is_refused_quickly() {
    let start = std::time::Instant::now();
    let deep = format!("topic: t\nquestions: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let ps = problems(&deep);
    assert!(
        ps.len() == 1 && ps[0].message.contains("nest too deeply") && ps[0].line == 2,
        "{ps:?}"
    );
    let mut anchors = vec![r#"&a0 ["x","x","x","x","x","x","x","x","x","x"]"#.to_string()];
    for i in 1..9 {
        anchors.push(format!("&a{i} [{}]", vec![format!("*a{}", i - 1); 10].join(",")));
    }
    let bomb = GOOD.replace(
        "    answer: 2\n",
        &format!("    answer: 2\n    distractors: [{}]\n", anchors.join(", ")),
    );
    let ps = problems(&bomb);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
}
