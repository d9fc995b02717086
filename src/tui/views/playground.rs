//! The playground: a console. The history of evaluations (most recent at the bottom), the
//! expression line (several rows when a paste brought newlines), and the value of the line as
//! typed with its trace.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::super::app::{App, HISTORY_CAP, Playground};
use super::super::highlight::{Lang, highlight};
use super::super::theme::Theme;

/// Most rows the expression box shows (a longer paste scrolls with the cursor).
const INPUT_ROWS: u16 = 6;

/// The rows of the history, expression and value panes in a body `height` rows tall, for an
/// expression of `input_lines` lines.
pub fn heights(height: u16, input_lines: usize) -> (u16, u16, u16) {
    let input = u16::try_from(input_lines).unwrap_or(INPUT_ROWS).clamp(1, INPUT_ROWS) + 2;
    let rest = height.saturating_sub(1 + input);
    let value = (rest * 2 / 5).max(3);
    (rest.saturating_sub(value), input, value)
}

/// Draws the playground.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let pg = &app.playground;
    let input_lines: Vec<&str> = pg.input.text.split('\n').collect();
    let (hist_h, input_h, value_h) = heights(area.height, input_lines.len());
    let [scope, hist_area, line_area, out_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(hist_h),
        Constraint::Length(input_h),
        Constraint::Length(value_h),
    ])
    .areas(area);
    let scope_text = match (&pg.label, &pg.config_error) {
        (_, Some(e)) => Line::from(Span::styled(format!(" ✗ {e}"), t.bad())),
        (Some(id), None) if pg.config.is_some() => Line::from(Span::styled(format!(" In scope: the configuration of {id}"), t.dim())),
        (Some(id), None) => Line::from(Span::styled(format!(" The source of {id} (no configuration)"), t.dim())),
        (None, None) => Line::from(Span::styled(" No configuration in scope: the built-in functions only", t.dim())),
    };
    f.render_widget(Paragraph::new(scope_text), scope);
    draw_history(f, pg, t, hist_area);

    // The expression: the rows around the cursor when a paste made it taller than the box.
    let before: String = pg.input.text.chars().take(pg.input.cursor).collect();
    let row = before.matches('\n').count();
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
    let shown = usize::from(input_h.saturating_sub(2));
    let first = (row + 1).saturating_sub(shown);
    let width = usize::from(line_area.width.saturating_sub(4));
    let cursor_line = input_lines.get(row).map_or(String::new(), |l| (*l).to_string());
    let (_, col_shown) = super::wrap::input_line(Line::from(cursor_line), col, width, t.dim());
    let lines: Vec<Line> = input_lines
        .iter()
        .enumerate()
        .skip(first)
        .take(shown)
        .map(|(i, l)| {
            // Long rows scroll sideways around the cursor, with an ellipsis where text is hidden.
            let typed = highlight(l, Lang::Hcl, t).into_iter().next().unwrap_or_default();
            let at = if i == row { col } else { 0 };
            let (shown, _) = super::wrap::input_line(typed, at, width, t.dim());
            let mut spans = vec![Span::styled(if i == 0 { "> " } else { "  " }, t.key())];
            spans.extend(shown.spans);
            Line::from(spans)
        })
        .collect();
    let title = if input_lines.len() > 1 {
        format!(" Expression · {} lines ", input_lines.len())
    } else {
        " Expression ".to_string()
    };
    f.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), line_area);
    if app.help.is_none() && app.confirm.is_none() {
        let x = line_area.x + 3 + u16::try_from(col_shown).unwrap_or(u16::MAX);
        let y = line_area.y + 1 + u16::try_from(row - first).unwrap_or(0);
        f.set_cursor_position((x.min(line_area.right().saturating_sub(2)), y));
    }

    let mut lines: Vec<Line> = Vec::new();
    match &pg.result {
        None if pg.trace.is_empty() => lines.push(Line::from(Span::styled(
            "Type an expression; its value shows as you type. Enter keeps it in the history.",
            t.dim(),
        ))),
        None => {}
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
        if !lines.is_empty() {
            lines.push(Line::from(""));
        }
        let heading = if pg.result.is_some() {
            "Trace (innermost first)"
        } else {
            "Trace of the last evaluation (innermost first)"
        };
        lines.push(Line::from(Span::styled(heading, t.label())));
        for l in crate::lang::eval::trace::render(&pg.trace).lines() {
            lines.push(Line::from(l.to_string()));
        }
    }
    let max = super::wrapped_height(&lines, out_area.width.saturating_sub(2)).saturating_sub(out_area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Value as typed "))
            .scroll((pg.scroll.min(max), 0)),
        out_area,
    );
}

/// The history pane: each kept input and its value (errors by their first line), the latest
/// at the bottom; scrolled up from the end by `history_scroll`.
fn draw_history(f: &mut Frame, pg: &Playground, t: &Theme, area: Rect) {
    let mut lines: Vec<Line> = Vec::new();
    for e in &pg.history {
        for (i, l) in e.input.split('\n').enumerate() {
            lines.push(Line::from(vec![
                Span::styled(if i == 0 { "> " } else { "  " }, t.key()),
                Span::raw(l.to_string()),
            ]));
        }
        match &e.output {
            Ok(v) => lines.extend(highlight(v, Lang::Hcl, t)),
            Err(err) => lines.push(Line::from(Span::styled(err.lines().next().unwrap_or("Error").to_string(), t.bad()))),
        }
    }
    if lines.is_empty() {
        lines.push(Line::from(Span::styled("Nothing evaluated yet.", t.dim())));
    }
    let total = super::wrapped_height(&lines, area.width.saturating_sub(2));
    let max = total.saturating_sub(area.height.saturating_sub(2));
    let up = pg.history_scroll.min(max);
    let title = format!(" History · {} (the last {HISTORY_CAP} kept) ", pg.history.len());
    let more = if up > 0 { format!(" {up} rows up · PgDn ") } else { String::new() };
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title).title_bottom(Line::from(more).right_aligned()))
            .scroll((max - up, 0)),
        area,
    );
}
