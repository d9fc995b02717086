//! Checks Terraform's decoding of a module file makes against the block schemas, which the
//! rest of the loader does not: arguments at the top level, blocks inside `locals` (HCL's
//! JustAttributes) and unknown blocks inside `variable`. Terraform reports them with the
//! syntax errors of the same files, sorted by position, so each matters for which comes first.

use crate::lang::config::File;
use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::BodyAst;
use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::partial_body::earliest;

/// The labels each top-level block takes (HCL's "Extraneous label" beyond them).
const LABELS: &[(&str, &[&str])] = &[
    ("terraform", &[]),
    ("locals", &[]),
    ("moved", &[]),
    ("import", &[]),
    ("removed", &[]),
    ("variable", &["name"]),
    ("output", &["name"]),
    ("provider", &["name"]),
    ("module", &["name"]),
    ("check", &["name"]),
    ("resource", &["type", "name"]),
    ("data", &["type", "name"]),
];

/// Every one of these errors in `files`, in file order and by position within a file.
pub fn all(files: &[File], version: TfVersion) -> Vec<Diag> {
    let mut out = Vec::new();
    for f in files.iter().filter(|f| f.name.ends_with(".tf")) {
        let mut found: Vec<Diag> = file_errors(&f.body, &f.src, version)
            .into_iter()
            .map(|d| d.in_file(&f.name))
            .collect();
        found.sort_by_key(|d| d.span.as_ref().map(|s| s.start));
        out.extend(found);
    }
    out
}

/// The first of these errors in `files`, by position.
pub fn first(files: &[File], version: TfVersion) -> Option<Diag> {
    let mut found: Option<Diag> = None;
    for f in files {
        if !f.name.ends_with(".tf") {
            continue;
        }
        for d in file_errors(&f.body, &f.src, version) {
            let d = d.in_file(&f.name);
            found = Some(match found {
                Some(prev) => earliest(prev, d),
                None => d,
            });
        }
    }
    found
}

