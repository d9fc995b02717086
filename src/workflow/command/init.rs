//! `terraform init` for the built-in provider, the local backend and local modules: what it
//! prints, release by release.

use super::args::{Kind, Spec, parse};
use super::load;
use super::run::{Context, Outcome};
use crate::workflow::model::gates;

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
    ("lock-timeout", Kind::Value),
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
commands will detect it and remind you to do so if necessary.
";

/// Runs `init`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let _opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => return super::flags::refused(ctx, "init", &e),
    };
    let mut o = ctx.outcome();
    let v = ctx.version;
    let compact = gates::has(v, &gates::INIT_COMPACT);
    let providers_first = gates::has(v, &gates::INIT_PROVIDERS_FIRST);
    let config = match load::load(&ctx.dir, v) {
        Ok(c) => c,
        Err(reports) => {
            o.out(if compact {
                "Initializing the backend...\n"
            } else {
                "\nInitializing the backend...\n"
            });
            o.err("\nError: Terraform encountered problems during initialisation, including problems\nwith the configuration, described below.\n\nThe Terraform configuration must be valid before initialization so that\nTerraform can determine which modules and providers need to be installed.\n");
            return o.fail(&reports, &super::diagnostic::sources_in(&ctx.dir));
        }
    };
    let builtin = load::uses_builtin(&config);
    let provider_lines = if builtin {
        "- terraform.io/builtin/terraform is built in to Terraform\n"
    } else {
        ""
    };
    if providers_first {
        o.out("Initializing provider plugins found in the configuration...\n");
        o.out(provider_lines);
        o.out("\nInitializing the backend...\n\n\n");
    } else if compact {
        o.out("Initializing the backend...\n");
        o.out("Initializing provider plugins...\n");
        o.out(provider_lines);
    } else {
        o.out("\nInitializing the backend...\n");
        o.out("\nInitializing provider plugins...\n");
        o.out(provider_lines);
    }
    o.out("\nTerraform has been successfully initialized!\n");
    if !ctx.in_automation() {
        o.out(NEXT_STEPS);
    }
    o
}
