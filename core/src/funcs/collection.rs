//! Collection functions: go-cty's `stdlib/collection.go` and `set.go`
//! (element, flatten, keys, values, merge, distinct, chunklist, slice,
//! reverse, sort, zipmap, coalescelist, compact, contains) and Terraform's
//! `internal/lang/funcs/collection.go` (length, alltrue, anytrue, coalesce,
//! index, lookup, matchkeys, one, sum, transpose).

use super::{arg_err, call_err, s, text, to_int, FuncError, Function, Param, BOOL, NUMBER};
use crate::convert::unify::unify_unsafe;
use crate::flavor::Profile;
use crate::number::Number;
use crate::set::equals_true;
use crate::types::Type;
use crate::value::{AttrMap, Kind, Value};

pub(super) const NAMES: &[&str] = &[
    "alltrue",
    "anytrue",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "contains",
    "distinct",
    "element",
    "flatten",
    "index",
    "keys",
    "length",
    "lookup",
    "matchkeys",
    "merge",
    "one",
    "reverse",
    "slice",
    "sort",
    "sum",
    "transpose",
    "values",
    "zipmap",
];

pub(super) fn dynp(name: &'static str) -> Param {
    Param::new(name, Type::Dynamic)
}

pub(super) fn elems(v: &Value) -> &[Value] {
    v.elements().unwrap_or(&[])
}

pub(super) fn conv(v: &Value, ty: &Type, p: &Profile) -> Result<Value, String> {
    crate::convert::conv(v, ty, p)
}

fn num(i: usize) -> Value {
    Value::number(Number::from_i64(i as i64))
}

