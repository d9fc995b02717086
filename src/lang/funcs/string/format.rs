//! `format` and `formatlist`: go-cty's printf-like formatter.
//!
//! The verb scanner follows cty's Ragel machine (`%` flags width precision `[argidx]` letter);
//! `%s %q %v %t` are cty's own, and the numeric verbs go through Go's `fmt` on a `*big.Int`
//! (`%b %d %o %x %X`) or `*big.Float` (`%e %E %f %g %G`), reproduced here.

use num_bigint::BigInt;

use super::super::util::{s, string};
use super::super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::eval::Evaluator;
use crate::lang::value::convert::convert;
use crate::lang::value::number::Number;
use crate::lang::value::render::go_quote;
use crate::lang::value::unicode::{self, Ucd, grapheme};
use crate::lang::value::{Type, Value};

/// Widest padding cty's own verbs build (Go would try to allocate anything).
const MAX_PAD: usize = 100_000_000;
/// Largest result the formatter builds.
const MAX_OUTPUT: usize = 256 << 20;

/// Registers format and formatlist.
pub fn register(r: &mut Registry) {
    r.add(
        "format",
        Func::new(vec![Param::new("format", Type::String)], format_fn)
            .variadic(Param::new("args", Type::Dynamic).nullable().unknowns())
            .returns(Type::String),
    );
    r.add(
        "formatlist",
        Func::new(vec![Param::new("format", Type::String)], formatlist_fn)
            .variadic(Param::new("args", Type::Dynamic).nullable().unknowns())
            .returns(Type::list(Type::String)),
    );
}

/// A failure of the formatter: a plain error, or one about argument `n` (1-based).
#[derive(Debug)]
enum FmtError {
    Call(String),
    Arg(usize, String),
}

impl FmtError {
    fn message(self) -> String {
        match self {
            FmtError::Call(m) | FmtError::Arg(_, m) => m,
        }
    }
}

/// One verb of a spec: its flags and width, and where they sit in the spec.
struct VerbAt {
    /// Byte offset of the flags (just after `%`).
    flags_at: usize,
    /// The flags (`-+ #0`).
    flags: String,
    /// True when a width follows the flags.
    has_width: bool,
    /// The verb letter.
    verb: char,
}

/// The verbs of a spec, `%%` skipped.
fn verbs(spec: &str) -> Vec<VerbAt> {
    let b = spec.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        let flags_at = i + 1;
        let mut j = flags_at;
        while j < b.len() && b"-+ #0".contains(&b[j]) {
            j += 1;
        }
        let flags = spec[flags_at..j].to_string();
        let width_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let has_width = j > width_start;
        while j < b.len() && (b[j] == b'.' || b[j].is_ascii_digit()) {
            j += 1;
        }
        let verb = spec[j.min(spec.len())..].chars().next().unwrap_or('%');
        if verb != '%' {
            out.push(VerbAt {
                flags_at,
                flags,
                has_width,
                verb,
            });
        }
        i = j + verb.len_utf8().max(1);
    }
    out
}

/// The spec as a learner holding a flipped formatting rule reads it: each rule is consulted
/// only when the spec has a verb it applies to.
fn believed_spec(ev: &Evaluator, spec: &str) -> String {
    use crate::lang::dialect::rules::Rule;
    let vs = verbs(spec);
    let numeric = |v: &VerbAt| matches!(v.verb, 'd' | 'f' | 'e' | 'g' | 'x' | 'X' | 'o' | 'b');
    let zero_padded: Vec<&VerbAt> = vs.iter().filter(|v| v.has_width && v.flags.contains('0')).collect();
    let space_padded: Vec<&VerbAt> = vs
        .iter()
        .filter(|v| v.has_width && !v.flags.contains('0') && !v.flags.contains('-'))
        .collect();
    // Edits: (offset, flags to insert or remove).
    let mut inserts: Vec<(usize, char)> = Vec::new();
    let mut removes: Vec<usize> = Vec::new();
    // A learner may believe a zero flag pads with spaces.
    if !zero_padded.is_empty() && ev.flipped(Rule::FormatZeroPads) {
        for v in &zero_padded {
            if let Some(k) = v.flags.find('0') {
                removes.push(v.flags_at + k);
            }
        }
    }
    // A learner may believe a width pads numbers with zeros even without the 0 flag.
    let numeric_spaced: Vec<&&VerbAt> = space_padded.iter().filter(|v| numeric(v)).collect();
    if !numeric_spaced.is_empty() && ev.flipped(Rule::FormatWidthPadsSpaces) {
        inserts.extend(numeric_spaced.iter().map(|v| (v.flags_at, '0')));
    }
    // A learner may believe padding goes on the right, as text is written.
    if !space_padded.is_empty() && ev.flipped(Rule::FormatRightAligns) {
        inserts.extend(space_padded.iter().map(|v| (v.flags_at, '-')));
    }
    if inserts.is_empty() && removes.is_empty() {
        return spec.to_string();
    }
    let mut out = String::with_capacity(spec.len() + inserts.len());
    for (i, ch) in spec.char_indices() {
        for (_, c) in inserts.iter().filter(|(at, _)| *at == i) {
            out.push(*c);
        }
        if !removes.contains(&i) {
            out.push(ch);
        }
    }
    out
}

