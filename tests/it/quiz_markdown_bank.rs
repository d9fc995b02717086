//! `quiz.md` and `answers.md` of a quiz holding every question of the bundled bank, rendered by
//! a CommonMark parser (pulldown-cmark): each question's text, every explanation, answer,
//! distractor, feedback and reference comes out as the bank wrote it, in that question's
//! section, and so does each variant's answer grid (#21 points 4 and 8). Then the same again
//! with hostile text added to every field.
//!
//! A bank writes code between backticks (`` `x` ``): those spans are code, so what a reader
//! sees is the text without its backtick delimiters. Everything else is compared exactly, up
//! to runs of white space (a renderer joins lines and drops indentation of prose).

use crate::support;

use iacquiz::export::{feedback, inline_code, md, objective_line, ref_lines, refs_of, source_blocks, type_hint};
use iacquiz::instructor::model::{Format, Item, Quiz};
use iacquiz::instructor::variants::values_text;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use support::{read, run, temp};

/// What CommonMark does to text a renderer shows: runs of white space are one space.
fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Bank prose as a reader sees it: backtick spans shown as code, without their backticks.
fn shown(prose: &str) -> String {
    norm(&inline_code(prose).into_iter().map(|(_, t)| t).collect::<String>())
}

/// One rendered question: the text shown (white space normalised) and its code blocks.
#[derive(Default)]
struct Section {
    text: String,
    blocks: Vec<String>,
}

/// Renders `src` and splits it at its level-3 headings (one per question, after what comes
/// before the first); panics on any HTML, link or image, which no bank text may produce.
fn sections(src: &str, options: Options) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut cur = Section::default();
    let mut in_block = false;
    let mut text = String::new();
    for ev in Parser::new_ext(src, options) {
        match ev {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H3, ..
            }) => {
                cur.text = norm(&text);
                out.push(std::mem::take(&mut cur));
                text.clear();
            }
            Event::Html(h) | Event::InlineHtml(h) => panic!("raw HTML {h:?}"),
            Event::Start(Tag::Link { dest_url, .. }) => panic!("a link to {dest_url:?}"),
            Event::Start(Tag::Image { dest_url, .. }) => panic!("an image {dest_url:?}"),
            Event::Start(Tag::CodeBlock(_)) => {
                in_block = true;
                cur.blocks.push(String::new());
            }
            Event::End(TagEnd::CodeBlock) => in_block = false,
            Event::Text(t) if in_block => {
                if let Some(b) = cur.blocks.last_mut() {
                    b.push_str(&t);
                }
            }
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak | Event::End(_) => text.push(' '),
            _ => {}
        }
    }
    cur.text = norm(&text);
    out.push(cur);
    out
}

/// A variant's answer grid as rendered: `Answer grid: Q1: D Q2: B true Q3: "x" ...`.
fn grid_wants(v: &iacquiz::instructor::model::Variant) -> String {
    let mut want = String::from("Answer grid:");
    for item in &v.questions {
        let answer = match (&item.answer.key, item.format) {
            (Some(k), Format::Truefalse) => format!("{} {}", norm(k), norm(&item.answer.text)),
            (Some(k), _) => norm(k),
            (None, _) => norm(&item.answer.text),
        };
        want.push_str(&format!(" Q{}: {answer}", item.number));
    }
    want
}

/// What `quiz.md` must show of an item, in its section.
fn quiz_wants(quiz: &Quiz, item: &Item) -> Vec<String> {
    let mut want = vec![format!("{}. {}", item.number, shown(item.prompt.trim()))];
    if let Some(o) = refs_of(quiz, item).and_then(objective_line) {
        want.push(format!("Exam objective {}", norm(&o)));
    }
    for b in source_blocks(item) {
        want.push(format!("{}:", norm(&b.label)));
    }
    match item.format {
        Format::Shortanswer => want.push(norm(type_hint(item))),
        _ => want.extend(item.choices.iter().map(|c| format!("{}) {}", norm(&c.key), norm(&c.text)))),
    }
    want
}

