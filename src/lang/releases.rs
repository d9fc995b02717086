//! When the language features the engine emulates arrived: one table of built-in functions by
//! the Terraform release that added them, and one constant per gated feature, each with the
//! release-notes line it was read from. The gates themselves live where each feature is
//! evaluated (function calls, configuration loading, rendering); this file only says *when*.

use std::cell::Cell;

/// A Terraform version (major, minor, patch).
pub type TfVersion = (u32, u32, u32);

thread_local! {
    static CONSULTED: Cell<bool> = const { Cell::new(false) };
}

/// True when Terraform `version` has `a`'s behaviour. Every gate asks through here, and only
/// when its feature is actually in play, so that [`consulted`] can tell `since` that an
/// answer depends on no release at all.
pub fn has(version: TfVersion, a: &Arrival) -> bool {
    CONSULTED.with(|c| c.set(true));
    version >= a.since
}

/// Forgets which gates were consulted on this thread.
pub fn reset_consulted() {
    CONSULTED.with(|c| c.set(false));
}

/// True when a gate was consulted on this thread since [`reset_consulted`].
pub fn consulted() -> bool {
    CONSULTED.with(Cell::get)
}

/// A language feature (or a change of behaviour) and the release it arrived in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The function name or a short name of the feature.
    pub name: &'static str,
    /// The first release with the new behaviour.
    pub since: TfVersion,
    /// Where that is written: the changelog entry (file at its release tag) or the source.
    pub source: &'static str,
}

/// Built-in functions added after Terraform 1.0 (`type` is console-only), by first release.
/// Calling one under an older release is "Call to unknown function".
pub const FUNCTIONS: &[Arrival] = &[
    Arrival {
        name: "type",
        since: (1, 1, 0),
        source: "CHANGELOG.md v1.1.0: \"`terraform console`: now has a new `type()` function, available only in the interactive console\" (#28501)",
    },
    Arrival {
        name: "startswith",
        since: (1, 3, 0),
        source: "CHANGELOG.md v1.3.0: \"Added functions: `startswith` and `endswith` allow you to check whether a given string has a specified prefix or suffix.\" (#31220)",
    },
    Arrival {
        name: "endswith",
        since: (1, 3, 0),
        source: "CHANGELOG.md v1.3.0: \"Added functions: `startswith` and `endswith` ...\" (#31220)",
    },
    Arrival {
        name: "timecmp",
        since: (1, 3, 0),
        source: "CHANGELOG.md v1.3.0: \"config: New built-in function `timecmp` allows determining the ordering relationship between two timestamps\" (#31687)",
    },
    Arrival {
        name: "plantimestamp",
        since: (1, 5, 0),
        source: "CHANGELOG.md v1.5.0: \"Adds a new `plantimestamp` function that returns the timestamp at plan time.\" (#32980)",
    },
    Arrival {
        name: "strcontains",
        since: (1, 5, 0),
        source: "CHANGELOG.md v1.5.0: \"Adds a new `strcontains` function that checks whether a given string contains a given substring.\" (#33069)",
    },
    Arrival {
        name: "issensitive",
        since: (1, 8, 0),
        source: "CHANGELOG.md v1.8.0: \"New `issensitive` function returns true if the given value is marked as sensitive.\"",
    },
    Arrival {
        name: "templatestring",
        since: (1, 9, 0),
        source: "CHANGELOG.md v1.9.0: \"config: `templatestring` function allows rendering a template provided as a string.\" (#34968)",
    },
    Arrival {
        name: "ephemeralasnull",
        since: (1, 10, 0),
        source: "CHANGELOG.md v1.10.0: \"`ephemeralasnull` function: a function takes a value of any type and returns a similar value of the same type with any ephemeral values replaced with non-ephemeral null values\"",
    },
];

/// The arrival of built-in function `name`, when it is younger than Terraform 1.0.
pub fn function(name: &str) -> Option<&'static Arrival> {
    FUNCTIONS.iter().find(|a| a.name == name)
}

/// `moved` blocks (before: "Unsupported block type").
pub const MOVED_BLOCKS: Arrival = Arrival {
    name: "moved blocks",
    since: (1, 1, 0),
    source: "CHANGELOG.md v1.1.0: \"`moved` blocks for refactoring within modules\"",
};

