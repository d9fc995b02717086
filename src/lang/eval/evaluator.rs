//! The evaluator: scopes, operators, conditionals, for expressions, splats, templates, and the
//! lazy `try()`/`can()`, following HCL's hclsyntax semantics over cty-like values.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};

use crate::lang::dialect::releases::{self, TfVersion};
use crate::lang::dialect::rules::{Rule, Rules};
use crate::lang::eval::host::Host;
use crate::lang::eval::trace::Step;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{BinOp, Call, Expr, ExprKind, ForExpr, ObjKey, Op, OpKind, Part, Span, UnOp};
use crate::lang::value::convert::{convert, unify};
use crate::lang::value::number::Number;
use crate::lang::value::refine::Bound;
use crate::lang::value::render;
use crate::lang::value::{Marks, Type, Value};

pub use crate::lang::syntax::parse_guard::MAX_DEPTH;
/// Evaluation steps allowed for one expression, so a hostile input cannot hang the caller.
pub const STEP_BUDGET: u64 = 2_000_000;
/// Bytes of values one evaluation may produce, every copy counted (each value as its in-memory
/// size, each string's text besides: the results of references, calls and templates), so a
/// hostile input cannot exhaust memory: values are copied, not shared, and a loop over a large
/// local copies it each time.
pub const SIZE_BUDGET: u64 = 64 << 20;

/// Root names: what `var.x`, `local.y`, `path.module`, `count.index`... refer to.
pub trait Scope {
    /// Resolves the root `name`, given the attribute that follows it (if any). Returns the value
    /// and whether the attribute was consumed.
    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)>;

    /// Resolves a whole traversal from a root name (resources, `self`), returning the value and
    /// how many operators it consumed; `None` leaves it to `resolve`.
    fn resolve_traversal(&self, _ev: &Evaluator, _name: &str, _ops: &[Op], _span: &Span) -> Option<DResult<(Value, usize)>> {
        None
    }

    /// The module's files behind this scope (for `required_providers` and the like): none
    /// for the console without a configuration.
    fn files(&self) -> &[crate::lang::syntax::File] {
        &[]
    }
}

/// The functions an evaluation may call. The library lives in the room above the evaluator
/// (`lang::funcs`, whose `Registry` implements this), so the evaluator reaches it only here.
pub trait Library {
    /// Evaluates a function call expression (its arguments through `ev`).
    fn call(&self, ev: &Evaluator, c: &Call, span: &Span) -> DResult<Value>;
    /// The names of every function it has, sorted.
    fn names(&self) -> Vec<&'static str>;
    /// Whether it has a function of this name.
    fn has(&self, name: &str) -> bool;
    /// How an error from this call names it (`join(separator, lists...)`), if the library
    /// knows the function.
    fn signature(&self, _ev: &Evaluator, _c: &Call) -> Option<String> {
        None
    }
}

/// A scope with nothing in it but `path.*`, as the console without a configuration has.
pub struct EmptyScope;

impl Scope for EmptyScope {
    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        standard_roots(ev.version, name, attr, span, &BTreeMap::new(), &BTreeMap::new())
    }
}

/// Resolves the roots every configuration has, given its variables and locals, as Terraform
/// `version` does.
pub fn standard_roots(
    version: TfVersion,
    name: &str,
    attr: Option<&str>,
    span: &Span,
    vars: &BTreeMap<String, Value>,
    locals: &BTreeMap<String, Value>,
) -> DResult<(Value, bool)> {
    match (name, attr) {
        ("var", Some(a)) => match vars.get(a) {
            Some(v) => Ok((v.clone(), true)),
            None => Err(undeclared_var(a).at(span).fatal()),
        },
        ("local", Some(a)) => match locals.get(a) {
            Some(v) => Ok((v.clone(), true)),
            None => Err(undeclared_local(a, locals.keys()).at(span).fatal()),
        },
        ("path", Some(a @ ("module" | "root"))) => {
            let _ = a;
            Ok((Value::string("."), true))
        }
        ("path", Some("cwd")) => Ok((
            Value::string(std::env::current_dir().map(|d| d.display().to_string()).unwrap_or_else(|_| ".".into())),
            true,
        )),
        ("path", Some(a)) => Err(Diag::new(
            "Invalid \"path\" attribute",
            format!("The \"path\" object does not have an attribute named {a:?}. The supported attributes are path.cwd, the current working directory; path.module, the path to the current module; and path.root, the path to the root module."),
        )
        .at(span)
        .fatal()),
        ("terraform", Some(a)) => Ok((terraform_attr(version, a).map_err(|d| d.at(span))?, true)),
        ("count", Some(_)) => Err(Diag::new(
            "Reference to \"count\" in non-counted context",
            "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.",
        )
        .at(span)
        .fatal()),
        ("each", Some(_)) => Err(Diag::new(
            "Reference to \"each\" in context without for_each",
            "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.",
        )
        .at(span)
        .fatal()),
        ("self", _) => Err(Diag::new(
            "Invalid \"self\" reference",
            "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.",
        )
        .at(span)
        .fatal()),
        // Terraform reports a bare `local` or `var` (or one indexed, `local["x"]`) first as a
        // reference to one named "" and gives that diagnostic no source position.
        ("local", None) => Err(Diag::new("Reference to undeclared local value", "A local value with the name \"\" has not been declared.")
            .in_file("")
            .fatal()),
        ("var", None) => Err(Diag::new(
            "Reference to undeclared input variable",
            "An input variable with the name \"\" has not been declared. This variable can be declared with a variable \"\" {} block.",
        )
        .in_file("")
        .fatal()),
        (_, None) => Err(Diag::new(
            "Invalid reference",
            "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
        )
        .at(span)
        .fatal()),
        ("data", Some(_)) => Err(Diag::new(
            "Invalid reference",
            "The \"data\" object must be followed by two attribute names: the data source type and the resource name.",
        )
        .at(span)
        .fatal()),
        ("module", Some(a)) => Err(Diag::new(
            "Reference to undeclared module",
            format!("No module call named {a:?} is declared in the root module."),
        )
        .at(span)
        .fatal()),
        (t, Some(a)) => Err(Diag::new(
            "Reference to undeclared resource",
            format!("A managed resource {t:?} {a:?} has not been declared in the root module."),
        )
        .at(span)
        .fatal()),
    }
}

/// An attribute of the `terraform` object, as Terraform's GetTerraformAttr gives it
/// (internal/terraform/evaluate_data.go) outside an apply.
fn terraform_attr(version: TfVersion, attr: &str) -> Result<Value, Diag> {
    let applying = releases::has(version, &releases::TERRAFORM_APPLYING);
    match attr {
        "workspace" => Ok(Value::string("default")),
        // True only during an apply walk, which no expression here is evaluated in.
        "applying" if applying => Ok(Value::Bool(false).mark_with(Marks::EPHEMERAL)),
        "env" => Err(Diag::new(
            "Invalid \"terraform\" attribute",
            format!(
                "The terraform.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was {} to \"workspace\" in v0.12, and so the workspace name can now be accessed using the terraform.workspace attribute.",
                if releases::has(version, &releases::TERRAFORM_ENV_WORDING) {
                    "renamed"
                } else {
                    "rename"
                }
            ),
        )),
        a => Err(Diag::new(
            "Invalid \"terraform\" attribute",
            if applying {
                format!(
                    "The \"terraform\" object does not have an attribute named {a:?}. The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply."
                )
            } else {
                format!(
                    "The \"terraform\" object does not have an attribute named {a:?}. The only supported attribute is terraform.workspace, the name of the currently-selected workspace."
                )
            },
        )),
    }
}

/// "Reference to undeclared input variable".
pub fn undeclared_var(name: &str) -> Diag {
    Diag::new(
        "Reference to undeclared input variable",
        format!(
            "An input variable with the name {name:?} has not been declared. This variable can be declared with a variable {name:?} {{}} block."
        ),
    )
}

/// "Reference to undeclared local value", with Terraform's suggestion.
pub fn undeclared_local<'a>(name: &str, known: impl Iterator<Item = &'a String>) -> Diag {
    let mut detail = format!("A local value with the name {name:?} has not been declared.");
    if let Some(s) = crate::lang::syntax::suggest::closest(name, known) {
        detail.push_str(&format!(" Did you mean {s:?}?"));
    }
    Diag::new("Reference to undeclared local value", detail)
}

/// The evaluator: one per evaluation, holding the rules, the scope and the bookkeeping.
pub struct Evaluator<'a> {
    /// The rules in force.
    pub rules: &'a Rules,
    /// Root names.
    pub scope: &'a dyn Scope,
    /// The function library.
    pub funcs: &'a dyn Library,
    /// The outside world.
    pub host: &'a Host,
    /// The Terraform version emulated (major, minor, patch).
    pub version: (u32, u32, u32),
    touched: RefCell<BTreeSet<Rule>>,
    trace: RefCell<Option<Vec<Step>>>,
    depth: Cell<usize>,
    steps: Cell<u64>,
    produced: Cell<u64>,
    /// Bytes reserved by the node being evaluated (see [`Evaluator::reserve`]), credited when
    /// its finished value is weighed.
    reserved: Cell<u64>,
    draws: Cell<u64>,
    iters: RefCell<Vec<(String, Value)>>,
    source: RefCell<Option<std::rc::Rc<str>>>,
    literal_orders: RefCell<std::collections::HashMap<Vec<String>, Vec<String>>>,
    /// Values a misconception fixes for the whole evaluation (a believed-stable uuid()).
    remembered: RefCell<BTreeMap<&'static str, Value>>,
    /// Errors of sub-expressions that HCL evaluates past (see [`Evaluator::soft`]), waiting for
    /// the nearest [`Evaluator::eval`] to report the one Terraform prints first.
    pending: RefCell<Vec<Diag>>,
    /// What functions built once for this evaluation and use again (compiled regular
    /// expressions), by key; each was charged to the budgets when it was built.
    built: RefCell<std::collections::HashMap<String, std::rc::Rc<dyn std::any::Any>>>,
}

pub use crate::lang::dialect::releases::DEFAULT_VERSION;

