//! go-cty's `stdlib/set.go` and `setproduct`: `setunion`,
//! `setintersection`, `setsubtract`, `setproduct`.

use super::collection::{conv, dynp, elems};
use super::{arg_err, call_err, FuncError, Function, Param};
use crate::convert::unify::unify_unsafe;
use crate::flavor::Profile;
use crate::set::equals_true;
use crate::types::Type;
use crate::value::Value;

pub(super) const NAMES: &[&str] = &["setintersection", "setproduct", "setsubtract", "setunion"];

pub(super) fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "setproduct" => Function::new(vec![], setproduct_type, setproduct).var(dynp("sets").marked()),
        "setunion" | "setintersection" | "setsubtract" => {
            let imp: super::ImplFn = match name {
                "setunion" => |a, ty, _| set_op(a, ty, 0),
                "setintersection" => |a, ty, _| set_op(a, ty, 1),
                _ => |a, ty, _| set_op(a, ty, 2),
            };
            let first =
                Param::new(if name == "setsubtract" { "a" } else { "first_set" }, Type::set(Type::Dynamic)).dynamic();
            let mut f = Function::new(vec![first], set_type, imp);
            if name == "setsubtract" {
                f.params.push(Param::new("b", Type::set(Type::Dynamic)).dynamic());
            } else {
                f = f.var(Param::new("other_sets", Type::set(Type::Dynamic)).dynamic());
            }
            f
        }
        _ => return None,
    })
}

fn set_type(a: &[Value], _: &Profile) -> Result<Type, FuncError> {
    // Empty sets of unknown element type convert to anything: skipped.
    let tys: Vec<Type> = a
        .iter()
        .filter(|v| !(v.is_known() && elems(v).is_empty() && v.ty.element_type().is_some_and(Type::is_dynamic)))
        .map(|v| v.ty.element_type().cloned().unwrap_or(Type::Dynamic))
        .collect();
    if tys.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    let u = unify_unsafe(&tys).ok_or(FuncError::Call("given sets must all have compatible element types".into()))?;
    Ok(Type::set(u))
}

fn set_op(a: &[Value], ty: &Type, op: u8) -> Result<Value, FuncError> {
    let p = Profile::default();
    let sets: Vec<Value> = a.iter().map(|v| conv(v, ty, &p)).collect::<Result<_, _>>().map_err(FuncError::Call)?;
    let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
    let first = elems(&sets[0]).to_vec();
    let out: Vec<Value> = match op {
        0 => sets.iter().flat_map(|s| elems(s).to_vec()).collect(),
        1 => {
            first.into_iter().filter(|e| sets[1..].iter().all(|s| elems(s).iter().any(|x| equals_true(x, e)))).collect()
        }
        _ => first.into_iter().filter(|e| !elems(&sets[1]).iter().any(|x| equals_true(x, e))).collect(),
    };
    Ok(Value::set(ety, out))
}

fn setproduct_type(a: &[Value], _: &Profile) -> Result<Type, FuncError> {
    if a.len() < 2 {
        return call_err("at least two arguments are required");
    }
    // A set among the arguments makes the result a set; lists and tuples
    // alone a list.
    let mut any_set = false;
    let mut etys = Vec::new();
    for (i, v) in a.iter().enumerate() {
        match &v.ty {
            Type::Set(e) => {
                any_set = true;
                etys.push((**e).clone())
            }
            Type::List(e) => etys.push((**e).clone()),
            Type::Tuple(ts) if ts.is_empty() => etys.push(Type::Dynamic),
            Type::Tuple(ts) => match unify_unsafe(ts.types_once()) {
                Some(u) => etys.push(u),
                None => return arg_err(i, "all elements must be of the same type"),
            },
            _ => return arg_err(i, "a set or a list is required"),
        }
    }
    let t = Type::tuple(etys);
    Ok(if any_set { Type::set(t) } else { Type::list(t) })
}

fn setproduct(a: &[Value], ty: &Type, p: &Profile) -> Result<Value, FuncError> {
    let mut marks = crate::value::Marks::NONE;
    let mut acc: Vec<Vec<Value>> = vec![vec![]];
    let etys =
        ty.element_type().and_then(Type::tuple_elements).map(crate::types::TupleTypes::to_vec).unwrap_or_default();
    // The size is known before anything is built: the product of the
    // lengths, each product a tuple of one element per argument.
    let count = a.iter().try_fold(1u64, |n, v| n.checked_mul(elems(v).len() as u64)).unwrap_or(u64::MAX);
    if count > 1 << 20 {
        return Err(FuncError::TooCostly);
    }
    super::allow(count.saturating_mul(a.len() as u64 + 1))?;
    for (i, v) in a.iter().enumerate() {
        // A tuple's elements take the element type it unified to.
        let v = &match (&v.ty, etys.get(i)) {
            (Type::Tuple(_), Some(et)) => conv(v, &Type::list(et.clone()), p).map_err(FuncError::Call)?,
            _ => v.clone(),
        };
        marks = marks.union(v.marks);
        let mut next = Vec::new();
        for prefix in &acc {
            for e in elems(v) {
                let mut p = prefix.clone();
                p.push(e.clone());
                next.push(p);
            }
        }
        acc = next;
    }
    let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
    let vals: Vec<Value> = acc.into_iter().map(Value::tuple).collect();
    let r = if ty.is_set() { Value::set(ety, vals) } else { Value::list(ety, vals) };
    Ok(r.with_marks(marks))
}
