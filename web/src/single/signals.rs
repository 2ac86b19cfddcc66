//! The page's reactive state: one signal per input (`Inputs`), and the two
//! CodeMirror views once they exist (`Editors`).

use leptos::prelude::*;
use tftype::i18n::Lang;
use tftype::diag::Source;

use crate::shared::cm::{self, EditorView};
use crate::single::model::{Format, State, Tab};
use crate::single::outcome::Outcome;

/// The inputs, one signal each.
#[derive(Clone, Copy)]
pub struct Inputs {
    pub type_src: RwSignal<String>,
    pub value: RwSignal<String>,
    pub format: RwSignal<Format>,
    pub nullable: RwSignal<bool>,
    pub sensitive: RwSignal<bool>,
    pub var_name: RwSignal<String>,
    pub tab: RwSignal<Tab>,
    pub flavor: RwSignal<String>,
    /// The language of tftype's own words.
    pub lang: RwSignal<Lang>,
    /// "Show all" was pressed: very long results are shown whole from then on.
    pub show_all: RwSignal<bool>,
}

impl Inputs {
    pub fn new(s: &State) -> Inputs {
        Inputs {
            type_src: RwSignal::new(s.type_src.clone()),
            value: RwSignal::new(s.value.clone()),
            format: RwSignal::new(s.format),
            nullable: RwSignal::new(s.nullable),
            sensitive: RwSignal::new(s.sensitive),
            var_name: RwSignal::new(s.var_name.clone()),
            tab: RwSignal::new(s.tab),
            flavor: RwSignal::new(s.flavor.clone()),
            lang: RwSignal::new(s.lang.unwrap_or_default()),
            show_all: RwSignal::new(false),
        }
    }

    /// The whole state (tracked).
    pub fn state(&self) -> State {
        State { tab: self.tab.get(), lang: Some(self.lang.get()), ..self.eval_state() }
    }

    /// What the engine needs (tracked; the tab is left out so that switching
    /// tabs does not re-evaluate).
    pub fn eval_state(&self) -> State {
        State {
            type_src: self.type_src.get(),
            value: self.value.get(),
            format: self.format.get(),
            nullable: self.nullable.get(),
            sensitive: self.sensitive.get(),
            var_name: self.var_name.get(),
            tab: Tab::Console,
            flavor: self.flavor.get(),
            lang: Some(self.lang.get()),
        }
    }

    /// [`Self::eval_state`], untracked.
    pub fn eval_state_untracked(&self) -> State {
        State { tab: Tab::Console, ..self.state_untracked() }
    }

    pub fn state_untracked(&self) -> State {
        State {
            type_src: self.type_src.get_untracked(),
            value: self.value.get_untracked(),
            format: self.format.get_untracked(),
            nullable: self.nullable.get_untracked(),
            sensitive: self.sensitive.get_untracked(),
            var_name: self.var_name.get_untracked(),
            tab: self.tab.get_untracked(),
            flavor: self.flavor.get_untracked(),
            lang: Some(self.lang.get_untracked()),
        }
    }

    pub fn set(&self, s: &State) {
        self.type_src.set(s.type_src.clone());
        self.value.set(s.value.clone());
        self.format.set(s.format);
        self.nullable.set(s.nullable);
        self.sensitive.set(s.sensitive);
        self.var_name.set(s.var_name.clone());
        self.tab.set(s.tab);
        self.flavor.set(s.flavor.clone());
        if let Some(l) = s.lang {
            self.lang.set(l);
        }
    }

    /// The variable's name as the page shows it (tracked): a whole
    /// `variable` block's label when the type editor holds one (ux-5 M9),
    /// else the name field's, else the default `v`.
    pub fn shown_name(&self) -> String {
        if let Some(n) = self.type_src.with(|t| tftype::module::block::block_name(t).map(str::to_string)) {
            return n;
        }
        let n = self.var_name.with(|n| n.trim().to_string());
        if n.is_empty() {
            crate::single::model::DEFAULT_VAR_NAME.to_string()
        } else {
            n
        }
    }

    /// The chosen product version (tracked).
    pub fn flavor(&self) -> &'static tftype::flavor::Flavor {
        self.flavor.with(|f| tftype::flavor::Flavor::lookup(f).unwrap_or_else(tftype::flavor::Flavor::default_flavor))
    }
}

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

impl Editors {
    pub fn new() -> Editors {
        Editors { ty: StoredValue::new_local(None), value: StoredValue::new_local(None), clean: StoredValue::new_local((true, true)) }
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

    pub fn set_docs(&self, s: &State) {
        self.with(Source::Type, |v| cm::set_doc(v, &s.type_src));
        self.with(Source::Value, |v| cm::set_doc(v, &s.value));
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
