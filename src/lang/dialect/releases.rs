//! When the language features the engine emulates arrived: one table of built-in functions by
//! the Terraform release that added them, and one constant per gated feature, each with the
//! release-notes line it was read from. The gates themselves live where each feature is
//! evaluated (function calls, configuration loading, rendering); this file only says *when*.

/// The Terraform version emulated by default.
pub const DEFAULT_VERSION: (u32, u32, u32) = (1, 14, 0);

use std::cell::Cell;

/// A Terraform version (major, minor, patch).
pub type TfVersion = (u32, u32, u32);

thread_local! {
    static CONSULTED: Cell<bool> = const { Cell::new(false) };
    /// The release being evaluated, for code deep in conversion and quoting that is handed no
    /// evaluator: set by [`within`] around each evaluation.
    static CURRENT: Cell<Option<TfVersion>> = const { Cell::new(None) };
}

/// Runs `f` as Terraform `version` (what [`current`] answers inside it).
pub fn within<T>(version: TfVersion, f: impl FnOnce() -> T) -> T {
    let before = CURRENT.with(|c| c.replace(Some(version)));
    let out = f();
    CURRENT.with(|c| c.set(before));
    out
}

/// The release set by the innermost [`within`], if any.
pub fn current() -> Option<TfVersion> {
    CURRENT.with(Cell::get)
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

/// cty's function system no longer runs a function whose parameter does not take values of
/// unknown type (no AllowDynamicType) when one arrives: the call is `cty.DynamicVal`. Among
/// the built-ins only `format` and `formatlist` take nulls that way, so an untyped `null`
/// among their arguments makes them unknown (see FORMAT_HANDLES_DYNAMIC for the end of it).
pub const CTY_DYNAMIC_SHORT_CIRCUIT: Arrival = Arrival {
    name: "untyped null argument short-circuits format/formatlist",
    since: (1, 6, 0),
    source: "go-cty CHANGELOG 1.13.1: \"The function system will now skip calling Impl if it skips calling Type, immediately returning cty.DynamicVal\"; go.mod: go-cty v1.12.2 at v1.5.7, v1.14.0 at v1.6.0; Terraform 1.11.4 prints format(\"%v\", null) as (known after apply), tf-oracle 1.0.3 as \"null\"",
};

/// `format` and `formatlist` handle unknown and null values of unknown type themselves again.
pub const FORMAT_HANDLES_DYNAMIC: Arrival = Arrival {
    name: "format/formatlist take an untyped null again",
    since: (1, 12, 0),
    source: "go-cty CHANGELOG 1.16.1: \"FormatFunc and FormatListFunc now handle unknown and null values of unknown type as arguments, rather than letting the function system's short-circuit behavior take care of it\"; go.mod: go-cty v1.16.0 at v1.11.4, v1.16.2 at v1.12.0",
};

/// `element` of a tuple with a negative index no longer panics (from 1.10 to 1.11 go-cty took
/// Go's remainder, which keeps the sign, and indexed the tuple with it).
pub const ELEMENT_NEGATIVE_TUPLE: Arrival = Arrival {
    name: "element() of a tuple with a negative index",
    since: (1, 12, 0),
    source: "go-cty CHANGELOG 1.16.2: \"ElementFunc no longer crashes when asked for a negative index into a tuple\"; go.mod: go-cty v1.16.0 at v1.11.4, v1.16.2 at v1.12.0; Terraform 1.11.4: element([1,2], -1) is \"panic in function implementation: runtime error: index out of range [-1]\", element(tolist([1,2]), -1) is 2",
};

/// Go's `strconv.Quote` writes DEL (U+007F) as `\x7f`, like the other ASCII controls (before:
/// `\u007f`): printed strings and `%q` in messages.
pub const GO_QUOTE_DEL_HEX: Arrival = Arrival {
    name: "DEL quoted as \\x7f",
    since: (1, 3, 0),
    source: "Go 1.19 release notes (strconv): Quote and related functions now quote the rune U+007F as \\x7f, not \\u007f (golang/go#52062); .go-version: 1.18.1 at v1.2.9, 1.19.1 at v1.3.0; tf-oracle 1.0.3 prints \"\\u007f\", Terraform 1.11.4 \"\\x7f\"",
};

/// Go's Unicode tables move from 13.0 to 15.0 (printing, `upper`, `lower`, `title`).
pub const GO_UNICODE_15: Arrival = Arrival {
    name: "Go's Unicode 15.0 tables",
    since: (1, 6, 0),
    source: ".go-version: 1.20.7 at v1.5.7, 1.21.1 at v1.6.0; Go 1.21 release notes: \"The unicode package and associated support throughout the system has been upgraded to Unicode 15.0.0\" (Go 1.16 .. 1.20: Unicode 13.0.0)",
};

/// go-textseg v13 (Unicode 13) gives way to v15 (Unicode 15.0) for grapheme clusters.
pub const TEXTSEG_UNICODE_15: Arrival = Arrival {
    name: "go-textseg v15 grapheme clusters",
    since: (1, 6, 0),
    source: "go.mod: go-cty v1.12.2 and go-textseg/v13 v13.0.0 at v1.5.7; go-cty v1.14.0 and go-textseg/v15 v15.0.0 at v1.6.0",
};

/// `removed` blocks (before: "Unsupported block type").
pub const REMOVED_BLOCKS: Arrival = Arrival {
    name: "removed blocks",
    since: (1, 7, 0),
    source: "CHANGELOG.md v1.7.0: \"`removed` block for refactoring modules\"",
};

/// A local that fails in the console's start-up walk keeps the value HCL produced with the
/// errors (a tuple with an unknown element, a template's text); before, it was unknown.
pub const FAILED_LOCAL_KEEPS_VALUE: Arrival = Arrival {
    name: "a failed local keeps its partial value",
    since: (1, 8, 0),
    source: "internal/terraform/node_local.go at v1.8.0: NodeLocal.Execute stores what evaluateLocalValue returned, errors or not (namedVals.SetLocalValue; commit a55b0b39de); at v1.7.0 it returned on errors before setting the value. Terraform 1.11.4 prints the partial value",
};

/// transpose() of a map holding a null list is an error of its own (before: go-cty panicked).
pub const TRANSPOSE_NULL_LIST: Arrival = Arrival {
    name: "transpose refuses a null list",
    since: (1, 11, 1),
    source: "CHANGELOG.md v1.11.1: \"lang/funcs/transpose: Avoid crash due to map with null values\" (#36611): \"input must not contain null list\"",
};

/// A function call that returns unknown because an argument is unknown keeps the arguments'
/// marks (`lower(var.secret)` is sensitive while `var.secret` is not yet known); before, the
/// unknown result was unmarked.
pub const UNKNOWN_CALL_KEEPS_MARKS: Arrival = Arrival {
    name: "an unknown call result keeps its arguments' marks",
    since: (1, 10, 0),
    source: "tf-oracle: `validate` of `output \"p\" { value = lower(var.name) }` with a sensitive var.name fails with \"Output refers to sensitive values\" at 1.10.5, 1.11.4 and 1.12.2, not at 1.6.6, 1.8.4 and 1.9.8; go.mod: go-cty v1.14.4 at Terraform v1.9.8, v1.15.1 at v1.10.0",
};

/// A variable's validation rules see its value sensitive when it is declared so (before,
/// unmarked: a message naming it was shown, and the rule's values listed under the error).
pub const VALIDATION_SEES_SENSITIVE: Arrival = Arrival {
    name: "validation rules see their variable sensitive",
    since: (1, 13, 0),
    source: "tf-oracle: `variable \"v\" { sensitive = true ... error_message = \"short ${var.v}\" }` failing its rule prints the message and `var.v is \"abc\"` at 1.6.6 and 1.12.2, \"The error message included a sensitive value\" at 1.13.5 and 1.14.9",
};

/// HCL keeps marks where it used to drop them: a conditional's result carries its known
/// condition's marks (`sensitive(true) ? "a" : "b"` is sensitive), and an attribute or index
/// of an unknown marked value is marked (before, both were unmarked).
pub const MARKS_THROUGH_CONDITIONS: Arrival = Arrival {
    name: "marks kept through conditions and unknown traversals",
    since: (1, 10, 0),
    source: "tf-oracle console: `issensitive(sensitive(true) ? \"a\" : \"b\")` and `issensitive(sensitive(terraform_data.a.output).foo)` are false at 1.8.4 and 1.9.8, true at 1.10.5, 1.12.2 and 1.14.9; go.mod: hashicorp/hcl v2.20.0 at v1.9.8, v2.23.0 at v1.10.0, whose CHANGELOG says \"Preserve marks when traversing through unknown values (#699)\" and \"Retain marks through conditional and for expressions (#710)\"",
};

/// `issensitive()` of an unknown value that is not marked is unknown (it may yet turn out
/// sensitive); before, false.
pub const ISSENSITIVE_UNKNOWN: Arrival = Arrival {
    name: "issensitive() of an unknown value is unknown",
    since: (1, 10, 0),
    source: "internal/lang/funcs/sensitive.go: IssensitiveFunc returns cty.UnknownVal(cty.Bool) for an unmarked unknown at v1.10.0, cty.BoolVal(HasMark) at v1.9.8; tf-oracle console `issensitive(terraform_data.a.output)`: false at 1.9.8, (known after apply) at 1.10.5 and 1.14.9",
};

/// try() and can() evaluate an argument that refers to unknown values (an error moves on, a
/// value with unknowns makes the result unknown); before, such an argument made the result
/// unknown unevaluated.
pub const TRY_EVALUATES_UNKNOWNS: Arrival = Arrival {
    name: "try and can evaluate unknowns",
    since: (1, 6, 0),
    source: "HCL CHANGELOG.md v2.18.0: \"ext/tryfunc: The \\\"try\\\" and \\\"can\\\" functions now handle unknown values slightly more precisely\" (#622; dependsOnUnknowns removed); go.mod: hcl/v2 v2.16.2 at Terraform v1.5.0, v2.18.0 at v1.6.0",
};

/// A splat of an unknown value that is no sequence is unknown (before: a one-element tuple of
/// it, `[(known after apply)]`).
pub const SPLAT_OF_UNKNOWN_SCALAR: Arrival = Arrival {
    name: "splat of an unknown single value is unknown",
    since: (1, 1, 0),
    source: "HCL CHANGELOG.md v2.11.0: \"hclsyntax: Upgrading an unknown single value to a list using a splat expression must return unknown\" (#493); go.mod: hcl/v2 v2.10.1 at Terraform v1.0.3, v2.11.1 at v1.1.0; tf-oracle 1.0.3 console: `var.s[*]` (string with no value) is [(known after apply),]",
};

/// Unknown values carry refinements (go-cty's): not null, a string's prefix, a number's
/// bounds, a collection's length bounds; operators, conversions, templates, conditionals and
/// functions produce and use them, so some results over unknowns are known.
pub const REFINEMENTS: Arrival = Arrival {
    name: "unknown value refinements",
    since: (1, 6, 0),
    source: "CHANGELOG.md v1.6.0: \"config: Terraform can now track some additional detail about values that won't be known until the apply step, such as the range of possible lengths for a collection or whether an unknown value can possibly be null\" (#33234); go.mod: go-cty v1.12.2 and hcl/v2 v2.16.2 at v1.5.7, go-cty v1.14.0 and hcl/v2 v2.18.0 at v1.6.0; tf-oracle console: `length(var.l) > -1` (list(string) with no value) is (known after apply) at 1.0.3, true at 1.6.6, 1.9.8, 1.12.2 and 1.14.9",
};

/// A null or unknown value converted to a type with `any` in it keeps its own concrete types
/// there (`toset` of a null list(number) is a null set of number; before: set of dynamic).
pub const NULL_CONVERSION_KEEPS_TYPES: Arrival = Arrival {
    name: "null conversions keep concrete types",
    since: (1, 6, 0),
    source: "go-cty CHANGELOG.md 1.13.0: \"`convert`: Will now prefer to retain a concrete type in the input value when the input is either null or unknown and the target type is `cty.DynamicPseudoType`\" (#144, cty/convert/conversion_dynamic.go dynamicReplace); go.mod: go-cty v1.12.2 at Terraform v1.5.0, v1.14.0 at v1.6.0",
};

/// A variable validation's `error_message` is an expression, evaluated when the rule fails
/// (before: a constant string, which must read as a sentence).
pub const VALIDATION_MESSAGE_EXPRESSIONS: Arrival = Arrival {
    name: "validation error messages are expressions",
    since: (1, 2, 0),
    source: "CHANGELOG.md v1.2.0: \"Error messages for preconditions, postconditions, and custom variable validations are now evaluated as expressions, allowing interpolation of relevant values into the output.\" (#30613); internal/configs/named_values.go at v1.1.0 decodes it with gohcl.DecodeExpression(attr.Expr, nil, ...) and looksLikeSentences",
};

/// A variable validation whose condition refers to nothing is refused ("Invalid validation
/// expression"): from 1.2 validations are decoded as check rules.
pub const VALIDATION_CONSTANT_CONDITION: Arrival = Arrival {
    name: "constant validation conditions refused",
    since: (1, 2, 0),
    source: "internal/configs/named_values.go at v1.2.0: decodeVariableValidationBlock \"is a wrapper around decodeCheckRuleBlock\"; internal/configs/checks.go: \"Invalid %s expression\" when len(cr.Condition.Variables()) == 0 (Terraform 1.11.4 prints \"Invalid validation expression\")",
};

/// A variable validation may refer to anything in the module (before: only to the variable
/// itself, which its condition must refer to).
pub const VALIDATION_ANY_REFERENCES: Arrival = Arrival {
    name: "validation rules refer to other objects",
    since: (1, 9, 0),
    source: "CHANGELOG.md v1.9.0: \"**Input variable validation rules can refer to other objects**: Previously input variable validation rules could refer only to the variable being validated.\"; internal/configs/named_values.go at v1.8.0: \"Invalid reference in variable validation\", \"Invalid variable validation condition\"",
};

/// `nullable` in a `variable` block (before: "Unsupported argument").
pub const VARIABLE_NULLABLE: Arrival = Arrival {
    name: "nullable variables",
    since: (1, 1, 0),
    source: "CHANGELOG.md v1.1.0: \"config: Variables can now be declared as \\\"nullable\\\"\" (#29832); internal/configs/named_values.go variableBlockSchema",
};

/// `ephemeral` in a `variable` or `output` block (before: "Unsupported argument").
pub const EPHEMERAL_VALUES: Arrival = Arrival {
    name: "ephemeral variables and outputs",
    since: (1, 10, 0),
    source: "CHANGELOG.md v1.10.0: \"**Ephemeral values**: Input variables and outputs can now be defined as ephemeral.\"; internal/configs/named_values.go variableBlockSchema and outputBlockSchema",
};

/// `terraform.applying`, an ephemeral bool (false outside apply); before, `Invalid "terraform"
/// attribute`, whose detail names it from then on.
pub const TERRAFORM_APPLYING: Arrival = Arrival {
    name: "terraform.applying",
    since: (1, 10, 0),
    source: "internal/terraform/evaluate_data.go GetTerraformAttr: case \"applying\" returns cty.BoolVal(d.Evaluator.Operation == walkApply).Mark(marks.Ephemeral) at v1.10.0, absent at v1.9.8; tf-oracle console `terraform.applying`: \"Invalid \\\"terraform\\\" attribute\" at 1.9.8, (ephemeral value) at 1.10.5 and 1.12.2",
};

/// The detail of `terraform.env` says the concept "was renamed" (before: "was rename").
pub const TERRAFORM_ENV_WORDING: Arrival = Arrival {
    name: "terraform.env's error says renamed",
    since: (1, 1, 0),
    source: "commit 172200808b \"Correct terraform.env deprecation message typo\" (first in v1.1.0); tf-oracle console `terraform.env`: \"was rename to\" at 1.0.3, \"was renamed to\" at 1.9.8",
};

/// `ephemeral` blocks (before: "Unsupported block type").
pub const EPHEMERAL_BLOCKS: Arrival = Arrival {
    name: "ephemeral blocks",
    since: (1, 10, 0),
    source: "CHANGELOG.md v1.10.0: \"**Ephemeral resources**: Ephemeral resources are read anew during each phase of Terraform evaluation\"; internal/configs/parser_config.go has Type \"ephemeral\" in configFileSchema from v1.10.0",
};

/// `action` blocks in the top-level schema (before: "Unsupported block type"). 1.13 knows
/// the block but decodes it only with experiments on; 1.14 made actions generally available.
pub const ACTION_BLOCKS: Arrival = Arrival {
    name: "action blocks",
    since: (1, 13, 0),
    source: "internal/configs/parser_config.go: Type \"action\" in configFileSchema from v1.13.0 (`case \"action\": if allowExperiments`), CHANGELOG.md v1.14.0: \"New top-level Actions block\"",
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

/// Function errors quote the value they name as Go's `%q` does, and say "key" in lookup's
/// (before: `lookup failed to find 'k'`, `failed to decode base64 data 'x'`).
pub const QUOTED_FUNCTION_ERRORS: Arrival = Arrival {
    name: "function errors quote the value they name",
    since: (1, 1, 3),
    source: "CHANGELOG.md v1.1.3: \"functions: Redact sensitive values from function call error messages\" (#30067): internal/lang/funcs/collection.go \"lookup failed to find '%s'\" at v1.1.2, \"lookup failed to find key %s\" with redactIfSensitive (%q) at v1.1.3; encoding.go likewise for base64decode",
};

/// go-cty's type-mismatch messages name the given type too ("bool required, but have number").
pub const MISMATCH_NAMES_GIVEN_TYPE: Arrival = Arrival {
    name: "type mismatch messages name the given type",
    since: (1, 13, 0),
    source: "go.mod: zclconf/go-cty v1.16.2 at v1.12.2, v1.16.3 at v1.13.0; go-cty commit 89f0621 \"convert: More forthcoming about cause in MismatchMessage\" (first in v1.16.3); its CHANGELOG.md 1.16.3: \"`convert`: Now generates more specific error messages in various cases of type conversion failure, giving additional information about the type that was given\" (also the operand errors: `bool required, but have number`)",
};

/// HCL 2.11's messages for input that ends too soon: "Missing expression" where an operand
/// belongs, "Unterminated tuple/object constructor expression" and "Unterminated function call"
/// for an open bracket, "Unclosed template interpolation sequence" for an open `${` (before:
/// "Invalid expression", "Missing item separator", "Missing attribute separator", "Missing
/// key/value separator", "Missing argument separator", "Extra characters after interpolation
/// expression").
pub const HCL_EOF_MESSAGES: Arrival = Arrival {
    name: "HCL's end-of-input parse messages",
    since: (1, 1, 0),
    source: "hashicorp/hcl CHANGELOG.md v2.11.0: \"hclsyntax: Various error messages related to unexpectedly reaching end of file while parsing a delimited subtree will now return specialized messages describing the opening tokens as 'unclosed'\" (#492, commit 81b680d); go.mod: v1.0.3 has hcl/v2 v2.10.1, v1.1.0 has v2.11.1",
};

/// HCL 2.20's `::` token, which function names with a namespace use (before, `::` scanned
/// as two colons, so `a::b` gave the messages of a stray `:`).
pub const HCL_DOUBLE_COLON: Arrival = Arrival {
    name: "HCL's `::` token",
    since: (1, 8, 0),
    source: "hashicorp/hcl commit 83c95d2 \"hclsyntax: Initial work on namespaced functions\" (scan_tokens.rl gains DoubleColon), first tagged v2.20.0; Terraform 1.8.0 is the first release calling provider functions (CHANGELOG.md v1.8.0, #34394), which needs it",
};

/// `sum()` converts every element to a number (before: a first element that is a string or a
/// bool made the function panic: "Error in function call").
pub const SUM_CONVERTS_FIRST: Arrival = Arrival {
    name: "sum() of strings",
    since: (1, 1, 8),
    source: "CHANGELOG.md v1.1.8: \"functions: Fix error when `sum()` function is called with a collection of string-encoded numbers, such as `sum([\\\"1\\\", \\\"2\\\", \\\"3\\\"])`.\" (#30684); v1.0.3's SumFunc starts from the unconverted first element",
};

/// "Inconsistent conditional result types" says which side has which type, and which object
/// attribute differs (before: "The given expressions are T and F, respectively.").
pub const CONDITIONAL_MISMATCH_DETAIL: Arrival = Arrival {
    name: "conditional type mismatch detail",
    since: (1, 2, 0),
    source: "hashicorp/hcl CHANGELOG.md v2.12.0: \"hclsyntax: Evaluation of conditional expressions will now produce more precise error messages about inconsistencies between the types of the true and false result expressions\" (#530); go.mod: v1.1.9 has hcl/v2 v2.11.1, v1.2.0 has v2.12.0",
};

/// `defaults()` is gone (before: it exists, but only inside the module_variable_optional_attrs
/// experiment, so the console's call fails).
pub const DEFAULTS_REMOVED: Arrival = Arrival {
    name: "defaults() removed",
    since: (1, 3, 0),
    source: "CHANGELOG.md v1.3.0: \"The built-in `defaults` function, previously used to meet the use-case of replacing null values with default values, will not graduate to stable and has been removed.\"; v1.0.3: \"this function is experimental and only available with the module_variable_optional_attrs experiment\" (tf-oracle)",
};

/// Regular expressions accept `(?<name>...)` groups, like `(?P<name>...)` (before: "invalid or
/// unsupported Perl syntax").
pub const REGEX_ANGLE_GROUPS: Arrival = Arrival {
    name: "(?<name>...) regular expression groups",
    since: (1, 8, 0),
    source: "Go 1.22 release notes (regexp): the syntax (?<name>...) is now accepted for named groups, like (?P<name>...); Terraform's .go-version: v1.7.x 1.21.x, v1.8.0 1.22.1 (the first built with Go 1.22)",
};

/// Every built-in function is also callable as `core::NAME` (before: `::` does not parse).
pub const CORE_NAMESPACE: Arrival = Arrival {
    name: "core:: built-in function names",
    since: (1, 8, 0),
    source: "internal/lang/functions.go at v1.8.0: \"All of the built-in functions are also available under the 'core::' namespace\" (absent at v1.7.0)",
};

/// `yamldecode` resolves integers by YAML 1.2's patterns only: `1_000`, `0x_1F`, `-0x10` are
/// strings (before: numbers).
pub const YAML_12_INTEGERS: Arrival = Arrival {
    name: "yamldecode() with YAML 1.2 integer forms",
    since: (1, 10, 0),
    source: "zclconf/go-cty-yaml CHANGELOG.md 1.1.0: \"Scalars containing underscores can no longer be resolved as integers ... a leading sign is accepted only for the decimal integer and float patterns\" (#6); go.mod: v1.9.8 has go-cty-yaml v1.0.3, v1.10.0 has v1.1.0",
};

/// A cycle between local values stops the console: "Error: Cycle: ..." (before: the console
/// warned "Due to the problems above, some expressions may produce unexpected results." and went
/// on with every local value unknown). A local that fails otherwise (refers to itself, calls an
/// unknown function) is that warning and an unknown value in every release.
pub const CONSOLE_CYCLE_ERROR: Arrival = Arrival {
    name: "a cycle between locals in the console",
    since: (1, 1, 0),
    source: "internal/terraform/context_eval.go at v1.1.0: Context.Eval returns no scope when the eval graph fails to build (\"if moreDiags.HasErrors() { return nil, diags }\"), so the console shows the cycle and exits 1; v1.0.3's context.go walks a placeholder graph instead and the console goes on after \"Due to the problems above, some expressions may produce unexpected results.\" (tf-oracle: (known after apply))",
};

/// `templatestring` whose template is one interpolation of a null is an error, "Template
/// result is null" (before: the null).
pub const TEMPLATESTRING_NULL_ERROR: Arrival = Arrival {
    name: "templatestring() of a null result",
    since: (1, 11, 2),
    source: "CHANGELOG.md v1.11.2: \"Return error when the templatestring function contains only a single interpolation that evaluates to a null value\" (#36652); internal/lang/funcs/string.go has \"Template result is null\" from v1.11.2",
};

/// A template function (`templatefile`, `templatestring`) called from inside a template either
/// renders is refused as "cannot recursively call NAME from inside another template function"
/// (before: only templatefile inside templatefile, "cannot recursively call templatefile from
/// inside templatefile call").
pub const TEMPLATE_RECURSION_ANY: Arrival = Arrival {
    name: "template functions refused inside any template function",
    since: (1, 9, 0),
    source: "internal/lang/funcs/string.go at v1.9.0 (makeRenderTemplateFunc: \"cannot recursively call %s from inside another template function\" for every name in templateFunctions, templatefile and templatestring, from commit edf335e \"Experimental templatestring function\"); filesystem.go at v1.8.0 has \"cannot recursively call templatefile from inside templatefile call\" (tf-oracle 1.8.4 and 1.9.8: templatefile(\"recursive.tftpl\", {}))",
};

/// `values()`' parameter is named `mapping` in its errors (before: `values`).
pub const VALUES_PARAM_MAPPING: Arrival = Arrival {
    name: "values() parameter named mapping",
    since: (1, 4, 0),
    source: "zclconf/go-cty commit 2d26b96 \"function/stdlib: English-language descriptions for all of the functions\" (first in v1.12.0) renames ValuesFunc's parameter values -> mapping; go.mod: v1.3.0 has go-cty v1.11.0, v1.4.0 has v1.12.1 (tf-oracle 1.0.3: Invalid value for \"values\" parameter)",
};

/// Every gated feature other than the function table, oldest first.
pub const FEATURES: &[Arrival] = &[
    HCL_EOF_MESSAGES,
    HCL_DOUBLE_COLON,
    SPLAT_OF_UNKNOWN_SCALAR,
    CONSOLE_CYCLE_ERROR,
    MOVED_BLOCKS,
    SUM_CONVERTS_FIRST,
    RFC3339_COMMA_FRACTION,
    CUSTOM_CONDITIONS,
    CONDITIONAL_MISMATCH_DETAIL,
    TYPED_NULL_CONVERSIONS,
    CIDRNETMASK_IPV6_ERROR,
    OPTIONAL_ATTRS,
    DEFAULTS_REMOVED,
    VALUES_PARAM_MAPPING,
    TERRAFORM_DATA,
    YAML_NULL_DOCUMENT,
    SENSITIVE_VALUE_PRINTING,
    CHECK_BLOCKS,
    IMPORT_BLOCKS,
    GO_UNICODE_15,
    GO_QUOTE_DEL_HEX,
    ELEMENT_NEGATIVE_TUPLE,
    CTY_DYNAMIC_SHORT_CIRCUIT,
    FORMAT_HANDLES_DYNAMIC,
    TEXTSEG_UNICODE_15,
    STRICT_RFC3339,
    REMOVED_BLOCKS,
    EPHEMERAL_BLOCKS,
    ACTION_BLOCKS,
    VARIABLE_NULLABLE,
    EPHEMERAL_VALUES,
    TERRAFORM_APPLYING,
    TERRAFORM_ENV_WORDING,
    NULL_CONVERSION_KEEPS_TYPES,
    TRY_EVALUATES_UNKNOWNS,
    REFINEMENTS,
    UNKNOWN_CALL_KEEPS_MARKS,
    MARKS_THROUGH_CONDITIONS,
    VALIDATION_SEES_SENSITIVE,
    ISSENSITIVE_UNKNOWN,
    FAILED_LOCAL_KEEPS_VALUE,
    TRANSPOSE_NULL_LIST,
    VALIDATION_MESSAGE_EXPRESSIONS,
    VALIDATION_CONSTANT_CONDITION,
    VALIDATION_ANY_REFERENCES,
    NONSENSITIVE_LENIENT,
    PROVIDER_FUNCTIONS,
    CORE_NAMESPACE,
    REGEX_ANGLE_GROUPS,
    TEMPLATE_RECURSION_ANY,
    ELEMENT_NEGATIVE_INDEX,
    YAML_12_INTEGERS,
    TEMPLATESTRING_NULL_ERROR,
    LOGICAL_SHORT_CIRCUIT,
    MISMATCH_NAMES_GIVEN_TYPE,
    QUOTED_FUNCTION_ERRORS,
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
/// the patch releases where a gated behaviour changed: 1.1.3 (quoted function errors), 1.1.8
/// (`sum` of strings), 1.11.1 (`transpose` of a null list) and 1.11.2 (templatestring of a null).
pub const RELEASES: &[TfVersion] = &[
    (1, 0, 0),
    (1, 1, 0),
    (1, 1, 3),
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
    (1, 11, 1),
    (1, 11, 2),
    (1, 12, 0),
    (1, 13, 0),
    (1, 14, 0),
];

/// Parses `X.Y.Z` (or `X.Y`).
pub fn parse_version(s: &str) -> Result<(u32, u32, u32), String> {
    let parts: Vec<&str> = s.trim_start_matches('v').split('.').collect();
    let num = |i: usize| -> Result<u32, String> {
        match parts.get(i) {
            Some(p) => p
                .parse::<u32>()
                .map_err(|_| format!("invalid Terraform version {s:?}: expected X.Y.Z")),
            None => Ok(0),
        }
    };
    if parts.len() < 2 || parts.len() > 3 {
        return Err(format!("invalid Terraform version {s:?}: expected X.Y.Z"));
    }
    Ok((num(0)?, num(1)?, num(2)?))
}

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
    use crate::lang::dialect::rules::Rules;
    use crate::lang::session::Session;

    /// The console output of `expr` over configuration `cfg` in Terraform `v`, or `ERR summary`.
    fn at(v: TfVersion, cfg: &str, expr: &str) -> String {
        let mut s = match Session::with_config_text_at("main.tf", cfg, v) {
            Ok(s) => s,
            Err(d) => return format!("LOAD {}", d.summary),
        };
        s.version = Some(v);
        match s.eval(expr, &Rules::real(), false).result {
            Ok(a) => a.console_at(v),
            Err(d) => format!("ERR {}", d.summary),
        }
    }

    /// The detail of the error `expr` gives in Terraform `v` (empty when it succeeds).
    fn detail_at(v: TfVersion, expr: &str) -> String {
        let s = Session {
            version: Some(v),
            ..Default::default()
        };
        s.eval(expr, &Rules::real(), false)
            .result
            .err()
            .map(|d| d.detail)
            .unwrap_or_default()
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
        // The console never has plantimestamp() (tf-oracle 1.0.3, 1.6.6, 1.12.2, 1.15.5: false
        // at each); a plan has it from 1.5 (tests/it/bank_scenarios.rs).
        gate(function("plantimestamp"), "", "can(plantimestamp())", "false", "false");
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
        let check = format!("check \"ok\" {{\n  assert {{\n    condition     = local.x == 1\n    error_message = \"x\"\n  }}\n}}\n{tail}");
        gate(CHECK_BLOCKS, &check, "local.x", UNSUPPORTED, "1");
        // Known to the schema from their release on (the configFileSchema of each tag).
        let ephemeral = format!("ephemeral \"random_password\" \"p\" {{\n  length = 8\n}}\n{tail}");
        gate(EPHEMERAL_BLOCKS, &ephemeral, "local.x", UNSUPPORTED, "1");
        let action = format!("action \"aws_lambda_invoke\" \"a\" {{\n}}\n{tail}");
        gate(ACTION_BLOCKS, &action, "local.x", UNSUPPORTED, "1");
    }
    // 1.0.3 (tf-oracle): `nullable` in a variable is "Unsupported argument".
    #[test]
    fn variable_and_output_arguments() {
        let nullable = "variable \"v\" {\n  nullable = false\n  default  = 1\n}\n";
        gate(VARIABLE_NULLABLE, nullable, "var.v", "LOAD Unsupported argument", "1");
        let ephemeral = "output \"o\" {\n  value     = 1\n  ephemeral = false\n}\n";
        gate(EPHEMERAL_VALUES, ephemeral, "1", "LOAD Unsupported argument", "1");
    }
    // tf-oracle console: `terraform.applying` is "Invalid \"terraform\" attribute" at 1.9.8
    // (whose detail names terraform.workspace only) and (ephemeral value) at 1.10.5; the detail
    // of `terraform.env` says "was rename to" at 1.0.3 and "was renamed to" at 1.9.8.
    #[test]
    fn terraform_attributes() {
        let invalid = "ERR Invalid \"terraform\" attribute";
        gate(TERRAFORM_APPLYING, "", "terraform.applying", invalid, "(ephemeral value)");
        gate(TERRAFORM_APPLYING, "", "!terraform.applying", invalid, "(ephemeral value)");
        let a = TERRAFORM_APPLYING;
        assert!(
            detail_at(before(a.since), "terraform.foo")
                .ends_with("The only supported attribute is terraform.workspace, the name of the currently-selected workspace.")
        );
        assert!(detail_at(a.since, "terraform.foo").ends_with("and terraform.applying, a boolean which is true only during apply."));
        let a = TERRAFORM_ENV_WORDING;
        assert!(detail_at(before(a.since), "terraform.env").contains("concept was rename to \"workspace\""));
        assert!(detail_at(a.since, "terraform.env").contains("concept was renamed to \"workspace\""));
    }
    // 1.0.3 (tf-oracle): a local that failed is `(known after apply)`; Terraform 1.11.4 prints
    // the object with its failed attribute unknown.
    #[test]
    fn failed_local_keeps_value() {
        let cfg = "locals {\n  l0 = {\n    k0 = null\n    k1 = log([true], -7.2)\n  }\n}\n";
        let a = FAILED_LOCAL_KEEPS_VALUE;
        assert!(at(before(a.since), cfg, "local.l0").ends_with("(known after apply)"));
        assert!(at(a.since, cfg, "local.l0").ends_with("{\n  \"k0\" = null\n  \"k1\" = (known after apply)\n}"));
    }
    // 1.0.3 (tf-oracle): a panic; Terraform 1.11.4: "input must not contain null list".
    #[test]
    fn transpose_null_list() {
        let e = "transpose({a = null})";
        let a = TRANSPOSE_NULL_LIST;
        assert!(detail_at(before(a.since), e).contains("panic in function implementation"));
        assert!(detail_at(a.since, e).ends_with("input must not contain null list."));
    }
    // tf-oracle `validate`: `output "p" { value = lower(var.name) }` with var.name sensitive
    // and unknown needs `sensitive = true` from 1.10 only: the unknown result keeps the mark.
    #[test]
    fn unknown_call_results_keep_marks() {
        let cfg = "variable \"s\" {\n  type      = string\n  sensitive = true\n}\n";
        let a = UNKNOWN_CALL_KEEPS_MARKS;
        // The console prints an unknown value before its marks, so the mark is read directly.
        let marked = |v: TfVersion| {
            let mut s = Session::with_config_text_at("main.tf", cfg, v).expect("loads");
            s.version = Some(v);
            matches!(s.eval("lower(var.s)", &Rules::real(), false).result, Ok(crate::lang::session::Answer::Value(x)) if x.has_sensitive())
        };
        assert!(!marked(before(a.since)), "{} before {:?}", a.name, a.since);
        assert!(marked(a.since), "{} at {:?}", a.name, a.since);
    }
    // tf-oracle console at 1.9.8 and 1.10.5: a known sensitive condition marks the result,
    // and so does an unknown sensitive value traversed, from 1.10 (HCL 2.23).
    #[test]
    fn marks_through_conditions_and_unknowns() {
        let cfg = "variable \"o\" {\n  type      = object({ foo = string })\n  sensitive = true\n}\nvariable \"l\" {\n  type      = list(string)\n  sensitive = true\n}\n";
        let a = MARKS_THROUGH_CONDITIONS;
        gate(a, cfg, "issensitive(sensitive(true) ? \"a\" : \"b\")", "false", "true");
        gate(a, cfg, "issensitive(var.o.foo)", "false", "true");
        gate(a, cfg, "issensitive(var.l[0])", "false", "true");
        // A sensitive result stays so in every release.
        gate(a, cfg, "issensitive(true ? sensitive(\"a\") : \"b\")", "true", "true");
    }
    // internal/lang/funcs/sensitive.go at v1.9.8 and v1.10.0; tf-oracle console.
    #[test]
    fn issensitive_of_unknown() {
        let cfg = "variable \"u\" {\n  type = string\n}\n";
        gate(ISSENSITIVE_UNKNOWN, cfg, "issensitive(var.u)", "false", "(known after apply)");
        gate(ISSENSITIVE_UNKNOWN, cfg, "issensitive(sensitive(var.u))", "true", "true");
    }
    // 1.0.3 (tf-oracle): `can(var.m > 1)` of an unknown map is unknown; HCL 2.18 evaluates it
    // (a map is no number: false).
    #[test]
    fn try_and_can_of_unknowns() {
        let cfg = "variable \"m\" {\n  type = map(string)\n}\n";
        gate(TRY_EVALUATES_UNKNOWNS, cfg, "can(var.m > 1)", "(known after apply)", "false");
        gate(TRY_EVALUATES_UNKNOWNS, cfg, "try(var.m > 1, 2)", "(known after apply)", "2");
    }
    // tf-oracle console, variables with no value: 1.0.3 gives (known after apply) for each;
    // 1.6.6, 1.9.8, 1.12.2 and 1.14.9 the known results.
    #[test]
    fn refinements_of_unknowns() {
        let cfg = "variable \"s\" {\n  type = string\n}\nvariable \"l\" {\n  type = list(string)\n}\n";
        let unknown = "(known after apply)";
        gate(REFINEMENTS, cfg, "length(var.l) > -1", unknown, "true");
        gate(REFINEMENTS, cfg, "upper(var.s) == null", unknown, "false");
        gate(REFINEMENTS, cfg, "length(jsonencode([var.s])) > 0", unknown, "true");
        gate(REFINEMENTS, cfg, "\"ab${var.s}\" == \"x\"", unknown, "false");
        gate(
            REFINEMENTS,
            cfg,
            "sort([var.s, \"a\"])",
            unknown,
            "tolist([\n  (known after apply),\n  (known after apply),\n])",
        );
    }
    // tf-oracle 1.0.3 console: `var.s[*]` of a string with no value is a one-element tuple.
    #[test]
    fn splat_of_unknown_scalar() {
        let cfg = "variable \"s\" {\n  type = string\n}\n";
        gate(
            SPLAT_OF_UNKNOWN_SCALAR,
            cfg,
            "var.s[*]",
            "[\n  (known after apply),\n]",
            "(known after apply)",
        );
    }
    // 1.0.3 (tf-oracle): `toset(null) /* of dynamic */`; Terraform 1.11.4: `of number`.
    #[test]
    fn null_conversions_keep_types() {
        let cfg = "variable \"ln\" {\n  type    = list(number)\n  default = null\n}\n";
        gate(
            NULL_CONVERSION_KEEPS_TYPES,
            cfg,
            "toset(var.ln)",
            "toset(null) /* of dynamic */",
            "toset(null) /* of number */",
        );
    }
    // 1.0.3 (tf-oracle): a validation message that interpolates the variable is not a
    // constant; one that refers to a local, or a condition that does not test the variable,
    // is refused until 1.9.
    #[test]
    fn variable_validation_rules() {
        let rule = |cond: &str, msg: &str| {
            format!(
                "locals {{\n  x = 1\n}}\nvariable \"v\" {{\n  default = 5\n  validation {{\n    condition     = {cond}\n    error_message = {msg}\n  }}\n}}\n"
            )
        };
        let templated = rule("var.v > 1", "\"Got ${var.v}.\"");
        gate(
            VALIDATION_MESSAGE_EXPRESSIONS,
            &templated,
            "var.v",
            "LOAD Unsuitable value type",
            "5",
        );
        let lower = rule("var.v > 1", "\"too small\"");
        gate(
            VALIDATION_MESSAGE_EXPRESSIONS,
            &lower,
            "var.v",
            "LOAD Invalid validation error message",
            "5",
        );
        let other = rule("var.v > local.x", "\"Too small.\"");
        gate(
            VALIDATION_ANY_REFERENCES,
            &other,
            "var.v",
            "LOAD Invalid reference in variable validation",
            "5",
        );
        let none = rule("true", "\"Never.\"");
        let (old, new) = ("LOAD Invalid variable validation condition", "LOAD Invalid validation expression");
        gate(VALIDATION_CONSTANT_CONDITION, &none, "var.v", old, new);
    }
    // 1.0.3: a precondition in an output is "Unsupported block type" (tf-oracle).
    #[test]
    fn custom_conditions() {
        let cfg = "output \"o\" {\n  value = 1\n  precondition {\n    condition     = local.x == 1\n    error_message = \"x\"\n  }\n}\nlocals {\n  x = 1\n}\n";
        gate(CUSTOM_CONDITIONS, cfg, "local.x", UNSUPPORTED, "1");
        let res = "resource \"example_thing\" \"a\" {\n  lifecycle {\n    postcondition {\n      condition     = local.x == 1\n      error_message = \"x\"\n    }\n  }\n}\nlocals {\n  x = 1\n}\n";
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
        // Both operands are still converted first (hclsyntax BinaryOpExpr.Value): a skipped
        // operand that is no bool is "Invalid operand" in every release; tf-oracle 1.0.3.
        gate(
            LOGICAL_SHORT_CIRCUIT,
            "",
            r#"true || "x""#,
            "ERR Invalid operand",
            "ERR Invalid operand",
        );
        gate(
            LOGICAL_SHORT_CIRCUIT,
            "",
            r#"null || "x""#,
            "ERR Invalid operand",
            "ERR Invalid operand",
        );
        gate(LOGICAL_SHORT_CIRCUIT, "", "[1][5] || true", "ERR Invalid index", "true");
        gate(
            LOGICAL_SHORT_CIRCUIT,
            "",
            "false || null",
            "ERR Operation failed",
            "ERR Operation failed",
        );
        gate(LOGICAL_SHORT_CIRCUIT, "", "true && false", "false", "false");
    }
    // 1.0.3 (Go 1.16, go-textseg v13): `"\u0870"` prints escaped, `upper("\uA7C1")` is unchanged
    // and `length("a\U00011F00")` is 2 (tf-oracle).
    #[test]
    fn unicode_tables() {
        gate(GO_UNICODE_15, "", r#""\u0870""#, r#""\u0870""#, "\"\u{870}\"");
        gate(GO_UNICODE_15, "", r#"upper("\uA7C1")"#, r#""\ua7c1""#, "\"\u{A7C0}\"");
        gate(TEXTSEG_UNICODE_15, "", r#"length("a\U00011F00")"#, "2", "1");
        // tf-oracle 1.0.3 and Terraform 1.11.4's console.
        gate(GO_QUOTE_DEL_HEX, "", r#""a\u007fb""#, r#""a\u007fb""#, r#""a\x7fb""#);
    }
    // Terraform 1.11.4's console; 1.12 as go-cty 1.16.2 describes it.
    #[test]
    fn element_of_a_tuple_from_the_end() {
        let panic = "ERR Error in function call";
        gate(ELEMENT_NEGATIVE_TUPLE, "", "element([1, 2], -1)", panic, "2");
        gate(ELEMENT_NEGATIVE_TUPLE, "", "element([1, 2, 3], -5)", panic, "2");
        gate(ELEMENT_NEGATIVE_TUPLE, "", "element([\"a\"], -2)", "\"a\"", "\"a\"");
        gate(ELEMENT_NEGATIVE_TUPLE, "", "element(tolist([1, 2]), -3)", "2", "2");
    }
    // tf-oracle 1.0.3 and Terraform 1.11.4's console; 1.12 as go-cty 1.16.1 describes it.
    #[test]
    fn format_of_untyped_null() {
        gate(
            CTY_DYNAMIC_SHORT_CIRCUIT,
            "",
            r#"format("%v", null)"#,
            r#""null""#,
            "(known after apply)",
        );
        gate(
            CTY_DYNAMIC_SHORT_CIRCUIT,
            "",
            r#"formatlist("%s", null)"#,
            "ERR Error in function call",
            "(known after apply)",
        );
        gate(
            FORMAT_HANDLES_DYNAMIC,
            "",
            r#"format("%v", null)"#,
            "(known after apply)",
            r#""null""#,
        );
        gate(
            FORMAT_HANDLES_DYNAMIC,
            "",
            r#"format("x", null)"#,
            "(known after apply)",
            "ERR Invalid function argument",
        );
    }
    // 1.0.3: "Error in function call" (tf-oracle: "cannot use element function with a negative index").
    #[test]
    fn element_negative_index() {
        gate(
            ELEMENT_NEGATIVE_INDEX,
            "",
            r#"element(tolist(["a", "b", "c"]), -1)"#,
            "ERR Error in function call",
            "\"c\"",
        );
    }

    // 1.0.3 (tf-oracle): "[1," "{" "1 +" "!" are "Invalid expression"; "[1, 2" "Missing item
    // separator"; "{a=1" "Missing attribute separator"; "{a" "Missing key/value separator";
    // "f(1" "Missing argument separator"; "\"${a" and "\"${a\"" "Extra characters after
    // interpolation expression".
    #[test]
    fn hcl_end_of_input_messages() {
        let g = |e: &str, old: &str, new: &str| gate(HCL_EOF_MESSAGES, "", e, old, new);
        g("[1,", "ERR Invalid expression", "ERR Missing expression");
        g("{", "ERR Invalid expression", "ERR Missing expression");
        g("1 +", "ERR Invalid expression", "ERR Missing expression");
        g("!", "ERR Invalid expression", "ERR Missing expression");
        g("upper(1,", "ERR Invalid expression", "ERR Missing expression");
        g(
            "[1, 2",
            "ERR Missing item separator",
            "ERR Unterminated tuple constructor expression",
        );
        g(
            "{a=1",
            "ERR Missing attribute separator",
            "ERR Unterminated object constructor expression",
        );
        g(
            "{a",
            "ERR Missing key/value separator",
            "ERR Unterminated object constructor expression",
        );
        g("f(1", "ERR Missing argument separator", "ERR Unterminated function call");
        let unclosed = "ERR Unclosed template interpolation sequence";
        g("\"${a", "ERR Extra characters after interpolation expression", unclosed);
        g("\"${a\"", "ERR Extra characters after interpolation expression", unclosed);
        // Unchanged: a closed bracket with a bad item, and a complete interpolation.
        g("[1 2]", "ERR Missing item separator", "ERR Missing item separator");
        g("\"${1}\"", "1", "1");
        // In a configuration file: a block left open (1.0.3 tf-oracle: "Argument or block
        // definition required" at the end of the file).
        let cfg = "locals {\n  x = 1\n";
        gate(
            HCL_EOF_MESSAGES,
            cfg,
            "local.x",
            "LOAD Argument or block definition required",
            "LOAD Unclosed configuration block",
        );
    }

    // 1.0.3 (tf-oracle): `a::b` is "Extra characters after expression" (the first of two
    // colons); with `::` one token, a function name missing its parentheses.
    #[test]
    fn hcl_double_colon() {
        gate(
            HCL_DOUBLE_COLON,
            "",
            "a::b",
            "ERR Extra characters after expression",
            "ERR Missing open parenthesis",
        );
    }
    // 1.0.3: with a cycle between locals every local is `(known after apply)` (tf-oracle).
    #[test]
    fn console_cycle() {
        let cfg = "locals {\n  a = local.b\n  b = local.a\n  c = 1\n}\n";
        gate(
            CONSOLE_CYCLE_ERROR,
            cfg,
            "local.a",
            "(known after apply)",
            "ERR Cycle: local.a (expand), local.b (expand)",
        );
        let ok = "locals {\n  a = local.b\n  b = 2\n}\n";
        gate(CONSOLE_CYCLE_ERROR, ok, "local.a", "2", "2");
        // A failing local (1.0.3, tf-oracle: the warning on standard output, then the value).
        let failing = "locals {\n  a = local.a + 1\n  b = 2\n}\n";
        gate(
            CONSOLE_CYCLE_ERROR,
            failing,
            "local.a",
            "(known after apply)",
            "(known after apply)",
        );
        let walk = |v: TfVersion, expr: &str| {
            let s = Session {
                version: Some(v),
                ..Session::with_config_text("main.tf", failing).unwrap_or_default()
            };
            s.eval(expr, &Rules::real(), false).console_at(v).unwrap_or_default()
        };
        let before_walk = walk(before(CONSOLE_CYCLE_ERROR.since), "local.b");
        assert!(
            before_walk.starts_with(crate::lang::session::WALK_WARNING) && before_walk.ends_with("\n2"),
            "{before_walk:?}"
        );
        // internal/command/console.go at v1.14: the same warning after a walk with errors.
        assert!(walk(CONSOLE_CYCLE_ERROR.since, "local.b").starts_with(crate::lang::session::WALK_WARNING));
        // A cycle the expression does not touch still stops the console from 1.1.
        let cycle = "locals {\n  a = local.b\n  b = local.a\n  c = 1\n}\n";
        gate(
            CONSOLE_CYCLE_ERROR,
            cycle,
            "local.c",
            "(known after apply)",
            "ERR Cycle: local.a (expand), local.b (expand)",
        );
    }
    // 1.0.3: `sum(["1","2"])` is "Error in function call" (a panic, tf-oracle).
    #[test]
    fn sum_of_strings() {
        gate(SUM_CONVERTS_FIRST, "", r#"sum(["1", "2"])"#, "ERR Error in function call", "3");
        gate(
            SUM_CONVERTS_FIRST,
            "",
            r#"sum(["a"])"#,
            "ERR Error in function call",
            "ERR Invalid function argument",
        );
        gate(SUM_CONVERTS_FIRST, "", r#"sum([1, "2"])"#, "3", "3");
    }
    // 1.0.3 (tf-oracle): "The given expressions are number and bool, respectively." and, for
    // objects, "object and object".
    #[test]
    fn conditional_mismatch_detail() {
        let a = CONDITIONAL_MISMATCH_DETAIL;
        let head = "The true and false result expressions must have consistent types. ";
        assert_eq!(
            detail_at(before(a.since), "true ? 1 : false"),
            format!("{head}The given expressions are number and bool, respectively.")
        );
        assert_eq!(
            detail_at(a.since, "true ? 1 : false"),
            format!("{head}The 'true' value is number, but the 'false' value is bool.")
        );
        assert_eq!(
            detail_at(before(a.since), "true ? {a = 1} : {a = true}"),
            format!("{head}The given expressions are object and object, respectively.")
        );
        assert!(detail_at(a.since, "true ? {a = 1} : {a = true}").starts_with(&format!("{head}Type mismatch for object attribute \"a\"")));
    }
    // 1.0.3 (tf-oracle): "Unsuitable value for unary operand: bool required." and "... right
    // operand: number required."
    #[test]
    fn operand_wording() {
        let a = MISMATCH_NAMES_GIVEN_TYPE;
        assert_eq!(
            detail_at(before(a.since), "!1"),
            "Unsuitable value for unary operand: bool required."
        );
        assert_eq!(
            detail_at(a.since, "!1"),
            "Unsuitable value for unary operand: bool required, but have number."
        );
        assert_eq!(
            detail_at(before(a.since), "1 + true"),
            "Unsuitable value for right operand: number required."
        );
        assert_eq!(
            detail_at(a.since, "1 + true"),
            "Unsuitable value for right operand: number required, but have bool."
        );
    }
    // 1.0.3: `defaults(...)` is "Error in function call" (experimental), tf-oracle.
    #[test]
    fn defaults_removed() {
        let e = "defaults({a = null}, {a = 1})";
        gate(DEFAULTS_REMOVED, "", e, "ERR Error in function call", UNKNOWN_FN);
        gate(DEFAULTS_REMOVED, "", "defaults(1)", "ERR Not enough function arguments", UNKNOWN_FN);
        assert_eq!(
            detail_at((1, 0, 0), e),
            "Call to function \"defaults\" failed: this function is experimental and available only when the experiment keyword module_variable_optional_attrs is enabled for the current module."
        );
    }
    // 1.0.3: offsets +24:00 and +00:60 are accepted (tf-oracle).
    #[test]
    fn strict_rfc3339_zone_offsets() {
        let f = r#"formatdate("YYYY", "2024-01-01T00:00:00+24:00")"#;
        gate(STRICT_RFC3339, "", f, "\"2024\"", "ERR Invalid function argument");
        let t = r#"timeadd("2024-01-01T00:00:00+00:60", "1h")"#;
        gate(STRICT_RFC3339, "", t, "\"2024-01-01T01:00:00+01:00\"", "ERR Error in function call");
        let ok = r#"formatdate("YYYY", "2024-01-01T00:00:00+23:59")"#;
        gate(STRICT_RFC3339, "", ok, "\"2024\"", "\"2024\"");
        assert_eq!(
            detail_at(STRICT_RFC3339.since, f),
            "Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"+24:00\" as UTC offset."
        );
    }
    // 1.0.3: `core::upper("a")` is "Extra characters after expression" (tf-oracle).
    #[test]
    fn core_namespace() {
        let extra = "ERR Extra characters after expression";
        gate(CORE_NAMESPACE, "", r#"core::upper("a")"#, extra, "\"A\"");
        gate(CORE_NAMESPACE, "", "core::type(1)", extra, "number");
        let tpl = "locals {\n  t = \"x=$${a}\"\n}\n";
        // templatestring arrives later (1.9); under core:: it works as well.
        assert_eq!(at((1, 14, 0), tpl, "core::templatestring(local.t, { a = 1 })"), "\"x=1\"");
    }
    // 1.0.3: `(?<x>a)` is "Invalid function argument" (invalid or unsupported Perl syntax), tf-oracle.
    #[test]
    fn regex_angle_groups() {
        let e = r#"regex("(?<x>a)", "a")"#;
        gate(REGEX_ANGLE_GROUPS, "", e, "ERR Invalid function argument", "{\n  \"x\" = \"a\"\n}");
        let p = r#"regex("(?P<x>a)", "a")"#;
        gate(REGEX_ANGLE_GROUPS, "", p, "{\n  \"x\" = \"a\"\n}", "{\n  \"x\" = \"a\"\n}");
        let r = r#"replace("ab", "/(?<x>a)/", "z")"#;
        gate(REGEX_ANGLE_GROUPS, "", r, "ERR Error in function call", "\"zb\"");
    }
    // 1.0.3: `1_000`, `-0x10`, `0x_1F` are 1000, -16, 31 (tf-oracle).
    #[test]
    fn yaml_12_integers() {
        gate(YAML_12_INTEGERS, "", r#"yamldecode("1_000")"#, "1000", "\"1_000\"");
        gate(YAML_12_INTEGERS, "", r#"yamldecode("-0x10")"#, "-16", "\"-0x10\"");
        gate(YAML_12_INTEGERS, "", r#"yamldecode("0x_1F")"#, "31", "\"0x_1F\"");
        gate(YAML_12_INTEGERS, "", r#"yamldecode("0x1F")"#, "31", "31");
        gate(YAML_12_INTEGERS, "", r#"yamldecode("-12")"#, "-12", "-12");
    }

    // 1.0.3 (tf-oracle): "lookup failed to find 'k'." and "failed to decode base64 data 'x'".
    #[test]
    fn quoted_function_errors() {
        let a = QUOTED_FUNCTION_ERRORS;
        let lookup = r#"lookup(tomap({a = "x"}), "k")"#;
        let head = "Call to function \"lookup\" failed: ";
        assert_eq!(detail_at(before(a.since), lookup), format!("{head}lookup failed to find 'k'."));
        assert_eq!(detail_at(a.since, lookup), format!("{head}lookup failed to find key \"k\"."));
        let b64 = r#"base64decode("%%")"#;
        let head = "Call to function \"base64decode\" failed: ";
        assert_eq!(detail_at(before(a.since), b64), format!("{head}failed to decode base64 data '%%'."));
        assert_eq!(detail_at(a.since, b64), format!("{head}failed to decode base64 data \"%%\"."));
    }

    // 1.0.3 (tf-oracle): Invalid value for "values" parameter: argument must not be null.
    #[test]
    fn values_param_name() {
        let a = VALUES_PARAM_MAPPING;
        let d = |v| detail_at(v, "values(null)");
        assert_eq!(
            d(before(a.since)),
            "Invalid value for \"values\" parameter: argument must not be null."
        );
        assert_eq!(d(a.since), "Invalid value for \"mapping\" parameter: argument must not be null.");
    }

    // A sensitive variable's failing rule whose message names it: before 1.13 the rule sees
    // the value unmarked and the message is shown; from 1.13 it is sensitive, and an error
    // says the message is not shown (tf-oracle 1.12.2 and 1.13.5).
    #[test]
    fn validation_sees_its_variable_sensitive() {
        let a = VALIDATION_SEES_SENSITIVE;
        let cfg = "variable \"v\" {\n  default   = \"abc\"\n  sensitive = true\n  validation {\n    condition     = length(var.v) > 5\n    error_message = \"short ${var.v}\"\n  }\n}\n";
        let failure = |v: TfVersion| {
            let config = crate::lang::config::Config::from_texts_at(vec![("main.tf".into(), cfg.into())], v).expect("loads");
            let rules = Rules::real();
            let host = crate::lang::eval::host::Host::default();
            let empty = crate::lang::eval::EmptyScope;
            let mut ev0 = crate::lang::eval::Evaluator::new(&rules, &empty, crate::lang::funcs::builtins(), &host);
            ev0.version = v;
            let scope = crate::lang::config::ConfigScope::new(&config, &ev0, &Default::default()).expect("scope");
            let mut ev = crate::lang::eval::Evaluator::new(&rules, &scope, crate::lang::funcs::builtins(), &host);
            ev.version = v;
            let _ = ev.eval(&crate::lang::syntax::parse_expr("var.v").expect("parses"));
            scope
                .invalid_variable_companions("v")
                .into_iter()
                .map(|d| d.summary)
                .collect::<Vec<_>>()
        };
        assert!(failure(before(a.since)).is_empty(), "{}", a.source);
        assert_eq!(
            failure(a.since),
            vec!["Error message refers to sensitive values".to_string()],
            "{}",
            a.source
        );
    }

    /// Every gated feature has a case above: a new gate cannot come without its test.
    #[test]
    fn every_feature_is_tested() {
        let text = include_str!("releases.rs");
        let (code, tests) = text.split_at(text.find("mod gate_tests").unwrap_or(0));
        let list = code
            .split("pub const FEATURES: &[Arrival] = &[")
            .nth(1)
            .and_then(|t| t.split("];").next())
            .unwrap_or_default();
        let names: Vec<&str> = list.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
        assert_eq!(names.len(), FEATURES.len());
        for name in names {
            // An argument (`gate(NAME, ...)`, maybe on a line of its own) or a binding (`= NAME;`).
            let used = [format!("{name},"), format!("= {name};")]
                .iter()
                .any(|p| tests.contains(p.as_str()));
            assert!(used, "{name} has no gate test");
        }
    }
    // Terraform's templatefile and templatestring give a template that is one interpolation
    // its value's own type (1.0.3 tf-oracle: templatefile of "${val}" with val = [1, 2]).
    #[test]
    fn templatestring_null_and_raw_values() {
        let cfg = "locals {\n  t = \"$${v}\"\n}\n";
        let e = "templatestring(local.t, { v = null })";
        gate(TEMPLATESTRING_NULL_ERROR, cfg, e, "null", "ERR Error in function call");
        gate(
            TEMPLATESTRING_NULL_ERROR,
            cfg,
            "templatestring(local.t, { v = [1] })",
            "[\n  1,\n]",
            "[\n  1,\n]",
        );
        // Its templates may not reach the filesystem (internal/lang/funcs/string.go, from 1.9).
        let fs = "locals {\n  t = \"$${file(\\\"x\\\")}\"\n}\n";
        assert_eq!(at((1, 14, 0), fs, "templatestring(local.t, {})"), "ERR Error in function call");
    }

    /// The detail of the error `expr` gives in Terraform `v` over configuration `cfg`, with
    /// `files` to read.
    fn detail_with_files(v: TfVersion, cfg: &str, files: &[(&str, &str)], expr: &str) -> String {
        let mut s = match Session::with_config_text_at("main.tf", cfg, v) {
            Ok(s) => s,
            Err(d) => return format!("LOAD {}", d.summary),
        };
        s.version = Some(v);
        s.host = crate::lang::eval::host::Host::with_files(files.iter().map(|(n, t)| (n.to_string(), t.as_bytes().to_vec())).collect());
        match s.eval(expr, &Rules::real(), false).result {
            Ok(a) => a.console_at(v),
            Err(d) => format!("{}: {}", d.summary, d.detail),
        }
    }

    // A template function called from inside a template: tf-oracle 1.8.4 and 1.9.8 on
    // templatefile("recursive.tftpl", {}) (tests/golden/fixtures/fn-files), whose template calls
    // templatefile again; 1.9.8 and 1.14.9 on a templatestring template that calls itself.
    #[test]
    fn template_recursion() {
        let a = TEMPLATE_RECURSION_ANY;
        let files = [("r.tftpl", "${templatefile(\"r.tftpl\", {})}")];
        let e = "templatefile(\"r.tftpl\", {})";
        let inner = "r.tftpl:1,3-16: Error in function call; Call to function \"templatefile\" failed: cannot recursively call templatefile from inside";
        assert_eq!(
            detail_with_files(before(a.since), "", &files, e),
            format!("Error in function call: Call to function \"templatefile\" failed: {inner} templatefile call.")
        );
        assert_eq!(
            detail_with_files(a.since, "", &files, e),
            format!("Error in function call: Call to function \"templatefile\" failed: {inner} another template function.")
        );
        // templatestring arrives with the rule: a template that renders itself is refused at
        // the first nested call (it overflowed the stack here before).
        let cfg = "locals {\n  t = \"x$${templatestring(t, {t = t})}\"\n}\n";
        for v in [a.since, DEFAULT_VERSION] {
            assert_eq!(
                detail_with_files(v, cfg, &[], "templatestring(local.t, {t = local.t})"),
                "Error in function call: Call to function \"templatestring\" failed: <templatestring argument>:1,4-19: Error in function call; Call to function \"templatestring\" failed: cannot recursively call templatestring from inside another template function."
            );
        }
        // Either function inside the other's template: the recursion rule comes before the
        // filesystem rule (string_test.go: "The template function error takes priority").
        let tf = "locals {\n  t = \"$${templatefile(\\\"r.tftpl\\\", {})}\"\n}\n";
        assert!(
            detail_with_files(a.since, tf, &files, "templatestring(local.t, {})")
                .ends_with("failed: cannot recursively call templatefile from inside another template function."),
        );
        let ts = [("s.tftpl", "${templatestring(t, {})}")];
        assert!(
            detail_with_files(a.since, "", &ts, "templatefile(\"s.tftpl\", {t = \"x\"})")
                .ends_with("failed: cannot recursively call templatestring from inside another template function."),
        );
        assert!(
            detail_with_files(a.since, "", &ts, "core::templatefile(\"s.tftpl\", {t = \"x\"})")
                .starts_with("Error in function call: Call to function \"core::templatefile\" failed: s.tftpl:1,3-"),
        );
    }
}
