//! One invocation: the global options, the command, and what it printed and returned.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::diagnostic::{Report, Sources, render_all};
use crate::lang::dialect::releases::TfVersion;

/// Everything a command runs with.
#[derive(Clone, Debug)]
pub struct Invocation {
    /// The folder it runs in (before `-chdir`).
    pub dir: PathBuf,
    /// The arguments after `terraform`.
    pub args: Vec<String>,
    /// The environment variables it may read (`TF_VAR_*`, `TF_WORKSPACE`,
    /// `TF_IN_AUTOMATION`, ...).
    pub env: BTreeMap<String, String>,
    /// The release emulated.
    pub version: TfVersion,
    /// Where random ids and lineages come from.
    pub seed: u64,
    /// What standard input holds, for the questions a command asks (`None`: read the real
    /// standard input when asked).
    pub input: Option<String>,
}

/// What a command printed and its exit code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit code.
    pub code: i32,
    /// Whether diagnostics are printed in colour (no `-no-color`).
    pub color: bool,
    /// The working folder: a diagnostic in a file the sources given do not hold (a
    /// `.tfvars` file) quotes it from there.
    pub dir: Option<PathBuf>,
}

impl Outcome {
    /// Appends to standard output.
    pub fn out(&mut self, s: &str) {
        self.stdout.push_str(s);
    }
    /// Appends to standard error.
    pub fn err(&mut self, s: &str) {
        self.stderr.push_str(s);
    }
    /// Prints diagnostics: errors on standard error, warnings on standard output (as
    /// Terraform's views do).
    pub fn report(&mut self, reports: &[Report], sources: &Sources) {
        let sources = &self.with_files(reports, sources);
        for r in &super::diagnostic::consolidated(super::diagnostic::sorted(reports)) {
            let text = render_all(std::slice::from_ref(r), sources, self.color);
            match r.severity {
                super::diagnostic::Severity::Error => self.err(&text),
                super::diagnostic::Severity::Warning => self.out(&text),
            }
        }
    }

    /// Prints diagnostics as the older commands do (`state`, `taint`, `workspace`): through
    /// a message printer that colours the whole message and ends it with a line break.
    pub fn report_legacy(&mut self, reports: &[Report], sources: &Sources) {
        let sources = &self.with_files(reports, sources);
        for r in &super::diagnostic::consolidated(super::diagnostic::sorted(reports)) {
            let text = render_all(std::slice::from_ref(r), sources, self.color);
            let (tint, error) = match r.severity {
                super::diagnostic::Severity::Error => ("\x1b[31m", true),
                super::diagnostic::Severity::Warning => ("\x1b[33m", false),
            };
            let text = if self.color {
                format!("{tint}{text}\x1b[0m\x1b[0m\n")
            } else {
                format!("{text}\n")
            };
            if error {
                self.err(&text);
            } else {
                self.out(&text);
            }
        }
    }
    /// `sources`, with the files `reports` name that it does not hold read from the working
    /// folder (through its gate; a file that does not read is left out).
    pub fn with_files(&self, reports: &[Report], sources: &Sources) -> Sources {
        let mut out = sources.clone();
        let Some(dir) = &self.dir else { return out };
        for r in reports {
            if let Some(file) = &r.diag.file
                && !out.contains_key(file)
                && !std::path::Path::new(file).is_absolute()
                && let Ok(sandbox) = crate::confine::Sandbox::new(dir)
                && let Ok(text) = sandbox.read_text(std::path::Path::new(file), 8 << 20)
            {
                out.insert(file.clone(), text);
            }
        }
        out
    }

    /// Fails with `reports`.
    pub fn fail(mut self, reports: &[Report], sources: &Sources) -> Outcome {
        self.report(reports, sources);
        self.code = 1;
        self
    }
}

/// The context every command gets once the global options are read.
#[derive(Clone, Debug)]
pub struct Context {
    /// The working folder (after `-chdir`).
    pub dir: PathBuf,
    /// The environment.
    pub env: BTreeMap<String, String>,
    /// The release.
    pub version: TfVersion,
    /// The seed.
    pub seed: u64,
    /// Standard input, when given.
    pub input: Option<String>,
    /// Colour (no `-no-color` on the command line).
    pub color: bool,
}

impl Context {
    /// `TF_IN_AUTOMATION` is set (to anything non-empty): the commands leave out their
    /// "what to run next" advice.
    pub fn in_automation(&self) -> bool {
        self.env.get("TF_IN_AUTOMATION").is_some_and(|v| !v.is_empty())
    }

    /// All of standard input (the console's expressions).
    pub fn read_all(&self) -> String {
        match &self.input {
            Some(text) => text.clone(),
            None => {
                let mut text = String::new();
                let _ = std::io::Read::read_to_string(&mut std::io::stdin(), &mut text);
                text
            }
        }
    }

    /// An empty outcome printing in this context's colours.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            color: self.color,
            dir: Some(self.dir.clone()),
            ..Outcome::default()
        }
    }

    /// One line of standard input (the answer to a question), without its line end; `None`
    /// at the end of the input, and for a last line with no line end (Terraform reads
    /// answers a line at a time and takes an unfinished one for none).
    pub fn read_line(&self) -> Option<String> {
        let line = match &self.input {
            Some(text) => text.split_inclusive('\n').next().map(str::to_string),
            None => {
                let mut line = String::new();
                match std::io::stdin().read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line),
                }
            }
        }?;
        line.strip_suffix('\n').map(|l| l.trim_end_matches('\r').to_string())
    }
}

