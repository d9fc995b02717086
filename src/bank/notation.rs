//! Answers as authors write them: a YAML string is HCL text (`tolist(["110"])`, `"node_0042"`);
//! a YAML list, map, number, bool or null is the value it spells (`["110", 25]`), whose
//! strings are strings. Both become HCL text, which `check` evaluates with the engine.

use serde_yaml::Value as Y;

/// Turns an author's YAML answer into HCL text.
pub fn to_hcl(v: &Y) -> Result<String, String> {
    match v {
        Y::String(s) => Ok(s.clone()),
        other => literal(other),
    }
}

/// HCL text for a YAML value read as a literal (strings quoted).
fn literal(v: &Y) -> Result<String, String> {
    Ok(match v {
        Y::Null => "null".into(),
        Y::Bool(b) => b.to_string(),
        Y::Number(n) => {
            if n.as_f64().is_some_and(|f| !f.is_finite()) {
                return Err(format!("{n} is not a Terraform number"));
            }
            n.to_string()
        }
        Y::String(s) => quote(s),
        Y::Sequence(items) => {
            let parts: Result<Vec<String>, String> = items.iter().map(literal).collect();
            format!("[{}]", parts?.join(", "))
        }
        Y::Mapping(m) => {
            let mut parts = Vec::new();
            for (k, val) in m {
                let key = match k {
                    Y::String(s) => s.clone(),
                    Y::Number(n) => n.to_string(),
                    Y::Bool(b) => b.to_string(),
                    _ => return Err("a map key must be a string".into()),
                };
                parts.push(format!("{} = {}", quote(&key), literal(val)?));
            }
            if parts.is_empty() {
                "{}".into()
            } else {
                format!("{{ {} }}", parts.join(", "))
            }
        }
        Y::Tagged(t) => return Err(format!("YAML tags ({}) are not supported in answers", t.tag)),
    })
}

/// Quotes `s` as an HCL string literal (escaping `"`, `\`, control characters, `${` and `%{`).
pub fn quote(s: &str) -> String {
    crate::lang::render::hcl_quote(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn y(s: &str) -> Y {
        serde_yaml::from_str(s).unwrap_or(Y::Null)
    }

    #[test]
    fn yaml_strings_are_hcl_and_the_rest_are_literals() {
        assert_eq!(to_hcl(&y(r#"'tolist(["110"])'"#)), Ok(r#"tolist(["110"])"#.into()));
        assert_eq!(to_hcl(&y(r#"["110", 25, true, null]"#)), Ok(r#"["110", 25, true, null]"#.into()));
        assert_eq!(to_hcl(&y("{b: 1, a: x}")), Ok(r#"{ "b" = 1, "a" = "x" }"#.into()));
        assert_eq!(to_hcl(&y("2.5")), Ok("2.5".into()));
        assert_eq!(to_hcl(&y("{}")), Ok("{}".into()));
        assert!(to_hcl(&y(".inf")).is_err());
    }

    #[test]
    fn quoting_escapes_templates() {
        assert_eq!(quote("a\"b\\${x}%{y}\n"), r#""a\"b\\$${x}%%{y}\n""#);
    }
}
