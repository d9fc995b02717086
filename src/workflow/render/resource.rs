//! A resource instance's object as a block of attributes: the change a plan shows
//! (`~ resource "terraform_data" "a" {...}`) and the object `state show` prints.

use std::collections::BTreeMap;

use super::diff::{Change, Diff, Differ};
use super::draw::{self, Opts, indent, pad};
use super::json::{self, Json};
use crate::lang::Value;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::Action;

/// The attributes' changes between two object values (null for a create or a delete);
/// attributes null on both sides are left out. `replace` names the attributes whose change
/// forces the replacement.
pub(crate) fn attributes(before: &Value, after: &Value, replace: &[String], version: TfVersion) -> BTreeMap<String, Diff> {
    let root = Change {
        before: json::known(before, version),
        after: json::known(after, version),
        before_explicit: false,
        after_explicit: false,
        unknown: json::unknown(after),
        before_sensitive: json::sensitive(before),
        after_sensitive: json::sensitive(after),
        replace: false,
    };
    let mut names: Vec<&String> = [before, after]
        .iter()
        .filter_map(|v| match v {
            Value::Object(m) => Some(m.keys()),
            _ => None,
        })
        .flatten()
        .collect();
    names.sort();
    names.dedup();
    let differ = Differ { version };
    let mut out = BTreeMap::new();
    for name in names {
        let mut child = root.key(name);
        // A block's attributes are never explicit: a null attribute is an absent one.
        child.before_explicit = false;
        child.after_explicit = false;
        child.replace = replace.iter().any(|r| r == name);
        let d = differ.attribute(child.clone());
        if d.action == Action::NoOp && child.before == Json::Null && child.after == Json::Null {
            continue;
        }
        out.insert(name.clone(), d);
    }
    out
}

/// Draws a block of attributes: `{`, one line per attribute (`id` always, the unchanged
/// others counted unless `o.show_unchanged`), `}`.
pub(crate) fn block(attrs: &BTreeMap<String, Diff>, level: usize, o: Opts) -> String {
    if attrs.is_empty() {
        return "{}".into();
    }
    let names: BTreeMap<&String, String> = attrs.keys().map(|k| (k, draw::attribute_name(k, o.version))).collect();
    let width = names.values().map(String::len).max().unwrap_or(0);
    let mut out = "{\n".to_string();
    let mut hidden = 0;
    for (key, a) in attrs {
        let mut co = o;
        if key == "id" || key == "name" || key == "tags" {
            co.show_unchanged = true;
        } else if a.action == Action::NoOp && !o.show_unchanged {
            hidden += 1;
            continue;
        }
        for w in draw::warnings(a, level + 1, o) {
            out.push_str(&format!("{}{w}\n", indent(level + 1)));
        }
        let sym = draw::symbol(a.action, o);
        out.push_str(&format!(
            "{}{sym}{} = {}\n",
            indent(level + 1),
            pad(&names[key], width),
            draw::render(a, level + 1, co)
        ));
    }
    if hidden > 0 {
        let sym = draw::symbol(Action::NoOp, o);
        out.push_str(&format!("{}{sym}{}\n", indent(level + 1), draw::unchanged("attribute", hidden, o)));
    }
    out.push_str(&format!("{}{}}}", indent(level), draw::symbol(Action::NoOp, o)));
    out
}
