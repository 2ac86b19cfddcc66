//! A result text, cut to its first lines when it is very long (with a
//! button that shows everything from then on). The engine cuts it (see
//! `engine::Evaluation`); "Show all" asks it for the whole text.

use leptos::prelude::*;

use crate::shared::outcome::Outcome;
use crate::shared::words::{t, tf};

#[component]
pub fn LongText(
    result: Memo<Outcome>,
    /// The text and, when it is cut, (lines shown, lines in all).
    pick: fn(&Outcome) -> (&String, Option<(usize, usize)>),
    show_all: RwSignal<bool>,
    /// False while the panel is hidden: the text is then not prepared (a
    /// megabyte result costs nothing in the tabs nobody looks at).
    #[prop(into)]
    active: Signal<bool>,
    testid: &'static str,
    label: &'static str,
) -> impl IntoView {
    // (text shown, lines shown, lines in all) — the counts only when cut.
    let shown = Memo::new(move |_| {
        if !active.get() {
            return (String::new(), None);
        }
        result.with(|o| {
            let (text, cut) = pick(o);
            (text.clone(), cut)
        })
    });
    view! {
        <pre class="out" data-testid=testid tabindex="0" aria-label=label>{move || shown.with(|s| s.0.clone())}</pre>
        {move || shown.with(|s| s.1).map(|(lines, total)| view! {
            <p class="clipped">
                {tf("ui.clipped", move || vec![("lines", lines.to_string()), ("total", total.to_string())])}
                " "
                <button type="button" class="link" data-testid="show-all" on:click=move |_| show_all.set(true)>
                    {t("ui.show_all")}
                </button>
            </p>
        })}
    }
}
