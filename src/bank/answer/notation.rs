//! Answers as authors write them. terraform: a YAML string is HCL text (`tolist(["110"])`,
//! `"node_0042"`); a YAML list, map, number, bool or null is the value it spells (`["110", 25]`),
//! whose strings are strings. Both become HCL text, which `check` evaluates with the engine.
//! cfnrain and rivet: the YAML value is the answer as it is (`foo` is the string foo,
//! `!Ref LogsBucket` a reference), kept as YAML text.

use serde_yaml::Value as Y;

/// Turns an author's YAML answer into HCL text.
pub fn to_hcl(v: &Y) -> Result<String, String> {
    match v {
        Y::String(s) => Ok(s.clone()),
        other => literal(other),
    }
}

/// An author's YAML answer in `engine`'s notation: HCL text for terraform, YAML text for the
/// engines whose answers are YAML data.
pub fn to_text(engine: crate::bank::model::Engine, v: &Y) -> Result<String, String> {
    match engine {
        crate::bank::model::Engine::Terraform => to_hcl(v),
        _ => to_yaml(v),
    }
}

/// A YAML value as YAML text (tags kept: `!Ref X`).
pub fn to_yaml(v: &Y) -> Result<String, String> {
    if let Y::Null = v {
        return Ok("null".into());
    }
    serde_yaml::to_string(v)
        .map(|t| t.trim_end().to_string())
        .map_err(|e| format!("cannot be written back as YAML: {e}"))
}

/// HCL text for a YAML value read as a literal (strings quoted): a rivet variable's value.
pub fn literal(v: &Y) -> Result<String, String> {
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
    crate::lang::value::render::hcl_quote(s)
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
        assert_eq!(
            literal(&y("{files: {a: /x}, n: 2}")),
            Ok(r#"{ "files" = { "a" = "/x" }, "n" = 2 }"#.into())
        );
    }

    #[test]
    fn yaml_answers_stay_yaml() {
        assert_eq!(to_yaml(&y("!GetAtt Logs.Arn")), Ok("!GetAtt Logs.Arn".into()));
        assert_eq!(to_yaml(&y("'80'")), Ok("'80'".into()));
        let back = to_yaml(&y("{Fn::Sub: '${X}', L: [a, 1]}")).unwrap_or_default();
        let v = super::super::data::parse(&back).unwrap_or_else(|e| panic!("{back}: {e}"));
        assert_eq!(super::super::data::one_line(&v), "{Fn::Sub: '${X}', L: [a, 1]}");
    }

    #[test]
    fn quoting_escapes_templates() {
        assert_eq!(quote("a\"b\\${x}%{y}\n"), r#""a\"b\\$${x}%%{y}\n""#);
    }
}
