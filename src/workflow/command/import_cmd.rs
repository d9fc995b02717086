//! `terraform import ADDRESS ID`: an existing object brought into the state under an address
//! the configuration declares. For `terraform_data` the object is its id alone.

use super::args::{Kind, Spec, parse};
use super::diagnostic::Report;
use super::locking::{self, LockOptions};
use super::run::{Context, Outcome};
use super::workdir;
use crate::lang::Diag;
use crate::lang::config::resources::Mode;
use crate::workflow::model::InstanceAddr;
use crate::workflow::model::address::{Target, parse_target};
use crate::workflow::model::gates;
use crate::workflow::model::{InstanceKey, InstanceObject};

const SPEC: Spec = &[
    ("var", Kind::Many),
    ("var-file", Kind::Many),
    ("input", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Duration),
    ("config", Kind::Value),
    ("allow-missing-config", Kind::Bool),
    ("parallelism", Kind::Int),
    ("state", Kind::Value),
    ("state-out", Kind::Value),
    ("backup", Kind::Value),
    ("ignore-remote-version", Kind::Bool),
];

/// What a finished import says.
const IMPORT_SUCCESS: &str = "Import successful!\n\nThe resources that were imported are shown above. These resources are now in\nyour Terraform state and will henceforth be managed by Terraform.\n";

/// Whether the configuration expands to instance `addr` (its module instance and its key):
/// the instances a plan from `state` meets. A configuration that cannot be planned is not
/// second-guessed here.
fn expands_to(
    ctx: &Context,
    wd: &workdir::Workdir,
    opts: &super::args::Parsed,
    state: &crate::workflow::model::State,
    addr: &InstanceAddr,
) -> bool {
    let Ok((p, _)) = super::planning::plan_options(ctx, wd, opts, false, &mut ctx.outcome()) else {
        return true;
    };
    match crate::workflow::plan::plan(&wd.tree, &wd.host, state, &p) {
        Ok(plan) if plan.errors.is_empty() => plan
            .changes
            .iter()
            .any(|c| c.addr == *addr && c.action != crate::workflow::model::Action::Delete),
        _ => true,
    }
}

