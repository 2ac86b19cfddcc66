//! Numeric functions: go-cty's `stdlib/number.go` (abs, ceil, floor, log,
//! max, min, parseint, pow, signum). `log` and `pow` compute in binary64 as
//! go-cty does (`math.Log`, `math.Pow` on `float64`), so their results are
//! the float's; everything else is exact.

use num_bigint::BigInt;
use num_traits::Num;

use super::{arg_err, call_err, text, to_int, FuncError, Function, Param, NUMBER};
use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

pub(super) const NAMES: &[&str] = &["abs", "ceil", "floor", "log", "max", "min", "parseint", "pow", "signum"];

fn n(v: &Value) -> Number {
    v.as_number().cloned().unwrap_or_else(|| Number::from_i64(0))
}

fn numv(x: Number) -> Value {
    Value::number(x)
}

fn parse_num(t: &str) -> Number {
    Number::parse_literal(t).unwrap_or_else(|_| Number::from_i64(0))
}

/// A binary64 result as go-cty's `cty.NumberFloatVal`.
fn from_f64(f: f64) -> Result<Number, FuncError> {
    if f.is_nan() {
        // go-cty's cty.NumberFloatVal panics on NaN (big.NewFloat); its
        // function machinery reports the panic.
        return call_err("panic in function implementation: NewFloat(NaN)");
    }
    if f.is_infinite() {
        return Ok(Number::infinity(f < 0.0));
    }
    Ok(parse_num(&format!("{f:?}")))
}

fn to_f64(x: &Number) -> f64 {
    if x.is_infinite() {
        return if x.is_sign_negative() { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    x.to_text_g().parse().unwrap_or(0.0)
}

/// The integer part of the number's exact decimal text, and whether a
/// fraction was cut off.
fn trunc(x: &Number) -> (String, bool) {
    let t = x.to_text_f();
    match t.split_once('.') {
        Some((i, f)) => (i.to_string(), f.bytes().any(|b| b != b'0')),
        None => (t, false),
    }
}

fn round(x: &Number, up: bool) -> Number {
    if x.is_infinite() || x.is_integer() {
        return x.clone();
    }
    let (i, frac) = trunc(x);
    let mut r = parse_num(if i == "-0" { "0" } else { &i });
    if frac && x.is_sign_negative() && !up {
        r = r.sub(&Number::from_i64(1)).unwrap_or(r);
    }
    if frac && !x.is_sign_negative() && up {
        r = r.add(&Number::from_i64(1)).unwrap_or(r);
    }
    r
}

pub(super) fn lookup(name: &str) -> Option<Function> {
    let num_param = |name| Param::new(name, Type::Number).dynamic();
    Some(match name {
        "abs" => Function::new(vec![num_param("num").marked()], NUMBER, |a, _, _| {
            Ok(numv(n(&a[0]).abs()).with_marks(a[0].marks))
        }),
        "ceil" => Function::new(vec![num_param("num")], NUMBER, |a, _, _| Ok(numv(round(&n(&a[0]), true)))),
        "floor" => Function::new(vec![num_param("num")], NUMBER, |a, _, _| Ok(numv(round(&n(&a[0]), false)))),
        "signum" => Function::new(vec![num_param("num")], NUMBER, |a, _, _| {
            // go-cty reads the number into a Go int first.
            let i = to_int(&a[0]).map_err(FuncError::Call)?;
            Ok(numv(Number::from_i64(i.signum())))
        }),
        "log" => Function::new(vec![num_param("num"), num_param("base")], NUMBER, |a, _, _| {
            let (x, b) = (to_f64(&n(&a[0])), to_f64(&n(&a[1])));
            Ok(numv(from_f64(x.ln() / b.ln())?))
        }),
        "pow" => Function::new(vec![num_param("num"), num_param("power")], NUMBER, |a, _, _| {
            let (x, y) = (to_f64(&n(&a[0])), to_f64(&n(&a[1])));
            Ok(numv(from_f64(x.powf(y))?))
        }),
        "max" | "min" => {
            let imp: super::ImplFn =
                if name == "max" { |a, _, _| extreme(a, true) } else { |a, _, _| extreme(a, false) };
            Function::new(vec![], NUMBER, imp).var(num_param("numbers"))
        }
        "parseint" => Function::new(
            vec![Param::new("number", Type::Dynamic).marked(), Param::new("base", Type::Number).marked()],
            |a, _| {
                if a[0].ty != Type::String {
                    return arg_err(0, format!("first argument must be a string, not {}", a[0].ty.friendly_name()));
                }
                Ok(Type::Number)
            },
            parseint,
        ),
        _ => return None,
    })
}

fn extreme(a: &[Value], max: bool) -> Result<Value, FuncError> {
    if a.is_empty() {
        return call_err("must pass at least one number");
    }
    let mut best = n(&a[0]);
    for v in &a[1..] {
        let x = n(v);
        let better = if max { x.cmp_num(&best).is_gt() } else { x.cmp_num(&best).is_lt() };
        if better {
            best = x;
        }
    }
    Ok(numv(best))
}

fn parseint(a: &[Value], _: &Type, _: &crate::flavor::Profile) -> Result<Value, FuncError> {
    let marks = a[0].marks.union(a[1].marks);
    let t = text(&a[0]);
    let base = to_int(&a[1]).map_err(|m| FuncError::Arg(1, m))?;
    if !(2..=62).contains(&base) {
        return arg_err(1, "base must be a whole number between 2 and 62 inclusive");
    }
    let bad = || FuncError::Arg(0, format!("cannot parse {} as a base {base} integer", crate::render::go_quote(t)));
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() {
        return Err(bad());
    }
    // Reading digits one by one is quadratic; far past the largest number
    // tftype computes, stop at the budget.
    if digits.len() > 100_000 {
        return Err(FuncError::TooCostly);
    }
    let mut v = BigInt::from(0);
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
            'A'..='Z' => c as u32 - 'A' as u32 + 36,
            _ => return Err(bad()),
        };
        if i64::from(d) >= base {
            return Err(bad());
        }
        v = v * base + d;
    }
    if neg {
        v = -v;
    }
    let _ = BigInt::from_str_radix;
    Ok(numv(parse_num(&v.to_string())).with_marks(marks))
}
