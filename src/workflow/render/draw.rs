//! Drawing a computed change as Terraform's human renderer does: action symbols in a
//! four-column gutter, `=` aligned within each object, unchanged children counted in a
//! comment, multi-line strings as heredocs with their own line diff.

use std::collections::BTreeMap;

use super::diff::{Diff, Kind, Prim};
use super::json::Json;
use super::strings;
use crate::lang::dialect::releases::TfVersion;
use crate::lang::value::render::go_quote_in;
use crate::workflow::model::Action;

/// How a change is drawn; the flags are Terraform's RenderHumanOpts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opts {
    /// The release (for quoting and line matching).
    pub version: TfVersion,
    /// No `-> null` after a deleted value.
    pub override_null_suffix: bool,
    /// `# forces replacement` even when the change does not say so (one level only).
    pub force_replace: bool,
    /// No `# forces replacement` even when the change says so (one level only).
    pub forbid_replace: bool,
    /// Draw unchanged children instead of counting them.
    pub show_unchanged: bool,
    /// No action symbols and no gutter for them (`state show`).
    pub hide_symbols: bool,
    /// Terraform's colours (no `-no-color`).
    pub color: bool,
}

impl Opts {
    /// Options with every flag off.
    pub(crate) fn new(version: TfVersion) -> Opts {
        Opts {
            version,
            override_null_suffix: false,
            force_replace: false,
            forbid_replace: false,
            show_unchanged: false,
            hide_symbols: false,
            color: false,
        }
    }

    /// `markup` coloured (or stripped) as one colorstring call of Terraform's renderer.
    pub(crate) fn paint(self, markup: &str) -> String {
        super::paint::colorize(markup, self.color)
    }

    /// The options handed to children: the replacement flags do not cascade.
    pub(super) fn child(self) -> Opts {
        Opts {
            force_replace: false,
            forbid_replace: false,
            ..self
        }
    }
}

/// The symbol of an action with Terraform's colour markup (format.DiffActionSymbol).
pub(crate) fn action_markup(action: Action) -> &'static str {
    match action {
        Action::DeleteThenCreate => "[red]-[reset]/[green]+[reset]",
        Action::CreateThenDelete => "[green]+[reset]/[red]-[reset]",
        Action::Create => "  [green]+[reset]",
        Action::Delete => "  [red]-[reset]",
        Action::Forget => " [red].[reset]",
        Action::Read => " [cyan]<=[reset]",
        Action::Update => "  [yellow]~[reset]",
        Action::NoOp => "   ",
    }
}

/// The symbol, painted, and its trailing space, or nothing when symbols are hidden.
pub(super) fn symbol(action: Action, o: Opts) -> String {
    if o.hide_symbols {
        String::new()
    } else {
        format!("{} ", o.paint(action_markup(action)))
    }
}

pub(super) fn null_suffix(action: Action, o: Opts) -> String {
    if !o.override_null_suffix && action == Action::Delete {
        o.paint(" [dark_gray]-> null[reset]")
    } else {
        String::new()
    }
}

pub(super) fn forces(replace: bool, o: Opts) -> String {
    if (replace || o.force_replace) && !o.forbid_replace {
        o.paint(" [red]# forces replacement[reset]")
    } else {
        String::new()
    }
}

/// The arrow between a value's before and after.
pub(super) fn arrow(o: Opts) -> String {
    o.paint("[yellow]->[reset]")
}

/// A null primitive.
pub(super) fn null(o: Opts) -> String {
    o.paint("[dark_gray]null[reset]")
}

/// Four spaces per level.
pub(crate) fn indent(n: usize) -> String {
    "    ".repeat(n)
}

/// `# (N unchanged attributes hidden)`, painted dark grey.
pub(super) fn unchanged(keyword: &str, count: usize, o: Opts) -> String {
    let s = if count == 1 { "" } else { "s" };
    o.paint(&format!("[dark_gray]# ({count} unchanged {keyword}{s} hidden)[reset]"))
}

/// `name` padded on the right to `width` (Go's `%-*s`, which counts characters).
pub(crate) fn pad(name: &str, width: usize) -> String {
    let n = name.chars().count();
    format!("{name}{}", " ".repeat(width.saturating_sub(n)))
}

