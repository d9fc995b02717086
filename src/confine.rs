//! The one gate every file read goes through. A bank, a configuration, a template, a quiz or a
//! responses file may come from anyone, so a read must not leave its folder (by `..`, an
//! absolute path or a symlink), must not block on a FIFO or a device, and must not read without
//! end (`/dev/zero`, a 2 GiB file): only regular files are read, and only up to a cap.
//!
//! Inside a folder ([`Sandbox`]) the check and the read are one act: the path is walked from a
//! descriptor of the folder a name at a time, the kernel never following a link, so a link
//! swapped in between a check and an open cannot lead a read out (see [`Sandbox`]).

use std::ffi::OsString;
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

/// What a path inside a sandbox names (after following the links that stay inside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A folder.
    Folder,
    /// A FIFO, a device or a socket: never opened.
    Special,
}

/// A path found inside a sandbox, with what it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its real path: every link followed, inside the folder's real path.
    pub real: PathBuf,
    /// What it is.
    pub kind: Kind,
    /// Its size in bytes.
    pub len: u64,
}

/// What one entry of a listed folder is, itself (a link is not followed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A regular file.
    File,
    /// A folder.
    Folder,
    /// A symbolic link (to anything, or nothing): [`Sandbox::inspect`] says where it leads.
    Link,
    /// A FIFO, a device or a socket.
    Special,
}

/// One entry of a folder listed by [`Sandbox::list`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name, as the file system has it (not necessarily UTF-8).
    pub name: OsString,
    /// What it is.
    pub kind: EntryKind,
}

/// A folder that reads must stay inside (its real path: symlinks resolved).
///
/// On Unix every access walks from a descriptor of the folder one name at a time, never letting
/// the kernel follow a link (`openat` with `O_NOFOLLOW`): a link is read with `readlinkat` and
/// followed only when where it leads is inside the folder, and what is finally opened is a child
/// of a folder descriptor the walk itself opened. So the check and the read are one act: a link
/// swapped in after the check cannot lead the read out. The folder's own identity (device and
/// inode) is pinned when the sandbox is made and checked on every walk, and on Linux the opened
/// descriptor's own path (`/proc/self/fd/N`) is checked to be inside the folder as well.
///
/// A link that leads out of the folder is refused ([`ReadError::Escapes`]) whether or not its
/// target exists, so a refusal tells nothing about the world outside; a link inside the folder
/// to a file inside it is followed, as is one that climbs out and back in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    root: PathBuf,
    shown: String,
    /// The folder's device and inode when the sandbox was made.
    id: (u64, u64),
}

impl Sandbox {
    /// The sandbox of the folder `root` (which must exist).
    pub fn new(root: &Path) -> Result<Sandbox, ReadError> {
        let shown = root.display().to_string();
        let missing = |e: std::io::Error| ReadError::Missing {
            path: shown.clone(),
            why: e.to_string(),
        };
        let real = root.canonicalize().map_err(missing)?;
        let meta = std::fs::metadata(&real).map_err(missing)?;
        if !meta.is_dir() {
            return Err(ReadError::Missing {
                path: shown,
                why: "not a folder".into(),
            });
        }
        Ok(Sandbox {
            root: real,
            shown,
            id: identity(&meta),
        })
    }

    /// The folder's real path.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The error for `path` leading out of the folder.
    fn escapes(&self, path: &Path) -> ReadError {
        ReadError::Escapes {
            path: path.display().to_string(),
            root: self.shown.clone(),
        }
    }

