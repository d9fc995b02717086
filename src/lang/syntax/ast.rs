//! The project's own small AST, lowered from hcl-edit's tree, with byte spans kept for
//! diagnostics. Template strip markers (`~`) are applied here, the way HCL applies them:
//! every whitespace character next to the marker goes, newlines included.

use std::ops::Range;

use hcl_edit::expr::{BinaryOperator, Expression, ObjectKey, TraversalOperator, UnaryOperator};
use hcl_edit::structure::{BlockLabel, Body, Structure};
use hcl_edit::template::{Directive, Element, Template};

use crate::lang::syntax::diag::Diag;
use crate::lang::value::number::Number;

/// A byte range in the source.
pub type Span = Range<usize>;

/// An expression with its position.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

impl Expr {
    /// The text of a string written without interpolation or directives (`"./net"`), as
    /// Terraform reads the arguments it needs before evaluating (`source`,
    /// `required_version`, `version`); `None` for any other expression.
    pub fn literal_string(&self) -> Option<String> {
        match &self.kind {
            ExprKind::Str(s) => Some(s.clone()),
            ExprKind::Template(parts) => parts
                .iter()
                .map(|p| match p {
                    Part::Lit(s) => Some(s.as_str()),
                    _ => None,
                })
                .collect(),
            _ => None,
        }
    }
}

/// The forms of expression.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number literal.
    Number(Number),
    /// A string with no interpolation or directive.
    Str(String),
    /// A string template or heredoc.
    Template(Vec<Part>),
    /// `[a, b]`
    Tuple(Vec<Expr>),
    /// `{k = v}`
    Object(Vec<(ObjKey, Expr)>),
    /// A root variable name (`var`, `local`, an iterator).
    Var(String),
    /// A chain of attribute, index and splat operators after an expression.
    Traversal(Box<Expr>, Vec<Op>),
    /// `-x`, `!x`
    Unary(UnOp, Box<Expr>),
    /// `a + b` and the other binary operators.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `[for ...]` / `{for ...}`
    For(Box<ForExpr>),
    /// A function call.
    Call(Box<Call>),
    /// `(x)`
    Paren(Box<Expr>),
    /// `"${x}"`: a template that is exactly one interpolation (yields x's raw value).
    TemplateWrap(Box<Expr>),
}

/// The range HCL's `StartRange()` gives for `e`: where a diagnostic about it as a whole (a
/// function argument that does not convert) is placed. It starts where `e` starts, and is
/// shorter for an operation (its operator or left operand), a call (`name(`), a constructor
/// (its bracket) and a conditional (its condition).
pub fn start_range(e: &Expr) -> Span {
    let one = e.span.start..e.span.start + 1;
    match &e.kind {
        ExprKind::Binary(_, l, _) => start_range(l),
        ExprKind::Cond(c, _, _) => start_range(c),
        ExprKind::Unary(..) | ExprKind::Tuple(_) | ExprKind::Object(_) | ExprKind::For(_) => one,
        ExprKind::Call(c) => c.name_span.start..c.name_span.end + 1,
        ExprKind::Paren(x) => start_range(x),
        _ => e.span.clone(),
    }
}

/// An object constructor key.
#[derive(Clone, Debug)]
pub enum ObjKey {
    /// A bare identifier, which is the literal string.
    Ident(String, Span),
    /// Any other expression (a string, a parenthesised expression, ...).
    Expr(Expr),
}

/// A traversal step.
#[derive(Clone, Debug)]
pub struct Op {
    /// The step.
    pub kind: OpKind,
    /// Where it is.
    pub span: Span,
}

