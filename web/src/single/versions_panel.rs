//! The Versions tab: the same inputs under every Terraform and OpenTofu
//! version, grouped by answer, with what differs marked.
//!
//! Computed only while the tab is open. Small inputs are compared at once;
//! large ones after typing pauses, with the previous comparison shown as
//! updating meanwhile, so typing is never held up.

use std::time::Duration;

use leptos::prelude::*;
use tftype::i18n::{fill, text, Lang};
use tftype::versions::Comparison;

use crate::engine::{Engine, Reply, Work};
use crate::shared::outcome::{self, format_ms};
use crate::shared::page;
use crate::single::model::{State, Tab};
use crate::single::signals::Inputs;

/// Inputs larger than this (type and value, in bytes) are compared only
/// after a pause in typing.
const COMPARE_AT_ONCE: usize = 16 * 1024;
const PAUSE: Duration = Duration::from_millis(300);
/// Each answer is shown cut to this many lines.
const GROUP_LINES: usize = 40;
const GROUP_BYTES: usize = 4096;

/// One group as shown: its text cut, split around the part that differs.
#[derive(Clone)]
struct Shown {
    flavors: Vec<&'static str>,
    label: String,
    status: String,
    ok: bool,
    before: String,
    differs: String,
    after: String,
    cut: bool,
}

fn shown(c: &Comparison, lang: Lang) -> Vec<Shown> {
    c.groups
        .iter()
        .map(|g| {
            let (head, total) = outcome::clip(&g.text, GROUP_LINES, GROUP_BYTES);
            let end = head.len();
            let (s, e) = (g.differs.start.min(end), g.differs.end.min(end));
            let r = &g.response;
            let status = if r.ok {
                text(lang, if r.warnings.is_empty() { "ui.versions.accepted" } else { "ui.versions.accepted_warned" })
                    .to_string()
            } else {
                let label = tftype::flavor::Flavor::lookup(&g.flavors[0]).map(|f| f.label()).unwrap_or_default();
                outcome::stage_text(r.stage, &label, lang)
            };
            Shown {
                flavors: g.flavors.iter().filter_map(|f| tftype::flavor::Flavor::lookup(f)).map(|f| f.name).collect(),
                label: tftype::versions::group_label(&g.flavors, lang),
                status,
                ok: r.ok,
                before: head[..s].to_string(),
                differs: head[s..e].to_string(),
                after: head[e..].to_string(),
                cut: total.is_some(),
            }
        })
        .collect()
}

