//! The provider schema catalogue: the data model of `assets/provider-schemas/catalogue.yaml`
//! and its loader (embedded in the binary, parsed once).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::lang::value::number::Number;
use crate::lang::value::{Type, Value};

/// Where the catalogue lives in the source tree (named in messages).
pub const PATH: &str = "assets/provider-schemas/catalogue.yaml";

const TEXT: &str = include_str!("../../../../assets/provider-schemas/catalogue.yaml");

/// How a nested block type collects its blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nesting {
    /// A list of objects, in written order (SDKv2 `TypeList`, `MaxItems: 1` included).
    List,
    /// A set of objects: identical blocks collapse, no order to rely on (SDKv2 `TypeSet`).
    Set,
    /// One object, or null when absent (framework `SingleNestedBlock`).
    Single,
}

/// Whether configuration sets an attribute, the provider does, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrMode {
    /// Must be set.
    Required,
    /// May be set; null when unset (or the default).
    Optional,
    /// Set by the provider only.
    Computed,
    /// May be set; decided by the provider when unset.
    OptionalComputed,
}

/// An SDKv2 `Default:` value.
#[derive(Clone, Debug, PartialEq)]
pub enum DefaultValue {
    /// `true` / `false`
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A string.
    Str(String),
}

impl DefaultValue {
    /// The value Terraform plans for it.
    pub fn value(&self) -> Value {
        match self {
            DefaultValue::Bool(b) => Value::Bool(*b),
            DefaultValue::Int(i) => Value::Number(Number::from_i64(*i)),
            DefaultValue::Str(s) => Value::string(s.as_str()),
        }
    }
}

/// One attribute of a block.
#[derive(Clone, Debug)]
pub struct AttrSchema {
    /// Its type.
    pub ty: Type,
    /// Required, optional, computed or both.
    pub mode: AttrMode,
    /// The planned value when unset, if the provider declares one.
    pub default: Option<DefaultValue>,
}

/// The body of a resource, data source or nested block.
#[derive(Clone, Debug, Default)]
pub struct BlockSchema {
    /// Its arguments and attributes.
    pub attributes: BTreeMap<String, AttrSchema>,
    /// Its nested block types.
    pub blocks: BTreeMap<String, NestedBlock>,
}

/// A nested block type.
#[derive(Clone, Debug)]
pub struct NestedBlock {
    /// List, set or single.
    pub nesting: Nesting,
    /// The fewest blocks allowed.
    pub min_items: usize,
    /// The most blocks allowed, if limited.
    pub max_items: Option<usize>,
    /// Optional+Computed in SDKv2: planned unknown when no block is written.
    pub computed: bool,
    /// The body of each block.
    pub block: BlockSchema,
}

/// A resource or data source type of the catalogue.
#[derive(Clone, Debug)]
pub struct TypeEntry {
    /// The provider's key in `providers`.
    pub provider: String,
    /// The provider version (git commit) the schema was read at.
    pub version: String,
    /// The provider source file the schema was read from.
    pub source_file: String,
    /// The schema.
    pub schema: BlockSchema,
}

/// A provider of the catalogue.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderInfo {
    /// Its source address.
    pub source: String,
    /// The GitHub repository its schemas were read from.
    pub repository: String,
}

/// The whole catalogue.
#[derive(Clone, Debug)]
pub struct Catalogue {
    /// Providers by key.
    pub providers: BTreeMap<String, ProviderInfo>,
    /// Managed resource types.
    pub resources: BTreeMap<String, TypeEntry>,
    /// Data source types.
    pub data_sources: BTreeMap<String, TypeEntry>,
}

/// A defect in the catalogue file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueError(pub String);

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PATH}: {}", self.0)
    }
}

