//! Go's simple case mappings (`unicode.ToUpper`, `ToLower`, `ToTitle`) at a Unicode version.
//!
//! Rust's own tables are newer than Go's (Unicode 16 and later) and give full mappings
//! (`ß` to `SS`); Go maps one character to one, and only between characters its tables know.

use super::{Ucd, is_print};

/// The only character of a case mapping, if it is a single character.
fn single(mut it: impl Iterator<Item = char>) -> Option<char> {
    let c = it.next()?;
    if it.next().is_some() { None } else { Some(c) }
}

/// `mapped` if Go's tables at `ucd` know both characters (cased letters are all printable,
/// so an unprintable one is unassigned there), else `c` unchanged.
fn known(c: char, mapped: Option<char>, ucd: Ucd) -> char {
    match mapped {
        Some(m) if m != c && is_print(c, ucd) && is_print(m, ucd) => m,
        _ => c,
    }
}

/// Go's `unicode.ToUpper` under `ucd`.
pub fn upper(c: char, ucd: Ucd) -> char {
    let u = c as u32;
    let mapped = match u {
        _ if c.is_ascii() => Some(c.to_ascii_uppercase()),
        // Greek with ypogegrammeni: the simple mapping is the prosgegrammeni capital.
        0x1F80..=0x1F87 | 0x1F90..=0x1F97 | 0x1FA0..=0x1FA7 => char::from_u32(u + 8),
        0x1FB3 => Some('\u{1FBC}'),
        0x1FC3 => Some('\u{1FCC}'),
        0x1FF3 => Some('\u{1FFC}'),
        _ => single(c.to_uppercase()),
    };
    known(c, mapped, ucd)
}

/// Go's `unicode.ToLower` under `ucd`.
pub fn lower(c: char, ucd: Ucd) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    if c == '\u{130}' {
        return 'i';
    }
    known(c, single(c.to_lowercase()), ucd)
}

/// Go's `unicode.ToTitle` under `ucd`.
pub fn title(c: char, ucd: Ucd) -> char {
    match c as u32 {
        0x1C4..=0x1C6 => '\u{1C5}',
        0x1C7..=0x1C9 => '\u{1C8}',
        0x1CA..=0x1CC => '\u{1CB}',
        0x1F1..=0x1F3 => '\u{1F2}',
        // Georgian Mkhedruli has an uppercase (Mtavruli) but is its own titlecase.
        0x10D0..=0x10FA | 0x10FD..=0x10FF => c,
        _ => upper(c, ucd),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // One line per case: character, upper and lower for Go 1.16 (Unicode 13), for Go 1.25 (15.0).
    #[test]
    fn case_mappings() {
        let cases: &[(char, [char; 2], [char; 2])] = &[
            ('a', ['A', 'a'], ['A', 'a']),
            ('ß', ['ß', 'ß'], ['ß', 'ß']),
            ('\u{130}', ['\u{130}', 'i'], ['\u{130}', 'i']),
            // Unicode 14: LATIN CAPITAL LETTER C WITH PALATAL HOOK and its small letter.
            ('\u{A7C0}', ['\u{A7C0}', '\u{A7C0}'], ['\u{A7C0}', '\u{A7C1}']),
            ('\u{A7C1}', ['\u{A7C1}', '\u{A7C1}'], ['\u{A7C0}', '\u{A7C1}']),
            // Unicode 14: Vithkuqi.
            ('\u{10597}', ['\u{10597}', '\u{10597}'], ['\u{10570}', '\u{10597}']),
            // Unicode 16 (not in Go 1.25): CYRILLIC TJE, and the capital that ƛ maps to.
            ('\u{1C89}', ['\u{1C89}', '\u{1C89}'], ['\u{1C89}', '\u{1C89}']),
            ('\u{1C8A}', ['\u{1C8A}', '\u{1C8A}'], ['\u{1C8A}', '\u{1C8A}']),
            ('\u{19B}', ['\u{19B}', '\u{19B}'], ['\u{19B}', '\u{19B}']),
        ];
        for &(c, v13, v15) in cases {
            assert_eq!([upper(c, Ucd::V13), lower(c, Ucd::V13)], v13, "{c:?} at 13");
            assert_eq!([upper(c, Ucd::V15), lower(c, Ucd::V15)], v15, "{c:?} at 15");
        }
    }
}
