//! A command line Terraform cannot use, answered as Terraform answers it: the command's help
//! text (recorded from the real binaries, `help_texts`) printed where each path of the real
//! CLI prints it, and the message printers those paths use.

use super::color::colorize;
use super::help_texts::HELP_TEXTS;
use super::run::Outcome;
use crate::lang::dialect::releases::TfVersion;

/// The help text `version` prints for `command` (`""`: the top-level help) as `-help` prints
/// it, ending with a line end: the text of the newest recorded release at or below `version`
/// (the oldest recorded one below them all). `None` for a command with no recorded help.
pub fn help_text(version: TfVersion, command: &str) -> Option<&'static str> {
    let mut texts = HELP_TEXTS.iter().filter(|(c, _, _)| *c == command);
    let first = texts.next()?;
    let mut best = first;
    for entry in std::iter::once(first).chain(texts) {
        if entry.1 <= version && entry.1 >= best.1 {
            best = entry;
        }
    }
    Some(best.2)
}

/// The text of a command's `Help()`: the help without the line end the CLI's template adds.
fn bare_help(version: TfVersion, command: &str) -> &'static str {
    help_text(version, command).map_or("", |t| t.strip_suffix('\n').unwrap_or(t))
}

/// `CMD -help`: the help on standard output, exit 0.
pub fn help_requested(version: TfVersion, command: &str) -> Outcome {
    Outcome {
        stdout: help_text(version, command).unwrap_or_default().to_string(),
        ..Outcome::default()
    }
}

/// A command returning the CLI's "show help" result: what it printed, then its help on
/// standard output (the CLI's error writer is standard output too), exit 1.
pub fn with_help(mut o: Outcome, version: TfVersion, command: &str) -> Outcome {
    o.out(help_text(version, command).unwrap_or_default());
    o.code = 1;
    o
}

/// `c.Ui.Error(message)`: the message on standard error, red in colour, with a line end.
pub fn ui_error(o: &mut Outcome, message: &str) {
    let text = colorize(&format!("[red]{message}[reset]"), o.color);
    o.err(&text);
    o.err("\n");
}

/// A flag-set's `Usage`, as the older commands set it (`c.Ui.Error(c.Help())`): the help on
/// standard error through the red message printer.
pub fn usage_on_stderr(o: &mut Outcome, version: TfVersion, command: &str) {
    ui_error(o, bare_help(version, command));
}

/// An older command's refusal of its options: the help on standard error (Go's flag package
/// calls `Usage` on every error), then `"{prefix}: {error}\n"`, exit 1. `prefix` is each
/// command's own wording ("Error parsing command-line flags", or "command line" in the
/// console's).
pub fn flags_refused_with_usage(o: &mut Outcome, version: TfVersion, command: &str, prefix: &str, error: &str) {
    usage_on_stderr(o, version, command);
    ui_error(o, &format!("{prefix}: {error}\n"));
    o.code = 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_recorded_release_at_or_below_is_taken() {
        let old = help_text((1, 0, 3), "state");
        let new = help_text((1, 12, 2), "state");
        assert_ne!(old, new);
        assert_eq!(help_text((1, 11, 9), "state"), help_text((1, 11, 4), "state"));
        // 1.12.0 itself was not recorded: 1.11.4's text is the nearest at or below it.
        assert_eq!(help_text((1, 12, 0), "state"), help_text((1, 11, 4), "state"));
        assert_eq!(help_text((1, 12, 9), "state"), new);
        assert_eq!(help_text((0, 15, 0), "state"), old);
        assert!(help_text((1, 12, 2), "state").is_some_and(|t| t.contains("identities")));
        assert_eq!(help_text((1, 12, 2), "graph"), None);
        assert!(help_text((1, 12, 2), "fmt").is_some_and(|t| t.contains("[target...]")));
    }
}
