//! `plan -json`, `apply -json` and `destroy -json`: the same operations as their text forms,
//! told through Terraform's machine-readable UI — a version line, the refresh hooks, each
//! planned change, the change summary and the outputs, then the apply hooks, and every
//! diagnostic as a line of its own, all on standard output.

use super::args::Parsed;
use super::diagnostic::{Report, Sources};
use super::run::{Context, Outcome};
use super::workdir::{self, Workdir};
use crate::workflow::model::address::ResourceMode;
use crate::workflow::model::{Action, Plan};
use crate::workflow::plan::{Event, PlanOptions};
use crate::workflow::render::json_ui::{self as ui, Counts};

/// An outcome whose lines are JSON: diagnostics go to standard output as lines.
struct Stream {
    o: Outcome,
}

impl Stream {
    fn new(ctx: &Context) -> Stream {
        let mut o = ctx.outcome();
        o.out(&ui::version(ctx.version));
        Stream { o }
    }
    fn line(&mut self, s: &str) {
        self.o.out(s);
    }
    fn diags(&mut self, reports: &[Report], sources: &Sources) {
        let sources = self.o.with_files(reports, sources);
        for r in reports {
            self.o.out(&ui::diagnostic_line(r, &sources));
        }
    }
    fn fail(mut self, reports: &[Report], sources: &Sources) -> Outcome {
        self.diags(reports, sources);
        self.o.code = 1;
        self.o
    }
}

/// Opens the folder, its failures as reports (the JSON view prints them as lines).
pub(super) fn open(ctx: &Context) -> Result<Workdir, (Vec<Report>, Sources)> {
    workdir::open_reports(ctx)
}

/// The refresh hooks of a plan: each managed instance of the prior state with an id, at its
/// address after any move (those forgotten or outside `-target` are not refreshed).
/// The start hooks of the data sources whose read failed for want of a state.
fn failed_read_hooks(problems: &[Report]) -> Vec<String> {
    let mut out = Vec::new();
    for a in crate::workflow::render::plan::failed_reads(problems) {
        let addr = match crate::workflow::model::address::parse_target(&a) {
            Ok(crate::workflow::model::address::Target::Resource(r)) => r.instance(crate::workflow::model::InstanceKey::None),
            Ok(crate::workflow::model::address::Target::Instance(i)) => i,
            _ => continue,
        };
        out.push(ui::hook(
            "apply_start",
            &format!("{a}: Refreshing..."),
            &addr,
            Some(Action::Read),
            None,
            false,
        ));
    }
    out
}

fn refresh(plan: &Plan) -> String {
    let mut lines: Vec<(String, crate::workflow::model::InstanceAddr, String)> = crate::workflow::render::refreshed(plan)
        .into_iter()
        .map(|(addr, id)| (addr.to_string(), addr, id))
        .collect();
    lines.sort_by(|a, b| a.0.cmp(&b.0));
    let managed: String = lines
        .into_iter()
        .map(|(text, addr, id)| {
            ui::hook(
                "refresh_start",
                &format!("{text}: Refreshing state... [id={id}]"),
                &addr,
                None,
                Some(&id),
                false,
            ) + &ui::hook(
                "refresh_complete",
                &format!("{text}: Refresh complete [id={id}]"),
                &addr,
                None,
                Some(&id),
                false,
            )
        })
        .collect();
    // The data sources read while planning: the JSON hooks call a read "Refreshing" (the
    // text UI, "Reading").
    let mut reads: Vec<String> = crate::workflow::render::read_while_planning(plan)
        .into_iter()
        .map(|addr| {
            ui::hook(
                "apply_start",
                &format!("{addr}: Refreshing..."),
                &addr,
                Some(Action::Read),
                None,
                false,
            ) + &ui::hook(
                "apply_complete",
                &format!("{addr}: Refresh complete after 0s"),
                &addr,
                Some(Action::Read),
                None,
                true,
            )
        })
        .collect();
    reads.extend(failed_read_hooks(&plan.errors));
    reads.sort();
    // An object an import block brings in is read before the plan, at its import ID.
    let imports: String = plan
        .changes
        .iter()
        .filter_map(|c| c.importing.as_ref().map(|id| (c, id)))
        .map(|(c, id)| {
            let a = &c.addr;
            ui::hook(
                "refresh_start",
                &format!("{a}: Refreshing state... [id={id}]"),
                a,
                None,
                Some(id),
                false,
            ) + &ui::hook(
                "refresh_complete",
                &format!("{a}: Refresh complete [id={id}]"),
                a,
                None,
                Some(id),
                false,
            )
        })
        .collect();
    imports + &managed + &reads.concat()
}

