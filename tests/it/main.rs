//! The integration tests, in one binary (one link of the crate instead of one per file): a
//! module per area, each the file that was once its own test target. Fixtures and golden
//! files stay where they were (`tests/golden`, `tests/cfn`, `tests/quiz`, `tests/snapshots`…).

/// insta's `assert_snapshot!`, named and kept as when each module was its own test binary:
/// `tests/snapshots/<module>__<name>.snap`.
macro_rules! snapshot {
    ($name:expr, $value:expr) => {{
        let module = module_path!().rsplit("::").next().unwrap_or_default();
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| insta::assert_snapshot!(format!("{module}__{}", $name), $value));
    }};
}

mod bank_associate;
mod bank_check;
mod bank_distractors;
mod bank_draft;
mod bank_engines;
mod bank_instances;
mod bank_load;
mod bank_refs;
mod bank_scenarios;
mod bank_schema;
mod believers;
mod cfn_api;
mod cfn_cli;
mod cfn_conformance;
mod cfn_fixtures;
mod cli_config;
mod cli_eval;
mod config_lesson;
mod confine_race;
mod confine_readers;
mod coverage_claims;
mod drive;
mod eval_limits;
mod fuzz_regressions;
mod golden;
mod grade_hostile;
mod hostile_inputs;
mod hostile_output;
mod hostile_round3;
mod layers;
mod mastery;
mod memory_budget;
mod mined;
mod misconceptions;
mod parse_guard;
mod progress_durability;
mod provider_schemas;
mod quiz_engines;
mod quiz_formats;
mod quiz_golden;
mod quiz_grade;
mod quiz_markdown;
mod quiz_markdown_bank;
mod quiz_moodle_grading;
mod quiz_new;
mod quiz_responses_files;
mod releases_table;
mod rivet_cli;
mod rivet_examples;
mod rivet_misconceptions;
mod rivet_modules;
mod rivet_rules;
mod robustness;
mod sandbox;
mod shared_folder_writes;
mod since_bank;
mod support;
mod tui_beliefs;
mod tui_keys;
mod tui_layout;
mod tui_progress;
mod tui_readonly;
mod tui_review;
mod tui_screens;
mod tui_take;
mod tui_terminal;
mod tui_version;
mod typed_answers;
mod workflow_color;
mod workflow_fmt;
mod workflow_render;
mod workflow_scenarios;
mod workflow_state;
mod xml;
