//! `terraform fmt`: rewrites configuration files (`.tf`, `.tfvars`, `.tftest.hcl`, ...) in the
//! canonical layout ([`crate::lang::syntax::format`]), as Terraform's fmt command does:
//!
//! - with no target, the working folder's files (with `-recursive`, its subfolders' too, hidden
//!   ones and editor backups left out); a target is a file or a folder, and `-` reads standard
//!   input and prints the result;
//! - each file that changes is listed (`-list=false`: not), rewritten (`-write=false`: not) and,
//!   with `-diff`, shown as the unified diff of the system's `diff -u`;
//! - `-check` writes nothing and exits 3 when a file would change (listing it unless
//!   `-list=false`);
//! - a file HCL cannot parse is left alone and its syntax errors reported: exit 2, as for a
//!   target that does not exist (which stops at that target) or a file that is no
//!   configuration file.
//!
//! Every file is read and written through the working folder's gate ([`crate::confine`]): a
//! target outside the folder is refused, as is a file that is not UTF-8 or is larger than
//! [`MAX_BYTES`].

use std::path::Path;

use super::args::{Kind, Spec, parse};
use super::diagnostic::{Report, Sources};
use super::run::{Context, Outcome};
use crate::lang::Diag;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::gates;

const SPEC: Spec = &[
    ("list", Kind::Bool),
    ("write", Kind::Bool),
    ("diff", Kind::Bool),
    ("check", Kind::Bool),
    ("recursive", Kind::Bool),
];

/// The largest file formatted.
pub const MAX_BYTES: u64 = 8 << 20;

/// The most entries read from one folder.
const MAX_ENTRIES: usize = 10_000;

/// Whether `dir` has a subfolder that is not hidden (where -recursive would make a difference).
fn ctx_has_subfolders(dir: &std::path::Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|rd| {
        rd.filter_map(Result::ok)
            .any(|e| e.file_type().is_ok_and(|t| t.is_dir()) && !e.file_name().to_string_lossy().starts_with('.'))
    })
}

/// The deepest folder `-recursive` descends to.
const MAX_DEPTH: usize = 64;

/// What a run does with each file.
struct Mode {
    list: bool,
    write: bool,
    diff: bool,
    recursive: bool,
}

/// Where the command writes: straight to standard output, or (with `-check`) into a buffer
/// printed at the end.
struct Run<'c> {
    ctx: &'c Context,
    mode: Mode,
    sandbox: Option<crate::confine::Sandbox>,
    buffered: Option<String>,
    out: String,
    errors: Vec<Report>,
    sources: Sources,
}

/// Runs `fmt`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let v = ctx.version;
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => {
            let mut o = ctx.outcome();
            super::usage::flags_refused_with_usage(&mut o, v, "fmt", "Error parsing command-line flags", &e.0);
            return o;
        }
    };
    let on = |name: &str, default: bool| opts.value(name).map_or(default, |_| opts.flag(name));
    if opts.rest.len() > 1 && !gates::has(v, &gates::FMT_MANY_TARGETS) {
        let mut o = ctx.outcome();
        super::usage::ui_error(&mut o, "The fmt command expects at most one argument.");
        super::usage::usage_on_stderr(&mut o, v, "fmt");
        o.code = 1;
        return o;
    }
    let mut mode = Mode {
        list: on("list", true),
        write: on("write", true),
        diff: on("diff", false),
        recursive: on("recursive", false),
    };
    let check = on("check", false);
    let stdin = opts.rest.first().is_some_and(|a| a == "-");
    // The belief that fmt formats the subfolders too, without -recursive.
    if !mode.recursive
        && !stdin
        && ctx_has_subfolders(&ctx.dir)
        && crate::workflow::model::beliefs::flipped(crate::lang::Rule::FmtCurrentFolderOnly)
    {
        mode.recursive = true;
    }
    let paths: Vec<String> = match opts.rest.as_slice() {
        [] => vec![".".into()],
        _ if stdin => Vec::new(),
        rest => rest.to_vec(),
    };
    if stdin {
        mode.list = false;
        mode.write = false;
    }
    let list_asked = mode.list;
    if check {
        mode.list = true;
        // The belief that `-check` fixes what it reports, as plain fmt does.
        mode.write = !stdin && crate::workflow::model::beliefs::flipped(crate::lang::Rule::FmtCheckWritesNothing);
    }
    let mut r = Run {
        ctx,
        mode,
        sandbox: crate::confine::Sandbox::new(&ctx.dir).ok(),
        buffered: check.then(String::new),
        out: String::new(),
        errors: Vec::new(),
        sources: Sources::new(),
    };
    if stdin {
        let text = ctx.read_all();
        r.file("<stdin>", &text);
    } else {
        r.targets(&paths);
    }
    let mut o = ctx.outcome();
    o.stdout = std::mem::take(&mut r.out);
    let failed = !r.errors.is_empty();
    o.report_legacy(&r.errors, &r.sources);
    if failed {
        o.code = 2;
        return o;
    }
    if let Some(buf) = r.buffered {
        if list_asked && !buf.is_empty() {
            ui_write(&mut o.stdout, &buf);
        }
        o.code = if buf.is_empty() { 0 } else { 3 };
    }
    o
}

