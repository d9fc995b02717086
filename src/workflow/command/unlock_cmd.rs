//! `terraform force-unlock [-force] LOCK_ID` with the local backend. A local state's lock is
//! an fcntl lock owned by the process holding it, so no other process can remove it: without
//! `-force` Terraform says so, with it the unlock finds nothing this process locked.

use super::args::{Kind, Spec, parse};
use super::color::colorize;
use super::run::{Context, Outcome};

const SPEC: Spec = &[("force", Kind::Bool)];

/// An error through Terraform's coloured message printer (red, then a line end).
fn error(o: &mut Outcome, message: &str) {
    let text = colorize(&format!("[red]{message}[reset]"), o.color);
    o.err(&format!("{text}\n"));
    o.code = 1;
}

/// Runs `force-unlock`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let mut o = ctx.outcome();
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => {
            super::usage::flags_refused_with_usage(&mut o, ctx.version, "force-unlock", "Error parsing command-line flags", &e.0);
            return o;
        }
    };
    if opts.rest.len() != 1 {
        error(&mut o, "Expected a single argument: LOCK_ID");
        return super::usage::with_help(o, ctx.version, "force-unlock");
    }
    // The backend is read first: a configuration it cannot read is refused before the lock.
    if let Err(refused) = super::workdir::open(ctx) {
        return refused;
    }
    if opts.flag("force") {
        error(&mut o, "Failed to unlock state: LocalState not locked");
    } else {
        error(&mut o, "Local state cannot be unlocked by another process");
    }
    o
}
