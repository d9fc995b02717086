//! Reading bank folders: every `*.yaml`/`*.yml` file under a folder, recursively, with every
//! access confined to that folder (paths and symlinks that lead out of it are refused).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::bank::load::LoadError;
use crate::confine::{EntryKind, Kind, ReadError, Sandbox};

/// The largest bank file read (a bigger one is refused, not read).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The most folder entries one bank walk looks at: a bank folder of more is refused rather than
/// walked (a bank is a few hundred files; a million-entry folder is an attack or a mistake).
pub const MAX_ENTRIES: usize = 50_000;

/// One bank file's text and its names.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name a person uses to find it (`DIR/terraform/x.yaml`).
    pub display: String,
    /// The name reports use relative to the bank root (GitHub annotations).
    pub rel: String,
    /// Its path inside its bank root, `/`-separated (`terraform/x.yaml`): decides the engine
    /// folder and whether it is the lesson catalogue.
    pub in_root: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

/// Every bank file under `dir`, sorted by path.
pub fn read_dir_bank(dir: &Path) -> Result<Vec<SourceFile>, Vec<LoadError>> {
    read_dir_bank_within(dir, MAX_ENTRIES)
}

/// [`read_dir_bank`], looking at no more than `cap` folder entries.
fn read_dir_bank_within(dir: &Path, cap: usize) -> Result<Vec<SourceFile>, Vec<LoadError>> {
    let shown = dir.display().to_string();
    let root = match dir.canonicalize() {
        Ok(r) if r.is_dir() => r,
        Ok(_) => return Err(vec![LoadError::file(&shown, "--bank wants a folder, and this is a file")]),
        Err(e) => return Err(vec![LoadError::file(&shown, &format!("cannot open the bank folder: {e}"))]),
    };
    // Every listing, look and read below goes through the gate, from a descriptor of this folder.
    let sandbox = match Sandbox::new(&root) {
        Ok(s) => s,
        Err(e) => return Err(vec![LoadError::file(&shown, &format!("cannot open the bank folder: {e}"))]),
    };
    let mut w = Walker {
        sandbox: &sandbox,
        shown_root: dir,
        visited: BTreeSet::new(),
        found: Vec::new(),
        errors: Vec::new(),
        seen: 0,
        cap,
    };
    w.walk(Path::new(""), 0);
    let (mut found, mut errors) = (w.found, w.errors);
    found.sort_by(|a: &SourceFile, b| a.in_root.cmp(&b.in_root));
    if errors.is_empty() && found.is_empty() {
        errors.push(LoadError::file(
            &shown,
            "no bank files here: a bank is a folder of *.yaml or *.yml files",
        ));
    }
    if errors.is_empty() { Ok(found) } else { Err(errors) }
}

/// True for a seed text a bank carries: a `.txt` file in the `seeds/` folder at its root.
pub fn is_seed_text(in_root: &str) -> bool {
    in_root
        .strip_prefix("seeds/")
        .is_some_and(|n| n.ends_with(".txt") && !n.contains('/'))
}

/// A path relative to the bank root, `/`-separated (as shown and as matched).
fn rel_of(p: &Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// What the operating system said, from a refusal of the gate.
fn why(e: &ReadError) -> String {
    match e {
        ReadError::Missing { why, .. } | ReadError::Io { why, .. } => why.clone(),
        e => e.to_string(),
    }
}

/// One folder walk: what it found and what it refused.
struct Walker<'a> {
    /// The bank folder's gate.
    sandbox: &'a Sandbox,
    shown_root: &'a Path,
    /// Folders walked, by their real path inside the root: a link to one is walked once.
    visited: BTreeSet<PathBuf>,
    found: Vec<SourceFile>,
    errors: Vec<LoadError>,
    /// Entries looked at so far, against `cap`.
    seen: usize,
    /// The most entries the walk may look at ([`MAX_ENTRIES`] outside tests).
    cap: usize,
}

