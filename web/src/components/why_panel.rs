//! The "Why" panel: the numbered story of what the version did with this
//! value (computed by core, `tftype::why`, in the reader's language). A
//! step hovered or focused shades its part of the value and of the type; a
//! failing step is followed by the product's own message, verbatim.

use leptos::prelude::*;
use tftype::diag::Source;
use tftype::i18n::{text, Lang};
use tftype::why::Step;

use crate::cm;
use crate::outcome::Outcome;
use crate::signals::Editors;

/// A step's text with its `code` spans (between backticks) set as code.
pub fn rich(text: &str) -> impl IntoView {
    text.split('`')
        .enumerate()
        .map(|(i, part)| {
            let part = part.to_string();
            if i % 2 == 1 {
                view! { <code>{part}</code> }.into_any()
            } else {
                part.into_any()
            }
        })
        .collect_view()
}

/// Shades (or clears) a step's parts in both editors.
pub fn highlight(editors: Editors, step: Option<&Step>) {
    editors.with(Source::Value, |v| cm::set_highlight(v, step.and_then(|s| s.value16)));
    editors.with(Source::Type, |v| cm::set_highlight(v, step.and_then(|s| s.type16)));
}

#[component]
pub fn WhyPanel(result: Memo<Outcome>, editors: Editors, lang: RwSignal<Lang>) -> impl IntoView {
    view! {
        <div class="why" data-testid="why">
            {move || result.with(|o| o.story.clone()).map(|story| view! {
                <ol class="why-steps">
                    {story.steps.into_iter().map(|s| {
                        let step = s.clone();
                        let step2 = s.clone();
                        view! {
                            <li
                                class="why-step"
                                data-testid="why-step"
                                data-kind=s.kind.clone()
                                tabindex="0"
                                on:mouseenter=move |_| highlight(editors, Some(&step))
                                on:focus=move |_| highlight(editors, Some(&step2))
                                on:mouseleave=move |_| highlight(editors, None)
                                on:blur=move |_| highlight(editors, None)
                            >
                                <span class="why-text">{rich(&s.text)}</span>
                                {s.doc.clone().map(|href| view! {
                                    " "
                                    <a class="why-doc" href=href target="_blank" rel="noopener" data-testid="why-doc">{move || text(lang.get(), "ui.why_doc")}</a>
                                })}
                            </li>
                        }
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
