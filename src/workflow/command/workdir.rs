//! What every command that reads the configuration and the state sets up: the module tree,
//! the selected workspace and its state file, the variables' values, the seed of its random
//! ids.

use std::path::{Path, PathBuf};

use super::args::Parsed;
use super::diagnostic::{Report, Sources, sources_in, sources_of};
use super::load;
use super::run::{Context, Outcome};
use super::vars::{self, CliVar};
use crate::lang::Diag;
use crate::lang::eval::host::Host;
use crate::workflow::model::State;
use crate::workflow::plan::tree::{ModuleTree, Snapshot};
use crate::workflow::state::store::StateStore;
use crate::workflow::state::workspace::Workspaces;

/// A working folder ready for a command.
pub struct Workdir {
    /// The module tree.
    pub tree: ModuleTree,
    /// The root module's sources, for diagnostics.
    pub sources: Sources,
    /// The workspace selected.
    pub workspace: String,
    /// Its state file.
    pub state_path: PathBuf,
    /// The file functions' host (the folder).
    pub host: Host,
}

/// The sources of every module of the tree, named as Terraform names them (`modules/m/main.tf`).
fn all_sources(tree: &ModuleTree, out: &mut Sources) {
    for (name, src) in sources_of(&tree.config) {
        let name = if tree.rel_dir == "." {
            name
        } else {
            format!("{}/{name}", tree.rel_dir)
        };
        out.insert(name, src);
    }
    for call in tree.calls.values() {
        all_sources(&call.tree, out);
    }
}

/// The selected workspace's name and its state file's path.
pub fn workspace(ctx: &Context) -> Result<(Workspaces, String, PathBuf), Vec<Report>> {
    workspace_in(ctx, backend_settings(ctx).map_err(|r| vec![*r])?)
}

/// [`workspace`] with the backend the folder was last initialized with, whatever the
/// configuration says now (a saved plan carries its own backend: `show FILE` needs no `init`).
pub fn saved_workspace(ctx: &Context) -> Result<(Workspaces, String, PathBuf), Vec<Report>> {
    let settings = super::backend::read_saved(&ctx.dir).map(|s| s.settings).unwrap_or_default();
    workspace_in(ctx, settings)
}

fn workspace_in(ctx: &Context, settings: super::backend::LocalSettings) -> Result<(Workspaces, String, PathBuf), Vec<Report>> {
    let ws = Workspaces::new(&ctx.dir, ctx.env.get("TF_WORKSPACE").map(String::as_str), ctx.version)
        .with_backend(settings.state_path(), settings.workspace_dir());
    let name = ws
        .current()
        .map_err(|e| vec![Report::error(Diag::new("Failed to select workspace", e.to_string()))])?;
    let path = ws.state_path(&name);
    Ok((ws, name, path))
}

/// The local backend's settings the folder was initialized with (the defaults without a
/// backend), or the error asking for `init` when the configuration changed them. A
/// configuration that does not decode keeps the saved settings: its errors are the command's
/// to report.
pub fn backend_settings(ctx: &Context) -> Result<super::backend::LocalSettings, Box<Report>> {
    let saved = super::backend::read_saved(&ctx.dir);
    let has_tf = std::fs::read_dir(&ctx.dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .any(|e| e.file_name().to_string_lossy().ends_with(".tf"))
        })
        .unwrap_or(false);
    if saved.is_none() && !has_tf {
        return Ok(super::backend::LocalSettings::default());
    }
    match load::load_decoded(&ctx.dir, ctx.version) {
        Ok(config) => super::backend::for_command(super::backend::configured(&config).as_ref(), saved.as_ref()),
        Err(_) => Ok(saved.map(|s| s.settings).unwrap_or_default()),
    }
}

/// Loads the folder for a command.
pub fn open(ctx: &Context) -> Result<Workdir, Outcome> {
    open_reports(ctx).map_err(|(reports, sources)| ctx.outcome().fail(&reports, &sources))
}

/// [`open`] for a saved plan, with the backend the folder was last initialized with (see
/// [`saved_workspace`]).
pub fn open_for_saved_plan(ctx: &Context, snapshot: Option<&Snapshot>) -> Result<Workdir, Outcome> {
    open_in(ctx, saved_workspace, snapshot, true).map_err(|(reports, sources)| ctx.outcome().fail(&reports, &sources))
}

/// [`open`], its errors not printed yet (with the sources they refer to).
pub fn open_reports(ctx: &Context) -> Result<Workdir, (Vec<Report>, Sources)> {
    open_in(ctx, workspace, None, true)
}

/// [`open_reports`] without the check of references to undeclared objects (cycles are still
/// refused): the console's evaluation graph does not make it (tf-oracle 1.6.6 and 1.12.2: `local.x` evaluates in a
/// folder whose resource reads `module.absent.out`).
pub fn open_unchecked_reports(ctx: &Context) -> Result<Workdir, (Vec<Report>, Sources)> {
    open_in(ctx, workspace, None, false)
}

