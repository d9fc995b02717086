//! `iacquiz bank draft` end to end: drafts of the seeds' own examples round-trip through
//! `iacquiz check --bank` (with the bundled lessons.yaml), their answers agree with the seeds and
//! with `iacquiz eval`, and bad input is refused with a located message and exit code 1 or 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

static N: AtomicUsize = AtomicUsize::new(0);

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_iacquiz"))
}

/// A fresh folder holding `files`.
fn folder(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let n = N.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("iacquiz-draft-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (name, text) in files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap_or(&dir)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

fn draft(dir: &Path, args: &[&str]) -> Output {
    bin()
        .current_dir(dir)
        .arg("bank")
        .arg("draft")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).to_string()
}

/// Puts a drafted file into a bank folder with the bundled lessons.yaml and runs check on it.
fn check_in_bank(engine: &str, yaml: &str) -> Output {
    let lessons = include_str!("../../questions/lessons.yaml");
    // The lessons carry their seed texts (quotes are checked against them) and the objectives.
    let bank = folder(
        "bank",
        &[
            ("lessons.yaml", lessons),
            ("objectives.yaml", include_str!("../../questions/objectives.yaml")),
            ("seeds/001.txt", include_str!("../../questions/seeds/001.txt")),
            ("seeds/002.txt", include_str!("../../questions/seeds/002.txt")),
            ("seeds/003.txt", include_str!("../../questions/seeds/003.txt")),
            (&format!("{engine}/draft.yaml"), yaml),
        ],
    );
    bin()
        .arg("check")
        .arg("--bank")
        .arg(&bank)
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The value of `key:` in a drafted question (one line).
fn field<'a>(yaml: &'a str, key: &str) -> Option<&'a str> {
    yaml.lines().find_map(|l| l.trim_start().strip_prefix(&format!("{key}: ")))
}

// Seed 001: `a = merge(local.base, local.override)   # tier = "premium"`.
const SEED_MERGE: &str = "locals {\n  base     = { team = \"data\", tier = \"standard\" }\n  override = { tier = \"premium\" }\n}\n";

