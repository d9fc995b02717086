//! What `terraform plan` prints: the refresh lines, the legend, each resource change, the
//! summary, the output changes, and the closing note when not in automation.

use std::collections::BTreeMap;

use super::RenderOptions;
use super::diff::{Change, Diff, Differ};
use super::draw::{self, Opts, pad};
use super::json;
use super::resource;
use crate::lang::Value;
use crate::workflow::model::{Action, InstanceKey, OutputChange, Plan, PlanMode, Reason, ResourceChange, ResourceMode, gates};

/// The header before the legend, wrapped at Terraform's 78 columns.
const HEADER: &str = "\nTerraform used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:\n";

/// The dark grey rule Terraform draws between parts of its output, with its line end (77
/// box-drawing dashes: the width less one).
pub fn horizontal_rule(color: bool) -> String {
    format!("{}\n", super::colorize(&format!("[dark_gray]\n{}", "\u{2500}".repeat(77)), color))
}

/// The rule and note `plan` ends with when TF_IN_AUTOMATION is not set.
pub fn next_step_note(color: bool) -> String {
    format!(
        "{}\nNote: You didn't use the -out option to save this plan, so Terraform can't\nguarantee to take exactly these actions if you run \"terraform apply\" now.\n",
        horizontal_rule(color)
    )
}

/// The whole human output of `terraform plan -no-color`, from the first line to the end.
///
/// It opens with a "Refreshing state..." line for each managed instance of the prior state
/// that has an id, then the reading lines of each data source of the prior state (the data
/// sources read while planning). Terraform refreshes and reads in parallel and prints these
/// in any order; they are printed here in one of those orders (refreshes by address, then
/// reads by address). The resource changes are printed in Terraform's order of addresses,
/// whatever their order in the plan.
pub fn plan_text(plan: &Plan, opts: &RenderOptions) -> String {
    let mut out = refresh_lines_painted(plan, opts.color);
    let mut o = Opts::new(opts.version);
    o.color = opts.color;
    let mut shown: Vec<&ResourceChange> = plan
        .changes
        .iter()
        .filter(|c| c.action != Action::NoOp || moved(c) || c.importing.is_some())
        .filter(|c| !(c.action == Action::Delete && c.addr.resource.mode == ResourceMode::Data))
        .collect();
    shown.sort_by(|a, b| order(a).cmp(&order(b)));
    let mut counts: BTreeMap<Action, usize> = BTreeMap::new();
    for c in &shown {
        if c.action != Action::NoOp {
            *counts.entry(c.action).or_default() += 1;
        }
    }
    let importing = shown.iter().filter(|c| c.importing.is_some()).count();
    let outputs = output_changes(&plan.outputs, o);

    if shown.is_empty() && outputs.is_empty() {
        // An errored plan with nothing to show failed (jsonformat's RenderHumanPlan).
        if !plan.errors.is_empty() {
            out.push_str(&o.paint(
                "\n[reset][bold][red]Planning failed.[reset][bold] Terraform encountered an error while generating this plan.[reset]\n\n",
            ));
        } else {
            out.push_str(&no_changes(plan.mode, o));
        }
        return out;
    }
    if !counts.is_empty() {
        out.push_str(HEADER);
        let legend = [
            (Action::Create, "  [green]+[reset] create"),
            (Action::Update, "  [yellow]~[reset] update in-place"),
            (Action::Delete, "  [red]-[reset] destroy"),
            (
                Action::DeleteThenCreate,
                "[red]-[reset]/[green]+[reset] destroy and then create replacement",
            ),
            (
                Action::CreateThenDelete,
                "[green]+[reset]/[red]-[reset] create replacement and then destroy",
            ),
            (Action::Read, " [cyan]<=[reset] read (data resources)"),
        ];
        for (action, line) in legend {
            if counts.contains_key(&action) {
                out.push_str(&o.paint(line));
                out.push('\n');
            }
        }
    }
    if !shown.is_empty() {
        out.push_str(if plan.errors.is_empty() {
            "\nTerraform will perform the following actions:\n"
        } else {
            "\nTerraform planned the following actions, but then encountered a problem:\n"
        });
        for c in &shown {
            out.push('\n');
            out.push_str(&resource_change(c, o));
            out.push('\n');
        }
        let n = |a: Action| counts.get(&a).copied().unwrap_or(0);
        let replaced = n(Action::DeleteThenCreate) + n(Action::CreateThenDelete);
        let mut counted = String::new();
        if importing > 0 {
            counted.push_str(&format!("{importing} to import, "));
        }
        counted.push_str(&format!(
            "{} to add, {} to change, {} to destroy.\n",
            n(Action::Create) + replaced,
            n(Action::Update),
            n(Action::Delete) + replaced
        ));
        // Until 1.14 the counts are inside the coloured text, so its reset comes after them.
        if gates::has(opts.version, &gates::PLAN_SUMMARY_SPLIT) {
            out.push_str(&o.paint("\n[bold]Plan:[reset] "));
            out.push_str(&counted);
        } else {
            out.push_str(&o.paint(&format!("\n[bold]Plan:[reset] {counted}")));
        }
    }
    if !outputs.is_empty() {
        out.push_str("\nChanges to Outputs:\n");
        out.push_str(&outputs);
        out.push('\n');
        if counts.is_empty() {
            out.push_str("\nYou can apply this plan to save these new output values to the Terraform\nstate, without changing any real infrastructure.\n");
        }
    }
    if !opts.in_automation {
        out.push_str(&next_step_note(opts.color));
    }
    out
}