/// A write through Terraform's `cli.UiWriter`: one line end taken off, one put back.
fn ui_write(out: &mut String, s: &str) {
    out.push_str(s);
    if !s.ends_with('\n') {
        out.push('\n');
    }
}

/// A plain error, as Terraform's fmt makes them (`fmt.Errorf`): a summary, no detail.
fn plain(summary: impl Into<String>) -> Report {
    Report::error(Diag::new(summary, ""))
}

/// Go's `filepath.Clean` of a slash-separated path.
fn clean(p: &str) -> String {
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// Go's `filepath.Join`.
fn join(a: &str, b: &str) -> String {
    clean(&format!("{a}/{b}"))
}

/// Whether a file name is one fmt formats, by the release's rule.
fn formats(name: &str, v: TfVersion) -> bool {
    if !gates::has(v, &gates::FMT_TEST_FILES) {
        let ext = name.rfind('.').map(|i| &name[i..]).filter(|e| !e.contains('/')).unwrap_or("");
        return ext == ".tf" || ext == ".tfvars";
    }
    let mut exts = vec![".tf", ".tfvars", ".tftest.hcl"];
    if gates::has(v, &gates::FMT_MOCK_FILES) {
        exts.push(".tfmock.hcl");
    }
    if gates::has(v, &gates::FMT_QUERY_FILES) {
        exts.push(".tfquery.hcl");
    }
    exts.iter().any(|e| name.ends_with(e))
}

/// A name Terraform passes over in a folder: hidden, or an editor's backup.
fn ignored(name: &str) -> bool {
    name.starts_with('.') || name.ends_with('~') || (name.starts_with('#') && name.ends_with('#'))
}

impl Run<'_> {
    /// Writes to where the command's output goes.
    fn emit(&mut self, s: &str) {
        match &mut self.buffered {
            Some(buf) => buf.push_str(s),
            None => ui_write(&mut self.out, s),
        }
    }

    /// A target as Terraform shows it: relative to the working folder (Meta.normalizePath);
    /// `None` when it leads outside the folder.
    fn normalize(&self, given: &str) -> Option<String> {
        let dir = match std::env::current_dir() {
            Ok(cwd) if !self.ctx.dir.is_absolute() => cwd.join(&self.ctx.dir),
            _ => self.ctx.dir.clone(),
        };
        let base = clean(&dir.to_string_lossy());
        let target = if given.starts_with('/') { clean(given) } else { join(&base, given) };
        let rel = if target == base {
            ".".to_string()
        } else {
            target.strip_prefix(&format!("{}/", base.trim_end_matches('/')))?.to_string()
        };
        (rel != ".." && !rel.starts_with("../")).then_some(rel)
    }

    fn targets(&mut self, paths: &[String]) {
        for given in paths {
            let Some(path) = self.normalize(given) else {
                self.errors.push(Report::error(Diag::new(
                    format!("No file or directory at {given}"),
                    "iacquiz terraform fmt reads and writes only inside the working folder; this target is outside it.",
                )));
                return;
            };
            let found = self.sandbox.as_ref().map(|s| s.inspect(Path::new(&path)));
            let kind = match found {
                Some(Ok(f)) => f.kind,
                Some(Err(crate::confine::ReadError::Escapes { .. })) => {
                    self.errors.push(Report::error(Diag::new(
                        format!("No file or directory at {path}"),
                        "iacquiz terraform fmt reads and writes only inside the working folder; this target leads outside it.",
                    )));
                    return;
                }
                _ => {
                    self.errors.push(plain(format!("No file or directory at {path}")));
                    return;
                }
            };
            if kind == crate::confine::Kind::Folder {
                self.folder(&path, 0);
            } else if formats(&path, self.ctx.version) {
                self.read_and_format(&path);
            } else if gates::has(self.ctx.version, &gates::FMT_TEST_FILES) {
                self.errors.push(plain(
                    "Only .tf, .tfvars, and .tftest.hcl files can be processed with terraform fmt",
                ));
            } else {
                self.errors
                    .push(plain("Only .tf and .tfvars files can be processed with terraform fmt"));
            }
        }
    }

    fn folder(&mut self, path: &str, depth: usize) {
        let listed = self.sandbox.as_ref().map(|s| s.list(Path::new(path), MAX_ENTRIES));
        let entries = match listed {
            Some(Ok(e)) if e.len() <= MAX_ENTRIES => e,
            Some(Ok(_)) => {
                self.errors.push(Report::error(Diag::new(
                    format!("Cannot read directory {path}"),
                    format!("It holds more than {MAX_ENTRIES} entries; iacquiz refuses to list it."),
                )));
                return;
            }
            _ => {
                self.errors.push(plain(format!("Cannot read directory {path}")));
                return;
            }
        };
        let mut entries: Vec<(String, crate::confine::EntryKind)> = entries
            .into_iter()
            .map(|e| (e.name.to_string_lossy().into_owned(), e.kind))
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, kind) in entries {
            if ignored(&name) {
                continue;
            }
            let sub = join(path, &name);
            if kind == crate::confine::EntryKind::Folder {
                if self.mode.recursive {
                    if depth >= MAX_DEPTH {
                        self.errors.push(Report::error(Diag::new(
                            format!("Cannot read directory {sub}"),
                            format!("It is more than {MAX_DEPTH} folders deep; iacquiz goes no deeper."),
                        )));
                        continue;
                    }
                    self.folder(&sub, depth + 1);
                }
                continue;
            }
            if formats(&name, self.ctx.version) {
                self.read_and_format(&sub);
            }
        }
    }

    fn read_and_format(&mut self, path: &str) {
        use crate::confine::ReadError;
        let Some(sandbox) = &self.sandbox else {
            self.errors.push(plain(format!("Failed to read file {path}")));
            return;
        };
        let bytes = match sandbox.read(Path::new(path), MAX_BYTES) {
            Ok(b) => b,
            Err(ReadError::Folder { .. }) => {
                self.errors.push(plain(format!("Failed to read {path}")));
                return;
            }
            Err(e) => {
                let why = match &e {
                    ReadError::TooLarge { .. } => format!("It is larger than {MAX_BYTES} bytes, the most iacquiz formats."),
                    ReadError::Escapes { .. } => "It leads outside the working folder, where iacquiz does not read.".into(),
                    ReadError::Special { .. } => "It is not a regular file (a FIFO, a device or a socket).".into(),
                    other => format!("{other}."),
                };
                self.errors
                    .push(Report::error(Diag::new(format!("Failed to read file {path}"), why)));
                return;
            }
        };
        match String::from_utf8(bytes) {
            Ok(text) => self.file(path, &text),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                self.errors.push(Report::error(Diag::new(
                    "Invalid character encoding",
                    format!(
                        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor. ({path} is not valid UTF-8 from byte {at} on.)"
                    ),
                )));
            }
        }
    }

    /// Formats one file's text (processFile).
    fn file(&mut self, path: &str, src: &str) {
        let v = self.ctx.version;
        let syntax = syntax_errors(src, path, v);
        if !syntax.is_empty() {
            self.sources.insert(path.to_string(), src.to_string());
            self.errors.extend(syntax.into_iter().map(Report::error));
            return;
        }
        let mut result = crate::lang::syntax::format::format_config(src, v);
        // The belief that fmt changes only whitespace: consulted where the idioms matter.
        let layout_only = crate::lang::syntax::format::format_config_with(src, v, false, true);
        if layout_only != result && crate::workflow::model::beliefs::flipped(crate::lang::Rule::FmtRewritesIdioms) {
            result = layout_only;
        }
        // The belief that fmt indents but does not align.
        let unaligned = crate::lang::syntax::format::format_config_with(src, v, true, false);
        if unaligned != result && crate::workflow::model::beliefs::flipped(crate::lang::Rule::FmtAlignsEquals) {
            result = unaligned;
        }
        if result != src {
            if self.mode.list {
                self.emit(&format!("{path}\n"));
            }
            if self.mode.write && !self.write(path, &result) {
                self.errors.push(plain(format!("Failed to write {path}")));
                return;
            }
            if self.mode.diff {
                let diff = crate::workflow::render::unified_diff::unified(src, &result, &format!("old/{path}"), &format!("new/{path}"));
                self.emit(&diff);
            }
        }
        if !self.mode.list && !self.mode.write && !self.mode.diff {
            self.emit(&result);
        }
    }

    /// Rewrites `path` inside the folder with `text`.
    fn write(&self, path: &str, text: &str) -> bool {
        let Some(sandbox) = &self.sandbox else { return false };
        match sandbox.inspect(Path::new(path)) {
            Ok(f) if f.kind == crate::confine::Kind::File => crate::atomic_write::write_atomic(&f.real, text.as_bytes()).is_ok(),
            _ => false,
        }
    }
}

