//! `check`: prove every question against its engine. A question fails where its stated answer
//! differs from the engine's, its source fails (or does not fail) against its kind, or its
//! choices are not usable (too few, duplicated, or one of them right).

use std::collections::BTreeSet;

use crate::bank::Bank;
use crate::bank::answer::compare;
use crate::bank::check::collapse;
use crate::bank::check::domain::{self, Plan, Values};
use crate::bank::check::literals;
use crate::bank::engine::Computed;
use crate::bank::instance::Instance;
use crate::bank::model::{Engine, Kind, Origin, Question, Stated};

/// The most instance problems a question's report lists (the rest are counted).
pub const MAX_INSTANCE_PROBLEMS: usize = 5;

/// The fewest distinct distractors a `choice` question may have.
pub const MIN_DISTRACTORS: usize = 3;

/// How a question's instances were proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// How many instances were proved (1 for a question without params).
    pub instances: usize,
    /// True when they are the whole domain; false for a seeded sample and the corners.
    pub whole: bool,
    /// The size of the whole domain (saturating).
    pub domain: u128,
}

impl Proof {
    /// A question without params: one instance, the whole domain.
    pub fn single() -> Proof {
        Proof {
            instances: 1,
            whole: true,
            domain: 1,
        }
    }
}

/// The verdict on one question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestionReport {
    /// The question's id.
    pub id: String,
    /// Its engine.
    pub engine: Engine,
    /// Its topic.
    pub topic: String,
    /// Its kind.
    pub kind: Kind,
    /// Where it is.
    pub origin: Origin,
    /// Distinct usable distractors (of the first instance).
    pub distractors: usize,
    /// Which instances were proved.
    pub proof: Proof,
    /// What is wrong (empty: it passes).
    pub problems: Vec<String>,
}

impl QuestionReport {
    /// True when the question passes.
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }
}

/// The verdict on a bank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// One report per question, in bank order.
    pub questions: Vec<QuestionReport>,
}

impl CheckReport {
    /// How many questions were checked.
    pub fn total(&self) -> usize {
        self.questions.len()
    }
    /// How many passed.
    pub fn passed(&self) -> usize {
        self.questions.iter().filter(|q| q.passed()).count()
    }
    /// How many failed.
    pub fn failed(&self) -> usize {
        self.total() - self.passed()
    }
    /// How many instances were proved in all.
    pub fn instances(&self) -> usize {
        self.questions.iter().map(|q| q.proof.instances).sum()
    }
}

/// What proving one instance found.
struct Outcome {
    /// Its parameter values, as `name=value, ...` (empty without params).
    label: String,
    /// Its problems.
    problems: Vec<String>,
    /// Its distinct usable distractors.
    distractors: usize,
    /// What bears on its difficulty.
    signal: collapse::Signal,
    /// The values it states (see [`literals::InstanceValues`]).
    values: literals::InstanceValues,
}

/// The instances to prove for `q`: its whole domain or a sample (see [`domain::plan`]).
pub fn plan_for(q: &Question) -> Plan {
    if q.is_parameterised() {
        domain::plan(&q.params, &q.id)
    } else {
        Plan {
            instances: vec![Values::new()],
            whole: true,
            domain: 1,
        }
    }
}

/// Checks every question of `bank`, every instance of each.
///
/// Instances are independent, so all of them, of every question, are shared out over the
/// machine's cores (one question's 256 instances do not leave the other cores idle); the report
/// keeps bank order whatever order they finish in.
pub fn check_bank(bank: &Bank) -> CheckReport {
    let questions = bank.questions();
    let plans: Vec<Plan> = crate::par::map(questions, plan_for);
    let work: Vec<(usize, usize)> = plans
        .iter()
        .enumerate()
        .flat_map(|(qi, p)| (0..p.instances.len()).map(move |ii| (qi, ii)))
        .collect();
    let mut outcomes = crate::par::map(&work, |&(qi, ii)| prove(&questions[qi], &plans[qi].instances[ii], ii)).into_iter();
    let reports = questions
        .iter()
        .zip(&plans)
        .map(|(q, plan)| {
            let mine: Vec<Outcome> = outcomes.by_ref().take(plan.instances.len()).collect();
            verdict(q, plan, mine)
        })
        .collect();
    CheckReport { questions: reports }
}

