//! The two CodeMirror views of a type and a value, once they exist: the
//! one-variable view's editors, and what the Why story and the result's
//! places select in (the Module view's detail has a pair of its own).

use leptos::prelude::*;
use tftype::diag::Source;

use crate::shared::cm::{self, EditorView};
use crate::shared::outcome::Outcome;

/// The two CodeMirror views, once created.
#[derive(Clone, Copy)]
pub struct Editors {
    pub ty: StoredValue<Option<EditorView>, LocalStorage>,
    pub value: StoredValue<Option<EditorView>, LocalStorage>,
    /// Whether each editor (type, value) shows no underline: an answer
    /// without any leaves it alone (setting them costs an editor update on
    /// the keystroke's way to the screen). Underlines that are there are
    /// always set again: the editor has moved them with the edits since.
    clean: StoredValue<(bool, bool), LocalStorage>,
}

impl Default for Editors {
    fn default() -> Editors {
        Editors::new()
    }
}

impl Editors {
    pub fn new() -> Editors {
        Editors {
            ty: StoredValue::new_local(None),
            value: StoredValue::new_local(None),
            clean: StoredValue::new_local((true, true)),
        }
    }

    pub fn with(&self, source: Source, f: impl FnOnce(&EditorView)) {
        let slot = match source {
            Source::Type => self.ty,
            Source::Value => self.value,
        };
        slot.with_value(|v| {
            if let Some(v) = v {
                f(v)
            }
        });
    }

    pub fn set_docs(&self, type_src: &str, value: &str) {
        self.with(Source::Type, |v| cm::set_doc(v, type_src));
        self.with(Source::Value, |v| cm::set_doc(v, value));
    }

    /// The answer's underlines, and `notes` (tftype's notes on the value,
    /// ux-5 L18: a dropped attribute is underlined as the language server's
    /// hint is) in the value editor.
    pub fn show_marks(&self, o: &Outcome, notes: &[cm::Mark]) {
        let (type_clean, value_clean) = self.clean.get_value();
        if !(type_clean && o.type_marks.is_empty()) {
            self.with(Source::Type, |v| cm::set_marks(v, &o.type_marks));
        }
        let value_marks: Vec<cm::Mark> = o.value_marks.iter().chain(notes).cloned().collect();
        if !(value_clean && value_marks.is_empty()) {
            self.with(Source::Value, |v| cm::set_marks(v, &value_marks));
        }
        // An editor not there yet shows nothing (it is given the marks when made).
        let (has_type, has_value) = (self.ty.with_value(Option::is_some), self.value.with_value(Option::is_some));
        self.clean.set_value((!has_type || o.type_marks.is_empty(), !has_value || value_marks.is_empty()));
    }
}
