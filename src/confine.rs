//! The one gate every file read goes through. A bank, a configuration, a template, a quiz or a
//! responses file may come from anyone, so a read must not leave its folder (by `..`, an
//! absolute path or a symlink), must not block on a FIFO or a device, and must not read without
//! end (`/dev/zero`, a 2 GiB file): only regular files are read, and only up to a cap.

use std::fmt;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// Why a read was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The path leads out of the folder it must stay in (through `..`, an absolute path or a
    /// symlink).
    Escapes {
        /// The path as given.
        path: String,
        /// The folder it had to stay in.
        root: String,
    },
    /// Nothing is there (or it cannot be reached).
    Missing {
        /// The path as given.
        path: String,
        /// What the operating system said.
        why: String,
    },
    /// A folder where a file was wanted.
    Folder {
        /// The path as given.
        path: String,
    },
    /// A FIFO, a device or a socket: reading it could block for ever or never end.
    Special {
        /// The path as given.
        path: String,
    },
    /// Larger than the cap for this kind of file.
    TooLarge {
        /// The path as given.
        path: String,
        /// The cap in bytes.
        cap: u64,
    },
    /// The read failed part-way.
    Io {
        /// The path as given.
        path: String,
        /// What the operating system said.
        why: String,
    },
}

impl ReadError {
    /// The path the error is about, as it was given.
    pub fn path(&self) -> &str {
        match self {
            ReadError::Escapes { path, .. }
            | ReadError::Missing { path, .. }
            | ReadError::Folder { path }
            | ReadError::Special { path }
            | ReadError::TooLarge { path, .. }
            | ReadError::Io { path, .. } => path,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Escapes { path, root } => write!(
                f,
                "{path}: refused: it leads outside the folder {root} (through .., an absolute path or a symlink); only files inside it are read"
            ),
            ReadError::Missing { path, why } => write!(f, "{path}: cannot open: {why}"),
            ReadError::Folder { path } => write!(f, "{path}: is a folder, not a file"),
            ReadError::Special { path } => write!(
                f,
                "{path}: refused: not a regular file (a FIFO, a device or a socket could block or never end)"
            ),
            ReadError::TooLarge { path, cap } => {
                write!(f, "{path}: refused: larger than {cap} bytes, the most read for this kind of file")
            }
            ReadError::Io { path, why } => write!(f, "{path}: cannot read: {why}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// A folder that reads must stay inside (its real path: symlinks resolved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    root: PathBuf,
    shown: String,
}

impl Sandbox {
    /// The sandbox of the folder `root` (which must exist).
    pub fn new(root: &Path) -> Result<Sandbox, ReadError> {
        let shown = root.display().to_string();
        let real = root.canonicalize().map_err(|e| ReadError::Missing {
            path: shown.clone(),
            why: e.to_string(),
        })?;
        if !real.is_dir() {
            return Err(ReadError::Missing {
                path: shown,
                why: "not a folder".into(),
            });
        }
        Ok(Sandbox { root: real, shown })
    }

    /// The folder's real path.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The real path of `path` (relative to the folder, or absolute), refusing one that leads
    /// outside the folder by any route. It must exist.
    pub fn locate(&self, path: &Path) -> Result<PathBuf, ReadError> {
        let shown = path.display().to_string();
        let escapes = || ReadError::Escapes {
            path: shown.clone(),
            root: self.shown.clone(),
        };
        let joined = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.root.join(path)
        };
        // A lexical climb above the folder is refused even when a symlink would bring it back:
        // what a path says is what a reader of the bank sees.
        if !path.is_absolute() {
            let mut depth: i64 = 0;
            for c in path.components() {
                match c {
                    Component::ParentDir => depth -= 1,
                    Component::Normal(_) => depth += 1,
                    Component::CurDir => {}
                    _ => return Err(escapes()),
                }
                if depth < 0 {
                    return Err(escapes());
                }
            }
        }
        let real = joined.canonicalize().map_err(|e| ReadError::Missing {
            path: shown.clone(),
            why: e.to_string(),
        })?;
        if real.starts_with(&self.root) { Ok(real) } else { Err(escapes()) }
    }

    /// True when `path` exists and stays inside the folder.
    pub fn contains(&self, path: &Path) -> bool {
        self.locate(path).is_ok()
    }

    /// The bytes of the regular file `path` inside the folder, at most `cap` of them.
    pub fn read(&self, path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
        let real = self.locate(path)?;
        read_located(&real, &path.display().to_string(), cap)
    }

    /// The text of the regular file `path` inside the folder (UTF-8), at most `cap` bytes.
    pub fn read_text(&self, path: &Path, cap: u64) -> Result<String, ReadError> {
        let bytes = self.read(path, cap)?;
        into_text(bytes, path)
    }
}

/// The bytes of the regular file `path`, wherever it is (for files a person names on the
/// command line, or the program's own data), at most `cap` of them: a FIFO, a device or a
/// socket is refused rather than read.
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    read_located(path, &path.display().to_string(), cap)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path, cap: u64) -> Result<String, ReadError> {
    let bytes = read_regular(path, cap)?;
    into_text(bytes, path)
}

fn into_text(bytes: Vec<u8>, path: &Path) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|e| ReadError::Io {
        path: path.display().to_string(),
        why: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    })
}

