//! One evaluation, reduced to what a view shows: the result texts, or the
//! error with its places, and the underlines for each editor (the
//! one-variable view's `single::outcome` makes it from the engine's answer;
//! the Module view's detail, from a variable's check). Long texts are cut.

use tftype::diag::Source;
use tftype::i18n::{fill, text, Lang};
use tftype::Stage;

use crate::shared::cm::Mark;

/// Compared, so that an unchanged result does not re-render.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub ok: bool,
    pub stage: Option<Stage>,
    /// `typeexpr.TypeString` of the result's type.
    pub type_string: String,
    /// What `terraform console` prints for `var.NAME` (cut when very long,
    /// see `console_cut`).
    pub console: String,
    /// (lines shown, lines in all) when `console` is cut.
    pub console_cut: Option<(usize, usize)>,
    /// go-cty JSON (`{"value": ..., "type": ...}`), indented (cut when very
    /// long), or why there is none.
    pub json: String,
    /// (lines shown, lines in all) when `json` is cut.
    pub json_cut: Option<(usize, usize)>,
    pub summary: String,
    pub detail: String,
    /// The errors after the first (summary, detail) the version reports too:
    /// a `variable` block's other failing rules (issue #38 item 4).
    pub more_errors: Vec<(String, String)>,
    /// Where the errors are, in words, with the range to select.
    pub places: Vec<Place>,
    /// How many more errors there are than `places` lists.
    pub places_more: usize,
    /// The flavor's warnings (the value is accepted all the same).
    pub warnings: Vec<Warning>,
    /// How many more warnings there are than `warnings` lists.
    pub warnings_more: usize,
    pub type_marks: Vec<Mark>,
    pub value_marks: Vec<Mark>,
    /// "Terraform 1.15": the product version that gave this answer.
    pub flavor_label: String,
    /// No answer yet (the engine is starting).
    pub pending: bool,
}

/// A warning of the product (OpenTofu 1.11+: "Object attribute is ignored").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub summary: String,
    pub detail: String,
    /// Where, in the value editor (None when the warning has no place).
    pub place: Option<Place>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub source: Source,
    /// "value, line 2, column 5"
    pub label: String,
    pub from16: usize,
    pub to16: usize,
}

impl Outcome {
    /// A heading for the failed step, in plain words.
    pub fn stage_label(&self, lang: Lang) -> String {
        stage_text(self.stage, &self.flavor_label, lang)
    }

    /// The engine stopped on the input (see `engine.rs`): `why` in words.
    pub fn engine_failed(why: String, lang: Lang) -> Outcome {
        Outcome { summary: text(lang, "ui.engine_stopped").into(), detail: why, ..Outcome::default() }
    }

    /// The status line: accepted, the failed step, or (before the first
    /// answer) that the engine is starting.
    pub fn status(&self, lang: Lang) -> String {
        if self.pending {
            text(lang, "ui.starting").into()
        } else if self.ok {
            format!("✓ {}", text(lang, "ui.accepted"))
        } else {
            format!("✗ {}", self.stage_label(lang))
        }
    }
}

/// A heading for a failed step, in plain words (`flavor_label`: "Terraform 1.5").
pub fn stage_text(stage: Option<Stage>, flavor_label: &str, lang: Lang) -> String {
    let key = match stage {
        Some(Stage::Type) => "ui.stage.type",
        Some(Stage::Value) => "ui.stage.value",
        Some(Stage::Convert) => "ui.stage.convert",
        Some(Stage::Null) => "ui.stage.null",
        Some(Stage::Crash) => "ui.stage.crash",
        Some(Stage::Input) => "ui.stage.input",
        Some(Stage::Limit) => "ui.stage.limit",
        Some(Stage::Rule) => "ui.stage.rule",
        None => "ui.stage.error",
    };
    fill(lang, key, &[("flavor", flavor_label)])
}

/// The JSON tab's text for a value with unknown parts.
pub fn no_json(lang: Lang) -> &'static str {
    text(lang, "ui.no_json")
}

/// Results longer than this are shown cut (laying out a huge text on every
/// keystroke would make typing slow); "Show all" lifts the limit.
pub const SHOW_LINES: usize = 1000;
pub const SHOW_BYTES: usize = 64 * 1024;

/// The start of `text` that fits in `max_lines` lines and about `max_bytes`
/// bytes (cut at a line end when there is one), and the total number of
/// lines when anything was cut.
pub fn clip(text: &str, max_lines: usize, max_bytes: usize) -> (&str, Option<usize>) {
    let mut end = text.len();
    let mut lines = 0usize;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            lines += 1;
            if lines == max_lines || i >= max_bytes {
                end = i;
                break;
            }
        }
    }
    if end == text.len() && text.len() > max_bytes {
        // One very long line: cut inside it, at a character boundary.
        end = max_bytes;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
    }
    if end >= text.len() {
        return (text, None);
    }
    (&text[..end], Some(count_lines(text)))
}

/// The number of lines of `text`, as `str::lines` counts them (a last line
/// without its newline counts; an empty text has none), without looking at
/// each character.
pub fn count_lines(text: &str) -> usize {
    let newlines = text.as_bytes().iter().filter(|&&b| b == b'\n').count();
    newlines + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

/// "12.3 ms", without pulling float formatting into the .wasm.
pub fn format_ms(ms: f64) -> String {
    let tenths = (ms.max(0.0) * 10.0).round() as u64;
    format!("{}.{} ms", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_keeps_short_texts_whole() {
        assert_eq!(clip("a\nb\nc", 3, 100), ("a\nb\nc", None));
        assert_eq!(clip("", 3, 100), ("", None));
    }

    #[test]
    fn clip_cuts_at_the_line_limit_and_counts_all_lines() {
        assert_eq!(clip("a\nb\nc\nd", 2, 100), ("a\nb", Some(4)));
    }

    #[test]
    fn clip_cuts_at_the_byte_limit_at_a_line_end() {
        let text = "aaaa\nbbbb\ncccc\n";
        assert_eq!(clip(text, 100, 6), ("aaaa\nbbbb", Some(3)));
    }

    #[test]
    fn count_lines_counts_as_str_lines_does() {
        for t in ["", "a", "a\n", "a\nb", "a\n\nb\n", "\n", "\n\n", "a\r\nb"] {
            assert_eq!(count_lines(t), t.lines().count(), "{t:?}");
        }
    }

    #[test]
    fn clip_cuts_one_long_line_at_a_character_boundary() {
        let text = "éééé";
        assert_eq!(clip(text, 10, 3), ("é", Some(1)));
    }
}
