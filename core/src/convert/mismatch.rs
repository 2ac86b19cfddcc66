//! Why no conversion exists between two types: go-cty's `MismatchMessage`,
//! in the wording of the flavor's go-cty: from v1.16.3 on it also names the
//! given type ("number required, but have bool") where that cannot confuse.
//!
//! Where go-cty picks among several offending attributes by walking a Go map
//! (so its message varies from run to run), we always pick the attribute
//! whose name sorts first.

use super::{can_convert_safe, can_convert_unsafe};
use crate::flavor::Profile;
use crate::number::Number;
use crate::path::{Path, PathStep};
use crate::types::{ObjectType, Type};

/// The message Terraform shows when `got` cannot be converted to `want`.
pub fn mismatch_message(got: &Type, want: &Type, p: &Profile) -> String {
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => objects(got, want, p),
        (Type::Tuple(_), Type::List(e)) if e.is_dynamic() => "all list elements must have the same type".into(),
        (Type::Tuple(_), Type::Set(e)) if e.is_dynamic() => "all set elements must have the same type".into(),
        (Type::Object(_), Type::Map(e)) if e.is_dynamic() => "all map elements must have the same type".into(),
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => structural_to_collection(got, want, p),
        _ if got.is_collection() && want.is_collection() => collections(got, want, p),
        _ if p.mismatch_names_given_type() && !likely_confusing(got, want) => {
            format!("{} required, but have {}", want.friendly_name(), got.friendly_name())
        }
        _ => format!("{} required", want.friendly_name_for_constraint()),
    }
}

/// Where inside a value of type `got` the mismatch [`mismatch_message`]
/// describes lies: the attribute or element its message names, followed
/// down as the message follows it (empty when the message is about the
/// whole value, as for a missing attribute). Terraform reports such an
/// error on the whole value; tftype marks this part too.
pub fn mismatch_path(got: &Type, want: &Type) -> Path {
    let mut path = Vec::new();
    let (mut got, mut want) = (got, want);
    loop {
        let next = match (got, want) {
            (Type::Object(g), Type::Object(w)) => match object_fault(g, w) {
                ObjectFault::Attr(name) => Some((PathStep::GetAttr(name.to_string()), &g.attrs[name], &w.attrs[name])),
                _ => None,
            },
            (Type::Tuple(_), Type::List(e) | Type::Set(e)) | (Type::Object(_), Type::Map(e)) if !e.is_dynamic() => {
                bad_element(got, e).map(|(step, t)| (step, t, &**e))
            }
            _ => None,
        };
        match next {
            Some((step, g, w)) => {
                path.push(step);
                (got, want) = (g, w);
            }
            None => return path,
        }
    }
}

/// The part of a value a conversion error is about: the error's own path,
/// then (where no conversion exists between the types found there) the
/// part [`mismatch_path`] names. `got` and `want` are the whole value's
/// type and the wanted type.
pub fn failing_part(got: &Type, want: &Type, path: &[PathStep]) -> Path {
    let mut out = path.to_vec();
    let (mut g, mut w) = (got, want);
    for step in path {
        match (step_type(g, step), step_type(w, step)) {
            (Some(a), Some(b)) => (g, w) = (a, b),
            _ => return out,
        }
    }
    if g != w && !can_convert_unsafe(g, w) {
        out.extend(mismatch_path(g, w));
    }
    out
}

/// The type one path step into a value of type `t`.
fn step_type<'a>(t: &'a Type, step: &PathStep) -> Option<&'a Type> {
    match (t, step) {
        (Type::Object(o), PathStep::GetAttr(n) | PathStep::Key(n)) => o.attrs.get(n),
        (Type::Tuple(elems), PathStep::Index(i)) => {
            i.to_i64().and_then(|i| usize::try_from(i).ok()).and_then(|i| elems.get(i))
        }
        (Type::Dynamic, _) => Some(t),
        _ => t.element_type(),
    }
}

/// Quoted names joined as go-cty does: `"a"`, `"a" and "b"`, `"a", "b", and "c"`.
fn quote_list(names: &[&str]) -> String {
    let q: Vec<String> = names.iter().map(|n| crate::goprint::go_quote(n)).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        n => format!("{}, and {}", q[..n - 1].join(", "), q[n - 1]),
    }
}