/// Checks one question: every instance of its domain, or a sample of it (see [`plan_for`]).
pub fn check_question(q: &Question) -> QuestionReport {
    let plan = plan_for(q);
    let idx: Vec<usize> = (0..plan.instances.len()).collect();
    let outcomes = crate::par::map(&idx, |&ii| prove(q, &plan.instances[ii], ii));
    verdict(q, &plan, outcomes)
}

/// Proves one instance of `q` (`n` orders its choices).
fn prove(q: &Question, values: &Values, n: usize) -> Outcome {
    let inst = q.instance_with(values.clone(), n as u64);
    let (mut problems, distractors) = check_instance(&inst);
    problems.extend(crate::bank::check::since::stated_problem(&inst, q.refs.since.as_deref()));
    // A problem may quote an answer; a huge one is cut, so what every instance keeps is small.
    problems.iter_mut().for_each(cut_long);
    let label = values.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ");
    let (signal, values) = if q.is_parameterised() {
        let shown = crate::bank::model::params::names_in(&q.prompt);
        let answer_shown = inst.correct_answer().is_ok_and(|c| {
            let bare = c.text.trim_matches('"');
            values
                .iter()
                .any(|(k, v)| shown.contains(k) && (v == &c.text || v.trim_matches('"') == bare))
        });
        let signal = collapse::Signal {
            changing: inst.changing_misconceptions(),
            answer_shown,
        };
        (signal, stated_values(&inst, &label, longest_text(q)))
    } else {
        (collapse::Signal::default(), literals::InstanceValues::default())
    };
    Outcome {
        label,
        problems,
        distractors,
        signal,
        values,
    }
}

/// The values an instance states: its parameter values, right answer and every wrong answer
/// (those no longer than `longest`, the question's longest text: see
/// [`literals::derived_values`]).
fn stated_values(inst: &Instance, label: &str, longest: usize) -> literals::InstanceValues {
    let params = inst.values.clone();
    let Ok(correct) = inst.correct_answer() else {
        return literals::InstanceValues {
            label: label.to_string(),
            params,
            derived: BTreeSet::new(),
        };
    };
    let wrong = inst.wrong_answers();
    let (mistakes, _) = inst.engine_wrong_answers();
    let mut answers: Vec<&Computed> = vec![&correct.computed];
    answers.extend(wrong.iter().chain(&mistakes).filter_map(|w| w.answer.as_ref().ok()));
    literals::InstanceValues {
        label: label.to_string(),
        params,
        derived: literals::derived_values(&answers, longest),
    }
}

