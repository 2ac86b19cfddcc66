//! Unicode Normalization Form C, as cty normalises every string value.
//!
//! The answers are exactly those of the `unicode-normalization` crate (its
//! `nfc()`), which this module replaced in the build to keep the playground's
//! download small: that crate links its compatibility (NFKD) tables and
//! perfect-hash tables too, about 54 KB of gzipped data in the .wasm. Here
//! the canonical data is three small generated tables ([`tables`]):
//!
//! * `CCC`: the canonical combining class, as runs of code points;
//! * `DECOMP_KEY`, `DECOMP_FIRST`, `DECOMP_SECOND` (columns of one table,
//!   which gzip better than rows): each canonically decomposable character
//!   with one or two characters it decomposes to (expanded again until
//!   nothing decomposes), and a flag for primary composites, i.e. the pairs
//!   that compose back;
//! * Hangul syllables are decomposed and composed arithmetically.
//!
//! `tables.rs` is generated from the crate by
//! `TFTYPE_REGEN_NFC=1 cargo test -p tftype --lib nfc::tests`, and the tests
//! check every code point and every candidate pair against the crate.

#[rustfmt::skip]
mod tables;

use std::sync::OnceLock;

use tables::{CCC, DECOMP_FIRST, DECOMP_KEY, DECOMP_SECOND};

/// Flag in a `DECOMP_KEY` entry: the pair composes back into the key's character.
const COMPOSES: u32 = 1 << 31;
/// A `DECOMP_SECOND` entry when it decomposes to one character.
const NONE: u32 = 0;

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// `s` in NFC.
pub fn nfc(s: &str) -> String {
    // Below U+0300 nothing combines, decomposes for good or is composed with
    // (tested below); in UTF-8 such text has no byte from 0xCC up.
    if s.bytes().all(|b| b < 0xCC) {
        return s.to_string();
    }
    let mut chars: Vec<char> = Vec::with_capacity(s.len());
    for c in s.chars() {
        decompose(c, &mut chars);
    }
    reorder(&mut chars);
    compose_all(&chars)
}

/// Canonical combining class of `c`.
pub(crate) fn ccc(c: char) -> u8 {
    let key = (c as u32) << 8 | 0xFF;
    // The last run that starts at or before `c`.
    match CCC.partition_point(|&e| e <= key) {
        0 => 0,
        i => (CCC[i - 1] & 0xFF) as u8,
    }
}

/// The one or two characters `c` decomposes to (the second may be [`NONE`]).
fn decomp_entry(c: u32) -> Option<(u32, u32)> {
    DECOMP_KEY.binary_search_by_key(&c, |k| k & !COMPOSES).ok().map(|i| (DECOMP_FIRST[i], DECOMP_SECOND[i]))
}

/// Appends the full canonical decomposition of `c`.
fn decompose(c: char, out: &mut Vec<char>) {
    let u = c as u32;
    if u < 0xC0 {
        out.push(c);
    } else if (S_BASE..S_BASE + S_COUNT).contains(&u) {
        let i = u - S_BASE;
        out.push(char_at(L_BASE + i / N_COUNT));
        out.push(char_at(V_BASE + (i % N_COUNT) / T_COUNT));
        if !i.is_multiple_of(T_COUNT) {
            out.push(char_at(T_BASE + i % T_COUNT));
        }
    } else if let Some(e) = decomp_entry(u) {
        decompose(char_at(e.0), out);
        if e.1 != NONE {
            decompose(char_at(e.1), out);
        }
    } else {
        out.push(c);
    }
}

fn char_at(u: u32) -> char {
    char::from_u32(u).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Canonical ordering: every run of non-starters sorted (stably) by class.
fn reorder(chars: &mut [char]) {
    let mut i = 0;
    while i < chars.len() {
        if ccc(chars[i]) == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && ccc(chars[i]) != 0 {
            i += 1;
        }
        if i - start > 1 {
            crate::sort::by_key(&mut chars[start..i], |&c| ccc(c));
        }
    }
}

/// The primary composites, by (first, second) character.
fn composites() -> &'static [(u64, char)] {
    static PAIRS: OnceLock<Vec<(u64, char)>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let mut v: Vec<(u64, char)> = (0..DECOMP_KEY.len())
            .filter(|&i| DECOMP_KEY[i] & COMPOSES != 0)
            .map(|i| (pair_key(DECOMP_FIRST[i], DECOMP_SECOND[i]), char_at(DECOMP_KEY[i] & !COMPOSES)))
            .collect();
        crate::sort::by_key(&mut v, |p| p.0);
        v
    })
}

fn pair_key(a: u32, b: u32) -> u64 {
    (a as u64) << 32 | b as u64
}

