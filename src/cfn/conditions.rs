//! Module conditions: evaluated at package time where the values are known (Fn::Equals,
//! Fn::And, Fn::Or, Fn::Not, `Condition:` references), in three-valued logic; the undecided
//! ones are simplified, renamed with the module prefix and carried into the parent.

use super::error::{CfnError, ErrorKind};
use super::module::Engine;
use super::resolve::resolve_value;
use super::scope::{Cond, Scope};
use super::value::{Map, Value};
use crate::lang::Rule;

/// A condition's value: decided, or open with its (simplified, renamed) expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Tri {
    /// Decided.
    Known(bool),
    /// Left for CloudFormation.
    Open(Value),
}

fn error(name: &str, detail: impl Into<String>) -> CfnError {
    ErrorKind::Condition {
        name: name.to_string(),
        detail: detail.into(),
    }
    .into()
}

/// Evaluates every condition of a module in order, recording each in the scope and emitting
/// the undecided ones into the parent under their prefixed names.
pub fn evaluate_module(eng: &Engine, sc: &Scope, conds: &Map) -> Result<(), CfnError> {
    for (name, body) in conds.iter() {
        let t = eval(eng, sc, name, body).map_err(|e| e.at(&sc.file(), &sc.label))?;
        let state = match t {
            Tri::Known(b) => Cond::Known(b),
            Tri::Open(expr) => {
                let full = sc.id(name);
                eng.ctx.rename(sc.real_id(name), &full);
                eng.emit_condition(&full, expr).map_err(|e| e.at(&sc.file(), &sc.label))?;
                Cond::Renamed(full)
            }
        };
        sc.conds.borrow_mut().insert(name.to_string(), state);
    }
    Ok(())
}

/// Evaluates the root template's conditions only to decide Conditions on module entries:
/// nothing is renamed, and what cannot be evaluated is left to CloudFormation.
pub fn evaluate_root(eng: &Engine, sc: &Scope, conds: &Map) -> std::collections::BTreeMap<String, Cond> {
    for (name, body) in conds.iter() {
        let state = match eval(eng, sc, name, body) {
            Ok(Tri::Known(b)) => Cond::Known(b),
            _ => Cond::Renamed(name.to_string()),
        };
        sc.conds.borrow_mut().insert(name.to_string(), state);
    }
    std::mem::take(&mut *sc.conds.borrow_mut())
}

/// Evaluates one condition expression in `sc`.
pub fn eval(eng: &Engine, sc: &Scope, name: &str, expr: &Value) -> Result<Tri, CfnError> {
    let Some((f, arg)) = expr.intrinsic() else {
        return Err(error(name, "a condition must be Fn::Equals, Fn::And, Fn::Or, Fn::Not or Condition"));
    };
    let list = |what: &str| -> Result<&Vec<Value>, CfnError> {
        arg.as_seq()
            .ok_or_else(|| error(name, format!("{what} requires a list of conditions")))
    };
    match f {
        "Fn::Equals" => {
            let items = arg
                .as_seq()
                .filter(|i| i.len() == 2)
                .ok_or_else(|| error(name, "Fn::Equals requires exactly two values"))?;
            let a = resolve_value(eng, sc, &items[0])?;
            let b = resolve_value(eng, sc, &items[1])?;
            if eng.ctx.flipped(Rule::CfnConditionsNotEvaluated) {
                return Ok(Tri::Open(Value::func("Fn::Equals", Value::Seq(vec![a, b]))));
            }
            if let (Value::Scalar(x), Value::Scalar(y)) = (&a, &b) {
                return Ok(Tri::Known(x.text == y.text));
            }
            if a.same_data(&b) {
                return Ok(Tri::Known(true));
            }
            Ok(Tri::Open(Value::func("Fn::Equals", Value::Seq(vec![a, b]))))
        }
        "Fn::And" | "Fn::Or" => {
            let is_and = f == "Fn::And";
            let mut open = Vec::new();
            for item in list(f)? {
                match eval(eng, sc, name, item)? {
                    Tri::Known(b) if b != is_and => return Ok(Tri::Known(b)),
                    Tri::Known(_) => {}
                    Tri::Open(e) => open.push(e),
                }
            }
            Ok(match open.len() {
                0 => Tri::Known(is_and),
                1 => Tri::Open(open.remove(0)),
                _ => Tri::Open(Value::func(f, Value::Seq(open))),
            })
        }
        "Fn::Not" => {
            let items = arg
                .as_seq()
                .filter(|i| i.len() == 1)
                .ok_or_else(|| error(name, "Fn::Not requires exactly one condition"))?;
            Ok(match eval(eng, sc, name, &items[0])? {
                Tri::Known(b) => Tri::Known(!b),
                Tri::Open(e) => Tri::Open(Value::func("Fn::Not", Value::Seq(vec![e]))),
            })
        }
        "Condition" => {
            let c = arg.as_str().ok_or_else(|| error(name, "Condition must name a condition"))?;
            match sc.condition(c) {
                Some(Cond::Known(b)) => Ok(Tri::Known(b)),
                Some(Cond::Renamed(n)) => Ok(Tri::Open(Value::func("Condition", Value::str(n)))),
                None => Err(error(name, format!("the referenced condition {c} is not defined before it"))),
            }
        }
        other => Err(error(name, format!("{other} cannot be evaluated as a condition"))),
    }
}

#[cfg(test)]
mod tests {
    use crate::cfn::{Input, package, parse};
    use crate::lang::{Rule, Rules};

    const PARENT: &str = "Modules:\n  Logs:\n    Source: ./bucket.yaml\n    Properties:\n      Env: dev\n";
    const MODULE: &str = "Parameters:\n  Env:\n    Type: String\nConditions:\n  IsProd: !Equals [!Ref Env, prod]\nResources:\n  Bucket:\n    Type: AWS::S3::Bucket\n  Alarm:\n    Type: AWS::CloudWatch::Alarm\n    Condition: IsProd\n";

    fn packaged(rules: &Rules) -> crate::cfn::Value {
        let input = Input::memory([("template.yaml", PARENT), ("bucket.yaml", MODULE)], "template.yaml");
        match package(input, rules) {
            Ok(t) => t.value,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_known_equals_is_decided_and_prunes_the_resource() {
        let want = parse("Resources:\n  LogsBucket:\n    Type: AWS::S3::Bucket\n").unwrap();
        assert!(packaged(&Rules::real()).same_data(&want));
    }

    #[test]
    fn left_for_cloudformation_the_condition_is_carried_into_the_parent() {
        // The belief: cfnrain copies module conditions out instead of evaluating them.
        let want = parse(
            "Conditions:\n  LogsIsProd: {Fn::Equals: [dev, prod]}\nResources:\n  LogsBucket:\n    Type: AWS::S3::Bucket\n  LogsAlarm:\n    Type: AWS::CloudWatch::Alarm\n    Condition: LogsIsProd\n",
        )
        .unwrap();
        assert!(packaged(&Rules::with(Rule::CfnConditionsNotEvaluated)).same_data(&want));
    }
}
