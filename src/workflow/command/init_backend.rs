//! What `init` does with the local backend: the first configuration of a `backend "local"`
//! block (offering to copy the default state into it), an unchanged one (nothing to say), a
//! changed one ("Backend configuration changed", unless `-reconfigure` forgets the saved one
//! or `-migrate-state` copies the state over, asking first unless `-force-copy`), and
//! `.terraform/terraform.tfstate` written as the release writes it.

use std::path::Path;

use super::args::Parsed;
use super::backend::{self, LocalSettings, Saved};
use super::color::colorize;
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use crate::lang::Diag;
use crate::lang::config::Config;
use crate::workflow::model::State;
use crate::workflow::state::store::{STATE_CAP, backup_path};

/// The message after a backend is configured.
const SUCCESS: &str = "[reset][green]\nSuccessfully configured the backend \"local\"! Terraform will automatically\nuse this backend unless the backend configuration changes.";

/// The message before a changed backend is migrated.
const RECONFIGURE: &str = "[reset][reset][bold]Backend configuration changed![reset]\n\nTerraform has detected that the configuration specified for the backend\nhas changed. Terraform will now check for existing state in the backends.\n";

/// The refusal of a changed backend without `-reconfigure` or `-migrate-state`.
fn migrate_or_reconfigure() -> Report {
    Report::error(Diag::new(
        "Backend configuration changed",
        "A change in the backend configuration has been detected, which may require migrating existing state.\n\nIf you wish to attempt automatic migration of the state, use \"terraform init -migrate-state\".\nIf you wish to store the current configuration with no changes to the state, use \"terraform init -reconfigure\".",
    ))
}

/// An error Terraform reports from a Go error: its text as the summary, no detail.
fn plain_error(text: &str) -> Report {
    Report::error(Diag::new(text, ""))
}

/// `-input` is on unless given a false value.
fn input_on(opts: &Parsed) -> bool {
    !opts
        .value("input")
        .is_some_and(|v| matches!(v, "false" | "0" | "f" | "F" | "FALSE" | "False"))
}

/// A workspace's state as the local backend holds it (`None`: no file, or an empty one).
fn read_state(path: &Path, ctx: &Context) -> Result<Option<State>, Box<Report>> {
    let bytes = match crate::confine::read_regular(path, STATE_CAP) {
        Ok(b) => b,
        Err(_) if !path.exists() => return Ok(None),
        Err(e) => return Err(Box::new(plain_error(&format!("Error reading {}: {e}", path.display())))),
    };
    match crate::workflow::state::read::read_state(&bytes, ctx.version) {
        Ok(s) => Ok(Some(s)),
        Err(crate::workflow::state::read::ReadError::NoState) => Ok(None),
        Err(e) => Err(Box::new(plain_error(&e.to_string()))),
    }
}

/// Terraform's `State.Empty`: no resources and no root outputs.
fn empty(s: &Option<State>) -> bool {
    s.as_ref().is_none_or(|s| s.resources.is_empty() && s.outputs.is_empty())
}