    /// `path` (relative to the folder, or absolute) as the names of a path relative to the
    /// folder (see [`split`]), refusing one that says it climbs above it or names a place
    /// outside it.
    fn relative(&self, path: &Path) -> Result<Vec<OsString>, ReadError> {
        let (absolute, names) = split(path).ok_or_else(|| self.escapes(path))?;
        if absolute {
            let (_, root) = split(&self.root).ok_or_else(|| self.escapes(path))?;
            if let Some(rest) = names.strip_prefix(root.as_slice()) {
                return Ok(rest.to_vec());
            }
            // Written through another name of the folder (a link to it, say): where it really is
            // decides, and it is walked from the folder all the same.
            return back_in(&self.root, &names).ok_or_else(|| self.escapes(path));
        }
        // A lexical climb above the folder is refused even when a symlink would bring it back:
        // what a path says is what a reader of the bank sees.
        let mut depth: i64 = 0;
        for n in &names {
            match n.to_str() {
                Some("..") => depth -= 1,
                Some(".") => {}
                _ => depth += 1,
            }
            if depth < 0 {
                return Err(self.escapes(path));
            }
        }
        Ok(names)
    }

    /// Walks to `path` inside the folder, opening what it ends at as `how` says.
    fn walk(&self, path: &Path, how: beneath::How) -> Result<beneath::Walked, ReadError> {
        let names = self.relative(path)?;
        beneath::walk(&self.root, self.id, names, how).map_err(|f| match f {
            beneath::Fail::Escapes => self.escapes(path),
            beneath::Fail::Os(e) => ReadError::Missing {
                path: path.display().to_string(),
                why: e.to_string(),
            },
        })
    }

    /// What `path` (relative to the folder, or absolute) names, refusing one that leads outside
    /// the folder by any route. It must exist. Nothing is opened but folders.
    pub fn inspect(&self, path: &Path) -> Result<Found, ReadError> {
        let w = self.walk(path, beneath::How::Look)?;
        Ok(Found {
            real: w.real,
            kind: w.kind,
            len: w.len,
        })
    }

    /// The real path of `path` (relative to the folder, or absolute), refusing one that leads
    /// outside the folder by any route. It must exist.
    pub fn locate(&self, path: &Path) -> Result<PathBuf, ReadError> {
        self.inspect(path).map(|f| f.real)
    }

    /// True when `path` exists and stays inside the folder.
    pub fn contains(&self, path: &Path) -> bool {
        self.inspect(path).is_ok()
    }

    /// The entries of the folder `path` inside the folder (`.` for the folder itself), in the
    /// order the file system gives them: at most `cap + 1`, so that a caller can tell a folder of
    /// more than `cap` entries from one of exactly `cap` without listing it all.
    pub fn list(&self, path: &Path, cap: usize) -> Result<Vec<Entry>, ReadError> {
        let w = self.walk(path, beneath::How::List)?;
        if w.kind != Kind::Folder {
            return Err(ReadError::Missing {
                path: path.display().to_string(),
                why: "not a folder".into(),
            });
        }
        beneath::entries(w, cap).map_err(|e| ReadError::Io {
            path: path.display().to_string(),
            why: e.to_string(),
        })
    }

    /// The bytes of the regular file `path` inside the folder, at most `cap` of them.
    pub fn read(&self, path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
        let shown = path.display().to_string();
        let w = self.walk(path, beneath::How::Read)?;
        match (w.kind, w.file) {
            (Kind::Folder, _) => Err(ReadError::Folder { path: shown }),
            (Kind::File, Some(file)) => read_open(file, &shown, cap),
            _ => Err(ReadError::Special { path: shown }),
        }
    }

    /// The text of the regular file `path` inside the folder (UTF-8), at most `cap` bytes.
    pub fn read_text(&self, path: &Path, cap: u64) -> Result<String, ReadError> {
        let bytes = self.read(path, cap)?;
        into_text(bytes, path)
    }
}

