//! `iacquiz check`: every instance of every question proved against its engine (`prove`), the
//! instances a parameterised question is proved on (`domain`), `since` computed, collapsing
//! difficulties and stated literals found, coverage, and the report formats. Uses every room
//! of the bank but `draft`.

pub mod believers;
pub mod collapse;
pub mod coverage;
pub mod domain;
pub mod literals;
mod prove;
pub mod report;
pub mod since;

pub use prove::*;
