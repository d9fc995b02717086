//! Workflow scenarios: a question's files written to a fresh folder, its steps run there by
//! `iacquiz terraform` (or, for the real-binary check, by a real `terraform`), and the part of
//! the last command's output that `ask` names read as the answer.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{Computed, EngineError, Evaluated};
use crate::bank::model::{Ask, Source, Step};
use crate::lang::dialect::releases::{DEFAULT_VERSION, TfVersion, parse_version};
use crate::lang::{Rule, Rules, Value};
use crate::workflow::command::{Invocation, Outcome};

/// Who runs a scenario's commands under the real rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Runner {
    /// `iacquiz terraform`, in this process.
    Engine,
    /// A real Terraform: a shell command line the arguments are appended to, with `{release}`
    /// replaced by the question's release (`1.12.2`) and `{minor}` by its minor line (`1.12`).
    External(String),
}

static RUNNER: OnceLock<Runner> = OnceLock::new();

/// Makes every later scenario run its real-rules commands with `runner` (once per process:
/// `iacquiz check --terraform-runner`). Misconceptions still run in the engine.
pub fn set_runner(runner: Runner) -> bool {
    RUNNER.set(runner).is_ok()
}

static RELEASE: OnceLock<TfVersion> = OnceLock::new();

/// Makes every later scenario run at `version`, whatever release it states (`iacquiz check
/// --scenario-release`: is the key also true at the exam's release?).
pub fn set_release(version: TfVersion) -> bool {
    RELEASE.set(version).is_ok()
}

/// What one run gave: the last command's outcome (or why the steps could not run) and the
/// rules the engine consulted.
type Ran = (Result<Outcome, EngineError>, BTreeSet<Rule>);

/// What identifies a run: the source without its `ask`, the rules, the release and whether a
/// real binary ran it.
type RunKey = (Source, Rules, TfVersion, bool);

/// Every run made in this process: a scenario is run once per rule set and release, whichever
/// question, instance, check or test asks (questions asking different things of the same
/// steps share their runs).
static RUNS: OnceLock<Mutex<HashMap<RunKey, Ran>>> = OnceLock::new();

/// Runs kept at most; past it the cache starts again.
const RUNS_KEPT: usize = 4096;

fn cached(key: &RunKey) -> Option<Ran> {
    RUNS.get_or_init(Default::default).lock().ok()?.get(key).cloned()
}

fn remember(key: RunKey, ran: &Ran) {
    if let Ok(mut m) = RUNS.get_or_init(Default::default).lock() {
        if m.len() >= RUNS_KEPT {
            m.clear();
        }
        m.insert(key, ran.clone());
    }
}

/// One run of `source` under `rules` at `version` by `runner`, made once per process.
fn run_once(source: &Source, rules: &Rules, version: TfVersion, runner: &Runner) -> Ran {
    let key: RunKey = (
        Source {
            ask: None,
            ..source.clone()
        },
        rules.clone(),
        version,
        *runner != Runner::Engine,
    );
    if let Some(r) = cached(&key) {
        return r;
    }
    let r = match run(source, rules, runner, version) {
        // A real binary records no rules: the engine's run says which it consults.
        Ok((outcome, _)) if *runner != Runner::Engine => {
            let touched = run_once(source, rules, version, &Runner::Engine).1;
            (Ok(outcome), touched)
        }
        Ok((outcome, touched)) => (Ok(outcome), touched),
        Err(e) => (Err(e), BTreeSet::new()),
    };
    remember(key, &r);
    r
}

/// A scenario made ready: its source (nothing runs until it is evaluated).
#[derive(Debug)]
pub struct Prepared {
    source: Source,
}

impl Prepared {
    /// Prepares `source`.
    pub fn new(source: &Source) -> Prepared {
        Prepared { source: source.clone() }
    }