pub(super) fn lookup(name: &str, p: &Profile) -> Option<Function> {
    Some(match name {
        "length" => Function::new(
            vec![dynp("value").dynamic().unknown().marked()],
            |a, _| {
                let t = &a[0].ty;
                if matches!(
                    t,
                    Type::String
                        | Type::Tuple(_)
                        | Type::Object(_)
                        | Type::List(_)
                        | Type::Map(_)
                        | Type::Set(_)
                        | Type::Dynamic
                ) {
                    Ok(Type::Number)
                } else {
                    call_err("argument must be a string, a collection type, or a structural type")
                }
            },
            |a, _, p| {
                let v = &a[0];
                let n = match (&v.ty, &v.kind) {
                    (Type::Dynamic, _) => return Ok(Value::unknown(Type::Number).with_marks(v.marks)),
                    (Type::Tuple(t), _) => t.len(),
                    (Type::Object(o), _) => o.attrs.len(),
                    (_, Kind::Unknown) => return Ok(Value::unknown(Type::Number).with_marks(v.marks)),
                    (Type::String, _) => crate::unicode::grapheme_count(text(v), p.unicode_of(text(v))),
                    (_, Kind::Seq(e)) => e.len(),
                    (_, Kind::Attrs(m)) => m.len(),
                    _ => 0,
                };
                Ok(num(n).with_marks(v.marks))
            },
        ),
        "alltrue" | "anytrue" => {
            // Terraform's AllTrue / AnyTrue: an unknown element makes the
            // answer unknown unless a deciding element comes first (alltrue)
            // or anywhere (anytrue); a null element is false.
            let imp: super::ImplFn = if name == "alltrue" {
                |a, _, _| {
                    for v in elems(&a[0]) {
                        if !v.is_known() {
                            return Ok(Value::unknown(Type::Bool));
                        }
                        if v.as_bool() != Some(true) {
                            return Ok(Value::bool(false));
                        }
                    }
                    Ok(Value::bool(true))
                }
            } else {
                |a, _, _| {
                    let mut unknown = false;
                    for v in elems(&a[0]) {
                        if !v.is_known() {
                            unknown = true;
                        } else if v.as_bool() == Some(true) {
                            return Ok(Value::bool(true));
                        }
                    }
                    Ok(if unknown { Value::unknown(Type::Bool) } else { Value::bool(false) })
                }
            };
            Function::new(vec![Param::new("list", Type::list(Type::Bool))], BOOL, imp)
        }
        "coalesce" => Function::new(
            vec![],
            |a, _| {
                let tys: Vec<Type> = a.iter().map(|v| v.ty.clone()).collect();
                unify_unsafe(&tys).ok_or(FuncError::Call("all arguments must have the same type".into()))
            },
            |a, ty, p| {
                for v in a {
                    let v = conv(v, ty, p).map_err(FuncError::Call)?;
                    if v.is_null() || (ty == &Type::String && v.as_str() == Some("")) {
                        continue;
                    }
                    return Ok(v);
                }
                call_err("no non-null, non-empty-string arguments")
            },
        )
        .var(dynp("vals").unknown().dynamic().null()),
        "coalescelist" => Function::new(
            vec![],
            |a, _| {
                if a.is_empty() {
                    return call_err("at least one argument is required");
                }
                let mut tys = Vec::new();
                for v in a {
                    if !(v.ty.is_list() || v.ty.is_tuple()) {
                        return call_err("coalescelist arguments must be lists or tuples");
                    }
                    tys.push(v.ty.clone());
                }
                let _ = tys;
                Ok(Type::Dynamic)
            },
            |a, _, _| {
                for v in a {
                    if v.is_null() || elems(v).is_empty() {
                        continue;
                    }
                    return Ok(v.clone());
                }
                call_err("no non-null arguments")
            },
        )
        .var(dynp("vals").unknown().dynamic().null()),
        "compact" => Function::new(
            vec![Param::new("list", Type::list(Type::String))],
            |_, _| Ok(Type::list(Type::String)),
            |a, _, _| {
                let out: Vec<Value> =
                    elems(&a[0]).iter().filter(|v| !v.is_null() && v.as_str() != Some("")).cloned().collect();
                Ok(Value::list(Type::String, out))
            },
        ),
        // go-cty 1.18.1 lets the value be null (a null element matches it).
        "contains" => Function::new(
            vec![dynp("list"), if p.contains_accepts_null() { dynp("value").null() } else { dynp("value") }],
            BOOL,
            |a, _, _| {
                let t = &a[0].ty;
                if !(t.is_list() || t.is_tuple() || t.is_set()) {
                    return call_err("argument must be list, tuple, or set");
                }
                Ok(Value::bool(elems(&a[0]).iter().any(|e| equals_true(e, &a[1]))))
            },
        ),
        "distinct" => Function::new(
            vec![Param::new("list", Type::list(Type::Dynamic))],
            |a, _| Ok(a[0].ty.clone()),
            |a, ty, _| {
                let mut out: Vec<Value> = Vec::new();
                for e in elems(&a[0]) {
                    if !out.iter().any(|o| equals_true(o, e)) {
                        out.push(e.clone());
                    }
                }
                Ok(Value::list(ty.element_type().cloned().unwrap_or(Type::Dynamic), out))
            },
        ),
        "element" => {
            Function::new(vec![dynp("list").marked(), Param::new("index", Type::Number)], element_type, element)
        }
        "flatten" => Function::new(
            vec![dynp("list")],
            |a, _| {
                let t = &a[0].ty;
                if !(t.is_list() || t.is_set() || t.is_tuple()) {
                    return call_err("can only flatten lists, sets and tuples");
                }
                Ok(Type::tuple(flatten(&a[0]).iter().map(|v| v.ty.clone()).collect()))
            },
            |a, _, _| Ok(Value::tuple(flatten(&a[0]))),
        ),
        "keys" => Function::new(
            vec![dynp("inputMap").marked()],
            |a, _| match &a[0].ty {
                Type::Map(_) => Ok(Type::list(Type::String)),
                Type::Object(o) => Ok(Type::tuple(vec![Type::String; o.attrs.len()])),
                _ => arg_err(0, "must have map or object type"),
            },
            |a, ty, _| {
                let (v, m) = (&a[0], a[0].marks);
                let ks: Vec<Value> = v.attrs().map(|at| at.keys().map(|k| s(k)).collect()).unwrap_or_default();
                let r = if ty.is_list() { Value::list(Type::String, ks) } else { Value::tuple(ks) };
                Ok(r.with_marks(m))
            },
        ),
        "values" => Function::new(
            vec![dynp("mapping")],
            |a, _| match &a[0].ty {
                Type::Map(e) => Ok(Type::list((**e).clone())),
                Type::Object(o) => Ok(Type::tuple(o.attrs.values().cloned().collect())),
                _ => call_err("values() requires a map as the first argument"),
            },
            |a, ty, _| {
                let vs: Vec<Value> = a[0].attrs().map(|at| at.values().cloned().collect()).unwrap_or_default();
                Ok(match ty {
                    Type::List(e) => Value::list((**e).clone(), vs),
                    _ => Value::tuple(vs),
                })
            },
        ),
        "merge" => Function::new(vec![], merge_type, merge).var(dynp("maps").null().dynamic().marked()),
        "lookup" => Function::new(
            vec![dynp("inputMap").marked(), Param::new("key", Type::String).marked()],
            lookup_type,
            lookup_impl,
        )
        .var(dynp("default").unknown().dynamic().null().marked()),
        "index" => Function::new(vec![dynp("list"), dynp("value")], NUMBER, |a, _, _| {
            if !(a[0].ty.is_list() || a[0].ty.is_tuple()) {
                return call_err("argument must be a list or tuple");
            }
            let es = elems(&a[0]);
            if es.is_empty() {
                return call_err("cannot search an empty list");
            }
            match es.iter().position(|e| equals_true(e, &a[1])) {
                Some(i) => Ok(num(i)),
                None => call_err("item not found"),
            }
        }),
        "matchkeys" => Function::new(
            vec![
                Param::new("values", Type::list(Type::Dynamic)),
                Param::new("keys", Type::list(Type::Dynamic)),
                Param::new("searchset", Type::list(Type::Dynamic)),
            ],
            |a, _| {
                unify_unsafe(&[a[1].ty.clone(), a[2].ty.clone()])
                    .ok_or(FuncError::Call("keys and searchset must be of the same type".into()))?;
                Ok(a[0].ty.clone())
            },
            |a, ty, p| {
                let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
                if elems(&a[0]).len() != elems(&a[1]).len() {
                    return call_err("length of keys and values should be equal");
                }
                let u = unify_unsafe(&[a[1].ty.clone(), a[2].ty.clone()]).unwrap_or(Type::Dynamic);
                let keys = conv(&a[1], &u, p).map_err(FuncError::Call)?;
                let search = conv(&a[2], &u, p).map_err(FuncError::Call)?;
                let mut out = Vec::new();
                for (i, k) in elems(&keys).iter().enumerate() {
                    if elems(&search).iter().any(|s| equals_true(k, s)) {
                        out.push(elems(&a[0])[i].clone());
                    }
                }
                Ok(Value::list(ety, out))
            },
        ),
        "one" => Function::new(
            vec![dynp("list")],
            |a, _| {
                let t = &a[0].ty;
                match t {
                    Type::List(e) | Type::Set(e) => return Ok((**e).clone()),
                    Type::Tuple(ts) if ts.is_empty() => return Ok(Type::Dynamic),
                    Type::Tuple(ts) if ts.len() == 1 => return Ok(ts[0].clone()),
                    _ => {}
                }
                arg_err(0, "must be a list, set, or tuple value with either zero or one elements")
            },
            |a, ty, _| match elems(&a[0]) {
                [] => Ok(Value::null(ty.clone())),
                [one] => Ok(one.clone()),
                _ => arg_err(0, "must be a list, set, or tuple value with either zero or one elements"),
            },
        ),
        "sum" => Function::new(vec![dynp("list")], NUMBER, sum),
        "transpose" => Function::new(
            vec![Param::new("values", Type::map(Type::list(Type::String)))],
            |_, _| Ok(Type::map(Type::list(Type::String))),
            transpose,
        ),
        "reverse" => Function::new(
            vec![dynp("list")],
            |a, _| match &a[0].ty {
                Type::List(_) => Ok(a[0].ty.clone()),
                Type::Tuple(ts) => Ok(Type::tuple(ts.iter().rev().cloned().collect())),
                Type::Set(e) => Ok(Type::list((**e).clone())),
                t => arg_err(0, format!("can only reverse list or tuple values, not {}", t.friendly_name())),
            },
            |a, ty, _| {
                let vs: Vec<Value> = elems(&a[0]).iter().rev().cloned().collect();
                Ok(match ty {
                    Type::List(e) => Value::list((**e).clone(), vs),
                    _ => Value::tuple(vs),
                })
            },
        ),
        "sort" => Function::new(
            vec![Param::new("list", Type::list(Type::String))],
            |_, _| Ok(Type::list(Type::String)),
            |a, _, _| {
                let mut vs: Vec<String> = Vec::new();
                for (i, e) in elems(&a[0]).iter().enumerate() {
                    if e.is_null() {
                        return arg_err(0, format!("given list element {i} is null; a null string cannot be sorted"));
                    }
                    vs.push(text(e).to_string());
                }
                crate::sort::natural(&mut vs);
                Ok(Value::list(Type::String, vs.iter().map(|x| s(x)).collect()))
            },
        ),
        "chunklist" => Function::new(
            vec![Param::new("list", Type::list(Type::Dynamic)), Param::new("size", Type::Number)],
            |a, _| Ok(Type::list(a[0].ty.clone())),
            |a, ty, _| {
                let size = to_int(&a[1]).map_err(|m| FuncError::Call(format!("invalid size: {m}")))?;
                if size < 0 {
                    return call_err("the size argument must be positive");
                }
                let lt = ty.element_type().cloned().unwrap_or(Type::Dynamic);
                let ety = lt.element_type().cloned().unwrap_or(Type::Dynamic);
                let es = elems(&a[0]);
                if es.is_empty() {
                    return Ok(Value::list(lt, vec![]));
                }
                let size = if size == 0 { es.len() } else { size as usize };
                Ok(Value::list(lt, es.chunks(size).map(|c| Value::list(ety.clone(), c.to_vec())).collect()))
            },
        ),
        "slice" => Function::new(
            vec![dynp("list").marked(), Param::new("start_index", Type::Number), Param::new("end_index", Type::Number)],
            slice_type,
            slice,
        ),
        "zipmap" => {
            Function::new(vec![Param::new("keys", Type::list(Type::String)), dynp("values")], zipmap_type, zipmap)
        }
        _ => return None,
    })
}

