//! `removed` blocks (1.7 and later) and `import` blocks (1.5 and later): what leaves the
//! state without a destroy, and what enters it from an existing object.

use super::moves::address_attr;
use crate::lang::config::Config;
use crate::lang::eval::Evaluator;
use crate::lang::{Diag, Value};
use crate::workflow::model::address::Target;

/// A `removed` block.
#[derive(Clone, Debug)]
pub struct Removed {
    /// `from`: a resource, an instance or a module.
    pub from: Target,
    /// `lifecycle { destroy = ... }`: true unless set false.
    pub destroy: bool,
}

/// The `removed` blocks of the configuration.
pub fn removed_blocks(config: &Config) -> Result<Vec<Removed>, Diag> {
    let mut out = Vec::new();
    for f in &config.files {
        for b in f.body.blocks_of("removed") {
            let from = address_attr(f, b, "from")?;
            let destroy = !b.body.blocks_of("lifecycle").any(|l| {
                matches!(
                    l.body.attr("destroy").map(|a| &a.expr.kind),
                    Some(crate::lang::syntax::ExprKind::Bool(false))
                )
            });
            // The belief that a removed block only forgets unless told to destroy.
            let said = b.body.blocks_of("lifecycle").any(|l| l.body.attr("destroy").is_some());
            let destroy = destroy && (said || !crate::workflow::model::beliefs::flipped(crate::lang::Rule::RemovedDestroysByDefault));
            out.push(Removed { from, destroy });
        }
    }
    Ok(out)
}

/// An `import` block, its id evaluated.
#[derive(Clone, Debug)]
pub struct Import {
    /// `to`.
    pub to: Target,
    /// `id`.
    pub id: String,
}

/// The `import` blocks of the configuration, their ids evaluated with `ev`.
pub fn import_blocks(config: &Config, ev: &Evaluator) -> Result<Vec<Import>, Diag> {
    let mut out = Vec::new();
    for f in &config.files {
        for b in f.body.blocks_of("import") {
            let to = address_attr(f, b, "to")?;
            let Some(id) = b.body.attr("id") else {
                return Err(Diag::new(
                    "Missing required argument",
                    "The argument \"id\" is required, but no definition was found.",
                )
                .at(&b.span)
                .in_file(&f.name));
            };
            let id = match ev.eval(&id.expr).map_err(|d| d.in_file(&f.name))? {
                Value::String(s) => s.to_string(),
                _ => {
                    return Err(Diag::new(
                        "Invalid import id argument",
                        "The import ID must be a string that is known during planning.",
                    )
                    .at(&id.expr.span)
                    .in_file(&f.name));
                }
            };
            out.push(Import { to, id });
        }
    }
    Ok(out)
}

/// The `import` blocks whose `to` address does not fit how its resource expands: a key on a
/// resource without `count` or `for_each`, the wrong kind of key, or none on one that has
/// them ("Invalid import 'to' expression", checked by validation from 1.10).
pub fn import_target_errors(config: &Config) -> Vec<Diag> {
    use crate::lang::config::resources::Mode;
    use crate::workflow::model::InstanceKey;
    let mut out = Vec::new();
    for f in &config.files {
        for b in f.body.blocks_of("import") {
            let (Ok(to), Some(a)) = (address_attr(f, b, "to"), b.body.attr("to")) else {
                continue;
            };
            let (resource, key) = match &to {
                Target::Instance(i) => (&i.resource, i.key.clone()),
                Target::Resource(r) => (r, InstanceKey::None),
                Target::Module(_) => continue,
            };
            if !resource.module.is_empty() {
                continue;
            }
            let decl = config.resource(Mode::Managed, &resource.rtype, &resource.name);
            let count = decl.is_some_and(|d| d.body.attr("count").is_some());
            let for_each = decl.is_some_and(|d| d.body.attr("for_each").is_some());
            let details: Vec<&str> = match key {
                InstanceKey::Str(_) if !for_each => vec!["The target resource does not use for_each."],
                InstanceKey::Int(_) if !count => vec!["The target resource does not use count."],
                InstanceKey::None => [
                    for_each.then_some("The target resource is using for_each."),
                    count.then_some("The target resource is using count."),
                ]
                .into_iter()
                .flatten()
                .collect(),
                _ => Vec::new(),
            };
            for detail in details {
                out.push(
                    Diag::new("Invalid import 'to' expression", detail)
                        .at(&a.expr.span)
                        .in_file(&f.name),
                );
            }
        }
    }
    out
}
