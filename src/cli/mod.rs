//! The command line: one file per subcommand. Exit codes: 0 success, 1 a finding (an
//! evaluation error, a failing check), 2 unusable input or arguments.

pub mod bank;
mod blocks;
mod cfn;
mod check;
pub mod common;
mod conditions;
mod diagnose;
mod eval;
mod quiz;
mod rivet;
mod stats;
mod terraform;
mod tui;

use clap::{Parser, Subcommand};

/// Said at the end of `--help`: which commands open the terminal UI.
const TUI_HELP: &str = "\
The terminal UI: `iacquiz` with no command opens it on its Home screen (practice, exam, review,
playground, stats); `iacquiz practice`, `iacquiz exam` and `iacquiz review` open it straight in
that session (--questions N sets its length). It needs a terminal (not TERM=dumb); every other
command prints and exits, for scripts and CI.";

/// iacquiz: practise infrastructure-as-code exams with answers computed by real evaluators.
#[derive(Parser, Debug)]
#[command(name = "iacquiz", version, about, long_about = None, after_help = TUI_HELP)]
pub struct Cli {
    /// What to do (with no command: open the practice TUI).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Evaluate a Terraform expression and print it as `terraform console` does.
    Eval(eval::EvalArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Prove every question of the bank against its engine (exit 1 when any fails).
    Check(check::CheckArgs),
    /// Show what the question bank holds: --list, --coverage.
    Bank(bank::BankCmdArgs),
    /// Print a resource of a configuration with its dynamic blocks expanded, as HCL.
    Blocks(blocks::BlocksArgs),
    /// Evaluate a configuration's preconditions, postconditions and check blocks.
    Conditions(conditions::ConditionsArgs),
    Cfn(cfn::CfnArgs),
    /// Say whether an answer to an expression is right, and which misconceptions produce it.
    Diagnose(diagnose::DiagnoseArgs),
    /// Instructor quizzes: draw and export (new), take in the TUI or line by line (take), grade (grade).
    Quiz(quiz::QuizArgs),
    /// Compile a Rivet configuration into its instances (expand), or compare two (diff).
    Rivet(rivet::RivetArgs),
    /// Run Terraform's workflow (init, plan, apply, state, workspaces) as Terraform does, for terraform_data.
    Terraform(terraform::TerraformArgs),
    /// Practise in the TUI: due questions first, new ones mixed in, feedback after each.
    Practice(tui::TuiArgs),
    /// Take a timed exam in the TUI: questions across the lesson's domains, scored at the end.
    Exam(tui::TuiArgs),
    /// Review recently missed questions in the TUI until each is answered right.
    Review(tui::TuiArgs),
    /// Print accuracy per topic, streaks and due counts from the progress store.
    Stats(stats::StatsArgs),
}

/// Runs the command line; returns the process exit code.
pub fn run(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    match cli.command {
        Some(Command::Eval(a)) => eval::run(a),
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            clap_complete::generate(shell, &mut Cli::command(), "iacquiz", &mut std::io::stdout());
            0
        }
        Some(Command::Check(a)) => check::run(a),
        Some(Command::Bank(a)) => bank::run(a),
        Some(Command::Blocks(a)) => blocks::run(a),
        Some(Command::Conditions(a)) => conditions::run(a),
        Some(Command::Cfn(a)) => cfn::run(a),
        Some(Command::Diagnose(a)) => diagnose::run(a),
        Some(Command::Quiz(a)) => quiz::run(a),
        Some(Command::Rivet(a)) => rivet::run(a),
        Some(Command::Terraform(a)) => terraform::run(a),
        Some(Command::Practice(a)) => tui::run(Some(crate::quiz::Mode::Practice), a),
        Some(Command::Exam(a)) => tui::run(Some(crate::quiz::Mode::Exam), a),
        Some(Command::Review(a)) => tui::run(Some(crate::quiz::Mode::Review), a),
        Some(Command::Stats(a)) => stats::run(a),
        None => tui::run(None, tui::TuiArgs::default()),
    }
}
