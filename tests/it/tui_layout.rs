//! Layout (#19 point 6) on ratatui's TestBackend at 80x24, 100x30 and 200x60, driven by key
//! events: long choices wrap under their text, a long source line wraps behind its ↪ mark,
//! `quiz take` gives its source the free rows, the feedback keeps the source in sight (above
//! the explanation, beside it on a wide terminal), and a long status message wraps. Besides
//! the snapshots, each test checks that the full text is on the screen, across rows.

use crate::drive;

use drive::press;

use crate::support;

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use iacquiz::bank::Bank;
use iacquiz::instructor::model::Quiz;
use iacquiz::instructor::{Options as QuizOptions, new_quiz};
use iacquiz::quiz::Mode;
use iacquiz::quiz::progress::Store;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen, render_text, update};
use support::{read, root, temp};

const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (200, 60)];

/// The fixture bank's one question, a Rivet choice question whose configuration has a line
/// of more than 200 columns and whose choices run past 100.
fn layout_bank() -> Bank {
    match Bank::load_dirs(&[root().join("tests/fixtures/tui-layout-bank")]) {
        Ok(b) => b,
        Err(e) => panic!("the layout fixture bank: {e:?}"),
    }
}

fn practice(tag: &str) -> App {
    practice_in(tag, false)
}

fn practice_in(tag: &str, color: bool) -> App {
    let d = temp(tag);
    if let Err(e) = std::fs::create_dir_all(&d) {
        panic!("{}: {e}", d.display());
    }
    let store = match Store::open(&d) {
        Ok(s) => s.store,
        Err(e) => panic!("store: {e}"),
    };
    App::new(
        layout_bank(),
        store,
        Options {
            seed: 7,
            clock: Clock::fixed(T0),
            theme: Theme { color },
            start: Some(Mode::Practice),
            exam_questions: 1,
            topics: Vec::new(),
        },
    )
}

/// The screen's rows, without the quotes TestBackend puts around each.
fn rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| l.strip_prefix('"').and_then(|l| l.strip_suffix('"')).unwrap_or(l).to_string())
        .collect()
}

/// The inside of the bordered pane whose top border carries `title` (the first such pane at
/// or right of `from_col`): its rows between the borders, trailing spaces removed.
fn pane(screen: &str, title: &str) -> Vec<String> {
    let rows = rows(screen);
    let Some((top, col)) = rows
        .iter()
        .enumerate()
        .find_map(|(i, r)| r.find(&format!("┌ {title}")).map(|b| (i, r[..b].chars().count())))
    else {
        panic!("no pane titled {title:?} in\n{screen}");
    };
    let width = rows[top].chars().skip(col).take_while(|c| *c != '┐').count() + 1;
    let mut out = Vec::new();
    for r in &rows[top + 1..] {
        let cells: String = r.chars().skip(col).take(width).collect();
        if cells.starts_with('└') {
            return out;
        }
        let inner: String = cells.chars().skip(1).take(width - 2).collect();
        out.push(inner.trim_end().to_string());
    }
    panic!("pane {title:?} has no bottom border in\n{screen}");
}

/// `text` without white space: what wrapping cannot change (a row may break inside a word).
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The source lines the pane shows, each continuation row (↪) joined to the row it continues.
fn unwrapped(source_rows: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in source_rows {
        match (r.strip_prefix("↪ "), out.last_mut()) {
            (Some(rest), Some(last)) => last.push_str(rest),
            _ => out.push(r.clone()),
        }
    }
    out
}

