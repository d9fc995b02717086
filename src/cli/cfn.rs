//! `iacquiz cfn package`: package a CloudFormation template's `Modules:` as cfnrain does.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use crate::cfn;
use crate::lang::Rules;

/// CloudFormation modules (cfnrain): package a template's Modules into plain resources.
#[derive(Args, Debug)]
pub struct CfnArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: CfnCommand,
}

/// The `cfn` subcommands.
#[derive(Subcommand, Debug)]
pub enum CfnCommand {
    /// Package a parent template: expand its Modules and print the plain template.
    Package(PackageArgs),
}

/// Output formats of `cfn package`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Block-style YAML, intrinsic functions in long form.
    Yaml,
    /// Indented JSON.
    Json,
}

/// Arguments of `iacquiz cfn package`.
#[derive(Args, Debug)]
pub struct PackageArgs {
    /// The parent template (YAML or JSON); module sources must stay inside its folder.
    #[arg(value_name = "PARENT")]
    pub parent: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "yaml")]
    pub format: Format,
    /// Write the packaged template here instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub out: Option<PathBuf>,
}

/// Runs `iacquiz cfn`.
pub fn run(a: CfnArgs) -> i32 {
    match a.command {
        CfnCommand::Package(p) => package(p),
    }
}

fn package(a: PackageArgs) -> i32 {
    // A PARENT that is not a file is an unusable argument (2), not a packaging finding (1).
    // A FIFO or a device is refused here: opening it could block for ever.
    match std::fs::metadata(&a.parent) {
        Ok(m) if m.is_file() => {}
        Ok(m) if !m.is_dir() => {
            eprintln!(
                "iacquiz cfn package: {}: not a regular file (a FIFO, a device or a socket could block or never end)",
                a.parent.display()
            );
            return 2;
        }
        _ => {
            eprintln!("iacquiz cfn package: {}: no such template file", a.parent.display());
            return 2;
        }
    }
    let t = match cfn::package(a.parent.as_path(), &Rules::real()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("iacquiz cfn package: {e}");
            return 1;
        }
    };
    let text = match a.format {
        Format::Yaml => cfn::render_yaml(&t),
        Format::Json => cfn::render_json(&t),
    };
    match &a.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("iacquiz cfn package: cannot write {}: {e}", path.display());
                return 1;
            }
        }
        None => print!("{text}"),
    }
    0
}
