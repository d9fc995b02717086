//! Moodle XML: `quiz.xml`. A `<quiz>` with a category per question slot holding that slot's
//! variants, and one `<question>` per item — `multichoice` (one right answer, fraction 100, the
//! others 0 with their misconception as feedback), `shortanswer` (every form `quiz grade`
//! accepts at 100, case-sensitive unless every form is right in any case, then the values
//! misconceptions produce at 0 with feedback) or `truefalse` — HTML texts in `<![CDATA[...]]>`
//! (the code in `<pre>`), the explanation as general feedback, tags (topic, difficulty, lesson,
//! exam objective, misconceptions) and an idnumber. Penalty and shuffling are GIFT's (Moodle's
//! defaults), so both files run the same.

use super::gift::{category, literal_answer, question_html};
use super::typed::typed;
use super::{feedback, general_html, html_escape, prompt_html, refs_of, title};
use crate::instructor::model::{Format, Item, Quiz};

/// Escapes text for an XML element or attribute.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow are dropped, and so is every other character a
            // terminal would act on (a `cat quiz.xml` must not write the clipboard).
            c if crate::terminal::is_hostile(c) && c != '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Wraps text in CDATA, splitting any `]]>` inside it.
pub fn cdata(s: &str) -> String {
    let clean: String = s.chars().filter(|&c| !crate::terminal::is_hostile(c) || c == '\r').collect();
    format!("<![CDATA[{}]]>", clean.replace("]]>", "]]]]><![CDATA[>"))
}

fn html_text(tag: &str, html: &str, indent: &str) -> String {
    format!(
        "{indent}<{tag} format=\"html\">\n{indent}  <text>{}</text>\n{indent}</{tag}>\n",
        cdata(html)
    )
}

fn answer(out: &mut String, fraction: u32, format: &str, text: &str, fb: &str) {
    out.push_str(&format!("    <answer fraction=\"{fraction}\" format=\"{format}\">\n"));
    out.push_str(&format!("      <text>{text}</text>\n"));
    out.push_str(&html_text("feedback", &prompt_html(fb), "      "));
    out.push_str("    </answer>\n");
}

fn question(out: &mut String, quiz: &Quiz, variant: usize, item: &Item) {
    out.push_str(&format!(
        "  <!-- {} -->\n  <question type=\"{}\">\n",
        xml_escape(&title(variant, item)).replace("--", "- -"),
        item.format.name()
    ));
    out.push_str(&format!(
        "    <name>\n      <text>{}</text>\n    </name>\n",
        xml_escape(&title(variant, item))
    ));
    out.push_str(&html_text("questiontext", &question_html(item), "    "));
    out.push_str(&html_text("generalfeedback", &general_html(quiz, item), "    "));
    // GIFT cannot set these: Moodle gives a GIFT question penalty 0.3333333 (true/false 1) and
    // its site default for shuffling, so the XML states the same.
    let penalty = if item.format == Format::Truefalse { "1" } else { "0.3333333" };
    out.push_str(&format!(
        "    <defaultgrade>1</defaultgrade>\n    <penalty>{penalty}</penalty>\n    <hidden>0</hidden>\n"
    ));
    out.push_str(&format!(
        "    <idnumber>{}</idnumber>\n",
        xml_escape(&idnumber(quiz, variant, item))
    ));
    match item.format {
        Format::Multichoice => {
            out.push_str(
                "    <single>true</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n",
            );
            for c in &item.choices {
                let text = cdata(&format!("<code>{}</code>", html_escape(&c.text)));
                let fb = if c.correct {
                    "Right.".to_string()
                } else {
                    feedback(c.misconception.as_deref(), c.why.as_deref())
                };
                answer(out, if c.correct { 100 } else { 0 }, "html", &text, &fb);
            }
        }
        Format::Shortanswer => {
            let t = typed(item);
            out.push_str(&format!("    <usecase>{}</usecase>\n", if t.any_case { 0 } else { 1 }));
            // Every form `quiz grade` accepts, then the wrong values: Moodle takes the first
            // answer that matches.
            for form in &t.forms {
                answer(out, 100, "moodle_auto_format", &xml_escape(&literal_answer(form)), "Right.");
            }
            for w in &item.wrong {
                let fb = feedback(w.misconception.as_deref(), w.why.as_deref());
                answer(out, 0, "moodle_auto_format", &xml_escape(&literal_answer(w.text.trim())), &fb);
            }
        }
        Format::Truefalse => {
            for c in &item.choices {
                let fb = if c.correct {
                    "Right.".to_string()
                } else {
                    feedback(c.misconception.as_deref(), c.why.as_deref())
                };
                answer(
                    out,
                    if c.correct { 100 } else { 0 },
                    "moodle_auto_format",
                    &xml_escape(&c.text),
                    &fb,
                );
            }
        }
    }
    out.push_str(&tags(quiz, item));
    out.push_str("  </question>\n");
}

/// A question's idnumber, unique in the course: `s7-q03-v2` (seed, slot, variant).
pub fn idnumber(quiz: &Quiz, variant: usize, item: &Item) -> String {
    format!("s{}-q{:02}-v{}", quiz.seed, item.number, variant)
}

/// A tag as Moodle keeps one: no comma, quote, angle bracket or line break, at most 50
/// characters.
fn tag(s: &str) -> String {
    let clean: String = s
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, ',' | '"' | '<' | '>' | '\\') {
                ' '
            } else {
                c
            }
        })
        .collect();
    clean.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(50).collect()
}

/// The question's tags: topic, difficulty, lesson section, exam objective, and each
/// misconception its wrong answers stand for.
pub fn tag_list(quiz: &Quiz, item: &Item) -> Vec<String> {
    let mut out = vec![format!("topic:{}", item.topic), format!("difficulty:{}", item.difficulty)];
    if let Some(d) = quiz.questions.iter().find(|d| d.number == item.number && d.id == item.id) {
        out.push(format!("lesson:{} {}", d.lesson.seed, d.lesson.section));
    }
    if let Some(o) = refs_of(quiz, item).and_then(|r| r.objective.as_ref()) {
        out.push(format!("objective:{o}"));
    }
    for m in &item.misconceptions {
        out.push(format!("misconception:{m}"));
    }
    let mut tags: Vec<String> = Vec::new();
    for t in out.iter().map(|t| tag(t)) {
        if !t.is_empty() && !tags.contains(&t) {
            tags.push(t);
        }
    }
    tags
}

fn tags(quiz: &Quiz, item: &Item) -> String {
    let mut out = String::from("    <tags>\n");
    for t in tag_list(quiz, item) {
        out.push_str(&format!("      <tag><text>{}</text></tag>\n", xml_escape(&t)));
    }
    out.push_str("    </tags>\n");
    out
}

/// `quiz.xml`: a category per question slot, holding that slot's variants.
pub fn render(quiz: &Quiz) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    for (slot, first) in quiz.variants.first().map(|v| v.questions.iter().enumerate()).into_iter().flatten() {
        out.push_str(&format!(
            "  <question type=\"category\">\n    <category>\n      <text>{}</text>\n    </category>\n  </question>\n",
            xml_escape(&category(quiz, first))
        ));
        for v in &quiz.variants {
            if let Some(item) = v.questions.get(slot) {
                question(&mut out, quiz, v.variant, item);
            }
        }
    }
    out.push_str("</quiz>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cdata_and_escapes() {
        assert_eq!(cdata("a]]>b"), "<![CDATA[a]]]]><![CDATA[>b]]>");
        assert_eq!(xml_escape("<a & 'b'>\u{1}"), "&lt;a &amp; &apos;b&apos;&gt;");
    }
}
