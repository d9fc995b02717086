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
    /// list[i]: a negative index is an error.
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
    /// cidrsubnets(): each subnet aligns to its own size.
    CidrsubnetsAlign,
}

/// The rule set an evaluation runs under.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
