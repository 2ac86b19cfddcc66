//! cty's sets: which elements are the same, and the order cty iterates them in.
//!
//! A cty set (`cty/set` with `cty/set_internals.go`'s rules) keeps its
//! elements in buckets keyed by the CRC-32 (IEEE) of each element's *set-hash
//! serialisation*; an element is dropped when its bucket already holds an
//! element that `Equals` it. Iteration collects the buckets in ascending
//! CRC order (insertion order inside a bucket) and then runs Go's
//! `sort.SliceStable` with the rules' `Less`:
//!
//! * `RawEquals` elements never sort before each other;
//! * null sorts after everything, then unknown after every known value;
//! * strings compare bytewise, numbers numerically, `false` before `true`;
//! * every other element type compares the bytes of the set-hash
//!   serialisation.
//!
//! Consequences worth knowing: `-0` and `0` hash differently (`"-0"` vs
//! `"0"`), so both stay in a set although they are equal, and their relative
//! order is their buckets' CRC order; the same holds for objects, lists, ...
//! that differ only by the sign of a zero.
//!
//! The serialisation: `?` unknown, `~` null, numbers as Go's
//! `big.Float.String()` (`Text('g', 10)`), `T`/`F`, strings as Go's `%q`,
//! maps `{k:v;...}` (keys in order, quoted), lists and sets `[e;...]`,
//! objects `<v;...>` (attribute values in name order), tuples `<e;...>`.
//!
//! Marks: cty forbids marks inside a set; `cty.SetVal` removes every mark from
//! its elements (deeply) and puts their union on the set itself, which
//! `Value::set` does before calling [`normalize`].

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::goprint::go_quote_into;
use crate::number::Number;
use crate::types::Type;
use crate::value::{Kind, Value};

/// De-duplicates `elems` as cty does and puts them in cty's iteration order.
/// Marks on the elements are ignored (and kept): `Value::set` moves them to
/// the set first, as `cty.SetVal` does.
pub fn normalize(elems: Vec<Value>) -> Vec<Value> {
    if elems.len() < 2 {
        return elems;
    }
    let class = Class::of(&elems);
    // Serialisations, end to end in one buffer (kept only where `Less`
    // compares them).
    let mut arena = String::new();
    let infos: Vec<ElemInfo> = elems.iter().map(|e| ElemInfo::new(e, class, &mut arena)).collect();
    let hash_of = |i: usize| &arena[infos[i].hash.clone()];

    // Set.Add: bucket by CRC, drop an element its bucket already `Equals`.
    // `Equals` implies the same CRC and the same `eq_key`, so only elements
    // sharing both are compared exactly: one comparison per duplicate. Keys
    // are made only for CRCs seen more than once; the elements sharing a
    // key are chained through `next`.
    const NONE: usize = usize::MAX;
    let mut first_of_crc: HashMap<u32, usize> = HashMap::with_capacity(elems.len());
    let mut keys: Vec<Option<String>> = vec![None; elems.len()];
    let mut heads: HashMap<(u32, String), usize> = HashMap::new();
    let mut next: Vec<usize> = vec![NONE; elems.len()];
    let mut kept: Vec<usize> = Vec::with_capacity(elems.len());
    for (i, info) in infos.iter().enumerate() {
        let first = *first_of_crc.entry(info.crc).or_insert(i);
        if first == i {
            kept.push(i);
            continue;
        }
        if keys[first].is_none() {
            // Second element of this CRC: index the first one.
            let k = eq_key(&elems[first], &infos[first]);
            heads.insert((info.crc, k.clone()), first);
            keys[first] = Some(k);
        }
        let k = eq_key(&elems[i], info);
        let head = heads.entry((info.crc, k.clone())).or_insert(NONE);
        keys[i] = Some(k);
        if !info.has_unknown {
            let mut j = *head;
            let mut dup = false;
            while j != NONE {
                if equals_true(&elems[i], &elems[j]) {
                    dup = true;
                    break;
                }
                j = next[j];
            }
            if dup {
                continue;
            }
        }
        next[i] = *head;
        *head = i;
        kept.push(i);
    }

    // Set.Values: buckets in ascending CRC order, insertion order inside a
    // bucket, then sort.SliceStable with setRules.Less.
    //
    // `Less` leaves two elements unordered when they are RawEquals or have
    // the same serialisation (then they share a bucket, and insertion order
    // decides, which `kept` already has) and, with different buckets, only
    // through a negative zero (`-0` vs `0`, or `{a=-0}` vs `{a=0}`): only
    // then does the CRC order matter.
    let neg_zero = kept.iter().any(|&i| infos[i].neg_zero);
    if neg_zero {
        crate::sort::by_key(&mut kept, |&i| infos[i].crc);
    }
    // `Less` is a strict weak order unless RawEquals ties elements whose
    // serialisations differ (a negative zero inside a non-primitive element);
    // any stable sort then gives Go's result, so only that case replays Go's
    // algorithm step for step.
    if class == Class::Other && neg_zero {
        go_slice_stable(&mut kept, |a, b| {
            less(class, (&elems[a], &infos[a], hash_of(a)), (&elems[b], &infos[b], hash_of(b)))
        });
    } else {
        crate::sort::by(&mut kept, |&a, &b| weak_order(class, (&elems[a], hash_of(a)), (&elems[b], hash_of(b))));
    }

    let mut slots: Vec<Option<Value>> = elems.into_iter().map(Some).collect();
    kept.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// The set-hash serialisation of a value (`makeSetHashBytes`), marks ignored.
pub fn hash_bytes(v: &Value) -> String {
    let mut out = String::new();
    let mut flags = Flags::default();
    append_hash(v, &mut out, &mut flags);
    out
}

/// `Value.Hash()`: CRC-32 (IEEE) of [`hash_bytes`]; the bucket of an element.
pub fn hash(v: &Value) -> u32 {
    crate::crc32::hash(hash_bytes(v).as_bytes())
}

// ---------------------------------------------------------------------------
// Per-element facts
// ---------------------------------------------------------------------------

/// Which branch of `setRules.Less` the element type takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    String,
    Number,
    Bool,
    Other,
}

