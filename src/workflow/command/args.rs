//! A command line read as Terraform reads it: global options before the command
//! (`-chdir=DIR`), then the command's own options in Go's `flag` syntax (`-name=value`,
//! `-name value`, `--name`; a bool as `-name` or `-name=false`), which stop at the first
//! argument that is not an option.

use std::collections::BTreeMap;

use crate::lang::value::render::go_quote;

/// What a command's option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A switch.
    Bool,
    /// One value; given again, the last wins.
    Value,
    /// A value that may be given many times, kept in order.
    Many,
    /// An integer as Go's `flag.IntVar` reads it (`strconv.ParseInt` in base 0).
    Int,
    /// A duration as Go's `flag.DurationVar` reads it (`time.ParseDuration`).
    Duration,
}

/// The options a command accepts.
pub type Spec = &'static [(&'static str, Kind)];

/// A command's options as given.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// Switches and single values, by name (a switch holds `"true"` or `"false"`).
    pub single: BTreeMap<String, String>,
    /// Repeated options in the order given, with their names (`-var` and `-var-file`
    /// interleave, and their order matters).
    pub many: Vec<(String, String)>,
    /// The arguments after the options.
    pub rest: Vec<String>,
}

impl Parsed {
    /// Whether a switch is on.
    pub fn flag(&self, name: &str) -> bool {
        self.single
            .get(name)
            .is_some_and(|v| v == "true" || v == "1" || v == "t" || v == "T" || v == "TRUE" || v == "True")
    }
    /// A single value.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.single.get(name).map(String::as_str)
    }
    /// Every value of a repeated option, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.many.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
    }
}

/// Go's flag package's refusal, which Terraform prints before the command's help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagError(pub String);

/// Reads `args` by `spec`.
pub fn parse(args: &[String], spec: Spec) -> Result<Parsed, FlagError> {
    let mut out = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        // A lone "-" is an argument, not an option (Go's flag: fewer than two characters).
        let Some(body) = a.strip_prefix("--").or_else(|| a.strip_prefix('-')).filter(|_| a.len() >= 2) else {
            break;
        };
        if body.is_empty() || body.starts_with('-') || body.starts_with('=') {
            return Err(FlagError(format!("bad flag syntax: {a}")));
        }
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let Some((_, kind)) = spec.iter().find(|(n, _)| *n == name) else {
            // Go's flag answers an undeclared -help or -h so (`-help=x` gets here: the CLI
            // catches only the bare forms).
            if name == "help" || name == "h" {
                return Err(FlagError("flag: help requested".into()));
            }
            return Err(FlagError(format!("flag provided but not defined: -{name}")));
        };
        let value = match (kind, inline) {
            (Kind::Bool, None) => "true".to_string(),
            (Kind::Bool, Some(v)) => {
                if !matches!(
                    v.as_str(),
                    "1" | "0" | "t" | "f" | "T" | "F" | "true" | "false" | "TRUE" | "FALSE" | "True" | "False"
                ) {
                    return Err(FlagError(format!(
                        "invalid boolean value {} for -{name}: parse error",
                        go_quote(&v)
                    )));
                }
                v
            }
            (_, Some(v)) => v,
            (_, None) => {
                i += 1;
                match args.get(i) {
                    Some(v) => v.clone(),
                    None => return Err(FlagError(format!("flag needs an argument: -{name}"))),
                }
            }
        };
        let refused = match kind {
            Kind::Int => super::go_values::parse_int(&value).err().map(super::go_values::NumError::words),
            Kind::Duration => super::go_values::parse_duration_nanos(&value).is_none().then_some("parse error"),
            _ => None,
        };
        if let Some(why) = refused {
            return Err(FlagError(format!("invalid value {} for flag -{name}: {why}", go_quote(&value))));
        }
        match kind {
            Kind::Many => out.many.push((name.to_string(), value)),
            _ => {
                out.single.insert(name.to_string(), value);
            }
        }
        i += 1;
    }
    out.rest = args[i.min(args.len())..].to_vec();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = &[
        ("no-color", Kind::Bool),
        ("var", Kind::Many),
        ("var-file", Kind::Many),
        ("out", Kind::Value),
    ];

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn options_as_go_reads_them() {
        let p = parse(
            &args(&[
                "-no-color",
                "-var",
                "a=1",
                "--var-file=x.tfvars",
                "-var=b=2",
                "-out",
                "p",
                "rest",
                "-no-color",
            ]),
            SPEC,
        )
        .unwrap();
        assert!(p.flag("no-color"));
        assert_eq!(
            p.many,
            [
                ("var".into(), "a=1".into()),
                ("var-file".into(), "x.tfvars".into()),
                ("var".into(), "b=2".into())
            ]
        );
        assert_eq!(p.value("out"), Some("p"));
        assert_eq!(p.rest, ["rest", "-no-color"]);
    }

    #[test]
    fn unknown_and_incomplete_options_are_refused() {
        assert_eq!(
            parse(&args(&["-nope"]), SPEC).unwrap_err().0,
            "flag provided but not defined: -nope"
        );
        assert_eq!(parse(&args(&["-out"]), SPEC).unwrap_err().0, "flag needs an argument: -out");
        assert!(parse(&args(&["-no-color=maybe"]), SPEC).is_err());
    }

    #[test]
    fn int_and_duration_values_are_checked_as_go_checks_them() {
        const TYPED: Spec = &[("parallelism", Kind::Int), ("lock-timeout", Kind::Duration)];
        let refused = |a: &[&str]| parse(&args(a), TYPED).unwrap_err().0;
        assert_eq!(
            refused(&["-parallelism=abc"]),
            "invalid value \"abc\" for flag -parallelism: parse error"
        );
        assert_eq!(
            refused(&["-parallelism=99999999999999999999"]),
            "invalid value \"99999999999999999999\" for flag -parallelism: value out of range"
        );
        assert_eq!(
            refused(&["-lock-timeout", "9q"]),
            "invalid value \"9q\" for flag -lock-timeout: parse error"
        );
        assert_eq!(
            parse(&args(&["-parallelism=0x10", "-lock-timeout=1h2m"]), TYPED)
                .unwrap()
                .value("parallelism"),
            Some("0x10")
        );
        assert_eq!(refused(&["-help=false"]), "flag: help requested");
        assert_eq!(parse(&args(&["-", "x"]), TYPED).unwrap().rest, ["-", "x"]);
    }
}
