//! The rules of the language that a misconception can flip. `Rules::real()` is Terraform;
//! a misconception is `Rules::real()` with one rule flipped. The evaluator asks
//! [`Rules::flipped`] at the exact point each rule applies and records which rules it touched.

use std::collections::BTreeSet;

/// One rule of Terraform's semantics that a learner may get wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// merge(): the later argument wins a conflicting key.
    MergeLastWins,
    /// merge(): the merge is shallow; nested maps are replaced, not combined.
    MergeShallow,
    /// sort(): converts to strings and sorts lexically.
    SortLexical,
    /// slice(): excludes its end index.
    SliceEndExclusive,
    /// slice(): returns a list, even of one element.
    SliceReturnsList,
    /// element(): wraps around past the end.
    ElementWraps,
    /// `list[i]`: a negative index is an error.
    IndexNoNegative,
    /// Map keys iterate lexically, not in the order written.
    MapKeysLexical,
    /// Sets of strings iterate lexically and drop duplicates.
    SetLexicalUnique,
    /// for expressions: a duplicate key without `...` is an error.
    ForDuplicateKeyError,
    /// coalesce(): an empty string counts as missing.
    CoalesceSkipsEmptyString,
    /// replace(): a search wrapped in slashes is a regular expression.
    ReplaceSlashRegex,
    /// replace(): a search not wrapped in slashes is a literal substring.
    ReplaceLiteralOtherwise,
    /// jsonencode(): numbers and bools stay JSON numbers and booleans.
    JsonencodeKeepsTypes,
    /// jsonencode(): keys in lexical order.
    JsonencodeLexicalKeys,
    /// flatten(): flattens every level.
    FlattenDeep,
    /// length() of a string counts characters (grapheme clusters), not bytes.
    LengthCountsGraphemes,
    /// Dynamic blocks: `.key` of a list element is its zero-based index.
    DynamicKeyIsIndex,
    /// Dynamic blocks: the iterator is named after the block (or `iterator`), not `each`.
    DynamicIteratorNotEach,
    /// for expressions: wrapping the value in a list does not group duplicate keys.
    ListValueDoesNotGroup,
    /// for expressions: two variables over a list bind the index and the element.
    ForBindsIndexAndElement,
    /// Referring to an attribute that is absent is an error, not null.
    MissingAttributeIsError,
    /// Nested calls: the innermost call runs first, so their order changes the result.
    NestedCallOrder,
    /// Conditionals: both results are converted to one common type.
    ConditionalUnifiesTypes,
    /// `==` never converts: values of different types are unequal.
    EqualityNoConversion,
    /// optional(): a null attribute takes the default.
    OptionalNullTakesDefault,
    /// optional(): defaults apply inside a defaulted nested object too.
    OptionalNestedDefaults,
    /// Object conversion drops undeclared attributes silently.
    ObjectConversionDropsExtras,
    /// templatefile(): the template sees only the variables passed to it.
    TemplateOwnScope,
    /// check blocks: a failing assertion is a warning that blocks nothing.
    CheckBlocksWarn,
    /// Conditions on values unknown at plan time are checked during apply, not skipped.
    UnknownConditionsDeferred,
    /// range(): the end is excluded.
    RangeEndExclusive,
    /// lookup(): a missing key without a default is an error.
    LookupMissingErrors,
    /// coalesce(): an empty list is a value, not missing.
    CoalesceKeepsEmptyList,
    /// cidrsubnet(): newbits are added to the prefix length.
    CidrsubnetAddsBits,
    /// format(): a 0 flag pads with zeros.
    FormatZeroPads,
    /// try()/can(): they catch evaluation errors, not references to undeclared names.
    TryCatchesOnlyDynamic,
    /// sort(): the result is a list of strings, whatever the input elements were.
    SortReturnsStrings,
    /// file(): the contents come back verbatim, with no interpolation.
    FileNoInterpolation,
    /// join(): the elements are joined as they are, without quotes.
    JoinNoQuotes,
    /// A template that is exactly one interpolation returns the raw value, not a string.
    TemplateWrapRaw,
    /// `list[i]`: indexes count from zero.
    IndexFromZero,
    /// element(): its index counts from zero.
    ElementFromZero,
    /// cidrsubnet(): netnum 0 is the first subnet.
    CidrsubnetNetnumFromZero,
    /// range(n): counts from 0 up to, not including, n.
    RangeFromZero,
    /// replace(): every occurrence is replaced.
    ReplaceAllOccurrences,
    /// jsonencode(): the JSON is minified, with no spaces.
    JsonencodeMinified,
    /// merge(): a key in several arguments is not an error.
    MergeNoDuplicateError,
    /// contains(): the value must equal an element exactly, type included.
    ContainsNoConversion,
    /// cidrsubnets(): each subnet aligns to its own size.
    CidrsubnetsAlign,
    /// for expressions: the index bound over a list starts at 0.
    ForIndexFromZero,
    /// for expressions: with `...` every group is a list, even a group of one.
    GroupAlwaysList,
    /// Map keys are strings and order as strings, even when they look like numbers.
    NumericKeysOrderAsStrings,
    /// Lexical order compares character codes, so uppercase sorts before lowercase.
    LexicalOrderCaseSensitive,
    /// try(): a null result is a success; only an error moves on to the next argument.
    TryAcceptsNull,
    /// try(): when an argument fails, the next argument is evaluated (not null returned).
    TryMovesToNextArgument,
    /// coalescelist(): returns one list, the first non-empty one (no concatenation).
    CoalescelistPicksOne,
    /// coalescelist(): an empty list counts as missing.
    CoalescelistSkipsEmpty,
    /// format(): a width without the 0 flag pads with spaces.
    FormatWidthPadsSpaces,
    /// format(): numbers and strings are right-aligned in their width unless `-` is given.
    FormatRightAligns,
    /// element(): a negative index counts from the end (Terraform 1.10 and later).
    ElementNegativeFromEnd,
    /// optional(): the default replaces only an omitted or null attribute, never false, 0 or "".
    OptionalDefaultOnlyForNull,
    /// optional(): an omitted attribute without a default is present, as null.
    OptionalAbsentIsNull,
    /// Dynamic blocks: a list for_each keeps duplicates, one block per element.
    DynamicListKeepsDuplicates,
    /// Dynamic blocks: for_each accepts a list or tuple (the map-or-set rule is for resources).
    DynamicForEachAcceptsLists,
    /// Postconditions: a failure is an error that stops the run (only check blocks warn).
    PostconditionFailureErrors,
    /// provider::NAME:: uses the module's local name for the provider, not its type.
    ProviderFunctionsByLocalName,
    /// uuid(): every call returns a new random value.
    UuidEveryCallNew,
    /// fileset(): the paths are relative to the base folder, with the pattern's folders kept.
    FilesetKeepsPatternFolders,
    /// slice(): start and end are zero-based indexes.
    SliceIndexFromZero,
    /// title(): an underscore is part of a word, so the letter after it stays as it is.
    TitleUnderscoreInWord,
    /// uuidv5(): the same namespace and name always give the same identifier.
    Uuidv5Deterministic,
    /// formatlist(): list arguments are taken element by element, in step (not combined).
    FormatlistPairsByIndex,
    /// setproduct(): the last collection varies fastest.
    SetproductLastVariesFastest,
    /// Reading an attribute of null is an error (not null).
    NullAttributeAccessErrors,
    /// Conditions: `condition` states what must hold; the check fails when it is false.
    ConditionStatesWhatMustHold,
    /// Conditions: a condition that is unknown at plan time is deferred, not failed.
    UnknownConditionNotFailed,
    /// Conditionals: results of different types are converted to a common type (no error).
    ConditionalConvertsResults,
    /// for expressions: a list result keeps the source order (it is not sorted).
    ForListKeepsOrder,
    /// coalesce(): only the empty string counts as empty; whitespace is a value.
    CoalesceWhitespaceIsValue,
    /// coalesce(): the first usable argument is returned whole (maps are not combined).
    CoalescePicksOne,
    /// format(): a width is a minimum; a longer value is written in full (not cut).
    FormatWidthIsMinimum,
    /// Template for directives: the whole body, trailing text included, repeats for every element.
    TemplateForRepeatsWholeBody,
    /// Template strip markers: `~` strips all the whitespace next to it, spaces as well as newlines.
    TemplateStripRemovesSpaces,
    /// Conditionals: only the chosen result's errors are reported.
    ConditionalOnlyChosenErrors,
    /// Dynamic blocks work in data sources too, not only in resources.
    DynamicInAnyBlock,
    /// A managed resource's arguments set from known values are known at plan time.
    ResourceArgumentsKnownAtPlan,
    /// Preconditions: `self` cannot be used (only postconditions have it).
    PreconditionNoSelf,
    /// Rivet for_each: a list is an error (use toset()), not an implicit set.
    ListIsImplicitSet,
    /// Rivet count: slots start at 0, not 1.
    CountIndexFromOne,
    /// Rivet identity: reordering named keys keeps addresses and digests.
    ReorderChangesNamedAddresses,
    /// Rivet removal: a removed key or slot is superseded, not deleted.
    RemovalDeletesObjects,
    /// Rivet keys: string and numeric keys are distinct identities.
    StringAndNumericKeysInterchangeable,
    /// Rivet keys: a sensitive key or set value cannot be an identity.
    SensitiveKeysAllowed,
    /// Rivet limits: the resource and module-instance limits are global, not per module.
    LimitsPerModule,
    /// Rivet keys: a wholly sensitive variable taints its keys too.
    SensitiveVariableKeysPublic,
    /// Rivet expansion: zero count and empty collections make no instances (no error).
    EmptyExpansionIsError,
    /// Rivet addresses: named keys render quoted (`["first"]`).
    KeysRenderUnquoted,
    /// Rivet depends_on: a whole module family expands to every instance boundary.
    FamilyDependsNeedsIndex,
    /// Rivet identity: count slots are positions; reordering gives a slot a different object.
    CountSlotsFollowValues,
    /// Rivet identity: changing a key is a new declaration (added + superseded), not a rename.
    KeyChangeRenames,
    /// Rivet expansion: count.index exists only under count, not under for_each.
    CountIndexUnderForEach,
    /// Rivet for_each over a set: each.value is the element itself, like each.key (flipped: its position).
    SetValueIsElement,
    /// Rivet keys: public map keys may accompany sensitive values (only the values are hidden).
    SensitiveValuesTaintKeys,
    /// cfn Overrides: a list in an override appends to the module's list (flipped: it replaces it).
    CfnOverrideListReplaces,
    /// cfn Overrides: a map in an override merges key by key (flipped: it replaces the whole map).
    CfnOverrideMapReplaces,
    /// cfn modules: logical IDs are prefixed with the module name (flipped: they keep their names).
    CfnNoLogicalIdPrefix,
    /// cfn Source: relative to the file with the Modules section (flipped: to the working folder).
    CfnSourceRelativeToCwd,
    /// cfn outputs: `!Ref Mod.Out` is not an output reference and is left as written (flipped: it reads the output).
    CfnRefToOutputWorks,
    /// cfn Overrides: nothing can be removed, a null replaces (flipped: a null or AWS::NoValue removes the key).
    CfnOverrideCanRemove,
    /// cfn Overrides: overriding a property named like a module parameter is an error (flipped: it is merged).
    CfnParamsOverrideViaOverrides,
    /// cfn: a parent reference to a module resource by its prefixed ID works (flipped: it fails to package).
    CfnRenamedResourceRefBreaks,
    /// cfn outputs: the parent's `!GetAtt Mod.Out` is replaced by the output's value (flipped: left as written).
    CfnOutputReferenceSubstituted,
    /// cfn Fn::Sub: a Sub left with no variables becomes a plain string (flipped: it stays a Fn::Sub).
    CfnSubKeepsWrapper,
    /// cfn parameters: an unset parameter takes its Default (flipped: an unset parameter is an error).
    CfnUnsetParamIsError,
    /// cfn DependsOn: entries naming module resources are prefixed (flipped: they are left as written).
    CfnDependsOnNotPrefixed,
    /// cfn conditions: a module's Fn::Equals of two known values is decided when packaging (flipped: left for CloudFormation).
    CfnConditionsNotEvaluated,
    /// cfn modules: a module's Parameters are filled in, not copied into the parent (flipped: copied, prefixed).
    CfnModuleParametersNotCopied,
    /// cfn outputs: a reference to an output the module lacks is left as written (flipped: an error).
    CfnMissingOutputLeftAlone,
    /// cfn order: the modules' resources go after the parent's own (flipped: before them).
    CfnModuleResourcesAfterParents,
    /// cfn overrides: an override's DependsOn entries are appended as the parent wrote them (flipped: prefixed like the module's own).
    CfnOverrideDependsOnAsWritten,
    /// cfn overrides: an override's values are resolved in the module, a Ref naming the module's resource (flipped: in the parent, as written).
    CfnOverrideValuesInModule,
    /// cfn overrides: an override of a resource IfParam leaves out is dropped silently (flipped: an error).
    CfnOverrideOfOmittedIsError,
    /// cfn overrides: Metadata/CreationPolicy/UpdatePolicy keys named like a module parameter are skipped (flipped: merged).
    CfnOverrideParamKeysApplied,
    /// cfn Fn::InsertFile: in a module, relative to the file that declares it (flipped: to the module's own folder).
    CfnInsertFileRelativeToModule,
    /// workflow: shrinking `count` destroys the instances with the highest indexes.
    CountDropsHighestIndexes,
    /// workflow: a `moved` block re-addresses the object in the state; nothing is destroyed.
    MovedKeepsObject,
    /// workflow: a replacement destroys the old object first unless `create_before_destroy` is set.
    ReplaceDestroysFirst,
    /// workflow: a `removed` block with `destroy = false` forgets the object instead of destroying it.
    RemovedCanForget,
    /// workflow: `prevent_destroy` makes the plan fail, before anything is applied.
    PreventDestroyFailsPlan,
    /// workflow: `terraform plan` changes nothing: the state is as before.
    PlanLeavesStateAlone,
    /// workflow: `*.auto.tfvars` files are read after `terraform.tfvars`, so they win.
    AutoTfvarsAfterTfvars,
    /// workflow: `-var` and `-var-file` are read in command-line order; the last one wins.
    CliVarsInOrder,
    /// workflow: `-var` and `-var-file` are read in command-line order (a learner who thinks
    /// `-var` always wins reads the flags last).
    CliFlagsInOrder,
    /// workflow: `TF_VAR_` environment variables have the lowest precedence of the ways to set a variable.
    EnvVarsLowest,
    /// workflow: every workspace has its own state; a new workspace starts empty.
    WorkspacesSeparateState,
    /// workflow: a module block added to the configuration must be installed by `init`
    /// before plan or apply ("Module not installed").
    ModulesNeedInit,
    /// workflow: `taint` only marks the object for replacement at the next apply.
    TaintOnlyMarks,
    /// workflow: an argument the provider can update is updated in place (`~`), not replaced.
    UpdateInPlace,
    /// workflow: a failed `check` assertion is a warning; the run goes on.
    CheckFailuresWarn,
    /// workflow: `-refresh-only` updates the state from the real objects and proposes no configuration change.
    RefreshOnlyLeavesConfig,
    /// workflow: `plan -detailed-exitcode` exits 2 when the plan has changes.
    DetailedExitcodeTwo,
    /// workflow: `apply PLANFILE` applies exactly the saved plan, whatever the files say now.
    SavedPlanIsFixed,
    /// workflow: moving a resource from `count` to `for_each` gives new addresses: the indexed
    /// instances are destroyed and the keyed ones created, unless `moved` blocks say otherwise.
    ForEachKeysAreNewInstances,
    /// workflow: `replace_triggered_by`, and `terraform_data`'s `triggers_replace`, replace
    /// the resource even where `ignore_changes` ignores (other) arguments' changes.
    TriggersOutrankIgnoreChanges,
    /// workflow: `terraform_remote_state` reads another state's outputs without their
    /// `sensitive` flag: a sensitive output arrives as a plain value.
    RemoteStateUnmarksSensitive,
    /// workflow: an `import` block whose object the state already holds does nothing: it can
    /// stay in the configuration after the import.
    ImportSkipsManaged,
    /// workflow: `init -reconfigure` forgets the saved backend and copies no state; only
    /// `-migrate-state` moves the state to a changed backend.
    ReconfigureLeavesState,
    /// workflow: a `removed` block destroys the object unless `lifecycle { destroy = false }`.
    RemovedDestroysByDefault,
    /// workflow: adding `count` to a resource moves its object to index [0].
    CountAddedMovesZero,
    /// workflow: `workspace new` creates the workspace and switches to it.
    WorkspaceNewSelects,
    /// workflow: `workspace delete` refuses a workspace that still tracks resources (unless
    /// `-force`, which forgets them without destroying them).
    WorkspaceDeleteNeedsEmpty,
    /// workflow: `terraform output NAME` (and `-raw`, `-json`) and `terraform output -json`
    /// print a sensitive output's value.
    OutputByNameShowsSensitive,
    /// workflow: a new or changed `backend` block needs `terraform init` before plan or apply.
    BackendChangeNeedsInit,
    /// workflow: `terraform fmt` formats the current folder only; `-recursive` adds subfolders.
    FmtCurrentFolderOnly,
    /// workflow: `-target` plans the target and what it depends on, not what depends on it.
    TargetLeavesDependents,
    /// workflow: a folder that needs no module, backend block or registry provider works without `init`.
    BuiltinNeedsNoInit,
    /// workflow: `validate` leaves every variable unknown, so no validation rule runs.
    ValidateLeavesValuesUnknown,
    /// workflow: `fmt -check` only reports; it rewrites nothing.
    FmtCheckWritesNothing,
    /// workflow: `fmt` rewrites the 0.11 idioms (a quoted type, a lone interpolation), not only whitespace.
    FmtRewritesIdioms,
    /// workflow: a data source whose configuration is unknown, or whose dependencies change, is read during apply.
    DataWaitsForUnknowns,
    /// workflow: what a data source read is stored in the state, under its `data.` address.
    DataInState,
    /// workflow: `destroy` destroys managed resources only; data sources are just dropped.
    DestroySkipsData,
    /// workflow: `apply -destroy` ends as an apply does ("Apply complete!").
    ApplyDestroyEndsAsApply,
    /// workflow: a child module does not inherit its caller's aliased provider configurations.
    AliasesNotInherited,
    /// workflow: `~>` fixes every number written but the last.
    PessimisticFixesLeading,
    /// workflow: a computed attribute (`terraform_data.output`) is unknown until apply.
    ComputedUnknownAtPlan,
    /// workflow: a provider may have one default configuration and any number of aliased ones.
    AliasedConfigurationsAllowed,
    /// workflow: `init` installs the providers every module of the tree requires.
    InitInstallsModuleProviders,
    /// workflow: an object whose resource block was deleted is destroyed by the next apply.
    OrphansDestroyed,
    /// workflow: `fmt` aligns the `=` of consecutive one-line arguments.
    FmtAlignsEquals,
}

