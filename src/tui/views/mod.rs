//! Drawing: one file per screen, plus the header, the footer (the keys that apply now), the
//! help overlay and the too-small message. Views read the app; they never change it.

mod beliefs;
mod exam;
mod feedback;
mod home;
pub mod playground;
mod question;
mod stats;
mod summary;
pub mod take;
pub mod wrap;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{App, Confirm, Screen};
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
    let footer = footer_lines(app, area.width);
    let footer_h = u16::try_from(footer.len()).unwrap_or(1).clamp(1, MAX_STATUS_ROWS);
    let [header, body, footer_area] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(1), Constraint::Length(footer_h)]).areas(area);
    draw_header(f, app, header);
    // A read-only app says so on every screen, in a row of its own above the screen.
    let body = match &app.read_only {
        Some(banner) => {
            let [top, rest] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(body);
            f.render_widget(
                Paragraph::new(Line::from(Span::styled(format!(" ⚠ {banner}"), app.theme.bad()))),
                top,
            );
            rest
        }
        None => body,
    };
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
    match app.confirm {
        Some(Confirm::LeaveTyped) => draw_leave_typed(f, app, body),
        Some(c) => exam::draw_confirm(f, app, body, c),
        None => {}
    }
    f.render_widget(Paragraph::new(footer), footer_area);
    if let Some(scroll) = app.help {
        draw_help(f, app, body, scroll);
    }
}

/// Asks before leaving a practice question whose answer line holds text (Esc).
fn draw_leave_typed(f: &mut Frame, app: &App, body: Rect) {
    let t = &app.theme;
    let lines = vec![
        Line::from(Span::styled("Leave this question? What you typed is not kept.", t.title())),
        Line::from(""),
        Line::from(vec![
            Span::styled("y", t.key()),
            Span::raw(" leave: the session ends, the typed line is lost"),
        ]),
        Line::from(vec![Span::styled("n", t.key()), Span::raw(" keep typing")]),
    ];
    confirm_box(f, body, lines, " Leave? ");
}

/// A question asked over the screen: `lines` in a bordered box titled `title`, centred in
/// `body`, at most 66 columns wide.
pub fn confirm_box(f: &mut Frame, body: Rect, lines: Vec<Line<'_>>, title: &str) {
    let w = body.width.saturating_sub(8).min(66);
    let h = (lines.len() as u16 + 2).min(body.height);
    let area = Rect {
        x: body.x + (body.width - w) / 2,
        y: body.y + body.height.saturating_sub(h) / 2,
        width: w,
        height: h,
    };
    f.render_widget(Clear, area);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(title.to_string())),
        area,
    );
}

/// The bordered, scrollable source pane of a question, its long lines wrapped behind a
/// continuation mark, with "lines A–B of N" (rows, once wrapped) when it scrolls (`scroll` is
/// clamped to the last screenful).
pub fn source_pane(f: &mut Frame, area: Rect, lines: Vec<Line<'static>>, scroll: u16, t: &Theme) {
    let lines = wrap::source(lines, usize::from(area.width.saturating_sub(2)), t.dim());
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

/// How many rows the source pane needs to show `lines` whole at `width` (borders included).
pub fn source_height(lines: &[Line<'static>], width: u16, t: &Theme) -> u16 {
    let rows = wrap::source(lines.to_vec(), usize::from(width.saturating_sub(2)), t.dim()).len();
    u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2)
}

/// `line` as it is when it fits `width`, else its text wrapped at spaces (one space in, in its
/// first span's style): a status or info line grows a row rather than being cut.
pub fn fit_line(line: Line<'static>, width: u16) -> Vec<Line<'static>> {
    if line.width() <= usize::from(width) {
        return vec![line];
    }
    let style = line.spans.first().map(|s| s.style).unwrap_or_default();
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    status_lines(text.trim_start(), width, style)
}

/// The bordered choices pane; when the choices need more rows than it has, it scrolls to show
/// the selected one (`selected`: its first row and the row past its last) and says which rows
/// it shows.
pub fn choices_pane(f: &mut Frame, area: Rect, lines: Vec<Line<'static>>, selected: (usize, usize), title: String) {
    let inner = usize::from(area.height.saturating_sub(2));
    let total = lines.len();
    let scroll = selected.1.saturating_sub(inner).min(selected.0);
    let more = if total > inner {
        format!(" rows {}–{} of {} ", scroll + 1, (scroll + inner).min(total), total)
    } else {
        String::new()
    };
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(title).title_bottom(Line::from(more).right_aligned()))
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0)),
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

/// The most rows the status line grows to (a long message wraps instead of being cut).
pub const MAX_STATUS_ROWS: u16 = 3;

/// The status line's rows at `width`: the notice, wrapped, or the keys that apply now.
fn footer_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let t = &app.theme;
    if let Some(n) = &app.notice
        && app.help.is_none()
        && app.confirm.is_none()
        && matches!(app.screen, Screen::Home | Screen::Question | Screen::Summary | Screen::ExamList)
    {
        return status_lines(n, width, t.label());
    }
    let choices = app.asking.as_ref().map(|a| a.choices.len()).unwrap_or(0);
    key_lines(keymap::footer(&app.contexts(), choices), width, t)
}

