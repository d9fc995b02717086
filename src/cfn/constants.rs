//! `Constants:` (and the legacy `Rain: Constants:`): values a file names once and uses as
//! `${Const::x}` (or `${Rain::x}`) inside Fn::Sub strings, or whole as `!Ref Const::x` or
//! the older `!Rain::Constant x`. Each file has its own.

use super::error::{CfnError, ErrorKind};
use super::sub::{self, Word};
use super::value::{Map, Value};
use super::yaml::text_size;

/// Bytes the constants of one file may expand to in all, every use counted: a constant may
/// repeat an earlier one, so ten lines can otherwise double a string into gigabytes.
pub const MAX_EXPANDED: usize = 16 << 20;

/// What expansion has used of [`MAX_EXPANDED`].
struct Budget(usize);

impl Budget {
    fn take(&mut self, n: usize) -> Result<(), CfnError> {
        self.0 = self.0.saturating_add(n);
        if self.0 > MAX_EXPANDED {
            return Err(CfnError::shape(
                "Constants",
                format!(
                    "expand to more than {} MiB (a constant repeats earlier ones, which repeat theirs); iacquiz stops here",
                    MAX_EXPANDED >> 20
                ),
            ));
        }
        Ok(())
    }
}

/// Reads the file's constants and replaces their uses throughout the file; removes the section.
pub fn apply(doc: &mut Map) -> Result<(), CfnError> {
    let mut raw = Map::new();
    if let Some(c) = doc.remove("Constants") {
        take_into(&mut raw, c, "the Constants section")?;
    }
    if let Some(Value::Map(rain)) = doc.get_mut("Rain")
        && let Some(c) = rain.remove("Constants")
    {
        take_into(&mut raw, c, "the Rain Constants section")?;
    }
    if raw.is_empty() && !uses_constants(&Value::Map(doc.clone())) {
        return Ok(());
    }
    // Constants build on earlier ones: `${Const::a}` inside a later constant's scalars.
    let mut budget = Budget(0);
    let mut consts = Map::new();
    for (name, mut v) in raw.0 {
        let earlier = consts.clone();
        let mut bad = None;
        let mut over = None;
        v.map_strings(&mut |s| {
            if over.is_some() || (!s.contains("${Const::") && !s.contains("${Rain::")) {
                return None;
            }
            let mut out = s.to_string();
            for (k, cv) in earlier.iter() {
                if let Some(t) = cv.as_str() {
                    let uses = out.matches(&format!("${{Const::{k}}}")).count() + out.matches(&format!("${{Rain::{k}}}")).count();
                    if let Err(e) = budget.take(uses.saturating_mul(t.len())) {
                        over = Some(e);
                        return None;
                    }
                    out = out.replace(&format!("${{Const::{k}}}"), t).replace(&format!("${{Rain::{k}}}"), t);
                } else if out.contains(&format!("${{Const::{k}}}")) {
                    bad = Some(k.to_string());
                }
            }
            (out != s).then_some(out)
        });
        if let Some(e) = over {
            return Err(e);
        }
        if let Some(k) = bad {
            return Err(constant_error(&k, "it is not a string, so it cannot go inside another constant"));
        }
        consts.insert(name, v);
    }
    for (_, v) in doc.0.iter_mut() {
        replace(v, &consts, &mut budget)?;
    }
    Ok(())
}

fn take_into(raw: &mut Map, c: Value, what: &str) -> Result<(), CfnError> {
    match c {
        Value::Map(m) => {
            raw.0.extend(m.0);
            Ok(())
        }
        v if v.is_null() => Ok(()),
        _ => Err(CfnError::shape(what, "must be a mapping of names to values")),
    }
}

fn uses_constants(v: &Value) -> bool {
    match v {
        Value::Scalar(s) => s.text.contains("Const::") || s.text.contains("Rain::"),
        Value::Seq(items) => items.iter().any(uses_constants),
        Value::Map(m) => m.iter().any(|(k, v)| k == RAIN_CONSTANT || uses_constants(v)),
    }
}

/// The older directive for a whole constant: `!Rain::Constant name`.
const RAIN_CONSTANT: &str = "Rain::Constant";

/// The constant a node names whole: `!Ref Const::x`, `!Ref Rain::x` or `!Rain::Constant x`.
fn whole_constant(v: &Value) -> Option<&str> {
    if let Some(name) = v.ref_name().and_then(constant_name) {
        return Some(name);
    }
    match v {
        Value::Map(m) if m.len() == 1 && m.0[0].0 == RAIN_CONSTANT => m.0[0].1.as_str(),
        _ => None,
    }
}

