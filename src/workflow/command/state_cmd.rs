//! `terraform state list|show|mv|rm|pull`, `taint` and `untaint`: the state commands, each
//! reading the selected workspace's state and, for those that change it, writing it back
//! with its backup.

use super::args::{Kind, Parsed, Spec, parse};
use super::diagnostic::Report;
use super::locking::{self, LockOptions};
use super::run::{Context, Outcome};
use super::workdir;
use crate::lang::Diag;
use crate::workflow::model::State;
use crate::workflow::state::commands::{self, CommandError, Failure};
use crate::workflow::state::store::{StateStore, backup_path, timestamped_backup_path};

const LIST_SPEC: Spec = &[("state", Kind::Value), ("id", Kind::Value)];
const CHANGE_SPEC: Spec = &[
    ("dry-run", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Duration),
    ("backup", Kind::Value),
    ("state", Kind::Value),
    ("state-out", Kind::Value),
    ("ignore-remote-version", Kind::Bool),
];
const TAINT_SPEC: Spec = &[
    ("allow-missing", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Duration),
    ("backup", Kind::Value),
    ("state", Kind::Value),
    ("state-out", Kind::Value),
    ("ignore-remote-version", Kind::Bool),
];

fn store_of(ctx: &Context) -> Result<(StateStore, State, std::path::PathBuf), Outcome> {
    let (_, _, path) = workdir::workspace(ctx).map_err(|r| legacy(ctx, &r))?;
    let store = StateStore::open(&path, ctx.version)
        .map_err(|e| ctx.outcome().fail(&[Report::error(workdir::store_diag(&e))], &Default::default()))?;
    let state = store.state().cloned().unwrap_or_default();
    Ok((store, state, path))
}

/// The workspace's state for a command that changes it: locked first (`operation` names the
/// command in the lock info, as `state-rm`), as the options say, the lock kept by the store.
fn locked_store_of(
    ctx: &Context,
    opts: &Parsed,
    command: &str,
    operation: &str,
) -> Result<(StateStore, State, std::path::PathBuf), Outcome> {
    let lock = LockOptions::from_args(opts).map_err(|e| super::flags::refused(ctx, command, &e))?;
    let (_, _, path) = workdir::workspace(ctx).map_err(|r| legacy(ctx, &r))?;
    let mut o = ctx.outcome();
    let held = match locking::take(ctx, &mut o, &path, operation, lock) {
        Ok(h) => h,
        Err(r) => return Err(locking::refused_legacy(o, *r)),
    };
    let store = locking::open_store(&path, held, ctx).map_err(|r| ctx.outcome().fail(&[*r], &Default::default()))?;
    let state = store.state().cloned().unwrap_or_default();
    Ok((store, state, path))
}

/// Reports through the message printer (the whole diagnostic red), exit 1.
fn legacy(ctx: &Context, reports: &[Report]) -> Outcome {
    let mut o = ctx.outcome();
    o.report_legacy(reports, &Default::default());
    o.code = 1;
    o
}

/// Terraform's refusal of a state command when the workspace has no state file at all (an
/// empty state is not this): red through the UI for list, mv and rm, plain for show.
fn no_state_file(ctx: &Context, red: bool) -> Outcome {
    const NOT_FOUND: &str = "No state file was found!\n\nState management commands require a state file. Run this command\nin a directory where Terraform has been run or use the -state flag\nto point the command to a specific state location.";
    let mut o = ctx.outcome();
    if red {
        o.err(&super::color::colorize(&format!("[red]{NOT_FOUND}[reset]"), ctx.color));
        o.err("\n");
    } else {
        o.err(&format!("{NOT_FOUND}\n"));
    }
    o.code = 1;
    o
}

fn failed(ctx: &Context, e: CommandError) -> Outcome {
    let mut o = ctx.outcome();
    for line in &e.printed {
        o.out(line);
        o.out("\n");
    }
    match e.error {
        Failure::Diags(ds) => {
            let reports: Vec<Report> = ds.into_iter().map(|d| Report::error(Diag::new(d.summary, d.detail))).collect();
            o.report_legacy(&reports, &Default::default());
        }
        Failure::Message(m) => o.err(&m),
    }
    o.code = 1;
    o
}

