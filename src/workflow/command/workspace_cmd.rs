//! `terraform workspace new|select|list|show|delete`.

use super::args::{Kind, Spec, parse};
use super::run::{Context, Outcome};
use crate::workflow::state::workspace::{WorkspaceError, Workspaces};

/// The options each subcommand takes.
fn spec(sub: &str) -> Spec {
    match sub {
        "new" => &[("lock", Kind::Bool), ("lock-timeout", Kind::Duration), ("state", Kind::Value)],
        "select" => &[("or-create", Kind::Bool)],
        "delete" => &[("force", Kind::Bool), ("lock", Kind::Bool), ("lock-timeout", Kind::Duration)],
        _ => &[],
    }
}

/// Runs `workspace SUBCOMMAND`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let Some((sub, rest)) = args.split_first() else {
        let mut o = ctx.outcome();
        o.err("Usage: terraform [global options] workspace\n");
        o.code = 1;
        return o;
    };
    let command = format!("workspace {sub}");
    let opts = match parse(rest, spec(sub)) {
        Ok(p) => p,
        Err(e) => {
            let mut o = ctx.outcome();
            super::usage::flags_refused_with_usage(&mut o, ctx.version, &command, "Error parsing command-line flags", &e.0);
            return o;
        }
    };
    // The arguments are counted before the backend is read.
    match sub.as_str() {
        "new" | "select" | "delete" if opts.rest.len() != 1 => {
            let mut o = ctx.outcome();
            super::usage::ui_error(&mut o, "Expected a single argument: NAME.\n");
            return super::usage::with_help(o, ctx.version, &command);
        }
        "list" if !opts.rest.is_empty() => return super::flags::chdir_instead(ctx),
        _ => {}
    }
    if sub != "show"
        && let Some(reports) = super::workdir::backend_errors(ctx)
    {
        let mut o = ctx.outcome();
        o.report_legacy(&reports, &super::diagnostic::sources_in(&ctx.dir));
        o.code = 1;
        return o;
    }
    // Every subcommand but `show` loads the backend: a backend waiting for `init` refuses them.
    let settings = if sub == "show" {
        super::backend::LocalSettings::default()
    } else {
        match super::workdir::backend_settings(ctx) {
            Ok(s) => s,
            Err(r) => {
                let mut o = ctx.outcome();
                o.report_legacy(&[*r], &Default::default());
                o.code = 1;
                return o;
            }
        }
    };
    let ws = Workspaces::new(&ctx.dir, ctx.env.get("TF_WORKSPACE").map(String::as_str), ctx.version)
        .with_backend(settings.state_path(), settings.workspace_dir());
    let name = opts.rest.first().map(String::as_str);
    let result: Result<String, WorkspaceError> = match (sub.as_str(), name) {
        ("list", _) => ws.list(),
        ("show", _) => ws.show(),
        ("new", Some(n)) => ws.create(n),
        ("select", Some(n)) => ws.select(n, opts.flag("or-create")),
        ("delete", Some(n)) => ws.delete(n, opts.flag("force")),
        (other, _) => {
            let mut o = ctx.outcome();
            o.err(&format!("Terraform has no command named \"workspace {other}\".\n"));
            o.code = 1;
            return o;
        }
    };
    let mut o = ctx.outcome();
    match result {
        Ok(text) if ctx.color => o.out(&tint(sub, &text)),
        Ok(text) => o.out(&text),
        // "Workspace is not empty" is a diagnostic, framed like the other commands' ones.
        Err(WorkspaceError::NotEmpty(d)) => {
            o.report_legacy(
                &[super::diagnostic::Report::error(crate::lang::Diag::new(d.summary, d.detail))],
                &Default::default(),
            );
            o.code = 1;
        }
        Err(e) => {
            o.err(&e.to_string());
            o.code = 1;
        }
    }
    o
}

/// The success messages in colour, as Terraform marks them up: green, the first line of
/// `new` bold.
fn tint(sub: &str, text: &str) -> String {
    let body = text.strip_suffix('\n').unwrap_or(text);
    // `select -or-create` that creates says what `new` says, marked up alike.
    let sub = if body.starts_with("Created and switched") { "new" } else { sub };
    let marked = match sub {
        "new" => match body.split_once('\n') {
            Some((first, rest)) => format!("[reset][green][bold]{first}[reset][green]\n{rest}"),
            None => format!("[reset][green][bold]{body}"),
        },
        "select" | "delete" if !body.contains('\n') => format!("[reset][green]{body}"),
        _ => return text.to_string(),
    };
    format!("{}\n", super::color::colorize(&marked, true))
}
