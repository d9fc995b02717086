//! Drawing: one file per screen, plus the header, the footer (the keys that apply now), the
//! help overlay and the too-small message. Views read the app; they never change it.

mod beliefs;
mod exam;
mod feedback;
mod home;
mod playground;
mod question;
mod stats;
mod summary;
pub mod take;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{App, Screen};
use super::keymap::{self, BINDINGS, Ctx};
use super::theme::Theme;

/// The smallest terminal the screens fit in.
pub const MIN_WIDTH: u16 = 60;
/// The smallest terminal height the screens fit in.
pub const MIN_HEIGHT: u16 = 16;

/// Draws the whole app.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(f, area);
        return;
    }
    let [header, body, footer_area] = Layout::vertical([Constraint::Length(1), Constraint::Min(1), Constraint::Length(1)]).areas(area);
    draw_header(f, app, header);
    match app.screen {
        Screen::Home => home::draw(f, app, body),
        Screen::Question => question::draw(f, app, body),
        Screen::Feedback => feedback::draw(f, app, body),
        Screen::Trace => feedback::draw_trace(f, app, body),
        Screen::Summary => summary::draw(f, app, body),
        Screen::Playground => playground::draw(f, app, body),
        Screen::Stats => stats::draw(f, app, body),
        Screen::ExamList => exam::draw_list(f, app, body),
        Screen::Beliefs => beliefs::draw(f, app, body),
    }
    if let Some(c) = app.confirm {
        exam::draw_confirm(f, app, body, c);
    }
    draw_footer(f, app, footer_area);
    if let Some(scroll) = app.help {
        draw_help(f, app, body, scroll);
    }
}

/// The bordered, scrollable source pane of a question, with "lines A–B of N" when it scrolls
/// (`scroll` is clamped to the last screenful).
pub fn source_pane(f: &mut Frame, area: Rect, lines: Vec<Line<'static>>, scroll: u16) {
    let inner_h = area.height.saturating_sub(2);
    let total = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let max = total.saturating_sub(inner_h);
    let scroll = scroll.min(max);
    let more = if max > 0 {
        format!(" lines {}–{} of {} ", scroll + 1, (scroll + inner_h).min(total), total)
    } else {
        String::new()
    };
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(" Source ").title_bottom(Line::from(more).right_aligned()))
            .scroll((scroll, 0)),
        area,
    );
}