impl Class {
    fn of(elems: &[Value]) -> Class {
        // All elements share the set's element type; a null's type is that
        // element type too. Skip dynamic-typed nulls defensively.
        match elems.iter().map(|e| &e.ty).find(|t| !t.is_dynamic()) {
            Some(Type::String) => Class::String,
            Some(Type::Number) => Class::Number,
            Some(Type::Bool) => Class::Bool,
            _ => Class::Other,
        }
    }
}

#[derive(Default)]
struct Flags {
    /// A negative zero somewhere (outside nothing: nested sets included).
    neg_zero: bool,
    /// An unknown somewhere: such an element `Equals` nothing.
    unknown: bool,
    /// A (non-null) number somewhere.
    number: bool,
}

struct ElemInfo {
    /// Where the set-hash serialisation is in the arena; kept only where
    /// `Less` compares it ([`Class::Other`]), else empty.
    hash: std::ops::Range<usize>,
    crc: u32,
    has_number: bool,
    neg_zero: bool,
    has_unknown: bool,
}

impl ElemInfo {
    fn new(v: &Value, class: Class, arena: &mut String) -> ElemInfo {
        let start = arena.len();
        let mut flags = Flags::default();
        append_hash(v, arena, &mut flags);
        let crc = crate::crc32::hash(&arena.as_bytes()[start..]);
        if class != Class::Other {
            arena.truncate(start);
        }
        ElemInfo {
            hash: start..arena.len(),
            crc,
            has_number: flags.number,
            neg_zero: flags.neg_zero,
            has_unknown: flags.unknown,
        }
    }
}

/// A key that `Equals`-equal elements of one CRC bucket always share: for an
/// element with numbers in it, the numbers in full (`-0` as `0`; nested sets
/// as the sorted keys of their elements); without numbers, `Equals`-equal
/// elements have the same serialisation, so the CRC says enough.
fn eq_key(v: &Value, info: &ElemInfo) -> String {
    let mut k = String::new();
    if info.has_number {
        append_eq_key(v, &mut k);
    }
    k
}

