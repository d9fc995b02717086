//! `iacquiz terraform`'s state room against what real Terraform wrote
//! (tests/workflow/state/, recorded by scripts/record-workflow-state.py at 1.6.6, 1.12.2 and
//! 1.14.9): every state file read and written back byte for byte, Terraform's errors for bad
//! files, the state commands' output and resulting files, workspaces and the lock.

use std::fs;
use std::path::{Path, PathBuf};

use iacquiz::lang::dialect::releases::TfVersion;
use iacquiz::workflow::model::State;
use iacquiz::workflow::state::{ReadError, read_state, write_state};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/workflow/state")
}

const RELEASES: [(&str, TfVersion); 3] = [("1.6.6", (1, 6, 6)), ("1.12.2", (1, 12, 2)), ("1.14.9", (1, 14, 9))];

/// Every file under `dir`, recursively, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Text with ANSI colours removed and Terraform's diagnostic frame (`│ `, `╷`, `╵`) and
/// line wrapping undone, so a detail compares as one line of words.
pub fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
            continue;
        }
        out.push(c);
    }
    out.lines()
        .map(|l| l.trim_start_matches(['│', '╷', '╵']).trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The folder of the step called `name` (`NN-name`) in a recorded run.
fn step(run: &Path, name: &str) -> PathBuf {
    let mut dirs: Vec<PathBuf> = fs::read_dir(run).unwrap().flatten().map(|e| e.path()).collect();
    dirs.sort();
    dirs.into_iter()
        .find(|d| d.file_name().and_then(|f| f.to_str()).is_some_and(|f| f.get(3..) == Some(name)))
        .unwrap_or_else(|| panic!("no step {name} in {}", run.display()))
}

/// The steps of a recorded run, in order, with the arguments each ran.
fn steps(run: &Path) -> Vec<(PathBuf, Vec<String>)> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(run).unwrap().flatten().map(|e| e.path()).collect();
    dirs.sort();
    dirs.into_iter()
        .map(|d| {
            let cmd: serde_json::Value = serde_json::from_str(&fs::read_to_string(d.join("cmd")).unwrap()).unwrap();
            let args = cmd["args"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().to_string())
                .collect();
            (d, args)
        })
        .collect()
}

