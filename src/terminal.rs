//! Text from a bank, a quiz or a responses file, made safe to print on a terminal: such text
//! may come from anyone, and an escape sequence in it could rewrite the screen, set the
//! window title or write the clipboard (OSC 52).

use std::borrow::Cow;

/// True for a character a terminal may act on rather than show: a control character other than
/// a line break or a tab (ESC, BEL, the C1 controls such as CSI U+009B), or a bidirectional
/// override that reorders what is shown.
fn is_hostile(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || ('\u{202a}'..='\u{202e}').contains(&c) || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `text` with every character a terminal would act on written out visibly (`\u{1b}`), so it
/// is shown, never obeyed; unchanged (and not copied) when it has none.
pub fn safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hostile(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn escape_sequences_are_shown_not_obeyed() {
        assert_eq!(safe("plain text\n\tand a tab"), "plain text\n\tand a tab");
        assert_eq!(safe("x\u{1b}]52;c;aGk=\u{7}y"), "x\\u{1b}]52;c;aGk=\\u{7}y");
        assert_eq!(safe("\u{1b}[2J"), "\\u{1b}[2J");
        assert_eq!(safe("a\u{9b}31mb"), "a\\u{9b}31mb");
        assert_eq!(safe("abc\u{202e}def"), "abc\\u{202e}def");
        assert_eq!(safe("carriage\rreturn"), "carriage\\u{d}return");
    }
}
