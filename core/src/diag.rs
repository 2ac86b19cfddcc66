//! Diagnostics: what went wrong, Terraform's words, and where (a byte range in
//! the editor the problem belongs to).

use std::collections::BTreeMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

/// Which editor a diagnostic's range points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Type,
    Value,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub summary: String,
    pub detail: String,
    pub source: Source,
    /// Byte range in the source text of `source`'s editor.
    pub range: Option<Range<usize>>,
}

impl Diagnostic {
    pub fn error(
        source: Source,
        summary: impl Into<String>,
        detail: impl Into<String>,
        range: Option<Range<usize>>,
    ) -> Diagnostic {
        Diagnostic { severity: Severity::Error, summary: summary.into(), detail: detail.into(), source, range }
    }
}

/// At most this many diagnostics of one evaluation are kept (Terraform
/// lists them all; a value with millions of errors, `[x, x, ...]`, would
/// take gigabytes to list). The first ones are kept exactly, in Terraform's
/// order; the rest are only counted (see [`Capped`]).
pub const MAX_DIAGNOSTICS: usize = 100;

/// A list that keeps its first [`MAX_DIAGNOSTICS`] items and only counts the
/// rest, so that collecting any number of diagnostics costs bounded memory.
/// `len` counts every item pushed, kept or not, so code that compares
/// lengths to see whether something failed works as with a `Vec`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capped<T> {
    items: Vec<T>,
    /// Items pushed after the list was full. Invariant: `more > 0` only
    /// when `items` is full, so the kept items are always the first ones.
    more: usize,
}

impl<T> Default for Capped<T> {
    fn default() -> Self {
        Capped { items: Vec::new(), more: 0 }
    }
}

impl<T> Capped<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn one(item: T) -> Self {
        Capped { items: vec![item], more: 0 }
    }

    pub fn push(&mut self, item: T) {
        if self.items.len() < MAX_DIAGNOSTICS {
            self.items.push(item);
        } else {
            self.more += 1;
        }
    }

    /// Every item pushed, kept or only counted.
    pub fn len(&self) -> usize {
        self.items.len() + self.more
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many items were counted but not kept.
    pub fn omitted(&self) -> usize {
        self.more
    }

    /// The kept items.
    pub fn kept(&self) -> &[T] {
        &self.items
    }

    /// Forgets every item after the first `n` (of all pushed).
    pub fn truncate(&mut self, n: usize) {
        if n <= self.items.len() {
            self.items.truncate(n);
            self.more = 0;
        } else {
            self.more = self.more.min(n - self.items.len());
        }
    }

    /// The last item pushed, when it was kept.
    pub fn last(&self) -> Option<&T> {
        if self.more > 0 {
            None
        } else {
            self.items.last()
        }
    }

    /// Removes the last item pushed; returns it when it was kept.
    pub fn pop(&mut self) -> Option<T> {
        if self.more > 0 {
            self.more -= 1;
            None
        } else {
            self.items.pop()
        }
    }

    /// Appends every item of `other`, kept or counted, after these.
    pub fn append(&mut self, other: Capped<T>) {
        let more = other.more;
        for item in other.items {
            self.push(item);
        }
        self.more += more;
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Capped<U> {
        Capped { items: self.items.into_iter().map(f).collect(), more: self.more }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn first(&self) -> Option<&T> {
        self.items.first()
    }

    /// The kept items and the number of the others.
    pub fn into_parts(self) -> (Vec<T>, usize) {
        (self.items, self.more)
    }
}

impl<T> From<Vec<T>> for Capped<T> {
    fn from(v: Vec<T>) -> Self {
        let mut c = Capped::new();
        c.extend(v);
        c
    }
}

impl<T> Extend<T> for Capped<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for item in iter {
            self.push(item);
        }
    }
}

impl<T> FromIterator<T> for Capped<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut c = Capped::new();
        c.extend(iter);
        c
    }
}

impl<T> std::ops::Deref for Capped<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<T> IntoIterator for Capped<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Capped<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for Capped<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.more == 0 && self.items == *other
    }
}

/// Byte offsets -> UTF-16 code unit offsets (what CodeMirror and JS strings
/// use) in one text, for any number of offsets: the UTF-16 length of every
/// block of 1,024 bytes is counted once, so each look-up
/// counts at most one block (many diagnostics in a large text cost linear
/// time, not quadratic).
pub struct Utf16Map<'a> {
    src: &'a str,
    /// UTF-16 length of the text before each block boundary (rounded down
    /// to a character boundary); empty for ASCII text, where the offsets
    /// are the same.
    before: Vec<usize>,
}

impl<'a> Utf16Map<'a> {
    const BLOCK: usize = 1024;

