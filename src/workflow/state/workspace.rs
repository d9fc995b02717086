//! Workspaces as the local backend keeps them: `default` in `terraform.tfstate`, any other in
//! `terraform.tfstate.d/NAME/terraform.tfstate`, the selected one's name in
//! `.terraform/environment` (no newline), and `TF_WORKSPACE` over both. The commands
//! `workspace list/show/new/select/delete` print what Terraform prints (colours off).
//!
//! What the recordings show on disk: `init` of a configuration with only built-in resources
//! creates nothing at all (no `.terraform/`); `workspace new` creates the folder
//! `terraform.tfstate.d/NAME/` and `.terraform/environment`, but no state file (the empty file
//! its lock creates is removed again); `workspace delete` removes the folder.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::diag::Diagnostic;
use super::read::{ReadError, read_state};
use crate::lang::dialect::releases::TfVersion;

/// The workspace every folder has.
pub const DEFAULT: &str = "default";
/// The default workspace's state file.
pub const DEFAULT_STATE: &str = "terraform.tfstate";
/// The folder of the other workspaces' states.
pub const WORKSPACES_DIR: &str = "terraform.tfstate.d";
/// Where the selected workspace's name is kept, under the working folder.
pub const ENVIRONMENT_FILE: &str = ".terraform/environment";
/// A state file is not read past this size (a state of many thousand resources fits).
const STATE_CAP: u64 = 256 << 20;

/// The release from which a refused workspace name's message also mentions an empty name, and
/// deleting `default` is refused by the command ("Cannot delete the default workspace",
/// before the state is read) rather than by the backend ("cannot delete default state", after
/// the not-empty check). Seen at 1.13.5 and 1.14.9; 1.12.2 and 1.6.6 have the older texts.
pub const NEW_WORDING_SINCE: TfVersion = (1, 13, 0);

/// What went wrong, and the text Terraform prints for it (on stderr).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkspaceError {
    /// `workspace new` of a workspace that exists.
    Exists(String),
    /// A name with characters a URL path segment would escape, or a `/`.
    InvalidName(String),
    /// `select` or `delete` of a workspace that does not exist.
    Missing(String),
    /// `select`/`new` while `TF_WORKSPACE` decides the workspace.
    Overridden(String),
    /// `delete` of the selected workspace.
    Current(String),
    /// `delete` of `default`.
    Default(String),
    /// `delete` without `-force` of a workspace that still tracks managed resources (a
    /// diagnostic, framed when shown).
    NotEmpty(Diagnostic),
    /// The workspace's state could not be read.
    State(ReadError),
    /// A file or folder could not be read or written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
}

impl fmt::Display for WorkspaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkspaceError::Exists(t)
            | WorkspaceError::InvalidName(t)
            | WorkspaceError::Missing(t)
            | WorkspaceError::Overridden(t)
            | WorkspaceError::Current(t)
            | WorkspaceError::Default(t) => f.write_str(t),
            WorkspaceError::NotEmpty(d) => write!(f, "Error: {}\n\n{}", d.summary, d.detail),
            WorkspaceError::State(e) => write!(f, "Failed to load state: {e}"),
            WorkspaceError::Io { path, reason } => write!(f, "{}: {reason}", path.display()),
        }
    }
}

impl std::error::Error for WorkspaceError {}

fn io_error(path: &Path, e: &io::Error) -> WorkspaceError {
    WorkspaceError::Io {
        path: path.to_path_buf(),
        reason: e.to_string(),
    }
}

/// A working folder's workspaces.
#[derive(Clone, Debug)]
pub struct Workspaces {
    dir: PathBuf,
    /// `TF_WORKSPACE`, when set (and not empty).
    env: Option<String>,
    release: TfVersion,
    /// The default workspace's state file (the local backend's `path`), relative to `dir`.
    default_state: PathBuf,
    /// The other workspaces' folder (the local backend's `workspace_dir`), relative to `dir`.
    workspaces_dir: PathBuf,
}

impl Workspaces {
    /// The workspaces of folder `dir`, as release `release` sees them; `tf_workspace` is the
    /// `TF_WORKSPACE` variable's value, if any.
    pub fn new(dir: &Path, tf_workspace: Option<&str>, release: TfVersion) -> Workspaces {
        Workspaces {
            dir: dir.to_path_buf(),
            env: tf_workspace.filter(|s| !s.is_empty()).map(str::to_string),
            release,
            default_state: PathBuf::from(DEFAULT_STATE),
            workspaces_dir: PathBuf::from(WORKSPACES_DIR),
        }
    }

    /// These workspaces with the local backend's settings: the default workspace's state
    /// file and the folder of the others, relative to the working folder.
    pub fn with_backend(mut self, default_state: &str, workspaces_dir: &str) -> Workspaces {
        self.default_state = PathBuf::from(default_state);
        self.workspaces_dir = PathBuf::from(workspaces_dir);
        self
    }