#[test]
fn long_choices_wrap_under_their_text_and_nothing_is_cut() {
    for (w, h) in SIZES {
        let mut app = practice(&format!("layout-choices-{w}"));
        assert_eq!(app.screen, Screen::Question);
        let screen = render_text(&app, w, h);
        snapshot!(format!("choices_{w}x{h}"), screen);
        let choices = app.asking.as_ref().map(|a| a.choices.clone()).unwrap_or_default();
        assert_eq!(choices.len(), 4);
        assert!(
            choices.iter().any(|c| c.text.chars().count() > 100),
            "a choice runs past 100 columns"
        );
        let inside = pane(&screen, "Choices");
        // Every row starts with a label (▶ a) or two spaces and a letter) or continues the
        // choice above in the label's column.
        for r in &inside {
            let head: String = r.chars().take(5).collect();
            let label = head.chars().nth(3) == Some(')') && matches!(head.chars().next(), Some('▶' | ' '));
            assert!(label || head == "     ", "a row out of line: {r:?}\n{screen}");
        }
        let text = squeeze(&inside.join(" ")).replace('▶', "");
        for (i, c) in choices.iter().enumerate() {
            let letter = (b'a' + i as u8) as char;
            assert!(
                text.contains(&format!("{letter}){}", squeeze(&c.text))),
                "choice {letter}) is not whole on the screen at {w}x{h}: {}\n{screen}",
                c.text
            );
        }
        // Moving the selection keeps it whole too.
        press(&mut app, KeyCode::Char('j'));
        let screen = render_text(&app, w, h);
        let text = squeeze(&pane(&screen, "Choices").join(" "));
        assert!(text.contains(&format!("▶b){}", squeeze(&choices[1].text))), "{screen}");
    }
}

/// The long line of the fixture's configuration.
fn long_source_line() -> String {
    let text = read(&root().join("tests/fixtures/tui-layout-bank/rivet/long.yaml"));
    match text.lines().find(|l| l.contains("default = {")) {
        Some(l) => l.trim_start().to_string(),
        None => panic!("the fixture has no long line"),
    }
}

#[test]
fn a_long_source_line_wraps_behind_a_marker() {
    let line = long_source_line();
    assert!(line.chars().count() > 200);
    for (w, h) in SIZES {
        let app = practice(&format!("layout-source-{w}"));
        let screen = render_text(&app, w, h);
        let inside = pane(&screen, "Source");
        assert!(
            inside.iter().any(|r| r.starts_with("↪ ")),
            "no continuation mark at {w}x{h}\n{screen}"
        );
        assert!(
            unwrapped(&inside).iter().any(|l| l.trim_start() == line),
            "the long line is not whole across its rows at {w}x{h}\n{screen}"
        );
        if w == 80 {
            snapshot!("source_80x24", screen);
        }
    }
}

#[test]
fn highlighting_goes_on_across_a_wrapped_row() {
    let app = practice_in("layout-colour", true);
    let mut term = match ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    if let Err(e) = term.draw(|f| iacquiz::tui::views::draw(f, &app)) {
        panic!("{e}");
    }
    let buf = term.backend().buffer().clone();
    let row_text = |y: u16| (0..80).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>();
    let Some(y) = (0..24).find(|&y| row_text(y).starts_with("│↪ customer-billing")) else {
        panic!(
            "no continuation row inside a string:\n{}",
            (0..24).map(row_text).collect::<Vec<_>>().join("\n")
        );
    };
    let th = Theme { color: true };
    assert_eq!(buf[(1, y)].fg, th.dim().fg.unwrap_or_default(), "the mark is dim");
    // The row goes on inside the string literal the row above opened: still a string's colour.
    assert_eq!(buf[(3, y)].fg, th.string().fg.unwrap_or_default(), "the string's colour is lost");
    assert_ne!(th.string().fg, th.dim().fg);
}

