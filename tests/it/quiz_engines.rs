//! Instructor quizzes of cfnrain and rivet questions: `quiz.json` carries their sources, the
//! exports show the template and module files (YAML) and the .rvt files (HCL), and a typed
//! answer is judged from `quiz.json` alone.

use std::path::Path;

use iacquiz::bank::Bank;
use iacquiz::export::{ExportFormat, source_blocks};
use iacquiz::instructor::{Options, Quiz, new_quiz};

fn quiz() -> Quiz {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-engines-bank");
    let bank = Bank::load_dirs(&[dir]).unwrap_or_else(|e| panic!("{e}"));
    let o = Options {
        count: 2,
        seed: 3,
        variants: 2,
        ..Options::default()
    };
    let q = new_quiz(&bank, &o).unwrap_or_else(|e| panic!("{e:?}"));
    // Everything below works from the quiz.json text, as `quiz take` and `quiz grade` do.
    Quiz::from_json(&q.to_json()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn sources_and_answers_survive_quiz_json() {
    let q = quiz();
    let items: Vec<_> = q.variants.iter().flat_map(|v| v.questions.iter()).collect();
    let cfn = items.iter().find(|i| i.engine == "cfnrain").expect("the cfnrain question is drawn");
    let blocks = source_blocks(cfn);
    assert_eq!(blocks[0].label, "Template (template.yaml)");
    assert_eq!(blocks[0].lang(), "yaml");
    assert!(blocks.iter().any(|b| b.label == "File bucket.yaml" && b.lang() == "yaml"));
    assert_eq!(cfn.answer.text, "{BucketName: logs, Retention: 30, Versioning: {Ref: Mode}}");
    assert!(
        cfn.choices
            .iter()
            .any(|c| c.misconception.as_deref() == Some("override-map-replaces"))
    );
    let rivet = items.iter().find(|i| i.engine == "rivet").expect("the rivet question is drawn");
    assert_eq!(rivet.source.select.as_deref(), Some("file.slots[1].path"));
    assert_eq!(source_blocks(rivet)[0].lang(), "hcl");
    let inst = rivet.instance().expect("the item is a question again");
    assert!(inst.judge("/etc/rivet-slot-1").is_ok_and(|v| v.correct));
    assert!(inst.judge("/etc/rivet-slot-2").is_ok_and(|v| !v.correct));
}

#[test]
fn exports_show_yaml_and_hcl_sources() {
    let q = quiz();
    let md = ExportFormat::Md.render(&q).into_iter().map(|(_, t)| t).collect::<String>();
    assert!(md.contains("Template (template.yaml):\n\n```yaml\nModules:"), "{md}");
    assert!(md.contains("```hcl\n# Two numbered slots."), "{md}");
    assert!(md.contains("Type the value on one line, in YAML"), "{md}");
    // Every format shows the parent template, not only the prompt.
    for f in ExportFormat::ALL {
        let (name, text) = f.render(&q).into_iter().next().unwrap_or_default();
        assert!(
            text.contains("Versioning") && text.contains("bucket.yaml"),
            "{name} lacks the template"
        );
    }
}