impl std::error::Error for CatalogueError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCatalogue {
    providers: BTreeMap<String, ProviderInfo>,
    #[serde(default)]
    resources: BTreeMap<String, RawType>,
    #[serde(default)]
    data_sources: BTreeMap<String, RawType>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawType {
    provider: String,
    version: String,
    source_file: String,
    #[serde(default)]
    attributes: BTreeMap<String, String>,
    #[serde(default)]
    blocks: BTreeMap<String, RawBlock>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBlock {
    nesting: String,
    #[serde(default)]
    min_items: usize,
    max_items: Option<usize>,
    #[serde(default)]
    computed: bool,
    #[serde(default)]
    attributes: BTreeMap<String, String>,
    #[serde(default)]
    blocks: BTreeMap<String, RawBlock>,
}

/// The bundled catalogue, parsed on first use.
pub fn catalogue() -> Result<&'static Catalogue, CatalogueError> {
    static CAT: OnceLock<Result<Catalogue, CatalogueError>> = OnceLock::new();
    CAT.get_or_init(|| parse(TEXT)).as_ref().map_err(Clone::clone)
}

/// Parses a catalogue text.
pub fn parse(text: &str) -> Result<Catalogue, CatalogueError> {
    let raw: RawCatalogue = serde_yaml::from_str(text).map_err(|e| CatalogueError(e.to_string()))?;
    let mut out = Catalogue {
        providers: raw.providers,
        resources: BTreeMap::new(),
        data_sources: BTreeMap::new(),
    };
    for (section, from, to) in [
        ("resources", raw.resources, &mut out.resources),
        ("data_sources", raw.data_sources, &mut out.data_sources),
    ] {
        for (name, t) in from {
            let at = format!("{section}.{name}");
            if !out.providers.contains_key(&t.provider) {
                return Err(CatalogueError(format!("{at}: unknown provider {:?}", t.provider)));
            }
            let schema = block(&at, t.attributes, t.blocks)?;
            to.insert(
                name,
                TypeEntry {
                    provider: t.provider,
                    version: t.version,
                    source_file: t.source_file,
                    schema,
                },
            );
        }
    }
    Ok(out)
}

fn block(at: &str, attrs: BTreeMap<String, String>, blocks: BTreeMap<String, RawBlock>) -> Result<BlockSchema, CatalogueError> {
    let mut out = BlockSchema::default();
    for (name, spec) in attrs {
        let a = attribute(&spec).map_err(|e| CatalogueError(format!("{at}.{name}: {e}")))?;
        out.attributes.insert(name, a);
    }
    for (name, b) in blocks {
        let here = format!("{at}.{name}");
        if out.attributes.contains_key(&name) {
            return Err(CatalogueError(format!("{here}: both an attribute and a block")));
        }
        let nesting = match b.nesting.as_str() {
            "list" => Nesting::List,
            "set" => Nesting::Set,
            "single" => Nesting::Single,
            other => return Err(CatalogueError(format!("{here}: unknown nesting {other:?}"))),
        };
        out.blocks.insert(
            name,
            NestedBlock {
                nesting,
                min_items: b.min_items,
                max_items: b.max_items,
                computed: b.computed,
                block: block(&here, b.attributes, b.blocks)?,
            },
        );
    }
    Ok(out)
}

/// Parses `"TYPE MODE [default=VALUE]"`.
fn attribute(spec: &str) -> Result<AttrSchema, String> {
    let (head, default) = match spec.split_once(" default=") {
        Some((h, d)) => (h, Some(default_lit(d)?)),
        None => (spec, None),
    };
    let mut words = head.split_whitespace();
    let (Some(ty), Some(mode), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("expected \"TYPE MODE\", found {spec:?}"));
    };
    let mode = match mode {
        "required" => AttrMode::Required,
        "optional" => AttrMode::Optional,
        "computed" => AttrMode::Computed,
        "optional+computed" => AttrMode::OptionalComputed,
        other => return Err(format!("unknown mode {other:?}")),
    };
    Ok(AttrSchema {
        ty: type_of(ty)?,
        mode,
        default,
    })
}

fn default_lit(text: &str) -> Result<DefaultValue, String> {
    match serde_json::from_str::<serde_json::Value>(text.trim()) {
        Ok(serde_json::Value::Bool(b)) => Ok(DefaultValue::Bool(b)),
        Ok(serde_json::Value::String(s)) => Ok(DefaultValue::Str(s)),
        Ok(serde_json::Value::Number(n)) => n
            .as_i64()
            .map(DefaultValue::Int)
            .ok_or(format!("default {text} is not a whole number")),
        _ => Err(format!("unsupported default {text:?}")),
    }
}

