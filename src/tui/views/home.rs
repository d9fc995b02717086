//! Home: the title, the menu (Review with the misses waiting), and the topics grouped by engine and lesson section with a mastery bar and
//! new, due and mastered counts each, under the topic filter.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::quiz::{schedule, stats};

use super::super::app::{App, MENU, REVIEW_ENTRY};
use super::bar;

/// Draws the home screen.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let [title, rest] = Layout::vertical([Constraint::Length(3), Constraint::Min(1)]).areas(area);
    f.render_widget(
        Paragraph::new(vec![
            Line::from(Span::styled("iacquiz", t.title())),
            Line::from("Exam practice for infrastructure as code, answers computed by real evaluators."),
        ]),
        Rect {
            x: title.x + 1,
            width: title.width.saturating_sub(1),
            ..title
        },
    );
    let [menu_area, topics_area] = Layout::horizontal([Constraint::Length(23), Constraint::Min(1)]).areas(rest);
    let qs = app.eligible();
    let now = app.clock.now_secs();
    // The same questions Review would ask now (it draws from the eligible ones too).
    let waiting = schedule::misses(&qs, &app.store.progress, now).len();
    let menu: Vec<Line> = MENU
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let m = if i == REVIEW_ENTRY {
                format!("{m} ({waiting})")
            } else {
                m.to_string()
            };
            if i == app.home.selected {
                Line::from(Span::styled(format!("▶ {m:<19}"), t.selected()))
            } else {
                Line::from(format!("  {m}"))
            }
        })
        .collect();
    f.render_widget(Paragraph::new(menu).block(Block::bordered().title(" Menu ")), menu_area);

    let rows = stats::sections(&qs, &app.store.progress, app.bank.catalogue(), now);
    let [list_area, filter_area] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(topics_area);
    let inner_w = list_area.width.saturating_sub(2) as usize;
    let mut lines: Vec<Line> = Vec::new();
    let mut engine = None;
    for r in &rows {
        if engine != Some(r.engine) {
            engine = Some(r.engine);
            lines.push(Line::from(Span::styled(r.engine.name().to_string(), t.title())));
        }
        let name_w = inner_w.saturating_sub(18).max(8);
        let name: String = r.section.chars().take(name_w).collect();
        let (full, empty) = bar(r.mastery, 10);
        lines.push(Line::from(vec![
            Span::raw(format!(" {name:<name_w$} ")),
            Span::styled(full, t.bar()),
            Span::styled(empty, t.dim()),
            Span::raw(format!(" {:>3}%", (r.mastery * 100.0).round() as u32)),
        ]));
        // The counts always show: the topic names give way first on a narrow pane, then the
        // words (nothing is cut at the border).
        let counts = format!(
            "{} question{} · {} new · {} due · {} mastered",
            r.questions,
            if r.questions == 1 { "" } else { "s" },
            r.new,
            r.due,
            r.mastered
        );
        let full = format!("   {} · {counts}", r.topics.join(", "));
        let detail = if full.chars().count() <= inner_w {
            full
        } else if counts.chars().count() + 3 <= inner_w {
            format!("   {counts}")
        } else {
            format!("   {}q {}n {}d {}m", r.questions, r.new, r.due, r.mastered)
        };
        lines.push(Line::from(Span::styled(detail, t.dim())));
    }
    if rows.is_empty() {
        lines.push(Line::from("No questions match the filter."));
    }
    let total_due: usize = rows.iter().map(|r| r.due).sum();
    let total_mastered: usize = rows.iter().map(|r| r.mastered).sum();
    let title = format!(
        " Topics · {} questions · {} due · {} mastered ",
        qs.len(),
        total_due,
        total_mastered
    );
    let max = (lines.len() as u16).saturating_sub(list_area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(title))
            .scroll((app.home.scroll.min(max), 0)),
        list_area,
    );
    let filter = &app.home.filter;
    let line = if app.home.editing {
        Line::from(vec![Span::styled(" filter: ", t.key()), Span::raw(filter.text.clone())])
    } else if filter.text.is_empty() {
        Line::from(Span::styled(" / to filter topics", t.dim()))
    } else {
        Line::from(vec![
            Span::styled(" filter: ", t.label()),
            Span::raw(filter.text.clone()),
            Span::styled("  (Esc clears)", t.dim()),
        ])
    };
    f.render_widget(Paragraph::new(line), filter_area);
    if app.home.editing && app.help.is_none() {
        let x = filter_area.x + 9 + filter.text.chars().take(filter.cursor).count() as u16;
        f.set_cursor_position((x.min(filter_area.right().saturating_sub(1)), filter_area.y));
    }
}
