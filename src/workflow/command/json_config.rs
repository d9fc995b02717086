//! The `configuration` of `show -json` for a saved plan (jsonconfig): the provider
//! configurations, then the root module's outputs, resources, module calls (each with its
//! module, recursively) and variables, every expression as its references or its constant.

use std::collections::BTreeMap;

use crate::lang::config::Config;
use crate::lang::config::resources::{Mode, ResourceDecl};
use crate::lang::dialect::releases::TfVersion;
use crate::lang::dialect::rules::Rules;
use crate::lang::eval::{EmptyScope, Evaluator, host::Host};
use crate::lang::syntax::{BodyAst, Expr, ExprKind};
use crate::workflow::model::address::ResourceMode;
use crate::workflow::plan::tree::ModuleTree;
use crate::workflow::render::json_refs::{is_constant, references, subject};
use crate::workflow::render::json_values::{known, sorted_object};
use crate::workflow::state::json::Json;

/// Evaluates what needs no scope: constants and variables' defaults.
struct Consts {
    version: TfVersion,
    rules: Rules,
    host: Host,
}

impl Consts {
    fn evaluator<'a>(&'a self, scope: &'a EmptyScope) -> Evaluator<'a> {
        let mut ev = Evaluator::new(&self.rules, scope, crate::lang::funcs::builtins(), &self.host);
        ev.version = self.version;
        ev
    }

    /// `{"constant_value": ...}` or `{"references": [...]}` (or `{}`).
    fn expression(&self, e: &Expr) -> Json {
        let mut m = Vec::new();
        if is_constant(e) {
            let scope = EmptyScope;
            if let Ok(v) = self.evaluator(&scope).eval(e)
                && !v.has_unknown()
            {
                m.push(("constant_value".to_string(), known(&v)));
            }
        }
        let refs = references(e);
        if !refs.is_empty() {
            m.push(("references".into(), Json::Array(refs.into_iter().map(Json::String).collect())));
        }
        Json::Object(m)
    }

    /// The variables' defaults, converted to their types.
    fn defaults(&self, config: &Config) -> BTreeMap<String, crate::lang::Value> {
        let scope = EmptyScope;
        let ev = self.evaluator(&scope);
        match crate::lang::config::ConfigScope::new(config, &ev, &BTreeMap::new()) {
            Ok(s) => s.vars().clone(),
            Err(_) => BTreeMap::new(),
        }
    }
}

/// A literal string attribute (`description`).
fn literal(body: &BodyAst, name: &str) -> Option<String> {
    body.attr(name).and_then(|a| match &a.expr.kind {
        ExprKind::Str(s) => Some(s.clone()),
        _ => None,
    })
}

/// `sensitive = true` written literally.
fn flag(body: &BodyAst, name: &str) -> bool {
    body.attr(name).is_some_and(|a| matches!(a.expr.kind, ExprKind::Bool(true)))
}

/// `depends_on`'s subjects.
fn depends_on(body: &BodyAst) -> Option<Json> {
    let a = body.attr("depends_on")?;
    let ExprKind::Tuple(items) = &a.expr.kind else { return None };
    let subjects: Vec<Json> = items.iter().filter_map(subject).map(Json::String).collect();
    (!subjects.is_empty()).then_some(Json::Array(subjects))
}

/// `count_expression` or `for_each_expression`, the first of them not empty.
fn repetition(c: &Consts, body: &BodyAst, out: &mut Vec<(String, Json)>) {
    for (attr, key) in [("count", "count_expression"), ("for_each", "for_each_expression")] {
        if let Some(a) = body.attr(attr) {
            let e = c.expression(&a.expr);
            if e != Json::Object(Vec::new()) {
                out.push((key.into(), e));
                return;
            }
        }
    }
}

