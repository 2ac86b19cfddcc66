//! The variable declaration's options: its name, `nullable`, `sensitive`.
//! A whole `variable` block in the type editor sets them itself: they are
//! then disabled, and say so.

use leptos::prelude::*;

use super::check::Check;
use crate::signals::Inputs;
use crate::words::{t, tf};

#[component]
pub fn Options(inputs: Inputs, readonly: bool) -> impl IntoView {
    let block = Memo::new(move |_| inputs.type_src.with(|t| tftype::module::block::is_block(t)));
    let off = Signal::derive(move || readonly || block.get());
    view! {
        <div class="options" role="group" aria-label=t("ui.declaration")>
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
                    disabled=move || off.get()
                    title=tf("ui.var_name_title", move || vec![("product", inputs.flavor().product.name().to_string())])
                    prop:value=move || inputs.var_name.get()
                    on:input=move |ev| inputs.var_name.set(event_target_value(&ev))
                />
            </label>
            <Check name="nullable" value=inputs.nullable readonly=off title=Signal::derive(move || t("ui.nullable_title")().to_string()) />
            <Check name="sensitive" value=inputs.sensitive readonly=off title=Signal::derive(move || t("ui.sensitive_title")().to_string()) />
            <Show when=move || block.get()>
                <span class="from-block" data-testid="options-from-block">{t("ui.options_from_block")}</span>
            </Show>
        </div>
    }
}
