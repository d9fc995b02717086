//! hashicorp/local provider functions (2.5.0+), through the sandboxed host.

use crate::lang::eval::Evaluator;
use crate::lang::eval::host::{Kind, PathError};
use crate::lang::funcs::util::s;
use crate::lang::funcs::{FnError, FnResult, Func, Param};
use crate::lang::value::{Type, Value};

/// `direxists(path)`: true for a folder, false when nothing is there, an error for a file.
pub fn direxists() -> Func {
    Func::new(vec![Param::new("path", Type::String)], direxists_impl).returns(Type::Bool)
}

fn direxists_impl(ev: &Evaluator, args: &[Value]) -> FnResult {
    let path = args.first().map(s).unwrap_or("");
    match ev.host.kind(path) {
        Ok(Kind::Dir) => Ok(Value::Bool(true)),
        Ok(Kind::File) => Err(FnError::Arg(
            0,
            format!(
                "Invalid file mode detected: {} was found, but is not a directory",
                crate::lang::value::render::go_quote(path)
            ),
        )),
        // kind() reads nothing, so the size and listing caps cannot be what refused it.
        Err(PathError::Missing(_) | PathError::NoRoot | PathError::Special(_) | PathError::TooLarge(..) | PathError::TooMany(..)) => {
            Ok(Value::Bool(false))
        }
        Err(PathError::Escapes(p)) => Err(FnError::Arg(
            0,
            format!("Error checking for directory: iacquiz reads no path outside the question's folder ({p})"),
        )),
    }
}