/// Gathers a question's instance outcomes into its report, adding the question-wide checks:
/// literals that should be parameters, and a difficulty that collapses.
fn verdict(q: &Question, plan: &Plan, outcomes: Vec<Outcome>) -> QuestionReport {
    let mut problems = Vec::new();
    let mut raw: Vec<String> = Vec::new();
    for o in &outcomes {
        for p in &o.problems {
            // The same problem in several instances is reported once, for the first.
            if !raw.contains(p) {
                if o.label.is_empty() {
                    problems.push(p.clone());
                } else {
                    problems.push(format!("[{}] {p}", o.label));
                }
                raw.push(p.clone());
            }
        }
    }
    // Hundreds of instances can each fail in their own words; a few say what is wrong.
    if problems.len() > MAX_INSTANCE_PROBLEMS {
        let more = problems.len() - MAX_INSTANCE_PROBLEMS;
        problems.truncate(MAX_INSTANCE_PROBLEMS);
        problems.push(format!(
            "and {more} more problem{} in other instances",
            if more == 1 { "" } else { "s" }
        ));
    }
    if q.is_parameterised() {
        problems.extend(stale_text(q, &outcomes));
        let per_instance: Vec<collapse::Signal> = outcomes.iter().map(|o| o.signal.clone()).collect();
        if let Some(c) = collapse::collapse(&q.misconceptions, &per_instance) {
            problems.push(c.to_string());
        }
    }
    // A syntax error in the expression is reported where it is, not at the question's line.
    let mut origin = q.origin.clone();
    if let (false, Some(s)) = (problems.is_empty(), &q.origin.expr_syntax) {
        problems.insert(0, s.to_string());
        origin.line = s.line;
        origin.column = s.column;
    }
    QuestionReport {
        id: q.id.clone(),
        engine: q.engine,
        topic: q.topic.clone(),
        kind: q.kind,
        origin,
        distractors: outcomes.first().map_or(0, |o| o.distractors),
        proof: Proof {
            instances: plan.instances.len(),
            whole: plan.whole,
            domain: plan.domain,
        },
        problems,
    }
}

/// The length of the longest text a literal of [`stale_text`] can come from.
fn longest_text(q: &Question) -> usize {
    let whys = q.distractors.iter().filter_map(|d| d.why.as_deref().map(str::len));
    whys.chain([q.prompt.len(), q.explain.len()]).max().unwrap_or(0)
}

/// The question's texts that state a value its parameters change.
fn stale_text(q: &Question, outcomes: &[Outcome]) -> Vec<String> {
    let mut fields: Vec<(String, &str)> = vec![("prompt".into(), q.prompt.as_str()), ("explain".into(), q.explain.as_str())];
    for (i, d) in q.distractors.iter().enumerate() {
        if let Some(why) = &d.why {
            fields.push((format!("distractor {} why", i + 1), why.as_str()));
        }
    }
    let source = std::cell::RefCell::new(Vec::new());
    let _ = q.source.map_texts(|t| {
        source.borrow_mut().push(t.to_string());
        String::new()
    });
    let source = source.into_inner();
    let source: Vec<&str> = source.iter().map(String::as_str).collect();
    let instances: Vec<literals::InstanceValues> = outcomes.iter().map(|o| o.values.clone()).collect();
    literals::stale_literals(&fields, &q.prompt, &source, &instances)
        .into_iter()
        .map(|s| {
            format!(
                "the {} states {:?}, a value that is right only for some instances (e.g. {}): write the parameter ({{{{name}}}}) or leave the value out",
                s.field, s.literal, s.instance
            )
        })
        .collect()
}

/// The longest problem kept whole (a reader needs its start; the rest is counted).
const MAX_PROBLEM_BYTES: usize = 2_000;

fn cut_long(p: &mut String) {
    if p.len() > MAX_PROBLEM_BYTES {
        let mut end = MAX_PROBLEM_BYTES;
        while !p.is_char_boundary(end) {
            end -= 1;
        }
        let more = p.len() - end;
        p.truncate(end);
        p.push_str(&format!("… ({more} bytes more)"));
    }
}

