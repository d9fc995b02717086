//! `terraform init` for the built-in provider, the local backend and local modules: what it
//! prints, release by release.

use super::args::{Kind, Spec, parse};
use super::color::colorize;
use super::installed;
use super::load;
use super::run::{Context, Outcome};
use crate::workflow::model::gates;
use crate::workflow::plan::tree::ModuleTree;

const SPEC: Spec = &[
    ("no-color", Kind::Bool),
    ("input", Kind::Bool),
    ("upgrade", Kind::Bool),
    ("reconfigure", Kind::Bool),
    ("migrate-state", Kind::Bool),
    ("force-copy", Kind::Bool),
    ("backend", Kind::Bool),
    ("get", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Duration),
    ("backend-config", Kind::Many),
    ("plugin-dir", Kind::Many),
    ("lockfile", Kind::Value),
    ("json", Kind::Bool),
];

/// What a successful init advises when a person (not automation) runs it.
const NEXT_STEPS: &str = "\nYou may now begin working with Terraform. Try running \"terraform plan\" to see
any changes that are required for your infrastructure. All Terraform commands
should now work.

If you ever set or change modules or backend configuration for Terraform,
rerun this command to reinitialize your working directory. If you forget, other
commands will detect it and remind you to do so if necessary.";

/// Runs `init`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let modern = gates::has(ctx.version, &gates::INIT_ARGUMENTS);
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        // From 1.9 a diagnostic without the help hint; before, Go's flag package shows the
        // help on standard error and init adds nothing.
        Err(e) if modern => {
            return ctx.outcome().fail(
                &[super::diagnostic::Report::error(crate::lang::Diag::new(
                    "Failed to parse command-line flags",
                    e.0,
                ))],
                &Default::default(),
            );
        }
        Err(_) => {
            let mut o = ctx.outcome();
            super::usage::usage_on_stderr(&mut o, ctx.version, "init");
            o.code = 1;
            return o;
        }
    };
    // init no longer takes a configuration folder (ModulePath's refusal).
    if !opts.rest.is_empty() {
        if !modern {
            return super::flags::chdir_instead(ctx);
        }
        return ctx.outcome().fail(
            &[super::diagnostic::Report::error(crate::lang::Diag::new(
                super::flags::CHDIR_INSTEAD,
                "",
            ))],
            &Default::default(),
        );
    }
    if opts.flag("json") && ctx.version >= super::json_init::INIT_JSON_SINCE {
        return super::json_init::run(ctx);
    }
    let mut o = ctx.outcome();
    let v = ctx.version;
    // Under the belief that every command needs `init` first, init leaves its mark even
    // where it has nothing to install (see workdir::open).
    if crate::workflow::model::beliefs::flipped(crate::lang::Rule::BuiltinNeedsNoInit) {
        let _ = std::fs::create_dir_all(ctx.dir.join(".terraform"));
    }
    // A folder without configuration has nothing to initialize (configs.IsEmptyDir).
    if !super::workdir::has_config_files(&ctx.dir) && !ctx.dir.join("tests").is_dir() {
        o.out(&colorize(
            "[reset][bold]Terraform initialized in an empty directory![reset]\n\nThe directory has no Terraform configuration files. You may begin working\nwith Terraform immediately by creating Terraform configuration files.",
            ctx.color,
        ));
        o.out("\n");
        return o;
    }
    let compact = gates::has(v, &gates::INIT_COMPACT);
    let providers_first = gates::has(v, &gates::INIT_PROVIDERS_FIRST);
    // A step's heading: bold, after a blank line before 1.9.
    let heading = |text: &str| {
        let line = colorize(&format!("[reset][bold]{text}"), ctx.color);
        if compact { format!("{line}\n") } else { format!("\n{line}\n") }
    };
    // `-backend=false` leaves the backend as the last init configured it, and says nothing of it.
    let with_backend = opts
        .value("backend")
        .is_none_or(|b| matches!(b, "true" | "1" | "t" | "T" | "TRUE" | "True"));
    if let Some(refused) = unsupported_release(ctx, &opts, with_backend, &heading) {
        return refused;
    }
    let loaded = load::load_decoded(&ctx.dir, v)
        .and_then(|config| ModuleTree::load(&ctx.dir, ".", config, v, 0).map_err(|d| vec![super::diagnostic::Report::error(d)]))
        .and_then(|tree| {
            let in_modules = load::module_errors(&tree, v);
            if in_modules.is_empty() { Ok(tree) } else { Err(in_modules) }
        });
    let tree = match loaded {
        Ok(t) => t,
        Err(reports) => {
            // 1.15 configures the backend last, so it never gets there (tf-oracle 1.15.5).
            if !providers_first {
                o.out(&heading("Initializing the backend..."));
            }
            // Blocks that parse but do not decode: the module installer reads the module
            // calls anyway, installs them, and reports the errors itself, once and without
            // the preamble (tf-oracle 1.6.6, 1.12.2, 1.14.9).
            let parsed = load::load_parsed(&ctx.dir, v).and_then(|c| ModuleTree::load(&ctx.dir, ".", c, v, 0).ok());
            if let Some(tree) = parsed.filter(|t| !installed::calls(t).is_empty()) {
                // The installer reads the root module and every module it installs, and
                // reports all their errors.
                let mut reports = load::load_decoded(&ctx.dir, v).err().unwrap_or_default();
                reports.extend(load::module_errors(&tree, v));
                let before = installed::read(&ctx.dir);
                o.out(&colorize("[reset][bold]Initializing modules...", ctx.color));
                o.out("\n");
                for (key, source, rel) in &installed::calls(&tree) {
                    if before.get(key) != Some(source) {
                        o.out(&format!("- {key} in {rel}\n"));
                    }
                }
                // 1.15 records nothing of a failed installation (tf-oracle 1.15.5: the next
                // init installs the module again).
                if !providers_first {
                    let _ = installed::write(&ctx.dir, &tree);
                }
                // Before 1.9 the installer's errors go through the red message printer, each
                // red and reset and followed by a line break (tf-oracle 1.6.6).
                return ended(o, &reports, &super::diagnostic::sources_in(&ctx.dir), compact);
            }
            // A module source Terraform cannot place stops the installer as it reads the root
            // module: its errors follow the modules heading, without the preamble (tf-oracle
            // 1.6.6, 1.12.2, 1.15.5).
            if reports
                .iter()
                .any(|r| r.diag.summary == crate::workflow::plan::tree::INVALID_MODULE_SOURCE)
            {
                o.out(&colorize("[reset][bold]Initializing modules...", ctx.color));
                o.out("\n");
                return ended(o, &reports, &super::diagnostic::sources_in(&ctx.dir), compact);
            }
            const PREAMBLE: &str = "Terraform encountered problems during initialisation, including problems\nwith the configuration, described below.\n\nThe Terraform configuration must be valid before initialization so that\nTerraform can determine which modules and providers need to be installed.";
            if !compact {
                // Before 1.9 the preamble and the errors (twice, as below) go through the
                // red message printer: each ends with a line break, and with colour each is
                // red and reset twice (tf-oracle 1.6.6 and 1.8.4).
                o.err(&if ctx.color {
                    format!("\x1b[31m\x1b[0m{PREAMBLE}\x1b[0m\x1b[0m\n")
                } else {
                    format!("{PREAMBLE}\n")
                });
                // One batch, sorted by place: each error twice in a row (tf-oracle 1.6.6, 1.8.4).
                let sources = super::diagnostic::sources_in(&ctx.dir);
                o.report_legacy(&[reports.clone(), reports.clone()].concat(), &sources);
                o.code = 1;
                return o;
            } else if ctx.color {
                // The preamble is a diagnostic whose summary is a coloured message of its own.
                let rule = "\x1b[31m│\x1b[0m \x1b[0m";
                o.err(&format!(
                    "\x1b[31m╷\x1b[0m\x1b[0m\n{rule}\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1m\x1b[0m{}\x1b[0m\x1b[0m\n{rule}\n{rule}\x1b[0m\n\x1b[31m╵\x1b[0m\x1b[0m\n",
                    PREAMBLE.replace('\n', &format!("\n{rule}"))
                ));
            } else {
                o.err(&format!("\nError: {PREAMBLE}\n\n"));
            }
            // Terraform reports the configuration's errors twice here: once from loading
            // the modules and once from loading the backend's configuration (1.15, which
            // loads the backend's last, once: tf-oracle 1.15.5).
            // The two batches are one, sorted by place: an error with its copy before the
            // next (tf-oracle 1.12.2: two "Zero assert blocks", then two "Invalid assert
            // expression").
            let sources = super::diagnostic::sources_in(&ctx.dir);
            let all = if providers_first {
                reports
            } else {
                [reports.clone(), reports].concat()
            };
            return o.fail(&all, &sources);
        }
    };
    let builtin = uses_builtin(&tree);
    let provider_lines = if builtin {
        "- terraform.io/builtin/terraform is built in to Terraform\n"
    } else {
        ""
    };
    let calls = installed::calls(&tree);
    let before = installed::read(&ctx.dir);
    let mut modules = String::new();
    if !calls.is_empty() {
        // Before 1.9 too, the modules step follows the backend's line directly.
        modules.push_str(&colorize("[reset][bold]Initializing modules...", ctx.color));
        modules.push('\n');
        for (key, source, rel) in &calls {
            if before.get(key) != Some(source) {
                modules.push_str(&format!("- {key} in {rel}\n"));
            }
        }
        if let Err(e) = installed::write(&ctx.dir, &tree) {
            return o.fail(
                &[super::diagnostic::Report::error(crate::lang::Diag::new(
                    "Failed to write the module manifest",
                    e,
                ))],
                &Default::default(),
            );
        }
    }
    if providers_first {
        // 1.15 installs the modules and the providers, then initializes the backend, and
        // leaves three blank lines after it.
        o.out(&modules);
        o.out(&heading("Initializing provider plugins found in the configuration..."));
        if let Some(r) = builtin_constraint(&tree) {
            return backend_failed(o, &[r], v);
        }
        o.out(provider_lines);
        if with_backend {
            // The blank line before the heading is outside its colour.
            o.out("\n");
            o.out(&heading("Initializing the backend..."));
            if let Err(reports) = super::init_backend::run(ctx, &opts, &tree.config, &mut o) {
                return backend_failed(o, &reports, v);
            }
            o.out("\n\n");
        }
    } else {
        // The backend is configured before the modules are listed; its errors are reported
        // once they are.
        let backend = if with_backend {
            o.out(&heading("Initializing the backend..."));
            super::init_backend::run(ctx, &opts, &tree.config, &mut o)
        } else {
            Ok(())
        };
        o.out(&modules);
        if let Err(reports) = backend {
            return backend_failed(o, &reports, v);
        }
        o.out(&heading("Initializing provider plugins..."));
        if let Some(r) = builtin_constraint(&tree) {
            return backend_failed(o, &[r], v);
        }
        o.out(provider_lines);
    }
    o.out("\n");
    o.out(&colorize(
        "[reset][bold][green]Terraform has been successfully initialized![reset][green]",
        ctx.color,
    ));
    o.out("\n");
    if !ctx.in_automation() {
        o.out(&colorize(&format!("[reset][green]{NEXT_STEPS}"), ctx.color));
        o.out("\n");
    }
    o
}

