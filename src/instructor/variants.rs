//! Variants: each drawn question instantiated once per variant (a parameterised question with
//! different values in each variant while its parameters allow), its answer and distractors
//! computed by the engine, and its choices lettered in a per-variant order.

use std::collections::BTreeMap;

use super::draw::{Options, draw};
use super::error::{Failing, QuizError};
use super::model::{Answer, Drawn, Format, Item, ItemChoice, ItemSource, Lesson, Quiz, Refs, SCHEMA, Variant, Wrong};
use crate::bank::check::{check_bank, check_instance};
use crate::bank::model::rng::Rng;
use crate::bank::{Bank, Computed, Instance, Kind, Question};
use crate::lang::Value;

/// How many seeds a parameterised question tries for a variant before it accepts values an
/// earlier variant already has.
pub const ATTEMPTS: u64 = 64;

/// The letters of choices, in order.
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Mixes two numbers into a seed (stable across builds and platforms).
pub fn mix(a: u64, b: u64) -> u64 {
    Rng::new(a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15), "iacquiz-quiz").next_u64()
}

/// The instance seed a question tries, for a variant (0-based) and an attempt.
fn instance_seed(seed: u64, variant: usize, attempt: u64) -> u64 {
    mix(mix(seed, variant as u64 + 1), attempt)
}

/// The seed that orders a variant's choices.
fn choice_seed(seed: u64, variant: usize) -> u64 {
    mix(seed ^ 0x5BD1_E995, variant as u64 + 1)
}

/// Refuses a bank that fails `check`, naming every failing question.
pub fn require_checked(bank: &Bank) -> Result<(), QuizError> {
    let report = check_bank(bank);
    let failing: Vec<Failing> = report
        .questions
        .iter()
        .filter(|q| !q.passed())
        .map(|q| Failing {
            id: q.id.clone(),
            origin: q.origin.to_string(),
            problems: q.problems.clone(),
        })
        .collect();
    if failing.is_empty() {
        Ok(())
    } else {
        Err(QuizError::BankFails(failing))
    }
}

/// Makes a quiz: checks the bank, draws the questions and builds every variant.
pub fn new_quiz(bank: &Bank, o: &Options) -> Result<Quiz, QuizError> {
    if o.variants == 0 {
        return Err(QuizError::Usage("--variants must be at least 1".into()));
    }
    require_checked(bank)?;
    let drawn = draw(bank, o)?;
    let mut quiz = build(&drawn, o)?;
    for d in &mut quiz.questions {
        let objectives = &bank.catalogue().objectives;
        d.refs.objective_text = d.refs.objective.as_deref().and_then(|id| objectives.text(id)).map(str::to_string);
    }
    Ok(quiz)
}

/// Builds the variants of already drawn questions (the bank is taken as checked).
pub fn build(drawn: &[&Question], o: &Options) -> Result<Quiz, QuizError> {
    let mut variants: Vec<Variant> = (0..o.variants)
        .map(|k| Variant {
            variant: k + 1,
            questions: Vec::with_capacity(drawn.len()),
        })
        .collect();
    for (i, q) in drawn.iter().enumerate() {
        let items = question_items(q, i + 1, o)?;
        for (v, item) in variants.iter_mut().zip(items) {
            v.questions.push(item);
        }
    }
    Ok(Quiz {
        schema: SCHEMA,
        student: false,
        seed: o.seed,
        questions: drawn
            .iter()
            .enumerate()
            .map(|(i, q)| Drawn {
                number: i + 1,
                id: q.id.clone(),
                topic: q.topic.clone(),
                engine: q.engine.name().to_string(),
                kind: q.kind.name().to_string(),
                difficulty: q.difficulty,
                lesson: Lesson {
                    seed: q.lesson.seed.clone(),
                    section: q.lesson.section.clone(),
                },
                parameterised: q.is_parameterised(),
                refs: Refs {
                    quote: q.refs.quote.as_deref().map(crate::bank::load::refs::normalise),
                    objective: q.refs.objective.clone(),
                    // Filled in by new_quiz, which has the bank's objective catalogue.
                    objective_text: None,
                    docs: q.refs.docs.clone(),
                    since: crate::bank::check::since::of_question(q),
                },
            })
            .collect(),
        variants,
    })
}

/// A question computed once: everything but the per-variant choice order.
struct Ready {
    seed: u64,
    inst: Instance,
    format: Format,
    choices: Vec<(String, bool, Option<String>, Option<String>)>,
    answer: String,
    wrong: Vec<Wrong>,
}

