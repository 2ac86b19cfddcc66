//! tftype's notes on silent surprises (an attribute dropped without a word,
//! numbers turned into strings, ...), shown even when the value is
//! accepted, and marked as tftype's, not the product's output.

use leptos::prelude::*;
use tftype::i18n::{text, Lang};

use tftype::why::Story;

use super::story_line::StoryLine;
use crate::shared::editors::Editors;

#[component]
pub fn NotesBox(story: RwSignal<Option<Story>>, editors: Editors, lang: RwSignal<Lang>) -> impl IntoView {
    move || {
        let notes = story.with(|s| s.as_ref().map(|s| s.notes.clone()).unwrap_or_default());
        (!notes.is_empty()).then(|| {
            view! {
                <aside class="notes" aria-label=move || text(lang.get(), "ui.notes_label")>
                    <p class="notes-title">{move || text(lang.get(), "ui.notes_title")}</p>
                    <ul>
                        {notes.into_iter().map(|n| view! {
                            <StoryLine step=n class="note" testid="note" show_doc=false editors=editors lang=lang />
                        }).collect_view()}
                    </ul>
                </aside>
            }
        })
    }
}