    /// The state file of workspace `name`.
    pub fn state_path(&self, name: &str) -> PathBuf {
        // The belief that workspaces share one state: every workspace reads the default's.
        if name == DEFAULT || crate::workflow::model::beliefs::flipped(crate::lang::Rule::WorkspacesSeparateState) {
            self.dir.join(&self.default_state)
        } else {
            self.dir.join(&self.workspaces_dir).join(name).join(DEFAULT_STATE)
        }
    }

    /// The selected workspace: `TF_WORKSPACE`, else `.terraform/environment`, else `default`.
    pub fn current(&self) -> Result<String, WorkspaceError> {
        if let Some(e) = &self.env {
            return Ok(e.clone());
        }
        let path = self.dir.join(ENVIRONMENT_FILE);
        match crate::confine::read_regular_text(&path, 4096) {
            Ok(text) => {
                let name = text.trim();
                Ok(if name.is_empty() { DEFAULT.to_string() } else { name.to_string() })
            }
            Err(_) if !path.exists() => Ok(DEFAULT.to_string()),
            Err(e) => Err(WorkspaceError::Io {
                path,
                reason: e.to_string(),
            }),
        }
    }

    /// Every workspace: `default` first, then the folders of `terraform.tfstate.d/` by name.
    pub fn names(&self) -> Result<Vec<String>, WorkspaceError> {
        let mut out = vec![DEFAULT.to_string()];
        let dir = self.dir.join(&self.workspaces_dir);
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(out),
            Err(e) => return Err(io_error(&dir, &e)),
        };
        let mut others = Vec::new();
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir())
                && let Ok(name) = entry.file_name().into_string()
                && name != DEFAULT
            {
                others.push(name);
            }
        }
        others.sort();
        out.extend(others);
        Ok(out)
    }

    /// `terraform workspace show`.
    pub fn show(&self) -> Result<String, WorkspaceError> {
        Ok(format!("{}\n", self.current()?))
    }

    /// `terraform workspace list`: `* ` before the selected one, two spaces before the others,
    /// a blank line after; a note when `TF_WORKSPACE` decides.
    pub fn list(&self) -> Result<String, WorkspaceError> {
        let current = self.current()?;
        let mut out = String::new();
        for n in self.names()? {
            out.push_str(if n == current { "* " } else { "  " });
            out.push_str(&n);
            out.push('\n');
        }
        out.push('\n');
        if self.env.is_some() {
            out.push_str("\n\nThe active workspace is being overridden using the TF_WORKSPACE environment\nvariable.\n\n");
        }
        Ok(out)
    }

    fn check_name(&self, name: &str) -> Result<(), WorkspaceError> {
        if valid_name(name) {
            return Ok(());
        }
        let tail = if self.release >= NEW_WORDING_SINCE {
            "characters, contain no path separators, and not be an empty string."
        } else {
            "characters, and no path separators."
        };
        Err(WorkspaceError::InvalidName(format!(
            "\nThe workspace name {name:?} is not allowed. The name must contain only URL safe\n{tail}\n\n"
        )))
    }

    fn missing(name: &str, leading_newline: bool) -> WorkspaceError {
        WorkspaceError::Missing(format!(
            "{}Workspace {name:?} doesn't exist.\n\nYou can create this workspace with the \"new\" subcommand \nor include the \"-or-create\" flag with the \"select\" subcommand.\n",
            if leading_newline { "\n" } else { "" }
        ))
    }

    fn write_environment(&self, name: &str) -> Result<(), WorkspaceError> {
        let dir = self.dir.join(".terraform");
        fs::create_dir_all(&dir).map_err(|e| io_error(&dir, &e))?;
        let path = self.dir.join(ENVIRONMENT_FILE);
        crate::atomic_write::write_atomic(&path, name.as_bytes()).map_err(|e| WorkspaceError::Io { path, reason: e.reason() })
    }

    /// `terraform workspace new NAME`: creates its folder and selects it.
    pub fn create(&self, name: &str) -> Result<String, WorkspaceError> {
        if let Some(env) = &self.env
            && env != name
        {
            return Err(WorkspaceError::Overridden(
                "\nThe workspace is currently overridden using the TF_WORKSPACE environment\nvariable. You cannot create a new workspace when using this setting.\n\nTo create a new workspace, either unset this environment variable or update it\nto match the workspace name you are trying to create, and then run this command\nagain.\n\n".into(),
            ));
        }
        self.check_name(name)?;
        if self.names()?.iter().any(|n| n == name) {
            return Err(WorkspaceError::Exists(format!("Workspace {name:?} already exists\n")));
        }
        let dir = self.dir.join(&self.workspaces_dir).join(name);
        fs::create_dir_all(&dir).map_err(|e| io_error(&dir, &e))?;
        self.write_environment(name)?;
        Ok(format!(
            "Created and switched to workspace {name:?}!\n\nYou're now on a new, empty workspace. Workspaces isolate their state,\nso if you run \"terraform plan\" Terraform will not see any existing state\nfor this configuration.\n"
        ))
    }

    /// `terraform workspace select [-or-create] NAME`.
    pub fn select(&self, name: &str, or_create: bool) -> Result<String, WorkspaceError> {
        if self.env.is_some() {
            return Err(WorkspaceError::Overridden(
                "\nThe selected workspace is currently overridden using the TF_WORKSPACE\nenvironment variable.\n\nTo select a new workspace, either update this environment variable or unset\nit and then run this command again.\n\n".into(),
            ));
        }
        self.check_name(name)?;
        if !self.names()?.iter().any(|n| n == name) {
            if or_create {
                return self.create(name);
            }
            return Err(Self::missing(name, true));
        }
        self.write_environment(name)?;
        Ok(format!("Switched to workspace {name:?}.\n"))
    }

    /// `terraform workspace delete [-force] NAME`: refuses the selected workspace, `default`,
    /// and (without `force`) one whose state still tracks managed resources.
    pub fn delete(&self, name: &str, force: bool) -> Result<String, WorkspaceError> {
        if !self.names()?.iter().any(|n| n == name) {
            return Err(Self::missing(name, false));
        }
        if self.current()? == name {
            return Err(WorkspaceError::Current(format!(
                "Workspace {name:?} is your active workspace.\n\nYou cannot delete the currently active workspace. Please switch\nto another workspace and try again.\n"
            )));
        }
        if name == DEFAULT && self.release >= NEW_WORDING_SINCE {
            return Err(WorkspaceError::Default("Cannot delete the default workspace\n".into()));
        }
        let path = self.state_path(name);
        let managed: Vec<String> = match crate::confine::read_regular(&path, STATE_CAP) {
            Ok(bytes) => match read_state(&bytes, self.release) {
                Ok(state) => managed_objects(&state),
                Err(ReadError::NoState) => Vec::new(),
                Err(e) => return Err(WorkspaceError::State(e)),
            },
            Err(_) if !path.exists() => Vec::new(),
            Err(e) => {
                return Err(WorkspaceError::Io {
                    path,
                    reason: e.to_string(),
                });
            }
        };
        if !managed.is_empty() && !force {
            let list: String = managed.iter().map(|m| format!("\n  - {m}")).collect();
            return Err(WorkspaceError::NotEmpty(Diagnostic::new(
                "Workspace is not empty",
                format!(
                    "Workspace {name:?} is currently tracking the following resource instances:{list}\n\nDeleting this workspace would cause Terraform to lose track of any associated remote objects, which would then require you to delete them manually outside of Terraform. You should destroy these objects with Terraform before deleting the workspace.\n\nIf you want to delete this workspace anyway, and have Terraform forget about these managed objects, use the -force option to disable this safety check."
                ),
            )));
        }
        if name == DEFAULT {
            return Err(WorkspaceError::Default("cannot delete default state\n".into()));
        }
        let dir = self.dir.join(&self.workspaces_dir).join(name);
        // The folder is the workspace's own (its state, backups, lock info): removed whole, as
        // Terraform removes it. A link in its place is removed, never followed.
        let meta = fs::symlink_metadata(&dir).map_err(|e| io_error(&dir, &e))?;
        if meta.file_type().is_symlink() {
            fs::remove_file(&dir).map_err(|e| io_error(&dir, &e))?;
        } else {
            fs::remove_dir_all(&dir).map_err(|e| io_error(&dir, &e))?;
        }
        let mut out = format!("Deleted workspace {name:?}!\n");
        if !managed.is_empty() {
            out.push_str(&format!(
                "WARNING: {name:?} was non-empty.\nThe resources managed by the deleted workspace may still exist,\nbut are no longer manageable by Terraform since the state has\nbeen deleted.\n\n"
            ));
        }
        Ok(out)
    }
}

