//! The conversion rules applied, outermost first.

use leptos::prelude::*;

use crate::outcome::Outcome;

#[component]
pub fn ExplainList(result: Memo<Outcome>) -> impl IntoView {
    view! {
        <ol class="explain" data-testid="explain">
            {move || result.with(|o| o.explain.clone()).into_iter().map(|r| view! {
                <li>
                    <code class="path">{if r.path.is_empty() { "(whole value)".to_string() } else { r.path }}</code>
                    " "
                    <code>{r.from}</code>
                    <span aria-label="to">" → "</span>
                    <code>{r.to}</code>
                    <span class="rule">{r.rule}</span>
                </li>
            }).collect_view()}
        </ol>
    }
}
