//! YAML highlighting for the source pane: the pieces [`crate::export::highlight_yaml`] finds
//! (keys, tags, strings and block scalars, numbers and literals, comments), in the theme's
//! styles. Every character of a line is in exactly one span.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::super::theme::Theme;
use crate::export::highlight::Class;
use crate::export::highlight_yaml;

/// Highlights YAML text, one `Line` per line; the lines of a `|` or `>` block are strings.
pub fn lines(text: &str, t: &Theme) -> Vec<Line<'static>> {
    highlight_yaml::lines(text)
        .into_iter()
        .map(|pieces| {
            let spans: Vec<Span<'static>> = pieces.into_iter().map(|(c, s)| Span::styled(s, style(c, t))).collect();
            Line::from(spans)
        })
        .collect()
}

/// The theme's style for a class of YAML text.
fn style(c: Class, t: &Theme) -> Style {
    match c {
        Class::Key => t.attr(),
        Class::Keyword | Class::Block => t.keyword(),
        Class::Str => t.string(),
        Class::Number => t.number(),
        Class::Comment => t.comment(),
        Class::Function => t.func(),
        Class::Plain => Style::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each span's text with the name of its style.
    fn parts(text: &str) -> Vec<Vec<(String, &'static str)>> {
        let t = Theme { color: true };
        let name = |s: Style| {
            if s == t.attr() {
                "key"
            } else if s == t.keyword() {
                "tag"
            } else if s == t.string() {
                "str"
            } else if s == t.number() {
                "num"
            } else if s == t.comment() {
                "comment"
            } else {
                ""
            }
        };
        lines(text, &t)
            .into_iter()
            .map(|l| {
                l.spans
                    .iter()
                    .filter(|s| !s.content.trim().is_empty())
                    .map(|s| (s.content.trim().to_string(), name(s.style)))
                    .collect()
            })
            .collect()
    }

    fn p(a: &str, b: &'static str) -> (String, &'static str) {
        (a.to_string(), b)
    }

    #[test]
    fn every_character_is_kept() {
        let t = Theme { color: true };
        let src = "Resources:\n  - Name: !Ref Bucket # c\n    Tags: [a, 'b, c', {K: 1}]\n  Text: |\n    a: b # not a comment\n  N: 80\n";
        let back: Vec<String> = lines(src, &t)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(back.join("\n") + "\n", src);
    }

    #[test]
    fn keys_tags_strings_numbers_and_comments() {
        let got = parts(
            "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket # the type\n    Properties:\n      Name: !Ref Name\n      Port: 80\n      Arn: !GetAtt Bucket.Arn\n      Sub: !Sub '${Name}-logs'\n      Fn::GetAtt: [A, B]\n      On: true\n",
        );
        assert_eq!(got[0], [p("Resources", "key"), p(":", "")]);
        assert_eq!(
            got[2],
            [p("Type", "key"), p(":", ""), p("AWS::S3::Bucket", ""), p("# the type", "comment")]
        );
        assert_eq!(got[4], [p("Name", "key"), p(":", ""), p("!Ref", "tag"), p("Name", "")]);
        assert_eq!(got[5], [p("Port", "key"), p(":", ""), p("80", "num")]);
        assert_eq!(got[6][2], p("!GetAtt", "tag"));
        assert_eq!(got[7][3], p("'${Name}-logs'", "str"));
        assert_eq!(got[8][0], p("Fn::GetAtt", "key"), "a key with :: in it");
        assert_eq!(got[8][2..], [p("[", ""), p("A", ""), p(",", ""), p("B", ""), p("]", "")]);
        assert_eq!(got[9][2], p("true", "num"));
    }

    #[test]
    fn block_scalars_and_flow_collections() {
        let got = parts("Code: |\n  x: 1 # kept\n\n  y\nNext: {Ref: X, N: 2, S: \"a # b\"}\n- - !Sub x\n");
        assert_eq!(got[0], [p("Code", "key"), p(":", ""), p("|", "tag")]);
        assert_eq!(got[1], [p("x: 1 # kept", "str")], "block text is a string, not a key");
        assert_eq!(got[3], [p("y", "str")]);
        assert_eq!(got[4][0], p("Next", "key"));
        assert!(got[4].contains(&p("Ref", "key")) && got[4].contains(&p("2", "num")));
        assert!(got[4].contains(&p("\"a # b\"", "str")), "{:?}", got[4]);
        assert_eq!(got[5], [p("-", ""), p("-", ""), p("!Sub", "tag"), p("x", "")]);
    }
}