    pub fn new(src: &'a str) -> Utf16Map<'a> {
        let mut before = Vec::new();
        if !src.is_ascii() {
            let mut count = 0;
            let mut last = 0;
            let mut at = 0;
            while at <= src.len() {
                let b = floor_char_boundary(src, at);
                count += src[last..b].encode_utf16().count();
                before.push(count);
                last = b;
                at += Self::BLOCK;
            }
        }
        Utf16Map { src, before }
    }

    /// Offsets inside a character or past the end are clamped.
    pub fn offset(&self, byte: usize) -> usize {
        let b = floor_char_boundary(self.src, byte.min(self.src.len()));
        if self.before.is_empty() {
            return b;
        }
        let block = b / Self::BLOCK;
        let start = floor_char_boundary(self.src, block * Self::BLOCK);
        self.before[block] + self.src[start..b].encode_utf16().count()
    }

    pub fn range(&self, r: &Range<usize>) -> Range<usize> {
        self.offset(r.start)..self.offset(r.end)
    }

    /// The byte offset of a UTF-16 offset (the inverse of [`Self::offset`]);
    /// inside a surrogate pair: the character's start; past the end: the
    /// text's length.
    pub fn byte(&self, unit: usize) -> usize {
        if self.before.is_empty() {
            return unit.min(self.src.len());
        }
        // The last block that starts at or before `unit`.
        let block = self.before.partition_point(|&u| u <= unit).saturating_sub(1);
        let start = floor_char_boundary(self.src, block * Self::BLOCK);
        let mut count = self.before[block];
        for (i, c) in self.src[start..].char_indices() {
            let next = count + c.len_utf16();
            if next > unit {
                return start + i;
            }
            count = next;
        }
        self.src.len()
    }
}

fn floor_char_boundary(src: &str, mut b: usize) -> usize {
    b = b.min(src.len());
    while b > 0 && !src.is_char_boundary(b) {
        b -= 1;
    }
    b
}

/// Where the parts of a source text are: the range of a whole expression and,
/// for literal tuples/objects (values) or constructors (types), the ranges of
/// their parts keyed like a cty path step: attribute name, element index as a
/// decimal string, or "" for a collection's element type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpanTree {
    pub range: Range<usize>,
    pub kids: BTreeMap<String, SpanTree>,
}

impl SpanTree {
    pub fn leaf(range: Range<usize>) -> SpanTree {
        SpanTree { range, kids: BTreeMap::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A capped list behaves like the list of every item pushed, except
    /// that only the first `MAX_DIAGNOSTICS` are kept.
    #[test]
    fn capped_list_keeps_the_first_items_and_counts_like_the_full_list() {
        let m = MAX_DIAGNOSTICS;
        let full = |n: usize| -> Capped<usize> { (0..n).collect() };
        let cases: [(&str, Capped<usize>, usize, usize); 8] = [
            ("under the limit", full(3), 3, 0),
            ("at the limit", full(m), m, 0),
            ("over the limit", full(m + 5), m, 5),
            (
                "truncated into the counted part",
                {
                    let mut c = full(m + 5);
                    c.truncate(m + 2);
                    c
                },
                m,
                2,
            ),
            (
                "truncated into the kept part",
                {
                    let mut c = full(m + 5);
                    c.truncate(4);
                    c
                },
                4,
                0,
            ),
            (
                "popped from the counted part",
                {
                    let mut c = full(m + 1);
                    assert_eq!(c.pop(), None);
                    c
                },
                m,
                0,
            ),
            (
                "appended past the limit",
                {
                    let mut c = full(m - 1);
                    c.append((m - 1..2 * m + 2).collect());
                    c
                },
                m,
                m + 2,
            ),
            (
                "appended after counted items",
                {
                    let mut c = full(m + 1);
                    c.append((m + 1..m + 3).collect());
                    c
                },
                m,
                3,
            ),
        ];
        for (what, c, kept, omitted) in cases {
            assert_eq!((c.kept().len(), c.omitted(), c.len()), (kept, omitted, kept + omitted), "{what}");
            assert!(c.iter().copied().eq(0..kept), "{what}: the first items are kept in order");
        }
        let mut c = full(m + 1);
        assert_eq!(c.last(), None, "the last item pushed was not kept");
        c.truncate(m);
        assert_eq!(c.last(), Some(&(m - 1)));
    }

    #[test]
    fn utf16_offsets_count_code_units_and_clamp() {
        // "é" is 2 bytes and 1 unit, "🙂" 4 bytes and 2 units.
        let src = "aé🙂b";
        let m = Utf16Map::new(src);
        let cases = [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (7, 4), (8, 5), (99, 5)];
        for (byte, unit) in cases {
            assert_eq!(m.offset(byte), unit, "byte {byte}");
        }
    }

    #[test]
    fn utf16_offsets_agree_with_counting_from_the_start_across_blocks() {
        let src: String = (0..5000).map(|i| ["a", "é", "🙂", "日"][i % 4]).collect();
        let m = Utf16Map::new(&src);
        for byte in (0..=src.len() + 3).step_by(7) {
            let b = floor_char_boundary(&src, byte);
            assert_eq!(m.offset(byte), src[..b].encode_utf16().count(), "byte {byte}");
            assert_eq!(m.byte(m.offset(byte)), b, "byte {byte} back");
        }
        // Inside a surrogate pair: the character's start; past the end: the end.
        let m = Utf16Map::new("a🙂b");
        assert_eq!((m.byte(1), m.byte(2), m.byte(3), m.byte(4), m.byte(99)), (1, 1, 5, 6, 6));
        assert_eq!(Utf16Map::new("abc").byte(7), 3);
    }
}
