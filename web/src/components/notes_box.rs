//! tftype's notes on silent surprises (an attribute dropped without a word,
//! numbers turned into strings, ...), shown even when the value is
//! accepted, and marked as tftype's, not the product's output.

use leptos::prelude::*;
use tftype::i18n::{text, Lang};

use super::why_panel::highlight;
use crate::outcome::Outcome;
use crate::signals::Editors;

#[component]
pub fn NotesBox(result: Memo<Outcome>, editors: Editors, lang: RwSignal<Lang>) -> impl IntoView {
    move || {
        let notes = result.with(|o| o.story.as_ref().map(|s| s.notes.clone()).unwrap_or_default());
        (!notes.is_empty()).then(|| view! {
            <aside class="notes" aria-label=move || text(lang.get(), "ui.notes_label")>
                <p class="notes-title">{move || text(lang.get(), "ui.notes_title")}</p>
                <ul>
                    {notes.into_iter().map(|n| {
                        let (a, b) = (n.clone(), n.clone());
                        view! {
                            <li
                                class="note"
                                data-testid="note"
                                data-kind=n.kind.clone()
                                tabindex="0"
                                on:mouseenter=move |_| highlight(editors, Some(&a))
                                on:focus=move |_| highlight(editors, Some(&b))
                                on:mouseleave=move |_| highlight(editors, None)
                                on:blur=move |_| highlight(editors, None)
                            >
                                {super::why_panel::rich(&n.text)}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </aside>
        })
    }
}
