//! Syntax highlighting for the source pane: a small line-by-line tokenizer for HCL (Terraform
//! and Rivet: comments, strings, numbers, keywords, attribute and function names) and YAML
//! (cfnrain templates: `yaml`).

mod yaml;

use ratatui::text::{Line, Span};

use super::theme::Theme;

/// The languages highlighted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Terraform's HCL.
    Hcl,
    /// YAML (and JSON, which is YAML).
    Yaml,
    /// No highlighting.
    Plain,
}

impl Lang {
    /// The language of a file name.
    pub fn of(name: &str) -> Lang {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".yaml") || lower.ends_with(".yml") || lower.ends_with(".json") {
            Lang::Yaml
        } else if [".tf", ".hcl", ".tftpl", ".tfvars", ".rvt"].iter().any(|x| lower.ends_with(x)) {
            Lang::Hcl
        } else {
            Lang::Plain
        }
    }
}

/// Highlights `text`, one `Line` per line.
pub fn highlight(text: &str, lang: Lang, theme: &Theme) -> Vec<Line<'static>> {
    match lang {
        Lang::Hcl => text.lines().map(|l| hcl_line(l, theme)).collect(),
        Lang::Yaml => yaml::lines(text, theme),
        Lang::Plain => text.lines().map(|l| Line::from(l.to_string())).collect(),
    }
}

const HCL_KEYWORDS: &[&str] = &[
    "true",
    "false",
    "null",
    "for",
    "in",
    "if",
    "else",
    "endif",
    "endfor",
    "locals",
    "variable",
    "output",
    "resource",
    "data",
    "module",
    "provider",
    "terraform",
    "dynamic",
    "content",
    "check",
    "lifecycle",
    "precondition",
    "postcondition",
    "assert",
];

fn string_end(chars: &[char], start: usize) -> usize {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    chars.len()
}

fn hcl_line(line: &str, t: &Theme) -> Line<'static> {
    let chars: Vec<char> = line.chars().collect();
    let mut spans = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    let flush = |plain: &mut String, spans: &mut Vec<Span<'static>>| {
        if !plain.is_empty() {
            spans.push(Span::raw(std::mem::take(plain)));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '#' || (c == '/' && chars.get(i + 1) == Some(&'/')) {
            flush(&mut plain, &mut spans);
            spans.push(Span::styled(chars[i..].iter().collect::<String>(), t.comment()));
            break;
        }
        if c == '"' {
            flush(&mut plain, &mut spans);
            let end = string_end(&chars, i);
            spans.push(Span::styled(chars[i..end].iter().collect::<String>(), t.string()));
            i = end;
            continue;
        }
        if c.is_ascii_digit() && (i == 0 || !is_ident(chars[i - 1])) {
            flush(&mut plain, &mut spans);
            let mut end = i;
            while end < chars.len() && (chars[end].is_ascii_alphanumeric() || chars[end] == '.') {
                end += 1;
            }
            spans.push(Span::styled(chars[i..end].iter().collect::<String>(), t.number()));
            i = end;
            continue;
        }
        if is_ident_start(c) {
            let mut end = i;
            while end < chars.len() && is_ident(chars[end]) {
                end += 1;
            }
            let word: String = chars[i..end].iter().collect();
            let rest = chars[end..].iter().collect::<String>();
            let next = rest.trim_start();
            let style = if next.starts_with('(') {
                Some(t.func())
            } else if HCL_KEYWORDS.contains(&word.as_str()) {
                Some(t.keyword())
            } else if next.starts_with('=') && !next.starts_with("==") && line[..line.len() - rest.len()].trim_start() == word {
                Some(t.attr())
            } else {
                None
            };
            match style {
                Some(s) => {
                    flush(&mut plain, &mut spans);
                    spans.push(Span::styled(word, s));
                }
                None => plain.push_str(&word),
            }
            i = end;
            continue;
        }
        plain.push(c);
        i += 1;
    }
    flush(&mut plain, &mut spans);
    Line::from(spans)
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn styled(line: &Line, t: &Theme) -> Vec<(String, bool)> {
        let _ = t;
        line.spans
            .iter()
            .map(|s| (s.content.to_string(), s.style != Default::default()))
            .collect()
    }

    #[test]
    fn hcl_tokens_keep_the_text_and_style_the_parts() {
        let t = Theme { color: true };
        let l = hcl_line(r#"  tier = merge(local.a, { x = "s\"q" }) # note"#, &t);
        let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, r#"  tier = merge(local.a, { x = "s\"q" }) # note"#);
        let parts = styled(&l, &t);
        assert!(parts.contains(&("tier".into(), true)));
        assert!(parts.contains(&("merge".into(), true)));
        assert!(parts.contains(&(r#""s\"q""#.into(), true)));
        assert!(parts.contains(&("# note".into(), true)));
    }

    #[test]
    fn languages_by_file_name() {
        assert_eq!(Lang::of("a/B.YML"), Lang::Yaml);
        assert_eq!(Lang::of("main.tf"), Lang::Hcl);
        assert_eq!(Lang::of("modules/file/main.rvt"), Lang::Hcl);
        assert_eq!(Lang::of("notes.txt"), Lang::Plain);
    }
}
