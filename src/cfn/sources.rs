//! Where module files come from: a folder on disk or an in-memory file map, paths confined to
//! a root folder (on disk: the working folder or `--root`; in memory: the map itself), entries
//! of `.zip` packages, and remote addresses behind the [`Fetch`] trait (offline by default).

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::error::{CfnError, ErrorKind};
use super::value::Text;
use crate::confine::{ReadError, Sandbox};

/// The most bytes one file (or one archive entry) may have.
pub const MAX_FILE: u64 = 16 << 20;

/// A path inside the root folder, as normalised components.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelPath(pub Vec<String>);

impl RelPath {
    /// The folder holding this file.
    pub fn dir(&self) -> RelPath {
        let mut c = self.0.clone();
        c.pop();
        RelPath(c)
    }
    /// `rel` (a relative path as written) joined onto this folder, refusing escapes: `..` may
    /// climb out of this folder, but not above the root.
    pub fn join(&self, rel: &str) -> Result<RelPath, CfnError> {
        if is_absolute(rel) {
            return Err(ErrorKind::Escape {
                path: rel.into(),
                detail: "is absolute".into(),
            }
            .into());
        }
        let mut c = self.0.clone();
        for part in rel.split(['/', '\\']) {
            match part {
                "" | "." => {}
                ".." => {
                    if c.pop().is_none() {
                        return Err(ErrorKind::Escape {
                            path: rel.into(),
                            detail: "climbs above the root folder".into(),
                        }
                        .into());
                    }
                }
                p => c.push(p.to_string()),
            }
        }
        Ok(RelPath(c))
    }
}

impl fmt::Display for RelPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.join("/"))
    }
}

/// Where one file is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Loc {
    /// A file in the parent template's folder tree.
    File(RelPath),
    /// An entry inside a zip archive.
    Zip {
        /// The archive.
        archive: Box<Loc>,
        /// The entry's path inside it.
        entry: RelPath,
    },
    /// An `https://` or `s3://` address.
    Remote(String),
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::File(p) => write!(f, "{p}"),
            Loc::Zip { archive, entry } => write!(f, "{archive}!/{entry}"),
            Loc::Remote(u) => write!(f, "{u}"),
        }
    }
}

/// True for a path written as absolute (`/x`, `\\x`, `C:x`).
pub fn is_absolute(s: &str) -> bool {
    s.starts_with(['/', '\\']) || s.as_bytes().get(1) == Some(&b':')
}

/// Turns an absolute path as written into a path inside the root, or refuses it.
pub type Absolute<'f> = &'f dyn Fn(&str) -> Result<RelPath, CfnError>;

/// The [`Absolute`] of an input with no folder on disk: every absolute path is refused.
pub fn refuse_absolute(path: &str) -> Result<RelPath, CfnError> {
    Err(ErrorKind::Escape {
        path: path.into(),
        detail: "is absolute".into(),
    }
    .into())
}

/// True for a source that names a remote address.
pub fn is_remote(s: &str) -> bool {
    s.starts_with("https://") || s.starts_with("http://") || s.starts_with("s3://")
}

