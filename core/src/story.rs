//! The Why story as data: steps and notes with their texts and ranges. The
//! pipeline's [`crate::Response`] carries one; [`crate::why`] tells it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

/// One step of the story, or one note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The catalog key of the step's text (`why.default_filled`).
    pub kind: String,
    /// Where in the value (`tfdiags.FormatCtyPath`, groups as `[0]–[9].a`).
    pub path: String,
    /// The text's parameters (attribute names, types, values).
    pub params: BTreeMap<String, String>,
    /// The text, in the story's language.
    pub text: String,
    /// The part of the value source it is about (UTF-16 offsets).
    pub value16: Option<[usize; 2]>,
    /// The part of the type source it is about (UTF-16 offsets).
    pub type16: Option<[usize; 2]>,
    /// A group's other places in the value source (UTF-16 offsets; the
    /// first is `value16`), at most the first 1,000.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more16: Vec<[usize; 2]>,
    /// The section of the product's documentation that states the rule (in
    /// the reader's language where a translation exists).
    pub doc: Option<String>,
}

/// What the product printed, kept verbatim next to the story's words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verbatim {
    pub summary: String,
    pub detail: String,
}

/// The whole story.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Story {
    pub lang: Lang,
    pub ok: bool,
    pub steps: Vec<Step>,
    pub notes: Vec<Step>,
    /// The product's own message when the value is not accepted.
    pub verbatim: Option<Verbatim>,
}
