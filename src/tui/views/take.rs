//! `quiz take`'s screens: the name, a question (prompt, source, then the choices or the answer
//! line), the two confirmations and the submitted screen. The header carries the elapsed time;
//! nothing on any screen says whether an answer is right.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::super::highlight::{Lang, highlight};
use super::super::keymap::{self, Ctx};
use super::super::take::{Phase, Take};
use super::super::theme::Theme;
use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::export::source_blocks;
use crate::instructor::model::{Format, Item};
use crate::instructor::take::responses_file_name;
use crate::terminal::safe;

/// Draws the screen of `t`'s phase.
pub fn draw(f: &mut Frame, t: &Take) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        super::too_small(f, area);
        return;
    }
    let footer_rows = footer_lines(t, area.width);
    let footer_h = u16::try_from(footer_rows.len()).unwrap_or(1).clamp(1, super::MAX_STATUS_ROWS);
    let [header, body, footer] = Layout::vertical([Constraint::Length(1), Constraint::Min(1), Constraint::Length(footer_h)]).areas(area);
    draw_header(f, t, header);
    match t.phase {
        Phase::Name => name(f, t, body),
        Phase::Question => question(f, t, body),
        Phase::Submit => submit(f, t, body),
        Phase::Quit => quit(f, t, body),
        Phase::Done => done(f, t, body),
    }
    f.render_widget(Paragraph::new(footer_rows), footer);
    if let Some(scroll) = t.help {
        super::draw_help_lines(f, body, help_lines(t), scroll, &t.theme);
    }
}

/// The `quiz take` keys of the phase under the help, then the help's own.
pub fn help_lines(t: &Take) -> Vec<Line<'static>> {
    let mut order = t.screen_contexts();
    order.push(Ctx::Help);
    super::help_lines_for(&order, &t.theme)
}

/// `mm:ss`, or `h:mm:ss` from an hour on.
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

fn plural(n: usize, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

fn draw_header(f: &mut Frame, t: &Take, area: Rect) {
    let s = &t.sitting;
    let mut what = format!("Quiz · variant {} of {}", s.variant, s.variants);
    if t.phase != Phase::Name {
        what.push_str(&format!(" · {}", s.name));
    }
    if t.phase == Phase::Question {
        what.push_str(&format!(" · {}/{}", s.current() + 1, s.len()));
    }
    let mut spans = vec![Span::styled(" iacquiz ", t.theme.title()), Span::raw(format!("· {what}"))];
    if s.started() {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(format!("⏱ {} elapsed", clock_text(s.elapsed_ms())), t.theme.label()));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The status line's rows at `width`: a notice or a failed save, wrapped, or the keys.
fn footer_lines(t: &Take, width: u16) -> Vec<Line<'static>> {
    let th = &t.theme;
    if let Some(n) = &t.notice
        && t.help.is_none()
    {
        return super::status_lines(n, width, th.bad());
    }
    // A failed save stays on the status line until a save succeeds: answers given meanwhile
    // are only in memory.
    if let Some(Err(e)) = &t.saved
        && t.help.is_none()
    {
        let text = format!("✗ Answers not saved: {e}. They are kept; the next answer tries again.");
        return super::status_lines(&text, width, th.bad());
    }
    let choices = match t.phase {
        Phase::Question => t.sitting.item().map(|i| i.choices.len()).unwrap_or(0),
        _ => 0,
    };
    super::key_lines(keymap::footer(&t.contexts(), choices), width, th)
}

/// A line box with the cursor placed in it (unless the help covers it).
fn line_box(f: &mut Frame, t: &Take, area: Rect, title: &str, line: &super::super::text::TextInput) {
    let (shown, col) = super::wrap::input_view(&line.text, line.cursor, usize::from(area.width.saturating_sub(4)));
    f.render_widget(
        Paragraph::new(Line::from(vec![Span::styled("› ", t.theme.key()), Span::raw(shown)]))
            .block(Block::bordered().title(format!(" {title} "))),
        area,
    );
    if t.help.is_none() {
        let x = area.x + 3 + u16::try_from(col).unwrap_or(0);
        f.set_cursor_position((x.min(area.right().saturating_sub(2)), area.y + 1));
    }
}

fn name(f: &mut Frame, t: &Take, area: Rect) {
    let s = &t.sitting;
    let [intro, line, after] = Layout::vertical([Constraint::Length(2), Constraint::Length(3), Constraint::Min(1)]).areas(area);
    let title = format!(
        "Quiz (seed {}, variant {} of {}): {}.",
        s.quiz_seed,
        s.variant,
        s.variants,
        plural(s.len(), "question")
    );
    f.render_widget(Paragraph::new(Line::from(Span::styled(title, t.theme.title()))), intro);
    line_box(f, t, line, "Your name", &t.name);
    let text = vec![
        Line::from("Enter starts the quiz and its clock."),
        Line::from(""),
        Line::from("You can go back to any question and change its answer until you submit."),
        Line::from("Nothing here says whether an answer is right: your instructor grades the"),
        Line::from("responses."),
    ];
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), after);
}

