//! The cty type model: primitive types, collections, structural types and the
//! dynamic placeholder `any`, with the two naming schemes go-cty uses in
//! messages and `typeexpr.TypeString`'s printed form.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt;
use std::sync::Arc;

/// A cty type. Cheap to clone: compound parts are shared, and comparing two
/// types that share their parts is a pointer comparison.
// Equality is structural (the pointer comparison is only a shortcut), so the
// derived hash agrees with it.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Eq, Hash)]
pub enum Type {
    Bool,
    Number,
    String,
    /// `cty.DynamicPseudoType`, written `any` in a constraint.
    Dynamic,
    List(Arc<Type>),
    Map(Arc<Type>),
    Set(Arc<Type>),
    Object(Arc<ObjectType>),
    /// The element types behind one thin pointer (a type is two words, not
    /// three: every value holds one).
    Tuple(Arc<Box<[Type]>>),
}

/// The attributes of an object type. Attribute order is cty's: names sorted
/// bytewise (a `BTreeMap<String, _>` orders exactly like Go's string compare).
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct ObjectType {
    pub attrs: BTreeMap<String, Type>,
    /// Attributes declared with `optional(...)`. Only constraints carry these;
    /// conversion never leaves them on a result type.
    pub optional: BTreeSet<String>,
}

impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        use Type::*;
        match (self, other) {
            (Bool, Bool) | (Number, Number) | (String, String) | (Dynamic, Dynamic) => true,
            (List(a), List(b)) | (Map(a), Map(b)) | (Set(a), Set(b)) => Arc::ptr_eq(a, b) || a == b,
            (Object(a), Object(b)) => Arc::ptr_eq(a, b) || a == b,
            (Tuple(a), Tuple(b)) => Arc::ptr_eq(a, b) || a == b,
            _ => false,
        }
    }
}

