//! The one place the bank meets the engines: prepare a question's source once (a terraform
//! session over its configuration and files; a cfnrain template and its module files; a rivet
//! configuration with its variables), then evaluate it under any `Rules`.

mod cfn;
pub mod examples;
mod rivet;
pub mod scenario;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::rc::Rc;

use crate::lang::eval::host::Host;
use crate::lang::eval::trace::Step;
use crate::lang::session::{Answer, Session};
use crate::lang::syntax::diag::Diag;
use crate::lang::value::render;
use crate::lang::{Rule, Rules, Value};

use crate::bank::answer::compare;
use crate::bank::answer::data;
use crate::bank::model::{Engine, Source};

/// What an evaluation produced.
#[derive(Clone, Debug)]
pub enum Computed {
    /// A terraform value.
    Value(Value),
    /// A console-only textual result (`type(x)`).
    Text(String),
    /// A cfnrain or rivet answer: YAML data (see [`crate::bank::answer::data`]).
    Data(crate::cfn::Value),
    /// The evaluation failed with this error.
    Error(EngineError),
}

/// An engine's error: its summary and detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// The summary (`Invalid index`).
    pub summary: String,
    /// The detail, as the engine words it.
    pub detail: String,
}

impl Computed {
    /// The one-line rendering, as answer choices show it (`Error: Invalid index` for errors).
    pub fn one_line(&self) -> String {
        match self {
            Computed::Value(v) => render::one_line(v),
            Computed::Text(t) => t.split_whitespace().collect::<Vec<_>>().join(" "),
            Computed::Data(d) => data::one_line(d),
            Computed::Error(e) => format!("Error: {}", e.summary),
        }
    }
    /// The full rendering (as `terraform console` prints a value; summary and detail for an
    /// error).
    pub fn console(&self) -> String {
        match self {
            Computed::Value(v) => render::console(v),
            Computed::Text(t) => t.clone(),
            Computed::Data(d) => data::block(d),
            Computed::Error(e) if e.detail.is_empty() => format!("Error: {}", e.summary),
            Computed::Error(e) => format!("Error: {}\n\n{}", e.summary, e.detail),
        }
    }
    /// The error, when the evaluation failed.
    pub fn error(&self) -> Option<&EngineError> {
        match self {
            Computed::Error(e) => Some(e),
            _ => None,
        }
    }
    /// True when the two are the same answer: values by kind of type and contents (collection
    /// kinds strictly with `strict`), data by its contents, errors by their summary.
    pub fn same(&self, other: &Computed, strict: bool) -> bool {
        match (self, other) {
            (Computed::Value(a), Computed::Value(b)) => compare::same(a, b, strict),
            (Computed::Data(a), Computed::Data(b)) => data::same(a, b),
            (Computed::Error(a), Computed::Error(b)) => a.summary.eq_ignore_ascii_case(&b.summary),
            (a, b) => a.one_line() == b.one_line(),
        }
    }
    /// The truth value, when this is a bool.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Computed::Value(Value::Bool(b)) => Some(*b),
            Computed::Data(d) => data::as_bool(d),
            _ => None,
        }
    }
}

/// An evaluation under one rule set.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// The value or error.
    pub computed: Computed,
    /// The steps, innermost first (empty unless asked for).
    pub trace: Vec<Step>,
    /// The rules the evaluation consulted.
    pub touched: BTreeSet<Rule>,
}

/// The question's engine is not part of this build yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable(pub Engine);

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "engine `{}` is not available yet: its questions cannot be evaluated in this build",
            self.0
        )
    }
}

impl std::error::Error for Unavailable {}

/// A source made ready to evaluate (parsed once, evaluated under any rules).
#[derive(Debug)]
pub enum Prepared {
    /// A terraform session, or the error its configuration fails to load with.
    Terraform(Box<Result<Session, Diag>>),
    /// A cfnrain template and its module files.
    Cfnrain(cfn::Prepared),
    /// A rivet configuration (and the earlier one of a diff) with its variables and facts.
    Rivet(rivet::Prepared),
    /// A terraform workflow scenario (its steps run by `iacquiz terraform`).
    Scenario(Box<scenario::Prepared>),
}

