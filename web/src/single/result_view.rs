//! The result: status, the flavor's warnings, then the tabs. The first tab
//! holds the console text, or the error when the value is not accepted.

use leptos::prelude::*;
use tftype::why::Story;

use super::copy_as::CopyAs;
use super::error_box::ErrorBox;
use super::versions_panel::VersionsPanel;
use super::warnings_box::WarningsBox;
use crate::engine::Engine;
use crate::shared::editors::Editors;
use crate::shared::long_text::LongText;
use crate::shared::notes_box::NotesBox;
use crate::shared::outcome::{format_ms, Outcome};
use crate::shared::why_panel::WhyPanel;
use crate::shared::words::{t, tf};
use crate::single::model::Tab;
use crate::single::signals::Inputs;

#[component]
pub fn ResultView(
    result: Memo<Outcome>,
    /// The Why story and the notes (they follow the answer).
    story: RwSignal<Option<Story>>,
    inputs: Inputs,
    eval_ms: RwSignal<f64>,
    revision: RwSignal<u64>,
    updating: RwSignal<bool>,
    editors: Editors,
    engine: StoredValue<Engine, LocalStorage>,
) -> impl IntoView {
    let tab = inputs.tab;
    let ok = Memo::new(move |_| result.with(|o| o.ok));
    // Before the first answer: neither accepted nor refused.
    let pending = Memo::new(move |_| result.with(|o| o.pending));
    // The tab on show: a JSON or Type tab chosen earlier shows the error
    // while there is one.
    let showing = Memo::new(move |_| {
        let t = tab.get();
        if t.available(ok.get()) {
            t
        } else {
            Tab::Console
        }
    });
    let show_all = inputs.show_all;
    let var_label = move || inputs.shown_name();
    let product = move || inputs.flavor().product;
    let tabs = move || Tab::ALL.into_iter().filter(|t| t.available(ok.get())).collect::<Vec<_>>();
    // The first tab is labelled "Error" only once a refusal is on show.
    let labelled_ok = move || ok.get() || pending.get();
    let on_tab_key = move |ev: web_sys::KeyboardEvent| {
        if let Some(t) = crate::shared::page::tab_key_target(&ev.key(), &tabs(), showing.get_untracked()) {
            ev.prevent_default();
            tab.set(t);
            crate::shared::page::focus_id(&format!("tab-{}", t.key()));
        }
    };
    let panel = move |t: Tab| move || showing.get() != t;

    view! {
        <section class="result" aria-labelledby="result-label" data-testid="result" data-rev=move || revision.get() aria-busy=move || updating.get().to_string()>
            <div class="result-head">
                <h2 id="result-label" class="visually-hidden">{t("ui.result")}</h2>
                <p class="status" class:ok=move || ok.get() class:err=move || !ok.get() && !pending.get() class:pending=move || pending.get() aria-live="polite" data-testid="status">
                    {move || result.with(|o| o.status(inputs.lang.get()))}
                </p>
                <span class="answer-by" data-testid="answer-by">{tf("ui.answer_by", move || vec![("flavor", inputs.flavor().label())])}</span>
                <span class="timing" data-testid="eval-ms" title=t("ui.timing_title")>
                    {move || if pending.get() { String::new() } else { format_ms(eval_ms.get()) }}
                </span>
                <CopyAs inputs=inputs accepted=ok engine=engine />
            </div>
            <WarningsBox result=result editors=editors />
            <NotesBox story=story editors=editors lang=inputs.lang />
            <div class="tabs" role="tablist" aria-label=t("ui.result_views") on:keydown=on_tab_key>
                {move || tabs().into_iter().map(|t| view! {
                    <button
                        type="button"
                        role="tab"
                        id=format!("tab-{}", t.key())
                        data-testid=format!("tab-{}", t.key())
                        aria-controls=format!("panel-{}", t.key())
                        aria-selected=move || (showing.get() == t).to_string()
                        tabindex=move || if showing.get() == t { "0" } else { "-1" }
                        class:active=move || showing.get() == t
                        on:click=move |_| tab.set(t)
                    >
                        {move || t.label(labelled_ok(), inputs.lang.get())}
                    </button>
                }).collect_view()}
            </div>
            <div class="panel" role="tabpanel" id="panel-console" aria-labelledby="tab-console" hidden=panel(Tab::Console)>
                {move || if pending.get() {
                    view! { <p class="panel-note" data-testid="starting">{t("ui.starting_note")}</p> }.into_any()
                } else if ok.get() {
                    view! {
                        <p class="panel-note">{tf("ui.console_note", move || vec![("command", format!("{} console", product().command())), ("var", format!("var.{}", var_label()))])}</p>
                        <LongText result=result pick=|o| (&o.console, o.console_cut) show_all=show_all testid="result-console" label=t("ui.console_output")() active=true />
                    }.into_any()
                } else {
                    view! { <ErrorBox result=result editors=editors /> }.into_any()
                }}
            </div>
            {move || ok.get().then(|| view! {
                <div class="panel" role="tabpanel" id="panel-json" aria-labelledby="tab-json" hidden=panel(Tab::Json)>
                    <p class="panel-note">{t("ui.json_note")}</p>
                    <LongText result=result pick=|o| (&o.json, o.json_cut) show_all=show_all testid="result-json" label=t("ui.json_output")() active=Signal::derive(move || showing.get() == Tab::Json) />
                </div>
                <div class="panel" role="tabpanel" id="panel-type" aria-labelledby="tab-type" hidden=panel(Tab::Type)>
                    <p class="panel-note">{tf("ui.type_note", move || vec![("product", product().name().to_string())])}</p>
                    <pre class="out" tabindex="0"><code data-testid="result-type">{move || result.with(|o| o.type_string.clone())}</code></pre>
                </div>
            })}
            <div class="panel" role="tabpanel" id="panel-explain" aria-labelledby="tab-explain" hidden=panel(Tab::Explain)>
                <WhyPanel story=story editors=editors lang=inputs.lang />
            </div>
            <div class="panel" role="tabpanel" id="panel-versions" aria-labelledby="tab-versions" hidden=panel(Tab::Versions)>
                <VersionsPanel inputs=inputs engine=engine />
            </div>
        </section>
    }
}
