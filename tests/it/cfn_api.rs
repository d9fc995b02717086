//! The library API the quiz uses: in-memory file maps, rules consulted, errors with places,
//! and the checks RULES.md suggests where upstream has none.

use iacquiz::cfn::{self, ErrorKind, Input, Template};
use iacquiz::lang::{Rule, Rules};

fn pkg(files: &[(&str, &str)], rules: &Rules) -> Result<Template, cfn::CfnError> {
    cfn::package(
        Input::memory(files.iter().map(|(k, v)| (k.to_string(), v.to_string())), "main.yaml"),
        rules,
    )
}

fn yaml(t: &Template) -> String {
    cfn::render_yaml(t)
}

#[test]
fn rules_are_only_consulted_where_they_matter() {
    let files = [
        ("main.yaml", "Modules:\n  M:\n    Source: m.yaml\n"),
        ("m.yaml", "Resources:\n  R:\n    Type: X::Y::Z\n"),
    ];
    let t = pkg(&files, &Rules::real()).unwrap();
    assert!(t.touched.contains(&Rule::CfnNoLogicalIdPrefix));
    assert!(!t.touched.contains(&Rule::CfnOverrideListReplaces), "no override, no list merge");
    assert!(!t.touched.contains(&Rule::CfnSourceRelativeToCwd), "the module is at the top");
}

#[test]
fn errors_carry_the_rules_consulted() {
    let files = [
        (
            "main.yaml",
            "Modules:\n  M:\n    Source: m.yaml\n    Overrides:\n      R:\n        Properties:\n          P: 1\n",
        ),
        (
            "m.yaml",
            "Parameters:\n  P:\n    Type: String\n    Default: 0\nResources:\n  R:\n    Type: X::Y::Z\n",
        ),
    ];
    let e = pkg(&files, &Rules::real()).unwrap_err();
    assert!(matches!(&*e.kind, ErrorKind::OverrideParameter { key, .. } if key == "P"));
    assert!(e.touched.contains(&Rule::CfnParamsOverrideViaOverrides));
    assert_eq!(e.file.as_deref(), Some("main.yaml"));
    assert_eq!(e.module.as_deref(), Some("M"));
}

#[test]
fn a_module_used_twice_is_not_a_cycle() {
    let files = [
        ("main.yaml", "Modules:\n  A:\n    Source: m.yaml\n  B:\n    Source: m.yaml\n"),
        ("m.yaml", "Modules:\n  L:\n    Source: leaf.yaml\n"),
        ("leaf.yaml", "Resources:\n  R:\n    Type: X::Y::Z\n"),
    ];
    let out = yaml(&pkg(&files, &Rules::real()).unwrap());
    assert!(out.contains("ALR:") && out.contains("BLR:"), "{out}");
}

#[test]
fn a_direct_self_include_names_the_cycle() {
    let files = [
        ("main.yaml", "Modules:\n  A:\n    Source: m.yaml\n"),
        ("m.yaml", "Modules:\n  Me:\n    Source: m.yaml\n"),
    ];
    let e = pkg(&files, &Rules::real()).unwrap_err();
    assert_eq!(*e.kind, ErrorKind::Cycle(vec!["m.yaml".into(), "m.yaml".into()]));
}

#[test]
fn without_prefixes_two_copies_collide() {
    let files = [
        ("main.yaml", "Modules:\n  A:\n    Source: m.yaml\n  B:\n    Source: m.yaml\n"),
        ("m.yaml", "Resources:\n  R:\n    Type: X::Y::Z\n"),
    ];
    assert!(pkg(&files, &Rules::real()).is_ok());
    let e = pkg(&files, &Rules::with(Rule::CfnNoLogicalIdPrefix)).unwrap_err();
    assert_eq!(*e.kind, ErrorKind::DuplicateId("R".into()));
}

#[test]
fn modules_reading_each_others_outputs_in_a_loop_fail() {
    let files = [
        (
            "main.yaml",
            "Modules:\n  A:\n    Source: m.yaml\n    Properties:\n      In: !GetAtt B.Out\n  B:\n    Source: m.yaml\n    Properties:\n      In: !GetAtt A.Out\n",
        ),
        (
            "m.yaml",
            "Parameters:\n  In:\n    Type: String\nResources:\n  R:\n    Type: X::Y::Z\nOutputs:\n  Out:\n    Value: !Ref In\n",
        ),
    ];
    let e = pkg(&files, &Rules::real()).unwrap_err();
    assert!(matches!(&*e.kind, ErrorKind::OutputCycle(_)), "{e}");
}

