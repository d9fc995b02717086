//! Diagnostics printed as Terraform prints them without colour (its DiagnosticPlain): a blank
//! line, `Error: ` or `Warning: ` and the summary, where it is (`  on main.tf line 7, in
//! resource "terraform_data" "b":` and the source lines), then the detail word-wrapped to the
//! terminal's width less one (78 columns when the output is not a terminal).

use std::collections::BTreeMap;
use std::path::Path;

use super::color::colorize;
use super::wrap::wrap;
use crate::lang::config::Config;

/// The source texts diagnostics quote, by file name.
pub type Sources = BTreeMap<String, String>;

/// The sources of a loaded configuration.
pub fn sources_of(config: &Config) -> Sources {
    config.files.iter().map(|f| (f.name.clone(), f.src.clone())).collect()
}

/// The `.tf` files of `dir`, read through the folder's gate (for a configuration that did not
/// load: its errors still quote it).
pub fn sources_in(dir: &Path) -> Sources {
    let Ok(sandbox) = crate::confine::Sandbox::new(dir) else {
        return Sources::new();
    };
    let Ok(entries) = sandbox.list(Path::new("."), 10_000) else {
        return Sources::new();
    };
    entries
        .into_iter()
        .filter_map(|e| e.name.into_string().ok())
        .filter(|n| n.ends_with(".tf"))
        .filter_map(|n| sandbox.read_text(Path::new(&n), 8 << 20).ok().map(|t| (n, t)))
        .collect()
}

pub use crate::workflow::model::{Problem as Report, Severity};

/// The width Terraform wraps to when its output is not a terminal.
pub const COLUMNS: usize = 78;

/// Renders one diagnostic; `sources` give the source lines.
pub fn render(r: &Report, sources: &Sources) -> String {
    let d = &r.diag;
    let mut out = String::from(match r.severity {
        Severity::Error => "\nError: ",
        Severity::Warning => "\nWarning: ",
    });
    out.push_str(&d.summary);
    out.push_str("\n\n");
    if let Some(a) = &r.address {
        out.push_str(&format!("  with {a},\n"));
    }
    if d.file.as_deref() == Some("<console-input>") && d.span.is_some() {
        out.push_str("  on <console-input> line 1:\n  (source code not available)\n\n");
    } else if let (Some(file), Some(span)) = (&d.file, &d.span)
        && let Some(src) = sources.get(file)
    {
        out.push_str(&snippet(file, src, span));
        if !r.values.is_empty() || r.call.is_some() {
            out.push_str("    ├────────────────\n");
            if let Some(call) = &r.call {
                out.push_str(&format!("    │ while calling {call}\n"));
            }
            for (t, statement) in &r.values {
                out.push_str(&format!("    │ {t} {statement}\n"));
            }
        }
        out.push('\n');
    }
    if !d.detail.is_empty() {
        for line in d.detail.split('\n') {
            if line.starts_with(' ') {
                out.push_str(line);
            } else {
                out.push_str(&wrap(line, COLUMNS - 1));
            }
            out.push('\n');
        }
    }
    out
}

/// Renders one diagnostic with colour, framed by a left rule as Terraform's views print
/// it when `-no-color` is not given (format.Diagnostic).
pub fn render_boxed(r: &Report, sources: &Sources) -> String {
    let c = |s: &str| colorize(s, true);
    let d = &r.diag;
    let (rule, start, end) = match r.severity {
        Severity::Error => (c("[red]│[reset] "), c("[red]╷[reset]"), c("[red]╵[reset]")),
        Severity::Warning => (c("[yellow]│[reset] "), c("[yellow]╷[reset]"), c("[yellow]╵[reset]")),
    };
    let mut buf = match r.severity {
        Severity::Error => c("[bold][red]Error: [reset]"),
        Severity::Warning => c("[bold][yellow]Warning: [reset]"),
    };
    buf.push_str(&c("[bold]%s[reset]\n\n").replacen("%s", &d.summary, 1));
    if let Some(a) = &r.address {
        buf.push_str(&format!("  with {a},\n"));
    }
    if d.file.as_deref() == Some("<console-input>") && d.span.is_some() {
        buf.push_str("  on <console-input> line 1:\n  (source code not available)\n\n");
    } else if let (Some(file), Some(span)) = (&d.file, &d.span)
        && let Some(src) = sources.get(file)
    {
        buf.push_str(&snippet_colored(file, src, span));
        if !r.values.is_empty() || r.call.is_some() {
            buf.push_str(&c("    [dark_gray]├────────────────[reset]\n"));
            if let Some(call) = &r.call {
                buf.push_str(&c("    [dark_gray]│[reset] while calling [bold]%s[reset](").replacen(
                    "%s",
                    call.split('(').next().unwrap_or(""),
                    1,
                ));
                buf.push_str(call.split_once('(').map(|(_, rest)| rest).unwrap_or(")"));
                buf.push('\n');
            }
            for (t, statement) in &r.values {
                buf.push_str(
                    &c("    [dark_gray]│[reset] [bold]%s[reset] %s\n")
                        .replacen("%s", t, 1)
                        .replacen("%s", statement, 1),
                );
            }
        }
        buf.push('\n');
    }
    if !d.detail.is_empty() {
        for line in d.detail.split('\n') {
            if line.starts_with(' ') {
                buf.push_str(line);
            } else {
                buf.push_str(&wrap(&c(line), COLUMNS - 3));
            }
            buf.push('\n');
        }
    }
    let mut out = start;
    out.push('\n');
    for line in buf.lines() {
        out.push_str(if line.is_empty() { rule.trim() } else { &rule });
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&end);
    out.push('\n');
    out
}

