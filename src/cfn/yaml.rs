//! Reading templates: YAML (with CloudFormation's short-form tags) or JSON, into [`Value`]s
//! with the intrinsic functions in long form (`!Ref x` becomes `{Ref: x}`).

use std::collections::HashMap;

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use super::value::{Kind, Map, Scalar, Value, resolve_plain};

/// How deep a document may nest.
const MAX_DEPTH: usize = 256;
/// How many nodes aliases may expand to, against alias bombs.
const MAX_NODES: usize = 2_000_000;
/// Bytes of scalar text a document may expand to, every alias counted as a copy of what its
/// anchor holds: a 4 MiB anchor aliased 200 times is 800 MB, though it is one node each time.
pub const MAX_TEXT: usize = 64 << 20;

/// Parses one YAML or JSON document. Errors carry the line and column.
pub fn parse(src: &str) -> Result<Value, String> {
    let mut r = Reader {
        parser: Parser::new_from_str(src),
        anchors: HashMap::new(),
        depth: 0,
        nodes: 0,
        text: 0,
    };
    let mut doc = None;
    loop {
        let (ev, m) = r.next()?;
        match ev {
            Event::StreamStart | Event::DocumentEnd | Event::Nothing => {}
            Event::StreamEnd => break,
            Event::DocumentStart => {
                if doc.is_some() {
                    return Err(at(&m, "a template holds one YAML document, this file has more"));
                }
                let (ev, m) = r.next()?;
                doc = Some(r.node(ev, m)?);
            }
            _ => return Err(at(&m, "unexpected content")),
        }
    }
    Ok(doc.unwrap_or_else(Value::null))
}

struct Reader<'a> {
    parser: Parser<std::str::Chars<'a>>,
    anchors: HashMap<usize, Value>,
    depth: usize,
    nodes: usize,
    text: usize,
}

fn at(m: &Marker, msg: &str) -> String {
    format!("line {}, column {}: {msg}", m.line(), m.col() + 1)
}

impl Reader<'_> {
    fn next(&mut self) -> Result<(Event, Marker), String> {
        self.parser.next_token().map_err(|e| at(e.marker(), e.info()))
    }

    fn count(&mut self, v: &Value, m: &Marker) -> Result<(), String> {
        fn size(v: &Value) -> usize {
            match v {
                Value::Scalar(_) => 1,
                Value::Seq(s) => 1 + s.iter().map(size).sum::<usize>(),
                Value::Map(m) => 1 + m.iter().map(|(_, v)| size(v)).sum::<usize>(),
            }
        }
        self.nodes += size(v);
        if self.nodes > MAX_NODES {
            return Err(at(m, "the document expands to too many nodes"));
        }
        self.text = self.text.saturating_add(text_size(v));
        if self.text > MAX_TEXT {
            return Err(at(
                m,
                &format!(
                    "the document expands to more than {} MiB of text (an alias repeats its anchor's whole value)",
                    MAX_TEXT >> 20
                ),
            ));
        }
        Ok(())
    }

    fn node(&mut self, ev: Event, m: Marker) -> Result<Value, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(at(&m, "the document nests too deeply"));
        }
        let out = self.node_inner(ev, m);
        self.depth -= 1;
        out
    }

    fn node_inner(&mut self, ev: Event, m: Marker) -> Result<Value, String> {
        let (v, anchor, tag) = match ev {
            Event::Scalar(text, style, anchor, tag) => {
                let kind = match (&tag, style) {
                    (Some(t), _) if t.handle == "tag:yaml.org,2002:" => match t.suffix.as_str() {
                        "str" => Kind::Str,
                        "int" => Kind::Int,
                        "float" => Kind::Float,
                        "bool" => Kind::Bool,
                        "null" => Kind::Null,
                        _ => Kind::Str,
                    },
                    (_, TScalarStyle::Plain) => resolve_plain(&text),
                    _ => Kind::Str,
                };
                self.nodes += 1;
                self.text = self.text.saturating_add(text.len());
                (Value::Scalar(Scalar { text: text.into(), kind }), anchor, tag)
            }
            Event::Alias(id) => {
                let v = self
                    .anchors
                    .get(&id)
                    .cloned()
                    .ok_or_else(|| at(&m, "an alias names an unknown anchor"))?;
                self.count(&v, &m)?;
                return Ok(v);
            }
            Event::SequenceStart(anchor, tag) => {
                let mut items = Vec::new();
                loop {
                    let (ev, m) = self.next()?;
                    if matches!(ev, Event::SequenceEnd) {
                        break;
                    }
                    items.push(self.node(ev, m)?);
                }
                (Value::Seq(items), anchor, tag)
            }
            Event::MappingStart(anchor, tag) => {
                let mut map = Map::new();
                loop {
                    let (ev, km) = self.next()?;
                    if matches!(ev, Event::MappingEnd) {
                        break;
                    }
                    let key = match self.node(ev, km)? {
                        Value::Scalar(s) => s.text.to_string(),
                        _ => return Err(at(&km, "a mapping key must be a scalar")),
                    };
                    let (ev, vm) = self.next()?;
                    let value = self.node(ev, vm)?;
                    if map.contains(&key) {
                        return Err(at(&km, &format!("the key {key:?} is written twice in one mapping")));
                    }
                    map.0.push((key, value));
                }
                (Value::Map(map), anchor, tag)
            }
            _ => return Err(at(&m, "unexpected content")),
        };
        let v = match tag {
            Some(t) => long_form(&t, v).map_err(|e| at(&m, &e))?,
            None => normalize(v),
        };
        if anchor > 0 {
            self.anchors.insert(anchor, v.clone());
        }
        Ok(v)
    }
}

