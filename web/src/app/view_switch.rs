//! Chooses between the one-variable view and the Module view. Its clicks
//! are handled by `js-src/module-host.js` (see `module/host.rs`), which also says
//! which button is pressed.

use leptos::prelude::*;

use crate::shared::words::t;

#[component]
pub fn ViewSwitch() -> impl IntoView {
    view! {
        <div class="view-switch" role="group" aria-label=t("ui.view.label") data-testid="view-switch">
            <button type="button" class="btn" data-testid="view-variable" data-view="variable" aria-pressed="true">
                {t("ui.view.variable")}
            </button>
            <button type="button" class="btn" data-testid="view-module" data-view="module" aria-pressed="false">
                {t("ui.view.module")}
            </button>
        </div>
    }
}
