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
    pub fn error(source: Source, summary: impl Into<String>, detail: impl Into<String>, range: Option<Range<usize>>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, summary: summary.into(), detail: detail.into(), source, range }
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
        }
    }
}
