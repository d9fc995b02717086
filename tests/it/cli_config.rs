//! The configuration commands: `blocks`, `conditions`, `eval --outputs`, `--terraform-version`.

use std::process::Command;

fn iacquiz(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(args)
        .output()
        .expect("run iacquiz");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn folder(name: &str, files: &[(&str, &str)]) -> String {
    let dir = std::env::temp_dir().join(format!("iacquiz-cfg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    for (n, t) in files {
        std::fs::write(dir.join(n), t).expect("write");
    }
    dir.to_string_lossy().to_string()
}

#[test]
fn blocks_prints_expanded_dynamic_blocks() {
    let d = folder(
        "blocks",
        &[(
            "main.tf",
            "resource \"example_firewall\" \"web\" {\n  name = \"web\"\n  dynamic \"egress\" {\n    for_each = [443, 80]\n    content {\n      from_port = egress.value\n    }\n  }\n}\n",
        )],
    );
    let (code, out, _) = iacquiz(&["blocks", "--config", &d, "example_firewall.web"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "resource \"example_firewall\" \"web\" {\n  name = \"web\"\n\n  egress {\n    from_port = 443\n  }\n\n  egress {\n    from_port = 80\n  }\n}\n"
    );
    assert_eq!(iacquiz(&["blocks", "--config", &d, "example_firewall.nope"]).0, 1);
    assert_eq!(iacquiz(&["blocks", "--config", &d, "not-an-address"]).0, 2);
}

#[test]
fn blocks_shows_the_expansion_of_a_configuration_the_schema_refuses_and_says_so() {
    // The AWS provider's egress block requires to_port and protocol: terraform validate refuses
    // this, but the dynamic block's expansion is still what the learner asked to see.
    let d = folder(
        "blocks-invalid",
        &[(
            "main.tf",
            "resource \"aws_security_group\" \"web\" {\n  dynamic \"egress\" {\n    for_each = [443, 80]\n    content {\n      from_port = egress.value\n    }\n  }\n}\n",
        )],
    );
    let (code, out, err) = iacquiz(&["blocks", "--config", &d, "aws_security_group.web"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("  egress {").count(), 2, "{out}");
    assert!(err.contains("would refuse") && err.contains("Missing required argument"), "{err}");
    // An error the generic model shares (an undeclared variable) still fails.
    let d = folder(
        "blocks-broken",
        &[("main.tf", "resource \"aws_security_group\" \"web\" {\n  name = var.nope\n}\n")],
    );
    assert_eq!(iacquiz(&["blocks", "--config", &d, "aws_security_group.web"]).0, 1);
}

#[test]
fn outputs_hide_sensitive_values() {
    let d = folder(
        "outputs",
        &[(
            "main.tf",
            "output \"b\" {\n  value = [1, 2]\n}\noutput \"a\" {\n  value     = \"secret\"\n  sensitive = true\n}\n",
        )],
    );
    let (code, out, _) = iacquiz(&["eval", "--config", &d, "--outputs"]);
    assert_eq!(code, 0);
    assert_eq!(out, "a = <sensitive>\nb = [\n  1,\n  2,\n]\n");
}

#[test]
fn conditions_report_in_declaration_order() {
    let d = folder(
        "conditions",
        &[(
            "main.tf",
            "variable \"port\" {\n  default = 80\n}\ncheck \"port\" {\n  assert {\n    condition     = var.port == 443\n    error_message = \"Port 443 expected.\"\n  }\n}\noutput \"p\" {\n  value = var.port\n  precondition {\n    condition     = var.port > 0\n    error_message = \"positive\"\n  }\n}\n",
        )],
    );
    let (code, out, _) = iacquiz(&["conditions", "--config", &d, "--format", "json"]);
    assert_eq!(code, 0, "a failing check is only a warning");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v[0]["address"], "check.port");
    assert_eq!(v[0]["outcome"], "warning");
    assert_eq!(v[0]["message"], "Port 443 expected.");
    assert_eq!(v[1]["address"], "output.p");
    assert_eq!(v[1]["outcome"], "pass");
    let (_, text, _) = iacquiz(&["conditions", "--config", &d]);
    assert!(text.starts_with("ADDRESS"), "{text}");
}

#[test]
fn terraform_version_gates_features() {
    let d = folder(
        "gates",
        &[(
            "main.tf",
            "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\", version = \">= 5.40\" }\n  }\n}\n",
        )],
    );
    let expr = "provider::aws::trim_iam_role_path(\"arn:aws:iam::444455556666:role/devops/example\")";
    let (code, out, _) = iacquiz(&["eval", "--config", &d, expr]);
    assert_eq!((code, out.trim()), (0, "\"arn:aws:iam::444455556666:role/example\""));
    let (code, _, err) = iacquiz(&["eval", "--config", &d, "--terraform-version", "1.7.5", expr]);
    assert_eq!(code, 1);
    assert!(err.contains("Extra characters after expression"), "{err}");
    assert_eq!(iacquiz(&["eval", "--terraform-version", "one", "1"]).0, 2);
}
