//! An arbitrary string parsed and evaluated as a console expression, as `iacquiz eval` does,
//! then rendered every way the commands print a value.

#![no_main]

mod common;

use iacquiz::lang::Rules;
use iacquiz::lang::value::render;
use iacquiz::lang::session::{Answer, Session};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let session = Session {
        host: common::host(),
        ..Session::new()
    };
    let out = session.eval(src, &Rules::real(), data.len() % 2 == 0);
    match &out.result {
        Ok(ans) => {
            let _ = ans.console();
            let _ = ans.one_line();
            if let Answer::Value(v) = ans {
                let _ = render::json(v);
                let _ = render::hcl(v);
            }
        }
        Err(d) => {
            let _ = d.render(src, "<expression>");
        }
    }
    if let Some(rule) = common::pick(&out.touched, data) {
        let _ = session.eval(src, &Rules::with(rule), false).result.map(|a| a.console());
    }
});
