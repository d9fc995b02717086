//! The module tree: the root module's configuration and, for each `module` block with a local
//! source, the configuration of the called module, loaded once per call (not per instance).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::lang::Diag;
use crate::lang::config::Config;
use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::BlockAst;

/// How deep module calls may nest before the tree is refused (Terraform has no limit; a
/// module that calls itself would recurse for ever).
pub const MAX_DEPTH: usize = 16;

/// One module call: its block and the called module's tree.
#[derive(Clone, Debug)]
pub struct Call {
    /// The file of the parent module the block is in.
    pub file: usize,
    /// The `module` block.
    pub block: BlockAst,
    /// `source` as written (`./modules/net`).
    pub source: String,
    /// The called module.
    pub tree: ModuleTree,
}

/// A module's configuration and the modules it calls, by call name.
#[derive(Clone, Debug)]
pub struct ModuleTree {
    /// The module's files.
    pub config: Config,
    /// The folder, relative to the root module's (`.` for the root; `modules/net`): what
    /// `path.module` gives.
    pub rel_dir: String,
    /// The calls, by name.
    pub calls: BTreeMap<String, Call>,
}

/// The configuration files of every module of a tree, by module folder (`.` for the root,
/// `modules/net`): what a saved plan keeps of the configuration it was made from, so that
/// applying it ignores later edits, as Terraform's plan file does.
pub type Snapshot = BTreeMap<String, Vec<(String, String)>>;

/// A literal `source` string.
fn source_of(b: &BlockAst) -> Option<String> {
    b.body.attr("source")?.expr.literal_string()
}

/// The summary of Terraform's refusal of a module source it cannot place.
pub const INVALID_MODULE_SOURCE: &str = "Invalid module source address";

/// Whether Terraform reads `source` as a relative path written without `./`: not local (no
/// `./` or `../`), not a registry address (`NAMESPACE/NAME/SYSTEM`, with an optional host
/// before it), and nothing go-getter recognises (a forced getter `git::`, a URL, GitHub,
/// Bitbucket, S3 or GCS, an absolute path). Terraform refuses it as "Invalid module source
/// address" when it decodes the block (moduleaddrs.MaybeRelativePathErr).
pub fn maybe_relative_path(source: &str) -> bool {
    if source.is_empty() || ["./", "../", ".\\", "..\\"].iter().any(|p| source.starts_with(p)) {
        return false;
    }
    let remote = source.contains("::")
        || source.contains("://")
        || source.starts_with('/')
        || source.starts_with("git@")
        || ["github.com/", "bitbucket.org/"].iter().any(|h| source.starts_with(h))
        || source.contains(".amazonaws.com/")
        || source.contains("googleapis.com/");
    !remote && !registry_address(source)
}

/// `NAMESPACE/NAME/SYSTEM` or `HOST/NAMESPACE/NAME/SYSTEM`, with an optional `//subdir`
/// (terraform-registry-address's module syntax).
fn registry_address(source: &str) -> bool {
    let package = source.split("//").next().unwrap_or(source);
    let parts: Vec<&str> = package.split('/').collect();
    let name_like = |p: &str| {
        let b = p.as_bytes();
        !b.is_empty()
            && b.len() <= 64
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-' || *c == b'_')
            && b.first().is_some_and(u8::is_ascii_alphanumeric)
            && b.last().is_some_and(u8::is_ascii_alphanumeric)
    };
    let system = |p: &str| !p.is_empty() && p.len() <= 64 && p.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    let module = |p: &[&str]| matches!(p, [ns, name, sys] if name_like(ns) && name_like(name) && system(sys));
    match parts.as_slice() {
        [_, _, _] => module(&parts),
        [host, rest @ ..] if rest.len() == 3 => (host.contains('.') || *host == "localhost") && module(rest),
        _ => false,
    }
}

/// Joins a relative folder and a local source the way Terraform records module folders
/// (`modules/net`, `modules/net/../db` cleaned to `modules/db`).
fn join_rel(base: &str, source: &str) -> String {
    let mut parts: Vec<&str> = if base == "." { Vec::new() } else { base.split('/').collect() };
    for p in source.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else {
                    parts.push("..");
                }
            }
            p => parts.push(p),
        }
    }
    if parts.is_empty() { ".".into() } else { parts.join("/") }
}

impl ModuleTree {
    /// Loads the calls of `config` (whose folder is `root.join(rel_dir)`), recursively.
    pub fn load(root: &Path, rel_dir: &str, config: Config, version: TfVersion, depth: usize) -> Result<ModuleTree, Diag> {
        Self::load_from(root, rel_dir, config, version, depth, None)
    }

