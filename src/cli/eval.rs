//! `iacquiz eval`: evaluate an expression as `terraform console` would.

use std::collections::HashMap;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::common::{ConfigArgs, SessionError};
use crate::lang::Rules;
use crate::lang::eval::trace;
use crate::lang::session::{Answer, Session};
use crate::lang::value::render;

/// Output formats of `eval`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Exactly as `terraform console` prints.
    Console,
    /// The value as JSON.
    Json,
}

/// Arguments of `iacquiz eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// The expression (`-` reads it from standard input).
    #[arg(value_name = "EXPR", required_unless_present_any = ["jsonl", "outputs"])]
    pub expr: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "console")]
    pub format: Format,
    /// Also print the evaluation steps, innermost first.
    #[arg(long)]
    pub trace: bool,
    /// Read JSON lines {"expr": ..., "config": DIR or null} from stdin, answer one line each.
    #[arg(long, conflicts_with = "expr")]
    pub jsonl: bool,
    /// Print every output of the --config folder, as `terraform output` does.
    #[arg(long, conflicts_with_all = ["expr", "jsonl"], requires = "config")]
    pub outputs: bool,
    #[command(flatten)]
    pub cfg: ConfigArgs,
}

/// Runs `iacquiz eval`.
pub fn run(a: EvalArgs) -> i32 {
    if a.jsonl {
        return run_jsonl(&a);
    }
    if a.outputs {
        return run_outputs(&a);
    }
    let session = match a.cfg.session() {
        Ok(s) => s,
        Err(e) => return e.report("eval"),
    };
    let mut src = a.expr.clone().unwrap_or_default();
    if src == "-" {
        src.clear();
        // Standard input may be /dev/zero or endless: read at most a configuration file's cap.
        let cap = crate::lang::config::MAX_FILE_BYTES;
        if std::io::stdin().take(cap + 1).read_to_string(&mut src).is_err() {
            eprintln!("iacquiz eval: cannot read the expression from standard input");
            return 2;
        }
        if src.len() as u64 > cap {
            eprintln!("iacquiz eval: refused: the expression on standard input is larger than {cap} bytes");
            return 2;
        }
    }
    let out = session.eval(&src, &Rules::real(), a.trace);
    let mut stdout = std::io::stdout().lock();
    // The console shows its start-up walk's errors (standard error) and their warning
    // (standard output) before it reads the expression.
    for d in &out.walk_errors {
        let name = d.file.clone().unwrap_or_else(|| "<expression>".into());
        eprint!("{}", d.render(session.source_for(d, &src), &name));
    }
    if out.walk_warning {
        let _ = write!(stdout, "{}", crate::lang::session::WALK_WARNING);
    }
    match out.result {
        Ok(ans) => {
            if a.trace && !out.trace.is_empty() {
                let _ = write!(stdout, "{}", trace::render(&out.trace));
                let _ = writeln!(stdout, "=");
            }
            let text = match (a.format, &ans) {
                (Format::Json, Answer::Value(v)) => serde_json::to_string_pretty(&render::json(v)).unwrap_or_default(),
                _ => ans.console_at(session.version.unwrap_or(crate::lang::eval::DEFAULT_VERSION)),
            };
            let _ = writeln!(stdout, "{text}");
            0
        }
        Err(d) => {
            if a.trace && !out.trace.is_empty() {
                let _ = write!(stdout, "{}", trace::render(&out.trace));
            }
            let name = d.file.clone().unwrap_or_else(|| "<expression>".into());
            eprint!("{}", d.render(session.source_for(&d, &src), &name));
            1
        }
    }
}

fn run_outputs(a: &EvalArgs) -> i32 {
    let session = match a.cfg.session() {
        Ok(s) => s,
        Err(e) => return e.report("eval"),
    };
    let result = session.with_scope(&Rules::real(), |ev, _| {
        crate::lang::config::conditions::outputs(ev, &session.config)
    });
    match result.and_then(|r| r) {
        Ok(outs) => {
            let mut code = 0;
            for (name, r) in outs {
                match r {
                    Ok(text) => println!("{name} = {text}"),
                    Err(d) => {
                        let file = d.file.clone().unwrap_or_default();
                        eprint!("{}", d.render(session.source_for(&d, ""), &file));
                        code = 1;
                    }
                }
            }
            code
        }
        Err(d) => {
            eprintln!("{d}");
            1
        }
    }
}

