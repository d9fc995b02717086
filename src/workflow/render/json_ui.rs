//! Terraform's machine-readable UI (`plan -json`, `apply -json`, `init -json`): one JSON
//! object a line, as hclog's JSON writer prints them — `@level`, `@message`, `@module`,
//! `@timestamp`, then the message's own fields, all keys sorted (hclog writes a map); the
//! values inside (`change`, `hook`, `diagnostic`) keep their Go structs' field order.

use std::time::{SystemTime, UNIX_EPOCH};

use super::json_values::{known, sorted_object, type_json};
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::address::{InstanceAddr, InstanceKey};
use crate::workflow::model::{Action, OutputChange, Problem as Report, Reason, Severity, State};

/// The source texts diagnostics quote, by file name.
pub type Sources = std::collections::BTreeMap<String, String>;
use crate::workflow::state::json::{Json, to_compact};

/// The first release whose change summaries count action invocations (`action_invocation`).
pub const ACTION_INVOCATIONS_SINCE: TfVersion = (1, 14, 0);

/// The time now as hclog stamps a line (`2006-01-02T15:04:05.000000Z`), or to the second as
/// the init view stamps its own messages (RFC 3339).
pub fn timestamp(micros: bool) -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = now.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let clock = format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60);
    if micros {
        format!("{clock}.{:06}Z", now.subsec_micros())
    } else {
        format!("{clock}Z")
    }
}

/// One line: the level, the message, its type and its fields.
pub fn line(level: &str, message: &str, kind: &str, fields: Vec<(String, Json)>) -> String {
    line_stamped(level, message, kind, fields, &timestamp(true))
}

fn line_stamped(level: &str, message: &str, kind: &str, mut fields: Vec<(String, Json)>, stamp: &str) -> String {
    fields.push(("@level".into(), Json::str(level)));
    fields.push(("@message".into(), Json::str(message)));
    fields.push(("@module".into(), Json::str("terraform.ui")));
    fields.push(("@timestamp".into(), Json::str(stamp)));
    fields.push(("type".into(), Json::str(kind)));
    let mut text = to_compact(&sorted_object(fields));
    text.push('\n');
    text
}

/// The release text, `1.12.2`.
fn release(v: TfVersion) -> String {
    format!("{}.{}.{}", v.0, v.1, v.2)
}

/// The first release whose UI messages are version 1.3 (tf-oracle 1.14.9 writes `"ui":"1.2"`,
/// 1.15.5 `"ui":"1.3"`).
pub const UI_1_3_SINCE: TfVersion = (1, 15, 0);

/// `{"@message":"Terraform 1.12.2", ..., "type":"version","ui":"1.2"}`, every stream's first line.
pub fn version(v: TfVersion) -> String {
    let r = release(v);
    let ui = if v >= UI_1_3_SINCE { "1.3" } else { "1.2" };
    line(
        "info",
        &format!("Terraform {r}"),
        "version",
        vec![("terraform".into(), Json::str(r.clone())), ("ui".into(), Json::str(ui))],
    )
}

/// An `init_output` line (stamped to the second, as the init view stamps them).
pub fn init_output(message: &str, code: &str) -> String {
    line_stamped(
        "info",
        message,
        "init_output",
        vec![("message_code".into(), Json::str(code))],
        &timestamp(false),
    )
}

/// A plain `log` line.
pub fn log(message: &str) -> String {
    line("info", message, "log", Vec::new())
}

/// A resource instance as the UI names it (json.ResourceAddr).
pub fn resource_addr(a: &InstanceAddr) -> Json {
    let module = crate::workflow::model::address::module_path(&a.resource.module);
    let resource = if module.is_empty() {
        a.to_string()
    } else {
        a.to_string()[module.len() + 1..].to_string()
    };
    let key = match &a.key {
        InstanceKey::None => Json::Null,
        InstanceKey::Int(i) => Json::Number(i.to_string()),
        InstanceKey::Str(s) => Json::str(s.clone()),
    };
    Json::Object(vec![
        ("addr".into(), Json::str(a.to_string())),
        ("module".into(), Json::str(module)),
        ("resource".into(), Json::str(resource)),
        ("implied_provider".into(), Json::str("terraform")),
        ("resource_type".into(), Json::str(a.resource.rtype.clone())),
        ("resource_name".into(), Json::str(a.resource.name.clone())),
        ("resource_key".into(), key),
    ])
}

/// The UI's word for an action (json.ChangeAction).
pub fn action_word(a: Action) -> &'static str {
    match a {
        Action::NoOp => "noop",
        Action::Create => "create",
        Action::Read => "read",
        Action::Update => "update",
        Action::DeleteThenCreate | Action::CreateThenDelete => "replace",
        Action::Delete => "delete",
        Action::Forget => "remove",
    }
}