/// `init` in a folder whose modules do not accept this release (`required_version`): the
/// backend is configured (before 1.15) and the modules installed as usual, then the version
/// errors alone are reported, whatever else the configuration gets wrong (init.go at v1.12.2:
/// "Not meeting the version requirement should be the first error displayed"; tf-oracle
/// 1.6.6, 1.12.2, 1.15.5). `None` when every module accepts it, or when the configuration does
/// not parse (its syntax errors are reported as usual).
fn unsupported_release(ctx: &Context, opts: &super::args::Parsed, with_backend: bool, heading: &dyn Fn(&str) -> String) -> Option<Outcome> {
    let v = ctx.version;
    let tree = load::load_parsed(&ctx.dir, v).and_then(|c| ModuleTree::load(&ctx.dir, ".", c, v, 0).ok())?;
    let stop = gates::has(v, &gates::INIT_PROVIDERS_FIRST);
    let (errors, refusing) = super::core_version::unsupported_installing(&tree, v, stop);
    if errors.is_empty() {
        return None;
    }
    let mut o = ctx.outcome();
    if with_backend && !gates::has(v, &gates::INIT_PROVIDERS_FIRST) {
        o.out(&heading("Initializing the backend..."));
        // Its errors are the configuration's to report once the release is accepted.
        let _ = super::init_backend::run(ctx, opts, &tree.config, &mut o);
    }
    // 1.15 installs a module that refuses the release, but none of its calls (tf-oracle
    // 1.15.5); earlier releases install the whole tree.
    let calls: Vec<_> = installed::calls(&tree)
        .into_iter()
        .filter(|(key, _, _)| !(stop && refusing.iter().any(|r| key.starts_with(&format!("{r}.")))))
        .collect();
    if !calls.is_empty() {
        let before = installed::read(&ctx.dir);
        o.out(&colorize("[reset][bold]Initializing modules...", ctx.color));
        o.out("\n");
        for (key, source, rel) in &calls {
            if before.get(key) != Some(source) {
                o.out(&format!("- {key} in {rel}\n"));
            }
        }
        // 1.15 records no module it installed for a release the configuration refuses, so
        // the next command asks for `init` again (tf-oracle 1.13.5, 1.14.9 and 1.15.5).
        if !gates::has(v, &gates::INIT_PROVIDERS_FIRST) {
            let _ = installed::write(&ctx.dir, &tree);
        }
    }
    let reports: Vec<super::diagnostic::Report> = errors.into_iter().map(super::diagnostic::Report::error).collect();
    Some(ended(
        o,
        &reports,
        &super::diagnostic::sources_in(&ctx.dir),
        gates::has(v, &gates::INIT_VIEW),
    ))
}

