//! hashicorp/aws provider functions (5.40.0+; `user_agent` 6.27.0+), written after the
//! provider's internal/function package and aws-sdk-go-v2's `arn` package. Failures are the
//! provider's own texts, which Terraform reports as "Error in function call".

use std::collections::BTreeMap;

use crate::lang::eval::Evaluator;
use crate::lang::funcs::util::{s, string};
use crate::lang::funcs::{FnError, FnResult, Func, Param};
use crate::lang::value::{Type, Value};

const PARTS: [&str; 5] = ["partition", "service", "region", "account_id", "resource"];

/// An ARN's five parts, as aws-sdk-go-v2's `arn.Parse` splits them.
struct Arn<'a> {
    partition: &'a str,
    service: &'a str,
    region: &'a str,
    account_id: &'a str,
    resource: String,
}

impl Arn<'_> {
    fn text(&self) -> String {
        format!(
            "arn:{}:{}:{}:{}:{}",
            self.partition, self.service, self.region, self.account_id, self.resource
        )
    }
}

/// `arn.Parse`: the prefix `arn:`, then six `:`-separated sections (the last keeps its colons).
fn parse(arn: &str) -> Result<Arn<'_>, String> {
    if !arn.starts_with("arn:") {
        return Err("arn: invalid prefix".into());
    }
    let sections: Vec<&str> = arn.splitn(6, ':').collect();
    match sections.as_slice() {
        [_, partition, service, region, account_id, resource] => Ok(Arn {
            partition,
            service,
            region,
            account_id,
            resource: resource.to_string(),
        }),
        _ => Err("arn: not enough sections".into()),
    }
}

fn object_type() -> Type {
    Type::Object(PARTS.iter().map(|p| (p.to_string(), Type::String)).collect())
}

/// `arn_parse(arn)`: an object of partition, service, region, account_id and resource.
pub fn arn_parse() -> Func {
    Func::new(vec![Param::new("arn", Type::String)], arn_parse_impl).returns(object_type())
}

fn arn_parse_impl(_: &Evaluator, args: &[Value]) -> FnResult {
    let a = parse(args.first().map(s).unwrap_or("")).map_err(FnError::Call)?;
    let vals = [a.partition, a.service, a.region, a.account_id, a.resource.as_str()];
    let mut m = BTreeMap::new();
    for (k, v) in PARTS.iter().zip(vals) {
        m.insert(k.to_string(), Value::string(crate::lang::eval::nfc(v)));
    }
    Ok(Value::Object(m))
}

/// `arn_build(partition, service, region, account_id, resource)`: `arn:` and the parts joined
/// by colons (no validation, as `arn.ARN.String`).
pub fn arn_build() -> Func {
    Func::new(PARTS.iter().map(|p| Param::new(p, Type::String)).collect(), arn_build_impl).returns(Type::String)
}

fn arn_build_impl(_: &Evaluator, args: &[Value]) -> FnResult {
    let p = |i: usize| args.get(i).map(s).unwrap_or("");
    string(
        Arn {
            partition: p(0),
            service: p(1),
            region: p(2),
            account_id: p(3),
            resource: p(4).to_string(),
        }
        .text(),
    )
}

/// `trim_iam_role_path(arn)`: an IAM role ARN with the path removed from its resource.
pub fn trim_iam_role_path() -> Func {
    Func::new(vec![Param::new("arn", Type::String)], trim_impl).returns(Type::String)
}

fn trim_impl(_: &Evaluator, args: &[Value]) -> FnResult {
    let mut a = parse(args.first().map(s).unwrap_or("")).map_err(FnError::Call)?;
    if a.service != "iam" {
        return Err(FnError::Call("service must be \"iam\"".into()));
    }
    if !a.region.is_empty() {
        return Err(FnError::Call("region must be empty".into()));
    }
    if !a.resource.starts_with("role/") {
        return Err(FnError::Call("resource must begin with \"role/\"".into()));
    }
    let last = a.resource.rsplit('/').next().unwrap_or("").to_string();
    a.resource = format!("role/{last}");
    string(a.text())
}

/// `user_agent(product_name, product_version, comment)`: `name/version (comment)`, leaving
/// out the empty parts.
pub fn user_agent() -> Func {
    Func::new(
        vec![
            Param::new("product_name", Type::String),
            Param::new("product_version", Type::String),
            Param::new("comment", Type::String),
        ],
        user_agent_impl,
    )
    .returns(Type::String)
}

fn user_agent_impl(_: &Evaluator, args: &[Value]) -> FnResult {
    let p = |i: usize| args.get(i).map(s).unwrap_or("");
    if p(0).is_empty() {
        return Err(FnError::Call("product_name must be set".into()));
    }
    let mut out = p(0).to_string();
    if !p(1).is_empty() {
        out.push('/');
        out.push_str(p(1));
    }
    if !p(2).is_empty() {
        out.push_str(&format!(" ({})", p(2)));
    }
    string(out)
}
