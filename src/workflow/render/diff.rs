//! The differ: a before and an after value (as the JSON plan holds them) become a tree of
//! changes, each with its action, ready to draw. The rules are Terraform's jsondiff: nulls
//! that were never written are creations and deletions, sensitive and unknown values are
//! caught before their contents, and sequences are matched by index or by longest common
//! subsequence.

use std::collections::BTreeMap;

use super::json::Json;
use super::releases::{self};
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::Action;

/// One value's change: both sides, whether each was written (a null written is not an
/// absent value), and where the after side is unknown and either side sensitive.
#[derive(Clone, Debug)]
pub(crate) struct Change {
    /// Before (null when absent).
    pub before: Json,
    /// After (null when absent or unknown).
    pub after: Json,
    /// The before side was written, even as null.
    pub before_explicit: bool,
    /// The after side was written, even as null.
    pub after_explicit: bool,
    /// Unknown marks of the after side.
    pub unknown: Json,
    /// Sensitive marks of the before side.
    pub before_sensitive: Json,
    /// Sensitive marks of the after side.
    pub after_sensitive: Json,
    /// This value's change forces the replacement of its resource.
    pub replace: bool,
}

impl Change {
    fn before_missing(&self) -> bool {
        self.before == Json::Null && !self.before_explicit
    }

    fn after_missing(&self) -> bool {
        self.after == Json::Null && !self.after_explicit
    }

    /// The action a primitive-like change has (Terraform's CalculateAction).
    pub(crate) fn action(&self) -> Action {
        if self.before_missing() && !self.after_missing() {
            return Action::Create;
        }
        if self.after_missing() && !self.before_missing() {
            return Action::Delete;
        }
        if self.before == self.after
            && self.before_explicit == self.after_explicit
            && self.before_sensitive.is_true() == self.after_sensitive.is_true()
        {
            return Action::NoOp;
        }
        Action::Update
    }

    /// The same change as a deletion: the after side gone.
    pub(crate) fn as_delete(&self) -> Change {
        Change {
            after: Json::Null,
            after_explicit: false,
            unknown: Json::Null,
            after_sensitive: Json::Null,
            ..self.clone()
        }
    }

    /// The same change as a creation: the before side gone.
    pub(crate) fn as_create(&self) -> Change {
        Change {
            before: Json::Null,
            before_explicit: false,
            before_sensitive: Json::Null,
            ..self.clone()
        }
    }

    /// The change of an object's attribute or a map's element.
    pub(crate) fn key(&self, key: &str) -> Change {
        let get = |j: &Json| j.as_object().and_then(|m| m.get(key)).cloned();
        let before = get(&self.before);
        let after = get(&self.after);
        Change {
            before_explicit: before.is_some(),
            after_explicit: after.is_some(),
            before: before.unwrap_or(Json::Null),
            after: after.unwrap_or(Json::Null),
            unknown: get(&self.unknown).unwrap_or(Json::Null),
            before_sensitive: get(&self.before_sensitive).unwrap_or(Json::Null),
            after_sensitive: get(&self.after_sensitive).unwrap_or(Json::Null),
            replace: false,
        }
    }

    /// The change of a sequence's element at `b` before and `a` after (out of range: absent).
    fn index(&self, b: usize, a: usize) -> Change {
        let get = |j: &Json, i: usize| j.as_array().and_then(|v| v.get(i)).cloned();
        let before = get(&self.before, b);
        let after = get(&self.after, a);
        Change {
            before_explicit: before.is_some(),
            after_explicit: after.is_some(),
            before: before.unwrap_or(Json::Null),
            after: after.unwrap_or(Json::Null),
            unknown: get(&self.unknown, a).unwrap_or(Json::Null),
            before_sensitive: get(&self.before_sensitive, b).unwrap_or(Json::Null),
            after_sensitive: get(&self.after_sensitive, a).unwrap_or(Json::Null),
            replace: false,
        }
    }

    /// Every key of an object change: its sides' and its marks'.
    fn keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = [
            &self.before,
            &self.after,
            &self.unknown,
            &self.after_sensitive,
            &self.before_sensitive,
        ]
        .iter()
        .filter_map(|j| j.as_object())
        .flat_map(|m| m.keys().cloned())
        .collect();
        keys.sort();
        keys.dedup();
        keys
    }
}

/// What kind of primitive a [`Kind::Primitive`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prim {
    /// Both sides null.
    Null,
    /// A bool.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
}

