//! Configuration bodies: the `.tf` files of a folder, giving `var.*` (defaults, supplied
//! values, type constraints) and `local.*` (in any order, cycles refused).

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use super::diag::{DResult, Diag};
use super::eval::{Evaluator, Scope, standard_roots, undeclared_local};
use super::syntax::{BodyAst, Expr, Span, parse_body};
use super::typeexpr::Constraint;
use super::value::{Type, Value};

/// One parsed configuration file.
#[derive(Clone, Debug)]
pub struct File {
    /// Its name (relative to the folder).
    pub name: String,
    /// Its text.
    pub src: String,
    /// Its parsed body.
    pub body: BodyAst,
}

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
    /// `nullable = false` makes this false.
    pub nullable: bool,
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
}

impl Config {
    /// Reads every `*.tf` file of `dir`.
    pub fn load_dir(dir: &Path) -> DResult<Config> {
        let entries = std::fs::read_dir(dir).map_err(|e| {
            Diag::new(
                "Failed to read directory",
                format!("Cannot read the configuration directory {}: {e}.", dir.display()),
            )
        })?;
        let mut names: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "tf") && p.is_file())
            .collect();
        names.sort();
        let mut texts = Vec::new();
        for p in names {
            let name = p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            let src = std::fs::read_to_string(&p).map_err(|e| {
                Diag::new(
                    "Failed to read file",
                    format!("The configuration file {name:?} could not be read: {e}."),
                )
            })?;
            texts.push((name, src));
        }
        let mut c = Config::from_texts(texts)?;
        c.dir = Some(dir.to_path_buf());
        Ok(c)
    }

    /// Builds a configuration from (file name, text) pairs.
    pub fn from_texts(texts: Vec<(String, String)>) -> DResult<Config> {
        let mut c = Config::default();
        for (name, src) in texts {
            let body = parse_body(&src).map_err(|d| d.in_file(&name))?;
            c.files.push(File { name, src, body });
        }
        for (fi, f) in c.files.iter().enumerate() {
            for b in &f.body.blocks {
                match b.kind.as_str() {
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
                                Diag::new("Missing name for variable", "All variable blocks must have 1 labels (name).")
                                    .at(&b.span)
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
                        let flag = |n: &str| matches!(b.body.attr(n).map(|a| &a.expr.kind), Some(super::syntax::ExprKind::Bool(true)));
                        let nullable = !matches!(
                            b.body.attr("nullable").map(|a| &a.expr.kind),
                            Some(super::syntax::ExprKind::Bool(false))
                        );
                        c.variables.insert(
                            name.clone(),
                            Variable {
                                file: fi,
                                type_expr: b.body.attr("type").map(|a| a.expr.clone()),
                                default: b.body.attr("default").map(|a| a.expr.clone()),
                                sensitive: flag("sensitive"),
                                nullable,
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

    /// The name of file `i`.
    pub fn file_name(&self, i: usize) -> &str {
        self.files.get(i).map(|f| f.name.as_str()).unwrap_or("")
    }

    /// The source text of the file with this name.
    pub fn source_of(&self, name: &str) -> Option<&str> {
        self.files.iter().find(|f| f.name == name).map(|f| f.src.as_str())
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
}

impl<'c> ConfigScope<'c> {
    /// Evaluates the variables (supplied values over defaults, converted to their types).
    pub fn new(config: &'c Config, ev_for_defaults: &Evaluator, supplied: &BTreeMap<String, Value>) -> DResult<ConfigScope<'c>> {
        let mut vars = BTreeMap::new();
        for (name, v) in &config.variables {
            let fname = config.file_name(v.file);
            let constraint = match &v.type_expr {
                Some(t) => Some(Constraint::parse(t, &|d| ev_for_defaults.eval(d)).map_err(|d| d.in_file(fname))?),
                None => None,
            };
            let raw = match (supplied.get(name), &v.default) {
                (Some(val), _) => Some((val.clone(), None)),
                (None, Some(d)) => Some((ev_for_defaults.eval(d).map_err(|e| e.in_file(fname))?, Some(d.span.clone()))),
                (None, None) => None,
            };
            let value = match raw {
                None => Value::Unknown(constraint.as_ref().map(|c| c.ty()).unwrap_or(Type::Dynamic)),
                Some((val, span)) => {
                    let val = if val.is_null() && !v.nullable {
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
                        Some(c) => c.apply(&val).map_err(|e| {
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
            vars.insert(name.clone(), value.mark_if(v.sensitive));
        }
        Ok(ConfigScope {
            config,
            vars,
            locals: RefCell::new(HashMap::new()),
            stack: RefCell::new(Vec::new()),
        })
    }

    /// The evaluated variables.
    pub fn vars(&self) -> &BTreeMap<String, Value> {
        &self.vars
    }

    fn local(&self, ev: &Evaluator, name: &str, span: &Span) -> DResult<Value> {
        if let Some(state) = self.locals.borrow().get(name) {
            return match state {
                LocalState::Done(r) => r.clone(),
                LocalState::Busy => {
                    let stack = self.stack.borrow();
                    let start = stack.iter().position(|n| n == name).unwrap_or(0);
                    let cycle: Vec<String> = stack[start..].iter().map(|n| format!("local.{n}")).collect();
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
        self.locals.borrow_mut().insert(name.to_string(), LocalState::Busy);
        self.stack.borrow_mut().push(name.to_string());
        let r = ev.eval(expr).map_err(|e| e.in_file(self.config.file_name(*fi)));
        self.stack.borrow_mut().pop();
        self.locals.borrow_mut().insert(name.to_string(), LocalState::Done(r.clone()));
        r
    }
}

impl Scope for ConfigScope<'_> {
    fn config(&self) -> Option<&Config> {
        Some(self.config)
    }

    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        match (name, attr) {
            ("local", Some(a)) => Ok((self.local(ev, a, span)?, true)),
            _ => standard_roots(name, attr, span, &self.vars, &BTreeMap::new()),
        }
    }
}
