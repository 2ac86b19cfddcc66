//! The variable chosen in the Module view: what the check found (the final
//! value as `terraform console` prints it, its JSON and type, or the tool's
//! error), the Why story of its value (the one-variable engine's, on the
//! texts the check read: `tftype::module_view`), and its validation rules.
//! A story step shades its parts in the files the type and the value are in.

use leptos::prelude::*;
use tftype::i18n::{fill, text};
use tftype::module_view::{ModuleView as Checked, VarView};
use tftype::why::{Step, Story};
use tftype::Request;

use super::vars::{reveal, source_label, status};
use crate::engine::{Engine, Reply, Work};
use crate::module::signals::ModuleState;
use crate::shared::editors::Editors;
use crate::shared::long_text::LongText;
use crate::shared::notes_box::NotesBox;
use crate::shared::outcome::Outcome;
use crate::shared::why_panel::WhyPanel;
use crate::shared::words::{lang, t};

/// The detail's tabs. Their keys are test ids (`mtab-KEY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Console,
    Json,
    Type,
    Why,
    Rules,
}

impl Tab {
    const ALL: [Tab; 5] = [Tab::Console, Tab::Json, Tab::Type, Tab::Why, Tab::Rules];

    fn key(self) -> &'static str {
        match self {
            Tab::Console => "console",
            Tab::Json => "json",
            Tab::Type => "type",
            Tab::Why => "why",
            Tab::Rules => "rules",
        }
    }
}

/// Moves a story told on the variable's own texts into the files they are
/// in: `type_at` / `value_at` are where those texts start (UTF-16). A value
/// not in a file (`-var`, `TF_VAR_`) is not shaded; when the type and the
/// value are in one file, every part goes to the value's editor.
pub fn into_files(mut story: Story, type_at: Option<usize>, value_at: Option<usize>, same_file: bool) -> Story {
    let shift = |r: [usize; 2], by: usize| [r[0] + by, r[1] + by];
    let place = |s: &mut Step| {
        s.value16 = value_at.and_then(|v| s.value16.map(|r| shift(r, v)));
        s.more16 = match value_at {
            Some(v) => s.more16.iter().map(|r| shift(*r, v)).collect(),
            None => Vec::new(),
        };
        let ty = type_at.and_then(|t| s.type16.map(|r| shift(r, t)));
        if same_file {
            s.more16.extend(ty);
            s.type16 = None;
        } else {
            s.type16 = ty;
        }
    };
    story.steps.iter_mut().for_each(place);
    story.notes.iter_mut().for_each(place);
    story
}

