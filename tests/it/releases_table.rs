//! The table in tests/releases/cases.tsv: one expression evaluated as one Terraform release
//! (`--terraform-version`) would, against what that release prints.

use iacquiz::lang::dialect::rules::Rules;
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
    let table = include_str!("../releases/cases.tsv");
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

/// templatefile of a file that is exactly `${val}` gives val itself, in every release: Terraform
/// 1.0.3 prints `[1, 2]` as a tuple and `5` as a number (tf-oracle).
#[test]
fn templatefile_of_one_interpolation_keeps_the_type() {
    let dir = std::env::temp_dir().join(format!("iacquiz-releases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("t.tpl"), "${val}").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("u.tpl"), "x ${a").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("main.tf"), "").unwrap_or_else(|e| panic!("{e}"));
    for v in ["1.0.3", "1.14.0"] {
        let mut s = Session::with_config_dir(&dir).unwrap_or_else(|d| panic!("{}", d.summary));
        s.version = Some(version(v));
        let got = |e: &str| match s.eval(e, &Rules::real(), false).result {
            Ok(a) => a.console_at(version(v)),
            Err(d) => format!("ERR {}", d.summary),
        };
        assert_eq!(got(r#"templatefile("t.tpl", { val = [1, 2] })"#), "[\n  1,\n  2,\n]", "{v}");
        assert_eq!(got(r#"templatefile("t.tpl", { val = 5 })"#), "5", "{v}");
        // A template file ending inside `${`: 1.0.3 (tf-oracle) "t.tpl:1,6-6: Extra characters
        // after interpolation expression"; HCL 2.11 (Terraform 1.1) "Unclosed template
        // interpolation sequence" on the template's first token (parser_template.go,
        // parseTemplateParts: `startRange := p.NextRange()` before its loop), here "x ".
        let detail = s
            .eval(r#"templatefile("u.tpl", { a = 1 })"#, &Rules::real(), false)
            .result
            .err()
            .map(|d| d.detail)
            .unwrap_or_default();
        let want = if v == "1.0.3" {
            "u.tpl:1,6-6: Extra characters after interpolation expression;"
        } else {
            "u.tpl:1,1-3: Unclosed template interpolation sequence;"
        };
        assert!(detail.contains(want), "{v}: {detail}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
