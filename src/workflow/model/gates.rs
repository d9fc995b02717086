//! Where the workflow's output changed between releases, each with the first release that
//! has the new behaviour and where that was seen (as `lang::dialect::releases` does for the
//! language).

use crate::lang::dialect::releases::{Arrival, TfVersion};

/// `init` prints its steps without blank lines between them ("Initializing the backend..."
/// directly followed by "Initializing provider plugins...").
pub const INIT_COMPACT: Arrival = Arrival {
    name: "init compact progress",
    since: (1, 9, 0),
    source: "tf-oracle: 1.8.4 prints a blank line before each step, 1.9.8 and later do not",
};

/// `init` installs providers before it initializes the backend, and says "found in the
/// configuration".
pub const INIT_PROVIDERS_FIRST: Arrival = Arrival {
    name: "init providers first",
    since: (1, 15, 0),
    source: "tf-oracle: 1.15.5 prints \"Initializing provider plugins found in the configuration...\" before \"Initializing the backend...\"",
};

/// The state file's instances carry `identity_schema_version` (resource identity, 1.12).
pub const STATE_IDENTITY: Arrival = Arrival {
    name: "state identity_schema_version",
    since: (1, 12, 0),
    source: "tf-oracle: 1.12.2 writes \"identity_schema_version\": 0 for terraform_data; 1.11.4 does not",
};

/// In `import`'s walk a resource with `count` or `for_each` that the state does not hold is
/// wholly unknown (before, an empty tuple or object when it expands to nothing), so an output
/// of it is stored as null.
pub const IMPORT_EMPTY_EXPANSION_UNKNOWN: Arrival = Arrival {
    name: "import: an empty count or for_each is unknown",
    since: (1, 14, 0),
    source: "tf-oracle: `import` with `output \"c\" { value = terraform_data.c[*].id }` and `count = 0` stores [] at 1.6.6 and 1.12.2, null at 1.14.9",
};

/// Validation checks an `import` block's `to` key against how its resource expands
/// ("Invalid import 'to' expression: The target resource is using count.").
pub const IMPORT_TARGET_EXPANSION: Arrival = Arrival {
    name: "import 'to' checked against count and for_each",
    since: (1, 10, 0),
    source: "Terraform source: validateImportTargetExpansion in internal/terraform/node_resource_validate.go, absent at v1.9.0, present at v1.10.0; tf-oracle 1.12.2 and 1.14.9",
};

/// `state show`'s address messages lose the trailing space of their third line ("Please
/// modify ").
pub const STATE_SHOW_NO_TRAILING_SPACE: Arrival = Arrival {
    name: "state show messages without a trailing space",
    since: (1, 13, 0),
    source: "Terraform source: internal/command/state_show.go, \"Please modify \" at v1.12.2, \"Please modify\" at v1.13.0; tf-oracle 1.12.2 and 1.14.9",
};

/// The refusal to destroy a `prevent_destroy` instance says "-target option" (before, "-target
/// flag"), and the partial plan shown with it lists the protected instance.
pub const PREVENT_DESTROY_OPTION: Arrival = Arrival {
    name: "prevent_destroy wording and partial plan",
    since: (1, 8, 0),
    source: "tf-oracle: 1.6.6 says \"-target flag\" and leaves the protected instance out of the plan; 1.8.4 to 1.12.2 say \"-target option\" and list it; 1.7 not checked",
};

/// An `import` block may target the `from` address of a `moved` block (before, decoding
/// refused it: "Cannot import to a move source").
pub const IMPORT_TO_MOVE_SOURCE: Arrival = Arrival {
    name: "import to a moved block's source",
    since: (1, 7, 0),
    source: "Terraform's source: internal/configs/module.go checks it at v1.5.7 and v1.6.6, not at v1.7.0; tf-oracle 1.6.6",
};

/// The refusal of an import to a move source formats the import's `id` expression with Go's
/// `%q` (the id became an expression; before, the detail held the format verbs themselves).
pub const IMPORT_ID_EXPRESSION_DETAIL: Arrival = Arrival {
    name: "import to a move source: id formatted as an expression",
    since: (1, 6, 0),
    source: "Terraform's source: internal/configs/module.go, a plain string with `%q` at v1.5.7, fmt.Sprintf of the hcl.Expression at v1.6.6; tf-oracle 1.6.6",
};