impl Loc {
    /// True when this file sits in the same folder as `other` (both on disk).
    pub fn beside(&self, other: &Loc) -> bool {
        matches!((self, other), (Loc::File(a), Loc::File(b)) if a.dir() == b.dir())
    }
    /// A path as written in this file, resolved against this file's folder; an absolute path
    /// is refused.
    pub fn relative(&self, rel: &str) -> Result<Loc, CfnError> {
        self.relative_in(rel, &refuse_absolute)
    }
    /// [`Loc::relative`], an absolute path on disk mapped into the root by `absolute`.
    pub fn relative_in(&self, rel: &str, absolute: Absolute) -> Result<Loc, CfnError> {
        if is_remote(rel) {
            return Ok(Loc::Remote(rel.to_string()));
        }
        if let Some(i) = rel.find(".zip/") {
            let archive = self.relative_in(&rel[..i + 4], absolute)?;
            return Ok(Loc::Zip {
                archive: Box::new(archive),
                entry: RelPath(Vec::new()).join(&rel[i + 5..])?,
            });
        }
        Ok(match self {
            Loc::File(_) if is_absolute(rel) => Loc::File(absolute(rel)?),
            Loc::File(p) => Loc::File(p.dir().join(rel)?),
            Loc::Zip { archive, entry } => Loc::Zip {
                archive: archive.clone(),
                entry: entry.dir().join(rel)?,
            },
            Loc::Remote(u) => {
                let base = u.rsplit_once('/').map(|(b, _)| b).unwrap_or(u);
                Loc::Remote(format!("{base}/{}", rel.trim_start_matches("./")))
            }
        })
    }
    /// `rel` inside this location taken as a folder (a package's location), or inside the
    /// archive when it is a `.zip`.
    pub fn inside(&self, rel: &str) -> Result<Loc, CfnError> {
        let is_zip = match self {
            Loc::File(p) => p.0.last().is_some_and(|n| n.ends_with(".zip")),
            Loc::Zip { entry, .. } => entry.0.last().is_some_and(|n| n.ends_with(".zip")),
            Loc::Remote(u) => u.ends_with(".zip"),
        };
        if is_zip {
            return Ok(Loc::Zip {
                archive: Box::new(self.clone()),
                entry: RelPath(Vec::new()).join(rel)?,
            });
        }
        Ok(match self {
            Loc::File(p) => Loc::File(p.join(rel)?),
            Loc::Zip { archive, entry } => Loc::Zip {
                archive: archive.clone(),
                entry: entry.join(rel)?,
            },
            Loc::Remote(u) => Loc::Remote(format!("{}/{}", u.trim_end_matches('/'), rel.trim_start_matches("./"))),
        })
    }
}

/// Fetches remote sources. A networked build may give one; the default refuses.
pub trait Fetch {
    /// The bytes at `uri` (`https://…` or `s3://…`).
    fn fetch(&self, uri: &str) -> Result<Vec<u8>, CfnError>;
}

/// The fetcher used offline: every remote source is an error saying so.
#[derive(Clone, Copy, Debug, Default)]
pub struct Offline;

impl Fetch for Offline {
    fn fetch(&self, uri: &str) -> Result<Vec<u8>, CfnError> {
        Err(ErrorKind::Offline { uri: uri.to_string() }.into())
    }
}

/// A fetcher that serves fixed files by address instead of downloading them: a question's
/// `files:` entries keyed by an `https://` or `s3://` address stand in for the remote files.
/// An address it does not serve is offline, as with [`Offline`].
#[derive(Clone, Debug, Default)]
pub struct Served(pub BTreeMap<String, Vec<u8>>);

impl Fetch for Served {
    fn fetch(&self, uri: &str) -> Result<Vec<u8>, CfnError> {
        self.0
            .get(uri)
            .cloned()
            .ok_or_else(|| ErrorKind::Offline { uri: uri.to_string() }.into())
    }
}

/// The files a packaging may read.
#[derive(Clone, Debug)]
pub enum Files {
    /// A folder on disk: the parent template's folder.
    Disk(PathBuf),
    /// An in-memory file map, keyed by `/`-separated relative paths.
    Memory(BTreeMap<String, Vec<u8>>),
}

/// What a packaging reads: the files, the parent template's path among them, and the fetcher.
pub struct Input {
    /// The files.
    pub files: Files,
    /// The parent template, relative to the files' root.
    pub parent: RelPath,
    /// The fetcher for remote sources.
    pub fetcher: Box<dyn Fetch>,
}

