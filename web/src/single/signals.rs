//! The one-variable view's reactive state: one signal per input
//! (`Inputs`); its two editors are `shared::editors::Editors`.

use leptos::prelude::*;
use tftype::i18n::Lang;

use crate::single::model::{Format, State, Tab};

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
