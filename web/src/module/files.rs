//! The Module view's files: one tab per file (with the count of problems
//! the check found in it), the open file's name (rename, remove) and a
//! button to add one, and one CodeMirror editor per file (kept while the
//! file exists, so each keeps its undo history), which completes and
//! hovers as the language server does (`engine_module` answers).

use leptos::prelude::*;
use tftype::i18n::{fill, text};
use tftype::module_view::ModuleView as Checked;

use crate::shared::cm;
use crate::engine::{Engine, Reply, Work};
use crate::module::model::{self as module_model, check_name, fresh_name, RowKind};
use crate::module::signals::{FileSlot, ModuleState};
use crate::shared::words::{lang, t};

#[component]
pub fn ModuleFiles(
    state: ModuleState,
    answer: RwSignal<Option<Checked>>,
    readonly: bool,
    flavor: RwSignal<String>,
    engine: StoredValue<Engine, LocalStorage>,
) -> impl IntoView {
    let lang = lang();
    // (id, name) of every file, in tab order: typing changes neither.
    let tabs = Memo::new(move |_| state.files.with(|fs| fs.iter().map(|f| (f.id, f.name.clone())).collect::<Vec<_>>()));
    // Problems per file name: (errors, warnings).
    let counts = Memo::new(move |_| {
        answer.with(|a| {
            let mut m: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
            for d in a.iter().flat_map(|a| &a.diagnostics) {
                if let Some(at) = &d.at {
                    let e = m.entry(at.file.clone()).or_default();
                    if d.severity == "error" {
                        e.0 += 1
                    } else {
                        e.1 += 1
                    }
                }
            }
            m
        })
    });
    let name_error = RwSignal::new(None::<String>);
    let open_name = Memo::new(move |_| {
        let id = state.open.get();
        tabs.with(|ts| ts.iter().find(|(i, _)| *i == id).map(|(_, n)| n.clone()).unwrap_or_default())
    });

    let on_tab_key = move |ev: web_sys::KeyboardEvent| {
        let ids: Vec<u64> = tabs.with_untracked(|ts| ts.iter().map(|(i, _)| *i).collect());
        if let Some(id) = crate::shared::page::tab_key_target(&ev.key(), &ids, state.open.get_untracked()) {
            ev.prevent_default();
            state.open.set(id);
            crate::shared::page::focus_id(&format!("mod-tab-{id}"));
        }
    };

    let rename = move |new: String| {
        let new = new.trim().to_string();
        let id = state.open.get_untracked();
        let old = open_name.get_untracked();
        if new == old {
            name_error.set(None);
            return;
        }
        let l = lang.get_untracked();
        if let Err(key) = check_name(&new) {
            name_error.set(Some(text(l, key).to_string()));
            return;
        }
        if state.names_untracked().contains(&new) {
            name_error.set(Some(fill(l, "ui.module.name_taken", &[("name", &new)])));
            return;
        }
        name_error.set(None);
        state.files.update(|fs| {
            if let Some(f) = fs.iter_mut().find(|f| f.id == id) {
                f.name = new.clone();
            }
        });
        // A -var-file row that named the file follows it.
        state.rows.update(|rs| {
            for r in rs.iter_mut().filter(|r| r.row.kind == RowKind::VarFile && r.row.arg == old) {
                r.row.arg = new.clone();
            }
        });
    };
    let remove = move || {
        let id = state.open.get_untracked();
        let ids: Vec<u64> = tabs.with_untracked(|ts| ts.iter().map(|(i, _)| *i).collect());
        let at = ids.iter().position(|x| *x == id).unwrap_or(0);
        state.files.update(|fs| fs.retain(|f| f.id != id));
        let rest: Vec<u64> = ids.into_iter().filter(|x| *x != id).collect();
        state.open.set(rest.get(at.min(rest.len().saturating_sub(1))).copied().unwrap_or(0));
        name_error.set(None);
    };
    let add = move || {
        let name = fresh_name(&state.names_untracked());
        let id = state.fresh_id();
        state.files.update(|fs| fs.push(FileSlot { id, name, text: String::new() }));
        state.open.set(id);
        name_error.set(None);
        crate::shared::page::focus_selector("[data-testid=\"module-file-name\"]");
    };

    view! {
        <div class="mod-files">
            <div class="mod-tabs tabs" role="tablist" aria-label=t("ui.module.files") data-testid="module-tabs" on:keydown=on_tab_key>
                <For each=move || tabs.get() key=|t| t.clone() let:tab>
                    {
                        let (id, name) = tab;
                        let name2 = name.clone();
                        let count = move || counts.with(|c| c.get(&name2).copied().unwrap_or_default());
                        view! {
                            <button
                                type="button"
                                role="tab"
                                id=format!("mod-tab-{id}")
                                data-testid="module-tab"
                                data-file=name.clone()
                                aria-controls=format!("mod-file-{id}")
                                aria-selected=move || (state.open.get() == id).to_string()
                                tabindex=move || if state.open.get() == id { "0" } else { "-1" }
                                class:active=move || state.open.get() == id
                                on:click=move |_| state.open.set(id)
                            >
                                <span class="mod-tab-name">{name.clone()}</span>
                                {move || {
                                    let (e, w) = count();
                                    (e + w > 0).then(|| view! {
                                        <span class="mod-tab-count" class:err={e > 0} data-testid="module-tab-count">{if e > 0 { e } else { w }}</span>
                                    })
                                }}
                            </button>
                        }
                    }
                </For>
            </div>
            <div class="mod-file-bar">
                <label class="mod-file-name">
                    <span>{t("ui.module.file_name")}</span>
                    <input
                        type="text"
                        data-testid="module-file-name"
                        spellcheck="false"
                        autocomplete="off"
                        disabled=move || readonly || tabs.with(Vec::is_empty)
                        prop:value=move || open_name.get()
                        aria-invalid=move || name_error.with(Option::is_some).to_string()
                        on:change=move |ev| rename(event_target_value(&ev))
                        on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { rename(event_target_value(&ev)) }
                    />
                </label>
                <button type="button" class="btn small-text" data-testid="module-remove-file" disabled=move || readonly || tabs.with(Vec::is_empty) on:click=move |_| remove()>
                    {move || fill(lang.get(), "ui.module.remove_file", &[("name", &open_name.get())])}
                </button>
                <button type="button" class="btn small-text" data-testid="module-add-file" disabled=readonly on:click=move |_| add()>
                    {t("ui.module.add_file")}
                </button>
                {move || name_error.get().map(|e| view! { <p class="mod-name-error" role="alert" data-testid="module-name-error">{e}</p> })}
            </div>
            <div class="mod-editors">
                <For each=move || tabs.get() key=|t| t.0 let:tab>
                    <FileEditor state=state id=tab.0 readonly=readonly flavor=flavor engine=engine />
                </For>
                {move || tabs.with(Vec::is_empty).then(|| view! { <p class="panel-note">{t("ui.module.no_files")}</p> })}
            </div>
            <p class="hint mod-files-hint">{t("ui.module.files_hint")}</p>
        </div>
    }
}