/// One item per variant for question `q`.
fn question_items(q: &Question, number: usize, o: &Options) -> Result<Vec<Item>, QuizError> {
    let mut cache: Vec<Ready> = Vec::new();
    let mut picks: Vec<usize> = Vec::with_capacity(o.variants);
    if q.is_parameterised() {
        for k in 0..o.variants {
            let p = pick_instance(q, o.seed, k, &mut cache, &picks)?;
            picks.push(p);
        }
    } else {
        let inst = q.instantiate(0);
        cache.push(compute(q, 0, inst).map_err(|p| QuizError::NoInstance {
            id: q.id.clone(),
            problems: p,
        })?);
        picks.resize(o.variants, 0);
    }
    let mut out = Vec::with_capacity(o.variants);
    for (k, &c) in picks.iter().enumerate() {
        let Some(c) = cache.get(c) else { continue };
        out.push(item(q, number, c, choice_seed(o.seed, k)));
    }
    Ok(out)
}

/// Finds variant `k`'s instance of a parameterised question: the first seed whose instance
/// passes check and whose values no earlier variant has; failing that (the parameters have too
/// few values), the usable instance seen that the fewest earlier variants have.
fn pick_instance(q: &Question, seed: u64, k: usize, cache: &mut Vec<Ready>, picks: &[usize]) -> Result<usize, QuizError> {
    let mut fallback: Option<(usize, usize)> = None;
    let mut problems = Vec::new();
    for attempt in 0..ATTEMPTS {
        let s = instance_seed(seed, k, attempt);
        let inst = q.instantiate(s);
        if let Some(i) = cache.iter().position(|c| c.inst.values == inst.values) {
            let uses = picks.iter().filter(|p| **p == i).count();
            if fallback.is_none_or(|(_, u)| uses < u) {
                fallback = Some((i, uses));
            }
            continue;
        }
        match compute(q, s, inst) {
            Ok(c) => {
                cache.push(c);
                return Ok(cache.len() - 1);
            }
            Err(p) => {
                for x in p {
                    if !problems.contains(&x) {
                        problems.push(x);
                    }
                }
            }
        }
    }
    fallback.map(|(i, _)| i).ok_or(QuizError::NoInstance {
        id: q.id.clone(),
        problems,
    })
}

/// Computes an instance's answer, choices and wrong answers; `Err` with its problems when the
/// instance is not usable.
fn compute(q: &Question, seed: u64, inst: Instance) -> Result<Ready, Vec<String>> {
    if q.is_parameterised() {
        let (problems, _) = check_instance(&inst);
        if !problems.is_empty() {
            let vals: Vec<String> = inst.values.iter().map(|(k, v)| format!("{k}={v}")).collect();
            return Err(problems.into_iter().map(|p| format!("[{}] {p}", vals.join(", "))).collect());
        }
    }
    let correct = inst.correct_answer().map_err(|e| vec![e.to_string()])?;
    let mut wrong = Vec::new();
    let (format, choices) = match inst.kind {
        Kind::Truefalse => {
            let truth = matches!(correct.computed, Computed::Value(Value::Bool(true)));
            let flips = truefalse_misconceptions(&inst, truth);
            let plain = match (&inst.claim, inst.real()) {
                (Some(_), Ok(real)) => format!("The statement is {truth}: the expression gives {}.", real.computed.one_line()),
                _ => format!("The statement is {truth}."),
            };
            let first = flips.first().cloned();
            let choices = [true, false]
                .into_iter()
                .map(|b| {
                    let (m, why) = match (&first, b == truth) {
                        (Some((id, why)), false) => (Some(id.clone()), Some(why.clone())),
                        (None, false) => (None, Some(plain.clone())),
                        _ => (None, None),
                    };
                    (b.to_string(), b == truth, m, why)
                })
                .collect();
            (Format::Truefalse, choices)
        }
        Kind::Input => {
            wrong = typed_wrong_answers(&inst, &correct.text);
            (Format::Shortanswer, Vec::new())
        }
        Kind::Choice | Kind::Error => {
            let cs: Vec<_> = inst
                .choices(seed)
                .into_iter()
                .map(|c| (c.text, c.correct, c.misconception, c.why))
                .collect();
            if cs.len() >= 2 && cs.iter().filter(|c| c.1).count() == 1 {
                (Format::Multichoice, cs)
            } else if inst.kind == Kind::Error {
                wrong = typed_wrong_answers(&inst, &correct.text);
                (Format::Shortanswer, Vec::new())
            } else {
                return Err(vec![format!("only {} usable choices", cs.len())]);
            }
        }
    };
    Ok(Ready {
        seed,
        inst,
        format,
        choices,
        answer: correct.text,
        wrong,
    })
}

/// The wrong answers a learner might type: the misconceptions' (computed), then the author's.
fn typed_wrong_answers(inst: &Instance, right: &str) -> Vec<Wrong> {
    let (mistakes, _) = inst.engine_wrong_answers();
    let mut out: Vec<Wrong> = Vec::new();
    for w in mistakes.into_iter().chain(inst.wrong_answers()) {
        if w.answer.is_ok() && w.text != right && out.iter().all(|o| o.text != w.text) {
            out.push(Wrong {
                text: w.text,
                misconception: w.misconception,
                why: w.why,
            });
        }
    }
    out
}