/// The managed objects a state tracks, as `workspace delete` lists them (deposed objects
/// named as such).
pub fn managed_objects(state: &crate::workflow::model::State) -> Vec<String> {
    let mut out = Vec::new();
    let mut addrs: Vec<_> = state
        .resources
        .iter()
        .filter(|r| r.addr.mode == crate::workflow::model::ResourceMode::Managed)
        .flat_map(|r| r.instances.iter().map(move |i| (r.addr.instance(i.key.clone()), i)))
        .collect();
    addrs.sort_by(|a, b| super::commands::instance_order(&a.0, &b.0));
    for (addr, inst) in addrs {
        if inst.current.is_some() {
            out.push(addr.to_string());
        }
        for dk in inst.deposed.keys() {
            out.push(format!("{addr} (deposed object {dk})"));
        }
    }
    out
}

/// A workspace name Terraform accepts: not empty, and unchanged by Go's `url.PathEscape`
/// (letters, digits, `-._~` and `$&+:=@`; no `/`, no space, nothing beyond ASCII).
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~$&+:=@".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_those_a_url_path_segment_keeps() {
        for ok in ["dev", "a-b_c.d~e", "x$&+:=@y", "UPPER9"] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in ["", "a/b", "a b", "é", "a?b", "a,b", "a;b", "a%b", "a!b"] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
