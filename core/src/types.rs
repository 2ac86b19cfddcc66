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
    /// three: every value holds one); a long tuple of one element type holds
    /// that type once (see [`TupleTypes`]).
    Tuple(Arc<TupleTypes>),
}

/// The element types of a tuple type. A tuple of at least
/// [`TupleTypes::SAME_FROM`] elements that all have one type (a literal list
/// of 5,000,000 numbers) holds that type and the count, not a copy per
/// element. The form is decided by the types alone, so equal element types
/// are always held alike and the derived equality and hash are structural.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TupleTypes(TupleRepr);

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum TupleRepr {
    Each(Box<[Type]>),
    Same(Type, usize),
}

impl TupleTypes {
    /// From this many elements of one type on, the type is held once.
    pub const SAME_FROM: usize = 16;

    /// The types held, the element count and the step from one element's
    /// type to the next in them (1; 0 when the type is held once): every
    /// reader below goes through this one branch (issue #39: an enum per
    /// reader weighed in the engines' .wasm).
    fn parts(&self) -> (&[Type], usize, usize) {
        match &self.0 {
            TupleRepr::Each(ts) => (ts, ts.len(), 1),
            TupleRepr::Same(t, n) => (std::slice::from_ref(t), *n, 0),
        }
    }
    pub fn len(&self) -> usize {
        self.parts().1
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn get(&self, i: usize) -> Option<&Type> {
        let (ts, n, step) = self.parts();
        (i < n).then(|| &ts[i * step])
    }
    pub fn first(&self) -> Option<&Type> {
        self.get(0)
    }
    pub fn iter(&self) -> TupleTypesIter<'_> {
        let (ts, n, step) = self.parts();
        TupleTypesIter { ts, step, front: 0, back: n }
    }
    /// The one element type of a tuple whose elements all have it (held
    /// once); None for a tuple held type by type (which may still be
    /// uniform, when short).
    pub fn held_once(&self) -> Option<&Type> {
        match &self.0 {
            TupleRepr::Same(t, _) => Some(t),
            TupleRepr::Each(_) => None,
        }
    }
    /// Each element type at least once, in order: all of them, or the one
    /// type of a tuple that holds it once. Enough for what depends only on
    /// which types occur (unification, `any` inside).
    pub fn types_once(&self) -> &[Type] {
        match &self.0 {
            TupleRepr::Each(ts) => ts,
            TupleRepr::Same(t, _) => std::slice::from_ref(t),
        }
    }
    /// The types as a vector (one per element).
    pub fn to_vec(&self) -> Vec<Type> {
        self.iter().cloned().collect()
    }
}

impl From<Vec<Type>> for TupleTypes {
    fn from(ts: Vec<Type>) -> TupleTypes {
        match ts.first() {
            Some(t0) if ts.len() >= TupleTypes::SAME_FROM && ts[1..].iter().all(|t| t == t0) => {
                TupleTypes(TupleRepr::Same(t0.clone(), ts.len()))
            }
            _ => TupleTypes(TupleRepr::Each(ts.into_boxed_slice())),
        }
    }
}

impl FromIterator<Type> for TupleTypes {
    fn from_iter<I: IntoIterator<Item = Type>>(iter: I) -> TupleTypes {
        // Long runs of one type are counted, not stored, as they come.
        let mut each: Vec<Type> = Vec::new();
        let mut same: Option<(Type, usize)> = None;
        for t in iter {
            match &mut same {
                Some((s, n)) if *s == t => *n += 1,
                Some((s, n)) => {
                    each.reserve(*n + 1);
                    each.extend(std::iter::repeat_n(s.clone(), *n));
                    each.push(t);
                    same = None;
                }
                None if each.is_empty() => same = Some((t, 1)),
                None => each.push(t),
            }
        }
        match same {
            Some((t, n)) if n >= TupleTypes::SAME_FROM => TupleTypes(TupleRepr::Same(t, n)),
            Some((t, n)) => TupleTypes(TupleRepr::Each(vec![t; n].into_boxed_slice())),
            None => TupleTypes(TupleRepr::Each(each.into_boxed_slice())),
        }
    }
}

