//! The playground: an expression line evaluated as it is typed (with the question's
//! configuration in scope), its value, and its trace.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::super::app::App;
use super::super::highlight::{Lang, highlight};

/// Draws the playground.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let pg = &app.playground;
    let [scope, line_area, out_area] = Layout::vertical([Constraint::Length(1), Constraint::Length(3), Constraint::Min(3)]).areas(area);
    let scope_text = match (&pg.label, &pg.config_error) {
        (_, Some(e)) => Line::from(Span::styled(format!(" ✗ {e}"), t.bad())),
        (Some(id), None) if pg.config.is_some() => Line::from(Span::styled(format!(" In scope: the configuration of {id}"), t.dim())),
        (Some(id), None) => Line::from(Span::styled(format!(" The source of {id} (no configuration)"), t.dim())),
        (None, None) => Line::from(Span::styled(" No configuration in scope: the built-in functions only", t.dim())),
    };
    f.render_widget(Paragraph::new(scope_text), scope);
    let typed = highlight(&pg.input.text, Lang::Hcl, t).into_iter().next().unwrap_or_default();
    let (shown, col) = super::wrap::input_line(typed, pg.input.cursor, usize::from(line_area.width.saturating_sub(4)), t.dim());
    let mut spans = vec![Span::styled("> ", t.key())];
    spans.extend(shown.spans);
    f.render_widget(
        Paragraph::new(Line::from(spans)).block(Block::bordered().title(format!(" Expression · history {} ", pg.history.len()))),
        line_area,
    );
    if app.help.is_none() {
        let x = line_area.x + 3 + u16::try_from(col).unwrap_or(0);
        f.set_cursor_position((x.min(line_area.right().saturating_sub(2)), line_area.y + 1));
    }
    let mut lines: Vec<Line> = Vec::new();
    match &pg.result {
        None => lines.push(Line::from(Span::styled(
            "Type an expression; its value shows as you type.",
            t.dim(),
        ))),
        Some(Ok(v)) => {
            lines.push(Line::from(Span::styled("✓ Value", t.good())));
            lines.extend(highlight(v, Lang::Hcl, t));
        }
        Some(Err(e)) => {
            lines.push(Line::from(Span::styled("✗ Error", t.bad())));
            lines.extend(e.lines().map(|l| Line::from(l.to_string())));
        }
    }
    if !pg.trace.is_empty() {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled("Trace (innermost first)", t.label())));
        for l in crate::lang::trace::render(&pg.trace).lines() {
            lines.push(Line::from(l.to_string()));
        }
    }
    let max = super::wrapped_height(&lines, out_area.width.saturating_sub(2)).saturating_sub(out_area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Result "))
            .scroll((pg.scroll.min(max), 0)),
        out_area,
    );
}
