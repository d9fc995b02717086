//! Beliefs to unlearn: each misconception the learner's wrong answers showed, how often and
//! when last, the answers since on questions that test it, and its one-line explanation; the
//! active ones first, then the retired.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::quiz::beliefs::{RETIRE_AFTER, beliefs};

use super::super::app::App;

/// Draws the beliefs screen.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let now = app.clock.now_secs();
    let mut all = beliefs(&app.store.progress);
    // Active first (most recently shown first within each group: the sort is stable).
    all.sort_by_key(|b| b.retired);
    let active = all.iter().filter(|b| !b.retired).count();
    let width = usize::from(area.width.saturating_sub(2)).max(20);
    let mut lines: Vec<Line> = Vec::new();
    let intro = if all.is_empty() {
        "No beliefs yet. When a wrong answer is one a misconception computes, the misconception is \
         listed here until you answer its questions right."
            .to_string()
    } else {
        format!(
            "A belief retires after {RETIRE_AFTER} right answers, since it was last shown, on questions \
             whose answers it would change. Enter or p practises the active ones."
        )
    };
    for l in wrap(&intro, width, " ") {
        lines.push(Line::from(Span::styled(l, t.dim())));
    }
    for b in &all {
        lines.push(Line::from(""));
        let style = if b.retired { t.dim() } else { t.title() };
        lines.push(Line::from(vec![
            Span::styled(format!(" {}", b.id), style),
            Span::raw(format!("  {}", b.summary(now))),
        ]));
        let explanation = if b.explanation.is_empty() {
            "(no longer in the misconception catalogue)".to_string()
        } else {
            b.explanation.clone()
        };
        lines.extend(wrap(&explanation, width, "   ").into_iter().map(Line::from));
    }
    // Keep the last screenful in view however far the list is scrolled.
    let max = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_sub(area.height.saturating_sub(2));
    let title = format!(" Beliefs to unlearn · {active} active · {} retired ", all.len() - active);
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(title))
            .scroll((app.beliefs_scroll.min(max), 0)),
        area,
    );
}

/// `text` broken at spaces into lines of at most `width` characters, each starting with
/// `indent` (a word longer than a line gets a line of its own).
fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = indent.to_string();
    for word in text.split_whitespace() {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if line.len() > indent.len() && !fits {
            out.push(std::mem::replace(&mut line, indent.to_string()));
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        out.push(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_at_spaces_with_the_indent() {
        assert_eq!(wrap("aa bb cc dd", 8, "  "), ["  aa bb", "  cc dd"]);
        assert_eq!(wrap("averyveryverylongword x", 8, " "), [" averyveryverylongword", " x"]);
        assert!(wrap("  ", 8, " ").is_empty());
    }
}
