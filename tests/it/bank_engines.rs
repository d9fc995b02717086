//! Bank questions answered by cfnrain and rivet: their sources (a template and module files;
//! .rvt files with vars and facts; two file sets for a diff), the part of the result asked
//! about, answers in YAML compared as data, errors by a stable summary, the sandbox, and the
//! engines' rule switches reached through the bank.

use iacquiz::bank::load::files::SourceFile;
use iacquiz::bank::{Bank, Computed, Instance, LoadError};
use iacquiz::lang::{Rule, Rules};

/// The seed's tested example (002, "More tested examples"): a parent and its module.
const SEED_PARENT: &str = "Modules:
  Content:
    Source: ./basic-module.yaml
    Properties:
      Name: foo
    Overrides:
      Bucket:
        Properties:
          OverrideMe: def
Resources:
  OtherResource:
    Type: AWS::S3::Bucket
    Metadata:
      TestOutputSub: !Sub ${Content.Name}
";

const SEED_MODULE: &str = "Parameters:
  Name:
    Type: String
Resources:
  Bucket:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: !Ref Name
      OverrideMe: abc
      SubName: !Sub ${Name}
  Bucket2:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: !GetAtt Bucket.Something
Outputs:
  Name:
    Value: !Ref Bucket
";

const SLOTS: &str = "variable \"enabled\" {
  type    = bool
  default = true
}
file \"slots\" {
  count   = var.enabled ? 2 : 0
  path    = \"/etc/rivet-slot-${count.index}\"
  content = \"slot=${count.index}\\n\"
}
";

fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}

/// One question file under `folder/` (cfnrain or rivet) holding `body` as its only question's
/// fields (after `id`, `lesson`, `prompt`, `explain`, `difficulty`).
fn bank(folder: &str, section: &str, body: &str) -> Result<Bank, Vec<LoadError>> {
    let seed = if folder == "cfnrain" { "002" } else { "003" };
    let text = format!(
        "topic: t\nquestions:\n  - id: q\n    lesson: {{seed: {seed}, section: {section}}}\n    prompt: p\n    explain: e\n    difficulty: 2\n{}",
        indent(body, 4)
    );
    let name = format!("{folder}/t.yaml");
    Bank::from_sources(vec![SourceFile {
        display: name.clone(),
        rel: name.clone(),
        in_root: name,
        bytes: text.into_bytes(),
    }])
    .map_err(|e| e.0)
}

