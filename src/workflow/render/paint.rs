//! Terraform's colour markup (mitchellh/colorstring with `Reset: true`): `[red]`, `[bold]`,
//! `[reset]` and the other names of its default table become ANSI sequences, and a text that
//! had any markup gets a reset at its end; a text without markup is left exactly as it is.
//! Without colour the markup is removed. Terraform colours each fragment on its own (an action
//! symbol, a comment, a suffix), so callers paint fragment by fragment to get its resets.

/// colorstring's default table: the names Terraform's messages may use, and any text in
/// square brackets that is one of them (a value's text included) is taken as markup.
const CODES: &[(&str, &str)] = &[
    ("default", "39"),
    ("_default_", "49"),
    ("black", "30"),
    ("red", "31"),
    ("green", "32"),
    ("yellow", "33"),
    ("blue", "34"),
    ("magenta", "35"),
    ("cyan", "36"),
    ("light_gray", "37"),
    ("dark_gray", "90"),
    ("light_red", "91"),
    ("light_green", "92"),
    ("light_yellow", "93"),
    ("light_blue", "94"),
    ("light_magenta", "95"),
    ("light_cyan", "96"),
    ("white", "97"),
    ("_black_", "40"),
    ("_red_", "41"),
    ("_green_", "42"),
    ("_yellow_", "43"),
    ("_blue_", "44"),
    ("_magenta_", "45"),
    ("_cyan_", "46"),
    ("_light_gray_", "47"),
    ("_dark_gray_", "100"),
    ("_light_red_", "101"),
    ("_light_green_", "102"),
    ("_light_yellow_", "103"),
    ("_light_blue_", "104"),
    ("_light_magenta_", "105"),
    ("_light_cyan_", "106"),
    ("_white_", "107"),
    ("bold", "1"),
    ("dim", "2"),
    ("underline", "4"),
    ("blink_slow", "5"),
    ("blink_fast", "6"),
    ("invert", "7"),
    ("hidden", "8"),
    ("reset", "0"),
    ("reset_bold", "21"),
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
        assert_eq!(colorize("a[0] [light_gray]b", true), "a[0] \x1b[37mb\x1b[0m");
        assert_eq!(colorize("[[red]]", true), "[\x1b[31m]\x1b[0m");
    }
}
