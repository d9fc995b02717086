//! The filesystem functions: file, fileexists, fileset, filebase64, templatefile, and the pure
//! path functions abspath, basename, dirname, pathexpand. Every read goes through the host's
//! sandbox ([`crate::lang::eval::host::Host::resolve`]): a path that leaves the configuration's
//! folder is refused before anything is read.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::PathBuf;

use super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::eval::host::{Kind, PathError};
use crate::lang::eval::{Evaluator, Scope};
use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::{ExprKind, Part, Span, parse_template};
use crate::lang::value::{Type, Value};

/// Registers the filesystem functions.
pub fn register(r: &mut Registry) {
    let path = || Param::new("path", Type::String);
    r.add("file", Func::new(vec![path()], file).returns(Type::String));
    r.add("fileexists", Func::new(vec![path()], fileexists).returns(Type::Bool));
    r.add("filebase64", Func::new(vec![path()], filebase64).returns(Type::String));
    r.add(
        "fileset",
        Func::new(vec![path(), Param::new("pattern", Type::String)], fileset).returns(Type::set(Type::String)),
    );
    r.add(
        "templatefile",
        Func::new(vec![path(), Param::new("vars", Type::Dynamic)], templatefile).returns(Type::String),
    );
    r.add("abspath", Func::new(vec![path()], abspath).returns(Type::String));
    r.add(
        "basename",
        Func::new(vec![path()], |_, a| super::util::string(basename(super::util::s(&a[0])))).returns(Type::String),
    );
    r.add(
        "dirname",
        Func::new(vec![path()], |_, a| super::util::string(dirname(super::util::s(&a[0])))).returns(Type::String),
    );
    r.add("pathexpand", Func::new(vec![path()], pathexpand).returns(Type::String));
}

/// Terraform's message for a file that is not there.
fn no_file(path: &str) -> String {
    format!(
        "no file exists at {path}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource"
    )
}

/// The error to report for a refused or missing path argument.
pub fn path_error(path: &str, e: PathError) -> FnError {
    match e {
        PathError::Missing(_) => FnError::Arg(0, no_file(path)),
        PathError::Escapes(_) => FnError::Arg(
            0,
            format!(
                "the path {path:?} leads outside the configuration's folder; iacquiz reads files only inside it, so that a question bank cannot read the rest of the machine"
            ),
        ),
        PathError::NoRoot => FnError::Arg(
            0,
            format!("{}; no configuration folder is open, so no file can be read", no_file(path)),
        ),
        PathError::Special(_) => FnError::Arg(
            0,
            format!("the path {path:?} is not a regular file (a FIFO, a device or a socket); iacquiz reads only regular files"),
        ),
        PathError::TooLarge(_, cap) => FnError::Arg(
            0,
            format!(
                "the file {path:?} is larger than {cap} bytes, the memory one evaluation may use; iacquiz refuses it rather than read it"
            ),
        ),
        PathError::TooMany(_, cap) => FnError::Arg(
            0,
            format!("the folder {path:?} holds more than {cap} entries; iacquiz refuses to list it rather than walk it for ever"),
        ),
    }
}

/// Reads a file's bytes inside the sandbox.
pub fn read_bytes(ev: &Evaluator, path: &str) -> Result<Vec<u8>, FnError> {
    match ev.host.kind(path) {
        Ok(Kind::Dir) => return Err(FnError::Call(format!("{path} is a directory, not a file"))),
        Ok(Kind::File) => {}
        Err(e) => return Err(path_error(path, e)),
    }
    ev.host.read(path).map_err(|e| path_error(path, e))
}

fn read_text(ev: &Evaluator, path: &str) -> Result<String, FnError> {
    let bytes = read_bytes(ev, path)?;
    String::from_utf8(bytes).map_err(|_| {
        FnError::Call(format!(
            "contents of {path} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead"
        ))
    })
}

fn file(ev: &Evaluator, a: &[Value]) -> FnResult {
    let path = super::util::s(&a[0]);
    let text = read_text(ev, path)?;
    // A learner may believe file() fills in ${...} as templatefile() does.
    if (text.contains("${") || text.contains("%{")) && ev.flipped(crate::lang::dialect::rules::Rule::FileNoInterpolation) {
        return render_with(ev, &basename(path), &text, BTreeMap::new(), true);
    }
    super::util::string(text)
}

