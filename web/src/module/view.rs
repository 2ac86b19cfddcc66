//! The Module view: a module's files and command line on one side, what
//! `terraform plan` would say of its input variables on the other (core's
//! check, `tftype::module_view`, run in the engine worker on every
//! keystroke), with each problem underlined in the file it points at.

use std::collections::HashMap;

use leptos::prelude::*;
use tftype::i18n::Lang;
use tftype::module_view::{ModuleView as Checked, VarView};
use tftype::Request;

use super::detail::ModuleDetail;
use super::files::ModuleFiles;
use super::rows::ModuleRows;
use super::vars::{ModuleProblems, ModuleVars};
use crate::engine::{Engine, Reply, Work};
use crate::module::model::ModuleExample;
use crate::module::signals::ModuleState;
use crate::shared::cm::{self, Mark};
use crate::shared::outcome::format_ms;
use crate::shared::words::{lang, t};

/// Each file's underlines: the check's diagnostics placed in it, then
/// tftype's notes (a quieter mark of their own).
pub fn marks(answer: &Checked, file: &str) -> Vec<Mark> {
    let diags = answer.diagnostics.iter().filter_map(|d| {
        let at = d.at.as_ref().filter(|a| a.file == file)?;
        Some(Mark {
            from: at.from16,
            to: at.to16,
            message: if d.detail.is_empty() { d.summary.clone() } else { format!("{}\n\n{}", d.summary, d.detail) },
            severity: if d.severity == "error" { "error" } else { "warning" },
        })
    });
    let notes = answer.notes.iter().filter_map(|n| {
        let at = n.at.as_ref().filter(|a| a.file == file)?;
        Some(Mark { from: at.from16, to: at.to16, message: n.text.clone(), severity: "info" })
    });
    diags.chain(notes).collect()
}

/// The variable on show: the one chosen, else the first that failed, else
/// the first.
pub fn chosen_var(answer: &Checked, chosen: Option<&str>) -> Option<VarView> {
    let vars = &answer.variables;
    chosen
        .and_then(|n| vars.iter().find(|v| v.name == n))
        .or_else(|| vars.iter().find(|v| !v.ok && v.stage.as_deref() != Some("skipped")))
        .or_else(|| vars.first())
        .cloned()
}