/// A computed change, ready to draw.
#[derive(Clone, Debug)]
pub(crate) struct Diff {
    /// What is drawn.
    pub kind: Kind,
    /// Its action (create, update, delete or no-op).
    pub action: Action,
    /// It forces the replacement of its resource.
    pub replace: bool,
}

/// The shapes of a computed change.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// A primitive: both sides.
    Primitive { before: Json, after: Json, prim: Prim },
    /// An object (or a map in the JSON form): keys unquoted where they are identifiers.
    Object(BTreeMap<String, Diff>),
    /// A map of a known map type (state outputs): keys quoted.
    Map(BTreeMap<String, Diff>),
    /// A list, set or tuple.
    List(Vec<Diff>),
    /// Known after apply, with what it was before if anything.
    Unknown(Option<Box<Diff>>),
    /// A sensitive value: the action inside, and which sides were sensitive.
    Sensitive { inner: Action, before: bool, after: bool },
    /// A change of kind: the before deleted, the after created.
    TypeChange(Box<Diff>, Box<Diff>),
}

/// Folds a child's action into its parent's (Terraform's CompareActions).
pub(crate) fn compare(current: Action, next: Action) -> Action {
    if next == Action::NoOp {
        current
    } else if current != next {
        Action::Update
    } else {
        current
    }
}

/// The differ for one release.
#[derive(Clone, Copy)]
pub(crate) struct Differ {
    /// The release whose rules apply.
    pub version: TfVersion,
}

/// The JSON kinds the differ tells apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JType {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

fn jtype(j: &Json) -> JType {
    match j {
        Json::Null => JType::Null,
        Json::Bool(_) => JType::Bool,
        Json::Number(_) => JType::Number,
        Json::String(_) => JType::String,
        Json::Array(_) => JType::Array,
        Json::Object(_) => JType::Object,
    }
}

impl Differ {
    /// A resource attribute (or an output of no declared type): sensitive and unknown are
    /// caught first, carrying the replacement flag; then the value's own change.
    pub(crate) fn attribute(&self, change: Change) -> Diff {
        if let Some(d) = self.sensitive(&change, &|c| self.attribute(c), change.replace) {
            return d;
        }
        if change.unknown.is_true() {
            let replace = change.replace;
            let mut current = change.clone();
            current.after_explicit = true;
            let action = current.action();
            if current.before == Json::Null {
                return Diff {
                    kind: Kind::Unknown(None),
                    action,
                    replace,
                };
            }
            let mut before = current.as_delete();
            before.unknown = Json::Bool(false);
            let inner = self.attribute(before);
            return Diff {
                kind: Kind::Unknown(Some(Box::new(inner))),
                action,
                replace,
            };
        }
        self.transform(change)
    }

    /// Sensitive values: the inner change computed without its marks, the action made an
    /// update when only the sensitivity changed.
    fn sensitive(&self, change: &Change, inner: &dyn Fn(Change) -> Diff, replace: bool) -> Option<Diff> {
        let before = change.before_sensitive.is_true();
        let after = change.after_sensitive.is_true();
        if !before && !after {
            return None;
        }
        let plain = Change {
            before_sensitive: Json::Bool(false),
            after_sensitive: Json::Bool(false),
            ..change.clone()
        };
        let d = inner(plain);
        let null_noop = change.before_missing() && change.after_missing();
        let mut action = d.action;
        if action == Action::NoOp && before != after && !null_noop {
            action = Action::Update;
        }
        Some(Diff {
            kind: Kind::Sensitive {
                inner: d.action,
                before,
                after,
            },
            action,
            replace,
        })
    }

    /// A generic JSON change (Terraform's jsondiff Transform).
    pub(crate) fn transform(&self, change: Change) -> Diff {
        if let Some(d) = self.sensitive(&change, &|c| self.transform(c), false) {
            return d;
        }
        if change.unknown.is_true() {
            if change.before == Json::Null {
                return Diff {
                    kind: Kind::Unknown(None),
                    action: Action::Create,
                    replace: false,
                };
            }
            let mut before = change.as_delete();
            before.unknown = Json::Bool(false);
            let inner = self.transform(before);
            return Diff {
                kind: Kind::Unknown(Some(Box::new(inner))),
                action: Action::Update,
                replace: false,
            };
        }
        let bt = jtype(&change.before);
        let at = jtype(&change.after);
        let deleted = at == JType::Null && !change.after_explicit;
        let created = bt == JType::Null && !change.before_explicit;
        if bt == at || created || deleted {
            let target = if bt == JType::Null { at } else { bt };
            return self.update(change, target);
        }
        let b = self.update(change.as_delete(), bt);
        let a = self.update(change.as_create(), at);
        Diff {
            kind: Kind::TypeChange(Box::new(b), Box::new(a)),
            action: Action::Update,
            replace: false,
        }
    }

