//! A result text, cut to its first lines when it is very long (with a
//! button that shows everything from then on).

use std::borrow::Cow;

use leptos::prelude::*;

use crate::outcome::{self, Outcome};
use crate::words::{t, tf};

#[component]
pub fn LongText(
    result: Memo<Outcome>,
    pick: fn(&Outcome) -> Cow<'_, str>,
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
        let all = show_all.get();
        if !active.get() {
            return (String::new(), None);
        }
        result.with(|o| {
            let text = pick(o);
            if all {
                return (text.into_owned(), None);
            }
            let (head, total) = outcome::clip(&text, outcome::SHOW_LINES, outcome::SHOW_BYTES);
            (head.to_string(), total.map(|t| (head.lines().count(), t)))
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
