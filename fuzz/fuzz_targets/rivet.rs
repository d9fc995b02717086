//! Arbitrary `.rvt` text compiled and expanded as `iacquiz rivet expand` does, beside a fixed
//! module (`./modules/file`) and itself as `./modules/self`, then diffed against itself and
//! against its compilation under one misconception.

#![no_main]

mod common;

use std::collections::BTreeMap;

use iacquiz::lang::Rules;
use iacquiz::rivet::{self, Source};
use libfuzzer_sys::fuzz_target;

const FILE_MODULE: &str = include_str!("../../assets/rivet/module-families/modules/file/main.rvt");

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let source = Source::files([
        ("main.rvt", src),
        ("modules/file/main.rvt", FILE_MODULE),
        ("modules/self/main.rvt", src),
    ]);
    let facts: BTreeMap<_, _> = [("env", "prod"), ("zones", "3")]
        .into_iter()
        .map(|(k, v)| (k.to_string(), rivet::fact_value(v)))
        .collect();
    let vars = BTreeMap::new();
    let b = match rivet::compile(&source, &vars, &facts, &Rules::real()) {
        Ok(b) => b,
        Err(e) => {
            let _ = e.to_string();
            let _ = e.location();
            return;
        }
    };
    let _ = b.to_json();
    let _ = rivet::diff(&b, &b).to_text();
    if let Some(rule) = common::pick(&b.touched, data) {
        let rules = Rules::with(rule);
        if let Ok(other) = rivet::compile(&source, &vars, &facts, &rules) {
            let _ = rivet::diff_with(&b, &other, &rules).to_json();
        }
    }
});
