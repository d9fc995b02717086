//! The compiler's state: module instances, their declarations computed lazily and once each
//! (so references may point forward and cycles are caught), and the frame stack that says which
//! module instance and which count/each an expression is evaluated in.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use crate::lang::Rule;
use crate::lang::eval::Evaluator;
use crate::lang::syntax::Span;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::typeexpr::Constraint;
use crate::lang::value::{Marks, Value};

use super::attrs::Attrs;
use super::decl::{DeclRef, Module, OutType};
use super::error::ErrorKind;
use super::expand::{self, Iter};
use super::key::Key;
use super::limits::{self, Limit, MAX_MODULE_DEPTH, MAX_NESTING, Usage};
use super::sensitive;
use super::source::Loader;

/// One instance of a resource, as compiled.
#[derive(Clone, Debug)]
pub struct ResInst {
    /// Its key.
    pub key: Key,
    /// Its full address.
    pub address: String,
    /// Its place in the order its key was written.
    pub position: usize,
    /// Its evaluated arguments.
    pub attrs: Attrs,
    /// The addresses it must come after (depends_on and references).
    pub edges: BTreeSet<String>,
    /// `ensure = "absent"`: an explicit request to remove the host object.
    pub absent: bool,
}

/// An output's value.
#[derive(Clone, Debug)]
pub enum OutVal {
    /// A value.
    Value(Value),
    /// A `resource("TYPE")` output: a handle on one instance.
    Handle {
        /// The instance's address.
        address: String,
        /// Its resource type.
        rtype: String,
        /// Its attributes (what an expression referring to the output sees).
        attrs: Value,
    },
}

impl OutVal {
    /// What an expression referring to the output sees.
    pub fn value(&self) -> Value {
        match self {
            OutVal::Value(v) => v.clone(),
            OutVal::Handle { attrs, .. } => attrs.clone(),
        }
    }
}

/// The instances of one module call.
pub type Children = Rc<Vec<Rc<ModInst>>>;

#[derive(Clone)]
enum Slot<T> {
    Empty,
    Busy,
    Done(DResult<T>),
}

/// One instance of a module (the root module is the instance with an empty address).
pub struct ModInst {
    /// Its module.
    pub module: Rc<Module>,
    /// `module.files["first"]`, or `""` for the root.
    pub address: String,
    /// The call's name (`""` for the root).
    pub name: String,
    /// Its key.
    pub key: Key,
    /// Its place in the order its key was written.
    pub position: usize,
    /// The call's source as written.
    pub source: String,
    /// The module folders from the root down to this one.
    pub chain: Vec<String>,
    /// Its variables' values.
    pub vars: RefCell<BTreeMap<String, Value>>,
    /// The addresses its boundary comes after.
    pub edges: RefCell<BTreeSet<String>>,
    /// What it has used of the limits (for the limits-per-module misconception).
    pub usage: Usage,
    resources: RefCell<Vec<Slot<Rc<Vec<ResInst>>>>>,
    calls: RefCell<Vec<Slot<Children>>>,
    outputs: RefCell<Vec<Slot<OutVal>>>,
}