/// The lines of an item's source (configuration, files, the expression unless the prompt
/// quotes it), as the exports show it.
fn source_lines(item: &Item, th: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for b in source_blocks(item) {
        out.push(Line::from(Span::styled(format!("── {} ──", safe(&b.label)), th.dim())));
        let lang = if b.hcl { Lang::Hcl } else { Lang::of(&b.label) };
        out.extend(highlight(&safe(b.text.trim_end_matches('\n')), lang, th));
    }
    out
}

fn question(f: &mut Frame, t: &Take, area: Rect) {
    let th = &t.theme;
    let s = &t.sitting;
    let Some(item) = s.item() else { return };
    let i = s.current();
    let info_text = format!(
        " Question {} of {} · {} · difficulty {}/5 · {} answered",
        item.number,
        s.len(),
        item.topic,
        item.difficulty,
        s.answered()
    );
    let info_rows = super::fit_line(Line::from(Span::styled(info_text, th.dim())), area.width);
    let info_h = u16::try_from(info_rows.len()).unwrap_or(1);
    let prompt = super::question::prompt_lines(&safe(item.prompt.trim()), area.width, th.label());
    let prompt_h = u16::try_from(prompt.len()).unwrap_or(u16::MAX);
    let typed = item.format == Format::Shortanswer;
    let (choices, selected) = if typed {
        (Vec::new(), (0, 0))
    } else {
        choice_lines(t, item, area.width.saturating_sub(2))
    };
    let hint = super::status_lines(
        &format!("{} Ctrl-U clears it.", crate::export::type_hint(item)),
        area.width,
        th.dim(),
    );
    let hint_h = u16::try_from(hint.len()).unwrap_or(2).clamp(2, super::MAX_STATUS_ROWS);
    let answer_h = if typed {
        3 + hint_h
    } else {
        u16::try_from(choices.len() + 2).unwrap_or(u16::MAX)
    };
    let lines = source_lines(item, th);
    // The source takes the rows it needs, and every free row when it needs more: it scrolls
    // only when the whole screen cannot show it.
    let free = area.height.saturating_sub(info_h + prompt_h + answer_h);
    let source_h = if lines.is_empty() {
        0
    } else {
        super::source_height(&lines, area.width, th).min(free.max(3))
    };
    let answer_h = answer_h.min(area.height.saturating_sub(info_h + prompt_h + source_h).max(3));
    let [info, prompt_area, source_area, answer_area, _] = Layout::vertical([
        Constraint::Length(info_h),
        Constraint::Length(prompt_h),
        Constraint::Length(source_h),
        Constraint::Length(answer_h),
        Constraint::Min(0),
    ])
    .areas(area);
    f.render_widget(Paragraph::new(info_rows), info);
    f.render_widget(Paragraph::new(prompt), prompt_area);
    if !lines.is_empty() {
        super::source_pane(f, source_area, lines, t.scroll, th);
    }
    if typed {
        let [line_area, hint_area] = Layout::vertical([Constraint::Length(3), Constraint::Length(hint_h)]).areas(answer_area);
        if let Some(line) = t.inputs.get(i) {
            line_box(f, t, line_area, "Your answer", line);
        }
        f.render_widget(Paragraph::new(hint), hint_area);
        return;
    }
    let chosen = s.chosen(i);
    let title = match chosen.and_then(|k| item.choices.get(k)) {
        Some(c) => format!(" Choices · your answer: {} ", safe(&c.key)),
        None => " Choices · not answered yet ".to_string(),
    };
    super::choices_pane(f, answer_area, choices, selected, title);
}

