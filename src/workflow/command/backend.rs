//! The local backend's settings (`path`, `workspace_dir`) as Terraform keeps them: read from
//! the configuration's `backend "local"` block (and, at `init`, `-backend-config`), saved
//! with their hash in `.terraform/terraform.tfstate`, and used by every other command only
//! while the configuration still has the hash saved (else "Backend initialization
//! required").

use std::path::Path;

use super::diagnostic::Report;
use crate::lang::Diag;
use crate::lang::config::Config;
use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::{BodyAst, ExprKind};
use crate::workflow::model::gates;
use crate::workflow::state::json::{self, Json};

/// Where Terraform keeps the backend it was initialized with.
pub const CACHE: &str = ".terraform/terraform.tfstate";
/// The state file of the default workspace when `path` is not set.
pub const DEFAULT_PATH: &str = "terraform.tfstate";
/// The folder of the other workspaces when `workspace_dir` is not set.
pub const DEFAULT_WORKSPACE_DIR: &str = "terraform.tfstate.d";

/// The local backend's two settings; `None` is not set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LocalSettings {
    /// `path`: the default workspace's state file.
    pub path: Option<String>,
    /// `workspace_dir`: the folder of the other workspaces.
    pub workspace_dir: Option<String>,
}

impl LocalSettings {
    /// The default workspace's state file, relative to the working folder.
    pub fn state_path(&self) -> &str {
        self.path.as_deref().unwrap_or(DEFAULT_PATH)
    }

    /// The other workspaces' folder, relative to the working folder.
    pub fn workspace_dir(&self) -> &str {
        self.workspace_dir.as_deref().unwrap_or(DEFAULT_WORKSPACE_DIR)
    }

    /// The hash Terraform saves: cty's hash (CRC-32 of its set-hash text) of the tuple of the
    /// type and the block's values, `<"local";<PATH;WORKSPACE_DIR;>;>`, a null as `~`.
    pub fn hash(&self) -> u32 {
        let text = |v: &Option<String>| match v {
            Some(s) => crate::lang::value::render::go_quote(s),
            None => "~".to_string(),
        };
        crate::lang::funcs::crc32(format!("<\"local\";<{};{};>;>", text(&self.path), text(&self.workspace_dir)).as_bytes())
    }

    /// These settings with `other`'s set ones over them (`-backend-config` over the block).
    pub fn merged(&self, other: &LocalSettings) -> LocalSettings {
        LocalSettings {
            path: other.path.clone().or_else(|| self.path.clone()),
            workspace_dir: other.workspace_dir.clone().or_else(|| self.workspace_dir.clone()),
        }
    }

    fn to_json(&self) -> Json {
        let v = |s: &Option<String>| s.clone().map_or(Json::Null, Json::String);
        Json::Object(vec![
            ("path".into(), v(&self.path)),
            ("workspace_dir".into(), v(&self.workspace_dir)),
        ])
    }
}

/// The settings a body gives (a `backend "local"` block's, or a `-backend-config` file's):
/// its string attributes `path` and `workspace_dir`.
fn settings_of(body: &BodyAst) -> LocalSettings {
    let get = |name: &str| {
        body.attrs.iter().find(|a| a.name == name).and_then(|a| match &a.expr.kind {
            ExprKind::Str(s) => Some(s.clone()),
            _ => None,
        })
    };
    LocalSettings {
        path: get("path"),
        workspace_dir: get("workspace_dir"),
    }
}

/// The configuration's `backend "local"` block, if it has one (other backends are refused
/// when the configuration loads).
pub fn configured(config: &Config) -> Option<LocalSettings> {
    config.files.iter().find_map(|f| {
        f.body
            .blocks_of("terraform")
            .flat_map(|t| t.body.blocks_of("backend"))
            .find(|b| b.labels.first().map(String::as_str) == Some("local"))
            .map(|b| settings_of(&b.body))
    })
}

