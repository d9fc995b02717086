//! The published JSON Schema (assets/question.schema.json) agrees with the loader: every bundled
//! file validates against it, and it names exactly the fields the loader accepts.

use std::path::Path;

use regex::Regex;
use serde_json::Value as J;

/// A small JSON Schema (2020-12) validator for the keywords the bank's schema uses.
struct Validator<'a> {
    root: &'a J,
}

impl Validator<'_> {
    fn validate(&self, schema: &J, v: &J, path: &str, errs: &mut Vec<String>) {
        let Some(s) = schema.as_object() else { return };
        if let Some(r) = s.get("$ref").and_then(J::as_str) {
            match r.strip_prefix("#/$defs/").and_then(|name| self.root["$defs"].get(name)) {
                Some(target) => self.validate(target, v, path, errs),
                None => errs.push(format!("{path}: unresolvable $ref {r}")),
            }
        }
        if let Some(t) = s.get("type") {
            let types: Vec<&str> = match t {
                J::String(one) => vec![one.as_str()],
                J::Array(many) => many.iter().filter_map(J::as_str).collect(),
                _ => vec![],
            };
            if !types.iter().any(|t| type_matches(t, v)) {
                errs.push(format!("{path}: expected {types:?}, got {v}"));
                return;
            }
        }
        if let Some(e) = s.get("enum").and_then(J::as_array)
            && !e.contains(v)
        {
            errs.push(format!("{path}: {v} is not one of {e:?}"));
        }
        if let Some(min) = s.get("minimum").and_then(J::as_f64)
            && v.as_f64().is_some_and(|x| x < min)
        {
            errs.push(format!("{path}: {v} < {min}"));
        }
        if let Some(max) = s.get("maximum").and_then(J::as_f64)
            && v.as_f64().is_some_and(|x| x > max)
        {
            errs.push(format!("{path}: {v} > {max}"));
        }
        if let (Some(n), Some(text)) = (s.get("minLength").and_then(J::as_u64), v.as_str())
            && (text.chars().count() as u64) < n
        {
            errs.push(format!("{path}: shorter than {n}"));
        }
        if let (Some(p), Some(text)) = (s.get("pattern").and_then(J::as_str), v.as_str()) {
            match Regex::new(p) {
                Ok(re) if !re.is_match(text) => errs.push(format!("{path}: {text:?} does not match {p}")),
                Err(e) => errs.push(format!("{path}: bad pattern {p}: {e}")),
                _ => {}
            }
        }
        if let Some(items) = v.as_array() {
            if let Some(n) = s.get("minItems").and_then(J::as_u64)
                && (items.len() as u64) < n
            {
                errs.push(format!("{path}: fewer than {n} items"));
            }
            if let Some(item_schema) = s.get("items") {
                for (i, it) in items.iter().enumerate() {
                    self.validate(item_schema, it, &format!("{path}[{i}]"), errs);
                }
            }
        }
        if let Some(obj) = v.as_object() {
            if let Some(req) = s.get("required").and_then(J::as_array) {
                for r in req.iter().filter_map(J::as_str) {
                    if !obj.contains_key(r) {
                        errs.push(format!("{path}: missing required {r}"));
                    }
                }
            }
            let props = s.get("properties").and_then(J::as_object);
            for (k, val) in obj {
                let sub = format!("{path}.{k}");
                if let Some(ps) = s.get("propertyNames") {
                    self.validate(ps, &J::String(k.clone()), &sub, errs);
                }
                match props.and_then(|p| p.get(k)) {
                    Some(ps) => self.validate(ps, val, &sub, errs),
                    None => match s.get("additionalProperties") {
                        Some(J::Bool(false)) => errs.push(format!("{path}: unknown property {k}")),
                        Some(ap @ J::Object(_)) => self.validate(ap, val, &sub, errs),
                        _ => {}
                    },
                }
            }
        }
        for (kw, need) in [("anyOf", 1usize), ("oneOf", 1)] {
            if let Some(alts) = s.get(kw).and_then(J::as_array) {
                let ok = alts
                    .iter()
                    .filter(|a| {
                        let mut e = Vec::new();
                        self.validate(a, v, path, &mut e);
                        e.is_empty()
                    })
                    .count();
                let good = if kw == "oneOf" { ok == need } else { ok >= need };
                if !good {
                    errs.push(format!("{path}: {kw} matched {ok} alternatives"));
                }
            }
        }
    }
}

