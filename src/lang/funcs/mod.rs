//! The built-in function library: a registry of typed signatures and the call plumbing that
//! gives Terraform's argument conversion, null and unknown handling, sensitive marks and
//! error wording. Each family of functions lives in its own file (`merge()` in `collection`),
//! and provider-defined functions (`provider::aws::arn_parse`) in `provider`. Uses `dialect`,
//! `value`, `syntax` and `eval`; the evaluator calls it through [`crate::lang::eval::Library`].

mod collection;
mod conversion;
mod encoding;
pub use encoding::{crc32, write_go_json_string};
mod filesystem;
mod growth;
mod hash;
pub use hash::hex;
mod network;
mod numeric;
pub mod provider;
mod rfc3339_strict;
mod string;
mod time;

use std::collections::HashMap;

use crate::lang::eval::Evaluator;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{Call, Span};
use crate::lang::value::convert::{convert, convertible};
use crate::lang::value::render;
use crate::lang::value::{Marks, Type, Value};

/// One parameter of a function.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its name, as error messages give it.
    pub name: &'static str,
    /// The type arguments are converted to (`Type::Dynamic`: no conversion).
    pub ty: Type,
    /// Whether null is accepted (otherwise "argument must not be null").
    pub allow_null: bool,
    /// Whether an unknown value is passed in (otherwise the result is unknown).
    pub allow_unknown: bool,
    /// Whether marked values are passed in marked (otherwise unmarked deep, and the result given
    /// all their marks).
    pub allow_marked: bool,
}

impl Param {
    /// A parameter of type `ty` that rejects null.
    pub fn new(name: &'static str, ty: Type) -> Param {
        Param {
            name,
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_marked: false,
        }
    }
    /// Accepts null.
    pub fn nullable(mut self) -> Param {
        self.allow_null = true;
        self
    }
    /// Receives unknown values.
    pub fn unknowns(mut self) -> Param {
        self.allow_unknown = true;
        self
    }
    /// Receives marked values with their marks.
    pub fn marked(mut self) -> Param {
        self.allow_marked = true;
        self
    }
}

/// What a function implementation can fail with.
#[derive(Clone, Debug)]
pub enum FnError {
    /// A problem with argument `index`: "Invalid function argument" / `Invalid value for "name" parameter: MSG.`
    Arg(usize, String),
    /// Any other failure: "Error in function call" / `Call to function "f" failed: MSG.`
    Call(String),
    /// A complete diagnostic (for functions that report like Terraform's own, e.g. templatefile).
    Diag(Diag),
}

impl From<Diag> for FnError {
    /// A complete diagnostic, such as the evaluation budget's, passes through unchanged.
    fn from(d: Diag) -> FnError {
        FnError::Diag(d)
    }
}

/// Shorthand for an implementation's result.
pub type FnResult = Result<Value, FnError>;

/// A function's implementation: the evaluator (for rules, host and trace) and the converted
/// arguments (variadic ones last).
pub type Impl = fn(&Evaluator, &[Value]) -> FnResult;

/// A function's definition.
#[derive(Clone)]
pub struct Func {
    /// Fixed parameters.
    pub params: Vec<Param>,
    /// The variadic parameter, if any.
    pub variadic: Option<Param>,
    /// The implementation.
    pub imp: Impl,
    /// The result type when an argument is unknown (default: dynamic).
    pub unknown_result: Type,
    /// Whether the function may be called only from the console (type()).
    pub console_only: bool,
}

impl Func {
    /// A function with these parameters and implementation.
    pub fn new(params: Vec<Param>, imp: Impl) -> Func {
        Func {
            params,
            variadic: None,
            imp,
            unknown_result: Type::Dynamic,
            console_only: false,
        }
    }
    /// Adds a variadic parameter.
    pub fn variadic(mut self, p: Param) -> Func {
        self.variadic = Some(p);
        self
    }
    /// Declares the result type used when an argument is unknown.
    pub fn returns(mut self, t: Type) -> Func {
        self.unknown_result = t;
        self
    }
}

