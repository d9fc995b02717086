//! The confinement gate against a folder the input builds: folders, files and symbolic links
//! (relative or absolute, into the folder, out of it, into a link to it, in loops), then paths
//! looked at, read and listed through [`Sandbox`]. Every answer is checked against the rule the
//! gate keeps: a path is found exactly when its real path (every link resolved by name, as
//! `canonicalize` does) is inside the folder; what is found is that real path, a read gives that
//! file's bytes and a listing that folder's names; nothing outside is ever read.
//!
//! Input, one command a line (`@in` is the folder's absolute path, `@out` a folder beside it
//! holding `secret.txt` and a link `in-alias` to the folder, `@base` their parent):
//!
//! ```text
//! d PATH            a folder (PATH: plain names under the folder, no link on the way)
//! f PATH            a file holding "inside:PATH"
//! l PATH TARGET     a symbolic link; a TARGET starting with / is taken under @out
//! ? PATH            look at, read and list PATH through the gate
//! ```

#![no_main]

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use iacquiz::confine::{Kind, ReadError, Sandbox};
use libfuzzer_sys::fuzz_target;

const SECRET: &[u8] = b"SECRET";
static RUN: AtomicUsize = AtomicUsize::new(0);

/// Plain names only, at most 6 of them, none reached through a link.
fn creatable(inside: &Path, rel: &str) -> Option<PathBuf> {
    let names: Vec<&str> = rel.split('/').filter(|n| !n.is_empty()).collect();
    if names.is_empty() || names.len() > 6 || names.iter().any(|n| *n == "." || *n == ".." || n.len() > 24 || n.contains('\0')) {
        return None;
    }
    let mut p = inside.to_path_buf();
    for n in &names {
        if p.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
            return None;
        }
        p.push(n);
    }
    // The last name must not be a link either: writing a file through it would leave the folder.
    if p.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
        return None;
    }
    Some(p)
}

/// The old gate's answer, by name: lexical climbs refused, then the real path must be inside.
fn by_name(root: &Path, path: &Path) -> Option<PathBuf> {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        let mut depth = 0i64;
        for c in path.components() {
            match c {
                Component::ParentDir => depth -= 1,
                Component::Normal(_) => depth += 1,
                Component::CurDir => {}
                _ => return None,
            }
            if depth < 0 {
                return None;
            }
        }
        root.join(path)
    };
    let real = joined.canonicalize().ok()?;
    real.starts_with(root).then_some(real)
}

fn query(s: &Sandbox, root: &Path, q: &str) {
    let path = Path::new(q);
    let look = s.inspect(path);
    let read = s.read(path, 1 << 20);
    if let Ok(b) = &read {
        assert!(!b.windows(SECRET.len()).any(|w| w == SECRET), "{q}: read a file outside");
    }
    let old = by_name(root, path);
    match (&look, &old) {
        (Ok(f), Some(real)) => {
            assert_eq!(&f.real, real, "{q}: found elsewhere than its real path");
            match f.kind {
                Kind::File => assert_eq!(read.as_deref().ok(), std::fs::read(real).ok().as_deref(), "{q}: read"),
                Kind::Folder => {
                    assert!(matches!(read, Err(ReadError::Folder { .. })), "{q}: {read:?}");
                    let listed: BTreeSet<_> = s.list(path, 1000).expect("a folder found lists").into_iter().map(|e| e.name).collect();
                    let named: BTreeSet<_> = std::fs::read_dir(real).expect("list").flatten().map(|e| e.file_name()).collect();
                    assert_eq!(listed, named, "{q}: listing");
                }
                Kind::Special => {}
            }
        }
        (Err(e), None) => assert!(read.is_err(), "{q}: not found ({e}) yet read"),
        (Ok(f), None) => panic!("{q}: found at {} where the old gate refused", f.real.display()),
        (Err(e), Some(real)) => panic!("{q}: refused ({e}) where the old gate found {}", real.display()),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let base = std::env::temp_dir().join(format!("iacquiz-fuzz-confine-{}-{}", std::process::id(), RUN.fetch_add(1, Ordering::Relaxed)));
    let _ = std::fs::remove_dir_all(&base);
    let (inside, out) = (base.join("in"), base.join("out"));
    if std::fs::create_dir_all(&inside).is_err() || std::fs::create_dir_all(out.join("d")).is_err() {
        return;
    }
    let _ = std::fs::write(out.join("secret.txt"), SECRET);
    let _ = std::fs::write(out.join("d/secret.txt"), SECRET);
    let _ = std::os::unix::fs::symlink(&inside, out.join("in-alias"));
    let fill = |t: &str| {
        t.replace("@in", &inside.to_string_lossy())
            .replace("@out", &out.to_string_lossy())
            .replace("@base", &base.to_string_lossy())
    };
    let mut queries = Vec::new();
    for line in text.lines().take(48) {
        let mut words = line.split(' ');
        match (words.next(), words.next(), words.next()) {
            (Some("d"), Some(p), None) => {
                if let Some(p) = creatable(&inside, p) {
                    let _ = std::fs::create_dir_all(p);
                }
            }
            (Some("f"), Some(p), None) => {
                if let Some(full) = creatable(&inside, p) {
                    let _ = std::fs::write(full, format!("inside:{p}"));
                }
            }
            (Some("l"), Some(p), Some(t)) if !t.contains('\0') => {
                let target = fill(t);
                let target = match target.strip_prefix('/') {
                    Some(rest) if !target.starts_with(&*base.to_string_lossy()) => out.join(rest.trim_start_matches('/')),
                    _ => PathBuf::from(target),
                };
                if let Some(full) = creatable(&inside, p) {
                    let _ = std::os::unix::fs::symlink(target, full);
                }
            }
            (Some("?"), Some(p), None) if !p.contains('\0') && queries.len() < 8 => queries.push(fill(p)),
            _ => {}
        }
    }
    if let Ok(s) = Sandbox::new(&inside) {
        let root = s.root().to_path_buf();
        for q in &queries {
            query(&s, &root, q);
        }
    }
    let _ = std::fs::remove_dir_all(&base);
});
