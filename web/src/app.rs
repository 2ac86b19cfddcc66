//! The playground page: header (name, product version, examples, share,
//! theme), the type and value editors side by side, the options, and the
//! result with its tabs. Everything is recomputed on every keystroke; the
//! state lives in the URL fragment (see `share.rs`). Each part of the page is
//! a component of its own in `components/`.

pub mod flavor_select;
pub mod gallery;
pub mod header;
pub mod lang_select;
pub mod view_switch;

use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tftype::diag::Source;
use tftype::i18n::{fill, text as tr};

use crate::shared::cm;
use crate::app::flavor_select::FlavorSelect;
use crate::app::gallery::Gallery;
use crate::app::header::Header;
use crate::single::options::Options;
use crate::single::result_view::ResultView;
use crate::shared::story_line::rich;
use crate::app::view_switch::ViewSwitch;
use crate::single::examples::{self, Example};
use crate::single::model::{Format, State};
use crate::module::host as module_host;
use crate::engine::{Engine, Reply, Work};
use crate::shared::outcome::Outcome;
use crate::single::outcome;
use crate::shared::page::{self, Mode, Theme};
use crate::share::{self, ShareError};
use crate::shared::editors::Editors;
use crate::single::signals::Inputs;

/// How long typing must pause before the fragment is rewritten.
const HASH_DELAY: Duration = Duration::from_millis(250);
/// Inputs larger than this (type and value, in bytes) are told in the Why
/// story only after typing pauses for `STORY_PAUSE`: their story costs the
/// worker more than their answer, and the next keystroke's answer must not
/// wait for it.
const STORY_AT_ONCE: usize = 16 * 1024;
const STORY_PAUSE: Duration = Duration::from_millis(200);


/// The language of the page: the URL's, else the link's, else the one
/// chosen last here, else the browser's (its catalog is fetched before the
/// page is mounted).
pub fn reader_lang() -> tftype::i18n::Lang {
    let link = match share::opened() {
        Ok(s) => s.lang,
        Err(_) => State::from_query(&page::search()).and_then(|q| q.lang),
    };
    Mode::current().lang.or(link).or_else(page::stored_lang).unwrap_or_else(page::browser_lang)
}