fn element_type(a: &[Value], p: &Profile) -> Result<Type, FuncError> {
    // Before go-cty 1.15 the type check refuses a known negative index
    // first, even of a list whose value is not known yet.
    if !p.element_negative_index() && a[1].is_known() && n_negative(&a[1]) {
        return call_err("cannot use element function with a negative index");
    }
    let (l, _) = a[0].unmark_deep();
    match &l.ty {
        Type::List(e) => Ok((**e).clone()),
        Type::Tuple(ts) => {
            if !a[1].is_known() {
                return Ok(Type::Dynamic);
            }
            if !p.element_negative_index() && n_negative(&a[1]) {
                return call_err("cannot use element function with a negative index");
            }
            let i = to_int(&a[1]).map_err(|m| FuncError::Call(format!("invalid index: {m}")))?;
            if !p.element_negative_index() && i < 0 {
                return call_err("cannot use element function with a negative index");
            }
            if ts.is_empty() {
                return call_err("cannot use element function with an empty list");
            }
            Ok(ts[i.rem_euclid(ts.len() as i64) as usize].clone())
        }
        t => call_err(format!("cannot read elements from {}", t.friendly_name())),
    }
}

fn element(a: &[Value], ty: &Type, p: &Profile) -> Result<Value, FuncError> {
    if !p.element_negative_index() && n_negative(&a[1]) {
        return call_err("cannot use element function with a negative index");
    }
    let i = to_int(&a[1]).map_err(|m| FuncError::Call(format!("invalid index: {m}")))?;
    if !p.element_negative_index() && i < 0 {
        return call_err("cannot use element function with a negative index");
    }
    let m = a[0].marks;
    if !a[0].is_known() {
        return Ok(Value::unknown(ty.clone()));
    }
    let es = elems(&a[0]);
    if es.is_empty() {
        return call_err("cannot use element function with an empty list");
    }
    let v = es[i.rem_euclid(es.len() as i64) as usize].clone();
    let own = v.marks;
    Ok(v.with_marks(own.union(m)))
}