/// The built-in function registry, built once.
pub fn builtins() -> &'static Registry {
    static REG: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    REG.get_or_init(Registry::builtins)
}

/// The function registry.
#[derive(Clone, Default)]
pub struct Registry {
    funcs: HashMap<&'static str, Func>,
}

impl Registry {
    /// Every built-in function.
    pub fn builtins() -> Registry {
        let mut r = Registry::default();
        collection::register(&mut r);
        conversion::register(&mut r);
        encoding::register(&mut r);
        filesystem::register(&mut r);
        hash::register(&mut r);
        network::register(&mut r);
        numeric::register(&mut r);
        string::register(&mut r);
        time::register(&mut r);
        r
    }
    /// Adds (or replaces) a function.
    pub fn add(&mut self, name: &'static str, f: Func) {
        self.funcs.insert(name, f);
    }
    /// Looks a function up.
    pub fn get(&self, name: &str) -> Option<&Func> {
        self.funcs.get(name)
    }
    /// The names of all functions, sorted.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = self.funcs.keys().copied().collect();
        v.sort_unstable();
        v
    }
}

impl crate::lang::eval::Library for Registry {
    fn call(&self, ev: &Evaluator, c: &Call, span: &Span) -> DResult<Value> {
        call(self, ev, c, span)
    }
    fn names(&self) -> Vec<&'static str> {
        Registry::names(self)
    }
    fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
    fn signature(&self, ev: &Evaluator, c: &Call) -> Option<String> {
        signature(ev, c)
    }
}

/// Evaluates a function call expression with the functions of `reg`.
fn call(reg: &Registry, ev: &Evaluator, c: &Call, span: &Span) -> DResult<Value> {
    if let Some(swapped) = swapped_nesting(reg, ev, c) {
        return swapped;
    }
    call_direct(reg, ev, c, span)
}

/// String functions whose first argument is the string they transform: the ones a learner may
/// believe can be nested in either order.
const STRING_TRANSFORMS: &[&str] = &[
    "lower",
    "upper",
    "title",
    "replace",
    "trimspace",
    "trim",
    "trimprefix",
    "trimsuffix",
    "chomp",
    "strrev",
];

/// Under the "nested call order does not matter" misconception, `f(g(x, b), a)` is computed as
/// `g(f(x, a), b)`: the rule is consulted only for two nested string transforms.
fn swapped_nesting(reg: &Registry, ev: &Evaluator, c: &Call) -> Option<DResult<Value>> {
    use crate::lang::syntax::{Expr, ExprKind};
    let inner = match c.args.first().map(|a| &a.kind) {
        Some(ExprKind::Call(g)) if g.namespace.is_empty() && c.namespace.is_empty() => g,
        _ => return None,
    };
    if !STRING_TRANSFORMS.contains(&c.name.as_str()) || !STRING_TRANSFORMS.contains(&inner.name.as_str()) || inner.args.is_empty() {
        return None;
    }
    if !ev.flipped(crate::lang::dialect::rules::Rule::NestedCallOrder) {
        return None;
    }
    const HOLE: &str = "__iacquiz_swapped";
    let span = c.args[0].span.clone();
    // Outer function applied first, to the innermost argument.
    let mut first = c.clone();
    first.args[0] = inner.args[0].clone();
    let mut second = (**inner).clone();
    second.args[0] = Expr {
        kind: ExprKind::Var(HOLE.into()),
        span: span.clone(),
    };
    Some((|| {
        let v = call_direct(reg, ev, &first, &span)?;
        ev.with_var(vec![(HOLE.into(), v)], || call_direct(reg, ev, &second, &span))
    })())
}

/// Where HCL puts a call's "Error in function call": its name, namespace included
/// (`core::file`), and the opening parenthesis.
pub(crate) fn name_and_paren(c: &Call, span: &Span) -> Span {
    span.start.min(c.name_span.start)..(c.name_span.end + 1).min(span.end)
}