fn type_matches(t: &str, v: &J) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        _ => false,
    }
}

fn schema() -> J {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/question.schema.json")).unwrap_or_default();
    serde_json::from_str(&text).unwrap_or(J::Null)
}

/// YAML as JSON, a tagged node (`!Ref X`, in cfnrain answers) as the node it tags: what an
/// editor validates with the tags declared as custom tags.
fn to_json(y: &serde_yaml::Value) -> J {
    use serde_yaml::Value as Y;
    match y {
        Y::Null => J::Null,
        Y::Bool(b) => J::Bool(*b),
        Y::Number(n) => serde_json::to_value(n).unwrap_or(J::Null),
        Y::String(s) => J::String(s.clone()),
        Y::Sequence(items) => J::Array(items.iter().map(to_json).collect()),
        Y::Mapping(m) => J::Object(
            m.iter()
                .map(|(k, v)| (k.as_str().map(str::to_string).unwrap_or_else(|| to_json(k).to_string()), to_json(v)))
                .collect(),
        ),
        Y::Tagged(t) => to_json(&t.value),
    }
}

fn errors_for(schema: &J, sub: Option<&str>, yaml: &str) -> Vec<String> {
    let v: J = match serde_yaml::from_str::<serde_yaml::Value>(yaml) {
        Ok(v) => to_json(&v),
        Err(e) => return vec![format!("YAML: {e}")],
    };
    let val = Validator { root: schema };
    let target = match sub {
        Some(name) => &schema["$defs"][name],
        None => schema,
    };
    let mut errs = Vec::new();
    val.validate(target, &v, "$", &mut errs);
    errs
}

fn bundled_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("questions");
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
                let rel = p.strip_prefix(&root).map(|r| r.display().to_string()).unwrap_or_default();
                out.push((rel, std::fs::read_to_string(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn schema_is_draft_2020_12() {
    let s = schema();
    assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert!(s["$defs"]["question"].is_object());
}

#[test]
fn every_bundled_file_validates() {
    let s = schema();
    let files = bundled_files();
    assert!(files.len() >= 5, "bundled files: {}", files.len());
    for (rel, text) in files {
        let sub = match rel.as_str() {
            "lessons.yaml" => Some("lessonCatalogue"),
            "objectives.yaml" => Some("objectiveCatalogue"),
            "exams/associate-004.yaml" => Some("examCatalogue"),
            _ => None,
        };
        let errs = errors_for(&s, sub, &text);
        assert!(errs.is_empty(), "{rel} does not validate against the schema:\n{}", errs.join("\n"));
    }
}

#[test]
fn schema_names_exactly_the_loaders_fields() {
    let s = schema();
    let mut in_schema: Vec<String> = s["$defs"]["question"]["properties"]
        .as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    let mut in_loader = iacquiz::bank::load::raw::question_fields();
    in_schema.sort();
    in_loader.sort();
    assert!(!in_loader.is_empty());
    assert_eq!(in_schema, in_loader);
    let mut required: Vec<String> = s["$defs"]["question"]["required"]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    required.sort();
    assert_eq!(required, ["difficulty", "explain", "id", "kind", "lesson", "prompt"]);
}

#[test]
fn schema_rejects_what_the_loader_rejects() {
    let s = schema();
    let good = "topic: t\nquestions:\n  - {id: a, lesson: {seed: 001, section: S}, prompt: p, expr: '1', kind: input, explain: e, difficulty: 2}\n";
    assert!(errors_for(&s, None, good).is_empty(), "{:?}", errors_for(&s, None, good));
    for bad in [
        good.replace("kind: input", "kind: chioce"),
        good.replace("difficulty: 2", "difficulty: 9"),
        good.replace("explain: e,", "explain: e, bogus: 1,"),
        good.replace("id: a,", "id: 'a b',"),
        good.replace("expr: '1',", "expr: '1', params: {n: []},"),
        good.replace("expr: '1',", "expr: '1', distractors: [{why: x}],"),
    ] {
        assert!(!errors_for(&s, None, &bad).is_empty(), "schema accepts {bad}");
    }
}
