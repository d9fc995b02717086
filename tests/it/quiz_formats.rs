//! The exports parsed back: GIFT with a small GIFT parser written here, Moodle XML with
//! quick-xml, HTML checked for being self-contained and escaped. Each is compared with the
//! quiz.json it was made from, over the golden quiz and a quiz of the whole bundled bank.

use crate::support;
use crate::xml;

use std::path::Path;

use iacquiz::export::typed::{GiftShape, gift_shape, typed};
use iacquiz::export::{feedback, gift, html_escape, prompt_html, title};
use iacquiz::instructor::model::{Format, Item, Quiz};
use support::{make_golden_quiz, read, run, temp};
use xml::parse_xml;

fn load(dir: &Path) -> Quiz {
    match Quiz::from_json(&read(&dir.join("key.json"))) {
        Ok(q) => q,
        Err(e) => panic!("quiz.json: {e}"),
    }
}

/// The whole bundled bank, three variants: every question and kind the bank has.
fn bundled_quiz(tag: &str) -> std::path::PathBuf {
    let out = temp(tag);
    let o = run(&[
        "quiz",
        "new",
        "--count",
        "63",
        "--seed",
        "11",
        "--variants",
        "3",
        "--format",
        "html,gift,moodle",
        "--out",
        &out.display().to_string(),
    ]);
    assert!(o.status.success(), "quiz new: {}", String::from_utf8_lossy(&o.stderr));
    out
}

// ---------------------------------------------------------------------------------------
// A small GIFT parser: enough of the format to read back what the exporter writes.

#[derive(Debug, Clone, PartialEq)]
struct GiftAnswer {
    /// `=` (right, or a weighted shortanswer answer) or `~` (wrong).
    mark: char,
    /// `%n%` weight, when given.
    weight: Option<i32>,
    text: String,
    feedback: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
struct GiftQuestion {
    category: String,
    title: String,
    format: String,
    text: String,
    /// For true/false: the answer and the two feedbacks (wrong, right).
    truefalse: Option<(bool, String, String)>,
    answers: Vec<GiftAnswer>,
    general: Option<String>,
}

/// A character of GIFT source and whether a backslash escaped it.
type Ch = (char, bool);

fn lex(s: &str) -> Vec<Ch> {
    let mut out = Vec::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push(('\n', true)),
                Some(n) => out.push((n, true)),
                None => out.push(('\\', false)),
            }
        } else {
            out.push((c, false));
        }
    }
    out
}

fn text(cs: &[Ch]) -> String {
    cs.iter().map(|c| c.0).collect()
}

fn find(cs: &[Ch], from: usize, pat: &str) -> Option<usize> {
    let p: Vec<char> = pat.chars().collect();
    (from..cs.len()).find(|&i| i + p.len() <= cs.len() && p.iter().enumerate().all(|(k, c)| cs[i + k] == (*c, false)))
}

