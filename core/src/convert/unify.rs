//! go-cty's `unify`: the one type that every type of a list can convert to
//! (used for `list(any)`, `set(any)`, `map(any)`, and when hcl re-unifies
//! collection elements after inserting defaults).
//!
//! Unlike go-cty, repeated types are considered once: go-cty compares every
//! pair of types (quadratic in the number of elements); the outcome only
//! depends on the distinct types, so we sort those instead.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashSet};

use crate::convert::{self, Plan};
use crate::types::Type;

/// How one input type reaches the unified type.
#[derive(Clone, Debug)]
pub enum Conv {
    /// Already the unified type.
    Same,
    /// Convert with this plan.
    Plan(std::sync::Arc<Plan>),
    /// go-cty's `unifyAllAsDynamic`: the value becomes an unknown of type `any`.
    ToUnknown,
}

/// `convert.Unify` (`unsafe_ = false`) / `UnifyUnsafe` (`true`): the unified
/// type, or None when there is none.
pub fn unify(types: &[Type], unsafe_: bool) -> Option<Type> {
    unify_with_convs(types, unsafe_).map(|(t, _)| t)
}

/// `convert.UnifyUnsafe(types)` with the conversions.
pub fn unify_unsafe(types: &[Type]) -> Option<Type> {
    unify(types, true)
}

/// Unify and also say how each input type converts.
pub fn unify_with_convs(types: &[Type], unsafe_: bool) -> Option<(Type, Vec<Conv>)> {
    let ty = unify_type(types, unsafe_)?;
    if let UnifiedAs::Dynamic = classify_dynamic(types) {
        if ty.is_dynamic() {
            // unifyAllAsDynamic (collections/objects/tuples mixed with `any`).
            return Some((ty, types.iter().map(|_| Conv::ToUnknown).collect()));
        }
    }
    let mut convs = Vec::with_capacity(types.len());
    for t in types {
        if *t == ty {
            convs.push(Conv::Same);
        } else {
            convs.push(Conv::Plan(convert::plan(t, &ty, unsafe_)?));
        }
    }
    Some((ty, convs))
}

enum UnifiedAs {
    Dynamic,
    Other,
}

/// Whether go-cty would take its `unifyAllAsDynamic` branch for these types.
fn classify_dynamic(types: &[Type]) -> UnifiedAs {
    let c = Counts::of(types);
    let n = types.len();
    let dyn_branch = (c.map > 0 && c.map + c.dynamic == n)
        || (c.list > 0 && c.list + c.dynamic == n)
        || (c.set > 0 && c.set + c.dynamic == n)
        || (c.object > 0 && c.object + c.dynamic == n)
        || (c.tuple > 0 && c.tuple + c.dynamic == n);
    if dyn_branch && c.dynamic > 0 {
        UnifiedAs::Dynamic
    } else {
        UnifiedAs::Other
    }
}

#[derive(Default)]
struct Counts {
    map: usize,
    list: usize,
    set: usize,
    object: usize,
    tuple: usize,
    dynamic: usize,
}

impl Counts {
    fn of(types: &[Type]) -> Counts {
        let mut c = Counts::default();
        for t in types {
            match t {
                Type::Map(_) => c.map += 1,
                Type::List(_) => c.list += 1,
                Type::Set(_) => c.set += 1,
                Type::Object(_) => c.object += 1,
                Type::Tuple(_) => c.tuple += 1,
                Type::Dynamic => c.dynamic += 1,
                _ => {}
            }
        }
        c
    }
}

/// The distinct types, in order of first appearance.
/// (Few distinct types are compared directly, which is a pointer comparison
/// for shared types; many are hashed.)
fn distinct(types: &[Type]) -> Vec<Type> {
    let mut out: Vec<Type> = Vec::new();
    let mut seen: Option<HashSet<&Type>> = None;
    for t in types {
        match &mut seen {
            None => {
                if !out.iter().any(|d| d == t) {
                    out.push(t.clone());
                    if out.len() > 16 {
                        seen = Some(types.iter().take_while(|x| !std::ptr::eq(*x, t)).chain([t]).collect());
                    }
                }
            }
            Some(set) => {
                if set.insert(t) {
                    out.push(t.clone());
                }
            }
        }
    }
    out
}