/// The misconceptions under which a truefalse statement's truth flips, with their
/// explanations: the author's listed ones first, then the catalogue's order.
pub fn truefalse_misconceptions(inst: &Instance, truth: bool) -> Vec<(String, String)> {
    let Ok(real) = inst.real() else { return Vec::new() };
    let claimed = match &inst.claim {
        Some(c) => match inst.parse_answer(c) {
            Ok(Ok(v)) => Some(v),
            _ => return Vec::new(),
        },
        None => None,
    };
    let mut out: Vec<(String, String)> = Vec::new();
    for m in crate::mistakes::catalogue() {
        if m.engine != inst.engine.name() || !real.touched.contains(&m.rule) {
            continue;
        }
        let Ok(e) = inst.evaluate_flipped(m.rule) else { continue };
        let believed = match (&claimed, &e.computed) {
            (Some(_), Computed::Error(_)) => false,
            (Some(c), v) => c.same(v, inst.strict_types),
            (None, v) => match v.as_bool() {
                Some(b) => b,
                None => continue,
            },
        };
        if believed != truth {
            out.push((m.id.clone(), m.explanation()));
        }
    }
    out.sort_by_key(|(id, _)| inst.misconceptions.iter().position(|m| m == id).unwrap_or(usize::MAX));
    out
}

/// The item of one variant: the computed question with its choices in the variant's order.
fn item(q: &Question, number: usize, c: &Ready, choice_seed: u64) -> Item {
    let mut order: Vec<usize> = (0..c.choices.len()).collect();
    if c.format == Format::Multichoice {
        Rng::new(choice_seed, &q.id).shuffle(&mut order);
    }
    let choices: Vec<ItemChoice> = order
        .iter()
        .enumerate()
        .filter_map(|(pos, &i)| {
            let (text, correct, m, why) = c.choices.get(i)?;
            Some(ItemChoice {
                key: letter(pos),
                text: text.clone(),
                correct: *correct,
                misconception: m.clone(),
                why: why.clone(),
            })
        })
        .collect();
    let key = choices.iter().find(|c| c.correct).map(|c| c.key.clone());
    let mut misconceptions: Vec<String> = Vec::new();
    for m in choices
        .iter()
        .filter_map(|c| c.misconception.as_ref())
        .chain(c.wrong.iter().filter_map(|w| w.misconception.as_ref()))
    {
        if !misconceptions.contains(m) {
            misconceptions.push(m.clone());
        }
    }
    let inst = &c.inst;
    Item {
        number,
        id: q.id.clone(),
        topic: q.topic.clone(),
        engine: q.engine.name().to_string(),
        kind: q.kind.name().to_string(),
        format: c.format,
        difficulty: q.difficulty,
        strict_types: q.strict_types,
        seed: c.seed,
        values: inst.values.clone(),
        prompt: inst.prompt.clone(),
        source: ItemSource::from_source(&inst.source),
        claim: inst.claim.clone(),
        choices,
        answer: Answer {
            key,
            text: c.answer.clone(),
        },
        wrong: c.wrong.clone(),
        misconceptions,
        explain: inst.explain.clone(),
        hint: None,
    }
}

/// The letter of the choice at `pos` (`A`, `B`, ... then `A1`... past `Z`).
fn letter(pos: usize) -> String {
    match LETTERS.get(pos) {
        Some(b) => char::from(*b).to_string(),
        None => format!("A{}", pos - LETTERS.len() + 1),
    }
}

/// A map of parameter values shown as `a=1, b=x`.
pub fn values_text(values: &BTreeMap<String, String>) -> String {
    values.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
}

/// Notes on parameterised questions whose parameters have fewer value sets than the quiz has
/// variants, so some variants share values (`tf-x: 3 value sets for 5 variants`).
pub fn repeated_values(quiz: &Quiz) -> Vec<String> {
    let mut out = Vec::new();
    for (i, d) in quiz.questions.iter().enumerate() {
        if !d.parameterised {
            continue;
        }
        let mut seen: Vec<&BTreeMap<String, String>> = Vec::new();
        for v in &quiz.variants {
            if let Some(item) = v.questions.get(i)
                && !seen.contains(&&item.values)
            {
                seen.push(&item.values);
            }
        }
        if seen.len() < quiz.variants.len() {
            out.push(format!(
                "question {} ({}): {} distinct value set{} for {} variants, so some variants share values",
                d.number,
                d.id,
                seen.len(),
                if seen.len() == 1 { "" } else { "s" },
                quiz.variants.len()
            ));
        }
    }
    out
}