/// `precondition` and `postcondition` blocks (before: "Unsupported block type").
pub const CUSTOM_CONDITIONS: Arrival = Arrival {
    name: "precondition and postcondition blocks",
    since: (1, 2, 0),
    source: "CHANGELOG.md v1.2.0: \"`precondition` and `postcondition` check blocks for resources, data sources, and module output values\"",
};

/// `tostring(null)`, `tolist(null)`, ... return a null of their type (before: untyped `null`).
pub const TYPED_NULL_CONVERSIONS: Arrival = Arrival {
    name: "typed nulls from the conversion functions",
    since: (1, 2, 0),
    source: "CHANGELOG.md v1.2.0: \"Applying the various type conversion functions like `tostring`, `tonumber`, etc to `null` will now return a null value of the intended type.\"",
};

/// `cidrnetmask()` of an IPv6 prefix is an error (before: the mask in address notation).
pub const CIDRNETMASK_IPV6_ERROR: Arrival = Arrival {
    name: "cidrnetmask() of an IPv6 prefix",
    since: (1, 2, 0),
    source: "CHANGELOG.md v1.2.0: \"Terraform now returns an error when `cidrnetmask()` is called with an IPv6 address, as it was previously documented to do.\" (#30703)",
};

/// `optional()` object attributes leave the experiment and gain a default (second argument).
pub const OPTIONAL_ATTRS: Arrival = Arrival {
    name: "optional() object attributes",
    since: (1, 3, 0),
    source: "CHANGELOG.md v1.3.0: \"This release concludes the `module_variable_optional_attrs` experiment ... The `optional` function-like modifier ... now accepts an optional second argument for specifying a default value\" (#31154)",
};

/// The built-in `terraform_data` managed resource type.
pub const TERRAFORM_DATA: Arrival = Arrival {
    name: "terraform_data",
    since: (1, 4, 0),
    source: "CHANGELOG.md v1.4.0: \"`terraform_data` is a new builtin managed resource type\" (#31757)",
};

/// Go's general timestamp parser takes `,` before a fraction of a second (`formatdate`,
/// `timeadd`; before: "cannot use \",5Z\" as UTC offset").
pub const RFC3339_COMMA_FRACTION: Arrival = Arrival {
    name: "comma fraction in RFC 3339 timestamps",
    since: (1, 1, 0),
    source: ".go-version: 1.16.4 at v1.0.11, 1.17.2 at v1.1.0; Go 1.17 release notes (time): \"now accepts a comma as a separator for fractional seconds\"",
};

/// `formatdate` and `timeadd` read timestamps as strict RFC 3339: a one-digit hour, a comma
/// fraction, an offset of `+24:00` or `+00:60` are refused.
pub const STRICT_RFC3339: Arrival = Arrival {
    name: "strict RFC 3339 in formatdate and timeadd",
    since: (1, 6, 0),
    source: "go.mod: go-cty v1.12.2 at v1.5.7, v1.14.0 at v1.6.0; go-cty CHANGELOG 1.13.0: \"The `FormatDate` and `TimeAdd` functions ... are now corrected to use a stricter RFC3339 parser\" (#152)",
};

/// `yamldecode` of a document that is only a null (`~`, `---`) is `null` (before: unknown).
pub const YAML_NULL_DOCUMENT: Arrival = Arrival {
    name: "yamldecode() of a null document",
    since: (1, 4, 0),
    source: "CHANGELOG.md v1.4.0: \"config: The `yamldecode` function now correctly handles entirely-nil YAML documents. Previously it would incorrectly return an unknown value instead of a null value.\" (#32151)",
};

/// The console prints a sensitive value as `(sensitive value)` (before: `(sensitive)`).
pub const SENSITIVE_VALUE_PRINTING: Arrival = Arrival {
    name: "(sensitive value) in console output",
    since: (1, 4, 0),
    source: "internal/repl/format.go: \"(sensitive)\" at v1.3.0, \"(sensitive value)\" at v1.4.0 (commit bd744ad4e9 \"Unify all sensitive value plan output as (sensitive value)\")",
};

/// `check` blocks (before: "Unsupported block type").
pub const CHECK_BLOCKS: Arrival = Arrival {
    name: "check blocks",
    since: (1, 5, 0),
    source: "CHANGELOG.md v1.5.0: \"`check` blocks for validating infrastructure\"",
};