fn call_direct(reg: &Registry, ev: &Evaluator, c: &Call, span: &Span) -> DResult<Value> {
    let name = c.name.as_str();
    let full = c.full_name();
    if !c.namespace.is_empty()
        && let Some(r) = crate::lang::funcs::provider::namespaced(ev, c, span)
    {
        return r;
    }
    if let Some(d) = crate::lang::funcs::provider::builtin_gate(ev, name, &c.name_span) {
        return Err(d);
    }
    if let Some(why) = filesystem::filesystem_refusal(name) {
        return Err(Diag::new("Error in function call", format!("Call to function {full:?} failed: {why}.")).at(&name_and_paren(c, span)));
    }
    match name {
        "try" => return try_call(ev, c, span),
        "can" => return can_call(ev, c, span),
        "templatestring" if crate::lang::funcs::provider::builtin_available("templatestring", ev.version) => {
            return filesystem::templatestring(ev, c, span);
        }
        "defaults" if !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::DEFAULTS_REMOVED) => {
            return call_func(ev, &experimental_defaults(), &full, c, span);
        }
        _ => {}
    }
    let Some(f) = reg.get(name) else {
        let mut detail = format!("There is no function named {full:?}.");
        if let Some(s) = crate::lang::syntax::suggest::closest(name, reg.names().iter().map(|n| n.to_string()).collect::<Vec<_>>().iter()) {
            detail.push_str(&format!(" Did you mean {s:?}?"));
        }
        if let Some(s) = crate::lang::funcs::provider::suggest_provider_function(ev, name) {
            detail.push_str(&format!(" Did you mean {s:?}?"));
        }
        return Err(Diag::new("Call to unknown function", detail).at(&c.name_span));
    };
    // While validating and planning, the impure functions check their arguments and return
    // an unknown string (function.Unpredictable): their value is decided at apply.
    if ev.host.pure_only && matches!(name, "bcrypt" | "timestamp" | "uuid") {
        fn unpredictable(_: &Evaluator, _: &[Value]) -> FnResult {
            Ok(Value::unknown(Type::String))
        }
        let deferred = Func {
            imp: unpredictable,
            ..f.clone()
        };
        return call_func(ev, &deferred, &full, c, span);
    }
    call_func(ev, f, &full, c, span)
}

/// `defaults()` as Terraform 1.0 to 1.2 offer it outside its experiment (always, in the
/// console): its parameters are checked, then the call fails.
fn experimental_defaults() -> Func {
    fn refuse(_: &Evaluator, _: &[Value]) -> FnResult {
        Err(FnError::Call(
            "this function is experimental and available only when the experiment keyword module_variable_optional_attrs is enabled for the current module".into(),
        ))
    }
    Func::new(
        vec![
            Param::new("input", Type::Dynamic).nullable().unknowns(),
            Param::new("defaults", Type::Dynamic).unknowns(),
        ],
        refuse,
    )
}