fn unify_type(types: &[Type], unsafe_: bool) -> Option<Type> {
    if types.is_empty() {
        return None;
    }
    let types = distinct(types);
    let types = &types[..];
    let c = Counts::of(types);
    let n = types.len();
    if c.map > 0 && c.map + c.dynamic == n {
        return unify_collections(types, unsafe_, c.dynamic > 0, Type::map);
    }
    if c.map > 0 && c.map + c.object + c.dynamic == n {
        if let Some(t @ Type::Map(_)) = unify_objects_as_maps(types, unsafe_) {
            return Some(t);
        }
    } else if c.list > 0 && c.list + c.dynamic == n {
        return unify_collections(types, unsafe_, c.dynamic > 0, Type::list);
    } else if c.list > 0 && c.list + c.tuple + c.dynamic == n {
        if let Some(t @ Type::List(_)) = unify_tuples_as_list(types, unsafe_) {
            return Some(t);
        }
    } else if c.set > 0 && c.set + c.dynamic == n {
        return unify_collections(types, unsafe_, c.dynamic > 0, Type::set);
    } else if c.object > 0 && c.object + c.dynamic == n {
        return unify_objects(types, unsafe_, c.dynamic > 0);
    } else if c.tuple > 0 && c.tuple + c.dynamic == n {
        return unify_tuples(types, unsafe_, c.dynamic > 0);
    } else if c.object > 0 && c.tuple > 0 {
        return None;
    }

    // Preference order: the first type (in go-cty's order) that every other
    // type converts to.
    'pref: for want in sort_types(types) {
        let want = &types[want];
        for t in types {
            if t != want && !convert::can_convert(t, want, unsafe_) {
                continue 'pref;
            }
        }
        return Some(want.clone());
    }
    None
}

fn unify_collections(types: &[Type], unsafe_: bool, has_dynamic: bool, make: fn(Type) -> Type) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let elems: Vec<Type> = types.iter().map(|t| t.element_type().unwrap().clone()).collect();
    let ret = make(unify_type(&elems, unsafe_)?);
    all_convert(types, &ret, unsafe_).then_some(ret)
}

fn all_convert(types: &[Type], to: &Type, unsafe_: bool) -> bool {
    types.iter().all(|t| t == to || convert::can_convert(t, to, unsafe_))
}

fn unify_objects(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let first = types[0].as_object().unwrap();
    let same_names = types[1..].iter().all(|t| {
        let o = t.as_object().unwrap();
        o.attrs.len() == first.attrs.len() && o.attrs.keys().all(|k| first.attrs.contains_key(k))
    });
    if !same_names {
        return unify_objects_to_map(types, unsafe_);
    }
    let mut attrs = BTreeMap::new();
    for name in first.attrs.keys() {
        let across: Vec<Type> = types.iter().map(|t| t.as_object().unwrap().attrs[name].clone()).collect();
        attrs.insert(name.clone(), unify_type(&across, unsafe_)?);
    }
    let ret = Type::object(attrs);
    if all_convert(types, &ret, unsafe_) {
        Some(ret)
    } else {
        unify_objects_to_map(types, unsafe_)
    }
}

fn unify_objects_to_map(types: &[Type], unsafe_: bool) -> Option<Type> {
    let atys: Vec<Type> = types.iter().flat_map(|t| t.as_object().unwrap().attrs.values().cloned()).collect();
    let ret = Type::map(unify_type(&atys, unsafe_)?);
    all_convert(types, &ret, unsafe_).then_some(ret)
}

fn unify_tuples(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let first = types[0].tuple_elements().unwrap();
    if types[1..].iter().any(|t| t.tuple_elements().unwrap().len() != first.len()) {
        return unify_tuples_to_list(types, unsafe_);
    }
    let mut elems = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<Type> = types.iter().map(|t| t.tuple_elements().unwrap()[i].clone()).collect();
        elems.push(unify_type(&across, unsafe_)?);
    }
    let ret = Type::tuple(elems);
    if all_convert(types, &ret, unsafe_) {
        Some(ret)
    } else {
        unify_tuples_to_list(types, unsafe_)
    }
}

fn unify_tuples_to_list(types: &[Type], unsafe_: bool) -> Option<Type> {
    let etys: Vec<Type> = types.iter().flat_map(|t| t.tuple_elements().unwrap().iter().cloned()).collect();
    let ret = Type::list(unify_type(&etys, unsafe_)?);
    all_convert(types, &ret, unsafe_).then_some(ret)
}

/// Lists and tuples together: the tuples first unify as one list type.
fn unify_tuples_as_list(types: &[Type], unsafe_: bool) -> Option<Type> {
    let tuples: Vec<Type> = types.iter().filter(|t| t.is_tuple()).cloned().collect();
    let lt = unify_tuples_to_list(&tuples, unsafe_)?;
    let listed: Vec<Type> = types.iter().map(|t| if t.is_tuple() { lt.clone() } else { t.clone() }).collect();
    unify_type(&listed, unsafe_).filter(Type::is_list)
}