fn instance(folder: &str, body: &str) -> Instance {
    match bank(folder, "S", body) {
        Ok(b) => b.questions()[0].instantiate(0),
        Err(e) => panic!("{}", e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n")),
    }
}

fn answer(i: &Instance) -> String {
    match i.correct_answer() {
        Ok(c) => c.text,
        Err(e) => panic!("{e}"),
    }
}

fn under(i: &Instance, rule: Rule) -> String {
    match i.evaluate(&Rules::with(rule)) {
        Ok(e) => e.computed.one_line(),
        Err(u) => panic!("{u}"),
    }
}

fn touched(i: &Instance, rule: Rule) -> bool {
    i.real().is_ok_and(|r| r.touched.contains(&rule))
}

fn cfn(select: &str) -> String {
    format!(
        "template: |\n{}files:\n  basic-module.yaml: |\n{}{select}\nkind: input\n",
        indent(SEED_PARENT, 2),
        indent(SEED_MODULE, 4)
    )
}

#[test]
fn cfnrain_answers_are_parts_of_the_packaged_template() {
    // The seed's packaged template: the output in a !Sub becomes the module resource's ID.
    let i = instance("cfnrain", &cfn("select: Resources.OtherResource.Metadata.TestOutputSub"));
    assert_eq!(answer(&i), "{Fn::Sub: '${ContentBucket}'}");
    let i = instance("cfnrain", &cfn("select: Resources.ContentBucket.Properties"));
    assert_eq!(answer(&i), "{BucketName: foo, OverrideMe: def, SubName: foo}");
    let i = instance("cfnrain", &cfn("select: Resources.ContentBucket2.Properties.BucketName"));
    assert_eq!(answer(&i), "{Fn::GetAtt: [ContentBucket, Something]}");
    let i = instance("cfnrain", &cfn("keys: Resources"));
    assert_eq!(answer(&i), "[OtherResource, ContentBucket, ContentBucket2]");
    // Without a selection the answer is the whole template.
    let i = instance("cfnrain", &cfn(""));
    assert!(answer(&i).starts_with("{Resources: {OtherResource: "), "{}", answer(&i));
}

#[test]
fn cfnrain_answers_are_written_in_yaml_and_compared_as_data() {
    // Short-form tag, long form, and the mapping written in another order are one answer.
    let i = instance("cfnrain", &cfn("select: Resources.OtherResource.Metadata.TestOutputSub"));
    for written in [
        "!Sub '${ContentBucket}'",
        "{Fn::Sub: '${ContentBucket}'}",
        "Fn::Sub: ${ContentBucket}",
    ] {
        assert!(i.judge(written).is_ok_and(|v| v.correct), "{written}");
    }
    assert!(i.judge("!Sub '${Content.Name}'").is_ok_and(|v| !v.correct));
    let i = instance("cfnrain", &cfn("select: Resources.ContentBucket.Properties"));
    assert!(i.judge("{SubName: foo, OverrideMe: def, BucketName: foo}").is_ok_and(|v| v.correct));
    assert!(
        i.judge("{SubName: foo, OverrideMe: abc, BucketName: foo}")
            .is_ok_and(|v| !v.correct)
    );
    // A stated answer is checked by the engine, with the place they differ.
    let text = cfn("select: Resources.ContentBucket.Properties").replace(
        "kind: input\n",
        "kind: input\nanswer: {BucketName: foo, OverrideMe: abc, SubName: foo}\n",
    );
    let b = bank("cfnrain", "S", &text).unwrap_or_else(|e| panic!("{e:?}"));
    let r = iacquiz::bank::check::check_bank(&b);
    let p = r.questions[0].problems.join("; ");
    assert!(
        p.contains("stated answer differs") && p.contains("at OverrideMe: author has abc, engine def"),
        "{p}"
    );
}

#[test]
fn cfnrain_rules_are_flipped_through_the_bank() {
    let i = instance("cfnrain", &cfn("keys: Resources"));
    assert!(touched(&i, Rule::CfnNoLogicalIdPrefix));
    assert_eq!(under(&i, Rule::CfnNoLogicalIdPrefix), "[OtherResource, Bucket, Bucket2]");
    let i = instance("cfnrain", &cfn("select: Resources.ContentBucket.Properties"));
    assert!(touched(&i, Rule::CfnOverrideMapReplaces));
    assert_eq!(under(&i, Rule::CfnOverrideMapReplaces), "{OverrideMe: def}");
    // The believer in unprefixed IDs reads Resources.ContentBucket as the module's Bucket: the
    // same properties, not an error about a path they would never write.
    assert_eq!(
        under(&i, Rule::CfnNoLogicalIdPrefix),
        "{BucketName: foo, OverrideMe: def, SubName: foo}"
    );
}

#[test]
fn cfnrain_sources_never_leave_the_question() {
    for (source, summary) in [
        ("../../etc/passwd", "source outside the folder"),
        ("/etc/passwd", "source outside the folder"),
        ("https://example.com/m.yaml", "remote source offline"),
        ("./missing.yaml", "cannot read"),
    ] {
        let body = format!("template: |\n  Modules:\n    M:\n      Source: {source}\nkind: error\n");
        let i = instance("cfnrain", &body);
        let real = i.real().unwrap_or_else(|u| panic!("{u}"));
        let Computed::Error(e) = &real.computed else {
            panic!("{source}: packaged to {}", real.computed.one_line())
        };
        assert_eq!(e.summary, summary, "{source}: {}", e.detail);
        assert!(!e.detail.contains("root:"), "{source}: {}", e.detail);
    }
    // A module's file name in `files` cannot climb out either.
    let e = bank(
        "cfnrain",
        "S",
        "template: 'Resources: {}'\nfiles:\n  ../x.yaml: 'a: 1'\nkind: input\n",
    )
    .err();
    assert!(e.is_some_and(|e| e.iter().any(|x| x.message.contains("relative path inside the question"))));
}

#[test]
fn cfnrain_errors_have_stable_summaries() {
    let body = cfn("kind: error").replace("          OverrideMe: def", "          Name: bar");
    let i = instance("cfnrain", &body.replace("\nkind: input\n", "\n"));
    let real = i.real().unwrap_or_else(|u| panic!("{u}"));
    // The seed: an override cannot set a property named like a module parameter.
    let Computed::Error(e) = &real.computed else {
        panic!("{}", real.computed.one_line())
    };
    assert_eq!(e.summary, "override of a parameter");
    assert!(
        e.detail
            .starts_with("template.yaml: module Content: Overrides: Bucket.Properties.Name"),
        "{}",
        e.detail
    );
    assert!(i.judge("override of a parameter").is_ok_and(|v| v.correct));
    assert!(i.judge("Error: override of a parameter").is_ok_and(|v| v.correct));
    assert!(i.judge("missing parameter").is_ok_and(|v| !v.correct));
}

fn rivet(files: &str, rest: &str) -> String {
    format!("files:\n  main.rvt: |\n{}{rest}kind: input\n", indent(files, 4))
}

#[test]
fn rivet_answers_are_addresses_attributes_and_outputs() {
    let i = instance("rivet", &rivet(SLOTS, ""));
    assert_eq!(answer(&i), "['file.slots[0]', 'file.slots[1]']");
    assert!(i.judge("['file.slots[0]', 'file.slots[1]']").is_ok_and(|v| v.correct));
    // Zero count makes no instances.
    let i = instance("rivet", &rivet(SLOTS, "vars: {enabled: false}\n"));
    assert_eq!(answer(&i), "[]");
    let i = instance("rivet", &rivet(SLOTS, "select: file.slots[1].path\n"));
    assert_eq!(answer(&i), "/etc/rivet-slot-1");
    // count may come from an integer fact.
    let text = "file \"a\" {\n  count = fact.replicas\n}\n";
    let i = instance("rivet", &rivet(text, "facts: {replicas: 3}\n"));
    assert_eq!(answer(&i), "['file.a[0]', 'file.a[1]', 'file.a[2]']");
    let named = "file \"messages\" {\n  for_each = { first = \"/etc/rivet-first\", second = \"/etc/rivet-second\" }\n  path     = each.value\n}\noutput \"first\" {\n  type  = resource(\"file\")\n  value = file.messages[\"first\"]\n}\n";
    let i = instance("rivet", &rivet(named, "select: output.first\n"));
    assert_eq!(answer(&i), "'file.messages[\"first\"]'");
    let i = instance("rivet", &rivet(named, "select: output.nope\n"));
    assert_eq!(answer(&i), "Error: invalid reference");
}

#[test]
fn rivet_modules_and_ordering_edges() {
    let root = "module \"files\" {\n  source   = \"./modules/file\"\n  for_each = { first = \"/etc/module-first\", second = \"/etc/module-second\" }\n  path     = each.value\n  text     = \"instance=${each.key}\\n\"\n}\nmodule \"slots\" {\n  source = \"./modules/file\"\n  count  = 2\n  path   = \"/etc/module-slot-${count.index}\"\n  text   = \"slot=${count.index}\\n\"\n  meta { depends_on = [module.files] }\n}\n";
    let module = "variable \"path\" {\n  type = string\n}\nvariable \"text\" {\n  type = string\n}\nfile \"this\" {\n  path    = var.path\n  content = var.text\n}\noutput \"handle\" {\n  type  = resource(\"file\")\n  value = file.this\n}\n";
    let files = format!(
        "files:\n  main.rvt: |\n{}  modules/file/main.rvt: |\n{}",
        indent(root, 4),
        indent(module, 4)
    );
    let i = instance("rivet", &format!("{files}select: modules\nkind: input\n"));
    assert_eq!(
        answer(&i),
        "['module.files[\"first\"]', 'module.files[\"second\"]', 'module.slots[0]', 'module.slots[1]']"
    );
    // depends_on a whole family: every instance boundary of it.
    let i = instance("rivet", &format!("{files}select: edges(module.slots[0])\nkind: input\n"));
    assert_eq!(answer(&i), "['module.files[\"first\"]', 'module.files[\"second\"]']");
    assert!(touched(&i, Rule::FamilyDependsNeedsIndex));
    assert_eq!(under(&i, Rule::FamilyDependsNeedsIndex), "Error: invalid depends_on");
    let i = instance("rivet", &format!("{files}select: 'module.files[\"second\"].handle'\nkind: input\n"));
    assert_eq!(answer(&i), "'module.files[\"second\"].file.this'");
}

#[test]
fn rivet_diffs_report_what_happened_to_each_address() {
    let old =
        "file \"messages\" {\n  for_each = { first = \"/etc/rivet-first\", second = \"/etc/rivet-second\" }\n  path     = each.value\n}\n";
    let new = old.replace("second = ", "later = ");
    let body = format!(
        "old_files:\n  main.rvt: |\n{}files:\n  main.rvt: |\n{}kind: input\n",
        indent(old, 4),
        indent(&new, 4)
    );
    // The seed: changing a key creates a new declaration; the old one is superseded.
    let i = instance("rivet", &body);
    assert_eq!(
        answer(&i),
        "{kept: ['file.messages[\"first\"]'], added: ['file.messages[\"later\"]'], superseded: ['file.messages[\"second\"]']}"
    );
    assert!(touched(&i, Rule::KeyChangeRenames));
    assert_eq!(
        under(&i, Rule::KeyChangeRenames),
        "{kept: ['file.messages[\"first\"]'], changed: ['file.messages[\"later\"]']}"
    );
    let i = instance("rivet", &format!("select: superseded\n{body}"));
    assert_eq!(answer(&i), "['file.messages[\"second\"]']");
    assert_eq!(under(&i, Rule::RemovalDeletesObjects), "[]", "removed, so no longer superseded");
    let e = bank("rivet", "S", &format!("select: addresses\n{body}")).err();
    assert!(e.is_some_and(|e| e.iter().any(|x| x.message.contains("names one status of it"))));
}

#[test]
fn rivet_rules_and_errors_through_the_bank() {
    let i = instance("rivet", &rivet(SLOTS, ""));
    assert!(touched(&i, Rule::CountIndexFromOne));
    assert_eq!(under(&i, Rule::CountIndexFromOne), "['file.slots[1]', 'file.slots[2]']");
    let list = "file \"a\" {\n  for_each = [\"second\", \"first\"]\n}\n";
    let i = instance("rivet", &rivet(list, "").replace("kind: input", "kind: error"));
    assert_eq!(answer(&i), "Error: invalid for_each");
    assert_eq!(under(&i, Rule::ListIsImplicitSet), "['file.a[\"first\"]', 'file.a[\"second\"]']");
    assert!(i.judge("invalid for_each").is_ok_and(|v| v.correct));
    let v = i
        .judge("['file.a[\"first\"]', 'file.a[\"second\"]']")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!v.correct);
    assert_eq!(v.misconceptions.first().map(|m| m.0.as_str()), Some("list-is-implicit-set"));
    // Module sources stay inside the question's files.
    let escape = "module \"m\" {\n  source = \"../outside\"\n}\n";
    let i = instance("rivet", &rivet(escape, "").replace("kind: input", "kind: error"));
    assert_eq!(answer(&i), "Error: cannot load");
}

