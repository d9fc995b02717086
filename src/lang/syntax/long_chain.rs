//! Flat chains of binary operators longer than hcl-edit takes (`1 + 1 + … + 1`, 130 terms).
//!
//! hcl-edit refuses more than 128 operators on any path of an expression tree; HCL has no such
//! limit. For a chain at the top of an expression, the text is parsed in two pieces: the head
//! up to the operator hcl-edit refused, and the rest with the head replaced by a stand-in name
//! of the same length, a run of zeros (so every span still points into the original). Both trees are read
//! back into their flat sequence of operands and operators (in-order; a parenthesised operand
//! stays one operand) and the whole sequence is rebuilt with HCL's precedence.

use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::{BinOp, Expr, ExprKind};

/// The most binary operators one chain at the top of an expression may hold: the evaluator
/// recurses once per operator and stops at [`crate::lang::eval::MAX_DEPTH`] levels, so a longer chain
/// is refused here, by its own name, with room left for its operands.
pub const MAX_CHAIN: usize = crate::lang::syntax::parse_guard::MAX_DEPTH - 16;

/// Parses `src`, whose chain hcl-edit refused at the operator starting at byte `at`; `lead` is
/// the length of the trivia before the expression. `None` when the text is not a chain at the
/// top of the expression (the caller keeps hcl-edit's refusal).
pub fn parse(src: &str, lead: usize, at: usize, parse: fn(&str) -> Result<Expr, Diag>) -> Option<Result<Expr, Diag>> {
    if at <= lead || at > src.len() || !src.is_char_boundary(at) {
        return None;
    }
    // Each level takes at most 128 operators more; past MAX_CHAIN there is nothing to build, and
    // recursing once per 128 operators of a 10,000-term chain would exhaust the stack first.
    let level = LEVEL.with(|l| {
        l.set(l.get() + 1);
        l.get()
    });
    let out = if level > MAX_CHAIN / HCL_EDIT_CHAIN + 1 {
        Some(Err(too_many(src, at, None)))
    } else {
        parse_pieces(src, lead, at, parse)
    };
    LEVEL.with(|l| l.set(l.get().saturating_sub(1)));
    out
}

/// How many operators hcl-edit takes on one path of an expression tree.
const HCL_EDIT_CHAIN: usize = 128;

thread_local! {
    /// How deep [`parse`] has recursed on this thread (the rest of a chain is parsed by it again).
    static LEVEL: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The refusal of a chain longer than [`MAX_CHAIN`], at the operator starting at `over`.
fn too_many(src: &str, over: usize, count: Option<usize>) -> Diag {
    let over = over + src[over..].len() - src[over..].trim_start().len();
    let count = count.map_or_else(|| format!("more than {MAX_CHAIN}"), |n| n.to_string());
    Diag::new(
        "Too many chained operators",
        format!(
            "This expression chains {count} binary operators; iacquiz takes at most {MAX_CHAIN} in one chain, although Terraform has no such limit. Add long runs of terms with a function instead, such as sum([1, 2, 3])."
        ),
    )
    .at(&(over..over + 1))
}

fn parse_pieces(src: &str, lead: usize, at: usize, parse: fn(&str) -> Result<Expr, Diag>) -> Option<Result<Expr, Diag>> {
    let head = parse(&src[..at]).ok()?;
    let standin = lead..at;
    // A run of zeros is one number literal whatever follows (a name would take in a `-`).
    let mut text = String::with_capacity(src.len());
    text.push_str(&src[..lead]);
    text.extend(std::iter::repeat_n('0', at - lead));
    text.push_str(&src[at..]);
    let mut whole = match parse(&text) {
        Ok(e) => e,
        Err(d) => return Some(Err(d)),
    };
    let chain = chain_on_left(&mut whole, &standin)?;
    let tail = std::mem::replace(&mut chain.kind, ExprKind::Null);
    let (mut operands, mut ops) = (Vec::new(), Vec::new());
    flatten(head, &mut operands, &mut ops);
    let mut rest = (Vec::new(), Vec::new());
    flatten(
        Expr {
            kind: tail,
            span: chain.span.clone(),
        },
        &mut rest.0,
        &mut rest.1,
    );
    // The first operand of the rest is the stand-in.
    operands.extend(rest.0.into_iter().skip(1));
    ops.extend(rest.1);
    if ops.len() > MAX_CHAIN {
        // The first operator past the limit follows operand MAX_CHAIN.
        let over = operands.get(MAX_CHAIN).map_or(at, |o| o.span.end);
        return Some(Err(too_many(src, over, Some(ops.len()))));
    }
    *chain = build(operands, ops)?;
    Some(Ok(whole))
}

/// The binary chain whose leftmost operand is the stand-in: down the condition of a
/// conditional and the left side of binary operators.
fn chain_on_left<'e>(e: &'e mut Expr, standin: &std::ops::Range<usize>) -> Option<&'e mut Expr> {
    let mut leaf = &*e;
    while let ExprKind::Binary(_, l, _) = &leaf.kind {
        leaf = l;
    }
    let found = matches!(&leaf.kind, ExprKind::Number(_)) && leaf.span == *standin;
    if found && matches!(e.kind, ExprKind::Binary(..)) {
        return Some(e);
    }
    match &mut e.kind {
        ExprKind::Cond(c, _, _) => chain_on_left(c, standin),
        _ => None,
    }
}

/// The operands and operators of a chain tree, in source order.
fn flatten(e: Expr, operands: &mut Vec<Expr>, ops: &mut Vec<BinOp>) {
    match e.kind {
        ExprKind::Binary(op, l, r) => {
            flatten(*l, operands, ops);
            ops.push(op);
            flatten(*r, operands, ops);
        }
        _ => operands.push(e),
    }
}

/// HCL's operator precedence (higher binds tighter); every level is left-associative.
fn precedence(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 1,
        BinOp::And => 2,
        BinOp::Eq | BinOp::NotEq => 3,
        BinOp::Less | BinOp::LessEq | BinOp::Greater | BinOp::GreaterEq => 4,
        BinOp::Add | BinOp::Sub => 5,
        BinOp::Mul | BinOp::Div | BinOp::Mod => 6,
    }
}

/// The tree of a flat chain (`operands` one more than `ops`), by precedence climbing.
fn build(operands: Vec<Expr>, ops: Vec<BinOp>) -> Option<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    let mut pending: Vec<BinOp> = Vec::new();
    let mut terms = operands.into_iter();
    out.push(terms.next()?);
    for (op, term) in ops.into_iter().zip(terms) {
        while pending.last().is_some_and(|top| precedence(*top) >= precedence(op)) {
            reduce(&mut out, &mut pending)?;
        }
        pending.push(op);
        out.push(term);
    }
    while !pending.is_empty() {
        reduce(&mut out, &mut pending)?;
    }
    out.pop()
}

fn reduce(out: &mut Vec<Expr>, pending: &mut Vec<BinOp>) -> Option<()> {
    let (op, r, l) = (pending.pop()?, out.pop()?, out.pop()?);
    out.push(Expr {
        span: l.span.start..r.span.end,
        kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
    });
    Some(())
}