/// Calls function `f` (named `full` in messages) with the arguments of `c`: Terraform's
/// argument conversion, null, unknown and mark handling, and error wording.
pub fn call_func(ev: &Evaluator, f: &Func, full: &str, c: &Call, span: &Span) -> DResult<Value> {
    // HCL's order: a final `...` argument is evaluated and expanded first, then the number of
    // arguments is checked, then every argument is evaluated and converted (all their errors
    // kept), and only then are nulls and unknowns looked at.
    let n_given = c.args.len();
    let mut expanded: Option<(Vec<Value>, Span)> = None;
    if c.expand_final
        && let Some(a) = c.args.last()
    {
        let (v, marked) = ev.eval(a)?.unmark();
        match v {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
                expanded = Some((vs.into_iter().map(|x| x.mark_with(marked)).collect(), a.span.clone()));
            }
            Value::Null(_) => {
                return Err(Diag::new(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must not be null.",
                )
                .at(&a.span));
            }
            Value::Unknown(_, _) => return Ok(Value::unknown(f.unknown_result.clone())),
            _ => {
                return Err(Diag::new(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                )
                .at(&a.span));
            }
        }
    }
    let plain = &c.args[..n_given - usize::from(expanded.is_some())];
    let n_args = plain.len() + expanded.as_ref().map_or(0, |(vs, _)| vs.len());
    let n_fixed = f.params.len();
    if n_args < n_fixed {
        let missing = &f.params[n_args];
        return Err(Diag::new(
            "Not enough function arguments",
            format!(
                "Function {full:?} expects{} {} argument(s). Missing value for {:?}.",
                if f.variadic.is_some() { " at least" } else { "" },
                n_fixed,
                param_name(ev, &c.name, missing.name)
            ),
        )
        .at(span));
    }
    if f.variadic.is_none() && n_args > n_fixed {
        let extra = match plain.get(n_fixed) {
            Some(a) => a.span.clone(),
            None => expanded.as_ref().map_or(span.clone(), |(_, sp)| sp.clone()),
        };
        return Err(Diag::new(
            "Too many function arguments",
            format!("Function {full:?} expects only {n_fixed} argument(s)."),
        )
        .at(&extra));
    }
    let start = ev.kept();
    let mut args: Vec<(Value, Span)> = Vec::with_capacity(n_args);
    for a in plain {
        // An argument's errors are placed at its start range, as HCL places them.
        args.push((ev.soft(a)?, crate::lang::syntax::start_range(a)));
    }
    if let Some((vs, sp)) = expanded {
        args.extend(vs.into_iter().map(|v| (v, sp.clone())));
    }
    let param = |i: usize| match (i < n_fixed, f.variadic.as_ref()) {
        (true, _) => &f.params[i],
        (false, Some(v)) => v,
        (false, None) => &f.params[n_fixed - 1],
    };
    let mut conv = Vec::with_capacity(args.len());
    let mut marks = Marks::NONE;
    for (i, (v, sp)) in args.iter().enumerate() {
        let p = param(i);
        let v = if p.allow_marked {
            v.clone()
        } else {
            let (v, m) = v.clone().unmark_deep();
            marks |= m;
            v
        };
        match convert(&v, &p.ty) {
            Ok(v) => conv.push(v),
            Err(e) => {
                // A type that cannot convert at all is described by go-cty's mismatch message;
                // a value that defeats a conversion its type allows, by the conversion's own.
                let why = if convertible(&v.ty(), &p.ty) {
                    without_path(&e.0).to_string()
                } else {
                    let both = crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::MISMATCH_NAMES_GIVEN_TYPE);
                    crate::lang::value::mismatch::message(&v.ty(), &p.ty, both)
                };
                ev.keep(invalid_arg(param_name(ev, &c.name, p.name), &why).at(sp));
                conv.push(Value::unknown(p.ty.clone()));
            }
        }
    }
    if ev.kept() > start {
        return Ok(Value::unknown(Type::Dynamic));
    }
    let mut unknown = false;
    for (i, v) in conv.iter().enumerate() {
        let p = param(i);
        if v.is_null() && !p.allow_null {
            return Err(invalid_arg(param_name(ev, &c.name, p.name), "argument must not be null").at(&args[i].1));
        }
        if !p.allow_unknown && v.is_unknown() {
            unknown = true;
        }
    }
    // cty refines what a function returns (known or not) by its RefineResult, unless an
    // argument of a parameter that takes no value of unknown type was one (cty then returns
    // an unknown of unknown type at once).
    let name = c.name.as_str();
    let refine = |v: Value| {
        let untyped = UNTYPED_PARAMS.contains(&name) && conv.iter().any(|a| matches!(a, Value::Unknown(Type::Dynamic, _)));
        if NEVER_NULL.contains(&name) && !untyped {
            v.refine(crate::lang::value::Refinement::new().not_null())
        } else {
            v
        }
    };
    if unknown {
        let keep = crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::UNKNOWN_CALL_KEEPS_MARKS);
        let ty = match &f.unknown_result {
            Type::Dynamic => collection::result_type(name, &conv).unwrap_or(Type::Dynamic),
            t => t.clone(),
        };
        return Ok(refine(Value::unknown(ty)).mark_with(if keep { marks } else { Marks::NONE }));
    }
    // A result that can outgrow the arguments is charged before it is built (`core::split`
    // and `provider::terraform::encode_expr` too: the estimate goes by the plain name).
    growth::reserve(ev, &c.name, &conv).map_err(|d| d.at(span))?;
    let result = crate::lang::dialect::releases::within(ev.version, || (f.imp)(ev, &conv)).map_err(|e| match e {
        FnError::Arg(i, msg) => {
            let name = match (f.params.get(i), f.variadic.as_ref(), f.params.first()) {
                (Some(p), _, _) | (None, Some(p), _) | (None, None, Some(p)) => param_name(ev, &c.name, p.name),
                _ => "",
            };
            let sp = args.get(i).map(|a| a.1.clone()).unwrap_or(span.clone());
            invalid_arg(name, &msg).at(&sp)
        }
        FnError::Call(msg) => {
            Diag::new("Error in function call", format!("Call to function {full:?} failed: {msg}.")).at(&name_and_paren(c, span))
        }
        FnError::Diag(d) => d.at(span),
    })?;
    let result = refine(result).mark_with(marks);
    ev.step(
        || format!("{full}({})", conv.iter().map(render::one_line).collect::<Vec<_>>().join(", ")),
        &result,
    );
    Ok(result)
}

