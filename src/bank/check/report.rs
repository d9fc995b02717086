//! The formats `check` reports in: text for people, JSON, JUnit XML and GitHub annotations.

use crate::bank::check::{CheckReport, QuestionReport};

/// Text: one line per failing question (`file:line: id: problem; problem`) and a summary.
pub fn text(r: &CheckReport) -> String {
    let mut out = String::new();
    for q in r.questions.iter().filter(|q| !q.passed()) {
        let line = format!("{}:{}: {}: {}", q.origin.path, q.origin.line, q.id, q.problems.join("; "));
        out.push_str(&line.replace(['\r', '\n'], " "));
        out.push('\n');
    }
    out.push_str(&summary(r));
    out
}

/// JSON: `{"total", "passed", "failed", "instances", "questions": [{"id", "engine", "topic",
/// "kind", "status", "distractors", "instances", "domain", "problems"}]}`, keys in that order;
/// a question's `domain` is `"whole"` (every instance proved) or `"sample"`.
pub fn json(r: &CheckReport) -> String {
    let s = |t: &str| serde_json::to_string(t).unwrap_or_else(|_| "\"\"".into());
    let mut out = format!(
        "{{\"total\": {}, \"passed\": {}, \"failed\": {}, \"instances\": {}, \"questions\": [",
        r.total(),
        r.passed(),
        r.failed(),
        r.instances()
    );
    for (i, q) in r.questions.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let problems: Vec<String> = q.problems.iter().map(|p| s(p)).collect();
        out.push_str(&format!(
            "\n  {{\"id\": {}, \"engine\": {}, \"topic\": {}, \"kind\": {}, \"status\": {}, \"distractors\": {}, \"instances\": {}, \"domain\": {}, \"problems\": [{}]}}",
            s(&q.id),
            s(q.engine.name()),
            s(&q.topic),
            s(q.kind.name()),
            s(if q.passed() { "pass" } else { "fail" }),
            q.distractors,
            q.proof.instances,
            s(domain_word(q)),
            problems.join(", ")
        ));
    }
    if !r.questions.is_empty() {
        out.push('\n');
    }
    out.push_str("]}\n");
    out
}

/// How a question's instances were chosen: `whole` (its whole domain) or `sample`.
fn domain_word(q: &QuestionReport) -> &'static str {
    if q.proof.whole { "whole" } else { "sample" }
}

