//! go-cty's `stdlib/sequence.go`: `concat` and `range`.

use super::collection::{conv, dynp, elems};
use super::{arg_err, call_err, FuncError, Function, Param};
use crate::convert::unify::unify_unsafe;
use crate::flavor::Profile;
use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

pub(super) const NAMES: &[&str] = &["concat", "range"];

pub(super) fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "concat" => Function::new(vec![], concat_type, concat).var(dynp("seqs").marked()),
        "range" => Function::new(vec![], NUMBER_LIST, range).var(Param::new("params", Type::Number)),
        _ => return None,
    })
}

const NUMBER_LIST: super::TypeFn = |_, _| Ok(Type::list(Type::Number));

fn concat_type(a: &[Value], _: &Profile) -> Result<Type, FuncError> {
    if a.is_empty() {
        return call_err("at least one argument is required");
    }
    if a.iter().all(|v| v.ty.is_list()) {
        let tys: Vec<Type> = a.iter().map(|v| v.ty.clone()).collect();
        if let Some(u) = unify_unsafe(&tys) {
            return Ok(u);
        }
    }
    let mut etys = Vec::new();
    for (i, v) in a.iter().enumerate() {
        match &v.ty {
            Type::Tuple(ts) => etys.extend(ts.iter().cloned()),
            Type::List(e) => {
                if !v.is_known() {
                    return Ok(Type::Dynamic);
                }
                etys.extend(std::iter::repeat_n((**e).clone(), elems(v).len()));
            }
            t => return arg_err(i, format!("all arguments must be lists or tuples; got {}", t.friendly_name())),
        }
    }
    Ok(Type::tuple(etys))
}

fn concat(a: &[Value], ty: &Type, p: &Profile) -> Result<Value, FuncError> {
    let mut marks = crate::value::Marks::NONE;
    let mut vals = Vec::new();
    for (i, v) in a.iter().enumerate() {
        let v = if ty.is_list() { conv(v, ty, p).map_err(|m| FuncError::Arg(i, m))? } else { v.clone() };
        marks = marks.union(v.marks);
        vals.extend(elems(&v).iter().cloned());
    }
    let r = match ty {
        Type::List(e) => Value::list((**e).clone(), vals),
        _ => Value::tuple(vals),
    };
    Ok(r.with_marks(marks))
}

fn range(a: &[Value], _: &Type, _: &Profile) -> Result<Value, FuncError> {
    let nums: Vec<Number> = a.iter().map(|v| v.as_number().cloned().unwrap_or_else(|| Number::from_i64(0))).collect();
    let (start, end, step) = match nums.len() {
        1 => {
            let step = if nums[0].is_sign_negative() && !nums[0].is_zero() { -1 } else { 1 };
            (Number::from_i64(0), nums[0].clone(), Number::from_i64(step))
        }
        2 => {
            let step = if nums[1].cmp_num(&nums[0]).is_lt() { -1 } else { 1 };
            (nums[0].clone(), nums[1].clone(), Number::from_i64(step))
        }
        3 => (nums[0].clone(), nums[1].clone(), nums[2].clone()),
        _ => return call_err("must have one, two, or three arguments"),
    };
    // A zero step counts as positive (go-cty has no check for it).
    let down = step.is_sign_negative() && !step.is_zero();
    if down && start.cmp_num(&end).is_lt() {
        return arg_err(1, "end must be less than start when step is negative");
    }
    if !down && start.cmp_num(&end).is_gt() {
        return arg_err(1, "end must be greater than start when step is positive");
    }
    const LIMIT: usize = 1024;
    let mut out = Vec::new();
    let mut cur = start;
    while if down { cur.cmp_num(&end).is_gt() } else { cur.cmp_num(&end).is_lt() } {
        if out.len() >= LIMIT {
            return call_err(format!("more than {LIMIT} values were generated; either decrease the difference between start and end or use a smaller step"));
        }
        out.push(Value::number(cur.clone()));
        cur = cur.add(&step).map_err(|e| FuncError::Call(e.message().into()))?;
    }
    Ok(Value::list(Type::Number, out))
}
