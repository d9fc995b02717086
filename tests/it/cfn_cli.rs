//! `iacquiz cfn package` on disk: output to stdout or a file, YAML or JSON, exit codes, and
//! file access confined to a root folder, the working folder or `--root DIR` (symbolic links
//! included); the library's `package(path)` roots at the template's own folder.

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

/// Runs `iacquiz cfn package PARENT` with a watchdog: a read that blocks (a FIFO) must not hang
/// the test run, so the child is killed after 20 s and the test fails saying so.
#[cfg(unix)]
fn package_watched(parent: &Path) -> std::process::Output {
    use std::io::Read;
    // Run where the template is: the working folder is the root.
    let mut child = bin()
        .current_dir(parent.parent().unwrap())
        .args(["cfn", "package"])
        .arg(parent)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("iacquiz cfn package {} hung (killed after 20 s)", parent.display());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    child.stdout.take().unwrap().read_to_end(&mut stdout).unwrap();
    child.stderr.take().unwrap().read_to_end(&mut stderr).unwrap();
    std::process::Output { status, stdout, stderr }
}

/// Makes a FIFO at `path`; false when `mkfifo` is not available (the test then has nothing to
/// show).
#[cfg(unix)]
fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success())
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_not_read_by_insert_file_a_module_or_a_package() {
    let dir = scratch("fifo");
    if !mkfifo(&dir.join("pipe")) {
        eprintln!("mkfifo is not available: skipped");
        return;
    }
    let cases = [
        (
            "insert.yaml",
            "Resources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      Body:\n        Fn::InsertFile: pipe\n",
        ),
        ("module.yaml", "Modules:\n  M:\n    Source: pipe\n"),
        (
            "package.yaml",
            "Packages:\n  p:\n    Source: pipe.zip\nModules:\n  M:\n    Source: $p/m.yaml\n",
        ),
    ];
    std::os::unix::fs::symlink(dir.join("pipe"), dir.join("pipe.zip")).unwrap();
    for (name, text) in cases {
        write(&dir, name, text);
        let out = package_watched(&dir.join(name));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains("not a regular file"), "{name}: {err}");
        assert!(err.contains("pipe"), "{name}: {err}");
    }
    // The parent template itself a FIFO: an unusable argument, said plainly.
    let out = package_watched(&dir.join("pipe"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_module_file_or_a_package_linked_out_of_the_folder_is_refused() {
    let dir = scratch("links-out");
    write(&dir, "outside/m.yaml", "Resources:\n  Leak:\n    Type: X::Y::Z\n");
    std::fs::write(dir.join("outside/pkg.zip"), b"PK not read").unwrap();
    write(&dir, "outside/body.txt", "secret");
    write(&dir, "stack/module.yaml", "Modules:\n  M:\n    Source: lib/m.yaml\n");
    write(
        &dir,
        "stack/package.yaml",
        "Packages:\n  p:\n    Source: pkg.zip\nModules:\n  M:\n    Source: $p/m.yaml\n",
    );
    write(
        &dir,
        "stack/insert.yaml",
        "Resources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      Body:\n        Fn::InsertFile: body.txt\n",
    );
    std::fs::create_dir_all(dir.join("stack/lib")).unwrap();
    std::os::unix::fs::symlink(dir.join("outside/m.yaml"), dir.join("stack/lib/m.yaml")).unwrap();
    std::os::unix::fs::symlink(dir.join("outside/pkg.zip"), dir.join("stack/pkg.zip")).unwrap();
    std::os::unix::fs::symlink(dir.join("outside/body.txt"), dir.join("stack/body.txt")).unwrap();
    for (name, refused) in [
        ("module.yaml", "lib/m.yaml"),
        ("package.yaml", "pkg.zip"),
        ("insert.yaml", "body.txt"),
    ] {
        let e = cfn::package(dir.join("stack").join(name), &Rules::real()).unwrap_err();
        assert!(matches!(*e.kind, ErrorKind::Escape { .. }), "{name}: {e}");
        assert!(e.to_string().contains(refused), "{name}: {e}");
        assert!(e.to_string().contains("symbolic link"), "{name}: {e}");
    }
}

#[test]
fn an_oversize_inserted_file_is_refused_with_the_cap() {
    let dir = scratch("oversize");
    write(
        &dir,
        "template.yaml",
        "Resources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      Body:\n        Fn::InsertFile: big.txt\n",
    );
    // Sparse where the file system allows: the size is what is checked, not the bytes.
    let f = std::fs::File::create(dir.join("big.txt")).unwrap();
    f.set_len(cfn::sources::MAX_FILE + 1).unwrap();
    drop(f);
    let e = cfn::package(dir.join("template.yaml"), &Rules::real()).unwrap_err();
    assert!(matches!(*e.kind, ErrorKind::Limit(_)), "{e}");
    assert!(e.to_string().contains("big.txt"), "{e}");
    assert!(e.to_string().contains(&cfn::sources::MAX_FILE.to_string()), "{e}");
    // Under the cap it is read.
    std::fs::File::create(dir.join("big.txt")).unwrap().set_len(1024).unwrap();
    assert!(cfn::package(dir.join("template.yaml"), &Rules::real()).is_ok());
}

/// #22 point 6: the root is the working folder by default, `--root DIR` otherwise; a source may
/// climb above the template's folder (`../../modules/…`) or be absolute, inside the root only,
/// and the template itself must be inside it.
#[test]
fn sources_may_climb_to_the_root_folder_and_no_further() {
    let dir = scratch("root");
    write(
        &dir,
        "stacks/app/template.yaml",
        &format!(
            "Modules:\n  Up:\n    Source: ../../modules/bucket.yaml\n  Abs:\n    Source: {}\n",
            dir.join("modules/bucket.yaml").display()
        ),
    );
    write(&dir, "modules/bucket.yaml", "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n");
    let run = |cwd: &Path, args: &[&str]| bin().current_dir(cwd).args(["cfn", "package"]).args(args).output().unwrap();
    // From the project folder: both sources are inside the working folder.
    let out = run(&dir, &["stacks/app/template.yaml"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("UpBucket:") && text.contains("AbsBucket:"), "{text}");
    // From the template's folder the working folder is too small…
    let app = dir.join("stacks/app");
    let out = run(&app, &["template.yaml"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("../../modules/bucket.yaml") && err.contains("climbs above the root folder"),
        "{err}"
    );
    // …unless --root widens it.
    let root = dir.display().to_string();
    let out = run(&app, &["--root", &root, "template.yaml"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    // An absolute source outside the root is refused, naming the root.
    write(&dir, "stacks/app/abs.yaml", "Modules:\n  Etc:\n    Source: /etc/hosts\n");
    let out = run(&dir, &["stacks/app/abs.yaml"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("/etc/hosts") && err.contains("is outside the root folder"), "{err}");
    // A template outside the root is an unusable argument.
    let out = run(&app, &["--root", &app.join("none").display().to_string(), "template.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&app, &["../../modules/bucket.yaml"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the template is outside the root folder") && err.contains("--root DIR"),
        "{err}"
    );
}