/// A number below zero (a null or unknown is not).
fn n_negative(v: &Value) -> bool {
    v.as_number().is_some_and(|n| n.is_sign_negative() && !n.is_zero())
}

fn flatten(v: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for e in elems(v) {
        if !e.is_null() && e.is_known() && (e.ty.is_list() || e.ty.is_set() || e.ty.is_tuple()) {
            out.extend(flatten(e));
        } else {
            out.push(e.clone());
        }
    }
    out
}

fn merge_type(a: &[Value], p: &Profile) -> Result<Type, FuncError> {
    if a.is_empty() {
        return Ok(Type::empty_object());
    }
    let mut attrs = std::collections::BTreeMap::new();
    let mut matching = true;
    // An unknown map hides its keys: mixed with objects, the result's
    // attributes cannot be known.
    let mut attrs_known = true;
    // go-cty 1.18.1: a null object counts as an object without attributes,
    // also as the type the others are compared with.
    let ty_of = |v: &Value| {
        if v.is_null() && v.ty.is_object() && p.merge_null_objects_as_empty() {
            Type::empty_object()
        } else {
            v.ty.clone()
        }
    };
    let first = ty_of(&a[0]);
    for v in a {
        if v.ty.is_dynamic() {
            return Ok(Type::Dynamic);
        }
        match &v.ty {
            Type::Object(o) if !v.is_null() => {
                for (k, t) in &o.attrs {
                    attrs.insert(k.clone(), t.clone());
                }
            }
            Type::Map(_) if !v.is_known() => attrs_known = false,
            Type::Map(e) if !v.is_null() => {
                for k in v.attrs().map(|m| m.keys().map(|k| k.to_string()).collect::<Vec<_>>()).unwrap_or_default() {
                    attrs.insert(k, (**e).clone());
                }
            }
            Type::Object(_) | Type::Map(_) => {}
            t => {
                return call_err(format!(
                    "arguments must be maps or objects, got {}",
                    crate::render::go_quote(&t.friendly_name())
                ))
            }
        }
        matching &= ty_of(v) == first;
    }
    if matching {
        return Ok(first);
    }
    if !attrs_known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::object(attrs))
}

