//! The exam's own drawings: the header's count, the question list (answered, skipped,
//! flagged) and the finish / leave confirmations.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::quiz::Session;
use crate::quiz::exam::{Sheet, Status};

use super::super::app::{App, Confirm, Screen};

/// The header's text during an exam: the question shown and how many are answered, or on the
/// results how many were answered in all (the true count, also after a timeout).
pub fn header(app: &App, s: &Session) -> String {
    let Some(sheet) = &s.sheet else { return String::new() };
    let n = sheet.slots.len();
    let answered = sheet.answered();
    if sheet.ended {
        let mut h = format!("Exam · results · {answered} of {n} answered");
        if let (Some(i), Screen::Feedback | Screen::Trace) = (app.walking, app.screen) {
            h = format!("Exam · results · question {}/{n}", i + 1);
        }
        if app.screen == Screen::Trace {
            h.push_str(" · trace");
        }
        return h;
    }
    format!("Exam · {}/{n} · {answered} answered", sheet.at + 1)
}

/// One question's line in the lists: number, status, flag, topic and section.
pub fn row(app: &App, sheet: &Sheet, i: usize, status: Status) -> String {
    let slot = &sheet.slots[i];
    let flag = if slot.flagged { "⚑" } else { " " };
    let topic = app.bank.get(&slot.item.id).map(|q| q.topic.clone()).unwrap_or_default();
    format!("{:>2}  {:<13} {flag} {topic} · {}", i + 1, status.label(), slot.item.domain)
}

/// Draws the question list of a running exam (answered or not, flagged), to go back to one.
pub fn draw_list(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let Some(sheet) = app.session.as_ref().and_then(|s| s.sheet.as_ref()) else {
        return;
    };
    let mut lines = vec![
        Line::from(Span::styled(
            format!(
                "{} answered · {} unanswered · {} flagged — Enter goes to the question",
                sheet.answered(),
                sheet.unanswered(),
                sheet.flagged()
            ),
            t.label(),
        )),
        Line::from(""),
    ];
    for i in 0..sheet.slots.len() {
        // While the exam runs nothing says right or wrong: an answer is just "answered".
        let word = match (&sheet.slots[i].answer, sheet.slots[i].seen) {
            (Some(_), _) => "✎ answered",
            (None, true) => "– skipped",
            (None, false) => "· not seen",
        };
        let slot = &sheet.slots[i];
        let flag = if slot.flagged { "⚑" } else { " " };
        let topic = app.bank.get(&slot.item.id).map(|q| q.topic.clone()).unwrap_or_default();
        let text = format!("{:>2}  {word:<11} {flag} {topic} · {}", i + 1, slot.item.domain);
        lines.push(if i == app.summary_selected {
            Line::from(Span::styled(format!("▶ {text}"), t.selected()))
        } else {
            Line::from(format!("  {text}"))
        });
    }
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(" Exam questions "))
            .scroll((scroll_to(app.summary_selected + 2, area.height), 0)),
        area,
    );
}

/// The scroll that keeps line `line` inside a bordered pane `height` rows tall.
pub fn scroll_to(line: usize, height: u16) -> u16 {
    let inner = height.saturating_sub(2) as usize;
    u16::try_from((line + 1).saturating_sub(inner)).unwrap_or(u16::MAX)
}

/// Draws the finish or leave confirmation over the middle of `body`.
pub fn draw_confirm(f: &mut Frame, app: &App, body: Rect, c: Confirm) {
    let t = &app.theme;
    let Some(sheet) = app.session.as_ref().and_then(|s| s.sheet.as_ref()) else {
        return;
    };
    let (u, fl) = (sheet.unanswered(), sheet.flagged());
    let lines = match c {
        Confirm::Finish => vec![
            Line::from(Span::styled(format!("Finish the exam? {u} unanswered, {fl} flagged."), t.title())),
            Line::from(""),
            Line::from("Unanswered questions score nothing."),
            Line::from(vec![Span::styled("y", t.key()), Span::raw(" finish and see the results")]),
            Line::from(vec![Span::styled("n", t.key()), Span::raw(" keep going")]),
        ],
        Confirm::Leave => vec![
            Line::from(Span::styled(format!("Leave the exam? {u} unanswered, {fl} flagged."), t.title())),
            Line::from(""),
            Line::from(vec![
                Span::styled("y", t.key()),
                Span::raw(" finish now: the answers given are scored and saved"),
            ]),
            Line::from(vec![
                Span::styled("d", t.key()),
                Span::raw(" discard the exam: your answers are lost, nothing is saved"),
            ]),
            Line::from(vec![Span::styled("n", t.key()), Span::raw(" keep going")]),
        ],
        Confirm::Quit => vec![
            Line::from(Span::styled(
                format!("Quit iacquiz during the exam? {u} unanswered, {fl} flagged."),
                t.title(),
            )),
            Line::from(""),
            Line::from(vec![
                Span::styled("y", t.key()),
                Span::raw(" score and save the answers given, then quit"),
            ]),
            Line::from(vec![
                Span::styled("d", t.key()),
                Span::raw(" discard the exam and quit: nothing is saved"),
            ]),
            Line::from(vec![Span::styled("n", t.key()), Span::raw(" keep going")]),
        ],
        // Not an exam's question: drawn by the caller.
        Confirm::LeaveTyped => return,
    };
    let title = match c {
        Confirm::Finish => " Finish? ",
        Confirm::Leave => " Leave? ",
        Confirm::Quit | Confirm::LeaveTyped => " Quit? ",
    };
    super::confirm_box(f, body, lines, title);
}