impl<'a> Evaluator<'a> {
    /// A new evaluator.
    pub fn new(rules: &'a Rules, scope: &'a dyn Scope, funcs: &'a dyn Library, host: &'a Host) -> Evaluator<'a> {
        Evaluator {
            rules,
            scope,
            funcs,
            host,
            version: DEFAULT_VERSION,
            touched: RefCell::new(BTreeSet::new()),
            trace: RefCell::new(None),
            depth: Cell::new(0),
            steps: Cell::new(0),
            produced: Cell::new(0),
            reserved: Cell::new(0),
            draws: Cell::new(0),
            iters: RefCell::new(Vec::new()),
            source: RefCell::new(None),
            literal_orders: RefCell::new(Default::default()),
            remembered: RefCell::new(Default::default()),
            pending: RefCell::new(Vec::new()),
            built: RefCell::new(Default::default()),
        }
    }

    /// What a function built under `key` earlier in this evaluation (see [`Evaluator::keep_built`]).
    pub fn built<T: 'static>(&self, key: &str) -> Option<std::rc::Rc<T>> {
        let found = self.built.borrow().get(key).cloned()?;
        found.downcast::<T>().ok()
    }

    /// Keeps what a function built (and charged with [`Evaluator::spend`]) for the rest of this
    /// evaluation, so that calling it again on the same input does not build it again.
    pub fn keep_built<T: 'static>(&self, key: String, thing: std::rc::Rc<T>) {
        self.built.borrow_mut().insert(key, thing);
    }

    /// Evaluation steps not yet taken of [`STEP_BUDGET`].
    pub fn steps_left(&self) -> u64 {
        STEP_BUDGET.saturating_sub(self.steps.get())
    }

    /// Charges work that is not a value (compiling a pattern): `bytes` against [`SIZE_BUDGET`]
    /// and `steps` against [`STEP_BUDGET`]. False when either is then spent; the caller says
    /// what it was building.
    pub fn spend(&self, bytes: u64, steps: u64) -> bool {
        let produced = self.produced.get().saturating_add(bytes);
        let taken = self.steps.get().saturating_add(steps);
        self.produced.set(produced);
        self.steps.set(taken);
        produced <= SIZE_BUDGET && taken <= STEP_BUDGET
    }

    /// The order in which an object constructor with exactly these keys wrote them, when it
    /// differs from the lexical order (what a learner who believes in insertion order expects).
    pub fn source_order(&self, m: &BTreeMap<String, Value>) -> Option<Vec<String>> {
        let keys: Vec<String> = m.keys().cloned().collect();
        self.literal_orders.borrow().get(&keys).cloned()
    }

    /// `m`'s keys in the order a learner holding the "insertion order" belief expects, when the
    /// rule is flipped and the order differs; consults the rule only when it matters.
    pub fn key_order(&self, m: &BTreeMap<String, Value>) -> Vec<String> {
        if let Some(order) = self.source_order(m)
            && self.flipped(Rule::MapKeysLexical)
        {
            return order;
        }
        let lexical: Vec<String> = m.keys().cloned().collect();
        if lexical.len() < 2 {
            return lexical;
        }
        // A learner may believe keys that look like numbers order numerically.
        let numbers: Option<Vec<crate::lang::value::number::Number>> =
            lexical.iter().map(|k| crate::lang::value::number::Number::parse(k)).collect();
        if let Some(numbers) = numbers {
            let mut pairs: Vec<_> = numbers.into_iter().zip(lexical.iter().cloned()).collect();
            pairs.sort_by(|a, b| a.0.cmp_exact(&b.0));
            let numeric: Vec<String> = pairs.into_iter().map(|p| p.1).collect();
            if numeric != lexical && self.flipped(Rule::NumericKeysOrderAsStrings) {
                return numeric;
            }
        }
        // A learner may believe lexical order ignores case.
        let mut folded = lexical.clone();
        folded.sort_by_key(|k| k.to_lowercase());
        if folded != lexical && self.flipped(Rule::LexicalOrderCaseSensitive) {
            return folded;
        }
        lexical
    }

    /// The value remembered under `key` for this evaluation, computed by `make` the first time.
    pub fn remembered(&self, key: &'static str, make: impl FnOnce() -> Value) -> Value {
        if let Some(v) = self.remembered.borrow().get(key) {
            return v.clone();
        }
        let v = make();
        self.remembered.borrow_mut().insert(key, v.clone());
        v
    }

    /// Sets the source text spans refer to (for messages that quote positions).
    pub fn set_source(&self, src: &str) {
        *self.source.borrow_mut() = Some(src.into());
    }

    /// The source text spans refer to, when known.
    pub fn source(&self) -> Option<std::rc::Rc<str>> {
        self.source.borrow().clone()
    }

    /// Turns on recording of the evaluation trace.
    pub fn record_trace(&self) {
        *self.trace.borrow_mut() = Some(Vec::new());
    }

    /// The trace recorded so far (innermost steps first).
    pub fn take_trace(&self) -> Vec<Step> {
        self.trace.borrow_mut().take().unwrap_or_default()
    }

    /// The rules this evaluation consulted.
    pub fn touched(&self) -> BTreeSet<Rule> {
        self.touched.borrow().clone()
    }

    /// Adds the rules another evaluator consulted (one run on this one's behalf).
    pub fn absorb(&self, other: &Evaluator) {
        self.touched.borrow_mut().extend(other.touched.borrow().iter().copied());
        let orders: Vec<(Vec<String>, Vec<String>)> = other.literal_orders.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        self.literal_orders.borrow_mut().extend(orders);
    }

    /// Starts `inner` (a nested evaluation, as `templatefile`'s) with what this evaluation has
    /// already spent of its step and size budgets, and at its depth, so that nesting renews
    /// neither the budgets nor [`MAX_DEPTH`]: a template that renders a template (a file read
    /// by `file()` under the misconception that it interpolates, say) stops at the depth limit
    /// instead of at the end of the stack.
    pub fn lend_budget(&self, inner: &Evaluator) {
        inner.steps.set(self.steps.get());
        inner.produced.set(self.produced.get());
        inner.depth.set(self.depth.get());
    }

    /// Takes back what `inner` (started by [`Evaluator::lend_budget`]) spent.
    pub fn reclaim_budget(&self, inner: &Evaluator) {
        self.steps.set(self.steps.get().max(inner.steps.get()));
        self.produced.set(self.produced.get().max(inner.produced.get()));
    }

    /// Consults a rule: records that the evaluation depends on it and says whether it is flipped.
    pub fn flipped(&self, rule: Rule) -> bool {
        self.touched.borrow_mut().insert(rule);
        self.rules.flipped(rule)
    }

    /// The next number of a per-evaluation counter, for functions that draw randomness
    /// (uuid, bcrypt): with a seeded host each draw differs yet the evaluation repeats exactly.
    pub fn next_draw(&self) -> u64 {
        let n = self.draws.get();
        self.draws.set(n.wrapping_add(1));
        n
    }

    /// Records a trace step.
    pub fn step(&self, text: impl FnOnce() -> String, result: &Value) {
        if let Some(t) = self.trace.borrow_mut().as_mut() {
            t.push(Step {
                depth: self.depth.get(),
                text: text(),
                result: render::one_line(result),
            });
        }
    }

    fn tick(&self, span: &Span) -> DResult<()> {
        let n = self.steps.get() + 1;
        self.steps.set(n);
        if n > STEP_BUDGET {
            return Err(Diag::new(
                "Evaluation step limit exceeded",
                format!("This expression took more than {STEP_BUDGET} evaluation steps; iacquiz stops here so that a hostile input cannot hang it."),
            )
            .at(span)
            .fatal());
        }
        Ok(())
    }

    /// Counts `v` against [`SIZE_BUDGET`], less `credit` bytes reserved for it beforehand;
    /// weighing stops as soon as the budget is spent.
    fn charge(&self, v: &Value, credit: u64, span: &Span) -> DResult<()> {
        let used = self.produced.get();
        let cap = SIZE_BUDGET.saturating_sub(used).saturating_add(credit).saturating_add(1);
        let n = used.saturating_add(weigh(v, cap).saturating_sub(credit));
        self.produced.set(n);
        if n > SIZE_BUDGET {
            return Err(budget_exceeded().at(span));
        }
        Ok(())
    }

    /// Charges `bytes` that are about to be built, BEFORE building them, so that a value far
    /// larger than its inputs (`split`, `regexall`, a repeated template) is refused before it
    /// takes the memory. The weighing of the finished value is credited with what was reserved.
    pub fn reserve(&self, bytes: u64) -> Result<(), Diag> {
        let n = self.produced.get().saturating_add(bytes);
        self.produced.set(n);
        self.reserved.set(self.reserved.get().saturating_add(bytes));
        if n > SIZE_BUDGET {
            return Err(budget_exceeded());
        }
        Ok(())
    }

    /// Bytes charged against [`SIZE_BUDGET`] so far.
    pub fn spent(&self) -> u64 {
        self.produced.get()
    }

    /// Bytes of [`SIZE_BUDGET`] not yet charged: how much a function may still build.
    pub fn budget_left(&self) -> u64 {
        SIZE_BUDGET.saturating_sub(self.produced.get())
    }

    /// Evaluates an expression with an extra iteration variable in scope.
    pub fn with_var<T>(&self, vars: Vec<(String, Value)>, f: impl FnOnce() -> T) -> T {
        let n = vars.len();
        self.iters.borrow_mut().extend(vars);
        let r = f();
        let mut it = self.iters.borrow_mut();
        let keep = it.len().saturating_sub(n);
        it.truncate(keep);
        r
    }

    fn iter_var(&self, name: &str) -> Option<Value> {
        self.iters.borrow().iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.clone())
    }

    /// Evaluates an expression.
    pub fn eval(&self, e: &Expr) -> DResult<Value> {
        crate::lang::dialect::releases::within(self.version, || self.eval_within(e))
    }

    fn eval_within(&self, e: &Expr) -> DResult<Value> {
        let mark = self.pending.borrow().len();
        let r = self.eval_node(e);
        if self.pending.borrow().len() == mark {
            return r;
        }
        let soft: Vec<Diag> = self.pending.borrow_mut().drain(mark..).collect();
        // An error Terraform finds before evaluating is the only one it reports.
        if let Err(d) = &r
            && d.fatal
        {
            return r;
        }
        let mut first = crate::lang::syntax::diag::Gathered::default();
        soft.into_iter().chain(r.err()).for_each(|d| first.add(d));
        first.finish().map(|()| Value::unknown(Type::Dynamic))
    }

    /// Evaluates a sub-expression as HCL does where it goes on after an error (call arguments,
    /// operands, constructor items): a non-fatal error is kept for the enclosing
    /// [`Evaluator::eval`] and the sub-expression stands in as an unknown value, so that the
    /// checks that follow still report what Terraform reports.
    pub fn soft(&self, e: &Expr) -> DResult<Value> {
        match self.eval_node(e) {
            Err(d) if !d.fatal => {
                self.pending.borrow_mut().push(d);
                Ok(Value::unknown(Type::Dynamic))
            }
            r => r,
        }
    }

    /// Evaluates `e` and also gives the value HCL produces alongside its errors (a tuple with
    /// an unknown element where one failed; unknown where the whole failed): Terraform 1.8+
    /// keeps that value for a local that failed.
    pub fn eval_partial(&self, e: &Expr) -> (Value, DResult<Value>) {
        crate::lang::dialect::releases::within(self.version, || match self.eval_held(e) {
            Ok((v, None)) => (v.clone(), Ok(v)),
            Ok((v, Some(d))) => (v, Err(d)),
            Err(d) => (Value::unknown(Type::Dynamic), Err(d)),
        })
    }

    /// Evaluates `e` as HCL evaluates a conditional's results: the value it would have even when
    /// some part of it failed (a tuple with an unknown element), and the error Terraform
    /// would print first, held for the caller to report or drop.
    fn eval_held(&self, e: &Expr) -> DResult<(Value, Option<Diag>)> {
        let mark = self.kept();
        let r = self.eval_node(e);
        let soft: Vec<Diag> = self.pending.borrow_mut().drain(mark..).collect();
        let (value, hard) = match r {
            Err(d) if d.fatal => return Err(d),
            Ok(v) => (v, None),
            Err(d) => (Value::unknown(Type::Dynamic), Some(d)),
        };
        let mut first = crate::lang::syntax::diag::Gathered::default();
        soft.into_iter().chain(hard).for_each(|d| first.add(d));
        Ok((value, first.finish().err()))
    }

    /// Keeps a non-fatal error of the node being evaluated for the enclosing [`Evaluator::eval`].
    pub fn keep(&self, d: Diag) {
        self.pending.borrow_mut().push(d);
    }

    /// How many kept errors there are: a node compares it before and after its sub-expressions.
    pub fn kept(&self) -> usize {
        self.pending.borrow().len()
    }

    fn eval_node(&self, e: &Expr) -> DResult<Value> {
        self.tick(&e.span)?;
        let d = self.depth.get();
        if d >= MAX_DEPTH {
            return Err(Diag::new(
                "Expression too deeply nested",
                format!("Expressions may nest at most {MAX_DEPTH} levels deep."),
            )
            .at(&e.span)
            .fatal());
        }
        self.depth.set(d + 1);
        // Reservations made by nested nodes are theirs; this node's start from zero.
        let outer = self.reserved.replace(0);
        let r = self
            .eval_inner(e)
            .and_then(|v| {
                match e.kind {
                    // These copy or allocate values of any size: weigh all of it.
                    ExprKind::Var(_) | ExprKind::Traversal(..) | ExprKind::Call(_) | ExprKind::Template(_) | ExprKind::Str(_) => {
                        self.charge(&v, self.reserved.get(), &e.span)?;
                    }
                    // These build a collection of values counted where they were made: weigh
                    // the new slots and keys only. (`for` reserves its slots as it goes.)
                    ExprKind::Tuple(_) | ExprKind::Object(_) => {
                        let used = self.produced.get().saturating_add(weigh_shallow(&v));
                        self.produced.set(used);
                        if used > SIZE_BUDGET {
                            return Err(budget_exceeded().at(&e.span));
                        }
                    }
                    _ => {}
                }
                Ok(v)
            })
            .map_err(|err| err.at(&e.span));
        self.reserved.set(outer);
        self.depth.set(d);
        r
    }

    fn eval_inner(&self, e: &Expr) -> DResult<Value> {
        match &e.kind {
            ExprKind::Null => Ok(Value::null()),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Number(n) => Ok(Value::Number(n.clone())),
            ExprKind::Str(s) if s.is_ascii() => Ok(Value::string(s.as_str())),
            ExprKind::Str(s) => Ok(Value::string(nfc(s))),
            ExprKind::Template(parts) => self.template(parts, &e.span),
            ExprKind::Tuple(items) => {
                // A plain loop: an iterator chain adds a dozen frames per nesting level in
                // a debug build, and nesting is bounded by the stack of a test thread too.
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(self.soft(x)?);
                }
                Ok(Value::Tuple(out))
            }
            ExprKind::Object(items) => self.object(items),
            ExprKind::Var(name) => self.variable(name, None, &e.span).map(|(v, _)| v),
            ExprKind::Traversal(base, ops) => self.traversal(base, ops),
            // Brackets pass their contents' value and errors through unchanged (HCL's ParenthesesExpr).
            ExprKind::Paren(inner) => self.eval_node(inner),
            ExprKind::TemplateWrap(inner) => {
                let v = self.eval(inner)?;
                // A learner may believe "${x}" is always a string.
                if matches!(v, Value::Number(_) | Value::Bool(_)) && self.flipped(Rule::TemplateWrapRaw) {
                    return convert(&v, &Type::String).map_err(|e| Diag::new("Invalid template interpolation value", e.0));
                }
                Ok(v)
            }
            ExprKind::Unary(op, x) => self.unary(*op, x, &e.span),
            ExprKind::Binary(op, l, r) => self.binary(*op, l, r),
            ExprKind::Cond(c, t, f) => self.conditional(c, t, f),
            ExprKind::For(f) => self.for_expr(f, &e.span),
            ExprKind::Call(c) => self.funcs.call(self, c, &e.span),
        }
    }

    fn variable(&self, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        if let Some(v) = self.iter_var(name) {
            return Ok((v, false));
        }
        self.scope.resolve(self, name, attr, span)
    }

    fn object(&self, items: &[(ObjKey, Expr)]) -> DResult<Value> {
        let mut out = BTreeMap::new();
        let mut order = Vec::with_capacity(items.len());
        let mut marks = Marks::NONE;
        // As HCL: every key and value is evaluated, so that every error is found; a key that
        // fails or is unknown makes the whole object unknown.
        let mut known = true;
        for (k, v) in items {
            let key = match k {
                ObjKey::Ident(s, _) => Some(s.clone()),
                ObjKey::Expr(x) => {
                    let before = self.kept();
                    let kv = self.soft(x)?;
                    let failed = self.kept() > before;
                    let (kv, marked) = kv.unmark();
                    marks |= marked;
                    if failed {
                        None
                    } else if kv.is_null() {
                        // HCL points this one at the value, not the key.
                        self.keep(Diag::new("Null value as key", "Can't use a null value as a key.").at(&v.span));
                        None
                    } else {
                        match convert(&kv, &Type::String) {
                            Ok(Value::String(s)) => Some(s.to_string()),
                            Ok(_) => None,
                            Err(_) => {
                                self.keep(Diag::new("Incorrect key type", "Can't use this value as a key: string required.").at(&x.span));
                                None
                            }
                        }
                    }
                }
            };
            let val = self.soft(v)?;
            match key {
                Some(key) => {
                    order.push(key.clone());
                    out.insert(key, val);
                }
                None => known = false,
            }
        }
        if !known {
            return Ok(Value::unknown(Type::Dynamic));
        }
        if order.len() > 1 {
            let sorted: Vec<String> = out.keys().cloned().collect();
            if sorted != order {
                self.literal_orders.borrow_mut().insert(sorted, order);
            }
        }
        Ok(Value::Object(out).mark_with(marks))
    }

    fn traversal(&self, base: &Expr, ops: &[Op]) -> DResult<Value> {
        let mut rest = ops;
        let traversed = match &base.kind {
            ExprKind::Var(name) if self.iter_var(name).is_none() => self.scope.resolve_traversal(self, name, ops, &base.span),
            _ => None,
        };
        let mut val = if let Some(r) = traversed {
            let (v, n) = r.map_err(|e| e.at(&base.span))?;
            rest = &ops[n.min(ops.len())..];
            v
        } else if let ExprKind::Var(name) = &base.kind {
            let attr = match ops.first() {
                Some(Op { kind: OpKind::Attr(a), .. }) => Some(a.as_str()),
                _ => None,
            };
            let span = match ops.first() {
                Some(op) if attr.is_some() => base.span.start..op.span.end,
                _ => base.span.clone(),
            };
            let (v, consumed) = self.variable(name, attr, &span).map_err(|e| e.at(&span))?;
            if consumed {
                rest = &ops[1..];
            }
            v
        } else {
            self.eval(base)?
        };
        let start = base.span.start;
        let mut i = 0;
        while i < rest.len() {
            let op = &rest[i];
            let span = op.span.clone();
            match &op.kind {
                OpKind::FullSplat => {
                    let each = &rest[i + 1..];
                    return self.splat(val, each, start, &span);
                }
                OpKind::AttrSplat => {
                    let n = rest[i + 1..]
                        .iter()
                        .take_while(|o| matches!(o.kind, OpKind::Attr(_) | OpKind::LegacyIndex(_)))
                        .count();
                    let each = &rest[i + 1..i + 1 + n];
                    val = self.splat(val, each, start, &span)?;
                    i += 1 + n;
                    continue;
                }
                _ => {
                    val = self.step_op(val, op, &span)?;
                }
            }
            i += 1;
        }
        Ok(val)
    }

    fn step_op(&self, val: Value, op: &Op, span: &Span) -> DResult<Value> {
        match &op.kind {
            OpKind::Attr(name) => match get_attr(val, name) {
                Err(e)
                    if matches!(e.summary.as_str(), "Unsupported attribute" | "Missing map element")
                        && e.detail.contains(name.as_str()) =>
                {
                    if self.flipped(Rule::MissingAttributeIsError) {
                        Ok(Value::null())
                    } else {
                        Err(e.at(span))
                    }
                }
                Err(e) if e.summary == "Attempt to get attribute from null value" && self.flipped(Rule::NullAttributeAccessErrors) => {
                    // A learner may believe an attribute of null is simply null.
                    Ok(Value::null())
                }
                r => r.map_err(|e| e.at(span)),
            },
            OpKind::Index(k) => {
                let key = self.eval(k)?;
                self.index(val, key).map_err(|e| e.at(span))
            }
            OpKind::LegacyIndex(n) => self.index(val, Value::Number(Number::from_u64(*n))).map_err(|e| e.at(span)),
            OpKind::AttrSplat | OpKind::FullSplat => Ok(val),
        }
    }

    fn splat(&self, src: Value, each: &[Op], start: usize, span: &Span) -> DResult<Value> {
        let (src, marked) = src.unmark();
        if src.is_null() {
            return Ok(Value::Tuple(Vec::new()));
        }
        let apply = |v: Value| -> DResult<Value> {
            let mut v = v;
            let mut i = 0;
            while i < each.len() {
                let op = &each[i];
                let sp = start..op.span.end;
                match &op.kind {
                    OpKind::FullSplat => return self.splat(v, &each[i + 1..], start, &sp),
                    OpKind::AttrSplat => {
                        let n = each[i + 1..]
                            .iter()
                            .take_while(|o| matches!(o.kind, OpKind::Attr(_) | OpKind::LegacyIndex(_)))
                            .count();
                        v = self.splat(v, &each[i + 1..i + 1 + n], start, &sp)?;
                        i += 1 + n;
                        continue;
                    }
                    // HCL places a step's error at the step (`.a`), not the whole traversal.
                    _ => v = self.step_op(v, op, &op.span)?,
                }
                i += 1;
            }
            Ok(v)
        };
        // An unknown source: HCL works out the result's type by applying the traversal to an
        // unknown element; a list result is never null and has the source's length bounds. A
        // value that is no sequence is taken as a one-element tuple, once it cannot be null.
        let (min, max) = src.length_bounds();
        let src = match src {
            Value::Unknown(Type::List(e) | Type::Set(e), _) => {
                let Ok(item) = apply(Value::unknown(*e)) else {
                    return Ok(Value::unknown(Type::Dynamic));
                };
                let r = crate::lang::value::Refinement::new()
                    .not_null()
                    .length_at_least(min)
                    .length_at_most(max.unwrap_or(usize::MAX));
                return Ok(Value::unknown(Type::list(item.ty())).refine(r).mark_with(marked));
            }
            Value::Unknown(Type::Tuple(ts), _) => {
                let mut out = Vec::with_capacity(ts.len());
                for t in ts {
                    match apply(Value::unknown(t)) {
                        Ok(v) => out.push(v.ty()),
                        Err(_) => return Ok(Value::unknown(Type::Dynamic)),
                    }
                }
                return Ok(Value::unknown_not_null(Type::Tuple(out)).mark_with(marked));
            }
            Value::Unknown(..) if !src.definitely_not_null() && releases::has(self.version, &releases::SPLAT_OF_UNKNOWN_SCALAR) => {
                return Ok(Value::unknown(Type::Dynamic));
            }
            Value::Unknown(Type::Dynamic, _) => return Ok(Value::unknown(Type::Dynamic)),
            Value::Unknown(..) => Value::Tuple(vec![src]),
            other => other,
        };
        // HCL applies the traversal to every element and reports every element's errors (the
        // console prints the first by position); the result is then unknown.
        let failed = std::cell::Cell::new(false);
        let all = |vs: Vec<Value>| -> DResult<Vec<Value>> {
            let mut out = Vec::with_capacity(vs.len());
            for v in vs {
                match apply(v) {
                    Ok(x) => out.push(x),
                    Err(d) if !d.fatal => {
                        self.keep(d);
                        failed.set(true);
                        out.push(Value::unknown(Type::Dynamic));
                    }
                    Err(d) => return Err(d),
                }
            }
            Ok(out)
        };
        let src_elem = src.ty().element().cloned();
        let src_ty = src.ty();
        let out = match src {
            Value::List(_, vs) | Value::Set(_, vs) => {
                let elem = src_elem.clone();
                let results = all(vs)?;
                if results.is_empty() {
                    // HCL still works out the result type of an empty one, by applying the
                    // traversal to an unknown element: `.a` on a set of bool is its error.
                    match elem {
                        Some(t) if t != Type::Dynamic => {
                            let probe = apply(Value::unknown(t))?;
                            Value::List(probe.ty(), results)
                        }
                        _ => Value::List(Type::Dynamic, results),
                    }
                } else {
                    let ts: Vec<Type> = results.iter().map(Value::ty).collect();
                    match unify(&ts) {
                        Some(t) if ts.iter().all(|x| *x == t) => Value::List(t, results),
                        _ => Value::Tuple(results),
                    }
                }
            }
            Value::Tuple(vs) => Value::Tuple(all(vs)?),
            other => Value::Tuple(vec![apply(other).map_err(|e| e.at(span))?]),
        };
        if failed.get() {
            // HCL's splat is then unknown of the type it would have had: the traversal applied
            // to an unknown of each element type (an error there leaves `any`), so an operator
            // around it still checks that type (`![[1]][0][*].a` is no bool).
            let probe = |t: &Type| apply(Value::unknown(t.clone())).map(|v| v.ty()).unwrap_or(Type::Dynamic);
            let ty = match &src_ty {
                Type::List(t) | Type::Set(t) => Type::list(probe(t)),
                Type::Tuple(ts) => Type::Tuple(ts.iter().map(probe).collect()),
                _ => Type::Dynamic,
            };
            return Ok(Value::unknown(ty));
        }
        Ok(out.mark_with(marked))
    }

    /// `collection[key]`, as hcl.Index does it.
    pub fn index(&self, coll: Value, key: Value) -> DResult<Value> {
        let (coll, m1) = coll.unmark();
        let (key, m2) = key.unmark();
        let marked = m1 | m2;
        if coll.is_null() {
            return Err(Diag::new(
                "Attempt to index null value",
                "This value is null, so it does not have any indices.",
            ));
        }
        if key.is_null() {
            return Err(Diag::new("Invalid index", "Can't use a null value as an indexing key."));
        }
        if coll.is_unknown() || key.is_unknown() {
            let t = coll.ty().element().cloned().unwrap_or(Type::Dynamic);
            return Ok(Value::unknown(t).mark_with(if marks_through_unknown(Some(self.version)) {
                marked
            } else {
                Marks::NONE
            }));
        }
        let bad = |why: String| {
            Diag::new(
                "Invalid index",
                format!("The given key does not identify an element in this collection value: {why}."),
            )
        };
        let missing = || {
            Diag::new(
                "Invalid index",
                "The given key does not identify an element in this collection value.",
            )
        };
        let r = match &coll {
            Value::List(_, vs) | Value::Tuple(vs) => {
                let k = convert(&key, &Type::Number).map_err(|e| bad(e.0))?;
                let n = k.as_number().cloned().unwrap_or_else(Number::zero);
                if !n.is_integer() {
                    return Err(bad(
                        "indexing a sequence requires a whole number, but the given index has a fractional part".into(),
                    ));
                }
                let mut i = n.to_i64().unwrap_or(i64::MAX);
                if i < 0 && self.flipped(Rule::IndexNoNegative) {
                    i += vs.len() as i64;
                } else if i >= 0 && self.flipped(Rule::IndexFromZero) {
                    // A learner counting from one: list[1] is the first element.
                    i -= 1;
                }
                if i < 0 {
                    return Err(bad("a negative number is not a valid index for a sequence".into()));
                }
                match vs.get(i as usize) {
                    Some(v) => v.clone(),
                    // HCL (since 2.10.1, unchanged in 2.24) words only an index equal to the
                    // length: it tests `index - length < 1` after the index was found missing.
                    None if i as usize == vs.len() && vs.is_empty() => {
                        return Err(bad("the collection has no elements".into()));
                    }
                    None if i as usize == vs.len() => {
                        return Err(bad(
                            "the given index is greater than or equal to the length of the collection".into()
                        ));
                    }
                    None => return Err(missing()),
                }
            }
            Value::Map(_, m) => {
                let k = convert(&key, &Type::String).map_err(|e| bad(e.0))?;
                match k.as_str().and_then(|s| m.get(s)) {
                    Some(v) => v.clone(),
                    None => return Err(missing()),
                }
            }
            Value::Object(m) => {
                if key.as_number().is_some() && !m.contains_key(&key.as_number().map(|n| n.to_text()).unwrap_or_default()) {
                    return Err(Diag::new(
                        "Invalid index",
                        "The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index.",
                    ));
                }
                let k = convert(&key, &Type::String).map_err(|e| bad(e.0))?;
                match k.as_str().and_then(|s| m.get(s)) {
                    Some(v) => v.clone(),
                    None => return Err(missing()),
                }
            }
            Value::Set(..) => {
                return Err(Diag::new(
                    "Invalid index",
                    "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
                ));
            }
            _ => return Err(Diag::new("Invalid index", "This value does not have any indices.")),
        };
        Ok(r.mark_with(marked))
    }

    fn unary(&self, op: UnOp, x: &Expr, whole: &Span) -> DResult<Value> {
        // As HCL: an operand that failed, or does not convert, leaves an unknown of the
        // operator's type, so an enclosing operator or call still checks it (`100 * !"a"`
        // also reports that a bool is no number).
        let start = self.kept();
        let v = self.soft(x)?;
        let (v, marked) = v.unmark();
        let want = if op == UnOp::Neg { Type::Number } else { Type::Bool };
        let converted = convert(&v, &want);
        if let Err(e) = &converted {
            self.keep(
                Diag::new(
                    "Invalid operand",
                    format!(
                        "Unsuitable value for unary operand: {}.",
                        operand_msg(self.version, &e.0, &v.ty(), &want)
                    ),
                )
                .at(&x.span),
            );
        }
        let v = match converted {
            Ok(v) if self.kept() == start => v,
            _ => return Ok(Value::unknown(want)),
        };
        if v.is_null() {
            // HCL reports the failed operation and goes on with an unknown of its type.
            self.keep(Diag::new("Operation failed", "Error during operation: argument must not be null.").at(whole));
            return Ok(Value::unknown(want));
        }
        if v.is_unknown() {
            // cty's Negate and Not: an unknown operand gives an unknown result, never null.
            return Ok(Value::unknown_not_null(want).mark_with(marked));
        }
        let r = match (op, &v) {
            (UnOp::Neg, Value::Number(n)) => Value::Number(n.neg()),
            (UnOp::Not, Value::Bool(b)) => Value::Bool(!b),
            _ => Value::unknown(want),
        };
        Ok(r.mark_with(marked))
    }

    fn binary(&self, op: BinOp, l: &Expr, r: &Expr) -> DResult<Value> {
        if matches!(op, BinOp::And | BinOp::Or) {
            return self.logical(op, l, r);
        }
        // As HCL: both operands are evaluated and converted before any error is reported.
        let start = self.kept();
        let lv = self.soft(l)?;
        let rv = self.soft(r)?;
        // An equality test gives the marks of everything it compared, at any depth (cty's
        // Equals); other operators the operands' own.
        let deep = if matches!(op, BinOp::Eq | BinOp::NotEq) {
            lv.deep_marks() | rv.deep_marks()
        } else {
            Marks::NONE
        };
        let (lv, m1) = lv.unmark();
        let (rv, m2) = rv.unmark();
        let marked = m1 | m2 | deep;
        let result_ty = if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod) {
            Type::Number
        } else {
            Type::Bool
        };
        let result = match op {
            BinOp::Eq | BinOp::NotEq if self.kept() > start => return Ok(Value::unknown(Type::Bool)),
            BinOp::Eq | BinOp::NotEq => {
                let mut eq = equals(&lv, &rv);
                // A learner may expect `1 == "1"` to convert as arithmetic does.
                if eq == Some(false)
                    && lv.ty() != rv.ty()
                    && lv.ty().is_primitive()
                    && rv.ty().is_primitive()
                    && self.flipped(Rule::EqualityNoConversion)
                    && let (Ok(a), Ok(b)) = (convert(&lv, &Type::String), convert(&rv, &Type::String))
                {
                    eq = equals(&a, &b);
                }
                match eq {
                    Some(b) => Value::Bool(if op == BinOp::Eq { b } else { !b }),
                    None => Value::unknown_not_null(Type::Bool),
                }
            }
            _ => {
                let lc = self.operand(&lv, &Type::Number, "left", l);
                let rc = self.operand(&rv, &Type::Number, "right", r);
                let (ln, rn) = match (lc, rc) {
                    (Ok(a), Ok(b)) if self.kept() == start => (a, b),
                    (a, b) => {
                        a.err().into_iter().chain(b.err()).for_each(|d| self.keep(d));
                        return Ok(Value::unknown(result_ty));
                    }
                };
                if ln.is_null() || rn.is_null() {
                    return Err(Diag::new("Operation failed", "Error during operation: argument must not be null."));
                }
                let (a, b) = match (ln.as_number(), rn.as_number()) {
                    (Some(a), Some(b)) => (a.clone(), b.clone()),
                    // cty's arithmetic does not take unknowns: its result is an unknown number,
                    // never null; a comparison may still be decided by the operands' bounds.
                    _ => return Ok(compare_unknowns(op, &ln, &rn).mark_with(marked)),
                };
                let fail = |e: crate::lang::value::number::NumberError| {
                    Diag::new(
                        "Operation failed",
                        format!("Error during operation: {}.", number_error_text(op, &e)),
                    )
                };
                match op {
                    BinOp::Add => Value::Number(a.add(&b).map_err(fail)?),
                    BinOp::Sub => Value::Number(a.sub(&b).map_err(fail)?),
                    BinOp::Mul => Value::Number(a.mul(&b).map_err(fail)?),
                    BinOp::Div => Value::Number(a.div(&b).map_err(fail)?),
                    BinOp::Mod => Value::Number(a.rem(&b).map_err(fail)?),
                    BinOp::Less => Value::Bool(a.cmp_exact(&b).is_lt()),
                    BinOp::Greater => Value::Bool(a.cmp_exact(&b).is_gt()),
                    BinOp::LessEq => Value::Bool(a.cmp_exact(&b).is_le()),
                    BinOp::GreaterEq => Value::Bool(a.cmp_exact(&b).is_ge()),
                    _ => Value::unknown(Type::Dynamic),
                }
            }
        };
        let result = result.mark_with(marked);
        self.step(
            || format!("{} {} {}", render::one_line(&lv), op.symbol(), render::one_line(&rv)),
            &result,
        );
        Ok(result)
    }

    /// Converts an operand, or gives HCL's "Invalid operand" error.
    fn operand(&self, v: &Value, want: &Type, side: &str, x: &Expr) -> DResult<Value> {
        convert(v, want).map_err(|e| {
            Diag::new(
                "Invalid operand",
                format!(
                    "Unsuitable value for {side} operand: {}.",
                    operand_msg(self.version, &e.0, &v.ty(), want)
                ),
            )
            .at(&x.span)
        })
    }

    fn logical(&self, op: BinOp, l: &Expr, r: &Expr) -> DResult<Value> {
        // HCL's BinaryOpExpr: both operands are evaluated and converted to bool first (a
        // conversion error is reported whatever the other side holds); from Terraform 1.12 a
        // controlling operand then decides the result and the other side's own errors are
        // dropped (`true || [1][5]` is true, `true || "x"` is still "Invalid operand").
        let (lv, lerr) = self.eval_held(l)?;
        let (rv, rerr) = self.eval_held(r)?;
        let (lv, m1) = lv.unmark();
        let (rv, m2) = rv.unmark();
        let marked = m1 | m2;
        let lc = self.operand(&lv, &Type::Bool, "left", l);
        let rc = self.operand(&rv, &Type::Bool, "right", r);
        let (lb, rb) = match (lc, rc) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                [a.err(), b.err(), lerr, rerr].into_iter().flatten().for_each(|d| self.keep(d));
                return Ok(Value::unknown(Type::Bool));
            }
        };
        // cty's True() of a null bool is false (Equals gives false), so a null operand counts
        // as false for the controlling test.
        let truth = |v: &Value| match v {
            Value::Bool(b) => Some(*b),
            Value::Null(_) => Some(false),
            _ => None,
        };
        if crate::lang::dialect::releases::has(self.version, &crate::lang::dialect::releases::LOGICAL_SHORT_CIRCUIT) {
            // The controlling value: false for &&, true for ||.
            let control = op != BinOp::And;
            let (lt, rt) = (truth(&lb), truth(&rb));
            let forced = match (lt, rt) {
                (None, None) if lerr.is_none() => Some((Value::unknown_not_null(Type::Bool), None)),
                (None, None) => None,
                (Some(a), _) if a == control => Some((Value::Bool(control), None)),
                (_, Some(b)) if b == control => Some((Value::Bool(control), rerr.clone())),
                (None, Some(_)) => Some((Value::unknown_not_null(Type::Bool), lerr.clone())),
                (Some(_), None) => Some((Value::unknown_not_null(Type::Bool), rerr.clone())),
                _ => None,
            };
            if let Some((v, err)) = forced {
                if let Some(d) = err {
                    return Err(d);
                }
                let v = v.mark_with(marked);
                self.step(
                    || format!("{} {} {}", render::one_line(&lv), op.symbol(), render::one_line(&rv)),
                    &v,
                );
                return Ok(v);
            }
        }
        if lerr.is_some() || rerr.is_some() {
            [lerr, rerr].into_iter().flatten().for_each(|d| self.keep(d));
            return Ok(Value::unknown(Type::Bool));
        }
        let result = match (&lb, &rb) {
            (Value::Null(_), _) | (_, Value::Null(_)) => {
                return Err(Diag::new("Operation failed", "Error during operation: argument must not be null."));
            }
            (Value::Bool(a), Value::Bool(b)) => Value::Bool(if op == BinOp::And { *a && *b } else { *a || *b }),
            // cty's And and Or: unknown, never null.
            _ => Value::unknown_not_null(Type::Bool),
        }
        .mark_with(marked);
        self.step(
            || format!("{} {} {}", render::one_line(&lv), op.symbol(), render::one_line(&rv)),
            &result,
        );
        Ok(result)
    }

    fn conditional(&self, c: &Expr, t: &Expr, f: &Expr) -> DResult<Value> {
        // HCL's order: both results first (their errors held back), then their common type
        // (a mismatch is the only error reported), then the condition, then the chosen
        // result's own errors.
        let (tval, mut terr) = self.eval_held(t)?;
        let (fval, mut ferr) = self.eval_held(f)?;
        let tt = tval.ty();
        let ft = fval.ty();
        let result_ty = if matches!(tval, Value::Null(Type::Dynamic)) {
            ft.clone()
        } else if matches!(fval, Value::Null(Type::Dynamic)) {
            tt.clone()
        } else if tt == Type::Dynamic || ft == Type::Dynamic {
            Type::Dynamic
        } else {
            match unify(&[tt.clone(), ft.clone()]) {
                Some(t) => t,
                None => {
                    return Err(
                        Diag::new("Inconsistent conditional result types", inconsistent_detail(self.version, &tt, &ft))
                            .at(&(t.span.start..f.span.end)),
                    );
                }
            }
        };
        let cv = self.eval(c)?;
        let (cv, marked) = cv.unmark();
        // A bad condition is an error, but HCL still gives the conditional a value, unknown of
        // the unified type: an enclosing conditional unifies with that type (`true ? [1] :
        // null ? "a" : null` is "Inconsistent conditional result types", tf-oracle).
        if cv.is_null() {
            self.keep(
                Diag::new(
                    "Null condition",
                    "The condition value is null. Conditions must either be true or false.",
                )
                .at(&c.span),
            );
            return Ok(Value::unknown(result_ty));
        }
        let cb = match convert(&cv, &Type::Bool) {
            Ok(Value::Bool(b)) => Some(b),
            Ok(_) => None,
            Err(_) => {
                self.keep(Diag::new("Incorrect condition type", "The condition expression must be of type bool.").at(&c.span));
                return Ok(Value::unknown(result_ty));
            }
        };
        // Only the chosen result's errors count. A learner may believe an error in either
        // result fails the conditional; consulted only when the result not chosen has one.
        let unchosen_fails = |b: bool| cb == Some(!b) && self.flipped(Rule::ConditionalOnlyChosenErrors);
        if terr.is_some()
            && unchosen_fails(true)
            && let Some(e) = terr.take()
        {
            return Err(e);
        }
        if ferr.is_some()
            && unchosen_fails(false)
            && let Some(e) = ferr.take()
        {
            return Err(e);
        }
        // The chosen result's errors are reported, and HCL still converts what it evaluated to.
        match cb {
            Some(true) => terr.into_iter().for_each(|e| self.keep(e)),
            Some(false) => ferr.into_iter().for_each(|e| self.keep(e)),
            None => {}
        }
        // A learner may believe the two results must have the same type.
        if tt != ft
            && !matches!(tval, Value::Null(_))
            && !matches!(fval, Value::Null(_))
            && tt != Type::Dynamic
            && ft != Type::Dynamic
            && self.flipped(Rule::ConditionalConvertsResults)
        {
            return Err(
                Diag::new("Inconsistent conditional result types", inconsistent_detail(self.version, &tt, &ft))
                    .at(&(t.span.start..f.span.end)),
            );
        }
        let branch_marks = tval.marks() | fval.marks();
        let chosen = match cb {
            None => return Ok(self.unknown_choice(&tval, &fval, result_ty).mark_with(marked)),
            Some(true) => (tval, t),
            Some(false) => (fval, f),
        };
        // HCL converts an untyped null to the unified type itself, `dynamic` inside included:
        // `false ? toset([]) : null` is `toset(null) /* of dynamic */` (tf-oracle).
        let other = if cb == Some(true) { &ft } else { &tt };
        let out = if matches!(chosen.0, Value::Null(Type::Dynamic)) {
            Ok(Value::Null(result_ty.clone()))
        } else if matches!(result_ty, Type::Map(_)) {
            crate::lang::value::convert::object_among_maps_check(&chosen.0, std::slice::from_ref(other))
                .and_then(|()| convert(&chosen.0, &result_ty))
        } else {
            convert(&chosen.0, &result_ty)
        };
        // A result that does not convert is reported, and the conditional is unknown of the
        // unified type, which an enclosing conditional still unifies with (HCL).
        let out = match out {
            Ok(v) => v,
            Err(e) => {
                self.keep(
                    Diag::new(
                        "Inconsistent conditional result types",
                        format!(
                            "The {} result value has the wrong type: {}.",
                            if cb == Some(true) { "true" } else { "false" },
                            e.bare()
                        ),
                    )
                    .at(&chosen.1.span),
                );
                return Ok(Value::unknown(result_ty));
            }
        };
        // A learner may expect the chosen result to keep its own type.
        let out = if out.ty() != chosen.0.ty() && self.flipped(Rule::ConditionalUnifiesTypes) {
            chosen.0.clone()
        } else {
            out
        };
        // The condition's marks go onto the result from 1.10.
        // From 1.10 the result carries the condition's marks and both results' own (HCL
        // 2.23's ConditionalExpr), whichever was chosen.
        let through = crate::lang::dialect::releases::has(self.version, &crate::lang::dialect::releases::MARKS_THROUGH_CONDITIONS);
        let out = out.mark_with(if through { marked | branch_marks } else { Marks::NONE });
        self.step(|| format!("{} ? ... : ...", render::one_line(&cv)), &out);
        Ok(out)
    }

    /// A conditional whose condition is unknown, as HCL (2.19 on) gives it: null when both
    /// results are null; otherwise unknown, never null when neither result can be, a number
    /// within both results' bounds, a collection (both of one type) within both lengths.
    fn unknown_choice(&self, t: &Value, f: &Value, result_ty: Type) -> Value {
        use crate::lang::dialect::releases::{REFINEMENTS, has};
        use crate::lang::value::Refinement;
        let (t, tm) = t.clone().unmark();
        let (f, fm) = f.clone().unmark();
        // HCL 2.19 also gives the result both results' marks (`(c ? sensitive(1) : 2) > 0` is
        // sensitive at 1.6.6, tf-oracle).
        let refining = has(self.version, &REFINEMENTS);
        let marked = if refining { tm | fm } else { Marks::NONE };
        if t.is_null() && f.is_null() && refining {
            return Value::Null(result_ty).mark_with(marked);
        }
        let mut r = Refinement::new();
        if t.definitely_not_null() && f.definitely_not_null() {
            r = r.not_null();
        }
        let (tt, ft) = (t.ty(), f.ty());
        if tt == Type::Number && ft == Type::Number {
            // The lower of the two lower bounds (inclusive if either is, where they meet);
            // none when either result has none. Likewise the higher upper bound.
            let wider = |a: Option<Bound>, b: Option<Bound>, lower: bool| -> Option<Bound> {
                let (a, b) = (a?, b?);
                Some(match a.value.cmp_exact(&b.value) {
                    std::cmp::Ordering::Equal => Bound {
                        inclusive: a.inclusive || b.inclusive,
                        value: a.value,
                    },
                    std::cmp::Ordering::Less if lower => a,
                    std::cmp::Ordering::Greater if !lower => a,
                    _ => b,
                })
            };
            if let Some(b) = wider(t.lower_bound(), f.lower_bound(), true) {
                r = r.lower(b.value, b.inclusive);
            }
            if let Some(b) = wider(t.upper_bound(), f.upper_bound(), false) {
                r = r.upper(b.value, b.inclusive);
            }
            return Value::unknown(Type::Number).refine(r).mark_with(marked);
        }
        if matches!(tt, Type::List(_) | Type::Set(_) | Type::Map(_)) && tt == ft {
            let ((tlo, thi), (flo, fhi)) = (t.length_bounds(), f.length_bounds());
            r = r.length_at_least(tlo.min(flo));
            if let (Some(a), Some(b)) = (thi, fhi) {
                r = r.length_at_most(a.max(b));
            }
        }
        Value::unknown(result_ty).refine(r).mark_with(marked)
    }

    /// Iterates a collection as for expressions and template for directives do: (key, value)
    /// pairs; list keys are indexes, set keys the elements, map keys the keys.
    pub fn iterate(&self, coll: &Value, span: &Span, what: &str) -> DResult<Vec<(Value, Value)>> {
        match coll {
            Value::Null(_) => Err(Diag::new(
                "Iteration over null value",
                format!("A null value cannot be used as the collection in a '{what}' expression."),
            )
            .at(span)),
            Value::List(_, vs) | Value::Tuple(vs) => Ok(vs.iter().enumerate().map(|(i, v)| (Value::int(i as i64), v.clone())).collect()),
            Value::Set(_, vs) => Ok(vs.iter().map(|v| (v.clone(), v.clone())).collect()),
            Value::Map(_, m) | Value::Object(m) => Ok(self
                .key_order(m)
                .into_iter()
                .filter_map(|k| m.get(&k).map(|v| (Value::string(k.as_str()), v.clone())))
                .collect()),
            other => Err(Diag::new(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a '{what}' expression.",
                    other.ty().friendly()
                ),
            )
            .at(span)),
        }
    }

    fn for_expr(&self, f: &ForExpr, span: &Span) -> DResult<Value> {
        // The collection's own errors are kept; what it evaluated to is still checked (HCL:
        // `for k, v in -{}` is also no iterable value).
        let coll = self.eval_node(&f.collection)?;
        let (coll, marked) = coll.unmark();
        let seen_marks = std::cell::Cell::new(Marks::NONE);
        if let Value::Unknown(t @ (Type::String | Type::Number | Type::Bool), _) = &coll {
            return Err(Diag::new(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    t.friendly()
                ),
            )
            .at(&f.collection.span));
        }
        if coll.is_unknown() {
            return Ok(Value::unknown(Type::Dynamic));
        }
        let pairs = self.iterate(&coll, &f.collection.span, "for")?;
        // HCL first evaluates the condition once with the variables unknown: a condition that
        // cannot be a bool whatever they are is refused before any element.
        if let Some(c) = &f.cond {
            let mut vars = Vec::new();
            if let Some(kn) = &f.key_var {
                vars.push((kn.clone(), Value::unknown(Type::Dynamic)));
            }
            vars.push((f.value_var.clone(), Value::unknown(Type::Dynamic)));
            let cv = self.with_var(vars, || self.eval(c))?;
            let (cv, _) = cv.unmark();
            if cv.is_null() {
                return Err(Diag::new("Condition is null", "The value of the 'if' clause must not be null.").at(&c.span));
            }
            if let Err(e) = convert(&cv, &Type::Bool) {
                return Err(Diag::new("Invalid 'for' condition", format!("The 'if' clause value is invalid: {}.", e.0)).at(&c.span));
            }
        }
        let mut tuple = Vec::new();
        let mut object: BTreeMap<String, Value> = BTreeMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        let over_sequence = matches!(coll, Value::List(..) | Value::Tuple(..));
        // The order the keys were produced in, for the "maps keep insertion order" belief.
        let mut produced: Vec<String> = Vec::new();
        let mut seen: BTreeSet<String> = BTreeSet::new();
        let mut failed = false;
        let mut known = true;
        for (k, v) in pairs {
            let mut vars = Vec::new();
            // A learner may believe `for a, b in list_of_pairs` binds the two halves of each pair.
            let (k, v) = match (&f.key_var, over_sequence, v.as_seq()) {
                (Some(_), true, Some([first, second])) if self.flipped(Rule::ForBindsIndexAndElement) => (first.clone(), second.clone()),
                // A learner may believe the index of a list element starts at 1.
                (Some(_), true, _) if self.flipped(Rule::ForIndexFromZero) => match k.as_number().and_then(|n| n.to_i64()) {
                    Some(i) => (Value::int(i + 1), v),
                    None => (k, v),
                },
                _ => (k, v),
            };
            if let Some(kn) = &f.key_var {
                vars.push((kn.clone(), k));
            }
            vars.push((f.value_var.clone(), v));
            // HCL's order per element: the condition, the key, the value. After a condition or
            // key that is unknown or refused (`known` false), later conditions and keys are
            // not reported; a value's error and a duplicate key always are.
            let step = self.with_var(vars, || -> DResult<Option<(Option<String>, Option<Value>)>> {
                let refuse = |known: &mut bool, d: Diag| {
                    if *known {
                        self.keep(d);
                    }
                    *known = false;
                    Ok(None)
                };
                if let Some(c) = &f.cond {
                    let cv = match self.eval(c) {
                        Err(d) if !d.fatal => {
                            self.keep(d);
                            known = false;
                            return Ok(None);
                        }
                        other => other?,
                    };
                    // The condition's marks go onto the whole result: which elements it keeps
                    // tells of it (HCL's ForExpr).
                    let (cv, cm) = cv.unmark();
                    seen_marks.set(seen_marks.get() | cm);
                    if cv.is_null() {
                        let d = Diag::new("Invalid 'for' condition", "The value of the 'if' clause must not be null.").at(&c.span);
                        return refuse(&mut known, d);
                    }
                    if cv.is_unknown() {
                        known = false;
                        return Ok(None);
                    }
                    match convert(&cv, &Type::Bool) {
                        Ok(Value::Bool(true)) => {}
                        Ok(_) => return Ok(None),
                        Err(e) => {
                            let d = Diag::new("Invalid 'for' condition", format!("The 'if' clause value is invalid: {}.", e.0)).at(&c.span);
                            return refuse(&mut known, d);
                        }
                    }
                }
                let key = match &f.key {
                    Some(kx) => {
                        let kv = match self.eval(kx) {
                            Err(d) if !d.fatal => {
                                self.keep(d);
                                known = false;
                                return Ok(None);
                            }
                            other => other?,
                        };
                        // A key cannot be marked: its marks go onto the whole result.
                        let (kv, km) = kv.unmark();
                        seen_marks.set(seen_marks.get() | km);
                        if kv.is_null() {
                            let d = Diag::new(
                                "Invalid object key",
                                "Key expression in 'for' expression must not produce a null value.",
                            )
                            .at(&kx.span);
                            return refuse(&mut known, d);
                        }
                        if kv.is_unknown() {
                            known = false;
                            return Ok(None);
                        }
                        match convert(&kv, &Type::String) {
                            Ok(Value::String(s)) => Some(s.to_string()),
                            Ok(_) => Some(String::new()),
                            Err(e) => {
                                let d = Diag::new(
                                    "Invalid object key",
                                    format!("The key expression produced an invalid result: {}.", e.0),
                                )
                                .at(&kx.span);
                                return refuse(&mut known, d);
                            }
                        }
                    }
                    None => None,
                };
                // A value's error does not stop the key from counting: HCL still checks it
                // against the keys before (a duplicate key is reported beside the error).
                let val = match self.eval(&f.value) {
                    Err(d) if !d.fatal => {
                        self.keep(d);
                        None
                    }
                    other => Some(other?),
                };
                Ok(Some((key, val)))
            })?;
            let Some((key, val)) = step else { continue };
            let val = match val {
                Some(v) => v,
                None => {
                    failed = true;
                    Value::unknown(Type::Dynamic)
                }
            };
            // The new slot (and key) is charged before it is added; the value was charged where
            // it was made.
            self.reserve(NODE_COST.saturating_add(key.as_ref().map_or(0, |k| k.len() as u64)))
                .map_err(|d| d.at(span))?;
            if let Some(k) = &key
                && seen.insert(k.clone())
            {
                produced.push(k.clone());
            }
            match key {
                None => tuple.push(val),
                Some(k) if f.grouping => groups.entry(k).or_default().push(val),
                Some(k) => {
                    if let (Some(Value::Tuple(prev)), Value::Tuple(more)) = (object.get_mut(&k), &val) {
                        // A learner may believe a list-wrapped value groups like `...` does.
                        if self.flipped(Rule::ListValueDoesNotGroup) {
                            prev.extend(more.iter().cloned());
                            continue;
                        }
                    }
                    if object.contains_key(&k) && !self.flipped(Rule::ForDuplicateKeyError) {
                        let kspan = f.key.as_ref().map(|x| x.span.clone()).unwrap_or(span.clone());
                        let dup = Diag::new(
                            "Duplicate object key",
                            format!("Two different items produced the key {k:?} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."),
                        )
                        .at(&kspan);
                        // Kept with the elements' own errors: the first by position is shown.
                        self.keep(dup);
                        failed = true;
                        continue;
                    }
                    match object.entry(k) {
                        std::collections::btree_map::Entry::Occupied(mut e) => {
                            // The flipped rule: the last value silently wins.
                            e.insert(val);
                        }
                        std::collections::btree_map::Entry::Vacant(e) => {
                            e.insert(val);
                        }
                    }
                }
            }
        }
        if failed || !known {
            return Ok(Value::unknown(Type::Dynamic));
        }
        if produced.len() > 1 {
            let mut sorted = produced.clone();
            sorted.sort();
            if sorted != produced {
                self.literal_orders.borrow_mut().insert(sorted, produced);
            }
        }
        // A learner may believe a group of one is the plain value, not a one-element list.
        let unwrap_single = f.grouping && groups.values().any(|vs| vs.len() == 1) && self.flipped(Rule::GroupAlwaysList);
        // A learner may believe a for expression sorts its results, as maps and sets are.
        if f.key.is_none() && tuple.len() > 1 && tuple.iter().all(|v| v.as_str().is_some()) {
            let mut sorted = tuple.clone();
            sorted.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
            let moved = sorted.iter().zip(&tuple).any(|(a, b)| a.as_str() != b.as_str());
            if moved && self.flipped(Rule::ForListKeepsOrder) {
                tuple = sorted;
            }
        }
        let out = if f.key.is_none() {
            Value::Tuple(tuple)
        } else if f.grouping {
            Value::Object(
                groups
                    .into_iter()
                    .map(|(k, mut vs)| match vs.len() {
                        1 if unwrap_single => (k, vs.remove(0)),
                        _ => (k, Value::Tuple(vs)),
                    })
                    .collect(),
            )
        } else {
            Value::Object(object)
        };
        let out = out.mark_with(marked | seen_marks.get());
        self.step(|| "for expression".to_string(), &out);
        Ok(out)
    }

    /// Evaluates template parts; a template that is one interpolation returns the raw value.
    pub fn template(&self, parts: &[Part], span: &Span) -> DResult<Value> {
        // Room for the literal text and a few interpolations, so most templates grow once.
        let literal: usize = parts.iter().map(|p| if let Part::Lit(s) = p { s.len() } else { 0 }).sum();
        let mut out = String::with_capacity(literal + 32);
        let mut marked = Marks::NONE;
        // Where the text stops being known: at the first unknown interpolation, or at the
        // start of a directive with anything unknown inside (HCL's parts are whole values).
        let mut unknown: Option<usize> = None;
        let _ = span;
        if let Err(d) = self.template_into(parts, &mut out, &mut marked, &mut unknown) {
            // HCL reports the error and still gives the text before it (or an unknown string),
            // which Terraform 1.8+ keeps for a local that failed.
            if d.fatal
                || matches!(
                    d.summary.as_str(),
                    "Evaluation step limit exceeded" | "Evaluation too large" | "Expression too deeply nested"
                )
            {
                return Err(d);
            }
            self.keep(d);
            // After an error HCL gives no prefix, but a template result is never null.
            return Ok(if unknown.is_some() {
                Value::unknown_not_null(Type::String)
            } else {
                Value::string(nfc_owned(out))
            }
            .mark_with(marked));
        }
        if let Some(cut) = unknown {
            return Ok(self.unknown_template(&out[..cut]).mark_with(marked));
        }
        let v = Value::string(nfc_owned(out)).mark_with(marked);
        self.step(|| "template".to_string(), &v);
        Ok(v)
    }

    /// An unknown template result with the known text before its first unknown part: HCL
    /// refines it as never null and as starting with that text, cut to 128 bytes and then to
    /// what no following character can change (cty's StringPrefix).
    fn unknown_template(&self, known: &str) -> Value {
        let mut r = crate::lang::value::Refinement::new().not_null();
        if !known.is_empty() {
            let mut n = known.len().min(128);
            let truncated = !known.is_char_boundary(n);
            while !known.is_char_boundary(n) {
                n -= 1;
            }
            r = r.prefix(&crate::lang::value::refine::safe_prefix(&known[..n], truncated, self.version));
        }
        Value::unknown(Type::String).refine(r)
    }

    fn template_into(&self, parts: &[Part], out: &mut String, marked: &mut Marks, unknown: &mut Option<usize>) -> DResult<()> {
        // Each directive is its own function: templates nest through references, and in a
        // debug build one frame holding every arm's locals took 8 KiB a level.
        for p in parts {
            match p {
                Part::Lit(s) => {
                    // Literal text repeated by a `for` directive is new memory each time.
                    self.reserve(s.len() as u64)?;
                    out.push_str(s);
                }
                Part::Interp(x) => self.interp_into(x, out, marked, unknown)?,
                Part::If { cond, then, els } => self.if_into(cond, then, els, out, marked, unknown)?,
                Part::For {
                    key_var,
                    value_var,
                    collection,
                    body,
                    span,
                } => self.for_into((key_var.as_ref(), value_var, collection, body, span), out, marked, unknown)?,
            }
        }
        Ok(())
    }

    /// A `${...}` of a template.
    fn interp_into(&self, x: &Expr, out: &mut String, marked: &mut Marks, unknown: &mut Option<usize>) -> DResult<()> {
        let v = self.eval(x)?;
        let (v, m) = v.unmark();
        *marked |= m;
        if v.is_null() {
            return Err(Diag::new(
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template.",
            )
            .at(&x.span));
        }
        if v.is_unknown() {
            unknown.get_or_insert(out.len());
            return Ok(());
        }
        // Strings and numbers, by far the most interpolated, skip the conversion's
        // intermediate value; they convert to the same text.
        match &v {
            Value::String(s) => {
                out.push_str(s);
                return Ok(());
            }
            Value::Number(n) => {
                let text = n.to_text();
                self.reserve(text.len() as u64).map_err(|d| d.at(&x.span))?;
                out.push_str(&text);
                return Ok(());
            }
            _ => {}
        }
        match convert(&v, &Type::String) {
            Ok(Value::String(s)) => {
                self.reserve(s.len() as u64).map_err(|d| d.at(&x.span))?;
                out.push_str(&s);
            }
            Ok(_) => {
                unknown.get_or_insert(out.len());
            }
            Err(e) => {
                return Err(Diag::new(
                    "Invalid template interpolation value",
                    format!("Cannot include the given value in a string template: {}.", e.0),
                )
                .at(&x.span));
            }
        }
        Ok(())
    }

    /// A `%{ if }` directive.
    fn if_into(
        &self,
        cond: &Expr,
        then: &[Part],
        els: &[Part],
        out: &mut String,
        marked: &mut Marks,
        unknown: &mut Option<usize>,
    ) -> DResult<()> {
        // The directive is one part of HCL's template: anything unknown in it ends the known
        // text where it starts.
        let (start, was_known) = (out.len(), unknown.is_none());
        self.if_parts(cond, then, els, out, marked, unknown)?;
        if was_known && unknown.is_some() {
            *unknown = Some(start);
        }
        Ok(())
    }

    fn if_parts(
        &self,
        cond: &Expr,
        then: &[Part],
        els: &[Part],
        out: &mut String,
        marked: &mut Marks,
        unknown: &mut Option<usize>,
    ) -> DResult<()> {
        let cv = self.eval(cond)?;
        let (cv, m) = cv.unmark();
        *marked |= m;
        if cv.is_null() {
            return Err(Diag::new(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
            )
            .at(&cond.span));
        }
        match convert(&cv, &Type::Bool) {
            Ok(Value::Bool(true)) => self.template_into(then, out, marked, unknown)?,
            Ok(Value::Bool(false)) => self.template_into(els, out, marked, unknown)?,
            Ok(_) => {
                unknown.get_or_insert(out.len());
            }
            Err(_) => {
                return Err(Diag::new("Incorrect condition type", "The condition expression must be of type bool.").at(&cond.span));
            }
        }
        Ok(())
    }

    /// A `%{ for }` directive: (key variable, value variable, collection, body, span).
    #[allow(clippy::type_complexity)]
    fn for_into(
        &self,
        (key_var, value_var, collection, body, span): (Option<&String>, &String, &Expr, &[Part], &Span),
        out: &mut String,
        marked: &mut Marks,
        unknown: &mut Option<usize>,
    ) -> DResult<()> {
        // As an if directive: anything unknown in it ends the known text where it starts.
        let (start, was_known) = (out.len(), unknown.is_none());
        let cv = self.eval(collection)?;
        let (cv, m) = cv.unmark();
        *marked |= m;
        if cv.is_unknown() {
            unknown.get_or_insert(start);
            return Ok(());
        }
        let pairs = self.iterate(&cv, span, "for")?;
        // A learner may believe a for directive puts the text ending its body only
        // between elements, as join() does; consulted when the body ends in a
        // separator (text on one line after something else) and there are elements.
        let separator = body.len() > 1 && matches!(body.last(), Some(Part::Lit(t)) if !t.is_empty() && !t.contains('\n'));
        let joined = separator && !pairs.is_empty() && self.flipped(Rule::TemplateForRepeatsWholeBody);
        let count = pairs.len();
        for (i, (k, v)) in pairs.into_iter().enumerate() {
            let mut vars = Vec::new();
            if let Some(kn) = key_var {
                vars.push((kn.clone(), k));
            }
            vars.push((value_var.clone(), v));
            let parts = if joined && i + 1 == count { &body[..body.len() - 1] } else { body };
            self.with_var(vars, || self.template_into(parts, out, marked, unknown))?;
        }
        if was_known && unknown.is_some() {
            *unknown = Some(start);
        }
        Ok(())
    }
}

