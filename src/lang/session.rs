//! The engine's front door: evaluate an expression, optionally against a configuration,
//! under a rule set, and get the value (or diagnostic), the trace and the rules touched.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::lang::config::{Config, ConfigScope};
use crate::lang::dialect::releases::TfVersion;
use crate::lang::dialect::rules::{Rule, Rules};
use crate::lang::eval::host::Host;
use crate::lang::eval::trace::Step;
use crate::lang::eval::{DEFAULT_VERSION, EmptyScope, Evaluator};
use crate::lang::funcs::builtins;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{ExprKind, parse_expr};
use crate::lang::value::Value;
use crate::lang::value::render;

/// An expression's evaluation under one rule set.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The value, or the error.
    pub result: DResult<Answer>,
    /// The steps taken, innermost first (empty unless asked for).
    pub trace: Vec<Step>,
    /// The rules the evaluation consulted.
    pub touched: BTreeSet<Rule>,
    /// A local failed in the console's start-up walk, so it printed [`WALK_WARNING`] before the
    /// value and went on with that local unknown.
    pub walk_warning: bool,
    /// The start-up walk's errors: the console prints them before an expression's own error.
    pub walk_errors: Vec<Diag>,
}

/// The warning Terraform's console prints on standard output, in its colours, after a start-up
/// walk with errors (the errors themselves go to standard error).
pub const WALK_WARNING: &str = "\x1b[33m\x1b[33m╷\x1b[0m\x1b[0m\n\x1b[33m│\x1b[0m \x1b[0m\x1b[1m\x1b[33mWarning: \x1b[0m\x1b[0m\x1b[1mDue to the problems above, some expressions may produce unexpected results.\x1b[0m\n\x1b[33m│\x1b[0m \x1b[0m\n\x1b[33m│\x1b[0m \x1b[0m\x1b[0m\n\x1b[33m╵\x1b[0m\x1b[0m\n\x1b[0m\x1b[0m\n";

impl Outcome {
    /// The first error the console prints when the expression fails: the start-up walk's, if
    /// it had one (they are printed first), else the expression's own.
    pub fn first_error(&self) -> Option<&Diag> {
        let own = self.result.as_ref().err()?;
        Some(self.walk_errors.first().unwrap_or(own))
    }

    /// The console's output for a value at Terraform `version`: the value, after the start-up
    /// walk's warning when there was one.
    pub fn console_at(&self, version: (u32, u32, u32)) -> DResult<String> {
        let warning = if self.walk_warning { WALK_WARNING } else { "" };
        match (&self.result, self.first_error()) {
            (Ok(a), _) => Ok(format!("{warning}{}", a.console_at(version))),
            (Err(own), first) => Err(first.unwrap_or(own).clone()),
        }
    }
}

/// What an expression produced.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A value.
    Value(Value),
    /// The console-only `type(x)`: the type of x, already rendered.
    Type(String),
}

