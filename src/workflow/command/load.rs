//! The configuration of the working folder, loaded as every command loads it, and refused
//! where the emulator stops: a provider other than the built-in one, a remote backend, a
//! module from a registry or a remote address.

use std::path::Path;

use super::diagnostic::Report;
use crate::lang::Diag;
use crate::lang::config::Config;
use crate::lang::config::resources::Mode;
use crate::lang::dialect::releases::TfVersion;

/// What iacquiz says where it stops emulating.
pub fn beyond(what: &str) -> Diag {
    Diag::new(
        "Not emulated",
        format!("iacquiz terraform emulates the built-in terraform_data and terraform_remote_state only; {what}"),
    )
}

/// The provider a resource type belongs to, as Terraform infers it (the type's first word),
/// with its registry address.
fn provider_of(rtype: &str) -> String {
    let prefix = rtype.split('_').next().unwrap_or(rtype);
    format!("hashicorp/{prefix}")
}

/// The configuration as parsed, before the checks of its decoded blocks: what `init`'s module
/// installer reads (its module calls). `None` when a file does not parse.
pub fn load_parsed(dir: &Path, version: TfVersion) -> Option<Config> {
    let config = Config::load_dir_at(dir, version).ok()?;
    let parses = config
        .files
        .iter()
        .all(|f| crate::lang::syntax::partial_body::parse_file(&f.src, &f.name).is_ok());
    parses.then_some(config)
}

/// The decoding errors of the called modules of `tree` (not its own), at any depth, their
/// files named from the root folder (`modules/app/main.tf`): Terraform loads every module
/// of the tree before it plans, validates or finishes `init`.
pub fn module_errors(tree: &crate::workflow::plan::tree::ModuleTree, version: TfVersion) -> Vec<Report> {
    let mut out = Vec::new();
    for call in tree.calls.values() {
        if let Err(reports) = decoded(call.tree.config.clone(), version) {
            let rel = &call.tree.rel_dir;
            out.extend(reports.into_iter().map(|mut r| {
                if let Some(f) = &r.diag.file {
                    r.diag.file = Some(format!("{rel}/{f}"));
                }
                r
            }));
        }
        out.extend(module_errors(&call.tree, version));
    }
    out
}

/// Loads the configuration and checks its decoded blocks, references not checked yet.
pub fn load_decoded(dir: &Path, version: TfVersion) -> Result<Config, Vec<Report>> {
    let config = Config::load_dir_at(dir, version).map_err(|d| vec![Report::error(d)])?;
    decoded(config, version)
}

/// The root module's files of a saved plan (see [`load_decoded`]), in folder `dir`.
pub fn load_decoded_texts(dir: &Path, texts: Vec<(String, String)>, version: TfVersion) -> Result<Config, Vec<Report>> {
    let mut config = Config::load_texts(texts, version).map_err(|d| vec![Report::error(d)])?;
    config.dir = Some(dir.to_path_buf());
    decoded(config, version)
}

