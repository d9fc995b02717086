//! Bank files → validated questions (`loader`): the YAML shape authors write (`raw`), folders
//! read inside their root (`files`), the bundled bank, positions for every error (`located`,
//! `scalar_pos`, `starts`), sources checked per engine (`sources`), the lesson catalogue and
//! references, and the Terraform Associate (004) exam (`exam`). Uses `model` and `answer`.

mod bank;
mod embedded;
pub mod exam;
pub mod files;
pub mod lessons;
mod loader;
pub mod located;
pub mod raw;
pub mod refs;
pub mod scalar_pos;
pub mod sources;
mod starts;

pub use bank::Bank;
pub(crate) use bank::embedded_sources;
pub use loader::*;

/// The bundled bank's files (every file under the crate's `questions/`, embedded by `build.rs`).
pub(crate) fn embedded_files() -> &'static [(&'static str, &'static str)] {
    embedded::FILES
}
