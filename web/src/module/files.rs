//! The Module view's files: one tab per file (with the count of problems
//! the check found in it), the open file's name (rename, remove) and a
//! button to add one, and one CodeMirror editor per file (kept while the
//! file exists, so each keeps its undo history), which completes and
//! hovers as the language server does (`engine_module` answers). A folder
//! can be opened or dropped (`folder.rs`); its installed modules'
//! files are listed apart, grouped by module and collapsed, read-only,
//! each editor made the first time its file is shown.

use leptos::prelude::*;
use tftype::i18n::{fill, text};
use tftype::module_view::ModuleView as Checked;

use crate::engine::{Engine, Reply, Work};
use crate::module::model::{self as module_model, check_name, fresh_name, installed_group, is_installed, RowKind};
use crate::module::signals::{FileSlot, ModuleState};
use crate::shared::cm;
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
    // (id, name) of the root module's files, in tab order: typing changes neither.
    let tabs = Memo::new(move |_| {
        state.installed.with(|i| {
            state.files.with(|fs| {
                fs.iter().filter(|f| !is_installed(&f.name, i)).map(|f| (f.id, f.name.clone())).collect::<Vec<_>>()
            })
        })
    });
    // (id, name) of `init`'s files (the manifest, the installed modules').
    let installed_files = Memo::new(move |_| {
        state.installed.with(|i| {
            state.files.with(|fs| {
                fs.iter().filter(|f| is_installed(&f.name, i)).map(|f| (f.id, f.name.clone())).collect::<Vec<_>>()
            })
        })
    });
    // An installed file's editor is made the first time the file is shown.
    let shown_once = RwSignal::new(Vec::<u64>::new());
    Effect::new(move |_| {
        let id = state.open.get();
        if installed_files.with(|fs| fs.iter().any(|(i, _)| *i == id))
            && !shown_once.with_untracked(|s| s.contains(&id))
        {
            shown_once.update(|s| s.push(id));
        }
    });
    let editors = Memo::new(move |_| {
        let mut list = tabs.get();
        shown_once
            .with(|once| installed_files.with(|fs| list.extend(fs.iter().filter(|(i, _)| once.contains(i)).cloned())));
        list
    });
    let open_installed = Memo::new(move |_| {
        let id = state.open.get();
        installed_files.with(|fs| fs.iter().any(|(i, _)| *i == id))
    });
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
        editors.with(|ts| ts.iter().find(|(i, _)| *i == id).map(|(_, n)| n.clone()).unwrap_or_default())
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

    let folder = FolderControls::new();
    let left_out = move || state.left_out.with(|(l, cut)| crate::module::folder::notice(l, *cut, lang.get()));

    view! {
        <div
            class="mod-files"
            class:dragging=move || folder.dragging.get()
            data-testid="module-files"
            on:dragover=move |ev: web_sys::DragEvent| {
                if !readonly {
                    ev.prevent_default();
                    folder.dragging.set(true);
                }
            }
            on:dragleave=move |_| folder.dragging.set(false)
            on:drop=move |ev: web_sys::DragEvent| {
                folder.dragging.set(false);
                if !readonly {
                    ev.prevent_default();
                    folder.open(state, engine, &ev, "ui.module.folder.dropped");
                }
            }
        >
            <div class="mod-folder-bar">
                <button type="button" class="btn small-text" data-testid="module-open-folder" disabled=readonly on:click=move |_| folder.choose()>
                    {t("ui.module.folder.open")}
                </button>
                <input
                    type="file"
                    class="visually-hidden"
                    tabindex="-1"
                    aria-hidden="true"
                    multiple=true
                    data-testid="module-folder-input"
                    node_ref=folder.input
                    on:change=move |_| {
                        if let Some(i) = folder.input.get_untracked() {
                            folder.open(state, engine, &i, "ui.module.folder.chosen");
                        }
                    }
                />
                {move || folder.reading.get().then(|| view! { <span class="mod-folder-reading" role="status" data-testid="module-folder-reading">{t("ui.module.folder.reading")}</span> })}
                {move || folder.dragging.get().then(|| view! { <span class="mod-folder-drop" aria-hidden="true">{t("ui.module.folder.drop_here")}</span> })}
            </div>
            {move || folder.message.get().or_else(left_out).map(|m| view! { <p class="mod-folder-notice" role="status" data-testid="module-folder-notice">{m}</p> })}
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
                        disabled=move || readonly || tabs.with(Vec::is_empty) || open_installed.get()
                        prop:value=move || open_name.get()
                        aria-invalid=move || name_error.with(Option::is_some).to_string()
                        on:change=move |ev| rename(event_target_value(&ev))
                        on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { rename(event_target_value(&ev)) }
                    />
                </label>
                <button type="button" class="btn small-text" data-testid="module-remove-file" disabled=move || readonly || tabs.with(Vec::is_empty) || open_installed.get() on:click=move |_| remove()>
                    {move || fill(lang.get(), "ui.module.remove_file", &[("name", &open_name.get())])}
                </button>
                <button type="button" class="btn small-text" data-testid="module-add-file" disabled=readonly on:click=move |_| add()>
                    {t("ui.module.add_file")}
                </button>
                {move || name_error.get().map(|e| view! { <p class="mod-name-error" role="alert" data-testid="module-name-error">{e}</p> })}
                {move || open_installed.get().then(|| view! { <span class="mod-read-only" data-testid="module-read-only">{t("ui.module.installed.read_only")}</span> })}
            </div>
            <div class="mod-editors">
                <For each=move || editors.get() key=|t| t.0 let:tab>
                    <FileEditor state=state id=tab.0 readonly=readonly || module_model::is_installed(&tab.1, &state.installed.get_untracked()) flavor=flavor engine=engine />
                </For>
                {move || (tabs.with(Vec::is_empty) && installed_files.with(Vec::is_empty)).then(|| view! { <p class="panel-note">{t("ui.module.no_files")}</p> })}
            </div>
            <InstalledList state=state files=installed_files counts=counts />
            <p class="hint mod-files-hint">{t("ui.module.files_hint")}</p>
            <p class="hint mod-files-hint">{t("ui.module.folder.hint")}</p>
        </div>
    }
}