/// The reason Terraform records: a `removed` block's object is forgotten because its
/// resource left the configuration (tf-oracle 1.12.2 says so in the planned change).
pub fn reason_of(c: &crate::workflow::model::ResourceChange) -> Option<crate::workflow::model::Reason> {
    match (c.action, c.reason) {
        (Action::Forget, None) => Some(crate::workflow::model::Reason::DeleteBecauseNoResourceConfig),
        (_, r) => r,
    }
}

/// The planned changes, the change summary and the output actions.
fn planned(plan: &Plan, version: crate::lang::dialect::releases::TfVersion) -> String {
    let mut out = String::new();
    let mut n = Counts::default();
    for c in &plan.changes {
        if c.action == Action::Delete && c.addr.resource.mode == ResourceMode::Data {
            continue;
        }
        if c.importing.is_some() {
            n.import += 1;
        }
        match c.action {
            Action::Create => n.add += 1,
            Action::Delete => n.remove += 1,
            Action::Update => n.change += 1,
            Action::CreateThenDelete | Action::DeleteThenCreate => {
                n.add += 1;
                n.remove += 1;
            }
            _ => {}
        }
        let moved = c.prev_addr.as_ref().is_some_and(|p| *p != c.addr);
        if c.action != Action::NoOp || moved || c.importing.is_some() {
            out.push_str(&ui::planned_change(
                "planned_change",
                &c.addr,
                c.prev_addr.as_ref(),
                c.action,
                reason_of(c),
                c.importing.as_deref(),
            ));
        }
    }
    out.push_str(&ui::change_summary(version, n, "plan"));
    // A targeted plan has already left out the outputs its targets do not reach.
    if !plan.outputs.is_empty() {
        out.push_str(&ui::planned_outputs(&plan.outputs));
    }
    out
}

/// Makes the plan, printing what Terraform prints before and when it fails; `plan` (not
/// `apply`) still prints an empty change summary when planning fails (tf-oracle 1.6.6 and
/// 1.12.2, a variable's failed validation).
fn make(
    s: &mut Stream,
    ctx: &Context,
    wd: &Workdir,
    state: &crate::workflow::model::State,
    p: &PlanOptions,
    plan_command: bool,
) -> Result<Plan, Option<Box<Plan>>> {
    // The configuration is validated first, as for the text form (planning::make_partial):
    // what fails there is all that is printed.
    let invalid = crate::workflow::plan::validate::validate(&wd.tree, &wd.host, ctx.version, &wd.workspace);
    if !invalid.is_empty() {
        s.diags(&invalid, &wd.sources);
        return Err(None);
    }
    let orphaned = super::planning::orphaned(wd, state);
    if !orphaned.is_empty() {
        s.diags(&orphaned, &wd.sources);
        return Err(None);
    }
    match crate::workflow::plan::plan(&wd.tree, &wd.host, state, p) {
        Ok(plan) if plan.errors.is_empty() => {
            s.line(&refresh(&plan));
            Ok(plan)
        }
        Ok(plan) => {
            s.line(&refresh(&plan));
            // `apply` and `destroy` show a failed plan only when it recorded a change, a
            // no-op one included (backend_apply.go); `plan` always does.
            if plan_command || !plan.changes.is_empty() || !plan.outputs.is_empty() {
                s.line(&planned(&plan, ctx.version));
            }
            s.diags(&warnings(&plan, &[]), &wd.sources);
            s.diags(&plan.errors, &wd.sources);
            Err(Some(Box::new(plan)))
        }
        Err(problems) => {
            let refreshed = Plan {
                prior: crate::workflow::plan::make::state_after_moves(&wd.tree, state, ctx.version),
                ..Plan::default()
            };
            s.line(&refresh(&refreshed));
            s.line(&failed_read_hooks(&problems).concat());
            if plan_command {
                s.line(&ui::change_summary(ctx.version, Counts::default(), "plan"));
            }
            s.diags(&problems, &wd.sources);
            Err(None)
        }
    }
}