/// A folder's device and inode.
#[cfg(unix)]
fn identity(m: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (m.dev(), m.ino())
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> (u64, u64) {
    (0, 0)
}

/// The names of `p` in order, `..` kept and `.` dropped, with a last `.` when `p` ends in a
/// slash or `/.` (what it names must then be a folder, as the kernel has it), and whether it is
/// absolute. `None` for a path with a prefix (`C:`).
fn split(p: &Path) -> Option<(bool, Vec<OsString>)> {
    let mut absolute = false;
    let mut names = Vec::new();
    for c in p.components() {
        match c {
            Component::RootDir => absolute = true,
            Component::CurDir => {}
            Component::ParentDir => names.push(OsString::from("..")),
            Component::Normal(n) => names.push(n.to_os_string()),
            Component::Prefix(_) => return None,
        }
    }
    let raw = p.as_os_str().as_encoded_bytes();
    if !names.is_empty() && (raw.ends_with(b"/") || raw.ends_with(b"/.")) {
        names.push(OsString::from("."));
    }
    Some((absolute, names))
}

/// Where the absolute path of `names` (see [`split`]) really is, as names relative to `root`,
/// when that is inside it: for a link's target (or a climb above the folder) that leaves the
/// folder by name and may come back. It is resolved by name only to decide where to go on; what
/// it names is then walked again from the folder. `None` when it leads outside, whether or not
/// anything is there.
fn back_in(root: &Path, names: &[OsString]) -> Option<Vec<OsString>> {
    let mut abs = PathBuf::from(std::path::MAIN_SEPARATOR_STR);
    abs.extend(names);
    let folder = names.last().is_some_and(|n| n == ".");
    let real = match abs.canonicalize() {
        Ok(r) => r,
        // A missing file in a folder inside: the walk from the folder will say it is missing.
        Err(_) => abs.parent()?.canonicalize().ok()?.join(abs.file_name()?),
    };
    let (_, mut rel) = split(real.strip_prefix(root).ok()?)?;
    if folder {
        rel.push(OsString::from("."));
    }
    Some(rel)
}

/// The bytes of the regular file `path`, wherever it is (for files a person names on the
/// command line, or the program's own data), at most `cap` of them: a FIFO, a device or a
/// socket is refused rather than read.
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let shown = path.display().to_string();
    let missing = |e: std::io::Error| ReadError::Missing {
        path: shown.clone(),
        why: e.to_string(),
    };
    // What it is, before opening it: opening a device can have effects of its own.
    kind_check(&std::fs::metadata(path).map_err(missing)?, &shown, cap)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // Never wait for a writer: a FIFO swapped in after the check is opened at once, then refused.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOCTTY).bits() as i32);
    }
    let file = options.open(path).map_err(missing)?;
    read_open(file, &shown, cap)
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

/// Refuses what is not a regular file of at most `cap` bytes.
fn kind_check(m: &std::fs::Metadata, shown: &str, cap: u64) -> Result<(), ReadError> {
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
}

/// Reads at most `cap` bytes of the open `file`, checking on the handle what it is (the name it
/// was opened by may have been swapped since any earlier look).
fn read_open(file: std::fs::File, shown: &str, cap: u64) -> Result<Vec<u8>, ReadError> {
    let meta = file.metadata().map_err(|e| ReadError::Missing {
        path: shown.to_string(),
        why: e.to_string(),
    })?;
    kind_check(&meta, shown, cap)?;
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

/// Where the open descriptor `fd` is, as the kernel names it (`/proc/self/fd/N` on Linux);
/// `None` where the system does not say (no `/proc`, another system).
#[cfg(unix)]
pub fn descriptor_path(fd: std::os::fd::BorrowedFd<'_>) -> Option<PathBuf> {
    if cfg!(any(target_os = "linux", target_os = "android")) {
        use std::os::fd::AsRawFd;
        std::fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd())).ok()
    } else {
        None
    }
}

/// False when the kernel says the open descriptor `fd` is outside `root` (a folder's real path);
/// true when it is inside, or when the system does not say.
#[cfg(unix)]
pub fn descriptor_inside(fd: std::os::fd::BorrowedFd<'_>, root: &Path) -> bool {
    descriptor_path(fd).is_none_or(|p| p.starts_with(root))
}

/// The walk from a folder's descriptor (see [`Sandbox`]).
#[cfg(unix)]
mod beneath {
    use std::collections::VecDeque;
    use std::ffi::{OsStr, OsString};
    use std::fs::File;
    use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    use std::path::{Path, PathBuf};

    use rustix::fs::{AtFlags, FileType, Mode, OFlags};
    use rustix::io::Errno;

    use super::{Entry, EntryKind, Kind};