/// Runs the backend step of `init`, printing to `o`; the errors end `init`.
pub fn run(ctx: &Context, opts: &Parsed, config: &Config, o: &mut Outcome) -> Result<(), Vec<Report>> {
    let given = opts.all("backend-config");
    let overrides = backend::overrides(&ctx.dir, &given).map_err(|r| vec![*r])?;
    let Some(block) = backend::configured(config) else {
        // The backend block was removed: with -migrate-state the state goes back to the
        // default file and the saved backend is forgotten.
        let file = backend::read_saved(&ctx.dir);
        let Some(saved) = file.as_ref().filter(|_| !opts.flag("reconfigure")) else {
            return Ok(());
        };
        if !opts.flag("migrate-state") {
            return Err(vec![migrate_or_reconfigure()]);
        }
        o.out("Terraform has detected you're unconfiguring your previously set \"local\" backend.\n");
        migrate(ctx, opts, (&saved.settings, &LocalSettings::default()), false, o)?;
        save(ctx, None, file.as_ref())?;
        o.out(&format!(
            "{}\n",
            colorize(
                "[reset][green]\n\nSuccessfully unset the backend \"local\". Terraform will now operate locally.",
                ctx.color
            )
        ));
        return Ok(());
    };
    let settings = match &overrides {
        Some(over) => block.merged(over),
        None => block.clone(),
    };
    let file = backend::read_saved(&ctx.dir);
    let saved = if opts.flag("reconfigure") { None } else { file.clone() };
    match &saved {
        // The belief that `-reconfigure` carries the state over from the backend it forgets,
        // as `-migrate-state -force-copy` does.
        None if opts.flag("reconfigure")
            && file.as_ref().is_some_and(|f| f.settings != settings)
            && crate::workflow::model::beliefs::flipped(crate::lang::Rule::ReconfigureLeavesState) =>
        {
            if let Some(old) = &file {
                copy_state(ctx, &old.settings, &settings)?;
            }
        }
        None => {
            // First configuration: the default workspace's state, if any, may move in.
            migrate(ctx, opts, (&LocalSettings::default(), &settings), true, o)?;
        }
        Some(s) if u64::from(block.hash()) == s.hash && overrides.is_none() => return Ok(()),
        Some(s) if s.settings == settings => {
            // The same values under another hash: Terraform saves the new hash quietly.
            save(ctx, Some((&settings, block.hash())), file.as_ref())?;
            return Ok(());
        }
        Some(s) => {
            if !opts.flag("migrate-state") {
                return Err(vec![migrate_or_reconfigure()]);
            }
            o.out(&format!("{}\n", colorize(RECONFIGURE, ctx.color)));
            migrate(ctx, opts, (&s.settings, &settings), false, o)?;
        }
    }
    save(ctx, Some((&settings, block.hash())), file.as_ref())?;
    o.out(&format!("{}\n", colorize(SUCCESS, ctx.color)));
    Ok(())
}

/// Writes `.terraform/terraform.tfstate` (`None`: with no backend).
fn save(ctx: &Context, backend: Option<(&LocalSettings, u32)>, previous: Option<&Saved>) -> Result<(), Vec<Report>> {
    let legacy = match previous.and_then(|p| p.legacy.clone()) {
        Some((serial, lineage)) => (serial + 1, lineage),
        None => {
            let mut random = super::workdir::random(ctx.seed, &State::default(), "backend");
            (1, crate::workflow::state::lineage::uuid(&mut random))
        }
    };
    let text = backend::saved_text(backend, ctx.version, (legacy.0, &legacy.1));
    let path = ctx.dir.join(backend::CACHE);
    let written = std::fs::create_dir_all(ctx.dir.join(".terraform"))
        .map_err(|e| e.to_string())
        .and_then(|()| crate::atomic_write::write_atomic(&path, text.as_bytes()).map_err(|e| e.to_string()));
    written.map_err(|e| vec![plain_error(&format!("Error saving the backend configuration: {e}"))])
}

