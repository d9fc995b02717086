//! Provider-defined functions (`provider::NAME::FUNC(...)`, Terraform 1.8+), resolved as
//! Terraform resolves them, and the version gates of newer language features.
//!
//! NAME is the *local name* a module gives a provider in `terraform { required_providers {
//! NAME = { source = "...", version = "..." } } }`; no `provider` block is needed. Every
//! required provider contributes the functions of the release `terraform init` would select
//! (the newest known release satisfying `version`) under `provider::NAME::`. A call to a name
//! that is not in that table is reported the way Terraform's `checkForUnknownFunctionDiags`
//! (internal/lang/eval.go) rewrites HCL's "Call to unknown function".
//!
//! Below Terraform 1.8 (HCL before 2.20) `::` is not a token: `provider::aws::f()` does not
//! parse. The scanner sees `provider` `:` `:` ..., so the parse fails at the first colon with
//! whatever HCL expects there ("Extra characters after expression" at the top of a console
//! expression, "Missing newline after argument" after an argument in a file, "Missing item
//! separator" inside brackets...), or at the second colon ("Invalid expression") when the
//! first was taken as a conditional's `:`. A parse error stops everything: `try()` cannot
//! catch it (the diagnostic is fatal).

mod aws;
mod builtin;
pub mod catalogue;
mod hclwrite;
mod local;
pub mod version;
use crate::lang::syntax::{File, walk};

use std::collections::BTreeMap;

use self::catalogue::Provider;
use self::version::{Constraints, Version};
use crate::lang::eval::Evaluator;
use crate::lang::funcs;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{BlockAst, BodyAst, Call, Expr, ExprKind, Span, parse_body, parse_expr};
use crate::lang::value::Value;

use crate::lang::dialect::releases;
pub use crate::lang::dialect::releases::TfVersion;

/// One entry of `required_providers`.
#[derive(Clone, Debug)]
pub struct Requirement {
    /// The provider's source address in display form (`hashicorp/aws`).
    pub source: String,
    /// The `version` string, if given.
    pub version: Option<String>,
    /// Where the `version` value is (file index, span), for its diagnostics.
    pub version_at: Option<(usize, Span)>,
}

/// The provider source address `s` in display form: no default registry host, lower case,
/// `hashicorp/` for a bare type (addrs.ParseProviderSourceString).
pub fn normalize_source(s: &str) -> String {
    let lower = s.trim().to_ascii_lowercase();
    let parts: Vec<&str> = lower.split('/').collect();
    match parts.as_slice() {
        [t] => format!("hashicorp/{t}"),
        [host, ns, t] if *host == "registry.terraform.io" => format!("{ns}/{t}"),
        _ => lower.clone(),
    }
}

/// The source a local name implies when `source` is left out (`terraform` is the built-in).
fn implied_source(local: &str) -> String {
    if local == "terraform" {
        "terraform.io/builtin/terraform".into()
    } else {
        format!("hashicorp/{}", local.to_ascii_lowercase())
    }
}

/// The module's `required_providers`, by local name (the first declaration of a name wins).
pub fn required_providers(ev: &Evaluator) -> DResult<BTreeMap<String, Requirement>> {
    let mut out = BTreeMap::new();
    for (fi, f) in ev.scope.files().iter().enumerate() {
        for tb in f.body.blocks_of("terraform") {
            for rp in tb.body.blocks_of("required_providers") {
                for a in &rp.body.attrs {
                    if out.contains_key(&a.name) {
                        continue;
                    }
                    let v = ev.eval(&a.expr).map_err(|d| d.in_file(&f.name))?;
                    let (source, version) = match v.unmark().0 {
                        Value::String(s) => (None, Some(s.to_string())),
                        Value::Object(m) | Value::Map(_, m) => (
                            m.get("source").and_then(|x| x.as_str().map(str::to_string)),
                            m.get("version").and_then(|x| x.as_str().map(str::to_string)),
                        ),
                        _ => (None, None),
                    };
                    let version_at = version_span(&a.expr).map(|s| (fi, s));
                    out.insert(
                        a.name.clone(),
                        Requirement {
                            source: source.map(|s| normalize_source(&s)).unwrap_or_else(|| implied_source(&a.name)),
                            version,
                            version_at,
                        },
                    );
                }
            }
        }
    }
    Ok(out)
}

