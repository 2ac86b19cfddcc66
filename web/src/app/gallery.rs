//! Every docs example, by group.

use leptos::prelude::*;

use tftype::i18n::{fill, text, Lang};

use crate::shared::story_line::rich;
use crate::single::examples::{self, Example, Group};

#[component]
pub fn Gallery<F>(open: RwSignal<bool>, lang: RwSignal<Lang>, choose: F) -> impl IntoView
where
    F: Fn(&'static Example) + Copy + Send + Sync + 'static,
{
    // Escape anywhere closes it, back to its button; so does a click elsewhere.
    crate::shared::page::dismissable(
        open,
        |node| {
            crate::shared::page::inside_id("gallery", node) || crate::shared::page::inside_id("examples-toggle", node)
        },
        || crate::shared::page::focus_id("examples-toggle"),
    );
    // The examples, and their texts (the catalog's gallery part), are
    // fetched when the gallery is first opened.
    let loaded = RwSignal::new(false);
    Effect::new(move |_| {
        if open.get() && !loaded.get_untracked() {
            let l = lang.get_untracked();
            leptos::task::spawn_local(async move {
                if examples::fetch().await.is_ok() && crate::shared::assets::load_part(l, "gallery").await.is_ok() {
                    loaded.set(true);
                }
            });
        }
    });
    view! {
        <nav
            id="gallery"
            class="gallery"
            data-testid="examples"
            aria-label=move || text(lang.get(), "ui.examples")
            hidden=move || !open.get()
        >
            <p class="gallery-intro">{move || text(lang.get(), "ui.gallery_intro")}</p>
            <div class="groups">
                // Made once the catalog's gallery part is in (the modules' texts
                // are there too: before, their cards had no name).
                {move || loaded.get().then(|| view! {
                    <section class="group modules" aria-label=move || text(lang.get(), "group.modules")>
                        <h2>{move || text(lang.get(), "group.modules")}</h2>
                        <ul>
                            {crate::module::host::EXAMPLES.iter().map(|&id| view! {
                                <li>
                                    <button type="button" class="example" data-module-example=id on:click=move |_| open.set(false)>
                                        <span class="ex-title">{move || rich(crate::module::host::example_text(id, "title", lang.get()))}</span>
                                        <span class="ex-lesson">{move || rich(crate::module::host::example_text(id, "lesson", lang.get()))}</span>
                                    </button>
                                </li>
                            }).collect_view()}
                        </ul>
                    </section>
                    {Group::ALL.into_iter().map(|g| view! {
                    <section class="group" class:confusions=g == Group::Confusions aria-label=move || g.label(lang.get())>
                        <h2>{move || g.label(lang.get())}</h2>
                        <ul>
                            {examples::in_group(g).map(|e| view! {
                                <li>
                                    <button type="button" class="example" data-example=e.id on:click=move |_| choose(e)>
                                        <span class="ex-title">{move || rich(&e.title(lang.get()))}</span>
                                        <span class="ex-lesson">{move || rich(&e.lesson(lang.get()))}</span>
                                    </button>
                                    {e.url.map(|u| view! {
                                        // Every card's link says the same words: its name says which report.
                                        <a
                                            class="ex-report"
                                            href=u
                                            target="_blank"
                                            rel="noopener"
                                            data-testid="confusion-report"
                                            aria-label=move || {
                                                let l = lang.get();
                                                fill(l, "confusion.report_link", &[("title", &e.title(l).replace('`', ""))])
                                            }
                                        >
                                            {move || text(lang.get(), "ui.report")}
                                        </a>
                                    })}
                                </li>
                            }).collect_view()}
                        </ul>
                    </section>
                    }).collect_view()}
                })}
            </div>
        </nav>
    }
}