/// [`open`] for `validate`, which opens no backend: a `backend` block not initialized yet
/// (or changed since) is not its business (tf-oracle 1.12.2: `validate` before `init`
/// succeeds where `plan` asks for `init`).
pub fn open_without_backend(ctx: &Context) -> Result<Workdir, Outcome> {
    open_without_backend_reports(ctx).map_err(|(reports, sources)| ctx.outcome().fail(&reports, &sources))
}

/// [`open_without_backend`], its errors not printed yet.
pub fn open_without_backend_reports(ctx: &Context) -> Result<Workdir, (Vec<Report>, Sources)> {
    open_in(ctx, saved_workspace, None, true)
}

/// Whether the folder holds configuration files (`.tf`, `.tf.json`): without any, `init`
/// says the folder is empty and `plan` and `apply` refuse to plan (configs.IsEmptyDir,
/// Meta.dirIsConfigPath).
pub fn has_config_files(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries.filter_map(Result::ok).any(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                (name.ends_with(".tf") || name.ends_with(".tf.json")) && !e.path().is_dir()
            })
        })
        .unwrap_or(true)
}

/// [`open_for_saved_plan`], its errors not printed yet.
pub fn open_saved_reports(ctx: &Context, snapshot: Option<&Snapshot>) -> Result<Workdir, (Vec<Report>, Sources)> {
    open_in(ctx, saved_workspace, snapshot, true)
}

type WorkspaceOf = fn(&Context) -> Result<(Workspaces, String, PathBuf), Vec<Report>>;

/// Opens the folder, its configuration read from its files or, for a saved plan, from the
/// plan's snapshot of them (which needs no installed modules).
fn open_in(
    ctx: &Context,
    workspace: WorkspaceOf,
    snapshot: Option<&Snapshot>,
    check_references: bool,
) -> Result<Workdir, (Vec<Report>, Sources)> {
    let fail = |reports: Vec<Report>, sources: &Sources| (reports, sources.clone());
    // The belief that every command needs `init` first: a folder never initialized is
    // refused, as a backend that needs initializing is.
    if snapshot.is_none()
        && !ctx.dir.join(".terraform").is_dir()
        && crate::workflow::model::beliefs::flipped(crate::lang::Rule::BuiltinNeedsNoInit)
    {
        let refused = super::backend::init_required(
            "Backend initialization required, please run \"terraform init\"",
            "Initial configuration of the requested backend \"local\"",
        );
        return Err(fail(vec![refused], &sources_in(&ctx.dir)));
    }
    let snapshot_sources = || -> Sources {
        let mut out = Sources::new();
        for (name, src) in snapshot.and_then(|s| s.get(".")).into_iter().flatten() {
            out.insert(name.clone(), src.clone());
        }
        out
    };
    // References are checked after the backend: Terraform opens the backend before its
    // validate walk finds an undeclared reference (tf-oracle 1.12.2: "Backend initialization
    // required" alone for a configuration that also names an undeclared variable).
    let loaded = match snapshot {
        Some(snap) => load::load_decoded_texts(&ctx.dir, snap.get(".").cloned().unwrap_or_default(), ctx.version),
        None => load::load_decoded(&ctx.dir, ctx.version),
    };
    let config = match loaded {
        Ok(c) => c,
        Err(reports) if snapshot.is_some() => return Err(fail(reports, &snapshot_sources())),
        Err(reports) => return Err(fail(reports, &sources_in(&ctx.dir))),
    };
    let tree = match ModuleTree::load_from(&ctx.dir, ".", config, ctx.version, 0, snapshot) {
        Ok(t) => t,
        Err(d) if snapshot.is_some() => return Err(fail(vec![Report::error(d)], &snapshot_sources())),
        Err(d) => return Err(fail(vec![Report::error(d)], &sources_in(&ctx.dir))),
    };
    let mut sources = Sources::new();
    all_sources(&tree, &mut sources);
    if snapshot.is_none() {
        let absent = super::installed::missing(&ctx.dir, &tree);
        if !absent.is_empty() {
            return Err(fail(absent.into_iter().map(Report::error).collect(), &sources));
        }
    }
    let in_modules = load::module_errors(&tree, ctx.version);
    if !in_modules.is_empty() {
        return Err(fail(in_modules, &sources));
    }
    let (_, workspace, state_path) = workspace(ctx).map_err(|r| fail(r, &sources))?;
    // The release must be one every module accepts (Context.Validate checks it first; the
    // console makes no validate walk, and does not check it: tf-oracle 1.12.2).
    if check_references {
        let unsupported = super::core_version::unsupported(&tree, ctx.version);
        if !unsupported.is_empty() {
            return Err(fail(unsupported.into_iter().map(Report::error).collect(), &sources));
        }
    }
    let found = if check_references {
        super::static_checks::references(&tree.config)
    } else {
        super::static_checks::cycles(&tree.config)
    };
    let unresolved: Vec<Report> = found.into_iter().map(Report::error).collect();
    if !unresolved.is_empty() {
        return Err(fail(unresolved, &sources));
    }
    Ok(Workdir {
        tree,
        sources,
        workspace,
        state_path,
        host: Host::with_root(&ctx.dir),
    })
}

