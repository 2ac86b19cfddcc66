//! The playground page: header (name, examples, share, theme), the type and
//! value editors side by side, the options, and the result with its tabs.
//! Everything is recomputed on every keystroke; the state lives in the URL
//! fragment (see `share.rs`).

use std::cell::Cell;
use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tftype::diag::Source;

use crate::cm::{self, EditorView};
use crate::examples::{self, Example, Group};
use crate::model::{Format, State, Tab};
use crate::outcome::{self, Outcome};
use crate::page::{self, Mode, Theme};
use crate::share::{self, ShareError};

/// How long typing must pause before the fragment is rewritten.
const HASH_DELAY: Duration = Duration::from_millis(250);

thread_local! {
    /// Milliseconds the last evaluation took (read by the status line).
    static LAST_EVAL_MS: Cell<f64> = const { Cell::new(0.0) };
}

/// The inputs, one signal each.
#[derive(Clone, Copy)]
struct Inputs {
    type_src: RwSignal<String>,
    value: RwSignal<String>,
    format: RwSignal<Format>,
    nullable: RwSignal<bool>,
    sensitive: RwSignal<bool>,
    var_name: RwSignal<String>,
    tab: RwSignal<Tab>,
}

impl Inputs {
    fn new(s: &State) -> Inputs {
        Inputs {
            type_src: RwSignal::new(s.type_src.clone()),
            value: RwSignal::new(s.value.clone()),
            format: RwSignal::new(s.format),
            nullable: RwSignal::new(s.nullable),
            sensitive: RwSignal::new(s.sensitive),
            var_name: RwSignal::new(s.var_name.clone()),
            tab: RwSignal::new(s.tab),
        }
    }

    /// The whole state (tracked).
    fn state(&self) -> State {
        State {
            type_src: self.type_src.get(),
            value: self.value.get(),
            format: self.format.get(),
            nullable: self.nullable.get(),
            sensitive: self.sensitive.get(),
            var_name: self.var_name.get(),
            tab: self.tab.get(),
        }
    }

    /// What the engine needs (tracked; the tab is left out so that switching
    /// tabs does not re-evaluate).
    fn eval_state(&self) -> State {
        State {
            type_src: self.type_src.get(),
            value: self.value.get(),
            format: self.format.get(),
            nullable: self.nullable.get(),
            sensitive: self.sensitive.get(),
            var_name: self.var_name.get(),
            tab: Tab::Console,
        }
    }

    /// Subscribes to everything the engine reads.
    fn track_eval(&self) {
        self.type_src.track();
        self.value.track();
        self.format.track();
        self.nullable.track();
        self.sensitive.track();
        self.var_name.track();
    }

    fn set(&self, s: &State) {
        self.type_src.set(s.type_src.clone());
        self.value.set(s.value.clone());
        self.format.set(s.format);
        self.nullable.set(s.nullable);
        self.sensitive.set(s.sensitive);
        self.var_name.set(s.var_name.clone());
        self.tab.set(s.tab);
    }
}

/// The two CodeMirror views, once created.
#[derive(Clone, Copy)]
struct Editors {
    ty: StoredValue<Option<EditorView>, LocalStorage>,
    value: StoredValue<Option<EditorView>, LocalStorage>,
}

impl Editors {
    fn with(&self, source: Source, f: impl FnOnce(&EditorView)) {
        let slot = match source {
            Source::Type => self.ty,
            Source::Value => self.value,
        };
        slot.with_value(|v| {
            if let Some(v) = v {
                f(v)
            }
        });
    }

    fn set_docs(&self, s: &State) {
        self.with(Source::Type, |v| cm::set_doc(v, &s.type_src));
        self.with(Source::Value, |v| cm::set_doc(v, &s.value));
    }

    fn show_marks(&self, o: &Outcome) {
        self.with(Source::Type, |v| cm::set_marks(v, &o.type_marks));
        self.with(Source::Value, |v| cm::set_marks(v, &o.value_marks));
    }
}

