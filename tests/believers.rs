//! Misconception distractors are what a believer would answer: figures per engine, the
//! quarter rule on how widely one misconception is used, and no artefact errors.

use std::collections::BTreeMap;

use iacquiz::bank::Bank;
use iacquiz::bank::engine::Computed;
use iacquiz::bank::model::{Engine, Kind};

fn bank() -> Bank {
    Bank::load_embedded().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
#[ignore]
fn report_believers() {
    let bank = bank();
    for engine in [Engine::Terraform, Engine::Cfnrain, Engine::Rivet] {
        let qs: Vec<_> = bank.questions().iter().filter(|q| q.engine == engine).collect();
        let (mut choice_qs, mut shown, mut from_m) = (0, 0, 0);
        let mut listed: BTreeMap<String, usize> = BTreeMap::new();
        let mut yields: BTreeMap<String, usize> = BTreeMap::new();
        let mut either: BTreeMap<String, usize> = BTreeMap::new();
        for q in &qs {
            let inst = q.instantiate(0);
            let choices = inst.choices(0);
            if q.kind == Kind::Choice {
                choice_qs += 1;
                shown += choices.iter().filter(|c| !c.correct).count();
                from_m += choices.iter().filter(|c| c.misconception.is_some()).count();
            }
            let mut here: Vec<String> = q.misconceptions.clone();
            for id in &q.misconceptions {
                *listed.entry(id.clone()).or_default() += 1;
            }
            for c in &choices {
                if let Some(id) = &c.misconception {
                    *yields.entry(id.clone()).or_default() += 1;
                    here.push(id.clone());
                }
            }
            here.sort();
            here.dedup();
            for id in here {
                *either.entry(id).or_default() += 1;
            }
            let real = inst.real().map(|e| e.computed.clone());
            if let Ok(real) = real {
                for w in inst.engine_wrong_answers().0 {
                    if let (Ok(Computed::Error(e)), false) = (&w.answer, matches!(real, Computed::Error(_))) {
                        let shown_here = choices.iter().any(|c| c.text == w.text);
                        eprintln!(
                            "ARTEFACT? {} {} [{}] shown={} -> {}",
                            q.id,
                            w.misconception.clone().unwrap_or_default(),
                            q.kind.name(),
                            shown_here,
                            e.summary
                        );
                    }
                }
            }
        }
        eprintln!(
            "== {engine}: questions {}, choice {choice_qs}, distractors shown {shown}, from misconceptions {from_m} ({:.2} per choice question)",
            qs.len(),
            from_m as f64 / choice_qs.max(1) as f64
        );
        for (id, n) in &either {
            eprintln!(
                "   {id:40} listed {:3} shown {:3} either {n:3} ({:.0}%)",
                listed.get(id).unwrap_or(&0),
                yields.get(id).unwrap_or(&0),
                100.0 * *n as f64 / qs.len() as f64
            );
        }
    }
}

#[test]
#[ignore]
fn dump_question() {
    let Ok(ids) = std::env::var("BELIEVERS_Q") else { return };
    let bank = bank();
    for id in ids.split(',') {
        let Some(q) = bank.questions().iter().find(|q| q.id == id) else { continue };
        let inst = q.instantiate(0);
        eprintln!("### {id} [{}] listed {:?}", q.kind.name(), q.misconceptions);
        if let Ok(r) = inst.real() {
            eprintln!("  real: {}", r.computed.console().replace('\n', "\n        "));
        }
        for w in inst.engine_wrong_answers().0 {
            let detail = match &w.answer {
                Ok(c) => c.console().replace('\n', "\n        "),
                Err(e) => e.summary.clone(),
            };
            eprintln!("  {}: {}", w.misconception.unwrap_or_default(), detail);
        }
        for c in inst.choices(0) {
            eprintln!("  choice{} {} [{}]", if c.correct { "*" } else { " " }, c.text, c.misconception.unwrap_or_default());
        }
    }
}