impl Walker<'_> {
    /// Walks the folder `dir`, given by its real path relative to the root (empty: the root).
    fn walk(&mut self, dir: &Path, depth: usize) {
        let (sandbox, shown_root) = (self.sandbox, self.shown_root);
        if depth > 32 {
            self.errors.push(LoadError::file(
                &shown_root.join(rel_of(dir)).display().to_string(),
                "folders nest too deeply (over 32 levels)",
            ));
            return;
        }
        if self.seen == usize::MAX || !self.visited.insert(dir.to_path_buf()) {
            return;
        }
        let cap = self.cap;
        let budget = cap.saturating_sub(self.seen);
        let listed = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
        let mut entries = match sandbox.list(listed, budget) {
            Ok(e) => e,
            Err(e) => {
                self.errors.push(LoadError::file(
                    &shown_root.join(rel_of(dir)).display().to_string(),
                    &format!("cannot list: {}", why(&e)),
                ));
                return;
            }
        };
        self.seen = self.seen.saturating_add(entries.len());
        if self.seen > cap {
            self.errors.push(LoadError::file(
                &shown_root.display().to_string(),
                &format!("refused: the bank folder holds more than {cap} entries; a bank is a folder of a few hundred files"),
            ));
            // One error is enough: stop every walk still under way.
            self.seen = usize::MAX;
            return;
        }
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        let leads_out =
            "refused: this path leads out of the bank folder (a symlink to outside it); banks may only read inside their folder";
        for e in entries {
            let name = e.name.to_string_lossy().to_string();
            if name.starts_with('.') {
                continue;
            }
            // Where it is as written (under the real root), before following any symlink; read
            // by its own name, whatever its name looks like once made readable.
            let path = dir.join(&e.name);
            let in_root = rel_of(&path);
            let shown = shown_root.join(&in_root).display().to_string();
            // Seed texts (`seeds/*.txt`) are read with the bank: quotes are checked against them.
            let is_yaml = name.ends_with(".yaml") || name.ends_with(".yml") || is_seed_text(&in_root);
            let link = e.kind == EntryKind::Link;
            if e.kind != EntryKind::Folder && !link && !is_yaml {
                continue;
            }
            // Confinement: a link is followed only while it stays inside the root, and one that
            // leads out is refused whether or not anything is at its other end.
            let found = match sandbox.inspect(&path) {
                Ok(f) => f,
                Err(ReadError::Escapes { .. }) => {
                    self.errors.push(LoadError::file(&shown, leads_out));
                    continue;
                }
                Err(_) if link => {
                    if is_yaml {
                        self.errors.push(LoadError::file(&shown, "a symlink that leads nowhere"));
                    }
                    continue;
                }
                Err(e) => {
                    self.errors.push(LoadError::file(&shown, &format!("cannot open: {}", why(&e))));
                    continue;
                }
            };
            if found.kind == Kind::Folder {
                let real = found.real.strip_prefix(sandbox.root()).map(Path::to_path_buf).unwrap_or_default();
                self.walk(&real, depth + 1);
                if self.seen == usize::MAX {
                    return;
                }
                continue;
            }
            if !is_yaml {
                continue;
            }
            // The read goes through the one gate: inside the root (checked as it opens, so a
            // link swapped in since the look above cannot lead it out), a regular file only, at
            // most the cap.
            match sandbox.read(&path, MAX_FILE_BYTES) {
                Ok(bytes) => self.found.push(SourceFile {
                    display: shown,
                    rel: in_root.clone(),
                    in_root,
                    bytes,
                }),
                Err(ReadError::Escapes { .. }) => self.errors.push(LoadError::file(&shown, leads_out)),
                // A FIFO or a device named *.yaml would block the read or never end.
                Err(ReadError::Special { .. }) => self.errors.push(LoadError::file(
                    &shown,
                    "refused: not a regular file (a FIFO, a device or a socket; a bank file must be a plain file)",
                )),
                Err(ReadError::TooLarge { .. }) => self.errors.push(LoadError::file(
                    &shown,
                    &format!(
                        "refused: too large ({} bytes; a bank file may be at most {MAX_FILE_BYTES})",
                        found.len
                    ),
                )),
                Err(e) => self.errors.push(LoadError::file(&shown, &format!("cannot read: {e}"))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bank_over_its_entry_cap_is_refused_with_one_error() {
        let dir = std::env::temp_dir().join(format!("iacquiz-bank-cap-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("terraform")).expect("mkdir");
        for n in ["a", "b", "c"] {
            std::fs::write(dir.join(format!("terraform/{n}.yaml")), "questions: []\n").expect("write");
        }
        // Four entries: terraform, and its three files.
        assert_eq!(read_dir_bank_within(&dir, 4).map(|f| f.len()).map_err(|e| e.len()), Ok(3));
        let errors = read_dir_bank_within(&dir, 3).err().unwrap_or_default();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.contains("more than 3 entries"), "{errors:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