fn merge(a: &[Value], ty: &Type, _: &Profile) -> Result<Value, FuncError> {
    let mut marks = crate::value::Marks::NONE;
    let mut out = AttrMap::new();
    for v in a {
        if v.is_null() {
            continue;
        }
        marks = marks.union(v.marks);
        for (k, e) in
            v.attrs().map(|m| m.iter().map(|(k, e)| (k.to_string(), e.clone())).collect::<Vec<_>>()).unwrap_or_default()
        {
            out.insert(k, e);
        }
    }
    if let Type::Object(o) = ty {
        if o.attrs.len() != out.len() || o.attrs.keys().any(|k| !out.contains_key(k)) {
            // Before go-cty 1.18.1, null objects of one type give that type
            // and no attributes: `Function.Call` refuses the result that
            // does not conform, and reports its own panic.
            return call_err(
                "panic in function implementation: the returned value does not conform to the expected return type",
            );
        }
    }
    let r = match ty {
        Type::Map(e) => Value::map((**e).clone(), out),
        _ => Value::object(out),
    };
    Ok(r.with_marks(marks))
}

fn lookup_type(a: &[Value], p: &Profile) -> Result<Type, FuncError> {
    if a.len() > 3 {
        return call_err(format!("lookup() takes two or three arguments, got {}", a.len()));
    }
    match &a[0].ty {
        Type::Object(o) => {
            if !a[1].is_known() {
                return Ok(Type::Dynamic);
            }
            let key = text(&a[1]);
            if let Some(t) = o.attrs.get(key) {
                Ok(t.clone())
            } else if a.len() == 3 {
                Ok(a[2].ty.clone())
            } else {
                arg_err(0, format!("the given object has no attribute {}", crate::render::go_quote_in(key, p)))
            }
        }
        Type::Map(e) => {
            if a.len() == 3 && conv(&a[2], e, p).is_err() {
                return arg_err(2, "the default value must have the same type as the map elements");
            }
            Ok((**e).clone())
        }
        _ => arg_err(0, "lookup() requires a map as the first argument"),
    }
}

