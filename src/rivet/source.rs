//! Where a configuration comes from (a folder, one file, or in-memory files) and how module
//! folders are found and read. All file access goes through [`Host`], so a module source can
//! never leave the configuration's folder: no climbing above it with `..`, no absolute paths,
//! no symlinks that lead outside.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::lang::eval::host::{Host, Kind, PathError};
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{Span, parse_body};

use super::decl::Module;
use super::error::{ErrorKind, RivetError};

/// A configuration to compile.
#[derive(Clone, Debug)]
pub enum Source {
    /// A folder on disk (its `.rvt` files are the root module), or one `.rvt` file (module
    /// sources are then relative to the file's folder).
    Path(PathBuf),
    /// In-memory files by `/`-separated path; the root module is the `.rvt` files at the top.
    Memory(BTreeMap<String, String>),
}

impl Source {
    /// One in-memory file, `main.rvt`, holding `text`.
    pub fn text(text: &str) -> Source {
        Source::Memory([("main.rvt".to_string(), text.to_string())].into_iter().collect())
    }
    /// In-memory files from (path, text) pairs.
    pub fn files<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Source {
        Source::Memory(files.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect())
    }
}

/// Reads module folders once each, keeping every file's text for error positions.
pub struct Loader {
    /// The sandbox all reads go through.
    pub host: Host,
    single: Option<String>,
    sources: RefCell<BTreeMap<String, String>>,
    modules: RefCell<HashMap<String, Rc<Module>>>,
}

fn load_err(span: &Span, file: &str, msg: impl Into<String>) -> Diag {
    ErrorKind::Load.at(span, msg).in_file(file)
}

impl Loader {
    /// Opens a source; fails when a path names nothing.
    pub fn new(source: &Source) -> Result<Loader, RivetError> {
        let (host, single) = match source {
            Source::Memory(files) => (
                Host::with_files(files.iter().map(|(k, v)| (k.clone(), v.clone().into_bytes())).collect()),
                None,
            ),
            Source::Path(p) if p.is_dir() => (Host::with_root(p), None),
            Source::Path(p) if p.is_file() => {
                let parent = match p.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                let name = p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
                (Host::with_root(parent), Some(name))
            }
            Source::Path(p) => {
                return Err(RivetError::new(ErrorKind::Load, format!("{}: no such folder or file", p.display())));
            }
        };
        Ok(Loader {
            host,
            single,
            sources: RefCell::new(BTreeMap::new()),
            modules: RefCell::new(HashMap::new()),
        })
    }

    /// Every file read so far (name relative to the configuration's folder → text).
    pub fn sources(&self) -> BTreeMap<String, String> {
        self.sources.borrow().clone()
    }

    /// The root module.
    pub fn root(&self) -> DResult<Rc<Module>> {
        let names = match &self.single {
            Some(n) => vec![n.clone()],
            None => self.rvt_files("", &(0..0), "")?,
        };
        if names.is_empty() {
            return Err(Diag::new(
                ErrorKind::Load.title(),
                "the configuration's folder holds no .rvt files".to_string(),
            ));
        }
        self.build("", names, &(0..0), "")
    }

    /// The module a call in folder `from` names with `source` (written at `span` in `file`).
    pub fn module(&self, from: &str, source: &str, span: &Span, file: &str) -> DResult<Rc<Module>> {
        let dir = module_dir(from, source).map_err(|m| load_err(span, file, m))?;
        if let Some(m) = self.modules.borrow().get(&dir) {
            return Ok(m.clone());
        }
        match self.host.kind(&dir) {
            Ok(Kind::Dir) => {}
            Ok(Kind::File) => {
                return Err(load_err(
                    span,
                    file,
                    format!("module source {source:?} is a file; it must name a folder"),
                ));
            }
            Err(e) => return Err(load_err(span, file, path_problem(source, &e))),
        }
        let names = self.rvt_files(&dir, span, file)?;
        if names.is_empty() {
            return Err(load_err(span, file, format!("module folder {source:?} holds no .rvt files")));
        }
        let m = self.build(&dir, names, span, file)?;
        self.modules.borrow_mut().insert(dir, m.clone());
        Ok(m)
    }

