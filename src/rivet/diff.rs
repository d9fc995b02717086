//! Comparing two compilations by address and digest. Identity is the address: reordering named
//! keys keeps every address and digest; a count slot whose list element moved holds a different
//! object (changed); a new key is a new declaration (added) and the old one is superseded.
//! Nothing disappears by omission: a removed key or slot is superseded, and only an explicit
//! `ensure = "absent"` declaration asks for removal.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::lang::{Rule, Rules};

use super::attrs::Attrs;
use super::bundle::{Bundle, ResourceInstance, digest};

/// What happened to one address between two compilations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Same address, same digest.
    Kept,
    /// A new address.
    Added,
    /// Same address, different digest (the slot or key now holds a different object).
    Changed,
    /// The address is gone from the new compilation; its host object stays.
    Superseded,
    /// An explicit `ensure = "absent"` declaration asks for the host object's removal.
    Removed,
}

/// Every status, in report order.
pub const STATUSES: [Status; 5] = [Status::Kept, Status::Added, Status::Changed, Status::Superseded, Status::Removed];

impl Status {
    /// The word used in reports (`kept`).
    pub fn word(self) -> &'static str {
        match self {
            Status::Kept => "kept",
            Status::Added => "added",
            Status::Changed => "changed",
            Status::Superseded => "superseded",
            Status::Removed => "removed",
        }
    }
}

/// One address and what happened to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The address (new compilation's, or the old one's when it is gone).
    pub address: String,
    /// What happened.
    pub status: Status,
}

/// The comparison of two compilations.
#[derive(Clone, Debug, Default)]
pub struct Diff {
    /// Addresses in the new compilation's order, then those only the old one has.
    pub entries: Vec<Entry>,
    /// The rules the comparison consulted.
    pub touched: BTreeSet<Rule>,
}

impl Diff {
    /// The addresses with this status, in order.
    pub fn with(&self, s: Status) -> Vec<&str> {
        self.entries.iter().filter(|e| e.status == s).map(|e| e.address.as_str()).collect()
    }
    /// What happened to `address`.
    pub fn status(&self, address: &str) -> Option<Status> {
        self.entries.iter().find(|e| e.address == address).map(|e| e.status)
    }
    /// One line per address: `changed    file.slots[0]`.
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|e| format!("{:<10} {}\n", e.status.word(), e.address))
            .collect()
    }
    /// `{"kept": [...], "added": [...], ...}`.
    pub fn to_json(&self) -> serde_json::Value {
        let mut m = serde_json::Map::new();
        for s in STATUSES {
            m.insert(s.word().into(), self.with(s).into());
        }
        serde_json::Value::Object(m)
    }
}

/// What a key change could be mistaken for renaming within: a named instance's declaration, or
/// for a resource inside a named module instance, the same resource across the module family
/// (changing the module key moves everything inside it). `None`: no named key is involved.
fn rename_family(r: &ResourceInstance) -> Option<String> {
    if r.key.is_name() {
        return Some(r.family());
    }
    // A named module key is the last `["..."]` of the module address; quotes inside a key are
    // escaped, so the last `["` starts it.
    let inner = r.module.strip_suffix("\"]")?;
    let call = &inner[..inner.rfind("[\"")?];
    Some(format!("{call}[*].{}.{}{}", r.rtype, r.name, r.key.suffix(false)))
}

/// Compares two compilations under the real rules.
pub fn diff(old: &Bundle, new: &Bundle) -> Diff {
    diff_with(old, new, &Rules::real())
}