#[component]
pub fn ModuleDetail<F>(
    state: ModuleState,
    chosen: Memo<Option<VarView>>,
    answer: RwSignal<Option<Checked>>,
    engine: StoredValue<Engine, LocalStorage>,
    open_single: F,
) -> impl IntoView
where
    F: Fn(Request) + Copy + Send + Sync + 'static,
{
    let lang = lang();
    let tab = RwSignal::new(Tab::Console);
    let show_all = RwSignal::new(false);
    let editors = Editors::new();
    // The story of the chosen variable's request, while it is the one on show.
    let story = RwSignal::new(None::<(Request, Story)>);
    let request = Memo::new(move |_| chosen.with(|v| v.as_ref().and_then(|v| v.request.clone())));
    Effect::new(move |_| {
        let Some(req) = request.get() else {
            story.set(None);
            return;
        };
        engine.with_value(|e| {
            let sent = req.clone();
            e.send(Work::ModuleStory, &req, move |reply| {
                if let Reply::Told(s) = reply {
                    if request.get_untracked().as_ref() == Some(&sent) {
                        story.set(Some((sent, s)));
                    }
                }
            })
        });
    });
    // The story moved into the files of the type and the value (the notes and
    // the Why tab show it; its steps shade those editors).
    let shown_story = RwSignal::new(None::<Story>);
    Effect::new(move |_| {
        let shifted = chosen.with(|v| {
            let v = v.as_ref()?;
            let type_file = v.type_at.as_ref().map(|a| a.file.clone());
            let value_file = v.value_at.as_ref().map(|a| a.file.clone());
            let same = type_file.is_some() && type_file == value_file;
            story.with(|s| {
                s.as_ref().filter(|(r, _)| v.request.as_ref() == Some(r)).map(|(_, st)| {
                    let mut st = into_files(
                        st.clone(),
                        v.type_at.as_ref().map(|a| a.from16),
                        v.value_at.as_ref().map(|a| a.from16),
                        same,
                    );
                    // What the tool says is the check's message (its files and lines), not the
                    // one-variable engine's.
                    if let (Some(verbatim), Some(summary)) = (st.verbatim.as_mut(), &v.summary) {
                        verbatim.summary = summary.clone();
                        verbatim.detail = v.detail.clone().unwrap_or_default();
                    }
                    st
                })
            })
        });
        shown_story.set(shifted);
    });
    let outcome = Memo::new(move |_| {
        chosen.with(|v| {
            let Some(v) = v else { return Outcome::default() };
            Outcome {
                ok: v.ok,
                type_string: v.type_string.clone().unwrap_or_default(),
                console: v.console.clone().unwrap_or_default(),
                json: match (&v.json, v.ok) {
                    (Some(j), _) if j.starts_with('{') => crate::shared::jsonfmt::pretty(j),
                    (Some(j), _) => j.clone(),
                    (None, true) => crate::shared::outcome::no_json(lang.get()).to_string(),
                    _ => String::new(),
                },
                summary: v.summary.clone().unwrap_or_default(),
                detail: v.detail.clone().unwrap_or_default(),
                ..Outcome::default()
            }
        })
    });
    Effect::new(move |_| {
        let (tf, vf) = chosen.with(|v| {
            (
                v.as_ref().and_then(|v| v.type_at.as_ref().map(|a| a.file.clone())),
                v.as_ref().and_then(|v| v.value_at.as_ref().map(|a| a.file.clone())),
            )
        });
        let _ = state.editors_rev.get();
        let ty = tf.as_deref().filter(|f| Some(*f) != vf.as_deref()).and_then(|f| state.editor_of(f));
        editors.ty.set_value(ty);
        editors.value.set_value(vf.as_deref().or(tf.as_deref()).and_then(|f| state.editor_of(f)));
    });
    let ok = Memo::new(move |_| chosen.with(|v| v.as_ref().is_some_and(|v| v.ok)));
    let has_rules = Memo::new(move |_| chosen.with(|v| v.as_ref().is_some_and(|v| !v.rules.is_empty())));
    let available = move |t: Tab| match t {
        Tab::Json | Tab::Type => ok.get(),
        Tab::Rules => has_rules.get(),
        _ => true,
    };
    let showing = Memo::new(move |_| {
        let t = tab.get();
        if available(t) {
            t
        } else {
            Tab::Console
        }
    });
    let label = move |t: Tab| -> &'static str {
        let l = lang.get();
        match t {
            Tab::Console if ok.get() => text(l, "ui.tab.console"),
            Tab::Console => text(l, "ui.tab.error"),
            Tab::Json => text(l, "ui.tab.json"),
            Tab::Type => text(l, "ui.tab.type"),
            Tab::Why => text(l, "ui.tab.why"),
            Tab::Rules => text(l, "ui.module.tab.rules"),
        }
    };
    let on_tab_key = move |ev: web_sys::KeyboardEvent| {
        let all: Vec<Tab> = Tab::ALL.into_iter().filter(|t| available(*t)).collect();
        if let Some(t) = crate::shared::page::tab_key_target(&ev.key(), &all, showing.get_untracked()) {
            ev.prevent_default();
            tab.set(t);
            crate::shared::page::focus_id(&format!("mtab-{}", t.key()));
        }
    };
    let hidden = move |t: Tab| move || showing.get() != t;

    view! {
        <section class="mod-detail result" data-testid="module-detail" aria-labelledby="mod-detail-label">
            {move || chosen.with(Option::is_none).then(|| view! { <p class="panel-note">{t("ui.module.choose")}</p> })}
            <div class="mod-detail-body" hidden=move || chosen.with(Option::is_none)>
                // Made again when the chosen variable (or the language) changes: one view of plain texts.
                {move || chosen.get().map(|v| {
                    let l = lang.get();
                    let flags: Vec<&'static str> = [(v.sensitive, "sensitive"), (v.ephemeral, "ephemeral"), (v.constant, "const"), (!v.nullable, "nullable = false")]
                        .into_iter().filter(|(on, _)| *on).map(|(_, f)| f).collect();
                    let at = |a: &Option<tftype::module_view::At>| a.as_ref().map(|a| (a.file.clone(), a.from16, a.to16));
                    let (value_at, decl_at) = (at(&v.value_at), at(&v.decl_at));
                    let req = v.request.clone();
                    view! {
                        <div class="result-head">
                            <h3 id="mod-detail-label" class="mod-detail-name"><code data-testid="module-detail-name">{format!("var.{}", v.name)}</code></h3>
                            <p class="status" class:ok=v.ok class:err=!v.ok data-testid="module-detail-status">{status(&v, l).1}</p>
                        </div>
                        <p class="mod-detail-meta">
                            <span data-testid="module-detail-source">{fill(l, "ui.module.set_by", &[("source", &source_label(&v, l))])}</span>
                            {flags.into_iter().map(|f| view! { " " <code class="mod-flag">{f}</code> }).collect_view()}
                        </p>
                        <p class="mod-detail-description" hidden=v.description.is_none()>{v.description.clone()}</p>
                        <p class="mod-detail-deprecated" hidden=v.deprecated.is_none()>{v.deprecated.as_ref().map(|d| fill(l, "ui.module.deprecated", &[("message", d)]))}</p>
                        <p class="mod-detail-actions">
                            <button type="button" class="link" data-testid="module-show-value" hidden=value_at.is_none() on:click=move |_| if let Some((f, a, b)) = &value_at { reveal(state, f, *a, *b) }>{text(l, "ui.module.show_value")}</button>
                            <button type="button" class="link" data-testid="module-show-decl" hidden=decl_at.is_none() on:click=move |_| if let Some((f, a, b)) = &decl_at { reveal(state, f, *a, *b) }>{text(l, "ui.module.show_decl")}</button>
                            <button type="button" class="link" data-testid="module-open-single" hidden=req.is_none() on:click=move |_| if let Some(r) = &req { open_single(r.clone()) }>{text(l, "ui.module.open_single")}</button>
                        </p>
                    }
                })}
                <NotesBox story=shown_story editors=editors lang=lang />
                <div class="tabs" role="tablist" aria-label=t("ui.result_views") on:keydown=on_tab_key>
                    {Tab::ALL.into_iter().map(|tb| view! {
                        <button
                            type="button"
                            role="tab"
                            id=format!("mtab-{}", tb.key())
                            data-testid=format!("mtab-{}", tb.key())
                            aria-controls=format!("mpanel-{}", tb.key())
                            aria-selected=move || (showing.get() == tb).to_string()
                            tabindex=move || if showing.get() == tb { "0" } else { "-1" }
                            class:active=move || showing.get() == tb
                            hidden=move || !available(tb)
                            on:click=move |_| tab.set(tb)
                        >
                            {move || label(tb)}
                        </button>
                    }).collect_view()}
                </div>
                <div class="panel" role="tabpanel" id="mpanel-console" aria-labelledby="mtab-console" hidden=hidden(Tab::Console)>
                    {move || if ok.get() {
                        view! {
                            <LongText result=outcome pick=|o| (&o.console, o.console_cut) show_all=show_all testid="module-console" label=t("ui.console_output")() active=Signal::derive(move || showing.get() == Tab::Console) />
                        }.into_any()
                    } else {
                        view! {
                            <div class="error-box" data-testid="module-error">
                                <p class="error-title">
                                    <span class="error-word">{t("ui.error_word")}</span>
                                    <strong data-testid="module-error-summary">{move || outcome.with(|o| o.summary.clone())}</strong>
                                </p>
                                <p class="error-detail">{move || outcome.with(|o| o.detail.clone())}</p>
                                // As `tftype check` says it after the error (ux-5 L16).
                                {move || chosen.with(|v| v.as_ref().and_then(|v| v.part.clone())).map(|name| view! {
                                    <p class="error-detail mod-part" data-testid="module-error-part">{fill(lang.get(), "ui.module.failing_part", &[("name", &name)])}</p>
                                })}
                            </div>
                        }.into_any()
                    }}
                </div>
                <div class="panel" role="tabpanel" id="mpanel-json" aria-labelledby="mtab-json" hidden=hidden(Tab::Json)>
                    <p class="panel-note">{t("ui.json_note")}</p>
                    <LongText result=outcome pick=|o| (&o.json, o.json_cut) show_all=show_all testid="module-json" label=t("ui.json_output")() active=Signal::derive(move || showing.get() == Tab::Json) />
                </div>
                <div class="panel" role="tabpanel" id="mpanel-type" aria-labelledby="mtab-type" hidden=hidden(Tab::Type)>
                    <pre class="out" tabindex="0"><code data-testid="module-type">{move || outcome.with(|o| o.type_string.clone())}</code></pre>
                </div>
                <div class="panel" role="tabpanel" id="mpanel-why" aria-labelledby="mtab-why" hidden=hidden(Tab::Why)>
                    {move || (request.with(Option::is_none)).then(|| view! { <p class="panel-note" data-testid="module-no-story">{t("ui.module.no_story")}</p> })}
                    <div hidden=move || request.with(Option::is_none)>
                        <p class="panel-note">{t("ui.module.story_note")}</p>
                        <WhyPanel story=shown_story editors=editors lang=lang />
                    </div>
                </div>
                <div class="panel" role="tabpanel" id="mpanel-rules" aria-labelledby="mtab-rules" hidden=hidden(Tab::Rules)>
                    <ul class="mod-rules" data-testid="module-rules">
                        {move || chosen.with(|v| v.as_ref().map(|v| v.rules.clone()).unwrap_or_default()).into_iter().map(|r| {
                            let at = r.at.clone();
                            let result = r.result.clone();
                            let key = format!("ui.module.rule.{result}");
                            view! {
                                <li class="mod-rule" data-testid="module-rule" data-result=result>
                                    <span class="mod-rule-result">{move || text(lang.get(), &key)}</span>
                                    " "
                                    {match at {
                                        Some(at) => view! { <button type="button" class="link" on:click=move |_| reveal(state, &at.file, at.from16, at.to16)><code>{r.rule.clone()}</code></button> }.into_any(),
                                        None => view! { <code>{r.rule.clone()}</code> }.into_any(),
                                    }}
                                    {r.error_message.clone().map(|m| view! { <p class="mod-rule-message">{m}</p> })}
                                    {r.reason.clone().map(|m| view! { <p class="mod-rule-reason">{m}</p> })}
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </div>
            </div>
            {move || answer.with(|a| a.as_ref().is_some_and(|a| !a.validation_complete)).then(|| view! {
                <p class="panel-note">{t("ui.module.validation_incomplete")}</p>
            })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tftype::i18n::Lang;
    use tftype::module_view::view_json;

    /// The story's parts land on the texts they are about, in the files.
    #[test]
    fn a_story_is_moved_into_the_files_of_its_type_and_value() {
        let vars = "variable \"p\" {\n  type = list(object({ port = optional(number, 80) }))\n}\n";
        let tfvars = "# ünïcödé\np = [{}, { port = \"8080\" }]\n";
        let j = view_json(
            &serde_json::json!({"files": {"variables.tf": vars, "p.auto.tfvars": tfvars}, "lang": "en"}).to_string(),
        );
        let v: Checked = serde_json::from_str(&j).unwrap();
        let p = &v.variables[0];
        let req = p.request.clone().unwrap();
        let story = tftype::why::story(&req, Lang::En);
        let moved = into_files(
            story.clone(),
            p.type_at.as_ref().map(|a| a.from16),
            p.value_at.as_ref().map(|a| a.from16),
            false,
        );
        let s16 = |text: &str, r: [usize; 2]| {
            String::from_utf16(&text.encode_utf16().collect::<Vec<_>>()[r[0]..r[1]]).unwrap()
        };
        let mut seen = 0;
        for (a, b) in story.steps.iter().zip(&moved.steps) {
            if let (Some(x), Some(y)) = (a.value16, b.value16) {
                assert_eq!(s16(&req.value, x), s16(tfvars, y), "{}", a.kind);
                seen += 1;
            }
            if let (Some(x), Some(y)) = (a.type16, b.type16) {
                assert_eq!(s16(req.type_src.as_deref().unwrap(), x), s16(vars, y), "{}", a.kind);
                seen += 1;
            }
        }
        assert!(seen >= 2, "the story shades parts of both texts");
        // In one file, the type's parts join the value's.
        let one = into_files(story.clone(), Some(100), Some(0), true);
        assert!(one.steps.iter().all(|s| s.type16.is_none()));
        let with_type = story.steps.iter().filter(|s| s.type16.is_some()).count();
        assert!(
            with_type > 0 && one.steps.iter().filter(|s| s.more16.iter().any(|r| r[0] >= 100)).count() == with_type
        );
        // A value from the command line is not shaded.
        let cli = into_files(story, Some(0), None, false);
        assert!(cli.steps.iter().all(|s| s.value16.is_none() && s.more16.is_empty()));
    }
}
