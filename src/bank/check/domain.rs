//! The instances `check` proves for a parameterised question: every combination of parameter
//! values when there are few enough, otherwise a large seeded sample plus the domain's corners.

use std::collections::BTreeMap;

use crate::bank::model::params::{self, ParamSpec, Params};

/// The largest domain `check` proves whole. Each instance costs one real evaluation and one per
/// misconception rule it touches (about 0.1 ms to 1 ms in a release build), so 512 instances of
/// one question stay well under a second on one core; the bundled bank's widest finite domain
/// (`{min: 0, max: 255}`, 256 values) fits with room, and a two-parameter domain of 20 x 25 still
/// does.
pub const WHOLE_DOMAIN_MAX: u128 = 512;

/// How many seeded draws stand for a domain larger than [`WHOLE_DOMAIN_MAX`].
pub const SAMPLE_DRAWS: u64 = 256;

/// The most corner combinations added to a sample (2^6: six ranges at their ends).
const MAX_CORNERS: usize = 64;

/// One parameter assignment: name → value text.
pub type Values = BTreeMap<String, String>;

/// Which instances were chosen and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The assignments to prove, without repeats, in a stable order.
    pub instances: Vec<Values>,
    /// True when `instances` is the whole domain; false for a sample.
    pub whole: bool,
    /// The size of the whole domain (saturating).
    pub domain: u128,
}

/// How many values one parameter can take.
fn count(spec: &ParamSpec) -> u128 {
    match spec {
        ParamSpec::OneOf(vs) => vs.len() as u128,
        ParamSpec::Range { min, max } => (i128::from(*max) - i128::from(*min) + 1).max(0) as u128,
    }
}

/// The size of the cartesian product of every parameter's values (saturating; 1 without params).
pub fn domain_size(params: &Params) -> u128 {
    params.values().fold(1u128, |acc, s| acc.saturating_mul(count(s)))
}

/// The `i`-th value of a parameter (`i` below its count).
fn nth(spec: &ParamSpec, i: u128) -> String {
    match spec {
        ParamSpec::OneOf(vs) => vs.get(i as usize).cloned().unwrap_or_default(),
        ParamSpec::Range { min, .. } => (i128::from(*min) + i as i128).to_string(),
    }
}

/// Every assignment of the domain, in odometer order (the last parameter by name varies
/// fastest). Only for domains of at most [`WHOLE_DOMAIN_MAX`]; larger ones give an empty list.
pub fn enumerate(params: &Params) -> Vec<Values> {
    let size = domain_size(params);
    if size > WHOLE_DOMAIN_MAX {
        return Vec::new();
    }
    let specs: Vec<(&String, &ParamSpec, u128)> = params.iter().map(|(n, s)| (n, s, count(s))).collect();
    (0..size)
        .map(|mut k| {
            let mut out = Values::new();
            for (name, spec, c) in specs.iter().rev() {
                out.insert((*name).clone(), nth(spec, k % c));
                k /= c;
            }
            out
        })
        .collect()
}

/// The domain's corners: each range at its min and at its max, in every combination (up to
/// `MAX_CORNERS`); a list parameter takes its first value in even corners and its last in odd
/// ones, so both ends of each list are met too.
pub fn corners(params: &Params) -> Vec<Values> {
    let specs: Vec<(&String, &ParamSpec)> = params.iter().collect();
    let ranges = specs.iter().filter(|(_, s)| matches!(s, ParamSpec::Range { .. })).count();
    let combos = 1usize.checked_shl(ranges as u32).unwrap_or(usize::MAX).clamp(2, MAX_CORNERS);
    (0..combos)
        .map(|k| {
            let mut bit = 0;
            specs
                .iter()
                .map(|(name, spec)| {
                    let v = match spec {
                        ParamSpec::Range { min, max } => {
                            let hi = (k >> bit) & 1 == 1;
                            bit += 1;
                            if hi { max } else { min }.to_string()
                        }
                        ParamSpec::OneOf(vs) => {
                            let pick = if k % 2 == 0 { vs.first() } else { vs.last() };
                            pick.cloned().unwrap_or_default()
                        }
                    };
                    ((*name).clone(), v)
                })
                .collect()
        })
        .collect()
}

/// The instances to prove for `params` (`salt` is the question id, as for quiz draws): the whole
/// domain when it has at most [`WHOLE_DOMAIN_MAX`] assignments, otherwise the corners and
/// [`SAMPLE_DRAWS`] seeded draws, repeats dropped.
pub fn plan(params: &Params, salt: &str) -> Plan {
    let domain = domain_size(params);
    if domain <= WHOLE_DOMAIN_MAX {
        return Plan {
            instances: enumerate(params),
            whole: true,
            domain,
        };
    }
    let mut instances: Vec<Values> = Vec::new();
    let candidates = corners(params)
        .into_iter()
        .chain((0..SAMPLE_DRAWS).map(|s| params::draw(params, s, salt)));
    for v in candidates {
        if !instances.contains(&v) {
            instances.push(v);
        }
    }
    Plan {
        instances,
        whole: false,
        domain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(min: i64, max: i64) -> ParamSpec {
        ParamSpec::Range { min, max }
    }

    fn list(xs: &[&str]) -> ParamSpec {
        ParamSpec::OneOf(xs.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn enumerates_the_whole_product() {
        let p = Params::from([("a".to_string(), list(&["x", "y"])), ("n".to_string(), range(1, 3))]);
        assert_eq!(domain_size(&p), 6);
        let all = enumerate(&p);
        let pairs: Vec<String> = all.iter().map(|v| format!("{}{}", v["a"], v["n"])).collect();
        assert_eq!(pairs, ["x1", "x2", "x3", "y1", "y2", "y3"]);
        let plan = plan(&p, "q");
        assert!(plan.whole);
        assert_eq!(plan.instances, all);
        assert_eq!(domain_size(&Params::new()), 1);
        assert_eq!(enumerate(&Params::new()), vec![Values::new()]);
    }

    #[test]
    fn a_large_domain_is_sampled_with_its_corners() {
        let p = Params::from([("cc".to_string(), range(100, 999)), ("r".to_string(), list(&["a", "b", "c"]))]);
        assert_eq!(domain_size(&p), 2700);
        assert!(enumerate(&p).is_empty());
        let plan = plan(&p, "q");
        assert!(!plan.whole);
        assert_eq!(plan.domain, 2700);
        assert!(plan.instances.len() > 200 && plan.instances.len() <= SAMPLE_DRAWS as usize + 2);
        for end in ["100", "999"] {
            assert!(plan.instances.iter().any(|v| v["cc"] == end), "corner {end} missing");
        }
        assert!(plan.instances.iter().any(|v| v["r"] == "a") && plan.instances.iter().any(|v| v["r"] == "c"));
        // Seeded: the same plan every time, and no assignment twice.
        assert_eq!(plan, super::plan(&p, "q"));
        let mut sorted = plan.instances.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), plan.instances.len());
        // An enormous range saturates instead of overflowing.
        let huge = Params::from([
            ("a".to_string(), range(i64::MIN, i64::MAX)),
            ("b".to_string(), range(i64::MIN, i64::MAX)),
        ]);
        assert_eq!(domain_size(&huge), u128::MAX);
        assert_eq!(corners(&huge).len(), 4);
    }
}