fn file_errors(body: &BodyAst, src: &str, version: TfVersion) -> Vec<Diag> {
    let mut out = Vec::new();
    for b in &body.blocks {
        let Some((_, names)) = LABELS.iter().find(|(k, _)| *k == b.kind) else {
            continue;
        };
        if b.labels.len() <= names.len() {
            continue;
        }
        let detail = if names.is_empty() {
            format!("No labels are expected for {} blocks.", b.kind)
        } else {
            format!(
                "Only {} labels ({}) are expected for {} blocks.",
                names.len(),
                names.join(", "),
                b.kind
            )
        };
        let at = label_span(src, b.span.start, names.len()).unwrap_or(b.span.start..b.span.start + b.kind.len());
        out.push(Diag::new(format!("Extraneous label for {}", b.kind), detail).at(&at));
    }
    // The top level has no arguments; a name of a block type gets that hint.
    let root_blocks: Vec<&str> = crate::lang::dialect::root_blocks::ROOT_BLOCKS
        .iter()
        .map(|(k, _)| *k)
        // Asked only of a name an argument has: the release is consulted when it matters.
        .filter(|k| body.attrs.iter().any(|a| a.name == *k) && crate::lang::dialect::root_blocks::is_root_block_at(k, version))
        .collect();
    out.extend(unsupported_arguments(body, &|_| false, &Vec::new, &root_blocks));
    for b in &body.blocks {
        // Custom conditions exist from 1.2, and with them this rule.
        out.extend(crate::lang::config::validation_rules::constant_rules(b, src, version));
        match b.kind.as_str() {
            "locals" => {
                if let Some(inner) = b.body.blocks.first() {
                    let at = inner.span.start..inner.span.start + inner.kind.len();
                    out.push(Diag::new(format!("Unexpected {:?} block", inner.kind), "Blocks are not allowed here.").at(&at));
                }
            }
            "variable" => {
                if let Some(name) = b.labels.first() {
                    out.extend(crate::lang::config::validation_rules::check(name, &b.body, version));
                }
                out.extend(unsupported_arguments(
                    &b.body,
                    &|n| in_schema(VARIABLE_SCHEMA, n, version),
                    &|| schema_args(VARIABLE_SCHEMA, version),
                    &["validation"],
                ));
                // Read as constants when the file is decoded: no calls, no references.
                for a in b
                    .body
                    .attrs
                    .iter()
                    .filter(|a| matches!(a.name.as_str(), "sensitive" | "nullable" | "description"))
                {
                    if let Err(d) = crate::lang::config::static_default(&a.expr) {
                        out.push(d);
                    }
                }
                for inner in b.body.blocks.iter().filter(|i| i.kind != "validation") {
                    let hint = if crate::lang::syntax::suggest::distance(&inner.kind, "validation") < 3 {
                        " Did you mean \"validation\"?".to_string()
                    } else if schema_args(VARIABLE_SCHEMA, version).contains(&inner.kind.as_str()) {
                        format!(
                            " Did you mean to define argument {:?}? If so, use the equals sign to assign it a value.",
                            inner.kind
                        )
                    } else {
                        String::new()
                    };
                    let at = inner.span.start..inner.span.start + inner.kind.len();
                    out.push(
                        Diag::new(
                            "Unsupported block type",
                            format!("Blocks of type {:?} are not expected here.{hint}", inner.kind),
                        )
                        .at(&at),
                    );
                }
            }
            "output" => {
                if b.body.attr("value").is_none() {
                    // HCL places a missing argument at the start of the block's body, its `{`.
                    let brace = src
                        .get(b.span.clone())
                        .and_then(|t| t.find('{'))
                        .map_or(b.span.start, |i| b.span.start + i);
                    out.push(
                        Diag::new(
                            "Missing required argument",
                            "The argument \"value\" is required, but no definition was found.",
                        )
                        .at(&(brace..brace + 1)),
                    );
                }
                out.extend(unsupported_arguments(
                    &b.body,
                    &|n| in_schema(OUTPUT_SCHEMA, n, version),
                    &|| schema_args(OUTPUT_SCHEMA, version),
                    &["precondition", "postcondition"],
                ));
                // An output has no object to check afterwards (tf-oracle 1.12, 1.14: plan and
                // console refuse it at the block's type).
                if crate::lang::dialect::releases::has(version, &crate::lang::dialect::releases::CUSTOM_CONDITIONS) {
                    for inner in b.body.blocks_of("postcondition") {
                        let at = inner.span.start..inner.span.start + inner.kind.len();
                        out.push(
                            Diag::new(
                                "Postconditions are not allowed",
                                "Output values can only have preconditions, not postconditions.",
                            )
                            .at(&at),
                        );
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A block's arguments in Terraform's schema order, each with the release that added it.
type Schema = &'static [(&'static str, Option<crate::lang::dialect::releases::Arrival>)];

/// `variable` (internal/configs/named_values.go variableBlockSchema).
const VARIABLE_SCHEMA: Schema = &[
    ("description", None),
    ("default", None),
    ("type", None),
    ("sensitive", None),
    ("ephemeral", Some(crate::lang::dialect::releases::EPHEMERAL_VALUES)),
    ("nullable", Some(crate::lang::dialect::releases::VARIABLE_NULLABLE)),
];

/// `output` (outputBlockSchema).
const OUTPUT_SCHEMA: Schema = &[
    ("description", None),
    ("value", None),
    ("depends_on", None),
    ("sensitive", None),
    ("ephemeral", Some(crate::lang::dialect::releases::EPHEMERAL_VALUES)),
];

/// Whether argument `name` is in `schema` at Terraform `version` (the release is asked only
/// for an argument that arrived later, and only when the body has it).
fn in_schema(schema: Schema, name: &str, version: TfVersion) -> bool {
    schema
        .iter()
        .any(|(n, a)| *n == name && a.is_none_or(|a| crate::lang::dialect::releases::has(version, &a)))
}

/// The variable block's argument names at Terraform `version` (asked for a hint only).
fn schema_args(schema: Schema, version: TfVersion) -> Vec<&'static str> {
    schema.iter().map(|(n, _)| *n).filter(|n| in_schema(schema, n, version)).collect()
}

/// HCL's "Unsupported argument" for each argument of `body` that `known` refuses, with its
/// hint: the first argument of `args` not yet set within two edits, else a block of that name.
fn unsupported_arguments(body: &BodyAst, known: &dyn Fn(&str) -> bool, args: &dyn Fn() -> Vec<&'static str>, blocks: &[&str]) -> Vec<Diag> {
    body.attrs
        .iter()
        .filter(|a| !known(&a.name))
        .map(|a| {
            let unset: Vec<&str> = args().into_iter().filter(|n| body.attr(n).is_none()).collect();
            let hint = match unset.iter().find(|n| crate::lang::syntax::suggest::distance(&a.name, n) < 3) {
                Some(n) => format!(" Did you mean {n:?}?"),
                None if blocks.contains(&a.name.as_str()) => format!(" Did you mean to define a block of type {:?}?", a.name),
                None => String::new(),
            };
            Diag::new(
                "Unsupported argument",
                format!("An argument named {:?} is not expected here.{hint}", a.name),
            )
            .at(&(a.span.start..a.span.start + a.name.len()))
        })
        .collect()
}

/// Where the `n`th label (from 0) of the block starting at `start` is.
fn label_span(src: &str, start: usize, n: usize) -> Option<std::ops::Range<usize>> {
    use crate::lang::syntax::hcl_scan::{self, Start, Tk};
    let toks = hcl_scan::scan(src.get(start..)?, Start::Normal, true);
    let mut labels = Vec::new();
    let mut i = 1;
    while let Some(t) = toks.get(i) {
        match t.t {
            Tk::Ident => labels.push(t.s..t.e),
            Tk::OQuote => {
                let close = toks[i..].iter().position(|c| matches!(c.t, Tk::CQuote | Tk::Newline | Tk::Eof))?;
                labels.push(t.s..toks[i + close].e);
                i += close;
            }
            _ => break,
        }
        if labels.len() > n {
            break;
        }
        i += 1;
    }
    labels.get(n).map(|r| r.start + start..r.end + start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_found_by_position() {
        let src = "x\nresource \"a\" b \"c\" {\n}\n";
        assert_eq!(label_span(src, 2, 2), Some(17..20));
        assert_eq!(label_span(src, 2, 1), Some(15..16));
        assert_eq!(label_span(src, 2, 3), None);
    }
}
