//! The notice above the editors.

use leptos::prelude::*;

use super::model::Format;
use super::signals::Inputs;

/// The notice above the editors. It is about the inputs it was shown with
/// (a format switch refused, or what it lost; a link that could not be
/// read; an engine restarted on them): once the type, the value or the
/// format changes, it goes.
#[derive(Clone, Copy)]
pub struct Notice {
    pub text: RwSignal<Option<String>>,
    /// The type, value and format the notice is about.
    about: StoredValue<Option<(String, String, Format)>, LocalStorage>,
    inputs: Inputs,
}

impl Notice {
    pub fn new(first: Option<String>, inputs: Inputs) -> Notice {
        let n = Notice { text: RwSignal::new(None), about: StoredValue::new_local(None), inputs };
        if let Some(t) = first {
            n.show(t);
        }
        Effect::new(move |_| {
            inputs.type_src.track();
            inputs.value.track();
            inputs.format.track();
            let changed = n.about.with_value(|a| {
                a.as_ref().is_some_and(|(ty, v, f)| {
                    inputs.type_src.with_untracked(|t| t != ty)
                        || inputs.value.with_untracked(|x| x != v)
                        || inputs.format.get_untracked() != *f
                })
            });
            if changed {
                n.clear();
            }
        });
        n
    }

    /// Shows `text`, about the inputs as they are now.
    pub fn show(self, text: String) {
        let i = self.inputs;
        self.about.set_value(Some((i.type_src.get_untracked(), i.value.get_untracked(), i.format.get_untracked())));
        self.text.set(Some(text));
    }

    pub fn clear(self) {
        self.about.set_value(None);
        self.text.set(None);
    }
}