    /// [`ModuleTree::load`], the called modules' files taken from `snapshot` when given
    /// (a saved plan's) rather than from their folders.
    pub fn load_from(
        root: &Path,
        rel_dir: &str,
        config: Config,
        version: TfVersion,
        depth: usize,
        snapshot: Option<&Snapshot>,
    ) -> Result<ModuleTree, Diag> {
        let mut calls = BTreeMap::new();
        for (fi, f) in config.files.iter().enumerate() {
            for b in f.body.blocks_of("module") {
                let Some(name) = b.labels.first().cloned() else { continue };
                let Some(source) = source_of(b) else {
                    return Err(Diag::new("Invalid module source", "The module source must be a literal string.")
                        .at(&b.span)
                        .in_file(&f.name));
                };
                if maybe_relative_path(&source) {
                    let at = b.body.attr("source").map(|a| a.expr.span.clone()).unwrap_or_else(|| b.span.clone());
                    return Err(Diag::new(
                        crate::workflow::plan::tree::INVALID_MODULE_SOURCE,
                        format!("Terraform failed to determine your intended installation method for remote module package {source:?}.\n\nIf you intended this as a path relative to the current module, use \"./{source}\" instead. The \"./\" prefix indicates that the address is a relative filesystem path."),
                    )
                    .at(&at)
                    .in_file(&f.name));
                }
                if depth >= MAX_DEPTH {
                    return Err(Diag::new(
                        "Module calls nest too deeply",
                        format!("iacquiz terraform follows module calls {MAX_DEPTH} levels deep; module {name:?} would be deeper (does a module call itself?)."),
                    )
                    .at(&b.span)
                    .in_file(&f.name));
                }
                let rel = join_rel(rel_dir, &source);
                let dir: PathBuf = root.join(&rel);
                let unreadable = || {
                    Diag::new(
                        "Unreadable module directory",
                        format!("The directory {rel} does not exist or cannot be read."),
                    )
                    .at(&b.span)
                    .in_file(&f.name)
                };
                let child = match snapshot {
                    Some(snap) => {
                        let texts = snap.get(&rel).cloned().ok_or_else(unreadable)?;
                        Config::load_texts(texts, version).map(|mut c| {
                            c.dir = Some(dir.clone());
                            c
                        })
                    }
                    None if !dir.is_dir() => return Err(unreadable()),
                    None => Config::load_dir_at(&dir, version),
                };
                let child = child.map_err(|d| match &d.file {
                    Some(file) => {
                        let file = format!("{rel}/{file}");
                        Diag { file: Some(file), ..d }
                    }
                    None => d,
                })?;
                let tree = ModuleTree::load_from(root, &rel, child, version, depth + 1, snapshot)?;
                calls.insert(
                    name,
                    Call {
                        file: fi,
                        block: b.clone(),
                        source,
                        tree,
                    },
                );
            }
        }
        Ok(ModuleTree {
            config,
            rel_dir: rel_dir.to_string(),
            calls,
        })
    }

    /// The files of every module of the tree.
    pub fn snapshot(&self) -> Snapshot {
        let mut out = Snapshot::new();
        self.collect_files(&mut out);
        out
    }

    fn collect_files(&self, out: &mut Snapshot) {
        out.insert(
            self.rel_dir.clone(),
            self.config.files.iter().map(|f| (f.name.clone(), f.src.clone())).collect(),
        );
        for call in self.calls.values() {
            call.tree.collect_files(out);
        }
    }

    /// A tree of one module with no calls.
    pub fn single(config: Config) -> ModuleTree {
        ModuleTree {
            config,
            rel_dir: ".".into(),
            calls: BTreeMap::new(),
        }
    }

    /// The tree of the module at `names` (call names from the root), if declared.
    pub fn find(&self, names: &[&str]) -> Option<&ModuleTree> {
        match names.split_first() {
            None => Some(self),
            Some((first, rest)) => self.calls.get(*first)?.tree.find(rest),
        }
    }

    /// Every module call in the tree, with its path of names (for `init`'s list).
    pub fn all_calls(&self) -> Vec<(Vec<String>, &Call)> {
        let mut out = Vec::new();
        for (name, call) in &self.calls {
            out.push((vec![name.clone()], call));
            for (mut path, c) in call.tree.all_calls() {
                path.insert(0, name.clone());
                out.push((path, c));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::join_rel;

    #[test]
    fn module_folders_are_cleaned_as_terraform_records_them() {
        assert_eq!(join_rel(".", "./modules/net"), "modules/net");
        assert_eq!(join_rel("modules/net", "../db"), "modules/db");
        assert_eq!(join_rel(".", "../shared"), "../shared");
    }
}

#[cfg(test)]
mod source_tests {
    use super::maybe_relative_path;

    // Terraform's reading of each (moduleaddrs.ParseModuleSource; "modules/x" and "app" were
    // refused by tf-oracle 1.12.2 as "Invalid module source address").
    #[test]
    fn a_path_without_dot_slash_is_no_module_address() {
        for (source, refused) in [
            ("modules/x", true),
            ("app", true),
            ("a/b/c/d/e", true),
            ("./modules/x", false),
            ("../shared", false),
            ("hashicorp/consul/aws", false),
            ("hashicorp/consul/aws//modules/x", false),
            ("app.terraform.io/acme/vpc/aws", false),
            ("Modules/Net/AWS", true),
            ("github.com/acme/vpc", false),
            ("git::https://example.com/vpc.git", false),
            ("https://example.com/vpc.zip", false),
            ("git@github.com:acme/vpc.git", false),
            ("/abs/path", false),
        ] {
            assert_eq!(maybe_relative_path(source), refused, "{source}");
        }
    }
}
