//! The variable declaration's options: its name, `nullable`, `sensitive`.

use leptos::prelude::*;

use super::check::Check;
use crate::signals::Inputs;

#[component]
pub fn Options(inputs: Inputs, readonly: bool) -> impl IntoView {
    view! {
        <div class="options" role="group" aria-label="Variable declaration">
            <code class="decl" aria-hidden="true">"variable"</code>
            <label class="name">
                <span class="visually-hidden">"Variable name"</span>
                <input
                    type="text"
                    data-testid="var-name"
                    spellcheck="false"
                    autocomplete="off"
                    maxlength="64"
                    size="12"
                    disabled=readonly
                    title=move || format!("The variable's name, as {}'s messages show it (var.NAME)", inputs.flavor().product.name())
                    prop:value=move || inputs.var_name.get()
                    on:input=move |ev| inputs.var_name.set(event_target_value(&ev))
                />
            </label>
            <Check name="nullable" value=inputs.nullable readonly=readonly />
            <Check name="sensitive" value=inputs.sensitive readonly=readonly />
        </div>
    }
}