#[test]
fn fields_of_another_engine_are_refused() {
    let e = bank("rivet", "S", &rivet(SLOTS, "template: x\nkeys: Resources\n"))
        .err()
        .unwrap_or_default();
    assert!(
        e.iter().any(|x| x.message.contains("`template` is not a field of rivet questions")),
        "{e:?}"
    );
    assert!(
        e.iter().any(|x| x.message.contains("`keys` is not a field of rivet questions")),
        "{e:?}"
    );
    let e = bank("cfnrain", "S", &cfn("select: Resources\nkeys: Resources\nvars: {a: 1}"))
        .err()
        .unwrap_or_default();
    assert!(e.iter().any(|x| x.message.contains("not both")), "{e:?}");
    assert!(
        e.iter().any(|x| x.message.contains("`vars` is not a field of cfnrain questions")),
        "{e:?}"
    );
    let e = bank(
        "cfnrain",
        "S",
        "template: 'Resources: {}'\nfiles:\n  template.yaml: x\nkind: input\n",
    )
    .err()
    .unwrap_or_default();
    assert!(e.iter().any(|x| x.message.contains("the name of the parent template")), "{e:?}");
}

#[test]
fn parameters_fill_engine_sources() {
    let body = "files:\n  main.rvt: |\n    file \"a\" {\n      count = {{n}}\n    }\nselect: 'file.a[{{last}}].count'\nkind: input\nparams:\n  n: [3]\n  last: [2]\n";
    // `count` is not an attribute, so the selection fails, naming what there is.
    let i = instance("rivet", body);
    let real = i.real().unwrap_or_else(|u| panic!("{u}"));
    let Computed::Error(e) = &real.computed else {
        panic!("{}", real.computed.one_line())
    };
    assert!(e.detail.contains("file.a[2] has no attribute count"), "{}", e.detail);
}