/// The repository, from the workspace's release identity (the root Cargo.toml's
/// `[workspace.package]`, which every crate inherits).
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// The footer's links (ux-5 L14): the README's sections on what exists beside the page. Each is
/// a catalog key and what follows the repository's address.
const FOOTER_LINKS: [(&str, &str); 5] = [
    ("ui.footer_readme", "#readme"),
    ("ui.footer_cli", "#install"),
    ("ui.footer_editors", "#editors"),
    ("ui.footer_npm", "/tree/HEAD/npm#readme"),
    ("ui.footer_ci", "#in-ci-and-in-pre-commit"),
];

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
    let query = page::search();
    // A damaged `#…` next to readable `?…` parameters: the parameters are used, and the
    // notice says the fragment was not.
    let mut hash_ignored = false;
    let (mut initial, link_error, first_example) = match (share::opened(), State::from_query(&query)) {
        (Ok(s), _) => (s, None, None),
        // A link written by hand (`?type=…&value=…`).
        (Err(ShareError::Empty), Some(q)) => (q, None, None),
        (Err(ShareError::Empty), None) => (examples::DEFAULT.state(), None, Some(&examples::DEFAULT)),
        (Err(_), Some(q)) => {
            hash_ignored = true;
            (q, None, None)
        }
        (Err(e), None) => (examples::DEFAULT.state(), Some(e), Some(&examples::DEFAULT)),
    };
    // A link that could not be restored stays in the address bar until the user changes
    // something (its notice would otherwise outlive the address it is about).
    let keep_address = link_error.is_some() || hash_ignored;
    let lang = reader_lang();
    initial.lang = Some(lang);
    let mut first_notice = link_error.map(|e| e.message(lang));
    if hash_ignored {
        first_notice = Some(tr(lang, "ui.link.hash_ignored").to_string());
    }
    // The product version: the URL's, else the link's, else the one chosen
    // last on this site (a page opened without a link).
    if tftype::flavor::Flavor::lookup(&initial.flavor).is_none() {
        first_notice = Some(fill(lang, "ui.unknown_flavor", &[("flavor", &initial.flavor), ("shown", &tftype::flavor::Flavor::default_flavor().label())]));
        initial.flavor = crate::single::model::default_flavor();
    }
    if first_example.is_some() {
        if let Some(f) = page::stored_flavor() {
            initial.flavor = f.to_string();
        }
    }
    if let Some(f) = mode.flavor {
        initial.flavor = f.to_string();
    }
    let inputs = Inputs::new(&initial);
    provide_context(inputs.lang);
    // The page's language and (for the Module view, module_host.rs) version, on <html>.
    Effect::new(move |_| {
        page::apply_lang(inputs.lang.get());
        page::apply_flavor(&inputs.flavor.get());
    });
    // Counts the Module view's changes of its files: the link follows them.
    let module_rev = RwSignal::new(0u32);
    // A link opened as it is keeps its text; a changed state gets a new one.
    let link_as_is = had_link && first_notice.is_none() && mode.flavor.is_none();
    let notice = Notice::new(first_notice, inputs);
    let example: RwSignal<Option<&'static Example>> = RwSignal::new(first_example);
    let gallery_open = RwSignal::new(false);
    let share_status = RwSignal::new(None::<String>);
    let share_fallback = RwSignal::new(None::<String>);
    let share_hash = RwSignal::new(if link_as_is { fragment.clone() } else { String::new() });
    if !link_as_is {
        let s = initial.clone();
        spawn_local(async move { share_hash.set(share::link(&s, module_host::doc().as_deref()).await.unwrap_or_default()) });
    }

    // Live evaluation, in the engine worker (see engine.rs). Until the first
    // answer arrives the result says the engine is starting.
    let answer: RwSignal<Outcome> = RwSignal::new(Outcome { pending: true, ..Outcome::default() });
    let result = Memo::new(move |_| answer.get());
    // The Why story and the notes, of the last state told.
    let story = RwSignal::new(None::<tftype::why::Story>);
    let eval_ms = RwSignal::new(0.0);
    // A revision number on the result after every answer, even an unchanged
    // one (`data-rev`, for latency tests).
    let revision = RwSignal::new(0u64);
    let updating = RwSignal::new(false);
    let engine = StoredValue::new_local(Engine::new(move |why| notice.show(why)));
    // `#trap-test`: the first request makes the worker's engine trap on purpose.
    let trap_test = StoredValue::new_local(fragment == "#trap-test");
    let story_timer = StoredValue::new_local(None::<TimeoutHandle>);
    // The answer and, for an input of everyday size, its Why story and notes
    // in one request (one reply, one update of the page). A larger input's
    // story costs the worker more than its answer: it is asked for in a
    // second request, once typing pauses (see `STORY_PAUSE`).
    let json_shown = Memo::new(move |_| inputs.tab.get() == crate::single::model::Tab::Json);
    Effect::new(move |_| {
        let st = inputs.eval_state();
        let shown = crate::engine::Shown { full: inputs.show_all.get(), json: json_shown.get() };
        let big = st.type_src.len() + st.value.len() > STORY_AT_ONCE;
        let mut req = st.request();
        let story_req = req.clone();
        if big {
            req.lang = None;
        }
        if trap_test.get_value() {
            trap_test.set_value(false);
            req.var_name = crate::engine::TRAP_TEST.to_string();
        }
        updating.set(true);
        if let Some(h) = story_timer.get_value() {
            h.clear();
        }
        engine.with_value(|e| {
            e.send(Work::Evaluate(shown), &req, move |reply| {
                let mut story_wanted = false;
                match reply {
                    Reply::Evaluated(mut ev, ms) => {
                        let told = ev.response.story.take();
                        answer.set(outcome::from_evaluation(&st, *ev));
                        eval_ms.set(ms);
                        match told {
                            Some(s) => story.set(Some(s)),
                            None => story_wanted = true,
                        }
                    }
                    Reply::Failed(why) => answer.set(Outcome::engine_failed(why, inputs.lang.get_untracked())),
                    _ => {}
                }
                updating.set(false);
                revision.update(|r| *r += 1);
                if story_wanted {
                    let tell = move || {
                        engine.with_value(|e| {
                            e.send(Work::Story, &story_req, move |reply| {
                                // Only the story of what is on show (a newer state has its own on the way).
                                if let Reply::Told(s) = reply {
                                    if inputs.eval_state_untracked() == st {
                                        story.set(Some(s));
                                    }
                                }
                            })
                        })
                    };
                    story_timer.set_value(set_timeout_with_handle(tell, STORY_PAUSE).ok());
                }
            })
        });
    });

    // tftype's notes on the value (a dropped attribute, …), underlined in the value editor.
    let note_marks = Memo::new(move |_| story.with(|s| s.as_ref().map(outcome::note_marks).unwrap_or_default()));

    // Editors.
    let editors = Editors::new();
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
                    tr(inputs.lang.get_untracked(), "ui.type_constraint"),
                    // Long lines wrap, as in the Module view's editors: a long one-line type
                    // pasted here kept its start scrolled out of view (ux-5 L13).
                    true,
                    move |t| inputs.type_src.set(t),
                );
                editors.ty.set_value(Some(v));
                result.with_untracked(|o| editors.show_marks(o, &note_marks.get_untracked()));
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
                    tr(inputs.lang.get_untracked(), "ui.value"),
                    true,
                    move |t| inputs.value.set(t),
                );
                // Completion and hover, from the type constraint (engine-full/ answers).
                cm::set_assist(&v, move |hover, at, reply| {
                    let req = inputs.state_untracked().request();
                    engine.with_value(|e| e.send(Work::Assist(hover, at), &req, move |r| reply(if let Reply::Assisted(j) = r { j } else { String::new() })));
                });
                editors.value.set_value(Some(v));
                result.with_untracked(|o| editors.show_marks(o, &note_marks.get_untracked()));
            }
        }
    });
    // Errors where they happen.
    Effect::new(move |_| {
        let notes = note_marks.get();
        result.with(|o| editors.show_marks(o, &notes))
    });
    // JSON highlighting for the JSON format.
    Effect::new(move |_| {
        let lang = inputs.format.get().editor_language();
        editors.with(Source::Value, |v| cm::set_language(v, lang));
    });

    // The fragment follows the state (after a pause in typing). A page opened
    // without a link keeps its clean address until something changes.
    let timer = StoredValue::new_local(None::<TimeoutHandle>);
    let first_run = StoredValue::new_local(true);
    // Bumped by every change: a link made for an older state is not written.
    let hash_generation = StoredValue::new_local(0u64);
    Effect::new(move |_| {
        let st = inputs.state();
        module_rev.track();
        let m = module_host::doc();
        if first_run.get_value() {
            first_run.set_value(false);
            if !had_link || keep_address {
                return;
            }
        }
        if let Some(h) = timer.get_value() {
            h.clear();
        }
        hash_generation.update_value(|g| *g += 1);
        let generation = hash_generation.get_value();
        let h = set_timeout_with_handle(
            move || {
                spawn_local(async move {
                    let f = share::link(&st, m.as_deref()).await;
                    if hash_generation.get_value() != generation {
                        return;
                    }
                    match f {
                        Some(f) => {
                            page::replace_hash(&f);
                            share_hash.set(f);
                        }
                        // Too big for a link: the address keeps the last state that fit (a
                        // reload then loses only the latest changes, not the whole module), and
                        // a notice says so (reliability review 4, finding 14).
                        None => {
                            share_status.set(Some(tr(inputs.lang.get_untracked(), "ui.share_too_large_kept").into()));
                        }
                    }
                })
            },
            HASH_DELAY,
        )
        .ok();
        timer.set_value(h);
    });

    // A format switch on its way (see `switch_format`).
    let switch = FormatSwitch::new();
    let load = move |s: State| {
        // A loaded state replaces the text a pending format switch was made from.
        switch.cancel();
        inputs.set(&s);
        editors.set_docs(&s.type_src, &s.value);
    };
    let choose = move |e: &'static Example| {
        // An example keeps the chosen product version.
        load(State { flavor: inputs.flavor.get_untracked(), ..e.state() });
        example.set(Some(e));
        notice.clear();
        gallery_open.set(false);
        if let Some(btn) = document().get_element_by_id("examples-toggle") {
            use wasm_bindgen::JsCast;
            if let Ok(b) = btn.dyn_into::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        }
    };

    // The Module view (module_host.rs): its files change the link.
    module_host::start(module_rev, share::opened_json());

    let share_now = move || {
        share_fallback.set(None);
        let lang = inputs.lang.get_untracked();
        let st = inputs.state_untracked();
        spawn_local(async move {
            let Some(f) = share::link(&st, module_host::doc().as_deref()).await else {
                share_status.set(Some(tr(lang, "ui.share_too_large").into()));
                return;
            };
            page::replace_hash(&f);
            share_hash.set(f);
            let link = page::href();
            share_status.set(Some(tr(lang, "ui.share_copying").into()));
            if page::copy_text(&link).await {
                share_status.set(Some(tr(lang, "ui.share_copied").into()));
            } else {
                share_status.set(Some(tr(lang, "ui.share_copy_this").into()));
                share_fallback.set(Some(link));
            }
        });
    };

    let toggle_theme = move || {
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
            <Header
                flavor=inputs.flavor
                lang=inputs.lang
                gallery_open=gallery_open
                theme=theme
                share_status=share_status
                share_fallback=share_fallback
                share_now=share_now
                toggle_theme=toggle_theme
            />
            <Gallery open=gallery_open lang=inputs.lang choose=choose />
        }
    });

    let embed_bar = mode.embed.then(|| {
        view! {
            <div class="embed-bar">
                <span class="embed-name">"tftype"</span>
                <FlavorSelect flavor=inputs.flavor readonly=false />
                <a
                    class="open-link"
                    data-testid="open-in-playground"
                    target="_blank"
                    rel="noopener"
                    href=move || format!("{}{}", page::base_url(), share_hash.get())
                >
                    {move || tr(inputs.lang.get(), "ui.open_in_playground")}
                </a>
            </div>
        }
    });

    let footer = (!mode.embed).then(|| {
        view! {
            <footer class="site-footer" data-testid="site-footer">
                <nav class="footer-links" aria-label=move || tr(inputs.lang.get(), "ui.footer_links")>
                    <ul>
                        {FOOTER_LINKS.into_iter().map(|(key, path)| view! {
                            <li><a href=format!("{REPOSITORY}{path}") data-testid="footer-link">{move || tr(inputs.lang.get(), key)}</a></li>
                        }).collect_view()}
                    </ul>
                </nav>
                <p>{move || tr(inputs.lang.get(), "ui.footer")}</p>
            </footer>
        }
    });

    view! {
        <div class="app" class:embed=mode.embed class:readonly=mode.readonly>
            {header}
            {embed_bar}
            <main class="main">
                {move || notice.text.get().map(|msg| view! {
                    <div class="notice" role="alert" data-testid="notice">
                        <span>{msg}</span>
                        <button type="button" class="btn small" aria-label=move || tr(inputs.lang.get(), "ui.dismiss") on:click=move |_| {
                            notice.clear();
                            // The button goes away with the notice: the focus goes to the value.
                            page::focus_selector("[data-testid=\"value-editor\"] .cm-content");
                        }>"×"</button>
                    </div>
                })}
                {(!mode.embed).then(|| view! { <ViewSwitch /> })}
                {move || lesson().map(|e| view! {
                    <p class="lesson" data-testid="lesson">
                        <strong>{move || rich(&e.title(inputs.lang.get()))}</strong>
                        <span class="lesson-sep" aria-hidden="true">" — "</span>
                        <span>{move || rich(&e.lesson(inputs.lang.get()))}</span>
                        {e.url.map(|u| view! { " " <a href=u target="_blank" rel="noopener">{move || tr(inputs.lang.get(), "ui.report")}</a> })}
                    </p>
                })}
                <div class="editors">
                    <section class="pane" aria-labelledby="type-label">
                        <div class="pane-head">
                            <h2 id="type-label">{move || tr(inputs.lang.get(), "ui.type_constraint")}</h2>
                            <span class="hint">{move || tr(inputs.lang.get(), "ui.type_hint")}</span>
                        </div>
                        <div class="editor-host" data-testid="type-editor" node_ref=type_host></div>
                    </section>
                    <section class="pane" aria-labelledby="value-label">
                        <div class="pane-head">
                            <h2 id="value-label">{move || tr(inputs.lang.get(), "ui.value")}</h2>
                            <label class="format">
                                <span>{move || tr(inputs.lang.get(), "ui.format")}</span>
                                <select
                                    data-testid="value-format"
                                    disabled=mode.readonly
                                    on:change=move |ev| {
                                        if let Some(f) = Format::from_key(&event_target_value(&ev)) {
                                            switch_format(inputs, editors, engine, notice, switch, f);
                                        }
                                    }
                                >
                                    {Format::ALL.into_iter().map(|f| view! {
                                        <option value=f.key() title=move || f.description(inputs.lang.get()) prop:selected=move || switch.target.get().unwrap_or_else(|| inputs.format.get()) == f>
                                            {move || f.label(inputs.lang.get())}
                                        </option>
                                    }).collect_view()}
                                </select>
                            </label>
                        </div>
                        <div class="editor-host" data-testid="value-editor" node_ref=value_host></div>
                    </section>
                </div>
                <Options inputs=inputs readonly=mode.readonly />
                <ResultView result=result story=story inputs=inputs eval_ms=eval_ms revision=revision updating=updating editors=editors engine=engine />
                // The Module view mounts here when it first opens (module_host.rs); made
                // once, kept while the other view is on show (its editors keep their undo history).
                {(!mode.embed).then(|| view! { <div id=crate::module::host::ROOT_ID class="module-view"></div> })}
            </main>
            {footer}
        </div>
    }
}