/// Compares two compilations under `rules` (a misconception changes what the learner expects).
pub fn diff_with(old: &Bundle, new: &Bundle, rules: &Rules) -> Diff {
    let touched = RefCell::new(BTreeSet::new());
    let flipped = |r: Rule| {
        touched.borrow_mut().insert(r);
        rules.flipped(r)
    };
    let old_by: HashMap<&str, &ResourceInstance> = old.resources.iter().map(|r| (r.address.as_str(), r)).collect();
    let new_by: HashMap<&str, &ResourceInstance> = new.resources.iter().map(|r| (r.address.as_str(), r)).collect();
    let path_of = |r: &ResourceInstance| {
        r.attributes
            .get("path")
            .map(|p| digest(&[("p".to_string(), p.clone())].into_iter().collect::<Attrs>()))
    };

    // An absent declaration at a new address removes the host object of a vanished address
    // with the same type and path.
    let mut removed_old = BTreeSet::new();
    let mut matched_absent = BTreeSet::new();
    for o in old.resources.iter().filter(|o| !new_by.contains_key(o.address.as_str())) {
        let Some(p) = path_of(o) else { continue };
        if let Some(n) = new
            .resources
            .iter()
            .find(|n| n.absent && n.rtype == o.rtype && !old_by.contains_key(n.address.as_str()) && path_of(n).as_ref() == Some(&p))
        {
            removed_old.insert(o.address.clone());
            matched_absent.insert(n.address.clone());
        }
    }

    let mut entries: Vec<(Entry, Option<&ResourceInstance>, Option<&ResourceInstance>)> = Vec::new();
    for n in &new.resources {
        let o = old_by.get(n.address.as_str()).copied();
        let status = match o {
            Some(o) if n.absent => {
                if o.absent {
                    Status::Kept
                } else {
                    Status::Removed
                }
            }
            Some(o) if o.digest() == n.digest() => Status::Kept,
            Some(_) => Status::Changed,
            None if n.absent && matched_absent.contains(&n.address) => continue,
            None if n.absent => Status::Removed,
            None => Status::Added,
        };
        entries.push((
            Entry {
                address: n.address.clone(),
                status,
            },
            o,
            Some(n),
        ));
    }
    for o in old.resources.iter().filter(|o| !new_by.contains_key(o.address.as_str())) {
        let status = if removed_old.contains(&o.address) {
            Status::Removed
        } else {
            Status::Superseded
        };
        entries.push((
            Entry {
                address: o.address.clone(),
                status,
            },
            Some(o),
            None,
        ));
    }

    // A learner may believe reordering named keys moves the objects.
    let reordered = |o: Option<&ResourceInstance>, n: Option<&ResourceInstance>| match (o, n) {
        (Some(o), Some(n)) => n.key.is_name() && o.position != n.position,
        _ => false,
    };
    if entries.iter().any(|(e, o, n)| e.status == Status::Kept && reordered(*o, *n)) && flipped(Rule::ReorderChangesNamedAddresses) {
        for (e, o, n) in entries.iter_mut() {
            if e.status == Status::Kept && reordered(*o, *n) {
                e.status = Status::Changed;
            }
        }
    }

    // A learner may believe count slots follow their values when a list is reordered.
    let mut old_digests: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for o in &old.resources {
        old_digests.entry(o.family()).or_default().insert(o.digest());
    }
    let follows = |n: Option<&ResourceInstance>| {
        n.is_some_and(|n| n.key.is_slot() && old_digests.get(&n.family()).is_some_and(|d| d.contains(n.digest())))
    };
    if entries.iter().any(|(e, _, n)| e.status == Status::Changed && follows(*n)) && flipped(Rule::CountSlotsFollowValues) {
        for (e, _, n) in entries.iter_mut() {
            if e.status == Status::Changed && follows(*n) {
                e.status = Status::Kept;
            }
        }
    }

    // A learner may believe changing a key renames the object in place.
    let mut families: BTreeMap<String, (Vec<usize>, Vec<usize>)> = BTreeMap::new();
    for (i, (e, o, n)) in entries.iter().enumerate() {
        match (e.status, o, n) {
            (Status::Added, _, Some(n)) => {
                if let Some(f) = rename_family(n) {
                    families.entry(f).or_default().0.push(i);
                }
            }
            (Status::Superseded, Some(o), None) => {
                if let Some(f) = rename_family(o) {
                    families.entry(f).or_default().1.push(i);
                }
            }
            _ => {}
        }
    }
    let renames: Vec<(usize, usize)> = families
        .values()
        .filter(|(a, s)| !a.is_empty() && !s.is_empty())
        .flat_map(|(a, s)| a.iter().copied().zip(s.iter().copied()))
        .collect();
    let mut dropped = BTreeSet::new();
    if !renames.is_empty() && flipped(Rule::KeyChangeRenames) {
        for (a, s) in renames {
            entries[a].0.status = Status::Changed;
            dropped.insert(s);
        }
    }

    // A learner may believe a vanished key or slot deletes its host object.
    if entries
        .iter()
        .enumerate()
        .any(|(i, (e, _, _))| e.status == Status::Superseded && !dropped.contains(&i))
        && flipped(Rule::RemovalDeletesObjects)
    {
        for (e, _, _) in entries.iter_mut() {
            if e.status == Status::Superseded {
                e.status = Status::Removed;
            }
        }
    }

    Diff {
        entries: entries
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !dropped.contains(i))
            .map(|(_, (e, _, _))| e)
            .collect(),
        touched: touched.into_inner(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::rivet::Source;

    #[test]
    fn key_change_renames_a_module_instance_too() {
        let module = "variable \"path\" {\n  type = string\n}\nfile \"this\" {\n  path = var.path\n}\n";
        let call = |second: &str| {
            format!(
                "module \"files\" {{\n  source   = \"./modules/file\"\n  for_each = {{ first = \"/etc/module-first\", {second} = \"/etc/module-second\" }}\n  path     = each.value\n}}\n"
            )
        };
        let compile = |root: &str| {
            let src = Source::files([("main.rvt", root), ("modules/file/main.rvt", module)]);
            match crate::rivet::compile(&src, &BTreeMap::new(), &BTreeMap::new(), &Rules::real()) {
                Ok(b) => b,
                Err(e) => panic!("{e}"),
            }
        };
        let (old, new) = (compile(&call("second")), compile(&call("later")));
        let real = diff(&old, &new);
        assert!(real.touched.contains(&Rule::KeyChangeRenames));
        assert_eq!(real.with(Status::Added), ["module.files[\"later\"].file.this"]);
        assert_eq!(real.with(Status::Superseded), ["module.files[\"second\"].file.this"]);
        let wrong = diff_with(&old, &new, &Rules::with(Rule::KeyChangeRenames));
        assert_eq!(wrong.with(Status::Changed), ["module.files[\"later\"].file.this"]);
        assert!(wrong.with(Status::Superseded).is_empty() && wrong.with(Status::Added).is_empty());
        assert_eq!(wrong.with(Status::Kept), ["module.files[\"first\"].file.this"]);
    }
}
