//! Styles. With NO_COLOR set, only bold, reverse and underline are used; meaning is never
//! carried by colour alone (✓/✗ and words go with it).

use ratatui::style::{Color, Modifier, Style};

/// The styles in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours may be used.
    pub color: bool,
}

impl Theme {
    /// Colours unless the NO_COLOR variable is set to anything non-empty.
    pub fn from_env() -> Theme {
        Theme {
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color { Style::default().fg(c) } else { Style::default() }
    }

    /// Titles and headings.
    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    /// The selected row.
    pub fn selected(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    /// A right answer.
    pub fn good(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }
    /// A wrong answer or an error.
    pub fn bad(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    /// Secondary text.
    pub fn dim(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }
    /// Key names in the footer and help.
    pub fn key(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    /// Labels like "Right answer:".
    pub fn label(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    /// Source: keywords and block types.
    pub fn keyword(&self) -> Style {
        self.fg(Color::Magenta).add_modifier(Modifier::BOLD)
    }
    /// Source: strings.
    pub fn string(&self) -> Style {
        self.fg(Color::Green)
    }
    /// Source: numbers and literals.
    pub fn number(&self) -> Style {
        self.fg(Color::Yellow)
    }
    /// Source: comments.
    pub fn comment(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::ITALIC)
    }
    /// Source: attribute names and keys.
    pub fn attr(&self) -> Style {
        self.fg(Color::Blue)
    }
    /// Source: function names.
    pub fn func(&self) -> Style {
        self.fg(Color::Cyan)
    }
    /// A mastery bar's filled part.
    pub fn bar(&self) -> Style {
        self.fg(Color::Green)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_colour_no_style_sets_a_colour() {
        let t = Theme { color: false };
        for s in [
            t.title(),
            t.good(),
            t.bad(),
            t.dim(),
            t.key(),
            t.keyword(),
            t.string(),
            t.comment(),
            t.bar(),
        ] {
            assert_eq!((s.fg, s.bg), (None, None));
        }
        assert!(Theme { color: true }.good().fg.is_some());
    }
}