#[test]
fn feedback_keeps_the_source_above_or_beside_the_explanation() {
    let line = long_source_line();
    for (w, h) in SIZES.into_iter().chain([(120, 30)]) {
        let mut app = practice(&format!("layout-feedback-{w}"));
        press(&mut app, KeyCode::Char('a'));
        assert_eq!(app.screen, Screen::Feedback);
        let screen = render_text(&app, w, h);
        snapshot!(format!("feedback_{w}x{h}"), screen);
        let rows = rows(&screen);
        let at = |title: &str| {
            rows.iter()
                .enumerate()
                .find_map(|(i, r)| r.find(&format!("┌ {title}")).map(|b| (i, r[..b].chars().count())))
        };
        let (Some(src), Some(fb)) = (at("Source"), at("rivet-tui-long-choice")) else {
            panic!("the source and the feedback are not both shown at {w}x{h}\n{screen}");
        };
        if w >= 120 {
            assert!(
                src.0 == fb.0 && src.1 < fb.1,
                "the source is not beside the feedback at {w}x{h}\n{screen}"
            );
        } else {
            assert!(
                src.0 < fb.0 && src.1 == fb.1,
                "the source is not above the feedback at {w}x{h}\n{screen}"
            );
        }
        let inside = pane(&screen, "Source");
        assert!(inside.iter().any(|r| r.starts_with("↪ ")), "{screen}");
        if h >= 30 {
            // Tall enough for the whole configuration: the long line is there, whole.
            assert!(unwrapped(&inside).iter().any(|l| l.trim_start() == line), "{screen}");
            let text = squeeze(&pane(&screen, "rivet-tui-long-choice").join(" "));
            assert!(
                text.contains(&squeeze("never appear in the address.")),
                "the explanation is cut\n{screen}"
            );
        }
    }
}

#[test]
fn the_source_beside_the_feedback_scrolls_with_shift_j_and_k() {
    let mut app = practice("layout-feedback-scroll");
    press(&mut app, KeyCode::Char('a'));
    let first = pane(&render_text(&app, 80, 24), "Source");
    assert_eq!(first.first().map(String::as_str), Some("── main.rvt ──"));
    press(&mut app, KeyCode::Char('J'));
    let moved = pane(&render_text(&app, 80, 24), "Source");
    assert_ne!(first, moved, "J scrolls the source");
    assert_eq!(
        pane(&render_text(&app, 80, 24), "rivet-tui-long-choice")
            .first()
            .map(String::as_str),
        Some("✗ Wrong")
    );
    press(&mut app, KeyCode::Char('K'));
    assert_eq!(pane(&render_text(&app, 80, 24), "Source"), first, "K scrolls it back");
}

#[test]
fn a_long_status_message_wraps_instead_of_being_cut() {
    for (w, h) in SIZES {
        let mut app = practice(&format!("layout-status-{w}"));
        press(&mut app, KeyCode::Char('p')); // the playground is Terraform's: a notice says where to go
        let notice = app.notice.clone().unwrap_or_default();
        assert!(notice.chars().count() > 80, "{notice}");
        let screen = render_text(&app, w, h);
        if w == 80 {
            snapshot!("status_80x24", screen);
        }
        let rows = rows(&screen);
        let footer: Vec<&String> = rows.iter().rev().take_while(|r| !r.contains('┘')).collect();
        let want = notice.chars().count().div_ceil(usize::from(w) - 1);
        assert!(footer.len() >= want, "the notice takes {} rows at {w}x{h}\n{screen}", footer.len());
        let text = squeeze(&footer.iter().rev().map(|r| r.as_str()).collect::<Vec<_>>().join(" "));
        assert_eq!(text, squeeze(&notice), "the notice is not whole at {w}x{h}\n{screen}");
    }
}

fn out_dir(tag: &str) -> PathBuf {
    let d = temp(tag);
    if let Err(e) = std::fs::create_dir_all(&d) {
        panic!("{}: {e}", d.display());
    }
    d
}