/// The built-in functions whose results Terraform refines as never null (their cty spec's
/// `RefineResult` is refineNotNull or refineNonNull): internal/lang/funcs and go-cty's
/// function/stdlib as Terraform 1.6.0 to 1.15 register them (the list is the same in each).
const NEVER_NULL: &[&str] = &[
    "abs",
    "abspath",
    "alltrue",
    "anytrue",
    "base64decode",
    "base64encode",
    "base64gzip",
    "base64sha256",
    "base64sha512",
    "basename",
    "bcrypt",
    "ceil",
    "chomp",
    "chunklist",
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "csvdecode",
    "dirname",
    "distinct",
    "endswith",
    "file",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "fileexists",
    "filemd5",
    "fileset",
    "filesha1",
    "filesha256",
    "filesha512",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "index",
    "join",
    "jsonencode",
    "keys",
    "length",
    "log",
    "lower",
    "matchkeys",
    "max",
    "md5",
    "merge",
    "min",
    "parseint",
    "pathexpand",
    "pow",
    "range",
    "regex",
    "regexall",
    "replace",
    "reverse",
    "rsadecrypt",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "sha1",
    "sha256",
    "sha512",
    "signum",
    "slice",
    "sort",
    "split",
    "startswith",
    "strrev",
    "substr",
    "sum",
    "textdecodebase64",
    "textencodebase64",
    "timecmp",
    "timestamp",
    "title",
    "transpose",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
    "urlencode",
    "uuid",
    "uuidv5",
    "values",
    "zipmap",
];

/// Of [`NEVER_NULL`], the functions with a parameter of type `any` that does not take a value
/// of unknown type (no AllowDynamicType): such an argument makes cty skip the call and its
/// refinement.
const UNTYPED_PARAMS: &[&str] = &[
    "concat", "contains", "flatten", "index", "parseint", "reverse", "slice", "sum", "values", "zipmap",
];

/// A conversion error without its leading path (`element 0: `, `attribute "a": `): cty's
/// path errors print only their message in function argument diagnostics.
fn without_path(msg: &str) -> &str {
    let mut rest = msg;
    loop {
        let after = if let Some(r) = rest.strip_prefix("element ") {
            if let Some(q) = r.strip_prefix('"') {
                quoted_end(q)
            } else {
                let digits = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                r.get(digits..).filter(|_| digits > 0)
            }
        } else if let Some(q) = rest.strip_prefix("attribute \"") {
            quoted_end(q)
        } else {
            None
        };
        match after.and_then(|r| r.strip_prefix(": ")) {
            Some(r) => rest = r,
            None => return rest,
        }
    }
}