    /// Runs the scenario under `rules` (once per process) and reads its answer.
    pub fn evaluate(&self, source: &Source, rules: &Rules) -> Evaluated {
        let src = if source.steps.is_empty() { &self.source } else { source };
        let (ran, touched) = match release(src) {
            Ok(version) => {
                let runner = if *rules == Rules::real() {
                    RUNNER.get().cloned().unwrap_or(Runner::Engine)
                } else {
                    Runner::Engine
                };
                run_once(src, rules, version, &runner)
            }
            Err(e) => (Err(e), BTreeSet::new()),
        };
        let computed = match ran {
            Ok(outcome) => answer(src, &outcome),
            Err(e) => Computed::Error(e),
        };
        Evaluated {
            computed,
            trace: Vec::new(),
            touched,
        }
    }
}

/// What the engine answers for `source` at `version` under the real rules, whatever runner
/// and release `check` was told to use (`since` asks the engine's own gates).
pub fn engine_answer_at(source: &Source, version: TfVersion) -> Computed {
    match run_once(source, &Rules::real(), version, &Runner::Engine).0 {
        Ok(outcome) => answer(source, &outcome),
        Err(e) => Computed::Error(e),
    }
}

/// The release a scenario runs at: the forced one, else its `terraform_version`, else the
/// engine's default.
pub fn release(source: &Source) -> Result<TfVersion, EngineError> {
    if let Some(v) = RELEASE.get() {
        return Ok(*v);
    }
    match &source.terraform_version {
        None => Ok(DEFAULT_VERSION),
        Some(v) => parse_version(v).map_err(|m| EngineError {
            summary: "Invalid Terraform version".into(),
            detail: m,
        }),
    }
}

fn scenario_error(summary: &str, detail: String) -> EngineError {
    EngineError {
        summary: summary.into(),
        detail,
    }
}

/// A folder of its own for one run, removed when dropped.
struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

static NEXT: AtomicU64 = AtomicU64::new(0);

fn fresh_folder() -> Result<Folder, EngineError> {
    let base = std::env::temp_dir();
    for _ in 0..64 {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = base.join(format!("iacquiz-scenario-{}-{n}", std::process::id()));
        let mut b = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
        // `create` fails when the name exists: a folder planted there is never used.
        match b.create(&dir) {
            Ok(()) => return Ok(Folder(dir)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(scenario_error("scenario folder", format!("cannot create {}: {e}", dir.display())));
            }
        }
    }
    Err(scenario_error(
        "scenario folder",
        "no free folder name in the temporary folder".into(),
    ))
}

/// `name` as a path inside `dir`, refused when it could leave it.
fn inside(dir: &Path, name: &str) -> Result<PathBuf, EngineError> {
    let bad =
        name.is_empty() || name.starts_with('/') || name.contains('\\') || name.split('/').any(|c| c.is_empty() || c == "." || c == "..");
    if bad {
        return Err(scenario_error(
            "scenario file",
            format!("{name:?} is not a relative path inside the scenario's folder"),
        ));
    }
    Ok(dir.join(name))
}

fn write_file(dir: &Path, name: &str, text: &str) -> Result<(), EngineError> {
    let path = inside(dir, name)?;
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| scenario_error("scenario file", format!("{name}: {e}")))?;
    }
    std::fs::write(&path, text).map_err(|e| scenario_error("scenario file", format!("{name}: {e}")))
}

