//! Chooses between the one-variable view and the Module view.

use leptos::prelude::*;

use crate::words::t;

#[component]
pub fn ViewSwitch<F>(module_shown: RwSignal<bool>, open_module: F) -> impl IntoView
where
    F: Fn() + Copy + 'static,
{
    view! {
        <div class="view-switch" role="group" aria-label=t("ui.view.label") data-testid="view-switch">
            <button
                type="button"
                class="btn"
                data-testid="view-variable"
                aria-pressed=move || (!module_shown.get()).to_string()
                on:click=move |_| module_shown.set(false)
            >
                {t("ui.view.variable")}
            </button>
            <button
                type="button"
                class="btn"
                data-testid="view-module"
                aria-pressed=move || module_shown.get().to_string()
                on:click=move |_| open_module()
            >
                {t("ui.view.module")}
            </button>
        </div>
    }
}