fn version_span(e: &Expr) -> Option<Span> {
    match &e.kind {
        ExprKind::Object(kvs) => kvs.iter().find_map(|(k, v)| {
            let name = match k {
                crate::lang::syntax::ObjKey::Ident(n, _) => Some(n.as_str()),
                crate::lang::syntax::ObjKey::Expr(x) => match &x.kind {
                    ExprKind::Str(s) => Some(s.as_str()),
                    _ => None,
                },
            };
            (name == Some("version")).then(|| v.span.clone())
        }),
        _ => Some(e.span.clone()),
    }
}

/// The release `terraform init` would install for a requirement: `Ok(None)` for a provider
/// iacquiz does not know (treated as offering no functions), an init error otherwise.
pub fn select(ev: &Evaluator, req: &Requirement) -> DResult<Option<(&'static Provider, Version)>> {
    let Some(p) = catalogue::find(&req.source) else { return Ok(None) };
    let located = |d: Diag| match req.version_at.as_ref().and_then(|(fi, sp)| Some((sp, ev.scope.files().get(*fi)?))) {
        Some((sp, f)) => d.at(sp).in_file(&f.name).fatal(),
        _ => d.fatal(),
    };
    let constraints = match &req.version {
        None => None,
        Some(s) => Some(Constraints::parse(s).map_err(|_| {
            located(Diag::new(
                "Invalid version constraint",
                "This string does not use correct version constraint syntax.",
            ))
        })?),
    };
    if p.builtin {
        if constraints.is_some() {
            return Err(Diag::new(
                "Invalid dependency on built-in provider",
                format!(
                    "Cannot use {}: built-in providers do not support explicit version constraints.",
                    p.source
                ),
            )
            .fatal());
        }
        let (a, b, c) = ev.version;
        return Ok(Some((p, Version::new(a.into(), b.into(), c.into()))));
    }
    let releases = p.releases();
    let chosen = match &constraints {
        None => releases.iter().max_by(|a, b| a.precedence(b)),
        Some(c) => c.newest(&releases),
    };
    match chosen {
        Some(v) => Ok(Some((p, v.clone()))),
        None => Err(Diag::new(
            "Failed to query available provider packages",
            format!(
                "Could not retrieve the list of available versions for provider {src}: no available releases match the given constraints {}\n\nTo see which modules are currently depending on {src} and what versions are specified, run the following command:\n    terraform providers",
                constraints.map(|c| c.canonical()).unwrap_or_default(),
                src = p.source,
            ),
        )
        .fatal()),
    }
}

/// Evaluates a call whose name has a namespace (`provider::aws::arn_parse(...)`,
/// `core::length(...)`). `None` means "a built-in: carry on with the plain name".
pub fn namespaced(ev: &Evaluator, c: &Call, span: &Span) -> Option<DResult<Value>> {
    if !releases::has(ev.version, &releases::PROVIDER_FUNCTIONS) {
        return Some(Err(old_syntax_error(ev, c, span)));
    }
    let full_range = span.start.min(c.name_span.start)..c.name_span.end;
    match c.namespace.as_slice() {
        [core] if core == "core" && releases::has(ev.version, &releases::CORE_NAMESPACE) => {
            // templatestring is evaluated apart from the registry (it parses its argument).
            let known = matches!(c.name.as_str(), "try" | "can" | "templatestring") || ev.funcs.has(&c.name);
            if known && builtin_gate(ev, &c.name, &full_range).is_none() {
                return None;
            }
        }
        [p, local] if p == "provider" => match provider_call(ev, local, c, span, &full_range) {
            Ok(Some(v)) => return Some(Ok(v)),
            Ok(None) => {}
            Err(d) => return Some(Err(d)),
        },
        _ => {}
    }
    Some(Err(unknown_namespaced(ev, c, &full_range)))
}