/// A tagged node in long form: `!Ref x` → `{Ref: x}`, `!GetAtt A.B` → `{Fn::GetAtt: [A, B]}`,
/// `!Condition C` → `{Condition: C}`, any other `!Name` → `{Fn::Name: …}`.
fn long_form(tag: &Tag, v: Value) -> Result<Value, String> {
    if tag.handle == "tag:yaml.org,2002:" {
        return Ok(v);
    }
    if tag.handle != "!" {
        return Err(format!("unknown tag {}{}", tag.handle, tag.suffix));
    }
    let name = tag.suffix.as_str();
    let v = match name {
        "Ref" | "Condition" => Value::func(name, v),
        "GetAtt" => Value::func("Fn::GetAtt", getatt_list(v)),
        _ if name.starts_with("Rain::") => Value::func(name, v),
        _ => Value::func(&format!("Fn::{name}"), v),
    };
    Ok(v)
}

/// Long-form nodes normalised: a dotted `Fn::GetAtt` string becomes a two-item list.
fn normalize(v: Value) -> Value {
    match v {
        Value::Map(mut m) if m.len() == 1 && m.0[0].0 == "Fn::GetAtt" => {
            let (k, arg) = m.0.remove(0);
            Value::func(&k, getatt_list(arg))
        }
        v => v,
    }
}

/// `A.B.C` → `[A, "B.C"]`, split at the first dot; anything else unchanged.
pub fn getatt_list(v: Value) -> Value {
    match &v {
        Value::Scalar(s) => match s.text.split_once('.') {
            Some((a, b)) => Value::Seq(vec![Value::str(a), Value::str(b)]),
            None => v,
        },
        _ => v,
    }
}

/// The bytes of text a node holds: its scalars and keys.
pub fn text_size(v: &Value) -> usize {
    match v {
        Value::Scalar(s) => s.text.len(),
        Value::Seq(items) => items.iter().map(text_size).fold(0, usize::saturating_add),
        Value::Map(m) => map_text_size(m),
    }
}

/// The bytes of text a mapping holds: its keys and its values' text.
pub fn map_text_size(m: &super::value::Map) -> usize {
    m.iter()
        .map(|(k, v)| k.len().saturating_add(text_size(v)))
        .fold(0, usize::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_tags_become_long_form() {
        let v = parse("A: !Ref X\nB: !GetAtt R.Arn.Sub\nC: !Sub '${X}'\nD: !Condition C\nE:\n  Fn::GetAtt: R.Arn\n").unwrap();
        let m = v.as_map().unwrap();
        assert_eq!(m.get("A").unwrap().ref_name(), Some("X"));
        let g = m.get("B").unwrap().intrinsic().unwrap();
        assert_eq!(g.0, "Fn::GetAtt");
        assert_eq!(g.1, &Value::Seq(vec![Value::str("R"), Value::str("Arn.Sub")]));
        assert_eq!(m.get("C").unwrap().intrinsic().unwrap().0, "Fn::Sub");
        assert_eq!(m.get("D").unwrap().intrinsic().unwrap().0, "Condition");
        assert_eq!(m.get("E").unwrap().intrinsic().unwrap().1.as_seq().map(Vec::len), Some(2));
    }

    #[test]
    fn json_keeps_key_order_and_types() {
        let v = parse(r#"{"b": 1, "a": "1", "c": true, "d": null}"#).unwrap();
        let m = v.as_map().unwrap();
        assert_eq!(m.keys().collect::<Vec<_>>(), ["b", "a", "c", "d"]);
        assert!(matches!(m.get("b"), Some(Value::Scalar(Scalar { kind: Kind::Int, .. }))));
        assert!(matches!(m.get("a"), Some(Value::Scalar(Scalar { kind: Kind::Str, .. }))));
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("a: [1,\n").unwrap_err();
        assert!(e.starts_with("line "), "{e}");
        assert!(parse("a: 1\na: 2\n").unwrap_err().contains("twice"));
    }
}
