//! Configuration bodies: the `.tf` files of a folder, giving `var.*` (defaults, supplied
//! values, type constraints) and `local.*` (in any order, cycles refused).

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use crate::lang::config::resources::{
    Instance, Mode, Override, ResourceDecl, apply_override, collection, expand, instance_vars, resource_object, traverse_open,
};
use crate::lang::eval::{Evaluator, Scope, standard_roots, undeclared_local};
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::typeexpr::Constraint;
use crate::lang::syntax::{BlockAst, BodyAst, Expr, Op, Span};
use crate::lang::value::{Marks, Type, Value};

/// The largest configuration file (`.tf`, `.tftest.hcl`) read; a larger one is refused unread.
pub const MAX_FILE_BYTES: u64 = 8 << 20;
/// The most entries a configuration folder may hold before it is refused rather than listed.
pub const MAX_ENTRIES: usize = 10_000;

pub use crate::lang::syntax::File;

/// A `variable` block.
#[derive(Clone, Debug)]
pub struct Variable {
    /// The file it is in.
    pub file: usize,
    /// The `type` expression.
    pub type_expr: Option<Expr>,
    /// The `default` expression.
    pub default: Option<Expr>,
    /// `sensitive = true`
    pub sensitive: bool,
    /// `ephemeral = true` (accepted from Terraform 1.10; the decode checks refuse it before).
    pub ephemeral: bool,
    /// `nullable = false` makes this false.
    pub nullable: bool,
    /// `validation` blocks: (condition, error_message, span of the block).
    pub validations: Vec<(Expr, Option<Expr>, Span)>,
    /// Where the block is.
    pub span: Span,
}

/// A loaded configuration.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The folder it was read from.
    pub dir: Option<PathBuf>,
    /// Its files, in name order.
    pub files: Vec<File>,
    /// Declared variables.
    pub variables: BTreeMap<String, Variable>,
    /// Declared locals: (file index, expression).
    pub locals: BTreeMap<String, (usize, Expr)>,
    /// Resources and data sources, in file and declaration order.
    pub resources: Vec<ResourceDecl>,
    /// Output blocks: (name, file index, body, span).
    pub outputs: Vec<(String, usize, BodyAst, Span)>,
    /// Check blocks: (name, file index, body, span).
    pub checks: Vec<(String, usize, BodyAst, Span)>,
    /// override_resource / override_data blocks from `*.tftest.hcl` files.
    pub overrides: Vec<Override>,
    /// The first error found while loading that did not stop the loading (a syntax error,
    /// after which the rest is what HCL recovered, or a schema error): kept so that the
    /// load-time checks of variables can still come first (see [`Config::from_texts_at`]).
    pub load_error: Option<Diag>,
}

impl Config {
    /// Reads every `*.tf` and `*.tftest.hcl` file of `dir`, each through the one read gate
    /// ([`crate::confine`]): inside the folder (a link out of it is refused), a regular file (a
    /// FIFO or a device named `x.tf` is refused, not skipped), at most [`MAX_FILE_BYTES`].
    pub fn load_dir(dir: &Path) -> DResult<Config> {
        Self::load_dir_at(dir, crate::lang::eval::DEFAULT_VERSION)?.strict()
    }

    /// [`Config::load_dir`] as Terraform `version` loads it (its HCL words syntax errors),
    /// keeping a load error that did not stop the loading in `load_error`.
    pub fn load_dir_at(dir: &Path, version: crate::lang::dialect::releases::TfVersion) -> DResult<Config> {
        let unreadable = |e: &dyn std::fmt::Display| {
            Diag::new(
                "Failed to read directory",
                format!("Cannot read the configuration directory {}: {e}.", dir.display()),
            )
        };
        let sandbox = crate::confine::Sandbox::new(dir).map_err(|e| unreadable(&e))?;
        // Listed through the gate, by a descriptor of the folder itself. Refusing a folder of a
        // million entries beats listing them all.
        let entries = sandbox.list(Path::new("."), MAX_ENTRIES).map_err(|e| unreadable(&e))?;
        if entries.len() > MAX_ENTRIES {
            return Err(unreadable(&format!("it holds more than {MAX_ENTRIES} entries; refused")));
        }
        // Names as the file system has them (not necessarily UTF-8): each file is read once,
        // by its own name, and shown by its name made readable.
        let mut names: Vec<std::ffi::OsString> = Vec::new();
        for e in entries {
            let raw = e.name.as_encoded_bytes();
            let wanted = raw.ends_with(b".tf") || raw.ends_with(b".tftest.hcl");
            // A folder named x.tf is not a file (Terraform skips it too, and so a link to a
            // folder inside); anything else that is named like one is read, or refused with a
            // reason (a link out of the folder among them).
            let folder = match e.kind {
                crate::confine::EntryKind::Folder => true,
                crate::confine::EntryKind::Link => sandbox
                    .inspect(Path::new(&e.name))
                    .is_ok_and(|f| f.kind == crate::confine::Kind::Folder),
                _ => false,
            };
            if wanted && !folder {
                names.push(e.name);
            }
        }
        // Byte order, as Terraform (Go) sorts file names.
        names.sort();
        let mut texts = Vec::new();
        for raw in names {
            let name = raw.to_string_lossy().into_owned();
            let src = sandbox.read_text(Path::new(&raw), MAX_FILE_BYTES).map_err(|e| {
                use crate::confine::ReadError;
                let summary = match e {
                    ReadError::Escapes { .. } => "Configuration file outside the folder",
                    ReadError::Special { .. } | ReadError::TooLarge { .. } => "Configuration file refused",
                    _ => "Failed to read file",
                };
                Diag::new(summary, format!("The configuration file {name:?} was not read: {e}."))
            })?;
            texts.push((name, src));
        }
        let mut c = Config::load_texts(texts, version)?;
        c.dir = Some(dir.to_path_buf());
        Ok(c)
    }