/// The functions `provider::local::` offers (empty when the local name is not required or the
/// provider is unknown), with the selected release.
fn table_for(ev: &Evaluator, local: &str) -> DResult<Option<(&'static Provider, Version)>> {
    let reqs = required_providers(ev)?;
    let by_local = reqs.get(local);
    // A learner may believe NAME is the provider's type (`aws` of `hashicorp/aws`), whatever
    // local name the module gives it; consulted only when the two readings differ.
    let by_type = reqs.values().find(|r| r.source.rsplit('/').next() == Some(local));
    let differ = match (by_local, by_type) {
        (Some(a), Some(b)) => !std::ptr::eq(a, b),
        (None, None) => false,
        _ => true,
    };
    let chosen = if differ && ev.flipped(crate::lang::dialect::rules::Rule::ProviderFunctionsByLocalName) {
        by_type
    } else {
        by_local
    };
    match chosen {
        Some(r) => select(ev, r),
        None => Ok(None),
    }
}

fn provider_call(ev: &Evaluator, local: &str, c: &Call, span: &Span, full_range: &Span) -> DResult<Option<Value>> {
    let Some((p, v)) = table_for(ev, local)? else { return Ok(None) };
    let Some(entry) = p.functions_at(&v).find(|f| f.name == c.name) else {
        return Ok(None);
    };
    let f = (entry.def)();
    // HCL names a namespaced call by its whole name, and puts call errors on all of it.
    let mut c2 = c.clone();
    c2.name_span = full_range.clone();
    funcs::call_func(ev, &f, &c.full_name(), &c2, span).map(Some)
}

/// Terraform's rewrite of HCL's unknown-function diagnostic for a namespaced name.
fn unknown_namespaced(ev: &Evaluator, c: &Call, at: &Span) -> Diag {
    let namespace = format!("{}::", c.namespace.join("::"));
    let parts: Vec<&str> = namespace.split("::").collect();
    let detail = match parts.as_slice() {
        [first, ..] if *first != "provider" => format!(
            "The function namespace {:?} is not valid. Provider function calls must use the \"provider::\" namespace prefix.",
            first
        ),
        [_, ""] => "The function call must include the provider name after the \"provider::\" prefix.".into(),
        [_, local, ..] => {
            let others = c.namespace.len() == 2 && matches!(table_for(ev, local), Ok(Some((p, v))) if p.functions_at(&v).next().is_some());
            if others {
                format!("The function {:?} is not available from the provider {:?}.", c.name, local)
            } else {
                format!(
                    "There is no function named \"{namespace}{}\". Ensure that provider name {:?} is declared in this module's required_providers block, and that this provider offers a function named {:?}.",
                    c.name, local, c.name
                )
            }
        }
        _ => String::new(),
    };
    Diag::new("Unknown provider function", detail).at(at)
}

/// Why `provider::local::name` is not available, in words (for explanations; Terraform's own
/// message does not say): the selected release and the release that introduced the function.
pub fn why_unavailable(ev: &Evaluator, local: &str, name: &str) -> Option<String> {
    let reqs = required_providers(ev).ok()?;
    let Some(req) = reqs.get(local) else {
        return Some(format!("no provider has the local name {local:?} in required_providers"));
    };
    let (p, v) = select(ev, req).ok()??;
    let entry = p.functions.iter().find(|f| f.name == name)?;
    let (a, b, c) = entry.since;
    let since = Version::new(a, b, c);
    if v.precedence(&since) == std::cmp::Ordering::Less {
        let by = req.version.as_deref().map(|s| format!(" (version = {s:?})")).unwrap_or_default();
        Some(format!(
            "{} {v} is selected{by}, but {name} was added in {} {since}",
            p.source, p.source
        ))
    } else {
        None
    }
}