    fn update(&self, change: Change, target: JType) -> Diff {
        match target {
            JType::Null => primitive(change, Prim::Null),
            JType::Bool => primitive(change, Prim::Bool),
            JType::Number => primitive(change, Prim::Number),
            JType::String => primitive(change, Prim::String),
            JType::Object => {
                let (elements, action) = self.object(&change, &|c| self.transform(c));
                Diff {
                    kind: Kind::Object(elements),
                    action,
                    replace: false,
                }
            }
            JType::Array => {
                let (elements, action) = self.sequence(&change, &|c| self.transform(c));
                Diff {
                    kind: Kind::List(elements),
                    action,
                    replace: false,
                }
            }
        }
    }

    /// An object's or map's children, each through `child`, and the folded action.
    pub(crate) fn object(&self, change: &Change, child: &dyn Fn(Change) -> Diff) -> (BTreeMap<String, Diff>, Action) {
        let mut current = initial(change.before.as_object().is_some(), change.after.as_object().is_some());
        let mut elements = BTreeMap::new();
        for key in change.keys() {
            let d = child(change.key(&key));
            current = compare(current, d.action);
            elements.insert(key, d);
        }
        (elements, current)
    }

    /// A sequence's elements matched before to after, each through `child`.
    pub(crate) fn sequence(&self, change: &Change, child: &dyn Fn(Change) -> Diff) -> (Vec<Diff>, Action) {
        let before = change.before.as_array();
        let after = change.after.as_array();
        let mut current = initial(before.is_some(), after.is_some());
        let mut elements = Vec::new();
        let b = before.unwrap_or(&[]);
        let a = after.unwrap_or(&[]);
        let is_obj = |j: &Json| matches!(j, Json::Object(_));
        self.pairs(b, a, &is_obj, &mut |bi, ai| {
            let d = child(change.index(bi, ai));
            current = compare(current, d.action);
            elements.push(d);
        });
        (elements, current)
    }

    /// Calls `f` with each pair of indexes to show, in order; an index equal to its side's
    /// length means "absent" (Terraform's ProcessSlice).
    pub(crate) fn pairs<T: PartialEq>(&self, before: &[T], after: &[T], is_obj: &dyn Fn(&T) -> bool, f: &mut dyn FnMut(usize, usize)) {
        if releases::has(self.version, &releases::PAIRWISE_SEQUENCES) && before.len() == after.len() && !is_reorder(before, after) {
            for i in 0..before.len() {
                f(i, i);
            }
            return;
        }
        let lcs = longest_common_subsequence(before, after);
        let (mut bi, mut ai, mut li) = (0, 0, 0);
        while bi < before.len() || ai < after.len() || li < lcs.len() {
            while bi < before.len() && (li >= lcs.len() || before[bi] != *lcs[li]) {
                let object_diff =
                    is_obj(&before[bi]) && ai < after.len() && is_obj(&after[ai]) && (li >= lcs.len() || after[ai] != *lcs[li]);
                if object_diff {
                    f(bi, ai);
                    bi += 1;
                    ai += 1;
                    continue;
                }
                f(bi, after.len());
                bi += 1;
            }
            while ai < after.len() && (li >= lcs.len() || after[ai] != *lcs[li]) {
                f(before.len(), ai);
                ai += 1;
            }
            if li < lcs.len() {
                f(bi, ai);
                bi += 1;
                ai += 1;
                li += 1;
            }
        }
    }
}

/// A primitive's change: created when the before was never written, deleted when the after
/// was not, else a no-op or an update by equality.
fn primitive(change: Change, prim: Prim) -> Diff {
    let action = if change.before_missing() && !change.after_missing() {
        Action::Create
    } else if !change.before_missing() && change.after_missing() {
        Action::Delete
    } else if change.before == change.after {
        Action::NoOp
    } else {
        Action::Update
    };
    Diff {
        kind: Kind::Primitive {
            before: change.before,
            after: change.after,
            prim,
        },
        action,
        replace: false,
    }
}

