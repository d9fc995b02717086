//! Terraform's colour markup for the commands' messages: the renderer's colorstring
//! emulation (`render::colorize`), named here where the commands have always found it.

pub use crate::workflow::render::colorize;