/// What `answers.md` must show of an item, in its section.
fn key_wants(quiz: &Quiz, item: &Item) -> Vec<String> {
    let mut want = vec![
        format!(
            "{}. {} ({}, {}, difficulty {})",
            item.number,
            shown(&item.id),
            shown(&item.topic),
            item.format.name(),
            item.difficulty
        ),
        shown(item.explain.trim()),
    ];
    if !item.values.is_empty() {
        want.push(format!("Values: {}", norm(&values_text(&item.values))));
    }
    want.push(match &item.answer.key {
        Some(k) => format!("Answer: {}) {}", norm(k), norm(&item.answer.text)),
        None => format!("Answer: {}", norm(&item.answer.text)),
    });
    for (label, text) in refs_of(quiz, item).map(ref_lines).unwrap_or_default() {
        want.push(format!("{label}: {}", shown(&text)));
    }
    for w in &item.wrong {
        let f = feedback(w.misconception.as_deref(), w.why.as_deref());
        want.push(format!("{} — {}", norm(&w.text), shown(&f)));
    }
    for c in item.choices.iter().filter(|c| !c.correct) {
        let f = feedback(c.misconception.as_deref(), c.why.as_deref());
        want.push(format!("{}) {} — {}", norm(&c.key), norm(&c.text), shown(&f)));
    }
    want
}

/// Where `text` stops holding `want`: the longest prefix of `want` found, and what follows it
/// in `text` (for a readable failure).
fn lost(text: &str, want: &str) -> String {
    let mut n = want.len();
    while n > 0 && !(want.is_char_boundary(n) && text.contains(&want[..n])) {
        n -= 1;
    }
    let at = text.find(&want[..n]).map_or(0, |p| p + n);
    let shown: String = text[at..].chars().take(120).collect();
    format!(
        "lost {:?}\nafter {:?}\nthe page shows {shown:?}",
        &want[n..],
        &want[n.saturating_sub(80)..n]
    )
}

/// Checks both files of `quiz` under plain CommonMark and with every extension a renderer may
/// turn on (tables, footnotes, math, definition lists, heading attributes...; not smart
/// punctuation, which curls quotes on purpose). Returns how many strings were found.
fn check(quiz: &Quiz, what: &str) -> usize {
    let items: Vec<&Item> = quiz.variants.iter().flat_map(|v| v.questions.iter()).collect();
    let mut found = 0;
    let extended = Options::all() - Options::ENABLE_SMART_PUNCTUATION;
    for options in [Options::empty(), extended] {
        let mut doc = sections(&md::quiz(quiz), options);
        // The first section is the title and header, before any question.
        doc.remove(0);
        assert_eq!(doc.len(), items.len(), "{what} quiz.md ({options:?}): one section per question");
        for (s, item) in doc.iter().zip(&items) {
            for w in quiz_wants(quiz, item) {
                assert!(
                    s.text.contains(&w),
                    "{what} quiz.md ({options:?}) {}: {}",
                    item.id,
                    lost(&s.text, &w)
                );
                found += 1;
            }
            let blocks: Vec<String> = source_blocks(item)
                .into_iter()
                .map(|b| format!("{}\n", b.text.trim_end_matches('\n')))
                .collect();
            assert_eq!(s.blocks, blocks, "{what} quiz.md ({options:?}) {}: code blocks as written", item.id);
            found += blocks.len();
        }
        let mut key = sections(&md::answers(quiz), options);
        let all: String = key.iter().map(|s| s.text.as_str()).collect::<Vec<_>>().join(" ");
        for v in &quiz.variants {
            let want = grid_wants(v);
            assert!(
                all.contains(&want),
                "{what} answers.md ({options:?}) variant {}: {}",
                v.variant,
                lost(&all, &want)
            );
            found += 1;
        }
        key.remove(0);
        assert_eq!(key.len(), items.len(), "{what} answers.md ({options:?}): one section per question");
        for (s, item) in key.iter().zip(&items) {
            for w in key_wants(quiz, item) {
                assert!(
                    s.text.contains(&w),
                    "{what} answers.md ({options:?}) {}: {}",
                    item.id,
                    lost(&s.text, &w)
                );
                found += 1;
            }
        }
    }
    found
}

