//! `iacquiz rivet expand` and `iacquiz rivet diff` through the command line: output formats,
//! exit codes (0 success, 1 a compile error, 2 unusable arguments) and error locations.

use std::path::PathBuf;
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
    let dir = std::env::temp_dir().join(format!("iacquiz-rivet-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (n, t) in files {
        let p = dir.join(n);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(p, t).expect("write");
    }
    dir.to_string_lossy().to_string()
}

fn asset(rel: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rivet")
        .join(rel)
        .to_string_lossy()
        .to_string()
}

const SLOTS: &str = "variable \"enabled\" {\n  type    = bool\n  default = true\n}\nfile \"slots\" {\n  count   = var.enabled ? 2 : 0\n  path    = \"/etc/rivet-slot-${count.index}\"\n  content = \"slot=${count.index}\\n\"\n}\n";

#[test]
fn expand_prints_the_slots_of_the_seed_example() {
    let d = folder("slots", &[("main.rvt", SLOTS)]);
    let (code, out, err) = iacquiz(&["rivet", "expand", &d, "--format", "addresses"]);
    assert_eq!((code, out.as_str()), (0, "file.slots[0]\nfile.slots[1]\n"), "{err}");
    let (code, out, _) = iacquiz(&["rivet", "expand", &d, "--var", "enabled=false"]);
    assert_eq!((code, out.as_str()), (0, ""));
    let file = format!("{d}/main.rvt");
    let (code, out, _) = iacquiz(&["rivet", "expand", &file]);
    assert_eq!((code, out.as_str()), (0, "file.slots[0]\nfile.slots[1]\n"), "one file works too");
}

#[test]
fn expand_prints_module_addresses_in_declaration_and_key_order() {
    let (code, out, err) = iacquiz(&["rivet", "expand", &asset("module-families")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "module.files[\"first\"].file.this\nmodule.files[\"second\"].file.this\nmodule.slots[0].file.this\nmodule.slots[1].file.this\n"
    );
}

#[test]
fn expand_json_prints_the_whole_bundle() {
    let (code, out, err) = iacquiz(&["rivet", "expand", &asset("named-instances"), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(j["resources"][1]["address"], "file.messages[\"second\"]");
    assert_eq!(j["resources"][1]["key"], "second");
    assert_eq!(j["resources"][1]["attributes"]["path"], "/etc/rivet-second");
    assert_eq!(j["outputs"]["first"]["value"], "file.messages[\"first\"]");
    assert_eq!(j["outputs"]["first"]["type"], "resource(\"file\")");
}

#[test]
fn facts_reach_the_configuration() {
    let d = folder(
        "facts",
        &[("main.rvt", "file \"cpu\" {\n  count   = fact.cpus\n  content = fact.host\n}\n")],
    );
    let (code, out, err) = iacquiz(&["rivet", "expand", &d, "--fact", "cpus=3", "--fact", "host=web"]);
    assert_eq!((code, out.as_str()), (0, "file.cpu[0]\nfile.cpu[1]\nfile.cpu[2]\n"), "{err}");
    let (code, _, err) = iacquiz(&["rivet", "expand", &d, "--fact", "cpus=3.5", "--fact", "host=web"]);
    assert_eq!(code, 1);
    assert!(err.contains("main.rvt:2:"), "{err}");
}

#[test]
fn compile_errors_exit_1_with_file_and_line() {
    let d = folder("list", &[("main.rvt", "file \"a\" {\n  for_each = [\"x\"]\n}\n")]);
    let (code, out, err) = iacquiz(&["rivet", "expand", &d]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("main.rvt:2:14"), "{err}");
    assert!(err.contains("toset("), "{err}");
    let d = folder(
        "inmodule",
        &[
            ("main.rvt", "module \"m\" {\n  source = \"./modules/m\"\n}\n"),
            ("modules/m/main.rvt", "file \"x\" {\n  count = -1\n}\n"),
        ],
    );
    let (code, _, err) = iacquiz(&["rivet", "expand", &d]);
    assert_eq!(code, 1);
    assert!(err.contains("modules/m/main.rvt:2:"), "{err}");
}

#[test]
fn unusable_arguments_exit_2() {
    let d = folder("args", &[("main.rvt", SLOTS)]);
    assert_eq!(iacquiz(&["rivet", "expand", &d, "--var", "novalue"]).0, 2);
    assert_eq!(iacquiz(&["rivet", "expand", &d, "--var", "enabled=[unclosed"]).0, 2);
    assert_eq!(iacquiz(&["rivet", "expand", &d, "--fact", "x"]).0, 2);
    assert_eq!(iacquiz(&["rivet", "expand", &d, "--format", "yaml"]).0, 2);
    assert_eq!(iacquiz(&["rivet", "expand", "/no/such/folder"]).0, 2);
    assert_eq!(iacquiz(&["rivet", "expand"]).0, 2);
    assert_eq!(iacquiz(&["rivet", "diff", &d]).0, 2);
}

#[test]
fn diff_reports_identity_changes() {
    let (code, out, err) = iacquiz(&[
        "rivet",
        "diff",
        &asset("identity/change-key/old"),
        &asset("identity/change-key/new"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "kept       file.messages[\"first\"]\nadded      file.messages[\"later\"]\nsuperseded file.messages[\"second\"]\n"
    );
    let (code, out, _) = iacquiz(&[
        "rivet",
        "diff",
        &asset("identity/explicit-absent/old"),
        &asset("identity/explicit-absent/new"),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(j["removed"][0], "file.messages[\"second\"]");
    assert_eq!(j["superseded"].as_array().map(Vec::len), Some(0));
    assert_eq!(j["kept"].as_array().map(Vec::len), Some(4));
}
