//! `iacquiz blocks`: print a resource as Terraform would see it after expanding its dynamic
//! blocks, in HCL.

use clap::Args;

use super::common::ConfigArgs;
use crate::lang::config::resources::{Instance, Mode, body_object, expand, instance_vars};
use crate::lang::value::render;
use crate::lang::{Rules, Value};

/// Arguments of `iacquiz blocks`.
#[derive(Args, Debug)]
pub struct BlocksArgs {
    /// The resource address (`aws_security_group.web`, `aws_instance.web[1]`, `data.x.y`).
    #[arg(value_name = "ADDRESS")]
    pub address: String,
    #[command(flatten)]
    pub cfg: ConfigArgs,
}

/// Runs `iacquiz blocks`.
pub fn run(a: BlocksArgs) -> i32 {
    if a.cfg.config.is_none() {
        eprintln!("iacquiz blocks: --config DIR is required");
        return 2;
    }
    let session = match a.cfg.session() {
        Ok(s) => s,
        Err(e) => return e.report("blocks"),
    };
    let (base, key) = match a.address.find('[') {
        Some(i) => (&a.address[..i], Some(&a.address[i..])),
        None => (a.address.as_str(), None),
    };
    let parts: Vec<&str> = base.split('.').collect();
    let (mode, rtype, name) = match parts.as_slice() {
        ["data", t, n] => (Mode::Data, *t, *n),
        [t, n] => (Mode::Managed, *t, *n),
        _ => {
            eprintln!(
                "iacquiz blocks: {:?} is not a resource address (TYPE.NAME or data.TYPE.NAME)",
                a.address
            );
            return 2;
        }
    };
    let Some(decl) = session.config.resource(mode, rtype, name) else {
        eprintln!("iacquiz blocks: no resource {base} is declared in the configuration");
        return 1;
    };
    let result = session.with_scope(&Rules::real(), |ev, scope| scope.instances(ev, decl));
    let render_diag = |d: &crate::lang::Diag| {
        let name = d.file.clone().unwrap_or_else(|| "<configuration>".into());
        d.render(session.source_for(d, ""), &name)
    };
    let insts = match result.and_then(|r| r) {
        Ok(i) => i,
        // The provider schema refuses the configuration, yet the expansion of its blocks is what
        // was asked: show it by the generic model, and say that Terraform would not accept it.
        Err(d) => match session
            .with_scope(&Rules::real(), |ev, _| generic_instances(ev, decl))
            .and_then(|r| r)
        {
            Ok(i) => {
                eprintln!("Warning: real Terraform would refuse this configuration; the blocks below are its expansion as written.");
                eprint!("{}", render_diag(&d));
                i
            }
            Err(_) => {
                eprint!("{}", render_diag(&d));
                return 1;
            }
        },
    };
    let block_kinds: Vec<String> = decl
        .body
        .blocks
        .iter()
        .filter_map(|b| {
            if b.kind == "dynamic" {
                b.labels.first().cloned()
            } else {
                Some(b.kind.clone())
            }
        })
        .collect();
    let mut printed = 0;
    for inst in &insts {
        let suffix = inst.key.suffix();
        if let Some(k) = key
            && suffix != k
        {
            continue;
        }
        let head = match mode {
            Mode::Managed => "resource",
            Mode::Data => "data",
        };
        if !suffix.is_empty() {
            println!("# {base}{suffix}");
        }
        println!("{head} {:?} {:?} {{", rtype, name);
        print!("{}", body_text(&inst.value, &block_kinds, 1));
        println!("}}");
        printed += 1;
    }
    if printed == 0 {
        eprintln!("iacquiz blocks: {} has no instance {}", base, key.unwrap_or(""));
        return 1;
    }
    0
}

/// A declaration's instances by the generic model (every block a list, any argument), whatever
/// its type's schema says.
fn generic_instances(
    ev: &crate::lang::eval::Evaluator,
    decl: &crate::lang::config::resources::ResourceDecl,
) -> crate::lang::syntax::diag::DResult<Vec<Instance>> {
    let mut out = Vec::new();
    for (key, each_value) in expand(ev, decl)? {
        let vars = instance_vars(&key, &each_value);
        let obj = ev.with_var(vars, || body_object(ev, &decl.body, true))?;
        out.push(Instance {
            key,
            each_value,
            value: Value::Object(obj),
        });
    }
    Ok(out)
}

/// An object as an HCL body: arguments (aligned), then nested blocks.
fn body_text(v: &Value, block_kinds: &[String], depth: usize) -> String {
    let pad = "  ".repeat(depth);
    let Value::Object(m) = v else { return String::new() };
    let attrs: Vec<(&String, &Value)> = m.iter().filter(|(k, _)| !block_kinds.contains(k)).collect();
    let width = attrs.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (k, v) in &attrs {
        out.push_str(&format!("{pad}{k:<width$} = {}\n", render::hcl(v)));
    }
    for kind in block_kinds.iter().filter(|k| m.contains_key(*k)) {
        if let Some(items) = m.get(kind).and_then(|b| b.as_seq()) {
            for item in items {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&format!("{pad}{kind} {{\n"));
                let nested: Vec<String> = match item {
                    Value::Object(o) => o
                        .iter()
                        .filter(|(_, x)| {
                            x.as_seq().is_some_and(|s| s.iter().all(|e| matches!(e, Value::Object(_))))
                                && !x.as_seq().is_some_and(|s| s.is_empty())
                        })
                        .map(|(k, _)| k.clone())
                        .collect(),
                    _ => Vec::new(),
                };
                out.push_str(&body_text(item, &nested, depth + 1));
                out.push_str(&format!("{pad}}}\n"));
            }
        }
    }
    let _ = &mut out;
    out
}