/// The message shown instead of a screen that does not fit.
pub fn too_small(f: &mut Frame, area: Rect) {
    let text = vec![
        Line::from("The terminal is too small."),
        Line::from(format!(
            "It is {}×{}; iacquiz needs {MIN_WIDTH}×{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::from("Enlarge it, or press Ctrl-C to quit."),
    ];
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

fn draw_header(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let mut spans = vec![Span::styled(" iacquiz ", t.title())];
    let what = match app.screen {
        Screen::Home => "Home".to_string(),
        Screen::Question | Screen::Feedback | Screen::Trace | Screen::Summary | Screen::ExamList => match &app.session {
            Some(s) if s.sheet.is_some() => exam::header(app, s),
            Some(s) => {
                let n = s.answered.len() + usize::from(app.screen == Screen::Question);
                let total = s.planned.max(s.answered.len() + s.queue.len());
                let mut h = format!("{} · {}/{}", capital(s.mode.name()), n.min(total), total);
                if app.screen == Screen::Trace {
                    h.push_str(" · trace");
                }
                h
            }
            None => String::new(),
        },
        Screen::Playground => "Playground".to_string(),
        Screen::Stats => "Stats".to_string(),
        Screen::Beliefs => "Beliefs to unlearn".to_string(),
    };
    spans.push(Span::raw(format!("· {what}")));
    if let (Some(s), Screen::Question | Screen::ExamList) = (&app.session, app.screen)
        && let Some(left) = s.remaining_ms(app.clock.now_ms())
    {
        let secs = left.div_ceil(1000);
        spans.push(Span::raw("  "));
        spans.push(Span::styled(format!("⏱ {:02}:{:02} left", secs / 60, secs % 60), t.label()));
    }
    let line = Line::from(spans);
    let used = line.width();
    f.render_widget(Paragraph::new(line), area);
    draw_version(f, app, area, used);
}

/// The exam's Terraform release at the header's right end, where the left part leaves room.
fn draw_version(f: &mut Frame, app: &App, area: Rect, used: usize) {
    let text = format!("{} ", crate::quiz::version::label(app.exam_version.version));
    let w = text.chars().count();
    if used + 2 + w <= area.width as usize {
        f.render_widget(
            Paragraph::new(Line::from(Span::styled(text, app.theme.label())).right_aligned()),
            area,
        );
    }
}

/// `s` with its first letter in capitals.
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn draw_footer(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let mut spans = Vec::new();
    if let Some(n) = &app.notice
        && app.help.is_none()
        && app.confirm.is_none()
        && matches!(app.screen, Screen::Home | Screen::Question | Screen::Summary | Screen::ExamList)
    {
        f.render_widget(Paragraph::new(Line::from(Span::styled(format!(" {n}"), t.label()))), area);
        return;
    }
    let choices = app.asking.as_ref().map(|a| a.choices.len()).unwrap_or(0);
    for (keys, label) in keymap::footer(&app.contexts(), choices) {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(keys, t.key()));
        spans.push(Span::raw(format!(" {label}")));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The help screen's lines: every binding, by context.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let order = [
        Ctx::Always,
        Ctx::Keys,
        Ctx::Home,
        Ctx::Filter,
        Ctx::Choice,
        Ctx::Input,
        Ctx::ExamChoice,
        Ctx::ExamInput,
        Ctx::ExamList,
        Ctx::ExamFinish,
        Ctx::ExamLeave,
        Ctx::Text,
        Ctx::Feedback,
        Ctx::Trace,
        Ctx::Summary,
        Ctx::Walk,
        Ctx::Playground,
        Ctx::Stats,
        Ctx::Beliefs,
        Ctx::Help,
    ];
    help_lines_for(&order, &app.theme)
}

/// The help lines of the bindings of `order`'s contexts, a heading for each.
pub fn help_lines_for(order: &[Ctx], t: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for &c in order {
        out.push(Line::from(Span::styled(c.title().to_string(), t.title())));
        if let Some(note) = c.note() {
            out.push(Line::from(Span::styled(format!("  {note}"), t.dim())));
        }
        if c == Ctx::Text {
            out.push(Line::from(vec![
                Span::styled(format!("  {:<18}", "any character"), t.key()),
                Span::raw("type it"),
            ]));
        }
        for b in BINDINGS.iter().filter(|b| b.ctx == c) {
            out.push(Line::from(vec![
                Span::styled(format!("  {:<18}", keymap::keys_text(b)), t.key()),
                Span::raw(b.label),
            ]));
        }
    }
    out
}

fn draw_help(f: &mut Frame, app: &App, body: Rect, scroll: u16) {
    draw_help_lines(f, body, help_lines(app), scroll);
}

/// Draws the help overlay with `lines` over the middle of `body`.
pub fn draw_help_lines(f: &mut Frame, body: Rect, lines: Vec<Line<'static>>, scroll: u16) {
    let w = body.width.saturating_sub(8).min(72);
    let area = Rect {
        x: body.x + (body.width - w) / 2,
        y: body.y,
        width: w,
        height: body.height,
    };
    f.render_widget(Clear, area);
    let max = wrapped_height(&lines, area.width.saturating_sub(2)).saturating_sub(area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Help: every key "))
            .scroll((scroll.min(max), 0)),
        area,
    );
}

/// A bar of `width` cells, `frac` of it filled (`████░░░░`).
pub fn bar(frac: f64, width: usize) -> (String, String) {
    let filled = ((frac.clamp(0.0, 1.0) * width as f64).round() as usize).min(width);
    ("█".repeat(filled), "░".repeat(width - filled))
}

/// About how many rows `lines` take wrapped at `width` (word wrapping may take a few more).
pub fn wrapped_height(lines: &[Line], width: u16) -> u16 {
    let w = width.max(1) as usize;
    lines
        .iter()
        .map(|l| l.width().div_ceil(w).max(1))
        .sum::<usize>()
        .min(u16::MAX as usize) as u16
}
