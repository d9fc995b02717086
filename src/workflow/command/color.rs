//! Terraform's colour markup (mitchellh/colorstring): `[red]`, `[bold]`, `[reset]` and the
//! like become ANSI sequences, and a text that had any markup gets a reset at its end; a text
//! without markup is left exactly as it is. Without colour the markup is removed.

/// The codes Terraform's messages use.
const CODES: &[(&str, &str)] = &[
    ("reset", "0"),
    ("bold", "1"),
    ("underline", "4"),
    ("red", "31"),
    ("green", "32"),
    ("yellow", "33"),
    ("cyan", "36"),
    ("dark_gray", "90"),
];

/// Replaces the markup of `s` (colour on) or removes it (colour off).
pub fn colorize(s: &str, on: bool) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    let mut rest = s;
    let mut any = false;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let code = after
            .find(']')
            .and_then(|close| CODES.iter().find(|(n, _)| *n == &after[..close]).map(|c| (close, c.1)));
        match code {
            Some((close, ansi)) => {
                out.push_str(&rest[..open]);
                if on {
                    out.push_str("\x1b[");
                    out.push_str(ansi);
                    out.push('m');
                }
                any = true;
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    if any && on {
        out.push_str("\x1b[0m");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::colorize;

    #[test]
    fn markup_as_colorstring_treats_it() {
        assert_eq!(colorize("[red]╷[reset]", true), "\x1b[31m╷\x1b[0m\x1b[0m");
        assert_eq!(colorize("plain [text]", true), "plain [text]");
        assert_eq!(colorize("[bold]x[reset]", false), "x");
    }
}
