//! A question: the prompt, the highlighted source (scrolling), and the choices labelled a), b),
//! c)… or the answer line with its inline parse error.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::bank::Source;

use super::super::app::App;
use super::super::highlight::{Lang, highlight};
use super::super::theme::Theme;
use super::wrap;

/// The source pane's lines: for terraform the configuration, each file, then the expression;
/// for cfnrain the parent template and its module files (YAML); for rivet the `.rvt` files
/// (HCL), the earlier ones of a diff first, and the variables and facts set.
pub fn source_lines(src: &Source, t: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let heading = |s: String| Line::from(Span::styled(s, t.dim()));
    if let Some(old) = &src.old_files {
        for (name, text) in old {
            out.push(heading(format!("── before: {name} ──")));
            out.extend(highlight(text, Lang::of(name), t));
        }
    }
    if let Some(tpl) = &src.template {
        out.push(heading("── template.yaml ──".into()));
        out.extend(highlight(tpl, Lang::Yaml, t));
    }
    if let Some(cfg) = &src.config {
        out.push(heading("── main.tf ──".into()));
        out.extend(highlight(cfg, Lang::Hcl, t));
    }
    let after = if src.old_files.is_some() { "after: " } else { "" };
    for (name, text) in &src.files {
        out.push(heading(format!("── {after}{name} ──")));
        out.extend(highlight(text, Lang::of(name), t));
    }
    for (title, values) in [("vars", &src.vars), ("facts", &src.facts)] {
        if !values.is_empty() {
            out.push(heading(format!("── {title} ──")));
            for (k, v) in values {
                out.extend(highlight(&format!("{k} = {v}"), Lang::Hcl, t));
            }
        }
    }
    if !src.steps.is_empty() {
        out.push(heading("── then, in that folder ──".into()));
        for step in &src.steps {
            for l in step.transcript().lines() {
                out.push(Line::from(Span::styled(l.to_string(), t.label())));
            }
        }
    }
    if !src.expr.trim().is_empty() {
        if !out.is_empty() {
            out.push(heading("── expression ──".into()));
        }
        out.extend(highlight(&src.expr, Lang::Hcl, t));
    }
    out
}

const LETTERS: &[u8] = b"abcdefghij";

/// Draws the question screen.
pub fn draw(f: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let Some(a) = &app.asking else { return };
    let mut info_spans = vec![Span::styled(
        format!(
            " {} · {} · difficulty {}/5 · {}",
            a.topic, a.item.domain, a.difficulty, a.instance.kind
        ),
        t.dim(),
    )];
    // An exam question revisited says it is flagged or already answered.
    if let Some(slot) = app.session.as_ref().and_then(|s| s.sheet.as_ref()).and_then(|x| x.current()) {
        if slot.flagged {
            info_spans.push(Span::styled(" · ⚑ flagged", t.label()));
        }
        if slot.answer.is_some() {
            info_spans.push(Span::styled(" · ✎ answered", t.label()));
        }
    }
    let info_rows = super::fit_line(Line::from(info_spans), area.width);
    let info_h = u16::try_from(info_rows.len()).unwrap_or(1);
    let prompt = prompt_lines(&a.instance.prompt, area.width, t.label());
    let prompt_h = u16::try_from(prompt.len()).unwrap_or(u16::MAX);
    let (choices, selected) = if a.typed() {
        (Vec::new(), (0, 0))
    } else {
        choice_lines(a, area.width.saturating_sub(2), t)
    };
    let msg = match &a.input_error {
        Some(e) => super::status_lines(&format!("✗ {e}"), area.width, t.bad()),
        None if a.input.text.trim().is_empty() => super::status_lines("Type the value, then Enter.", area.width, t.dim()),
        None => super::status_lines(
            &format!("✓ a valid {} value; Enter submits", a.instance.engine.notation()),
            area.width,
            t.dim(),
        ),
    };
    let msg_h = u16::try_from(msg.len()).unwrap_or(2).clamp(2, super::MAX_STATUS_ROWS);
    let answer_h = if a.typed() {
        3 + msg_h
    } else {
        u16::try_from(choices.len() + 2).unwrap_or(u16::MAX)
    };
    // The choices come whole when they fit beside a source pane of 3 rows; the rest is source.
    let answer_h = answer_h.min(area.height.saturating_sub(info_h + prompt_h + 3).max(3));
    let [info, prompt_area, source_area, answer_area] = Layout::vertical([
        Constraint::Length(info_h),
        Constraint::Length(prompt_h),
        Constraint::Min(3),
        Constraint::Length(answer_h),
    ])
    .areas(area);
    f.render_widget(Paragraph::new(info_rows), info);
    f.render_widget(Paragraph::new(prompt), prompt_area);
    let lines = source_lines(&a.instance.source, t);
    super::source_pane(f, source_area, lines, a.scroll, t);
    if a.typed() {
        let [line_area, err_area] = Layout::vertical([Constraint::Length(3), Constraint::Length(msg_h)]).areas(answer_area);
        let (shown, col) = wrap::input_view(&a.input.text, a.input.cursor, usize::from(line_area.width.saturating_sub(4)));
        f.render_widget(
            Paragraph::new(Line::from(vec![Span::styled("› ", t.key()), Span::raw(shown)]))
                .block(Block::bordered().title(format!(" Your answer ({}) ", a.instance.engine.value_noun()))),
            line_area,
        );
        f.render_widget(Paragraph::new(msg), err_area);
        if app.help.is_none() {
            let x = line_area.x + 3 + u16::try_from(col).unwrap_or(0);
            f.set_cursor_position((x.min(line_area.right().saturating_sub(2)), line_area.y + 1));
        }
    } else {
        super::choices_pane(f, answer_area, choices, selected, " Choices ".to_string());
    }
}

