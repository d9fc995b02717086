//! Feedback: ✓ Correct or ✗ Wrong (symbol and word), the right answer, for a wrong answer the
//! misconception it matches, the first diverging step and the section to reread, then the
//! author's explanation. Also the full trace.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::bank::Source;
use crate::quiz::feedback::{Feedback, NO_ANSWER};

use super::super::app::App;
use super::super::theme::Theme;
use super::question::source_lines;
use super::wrap;

/// The widest the feedback's prose is set, however wide the pane: longer rows are hard to
/// read.
pub const READING_WIDTH: usize = 100;

/// The feedback's lines wrapped to `width` (at most [`READING_WIDTH`]): each value indented
/// under its label, nothing cut.
pub fn lines(fb: &Feedback, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let width = width.min(READING_WIDTH);
    let mut out = Vec::new();
    let field = |out: &mut Vec<Line<'static>>, label: &str, value: &str| {
        out.extend(wrap::labelled(Span::styled(format!("{label:<15}"), t.label()), value, width));
    };
    let plain = |out: &mut Vec<Line<'static>>, head: &str, value: &str| {
        out.extend(wrap::labelled(Span::raw(head.to_string()), value, width));
    };
    if fb.correct {
        out.push(Line::from(Span::styled("✓ Correct", t.good())));
    } else if fb.given == NO_ANSWER {
        // An exam question skipped or not reached, opened from the results.
        out.push(Line::from(Span::styled("– Not answered", t.bad())));
    } else {
        out.push(Line::from(Span::styled("✗ Wrong", t.bad())));
    }
    field(&mut out, "Your answer:", &fb.given);
    field(&mut out, "Right answer:", &fb.expected);
    if let Some(n) = &fb.note {
        field(&mut out, "Note:", &format!("your answer {n}"));
    }
    if let Some(v) = &fb.version {
        field(&mut out, "Terraform:", v);
    }
    if !fb.correct {
        out.push(Line::from(""));
        if let Some(b) = &fb.belief {
            field(&mut out, "Misconception:", &b.id);
            plain(&mut out, "  The belief: ", &b.belief);
            plain(&mut out, "  In fact:    ", &b.real);
        } else if let Some(w) = &fb.why {
            field(&mut out, "Why not:", w);
        }
        if let Some(d) = &fb.divergence {
            out.extend(wrap::prose(&format!("First diverging step (step {}):", d.number), width, t.label()));
            let step = |s: &Option<crate::lang::eval::trace::Step>| match s {
                Some(s) => format!("{} → {}", s.text, s.result),
                None => "(no such step)".to_string(),
            };
            plain(&mut out, "  real rules:  ", &step(&d.real));
            plain(&mut out, "  the belief:  ", &step(&d.believed));
        }
        field(&mut out, "Reread:", &fb.lesson);
    }
    out.push(Line::from(""));
    out.push(Line::from(Span::styled("Explanation", t.label())));
    out.extend(wrap::prose(&fb.explain, width, ratatui::style::Style::default()));
    if !fb.refs.is_empty() {
        out.push(Line::from(""));
        out.push(Line::from(Span::styled("References", t.label())));
        for (label, text) in &fb.refs {
            field(&mut out, &format!("{label}:"), text);
        }
    }
    out
}

/// From this width on the source stands beside the feedback; below it, above.
pub const SIDE_BY_SIDE: u16 = 120;

/// The source of the question the feedback is about, as it was asked: the exam slot being
/// walked, else the session's latest answer to that question.
fn asked_source(app: &App, fb: &Feedback) -> Option<Source> {
    let session = app.session.as_ref()?;
    let item = match (app.walking, &session.sheet) {
        (Some(i), Some(sheet)) => sheet.slots.get(i).map(|s| &s.item),
        _ => None,
    };
    let item = item.or_else(|| session.answered.iter().rev().find(|x| x.item.id == fb.id).map(|x| &x.item))?;
    app.bank.get(&item.id).map(|q| item.instance(q).source)
}

/// Draws the feedback screen: the question's source beside the feedback on a wide terminal,
/// above it on a narrower one (the source as tall as it needs, up to two fifths of the rows).
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let Some(fb) = &app.feedback else { return };
    let t = &app.theme;
    let source = asked_source(app, fb).map(|s| source_lines(&s, t)).unwrap_or_default();
    if source.is_empty() {
        return draw_feedback(f, app, fb, area);
    }
    if area.width >= SIDE_BY_SIDE {
        let widest = source.iter().map(|l| l.width()).max().unwrap_or(0);
        let want = u16::try_from(widest + 2).unwrap_or(u16::MAX);
        let [src, text] = Layout::horizontal([Constraint::Length(want.clamp(30, area.width / 2)), Constraint::Min(40)]).areas(area);
        super::source_pane(f, src, source, app.feedback_source_scroll, t);
        draw_feedback(f, app, fb, text);
    } else {
        let want = super::source_height(&source, area.width, t);
        let most = (area.height * 2 / 5).max(5);
        let [src, text] = Layout::vertical([Constraint::Length(want.min(most)), Constraint::Min(5)]).areas(area);
        super::source_pane(f, src, source, app.feedback_source_scroll, t);
        draw_feedback(f, app, fb, text);
    }
}

/// Draws the verdict and explanation, scrolled, in `area`.
fn draw_feedback(f: &mut Frame, app: &App, fb: &Feedback, area: Rect) {
    let lines = lines(fb, &app.theme, usize::from(area.width.saturating_sub(2)));
    let total = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let max = total.saturating_sub(area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(format!(" {} ", fb.id)))
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
        crate::lang::eval::trace::render(&fb.trace)
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