impl std::ops::Index<usize> for TupleTypes {
    type Output = Type;
    fn index(&self, i: usize) -> &Type {
        let (ts, n, step) = self.parts();
        assert!(i < n, "tuple element {i} of {n}");
        &ts[i * step]
    }
}

impl<'a> IntoIterator for &'a TupleTypes {
    type Item = &'a Type;
    type IntoIter = TupleTypesIter<'a>;
    fn into_iter(self) -> TupleTypesIter<'a> {
        self.iter()
    }
}

/// The element types of a tuple, in order: the types of elements
/// `front..back`, element `i`'s at `ts[i * step]`.
#[derive(Clone)]
pub struct TupleTypesIter<'a> {
    ts: &'a [Type],
    step: usize,
    front: usize,
    back: usize,
}

impl<'a> Iterator for TupleTypesIter<'a> {
    type Item = &'a Type;
    fn next(&mut self) -> Option<&'a Type> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        Some(&self.ts[(self.front - 1) * self.step])
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
    fn nth(&mut self, k: usize) -> Option<&'a Type> {
        self.front = self.front.saturating_add(k).min(self.back);
        self.next()
    }
}

impl DoubleEndedIterator for TupleTypesIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        Some(&self.ts[self.back * self.step])
    }
}

impl ExactSizeIterator for TupleTypesIter<'_> {}

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
        Type::Tuple(Arc::new(elems.into()))
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
    pub fn tuple_elements(&self) -> Option<&TupleTypes> {
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

    /// A long tuple of one element type holds it once; however a tuple type
    /// is built (from a vector, from an iterator), equal element types give
    /// equal types with equal hashes, and the element types read the same.
    #[test]
    fn tuple_types_built_either_way_are_equal_and_read_element_by_element() {
        use std::hash::{BuildHasher, RandomState};
        let n = TupleTypes::SAME_FROM;
        let s = Type::String;
        let cases: Vec<(&str, Vec<Type>, bool)> = vec![
            ("empty", vec![], false),
            ("one", vec![Type::Number], false),
            ("short uniform", vec![Type::Number; n - 1], false),
            ("uniform at the threshold", vec![Type::Number; n], true),
            ("long uniform", vec![Type::list(s.clone()); 5 * n], true),
            ("long, differs first", [vec![s.clone()], vec![Type::Number; 3 * n]].concat(), false),
            ("long, differs last", [vec![Type::Number; 3 * n], vec![s.clone()]].concat(), false),
        ];
        let hasher = RandomState::new();
        for (name, ts, once) in cases {
            let a = Type::tuple(ts.clone());
            let b = Type::Tuple(Arc::new(ts.iter().cloned().collect()));
            assert_eq!(a, b, "{name}");
            assert_eq!(hasher.hash_one(&a), hasher.hash_one(&b), "{name}");
            let t = a.tuple_elements().unwrap();
            assert_eq!(t.held_once().is_some(), once, "{name}");
            assert_eq!(t.len(), ts.len(), "{name}");
            assert_eq!(t.iter().len(), ts.len(), "{name}");
            assert!(t.iter().eq(ts.iter()), "{name}");
            assert!(t.iter().rev().eq(ts.iter().rev()), "{name}");
            assert_eq!(t.to_vec(), ts, "{name}");
            for i in 0..ts.len() {
                assert_eq!(t.get(i), Some(&ts[i]), "{name} {i}");
                assert_eq!(&t[i], &ts[i], "{name} {i}");
            }
            assert_eq!(t.get(ts.len()), None, "{name}");
            let mut distinct: Vec<&Type> = Vec::new();
            for x in &ts {
                if !distinct.contains(&x) {
                    distinct.push(x);
                }
            }
            assert!(distinct.iter().all(|d| t.types_once().contains(d)), "{name}");
        }
        // A long uniform tuple differs from one a type longer or shorter.
        assert_ne!(Type::tuple(vec![Type::Number; 3 * n]), Type::tuple(vec![Type::Number; 3 * n + 1]));
        assert_eq!(
            Type::tuple(vec![Type::Bool; 3 * n]).type_string(),
            format!("tuple([{}])", vec!["bool"; 3 * n].join(","))
        );
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
