//! The confinement gate under attack by time and by name: a link swapped in between the gate's
//! check and its read (the check and the read are now one act), a link out of the folder whose
//! target may or may not exist (refused alike, so a refusal says nothing about the world
//! outside), and configuration file names that are not UTF-8 (each file read once, by its own
//! name). `scripts/race-confine.py` runs the same race through the binary, at scale.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use iacquiz::confine::{ReadError, Sandbox};
use iacquiz::lang::Rules;
use iacquiz::lang::config::Config;
use iacquiz::lang::session::Session;

const SECRET: &str = "s3cr3t";

/// A fresh scratch folder: `base/` holds the secrets, `base/in/` is the folder read.
fn scratch(tag: &str) -> (PathBuf, PathBuf) {
    let base = std::env::temp_dir().join(format!("iacquiz-confine-race-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let inside = base.join("in");
    std::fs::create_dir_all(&inside).expect("scratch folder");
    (base, inside)
}

fn write(p: &Path, text: impl AsRef<[u8]>) {
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).expect("mkdir");
    }
    std::fs::write(p, text).expect("write");
}

#[cfg(target_os = "linux")]
mod race {
    use std::path::{Path, PathBuf};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    use super::{SECRET, write};

    /// Reads made per reader (each bounded by [`BUDGET`] as well). With the old check-then-open
    /// gate a few in a thousand reads leaked (137 in 20,000 for `file()` through the binary).
    pub const READS: usize = 3_000;
    /// The most time one reader's race may take.
    pub const BUDGET: Duration = Duration::from_secs(20);

    /// A thread that swaps `name` with `name.alt` (atomically, RENAME_EXCHANGE) until dropped.
    pub struct Swapper {
        stop: Arc<AtomicBool>,
        thread: Option<std::thread::JoinHandle<usize>>,
    }

    impl Swapper {
        /// `path` a regular file holding `harmless`, `path.alt` a link to `secret`; swapped
        /// from now on.
        pub fn start(path: &Path, harmless: &str, secret: &Path) -> Swapper {
            write(path, harmless);
            let alt = PathBuf::from(format!("{}.alt", path.display()));
            std::os::unix::fs::symlink(secret, &alt).expect("symlink");
            let stop = Arc::new(AtomicBool::new(false));
            let (a, b, halt) = (path.to_path_buf(), alt, stop.clone());
            let thread = std::thread::spawn(move || {
                let mut swaps = 0;
                while !halt.load(Ordering::Relaxed) {
                    if rustix::fs::renameat_with(rustix::fs::CWD, &a, rustix::fs::CWD, &b, rustix::fs::RenameFlags::EXCHANGE).is_ok() {
                        swaps += 1;
                    }
                }
                swaps
            });
            Swapper {
                stop,
                thread: Some(thread),
            }
        }

        /// Stops the swapping; how many swaps were made.
        pub fn stop(mut self) -> usize {
            self.halt()
        }

        fn halt(&mut self) -> usize {
            self.stop.store(true, Ordering::Relaxed);
            self.thread.take().map_or(0, |t| t.join().unwrap_or(0))
        }
    }

    impl Drop for Swapper {
        fn drop(&mut self) {
            self.halt();
        }
    }

