//! Instances: a question with its parameters drawn for one seed, evaluated once under the
//! real rules (and under any other `Rules` on request), with its correct answer and its
//! shuffled choices, so nothing later has to re-derive them.

use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

use crate::lang::value::convert::convert;
use crate::lang::{Rule, Rules, Value};

use crate::bank::answer::compare;
use crate::bank::engine::{self, Computed, EngineError, Evaluated, Prepared, Unavailable};
use crate::bank::model::params;
use crate::bank::model::rng::Rng;
use crate::bank::model::{Distractor, Engine, Kind, Question, Source, Stated};

/// One answer choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The one-line rendering shown to the learner.
    pub text: String,
    /// True for the right answer.
    pub correct: bool,
    /// Why this wrong answer is wrong (for distractors that say).
    pub why: Option<String>,
    /// The misconception that produces this answer, when the engine computed it.
    pub misconception: Option<String>,
}

/// The right answer of an instance.
#[derive(Clone, Debug)]
pub struct Correct {
    /// The value or error (for truefalse: the truth of the statement).
    pub computed: Computed,
    /// Its one-line rendering.
    pub text: String,
}

/// A distractor made ready to show: its rendering and what it stands for.
#[derive(Clone, Debug)]
pub struct Wrong {
    /// The one-line rendering.
    pub text: String,
    /// The value or error it stands for; `Err` when the author's text is not a constant value.
    pub answer: Result<Computed, EngineError>,
    /// The author's explanation (or the misconception's).
    pub why: Option<String>,
    /// The misconception that produces this answer, when the engine computed it.
    pub misconception: Option<String>,
}

/// Why an instance cannot give its correct answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstanceError {
    /// The engine is not part of this build.
    Unavailable(Unavailable),
    /// A value the author wrote (a claim) is not a constant in the engine's notation.
    Notation {
        /// Which field.
        field: &'static str,
        /// The text.
        text: String,
        /// The engine's error.
        error: EngineError,
    },
}

