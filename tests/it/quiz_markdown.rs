//! `quiz.md` and `answers.md` of a hostile bank rendered by a CommonMark parser
//! (pulldown-cmark): a bank's HTML, links and images come out as the text they are, no
//! backslash or `<a>` of an explanation is lost, and code cannot close its fence (#18 point 6,
//! #21 point 4).

use crate::support;

use iacquiz::export::md;
use iacquiz::instructor::model::{Format, Quiz};
use pulldown_cmark::{Event, Options, Parser, Tag};
use support::{read, root};

const SCRIPT: &str = "<script>alert(1)</script>";
const IMG: &str = "<img src=x onerror=alert(1)>";
const LINK: &str = "[x](javascript:alert(1))";
const REGEX: &str = "the regular expression \\. matches a dot; \"\\\\.\" in HCL";
const ANCHOR: &str = "<a>";
const EXTENDED: &str = "$x$ ^y^ ~~z~~ [[w]] | a | b |";
const FENCE: &str = "x = 1\n```\n</pre><script>alert(2)</script>\n````\n";

fn hostile_quiz() -> Quiz {
    let mut quiz = match Quiz::from_json(&read(&root().join("tests/quiz/responses/quiz.json"))) {
        Ok(q) => q,
        Err(e) => panic!("prepared quiz.json: {e}"),
    };
    for d in &mut quiz.questions {
        d.refs.quote = Some(format!("{SCRIPT} {LINK}"));
        d.refs.objective = Some("2c".into());
        d.refs.objective_text = Some(format!("![i](http://x/i.png) {IMG}"));
        d.refs.docs = Some("javascript:alert(1)".into());
    }
    for v in &mut quiz.variants {
        for item in &mut v.questions {
            item.topic = format!("{SCRIPT} topic");
            item.id = format!("{IMG}-id");
            item.prompt = format!("{SCRIPT}\n# {IMG}\n{LINK} `a<b>` and <http://x.test>\n{EXTENDED}");
            item.explain = format!("{REGEX}\n\n- {ANCHOR} &amp; {LINK}\n    {SCRIPT}\n1. *not a list*");
            item.source.files.insert("f<i>.tf".into(), FENCE.into());
            for c in &mut item.choices {
                c.why = Some(format!("{IMG} {LINK}"));
                if item.format == Format::Multichoice {
                    c.text = format!("{} ``{SCRIPT}", c.text);
                }
            }
            for w in &mut item.wrong {
                w.why = Some(format!("{SCRIPT} {LINK}"));
            }
        }
    }
    quiz
}

/// What a renderer makes of `src`: the text shown, or the first HTML, link or image found.
fn rendered_text(src: &str, options: Options) -> Result<String, String> {
    let mut text = String::new();
    for ev in Parser::new_ext(src, options) {
        match ev {
            Event::Html(h) | Event::InlineHtml(h) => return Err(format!("raw HTML: {h:?}")),
            Event::Start(Tag::Link { dest_url, .. }) => return Err(format!("a link to {dest_url:?}")),
            Event::Start(Tag::Image { dest_url, .. }) => return Err(format!("an image {dest_url:?}")),
            Event::Start(Tag::HtmlBlock) => return Err("an HTML block".into()),
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak => text.push('\n'),
            _ => {}
        }
    }
    Ok(text)
}

#[test]
fn a_hostile_bank_renders_as_text() {
    let quiz = hostile_quiz();
    let files = [("quiz.md", md::quiz(&quiz)), ("answers.md", md::answers(&quiz))];
    // Plain CommonMark, and with GitHub's extensions (tables, strikethrough, footnotes...).
    // Smart punctuation is left out: it curls quotes on purpose.
    let extended = Options::all() - Options::ENABLE_SMART_PUNCTUATION;
    for options in [Options::empty(), extended] {
        for (name, src) in &files {
            let text = match rendered_text(src, options) {
                Ok(t) => t,
                Err(e) => panic!("{name} ({options:?}): {e}"),
            };
            let want: Vec<String> = if *name == "quiz.md" {
                [SCRIPT, IMG, LINK, "a<b>", "<http://x.test>", FENCE.trim_end(), EXTENDED]
                    .map(String::from)
                    .to_vec()
            } else {
                let topic = format!("{IMG}-id ({SCRIPT} topic");
                let key = [REGEX, ANCHOR, "&amp;", "javascript:alert(1)", "*not a list*", LINK, IMG, SCRIPT];
                key.map(String::from).into_iter().chain([topic]).collect()
            };
            for w in &want {
                assert!(text.contains(w.as_str()), "{name} ({options:?}) lost {w:?}");
            }
        }
    }
    // The student's copy shows no answer-key material even when escaped.
    assert!(!files[0].1.contains("Misconception"));
}

#[test]
fn headings_and_lists_stay_where_they_are() {
    let quiz = hostile_quiz();
    let src = md::quiz(&quiz);
    let headings = Parser::new(&src).filter(|e| matches!(e, Event::Start(Tag::Heading { .. }))).count();
    let items: usize = quiz.variants.iter().map(|v| v.questions.len()).sum();
    // The title, one per variant, one per question: a prompt's `# ...` line is no heading.
    assert_eq!(headings, 1 + quiz.variants.len() + items);
    let blocks = Parser::new(&src).filter(|e| matches!(e, Event::Start(Tag::CodeBlock(_)))).count();
    let fenced = |q: &iacquiz::instructor::model::Item| iacquiz::export::source_blocks(q).len();
    let want: usize = quiz.variants.iter().flat_map(|v| v.questions.iter()).map(fenced).sum();
    assert_eq!(blocks, want, "each source is one code block: a backtick run inside closes none");
}