/// The text after a quoted string's closing quote (the opening quote already consumed).
fn quoted_end(s: &str) -> Option<&str> {
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return s.get(i + 1..),
            _ => {}
        }
    }
    None
}

/// How Terraform names a built-in function's call under an error from it: its name as
/// written and its parameters (`join(separator, lists...)`); `None` for a function it does not
/// know.
pub fn signature(ev: &Evaluator, c: &Call) -> Option<String> {
    let f = builtins()
        .get(c.name.as_str())
        .filter(|_| c.namespace.is_empty() || c.full_name().starts_with("core::"))?;
    let mut names: Vec<String> = f.params.iter().map(|p| param_name(ev, &c.name, p.name).to_string()).collect();
    if let Some(v) = &f.variadic {
        names.push(format!("{}...", param_name(ev, &c.name, v.name)));
    }
    Some(format!("{}({})", c.full_name(), names.join(", ")))
}

/// "Invalid function argument" with Terraform's detail.
/// A parameter's name as Terraform `ev.version` reports it: go-cty 1.12 renamed `values`'
/// parameter to `mapping` (Terraform 1.4).
fn param_name(ev: &Evaluator, func: &str, param: &'static str) -> &'static str {
    let func = func.strip_prefix("core::").unwrap_or(func);
    if func == "values"
        && param == "mapping"
        && !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::VALUES_PARAM_MAPPING)
    {
        return "values";
    }
    param
}

pub fn invalid_arg(param: &str, msg: &str) -> Diag {
    Diag::new(
        "Invalid function argument",
        format!("Invalid value for {param:?} parameter: {msg}."),
    )
}

fn try_call(ev: &Evaluator, c: &Call, span: &Span) -> DResult<Value> {
    if c.args.is_empty() {
        return Err(Diag::new(
            "Error in function call",
            "Call to function \"try\" failed: at least one argument is required.",
        )
        .at(span));
    }
    let mut errors = Vec::new();
    let last = c.args.len() - 1;
    for (i, a) in c.args.iter().enumerate() {
        if depends_on_unknowns(ev, a)
            && !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::TRY_EVALUATES_UNKNOWNS)
        {
            return Ok(Value::unknown(Type::Dynamic));
        }
        match ev.eval(a) {
            Ok(v) => {
                if v.has_unknown() {
                    return Ok(Value::unknown(Type::Dynamic));
                }
                // A learner may believe try() treats a null result as a failure.
                if v.is_null() && i < last && ev.flipped(crate::lang::dialect::rules::Rule::TryAcceptsNull) {
                    continue;
                }
                ev.step(|| "try(...)".to_string(), &v);
                return Ok(v);
            }
            // try() cannot catch what Terraform rejects before evaluating (undeclared names),
            // though a learner may believe it can.
            Err(e) if e.fatal && !ev.flipped(crate::lang::dialect::rules::Rule::TryCatchesOnlyDynamic) => return Err(e),
            // A learner may believe a failed argument makes try() return null.
            Err(_) if i < last && ev.flipped(crate::lang::dialect::rules::Rule::TryMovesToNextArgument) => {
                let v = Value::Null(Type::Dynamic);
                ev.step(|| "try(...)".to_string(), &v);
                return Ok(v);
            }
            Err(e) => errors.push(e),
        }
    }
    let mut detail = String::from("no expression succeeded:\n");
    for e in &errors {
        let at = match (&e.span, ev.source()) {
            (Some(sp), Some(src)) => format!(
                " (at {})",
                crate::lang::syntax::diag::range_text(e.file.as_deref().unwrap_or("<console-input>"), &src, sp)
            ),
            _ => String::new(),
        };
        detail.push_str(&format!("- {}{at}\n  {}\n", e.summary, e.detail));
    }
    detail.push_str("\nAt least one expression must produce a successful result");
    Err(Diag::new("Error in function call", format!("Call to function \"try\" failed: {detail}.")).at(span))
}

