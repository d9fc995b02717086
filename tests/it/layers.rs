//! The house's layers (ARCHITECTURE.md): no room uses a room above it, so no two rooms use
//! each other. Every `src/**/*.rs` is read up to its tests; each `crate::` path (groups
//! included) and each `super::` chain is resolved to the room it names, and a use that goes up
//! fails with its file and line.

use std::path::{Path, PathBuf};

/// The crate's rooms, lowest first: each may use only those before it.
const CRATE: &[&str] = &[
    "confine",
    "atomic_write",
    "par",
    "terminal",
    "lang",
    "workflow",
    "cfn",
    "rivet",
    "mistakes",
    "bank",
    "quiz",
    "instructor",
    "export",
    "tui",
    "cli",
];

/// The rooms inside a room, lowest first, for the rooms that have them.
const INNER: &[(&str, &[&str])] = &[
    ("lang", &["dialect", "value", "syntax", "eval", "funcs", "config", "session"]),
    ("bank", &["model", "answer", "load", "engine", "instance", "check", "draft"]),
    ("workflow", &["model", "state", "render", "plan", "command"]),
];

/// Where a path leads: a crate room and, inside `lang` or `bank`, one of its rooms.
#[derive(Clone, Debug, PartialEq)]
struct Place {
    room: String,
    inner: Option<String>,
}

fn rank(list: &[&str], name: &str) -> Option<usize> {
    list.iter().position(|r| *r == name)
}

fn inner_rooms(room: &str) -> Option<&'static [&'static str]> {
    INNER.iter().find(|(r, _)| *r == room).map(|(_, rooms)| *rooms)
}

/// The names a room's `mod.rs` re-exports from its inner rooms (`pub use value::{Type, Value}`
/// makes `crate::lang::Value` lead to `value`).
fn reexports(src: &Path, room: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(src.join(room).join("mod.rs")).unwrap_or_default();
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("pub use ").or_else(|| line.strip_prefix("pub(crate) use ")) else {
            continue;
        };
        let inner = rest.split("::").next().unwrap_or_default().to_string();
        let names = rest.rsplit("::").next().unwrap_or_default();
        for n in names.trim_matches(|c: char| "{};".contains(c)).split(',') {
            let n = n.trim().trim_end_matches(';');
            if !n.is_empty() {
                out.push((n.to_string(), inner.clone()));
            }
        }
    }
    out
}

/// The module path of a source file (`src/lang/syntax/ast.rs` → `lang::syntax::ast`).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// Every path a text names from the crate root: `crate::a::b` (groups expanded), and each
/// `super::` chain made absolute from `module`. Each comes with its line number.
fn paths_in(text: &str, module: &[String]) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = find_root(rest) {
            let (base, tail) = match rest[at..].strip_prefix("crate::") {
                Some(tail) => (Vec::new(), tail),
                None => {
                    let mut tail = &rest[at..];
                    let mut base = module.to_vec();
                    while let Some(t) = tail.strip_prefix("super::") {
                        base.pop();
                        tail = t;
                    }
                    (base, tail)
                }
            };
            for p in expand(tail) {
                let mut full = base.clone();
                full.extend(p);
                out.push((i + 1, full));
            }
            rest = &rest[at + 1..];
            // Skip the rest of this path so a `super::super::` chain is read once.
            let skip = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            rest = &rest[skip..];
        }
    }
    out
}