/// The suggestion Terraform appends to "Call to unknown function" for a plain name that a
/// required provider offers (`Did you mean "provider::aws::arn_parse"?`).
pub fn suggest_provider_function(ev: &Evaluator, name: &str) -> Option<String> {
    let reqs = required_providers(ev).ok()?;
    for (local, req) in &reqs {
        if let Ok(Some((p, v))) = select(ev, req)
            && p.functions_at(&v).any(|f| f.name == name)
        {
            return Some(format!("provider::{local}::{name}"));
        }
    }
    None
}

/// "Call to unknown function" for a built-in the emulated Terraform does not have yet
/// (`templatestring` before 1.9 ...), or `None` when it is available.
pub fn builtin_gate(ev: &Evaluator, name: &str, name_span: &Span) -> Option<Diag> {
    let arrival = releases::function(name)?;
    // The console has no plantimestamp() at any release (tf-oracle 1.0.3 to 1.15.5:
    // `can(plantimestamp())` is false); a plan has it from its release on.
    let console_only = name == "plantimestamp" && !ev.host.planning;
    if releases::has(ev.version, arrival) && !console_only {
        return None;
    }
    let available: Vec<String> = ev
        .funcs
        .names()
        .into_iter()
        .filter(|n| builtin_available(n, ev.version))
        .map(str::to_string)
        .collect();
    let mut detail = format!("There is no function named {name:?}.");
    if let Some(s) = crate::lang::syntax::suggest::closest(name, available.iter()) {
        detail.push_str(&format!(" Did you mean {s:?}?"));
    }
    Some(Diag::new("Call to unknown function", detail).at(name_span))
}

/// Whether built-in `name` exists in Terraform `version`.
pub fn builtin_available(name: &str, version: TfVersion) -> bool {
    releases::function(name).is_none_or(|a| releases::has(version, a))
}

// ---------------------------------------------------------------------------------------
// Parsing as HCL before 2.20 (Terraform 1.7 and earlier) parses `::`.

/// What HCL 2.19 says about `text` (an expression), in which the namespaced calls are spans
/// relative to `text`. `in_body`: the expression is an argument's value in a file.
fn old_parse_of(text: &str, calls: &[(Span, Span)], in_body: bool) -> Option<Diag> {
    let first = calls.iter().min_by_key(|(s, _)| s.start)?;
    let colon = text.get(first.0.start..first.1.start)?.find("::")? + first.0.start;
    // Make `::` unparsable the way HCL 2.19 sees it: a colon, then something else.
    let mut bytes = text.as_bytes().to_vec();
    for (call, name) in calls {
        let mut i = call.start;
        while i + 1 < name.start.min(bytes.len()) {
            if bytes[i] == b':' && bytes[i + 1] == b':' {
                bytes[i + 1] = b' ';
                i += 2;
            } else {
                i += 1;
            }
        }
    }
    let changed = String::from_utf8(bytes).ok()?;
    let d = match parse_expr(&changed) {
        Err(d) if d.span.as_ref().map(|s| s.start) == Some(colon) => d,
        // The first colon was taken as a conditional's (or a for expression's) `:`, and the
        // second cannot start an expression.
        _ => Diag::new(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
        )
        .at(&(colon + 1..colon + 2)),
    };
    let d = if in_body && d.summary == "Extra characters after expression" {
        Diag {
            summary: "Missing newline after argument".into(),
            detail: "An argument definition must end with a newline.".into(),
            ..d
        }
    } else {
        d
    };
    Some(d.fatal())
}

fn all_namespaced(e: &Expr) -> Vec<(Span, Span)> {
    walk::nodes(e)
        .into_iter()
        .filter_map(|x| match &x.kind {
            ExprKind::Call(c) if !c.namespace.is_empty() => Some((x.span.clone(), c.name_span.clone())),
            _ => None,
        })
        .collect()
}