/// Escapes text for an XML attribute or element.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            // Characters XML 1.0 cannot hold at all.
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// JUnit XML: one `<testcase classname="TOPIC" name="ID">` per question, a `<failure>` for each
/// failing one, and `<properties>` saying how many instances were proved and whether they are
/// the whole domain.
pub fn junit(r: &CheckReport) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    out.push_str(&format!(
        "  <testsuite name=\"iacquiz\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n",
        r.total(),
        r.failed()
    ));
    for q in &r.questions {
        let head = format!(
            "    <testcase classname=\"{}\" name=\"{}\"",
            xml_escape(&q.topic),
            xml_escape(&q.id)
        );
        let props = format!(
            "      <properties><property name=\"instances\" value=\"{}\"/><property name=\"domain\" value=\"{}\"/></properties>\n",
            q.proof.instances,
            domain_word(q)
        );
        out.push_str(&head);
        out.push_str(">\n");
        if !q.passed() {
            let message = q.problems.first().cloned().unwrap_or_default();
            let body = format!("{}:{}\n{}", q.origin.path, q.origin.line, q.problems.join("\n"));
            out.push_str(&format!(
                "      <failure message=\"{}\">{}</failure>\n",
                xml_escape(&message),
                xml_escape(&body).replace("&#10;", "\n")
            ));
        }
        out.push_str(&props);
        out.push_str("    </testcase>\n");
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// Escapes a GitHub workflow-command message (`%`, CR, LF).
fn gh_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a GitHub workflow-command property (also `:` and `,`).
fn gh_prop(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The closing line: `check: N questions, P passed, F failed; I instances proved (W whole
/// domains, S samples of D)`.
pub fn summary(r: &CheckReport) -> String {
    let n = r.total();
    let whole = r.questions.iter().filter(|q| q.proof.whole).count();
    let sampled = n - whole;
    let mut how = format!("{whole} whole domain{}", plural(whole));
    if sampled > 0 {
        how.push_str(&format!(
            ", {sampled} sample{} of {}",
            plural(sampled),
            crate::bank::check::domain::SAMPLE_DRAWS
        ));
    }
    format!(
        "check: {n} question{}, {} passed, {} failed; {} instance{} proved ({how})\n",
        plural(n),
        r.passed(),
        r.failed(),
        thousands(r.instances()),
        plural(r.instances())
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `4312` → `4,312`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// GitHub annotations: `::error file=PATH,line=N::message` per failing question (PATH relative
/// to the bank root), then the summary line.
pub fn github(r: &CheckReport) -> String {
    let mut out = String::new();
    for q in r.questions.iter().filter(|q| !q.passed()) {
        out.push_str(&format!(
            "::error file={},line={}::{}\n",
            gh_prop(&q.origin.rel),
            q.origin.line,
            gh_data(&format!("{}: {}", q.id, q.problems.join("; ")))
        ));
    }
    out.push_str(&summary(r));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::check::QuestionReport;
    use crate::bank::model::{Engine, Kind, Origin};

    fn report() -> CheckReport {
        let q = |id: &str, problems: Vec<String>| QuestionReport {
            id: id.into(),
            engine: Engine::Terraform,
            topic: "t<&>".into(),
            kind: Kind::Choice,
            origin: Origin {
                path: "b/t.yaml".into(),
                rel: "t.yaml".into(),
                line: 7,
                column: 5,
                expr_syntax: None,
            },
            distractors: 3,
            proof: crate::bank::check::Proof {
                instances: if id == "ok" { 1 } else { 300 },
                whole: id == "ok",
                domain: if id == "ok" { 1 } else { 900 },
            },
            problems,
        };
        CheckReport {
            questions: vec![q("ok", vec![]), q("bad", vec!["answer says \"a\" < b\n, 100%".into()])],
        }
    }

    #[test]
    fn formats_escape_and_count() {
        let r = report();
        assert_eq!(
            text(&r),
            "b/t.yaml:7: bad: answer says \"a\" < b , 100%\ncheck: 2 questions, 1 passed, 1 failed; 301 instances proved (1 whole domain, 1 sample of 256)\n"
        );
        let js = json(&r);
        assert!(
            js.starts_with(
                "{\"total\": 2, \"passed\": 1, \"failed\": 1, \"instances\": 301, \"questions\": [\n  {\"id\": \"ok\", \"engine\""
            ),
            "{js}"
        );
        let j: serde_json::Value = serde_json::from_str(&js).unwrap_or_default();
        assert_eq!(j["total"], 2);
        assert_eq!(j["questions"][1]["status"], "fail");
        assert_eq!(j["questions"][0]["distractors"], 3);
        assert_eq!(j["questions"][1]["instances"], 300);
        assert_eq!(j["questions"][1]["domain"], "sample");
        assert_eq!(thousands(4312), "4,312");
        assert_eq!(thousands(312), "312");
        let x = junit(&r);
        assert!(
            x.contains("<testcase classname=\"t&lt;&amp;&gt;\" name=\"ok\">\n      <properties><property name=\"instances\" value=\"1\"/><property name=\"domain\" value=\"whole\"/></properties>\n    </testcase>"),
            "{x}"
        );
        assert!(x.contains("failure message=\"answer says &quot;a&quot; &lt; b&#10;, 100%\""), "{x}");
        assert!(x.contains("tests=\"2\" failures=\"1\""));
        let g = github(&r);
        assert!(
            g.starts_with("::error file=t.yaml,line=7::bad: answer says \"a\" < b%0A, 100%25\n"),
            "{g}"
        );
    }
}
