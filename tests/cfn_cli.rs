//! `iacquiz cfn package` on disk: output to stdout or a file, YAML or JSON, exit codes, and
//! file access confined to the parent template's folder (symbolic links included).

use std::path::{Path, PathBuf};
use std::process::Command;

use iacquiz::cfn::{self, ErrorKind};
use iacquiz::lang::Rules;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_iacquiz"))
}

/// A fresh temporary folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-cfn-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cfn").join(name)
}

#[test]
fn package_prints_yaml_and_exits_0() {
    let out = bin()
        .args(["cfn", "package"])
        .arg(fixture("prefix/template.yaml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("  LogsBucket:\n    Type: AWS::S3::Bucket\n"), "{text}");
    assert!(text.contains("DependsOn: LogsBucket"), "{text}");
}

#[test]
fn package_writes_json_to_a_file() {
    let dir = scratch("json-out");
    let out_file = dir.join("out.json");
    let out = bin()
        .args(["cfn", "package", "--format", "json", "-o"])
        .arg(&out_file)
        .arg(fixture("json/template.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out_file).unwrap()).unwrap();
    assert_eq!(v["Resources"]["QQueue"]["Properties"]["QueueName"], "jobs");
    assert_eq!(v["Resources"]["QQueue"]["Properties"]["Delay"], 5);
    assert_eq!(v["Resources"]["Sub"]["Properties"]["Endpoint"]["Fn::GetAtt"][0], "QQueue");
}

#[test]
fn packaging_errors_exit_1_naming_file_module_and_key() {
    let out = bin()
        .args(["cfn", "package"])
        .arg(fixture("override-unknown/template.yaml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("template.yaml: module Cache: Overrides: Clustr"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn unusable_arguments_exit_2() {
    let out = bin().args(["cfn", "package", "--format", "xml", "x.yaml"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["cfn", "package"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_missing_parent_is_an_unusable_argument_naming_it() {
    // As for every command, a path argument that is not there is unusable input (exit 2); a
    // missing module file is a packaging error (exit 1).
    let dir = scratch("missing");
    let out = bin().args(["cfn", "package"]).arg(dir.join("nope.yaml")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nope.yaml"));
}

#[test]
fn sources_are_relative_to_the_declaring_file_not_the_working_folder() {
    let dir = scratch("cwd");
    write(&dir, "stack/template.yaml", "Modules:\n  A:\n    Source: mods/a.yaml\n");
    write(&dir, "stack/mods/a.yaml", "Modules:\n  B:\n    Source: b.yaml\n");
    write(&dir, "stack/mods/b.yaml", "Resources:\n  R:\n    Type: X::Y::Z\n");
    // Run from somewhere else entirely.
    let out = bin()
        .current_dir(&dir)
        .args(["cfn", "package", "stack/template.yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("ABR:"));
}

#[cfg(unix)]
#[test]
fn symbolic_links_out_of_the_folder_are_refused_before_reading() {
    let dir = scratch("symlink");
    write(&dir, "secret/creds.yaml", "Resources:\n  Leak:\n    Type: X::Y::Z\n");
    write(&dir, "stack/template.yaml", "Modules:\n  M:\n    Source: link.yaml\n");
    write(&dir, "stack/inside.yaml", "Resources:\n  Ok:\n    Type: X::Y::Z\n");
    std::os::unix::fs::symlink(dir.join("secret/creds.yaml"), dir.join("stack/link.yaml")).unwrap();
    let e = cfn::package(dir.join("stack/template.yaml"), &Rules::real()).unwrap_err();
    assert!(matches!(*e.kind, ErrorKind::Escape { .. }), "{e}");
    assert!(e.to_string().contains("symbolic link"), "{e}");
    // A link that stays inside is fine.
    std::fs::remove_file(dir.join("stack/link.yaml")).unwrap();
    std::os::unix::fs::symlink(dir.join("stack/inside.yaml"), dir.join("stack/link.yaml")).unwrap();
    let t = cfn::package(dir.join("stack/template.yaml"), &Rules::real()).unwrap();
    assert!(cfn::render_yaml(&t).contains("MOk:"));
}

#[test]
fn a_zip_package_on_disk() {
    use std::io::Write;
    let dir = scratch("zip");
    write(
        &dir,
        "template.yaml",
        "Packages:\n  p:\n    Source: pkg.zip\nModules:\n  Z:\n    Source: $p/inner/m.yaml\n",
    );
    let mut buf = std::io::Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        z.start_file("inner/m.yaml", opts).unwrap();
        z.write_all(b"Modules:\n  N:\n    Source: n.yaml\n").unwrap();
        z.start_file("inner/n.yaml", opts).unwrap();
        z.write_all(b"Resources:\n  R:\n    Type: X::Y::Z\n").unwrap();
        z.finish().unwrap();
    }
    std::fs::write(dir.join("pkg.zip"), buf.into_inner()).unwrap();
    let t = cfn::package(dir.join("template.yaml"), &Rules::real()).unwrap();
    assert!(cfn::render_yaml(&t).contains("ZNR:"), "{}", cfn::render_yaml(&t));
    // An entry that is not in the archive names the archive and the entry.
    write(
        &dir,
        "template.yaml",
        "Packages:\n  p:\n    Source: pkg.zip\nModules:\n  Z:\n    Source: $p/missing.yaml\n",
    );
    let e = cfn::package(dir.join("template.yaml"), &Rules::real()).unwrap_err();
    assert!(e.to_string().contains("pkg.zip!/missing.yaml"), "{e}");
}