#[component]
pub fn VersionsPanel(inputs: Inputs, engine: StoredValue<Engine, LocalStorage>) -> impl IntoView {
    // The last comparison, its inputs and how long it took (ms).
    let done: RwSignal<Option<(Vec<Shown>, usize, f64)>, LocalStorage> = RwSignal::new_local(None);
    let updating = RwSignal::new(false);
    let timer = StoredValue::new_local(None::<TimeoutHandle>);
    let last: StoredValue<Option<State>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |_| {
        if inputs.tab.get() != Tab::Versions {
            return;
        }
        let mut st = inputs.eval_state();
        // The chosen flavor does not change the comparison.
        st.flavor = String::new();
        if last.with_value(|l| l.as_ref() == Some(&st)) {
            return;
        }
        if let Some(h) = timer.get_value() {
            h.clear();
        }
        let big = st.type_src.len() + st.value.len() > COMPARE_AT_ONCE;
        let lang = st.lang.unwrap_or_default();
        let run = move || {
            let req = st.request();
            engine.with_value(|e| {
                e.send(Work::Compare, &req, move |reply| {
                    if let Reply::Compared(c, ms) = reply {
                        done.set(Some((shown(&c, lang), c.evaluations, ms)));
                        last.set_value(Some(st));
                    }
                    updating.set(false);
                })
            });
        };
        updating.set(true);
        if big {
            timer.set_value(set_timeout_with_handle(run, PAUSE).ok());
        } else {
            run();
        }
    });

    let current = move || inputs.flavor.get();
    view! {
        <div data-testid="result-versions" class="versions" aria-busy=move || updating.get().to_string()>
            {move || done.with(|d| d.as_ref().map(|(groups, evals, ms)| {
                let lang = inputs.lang.get();
                let summary = summary_text(lang, groups.len(), *evals, &format_ms(*ms));
                view! {
                    <p class="panel-note" data-testid="versions-stats" data-evaluations=*evals data-ms=format_ms(*ms)>
                        {summary}
                        {move || updating.get().then(|| format!("{}{}", tftype::i18n::sentence_gap(lang), text(lang, "ui.versions.updating")))}
                    </p>
                    {groups.iter().map(|g| {
                        let names = g.flavors.join(" ");
                        let flavors = g.flavors.clone();
                        let members: Vec<&'static tftype::flavor::Flavor> = g.flavors.iter().filter_map(|f| tftype::flavor::Flavor::lookup(f)).collect();
                        view! {
                            <section class="version-group" class:ok=g.ok class:err=!g.ok data-testid="version-group" data-flavors=names>
                                <h3>
                                    <span class="version-label">{g.label.clone()}</span>
                                    <span class="version-status">{g.status.clone()}</span>
                                </h3>
                                <pre class="out">
                                    {g.before.clone()}
                                    <mark data-testid="version-diff">{g.differs.clone()}</mark>
                                    {g.after.clone()}
                                    {g.cut.then_some("\n…")}
                                </pre>
                                {move || (!flavors.iter().any(|f| *f == current())).then(|| {
                                    // The reader's own product first, the version nearest to theirs.
                                    let offer = inputs.flavor().nearest_in(&members)?;
                                    let (name, label) = (offer.name, offer.label());
                                    Some(view! {
                                        <button type="button" class="btn small" data-testid="use-flavor" on:click=move |_| {
                                            page::store_flavor(name);
                                            inputs.flavor.set(name.to_string());
                                        }>
                                            {fill(lang, "ui.versions.show", &[("flavor", &label)])}
                                        </button>
                                    })
                                }).flatten()}
                            </section>
                        }
                    }).collect_view()}
                }
            }))}
        </div>
    }
}

/// Whether the versions agree, then what was evaluated.
fn summary_text(lang: Lang, groups: usize, evaluations: usize, ms: &str) -> String {
    let agree = if groups == 1 {
        text(lang, "ui.versions.same").to_string()
    } else {
        fill(lang, "ui.versions.different", &[("count", &groups.to_string())])
    };
    format!("{agree}{}{}", tftype::i18n::sentence_gap(lang), stats_text(lang, evaluations, ms))
}

/// What was evaluated: the versions compared (every version of the flavor
/// table, in words), how many evaluations that took (versions that cannot
/// differ share one) and how long.
fn stats_text(lang: Lang, evaluations: usize, ms: &str) -> String {
    let key = if evaluations == 1 { "ui.versions.stats_one" } else { "ui.versions.stats" };
    fill(
        lang,
        key,
        &[("versions", &tftype::versions::all_label(lang)), ("count", &evaluations.to_string()), ("ms", ms)],
    )
}

#[cfg(test)]
mod stats_tests {
    use super::*;

    /// "Every version gives the same answer" is followed by what was
    /// evaluated, not by a count of "distinct behaviours".
    #[test]
    fn the_stats_tell_evaluations_not_behaviours() {
        for (lang, n, want) in [
            (Lang::En, 1, "1 evaluation in"),
            (Lang::En, 2, "2 evaluations in"),
            (Lang::Zh, 2, "求值 2 次"),
            (Lang::Ja, 2, "評価 2 回"),
        ] {
            let t = stats_text(lang, n, "0.1 ms");
            assert!(t.contains(want), "{lang:?} {n}: {t}");
            for word in ["behaviour", "distinct", "行为", "动作", "動作", "異なる", "不同"] {
                assert!(!t.contains(word), "{lang:?}: {t}");
            }
            // The versions compared are the flavor table's, in words.
            assert!(t.contains(&tftype::versions::all_label(lang)), "{lang:?}: {t}");
        }
        // Sentences follow one another with a space in English only.
        assert!(summary_text(Lang::En, 1, 2, "0.1 ms").starts_with("Every version gives the same answer. Terraform"));
        for lang in [Lang::Zh, Lang::Ja] {
            let t = summary_text(lang, 1, 2, "0.1 ms");
            assert!(!t.contains("。 "), "{lang:?}: {t}");
        }
    }
}