/// Where the next `crate::` or `super::` path starts (not inside a longer name).
fn find_root(s: &str) -> Option<usize> {
    let mut from = 0;
    while from < s.len() {
        let at = [s[from..].find("crate::"), s[from..].find("super::")].into_iter().flatten().min()? + from;
        let before = s[..at].chars().next_back();
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The paths a use tree names: `a::b::{c, d::e}` → `[a, b, c]`, `[a, b, d, e]` (two levels of
/// a path are all a room needs).
fn expand(s: &str) -> Vec<Vec<String>> {
    let mut segs = Vec::new();
    let mut rest = s;
    loop {
        let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if end > 0 {
            segs.push(rest[..end].to_string());
        }
        rest = &rest[end..];
        if let Some(r) = rest.strip_prefix("::").or(if segs.is_empty() && rest.starts_with('{') {
            Some(rest)
        } else {
            None
        }) {
            rest = r;
            if let Some(group) = rest.strip_prefix('{') {
                let mut out = Vec::new();
                for part in split_group(group) {
                    for tail in expand(part.trim()) {
                        let mut p = segs.clone();
                        p.extend(tail);
                        out.push(p);
                    }
                }
                return out;
            }
            continue;
        }
        return vec![segs];
    }
}

/// The top-level elements of a `{…}` group, up to its closing brace.
fn split_group(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0usize, 0usize, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                out.push(&s[start..i]);
                return out;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// The place a crate-rooted path leads to (`None`: the crate root, a macro, or a type of its own).
fn place_of(path: &[String], re: &[(String, Vec<(String, String)>)]) -> Option<Place> {
    let room = path.first()?;
    rank(CRATE, room)?;
    let inner = inner_rooms(room).and_then(|rooms| {
        let next = path.get(1)?;
        if rank(rooms, next).is_some() {
            return Some(next.clone());
        }
        re.iter()
            .find(|(r, _)| r == room)?
            .1
            .iter()
            .find(|(n, _)| n == next)
            .map(|(_, r)| r.clone())
    });
    Some(Place { room: room.clone(), inner })
}

/// Why `from` may not use `to`, if it may not.
fn forbidden(from: &Place, to: &Place) -> Option<String> {
    if from.room != to.room {
        let (a, b) = (rank(CRATE, &from.room)?, rank(CRATE, &to.room)?);
        return (b > a).then(|| format!("{} is above {}", to.room, from.room));
    }
    let rooms = inner_rooms(&from.room)?;
    let (a, b) = (rank(rooms, from.inner.as_deref()?)?, rank(rooms, to.inner.as_deref()?)?);
    (b > a).then(|| {
        format!(
            "{}::{} is above {}::{}",
            to.room,
            to.inner.as_deref().unwrap_or(""),
            from.room,
            from.inner.as_deref().unwrap_or("")
        )
    })
}

/// The code of a file that is not its tests: up to its first `#[cfg(test)]`. Files that hold
/// only tests (`tests.rs`, `*_tests.rs`, declared under `#[cfg(test)]`) have none.
fn code_of(file: &Path, text: &str) -> String {
    let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    if name == "tests" || name.ends_with("_tests") {
        return String::new();
    }
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .collect::<Vec<_>>()
        .join("\n")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every use that goes up, as `file:line: why`.
fn violations(src: &Path) -> Vec<String> {
    let re: Vec<(String, Vec<(String, String)>)> = INNER.iter().map(|(r, _)| (r.to_string(), reexports(src, r))).collect();
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut out = Vec::new();
    for file in files {
        let module = module_of(src, &file);
        let Some(from) = place_of(&module, &re) else { continue };
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (line, path) in paths_in(&code_of(&file, &text), &module) {
            if let Some(to) = place_of(&path, &re)
                && let Some(why) = forbidden(&from, &to)
            {
                out.push(format!("{}:{line}: {} ({why})", file.display(), path.join("::")));
            }
        }
    }
    out
}

#[test]
fn no_room_uses_a_room_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(
        found.is_empty(),
        "uses that go up a layer (see ARCHITECTURE.md):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_room_is_listed() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut unlisted = Vec::new();
    for e in std::fs::read_dir(&src).into_iter().flatten().flatten() {
        let name = e.path().file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        if !matches!(name.as_str(), "lib" | "main") && rank(CRATE, &name).is_none() {
            unlisted.push(name.clone());
        }
        if let Some(rooms) = inner_rooms(&name) {
            for inner in std::fs::read_dir(e.path()).into_iter().flatten().flatten() {
                let n = inner
                    .path()
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if n != "mod" && rank(rooms, &n).is_none() {
                    unlisted.push(format!("{name}/{n}"));
                }
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "rooms with no place in the layers (add them to CRATE or INNER and to ARCHITECTURE.md): {unlisted:?}"
    );
}

/// The checker itself finds each kind of use that goes up.
#[test]
fn the_checker_sees_uses_that_go_up() {
    let at = |m: &str| m.split("::").map(str::to_string).collect::<Vec<_>>();
    let re = vec![("lang".to_string(), vec![("Value".to_string(), "value".to_string())])];
    let ups = |module: &str, code: &str| {
        let from = place_of(&at(module), &re).unwrap_or(Place {
            room: String::new(),
            inner: None,
        });
        paths_in(code, &at(module))
            .into_iter()
            .filter_map(|(_, p)| forbidden(&from, &place_of(&p, &re)?))
            .count()
    };
    for (module, code, n) in [
        ("export::forms", "use crate::instructor::grade::judge;", 0),
        ("instructor::take", "use crate::export::source_blocks;", 1),
        ("bank::engine", "let p = crate::mistakes::distract::produce_condition(s, a, r);", 0),
        ("mistakes::distract", "let e = crate::bank::engine::prepare(engine, source);", 1),
        ("lang::syntax::long_chain", "pub const N: usize = crate::lang::eval::MAX_DEPTH;", 1),
        ("lang::eval::evaluator", "use crate::lang::{value::Type, funcs::Registry};", 1),
        ("lang::dialect::releases", "fn f(v: &crate::lang::Value) {}", 1),
        ("lang::syntax::ast", "use super::super::config::Config;", 1),
        ("bank::model::question", "use crate::{lang::Value, bank::check::Report};", 1),
        ("bank::check::prove", "use crate::bank::{model::Question, instance::Instance};", 0),
        ("quiz::version", "// crate::cli::common::parse_version in a comment", 0),
    ] {
        assert_eq!(ups(module, code), n, "{module}: {code}");
    }
}
