//! An exam's results: the score, the score per domain, and the misses to walk through.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::super::app::App;
use super::bar;

/// Draws the exam results.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let Some(s) = &app.session else { return };
    let right = s.correct();
    let total = s.planned.max(1);
    let mut lines = vec![
        Line::from(Span::styled(
            format!("Exam finished: {right} of {} right ({}%)", s.planned, right * 100 / total),
            t.title(),
        )),
        Line::from(""),
        Line::from(Span::styled("Score per domain", t.label())),
    ];
    let scores = s.score_by_domain();
    let w = scores.iter().map(|d| d.0.chars().count()).max().unwrap_or(0).min(34);
    for (domain, r, n) in scores {
        let (full, empty) = bar(r as f64 / n.max(1) as f64, 10);
        let name: String = domain.chars().take(w).collect();
        lines.push(Line::from(vec![
            Span::raw(format!("  {name:<w$}  ")),
            Span::styled(full, t.bar()),
            Span::styled(empty, t.dim()),
            Span::raw(format!("  {r}/{n}")),
        ]));
    }
    let unanswered = s.queue.len();
    if unanswered > 0 {
        lines.push(Line::from(format!("  ({unanswered} not reached before the time ran out)")));
    }
    lines.push(Line::from(""));
    let misses = s.misses();
    if misses.is_empty() {
        lines.push(Line::from(Span::styled("✓ No misses. Enter returns home.", t.good())));
    } else {
        lines.push(Line::from(Span::styled(
            format!("✗ {} missed — Enter walks through each:", misses.len()),
            t.bad(),
        )));
        for m in misses {
            lines.push(Line::from(format!(
                "  ✗ {}  (you: {}; right: {})",
                m.item.id, m.feedback.given, m.feedback.expected
            )));
        }
    }
    let max = (lines.len() as u16).saturating_sub(area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Exam results "))
            .scroll((app.summary_scroll.min(max), 0)),
        area,
    );
}