/// A status message wrapped to `width` (one space in from the edge), in `style`.
pub fn status_lines(text: &str, width: u16, style: ratatui::style::Style) -> Vec<Line<'static>> {
    wrap::words(text, usize::from(width.saturating_sub(1)))
        .into_iter()
        .map(|r| Line::from(Span::styled(format!(" {r}"), style)))
        .collect()
}

/// The footer's key hints laid out in rows of `width` columns, never splitting a hint.
pub fn key_lines<K: Into<String>, L: std::fmt::Display>(hints: Vec<(K, L)>, width: u16, t: &Theme) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let mut rows = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (keys, label) in hints {
        let keys: String = keys.into();
        let label = format!(" {label}");
        let w = wrap::width_of(&keys) + wrap::width_of(&label);
        if used > 0 && used + 2 + w > width {
            rows.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if used > 0 {
            spans.push(Span::raw("  "));
            used += 2;
        }
        spans.push(Span::styled(keys, t.key()));
        spans.push(Span::raw(label));
        used += w;
    }
    rows.push(Line::from(spans));
    rows
}

/// The help screen's lines: the keys of the screen under it, from the one binding table
/// (its contexts most specific first), then the help's own keys.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let mut order = app.screen_contexts();
    order.push(Ctx::Help);
    help_lines_for(&order, &app.theme)
}

/// The help lines of the bindings of `order`'s contexts, a heading for each.
pub fn help_lines_for(order: &[Ctx], t: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for &c in order {
        if !out.is_empty() {
            out.push(Line::from(""));
        }
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
    draw_help_lines(f, body, help_lines(app), scroll, &app.theme);
}

/// The screens' area in a terminal of `size` (columns, rows): below the header (and the
/// read-only banner), above the footer.
pub fn body_rect(size: (u16, u16), banner: bool) -> Rect {
    let top = 1 + u16::from(banner);
    Rect {
        x: 0,
        y: top,
        width: size.0,
        height: size.1.saturating_sub(top + 1),
    }
}

/// The help overlay in `body`: its whole box, the keys' pane (scrolling) and the footer with
/// the Esc and q rule (fixed).
fn help_layout(body: Rect) -> (Rect, Rect, Rect) {
    let w = body.width.saturating_sub(8).min(72);
    let area = Rect {
        x: body.x + (body.width - w) / 2,
        y: body.y,
        width: w,
        height: body.height,
    };
    let inner = Block::bordered().inner(area);
    let rule_rows = wrapped_height(&[Line::from(keymap::ESC_Q_RULE)], inner.width) + 2;
    let [keys, rule] = Layout::vertical([Constraint::Min(1), Constraint::Length(rule_rows)]).areas(inner);
    (area, keys, rule)
}

/// The help's scroll after the scrolling action `a` (None for any other action): a line, a
/// page (the pane's height less one line kept for context), the top or the end, never past
/// the last screenful of `lines` shown in `body`.
pub fn help_scroll(scroll: u16, a: keymap::Action, lines: &[Line], body: Rect) -> Option<u16> {
    use keymap::Action as A;
    let (_, keys, _) = help_layout(body);
    let max = wrapped_height(lines, keys.width).saturating_sub(keys.height);
    let page = keys.height.saturating_sub(1).max(1);
    let scroll = scroll.min(max);
    let to = match a {
        A::ScrollDown => scroll.saturating_add(1),
        A::ScrollUp => scroll.saturating_sub(1),
        A::PageDown => scroll.saturating_add(page),
        A::PageUp => scroll.saturating_sub(page),
        A::Top => 0,
        A::Bottom => max,
        _ => return None,
    };
    Some(to.min(max))
}

/// Draws the help overlay with `lines` over the middle of `body`, the Esc and q rule as its
/// footer and where the scroll stands in its bottom border.
pub fn draw_help_lines(f: &mut Frame, body: Rect, lines: Vec<Line<'static>>, scroll: u16, t: &Theme) {
    let (area, keys, rule) = help_layout(body);
    f.render_widget(Clear, area);
    let total = wrapped_height(&lines, keys.width);
    let max = total.saturating_sub(keys.height);
    let scroll = scroll.min(max);
    let more = if max > 0 {
        format!(
            " lines {}–{} of {} · PgDn/PgUp ",
            scroll + 1,
            (scroll + keys.height).min(total),
            total
        )
    } else {
        String::new()
    };
    f.render_widget(
        Block::bordered()
            .title(" Help: keys on this screen ")
            .title_bottom(Line::from(more).right_aligned()),
        area,
    );
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).scroll((scroll, 0)), keys);
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(keymap::ESC_Q_RULE, t.dim())))
            .wrap(Wrap { trim: true })
            .block(Block::new().borders(ratatui::widgets::Borders::TOP).border_style(t.dim())),
        rule,
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