fn parse_gift(src: &str) -> Result<Vec<GiftQuestion>, String> {
    let mut out = Vec::new();
    let mut category = String::new();
    let mut chunk: Vec<&str> = Vec::new();
    let mut chunks: Vec<(String, String)> = Vec::new();
    for line in src.lines().chain(std::iter::once("")) {
        if line.trim().is_empty() {
            if !chunk.is_empty() {
                chunks.push((category.clone(), chunk.join("\n")));
                chunk.clear();
            }
            continue;
        }
        if line.starts_with("//") {
            continue;
        }
        if let Some(c) = line.strip_prefix("$CATEGORY:") {
            category = c.trim().to_string();
            continue;
        }
        chunk.push(line);
    }
    for (category, q) in chunks {
        let cs = lex(&q);
        if find(&cs, 0, "::") != Some(0) {
            return Err(format!("a question without a ::title::: {q}"));
        }
        let end_title = find(&cs, 2, "::").ok_or("unterminated title")?;
        let title = text(&cs[2..end_title]);
        let mut pos = end_title + 2;
        let mut format = String::new();
        if cs.get(pos) == Some(&('[', false)) {
            let close = find(&cs, pos, "]").ok_or("unterminated [format]")?;
            format = text(&cs[pos + 1..close]);
            pos = close + 1;
        }
        let open = find(&cs, pos, "{").ok_or("no answer block")?;
        let body_text = text(&cs[pos..open]);
        let close = (open..cs.len())
            .rev()
            .find(|&i| cs[i] == ('}', false))
            .ok_or("unterminated answer block")?;
        if !text(&cs[close + 1..]).trim().is_empty() {
            return Err(format!("text after the answer block in {title}"));
        }
        if (open + 1..close).any(|i| matches!(cs[i], ('{', false) | ('}', false))) {
            return Err(format!("an unescaped brace inside the answers of {title}"));
        }
        let block = &cs[open + 1..close];
        let (block, general) = match find(block, 0, "####") {
            Some(g) => (&block[..g], Some(text(&block[g + 4..]).trim().to_string())),
            None => (block, None),
        };
        let plain = text(block);
        let trimmed = plain.trim();
        let mut q = GiftQuestion {
            category,
            title,
            format,
            text: body_text,
            truefalse: None,
            answers: Vec::new(),
            general,
        };
        if ["TRUE", "FALSE", "T", "F"]
            .iter()
            .any(|w| trimmed.starts_with(w) && !trimmed.starts_with('='))
        {
            let parts: Vec<String> = split_unescaped(block, '#')
                .into_iter()
                .map(|p| text(&p).trim().to_string())
                .collect();
            let truth = matches!(parts.first().map(String::as_str), Some("TRUE" | "T"));
            q.truefalse = Some((
                truth,
                parts.get(1).cloned().unwrap_or_default(),
                parts.get(2).cloned().unwrap_or_default(),
            ));
        } else {
            // The GIFT spec: an answer block with = and -> and no ~ is a matching question,
            // which this quiz never writes (a `->` inside a typed answer would make one).
            let tilde = block.contains(&('~', false));
            if !tilde && block.contains(&('=', false)) && find(block, 0, "->").is_some() {
                return Err(format!("{}: read as a matching question (an unescapable `->`)", q.title));
            }
            // Answers start at an unescaped = or ~.
            let starts: Vec<usize> = (0..block.len())
                .filter(|&i| matches!(block[i], ('=', false) | ('~', false)))
                .collect();
            for (n, &s) in starts.iter().enumerate() {
                let e = starts.get(n + 1).copied().unwrap_or(block.len());
                let part = &block[s + 1..e];
                let (body, fb) = match (0..part.len()).find(|&i| part[i] == ('#', false)) {
                    Some(h) => (&part[..h], Some(text(&part[h + 1..]).trim().to_string())),
                    None => (part, None),
                };
                let mut t = text(body).trim().to_string();
                let mut weight = None;
                if body.first() == Some(&('%', false))
                    && let Some(p) = (1..body.len()).find(|&i| body[i] == ('%', false))
                {
                    weight = text(&body[1..p]).parse().ok();
                    t = text(&body[p + 1..]).trim().to_string();
                }
                q.answers.push(GiftAnswer {
                    mark: block[s].0,
                    weight,
                    text: t,
                    feedback: fb,
                });
            }
        }
        out.push(q);
    }
    Ok(out)
}

fn split_unescaped(cs: &[Ch], sep: char) -> Vec<Vec<Ch>> {
    let mut out = vec![Vec::new()];
    for c in cs {
        if *c == (sep, false) {
            out.push(Vec::new());
        } else if let Some(last) = out.last_mut() {
            last.push(*c);
        }
    }
    out
}

fn code(t: &str) -> String {
    format!("<code>{}</code>", html_escape(t))
}