impl Answer {
    /// The console rendering.
    pub fn console(&self) -> String {
        match self {
            Answer::Value(v) => render::console(v),
            Answer::Type(t) => t.clone(),
        }
    }
    /// The console rendering of Terraform `version` (see [`render::console_at`]).
    pub fn console_at(&self, version: (u32, u32, u32)) -> String {
        match self {
            Answer::Value(v) => render::console_at(v, version),
            Answer::Type(t) => t.clone(),
        }
    }
    /// The one-line rendering.
    pub fn one_line(&self) -> String {
        match self {
            Answer::Value(v) => render::one_line(v),
            Answer::Type(t) => t.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}

/// A place to evaluate expressions: an optional configuration and the host.
#[derive(Clone, Debug, Default)]
pub struct Session {
    /// The configuration (empty when none).
    pub config: Config,
    /// The outside world.
    pub host: Host,
    /// Values supplied for variables (`--var`).
    pub vars: BTreeMap<String, Value>,
    /// The Terraform version emulated.
    pub version: Option<(u32, u32, u32)>,
}

impl Session {
    /// A session with no configuration.
    pub fn new() -> Session {
        Session::default()
    }
    /// A session over the `.tf` files of `dir` (file functions may read inside `dir`).
    pub fn with_config_dir(dir: &Path) -> DResult<Session> {
        Self::with_config_dir_at(dir, DEFAULT_VERSION)
    }
    /// [`Session::with_config_dir`] emulating Terraform `version` (which words syntax errors
    /// as its HCL does).
    pub fn with_config_dir_at(dir: &Path, version: TfVersion) -> DResult<Session> {
        let config = Config::load_dir_at(dir, version)?;
        Ok(Session {
            config: refuse_broken(config)?,
            host: Host::with_root(dir),
            ..Session::default()
        })
    }
    /// A session over one configuration text.
    pub fn with_config_text(name: &str, src: &str) -> DResult<Session> {
        Self::with_config_text_at(name, src, DEFAULT_VERSION)
    }
    /// [`Session::with_config_text`] emulating Terraform `version`.
    pub fn with_config_text_at(name: &str, src: &str, version: TfVersion) -> DResult<Session> {
        let config = Config::load_texts(vec![(name.to_string(), src.to_string())], version)?;
        Ok(Session {
            config: refuse_broken(config)?,
            ..Session::default()
        })
    }

    /// A session holding a configuration text that failed to load, so its diagnostics can
    /// still be located in it.
    pub fn failed_text(name: &str, src: &str) -> Session {
        let mut s = Session::default();
        s.config.files.push(crate::lang::config::File {
            name: name.to_string(),
            src: src.to_string(),
            body: Default::default(),
        });
        s
    }

    /// Evaluates `src` under `rules`, recording a trace when `trace` is set.
    pub fn eval(&self, src: &str, rules: &Rules, trace: bool) -> Outcome {
        let version = self.version.unwrap_or(DEFAULT_VERSION);
        crate::lang::dialect::releases::within(version, || self.eval_within(src, rules, trace))
    }

    fn eval_within(&self, src: &str, rules: &Rules, trace: bool) -> Outcome {
        let reg = builtins();
        let empty = EmptyScope;
        let ev0 = Evaluator::new(rules, &empty, reg, &self.host);
        let mut ev0 = ev0;
        ev0.version = self.version.unwrap_or(DEFAULT_VERSION);
        // An older Terraform refuses newer syntax and blocks when it loads the configuration.
        if let Some(d) = crate::lang::funcs::provider::gate_config(&self.config.files, ev0.version) {
            // The variables' own errors are load-time too: the earlier one is printed first.
            let d = match self.config.first_variable_error(ev0.version) {
                Some(v) => crate::lang::syntax::partial_body::earliest(d, v),
                None => d,
            };
            return Outcome {
                result: Err(d),
                trace: Vec::new(),
                touched: BTreeSet::new(),
                walk_warning: false,
                walk_errors: Vec::new(),
            };
        }
        let scope = match ConfigScope::new(&self.config, &ev0, &self.vars) {
            Ok(s) => s,
            Err(e) => {
                return Outcome {
                    result: Err(e),
                    trace: Vec::new(),
                    touched: BTreeSet::new(),
                    walk_warning: false,
                    walk_errors: Vec::new(),
                };
            }
        };
        let mut ev = Evaluator::new(rules, &scope, reg, &self.host);
        ev.version = ev0.version;
        ev.absorb(&ev0);
        let walk_warning = match scope.walk(&ev) {
            Ok(w) => w,
            Err(d) => {
                return Outcome {
                    result: Err(d),
                    trace: Vec::new(),
                    touched: ev.touched(),
                    walk_warning: false,
                    walk_errors: Vec::new(),
                };
            }
        };
        if trace {
            ev.record_trace();
        }
        let result = evaluate_top(&ev, src);
        Outcome {
            result,
            trace: ev.take_trace(),
            touched: ev.touched().union(&ev0.touched()).copied().collect(),
            walk_warning,
            walk_errors: scope.walk_errors(),
        }
    }

    /// Runs `f` with an evaluator over this session's configuration scope.
    pub fn with_scope<T>(&self, rules: &Rules, f: impl FnOnce(&Evaluator, &ConfigScope) -> T) -> DResult<T> {
        let reg = builtins();
        let empty = EmptyScope;
        let mut ev0 = Evaluator::new(rules, &empty, reg, &self.host);
        ev0.version = self.version.unwrap_or(DEFAULT_VERSION);
        if let Some(d) = crate::lang::funcs::provider::gate_config(&self.config.files, ev0.version) {
            return Err(d);
        }
        let scope = ConfigScope::new(&self.config, &ev0, &self.vars)?;
        let mut ev = Evaluator::new(rules, &scope, reg, &self.host);
        ev.version = ev0.version;
        ev.absorb(&ev0);
        Ok(f(&ev, &scope))
    }

    /// Evaluates under the real rules and renders as the console does.
    pub fn console(&self, src: &str) -> DResult<String> {
        self.eval(src, &Rules::real(), false)
            .console_at(self.version.unwrap_or(DEFAULT_VERSION))
    }

    /// The detail as Terraform's console prints it first: for an error in a configuration file,
    /// the `on FILE line N, in BLOCK:` line, then the detail.
    pub fn full_detail(&self, d: &Diag) -> String {
        // A diagnostic Terraform gives no source range reads "on  line 0:".
        if d.file.as_deref() == Some("") {
            return format!("on  line 0: {}", d.detail);
        }
        let (Some(file), Some(span)) = (&d.file, &d.span) else {
            return d.detail.clone();
        };
        let Some(src) = self.config.source_of(file) else {
            return d.detail.clone();
        };
        let line = src
            .get(..span.start.min(src.len()))
            .map(|t| t.matches('\n').count() + 1)
            .unwrap_or(1);
        // The top-level block HCL finds around the byte before the subject (Terraform asks for
        // that byte, so an error at the very end of a block's text is still "in" it); what
        // HCL recovered, in a broken file.
        let ctx = match crate::lang::syntax::hcl_diag::body(src, crate::lang::syntax::hcl_diag::Hcl::NEWEST, file) {
            Some((_, outline)) => span
                .start
                .checked_sub(1)
                .and_then(|at| crate::lang::syntax::hcl_diag::context_at(&outline, at)),
            None => block_context(src, line),
        };
        let ctx = ctx.map(|c| format!(", in {c}")).unwrap_or_default();
        format!("on {file} line {line}{ctx}: {}", d.detail)
    }

    /// The source text a diagnostic's span refers to.
    pub fn source_for<'a>(&'a self, d: &Diag, expr_src: &'a str) -> &'a str {
        match &d.file {
            Some(f) => self.config.source_of(f).unwrap_or(expr_src),
            None => expr_src,
        }
    }
}

fn evaluate_top(ev: &Evaluator, src: &str) -> DResult<Answer> {
    let expr = parse_expr(src).map_err(|d| crate::lang::syntax::parse_releases::as_of(d, src, ev.version))?;
    if let Some(d) = crate::lang::funcs::provider::gate_expr(ev.version, src, &expr) {
        return Err(d);
    }
    ev.set_source(src);
    // type() exists only at the top of a console expression (Terraform 1.1 and later; before,
    // the call below reports an unknown function).
    if let ExprKind::Call(c) = &expr.kind
        && c.name == "type"
        && (c.namespace.is_empty()
            || (c.namespace.len() == 1
                && c.namespace[0] == "core"
                && crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::CORE_NAMESPACE)))
        && crate::lang::funcs::provider::builtin_available("type", ev.version)
    {
        if c.args.len() != 1 {
            return Err(Diag::new("Invalid function argument", "type() takes exactly one argument.").at(&expr.span));
        }
        let v = ev.eval(&c.args[0])?;
        return Ok(Answer::Type(render::type_string(&v.ty(), 0)));
    }
    ev.eval(&expr).map(Answer::Value)
}

/// The block a line is in, as Terraform names it (`variable "v"`, `locals`).
fn block_context(src: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = src.lines().collect();
    for l in lines.iter().take(line).rev() {
        if l.starts_with(|c: char| c.is_ascii_alphabetic()) && l.trim_end().ends_with('{') {
            let head = l.trim_end().trim_end_matches('{').trim();
            let mut parts = head.split_whitespace();
            let kind = parts.next()?;
            let labels: Vec<String> = parts
                .map(|p| if p.starts_with('"') { p.to_string() } else { format!("{p:?}") })
                .collect();
            return Some(if labels.is_empty() {
                kind.to_string()
            } else {
                format!("{kind} {}", labels.join(" "))
            });
        }
    }
    None
}

/// A configuration with a load error loads no further. The error is already the earliest of
/// Terraform's load-time errors (syntax, schema, release gates, variable types and defaults:
/// `Config::load_texts` sorts them together).
fn refuse_broken(config: Config) -> DResult<Config> {
    match config.load_error.clone() {
        Some(d) => Err(d),
        None => Ok(config),
    }
}

/// Evaluates a constant HCL value (for `--var` and `.tfvars`).
pub fn constant(src: &str) -> Result<Value, Diag> {
    let e = parse_expr(src)?;
    let rules = Rules::real();
    let host = crate::lang::eval::host::Host::default();
    let ev = Evaluator::new(&rules, &crate::lang::eval::EmptyScope, builtins(), &host);
    ev.eval(&e)
}