fn lookup_impl(a: &[Value], ty: &Type, p: &Profile) -> Result<Value, FuncError> {
    let marks = a[0].marks.union(a[1].marks);
    let key = text(&a[1]);
    if !a[0].is_known() {
        return Ok(Value::unknown(ty.clone()).with_marks(marks));
    }
    if let Some(v) = a[0].attrs().and_then(|m| m.get(key)) {
        let own = v.marks;
        return Ok(v.clone().with_marks(own.union(marks)));
    }
    if a.len() == 3 {
        let d = conv(&a[2], ty, p).map_err(FuncError::Call)?;
        let own = d.marks;
        return Ok(d.with_marks(own.union(marks)));
    }
    let shown = if a[1].marks.sensitive { "(sensitive value)".to_string() } else { crate::render::go_quote(key) };
    call_err(format!("lookup failed to find key {shown}"))
}

fn sum(a: &[Value], _: &Type, p: &Profile) -> Result<Value, FuncError> {
    let v = &a[0];
    if !matches!(v.kind, Kind::Seq(_) | Kind::Attrs(_)) {
        return arg_err(0, "cannot sum noniterable");
    }
    let es: Vec<Value> = match &v.kind {
        Kind::Seq(e) => e.to_vec(),
        Kind::Attrs(m) => m.values().cloned().collect(),
        _ => vec![],
    };
    if es.is_empty() {
        return arg_err(0, "cannot sum an empty list");
    }
    if !(v.ty.is_list() || v.ty.is_set() || v.ty.is_tuple()) {
        return arg_err(0, format!("argument must be list, set, or tuple. Received {}", v.ty.friendly_name()));
    }
    const BAD: &str = "argument must be list, set, or tuple of number values";
    let mut total: Option<Number> = None;
    for e in &es {
        if e.is_null() {
            return arg_err(0, BAD);
        }
        let n = conv(e, &Type::Number, p).map_err(|_| FuncError::Arg(0, BAD.into()))?;
        let n = n.as_number().cloned().unwrap_or_else(|| Number::from_i64(0));
        total = Some(match total {
            None => n,
            Some(t) => t.add(&n).map_err(|e| FuncError::Call(e.message().into()))?,
        });
    }
    Ok(Value::number(total.unwrap_or_else(|| Number::from_i64(0))))
}