/// A plan says whether it can be applied, and `apply` refuses one that cannot but would
/// change something ("Cannot apply non-applyable plan": a refresh-only plan whose only
/// changes are outputs it cannot save).
pub const APPLYABLE_PLANS: Arrival = Arrival {
    name: "non-applyable plans refused",
    since: (1, 8, 0),
    source: "Terraform's source: plan.Applyable set in context_plan.go and checked in context_apply.go from v1.8.0, absent at v1.7.5; tf-oracle 1.12.2",
};

/// A refresh-only plan that changes root output values can be applied (before, only one
/// whose managed objects drifted).
pub const REFRESH_ONLY_OUTPUTS_APPLYABLE: Arrival = Arrival {
    name: "refresh-only plans applyable for their outputs",
    since: (1, 10, 0),
    source: "Terraform's source: RootOutputValuesEqual in context_plan.go's applyable rule from v1.10.0, absent at v1.9.8",
};

/// Import blocks are matched against the state after the moves (before, against the state
/// as it was: an address a `moved` block fills is imported all the same).
pub const IMPORT_TARGETS_AFTER_MOVES: Arrival = Arrival {
    name: "import targets found after moves",
    since: (1, 7, 0),
    source: "Terraform's source: findImportTargets(config, prevRunState) before the moves at v1.6.6, every import block handed to the walk at v1.7.0; tf-oracle 1.6.6 and 1.12.2",
};

/// An import to an instance the configuration does not expand to is refused ("Configuration
/// for import target does not exist"; before, `import` said it succeeded and imported
/// nothing).
pub const IMPORT_TARGET_MUST_EXPAND: Arrival = Arrival {
    name: "import target must be expanded",
    since: (1, 7, 0),
    source: "Terraform's source: validateExpandedImportTargets in node_resource_plan.go from v1.7.0; tf-oracle 1.6.6 and 1.12.2",
};

/// A targeted apply records its outputs' preconditions as checked (before, the state's
/// `check_results` call them unknown).
pub const TARGETED_APPLY_OUTPUT_CHECKS: Arrival = Arrival {
    name: "targeted apply checks outputs",
    since: (1, 10, 0),
    source: "tf-oracle: `apply -target` leaves an output precondition `unknown` in check_results at 1.6.6, 1.8.4 and 1.9.8, `pass` at 1.10.5, 1.11.4 and 1.12.2",
};

/// The warning a targeted apply ends with has an empty line after `terraform plan` (before,
/// a line holding a tab).
pub const TARGET_WARNING_NO_TAB: Arrival = Arrival {
    name: "targeted apply warning without a tab",
    since: (1, 8, 0),
    source: "tf-oracle: 1.6.6 prints a tab on the line after \"    terraform plan\"; 1.8.4, 1.9.8 and 1.12.2 an empty line; 1.7 not checked",
};

/// The plan's summary line is coloured in two pieces, `Plan:` alone then the counts, so its
/// reset comes before the counts (before, after the line's end).
pub const PLAN_SUMMARY_SPLIT: Arrival = Arrival {
    name: "plan summary coloured apart from its counts",
    since: (1, 14, 0),
    source: "Terraform's source: jsonformat/plan.go colours \"\\n[bold]Plan:[reset] \" alone from v1.14.0 (v1.13.5 colours the whole line); tf-oracle 1.12.2 and 1.14.9",
};

/// `apply`'s closing summary is coloured without the line end after it, so its reset comes
/// before that line end (before, after it).
pub const APPLY_SUMMARY_SPLIT: Arrival = Arrival {
    name: "apply summary coloured apart from its line end",
    since: (1, 14, 0),
    source: "Terraform's source: views/apply.go prints the summary and its \"\\n\" apart from v1.14.0 (v1.13.5 in one coloured text); tf-oracle 1.12.2 and 1.14.9",
};

/// `.terraform/terraform.tfstate` is a small file (version, terraform_version, backend)
/// indented by two spaces; before, a legacy state with serial, lineage and an empty root
/// module, indented by four.
pub const BACKEND_CACHE_SMALL: Arrival = Arrival {
    name: "small backend cache file",
    since: (1, 9, 0),
    source: "tf-oracle: 1.8.4 writes the legacy state form, 1.9.8 the small one; Terraform's source: internal/command/workdir/backend_state.go has terraform_version from v1.9.0",
};

