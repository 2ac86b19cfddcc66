//! Optional-attribute defaults (hcl's `typeexpr.Defaults`) and applying them
//! to a value before conversion (hcl v2.24's `Defaults.Apply`): defaults for
//! missing and null attributes, nested defaults applied to inserted defaults,
//! recursion into every collection and structure, and re-unification of
//! list/set/map elements afterwards (falling back to a tuple or object when
//! the elements no longer share a type).

use std::collections::BTreeMap;

use crate::convert::{map_value, seq_value};
use crate::types::Type;
use crate::unify::{self, Conv};
use crate::value::{Kind, Value};

/// Defaults found in a type constraint, as a tree shaped like the type.
#[derive(Clone, Debug)]
pub struct Defaults {
    /// The constraint type this node belongs to.
    pub ty: Type,
    /// Default values of this object type's attributes, already converted to
    /// the attribute types.
    pub values: BTreeMap<String, Value>,
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
    pub fn apply(&self, v: &Value) -> Value {
        if !v.is_known() || v.is_null() || (self.values.is_empty() && self.children.is_empty()) {
            return v.clone();
        }
        let marks = v.marks;
        let out = match (&v.ty, &v.kind) {
            (Type::List(ety) | Type::Set(ety), Kind::Seq(elems)) => {
                let elems = self.apply_elems(elems);
                let is_list = v.ty.is_list();
                if elems.is_empty() {
                    if is_list {
                        Value::list((**ety).clone(), elems)
                    } else {
                        Value::set((**ety).clone(), elems)
                    }
                } else {
                    match unify_values(&elems).and_then(|u| seq_value(u, is_list)) {
                        Some(v) => v,
                        None => Value::tuple(elems),
                    }
                }
            }
            (Type::Tuple(_), Kind::Seq(elems)) => Value::tuple(self.apply_elems(elems)),
            (Type::Object(_) | Type::Map(_), Kind::Attrs(attrs)) => {
                let mut out: BTreeMap<String, Value> = attrs
                    .iter()
                    .map(|(k, e)| {
                        let e = match self.child_for(ElemKey::Name(k)) {
                            Some(d) => d.apply(e),
                            None => e.clone(),
                        };
                        (k.clone(), e)
                    })
                    .collect();
                for (name, def) in &self.values {
                    if out.get(name).is_none_or(Value::is_null) {
                        let def = match self.children.get(name) {
                            Some(d) => d.apply(def),
                            None => def.clone(),
                        };
                        out.insert(name.clone(), def);
                    }
                }
                match &v.ty {
                    Type::Map(ety) if out.is_empty() => Value::map((**ety).clone(), out),
                    Type::Map(_) => {
                        let keys: Vec<String> = out.keys().cloned().collect();
                        let vals: Vec<Value> = out.values().cloned().collect();
                        match unify_values(&vals).and_then(|u| map_value(keys.into_iter().zip(u).collect())) {
                            Some(m) => m,
                            None => Value::object(out),
                        }
                    }
                    _ => Value::object(out),
                }
            }
            _ => v.clone(),
        };
        out.with_marks(marks)
    }

    fn apply_elems(&self, elems: &[Value]) -> Vec<Value> {
        elems
            .iter()
            .enumerate()
            .map(|(i, e)| match self.child_for(ElemKey::Index(i)) {
                Some(d) => d.apply(e),
                None => e.clone(),
            })
            .collect()
    }
}

/// `convert.UnifyUnsafe` on the values' types, then each value converted to
/// the unified type; None when there is no common type.
fn unify_values(vals: &[Value]) -> Option<Vec<Value>> {
    let types: Vec<Type> = vals.iter().map(|v| v.ty.clone()).collect();
    let (_, convs) = unify::unify_with_convs(&types, true)?;
    vals.iter()
        .zip(convs)
        .map(|(v, c)| match c {
            Conv::Same => Some(v.clone()),
            Conv::Plan(p) => p.apply(v, &mut Vec::new()).ok(),
            Conv::ToUnknown => Some(Value::unknown(Type::Dynamic)),
        })
        .collect()
}