/// A collection's starting action: created when there was none, deleted when there is none.
fn initial(before: bool, after: bool) -> Action {
    match (before, after) {
        (true, false) => Action::Delete,
        (false, true) => Action::Create,
        _ => Action::NoOp,
    }
}

/// Same length and every before element found after: a reordering, shown by subsequence.
fn is_reorder<T: PartialEq>(before: &[T], after: &[T]) -> bool {
    before.len() == after.len() && before.iter().all(|b| after.contains(b))
}

/// The longest common subsequence, with Terraform's tie-breaking (walking back from the end,
/// up before left), so that the same elements are reported unchanged.
fn longest_common_subsequence<'a, T: PartialEq>(xs: &'a [T], ys: &[T]) -> Vec<&'a T> {
    if xs.is_empty() || ys.is_empty() {
        return Vec::new();
    }
    let w = xs.len();
    let mut c = vec![0usize; xs.len() * ys.len()];
    let mut eqs = vec![false; xs.len() * ys.len()];
    for y in 0..ys.len() {
        for x in 0..xs.len() {
            let at = w * y + x;
            if xs[x] == ys[y] {
                eqs[at] = true;
                c[at] = if x == 0 || y == 0 { 1 } else { c[w * (y - 1) + (x - 1)] + 1 };
            } else {
                let l = if x > 0 { c[at - 1] } else { 0 };
                let u = if y > 0 { c[w * (y - 1) + x] } else { 0 };
                c[at] = l.max(u);
            }
        }
    }
    let mut seq = Vec::new();
    let (mut x, mut y) = (xs.len() as isize - 1, ys.len() as isize - 1);
    while x >= 0 && y >= 0 {
        let (xu, yu) = (x as usize, y as usize);
        if eqs[w * yu + xu] {
            seq.push(&xs[xu]);
            x -= 1;
            y -= 1;
        } else {
            let l = if xu > 0 { c[w * yu + xu - 1] } else { 0 };
            let u = if yu > 0 { c[w * (yu - 1) + xu] } else { 0 };
            if l > u {
                x -= 1;
            } else {
                y -= 1;
            }
        }
    }
    seq.reverse();
    seq
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_subsequence_breaks_ties_as_terraform_does() {
        let lcs = |a: &str, b: &str| {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            longest_common_subsequence(&a, &b).into_iter().collect::<String>()
        };
        // Walking back, a tie moves up (to an earlier after element): the last before element
        // wins, as the recorded reversed list shows (`"d"` kept).
        assert_eq!(lcs("abcd", "dcba"), "d");
        assert_eq!(lcs("abcdefg", "abxdegh"), "abdeg");
        assert_eq!(lcs("", "abc"), "");
    }

    fn pairs(version: TfVersion, b: &str, a: &str) -> Vec<(usize, usize)> {
        let (b, a): (Vec<char>, Vec<char>) = (b.chars().collect(), a.chars().collect());
        let mut out = Vec::new();
        Differ { version }.pairs(&b, &a, &|_| false, &mut |x, y| out.push((x, y)));
        out
    }

    #[test]
    fn same_length_sequences_pair_by_index_from_1_8() {
        assert_eq!(pairs((1, 8, 0), "abc", "axc"), vec![(0, 0), (1, 1), (2, 2)]);
        // Before: b deleted (its after index is the length), x created.
        assert_eq!(pairs((1, 7, 5), "abc", "axc"), vec![(0, 0), (1, 3), (3, 1), (2, 2)]);
        // A reordering is matched by subsequence in every release.
        assert_eq!(pairs((1, 8, 0), "ab", "ba"), vec![(0, 2), (1, 0), (2, 1)]);
    }

    #[test]
    fn a_value_only_made_sensitive_is_an_update() {
        let mut c = Change {
            before: Json::String("x".into()),
            after: Json::String("x".into()),
            before_explicit: true,
            after_explicit: true,
            unknown: Json::Bool(false),
            before_sensitive: Json::Bool(false),
            after_sensitive: Json::Bool(true),
            replace: false,
        };
        let d = Differ { version: (1, 12, 2) }.transform(c.clone());
        assert_eq!(d.action, Action::Update);
        c.after_sensitive = Json::Bool(false);
        assert_eq!(Differ { version: (1, 12, 2) }.transform(c).action, Action::NoOp);
    }
}