/// Terraform 1.6 to 1.11: an argument of unknown type (an untyped `null`) stops the call before
/// it runs, and the result is unknown (see releases::CTY_DYNAMIC_SHORT_CIRCUIT).
fn short_circuited(ev: &Evaluator, args: &[Value]) -> bool {
    use crate::lang::dialect::releases::{CTY_DYNAMIC_SHORT_CIRCUIT, FORMAT_HANDLES_DYNAMIC, has};
    has(ev.version, &CTY_DYNAMIC_SHORT_CIRCUIT)
        && !has(ev.version, &FORMAT_HANDLES_DYNAMIC)
        && args
            .iter()
            .any(|v| matches!(v, Value::Null(Type::Dynamic) | Value::Unknown(Type::Dynamic, _)))
}

fn format_fn(ev: &Evaluator, a: &[Value]) -> FnResult {
    if short_circuited(ev, &a[1..]) {
        return Ok(Value::unknown(Type::Dynamic));
    }
    if a[1..].iter().any(Value::has_unknown) {
        // go-cty: the literal text before the first verb is the result's known prefix.
        let f = s(&a[0]);
        let r = match f.find('%') {
            Some(i) if i > 0 => {
                crate::lang::value::Refinement::new().prefix(&crate::lang::value::refine::safe_prefix(&f[..i], false, ev.version))
            }
            _ => crate::lang::value::Refinement::new(),
        };
        return Ok(Value::unknown(Type::String).refine(r));
    }
    let spec = believed_spec(ev, s(&a[0]));
    let ucd = unicode::textseg_for_values(ev.version, &a[1..]);
    let mut result = format_values(&spec, &a[1..], ucd);
    // A learner may believe a width is a maximum that cuts longer values; consulted only when
    // some value is wider than its verb's width.
    if let Ok(real) = &result
        && let Ok(cut) = format_values_as(&spec, &a[1..], true, ucd)
        && cut != *real
        && ev.flipped(crate::lang::dialect::rules::Rule::FormatWidthIsMinimum)
    {
        result = Ok(cut);
    }
    match result {
        Ok(out) => string(out),
        Err(FmtError::Call(m)) => Err(FnError::Call(m)),
        Err(FmtError::Arg(n, m)) => Err(FnError::Arg(n, m)),
    }
}