    /// Builds a configuration from (file name, text) pairs.
    pub fn from_texts(texts: Vec<(String, String)>) -> DResult<Config> {
        Self::from_texts_at(texts, crate::lang::eval::DEFAULT_VERSION)
    }

    /// [`Config::from_texts`] as Terraform `version` loads them.
    pub fn from_texts_at(texts: Vec<(String, String)>, version: crate::lang::dialect::releases::TfVersion) -> DResult<Config> {
        Self::load_texts(texts, version)?.strict()
    }

    /// The configuration, or the load error it holds.
    fn strict(self) -> DResult<Config> {
        match &self.load_error {
            Some(d) => Err(d.clone()),
            None => Ok(self),
        }
    }

    /// [`Config::from_texts`] as Terraform `version` loads them, leniently. A file with
    /// syntax errors still contributes what HCL recovered of it, as in Terraform, which
    /// reports the errors of both (parsing and decoding) sorted by position: the first of
    /// those is the error returned, or kept in `load_error` when decoding stopped at nothing.
    pub fn load_texts(texts: Vec<(String, String)>, version: crate::lang::dialect::releases::TfVersion) -> DResult<Config> {
        let mut files = Vec::new();
        let mut syntax: Option<Diag> = None;
        for (name, src) in texts {
            let body = match crate::lang::syntax::partial_body::parse_file(&src, &name) {
                Ok(b) => b,
                Err(broken) => {
                    if syntax.is_none() {
                        syntax = broken.errors_at(version).first().cloned();
                    }
                    broken.partial
                }
            };
            files.push(File { name, src, body });
        }
        // Terraform's schema checks of the files, reported with the rest, sorted.
        let schema = crate::lang::config::decode_checks::first(&files, version);
        let pending = match (syntax, schema) {
            (Some(a), Some(b)) => Some(crate::lang::syntax::partial_body::earliest(a, b)),
            (a, b) => a.or(b),
        };
        match (Self::decode(files), pending) {
            (Ok(mut c), pending) => {
                // `terraform validate`'s refusals are load-time too, sorted with the rest.
                let pending = [pending, crate::lang::config::validate::check(&c).err()]
                    .into_iter()
                    .flatten()
                    .reduce(crate::lang::syntax::partial_body::earliest);
                // With errors found already, Terraform's other load-time errors (a release
                // gate, a variable's type or default) are sorted in with them.
                c.load_error = pending.map(|p| {
                    [
                        crate::lang::funcs::provider::gate_config(&c.files, version),
                        c.first_variable_error(version),
                    ]
                    .into_iter()
                    .flatten()
                    .fold(p, crate::lang::syntax::partial_body::earliest)
                });
                Ok(c)
            }
            (Err(e), None) => Err(e),
            (Err(e), Some(d)) => Err(crate::lang::syntax::partial_body::earliest(d, e)),
        }
    }

    /// The first error Terraform finds in the variables as it decodes them: a type that is
    /// no type, a default that calls or refers, a default that does not convert.
    pub fn first_variable_error(&self, version: crate::lang::dialect::releases::TfVersion) -> Option<Diag> {
        let rules = crate::lang::dialect::rules::Rules::real();
        let host = crate::lang::eval::host::Host::default();
        let empty = crate::lang::eval::EmptyScope;
        let mut ev = Evaluator::new(&rules, &empty, crate::lang::funcs::builtins(), &host);
        ev.version = version;
        ConfigScope::new(self, &ev, &BTreeMap::new()).err()
    }

    /// Reads the declarations of parsed files.
    fn decode(files: Vec<File>) -> DResult<Config> {
        let mut c = Config {
            files,
            ..Config::default()
        };
        for (fi, f) in c.files.iter().enumerate() {
            if f.name.ends_with(".tftest.hcl") {
                collect_overrides(&f.body, fi, &mut c.overrides);
                continue;
            }
            for b in &f.body.blocks {
                match b.kind.as_str() {
                    "resource" | "data" => c.resources.push(resource_decl(b, fi, None, &f.name)?),
                    "output" => {
                        let name = b.labels.first().cloned().unwrap_or_default();
                        c.outputs.push((name, fi, b.body.clone(), b.span.clone()));
                    }
                    "check" => {
                        let name = b.labels.first().cloned().unwrap_or_default();
                        for d in b.body.blocks_of("data") {
                            c.resources.push(resource_decl(d, fi, Some(name.clone()), &f.name)?);
                        }
                        c.checks.push((name, fi, b.body.clone(), b.span.clone()));
                    }
                    "locals" => {
                        for a in &b.body.attrs {
                            if c.locals.contains_key(&a.name) {
                                return Err(Diag::new(
                                    "Duplicate local value definition",
                                    format!(
                                        "A local value named {:?} was already defined. Local value names must be unique within a module.",
                                        a.name
                                    ),
                                )
                                .at(&a.span)
                                .in_file(&f.name));
                            }
                            c.locals.insert(a.name.clone(), (fi, a.expr.clone()));
                        }
                    }
                    "variable" => {
                        let Some(name) = b.labels.first() else {
                            return Err(
                                // HCL places it at the block's opening brace.
                                Diag::new("Missing name for variable", "All variable blocks must have 1 labels (name).")
                                    .at(&f
                                        .src
                                        .get(b.span.clone())
                                        .and_then(|t| t.find('{'))
                                        .map_or(b.span.clone(), |i| b.span.start + i..b.span.start + i + 1))
                                    .in_file(&f.name),
                            );
                        };
                        if c.variables.contains_key(name) {
                            return Err(Diag::new(
                                "Duplicate variable declaration",
                                format!("A variable named {name:?} was already declared. Variable names must be unique within a module."),
                            )
                            .at(&b.span)
                            .in_file(&f.name));
                        }
                        let flag = |n: &str| {
                            matches!(
                                b.body.attr(n).map(|a| &a.expr.kind),
                                Some(crate::lang::syntax::ExprKind::Bool(true))
                            )
                        };
                        let nullable = !matches!(
                            b.body.attr("nullable").map(|a| &a.expr.kind),
                            Some(crate::lang::syntax::ExprKind::Bool(false))
                        );
                        c.variables.insert(
                            name.clone(),
                            Variable {
                                file: fi,
                                type_expr: b.body.attr("type").map(|a| a.expr.clone()),
                                default: b.body.attr("default").map(|a| a.expr.clone()),
                                sensitive: flag("sensitive"),
                                ephemeral: flag("ephemeral"),
                                nullable,
                                validations: b
                                    .body
                                    .blocks_of("validation")
                                    .filter_map(|v| {
                                        v.body
                                            .attr("condition")
                                            .map(|c| (c.expr.clone(), v.body.attr("error_message").map(|m| m.expr.clone()), v.span.clone()))
                                    })
                                    .collect(),
                                span: b.span.clone(),
                            },
                        );
                    }
                    _ => {}
                }
            }
        }
        Ok(c)
    }

