//! `terraform version` (and `-version`): the release and the platform, or the same as JSON.

use super::run::Outcome;
use crate::lang::dialect::releases::TfVersion;

/// The platform string Terraform prints; the emulator reports the one the oracle runs on.
const PLATFORM: &str = "linux_amd64";

/// Runs `version [-json]`.
pub fn run(version: &TfVersion, args: &[String]) -> Outcome {
    let (a, b, c) = version;
    let mut o = Outcome::default();
    if args.iter().any(|x| x == "-json") {
        o.out(&format!(
            "{{\n  \"terraform_version\": \"{a}.{b}.{c}\",\n  \"platform\": \"{PLATFORM}\",\n  \"provider_selections\": {{}},\n  \"terraform_outdated\": false\n}}\n"
        ));
    } else {
        o.out(&format!("Terraform v{a}.{b}.{c}\non {PLATFORM}\n"));
    }
    o
}
