//! The `iacquiz` binary: parses the command line and hands over to the library.

fn main() {
    std::process::exit(iacquiz::cli::run(std::env::args_os()));
}
