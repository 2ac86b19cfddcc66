//! The site header: name, product version, examples, share, theme.

use leptos::prelude::*;

use super::flavor_select::FlavorSelect;
use super::lang_select::LangSelect;
use crate::shared::page::Theme;
use crate::shared::words::t;

#[component]
pub fn Header<S, T>(
    flavor: RwSignal<String>,
    lang: RwSignal<tftype::i18n::Lang>,
    gallery_open: RwSignal<bool>,
    theme: RwSignal<Theme>,
    share_status: RwSignal<Option<String>>,
    share_fallback: RwSignal<Option<String>>,
    share_now: S,
    toggle_theme: T,
) -> impl IntoView
where
    S: Fn() + Copy + 'static,
    T: Fn() + Copy + 'static,
{
    view! {
        <header class="site-header" data-testid="site-header">
            <div class="brand">
                <span class="logo" aria-hidden="true">"{ }"</span>
                <div>
                    <h1>"tftype"</h1>
                    <p class="tagline">{t("ui.tagline")}</p>
                </div>
            </div>
            <nav class="actions" aria-label=t("ui.nav_label")>
                // Two groups that wrap whole: the pickers, and the buttons.
                <div class="action-group">
                    <FlavorSelect flavor=flavor readonly=false />
                    <LangSelect lang=lang />
                </div>
                <div class="action-group">
                    <button
                        type="button"
                        id="examples-toggle"
                        class="btn"
                        data-testid="examples-toggle"
                        aria-controls="gallery"
                        aria-expanded=move || gallery_open.get().to_string()
                        on:click=move |_| gallery_open.update(|o| *o = !*o)
                    >
                        {t("ui.examples")}
                    </button>
                    <button type="button" class="btn" data-testid="share" on:click=move |_| share_now()>
                        {t("ui.share")}
                    </button>
                    <button
                        type="button"
                        class="btn icon"
                        data-testid="theme-toggle"
                        aria-label=t("ui.dark_mode")
                        aria-pressed=move || (theme.get() == Theme::Dark).to_string()
                        title=move || match theme.get() {
                            Theme::Dark => t("ui.to_light")(),
                            Theme::Light => t("ui.to_dark")(),
                        }
                        on:click=move |_| toggle_theme()
                    >
                        <span aria-hidden="true">{move || match theme.get() {
                            Theme::Dark => "☾",
                            Theme::Light => "☀",
                        }}</span>
                    </button>
                </div>
            </nav>
            <p class="share-status" role="status" data-testid="share-status">
                {move || share_status.get().map(|key| tftype::i18n::text(lang.get(), &key).to_string())}
                {move || share_fallback.get().map(|link| view! {
                    <input
                        class="share-link"
                        data-testid="share-link"
                        readonly=true
                        aria-label=t("ui.share_link")
                        prop:value=link
                        on:focus=move |ev| {
                            use wasm_bindgen::JsCast;
                            if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                i.select();
                            }
                        }
                    />
                })}
            </p>
        </header>
    }
}