fn transpose(a: &[Value], _: &Type, _: &Profile) -> Result<Value, FuncError> {
    let mut tmp: std::collections::BTreeMap<String, Vec<String>> = std::collections::BTreeMap::new();
    for (k, l) in
        a[0].attrs().map(|m| m.iter().map(|(k, v)| (k.to_string(), v.clone())).collect::<Vec<_>>()).unwrap_or_default()
    {
        if l.is_null() {
            return arg_err(0, format!("cannot use null list for [{}]", crate::render::go_quote(&k)));
        }
        for (i, v) in elems(&l).iter().enumerate() {
            if v.is_null() {
                return arg_err(0, format!("cannot use null string for [{}][{i}]", crate::render::go_quote(&k)));
            }
            let e = tmp.entry(text(v).to_string()).or_default();
            e.push(k.clone());
            crate::sort::natural(e);
        }
    }
    let out: AttrMap =
        tmp.into_iter().map(|(k, vs)| (k, Value::list(Type::String, vs.iter().map(|x| s(x)).collect()))).collect();
    Ok(Value::map(Type::list(Type::String), out))
}

fn slice_type(a: &[Value], _: &Profile) -> Result<Type, FuncError> {
    let (l, _) = a[0].unmark_deep();
    match &l.ty {
        Type::List(_) => Ok(l.ty.clone()),
        Type::Tuple(ts) => {
            let (s, e) = slice_bounds(a, ts.len())?;
            Ok(Type::Tuple(std::sync::Arc::new(ts.iter().skip(s).take(e - s).cloned().collect())))
        }
        _ => arg_err(0, "must be a list or tuple value"),
    }
}

fn slice_bounds(a: &[Value], len: usize) -> Result<(usize, usize), FuncError> {
    let s = to_int(&a[1]).map_err(|m| FuncError::Arg(1, format!("invalid start index: {m}")))?;
    let e = to_int(&a[2]).map_err(|m| FuncError::Arg(2, format!("invalid end index: {m}")))?;
    if s < 0 {
        return arg_err(1, "start index must not be less than zero");
    }
    if e > len as i64 {
        return arg_err(2, "end index must not be greater than the length of the list");
    }
    if s > e {
        return arg_err(1, "start index must not be greater than end index");
    }
    Ok((s as usize, e as usize))
}

fn slice(a: &[Value], ty: &Type, _: &Profile) -> Result<Value, FuncError> {
    let m = a[0].marks;
    let es = elems(&a[0]);
    let (s, e) = slice_bounds(a, es.len())?;
    let vs = es[s..e].to_vec();
    Ok(match ty {
        Type::List(et) => Value::list((**et).clone(), vs),
        _ => Value::tuple(vs),
    }
    .with_marks(m))
}

fn zipmap_type(a: &[Value], _: &Profile) -> Result<Type, FuncError> {
    match &a[1].ty {
        Type::List(e) => Ok(Type::map((**e).clone())),
        Type::Tuple(ts) => {
            let ks = elems(&a[0]);
            if ks.len() != ts.len() {
                return call_err(format!(
                    "number of keys ({}) does not match number of values ({})",
                    ks.len(),
                    ts.len()
                ));
            }
            let mut attrs = std::collections::BTreeMap::new();
            for (i, k) in ks.iter().enumerate() {
                if k.is_null() {
                    return arg_err(0, format!("keys list has null value at index {i}"));
                }
                attrs.insert(text(k).to_string(), ts[i].clone());
            }
            Ok(Type::object(attrs))
        }
        _ => call_err("values argument must be a list or tuple value"),
    }
}

fn zipmap(a: &[Value], ty: &Type, _: &Profile) -> Result<Value, FuncError> {
    let (ks, vs) = (elems(&a[0]), elems(&a[1]));
    if ks.len() != vs.len() {
        return call_err(format!("number of keys ({}) does not match number of values ({})", ks.len(), vs.len()));
    }
    let mut out = AttrMap::new();
    for (i, (k, v)) in ks.iter().zip(vs).enumerate() {
        if k.is_null() {
            return arg_err(0, format!("keys list has null value at index {i}"));
        }
        out.insert(text(k), v.clone());
    }
    Ok(match ty {
        Type::Map(e) => Value::map((**e).clone(), out),
        _ => Value::object(out),
    })
}
