//! `init -json` (1.9 and later): the steps as `init_output` lines with their message codes,
//! the modules installed and the built-in provider as `log` lines.

use super::diagnostic::{Report, sources_in};
use super::installed;
use super::run::{Context, Outcome};
use crate::workflow::model::gates;
use crate::workflow::plan::tree::ModuleTree;
use crate::workflow::render::json_ui as ui;

/// The first release whose `init` takes `-json`.
pub const INIT_JSON_SINCE: crate::lang::dialect::releases::TfVersion = (1, 9, 0);

fn uses_builtin(tree: &ModuleTree) -> bool {
    super::load::uses_builtin(&tree.config) || tree.calls.values().any(|c| uses_builtin(&c.tree))
}

/// Runs `init -json`.
pub fn run(ctx: &Context) -> Outcome {
    let v = ctx.version;
    let mut o = ctx.outcome();
    o.out(&ui::version(v));
    let loaded = super::load::load_decoded(&ctx.dir, v)
        .and_then(|config| ModuleTree::load(&ctx.dir, ".", config, v, 0).map_err(|d| vec![Report::error(d)]));
    let tree = match loaded {
        Ok(t) => t,
        Err(reports) => {
            let sources = sources_in(&ctx.dir);
            for r in &reports {
                o.out(&ui::diagnostic_line(r, &sources));
            }
            o.code = 1;
            return o;
        }
    };
    let calls = installed::calls(&tree);
    let before = installed::read(&ctx.dir);
    let mut modules = String::new();
    if !calls.is_empty() {
        modules.push_str(&ui::init_output("Initializing modules...", "initializing_modules_message"));
        for (key, source, rel) in &calls {
            if before.get(key) != Some(source) {
                modules.push_str(&ui::log(&format!("- {key} in {rel}")));
            }
        }
        if let Err(e) = installed::write(&ctx.dir, &tree) {
            let r = Report::error(crate::lang::Diag::new("Failed to write the module manifest", e));
            o.out(&ui::diagnostic_line(&r, &Default::default()));
            o.code = 1;
            return o;
        }
    }
    let builtin = if uses_builtin(&tree) {
        ui::log("terraform.io/builtin/terraform is built in to Terraform")
    } else {
        String::new()
    };
    let backend = ui::init_output("Initializing the backend...", "initializing_backend_message");
    if gates::has(v, &gates::INIT_PROVIDERS_FIRST) {
        o.out(&modules);
        o.out(&ui::init_output(
            "Initializing provider plugins found in the configuration...",
            "initializing_provider_plugin_from_config_message",
        ));
        o.out(&builtin);
        o.out(&backend);
    } else {
        o.out(&backend);
        o.out(&modules);
        o.out(&ui::init_output(
            "Initializing provider plugins...",
            "initializing_provider_plugin_message",
        ));
        o.out(&builtin);
    }
    o.out(&ui::init_output(
        "Terraform has been successfully initialized!",
        "output_init_success_message",
    ));
    o
}
