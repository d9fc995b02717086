//! Moodle XML: `quiz.xml`. A `<quiz>` with a category per variant and one `<question>` per
//! item — `multichoice` (one right answer, fraction 100, the others 0 with their
//! misconception as feedback), `shortanswer` (the right value 100, the values misconceptions
//! produce 0 with feedback) or `truefalse` — HTML texts in `<![CDATA[...]]>` (the code in
//! `<pre>`), the explanation as general feedback.

use super::gift::{literal_answer, question_html};
use super::{feedback, general_html, html_escape, prompt_html, title};
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
            // Characters XML 1.0 does not allow are dropped.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// Wraps text in CDATA, splitting any `]]>` inside it.
pub fn cdata(s: &str) -> String {
    let clean: String = s
        .chars()
        .filter(|c| (*c as u32) >= 0x20 || matches!(c, '\t' | '\n' | '\r'))
        .collect();
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
    out.push_str("    <defaultgrade>1</defaultgrade>\n    <penalty>0</penalty>\n    <hidden>0</hidden>\n");
    out.push_str(&format!(
        "    <idnumber>{}</idnumber>\n",
        xml_escape(&format!("v{}-q{}", variant, item.number))
    ));
    match item.format {
        Format::Multichoice => {
            out.push_str(
                "    <single>true</single>\n    <shuffleanswers>false</shuffleanswers>\n    <answernumbering>ABCD</answernumbering>\n",
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
            out.push_str("    <usecase>1</usecase>\n");
            answer(
                out,
                100,
                "moodle_auto_format",
                &xml_escape(&literal_answer(&item.answer.text)),
                "Right.",
            );
            // An outcome word is also right as a person writes it (error, an error, fails).
            for form in crate::bank::natural::written_forms(&item.answer.text) {
                answer(out, 100, "moodle_auto_format", &xml_escape(&literal_answer(&form)), "Right.");
            }
            for w in &item.wrong {
                let fb = feedback(w.misconception.as_deref(), w.why.as_deref());
                answer(out, 0, "moodle_auto_format", &xml_escape(&literal_answer(&w.text)), &fb);
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
    out.push_str("  </question>\n");
}

/// `quiz.xml`: every variant as its own category.
pub fn render(quiz: &Quiz) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    for v in &quiz.variants {
        out.push_str(&format!(
            "  <question type=\"category\">\n    <category>\n      <text>{}</text>\n    </category>\n  </question>\n",
            xml_escape(&format!("$course$/top/iacquiz seed {}/variant {}", quiz.seed, v.variant))
        ));
        for item in &v.questions {
            question(&mut out, quiz, v.variant, item);
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