#[test]
fn terraform_merge_draft_round_trips() {
    let dir = folder("merge", &[("main.tf", SEED_MERGE)]);
    let out = draft(
        &dir,
        &[
            "--expr",
            "merge(local.base, local.override)",
            "--config",
            "main.tf",
            "--prompt",
            "What does `merge(local.base, local.override)` return?",
            "--distractor",
            "{ team = \"data\" }",
            "--topic",
            "merge",
        ],
    );
    let yaml = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{yaml}{}", text(&out.stderr));
    assert!(yaml.contains("lesson: {seed: 001, section: 'merge() precedence'}"), "{yaml}");
    assert!(yaml.contains("misconceptions: [merge-first-wins"), "{yaml}");
    assert!(
        yaml.contains("docs: 'https://developer.hashicorp.com/terraform/language/functions/merge'"),
        "{yaml}"
    );
    assert!(
        field(&yaml, "quote").is_some_and(|q| q.starts_with("'merge() combines maps")),
        "{yaml}"
    );
    assert!(field(&yaml, "since").is_none(), "merge has not changed since 1.0: {yaml}");
    // The answer, as the seed says, and as `iacquiz eval` prints it.
    let answer = field(&yaml, "answer").unwrap_or_else(|| panic!("{yaml}"));
    assert_eq!(answer, r#"'{ "team" = "data", "tier" = "premium" }'"#);
    let hcl = answer.trim_matches('\'');
    let value = iacquiz::lang::session::constant(hcl).unwrap_or_else(|d| panic!("{d}"));
    let eval = bin()
        .args(["eval", "--config"])
        .arg(&dir)
        .arg("merge(local.base, local.override)")
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(text(&eval.stdout).trim_end(), iacquiz::lang::value::render::console(&value));
    let check = check_in_bank("terraform", &yaml);
    assert_eq!(check.status.code(), Some(0), "{}{}", text(&check.stdout), text(&check.stderr));
    assert!(text(&check.stdout).contains("1 passed"), "{}", text(&check.stdout));
}

#[test]
fn terraform_since_is_computed() {
    let cfg = "variable \"bucket\" {\n  type = object({\n    name    = string\n    logging = optional(bool, true)\n  })\n  default = { name = \"logs\", logging = null }\n}\n";
    let dir = folder("since", &[("main.tf", cfg)]);
    let out = draft(
        &dir,
        &[
            "--expr",
            "var.bucket.logging",
            "--config",
            "main.tf",
            "--kind",
            "input",
            "--prompt",
            "The caller passes `logging = null`. What is `var.bucket.logging`?",
        ],
    );
    let yaml = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{yaml}{}", text(&out.stderr));
    // Seed 001: "Passing logging = null gives true"; optional() defaults arrived in 1.3.
    assert_eq!(field(&yaml, "answer"), Some("'true'"), "{yaml}");
    assert_eq!(field(&yaml, "since"), Some("'1.3'"), "{yaml}");
    assert!(yaml.contains("section: 'optional() defaults'"), "{yaml}");
    let check = check_in_bank("terraform", &format!("topic: optional\nengine: terraform\nquestions:\n{yaml}"));
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
}

// Seed 002: "In the example, !GetAtt Logs.Arn becomes !GetAtt LogsBucket.Arn."
#[test]
fn cfnrain_draft_round_trips() {
    let parent = "Modules:\n  Logs:\n    Source: ./bucket.yaml\nResources:\n  Topic:\n    Type: AWS::SNS::Topic\n    Metadata:\n      Bucket: !GetAtt Logs.Arn\n";
    let module = "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\nOutputs:\n  Arn:\n    Value: !GetAtt Bucket.Arn\n";
    let dir = folder("cfn", &[("parent.yaml", parent), ("bucket.yaml", module)]);
    let out = draft(
        &dir,
        &[
            "--template",
            "parent.yaml",
            "--file",
            "bucket.yaml",
            "--select",
            "Resources.Topic.Metadata.Bucket",
            "--prompt",
            "The parent reads the module's Arn output with `!GetAtt Logs.Arn`. After packaging, what is `Resources.Topic.Metadata.Bucket`?",
            "--distractor",
            "!Ref LogsBucket",
            "--topic",
            "cfn-outputs",
        ],
    );
    let yaml = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{yaml}{}", text(&out.stderr));
    assert_eq!(field(&yaml, "answer"), Some("{Fn::GetAtt: [LogsBucket, Arn]}"), "{yaml}");
    assert!(yaml.contains("section: 'Outputs'"), "{yaml}");
    assert!(field(&yaml, "since").is_none() && field(&yaml, "docs").is_none(), "{yaml}");
    let check = check_in_bank("cfnrain", &yaml);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
}

// Seed 003: count = 2 gives the numbered slots file.slots[0] and file.slots[1].
#[test]
fn rivet_draft_round_trips() {
    let rvt =
        "file \"slots\" {\n  count   = 2\n  path    = \"/etc/rivet-slot-${count.index}\"\n  content = \"slot=${count.index}\\n\"\n}\n";
    let dir = folder("rivet", &[("main.rvt", rvt)]);
    let out = draft(
        &dir,
        &[
            "--rvt",
            "main.rvt",
            "--kind",
            "input",
            "--prompt",
            "Which instances does this configuration compile to?",
            "--topic",
            "rivet-numbered-slots",
        ],
    );
    let yaml = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{yaml}{}", text(&out.stderr));
    assert_eq!(field(&yaml, "answer"), Some("['file.slots[0]', 'file.slots[1]']"), "{yaml}");
    assert!(yaml.contains("misconceptions: [count-index-from-one"), "{yaml}");
    let check = check_in_bank("rivet", &yaml);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
}

#[test]
fn bad_input_is_refused_with_a_location() {
    let dir = folder("bad", &[("main.tf", SEED_MERGE)]);
    // An expression that does not parse: exit 1, located in the expression.
    let out = draft(&dir, &["--expr", "merge({ a = 1 }, ", "--prompt", "What is it?"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("--expr:1:"), "{}", text(&out.stderr));
    // A configuration that does not parse: located in its file.
    let broken = folder("broken", &[("main.tf", "locals {\n  x = [1,\n}\n")]);
    let out = draft(&broken, &["--expr", "local.x", "--config", "main.tf", "--prompt", "What is it?"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("main.tf:"), "{}", text(&out.stderr));
    // A missing file and a file outside the current folder: exit 2, naming the path.
    let out = draft(&dir, &["--expr", "local.x", "--config", "nope.tf", "--prompt", "What is it?"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("nope.tf: cannot read"), "{}", text(&out.stderr));
    let inner = folder("inner", &[("sub/x.tf", "locals {\n  x = 1\n}\n"), ("outside.tf", SEED_MERGE)]);
    let out = draft(
        &inner.join("sub"),
        &["--expr", "local.x", "--config", "../outside.tf", "--prompt", "What is it?"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("outside the current folder"), "{}", text(&out.stderr));
}

#[test]
fn untrue_drafts_are_refused() {
    let dir = folder("untrue", &[("main.tf", SEED_MERGE)]);
    let run = |args: &[&str]| {
        let mut all = vec!["--config", "main.tf"];
        all.extend_from_slice(args);
        draft(&dir, &all)
    };
    // An error question whose source gives a value.
    let out = run(&["--expr", "local.base.tier", "--kind", "error", "--prompt", "What happens?"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("must fail"), "{}", text(&out.stderr));
    // A choice question whose source fails.
    let out = run(&["--expr", "local.base.missing", "--prompt", "What is `local.base.missing`?"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--kind error"), "{}", text(&out.stderr));
    // A prompt stating a value that is not in the source.
    let out = run(&[
        "--expr",
        "local.override.tier",
        "--kind",
        "input",
        "--prompt",
        "The override sets tier to `\"gold\"`. What is `local.override.tier`?",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("nowhere in the source"), "{}", text(&out.stderr));
    // A prompt that gives the answer away.
    let out = run(&[
        "--expr",
        "upper(local.override.tier)",
        "--kind",
        "input",
        "--prompt",
        "Is it `\"PREMIUM\"`?",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("states the answer itself"), "{}", text(&out.stderr));
    // A true-or-false prompt that does not state its claim.
    let out = run(&[
        "--expr",
        "local.override.tier",
        "--kind",
        "truefalse",
        "--claim",
        "\"standard\"",
        "--prompt",
        "True or false: the override wins.",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("does not state the claim"), "{}", text(&out.stderr));
    // A typed answer that needs an escape (`"Hello, Ada!\n"`).
    let tpl = folder("tpl", &[("greet.tpl", "Hello, ${name}!\n")]);
    let out = draft(
        &tpl,
        &[
            "--expr",
            "templatefile(\"greet.tpl\", { name = \"Ada\" })",
            "--file",
            "greet.tpl",
            "--kind",
            "input",
            "--prompt",
            "What is it?",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("needs escapes"), "{}", text(&out.stderr));
    // The same statement with its claim in the prompt is drafted, and false.
    let out = run(&[
        "--expr",
        "merge(local.base, local.override).tier",
        "--kind",
        "truefalse",
        "--claim",
        "\"standard\"",
        "--prompt",
        "True or false: `merge(local.base, local.override).tier` is `\"standard\"`.",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(field(&text(&out.stdout), "answer"), Some("false"));
}

#[test]
fn a_draft_no_misconception_changes_is_drafted_with_a_warning() {
    let dir = folder("warn", &[]);
    let out = draft(&dir, &["--expr", "abs(-3)", "--kind", "input", "--prompt", "What is `abs(-3)`?"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("warning: no misconception of the catalogue changes this answer"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(field(&text(&out.stdout), "answer"), Some("'3'"));
}

#[test]
fn bank_list_and_coverage_still_work() {
    let out = bin().args(["bank", "--list"]).output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("ID"), "{}", text(&out.stdout));
    let out = bin().args(["bank", "--coverage"]).output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0));
    let help = bin().args(["bank", "draft", "--help"]).output().unwrap_or_else(|e| panic!("{e}"));
    assert!(text(&help.stdout).contains("Example (terraform)"), "{}", text(&help.stdout));
}
