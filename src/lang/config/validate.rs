//! Static checks `terraform validate` makes on a configuration before anything is evaluated:
//! block types the root module does not know, and a resource or data source whose own
//! arguments refer to it by its address (Terraform's "Self-referential block").

use crate::lang::config::Config;
use crate::lang::config::resources::Mode;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::walk::nodes;
use crate::lang::syntax::{BodyAst, ExprKind, OpKind};

/// Blocks of a resource that are not its arguments: Terraform reads them separately, so a
/// reference to the resource's own address there is not a self-reference of its arguments.
const META_BLOCKS: &[&str] = &["lifecycle", "provisioner", "connection"];
/// Meta-arguments of a resource, likewise not part of its own arguments.
const META_ARGS: &[&str] = &["count", "for_each", "depends_on", "provider"];

/// The first validation error of `config`, in file and declaration order.
pub fn check(config: &Config) -> DResult<()> {
    for f in &config.files {
        if f.name.ends_with(".tftest.hcl") {
            continue;
        }
        for b in &f.body.blocks {
            if !crate::lang::dialect::root_blocks::is_root_block(&b.kind) {
                // Terraform has no user-defined functions (nor any other block of its own
                // making), so `function "x" { ... }` is refused like any unknown block.
                return Err(Diag::new(
                    "Unsupported block type",
                    format!("Blocks of type {:?} are not expected here.", b.kind),
                )
                .at(&(b.span.start..b.span.start + b.kind.len()))
                .in_file(&f.name)
                .fatal());
            }
        }
    }
    for r in &config.resources {
        if let Some(span) = self_reference(&r.body, r.mode, &r.rtype, &r.name, true) {
            return Err(Diag::new(
                "Self-referential block",
                format!("Configuration for {} may not refer to itself.", r.address()),
            )
            .at(&span)
            .in_file(config.file_name(r.file))
            .fatal());
        }
    }
    Ok(())
}

/// Where `body` (a resource's arguments and nested blocks, dynamic ones included) names the
/// resource itself as a whole (`TYPE.NAME`, `data.TYPE.NAME`, not an indexed instance).
fn self_reference(body: &BodyAst, mode: Mode, rtype: &str, name: &str, top: bool) -> Option<std::ops::Range<usize>> {
    for a in &body.attrs {
        if top && META_ARGS.contains(&a.name.as_str()) {
            continue;
        }
        for e in nodes(&a.expr) {
            let ExprKind::Traversal(base, ops) = &e.kind else {
                continue;
            };
            let ExprKind::Var(root) = &base.kind else {
                continue;
            };
            let attr = |i: usize| match ops.get(i).map(|o| &o.kind) {
                Some(OpKind::Attr(x)) => Some(x.as_str()),
                _ => None,
            };
            let (t, n, next) = match mode {
                Mode::Data if root == "data" => (attr(0), attr(1), 2),
                Mode::Managed => (Some(root.as_str()), attr(0), 1),
                _ => continue,
            };
            let indexed = matches!(ops.get(next).map(|o| &o.kind), Some(OpKind::Index(_) | OpKind::LegacyIndex(_)));
            if t == Some(rtype) && n == Some(name) && !indexed {
                return Some(e.span.clone());
            }
        }
    }
    body.blocks
        .iter()
        .filter(|b| !(top && META_BLOCKS.contains(&b.kind.as_str())))
        .find_map(|b| self_reference(&b.body, mode, rtype, name, false))
}
