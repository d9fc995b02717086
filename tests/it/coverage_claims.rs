//! The engine facts behind the questions that cover the seeds' remaining claims: unknown
//! top-level blocks (no user-defined functions), self-referential blocks, for_each over a set of
//! numbers, data sources scoped to a check block, a question's `terraform_version`, test
//! overrides and served remote module files in a question's `files:`.

use iacquiz::bank::load::files::SourceFile;
use iacquiz::bank::{Bank, Instance, LoadError};
use iacquiz::lang::config::conditions::{self, Outcome};
use iacquiz::lang::session::Session;
use iacquiz::lang::{Rule, Rules};

fn config(src: &str) -> Result<Session, String> {
    Session::with_config_text("main.tf", src).map_err(|d| format!("{}: {}", d.summary, d.detail))
}

fn eval(s: &Session, expr: &str) -> String {
    match s.eval(expr, &Rules::real(), false).result {
        Ok(a) => a.one_line(),
        Err(d) => format!("error: {}", d.summary),
    }
}

#[test]
fn a_function_block_is_an_unsupported_block_type() {
    let e = config("function \"double\" {\n  x = 1\n}\nlocals {\n  y = 2\n}\n").err();
    assert_eq!(
        e.as_deref(),
        Some("Unsupported block type: Blocks of type \"function\" are not expected here.")
    );
    // Every block type Terraform knows at the top level still loads.
    let known = "terraform {}\nprovider \"aws\" {}\nvariable \"v\" {}\nlocals {}\noutput \"o\" {\n  value = 1\n}\nmoved {\n  from = a.b\n  to = a.c\n}\nimport {\n  to = a.b\n  id = \"x\"\n}\nremoved {\n  from = a.b\n}\ncheck \"c\" {\n  assert {\n    condition = path.module != \"\"\n    error_message = \"m\"\n  }\n}\n";
    assert!(config(known).is_ok());
    // Test files hold their own block types (run, override_*), which are not module blocks.
    let s = Session {
        config: iacquiz::lang::config::Config::from_texts(vec![
            ("main.tf".into(), "locals {\n  x = 1\n}\n".into()),
            ("a.tftest.hcl".into(), "run \"r\" {}\n".into()),
        ])
        .expect("a test file with run blocks loads"),
        ..Session::default()
    };
    assert_eq!(eval(&s, "local.x"), "1");
}

#[test]
fn a_block_naming_itself_is_a_self_referential_block() {
    let e = config("resource \"aws_s3_bucket\" \"logs\" {\n  bucket = \"logs\"\n  tags = { Name = aws_s3_bucket.logs.bucket }\n}\n").err();
    assert_eq!(
        e.as_deref(),
        Some("Self-referential block: Configuration for aws_s3_bucket.logs may not refer to itself.")
    );
    // Inside a dynamic block's content too, and for a data source.
    let e = config("data \"aws_subnet\" \"a\" {\n  dynamic \"filter\" {\n    for_each = [1]\n    content {\n      name = data.aws_subnet.a.id\n      values = []\n    }\n  }\n}\n").err();
    assert!(e.is_some_and(|m| m.starts_with("Self-referential block: Configuration for data.aws_subnet.a")));
    // self in a postcondition, another resource of the same type, and a lifecycle block are not.
    let ok = "resource \"aws_s3_bucket\" \"logs\" {\n  bucket = aws_s3_bucket.other.bucket\n  lifecycle {\n    postcondition {\n      condition = self.bucket != \"\"\n      error_message = \"m\"\n    }\n  }\n}\nresource \"aws_s3_bucket\" \"other\" {\n  bucket = \"o\"\n}\n";
    let s = config(ok).expect("loads");
    assert_eq!(eval(&s, "aws_s3_bucket.logs.bucket"), "\"o\"");
}

#[test]
fn for_each_over_a_set_of_numbers_is_refused_as_terraform_words_it() {
    let s = config("resource \"aws_security_group\" \"p\" {\n  for_each = toset([443, 22])\n  name = \"p\"\n}\n").expect("loads");
    assert_eq!(eval(&s, "keys(aws_security_group.p)"), "error: Invalid for_each set argument");
    // An empty set of numbers is accepted: there is no element to key.
    let s = config("resource \"aws_security_group\" \"p\" {\n  for_each = toset([for n in [1] : n if n > 1])\n  name = \"p\"\n}\n")
        .expect("loads");
    assert_eq!(eval(&s, "length(aws_security_group.p)"), "0");
}

const SCOPED: &str = "check \"subnet\" {\n  data \"aws_subnet\" \"app\" {\n    id = \"subnet-1\"\n    lifecycle {\n      postcondition {\n        condition = self.state == \"available\"\n        error_message = \"not available\"\n      }\n    }\n  }\n  assert {\n    condition = data.aws_subnet.app.state == \"available\"\n    error_message = \"not available\"\n  }\n}\n";

fn outcomes(rules: &Rules, state: &str) -> Vec<(String, Outcome)> {
    let over = format!("override_data {{\n  target = data.aws_subnet.app\n  values = {{ state = \"{state}\" }}\n}}\n");
    let s = Session {
        config: iacquiz::lang::config::Config::from_texts(vec![("main.tf".into(), SCOPED.into()), ("main.tftest.hcl".into(), over)])
            .expect("loads"),
        ..Session::default()
    };
    let r = s
        .with_scope(rules, |ev, scope| conditions::evaluate(ev, scope, &s.config))
        .expect("scope")
        .expect("conditions");
    r.into_iter().map(|r| (r.address, r.outcome)).collect()
}