    /// The most links one walk follows (Linux's own limit), so that a loop of links ends.
    const MAX_LINKS: usize = 40;

    /// How to open what the walk ends at.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(super) enum How {
        /// Only find out what it is: a file is not opened.
        Look,
        /// Open a file for reading (without waiting for a writer, should it be a FIFO after all).
        Read,
        /// Open a folder for listing.
        List,
    }

    /// Why a walk stopped.
    pub(super) enum Fail {
        /// It led out of the folder.
        Escapes,
        /// What the system said.
        Os(std::io::Error),
    }

    impl From<Errno> for Fail {
        fn from(e: Errno) -> Fail {
            Fail::Os(e.into())
        }
    }

    /// Where a walk ended.
    pub(super) struct Walked {
        pub real: PathBuf,
        pub kind: Kind,
        pub len: u64,
        /// The file opened for reading ([`How::Read`]), or the folder for listing ([`How::List`]).
        pub file: Option<File>,
    }

    /// Flags for a folder on the way: `O_PATH` where there is one, so that a folder that may be
    /// searched but not listed can be passed through, as by the kernel's own walk.
    fn through() -> OFlags {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let base = OFlags::PATH;
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let base = OFlags::RDONLY;
        base | OFlags::DIRECTORY | OFlags::CLOEXEC
    }

    fn kind_of(t: FileType) -> Kind {
        match t {
            FileType::RegularFile => Kind::File,
            FileType::Directory => Kind::Folder,
            _ => Kind::Special,
        }
    }

    fn prepend(pending: &mut VecDeque<OsString>, names: Vec<OsString>) {
        for n in names.into_iter().rev() {
            pending.push_front(n);
        }
    }

    /// Walks `names` (a relative path's, see [`super::split`], checked lexically by the caller)
    /// from the folder `root`, whose identity must still be `id`. Links are followed by hand and
    /// only while they stay inside; every name is opened with `O_NOFOLLOW` relative to a folder
    /// descriptor the walk opened.
    pub(super) fn walk(root: &Path, id: (u64, u64), names: Vec<OsString>, how: How) -> Result<Walked, Fail> {
        let top = File::from(rustix::fs::open(root, through(), Mode::empty())?);
        let meta = top.metadata().map_err(Fail::Os)?;
        // The folder itself was replaced (renamed away, a link put in its place) since the
        // sandbox was made: whatever is there now is not the folder the reads were confined to.
        if super::identity(&meta) != id {
            return Err(Fail::Escapes);
        }
        let mut stack: Vec<(OwnedFd, OsString)> = Vec::new();
        let (_, root_names) = super::split(root).ok_or(Fail::Escapes)?;
        let mut pending = VecDeque::new();
        prepend(&mut pending, names);
        let mut links = 0usize;
        let real_of = |stack: &[(OwnedFd, OsString)], last: Option<&OsStr>| -> PathBuf {
            let mut p = root.to_path_buf();
            p.extend(stack.iter().map(|(_, n)| n.as_os_str()));
            p.extend(last);
            p
        };
        while let Some(name) = pending.pop_front() {
            // Where the walk is, a folder (had it been a file, the name before would have
            // stopped the walk as not a folder).
            if name == "." {
                continue;
            }
            if name == ".." {
                if stack.pop().is_none() {
                    // Above the folder: only where the rest of the path lands decides.
                    let mut abs = root_names[..root_names.len().saturating_sub(1)].to_vec();
                    abs.extend(pending.drain(..));
                    let inside = super::back_in(root, &abs).ok_or(Fail::Escapes)?;
                    links += 1;
                    prepend(&mut pending, inside);
                }
                if links > MAX_LINKS {
                    return Err(Errno::LOOP.into());
                }
                continue;
            }
            let dir: BorrowedFd<'_> = stack.last().map_or(top.as_fd(), |(fd, _)| fd.as_fd());
            let stat = rustix::fs::statat(dir, &name, AtFlags::SYMLINK_NOFOLLOW)?;
            let kind = FileType::from_raw_mode(stat.st_mode);
            let last = pending.is_empty();
            let opened = match kind {
                FileType::Symlink => {
                    links += 1;
                    if links > MAX_LINKS {
                        return Err(Errno::LOOP.into());
                    }
                    let target = match rustix::fs::readlinkat(dir, &name, Vec::new()) {
                        Ok(t) => PathBuf::from(OsString::from_vec(t.into_bytes())),
                        // No longer a link (swapped since the look): look again.
                        Err(Errno::INVAL) => {
                            pending.push_front(name);
                            continue;
                        }
                        Err(e) => return Err(e.into()),
                    };
                    let (absolute, names) = super::split(&target).ok_or(Fail::Escapes)?;
                    if absolute {
                        let inside = match names.strip_prefix(root_names.as_slice()) {
                            Some(rest) => rest.to_vec(),
                            None => {
                                // Perhaps another name of the folder: decided with the rest of
                                // the path, then walked again from the folder.
                                let mut abs = names;
                                abs.extend(pending.drain(..));
                                super::back_in(root, &abs).ok_or(Fail::Escapes)?
                            }
                        };
                        stack.clear();
                        prepend(&mut pending, inside);
                    } else {
                        prepend(&mut pending, names);
                    }
                    continue;
                }
                FileType::Directory => rustix::fs::openat(dir, &name, through() | OFlags::NOFOLLOW, Mode::empty()),
                _ if !last => return Err(Errno::NOTDIR.into()),
                FileType::RegularFile if how == How::Read => rustix::fs::openat(
                    dir,
                    &name,
                    OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                    Mode::empty(),
                ),
                // A file only looked at, or a FIFO, a device or a socket: never opened.
                _ => {
                    return Ok(Walked {
                        real: real_of(&stack, Some(&name)),
                        kind: kind_of(kind),
                        len: u64::try_from(stat.st_size).unwrap_or(0),
                        file: None,
                    });
                }
            };
            let fd = match opened {
                Ok(fd) => fd,
                // It became a link (or something else) between the look and the open: look again.
                Err(e) if e == Errno::LOOP || e == Errno::MLINK || e == Errno::NOTDIR => {
                    links += 1;
                    if links > MAX_LINKS {
                        return Err(e.into());
                    }
                    pending.push_front(name);
                    continue;
                }
                Err(e) => return Err(e.into()),
            };
            if kind == FileType::Directory {
                stack.push((fd, name));
                continue;
            }
            let real = real_of(&stack, Some(&name));
            return finish(File::from(fd), real, root);
        }
        let real = real_of(&stack, None);
        let here = match stack.pop() {
            Some((fd, _)) => File::from(fd),
            None => top,
        };
        if how == How::List {
            let listed = rustix::fs::openat(&here, ".", OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())?;
            return finish(File::from(listed), real, root);
        }
        let meta = here.metadata().map_err(Fail::Os)?;
        Ok(Walked {
            real,
            kind: Kind::Folder,
            len: meta.len(),
            file: None,
        })
    }

    /// What was opened, checked on the descriptor: the kernel's own name for it must be inside.
    fn finish(file: File, real: PathBuf, root: &Path) -> Result<Walked, Fail> {
        if !super::descriptor_inside(file.as_fd(), root) {
            return Err(Fail::Escapes);
        }
        let meta = file.metadata().map_err(Fail::Os)?;
        let kind = if meta.is_dir() {
            Kind::Folder
        } else if meta.is_file() {
            Kind::File
        } else {
            Kind::Special
        };
        Ok(Walked {
            real,
            kind,
            len: meta.len(),
            file: Some(file),
        })
    }

    /// The entries of the folder a [`How::List`] walk opened, at most `cap + 1`.
    pub(super) fn entries(w: Walked, cap: usize) -> std::io::Result<Vec<Entry>> {
        let Some(file) = w.file else { return Ok(Vec::new()) };
        let mut dir = rustix::fs::Dir::new(OwnedFd::from(file))?;
        let mut out = Vec::new();
        while out.len() <= cap {
            let Some(e) = dir.read() else { break };
            let e = e?;
            let name = OsStr::from_bytes(e.file_name().to_bytes());
            if name == "." || name == ".." {
                continue;
            }
            let mut t = e.file_type();
            if t == FileType::Unknown {
                // The file system does not say in the listing: ask, without following a link.
                t = FileType::from_raw_mode(rustix::fs::statat(dir.fd()?, name, AtFlags::SYMLINK_NOFOLLOW)?.st_mode);
            }
            let kind = match t {
                FileType::RegularFile => EntryKind::File,
                FileType::Directory => EntryKind::Folder,
                FileType::Symlink => EntryKind::Link,
                _ => EntryKind::Special,
            };
            out.push(Entry {
                name: name.to_os_string(),
                kind,
            });
        }
        Ok(out)
    }
}

