//! Stats: accuracy over time as a chart, then the figures per topic (the same new, due and
//! mastered counts as Home and `iacquiz stats`).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph};

use crate::quiz::stats::overview;

use super::super::app::App;

/// Draws the stats screen.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let now = app.clock.now_secs();
    let o = overview(app.bank.questions(), &app.store.progress, now);
    let [totals, chart_area, table_area] =
        Layout::vertical([Constraint::Length(2), Constraint::Percentage(50), Constraint::Min(3)]).areas(area);
    let acc = (o.correct * 100)
        .checked_div(o.attempts)
        .map(|p| format!("{p}%"))
        .unwrap_or_else(|| "–".into());
    f.render_widget(
        Paragraph::new(vec![
            Line::from(format!(
                " {} answers · {} right ({acc}) · {} new · {} due · {} mastered · {} to review",
                o.attempts, o.correct, o.new, o.due, o.mastered, o.misses
            )),
            Line::from(format!(
                " Streaks: {} day(s) (best {}) · {} right in a row (best {})",
                o.day_streak, o.best_day_streak, o.answer_streak, o.best_answer_streak
            )),
        ]),
        totals,
    );
    // Accuracy per day, the last 30 days with answers.
    let days: Vec<_> = o.days.iter().rev().take(30).rev().collect();
    let data: Vec<(f64, f64)> = days
        .iter()
        .enumerate()
        .map(|(i, d)| (i as f64, d.correct as f64 * 100.0 / d.attempts.max(1) as f64))
        .collect();
    let block = Block::bordered().title(" Accuracy per day (%) ");
    if data.is_empty() {
        f.render_widget(
            Paragraph::new(Line::from(Span::styled(
                "No answers yet: practise to see your accuracy here.",
                t.dim(),
            )))
            .block(block),
            chart_area,
        );
    } else {
        let first = days.first().map(|d| day_label(d.day)).unwrap_or_default();
        let last = days.last().map(|d| day_label(d.day)).unwrap_or_default();
        let max_x = (data.len().saturating_sub(1)).max(1) as f64;
        let style = t.bar();
        let chart = Chart::new(vec![
            Dataset::default()
                .name("accuracy")
                .marker(if data.len() == 1 { Marker::Dot } else { Marker::Braille })
                .graph_type(if data.len() == 1 { GraphType::Scatter } else { GraphType::Line })
                .style(style)
                .data(&data),
        ])
        .block(block)
        .x_axis(
            Axis::default()
                .bounds([0.0, max_x])
                .labels(vec![Line::from(first), Line::from(last)]),
        )
        .y_axis(
            Axis::default()
                .bounds([0.0, 100.0])
                .labels(vec![Line::from("0"), Line::from("50"), Line::from("100")]),
        );
        f.render_widget(chart, chart_area);
    }
    let w = o.topics.iter().map(|t| t.topic.chars().count()).max().unwrap_or(5).max(5);
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "{:<w$} {:>9} {:>4} {:>4} {:>8} {:>7} {:>7} {:>8}",
            "topic", "questions", "new", "due", "mastered", "mastery", "answers", "accuracy"
        ),
        t.label(),
    ))];
    for tp in &o.topics {
        let acc = tp
            .accuracy()
            .map(|a| format!("{}%", (a * 100.0).round() as u32))
            .unwrap_or_else(|| "–".into());
        lines.push(Line::from(format!(
            "{:<w$} {:>9} {:>4} {:>4} {:>8} {:>7} {:>7} {:>8}",
            tp.topic,
            tp.questions,
            tp.never_asked(),
            tp.due,
            tp.mastered,
            format!("{}%", (tp.mastery() * 100.0).round() as u32),
            tp.attempts,
            acc
        )));
    }
    let max = (lines.len() as u16).saturating_sub(table_area.height.saturating_sub(2));
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(" Per topic "))
            .scroll((app.stats_scroll.min(max), 0)),
        table_area,
    );
}

/// A day number as `YYYY-MM-DD` (UTC).
pub fn day_label(day: u64) -> String {
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = day as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}