/// Runs one invocation.
pub fn run(inv: &Invocation) -> Outcome {
    let plain_err = |stderr: String, code: i32| Outcome {
        stderr,
        code,
        ..Outcome::default()
    };
    // `-chdir` is read and followed before anything else, help included.
    let (chdir, args) = match super::toplevel::extract_chdir(&inv.args) {
        Ok(x) => x,
        Err(message) => return plain_err(format!("{message}\n"), 1),
    };
    let dir = match &chdir {
        Some(d) if std::path::Path::new(d).is_absolute() => PathBuf::from(d),
        Some(d) => inv.dir.join(d),
        None => inv.dir.clone(),
    };
    if !dir.is_dir() {
        let shown = chdir.unwrap_or_else(|| dir.display().to_string());
        return plain_err(
            format!("Error handling -chdir option: chdir {shown}: no such file or directory\n"),
            1,
        );
    }
    let args = super::toplevel::version_shortcut(args);
    let line = super::toplevel::read(&args, inv.version);
    let top = line.command.split(' ').next().unwrap_or_default();
    if !top.is_empty() && !super::toplevel::top_commands(inv.version).contains(&top) {
        let hint = super::toplevel::suggestion(inv.version, top)
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        return plain_err(
            format!(
                "Terraform has no command named {top:?}.{hint}\n\nTo see all of Terraform's top-level commands, run:\n  terraform -help\n\n"
            ),
            1,
        );
    }
    if line.command.is_empty() {
        // No command: the list of commands, on standard output; asked for, it is no error.
        let mut o = super::usage::help_requested(inv.version, "");
        o.code = if line.help { 0 } else { 127 };
        return o;
    }
    if !EMULATED.contains(&line.command.as_str()) && !matches!(line.command.as_str(), "state" | "workspace") {
        return plain_err(format!("iacquiz terraform does not emulate \"terraform {}\".\n", line.command), 1);
    }
    if line.help {
        return super::usage::help_requested(inv.version, &line.command);
    }
    if !line.top_flags.is_empty() {
        let o = Outcome {
            stdout:
                "Invalid flags before the subcommand. If these flags are for\nthe subcommand, please put them after the subcommand.\n\n"
                    .into(),
            ..Outcome::default()
        };
        return super::usage::with_help(o, inv.version, &line.command);
    }
    // Every command takes -no-color anywhere in its arguments (Terraform's Meta.process
    // removes it before the command reads its flags).
    let color = !line.rest.iter().any(|a| a == "-no-color");
    let kept: Vec<String> = line.rest.iter().filter(|a| *a != "-no-color").cloned().collect();
    let rest = kept.as_slice();
    let ctx = Context {
        color,
        dir,
        env: inv.env.clone(),
        version: inv.version,
        // A folder entered with `-chdir` draws ids of its own: two fresh folders of one
        // scenario (a configuration and the one whose state it reads) never share one.
        seed: match &chdir {
            Some(d) => d.bytes().fold(inv.seed, |x, b| (x ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)),
            None => inv.seed,
        },
        input: inv.input.clone(),
    };
    let sub = |name: &str| -> Vec<String> { std::iter::once(name.to_string()).chain(rest.iter().cloned()).collect() };
    match line.command.as_str() {
        "version" => super::version::run(&ctx, rest),
        "init" => super::init::run(&ctx, rest),
        "validate" => super::validate::run(&ctx, rest),
        "plan" => super::plan_cmd::run(&ctx, rest),
        "apply" => super::apply_cmd::run(&ctx, rest, false),
        "destroy" => super::apply_cmd::run(&ctx, rest, true),
        "output" => super::output_cmd::run(&ctx, rest),
        "import" => super::import_cmd::run(&ctx, rest),
        "refresh" => super::refresh_cmd::run(&ctx, rest),
        "force-unlock" => super::unlock_cmd::run(&ctx, rest),
        "console" => super::console_cmd::run(&ctx, rest),
        "show" => super::show_cmd::run(&ctx, rest),
        "fmt" => super::fmt_cmd::run(&ctx, rest),
        "taint" => super::state_cmd::taint(&ctx, rest, false),
        "untaint" => super::state_cmd::taint(&ctx, rest, true),
        // A command with subcommands, run alone or with one it does not have, shows its help.
        "state" | "workspace" => super::usage::with_help(ctx.outcome(), ctx.version, &line.command),
        nested => match nested.split_once(' ') {
            Some(("state", name)) => super::state_cmd::run(&ctx, &sub(name)),
            Some(("workspace", name)) => super::workspace_cmd::run(&ctx, &sub(name)),
            _ => super::usage::with_help(ctx.outcome(), ctx.version, nested),
        },
    }
}

/// The commands iacquiz emulates (with `state` and `workspace` themselves, which only show
/// their help).
const EMULATED: &[&str] = &[
    "version",
    "init",
    "validate",
    "plan",
    "apply",
    "destroy",
    "output",
    "import",
    "refresh",
    "force-unlock",
    "console",
    "show",
    "fmt",
    "taint",
    "untaint",
    "state list",
    "state show",
    "state mv",
    "state rm",
    "state pull",
    "workspace new",
    "workspace select",
    "workspace list",
    "workspace show",
    "workspace delete",
];
