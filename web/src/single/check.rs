//! A checkbox for one boolean argument of the variable.

use leptos::prelude::*;

/// `name` is the label and the test id.
#[component]
pub fn Check(
    name: &'static str,
    value: RwSignal<bool>,
    readonly: bool,
    #[prop(into)] title: Signal<String>,
) -> impl IntoView {
    view! {
        <label class="check" title=move || title.get()>
            <input
                type="checkbox"
                data-testid=name
                disabled=readonly
                prop:checked=move || value.get()
                on:change=move |ev| value.set(event_target_checked(&ev))
            />
            <span>{name}</span>
        </label>
    }
}