fn take(quiz: &Quiz, out: &Path) -> iacquiz::tui::take::Take {
    match iacquiz::tui::take::Take::new(quiz, 1, Some("Erin"), out, Theme { color: false }, 1_000_000) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn quiz_take_gives_the_source_the_free_rows() {
    // The prepared quiz's first question: a one-line expression, shown whole with no scroll
    // note and the choices right under it.
    let quiz = match Quiz::from_json(&read(&root().join("tests/quiz/responses/quiz.json"))) {
        Ok(q) => q,
        Err(e) => panic!("prepared quiz.json: {e}"),
    };
    let t = take(&quiz, &out_dir("layout-take-short"));
    let screen = iacquiz::tui::take::render_text(&t, 80, 24);
    assert!(!screen.contains("lines "), "{screen}");
    let r = rows(&screen);
    let bottom = r.iter().position(|x| x.starts_with('└')).unwrap_or(0);
    assert!(r[bottom + 1].starts_with("┌ Choices"), "the choices follow the source\n{screen}");

    // The layout bank's question needs more rows than 80x24 has: the source takes every free
    // row (the choices end on the row above the footer) and scrolls; on 200x60 it is whole.
    let bank = layout_bank();
    let o = QuizOptions {
        count: 1,
        seed: 5,
        variants: 1,
        ..QuizOptions::default()
    };
    let quiz = match new_quiz(&bank, &o) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    };
    let t = take(&quiz, &out_dir("layout-take-long"));
    let line = long_source_line();
    for (w, h) in SIZES {
        let screen = iacquiz::tui::take::render_text(&t, w, h);
        snapshot!(format!("take_{w}x{h}"), screen);
        let r = rows(&screen);
        let inside = pane(&screen, "Source");
        if screen.contains(" lines ") {
            assert!(
                r[r.len() - 2].starts_with('└'),
                "rows left free while the source scrolls at {w}x{h}\n{screen}"
            );
        } else {
            assert!(unwrapped(&inside).iter().any(|l| l.trim_start() == line), "{screen}");
        }
        let item = t.sitting.item().map(|i| i.choices.clone()).unwrap_or_default();
        let text = squeeze(&pane(&screen, "Choices").join(" "));
        for c in &item {
            assert!(text.contains(&squeeze(&c.text)), "choice {} is cut at {w}x{h}\n{screen}", c.key);
        }
    }
    assert!(iacquiz::tui::take::render_text(&t, 80, 24).contains(" lines "));
    assert!(!iacquiz::tui::take::render_text(&t, 200, 60).contains(" lines "));
}

#[test]
fn a_typed_answer_longer_than_its_box_scrolls_sideways_behind_a_mark() {
    let quiz = match Quiz::from_json(&read(&root().join("tests/quiz/responses/quiz.json"))) {
        Ok(q) => q,
        Err(e) => panic!("prepared quiz.json: {e}"),
    };
    let mut t = take(&quiz, &out_dir("layout-take-typed"));
    let typed_at = t
        .sitting
        .items
        .iter()
        .position(|i| i.format == iacquiz::instructor::model::Format::Shortanswer);
    let Some(typed_at) = typed_at else {
        panic!("the prepared quiz has a typed question")
    };
    let key = |t: &mut iacquiz::tui::take::Take, code: KeyCode| {
        iacquiz::tui::take::update::handle_key(t, KeyEvent::new(code, KeyModifiers::NONE), 1_000_000);
    };
    for _ in 0..typed_at {
        key(&mut t, KeyCode::Char('n'));
    }
    assert_eq!(t.sitting.current(), typed_at);
    let answer = format!("[{}]", (1..=40).map(|n| format!("\"n{n}\"")).collect::<Vec<_>>().join(", "));
    for c in answer.chars() {
        key(&mut t, KeyCode::Char(c));
    }
    let screen = iacquiz::tui::take::render_text(&t, 80, 24);
    let inside = pane(&screen, "Your answer");
    let row = inside.first().cloned().unwrap_or_default();
    let shown = row
        .strip_prefix("› …")
        .unwrap_or_else(|| panic!("no mark where the line is hidden: {row:?}\n{screen}"));
    assert!(
        answer.ends_with(shown),
        "the box does not end with what was typed last: {row:?}\n{screen}"
    );
    assert_eq!(shown.chars().count(), 80 - 2 - 2 - 2, "{screen}");
    // Home shows the start of the line, a mark saying more follows.
    key(&mut t, KeyCode::Home);
    let row = pane(&iacquiz::tui::take::render_text(&t, 80, 24), "Your answer")
        .first()
        .cloned()
        .unwrap_or_default();
    assert!(row.starts_with("› [\"n1\", ") && row.ends_with('…'), "{row:?}");
}