/// `ADDR: Refreshing state... [id=ID]` for each managed instance with an id, sorted, then
/// `ADDR: Reading...` and `ADDR: Read complete after 0s` for each data source read. Moves
/// happen before the refresh, so a moved instance is refreshed at its new address; an
/// instance to be forgotten is not refreshed. These are the lines a plan starts with.
pub fn refresh_lines(plan: &Plan) -> String {
    refresh_lines_painted(plan, false)
}

/// The managed instances a plan refreshed, with their ids, at their addresses after any
/// move, in the prior state's order: every one with an id but those forgotten, and under
/// `-target` only those the plan may change.
pub fn refreshed(plan: &Plan) -> Vec<(crate::workflow::model::InstanceAddr, String)> {
    let mut out = Vec::new();
    if plan.skip_refresh {
        return out;
    }
    for r in plan.prior.resources.iter().filter(|r| r.addr.mode == ResourceMode::Managed) {
        for i in &r.instances {
            let Some(id) = i.current.as_ref().and_then(|c| c.attributes.get("id")).and_then(Value::as_str) else {
                continue;
            };
            let addr = r.addr.instance(i.key.clone());
            if plan.changes.iter().any(|c| c.addr == addr && c.action == Action::Forget) {
                continue;
            }
            // An object imported over (before 1.7, at an address a move filled) is refreshed
            // as the import's, not as the state's.
            if plan
                .changes
                .iter()
                .any(|c| c.importing.is_some() && c.prev_addr.as_ref() == Some(&addr) && c.addr != addr)
            {
                continue;
            }
            // A targeted plan refreshes only what its targets reach.
            let reached = match &plan.scope {
                Some(scope) => scope.covers(&addr, &addr.resource.config_address()),
                None => plan.changes.iter().any(|c| c.addr == addr || c.prev_addr.as_ref() == Some(&addr)),
            };
            if plan.targeted && !reached {
                continue;
            }
            let addr = plan
                .changes
                .iter()
                .find(|c| c.prev_addr.as_ref() == Some(&addr))
                .map_or(addr.clone(), |c| c.addr.clone());
            out.push((addr, id.to_string()));
        }
    }
    out
}

/// The data sources a plan read while planning: those of its refreshed prior state, but not
/// those to be read during apply, nor, under `-target`, those the targets do not reach (the
/// state keeps them as they were).
pub fn read_while_planning(plan: &Plan) -> Vec<crate::workflow::model::InstanceAddr> {
    let mut out = Vec::new();
    for r in plan.prior.resources.iter().filter(|r| r.addr.mode == ResourceMode::Data) {
        for i in r.instances.iter().filter(|i| i.current.is_some()) {
            let addr = r.addr.instance(i.key.clone());
            let unreached = plan.targeted
                && plan
                    .scope
                    .as_ref()
                    .is_some_and(|s| !s.covers(&addr, &addr.resource.config_address()));
            if !unreached && !plan.changes.iter().any(|c| c.addr == addr && c.action == Action::Read) {
                out.push(addr);
            }
        }
    }
    out
}

