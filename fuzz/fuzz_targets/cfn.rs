//! Arbitrary template text packaged against a fixed in-memory set of modules (those of
//! `tests/cfn`, plus the input itself as `self.yaml` so it can call itself), as
//! `iacquiz cfn package` does, then rendered as YAML and JSON.

#![no_main]

mod common;

use iacquiz::cfn::{self, Input};
use iacquiz::lang::Rules;
use libfuzzer_sys::fuzz_target;

/// The modules a fuzzed template may name (paths relative to the template's folder).
const MODULES: &[(&str, &str)] = &[
    ("api.yaml", include_str!("../../tests/cfn/condition-conflict/api.yaml")),
    ("waf.yaml", include_str!("../../tests/cfn/conditions-open/waf.yaml")),
    ("backup.yaml", include_str!("../../tests/cfn/conditions/backup.yaml")),
    ("service.yaml", include_str!("../../tests/cfn/conditions/service.yaml")),
    ("jobs.yaml", include_str!("../../tests/cfn/constants/jobs.yaml")),
    ("a.yaml", include_str!("../../tests/cfn/cycle/a.yaml")),
    ("b.yaml", include_str!("../../tests/cfn/cycle/b.yaml")),
    ("db.yaml", include_str!("../../tests/cfn/dependson/db.yaml")),
    ("queue.yaml", include_str!("../../tests/cfn/foreach/queue.yaml")),
    ("subnet.yaml", include_str!("../../tests/cfn/foreach/subnet.yaml")),
    ("box.yaml", include_str!("../../tests/cfn/intrinsics/box.yaml")),
    ("naming.yaml", include_str!("../../tests/cfn/intrinsics/naming.yaml")),
    ("notes/readme.txt", include_str!("../../tests/cfn/intrinsics/notes/readme.txt")),
    ("queue.json", include_str!("../../tests/cfn/json/queue.json")),
    ("cache.yaml", include_str!("../../tests/cfn/missing-param/cache.yaml")),
    ("modules/app.yaml", include_str!("../../tests/cfn/nested-source/modules/app.yaml")),
    (
        "modules/parts/db.yaml",
        include_str!("../../tests/cfn/nested-source/modules/parts/db.yaml"),
    ),
    ("store.yaml", include_str!("../../tests/cfn/outputs/store.yaml")),
    ("worker.yaml", include_str!("../../tests/cfn/outputs/worker.yaml")),
    ("data.yaml", include_str!("../../tests/cfn/override-merge/data.yaml")),
    ("web.yaml", include_str!("../../tests/cfn/override-remove/web.yaml")),
    ("logs.yaml", include_str!("../../tests/cfn/prefix/logs.yaml")),
    ("net.yaml", include_str!("../../tests/cfn/ref-output/net.yaml")),
    ("site.yaml", include_str!("../../tests/cfn/sub/site.yaml")),
    ("fn.yaml", include_str!("../../tests/cfn/transform/fn.yaml")),
    ("shared/topic.yaml", include_str!("../../tests/cfn/zip-package/shared/topic.yaml")),
];

fuzz_target!(|data: &[u8]| {
    let files = MODULES.iter().map(|(k, v)| (k.to_string(), v.as_bytes().to_vec())).chain([
        ("template.yaml".to_string(), data.to_vec()),
        ("self.yaml".to_string(), data.to_vec()),
    ]);
    let input = Input::memory(files, "template.yaml");
    let t = match cfn::package_input(&input, &Rules::real()) {
        Ok(t) => t,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let _ = cfn::render_yaml(&t);
    let _ = cfn::render_json(&t);
    let _ = cfn::dangling_refs(&t);
    if let Some(rule) = common::pick(&t.touched, data) {
        let _ = cfn::package_input(&input, &Rules::with(rule)).map(|t| cfn::render_yaml(&t));
    }
});