/// A question's prompt wrapped to `width` (at most the reading width), a blank row after it
/// when it takes more than one.
pub fn prompt_lines(prompt: &str, width: u16, style: ratatui::style::Style) -> Vec<Line<'static>> {
    let mut rows: Vec<Line<'static>> = wrap::words(prompt.trim(), usize::from(width).min(super::feedback::READING_WIDTH))
        .into_iter()
        .map(|r| Line::from(Span::styled(r, style)))
        .collect();
    if rows.len() > 1 {
        rows.push(Line::from(""));
    }
    rows
}

/// The choices labelled a), b)…, each wrapped to `width` under its text, the selected one
/// marked ▶ and highlighted; and the rows the selected one takes (first, past the last).
fn choice_lines(a: &super::super::app::Asking, width: u16, t: &Theme) -> (Vec<Line<'static>>, (usize, usize)) {
    let mut out = Vec::new();
    let mut selected = (0, 0);
    for (i, c) in a.choices.iter().enumerate() {
        let letter = LETTERS.get(i).map(|b| *b as char).unwrap_or('?');
        let (head, style) = if i == a.selected {
            (format!("▶ {letter}) "), t.selected())
        } else {
            (format!("  {letter}) "), ratatui::style::Style::default())
        };
        let start = out.len();
        out.extend(wrap::hanging(&head, &c.text, usize::from(width), style));
        if i == a.selected {
            selected = (start, out.len());
        }
    }
    (out, selected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::model::Step;

    #[test]
    fn a_scenario_shows_its_files_then_its_terminal_session() {
        let src = Source {
            files: [(
                "main.tf".to_string(),
                "resource \"terraform_data\" \"a\" {\n  count = 3\n}\n".to_string(),
            )]
            .into(),
            steps: vec![
                Step::Run {
                    line: "apply -auto-approve".into(),
                    env: [("TF_VAR_size".to_string(), "large".to_string())].into(),
                    input: None,
                },
                Step::Edit {
                    file: "main.tf".into(),
                    replace: "count = 3".into(),
                    with: "count = 2".into(),
                },
                Step::Run {
                    line: "plan".into(),
                    env: Default::default(),
                    input: None,
                },
            ],
            ask: Some("changes".into()),
            ..Source::default()
        };
        let text: Vec<String> = source_lines(&src, &Theme::from_env())
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        let at = |needle: &str| text.iter().position(|l| l == needle).unwrap_or(usize::MAX);
        assert!(at("── main.tf ──") < at("── then, in that folder ──"), "{text:?}");
        assert!(
            at("$ TF_VAR_size=large terraform apply -auto-approve") < at("-   count = 3"),
            "{text:?}"
        );
        assert!(at("+   count = 2") < at("$ terraform plan"), "{text:?}");
        assert_ne!(at("$ terraform plan"), usize::MAX, "{text:?}");
    }
}
