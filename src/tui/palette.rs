//! Colour depth: what the terminal can show, and a drawn frame brought down to it. An
//! 8-colour terminal (TERM=xterm, linux, screen, vt100 without COLORTERM) gets only the eight
//! basic ANSI colours: bright and indexed colours become their basic hue, dark grey (which is
//! not one of the eight, and black on black is invisible) becomes the default colour, dimmed.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// None (NO_COLOR): the theme already draws without colour.
    Mono,
    /// The eight basic ANSI colours.
    Basic,
    /// 256 colours or more.
    Full,
}

impl Depth {
    /// The depth for these values of TERM, COLORTERM and NO_COLOR (None: unset).
    pub fn detect(term: Option<&str>, colorterm: Option<&str>, no_color: Option<&str>) -> Depth {
        if no_color.is_some_and(|v| !v.is_empty()) {
            return Depth::Mono;
        }
        if let Some(c) = colorterm
            && (c.eq_ignore_ascii_case("truecolor") || c.eq_ignore_ascii_case("24bit"))
        {
            return Depth::Full;
        }
        let term = term.unwrap_or("").to_ascii_lowercase();
        if term.contains("256col") || term.ends_with("-direct") || term.contains("truecolor") {
            Depth::Full
        } else {
            Depth::Basic
        }
    }

    /// The depth of the terminal this process runs in.
    pub fn from_env() -> Depth {
        let var = |name: &str| std::env::var(name).ok();
        Depth::detect(var("TERM").as_deref(), var("COLORTERM").as_deref(), var("NO_COLOR").as_deref())
    }
}

/// The eight basic colours (ratatui's names for ANSI 30-37).
pub const BASIC: [Color; 8] = [
    Color::Black,
    Color::Red,
    Color::Green,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Gray,
];

/// The basic colour nearest to `(r, g, b)`: each channel on or off at half intensity.
fn nearest(r: u8, g: u8, b: u8) -> Color {
    let i = usize::from(r >= 128) | usize::from(g >= 128) << 1 | usize::from(b >= 128) << 2;
    BASIC[i]
}

/// `c` as one of the eight basic colours, or None for "the default colour, dimmed" (greys
/// too dark to tell from black).
pub fn basic(c: Color) -> Option<Color> {
    Some(match c {
        Color::Reset => Color::Reset,
        Color::DarkGray => return None,
        Color::LightRed => Color::Red,
        Color::LightGreen => Color::Green,
        Color::LightYellow => Color::Yellow,
        Color::LightBlue => Color::Blue,
        Color::LightMagenta => Color::Magenta,
        Color::LightCyan => Color::Cyan,
        Color::White => Color::Gray,
        Color::Indexed(n @ 0..=7) => BASIC[usize::from(n)],
        Color::Indexed(8) => return None,
        Color::Indexed(n @ 9..=15) => BASIC[usize::from(n - 8)],
        Color::Indexed(n @ 16..=231) => {
            let n = n - 16;
            let level = |v: u8| if v >= 3 { 255 } else { 0 };
            nearest(level(n / 36), level(n / 6 % 6), level(n % 6))
        }
        Color::Indexed(232..=239) => return None,
        Color::Indexed(_) => Color::Gray,
        Color::Rgb(r, g, b) => nearest(r, g, b),
        other => other,
    })
}

/// Brings every cell of `buf` down to `depth` (Full: unchanged; Mono: no colour at all).
pub fn reduce(buf: &mut Buffer, depth: Depth) {
    if depth == Depth::Full {
        return;
    }
    for cell in buf.content.iter_mut() {
        if depth == Depth::Mono {
            cell.fg = Color::Reset;
            cell.bg = Color::Reset;
            continue;
        }
        match basic(cell.fg) {
            Some(c) => cell.fg = c,
            None => {
                cell.fg = Color::Reset;
                cell.modifier |= Modifier::DIM;
            }
        }
        // A background too dark for a basic colour is left as the terminal's own.
        cell.bg = basic(cell.bg).unwrap_or(Color::Reset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TERM, COLORTERM, NO_COLOR (None: unset) and the depth they give.
    type Row = (Option<&'static str>, Option<&'static str>, Option<&'static str>, Depth);

    #[test]
    fn depth_follows_term_colorterm_and_no_color() {
        let table: [Row; 12] = [
            (Some("xterm-256color"), None, None, Depth::Full),
            (Some("screen-256color"), None, None, Depth::Full),
            (Some("xterm-direct"), None, None, Depth::Full),
            (Some("xterm"), Some("truecolor"), None, Depth::Full),
            (Some("linux"), Some("24bit"), None, Depth::Full),
            (Some("xterm"), None, None, Depth::Basic),
            (Some("linux"), None, None, Depth::Basic),
            (Some("screen"), None, None, Depth::Basic),
            (Some("vt100"), Some("yes"), None, Depth::Basic),
            (None, None, None, Depth::Basic),
            (Some("xterm-256color"), Some("truecolor"), Some("1"), Depth::Mono),
            (Some("xterm-256color"), None, Some(""), Depth::Full),
        ];
        for (term, colorterm, no_color, want) in table {
            assert_eq!(
                Depth::detect(term, colorterm, no_color),
                want,
                "TERM={term:?} COLORTERM={colorterm:?} NO_COLOR={no_color:?}"
            );
        }
    }

    #[test]
    fn every_colour_maps_to_a_basic_one_or_the_default() {
        let mut all = vec![
            Color::Reset,
            Color::DarkGray,
            Color::LightRed,
            Color::White,
            Color::Rgb(250, 10, 10),
            Color::Rgb(20, 20, 200),
        ];
        all.extend((0..=255u8).map(Color::Indexed));
        for c in all {
            if let Some(b) = basic(c) {
                assert!(b == Color::Reset || BASIC.contains(&b), "{c:?} -> {b:?}");
            }
        }
        assert_eq!(basic(Color::Rgb(250, 10, 10)), Some(Color::Red));
        assert_eq!(basic(Color::Indexed(196)), Some(Color::Red));
        assert_eq!(basic(Color::LightCyan), Some(Color::Cyan));
        assert_eq!(basic(Color::DarkGray), None);
    }
}