/// An arithmetic or comparison operator with an unknown operand (both converted to numbers,
/// neither null), as cty's operator functions: arithmetic is an unknown number, never null; a
/// comparison is known when the operands' bounds decide it (`>=` is `>` or `==`, as cty's
/// GreaterThanOrEqualTo), else an unknown bool, never null.
fn compare_unknowns(op: BinOp, l: &Value, r: &Value) -> Value {
    use crate::lang::value::refine::{greater_than, less_than};
    let or_equal = |strict: Option<bool>| match (strict, equals(l, r)) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (Some(false), Some(false)) => Some(false),
        _ => None,
    };
    let decided = match op {
        BinOp::Less => less_than(l, r),
        BinOp::Greater => greater_than(l, r),
        BinOp::LessEq => or_equal(less_than(l, r)),
        BinOp::GreaterEq => or_equal(greater_than(l, r)),
        _ => return Value::unknown_not_null(Type::Number),
    };
    decided.map_or_else(|| Value::unknown_not_null(Type::Bool), Value::Bool)
}

/// Whether a traversal through an unknown marked value keeps its marks at `version` (the
/// release being evaluated when none is given; the newest when none is set).
fn marks_through_unknown(version: Option<crate::lang::dialect::releases::TfVersion>) -> bool {
    use crate::lang::dialect::releases::{MARKS_THROUGH_CONDITIONS, current, has};
    version.or_else(current).is_none_or(|v| has(v, &MARKS_THROUGH_CONDITIONS))
}