fn one_line_text(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Checks one instance; returns its problems and its count of distinct usable distractors.
pub fn check_instance(inst: &Instance) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let real = match inst.real() {
        Ok(r) => r,
        Err(u) => return (vec![u.to_string()], 0),
    };
    let got = &real.computed;
    let strict = inst.strict_types;
    match inst.kind {
        Kind::Choice | Kind::Input => match got {
            Computed::Error(e) => {
                problems.push(format!(
                    "the source fails with \"{}\" ({}), but {} {} question needs a value (use kind: error if the error is the point)",
                    e.summary,
                    one_line_text(&e.detail),
                    if inst.kind == Kind::Input { "an" } else { "a" },
                    inst.kind
                ));
            }
            _ => {
                if let Some(Stated::Value(text)) = &inst.answer {
                    check_stated_value(inst, text, got, strict, &mut problems);
                }
            }
        },
        Kind::Error => match got {
            Computed::Error(e) => {
                if let Some(Stated::Error(summary)) = &inst.answer
                    && summary != &e.summary
                {
                    problems.push(format!(
                        "stated error differs: answer says \"{summary}\", the engine fails with \"{}\" ({})",
                        e.summary,
                        one_line_text(&e.detail)
                    ));
                }
            }
            _ => problems.push(format!("an error question's source must fail, but it gives {}", got.one_line())),
        },
        Kind::Truefalse => match inst.correct_answer() {
            Err(e) => problems.push(e.to_string()),
            Ok(c) => {
                let truth = match (&c.computed, &inst.claim) {
                    (Computed::Value(crate::lang::Value::Bool(b)), _) => Some(*b),
                    (other, None) => {
                        problems.push(format!(
                            "a truefalse question without `claim` needs a source that gives true or false, and it gives {}",
                            other.one_line()
                        ));
                        None
                    }
                    _ => None,
                };
                if let (Some(t), Some(Stated::Bool(b))) = (truth, &inst.answer)
                    && t != *b
                {
                    let why = match &inst.claim {
                        Some(claim) => format!("the claim {} is {t}: the source gives {}", one_line_text(claim), got.one_line()),
                        None => format!("the source gives {}", got.one_line()),
                    };
                    problems.push(format!("stated answer differs: answer says {b}, but {why}"));
                }
            }
        },
    }
    if inst.kind == Kind::Input
        && let Some(esc) = crate::bank::answer::natural::needs_escape(&got.one_line())
    {
        problems.push(format!(
            "the answer of an input question must be typeable as a person writes it, but {} needs the escape {esc}; make it a choice question (or change the source)",
            got.one_line()
        ));
    }
    let n = check_choices(inst, got, &mut problems);
    (problems, n)
}

fn check_stated_value(inst: &Instance, text: &str, got: &Computed, strict: bool, problems: &mut Vec<String>) {
    if let Computed::Text(t) = got {
        if one_line_text(text) != one_line_text(t) {
            problems.push(format!(
                "stated answer differs: answer says {}, the engine gives {}",
                one_line_text(text),
                got.one_line()
            ));
        }
        return;
    }
    if let Computed::Data(actual) = got {
        check_stated_data(inst, text, actual, problems);
        return;
    }
    let Computed::Value(actual) = got else { return };
    match crate::bank::engine::constant(inst.engine, text) {
        Err(u) => problems.push(u.to_string()),
        Ok(Err(e)) => {
            let mut msg = format!("answer {} is not a constant value: {}", one_line_text(text), e.summary);
            if !e.detail.is_empty() {
                msg.push_str(&format!(" ({})", one_line_text(&e.detail)));
            }
            if crate::lang::syntax::parse_expr(text).is_ok() && !text.trim_start().starts_with(['"', '[', '{']) {
                msg.push_str(&format!(
                    "; a YAML string is read as HCL, so a string answer needs HCL quotes too: answer: '\"{}\"'",
                    text.trim()
                ));
            }
            problems.push(msg);
        }
        Ok(Ok(expected)) => {
            if let Err(m) = compare::compare(&expected, actual, strict) {
                let (said, gives) = (crate::lang::value::render::one_line(&expected), got.one_line());
                let mut msg = format!("stated answer differs: answer says {said}, the engine gives {gives}");
                // Say where they differ, unless that only repeats the two renderings.
                if !(m.path.is_empty() && m.what == format!("author has {said}, engine {gives}")) {
                    msg.push_str(&format!("; {m}"));
                }
                if let (crate::lang::Value::Number(_), crate::lang::Value::String(s)) = (&expected, actual)
                    && s.as_ref() == text.trim()
                {
                    msg.push_str(&format!("; a YAML string is read as HCL: write answer: '\"{s}\"' for the string"));
                }
                problems.push(msg);
            }
        }
    }
}