/// What go-cty's object message is about: the required attributes not
/// given, else the first attribute with no conversion (unsafe, then safe).
enum ObjectFault<'a> {
    Missing(Vec<&'a str>),
    Attr(&'a str),
    Other,
}

fn object_fault<'a>(g: &'a ObjectType, w: &'a ObjectType) -> ObjectFault<'a> {
    let mut missing = Vec::new();
    let mut no_unsafe = Vec::new();
    let mut no_safe = Vec::new();
    for (name, wty) in &w.attrs {
        let Some(gty) = g.attrs.get(name) else {
            if !w.is_optional(name) {
                missing.push(name.as_str());
            }
            continue;
        };
        if gty == wty {
            continue;
        }
        if !can_convert_unsafe(gty, wty) {
            no_unsafe.push(name.as_str());
        }
        if !can_convert_safe(gty, wty) {
            no_safe.push(name.as_str());
        }
    }
    match (missing.is_empty(), no_unsafe.first(), no_safe.first()) {
        (false, _, _) => ObjectFault::Missing(missing),
        (_, Some(name), _) | (_, None, Some(name)) => ObjectFault::Attr(name),
        _ => ObjectFault::Other,
    }
}

fn objects(got: &Type, want: &Type, p: &Profile) -> String {
    let (g, w) = (got.as_object().unwrap(), want.as_object().unwrap());
    match object_fault(g, w) {
        ObjectFault::Missing(m) if m.len() == 1 => format!("attribute {} is required", crate::goprint::go_quote(m[0])),
        ObjectFault::Missing(m) => format!("attributes {} are required", quote_list(&m)),
        ObjectFault::Attr(name) => format!(
            "attribute {}: {}",
            crate::goprint::go_quote(name),
            mismatch_message(&g.attrs[name], &w.attrs[name], p)
        ),
        ObjectFault::Other => "incorrect object attributes".into(),
    }
}

/// The element of a tuple or object go-cty's message names when it cannot
/// become a collection of `wety`: the first that cannot convert.
fn bad_element<'a>(got: &'a Type, wety: &Type) -> Option<(PathStep, &'a Type)> {
    let bad = |t: &Type| t != wety && !can_convert_unsafe(t, wety);
    match got {
        Type::Tuple(elems) => {
            elems.iter().position(bad).map(|i| (PathStep::Index(Number::from_i64(i as i64)), &elems[i]))
        }
        Type::Object(o) => o.attrs.iter().find(|(_, t)| bad(t)).map(|(name, t)| (PathStep::Key(name.clone()), t)),
        _ => None,
    }
}

fn structural_to_collection(got: &Type, want: &Type, p: &Profile) -> String {
    let constraint_required = || format!("{} required", want.friendly_name_for_constraint());
    match want {
        Type::List(_) | Type::Set(_) if !got.is_tuple() => return constraint_required(),
        Type::Map(_) if !got.is_object() => return constraint_required(),
        _ => {}
    }
    let wety = want.element_type().unwrap();
    match bad_element(got, wety) {
        Some((PathStep::Index(i), t)) => format!("element {}: {}", i.to_text_g(), mismatch_message(t, wety, p)),
        Some((PathStep::Key(name) | PathStep::GetAttr(name), t)) => {
            format!("element {}: {}", crate::goprint::go_quote(&name), mismatch_message(t, wety, p))
        }
        None if got.is_tuple() || got.is_object() => {
            format!("all elements must be {}", wety.friendly_name_for_constraint())
        }
        None => constraint_required(),
    }
}

fn collections(got: &Type, want: &Type, p: &Profile) -> String {
    let compatible = match want {
        Type::List(_) | Type::Set(_) => got.is_list() || got.is_set(),
        Type::Map(_) => got.is_map(),
        _ => false,
    };
    if !compatible {
        return format!("{} required", want.friendly_name_for_constraint());
    }
    let noun = match want {
        Type::List(_) => "list element type",
        Type::Set(_) => "set element type",
        _ => "map element type",
    };
    format!("incorrect {noun}: {}", mismatch_message(got.element_type().unwrap(), want.element_type().unwrap(), p))
}

