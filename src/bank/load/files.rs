//! Reading bank folders: every `*.yaml`/`*.yml` file under a folder, recursively, with every
//! access confined to that folder (paths and symlinks that lead out of it are refused).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::bank::load::LoadError;
use crate::confine::ReadError;

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
    let mut w = Walker {
        root: &root,
        shown_root: dir,
        visited: BTreeSet::new(),
        found: Vec::new(),
        errors: Vec::new(),
        seen: 0,
        cap,
    };
    w.walk(&root, 0);
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

fn rel_of(root: &Path, p: &Path) -> String {
    p.strip_prefix(root)
        .map(|r| {
            r.components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect::<Vec<_>>()
                .join("/")
        })
        .unwrap_or_else(|_| p.display().to_string())
}

/// One folder walk: what it found and what it refused.
struct Walker<'a> {
    root: &'a Path,
    shown_root: &'a Path,
    visited: BTreeSet<PathBuf>,
    found: Vec<SourceFile>,
    errors: Vec<LoadError>,
    /// Entries looked at so far, against `cap`.
    seen: usize,
    /// The most entries the walk may look at ([`MAX_ENTRIES`] outside tests).
    cap: usize,
}

impl Walker<'_> {
    fn walk(&mut self, dir: &Path, depth: usize) {
        let (root, shown_root) = (self.root, self.shown_root);
        if depth > 32 {
            self.errors.push(LoadError::file(
                &shown_root.join(rel_of(root, dir)).display().to_string(),
                "folders nest too deeply (over 32 levels)",
            ));
            return;
        }
        if self.seen == usize::MAX || !self.visited.insert(dir.to_path_buf()) {
            return;
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => {
                self.errors.push(LoadError::file(
                    &shown_root.join(rel_of(root, dir)).display().to_string(),
                    &format!("cannot list: {e}"),
                ));
                return;
            }
        };
        let cap = self.cap;
        let budget = cap.saturating_sub(self.seen);
        let mut entries: Vec<_> = entries.filter_map(Result::ok).take(budget.saturating_add(1)).collect();
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
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with('.') {
                continue;
            }
            let path = e.path();
            // Where it is as written (under the canonical root), before following any symlink.
            let in_root = rel_of(root, &path);
            let shown = shown_root.join(&in_root).display().to_string();
            let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
            // Seed texts (`seeds/*.txt`) are read with the bank: quotes are checked against them.
            let is_yaml = name.ends_with(".yaml") || name.ends_with(".yml") || is_seed_text(&in_root);
            if !meta.is_dir() && !meta.file_type().is_symlink() && !is_yaml {
                continue;
            }
            // Confinement: the real path must stay inside the real root.
            let real = match path.canonicalize() {
                Ok(r) => r,
                Err(_) if meta.file_type().is_symlink() => {
                    if is_yaml {
                        self.errors.push(LoadError::file(&shown, "a symlink that leads nowhere"));
                    }
                    continue;
                }
                Err(e) => {
                    self.errors.push(LoadError::file(&shown, &format!("cannot open: {e}")));
                    continue;
                }
            };
            if !real.starts_with(root) {
                self.errors.push(LoadError::file(
                    &shown,
                    "refused: this path leads out of the bank folder (a symlink to outside it); banks may only read inside their folder",
                ));
                continue;
            }
            if real.is_dir() {
                self.walk(&real, depth + 1);
                if self.seen == usize::MAX {
                    return;
                }
                continue;
            }
            if !is_yaml {
                continue;
            }
            // The read goes through the one gate: a regular file only, at most the cap.
            match crate::confine::read_regular(&real, MAX_FILE_BYTES) {
                Ok(bytes) => self.found.push(SourceFile {
                    display: shown,
                    rel: in_root.clone(),
                    in_root,
                    bytes,
                }),
                // A FIFO or a device named *.yaml would block the read or never end.
                Err(ReadError::Special { .. }) => self.errors.push(LoadError::file(
                    &shown,
                    "refused: not a regular file (a FIFO, a device or a socket; a bank file must be a plain file)",
                )),
                Err(ReadError::TooLarge { .. }) => self.errors.push(LoadError::file(
                    &shown,
                    &format!(
                        "refused: too large ({} bytes; a bank file may be at most {MAX_FILE_BYTES})",
                        std::fs::metadata(&real).map(|m| m.len()).unwrap_or(0)
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
