//! The `iacquiz` binary: parses the command line and hands over to the library.

/// The evaluator recurses over the expression tree; a generous stack keeps deep (but allowed)
/// nesting far from the limit in every build.
const STACK: usize = 256 * 1024 * 1024;

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let code = std::thread::Builder::new()
        .name("iacquiz".into())
        .stack_size(STACK)
        .spawn(move || iacquiz::cli::run(args))
        .map(|h| h.join().unwrap_or(101))
        .unwrap_or_else(|_| iacquiz::cli::run(std::env::args_os()));
    std::process::exit(code);
}