fn resource(c: &Consts, d: &ResourceDecl, provider_key: &str) -> Json {
    let mode = match d.mode {
        Mode::Managed => ResourceMode::Managed,
        Mode::Data => ResourceMode::Data,
    };
    let schema: Option<Vec<&str>> =
        crate::workflow::state::schema::attributes(mode, &d.rtype).map(|s| s.into_iter().map(|(n, _)| n).collect());
    let exprs: Vec<(String, Json)> = d
        .body
        .attrs
        .iter()
        .filter(|a| schema.as_ref().is_none_or(|s| s.contains(&a.name.as_str())))
        .map(|a| (a.name.clone(), c.expression(&a.expr)))
        .collect();
    let mut m = vec![
        ("address".to_string(), Json::str(d.address())),
        ("mode".into(), Json::str(mode.state_name())),
        ("type".into(), Json::str(d.rtype.clone())),
        ("name".into(), Json::str(d.name.clone())),
        ("provider_config_key".into(), Json::str(provider_key)),
    ];
    if !exprs.is_empty() {
        m.push(("expressions".into(), sorted_object(exprs)));
    }
    m.push(("schema_version".into(), Json::Number("0".into())));
    repetition(c, &d.body, &mut m);
    if let Some(deps) = depends_on(&d.body) {
        m.push(("depends_on".into(), deps));
    }
    Json::Object(m)
}

/// The module at `path` (`module.a.module.b`, empty for the root) with `key`, the key its
/// resources' provider configuration has in `provider_config`.
fn module(c: &Consts, tree: &ModuleTree, path: &str, key: &str, providers: &mut Vec<(String, Json)>) -> Json {
    let config = &tree.config;
    if !config.resources.is_empty() && key == own_key(path) {
        let mut p = vec![
            ("name".to_string(), Json::str("terraform")),
            ("full_name".into(), Json::str(crate::workflow::render::json_state::PROVIDER)),
        ];
        if !path.is_empty() {
            p.push(("module_address".into(), Json::str(path)));
        }
        providers.push((key.to_string(), Json::Object(p)));
    }
    let mut m = Vec::new();
    let outputs: Vec<(String, Json)> = config
        .outputs
        .iter()
        .map(|(name, _, body, _)| {
            let mut o = Vec::new();
            if flag(body, "sensitive") {
                o.push(("sensitive".to_string(), Json::Bool(true)));
            }
            o.push((
                "expression".into(),
                body.attr("value").map_or(Json::Object(Vec::new()), |a| c.expression(&a.expr)),
            ));
            if let Some(deps) = depends_on(body) {
                o.push(("depends_on".into(), deps));
            }
            if let Some(d) = literal(body, "description").filter(|d| !d.is_empty()) {
                o.push(("description".into(), Json::str(d)));
            }
            (name.clone(), Json::Object(o))
        })
        .collect();
    if !outputs.is_empty() {
        m.push(("outputs".to_string(), sorted_object(outputs)));
    }
    // Managed resources by address, then data sources by address.
    let mut managed: Vec<&ResourceDecl> = config.resources.iter().filter(|d| d.mode == Mode::Managed).collect();
    let mut data: Vec<&ResourceDecl> = config.resources.iter().filter(|d| d.mode == Mode::Data).collect();
    managed.sort_by_key(|d| d.address());
    data.sort_by_key(|d| d.address());
    let resources: Vec<Json> = managed.into_iter().chain(data).map(|d| resource(c, d, key)).collect();
    if !resources.is_empty() {
        m.push(("resources".into(), Json::Array(resources)));
    }
    let calls: Vec<(String, Json)> = tree
        .calls
        .iter()
        .map(|(name, call)| {
            let mut mc = vec![("source".to_string(), Json::str(call.source.clone()))];
            let vars = &call.tree.config.variables;
            let exprs: Vec<(String, Json)> = call
                .block
                .body
                .attrs
                .iter()
                .filter(|a| vars.contains_key(&a.name))
                .map(|a| (a.name.clone(), c.expression(&a.expr)))
                .collect();
            if !exprs.is_empty() {
                mc.push(("expressions".into(), sorted_object(exprs)));
            }
            repetition(c, &call.block.body, &mut mc);
            let child = if path.is_empty() {
                format!("module.{name}")
            } else {
                format!("{path}.module.{name}")
            };
            // A module uses its parent's provider configuration when the parent has one of its
            // own (it requires the provider: it has resources); else its own.
            let child_key = if config.resources.is_empty() {
                own_key(&child)
            } else {
                key.to_string()
            };
            mc.push(("module".into(), module(c, &call.tree, &child, &child_key, providers)));
            if let Some(deps) = depends_on(&call.block.body) {
                mc.push(("depends_on".into(), deps));
            }
            (name.clone(), Json::Object(mc))
        })
        .collect();
    if !calls.is_empty() {
        m.push(("module_calls".into(), sorted_object(calls)));
    }
    if !config.variables.is_empty() {
        let defaults = c.defaults(config);
        let vars = config
            .variables
            .iter()
            .map(|(name, v)| {
                let mut j = Vec::new();
                if v.default.is_some()
                    && let Some(d) = defaults.get(name)
                {
                    j.push(("default".to_string(), known(&d.clone().unmark_deep().0)));
                }
                let block = config.files.get(v.file).and_then(|f| {
                    f.body
                        .blocks_of("variable")
                        .find(|b| b.labels.first() == Some(name))
                        .map(|b| b.body.clone())
                });
                if let Some(d) = block.as_ref().and_then(|b| literal(b, "description")).filter(|d| !d.is_empty()) {
                    j.push(("description".into(), Json::str(d)));
                }
                if v.sensitive {
                    j.push(("sensitive".into(), Json::Bool(true)));
                }
                (name.clone(), Json::Object(j))
            })
            .collect();
        m.push(("variables".into(), sorted_object(vars)));
    }
    Json::Object(m)
}