/// `value.name`, as hcl.GetAttr does it.
pub fn get_attr(val: Value, name: &str) -> DResult<Value> {
    let (val, marked) = val.unmark();
    if val.is_null() {
        return Err(Diag::new(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
        ));
    }
    let ty = val.ty();
    let r = match &val {
        Value::Unknown(t, _) => match t {
            Type::Object(m) => match m.get(name) {
                Some(at) => Value::unknown(at.clone()),
                None => {
                    return Err(Diag::new(
                        "Unsupported attribute",
                        format!("This object does not have an attribute named {name:?}."),
                    ));
                }
            },
            Type::Map(e) => Value::unknown((**e).clone()),
            Type::Dynamic => Value::unknown(Type::Dynamic),
            // hcl.GetAttr checks the type before the value is known.
            Type::String | Type::Number | Type::Bool => {
                return Err(Diag::new(
                    "Unsupported attribute",
                    format!("Can't access attributes on a primitive-typed value ({}).", t.friendly()),
                ));
            }
            // The same errors as a known list or set of objects.
            Type::List(e) if matches!(**e, Type::Object(_)) => return get_attr(Value::List((**e).clone(), Vec::new()), name),
            Type::Set(e) if matches!(**e, Type::Object(_)) => return get_attr(Value::Set((**e).clone(), Vec::new()), name),
            _ => return Err(Diag::new("Unsupported attribute", "This value does not have any attributes.")),
        },
        Value::Object(m) => match m.get(name) {
            Some(v) => v.clone(),
            None => {
                return Err(Diag::new(
                    "Unsupported attribute",
                    format!("This object does not have an attribute named {name:?}."),
                ));
            }
        },
        Value::Map(_, m) => match m.get(name) {
            Some(v) => v.clone(),
            None => {
                return Err(Diag::new(
                    "Missing map element",
                    format!("This map does not have an element with the key {name:?}."),
                ));
            }
        },
        Value::List(e, _) if matches!(e, Type::Object(_)) => {
            let has = matches!(e, Type::Object(m) if m.contains_key(name));
            return Err(Diag::new(
                "Unsupported attribute",
                if has {
                    format!(
                        "Can't access attributes on a list of objects. Did you mean to access attribute {name:?} for a specific element of the list, or across all elements of the list?"
                    )
                } else {
                    "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_string()
                },
            ));
        }
        Value::Set(Type::Object(_), _) => {
            return Err(Diag::new(
                "Unsupported attribute",
                "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
            ));
        }
        Value::String(_) | Value::Number(_) | Value::Bool(_) => {
            return Err(Diag::new(
                "Unsupported attribute",
                format!("Can't access attributes on a primitive-typed value ({}).", ty.friendly()),
            ));
        }
        _ => return Err(Diag::new("Unsupported attribute", "This value does not have any attributes.")),
    };
    // HCL dropped the marks of an unknown object before 1.10.
    let kept = !val.is_unknown() || marks_through_unknown(None);
    Ok(r.mark_with(if kept { marked } else { Marks::NONE }))
}