/// The primary composite of `a` followed by `b`, if any.
pub(crate) fn compose(a: char, b: char) -> Option<char> {
    let (a, b) = (a as u32, b as u32);
    if (L_BASE..L_BASE + L_COUNT).contains(&a) && (V_BASE..V_BASE + V_COUNT).contains(&b) {
        return char::from_u32(S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&a)
        && (a - S_BASE).is_multiple_of(T_COUNT)
        && (T_BASE + 1..T_BASE + T_COUNT).contains(&b)
    {
        return char::from_u32(a + (b - T_BASE));
    }
    let pairs = composites();
    pairs.binary_search_by_key(&pair_key(a, b), |p| p.0).ok().map(|i| pairs[i].1)
}

/// Canonical composition of decomposed, reordered text (the algorithm of the
/// crate's `Recompositions`, including its treatment of leading non-starters).
fn compose_all(chars: &[char]) -> String {
    let mut out = String::with_capacity(chars.len());
    // The starter being composed into, and the characters after it that did
    // not compose (their last class blocks or allows the next one).
    let mut starter: Option<char> = None;
    let mut held: Vec<char> = Vec::new();
    let mut last_ccc: Option<u8> = None;
    for &c in chars {
        let class = ccc(c);
        let Some(k) = starter else {
            if class != 0 {
                out.push(c);
            } else {
                starter = Some(c);
            }
            continue;
        };
        let blocked = matches!(last_ccc, Some(l) if l >= class);
        if !blocked {
            if let Some(r) = compose(k, c) {
                starter = Some(r);
                continue;
            }
        }
        if class == 0 {
            out.push(k);
            out.extend(held.drain(..));
            starter = Some(c);
            last_ccc = None;
        } else {
            held.push(c);
            last_ccc = Some(class);
        }
    }
    if let Some(k) = starter {
        out.push(k);
    }
    out.extend(held);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::char as un;
    use unicode_normalization::UnicodeNormalization;

    fn all_chars() -> impl Iterator<Item = char> {
        (0..=0x10FFFFu32).filter_map(char::from_u32)
    }

    fn crate_decomposition(c: char) -> Vec<char> {
        let mut v = Vec::new();
        un::decompose_canonical(c, |d| v.push(d));
        v
    }

    fn is_hangul_syllable(c: char) -> bool {
        (S_BASE..S_BASE + S_COUNT).contains(&(c as u32))
    }

    /// The candidates for the two halves of a primary composite. A composite
    /// decomposes to its first half's decomposition followed by its second
    /// half's, so the first half's decomposition starts with a character that
    /// starts a decomposition, and the second half's with one found later in
    /// a decomposition.
    fn pair_candidates() -> (Vec<char>, Vec<char>) {
        let decomposed: Vec<(char, Vec<char>)> = all_chars().map(|c| (c, crate_decomposition(c))).collect();
        let mut starts = std::collections::BTreeSet::new();
        let mut later = std::collections::BTreeSet::new();
        for (c, d) in &decomposed {
            if d.as_slice() != [*c] {
                starts.insert(d[0]);
                later.extend(d[1..].iter().copied());
            }
        }
        let firsts = decomposed.iter().filter(|(_, d)| starts.contains(&d[0])).map(|(c, _)| *c).collect();
        let seconds = decomposed.iter().filter(|(_, d)| later.contains(&d[0])).map(|(c, _)| *c).collect();
        (firsts, seconds)
    }

    /// The tables, generated from the crate.
    fn generate() -> String {
        // CCC runs.
        let mut ccc_runs: Vec<u32> = Vec::new();
        let mut prev = 0u8;
        for u in 0..=0x10FFFFu32 {
            let class = char::from_u32(u).map_or(0, un::canonical_combining_class);
            if class != prev {
                ccc_runs.push(u << 8 | class as u32);
                prev = class;
            }
        }
        // Primary composites from the crate's compose().
        let (firsts, seconds) = pair_candidates();
        let mut single: std::collections::BTreeMap<u32, (u32, u32, bool)> = Default::default();
        for &a in &firsts {
            for &b in &seconds {
                if let Some(c) = un::compose(a, b) {
                    if !is_hangul_syllable(c) {
                        let old = single.insert(c as u32, (a as u32, b as u32, true));
                        assert!(old.is_none(), "{c:?} composes from two pairs");
                    }
                }
            }
        }
        // The other decomposable characters: one or two characters whose
        // expansion is the crate's decomposition.
        let full: std::collections::BTreeMap<u32, Vec<char>> = all_chars()
            .filter(|&c| !is_hangul_syllable(c))
            .map(|c| (c as u32, crate_decomposition(c)))
            .filter(|(u, d)| d.len() != 1 || d[0] as u32 != *u)
            .collect();
        for (&u, d) in &full {
            if single.contains_key(&u) {
                continue;
            }
            let entry = match d.len() {
                1 => (d[0] as u32, NONE, false),
                2 => (d[0] as u32, d[1] as u32, false),
                n => {
                    let prefix = &d[..n - 1];
                    let (&x, _) = full.iter().find(|(_, e)| e.as_slice() == prefix).expect("a prefix character");
                    (x, d[n - 1] as u32, false)
                }
            };
            single.insert(u, entry);
        }
        fn list(s: &mut String, doc: &str, name: &str, v: &[String]) {
            *s += &format!("{doc}pub(super) static {name}: [u32; {}] = [\n", v.len());
            for chunk in v.chunks(8) {
                *s += "    ";
                *s += &chunk.iter().map(|x| format!("{x},")).collect::<Vec<_>>().join(" ");
                *s += "\n";
            }
            *s += "];\n\n";
        }
        let mut s = String::from(
            "// @generated by `TFTYPE_REGEN_NFC=1 cargo test -p tftype --lib nfc::tests` from\n\
             // the unicode-normalization crate; do not edit.\n\n",
        );
        let hex = |v: &mut dyn Iterator<Item = u32>| v.map(|x| format!("{x:#x}")).collect::<Vec<_>>();
        list(
            &mut s,
            "/// Canonical combining class runs: `code point << 8 | class`, each run lasting\n\
             /// until the next entry (class 0 before the first).\n",
            "CCC",
            &hex(&mut ccc_runs.iter().copied()),
        );
        let keys: Vec<String> =
            single.iter().map(|(u, e)| if e.2 { format!("{u:#x} | C") } else { format!("{u:#x}") }).collect();
        list(
            &mut s,
            "/// Canonically decomposable characters, sorted; `| C` marks primary composites.\n",
            "DECOMP_KEY",
            &keys,
        );
        list(
            &mut s,
            "/// The first character each key decomposes to.\n",
            "DECOMP_FIRST",
            &hex(&mut single.values().map(|e| e.0)),
        );
        list(
            &mut s,
            "/// The second character each key decomposes to, or 0.\n",
            "DECOMP_SECOND",
            &hex(&mut single.values().map(|e| e.1)),
        );
        s += "const C: u32 = super::COMPOSES;\n";
        s
    }

    #[test]
    fn nfc_tables_are_the_generated_ones() {
        crate::testutil::check_generated_file("src/nfc/tables.rs", &generate(), "TFTYPE_REGEN_NFC");
    }

    #[test]
    fn ccc_and_decomposition_equal_the_crate_for_every_code_point() {
        for c in all_chars() {
            assert_eq!(ccc(c), un::canonical_combining_class(c), "ccc of {c:?}");
            let mut mine = Vec::new();
            decompose(c, &mut mine);
            assert_eq!(mine, crate_decomposition(c), "decomposition of {c:?}");
        }
    }

    #[test]
    fn composition_equals_the_crate_for_every_candidate_pair() {
        let (firsts, seconds) = pair_candidates();
        // Hangul: every leading consonant, vowel and syllable with every jamo.
        let jamo: Vec<char> = (0x1100..0x1200).filter_map(char::from_u32).collect();
        let syllables: Vec<char> = (S_BASE..S_BASE + S_COUNT).step_by(7).filter_map(char::from_u32).collect();
        for (aa, bb) in [(&firsts, &seconds), (&jamo, &jamo), (&syllables, &jamo)] {
            for &a in aa {
                for &b in bb {
                    assert_eq!(compose(a, b), un::compose(a, b), "compose({a:?}, {b:?})");
                }
            }
        }
    }

    #[test]
    fn nothing_below_u0300_changes_or_is_composed_with() {
        let (firsts, _) = pair_candidates();
        for c in (0..0x300u32).filter_map(char::from_u32) {
            assert_eq!(c.to_string().nfc().collect::<String>(), c.to_string());
            assert_eq!(un::canonical_combining_class(c), 0);
            for &a in &firsts {
                assert_eq!(un::compose(a, c), None, "{a:?} + {c:?}");
            }
        }
    }

    #[test]
    fn nfc_equals_the_crate_on_every_single_character() {
        for c in all_chars() {
            let s = c.to_string();
            assert_eq!(nfc(&s), s.nfc().collect::<String>(), "{c:?}");
        }
    }

    #[test]
    fn nfc_equals_the_crate_on_mixed_sequences() {
        let (firsts, seconds) = pair_candidates();
        let mut pool: Vec<char> = firsts.iter().chain(&seconds).copied().collect();
        pool.extend([
            'a', 'A', ' ', 'é', '\u{1100}', '\u{1161}', '\u{11A8}', '\u{AC00}', '\u{AC01}', '\u{0345}', '\u{0F71}',
        ]);
        pool.extend((0x300..0x370).filter_map(char::from_u32));
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..60_000 {
            let len = 1 + next(7);
            let s: String = (0..len).map(|_| pool[next(pool.len())]).collect();
            assert_eq!(
                nfc(&s),
                s.nfc().collect::<String>(),
                "{s:?} = {:x?}",
                s.chars().map(|c| c as u32).collect::<Vec<_>>()
            );
        }
        for s in [
            "e\u{301}",
            "\u{301}e",
            "a\u{328}\u{301}",
            "\u{1100}\u{1161}\u{11A8}",
            "\u{AC00}\u{11A8}",
            "\u{212B}",
            "\u{1D160}",
            "q\u{307}\u{323}",
        ] {
            assert_eq!(nfc(s), s.nfc().collect::<String>(), "{s:?}");
        }
    }
}
