//! `terraform { required_version = "..." }`: the Terraform releases a module accepts, checked
//! as Terraform checks them (configs.Module.CheckCoreVersionRequirements at v1.12.2) with the
//! constraint language of hashicorp/go-version, which is not the provider constraints' one
//! (apparentlymart/go-versions, `crate::lang::funcs::provider::version`): `~> 1` allows 2.0.
//!
//! `init` meets an unsupported release after it configured the backend and installed the
//! modules, and reports it alone (a later release's constructs may be what else fails);
//! `validate`, `plan`, `apply`, `destroy`, `refresh` and `import` meet it once the
//! configuration is loaded, before any reference is checked (Context.Validate's
//! checkConfigDependencies); `state pull`, `mv`, `rm` and `taint` too (checkRequiredVersion).
//! `state list`, `state show`, `show`, `output`, `console`, `workspace` and `untaint` do not
//! check it (tf-oracle 1.12.2).

use crate::lang::Diag;
use crate::lang::config::Config;
use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::Attr;
use crate::workflow::plan::tree::ModuleTree;

/// go-version's operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Gt,
    Lt,
    Ge,
    Le,
    Pessimistic,
}

/// One constraint: the operator, the version's numbers (padded to three) and how many were
/// written, and whether it names a prerelease.
#[derive(Clone, Debug)]
struct One {
    op: Op,
    segments: Vec<u64>,
    written: usize,
    prerelease: bool,
    text: String,
}

/// Whether `s` is go-version's prerelease or metadata part: dot-separated identifiers of
/// letters, digits, `-` and `~`.
fn identifiers(s: &str) -> bool {
    !s.is_empty()
        && s.split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'~'))
}

/// One version as go-version's VersionRegexp reads it: `v?N(.N)*`, then `-PRE` (or letters
/// right after the numbers), then `+META`. `None` when it does not match.
fn version(text: &str) -> Option<(Vec<u64>, usize, bool)> {
    let t = text.strip_prefix('v').unwrap_or(text);
    let end = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (nums, rest) = t.split_at(end);
    let parts: Vec<&str> = nums.split('.').collect();
    if parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    let mut segments = Vec::new();
    for p in &parts {
        segments.push(p.parse::<u64>().ok().filter(|n| *n <= i64::MAX as u64)?);
    }
    let (pre, meta) = match rest.split_once('+') {
        Some((p, m)) => (p, Some(m)),
        None => (rest, None),
    };
    if let Some(m) = meta
        && !identifiers(m)
    {
        return None;
    }
    let pre = pre.strip_prefix('-').unwrap_or(pre);
    if !pre.is_empty() && !identifiers(pre) {
        return None;
    }
    let written = segments.len();
    while segments.len() < 3 {
        segments.push(0);
    }
    Some((segments, written, !pre.is_empty()))
}

/// A constraint string, comma-separated, as version.NewConstraint reads it; `None` when any
/// part is malformed.
fn parse(text: &str) -> Option<Vec<One>> {
    let mut out = Vec::new();
    for part in text.split(',') {
        let p = part.trim_matches(|c: char| c.is_ascii_whitespace());
        let (op, rest) = [
            (">=", Op::Ge),
            ("<=", Op::Le),
            ("!=", Op::Ne),
            ("~>", Op::Pessimistic),
            (">", Op::Gt),
            ("<", Op::Lt),
            ("=", Op::Eq),
        ]
        .iter()
        .find_map(|(t, op)| p.strip_prefix(t).map(|r| (*op, r)))
        .unwrap_or((Op::Eq, p));
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
        let (segments, written, prerelease) = version(rest)?;
        out.push(One {
            op,
            segments,
            written,
            prerelease,
            text: p.to_string(),
        });
    }
    Some(out)
}

/// go-version's Compare of two padded segment lists.
fn compare(a: &[u64], b: &[u64]) -> std::cmp::Ordering {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| a.get(i).copied().unwrap_or(0).cmp(&b.get(i).copied().unwrap_or(0)))
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
}

/// Whether release `v` (never a prerelease) meets constraint `c`.
fn allows(c: &One, v: TfVersion) -> bool {
    use std::cmp::Ordering::*;
    let have = [u64::from(v.0), u64::from(v.1), u64::from(v.2)];
    let ord = compare(&have, &c.segments);
    match c.op {
        Op::Eq => ord == Equal,
        Op::Ne => ord != Equal,
        Op::Gt => ord == Greater,
        Op::Lt => ord == Less,
        Op::Ge => ord != Less,
        Op::Le => ord != Greater,
        // constraintPessimistic: at least the constraint, the written numbers but the last
        // equal, and the last padded number not above the release's.
        Op::Pessimistic => {
            if c.prerelease || ord == Less || c.segments.len() > have.len() {
                return false;
            }
            // The belief that `~>` means "this release or any later one".
            if crate::workflow::model::beliefs::flipped(crate::lang::Rule::PessimisticFixesLeading) {
                return true;
            }
            if (0..c.written.saturating_sub(1)).any(|i| have[i] != c.segments[i]) {
                return false;
            }
            let last = c.segments.len() - 1;
            c.segments[last] <= have[last]
        }
    }
}

/// Every `required_version` of a module, in file order: (file index, attribute).
fn requirements(config: &Config) -> Vec<(usize, &Attr)> {
    let mut out = Vec::new();
    for (i, f) in config.files.iter().enumerate().filter(|(_, f)| f.name.ends_with(".tf")) {
        for t in f.body.blocks_of("terraform") {
            if let Some(a) = t.body.attr("required_version") {
                out.push((i, a));
            }
        }
    }
    out
}

