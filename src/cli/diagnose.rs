//! `iacquiz diagnose`: is a learner's answer right, and which misconceptions produce it.

use clap::{Args, ValueEnum};

use super::common::{ConfigArgs, constant};
use crate::bank::answer::diagnose::diagnose;
use crate::lang::Rules;
use crate::mistakes::distract::produce_expr;

/// Output formats.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// For people.
    Text,
    /// {"correct", "expected", "misconceptions", "explanations"}.
    Json,
}

/// Arguments of `iacquiz diagnose`.
#[derive(Args, Debug)]
pub struct DiagnoseArgs {
    /// The expression.
    #[arg(value_name = "EXPR")]
    pub expr: String,
    /// The learner's answer, as an HCL value (`["110", "25"]`, `"standard"`): a literal, never
    /// an expression (exit 2 for `lower("A")`).
    #[arg(value_name = "ANSWER")]
    pub answer: String,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    #[command(flatten)]
    pub cfg: ConfigArgs,
}

/// Runs `iacquiz diagnose`: exit 0 for a right answer, 1 for a wrong one, 2 for unusable input.
pub fn run(a: DiagnoseArgs) -> i32 {
    let session = match a.cfg.session() {
        Ok(s) => s,
        Err(e) => return e.report("diagnose"),
    };
    let real = produce_expr(&session, &a.expr, &Rules::real());
    // The answer is a value: an expression (the question's own, typed back) is not graded.
    if let Some(r) = crate::bank::answer::typed::refusal(&a.answer) {
        let expects_string = real.value.as_ref().is_some_and(crate::bank::answer::typed::holds_string);
        eprintln!(
            "iacquiz diagnose: the answer {:?} is refused: {}",
            a.answer,
            r.message(expects_string)
        );
        return 2;
    }
    let learner = match constant(&a.answer) {
        Ok(v) => v,
        Err(d) => {
            eprintln!("iacquiz diagnose: the answer {:?} is not an HCL value: {d}", a.answer);
            return 2;
        }
    };
    let d = diagnose(&real, &learner, &|r| produce_expr(&session, &a.expr, r));
    match a.format {
        Format::Json => println!("{}", d.json()),
        Format::Text => print!("{}", d.text()),
    }
    if d.correct { 0 } else { 1 }
}