#[test]
fn truefalse_claims_and_bool_selections() {
    let claim = |c: &str| {
        cfn("select: Resources.ContentBucket.Properties.SubName").replace("kind: input\n", &format!("kind: truefalse\nclaim: {c}\n"))
    };
    // The seed: !Sub ${Name} with Name foo packages to the plain string foo.
    let i = instance("cfnrain", &claim("foo"));
    assert_eq!(answer(&i), "true");
    let i = instance("cfnrain", &claim("!Sub foo"));
    assert_eq!(answer(&i), "false");
    let text = "file \"a\" {\n  enabled = true\n}\n";
    let i = instance(
        "rivet",
        &rivet(text, "select: file.a.enabled\n").replace("kind: input", "kind: truefalse"),
    );
    assert_eq!(answer(&i), "true");
    let b = bank(
        "rivet",
        "S",
        &rivet(text, "select: file.a.enabled\n").replace("kind: input", "kind: truefalse\nanswer: false"),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let r = iacquiz::bank::check::check_bank(&b);
    assert!(
        r.questions[0].problems.iter().any(|p| p.contains("stated answer differs")),
        "{:?}",
        r.questions[0].problems
    );
}

#[test]
fn attributes_of_resources_inside_module_instances() {
    let root =
        "module \"files\" {\n  source   = \"./modules/file\"\n  for_each = toset([\"first\"])\n  path     = \"/etc/${each.key}\"\n}\n";
    let module = "variable \"path\" {\n  type = string\n}\nfile \"this\" {\n  path    = var.path\n  content = \"at ${var.path}\"\n}\n";
    let body = format!(
        "files:\n  main.rvt: |\n{}  modules/file/main.rvt: |\n{}select: 'module.files[\"first\"].file.this.content'\nkind: input\n",
        indent(root, 4),
        indent(module, 4)
    );
    assert_eq!(answer(&instance("rivet", &body)), "at /etc/first");
}