/// One file's editor: made when the file is, removed with it.
#[component]
fn FileEditor(state: ModuleState, id: u64, readonly: bool, flavor: RwSignal<String>, engine: StoredValue<Engine, LocalStorage>) -> impl IntoView {
    let lang = lang();
    let host = NodeRef::<leptos::html::Div>::new();
    let name = Memo::new(move |_| state.files.with(|fs| fs.iter().find(|f| f.id == id).map(|f| f.name.clone()).unwrap_or_default()));
    Effect::new(move |_| {
        let Some(el) = host.get() else { return };
        if state.editor(id).is_some() {
            return;
        }
        let (doc, n) = state.files.with_untracked(|fs| fs.iter().find(|f| f.id == id).map(|f| (f.text.clone(), f.name.clone())).unwrap_or_default());
        let label = fill(lang.get_untracked(), "ui.module.editor_label", &[("name", &n)]);
        let v = cm::create(&el, &doc, module_model::editor_language(&n), readonly, &label, true, move |text| {
            state.files.update(|fs| {
                if let Some(f) = fs.iter_mut().find(|f| f.id == id) {
                    f.text = text;
                }
            })
        });
        // Completion and hover in the file as it is typed, the module as it is checked.
        cm::set_assist(&v, move |hover, at, reply| {
            let Some(json) = state.assist_json(&flavor.get_untracked(), lang.get_untracked(), id) else { return reply(String::new()) };
            engine.with_value(|e| e.send_json(Work::ModuleAssist(hover, at), json, move |r| reply(if let Reply::Assisted(j) = r { j } else { String::new() })));
        });
        state.editors.update_value(|es| es.push((id, v)));
        state.editors_rev.update(|r| *r += 1);
    });
    // A renamed file may change its highlighting (.json).
    Effect::new(move |prev: Option<&'static str>| {
        let l = module_model::editor_language(&name.get());
        if prev.is_some_and(|p| p != l) {
            if let Some(v) = state.editor(id) {
                cm::set_language(&v, l);
            }
        }
        l
    });
    on_cleanup(move || {
        let _ = state.editors.try_update_value(|es| {
            if let Some(i) = es.iter().position(|(x, _)| *x == id) {
                let (_, v) = es.remove(i);
                cm::destroy(&v);
            }
        });
    });
    view! {
        <div
            class="editor-host mod-editor"
            id=format!("mod-file-{id}")
            role="tabpanel"
            aria-labelledby=format!("mod-tab-{id}")
            data-testid="module-editor"
            data-file=move || name.get()
            hidden=move || state.open.get() != id
            node_ref=host
        ></div>
    }
}