/// Maps and objects together: the objects first unify as one map type.
fn unify_objects_as_maps(types: &[Type], unsafe_: bool) -> Option<Type> {
    let objs: Vec<Type> = types.iter().filter(|t| t.is_object()).cloned().collect();
    let mt = unify_objects_to_map(&objs, unsafe_)?;
    let mapped: Vec<Type> = types.iter().map(|t| if t.is_object() { mt.clone() } else { t.clone() }).collect();
    unify_type(&mapped, unsafe_).filter(Type::is_map)
}

/// go-cty's `compareTypes`: Less means `a` is preferred over `b` ("a is a
/// supertype of b": a string over a number, a list over a tuple, ...).
pub fn compare_types(a: &Type, b: &Type) -> Ordering {
    use Ordering::*;
    if a.is_dynamic() || b.is_dynamic() {
        return match (a.is_dynamic(), b.is_dynamic()) {
            (false, true) => Less,
            (true, false) => Greater,
            _ => Equal,
        };
    }
    if a.is_primitive() && b.is_primitive() && (*a == Type::String || *b == Type::String) {
        return match (*a == Type::String, *b == Type::String) {
            (false, true) => Greater,
            (true, false) => Less,
            _ => Equal,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y)) | (Type::Set(x), Type::Set(y)) | (Type::Map(x), Type::Map(y)) => {
            return compare_types(x, y)
        }
        _ => {}
    }
    let (a, b, swap) = match (a, b) {
        (Type::Tuple(_), Type::List(_))
        | (Type::Object(_), Type::Map(_))
        | (Type::Set(_), Type::Tuple(_))
        | (Type::Set(_), Type::List(_)) => (b, a, true),
        _ => (a, b, false),
    };
    let flip = |o: Ordering| if swap { o.reverse() } else { o };
    if b.is_set() && (a.is_tuple() || a.is_list()) {
        return flip(Less);
    }
    if a.is_list() && b.is_tuple() {
        return flip(Less);
    }
    if a.is_map() && b.is_object() {
        return flip(Less);
    }
    let supers = |pairs: &mut dyn Iterator<Item = Ordering>| {
        let (mut a_super, mut b_super) = (false, false);
        for o in pairs {
            match o {
                Less => a_super = true,
                Greater => b_super = true,
                Equal => {}
            }
        }
        match (a_super, b_super) {
            (true, false) => flip(Less),
            (false, true) => flip(Greater),
            _ => Equal,
        }
    };
    match (a, b) {
        (Type::Object(x), Type::Object(y)) => {
            if x.attrs.len() != y.attrs.len() || x.attrs.keys().any(|k| !y.attrs.contains_key(k)) {
                return Equal;
            }
            supers(&mut x.attrs.iter().map(|(k, t)| compare_types(t, &y.attrs[k])))
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return Equal;
            }
            supers(&mut x.iter().zip(y.iter()).map(|(p, q)| compare_types(p, q)))
        }
        _ => Equal,
    }
}

/// go-cty's `sortTypes`: a topological order of "preferred over" edges
/// (Kahn's algorithm, queue in index order). When the edges have a cycle,
/// go-cty leaves the unfilled slots as index 0; so do we.
fn sort_types(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n.saturating_sub(1) {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                Ordering::Less => edges[i].push(j),
                Ordering::Greater => edges[j].push(i),
                Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut head = 0;
    while head < order.len() {
        let i = order[head];
        head += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                order.push(j);
            }
        }
    }
    order.resize(n, 0);
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unify_prefers_string_over_number_and_bool() {
        assert_eq!(unify(&[Type::Number, Type::String, Type::Bool], true), Some(Type::String));
        assert_eq!(unify(&[Type::Number, Type::Bool], true), None);
        assert_eq!(unify(&[Type::Number, Type::Bool], false), None);
    }

    #[test]
    fn unify_of_many_identical_types_is_that_type() {
        let t = Type::list(Type::String);
        assert_eq!(unify(&vec![t.clone(); 50_000], true), Some(t));
    }

    #[test]
    fn unify_objects_with_different_attributes_becomes_a_map() {
        let a = Type::object([("a".to_string(), Type::String)].into());
        let b = Type::object([("b".to_string(), Type::Number)].into());
        assert_eq!(unify(&[a, b], true), Some(Type::map(Type::String)));
    }

    #[test]
    fn unify_tuples_of_different_lengths_becomes_a_list() {
        let a = Type::tuple(vec![Type::String]);
        let b = Type::tuple(vec![Type::Number, Type::Number]);
        assert_eq!(unify(&[a, b], true), Some(Type::list(Type::String)));
    }

    #[test]
    fn unify_collection_with_dynamic_is_dynamic() {
        assert_eq!(unify(&[Type::list(Type::String), Type::Dynamic], true), Some(Type::Dynamic));
    }
}
