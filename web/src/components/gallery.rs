//! Every docs example, by group.

use leptos::prelude::*;

use crate::examples::{self, Example, Group};

#[component]
pub fn Gallery<F>(open: RwSignal<bool>, choose: F) -> impl IntoView
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