#[test]
fn a_later_module_output_can_be_read_by_an_earlier_entry() {
    let files = [
        (
            "main.yaml",
            "Modules:\n  A:\n    Source: user.yaml\n    Properties:\n      In: !GetAtt B.Out\n  B:\n    Source: src.yaml\n",
        ),
        (
            "user.yaml",
            "Parameters:\n  In:\n    Type: String\nResources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      V: !Ref In\n",
        ),
        (
            "src.yaml",
            "Resources:\n  S:\n    Type: X::Y::Z\nOutputs:\n  Out:\n    Value: !GetAtt S.Arn\n",
        ),
    ];
    let out = yaml(&pkg(&files, &Rules::real()).unwrap());
    assert!(out.contains("V:\n        Fn::GetAtt:\n        - BS\n        - Arn"), "{out}");
}

#[test]
fn parent_values_are_not_captured_by_module_names() {
    // The parent's !Ref Bucket means the parent's Bucket, even though the module has one too.
    let files = [
        (
            "main.yaml",
            "Modules:\n  M:\n    Source: m.yaml\n    Properties:\n      Target: !Join [',', [!Ref Bucket, x]]\nResources:\n  Bucket:\n    Type: A::B::C\n",
        ),
        (
            "m.yaml",
            "Parameters:\n  Target:\n    Type: String\nResources:\n  Bucket:\n    Type: X::Y::Z\n    Properties:\n      T: !Ref Target\n",
        ),
    ];
    let out = yaml(&pkg(&files, &Rules::real()).unwrap());
    assert!(out.contains("- Ref: Bucket\n"), "{out}");
    assert!(!out.contains("Ref: MBucket"), "{out}");
}

#[test]
fn an_unset_parameter_inside_a_sub_is_an_error_too() {
    let files = [
        ("main.yaml", "Modules:\n  M:\n    Source: m.yaml\n"),
        (
            "m.yaml",
            "Parameters:\n  P:\n    Type: String\nResources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      N: !Sub 'x-${P}'\n",
        ),
    ];
    let e = pkg(&files, &Rules::real()).unwrap_err();
    assert_eq!(*e.kind, ErrorKind::MissingParameter("P".into()));
}

#[test]
fn a_two_item_sub_keeps_its_own_variables() {
    let files = [
        ("main.yaml", "Modules:\n  M:\n    Source: m.yaml\n    Properties:\n      P: p\n"),
        (
            "m.yaml",
            "Parameters:\n  P:\n    Type: String\nResources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      N: !Sub ['${P}-${V}-${R}', {V: !Ref P}]\n",
        ),
    ];
    let t = pkg(&files, &Rules::real()).unwrap();
    let want = cfn::parse("Resources:\n  MR:\n    Type: X::Y::Z\n    Properties:\n      N: !Sub ['p-${V}-${MR}', {V: p}]\n").unwrap();
    assert!(t.value.same_data(&want), "{}", yaml(&t));
}

#[test]
fn an_undecided_entry_condition_guards_every_resource_of_the_module() {
    let files = [
        (
            "main.yaml",
            "Parameters:\n  On:\n    Type: String\nConditions:\n  Enabled: !Equals [!Ref On, 'yes']\nModules:\n  M:\n    Condition: Enabled\n    Source: m.yaml\n",
        ),
        (
            "m.yaml",
            "Resources:\n  A:\n    Type: X::Y::Z\n  B:\n    Type: X::Y::Z\n    Condition: Own\nConditions:\n  Own: !Equals [!Ref AWS::Region, eu-west-1]\n",
        ),
    ];
    let out = yaml(&pkg(&files, &Rules::real()).unwrap());
    assert!(out.contains("  MA:\n    Type: X::Y::Z\n    Condition: Enabled\n"), "{out}");
    assert!(out.contains("Condition: MOwnAndEnabled"), "{out}");
    assert!(
        out.contains("MOwnAndEnabled:\n    Fn::And:\n    - Condition: MOwn\n    - Condition: Enabled\n"),
        "{out}"
    );
}