/// Prepares `source` for `engine`.
pub fn prepare(engine: Engine, source: &Source) -> Result<Prepared, Unavailable> {
    Ok(match engine {
        Engine::Terraform if source.is_scenario() => Prepared::Scenario(Box::new(scenario::Prepared::new(source))),
        Engine::Terraform => Prepared::Terraform(Box::new(terraform_session(source))),
        Engine::Cfnrain => Prepared::Cfnrain(cfn::Prepared::new(source)),
        Engine::Rivet => Prepared::Rivet(rivet::Prepared::new(source)),
    })
}

/// How many prepared sources [`prepare_shared`] keeps per thread.
const SHARED_CAPACITY: usize = 512;

thread_local! {
    static SHARED: RefCell<HashMap<(Engine, Source), Rc<Prepared>>> = RefCell::new(HashMap::new());
}

/// Prepares `source` once per thread and shares it: instances and questions with the same
/// configuration and files evaluate in one session (a session is not changed by evaluating).
pub fn prepare_shared(engine: Engine, source: &Source) -> Result<Rc<Prepared>, Unavailable> {
    // The expression and the selection are not part of a session.
    let key = (
        engine,
        Source {
            expr: String::new(),
            select: None,
            keys: None,
            ask: None,
            ..source.clone()
        },
    );
    if let Some(p) = SHARED.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(p);
    }
    let p = Rc::new(prepare(engine, source)?);
    SHARED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= SHARED_CAPACITY {
            c.clear();
        }
        c.insert(key, p.clone());
    });
    Ok(p)
}

fn terraform_session(source: &Source) -> Result<Session, Diag> {
    let mut session = Session::new();
    if let Some(v) = &source.terraform_version {
        session.version = Some(crate::lang::dialect::releases::parse_version(v).map_err(|m| Diag::new("Invalid Terraform version", m))?);
    }
    let texts = config_texts(source);
    if !texts.is_empty() {
        // Loaded as the emulated release loads it: its load-time rules (a validation rule's
        // references before 1.9, say) are that release's.
        let version = session.version.unwrap_or(crate::lang::eval::DEFAULT_VERSION);
        session.config = crate::lang::config::Config::from_texts_at(texts, version)?;
    }
    if !source.files.is_empty() {
        let files: BTreeMap<String, Vec<u8>> = source.files.iter().map(|(k, v)| (k.clone(), v.clone().into_bytes())).collect();
        session.host = Host::with_files(files);
    }
    Ok(session)
}

/// The configuration files of a terraform source: `config` as `main.tf`, then every `files:`
/// entry that is itself configuration (`*.tf`, or `*.tftest.hcl` whose `override_resource` and
/// `override_data` blocks give attributes known values), in name order. Other files stay
/// readable only through `file()` and friends.
fn config_texts(source: &Source) -> Vec<(String, String)> {
    let mut texts: Vec<(String, String)> = source.config.iter().map(|t| ("main.tf".to_string(), t.clone())).collect();
    for (name, text) in &source.files {
        let is_config = (name.ends_with(".tf") || name.ends_with(".tftest.hcl")) && !name.contains('/');
        if is_config && !(name == "main.tf" && source.config.is_some()) {
            texts.push((name.clone(), text.clone()));
        }
    }
    texts
}

impl Prepared {
    /// Evaluates a question's source: its expression, or the outcome of its condition.
    pub fn evaluate_source(&self, source: &Source, rules: &Rules, trace: bool) -> Evaluated {
        let s = match self {
            Prepared::Cfnrain(c) => return c.evaluate(source, rules),
            Prepared::Rivet(r) => return r.evaluate(source, rules),
            Prepared::Scenario(s) => return s.evaluate(source, rules),
            Prepared::Terraform(s) => s,
        };
        let Some(address) = &source.condition else {
            return self.evaluate(&source.expr, rules, trace);
        };
        let session = match s.as_ref() {
            Ok(session) => session,
            Err(d) => {
                return Evaluated {
                    computed: Computed::Error(EngineError {
                        summary: d.summary.clone(),
                        detail: d.detail.clone(),
                    }),
                    trace: Vec::new(),
                    touched: BTreeSet::new(),
                };
            }
        };
        let p = crate::mistakes::distract::produce_condition(session, address, rules);
        let computed = if p.is_error {
            Computed::Error(EngineError {
                summary: p.console,
                detail: String::new(),
            })
        } else {
            Computed::Value(Value::string(p.text.as_str()))
        };
        Evaluated {
            computed,
            trace: Vec::new(),
            touched: p.touched,
        }
    }