/// The UI's word for a reason (json.ChangeReason).
fn reason_word(r: Reason) -> &'static str {
    match r {
        Reason::ReplaceBecauseTainted => "tainted",
        Reason::ReplaceByRequest => "requested",
        Reason::ReplaceBecauseCannotUpdate => "cannot_update",
        Reason::ReplaceByTriggers => "replace_triggered_by",
        // The deletion and read reasons are named as in `show -json`.
        other => super::json_plan::reason_text(other),
    }
}

/// A `planned_change` (or, with `kind` `resource_drift`, a drift) line for one instance.
pub fn planned_change(
    kind: &str,
    addr: &InstanceAddr,
    prev: Option<&InstanceAddr>,
    action: Action,
    reason: Option<Reason>,
    importing: Option<&str>,
) -> String {
    let mut word = action_word(action);
    let mut change = vec![("resource".to_string(), resource_addr(addr))];
    if let Some(p) = prev.filter(|p| *p != addr) {
        if word == "noop" {
            word = "move";
        }
        change.push(("previous_resource".into(), resource_addr(p)));
    }
    if importing.is_some() && word == "noop" {
        word = "import";
    }
    change.push(("action".into(), Json::str(word)));
    if let Some(r) = reason {
        change.push(("reason".into(), Json::str(reason_word(r))));
    }
    if let Some(id) = importing {
        change.push(("importing".into(), Json::Object(vec![("id".into(), Json::str(id))])));
    }
    line(
        "info",
        &format!("{addr}: Plan to {word}"),
        kind,
        vec![("change".into(), Json::Object(change))],
    )
}

/// The counts of a change summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Created (a replacement counts here and in `remove`).
    pub add: usize,
    /// Updated in place.
    pub change: usize,
    /// Imported.
    pub import: usize,
    /// Destroyed.
    pub remove: usize,
}

/// A `change_summary` line; `operation` is `plan`, `apply` or `destroy`.
pub fn change_summary(v: TfVersion, c: Counts, operation: &str) -> String {
    let message = match operation {
        "apply" if c.import > 0 => format!(
            "Apply complete! Resources: {} imported, {} added, {} changed, {} destroyed.",
            c.import, c.add, c.change, c.remove
        ),
        "apply" => format!(
            "Apply complete! Resources: {} added, {} changed, {} destroyed.",
            c.add, c.change, c.remove
        ),
        "destroy" => format!("Destroy complete! Resources: {} destroyed.", c.remove),
        _ if c.import > 0 => format!(
            "Plan: {} to import, {} to add, {} to change, {} to destroy.",
            c.import, c.add, c.change, c.remove
        ),
        _ => format!("Plan: {} to add, {} to change, {} to destroy.", c.add, c.change, c.remove),
    };
    let n = |x: usize| Json::Number(x.to_string());
    let mut changes = vec![
        ("add".to_string(), n(c.add)),
        ("change".into(), n(c.change)),
        ("import".into(), n(c.import)),
        ("remove".into(), n(c.remove)),
    ];
    if v >= ACTION_INVOCATIONS_SINCE {
        changes.push(("action_invocation".into(), n(0)));
    }
    changes.push(("operation".into(), Json::str(operation)));
    line("info", &message, "change_summary", vec![("changes".into(), Json::Object(changes))])
}

/// The `outputs` line of a plan: each root output's action.
pub fn planned_outputs(outputs: &[OutputChange]) -> String {
    let members = outputs
        .iter()
        .map(|o| {
            (
                o.name.clone(),
                Json::Object(vec![
                    ("sensitive".into(), Json::Bool(o.sensitive)),
                    ("action".into(), Json::str(action_word(o.action))),
                ]),
            )
        })
        .collect();
    line(
        "info",
        &format!("Outputs: {}", outputs.len()),
        "outputs",
        vec![("outputs".into(), sorted_object(members))],
    )
}

/// The `outputs` line after an apply: each root output's type, and its value unless sensitive.
pub fn applied_outputs(state: &State) -> String {
    let members = state
        .outputs
        .iter()
        .map(|(name, o)| {
            let plain = o.value.clone().unmark_deep().0;
            let mut m = vec![
                ("sensitive".to_string(), Json::Bool(o.sensitive)),
                ("type".into(), type_json(&plain.ty())),
            ];
            if !o.sensitive {
                m.push(("value".into(), known(&plain)));
            }
            (name.clone(), Json::Object(m))
        })
        .collect();
    line(
        "info",
        &format!("Outputs: {}", state.outputs.len()),
        "outputs",
        vec![("outputs".into(), sorted_object(members))],
    )
}

/// A hook line (`apply_start`, `apply_complete`, `refresh_start`, `refresh_complete`).
pub fn hook(kind: &str, message: &str, addr: &InstanceAddr, action: Option<Action>, id: Option<&str>, elapsed: bool) -> String {
    let mut h = vec![("resource".to_string(), resource_addr(addr))];
    if let Some(a) = action {
        h.push(("action".into(), Json::str(action_word(a))));
    }
    if let Some(id) = id.filter(|i| !i.is_empty()) {
        h.push(("id_key".into(), Json::str("id")));
        h.push(("id_value".into(), Json::str(id)));
    }
    if elapsed {
        h.push(("elapsed_seconds".into(), Json::Number("0".into())));
    }
    line("info", message, kind, vec![("hook".into(), Json::Object(h))])
}

