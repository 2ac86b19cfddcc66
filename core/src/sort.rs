//! One stable sort for the whole crate.
//!
//! Every `slice::sort_by` with its own element type and comparison is a
//! separate copy of the standard library's sort in the page's `.wasm` (about
//! 3 KB each). Here the standard sort is instantiated once, over positions,
//! and each caller's comparison is reached through a `dyn` call; the
//! elements are then moved into place by following the permutation's cycles.
//! Equal elements keep their order, as `sort_by` keeps them.
//!
//! Collecting into a `BTreeMap` or `BTreeSet` sorts too: `collect()` makes
//! a copy of the standard sort for every iterator type it is given (seven
//! for `BTreeMap<String, Type>` alone, 130 KB of engine_module's code was
//! sorting). [`map`] and [`set`] build the same collections by inserting,
//! with no sort (natively [`map`] sorts once and builds the tree in one pass:
//! there only time counts).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// The positions `0..n` in the stable order `cmp` gives them (32 bits
/// each: half the room of `usize` on a 64-bit machine, and no value has
/// 2^32 parts).
fn order(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<u32> {
    let mut at: Vec<u32> = (0..n as u32).collect();
    at.sort_by(|&a, &b| cmp(a as usize, b as usize));
    at
}

/// Sorts `v` stably by `cmp` (as `v.sort_by(cmp)`).
pub fn by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut at = order(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    // `at[i]` names the element that belongs at `i`. Each cycle of the
    // permutation is walked once, swapping its elements into place; a slot
    // that is done points at itself.
    for start in 0..at.len() {
        let mut i = start;
        loop {
            let from = at[i] as usize;
            at[i] = i as u32;
            if from == start || from == i {
                break;
            }
            v.swap(i, from);
            i = from;
        }
    }
}

/// Sorts `v` stably by the key `key` gives each element (as `sort_by_key`).
pub fn by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    by(v, |a, b| key(a).cmp(&key(b)))
}

/// Sorts `v` stably in its natural order (as `v.sort()`).
pub fn natural<T: Ord>(v: &mut [T]) {
    by(v, T::cmp)
}

/// The map `pairs` make, as `collect::<BTreeMap<_, _>>()` makes it: for a
/// key given more than once, the last value given.
///
/// Natively, where the size of the code does not count, the pairs are
/// sorted once and the tree is built from them in one pass (`collect` of
/// pairs in order), cheaper than inserting each (a check of 10,000
/// variables builds a few maps of them). They are sorted by [`by`], which
/// moves each pair about once: `collect`'s own sort moves large values
/// many times.
#[cfg(not(target_arch = "wasm32"))]
pub fn map<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut v: Vec<(K, V)> = pairs.into_iter().collect();
    by(&mut v, |a, b| a.0.cmp(&b.0));
    // Already in order: `collect` finds one run, and keeps a key's last value.
    v.into_iter().collect()
}

/// The map `pairs` make, as `collect::<BTreeMap<_, _>>()` makes it: for a
/// key given more than once, the last value given.
#[cfg(target_arch = "wasm32")]
pub fn map<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut m = BTreeMap::new();
    for (k, v) in pairs {
        m.insert(k, v);
    }
    m
}

/// The set `items` make, as `collect::<BTreeSet<_>>()` makes it.
pub fn set<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut s = BTreeSet::new();
    for t in items {
        s.insert(t);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sorting by the first of a pair must give what the standard stable
    /// sort gives: the same order, ties in their first order.
    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        let mut seed = 7u64;
        for n in [0usize, 1, 2, 3, 5, 17, 100, 1000] {
            for modulo in [1u64, 3, 1000] {
                let v: Vec<(u64, usize)> = (0..n)
                    .map(|i| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        ((seed >> 33) % modulo, i)
                    })
                    .collect();
                let mut want = v.clone();
                want.sort_by_key(|p| p.0);
                let mut got = v.clone();
                by_key(&mut got, |p| p.0);
                assert_eq!(got, want, "n={n} modulo={modulo}");
            }
        }
    }

    #[test]
    fn natural_order_and_reversed_input() {
        let mut v: Vec<String> = (0..50).rev().map(|i| format!("k{i:02}")).collect();
        natural(&mut v);
        let want: Vec<String> = (0..50).map(|i| format!("k{i:02}")).collect();
        assert_eq!(v, want);
    }

    /// `map` and `set` give what `collect` gives: sorted, a key given twice
    /// keeping its last value.
    #[test]
    fn map_and_set_collect_as_collect_does() {
        let pairs: Vec<(String, usize)> =
            [("b", 1), ("a", 2), ("b", 3), ("c", 4), ("a", 5)].iter().map(|&(k, v)| (k.to_string(), v)).collect();
        let want: BTreeMap<String, usize> = pairs.iter().cloned().collect();
        assert_eq!(map(pairs.iter().cloned()), want);
        assert_eq!(map(pairs.iter().cloned())["b"], 3);
        let want: BTreeSet<&str> = ["z", "a", "z", "m"].into_iter().collect();
        assert_eq!(set(["z", "a", "z", "m"]), want);
        assert!(map(Vec::<(u8, u8)>::new()).is_empty());
    }
}
