//! The check's findings: its problems (each with a button to its place in
//! its file) and every variable with its status, where its value came from
//! and its final value. Choosing a variable shows it in the detail below.

use leptos::prelude::*;
use tftype::i18n::{fill, text, Lang};
use tftype::module_view::{ModuleView as Checked, SourceKind, VarView};

use crate::module::signals::ModuleState;
use crate::shared::cm;
use crate::shared::words::{lang, t};

/// Shows `file` and selects `from..to` (UTF-16) in its editor.
pub fn reveal(state: ModuleState, file: &str, from: usize, to: usize) {
    if state.show_file(file) {
        if let Some(v) = state.editor_of(file) {
            cm::select(&v, from, to);
        }
    }
}

/// How many lines of a long list (problems, variables) are drawn at first,
/// and how many more each time (issue #38: a module of 5,000 variables drew
/// every line at once, a main-thread task of seconds; the page's layout then
/// cost every cursor move in an editor tens of milliseconds).
pub const CHUNK: usize = 100;

/// The first `limit` of `items`, each with its index.
fn first<T: Clone>(items: &[T], limit: usize) -> Vec<(usize, T)> {
    items.iter().take(limit).cloned().enumerate().collect()
}

/// The end of a long list whose lines are not all drawn: a button that
/// draws [`CHUNK`] more, pressed, or seen as the reader scrolls down to it
/// (an `IntersectionObserver`), so that every line is reachable by
/// scrolling. Nothing when every line is drawn.
#[component]
fn MoreLines(total: Signal<usize>, limit: RwSignal<usize>, testid: &'static str) -> impl IntoView {
    let lang = lang();
    let button = NodeRef::<leptos::html::Button>::new();
    let more = move || limit.update(|n| *n = (*n + CHUNK).min(total.get_untracked().max(*n)));
    Effect::new(move |_| {
        let Some(b) = button.get() else { return };
        observe_seen(&b, more);
    });
    move || {
        let (shown, all) = (limit.get().min(total.get()), total.get());
        (shown < all).then(|| {
            let words = fill(
                lang.get(),
                "ui.module.show_more",
                &[("shown", &shown.to_string()), ("total", &all.to_string()), ("count", &CHUNK.min(all - shown).to_string())],
            );
            view! { <button type="button" class="link mod-more" data-testid=testid node_ref=button on:click=move |_| more()>{words}</button> }
        })
    }
}