/// Every question of the bundled bank, two variants (other parameter values, other orders).
fn whole_bank() -> Quiz {
    let out = temp("md-bank");
    let dir = out.display().to_string();
    let o = run(&[
        "quiz",
        "new",
        "--count",
        "331",
        "--seed",
        "5",
        "--variants",
        "2",
        "--format",
        "md",
        "--out",
        &dir,
    ]);
    assert!(o.status.success(), "quiz new: {}", String::from_utf8_lossy(&o.stderr));
    let quiz = Quiz::from_json(&read(&out.join("key.json")));
    // The files written are the ones rendered here.
    let quiz = match quiz {
        Ok(q) => q,
        Err(e) => panic!("key.json: {e}"),
    };
    assert_eq!(read(&out.join("answers.md")), md::answers(&quiz));
    assert_eq!(read(&out.join("quiz.md")), md::quiz(&quiz));
    let _ = std::fs::remove_dir_all(&out);
    quiz
}

#[test]
fn every_question_of_the_bank_renders_as_written() {
    let quiz = whole_bank();
    let n = quiz.questions.len();
    assert!(n >= 300, "the whole bank: {n} questions");
    let found = check(&quiz, "bank");
    eprintln!("{n} questions, {found} strings found as written");
}

/// Text a bank could hold that Markdown would read as markup: backslashes (`\\.` and `\.`),
/// HTML, emphasis, links, backticks that open no span, and the extensions' marks.
const HOSTILE: &[&str] = &[
    "\"\\\\.\" is a regex",
    "the regular expression \\. matches a dot",
    "<a> and <b>x</b>",
    "*x* and _y_ and **z** and __w__",
    "a lone ` backtick",
    "[x](javascript:alert(1)) ![i](x.png) <http://x.test>",
    "$m$ ^s^ ~t~ ~~u~~ [[w]] [^f] | a | b |",
    "&amp; &#35; &copy;",
    "ends in a backslash\\",
];

/// Lines a bank could start with that Markdown would read as a block.
const HOSTILE_LINES: &[&str] = &[
    "# heading",
    "- item",
    "+ item",
    "* item",
    "1. item",
    "2) item",
    "> quote",
    "    indented code",
    "---",
    "===",
    "***",
    "___",
    ": definition",
    "| a | b |",
    "|---|---|",
    "```",
    "~~~",
    "<div>",
    "<!-- c -->",
    "[x]: http://x.test",
    "[^f]: note",
    "{#id .class}",
    "heading {#id}",
];

#[test]
fn hostile_text_in_every_field_renders_as_written() {
    let mut quiz = whole_bank();
    let tail = HOSTILE.join(" ");
    let lines = HOSTILE_LINES.join("\n");
    for d in &mut quiz.questions {
        d.refs.quote = Some(tail.clone());
        d.refs.objective_text = Some(tail.clone());
    }
    for item in quiz.variants.iter_mut().flat_map(|v| v.questions.iter_mut()) {
        item.explain = format!("{}\n{lines}\n{tail}\n{lines}", item.explain.trim());
        // Both end in a heading: attributes (`{#id}`) would be read off its end.
        item.prompt = format!("{} {tail} {{.c}} {{#id .c}}", item.prompt.trim());
        item.topic = format!("{} {tail} {{#t}}", item.topic);
        for c in &mut item.choices {
            c.text = format!("{} `` ` {tail}", c.text);
            c.why = Some(format!("{lines}\n{tail}"));
        }
        for w in &mut item.wrong {
            w.why = Some(format!("{lines}\n{tail}"));
        }
    }
    check(&quiz, "hostile");
}