impl Type {
    pub fn list(e: Type) -> Type {
        Type::List(Arc::new(e))
    }
    pub fn map(e: Type) -> Type {
        Type::Map(Arc::new(e))
    }
    pub fn set(e: Type) -> Type {
        Type::Set(Arc::new(e))
    }
    pub fn tuple(elems: Vec<Type>) -> Type {
        Type::Tuple(Arc::new(elems.into_boxed_slice()))
    }
    /// An object type. Equal object types built here share one allocation
    /// (they are interned), so comparing them is a pointer comparison.
    pub fn object(attrs: BTreeMap<String, Type>) -> Type {
        Type::Object(intern_object(ObjectType { attrs, optional: BTreeSet::new() }))
    }
    pub fn object_with_optional(attrs: BTreeMap<String, Type>, optional: BTreeSet<String>) -> Type {
        Type::Object(intern_object(ObjectType { attrs, optional }))
    }
    pub fn empty_object() -> Type {
        Type::object(BTreeMap::new())
    }

    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::Bool | Type::Number | Type::String)
    }
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Map(_) | Type::Set(_))
    }
    pub fn is_list(&self) -> bool {
        matches!(self, Type::List(_))
    }
    pub fn is_map(&self) -> bool {
        matches!(self, Type::Map(_))
    }
    pub fn is_set(&self) -> bool {
        matches!(self, Type::Set(_))
    }
    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// Element type of a list, map or set.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Map(e) | Type::Set(e) => Some(e),
            _ => None,
        }
    }
    pub fn as_object(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// `Type.HasDynamicTypes`: `any` somewhere inside.
    pub fn has_dynamic_types(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::Bool | Type::Number | Type::String => false,
            Type::List(e) | Type::Map(e) | Type::Set(e) => e.has_dynamic_types(),
            Type::Object(o) => o.attrs.values().any(Type::has_dynamic_types),
            Type::Tuple(t) => t.iter().any(Type::has_dynamic_types),
        }
    }

    /// Whether any object type inside has optional attributes.
    pub fn has_optional_attrs_deep(&self) -> bool {
        match self {
            Type::Bool | Type::Number | Type::String | Type::Dynamic => false,
            Type::List(e) | Type::Map(e) | Type::Set(e) => e.has_optional_attrs_deep(),
            Type::Object(o) => !o.optional.is_empty() || o.attrs.values().any(Type::has_optional_attrs_deep),
            Type::Tuple(t) => t.iter().any(Type::has_optional_attrs_deep),
        }
    }

    /// Whether a value converted to this type can keep optional-attribute
    /// markers in a part's type: an empty map whose element type has them
    /// (go-cty before 1.16.0), or a null optional attribute, filled in when
    /// a map converts to an object, whose type has them.
    pub fn may_keep_optional_markers(&self) -> bool {
        match self {
            Type::Bool | Type::Number | Type::String | Type::Dynamic => false,
            Type::Map(e) => e.has_optional_attrs_deep() || e.may_keep_optional_markers(),
            Type::List(e) | Type::Set(e) => e.may_keep_optional_markers(),
            Type::Object(o) => o
                .attrs
                .iter()
                .any(|(n, t)| (o.optional.contains(n) && t.has_optional_attrs_deep()) || t.may_keep_optional_markers()),
            Type::Tuple(t) => t.iter().any(Type::may_keep_optional_markers),
        }
    }

    /// `WithoutOptionalAttributesDeep`: the same type with every optional
    /// marker removed.
    pub fn without_optional_attrs_deep(&self) -> Type {
        match self {
            Type::Bool | Type::Number | Type::String | Type::Dynamic => self.clone(),
            Type::List(e) => Type::list(e.without_optional_attrs_deep()),
            Type::Map(e) => Type::map(e.without_optional_attrs_deep()),
            Type::Set(e) => Type::set(e.without_optional_attrs_deep()),
            Type::Object(o) => Type::object(crate::sort::map(
                o.attrs.iter().map(|(k, t)| (k.clone(), t.without_optional_attrs_deep())),
            )),
            Type::Tuple(t) => Type::tuple(t.iter().map(Type::without_optional_attrs_deep).collect()),
        }
    }

    /// go-cty's `FriendlyName`: "string", "list of number", "map of any single type" is
    /// *not* used here (that is the constraint form); `list(any)` reads "list of dynamic".
    pub fn friendly_name(&self) -> String {
        self.friendly(false)
    }

    /// go-cty's `FriendlyNameForConstraint`: like [`Type::friendly_name`] but `any`
    /// reads "any type" and a collection of `any` reads "list of any single type".
    pub fn friendly_name_for_constraint(&self) -> String {
        self.friendly(true)
    }

    fn friendly(&self, constraint: bool) -> String {
        match self {
            Type::Bool => "bool".into(),
            Type::Number => "number".into(),
            Type::String => "string".into(),
            Type::Dynamic => {
                if constraint {
                    "any type".into()
                } else {
                    "dynamic".into()
                }
            }
            Type::List(e) => format!("list of {}", collection_elem_name(e, constraint)),
            Type::Map(e) => format!("map of {}", collection_elem_name(e, constraint)),
            Type::Set(e) => format!("set of {}", collection_elem_name(e, constraint)),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
        }
    }

    /// `typeexpr.TypeString`: `list(object({a=string,b=number}))`, attributes
    /// sorted, no spaces, optional attributes as `optional(T)`.
    pub fn type_string(&self) -> String {
        let mut s = String::new();
        self.write_type_string(&mut s, usize::MAX);
        s
    }

    /// [`Type::type_string`] cut to at most `max` bytes, ending in `…` when
    /// cut (a tuple of 20,000 objects is not shown whole). Only about `max`
    /// bytes are ever written.
    pub fn type_string_short(&self, max: usize) -> String {
        let mut s = String::new();
        self.write_type_string(&mut s, max);
        if s.len() > max {
            let mut cut = max;
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
            s.push('…');
        }
        s
    }

    /// Writes the type string, stopping soon after `out` passes `limit` bytes.
    fn write_type_string(&self, out: &mut String, limit: usize) {
        if out.len() > limit {
            return;
        }
        match self {
            Type::Bool => out.push_str("bool"),
            Type::Number => out.push_str("number"),
            Type::String => out.push_str("string"),
            Type::Dynamic => out.push_str("any"),
            Type::List(e) | Type::Map(e) | Type::Set(e) => {
                out.push_str(match self {
                    Type::List(_) => "list(",
                    Type::Map(_) => "map(",
                    _ => "set(",
                });
                e.write_type_string(out, limit);
                out.push(')');
            }
            Type::Object(o) => {
                out.push_str("object({");
                for (i, (name, t)) in o.attrs.iter().enumerate() {
                    if out.len() > limit {
                        return;
                    }
                    if i > 0 {
                        out.push(',');
                    }
                    // typeexpr.TypeString quotes names that are not identifiers.
                    if crate::hclsrc::is_identifier(name) {
                        out.push_str(name);
                    } else {
                        out.push_str(&crate::goprint::go_quote(name));
                    }
                    out.push('=');
                    if o.optional.contains(name) {
                        out.push_str("optional(");
                        t.write_type_string(out, limit);
                        out.push(')');
                    } else {
                        t.write_type_string(out, limit);
                    }
                }
                out.push_str("})");
            }
            Type::Tuple(t) => {
                out.push_str("tuple([");
                for (i, e) in t.iter().enumerate() {
                    if out.len() > limit {
                        return;
                    }
                    if i > 0 {
                        out.push(',');
                    }
                    e.write_type_string(out, limit);
                }
                out.push_str("])");
            }
        }
    }
}