impl ModInst {
    /// A fresh instance of `module`.
    pub fn new(module: Rc<Module>, address: String, name: String, key: Key, source: String, chain: Vec<String>) -> ModInst {
        let (r, c, o) = (module.resources.len(), module.calls.len(), module.outputs.len());
        ModInst {
            module,
            address,
            name,
            key,
            position: 0,
            source,
            chain,
            vars: RefCell::new(BTreeMap::new()),
            edges: RefCell::new(BTreeSet::new()),
            usage: Usage::default(),
            resources: RefCell::new(vec![Slot::Empty; r]),
            calls: RefCell::new(vec![Slot::Empty; c]),
            outputs: RefCell::new(vec![Slot::Empty; o]),
        }
    }
    /// The prefix of addresses inside it (`module.files["first"].`).
    pub fn prefix(&self) -> String {
        if self.address.is_empty() {
            String::new()
        } else {
            format!("{}.", self.address)
        }
    }
    /// Moves the compiled instances of resource `i` out (empty when not compiled), leaving the
    /// slot empty: for assembling the bundle once compilation is over, without copying.
    pub fn take_resources(&self, i: usize) -> Vec<ResInst> {
        let slot = self.resources.borrow_mut().get_mut(i).map(|s| std::mem::replace(s, Slot::Empty));
        match slot {
            Some(Slot::Done(Ok(v))) => Rc::try_unwrap(v).unwrap_or_else(|shared| (*shared).clone()),
            _ => Vec::new(),
        }
    }
    /// The compiled instances of module call `i` (empty when not compiled).
    pub fn done_calls(&self, i: usize) -> Children {
        match self.calls.borrow().get(i) {
            Some(Slot::Done(Ok(v))) => v.clone(),
            _ => Rc::new(Vec::new()),
        }
    }
    /// The value of output `i`, when compiled.
    pub fn done_output(&self, i: usize) -> Option<OutVal> {
        match self.outputs.borrow().get(i) {
            Some(Slot::Done(Ok(v))) => Some(v.clone()),
            _ => None,
        }
    }
}

struct Frame {
    inst: Rc<ModInst>,
    iter: Iter,
    refs: BTreeSet<String>,
}

/// A variable's given value: the value and, for module arguments, where it was written.
pub type Given = BTreeMap<String, (Value, Option<(Span, String)>)>;

/// The whole compilation's state; it is also the evaluator's [`crate::lang::eval::Scope`].
pub struct Compiler {
    /// Reads module folders.
    pub loader: Loader,
    /// `fact.NAME` values.
    pub facts: BTreeMap<String, Value>,
    frames: RefCell<Vec<Frame>>,
    computing: RefCell<Vec<String>>,
    usage: Usage,
    secrets: RefCell<Vec<String>>,
}

impl Compiler {
    /// A compiler over a loaded source.
    pub fn new(loader: Loader, facts: BTreeMap<String, Value>) -> Compiler {
        Compiler {
            loader,
            facts,
            frames: RefCell::new(Vec::new()),
            computing: RefCell::new(Vec::new()),
            usage: Usage::default(),
            secrets: RefCell::new(Vec::new()),
        }
    }

    /// Every sensitive string seen in a variable (to keep them out of messages).
    pub fn secrets(&self) -> Vec<String> {
        self.secrets.borrow().clone()
    }

    /// Runs `f` with `inst` / `iter` as the evaluation context; returns its result and the
    /// addresses it referred to.
    pub fn in_frame<T>(&self, inst: &Rc<ModInst>, iter: Iter, f: impl FnOnce() -> T) -> (T, BTreeSet<String>) {
        self.frames.borrow_mut().push(Frame {
            inst: inst.clone(),
            iter,
            refs: BTreeSet::new(),
        });
        let r = f();
        let refs = self.frames.borrow_mut().pop().map(|f| f.refs).unwrap_or_default();
        (r, refs)
    }

    /// The current module instance and iteration values.
    pub fn top(&self) -> Option<(Rc<ModInst>, Iter)> {
        self.frames.borrow().last().map(|f| (f.inst.clone(), f.iter.clone()))
    }

    /// Records that the current expression refers to `address` (an ordering edge).
    pub fn note_ref(&self, address: &str) {
        if let Some(f) = self.frames.borrow_mut().last_mut() {
            f.refs.insert(address.to_string());
        }
    }

    /// The address suffix of `key` (`["first"]`, `[0]`).
    pub fn suffix(&self, ev: &Evaluator, key: &Key) -> String {
        self.address(ev, "", key)
    }

    /// `family` followed by the address suffix of `key`.
    pub fn address(&self, ev: &Evaluator, family: &str, key: &Key) -> String {
        let mut out = String::with_capacity(family.len() + 8);
        out.push_str(family);
        // A learner may believe named keys render bare.
        key.push_suffix(&mut out, key.is_name() && ev.flipped(Rule::KeysRenderUnquoted));
        out
    }