fn check_gift_against(quiz: &Quiz, src: &str) {
    let parsed = match parse_gift(src) {
        Ok(p) => p,
        Err(e) => panic!("quiz.gift does not parse: {e}"),
    };
    // Slot by slot, each slot's variants together; a question GIFT cannot ask is left out.
    let items: Vec<(usize, &Item)> = (0..quiz.questions.len())
        .flat_map(|slot| {
            quiz.variants
                .iter()
                .filter_map(move |v| v.questions.get(slot).map(|i| (v.variant, i)))
        })
        .filter(|(_, i)| i.format != Format::Shortanswer || !matches!(gift_shape(i), GiftShape::Omitted(_)))
        .collect();
    assert_eq!(parsed.len(), items.len(), "one GIFT question per item");
    for (g, (variant, item)) in parsed.iter().zip(&items) {
        let t = title(*variant, item);
        assert_eq!(g.title, t);
        let topic = item.topic.replace('/', " ");
        assert_eq!(
            g.category,
            format!("$course$/top/iacquiz seed {}/Q{:02} · {topic}", quiz.seed, item.number)
        );
        assert_eq!(g.format, "html", "{t}");
        let shape = (item.format == Format::Shortanswer).then(|| gift_shape(item));
        let want_text = match shape {
            Some(GiftShape::Choice(..)) => gift::question_html_hinted(item, Some(gift::CHOICE_HINT)),
            _ => gift::question_html(item),
        };
        assert_eq!(g.text, want_text, "{t}: the question text reads back");
        assert!(g.text.contains(&prompt_html(item.prompt.trim())), "{t}: the prompt is in the text");
        for b in iacquiz::export::source_blocks(item) {
            assert!(
                g.text
                    .contains(&format!("<pre><code>{}</code></pre>", html_escape(b.text.trim_end_matches('\n')))),
                "{t}: the code of {} is in the question text",
                b.label
            );
        }
        assert_eq!(
            g.general.as_deref(),
            Some(iacquiz::export::general_html(quiz, item).as_str()),
            "{t}: general feedback"
        );
        match item.format {
            Format::Multichoice => {
                assert!(g.truefalse.is_none());
                assert_eq!(g.answers.len(), item.choices.len(), "{t}: one answer per choice");
                for (a, c) in g.answers.iter().zip(&item.choices) {
                    assert_eq!(a.mark, if c.correct { '=' } else { '~' }, "{t}: {}", c.text);
                    assert_eq!(a.text, code(&c.text), "{t}");
                    if !c.correct {
                        let want = prompt_html(&feedback(c.misconception.as_deref(), c.why.as_deref()));
                        assert_eq!(a.feedback.as_deref(), Some(want.as_str()), "{t}: {}", c.text);
                        if let Some(m) = c.misconception.as_deref().and_then(iacquiz::mistakes::catalogue::by_id) {
                            assert!(
                                a.feedback.as_deref().is_some_and(|f| f.contains(&prompt_html(&m.belief))),
                                "{t}: the feedback of {} explains its misconception {}",
                                c.text,
                                m.id
                            );
                        }
                    }
                }
            }
            Format::Shortanswer => {
                let unstar = |s: &str| s.replace("\\*", "*");
                match shape {
                    Some(GiftShape::Shortanswer(forms)) => {
                        // Every accepted form, then the wrong values GIFT can write.
                        let wrong: Vec<_> = item.wrong.iter().filter(|w| !w.text.contains("->")).collect();
                        assert_eq!(g.answers.len(), forms.len() + wrong.len(), "{t}");
                        assert_eq!(unstar(&g.answers[0].text), item.answer.text, "{t}: the right answer reads back");
                        for (a, f) in g.answers.iter().zip(&forms) {
                            assert_eq!((a.mark, a.weight), ('=', None), "{t}");
                            assert_eq!(&unstar(&a.text), f, "{t}");
                        }
                        for (a, w) in g.answers[forms.len()..].iter().zip(&wrong) {
                            assert_eq!((a.mark, a.weight), ('=', Some(0)), "{t}");
                            assert_eq!(unstar(&a.text), w.text, "{t}");
                            let want = prompt_html(&feedback(w.misconception.as_deref(), w.why.as_deref()));
                            assert_eq!(a.feedback.as_deref(), Some(want.as_str()), "{t}");
                        }
                    }
                    Some(GiftShape::Choice(choices, _)) => {
                        assert_eq!(g.answers.len(), choices.len(), "{t}");
                        assert_eq!(choices.iter().filter(|c| c.correct).count(), 1, "{t}");
                        for (a, c) in g.answers.iter().zip(&choices) {
                            assert_eq!(a.mark, if c.correct { '=' } else { '~' }, "{t}");
                            assert_eq!(a.text, code(&c.text), "{t}");
                        }
                        assert!(choices.iter().any(|c| c.correct && c.text == item.answer.text), "{t}");
                    }
                    other => panic!("{t}: {other:?}"),
                }
            }
            Format::Truefalse => {
                let Some((truth, wrong_fb, right_fb)) = &g.truefalse else {
                    panic!("{t}: not read as true/false")
                };
                assert_eq!(item.answer.text, truth.to_string(), "{t}");
                assert_eq!(right_fb, "Right.");
                let w = item.choices.iter().find(|c| !c.correct);
                let want = prompt_html(&feedback(
                    w.and_then(|c| c.misconception.as_deref()),
                    w.and_then(|c| c.why.as_deref()),
                ));
                assert_eq!(wrong_fb, &want, "{t}");
            }
        }
    }
}