/// cty's Equals: `None` when unknown.
pub fn equals(a: &Value, b: &Value) -> Option<bool> {
    let (a, _) = a.clone().unmark_deep();
    let (b, _) = b.clone().unmark_deep();
    // A null is never equal to what cannot be null, and a known value never to an unknown
    // whose refinements rule it out (`"ab${x}" == "x"` is false).
    if (a.is_null() && b.definitely_not_null()) || (b.is_null() && a.definitely_not_null()) {
        return Some(false);
    }
    match (a.is_unknown(), b.is_unknown()) {
        (true, true) => return None,
        (false, true) | (true, false) => {
            let (known, unknown) = if a.is_unknown() { (&b, &a) } else { (&a, &b) };
            if crate::lang::value::refine::excludes(unknown, known) {
                return Some(false);
            }
            // An unknown whose type can be nothing else than the known value's own could be it;
            // one of another type never is (unless either may still take any type, or the
            // known one is null, equal to any null).
            let (kt, ut) = (known.ty(), unknown.ty());
            return if known.is_null() || ut.has_dynamic() || kt == ut {
                None
            } else {
                Some(false)
            };
        }
        (false, false) => {}
    }
    if a.is_null() || b.is_null() {
        return Some(a.is_null() && b.is_null());
    }
    if a.ty() != b.ty() {
        return Some(false);
    }
    Some(match (&a, &b) {
        (Value::Number(x), Value::Number(y)) => x.cty_equals(y),
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::List(_, x), Value::List(_, y)) | (Value::Tuple(x), Value::Tuple(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            for (p, q) in x.iter().zip(y) {
                match equals(p, q) {
                    Some(true) => {}
                    other => return other,
                }
            }
            true
        }
        (Value::Set(_, x), Value::Set(_, y)) => {
            // cty: an unknown element in either set makes the comparison unknown, whatever else
            // differs.
            if x.iter().chain(y).any(Value::is_unknown) {
                return None;
            }
            let ys = crate::lang::value::buckets::Buckets::of(y);
            x.len() == y.len() && x.iter().all(|p| ys.any(p, |q, p| equals(p, q) == Some(true)))
        }
        (Value::Map(_, x), Value::Map(_, y)) | (Value::Object(x), Value::Object(y)) => {
            if x.len() != y.len() || x.keys().ne(y.keys()) {
                return Some(false);
            }
            for (p, q) in x.values().zip(y.values()) {
                match equals(p, q) {
                    Some(true) => {}
                    other => return other,
                }
            }
            true
        }
        _ => false,
    })
}

