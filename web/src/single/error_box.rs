//! The product's error, verbatim, with links to where it happened.

use leptos::prelude::*;

use crate::shared::cm;
use crate::shared::editors::Editors;
use crate::shared::outcome::Outcome;
use crate::shared::words::{t, tf};

#[component]
pub fn ErrorBox(result: Memo<Outcome>, editors: Editors) -> impl IntoView {
    view! {
        <div class="error-box" data-testid="result-error">
            <p class="error-title">
                <span class="error-word">{t("ui.error_word")}</span>
                <strong data-testid="error-summary">{move || result.with(|o| o.summary.clone())}</strong>
            </p>
            <p class="error-detail" data-testid="error-detail">{move || result.with(|o| o.detail.clone())}</p>
            // The version's other errors (a block's other failing rules), each as it prints it.
            {move || result.with(|o| o.more_errors.clone()).into_iter().map(|(summary, detail)| view! {
                <div class="error-more" data-testid="error-more">
                    <p class="error-title">
                        <span class="error-word">{t("ui.error_word")}</span>
                        <strong>{summary}</strong>
                    </p>
                    <p class="error-detail">{detail}</p>
                </div>
            }).collect_view()}
            {move || {
                let places = result.with(|o| o.places.clone());
                (!places.is_empty()).then(|| view! {
                    <ul class="places" aria-label=t("ui.where")>
                        {places.into_iter().map(|p| {
                            let (src, from, to) = (p.source, p.from16, p.to16);
                            view! {
                                <li>
                                    <button type="button" class="link" on:click=move |_| editors.with(src, |v| cm::select(v, from, to))>
                                        {p.label}
                                    </button>
                                </li>
                            }
                        }).collect_view()}
                        {move || {
                            let more = result.with(|o| o.places_more);
                            (more > 0).then(|| view! {
                                <li class="more" data-testid="places-more">{tf("ui.more_places", move || vec![("count", more.to_string())])}</li>
                            })
                        }}
                    </ul>
                })
            }}
        </div>
    }
}