#[test]
fn gift_parser_reads_escapes_weights_and_truefalse() {
    let src = "$CATEGORY: $course$/top/x\n\n::T1::[html]a \\= b\\: \\{c\\} \\#1 \\~ \\\\ x\\ny{\n\t=right#good\n\t~wrong \\#2#bad\n\t####gen\n}\n\n::T2::[html]s{\n\t=one#r\n\t=%0%two#w\n}\n\n::T3::[html]t{\n\tFALSE#no#yes\n}\n";
    let qs = match parse_gift(src) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(qs.len(), 3);
    assert_eq!(qs[0].text, "a = b: {c} #1 ~ \\ x\ny");
    assert_eq!(qs[0].answers[1].text, "wrong #2");
    assert_eq!(qs[0].answers[1].feedback.as_deref(), Some("bad"));
    assert_eq!(qs[0].general.as_deref(), Some("gen"));
    assert_eq!(qs[1].answers[1].weight, Some(0));
    assert_eq!(qs[2].truefalse, Some((false, "no".into(), "yes".into())));
    assert!(parse_gift("::A::x{=a {b}\n}").is_err(), "an unescaped brace is refused");
}

#[test]
fn gift_reads_back_as_the_quiz() {
    for (tag, dir) in [
        ("gift-golden", make_golden_quiz("gift-golden")),
        ("gift-bundled", bundled_quiz("gift-bundled")),
    ] {
        let quiz = load(&dir);
        let src = read(&dir.join("quiz.gift"));
        assert!(!src.contains("\n\n\n"), "{tag}: no stray blank lines");
        check_gift_against(&quiz, &src);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

// ---------------------------------------------------------------------------------------
// Moodle XML, read with quick-xml into a small tree.

fn check_xml_against(quiz: &Quiz, src: &str) {
    let doc = parse_xml(src);
    let root = doc.one("quiz");
    let questions = root.all("question");
    // A category per question slot, holding that slot's variants.
    let mut items = (0..quiz.questions.len()).flat_map(|slot| {
        quiz.variants
            .iter()
            .filter_map(move |v| v.questions.get(slot).map(|i| (v.variant, i)))
    });
    let mut slot_seen = 0;
    let mut ids = std::collections::BTreeSet::new();
    for q in questions {
        let kind = q.attr("type").unwrap_or("");
        if kind == "category" {
            slot_seen += 1;
            let topic = quiz.variants[0].questions[slot_seen - 1].topic.replace('/', " ");
            assert_eq!(
                q.one("category").one("text").text,
                format!("$course$/top/iacquiz seed {}/Q{slot_seen:02} · {topic}", quiz.seed)
            );
            continue;
        }
        let Some((variant, item)) = items.next() else {
            panic!("more questions than items")
        };
        assert_eq!(item.number, slot_seen, "questions sit under their slot's category");
        let t = title(variant, item);
        assert!(ids.insert(q.one("idnumber").text.clone()), "{t}: idnumbers are unique");
        let tags: Vec<String> = q.one("tags").all("tag").iter().map(|g| g.one("text").text.clone()).collect();
        for want in [format!("topic:{}", item.topic), format!("difficulty:{}", item.difficulty)] {
            assert!(tags.contains(&want), "{t}: tag {want} in {tags:?}");
        }
        for m in &item.misconceptions {
            assert!(tags.contains(&format!("misconception:{m}")), "{t}: tag of {m}");
        }
        let penalty = if item.format == Format::Truefalse { "1" } else { "0.3333333" };
        assert_eq!(q.one("penalty").text, penalty, "{t}: GIFT's penalty");
        assert_eq!(kind, item.format.name(), "{t}");
        assert_eq!(q.text_of("name"), t);
        let qt = q.one("questiontext");
        assert_eq!(qt.attr("format"), Some("html"));
        assert!(qt.one("text").cdata, "{t}: the question text is CDATA");
        assert_eq!(
            qt.one("text").text,
            gift::question_html(item),
            "{t}: the question text (with its code) reads back"
        );
        assert_eq!(q.text_of("generalfeedback"), iacquiz::export::general_html(quiz, item), "{t}");
        let answers = q.all("answer");
        let fractions: Vec<&str> = answers.iter().map(|a| a.attr("fraction").unwrap_or("?")).collect();
        assert!(
            fractions.iter().all(|f| *f == "100" || *f == "0"),
            "{t}: fractions 100/0, got {fractions:?}"
        );
        // One right answer (a typed one in every form `quiz grade` accepts).
        let forms = if item.format == Format::Shortanswer {
            typed(item).forms
        } else {
            Vec::new()
        };
        let rights = if item.format == Format::Shortanswer { forms.len() } else { 1 };
        assert_eq!(fractions.iter().filter(|f| **f == "100").count(), rights, "{t}: one right answer");
        match item.format {
            Format::Multichoice => {
                assert_eq!(q.one("single").text, "true");
                assert_eq!(q.one("shuffleanswers").text, "true", "{t}: GIFT's shuffling");
                assert_eq!(answers.len(), item.choices.len(), "{t}");
                for (a, c) in answers.iter().zip(&item.choices) {
                    assert_eq!(a.attr("fraction"), Some(if c.correct { "100" } else { "0" }), "{t}");
                    assert_eq!(a.one("text").text, code(&c.text), "{t}");
                    if !c.correct {
                        let want = prompt_html(&feedback(c.misconception.as_deref(), c.why.as_deref()));
                        assert_eq!(a.text_of("feedback"), want, "{t}");
                    }
                }
            }
            Format::Shortanswer => {
                let usecase = if typed(item).any_case { "0" } else { "1" };
                assert_eq!(q.one("usecase").text, usecase, "{t}");
                assert_eq!(answers.len(), forms.len() + item.wrong.len(), "{t}");
                assert_eq!(answers[0].one("text").text.replace("\\*", "*"), item.answer.text, "{t}");
                for (a, f) in answers.iter().zip(&forms) {
                    assert_eq!(&a.one("text").text.replace("\\*", "*"), f, "{t}");
                }
                for (a, w) in answers[forms.len()..].iter().zip(&item.wrong) {
                    assert_eq!(a.one("text").text.replace("\\*", "*"), w.text, "{t}");
                    assert_eq!(
                        a.text_of("feedback"),
                        prompt_html(&feedback(w.misconception.as_deref(), w.why.as_deref())),
                        "{t}"
                    );
                }
            }
            Format::Truefalse => {
                let texts: Vec<&str> = answers.iter().map(|a| a.one("text").text.as_str()).collect();
                assert_eq!(texts, ["true", "false"], "{t}");
                let right = answers
                    .iter()
                    .find(|a| a.attr("fraction") == Some("100"))
                    .map(|a| a.one("text").text.clone());
                assert_eq!(right.as_deref(), Some(item.answer.text.as_str()), "{t}");
            }
        }
    }
    assert!(items.next().is_none(), "every item is in quiz.xml");
    assert_eq!(slot_seen, quiz.questions.len());
}

#[test]
fn moodle_xml_is_well_formed_and_reads_back_as_the_quiz() {
    for dir in [make_golden_quiz("xml-golden"), bundled_quiz("xml-bundled")] {
        let quiz = load(&dir);
        let src = read(&dir.join("quiz.xml"));
        assert!(src.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"));
        check_xml_against(&quiz, &src);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn xml_special_characters_read_back() {
    let dir = make_golden_quiz("xml-cdata");
    let src = read(&dir.join("quiz.xml"));
    let doc = parse_xml(&src);
    // Names are neutral (`V1-Q03 · topic`): find the item in quiz.json, then its name.
    let quiz = load(&dir);
    let name = quiz
        .variants
        .iter()
        .flat_map(|v| v.questions.iter().map(move |i| (v.variant, i)))
        .find(|(_, i)| i.id == "quiz-upper-cdata")
        .map(|(v, i)| title(v, i))
        .unwrap_or_default();
    assert!(!name.is_empty(), "quiz-upper-cdata is in the quiz");
    let q = doc
        .one("quiz")
        .all("question")
        .into_iter()
        .find(|q| q.all("name").first().is_some_and(|n| n.one("text").text == name))
        .cloned()
        .unwrap_or_default();
    let text = q.one("questiontext").one("text").text.clone();
    assert!(text.contains("x]]&gt;y&lt;z &amp; *"), "the code reads back whole: {text}");
    // A shortanswer's answer is plain text: XML-escaped, `*` escaped for Moodle's wildcard.
    assert_eq!(q.all("answer")[0].one("text").text, "\"X]]>Y<Z & \\*\"");
    assert!(src.contains("<text>&quot;X]]&gt;Y&lt;Z &amp; \\*&quot;</text>"));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// HTML and Markdown.

#[test]
fn html_is_self_contained_escaped_and_one_page_per_variant() {
    let dir = make_golden_quiz("html");
    let quiz = load(&dir);
    let page = read(&dir.join("quiz.html"));
    let key = read(&dir.join("answers.html"));
    for (name, h) in [("quiz.html", &page), ("answers.html", &key)] {
        assert!(h.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"), "{name}");
        for banned in [
            "<script", "<link", "<img", "src=", "href=", "@import", "url(", "http://", "https://",
        ] {
            assert!(!h.contains(banned), "{name} has no external asset ({banned})");
        }
        assert_eq!(
            h.matches("<section class=\"variant\"").count(),
            quiz.variants.len(),
            "{name}: one page per variant"
        );
        assert!(h.contains("break-after:page"), "{name}: a page break after each variant");
    }
    // The quiz page never gives the answer away; the key has every answer.
    assert!(!page.contains("class=\"answer") && !page.contains("Misconception"));
    for v in &quiz.variants {
        for item in &v.questions {
            assert!(
                key.contains(&format!("<code>{}</code>", html_escape(&item.answer.text))),
                "{}",
                item.id
            );
            assert!(page.contains(&prompt_html(item.prompt.trim())), "{}: the prompt, escaped", item.id);
            for c in &item.choices {
                assert!(
                    page.contains(&format!("<li><code>{}</code></li>", html_escape(&c.text))),
                    "{}",
                    item.id
                );
            }
        }
    }
    // Code is a highlighted <pre>, and nothing unescaped from the source leaks into markup.
    assert!(page.contains("<pre><code><span class=\"b\">locals</span> {"));
    assert!(page.contains("x]]&gt;y&lt;z &amp; *"));
    assert!(!page.contains("y<z"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn markdown_has_every_question_and_the_key_every_misconception() {
    let dir = make_golden_quiz("md");
    let quiz = load(&dir);
    let md = read(&dir.join("quiz.md"));
    let key = read(&dir.join("answers.md"));
    for v in &quiz.variants {
        assert!(md.contains(&format!("## Variant {} of {}", v.variant, quiz.variants.len())));
        for item in &v.questions {
            let heading = format!("### {}. {}", item.number, iacquiz::export::md::line(item.prompt.trim()));
            assert!(md.contains(&heading), "{}", item.id);
            for m in &item.misconceptions {
                assert!(key.contains(&format!("Misconception {m}:")), "{}: {m}", item.id);
            }
        }
    }
    assert!(!md.contains("Misconception"), "the quiz itself names no misconception");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `answers.html` opens with one answer grid per variant (every question: its letter, with
/// the word for true/false, or the typed answer); both pages print compactly (small margins and
/// type, two columns, wrapping code, no page break per question) and YAML is highlighted as HCL
/// is (#21 point 8).
#[test]
fn answer_grids_compact_print_and_highlighted_yaml() {
    use iacquiz::export::html::{CSS, PRINT_CSS, grid};
    let dir = bundled_quiz("grid");
    let quiz = load(&dir);
    let page = read(&dir.join("quiz.html"));
    let key = read(&dir.join("answers.html"));
    assert_eq!(key.matches("<section class=\"grid\"").count(), quiz.variants.len());
    let first_key = key.find("<section class=\"variant\"").unwrap_or(0);
    for v in &quiz.variants {
        let g = grid(&quiz, v);
        let at = key.find(&g);
        assert!(
            at.is_some_and(|p| p < first_key),
            "variant {}: its grid, before the keys",
            v.variant
        );
        for item in &v.questions {
            let text = format!("<code>{}</code>", html_escape(&item.answer.text));
            let want = match (&item.answer.key, item.format) {
                (Some(k), Format::Truefalse) => format!("<b>{k}</b> {text}"),
                (Some(k), _) => format!("<b>{k}</b>"),
                (None, _) => text,
            };
            let row = format!("<li><span class=\"q\">{}</span>{want}</li>\n", item.number);
            assert!(g.contains(&row), "variant {} {}: {row}", v.variant, item.id);
        }
        assert_eq!(g.matches("<li>").count(), v.questions.len());
    }
    for h in [&page, &key] {
        assert!(h.contains(PRINT_CSS), "the print sheet is in both pages");
    }
    for rule in ["@page{size:A4;margin:12mm", "column-count:2", "font-size:9.5pt"] {
        assert!(PRINT_CSS.contains(rule), "{rule}");
    }
    assert!(
        CSS.contains("white-space:pre-wrap;overflow-wrap:anywhere"),
        "code blocks wrap, long tokens too"
    );
    for forced in ["break-before", "page-break-before"] {
        assert!(!page.contains(forced), "no question starts a page: {forced}");
    }
    // A variant still starts a page: each section but the last breaks after it.
    assert!(page.contains("section.variant,section.grid{break-after:page"));
    // cfnrain templates and modules: keys, tags, strings highlighted; HCL as before.
    assert!(page.contains("<span class=\"a\">Resources</span>:"), "YAML keys");
    assert!(page.contains("<span class=\"k\">!Ref</span>") || page.contains("<span class=\"k\">!Sub</span>"));
    assert!(page.contains("<span class=\"b\">locals</span>"), "HCL blocks");
    let _ = std::fs::remove_dir_all(&dir);
}