/// The installed modules' files, grouped by module (collapsed), after the
/// module manifest: buttons that show a file.
#[component]
fn InstalledList(
    state: ModuleState,
    files: Memo<Vec<(u64, String)>>,
    counts: Memo<std::collections::BTreeMap<String, (usize, usize)>>,
) -> impl IntoView {
    let lang = lang();
    let groups = move || {
        state.installed.with(|inst| {
            files.with(|fs| {
                // Files outside every module's directory (the manifest), then each module's
                // files, in the manifest's order of modules; each shown by its path in the module.
                let of = |g: Option<&tftype::module_view::folder::Installed>| {
                    let cut = g.map_or(0, |g| g.dir.len() + 1);
                    fs.iter()
                        .filter(|(_, n)| installed_group(n, inst) == g)
                        .map(|(id, n)| (*id, n.clone(), n[cut..].to_string()))
                        .collect::<Vec<_>>()
                };
                let labelled: Vec<_> =
                    inst.iter().map(|g| (g.clone(), of(Some(g)))).filter(|(_, v)| !v.is_empty()).collect();
                (of(None), labelled)
            })
        })
    };
    let file_button = move |(id, name, shown): (u64, String, String)| {
        let name2 = name.clone();
        let count = move || counts.with(|c| c.get(&name2).copied().unwrap_or_default());
        view! {
            <li>
                <button
                    type="button"
                    class="mod-inst-file"
                    data-testid="module-installed-file"
                    data-file=name
                    aria-controls=format!("mod-file-{id}")
                    aria-current=move || (state.open.get() == id).then_some("true")
                    class:active=move || state.open.get() == id
                    on:click=move |_| state.open.set(id)
                >
                    {shown}
                    {move || {
                        let (e, w) = count();
                        (e + w > 0).then(|| view! { <span class="mod-tab-count" class:err={e > 0}>{if e > 0 { e } else { w }}</span> })
                    }}
                </button>
            </li>
        }
    };
    view! {
        {move || (!files.with(Vec::is_empty)).then(|| {
            let (manifest, labelled) = groups();
            let count = labelled.len();
            view! {
                <section class="mod-installed" data-testid="module-installed" aria-labelledby="mod-installed-label">
                    <h3 id="mod-installed-label">{move || fill(lang.get(), "ui.module.installed.title", &[("count", &count.to_string())])}</h3>
                    <p class="hint">{t("ui.module.installed.note")}</p>
                    <ul class="mod-inst-files">
                        {manifest.into_iter().map(file_button).collect_view()}
                    </ul>
                    {labelled.into_iter().map(|(g, fs)| {
                        let ids: Vec<u64> = fs.iter().map(|f| f.0).collect();
                        let details = NodeRef::<leptos::html::Details>::new();
                        // A file of the group shown (from a problem's place): the group opens.
                        Effect::new(move |_| {
                            let id = state.open.get();
                            if let (true, Some(d)) = (ids.contains(&id), details.get()) {
                                d.set_open(true);
                            }
                        });
                        let label = move || {
                            let l = lang.get();
                            let kind = tftype::i18n::text(l, &format!("ui.module.installed.{}", g.kind));
                            match &g.version {
                                Some(v) => fill(l, "ui.module.installed.group", &[("address", &g.address), ("kind", kind), ("source", &g.source), ("version", v)]),
                                None => fill(l, "ui.module.installed.group_no_version", &[("address", &g.address), ("kind", kind), ("source", &g.source)]),
                            }
                        };
                        view! {
                            <details class="mod-inst-group" data-testid="module-installed-group" node_ref=details>
                                <summary>{label}</summary>
                                <ul class="mod-inst-files">{fs.into_iter().map(file_button).collect_view()}</ul>
                            </details>
                        }
                    }).collect_view()}
                </section>
            }
        })}
    }
}

