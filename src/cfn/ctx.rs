//! The rules a packaging runs under, and the record of which of them it consulted.

use std::cell::RefCell;
use std::collections::BTreeSet;

use crate::lang::{Rule, Rules};

/// The rules in force and the rules consulted so far.
pub struct Ctx<'a> {
    rules: &'a Rules,
    touched: RefCell<BTreeSet<Rule>>,
}

impl<'a> Ctx<'a> {
    /// A context under `rules`.
    pub fn new(rules: &'a Rules) -> Ctx<'a> {
        Ctx {
            rules,
            touched: RefCell::new(BTreeSet::new()),
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
}
