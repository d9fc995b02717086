//! `terraform version` (and `-version`): the release and the platform, or the same as JSON.

use super::args::{Kind, Spec, parse};
use super::run::{Context, Outcome};

/// The platform string Terraform prints; the emulator reports the one the oracle runs on.
const PLATFORM: &str = "linux_amd64";

/// The options `version` takes: `-json`, and the global `-v`/`-version` that main.go hands
/// on to it.
const SPEC: Spec = &[("json", Kind::Bool), ("v", Kind::Bool), ("version", Kind::Bool)];

/// Runs `version [-json]`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let mut o = ctx.outcome();
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => {
            super::usage::flags_refused_with_usage(&mut o, ctx.version, "version", "Error parsing command-line flags", &e.0);
            return o;
        }
    };
    let (a, b, c) = ctx.version;
    if opts.flag("json") {
        o.out(&format!(
            "{{\n  \"terraform_version\": \"{a}.{b}.{c}\",\n  \"platform\": \"{PLATFORM}\",\n  \"provider_selections\": {{}},\n  \"terraform_outdated\": false\n}}\n"
        ));
    } else {
        o.out(&format!("Terraform v{a}.{b}.{c}\non {PLATFORM}\n"));
    }
    o
}