#[test]
fn a_check_scoped_data_source_failure_is_a_warning() {
    assert_eq!(
        outcomes(&Rules::real(), "pending"),
        vec![
            ("data.aws_subnet.app".to_string(), Outcome::Warning),
            ("check.subnet".to_string(), Outcome::Warning)
        ]
    );
    assert_eq!(
        outcomes(&Rules::real(), "available"),
        vec![
            ("data.aws_subnet.app".to_string(), Outcome::Pass),
            ("check.subnet".to_string(), Outcome::Pass)
        ]
    );
    // A learner who believes checks block the run expects errors.
    assert_eq!(outcomes(&Rules::with(Rule::CheckBlocksWarn), "pending")[0].1, Outcome::Error);
}

fn bank(folder: &str, seed: &str, body: &str) -> Result<Bank, Vec<LoadError>> {
    let text = format!(
        "topic: t\nquestions:\n  - id: q\n    lesson: {{seed: {seed}, section: S}}\n    prompt: p\n    explain: e\n    difficulty: 2\n{body}"
    );
    let name = format!("{folder}/t.yaml");
    Bank::from_sources(vec![SourceFile {
        display: name.clone(),
        rel: name.clone(),
        in_root: name,
        bytes: text.into_bytes(),
    }])
    .map_err(|e| e.0)
}

fn answer(b: &Bank) -> String {
    let i: Instance = b.questions()[0].instantiate(0);
    match i.correct_answer() {
        Ok(c) => c.text,
        Err(e) => format!("{e}"),
    }
}

#[test]
fn a_question_can_name_the_terraform_release() {
    let body = |v: &str| {
        format!(
            "    terraform_version: {v}\n    config: |\n      locals {{\n        a = provider::aws::arn_parse(\"arn:aws:iam::1:role/x\").account_id\n        b = 1\n      }}\n    expr: local.b\n    kind: input\n"
        )
    };
    let old = bank("terraform", "001", &body("1.7.5")).expect("loads");
    assert_eq!(answer(&old), "Error: Missing newline after argument");
    let new = bank("terraform", "001", &body("1.8.0")).expect("loads");
    assert_eq!(answer(&new), "1");
    // A release that is not X.Y.Z is a located load error; other engines do not take the field.
    let bad = bank("terraform", "001", &body("one")).err().unwrap_or_default();
    assert!(bad.iter().any(|e| e.to_string().contains("invalid Terraform version")), "{bad:?}");
    let other = bank(
        "rivet",
        "003",
        "    terraform_version: 1.7.5\n    files:\n      main.rvt: |\n        file \"a\" {}\n    kind: input\n",
    )
    .err()
    .unwrap_or_default();
    assert!(
        other
            .iter()
            .any(|e| e.to_string().contains("`terraform_version` is not a field of rivet questions")),
        "{other:?}"
    );
}

#[test]
fn test_override_files_give_conditions_known_values() {
    let body = "    config: |\n      resource \"aws_ebs_volume\" \"d\" {\n        availability_zone = \"eu-west-1a\"\n        lifecycle {\n          postcondition {\n            condition = self.encrypted\n            error_message = \"m\"\n          }\n        }\n      }\n    files:\n      main.tftest.hcl: |\n        override_resource {\n          target = aws_ebs_volume.d\n          values = { encrypted = false }\n        }\n    condition: aws_ebs_volume.d\n    kind: input\n";
    assert_eq!(answer(&bank("terraform", "001", body).expect("loads")), "\"error\"");
    let without = body.split("    files:").next().unwrap_or_default().to_string() + "    condition: aws_ebs_volume.d\n    kind: input\n";
    assert_eq!(answer(&bank("terraform", "001", &without).expect("loads")), "\"deferred\"");
}

#[test]
fn remote_module_sources_are_served_from_files() {
    let body = "    template: |\n      Modules:\n        Logs:\n          Source: s3://acme/m/bucket.yaml\n    files:\n      s3://acme/m/bucket.yaml: |\n        Resources:\n          Bucket:\n            Type: AWS::S3::Bucket\n    keys: Resources\n    kind: input\n";
    assert_eq!(answer(&bank("cfnrain", "002", body).expect("loads")), "[LogsBucket]");
    // An address no file stands in for is offline, never downloaded.
    let missing = body.replace("Source: s3://acme/m/bucket.yaml", "Source: https://example.com/x.yaml");
    assert_eq!(
        answer(&bank("cfnrain", "002", &missing).expect("loads")),
        "Error: remote source offline"
    );
    // Only cfnrain reads an address as a file name.
    let tf = "    files:\n      https://example.com/x: a\n    expr: '1'\n    kind: input\n";
    assert!(bank("terraform", "001", tf).is_err());
}

#[test]
fn a_condition_question_can_ask_for_the_error_message() {
    let body = |vpc: &str| {
        format!(
            "    config: |\n      variable \"want\" {{\n        default = \"vpc-1\"\n      }}\n      check \"c\" {{\n        assert {{\n          condition     = var.want == \"{vpc}\"\n          error_message = \"${{var.want}} is not {vpc}.\"\n        }}\n      }}\n    condition: check.c.error_message\n    kind: input\n"
        )
    };
    assert_eq!(
        answer(&bank("terraform", "001", &body("vpc-2")).expect("loads")),
        "\"vpc-1 is not vpc-2.\""
    );
    // A condition that holds prints no message.
    assert_eq!(answer(&bank("terraform", "001", &body("vpc-1")).expect("loads")), "\"\"");
}