#[component]
pub fn App() -> impl IntoView {
    let mode = Mode::current();

    // Theme: the URL's, else the stored choice, else the system's (no attribute).
    let chosen = mode.theme.or_else(page::stored_theme);
    page::apply_theme(chosen);
    let theme = RwSignal::new(chosen.unwrap_or(if page::system_prefers_dark() {
        Theme::Dark
    } else {
        Theme::Light
    }));

    // The state: from the link, else the default example.
    let fragment = page::hash();
    let had_link = !fragment.trim_start_matches('#').trim().is_empty();
    let (initial, first_notice, first_example) = match share::decode(&fragment) {
        Ok(s) => (s, None, None),
        Err(ShareError::Empty) => (examples::DEFAULT.state(), None, Some(&examples::DEFAULT)),
        Err(e) => (
            examples::DEFAULT.state(),
            Some(e.to_string()),
            Some(&examples::DEFAULT),
        ),
    };
    let inputs = Inputs::new(&initial);
    let notice = RwSignal::new(first_notice);
    let example: RwSignal<Option<&'static Example>> = RwSignal::new(first_example);
    let gallery_open = RwSignal::new(false);
    let share_status = RwSignal::new(None::<String>);
    let share_fallback = RwSignal::new(None::<String>);
    let share_hash = RwSignal::new(if had_link {
        fragment.clone()
    } else {
        share::encode(&initial)
    });

    // Live evaluation.
    let result = Memo::new(move |_| {
        let st = inputs.eval_state();
        let t0 = page::now_ms();
        let o = outcome::compute(&st);
        LAST_EVAL_MS.with(|c| c.set(page::now_ms() - t0));
        o
    });
    // After every evaluation (even one with an unchanged result): its time,
    // and a revision number on the result (`data-rev`, for latency tests).
    let eval_ms = RwSignal::new(0.0);
    let revision = RwSignal::new(0u64);
    Effect::new(move |_| {
        inputs.track_eval();
        result.track();
        eval_ms.set(LAST_EVAL_MS.with(Cell::get));
        revision.update(|r| *r += 1);
    });

    // Editors.
    let editors = Editors {
        ty: StoredValue::new_local(None),
        value: StoredValue::new_local(None),
    };
    let type_host = NodeRef::<leptos::html::Div>::new();
    let value_host = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = type_host.get() {
            if editors.ty.with_value(Option::is_none) {
                let v = cm::create(
                    &el,
                    &inputs.type_src.get_untracked(),
                    "hcl",
                    mode.readonly,
                    "Type constraint",
                    move |t| inputs.type_src.set(t),
                );
                editors.ty.set_value(Some(v));
                result.with_untracked(|o| editors.show_marks(o));
            }
        }
    });
    Effect::new(move |_| {
        if let Some(el) = value_host.get() {
            if editors.value.with_value(Option::is_none) {
                let lang = inputs.format.get_untracked().editor_language();
                let v = cm::create(
                    &el,
                    &inputs.value.get_untracked(),
                    lang,
                    mode.readonly,
                    "Value",
                    move |t| inputs.value.set(t),
                );
                editors.value.set_value(Some(v));
                result.with_untracked(|o| editors.show_marks(o));
            }
        }
    });
    // Errors where they happen.
    Effect::new(move |_| result.with(|o| editors.show_marks(o)));
    // JSON highlighting for the JSON format.
    Effect::new(move |_| {
        let lang = inputs.format.get().editor_language();
        editors.with(Source::Value, |v| cm::set_language(v, lang));
    });

    // The fragment follows the state (after a pause in typing). A page opened
    // without a link keeps its clean address until something changes.
    let timer = StoredValue::new_local(None::<TimeoutHandle>);
    let first_run = StoredValue::new_local(true);
    Effect::new(move |_| {
        let st = inputs.state();
        if first_run.get_value() {
            first_run.set_value(false);
            if !had_link {
                return;
            }
        }
        if let Some(h) = timer.get_value() {
            h.clear();
        }
        let h = set_timeout_with_handle(
            move || match share::encode_shareable(&st) {
                Some(f) => {
                    page::replace_hash(&f);
                    share_hash.set(f);
                }
                // Too big for a link: better no fragment than an old one.
                None => {
                    page::clear_hash();
                    share_hash.set(String::new());
                }
            },
            HASH_DELAY,
        )
        .ok();
        timer.set_value(h);
    });

    let load = move |s: State| {
        inputs.set(&s);
        editors.set_docs(&s);
    };
    let choose = move |e: &'static Example| {
        load(e.state());
        example.set(Some(e));
        notice.set(None);
        gallery_open.set(false);
        if let Some(btn) = document().get_element_by_id("examples-toggle") {
            use wasm_bindgen::JsCast;
            if let Ok(b) = btn.dyn_into::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        }
    };

    let share_now = move |_| {
        share_fallback.set(None);
        let Some(f) = share::encode_shareable(&inputs.state_untracked()) else {
            share_status.set(Some(
                "Too large to share: a link holds at most 1 MB of text.".into(),
            ));
            return;
        };
        page::replace_hash(&f);
        share_hash.set(f);
        let link = page::href();
        share_status.set(Some("Copying…".into()));
        spawn_local(async move {
            if page::copy_text(&link).await {
                share_status.set(Some("Link copied".into()));
            } else {
                share_status.set(Some("Copy this link:".into()));
                share_fallback.set(Some(link));
            }
        });
    };

    let toggle_theme = move |_| {
        let t = theme.get_untracked().other();
        theme.set(t);
        page::apply_theme(Some(t));
        page::store_theme(t);
    };

    // The lesson of the chosen example, while its inputs are unchanged.
    let lesson = move || {
        example.get().filter(|e| {
            inputs.type_src.with(|t| t == e.type_src.unwrap_or(""))
                && inputs.value.with(|v| v == e.value)
        })
    };

    let header = (!mode.embed).then(|| {
        view! {
            <header class="site-header" data-testid="site-header">
                <div class="brand">
                    <span class="logo" aria-hidden="true">"{ }"</span>
                    <div>
                        <h1>"tftype"</h1>
                        <p class="tagline">"Terraform & OpenTofu type constraints, evaluated as you type"</p>
                    </div>
                </div>
                <nav class="actions" aria-label="Playground">
                    <button
                        type="button"
                        id="examples-toggle"
                        class="btn"
                        data-testid="examples-toggle"
                        aria-controls="gallery"
                        aria-expanded=move || gallery_open.get().to_string()
                        on:click=move |_| gallery_open.update(|o| *o = !*o)
                    >
                        "Examples"
                    </button>
                    <button type="button" class="btn" data-testid="share" on:click=share_now>
                        "Share"
                    </button>
                    <button
                        type="button"
                        class="btn icon"
                        data-testid="theme-toggle"
                        aria-label="Dark mode"
                        aria-pressed=move || (theme.get() == Theme::Dark).to_string()
                        title=move || match theme.get() {
                            Theme::Dark => "Switch to light mode",
                            Theme::Light => "Switch to dark mode",
                        }
                        on:click=toggle_theme
                    >
                        <span aria-hidden="true">{move || match theme.get() {
                            Theme::Dark => "☾",
                            Theme::Light => "☀",
                        }}</span>
                    </button>
                </nav>
                <p class="share-status" role="status" data-testid="share-status">
                    {move || share_status.get()}
                    {move || share_fallback.get().map(|link| view! {
                        <input
                            class="share-link"
                            data-testid="share-link"
                            readonly=true
                            aria-label="Link to this playground state"
                            prop:value=link
                            on:focus=move |ev| {
                                use wasm_bindgen::JsCast;
                                if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                    i.select();
                                }
                            }
                        />
                    })}
                </p>
            </header>
            <Gallery open=gallery_open choose=choose />
        }
    });

    let embed_bar = mode.embed.then(|| {
        view! {
            <div class="embed-bar">
                <span class="embed-name">"tftype"</span>
                <a
                    class="open-link"
                    data-testid="open-in-playground"
                    target="_blank"
                    rel="noopener"
                    href=move || format!("{}{}", page::base_url(), share_hash.get())
                >
                    "Open in playground ↗"
                </a>
            </div>
        }
    });

    let footer = (!mode.embed).then(|| {
        view! {
            <footer class="site-footer" data-testid="site-footer">
                <p>
                    "tftype applies Terraform's own rules (go-cty conversion, HCL type expressions, the input-variable pipeline) in WebAssembly. "
                    "Nothing you type leaves this page; a share link keeps everything in its # part."
                </p>
            </footer>
        }
    });

    view! {
        <div class="app" class:embed=mode.embed class:readonly=mode.readonly>
            {header}
            {embed_bar}
            <main class="main">
                {move || notice.get().map(|msg| view! {
                    <div class="notice" role="alert" data-testid="notice">
                        <span>{msg}</span>
                        <button type="button" class="btn small" aria-label="Dismiss notice" on:click=move |_| notice.set(None)>"×"</button>
                    </div>
                })}
                {move || lesson().map(|e| view! {
                    <p class="lesson" data-testid="lesson">
                        <strong>{e.title}</strong>
                        <span class="lesson-sep" aria-hidden="true">" — "</span>
                        <span>{e.lesson}</span>
                    </p>
                })}
                <div class="editors">
                    <section class="pane" aria-labelledby="type-label">
                        <div class="pane-head">
                            <h2 id="type-label">"Type constraint"</h2>
                            <span class="hint">"empty = no type argument"</span>
                        </div>
                        <div class="editor-host" data-testid="type-editor" node_ref=type_host></div>
                    </section>
                    <section class="pane" aria-labelledby="value-label">
                        <div class="pane-head">
                            <h2 id="value-label">"Value"</h2>
                            <label class="format">
                                <span>"Format"</span>
                                <select
                                    data-testid="value-format"
                                    disabled=mode.readonly
                                    on:change=move |ev| {
                                        if let Some(f) = Format::from_key(&event_target_value(&ev)) {
                                            inputs.format.set(f);
                                        }
                                    }
                                >
                                    {Format::ALL.into_iter().map(|f| view! {
                                        <option value=f.key() title=f.description() prop:selected=move || inputs.format.get() == f>
                                            {f.label()}
                                        </option>
                                    }).collect_view()}
                                </select>
                            </label>
                        </div>
                        <div class="editor-host" data-testid="value-editor" node_ref=value_host></div>
                    </section>
                </div>
                <Options inputs=inputs readonly=mode.readonly />
                <ResultView result=result tab=inputs.tab var_name=inputs.var_name eval_ms=eval_ms revision=revision editors=editors />
            </main>
            {footer}
        </div>
    }
}

