//! Values with cty's semantics: every value has a type, may be null, and may
//! carry marks (Terraform's `sensitive`). Strings are NFC-normalised as cty
//! normalises every string; sets are kept de-duplicated and in cty's order.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::number::Number;
use crate::types::Type;

/// Marks carried by a value (Terraform marks values, not types).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    pub sensitive: bool,
}

impl Marks {
    pub const NONE: Marks = Marks { sensitive: false };
    pub fn is_empty(&self) -> bool {
        !self.sensitive
    }
    pub fn union(self, o: Marks) -> Marks {
        Marks { sensitive: self.sensitive || o.sensitive }
    }
}

#[derive(Clone, Debug)]
pub enum Kind {
    Null,
    /// Not produced by any value source; rendered as `(known after apply)`.
    Unknown,
    Bool(bool),
    Number(Number),
    String(Arc<str>),
    /// Elements of a list, set or tuple (sets: de-duplicated, in cty order).
    /// Shared, so cloning a value never copies its elements.
    Seq(Arc<Vec<Value>>),
    /// Elements of a map or attributes of an object, keys in cty order.
    Attrs(Arc<BTreeMap<String, Value>>),
}

#[derive(Clone, Debug)]
pub struct Value {
    pub ty: Type,
    pub kind: Kind,
    pub marks: Marks,
}

impl Value {
    pub fn null(ty: Type) -> Value {
        Value { ty, kind: Kind::Null, marks: Marks::NONE }
    }
    pub fn unknown(ty: Type) -> Value {
        Value { ty, kind: Kind::Unknown, marks: Marks::NONE }
    }
    pub fn bool(b: bool) -> Value {
        Value { ty: Type::Bool, kind: Kind::Bool(b), marks: Marks::NONE }
    }
    pub fn number(n: Number) -> Value {
        Value { ty: Type::Number, kind: Kind::Number(n), marks: Marks::NONE }
    }
    /// A string value, NFC-normalised as `cty.StringVal` does.
    pub fn string(s: &str) -> Value {
        Value { ty: Type::String, kind: Kind::String(crate::value::nfc(s).into()), marks: Marks::NONE }
    }
    /// A list of `elem_ty`; every element must already have that type.
    pub fn list(elem_ty: Type, elems: Vec<Value>) -> Value {
        Value { ty: Type::list(elem_ty), kind: Kind::Seq(Arc::new(elems)), marks: Marks::NONE }
    }
    /// A set of `elem_ty`; duplicates are removed and the order is cty's.
    /// Marks of elements move to the set itself, as `cty.SetVal` does.
    pub fn set(elem_ty: Type, elems: Vec<Value>) -> Value {
        let mut marks = Marks::NONE;
        let elems: Vec<Value> = elems
            .into_iter()
            .map(|e| {
                if e.has_sensitive_deep() {
                    let (e, m) = e.unmark_deep();
                    marks = marks.union(m);
                    e
                } else {
                    e
                }
            })
            .collect();
        let elems = crate::set::normalize(elems);
        Value { ty: Type::set(elem_ty), kind: Kind::Seq(Arc::new(elems)), marks }
    }
    pub fn map(elem_ty: Type, elems: BTreeMap<String, Value>) -> Value {
        Value { ty: Type::map(elem_ty), kind: Kind::Attrs(Arc::new(elems)), marks: Marks::NONE }
    }
    pub fn tuple(elems: Vec<Value>) -> Value {
        let ty = Type::tuple(elems.iter().map(|e| e.ty.clone()).collect());
        Value { ty, kind: Kind::Seq(Arc::new(elems)), marks: Marks::NONE }
    }
    pub fn object(attrs: BTreeMap<String, Value>) -> Value {
        let ty = object_type_of(&attrs);
        Value { ty, kind: Kind::Attrs(Arc::new(attrs)), marks: Marks::NONE }
    }

    pub fn with_marks(mut self, m: Marks) -> Value {
        self.marks = self.marks.union(m);
        self
    }
    pub fn is_null(&self) -> bool {
        matches!(self.kind, Kind::Null)
    }
    pub fn is_known(&self) -> bool {
        !matches!(self.kind, Kind::Unknown)
    }
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_number(&self) -> Option<&Number> {
        match &self.kind {
            Kind::Number(n) => Some(n),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match &self.kind {
            Kind::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.kind {
            Kind::Seq(v) => Some(v),
            _ => None,
        }
    }
    pub fn attrs(&self) -> Option<&BTreeMap<String, Value>> {
        match &self.kind {
            Kind::Attrs(m) => Some(m),
            _ => None,
        }
    }
    /// True when this value or anything inside it is marked sensitive.
    pub fn has_sensitive_deep(&self) -> bool {
        self.marks.sensitive
            || match &self.kind {
                Kind::Seq(v) => v.iter().any(Value::has_sensitive_deep),
                Kind::Attrs(m) => m.values().any(Value::has_sensitive_deep),
                _ => false,
            }
    }
    /// The value with every mark removed, and the union of the removed marks.
    pub fn unmark_deep(&self) -> (Value, Marks) {
        let mut marks = self.marks;
        let kind = match &self.kind {
            Kind::Seq(v) => Kind::Seq(Arc::new(
                v.iter()
                    .map(|e| {
                        let (e, m) = e.unmark_deep();
                        marks = marks.union(m);
                        e
                    })
                    .collect(),
            )),
            Kind::Attrs(a) => Kind::Attrs(Arc::new(
                a.iter()
                    .map(|(k, e)| {
                        let (e, m) = e.unmark_deep();
                        marks = marks.union(m);
                        (k.clone(), e)
                    })
                    .collect(),
            )),
            k => k.clone(),
        };
        (Value { ty: self.ty.clone(), kind, marks: Marks::NONE }, marks)
    }
}

thread_local! {
    /// The object types most recently built by [`Value::object`], newest
    /// first: objects in a list mostly repeat a few types, and finding one here
    /// saves building (and interning) the type again.
    static RECENT_OBJECT_TYPES: std::cell::RefCell<Vec<Type>> = const { std::cell::RefCell::new(Vec::new()) };
}

const RECENT_OBJECT_TYPES_LEN: usize = 8;

/// The type of an object with these attributes.
fn object_type_of(attrs: &BTreeMap<String, Value>) -> Type {
    let fits = |t: &Type| match t {
        Type::Object(o) => {
            o.optional.is_empty()
                && o.attrs.len() == attrs.len()
                && o.attrs.iter().zip(attrs.iter()).all(|((tk, tt), (vk, vv))| tk == vk && *tt == vv.ty)
        }
        _ => false,
    };
    RECENT_OBJECT_TYPES.with(|r| {
        let mut r = r.borrow_mut();
        if let Some(i) = r.iter().position(fits) {
            r[..=i].rotate_right(1);
            return r[0].clone();
        }
        let t = Type::object(attrs.iter().map(|(k, v)| (k.clone(), v.ty.clone())).collect());
        if r.len() >= RECENT_OBJECT_TYPES_LEN {
            r.pop();
        }
        r.insert(0, t.clone());
        t
    })
}

/// Unicode NFC, as cty normalises every string value.
pub fn nfc(s: &str) -> String {
    crate::nfc::nfc(s)
}