/// The syntax errors HCL (as Terraform `version` bundles it) finds in the file `src` named
/// `name`, placed in it.
pub fn syntax_errors(src: &str, name: &str, version: TfVersion) -> Vec<Diag> {
    use crate::lang::syntax::hcl_diag::{self, Hcl};
    // HCL skips a byte order mark; blanks of its length keep every offset.
    let unmarked;
    let src = match src.strip_prefix('\u{feff}') {
        Some(rest) => {
            unmarked = format!("   {rest}");
            unmarked.as_str()
        }
        None => src,
    };
    if let Err(broken) = crate::lang::syntax::partial_body::parse_file(src, name) {
        return broken.errors_at(version).to_vec();
    }
    let hcl = Hcl::at(version);
    if !hcl.double_colon
        && src.contains("::")
        && let Some((errors, _)) = hcl_diag::body(src, hcl, name)
    {
        return errors.into_iter().map(|d| d.in_file(name)).collect();
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_cleaned_as_go_cleans_them() {
        assert_eq!(clean("./sub/"), "sub");
        assert_eq!(clean("sub/../main.tf"), "main.tf");
        assert_eq!(clean(""), ".");
        assert_eq!(clean("../x"), "../x");
        assert_eq!(clean("/a/../../b"), "/b");
        assert_eq!(join(".", "a.tf"), "a.tf");
        assert_eq!(join("sub", "a.tf"), "sub/a.tf");
    }

    #[test]
    fn files_are_chosen_by_release() {
        assert!(formats("a.tftest.hcl", (1, 6, 6)));
        assert!(!formats("a.tftest.hcl", (1, 0, 3)));
        assert!(!formats("a.tfmock.hcl", (1, 7, 1)));
        assert!(formats("a.tfmock.hcl", (1, 7, 2)));
        assert!(!formats("a.tfquery.hcl", (1, 14, 9)));
        assert!(formats("a.tfquery.hcl", (1, 15, 5)));
        assert!(!formats("a.tf.json", (1, 12, 2)));
        assert!(ignored(".terraform") && ignored("a.tf~") && ignored("#a.tf#") && !ignored("a.tf"));
    }
}