/// Parses `string`, `list(set(number))`, ...
fn type_of(text: &str) -> Result<Type, String> {
    let inner = |prefix: &str| text.strip_prefix(prefix).and_then(|r| r.strip_suffix(')'));
    match text {
        "string" => Ok(Type::String),
        "number" => Ok(Type::Number),
        "bool" => Ok(Type::Bool),
        "dynamic" => Ok(Type::Dynamic),
        _ => {
            if let Some(t) = inner("list(") {
                Ok(Type::list(type_of(t)?))
            } else if let Some(t) = inner("set(") {
                Ok(Type::set(type_of(t)?))
            } else if let Some(t) = inner("map(") {
                Ok(Type::map(type_of(t)?))
            } else if let Some(fields) = inner("object(") {
                // SDKv2 turns a computed-only nested Resource into an attribute of object type.
                let mut m = BTreeMap::new();
                for field in top_level_split(fields) {
                    let (k, t) = field.split_once('=').ok_or(format!("object field {field:?} is not NAME=TYPE"))?;
                    m.insert(k.to_string(), type_of(t)?);
                }
                Ok(Type::Object(m))
            } else {
                Err(format!("unknown type {text:?}"))
            }
        }
    }
}

/// Splits `a=string,b=map(string)` at the commas outside parentheses.
fn top_level_split(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

impl BlockSchema {
    /// The object type of one block (or of the resource itself).
    pub fn object_type(&self) -> Type {
        let mut m: BTreeMap<String, Type> = self.attributes.iter().map(|(k, a)| (k.clone(), a.ty.clone())).collect();
        for (k, b) in &self.blocks {
            m.insert(k.clone(), b.collection_type());
        }
        Type::Object(m)
    }
}

impl NestedBlock {
    /// The type of the attribute the blocks become: list or set of objects, or one object.
    pub fn collection_type(&self) -> Type {
        let obj = self.block.object_type();
        match self.nesting {
            Nesting::List => Type::list(obj),
            Nesting::Set => Type::set(obj),
            Nesting::Single => obj,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_catalogue_parses_and_every_entry_names_its_source() {
        let cat = catalogue().expect("the bundled catalogue parses");
        assert!(cat.resources.len() + cat.data_sources.len() >= 8);
        for (name, e) in cat.resources.iter().chain(&cat.data_sources) {
            assert!(
                e.version.starts_with("git ") && e.version.len() >= 44,
                "{name}: version {:?}",
                e.version
            );
            assert!(e.source_file.ends_with(".go"), "{name}: source file {:?}", e.source_file);
            assert!(cat.providers.contains_key(&e.provider), "{name}");
        }
    }

    #[test]
    fn the_facts_the_issue_names_hold() {
        let cat = catalogue().expect("parses");
        let sg = &cat.resources["aws_security_group"].schema;
        assert_eq!(sg.blocks["ingress"].nesting, Nesting::Set);
        assert_eq!(sg.blocks["egress"].nesting, Nesting::Set);
        let inst = &cat.resources["aws_instance"].schema;
        assert_eq!(inst.blocks["root_block_device"].nesting, Nesting::List);
        assert_eq!(inst.blocks["root_block_device"].max_items, Some(1));
        assert_eq!(inst.attributes["arn"].mode, AttrMode::Computed);
        let cdn = &cat.resources["aws_cloudfront_distribution"].schema;
        assert_eq!(cdn.blocks["origin"].nesting, Nesting::Set);
        assert_eq!(cdn.blocks["origin"].block.blocks["custom_header"].nesting, Nesting::Set);
        let listener = &cat.resources["aws_lb_listener"].schema;
        assert_eq!(listener.blocks["default_action"].nesting, Nesting::List);
        assert_eq!(listener.blocks["default_action"].min_items, 1);
    }

    #[test]
    fn malformed_entries_are_refused_with_their_path() {
        let bad = "providers: {p: {source: s, repository: r}}\nresources:\n  t:\n    provider: p\n    version: v\n    source_file: f\n    attributes:\n      a: strin optional\n";
        let e = parse(bad).expect_err("bad type");
        assert!(e.0.contains("resources.t.a") && e.0.contains("strin"), "{e}");
        assert!(parse("providers: {}\nresources:\n  t: {provider: q, version: v, source_file: f}\n").is_err());
    }
}
