//! The lesson's claims about configurations (optional() defaults, dynamic blocks, custom
//! conditions, templatefile, provider functions are elsewhere), each as a test through the
//! engine. Expected values are the lesson's own.

use iacquiz::lang::Rules;
use iacquiz::lang::config::Config;
use iacquiz::lang::config::conditions::{self, Kind, Outcome};
use iacquiz::lang::session::Session;

fn session(files: &[(&str, &str)]) -> Session {
    let config = Config::from_texts(files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect()).expect("configuration parses");
    Session {
        config,
        ..Session::default()
    }
}

fn eval(s: &Session, e: &str) -> String {
    match s.console(e) {
        Ok(v) => v,
        Err(d) => format!("error: {}", d.summary),
    }
}

const BUCKET: &str = r#"
variable "bucket" {
  type = object({
    name        = string
    logging     = optional(bool, true)
    admin_roles = optional(set(string), [])
    cors        = optional(object({ max_age = optional(number, 3600) }), {})
  })
}
"#;

#[test]
fn optional_null_means_default_and_defaults_apply_top_down() {
    let mut s = session(&[("main.tf", BUCKET)]);
    let set = |s: &mut Session, v: &str| {
        s.vars.insert("bucket".into(), iacquiz::lang::session::constant(v).expect("value"));
    };
    set(&mut s, r#"{ name = "logs", logging = null }"#);
    assert_eq!(eval(&s, "var.bucket.logging"), "true", "null means use the default");
    set(&mut s, r#"{ name = "logs", logging = false }"#);
    assert_eq!(eval(&s, "var.bucket.logging"), "false", "callers turn it off with false");
    set(&mut s, r#"{ name = "logs" }"#);
    assert_eq!(
        eval(&s, "var.bucket.cors.max_age"),
        "3600",
        "outer default {{}} then inner defaults"
    );
    assert_eq!(
        eval(&s, "length(var.bucket.admin_roles)"),
        "0",
        "an empty set default is safe for length()"
    );
    set(&mut s, r#"{ name = "logs", owner_email = "a@b" }"#);
    assert_eq!(
        eval(&s, "can(var.bucket.owner_email)"),
        "false",
        "undeclared attributes are dropped"
    );
}

#[test]
fn optional_without_default_is_null_and_bad_default_is_an_error() {
    let s = session(&[(
        "main.tf",
        "variable \"v\" {\n  type = object({ a = optional(string) })\n  default = {}\n}\n",
    )]);
    assert_eq!(eval(&s, "var.v.a"), "tostring(null)");
    let bad = Config::from_texts(vec![(
        "main.tf".into(),
        "variable \"v\" {\n  type = object({ a = optional(list(string), \"x\") })\n  default = {}\n}\n".into(),
    )]);
    let s = Session {
        config: bad.expect("parses"),
        ..Session::default()
    };
    assert!(
        eval(&s, "var.v").starts_with("error:"),
        "a default that does not convert is an error"
    );
}

const SG: &str = r#"
variable "destinations" {
  default = [{ port = 443, name = "https" }, { port = 80, name = "http" }]
}
variable "kms_key_arn" {
  default = null
}
resource "example_firewall" "web" {
  dynamic "egress" {
    for_each = var.destinations
    content {
      from_port   = egress.value.port
      description = "to ${egress.key}"
    }
  }
  dynamic "ingress" {
    for_each = { b = 2, a = 1 }
    iterator = rule
    content {
      key = rule.key
    }
  }
  dynamic "encryption" {
    for_each = var.kms_key_arn == null ? [] : [var.kms_key_arn]
    content {
      key = encryption.value
    }
  }
  dynamic "empty_marker" {
    for_each = [""]
    content {
      v = empty_marker.value
    }
  }
}
"#;

#[test]
fn dynamic_blocks_expand_in_order_with_keys() {
    let s = session(&[("main.tf", SG)]);
    assert_eq!(
        eval(&s, "example_firewall.web.egress[1].description"),
        "\"to 1\"",
        "the second element has key 1"
    );
    assert_eq!(eval(&s, "example_firewall.web.egress[0].from_port"), "443");
    assert_eq!(
        eval(&s, "example_firewall.web.ingress[*].key"),
        "tolist([\n  \"a\",\n  \"b\",\n])",
        "maps iterate lexically; iterator renames"
    );
    assert_eq!(
        eval(&s, "length(example_firewall.web.encryption)"),
        "0",
        "zero-or-one: null gives none"
    );
    assert_eq!(
        eval(&s, "length(example_firewall.web.empty_marker)"),
        "1",
        "a list holding \"\" still makes one block"
    );
}

#[test]
fn dynamic_block_errors() {
    let each = session(&[(
        "main.tf",
        "resource \"example_x\" \"y\" {\n  dynamic \"b\" {\n    for_each = [1]\n    content {\n      v = each.value\n    }\n  }\n}\n",
    )]);
    assert_eq!(
        eval(&each, "example_x.y.b"),
        "error: Reference to \"each\" in context without for_each"
    );
    let life = session(&[(
        "main.tf",
        "resource \"example_x\" \"y\" {\n  dynamic \"lifecycle\" {\n    for_each = [1]\n    content {}\n  }\n}\n",
    )]);
    assert_eq!(eval(&life, "example_x.y"), "error: Unsupported block type");
    let labels = session(&[(
        "main.tf",
        "resource \"example_x\" \"y\" {\n  dynamic \"b\" {\n    for_each = [1]\n    labels   = [\"x\"]\n    content {}\n  }\n}\n",
    )]);
    assert_eq!(
        eval(&labels, "example_x.y"),
        "error: Unsupported argument",
        "no resource block type has labels"
    );
}

#[test]
fn nested_dynamic_blocks_read_the_outer_iterator() {
    let s = session(&[(
        "main.tf",
        r#"
resource "example_lb" "x" {
  dynamic "listener" {
    for_each = [{ hosts = ["a", "b"] }]
    iterator = tier
    content {
      dynamic "host" {
        for_each = tier.value.hosts
        content {
          name = host.value
        }
      }
    }
  }
}
"#,
    )]);
    assert_eq!(eval(&s, "example_lb.x.listener[0].host[1].name"), "\"b\"");
}

const CONDITIONS: &str = r#"
variable "vpc_id" {
  default = "vpc-1"
}
data "aws_subnet" "selected" {
  id = "subnet-1"
  lifecycle {
    postcondition {
      condition     = self.map_public_ip_on_launch == false
      error_message = "The subnet must be private."
    }
  }
}
resource "aws_instance" "web" {
  ami           = "ami-0abc1234"
  instance_type = "t3.micro"
  subnet_id     = data.aws_subnet.selected.id
  lifecycle {
    precondition {
      condition     = data.aws_subnet.selected.vpc_id == var.vpc_id
      error_message = "Wrong VPC."
    }
    postcondition {
      condition     = self.private_ip != ""
      error_message = "No IP."
    }
  }
}
check "certificate" {
  data "example_certificate" "site" {
    url = "https://example.com"
  }
  assert {
    condition     = data.example_certificate.site.days_left > 30
    error_message = "Certificate expires soon."
  }
}
"#;

const OVERRIDES: &str = r#"
override_data {
  target = data.aws_subnet.selected
  values = { vpc_id = "vpc-2", map_public_ip_on_launch = false }
}
override_data {
  target = data.example_certificate.site
  values = { days_left = 10 }
}
"#;

#[test]
fn conditions_run_when_the_lesson_says() {
    let s = session(&[("main.tf", CONDITIONS), ("main.tftest.hcl", OVERRIDES)]);
    let reports = s
        .with_scope(&Rules::real(), |ev, scope| conditions::evaluate(ev, scope, &s.config))
        .expect("scope")
        .expect("conditions");
    let got: Vec<(String, Kind, &str, Outcome, String)> = reports
        .into_iter()
        .map(|r| (r.address, r.kind, r.phase, r.outcome, r.message))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "data.aws_subnet.selected".into(),
                Kind::Postcondition,
                "plan",
                Outcome::Pass,
                String::new()
            ),
            (
                "aws_instance.web".into(),
                Kind::Precondition,
                "plan",
                Outcome::Error,
                "Wrong VPC.".into()
            ),
            (
                "aws_instance.web".into(),
                Kind::Postcondition,
                "apply",
                Outcome::Deferred,
                "The condition depends on values that are known only after apply, so Terraform checks it during apply.".into()
            ),
            (
                "check.certificate".into(),
                Kind::Check,
                "plan",
                Outcome::Warning,
                "Certificate expires soon.".into()
            ),
        ]
    );
}

#[test]
fn variable_validations_are_conditions() {
    let tf = "variable \"env\" {\n  default = \"qa\"\n  validation {\n    condition     = contains([\"dev\", \"prod\"], var.env)\n    error_message = \"Got ${var.env}.\"\n  }\n}\nvariable \"n\" {\n  default = 2\n  validation {\n    condition     = var.n > 1\n    error_message = \"Too small.\"\n  }\n}\n";
    let s = session(&[("main.tf", tf)]);
    let got: Vec<(String, Kind, Outcome, String)> = s
        .with_scope(&Rules::real(), |ev, scope| conditions::evaluate(ev, scope, &s.config))
        .expect("scope")
        .expect("conditions")
        .into_iter()
        .map(|r| (r.address, r.kind, r.outcome, r.message))
        .collect();
    // tf-oracle 1.12, 1.14: "Invalid value for variable" with "Got qa." for env; n passes.
    assert_eq!(
        got,
        vec![
            ("var.env".into(), Kind::Validation, Outcome::Error, "Got qa.".into()),
            ("var.n".into(), Kind::Validation, Outcome::Pass, String::new()),
        ]
    );
}

#[test]
fn an_output_postcondition_is_refused() {
    let tf = "locals {\n  x = 1\n}\noutput \"o\" {\n  value = local.x\n  postcondition {\n    condition     = local.x > 0\n    error_message = \"No.\"\n  }\n}\n";
    // tf-oracle 1.12, 1.14 (plan and console): the configuration does not load.
    let err = Config::from_texts(vec![("main.tf".into(), tf.into())]).expect_err("refused");
    assert_eq!(err.summary, "Postconditions are not allowed");
}

#[test]
fn count_and_for_each_addresses() {
    let s = session(&[(
        "main.tf",
        r#"
locals {
  vpcs = { edge = ["172.16.0.0/20"], core = ["172.16.32.0/20", "172.16.48.0/20"] }
  subnets = flatten([for vpc, cidrs in local.vpcs : [for i, c in cidrs : { key = "${vpc}-${i}", cidr = c }]])
}
resource "aws_subnet" "this" {
  for_each   = { for s in local.subnets : s.key => s }
  vpc_id     = "vpc-1"
  cidr_block = each.value.cidr
}
resource "aws_instance" "web" {
  count         = 2
  ami           = "ami-${count.index}"
  instance_type = "t3.micro"
}
resource "example_bad" "list" {
  for_each = ["a"]
}
"#,
    )]);
    assert_eq!(eval(&s, "aws_subnet.this[\"edge-0\"].cidr_block"), "\"172.16.0.0/20\"");
    assert_eq!(
        eval(&s, "keys(aws_subnet.this)"),
        "[\n  \"core-0\",\n  \"core-1\",\n  \"edge-0\",\n]"
    );
    assert_eq!(eval(&s, "aws_instance.web[1].ami"), "\"ami-1\"");
    assert_eq!(eval(&s, "example_bad.list"), "error: Invalid for_each argument");
}