/// jsonconfig's opaqueProviderKey for the built-in provider in the module at `path`.
fn own_key(path: &str) -> String {
    if path.is_empty() {
        "terraform".into()
    } else {
        format!("{path}:terraform")
    }
}

/// The configuration document of a module tree.
pub fn configuration(tree: &ModuleTree, version: TfVersion) -> Json {
    let c = Consts {
        version,
        rules: Rules::real(),
        host: Host::default(),
    };
    let mut providers = Vec::new();
    let root = module(&c, tree, "", "terraform", &mut providers);
    let mut m = Vec::new();
    if !providers.is_empty() {
        m.push(("provider_config".to_string(), sorted_object(providers)));
    }
    m.push(("root_module".into(), root));
    Json::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::state::json::to_compact;

    #[test]
    fn a_configuration_as_terraform_1_12_writes_it() {
        // tests/workflow/json/main.tf: the `configuration` of `show -json` of its saved plan
        // (tf-oracle 1.12.2).
        let src = include_str!("../../../tests/workflow/json/main.tf");
        let config = Config::from_texts(vec![("main.tf".into(), src.into())]).expect("the configuration loads");
        let tree = ModuleTree {
            config,
            rel_dir: ".".into(),
            calls: BTreeMap::new(),
        };
        assert_eq!(
            to_compact(&configuration(&tree, (1, 12, 2))),
            r#"{"provider_config":{"terraform":{"name":"terraform","full_name":"terraform.io/builtin/terraform"}},"root_module":{"outputs":{"o":{"expression":{"references":["terraform_data.a.output","terraform_data.a"]}},"sec":{"sensitive":true,"expression":{"references":["var.s"]}}},"resources":[{"address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"a","provider_config_key":"terraform","expressions":{"input":{"references":["var.v"]}},"schema_version":0},{"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_config_key":"terraform","expressions":{"input":{"references":["terraform_data.a.output","terraform_data.a","count.index"]},"triggers_replace":{"references":["var.s"]}},"schema_version":0,"count_expression":{"constant_value":2}}],"variables":{"s":{"default":"sec","sensitive":true},"v":{"default":"alpha"}}}}"#
        );
    }
}
