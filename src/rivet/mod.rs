//! The rivet engine: compiles a Rivet configuration (HCL `.rvt` files and module folders) into
//! a bundle of resource instances, expanding `count` and `for_each` at compile time, and
//! compares two compilations by address and digest.
//!
//! ```text
//! compile(&Source, vars, facts, &Rules) -> Bundle { resources, modules, outputs } | RivetError
//! diff(&Bundle, &Bundle)                -> Diff { kept, added, changed, superseded, removed }
//! ```

#![deny(missing_docs)]

pub mod attrs;
pub mod believed;
pub mod bundle;
pub(crate) mod compiler;
pub mod decl;
pub mod diff;
pub mod error;
pub(crate) mod expand;
pub mod key;
pub mod limits;
mod scope;
pub mod sensitive;
pub mod source;

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::lang::Rules;
use crate::lang::eval::Evaluator;
use crate::lang::funcs::builtins;
use crate::lang::value::Value;
use crate::lang::value::number::Number;

pub use attrs::Attrs;
pub use bundle::{Bundle, ModuleInstance, Output, ResourceInstance};
pub use diff::{Diff, Entry, Status, diff, diff_with};
pub use error::{ErrorKind, RivetError};
pub use key::Key;
pub use limits::{MAX_MODULE_INSTANCES, MAX_RESOURCES};
pub use source::Source;

use compiler::{Compiler, Given, ModInst};
use source::Loader;

/// Compiles `source` with `vars` (root variables) and `facts` (`fact.NAME`) under `rules`.
pub fn compile(
    source: &Source,
    vars: &BTreeMap<String, Value>,
    facts: &BTreeMap<String, Value>,
    rules: &Rules,
) -> Result<Bundle, RivetError> {
    let loader = Loader::new(source)?;
    let host = loader.host.clone();
    let comp = Compiler::new(loader, facts.clone());
    let ev = Evaluator::new(rules, &comp, builtins(), &host);
    let result = run(&comp, &ev, vars);
    let touched = ev.touched();
    match result {
        Ok(root) => Ok(bundle::assemble(&root, touched)),
        Err(d) => {
            let mut e = RivetError::from_diag(&d, &comp.loader.sources()).redact(&comp.secrets());
            e.touched = touched;
            Err(e)
        }
    }
}

fn run(comp: &Compiler, ev: &Evaluator, vars: &BTreeMap<String, Value>) -> crate::lang::syntax::diag::DResult<Rc<ModInst>> {
    let module = comp.loader.root()?;
    let root = Rc::new(ModInst::new(
        module,
        String::new(),
        String::new(),
        Key::None,
        ".".into(),
        vec![String::new()],
    ));
    let given: Given = vars.iter().map(|(k, v)| (k.clone(), (v.clone(), None))).collect();
    comp.bind_vars(ev, &root, given, None)?;
    comp.compile_all(ev, &root)?;
    Ok(root)
}

/// A fact's value from its text: an integer becomes a number, anything else stays a string.
pub fn fact_value(text: &str) -> Value {
    let t = text.trim();
    let digits = t.strip_prefix('-').unwrap_or(t);
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && let Some(n) = Number::parse(t)
    {
        return Value::Number(n);
    }
    Value::string(text)
}

/// Facts from `NAME=VALUE` pairs (see [`fact_value`]); `Err` names the malformed pair.
pub fn facts_from_pairs<'a>(pairs: impl IntoIterator<Item = &'a str>) -> Result<BTreeMap<String, Value>, String> {
    let mut out = BTreeMap::new();
    for p in pairs {
        match p.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                out.insert(k.trim().to_string(), fact_value(v));
            }
            _ => return Err(format!("--fact {p:?}: expected NAME=VALUE")),
        }
    }
    Ok(out)
}