impl Input {
    /// A template on disk whose own folder is the root all sources must stay in (the library's
    /// default; the command line roots at the working folder, see [`Input::file_in`]).
    pub fn file(path: impl AsRef<Path>) -> Input {
        let path = path.as_ref();
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        Input {
            files: Files::Disk(dir),
            parent: RelPath(vec![name]),
            fetcher: Box::new(Offline),
        }
    }
    /// A template on disk inside the folder `root`, which all sources must stay in: a source
    /// may climb above the template's own folder (`../../modules/x.yaml`) or be absolute, as
    /// long as it stays inside `root`. Refused when the template is not inside `root`.
    pub fn file_in(path: impl AsRef<Path>, root: impl AsRef<Path>) -> Result<Input, CfnError> {
        let (path, root) = (path.as_ref(), root.as_ref());
        let real_root = root.canonicalize().map_err(|e| ErrorKind::Read {
            path: root.display().to_string(),
            detail: format!("the root folder cannot be used: {e}"),
        })?;
        let real = path.canonicalize().map_err(|e| ErrorKind::Read {
            path: path.display().to_string(),
            detail: e.to_string(),
        })?;
        let inside = real.strip_prefix(&real_root).map_err(|_| ErrorKind::Escape {
            path: path.display().to_string(),
            detail: format!("is outside the root folder {}", root.display()),
        })?;
        let parent: Vec<String> = inside.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        if parent.is_empty() {
            return Err(ErrorKind::Read {
                path: path.display().to_string(),
                detail: "it is the root folder, not a template file".into(),
            }
            .into());
        }
        Ok(Input {
            files: Files::Disk(root.to_path_buf()),
            parent: RelPath(parent),
            fetcher: Box::new(Offline),
        })
    }
    /// An in-memory file map (a question's `files:`) and the parent's name in it.
    pub fn memory<K: Into<String>, V: Into<Vec<u8>>>(files: impl IntoIterator<Item = (K, V)>, parent: &str) -> Input {
        let norm = |k: String| RelPath(Vec::new()).join(&k).map(|p| p.to_string()).unwrap_or(k);
        Input {
            files: Files::Memory(files.into_iter().map(|(k, v)| (norm(k.into()), v.into())).collect()),
            parent: RelPath(Vec::new())
                .join(parent)
                .unwrap_or_else(|_| RelPath(vec![parent.to_string()])),
            fetcher: Box::new(Offline),
        }
    }
    /// An in-memory file map whose entries keyed by a remote address (`https://…`, `s3://…`)
    /// are served for those addresses (see [`Served`]) and the rest are files, as in
    /// [`Input::memory`].
    pub fn memory_served<K: Into<String>, V: Into<Vec<u8>>>(files: impl IntoIterator<Item = (K, V)>, parent: &str) -> Input {
        let mut remote = BTreeMap::new();
        let mut local = Vec::new();
        for (k, v) in files {
            let (k, v): (String, Vec<u8>) = (k.into(), v.into());
            if is_remote(&k) {
                remote.insert(k, v);
            } else {
                local.push((k, v));
            }
        }
        Input::memory(local, parent).with_fetcher(Box::new(Served(remote)))
    }
    /// The same input with another fetcher for remote sources.
    pub fn with_fetcher(mut self, fetcher: Box<dyn Fetch>) -> Input {
        self.fetcher = fetcher;
        self
    }
}

impl From<&Path> for Input {
    fn from(p: &Path) -> Input {
        Input::file(p)
    }
}

impl From<PathBuf> for Input {
    fn from(p: PathBuf) -> Input {
        Input::file(p)
    }
}

impl From<&str> for Input {
    fn from(p: &str) -> Input {
        Input::file(p)
    }
}

/// The bytes of a file, shared between the cache and the archives read from them.
#[derive(Clone, Debug)]
struct Bytes(Rc<Vec<u8>>);

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        self.0.as_slice()
    }
}

/// A parsed zip archive: its central directory (the file list) read once, for every module
/// and file taken from it.
type Archive = RefCell<zip::ZipArchive<std::io::Cursor<Bytes>>>;

/// Reads files for one packaging, caching file bytes and parsed archives.
pub struct Reader<'a> {
    input: &'a Input,
    sandbox: Option<Sandbox>,
    // The root as written, made absolute but not canonical: an absolute source written
    // through a symbolic link to the root is inside it too.
    root_abs: Option<PathBuf>,
    cache: RefCell<HashMap<Loc, Rc<Vec<u8>>>>,
    // The files read as text, decoded once: every insertion of one file shares its text.
    texts: RefCell<HashMap<Loc, Text>>,
    archives: RefCell<HashMap<Loc, Rc<Archive>>>,
    verified: RefCell<HashSet<(Loc, Loc)>>,
    parses: Cell<usize>,
}

