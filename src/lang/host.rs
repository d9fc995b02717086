//! What an evaluation may see of the world: the folder it may read files from, the clock and
//! the randomness. Everything impure comes through here, so questions and tests can fix it.

use std::path::{Component, Path, PathBuf};

/// The outside world as an evaluation sees it.
#[derive(Clone, Debug)]
pub struct Host {
    /// The folder file functions may read inside (`None`: no file access at all).
    pub root: Option<PathBuf>,
    /// `path.module`, relative to `root` (usually `.`).
    pub module_dir: PathBuf,
    /// A fixed current time as an RFC 3339 string, or `None` for the real clock.
    pub fixed_now: Option<String>,
    /// Seed for uuid() and bcrypt salts, or `None` for real randomness.
    pub seed: Option<u64>,
}

impl Default for Host {
    fn default() -> Host {
        Host {
            root: None,
            module_dir: PathBuf::from("."),
            fixed_now: None,
            seed: None,
        }
    }
}

/// Why a path was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// No folder is open to this evaluation.
    NoRoot,
    /// The path leaves the sandbox folder.
    Escapes(String),
    /// The file does not exist.
    Missing(String),
}

impl Host {
    /// A host that may read files inside `root`.
    pub fn with_root(root: impl Into<PathBuf>) -> Host {
        Host {
            root: Some(root.into()),
            ..Host::default()
        }
    }

    /// Resolves `path` (relative to the module folder) inside the sandbox, refusing `..`
    /// escapes, absolute paths outside it and symlinks that point out, before any read.
    pub fn resolve(&self, path: &str) -> Result<PathBuf, PathError> {
        let root = self.root.as_ref().ok_or(PathError::NoRoot)?;
        let root_real = root.canonicalize().map_err(|_| PathError::NoRoot)?;
        let p = Path::new(path);
        let joined = if p.is_absolute() {
            p.to_path_buf()
        } else {
            root.join(&self.module_dir).join(p)
        };
        // Lexical check first, so a path through a missing folder cannot slip past.
        let mut normal = PathBuf::new();
        for c in joined.components() {
            match c {
                Component::ParentDir => {
                    if !normal.pop() {
                        return Err(PathError::Escapes(path.to_string()));
                    }
                }
                Component::CurDir => {}
                other => normal.push(other.as_os_str()),
            }
        }
        let root_abs = if root.is_absolute() {
            root.clone()
        } else {
            std::env::current_dir().map(|d| d.join(root)).unwrap_or_else(|_| root.clone())
        };
        let lexical_ok = normal.starts_with(&root_abs) || normal.starts_with(&root_real) || normal.starts_with(root);
        if !lexical_ok {
            return Err(PathError::Escapes(path.to_string()));
        }
        match normal.canonicalize() {
            Ok(real) if real.starts_with(&root_real) => Ok(real),
            Ok(_) => Err(PathError::Escapes(path.to_string())),
            Err(_) => Err(PathError::Missing(path.to_string())),
        }
    }
}
