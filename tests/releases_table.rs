//! The table in tests/releases/cases.tsv: one expression evaluated as one Terraform release
//! (`--terraform-version`) would, against what that release prints.

use iacquiz::lang::rules::Rules;
use iacquiz::lang::session::Session;

/// "1.0.3" as a version triple.
fn version(s: &str) -> (u32, u32, u32) {
    let n: Vec<u32> = s
        .split('.')
        .map(|p| p.parse().unwrap_or_else(|_| panic!("bad version {s}")))
        .collect();
    match n.as_slice() {
        [a, b, c] => (*a, *b, *c),
        _ => panic!("bad version {s}"),
    }
}

/// The console output of `expr` in Terraform `v`, or `ERR summary`.
fn outcome(v: (u32, u32, u32), expr: &str) -> String {
    let mut s = Session::new();
    s.version = Some(v);
    match s.eval(expr, &Rules::real(), false).result {
        Ok(a) => a.console_at(v),
        Err(d) => format!("ERR {}", d.summary),
    }
}

#[test]
fn each_release_prints_what_it_printed() {
    let table = include_str!("releases/cases.tsv");
    let mut failures = Vec::new();
    let mut n = 0;
    for (i, line) in table.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let [v, expr, want] = cols.as_slice() else {
            panic!("line {}: want three tab-separated columns: {line:?}", i + 1);
        };
        n += 1;
        let want = want.replace("\\n", "\n");
        let got = outcome(version(v), expr);
        if got != want {
            failures.push(format!("line {}: {v} {expr}\n  want {want:?}\n  got  {got:?}", i + 1));
        }
    }
    assert!(n > 50, "the table has {n} cases");
    assert!(
        failures.is_empty(),
        "{} of {n} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
