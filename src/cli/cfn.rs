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
    /// The parent template (YAML or JSON); it and every source must be inside the root folder.
    #[arg(value_name = "PARENT")]
    pub parent: PathBuf,
    /// The root folder: module sources and inserted files may be anywhere inside it (`../`
    /// climbing above the template's folder, or absolute paths), never outside. Default: the
    /// working folder.
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
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
    let root = match &a.root {
        Some(r) => r.clone(),
        None => match std::env::current_dir() {
            Ok(d) => d,
            Err(e) => {
                eprintln!("iacquiz cfn package: the working folder cannot be read ({e}); pass --root DIR");
                return 2;
            }
        },
    };
    if !root.is_dir() {
        eprintln!("iacquiz cfn package: --root {}: no such folder", root.display());
        return 2;
    }
    // A template outside the root is an unusable argument: say which root and how to widen it.
    let input = match cfn::Input::file_in(&a.parent, &root) {
        Ok(i) => i,
        Err(e) if matches!(*e.kind, cfn::ErrorKind::Escape { .. }) => {
            let (which, how) = match &a.root {
                Some(_) => ("", "pass a --root DIR that holds it"),
                None => (" (the working folder)", "run from a folder that holds it, or pass --root DIR"),
            };
            eprintln!(
                "iacquiz cfn package: {}: the template is outside the root folder {}{which}; {how}",
                a.parent.display(),
                root.display()
            );
            return 2;
        }
        Err(e) => {
            eprintln!("iacquiz cfn package: {}", e.kind);
            return 2;
        }
    };
    let t = match cfn::package(input, &Rules::real()) {
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
