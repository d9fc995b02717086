//! Arbitrary bytes as one bank file beside the bundled lesson catalogue, loaded and checked
//! as `iacquiz check --bank` does, the report rendered in every format.

#![no_main]

use iacquiz::bank::Bank;
use iacquiz::bank::check::check_bank;
use iacquiz::bank::load::files::SourceFile;
use iacquiz::bank::check::report;
use libfuzzer_sys::fuzz_target;

const LESSONS: &str = include_str!("../../questions/lessons.yaml");

fn source(name: &str, bytes: Vec<u8>) -> SourceFile {
    SourceFile {
        display: format!("bank/{name}"),
        rel: name.to_string(),
        in_root: name.to_string(),
        bytes,
    }
}

fuzz_target!(|data: &[u8]| {
    let files = vec![
        source("lessons.yaml", LESSONS.as_bytes().to_vec()),
        source("fuzz.yaml", data.to_vec()),
    ];
    let bank = match Bank::from_sources(files) {
        Ok(b) => b,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let r = check_bank(&bank);
    let _ = report::text(&r);
    let _ = report::json(&r);
    let _ = report::junit(&r);
    let _ = report::github(&r);
});