/// One step of the (iterative) serialisers below.
enum HStep<'a> {
    Value(&'a Value),
    Char(char),
    Key(&'a str),
}

/// `appendSetHashBytes`, with an explicit stack (values may be deep).
fn append_hash(v: &Value, out: &mut String, flags: &mut Flags) {
    // Primitives need no stack.
    match &v.kind {
        Kind::Seq(_) | Kind::Attrs(_) => {}
        Kind::Number(n) => {
            flags.number = true;
            flags.neg_zero |= n.is_negative_zero();
            return go_float_string_into(n, out);
        }
        Kind::String(s) => return go_quote_into(s, out),
        Kind::Bool(b) => return out.push(if *b { 'T' } else { 'F' }),
        Kind::Null => return out.push('~'),
        Kind::Unknown => {
            flags.unknown = true;
            return out.push('?');
        }
    }
    let mut stack = vec![HStep::Value(v)];
    while let Some(step) = stack.pop() {
        let v = match step {
            HStep::Char(c) => {
                out.push(c);
                continue;
            }
            HStep::Key(k) => {
                go_quote_into(k, out);
                out.push(':');
                continue;
            }
            HStep::Value(v) => v,
        };
        match &v.kind {
            Kind::Unknown => {
                flags.unknown = true;
                out.push('?');
            }
            Kind::Null => out.push('~'),
            Kind::Number(n) => {
                flags.number = true;
                if n.is_negative_zero() {
                    flags.neg_zero = true;
                }
                go_float_string_into(n, out);
            }
            Kind::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
            Kind::String(s) => go_quote_into(s, out),
            Kind::Seq(elems) => {
                let (open, close) = if v.ty.is_tuple() { ('<', '>') } else { ('[', ']') };
                out.push(open);
                stack.push(HStep::Char(close));
                for e in elems.iter().rev() {
                    stack.push(HStep::Char(';'));
                    stack.push(HStep::Value(e));
                }
            }
            Kind::Attrs(attrs) => {
                let is_map = v.ty.is_map();
                out.push(if is_map { '{' } else { '<' });
                stack.push(HStep::Char(if is_map { '}' } else { '>' }));
                for (k, e) in attrs.iter().rev() {
                    stack.push(HStep::Char(';'));
                    stack.push(HStep::Value(e));
                    if is_map {
                        stack.push(HStep::Key(k));
                    }
                }
            }
        }
    }
}

/// See [`ElemInfo::eq_key`]. Only needs to be *necessary* for equality (it
/// picks which elements to compare exactly), so it only records what the
/// hash rounds away: every number's `Text('f', -1)` as [`Number::text_f_key`]
/// (`-0` as `0`, never the digits expanded) in walk order, and
/// for a nested set the sorted, de-duplicated keys of its elements (an equal
/// set has an equal element for each of its elements). Iterative except for
/// one level of recursion per nested set.
fn append_eq_key(v: &Value, out: &mut String) {
    let mut stack = vec![HStep::Value(v)];
    while let Some(step) = stack.pop() {
        let v = match step {
            HStep::Char(c) => {
                out.push(c);
                continue;
            }
            HStep::Key(_) => continue,
            HStep::Value(v) => v,
        };
        match &v.kind {
            Kind::Number(n) => {
                out.push_str(&n.text_f_key());
                out.push(';');
            }
            Kind::Seq(elems) if v.ty.is_set() => {
                let mut keys: Vec<String> = elems
                    .iter()
                    .map(|e| {
                        let mut k = String::new();
                        append_eq_key(e, &mut k);
                        k
                    })
                    .collect();
                crate::sort::natural(&mut keys);
                keys.dedup();
                out.push('{');
                for k in keys {
                    out.push_str(&k);
                    out.push('|');
                }
                out.push('}');
            }
            Kind::Seq(elems) => {
                out.push('[');
                stack.push(HStep::Char(']'));
                stack.extend(elems.iter().rev().map(HStep::Value));
            }
            Kind::Attrs(attrs) => {
                out.push('<');
                stack.push(HStep::Char('>'));
                stack.extend(attrs.values().rev().map(HStep::Value));
            }
            Kind::Null | Kind::Unknown | Kind::Bool(_) | Kind::String(_) => {}
        }
    }
}

// ---------------------------------------------------------------------------
// Equality
// ---------------------------------------------------------------------------

/// `a.Equals(b)` is known and true (set membership: `setRules.Equivalent`).
/// Nulls equal each other whatever their types; anything unknown equals
/// nothing; numbers compare with cty's number equality (`-0 == 0`); sets are
/// equal when each has every element of the other (same bucket and
/// `Equals`). Iterative except for one level of recursion per nested set.
pub fn equals_true(a: &Value, b: &Value) -> bool {
    match (&a.kind, &b.kind) {
        (Kind::String(x), Kind::String(y)) => return x == y && a.ty == b.ty,
        (Kind::Number(x), Kind::Number(y)) => return a.ty == b.ty && x.raw_equal(y),
        _ => {}
    }
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        match (&a.kind, &b.kind) {
            (Kind::Unknown, _) | (_, Kind::Unknown) => return false,
            (Kind::Null, Kind::Null) => continue,
            (Kind::Null, _) | (_, Kind::Null) => return false,
            _ => {}
        }
        if a.ty != b.ty {
            return false;
        }
        let eq = match (&a.kind, &b.kind) {
            (Kind::Number(x), Kind::Number(y)) => x.raw_equal(y),
            (Kind::Bool(x), Kind::Bool(y)) => x == y,
            (Kind::String(x), Kind::String(y)) => x == y,
            (Kind::Seq(xs), Kind::Seq(ys)) if a.ty.is_set() => sets_equal(xs, ys),
            (Kind::Seq(xs), Kind::Seq(ys)) => {
                if xs.len() != ys.len() {
                    return false;
                }
                stack.extend(xs.iter().zip(ys.iter()));
                true
            }
            (Kind::Attrs(xs), Kind::Attrs(ys)) => {
                if xs.len() != ys.len() || !xs.keys().eq(ys.keys()) {
                    return false;
                }
                stack.extend(xs.values().zip(ys.values()));
                true
            }
            _ => false,
        };
        if !eq {
            return false;
        }
    }
    true
}