/// The question's choices marked ○/● (chosen) and ▶ (highlighted), each wrapped to `width`
/// under its text; and the rows the highlighted one takes (first, past the last).
fn choice_lines(t: &Take, item: &Item, width: u16) -> (Vec<Line<'static>>, (usize, usize)) {
    let i = t.sitting.current();
    let chosen = t.sitting.chosen(i);
    let highlighted = t.highlight.get(i).copied().unwrap_or(0);
    let mut out = Vec::new();
    let mut selected = (0, 0);
    for (k, c) in item.choices.iter().enumerate() {
        let mark = if chosen == Some(k) { "●" } else { "○" };
        let (head, style) = if k == highlighted {
            (format!("▶ {mark} {}) ", safe(&c.key)), t.theme.selected())
        } else {
            (format!("  {mark} {}) ", safe(&c.key)), ratatui::style::Style::default())
        };
        let start = out.len();
        out.extend(super::wrap::hanging(&head, &safe(&c.text), usize::from(width), style));
        if k == highlighted {
            selected = (start, out.len());
        }
    }
    (out, selected)
}

/// An answer as the student gave it, on one line (a choice with its text).
fn answer_text(item: &Item, answer: &str) -> String {
    match item.format {
        Format::Multichoice => match item.choice(answer) {
            Some(c) => format!("{}) {}", safe(&c.key), safe(&c.text)),
            None => answer.to_string(),
        },
        _ => answer.to_string(),
    }
}

fn submit(f: &mut Frame, t: &Take, area: Rect) {
    let th = &t.theme;
    let s = &t.sitting;
    let left = s.len() - s.answered();
    let mut lines = vec![
        Line::from(Span::styled("Submit your answers?", th.title())),
        Line::from(format!(
            "{} of {} answered in {}. Once submitted they cannot be changed.",
            s.answered(),
            plural(s.len(), "question"),
            clock_text(s.elapsed_ms())
        )),
    ];
    if left > 0 {
        lines.push(Line::from(Span::styled(
            format!("{} not answered: n goes back to answer them.", plural(left, "question")),
            th.label(),
        )));
    }
    lines.push(Line::from(""));
    let w = usize::from(area.width.saturating_sub(2));
    for (k, item) in s.items.iter().enumerate() {
        match s.answer(k) {
            Some(a) => {
                let head = format!("  {:>3}  ", item.number);
                lines.extend(super::wrap::hanging(
                    &head,
                    &answer_text(item, a),
                    w,
                    ratatui::style::Style::default(),
                ));
            }
            None => lines.push(Line::from(vec![
                Span::raw(format!("  {:>3}  ", item.number)),
                Span::styled("— not answered", th.dim()),
            ])),
        }
    }
    let max = (lines.len() as u16).saturating_sub(area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(" Submit "))
            .scroll((t.list_scroll.min(max), 0)),
        area,
    );
}

fn quit(f: &mut Frame, t: &Take, area: Rect) {
    let th = &t.theme;
    let s = &t.sitting;
    // The file exists once an answer was saved; before that the first save names it.
    let file = match t.file.path().and_then(|p| p.file_name()) {
        Some(f) => f.to_string_lossy().to_string(),
        None => format!("a new file ({}, or numbered if taken)", responses_file_name(&s.name, 1)),
    };
    let lines = vec![
        Line::from(Span::styled("Quit before submitting?", th.title())),
        Line::from(""),
        Line::from(format!(
            "The answers given so far ({} of {}) are saved to {file} and graded as they stand; \
             questions not answered count as skipped.",
            s.answered(),
            s.len()
        )),
        Line::from(""),
        Line::from("y quits and saves; n goes back to the quiz."),
    ];
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" Quit ")),
        area,
    );
}

fn done(f: &mut Frame, t: &Take, area: Rect) {
    let th = &t.theme;
    let s = &t.sitting;
    let mut lines = vec![
        Line::from(Span::styled("Submitted.", th.title())),
        Line::from(""),
        Line::from(format!(
            "{} of {} answered in {}.",
            s.answered(),
            plural(s.len(), "question"),
            clock_text(s.elapsed_ms())
        )),
        Line::from(""),
    ];
    match &t.saved {
        Some(Ok(p)) => {
            let file = p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            let folder = p.parent().map(|d| d.display().to_string()).unwrap_or_default();
            lines.push(Line::from(format!("Responses written to {file} in the folder")));
            lines.push(Line::from(if folder.is_empty() { ".".to_string() } else { folder }));
            lines.push(Line::from(""));
            lines.push(Line::from("Your instructor grades them with `iacquiz quiz grade`."));
        }
        Some(Err(e)) => {
            lines.push(Line::from(Span::styled(format!("✗ Could not write the responses: {e}"), th.bad())));
            lines.push(Line::from(""));
            lines.push(Line::from(
                "When you leave they are printed on the terminal instead: keep them and hand them in.",
            ));
        }
        None => lines.push(Line::from("Writing the responses…")),
    }
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" Quiz submitted ")),
        area,
    );
}