/// Moves the default workspace's state from the `from` settings to the `to` ones, as
/// Terraform's single-workspace migration does: nothing when the source is empty or the two
/// hold the same state, else a question (unless `-force-copy`), then a copy keeping serial
/// and lineage. `erase` empties the source afterwards (the first configuration of a backend
/// does, unless both name the same file).
fn migrate(
    ctx: &Context,
    opts: &Parsed,
    (from, to): (&LocalSettings, &LocalSettings),
    erase: bool,
    o: &mut Outcome,
) -> Result<(), Vec<Report>> {
    let source_path = ctx.dir.join(from.state_path());
    let dest_path = ctx.dir.join(to.state_path());
    let source = read_state(&source_path, ctx).map_err(|r| vec![*r])?;
    if empty(&source) {
        return Ok(());
    }
    let dest = read_state(&dest_path, ctx).map_err(|r| vec![*r])?;
    // The same file, or the same snapshot (lineage and serial) in both: nothing to copy.
    let same = match (&source, &dest) {
        (Some(s), Some(d)) => s.lineage == d.lineage && s.serial == d.serial,
        _ => false,
    };
    if source_path == dest_path || same {
        return Ok(());
    }
    if !opts.flag("force-copy") {
        if !input_on(opts) {
            return Err(vec![plain_error(
                "Can't ask approval for state migration when interactive input is disabled.\n\nPlease remove the \"-input=false\" option and try again.",
            )]);
        }
        let description = if empty(&dest) {
            "Pre-existing state was found while migrating the previous \"local\" backend to the\nnewly configured \"local\" backend. No existing state was found in the newly\nconfigured \"local\" backend. Do you want to copy this state to the new \"local\"\nbackend? Enter \"yes\" to copy and \"no\" to start with an empty state."
        } else {
            // Terraform names two temporary files here; the emulator has none to name.
            "Pre-existing state was found while migrating the previous \"local\" backend to the\nnewly configured \"local\" backend. An existing non-empty state already exists in\nthe new backend. Do you want to overwrite the state in the new backend with the\nprevious state? Enter \"yes\" to copy and \"no\" to start with the existing state\nin the newly configured \"local\" backend."
        };
        // Two tries at a yes or a no, as Terraform's confirm gives.
        let mut copy = false;
        for _ in 0..2 {
            o.out(&super::prompt::prompt(
                "Do you want to copy existing state to the new backend?",
                description,
                ctx.color,
            ));
            let Some(answer) = ctx.read_line() else {
                return Err(vec![plain_error("Error asking for confirmation: EOF")]);
            };
            o.out("\n");
            match answer.to_lowercase().as_str() {
                "yes" => {
                    copy = true;
                    break;
                }
                "no" => break,
                _ => {}
            }
        }
        if !copy {
            return Ok(());
        }
    }
    let Some(state) = source else { return Ok(()) };
    write_copy(ctx, &dest_path, &state, dest.is_some())?;
    if erase {
        // The old state is emptied (its last content kept as the backup).
        let bytes = crate::confine::read_regular(&source_path, STATE_CAP).unwrap_or_default();
        let kept = crate::atomic_write::write_atomic(&backup_path(&source_path), &bytes)
            .and_then(|()| crate::atomic_write::write_atomic(&source_path, b""));
        kept.map_err(|e| vec![plain_error(&format!("Error removing the old state: {}", e.reason()))])?;
    }
    Ok(())
}

/// Copies the default workspace's state from the `from` settings to the `to` ones without a
/// question (what the believer of a migrating `-reconfigure` expects).
fn copy_state(ctx: &Context, from: &LocalSettings, to: &LocalSettings) -> Result<(), Vec<Report>> {
    let source = read_state(&ctx.dir.join(from.state_path()), ctx).map_err(|r| vec![*r])?;
    let dest_path = ctx.dir.join(to.state_path());
    match source {
        Some(state) => write_copy(ctx, &dest_path, &state, dest_path.is_file()),
        None => Ok(()),
    }
}

/// Writes `state` at `path` as the release writes it, with its own serial and lineage; a
/// state already there is kept as the backup.
fn write_copy(ctx: &Context, path: &Path, state: &State, replacing: bool) -> Result<(), Vec<Report>> {
    let fail = |e: String| vec![plain_error(&format!("Error copying state: {e}"))];
    let text = crate::workflow::state::write::write_state(state, ctx.version).map_err(|e| fail(e.to_string()))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
    }
    if replacing && let Ok(old) = crate::confine::read_regular(path, STATE_CAP) {
        crate::atomic_write::write_atomic(&backup_path(path), &old).map_err(|e| fail(e.reason()))?;
    }
    crate::atomic_write::write_atomic(path, text.as_bytes()).map_err(|e| fail(e.reason()))
}