/// Normalises a string to NFC, as cty does for every string value.
pub fn nfc(s: &str) -> String {
    if is_nfc(s) { s.to_string() } else { normalized(s) }
}

/// [`nfc`] of an owned string, which is kept as it is when it is already normal.
pub fn nfc_owned(s: String) -> String {
    if is_nfc(s.as_str()) { s } else { normalized(&s) }
}

/// True when `s` is certainly NFC already (ASCII always is).
fn is_nfc(s: &str) -> bool {
    use unicode_normalization::{IsNormalized, is_nfc_quick};
    s.is_ascii() || matches!(is_nfc_quick(s.chars()), IsNormalized::Yes)
}

fn normalized(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    s.nfc().collect()
}

/// The operand error in Terraform 1.13+'s wording (`bool required, but have number`); older
/// releases stop at `bool required`.
fn operand_msg(version: TfVersion, cty_msg: &str, got: &Type, want: &Type) -> String {
    if cty_msg.ends_with(" required")
        && cty_msg.starts_with(&want.friendly())
        && releases::has(version, &releases::MISMATCH_NAMES_GIVEN_TYPE)
    {
        format!("{}, but have {}", cty_msg, got.friendly())
    } else {
        cty_msg.to_string()
    }
}

fn number_error_text(op: BinOp, _e: &crate::lang::value::number::NumberError) -> String {
    match op {
        BinOp::Add => "can't compute sum of opposing infinities".into(),
        BinOp::Sub => "can't subtract infinity from itself".into(),
        BinOp::Mul => "can't multiply zero by infinity".into(),
        BinOp::Div => "can't divide zero by zero or infinity by infinity".into(),
        _ => "can't use modulo with zero and infinity".into(),
    }
}