/// Set `Equals`: no wholly unknown element, and each set `Has` every element
/// of the other (an element of the same CRC bucket that `Equals` it).
fn sets_equal(xs: &[Value], ys: &[Value]) -> bool {
    if xs.iter().chain(ys).any(|e| matches!(e.kind, Kind::Unknown)) {
        return false;
    }
    let hx: Vec<u32> = xs.iter().map(hash).collect();
    let hy: Vec<u32> = ys.iter().map(hash).collect();
    let has = |e: &Value, he: u32, set: &[Value], hs: &[u32]| {
        set.iter().zip(hs).any(|(o, &ho)| ho == he && equals_true(e, o))
    };
    xs.iter().zip(&hx).all(|(e, &he)| has(e, he, ys, &hy)) && ys.iter().zip(&hy).all(|(e, &he)| has(e, he, xs, &hx))
}

/// cty's `RawEquals` (marks ignored): same type, unknown equals unknown, null
/// equals null, primitives by `Equals`, sets element by element in order.
pub fn raw_equals(a: &Value, b: &Value) -> bool {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        if a.ty != b.ty {
            return false;
        }
        let eq = match (&a.kind, &b.kind) {
            (Kind::Unknown, Kind::Unknown) | (Kind::Null, Kind::Null) => true,
            (Kind::Unknown, _) | (_, Kind::Unknown) | (Kind::Null, _) | (_, Kind::Null) => false,
            (Kind::Number(x), Kind::Number(y)) => x.raw_equal(y),
            (Kind::Bool(x), Kind::Bool(y)) => x == y,
            (Kind::String(x), Kind::String(y)) => x == y,
            (Kind::Seq(xs), Kind::Seq(ys)) => {
                stack.extend(xs.iter().zip(ys.iter()));
                xs.len() == ys.len()
            }
            (Kind::Attrs(xs), Kind::Attrs(ys)) => {
                stack.extend(xs.values().zip(ys.values()));
                xs.len() == ys.len() && xs.keys().eq(ys.keys())
            }
            _ => false,
        };
        if !eq {
            return false;
        }
    }
    true
}