    /// The declaration with this mode, type and name.
    pub fn resource(&self, mode: Mode, rtype: &str, name: &str) -> Option<&ResourceDecl> {
        self.resources.iter().find(|r| r.mode == mode && r.rtype == rtype && r.name == name)
    }

    /// The name of file `i`.
    pub fn file_name(&self, i: usize) -> &str {
        self.files.get(i).map(|f| f.name.as_str()).unwrap_or("")
    }

    /// The source text of the file with this name.
    pub fn source_of(&self, name: &str) -> Option<&str> {
        self.files.iter().find(|f| f.name == name).map(|f| f.src.as_str())
    }
}

fn resource_decl(b: &BlockAst, file: usize, check: Option<String>, fname: &str) -> DResult<ResourceDecl> {
    let mode = if b.kind == "data" { Mode::Data } else { Mode::Managed };
    match b.labels.as_slice() {
        // More labels than two is HCL's "Extraneous label" (decode_checks); the first two
        // still name the resource.
        [t, n, ..] => Ok(ResourceDecl {
            mode,
            rtype: t.clone(),
            name: n.clone(),
            file,
            body: b.body.clone(),
            span: b.span.clone(),
            check,
        }),
        _ => Err(Diag::new(
            format!("Missing name for {}", if mode == Mode::Data { "data" } else { "resource" }),
            format!("All {} blocks must have 2 labels (type, name).", b.kind),
        )
        .at(&b.span)
        .in_file(fname)),
    }
}

/// Finds override_resource / override_data blocks at the top of a test file and in its runs.
fn collect_overrides(body: &BodyAst, file: usize, out: &mut Vec<Override>) {
    for b in &body.blocks {
        match b.kind.as_str() {
            "override_resource" | "override_data" => {
                let target = b.body.attr("target").map(|a| traversal_text(&a.expr)).unwrap_or_default();
                out.push(Override {
                    target,
                    values: b.body.attr("values").map(|a| a.expr.clone()),
                    file,
                });
            }
            "run" | "mock_provider" => collect_overrides(&b.body, file, out),
            _ => {}
        }
    }
}

/// The text of a static reference such as `aws_instance.web` or `data.aws_ami.x`.
fn traversal_text(e: &Expr) -> String {
    use crate::lang::syntax::{ExprKind, OpKind};
    match &e.kind {
        ExprKind::Var(v) => v.clone(),
        ExprKind::Traversal(b, ops) => {
            let mut s = traversal_text(b);
            for op in ops {
                match &op.kind {
                    OpKind::Attr(a) => {
                        s.push('.');
                        s.push_str(a);
                    }
                    OpKind::LegacyIndex(i) => s.push_str(&format!("[{i}]")),
                    OpKind::Index(x) => match &x.kind {
                        ExprKind::Number(n) => s.push_str(&format!("[{n}]")),
                        ExprKind::Str(k) => s.push_str(&format!("[{k:?}]")),
                        _ => {}
                    },
                    _ => {}
                }
            }
            s
        }
        _ => String::new(),
    }
}

enum LocalState {
    Busy,
    Done(DResult<Value>),
}

/// The scope of a configuration's root module: variables and lazily evaluated locals.
pub struct ConfigScope<'c> {
    config: &'c Config,
    vars: BTreeMap<String, Value>,
    locals: RefCell<HashMap<String, LocalState>>,
    stack: RefCell<Vec<String>>,
    resources: RefCell<HashMap<String, ResState>>,
    validated: RefCell<std::collections::HashSet<String>>,
    /// Whether the locals refer to each other in a cycle (found once, when first asked).
    cyclic: std::cell::OnceCell<bool>,
    /// Whether a local failed and stands unknown (Terraform before 1.1, whose console went on).
    walk_failed: std::cell::Cell<bool>,
    /// What the start-up walk printed on standard error, in the order it met them.
    walk_errors: RefCell<Vec<Diag>>,
    /// Locals the walk left unknown: those that failed, and those that refer to one.
    walk_skipped: RefCell<std::collections::HashSet<String>>,
    /// Variables whose validation failed in the walk: what refers to them is skipped.
    failed_vars: RefCell<std::collections::HashSet<String>>,
    /// Variables whose validation failed, with the error and the values of the failing rule's
    /// references (`var.cfg.x is ""`), as the rule saw them.
    invalid: RefCell<HashMap<String, InvalidVariable>>,
    /// Where the values read from files are (file, span), by variable: a failed validation
    /// points at the value there (NodeRootVariable's defnRange), else at the declaration.
    value_ranges: RefCell<BTreeMap<String, (String, Span)>>,
    /// The variable whose validation rules are being evaluated: before 1.13 they see its value
    /// without the sensitive mark (Terraform gave them the stored value; the mark was added
    /// when an expression read `var.NAME`), its ephemeral mark kept.
    validating: RefCell<Option<String>>,
    /// Whether what refers to a variable that failed its validation fails with it (a plan:
    /// Terraform skips the dependents; the console reads the value all the same).
    strict: std::cell::Cell<bool>,
}

