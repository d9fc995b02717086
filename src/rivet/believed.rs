//! How a learner holding a misconception reads an address the question names. A question's
//! `select` is written with the real rules' addresses (`file.slots[0]`, `file.messages["first"]`);
//! under a misconception that renders addresses differently the same instance has another
//! address, and the believer asks about that one. Without this the flipped compilation would
//! answer "no such instance", an error no believer gives.

use crate::lang::{Rule, Rules};

/// `select` as the believer in the misconception of `rules` reads it: under
/// `count-index-from-one` a numeric slot `[N]` is the believer's `[N+1]` (the same position,
/// numbered from 1); under `keys-render-unquoted` a named key `["first"]` is `[first]`.
/// Unchanged under the real rules.
pub fn believed_select(select: &str, rules: &Rules) -> String {
    let from_one = rules.flipped(Rule::CountIndexFromOne);
    let unquoted = rules.flipped(Rule::KeysRenderUnquoted);
    if !from_one && !unquoted {
        return select.to_string();
    }
    let mut out = String::with_capacity(select.len());
    let mut rest = select;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = closing(after) else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &after[..close];
        out.push('[');
        match (inner.parse::<u64>(), inner.strip_prefix('"').and_then(|s| s.strip_suffix('"'))) {
            (Ok(n), _) if from_one => out.push_str(&(n.saturating_add(1)).to_string()),
            (_, Some(name)) if unquoted => out.push_str(&name.replace("\\\"", "\"").replace("\\\\", "\\")),
            _ => out.push_str(inner),
        }
        out.push(']');
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The position of the `]` that closes an index, skipping a quoted key's text.
fn closing(s: &str) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_rules_leave_the_selection_alone() {
        let s = r#"module.files["first"].file.slots[0].path"#;
        assert_eq!(believed_select(s, &Rules::real()), s);
    }

    #[test]
    fn slots_shift_by_one_for_the_from_one_believer() {
        let r = Rules::with(Rule::CountIndexFromOne);
        assert_eq!(believed_select("file.slots[0].path", &r), "file.slots[1].path");
        assert_eq!(believed_select("edges(module.slots[2])", &r), "edges(module.slots[3])");
        assert_eq!(believed_select(r#"file.m["0"].path"#, &r), r#"file.m["0"].path"#);
    }

    #[test]
    fn named_keys_lose_their_quotes_for_the_unquoted_believer() {
        let r = Rules::with(Rule::KeysRenderUnquoted);
        assert_eq!(
            believed_select(r#"module.region["west"].module.zone[1].file.marker.path"#, &r),
            "module.region[west].module.zone[1].file.marker.path"
        );
        assert_eq!(believed_select(r#"file.m["a]b"].content"#, &r), "file.m[a]b].content");
        assert_eq!(believed_select("file.m[\"open", &r), "file.m[\"open");
    }
}
