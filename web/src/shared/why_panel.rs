//! The "Why" panel: the numbered story of what the version did with this
//! value (computed by core, `tftype::why`, in the reader's language). A
//! step hovered or focused shades its part of the value and of the type; a
//! failing step is followed by the product's own message, verbatim.

use leptos::prelude::*;
use tftype::i18n::{text, Lang};

use tftype::why::Story;

use super::story_line::StoryLine;
use crate::shared::editors::Editors;

#[component]
pub fn WhyPanel(story: RwSignal<Option<Story>>, editors: Editors, lang: RwSignal<Lang>) -> impl IntoView {
    view! {
        <div class="why" data-testid="why">
            {move || story.get().map(|story| view! {
                <ol class="why-steps">
                    {story.steps.into_iter().map(|s| view! {
                        <StoryLine step=s class="why-step" testid="why-step" show_doc=true editors=editors lang=lang />
                    }).collect_view()}
                </ol>
                {story.verbatim.map(|v| view! {
                    <div class="why-verbatim" data-testid="why-verbatim">
                        <p class="why-verbatim-summary"><strong>{v.summary}</strong></p>
                        <p class="why-verbatim-detail">{v.detail}</p>
                    </div>
                })}
            })}
            <p class="panel-note why-hint">{move || text(lang.get(), "ui.why_hint")}</p>
        </div>
    }
}