    /// The error for re-entering `label`; it has no span, so the reference that re-entered it
    /// gets the position (in the file being evaluated).
    fn cycle(&self, label: &str) -> Diag {
        let stack = self.computing.borrow();
        let start = stack.iter().position(|x| x == label).unwrap_or(0);
        let mut chain: Vec<String> = stack.get(start..).unwrap_or(&[]).to_vec();
        chain.push(label.to_string());
        Diag::new(
            ErrorKind::Cycle.title(),
            format!(
                "{label} depends on itself: {}; break the cycle by removing one of these references",
                chain.join(" -> ")
            ),
        )
        .fatal()
    }

    fn memo<T: Clone>(
        &self,
        cell: &RefCell<Vec<Slot<T>>>,
        i: usize,
        label: &str,
        span: &Span,
        compute: impl FnOnce() -> DResult<T>,
    ) -> DResult<T> {
        match cell.borrow().get(i) {
            Some(Slot::Done(r)) => return r.clone(),
            Some(Slot::Busy) => return Err(self.cycle(label)),
            Some(Slot::Empty) => {}
            None => return Err(ErrorKind::Reference.at(span, format!("{label} is not declared"))),
        }
        if self.computing.borrow().len() >= MAX_NESTING {
            let stack = self.computing.borrow();
            let first: Vec<&str> = stack.iter().take(4).map(String::as_str).collect();
            return Err(Diag::new(
                ErrorKind::Limit.title(),
                format!(
                    "{label} sits at the end of a chain of more than {MAX_NESTING} declarations that wait on one another ({} -> ...); shorten the chain of references",
                    first.join(" -> ")
                ),
            )
            .fatal());
        }
        if let Some(s) = cell.borrow_mut().get_mut(i) {
            *s = Slot::Busy;
        }
        self.computing.borrow_mut().push(label.to_string());
        let r = compute();
        self.computing.borrow_mut().pop();
        if let Some(s) = cell.borrow_mut().get_mut(i) {
            *s = Slot::Done(r.clone());
        }
        r
    }

    /// The instances of resource `i` of `inst`.
    pub fn resources_of(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize) -> DResult<Rc<Vec<ResInst>>> {
        let Some(decl) = inst.module.resources.get(i) else {
            return Err(ErrorKind::Reference.at(&(0..0), "no such resource"));
        };
        let family = format!("{}{}.{}", inst.prefix(), decl.rtype, decl.name);
        self.memo(&inst.resources, i, &family, &decl.span, || {
            self.compute_resources(ev, inst, i, &family).map_err(|d| d.in_file(&decl.file))
        })
    }

    fn compute_resources(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize, family: &str) -> DResult<Rc<Vec<ResInst>>> {
        let decl = &inst.module.resources[i];
        let (plan, decl_refs) = self.in_frame(inst, Iter::None, || expand::plan(ev, &inst.module, &decl.expansion, family));
        let plan = plan?;
        limits::reserve(ev, &self.usage, &inst.usage, Limit::Resources, plan.len(), family, &decl.span)?;
        // The limits bound the length, so reserving it is safe.
        let mut out = Vec::with_capacity(usize::try_from(plan.len()).unwrap_or(0));
        for p in plan.instances(ev) {
            let address = self.address(ev, family, &p.key);
            let (r, refs) = self.in_frame(inst, p.iter.clone(), || -> DResult<_> {
                let mut attrs = Attrs::new();
                for a in &decl.args {
                    attrs.insert(a.name.clone(), ev.eval(&a.expr)?);
                }
                let edges = match &decl.depends_on {
                    Some(d) => self.depends_on(ev, inst, d)?,
                    None => BTreeSet::new(),
                };
                Ok((attrs, edges))
            });
            let (attrs, mut edges) = r?;
            edges.extend(refs);
            edges.extend(decl_refs.iter().cloned());
            edges.remove(&address);
            let absent = match (attrs.get("ensure"), decl.args.iter().find(|a| a.name == "ensure")) {
                (Some(v), Some(a)) => match v.clone().unmark().0.as_str() {
                    Some("absent") => true,
                    Some("present") => false,
                    _ => {
                        return Err(ErrorKind::Declaration.at(&a.expr.span, format!("{address}: ensure must be \"present\" or \"absent\"")));
                    }
                },
                _ => false,
            };
            out.push(ResInst {
                key: p.key,
                address,
                position: p.position,
                attrs,
                edges,
                absent,
            });
        }
        out.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(Rc::new(out))
    }