/// Runs `import`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(_) => {
            // Go's flag package shows the help; import adds nothing to it.
            let mut o = ctx.outcome();
            super::usage::usage_on_stderr(&mut o, ctx.version, "import");
            o.code = 1;
            return o;
        }
    };
    let [addr_text, id] = opts.rest.as_slice() else {
        let mut o = ctx.outcome();
        super::usage::ui_error(&mut o, "The import command expects two arguments.");
        super::usage::usage_on_stderr(&mut o, ctx.version, "import");
        o.code = 1;
        return o;
    };
    // The backend is loaded first; its refusal goes through the message printer.
    if let Err(r) = workdir::backend_settings(ctx) {
        return super::locking::refused_legacy(ctx.outcome(), *r);
    }
    let wd = match workdir::open_reports(ctx) {
        Ok(w) => w,
        Err((reports, sources)) => {
            // The import graph names a cycle's nodes `(expand)` (tf-oracle 1.6.6 to 1.14.9);
            // import prints every problem through the message printer.
            let reports: Vec<Report> = reports
                .into_iter()
                .map(|mut r| {
                    if let Some(nodes) = r.diag.summary.strip_prefix("Cycle: ") {
                        let named: Vec<String> = nodes.split(", ").map(|n| format!("{n} (expand)")).collect();
                        r.diag.summary = format!("Cycle: {}", named.join(", "));
                    }
                    r
                })
                .collect();
            let mut o = ctx.outcome();
            o.report_legacy(&reports, &sources);
            o.code = 1;
            return o;
        }
    };
    let addr = match parse_target(addr_text) {
        Ok(Target::Instance(i)) => i,
        Ok(Target::Resource(r)) => r.instance(InstanceKey::None),
        Ok(Target::Module(_)) | Err(_) => {
            return ctx.outcome().fail(
                &[Report::error(Diag::new(
                    "Invalid address",
                    format!("The import address {addr_text:?} is not a resource instance address."),
                ))],
                &wd.sources,
            );
        }
    };
    let names: Vec<&str> = addr.resource.module.iter().map(|s| s.name.as_str()).collect();
    // The module must be declared (its keys are checked with the resource's).
    if wd.tree.find(&names).is_none() {
        let mut o = ctx.outcome();
        o.report_legacy(
            &[Report::error(Diag::new(
                "Import to non-existent module",
                format!(
                    "{} is not defined in the configuration. Please add configuration for this module before importing into it.",
                    crate::workflow::model::address::module_path(&addr.resource.module)
                ),
            ))],
            &wd.sources,
        );
        o.code = 1;
        return o;
    }
    let declared = wd
        .tree
        .find(&names)
        .and_then(|m| m.config.resource(Mode::Managed, &addr.resource.rtype, &addr.resource.name))
        .is_some();
    if !declared {
        let mut o = ctx.outcome();
        let head = super::color::colorize(
            &format!(
                "[reset][bold][red]Error:[reset][bold] resource address {:?} does not exist in the configuration.\n\n",
                addr.to_string()
            ),
            ctx.color,
        );
        o.err(&format!(
            "{head}Before importing this resource, please create its configuration in the root module. For example:\n\nresource {:?} {:?} {{\n  # (resource arguments)\n}}\n\n",
            addr.resource.rtype, addr.resource.name
        ));
        o.code = 1;
        return o;
    }
    let lock = match LockOptions::from_args(&opts) {
        Ok(l) => l,
        Err(e) => return super::flags::refused(ctx, "import", &e),
    };
    let mut o = ctx.outcome();
    // Import runs as a backend operation of no named type.
    let held = match locking::take(ctx, &mut o, &wd.state_path, "OperationTypeInvalid", lock) {
        Ok(h) => h,
        Err(r) => return locking::refused_legacy(o, *r),
    };
    let store = match locking::open_store(&wd.state_path, held, ctx) {
        Ok(x) => x,
        Err(r) => return ctx.outcome().fail(&[*r], &wd.sources),
    };
    let state = store.state().cloned().unwrap_or_default();
    // An instance the configuration does not expand to: refused from 1.7; before, the import
    // "succeeds" and imports nothing (tf-oracle 1.6.6 and 1.12.2: `terraform_data.a[5]` with
    // `count = 2`).
    let expanded = expands_to(ctx, &wd, &opts, &state, &addr);
    if !expanded && gates::has(ctx.version, &gates::IMPORT_TARGET_MUST_EXPAND) {
        o.report_legacy(
            &[Report::error(Diag::new(
                "Configuration for import target does not exist",
                format!("The configuration for the given import {addr} does not exist. All target instances must have an associated configuration to be imported."),
            ))],
            &wd.sources,
        );
        o.code = 1;
        return o;
    }
    // Each line is one text of Terraform's UI hook, coloured on its own.
    let hook = |markup: String| format!("{}\n", super::color::colorize(&markup, ctx.color));
    if expanded {
        o.out(&hook(format!("[reset][bold]{addr}: Importing from ID {id:?}...")));
        o.out(&hook(format!("[reset][bold][green]{addr}: Import prepared!")));
        o.out(&hook(format!("[reset][green]  Prepared {} for import", addr.resource.rtype)));
    }
    let exists = state
        .resources
        .iter()
        .find(|r| r.addr == addr.resource)
        .is_some_and(|r| r.instances.iter().any(|i| i.key == addr.key && i.current.is_some()));
    if exists {
        o.report_legacy(
            &[Report::error(Diag::new(
                "Resource already managed by Terraform",
                format!("Terraform is already managing a remote object for {addr}. To import to this address you must first remove the existing object from the state."),
            ))],
            &wd.sources,
        );
        o.code = 1;
        return o;
    }
    let mut next = state.clone();
    let attributes = match crate::workflow::plan::builtin::imported(id) {
        crate::lang::Value::Object(m) => m,
        _ => Default::default(),
    };
    // Before 1.7 an instance the configuration does not expand to is imported nowhere, and
    // the rest of the import (its outputs, the state written) goes on.
    if expanded {
        o.out(&hook(format!("[reset][bold]{addr}: Refreshing state... [id={id}]")));
        next.add_instance(
            &addr,
            InstanceObject::plain(attributes),
            crate::workflow::plan::make::BUILTIN_PROVIDER,
        );
    }
    crate::workflow::plan::providers::assign(&mut next, &wd.tree);
    // The instance goes in key order among the resource's others.
    if let Some(r) = next.resources.iter_mut().find(|r| r.addr == addr.resource) {
        r.instances.sort_by(|a, b| a.key.cmp(&b.key));
    }
    // Import writes the root outputs as the imported state gives them: null where a value is
    // not known yet (from 1.14, null throughout; seen on 1.14.9).
    let exprs: Vec<(String, crate::lang::syntax::Expr, bool)> = wd
        .tree
        .config
        .outputs
        .iter()
        .filter_map(|(name, _, body, _)| {
            let sensitive = matches!(
                body.attr("sensitive").map(|a| &a.expr.kind),
                Some(crate::lang::syntax::ExprKind::Bool(true))
            );
            body.attr("value").map(|v| (name.clone(), v.expr.clone(), sensitive))
        })
        .collect();
    let mut import_warnings = Vec::new();
    if let Ok((p, _)) = super::planning::plan_options(ctx, &wd, &opts, false, &mut ctx.outcome()) {
        let just: Vec<crate::lang::syntax::Expr> = exprs.iter().map(|(_, e, _)| e.clone()).collect();
        if let Ok(walked) = crate::workflow::plan::make::console_with_data(
            &wd.tree,
            &wd.host,
            &next,
            &p,
            &just,
            crate::workflow::plan::make::ConsoleWalk::Import,
        ) {
            let (values, with_data) = (walked.values, walked.state);
            import_warnings = walked.warnings;
            let failed_conditions = walked.errors;
            for r in with_data
                .resources
                .iter()
                .filter(|r| r.addr.mode == crate::workflow::model::ResourceMode::Data)
            {
                for i in &r.instances {
                    let a = r.addr.instance(i.key.clone());
                    o.out(&format!("{a}: Reading...\n{a}: Read complete after 0s\n"));
                }
            }
            next = with_data;
            // A root output handing on a sensitive value without saying so fails the import
            // as it fails a plan (tf-oracle 1.6.6: no state written, exit 1); so does one
            // declared ephemeral, or one handing on an ephemeral value (tf-oracle 1.12.2).
            let mut refused: Vec<Report> = Vec::new();
            let outputs = wd.tree.config.outputs.iter().filter(|(_, _, body, _)| body.attr("value").is_some());
            for ((_, fi, body, span), ((_, expr, sensitive), v)) in outputs.zip(exprs.iter().zip(values.iter())) {
                let file = wd.tree.config.file_name(*fi);
                let ephemeral = matches!(
                    body.attr("ephemeral").map(|a| &a.expr.kind),
                    Some(crate::lang::syntax::ExprKind::Bool(true))
                );
                let d = if ephemeral {
                    crate::workflow::plan::walker::ephemeral_root_output_error(&wd.tree.config, *fi, span, file)
                } else {
                    match v {
                        Ok(v) if !*sensitive && v.has_sensitive() => {
                            crate::workflow::plan::walker::sensitive_output_error(&wd.tree.config, *fi, span, file)
                        }
                        Ok(v) if v.has_ephemeral() => crate::workflow::plan::ephemeral::output_value_error(&expr.span).in_file(file),
                        _ => continue,
                    }
                };
                refused.push(Report::error(d));
            }
            refused.extend(failed_conditions);
            if !refused.is_empty() {
                let (reports, sources) = super::state_cmd::absolute_names(ctx, refused);
                o.report_legacy(&reports, &sources);
                o.code = 1;
                return o;
            }
            for ((name, _, sensitive), v) in exprs.iter().zip(values) {
                let Ok(v) = v else { continue };
                // A null output is not kept (an unknown one is written null: tf-oracle 1.12.2).
                if v.is_null() {
                    next.outputs.remove(name);
                    continue;
                }
                let v = unknown_as_null(v.unmark_deep().0);
                next.outputs.insert(
                    name.clone(),
                    crate::workflow::model::OutputValue {
                        value: v,
                        sensitive: *sensitive,
                    },
                );
            }
        }
    }
    let mut store = store.with_backup(crate::workflow::state::store::backup_path(&wd.state_path));
    let mut random = workdir::random(ctx.seed, &state, &workdir::random_key(ctx, &wd));
    if let Err(e) = store.write(&next, &mut random) {
        return o.fail(&[Report::error(workdir::store_diag(&e))], &wd.sources);
    }
    o.out(&hook(format!("[reset][green]\n{IMPORT_SUCCESS}")));
    // The check blocks' failures follow, their files named by the folder's full path.
    if !import_warnings.is_empty() {
        let (reports, sources) = super::state_cmd::absolute_names(ctx, import_warnings);
        o.report_legacy(&reports, &sources);
    }
    o
}

/// A value with each part not known yet written as null (what the state keeps of it).
fn unknown_as_null(v: crate::lang::Value) -> crate::lang::Value {
    use crate::lang::Value;
    match v {
        Value::Unknown(t, _) => Value::Null(t),
        Value::List(t, xs) => Value::List(t, xs.into_iter().map(unknown_as_null).collect()),
        Value::Set(t, xs) => Value::Set(t, xs.into_iter().map(unknown_as_null).collect()),
        Value::Tuple(xs) => Value::Tuple(xs.into_iter().map(unknown_as_null).collect()),
        Value::Map(t, m) => Value::Map(t, m.into_iter().map(|(k, x)| (k, unknown_as_null(x))).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, x)| (k, unknown_as_null(x))).collect()),
        Value::Marked(x, m) => unknown_as_null(*x).mark_with(m),
        other => other,
    }
}
