//! Fn::Sub strings: split into literal text and `${…}` variables, and written back.

use super::error::{CfnError, ErrorKind};

/// A piece of a Fn::Sub string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// Text that comes out as it is (`${!X}` is the text `${X}`).
    Text(String),
    /// A variable, `${Name}`.
    Var(String),
}

/// Splits a Fn::Sub string into words.
pub fn parse(s: &str) -> Result<Vec<Word>, CfnError> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("${") {
        text.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let Some(end) = after.find('}') else {
            return Err(ErrorKind::SubSyntax(s.to_string()).into());
        };
        let name = &after[..end];
        match name.strip_prefix('!') {
            Some(lit) => {
                text.push_str("${");
                text.push_str(lit);
                text.push('}');
            }
            None => {
                if !text.is_empty() {
                    out.push(Word::Text(std::mem::take(&mut text)));
                }
                out.push(Word::Var(name.trim().to_string()));
            }
        }
        rest = &after[end + 1..];
    }
    text.push_str(rest);
    if !text.is_empty() {
        out.push(Word::Text(text));
    }
    Ok(out)
}

/// True when the words hold a variable.
pub fn has_vars(words: &[Word]) -> bool {
    words.iter().any(|w| matches!(w, Word::Var(_)))
}

/// The words as a Fn::Sub string (literal `${` escaped as `${!`).
pub fn render(words: &[Word]) -> String {
    let mut s = String::new();
    for w in words {
        match w {
            Word::Text(t) => s.push_str(&t.replace("${", "${!")),
            Word::Var(v) => {
                s.push_str("${");
                s.push_str(v);
                s.push('}');
            }
        }
    }
    s
}

/// The words as plain text (only meaningful when there are no variables).
pub fn plain(words: &[Word]) -> String {
    words
        .iter()
        .map(|w| match w {
            Word::Text(t) => t.clone(),
            Word::Var(v) => format!("${{{v}}}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        let w = parse("a-${X}-${!Lit}-${AWS::Region}").unwrap();
        assert_eq!(
            w,
            vec![
                Word::Text("a-".into()),
                Word::Var("X".into()),
                Word::Text("-${Lit}-".into()),
                Word::Var("AWS::Region".into())
            ]
        );
        assert_eq!(render(&w), "a-${X}-${!Lit}-${AWS::Region}");
        assert_eq!(plain(&parse("x-${!Y}").unwrap()), "x-${Y}");
        assert!(parse("a ${B").is_err());
    }
}