#[test]
fn a_long_playground_expression_scrolls_sideways_behind_a_mark() {
    let mut app = practice("layout-playground");
    update::open_playground(&mut app, None);
    assert_eq!(app.screen, Screen::Playground);
    let expr = format!("concat({})", (1..=30).map(|n| format!("[{n}]")).collect::<Vec<_>>().join(", "));
    for c in expr.chars() {
        press(&mut app, KeyCode::Char(c));
    }
    let screen = render_text(&app, 80, 24);
    let row = pane(&screen, "Expression").first().cloned().unwrap_or_default();
    let shown = row
        .strip_prefix("> …")
        .unwrap_or_else(|| panic!("no mark where the line is hidden: {row:?}\n{screen}"));
    assert!(expr.ends_with(shown), "{row:?}\n{screen}");
    assert_eq!(shown.chars().count(), 80 - 2 - 2 - 2, "{screen}");
}

#[test]
fn choices_taller_than_their_pane_scroll_to_the_selected_one() {
    let mut app = practice("layout-choices-small");
    let choices = app.asking.as_ref().map(|a| a.choices.clone()).unwrap_or_default();
    let (w, h) = (60, 16);
    let screen = render_text(&app, w, h);
    snapshot!("choices_60x16", screen);
    assert!(screen.contains(" rows 1–"), "the pane says it shows part of the choices\n{screen}");
    for (i, c) in choices.iter().enumerate() {
        let screen = render_text(&app, w, h);
        let text = squeeze(&pane(&screen, "Choices").join(" "));
        let letter = (b'a' + i as u8) as char;
        assert!(
            text.contains(&format!("▶{letter}){}", squeeze(&c.text))),
            "the selected choice {letter}) is not whole in sight\n{screen}"
        );
        press(&mut app, KeyCode::Char('j'));
    }
}

/// Home's topic pane at 80×24 over the bundled bank: every topic's counts line ends inside the
/// pane (the topic names give way first), so "0 mastered" is never cut at the border.
#[test]
fn home_topic_counts_are_never_cut() {
    let d = temp("home-counts");
    if let Err(e) = std::fs::create_dir_all(&d) {
        panic!("{}: {e}", d.display());
    }
    let store = match Store::open(&d) {
        Ok(s) => s.store,
        Err(e) => panic!("store: {e}"),
    };
    let bank = match Bank::load_dirs(&[root().join("questions")]) {
        Ok(b) => b,
        Err(e) => panic!("the bundled bank: {e:?}"),
    };
    let mut app = App::new(
        bank,
        store,
        Options {
            seed: 7,
            clock: Clock::fixed(T0),
            theme: Theme { color: false },
            start: None,
            exam_questions: 1,
            topics: Vec::new(),
        },
    );
    let mut seen = 0;
    for _ in 0..12 {
        for row in rows(&render_text(&app, 80, 24)) {
            // The counts line of a topic, inside the topics pane (after the menu's border).
            let Some(pane) = row.rsplit('│').nth(1) else { continue };
            if pane.contains(" new · ") || pane.trim_start().chars().next().is_some_and(|c| c.is_ascii_digit()) {
                seen += 1;
                assert!(
                    pane.trim_end().ends_with("mastered") || pane.trim_end().ends_with('m'),
                    "cut: {row}"
                );
            }
        }
        press(&mut app, KeyCode::PageDown);
    }
    assert!(seen > 5, "the topic rows were found ({seen})");
}