/// The detail of "Inconsistent conditional result types", in the wording of Terraform
/// `version` (1.2 names each side and the differing attribute; 1.0 and 1.1 only the two types).
fn inconsistent_detail(version: TfVersion, t: &Type, f: &Type) -> String {
    if !releases::has(version, &releases::CONDITIONAL_MISMATCH_DETAIL) {
        return format!(
            "The true and false result expressions must have consistent types. The given expressions are {} and {}, respectively.",
            t.friendly(),
            f.friendly()
        );
    }
    format!(
        "The true and false result expressions must have consistent types. {}.",
        describe_mismatch(t, f)
    )
}

/// HCL's account of why two result types differ (hclsyntax describeConditionalTypeMismatch,
/// HCL 2.12 on): inside objects and tuples it names the first attribute (by name) or element
/// that differs; inside two collections of one kind holding objects or tuples, their elements.
fn describe_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(a), Type::Object(b)) => {
            // Attribute maps are sorted by name, as HCL sorts them before looking.
            for (k, ta) in a {
                match b.get(k) {
                    None => return format!("The 'true' value includes object attribute {k:?}, which is absent in the 'false' value"),
                    Some(tb) if ta != tb => return format!("Type mismatch for object attribute {k:?}: {}", describe_mismatch(ta, tb)),
                    Some(_) => {}
                }
            }
            if let Some(k) = b.keys().find(|k| !a.contains_key(*k)) {
                return format!("The 'false' value includes object attribute {k:?}, which is absent in the 'true' value");
            }
        }
        (Type::Tuple(a), Type::Tuple(b)) => {
            if a.len() != b.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    a.len(),
                    b.len()
                );
            }
            if let Some((i, (x, y))) = a.iter().zip(b).enumerate().find(|(_, (x, y))| x != y) {
                return format!("Type mismatch for tuple element {i}: {}", describe_mismatch(x, y));
            }
        }
        (Type::List(a), Type::List(b)) | (Type::Set(a), Type::Set(b)) | (Type::Map(a), Type::Map(b))
            if matches!((&**a, &**b), (Type::Object(_), Type::Object(_)) | (Type::Tuple(_), Type::Tuple(_))) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!("Mismatched {noun} element types: {}", describe_mismatch(a, b));
        }
        _ => {}
    }
    let (tn, fname) = (t.friendly(), f.friendly());
    if tn == fname {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fname}")
}

