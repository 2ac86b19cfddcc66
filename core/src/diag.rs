//! Diagnostics: what went wrong, Terraform's words, and where (a byte range in
//! the editor the problem belongs to).

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Serialize;

/// Which editor a diagnostic's range points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Type,
    Value,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

/// Byte offsets -> UTF-16 code unit offsets (what CodeMirror and JS strings use).
/// Offsets inside a character or past the end are clamped.
pub fn utf16_range(src: &str, r: &Range<usize>) -> Range<usize> {
    utf16_offset(src, r.start)..utf16_offset(src, r.end)
}

pub fn utf16_offset(src: &str, byte: usize) -> usize {
    let mut b = byte.min(src.len());
    while b > 0 && !src.is_char_boundary(b) {
        b -= 1;
    }
    src[..b].encode_utf16().count()
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
