//! The one-variable view: the type and value editors side by side, the
//! options, and the result with its tabs, recomputed on every keystroke
//! (in the engine worker, see `engine.rs`). [`Single::new`] sets up its
//! state and effects; [`NoticeBar`] and [`SingleView`] show it.

use std::time::Duration;

use leptos::prelude::*;
use tftype::diag::Source;
use tftype::i18n::text as tr;

use super::examples::Example;
use super::format_switch::{switch_format, FormatSwitch};
use super::model::{Format, State};
use super::notice::Notice;
use super::options::Options;
use super::outcome;
use super::result_view::ResultView;
use super::signals::Inputs;
use crate::engine::{Engine, Reply, Work};
use crate::shared::cm;
use crate::shared::editors::Editors;
use crate::shared::outcome::Outcome;
use crate::shared::page;
use crate::shared::story_line::rich;

/// Inputs larger than this (type and value, in bytes) are told in the Why
/// story only after typing pauses for `STORY_PAUSE`: their story costs the
/// worker more than their answer, and the next keystroke's answer must not
/// wait for it.
const STORY_AT_ONCE: usize = 16 * 1024;
const STORY_PAUSE: Duration = Duration::from_millis(200);

/// How the view opens: its inputs, the example they are (if one is), the
/// notice to show first.
pub struct Opening {
    pub initial: State,
    pub first_example: Option<&'static Example>,
    pub first_notice: Option<String>,
    /// The editors and options cannot be changed.
    pub readonly: bool,
    /// `#trap-test`: the first request makes the worker's engine trap on purpose.
    pub trap_test: bool,
}

/// The view's state, its engine and its editors.
#[derive(Clone, Copy)]
pub struct Single {
    pub inputs: Inputs,
    notice: Notice,
    example: RwSignal<Option<&'static Example>>,
    engine: StoredValue<Engine, LocalStorage>,
    editors: Editors,
    /// A format switch on its way (see `switch_format`).
    switch: FormatSwitch,
    result: Memo<Outcome>,
    /// The Why story and the notes, of the last state told.
    story: RwSignal<Option<tftype::why::Story>>,
    eval_ms: RwSignal<f64>,
    /// A revision number on the result after every answer, even an
    /// unchanged one (`data-rev`, for latency tests).
    revision: RwSignal<u64>,
    updating: RwSignal<bool>,
    type_host: NodeRef<leptos::html::Div>,
    value_host: NodeRef<leptos::html::Div>,
    readonly: bool,
}

impl Single {
    /// Sets up the view's state from `opening` and its effects: live
    /// evaluation, the editors, their underlines.
    pub fn new(opening: Opening) -> Single {
        let Opening { initial, first_example, first_notice, readonly, trap_test } = opening;
        let inputs = Inputs::new(&initial);
        // The page speaks the language chosen here (`words::lang`); the engine reads it when made.
        provide_context(inputs.lang);
        let notice = Notice::new(first_notice, inputs);
        let example: RwSignal<Option<&'static Example>> = RwSignal::new(first_example);

        // Live evaluation, in the engine worker (see engine.rs). Until the first
        // answer arrives the result says the engine is starting.
        let answer: RwSignal<Outcome> = RwSignal::new(Outcome { pending: true, ..Outcome::default() });
        let result = Memo::new(move |_| answer.get());
        let story = RwSignal::new(None::<tftype::why::Story>);
        let eval_ms = RwSignal::new(0.0);
        let revision = RwSignal::new(0u64);
        let updating = RwSignal::new(false);
        let engine = StoredValue::new_local(Engine::new(move |why| notice.show(why)));
        let trap_test = StoredValue::new_local(trap_test);
        let story_timer = StoredValue::new_local(None::<TimeoutHandle>);
        // The answer and, for an input of everyday size, its Why story and notes
        // in one request (one reply, one update of the page). A larger input's
        // story costs the worker more than its answer: it is asked for in a
        // second request, once typing pauses (see `STORY_PAUSE`).
        let json_shown = Memo::new(move |_| inputs.tab.get() == super::model::Tab::Json);
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
                        readonly,
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
                        readonly,
                        tr(inputs.lang.get_untracked(), "ui.value"),
                        true,
                        move |t| inputs.value.set(t),
                    );
                    // Completion and hover, from the type constraint (engine-full/ answers).
                    cm::set_assist(&v, move |hover, at, reply| {
                        let req = inputs.state_untracked().request();
                        engine.with_value(|e| {
                            e.send(Work::Assist(hover, at), &req, move |r| {
                                reply(if let Reply::Assisted(j) = r { j } else { String::new() })
                            })
                        });
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

        Single {
            inputs,
            notice,
            example,
            engine,
            editors,
            switch: FormatSwitch::new(),
            result,
            story,
            eval_ms,
            revision,
            updating,
            type_host,
            value_host,
            readonly,
        }
    }

    /// Loads `s` into the inputs and the editors.
    pub fn load(self, s: &State) {
        // A loaded state replaces the text a pending format switch was made from.
        self.switch.cancel();
        self.inputs.set(s);
        self.editors.set_docs(&s.type_src, &s.value);
    }

    /// Loads example `e` (an example keeps the chosen product version).
    pub fn choose(self, e: &'static Example) {
        self.load(&State { flavor: self.inputs.flavor.get_untracked(), ..e.state() });
        self.example.set(Some(e));
        self.notice.clear();
    }
}

/// The notice above the editors (see `Notice`).
#[component]
pub fn NoticeBar(single: Single) -> impl IntoView {
    let Single { inputs, notice, .. } = single;
    move || {
        notice.text.get().map(|msg| {
            view! {
                <div class="notice" role="alert" data-testid="notice">
                    <span>{msg}</span>
                    <button type="button" class="btn small" aria-label=move || tr(inputs.lang.get(), "ui.dismiss") on:click=move |_| {
                        notice.clear();
                        // The button goes away with the notice: the focus goes to the value.
                        page::focus_selector("[data-testid=\"value-editor\"] .cm-content");
                    }>"×"</button>
                </div>
            }
        })
    }
}

/// The chosen example's lesson, the two editors, the options and the result.
#[component]
pub fn SingleView(single: Single) -> impl IntoView {
    let Single {
        inputs,
        notice,
        example,
        engine,
        editors,
        switch,
        result,
        story,
        eval_ms,
        revision,
        updating,
        type_host,
        value_host,
        readonly,
    } = single;

    // The lesson of the chosen example, while its inputs are unchanged.
    let lesson = move || {
        example
            .get()
            .filter(|e| inputs.type_src.with(|t| t == e.type_src.unwrap_or("")) && inputs.value.with(|v| v == e.value))
    };

    view! {
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
                            disabled=readonly
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
        <Options inputs=inputs readonly=readonly />
        <ResultView result=result story=story inputs=inputs eval_ms=eval_ms revision=revision updating=updating editors=editors engine=engine />
    }
}