fn run_jsonl(a: &EvalArgs) -> i32 {
    let base = match a.cfg.session() {
        Ok(s) => s,
        Err(e) => return e.report("eval"),
    };
    let mut sessions: HashMap<PathBuf, Result<Session, serde_json::Value>> = HashMap::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout().lock();
    let cap = crate::lang::config::MAX_FILE_BYTES;
    for n in 0u64.. {
        // A line is read up to the cap and no further: one endless line must not take all memory.
        let mut buf = Vec::new();
        match (&mut input).take(cap + 1).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !buf.ends_with(b"\n") && buf.len() as u64 > cap {
            skip_line(&mut input);
            let detail = format!("line {}: refused: longer than {cap} bytes", n + 1);
            let _ = writeln!(
                stdout,
                "{}",
                serde_json::json!({"ok": false, "err": "Invalid input line", "detail": detail})
            );
            continue;
        }
        let Ok(line) = String::from_utf8(buf) else { break };
        if line.trim().is_empty() {
            continue;
        }
        let row = match serde_json::from_str::<serde_json::Value>(&line) {
            Ok(v) => answer_line(&v, &base, &mut sessions, a),
            Err(e) => serde_json::json!({"ok": false, "err": "Invalid input line", "detail": format!("line {}: {e}", n + 1)}),
        };
        let _ = writeln!(stdout, "{row}");
    }
    0
}

/// Discards input up to and including the next newline (or the end).
fn skip_line(input: &mut impl BufRead) {
    loop {
        let (used, done) = match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(b) => match b.iter().position(|&c| c == b'\n') {
                Some(i) => (i + 1, true),
                None => (b.len(), false),
            },
        };
        input.consume(used);
        if done {
            return;
        }
    }
}

/// The answer line for a configuration Terraform refuses: its diagnostic's summary and detail,
/// as a console started in that folder would print them; other refusals keep their message.
fn refused_config(dir: &std::path::Path, version: Option<(u32, u32, u32)>, e: SessionError) -> serde_json::Value {
    let at = version.unwrap_or(crate::lang::eval::DEFAULT_VERSION);
    match (&e, Session::with_config_dir_at(dir, at)) {
        (SessionError::Config(_), Err(d)) => {
            // Placed in its file as the console places it ("on main.tf line 3, in locals:").
            let text = d.file.as_deref().and_then(|f| {
                crate::confine::Sandbox::new(dir)
                    .and_then(|s| s.read_text(std::path::Path::new(f), crate::lang::config::MAX_FILE_BYTES))
                    .ok()
            });
            let detail = match (&d.file, text) {
                (Some(f), Some(t)) => Session::failed_text(f, &t).full_detail(&d),
                _ => d.detail.clone(),
            };
            serde_json::json!({"ok": false, "err": d.summary, "detail": detail})
        }
        _ => serde_json::json!({"ok": false, "err": "Invalid configuration", "detail": e.to_string()}),
    }
}

fn answer_line(
    v: &serde_json::Value,
    base: &Session,
    sessions: &mut HashMap<PathBuf, Result<Session, serde_json::Value>>,
    a: &EvalArgs,
) -> serde_json::Value {
    let Some(expr) = v.get("expr").and_then(|e| e.as_str()) else {
        return serde_json::json!({"ok": false, "err": "Invalid input line", "detail": "each line needs a string \"expr\""});
    };
    let session = match v.get("config").and_then(|c| c.as_str()) {
        None => Ok(base),
        Some(dir) => {
            let dir = PathBuf::from(dir);
            let entry = sessions.entry(dir.clone()).or_insert_with(|| {
                let mut cfg = a.cfg.clone();
                cfg.config = Some(dir.clone());
                let version = cfg.terraform_version.as_deref().and_then(|v| super::common::parse_version(v).ok());
                cfg.session().map_err(|e| refused_config(&dir, version, e))
            });
            entry.as_ref().map_err(|e| e.clone())
        }
    };
    let session = match session {
        Ok(s) => s,
        Err(answer) => return answer,
    };
    // The console skips a blank line: it prints nothing, and nothing fails.
    if expr.trim().is_empty() {
        return serde_json::json!({"ok": true, "out": ""});
    }
    let out = session.eval(expr, &Rules::real(), false);
    match out.console_at(session.version.unwrap_or(crate::lang::eval::DEFAULT_VERSION)) {
        Ok(text) => serde_json::json!({"ok": true, "out": text}),
        // console_at already gives the first error the console prints (the walk's, if any).
        Err(d) => serde_json::json!({"ok": false, "err": d.summary, "detail": session.full_detail(&d)}),
    }
}