/// The traversal steps.
#[derive(Clone, Debug)]
pub enum OpKind {
    /// `.name`
    Attr(String),
    /// `[expr]`
    Index(Expr),
    /// `.0`
    LegacyIndex(u64),
    /// `.*`
    AttrSplat,
    /// `[*]`
    FullSplat,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-`
    Neg,
    /// `!`
    Not,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `<=`
    LessEq,
    /// `>=`
    GreaterEq,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `&&`
    And,
    /// `||`
    Or,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Eq => "==",
            BinOp::NotEq => "!=",
            BinOp::LessEq => "<=",
            BinOp::GreaterEq => ">=",
            BinOp::Less => "<",
            BinOp::Greater => ">",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// A for expression.
#[derive(Clone, Debug)]
pub struct ForExpr {
    /// The first variable of `for k, v in`, if two are given.
    pub key_var: Option<String>,
    /// The (last) iteration variable.
    pub value_var: String,
    /// The collection iterated.
    pub collection: Expr,
    /// The key expression of the object form.
    pub key: Option<Expr>,
    /// The value expression.
    pub value: Expr,
    /// The `if` filter.
    pub cond: Option<Expr>,
    /// `...` grouping mode.
    pub grouping: bool,
}

/// A function call.
#[derive(Clone, Debug)]
pub struct Call {
    /// Namespace parts (`provider`, `aws` for `provider::aws::f`).
    pub namespace: Vec<String>,
    /// The function's own name.
    pub name: String,
    /// The arguments.
    pub args: Vec<Expr>,
    /// True when the last argument is followed by `...`.
    pub expand_final: bool,
    /// Where the name is.
    pub name_span: Span,
}

impl Call {
    /// The name as written, namespace included.
    pub fn full_name(&self) -> String {
        let mut s = String::new();
        for n in &self.namespace {
            s.push_str(n);
            s.push_str("::");
        }
        s.push_str(&self.name);
        s
    }
}

/// A piece of a template.
#[derive(Clone, Debug)]
pub enum Part {
    /// Literal text (strip markers already applied).
    Lit(String),
    /// `${expr}`
    Interp(Expr),
    /// `%{if}` ... `%{else}` ... `%{endif}`
    If {
        /// The condition.
        cond: Expr,
        /// The parts when true.
        then: Vec<Part>,
        /// The parts when false.
        els: Vec<Part>,
    },
    /// `%{for}` ... `%{endfor}`
    For {
        /// The key variable, if two are given.
        key_var: Option<String>,
        /// The value variable.
        value_var: String,
        /// The collection.
        collection: Expr,
        /// The body.
        body: Vec<Part>,
        /// Where the directive is.
        span: Span,
    },
}

/// A configuration body: attributes and blocks in source order.
#[derive(Clone, Debug, Default)]
pub struct BodyAst {
    /// `name = expr`
    pub attrs: Vec<Attr>,
    /// `type "label" { ... }`
    pub blocks: Vec<BlockAst>,
}

/// One attribute of a body.
#[derive(Clone, Debug)]
pub struct Attr {
    /// Its name.
    pub name: String,
    /// Its value.
    pub expr: Expr,
    /// Where the whole attribute is.
    pub span: Span,
}

/// One block of a body.
#[derive(Clone, Debug)]
pub struct BlockAst {
    /// The block type (`resource`, `locals`, ...).
    pub kind: String,
    /// Its labels.
    pub labels: Vec<String>,
    /// Its body.
    pub body: BodyAst,
    /// Where the block is.
    pub span: Span,
}

impl BodyAst {
    /// The attribute with this name.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
    /// The blocks of this type.
    pub fn blocks_of<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a BlockAst> + 'a {
        self.blocks.iter().filter(move |b| b.kind == kind)
    }
}

/// Parses one expression (surrounding whitespace and comments allowed).
pub fn parse_expr(src: &str) -> Result<Expr, Diag> {
    EXPRS.with(|memo| memo.get_or_parse(src, parse_expr_uncached))
}

fn parse_expr_uncached(src: &str) -> Result<Expr, Diag> {
    crate::lang::syntax::parse_errors::check_depth(src)?;
    // HCL's own parser decides whether the text is well-formed and what its first error is.
    if let Some(d) = crate::lang::syntax::hcl_diag::expr(src, crate::lang::syntax::hcl_diag::Hcl::NEWEST).and_then(|d| d.into_iter().next())
    {
        return Err(d);
    }
    // Well-formed HCL that hcl-edit misreads: a legacy index on a literal (`1 .5`) fails when
    // evaluated, as in Terraform.
    if let Some(d) = crate::lang::syntax::hcl_diag::literal_index(src) {
        return Err(d);
    }
    // hcl-edit's expression parser takes no surrounding whitespace or comments, but its body
    // parser does: parse `x=EXPR` as a body, then move the spans back onto `src`.
    let lead = leading_trivia(src);
    let rest = &src[lead..];
    let wrapped = format!("x={rest}\n");
    if let Ok(b) = parse_renaming_duplicate_keys(&wrapped) {
        let mut attrs = b.iter().filter_map(|s| s.as_attribute());
        if let (Some(a), None, 1) = (attrs.next(), attrs.next(), b.len()) {
            // `lower` speaks in offsets of `wrapped`; a refusal is moved back onto `src` too.
            let mut e = lower(&wrapped, &a.value).map_err(|mut d| {
                if let Some(sp) = &mut d.span {
                    shift_span(sp, lead as isize - 2);
                }
                rescan(src, d)
            })?;
            shift(&mut e, lead as isize - 2);
            return Ok(e);
        }
    }
    let trimmed = rest.trim_end();
    match crate::lang::syntax::parse_guard::expr(trimmed) {
        Ok(_) => Err(crate::lang::syntax::parse_errors::expr_diag(
            src,
            lead + trimmed.len(),
            "unexpected token",
        )),
        Err(e) => {
            let at = lead + e.location().offset().min(trimmed.len());
            if e.message().contains("chained binary operators")
                && let Some(done) = crate::lang::syntax::long_chain::parse(src, lead, at, parse_expr_uncached)
            {
                return done;
            }
            Err(crate::lang::syntax::parse_errors::expr_diag(src, at, e.message()))
        }
    }
}

/// HCL lets a later duplicate object key win; hcl-edit refuses it. Give each duplicate key a
/// same-length stand-in so hcl-edit parses the text; lowering reads key names back from the
/// original source by span, so the stand-ins never show. Returns the last parse's result.
fn parse_renaming_duplicate_keys(src: &str) -> Result<hcl_edit::structure::Body, hcl_edit::parser::Error> {
    let mut text = std::borrow::Cow::Borrowed(src);
    for _ in 0..256 {
        let err = match crate::lang::syntax::parse_guard::body(&text) {
            Err(e) if e.message().contains("redefined object key") => e,
            done => return done,
        };
        let at = err.location().offset();
        let Some((start, end)) = key_at(&text, at) else { return Err(err) };
        let Some(stand_in) = stand_in(&text, end - start) else {
            return Err(err);
        };
        text.to_mut().replace_range(start..end, &stand_in);
    }
    crate::lang::syntax::parse_guard::body(&text)
}

fn key_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut i = at;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if b.get(i) == Some(&b'"') {
        let close = text[i + 1..].find('"')? + i + 1;
        return (close > i + 1 && text[i + 1..close].is_ascii()).then_some((i + 1, close));
    }
    let start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
        i += 1;
    }
    (i > start).then_some((start, i))
}

fn stand_in(text: &str, len: usize) -> Option<String> {
    let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
    for n in 0..100_000usize {
        let mut s = String::with_capacity(len);
        let mut k = n;
        for _ in 0..len {
            s.push(letters[k % letters.len()]);
            k /= letters.len();
        }
        if k == 0 && !text.contains(&s) {
            return Some(s);
        }
    }
    None
}

/// The length of the whitespace and comments at the start of `src`.
fn leading_trivia(src: &str) -> usize {
    let b = src.as_bytes();
    let mut i = 0;
    loop {
        while i < b.len() && (b[i] as char).is_ascii_whitespace() {
            i += 1;
        }
        if src[i..].starts_with('#') || src[i..].starts_with("//") {
            match src[i..].find('\n') {
                Some(n) => i += n + 1,
                None => return src.len(),
            }
        } else if src[i..].starts_with("/*") {
            match src[i + 2..].find("*/") {
                Some(n) => i += n + 4,
                None => return i,
            }
        } else {
            return i;
        }
    }
}

fn shift_span(s: &mut Span, d: isize) {
    let f = |x: usize| (x as isize + d).max(0) as usize;
    *s = f(s.start)..f(s.end);
}

/// Moves every span of `e` by `d` bytes.
pub(crate) fn shift(e: &mut Expr, d: isize) {
    shift_span(&mut e.span, d);
    match &mut e.kind {
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::Str(_) | ExprKind::Var(_) => {}
        ExprKind::Template(parts) => shift_parts(parts, d),
        ExprKind::Tuple(items) => items.iter_mut().for_each(|x| shift(x, d)),
        ExprKind::Object(items) => {
            for (k, v) in items {
                match k {
                    ObjKey::Ident(_, s) => shift_span(s, d),
                    ObjKey::Expr(x) => shift(x, d),
                }
                shift(v, d);
            }
        }
        ExprKind::Traversal(b, ops) => {
            shift(b, d);
            for op in ops {
                shift_span(&mut op.span, d);
                if let OpKind::Index(x) = &mut op.kind {
                    shift(x, d);
                }
            }
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::TemplateWrap(x) => shift(x, d),
        ExprKind::Binary(_, l, r) => {
            shift(l, d);
            shift(r, d);
        }
        ExprKind::Cond(c, t, f) => {
            shift(c, d);
            shift(t, d);
            shift(f, d);
        }
        ExprKind::For(f) => {
            shift(&mut f.collection, d);
            if let Some(k) = &mut f.key {
                shift(k, d);
            }
            shift(&mut f.value, d);
            if let Some(c) = &mut f.cond {
                shift(c, d);
            }
        }
        ExprKind::Call(c) => {
            shift_span(&mut c.name_span, d);
            c.args.iter_mut().for_each(|x| shift(x, d));
        }
    }
}

fn shift_parts(parts: &mut [Part], d: isize) {
    for p in parts {
        match p {
            Part::Lit(_) => {}
            Part::Interp(x) => shift(x, d),
            Part::If { cond, then, els } => {
                shift(cond, d);
                shift_parts(then, d);
                shift_parts(els, d);
            }
            Part::For {
                collection, body, span, ..
            } => {
                shift(collection, d);
                shift_span(span, d);
                shift_parts(body, d);
            }
        }
    }
}

/// Parses a configuration file body.
pub fn parse_body(src: &str) -> Result<BodyAst, Diag> {
    BODIES.with(|memo| memo.get_or_parse(src, parse_body_uncached))
}

/// Parses are kept by source text: the bank evaluates each question's source once for the
/// answer and once per misconception it touches, and parsing is most of a small evaluation.
/// Bounded, so a long session never holds more than this many of each.
const PARSE_MEMO_ENTRIES: usize = 512;

/// Sources longer than this are parsed afresh each time rather than kept.
const PARSE_MEMO_MAX_TEXT: usize = 64 * 1024;

struct ParseMemo<T>(std::cell::RefCell<std::collections::HashMap<String, Result<T, Diag>>>);

impl<T: Clone> ParseMemo<T> {
    fn new() -> Self {
        ParseMemo(std::cell::RefCell::new(std::collections::HashMap::new()))
    }
    fn get_or_parse(&self, src: &str, parse: fn(&str) -> Result<T, Diag>) -> Result<T, Diag> {
        if let Some(hit) = self.0.borrow().get(src) {
            return hit.clone();
        }
        let parsed = parse(src);
        if src.len() <= PARSE_MEMO_MAX_TEXT {
            let mut memo = self.0.borrow_mut();
            if memo.len() >= PARSE_MEMO_ENTRIES {
                memo.clear();
            }
            memo.insert(src.to_string(), parsed.clone());
        }
        parsed
    }
}

thread_local! {
    static EXPRS: ParseMemo<Expr> = ParseMemo::new();
    static BODIES: ParseMemo<BodyAst> = ParseMemo::new();
}

fn parse_body_uncached(src: &str) -> Result<BodyAst, Diag> {
    crate::lang::syntax::parse_errors::check_depth(src)?;
    let b = parse_renaming_duplicate_keys(src)
        .map_err(|e| crate::lang::syntax::parse_errors::body_diag(src, e.location().offset(), e.message()))?;
    lower_body(src, &b).map_err(|d| rescan(src, d))
}

/// Parses a template file (the text of `templatefile`).
pub fn parse_template(src: &str) -> Result<Vec<Part>, Diag> {
    crate::lang::syntax::parse_errors::check_depth(src)?;
    if let Some(d) = crate::lang::syntax::hcl_diag::template_first(src, crate::lang::syntax::hcl_diag::Hcl::NEWEST) {
        return Err(d);
    }
    let t = crate::lang::syntax::parse_guard::template(src)
        .map_err(|e| crate::lang::syntax::parse_errors::template_diag(src, e.location().offset(), e.message()))?;
    lower_template(src, &t).map_err(|d| rescan(src, d))
}

fn span_of(x: &impl hcl_edit::Span) -> Span {
    x.span().unwrap_or(0..0)
}

fn lower_body(src: &str, body: &Body) -> Result<BodyAst, Diag> {
    let mut out = BodyAst::default();
    for s in body.iter() {
        match s {
            Structure::Attribute(a) => out.attrs.push(Attr {
                name: a.key.as_str().to_string(),
                expr: lower(src, &a.value)?,
                span: span_of(a),
            }),
            Structure::Block(b) => out.blocks.push(BlockAst {
                kind: b.ident.as_str().to_string(),
                labels: b
                    .labels
                    .iter()
                    .map(|l| match l {
                        BlockLabel::Ident(i) => i.as_str().to_string(),
                        BlockLabel::String(s) => s.value().to_string(),
                    })
                    .collect(),
                body: lower_body(src, &b.body)?,
                span: span_of(b),
            }),
        }
    }
    Ok(out)
}

fn mk(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

/// Lowers an hcl-edit expression.
fn lower(src: &str, e: &Expression) -> Result<Expr, Diag> {
    let span = span_of(e);
    let kind = match e {
        Expression::Null(_) => ExprKind::Null,
        Expression::Bool(b) => ExprKind::Bool(*b.value()),
        Expression::Number(n) => {
            // hcl-edit keeps numbers as f64/i64; the source text keeps them exact.
            let text: String = src.get(span.clone()).unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect();
            let text = if text.is_empty() { n.value().to_string() } else { text };
            match Number::parse(&text) {
                Some(n) => ExprKind::Number(n),
                None => {
                    return Err(Diag::new(
                        "Invalid number literal",
                        format!("Failed to recognize the value of this number literal: {text}."),
                    )
                    .at(&span));
                }
            }
        }
        Expression::String(s) => {
            check_single_line(src, &span)?;
            ExprKind::Str(s.value().to_string())
        }
        Expression::Array(a) => {
            let items: Vec<Expr> = a.iter().map(|x| lower(src, x)).collect::<Result<_, _>>()?;
            if let [
                Expr {
                    kind: ExprKind::Var(v),
                    span: s,
                },
            ] = items.as_slice()
                && v == "for"
            {
                return Err(Diag::new("Invalid 'for' expression", "For expression requires variable name after 'for'.").at(s));
            }
            ExprKind::Tuple(items)
        }
        Expression::Object(o) => {
            let mut items = Vec::new();
            for (k, v) in o.iter() {
                let key = match k {
                    ObjectKey::Ident(i) => {
                        let sp = span_of(i);
                        let name = src
                            .get(sp.clone())
                            .map(|t| t.trim().to_string())
                            .filter(|t| !t.is_empty())
                            .unwrap_or_else(|| i.as_str().to_string());
                        ObjKey::Ident(name, sp)
                    }
                    // `null`, `true` and `false` written as keys are names, as in HCL.
                    ObjectKey::Expression(x @ (Expression::Null(_) | Expression::Bool(_))) => {
                        let sp = span_of(x);
                        ObjKey::Ident(src.get(sp.clone()).unwrap_or("").trim().to_string(), sp)
                    }
                    ObjectKey::Expression(x) => {
                        let mut k = lower(src, x)?;
                        if let ExprKind::Str(_) = k.kind {
                            // Read the key back from the source: it may be a stand-in for a duplicate.
                            if let Some(raw) = src.get(k.span.clone())
                                && raw.starts_with('"')
                                && raw.ends_with('"')
                                && raw.len() >= 2
                                && !raw.contains('\\')
                            {
                                k.kind = ExprKind::Str(raw[1..raw.len() - 1].to_string());
                            }
                        }
                        ObjKey::Expr(k)
                    }
                };
                items.push((key, lower(src, v.expr())?));
            }
            ExprKind::Object(items)
        }
        Expression::StringTemplate(t) => {
            check_single_line(src, &span)?;
            let elems: Vec<&Element> = t.iter().collect();
            if let [Element::Interpolation(i)] = elems.as_slice() {
                // A template that is exactly one interpolation yields the raw value (decided
                // before strip markers apply).
                return Ok(mk(ExprKind::TemplateWrap(Box::new(lower(src, &i.expr)?)), span));
            }
            let mut toks = Vec::new();
            flatten_elements(src, false, false, t.iter(), &mut toks)?;
            ExprKind::Template(build_parts(toks, false)?)
        }
        Expression::HeredocTemplate(h) => {
            let raw = src.get(span.clone()).unwrap_or("");
            // The body is parsed again from the source: the text hcl-edit read may carry
            // parse_guard's heredoc edits, and in a flush heredoc (`<<-`) hcl-edit has removed
            // indentation its own way, where HCL's rule applies after the strip markers.
            if let Some(parts) = heredoc_body(raw, span.start, raw.starts_with("<<-"))? {
                return Ok(mk(ExprKind::Template(parts), span));
            }
            let mut toks = Vec::new();
            flatten_elements(src, true, false, h.template.iter(), &mut toks)?;
            ExprKind::Template(build_parts(toks, false)?)
        }
        Expression::Parenthesis(p) => ExprKind::Paren(Box::new(lower(src, p.inner())?)),
        Expression::Variable(v) => ExprKind::Var(v.as_str().to_string()),
        Expression::Conditional(c) => ExprKind::Cond(
            Box::new(lower(src, &c.cond_expr)?),
            Box::new(lower(src, &c.true_expr)?),
            Box::new(lower(src, &c.false_expr)?),
        ),
        Expression::FuncCall(f) => ExprKind::Call(Box::new(Call {
            namespace: f.name.namespace.iter().map(|n| n.as_str().to_string()).collect(),
            name: f.name.name.as_str().to_string(),
            args: f.args.iter().map(|a| lower(src, a)).collect::<Result<_, _>>()?,
            expand_final: f.args.expand_final(),
            name_span: span_of(&f.name.name),
        })),
        Expression::Traversal(t) => {
            let base = lower(src, &t.expr)?;
            check_legacy_indexes(src, &base, &t.operators)?;
            let mut ops = Vec::new();
            // Inside an attribute-only splat (`.*`), which runs on through `.name` and `.N`.
            let mut in_attr_splat = false;
            for op in &t.operators {
                let sp = span_of(op);
                let kind = match op.value() {
                    TraversalOperator::AttrSplat(_) if in_attr_splat => {
                        let star = sp.end.saturating_sub(1)..sp.end;
                        return Err(Diag::new(
                            "Nested splat expression not allowed",
                            "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                        )
                        .at(&star));
                    }
                    TraversalOperator::AttrSplat(_) => OpKind::AttrSplat,
                    TraversalOperator::FullSplat(_) => OpKind::FullSplat,
                    TraversalOperator::GetAttr(i) => OpKind::Attr(i.as_str().to_string()),
                    TraversalOperator::Index(x) => OpKind::Index(lower(src, x)?),
                    TraversalOperator::LegacyIndex(i) => OpKind::LegacyIndex(*i.value()),
                };
                in_attr_splat =
                    matches!(kind, OpKind::AttrSplat) || (in_attr_splat && matches!(kind, OpKind::Attr(_) | OpKind::LegacyIndex(_)));
                ops.push(Op { kind, span: sp });
            }
            ExprKind::Traversal(Box::new(base), ops)
        }
        Expression::UnaryOp(u) => {
            let op = match u.operator.value() {
                UnaryOperator::Neg => UnOp::Neg,
                UnaryOperator::Not => UnOp::Not,
            };
            let inner = lower(src, &u.expr)?;
            // `-5` is a negative literal, as HCL folds it.
            if let (UnOp::Neg, ExprKind::Number(n)) = (op, &inner.kind) {
                ExprKind::Number(n.neg())
            } else {
                ExprKind::Unary(op, Box::new(inner))
            }
        }
        Expression::BinaryOp(b) => {
            let op = match b.operator.value() {
                BinaryOperator::Eq => BinOp::Eq,
                BinaryOperator::NotEq => BinOp::NotEq,
                BinaryOperator::LessEq => BinOp::LessEq,
                BinaryOperator::GreaterEq => BinOp::GreaterEq,
                BinaryOperator::Less => BinOp::Less,
                BinaryOperator::Greater => BinOp::Greater,
                BinaryOperator::Plus => BinOp::Add,
                BinaryOperator::Minus => BinOp::Sub,
                BinaryOperator::Mul => BinOp::Mul,
                BinaryOperator::Div => BinOp::Div,
                BinaryOperator::Mod => BinOp::Mod,
                BinaryOperator::And => BinOp::And,
                BinaryOperator::Or => BinOp::Or,
            };
            ExprKind::Binary(op, Box::new(lower(src, &b.lhs_expr)?), Box::new(lower(src, &b.rhs_expr)?))
        }
        Expression::ForExpr(f) => ExprKind::For(Box::new(ForExpr {
            key_var: f.intro.key_var.as_ref().map(|k| k.as_str().to_string()),
            value_var: f.intro.value_var.as_str().to_string(),
            collection: lower(src, &f.intro.collection_expr)?,
            key: f.key_expr.as_ref().map(|k| lower(src, k)).transpose()?,
            value: lower(src, &f.value_expr)?,
            cond: f.cond.as_ref().map(|c| lower(src, &c.expr)).transpose()?,
            grouping: f.grouping,
        })),
    };
    Ok(mk(kind, span))
}

/// HCL's scanner reads `1.5.2` and `x.0.1` with a number token after the dot; hcl-edit reads
/// legacy indexes there. Report those as HCL does.
fn check_legacy_indexes(src: &str, base: &Expr, ops: &[hcl_edit::Decorated<TraversalOperator>]) -> Result<(), Diag> {
    if let (ExprKind::Number(_), Some(first)) = (&base.kind, ops.first())
        && let TraversalOperator::LegacyIndex(_) = first.value()
    {
        let sp = base.span.start..span_of(first).end;
        return Err(Diag::new("Invalid number literal", "Failed to recognize the value of this number literal.").at(&sp));
    }
    for w in ops.windows(2) {
        if let (TraversalOperator::LegacyIndex(a), TraversalOperator::LegacyIndex(b)) = (w[0].value(), w[1].value()) {
            let (s0, s1) = (span_of(&w[0]), span_of(&w[1]));
            let touching = src.get(s0.end..s1.start).is_some_and(|gap| gap.is_empty() || gap == ".");
            if touching {
                return Err(Diag::new(
                    "Invalid legacy index syntax",
                    format!("When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{}][{}].", a.value(), b.value()),
                )
                .at(&(s0.start..s1.end)));
            }
        }
    }
    Ok(())
}

/// Quoted strings may not contain a raw newline outside their interpolations.
fn check_single_line(src: &str, span: &Span) -> Result<(), Diag> {
    let Some(text) = src.get(span.clone()) else { return Ok(()) };
    if !text.starts_with('"') {
        return Ok(());
    }
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                depth += 1;
                i += 1;
            }
            b'}' if depth > 0 => depth -= 1,
            b'\n' if depth == 0 => {
                return Err(
                    Diag::new("Invalid multi-line string", crate::lang::syntax::parse_errors::MULTI_LINE_DETAIL)
                        .at(&(span.start + i..span.start + i + 1)),
                );
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The summary of a stand-in error from `lower`: HCL's scanner refuses the text at its span,
/// and the parse entry points ask `parse_errors` which of its diagnostics that is.
const RESCAN: &str = "\u{0}rescan";

/// Replaces a `RESCAN` stand-in by the diagnostic HCL's scanner gives for `src`.
fn rescan(src: &str, d: Diag) -> Diag {
    match (&d.summary[..], &d.span) {
        (RESCAN, Some(sp)) => crate::lang::syntax::parse_errors::diag(src, sp.start, "invalid template literal"),
        _ => d,
    }
}

fn lower_template(src: &str, t: &Template) -> Result<Vec<Part>, Diag> {
    let mut toks = Vec::new();
    flatten_elements(src, true, false, t.iter(), &mut toks)?;
    build_parts(toks, false)
}

/// A template flattened into HCL's token sequence, so strip markers can reach the literal
/// on the other side of a directive boundary.
enum Tok {
    Lit(String),
    Interp(Expr, bool, bool),
    If(Expr, bool, bool),
    Else(bool, bool),
    EndIf(bool, bool),
    For(Option<String>, String, Expr, bool, bool, Span),
    EndFor(bool, bool),
}

/// `raw`: the elements are a quoted string's directive body, whose literals hcl-edit left
/// undecoded (see `quoted_text`).
fn flatten_elements<'a>(
    src: &str,
    lines: bool,
    raw: bool,
    elems: impl Iterator<Item = &'a Element>,
    out: &mut Vec<Tok>,
) -> Result<(), Diag> {
    // Below a directive of a quoted string, literals come raw.
    let inner = raw || !lines;
    for el in elems {
        match el {
            Element::Literal(l) if raw => {
                let sp = span_of(l);
                let text = src.get(sp.clone()).unwrap_or("");
                match crate::lang::syntax::quoted_text::decode(text) {
                    Ok(v) => out.push(Tok::Lit(v)),
                    Err(at) => return Err(Diag::new(RESCAN, "").at(&(sp.start + at..sp.start + at))),
                }
            }
            // HCL's scanner ends a literal token after each newline of a heredoc or template
            // file, so a strip marker reaches only to the end of its own line.
            Element::Literal(l) if lines => out.extend(l.value().split_inclusive('\n').map(|p| Tok::Lit(p.to_string()))),
            Element::Literal(l) => out.push(Tok::Lit(l.value().to_string())),
            Element::Interpolation(i) => out.push(Tok::Interp(lower(src, &i.expr)?, i.strip.strip_start(), i.strip.strip_end())),
            Element::Directive(d) => match d.as_ref() {
                Directive::If(d) => {
                    let s = d.if_expr.strip;
                    out.push(Tok::If(lower(src, &d.if_expr.cond_expr)?, s.strip_start(), s.strip_end()));
                    flatten_elements(src, lines, inner, d.if_expr.template.iter(), out)?;
                    if let Some(e) = &d.else_expr {
                        out.push(Tok::Else(e.strip.strip_start(), e.strip.strip_end()));
                        flatten_elements(src, lines, inner, e.template.iter(), out)?;
                    }
                    let s = d.endif_expr.strip;
                    out.push(Tok::EndIf(s.strip_start(), s.strip_end()));
                }
                Directive::For(d) => {
                    let f = &d.for_expr;
                    let s = f.strip;
                    out.push(Tok::For(
                        f.key_var.as_ref().map(|k| k.as_str().to_string()),
                        f.value_var.as_str().to_string(),
                        lower(src, &f.collection_expr)?,
                        s.strip_start(),
                        s.strip_end(),
                        span_of(&f.collection_expr),
                    ));
                    flatten_elements(src, lines, inner, f.template.iter(), out)?;
                    let s = d.endfor_expr.strip;
                    out.push(Tok::EndFor(s.strip_start(), s.strip_end()));
                }
            },
        }
    }
    Ok(())
}

fn strips(t: &Tok) -> (bool, bool) {
    match t {
        Tok::Lit(_) => (false, false),
        Tok::Interp(_, a, b) | Tok::If(_, a, b) | Tok::Else(a, b) | Tok::EndIf(a, b) | Tok::EndFor(a, b) => (*a, *b),
        Tok::For(_, _, _, a, b, _) => (*a, *b),
    }
}

/// Parses the body of a heredoc (`raw` is its whole source text, starting at `base`); `flush`
/// for `<<-`.
fn heredoc_body(raw: &str, base: usize, flush: bool) -> Result<Option<Vec<Part>>, Diag> {
    let Some(nl) = raw.find('\n') else { return Ok(None) };
    let body_end = raw.trim_end_matches(|c: char| c != '\n').len();
    if body_end <= nl {
        return Ok(None);
    }
    let body = &raw[nl + 1..body_end];
    let Ok(t) = crate::lang::syntax::parse_guard::template(body) else {
        return Ok(None);
    };
    let mut toks = Vec::new();
    flatten_elements(body, true, false, t.iter(), &mut toks)?;
    let mut parts = build_parts(toks, flush)?;
    shift_parts(&mut parts, (base + nl + 1) as isize);
    Ok(Some(parts))
}

/// HCL's flush-heredoc rule, applied to the literal tokens after strip markers: find the
/// smallest count of leading spaces over the tokens that begin a line (a line that does not
/// begin with a literal counts as zero; a blank line does not count) and remove that many from
/// each of them.
fn flush_indent(toks: &mut [Tok]) {
    let mut min = usize::MAX;
    let mut newline = true;
    let mut adjust = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if newline {
            newline = false;
            let spaces = match t {
                Tok::Lit(v) => {
                    let trimmed = v.trim_start();
                    if trimmed.is_empty() && v.ends_with('\n') {
                        usize::MAX
                    } else {
                        adjust.push(i);
                        v[..v.len() - trimmed.len()].chars().count()
                    }
                }
                _ => 0,
            };
            min = min.min(spaces);
        }
        if let Tok::Lit(v) = t
            && v.ends_with('\n')
        {
            newline = true;
        }
    }
    if min == usize::MAX || min == 0 {
        return;
    }
    for i in adjust {
        if let Tok::Lit(v) = &mut toks[i] {
            let cut: usize = v.chars().take(min).map(char::len_utf8).sum();
            v.replace_range(..cut, "");
        }
    }
}

fn build_parts(mut toks: Vec<Tok>, flush: bool) -> Result<Vec<Part>, Diag> {
    for i in 0..toks.len() {
        let (left, right) = strips(&toks[i]);
        if left
            && i > 0
            && let Tok::Lit(s) = &mut toks[i - 1]
        {
            let keep = s.trim_end().len();
            s.truncate(keep);
        }
        if right
            && i + 1 < toks.len()
            && let Tok::Lit(s) = &mut toks[i + 1]
        {
            *s = s.trim_start().to_string();
        }
    }
    if flush {
        flush_indent(&mut toks);
    }
    let mut it = toks.into_iter();
    let (parts, end) = build_seq(&mut it);
    match end {
        None => Ok(parts),
        Some(_) => Err(Diag::new(
            "Unexpected end of template",
            "A template directive was closed without being opened.",
        )),
    }
}

enum Closer {
    Else,
    EndIf,
    EndFor,
}

fn build_seq(it: &mut impl Iterator<Item = Tok>) -> (Vec<Part>, Option<Closer>) {
    let mut out = Vec::new();
    while let Some(t) = it.next() {
        match t {
            Tok::Lit(s) => {
                if !s.is_empty() {
                    out.push(Part::Lit(s))
                }
            }
            Tok::Interp(e, _, _) => out.push(Part::Interp(e)),
            Tok::If(cond, _, _) => {
                let (then, end) = build_seq(it);
                let els = if matches!(end, Some(Closer::Else)) {
                    build_seq(it).0
                } else {
                    Vec::new()
                };
                out.push(Part::If { cond, then, els });
            }
            Tok::For(key_var, value_var, collection, _, _, span) => {
                let (body, _) = build_seq(it);
                out.push(Part::For {
                    key_var,
                    value_var,
                    collection,
                    body,
                    span,
                });
            }
            Tok::Else(..) => return (out, Some(Closer::Else)),
            Tok::EndIf(..) => return (out, Some(Closer::EndIf)),
            Tok::EndFor(..) => return (out, Some(Closer::EndFor)),
        }
    }
    (out, None)
}

/// One parsed configuration file.
#[derive(Clone, Debug)]
pub struct File {
    /// Its name (relative to the folder).
    pub name: String,
    /// Its text.
    pub src: String,
    /// Its parsed body.
    pub body: BodyAst,
}
