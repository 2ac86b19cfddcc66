//! The language of tftype's own words (the products' messages stay as they
//! print them). Remembered in the browser.

use leptos::prelude::*;
use tftype::i18n::{text, Lang};

#[component]
pub fn LangSelect(lang: RwSignal<Lang>) -> impl IntoView {
    view! {
        <label class="lang">
            <span class="visually-hidden">{move || text(lang.get(), "ui.language")}</span>
            <select
                data-testid="lang-select"
                on:change=move |ev| {
                    if let Some(l) = Lang::parse(&event_target_value(&ev)) {
                        crate::shared::assets::switch_lang(lang, l);
                        crate::shared::page::store_lang(l);
                    }
                }
            >
                {Lang::ALL.into_iter().map(|l| view! {
                    <option value=l.code() prop:selected=move || lang.get() == l>{l.native_name(lang.get())}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