/// For a console expression `src` (already parsed as `expr`): the parse error Terraform
/// `version` gives for syntax it does not have yet (`::` before 1.8), if any.
pub fn gate_expr(version: TfVersion, src: &str, expr: &Expr) -> Option<Diag> {
    let calls = all_namespaced(expr);
    if calls.is_empty() || releases::has(version, &releases::PROVIDER_FUNCTIONS) {
        return None;
    }
    old_parse_of(src, &calls, false)
}

/// The call path's fallback when no gate ran first: the old-parser error for this call, in the
/// console expression or the configuration file that holds it.
fn old_syntax_error(ev: &Evaluator, c: &Call, span: &Span) -> Diag {
    if let Some(src) = ev.source()
        && let Ok(e) = parse_expr(&src)
        && all_namespaced(&e).iter().any(|(s, _)| s == span)
        && let Some(d) = gate_expr(ev.version, &src, &e)
    {
        return d;
    }
    if let Some(d) = gate_config(ev.scope.files(), ev.version) {
        return d;
    }
    Diag::new(
        "Extra characters after expression",
        "An expression was successfully parsed, but extra characters were found after it.",
    )
    .at(&(span.start + c.namespace.first().map(|n| n.len()).unwrap_or(0)
        ..span.start + 1 + c.namespace.first().map(|n| n.len()).unwrap_or(0)))
    .fatal()
}

fn body_attrs<'a>(b: &'a BodyAst, out: &mut Vec<&'a crate::lang::syntax::Attr>) {
    out.extend(b.attrs.iter());
    for blk in &b.blocks {
        body_attrs(&blk.body, out);
    }
}

