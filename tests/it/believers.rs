//! Misconception distractors are what a believer would answer: figures per engine, the
//! quarter rule on how widely one misconception is used, and no artefact errors.

use std::collections::BTreeMap;

use iacquiz::bank::Bank;
use iacquiz::bank::check::check_bank;
use iacquiz::bank::engine::Computed;
use iacquiz::bank::model::{Engine, Kind};

fn bank() -> Bank {
    Bank::load_embedded().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
#[ignore]
fn report_believers() {
    let bank = bank();
    for engine in [Engine::Terraform, Engine::Cfnrain, Engine::Rivet] {
        let qs: Vec<_> = bank.questions().iter().filter(|q| q.engine == engine).collect();
        let (mut choice_qs, mut shown, mut from_m, mut one, mut two) = (0, 0, 0, 0, 0);
        let mut listed: BTreeMap<String, usize> = BTreeMap::new();
        let mut yields: BTreeMap<String, usize> = BTreeMap::new();
        let mut either: BTreeMap<String, usize> = BTreeMap::new();
        for q in &qs {
            let inst = q.instantiate(0);
            let choices = inst.choices(0);
            if q.kind == Kind::Choice {
                choice_qs += 1;
                shown += choices.iter().filter(|c| !c.correct).count();
                let m = choices.iter().filter(|c| c.misconception.is_some()).count();
                from_m += m;
                one += usize::from(m >= 1);
                two += usize::from(m >= 2);
            }
            let mut here: Vec<String> = q.misconceptions.clone();
            for id in &q.misconceptions {
                *listed.entry(id.clone()).or_default() += 1;
            }
            for c in &choices {
                if let Some(id) = &c.misconception {
                    *yields.entry(id.clone()).or_default() += 1;
                    here.push(id.clone());
                }
            }
            here.sort();
            here.dedup();
            for id in here {
                *either.entry(id).or_default() += 1;
            }
            let real = inst.real().map(|e| e.computed.clone());
            if let Ok(real) = real {
                for w in inst.engine_wrong_answers().0 {
                    if let (Ok(Computed::Error(e)), false) = (&w.answer, matches!(real, Computed::Error(_))) {
                        let shown_here = choices.iter().any(|c| c.text == w.text);
                        eprintln!(
                            "ARTEFACT? {} {} [{}] shown={} -> {}",
                            q.id,
                            w.misconception.clone().unwrap_or_default(),
                            q.kind.name(),
                            shown_here,
                            e.summary
                        );
                    }
                }
            }
        }
        eprintln!(
            "== {engine}: questions {}, choice {choice_qs}, distractors shown {shown}, from misconceptions {from_m} ({:.2} per choice question); choice questions with one or more {one}, two or more {two}",
            qs.len(),
            from_m as f64 / choice_qs.max(1) as f64
        );
        for (id, n) in &either {
            eprintln!(
                "   {id:40} listed {:3} shown {:3} either {n:3} ({:.0}%)",
                listed.get(id).unwrap_or(&0),
                yields.get(id).unwrap_or(&0),
                100.0 * *n as f64 / qs.len() as f64
            );
        }
    }
}

#[test]
#[ignore]
fn dump_question() {
    let Ok(ids) = std::env::var("BELIEVERS_Q") else { return };
    let bank = bank();
    for id in ids.split(',') {
        let Some(q) = bank.questions().iter().find(|q| q.id == id) else {
            continue;
        };
        let inst = q.instantiate(0);
        eprintln!("### {id} [{}] listed {:?}", q.kind.name(), q.misconceptions);
        if let Ok(r) = inst.real() {
            eprintln!("  real: {}", r.computed.console().replace('\n', "\n        "));
        }
        for w in inst.engine_wrong_answers().0 {
            let detail = match &w.answer {
                Ok(c) => c.console().replace('\n', "\n        "),
                Err(e) => e.summary.clone(),
            };
            eprintln!("  {}: {}", w.misconception.unwrap_or_default(), detail);
        }
        for c in inst.choices(0) {
            eprintln!(
                "  choice{} {} [{}]",
                if c.correct { "*" } else { " " },
                c.text,
                c.misconception.unwrap_or_default()
            );
        }
    }
}

/// A one-file cfnrain bank in a fresh folder, the question selecting `select`.
fn cfn_bank(tag: &str, select: &str) -> Bank {
    let dir = std::env::temp_dir().join(format!("iacquiz-believers-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cfnrain")).unwrap_or_else(|e| panic!("{e}"));
    let text = format!(
        r#"topic: cfn-overrides
engine: cfnrain
questions:
  - id: cfn-null-override
    lesson: {{seed: "002", section: Overrides}}
    prompt: The parent overrides ObjectLockEnabled with null. What is the packaged value?
    template: |
      Modules:
        Logs:
          Source: ./bucket.yaml
          Overrides:
            Bucket:
              Properties:
                ObjectLockEnabled: null
    files:
      bucket.yaml: |
        Resources:
          Bucket:
            Type: AWS::S3::Bucket
            Properties:
              BucketName: logs
              ObjectLockEnabled: true
    select: {select}
    kind: input
    explain: A null in an override is a scalar and replaces the module's value.
    misconceptions: [override-can-remove]
    difficulty: 2
"#
    );
    std::fs::write(dir.join("cfnrain/q.yaml"), text).unwrap_or_else(|e| panic!("{e}"));
    let bank = Bank::load_dirs(std::slice::from_ref(&dir)).unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_dir_all(&dir);
    bank
}

#[test]
fn check_refuses_an_error_distractor_that_only_the_selection_causes() {
    // Selecting the property itself: under override-can-remove the property is gone, so the
    // flipped packaging "answers" not in the template, an error about the selection.
    let bad = check_bank(&cfn_bank("bad", "Resources.LogsBucket.Properties.ObjectLockEnabled"));
    let problems = bad.questions[0].problems.join("\n");
    assert!(
        problems.contains("\"override-can-remove\" gives `Error: not in the template` only because the selection"),
        "{problems}"
    );
    // Selecting the enclosing Properties: the believer's answer is the map without the key.
    let good = check_bank(&cfn_bank("good", "Resources.LogsBucket.Properties"));
    assert!(good.questions[0].passed(), "{}", good.questions[0].problems.join("\n"));
}

#[test]
fn no_bundled_question_has_a_selection_artefact() {
    let bank = bank();
    let mut found = Vec::new();
    for q in bank.questions() {
        // Every question once, and parameterised ones under several draws.
        let seeds = if q.is_parameterised() { 0..16 } else { 0..1 };
        for seed in seeds {
            for p in iacquiz::bank::check::believers::selection_artefacts(&q.instantiate(seed)) {
                found.push(format!("{} (seed {seed}): {p}", q.id));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The misconceptions the bank's judgement of `typed` names for the bundled question `id`.
fn judged(id: &str, typed: &str) -> Vec<String> {
    let bank = bank();
    let q = bank.get(id).unwrap_or_else(|| panic!("no question {id}"));
    let v = q.instantiate(0).judge(typed).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert!(!v.correct, "{id}: {typed} is judged right");
    v.misconceptions.into_iter().map(|(m, _)| m).collect()
}

#[test]
fn cfnrain_believers_answers_name_their_misconception() {
    // The believer in unprefixed IDs reads Resources.LogsPolicy as the module's Policy and
    // answers with the reference they expect there.
    assert_eq!(
        judged("cfn-ref-inside-the-module-is-renamed", "{Ref: Bucket}"),
        ["no-logical-id-prefix"]
    );
    assert_eq!(
        judged("cfn-sub-variables-are-renamed", "{Fn::Sub: 'arn:aws:s3:::${Bucket}/*'}"),
        ["no-logical-id-prefix"]
    );
    // Both beliefs give this answer, and both are named.
    assert_eq!(
        judged("cfn-dependson-is-prefixed", "Bucket"),
        ["dependson-not-prefixed", "no-logical-id-prefix"]
    );
    // The two override questions teach one rule: values are resolved in the module, DependsOn
    // entries are appended as written; each opposite belief has its own name.
    assert_eq!(
        judged("cfn-override-adds-to-dependson", "[LogsBucket, LogsTopic]"),
        ["override-dependson-renamed"]
    );
    assert_eq!(
        judged(
            "cfn-override-values-use-module-names",
            "[{Name: StorageType, Value: AllStorageTypes}, {Name: BucketName, Value: !Ref Bucket}]"
        ),
        ["override-values-keep-parent-names", "no-logical-id-prefix"]
    );
    // "not in the template" is nobody's belief about these questions any more.
    assert!(judged("cfn-ref-inside-the-module-is-renamed", "not in the template").is_empty());
}

#[test]
fn rivet_believers_answers_name_their_misconception() {
    // file.slots[0] is the first slot, which the from-one believer numbers 1.
    assert_eq!(judged("rivet-first-slot-path", "/etc/rivet-slot-1"), ["count-index-from-one"]);
    assert_eq!(judged("rivet-first-slot-content", "slot=1"), ["count-index-from-one"]);
    assert!(judged("rivet-first-slot-path", "invalid reference").is_empty());
}

/// What `iacquiz diagnose` says of `answer` to `expr` against `config` and `files`.
fn diagnose_tf(config: &str, files: &[(&str, &str)], expr: &str, answer: &str) -> Vec<String> {
    use iacquiz::bank::answer::diagnose::diagnose;
    use iacquiz::mistakes::distract::{produce_expr, session_for};
    let files = files.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let session = session_for(Some(config), &files).unwrap_or_else(|d| panic!("{}", d.summary));
    let real = produce_expr(&session, expr, &iacquiz::lang::Rules::real());
    let learner = iacquiz::lang::session::constant(answer).unwrap_or_else(|d| panic!("{d}"));
    let d = diagnose(&real, &learner, &|r| produce_expr(&session, expr, r));
    assert!(!d.correct, "{answer} is judged right");
    d.misconceptions
}

#[test]
fn terraform_believers_answers_name_their_misconception() {
    // The template that sees the caller's scope reads ${env} as the module's var.env.
    assert_eq!(
        diagnose_tf(
            "variable \"env\" {\n  default = \"prod\"\n}\n",
            &[("tags.tftpl", "region=${region} env=${env}")],
            r#"templatefile("tags.tftpl", { region = "eu-west-1" })"#,
            r#""region=eu-west-1 env=prod""#,
        ),
        ["template-sees-caller-scope"]
    );
    // Without nested defaults the outer default {} still has its optional attributes, null.
    let svc = r#"variable "svc" {
  type = object({
    name = string
    health = optional(object({
      path     = optional(string, "/healthz")
      interval = optional(number, 30)
    }), {})
  })
  default = { name = "api", health = null }
}
"#;
    assert_eq!(
        diagnose_tf(svc, &[], "var.svc.health", "{ interval = null, path = null }"),
        ["optional-no-nested-defaults"]
    );
    let bucket = r#"variable "bucket" {
  type = object({
    name = string
    cors = optional(object({ max_age = optional(number, 3600) }), {})
  })
  default = { name = "logs" }
}
"#;
    assert_eq!(
        diagnose_tf(bucket, &[], "var.bucket.cors.max_age", "null"),
        ["optional-no-nested-defaults"]
    );
    // The believer in "absent is null" expects lookup()'s default.
    assert_eq!(
        diagnose_tf(
            "locals {\n  cfg = { team = \"payments\", retention_days = 30 }\n}\n",
            &[],
            r#"lookup(local.cfg.backup, "window_hours", 4)"#,
            "4",
        ),
        ["null-check-on-missing-attribute"]
    );
}

#[test]
#[ignore]
fn report_pervasive_candidates() {
    let bank = bank();
    for q in bank
        .questions()
        .iter()
        .filter(|q| q.kind == Kind::Choice && q.engine != Engine::Terraform)
    {
        let inst = q.instantiate(0);
        let shown = inst.choices(0).iter().filter(|c| c.misconception.is_some()).count();
        let changing = inst.changing_misconceptions();
        let pervasive: Vec<_> = changing
            .iter()
            .filter(|id| iacquiz::mistakes::catalogue::by_id(id).is_some_and(|m| m.pervasive) && !q.misconceptions.contains(id))
            .collect();
        eprintln!(
            "{:50} shown {shown} listed {:?} pervasive-unlisted {:?}",
            q.id, q.misconceptions, pervasive
        );
    }
}

/// Per misconception, the questions of `engine` that list it or show its answer as a choice.
fn uses(bank: &Bank, engine: Engine) -> (usize, BTreeMap<String, usize>) {
    let qs: Vec<_> = bank.questions().iter().filter(|q| q.engine == engine).collect();
    let mut n: BTreeMap<String, usize> = BTreeMap::new();
    for q in &qs {
        let mut here: Vec<String> = q.misconceptions.clone();
        here.extend(q.instantiate(0).choices(0).into_iter().filter_map(|c| c.misconception));
        here.sort();
        here.dedup();
        for id in here {
            *n.entry(id).or_default() += 1;
        }
    }
    (qs.len(), n)
}

#[test]
fn no_misconception_is_in_more_than_a_quarter_of_an_engines_questions() {
    let bank = bank();
    let mut over = Vec::new();
    for engine in [Engine::Terraform, Engine::Cfnrain, Engine::Rivet] {
        let (total, n) = uses(&bank, engine);
        assert!(total > 0, "{engine} has questions");
        for (id, k) in n {
            if k * 4 > total {
                over.push(format!("{engine}: {id} in {k} of {total} questions"));
            }
        }
    }
    assert!(over.is_empty(), "over a quarter:\n{}", over.join("\n"));
}

#[test]
fn a_pervasive_belief_is_a_choice_only_where_listed_but_always_diagnosed() {
    let bank = bank();
    let q = bank.get("cfn-same-name-in-two-folders").unwrap_or_else(|| panic!("question"));
    assert!(!q.misconceptions.iter().any(|m| m == "no-logical-id-prefix"));
    let inst = q.instantiate(0);
    assert!(inst.changing_misconceptions().iter().any(|m| m == "no-logical-id-prefix"));
    let labels: Vec<_> = inst.choices(0).into_iter().filter_map(|c| c.misconception).collect();
    assert!(!labels.iter().any(|m| m == "no-logical-id-prefix"), "{labels:?}");
    // A learner who types that believer's answer is still told which belief it is.
    let (mistakes, _) = inst.engine_wrong_answers();
    let w = mistakes
        .iter()
        .find(|w| w.misconception.as_deref() == Some("no-logical-id-prefix"))
        .unwrap_or_else(|| panic!("the belief's answer"));
    let named: Vec<_> = inst.judge(&w.text).unwrap_or_else(|e| panic!("{e}")).misconceptions;
    assert!(named.iter().any(|(m, _)| m == "no-logical-id-prefix"), "{named:?}");
}

#[test]
fn a_learner_who_counts_lists_from_one_counts_dynamic_keys_from_one_too() {
    // origin[1] is the first origin to this believer, and its key is 1 to them as well.
    let bank = bank();
    let q = bank
        .questions()
        .iter()
        .find(|q| q.id == "tf-dynamic-blocks-2-nested-outer-iterator")
        .unwrap_or_else(|| panic!("the question is in the bank"));
    let choices = q.instantiate(0).choices(0);
    let believer = choices.iter().find(|c| c.misconception.as_deref() == Some("index-from-one"));
    assert_eq!(believer.map(|c| c.text.as_str()), Some("tolist([\"1:prod\"])"), "{choices:#?}");
}
