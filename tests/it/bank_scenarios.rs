//! Workflow scenario questions: files and steps run by `iacquiz terraform` in a fresh folder,
//! the answer read from the last command by `ask`, the workflow's beliefs computed as
//! distractors, and the loader's refusals. The keys below were read from real Terraform
//! (tf-oracle 1.12.2 and 1.14.9, `terraform plan`/`output` after the same steps).

use iacquiz::bank::load::files::SourceFile;
use iacquiz::bank::{Bank, Computed, Instance};

fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}

fn bank(body: &str) -> Result<Bank, String> {
    let text = format!(
        "topic: t\nquestions:\n  - id: q\n    lesson: {{seed: 004, section: Resource instances}}\n    prompt: p\n    explain: e\n    difficulty: 2\n{}",
        indent(body, 4)
    );
    Bank::from_sources(vec![SourceFile {
        display: "terraform/t.yaml".into(),
        rel: "terraform/t.yaml".into(),
        in_root: "terraform/t.yaml".into(),
        bytes: text.into_bytes(),
    }])
    .map_err(|e| e.0.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n"))
}

fn instance(body: &str) -> Instance {
    match bank(body) {
        Ok(b) => b.questions()[0].instantiate(0),
        Err(e) => panic!("{e}"),
    }
}

fn answer(i: &Instance) -> String {
    match i.correct_answer() {
        Ok(c) => c.text,
        Err(e) => panic!("{e}"),
    }
}

const SHRINK: &str = r#"kind: input
files:
  main.tf: |
    resource "terraform_data" "web" {
      count = 3
    }
steps:
  - init
  - apply -auto-approve
  - edit: main.tf
    replace: count = 3
    with: count = 2
  - plan
"#;

#[test]
fn selectors_read_the_last_command() {
    let with = |ask: &str| answer(&instance(&format!("{SHRINK}ask: {ask}\n")));
    assert_eq!(with("summary"), r#""Plan: 0 to add, 0 to change, 1 to destroy.""#);
    assert_eq!(with("changes"), r#"{ "terraform_data.web[2]" = "will be destroyed" }"#);
    assert_eq!(
        with("says terraform_data.web[2]"),
        r#""will be destroyed (because index [2] is out of range for count)""#
    );
    assert_eq!(with("symbol terraform_data.web[2]"), r#""-""#);
    assert_eq!(with("action terraform_data.web[0]"), r#""is not in the plan""#);
    let exit = answer(&instance(
        &SHRINK
            .replace("  - plan\n", "  - plan -detailed-exitcode\n")
            .replace("kind: input", "kind: input\nask: exit-code"),
    ));
    assert_eq!(exit, "2");
}

#[test]
fn order_follows_the_dependencies() {
    let body = r#"kind: input
files:
  main.tf: |
    resource "terraform_data" "a" {
    }
    resource "terraform_data" "b" {
      input = terraform_data.a.id
    }
steps:
  - init
  - apply -auto-approve
  - destroy -auto-approve
ask: order
"#;
    assert_eq!(
        answer(&instance(body)),
        r#"["terraform_data.b: Destroying...", "terraform_data.a: Destroying..."]"#
    );
}

#[test]
fn a_belief_gives_the_believers_plan() {
    let i = instance(&format!("{SHRINK}ask: changes\n"));
    let (mistakes, _) = i.engine_wrong_answers();
    let by_belief: Vec<(String, String)> = mistakes
        .iter()
        .filter_map(|w| match (&w.misconception, &w.answer) {
            (Some(id), Ok(c)) => Some((id.clone(), c.one_line())),
            _ => None,
        })
        .collect();
    assert!(
        by_belief.contains(&(
            "count-shrink-removes-first".to_string(),
            r#"{ "terraform_data.web[0]" = "will be destroyed" }"#.to_string()
        )),
        "{by_belief:?}"
    );
}

#[test]
fn variables_take_the_last_source_terraform_reads() {
    // terraform.tfvars, then *.auto.tfvars, then -var/-var-file in command-line order.
    let body = r#"kind: input
files:
  main.tf: |
    variable "size" {
      type = string
    }
    output "size" {
      value = var.size
    }
  terraform.tfvars: |
    size = "small"
  b.auto.tfvars: |
    size = "medium"
steps:
  - init
  - {run: apply -auto-approve, env: {TF_VAR_size: env}}
  - output -raw size
ask: stdout
"#;
    assert_eq!(answer(&instance(body)), r#""medium""#);
    let i = instance(body);
    let (mistakes, _) = i.engine_wrong_answers();
    let named: Vec<(String, String)> = mistakes
        .iter()
        .filter_map(|w| Some((w.misconception.clone()?, w.answer.as_ref().ok()?.one_line())))
        .collect();
    assert!(
        named.contains(&("tfvars-beats-auto-tfvars".into(), r#""small""#.into())),
        "{named:?}"
    );
    assert!(named.contains(&("env-beats-files".into(), r#""env""#.into())), "{named:?}");
}

#[test]
fn a_failing_command_answers_with_its_error() {
    let body = r#"kind: error
files:
  main.tf: |
    resource "terraform_data" "db" {
      lifecycle {
        prevent_destroy = true
      }
    }
steps:
  - init
  - apply -auto-approve
  - plan -destroy
ask: summary
"#;
    let i = instance(body);
    match i.correct_answer().map(|c| c.computed) {
        Ok(Computed::Error(e)) => assert_eq!(e.summary, "Instance cannot be destroyed"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_loader_refuses_bad_scenarios_where_they_are_written() {
    let refused = |body: &str, says: &str| match bank(body) {
        Ok(_) => panic!("accepted:\n{body}"),
        Err(e) => assert!(e.contains(says), "{e}\n--- expected to contain: {says}"),
    };
    refused("kind: input\nsteps: [plan]\n", "a scenario needs `ask`");
    refused("kind: input\nsteps: [plan]\nask: plan\n", "is not a selector");
    refused("kind: input\nask: summary\nexpr: '1'\n", "`ask` reads the last command of `steps`");
    refused(
        "kind: input\nsteps: [plan, {write: ../x.tf, text: a}]\nask: summary\n",
        "must be a relative path",
    );
    refused(
        "kind: input\nsteps: [plan, {edit: main.tf, replace: a}]\nask: summary\n",
        "this step needs `with`",
    );
    refused("kind: input\nsteps: [\"plan 'oops\"]\nask: summary\n", "unclosed single quote");
    refused(
        "kind: input\nsteps: [{write: a.tf, text: x}]\nask: summary\n",
        "at least one command",
    );
    refused(
        "kind: input\nsteps: [plan, {delete: a.tf}]\nask: summary\n",
        "the last step must be a command",
    );
    refused("kind: input\nsteps: [plan]\nask: summary\nexpr: '1'\n", "not `expr`");
}

#[test]
fn a_step_that_cannot_run_says_which_and_why() {
    let body = "kind: input\nfiles:\n  main.tf: |\n    locals {}\nsteps:\n  - edit: main.tf\n    replace: count = 3\n    with: count = 2\n  - plan\nask: summary\n";
    match instance(body).correct_answer().map(|c| c.computed) {
        Ok(Computed::Error(e)) => {
            assert_eq!(e.summary, "scenario step");
            assert!(e.detail.contains("step 1") && e.detail.contains("does not contain"), "{}", e.detail);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_null_for_a_non_nullable_variable_takes_its_default() {
    // tf-oracle 1.6.6 and 1.12.2: `s = "small"`.
    let body = r#"kind: input
files:
  main.tf: |
    variable "size" {
      type     = string
      default  = "small"
      nullable = false
    }
    output "s" {
      value = var.size
    }
  terraform.tfvars: |
    size = null
steps:
  - init
  - apply -auto-approve
  - output -raw s
ask: stdout
"#;
    assert_eq!(answer(&instance(body)), r#""small""#);
}

#[test]
fn an_attribute_of_a_counted_resource_needs_an_instance_key() {
    // tf-oracle 1.12.2: plan and validate fail with "Missing resource instance key".
    let body = r#"kind: error
files:
  main.tf: |
    resource "terraform_data" "a" {
      count = 2
    }
    resource "terraform_data" "b" {
      input = terraform_data.a.output
    }
steps:
  - init
  - plan
ask: summary
"#;
    match instance(body).correct_answer().map(|c| c.computed) {
        Ok(Computed::Error(e)) => {
            assert_eq!(e.summary, "Missing resource instance key");
            assert!(e.detail.contains("terraform_data.a[count.index]"), "{}", e.detail);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_module_source_changed_since_init_is_refused() {
    // tf-oracle 1.12.2: plan, validate and apply fail with "Module source has changed".
    let body = r#"kind: error
files:
  main.tf: |
    module "m" {
      source = "./modules/net"
    }
  modules/net/main.tf: |
    resource "terraform_data" "x" {}
  modules/app/main.tf: |
    resource "terraform_data" "x" {}
steps:
  - init
  - edit: main.tf
    replace: ./modules/net
    with: ./modules/app
  - plan
ask: summary
"#;
    match instance(body).correct_answer().map(|c| c.computed) {
        Ok(Computed::Error(e)) => assert_eq!(e.summary, "Module source has changed"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn what_the_console_prints_that_is_no_value_is_its_text() {
    // tf-oracle 1.12.2: `terraform console -plan` prints `(known after apply)` for a computed
    // attribute of a resource still to be created: text, not the string "(known after apply)".
    let i = instance(
        "kind: input\nfiles:\n  main.tf: |\n    resource \"terraform_data\" \"web\" {\n      input = \"v1\"\n    }\nsteps:\n  - init\n  - {run: console -plan, input: \"terraform_data.web.output\\n\"}\nask: value\n",
    );
    assert_eq!(answer(&i), "(known after apply)");
}

#[test]
fn a_typed_scenario_answer_says_what_to_type() {
    let dir = std::env::temp_dir().join(format!("iacquiz-hint-{}", std::process::id()));
    let bank = dir.join("bank/terraform");
    if let Err(e) = std::fs::create_dir_all(&bank) {
        panic!("{e}");
    }
    let text = format!(
        "topic: t\nquestions:\n  - id: q\n    lesson: {{seed: 004, section: Resource instances}}\n    prompt: What exit code?\n    explain: e\n    difficulty: 2\n{}",
        indent(&SHRINK.replace("  - plan\n", "  - plan -detailed-exitcode\nask: exit-code\n"), 4)
    );
    if let Err(e) = std::fs::write(bank.join("t.yaml"), text) {
        panic!("{e}");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(["quiz", "new", "--count", "1", "--format", "md", "--force"])
        .arg("--bank")
        .arg(dir.join("bank"))
        .arg("--out")
        .arg(dir.join("quiz"))
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let md = std::fs::read_to_string(dir.join("quiz/quiz.md")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(md.contains("Type the exit code, a number."), "{md}");
    assert!(!md.contains("as terraform console prints it"), "{md}");
}

#[test]
fn a_module_path_without_dot_slash_is_refused_as_terraform_refuses_it() {
    // tf-oracle 1.6.6, 1.12.2 and 1.15.5: `validate`, `plan` and `init` all refuse it.
    for step in ["validate", "plan", "init"] {
        let i = instance(&format!(
            "kind: error\nfiles:\n  main.tf: |\n    module \"net\" {{\n      source = \"modules/net\"\n    }}\n  modules/net/main.tf: |\n    resource \"terraform_data\" \"a\" {{}}\nsteps:\n  - {step}\nask: stdout\n"
        ));
        match i.evaluate(&iacquiz::lang::Rules::default()).map(|e| e.computed) {
            Ok(Computed::Error(e)) => assert_eq!(e.summary, "Invalid module source address", "{step}"),
            other => panic!("{step}: {other:?}"),
        }
    }
}

#[test]
fn impure_functions_wait_for_apply_and_plantimestamp_is_known_at_plan() {
    // tf-oracle 1.6.6, 1.12.2, 1.15.5: while planning, timestamp() and uuid() are unknown and
    // plantimestamp() is the plan's time; after apply all are known.
    let body = "kind: input\nfiles:\n  main.tf: |\n    output \"t\" {\n      value = length(timestamp())\n    }\n    output \"u\" {\n      value = length(uuid())\n    }\n    output \"p\" {\n      value = length(plantimestamp())\n    }\nsteps:\n  - init\n  - STEP\nask: ASK\n";
    let plan = answer(&instance(
        &body
            .replace("STEP", "{run: plan, env: {TF_IN_AUTOMATION: \"1\"}}")
            .replace("ASK", "lines"),
    ));
    assert!(plan.contains(r#""  + p = 20""#), "{plan}");
    assert!(plan.contains(r#""  + t = (known after apply)""#), "{plan}");
    assert!(plan.contains(r#""  + u = (known after apply)""#), "{plan}");
    let applied = answer(&instance(
        &body.replace("STEP", "apply -auto-approve\n  - output -json").replace("ASK", "json"),
    ));
    assert!(applied.contains(r#""value" = 36"#), "{applied}");
    assert!(applied.contains(r#""value" = 20"#), "{applied}");
}
