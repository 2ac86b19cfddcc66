//! The product version picker: Terraform and OpenTofu, newest first.

use leptos::prelude::*;
use tftype::flavor::Product;
use tftype::versions::display_order;

use crate::shared::words::t;

#[component]
pub fn FlavorSelect(flavor: RwSignal<String>, readonly: bool) -> impl IntoView {
    let group = move |product: Product| {
        view! {
            <optgroup label=product.name()>
                {display_order().into_iter().filter(|f| f.product == product).map(|f| view! {
                    <option value=f.name prop:selected=move || flavor.with(|n| n == f.name)>{f.label()}</option>
                }).collect_view()}
            </optgroup>
        }
    };
    view! {
        <label class="flavor">
            <span class="visually-hidden">{t("ui.product_version")}</span>
            <select
                data-testid="flavor-select"
                disabled=readonly
                title=t("ui.product_version_title")
                on:change=move |ev| {
                    let name = event_target_value(&ev);
                    if tftype::flavor::Flavor::lookup(&name).is_some() {
                        crate::shared::page::store_flavor(&name);
                        flavor.set(name);
                    }
                }
            >
                {group(Product::Terraform)}
                {group(Product::OpenTofu)}
            </select>
        </label>
    }
}