fn read(path: &Path, release: TfVersion) -> State {
    let bytes = fs::read(path).unwrap();
    match read_state(&bytes, release) {
        Ok(s) => s,
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

#[test]
fn every_recorded_state_file_is_written_back_byte_for_byte() {
    let mut checked = 0;
    for case in ["basic", "values", "checks", "workspace", "lock"] {
        for (name, release) in RELEASES {
            for path in files_under(&root().join(case).join(name)) {
                let file = path.file_name().and_then(|f| f.to_str()).unwrap_or_default();
                if !file.starts_with("terraform.tfstate") {
                    continue;
                }
                let bytes = fs::read(&path).unwrap();
                if bytes.is_empty() {
                    continue;
                }
                let state = read(&path, release);
                let again = write_state(&state, release).unwrap();
                let want = String::from_utf8(bytes).unwrap();
                assert!(
                    again == want,
                    "{}: written back differently\n--- want\n{want}\n--- got\n{again}",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "only {checked} state files found");
}

#[test]
fn state_pull_prints_the_file_itself() {
    for (name, release) in RELEASES {
        for (case, step) in [("basic", "08-pull"), ("values", "02-pull")] {
            let dir = root().join(case).join(name).join(step);
            let printed = fs::read_to_string(dir.join("stdout")).unwrap();
            let file = fs::read_to_string(dir.join("files/terraform.tfstate")).unwrap();
            assert_eq!(printed, format!("{file}\n"), "{case} {name}: pull is the file and a newline");
            let state = read(&dir.join("files/terraform.tfstate"), release);
            assert_eq!(iacquiz::workflow::state::commands::pull(&state, release).unwrap(), printed);
        }
    }
}

#[test]
fn the_model_holds_what_the_file_says() {
    use iacquiz::lang::Value;
    use iacquiz::workflow::model::{InstanceKey, ResourceMode};
    for (name, release) in RELEASES {
        let s = read(&root().join("values").join(name).join("01-apply/files/terraform.tfstate"), release);
        assert_eq!(s.terraform_version, name);
        assert_eq!(s.lineage, "00000000-0000-4000-8000-000000000001");
        let sens = &s.outputs["sens"];
        assert!(sens.sensitive);
        assert_eq!(s.outputs["num"].value.as_number().map(|n| n.to_text()), Some("1.25".into()));
        let remote = s
            .resources
            .iter()
            .find(|r| r.addr.mode == ResourceMode::Data && r.addr.name == "s")
            .unwrap();
        let obj = remote.instances[0].current.as_ref().unwrap();
        assert_eq!(obj.attributes["backend"].as_str(), Some("local"));
        assert!(obj.attributes["workspace"].is_null());
        let cbd = s.resources.iter().find(|r| r.addr.name == "cbd").unwrap();
        let obj = cbd.instances[0].current.as_ref().unwrap();
        assert!(obj.create_before_destroy);
        assert_eq!(obj.dependencies, vec!["terraform_data.v".to_string()]);
        let v = s.resources.iter().find(|r| r.addr.name == "v").unwrap();
        let input = &v.instances[0].current.as_ref().unwrap().attributes["input"];
        let Some(m) = input.as_entries() else {
            panic!("input is an object")
        };
        assert!(matches!(&m["s"], Value::Set(..)));
        assert!(matches!(&m["m"], Value::Map(..)));
        assert!(matches!(&m["l"], Value::List(..)));
        assert_eq!(m["html"].as_str(), Some("<&>\u{2028}\u{2029} \"q\" \\ \t\n\u{1} é 😀"));
        let basic = read(&root().join("basic").join(name).join("01-apply/files/terraform.tfstate"), release);
        let b = basic.resources.iter().find(|r| r.addr.name == "b").unwrap();
        assert_eq!(b.instances.len(), 2);
        assert!(b.instances.iter().any(|i| i.key == InstanceKey::Str("k".into())));
        assert_eq!(b.instances[0].current.as_ref().unwrap().sensitive_attributes.len(), 1);
    }
}

#[test]
fn tainted_objects_are_read_and_written() {
    for (name, release) in RELEASES {
        let s = read(
            &step(&root().join("basic").join(name), "taint").join("files/terraform.tfstate"),
            release,
        );
        let a = s.resources.iter().find(|r| r.addr.name == "a").unwrap();
        assert!(a.instances[0].current.as_ref().unwrap().tainted);
    }
}

#[test]
fn bad_state_files_get_terraforms_errors() {
    let mut checked = 0;
    for (name, release) in RELEASES {
        for dir in fs::read_dir(root().join("bad").join(name)).unwrap().flatten() {
            let dir = dir.path();
            let case = dir.file_name().and_then(|f| f.to_str()).unwrap_or_default().to_string();
            let bytes = fs::read(dir.join("terraform.tfstate")).unwrap();
            let rc = fs::read_to_string(dir.join("rc")).unwrap();
            let got = read_state(&bytes, release);
            if rc.trim() == "0" {
                let state = got.unwrap_or_else(|e| panic!("{name} {case}: Terraform read it, iacquiz refused: {e}"));
                let pull = fs::read_to_string(dir.join("pull")).unwrap();
                assert_eq!(
                    format!("{}\n", write_state(&state, release).unwrap()),
                    pull,
                    "{name} {case}: written back"
                );
            } else {
                let stderr = plain(&fs::read_to_string(dir.join("stderr")).unwrap());
                let want = match got {
                    Ok(_) => panic!("{name} {case}: Terraform refused it, iacquiz read it: {stderr}"),
                    Err(ReadError::NoState) => "No state file was found!".to_string(),
                    Err(e @ ReadError::Unusable(_)) => format!("Failed to load state: {}", plain(&e.to_string())),
                };
                assert!(
                    stderr.starts_with(&want),
                    "{name} {case}:\n  terraform: {stderr}\n  iacquiz:   {want}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 54, "{checked}");
}

#[test]
fn a_value_that_is_not_known_cannot_be_saved() {
    use iacquiz::lang::{Type, Value};
    use iacquiz::workflow::model::OutputValue;
    let mut s = State::default();
    s.outputs.insert(
        "o".into(),
        OutputValue {
            value: Value::Unknown(Type::String),
            sensitive: false,
        },
    );
    let e = write_state(&s, (1, 12, 2)).unwrap_err();
    assert!(e.to_string().contains("output \"o\""), "{e}");
}

/// What a command's recorded run printed: stdout exactly, stderr as plain words.
fn recorded(dir: &Path) -> (i32, String, String) {
    let rc = fs::read_to_string(dir.join("rc")).unwrap().trim().parse().unwrap();
    let stdout = fs::read_to_string(dir.join("stdout")).unwrap();
    let stderr = plain(&fs::read_to_string(dir.join("stderr")).unwrap());
    (rc, stdout, stderr)
}

/// A command's error as Terraform shows it, in plain words (`Error: summary detail` for
/// diagnostics).
fn shown(e: &iacquiz::workflow::state::commands::CommandError) -> String {
    use iacquiz::workflow::state::commands::Failure;
    match &e.error {
        Failure::Diags(d) => plain(
            &d.iter()
                .map(|d| format!("Error: {}\n\n{}\n", d.summary, d.detail))
                .collect::<String>(),
        ),
        Failure::Message(m) => plain(m),
    }
}

#[test]
fn state_commands_print_and_leave_what_terraform_does() {
    use iacquiz::workflow::state::commands;
    let mut checked = 0;
    for (name, release) in RELEASES {
        let run = root().join("basic").join(name);
        let mut prev: Option<PathBuf> = None;
        for (dir, args) in steps(&run) {
            let before = prev.replace(dir.clone());
            let args: Vec<&str> = args.iter().map(String::as_str).filter(|a| *a != "-no-color").collect();
            let Some(before) = before else { continue };
            let before_file = before.join("files/terraform.tfstate");
            if !before_file.exists() {
                continue;
            }
            let state = read(&before_file, release);
            let (rc, stdout, stderr) = recorded(&dir);
            let dry = args.contains(&"-dry-run");
            let rest: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
            let result = match rest.as_slice() {
                ["state", "list", filters @ ..] => {
                    let got = commands::list(&state, filters);
                    match got {
                        Ok(lines) => {
                            assert_eq!(rc, 0, "{}", dir.display());
                            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
                            assert_eq!(text, stdout, "{}", dir.display());
                        }
                        Err(e) => {
                            assert_eq!(rc, 1, "{}: {e}", dir.display());
                            assert_eq!(shown(&e), stderr, "{}", dir.display());
                        }
                    }
                    checked += 1;
                    continue;
                }
                ["state", "mv", src, dst] => commands::mv(&state, src, dst, dry),
                ["state", "rm", addrs @ ..] => commands::rm(&state, addrs, dry),
                ["taint", addr] => commands::taint(&state, addr),
                ["untaint", addr] => commands::untaint(&state, addr),
                _ => continue,
            };
            match result {
                Ok(out) => {
                    assert_eq!(rc, 0, "{}: iacquiz succeeded, Terraform said {stderr}", dir.display());
                    let text: String = out.lines.iter().map(|l| format!("{l}\n")).collect();
                    assert_eq!(text, stdout, "{}", dir.display());
                    // The file afterwards: the new state with the serial the store gives it.
                    let want = fs::read_to_string(dir.join("files/terraform.tfstate")).unwrap();
                    let mut next = out.state.clone();
                    let (serial, lineage) = iacquiz::workflow::state::lineage::next_meta(Some(&state), &next, release, &mut || 0u64);
                    next.serial = serial;
                    next.lineage = lineage;
                    let got = write_state(&next, release).unwrap();
                    assert!(got == want, "{}: file differs\n--- want\n{want}\n--- got\n{got}", dir.display());
                }
                Err(e) => {
                    assert_eq!(rc, 1, "{}: iacquiz failed ({e}), Terraform printed {stdout}", dir.display());
                    assert_eq!(shown(&e), stderr, "{}", dir.display());
                    let printed: String = e.printed.iter().map(|l| format!("{l}\n")).collect();
                    assert_eq!(printed, stdout, "{}", dir.display());
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 3 * 25, "{checked}");
}
