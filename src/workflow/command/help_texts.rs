//! Terraform's help texts as the real binaries print them, recorded by
//! `scripts/record-tf-help.py` (generated: do not edit).

/// (command, first release printing the text, the text); `""` is the top-level help.
pub const HELP_TEXTS: &[(&str, (u32, u32, u32), &str)] = &[
    ("", (1, 0, 3), include_str!("../../../assets/terraform-help/terraform-1.0.3.txt")),
    ("", (1, 6, 6), include_str!("../../../assets/terraform-help/terraform-1.6.6.txt")),
    ("", (1, 10, 5), include_str!("../../../assets/terraform-help/terraform-1.10.5.txt")),
    ("", (1, 13, 5), include_str!("../../../assets/terraform-help/terraform-1.13.5.txt")),
    ("", (1, 14, 9), include_str!("../../../assets/terraform-help/terraform-1.14.9.txt")),
    ("init", (1, 0, 3), include_str!("../../../assets/terraform-help/init-1.0.3.txt")),
    ("init", (1, 6, 6), include_str!("../../../assets/terraform-help/init-1.6.6.txt")),
    ("init", (1, 8, 4), include_str!("../../../assets/terraform-help/init-1.8.4.txt")),
    ("init", (1, 9, 8), include_str!("../../../assets/terraform-help/init-1.9.8.txt")),
    ("init", (1, 14, 9), include_str!("../../../assets/terraform-help/init-1.14.9.txt")),
    ("init", (1, 15, 5), include_str!("../../../assets/terraform-help/init-1.15.5.txt")),
    (
        "validate",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/validate-1.0.3.txt"),
    ),
    (
        "validate",
        (1, 6, 6),
        include_str!("../../../assets/terraform-help/validate-1.6.6.txt"),
    ),
    (
        "validate",
        (1, 14, 9),
        include_str!("../../../assets/terraform-help/validate-1.14.9.txt"),
    ),
    (
        "validate",
        (1, 15, 5),
        include_str!("../../../assets/terraform-help/validate-1.15.5.txt"),
    ),
    ("plan", (1, 0, 3), include_str!("../../../assets/terraform-help/plan-1.0.3.txt")),
    ("plan", (1, 6, 6), include_str!("../../../assets/terraform-help/plan-1.6.6.txt")),
    ("apply", (1, 0, 3), include_str!("../../../assets/terraform-help/apply-1.0.3.txt")),
    ("apply", (1, 6, 6), include_str!("../../../assets/terraform-help/apply-1.6.6.txt")),
    ("apply", (1, 10, 5), include_str!("../../../assets/terraform-help/apply-1.10.5.txt")),
    ("apply", (1, 12, 2), include_str!("../../../assets/terraform-help/apply-1.12.2.txt")),
    ("apply", (1, 14, 9), include_str!("../../../assets/terraform-help/apply-1.14.9.txt")),
    ("apply", (1, 15, 5), include_str!("../../../assets/terraform-help/apply-1.15.5.txt")),
    (
        "destroy",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/destroy-1.0.3.txt"),
    ),
    (
        "refresh",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/refresh-1.0.3.txt"),
    ),
    (
        "refresh",
        (1, 6, 6),
        include_str!("../../../assets/terraform-help/refresh-1.6.6.txt"),
    ),
    ("output", (1, 0, 3), include_str!("../../../assets/terraform-help/output-1.0.3.txt")),
    ("output", (1, 6, 6), include_str!("../../../assets/terraform-help/output-1.6.6.txt")),
    (
        "output",
        (1, 14, 9),
        include_str!("../../../assets/terraform-help/output-1.14.9.txt"),
    ),
    ("show", (1, 0, 3), include_str!("../../../assets/terraform-help/show-1.0.3.txt")),
    ("import", (1, 0, 3), include_str!("../../../assets/terraform-help/import-1.0.3.txt")),
    ("import", (1, 6, 6), include_str!("../../../assets/terraform-help/import-1.6.6.txt")),
    ("taint", (1, 0, 3), include_str!("../../../assets/terraform-help/taint-1.0.3.txt")),
    ("taint", (1, 15, 5), include_str!("../../../assets/terraform-help/taint-1.15.5.txt")),
    (
        "untaint",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/untaint-1.0.3.txt"),
    ),
    (
        "console",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/console-1.0.3.txt"),
    ),
    (
        "console",
        (1, 8, 4),
        include_str!("../../../assets/terraform-help/console-1.8.4.txt"),
    ),
    (
        "force-unlock",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/force-unlock-1.0.3.txt"),
    ),
    (
        "version",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/version-1.0.3.txt"),
    ),
    ("state", (1, 0, 3), include_str!("../../../assets/terraform-help/state-1.0.3.txt")),
    ("state", (1, 12, 2), include_str!("../../../assets/terraform-help/state-1.12.2.txt")),
    (
        "state list",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/state-list-1.0.3.txt"),
    ),
    (
        "state show",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/state-show-1.0.3.txt"),
    ),
    (
        "state mv",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/state-mv-1.0.3.txt"),
    ),
    (
        "state mv",
        (1, 15, 5),
        include_str!("../../../assets/terraform-help/state-mv-1.15.5.txt"),
    ),
    (
        "state rm",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/state-rm-1.0.3.txt"),
    ),
    (
        "state rm",
        (1, 14, 9),
        include_str!("../../../assets/terraform-help/state-rm-1.14.9.txt"),
    ),
    (
        "state rm",
        (1, 15, 5),
        include_str!("../../../assets/terraform-help/state-rm-1.15.5.txt"),
    ),
    (
        "state pull",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/state-pull-1.0.3.txt"),
    ),
    (
        "state pull",
        (1, 15, 5),
        include_str!("../../../assets/terraform-help/state-pull-1.15.5.txt"),
    ),
    (
        "workspace",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/workspace-1.0.3.txt"),
    ),
    (
        "workspace new",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/workspace-new-1.0.3.txt"),
    ),
    (
        "workspace select",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/workspace-select-1.0.3.txt"),
    ),
    (
        "workspace select",
        (1, 6, 6),
        include_str!("../../../assets/terraform-help/workspace-select-1.6.6.txt"),
    ),
    (
        "workspace list",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/workspace-list-1.0.3.txt"),
    ),
    (
        "workspace show",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/workspace-show-1.0.3.txt"),
    ),
    (
        "workspace delete",
        (1, 0, 3),
        include_str!("../../../assets/terraform-help/workspace-delete-1.0.3.txt"),
    ),
    (
        "workspace delete",
        (1, 6, 6),
        include_str!("../../../assets/terraform-help/workspace-delete-1.6.6.txt"),
    ),
];
