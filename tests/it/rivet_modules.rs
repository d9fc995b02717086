//! Modules: folders of .rvt files whose variables receive the call's arguments; families
//! expanded by count / for_each; outputs through indexed instances; module sources kept inside
//! the configuration's folder; and the global limits that nested modules share.

use std::collections::BTreeMap;

use iacquiz::lang::{Rule, Rules, Value};
use iacquiz::rivet::{self, Bundle, ErrorKind, Output, RivetError, Source};

const FILE_MODULE: &str = "variable \"path\" {\n  type = string\n}\nvariable \"text\" {\n  type    = string\n  default = \"\"\n}\nfile \"this\" {\n  path    = var.path\n  content = var.text\n}\noutput \"handle\" {\n  type  = resource(\"file\")\n  value = file.this\n}\noutput \"path\" {\n  value = var.path\n}\n";

fn compile_files(files: &[(&str, &str)], rules: &Rules) -> Result<Bundle, RivetError> {
    rivet::compile(&Source::files(files.iter().copied()), &BTreeMap::new(), &BTreeMap::new(), rules)
}

fn with_module(main: &str) -> Result<Bundle, RivetError> {
    compile_files(&[("main.rvt", main), ("modules/file/main.rvt", FILE_MODULE)], &Rules::real())
}

#[test]
fn module_variables_receive_the_arguments() {
    let b = with_module("module \"one\" {\n  source = \"./modules/file\"\n  path   = \"/etc/one\"\n}").expect("compiles");
    assert_eq!(b.addresses(), ["module.one.file.this"]);
    let r = &b.resources[0];
    assert!(matches!(r.attributes.get("path"), Some(Value::String(s)) if &**s == "/etc/one"));
    assert!(
        matches!(r.attributes.get("content"), Some(Value::String(s)) if s.is_empty()),
        "the default applies"
    );
    assert_eq!(r.module, "module.one");
}

#[test]
fn module_arguments_are_checked_against_its_variables() {
    let e = with_module("module \"one\" {\n  source = \"./modules/file\"\n  path   = \"/x\"\n  colour = \"red\"\n}")
        .expect_err("unknown argument");
    assert_eq!(
        (e.kind, e.file.as_deref(), e.line),
        (ErrorKind::Variable, Some("main.rvt"), Some(4)),
        "{e}"
    );
    assert!(e.message.contains("no variable \"colour\""), "{e}");
    let e = with_module("module \"one\" {\n  source = \"./modules/file\"\n}").expect_err("missing argument");
    assert!(e.message.contains("argument \"path\" is required"), "{e}");
    let e = with_module("module \"one\" {\n  source = \"./modules/file\"\n  path   = [1]\n}").expect_err("wrong type");
    assert_eq!((e.kind, e.line), (ErrorKind::Variable, Some(3)), "{e}");
}

#[test]
fn errors_inside_a_module_name_the_module_file() {
    let e = compile_files(
        &[
            ("main.rvt", "module \"m\" {\n  source = \"./modules/bad\"\n}"),
            ("modules/bad/main.rvt", "file \"x\" {\n  count = -2\n}"),
        ],
        &Rules::real(),
    )
    .expect_err("negative count in the module");
    assert_eq!(e.file.as_deref(), Some("modules/bad/main.rvt"), "{e}");
    assert_eq!(e.line, Some(2));
    assert!(e.message.contains("count of module.m.file.x"), "{e}");
}

#[test]
fn families_expand_per_key_and_per_slot() {
    let b = with_module(
        "module \"files\" {\n  source   = \"./modules/file\"\n  for_each = { b = \"/b\", a = \"/a\" }\n  path     = each.value\n  text     = each.key\n}\nmodule \"slots\" {\n  source = \"./modules/file\"\n  count  = 2\n  path   = \"/slot-${count.index}\"\n}",
    )
    .expect("compiles");
    assert_eq!(
        b.addresses(),
        [
            "module.files[\"a\"].file.this",
            "module.files[\"b\"].file.this",
            "module.slots[0].file.this",
            "module.slots[1].file.this"
        ]
    );
}

