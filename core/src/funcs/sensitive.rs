//! Terraform's `internal/lang/funcs/sensitive.go`: `sensitive`,
//! `nonsensitive`, `issensitive`.

use super::{Function, Param, BOOL};
use crate::flavor::Profile;
use crate::types::Type;
use crate::value::{Marks, Value};

fn param() -> Param {
    Param::new("value", Type::Dynamic).null().unknown().dynamic().marked()
}

fn same_type(a: &[Value], _: &Profile) -> Result<Type, super::FuncError> {
    Ok(a[0].ty.clone())
}

/// `all`: the whole library (with `issensitive`), not only a module
/// argument's functions.
pub(super) fn lookup(name: &str, all: bool, p: &Profile) -> Option<Function> {
    Some(match name {
        "sensitive" => Function::new(vec![param()], same_type, |a, _, _| Ok(a[0].clone().with_marks(Marks::SENSITIVE))),
        "nonsensitive" => Function::new(vec![param()], same_type, |a, _, p| {
            let v = &a[0];
            // Before 1.7 a call on a known value that is not sensitive was refused.
            if v.is_known() && !v.marks.sensitive && !p.nonsensitive_accepts_unmarked() {
                return super::arg_err(0, "the given value is not sensitive, so this call is redundant");
            }
            let mut v = v.clone();
            v.marks.sensitive = false;
            Ok(v)
        }),
        "issensitive" if all && p.has_function_switch(crate::flavor::Switch::Tf18IsSensitiveFunction) => {
            Function::new(vec![param()], BOOL, |a, _, _| Ok(Value::bool(a[0].marks.sensitive)))
        }
        _ => return None,
    })
}
