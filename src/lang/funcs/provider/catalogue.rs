//! The providers iacquiz knows: their releases (so a constraint can select one, as
//! `terraform init` does: the newest release that satisfies it) and the functions each
//! offers, with the release that introduced them.
//!
//! Sources: hashicorp/terraform-provider-aws CHANGELOG (`arn_build`, `arn_parse` and
//! `trim_iam_role_path` in 5.40.0, March 2024; `user_agent` in 6.27.0, December 2025; newest
//! release listed 6.31.0, February 2026), hashicorp/terraform-provider-local CHANGELOG
//! (`direxists` in 2.5.0), Terraform's CHANGELOG (the built-in `terraform.io/builtin/terraform`
//! provider's `encode_tfvars`, `decode_tfvars`, `encode_expr` in Terraform 1.8.0).
//! Release lists are per minor version (patch releases are not listed).

use super::version::Version;
use crate::lang::funcs::Func;

/// One provider function and the provider release that introduced it.
pub struct FnEntry {
    /// The function's name (`arn_parse`).
    pub name: &'static str,
    /// The first provider release that has it (for the built-in provider: the Terraform
    /// release).
    pub since: (u64, u64, u64),
    /// Its definition.
    pub def: fn() -> Func,
}

/// A provider known to the catalogue.
pub struct Provider {
    /// Its source address in display form (`hashicorp/aws`, `terraform.io/builtin/terraform`).
    pub source: &'static str,
    /// Its releases, by minor version: (major, highest minor) pairs, every minor from 0
    /// released with patch 0.
    pub minors: &'static [(u64, u64)],
    /// Whether it is built into Terraform (its version is Terraform's own).
    pub builtin: bool,
    /// Its functions.
    pub functions: &'static [FnEntry],
}

impl Provider {
    /// Every release, oldest first.
    pub fn releases(&self) -> Vec<Version> {
        self.minors
            .iter()
            .flat_map(|&(major, last)| (0..=last).map(move |minor| Version::new(major, minor, 0)))
            .collect()
    }

    /// The functions release `v` offers.
    pub fn functions_at<'a>(&'a self, v: &'a Version) -> impl Iterator<Item = &'a FnEntry> + 'a {
        self.functions.iter().filter(move |f| {
            let (a, b, c) = f.since;
            v.precedence(&Version::new(a, b, c)) != std::cmp::Ordering::Less
        })
    }
}

/// The providers known to iacquiz.
pub static PROVIDERS: &[Provider] = &[
    Provider {
        source: "hashicorp/aws",
        minors: &[(1, 60), (2, 70), (3, 76), (4, 67), (5, 100), (6, 31)],
        builtin: false,
        functions: &[
            FnEntry {
                name: "arn_build",
                since: (5, 40, 0),
                def: super::aws::arn_build,
            },
            FnEntry {
                name: "arn_parse",
                since: (5, 40, 0),
                def: super::aws::arn_parse,
            },
            FnEntry {
                name: "trim_iam_role_path",
                since: (5, 40, 0),
                def: super::aws::trim_iam_role_path,
            },
            FnEntry {
                name: "user_agent",
                since: (6, 27, 0),
                def: super::aws::user_agent,
            },
        ],
    },
    Provider {
        source: "hashicorp/local",
        minors: &[(1, 4), (2, 6)],
        builtin: false,
        functions: &[FnEntry {
            name: "direxists",
            since: (2, 5, 0),
            def: super::local::direxists,
        }],
    },
    Provider {
        source: "terraform.io/builtin/terraform",
        minors: &[],
        builtin: true,
        functions: &[
            FnEntry {
                name: "decode_tfvars",
                since: (1, 8, 0),
                def: super::builtin::decode_tfvars,
            },
            FnEntry {
                name: "encode_expr",
                since: (1, 8, 0),
                def: super::builtin::encode_expr,
            },
            FnEntry {
                name: "encode_tfvars",
                since: (1, 8, 0),
                def: super::builtin::encode_tfvars,
            },
        ],
    },
];

/// The provider with this source address (display form), if known.
pub fn find(source: &str) -> Option<&'static Provider> {
    PROVIDERS.iter().find(|p| p.source == source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aws_functions_arrive_in_5_40() {
        let Some(aws) = find("hashicorp/aws") else { panic!("aws missing") };
        assert_eq!(aws.functions_at(&Version::new(5, 39, 0)).count(), 0);
        let names: Vec<&str> = aws.functions_at(&Version::new(5, 40, 0)).map(|f| f.name).collect();
        assert_eq!(names, ["arn_build", "arn_parse", "trim_iam_role_path"]);
        assert_eq!(aws.functions_at(&Version::new(6, 27, 0)).count(), 4);
        assert_eq!(aws.releases().last().map(|v| v.to_string()).as_deref(), Some("6.31.0"));
    }
}