/// The controls that open a folder: the hidden `<input webkitdirectory>`
/// and its button, and a drop on the file list.
#[derive(Clone, Copy)]
struct FolderControls {
    input: NodeRef<leptos::html::Input>,
    dragging: RwSignal<bool>,
    reading: RwSignal<bool>,
    /// Why nothing was opened, for the notice.
    message: RwSignal<Option<String>>,
}

impl FolderControls {
    fn new() -> FolderControls {
        let input = NodeRef::<leptos::html::Input>::new();
        // A folder, not files: `webkitdirectory` (an attribute Leptos has no name for).
        Effect::new(move |_| {
            if let Some(i) = input.get() {
                let _ = i.set_attribute("webkitdirectory", "");
            }
        });
        FolderControls {
            input,
            dragging: RwSignal::new(false),
            reading: RwSignal::new(false),
            message: RwSignal::new(None),
        }
    }

    fn choose(self) {
        if let Some(i) = self.input.get_untracked() {
            i.set_value("");
            i.click();
        }
    }

    /// Reads the folder of `from` (the input, or a drop event: `what`) and
    /// opens it.
    fn open(
        self,
        state: ModuleState,
        engine: StoredValue<Engine, LocalStorage>,
        from: &wasm_bindgen::JsValue,
        what: &'static str,
    ) {
        #[cfg(target_arch = "wasm32")]
        {
            let FolderControls { reading, message, .. } = self;
            let done = move |r: Option<crate::module::folder::Reading>| {
                reading.set(false);
                if let Some(r) = r {
                    opened(state, message, r, what);
                }
            };
            if crate::module::folder::browser::open(from, engine, done) {
                reading.set(true);
                message.set(None);
            }
        }
        let _ = (state, engine, from, what);
    }
}

/// A folder read: opened as the module (a whole one), or its files added
/// to the module's; if nothing in it is a file Terraform reads, the notice
/// says so and the module is kept.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn opened(
    state: ModuleState,
    message: RwSignal<Option<String>>,
    r: crate::module::folder::Reading,
    what: &'static str,
) {
    let cut = r.cut;
    if r.files.is_empty() {
        let l = lang().get_untracked();
        let mut m = fill(l, "ui.module.folder.empty", &[("name", text(l, what))]);
        if let Some(n) = crate::module::folder::notice(&r.left_out, cut, l) {
            m = format!("{m}{}{n}", tftype::i18n::sentence_gap(l));
        }
        message.set(Some(m));
        return;
    }
    let shown = state.shown.get_untracked();
    let (base, mut installed) =
        if r.whole { (None, Vec::new()) } else { (state.all_untracked(), state.installed.get_untracked()) };
    let doc = crate::module::model::ModuleDoc { shown, ..r.doc(base) };
    for i in r.installed.iter() {
        if !installed.contains(i) {
            installed.push(i.clone());
        }
    }
    state.load_folder(doc, installed, (r.left_out, cut));
}

/// One file's editor: made when the file is, removed with it.
#[component]
fn FileEditor(
    state: ModuleState,
    id: u64,
    readonly: bool,
    flavor: RwSignal<String>,
    engine: StoredValue<Engine, LocalStorage>,
) -> impl IntoView {
    let lang = lang();
    let host = NodeRef::<leptos::html::Div>::new();
    let name = Memo::new(move |_| {
        state.files.with(|fs| fs.iter().find(|f| f.id == id).map(|f| f.name.clone()).unwrap_or_default())
    });
    Effect::new(move |_| {
        let Some(el) = host.get() else { return };
        if state.editor(id).is_some() {
            return;
        }
        let (doc, n) = state.files.with_untracked(|fs| {
            fs.iter().find(|f| f.id == id).map(|f| (f.text.clone(), f.name.clone())).unwrap_or_default()
        });
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
            let Some(json) = state.assist_json(&flavor.get_untracked(), lang.get_untracked(), id) else {
                return reply(String::new());
            };
            engine.with_value(|e| {
                e.send_json(Work::ModuleAssist(hover, at), json, move |r| {
                    reply(if let Reply::Assisted(j) = r { j } else { String::new() })
                })
            });
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