#[test]
fn individual_outputs_need_an_indexed_instance() {
    let family = "module \"files\" {\n  source   = \"./modules/file\"\n  for_each = toset([\"first\", \"second\"])\n  path     = \"/etc/${each.key}\"\n}\n";
    let b = with_module(&format!(
        "{family}file \"copy\" {{\n  path = module.files[\"second\"].path\n}}\noutput \"h\" {{\n  type  = resource(\"file\")\n  value = module.files[\"first\"].handle\n}}"
    ))
    .expect("compiles");
    assert!(matches!(b.resource("file.copy").and_then(|r| r.attributes.get("path")), Some(Value::String(s)) if &**s == "/etc/second"));
    assert_eq!(
        b.resource("file.copy").map(|r| r.edges.clone()),
        Some(vec!["module.files[\"second\"]".to_string()])
    );
    assert!(matches!(b.output("h"), Some(Output::Resource { address, .. }) if address == "module.files[\"first\"].file.this"));
    let e = with_module(&format!("{family}file \"copy\" {{\n  path = module.files.path\n}}")).expect_err("family output");
    assert_eq!((e.kind, e.line), (ErrorKind::Reference, Some(7)), "{e}");
    assert!(
        e.message.contains("needs an indexed instance, as in module.files[\"first\"].path"),
        "{e}"
    );
    let e = with_module(&format!(
        "{family}output \"h\" {{\n  type  = resource(\"file\")\n  value = module.files.handle\n}}"
    ))
    .expect_err("family handle");
    assert_eq!(e.kind, ErrorKind::Output, "{e}");
    let e = with_module(&format!("{family}file \"copy\" {{\n  path = module.files[\"third\"].path\n}}")).expect_err("no such key");
    assert!(e.message.contains("has no instance [\"third\"]"), "{e}");
    let e = with_module(&format!("{family}file \"copy\" {{\n  path = module.files[\"first\"].nope\n}}")).expect_err("no such output");
    assert!(e.message.contains("has no output \"nope\""), "{e}");
}

#[test]
fn depends_on_a_family_expands_to_every_instance_boundary() {
    let src = "module \"files\" {\n  source   = \"./modules/file\"\n  for_each = toset([\"a\", \"b\"])\n  path     = each.key\n}\nfile \"after\" {\n  meta { depends_on = [module.files] }\n}\nfile \"one\" {\n  meta { depends_on = [module.files[\"b\"]] }\n}\nmodule \"none\" {\n  source = \"./modules/file\"\n  count  = 0\n  path   = \"x\"\n}\nfile \"lonely\" {\n  meta { depends_on = [module.none] }\n}";
    let b = with_module(src).expect("compiles");
    assert_eq!(
        b.resource("file.after").map(|r| r.edges.clone()),
        Some(vec!["module.files[\"a\"]".into(), "module.files[\"b\"]".into()])
    );
    assert_eq!(
        b.resource("file.one").map(|r| r.edges.clone()),
        Some(vec!["module.files[\"b\"]".into()])
    );
    assert_eq!(b.resource("file.lonely").map(|r| r.edges.len()), Some(0));
    let e = with_module("file \"x\" {\n  meta { depends_on = [module.files[\"a\"].handle] }\n}\nmodule \"files\" {\n  source = \"./modules/file\"\n  for_each = toset([\"a\"])\n  path = \"p\"\n}")
        .expect_err("an output in depends_on");
    assert_eq!(e.kind, ErrorKind::DependsOn, "{e}");
}

#[test]
fn nested_modules_are_addressed_under_their_parents() {
    let b = compile_files(
        &[
            ("main.rvt", "module \"outer\" {\n  source = \"./modules/outer\"\n  count  = 2\n}"),
            (
                "modules/outer/main.rvt",
                "module \"inner\" {\n  source   = \"./inner\"\n  for_each = toset([\"x\"])\n}\noutput \"p\" {\n  value = module.inner[\"x\"].p\n}",
            ),
            ("modules/outer/inner/main.rvt", "file \"leaf\" {\n  path = \"/leaf\"\n}\noutput \"p\" {\n  value = file.leaf.path\n}"),
        ],
        &Rules::real(),
    )
    .expect("compiles");
    assert_eq!(
        b.addresses(),
        [
            "module.outer[0].module.inner[\"x\"].file.leaf",
            "module.outer[1].module.inner[\"x\"].file.leaf"
        ]
    );
    let m: Vec<&str> = b.modules.iter().map(|m| m.address.as_str()).collect();
    assert_eq!(
        m,
        [
            "module.outer[0]",
            "module.outer[0].module.inner[\"x\"]",
            "module.outer[1]",
            "module.outer[1].module.inner[\"x\"]"
        ]
    );
}

#[test]
fn module_sources_stay_inside_the_configuration() {
    for (source, words) in [
        ("../elsewhere", "climbs out"),
        ("/etc", "absolute path"),
        ("modules/file", "must be a local folder starting with ./"),
        ("./modules/missing", "does not exist"),
    ] {
        let e = with_module(&format!("module \"m\" {{\n  source = \"{source}\"\n}}")).expect_err(source);
        assert_eq!((e.kind, e.line), (ErrorKind::Load, Some(2)), "{e}");
        assert!(e.message.contains(words), "{source}: {e}");
    }
    let e = compile_files(
        &[
            ("main.rvt", "module \"m\" {\n  source = \"./m\"\n}"),
            ("m/main.rvt", "module \"again\" {\n  source = \"./\"\n}"),
        ],
        &Rules::real(),
    )
    .expect_err("a module calling itself");
    assert_eq!(e.kind, ErrorKind::Cycle, "{e}");
}

