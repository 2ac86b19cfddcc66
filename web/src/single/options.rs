//! The variable declaration's options: its name, `nullable`, `sensitive`.
//! A whole `variable` block in the type editor sets them itself: the group
//! is then disabled (a disabled fieldset disables what it holds), and its
//! note says why (shown by the stylesheet: `.options:disabled`).

use leptos::prelude::*;

use super::check::Check;
use crate::shared::words::{t, tf};
use crate::single::signals::Inputs;

#[component]
pub fn Options(inputs: Inputs, readonly: bool) -> impl IntoView {
    view! {
        <fieldset class="options" aria-label=t("ui.declaration") disabled=move || inputs.type_src.with(|t| tftype::module::block::is_block(t))>
            <code class="decl" aria-hidden="true">"variable"</code>
            <label class="name">
                <span class="visually-hidden">{t("ui.var_name")}</span>
                <input
                    type="text"
                    data-testid="var-name"
                    spellcheck="false"
                    autocomplete="off"
                    maxlength="64"
                    size="12"
                    disabled=readonly
                    title=tf("ui.var_name_title", move || vec![("product", inputs.flavor().product.name().to_string())])
                    prop:value=move || if inputs.type_src.with(|t| tftype::module::block::is_block(t)) { inputs.shown_name() } else { inputs.var_name.get() }
                    on:input=move |ev| inputs.var_name.set(event_target_value(&ev))
                />
            </label>
            <Check name="nullable" value=inputs.nullable readonly=readonly title=Signal::derive(move || t("ui.nullable_title")().to_string()) />
            <Check name="sensitive" value=inputs.sensitive readonly=readonly title=Signal::derive(move || t("ui.sensitive_title")().to_string()) />
            <span class="from-block" data-testid="options-from-block">{t("ui.options_from_block")}</span>
        </fieldset>
    }
}