/// Ends `init` with the backend step's errors: before 1.9 through the message printer
/// (red, a line break after), from 1.9 as the other commands print them.
fn backend_failed(o: Outcome, reports: &[super::diagnostic::Report], v: crate::lang::dialect::releases::TfVersion) -> Outcome {
    ended(o, reports, &Default::default(), gates::has(v, &gates::INIT_VIEW))
}

/// Ends `init` with `reports`: through the diagnostics view (`view`, the releases that print
/// init's errors as the other commands do), else through the red message printer, each
/// error followed by a line break (before 1.9; tf-oracle 1.6.6).
fn ended(mut o: Outcome, reports: &[super::diagnostic::Report], sources: &super::diagnostic::Sources, view: bool) -> Outcome {
    if view {
        return o.fail(reports, sources);
    }
    o.report_legacy(reports, sources);
    o.code = 1;
    o
}

/// The provider installer's refusal of a `version` for the built-in provider in any
/// module's `required_providers` (`terraform = { source = ..., version = "~> 1.0" }`, or the
/// older `terraform = "~> 1.0"`): "built-in providers do not support explicit version
/// constraints" (tf-oracle 1.6.6, 1.12.2, 1.15.5; `validate` and `plan` accept it).
fn builtin_constraint(tree: &ModuleTree) -> Option<super::diagnostic::Report> {
    use crate::lang::syntax::{ExprKind, ObjKey};
    let pinned = |e: &crate::lang::syntax::Expr| match &e.kind {
        ExprKind::Object(kvs) => kvs.iter().any(|(k, _)| match k {
            ObjKey::Ident(n, _) => n == "version",
            ObjKey::Expr(x) => matches!(&x.kind, ExprKind::Str(s) if s.as_str() == "version"),
        }),
        _ => true,
    };
    fn any(tree: &ModuleTree, pinned: &dyn Fn(&crate::lang::syntax::Expr) -> bool) -> bool {
        tree.config.files.iter().any(|f| {
            // The deprecated `version` of a provider block is a constraint too.
            f.body
                .blocks_of("provider")
                .any(|p| p.labels.first().map(String::as_str) == Some("terraform") && p.body.attr("version").is_some())
                || f.body.blocks_of("terraform").any(|t| {
                    t.body
                        .blocks_of("required_providers")
                        .any(|rp| rp.body.attrs.iter().any(|a| a.name == "terraform" && pinned(&a.expr)))
                })
        }) || tree.calls.values().any(|c| any(&c.tree, pinned))
    }
    any(tree, &pinned).then(|| {
        super::diagnostic::Report::error(crate::lang::Diag::new(
            "Invalid dependency on built-in provider",
            "Cannot use terraform.io/builtin/terraform: built-in providers do not support explicit version constraints.",
        ))
    })
}

/// Whether any module of the tree uses the built-in provider: `init` then lists it.
fn uses_builtin(tree: &ModuleTree) -> bool {
    fn in_modules(tree: &ModuleTree) -> bool {
        tree.calls
            .values()
            .any(|c| load::uses_builtin(&c.tree.config) || in_modules(&c.tree))
    }
    load::uses_builtin(&tree.config)
        // The belief that init installs the root module's providers only.
        || (in_modules(tree) && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::InitInstallsModuleProviders))
}
