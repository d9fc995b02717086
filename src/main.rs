//! The `iacquiz` binary: parses the command line and hands over to the library.

/// The evaluator recurses over the expression tree; a generous stack keeps deep (but allowed)
/// nesting far from the limit in every build (a release build passes the deepest accepted
/// input and the whole bank in 2 MiB). Not more: the thread's stack is mapped and released
/// on every run, and `iacquiz eval` once per expression is a use that is timed.
const STACK: usize = 32 * 1024 * 1024;

/// Evaluation allocates a value at every step; with glibc's allocator, malloc and free were
/// a third of `check`'s instructions. mimalloc (transparent huge pages off: clearing a 2 MiB
/// page costs more than a short run) checks the bundled bank about a fifth faster.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // A reader that stops early (`iacquiz ... | head`) closes the pipe; Rust ignores SIGPIPE, so
    // the next print fails. That is not a bug of ours to report: leave quietly, as `cat` does.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("Broken pipe") {
            std::process::exit(141);
        }
        default_hook(info);
    }));
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The process ends from the worker thread itself: a thread that returns first gives its
    // memory back to the system, work that `exit` makes pointless.
    let code = std::thread::Builder::new()
        .name("iacquiz".into())
        .stack_size(STACK)
        .spawn(move || std::process::exit(iacquiz::cli::run(args)))
        .map(|h| h.join().map_or(101, |never| match never {}))
        .unwrap_or_else(|_| iacquiz::cli::run(std::env::args_os()));
    std::process::exit(code);
}
