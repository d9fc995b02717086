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