/// Runs the steps; the last command's outcome and the rules the engine consulted.
fn run(source: &Source, rules: &Rules, runner: &Runner, version: TfVersion) -> Result<(Outcome, BTreeSet<Rule>), EngineError> {
    let folder = fresh_folder()?;
    let dir = folder.0.clone();
    if let Some(c) = &source.config {
        write_file(&dir, "main.tf", c)?;
    }
    for (name, text) in &source.files {
        write_file(&dir, name, text)?;
    }
    let mut last = None;
    let mut touched = BTreeSet::new();
    for (i, step) in source.steps.iter().enumerate() {
        let at = |m: String| scenario_error("scenario step", format!("step {} ({}): {m}", i + 1, step.transcript()));
        match step {
            Step::Write { file, text } => write_file(&dir, file, text)?,
            Step::Delete { file } => {
                std::fs::remove_file(inside(&dir, file)?).map_err(|e| at(format!("{file}: {e}")))?;
            }
            Step::Edit { file, replace, with } => {
                let path = inside(&dir, file)?;
                let text = std::fs::read_to_string(&path).map_err(|e| at(format!("{file}: {e}")))?;
                match text.matches(replace.as_str()).count() {
                    1 => std::fs::write(&path, text.replacen(replace.as_str(), with, 1)).map_err(|e| at(format!("{file}: {e}")))?,
                    0 => return Err(at(format!("{file} does not contain {replace:?}"))),
                    n => return Err(at(format!("{file} contains {replace:?} {n} times: make `replace` match once"))),
                }
            }
            Step::Run { line, env, input } => {
                let args = crate::bank::model::scenario::split_words(line).map_err(at)?;
                let outcome = match runner {
                    Runner::Engine => {
                        let inv = Invocation {
                            dir: dir.clone(),
                            args,
                            env: env.clone(),
                            version,
                            seed: 1,
                            input: Some(input.clone().unwrap_or_default()),
                        };
                        let (o, t) = crate::workflow::model::beliefs::within(rules, || crate::workflow::command::run(&inv));
                        touched.extend(t);
                        o
                    }
                    Runner::External(cmd) => external(cmd, version, &dir, line, env, input.as_deref()).map_err(at)?,
                };
                last = Some((args_of(line), outcome));
            }
        }
    }
    let Some((_, outcome)) = last else {
        return Err(scenario_error("scenario", "no command to read the answer from".into()));
    };
    drop(folder);
    Ok((outcome, touched))
}

fn args_of(line: &str) -> Vec<String> {
    crate::bank::model::scenario::split_words(line).unwrap_or_default()
}

/// Runs one command through a real Terraform.
fn external(
    cmd: &str,
    (ma, mi, pa): TfVersion,
    dir: &Path,
    line: &str,
    env: &BTreeMap<String, String>,
    input: Option<&str>,
) -> Result<Outcome, String> {
    use std::io::Write;
    let cmd = cmd
        .replace("{release}", &format!("{ma}.{mi}.{pa}"))
        .replace("{minor}", &format!("{ma}.{mi}"));
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{cmd} {line}"))
        .current_dir(dir)
        .envs(env)
        .env("TF_INPUT", if input.is_some() { "1" } else { "0" })
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run `{cmd}`: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.unwrap_or_default().as_bytes());
    }
    let out = child.wait_with_output().map_err(|e| format!("`{cmd}`: {e}"))?;
    Ok(Outcome {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
        color: false,
        dir: None,
    })
}

/// Text without its ANSI colour sequences.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' && chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The first error a command printed: its summary and detail (a boxed diagnostic's lines
/// without the box), or its first line.
fn first_error(stderr: &str, stdout: &str, code: i32) -> EngineError {
    let text = plain(stderr);
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.trim_start_matches(['│', '╷', '╵']).trim_start_matches(' '))
        .collect();
    if let Some(at) = lines.iter().position(|l| l.starts_with("Error: ")) {
        let summary = lines[at].trim_start_matches("Error: ").trim().to_string();
        let detail: Vec<&str> = lines[at + 1..].iter().take_while(|l| !l.starts_with("Error: ")).copied().collect();
        return EngineError {
            summary,
            detail: detail.join("\n").trim().to_string(),
        };
    }
    let first = text
        .lines()
        .chain(plain(stdout).lines())
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or_default()
        .to_string();
    EngineError {
        summary: if first.is_empty() { format!("exit status {code}") } else { first },
        detail: String::new(),
    }
}