/// `init` prints its errors as the other commands do (before, through the message printer:
/// the whole diagnostic red, a line break after it).
pub const INIT_VIEW: Arrival = Arrival {
    name: "init errors through the view",
    since: (1, 9, 0),
    source: "tf-oracle: \"Backend configuration changed\" from 1.6.6 and 1.8.4 is wrapped in red with a reset line after; 1.9.8 prints the diagnostic alone",
};

/// A destroy of an empty state no longer checks the root variables' validation rules (they
/// became graph nodes of the normal walks); before, a failing rule failed the destroy.
pub const DESTROY_EMPTY_SKIPS_VALIDATION: Arrival = Arrival {
    name: "destroy of an empty state skips variable validation",
    since: (1, 9, 0),
    source: "tf-oracle: `destroy -var=n=9` with a failing rule and no state fails with \"Invalid value for variable\" at 1.6.6 and 1.8.4, succeeds at 1.9.8 to 1.14.9; CHANGELOG.md v1.9.0: validation rules can refer to other objects (#34955)",
};

/// `show` of a state draws every empty string inside an output's value as `null` (the
/// state's `terraform output` and the resources keep `""`).
pub const SHOW_OUTPUT_EMPTY_STRING_NULL: Arrival = Arrival {
    name: "show draws an output's empty strings as null",
    since: (1, 8, 0),
    source: "tf-oracle: `show` of outputs \"\", [\"\"] and { a = \"\" } prints \"\" at 1.6.6, null at 1.8.4 to 1.14.9 (`output` and `state show` keep \"\"); 1.7 not checked",
};

/// A destroy imports nothing; before, the refreshing plan it starts with imported the
/// `import` blocks' objects, which the destroy then destroyed.
pub const DESTROY_SKIPS_IMPORTS: Arrival = Arrival {
    name: "destroy skips import blocks",
    since: (1, 9, 0),
    source: "tf-oracle: an `import` block's object not in the state is \"Preparing import\" and destroyed by `destroy` at 1.6.6 and 1.8.4, left alone at 1.9.8 and 1.12.2; CHANGELOG.md v1.9.0: \"`import` blocks could block a destroy operation if the target resource was already deleted\" (#35272)",
};

/// `terraform metadata` (and `metadata functions`) is a command.
pub const METADATA_COMMAND: Arrival = Arrival {
    name: "metadata command",
    since: (1, 4, 0),
    source: "Terraform's source: commands.go has \"metadata\" at v1.4.0, not at v1.3.0",
};

/// `terraform modules` is a command.
pub const MODULES_COMMAND: Arrival = Arrival {
    name: "modules command",
    since: (1, 10, 0),
    source: "Terraform's source: commands.go has \"modules\" at v1.10.0, not at v1.9.0; tf-oracle -help at 1.9.8 and 1.10.5",
};

/// `terraform state identities` is a command (listed in `state`'s help).
pub const STATE_IDENTITIES_COMMAND: Arrival = Arrival {
    name: "state identities command",
    since: (1, 12, 0),
    source: "Terraform's source: commands.go at v1.11.0 and v1.12.0; tf-oracle `state -help` at 1.11.4 and 1.12.2",
};

/// `terraform stacks` is a command.
pub const STACKS_COMMAND: Arrival = Arrival {
    name: "stacks command",
    since: (1, 13, 0),
    source: "Terraform's source: commands.go has \"stacks\" at v1.13.0, not at v1.12.0",
};

/// `terraform query` is a command.
pub const QUERY_COMMAND: Arrival = Arrival {
    name: "query command",
    since: (1, 14, 0),
    source: "Terraform's source: commands.go has \"query\" at v1.14.0, not at v1.13.0",
};

/// `init` reads its command line as the newer commands do: a refused option or an extra
/// argument is a diagnostic (before, the help on standard error for an option, and a red
/// message for an argument).
pub const INIT_ARGUMENTS: Arrival = Arrival {
    name: "init arguments as diagnostics",
    since: (1, 9, 0),
    source: "Terraform's source: init.go parses with arguments.ParseInit from v1.9.0 (v1.8.0: cmdFlags.Usage, ModulePath's error through c.Ui.Error); tf-oracle 1.6.6 and 1.12.2",
};

