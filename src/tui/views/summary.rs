//! An exam's results: the score, the score per section (only questions asked), and every
//! question with what became of it (right, wrong, skipped, not reached), to open one by one.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::quiz::exam::Status;

use super::super::app::App;
use super::{bar, exam};

/// Draws the exam results.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let Some(sheet) = app.session.as_ref().and_then(|s| s.sheet.as_ref()) else {
        return;
    };
    let right = sheet.correct();
    let planned = sheet.slots.len();
    let mut lines = vec![
        Line::from(Span::styled(
            format!("Exam finished: {right} of {planned} right ({}%)", right * 100 / planned.max(1)),
            t.title(),
        )),
        Line::from(format!(
            "{} wrong · {} skipped · {} not reached",
            sheet.count(Status::Wrong),
            sheet.count(Status::Skipped),
            sheet.count(Status::NotReached)
        )),
        Line::from(""),
        Line::from(Span::styled(
            "Score per section — skipped counts as asked, not reached is left out",
            t.label(),
        )),
    ];
    let scores = sheet.score_by_domain();
    if scores.is_empty() {
        lines.push(Line::from("  (no question was asked)"));
    }
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
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Every question — ↑/↓ choose, Enter opens its answer:",
        t.label(),
    )));
    let first_row = lines.len();
    for i in 0..planned {
        let status = sheet.status(i);
        let style = match status {
            Status::Right => t.good(),
            Status::Wrong => t.bad(),
            _ => t.dim(),
        };
        let text = exam::row(app, sheet, i, status);
        lines.push(if i == app.summary_selected {
            Line::from(Span::styled(format!("▶ {text}"), t.selected()))
        } else {
            Line::from(vec![Span::raw("  "), Span::styled(text, style)])
        });
    }
    let max = (lines.len() as u16).saturating_sub(area.height.saturating_sub(2));
    let scroll = app
        .summary_scroll
        .max(exam::scroll_to(first_row + app.summary_selected, area.height))
        .min(max);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Exam results "))
            .scroll((scroll, 0)),
        area,
    );
}