    /// Runs `read` up to [`READS`] times while `swapper` swaps; panics naming every leak. Each
    /// read returns what it saw (its text, or its error made text).
    pub fn race(what: &str, swapper: Swapper, mut read: impl FnMut() -> String) {
        let start = Instant::now();
        let (mut reads, mut leaked, mut harmless) = (0, 0, 0);
        let mut example = String::new();
        while reads < READS && start.elapsed() < BUDGET {
            let seen = read();
            reads += 1;
            if seen.contains(SECRET) {
                leaked += 1;
                example = seen;
            } else if seen.contains("harmless") {
                harmless += 1;
            }
        }
        let swaps = swapper.stop();
        assert_eq!(
            leaked, 0,
            "{what}: {leaked} of {reads} reads leaked the file outside ({harmless} read the harmless file, {swaps} swaps); one: {example}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_gate_never_reads_a_link_swapped_in_beside_it() {
    let (base, inside) = scratch("gate");
    write(&base.join("secret.txt"), SECRET);
    let s = Sandbox::new(&inside).expect("sandbox");
    let swapper = race::Swapper::start(&inside.join("leak.txt"), "harmless", &base.join("secret.txt"));
    race::race("Sandbox::read", swapper, || match s.read(Path::new("leak.txt"), 100) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => e.to_string(),
    });
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(target_os = "linux")]
#[test]
fn file_functions_never_read_a_link_swapped_in_beside_them() {
    let (base, inside) = scratch("file");
    write(&base.join("secret.txt"), SECRET);
    write(&inside.join("main.tf"), "locals {}\n");
    let session = Session::with_config_dir(&inside).expect("session");
    let swapper = race::Swapper::start(&inside.join("leak.txt"), "harmless", &base.join("secret.txt"));
    race::race("file() and filebase64()", swapper, || {
        let text = session.console("file(\"leak.txt\")").unwrap_or_else(|d| d.detail);
        // filebase64 goes through the same gate; its answer is decoded here to look for the secret.
        let b64 = session
            .console("base64decode(filebase64(\"leak.txt\"))")
            .unwrap_or_else(|d| d.detail);
        let sha = session.console("filesha256(\"leak.txt\")").unwrap_or_default();
        // sha256("s3cr3t"): filesha256 must never hash the file outside either.
        let leaked_hash = sha.contains("4e738ca5563c06cfd0018299933d58db1dd8bf97f6973dc99bf6cdc64b5550bd");
        format!("{text} {b64} {}", if leaked_hash { SECRET } else { "" })
    });
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(target_os = "linux")]
#[test]
fn the_configuration_loader_never_reads_a_link_swapped_in_beside_it() {
    let (base, inside) = scratch("tf");
    write(&base.join("secret.hcl"), format!("locals {{ {SECRET} = 1 }}\n"));
    write(&inside.join("main.tf"), "locals { x = 1 }\n");
    let swapper = race::Swapper::start(&inside.join("leak.tf"), "locals { harmless = 1 }\n", &base.join("secret.hcl"));
    race::race("Config::load_dir", swapper, || match Config::load_dir(&inside) {
        Ok(c) => c.locals.keys().cloned().collect::<Vec<_>>().join(" "),
        Err(d) => format!("{}: {}", d.summary, d.detail),
    });
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(target_os = "linux")]
#[test]
fn cfn_insert_file_never_reads_a_link_swapped_in_beside_it() {
    let (base, inside) = scratch("cfn");
    write(&base.join("secret.txt"), SECRET);
    let template = inside.join("template.yaml");
    write(
        &template,
        "Resources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      Body:\n        Fn::InsertFile: body.txt\n",
    );
    let swapper = race::Swapper::start(&inside.join("body.txt"), "harmless", &base.join("secret.txt"));
    race::race("cfn package Fn::InsertFile", swapper, || {
        match iacquiz::cfn::package(template.as_path(), &Rules::real()) {
            Ok(t) => iacquiz::cfn::render_yaml(&t),
            Err(e) => e.to_string(),
        }
    });
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(target_os = "linux")]
#[test]
fn the_bank_walker_never_reads_a_link_swapped_in_beside_it() {
    let (base, inside) = scratch("bank");
    write(&base.join("secret.yaml"), format!("{SECRET}: 1\n"));
    std::fs::create_dir_all(inside.join("terraform")).expect("mkdir");
    let swapper = race::Swapper::start(&inside.join("terraform/leak.yaml"), "harmless: 1\n", &base.join("secret.yaml"));
    race::race("the bank walker", swapper, || {
        match iacquiz::bank::load::files::read_dir_bank(&inside) {
            Ok(files) => files.iter().map(|f| String::from_utf8_lossy(&f.bytes).into_owned()).collect(),
            Err(errors) => errors.iter().map(|e| e.message.clone()).collect::<Vec<_>>().join("; "),
        }
    });
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(target_os = "linux")]
#[test]
fn rivet_never_reads_a_link_swapped_in_beside_it() {
    let (base, inside) = scratch("rivet");
    write(&base.join("secret.rvt"), format!("file \"{SECRET}\" {{\n}}\n"));
    write(&inside.join("main.rvt"), "file \"first\" {\n}\n");
    let swapper = race::Swapper::start(&inside.join("leak.rvt"), "file \"harmless\" {\n}\n", &base.join("secret.rvt"));
    let source = iacquiz::rivet::Source::Path(inside.clone());
    race::race("rivet", swapper, || {
        match iacquiz::rivet::compile(&source, &BTreeMap::new(), &BTreeMap::new(), &Rules::real()) {
            Ok(b) => format!("{b:?}"),
            Err(e) => e.to_string(),
        }
    });
    let _ = std::fs::remove_dir_all(&base);
}

/// The check made on what is opened, not on a name: a path through a link out of the folder is
/// refused at the link, whatever lies beyond it, and a folder replaced by a link out after the
/// sandbox was made is not read.
#[test]
fn a_path_through_a_link_out_is_refused_on_the_walk() {
    let (base, inside) = scratch("component");
    write(&base.join("secret.txt"), SECRET);
    write(&inside.join("sub/ok.txt"), "ok");
    std::os::unix::fs::symlink(&base, inside.join("up")).expect("symlink");
    std::os::unix::fs::symlink("../..", inside.join("sub/top")).expect("symlink");
    let s = Sandbox::new(&inside).expect("sandbox");
    for p in [
        "up/secret.txt",
        "sub/top/secret.txt",
        "up/missing.txt",
        "sub/top/nowhere/missing.txt",
    ] {
        assert!(
            matches!(s.read(Path::new(p), 100), Err(ReadError::Escapes { .. })),
            "{p}: {:?}",
            s.read(Path::new(p), 100)
        );
    }
    // Through the link and back in: the same file as sub/ok.txt, read.
    assert_eq!(s.read(Path::new("up/in/sub/ok.txt"), 100), Ok(b"ok".to_vec()));
    std::fs::rename(&inside, base.join("moved")).expect("rename");
    std::os::unix::fs::symlink(&base, &inside).expect("symlink");
    assert!(matches!(s.read(Path::new("secret.txt"), 100), Err(ReadError::Escapes { .. })));
    let _ = std::fs::remove_dir_all(&base);
}

/// `fileexists()` through a link out of the folder is an error whether or not the target exists
/// (it used to answer `false` when nothing was there and refuse when something was, telling
/// which paths exist outside). A missing file inside, or a link inside to nothing, is `false`.
#[test]
fn fileexists_through_a_link_out_answers_the_same_whether_or_not_the_target_exists() {
    let (base, inside) = scratch("exists");
    write(&base.join("secret.txt"), SECRET);
    write(&inside.join("main.tf"), "locals {}\n");
    write(&inside.join("ok.txt"), "ok");
    let link = |target: &Path, name: &str| std::os::unix::fs::symlink(target, inside.join(name)).expect("symlink");
    link(&base.join("secret.txt"), "there.txt");
    link(&base.join("missing.txt"), "absent.txt");
    link(&base.join("no/such/folder.txt"), "absent-deeper.txt");
    link(Path::new("../secret.txt"), "rel-there.txt");
    link(Path::new("../missing.txt"), "rel-absent.txt");
    link(&base, "up");
    link(Path::new("nothing.txt"), "dangling-inside.txt");
    let s = Session::with_config_dir(&inside).expect("session");
    let mut refusals = Vec::new();
    for p in [
        "there.txt",
        "absent.txt",
        "absent-deeper.txt",
        "rel-there.txt",
        "rel-absent.txt",
        "up/secret.txt",
        "up/missing.txt",
    ] {
        match s.console(&format!("fileexists({p:?})")) {
            Ok(v) => panic!("fileexists({p:?}) answered {v}: a link out must be refused"),
            Err(d) => {
                assert!(d.detail.contains("leads outside the configuration's folder"), "{p}: {}", d.detail);
                refusals.push(d.detail.replace(p, "PATH"));
            }
        }
        // file() says the same of both: refused, not "no file exists".
        let f = s.console(&format!("file({p:?})")).expect_err("refused");
        assert!(f.detail.contains("leads outside"), "{p}: {}", f.detail);
    }
    refusals.dedup();
    assert_eq!(refusals.len(), 1, "one answer whatever lies outside: {refusals:?}");
    assert_eq!(s.console("fileexists(\"ok.txt\")").map_err(|d| d.detail), Ok("true".into()));
    assert_eq!(s.console("fileexists(\"nothing.txt\")").map_err(|d| d.detail), Ok("false".into()));
    assert_eq!(
        s.console("fileexists(\"dangling-inside.txt\")").map_err(|d| d.detail),
        Ok("false".into())
    );
    let _ = std::fs::remove_dir_all(&base);
}

/// The bank walker, like fileexists, refuses a link out whether or not its target exists.
#[test]
fn a_bank_link_out_is_refused_whether_or_not_its_target_exists() {
    let (base, inside) = scratch("bank-exists");
    write(&base.join("secret.yaml"), format!("{SECRET}: 1\n"));
    std::fs::create_dir_all(inside.join("terraform")).expect("mkdir");
    for (target, name) in [("secret.yaml", "there.yaml"), ("missing.yaml", "absent.yaml")] {
        std::os::unix::fs::symlink(base.join(target), inside.join("terraform").join(name)).expect("symlink");
        let errors = iacquiz::bank::load::files::read_dir_bank(&inside).err().unwrap_or_default();
        assert_eq!(errors.len(), 1, "{name}: {errors:?}");
        assert!(errors[0].message.contains("leads out of the bank folder"), "{name}: {errors:?}");
        let _ = std::fs::remove_file(inside.join("terraform").join(name));
    }
    let _ = std::fs::remove_dir_all(&base);
}

/// A `.tf` name that is not UTF-8 is read by its own name: two files whose names differ only in
/// bytes that are not UTF-8 (`a\xff.tf` and `a\u{fffd}.tf`, which reads the same once made
/// readable) are each read once. The lossy name used to read one twice and the other never.
#[cfg(target_os = "linux")]
#[test]
fn configuration_files_whose_names_are_not_utf8_are_each_read_once() {
    use std::os::unix::ffi::OsStrExt;
    let (base, inside) = scratch("names");
    let raw = std::ffi::OsStr::from_bytes(b"a\xff.tf");
    // Some file systems refuse names that are not UTF-8; then there is nothing to test.
    if std::fs::write(inside.join(raw), "locals { from_raw = 1 }\n").is_err() {
        let _ = std::fs::remove_dir_all(&base);
        return;
    }
    write(&inside.join("a\u{fffd}.tf"), "locals { from_lossy = 2 }\n");
    write(
        &inside.join("main.tf"),
        "output \"sum\" {\n  value = local.from_raw + local.from_lossy\n}\n",
    );
    let c = Config::load_dir(&inside)
        .map_err(|d| format!("{}: {}", d.summary, d.detail))
        .expect("loads");
    let locals: Vec<&String> = c.locals.keys().collect();
    assert_eq!(locals, ["from_lossy", "from_raw"]);
    let s = Session::with_config_dir(&inside).expect("session");
    assert_eq!(s.console("local.from_raw + local.from_lossy").map_err(|d| d.detail), Ok("3".into()));
    // A broken file that is not UTF-8 by name is named (readably) in the error.
    std::fs::write(inside.join(raw), "locals {\n").expect("write");
    let e = Config::load_dir(&inside).expect_err("broken");
    let named = format!("{:?} {}", e.file, e.detail);
    assert!(named.contains("a\u{fffd}.tf"), "{named}");
    let _ = std::fs::remove_dir_all(&base);
}