/// HCL's tryfunc `dependsOnUnknowns` (before HCL 2.18): whether some variable `e` refers to
/// (as far as its traversal is static: names and literal keys) is not wholly known. try() and
/// can() then cannot decide yet, and their result is unknown.
fn depends_on_unknowns(ev: &Evaluator, e: &crate::lang::syntax::Expr) -> bool {
    use crate::lang::syntax::{ExprKind, OpKind};
    let mut roots = Vec::new();
    crate::lang::syntax::walk::free_vars(e, &mut Vec::new(), &mut roots);
    let nodes = crate::lang::syntax::walk::nodes(e);
    roots.iter().any(|(_, span)| {
        let traversal = nodes.iter().find_map(|n| match &n.kind {
            ExprKind::Traversal(base, ops) if base.span == *span => {
                let fixed: Vec<_> = ops
                    .iter()
                    .take_while(|o| match &o.kind {
                        OpKind::Attr(_) | OpKind::LegacyIndex(_) => true,
                        OpKind::Index(k) => matches!(k.kind, ExprKind::Str(_) | ExprKind::Number(_)),
                        _ => false,
                    })
                    .cloned()
                    .collect();
                Some(crate::lang::syntax::Expr {
                    kind: ExprKind::Traversal(base.clone(), fixed),
                    span: n.span.clone(),
                })
            }
            _ => None,
        });
        let root = nodes.iter().find(|n| n.span == *span).map(|n| (*n).clone());
        match traversal.or(root).map(|t| ev.eval(&t)) {
            Some(Ok(v)) => v.has_unknown(),
            _ => false,
        }
    })
}

fn can_call(ev: &Evaluator, c: &Call, span: &Span) -> DResult<Value> {
    if c.args.len() != 1 {
        return Err(if c.args.is_empty() {
            Diag::new(
                "Not enough function arguments",
                "Function \"can\" expects 1 argument(s). Missing value for \"expression\".",
            )
            .at(span)
        } else {
            Diag::new("Too many function arguments", "Function \"can\" expects only 1 argument(s).").at(&c.args[1].span)
        });
    }
    if depends_on_unknowns(ev, &c.args[0])
        && !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::TRY_EVALUATES_UNKNOWNS)
    {
        return Ok(Value::unknown(Type::Bool));
    }
    let r = match ev.eval(&c.args[0]) {
        Ok(v) if v.has_unknown() => Value::unknown(Type::Bool),
        Ok(_) => Value::Bool(true),
        Err(e) if e.fatal && !ev.flipped(crate::lang::dialect::rules::Rule::TryCatchesOnlyDynamic) => return Err(e),
        Err(_) => Value::Bool(false),
    };
    ev.step(|| "can(...)".to_string(), &r);
    Ok(r)
}

/// Helpers shared by the function families.
pub mod util {
    use super::*;
    use crate::lang::value::number::Number;

    /// The string inside a converted string argument.
    pub fn s(v: &Value) -> &str {
        v.as_str().unwrap_or("")
    }
    /// The number inside a converted number argument.
    pub fn num(v: &Value) -> Number {
        v.as_number().cloned().unwrap_or_else(Number::zero)
    }
    /// A whole number argument as i64, or the error Terraform gives for a fraction.
    pub fn int(v: &Value, arg: usize) -> Result<i64, FnError> {
        let n = num(v);
        if !n.is_integer() {
            return Err(FnError::Arg(arg, "value must be a whole number".into()));
        }
        n.to_i64().ok_or_else(|| FnError::Arg(arg, "value must be a whole number".into()))
    }
    /// The elements of a converted list, set or tuple argument.
    pub fn seq(v: &Value) -> &[Value] {
        v.as_seq().unwrap_or(&[])
    }
    /// A string result.
    pub fn string(s: impl Into<String>) -> FnResult {
        Ok(Value::string(crate::lang::eval::nfc(&s.into())))
    }
}
