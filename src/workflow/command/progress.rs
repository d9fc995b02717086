//! The lines `apply` and `destroy` print while they work, and their closing summary. Terraform
//! applies independent instances in parallel, so its lines for them come in any order; these
//! come in dependency order, each instance's start before its end.

use crate::workflow::plan::Event;

/// The lines of one event.
pub fn lines(e: &Event) -> String {
    match e {
        Event::Imported(a, id) => format!("{a}: Importing... [id={id}]\n{a}: Import complete [id={id}]\n"),
        Event::Created(a, id) => format!("{a}: Creating...\n{a}: Creation complete after 0s [id={id}]\n"),
        Event::Updated(a, id) => format!("{a}: Modifying... [id={id}]\n{a}: Modifications complete after 0s [id={id}]\n"),
        Event::Destroyed(a, id, None) => format!("{a}: Destroying... [id={id}]\n{a}: Destruction complete after 0s\n"),
        Event::Destroyed(a, id, Some(key)) => {
            format!("{a} (deposed object {key}): Destroying... [id={id}]\n{a}: Destruction complete after 0s\n")
        }
    }
}

/// The counts the summary gives: added, changed, destroyed (a replacement adds one and
/// destroys one).
pub fn counts(events: &[Event]) -> (usize, usize, usize) {
    let mut n = (0, 0, 0);
    for e in events {
        match e {
            Event::Imported(..) => {}
            Event::Created(..) => n.0 += 1,
            Event::Updated(..) => n.1 += 1,
            Event::Destroyed(..) => n.2 += 1,
        }
    }
    n
}

/// `Apply complete! Resources: 1 added, 0 changed, 0 destroyed.` (after a blank line), or
/// for `destroy`, `Destroy complete! Resources: 4 destroyed.`
pub fn summary(events: &[Event], destroy: bool) -> String {
    let (added, changed, destroyed) = counts(events);
    let imported = events.iter().filter(|e| matches!(e, Event::Imported(..))).count();
    let imported = if imported > 0 {
        format!("{imported} imported, ")
    } else {
        String::new()
    };
    if destroy {
        format!("\nDestroy complete! Resources: {destroyed} destroyed.\n")
    } else {
        format!("\nApply complete! Resources: {imported}{added} added, {changed} changed, {destroyed} destroyed.\n")
    }
}