#[cfg(unix)]
#[test]
fn symlinks_out_of_the_configuration_are_refused() {
    let base = std::env::temp_dir().join(format!("iacquiz-rivet-link-{}", std::process::id()));
    let cfg = base.join("cfg");
    let outside = base.join("outside");
    std::fs::create_dir_all(cfg.join("modules")).expect("mkdir");
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::fs::write(outside.join("main.rvt"), "file \"stolen\" {\n}").expect("write");
    std::fs::write(cfg.join("main.rvt"), "module \"m\" {\n  source = \"./modules/link\"\n}").expect("write");
    let _ = std::os::unix::fs::symlink(&outside, cfg.join("modules/link"));
    let e = rivet::compile(&Source::Path(cfg.clone()), &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect_err("symlink out");
    assert_eq!(e.kind, ErrorKind::Load, "{e}");
    assert!(e.message.contains("outside the configuration's folder"), "{e}");
    // A symlinked .rvt file pointing out is refused too.
    std::fs::create_dir_all(cfg.join("modules/ok")).expect("mkdir");
    let _ = std::os::unix::fs::symlink(outside.join("main.rvt"), cfg.join("modules/ok/main.rvt"));
    std::fs::write(cfg.join("main.rvt"), "module \"m\" {\n  source = \"./modules/ok\"\n}").expect("write");
    let e = rivet::compile(&Source::Path(cfg), &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect_err("file symlink out");
    assert_eq!(e.kind, ErrorKind::Load, "{e}");
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn at_most_10000_resources_in_the_whole_compilation() {
    let e = compile_files(&[("main.rvt", "file \"a\" {\n  count = 10001\n}")], &Rules::real()).expect_err("over");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(e.message.contains("limit of 10000 resources"), "{e}");
    let ok = compile_files(
        &[("main.rvt", "file \"a\" {\n  count = 6000\n}\nfile \"b\" {\n  count = 4000\n}")],
        &Rules::real(),
    );
    assert_eq!(ok.map(|b| b.resources.len()).ok(), Some(10_000));
    let e = compile_files(
        &[("main.rvt", "file \"a\" {\n  count = 6000\n}\nfile \"b\" {\n  count = 4001\n}")],
        &Rules::real(),
    )
    .expect_err("over across declarations");
    assert_eq!((e.kind, e.line), (ErrorKind::Limit, Some(4)), "{e}");
    let e = compile_files(&[("main.rvt", "file \"a\" {\n  count = 1e30\n}")], &Rules::real()).expect_err("huge");
    assert_eq!(e.kind, ErrorKind::Limit);
}

const NESTED_RESOURCES: &[(&str, &str)] = &[
    ("main.rvt", "module \"m\" {\n  source = \"./m\"\n  count  = 2\n}"),
    ("m/main.rvt", "file \"f\" {\n  count = 6000\n}"),
];

#[test]
fn nested_modules_share_the_resource_limit() {
    let e = compile_files(NESTED_RESOURCES, &Rules::real()).expect_err("12000 resources");
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
    assert_eq!(e.file.as_deref(), Some("m/main.rvt"));
    assert!(e.message.contains("12000 resources"), "{e}");
    assert!(e.touched.contains(&Rule::LimitsPerModule));
    let per_module = compile_files(NESTED_RESOURCES, &Rules::with(Rule::LimitsPerModule)).expect("a learner's per-module limits");
    assert_eq!(per_module.resources.len(), 12_000);
}

#[test]
fn at_most_1024_module_instances_nested_ones_included() {
    let flat = [
        ("main.rvt", "module \"m\" {\n  source = \"./m\"\n  count  = 1025\n}"),
        ("m/main.rvt", "file \"f\" {\n}"),
    ];
    let e = compile_files(&flat, &Rules::real()).expect_err("1025");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(e.message.contains("limit of 1024 module instances"), "{e}");
    let nested = [
        ("main.rvt", "module \"a\" {\n  source = \"./a\"\n  count  = 40\n}"),
        ("a/main.rvt", "module \"b\" {\n  source = \"./b\"\n  count  = 30\n}"),
        ("a/b/main.rvt", "file \"f\" {\n}"),
    ];
    let e = compile_files(&nested, &Rules::real()).expect_err("40 + 40 * 30");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(compile_files(&nested, &Rules::with(Rule::LimitsPerModule)).is_ok());
}

#[test]
fn deep_nesting_is_bounded() {
    let mut files = vec![("main.rvt".to_string(), "module \"n\" {\n  source = \"./n\"\n}".to_string())];
    let mut dir = String::from("n");
    for _ in 0..20 {
        files.push((format!("{dir}/main.rvt"), "module \"n\" {\n  source = \"./n\"\n}".to_string()));
        dir.push_str("/n");
    }
    files.push((format!("{dir}/main.rvt"), "file \"f\" {\n}".to_string()));
    let src = Source::Memory(files.into_iter().collect());
    let e = rivet::compile(&src, &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect_err("too deep");
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
    assert!(e.message.contains("levels deep"), "{e}");
}

#[test]
fn deep_nesting_with_references_through_every_level_compiles() {
    let level =
        "file \"g\" {\n  path = \"${module.n.p}/x\"\n}\noutput \"p\" {\n  value = file.g.path\n}\nmodule \"n\" {\n  source = \"./n\"\n}\n";
    let mut files = vec![(
        "main.rvt".to_string(),
        "output \"p\" {\n  value = module.n.p\n}\nmodule \"n\" {\n  source = \"./n\"\n}\n".to_string(),
    )];
    let mut dir = String::from("n");
    // The root's call plus 15 more: 16 levels, the most allowed.
    let depth = 15;
    for _ in 0..depth {
        files.push((format!("{dir}/main.rvt"), level.to_string()));
        dir.push_str("/n");
    }
    files.push((
        format!("{dir}/main.rvt"),
        "file \"f\" {\n  path = \"/leaf\"\n}\noutput \"p\" {\n  value = file.f.path\n}\n".to_string(),
    ));
    let src = Source::Memory(files.into_iter().collect());
    let b = rivet::compile(&src, &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect("16 levels compile");
    assert_eq!(b.resources.len(), depth + 1);
    assert!(matches!(b.output("p"), Some(Output::Value(Value::String(s))) if s.starts_with("/leaf/x/x")));
}

#[test]
fn long_reference_chains_stop_at_the_nesting_limit() {
    let n = 300;
    let mut src = String::new();
    for i in 0..n {
        src.push_str(&format!("file \"r{i}\" {{\n  path = \"${{file.r{}.path}}/x\"\n}}\n", i + 1));
    }
    src.push_str(&format!("file \"r{n}\" {{\n  path = \"/\"\n}}\n"));
    let e = rivet::compile(&Source::text(&src), &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect_err("too deep");
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
    assert!(e.message.contains("chain of more than 48 declarations"), "{e}");
}

#[test]
fn a_chain_at_the_limit_with_a_deep_expression_does_not_exhaust_the_stack() {
    let n = 47;
    let mut src = String::new();
    for i in 0..n {
        src.push_str(&format!("file \"r{i}\" {{\n  path = \"${{file.r{}.path}}/x\"\n}}\n", i + 1));
    }
    let depth = 30;
    let deep = format!("{}\"/\"{}", "[".repeat(depth), "][0]".repeat(depth));
    src.push_str(&format!("file \"r{n}\" {{\n  path = {deep}\n}}\n"));
    let b = rivet::compile(&Source::text(&src), &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect("compiles");
    assert_eq!(b.resources.len(), n + 1);
}

#[test]
fn cycles_through_a_module_are_refused_at_the_reference() {
    let e = with_module(
        "file \"a\" {\n  path = module.one.path\n}\nmodule \"one\" {\n  source = \"./modules/file\"\n  path   = file.a.content\n}",
    )
    .expect_err("a cycle");
    assert_eq!(
        (e.kind, e.file.as_deref(), e.line),
        (ErrorKind::Cycle, Some("main.rvt"), Some(6)),
        "{e}"
    );
    assert!(e.message.contains("file.a -> module.one -> file.a"), "{e}");
}

#[test]
fn one_file_finds_its_modules_beside_it() {
    let base = std::env::temp_dir().join(format!("iacquiz-rivet-onefile-{}", std::process::id()));
    std::fs::create_dir_all(base.join("modules/file")).expect("mkdir");
    std::fs::write(base.join("modules/file/main.rvt"), FILE_MODULE).expect("write");
    std::fs::write(
        base.join("site.rvt"),
        "module \"m\" {\n  source = \"./modules/file\"\n  path   = \"/p\"\n}",
    )
    .expect("write");
    std::fs::write(base.join("other.rvt"), "file \"ignored\" {\n}").expect("write");
    let b = rivet::compile(
        &Source::Path(base.join("site.rvt")),
        &BTreeMap::new(),
        &BTreeMap::new(),
        &Rules::real(),
    )
    .expect("compiles");
    assert_eq!(b.addresses(), ["module.m.file.this"], "only the named file is the root module");
    let b = rivet::compile(&Source::Path(base.clone()), &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect("compiles");
    assert_eq!(
        b.addresses(),
        ["file.ignored", "module.m.file.this"],
        "a folder's files in name order"
    );
    let _ = std::fs::remove_dir_all(&base);
}