/// Checks what `real` is before opening it (opening a FIFO for reading blocks until a writer
/// comes), then again on the open handle, and reads at most `cap` bytes.
fn read_located(real: &Path, shown: &str, cap: u64) -> Result<Vec<u8>, ReadError> {
    let missing = |e: std::io::Error| ReadError::Missing {
        path: shown.to_string(),
        why: e.to_string(),
    };
    let kind = |m: &std::fs::Metadata| -> Result<(), ReadError> {
        if m.is_dir() {
            Err(ReadError::Folder { path: shown.to_string() })
        } else if !m.is_file() {
            Err(ReadError::Special { path: shown.to_string() })
        } else if m.len() > cap {
            Err(ReadError::TooLarge {
                path: shown.to_string(),
                cap,
            })
        } else {
            Ok(())
        }
    };
    kind(&std::fs::metadata(real).map_err(missing)?)?;
    let file = std::fs::File::open(real).map_err(missing)?;
    // The path may have been swapped between the check and the open.
    kind(&file.metadata().map_err(missing)?)?;
    let mut out = Vec::new();
    file.take(cap.saturating_add(1)).read_to_end(&mut out).map_err(|e| ReadError::Io {
        path: shown.to_string(),
        why: e.to_string(),
    })?;
    if out.len() as u64 > cap {
        return Err(ReadError::TooLarge {
            path: shown.to_string(),
            cap,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("iacquiz-confine-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("in/sub")).expect("scratch folder");
        std::fs::write(d.join("secret.txt"), "secret").expect("write");
        std::fs::write(d.join("in/ok.txt"), "ok").expect("write");
        d
    }

    #[test]
    fn reads_inside_refuses_climbs_and_absolute_paths_outside() {
        let d = scratch("climb");
        let s = Sandbox::new(&d.join("in")).expect("sandbox");
        assert_eq!(s.read(Path::new("ok.txt"), 10), Ok(b"ok".to_vec()));
        assert_eq!(s.read(Path::new("sub/../ok.txt"), 10), Ok(b"ok".to_vec()));
        assert!(matches!(s.read(Path::new("../secret.txt"), 10), Err(ReadError::Escapes { .. })));
        assert!(matches!(s.read(&d.join("secret.txt"), 10), Err(ReadError::Escapes { .. })));
        assert!(matches!(s.read(Path::new("sub"), 10), Err(ReadError::Folder { .. })));
        assert!(matches!(s.read(Path::new("none.txt"), 10), Err(ReadError::Missing { .. })));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn caps_the_size_read() {
        let d = scratch("cap");
        let s = Sandbox::new(&d.join("in")).expect("sandbox");
        assert!(matches!(s.read(Path::new("ok.txt"), 1), Err(ReadError::TooLarge { cap: 1, .. })));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn refuses_symlinks_out_fifos_and_devices() {
        let d = scratch("special");
        let inside = d.join("in");
        std::os::unix::fs::symlink(d.join("secret.txt"), inside.join("leak.txt")).expect("symlink");
        std::os::unix::fs::symlink("/dev/zero", inside.join("zero.txt")).expect("symlink");
        let s = Sandbox::new(&inside).expect("sandbox");
        assert!(matches!(s.read(Path::new("leak.txt"), 100), Err(ReadError::Escapes { .. })));
        let fifo = inside.join("pipe.yaml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|st| st.success());
        if made {
            assert!(matches!(s.read(Path::new("pipe.yaml"), 100), Err(ReadError::Special { .. })));
            assert!(matches!(read_regular(&fifo, 100), Err(ReadError::Special { .. })));
        }
        assert!(matches!(
            read_regular(&inside.join("zero.txt"), 100),
            Err(ReadError::Special { .. })
        ));
        let _ = std::fs::remove_dir_all(&d);
    }
}