/// Diagnostics and sources with each file named by the folder's full path.
pub(super) fn absolute_names(ctx: &Context, reports: Vec<Report>) -> (Vec<Report>, super::diagnostic::Sources) {
    let dir = std::path::absolute(&ctx.dir).unwrap_or_else(|_| ctx.dir.clone());
    let full = |name: &str| dir.join(name).display().to_string();
    let plain = super::diagnostic::sources_in(&ctx.dir);
    let reports = reports
        .into_iter()
        .map(|mut r| {
            // A called module's files keep the names the module tree gives them
            // (`modules/box/main.tf`; tf-oracle 1.12.2).
            r.diag.file = r
                .diag
                .file
                .as_deref()
                .map(|f| if plain.contains_key(f) { full(f) } else { f.to_string() });
            // A range in the detail ("already declared at main.tf:9,1-30") is named so too.
            for name in plain.keys() {
                r.diag.detail = r.diag.detail.replace(&format!("at {name}:"), &format!("at {}:", full(name)));
                // 1.6's import-to-a-move-source detail prints its expression's ranges, which
                // hold the file name too.
                r.diag.detail = r.diag.detail.replace(&format!("{{{name} {{"), &format!("{{{} {{", full(name)));
                r.diag.detail = r.diag.detail.replace(&format!("\"{name}:"), &format!("\"{}:", full(name)));
            }
            r
        })
        .collect();
    let sources = plain.into_iter().map(|(n, t)| (full(&n), t)).collect();
    (reports, sources)
}

fn unix_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Runs `state SUBCOMMAND`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let Some((sub, rest)) = args.split_first() else {
        let mut o = ctx.outcome();
        o.err("Usage: terraform [global options] state <subcommand> [options] [args]\n");
        o.code = 1;
        return o;
    };
    match sub.as_str() {
        "list" => list(ctx, rest),
        "pull" => pull(ctx, rest),
        "show" => show(ctx, rest),
        "mv" | "rm" => change(ctx, sub, rest),
        other => {
            let mut o = ctx.outcome();
            o.err(&format!("Terraform has no command named \"state {other}\".\n"));
            o.code = 1;
            o
        }
    }
}

/// What a state command whose configuration or backend cannot be read prints (after its
/// command line is read): the problems through the message printer; `None` when there are
/// none.
fn backend_refused(ctx: &Context, sub: &str) -> Option<Outcome> {
    // `state pull`, `mv` and `rm` load the whole configuration from the folder's full path
    // for its version constraints (checkRequiredVersion), and name the files so.
    let (reports, sources) = if matches!(sub, "pull" | "mv" | "rm") {
        absolute_names(ctx, workdir::required_version_errors(ctx)?)
    } else {
        (workdir::backend_errors(ctx)?, super::diagnostic::sources_in(&ctx.dir))
    };
    let mut o = ctx.outcome();
    o.report_legacy(&reports, &sources);
    o.code = 1;
    Some(o)
}

/// The older commands' refusal of their options: the message through the red printer, exit 1.
fn flags_refused(ctx: &Context, e: &super::args::FlagError) -> Outcome {
    let mut o = ctx.outcome();
    super::usage::ui_error(&mut o, &format!("Error parsing command-line flags: {}\n", e.0));
    o.code = 1;
    o
}

fn list(ctx: &Context, args: &[String]) -> Outcome {
    let opts = match parse(args, LIST_SPEC) {
        Ok(p) => p,
        // `state list` asks the CLI to show its help after the message.
        Err(e) => return super::usage::with_help(flags_refused(ctx, &e), ctx.version, "state list"),
    };
    if let Some(o) = backend_refused(ctx, "list") {
        return o;
    }
    let (store, state, _) = match store_of(ctx) {
        Ok(x) => x,
        Err(o) => return o,
    };
    if store.state().is_none() {
        return no_state_file(ctx, true);
    }
    let filters: Vec<&str> = opts.rest.iter().map(String::as_str).collect();
    match commands::list(&state, &filters, opts.value("id").filter(|id| !id.is_empty())) {
        Ok(lines) => {
            let mut o = ctx.outcome();
            for l in lines {
                o.out(&l);
                o.out("\n");
            }
            o
        }
        Err(e) => failed(ctx, e),
    }
}

fn pull(ctx: &Context, args: &[String]) -> Outcome {
    if let Err(e) = parse(args, &[]) {
        return flags_refused(ctx, &e);
    }
    if let Some(o) = backend_refused(ctx, "pull") {
        return o;
    }
    let (_, state, _) = match store_of(ctx) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let mut o = ctx.outcome();
    if state.lineage.is_empty() && state.resources.is_empty() {
        return o;
    }
    match commands::pull(&state, ctx.version) {
        Ok(text) => o.out(&text),
        Err(e) => {
            return o.fail(
                &[Report::error(Diag::new("Failed to write state", e.to_string()))],
                &Default::default(),
            );
        }
    }
    o
}

