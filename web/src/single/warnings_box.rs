//! The product's warnings for an accepted value (OpenTofu 1.11+), verbatim,
//! with links to where they are.

use leptos::prelude::*;

use crate::shared::cm;
use crate::shared::editors::Editors;
use crate::shared::outcome::Outcome;
use crate::shared::words::{t, tf};

#[component]
pub fn WarningsBox(result: Memo<Outcome>, editors: Editors) -> impl IntoView {
    move || {
        let warnings = result.with(|o| o.warnings.clone());
        (!warnings.is_empty()).then(|| view! {
            <div class="warning-box" data-testid="result-warnings" role="note">
                {warnings.into_iter().map(|w| view! {
                    <div class="warning">
                        <p class="warning-title">
                            <span class="warning-word">{t("ui.warning_word")}</span>
                            <strong>{w.summary}</strong>
                        </p>
                        <p class="warning-detail">{w.detail}</p>
                        {w.place.map(|p| {
                            let (src, from, to) = (p.source, p.from16, p.to16);
                            view! {
                                <button type="button" class="link" on:click=move |_| editors.with(src, |v| cm::select(v, from, to))>
                                    {p.label}
                                </button>
                            }
                        })}
                    </div>
                }).collect_view()}
                {move || {
                    let more = result.with(|o| o.warnings_more);
                    (more > 0).then(|| view! {
                        <p class="more" data-testid="warnings-more">{tf("ui.more_warnings", move || vec![("count", more.to_string())])}</p>
                    })
                }}
            </div>
        })
    }
}