/// [`snippet`] with the subject underlined, as the colour format draws it.
fn snippet_colored(file: &str, src: &str, span: &std::ops::Range<usize>) -> String {
    let start = span.start.min(src.len());
    let end = span.end.clamp(start, src.len());
    let plain = snippet(file, src, span);
    let Some((head, _)) = plain.split_once('\n') else {
        return plain;
    };
    let line_no = src[..start].matches('\n').count() + 1;
    let first = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let last = last_line_end(src, start, end);
    let cut = end.min(last).max(start);
    let code = colorize("%s[underline]%s[reset]%s", true)
        .replacen("%s", &src[first..start], 1)
        .replacen("%s", &src[start..cut], 1)
        .replacen("%s", &src[cut..last], 1);
    let mut out = format!("{head}\n");
    for (i, line) in code.split('\n').enumerate() {
        out.push_str(&format!("{:4}: {}\n", line_no + i, line));
    }
    out
}

/// `  on FILE line N, in CONTEXT:` and the lines the span covers, numbered.
fn snippet(file: &str, src: &str, span: &std::ops::Range<usize>) -> String {
    let start = span.start.min(src.len());
    let end = span.end.clamp(start, src.len());
    let line_no = src[..start].matches('\n').count() + 1;
    let ctx = crate::lang::syntax::hcl_diag::body(src, crate::lang::syntax::hcl_diag::Hcl::NEWEST, file)
        .and_then(|(_, outline)| {
            start
                .checked_sub(1)
                .and_then(|at| crate::lang::syntax::hcl_diag::context_at(&outline, at))
        })
        .map(|c| format!(", in {c}"))
        .unwrap_or_default();
    let mut out = format!("  on {file} line {line_no}{ctx}:\n");
    let first = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let last = last_line_end(src, start, end);
    for (i, line) in src[first..last].split('\n').enumerate() {
        out.push_str(&format!("{:4}: {}\n", line_no + i, line.trim_end_matches('\r')));
    }
    out
}

/// Where the last line a span covers ends: the line holding its end, except that a span
/// ending with the file's final line break does not reach the empty "line" after it (there is
/// none; an empty span there still shows it).
fn last_line_end(src: &str, start: usize, end: usize) -> usize {
    let probe = if end > start && end == src.len() && src.ends_with('\n') {
        end - 1
    } else {
        end
    };
    src[probe..].find('\n').map_or(src.len(), |i| probe + i)
}

/// `reports` in the order Terraform prints a batch of diagnostics (tfdiags' Sort, stable):
/// warnings first, then those without a place, then by file (fewer path segments first,
/// then name), start and end.
pub fn sorted(reports: &[Report]) -> Vec<Report> {
    let mut out = reports.to_vec();
    out.sort_by_key(|r| {
        let place = r.diag.span.as_ref().map(|sp| {
            let file = r.diag.file.clone().unwrap_or_default();
            (file.matches('/').count(), file, sp.start, sp.end)
        });
        (r.severity == Severity::Error, place.is_some(), place)
    });
    out
}

/// `reports` (already sorted) with the warnings of one summary folded into the first of them,
/// as Terraform's views print a batch (tfdiags' ConsolidateWarnings(1)): its detail ends with
/// "(and one more similar warning elsewhere)" or "(and N more similar warnings elsewhere)".
/// A warning with no place, or one kept apart (a check block's), stands alone.
pub fn consolidated(reports: Vec<Report>) -> Vec<Report> {
    let mut out: Vec<Report> = Vec::new();
    // For each summary folded: where its first warning is in `out`, and how many joined it.
    let mut groups: Vec<(String, usize, usize)> = Vec::new();
    for r in reports {
        if r.severity != Severity::Warning || r.diag.span.is_none() || r.apart {
            out.push(r);
            continue;
        }
        match groups.iter_mut().find(|(s, ..)| *s == r.diag.summary) {
            Some((_, _, more)) => *more += 1,
            None => {
                groups.push((r.diag.summary.clone(), out.len(), 0));
                out.push(r);
            }
        }
    }
    for (_, at, more) in groups {
        if more == 0 {
            continue;
        }
        let note = if more == 1 {
            "(and one more similar warning elsewhere)".to_string()
        } else {
            format!("(and {more} more similar warnings elsewhere)")
        };
        let d = &mut out[at].diag;
        d.detail = if d.detail.is_empty() {
            note
        } else {
            format!("{}\n\n{note}", d.detail)
        };
    }
    out
}

/// Renders every report in order, framed and coloured when `color` is on.
pub fn render_all(reports: &[Report], sources: &Sources, color: bool) -> String {
    reports
        .iter()
        .map(|r| if color { render_boxed(r, sources) } else { render(r, sources) })
        .collect()
}