/// The data sources whose read failed for want of a state (their `Reading...` line was
/// printed before the error), by the errors of a plan that failed.
pub fn failed_reads(problems: &[crate::workflow::model::Problem]) -> Vec<String> {
    let mut out: Vec<String> = problems
        .iter()
        .filter(|p| p.diag.summary == crate::workflow::model::change::NO_REMOTE_STATE)
        .filter_map(|p| p.address.clone())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The `Reading...` lines of [`failed_reads`], bold when `color`.
pub fn failed_read_lines(problems: &[crate::workflow::model::Problem], color: bool) -> String {
    failed_reads(problems)
        .into_iter()
        .map(|addr| format!("{}\n", super::colorize(&format!("[reset][bold]{addr}: Reading...[reset]"), color)))
        .collect()
}

/// [`refresh_lines`], each line bold when `color` (Terraform's UI hook paints every line).
pub fn refresh_lines_painted(plan: &Plan, color: bool) -> String {
    let line = |text: String| format!("{}\n", super::colorize(&format!("[reset][bold]{text}"), color));
    let mut lines: Vec<String> = refreshed(plan)
        .into_iter()
        .map(|(addr, id)| line(format!("{addr}: Refreshing state... [id={id}]")))
        .collect();
    lines.sort();
    // The data sources read while planning are in the refreshed prior state; those to be read
    // during apply are not read now.
    // The hook's start line ends its markup with a reset, its end line does not.
    let mut reads: Vec<String> = read_while_planning(plan)
        .into_iter()
        .map(|addr| line(format!("{addr}: Reading...[reset]")) + &line(format!("{addr}: Read complete after 0s")))
        .collect();
    reads.sort();
    lines.extend(reads);
    // A read that failed printed its start line before the error.
    lines.push(failed_read_lines(&plan.errors, color));
    // An imported object is read first, each before the refresh of the state's objects.
    let imports: String = plan
        .changes
        .iter()
        .filter_map(|c| c.importing.as_ref().map(|id| (&c.addr, id)))
        .chain(plan.refresh_imports.iter().map(|(a, id)| (a, id)))
        .map(|(addr, id)| line(format!("{addr}: Preparing import... [id={id}]")) + &line(format!("{addr}: Refreshing state... [id={id}]")))
        .collect();
    imports + &lines.concat()
}

/// Terraform's order of resource changes (addrs.AbsResourceInstance.Less, then the deposed
/// key): shorter module paths first, then module steps, data sources before managed
/// resources, type, name, instance key (none, then indexes, then string keys).
fn order(c: &ResourceChange) -> impl Ord + '_ {
    let r = &c.addr.resource;
    (
        r.module.len(),
        &r.module,
        r.mode != ResourceMode::Data,
        &r.rtype,
        &r.name,
        &c.addr.key,
        c.deposed.as_deref().unwrap_or(""),
    )
}

fn moved(c: &ResourceChange) -> bool {
    c.prev_addr.as_ref().is_some_and(|p| *p != c.addr)
}

/// The message of a plan with nothing to do, by mode: a bold headline, then plain text.
fn no_changes(mode: PlanMode, o: Opts) -> String {
    let (headline, text) = match mode {
        PlanMode::Normal => (
            "Your infrastructure matches the configuration.",
            "Terraform has compared your real infrastructure against your configuration\nand found no differences, so no changes are needed.\n",
        ),
        PlanMode::Destroy => (
            "No objects need to be destroyed.",
            "Either you have not created any objects yet or the existing objects were\nalready deleted outside of Terraform.\n",
        ),
        PlanMode::RefreshOnly => (
            "Your infrastructure still matches the configuration.",
            "Terraform has checked that the real remote objects still match the result of\nyour most recent changes, and found no differences.\n",
        ),
    };
    format!(
        "{}{text}",
        o.paint(&format!("\n[reset][bold][green]No changes.[reset][bold] {headline}[reset]\n\n"))
    )
}