/// The plan's warnings with the variables': all of them, where the text form leaves out
/// those its plan text already says ("Some objects will no longer be managed by Terraform").
fn warnings(plan: &Plan, vars: &[Report]) -> Vec<Report> {
    let mut out = vars.to_vec();
    out.extend(
        plan.warnings
            .iter()
            .filter(|w| w.severity == super::diagnostic::Severity::Warning)
            .cloned(),
    );
    out
}

/// `-json` turns the questions off, as Terraform's `-json` implies `-input=false`.
fn without_input(opts: &Parsed) -> Parsed {
    let mut o = opts.clone();
    o.single.insert("input".into(), "false".into());
    o
}

/// `plan -json`.
pub fn plan(ctx: &Context, opts: &Parsed) -> Outcome {
    let mut s = Stream::new(ctx);
    let wd = match open(ctx) {
        Ok(w) => w,
        Err((r, src)) => return s.fail(&r, &src),
    };
    let opts = without_input(opts);
    let mut asked = ctx.outcome();
    let (p, var_warnings) = match super::planning::plan_options(ctx, &wd, &opts, false, &mut asked) {
        Ok(x) => x,
        Err(reports) => return s.fail(&reports, &wd.sources),
    };
    let (_store, state) = match workdir::state(&wd, ctx) {
        Ok(x) => x,
        Err(r) => return s.fail(&r, &wd.sources),
    };
    let plan = match make(&mut s, ctx, &wd, &state, &p, true) {
        Ok(plan) => plan,
        Err(partial) => {
            // An errored plan is saved all the same (see planning::make_partial).
            if partial.is_some()
                && let Some(out) = opts.value("out")
                && let Err(d) = super::saved::write(&ctx.dir.join(out), &p, &state, &wd.tree)
            {
                return s.fail(&[Report::error(d)], &wd.sources);
            }
            s.o.code = 1;
            return s.o;
        }
    };
    s.line(&planned(&plan, ctx.version));
    s.diags(&warnings(&plan, &var_warnings), &wd.sources);
    if let Some(out) = opts.value("out")
        && let Err(d) = super::saved::write(&ctx.dir.join(out), &p, &state, &wd.tree)
    {
        return s.fail(&[Report::error(d)], &wd.sources);
    }
    if opts.flag("detailed-exitcode") && !plan.is_empty() {
        s.o.code = 2;
    }
    s.o
}

/// The hooks of one apply event.
fn event_lines(e: &Event) -> String {
    match e {
        Event::Imported(..) => String::new(),
        // The JSON UI calls a data source's read a refresh (tf-oracle 1.12.2).
        Event::Read(a) => {
            ui::hook("apply_start", &format!("{a}: Refreshing..."), a, Some(Action::Read), None, false)
                + &ui::hook(
                    "apply_complete",
                    &format!("{a}: Refresh complete after 0s"),
                    a,
                    Some(Action::Read),
                    None,
                    true,
                )
        }
        Event::Created(a, id) => {
            ui::hook("apply_start", &format!("{a}: Creating..."), a, Some(Action::Create), None, false)
                + &ui::hook(
                    "apply_complete",
                    &format!("{a}: Creation complete after 0s [id={id}]"),
                    a,
                    Some(Action::Create),
                    Some(id),
                    true,
                )
        }
        Event::Updated(a, id) => {
            ui::hook(
                "apply_start",
                &format!("{a}: Modifying... [id={id}]"),
                a,
                Some(Action::Update),
                Some(id),
                false,
            ) + &ui::hook(
                "apply_complete",
                &format!("{a}: Modifications complete after 0s [id={id}]"),
                a,
                Some(Action::Update),
                Some(id),
                true,
            )
        }
        Event::Destroyed(a, id, _) => {
            ui::hook(
                "apply_start",
                &format!("{a}: Destroying... [id={id}]"),
                a,
                Some(Action::Delete),
                Some(id),
                false,
            ) + &ui::hook(
                "apply_complete",
                &format!("{a}: Destruction complete after 0s"),
                a,
                Some(Action::Delete),
                None,
                true,
            )
        }
    }
}

