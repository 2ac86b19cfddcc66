//! The functions a value written as a module argument may call here:
//! Terraform's type conversion functions (its own `MakeToFunc`, with its own
//! error texts) and `sensitive` / `nonsensitive`.

use crate::convert;
use crate::flavor::Profile;
use crate::types::Type;
use crate::value::{Kind, Marks, Value};

pub struct Func {
    /// The single parameter's name, as hcl's messages quote it.
    pub param: &'static str,
    pub call: fn(&Value, &Profile) -> Result<Value, String>,
}

/// Every offered function, in the order used for "Did you mean" suggestions.
pub const NAMES: [&str; 8] = [
    "nonsensitive",
    "sensitive",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
];

pub fn lookup(name: &str) -> Option<Func> {
    let call: fn(&Value, &Profile) -> Result<Value, String> = match name {
        "tobool" => |v, p| to(v, Type::Bool, p),
        "tonumber" => |v, p| to(v, Type::Number, p),
        "tostring" => |v, p| to(v, Type::String, p),
        "tolist" => |v, p| to(v, Type::list(Type::Dynamic), p),
        "toset" => |v, p| to(v, Type::set(Type::Dynamic), p),
        "tomap" => |v, p| to(v, Type::map(Type::Dynamic), p),
        "sensitive" => {
            return Some(Func {
                param: "value",
                call: |v, _| Ok(v.clone().with_marks(Marks { sensitive: true })),
            });
        }
        "nonsensitive" => {
            return Some(Func {
                param: "value",
                call: |v, p| {
                    // Before 1.7 a call on a known value that is not
                    // sensitive was refused.
                    if v.is_known() && !v.marks.sensitive && !p.nonsensitive_accepts_unmarked() {
                        return Err("the given value is not sensitive, so this call is redundant".into());
                    }
                    let mut v = v.clone();
                    v.marks.sensitive = false;
                    Ok(v)
                },
            });
        }
        _ => return None,
    };
    Some(Func { param: "v", call })
}

/// Terraform's `MakeToFunc(want)`: the type check, then the conversion.
fn to(arg: &Value, want: Type, p: &Profile) -> Result<Value, String> {
    let got = &arg.ty;
    if got != &want && !got.is_dynamic() && !convert::can_convert_unsafe(got, &want) {
        return Err(format!(
            "cannot convert {} to {}",
            got.friendly_name(),
            want.friendly_name_for_constraint()
        ));
    }
    if !arg.is_known() {
        return Ok(Value {
            ty: want,
            kind: Kind::Unknown,
            marks: arg.marks,
        });
    }
    let attempt = if arg.is_null() {
        if got.is_dynamic() || got == &want || convert::can_convert_unsafe(got, &want) {
            Ok(Value {
                ty: want.clone(),
                kind: Kind::Null,
                marks: arg.marks,
            })
        } else {
            Err(())
        }
    } else {
        convert::convert(arg, &want, p).map_err(|_| ())
    };
    attempt.map_err(|()| {
        let (plain, marks) = arg.unmark_deep();
        let got = &plain.ty;
        if marks.sensitive {
            return format!("cannot convert this sensitive {} to {}", got.friendly_name(), want.friendly_name_for_constraint());
        }
        let what = match plain.as_str() {
            Some(s) if got == &Type::String => crate::render::go_quote(s),
            _ => "string".to_string(),
        };
        match (got, &want) {
            (Type::String, Type::Bool) => format!("cannot convert {what} to bool; only the strings \"true\" or \"false\" are allowed"),
            (Type::String, Type::Number) => {
                format!("cannot convert {what} to number; given string must be a decimal representation of a number")
            }
            _ => format!("cannot convert {} to {}", got.friendly_name(), want.friendly_name_for_constraint()),
        }
    })
}