/// A format switch on its way. Its reply is built from the text at the time
/// of the request and arrives after the evaluations queued before it; by then
/// the user may have typed on, chosen another format or loaded an example.
#[derive(Clone, Copy)]
struct FormatSwitch {
    /// Bumped by every choice and every load: a reply to an older one is dropped.
    generation: StoredValue<u64>,
    /// The format being switched to while its text is on the way (the
    /// select shows it; the value is still in the old format).
    target: RwSignal<Option<Format>>,
}

impl FormatSwitch {
    fn new() -> FormatSwitch {
        FormatSwitch { generation: StoredValue::new(0), target: RwSignal::new(None) }
    }

    /// A new choice: replies to earlier ones no longer apply.
    fn next(self) -> u64 {
        self.generation.update_value(|g| *g += 1);
        self.generation.get_value()
    }

    fn cancel(self) {
        self.next();
        self.target.set(None);
    }
}

/// Switches the value to format `to`: the same value, written the way that
/// format writes it (read by the engine, from the value itself). When it
/// cannot be written there, the text stays as it is and a notice says why.
/// The last choice wins: choosing the format the value is in cancels a
/// switch on its way.
fn switch_format(inputs: Inputs, editors: Editors, engine: StoredValue<Engine, LocalStorage>, notice: Notice, switch: FormatSwitch, to: Format) {
    let generation = switch.next();
    if inputs.format.get_untracked() == to {
        switch.target.set(None);
        return;
    }
    if inputs.value.with_untracked(|v| v.trim().is_empty()) {
        switch.target.set(None);
        inputs.format.set(to);
        return;
    }
    switch.target.set(Some(to));
    request_reformat(inputs, editors, engine, notice, switch, generation, to);
}