fn show(ctx: &Context, args: &[String]) -> Outcome {
    // Before 1.13 the third line of the address messages ends with a space.
    let gap = if crate::workflow::model::gates::has(ctx.version, &crate::workflow::model::gates::STATE_SHOW_NO_TRAILING_SPACE) {
        ""
    } else {
        " "
    };
    // state show prints its refusals plainly, not through the red message printer.
    let opts = match parse(args, &[("state", Kind::Value)]) {
        Ok(p) => p,
        Err(e) => {
            let mut o = ctx.outcome();
            o.err(&format!("Error parsing command-line flags: {}\n", e.0));
            o.code = 1;
            return o;
        }
    };
    let [addr] = opts.rest.as_slice() else {
        let mut o = ctx.outcome();
        o.err("Exactly one argument expected.\n");
        return super::usage::with_help(o, ctx.version, "state show");
    };
    if let Some(o) = backend_refused(ctx, "show") {
        return o;
    }
    let target = match crate::workflow::model::address::parse_target(addr) {
        Ok(crate::workflow::model::address::Target::Instance(i)) => i,
        Ok(crate::workflow::model::address::Target::Resource(r)) => r.instance(crate::workflow::model::InstanceKey::None),
        _ => {
            let mut o = ctx.outcome();
            o.err(&format!("Error parsing instance address: {addr}\n\nThis command requires that the address references one specific instance.\nTo view the available instances, use \"terraform state list\". Please modify{gap}\nthe address to reference a specific instance.\n"));
            o.code = 1;
            return o;
        }
    };
    // The schemas come from the whole configuration, loaded from the folder's full path.
    if let Some(reports) = workdir::config_errors(ctx) {
        let (reports, sources) = absolute_names(ctx, reports);
        return ctx.outcome().fail(&reports, &sources);
    }
    let (store, state, _) = match store_of(ctx) {
        Ok(x) => x,
        Err(o) => return o,
    };
    if store.state().is_none() {
        return no_state_file(ctx, false);
    }
    let found = state
        .resources
        .iter()
        .find(|r| r.addr == target.resource)
        .and_then(|r| r.instances.iter().find(|i| i.key == target.key))
        .and_then(|i| i.current.as_ref());
    let mut o = ctx.outcome();
    match found {
        Some(obj) => o.out(&crate::workflow::render::state_show(
            &target,
            obj,
            None,
            &super::planning::render_options(ctx),
        )),
        None => {
            o.err(&format!("No instance found for the given address!\n\nThis command requires that the address references one specific instance.\nTo view the available instances, use \"terraform state list\". Please modify{gap}\nthe address to reference a specific instance.\n"));
            o.code = 1;
        }
    }
    o
}