/// 1-based line and column (in characters) of byte `at` in `src`.
fn position(src: &str, at: usize) -> (usize, usize) {
    let at = at.min(src.len());
    let at = (0..=at).rev().find(|i| src.is_char_boundary(*i)).unwrap_or(0);
    let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    (src[..at].matches('\n').count() + 1, src[line_start..at].chars().count() + 1)
}

/// A diagnostic as the JSON views write it (json.Diagnostic).
pub fn diagnostic(r: &Report, sources: &Sources) -> Json {
    let d = &r.diag;
    let mut m = vec![
        (
            "severity".to_string(),
            Json::str(match r.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            }),
        ),
        ("summary".into(), Json::str(d.summary.clone())),
        ("detail".into(), Json::str(d.detail.clone())),
    ];
    if let Some(a) = &r.address {
        m.push(("address".into(), Json::str(a.clone())));
    }
    if let (Some(file), Some(span)) = (&d.file, &d.span)
        && let Some(src) = sources.get(file)
    {
        let start = span.start.min(src.len());
        // An empty range is widened to one byte, as Terraform widens it.
        let end = if span.end <= start { start + 1 } else { span.end };
        let pos = |at: usize| {
            let (l, c) = position(src, at);
            let (l, c) = if at > src.len() { (l, c + at - src.len()) } else { (l, c) };
            Json::Object(vec![
                ("line".into(), Json::Number(l.to_string())),
                ("column".into(), Json::Number(c.to_string())),
                ("byte".into(), Json::Number(at.to_string())),
            ])
        };
        m.push((
            "range".into(),
            Json::Object(vec![
                ("filename".into(), Json::str(file.clone())),
                ("start".into(), pos(start)),
                ("end".into(), pos(end)),
            ]),
        ));
        let context =
            crate::lang::syntax::hcl_diag::body(src, crate::lang::syntax::hcl_diag::Hcl::NEWEST, file).and_then(|(_, outline)| {
                start
                    .checked_sub(1)
                    .and_then(|at| crate::lang::syntax::hcl_diag::context_at(&outline, at))
            });
        let bytes = src.as_bytes();
        let first = bytes[..start].iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        // The lines the range overlaps: up to the end of the line holding its last byte.
        let last_byte = end.saturating_sub(1).clamp(start, src.len());
        let last = bytes[last_byte..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(src.len(), |i| last_byte + i);
        let code: String = String::from_utf8_lossy(&bytes[first..last.max(first)])
            .split('\n')
            .map(|l| l.trim_end_matches('\r'))
            .collect::<Vec<_>>()
            .join("\n");
        let off = |b: usize| (b - first).min(code.len());
        let values = r
            .values
            .iter()
            .map(|(t, s)| {
                Json::Object(vec![
                    ("traversal".into(), Json::str(t.clone())),
                    ("statement".into(), Json::str(s.clone())),
                ])
            })
            .collect();
        m.push((
            "snippet".into(),
            Json::Object(vec![
                ("context".into(), context.map_or(Json::Null, Json::str)),
                ("code".into(), Json::str(code.clone())),
                ("start_line".into(), Json::Number(position(src, start).0.to_string())),
                ("highlight_start_offset".into(), Json::Number(off(start).to_string())),
                ("highlight_end_offset".into(), Json::Number(off(end).to_string())),
                ("values".into(), Json::Array(values)),
            ]),
        ));
    }
    Json::Object(m)
}

/// A `diagnostic` line.
pub fn diagnostic_line(r: &Report, sources: &Sources) -> String {
    let (level, word) = match r.severity {
        Severity::Error => ("error", "Error"),
        Severity::Warning => ("warn", "Warning"),
    };
    line(
        level,
        &format!("{word}: {}", r.diag.summary),
        "diagnostic",
        vec![("diagnostic".into(), diagnostic(r, sources))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_look_like_hclogs() {
        let t = timestamp(true);
        assert_eq!(t.len(), "2026-12-05T02:01:44.121953Z".len(), "{t}");
        assert!(timestamp(false).ends_with('Z'));
    }

    #[test]
    fn lines_sort_their_keys_as_hclog_does() {
        let l = line_stamped(
            "info",
            "Terraform 1.12.2",
            "version",
            vec![("terraform".into(), Json::str("1.12.2")), ("ui".into(), Json::str("1.2"))],
            "T",
        );
        assert_eq!(
            l,
            "{\"@level\":\"info\",\"@message\":\"Terraform 1.12.2\",\"@module\":\"terraform.ui\",\"@timestamp\":\"T\",\"terraform\":\"1.12.2\",\"type\":\"version\",\"ui\":\"1.2\"}\n"
        );
    }
}