/// Asks the engine for the value in format `to`. The reply applies only to
/// the text and format it was made from: a reply to a later choice or a
/// load is dropped, and one for a text changed since is asked for again
/// from the text as it is now (so no keystroke is lost).
fn request_reformat(
    inputs: Inputs,
    editors: Editors,
    engine: StoredValue<Engine, LocalStorage>,
    notice: Notice,
    switch: FormatSwitch,
    generation: u64,
    to: Format,
) {
    let st = inputs.state_untracked();
    let req = st.request();
    let (sent_value, sent_format) = (st.value, st.format);
    engine.with_value(|e| {
        e.send(Work::Reformat(to.value_format()), &req, move |reply| {
            if switch.generation.get_value() != generation {
                return;
            }
            let unchanged = inputs.format.get_untracked() == sent_format && inputs.value.with_untracked(|v| *v == sent_value);
            // The editor's own text decides (keys typed a moment ago may not have reached
            // `inputs` yet): a text that is no longer the one sent is asked about again.
            let replaced = match &reply {
                Reply::Reformatted(Ok(r)) if unchanged => {
                    let mut done = true;
                    editors.with(Source::Value, |v| done = cm::set_doc_if(v, &sent_value, &r.text));
                    done
                }
                _ => unchanged,
            };
            if !replaced {
                request_reformat(inputs, editors, engine, notice, switch, generation, to);
                return;
            }
            switch.target.set(None);
            let lang = inputs.lang.get_untracked();
            // Set once the format is: a notice is about the state it is shown with.
            let said = match reply {
                Reply::Reformatted(Ok(r)) => {
                    inputs.value.set(r.text);
                    (!r.lost.is_empty()).then(|| {
                        let mut s = fill(lang, "ui.format_lost", &[("format", &to.description(lang))]);
                        for l in r.lost {
                            s.push_str(tftype::i18n::sentence_gap(lang));
                            s.push_str(l.message_in(lang));
                        }
                        s
                    })
                }
                Reply::Reformatted(Err(why)) => Some(fill(lang, "ui.format_kept", &[("format", &to.description(lang)), ("why", &why)])),
                // The engine stopped (and says so): the value stays as it is.
                _ => return,
            };
            inputs.format.set(to);
            match said {
                Some(s) => notice.show(s),
                None => notice.clear(),
            }
        })
    });
}

