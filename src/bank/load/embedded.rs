//! The bundled bank, embedded at build time by `build.rs` from every file under `questions/`.

include!(concat!(env!("OUT_DIR"), "/embedded_bank.rs"));