#[component]
pub fn ModuleView<F>(
    state: ModuleState,
    flavor: RwSignal<String>,
    engine: StoredValue<Engine, LocalStorage>,
    readonly: bool,
    /// The example loaded, while its files are unchanged (its lesson shows).
    example: Memo<Option<&'static ModuleExample>>,
    open_single: F,
) -> impl IntoView
where
    F: Fn(Request) + Copy + Send + Sync + 'static,
{
    let lang: RwSignal<Lang> = lang();
    let answer = RwSignal::new(None::<Checked>);
    let rev = RwSignal::new(0u64);
    let ms = RwSignal::new(0.0);
    let busy = RwSignal::new(false);
    // Checked on every change while on show.
    Effect::new(move |_| {
        if !state.shown.get() {
            return;
        }
        let json = state.check_json(&flavor.get(), lang.get());
        busy.set(true);
        engine.with_value(|e| {
            e.send_json(Work::Module, json, move |reply| {
                match reply {
                    Reply::Viewed(v, t) => {
                        answer.set(Some(crate::module::answer::checked(&v)));
                        ms.set(t);
                    }
                    Reply::Failed(why) => answer.set(Some(Checked { input_error: Some(why), ..Checked::default() })),
                    _ => {}
                }
                busy.set(false);
                rev.update(|r| *r += 1);
            })
        });
    });
    // Underlines, in every file's editor (only where they changed).
    let shown_marks = StoredValue::new(HashMap::<u64, Vec<Mark>>::new());
    Effect::new(move |_| {
        let _ = state.editors_rev.get();
        answer.with(|a| {
            let Some(a) = a else { return };
            let files: Vec<(u64, String)> =
                state.files.with_untracked(|fs| fs.iter().map(|f| (f.id, f.name.clone())).collect());
            for (id, name) in files {
                let want = marks(a, &name);
                if shown_marks.with_value(|m| m.get(&id) == Some(&want)) {
                    continue;
                }
                if let Some(v) = state.editor(id) {
                    cm::set_marks(&v, &want);
                    shown_marks.update_value(|m| {
                        m.insert(id, want);
                    });
                }
            }
        })
    });
    let chosen =
        Memo::new(move |_| answer.with(|a| state.var.with(|c| a.as_ref().and_then(|a| chosen_var(a, c.as_deref())))));
    let chosen_name = Memo::new(move |_| chosen.with(|v| v.as_ref().map(|v| v.name.clone())));
    let ok = Memo::new(move |_| answer.with(|a| a.as_ref().is_some_and(|a| a.ok)));

    view! {
        <div class="module" data-testid="module-view" data-rev=move || rev.get() aria-busy=move || busy.get().to_string()>
            {move || state.notice.get().map(|key| view! { <p class="mod-link-notice" role="alert" data-testid="module-link-notice">{t(key)}</p> })}
            {move || example.get().map(|e| view! {
                <p class="lesson" data-testid="module-lesson">
                    <strong>{move || e.title(lang.get())}</strong>
                    <span class="lesson-sep" aria-hidden="true">" — "</span>
                    <span>{move || e.lesson(lang.get())}</span>
                </p>
            })}
            // The verdict comes first: beside the files on a wide screen (public/module.css puts it
            // at the top of the right column), above them on a narrow one, where the result
            // would otherwise wait below the file editor (ux-5 L12).
            <div class="mod-grid">
                <div class="result-head mod-head">
                    <p class="status" class:ok=move || ok.get() class:err=move || !ok.get() aria-live="polite" data-testid="module-status">
                        {move || answer.with(|a| match a {
                            None => t("ui.module.checking")().to_string(),
                            Some(a) => match &a.input_error {
                                Some(e) => tftype::i18n::fill(lang.get(), "ui.module.input_error", &[("error", e)]),
                                None => format!("{} {}", if a.ok { "✓" } else { "✗" }, a.summary),
                            },
                        })}
                    </p>
                    <span class="answer-by">{crate::shared::words::tf("ui.answer_by", move || vec![("flavor", tftype::flavor::Flavor::lookup(&flavor.get()).unwrap_or_else(tftype::flavor::Flavor::default_flavor).label())])}</span>
                    <span class="timing" data-testid="module-ms" title=t("ui.timing_title")>{move || format_ms(ms.get())}</span>
                </div>
                <section class="mod-left pane" aria-labelledby="mod-files-label">
                    <h2 id="mod-files-label" class="mod-h2">{t("ui.module.files")}</h2>
                    <ModuleFiles state=state answer=answer readonly=readonly flavor=flavor engine=engine />
                    <ModuleRows state=state readonly=readonly />
                </section>
                <section class="mod-right" aria-labelledby="mod-result-label">
                    <h2 id="mod-result-label" class="visually-hidden">{t("ui.result")}</h2>
                    <ModuleProblems state=state answer=answer />
                    <ModuleVars state=state answer=answer chosen=chosen_name />
                    <ModuleDetail state=state chosen=chosen answer=answer engine=engine open_single=open_single />
                </section>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::model::examples;

    fn check(doc: &crate::module::model::ModuleDoc) -> Checked {
        serde_json::from_str(&tftype::module_view::view_json(&doc.check_json(tftype::flavor::DEFAULT, Lang::En)))
            .unwrap()
    }

    #[test]
    fn the_failing_environment_is_underlined_in_its_own_file_only() {
        let mut doc = examples()[0].doc();
        doc.rows[0].arg = "envs/prod.tfvars".into();
        let a = check(&doc);
        let prod = doc.files.iter().find(|f| f.name == "envs/prod.tfvars").unwrap();
        let m = marks(&a, &prod.name);
        assert_eq!(m.len(), 1);
        let text: Vec<u16> = prod.text.encode_utf16().collect();
        let marked = String::from_utf16(&text[m[0].from..m[0].to]).unwrap();
        // The mark is on the part that fails (the CLI names it), not on the whole list.
        assert_eq!(marked, "\"yes\"");
        assert!(m[0].message.starts_with("Invalid value for input variable\n\n"), "{}", m[0].message);
        for f in doc.files.iter().filter(|f| f.name != prod.name) {
            assert_eq!(marks(&a, &f.name), [], "{}", f.name);
        }
        // The failed variable is shown first when none is chosen.
        assert_eq!(chosen_var(&a, None).map(|v| v.name), Some("private_subnets".into()));
        assert_eq!(chosen_var(&a, Some("tags")).map(|v| v.name), Some("tags".into()));
        assert_eq!(chosen_var(&a, Some("gone")).map(|v| v.name), Some("private_subnets".into()));
    }

    /// tftype's notes are marked in their file (an `info` mark after the
    /// diagnostics'), with no click needed: a misspelled optional attribute.
    #[test]
    fn a_note_is_marked_in_its_file_without_a_click() {
        let mut doc = examples()[0].doc();
        doc.rows[0].arg = "envs/prod.tfvars".into();
        let prod = doc.files.iter_mut().find(|f| f.name == "envs/prod.tfvars").unwrap();
        prod.text.push_str("\nregoin = \"x\"\n");
        let name = prod.name.clone();
        let text: Vec<u16> = prod.text.encode_utf16().collect();
        let a = check(&doc);
        let m = marks(&a, &name);
        let notes: Vec<String> = m
            .iter()
            .filter(|x| x.severity == "info")
            .map(|x| String::from_utf16(&text[x.from..x.to]).unwrap())
            .collect();
        assert_eq!(notes, ["regoin"], "{m:?}");
        assert!(m.iter().position(|x| x.severity == "info") > m.iter().position(|x| x.severity == "error"), "{m:?}");
    }
}