impl<'a> Reader<'a> {
    /// A reader over `input`; on disk, every read is confined to the parent template's folder.
    pub fn new(input: &'a Input) -> Result<Reader<'a>, CfnError> {
        let sandbox = match &input.files {
            Files::Disk(d) => Some(Sandbox::new(d).map_err(|e| ErrorKind::Read {
                path: d.display().to_string(),
                detail: match e {
                    ReadError::Missing { why, .. } => why,
                    e => e.to_string(),
                },
            })?),
            Files::Memory(_) => None,
        };
        let root_abs = match &input.files {
            Files::Disk(d) => std::path::absolute(d).ok(),
            Files::Memory(_) => None,
        };
        Ok(Reader {
            input,
            sandbox,
            root_abs,
            cache: RefCell::new(HashMap::new()),
            texts: RefCell::new(HashMap::new()),
            archives: RefCell::new(HashMap::new()),
            verified: RefCell::new(HashSet::new()),
            parses: Cell::new(0),
        })
    }

    /// An absolute path as written, as a path inside the root folder; refused when it is
    /// outside (or when the files are in memory, with no folder on disk).
    pub fn absolute(&self, written: &str) -> Result<RelPath, CfnError> {
        let Some(sandbox) = &self.sandbox else {
            return refuse_absolute(written);
        };
        let outside = || -> CfnError {
            ErrorKind::Escape {
                path: written.to_string(),
                detail: format!(
                    "is outside the root folder {}",
                    self.root_abs.as_deref().unwrap_or(sandbox.root()).display()
                ),
            }
            .into()
        };
        // Lexically: `..` is folded before the root is compared, as the path reads.
        let mut parts: Vec<std::ffi::OsString> = Vec::new();
        let mut prefix = PathBuf::new();
        for c in Path::new(written).components() {
            match c {
                std::path::Component::Prefix(_) | std::path::Component::RootDir => prefix.push(c.as_os_str()),
                std::path::Component::CurDir => {}
                std::path::Component::ParentDir => {
                    parts.pop();
                }
                std::path::Component::Normal(n) => parts.push(n.to_os_string()),
            }
        }
        let full: PathBuf = std::iter::once(prefix.into_os_string()).chain(parts).collect();
        let roots = [self.root_abs.as_deref(), Some(sandbox.root())];
        let inside = roots
            .into_iter()
            .flatten()
            .find_map(|r| full.strip_prefix(r).ok())
            .ok_or_else(outside)?;
        let rel: Vec<String> = inside.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        Ok(RelPath(rel))
    }

    /// How many times a zip archive's file list was parsed: once per archive however many
    /// modules and files are taken from it.
    pub fn archive_parses(&self) -> usize {
        self.parses.get()
    }

    /// True when the package `pkg` already matched the hash file `hash` in this packaging: a
    /// package many modules use is hashed once.
    pub fn hash_verified(&self, pkg: &Loc, hash: &Loc) -> bool {
        self.verified.borrow().contains(&(pkg.clone(), hash.clone()))
    }

    /// Records that the package `pkg` matched the hash file `hash`.
    pub fn note_hash_verified(&self, pkg: &Loc, hash: &Loc) {
        self.verified.borrow_mut().insert((pkg.clone(), hash.clone()));
    }

    /// The bytes of the file at `loc`.
    pub fn read(&self, loc: &Loc) -> Result<Rc<Vec<u8>>, CfnError> {
        if let Some(b) = self.cache.borrow().get(loc) {
            return Ok(b.clone());
        }
        let bytes = Rc::new(match loc {
            Loc::File(p) => self.read_file(p)?,
            Loc::Remote(u) => self.input.fetcher.fetch(u)?,
            Loc::Zip { archive, entry } => {
                let zip = self.archive(archive)?;
                read_entry(&mut zip.borrow_mut(), entry).map_err(|detail| ErrorKind::Read {
                    path: loc.to_string(),
                    detail,
                })?
            }
        });
        if bytes.len() as u64 > MAX_FILE {
            return Err(ErrorKind::Limit(format!("{loc} is larger than {MAX_FILE} bytes")).into());
        }
        self.cache.borrow_mut().insert(loc.clone(), bytes.clone());
        Ok(bytes)
    }

    /// The text of the file at `loc`.
    pub fn text(&self, loc: &Loc) -> Result<Text, CfnError> {
        if let Some(t) = self.texts.borrow().get(loc) {
            return Ok(t.clone());
        }
        let b = self.read(loc)?;
        let text: Text = std::str::from_utf8(&b)
            .map_err(|_| ErrorKind::Read {
                path: loc.to_string(),
                detail: "it is not UTF-8 text".into(),
            })?
            .into();
        self.texts.borrow_mut().insert(loc.clone(), text.clone());
        Ok(text)
    }

    /// The archive at `loc`, its file list parsed on first use and kept.
    fn archive(&self, loc: &Loc) -> Result<Rc<Archive>, CfnError> {
        if let Some(a) = self.archives.borrow().get(loc) {
            return Ok(a.clone());
        }
        let bytes = Bytes(self.read(loc)?);
        self.parses.set(self.parses.get() + 1);
        let parsed = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| ErrorKind::Read {
            path: loc.to_string(),
            detail: format!("not a zip archive: {e}"),
        })?;
        let a = Rc::new(RefCell::new(parsed));
        self.archives.borrow_mut().insert(loc.clone(), a.clone());
        Ok(a)
    }

