//! The lines `apply` and `destroy` print while they work, and their closing summary. Terraform
//! applies independent instances in parallel, so its lines for them come in any order; these
//! come in dependency order, each instance's start before its end.

use super::color::colorize;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::gates;
use crate::workflow::plan::Event;

/// A line as Terraform's UI hook prints it: bold, coloured as one text; the line starting an
/// action ends its markup with a reset of its own, the line ending it does not.
fn hook_line(text: &str, starting: bool, color: bool) -> String {
    let end = if starting { "[reset]" } else { "" };
    format!("{}\n", colorize(&format!("[reset][bold]{text}{end}"), color))
}

/// The lines of one event, bold when `color`.
pub fn lines(e: &Event, color: bool) -> String {
    let pair = |start: String, done: String, start_reset: bool| hook_line(&start, start_reset, color) + &hook_line(&done, false, color);
    match e {
        Event::Imported(a, id) => pair(
            format!("{a}: Importing... [id={id}]"),
            format!("{a}: Import complete [id={id}]"),
            false,
        ),
        Event::Created(a, id) => pair(
            format!("{a}: Creating..."),
            format!("{a}: Creation complete after 0s [id={id}]"),
            true,
        ),
        Event::Updated(a, id) => pair(
            format!("{a}: Modifying... [id={id}]"),
            format!("{a}: Modifications complete after 0s [id={id}]"),
            true,
        ),
        Event::Destroyed(a, id, None) => pair(
            format!("{a}: Destroying... [id={id}]"),
            format!("{a}: Destruction complete after 0s"),
            true,
        ),
        Event::Read(a) => pair(format!("{a}: Reading..."), format!("{a}: Read complete after 0s"), true),
        Event::Destroyed(a, id, Some(key)) => pair(
            format!("{a} (deposed object {key}): Destroying... [id={id}]"),
            format!("{a}: Destruction complete after 0s"),
            true,
        ),
    }
}

/// The counts the summary gives: added, changed, destroyed (a replacement adds one and
/// destroys one).
pub fn counts(events: &[Event]) -> (usize, usize, usize) {
    let mut n = (0, 0, 0);
    for e in events {
        match e {
            Event::Imported(..) | Event::Read(..) => {}
            Event::Created(..) => n.0 += 1,
            Event::Updated(..) => n.1 += 1,
            Event::Destroyed(..) => n.2 += 1,
        }
    }
    n
}

/// `Apply complete! Resources: 1 added, 0 changed, 0 destroyed.` (after a blank line), or
/// for `destroy`, `Destroy complete! Resources: 4 destroyed.`; bold green when `color`.
pub fn summary(events: &[Event], destroy: bool, version: TfVersion, color: bool) -> String {
    let text = summary_text(events, destroy);
    // From 1.14 the line end is printed apart from the coloured text.
    if gates::has(version, &gates::APPLY_SUMMARY_SPLIT) {
        format!("{}\n", colorize(&format!("[reset][bold][green]\n{text}"), color))
    } else {
        colorize(&format!("[reset][bold][green]\n{text}\n"), color)
    }
}

/// The summary's words, without line ends.
fn summary_text(events: &[Event], destroy: bool) -> String {
    let (added, changed, destroyed) = counts(events);
    let imported = events.iter().filter(|e| matches!(e, Event::Imported(..))).count();
    let imported = if imported > 0 {
        format!("{imported} imported, ")
    } else {
        String::new()
    };
    if destroy {
        format!("Destroy complete! Resources: {destroyed} destroyed.")
    } else {
        format!("Apply complete! Resources: {imported}{added} added, {changed} changed, {destroyed} destroyed.")
    }
}