fn filebase64(ev: &Evaluator, a: &[Value]) -> FnResult {
    use base64::Engine as _;
    let bytes = read_bytes(ev, super::util::s(&a[0]))?;
    super::util::string(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// `fileexists(path)`: `true` for a file, `false` when nothing is there inside the folder. A path
/// that leads out of the folder (by `..`, an absolute path or a link) is an error whether or not
/// anything is at its other end: answering `false` for a missing target and refusing an existing
/// one would tell a bank which paths exist outside the folder.
fn fileexists(ev: &Evaluator, a: &[Value]) -> FnResult {
    let path = super::util::s(&a[0]);
    match ev.host.kind(path) {
        Ok(Kind::File) => Ok(Value::Bool(true)),
        Ok(Kind::Dir) => Err(FnError::Call(format!("{path} is a directory, not a file"))),
        Err(PathError::Missing(_)) | Err(PathError::NoRoot) => Ok(Value::Bool(false)),
        Err(e) => Err(path_error(path, e)),
    }
}

fn fileset(ev: &Evaluator, a: &[Value]) -> FnResult {
    let base = super::util::s(&a[0]);
    let pattern = super::util::s(&a[1]);
    let failed = |e: String| FnError::Call(format!("failed to glob pattern ({pattern}): {e}"));
    // Compiled as regex's patterns are: once per evaluation, bounded and charged.
    let matcher = super::string::budgeted(ev, "glob pattern", &glob_regex(pattern).map_err(failed)?, pattern).map_err(|e| match e {
        super::string::CompileError::Syntax(_) => failed("syntax error in pattern".into()),
        super::string::CompileError::Limit(d) => FnError::Diag(d),
    })?;
    let found = match ev.host.list_files(base) {
        Ok(f) => f,
        Err(PathError::Missing(_)) | Err(PathError::NoRoot) => Vec::new(),
        Err(e) => return Err(path_error(base, e)),
    };
    let mut matched: Vec<String> = found.into_iter().filter(|rel| matcher.is_match(rel)).collect();
    // A learner may believe fileset() gives bare file names, dropping the pattern's folders.
    if matched.iter().any(|p| p.contains('/')) && ev.flipped(crate::lang::dialect::rules::Rule::FilesetKeepsPatternFolders) {
        matched = matched.iter().map(|p| p.rsplit('/').next().unwrap_or(p).to_string()).collect();
    }
    Ok(Value::new_set(Type::String, matched.into_iter().map(Value::string).collect()))
}

/// Translates a doublestar glob (`*`, `**`, `?`, `[...]`, `{a,b}`) into an anchored regex.
fn glob_regex(pattern: &str) -> Result<String, String> {
    let chars: Vec<char> = pattern.trim_start_matches("./").chars().collect();
    let mut re = String::from("^");
    let mut i = 0;
    let mut braces = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '*' if chars.get(i + 1) == Some(&'*') => {
                i += 1;
                if chars.get(i + 1) == Some(&'/') {
                    i += 1;
                    re.push_str("(?:[^/]*/)*");
                } else {
                    re.push_str(".*");
                }
            }
            '*' => re.push_str("[^/]*"),
            '?' => re.push_str("[^/]"),
            '[' => {
                let close = chars[i + 1..].iter().position(|&x| x == ']').ok_or("syntax error in pattern")?;
                let mut class: String = chars[i + 1..i + 1 + close].iter().collect();
                // Go's filepath.Match negates with `^`; a `!` is an ordinary member.
                if let Some(rest) = class.strip_prefix('^') {
                    class = format!("^{}", rest.replace('!', "\\!"));
                } else if class.starts_with('!') {
                    class = format!("\\{class}");
                }
                re.push('[');
                re.push_str(&class.replace('\\', "\\\\"));
                re.push(']');
                i += close + 1;
            }
            '{' => {
                braces += 1;
                re.push_str("(?:");
            }
            '}' if braces > 0 => {
                braces -= 1;
                re.push(')');
            }
            ',' if braces > 0 => re.push('|'),
            '\\' => {
                i += 1;
                match chars.get(i) {
                    Some(n) => re.push_str(&regex::escape(&n.to_string())),
                    None => return Err("syntax error in pattern".into()),
                }
            }
            other => re.push_str(&regex::escape(&other.to_string())),
        }
        i += 1;
    }
    if braces > 0 {
        return Err("syntax error in pattern".into());
    }
    re.push('$');
    Ok(re)
}

fn abspath(ev: &Evaluator, a: &[Value]) -> FnResult {
    let path = super::util::s(&a[0]);
    let base = match &ev.host.root {
        Some(r) => r.canonicalize().unwrap_or_else(|_| r.clone()),
        None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
    };
    let joined = if path.starts_with('/') {
        PathBuf::from(path)
    } else {
        base.join(path)
    };
    super::util::string(clean(&joined.to_string_lossy()))
}