/// The bytes one value occupies in a collection (its slot), before any text it owns.
pub const NODE_COST: u64 = std::mem::size_of::<Value>() as u64;
/// The bytes one string element of a built collection costs besides its text: its slot and the
/// header of its shared text block.
pub const ITEM_COST: u64 = NODE_COST + 2 * std::mem::size_of::<usize>() as u64;

/// The error every part of the evaluator gives when [`SIZE_BUDGET`] is spent (no position: the
/// caller adds it).
pub fn budget_exceeded() -> Diag {
    Diag::new(
        "Evaluation too large",
        format!(
            "This expression produced more than {} MiB of values; iacquiz stops here so that a hostile input cannot exhaust memory.",
            SIZE_BUDGET >> 20
        ),
    )
    .fatal()
}

/// The memory a collection adds besides its elements: one slot per element and the keys' text.
fn weigh_shallow(v: &Value) -> u64 {
    let slots = |n: usize| NODE_COST.saturating_mul(n as u64 + 1);
    match v {
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => slots(vs.len()),
        Value::Map(_, m) | Value::Object(m) => m.keys().fold(slots(m.len()), |t, k| t.saturating_add(k.len() as u64)),
        Value::Marked(inner, _) => NODE_COST.saturating_add(weigh_shallow(inner)),
        _ => NODE_COST,
    }
}

/// The approximate memory `v` holds (every value's own size, strings' and keys' text), counted
/// up to `cap` at most so that weighing a huge value costs no more than the budget left.
pub(crate) fn weigh(v: &Value, cap: u64) -> u64 {
    const NODE: u64 = std::mem::size_of::<Value>() as u64;
    match v {
        Value::String(s) => return NODE.saturating_add(s.len() as u64),
        Value::List(..) | Value::Set(..) | Value::Tuple(_) | Value::Map(..) | Value::Object(_) | Value::Marked(_, _) => {}
        _ => return NODE,
    }
    let mut total = 0u64;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        total = total.saturating_add(NODE);
        match v {
            Value::String(s) => total = total.saturating_add(s.len() as u64),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => stack.extend(vs.iter()),
            Value::Map(_, m) | Value::Object(m) => {
                for (k, x) in m {
                    total = total.saturating_add(k.len() as u64);
                    stack.push(x);
                }
            }
            Value::Marked(inner, _) => stack.push(inner),
            _ => {}
        }
        if total >= cap {
            return total;
        }
    }
    total
}