/// The first error Terraform `version` gives for a configuration using newer language
/// features: `::` names (parse errors, 1.8), blocks it does not know (`moved` 1.1,
/// `precondition`/`postcondition` 1.2, `check` and `import` 1.5, `removed` 1.7), `optional()`
/// object attributes (1.3). Call it right after loading a configuration.
pub fn gate_config(files: &[File], version: TfVersion) -> Option<Diag> {
    // Each kind of refusal is found on its own; Terraform prints them sorted by position.
    let mut found_any: Vec<Diag> = Vec::new();
    'files: {
        for f in files {
            let mut attrs = Vec::new();
            body_attrs(&f.body, &mut attrs);
            let mut found: Vec<(&crate::lang::syntax::Attr, Vec<(Span, Span)>)> = attrs
                .into_iter()
                .map(|a| (a, all_namespaced(&a.expr)))
                .filter(|(_, c)| !c.is_empty())
                .collect();
            found.sort_by_key(|(a, _)| a.expr.span.start);
            if let Some((a, calls)) = found.first()
                && !releases::has(version, &releases::PROVIDER_FUNCTIONS)
            {
                let base = a.expr.span.start;
                let Some(text) = f.src.get(a.expr.span.clone()) else { break 'files };
                let rel: Vec<(Span, Span)> = calls
                    .iter()
                    .map(|(s, n)| (s.start - base..s.end - base, n.start - base..n.end - base))
                    .collect();
                let Some(d) = old_parse_of(text, &rel, true) else { break 'files };
                let sp = d.span.clone().map(|s| s.start + base..s.end + base);
                found_any.push(Diag { span: sp, ..d }.in_file(&f.name));
                break 'files;
            }
        }
    }
    found_any.extend(block_gate(files, version));
    for f in files {
        for b in f.body.blocks_of("variable") {
            if let Some(d) = optional_gate(&f.src, b)
                && !releases::has(version, &releases::OPTIONAL_ATTRS)
            {
                found_any.push(d.in_file(&f.name).fatal());
            }
        }
    }
    found_any.into_iter().reduce(crate::lang::syntax::partial_body::earliest)
}

/// The first block (in file order) that Terraform `version` does not know: a top-level block
/// younger than it (`root_blocks`), or a `precondition`/`postcondition` in a resource's or data source's
/// `lifecycle` or in an `output` (Terraform 1.2).
fn block_gate(files: &[File], version: TfVersion) -> Option<Diag> {
    for f in files {
        let mut found: Vec<&BlockAst> = Vec::new();
        for b in &f.body.blocks {
            if crate::lang::dialect::root_blocks::arrival(&b.kind).is_some()
                && !crate::lang::dialect::root_blocks::is_root_block_at(&b.kind, version)
            {
                found.push(b);
            }
            let holders: Vec<&BodyAst> = match b.kind.as_str() {
                "resource" | "data" => b.body.blocks_of("lifecycle").map(|l| &l.body).collect(),
                "output" => vec![&b.body],
                _ => Vec::new(),
            };
            for h in holders {
                for c in h.blocks.iter().filter(|c| c.kind == "precondition" || c.kind == "postcondition") {
                    if !releases::has(version, &releases::CUSTOM_CONDITIONS) {
                        found.push(c);
                    }
                }
            }
        }
        if let Some(b) = found.into_iter().min_by_key(|b| b.span.start) {
            // HCL suggests a block type of the same body that is close enough ("removed" at
            // 1.6: `Did you mean "moved"?`).
            let top = f.body.blocks.iter().any(|t| std::ptr::eq(t, b));
            let known: Vec<String> = crate::lang::dialect::root_blocks::ROOT_BLOCKS
                .iter()
                .filter(|(k, _)| top && crate::lang::dialect::root_blocks::is_root_block_at(k, version))
                .map(|(k, _)| k.to_string())
                .collect();
            let hint = crate::lang::syntax::suggest::closest(&b.kind, known.iter())
                .map(|k| format!(" Did you mean {k:?}?"))
                .unwrap_or_default();
            return Some(
                Diag::new(
                    "Unsupported block type",
                    format!("Blocks of type {:?} are not expected here.{hint}", b.kind),
                )
                .at(&(b.span.start..b.span.start + b.kind.len()))
                .in_file(&f.name)
                .fatal(),
            );
        }
    }
    None
}

/// Terraform 1.0–1.2: `optional(T)` is an experiment the module has not opted into;
/// `optional(T, default)` does not exist.
fn optional_gate(src: &str, b: &BlockAst) -> Option<Diag> {
    let ty = b.body.attr("type")?;
    let mut one_arg = false;
    for x in walk::nodes(&ty.expr) {
        if let ExprKind::Call(c) = &x.kind
            && c.name == "optional"
            && c.namespace.is_empty()
        {
            if c.args.len() >= 2 {
                let args = c.name_span.end..x.span.end;
                return Some(
                    Diag::new(
                        "Invalid type specification",
                        "Optional attribute modifier expects only one argument: the attribute type.",
                    )
                    .at(&args),
                );
            }
            one_arg = true;
        }
    }
    // Terraform checks the experiment on the decoded type: a type that does not decode
    // (`optional(string)` outside an object) is its own error instead.
    let decoded = crate::lang::syntax::typeexpr::Constraint::parse(&ty.expr, &|_| Ok(Value::null()));
    if !one_arg || !decoded.is_ok_and(|c| c.has_optional()) {
        return None;
    }
    // The block's declaration range: `variable "name"`.
    let head = src
        .get(b.span.clone())
        .and_then(|t| t.find('{'))
        .map(|i| src[b.span.start..b.span.start + i].trim_end().len());
    let end = b.span.start + head.unwrap_or(b.kind.len());
    Some(
        Diag::new(
            "Optional object type attributes are experimental",
            "This feature is currently an opt-in experiment, subject to change in future releases based on feedback.\n\nActivate the feature for this module by adding module_variable_optional_attrs to the list of active experiments.",
        )
        .at(&(b.span.start..end)),
    )
}

/// Parses configuration text (convenience for tests and callers holding text).
pub fn gate_config_text(name: &str, src: &str, version: TfVersion) -> Option<Diag> {
    let body = parse_body(src).ok()?;
    let file = File {
        name: name.to_string(),
        src: src.to_string(),
        body,
    };
    gate_config(std::slice::from_ref(&file), version)
}

#[cfg(test)]
mod tests;
