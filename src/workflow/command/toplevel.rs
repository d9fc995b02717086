//! The command line before a command reads it, as Terraform's `main` and its CLI library
//! (hashicorp/cli) read it: `-chdir=DIR` among the leading options, `-v`/`-version`
//! anywhere, help flags anywhere before `--`, the command (with its subcommand, `state list`),
//! and options before the command, which no command takes.

use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::gates;

/// A command line as the CLI splits it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// `-h`, `-help` or `--help` somewhere before `--`.
    pub help: bool,
    /// Options before the command (the CLI refuses them).
    pub top_flags: Vec<String>,
    /// The command, with its subcommand when it has one (`state list`); empty when none.
    pub command: String,
    /// The arguments after the command.
    pub rest: Vec<String>,
}

/// What `-chdir` asked, with the arguments without it; `Err` is Terraform's message for a
/// `-chdir` without a folder.
pub fn extract_chdir(args: &[String]) -> Result<(Option<String>, Vec<String>), String> {
    let mut found: Option<(usize, String)> = None;
    // The option counts only among the options before the command.
    for (i, arg) in args.iter().enumerate() {
        if !arg.starts_with('-') {
            break;
        }
        if arg == "-chdir" || arg == "-chdir=" {
            return Err("Invalid -chdir option: must include an equals sign followed by a directory path, like -chdir=example".into());
        }
        if let Some(dir) = arg.strip_prefix("-chdir=") {
            found = Some((i, dir.to_string()));
        }
    }
    Ok(match found {
        Some((i, dir)) => {
            let mut rest = args.to_vec();
            rest.remove(i);
            (Some(dir), rest)
        }
        None => (None, args.to_vec()),
    })
}

/// `-v`, `-version` or `--version` anywhere makes the line a `version` command with every
/// argument after it (main.go's shortcut; `version` accepts those options).
pub fn version_shortcut(args: Vec<String>) -> Vec<String> {
    if args.iter().any(|a| matches!(a.as_str(), "-v" | "-version" | "--version")) {
        std::iter::once("version".to_string()).chain(args).collect()
    } else {
        args
    }
}

/// The subcommands a command has in `version` (Terraform's command table).
fn subcommands(version: TfVersion, command: &str) -> Vec<&'static str> {
    match command {
        "state" => {
            let mut subs = vec!["list", "rm", "mv", "pull", "push", "show", "replace-provider"];
            if gates::has(version, &gates::STATE_IDENTITIES_COMMAND) {
                subs.push("identities");
            }
            subs
        }
        "workspace" | "env" => vec!["list", "select", "show", "new", "delete"],
        "providers" => vec!["lock", "mirror", "schema"],
        "metadata" => vec!["functions"],
        _ => Vec::new(),
    }
}

/// The top-level commands of `version` (the keys of Terraform's command table).
pub fn top_commands(version: TfVersion) -> Vec<&'static str> {
    let mut names = vec![
        "apply",
        "console",
        "destroy",
        "env",
        "fmt",
        "get",
        "graph",
        "import",
        "init",
        "login",
        "logout",
        "output",
        "plan",
        "providers",
        "push",
        "refresh",
        "show",
        "taint",
        "test",
        "validate",
        "version",
        "untaint",
        "workspace",
        "force-unlock",
        "state",
    ];
    let later = [
        (&gates::METADATA_COMMAND, "metadata"),
        (&gates::MODULES_COMMAND, "modules"),
        (&gates::STACKS_COMMAND, "stacks"),
        (&gates::QUERY_COMMAND, "query"),
    ];
    names.extend(later.iter().filter(|(g, _)| gates::has(version, g)).map(|(_, n)| *n));
    names
}

/// Splits `args` as the CLI does.
pub fn read(args: &[String], version: TfVersion) -> Line {
    let mut line = Line::default();
    let mut found = false;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        if arg == "--" {
            break;
        }
        if matches!(arg.as_str(), "-h" | "-help" | "--help") {
            line.help = true;
            i += 1;
            continue;
        }
        if !found {
            if matches!(arg.as_str(), "-v" | "-version" | "--version") {
                i += 1;
                continue;
            }
            if arg.starts_with('-') {
                line.top_flags.push(arg.clone());
            } else if !arg.is_empty() {
                found = true;
                line.command = arg.clone();
                // A subcommand follows its command directly (`state list`), as a word that is
                // neither an option nor holds a space.
                if let Some(next) = args.get(i + 1)
                    && subcommands(version, arg).contains(&next.as_str())
                {
                    line.command = format!("{arg} {next}");
                    i += 1;
                }
                line.rest = args[i + 1..].to_vec();
            }
        }
        i += 1;
    }
    line
}

/// Terraform's suggestion for a mistyped command: a command within two edits of it.
pub fn suggestion(version: TfVersion, typed: &str) -> Option<&'static str> {
    top_commands(version).into_iter().find(|c| levenshtein(typed, c) < 3)
}

/// The edit distance between two words, by characters.
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn the_command_and_its_subcommand() {
        let l = read(&args(&["state", "list", "-id=x", "a"]), (1, 12, 2));
        assert_eq!((l.command.as_str(), l.rest.len(), l.help), ("state list", 2, false));
        assert_eq!(read(&args(&["state", "frob"]), (1, 12, 2)).command, "state");
        assert_eq!(read(&args(&["state", "identities"]), (1, 6, 6)).command, "state");
        assert!(read(&args(&["plan", "-var", "x=1", "-h"]), (1, 12, 2)).help);
        assert!(!read(&args(&["plan", "--", "-help"]), (1, 12, 2)).help);
        assert_eq!(read(&args(&["-no-color", "plan"]), (1, 12, 2)).top_flags, ["-no-color"]);
    }

    #[test]
    fn chdir_and_version() {
        assert_eq!(extract_chdir(&args(&["-chdir=a", "plan"])), Ok((Some("a".into()), args(&["plan"]))));
        assert!(extract_chdir(&args(&["-chdir", "plan"])).is_err());
        assert_eq!(extract_chdir(&args(&["plan", "-chdir=a"])), Ok((None, args(&["plan", "-chdir=a"]))));
        assert_eq!(version_shortcut(args(&["plan", "-v"])), args(&["version", "plan", "-v"]));
    }

    #[test]
    fn suggestions_within_two_edits() {
        assert_eq!(suggestion((1, 12, 2), "plann"), Some("plan"));
        assert_eq!(suggestion((1, 12, 2), "frobnicate"), None);
        assert_eq!(levenshtein("kitten", "sitting"), 3);
    }
}