    fn build(&self, dir: &str, names: Vec<String>, span: &Span, file: &str) -> DResult<Rc<Module>> {
        let mut module = Module {
            dir: dir.to_string(),
            ..Module::default()
        };
        for name in names {
            let bytes = self.host.read(&name).map_err(|e| load_err(span, file, path_problem(&name, &e)))?;
            let Ok(text) = String::from_utf8(bytes) else {
                return Err(load_err(span, file, format!("{name} is not UTF-8 text")));
            };
            self.sources.borrow_mut().insert(name.clone(), text.clone());
            let body = parse_body(&text).map_err(|d| {
                let span = d.span.clone().unwrap_or(0..0);
                ErrorKind::Syntax.at(&span, d.to_string()).in_file(&name)
            })?;
            module.add_file(&name, &body)?;
        }
        Ok(Rc::new(module))
    }

    /// The `.rvt` files directly inside `dir` (paths relative to the root), sorted.
    fn rvt_files(&self, dir: &str, span: &Span, file: &str) -> DResult<Vec<String>> {
        let join = |n: &str| if dir.is_empty() { n.to_string() } else { format!("{dir}/{n}") };
        let mut names: Vec<String> = if self.host.files.is_some() {
            let listed = self.host.list_files(dir).map_err(|e| load_err(span, file, path_problem(dir, &e)))?;
            listed
                .into_iter()
                .filter(|n| !n.contains('/') && n.ends_with(".rvt"))
                .map(|n| join(&n))
                .collect()
        } else {
            // Listed through the gate: a folder reached through a link out is refused, and a
            // link swapped in while it is listed cannot lead the listing out.
            let cap = crate::lang::config::MAX_ENTRIES;
            let listed = self
                .host
                .disk_names(dir, cap)
                .map_err(|e| load_err(span, file, path_problem(dir, &e)))?;
            // A folder of a million entries is refused rather than listed.
            if listed.len() > cap {
                return Err(load_err(
                    span,
                    file,
                    format!("folder {dir:?} holds more than {cap} entries; refused"),
                ));
            }
            let mut names = Vec::new();
            for n in listed {
                // Anything named *.rvt that is not a folder is read through the host, which
                // refuses (with a reason) a link out, a FIFO, a device or an oversize file.
                if let Some(n) = n.to_str()
                    && n.ends_with(".rvt")
                    && !matches!(self.host.disk_kind(&join(n)), Ok(Kind::Dir))
                {
                    names.push(join(n));
                }
            }
            names
        };
        names.sort();
        Ok(names)
    }
}

/// The folder (relative to the root) that `source`, written in module folder `from`, names.
fn module_dir(from: &str, source: &str) -> Result<String, String> {
    if Path::new(source).is_absolute() || source.starts_with('/') || source.starts_with('\\') {
        return Err(format!(
            "module source {source:?} is an absolute path; write a path relative to this module's folder, such as \"./modules/file\""
        ));
    }
    if !(source.starts_with("./") || source.starts_with("../")) {
        return Err(format!(
            "module source {source:?} must be a local folder starting with ./ (for example \"./modules/file\")"
        ));
    }
    let mut parts: Vec<&str> = from.split('/').filter(|p| !p.is_empty()).collect();
    for p in source.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(format!(
                        "module source {source:?} climbs out of the configuration's folder; modules must live inside it"
                    ));
                }
            }
            p => parts.push(p),
        }
    }
    Ok(parts.join("/"))
}

fn path_problem(path: &str, e: &PathError) -> String {
    match e {
        PathError::NoRoot => "no configuration folder is open".to_string(),
        PathError::Escapes(_) => {
            format!(
                "{path:?} leads outside the configuration's folder (through .., an absolute path or a symlink); modules must live inside it"
            )
        }
        PathError::Missing(_) => format!("{path:?} does not exist"),
        PathError::Special(_) => format!("{path:?} is not a regular file or folder (a FIFO, a device or a socket)"),
        PathError::TooLarge(_, cap) => format!("{path:?} is larger than {cap} bytes; refused rather than read"),
        PathError::TooMany(_, cap) => format!("{path:?} holds more than {cap} entries; refused rather than listed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_dirs_stay_inside() {
        assert_eq!(module_dir("", "./modules/file"), Ok("modules/file".to_string()));
        assert_eq!(module_dir("modules/a", "../b"), Ok("modules/b".to_string()));
        assert!(module_dir("", "../outside").is_err());
        assert!(module_dir("", "/etc").is_err());
        assert!(module_dir("", "modules/file").is_err());
        assert!(module_dir("modules", "./../../x").is_err());
    }
}
