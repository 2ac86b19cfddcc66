//! hcl source positions: lines, and columns counted in grapheme clusters (as
//! hclsyntax's token accumulator counts them), printed the way
//! `hcl.Range.String()` prints a range.

use std::ops::Range;

use crate::unicode::{self, Unicode};

/// Line starts of a text, for turning byte offsets into hcl positions.
pub struct PosMap<'a> {
    src: &'a str,
    line_starts: Vec<usize>,
    unicode: Unicode,
}

impl<'a> PosMap<'a> {
    /// With the grapheme clusters of current hcl (go-textseg v15, Unicode 15.0).
    pub fn new(src: &'a str) -> PosMap<'a> {
        PosMap::new_as(src, Unicode::V15_0)
    }

    /// With the grapheme clusters of a Unicode version (hcl 2.16 and older
    /// link go-textseg v13).
    pub fn new_as(src: &'a str, unicode: Unicode) -> PosMap<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(src.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1));
        PosMap { src, line_starts, unicode }
    }

    /// [`PosMap::range_string`] of one range, without a map of every line
    /// (a text asked once: its lines are counted up to the range's end only).
    pub fn range_string_once(src: &str, unicode: Unicode, filename: &str, r: &Range<usize>) -> String {
        let pos = |byte: usize| {
            let byte = byte.min(src.len());
            let mut end = byte;
            while !src.is_char_boundary(end) {
                end -= 1;
            }
            let before = &src.as_bytes()[..end];
            // Counted in runs of at most 255 bytes into a byte-wide sum (which
            // the compiler turns into vector compares).
            let line: usize =
                before.chunks(255).map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n')))).sum();
            let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let seg = &src[start..end];
            let cols = if seg.is_ascii() { seg.len() } else { unicode::grapheme_count(seg, unicode) };
            (line + 1, cols + 1)
        };
        format_range(filename, pos(r.start), pos(r.end))
    }

    /// 1-based line and column of a byte offset.
    pub fn pos(&self, byte: usize) -> (usize, usize) {
        let byte = byte.min(self.src.len());
        let line = self.line_starts.partition_point(|&s| s <= byte) - 1;
        let start = self.line_starts[line];
        let mut end = byte;
        while !self.src.is_char_boundary(end) {
            end -= 1;
        }
        let seg = &self.src[start..end];
        let cols = if seg.is_ascii() { seg.len() } else { unicode::grapheme_count(seg, self.unicode) };
        (line + 1, cols + 1)
    }

    /// `file:l,c-c` or `file:l,c-l,c`.
    pub fn range_string(&self, filename: &str, r: &Range<usize>) -> String {
        format_range(filename, self.pos(r.start), self.pos(r.end))
    }
}

pub fn format_range(filename: &str, start: (usize, usize), end: (usize, usize)) -> String {
    if start.0 == end.0 {
        format!("{filename}:{},{}-{}", start.0, start.1, end.1)
    } else {
        format!("{filename}:{},{}-{},{}", start.0, start.1, end.0, end.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_grapheme_clusters() {
        let src = "v = \"e\u{301}x\"\n";
        let m = PosMap::new(src);
        assert_eq!(m.range_string("f", &(4..src.len() - 1)), "f:1,5-9");
    }

    #[test]
    fn multi_line_ranges_print_both_lines() {
        let src = "v = [\n  1,\n]\n";
        let m = PosMap::new(src);
        assert_eq!(m.range_string("terraform.tfvars", &(4..src.len() - 1)), "terraform.tfvars:1,5-3,2");
    }

    /// A range printed once, without the map of every line, reads as the
    /// map prints it: lines, grapheme columns, offsets inside a character.
    #[test]
    fn a_range_printed_once_is_the_one_the_map_prints() {
        let src = "v = [\n  \"e\u{301}x\",\r\n\n  1,\n]\n";
        let m = PosMap::new(src);
        for start in 0..src.len() {
            for end in [start, start + 1, src.len() - 1, src.len(), src.len() + 3] {
                let r = start..end;
                assert_eq!(PosMap::range_string_once(src, Unicode::V15_0, "f", &r), m.range_string("f", &r), "{r:?}");
            }
        }
    }
}
