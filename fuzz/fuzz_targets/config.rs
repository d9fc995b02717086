//! Arbitrary `.tf` text loaded as a configuration, then every local, output, condition and
//! resource's expansion evaluated, as `eval --outputs`, `conditions` and `blocks` do.

#![no_main]

mod common;

use iacquiz::lang::Rules;
use iacquiz::lang::config::conditions;
use iacquiz::lang::session::Session;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let Ok(mut session) = Session::with_config_text("main.tf", src) else {
        return;
    };
    session.host = common::host();
    let rules = Rules::real();
    let locals: Vec<String> = session.config.locals.keys().take(8).cloned().collect();
    for name in &locals {
        let out = session.eval(&format!("local.{name}"), &rules, false);
        if let Err(d) = &out.result {
            let _ = d.render(session.source_for(d, ""), "main.tf");
            let _ = session.full_detail(d);
        }
    }
    let _ = session.with_scope(&rules, |ev, _| conditions::outputs(ev, &session.config));
    let _ = session.with_scope(&rules, |ev, scope| {
        conditions::evaluate(ev, scope, &session.config).map(|r| conditions::table(&r))
    });
    let _ = session.with_scope(&rules, |ev, scope| {
        for decl in session.config.resources.iter().take(8) {
            let _ = scope.instances(ev, decl);
        }
    });
});