/// Elsewhere than Unix: the real path is checked, then opened by name (no descriptor walk).
#[cfg(not(unix))]
mod beneath {
    use std::fs::File;
    use std::path::{Path, PathBuf};

    use super::{Entry, EntryKind, Kind};

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(super) enum How {
        Look,
        Read,
        List,
    }

    pub(super) enum Fail {
        Escapes,
        Os(std::io::Error),
    }

    pub(super) struct Walked {
        pub real: PathBuf,
        pub kind: Kind,
        pub len: u64,
        pub file: Option<File>,
    }

    pub(super) fn walk(root: &Path, _: (u64, u64), names: Vec<std::ffi::OsString>, how: How) -> Result<Walked, Fail> {
        let mut joined = root.to_path_buf();
        joined.extend(names);
        let real = joined.canonicalize().map_err(Fail::Os)?;
        if !real.starts_with(root) {
            return Err(Fail::Escapes);
        }
        let meta = std::fs::metadata(&real).map_err(Fail::Os)?;
        let kind = if meta.is_dir() {
            Kind::Folder
        } else if meta.is_file() {
            Kind::File
        } else {
            Kind::Special
        };
        let file = match (how, kind) {
            (How::Read, Kind::File) => Some(File::open(&real).map_err(Fail::Os)?),
            _ => None,
        };
        Ok(Walked {
            real,
            kind,
            len: meta.len(),
            file,
        })
    }