/// The answer `ask` reads from the last command's outcome. A command that failed (a non-zero
/// exit, but for `-detailed-exitcode`'s 2) answers with its first error, except to
/// `exit-code`.
pub fn answer(source: &Source, outcome: &Outcome) -> Computed {
    let ask = match source.ask.as_deref().map(Ask::parse) {
        Some(Ok(a)) => a,
        Some(Err(m)) => return Computed::Error(scenario_error("scenario ask", m)),
        None => return Computed::Error(scenario_error("scenario ask", "no `ask`".into())),
    };
    let line = source
        .steps
        .iter()
        .rev()
        .find_map(|s| match s {
            Step::Run { line, .. } => Some(args_of(line)),
            _ => None,
        })
        .unwrap_or_default();
    let detailed = line.iter().any(|a| a == "-detailed-exitcode");
    if ask == Ask::ExitCode {
        return Computed::Value(Value::int(i64::from(outcome.code)));
    }
    if outcome.code != 0 && !(detailed && outcome.code == 2) {
        return Computed::Error(first_error(&outcome.stderr, &outcome.stdout, outcome.code));
    }
    let stdout = plain(&outcome.stdout);
    let string = |s: &str| Computed::Value(Value::string(s));
    match ask {
        Ask::Summary => match summary(&stdout) {
            Some(s) => string(&s),
            None => Computed::Error(scenario_error(
                "scenario ask",
                "`summary`: the last command printed no plan or apply summary line".into(),
            )),
        },
        Ask::Changes => {
            // An object rather than a map: it prints without `tomap(...)` around it.
            let map: BTreeMap<String, Value> = changes(&stdout).into_iter().map(|c| (c.address, Value::string(c.action))).collect();
            Computed::Value(Value::Object(map))
        }
        Ask::Action(a) | Ask::Reason(a) | Ask::Symbol(a) | Ask::Says(a) if !changes(&stdout).iter().any(|c| c.address == a) => {
            string(NOT_SHOWN)
        }
        Ask::Action(a) => string(&pick(&stdout, &a, |c| c.action.clone())),
        Ask::Says(a) => string(&pick(&stdout, &a, |c| {
            if c.reason.is_empty() {
                c.action.clone()
            } else {
                format!("{} ({})", c.action, c.reason)
            }
        })),
        Ask::Reason(a) => string(&pick(&stdout, &a, |c| c.reason.clone())),
        Ask::Symbol(a) => string(&pick(&stdout, &a, |c| c.symbol.clone())),
        // Tuples, not lists: they print as `[...]`, as a learner writes them.
        Ask::Order => Computed::Value(Value::Tuple(order(&stdout).into_iter().map(Value::string).collect())),
        Ask::Lines => Computed::Value(Value::Tuple(
            stdout
                .lines()
                .map(str::trim_end)
                .filter(|l| !l.trim().is_empty())
                .map(Value::string)
                .collect(),
        )),
        Ask::Stdout => string(stdout.trim()),
        Ask::Value | Ask::Json => match crate::lang::session::constant(stdout.trim()) {
            Ok(v) => Computed::Value(v),
            // What the console prints that is no value (`(known after apply)`, `(sensitive
            // value)`) is its text, shown without quotes as the terminal shows it.
            Err(_) if ask == Ask::Value => Computed::Text(stdout.trim().to_string()),
            Err(d) => Computed::Error(scenario_error("scenario ask", format!("`json`: not JSON: {}", d.summary))),
        },
        Ask::ExitCode => Computed::Value(Value::int(i64::from(outcome.code))),
    }
}

/// What `action`, `reason`, `symbol` and `says` answer for an address the plan does not show.
pub const NOT_SHOWN: &str = "is not in the plan";

fn pick(stdout: &str, address: &str, f: impl Fn(&Change) -> String) -> String {
    changes(stdout)
        .iter()
        .rev()
        .find(|c| c.address == address)
        .map(f)
        .unwrap_or_default()
}

/// The operations an apply started, in order: each `ADDRESS: Creating...` (`Destroying...`,
/// `Modifying...`, `Reading...`) line without its ` [id=...]`.
pub fn order(stdout: &str) -> Vec<String> {
    const VERBS: [&str; 4] = [": Creating...", ": Destroying...", ": Modifying...", ": Reading..."];
    stdout
        .lines()
        .map(str::trim)
        .filter_map(|l| VERBS.iter().find_map(|v| l.find(v).map(|at| l[..at + v.len()].to_string())))
        .collect()
}