/// Go's `filepath.Clean` for `/`-separated paths.
pub fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let body = parts.join("/");
    match (rooted, body.is_empty()) {
        (true, _) => format!("/{body}"),
        (false, true) => ".".into(),
        (false, false) => body,
    }
}

/// Go's `filepath.Base`.
pub fn basename(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
}

/// Go's `filepath.Dir`.
pub fn dirname(path: &str) -> String {
    let dir = match path.rfind('/') {
        Some(i) => &path[..=i],
        None => "",
    };
    clean(dir)
}

fn pathexpand(_ev: &Evaluator, a: &[Value]) -> FnResult {
    let path = super::util::s(&a[0]);
    if !path.starts_with('~') {
        return super::util::string(path);
    }
    if path.len() > 1 && !path[1..].starts_with('/') {
        return Err(FnError::Call("cannot expand user-specific home dir".into()));
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| "/".into());
    super::util::string(clean(&format!("{home}/{}", &path[1..])))
}

thread_local! {
    static IN_TEMPLATE: Cell<bool> = const { Cell::new(false) };
    /// Set while a templatestring template renders: it may not reach the filesystem.
    static NO_FILESYSTEM: Cell<bool> = const { Cell::new(false) };
}

/// The functions templatestring's templates may not call (Terraform's `filesystemFunctions`).
const FILESYSTEM_FUNCTIONS: &[&str] = &[
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "templatefile",
];

/// Terraform's refusal when a templatestring template calls filesystem function `name`. A
/// template function (`templatefile`) is refused as one (see [`template_recursion`]) after
/// its arguments, as Terraform gives that refusal priority.
pub fn filesystem_refusal(name: &str) -> Option<String> {
    (NO_FILESYSTEM.with(Cell::get) && FILESYSTEM_FUNCTIONS.contains(&name) && !TEMPLATE_FUNCTIONS.contains(&name)).then(|| {
        format!(
            "cannot use filesystem access functions like {name} in templatestring templates; consider passing the function result as a template variable instead"
        )
    })
}

/// The functions that render a template (Terraform's `templateFunctions`): none of them may be
/// called from inside a template one of them renders, so no template can render itself.
const TEMPLATE_FUNCTIONS: &[&str] = &["templatefile", "templatestring"];

/// Terraform's refusal when template function `name` is called while a template renders:
/// "cannot recursively call templatestring from inside another template function" (from 1.9,
/// for both functions); before 1.9 only templatefile had the rule, worded "cannot recursively
/// call templatefile from inside templatefile call".
fn template_recursion(ev: &Evaluator, name: &str) -> Option<String> {
    if !IN_TEMPLATE.with(Cell::get) {
        return None;
    }
    let any = crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::TEMPLATE_RECURSION_ANY);
    Some(if any {
        format!("cannot recursively call {name} from inside another template function")
    } else {
        format!("cannot recursively call {name} from inside {name} call")
    })
}

/// The name HCL gives a templatestring template in its messages.
const TEMPLATESTRING_FILE: &str = "<templatestring argument>";

/// The scope of a template file: only the variables passed to templatefile.
struct TemplateScope<'a> {
    vars: BTreeMap<String, Value>,
    /// The caller's scope, visible only under the "template sees the caller" misconception.
    caller: Option<&'a dyn Scope>,
}

impl Scope for TemplateScope<'_> {
    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> Result<(Value, bool), Diag> {
        match (self.vars.get(name), self.caller) {
            (Some(v), _) => Ok((v.clone(), false)),
            // The believer's template sees the module's variables and locals by their bare
            // names, as it sees the vars map's keys: `${env}` is the module's var.env.
            (None, Some(c)) if attr.is_none() => c
                .resolve(ev, "var", Some(name), span)
                .or_else(|_| c.resolve(ev, "local", Some(name), span))
                .or_else(|_| c.resolve(ev, name, attr, span)),
            (None, Some(c)) => c.resolve(ev, name, attr, span),
            (None, None) => Err(Diag::new("Unknown variable", format!("There is no variable named {name:?}.")).at(span)),
        }
    }
    fn resolve_traversal(
        &self,
        ev: &Evaluator,
        name: &str,
        ops: &[crate::lang::syntax::Op],
        span: &Span,
    ) -> Option<Result<(Value, usize), Diag>> {
        match (self.vars.contains_key(name), self.caller) {
            (false, Some(c)) => c.resolve_traversal(ev, name, ops, span),
            _ => None,
        }
    }
}

fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_alphabetic() || c == '_') && cs.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// `file:line,col-col` as HCL prints a range.
fn range_text(file: &str, src: &str, span: &Span) -> String {
    let pos = |off: usize| {
        let before = src.get(..off.min(src.len())).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
        (line, col)
    };
    let (l1, c1) = pos(span.start);
    let (l2, c2) = pos(span.end);
    if l1 == l2 {
        format!("{file}:{l1},{c1}-{c2}")
    } else {
        format!("{file}:{l1},{c1}-{l2},{c2}")
    }
}

fn templatefile(ev: &Evaluator, a: &[Value]) -> FnResult {
    if let Some(why) = template_recursion(ev, "templatefile") {
        return Err(FnError::Call(why));
    }
    let path = super::util::s(&a[0]).to_string();
    let vars = template_vars(&a[1])?;
    let text = read_text(ev, &path)?;
    render_template(ev, &basename(&path), &text, vars)
}

/// The `vars` argument of templatefile/templatestring, checked as Terraform checks it.
pub fn template_vars(v: &Value) -> Result<BTreeMap<String, Value>, FnError> {
    let vars = match v {
        Value::Object(m) | Value::Map(_, m) => m.clone(),
        Value::Null(_) => return Err(FnError::Arg(1, "argument must not be null".into())),
        _ => return Err(FnError::Arg(1, "invalid vars value: must be a map".into())),
    };
    for k in vars.keys() {
        if !is_identifier(k) {
            return Err(FnError::Arg(
                1,
                format!(
                    "invalid template variable name {k:?}: must start with a letter, followed by zero or more letters, digits, and underscores"
                ),
            ));
        }
    }
    Ok(vars)
}

/// Parses and renders template text with only `vars` in scope (templatefile, templatestring).
pub fn render_template(ev: &Evaluator, name: &str, text: &str, vars: BTreeMap<String, Value>) -> FnResult {
    render_with(ev, name, text, vars, false)
}

/// Renders a template; `caller` lets it see the calling scope (only under misconceptions).
fn render_with(ev: &Evaluator, name: &str, text: &str, vars: BTreeMap<String, Value>, caller_scope: bool) -> FnResult {
    let parts = parse_template(text).map_err(|d| {
        let d = crate::lang::syntax::parse_releases::template_as_of(d, text, ev.version);
        let at = d.span.clone().unwrap_or(0..0);
        FnError::Call(format!(
            "{}: {}; {}",
            range_text(name, text, &at),
            d.summary,
            d.detail.trim_end_matches('.')
        ))
    })?;
    let mut missing = Vec::new();
    crate::lang::syntax::walk::template_exprs(&parts, &mut Vec::new(), &mut |x, scopes| {
        crate::lang::syntax::walk::free_vars(x, scopes, &mut missing)
    });
    let mut caller = if caller_scope { Some(ev.scope) } else { None };
    if let Some((var, span)) = missing.into_iter().find(|(v, _)| !vars.contains_key(v)) {
        // A learner may believe the template sees the calling module's var., local. and the rest.
        if caller.is_some() || ev.flipped(crate::lang::dialect::rules::Rule::TemplateOwnScope) {
            caller = Some(ev.scope);
        } else {
            return Err(FnError::Arg(
                1,
                format!(
                    "vars map does not contain key {var:?}, referenced at {}",
                    range_text(name, text, &span)
                ),
            ));
        }
    }
    let scope = TemplateScope { vars, caller };
    let mut inner = Evaluator::new(ev.rules, &scope, ev.funcs, ev.host);
    inner.version = ev.version;
    ev.lend_budget(&inner);
    let was = IN_TEMPLATE.with(|f| f.replace(true));
    // A template that is one interpolation gives that value itself, of whatever type.
    let r = match parts.as_slice() {
        [Part::Interp(x)] => inner.eval(x),
        // Through `eval`, so that the errors the template keeps (it still gives the text
        // before one) fail the call.
        _ => inner.eval(&crate::lang::syntax::Expr {
            kind: crate::lang::syntax::ExprKind::Template(parts),
            span: 0..text.len(),
        }),
    };
    IN_TEMPLATE.with(|f| f.set(was));
    ev.absorb(&inner);
    ev.reclaim_budget(&inner);
    r.map_err(|d| {
        let at = d.span.clone().unwrap_or(0..0);
        FnError::Call(format!(
            "{}: {}; {}",
            range_text(name, text, &at),
            d.summary,
            d.detail.trim_end_matches('.')
        ))
    })
}