fn formatlist_fn(ev: &Evaluator, a: &[Value]) -> FnResult {
    if short_circuited(ev, &a[1..]) {
        return Ok(Value::unknown(Type::Dynamic));
    }
    let spec = believed_spec(ev, s(&a[0]));
    let fmt = spec.as_str();
    let args = &a[1..];
    let ucd = unicode::textseg_for_values(ev.version, args);
    // A learner may believe formatlist() combines every element of one list with every element
    // of the others; consulted when two or more lists have several elements.
    let lists: Vec<&[Value]> = args
        .iter()
        .filter_map(|v| match v {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Some(vs.as_slice()),
            _ => None,
        })
        .collect();
    if lists.iter().filter(|l| l.len() > 1).count() > 1
        && !args.iter().any(Value::has_unknown)
        && lists.iter().map(|l| l.len()).product::<usize>() <= 10_000
        && ev.flipped(crate::lang::dialect::rules::Rule::FormatlistPairsByIndex)
    {
        let mut rows: Vec<Vec<Value>> = vec![Vec::new()];
        for arg in args {
            let choices: Vec<Value> = match arg {
                Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.clone(),
                other => vec![other.clone()],
            };
            rows = rows
                .into_iter()
                .flat_map(|r| {
                    choices.iter().map(move |c| {
                        let mut r = r.clone();
                        r.push(c.clone());
                        r
                    })
                })
                .collect();
        }
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            match format_values(fmt, &row, ucd) {
                Ok(text) => out.push(string(text)?),
                Err(e) => return Err(FnError::Call(e.message())),
            }
        }
        return Ok(Value::List(Type::String, out));
    }
    if args.is_empty() {
        return match format_values(fmt, &[], ucd) {
            Ok(out) => Ok(Value::List(Type::String, vec![string(out)?])),
            Err(FmtError::Call(m)) => Err(FnError::Call(m)),
            Err(FmtError::Arg(n, m)) => Err(FnError::Arg(n, m)),
        };
    }
    let mut iter_len: Option<(usize, usize)> = None; // (length, argument that set it)
    let mut unknown = false;
    let mut check_len = |i: usize, len: usize| -> Result<(), FnError> {
        match iter_len {
            None => iter_len = Some((len, i)),
            Some((want, chooser)) if want != len => {
                return Err(FnError::Arg(
                    i + 1,
                    format!(
                        "argument {} has length {len}, which is inconsistent with argument {} of length {want}",
                        i + 1,
                        chooser + 1
                    ),
                ));
            }
            Some(_) => {}
        }
        Ok(())
    };
    for (i, arg) in args.iter().enumerate() {
        match arg {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => check_len(i, vs.len())?,
            Value::Unknown(Type::Tuple(ts), _) => {
                check_len(i, ts.len())?;
                unknown = true;
            }
            Value::Unknown(Type::List(_) | Type::Set(_) | Type::Dynamic, _) => unknown = true,
            _ => {}
        }
    }
    if unknown {
        return Ok(Value::unknown(Type::list(Type::String)));
    }
    let n = match iter_len {
        Some((0, _)) => return Ok(Value::List(Type::String, Vec::new())),
        Some((n, _)) => n,
        None => 1,
    };
    let mut out = Vec::with_capacity(n);
    for idx in 0..n {
        let row: Vec<Value> = args
            .iter()
            .map(|arg| match arg {
                Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.get(idx).cloned().unwrap_or(Value::null()),
                other => other.clone(),
            })
            .collect();
        if row.iter().any(Value::has_unknown) {
            out.push(Value::unknown_not_null(Type::String));
            continue;
        }
        match format_values(fmt, &row, ucd) {
            Ok(text) => out.push(string(text)?),
            Err(e) => return Err(FnError::Call(format!("error on format iteration {idx}: {}", e.message()))),
        }
    }
    Ok(Value::List(Type::String, out))
}

/// One `%...` verb as cty's scanner reads it.
#[derive(Default)]
struct Verb<'a> {
    raw: &'a str,
    offset: usize,
    arg: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    minus: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// cty's `formatFSM`: formats `args` by `fmt`.
fn format_values(fmt: &str, args: &[Value], ucd: Ucd) -> Result<String, FmtError> {
    format_values_as(fmt, args, false, ucd)
}