#[test]
fn a_decided_false_entry_condition_at_the_root_removes_the_module() {
    let files = [
        (
            "main.yaml",
            "Conditions:\n  Never: !Equals [a, b]\nModules:\n  M:\n    Condition: Never\n    Source: m.yaml\nResources: {}\n",
        ),
        ("m.yaml", "Resources:\n  A:\n    Type: X::Y::Z\n"),
    ];
    let out = yaml(&pkg(&files, &Rules::real()).unwrap());
    assert!(!out.contains("MA"), "{out}");
}

#[test]
fn dangling_refs_show_what_a_rename_breaks() {
    let main = "Modules:\n  Logs:\n    Source: logs.yaml\nResources:\n  Trail:\n    Type: T\n    Properties:\n      B: !Ref LogsBucket\n";
    let before = pkg(
        &[("main.yaml", main), ("logs.yaml", "Resources:\n  Bucket:\n    Type: S\n")],
        &Rules::real(),
    )
    .unwrap();
    assert!(cfn::dangling_refs(&before).is_empty());
    let after = pkg(
        &[("main.yaml", main), ("logs.yaml", "Resources:\n  Store:\n    Type: S\n")],
        &Rules::real(),
    )
    .unwrap();
    assert_eq!(cfn::dangling_refs(&after), ["LogsBucket"]);
}

#[test]
fn bad_yaml_names_the_file_and_line() {
    let files = [
        ("main.yaml", "Modules:\n  M:\n    Source: m.yaml\n"),
        ("m.yaml", "Resources:\n  R: [\n"),
    ];
    let e = pkg(&files, &Rules::real()).unwrap_err();
    let msg = e.to_string();
    assert!(msg.starts_with("m.yaml: ") && msg.contains("line "), "{msg}");
}

#[test]
fn a_package_hash_is_checked() {
    use sha2::Digest;
    let zip_bytes = {
        use std::io::Write;
        let mut buf = std::io::Cursor::new(Vec::new());
        let mut z = zip::ZipWriter::new(&mut buf);
        z.start_file("m.yaml", zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(b"Resources:\n  R:\n    Type: X\n").unwrap();
        z.finish().unwrap();
        buf.into_inner()
    };
    let good: String = sha2::Sha256::digest(&zip_bytes).iter().map(|b| format!("{b:02x}")).collect();
    let main = "Packages:\n  p:\n    Source: p.zip\n    Hash: p.sha256\nModules:\n  M:\n    Source: $p/m.yaml\n";
    let run = |hash: &str| {
        let files: Vec<(String, Vec<u8>)> = vec![
            ("main.yaml".into(), main.as_bytes().to_vec()),
            ("p.zip".into(), zip_bytes.clone()),
            ("p.sha256".into(), hash.as_bytes().to_vec()),
        ];
        cfn::package(Input::memory(files, "main.yaml"), &Rules::real())
    };
    assert!(run(&format!("{good}  p.zip\n")).is_ok());
    let e = run("00").unwrap_err();
    assert!(matches!(&*e.kind, ErrorKind::Hash { .. }), "{e}");
}

#[test]
fn an_offline_fetcher_can_be_replaced() {
    struct Fake;
    impl cfn::Fetch for Fake {
        fn fetch(&self, uri: &str) -> Result<Vec<u8>, cfn::CfnError> {
            assert_eq!(uri, "https://example.com/m.yaml");
            Ok(b"Resources:\n  R:\n    Type: X\n".to_vec())
        }
    }
    let input = Input::memory(
        [("main.yaml", "Modules:\n  M:\n    Source: https://example.com/m.yaml\n")],
        "main.yaml",
    )
    .with_fetcher(Box::new(Fake));
    let t = cfn::package(input, &Rules::real()).unwrap();
    assert!(yaml(&t).contains("MR:"));
}

#[test]
fn select_picks_one_part_of_the_template() {
    let files = [
        ("main.yaml", "Modules:\n  Logs:\n    Source: m.yaml\n"),
        (
            "m.yaml",
            "Resources:\n  Bucket:\n    Type: S\n    Properties:\n      Tags:\n      - Key: a\n        Value: b\n",
        ),
    ];
    let t = pkg(&files, &Rules::real()).unwrap();
    assert_eq!(
        t.select("Resources.LogsBucket.Properties.Tags[0].Value").and_then(|v| v.as_str()),
        Some("b")
    );
    assert_eq!(t.select("Resources.LogsBucket.Type").and_then(|v| v.as_str()), Some("S"));
    assert!(t.select("Resources.Bucket").is_none());
    assert!(t.select("Resources.LogsBucket.Properties.Tags[3]").is_none());
}