    pub(super) fn entries(w: Walked, cap: usize) -> std::io::Result<Vec<Entry>> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(&w.real)? {
            if out.len() > cap {
                break;
            }
            let e = e?;
            let t = e.file_type()?;
            let kind = if t.is_symlink() {
                EntryKind::Link
            } else if t.is_dir() {
                EntryKind::Folder
            } else if t.is_file() {
                EntryKind::File
            } else {
                EntryKind::Special
            };
            out.push(Entry { name: e.file_name(), kind });
        }
        Ok(out)
    }
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

    #[cfg(unix)]
    #[test]
    fn links_inside_are_followed_and_links_out_refused_whether_or_not_their_target_exists() {
        use std::os::unix::fs::symlink;
        let d = scratch("links");
        let inside = d.join("in");
        let link = |target: &Path, name: &str| symlink(target, inside.join(name)).expect("symlink");
        link(&inside.join("ok.txt"), "abs.txt");
        link(Path::new("sub/../ok.txt"), "rel.txt");
        link(Path::new("../ok.txt"), "sub/up.txt");
        link(Path::new("../in/ok.txt"), "back.txt");
        link(Path::new("sub"), "dir");
        link(&d, "top");
        link(&d.join("secret.txt"), "out.txt");
        link(&d.join("missing.txt"), "gone.txt");
        link(&d.join("nowhere/missing.txt"), "gone-deeper.txt");
        link(Path::new("../secret.txt"), "rel-out.txt");
        link(Path::new("../missing.txt"), "rel-gone.txt");
        link(Path::new("missing.txt"), "dangling.txt");
        link(Path::new("loop2"), "loop1");
        link(Path::new("loop1"), "loop2");
        let s = Sandbox::new(&inside).expect("sandbox");
        for ok in [
            "abs.txt",
            "rel.txt",
            "sub/up.txt",
            "back.txt",
            "dir/../ok.txt",
            "dir/up.txt",
            "top/in/ok.txt",
        ] {
            assert_eq!(s.read(Path::new(ok), 10), Ok(b"ok".to_vec()), "{ok}");
            assert_eq!(s.locate(Path::new(ok)), Ok(s.root().join("ok.txt")), "{ok}");
        }
        // Out of the folder, by a link or a link on the way: refused alike, there or not.
        for out in [
            "out.txt",
            "gone.txt",
            "gone-deeper.txt",
            "rel-out.txt",
            "rel-gone.txt",
            "top/secret.txt",
            "top/missing.txt",
        ] {
            assert!(matches!(s.read(Path::new(out), 10), Err(ReadError::Escapes { .. })), "{out}");
            assert!(matches!(s.inspect(Path::new(out)), Err(ReadError::Escapes { .. })), "{out}");
        }
        assert!(matches!(s.read(Path::new("dangling.txt"), 10), Err(ReadError::Missing { .. })));
        match s.read(Path::new("loop1"), 10) {
            Err(ReadError::Missing { why, .. }) => assert!(why.contains("symbolic links"), "{why}"),
            other => panic!("a loop of links: {other:?}"),
        }
        // A trailing slash (or `/.`) says a folder, as the kernel has it: through a link too.
        link(Path::new("ok.txt/"), "slashed.txt");
        for not_folder in ["ok.txt/", "ok.txt/.", "slashed.txt", "abs.txt/"] {
            match s.read(Path::new(not_folder), 10) {
                Err(ReadError::Missing { why, .. }) => assert!(why.contains("Not a directory"), "{not_folder}: {why}"),
                other => panic!("{not_folder}: {other:?}"),
            }
        }
        assert_eq!(s.inspect(Path::new("dir/")).map(|f| f.kind), Ok(Kind::Folder));
        assert_eq!(s.inspect(&s.root().join("sub/")).map(|f| f.kind), Ok(Kind::Folder));
        assert!(matches!(s.read(&s.root().join("ok.txt/"), 10), Err(ReadError::Missing { .. })));
        assert_eq!(s.inspect(Path::new("dir")).map(|f| f.kind), Ok(Kind::Folder));
        assert!(matches!(s.read(Path::new("dir"), 10), Err(ReadError::Folder { .. })));
        let mut listed: Vec<(String, EntryKind)> = s
            .list(Path::new("sub"), 10)
            .expect("list")
            .into_iter()
            .map(|e| (e.name.to_string_lossy().into_owned(), e.kind))
            .collect();
        listed.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(listed, vec![("up.txt".to_string(), EntryKind::Link)]);
        assert_eq!(s.list(Path::new("."), 2).map(|l| l.len()), Ok(3), "at most cap + 1 entries");
        assert!(matches!(s.list(Path::new("top"), 10), Err(ReadError::Escapes { .. })));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn the_descriptor_check_says_where_an_open_file_really_is() {
        use std::os::fd::AsFd;
        let d = scratch("descriptor");
        let root = d.join("in").canonicalize().expect("real");
        let inside = std::fs::File::open(root.join("ok.txt")).expect("open");
        let outside = std::fs::File::open(d.join("secret.txt")).expect("open");
        assert!(descriptor_inside(inside.as_fd(), &root));
        if let Some(p) = descriptor_path(outside.as_fd()) {
            assert_eq!(p, d.join("secret.txt").canonicalize().expect("real"));
            assert!(!descriptor_inside(outside.as_fd(), &root));
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_swapped_for_a_link_after_the_sandbox_was_made_is_not_read() {
        let d = scratch("swapped");
        let s = Sandbox::new(&d.join("in")).expect("sandbox");
        assert_eq!(s.read(Path::new("ok.txt"), 10), Ok(b"ok".to_vec()));
        std::fs::rename(d.join("in"), d.join("was-in")).expect("rename");
        std::os::unix::fs::symlink(&d, d.join("in")).expect("symlink");
        assert!(matches!(s.read(Path::new("secret.txt"), 10), Err(ReadError::Escapes { .. })));
        let _ = std::fs::remove_dir_all(&d);
    }
}