// ---------------------------------------------------------------------------
// Order
// ---------------------------------------------------------------------------

/// `setRules.Less`, on (element, facts, serialisation) triples.
fn less(class: Class, (a, ai, ah): (&Value, &ElemInfo, &str), (b, bi, bh): (&Value, &ElemInfo, &str)) -> bool {
    // RawEquals first. Different serialisations can still be RawEquals only
    // through a negative zero; equal serialisations never sort anyway.
    let raw_eq = match class {
        Class::Other => ah == bh || ((ai.neg_zero || bi.neg_zero) && raw_equals(a, b)),
        _ => raw_equals(a, b),
    };
    if raw_eq {
        return false;
    }
    let (an, bn) = (a.is_null(), b.is_null());
    if bn && !an {
        return true;
    } else if an {
        return false;
    }
    let (ak, bk) = (a.is_known(), b.is_known());
    if ak && !bk {
        return true;
    } else if !ak {
        return false;
    }
    match (class, &a.kind, &b.kind) {
        (Class::String, Kind::String(x), Kind::String(y)) => x.as_bytes() < y.as_bytes(),
        (Class::Bool, Kind::Bool(x), Kind::Bool(y)) => *y || !*x,
        (Class::Number, Kind::Number(x), Kind::Number(y)) => x.cmp_num(y) == Ordering::Less,
        _ => ah.as_bytes() < bh.as_bytes(),
    }
}

/// `setRules.Less` as a total preorder, for when it is one: known values
/// (by class), then unknowns, then null.
fn weak_order(class: Class, (a, ah): (&Value, &str), (b, bh): (&Value, &str)) -> Ordering {
    let rank = |v: &Value| match v.kind {
        Kind::Null => 2,
        Kind::Unknown => 1,
        _ => 0,
    };
    let (ra, rb) = (rank(a), rank(b));
    if ra != 0 || rb != 0 {
        return ra.cmp(&rb);
    }
    match (class, &a.kind, &b.kind) {
        (Class::String, Kind::String(x), Kind::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Class::Bool, Kind::Bool(x), Kind::Bool(y)) => x.cmp(y),
        (Class::Number, Kind::Number(x), Kind::Number(y)) => x.cmp_num(y),
        _ => ah.as_bytes().cmp(bh.as_bytes()),
    }
}

/// Go's `sort.SliceStable` algorithm (insertion sort of blocks of 20, then
/// SymMerge passes), reproduced step for step so that even a comparison that
/// is not a strict weak order (cty's `Less` with its `RawEquals` shortcut)
/// gives Go's result.
fn go_slice_stable<T: Copy>(data: &mut [T], mut less: impl FnMut(T, T) -> bool) {
    let n = data.len();
    let mut block = 20;
    let (mut a, mut b) = (0, block);
    while b <= n {
        insertion_sort(data, a, b, &mut less);
        a = b;
        b += block;
    }
    insertion_sort(data, a, n, &mut less);
    while block < n {
        a = 0;
        b = 2 * block;
        while b <= n {
            sym_merge(data, a, a + block, b, &mut less);
            a = b;
            b += 2 * block;
        }
        let m = a + block;
        if m < n {
            sym_merge(data, a, m, n, &mut less);
        }
        block *= 2;
    }
}