/// One resource change: its comment lines, then the block with its action symbol.
fn resource_change(c: &ResourceChange, o: Opts) -> String {
    let mut out = o.paint(&comment(c));
    // Forgetting shows the object unchanged (Terraform draws a forget-only change as a no-op).
    let after = if c.action == Action::Forget { &c.before } else { &c.after };
    let attrs = resource::attributes(&c.before, after, &c.replace_paths, o.version);
    let mut bo = o;
    bo.show_unchanged = c.importing.is_some();
    let mode = match c.addr.resource.mode {
        ResourceMode::Managed => "resource",
        ResourceMode::Data => "data",
    };
    out.push_str(&format!(
        "{} {mode} \"{}\" \"{}\" {}",
        o.paint(draw::action_markup(c.action)),
        c.addr.resource.rtype,
        c.addr.resource.name,
        resource::block(&attrs, 0, bo)
    ));
    out
}

/// `# ADDR will be created` and the lines that explain it, with Terraform's colour markup.
fn comment(c: &ResourceChange) -> String {
    let addr = match &c.deposed {
        Some(k) => format!("{} (deposed object {k})", c.addr),
        None => c.addr.to_string(),
    };
    let mut out = String::new();
    let mut printed_moved = false;
    let mut printed_import = false;
    match c.action {
        Action::Create => out.push_str(&format!("[bold]  # {addr}[reset] will be created")),
        Action::Read => {
            out.push_str(&format!("[bold]  # {addr}[reset] will be read during apply"));
            match c.reason {
                Some(Reason::ReadBecauseConfigUnknown) => out.push_str("\n  # (config refers to values not yet known)"),
                Some(Reason::ReadBecauseDependencyPending) => {
                    out.push_str("\n  # (depends on a resource or a module with changes pending)")
                }
                Some(Reason::ReadBecauseCheckNested) => out.push_str("\n  # (config will be reloaded to verify a check block)"),
                _ => {}
            }
        }
        Action::Update => out.push_str(&format!("[bold]  # {addr}[reset] will be updated in-place")),
        Action::CreateThenDelete | Action::DeleteThenCreate => match c.reason {
            Some(Reason::ReplaceBecauseTainted) => out.push_str(&format!(
                "[bold]  # {addr}[reset] is tainted, so must be [bold][red]replaced[reset]"
            )),
            Some(Reason::ReplaceByRequest) => {
                out.push_str(&format!("[bold]  # {addr}[reset] will be [bold][red]replaced[reset], as requested"))
            }
            Some(Reason::ReplaceByTriggers) => out.push_str(&format!(
                "[bold]  # {addr}[reset] will be [bold][red]replaced[reset] due to changes in replace_triggered_by"
            )),
            _ => out.push_str(&format!("[bold]  # {addr}[reset] must be [bold][red]replaced[reset]")),
        },
        Action::Forget => {
            if c.deposed.is_some() {
                out.push_str(&format!(
                    "[bold] # {addr}[reset] will be removed from Terraform state, but [bold][red]will not be destroyed[reset]"
                ));
                out.push_str("\n[bold] # (left over from a partially-failed replacement of this instance)");
            } else {
                out.push_str(&format!(
                    "[bold] # {addr}[reset] will no longer be managed by Terraform, but [bold][red]will not be destroyed[reset]"
                ));
            }
            out.push_str("\n # (destroy = false is set in the configuration)");
        }
        Action::Delete => {
            out.push_str(&format!("[bold]  # {addr}[reset] will be [bold][red]destroyed[reset]"));
            out.push_str(&delete_reason(c));
            if c.deposed.is_some() {
                out.push_str("\n  # (left over from a partially-failed replacement of this instance)");
            }
        }
        Action::NoOp => {
            if let Some(prev) = c.prev_addr.as_ref().filter(|p| **p != c.addr) {
                out.push_str(&format!("[bold]  # {prev}[reset] has moved to [bold]{addr}[reset]"));
                printed_moved = true;
            } else if c.importing.is_some() {
                out.push_str(&format!("[bold]  # {addr}[reset] will be imported"));
                printed_import = true;
            }
        }
    }
    out.push('\n');
    if let Some(prev) = c.prev_addr.as_ref().filter(|p| **p != c.addr && !printed_moved) {
        out.push_str(&format!("  # [reset](moved from {prev})\n"));
    }
    if let Some(id) = c.importing.as_ref().filter(|_| !printed_import) {
        if id.is_empty() {
            out.push_str("  # [reset](will be imported first)\n");
        } else {
            out.push_str(&format!("  # [reset](imported from \"{id}\")\n"));
        }
    }
    if c.importing.is_some() && matches!(c.action, Action::CreateThenDelete | Action::DeleteThenCreate) {
        out.push_str("  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n");
    }
    out
}