/// The backend `.terraform/terraform.tfstate` records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The settings saved (with any `-backend-config` merged in).
    pub settings: LocalSettings,
    /// The hash of the configuration's block when they were saved.
    pub hash: u64,
    /// Before 1.9 the file is a legacy state: its serial and lineage.
    pub legacy: Option<(u64, String)>,
}

/// Reads `.terraform/terraform.tfstate`; `None` when there is none, or it names no backend.
pub fn read_saved(dir: &Path) -> Option<Saved> {
    let text = crate::confine::read_regular_text(&dir.join(CACHE), 1 << 20).ok()?;
    let doc = json::parse(text.as_bytes()).ok()?;
    let backend = doc.get("backend")?;
    if !matches!(backend.get("type"), Some(Json::String(t)) if t == "local") {
        return None;
    }
    let config = backend.get("config");
    let field = |k: &str| match config.and_then(|c| c.get(k)) {
        Some(Json::String(s)) => Some(s.clone()),
        _ => None,
    };
    let hash = match backend.get("hash") {
        Some(Json::Number(n)) => n.parse().ok()?,
        _ => return None,
    };
    let legacy = match (doc.get("serial"), doc.get("lineage")) {
        (Some(Json::Number(s)), Some(Json::String(l))) => Some((s.parse().unwrap_or(0), l.clone())),
        _ => None,
    };
    Some(Saved {
        settings: LocalSettings {
            path: field("path"),
            workspace_dir: field("workspace_dir"),
        },
        hash,
        legacy,
    })
}

/// The text of `.terraform/terraform.tfstate` for `settings` saved with `hash` by `version`:
/// from 1.9 a small file indented by two spaces without a final newline; before, a legacy
/// state (version 3, serial and lineage, an empty root module) indented by four spaces.
/// `None` for the backend: the file of a folder whose backend was unset.
pub fn saved_text(backend: Option<(&LocalSettings, u32)>, version: TfVersion, legacy: (u64, &str)) -> String {
    let backend = backend.map(|(settings, hash)| {
        Json::Object(vec![
            ("type".into(), Json::String("local".into())),
            ("config".into(), settings.to_json()),
            ("hash".into(), Json::Number(hash.to_string())),
        ])
    });
    if gates::has(version, &gates::BACKEND_CACHE_SMALL) {
        let mut doc = vec![
            ("version".into(), Json::Number("3".into())),
            (
                "terraform_version".into(),
                Json::String(crate::workflow::state::write::release_text(version)),
            ),
        ];
        doc.extend(backend.map(|b| ("backend".to_string(), b)));
        return json::to_indented(&Json::Object(doc));
    }
    let root = Json::Object(vec![
        ("path".into(), Json::Array(vec![Json::String("root".into())])),
        ("outputs".into(), Json::Object(Vec::new())),
        ("resources".into(), Json::Object(Vec::new())),
        ("depends_on".into(), Json::Array(Vec::new())),
    ]);
    let mut doc = vec![
        ("version".into(), Json::Number("3".into())),
        ("serial".into(), Json::Number(legacy.0.to_string())),
        ("lineage".into(), Json::String(legacy.1.to_string())),
    ];
    doc.extend(backend.map(|b| ("backend".to_string(), b)));
    doc.push(("modules".into(), Json::Array(vec![root])));
    let doc = Json::Object(doc);
    // The legacy writer indents by four spaces and ends with a newline.
    let two = json::to_indented(&doc);
    let four: String = two
        .lines()
        .map(|l| {
            let depth = l.len() - l.trim_start_matches(' ').len();
            format!("{}{}\n", " ".repeat(depth * 2), &l[depth..])
        })
        .collect();
    four
}