/// A variable that failed its validation: the error, the values of the failing rule's
/// references, and the errors that come with it (a message derived from a sensitive or
/// ephemeral value).
type InvalidVariable = (Diag, Vec<(String, String)>, Vec<Diag>);

enum ResState {
    Busy,
    Done(DResult<Vec<Instance>>),
}

impl<'c> ConfigScope<'c> {
    /// Evaluates the variables (supplied values over defaults, converted to their types).
    pub fn new(config: &'c Config, ev_for_defaults: &Evaluator, supplied: &BTreeMap<String, Value>) -> DResult<ConfigScope<'c>> {
        let mut vars = BTreeMap::new();
        // Terraform checks every variable block as it loads the files and prints what it found
        // sorted by position, so the first error shown is the first in the files.
        let mut in_order: Vec<(&String, &Variable)> = config.variables.iter().collect();
        in_order.sort_by_key(|(_, v)| (v.file, v.span.start));
        for (name, v) in in_order {
            let fname = config.file_name(v.file);
            let constraint = match &v.type_expr {
                Some(t) => Some(Constraint::parse(t, &|d| ev_for_defaults.eval(d)).map_err(|d| d.in_file(fname))?),
                None => None,
            };
            if let Some(d) = &v.default
                && let Err(e) = static_default(d)
            {
                // Terraform converts the default anyway, its calls and references unknown; a
                // mismatch is reported at the whole default, so it sorts first when the
                // default starts before the refused part.
                let starts_before = e.span.as_ref().is_some_and(|s| d.span.start < s.start);
                if let (true, Some(c), Some(stubbed)) = (starts_before, &constraint, crate::lang::config::default_stub::stub(d))
                    && let Ok(val) = ev_for_defaults.eval(&stubbed)
                    && let Err(mismatch) = c.apply_with(&val, &|r| ev_for_defaults.flipped(r))
                {
                    return Err(Diag::new(
                        "Invalid default value for variable",
                        format!(
                            "This default value is not compatible with the variable's type constraint: {}.",
                            mismatch.0
                        ),
                    )
                    .at(&d.span)
                    .in_file(fname));
                }
                return Err(e.in_file(fname));
            }
            // Terraform 1.1+ refuses a null default for a variable that is not nullable when it
            // decodes the block (named_values.go), whatever value is given.
            if let Some(d) = &v.default
                && !v.nullable
                && crate::lang::dialect::releases::has(ev_for_defaults.version, &crate::lang::dialect::releases::VARIABLE_NULLABLE)
                && matches!(ev_for_defaults.eval(d), Ok(Value::Null(_)))
            {
                return Err(Diag::new(
                    "Invalid default value for variable",
                    "A null default value is not valid when nullable=false.",
                )
                .at(&d.span)
                .in_file(fname));
            }
            let raw = match (supplied.get(name), &v.default) {
                (Some(val), _) => Some((val.clone(), None)),
                (None, Some(d)) => Some((ev_for_defaults.eval(d).map_err(|e| e.in_file(fname))?, Some(d.span.clone()))),
                (None, None) => None,
            };
            let value = match raw {
                None => Value::unknown(constraint.as_ref().map(|c| c.ty()).unwrap_or(Type::Dynamic)),
                Some((val, span)) => {
                    let nullable_known =
                        crate::lang::dialect::releases::has(ev_for_defaults.version, &crate::lang::dialect::releases::VARIABLE_NULLABLE);
                    // A null given to a variable that does not accept null takes its
                    // default (Terraform's "nullable = false" rule); with no default it fails.
                    let (val, span) = match &v.default {
                        Some(d) if val.is_null() && !v.nullable && nullable_known && span.is_none() => {
                            (ev_for_defaults.eval(d).map_err(|e| e.in_file(fname))?, Some(d.span.clone()))
                        }
                        _ => (val, span),
                    };
                    let val = if val.is_null() && !v.nullable && nullable_known {
                        return Err(Diag::new(
                            "Required variable not set",
                            format!(
                                "Unsupported value for variable {name:?}: the given value is null, but this variable does not accept null."
                            ),
                        )
                        .in_file(fname));
                    } else {
                        val
                    };
                    match &constraint {
                        Some(c) => c.apply_with(&val, &|r| ev_for_defaults.flipped(r)).map_err(|e| {
                            let d = Diag::new(
                                "Invalid default value for variable",
                                format!("This default value is not compatible with the variable's type constraint: {}.", e.0),
                            );
                            match &span {
                                Some(s) => d.at(s).in_file(fname),
                                None => Diag::new(
                                    "Invalid value for input variable",
                                    format!("The given value is not suitable for var.{name}: {}.", e.0),
                                ),
                            }
                        })?,
                        None => val,
                    }
                }
            };
            // Terraform's GetInputVariable (internal/terraform/evaluate.go) marks the value
            // sensitive and ephemeral as the declaration says.
            let mut marks = Marks::NONE;
            if v.sensitive {
                marks |= Marks::SENSITIVE;
            }
            if v.ephemeral {
                marks |= Marks::EPHEMERAL;
            }
            vars.insert(name.clone(), value.mark_with(marks));
        }
        Ok(ConfigScope {
            config,
            vars,
            locals: RefCell::new(HashMap::new()),
            stack: RefCell::new(Vec::new()),
            resources: RefCell::new(HashMap::new()),
            validated: RefCell::new(Default::default()),
            cyclic: std::cell::OnceCell::new(),
            walk_failed: std::cell::Cell::new(false),
            walk_errors: RefCell::new(Vec::new()),
            walk_skipped: RefCell::new(Default::default()),
            failed_vars: RefCell::new(Default::default()),
            invalid: RefCell::new(HashMap::new()),
            validating: RefCell::new(None),
            value_ranges: RefCell::new(BTreeMap::new()),
            strict: std::cell::Cell::new(false),
        })
    }

    /// Makes what refers to a variable that failed its validation fail with its error.
    pub fn fail_dependents_of_invalid_variables(&self) {
        self.strict.set(true);
    }

    /// Says where the values read from files are (the root module's, for a plan).
    pub fn set_value_ranges(&self, ranges: BTreeMap<String, (String, Span)>) {
        *self.value_ranges.borrow_mut() = ranges;
    }

    /// The errors that come with the failure of variable `name`'s validation (its message
    /// derived from a sensitive or ephemeral value).
    pub fn invalid_variable_companions(&self, name: &str) -> Vec<Diag> {
        self.invalid.borrow().get(name).map(|(.., c)| c.clone()).unwrap_or_default()
    }

    /// The values of the failing rule's references of a variable that failed its validation.
    pub fn invalid_variable_values(&self, name: &str) -> Option<Vec<(String, String)>> {
        self.invalid.borrow().get(name).map(|(_, v, _)| v.clone())
    }

    /// The expanded instances of a declaration (evaluated once, cycles refused).
    pub fn instances(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Instance>> {
        let addr = decl.address();
        if let Some(state) = self.resources.borrow().get(&addr) {
            return match state {
                ResState::Done(r) => r.clone(),
                ResState::Busy => Err(Diag::new(
                    format!("Cycle: {addr}"),
                    format!("The configuration of {addr} refers to itself; use \"self\" inside its postconditions, or another resource."),
                )
                .fatal()),
            };
        }
        self.resources.borrow_mut().insert(addr.clone(), ResState::Busy);
        let fname = self.config.file_name(decl.file).to_string();
        let r = self.compute_instances(ev, decl).map_err(|e| e.in_file(&fname));
        self.resources.borrow_mut().insert(addr, ResState::Done(r.clone()));
        r
    }

    fn compute_instances(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Instance>> {
        let keys = expand(ev, decl)?;
        let overrides: Vec<&Override> = self.config.overrides.iter().filter(|o| o.target == decl.address()).collect();
        let mut out = Vec::new();
        for (key, each_value) in keys {
            let vars = instance_vars(&key, &each_value);
            let mut obj = ev.with_var(vars, || resource_object(ev, decl))?;
            for o in &overrides {
                if let Some(values) = &o.values {
                    let v = ev.eval(values).map_err(|e| e.in_file(self.config.file_name(o.file)))?;
                    apply_override(&mut obj, v);
                }
            }
            out.push(Instance {
                key,
                each_value,
                value: Value::Object(obj),
            });
        }
        Ok(out)
    }

    /// Runs a variable's validation rules once, the first time it is referenced.
    fn validate(&self, ev: &Evaluator, name: &str) -> DResult<()> {
        if !self.validated.borrow_mut().insert(name.to_string()) {
            return Ok(());
        }
        let Some(decl) = self.config.variables.get(name) else {
            return Ok(());
        };
        let fname = self.config.file_name(decl.file);
        *self.validating.borrow_mut() = Some(name.to_string());
        let r = self.run_validations(ev, name, decl, fname);
        *self.validating.borrow_mut() = None;
        r
    }

    fn run_validations(&self, ev: &Evaluator, name: &str, decl: &Variable, fname: &str) -> DResult<()> {
        for (cond, msg, vspan) in &decl.validations {
            let v = ev.eval(cond).map_err(|e| e.in_file(fname))?;
            let (v, _) = v.unmark();
            if v.is_unknown() {
                continue;
            }
            // A learner may read `condition` as the failure case, the way an alarm is written.
            let fails_on = ev.flipped(crate::lang::dialect::rules::Rule::ConditionStatesWhatMustHold);
            if let Ok(Value::Bool(b)) = crate::lang::value::convert::convert(&v, &Type::Bool)
                && b == fails_on
            {
                // A message derived from a sensitive or ephemeral value is not shown, and an
                // error says why (eval_variable.go; the text names a sensitive value for both).
                let mut companions = Vec::new();
                let text = match msg.as_ref().map(|m| (m, ev.eval(m))) {
                    Some((m, Ok(v))) if !v.marks().is_empty() => {
                        let what = if v.is_sensitive() { "sensitive" } else { "ephemeral" };
                        let advice = if v.is_sensitive() {
                            "carefully using the nonsensitive() function"
                        } else {
                            "carefully using the ephemeralasnull() function"
                        };
                        companions.push(
                            Diag::new(
                                format!("Error message refers to {what} values"),
                                format!("The error expression used to explain this condition refers to {what} values. Terraform will not display the resulting message.\n\nYou can correct this by removing references to {what} values, or by {advice} if the expression will not reveal the {what} data."),
                            )
                            .at(&m.span)
                            .in_file(fname),
                        );
                        "The error message included a sensitive value, so it will not be displayed.".to_string()
                    }
                    Some((_, Ok(Value::String(s)))) => s.to_string(),
                    _ => "The value failed its validation rule.".to_string(),
                };
                let src = self.config.files.get(decl.file).map(|f| f.src.as_str()).unwrap_or("");
                let at = crate::lang::syntax::diag::range_text(fname, src, &(vspan.start..vspan.start + "validation".len()));
                // A root module variable has no value expression to point at: Terraform
                // reports the declaration, `variable "name"` (eval_variable.go, 1.0 to 1.14).
                let d = Diag::new(
                    "Invalid value for variable",
                    format!("{text}\n\nThis was checked by the validation rule at {at}."),
                );
                let d = match self.value_ranges.borrow().get(name) {
                    Some((file, span)) => d.at(span).in_file(file),
                    None => d.at(&declaration_range(src, &decl.span)).in_file(fname),
                }
                .fatal();
                let values = crate::lang::eval::diag_values::of(ev, cond);
                self.invalid.borrow_mut().insert(name.to_string(), (d.clone(), values, companions));
                return Err(d);
            }
        }
        Ok(())
    }

    /// The message of the validation rule variable `name` fails (the first, as Terraform reports
    /// it), `None` when every rule holds; an error when a rule cannot be evaluated.
    pub fn validation_failure(&self, ev: &Evaluator, name: &str) -> DResult<Option<String>> {
        if let Err(d) = self.validate(ev, name)
            && d.summary != "Invalid value for variable"
        {
            return Err(d);
        }
        Ok(self.invalid.borrow().get(name).map(|(d, ..)| {
            let text = d
                .detail
                .split("\n\nThis was checked by the validation rule at")
                .next()
                .unwrap_or("");
            text.to_string()
        }))
    }

    /// The evaluated variables.
    pub fn vars(&self) -> &BTreeMap<String, Value> {
        &self.vars
    }

    fn local(&self, ev: &Evaluator, name: &str, span: &Span) -> DResult<Value> {
        // Terraform before 1.1 skipped evaluating a module whose locals form a cycle: the
        // console then saw every local value unknown.
        let cyclic = *self
            .cyclic
            .get_or_init(|| crate::lang::config::local_cycles::has_cycle(&self.config.locals));
        let cycle_stops = crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::CONSOLE_CYCLE_ERROR);
        if cyclic && !cycle_stops {
            self.walk_failed.set(true);
            return Ok(Value::unknown(Type::Dynamic));
        }
        if let Some(state) = self.locals.borrow().get(name) {
            return match state {
                LocalState::Done(r) => r.clone(),
                LocalState::Busy => {
                    let stack = self.stack.borrow();
                    // Terraform checks a local's own references before evaluating it.
                    if stack.last().map(String::as_str) == Some(name) {
                        return Err(Diag::new(
                            "Self-referencing local value",
                            format!("Local value local.{name} cannot use its own result as part of its expression."),
                        )
                        .at(span)
                        .fatal());
                    }
                    let start = stack.iter().position(|n| n == name).unwrap_or(0);
                    // Terraform names the graph's nodes (`local.a (expand)`); the order it lists them in
                    // follows Go's map iteration, so it varies from run to run.
                    let cycle: Vec<String> = stack[start..].iter().map(|n| format!("local.{n} (expand)")).collect();
                    Err(Diag::new(
                        format!("Cycle: {}", cycle.join(", ")),
                        "The local values refer to each other in a cycle, so none of them can be evaluated.",
                    )
                    .at(span)
                    .fatal())
                }
            };
        }
        let Some((fi, expr)) = self.config.locals.get(name) else {
            return Err(undeclared_local(name, self.config.locals.keys()).at(span).fatal());
        };
        if !(cyclic && cycle_stops) {
            self.dependencies_first(ev, name, span);
        }
        self.locals.borrow_mut().insert(name.to_string(), LocalState::Busy);
        self.stack.borrow_mut().push(name.to_string());
        // The walk visits what a local refers to first, and skips a local whose dependency
        // failed: it stays unknown as a whole, and its own errors are never seen (tf-oracle:
        // `l2 = { k = local.l0 }` after l0 failed prints `(known after apply)`).
        let mut skipped = false;
        if !(cyclic && cycle_stops) {
            for dep in crate::lang::config::local_cycles::references(expr, &self.config.locals) {
                if dep != name && !matches!(self.locals.borrow().get(dep), Some(LocalState::Busy)) {
                    let _ = self.local(ev, dep, span);
                }
                skipped |= self.walk_skipped.borrow().contains(dep);
            }
            skipped |= self.refers_to_failed_var(expr);
        }
        let (partial, mut r) = if skipped {
            (Value::unknown(Type::Dynamic), Ok(Value::unknown(Type::Dynamic)))
        } else {
            let (partial, r) = ev.eval_partial(expr);
            (partial, r.map_err(|e| e.in_file(self.config.file_name(*fi))))
        };
        self.stack.borrow_mut().pop();
        if skipped {
            self.walk_skipped.borrow_mut().insert(name.to_string());
        }
        // The console evaluates every local in a walk before it starts, prints what failed (on
        // standard error) and goes on with those values unknown (internal/command/console.go;
        // node_local.go stores cty.DynamicVal). From 1.1 a cycle stops it instead; our own
        // limits stop evaluation in every release.
        if !(cyclic && cycle_stops)
            && let Err(d) = r.as_ref().map(|_| ()).map_err(Clone::clone)
            && !is_limit(&d)
        {
            self.walk_failed.set(true);
            self.walk_errors.borrow_mut().push(d);
            self.walk_skipped.borrow_mut().insert(name.to_string());
            // From 1.8 the local keeps the value HCL gave with its errors (node_local.go).
            let keeps = !matches!(partial, Value::Unknown(Type::Dynamic, _))
                && crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::FAILED_LOCAL_KEEPS_VALUE);
            r = Ok(if keeps { partial } else { Value::unknown(Type::Dynamic) });
        }
        self.locals.borrow_mut().insert(name.to_string(), LocalState::Done(r.clone()));
        r
    }

    /// Evaluates the locals `name` depends on, directly or not, that are not evaluated yet,
    /// each after its own dependencies (the order of the walk in [`ConfigScope::local`], which
    /// visits a local's references before the local). The order is found with an explicit
    /// stack, not by recursion: a chain of 40,000 locals (`a0 = local.a1`, `a1 = local.a2`,
    /// ...) took a native stack frame per link and overflowed the stack; Terraform walks it as
    /// a graph. Each local is then evaluated with its references already known, so none
    /// recurses. Called only when the locals have no cycle (references back up the stack are
    /// skipped, as the recursive walk skipped a local it was still evaluating).
    fn dependencies_first(&self, ev: &Evaluator, name: &str, span: &Span) {
        let locals = &self.config.locals;
        let deps = |n: &str| {
            locals
                .get(n)
                .map(|(_, e)| crate::lang::config::local_cycles::references(e, locals))
                .unwrap_or_default()
        };
        let pending = |n: &str| !self.locals.borrow().contains_key(n);
        // (local, its references, how many of them have been looked at); `name` itself is
        // evaluated by the caller, after this.
        let mut stack: Vec<(&str, Vec<&str>, usize)> = vec![(name, deps(name), 0)];
        let mut on_stack: std::collections::HashSet<&str> = std::collections::HashSet::from([name]);
        while let Some((node, refs, i)) = stack.last_mut() {
            match refs.get(*i).copied() {
                Some(dep) => {
                    *i += 1;
                    if dep != *node && pending(dep) && on_stack.insert(dep) {
                        let next = deps(dep);
                        stack.push((dep, next, 0));
                    }
                }
                None => {
                    let done = *node;
                    stack.pop();
                    on_stack.remove(done);
                    if done != name && pending(done) {
                        let _ = self.local(ev, done, span);
                    }
                }
            }
        }
    }

    /// Evaluates every local as the console's start-up walk does: true when one failed (the
    /// console then warns and goes on with it unknown). A cycle is the walk's error from
    /// Terraform 1.1 on, whatever the expression asks for (the graph does not build).
    ///
    /// The walk is Terraform's eval graph: variables (their validations), locals and outputs.
    /// A node whose dependency failed is skipped (a local stays unknown), and the errors are
    /// printed sorted by position, as `showDiagnostics` sorts them.
    pub fn walk(&self, ev: &Evaluator) -> DResult<bool> {
        for (name, decl) in &self.config.variables {
            if decl.validations.is_empty() {
                continue;
            }
            if let Err(d) = self.validate(ev, name) {
                if is_limit(&d) {
                    break;
                }
                self.walk_failed.set(true);
                self.failed_vars.borrow_mut().insert(name.clone());
                self.walk_errors.borrow_mut().push(d);
            }
        }
        for (name, (_, expr)) in &self.config.locals {
            match self.local(ev, name, &expr.span) {
                Ok(_) => {}
                Err(d) if d.summary.starts_with("Cycle: ") => return Err(d),
                // A limit ends the walk; the expression will meet it again if it matters.
                Err(_) => break,
            }
        }
        self.walk_outputs(ev);
        let mut errors = self.walk_errors.borrow_mut();
        let sorted = std::mem::take(&mut *errors);
        *errors = sort_by_position(sorted);
        Ok(self.walk_failed.get())
    }

    /// The root module's outputs in the walk: each value is evaluated (unless it refers to
    /// what failed), and one holding a sensitive value must be declared sensitive.
    fn walk_outputs(&self, ev: &Evaluator) {
        if self.cyclic.get().copied().unwrap_or(false) {
            return;
        }
        for (_, fi, body, span) in &self.config.outputs {
            let Some(value) = body.attr("value") else { continue };
            let skipped = crate::lang::config::local_cycles::references(&value.expr, &self.config.locals)
                .iter()
                .any(|dep| self.walk_skipped.borrow().contains(*dep));
            if skipped || self.refers_to_failed_var(&value.expr) {
                continue;
            }
            let fname = self.config.file_name(*fi);
            let declared_sensitive = matches!(
                body.attr("sensitive").map(|a| &a.expr.kind),
                Some(crate::lang::syntax::ExprKind::Bool(true))
            );
            let problem = match ev.eval(&value.expr) {
                Err(d) if is_limit(&d) => return,
                Err(d) => d.in_file(fname),
                Ok(v) if !declared_sensitive && v.has_sensitive() => {
                    let src = self.config.files.get(*fi).map(|f| f.src.as_str()).unwrap_or("");
                    Diag::new(
                        "Output refers to sensitive values",
                        "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
                    )
                    .at(&declaration_range(src, span))
                    .in_file(fname)
                }
                Ok(_) => continue,
            };
            self.walk_failed.set(true);
            self.walk_errors.borrow_mut().push(problem);
        }
    }

    /// True when `e` refers to a variable whose validation failed in the walk.
    fn refers_to_failed_var(&self, e: &Expr) -> bool {
        use crate::lang::syntax::{ExprKind, OpKind};
        let failed = self.failed_vars.borrow();
        !failed.is_empty()
            && crate::lang::syntax::walk::nodes(e).into_iter().any(|n| {
                matches!(&n.kind, ExprKind::Traversal(base, ops)
                    if matches!(&base.kind, ExprKind::Var(v) if v == "var")
                        && matches!(ops.first().map(|o| &o.kind), Some(OpKind::Attr(a)) if failed.contains(a)))
            })
    }

    /// The errors the start-up walk printed before the console took its input.
    pub fn walk_errors(&self) -> Vec<Diag> {
        self.walk_errors.borrow().clone()
    }
}

impl Scope for ConfigScope<'_> {
    fn files(&self) -> &[File] {
        &self.config.files
    }