/// Calls `seen` each time `el` comes into view (until the element goes).
#[cfg(target_arch = "wasm32")]
fn observe_seen(el: &web_sys::Element, seen: impl Fn() + 'static) {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    let cb = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let visible = entries.iter().any(|e| {
            js_sys::Reflect::get(&e, &"isIntersecting".into()).ok().and_then(|v| v.as_bool()).unwrap_or(false)
        });
        if visible {
            seen();
        }
    });
    let Ok(io) = web_sys::IntersectionObserver::new(cb.as_ref().unchecked_ref()) else { return };
    io.observe(el);
    let kept = StoredValue::new_local((io, cb));
    on_cleanup(move || {
        let _ = kept.try_with_value(|(io, _)| io.disconnect());
        kept.dispose();
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn observe_seen(_el: &web_sys::Element, _seen: impl Fn() + 'static) {}

/// "envs/prod.tfvars, line 9, column 19".
fn place(lang: Lang, at: &tftype::module_view::At) -> String {
    fill(
        lang,
        "ui.module.place",
        &[("file", &at.file), ("line", &at.line.to_string()), ("column", &at.column.to_string())],
    )
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Problem {
    error: bool,
    /// One of tftype's notes, not a diagnostic.
    note: bool,
    summary: String,
    detail: String,
    /// (label, file, from16, to16)
    place: Option<(String, String, usize, usize)>,
    /// "The part that fails: var.…", as `tftype check` says it after the error.
    part: Option<String>,
}

#[component]
pub fn ModuleProblems(state: ModuleState, answer: RwSignal<Option<Checked>>) -> impl IntoView {
    let lang = lang();
    let problems = Memo::new(move |_| {
        let l = lang.get();
        answer.with(|a| {
            a.iter()
                .flat_map(|a| &a.diagnostics)
                .map(|d| Problem {
                    error: d.severity == "error",
                    note: false,
                    summary: d.summary.clone(),
                    detail: d.detail.clone(),
                    place: d.at.as_ref().map(|at| (place(l, at), at.file.clone(), at.from16, at.to16)),
                    part: d.part.as_ref().map(|name| fill(l, "ui.module.failing_part", &[("name", name)])),
                })
                // tftype's notes, after Terraform's diagnostics, marked as tftype's.
                .chain(a.iter().flat_map(|a| &a.notes).map(|n| Problem {
                    error: false,
                    note: true,
                    summary: n.text.clone(),
                    detail: String::new(),
                    place: n.at.as_ref().map(|at| (place(l, at), at.file.clone(), at.from16, at.to16)),
                    part: None,
                }))
                .collect::<Vec<_>>()
        })
    });
    // (index, problem): two equal problems are two lines. The first `limit` only (see MoreLines).
    let limit = RwSignal::new(CHUNK);
    let indexed = move || problems.with(|ps| first(ps, limit.get()));
    let total = Signal::derive(move || problems.with(Vec::len));
    view! {
        <section class="mod-problems" aria-labelledby="mod-problems-label" data-testid="module-problems">
            <h3 id="mod-problems-label">{t("ui.module.problems")}</h3>
            {move || problems.with(Vec::is_empty).then(|| view! { <p class="panel-note" data-testid="module-no-problems">{t("ui.module.no_problems")}</p> })}
            <ul>
                <For each=indexed key=|p| p.clone() let:p>
                    {
                        let p = p.1;
                        view! {
                            <li class="mod-problem" class:err=p.error class:warn=!p.error && !p.note class:note=p.note data-testid=if p.note { "module-note" } else { "module-problem" }>
                                <p class="mod-problem-title">
                                    <span class:error-word=p.error class:warning-word=!p.error && !p.note class:note-word=p.note>{if p.error { t("ui.error_word") } else if p.note { t("ui.note_word") } else { t("ui.warning_word") }}</span>
                                    <strong>{p.summary.clone()}</strong>
                                </p>
                                {p.place.clone().map(|(label, file, from, to)| view! {
                                    <button type="button" class="link mod-place" data-testid="module-problem-place" on:click=move |_| reveal(state, &file, from, to)>{label}</button>
                                })}
                                {(!p.detail.is_empty()).then(|| view! { <p class="mod-problem-detail">{p.detail.clone()}</p> })}
                                {p.part.clone().map(|part| view! { <p class="mod-problem-detail mod-part" data-testid="module-problem-part">{part}</p> })}
                            </li>
                        }
                    }
                </For>
            </ul>
            <MoreLines total=total limit=limit testid="module-problems-more" />
        </section>
    }
}

/// One line of the variables table, as shown (compared, so that a
/// keystroke re-renders only the variables it changed).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Line {
    name: String,
    /// `ok`, `failed`, `rule_failed` or `skipped`.
    status: &'static str,
    label: String,
    /// Rules tftype did not evaluate ("1 rule not evaluated").
    note: Option<String>,
    source: String,
    value: String,
}

/// How a variable fared, in the reader's words (the check's verdict: a
/// failed rule fails the variable).
pub fn status(v: &VarView, lang: Lang) -> (&'static str, String) {
    let rule_failed = v.rules.iter().any(|r| r.result == "fail" || r.result == "error");
    match (v.ok, v.stage.as_deref()) {
        (true, _) if rule_failed => ("rule_failed", format!("✗ {}", text(lang, "ui.module.rule_failed"))),
        (true, _) => ("ok", format!("✓ {}", text(lang, "ui.module.ok"))),
        (false, Some("skipped")) => ("skipped", format!("– {}", text(lang, "ui.module.stage.skipped"))),
        (false, stage) => {
            let key = match stage {
                Some(s @ ("declaration" | "value" | "convert" | "null" | "required" | "limit")) => {
                    format!("ui.module.stage.{s}")
                }
                _ => "ui.module.stage.other".to_string(),
            };
            ("failed", format!("✗ {}", text(lang, &key)))
        }
    }
}

/// Where the value came from, in the reader's words.
pub fn source_label(v: &VarView, lang: Lang) -> String {
    match v.source {
        Some(SourceKind::File) => match &v.value_at {
            Some(at) => fill(lang, "ui.module.source.file", &[("file", &at.file), ("line", &at.line.to_string())]),
            None => text(lang, "ui.module.source.none").to_string(),
        },
        Some(SourceKind::Cli) => "-var".to_string(),
        Some(SourceKind::Env) => format!("TF_VAR_{}", v.name),
        Some(SourceKind::Default) => text(lang, "ui.module.source.default").to_string(),
        None => text(lang, "ui.module.source.none").to_string(),
    }
}

/// The first line of a text, at most `max` characters ("…" when cut).
fn one_line(s: &str, max: usize) -> String {
    let first = s.lines().next().unwrap_or("");
    let cut: String = first.chars().take(max).collect();
    if cut.len() < s.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

fn line(v: &VarView, lang: Lang) -> Line {
    let (status, label) = status(v, lang);
    let skipped = v.rules.iter().filter(|r| r.result == "not_evaluated").count();
    Line {
        name: v.name.clone(),
        status,
        label,
        note: (skipped > 0).then(|| fill(lang, "ui.module.rules_not_evaluated", &[("count", &skipped.to_string())])),
        source: source_label(v, lang),
        value: match (&v.console, &v.summary) {
            (Some(c), _) => one_line(c, 60),
            (None, Some(s)) => one_line(s, 60),
            _ => String::new(),
        },
    }
}

#[component]
pub fn ModuleVars(
    state: ModuleState,
    answer: RwSignal<Option<Checked>>,
    chosen: Memo<Option<String>>,
) -> impl IntoView {
    let lang = lang();
    let lines = Memo::new(move |_| {
        let l = lang.get();
        answer.with(|a| a.iter().flat_map(|a| &a.variables).map(|v| line(v, l)).collect::<Vec<_>>())
    });
    // The first `limit` lines only (see MoreLines).
    let limit = RwSignal::new(CHUNK);
    let total = Signal::derive(move || lines.with(Vec::len));
    view! {
        <section class="mod-vars" aria-labelledby="mod-vars-label">
            <h3 id="mod-vars-label">{t("ui.module.variables")}</h3>
            <div class="mod-var-scroll">
            <table class="mod-var-table" data-testid="module-vars">
                <thead>
                    <tr>
                        <th scope="col">{t("ui.module.col_name")}</th>
                        <th scope="col">{t("ui.module.col_status")}</th>
                        <th scope="col">{t("ui.module.col_source")}</th>
                        <th scope="col">{t("ui.module.col_value")}</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=move || lines.with(|ls| first(ls, limit.get())) key=|l| l.1.clone() let:l>
                        {
                            let l = l.1;
                            let name = l.name.clone();
                            let (n1, n2, n3) = (name.clone(), name.clone(), name.clone());
                            view! {
                                <tr
                                    class="mod-var"
                                    class:chosen=move || chosen.with(|c| c.as_deref() == Some(n1.as_str()))
                                    data-testid="module-var"
                                    data-name=name.clone()
                                    data-status=l.status
                                    on:click=move |_| state.var.set(Some(n2.clone()))
                                >
                                    <th scope="row" class="mod-var-name">
                                        <button
                                            type="button"
                                            class="link"
                                            aria-pressed=move || chosen.with(|c| c.as_deref() == Some(n3.as_str())).to_string()
                                        >{name.clone()}</button>
                                    </th>
                                    <td class="mod-var-status" data-testid="module-var-status">
                                        {l.label.clone()}
                                        {l.note.clone().map(|n| view! { <span class="mod-var-note">{n}</span> })}
                                    </td>
                                    <td class="mod-var-source" data-testid="module-var-source">{l.source.clone()}</td>
                                    <td class="mod-var-value"><code data-testid="module-var-value">{l.value.clone()}</code></td>
                                </tr>
                            }
                        }
                    </For>
                </tbody>
            </table>
            <MoreLines total=total limit=limit testid="module-vars-more" />
            </div>
        </section>
    }
}
