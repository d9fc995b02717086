//! The state on disk, exactly as Terraform writes it: `terraform.tfstate` in format 4 (read
//! from what every release 1.0 to 1.15 writes, written byte for byte as release 1.6, 1.12 or
//! 1.14 writes it), serial and lineage, the backup, workspaces and their folders, the local
//! backend's lock, and the state commands (`state list`, `state mv`, `state rm`, `taint`,
//! `untaint`) as functions on [`crate::workflow::model::State`].
//!
//! One file, one job:
//!
//! ```text
//! json        Go's encoding/json: an ordered tree, syntax errors with offsets, MarshalIndent
//! cty_json    types and values in go-cty's JSON ({"value":..., "type":...} for dynamic)
//! schema      the attributes of terraform_data and terraform_remote_state
//! sensitive   sensitive_attributes: paths of marked values, and the marks put back
//! diag        Terraform's errors (summary and detail) and its "N problems" text
//! read        bytes → State, with Terraform's checks and words
//! write       State → bytes, as a given release writes them
//! lineage     serial and lineage: UUIDs from a caller's random source
//! store       a workspace's state file: read, write (serial, backup), as the local backend
//! workspace   terraform.tfstate.d/, .terraform/environment, TF_WORKSPACE; list/new/select/delete
//! lock        .terraform.tfstate.lock.info and the fcntl lock beside it
//! commands    state list / mv / rm, taint / untaint, state pull
//! ```

pub mod commands;
pub mod cty_json;
pub mod diag;
pub mod json;
pub mod lineage;
pub mod lock;
pub mod read;
pub mod schema;
pub mod sensitive;
pub mod store;
pub mod workspace;
pub mod write;

pub use diag::Diagnostic;
pub use read::{ReadError, read_state};
pub use write::{WriteStateError, write_state};