/// What decoding refuses of a module's `required_version`s: a string that is not a
/// constraint ("Invalid version constraint", at the expression).
pub fn decode_errors(config: &Config) -> Vec<Diag> {
    let mut out = Vec::new();
    for (i, a) in requirements(config) {
        let Some(text) = a.expr.literal_string() else { continue };
        if parse(&text).is_none() {
            out.push(
                Diag::new(
                    "Invalid version constraint",
                    "This string does not use correct version constraint syntax.",
                )
                .at(&a.expr.span)
                .in_file(config.file_name(i)),
            );
        }
    }
    out
}

/// The errors of one module's requirements at release `v`; `module` is its path and source
/// (`module.box`, `./modules/box`), `None` for the root; `prefix` the folder its files are
/// named from.
fn module_errors(config: &Config, v: TfVersion, module: Option<(&str, &str)>, prefix: &str) -> Vec<Diag> {
    let (a, b, c) = v;
    let mut out = Vec::new();
    for (i, attr) in requirements(config) {
        let Some(cs) = attr.expr.literal_string().and_then(|t| parse(&t)) else {
            continue;
        };
        let file = if prefix == "." {
            config.file_name(i).to_string()
        } else {
            format!("{prefix}/{}", config.file_name(i))
        };
        let pre: Vec<&One> = cs.iter().filter(|c| c.prerelease).collect();
        if !pre.is_empty() {
            for p in pre {
                out.push(
                    Diag::new(
                        "Invalid required_version constraint",
                        format!(
                            "Prerelease version constraints are not supported: {}. Remove the prerelease information from the constraint. Prerelease versions of terraform will match constraints using their version core only.",
                            p.text
                        ),
                    )
                    .at(&attr.span)
                    .in_file(&file),
                );
            }
            continue;
        }
        if cs.iter().all(|c| allows(c, v)) {
            continue;
        }
        const TAIL: &str = "To proceed, either choose another supported Terraform version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior.";
        let detail = match module {
            None => format!("This configuration does not support Terraform version {a}.{b}.{c}. {TAIL}"),
            Some((path, source)) => {
                format!("Module {path} (from {source}) does not support Terraform version {a}.{b}.{c}. {TAIL}")
            }
        };
        out.push(
            Diag::new("Unsupported Terraform Core version", detail)
                .at(&attr.span)
                .in_file(&file),
        );
    }
    out
}

/// The requirements release `v` does not meet, in the root module and every module it
/// calls (each named by its path and source), root first.
pub fn unsupported(tree: &ModuleTree, v: TfVersion) -> Vec<Diag> {
    unsupported_installing(tree, v, false).0
}

/// [`unsupported`] as `init`'s module installer meets it: with `stop` (1.15), a module that
/// refuses the release is installed but its own calls are not, so nothing below it is
/// checked. Also the keys (`box`, `box.inner`) of the modules that refuse it.
pub fn unsupported_installing(tree: &ModuleTree, v: TfVersion, stop: bool) -> (Vec<Diag>, Vec<String>) {
    let mut out = module_errors(&tree.config, v, None, &tree.rel_dir);
    let mut refusing = Vec::new();
    visit(tree, v, "", "", stop, &mut out, &mut refusing);
    (out, refusing)
}

fn visit(tree: &ModuleTree, v: TfVersion, path: &str, key: &str, stop: bool, out: &mut Vec<Diag>, refusing: &mut Vec<String>) {
    for (name, call) in &tree.calls {
        let here = format!("{path}module.{name}");
        let here_key = format!("{key}{name}");
        let errors = module_errors(&call.tree.config, v, Some((&here, &call.source)), &call.tree.rel_dir);
        let refused = !errors.is_empty();
        out.extend(errors);
        if refused {
            refusing.push(here_key.clone());
            if stop {
                continue;
            }
        }
        visit(&call.tree, v, &format!("{here}."), &format!("{here_key}."), stop, out, refusing);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(c: &str, v: TfVersion) -> bool {
        parse(c).is_some_and(|cs| cs.iter().all(|c| allows(c, v)))
    }

    #[test]
    fn operators() {
        assert!(ok(">= 1.13", (1, 14, 0)) && !ok(">= 1.13", (1, 12, 2)));
        assert!(ok("1.12.2", (1, 12, 2)) && ok("= 1.12", (1, 12, 0)) && !ok("1.12", (1, 12, 2)));
        assert!(!ok("!= 1.12.2", (1, 12, 2)) && ok("< 1.13, > 1.11", (1, 12, 2)));
        assert!(ok("<= 1.12", (1, 12, 0)) && !ok("<= 1.12", (1, 12, 2)));
    }

    // go-version's constraintPessimistic: the numbers written but the last are fixed.
    #[test]
    fn pessimistic() {
        assert!(ok("~> 1.12.0", (1, 12, 2)) && !ok("~> 1.11.0", (1, 12, 2)));
        assert!(ok("~> 1.11", (1, 12, 2)) && ok("~> 1.0", (1, 14, 0)) && !ok("~> 1.13", (1, 12, 2)));
        assert!(!ok("~> 1.12.3", (1, 12, 2)) && ok("~> 1.12.1", (1, 12, 2)));
        // `~> 1` fixes nothing: any release from 1.0.0 on.
        assert!(ok("~> 1", (2, 0, 0)) && ok("~> 1", (1, 12, 2)));
        assert!(!ok("~> 2", (1, 12, 2)));
    }

    #[test]
    fn malformed() {
        for bad in ["", "1.x", ">= ", "=> 1.0", "1.0,", "^1.2", "~ 1.2", "1..2"] {
            assert!(parse(bad).is_none(), "{bad:?}");
        }
        for good in ["v1.2", " >=1.2 ", "1.2.3.4", "1.2.3-beta1", "1.2+meta", "~>1"] {
            assert!(parse(good).is_some(), "{good:?}");
        }
    }
}