/// The checks of a loaded configuration's decoded blocks.
fn decoded(config: Config, version: TfVersion) -> Result<Config, Vec<Report>> {
    // A file's own error (or a block younger than the release: `removed` before 1.7) comes
    // with what merging the blocks into the module refuses of what did decode (Terraform's
    // appendFile runs on the partial file: 1.6.6 reports an import to a move source beside an
    // unsupported `removed` block).
    let early = config
        .load_error
        .clone()
        .or_else(|| crate::lang::funcs::provider::gate_config(&config.files, version));
    if let Some(d) = early {
        // Every schema error is reported, not only the first.
        let mut out = vec![Report::error(d.clone())];
        out.extend(
            crate::lang::config::decode_checks::all(&config.files, version)
                .into_iter()
                .filter(|e| *e != d)
                .map(Report::error),
        );
        out.extend(super::static_checks::decoding(&config, version).into_iter().map(Report::error));
        out.sort_by_key(|r| (r.diag.file.clone(), r.diag.span.as_ref().map(|s| s.start)));
        return Err(out);
    }
    let mut refusals: Vec<Report> = super::static_checks::decoding(&config, version)
        .into_iter()
        .chain(super::core_version::decode_errors(&config))
        .chain(crate::workflow::plan::providers::duplicate_errors(&config))
        // A variable's type that is no type, or a default that refers or does not convert,
        // is refused as the block is decoded (configs.decodeVariableBlock; tf-oracle 1.12.2:
        // `init` and `validate` refuse a `default = "many"` of a number).
        .chain(config.first_variable_error(version))
        .map(Report::error)
        .collect();
    for r in &config.resources {
        // Terraform refuses this when it decodes the block, before anything is evaluated.
        if let (Some(_), Some(each)) = (r.body.attr("count"), r.body.attr("for_each")) {
            refusals.push(Report::error(
                Diag::new(
                    "Invalid combination of \"count\" and \"for_each\"",
                    "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.",
                )
                .at(&(each.span.start..each.span.start + "for_each".len()))
                .in_file(config.file_name(r.file)),
            ));
        }
        let ok = match r.mode {
            Mode::Managed => r.rtype == "terraform_data",
            Mode::Data => r.rtype == "terraform_remote_state",
        };
        if !ok {
            let p = provider_of(&r.rtype);
            refusals.push(Report::error(
                beyond(&format!(
                    "{p} needs the real provider ({} {:?} {:?}).",
                    if r.mode == Mode::Managed { "resource" } else { "data" },
                    r.rtype,
                    r.name
                ))
                .at(&r.span)
                .in_file(config.file_name(r.file)),
            ));
        }
    }
    for f in &config.files {
        for t in f.body.blocks_of("terraform") {
            for b in t.body.blocks_of("backend") {
                if b.labels.first().map(String::as_str) != Some("local") {
                    refusals.push(Report::error(
                        beyond(&format!(
                            "the {:?} backend needs the real Terraform (only the local backend is emulated).",
                            b.labels.first().cloned().unwrap_or_default()
                        ))
                        .at(&b.span)
                        .in_file(&f.name),
                    ));
                }
            }
            for rp in t.body.blocks_of("required_providers") {
                for a in &rp.body.attrs {
                    if a.name != "terraform" {
                        refusals.push(Report::error(
                            beyond(&format!("the provider {:?} needs the real provider.", a.name))
                                .at(&a.span)
                                .in_file(&f.name),
                        ));
                    }
                }
            }
        }
        for p in f.body.blocks_of("provider") {
            let name = p.labels.first().cloned().unwrap_or_default();
            if name != "terraform" {
                refusals.push(Report::error(
                    beyond(&format!("the provider {name:?} needs the real provider."))
                        .at(&p.span)
                        .in_file(&f.name),
                ));
            }
        }
        for m in f.body.blocks_of("module") {
            let source = m
                .body
                .attr("source")
                .and_then(|a| f.src.get(a.expr.span.clone()))
                .map(|s| s.trim().trim_matches('"').to_string())
                .unwrap_or_default();
            if crate::workflow::plan::tree::maybe_relative_path(&source) {
                // A path without `./` is no local module to Terraform: it refuses the address
                // as it decodes the block (tf-oracle 1.12.2: validate and plan).
                let at = m.body.attr("source").map(|a| a.expr.span.clone()).unwrap_or_else(|| m.span.clone());
                refusals.push(Report::error(
                    Diag::new(
                        crate::workflow::plan::tree::INVALID_MODULE_SOURCE,
                        format!("Terraform failed to determine your intended installation method for remote module package {source:?}.\n\nIf you intended this as a path relative to the current module, use \"./{source}\" instead. The \"./\" prefix indicates that the address is a relative filesystem path."),
                    )
                    .at(&at)
                    .in_file(&f.name),
                ));
            } else if !(source.starts_with("./") || source.starts_with("../")) {
                refusals.push(Report::error(
                    beyond(&format!(
                        "the module source {source:?} is not a local path; only local modules are emulated."
                    ))
                    .at(&m.span)
                    .in_file(&f.name),
                ));
            }
        }
    }
    // Terraform prints what it found sorted by position; references are checked only once
    // the blocks decode and the backend is open (workdir::open).
    refusals.sort_by_key(|r| (r.diag.file.clone(), r.diag.span.as_ref().map(|s| s.start)));
    if refusals.is_empty() { Ok(config) } else { Err(refusals) }
}

/// Whether the configuration uses the built-in provider (a `terraform_data` or a
/// `terraform_remote_state`): `init` then lists it.
pub fn uses_builtin(config: &Config) -> bool {
    !config.resources.is_empty()
}
