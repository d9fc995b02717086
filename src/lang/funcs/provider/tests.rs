//! Tests for provider-defined functions. Expected values come from the providers' and
//! Terraform's documentation and sources, cited per test (the 1.0.3 oracle cannot run them).

use crate::lang::dialect::rules::Rules;
use crate::lang::session::Session;

const AWS: &str = "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\", version = \">= 5.40\" }\n  }\n}\n";
const TF: &str = "terraform {\n  required_providers {\n    terraform = { source = \"terraform.io/builtin/terraform\" }\n  }\n}\n";

fn session(cfg: &str, version: (u32, u32, u32)) -> Session {
    let mut s = Session::with_config_text("main.tf", cfg).unwrap_or_else(|d| panic!("config: {d}"));
    s.version = Some(version);
    s
}

/// The console output, or `ERR summary | detail`.
fn run_with(cfg: &str, version: (u32, u32, u32), expr: &str) -> String {
    match session(cfg, version).eval(expr, &Rules::real(), false).result {
        Ok(a) => a.console(),
        Err(d) => format!("ERR {} | {}", d.summary, d.detail),
    }
}

fn run(cfg: &str, expr: &str) -> String {
    run_with(cfg, (1, 14, 0), expr)
}

fn aws(expr: &str) -> String {
    run(AWS, expr)
}

fn tf(expr: &str) -> String {
    run(TF, expr)
}

// --- hashicorp/aws: docs registry.terraform.io/providers/hashicorp/aws/latest/docs/functions/*