/// The root module's decoding errors, which every command that opens the backend meets first
/// (it reads the configuration for its `backend` block): `state`, `output`, `show`,
/// `taint`, `workspace` (tf-oracle 1.12.2: `state list` in a folder whose resource has both
/// `count` and `for_each` prints that error).
pub fn backend_errors(ctx: &Context) -> Option<Vec<Report>> {
    load::load_decoded(&ctx.dir, ctx.version).err()
}

/// What loading the whole configuration finds wrong (the root module's decoding, then its
/// module calls: a folder that is not there, a module not installed yet): what the commands
/// that load the configuration for its version constraints or its schemas meet (`state
/// pull`, `mv`, `rm`, `taint`, `state show`, `show`; tf-oracle 1.12.2: "Module not
/// installed" after a module call is renamed without `init`).
pub fn config_errors(ctx: &Context) -> Option<Vec<Report>> {
    config_errors_and_release(ctx, false)
}

/// [`config_errors`], then the `required_version`s the release does not meet: what
/// checkRequiredVersion refuses (`state pull`, `mv`, `rm`, `taint`; tf-oracle 1.12.2).
pub fn required_version_errors(ctx: &Context) -> Option<Vec<Report>> {
    config_errors_and_release(ctx, true)
}

fn config_errors_and_release(ctx: &Context, release: bool) -> Option<Vec<Report>> {
    let config = match load::load_decoded(&ctx.dir, ctx.version) {
        Ok(c) => c,
        Err(reports) => return Some(reports),
    };
    match ModuleTree::load(&ctx.dir, ".", config, ctx.version, 0) {
        Err(d) => Some(vec![Report::error(d)]),
        Ok(tree) => {
            let absent = super::installed::missing(&ctx.dir, &tree);
            if !absent.is_empty() {
                return Some(absent.into_iter().map(Report::error).collect());
            }
            let unsupported = if release {
                super::core_version::unsupported(&tree, ctx.version)
            } else {
                Vec::new()
            };
            (!unsupported.is_empty()).then(|| unsupported.into_iter().map(Report::error).collect())
        }
    }
}

/// The `-var` and `-var-file` options in the order given.
pub fn cli_vars(opts: &Parsed) -> Vec<CliVar> {
    opts.many
        .iter()
        .filter_map(|(n, v)| match n.as_str() {
            "var" => Some(CliVar::Var(v.clone())),
            "var-file" => Some(CliVar::File(v.clone())),
            _ => None,
        })
        .collect()
}

/// Reads a variables file as Terraform does: any path the user gives.
pub fn read_any(path: &Path) -> Result<String, String> {
    crate::confine::read_regular_text(path, 8 << 20).map_err(|e| e.to_string())
}

/// The root module's variable values for this command: the errors stop it, the warnings are
/// printed by the caller.
pub fn variables(ctx: &Context, wd: &Workdir, opts: &Parsed) -> Result<vars::Chosen, Vec<Report>> {
    let chosen = vars::gather(&wd.tree.config, &ctx.dir, &ctx.env, &cli_vars(opts), &read_any);
    if chosen.errors.is_empty() { Ok(chosen) } else { Err(chosen.errors) }
}

/// Opens the workspace's state.
pub fn state(wd: &Workdir, ctx: &Context) -> Result<(StateStore, State), Vec<Report>> {
    let store = StateStore::open(&wd.state_path, ctx.version).map_err(|e| vec![Report::error(store_diag(&e))])?;
    let state = store.state().cloned().unwrap_or_default();
    Ok((store, state))
}

/// A store error as Terraform reports it: the summary before the first colon.
pub fn store_diag(e: &crate::workflow::state::store::StoreError) -> Diag {
    let text = e.to_string();
    match text.split_once(": ") {
        Some((summary, detail)) => Diag::new(summary, detail),
        None => Diag::new(text, ""),
    }
}

/// A random source for one command: the seed mixed with the state it starts from, so that
/// each apply draws new ids (splitmix64).
/// What the random ids of a workspace's changes are drawn with besides the seed and the
/// state: the workspace, and the state file when a local backend moved it (an empty state at
/// a new path must not give the ids the first state gave).
pub fn random_key(ctx: &Context, wd: &Workdir) -> String {
    let rel = wd.state_path.strip_prefix(&ctx.dir).unwrap_or(&wd.state_path);
    let default = Path::new("terraform.tfstate");
    let in_default_dir = rel.starts_with("terraform.tfstate.d") && rel.file_name() == default.file_name();
    if rel == default || in_default_dir {
        wd.workspace.clone()
    } else {
        format!("{}@{}", wd.workspace, rel.display())
    }
}

pub fn random(seed: u64, state: &State, workspace: &str) -> impl FnMut() -> u64 + use<> {
    let mut x = seed ^ state.serial.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for b in state.lineage.bytes().chain(workspace.bytes()) {
        x = (x ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    move || {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