    fn read_file(&self, p: &RelPath) -> Result<Vec<u8>, CfnError> {
        let shown = p.to_string();
        match (&self.input.files, &self.sandbox) {
            (Files::Memory(m), _) => m.get(&shown).cloned().ok_or_else(|| {
                ErrorKind::Read {
                    path: shown,
                    detail: "no such file".into(),
                }
                .into()
            }),
            (Files::Disk(_), Some(sandbox)) => {
                // The components are plain names (`RelPath::join` refused `..` and absolute
                // paths), so the gate's only escape left is a symbolic link.
                let rel: PathBuf = p.0.iter().collect();
                sandbox.read(&rel, MAX_FILE).map_err(|e| refused(&shown, e))
            }
            (Files::Disk(_), None) => Err(ErrorKind::Read {
                path: shown,
                detail: "no root folder".into(),
            }
            .into()),
        }
    }
}

/// A read the gate refused, as a packaging error that says which file and why.
fn refused(shown: &str, e: ReadError) -> CfnError {
    let read = |detail: String| -> CfnError {
        ErrorKind::Read {
            path: shown.to_string(),
            detail,
        }
        .into()
    };
    match e {
        ReadError::Escapes { .. } => ErrorKind::Escape {
            path: shown.to_string(),
            detail: "is a symbolic link to a file outside".into(),
        }
        .into(),
        ReadError::Missing { why, .. } => read(why),
        ReadError::Folder { .. } => read("it is a folder".into()),
        ReadError::Special { .. } => read(
            "refused: it is not a regular file (a FIFO, a device or a socket could block or never end); only regular files are read".into(),
        ),
        ReadError::TooLarge { cap, .. } => ErrorKind::Limit(format!("{shown} is larger than {cap} bytes")).into(),
        ReadError::Io { why, .. } => read(why),
    }
}