/// The notice above the editors. It is about the inputs it was shown with
/// (a format switch refused, or what it lost; a link that could not be
/// read; an engine restarted on them): once the type, the value or the
/// format changes, it goes.
#[derive(Clone, Copy)]
struct Notice {
    text: RwSignal<Option<String>>,
    /// The type, value and format the notice is about.
    about: StoredValue<Option<(String, String, Format)>, LocalStorage>,
    inputs: Inputs,
}

impl Notice {
    fn new(first: Option<String>, inputs: Inputs) -> Notice {
        let n = Notice { text: RwSignal::new(None), about: StoredValue::new_local(None), inputs };
        if let Some(t) = first {
            n.show(t);
        }
        Effect::new(move |_| {
            inputs.type_src.track();
            inputs.value.track();
            inputs.format.track();
            let changed = n.about.with_value(|a| {
                a.as_ref().is_some_and(|(ty, v, f)| inputs.type_src.with_untracked(|t| t != ty) || inputs.value.with_untracked(|x| x != v) || inputs.format.get_untracked() != *f)
            });
            if changed {
                n.clear();
            }
        });
        n
    }

    /// Shows `text`, about the inputs as they are now.
    fn show(self, text: String) {
        let i = self.inputs;
        self.about.set_value(Some((i.type_src.get_untracked(), i.value.get_untracked(), i.format.get_untracked())));
        self.text.set(Some(text));
    }

    fn clear(self) {
        self.about.set_value(None);
        self.text.set(None);
    }
}
