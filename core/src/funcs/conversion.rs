//! Terraform's type conversion functions (`internal/lang/funcs/conversion.go`
//! `MakeToFunc`): `tobool`, `tonumber`, `tostring`, `tolist`, `toset`,
//! `tomap`, with Terraform's own error texts.

use super::{FuncError, Function, Param};
use crate::convert;
use crate::flavor::Profile;
use crate::types::Type;
use crate::value::{Kind, Value};

pub(super) fn lookup(name: &str) -> Option<Function> {
    let want = match name {
        "tobool" => Type::Bool,
        "tonumber" => Type::Number,
        "tostring" => Type::String,
        "tolist" => Type::list(Type::Dynamic),
        "toset" => Type::set(Type::Dynamic),
        "tomap" => Type::map(Type::Dynamic),
        _ => return None,
    };
    let param = Param::new("v", Type::Dynamic).null().dynamic().marked();
    let ty: super::TypeFn = match want {
        Type::Bool => |a, p| result_type(&a[0], Type::Bool, p),
        Type::Number => |a, p| result_type(&a[0], Type::Number, p),
        Type::String => |a, p| result_type(&a[0], Type::String, p),
        Type::List(_) => |a, p| result_type(&a[0], Type::list(Type::Dynamic), p),
        Type::Set(_) => |a, p| result_type(&a[0], Type::set(Type::Dynamic), p),
        _ => |a, p| result_type(&a[0], Type::map(Type::Dynamic), p),
    };
    Some(Function::new(vec![param], ty, |a, ty, p| to(&a[0], ty, p).map_err(|m| FuncError::Arg(0, m))))
}

/// The type check: the result type, or why the value cannot convert.
fn result_type(arg: &Value, want: Type, p: &Profile) -> Result<Type, FuncError> {
    let got = &arg.ty;
    if got == &want || got.is_dynamic() || convert::can_convert_unsafe(got, &want) {
        return Ok(want);
    }
    let msg = match (got, &want) {
        (Type::Tuple(_), Type::Tuple(_)) => {
            format!(
                "incompatible tuple type for conversion: {}",
                crate::convert::mismatch::mismatch_message(got, &want, p)
            )
        }
        (Type::Object(_), Type::Object(_)) => {
            format!(
                "incompatible object type for conversion: {}",
                crate::convert::mismatch::mismatch_message(got, &want, p)
            )
        }
        _ => format!("cannot convert {} to {}", got.friendly_name(), want.friendly_name_for_constraint()),
    };
    Err(FuncError::Arg(0, msg))
}

/// Terraform's `MakeToFunc(want)` implementation: the conversion, with its
/// messages.
pub(crate) fn to(arg: &Value, ret: &Type, p: &Profile) -> Result<Value, String> {
    let want = if ret.is_dynamic() { &arg.ty } else { ret };
    if !arg.is_known() {
        return Ok(Value { ty: want.clone(), kind: Kind::Unknown, marks: arg.marks });
    }
    let target = generic(want);
    let attempt = if arg.is_null() {
        Ok(Value { ty: want.clone(), kind: Kind::Null, marks: arg.marks })
    } else {
        convert::convert(arg, &target, p).map_err(|_| ())
    };
    attempt.map_err(|()| {
        let (plain, marks) = arg.unmark_deep();
        let got = &plain.ty;
        if marks.sensitive {
            return format!(
                "cannot convert this sensitive {} to {}",
                got.friendly_name(),
                target.friendly_name_for_constraint()
            );
        }
        let what = match plain.as_str() {
            Some(s) if got == &Type::String => crate::render::go_quote_in(s, p),
            _ => "string".to_string(),
        };
        match (got, &target) {
            (Type::String, Type::Bool) => {
                format!("cannot convert {what} to bool; only the strings \"true\" or \"false\" are allowed")
            }
            (Type::String, Type::Number) => {
                format!("cannot convert {what} to number; given string must be a decimal representation of a number")
            }
            _ => format!("cannot convert {} to {}", got.friendly_name(), target.friendly_name_for_constraint()),
        }
    })
}

/// The function's own target (`list(any)` for `tolist`) from its result type.
fn generic(t: &Type) -> Type {
    match t {
        Type::List(_) => Type::list(Type::Dynamic),
        Type::Set(_) => Type::set(Type::Dynamic),
        Type::Map(_) => Type::map(Type::Dynamic),
        t => t.clone(),
    }
}
