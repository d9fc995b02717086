//! Drawing a string's change: quoted on one line, a heredoc (`<<-EOT`) with a line diff when
//! either side has several lines, or `jsonencode(...)` when the text is JSON.

use super::diff::{Change, Diff, Differ, Kind, Prim};
use super::draw::{Opts, arrow, forces, indent, null, null_suffix, render, symbol};
use super::json::Json;
use super::json_text;
use crate::lang::value::render::go_quote_in;
use crate::workflow::model::Action;

/// A string side as the renderer sees it.
enum Str {
    Null,
    Simple(String),
    /// Multi-line: trimmed of surrounding white space.
    Multi(String),
    /// Text that is JSON (starting with `{` or `[`): drawn as `jsonencode(...)`.
    Json(Json),
}

fn evaluate(j: &Json, o: Opts) -> Str {
    match j {
        Json::String(s) if s.starts_with('{') || s.starts_with('[') => match json_text::parse(s, o.version) {
            Some(v) => Str::Json(v),
            None if s.contains('\n') => Str::Multi(s.trim().to_string()),
            None => Str::Simple(s.clone()),
        },
        Json::String(s) if s.contains('\n') => Str::Multi(s.trim().to_string()),
        Json::String(s) => Str::Simple(s.clone()),
        _ => Str::Null,
    }
}

impl Str {
    fn simple(&self, o: Opts) -> String {
        match self {
            Str::Null => null(o),
            Str::Simple(s) | Str::Multi(s) => go_quote_in(s, o.version),
            Str::Json(_) => String::new(),
        }
    }
    /// The text whose lines a heredoc compares (a null is its painted `null`).
    fn text(&self, o: Opts) -> String {
        match self {
            Str::Null | Str::Json(_) => null(o),
            Str::Simple(s) | Str::Multi(s) => s.clone(),
        }
    }
    fn json(&self) -> Option<&Json> {
        match self {
            Str::Json(j) => Some(j),
            _ => None,
        }
    }
}

/// A string primitive's change drawn at `level`.
pub(super) fn string(d: &Diff, before: &Json, after: &Json, level: usize, o: Opts) -> String {
    let gutter = |action: Action| format!("{}{}", indent(level + 1), symbol(action, o));
    let mut lines: Vec<String> = Vec::new();
    match d.action {
        Action::Create | Action::NoOp | Action::Delete => {
            let side = if d.action == Action::Delete {
                evaluate(before, o)
            } else {
                evaluate(after, o)
            };
            match &side {
                Str::Json(j) => {
                    return match d.action {
                        Action::NoOp => json_string(d, Some(j), Some(j), level, o),
                        Action::Create => json_string(d, None, Some(j), level, o),
                        _ => json_string(d, Some(j), None, level, o),
                    };
                }
                Str::Null => return format!("{}{}", null(o), forces(d.replace, o)),
                Str::Simple(_) => {
                    return format!("{}{}{}", side.simple(o), null_suffix(d.action, o), forces(d.replace, o));
                }
                Str::Multi(s) => lines.extend(s.split('\n').map(|l| format!("{}{l}", gutter(Action::NoOp)))),
            }
        }
        _ => {
            let b = evaluate(before, o);
            let a = evaluate(after, o);
            match (b.json(), a.json()) {
                (Some(bj), Some(aj)) => return json_string(d, Some(bj), Some(aj), level, o),
                (None, None) => {}
                // JSON on one side only: drawn as the one deleted and the other created.
                _ => {
                    let side = |before: &Json, after: &Json, action| Diff {
                        kind: Kind::Primitive {
                            before: before.clone(),
                            after: after.clone(),
                            prim: Prim::String,
                        },
                        action,
                        replace: false,
                    };
                    let change = Diff {
                        kind: Kind::TypeChange(
                            Box::new(side(before, &Json::Null, Action::Delete)),
                            Box::new(side(&Json::Null, after, Action::Create)),
                        ),
                        action: d.action,
                        replace: d.replace,
                    };
                    return render(&change, level, o);
                }
            }
            if !matches!(b, Str::Multi(_)) && !matches!(a, Str::Multi(_)) {
                return format!("{} {} {}{}", b.simple(o), arrow(o), a.simple(o), forces(d.replace, o));
            }
            let (bt, at) = (b.text(o), a.text(o));
            let bl: Vec<&str> = bt.split('\n').collect();
            let al: Vec<&str> = at.split('\n').collect();
            let differ = Differ { version: o.version };
            differ.pairs(&bl, &al, &|_| false, &mut |bi, ai| match (bl.get(bi), al.get(ai)) {
                (None, Some(x)) => lines.push(format!("{}{x}", gutter(Action::Create))),
                (Some(x), None) => lines.push(format!("{}{x}", gutter(Action::Delete))),
                (Some(x), Some(y)) if x != y => {
                    lines.push(format!("{}{x}", gutter(Action::Delete)));
                    lines.push(format!("{}{y}", gutter(Action::Create)));
                }
                (Some(x), Some(_)) => lines.push(format!("{}{x}", gutter(Action::NoOp))),
                (None, None) => {}
            });
        }
    }
    format!(
        "<<-EOT{}\n{}\n{}{}EOT{}",
        forces(d.replace, o),
        lines.join("\n"),
        indent(level),
        symbol(Action::NoOp, o),
        null_suffix(d.action, o)
    )
}

/// A string holding JSON: the JSON compared as values and drawn inside `jsonencode(...)`; a
/// change of white space only is said so.
fn json_string(d: &Diff, before: Option<&Json>, after: Option<&Json>, level: usize, o: Opts) -> String {
    let change = Change {
        before: before.cloned().unwrap_or(Json::Null),
        after: after.cloned().unwrap_or(Json::Null),
        before_explicit: d.action != Action::Create,
        after_explicit: d.action != Action::Delete,
        unknown: Json::Bool(false),
        before_sensitive: Json::Bool(false),
        after_sensitive: Json::Bool(false),
        replace: false,
    };
    let inner = Differ { version: o.version }.transform(change);
    let mut jo = o.child();
    jo.override_null_suffix = true;
    let mut action = d.action;
    let mut whitespace = "";
    let mut replace = String::new();
    if inner.action == Action::NoOp && d.action == Action::Update {
        whitespace = if d.replace {
            " # whitespace changes force replacement"
        } else {
            " # whitespace changes"
        };
        jo.show_unchanged = true;
        action = Action::NoOp;
    } else {
        replace = forces(d.replace, o);
    }
    let drawn = render(&inner, level + 1, jo);
    if d.action == Action::Create || d.action == Action::Delete {
        action = Action::NoOp;
    }
    if drawn.contains('\n') {
        format!(
            "jsonencode({whitespace}\n{}{}{drawn}{replace}\n{}{}){}",
            indent(level + 1),
            symbol(action, o),
            indent(level),
            symbol(Action::NoOp, o),
            null_suffix(d.action, o)
        )
    } else {
        format!("jsonencode({drawn}){whitespace}{replace}")
    }
}
