//! Optional-attribute defaults (hcl's `typeexpr.Defaults`) and applying them
//! to a value before conversion (hcl v2.24's `Defaults.Apply`): defaults for
//! missing and null attributes, nested defaults applied to inserted defaults,
//! recursion into every collection and structure, and re-unification of
//! list/set/map elements afterwards (falling back to a tuple or object when
//! the elements no longer share a type).

use std::collections::BTreeMap;

use crate::convert::unify::{self, Conv};
use crate::convert::{map_value, seq_value};
use crate::flavor::Profile;
use crate::types::Type;
use crate::value::{AttrMap, Kind, Value};

/// Defaults found in a type constraint, as a tree shaped like the type.
#[derive(Clone, Debug)]
pub struct Defaults {
    /// The constraint type this node belongs to.
    pub ty: Type,
    /// Default values of this object type's attributes, already converted to
    /// the attribute types.
    pub values: BTreeMap<String, Value>,
    /// Where each of those defaults is written in the type constraint's
    /// source (its byte range), to quote it as the reader wrote it.
    /// (A list, not a map: a few entries, and the page's .wasm carries one
    /// map type less.)
    pub written: Vec<(String, std::ops::Range<usize>)>,
    /// Nested defaults: by attribute name for objects, by decimal index for
    /// tuples, by "" for a collection's element type.
    pub children: BTreeMap<String, Defaults>,
}

/// The key of an element whose nested defaults are looked up.
enum ElemKey<'a> {
    Index(usize),
    Name(&'a str),
}

impl Defaults {
    /// The nested defaults for one element: tuples by index, objects by
    /// attribute name, anything else by the collection key "".
    fn child_for(&self, key: ElemKey) -> Option<&Defaults> {
        match key {
            ElemKey::Index(i) if self.ty.is_tuple() => self.children.get(&i.to_string()),
            ElemKey::Name(n) if self.ty.is_object() => self.children.get(n),
            _ => self.children.get(""),
        }
    }

    /// Applies the defaults to a value (the pipeline skips null values).
    pub fn apply(&self, v: &Value, p: &Profile) -> Value {
        self.apply_changed(v, p).unwrap_or_else(|| v.clone())
    }

    /// [`Defaults::apply`], or None when applying changes nothing (no default
    /// inserted anywhere inside): the caller keeps sharing the given value.
    fn apply_changed(&self, v: &Value, p: &Profile) -> Option<Value> {
        if !v.is_known() || v.is_null() || (self.values.is_empty() && self.children.is_empty()) {
            return None;
        }
        let marks = v.marks;
        let out = match (&v.ty, &v.kind) {
            (Type::List(ety) | Type::Set(ety), Kind::Seq(elems)) => {
                let elems = self.apply_elems(elems, p)?;
                let is_list = v.ty.is_list();
                if elems.is_empty() {
                    if is_list {
                        Value::list((**ety).clone(), elems)
                    } else {
                        Value::set((**ety).clone(), elems)
                    }
                } else {
                    match unify_values(&elems, p).and_then(|u| seq_value(u, is_list)) {
                        Some(v) => v,
                        None => Value::tuple(elems),
                    }
                }
            }
            (Type::Tuple(_), Kind::Seq(elems)) => Value::tuple(self.apply_elems(elems, p)?),
            (Type::Object(_) | Type::Map(_), Kind::Attrs(attrs)) => {
                // The attributes are copied only once something changes.
                let mut changed: Option<AttrMap> = None;
                for (k, e) in attrs.iter() {
                    if let Some(ne) = self.child_for(ElemKey::Name(k)).and_then(|d| d.apply_changed(e, p)) {
                        changed.get_or_insert_with(|| attrs.to_map_with_room(self.values.len())).insert(k.clone(), ne);
                    }
                }
                for (name, def) in &self.values {
                    let current = match &changed {
                        Some(c) => c.get(name),
                        None => attrs.get(name),
                    };
                    if current.is_none_or(Value::is_null) {
                        let def = match self.children.get(name) {
                            Some(d) => d.apply(def, p),
                            None => def.clone(),
                        };
                        changed
                            .get_or_insert_with(|| attrs.to_map_with_room(self.values.len()))
                            .insert(name.clone(), def);
                    }
                }
                let out = changed?;
                match &v.ty {
                    Type::Map(ety) if out.is_empty() => Value::map((**ety).clone(), out),
                    Type::Map(_) => {
                        let keys: Vec<crate::value::Key> = out.keys().cloned().collect();
                        let vals: Vec<Value> = out.values().cloned().collect();
                        match unify_values(&vals, p).and_then(|u| map_value(keys.into_iter().zip(u).collect())) {
                            Some(m) => m,
                            None => Value::object(out),
                        }
                    }
                    _ => Value::object(out),
                }
            }
            _ => return None,
        };
        Some(out.with_marks(marks))
    }

    /// The elements with defaults applied, or None when none changed.
    fn apply_elems(&self, elems: &[Value], p: &Profile) -> Option<Vec<Value>> {
        let mut out: Option<Vec<Value>> = None;
        for (i, e) in elems.iter().enumerate() {
            let ne = self.child_for(ElemKey::Index(i)).and_then(|d| d.apply_changed(e, p));
            match (&mut out, ne) {
                (Some(out), ne) => out.push(ne.unwrap_or_else(|| e.clone())),
                (None, Some(ne)) => {
                    let mut v = Vec::with_capacity(elems.len());
                    v.extend_from_slice(&elems[..i]);
                    v.push(ne);
                    out = Some(v);
                }
                (None, None) => {}
            }
        }
        out
    }
}

/// `convert.UnifyUnsafe` on the values' types, then each value converted to
/// the unified type; None when there is no common type.
fn unify_values(vals: &[Value], p: &Profile) -> Option<Vec<Value>> {
    let types: Vec<Type> = vals.iter().map(|v| v.ty.clone()).collect();
    let (_, convs) = unify::unify_with_convs(&types, true)?;
    vals.iter()
        .zip(convs)
        .map(|(v, c)| match c {
            Conv::Same => Some(v.clone()),
            Conv::Plan(plan) => plan.apply(v, &mut Vec::new(), p).ok(),
            Conv::ToUnknown => Some(Value::unknown(Type::Dynamic)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typeexpr::parse_variable_type;

    use crate::testutil::obj;

    #[test]
    fn objects_that_need_no_default_are_shared_not_copied() {
        let tc = parse_variable_type(Some("list(object({a=string, b=optional(bool, true)}))")).unwrap();
        let full = obj(&[("a", Value::string("x")), ("b", Value::bool(false))]);
        let missing = obj(&[("a", Value::string("y"))]);
        let out = tc.defaults.as_ref().unwrap().apply(&Value::tuple(vec![full.clone(), missing]), &Profile::default());
        let elems = out.elements().unwrap();
        match (&elems[0].kind, &full.kind) {
            (Kind::Attrs(x), Kind::Attrs(y)) => assert!(crate::value::Attrs::ptr_eq(x, y)),
            _ => unreachable!(),
        }
        assert_eq!(elems[1].attrs().unwrap()["b"].as_bool(), Some(true));
        assert_eq!(elems[0].ty, elems[1].ty);
    }

    #[test]
    fn a_null_attribute_gets_its_default() {
        let tc = parse_variable_type(Some("object({a=optional(string, \"d\")})")).unwrap();
        let out = tc.defaults.as_ref().unwrap().apply(&obj(&[("a", Value::null(Type::String))]), &Profile::default());
        assert_eq!(out.attrs().unwrap()["a"].as_str(), Some("d"));
    }
}
