//! The command line and the environment of a check, as rows: `-var
//! NAME=VALUE` and `-var-file PATH` in command-line order, and `TF_VAR_NAME`
//! values.

use leptos::prelude::*;

use crate::module::model::{Row, RowKind};
use crate::module::signals::{ModuleState, RowSlot};
use crate::shared::words::t;

#[component]
pub fn ModuleRows(state: ModuleState, readonly: bool) -> impl IntoView {
    let ids = Memo::new(move |_| state.rows.with(|rs| rs.iter().map(|r| r.id).collect::<Vec<_>>()));
    // The files a -var-file row may name (the module's non-.tf files).
    let var_files = Memo::new(move |_| {
        state
            .files
            .with(|fs| fs.iter().filter(|f| !f.name.ends_with(".tf")).map(|f| f.name.clone()).collect::<Vec<_>>())
    });
    let add = move || {
        let id = state.fresh_id();
        state.rows.update(|rs| {
            rs.push(RowSlot { id, row: Row { kind: RowKind::Var, arg: String::new(), value: String::new() } })
        });
        crate::shared::page::focus_selector(&format!("#mod-row-{id} input"));
    };
    view! {
        <section class="mod-args" aria-labelledby="mod-args-label">
            <h3 id="mod-args-label">{t("ui.module.args")}</h3>
            <p class="hint">{t("ui.module.args_hint")}</p>
            <datalist id="mod-var-files">
                {move || var_files.get().into_iter().map(|n| view! { <option value=n></option> }).collect_view()}
            </datalist>
            <ol class="mod-rows" data-testid="module-rows">
                <For each=move || ids.get() key=|id| *id let:id>
                    <RowEditor state=state id=id readonly=readonly />
                </For>
            </ol>
            {move || ids.with(Vec::is_empty).then(|| view! { <p class="panel-note">{t("ui.module.no_rows")}</p> })}
            <button type="button" class="btn small-text" data-testid="module-add-row" disabled=readonly on:click=move |_| add()>
                {t("ui.module.add_row")}
            </button>
        </section>
    }
}

#[component]
fn RowEditor(state: ModuleState, id: u64, readonly: bool) -> impl IntoView {
    let row = Memo::new(move |_| {
        state.rows.with(|rs| rs.iter().find(|r| r.id == id).map(|r| r.row.clone()).unwrap_or_default())
    });
    let kind = Memo::new(move |_| row.with(|r| r.kind));
    let edit = move |f: &dyn Fn(&mut Row)| {
        state.rows.update(|rs| {
            if let Some(r) = rs.iter_mut().find(|r| r.id == id) {
                f(&mut r.row);
            }
        })
    };
    let lang = crate::shared::words::lang();
    // What the first field holds, by kind.
    let arg_label = move || {
        let key = match kind.get() {
            RowKind::Var => "ui.module.var_arg",
            RowKind::VarFile => "ui.module.var_file",
            RowKind::Env => "ui.module.env_name",
        };
        tftype::i18n::text(lang.get(), key)
    };
    let not_env = move || kind.get() != RowKind::Env;
    view! {
        <li class="mod-row" id=format!("mod-row-{id}") data-testid="module-row" data-kind=move || kind.get().key()>
            <select
                class="mod-row-kind"
                data-testid="module-row-kind"
                disabled=readonly
                aria-label=t("ui.module.row_kind")
                on:change=move |ev| {
                    if let Some(k) = RowKind::from_key(&event_target_value(&ev)) {
                        edit(&|r| r.kind = k)
                    }
                }
            >
                {RowKind::ALL.into_iter().map(|k| view! {
                    <option value=k.key() prop:selected=move || kind.get() == k>{k.flag()}</option>
                }).collect_view()}
            </select>
            <input
                type="text"
                class="mod-row-arg"
                data-testid="module-row-arg"
                spellcheck="false"
                autocomplete="off"
                disabled=readonly
                list=move || (kind.get() == RowKind::VarFile).then_some("mod-var-files")
                aria-label=arg_label
                placeholder=arg_label
                prop:value=move || row.with(|r| r.arg.clone())
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    edit(&|r| r.arg = v.clone())
                }
            />
            <span class="mod-row-eq" aria-hidden="true" hidden=not_env>"="</span>
            <input
                type="text"
                class="mod-row-value"
                data-testid="module-row-value"
                spellcheck="false"
                autocomplete="off"
                disabled=readonly
                hidden=not_env
                aria-label=t("ui.module.env_value")
                placeholder=t("ui.module.env_value")
                prop:value=move || row.with(|r| r.value.clone())
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    edit(&|r| r.value = v.clone())
                }
            />
            <button
                type="button"
                class="btn small"
                data-testid="module-remove-row"
                disabled=readonly
                aria-label=t("ui.module.remove_row")
                title=t("ui.module.remove_row")
                on:click=move |_| state.rows.update(|rs| rs.retain(|r| r.id != id))
            >"×"</button>
        </li>
    }
}