    fn resolve_traversal(&self, ev: &Evaluator, name: &str, ops: &[Op], span: &Span) -> Option<DResult<(Value, usize)>> {
        use crate::lang::syntax::OpKind;
        let attr = |i: usize| match ops.get(i).map(|o| &o.kind) {
            Some(OpKind::Attr(a)) => Some(a.as_str()),
            _ => None,
        };
        let (decl, used) = if name == "data" {
            let (t, n) = (attr(0)?, attr(1)?);
            (self.config.resource(Mode::Data, t, n)?, 2)
        } else {
            (self.config.resource(Mode::Managed, name, attr(0)?)?, 1)
        };
        // Before Terraform 1.4 the built-in provider has no `terraform_data`: the configuration
        // loads, and a reference to one fails (checked against Terraform 1.0.3's console).
        if decl.mode == Mode::Managed
            && name == "terraform_data"
            && !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::TERRAFORM_DATA)
        {
            return Some(Err(Diag::new(
                "Invalid resource type",
                "A managed resource type \"terraform_data\" is not supported by provider \"terraform.io/builtin/terraform\".",
            )
            .at(span)));
        }
        Some((|| {
            let insts = self.instances(ev, decl)?;
            let value = collection(decl, &insts);
            let many = decl.body.attr("count").is_some() || decl.body.attr("for_each").is_some();
            crate::lang::config::schema::check_reference(decl, &ops[used..], many)?;
            let (v, n) = traverse_open(ev, value, &ops[used..], if many { Some(&insts) } else { None })?;
            // A learner may believe nothing of a resource is known before it is created;
            // consulted only when a managed resource's value read here is known.
            if decl.mode == Mode::Managed && !v.has_unknown() && ev.flipped(crate::lang::dialect::rules::Rule::ResourceArgumentsKnownAtPlan)
            {
                return Ok((Value::unknown(v.ty()), used + n));
            }
            Ok((v, used + n))
        })())
    }

    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        match (name, attr) {
            ("local", Some(a)) => Ok((self.local(ev, a, span)?, true)),
            ("var", Some(a)) if self.config.variables.get(a).is_some_and(|v| !v.validations.is_empty()) => {
                self.validate(ev, a)?;
                if self.strict.get()
                    && let Some((d, ..)) = self.invalid.borrow().get(a)
                {
                    return Err(d.clone());
                }
                let (v, used) = standard_roots(ev.version, name, attr, span, &self.vars, &BTreeMap::new())?;
                if self.validating.borrow().as_deref() == Some(a)
                    && !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::VALIDATION_SEES_SENSITIVE)
                {
                    let (inner, marks) = v.unmark();
                    return Ok((inner.mark_with(marks.without(Marks::SENSITIVE)), used));
                }
                Ok((v, used))
            }
            _ => standard_roots(ev.version, name, attr, span, &self.vars, &BTreeMap::new()),
        }
    }
}

