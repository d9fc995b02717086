//! A module instance's scope: its parameters and the values the parent gave them, its
//! resources, its decided conditions, its own module entries, and the scope it sits in.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use super::error::CfnError;
use super::sources::Loc;
use super::value::{Map, Value};

/// A module condition's state after evaluation.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    /// Decided at package time.
    Known(bool),
    /// Left for CloudFormation, under this (prefixed) name.
    Renamed(String),
}

/// One entry of a `Modules:` section (a ForEach copy is an entry of its own).
#[derive(Clone, Debug)]
pub struct Entry {
    /// The entry's name (`Content`, or `Content0` for a copy).
    pub name: String,
    /// For a copy: the loop's name, the copy's index and its value.
    pub group: Option<(String, usize, String)>,
    /// `Source`, `Properties`, `Overrides`.
    pub body: Map,
    /// A condition left for CloudFormation that every resource of the entry gets.
    pub condition: Option<String>,
}

/// What expanding a module entry produced.
#[derive(Clone, Debug, Default)]
pub struct Expanded {
    /// Resources: the name local to the declaring scope, and the resource with its final ID.
    pub resources: Vec<(String, String, Value)>,
    /// Outputs: name and value (or why it cannot be used).
    pub outputs: Vec<(String, Result<Value, CfnError>)>,
    /// The module's parameter declarations (its own and its modules'), under prefixed IDs: the
    /// real packager drops them; a learner may believe they are copied into the parent.
    pub parameters: Vec<(String, Value)>,
}

/// The expansion state of one entry.
#[derive(Clone, Debug)]
pub enum Slot {
    /// Not expanded yet.
    Todo,
    /// Being expanded (a reference back to it is a loop).
    Busy,
    /// Expanded.
    Done(Rc<Expanded>),
}

/// One scope: the root template or a module instance.
pub struct Scope<'s> {
    /// The scope this module sits in (`None` at the root).
    pub parent: Option<&'s Scope<'s>>,
    /// The module path from the root (`Network.PublicSubnet0`); empty at the root.
    pub label: String,
    /// The prefix of this scope's logical IDs.
    pub prefix: String,
    /// The file.
    pub loc: Loc,
    /// The declared Parameters.
    pub params: Map,
    /// The values the parent set (already final).
    pub props: Map,
    /// The scope's own resource names.
    pub own: BTreeSet<String>,
    /// Names (local to this scope) of the resources its modules produced.
    pub generated: RefCell<BTreeSet<String>>,
    /// The module's conditions, as evaluated so far.
    pub conds: RefCell<BTreeMap<String, Cond>>,
    /// The module entries.
    pub entries: Vec<Entry>,
    /// Their expansion states.
    pub slots: RefCell<Vec<Slot>>,
    /// The package aliases this file declares.
    pub packages: BTreeMap<String, (Loc, Option<Loc>)>,
}

impl Scope<'_> {
    /// True at the root template.
    pub fn is_root(&self) -> bool {
        self.parent.is_none()
    }
    /// The final logical ID of a local name.
    pub fn id(&self, local: &str) -> String {
        format!("{}{local}", self.prefix)
    }
    /// The logical ID a local name gets under the real rules (every enclosing module's name in
    /// front), whatever `prefix` a misconception gave this scope.
    pub fn real_id(&self, local: &str) -> String {
        format!("{}{local}", self.label.replace('.', ""))
    }
    /// True when `name` is a resource of this scope (its own or a module's).
    pub fn has_resource(&self, name: &str) -> bool {
        self.own.contains(name) || self.generated.borrow().contains(name)
    }
    /// The file's name for messages.
    pub fn file(&self) -> String {
        self.loc.to_string()
    }
    /// The scopes from this one out to the root.
    pub fn chain(&self) -> Vec<&Scope<'_>> {
        let mut out = vec![self];
        let mut s = self;
        while let Some(p) = s.parent {
            out.push(p);
            s = p;
        }
        out
    }
    /// A condition name's state, looked up through the enclosing scopes.
    pub fn condition(&self, name: &str) -> Option<Cond> {
        self.chain().into_iter().find_map(|s| s.conds.borrow().get(name).cloned())
    }
}
