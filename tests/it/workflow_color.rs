//! The workflow in colour, the state lock and the local backend's settings through the
//! commands. Colour: the steps of `tests/workflow/color-text/steps.txt` run through the
//! emulator, and each step's standard output must equal, escape sequence for escape sequence,
//! what Terraform 1.6.6, 1.12.2 and 1.14.9 printed (`scripts/record-workflow-color.sh`; UUIDs
//! numbered in order of appearance). The lock: a second holder in this process (a
//! [`StateLock`], as another process's lock is seen) refuses the commands that lock, as
//! Terraform refuses them.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use iacquiz::lang::dialect::releases::TfVersion;
use iacquiz::workflow::command::{Invocation, Outcome, run};
use iacquiz::workflow::state::lock::{LockInfo, StateLock, info_path};

const RELEASES: [(&str, TfVersion); 3] = [("1.6.6", (1, 6, 6)), ("1.12.2", (1, 12, 2)), ("1.14.9", (1, 14, 9))];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/workflow/color-text")
}

fn scratch(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("iacquiz-wfcolor-{tag}-{}-{n}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// UUIDs numbered in order of appearance (`<uuid-1>`), as the recording numbers them.
fn numbered(text: &str) -> String {
    let mut seen: Vec<String> = Vec::new();
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    let is_uuid = |s: &[u8]| {
        s.len() >= 36
            && s[..36].iter().enumerate().all(|(k, c)| {
                if [8, 13, 18, 23].contains(&k) {
                    *c == b'-'
                } else {
                    c.is_ascii_hexdigit() && !c.is_ascii_uppercase()
                }
            })
    };
    while i < bytes.len() {
        if is_uuid(&bytes[i..]) {
            let u = &text[i..i + 36];
            let n = match seen.iter().position(|x| x == u) {
                Some(p) => p + 1,
                None => {
                    seen.push(u.to_string());
                    seen.len()
                }
            };
            out.push_str(&format!("<uuid-{n}>"));
            i += 36;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn invoke(dir: &Path, version: TfVersion, args: &[&str], automation: bool) -> Outcome {
    let mut env = BTreeMap::new();
    if automation {
        env.insert("TF_IN_AUTOMATION".to_string(), "1".to_string());
    }
    run(&Invocation {
        dir: dir.to_path_buf(),
        args: args.iter().map(|a| a.to_string()).collect(),
        env,
        version,
        seed: 7,
        input: Some(String::new()),
    })
}

#[test]
fn plan_apply_show_and_destroy_are_coloured_as_terraform_colours_them() {
    let steps = fs::read_to_string(root().join("steps.txt")).unwrap();
    for (name, version) in RELEASES {
        let dir = scratch(name);
        fs::copy(root().join("main.tf"), dir.join("main.tf")).unwrap();
        for (n, step) in steps.lines().enumerate() {
            if step == "edit" {
                fs::copy(root().join("main.tf.next"), dir.join("main.tf")).unwrap();
                continue;
            }
            let args: Vec<&str> = step.split_whitespace().collect();
            // `plan` was recorded outside automation (its closing note), the rest inside.
            let o = invoke(&dir, version, &args, args[0] != "plan");
            let want = fs::read_to_string(root().join(name).join(format!("step-{n}.out"))).unwrap();
            assert_eq!(numbered(&o.stdout), want, "{name} step {n}: {step}\nstderr: {}", o.stderr);
            assert_eq!(o.code, 0, "{name} step {n}: {step}");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}

/// A folder with one applied resource.
fn applied(tag: &str) -> PathBuf {
    let dir = scratch(tag);
    fs::write(dir.join("main.tf"), "resource \"terraform_data\" \"a\" {\n  input = \"x\"\n}\n").unwrap();
    let v = (1, 12, 2);
    assert_eq!(invoke(&dir, v, &["init", "-no-color"], true).code, 0);
    assert_eq!(invoke(&dir, v, &["apply", "-auto-approve", "-no-color"], true).code, 0);
    dir
}

fn holder() -> LockInfo {
    LockInfo {
        id: "11111111-2222-3333-4444-555555555555".into(),
        operation: "OperationTypeApply".into(),
        info: String::new(),
        who: "someone@host".into(),
        version: "1.12.2".into(),
        created: "2026-01-02T03:04:05.5Z".into(),
        path: "terraform.tfstate".into(),
    }
}

/// The refusal Terraform prints for a lock held by [`holder`] (recorded from 1.12.2 with the
/// holder's details put in).
const REFUSAL: &str = "\nError: Error acquiring the state lock\n\nError message: resource temporarily unavailable\nLock Info:\n  ID:        11111111-2222-3333-4444-555555555555\n  Path:      terraform.tfstate\n  Operation: OperationTypeApply\n  Who:       someone@host\n  Version:   1.12.2\n  Created:   2026-01-02 03:04:05.5 +0000 UTC\n  Info:      \n\n\nTerraform acquires a state lock to protect the state from being written\nby multiple users at the same time. Please resolve the issue above and try\nagain. For most commands, you can disable locking with the \"-lock=false\"\nflag, but this is not recommended.\n";

#[test]
fn commands_that_lock_are_refused_while_another_holds_the_lock() {
    let dir = applied("lock");
    let state = dir.join("terraform.tfstate");
    let before = fs::read(&state).unwrap();
    let lock = StateLock::acquire(&state, holder()).unwrap();
    let v = (1, 12, 2);
    for args in [
        vec!["plan", "-no-color"],
        vec!["apply", "-auto-approve", "-no-color"],
        vec!["destroy", "-auto-approve", "-no-color"],
        vec!["refresh", "-no-color"],
    ] {
        let o = invoke(&dir, v, &args, true);
        assert_eq!((o.code, o.stdout.as_str(), o.stderr.as_str()), (1, "", REFUSAL), "{args:?}");
    }
    // The older commands print it through the message printer: a line break after it.
    for args in [
        vec!["state", "rm", "-no-color", "terraform_data.a"],
        vec!["state", "mv", "-no-color", "terraform_data.a", "terraform_data.b"],
        vec!["taint", "-no-color", "terraform_data.a"],
        vec!["untaint", "-no-color", "terraform_data.a"],
        vec!["import", "-no-color", "terraform_data.a", "x"],
    ] {
        let o = invoke(&dir, v, &args, true);
        assert_eq!((o.code, o.stderr.clone()), (1, format!("{REFUSAL}\n")), "{args:?}");
    }
    // Reading commands do not lock; nothing was written.
    assert_eq!(invoke(&dir, v, &["state", "list"], true).stdout, "terraform_data.a\n");
    assert_eq!(fs::read(&state).unwrap(), before);
    // -lock=false goes ahead.
    let o = invoke(&dir, v, &["plan", "-lock=false", "-no-color"], true);
    assert_eq!(o.code, 0, "{}", o.stderr);
    lock.release();
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_lock_timeout_waits_for_the_holder_and_says_so() {
    let dir = applied("wait");
    let state = dir.join("terraform.tfstate");
    let lock = StateLock::acquire(&state, holder()).unwrap();
    let releaser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        lock.release();
    });
    let o = invoke(&dir, (1, 12, 2), &["plan", "-lock-timeout=5s", "-no-color"], true);
    releaser.join().unwrap();
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout
            .starts_with("Acquiring state lock. This may take a few moments...\nterraform_data.a: Refreshing state..."),
        "{}",
        o.stdout
    );
    // The command's own lock is gone with it: the info file too.
    assert!(!info_path(&state).exists());
    let bad = invoke(&dir, (1, 12, 2), &["plan", "-lock-timeout=soon", "-no-color"], true);
    assert_eq!(bad.code, 1);
    assert!(
        bad.stderr.contains("invalid value \"soon\" for flag -lock-timeout: parse error"),
        "{}",
        bad.stderr
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn force_unlock_cannot_unlock_a_local_state() {
    let dir = applied("unlock");
    let v = (1, 12, 2);
    let o = invoke(&dir, v, &["force-unlock", "-no-color", "x"], true);
    assert_eq!(
        (o.code, o.stderr.as_str()),
        (1, "Local state cannot be unlocked by another process\n")
    );
    let o = invoke(&dir, v, &["force-unlock", "-force", "-no-color", "x"], true);
    assert_eq!((o.code, o.stderr.as_str()), (1, "Failed to unlock state: LocalState not locked\n"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_backend_path_needs_init_and_migrates_its_state() {
    let dir = scratch("backend");
    let block = |path: &str| {
        format!(
            "terraform {{\n  backend \"local\" {{\n    path = \"{path}\"\n  }}\n}}\nresource \"terraform_data\" \"a\" {{\n  input = \"x\"\n}}\n"
        )
    };
    fs::write(dir.join("main.tf"), block("a.tfstate")).unwrap();
    let v = (1, 12, 2);
    let o = invoke(&dir, v, &["init", "-no-color"], true);
    assert!(o.stdout.contains("Successfully configured the backend \"local\"!"), "{}", o.stdout);
    // The cache as Terraform 1.12.2 wrote it (its hash recorded from it).
    assert_eq!(
        fs::read_to_string(dir.join(".terraform/terraform.tfstate")).unwrap(),
        "{\n  \"version\": 3,\n  \"terraform_version\": \"1.12.2\",\n  \"backend\": {\n    \"type\": \"local\",\n    \"config\": {\n      \"path\": \"a.tfstate\",\n      \"workspace_dir\": null\n    },\n    \"hash\": 2985648108\n  }\n}"
    );
    assert_eq!(invoke(&dir, v, &["apply", "-auto-approve", "-no-color"], true).code, 0);
    assert!(dir.join("a.tfstate").exists() && !dir.join("terraform.tfstate").exists());
    fs::write(dir.join("main.tf"), block("b.tfstate")).unwrap();
    let o = invoke(&dir, v, &["plan", "-no-color"], true);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.starts_with(
            "\nError: Backend initialization required: please run \"terraform init\"\n\nReason: Backend configuration block has changed\n"
        ),
        "{}",
        o.stderr
    );
    let o = invoke(&dir, v, &["init", "-no-color"], true);
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("Error: Backend configuration changed\n"), "{}", o.stderr);
    let o = invoke(&dir, v, &["init", "-no-color", "-migrate-state", "-input=false"], true);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("Error: Can't ask approval for state migration when interactive input is disabled."),
        "{}",
        o.stderr
    );
    let o = invoke(&dir, v, &["init", "-no-color", "-migrate-state", "-force-copy"], true);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("Backend configuration changed!"), "{}", o.stdout);
    // The copy keeps the snapshot: same lineage and serial.
    assert_eq!(
        fs::read_to_string(dir.join("a.tfstate")).unwrap(),
        fs::read_to_string(dir.join("b.tfstate")).unwrap()
    );
    assert_eq!(invoke(&dir, v, &["state", "list"], true).stdout, "terraform_data.a\n");
    // -backend-config overrides the block; -reconfigure forgets the saved backend, state untouched.
    let o = invoke(
        &dir,
        v,
        &["init", "-no-color", "-reconfigure", "-backend-config=path=c.tfstate"],
        true,
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(!dir.join("c.tfstate").exists());
    let o = invoke(&dir, v, &["state", "list"], true);
    assert_eq!(o.code, 1, "no state at c.tfstate: {}", o.stdout);
    let _ = fs::remove_dir_all(&dir);
}