/// `apply -json` and `destroy -json`.
pub fn apply(ctx: &Context, opts: &Parsed, destroy: bool) -> Outcome {
    let mut s = Stream::new(ctx);
    // No question can be asked on the JSON stream (tf-oracle 1.6.6 and 1.12.2).
    if !opts.flag("auto-approve") && (destroy || opts.rest.is_empty()) {
        return s.fail(
            &[Report::error(crate::lang::Diag::new(
                "Plan file or auto-approve required",
                "Terraform cannot ask for interactive approval when -json is set. You can either apply a saved plan file, or enable the -auto-approve option.",
            ))],
            &Sources::new(),
        );
    }
    // A saved plan is read first: it holds the configuration to apply.
    let saved = match opts.rest.first() {
        Some(file) if !destroy => match super::saved::read(&ctx.dir.join(file), ctx.version) {
            Ok(x) => Some(x),
            Err(d) => return s.fail(&[Report::error(d)], &Sources::new()),
        },
        _ => None,
    };
    let opened = match &saved {
        Some(sv) => workdir::open_saved_reports(ctx, sv.snapshot.as_ref()),
        None => open(ctx),
    };
    let wd = match opened {
        Ok(w) => w,
        Err((r, src)) => return s.fail(&r, &src),
    };
    let (store, state) = match workdir::state(&wd, ctx) {
        Ok(x) => x,
        Err(r) => return s.fail(&r, &wd.sources),
    };
    let opts = without_input(opts);
    let (p, var_warnings) = match &saved {
        Some(sv) => {
            if let Some(d) = sv.mismatch(&state) {
                return s.fail(&[Report::error(d)], &wd.sources);
            }
            (sv.opts.clone(), Vec::new())
        }
        None => {
            let mut asked = ctx.outcome();
            match super::planning::plan_options(ctx, &wd, &opts, destroy, &mut asked) {
                Ok(x) => x,
                Err(reports) => return s.fail(&reports, &wd.sources),
            }
        }
    };
    // A saved plan that met errors was saved to be read, not applied.
    if saved.is_some() && crate::workflow::plan::plan(&wd.tree, &wd.host, &state, &p).is_ok_and(|plan| !plan.errors.is_empty()) {
        return s.fail(
            &[Report::error(crate::lang::Diag::new(
                "Cannot apply incomplete plan",
                "Terraform encountered an error when generating this plan, so it cannot be applied.",
            ))],
            &wd.sources,
        );
    }
    let Ok(plan) = make(&mut s, ctx, &wd, &state, &p, false) else {
        s.o.code = 1;
        return s.o;
    };
    if saved.is_none() {
        s.line(&planned(&plan, ctx.version));
    }
    let mut reports = warnings(&plan, &var_warnings);
    if plan.refused_as_not_applyable(ctx.version) {
        reports.push(super::apply_cmd::not_applyable());
        return s.fail(&reports, &wd.sources);
    }
    let mut random = workdir::random(ctx.seed, &state, &wd.workspace);
    let applied = match crate::workflow::plan::apply(&wd.tree, &wd.host, &plan, &p, &mut random) {
        Ok(a) => a,
        Err(problems) => {
            s.diags(&reports, &wd.sources);
            return s.fail(&problems, &wd.sources);
        }
    };
    for e in &applied.events {
        s.line(&event_lines(e));
    }
    let mut store = store.with_backup(crate::workflow::state::store::backup_path(&wd.state_path));
    let written = match store.write_after(&applied.state, applied.events.len() as u64, &mut random) {
        Ok(x) => x,
        Err(e) => return s.fail(&[Report::error(workdir::store_diag(&e))], &wd.sources),
    };
    for w in &applied.warnings {
        if !reports.iter().any(|r| r.diag == w.diag) {
            reports.push(w.clone());
        }
    }
    if plan.targeted {
        reports.push(super::apply_cmd::incomplete(ctx.version));
    }
    s.diags(&reports, &wd.sources);
    if !applied.errors.is_empty() {
        return s.fail(&applied.errors, &wd.sources);
    }
    // `apply -destroy` ends as an apply does ("Apply complete!", its outputs); only the
    // `destroy` command says "Destroy complete!" (tf-oracle 1.12.2).
    let destroying = destroy
        || (p.mode == crate::workflow::model::PlanMode::Destroy
            && crate::workflow::model::beliefs::flipped(crate::lang::Rule::ApplyDestroyEndsAsApply));
    let (add, change, remove) = super::progress::counts(&applied.events);
    let import = applied.events.iter().filter(|e| matches!(e, Event::Imported(..))).count();
    let n = Counts {
        add,
        change,
        import,
        remove,
    };
    s.line(&ui::change_summary(ctx.version, n, if destroying { "destroy" } else { "apply" }));
    if !destroying {
        s.line(&ui::applied_outputs(&written));
    }
    s.o
}
