//! The rules a packaging runs under, and the record of which of them it consulted.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use crate::lang::{Rule, Rules};

/// The rules in force and the rules consulted so far.
pub struct Ctx<'a> {
    rules: &'a Rules,
    touched: RefCell<BTreeSet<Rule>>,
    renamed: RefCell<BTreeMap<String, String>>,
}

impl<'a> Ctx<'a> {
    /// A context under `rules`.
    pub fn new(rules: &'a Rules) -> Ctx<'a> {
        Ctx {
            rules,
            touched: RefCell::new(BTreeSet::new()),
            renamed: RefCell::new(BTreeMap::new()),
        }
    }
    /// Consults a rule: records that the result depends on it and says whether it is flipped.
    pub fn flipped(&self, rule: Rule) -> bool {
        self.touched.borrow_mut().insert(rule);
        self.rules.flipped(rule)
    }
    /// The rules consulted.
    pub fn touched(&self) -> BTreeSet<Rule> {
        self.touched.borrow().clone()
    }
    /// Records that a logical ID the real rules would give (`real`) is `id` under these rules
    /// (only a misconception that renames makes them differ).
    pub fn rename(&self, real: String, id: &str) {
        if real != id {
            self.renamed.borrow_mut().insert(real, id.to_string());
        }
    }
    /// The logical IDs renamed so far: the real rules' ID → the ID under these rules.
    pub fn renamed(&self) -> BTreeMap<String, String> {
        self.renamed.borrow().clone()
    }
}
