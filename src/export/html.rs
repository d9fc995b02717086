//! HTML: `quiz.html` (one printable page per variant, with a name line) and `answers.html`
//! (the key, kept apart so it can stay on the instructor's desk). Self-contained: the CSS is
//! inline, there are no scripts, fonts or images, and every text is HTML-escaped. Code is a
//! `<pre>` highlighted with a few span classes (HCL and YAML). The key opens with a one-page
//! answer grid per variant. Printed, the pages are compact: see [`PRINT_CSS`].

use super::{feedback, html_escape, objective_line, prompt_html, refs_html, refs_of, source_blocks, type_hint};
use super::{highlight, highlight_yaml};
use crate::instructor::model::{Format, Item, Quiz, Variant};
use crate::instructor::variants::values_text;

/// The inline style sheet: for the screen, then for print (see [`PRINT_CSS`]).
pub const CSS: &str = "\
body{font-family:Georgia,'Times New Roman',serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.45}
h1{font-size:1.5rem;margin:0 0 .25rem}
.meta{color:#555;margin:0 0 1rem}
.refs{color:#333;font-size:.9em;margin:.2rem 0}
.name{margin:0 0 1.5rem}
section.variant,section.grid{break-after:page;page-break-after:always}
section.variant:last-of-type{break-after:auto;page-break-after:auto}
ol.questions>li{margin:0 0 1.5rem;break-inside:avoid;page-break-inside:avoid}
.prompt{margin:0 0 .5rem}
figure{margin:.5rem 0}
figcaption{font-size:.85rem;color:#555}
pre{background:#f6f6f6;border:1px solid #ddd;padding:.5rem .75rem;overflow-x:auto;font-size:.9rem;white-space:pre-wrap;overflow-wrap:anywhere}
code{font-family:Menlo,Consolas,'DejaVu Sans Mono',monospace;overflow-wrap:anywhere}
ol.choices{list-style-type:upper-alpha;margin:.25rem 0}
ol.choices li{margin:.2rem 0}
.blank{margin:.5rem 0}
.line{display:inline-block;min-width:20rem;border-bottom:1px solid #111}
.hint{font-size:.85rem;color:#555}
.answer{font-weight:bold}
.right{color:#1a5e1a}
ul.wrong li{margin:.2rem 0}
.mis{font-family:Menlo,Consolas,monospace;font-size:.85rem;color:#7a2e00}
ol.grid{list-style:none;padding:0;margin:0;column-count:3;column-gap:1.5rem}
ol.grid li{break-inside:avoid;page-break-inside:avoid;border-bottom:1px solid #ddd;padding:.1rem 0}
.q{display:inline-block;min-width:2.2em;text-align:right;margin-right:.5em;font-weight:bold}
.k{color:#7b2d9a;font-weight:bold}.a{color:#1f4fb0}.s{color:#1a6b1a}.n{color:#a0522d}.f{color:#1f4fb0}.c{color:#777;font-style:italic}.b{color:#9a1f4a;font-weight:bold}
";

/// The print style sheet. A variant used to take a page per two or three questions (wide
/// margins, 1.45 line height, every question kept whole in one wide column): 3 variants of 60
/// questions printed on 123 A4 pages. Small margins and type, two columns, and code blocks
/// that wrap (long tokens too) print them on 30 (measured with WeasyPrint), each question
/// still whole unless it is longer than a column.
pub const PRINT_CSS: &str = "\
@page{size:A4;margin:12mm 11mm 13mm}
@media print{
body{margin:0;max-width:none;padding:0;font-size:9.5pt;line-height:1.25}
h1{font-size:13pt;margin:0}
.meta{margin:0 0 .2rem}
.name{margin:0 0 .5rem}
li .meta,.refs{font-size:8pt}
ol.questions{padding-left:1.6em;margin:0;column-count:2;column-gap:7mm}
ol.questions>li{margin:0 0 .55rem}
.prompt{margin:0 0 .2rem}
figure{margin:.15rem 0}
figcaption{font-size:7.5pt}
pre{font-size:7.5pt;line-height:1.15;padding:.15rem .3rem;margin:0;background:none;break-inside:avoid}
ol.choices{margin:.1rem 0}
ol.choices li{margin:0}
.hint{font-size:8pt;margin:.1rem 0}
.blank{margin:.2rem 0}
ul.wrong{margin:.1rem 0;padding-left:1.2em}
ul.wrong li{margin:0}
ol.grid{font-size:10pt}
}
";

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{CSS}{PRINT_CSS}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        html_escape(title)
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn sources(out: &mut String, item: &Item) {
    for b in source_blocks(item) {
        let code = if b.hcl {
            highlight::html(&b.text)
        } else if b.yaml {
            highlight_yaml::html(&b.text)
        } else {
            html_escape(&b.text)
        };
        out.push_str(&format!(
            "<figure><figcaption>{}</figcaption><pre><code>{}</code></pre></figure>\n",
            html_escape(&b.label),
            code.trim_end_matches('\n')
        ));
    }
}

/// The opening of a variant's section of `class`: its anchor (`{anchor}-N`), its title and the
/// seed line.
fn variant_heading(quiz: &Quiz, v: &Variant, class: &str, anchor: &str, title: &str) -> String {
    format!(
        "<section class=\"{class}\" id=\"{anchor}-{n}\">\n<h1>{title} — variant {n} of {k}</h1>\n<p class=\"meta\">Seed {s} · {q} question{p}</p>\n",
        n = v.variant,
        k = quiz.variants.len(),
        s = quiz.seed,
        q = v.questions.len(),
        p = plural(v.questions.len())
    )
}

/// `quiz.html`: one page per variant.
pub fn quiz(quiz: &Quiz) -> String {
    let mut body = String::new();
    for v in &quiz.variants {
        body.push_str(&variant_heading(quiz, v, "variant", "variant", "Quiz"));
        body.push_str("<p class=\"name\">Name: <span class=\"line\"></span></p>\n<ol class=\"questions\">\n");
        for item in &v.questions {
            body.push_str(&format!(
                "<li id=\"v{}-q{}\">\n<p class=\"prompt\">{}</p>\n",
                v.variant,
                item.number,
                prompt_html(item.prompt.trim())
            ));
            // Only the objective: the quoted lesson sentence would often state the answer.
            if let Some(o) = refs_of(quiz, item).and_then(objective_line) {
                body.push_str(&format!("<p class=\"meta\">Exam objective {}</p>\n", html_escape(&o)));
            }
            sources(&mut body, item);
            match item.format {
                Format::Multichoice | Format::Truefalse => {
                    body.push_str("<ol class=\"choices\">\n");
                    for c in &item.choices {
                        body.push_str(&format!("<li><code>{}</code></li>\n", html_escape(&c.text)));
                    }
                    body.push_str("</ol>\n");
                }
                Format::Shortanswer => body.push_str(&format!(
                    "<p class=\"hint\">{}</p>\n<p class=\"blank\">Answer: <span class=\"line\"></span></p>\n",
                    html_escape(type_hint(item))
                )),
            }
            body.push_str("</li>\n");
        }
        body.push_str("</ol>\n</section>\n");
    }
    page(&format!("Quiz (seed {})", quiz.seed), &body)
}

/// What a grid shows of an item's answer: the letter, with the word for true/false, or the
/// typed answer as code.
fn grid_answer(item: &Item) -> String {
    let text = format!("<code>{}</code>", html_escape(&item.answer.text));
    match (&item.answer.key, item.format) {
        (Some(k), Format::Truefalse) => format!("<b>{}</b> {text}", html_escape(k)),
        (Some(k), _) => format!("<b>{}</b>", html_escape(k)),
        (None, _) => text,
    }
}

/// A variant's answer grid, a page of its own: question number, then the answer letter (or
/// the typed answer), in three columns, to mark a paper at a glance.
pub fn grid(quiz: &Quiz, v: &Variant) -> String {
    let mut out = variant_heading(quiz, v, "grid", "grid", "Answer grid");
    out.push_str("<ol class=\"grid\">\n");
    for item in &v.questions {
        out.push_str(&format!("<li><span class=\"q\">{}</span>{}</li>\n", item.number, grid_answer(item)));
    }
    out.push_str("</ol>\n</section>\n");
    out
}

/// `answers.html`: each variant's answer grid (a page each), then the key of every variant.
pub fn answers(quiz: &Quiz) -> String {
    let mut body: String = quiz.variants.iter().map(|v| grid(quiz, v)).collect();
    for v in &quiz.variants {
        body.push_str(&variant_heading(quiz, v, "variant", "answers", "Answer key"));
        body.push_str("<ol class=\"questions\">\n");
        for item in &v.questions {
            body.push_str(&format!(
                "<li>\n<p class=\"prompt\"><code>{}</code> · {} · {} · difficulty {}</p>\n",
                html_escape(&item.id),
                html_escape(&item.topic),
                item.format.name(),
                item.difficulty
            ));
            if !item.values.is_empty() {
                body.push_str(&format!(
                    "<p class=\"meta\">Values: <code>{}</code></p>\n",
                    html_escape(&values_text(&item.values))
                ));
            }
            let key = item
                .answer
                .key
                .as_deref()
                .map(|k| format!("{} ", html_escape(k)))
                .unwrap_or_default();
            body.push_str(&format!(
                "<p class=\"answer right\">Answer: {key}<code>{}</code></p>\n<p>{}</p>\n",
                html_escape(&item.answer.text),
                prompt_html(item.explain.trim())
            ));
            if let Some(r) = refs_of(quiz, item) {
                body.push_str(&refs_html(r, false));
                body.push('\n');
            }
            let wrong: Vec<(String, String, Option<&str>, Option<&str>)> = if item.format == Format::Shortanswer {
                item.wrong
                    .iter()
                    .map(|w| (String::new(), w.text.clone(), w.misconception.as_deref(), w.why.as_deref()))
                    .collect()
            } else {
                item.choices
                    .iter()
                    .filter(|c| !c.correct)
                    .map(|c| (format!("{}) ", c.key), c.text.clone(), c.misconception.as_deref(), c.why.as_deref()))
                    .collect()
            };
            if !wrong.is_empty() {
                body.push_str("<ul class=\"wrong\">\n");
                for (key, text, m, why) in wrong {
                    let tag = m
                        .map(|id| format!(" <span class=\"mis\">{}</span>", html_escape(id)))
                        .unwrap_or_default();
                    let why = feedback(m, why);
                    let why = match m {
                        Some(id) => why.strip_prefix(&format!("Misconception {id}: ")).unwrap_or(&why).to_string(),
                        None => why,
                    };
                    body.push_str(&format!(
                        "<li>{}<code>{}</code>{tag} — {}</li>\n",
                        html_escape(&key),
                        html_escape(&text),
                        prompt_html(&why)
                    ));
                }
                body.push_str("</ul>\n");
            }
            body.push_str("</li>\n");
        }
        body.push_str("</ol>\n</section>\n");
    }
    page(&format!("Answer key (seed {})", quiz.seed), &body)
}
