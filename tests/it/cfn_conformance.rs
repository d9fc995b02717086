//! Conformance with the peer suite of rain's `awscli-modules` fixtures (read in place from
//! shared/peer-suites/rain-modules, never copied): each passing pair packages to data equal to
//! its expect file (short tags as long form, mapping order ignored, empty string equal to
//! null), and the negative cases fail.

use std::io::Write;
use std::path::{Path, PathBuf};

use iacquiz::cfn::{self, Input};
use iacquiz::lang::Rules;

/// The pairs upstream registers as passing.
const PASSING: &[&str] = &[
    "basic",
    "type",
    "sub",
    "modinmod",
    "output",
    "policy",
    "vpc",
    "map",
    "mapout",
    "conditional",
    "cond-intrinsics",
    "cond-unres",
    "constant",
    "default",
    "depends",
    "example",
    "foreach",
    "getatt",
    "insertfile",
    "invoke",
    "merge",
    "mergetags",
    "outjoin",
    "outsublist",
    "proparray",
    "same-mod",
    "select",
    "zip",
];

/// Templates that must fail to package.
const MUST_FAIL: &[&str] = &["cond-conflict", "badref"];

fn suite() -> Option<PathBuf> {
    let rel = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/peer-suites/rain-modules");
    [rel, PathBuf::from("/work/shared/peer-suites/rain-modules")]
        .into_iter()
        .find(|p| p.join("RULES.md").is_file())
}

/// Every file of the suite in memory, with `package.zip` built from `zip-module.yaml`.
fn memory_input(dir: &Path, parent: &str) -> Input {
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for sub in ["", "sub"] {
        let d = dir.join(sub);
        for e in std::fs::read_dir(&d).expect("suite folder").flatten() {
            let p = e.path();
            if p.is_file() {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let key = if sub.is_empty() { name } else { format!("{sub}/{name}") };
                files.push((key, std::fs::read(&p).unwrap()));
            }
        }
    }
    let module = std::fs::read(dir.join("zip-module.yaml")).unwrap();
    let mut buf = std::io::Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        z.start_file("zip-module.yaml", opts).unwrap();
        z.write_all(&module).unwrap();
        z.finish().unwrap();
    }
    files.push(("package.zip".into(), buf.into_inner()));
    Input::memory(files, parent)
}

fn run(dir: &Path, name: &str) -> Result<cfn::Template, cfn::CfnError> {
    let parent = format!("{name}-template.yaml");
    if name == "zip" {
        cfn::package(memory_input(dir, &parent), &Rules::real())
    } else {
        cfn::package(dir.join(parent), &Rules::real())
    }
}

fn check_pair(dir: &Path, name: &str) -> Result<(), String> {
    let got = run(dir, name).map_err(|e| format!("{name}: packaging failed: {e}"))?;
    let expect_text = std::fs::read_to_string(dir.join(format!("{name}-expect.yaml"))).map_err(|e| e.to_string())?;
    let expect = cfn::parse(&expect_text).map_err(|e| format!("{name}: expect file: {e}"))?;
    if !got.value.same_data(&expect) {
        return Err(format!(
            "{name}: differs\n--- got\n{}--- expected\n{expect_text}",
            cfn::render_yaml(&got)
        ));
    }
    // What we print reads back as the same data.
    let again = cfn::parse(&cfn::render_yaml(&got)).map_err(|e| format!("{name}: output does not parse: {e}"))?;
    if !again.same_data(&got.value) {
        return Err(format!("{name}: the YAML written does not read back the same"));
    }
    Ok(())
}

#[test]
fn peer_pairs_match_their_expect_files() {
    let Some(dir) = suite() else {
        eprintln!("skipped: shared/peer-suites/rain-modules is not here");
        return;
    };
    let failures: Vec<String> = PASSING.iter().filter_map(|n| check_pair(&dir, n).err()).collect();
    eprintln!("rain-modules: {} of {} pairs match", PASSING.len() - failures.len(), PASSING.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn unregistered_transform_pair_matches_with_the_suggested_order() {
    let Some(dir) = suite() else {
        eprintln!("skipped: shared/peer-suites/rain-modules is not here");
        return;
    };
    check_pair(&dir, "transform").unwrap();
}

#[test]
fn negative_cases_fail() {
    let Some(dir) = suite() else {
        eprintln!("skipped: shared/peer-suites/rain-modules is not here");
        return;
    };
    for name in MUST_FAIL {
        let e = run(&dir, name).expect_err(name);
        assert!(e.file.is_some(), "{name}: the error names a file: {e}");
    }
    let e = run(&dir, "badref").unwrap_err();
    assert!(e.to_string().contains("NotSet"), "{e}");
    assert_eq!(e.module.as_deref(), Some("Badref"), "{e}");
}

#[test]
fn network_sources_fail_offline() {
    let Some(dir) = suite() else {
        eprintln!("skipped: shared/peer-suites/rain-modules is not here");
        return;
    };
    for name in ["s3", "url"] {
        let e = run(&dir, name).expect_err(name);
        assert!(e.to_string().contains("cannot be fetched offline"), "{name}: {e}");
    }
}
