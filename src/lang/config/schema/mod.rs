//! Provider schemas: real resource and data source types follow the catalogue of
//! `assets/provider-schemas/catalogue.yaml` (nesting modes, required, optional and computed
//! attributes, Terraform's validation messages); fictional `example_*` types keep the generic
//! model of `resources.rs` (every block a list, any argument accepted, unset attributes unknown).

pub mod catalogue;
pub mod validate;

use crate::lang::config::resources::{Mode, ResourceDecl};
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{Op, OpKind};
use catalogue::{PATH, TypeEntry, catalogue};

/// Prefix of the fictional types that keep the generic model.
pub const FICTIONAL_PREFIX: &str = "example_";

/// What the engine knows about a resource type.
pub enum Lookup {
    /// `example_*`: the generic model.
    Fictional,
    /// A catalogue entry.
    Known(&'static TypeEntry),
}

/// Finds the schema of a declaration's type, or fails naming the catalogue.
pub fn lookup(decl: &ResourceDecl) -> DResult<Lookup> {
    if decl.rtype.starts_with(FICTIONAL_PREFIX) {
        return Ok(Lookup::Fictional);
    }
    let cat = catalogue().map_err(|e| Diag::new("Invalid provider schema catalogue", e.to_string()))?;
    let (table, what, summary) = match decl.mode {
        Mode::Managed => (&cat.resources, "resource type", "Invalid resource type"),
        Mode::Data => (&cat.data_sources, "data source", "Invalid data source"),
    };
    match table.get(&decl.rtype) {
        Some(e) => Ok(Lookup::Known(e)),
        None => {
            let known: Vec<&str> = table.keys().map(String::as_str).collect();
            Err(Diag::new(
                summary,
                format!(
                    "iacquiz's provider schema catalogue ({PATH}) has no {what} {:?}; it knows {}. A fictional type named {FICTIONAL_PREFIX}* keeps the generic model instead (every nested block a list, any argument accepted).",
                    decl.rtype,
                    known.join(", ")
                ),
            )
            .at(&decl.span))
        }
    }
}

/// Refuses a reference to an attribute a catalogued type does not have (`ops` follow the
/// resource address; `many` when the first one selects an instance).
pub fn check_reference(decl: &ResourceDecl, ops: &[Op], many: bool) -> DResult<()> {
    let Ok(Lookup::Known(entry)) = lookup(decl) else {
        return Ok(());
    };
    let at = usize::from(many);
    if let Some(Op {
        kind: OpKind::Attr(name),
        span,
    }) = ops.get(at)
    {
        let s = &entry.schema;
        if !s.attributes.contains_key(name) && !s.blocks.contains_key(name) {
            // configschema's StaticValidateTraversal suggests the nearest attribute or block
            // (tf-oracle 1.12.2: `terraform_data.a.outputs` gets `Did you mean "output"?`).
            let hint = crate::lang::syntax::suggest::closest(name, s.attributes.keys().chain(s.blocks.keys()))
                .map(|n| format!(" Did you mean {n:?}?"))
                .unwrap_or_default();
            return Err(Diag::new(
                "Unsupported attribute",
                format!("This object has no argument, nested block, or exported attribute named {name:?}.{hint}"),
            )
            .at(span));
        }
    }
    Ok(())
}

/// Checks every resource and data source of a configuration against the catalogue without
/// evaluating it (unknown types, arguments, block types, computed-only attributes, required
/// arguments, literal block counts).
pub fn check_config(config: &crate::lang::config::Config) -> DResult<()> {
    for decl in &config.resources {
        if let Lookup::Known(entry) = lookup(decl).map_err(|d| d.in_file(config.file_name(decl.file)))? {
            validate::check_static(&decl.body, &entry.schema, true, &decl.span).map_err(|d| d.in_file(config.file_name(decl.file)))?;
        }
    }
    Ok(())
}