/// Every rule with its name in the misconception catalogue.
pub const RULE_NAMES: &[(Rule, &str)] = &[
    (Rule::MergeLastWins, "merge-last-wins"),
    (Rule::MergeShallow, "merge-shallow"),
    (Rule::SortLexical, "sort-lexical"),
    (Rule::SliceEndExclusive, "slice-end-exclusive"),
    (Rule::SliceReturnsList, "slice-returns-list"),
    (Rule::ElementWraps, "element-wraps"),
    (Rule::IndexNoNegative, "index-no-negative"),
    (Rule::MapKeysLexical, "map-keys-lexical"),
    (Rule::SetLexicalUnique, "set-lexical-unique"),
    (Rule::ForDuplicateKeyError, "for-duplicate-key-error"),
    (Rule::CoalesceSkipsEmptyString, "coalesce-skips-empty-string"),
    (Rule::ReplaceSlashRegex, "replace-slash-regex"),
    (Rule::ReplaceLiteralOtherwise, "replace-literal-otherwise"),
    (Rule::JsonencodeKeepsTypes, "jsonencode-keeps-types"),
    (Rule::JsonencodeLexicalKeys, "jsonencode-lexical-keys"),
    (Rule::FlattenDeep, "flatten-deep"),
    (Rule::LengthCountsGraphemes, "length-counts-graphemes"),
    (Rule::DynamicKeyIsIndex, "dynamic-key-is-index"),
    (Rule::DynamicIteratorNotEach, "dynamic-iterator-not-each"),
    (Rule::ListValueDoesNotGroup, "list-value-does-not-group"),
    (Rule::ForBindsIndexAndElement, "for-binds-index-and-element"),
    (Rule::MissingAttributeIsError, "missing-attribute-is-error"),
    (Rule::NestedCallOrder, "nested-call-order"),
    (Rule::ConditionalUnifiesTypes, "conditional-unifies-types"),
    (Rule::EqualityNoConversion, "equality-no-conversion"),
    (Rule::OptionalNullTakesDefault, "optional-null-takes-default"),
    (Rule::OptionalNestedDefaults, "optional-nested-defaults"),
    (Rule::ObjectConversionDropsExtras, "object-conversion-drops-extras"),
    (Rule::TemplateOwnScope, "template-own-scope"),
    (Rule::CheckBlocksWarn, "check-blocks-warn"),
    (Rule::UnknownConditionsDeferred, "unknown-conditions-deferred"),
    (Rule::RangeEndExclusive, "range-end-exclusive"),
    (Rule::LookupMissingErrors, "lookup-missing-errors"),
    (Rule::CoalesceKeepsEmptyList, "coalesce-keeps-empty-list"),
    (Rule::CidrsubnetAddsBits, "cidrsubnet-adds-bits"),
    (Rule::FormatZeroPads, "format-zero-pads"),
    (Rule::TryCatchesOnlyDynamic, "try-catches-only-dynamic"),
    (Rule::SortReturnsStrings, "sort-returns-strings"),
    (Rule::FileNoInterpolation, "file-no-interpolation"),
    (Rule::JoinNoQuotes, "join-no-quotes"),
    (Rule::TemplateWrapRaw, "template-wrap-raw"),
    (Rule::IndexFromZero, "index-from-zero"),
    (Rule::ElementFromZero, "element-from-zero"),
    (Rule::CidrsubnetNetnumFromZero, "cidrsubnet-netnum-from-zero"),
    (Rule::RangeFromZero, "range-from-zero"),
    (Rule::ReplaceAllOccurrences, "replace-all-occurrences"),
    (Rule::JsonencodeMinified, "jsonencode-minified"),
    (Rule::MergeNoDuplicateError, "merge-no-duplicate-error"),
    (Rule::ContainsNoConversion, "contains-no-conversion"),
    (Rule::CidrsubnetsAlign, "cidrsubnets-align"),
    (Rule::ForIndexFromZero, "for-index-from-zero"),
    (Rule::GroupAlwaysList, "group-always-list"),
    (Rule::NumericKeysOrderAsStrings, "numeric-keys-order-as-strings"),
    (Rule::LexicalOrderCaseSensitive, "lexical-order-case-sensitive"),
    (Rule::TryAcceptsNull, "try-accepts-null"),
    (Rule::TryMovesToNextArgument, "try-moves-to-next-argument"),
    (Rule::CoalescelistPicksOne, "coalescelist-picks-one"),
    (Rule::CoalescelistSkipsEmpty, "coalescelist-skips-empty"),
    (Rule::FormatWidthPadsSpaces, "format-width-pads-spaces"),
    (Rule::FormatRightAligns, "format-right-aligns"),
    (Rule::ElementNegativeFromEnd, "element-negative-from-end"),
    (Rule::OptionalDefaultOnlyForNull, "optional-default-only-for-null"),
    (Rule::OptionalAbsentIsNull, "optional-absent-is-null"),
    (Rule::DynamicListKeepsDuplicates, "dynamic-list-keeps-duplicates"),
    (Rule::DynamicForEachAcceptsLists, "dynamic-for-each-accepts-lists"),
    (Rule::PostconditionFailureErrors, "postcondition-failure-errors"),
    (Rule::ProviderFunctionsByLocalName, "provider-functions-by-local-name"),
    (Rule::UuidEveryCallNew, "uuid-every-call-new"),
    (Rule::FilesetKeepsPatternFolders, "fileset-keeps-pattern-folders"),
    (Rule::SliceIndexFromZero, "slice-index-from-zero"),
    (Rule::TitleUnderscoreInWord, "title-underscore-in-word"),
    (Rule::Uuidv5Deterministic, "uuidv5-deterministic"),
    (Rule::FormatlistPairsByIndex, "formatlist-pairs-by-index"),
    (Rule::SetproductLastVariesFastest, "setproduct-last-varies-fastest"),
    (Rule::NullAttributeAccessErrors, "null-attribute-access-errors"),
    (Rule::ConditionStatesWhatMustHold, "condition-states-what-must-hold"),
    (Rule::UnknownConditionNotFailed, "unknown-condition-not-failed"),
    (Rule::ConditionalConvertsResults, "conditional-converts-results"),
    (Rule::ForListKeepsOrder, "for-list-keeps-order"),
    (Rule::CoalesceWhitespaceIsValue, "coalesce-whitespace-is-value"),
    (Rule::CoalescePicksOne, "coalesce-picks-one"),
    (Rule::FormatWidthIsMinimum, "format-width-is-minimum"),
    (Rule::TemplateForRepeatsWholeBody, "template-for-repeats-whole-body"),
    (Rule::TemplateStripRemovesSpaces, "template-strip-removes-spaces"),
    (Rule::PreconditionNoSelf, "precondition-no-self"),
    (Rule::ResourceArgumentsKnownAtPlan, "resource-arguments-known-at-plan"),
    (Rule::ConditionalOnlyChosenErrors, "conditional-only-chosen-errors"),
    (Rule::DynamicInAnyBlock, "dynamic-in-any-block"),
    (Rule::ListIsImplicitSet, "list-is-implicit-set"),
    (Rule::CountIndexFromOne, "count-index-from-one"),
    (Rule::ReorderChangesNamedAddresses, "reorder-changes-named-addresses"),
    (Rule::RemovalDeletesObjects, "removal-deletes-objects"),
    (Rule::StringAndNumericKeysInterchangeable, "string-and-numeric-keys-interchangeable"),
    (Rule::SensitiveKeysAllowed, "sensitive-keys-allowed"),
    (Rule::LimitsPerModule, "limits-per-module"),
    (Rule::SensitiveVariableKeysPublic, "sensitive-variable-keys-public"),
    (Rule::EmptyExpansionIsError, "empty-expansion-is-error"),
    (Rule::KeysRenderUnquoted, "keys-render-unquoted"),
    (Rule::FamilyDependsNeedsIndex, "family-depends-needs-index"),
    (Rule::CountSlotsFollowValues, "count-slots-follow-values"),
    (Rule::KeyChangeRenames, "key-change-renames"),
    (Rule::CountIndexUnderForEach, "count-index-under-for-each"),
    (Rule::SensitiveValuesTaintKeys, "sensitive-values-taint-keys"),
    (Rule::SetValueIsElement, "set-value-is-element"),
    (Rule::CfnOverrideListReplaces, "override-list-replaces"),
    (Rule::CfnOverrideMapReplaces, "override-map-replaces"),
    (Rule::CfnNoLogicalIdPrefix, "no-logical-id-prefix"),
    (Rule::CfnSourceRelativeToCwd, "source-relative-to-cwd"),
    (Rule::CfnRefToOutputWorks, "ref-to-output-works"),
    (Rule::CfnOverrideCanRemove, "override-can-remove"),
    (Rule::CfnParamsOverrideViaOverrides, "params-override-via-overrides"),
    (Rule::CfnRenamedResourceRefBreaks, "renamed-resource-ref-breaks"),
    (Rule::CfnOutputReferenceSubstituted, "output-reference-substituted"),
    (Rule::CfnSubKeepsWrapper, "sub-keeps-wrapper"),
    (Rule::CfnUnsetParamIsError, "unset-param-is-error"),
    (Rule::CfnDependsOnNotPrefixed, "dependson-not-prefixed"),
    (Rule::CfnConditionsNotEvaluated, "conditions-not-evaluated"),
    (Rule::CfnModuleParametersNotCopied, "module-parameters-not-copied"),
    (Rule::CfnMissingOutputLeftAlone, "missing-output-left-alone"),
    (Rule::CfnModuleResourcesAfterParents, "module-resources-after-parents"),
    (Rule::CfnOverrideDependsOnAsWritten, "override-dependson-as-written"),
    (Rule::CfnOverrideValuesInModule, "override-values-in-module"),
    (Rule::CfnOverrideOfOmittedIsError, "override-of-omitted-is-error"),
    (Rule::CfnOverrideParamKeysApplied, "override-param-keys-applied"),
    (Rule::CfnInsertFileRelativeToModule, "insert-file-relative-to-module"),
    (Rule::CountDropsHighestIndexes, "count-drops-highest-indexes"),
    (Rule::MovedKeepsObject, "moved-keeps-object"),
    (Rule::ReplaceDestroysFirst, "replace-destroys-first"),
    (Rule::RemovedCanForget, "removed-can-forget"),
    (Rule::PreventDestroyFailsPlan, "prevent-destroy-fails-plan"),
    (Rule::PlanLeavesStateAlone, "plan-leaves-state-alone"),
    (Rule::AutoTfvarsAfterTfvars, "auto-tfvars-after-tfvars"),
    (Rule::CliVarsInOrder, "cli-vars-in-order"),
    (Rule::CliFlagsInOrder, "cli-flags-in-order"),
    (Rule::EnvVarsLowest, "env-vars-lowest"),
    (Rule::WorkspacesSeparateState, "workspaces-separate-state"),
    (Rule::ModulesNeedInit, "modules-need-init"),
    (Rule::TaintOnlyMarks, "taint-only-marks"),
    (Rule::UpdateInPlace, "update-in-place"),
    (Rule::CheckFailuresWarn, "check-failures-warn"),
    (Rule::RefreshOnlyLeavesConfig, "refresh-only-leaves-config"),
    (Rule::DetailedExitcodeTwo, "detailed-exitcode-two"),
    (Rule::SavedPlanIsFixed, "saved-plan-is-fixed"),
    (Rule::RemovedDestroysByDefault, "removed-destroys-by-default"),
    (Rule::CountAddedMovesZero, "count-added-moves-zero"),
    (Rule::ForEachKeysAreNewInstances, "for-each-keys-are-new-instances"),
    (Rule::TriggersOutrankIgnoreChanges, "triggers-outrank-ignore-changes"),
    (Rule::RemoteStateUnmarksSensitive, "remote-state-unmarks-sensitive"),
    (Rule::ImportSkipsManaged, "import-skips-managed"),
    (Rule::ReconfigureLeavesState, "reconfigure-leaves-state"),
    (Rule::WorkspaceNewSelects, "workspace-new-selects"),
    (Rule::WorkspaceDeleteNeedsEmpty, "workspace-delete-needs-empty"),
    (Rule::OutputByNameShowsSensitive, "output-by-name-shows-sensitive"),
    (Rule::BackendChangeNeedsInit, "backend-change-needs-init"),
    (Rule::FmtCurrentFolderOnly, "fmt-current-folder-only"),
    (Rule::TargetLeavesDependents, "target-leaves-dependents"),
    (Rule::BuiltinNeedsNoInit, "builtin-needs-no-init"),
    (Rule::ValidateLeavesValuesUnknown, "validate-leaves-values-unknown"),
    (Rule::FmtCheckWritesNothing, "fmt-check-writes-nothing"),
    (Rule::FmtRewritesIdioms, "fmt-rewrites-idioms"),
    (Rule::DataWaitsForUnknowns, "data-waits-for-unknowns"),
    (Rule::DataInState, "data-in-state"),
    (Rule::DestroySkipsData, "destroy-skips-data"),
    (Rule::ApplyDestroyEndsAsApply, "apply-destroy-ends-as-apply"),
    (Rule::AliasesNotInherited, "aliases-not-inherited"),
    (Rule::PessimisticFixesLeading, "pessimistic-fixes-leading"),
    (Rule::ComputedUnknownAtPlan, "computed-unknown-at-plan"),
    (Rule::AliasedConfigurationsAllowed, "aliased-configurations-allowed"),
    (Rule::InitInstallsModuleProviders, "init-installs-module-providers"),
    (Rule::OrphansDestroyed, "orphans-destroyed"),
    (Rule::FmtAlignsEquals, "fmt-aligns-equals"),
];

impl Rule {
    /// The rule's catalogue name (`merge-last-wins`).
    pub fn name(self) -> &'static str {
        RULE_NAMES.iter().find(|(r, _)| *r == self).map(|(_, n)| *n).unwrap_or("unknown")
    }
    /// The rule with this catalogue name.
    pub fn from_name(name: &str) -> Option<Rule> {
        RULE_NAMES.iter().find(|(_, n)| *n == name).map(|(r, _)| *r)
    }
}

/// The rule set an evaluation runs under.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    flipped: BTreeSet<Rule>,
}

impl Rules {
    /// Terraform's real rules.
    pub fn real() -> Rules {
        Rules::default()
    }
    /// The real rules with `rule` flipped.
    pub fn with(rule: Rule) -> Rules {
        let mut flipped = BTreeSet::new();
        flipped.insert(rule);
        Rules { flipped }
    }
    /// True when `rule` is flipped in this rule set.
    pub fn flipped(&self, rule: Rule) -> bool {
        self.flipped.contains(&rule)
    }
}