/// The `-backend-config` options of `init`, in order: `KEY=VALUE` sets one setting, anything
/// else names a file of settings (relative to the working folder).
pub fn overrides(dir: &Path, given: &[&str]) -> Result<Option<LocalSettings>, Box<Report>> {
    if given.is_empty() {
        return Ok(None);
    }
    let mut out = LocalSettings::default();
    for item in given {
        let one = match item.split_once('=') {
            Some((key, value)) => match key {
                "path" => LocalSettings {
                    path: Some(value.to_string()),
                    ..LocalSettings::default()
                },
                "workspace_dir" => LocalSettings {
                    workspace_dir: Some(value.to_string()),
                    ..LocalSettings::default()
                },
                other => {
                    return Err(Box::new(Report::error(Diag::new(
                        "Invalid backend configuration argument",
                        format!(
                            "The backend configuration argument {other:?} given on the command line is not expected for the selected backend type."
                        ),
                    ))));
                }
            },
            None => {
                let text = crate::confine::read_regular_text(&dir.join(item), 1 << 20).map_err(|e| {
                    Box::new(Report::error(Diag::new(
                        "Failed to read file",
                        format!("The file {item:?} could not be read: {e}"),
                    )))
                })?;
                let body = crate::lang::syntax::parse_body(&text).map_err(|d| Box::new(Report::error(d)))?;
                settings_of(&body)
            }
        };
        out = out.merged(&one);
    }
    Ok(Some(out))
}

/// Why a command other than `init` cannot use the backend, as Terraform words it.
pub fn init_required(summary: &str, reason: &str) -> Report {
    Report::error(Diag::new(
        summary,
        format!(
            "Reason: {reason}\n\nThe \"backend\" is the interface that Terraform uses to store state,\nperform operations, etc. If this message is showing up, it means that the\nTerraform configuration you're using is using a custom configuration for\nthe Terraform backend.\n\nChanges to backend configurations require reinitialization. This allows\nTerraform to set up the new configuration, copy existing state, etc. Please run\n\"terraform init\" with either the \"-reconfigure\" or \"-migrate-state\" flags to\nuse the current configuration.\n\nIf the change reason above is incorrect, please verify your configuration\nhasn't changed and try again. At this point, no changes to your existing\nconfiguration or state have been made."
        ),
    ))
}

/// The settings a command other than `init` works with: the saved ones while the
/// configuration's block still matches them, the defaults with neither.
pub fn for_command(config: Option<&LocalSettings>, saved: Option<&Saved>) -> Result<LocalSettings, Box<Report>> {
    const COMMA: &str = "Backend initialization required, please run \"terraform init\"";
    // The belief that plan and apply take up a new or changed backend block by themselves.
    let changed = match (config, saved) {
        (None, None) => false,
        (Some(c), Some(s)) => !(u64::from(c.hash()) == s.hash || *c == s.settings),
        _ => true,
    };
    if changed && crate::workflow::model::beliefs::flipped(crate::lang::Rule::BackendChangeNeedsInit) {
        return Ok(config.cloned().unwrap_or_default());
    }
    match (config, saved) {
        (None, None) => Ok(LocalSettings::default()),
        (None, Some(_)) => Err(Box::new(init_required(COMMA, "Unsetting the previously set backend \"local\""))),
        (Some(_), None) => Err(Box::new(init_required(
            COMMA,
            "Initial configuration of the requested backend \"local\"",
        ))),
        (Some(c), Some(s)) => {
            // Terraform also accepts a block whose hash changed but whose values are the saved
            // ones (it then saves the new hash).
            if u64::from(c.hash()) == s.hash || *c == s.settings {
                Ok(s.settings.clone())
            } else {
                Err(Box::new(init_required(
                    "Backend initialization required: please run \"terraform init\"",
                    "Backend configuration block has changed",
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_those_terraform_saves() {
        let s = |p: Option<&str>, w: Option<&str>| LocalSettings {
            path: p.map(str::to_string),
            workspace_dir: w.map(str::to_string),
        };
        // Recorded from Terraform 1.12.2 and 1.14.9.
        assert_eq!(s(Some("a.tfstate"), None).hash(), 2_985_648_108);
        assert_eq!(s(None, None).hash(), 666_019_178);
        assert_eq!(s(Some("a.tfstate"), Some("ws")).hash(), 346_122_385);
    }
}