/// True for the engine's own limits, which end evaluation rather than report an error.
fn is_limit(d: &Diag) -> bool {
    matches!(
        d.summary.as_str(),
        "Evaluation step limit exceeded" | "Evaluation too large" | "Expression too deeply nested"
    )
}

/// A block's declaration range as Terraform reports it: the type and labels, up to the `{`.
pub fn declaration_range(src: &str, span: &Span) -> Span {
    let head = src
        .get(span.clone())
        .and_then(|t| t.find('{'))
        .map(|i| src[span.start..span.start + i].trim_end().len());
    span.start..span.start + head.unwrap_or(0).max(1)
}

/// Diagnostics in the order Terraform prints them (tfdiags' sort): those without a place
/// first, then by file (fewer path segments first, then name), start and end; stable.
fn sort_by_position(mut ds: Vec<Diag>) -> Vec<Diag> {
    ds.sort_by_key(|d| {
        let file = d.file.clone().unwrap_or_default();
        (
            d.span.is_some(),
            file.matches('/').count(),
            file,
            d.span.as_ref().map(|s| (s.start, s.end)),
        )
    });
    ds
}

/// A variable's default is read with no variables and no functions (Terraform decodes it as a
/// constant): the first reference or call, in evaluation order, is refused.
pub(crate) fn static_default(d: &Expr) -> DResult<()> {
    let mut free = Vec::new();
    crate::lang::syntax::walk::free_vars(d, &mut Vec::new(), &mut free);
    for node in crate::lang::syntax::walk::nodes(d) {
        match &node.kind {
            crate::lang::syntax::ExprKind::Call(c) => {
                return Err(Diag::new("Function calls not allowed", "Functions may not be called here.")
                    .at(&(c.name_span.start..node.span.end))
                    .fatal());
            }
            crate::lang::syntax::ExprKind::Var(_) if free.iter().any(|(_, sp)| *sp == node.span) => {
                return Err(Diag::new("Variables not allowed", "Variables may not be used here.")
                    .at(&node.span)
                    .fatal());
            }
            _ => {}
        }
    }
    Ok(())
}