/// `console -plan` (before, `-plan` is an option the console does not define).
pub const CONSOLE_PLAN: Arrival = Arrival {
    name: "console -plan",
    since: (1, 7, 0),
    source: "Terraform's source: console.go declares \"plan\" at v1.7.0, not at v1.6.6; tf-oracle `console -help` at 1.6.6 and 1.8.4",
};

/// Applying a saved plan reads the variables given again: an ephemeral one set while planning
/// must be set again, a changed `-var` is refused value by value, a changed `TF_VAR_` only
/// warns (before, any `-var` or `-var-file` is refused: "Can't set variables when applying a
/// saved plan").
pub const SAVED_PLAN_VARIABLES: Arrival = Arrival {
    name: "saved plans read the variables given at apply",
    since: (1, 10, 0),
    source: "Terraform's source: backend/local/backend_apply.go checks op.Variables against plan.VariableValues and plan.ApplyTimeVariables from v1.10.0; command/apply.go refuses args.Vars with a plan file until v1.9.8; tf-oracle 1.9 and 1.12",
};

/// Applying a saved plan with a changed `TF_VAR_` value warns ("Ignoring variable when applying
/// a saved plan") and names the planned value first (1.10 refuses it as it refuses a changed
/// `-var`, and swaps the two values in its message).
pub const SAVED_PLAN_ENV_WARNS: Arrival = Arrival {
    name: "saved plans warn about a changed environment variable",
    since: (1, 11, 0),
    source: "Terraform's source: backend/local/backend_apply.go switches on parsedVar.SourceType from v1.11.0 (v1.10.5: one error for every source but automatic files, CompactValueStr(parsedVar.Value) first); tf-oracle 1.10 and 1.12",
};

/// "Invalid use of ephemeral value" names the argument ("Ephemeral values are not valid for
/// \"input\", because it is not a write-only attribute...") and points at it even for a part
/// inside it (1.10: "not valid in resource arguments", a part inside an argument at the
/// resource block).
pub const EPHEMERAL_ATTRIBUTE_NAMED: Arrival = Arrival {
    name: "ephemeral resource arguments named",
    since: (1, 11, 0),
    source: "Terraform's source: node_resource_validate.go validateResourceForbiddenEphemeralValues walks the path up to its attribute from v1.11.0 (write-only attributes); tf-oracle 1.10 and 1.12",
};

/// `fmt` takes several files and folders (before, one: "The fmt command expects at most one
/// argument.").
pub const FMT_MANY_TARGETS: Arrival = Arrival {
    name: "fmt takes several targets",
    since: (1, 3, 0),
    source: "Terraform's source: internal/command/fmt.go refuses a second argument at v1.2.0, takes `paths = args` at v1.3.0; tf-oracle 1.0.3 and 1.6.6",
};

/// `fmt` formats `.tftest.hcl` files, choosing files by the end of their names (before, by
/// their extension: `.tf` and `.tfvars` only, "Only .tf and .tfvars files can be processed").
pub const FMT_TEST_FILES: Arrival = Arrival {
    name: "fmt formats test files",
    since: (1, 6, 0),
    source: "Terraform's source: internal/command/fmt.go switches on filepath.Ext at v1.5.7, matches fmtSupportedExts with strings.HasSuffix at v1.6.0; tf-oracle 1.0.3 and 1.6.6",
};

/// `fmt` formats `.tfmock.hcl` files (a directory's, or one named).
pub const FMT_MOCK_FILES: Arrival = Arrival {
    name: "fmt formats mock files",
    since: (1, 7, 2),
    source: "Terraform's source: fmtSupportedExts in internal/command/fmt.go has \".tfmock.hcl\" from v1.7.2, not at v1.7.1; tf-oracle 1.6.6 and 1.8.4",
};

/// `fmt` formats `.tfquery.hcl` files (1.14 only in builds with experiments, which releases are
/// not).
pub const FMT_QUERY_FILES: Arrival = Arrival {
    name: "fmt formats query files",
    since: (1, 15, 0),
    source: "Terraform's source: fmtSupportedExts in internal/command/fmt.go has \".tfquery.hcl\" at v1.15.0 (v1.14.x only with AllowExperimentalFeatures); tf-oracle 1.14.9 and 1.15.5",
};

/// Whether `version` has the behaviour that arrived with `a`.
pub fn has(version: TfVersion, a: &Arrival) -> bool {
    crate::lang::dialect::releases::has(version, a)
}