/// go-cty v1.18.1's `typesAreLikelyToCauseConfusion`: when it is false the
/// message names both types ("X required, but have Y"). Its object-given-for-
/// tuple direction is never detected upstream, so neither is it here.
fn likely_confusing(got: &Type, want: &Type) -> bool {
    if got.is_primitive() != want.is_primitive() {
        return false;
    }
    if *want == Type::String {
        return false;
    }
    if matches!((got, want), (Type::Number, Type::Bool) | (Type::Bool, Type::Number)) {
        return false;
    }
    if let (Some(ge), Some(we)) = (got.element_type(), want.element_type()) {
        if !ge.has_dynamic_types() && we.has_dynamic_types() {
            return false;
        }
    }
    if got.is_tuple() && want.is_object() {
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::oty as obj;

    /// (given, wanted, go-cty < 1.16.3 text, go-cty >= 1.16.3 text).
    #[test]
    fn mismatch_wording_follows_the_flavors_go_cty() {
        let cases: Vec<(Type, Type, &str, &str)> = vec![
            (
                Type::String,
                Type::list(Type::String),
                "list of string required",
                "list of string required, but have string",
            ),
            (
                Type::String,
                Type::list(Type::Dynamic),
                "list of any single type required",
                "list of dynamic required, but have string",
            ),
            (Type::Bool, Type::Number, "number required", "number required, but have bool"),
            (Type::list(Type::String), Type::String, "string required", "string required, but have list of string"),
            (
                obj(&[], &[]),
                obj(&[("a", Type::String)], &[]),
                "attribute \"a\" is required",
                "attribute \"a\" is required",
            ),
            (
                obj(&[], &[]),
                obj(&[("b", Type::String), ("a", Type::String), ("c", Type::Number)], &[]),
                "attributes \"a\", \"b\", and \"c\" are required",
                "attributes \"a\", \"b\", and \"c\" are required",
            ),
            (
                obj(&[], &[]),
                obj(&[("b", Type::String), ("a", Type::String)], &["c"]),
                "attributes \"a\" and \"b\" are required",
                "attributes \"a\" and \"b\" are required",
            ),
            (
                obj(&[("a", Type::list(Type::String))], &[]),
                obj(&[("a", Type::Number)], &[]),
                "attribute \"a\": number required",
                "attribute \"a\": number required, but have list of string",
            ),
            (
                Type::tuple(vec![Type::String, Type::list(Type::String)]),
                Type::list(Type::Dynamic),
                "all list elements must have the same type",
                "all list elements must have the same type",
            ),
            (
                Type::tuple(vec![Type::String, Type::list(Type::String)]),
                Type::list(Type::String),
                "element 1: string required",
                "element 1: string required, but have list of string",
            ),
            (Type::map(Type::String), Type::list(Type::String), "list of string required", "list of string required"),
            (
                Type::list(Type::list(Type::String)),
                Type::list(Type::String),
                "incorrect list element type: string required",
                "incorrect list element type: string required, but have list of string",
            ),
            (
                Type::tuple(vec![]),
                obj(&[("a", Type::String)], &[]),
                "object required",
                "object required, but have tuple",
            ),
            (obj(&[], &[]), Type::tuple(vec![Type::String]), "tuple required", "tuple required"),
        ];
        let old = crate::flavor::Flavor::lookup("terraform@1.12").unwrap().profile();
        let new = crate::flavor::Flavor::lookup("terraform@1.13").unwrap().profile();
        for (got, want, old_msg, new_msg) in cases {
            assert_eq!(mismatch_message(&got, &want, &old), old_msg, "{got} -> {want}");
            assert_eq!(mismatch_message(&got, &want, &new), new_msg, "{got} -> {want}");
        }
    }

    /// (given, wanted, the error's own path, the part marked).
    #[test]
    fn the_part_marked_is_the_one_the_message_names() {
        let tags = obj(&[("name", Type::String), ("tags", Type::list(Type::String))], &[]);
        let given = obj(&[("name", Type::String), ("tags", Type::String)], &[]);
        let nat = obj(&[("cidr", Type::String), ("nat", Type::Bool)], &[]);
        let idx = |i: i64| PathStep::Index(Number::from_i64(i));
        let attr = |n: &str| PathStep::GetAttr(n.into());
        let cases: Vec<(Type, Type, Path, Path)> = vec![
            // No conversion: the attribute the message names.
            (given.clone(), tags.clone(), vec![], vec![attr("tags")]),
            // Followed down through a tuple given for a list.
            (
                Type::tuple(vec![tags.clone(), given.clone()]),
                Type::list(tags.clone()),
                vec![],
                vec![idx(1), attr("tags")],
            ),
            // An object given for a map: the element by its key.
            (
                obj(&[("a", Type::String), ("b", Type::list(Type::String))], &[]),
                Type::map(Type::String),
                vec![],
                vec![PathStep::Key("b".into())],
            ),
            // A missing attribute: the object itself.
            (obj(&[("name", Type::String)], &[]), tags.clone(), vec![], vec![]),
            // A conversion that failed on a value ("yes" for a bool): its own path only.
            (
                Type::tuple(vec![nat.clone(), obj(&[("cidr", Type::String), ("nat", Type::String)], &[])]),
                Type::list(nat.clone()),
                vec![idx(1), attr("nat")],
                vec![idx(1), attr("nat")],
            ),
            // A path that ends in a part with no conversion goes on from there.
            (
                Type::tuple(vec![given.clone()]),
                Type::tuple(vec![tags.clone()]),
                vec![idx(0)],
                vec![idx(0), attr("tags")],
            ),
            // A list's element type: no one element to name.
            (Type::list(Type::list(Type::String)), Type::list(Type::String), vec![], vec![]),
        ];
        for (got, want, path, marked) in cases {
            assert_eq!(failing_part(&got, &want, &path), marked, "{got} -> {want}");
        }
    }
}
