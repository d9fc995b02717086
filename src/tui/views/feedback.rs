//! Feedback: ✓ Correct or ✗ Wrong (symbol and word), the right answer, for a wrong answer the
//! misconception it matches, the first diverging step and the section to reread, then the
//! author's explanation. Also the full trace.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::quiz::feedback::{Feedback, NO_ANSWER};

use super::super::app::App;
use super::super::theme::Theme;

/// The feedback's lines.
pub fn lines(fb: &Feedback, t: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let field = |label: &str, value: String| Line::from(vec![Span::styled(format!("{label:<15}"), t.label()), Span::raw(value)]);
    if fb.correct {
        out.push(Line::from(Span::styled("✓ Correct", t.good())));
    } else if fb.given == NO_ANSWER {
        // An exam question skipped or not reached, opened from the results.
        out.push(Line::from(Span::styled("– Not answered", t.bad())));
    } else {
        out.push(Line::from(Span::styled("✗ Wrong", t.bad())));
    }
    out.push(field("Your answer:", fb.given.clone()));
    out.push(field("Right answer:", fb.expected.clone()));
    if let Some(n) = &fb.note {
        out.push(field("Note:", format!("your answer {n}")));
    }
    if let Some(v) = &fb.version {
        out.push(field("Terraform:", v.clone()));
    }
    if !fb.correct {
        out.push(Line::from(""));
        if let Some(b) = &fb.belief {
            out.push(field("Misconception:", b.id.clone()));
            out.push(Line::from(format!("  The belief: {}", b.belief)));
            out.push(Line::from(format!("  In fact:    {}", b.real)));
        } else if let Some(w) = &fb.why {
            out.push(field("Why not:", w.clone()));
        }
        if let Some(d) = &fb.divergence {
            out.push(Line::from(Span::styled(
                format!("First diverging step (step {}):", d.number),
                t.label(),
            )));
            let step = |s: &Option<crate::lang::trace::Step>| match s {
                Some(s) => format!("{} → {}", s.text, s.result),
                None => "(no such step)".to_string(),
            };
            out.push(Line::from(format!("  real rules:  {}", step(&d.real))));
            out.push(Line::from(format!("  the belief:  {}", step(&d.believed))));
        }
        out.push(field("Reread:", fb.lesson.clone()));
    }
    out.push(Line::from(""));
    out.push(Line::from(Span::styled("Explanation", t.label())));
    out.push(Line::from(fb.explain.clone()));
    if !fb.refs.is_empty() {
        out.push(Line::from(""));
        out.push(Line::from(Span::styled("References", t.label())));
        for (label, text) in &fb.refs {
            out.push(field(&format!("{label}:"), text.clone()));
        }
    }
    out
}

/// Draws the feedback screen.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let Some(fb) = &app.feedback else { return };
    let lines = lines(fb, &app.theme);
    let total = super::wrapped_height(&lines, area.width.saturating_sub(2)) + 2;
    let p = Paragraph::new(lines).wrap(Wrap { trim: false });
    let max = total.saturating_sub(area.height.saturating_sub(2));
    f.render_widget(
        p.block(Block::bordered().title(format!(" {} ", fb.id)))
            .scroll((app.feedback_scroll.min(max), 0)),
        area,
    );
}

/// Draws the full trace of the feedback's question.
pub fn draw_trace(f: &mut Frame, app: &App, area: Rect) {
    let Some(fb) = &app.feedback else { return };
    let engine = app.bank.get(&fb.id).map(|q| q.engine).unwrap_or(crate::bank::Engine::Terraform);
    let text = if engine != crate::bank::Engine::Terraform {
        format!("No steps: the {engine} engine records which rules it consulted, not evaluation steps.")
    } else if fb.trace.is_empty() {
        "No steps: the answer is a literal or an error before any step.".to_string()
    } else {
        crate::lang::trace::render(&fb.trace)
    };
    let lines: Vec<Line> = text.lines().map(|l| Line::from(l.to_string())).collect();
    let max = (lines.len() as u16).saturating_sub(area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(format!(" Trace of {} (innermost first) ", fb.id)))
            .scroll((app.trace_scroll.min(max), 0)),
        area,
    );
}
