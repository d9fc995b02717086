//! The golden workflow scenarios of `tests/workflow/scenarios/`, recorded from real Terraform
//! 1.6.6, 1.12.2 and 1.14.9 by `scripts/wf-difftest.py --record`, replayed through
//! `iacquiz terraform` step by step and compared as the differential tester compares: ids
//! named after the state address that first held them, progress lines and diagnostics as
//! multisets, the state as one line per instance.
//!
//! The differences the engine still has are listed in `known-differences.txt` beside the
//! scenarios (`SCENARIO RELEASE STEP ASPECT`): the test fails on a difference that is not
//! listed, and on a listed one that no longer differs, so the list only shrinks.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use iacquiz::workflow::command::{Invocation, run};
use regex::Regex;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/workflow/scenarios")
}

fn scratch(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("iacquiz-wfscen-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_files(dir: &Path, files: &serde_json::Map<String, serde_json::Value>) {
    for (path, text) in files {
        let p = dir.join(path);
        match text.as_str() {
            Some(t) => {
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                std::fs::write(&p, t).unwrap();
            }
            None => {
                let _ = std::fs::remove_file(&p);
            }
        }
    }
}

/// Python's `json.dumps(v, sort_keys=True)`: `", "` and `": "` between items, keys sorted,
/// non-ASCII escaped.
fn py_json(v: &serde_json::Value) -> String {
    use serde_json::Value as J;
    match v {
        J::Null => "null".into(),
        J::Bool(b) => if *b { "true" } else { "false" }.into(),
        J::Number(n) => n.to_string(),
        J::String(s) => {
            let mut out = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                        let mut buf = [0u16; 2];
                        for u in c.encode_utf16(&mut buf) {
                            out.push_str(&format!("\\u{u:04x}"));
                        }
                    }
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
        J::Array(items) => format!("[{}]", items.iter().map(py_json).collect::<Vec<_>>().join(", ")),
        J::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            format!(
                "{{{}}}",
                keys.iter()
                    .map(|k| format!("{}: {}", py_json(&J::String((*k).clone())), py_json(&m[*k])))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    }
}

fn instance_addr(rs: &serde_json::Value, inst: &serde_json::Value) -> String {
    let mut a = format!(
        "{}{}.{}",
        if rs["mode"] == "data" { "data." } else { "" },
        rs["type"].as_str().unwrap_or(""),
        rs["name"].as_str().unwrap_or("")
    );
    if let Some(m) = rs["module"].as_str() {
        a = format!("{m}.{a}");
    }
    if let Some(k) = inst.get("index_key") {
        match k {
            serde_json::Value::Number(n) => a.push_str(&format!("[{n}]")),
            other => a.push_str(&format!("[{}]", py_json(other))),
        }
    }
    if inst.get("deposed").and_then(|d| d.as_str()).is_some_and(|d| !d.is_empty()) {
        a.push_str(" (deposed)");
    }
    a
}

/// One side's names for the UUIDs it met (the differential tester's `Side`).
struct Names {
    names: HashMap<String, String>,
    by_addr: HashMap<String, usize>,
    anon: usize,
    uuid: Regex,
}

impl Names {
    fn new() -> Names {
        Names {
            names: HashMap::new(),
            by_addr: HashMap::new(),
            anon: 0,
            uuid: Regex::new(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}").unwrap(),
        }
    }

    fn learn(&mut self, states: &BTreeMap<String, serde_json::Value>) {
        for (w, st) in states {
            if let Some(lin) = st["lineage"].as_str()
                && !self.names.contains_key(lin)
            {
                self.names.insert(lin.to_string(), format!("<lineage:{w}>"));
            }
            for rs in st["resources"].as_array().into_iter().flatten() {
                for inst in rs["instances"].as_array().into_iter().flatten() {
                    if let Some(id) = inst["attributes"]["id"].as_str()
                        && self.uuid.is_match(id)
                        && id.len() == 36
                        && !self.names.contains_key(id)
                    {
                        let a = instance_addr(rs, inst).replace(" (deposed)", "").replace('"', "");
                        let n = self.by_addr.entry(a.clone()).or_default();
                        *n += 1;
                        let name = if *n == 1 { format!("<id:{a}>") } else { format!("<id:{a}#{n}>") };
                        self.names.insert(id.to_string(), name);
                    }
                }
            }
        }
    }

    fn norm(&mut self, text: &str, dir: &Path) -> String {
        let text = text.replace(&dir.display().to_string(), "<DIR>");
        let mut out = String::new();
        let mut last = 0;
        let found: Vec<(usize, usize)> = self.uuid.find_iter(&text).map(|m| (m.start(), m.end())).collect();
        for (s, e) in found {
            out.push_str(&text[last..s]);
            let u = &text[s..e];
            if !self.names.contains_key(u) {
                self.anon += 1;
                self.names.insert(u.to_string(), format!("<uuid-{}>", self.anon));
            }
            out.push_str(&self.names[u]);
            last = e;
        }
        out.push_str(&text[last..]);
        let out = Regex::new(r"after \d+(?:\.\d+)?m?s\b").unwrap().replace_all(&out, "after Ns");
        let out = Regex::new(r#"(deposed object |deposed: |"deposed": ")[0-9a-f]{8}"#)
            .unwrap()
            .replace_all(&out, "${1}<deposed>");
        let out = Regex::new(r#"("terraform_version":\s*")[^"]*""#)
            .unwrap()
            .replace_all(&out, "${1}<version>\"");
        let out = Regex::new(r#"("serial":\s*)\d+"#).unwrap().replace_all(&out, "${1}\"<serial>\"");
        let out = Regex::new(r#"("@?timestamp":\s*")[^"]*""#)
            .unwrap()
            .replace_all(&out, "${1}<timestamp>\"");
        let out = Regex::new(r"\.tfstate\.\d{9,}\.backup")
            .unwrap()
            .replace_all(&out, ".tfstate.<ts>.backup");
        out.to_string()
    }
}

/// The default workspace's state file and the workspaces' folder, where the folder's saved
/// local backend (`.terraform/terraform.tfstate`) puts them.
fn backend_paths(dir: &Path) -> (String, String) {
    let saved: serde_json::Value = std::fs::read_to_string(dir.join(".terraform/terraform.tfstate"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let config = &saved["backend"]["config"];
    let get = |k: &str, default: &str| config[k].as_str().unwrap_or(default).to_string();
    (get("path", "terraform.tfstate"), get("workspace_dir", "terraform.tfstate.d"))
}

fn read_states(dir: &Path) -> BTreeMap<String, serde_json::Value> {
    let mut paths = BTreeMap::new();
    let (path, workspace_dir) = backend_paths(dir);
    if dir.join(&path).exists() {
        paths.insert("default".to_string(), dir.join(&path));
    }
    if let Ok(rd) = std::fs::read_dir(dir.join(&workspace_dir)) {
        for e in rd.flatten() {
            let p = e.path().join("terraform.tfstate");
            if p.exists() {
                paths.insert(e.file_name().to_string_lossy().to_string(), p);
            }
        }
    }
    paths
        .into_iter()
        .map(|(w, p)| {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            (w, serde_json::from_str(&text).unwrap_or(serde_json::json!({})))
        })
        .collect()
}

fn state_text(states: &BTreeMap<String, serde_json::Value>) -> String {
    let mut out = String::new();
    for (w, st) in states {
        let mut rows = Vec::new();
        for rs in st["resources"].as_array().into_iter().flatten() {
            for inst in rs["instances"].as_array().into_iter().flatten() {
                let mut row = instance_addr(rs, inst);
                if rs["mode"] != "data" {
                    let attrs = &inst["attributes"];
                    let keep: serde_json::Map<String, serde_json::Value> = ["id", "input", "output", "triggers_replace"]
                        .iter()
                        .filter_map(|k| attrs.get(*k).map(|v| (k.to_string(), v.clone())))
                        .collect();
                    if !keep.is_empty() {
                        row.push(' ');
                        row.push_str(&py_json(&serde_json::Value::Object(keep)));
                    }
                }
                if inst["status"] == "tainted" {
                    row.push_str(" (tainted)");
                }
                rows.push(row);
            }
        }
        rows.sort();
        let outs = st["outputs"].as_object().cloned().unwrap_or_default();
        let mut names: Vec<&String> = outs.keys().collect();
        names.sort();
        out.push_str(&format!("[{w}]\n"));
        for r in rows {
            out.push_str(&r);
            out.push('\n');
        }
        for n in names {
            out.push_str(&format!("output {n} = {}\n", py_json(&outs[n]["value"])));
        }
    }
    out
}

/// `show -json PLAN`'s relevant_attributes, whose order varies from run to run in Terraform
/// (gathered from a map, then sorted by comparing the unsorted list): their elements sorted
/// as text, the rest kept (wf-difftest.py's sort_relevant).
fn sort_relevant(text: &str) -> String {
    let key = "\"relevant_attributes\":[";
    let Some(at) = text.find(key) else { return text.to_string() };
    let start = at + key.len();
    let (mut depth, mut in_str, mut esc, mut begin) = (0usize, false, false, start);
    let mut items: Vec<&str> = Vec::new();
    for (k, c) in text[start..].char_indices().map(|(i, c)| (i + start, c)) {
        if in_str {
            if esc {
                esc = false;
            } else if c == '\\' {
                esc = true;
            } else if c == '"' {
                in_str = false;
            }
        } else if c == '"' {
            in_str = true;
        } else if c == '[' || c == '{' {
            depth += 1;
        } else if c == ']' || c == '}' {
            if depth == 0 {
                items.push(&text[begin..k]);
                items.sort();
                return format!("{}{}{}", &text[..start], items.join(","), &text[k..]);
            }
            depth -= 1;
        } else if c == ',' && depth == 0 {
            items.push(&text[begin..k]);
            begin = k + 1;
        }
    }
    text.to_string()
}

/// `state pull`: the check_results come in Go's map order; sorted (both sides alike).
fn sort_checks(text: &str) -> String {
    if !text.contains("\"check_results\"") {
        return text.to_string();
    }
    let Ok(mut st) = serde_json::from_str::<serde_json::Value>(text) else {
        return text.to_string();
    };
    let Some(cr) = st.get_mut("check_results").and_then(|c| c.as_array_mut()) else {
        return text.to_string();
    };
    for c in cr.iter_mut() {
        if let Some(objects) = c.get_mut("objects").and_then(|o| o.as_array_mut()) {
            objects.sort_by_key(|o| o.to_string());
        }
    }
    cr.sort_by_key(|c| c.to_string());
    serde_json::to_string_pretty(&st).unwrap_or_default() + "\n"
}

/// The nodes of each `Cycle: A, B` sorted (Go's map order), in text and in the JSON UI's
/// summaries and messages.
fn sort_cycles(text: &str) -> String {
    // A node: an address whose keys (in brackets) may hold anything but `]`.
    let node = r"(?:[A-Za-z0-9_.-]|\[[^\]]*\])+(?: \(expand\))?";
    let cycle = Regex::new(&format!("Cycle: ({node}(?:, {node})*)")).unwrap();
    cycle
        .replace_all(text, |c: &regex::Captures| {
            let mut nodes: Vec<&str> = c[1].split(", ").collect();
            nodes.sort_unstable();
            format!("Cycle: {}", nodes.join(", "))
        })
        .into_owned()
}

/// The text with each run of bulleted addresses sorted (a removed block's forgotten objects,
/// a workspace's tracked instances: Go's map order).
fn sort_bullets(text: &str) -> String {
    let bullet = Regex::new(r"^(?:\x1b\[[0-9;]*m|│| )* +- (?:module\.|terraform_data\.|data\.)\S*$").unwrap();
    let mut lines: Vec<&str> = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    for line in text.split('\n') {
        if bullet.is_match(line) {
            run.push(line);
            continue;
        }
        run.sort();
        lines.append(&mut run);
        lines.push(line);
    }
    run.sort();
    lines.append(&mut run);
    lines.join("\n")
}

/// The text with its progress lines taken out (sorted) and bulleted address runs sorted.
fn split_progress(text: &str) -> (Vec<String>, Vec<String>) {
    let text = &sort_cycles(&sort_checks(&sort_relevant(text)));
    let progress = Regex::new(
        r"^(?:\S.*?): (?:Creating\.\.\.|Creation complete after|Destroying\.\.\.|Destruction complete after|Modifying\.\.\.|Modifications complete after|Still |Refreshing state\.\.\.|Reading\.\.\.|Read complete after|Importing|Import complete|Preparing import\.\.\.)",
    )
    .unwrap();
    // The JSON UI's hooks, planned changes and diagnostics come in the walk's order too.
    let json_progress = Regex::new(r#"^\{"@level":.*"type":"(?:apply_|refresh_|planned_change|resource_drift|diagnostic)"#).unwrap();
    let lines: Vec<String> = sort_bullets(text).split('\n').map(str::to_string).collect();
    // In colour, the reset ending the text before the progress lines starts the first of them,
    // whichever it is: it stays in place, the line joins the others.
    let (mut prog, mut rest) = (Vec::new(), Vec::new());
    for line in lines {
        if json_progress.is_match(&line) {
            prog.push(line);
            continue;
        }
        if !progress.is_match(&line) {
            rest.push(line);
            continue;
        }
        let mut body = line.as_str();
        let mut stray = String::new();
        while body.starts_with("\x1b[0m\x1b[0m\x1b[1m") {
            stray.push_str("\x1b[0m");
            body = &body["\x1b[0m".len()..];
        }
        if !stray.is_empty() {
            rest.push(stray);
        }
        prog.push(body.to_string());
    }
    prog.sort();
    (prog, rest)
}

/// stderr's diagnostics as a sorted list of whole diagnostics.
fn diagnostics(text: &str) -> Vec<String> {
    let text = &sort_bullets(&sort_cycles(text));
    let start = Regex::new(r"^(?:\x1b\[[0-9;]*m)*(?:╷|Error: |Warning: )").unwrap();
    let mut chunks: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.split('\n') {
        if start.is_match(line) && !chunks.last().is_some_and(|c| c.is_empty()) {
            chunks.push(Vec::new());
        }
        if let Some(c) = chunks.last_mut() {
            c.push(line);
        }
    }
    let mut out: Vec<String> = chunks
        .into_iter()
        .map(|c| c.join("\n").trim_end().to_string())
        .filter(|c| !c.is_empty())
        .collect();
    out.sort();
    out
}

fn known_differences() -> BTreeSet<String> {
    std::fs::read_to_string(root().join("known-differences.txt"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn recorded_scenarios_replay_as_terraform_ran_them() {
    let known = known_differences();
    let mut found: BTreeSet<String> = BTreeSet::new();
    let mut steps = 0;
    // Scenarios sit in the root or one folder down (`json/`, `color/`: a theme's own set).
    let mut scenarios: Vec<PathBuf> = Vec::new();
    for entry in std::fs::read_dir(root()).unwrap().flatten() {
        let p = entry.path();
        if p.join("scenario.json").exists() {
            scenarios.push(p);
        } else if p.is_dir() {
            for inner in std::fs::read_dir(&p).unwrap().flatten() {
                if inner.path().join("scenario.json").exists() {
                    scenarios.push(inner.path());
                }
            }
        }
    }
    scenarios.sort();
    assert!(scenarios.len() >= 30, "{} scenarios", scenarios.len());
    for sc_dir in &scenarios {
        let sc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(sc_dir.join("scenario.json")).unwrap()).unwrap();
        let name = sc["name"].as_str().unwrap_or("").to_string();
        for release in ["1.6.6", "1.12.2", "1.14.9"] {
            let rec = sc_dir.join(release);
            if !rec.is_dir() {
                continue;
            }
            let version = iacquiz::lang::dialect::releases::parse_version(release).unwrap();
            let dir = scratch(&name);
            write_files(&dir, sc["files"].as_object().unwrap());
            let mut names = Names::new();
            for (i, step) in sc["steps"].as_array().unwrap().iter().enumerate() {
                if let Some(edit) = step.get("edit").and_then(|e| e.as_object()) {
                    write_files(&dir, edit);
                    continue;
                }
                let args: Vec<String> = step["args"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a.as_str().unwrap_or("").to_string())
                    .collect();
                let mut env: BTreeMap<String, String> = BTreeMap::new();
                for source in [&sc["env"], &step["env"]] {
                    for (k, v) in source.as_object().into_iter().flatten() {
                        env.insert(k.clone(), v.as_str().unwrap_or("").to_string());
                    }
                }
                env.insert("TF_IN_AUTOMATION".into(), "1".into());
                let outcome = run(&Invocation {
                    dir: dir.clone(),
                    args,
                    env,
                    version,
                    seed: 1,
                    input: Some(step["stdin"].as_str().unwrap_or("").to_string()),
                });
                steps += 1;
                let states = read_states(&dir);
                names.learn(&states);
                let out = names.norm(&outcome.stdout, &dir);
                let err = names.norm(&outcome.stderr, &dir);
                let state = names.norm(&state_text(&states), &dir);
                let want = |ext: &str| std::fs::read_to_string(rec.join(format!("step-{i}.{ext}"))).unwrap_or_default();
                let rc: i32 = want("rc").trim().parse().unwrap_or(-99);
                let mut differs = Vec::new();
                if split_progress(&out) != split_progress(&want("out")) {
                    differs.push("out");
                }
                if diagnostics(&err) != diagnostics(&want("err")) {
                    differs.push("err");
                }
                if outcome.code != rc {
                    differs.push("rc");
                }
                if state != want("state") {
                    differs.push("state");
                }
                for aspect in differs {
                    found.insert(format!("{name} {release} {i} {aspect}"));
                }
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    let unexpected: Vec<&String> = found.difference(&known).collect();
    let fixed: Vec<&String> = known.difference(&found).collect();
    assert!(
        unexpected.is_empty() && fixed.is_empty(),
        "{steps} steps replayed; new differences (not in known-differences.txt): {unexpected:#?}\nlisted differences that are gone (remove them): {fixed:#?}"
    );
}