impl fmt::Display for InstanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceError::Unavailable(u) => write!(f, "{u}"),
            InstanceError::Notation { field, text, error } => {
                write!(f, "{field} {text} is not a constant value: {}", error.summary)?;
                if !error.detail.is_empty() {
                    write!(f, ": {}", error.detail)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for InstanceError {}

/// A question with its parameters drawn for one seed.
#[derive(Debug)]
pub struct Instance {
    /// The question's id.
    pub id: String,
    /// The question's engine.
    pub engine: Engine,
    /// The question's kind.
    pub kind: Kind,
    /// Compare collection kinds strictly.
    pub strict_types: bool,
    /// The seed it was drawn with.
    pub seed: u64,
    /// The drawn parameter values (empty for a question without params).
    pub values: BTreeMap<String, String>,
    /// The question text, placeholders filled in.
    pub prompt: String,
    /// What the engine evaluates, placeholders filled in.
    pub source: Source,
    /// The author's stated answer, placeholders filled in.
    pub answer: Option<Stated>,
    /// For truefalse: the claimed value (HCL text), placeholders filled in.
    pub claim: Option<String>,
    /// The author's distractors, placeholders filled in.
    pub distractors: Vec<Distractor>,
    /// The explanation, placeholders filled in.
    pub explain: String,
    /// The misconception ids the author says the question exercises.
    pub misconceptions: Vec<String>,
    prepared: OnceCell<Result<Rc<Prepared>, Unavailable>>,
    real: OnceCell<Result<Evaluated, Unavailable>>,
    /// Evaluations under one flipped rule, kept: checking, distractors and grading all ask.
    flipped: RefCell<BTreeMap<Rule, Evaluated>>,
}

impl Question {
    /// Draws the parameters for `seed` and fills them in everywhere. A question without
    /// params gives the same instance for every seed.
    pub fn instantiate(&self, seed: u64) -> Instance {
        self.instance_with(params::draw(&self.params, seed, &self.id), seed)
    }

    /// The instance for given parameter `values` (as `check` enumerates them); `seed` orders its
    /// choices.
    pub fn instance_with(&self, values: BTreeMap<String, String>, seed: u64) -> Instance {
        let sub = |t: &str| params::substitute(t, &values);
        let stated = |s: &Stated| match s {
            Stated::Value(t) => Stated::Value(sub(t)),
            Stated::Error(t) => Stated::Error(sub(t)),
            Stated::Bool(b) => Stated::Bool(*b),
        };
        Instance {
            id: self.id.clone(),
            engine: self.engine,
            kind: self.kind,
            strict_types: self.strict_types,
            seed,
            prompt: sub(&self.prompt),
            source: self.source.map_texts(sub),
            answer: self.answer.as_ref().map(stated),
            claim: self.claim.as_deref().map(sub),
            distractors: self
                .distractors
                .iter()
                .map(|d| Distractor {
                    answer: stated(&d.answer),
                    why: d.why.as_deref().map(sub),
                })
                .collect(),
            explain: sub(&self.explain),
            misconceptions: self.misconceptions.clone(),
            values,
            prepared: OnceCell::new(),
            real: OnceCell::new(),
            flipped: RefCell::new(BTreeMap::new()),
        }
    }
}

impl Instance {
    fn prepared(&self) -> Result<&Prepared, Unavailable> {
        self.prepared
            .get_or_init(|| engine::prepare_shared(self.engine, &self.source))
            .as_ref()
            .map(|p| p.as_ref())
            .map_err(|u| *u)
    }

    /// Evaluates the source under `rules` (the real rules' result is computed once and kept).
    pub fn evaluate(&self, rules: &Rules) -> Result<Evaluated, Unavailable> {
        if *rules == Rules::real() {
            return self.real().cloned();
        }
        Ok(self.prepared()?.evaluate_source(&self.source, rules, false))
    }

    /// Evaluates with one rule flipped (a misconception's belief), computed once per rule.
    pub fn evaluate_flipped(&self, rule: Rule) -> Result<Evaluated, Unavailable> {
        if let Some(e) = self.flipped.borrow().get(&rule) {
            return Ok(e.clone());
        }
        let e = self.evaluate(&Rules::with(rule))?;
        self.flipped.borrow_mut().insert(rule, e.clone());
        Ok(e)
    }

    /// Evaluates under `rules` and records the evaluation steps.
    pub fn evaluate_traced(&self, rules: &Rules) -> Result<Evaluated, Unavailable> {
        Ok(self.prepared()?.evaluate_source(&self.source, rules, true))
    }

    /// The evaluation under the real rules, computed once.
    pub fn real(&self) -> Result<&Evaluated, Unavailable> {
        self.real
            .get_or_init(|| Ok(self.prepared()?.evaluate_source(&self.source, &Rules::real(), false)))
            .as_ref()
            .map_err(|u| *u)
    }

    /// Reads an answer written in this instance's notation (HCL for terraform, YAML for
    /// cfnrain and rivet).
    pub fn parse_answer(&self, text: &str) -> Result<Result<Computed, EngineError>, Unavailable> {
        engine::parse_answer(self.engine, text)
    }

    /// The right answer: the engine's value or error; for truefalse, whether the statement
    /// holds (the claim equals the source's value, or the source is `true`).
    pub fn correct_answer(&self) -> Result<Correct, InstanceError> {
        let real = self.real().map_err(InstanceError::Unavailable)?;
        let computed = match (self.kind, &self.claim) {
            (Kind::Truefalse, Some(claim)) => {
                let claimed = self
                    .parse_answer(claim)
                    .map_err(InstanceError::Unavailable)?
                    .map_err(|error| InstanceError::Notation {
                        field: "claim",
                        text: claim.clone(),
                        error,
                    })?;
                let holds = !matches!(real.computed, Computed::Error(_)) && claimed.same(&real.computed, self.strict_types);
                Computed::Value(Value::Bool(holds))
            }
            // A data answer that is a bool is the truth of the statement.
            (Kind::Truefalse, None) => match real.computed.as_bool() {
                Some(b) => Computed::Value(Value::Bool(b)),
                None => real.computed.clone(),
            },
            _ => real.computed.clone(),
        };
        Ok(Correct {
            text: computed.one_line(),
            computed,
        })
    }

    /// The author's distractors, rendered like the right answer (a tuple shown as a list when
    /// the answer is a list, unless `strict_types`), so the form does not give the answer away.
    pub fn wrong_answers(&self) -> Vec<Wrong> {
        let like = match self.real() {
            Ok(Evaluated {
                computed: Computed::Value(v),
                ..
            }) if !self.strict_types => Some(v.clone()),
            _ => None,
        };
        self.distractors
            .iter()
            .map(|d| {
                let answer = match &d.answer {
                    Stated::Value(t) => match self.parse_answer(t) {
                        Ok(Ok(Computed::Value(v))) => Ok(Computed::Value(match &like {
                            Some(l) => reshape(v, l),
                            None => v,
                        })),
                        Ok(Ok(c)) => Ok(c),
                        Ok(Err(e)) => Err(e),
                        Err(u) => Err(EngineError {
                            summary: u.to_string(),
                            detail: String::new(),
                        }),
                    },
                    Stated::Error(s) => Ok(Computed::Error(EngineError {
                        summary: s.clone(),
                        detail: String::new(),
                    })),
                    Stated::Bool(b) => Ok(Computed::Value(Value::Bool(*b))),
                };
                let text = match &answer {
                    Ok(c) => c.one_line(),
                    Err(_) => match &d.answer {
                        Stated::Value(t) | Stated::Error(t) => t.split_whitespace().collect::<Vec<_>>().join(" "),
                        Stated::Bool(b) => b.to_string(),
                    },
                };
                Wrong {
                    text,
                    answer,
                    why: d.why.clone(),
                    misconception: None,
                }
            })
            .collect()
    }

    /// The right answer and the distractors, shuffled for `seed` (truefalse: `true` then
    /// `false`). Choices rendering like an earlier one are dropped; empty when the engine is
    /// not available.
    pub fn choices(&self, seed: u64) -> Vec<Choice> {
        let Ok(correct) = self.correct_answer() else {
            return Vec::new();
        };
        if self.kind == Kind::Truefalse {
            let yes = matches!(correct.computed, Computed::Value(Value::Bool(true)));
            return vec![
                Choice {
                    text: "true".into(),
                    correct: yes,
                    why: None,
                    misconception: None,
                },
                Choice {
                    text: "false".into(),
                    correct: !yes,
                    why: None,
                    misconception: None,
                },
            ];
        }
        let mut out = vec![Choice {
            text: correct.text,
            correct: true,
            why: None,
            misconception: None,
        }];
        // Misconceptions first (the mistakes real learners make; the question's own first), up
        // to MAX_CHOICES choices in all; the author's distractors, then type confusions, only
        // fill up to MIN_WRONG wrong answers, so that a wrong choice is a computed mistake
        // wherever the engine has one. A pervasive misconception (one that changes nearly every
        // answer of its engine) is a choice only where the question lists it, so that it does
        // not crowd out the beliefs each question teaches.
        let (from_mistakes, confusions) = self.engine_wrong_answers();
        let from_mistakes = from_mistakes.into_iter().filter(|w| self.may_show(w));
        let fillers = self.wrong_answers().into_iter().chain(confusions);
        for (w, is_mistake) in from_mistakes.map(|w| (w, true)).chain(fillers.map(|w| (w, false))) {
            if out.len() >= MAX_CHOICES || (!is_mistake && out.len() > MIN_WRONG) {
                break;
            }
            if w.answer.is_ok() && out.iter().all(|c| c.text != w.text) {
                out.push(Choice {
                    text: w.text,
                    correct: false,
                    why: w.why,
                    misconception: w.misconception,
                });
            }
        }
        Rng::new(seed, &self.id).shuffle(&mut out);
        out
    }
}

impl Instance {
    /// Whether an engine-computed wrong answer may be a choice here: a pervasive
    /// misconception's only where the question lists it.
    pub fn may_show(&self, w: &Wrong) -> bool {
        match w.misconception.as_deref().and_then(crate::mistakes::catalogue::by_id) {
            Some(m) if m.pervasive => self.misconceptions.contains(&m.id),
            _ => true,
        }
    }
}

/// The fewest wrong answers a choice question shows (`check` requires that many distinct ones).
pub const MIN_WRONG: usize = 3;

/// The most choices a question shows (the right answer and four wrong ones).
pub const MAX_CHOICES: usize = 5;

impl Instance {
    /// Wrong answers the engine computes: (those a misconception of the catalogue produces — the
    /// source re-evaluated under each rule the real evaluation consulted — and plausible type
    /// confusions of the right answer). Answers equal to the right one are left out.
    pub fn engine_wrong_answers(&self) -> (Vec<Wrong>, Vec<Wrong>) {
        let Ok(real) = self.real() else { return (Vec::new(), Vec::new()) };
        let same_as_right = |c: &Computed| c.same(&real.computed, self.strict_types);
        let mistakes = self.mistake_answers(true);
        let mut confusions = Vec::new();
        // A scenario's summary, plan message, lines or exit code is text Terraform printed: a
        // confusion of its type is no answer a learner would give. A console value's is.
        use crate::bank::model::Ask;
        let typed_value = !self.source.is_scenario()
            || self
                .source
                .ask
                .as_deref()
                .is_some_and(|a| matches!(Ask::parse(a), Ok(Ask::Value | Ask::Json)));
        if let (Computed::Value(v), Kind::Choice | Kind::Input, true) = (&real.computed, self.kind, typed_value) {
            for (alt, why) in type_confusions(v) {
                let c = Computed::Value(alt);
                if !same_as_right(&c) {
                    confusions.push(Wrong {
                        text: c.one_line(),
                        answer: Ok(c),
                        why: Some(why.to_string()),
                        misconception: None,
                    });
                }
            }
        }
        (mistakes, confusions)
    }

    /// The answers the catalogue's misconceptions give, wrong ones only, each with its
    /// misconception; with `distinct`, one per answer (the first in the question's order).
    fn mistake_answers(&self, distinct: bool) -> Vec<Wrong> {
        let Ok(real) = self.real() else { return Vec::new() };
        let like = match &real.computed {
            Computed::Value(v) if !self.strict_types => Some(v.clone()),
            _ => None,
        };
        let same_as_right = |c: &Computed| c.same(&real.computed, self.strict_types);
        let mut mistakes: Vec<Wrong> = Vec::new();
        if self.kind != Kind::Truefalse {
            // The question's own misconceptions first, in its order: where two give the same
            // answer, the one the question teaches names it (and no catch-all crowds it out).
            let mut ordered: Vec<&crate::mistakes::Misconception> = crate::mistakes::catalogue().iter().collect();
            // A pervasive belief the question does not list goes last: where another one gives
            // the same answer, that one names it (choices leave the pervasive one out).
            ordered.sort_by_key(|m| {
                let listed = self.misconceptions.iter().position(|id| *id == m.id);
                (listed.unwrap_or(usize::MAX), listed.is_none() && m.pervasive)
            });
            for m in ordered {
                if m.engine != self.engine.to_string() || !real.touched.contains(&m.rule) {
                    continue;
                }
                let Ok(e) = self.evaluate_flipped(m.rule) else { continue };
                let computed = match (e.computed, &like) {
                    (Computed::Value(v), Some(l)) => Computed::Value(reshape(v, l)),
                    (c, _) => c,
                };
                if same_as_right(&computed) || (distinct && mistakes.iter().any(|w| w.text == computed.one_line())) {
                    continue;
                }
                mistakes.push(Wrong {
                    text: computed.one_line(),
                    answer: Ok(computed),
                    why: Some(m.explanation()),
                    misconception: Some(m.id.clone()),
                });
            }
        }
        mistakes
    }

    /// The misconception ids whose flipped rule changes this instance's answer.
    pub fn changing_misconceptions(&self) -> Vec<String> {
        let Ok(real) = self.real() else { return Vec::new() };
        let right = real.computed.one_line();
        crate::mistakes::catalogue()
            .iter()
            .filter(|m| m.engine == self.engine.to_string() && real.touched.contains(&m.rule))
            .filter(|m| self.evaluate_flipped(m.rule).is_ok_and(|e| e.computed.one_line() != right))
            .map(|m| m.id.clone())
            .collect()
    }
}

/// Plausible confusions of a value's type: the element for a one-element list, the list for
/// an element, a number's string, a list shown as a set (and a set as a list).
fn type_confusions(v: &Value) -> Vec<(Value, &'static str)> {
    use crate::lang::Type;
    let mut out = Vec::new();
    match v {
        Value::List(_, vs) | Value::Tuple(vs) | Value::Set(_, vs) if vs.len() == 1 => {
            out.push((
                vs[0].clone(),
                "Type confusion: this is the element itself, but the result is a collection holding it.",
            ));
        }
        Value::String(_) | Value::Number(_) | Value::Bool(_) => {
            out.push((
                Value::Tuple(vec![v.clone()]),
                "Type confusion: this is a one-element list, but the result is the element itself.",
            ));
        }
        _ => {}
    }
    match v {
        Value::Number(n) => out.push((Value::string(n.to_text()), "Type confusion: the result is a number, not a string.")),
        Value::String(s) => {
            if let Some(n) = crate::lang::value::number::Number::parse(s) {
                out.push((Value::Number(n), "Type confusion: the result is a string, not a number."));
            }
        }
        Value::List(t, vs) if vs.len() > 1 && t.is_primitive() => {
            out.push((
                Value::new_set(t.clone(), vs.clone()),
                "Type confusion: the result is a list, in its own order, not a set.",
            ));
        }
        Value::Set(t, vs) if vs.len() > 1 => {
            out.push((
                Value::List(t.clone(), vs.clone()),
                "Type confusion: the result is a set, not a list.",
            ));
        }
        Value::Tuple(vs) if vs.len() > 1 => {
            if let Ok(set) = convert(v, &Type::set(Type::Dynamic)) {
                out.push((set, "Type confusion: the result is a tuple, in its own order, not a set."));
            }
        }
        _ => {}
    }
    out
}

/// `v` converted to `like`'s type when that changes only the kind of collection (tuple →
/// list, object → map), never a primitive; otherwise `v` unchanged.
fn reshape(v: Value, like: &Value) -> Value {
    match convert(&v, &like.ty()) {
        Ok(c) if compare::same(&v, &c, false) && !matches!(c, Value::Set(..)) => c,
        _ => v,
    }
}

impl Instance {
    /// `typed` rewritten into the engine's notation when it is a string answer written as a
    /// person writes it (see [`Instance::judge`]); `None` to read it as it is.
    fn natural_reading(&self, correct: &Computed, typed: &str) -> Option<String> {
        let expected = match correct {
            Computed::Value(Value::String(s)) => s.to_string(),
            Computed::Data(d) => crate::bank::answer::data::one_line(d).trim_matches('"').to_string(),
            _ => return None,
        };
        let hcl = self.engine == Engine::Terraform;
        if crate::bank::answer::natural::is_outcome(&expected)
            && let Some(word) = crate::bank::answer::natural::outcome_named(typed)
        {
            return Some(if hcl { format!("\"{word}\"") } else { word.to_string() });
        }
        let unreadable = !matches!(self.parse_answer(typed), Ok(Ok(_)));
        // A call that fails (`upper(var.x)`) is an expression to refuse, not text to quote.
        let call = || crate::bank::answer::typed::refusal(typed).is_some_and(|r| r.is_call());
        if hcl && unreadable && matches!(correct, Computed::Value(_)) && !call() {
            return crate::bank::answer::natural::quoted(typed);
        }
        None
    }
}

/// The verdict on an answer a learner typed.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Whether it is the right answer.
    pub correct: bool,
    /// The right answer, on one line.
    pub expected: String,
    /// The misconceptions that produce exactly the learner's answer, with their explanations.
    pub misconceptions: Vec<(String, String)>,
    /// A remark on a wrong answer (it differs from the right one only in letter case).
    pub note: Option<String>,
}

impl Instance {
    /// Judges a typed answer (a value in the engine's notation; for error questions also an
    /// error summary): right or wrong, and which misconceptions give exactly that answer.
    ///
    /// A string answer may be typed as a person writes it: an outcome word in its usual forms
    /// (`error`, `an error`, `It fails.` for `"error"`), and terraform text without the quotes
    /// HCL would need (`t3.nano` for `"t3.nano"`).
    pub fn judge(&self, typed: &str) -> Result<Verdict, String> {
        let correct = self.correct_answer().map_err(|e| e.to_string())?;
        let expected = correct.text.clone();
        let rewritten = self.natural_reading(&correct.computed, typed);
        let typed = rewritten.as_deref().unwrap_or(typed);
        let says_error = typed.trim_start().starts_with("Error:");
        if !says_error && let Some(why) = self.expression_refusal(&correct.computed, typed) {
            return Err(why);
        }
        // What the learner may mean: a value, or (where errors are in play) an error summary.
        let as_error = Computed::Error(EngineError {
            summary: typed.trim().trim_start_matches("Error:").trim().to_string(),
            detail: String::new(),
        });
        let mut readings = Vec::new();
        match self.parse_answer(typed) {
            Ok(Ok(v)) if !says_error => readings.push(v),
            Ok(_) if says_error || matches!(correct.computed, Computed::Error(_)) => {}
            Ok(Err(e)) => return Err(format!("not {}: {}", self.engine.value_noun(), e.summary)),
            Ok(Ok(_)) => {}
            Err(u) => return Err(u.to_string()),
        }
        // A YAML line reads as a string even when it names an error, so data engines try both.
        if says_error || readings.is_empty() || self.engine != Engine::Terraform {
            readings.push(as_error);
        }
        let same = |b: &Computed| {
            readings.iter().any(|a| match (a, b) {
                (Computed::Value(x), Computed::Value(y)) => crate::bank::answer::compare::same_answer(y, x, self.strict_types),
                (Computed::Value(_), _) | (_, Computed::Value(_)) => false,
                (a, b) => a.same(b, self.strict_types),
            })
        };
        let ok = same(&correct.computed);
        let case_only = !ok
            && readings.iter().any(|a| match (a, &correct.computed) {
                (Computed::Value(x), Computed::Value(y)) => {
                    let (x, y) = (crate::bank::answer::typed::fold_case(x), crate::bank::answer::typed::fold_case(y));
                    crate::bank::answer::compare::same_answer(&y, &x, self.strict_types)
                }
                _ => false,
            });
        let mut misconceptions = Vec::new();
        if !ok {
            // Every misconception that gives this answer is named, not only the first.
            for w in self.mistake_answers(false) {
                if let (Ok(c), Some(id)) = (&w.answer, &w.misconception)
                    && same(c)
                {
                    misconceptions.push((id.clone(), w.why.clone().unwrap_or_default()));
                }
            }
        }
        Ok(Verdict {
            correct: ok,
            expected,
            misconceptions,
            note: case_only.then(|| crate::bank::answer::typed::CASE_NOTE.to_string()),
        })
    }

    /// Why `typed` (already in the engine's notation) is refused before grading: for
    /// terraform, an expression where a value was asked for. `None` for a literal value.
    fn expression_refusal(&self, correct: &Computed, typed: &str) -> Option<String> {
        if self.engine != Engine::Terraform {
            return None;
        }
        let expects_string = match correct {
            Computed::Value(v) => crate::bank::answer::typed::holds_string(v),
            _ => false,
        };
        crate::bank::answer::typed::refusal(typed).map(|r| r.message(expects_string))
    }

    /// Why the learner's `typed` answer cannot be graded (`None` when it can): an expression
    /// where a value was asked for, or text that is not in the engine's notation. Outcome words
    /// and unquoted strings read as [`Instance::judge`] reads them.
    pub fn typed_problem(&self, typed: &str) -> Option<String> {
        let correct = match self.correct_answer() {
            Ok(c) => c,
            Err(e) => return Some(e.to_string()),
        };
        let rewritten = self.natural_reading(&correct.computed, typed);
        let text = rewritten.as_deref().unwrap_or(typed);
        self.expression_refusal(&correct.computed, text)
            .or_else(|| engine::answer_problem(self.engine, text))
    }

    /// Why the learner's `typed` answer is refused as an expression (terraform: anything but
    /// a literal value), read as [`Instance::judge`] reads it; `None` otherwise. Unlike
    /// [`Instance::typed_problem`] it says nothing about text that does not parse, so an exam
    /// can refuse expressions without judging the rest.
    pub fn expression_problem(&self, typed: &str) -> Option<String> {
        if self.engine != Engine::Terraform || typed.trim_start().starts_with("Error:") {
            return None;
        }
        let correct = self.correct_answer().ok()?;
        let rewritten = self.natural_reading(&correct.computed, typed);
        self.expression_refusal(&correct.computed, rewritten.as_deref().unwrap_or(typed))
    }
}