fn change(ctx: &Context, sub: &str, args: &[String]) -> Outcome {
    let opts = match parse(args, CHANGE_SPEC) {
        Ok(p) => p,
        Err(e) => return flags_refused(ctx, &e),
    };
    let miscount = match sub {
        "mv" if opts.rest.len() != 2 => Some("Exactly two arguments expected.\n"),
        "rm" if opts.rest.is_empty() => Some("At least one address is required.\n"),
        _ => None,
    };
    if let Some(message) = miscount {
        let mut o = ctx.outcome();
        super::usage::ui_error(&mut o, message);
        return super::usage::with_help(o, ctx.version, &format!("state {sub}"));
    }
    if let Some(o) = backend_refused(ctx, sub) {
        return o;
    }
    // `state mv` and `state rm` read the state through the backend and word its refusal so.
    if let Err(r) = workdir::backend_settings(ctx) {
        let mut o = ctx.outcome();
        let message = format!(
            "[red]Error loading the state: {}: {}\n\nPlease ensure that your Terraform state exists and that you've\nconfigured it properly. You can use the \"-state\" flag to point\nTerraform at another state file.[reset]",
            r.diag.summary, r.diag.detail
        );
        o.err(&format!("{}\n", super::color::colorize(&message, ctx.color)));
        o.code = 1;
        return o;
    }
    let (store, state, path) = match locked_store_of(ctx, &opts, &format!("state {sub}"), &format!("state-{sub}")) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let dry = opts.flag("dry-run");
    let result = if sub == "mv" {
        if store.state().is_none() {
            return no_state_file(ctx, true);
        }
        commands::mv(&state, &opts.rest[0], &opts.rest[1], dry)
    } else {
        if store.state().is_none() && !opts.rest.is_empty() {
            return no_state_file(ctx, true);
        }
        let addrs: Vec<&str> = opts.rest.iter().map(String::as_str).collect();
        commands::rm(&state, &addrs, dry)
    };
    let done = match result {
        Ok(d) => d,
        Err(e) => return failed(ctx, e),
    };
    if !dry {
        // The backup goes where a local backend without settings keeps the workspace's state
        // (state_meta.go asks a forced local backend): `terraform.tfstate.<ts>.backup`, or
        // `terraform.tfstate.d/WS/...`, whatever `path` and `workspace_dir` say. Where that
        // folder does not exist the state is not saved (tf-oracle 1.12.2).
        let workspace = workdir::workspace(ctx).map(|(_, w, _)| w).unwrap_or_else(|_| "default".into());
        let default_path = crate::workflow::state::workspace::Workspaces::new(&ctx.dir, None, ctx.version).state_path(&workspace);
        let backup = timestamped_backup_path(&default_path, unix_seconds());
        if backup.parent().is_some_and(|d| !d.is_dir()) {
            let mut o = ctx.outcome();
            for l in done.lines.iter().filter(|l| !l.starts_with("Successfully ")) {
                o.out(l);
                o.out("\n");
            }
            let shown = backup.strip_prefix(&ctx.dir).unwrap_or(&backup).display().to_string();
            let message = format!(
                "[red]Error saving the state: failed to create local state backup file: open {shown}: no such file or directory\n\nThe state was not saved. No items were removed from the persisted\nstate. No backup was created since no modification occurred. Please\nresolve the issue above and try again.[reset]"
            );
            o.err(&format!("{}\n", super::color::colorize(&message, ctx.color)));
            o.code = 1;
            return o;
        }
        let mut store = store.with_backup(backup);
        let mut random = workdir::random(ctx.seed, &state, &path.display().to_string());
        if let Err(e) = store.write(&done.state, &mut random) {
            return ctx.outcome().fail(&[Report::error(workdir::store_diag(&e))], &Default::default());
        }
    }
    let mut o = ctx.outcome();
    for l in &done.lines {
        o.out(l);
        o.out("\n");
    }
    o
}

/// Runs `taint` (`untaint` when `untaint` is set).
pub fn taint(ctx: &Context, args: &[String], untaint: bool) -> Outcome {
    let name = if untaint { "untaint" } else { "taint" };
    let opts = match parse(args, TAINT_SPEC) {
        Ok(p) => p,
        Err(e) => {
            let mut o = ctx.outcome();
            super::usage::flags_refused_with_usage(&mut o, ctx.version, name, "Error parsing command-line flags", &e.0);
            return o;
        }
    };
    let [addr] = opts.rest.as_slice() else {
        let mut o = ctx.outcome();
        super::usage::ui_error(&mut o, &format!("The {name} command expects exactly one argument."));
        super::usage::usage_on_stderr(&mut o, ctx.version, name);
        o.code = 1;
        return o;
    };
    // taint loads the whole configuration from the folder's full path (for its version
    // constraints) and names the files so; untaint reads only the backend's (tf-oracle
    // 1.12.2).
    let refused = if untaint {
        workdir::backend_errors(ctx).map(|r| (r, super::diagnostic::sources_in(&ctx.dir)))
    } else {
        workdir::required_version_errors(ctx).map(|r| absolute_names(ctx, r))
    };
    if let Some((reports, sources)) = refused {
        let mut o = ctx.outcome();
        o.report_legacy(&reports, &sources);
        o.code = 1;
        return o;
    }
    let (store, state, path) = match locked_store_of(ctx, &opts, name, name) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let result = if untaint {
        commands::untaint(&state, addr)
    } else {
        commands::taint(&state, addr)
    };
    let done = match result {
        Ok(d) => d,
        Err(e) => return failed(ctx, e),
    };
    let mut store = store.with_backup(backup_path(&path));
    let mut random = workdir::random(ctx.seed, &state, &path.display().to_string());
    if let Err(e) = store.write(&done.state, &mut random) {
        return ctx.outcome().fail(&[Report::error(workdir::store_diag(&e))], &Default::default());
    }
    let mut o = ctx.outcome();
    for l in &done.lines {
        o.out(l);
        o.out("\n");
    }
    o
}