fn collection_elem_name(e: &Type, constraint: bool) -> String {
    if constraint && e.is_dynamic() {
        "any single type".into()
    } else {
        e.friendly(constraint)
    }
}

/// At most this many object types are kept interned; the table starts over
/// when it is full (interning only saves time and memory, it never changes
/// what a type means: equality stays structural).
const INTERN_LIMIT: usize = 4096;

thread_local! {
    static OBJECT_TYPES: std::cell::RefCell<HashSet<Arc<ObjectType>>> = std::cell::RefCell::new(HashSet::new());
}

/// The shared allocation of an object type equal to `o`.
fn intern_object(o: ObjectType) -> Arc<ObjectType> {
    OBJECT_TYPES.with(|t| {
        let mut t = t.borrow_mut();
        if let Some(a) = t.get(&o) {
            return a.clone();
        }
        if t.len() >= INTERN_LIMIT {
            t.clear();
        }
        let a = Arc::new(o);
        t.insert(a.clone());
        a
    })
}

impl ObjectType {
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.contains(name)
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.type_string())
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.type_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(attrs: &[(&str, Type)]) -> Type {
        Type::object(attrs.iter().map(|(k, t)| (k.to_string(), t.clone())).collect())
    }

    #[test]
    fn short_type_string_is_the_type_string_cut_with_an_ellipsis() {
        let small = Type::list(obj(&[("a", Type::String)]));
        assert_eq!(small.type_string_short(100), small.type_string());
        let big = Type::tuple(vec![obj(&[("é", Type::Number)]); 10_000]);
        let full = big.type_string();
        let short = big.type_string_short(20);
        assert_eq!(short, "tuple([object({é=nu…");
        // Never inside a character: 16 bytes would end in the middle of `é`.
        assert_eq!(big.type_string_short(16), "tuple([object({…");
        assert!(full.starts_with(short.trim_end_matches('…')));
        assert!(big.type_string_short(1000).chars().count() <= 1001);
    }

    #[test]
    fn equal_object_types_share_one_allocation() {
        let a = obj(&[("a", Type::String), ("b", Type::list(Type::Number))]);
        let b = obj(&[("b", Type::list(Type::Number)), ("a", Type::String)]);
        match (&a, &b) {
            (Type::Object(x), Type::Object(y)) => assert!(Arc::ptr_eq(x, y)),
            _ => unreachable!(),
        }
    }

    #[test]
    fn object_types_differing_in_optional_markers_stay_distinct() {
        let attrs: BTreeMap<String, Type> = [("a".to_string(), Type::String)].into();
        let plain = Type::object(attrs.clone());
        let opt = Type::object_with_optional(attrs, ["a".to_string()].into());
        assert_ne!(plain, opt);
        assert_eq!(opt.type_string(), "object({a=optional(string)})");
        assert_eq!(plain.type_string(), "object({a=string})");
    }
}