/// An attribute name as written: bare when it is an HCL identifier, quoted otherwise.
pub(crate) fn attribute_name(name: &str, version: TfVersion) -> String {
    let mut chars = name.chars();
    let valid = match chars.next() {
        Some(c) if c.is_alphabetic() || c == '_' => chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-'),
        _ => false,
    };
    if valid { name.to_string() } else { go_quote_in(name, version) }
}

/// Attributes Terraform always shows, changed or not.
fn important(key: &str) -> bool {
    matches!(key, "id" | "name" | "tags")
}

/// Draws `d` at nesting level `level`; lines after the first are indented by the caller's
/// level, the first continues the caller's line.
pub(crate) fn render(d: &Diff, level: usize, o: Opts) -> String {
    match &d.kind {
        Kind::Primitive { before, after, prim } => primitive(d, before, after, *prim, level, o),
        Kind::Object(attrs) => object(d, attrs, level, o),
        Kind::Map(elements) => map(d, elements, level, o),
        Kind::List(elements) => list(d, elements, level, o),
        Kind::Unknown(before) => match before {
            Some(b) if d.action != Action::Create => {
                let mut bo = o.child();
                bo.override_null_suffix = true;
                bo.forbid_replace = d.replace;
                format!("{} -> (known after apply){}", render(b, level, bo), forces(d.replace, o))
            }
            _ => format!("(known after apply){}", forces(d.replace, o)),
        },
        Kind::Sensitive { .. } => format!("(sensitive value){}{}", null_suffix(d.action, o), forces(d.replace, o)),
        Kind::TypeChange(b, a) => {
            let mut to = o;
            to.override_null_suffix = true;
            format!("{} {} {}", render(b, level, to), arrow(o), render(a, level, to))
        }
    }
}

/// Lines printed before a change: the warning when a value's sensitivity changes.
pub(crate) fn warnings(d: &Diff, level: usize, o: Opts) -> Vec<String> {
    let Kind::Sensitive { inner, before, after } = &d.kind else {
        return Vec::new();
    };
    if before == after || *inner == Action::Create || *inner == Action::Delete {
        return Vec::new();
    }
    let warning = if *before {
        o.paint(&format!(
            "  # [yellow]Warning[reset]: this attribute value will no longer be marked as sensitive\n{}  # after applying this change.",
            indent(level)
        ))
    } else {
        o.paint(&format!(
            "  # [yellow]Warning[reset]: this attribute value will be marked as sensitive and will not\n{}  # display in UI output after applying this change.",
            indent(level)
        ))
    };
    if *inner == Action::NoOp {
        vec![format!("{warning} The value is unchanged.")]
    } else {
        vec![warning]
    }
}

fn primitive_text(j: &Json, prim: Prim, o: Opts) -> String {
    match (j, prim) {
        (Json::Null, _) => null(o),
        (Json::Bool(b), _) => b.to_string(),
        (Json::Number(n), _) => n.clone(),
        (Json::String(s), _) => s.clone(),
        // A value of another kind under a primitive cannot come from the differ.
        _ => null(o),
    }
}

fn primitive(d: &Diff, before: &Json, after: &Json, prim: Prim, level: usize, o: Opts) -> String {
    if prim == Prim::String {
        return strings::string(d, before, after, level, o);
    }
    let b = primitive_text(before, prim, o);
    let a = primitive_text(after, prim, o);
    match d.action {
        Action::Create => format!("{a}{}", forces(d.replace, o)),
        Action::Delete => format!("{b}{}{}", null_suffix(d.action, o), forces(d.replace, o)),
        Action::NoOp => format!("{b}{}", forces(d.replace, o)),
        _ => format!("{b} {} {a}{}", arrow(o), forces(d.replace, o)),
    }
}

fn object(d: &Diff, attrs: &BTreeMap<String, Diff>, level: usize, o: Opts) -> String {
    if attrs.is_empty() {
        return format!("{{}}{}{}", null_suffix(d.action, o), forces(d.replace, o));
    }
    let mut ao = o.child();
    ao.override_null_suffix = true;
    let names: BTreeMap<&String, String> = attrs.keys().map(|k| (k, attribute_name(k, o.version))).collect();
    let width = names.values().map(String::len).max().unwrap_or(0);
    let mut out = format!("{{{}\n", forces(d.replace, o));
    let mut hidden = 0;
    for (key, a) in attrs {
        let mut co = ao;
        if important(key) {
            co.show_unchanged = true;
        } else if a.action == Action::NoOp && !o.show_unchanged {
            hidden += 1;
            continue;
        }
        for w in warnings(a, level + 1, o) {
            out.push_str(&format!("{}{w}\n", indent(level + 1)));
        }
        out.push_str(&format!(
            "{}{}{} = {}\n",
            indent(level + 1),
            symbol(a.action, co),
            pad(&names[key], width),
            render(a, level + 1, co)
        ));
    }
    if hidden > 0 {
        out.push_str(&format!(
            "{}{}{}\n",
            indent(level + 1),
            symbol(Action::NoOp, o),
            unchanged("attribute", hidden, o)
        ));
    }
    out.push_str(&format!(
        "{}{}}}{}",
        indent(level),
        symbol(Action::NoOp, o),
        null_suffix(d.action, o)
    ));
    out
}