/// Formats `args` by `fmt`; with `cut`, as a learner who believes a width is a maximum reads it:
/// each verb's text longer than its width is cut to its first `width` characters.
fn format_values_as(fmt: &str, args: &[Value], cut: bool, ucd: Ucd) -> Result<String, FmtError> {
    let b = fmt.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(fmt.len());
    let mut p = 0;
    let mut next_arg = 1usize;
    let mut highest = 0usize;
    let digit = |i: usize| b.get(i).copied().filter(u8::is_ascii_digit);
    let bad_char = |i: usize| -> FmtError {
        let c = fmt.get(i..).and_then(|t| t.chars().next()).unwrap_or('\u{FFFD}');
        FmtError::Call(format!("unrecognized format character {} at offset {i}", quote_rune(c)))
    };
    let eof = || FmtError::Call(format!("invalid format string starting at offset {}", b.len()));
    while p < b.len() {
        if b[p] != b'%' {
            out.push(b[p]);
            p += 1;
            continue;
        }
        if b.get(p + 1) == Some(&b'%') {
            out.push(b'%');
            p += 2;
            continue;
        }
        let ts = p;
        p += 1;
        let mut v = Verb {
            arg: next_arg,
            ..Verb::default()
        };
        while let Some(&c) = b.get(p) {
            match c {
                b'0' => v.zero = true,
                b'#' => v.sharp = true,
                b'-' => v.minus = true,
                b'+' | b' ' => {}
                _ => break,
            }
            p += 1;
        }
        if matches!(b.get(p), Some(b'1'..=b'9')) {
            let mut w = 0usize;
            while let Some(d) = digit(p) {
                w = w.saturating_mul(10).saturating_add(usize::from(d - b'0'));
                p += 1;
            }
            v.width = Some(w);
        }
        if b.get(p) == Some(&b'.') {
            p += 1;
            let mut pr = 0usize;
            while let Some(d) = digit(p) {
                pr = pr.saturating_mul(10).saturating_add(usize::from(d - b'0'));
                p += 1;
            }
            v.prec = Some(pr);
        }
        if b.get(p) == Some(&b'[') {
            p += 1;
            match b.get(p) {
                Some(b'1'..=b'9') => {}
                Some(_) => return Err(bad_char(p)),
                None => return Err(eof()),
            }
            let mut n = 0usize;
            while let Some(d) = digit(p) {
                n = n.saturating_mul(10).saturating_add(usize::from(d - b'0'));
                p += 1;
            }
            match b.get(p) {
                Some(b']') => p += 1,
                Some(_) => return Err(bad_char(p)),
                None => return Err(eof()),
            }
            v.arg = n;
        }
        match b.get(p) {
            Some(c) if c.is_ascii_alphabetic() => {
                v.mode = char::from(*c);
                p += 1;
                v.raw = &fmt[ts..p];
                v.offset = ts;
                highest = highest.max(v.arg);
                let start = out.len();
                append(&v, &mut out, args, ucd)?;
                if let (true, Some(w)) = (cut, v.width) {
                    let text = String::from_utf8_lossy(&out[start..]).into_owned();
                    if text.chars().count() > w {
                        out.truncate(start);
                        out.extend(text.chars().take(w).collect::<String>().bytes());
                    }
                }
                if out.len() > MAX_OUTPUT {
                    return Err(FmtError::Call("the formatted string would be too large".into()));
                }
                next_arg = v.arg.saturating_add(1);
            }
            Some(_) => return Err(bad_char(p)),
            None => return Err(eof()),
        }
    }
    if highest < args.len() {
        let first_bad = highest + 1;
        return Err(FmtError::Arg(
            first_bad,
            if highest == 0 {
                "too many arguments; no verbs in format string".into()
            } else {
                format!("too many arguments; only {highest} used by format string")
            },
        ));
    }
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// cty's `formatAppend`: formats one verb's argument onto `out`.
fn append(v: &Verb, out: &mut Vec<u8>, args: &[Value], ucd: Ucd) -> Result<(), FmtError> {
    let raw = go_quote(v.raw);
    let Some(arg) = v.arg.checked_sub(1).and_then(|i| args.get(i)) else {
        return Err(FmtError::Call(format!(
            "not enough arguments for {raw} at {}: need index {} but have {} total",
            v.offset,
            v.arg,
            args.len()
        )));
    };
    if v.mode != 'v' && arg.is_null() {
        return Err(FmtError::Call(format!(
            "unsupported value for {raw} at {}: null value cannot be formatted",
            v.offset
        )));
    }
    let conv = |t: &Type| convert(arg, t).map_err(|e| FmtError::Call(format!("unsupported value for {raw} at {}: {}", v.offset, e.0)));
    let text = match v.mode {
        'v' => {
            let text = match arg {
                Value::String(x) if !v.sharp => x.to_string(),
                Value::Number(n) if !v.sharp => n.to_general(None, false),
                _ => cty_json(arg),
            };
            pad(v, text, ucd)?
        }
        't' => match conv(&Type::Bool)? {
            Value::Bool(true) => "true".into(),
            _ => "false".into(),
        },
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let n = match conv(&Type::Number)? {
                Value::Number(n) => n,
                _ => Number::zero(),
            };
            let spec = GoSpec::parse(&strip_index(v.raw));
            if matches!(v.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
                let i = n
                    .to_bigint()
                    .filter(|_| n.is_integer())
                    .ok_or_else(|| FmtError::Call(format!("unsupported value for {raw} at {}: an integer is required", v.offset)))?;
                spec.int(v.mode, &i)
            } else {
                spec.float(v.mode, &n)
            }
        }
        's' | 'q' => {
            let x = match conv(&Type::String)? {
                Value::String(x) => x.to_string(),
                _ => String::new(),
            };
            let x = match v.prec {
                Some(p) if p > 0 => grapheme::clusters(&x, ucd).into_iter().take(p).collect::<String>(),
                _ => x,
            };
            pad(v, if v.mode == 'q' { go_json_string(&x) } else { x }, ucd)?
        }
        other => {
            return Err(FmtError::Call(format!(
                "unsupported format verb {} in {raw} at offset {}",
                quote_rune(other),
                v.offset
            )));
        }
    };
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// cty's `formatPadWidth`: pads to the width in grapheme clusters.
fn pad(v: &Verb, text: String, ucd: Ucd) -> Result<String, FmtError> {
    let Some(width) = v.width else { return Ok(text) };
    let have = grapheme::clusters(&text, ucd).len();
    if have >= width {
        return Ok(text);
    }
    if width > MAX_PAD {
        return Err(FmtError::Call(format!("format width {width} is too large")));
    }
    let pads = (if v.zero { "0" } else { " " }).repeat(width - have);
    Ok(if v.minus { text + &pads } else { pads + &text })
}

/// cty's `formatStripIndexSegment`: the verb without its `[n]`.
fn strip_index(raw: &str) -> String {
    match (raw.find('['), raw.find(']')) {
        (Some(a), Some(b)) if b > a => format!("{}{}", &raw[..a], &raw[b + 1..]),
        _ => raw.to_string(),
    }
}

/// A verb as Go's `fmt` parses it (flags, width, precision).
#[derive(Default)]
struct GoSpec {
    plus: bool,
    minus: bool,
    space: bool,
    zero: bool,
    sharp: bool,
    width: Option<usize>,
    prec: Option<usize>,
    /// Go gave up on a too-large width or precision (`%!(NOVERB)`).
    noverb: bool,
}

impl GoSpec {
    fn parse(raw: &str) -> GoSpec {
        let b = raw.as_bytes();
        let mut g = GoSpec::default();
        let mut i = 1;
        while let Some(&c) = b.get(i) {
            match c {
                b'#' => g.sharp = true,
                b'0' => g.zero = !g.minus,
                b'+' => g.plus = true,
                b'-' => {
                    g.minus = true;
                    g.zero = false;
                }
                b' ' => g.space = true,
                _ => break,
            }
            i += 1;
        }
        // Go's parsenum: gives up when the number grows past 1e6 before its last digit.
        let parsenum = |i: &mut usize| -> Option<Option<usize>> {
            let mut n: usize = 0;
            let mut any = false;
            while let Some(d) = b.get(*i).copied().filter(u8::is_ascii_digit) {
                if n > 1_000_000 {
                    return None;
                }
                n = n * 10 + usize::from(d - b'0');
                any = true;
                *i += 1;
            }
            Some(any.then_some(n))
        };
        match parsenum(&mut i) {
            Some(w) => g.width = w,
            None => {
                g.noverb = true;
                return g;
            }
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            match parsenum(&mut i) {
                Some(p) => g.prec = Some(p.unwrap_or(0)),
                None => g.noverb = true,
            }
        }
        g
    }

    /// `%!(NOVERB)` and the unused argument, as Go prints them.
    fn noverb(kind: &str, value: &str) -> String {
        format!("%!(NOVERB)%!(EXTRA {kind}={value})")
    }

    /// `fmt.Sprintf(verb, *big.Int)`.
    fn int(&self, verb: char, x: &BigInt) -> String {
        if self.noverb {
            return GoSpec::noverb("*big.Int", &x.to_string());
        }
        let radix = match verb {
            'b' => 2,
            'o' => 8,
            'x' | 'X' => 16,
            _ => 10,
        };
        let neg = x.sign() == num_bigint::Sign::Minus;
        let sign = if neg {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        };
        let prefix = match (self.sharp, verb) {
            (true, 'b') => "0b",
            (true, 'o') => "0",
            (true, 'x') => "0x",
            (true, 'X') => "0X",
            _ => "",
        };
        let mut digits = x.magnitude().to_str_radix(radix);
        if verb == 'X' {
            digits.make_ascii_uppercase();
        }
        let mut zeros = 0;
        if let Some(p) = self.prec {
            if digits.len() < p {
                zeros = p - digits.len();
            } else if digits == "0" && p == 0 {
                return String::new();
            }
        }
        let (mut left, mut right) = (0, 0);
        let length = sign.len() + prefix.len() + zeros + digits.len();
        if let Some(w) = self.width.filter(|&w| length < w) {
            let d = w - length;
            if self.minus {
                right = d;
            } else if self.zero && self.prec.is_none() {
                zeros = d;
            } else {
                left = d;
            }
        }
        format!(
            "{}{sign}{prefix}{}{digits}{}",
            " ".repeat(left),
            "0".repeat(zeros),
            " ".repeat(right)
        )
    }

    /// `fmt.Sprintf(verb, *big.Float)`.
    fn float(&self, verb: char, x: &Number) -> String {
        if self.noverb {
            return GoSpec::noverb("*big.Float", &x.to_general(None, false));
        }
        let text = match verb {
            'e' | 'E' => x.to_exp(Some(self.prec.unwrap_or(6)), verb == 'E'),
            'f' => x.to_fixed(self.prec.unwrap_or(6)),
            _ => x.to_general(self.prec, verb == 'G'),
        };
        let (sign, body) = if let Some(rest) = text.strip_prefix('-') {
            ("-", rest)
        } else if let Some(rest) = text.strip_prefix('+') {
            (if self.space { " " } else { "+" }, rest)
        } else if self.plus {
            ("+", text.as_str())
        } else if self.space {
            (" ", text.as_str())
        } else {
            ("", text.as_str())
        };
        let padding = self.width.map_or(0, |w| w.saturating_sub(sign.len() + body.len()));
        if self.zero && !x.is_inf() {
            format!("{sign}{}{body}", "0".repeat(padding))
        } else if self.minus {
            format!("{sign}{body}{}", " ".repeat(padding))
        } else {
            format!("{}{sign}{body}", " ".repeat(padding))
        }
    }
}

/// Go's `%q` of a rune (`strconv.QuoteRune`).
pub(crate) fn quote_rune(c: char) -> String {
    let q = go_quote(&c.to_string());
    let inner = q.get(1..q.len().saturating_sub(1)).unwrap_or("");
    match c {
        '"' => "'\"'".into(),
        '\'' => "'\\''".into(),
        _ => format!("'{inner}'"),
    }
}

/// A value as cty's `json.Marshal` writes it (compact, keys sorted, Go's string escaping).
pub fn cty_json(v: &Value) -> String {
    let mut out = String::new();
    write_json(v, &mut out);
    out
}

fn write_json(v: &Value, out: &mut String) {
    match v {
        Value::Null(_) | Value::Unknown(_, _) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_text()),
        Value::String(x) => out.push_str(&go_json_string(x)),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            out.push('[');
            for (i, e) in vs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(e, out);
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            for (i, (k, e)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&go_json_string(k));
                out.push(':');
                write_json(e, out);
            }
            out.push('}');
        }
        Value::Marked(inner, _) => write_json(inner, out),
    }
}

/// A string as Go's `encoding/json` quotes it (HTML-safe escaping).
pub fn go_json_string(x: &str) -> String {
    let mut out = String::with_capacity(x.len() + 2);
    out.push('"');
    for c in x.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        format_values(fmt, args, Ucd::V15)
            .map_err(FmtError::message)
            .unwrap_or_else(|e| format!("ERR {e}"))
    }

    #[test]
    fn go_verbs() {
        let n = |x: &str| Value::Number(Number::parse(x).unwrap_or_else(Number::zero));
        assert_eq!(
            f("%08.3f|%-8d|%+d|%#x", &[n("-3.14159"), n("5"), n("4"), n("255")]),
            "-003.142|5       |+4|0xff"
        );
        assert_eq!(f("%12345678d", &[n("1")]), "%!(NOVERB)%!(EXTRA *big.Int=1)");
        assert_eq!(f("%[2]s %[1]s", &[Value::string("a"), Value::string("b")]), "b a");
        assert_eq!(f("%", &[]), "ERR invalid format string starting at offset 1");
        assert_eq!(f("%*d", &[]), "ERR unrecognized format character '*' at offset 1");
    }
}
