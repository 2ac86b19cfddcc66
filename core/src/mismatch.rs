//! Why no conversion exists between two types: go-cty's `MismatchMessage`,
//! in the wording of the flavor's go-cty: from v1.16.3 on it also names the
//! given type ("number required, but have bool") where that cannot confuse.
//!
//! Where go-cty picks among several offending attributes by walking a Go map
//! (so its message varies from run to run), we always pick the attribute
//! whose name sorts first.

use crate::convert::{can_convert_safe, can_convert_unsafe};
use crate::flavor::Profile;
use crate::types::Type;

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

fn objects(got: &Type, want: &Type, p: &Profile) -> String {
    let (g, w) = (got.as_object().unwrap(), want.as_object().unwrap());
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
    let attr_msg = |name: &str| format!("attribute {}: {}", crate::goprint::go_quote(name), mismatch_message(&g.attrs[name], &w.attrs[name], p));
    match (missing.len(), no_unsafe.first(), no_safe.first()) {
        (1, _, _) => format!("attribute {} is required", crate::goprint::go_quote(missing[0])),
        (n, _, _) if n > 1 => format!("attributes {} are required", quote_list(&missing)),
        (_, Some(name), _) => attr_msg(name),
        (_, None, Some(name)) => attr_msg(name),
        _ => "incorrect object attributes".into(),
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
    let fallback = format!("all elements must be {}", wety.friendly_name_for_constraint());
    let bad = |t: &Type| t != wety && !can_convert_unsafe(t, wety);
    match got {
        Type::Tuple(elems) => match elems.iter().position(bad) {
            Some(i) => format!("element {i}: {}", mismatch_message(&elems[i], wety, p)),
            None => fallback,
        },
        Type::Object(o) => match o.attrs.iter().find(|(_, t)| bad(t)) {
            Some((name, t)) => format!("element {}: {}", crate::goprint::go_quote(name), mismatch_message(t, wety, p)),
            None => fallback,
        },
        _ => constraint_required(),
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
            (Type::String, Type::list(Type::String), "list of string required", "list of string required, but have string"),
            (Type::String, Type::list(Type::Dynamic), "list of any single type required", "list of dynamic required, but have string"),
            (Type::Bool, Type::Number, "number required", "number required, but have bool"),
            (Type::list(Type::String), Type::String, "string required", "string required, but have list of string"),
            (obj(&[], &[]), obj(&[("a", Type::String)], &[]), "attribute \"a\" is required", "attribute \"a\" is required"),
            (obj(&[], &[]), obj(&[("b", Type::String), ("a", Type::String), ("c", Type::Number)], &[]), "attributes \"a\", \"b\", and \"c\" are required", "attributes \"a\", \"b\", and \"c\" are required"),
            (obj(&[], &[]), obj(&[("b", Type::String), ("a", Type::String)], &["c"]), "attributes \"a\" and \"b\" are required", "attributes \"a\" and \"b\" are required"),
            (obj(&[("a", Type::list(Type::String))], &[]), obj(&[("a", Type::Number)], &[]), "attribute \"a\": number required", "attribute \"a\": number required, but have list of string"),
            (Type::tuple(vec![Type::String, Type::list(Type::String)]), Type::list(Type::Dynamic), "all list elements must have the same type", "all list elements must have the same type"),
            (Type::tuple(vec![Type::String, Type::list(Type::String)]), Type::list(Type::String), "element 1: string required", "element 1: string required, but have list of string"),
            (Type::map(Type::String), Type::list(Type::String), "list of string required", "list of string required"),
            (Type::list(Type::list(Type::String)), Type::list(Type::String), "incorrect list element type: string required", "incorrect list element type: string required, but have list of string"),
            (Type::tuple(vec![]), obj(&[("a", Type::String)], &[]), "object required", "object required, but have tuple"),
            (obj(&[], &[]), Type::tuple(vec![Type::String]), "tuple required", "tuple required"),
        ];
        let old = crate::flavor::Flavor::lookup("terraform@1.12").unwrap().profile();
        let new = crate::flavor::Flavor::lookup("terraform@1.13").unwrap().profile();
        for (got, want, old_msg, new_msg) in cases {
            assert_eq!(mismatch_message(&got, &want, &old), old_msg, "{got} -> {want}");
            assert_eq!(mismatch_message(&got, &want, &new), new_msg, "{got} -> {want}");
        }
    }
}