fn map(d: &Diff, elements: &BTreeMap<String, Diff>, level: usize, o: Opts) -> String {
    if elements.is_empty() {
        return format!("{{}}{}{}", null_suffix(d.action, o), forces(d.replace, o));
    }
    let mut eo = o.child();
    eo.override_null_suffix = d.action == Action::Delete;
    let names: BTreeMap<&String, String> = elements.keys().map(|k| (k, go_quote_in(k, o.version))).collect();
    let width = names.values().map(String::len).max().unwrap_or(0);
    let mut out = format!("{{{}\n", forces(d.replace, o));
    let mut hidden = 0;
    for (key, e) in elements {
        if e.action == Action::NoOp && !o.show_unchanged {
            hidden += 1;
            continue;
        }
        for w in warnings(e, level + 1, o) {
            out.push_str(&format!("{}{w}\n", indent(level + 1)));
        }
        // Only objects inside a map end with a comma.
        let comma = if matches!(e.kind, Kind::Object(_)) { "," } else { "" };
        out.push_str(&format!(
            "{}{}{} = {}{comma}\n",
            indent(level + 1),
            symbol(e.action, eo),
            pad(&names[key], width),
            render(e, level + 1, eo)
        ));
    }
    if hidden > 0 {
        out.push_str(&format!(
            "{}{}{}\n",
            indent(level + 1),
            symbol(Action::NoOp, o),
            unchanged("element", hidden, o)
        ));
    }
    out.push_str(&format!(
        "{}{}}}{}",
        indent(level),
        symbol(Action::NoOp, o),
        null_suffix(d.action, o)
    ));
    out
}

fn list(d: &Diff, elements: &[Diff], level: usize, o: Opts) -> String {
    if elements.is_empty() {
        return format!("[]{}{}", null_suffix(d.action, o), forces(d.replace, o));
    }
    let mut eo = o.child();
    eo.override_null_suffix = true;
    let mut uo = o.child();
    uo.show_unchanged = true;
    let mut out = format!("[{}\n", forces(d.replace, o));
    // Unchanged elements since the last change; the one just before a change is shown as
    // context, as is the one just after.
    let mut pending: Vec<&Diff> = Vec::new();
    let mut show_next = false;
    for e in elements {
        if e.action == Action::NoOp && !show_next && !o.show_unchanged {
            pending.push(e);
            continue;
        }
        show_next = false;
        let mut co = eo;
        if pending.len() > 1 {
            out.push_str(&format!(
                "{}{}{}\n",
                indent(level + 1),
                symbol(Action::NoOp, co),
                unchanged("element", pending.len() - 1, o)
            ));
        }
        if let Some(last) = pending.last() {
            out.push_str(&format!(
                "{}{}{},\n",
                indent(level + 1),
                symbol(last.action, uo),
                render(last, level + 1, uo)
            ));
        }
        pending.clear();
        if e.action == Action::NoOp {
            co = uo;
        } else {
            show_next = true;
        }
        for w in warnings(e, level + 1, o) {
            out.push_str(&format!("{}{w}\n", indent(level + 1)));
        }
        out.push_str(&format!(
            "{}{}{},\n",
            indent(level + 1),
            symbol(e.action, co),
            render(e, level + 1, co)
        ));
    }
    if !pending.is_empty() {
        out.push_str(&format!(
            "{}{}{}\n",
            indent(level + 1),
            symbol(Action::NoOp, o),
            unchanged("element", pending.len(), o)
        ));
    }
    out.push_str(&format!(
        "{}{}]{}",
        indent(level),
        symbol(Action::NoOp, o),
        null_suffix(d.action, o)
    ));
    out
}