// functions/arn_parse example.
#[test]
fn arn_parse_example() {
    assert_eq!(
        aws(r#"provider::aws::arn_parse("arn:aws:iam::444455556666:role/example")"#),
        "{\n  \"account_id\" = \"444455556666\"\n  \"partition\" = \"aws\"\n  \"region\" = \"\"\n  \"resource\" = \"role/example\"\n  \"service\" = \"iam\"\n}"
    );
}
#[test]
fn arn_parse_resource_keeps_colons() {
    assert_eq!(
        aws(r#"provider::aws::arn_parse("arn:aws:ec2:us-east-1:123456789012:vpc/vpc-0e9801d129EXAMPLE").resource"#),
        "\"vpc/vpc-0e9801d129EXAMPLE\""
    );
    assert_eq!(
        aws(r#"provider::aws::arn_parse("arn:aws:logs:us-east-1:1:log-group:/a:*").resource"#),
        "\"log-group:/a:*\""
    );
}
// aws-sdk-go-v2 arn.Parse errors.
#[test]
fn arn_parse_errors() {
    assert_eq!(
        aws(r#"provider::aws::arn_parse("not-an-arn")"#),
        "ERR Error in function call | Call to function \"provider::aws::arn_parse\" failed: arn: invalid prefix."
    );
    assert_eq!(
        aws(r#"provider::aws::arn_parse("arn:aws:iam")"#),
        "ERR Error in function call | Call to function \"provider::aws::arn_parse\" failed: arn: not enough sections."
    );
    assert_eq!(
        aws(r#"provider::aws::arn_parse(null)"#),
        "ERR Invalid function argument | Invalid value for \"arn\" parameter: argument must not be null."
    );
}
// functions/arn_build example.
#[test]
fn arn_build_example() {
    assert_eq!(
        aws(r#"provider::aws::arn_build("aws", "iam", "", "444455556666", "role/example")"#),
        "\"arn:aws:iam::444455556666:role/example\""
    );
    assert_eq!(
        aws(r#"provider::aws::arn_build("aws", "iam", "")"#),
        "ERR Not enough function arguments | Function \"provider::aws::arn_build\" expects 5 argument(s). Missing value for \"account_id\"."
    );
}
// functions/trim_iam_role_path example.
#[test]
fn trim_iam_role_path_example() {
    assert_eq!(
        aws(r#"provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role/with/path/example")"#),
        "\"arn:aws:iam::444455556666:role/example\""
    );
    assert_eq!(
        aws(r#"provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role/example")"#),
        "\"arn:aws:iam::444455556666:role/example\""
    );
}
// internal/function/trim_iam_role_path.go errors.
#[test]
fn trim_iam_role_path_errors() {
    let e = |s: &str| aws(&format!("provider::aws::trim_iam_role_path({s:?})"));
    assert_eq!(
        e("arn:aws:s3:::bucket"),
        "ERR Error in function call | Call to function \"provider::aws::trim_iam_role_path\" failed: service must be \"iam\"."
    );
    assert_eq!(
        e("arn:aws:iam:us-east-1:1:role/x"),
        "ERR Error in function call | Call to function \"provider::aws::trim_iam_role_path\" failed: region must be empty."
    );
    assert_eq!(
        e("arn:aws:iam::1:user/x"),
        "ERR Error in function call | Call to function \"provider::aws::trim_iam_role_path\" failed: resource must begin with \"role/\"."
    );
}
// functions/user_agent (6.27.0+).
#[test]
fn user_agent() {
    let cfg = AWS.replace(">= 5.40", ">= 6.27");
    assert_eq!(
        run(&cfg, r#"provider::aws::user_agent("example-module", "0.0.1", "a comment")"#),
        "\"example-module/0.0.1 (a comment)\""
    );
    assert_eq!(
        run(&cfg, r#"provider::aws::user_agent("example-module", "", "")"#),
        "\"example-module\""
    );
    assert_eq!(
        run(&cfg, r#"provider::aws::user_agent("", "1", "")"#),
        "ERR Error in function call | Call to function \"provider::aws::user_agent\" failed: product_name must be set."
    );
    // 6.26 has the 5.40 functions but not user_agent.
    let old = AWS.replace(">= 5.40", "~> 6.26.0");
    assert_eq!(
        run(&old, r#"provider::aws::user_agent("a", "", "")"#),
        "ERR Unknown provider function | The function \"user_agent\" is not available from the provider \"aws\"."
    );
}

// --- the built-in terraform provider: docs language/functions/terraform-* and
// internal/builtin/providers/terraform/functions_test.go.

#[test]
fn encode_tfvars_sorted_and_aligned() {
    assert_eq!(
        tf(
            r#"provider::terraform::encode_tfvars({ string = "hello", number = 5, bool = true, set = toset(["beep", "boop"]), list = ["bleep", "bloop"], map = tomap({ one = 1 }), object = { one = 1, true = true }, null = null })"#
        ),
        "<<EOT\nbool = true\nlist = [\"bleep\", \"bloop\"]\nmap = {\n  one = 1\n}\nnull   = null\nnumber = 5\nobject = {\n  one  = 1\n  true = true\n}\nset    = [\"beep\", \"boop\"]\nstring = \"hello\"\n\nEOT"
    );
    assert_eq!(
        tf(r#"provider::terraform::encode_tfvars({ one = 1, two = 2, three = 3 })"#),
        "<<EOT\none   = 1\nthree = 3\ntwo   = 2\n\nEOT"
    );
    assert_eq!(tf(r#"provider::terraform::encode_tfvars({})"#), "\"\"");
}
#[test]
fn encode_tfvars_errors() {
    let msg = "ERR Error in function call | Call to function \"provider::terraform::encode_tfvars\" failed: invalid value to encode: must be an object whose attribute names will become the encoded variable names.";
    assert_eq!(tf(r#"provider::terraform::encode_tfvars("nope")"#), msg);
    assert_eq!(tf(r#"provider::terraform::encode_tfvars([])"#), msg);
    assert_eq!(
        tf(r#"provider::terraform::encode_tfvars({ "not valid identifier" = "!" })"#),
        "ERR Error in function call | Call to function \"provider::terraform::encode_tfvars\" failed: invalid variable name \"not valid identifier\": must be a valid identifier, per Terraform's rules for input variable declarations."
    );
    assert_eq!(
        tf(r#"provider::terraform::encode_tfvars(null)"#),
        "ERR Invalid function argument | Invalid value for \"value\" parameter: argument must not be null."
    );
}
#[test]
fn decode_tfvars_values() {
    assert_eq!(
        tf(r#"provider::terraform::decode_tfvars("string = \"hello\"\nnumber = 2")"#),
        "{\n  \"number\" = 2\n  \"string\" = \"hello\"\n}"
    );
    assert_eq!(tf(r#"provider::terraform::decode_tfvars("")"#), "{}");
    assert_eq!(
        tf(r#"provider::terraform::decode_tfvars("a = [for x in [1, 2] : x * 2]")"#),
        "{\n  \"a\" = [\n    2,\n    4,\n  ]\n}"
    );
}
#[test]
fn decode_tfvars_errors() {
    let pre = "ERR Error in function call | Call to function \"provider::terraform::decode_tfvars\" failed: ";
    assert_eq!(
        tf(r#"provider::terraform::decode_tfvars("foo = var.whatever")"#),
        format!(
            "{pre}invalid expression for variable \"foo\": <decode_tfvars argument>:1,7-10: Variables not allowed; Variables may not be used here.."
        )
    );
    assert_eq!(
        tf(r#"provider::terraform::decode_tfvars("foo = whatever()")"#),
        format!(
            "{pre}invalid expression for variable \"foo\": <decode_tfvars argument>:1,7-17: Function calls not allowed; Functions may not be called here.."
        )
    );
    assert_eq!(
        tf(r#"provider::terraform::decode_tfvars("b {\n}\n")"#),
        format!("{pre}invalid tfvars content: <decode_tfvars argument>:1,1-2: Unexpected \"b\" block; Blocks are not allowed here..")
    );
    assert!(
        tf(r#"provider::terraform::decode_tfvars("foo = not valid syntax")"#)
            .starts_with(&format!("{pre}invalid tfvars syntax: <decode_tfvars argument>:1,"))
    );
}
#[test]
fn encode_expr_values() {
    let e = |x: &str| tf(&format!("provider::terraform::encode_expr({x})"));
    assert_eq!(e(r#""hello""#), r#""\"hello\"""#);
    assert_eq!(e(r#""hel$${lo""#), r#""\"hel$${lo\"""#);
    assert_eq!(e(r#""hel%%{lo""#), r#""\"hel%%{lo\"""#);
    assert_eq!(e(r#""boop\\boop""#), r#""\"boop\\\\boop\"""#);
    assert_eq!(e("2"), "\"2\"");
    assert_eq!(e("true"), "\"true\"");
    assert_eq!(e("null"), "\"null\"");
    assert_eq!(e("{}"), "\"{}\"");
    assert_eq!(e("[]"), "\"[]\"");
    assert_eq!(e(r#"[5, "..."]"#), r#""[5, \"...\"]""#);
    assert_eq!(e("toset([1, 5, 20, 55])"), "\"[1, 5, 20, 55]\"");
    assert_eq!(
        e(r#"{ number = 5, string = "..." }"#),
        "<<EOT\n{\n  number = 5\n  string = \"...\"\n}\nEOT"
    );
    assert_eq!(e("[{ a = 1 }, { b = 2 }]"), "<<EOT\n[{\n  a = 1\n  }, {\n  b = 2\n}]\nEOT");
}

// --- errors (internal/lang/eval.go checkForUnknownFunctionDiags and its tests in
// internal/terraform/context_validate_test.go).

#[test]
fn undeclared_local_name() {
    assert_eq!(
        run("", r#"provider::aws::arn_parse("x")"#),
        "ERR Unknown provider function | There is no function named \"provider::aws::arn_parse\". Ensure that provider name \"aws\" is declared in this module's required_providers block, and that this provider offers a function named \"arn_parse\"."
    );
}
#[test]
fn provider_without_that_function() {
    assert_eq!(
        aws(r#"provider::aws::missing("x")"#),
        "ERR Unknown provider function | The function \"missing\" is not available from the provider \"aws\"."
    );
}
#[test]
fn invalid_namespaces() {
    assert_eq!(
        aws(r#"aws::arn_parse("x")"#),
        "ERR Unknown provider function | The function namespace \"aws\" is not valid. Provider function calls must use the \"provider::\" namespace prefix."
    );
    assert_eq!(
        aws(r#"provider::arn_parse("x")"#),
        "ERR Unknown provider function | The function call must include the provider name after the \"provider::\" prefix."
    );
    assert_eq!(aws("core::pow(2, 3)"), "8");
    assert_eq!(aws(r#"core::try(provider::aws::missing(), "ok")"#), "\"ok\"");
}
#[test]
fn plain_name_suggests_the_provider_function() {
    assert_eq!(
        aws(r#"arn_parse("x")"#),
        "ERR Call to unknown function | There is no function named \"arn_parse\". Did you mean \"provider::aws::arn_parse\"?"
    );
}
// The version a constraint admits decides which functions exist.
#[test]
fn pinned_version_without_the_function() {
    let cfg = AWS.replace(">= 5.40", "= 5.39.0");
    assert_eq!(
        run(&cfg, r#"provider::aws::arn_parse("arn:aws:iam::1:role/x")"#),
        "ERR Unknown provider function | There is no function named \"provider::aws::arn_parse\". Ensure that provider name \"aws\" is declared in this module's required_providers block, and that this provider offers a function named \"arn_parse\"."
    );
}
#[test]
fn constraint_admitting_no_release() {
    let cfg = AWS.replace(">= 5.40", "~> 4.0, >= 5.0");
    assert_eq!(
        run(&cfg, r#"provider::aws::arn_parse("x")"#),
        "ERR Failed to query available provider packages | Could not retrieve the list of available versions for provider hashicorp/aws: no available releases match the given constraints ~> 4.0, >= 5.0.0\n\nTo see which modules are currently depending on hashicorp/aws and what versions are specified, run the following command:\n    terraform providers"
    );
    let bad = AWS.replace(">= 5.40", ">= five");
    assert_eq!(
        run(&bad, r#"provider::aws::arn_parse("x")"#),
        "ERR Invalid version constraint | This string does not use correct version constraint syntax."
    );
    let builtin = TF.replace("\" }", "\", version = \"1.8.0\" }");
    assert_eq!(
        run(&builtin, r#"provider::terraform::encode_expr(1)"#),
        "ERR Invalid dependency on built-in provider | Cannot use terraform.io/builtin/terraform: built-in providers do not support explicit version constraints."
    );
}

// --- the lesson's claims (seeds/001, "Provider-defined functions").

// "The middle part is the local name the module gives the provider in required_providers".
#[test]
fn lesson_local_name_is_what_matters() {
    let cfg = "terraform {\n  required_providers {\n    cloud = { source = \"hashicorp/aws\", version = \">= 5.40\" }\n  }\n}\nvariable \"role_arn\" {\n  default = \"arn:aws:iam::123456789012:role/teams/platform/deployer\"\n}\nlocals {\n  role_arn_short = provider::cloud::trim_iam_role_path(var.role_arn)\n}\n";
    assert_eq!(run(cfg, "local.role_arn_short"), "\"arn:aws:iam::123456789012:role/deployer\"");
    assert!(run(cfg, r#"provider::aws::arn_parse("arn:aws:iam::1:role/x")"#).starts_with("ERR Unknown provider function"));
}
// "an older pinned version fails even on a new Terraform".
#[test]
fn lesson_pinned_old_version_fails_on_new_terraform() {
    let cfg = AWS.replace(">= 5.40", "= 5.39.0");
    for v in [(1, 8, 0), (1, 14, 0)] {
        assert!(run_with(&cfg, v, r#"provider::aws::arn_parse("arn:aws:iam::1:role/x")"#).starts_with("ERR Unknown provider function"));
    }
    let ok = AWS.replace(">= 5.40", "= 5.40.0");
    assert_eq!(
        run_with(&ok, (1, 8, 0), r#"provider::aws::arn_parse("arn:aws:iam::1:role/x").service"#),
        "\"iam\""
    );
}
// "a separate provider configuration block is not needed just to call a function".
#[test]
fn lesson_no_provider_block_needed() {
    assert!(!AWS.contains("provider \""));
    assert_eq!(aws(r#"provider::aws::arn_parse("arn:aws:s3:::b").service"#), "\"s3\"");
}
// "On Terraform 1.7 or earlier the syntax does not parse at all, so no ... try() wrapper can
// hide it".
#[test]
fn lesson_terraform_1_7_does_not_parse() {
    let v = (1, 7, 5);
    assert_eq!(
        run_with(AWS, v, r#"provider::aws::arn_parse("x")"#),
        "ERR Extra characters after expression | An expression was successfully parsed, but extra characters were found after it."
    );
    assert_eq!(
        run_with(AWS, v, r#"try(provider::aws::arn_parse("x"), "fallback")"#),
        "ERR Missing argument separator | A comma is required to separate each function argument from the next."
    );
    assert_eq!(
        run_with(AWS, v, r#"can(provider::aws::arn_parse("x"))"#),
        "ERR Missing argument separator | A comma is required to separate each function argument from the next."
    );
    assert_eq!(
        run_with(AWS, v, r#"true ? provider::aws::arn_parse("x") : 1"#),
        "ERR Invalid expression | Expected the start of an expression, but found an invalid expression token."
    );
    assert_eq!(
        run_with(AWS, v, "core::pow(2, 3)"),
        "ERR Extra characters after expression | An expression was successfully parsed, but extra characters were found after it."
    );
    // 1.8 parses it.
    assert_eq!(
        run_with(AWS, (1, 8, 0), r#"try(provider::aws::arn_parse("x"), "fallback")"#),
        "\"fallback\""
    );
}
#[test]
fn terraform_1_7_config_gate() {
    let cfg = format!("{AWS}locals {{\n  a = provider::aws::arn_parse(\"x\")\n}}\n");
    let d = super::gate_config_text("main.tf", &cfg, (1, 7, 0));
    let d = d.map(|d| (d.summary, d.span, d.fatal));
    let colon = cfg.find("provider::").map(|i| i + "provider".len()).unwrap_or(0);
    assert_eq!(
        d,
        Some(("Missing newline after argument".to_string(), Some(colon..colon + 1), true))
    );
    assert!(super::gate_config_text("main.tf", &cfg, (1, 8, 0)).is_none());
}

// --- other version gates.

// templatestring: docs language/functions/templatestring, "introduced in Terraform v1.9".
#[test]
fn builtin_gates() {
    let d = run_with("", (1, 8, 0), r#"templatestring("x", {})"#);
    assert_eq!(d, "ERR Call to unknown function | There is no function named \"templatestring\".");
    assert!(run_with("", (1, 2, 0), r#"startswith("ab", "a")"#).starts_with("ERR Call to unknown function"));
    assert!(super::builtin_available("startswith", (1, 3, 0)));
    assert!(super::builtin_available("strcontains", (1, 5, 0)) && !super::builtin_available("strcontains", (1, 4, 7)));
}
// check blocks: Terraform 1.5 (CHANGELOG); before, HCL's "Unsupported block type".
#[test]
fn check_block_gate() {
    let cfg = "check \"health\" {\n  assert {\n    condition     = length(\"x\") == 1 && path.module != \"\"\n    error_message = \"x\"\n  }\n}\n";
    let d = super::gate_config_text("main.tf", cfg, (1, 4, 0)).map(|d| (d.summary, d.detail, d.span));
    assert_eq!(
        d,
        Some((
            "Unsupported block type".into(),
            "Blocks of type \"check\" are not expected here.".into(),
            Some(0..5)
        ))
    );
    assert!(super::gate_config_text("main.tf", cfg, (1, 5, 0)).is_none());
}
// optional(): Terraform 1.3 (before: the module_variable_optional_attrs experiment).
#[test]
fn optional_gate() {
    let one = "variable \"v\" {\n  type = object({ a = optional(string) })\n}\n";
    let d = super::gate_config_text("main.tf", one, (1, 2, 0)).map(|d| (d.summary, d.span));
    assert_eq!(d, Some(("Optional object type attributes are experimental".into(), Some(0..12))));
    let two = "variable \"v\" {\n  type = object({ a = optional(string, \"x\") })\n}\n";
    let d = super::gate_config_text("main.tf", two, (1, 2, 0)).map(|d| d.detail);
    assert_eq!(
        d.as_deref(),
        Some("Optional attribute modifier expects only one argument: the attribute type.")
    );
    assert!(super::gate_config_text("main.tf", two, (1, 3, 0)).is_none());
}

// Through the session: the configuration gate runs when it loads, before the expression.
#[test]
fn session_applies_config_gates() {
    let cfg = "check \"health\" {\n  assert {\n    condition     = length(\"x\") == 1 && path.module != \"\"\n    error_message = \"x\"\n  }\n}\n";
    assert_eq!(
        run_with(cfg, (1, 4, 0), "1"),
        "ERR Unsupported block type | Blocks of type \"check\" are not expected here."
    );
    assert_eq!(run_with(cfg, (1, 5, 0), "1"), "1");
    let local = format!("{AWS}locals {{\n  a = provider::aws::arn_parse(\"x\")\n}}\n");
    assert_eq!(
        run_with(&local, (1, 7, 0), "1"),
        "ERR Missing newline after argument | An argument definition must end with a newline."
    );
    assert_eq!(run_with(&local, (1, 8, 0), "1"), "1");
}

// The explanation Terraform's message leaves out: which release was selected, which added it.
#[test]
fn why_unavailable_names_the_versions() {
    let cfg = AWS.replace(">= 5.40", "= 5.39.0");
    let s = session(&cfg, (1, 14, 0));
    let why = s.with_scope(&Rules::real(), |ev, _| super::why_unavailable(ev, "aws", "arn_parse"));
    assert_eq!(
        why.ok().flatten().as_deref(),
        Some("hashicorp/aws 5.39.0 is selected (version = \"= 5.39.0\"), but arn_parse was added in hashicorp/aws 5.40.0")
    );
}