/// The note under `will be destroyed` saying why.
fn delete_reason(c: &ResourceChange) -> String {
    let r = &c.addr.resource;
    match c.reason {
        Some(Reason::DeleteBecauseNoResourceConfig) => format!("\n  # (because {}.{} is not in configuration)", r.rtype, r.name),
        Some(Reason::DeleteBecauseNoMoveTarget) => match &c.prev_addr {
            Some(prev) => format!("\n  # (because {prev} was moved to {}, which is not in configuration)", c.addr),
            None => String::new(),
        },
        Some(Reason::DeleteBecauseNoModule) => format!(
            "\n  # (because {} is not in configuration)",
            crate::workflow::model::address::module_path(&r.module)
        ),
        Some(Reason::DeleteBecauseWrongRepetition) => match &c.addr.key {
            InstanceKey::None => "\n  # (because resource uses count or for_each)".into(),
            InstanceKey::Int(_) => "\n  # (because resource does not use count)".into(),
            InstanceKey::Str(_) => "\n  # (because resource does not use for_each)".into(),
        },
        Some(Reason::DeleteBecauseCountIndex) => format!("\n  # (because index [{}] is out of range for count)", index_json(&c.addr.key)),
        Some(Reason::DeleteBecauseEachKey) => format!("\n  # (because key [{}] is not in for_each map)", index_json(&c.addr.key)),
        _ => String::new(),
    }
}

/// An instance key as the JSON plan's `index` holds it (Go's encoding/json: `<`, `>` and
/// `&` escaped too).
fn index_json(key: &InstanceKey) -> String {
    match key {
        InstanceKey::None => "null".into(),
        InstanceKey::Int(i) => i.to_string(),
        InstanceKey::Str(s) => serde_json::to_string(s)
            .unwrap_or_default()
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026"),
    }
}

/// The lines under "Changes to Outputs:", joined; empty when no output changes.
fn output_changes(outputs: &[OutputChange], o: Opts) -> String {
    let differ = Differ { version: o.version };
    let diffs: BTreeMap<&str, Diff> = outputs
        .iter()
        .map(|oc| {
            let sensitive = oc.sensitive || oc.before.has_sensitive() || oc.after.has_sensitive();
            let change = Change {
                before: json::known(&oc.before, o.version),
                after: json::known(&oc.after, o.version),
                before_explicit: false,
                after_explicit: false,
                unknown: json::unknown(&oc.after),
                before_sensitive: json::Json::Bool(sensitive),
                after_sensitive: json::Json::Bool(sensitive),
                replace: false,
            };
            (oc.name.as_str(), differ.attribute(change))
        })
        .collect();
    let names: BTreeMap<&str, String> = diffs.keys().map(|k| (*k, draw::attribute_name(k, o.version))).collect();
    // The names of unchanged outputs count towards the alignment too.
    let width = names.values().map(String::len).max().unwrap_or(0);
    diffs
        .iter()
        .filter(|(_, d)| d.action != Action::NoOp)
        .map(|(k, d)| {
            format!(
                "{} {} = {}",
                o.paint(draw::action_markup(d.action)),
                pad(&names[k], width),
                draw::render(d, 0, o)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
