//! Which Terraform is emulated: the release (its gated behaviours, each with its source) and
//! the rules (Terraform's own, or one flipped by a misconception). Uses nothing else of `lang`.

pub mod releases;
pub mod root_blocks;
pub mod rules;