/// `import` blocks (before: "Unsupported block type").
pub const IMPORT_BLOCKS: Arrival = Arrival {
    name: "import blocks",
    since: (1, 5, 0),
    source: "CHANGELOG.md v1.5.0: \"`import` blocks for importing infrastructure\"",
};

/// `removed` blocks (before: "Unsupported block type").
pub const REMOVED_BLOCKS: Arrival = Arrival {
    name: "removed blocks",
    since: (1, 7, 0),
    source: "CHANGELOG.md v1.7.0: \"`removed` block for refactoring modules\"",
};

/// `nonsensitive(x)` of a value that is not sensitive returns x (before: an error).
pub const NONSENSITIVE_LENIENT: Arrival = Arrival {
    name: "nonsensitive() of a non-sensitive value",
    since: (1, 7, 0),
    source: "CHANGELOG.md v1.7.0: \"`nonsensitive` function no longer raises an error when applied to a value that is already non-sensitive.\" (#33856)",
};

/// Provider-defined functions and the `::` syntax (before: a parse error).
pub const PROVIDER_FUNCTIONS: Arrival = Arrival {
    name: "provider-defined functions",
    since: (1, 8, 0),
    source: "CHANGELOG.md v1.8.0: \"Providers can now offer functions ... `provider::provider_name::function_name()`\" (#34394)",
};

/// `element()` counts a negative index from the end (before: an error).
pub const ELEMENT_NEGATIVE_INDEX: Arrival = Arrival {
    name: "element() with a negative index",
    since: (1, 10, 0),
    source: "CHANGELOG.md v1.10.0: \"The `element` function now accepts negative indices\" (#35501)",
};

/// `&&` and `||` short-circuit: `false && x`, `true || x` skip x, and a null operand of `&&`
/// makes it false (before: both operands evaluated, a null one "Operation failed").
pub const LOGICAL_SHORT_CIRCUIT: Arrival = Arrival {
    name: "short-circuit && and ||",
    since: (1, 12, 0),
    source: "CHANGELOG.md v1.12.0: \"Logical binary operators can now short-circuit\" (#36224)",
};

/// Every gated feature other than the function table, oldest first.
pub const FEATURES: &[Arrival] = &[
    MOVED_BLOCKS,
    RFC3339_COMMA_FRACTION,
    CUSTOM_CONDITIONS,
    TYPED_NULL_CONVERSIONS,
    CIDRNETMASK_IPV6_ERROR,
    OPTIONAL_ATTRS,
    TERRAFORM_DATA,
    YAML_NULL_DOCUMENT,
    SENSITIVE_VALUE_PRINTING,
    CHECK_BLOCKS,
    IMPORT_BLOCKS,
    STRICT_RFC3339,
    REMOVED_BLOCKS,
    NONSENSITIVE_LENIENT,
    PROVIDER_FUNCTIONS,
    ELEMENT_NEGATIVE_INDEX,
    LOGICAL_SHORT_CIRCUIT,
];

/// The releases where some gated behaviour changes, oldest first: between two of them (and
/// from the last to the newest release) every answer is the same, so these are the only
/// places `since` can be.
pub fn boundaries() -> Vec<TfVersion> {
    let mut b: Vec<TfVersion> = FUNCTIONS.iter().chain(FEATURES).map(|a| a.since).collect();
    b.sort_unstable();
    b.dedup();
    b
}