/// The last summary line: `Plan: ...`, `No changes. ...`, `Apply complete! ...`,
/// `Destroy complete! ...`.
pub fn summary(stdout: &str) -> Option<String> {
    stdout
        .lines()
        .map(str::trim)
        .rfind(|l| {
            l.starts_with("Plan: ")
                || l.starts_with("No changes.")
                || l.starts_with("Apply complete!")
                || l.starts_with("Destroy complete!")
        })
        .map(str::to_string)
}

/// One address a plan shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The instance address (`terraform_data.web[2]`).
    pub address: String,
    /// What happens (`will be destroyed`, `has moved to terraform_data.b`).
    pub action: String,
    /// The reason line's words without the parentheses, as printed (`because index [2] is out
    /// of range for count`, `config refers to values not yet known`; `""` when none).
    pub reason: String,
    /// The symbol in front of its block (`""` when none).
    pub symbol: String,
}

const PHRASES: [&str; 5] = [" will ", " must ", " has ", " is ", " (deposed object "];

/// The addresses a plan's text shows, in order (an address shown twice, as drift and as a
/// change, appears twice).
pub fn changes(stdout: &str) -> Vec<Change> {
    let lines: Vec<&str> = stdout.lines().collect();
    let mut out: Vec<Change> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        i += 1;
        let Some(rest) = l.strip_prefix("# ") else { continue };
        if rest.starts_with('(') || rest.starts_with("Warning") || rest.starts_with("Note") {
            continue;
        }
        let Some(at) = PHRASES.iter().filter_map(|p| rest.find(p)).min() else {
            continue;
        };
        let address = rest[..at].to_string();
        if address.contains(' ') && !address.contains('"') {
            continue;
        }
        let action = rest[at..].trim().to_string();
        let mut reason = String::new();
        while i < lines.len() {
            let next = lines[i].trim();
            if let Some(r) = next.strip_prefix("# (").and_then(|r| r.strip_suffix(')')) {
                if reason.is_empty() {
                    reason = r.to_string();
                }
                i += 1;
            } else {
                break;
            }
        }
        let symbol = match lines.get(i).map(|l| l.trim()) {
            Some(block) => match block.find("resource \"").or_else(|| block.find("data \"")) {
                Some(at) => block[..at].trim().to_string(),
                None => String::new(),
            },
            _ => String::new(),
        };
        out.push(Change {
            address,
            action,
            reason,
            symbol,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAN: &str = r#"
Terraform will perform the following actions:

  # terraform_data.web[2] will be destroyed
  # (because index [2] is out of range for count)
  - resource "terraform_data" "web" {
      - id = "x" -> null
    }

  # terraform_data.b must be replaced
-/+ resource "terraform_data" "b" {
      ~ id               = "y" -> (known after apply)
      # (1 unchanged attribute hidden)
    }

  # terraform_data.c has moved to terraform_data.d
    resource "terraform_data" "d" {
        id = "z"
    }

Plan: 1 to add, 0 to change, 2 to destroy.
"#;

    #[test]
    fn a_plan_text_reads_as_changes() {
        let c = changes(PLAN);
        let row = |c: &Change| format!("{}|{}|{}|{}", c.address, c.action, c.reason, c.symbol);
        let rows: Vec<String> = c.iter().map(row).collect();
        assert_eq!(
            rows,
            [
                "terraform_data.web[2]|will be destroyed|because index [2] is out of range for count|-",
                "terraform_data.b|must be replaced||-/+",
                "terraform_data.c|has moved to terraform_data.d||",
            ]
        );
        assert_eq!(summary(PLAN).as_deref(), Some("Plan: 1 to add, 0 to change, 2 to destroy."));
    }

    #[test]
    fn errors_are_read_from_the_box() {
        let e = first_error(
            "\x1b[31m╷\x1b[0m\n│ Error: Invalid count argument\n│ \n│   on main.tf line 2:\n╵\n",
            "",
            1,
        );
        assert_eq!(e.summary, "Invalid count argument");
        assert!(e.detail.contains("on main.tf line 2"));
        assert_eq!(first_error("", "", 3).summary, "exit status 3");
    }
}
