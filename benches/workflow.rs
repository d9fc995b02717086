//! The workflow engine's speed: a plan of 100 `terraform_data` instances (a count of 50
//! whose inputs read a for_each of 50), from an empty state and again once applied (every
//! instance a no-op), without the files: configuration loading and state I/O are not in it.

use criterion::{Criterion, criterion_group, criterion_main};
use iacquiz::lang::config::Config;
use iacquiz::lang::eval::host::Host;
use iacquiz::workflow::model::State;
use iacquiz::workflow::plan::tree::ModuleTree;
use iacquiz::workflow::plan::{PlanOptions, apply, plan};

/// The allocator the binary uses, so the figures are the ones a user sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CONFIG: &str = r#"
variable "names" {
  type    = list(string)
  default = []
}
locals {
  keys = toset([for i in range(50) : format("k%02d", i)])
}
resource "terraform_data" "each" {
  for_each = local.keys
  input    = { name = each.key, size = length(each.key) }
}
resource "terraform_data" "counted" {
  count            = 50
  input            = terraform_data.each[format("k%02d", count.index)].input.name
  triggers_replace = [count.index % 3]
}
output "names" {
  value = terraform_data.counted[*].input
}
"#;

fn bench(c: &mut Criterion) {
    let version = (1, 12, 2);
    let config = Config::load_texts(vec![("main.tf".into(), CONFIG.into())], version).expect("the benchmark's configuration loads");
    let tree = ModuleTree::single(config);
    let host = Host::default();
    let opts = PlanOptions::new(version);
    let empty = State::default();
    c.bench_function("plan 100 instances from an empty state", |b| {
        b.iter(|| plan(&tree, &host, &empty, &opts).map(|p| p.changes.len()).unwrap_or(0))
    });
    let first = plan(&tree, &host, &empty, &opts).expect("the first plan succeeds");
    let mut n = 0u64;
    let applied = apply(&tree, &host, &first, &opts, &mut || {
        n += 1;
        n
    })
    .expect("the apply succeeds");
    c.bench_function("plan 100 instances, all unchanged", |b| {
        b.iter(|| plan(&tree, &host, &applied.state, &opts).map(|p| p.changes.len()).unwrap_or(0))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