/// The releases the engine emulates, oldest first: every minor release from 1.0 to 1.14, and
/// 1.1.8, the patch release TF-VERSIONS.md names (`sum` of strings).
pub const RELEASES: &[TfVersion] = &[
    (1, 0, 0),
    (1, 1, 0),
    (1, 1, 8),
    (1, 2, 0),
    (1, 3, 0),
    (1, 4, 0),
    (1, 5, 0),
    (1, 6, 0),
    (1, 7, 0),
    (1, 8, 0),
    (1, 9, 0),
    (1, 10, 0),
    (1, 11, 0),
    (1, 12, 0),
    (1, 13, 0),
    (1, 14, 0),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every version test in the engine goes through [`has`] and this file's tables, so that
    /// [`boundaries`] knows every release where an answer can change and [`consulted`] every
    /// evaluation that depends on one.
    #[test]
    fn no_version_is_compared_outside_the_tables() {
        fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
            // The crate's own sources: links to folders are not followed, so no loop can form.
            let Ok(rd) = std::fs::read_dir(dir) else { return };
            for e in rd.flatten() {
                let p = e.path();
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("releases.rs") {
                    let text = crate::confine::read_regular_text(&p, 8 << 20).unwrap_or_default();
                    for (i, l) in text.lines().enumerate() {
                        let code = l.split("//").next().unwrap_or_default();
                        let compares = ["version <", "version >", "version >=", "version <="]
                            .iter()
                            .any(|op| code.contains(op));
                        if compares && !code.contains("BigUint") {
                            out.push(format!("{}:{}: {}", p.display(), i + 1, l.trim()));
                        }
                    }
                }
            }
        }
        let mut found = Vec::new();
        walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lang"), &mut found);
        // Provider releases (`version = ">= 5.40"`) are another kind of version.
        found.retain(|f| !f.contains("provider/version.rs") && !f.contains("provider/catalogue.rs"));
        assert!(found.is_empty(), "version literals outside releases.rs:\n{}", found.join("\n"));
    }

    #[test]
    fn releases_are_ordered_and_end_at_the_default() {
        assert!(RELEASES.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(RELEASES.last(), Some(&crate::lang::eval::DEFAULT_VERSION));
        for a in FUNCTIONS.iter().chain(FEATURES) {
            assert!(RELEASES.contains(&a.since), "{} arrives in an emulated release", a.name);
        }
    }
}

/// One line per gate: the source of the fact, a release before it (the old behaviour) and the
/// release itself (the new one). Old behaviours marked "1.0.3" were run on Terraform 1.0.3
/// (tf-oracle and its console); the others are the changelog entries cited in the tables.
#[cfg(test)]
mod gate_tests {
    use super::*;
    use crate::lang::rules::Rules;
    use crate::lang::session::Session;

    /// The console output of `expr` over configuration `cfg` in Terraform `v`, or `ERR summary`.
    fn at(v: TfVersion, cfg: &str, expr: &str) -> String {
        let mut s = match Session::with_config_text("main.tf", cfg) {
            Ok(s) => s,
            Err(d) => return format!("LOAD {}", d.summary),
        };
        s.version = Some(v);
        match s.eval(expr, &Rules::real(), false).result {
            Ok(a) => a.console_at(v),
            Err(d) => format!("ERR {}", d.summary),
        }
    }

    /// The release just before `v` among the emulated ones.
    fn before(v: TfVersion) -> TfVersion {
        RELEASES.iter().rev().copied().find(|r| *r < v).unwrap_or((1, 0, 0))
    }

    /// Asserts the behaviour before the arrival and at it.
    fn gate(a: Arrival, cfg: &str, expr: &str, old: &str, new: &str) {
        assert_eq!(
            at(before(a.since), cfg, expr),
            old,
            "{} before {:?} ({})",
            a.name,
            a.since,
            a.source
        );
        assert_eq!(at(a.since, cfg, expr), new, "{} at {:?} ({})", a.name, a.since, a.source);
    }

    const UNKNOWN_FN: &str = "ERR Call to unknown function";
    const UNSUPPORTED: &str = "ERR Unsupported block type";

    fn function(name: &str) -> Arrival {
        FUNCTIONS
            .iter()
            .copied()
            .find(|a| a.name == name)
            .unwrap_or_else(|| panic!("{name} is in the table"))
    }