    /// Evaluates the terraform expression `expr` under `rules`, recording the trace when
    /// `trace` is set (other engines have no expressions: use [`Prepared::evaluate_source`]).
    pub fn evaluate(&self, expr: &str, rules: &Rules, trace: bool) -> Evaluated {
        match self {
            Prepared::Scenario(s) => s.evaluate(&Source::default(), rules),
            Prepared::Cfnrain(_) | Prepared::Rivet(_) => Evaluated {
                computed: Computed::Error(EngineError {
                    summary: "not a terraform source".into(),
                    detail: format!("{expr:?}: only terraform questions evaluate expressions"),
                }),
                trace: Vec::new(),
                touched: BTreeSet::new(),
            },
            Prepared::Terraform(s) => match s.as_ref() {
                Err(d) => Evaluated {
                    computed: Computed::Error(EngineError {
                        summary: d.summary.clone(),
                        detail: d.detail.clone(),
                    }),
                    trace: Vec::new(),
                    touched: BTreeSet::new(),
                },
                Ok(session) => {
                    let out = session.eval(expr, rules, trace);
                    let computed = match out.result {
                        Ok(Answer::Value(v)) => Computed::Value(v),
                        Ok(Answer::Type(t)) => Computed::Text(t),
                        Err(d) => Computed::Error(EngineError {
                            summary: d.summary.clone(),
                            detail: session.full_detail(&d),
                        }),
                    };
                    Evaluated {
                        computed,
                        trace: out.trace,
                        touched: out.touched,
                    }
                }
            },
        }
    }
}

/// Evaluates a constant value written in HCL (a terraform author's answer, distractor or
/// claim); other engines write YAML data (see [`parse_answer`]).
pub fn constant(engine: Engine, text: &str) -> Result<Result<Value, EngineError>, Unavailable> {
    match engine {
        Engine::Terraform => Ok(crate::lang::session::constant(text).map_err(|d| EngineError {
            summary: d.summary,
            detail: d.detail,
        })),
        other => Err(Unavailable(other)),
    }
}

/// Reads an answer written in the engine's notation (an author's answer, distractor or claim,
/// or a learner's typed answer): HCL for terraform, YAML for cfnrain and rivet.
pub fn parse_answer(engine: Engine, text: &str) -> Result<Result<Computed, EngineError>, Unavailable> {
    match engine {
        Engine::Terraform => Ok(constant(engine, text)?.map(Computed::Value)),
        Engine::Cfnrain | Engine::Rivet => Ok(data::parse(text).map(Computed::Data).map_err(|m| EngineError {
            summary: "not a YAML value".into(),
            detail: m,
        })),
    }
}

/// Why `text` is not an answer in the engine's notation (`None` when it is one), for a
/// learner's answer line.
pub fn answer_problem(engine: Engine, text: &str) -> Option<String> {
    match parse_answer(engine, text) {
        Ok(Ok(_)) => None,
        Ok(Err(e)) if e.detail.is_empty() => Some(e.summary),
        Ok(Err(e)) => Some(format!("{}: {}", e.summary, e.detail)),
        Err(u) => Some(u.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_are_shared_by_configuration() {
        let src = |expr: &str, config: &str| Source {
            expr: expr.into(),
            config: Some(config.into()),
            ..Source::default()
        };
        let a = prepare_shared(Engine::Terraform, &src("local.x", "locals {\n  x = 1\n}\n"));
        let b = prepare_shared(Engine::Terraform, &src("local.x + 1", "locals {\n  x = 1\n}\n"));
        let c = prepare_shared(Engine::Terraform, &src("local.x", "locals {\n  x = 2\n}\n"));
        let (Ok(a), Ok(b), Ok(c)) = (a, b, c) else {
            panic!("terraform is available")
        };
        assert!(Rc::ptr_eq(&a, &b));
        assert!(!Rc::ptr_eq(&a, &c));
        assert_eq!(b.evaluate("local.x + 1", &Rules::real(), false).computed.one_line(), "2");
        let rivet = |select: &str| Source {
            files: [("main.rvt".to_string(), "file \"a\" {\n  count = 2\n}\n".to_string())].into(),
            select: Some(select.into()),
            ..Source::default()
        };
        let (Ok(r0), Ok(r1)) = (
            prepare_shared(Engine::Rivet, &rivet("addresses")),
            prepare_shared(Engine::Rivet, &rivet("modules")),
        ) else {
            panic!("rivet is available")
        };
        assert!(Rc::ptr_eq(&r0, &r1), "the selection is not part of the preparation");
    }
}
