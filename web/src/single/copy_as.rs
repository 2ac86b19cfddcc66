//! "Copy as": the value in every form Terraform takes a variable from
//! (`.tfvars`, JSON, `-var` and `TF_VAR_` for bash and PowerShell, a module
//! argument, a `variable` block), as given or after conversion. The engine
//! writes them (`tftype::writeback`), and says why a form cannot be given.

use leptos::prelude::*;
use leptos::task::spawn_local;
use tftype::writeback::{EmitKind, EmitOut};

use tftype::i18n::{text, Lang};

use crate::engine::{Engine, Reply, Work};
use crate::shared::words::t;
use crate::single::signals::Inputs;

/// The menu's words for each form (`ui.copy.KIND`).
fn label(kind: EmitKind, lang: Lang) -> &'static str {
    text(lang, &format!("ui.copy.{}", kind.name()))
}

#[component]
pub fn CopyAs(inputs: Inputs, accepted: Memo<bool>, engine: StoredValue<Engine, LocalStorage>) -> impl IntoView {
    let open = RwSignal::new(false);
    let converted = RwSignal::new(false);
    let items: RwSignal<Option<Vec<EmitOut>>, LocalStorage> = RwSignal::new_local(None);
    let chosen = RwSignal::new(None::<EmitKind>);
    let status = RwSignal::new(String::new());
    let lang = crate::shared::words::lang();
    let button = NodeRef::<leptos::html::Button>::new();

    // The forms are written while the menu is open, for the current inputs.
    Effect::new(move |_| {
        if !open.get() {
            return;
        }
        let want_converted = converted.get() && accepted.get();
        let req = inputs.eval_state().request();
        engine.with_value(|e| {
            e.send(Work::Emit(want_converted), &req, move |reply| {
                if let Reply::Emitted(list) = reply {
                    items.set(Some(list));
                }
            })
        });
    });

    let pick = move |kind: EmitKind| {
        chosen.set(Some(kind));
        let body = items.with_untracked(|l| {
            l.as_ref().and_then(|l| l.iter().find(|o| o.kind == kind).and_then(|o| o.text.clone()))
        });
        if let Some(body) = body {
            status.set(String::new());
            spawn_local(async move {
                let ok = crate::shared::page::copy_text(&body).await;
                status
                    .set(text(lang.get_untracked(), if ok { "ui.copy.copied" } else { "ui.copy.select" }).to_string());
            });
        }
    };
    let close = move || {
        open.set(false);
        if let Some(b) = button.get_untracked() {
            let _ = b.focus();
        }
    };
    // Escape anywhere closes it, back to its button; so does a click elsewhere.
    let root = NodeRef::<leptos::html::Div>::new();
    crate::shared::page::dismissable(
        open,
        move |node| root.get_untracked().is_some_and(|r| r.contains(Some(node))),
        move || {
            if let Some(b) = button.get_untracked() {
                let _ = b.focus();
            }
        },
    );
    let shown = move || {
        let kind = chosen.get()?;
        items.with(|l| l.as_ref().and_then(|l| l.iter().find(|o| o.kind == kind).cloned()))
    };

    view! {
        <div class="copy-as" node_ref=root on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Escape" && open.get_untracked() { ev.prevent_default(); close(); }>
            <button
                type="button"
                class="btn small"
                data-testid="copy-as"
                node_ref=button
                aria-expanded=move || open.get().to_string()
                aria-controls="copy-as-menu"
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {t("ui.copy.button")}
            </button>
            {move || open.get().then(|| view! {
                <div id="copy-as-menu" class="copy-as-menu" role="group" aria-label=t("ui.copy.menu")>
                    <label class="copy-as-which">
                        <input
                            type="checkbox"
                            data-testid="copy-as-converted"
                            prop:checked=move || converted.get() && accepted.get()
                            disabled=move || !accepted.get()
                            on:change=move |ev| converted.set(event_target_checked(&ev))
                        />
                        <span>{t("ui.copy.converted")}</span>
                    </label>
                    <p class="panel-note">{move || text(lang.get(), if converted.get() && accepted.get() { "ui.copy.as_converted" } else { "ui.copy.as_given" })}</p>
                    <ul class="copy-as-list">
                        {move || items.with(|l| l.clone().unwrap_or_default()).into_iter().map(|o| {
                            let kind = o.kind;
                            let refused = o.refusal.clone();
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class="copy-as-item"
                                        class:chosen=move || chosen.get() == Some(kind)
                                        data-testid="copy-as-item"
                                        data-kind=kind.name()
                                        aria-disabled=refused.is_some().to_string()
                                        title=refused.clone().unwrap_or_default()
                                        on:click=move |_| pick(kind)
                                    >
                                        {move || label(kind, lang.get())}
                                    </button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                    {move || shown().map(|o| view! {
                        <div class="copy-as-shown">
                            <p class="copy-as-title"><strong>{label(o.kind, lang.get_untracked())}</strong> " " <span aria-live="polite" data-testid="copy-as-status">{move || status.get()}</span></p>
                            {match (o.text, o.refusal) {
                                (Some(text), _) => view! {
                                    <pre class="out" tabindex="0" data-testid="copy-as-preview" data-kind=o.kind.name()>{text}</pre>
                                    {o.note.map(|n| view! { <p class="panel-note" data-testid="copy-as-note">{n}</p> })}
                                }.into_any(),
                                (None, Some(why)) => view! { <p class="copy-as-refused" data-testid="copy-as-refusal">{why}</p> }.into_any(),
                                (None, None) => ().into_any(),
                            }}
                        </div>
                    })}
                </div>
            })}
        </div>
    }
}