    // 1.0.3: `startswith`, `type` are "Call to unknown function" (tf-oracle).
    #[test]
    fn type_function() {
        gate(function("type"), "", "type(1)", UNKNOWN_FN, "number");
    }
    #[test]
    fn startswith_endswith_timecmp() {
        gate(function("startswith"), "", r#"startswith("web-1", "web")"#, UNKNOWN_FN, "true");
        gate(function("endswith"), "", r#"endswith("web-1", "-1")"#, UNKNOWN_FN, "true");
        let t = r#"timecmp("2024-01-01T00:00:00Z", "2024-01-01T01:00:00+01:00")"#;
        gate(function("timecmp"), "", t, UNKNOWN_FN, "0");
    }
    #[test]
    fn strcontains_plantimestamp() {
        gate(function("strcontains"), "", r#"strcontains("web-1", "b-")"#, UNKNOWN_FN, "true");
        gate(function("plantimestamp"), "", "can(plantimestamp())", "false", "true");
    }
    #[test]
    fn issensitive_templatestring_ephemeralasnull() {
        gate(function("issensitive"), "", r#"issensitive(sensitive("a"))"#, UNKNOWN_FN, "true");
        let tpl = "locals {\n  t = \"x=$${a}\"\n}\n";
        gate(
            function("templatestring"),
            tpl,
            "templatestring(local.t, { a = 1 })",
            UNKNOWN_FN,
            "\"x=1\"",
        );
        gate(function("ephemeralasnull"), "", r#"ephemeralasnull("a")"#, UNKNOWN_FN, "\"a\"");
    }
    // 1.0.3: `moved`, `import`, `removed` blocks are "Unsupported block type" (tf-oracle).
    #[test]
    fn moved_import_removed_check_blocks() {
        let tail = "locals {\n  x = 1\n}\n";
        let moved = format!("moved {{\n  from = aws_s3_bucket.a\n  to   = aws_s3_bucket.b\n}}\n{tail}");
        gate(MOVED_BLOCKS, &moved, "local.x", UNSUPPORTED, "1");
        let import = format!("import {{\n  to = aws_s3_bucket.a\n  id = \"logs\"\n}}\n{tail}");
        gate(IMPORT_BLOCKS, &import, "local.x", UNSUPPORTED, "1");
        let removed = format!("removed {{\n  from = aws_s3_bucket.a\n  lifecycle {{\n    destroy = false\n  }}\n}}\n{tail}");
        gate(REMOVED_BLOCKS, &removed, "local.x", UNSUPPORTED, "1");
        let check = format!("check \"ok\" {{\n  assert {{\n    condition     = true\n    error_message = \"x\"\n  }}\n}}\n{tail}");
        gate(CHECK_BLOCKS, &check, "local.x", UNSUPPORTED, "1");
    }
    // 1.0.3: a precondition in an output is "Unsupported block type" (tf-oracle).
    #[test]
    fn custom_conditions() {
        let cfg = "output \"o\" {\n  value = 1\n  precondition {\n    condition     = true\n    error_message = \"x\"\n  }\n}\nlocals {\n  x = 1\n}\n";
        gate(CUSTOM_CONDITIONS, cfg, "local.x", UNSUPPORTED, "1");
        let res = "resource \"example_thing\" \"a\" {\n  lifecycle {\n    postcondition {\n      condition     = true\n      error_message = \"x\"\n    }\n  }\n}\nlocals {\n  x = 1\n}\n";
        gate(CUSTOM_CONDITIONS, res, "local.x", UNSUPPORTED, "1");
    }
    // 1.0.3: "Optional object type attributes are experimental" and, with a default,
    // "Invalid type specification" (tf-oracle).
    #[test]
    fn optional_attributes() {
        let one = "variable \"v\" {\n  type    = object({ a = optional(string) })\n  default = {}\n}\n";
        gate(
            OPTIONAL_ATTRS,
            one,
            "var.v.a",
            "ERR Optional object type attributes are experimental",
            "tostring(null)",
        );
        let two = "variable \"v\" {\n  type    = object({ a = optional(string, \"z\") })\n  default = {}\n}\n";
        gate(OPTIONAL_ATTRS, two, "var.v.a", "ERR Invalid type specification", "\"z\"");
    }
    // 1.0.3: `terraform_data.x` is "Invalid resource type" (tf-oracle); the file loads.
    #[test]
    fn terraform_data() {
        let cfg = "resource \"terraform_data\" \"x\" {\n  input = 1\n}\nlocals {\n  x = 1\n}\n";
        gate(TERRAFORM_DATA, cfg, "terraform_data.x.input", "ERR Invalid resource type", "1");
        gate(TERRAFORM_DATA, cfg, "local.x", "1", "1");
    }
    // 1.0.3 prints `(sensitive)`, also inside a tuple (tf-oracle).
    #[test]
    fn sensitive_printing() {
        gate(
            SENSITIVE_VALUE_PRINTING,
            "",
            r#"[sensitive("a"), "b"]"#,
            "[\n  (sensitive),\n  \"b\",\n]",
            "[\n  (sensitive value),\n  \"b\",\n]",
        );
    }
    #[test]
    fn nonsensitive_of_a_plain_value() {
        gate(
            NONSENSITIVE_LENIENT,
            "",
            r#"nonsensitive("a")"#,
            "ERR Invalid function argument",
            "\"a\"",
        );
    }
    #[test]
    fn provider_functions() {
        let cfg = "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\", version = \">= 5.40\" }\n  }\n}\n";
        let e = r#"provider::aws::arn_parse("arn:aws:s3:::logs").service"#;
        gate(PROVIDER_FUNCTIONS, cfg, e, "ERR Extra characters after expression", "\"s3\"");
    }
    // 1.0.3: `tostring(null)` and `tolist(null)` print `null` (tf-oracle).
    #[test]
    fn typed_nulls() {
        gate(TYPED_NULL_CONVERSIONS, "", "tostring(null)", "null", "tostring(null)");
        gate(TYPED_NULL_CONVERSIONS, "", "tolist(null)", "null", "tolist(null) /* of dynamic */");
    }
    // 1.0.3: `cidrnetmask("2001:db8::/32")` is "ffff:ffff::" (tf-oracle).
    #[test]
    fn cidrnetmask_ipv6() {
        let e = r#"cidrnetmask("2001:db8::/32")"#;
        gate(CIDRNETMASK_IPV6_ERROR, "", e, "\"ffff:ffff::\"", "ERR Error in function call");
        gate(
            CIDRNETMASK_IPV6_ERROR,
            "",
            r#"cidrnetmask("2001:db8::/64")"#,
            "\"ffff:ffff:ffff:ffff::\"",
            "ERR Error in function call",
        );
    }
    // 1.0.3: a comma before the fraction is "cannot use \",5Z\" as UTC offset" (tf-oracle).
    #[test]
    fn rfc3339_comma_fraction() {
        let e = r#"formatdate("ss", "2006-01-02T15:04:05,5Z")"#;
        gate(RFC3339_COMMA_FRACTION, "", e, "ERR Invalid function argument", "\"05\"");
    }
    // 1.0.3 takes `+24:00` and a one-digit hour (tf-oracle); go-cty's strict parser does not.
    #[test]
    fn strict_rfc3339() {
        let e = r#"formatdate("hh", "2006-01-02T15:04:05+24:00")"#;
        gate(STRICT_RFC3339, "", e, "\"15\"", "ERR Invalid function argument");
        let e = r#"timeadd("2006-01-02T1:04:05Z", "1h")"#;
        gate(STRICT_RFC3339, "", e, "\"2006-01-02T02:04:05Z\"", "ERR Error in function call");
    }
    // 1.0.3: `yamldecode("~")` and `yamldecode("---")` are `(known after apply)` (tf-oracle).
    #[test]
    fn yaml_null_document() {
        gate(YAML_NULL_DOCUMENT, "", r#"yamldecode("~")"#, "(known after apply)", "null");
        gate(YAML_NULL_DOCUMENT, "", r#"yamldecode("---")"#, "(known after apply)", "null");
    }
    // 1.0.3: `true || [1][5]` and `false && [1][5]` are "Invalid index"; `null && true` and
    // `false || null` are "Operation failed" (tf-oracle).
    #[test]
    fn logical_short_circuit() {
        gate(LOGICAL_SHORT_CIRCUIT, "", "true || [1][5]", "ERR Invalid index", "true");
        gate(LOGICAL_SHORT_CIRCUIT, "", "false && [1][5]", "ERR Invalid index", "false");
        gate(LOGICAL_SHORT_CIRCUIT, "", "null && true", "ERR Operation failed", "false");
        gate(LOGICAL_SHORT_CIRCUIT, "", "true && null", "ERR Operation failed", "false");
        gate(
            LOGICAL_SHORT_CIRCUIT,
            "",
            "false || null",
            "ERR Operation failed",
            "ERR Operation failed",
        );
        gate(LOGICAL_SHORT_CIRCUIT, "", "true && false", "false", "false");
    }
    // 1.0.3: "Error in function call" (tf-oracle: "cannot use element function with a negative index").
    #[test]
    fn element_negative_index() {
        gate(
            ELEMENT_NEGATIVE_INDEX,
            "",
            r#"element(["a", "b", "c"], -1)"#,
            "ERR Error in function call",
            "\"c\"",
        );
    }
}