/// `templatestring(ref, vars)` (Terraform 1.9+): the template must be a reference to a string
/// held elsewhere, never a literal or template written in the call.
pub fn templatestring(ev: &Evaluator, c: &crate::lang::syntax::Call, span: &Span) -> Result<Value, Diag> {
    let full = c.full_name();
    let at = crate::lang::funcs::name_and_paren(c, span);
    let call_err = |msg: String| Diag::new("Error in function call", format!("Call to function {full:?} failed: {msg}.")).at(&at);
    if c.args.len() != 2 {
        return Err(if c.args.len() < 2 {
            Diag::new(
                "Not enough function arguments",
                format!(
                    "Function \"templatestring\" expects 2 argument(s). Missing value for {:?}.",
                    if c.args.is_empty() { "template" } else { "vars" }
                ),
            )
        } else {
            Diag::new(
                "Too many function arguments",
                "Function \"templatestring\" expects only 2 argument(s).",
            )
        }
        .at(span));
    }
    // Inside a template, Terraform's templatestring is a stand-in that refuses once its
    // arguments are taken (the template argument is an expression it never evaluates). Without
    // this a template that renders itself recursed until the stack overflowed.
    if let Some(why) = template_recursion(ev, "templatestring") {
        ev.eval(&c.args[1])?;
        return Err(call_err(why));
    }
    if matches!(c.args[0].kind, ExprKind::Str(_) | ExprKind::Template(_) | ExprKind::TemplateWrap(_)) {
        return Err(crate::lang::funcs::invalid_arg(
            "template",
            "invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax",
        )
        .at(&c.args[0].span));
    }
    let t = ev.eval(&c.args[0])?;
    let (t, marked) = t.unmark();
    let Value::String(text) = t else {
        return Err(crate::lang::funcs::invalid_arg("template", "invalid template value: a string is required").at(&c.args[0].span));
    };
    let vars = ev.eval(&c.args[1])?;
    let vars = template_vars(&vars.unmark_deep().0).map_err(|e| match e {
        FnError::Arg(_, m) => crate::lang::funcs::invalid_arg("vars", &m).at(&c.args[1].span),
        FnError::Call(m) => call_err(m),
        FnError::Diag(d) => d,
    })?;
    let was = NO_FILESYSTEM.with(|f| f.replace(true));
    let rendered = render_template(ev, TEMPLATESTRING_FILE, &text, vars);
    NO_FILESYSTEM.with(|f| f.set(was));
    match rendered {
        // A template that is one interpolation of a null: an error from 1.11.2.
        Ok(Value::Null(_))
            if crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::TEMPLATESTRING_NULL_ERROR) =>
        {
            Err(call_err(format!(
                "{}: Template result is null; The result of the template is null, which is not a valid result for a templatestring call",
                range_text(TEMPLATESTRING_FILE, &text, &(0..text.len()))
            )))
        }
        Ok(v) => Ok(v.mark_with(marked)),
        Err(FnError::Arg(_, m)) => Err(crate::lang::funcs::invalid_arg("vars", &m).at(&c.args[1].span)),
        Err(FnError::Call(m)) => Err(call_err(m)),
        Err(FnError::Diag(d)) => Err(d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_path_functions() {
        for (p, base, dir) in [
            ("a/b/c.txt", "c.txt", "a/b"),
            ("/x", "x", "/"),
            ("", ".", "."),
            ("a/", "a", "a"),
            ("/", "/", "/"),
            ("c", "c", "."),
        ] {
            assert_eq!(basename(p), base, "basename({p})");
            assert_eq!(dirname(p), dir, "dirname({p})");
        }
        assert_eq!(clean("a/../../b"), "../b");
        assert_eq!(clean("/../a"), "/a");
    }

    #[test]
    fn globs() {
        let m = |p: &str, s: &str| {
            glob_regex(p)
                .ok()
                .and_then(|r| regex::Regex::new(&r).ok())
                .is_some_and(|r| r.is_match(s))
        };
        assert!(m("*.txt", "a.txt"));
        assert!(!m("*.txt", "sub/a.txt"));
        assert!(m("**/*.txt", "a.txt"));
        assert!(m("**/*.txt", "sub/deep/a.txt"));
        assert!(m("{a,b}.md", "b.md"));
        // Go's filepath.Match negates with `^`; `!` is an ordinary class member.
        assert!(m("[^a-h]*", "x"));
        assert!(!m("[^a-h]*", "b"));
        assert!(m("[!a-h]*", "b"));
        assert!(!m("[!a-h]*", "x"));
    }
}
