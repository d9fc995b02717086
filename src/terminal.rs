//! Text from a bank, a quiz, a responses file or the progress store, made safe to print on a
//! terminal (and to write into an export someone may `cat`): such text may come from anyone,
//! and an escape sequence in it could rewrite the screen, set the window title or write the
//! clipboard (OSC 52), while a bidirectional control or an invisible format character could
//! make what is shown differ from what is there.

use std::borrow::Cow;

/// The format characters (Unicode category Cf, as of Unicode 15.1) besides the bidirectional
/// controls, which show nothing and can hide or reorder text: the soft hyphen, zero-width
/// space, word joiner and invisible operators, the byte order mark, the interlinear
/// annotation marks, tags and the like. The zero-width joiner and non-joiner (U+200C, U+200D)
/// are left alone: emoji sequences and Persian and Indic writing need them, and they reorder
/// or hide nothing.
const FORMAT: &[(char, char)] = &[
    ('\u{00ad}', '\u{00ad}'),
    ('\u{0600}', '\u{0605}'),
    ('\u{06dd}', '\u{06dd}'),
    ('\u{070f}', '\u{070f}'),
    ('\u{0890}', '\u{0891}'),
    ('\u{08e2}', '\u{08e2}'),
    ('\u{180e}', '\u{180e}'),
    ('\u{200b}', '\u{200b}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{206a}', '\u{206f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{fff9}', '\u{fffb}'),
    ('\u{110bd}', '\u{110bd}'),
    ('\u{110cd}', '\u{110cd}'),
    ('\u{13430}', '\u{1343f}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0001}', '\u{e0001}'),
    ('\u{e0020}', '\u{e007f}'),
];

/// True for a character a terminal may act on rather than show, or that changes what is shown
/// without being seen: a control character other than a line break or a tab (ESC, BEL, the C1
/// controls such as CSI U+009B), a bidirectional control (U+061C, U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069), the line and paragraph separators (U+2028, U+2029, which some
/// terminals and editors take for line breaks), or another invisible format character
/// (`FORMAT`).
pub fn is_hostile(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_control() && c != '\n' && c != '\t';
    }
    c.is_control()
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{2028}' | '\u{2029}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
        || FORMAT.iter().any(|&(a, b)| (a..=b).contains(&c))
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

/// `text` without the characters [`safe`] writes out: for a file that a program reads, where
/// `\u{1b}` would be read as text (Moodle's GIFT import drops them, as its XML must).
pub fn strip(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hostile) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().filter(|&c| !is_hostile(c)).collect())
}

/// JSON text (as serde_json writes it) with every character [`safe`] writes out escaped as
/// `\uXXXX` (a pair of them beyond the BMP): the same JSON value, safe to print. serde_json
/// escapes the C0 controls itself; DEL, the C1 controls and the format characters it leaves.
/// Such a character can stand only inside a JSON string, where the escape means the same.
pub fn safe_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(is_hostile) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    for c in json.chars() {
        if is_hostile(c) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::{safe, safe_json, strip};

    #[test]
    fn escape_sequences_are_shown_not_obeyed() {
        assert_eq!(safe("plain text\n\tand a tab"), "plain text\n\tand a tab");
        assert_eq!(safe("x\u{1b}]52;c;aGk=\u{7}y"), "x\\u{1b}]52;c;aGk=\\u{7}y");
        assert_eq!(safe("\u{1b}[2J"), "\\u{1b}[2J");
        assert_eq!(safe("a\u{9b}31mb"), "a\\u{9b}31mb");
        assert_eq!(safe("abc\u{202e}def"), "abc\\u{202e}def");
        assert_eq!(safe("carriage\rreturn"), "carriage\\u{d}return");
        assert_eq!(safe("del\u{7f}"), "del\\u{7f}");
    }

    #[test]
    fn bidi_controls_separators_and_format_characters_are_shown() {
        for c in [
            '\u{061c}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202b}',
            '\u{202c}',
            '\u{202d}',
            '\u{202e}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{2028}',
            '\u{2029}',
            '\u{200b}',
            '\u{2060}',
            '\u{feff}',
            '\u{00ad}',
            '\u{206a}',
            '\u{fff9}',
            '\u{e0001}',
            '\u{e0041}',
            '\u{1d173}',
        ] {
            let text = format!("a{c}b");
            assert_eq!(safe(&text), format!("a\\u{{{:x}}}b", c as u32), "U+{:04X}", c as u32);
            assert_eq!(strip(&text), "ab", "U+{:04X}", c as u32);
        }
        // Letters of every script, joiners in emoji and in Persian are text.
        for text in [
            "héllo wörld",
            "日本語",
            "مرحبا",
            "שלום",
            "👩\u{200d}💻",
            "می\u{200c}خواهم",
            "a\u{301}",
        ] {
            assert_eq!(safe(text), text);
            assert_eq!(strip(text), text);
        }
    }

    #[test]
    fn json_keeps_its_value_and_loses_the_controls() {
        let value = serde_json::json!({"id": "x\u{1b}]52;c;aGk=\u{7}\u{9b}\u{202e}\u{e0041}y"});
        let text = serde_json::to_string(&value).unwrap_or_default();
        let safe = safe_json(&text);
        assert!(!safe.chars().any(super::is_hostile), "{safe}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).ok(), Some(value));
    }
}