    /// The instances of module call `i` of `inst`, each compiled whole.
    pub fn calls_of(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize) -> DResult<Children> {
        let Some(decl) = inst.module.calls.get(i) else {
            return Err(ErrorKind::Reference.at(&(0..0), "no such module call"));
        };
        let family = format!("{}module.{}", inst.prefix(), decl.name);
        self.memo(&inst.calls, i, &family, &decl.span, || {
            self.compute_calls(ev, inst, i, &family).map_err(|d| d.in_file(&decl.file))
        })
    }

    fn compute_calls(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize, family: &str) -> DResult<Children> {
        let decl = &inst.module.calls[i];
        let module = self.loader.module(&inst.module.dir, &decl.source, &decl.source_span, &decl.file)?;
        if inst.chain.contains(&module.dir) {
            return Err(ErrorKind::Cycle.at(
                &decl.source_span,
                format!(
                    "{family}: the module {:?} calls itself (through {})",
                    decl.source,
                    inst.chain.join(" -> ")
                ),
            ));
        }
        if inst.chain.len() > MAX_MODULE_DEPTH {
            return Err(ErrorKind::Limit.at(
                &decl.span,
                format!("{family}: modules may nest at most {MAX_MODULE_DEPTH} levels deep"),
            ));
        }
        let (plan, decl_refs) = self.in_frame(inst, Iter::None, || expand::plan(ev, &inst.module, &decl.expansion, family));
        let plan = plan?;
        limits::reserve(ev, &self.usage, &inst.usage, Limit::Modules, plan.len(), family, &decl.span)?;
        let mut chain = inst.chain.clone();
        chain.push(module.dir.clone());
        let mut out = Vec::new();
        for p in plan.instances(ev) {
            let address = self.address(ev, family, &p.key);
            let mut child = ModInst::new(
                module.clone(),
                address,
                decl.name.clone(),
                p.key.clone(),
                decl.source.clone(),
                chain.clone(),
            );
            child.position = p.position;
            let child = Rc::new(child);
            let (r, refs) = self.in_frame(inst, p.iter.clone(), || -> DResult<_> {
                let mut given = Given::new();
                for a in &decl.args {
                    given.insert(a.name.clone(), (ev.eval(&a.expr)?, Some((a.span.clone(), decl.file.clone()))));
                }
                let edges = match &decl.depends_on {
                    Some(d) => self.depends_on(ev, inst, d)?,
                    None => BTreeSet::new(),
                };
                Ok((given, edges))
            });
            let (given, mut edges) = r?;
            edges.extend(refs);
            edges.extend(decl_refs.iter().cloned());
            *child.edges.borrow_mut() = edges;
            self.bind_vars(ev, &child, given, Some((&decl.span, &decl.file)))?;
            self.compile_all(ev, &child)?;
            out.push(child);
        }
        out.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(Rc::new(out))
    }

    /// The value of output `i` of `inst`.
    pub fn output_of(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize) -> DResult<OutVal> {
        let Some(o) = inst.module.outputs.get(i) else {
            return Err(ErrorKind::Reference.at(&(0..0), "no such output"));
        };
        let label = format!("{}output.{}", inst.prefix(), o.name);
        self.memo(&inst.outputs, i, &label, &o.span, || {
            let (r, _) = self.in_frame(inst, Iter::None, || -> DResult<OutVal> {
                let v = match &o.ty {
                    OutType::Resource(t) => return self.handle(ev, &o.value, t, &label).map_err(|d| d.at(&o.value.span)),
                    OutType::Any => ev.eval(&o.value)?,
                    OutType::Constraint(te) => {
                        let c = Constraint::parse(te, &|d| ev.eval(d))?;
                        let v = ev.eval(&o.value)?;
                        c.apply_with(&v, &|r| ev.flipped(r)).map_err(|e| {
                            ErrorKind::Output.at(&o.value.span, format!("{label}: the value does not fit its type: {}", e.0))
                        })?
                    }
                };
                Ok(OutVal::Value(v.mark_with(if o.sensitive { Marks::SENSITIVE } else { Marks::NONE })))
            });
            r.map_err(|d| d.in_file(&o.file))
        })
    }

