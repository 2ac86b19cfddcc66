//! The page's frame: the header (name, product version, examples, share,
//! theme) with the gallery, the switch between the two views, the two
//! views, and the footer. The one-variable view is `single/` (it owns its
//! state and effects, `single::view`); the Module view is `module/`, a
//! .wasm of its own that mounts into the element left for it here
//! (`module::host`). The state lives in the URL fragment (`link.rs`,
//! `share.rs`).

pub mod flavor_select;
pub mod gallery;
pub mod header;
pub mod lang_select;
pub mod link;
pub mod view_switch;

use leptos::prelude::*;
use tftype::i18n::text as tr;

use crate::app::flavor_select::FlavorSelect;
use crate::app::gallery::Gallery;
use crate::app::header::Header;
use crate::app::link::{Link, Opened};
use crate::app::view_switch::ViewSwitch;
use crate::module::host as module_host;
use crate::shared::page::{self, Mode, Theme};
use crate::single::examples::Example;
use crate::single::view::{NoticeBar, Single, SingleView};

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
    let theme = start_theme(mode);

    let (opening, opened) = Opened::read(mode);
    let single = Single::new(opening);
    let inputs = single.inputs;
    // The page's language and (for the Module view, module/host.rs) version, on <html>.
    Effect::new(move |_| {
        page::apply_lang(inputs.lang.get());
        page::apply_flavor(&inputs.flavor.get());
    });
    let link = Link::start(opened, inputs);
    let share_hash = link.hash;

    let gallery_open = RwSignal::new(false);
    let choose = move |e: &'static Example| {
        single.choose(e);
        gallery_open.set(false);
        if let Some(btn) = document().get_element_by_id("examples-toggle") {
            use wasm_bindgen::JsCast;
            if let Ok(b) = btn.dyn_into::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        }
    };
    let share_now = move || link.share_now();

    let toggle_theme = move || {
        let t = theme.get_untracked().other();
        theme.set(t);
        page::apply_theme(Some(t));
        page::store_theme(t);
    };

    let header = (!mode.embed).then(|| {
        view! {
            <Header
                flavor=inputs.flavor
                lang=inputs.lang
                gallery_open=gallery_open
                theme=theme
                share_status=link.status
                share_fallback=link.fallback
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
                <NoticeBar single=single />
                {(!mode.embed).then(|| view! { <ViewSwitch /> })}
                <SingleView single=single />
                // The Module view mounts here when it first opens (module/host.rs); made
                // once, kept while the other view is on show (its editors keep their undo history).
                {(!mode.embed).then(|| view! { <div id=module_host::ROOT_ID class="module-view"></div> })}
            </main>
            {footer}
        </div>
    }
}

/// The theme: the URL's, else the stored choice, else the system's (no attribute).
fn start_theme(mode: Mode) -> RwSignal<Theme> {
    let chosen = mode.theme.or_else(page::stored_theme);
    page::apply_theme(chosen);
    RwSignal::new(chosen.unwrap_or(if page::system_prefers_dark() { Theme::Dark } else { Theme::Light }))
}