impl Inputs {
    fn state_untracked(&self) -> State {
        State {
            type_src: self.type_src.get_untracked(),
            value: self.value.get_untracked(),
            format: self.format.get_untracked(),
            nullable: self.nullable.get_untracked(),
            sensitive: self.sensitive.get_untracked(),
            var_name: self.var_name.get_untracked(),
            tab: self.tab.get_untracked(),
        }
    }
}

/// The variable declaration's options.
#[component]
fn Options(inputs: Inputs, readonly: bool) -> impl IntoView {
    view! {
        <div class="options" role="group" aria-label="Variable declaration">
            <code class="decl" aria-hidden="true">"variable"</code>
            <label class="name">
                <span class="visually-hidden">"Variable name"</span>
                <input
                    type="text"
                    data-testid="var-name"
                    spellcheck="false"
                    autocomplete="off"
                    maxlength="64"
                    size="12"
                    disabled=readonly
                    title="The variable's name, as Terraform's messages show it (var.NAME)"
                    prop:value=move || inputs.var_name.get()
                    on:input=move |ev| inputs.var_name.set(event_target_value(&ev))
                />
            </label>
            <Check name="nullable" value=inputs.nullable readonly=readonly />
            <Check name="sensitive" value=inputs.sensitive readonly=readonly />
        </div>
    }
}