fn constant_error(name: &str, detail: &str) -> CfnError {
    ErrorKind::Constant {
        name: name.to_string(),
        detail: detail.to_string(),
    }
    .into()
}

fn constant_name(var: &str) -> Option<&str> {
    var.strip_prefix("Const::").or_else(|| var.strip_prefix("Rain::"))
}

fn replace(v: &mut Value, consts: &Map, budget: &mut Budget) -> Result<(), CfnError> {
    if let Some(name) = whole_constant(v) {
        let value = consts
            .get(name)
            .ok_or_else(|| constant_error(name, "is not defined in this file's Constants"))?;
        budget.take(text_size(value))?;
        *v = value.clone();
        return Ok(());
    }
    match v {
        Value::Map(m) if m.len() == 1 && m.0[0].0 == "Fn::Sub" => {
            match &mut m.0[0].1 {
                Value::Scalar(s) => s.text = sub_constants(&s.text, consts, budget)?.into(),
                Value::Seq(items) => {
                    if let Some(Value::Scalar(s)) = items.first_mut() {
                        s.text = sub_constants(&s.text, consts, budget)?.into();
                    }
                    for item in items.iter_mut().skip(1) {
                        replace(item, consts, budget)?;
                    }
                }
                other => replace(other, consts, budget)?,
            }
            Ok(())
        }
        Value::Map(m) => m.0.iter_mut().try_for_each(|(_, v)| replace(v, consts, budget)),
        Value::Seq(items) => items.iter_mut().try_for_each(|v| replace(v, consts, budget)),
        Value::Scalar(_) => Ok(()),
    }
}

fn sub_constants(s: &str, consts: &Map, budget: &mut Budget) -> Result<String, CfnError> {
    if !s.contains("Const::") && !s.contains("Rain::") {
        return Ok(s.to_string());
    }
    let mut out: Vec<Word> = Vec::new();
    for w in sub::parse(s)? {
        match &w {
            Word::Var(var) => match constant_name(var) {
                Some(name) => {
                    let value = consts
                        .get(name)
                        .ok_or_else(|| constant_error(name, "is not defined in this file's Constants"))?;
                    let text = value
                        .as_str()
                        .ok_or_else(|| constant_error(name, "is not a string, so it cannot go inside a Fn::Sub"))?;
                    budget.take(text.len())?;
                    // A constant's text is Sub text: its own ${AWS::…} stay variables.
                    out.extend(sub::parse(text)?);
                }
                None => out.push(w),
            },
            Word::Text(_) => out.push(w),
        }
    }
    Ok(sub::render(&out))
}

#[cfg(test)]
mod tests {
    use super::super::yaml::parse;
    use super::*;

    fn run(src: &str) -> Result<Map, CfnError> {
        let mut doc = parse(src).unwrap().as_map().unwrap().clone();
        apply(&mut doc).map(|_| doc)
    }

    #[test]
    fn constants_build_on_earlier_ones_and_fill_subs_and_refs() {
        let doc = run("Constants:\n  a: x\n  b: ${Const::a}-${AWS::Region}\n  o: {K: v}\nR:\n  S: !Sub ${Const::b}-z\n  O: !Ref Const::o\n  P: ${Const::a}\n").unwrap();
        let r = doc.get("R").unwrap().as_map().unwrap();
        assert_eq!(r.get("S").unwrap().intrinsic().unwrap().1.as_str(), Some("x-${AWS::Region}-z"));
        assert_eq!(r.get("O").unwrap().as_map().unwrap().get("K").unwrap().as_str(), Some("v"));
        assert_eq!(r.get("P").unwrap().as_str(), Some("${Const::a}"), "plain strings are not touched");
        assert!(!doc.contains("Constants"));
    }

    #[test]
    fn rain_constant_is_the_whole_value() {
        let doc = run("Rain:\n  Constants:\n    a: x\n    s: !Sub ${P}-${Rain::a}\nR:\n  A: !Rain::Constant a\n  S: !Rain::Constant s\n")
            .unwrap();
        let r = doc.get("R").unwrap();
        assert!(r.same_data(&parse("A: x\nS: !Sub ${P}-x\n").unwrap()), "{r:?}");
    }

    #[test]
    fn unknown_constants_are_errors() {
        assert!(run("R: !Sub ${Const::nope}\n").unwrap_err().to_string().contains("Const::nope"));
        assert!(run("Constants: {a: 1}\nR: !Ref Const::b\n").is_err());
        assert!(run("R: !Rain::Constant nope\n").unwrap_err().to_string().contains("nope"));
    }
}