fn read_entry(archive: &mut zip::ZipArchive<std::io::Cursor<Bytes>>, entry: &RelPath) -> Result<Vec<u8>, String> {
    let name = entry.to_string();
    let file = archive.by_name(&name).map_err(|_| format!("the archive has no entry {name}"))?;
    if file.is_dir() {
        return Err(format!("{name} is a folder in the archive"));
    }
    let mut out = Vec::new();
    file.take(MAX_FILE + 1).read_to_end(&mut out).map_err(|e| e.to_string())?;
    if out.len() as u64 > MAX_FILE {
        return Err(format!("{name} is larger than {MAX_FILE} bytes"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfn::Value;

    fn top() -> Loc {
        Loc::File(RelPath(vec!["parent.yaml".into()]))
    }

    #[test]
    fn relative_paths_resolve_against_the_declaring_file() {
        let sub = top().relative("./sub/m.yaml").unwrap();
        assert_eq!(sub.to_string(), "sub/m.yaml");
        assert_eq!(sub.relative("n.yaml").unwrap().to_string(), "sub/n.yaml");
        assert_eq!(sub.relative("../n.yaml").unwrap().to_string(), "n.yaml");
    }

    #[test]
    fn escapes_and_absolute_paths_are_refused() {
        assert!(matches!(*top().relative("../x.yaml").unwrap_err().kind, ErrorKind::Escape { .. }));
        assert!(matches!(*top().relative("/etc/passwd").unwrap_err().kind, ErrorKind::Escape { .. }));
        assert!(matches!(*top().relative("a/../../x").unwrap_err().kind, ErrorKind::Escape { .. }));
    }

    #[test]
    fn packages_and_zips() {
        let pkg = top().relative("package.zip").unwrap();
        let m = pkg.inside("m.yaml").unwrap();
        assert_eq!(m.to_string(), "package.zip!/m.yaml");
        assert_eq!(m.relative("n.yaml").unwrap().to_string(), "package.zip!/n.yaml");
        let dir = top().relative("lib").unwrap().inside("a.yaml").unwrap();
        assert_eq!(dir.to_string(), "lib/a.yaml");
    }

    #[test]
    fn served_addresses_stand_in_for_remote_files() {
        let input = Input::memory_served(
            vec![
                ("https://example.com/m/bucket.yaml".to_string(), b"Resources: {}".to_vec()),
                ("local.yaml".to_string(), b"x".to_vec()),
            ],
            "p.yaml",
        );
        let r = Reader::new(&input).unwrap();
        let m = top().relative("https://example.com/m/bucket.yaml").unwrap();
        assert_eq!(r.text(&m).unwrap().as_ref(), "Resources: {}");
        assert_eq!(r.text(&top().relative("local.yaml").unwrap()).unwrap().as_ref(), "x");
        // A file read twice is one text, shared: insertions do not copy it.
        let (once, again) = (r.text(&m).unwrap(), r.text(&m).unwrap());
        assert!(std::sync::Arc::ptr_eq(&once, &again));
        let other = r.read(&m.relative("./other.yaml").unwrap()).unwrap_err();
        assert!(other.to_string().contains("https://example.com/m/other.yaml"), "{other}");
    }

    #[test]
    fn remote_sources_are_offline() {
        let input = Input::memory(Vec::<(String, Vec<u8>)>::new(), "p.yaml");
        let r = Reader::new(&input).unwrap();
        let e = r.read(&top().relative("https://example.com/m.yaml").unwrap()).unwrap_err();
        assert!(e.to_string().contains("cannot be fetched offline"), "{e}");
    }

    /// A zip holding `n` module files `m0.yaml` … (each one resource), stored uncompressed.
    fn package_of(n: usize) -> Vec<u8> {
        use std::io::Write;
        let mut buf = std::io::Cursor::new(Vec::new());
        let mut z = zip::ZipWriter::new(&mut buf);
        let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        for i in 0..n {
            z.start_file(format!("m{i}.yaml"), opts).unwrap();
            z.write_all(b"Resources:\n  R:\n    Type: X::Y::Z\n").unwrap();
        }
        z.finish().unwrap();
        buf.into_inner()
    }

    #[test]
    fn a_package_file_list_is_parsed_once_however_many_modules_use_it() {
        use crate::cfn::{ctx::Ctx, module::Engine};
        use sha2::{Digest, Sha256};
        let zip = package_of(5_000);
        let digest: String = Sha256::digest(&zip).iter().map(|b| format!("{b:02x}")).collect();
        let mut parent = String::from("Packages:\n  p:\n    Source: pkg.zip\n    Hash: pkg.sha256\nModules:\n");
        for i in 0..200 {
            // Half by alias, half by a path through the archive: both share one parse.
            if i % 2 == 0 {
                parent.push_str(&format!("  M{i}:\n    Source: $p/m{i}.yaml\n"));
            } else {
                parent.push_str(&format!("  M{i}:\n    Source: pkg.zip/m{i}.yaml\n"));
            }
        }
        let input = Input::memory(
            vec![
                ("parent.yaml".to_string(), parent.into_bytes()),
                ("pkg.zip".to_string(), zip),
                ("pkg.sha256".to_string(), digest.into_bytes()),
            ],
            "parent.yaml",
        );
        let rules = crate::lang::Rules::real();
        let eng = Engine::new(Ctx::new(&rules), Reader::new(&input).unwrap(), top());
        let out = eng.run().unwrap();
        let resources = out.get("Resources").and_then(Value::as_map).map(|m| m.len());
        assert_eq!(resources, Some(200));
        assert_eq!(eng.reader.archive_parses(), 1);
    }

    #[test]
    fn each_archive_is_parsed_once() {
        let input = Input::memory(
            vec![("a.zip".to_string(), package_of(3)), ("b.zip".to_string(), package_of(3))],
            "p.yaml",
        );
        let r = Reader::new(&input).unwrap();
        for name in ["a.zip", "b.zip"] {
            for i in 0..3 {
                let loc = top().relative(&format!("{name}/m{i}.yaml")).unwrap();
                assert!(r.text(&loc).unwrap().contains("X::Y::Z"));
            }
        }
        assert_eq!(r.archive_parses(), 2);
        // A missing entry still names the archive and the entry.
        let e = r.read(&top().relative("a.zip/none.yaml").unwrap()).unwrap_err();
        assert!(e.to_string().contains("a.zip!/none.yaml"), "{e}");
    }
}
