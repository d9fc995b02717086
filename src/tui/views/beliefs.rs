//! Beliefs to unlearn: each misconception the learner's wrong answers showed, how often and
//! when last, the answers since on questions that test it, and its one-line explanation; the
//! active ones first, then the retired.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

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
    let mut lines: Vec<Line> = Vec::new();
    if all.is_empty() {
        lines.push(Line::from(
            "No beliefs yet. When a wrong answer is one a misconception computes, the misconception is \
             listed here until you answer its questions right.",
        ));
    } else {
        lines.push(Line::from(Span::styled(
            format!(
                " A belief retires after {RETIRE_AFTER} right answers, since it was last shown, on questions \
                 whose answers it would change. Enter or p practises the active ones."
            ),
            t.dim(),
        )));
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
        lines.push(Line::from(format!("   {explanation}")));
    }
    let title = format!(" Beliefs to unlearn · {active} active · {} retired ", all.len() - active);
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(title))
            .wrap(Wrap { trim: false })
            .scroll((app.beliefs_scroll, 0)),
        area,
    );
}
