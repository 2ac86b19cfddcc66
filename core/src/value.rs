//! Values with cty's semantics: every value has a type, may be null, and may
//! carry marks (Terraform's `sensitive`). Strings are NFC-normalised as cty
//! normalises every string; sets are kept de-duplicated and in cty's order.

use std::sync::Arc;

use crate::number::Number;
use crate::types::Type;

/// Marks carried by a value (Terraform marks values, not types).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    pub sensitive: bool,
    /// Terraform's ephemeral mark (an `ephemeral = true` variable's value,
    /// Terraform 1.10+ / OpenTofu 1.11+): only validation rules see it.
    pub ephemeral: bool,
}

impl Marks {
    pub const NONE: Marks = Marks { sensitive: false, ephemeral: false };
    pub const SENSITIVE: Marks = Marks { sensitive: true, ephemeral: false };
    pub const EPHEMERAL: Marks = Marks { sensitive: false, ephemeral: true };
    pub fn is_empty(&self) -> bool {
        !self.sensitive && !self.ephemeral
    }
    pub fn union(self, o: Marks) -> Marks {
        Marks { sensitive: self.sensitive || o.sensitive, ephemeral: self.ephemeral || o.ephemeral }
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
    Attrs(Attrs),
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
    pub fn map(elem_ty: Type, elems: AttrMap) -> Value {
        Value { ty: Type::map(elem_ty), kind: Kind::Attrs(elems.into()), marks: Marks::NONE }
    }
    pub fn tuple(elems: Vec<Value>) -> Value {
        let ty = Type::Tuple(Arc::new(elems.iter().map(|e| e.ty.clone()).collect()));
        Value { ty, kind: Kind::Seq(Arc::new(elems)), marks: Marks::NONE }
    }
    pub fn object(attrs: AttrMap) -> Value {
        let ty = object_type_of(&attrs);
        Value { ty, kind: Kind::Attrs(attrs.into()), marks: Marks::NONE }
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
    pub fn attrs(&self) -> Option<&Attrs> {
        match &self.kind {
            Kind::Attrs(m) => Some(m),
            _ => None,
        }
    }
    /// True when this value or anything inside it is marked sensitive.
    pub fn has_sensitive_deep(&self) -> bool {
        self.has_mark_deep(&|m| m.sensitive)
    }
    pub fn has_ephemeral_deep(&self) -> bool {
        self.has_mark_deep(&|m| m.ephemeral)
    }
    fn has_mark_deep(&self, which: &dyn Fn(&Marks) -> bool) -> bool {
        which(&self.marks)
            || match &self.kind {
                Kind::Seq(v) => v.iter().any(|x| x.has_mark_deep(which)),
                Kind::Attrs(m) => m.values().any(|x| x.has_mark_deep(which)),
                _ => false,
            }
    }
    /// The value with every mark removed, and the union of the removed marks.
    /// What holds no mark is shared, not copied (a value built by nested
    /// `for`s repeats one element many times).
    pub fn unmark_deep(&self) -> (Value, Marks) {
        match self.unmarked() {
            Some(r) => r,
            None => (self.clone(), Marks::NONE),
        }
    }

    /// [`Value::unmark_deep`], or None when nothing in the value is marked.
    fn unmarked(&self) -> Option<(Value, Marks)> {
        let mut marks = self.marks;
        let kind = match &self.kind {
            Kind::Seq(v) => {
                let Some(first) = v.iter().position(Value::unmarked_probe) else {
                    return (!marks.is_empty())
                        .then(|| (Value { ty: self.ty.clone(), kind: self.kind.clone(), marks: Marks::NONE }, marks));
                };
                let mut out: Vec<Value> = v[..first].to_vec();
                for e in &v[first..] {
                    match e.unmarked() {
                        Some((e, m)) => {
                            marks = marks.union(m);
                            out.push(e);
                        }
                        None => out.push(e.clone()),
                    }
                }
                Kind::Seq(Arc::new(out))
            }
            Kind::Attrs(a) if a.values().any(Value::unmarked_probe) => Kind::Attrs(
                a.iter()
                    .map(|(k, e)| {
                        let (e, m) = e.unmark_deep();
                        marks = marks.union(m);
                        (k.clone(), e)
                    })
                    .collect::<AttrMap>()
                    .into(),
            ),
            _ if marks.is_empty() => return None,
            k => k.clone(),
        };
        Some((Value { ty: self.ty.clone(), kind, marks: Marks::NONE }, marks))
    }

    /// Whether anything in the value carries a mark.
    fn unmarked_probe(&self) -> bool {
        self.has_mark_deep(&|m| !m.is_empty())
    }

    /// What walking the value to its leaves costs, each element counted
    /// every time it is reached (an element a `for` repeats is shared, not
    /// copied, so a small value can stand for a very large walk): one per
    /// value, and one more per 256 bytes of a string. The walk stops past
    /// `limit`, so this costs at most `limit` steps itself; the answer is then
    /// `limit + 1`.
    pub fn walk_cost(&self, limit: u64) -> u64 {
        // A value without elements is its own walk (no stack to build: `==`
        // charges both operands of every comparison).
        let scalar = match &self.kind {
            Kind::Seq(_) | Kind::Attrs(_) => None,
            Kind::String(t) => Some(1 + (t.len() / 256) as u64),
            _ => Some(1),
        };
        if let Some(cost) = scalar {
            return if cost > limit { limit.saturating_add(1) } else { cost };
        }
        let mut cost = 0u64;
        let mut stack: Vec<&Value> = vec![self];
        while let Some(v) = stack.pop() {
            cost += 1;
            match &v.kind {
                Kind::String(t) => cost += (t.len() / 256) as u64,
                // Each element costs at least one: a collection too long for
                // what is left stops the walk before its elements are listed.
                Kind::Seq(es) if cost.saturating_add(es.len() as u64) <= limit => stack.extend(es.iter()),
                Kind::Attrs(a) if cost.saturating_add(a.len() as u64) <= limit => stack.extend(a.values()),
                Kind::Seq(_) | Kind::Attrs(_) => return limit.saturating_add(1),
                _ => {}
            }
            if cost > limit {
                return limit.saturating_add(1);
            }
        }
        cost
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
fn object_type_of(attrs: &AttrMap) -> Type {
    let fits = |t: &Type| match t {
        Type::Object(o) => {
            o.optional.is_empty()
                && o.attrs.len() == attrs.len()
                && o.attrs.iter().zip(attrs.iter()).all(|((tk, tt), (vk, vv))| tk.as_str() == &**vk && *tt == vv.ty)
        }
        _ => false,
    };
    RECENT_OBJECT_TYPES.with(|r| {
        let mut r = r.borrow_mut();
        if let Some(i) = r.iter().position(fits) {
            r[..=i].rotate_right(1);
            return r[0].clone();
        }
        let t = Type::object(crate::sort::map(attrs.iter().map(|(k, v)| (k.to_string(), v.ty.clone()))));
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

/// An attribute or map key. Keys are shared: the same name in many objects
/// (a list of similar objects) is one allocation.
pub type Key = Arc<str>;

/// The attributes of an object or the elements of a map: entries sorted by
/// key bytewise (cty's order, Go's string compare), keys unique. A sorted
/// vector while keys arrive in order (the common case: objects are small,
/// and a list of them is built, walked and dropped far more often than it is
/// searched); a B-tree once a larger map receives a key out of order, so that
/// building any map takes O(n log n), whatever the order of its keys.
#[derive(Clone, Debug)]
pub struct AttrMap {
    repr: Repr,
}

#[derive(Clone, Debug)]
enum Repr {
    Sorted(Vec<(Key, Value)>),
    Tree(std::collections::BTreeMap<Key, Value>),
}

impl Default for AttrMap {
    fn default() -> AttrMap {
        AttrMap::new()
    }
}

/// Below this size an out-of-order key is inserted into the vector.
const SMALL_MAP: usize = 64;

impl AttrMap {
    pub fn new() -> AttrMap {
        AttrMap { repr: Repr::Sorted(Vec::new()) }
    }
    pub fn with_capacity(n: usize) -> AttrMap {
        AttrMap { repr: Repr::Sorted(Vec::with_capacity(n)) }
    }
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Sorted(v) => v.len(),
            Repr::Tree(t) => t.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn get(&self, key: &str) -> Option<&Value> {
        match &self.repr {
            Repr::Sorted(v) => find(v, key).ok().map(|i| &v[i].1),
            Repr::Tree(t) => t.get(key),
        }
    }
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }
    /// Inserts or replaces (as `BTreeMap::insert`: a later duplicate wins),
    /// returning the replaced value.
    pub fn insert(&mut self, key: impl Into<Key>, value: Value) -> Option<Value> {
        self.insert_key(key.into(), value)
    }
    /// [`AttrMap::insert`]'s body, once for every kind of key (issue #39: a copy
    /// per key type weighed in the engines' .wasm).
    fn insert_key(&mut self, key: Key, value: Value) -> Option<Value> {
        match &mut self.repr {
            Repr::Sorted(v) => match find(v, &key) {
                Ok(i) => Some(std::mem::replace(&mut v[i].1, value)),
                Err(i) if i == v.len() || v.len() < SMALL_MAP => {
                    v.insert(i, (key, value));
                    None
                }
                Err(_) => {
                    let mut t: std::collections::BTreeMap<Key, Value> = crate::sort::map(std::mem::take(v));
                    t.insert(key, value);
                    self.repr = Repr::Tree(t);
                    None
                }
            },
            Repr::Tree(t) => t.insert(key, value),
        }
    }
    pub fn iter(&self) -> Iter<'_> {
        match &self.repr {
            Repr::Sorted(v) => Iter::Sorted(v.iter()),
            Repr::Tree(t) => Iter::Tree(t.iter()),
        }
    }
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator {
        self.iter().map(|(k, _)| k)
    }
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.iter().map(|(_, v)| v)
    }
    /// A map of entries already sorted by key, keys unique.
    pub fn from_sorted(entries: Vec<(Key, Value)>) -> AttrMap {
        debug_assert!(entries.windows(2).all(|w| w[0].0 < w[1].0));
        AttrMap { repr: Repr::Sorted(entries) }
    }
    fn into_vec(self) -> Vec<(Key, Value)> {
        match self.repr {
            Repr::Sorted(v) => v,
            Repr::Tree(t) => t.into_iter().collect(),
        }
    }
}

/// The entries of an [`AttrMap`] in key order.
pub enum Iter<'a> {
    Sorted(std::slice::Iter<'a, (Key, Value)>),
    Tree(std::collections::btree_map::Iter<'a, Key, Value>),
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Key, &'a Value);
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Sorted(i) => i.next().map(|(k, v)| (k, v)),
            Iter::Tree(i) => i.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Sorted(i) => i.size_hint(),
            Iter::Tree(i) => i.size_hint(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Sorted(i) => i.next_back().map(|(k, v)| (k, v)),
            Iter::Tree(i) => i.next_back(),
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<K: Into<Key>> FromIterator<(K, Value)> for AttrMap {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> AttrMap {
        let iter = iter.into_iter();
        let mut m = AttrMap::with_capacity(iter.size_hint().0);
        for (k, v) in iter {
            m.insert(k, v);
        }
        m
    }
}

impl<K: Into<Key>, const N: usize> From<[(K, Value); N]> for AttrMap {
    fn from(a: [(K, Value); N]) -> AttrMap {
        a.into_iter().collect()
    }
}

impl IntoIterator for AttrMap {
    type Item = (Key, Value);
    type IntoIter = std::vec::IntoIter<(Key, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a AttrMap {
    type Item = (&'a Key, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::ops::Index<&str> for AttrMap {
    type Output = Value;
    fn index(&self, key: &str) -> &Value {
        self.get(key).expect("no such key in AttrMap")
    }
}

/// Sorts an object's entries by key (cty's order), stably: a key written
/// twice keeps its order. A few entries (an object's attributes) are sorted
/// in place by insertion, with no table of positions to allocate; more by
/// [`crate::sort::by`]. One function for every caller (one copy in a
/// `.wasm`).
pub fn sort_entries(v: &mut [(Key, Value)]) {
    if v.len() > 8 {
        return crate::sort::by(v, |a, b| a.0.cmp(&b.0));
    }
    for i in 1..v.len() {
        let mut j = i;
        // Only a strictly greater key moves past another.
        while j > 0 && v[j - 1].0 > v[j].0 {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Where `key` is in sorted entries, or where it would go.
fn find(entries: &[(Key, Value)], key: &str) -> Result<usize, usize> {
    // Appending in order is the common case (building from sorted input).
    match entries.last() {
        Some((k, _)) if &**k < key => Err(entries.len()),
        None => Err(0),
        _ => entries.binary_search_by(|(k, _)| (**k).cmp(key)),
    }
}

/// The attributes of an object value or the elements of a map value, as a
/// value holds them: an [`AttrMap`]'s entries in one shared allocation, so
/// cloning a value never copies them and reading them is one step from the
/// value.
#[derive(Clone, Debug)]
pub struct Attrs(Arc<[(Key, Value)]>);

impl Attrs {
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn get(&self, key: &str) -> Option<&Value> {
        find(&self.0, key).ok().map(|i| &self.0[i].1)
    }
    pub fn contains_key(&self, key: &str) -> bool {
        find(&self.0, key).is_ok()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Key, &Value)> + ExactSizeIterator {
        self.0.iter().map(|(k, v)| (k, v))
    }
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator {
        self.0.iter().map(|(k, _)| k)
    }
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.0.iter().map(|(_, v)| v)
    }
    /// The entries in order, as one slice (for walking them a step at a time).
    pub fn entries(&self) -> &[(Key, Value)] {
        &self.0
    }
    /// A copy of the entries to change (the values themselves are shared).
    pub fn to_map(&self) -> AttrMap {
        AttrMap { repr: Repr::Sorted(self.0.to_vec()) }
    }
    /// [`Attrs::to_map`] with room for `extra` more entries.
    pub fn to_map_with_room(&self, extra: usize) -> AttrMap {
        let mut v = Vec::with_capacity(self.0.len() + extra);
        v.extend_from_slice(&self.0);
        AttrMap { repr: Repr::Sorted(v) }
    }
    /// Entries already sorted by key, keys unique, moved into one allocation
    /// (from an iterator of known length, such as a drained vector, without
    /// a vector of their own first).
    pub fn from_sorted(entries: impl IntoIterator<Item = (Key, Value)>) -> Attrs {
        let a: Arc<[(Key, Value)]> = entries.into_iter().collect();
        debug_assert!(a.windows(2).all(|w| w[0].0 < w[1].0));
        Attrs(a)
    }
    /// Whether both hold the very same entries (not copies).
    pub fn ptr_eq(a: &Attrs, b: &Attrs) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl From<AttrMap> for Attrs {
    fn from(m: AttrMap) -> Attrs {
        Attrs(m.into_vec().into())
    }
}

impl<'a> IntoIterator for &'a Attrs {
    type Item = (&'a Key, &'a Value);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (Key, Value)>, fn(&'a (Key, Value)) -> (&'a Key, &'a Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl std::ops::Index<&str> for Attrs {
    type Output = Value;
    fn index(&self, key: &str) -> &Value {
        self.get(key).expect("no such key in Attrs")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{n, s};

    /// Large maps built in any key order (descending keys once took
    /// quadratic time) end sorted, with the later duplicate winning.
    #[test]
    fn attr_map_built_in_any_order_is_sorted_whatever_its_size() {
        for n_keys in [10usize, 100, 5000] {
            for order in ["ascending", "descending", "shuffled"] {
                let mut keys: Vec<usize> = (0..n_keys).collect();
                match order {
                    "descending" => keys.reverse(),
                    "shuffled" => keys.sort_by_key(|k| (k * 7919) % n_keys),
                    _ => {}
                }
                let mut m = AttrMap::new();
                for k in &keys {
                    m.insert(format!("k{k:05}"), n(*k as i64));
                }
                // A later duplicate replaces the earlier value.
                assert!(m.insert("k00000", s("again")).is_some());
                assert_eq!(m.len(), n_keys);
                let got: Vec<&str> = m.keys().map(|k| &**k).collect();
                let mut want = got.clone();
                want.sort();
                assert_eq!(got, want, "{n_keys} {order}");
                assert_eq!(m.get("k00000").and_then(Value::as_str), Some("again"));
                assert_eq!(Attrs::from(m).len(), n_keys);
            }
        }
    }

    /// Entries sorted by key as the standard stable sort sorts them, below,
    /// at and above the insertion sort's size: ties (a key written twice)
    /// in their first order.
    #[test]
    fn entries_sort_by_key_as_the_stable_sort_does() {
        let mut seed = 11u64;
        for len in [0usize, 1, 2, 3, 7, 8, 9, 40] {
            for keys in [1u64, 3, 1000] {
                let v: Vec<(Key, Value)> = (0..len)
                    .map(|i| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        (format!("k{}", (seed >> 33) % keys).into(), n(i as i64))
                    })
                    .collect();
                let order = |v: &[(Key, Value)]| -> Vec<(String, String)> {
                    v.iter().map(|(k, e)| (k.to_string(), e.as_number().unwrap().to_text_f())).collect()
                };
                let mut want = v.clone();
                want.sort_by(|a, b| a.0.cmp(&b.0));
                let mut got = v;
                sort_entries(&mut got);
                assert_eq!(order(&got), order(&want), "len={len} keys={keys}");
            }
        }
    }

    #[test]
    fn attr_map_keeps_keys_in_byte_order_and_a_later_duplicate_wins() {
        let m: AttrMap = [("b", n(1)), ("a", n(2)), ("B", n(3)), ("é", n(4)), ("a", n(5))].into_iter().collect();
        let keys: Vec<&str> = m.iter().map(|(k, _)| &**k).collect();
        assert_eq!(keys, ["B", "a", "b", "é"]);
        assert_eq!(m["a"].as_number(), Some(&crate::number::Number::from_i64(5)));
        assert!(m.get("c").is_none() && m.contains_key("é"));
    }

    #[test]
    fn attrs_shared_by_a_value_read_like_the_map_they_came_from() {
        let mut m = AttrMap::new();
        m.insert("z", s("last"));
        m.insert("a", s("first"));
        let v = Value::object(m.clone());
        let a = v.attrs().unwrap();
        assert_eq!(a.keys().map(|k| &**k).collect::<Vec<_>>(), ["a", "z"]);
        assert_eq!(a["z"].as_str(), Some("last"));
        assert_eq!(a.to_map().len(), m.len());
        let w = v.clone();
        assert!(Attrs::ptr_eq(a, w.attrs().unwrap()));
    }
}