/// A stated answer of a data engine (cfnrain, rivet) against the engine's data.
fn check_stated_data(inst: &Instance, text: &str, actual: &crate::cfn::Value, problems: &mut Vec<String>) {
    match inst.parse_answer(text) {
        Err(u) => problems.push(u.to_string()),
        Ok(Err(e)) => problems.push(format!("answer {} is not a YAML value: {}", one_line_text(text), e.detail)),
        Ok(Ok(Computed::Data(expected))) => {
            if let Err(m) = crate::bank::answer::data::compare(&expected, actual) {
                let (said, gives) = (
                    crate::bank::answer::data::one_line(&expected),
                    crate::bank::answer::data::one_line(actual),
                );
                let mut msg = format!("stated answer differs: answer says {said}, the engine gives {gives}");
                if !(m.path.is_empty() && m.what.starts_with("author has ") && m.what.ends_with(&gives)) {
                    msg.push_str(&format!("; {m}"));
                }
                problems.push(msg);
            }
        }
        Ok(Ok(other)) => problems.push(format!("answer {} is not data: {}", one_line_text(text), other.one_line())),
    }
}

/// Checks the distractors and returns how many distinct usable ones there are.
fn check_choices(inst: &Instance, got: &Computed, problems: &mut Vec<String>) -> usize {
    if inst.kind == Kind::Truefalse {
        return 0;
    }
    let correct_text = got.one_line();
    let mut seen: Vec<(String, String)> = vec![("the right answer".into(), correct_text.clone())];
    let mut distinct = BTreeSet::new();
    for (i, w) in inst.wrong_answers().iter().enumerate() {
        let label = format!("distractor {} ({})", i + 1, w.text);
        let computed = match &w.answer {
            Ok(c) => c,
            Err(e) => {
                let mut msg = format!("{label} is not a constant value: {}", e.summary);
                if !e.detail.is_empty() {
                    msg.push_str(&format!(" ({})", one_line_text(&e.detail)));
                }
                problems.push(msg);
                continue;
            }
        };
        let equals_right = computed.same(got, inst.strict_types);
        if equals_right {
            problems.push(format!("{label} equals the right answer ({correct_text})"));
            continue;
        }
        if let Some((other, _)) = seen.iter().find(|(_, t)| *t == w.text) {
            problems.push(format!("{label} renders identically to {other}: {}", w.text));
            continue;
        }
        seen.push((label, w.text.clone()));
        distinct.insert(w.text.clone());
    }
    // The engine's own distractors: the answers misconceptions produce, and type confusions.
    let (from_mistakes, confusions) = inst.engine_wrong_answers();
    let from_engine = from_mistakes.len();
    for w in from_mistakes.iter().chain(&confusions).filter(|w| inst.may_show(w)) {
        if w.text != correct_text {
            distinct.insert(w.text.clone());
        }
    }
    if inst.kind != Kind::Truefalse {
        let changing_ids = inst.changing_misconceptions();
        let changing: Vec<&str> = changing_ids.iter().map(String::as_str).collect();
        for id in &inst.misconceptions {
            if crate::mistakes::catalogue::by_id(id).is_none() {
                problems.push(format!("misconception {id:?} is not in the catalogue (assets/misconceptions.yaml)"));
            } else if !changing.contains(&id.as_str()) {
                problems.push(format!(
                    "misconception {id:?} does not change this question's answer, so it cannot be one of its distractors"
                ));
            }
        }
    }
    let _ = from_engine;
    // A misconception's answer must be the believer's, not an artefact of the selection.
    problems.extend(crate::bank::check::believers::selection_artefacts(inst));
    if inst.kind == Kind::Choice && distinct.len() < MIN_DISTRACTORS {
        problems.push(format!(
            "a choice question needs at least {MIN_DISTRACTORS} distinct distractors that differ from the right answer, and has {}",
            distinct.len()
        ));
    }
    distinct.len()
}
