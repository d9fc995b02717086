//! The project's own packaging fixtures, one folder per rule in tests/cfn/: `template.yaml`
//! (or `.json`) and its module files; `expect.yaml` (the packaged template) or `error.txt`
//! (lines the error message must contain). `rules.txt` lists misconception rules: for each,
//! the real packaging must consult it, and packaging with it flipped must give
//! `expect.RULE.yaml` or `error.RULE.txt`, which differ from the real answer. A folder
//! `NAME.zip.d/` becomes the archive `NAME.zip` at test time. `parent.txt` names the parent
//! template when it is not `template.yaml` at the top (`stacks/app/template.yaml`: the folder
//! is the root, and sources may climb to it). With CFN_BLESS=1 a missing
//! expect file is written from the current output, for a person to review.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use iacquiz::cfn::{self, CfnError, Input, Template};
use iacquiz::lang::{Rule, Rules};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cfn")
}

fn is_expectation(name: &str) -> bool {
    name.starts_with("expect") || name.starts_with("error") || name == "rules.txt" || name == "parent.txt"
}

fn collect(dir: &Path, prefix: &str, out: &mut BTreeMap<String, Vec<u8>>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let key = format!("{prefix}{name}");
        if p.is_dir() {
            if let Some(zip_name) = key.strip_suffix(".d").filter(|k| k.ends_with(".zip")) {
                out.insert(zip_name.to_string(), zip_folder(&p));
            } else {
                collect(&p, &format!("{key}/"), out);
            }
        } else if !(prefix.is_empty() && is_expectation(&name)) {
            out.insert(key, std::fs::read(&p).unwrap());
        }
    }
}

fn zip_folder(dir: &Path) -> Vec<u8> {
    let mut files = BTreeMap::new();
    collect(dir, "", &mut files);
    let mut buf = std::io::Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in files {
            z.start_file(name, opts).unwrap();
            z.write_all(&bytes).unwrap();
        }
        z.finish().unwrap();
    }
    buf.into_inner()
}

fn run(dir: &Path, rules: &Rules) -> Result<Template, CfnError> {
    let mut files = BTreeMap::new();
    collect(dir, "", &mut files);
    let named = std::fs::read_to_string(dir.join("parent.txt")).ok();
    let parent = match &named {
        Some(p) => p.trim(),
        None if files.contains_key("template.json") => "template.json",
        None => "template.yaml",
    };
    cfn::package(Input::memory(files, parent), rules)
}

/// Compares a result with `expect{suffix}.yaml` or `error{suffix}.txt`; `Err` says why not.
fn check(dir: &Path, suffix: &str, got: &Result<Template, CfnError>) -> Result<(), String> {
    let case = dir.file_name().unwrap().to_string_lossy().into_owned();
    let expect = dir.join(format!("expect{suffix}.yaml"));
    let error = dir.join(format!("error{suffix}.txt"));
    if !expect.exists() && !error.exists() {
        if std::env::var_os("CFN_BLESS").is_some() {
            match got {
                Ok(t) => std::fs::write(&expect, cfn::render_yaml(t)).unwrap(),
                Err(e) => std::fs::write(&error, format!("{e}\n")).unwrap(),
            }
            return Ok(());
        }
        return Err(format!("{case}: no expect{suffix}.yaml or error{suffix}.txt"));
    }
    match (got, expect.exists()) {
        (Ok(t), true) => {
            let want = cfn::parse(&std::fs::read_to_string(&expect).unwrap()).map_err(|e| format!("{case}: {e}"))?;
            if !t.value.same_data(&want) {
                return Err(format!("{case}{suffix}: got\n{}", cfn::render_yaml(t)));
            }
            let again = cfn::parse(&cfn::render_yaml(t)).map_err(|e| format!("{case}: output does not parse: {e}"))?;
            if !again.same_data(&t.value) {
                return Err(format!("{case}{suffix}: the YAML written does not read back the same"));
            }
            Ok(())
        }
        (Err(e), false) => {
            let msg = e.to_string();
            for line in std::fs::read_to_string(&error).unwrap().lines().filter(|l| !l.trim().is_empty()) {
                if !msg.contains(line.trim()) {
                    return Err(format!("{case}{suffix}: the error {msg:?} does not contain {line:?}"));
                }
            }
            Ok(())
        }
        (Ok(t), false) => Err(format!("{case}{suffix}: expected an error, got\n{}", cfn::render_yaml(t))),
        (Err(e), true) => Err(format!("{case}{suffix}: packaging failed: {e}")),
    }
}

fn same(a: &Result<Template, CfnError>, b: &Result<Template, CfnError>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => x.value.same_data(&y.value),
        (Err(x), Err(y)) => x.kind == y.kind,
        _ => false,
    }
}

fn check_case(dir: &Path) -> Result<usize, String> {
    let case = dir.file_name().unwrap().to_string_lossy().into_owned();
    let real = run(dir, &Rules::real());
    check(dir, "", &real)?;
    let touched = match &real {
        Ok(t) => t.touched.clone(),
        Err(e) => e.touched.clone(),
    };
    let mut flips = 0;
    if let Ok(list) = std::fs::read_to_string(dir.join("rules.txt")) {
        for name in list.split_whitespace() {
            let rule = Rule::from_name(name).ok_or_else(|| format!("{case}: no rule {name}"))?;
            if !touched.contains(&rule) {
                return Err(format!("{case}: the real packaging does not consult {name}"));
            }
            let flipped = run(dir, &Rules::with(rule));
            check(dir, &format!(".{name}"), &flipped)?;
            if same(&real, &flipped) {
                return Err(format!("{case}: flipping {name} does not change the answer"));
            }
            flips += 1;
        }
    }
    Ok(flips)
}

#[test]
fn every_fixture_packages_as_expected() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 20, "the fixtures are there");
    let mut failures = Vec::new();
    let mut flips = 0;
    for d in &dirs {
        match check_case(d) {
            Ok(n) => flips += n,
            Err(e) => failures.push(e),
        }
    }
    eprintln!(
        "tests/cfn: {} of {} fixtures pass, {flips} misconception flips",
        dirs.len() - failures.len(),
        dirs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