fn insertion_sort<T: Copy>(data: &mut [T], a: usize, b: usize, less: &mut impl FnMut(T, T) -> bool) {
    for i in a + 1..b {
        let mut j = i;
        while j > a && less(data[j], data[j - 1]) {
            data.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Merges the sorted runs `data[a..m]` and `data[m..b]` (SymMerge, Kim &
/// Kutzner 2004), with the same comparisons and moves as Go's `symMerge`.
fn sym_merge<T: Copy>(data: &mut [T], a: usize, m: usize, b: usize, less: &mut impl FnMut(T, T) -> bool) {
    if m - a == 1 {
        // Insert data[a] into data[m..b]: first i with !(data[i] < data[a]).
        let (mut i, mut j) = (m, b);
        while i < j {
            let h = (i + j) / 2;
            if less(data[h], data[a]) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        for k in a..i - 1 {
            data.swap(k, k + 1);
        }
        return;
    }
    if b - m == 1 {
        // Insert data[m] into data[a..m]: first i with data[m] < data[i].
        let (mut i, mut j) = (a, m);
        while i < j {
            let h = (i + j) / 2;
            if !less(data[m], data[h]) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        let mut k = m;
        while k > i {
            data.swap(k, k - 1);
            k -= 1;
        }
        return;
    }
    let mid = (a + b) / 2;
    let n = mid + m;
    let (mut start, mut r) = if m > mid { (n - b, mid) } else { (a, m) };
    let p = n - 1;
    while start < r {
        let c = (start + r) / 2;
        if !less(data[p - c], data[c]) {
            start = c + 1;
        } else {
            r = c;
        }
    }
    let end = n - start;
    if start < m && m < end {
        rotate(data, start, m, end);
    }
    if a < start && start < mid {
        sym_merge(data, a, start, mid, less);
    }
    if mid < end && end < b {
        sym_merge(data, mid, end, b, less);
    }
}

/// Turns `x u v y` into `x v u y` for `u = data[a..m]`, `v = data[m..b]`,
/// by Go's block swaps (the moves matter: they decide where equal elements go).
fn rotate<T: Copy>(data: &mut [T], a: usize, m: usize, b: usize) {
    let mut i = m - a;
    let mut j = b - m;
    while i != j {
        if i > j {
            swap_range(data, m - i, m, j);
            i -= j;
        } else {
            swap_range(data, m - i, m + j - i, i);
            j -= i;
        }
    }
    swap_range(data, m - i, m, i);
}

fn swap_range<T: Copy>(data: &mut [T], a: usize, b: usize, n: usize) {
    for i in 0..n {
        data.swap(a + i, b + i);
    }
}

// ---------------------------------------------------------------------------
// Numbers in the hash
// ---------------------------------------------------------------------------

/// Go's `big.Float.String()`, i.e. `Text('g', 10)`, of the exact binary value:
/// at most 10 significant digits (rounded half to even), `%e` form (`1e+10`,
/// `1.5e-07`) when the decimal exponent is below -4 or at least the number of
/// digits kept, `+Inf` / `-Inf`.
pub fn go_float_string(n: &Number) -> String {
    n.to_text_g10()
}

fn go_float_string_into(n: &Number, out: &mut String) {
    out.push_str(&n.to_text_g10());
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::render::console;
    use crate::value::Marks;

    use crate::testutil::{n, obj, s};
    fn strs(vs: &[Value]) -> Vec<String> {
        vs.iter().map(console).collect()
    }

    #[test]
    fn hash_bytes_follow_cty_set_hash_serialisation() {
        let m = Value::map(Type::Number, [("b".to_string(), n(2)), ("a\"".to_string(), n(1))].into_iter().collect());
        for (v, want) in [
            (Value::null(Type::String), "~"),
            (Value::unknown(Type::String), "?"),
            (Value::bool(true), "T"),
            (Value::bool(false), "F"),
            (n(-12), "-12"),
            (n(12345678901), "1.23456789e+10"),
            (s("a\"\n\u{ad}é"), r#""a\"\n\u00adé""#),
            (Value::list(Type::Number, vec![n(1), n(2)]), "[1;2;]"),
            (Value::set(Type::String, vec![s("b"), s("a")]), r#"["a";"b";]"#),
            (Value::tuple(vec![n(1), s("x")]), r#"<1;"x";>"#),
            (obj(&[("b", s("x")), ("a", Value::null(Type::Number))]), r#"<~;"x";>"#),
            (m, r#"{"a\"":1;"b":2;}"#),
            (Value::list(Type::String, vec![]), "[]"),
            (obj(&[]), "<>"),
        ] {
            assert_eq!(hash_bytes(&v), want, "{}", console(&v));
        }
        assert_eq!(hash(&s("a")), crc32fast::hash(b"\"a\""));
    }

    #[test]
    fn set_drops_exact_duplicates_keeping_one() {
        let out = normalize(vec![s("a"), s("b"), s("a"), s("a")]);
        assert_eq!(strs(&out), ["\"a\"", "\"b\""]);
        let o = || obj(&[("a", n(1)), ("b", Value::list(Type::String, vec![s("x")]))]);
        assert_eq!(normalize(vec![o(), o(), o()]).len(), 1);
    }

    #[test]
    fn set_keeps_one_null_and_sorts_it_last() {
        let out = normalize(vec![Value::null(Type::String), s("b"), Value::null(Type::String), s("a")]);
        assert_eq!(strs(&out), ["\"a\"", "\"b\"", "tostring(null)"]);
        let ot = Type::object([("a".to_string(), Type::Number)].into_iter().collect());
        let out = normalize(vec![Value::null(ot.clone()), obj(&[("a", n(1))]), Value::null(ot)]);
        assert_eq!(out.len(), 2);
        assert!(out[1].is_null());
    }

    #[test]
    fn set_orders_strings_bytewise() {
        let out = normalize(["b", "a", "B", "é", "", "aa", "Z", "~", "日"].iter().map(|x| s(x)).collect());
        assert_eq!(strs(&out), ["\"\"", "\"B\"", "\"Z\"", "\"a\"", "\"aa\"", "\"b\"", "\"~\"", "\"é\"", "\"日\""]);
    }

    #[test]
    fn set_compares_strings_after_nfc() {
        // "e" + combining acute is NFC-normalised to "é" by Value::string.
        assert_eq!(normalize(vec![s("e\u{301}"), s("\u{e9}")]).len(), 1);
    }

    #[test]
    fn set_orders_numbers_numerically() {
        let out = normalize(vec![n(10), n(2), n(-1), n(1), n(100), n(2), n(-20)]);
        assert_eq!(strs(&out), ["-20", "-1", "1", "2", "10", "100"]);
    }

    #[test]
    fn set_orders_false_before_true() {
        let out = normalize(vec![Value::bool(true), Value::null(Type::Bool), Value::bool(false), Value::bool(true)]);
        assert_eq!(strs(&out), ["false", "true", "tobool(null)"]);
    }

    #[test]
    fn set_orders_other_types_by_hash_bytes() {
        // Oracle: {a=10,b="a"} ("<10;...") before {a=1,...} ("<1;...") before {a=2,...}.
        let out = normalize(vec![
            obj(&[("a", n(1)), ("b", s("x"))]),
            obj(&[("a", n(10)), ("b", s("a"))]),
            obj(&[("a", n(2)), ("b", Value::null(Type::String))]),
        ]);
        let firsts: Vec<String> = out.iter().map(|v| console(&v.attrs().unwrap()["a"])).collect();
        assert_eq!(firsts, ["10", "1", "2"]);
        // Lists: "[" then elements; the empty list "[]" sorts after "[\"..." (']' > '"').
        let l = |xs: &[&str]| Value::list(Type::String, xs.iter().map(|x| s(x)).collect());
        let out = normalize(vec![l(&["b"]), l(&[]), l(&["a", "b"]), l(&["a"])]);
        let hashes: Vec<String> = out.iter().map(hash_bytes).collect();
        assert_eq!(hashes, [r#"["a";"b";]"#, r#"["a";]"#, r#"["b";]"#, "[]"]);
    }

    #[test]
    fn set_of_sets_treats_sets_with_the_same_elements_as_equal() {
        let inner = |xs: &[i64]| Value::set(Type::Number, xs.iter().map(|&x| n(x)).collect());
        let out = normalize(vec![inner(&[2, 1]), inner(&[1, 2]), inner(&[3]), inner(&[])]);
        assert_eq!(out.len(), 3);
        assert_eq!(strs(&out[..1]), ["toset([\n  1,\n  2,\n])"]);
    }

    #[test]
    fn set_elements_containing_unknowns_are_never_duplicates() {
        let out = normalize(vec![
            Value::unknown(Type::String),
            s("a"),
            Value::unknown(Type::String),
            Value::null(Type::String),
        ]);
        assert_eq!(strs(&out), ["\"a\"", "(known after apply)", "(known after apply)", "tostring(null)"]);
    }

    #[test]
    fn value_set_moves_element_marks_to_the_set() {
        let secret = s("b").with_marks(Marks::SENSITIVE);
        let v = Value::set(Type::String, vec![s("a"), secret, s("b")]);
        assert!(v.marks.sensitive);
        assert_eq!(strs(v.elements().unwrap()), ["\"a\"", "\"b\""]);
        assert!(v.elements().unwrap().iter().all(|e| !e.has_sensitive_deep()));
        assert_eq!(console(&v), "(sensitive value)");
    }

    #[test]
    fn set_normalises_twenty_thousand_elements_without_quadratic_dedupe() {
        // Distinct strings, all-duplicate objects, distinct objects.
        let out = normalize((0..20_000).rev().map(|i| s(&format!("k{i:05}"))).collect());
        assert_eq!(out.len(), 20_000);
        assert!(out.windows(2).all(|w| w[0].as_str() < w[1].as_str()));
        let o = || obj(&[("a", n(7)), ("b", s("x"))]);
        assert_eq!(normalize((0..20_000).map(|_| o()).collect()).len(), 1);
        let out = normalize((0..20_000).map(|i| obj(&[("a", n(i % 10_000)), ("b", s("x"))])).collect());
        assert_eq!(out.len(), 10_000);
        let hashes: Vec<String> = out.iter().map(hash_bytes).collect();
        assert!(hashes.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn go_slice_stable_reproduces_go_for_inconsistent_comparators() {
        // golden/go_stable_sort.tsv: Go's sort.SliceStable with a comparator
        // that is no strict weak order, on arrays of 0 to 1000 elements.
        let text = include_str!("../tests/golden/go_stable_sort.tsv");
        let less = |a: i64, b: i64| a != b && (a * 31 + b * 17) % 11 < 5;
        let parse = |t: &str| -> Vec<i64> { t.split_whitespace().map(|x| x.parse().unwrap()).collect() };
        let mut cases = 0;
        for line in text.lines() {
            let (input, want) = line.split_once('\t').unwrap();
            let mut xs = parse(input);
            go_slice_stable(&mut xs, less);
            assert_eq!(xs, parse(want), "input {input}");
            cases += 1;
        }
        assert_eq!(cases, 14);
    }

    #[test]
    fn numbers_hash_as_go_text_g10() {
        let num = |t: &str| Value::number(Number::parse_literal(t).unwrap());
        for (lit, want) in [
            ("0", "0"),
            ("1234567890", "1234567890"),
            ("12345678901", "1.23456789e+10"),
            ("12345678905", "1.23456789e+10"),
            ("0.00001", "1e-05"),
            ("12345.678901234", "12345.6789"),
            ("9999999999.5", "1e+10"),
            // A decimal tie that the binary value lies below: rounds down.
            ("0.000012345678915", "1.234567891e-05"),
        ] {
            assert_eq!(hash_bytes(&num(lit)), want, "{lit}");
        }
        assert_eq!(hash_bytes(&Value::number(Number::parse_literal("0").unwrap().neg())), "-0");
    }

    #[test]
    fn equals_true_and_raw_equals_follow_cty() {
        let a = obj(&[("a", n(1)), ("b", Value::null(Type::String))]);
        assert!(equals_true(&a, &a.clone()) && raw_equals(&a, &a.clone()));
        // Nulls of different types are Equal but not RawEqual.
        assert!(equals_true(&Value::null(Type::String), &Value::null(Type::Number)));
        assert!(!raw_equals(&Value::null(Type::String), &Value::null(Type::Number)));
        // Unknowns: never Equal, RawEqual to an unknown of the same type.
        assert!(!equals_true(&Value::unknown(Type::String), &Value::unknown(Type::String)));
        assert!(raw_equals(&Value::unknown(Type::String), &Value::unknown(Type::String)));
        let lists = |x: &[i64]| Value::list(Type::Number, x.iter().map(|&i| n(i)).collect());
        assert!(!equals_true(&lists(&[1]), &lists(&[1, 2])));
        let m1: crate::value::AttrMap = [("a".to_string(), n(1))].into_iter().collect();
        let m2: crate::value::AttrMap = [("b".to_string(), n(1))].into_iter().collect();
        assert!(!equals_true(&Value::map(Type::Number, m1), &Value::map(Type::Number, m2)));
    }
}