/// A checkbox for one boolean argument of the variable (`name` is its
/// label and test id).
#[component]
fn Check(name: &'static str, value: RwSignal<bool>, readonly: bool) -> impl IntoView {
    view! {
        <label class="check">
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

/// Every docs example, by group.
#[component]
fn Gallery<F>(open: RwSignal<bool>, choose: F) -> impl IntoView
where
    F: Fn(&'static Example) + Copy + Send + Sync + 'static,
{
    view! {
        <nav
            id="gallery"
            class="gallery"
            data-testid="examples"
            aria-label="Examples"
            hidden=move || !open.get()
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    open.set(false);
                }
            }
        >
            <p class="gallery-intro">
                "Every example from Terraform's documentation on types and variables. Choose one to load it."
            </p>
            <div class="groups">
                {Group::ALL.into_iter().map(|g| view! {
                    <section class="group" aria-label=g.label()>
                        <h2>{g.label()}</h2>
                        <ul>
                            {examples::in_group(g).map(|e| view! {
                                <li>
                                    <button type="button" class="example" data-example=e.id on:click=move |_| choose(e)>
                                        <span class="ex-title">{e.title}</span>
                                        <span class="ex-lesson">{e.lesson}</span>
                                    </button>
                                </li>
                            }).collect_view()}
                        </ul>
                    </section>
                }).collect_view()}
            </div>
        </nav>
    }
}

/// The result: status, then the tabs (accepted) or the error.
#[component]
fn ResultView(
    result: Memo<Outcome>,
    tab: RwSignal<Tab>,
    var_name: RwSignal<String>,
    eval_ms: RwSignal<f64>,
    revision: RwSignal<u64>,
    editors: Editors,
) -> impl IntoView {
    let ok = Memo::new(move |_| result.with(|o| o.ok));
    let show_all = RwSignal::new(false);
    let var_label = move || {
        let n = var_name.with(|n| n.trim().to_string());
        if n.is_empty() {
            crate::model::DEFAULT_VAR_NAME.to_string()
        } else {
            n
        }
    };
    let on_tab_key = move |ev: web_sys::KeyboardEvent| {
        let i = Tab::ALL
            .iter()
            .position(|t| *t == tab.get_untracked())
            .unwrap_or(0);
        let n = Tab::ALL.len();
        let next = match ev.key().as_str() {
            "ArrowRight" => Some((i + 1) % n),
            "ArrowLeft" => Some((i + n - 1) % n),
            "Home" => Some(0),
            "End" => Some(n - 1),
            _ => None,
        };
        if let Some(j) = next {
            ev.prevent_default();
            tab.set(Tab::ALL[j]);
            if let Some(el) = document().get_element_by_id(&format!("tab-{}", Tab::ALL[j].key())) {
                use wasm_bindgen::JsCast;
                if let Ok(b) = el.dyn_into::<web_sys::HtmlElement>() {
                    let _ = b.focus();
                }
            }
        }
    };

    let accepted = move || {
        view! {
            <div class="tabs" role="tablist" aria-label="Result views" on:keydown=on_tab_key>
                {Tab::ALL.into_iter().map(|t| view! {
                    <button
                        type="button"
                        role="tab"
                        id=format!("tab-{}", t.key())
                        data-testid=format!("tab-{}", t.key())
                        aria-controls=format!("panel-{}", t.key())
                        aria-selected=move || (tab.get() == t).to_string()
                        tabindex=move || if tab.get() == t { "0" } else { "-1" }
                        class:active=move || tab.get() == t
                        on:click=move |_| tab.set(t)
                    >
                        {t.label()}
                    </button>
                }).collect_view()}
            </div>
            <div class="panel" role="tabpanel" id="panel-console" aria-labelledby="tab-console" hidden=move || tab.get() != Tab::Console>
                <p class="panel-note">"What " <code>"terraform console"</code> " prints for " <code>"var." {move || var_label()}</code></p>
                <LongText result=result pick=|o| &o.console show_all=show_all testid="result-console" label="Console output" />
            </div>
            <div class="panel" role="tabpanel" id="panel-json" aria-labelledby="tab-json" hidden=move || tab.get() != Tab::Json>
                <p class="panel-note">"The value and its type as go-cty JSON"</p>
                <LongText result=result pick=|o| &o.json show_all=show_all testid="result-json" label="JSON output" />
            </div>
            <div class="panel" role="tabpanel" id="panel-type" aria-labelledby="tab-type" hidden=move || tab.get() != Tab::Type>
                <p class="panel-note">"The final type, as Terraform writes it"</p>
                <pre class="out" tabindex="0"><code data-testid="result-type">{move || result.with(|o| o.type_string.clone())}</code></pre>
            </div>
            <div class="panel" role="tabpanel" id="panel-explain" aria-labelledby="tab-explain" hidden=move || tab.get() != Tab::Explain>
                <p class="panel-note">"The conversion rules Terraform applied, outermost first"</p>
                <ExplainList result=result />
            </div>
        }
    };

    let rejected = move || {
        view! {
            <div class="error-box" data-testid="result-error">
                <p class="error-title">
                    <span class="error-word">"Error: "</span>
                    <strong data-testid="error-summary">{move || result.with(|o| o.summary.clone())}</strong>
                </p>
                <p class="error-detail" data-testid="error-detail">{move || result.with(|o| o.detail.clone())}</p>
                {move || {
                    let places = result.with(|o| o.places.clone());
                    (!places.is_empty()).then(|| view! {
                        <ul class="places" aria-label="Where">
                            {places.into_iter().map(|p| {
                                let (src, from, to) = (p.source, p.from16, p.to16);
                                view! {
                                    <li>
                                        <button type="button" class="link" on:click=move |_| editors.with(src, |v| cm::select(v, from, to))>
                                            {p.label}
                                        </button>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    })
                }}
            </div>
            {move || result.with(|o| !o.explain.is_empty()).then(|| view! {
                <details class="explain-details">
                    <summary>"How Terraform got there"</summary>
                    <ExplainList result=result />
                </details>
            })}
        }
    };

    view! {
        <section class="result" aria-labelledby="result-label" data-testid="result" data-rev=move || revision.get()>
            <div class="result-head">
                <h2 id="result-label" class="visually-hidden">"Result"</h2>
                <p class="status" class:ok=move || ok.get() class:err=move || !ok.get() aria-live="polite" data-testid="status">
                    {move || result.with(|o| if o.ok { "✓ Accepted".to_string() } else { format!("✗ {}", o.stage_label()) })}
                </p>
                <span class="timing" data-testid="eval-ms" title="Time the engine took for this result">
                    {move || format_ms(eval_ms.get())}
                </span>
            </div>
            {move || if ok.get() { accepted().into_any() } else { rejected().into_any() }}
        </section>
    }
}

/// A result text, cut to its first lines when it is very long (with a
/// button that shows everything from then on).
#[component]
fn LongText(
    result: Memo<Outcome>,
    pick: fn(&Outcome) -> &String,
    show_all: RwSignal<bool>,
    testid: &'static str,
    label: &'static str,
) -> impl IntoView {
    // (text shown, lines shown, lines in all) — the counts only when cut.
    let shown = Memo::new(move |_| {
        let all = show_all.get();
        result.with(|o| {
            let text = pick(o);
            if all {
                return (text.clone(), None);
            }
            let (head, total) = outcome::clip(text, outcome::SHOW_LINES, outcome::SHOW_BYTES);
            (head.to_string(), total.map(|t| (head.lines().count(), t)))
        })
    });
    view! {
        <pre class="out" data-testid=testid tabindex="0" aria-label=label>{move || shown.with(|s| s.0.clone())}</pre>
        {move || shown.with(|s| s.1).map(|(lines, total)| view! {
            <p class="clipped">
                {format!("Showing the first {lines} of {total} lines. ")}
                <button type="button" class="link" data-testid="show-all" on:click=move |_| show_all.set(true)>
                    "Show all"
                </button>
            </p>
        })}
    }
}

#[component]
fn ExplainList(result: Memo<Outcome>) -> impl IntoView {
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

/// "12.3 ms", without pulling float formatting into the .wasm.
fn format_ms(ms: f64) -> String {
    let tenths = (ms.max(0.0) * 10.0).round() as u64;
    format!("{}.{} ms", tenths / 10, tenths % 10)
}