    /// Computes every declaration of `inst`, in declaration order.
    pub fn compile_all(&self, ev: &Evaluator, inst: &Rc<ModInst>) -> DResult<()> {
        for d in &inst.module.order {
            match *d {
                DeclRef::Resource(i) => {
                    self.resources_of(ev, inst, i)?;
                }
                DeclRef::Call(i) => {
                    self.calls_of(ev, inst, i)?;
                }
                DeclRef::Output(i) => {
                    self.output_of(ev, inst, i)?;
                }
            }
        }
        Ok(())
    }

    /// Gives `inst`'s variables their values: `given` (arguments or `--var`s) over defaults,
    /// converted to their types. `call`: the module block (span, file), `None` for the root.
    pub fn bind_vars(&self, ev: &Evaluator, inst: &Rc<ModInst>, given: Given, call: Option<(&Span, &String)>) -> DResult<()> {
        let module = inst.module.clone();
        let declared = || module.variables.keys().cloned().collect::<Vec<_>>().join(", ");
        for (name, (_, at)) in &given {
            if module.variables.contains_key(name) {
                continue;
            }
            let msg = match (at, call) {
                (Some(_), _) => format!(
                    "{}: the module {:?} has no variable {name:?} (its variables: {})",
                    inst.address,
                    inst.source,
                    declared()
                ),
                _ => format!(
                    "--var {name}: no variable {name:?} is declared in the root module (its variables: {})",
                    declared()
                ),
            };
            let d = Diag::new(ErrorKind::Variable.title(), msg).fatal();
            return Err(match at {
                Some((span, file)) => d.at(span).in_file(file),
                None => d,
            });
        }
        let mut vars = BTreeMap::new();
        for (name, var) in &module.variables {
            let constraint = match &var.ty {
                Some(t) => Some(Constraint::parse(t, &|d| ev.eval(d)).map_err(|d| d.in_file(&var.file))?),
                None => None,
            };
            let (value, at) = match given.get(name) {
                Some((v, at)) => (v.clone(), at.clone()),
                None => match &var.default {
                    Some(d) => {
                        let (r, _) = self.in_frame(inst, Iter::None, || ev.eval(d));
                        (r.map_err(|e| e.in_file(&var.file))?, Some((d.span.clone(), var.file.clone())))
                    }
                    None => {
                        let d = match call {
                            Some((span, file)) => ErrorKind::Variable
                                .at(
                                    span,
                                    format!(
                                        "{}: argument {name:?} is required (variable {name:?} of {:?} has no default)",
                                        inst.address, inst.source
                                    ),
                                )
                                .in_file(file),
                            None => ErrorKind::Variable
                                .at(
                                    &var.span,
                                    format!("variable {name:?} has no value and no default: pass --var '{name}=...'"),
                                )
                                .in_file(&var.file),
                        };
                        return Err(d);
                    }
                },
            };
            let value = match &constraint {
                Some(c) => c.apply_with(&value, &|r| ev.flipped(r)).map_err(|e| {
                    let whose = if call.is_some() {
                        format!("{}: ", inst.address)
                    } else {
                        String::new()
                    };
                    let d = Diag::new(
                        ErrorKind::Variable.title(),
                        format!("{whose}variable {name:?} does not accept this value: {}", e.0),
                    )
                    .fatal();
                    match &at {
                        Some((span, file)) => d.at(span).in_file(file),
                        None => Diag::new(
                            ErrorKind::Variable.title(),
                            format!("--var {name}: variable {name:?} does not accept this value: {}", e.0),
                        ),
                    }
                })?,
                None => value,
            };
            let value = value.mark_with(if var.sensitive { Marks::SENSITIVE } else { Marks::NONE });
            sensitive::collect(&value, false, &mut self.secrets.borrow_mut());
            vars.insert(name.clone(), value);
        }
        *inst.vars.borrow_mut() = vars;
        Ok(())
    }
}
