//! The Module view's .wasm (see `module/host.rs`, the page's side): the
//! page imports it the first time the view opens and calls `mount` with the
//! element to mount into; then `sync` (version, language, on show) and
//! `load_example` as the reader acts. It fetches the catalogs it needs
//! itself (its texts are parts the page never reads), and has an engine
//! worker of its own (the check runs in `engine_module`'s .wasm there; the
//! stories in the page's).
#![cfg_attr(test, allow(clippy::disallowed_methods))]

fn main() {}

#[cfg(target_arch = "wasm32")]
mod exports {
    use std::cell::RefCell;

    use leptos::prelude::*;
    use tftype::i18n::Lang;
    use tftype::Request;
    use tftype_web::engine::Engine;
    use tftype_web::module::host::{MountConfig, DOC_EVENT, ROOT_ID};
    use tftype_web::module::model::{examples, ModuleDoc, ModuleExample};
    use tftype_web::module::signals::ModuleState;
    use tftype_web::module::view::ModuleView;
    use tftype_web::single::model::State;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// What the page's calls act on.
    #[derive(Clone, Copy)]
    struct View {
        state: ModuleState,
        flavor: RwSignal<String>,
        lang: RwSignal<Lang>,
        example: RwSignal<Option<&'static ModuleExample>>,
    }

    thread_local! {
        static VIEW: RefCell<Option<View>> = const { RefCell::new(None) };
    }

    fn with_view(f: impl FnOnce(View)) {
        if let Some(v) = VIEW.with(|v| *v.borrow()) {
            f(v)
        }
    }

    /// Tells the page (`js-src/module-host.js`) something, as an event on the view's element.
    fn tell(event: &str, detail: &str) {
        let Some(root) = tftype_web::document_opt().and_then(|d| d.get_element_by_id(ROOT_ID)) else { return };
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&detail.into());
        if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict(event, &init) {
            let _ = root.dispatch_event(&ev);
        }
    }

    fn example_by_id(id: &str) -> Option<&'static ModuleExample> {
        examples().iter().find(|e| e.id == id)
    }

    /// The page's language and version, as it says them on `<html lang>`
    /// and `<html data-flavor>` (`page::apply_lang`, `page::apply_flavor`).
    fn page_says() -> (Lang, String) {
        let html = tftype_web::document_opt().and_then(|d| d.document_element());
        let attr = |name: &str| html.as_ref().and_then(|h| h.get_attribute(name)).unwrap_or_default();
        (Lang::parse(&attr("lang")).unwrap_or_default(), attr("data-flavor"))
    }

    /// The catalog parts the view speaks with (the check's texts besides its
    /// own, with the gallery's modules' titles and lessons: scripts/assets.mjs),
    /// fetched for `lang`.
    async fn load_catalogs(lang: Lang) {
        if let Err(e) = tftype_web::shared::assets::load(lang).await {
            web_sys::console::error_1(&e.into());
        }
        if let Err(e) = tftype_web::shared::assets::load_part(lang, "check").await {
            web_sys::console::error_1(&e.into());
        }
    }

    /// Follows the page's language and version (their attributes on `<html>`).
    fn follow_page() {
        let on_change = Closure::<dyn FnMut()>::new(move || {
            let (lang, flavor) = page_says();
            with_view(|v| {
                if v.flavor.get_untracked() != flavor {
                    v.flavor.set(flavor);
                }
            });
            wasm_bindgen_futures::spawn_local(async move {
                load_catalogs(lang).await;
                with_view(|v| {
                    if v.lang.get_untracked() != lang {
                        v.lang.set(lang);
                    }
                });
            });
        });
        let html = tftype_web::document_opt().and_then(|d| d.document_element());
        if let (Some(html), Ok(observer)) = (html, web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref())) {
            let init = web_sys::MutationObserverInit::new();
            init.set_attributes(true);
            init.set_attribute_filter(&js_sys::Array::of2(&"lang".into(), &"data-flavor".into()));
            let _ = observer.observe_with_options(&html, &init);
        }
        on_change.forget();
    }

    /// Mounts the view into `root` once its catalogs are in; `config`:
    /// `module::host::MountConfig` as JSON. (Until `mount_to` there is no
    /// Leptos executor: the waits are wasm-bindgen-futures' own.)
    #[wasm_bindgen]
    pub fn mount(root: web_sys::HtmlElement, config: &str) {
        tftype_web::install_panic_hook();
        let config = tftype_web::module::host::mount_config(config).unwrap_or_default();
        wasm_bindgen_futures::spawn_local(async move {
            let (lang, _) = page_says();
            load_catalogs(lang).await;
            mount_now(root, config);
        });
    }

    fn mount_now(root: web_sys::HtmlElement, config: MountConfig) {
        if VIEW.with(|v| v.borrow().is_some()) {
            return;
        }
        let (lang, flavor) = page_says();
        let state = ModuleState::new(None);
        let example = RwSignal::new(None);
        let view = View { state, flavor: RwSignal::new(flavor), lang: RwSignal::new(lang), example };
        // A link's files, else the example asked for, else the first example.
        // A link over the limits is not opened: the example instead, with a notice.
        let (doc, refused) = match config.doc.as_deref().map(ModuleDoc::from_link) {
            Some(Ok(d)) => (Some(d), None),
            Some(Err(key)) => (None, Some(key)),
            None => (None, None),
        };
        match (doc, config.example.as_deref().and_then(example_by_id)) {
            (Some(doc), _) => state.load(doc),
            (None, Some(e)) => {
                state.load(e.doc());
                example.set(Some(e));
            }
            (None, None) => {
                if let Some(e) = examples().first() {
                    state.load(e.doc());
                    example.set(Some(e));
                }
            }
        }
        state.notice.set(refused);
        // On show as the page shows it now (the reader may have switched back while this loaded).
        let shown =
            tftype_web::document_opt().and_then(|d| d.query_selector("main.module-shown").ok().flatten()).is_some();
        state.shown.set(shown);
        VIEW.with(|v| *v.borrow_mut() = Some(view));
        follow_page();
        let readonly = config.readonly;
        leptos::mount::mount_to(root, move || {
            provide_context(view.lang);
            let engine = StoredValue::new_local(Engine::new(|_why| {}));
            // The example's lesson, while its files are unchanged.
            let lesson = Memo::new(move |_| {
                example.get().filter(|e| state.files.with(|fs| fs.len() == e.files.len() && fs.iter().zip(&e.files).all(|(a, b)| a.name == b.name && a.text == b.text)))
            });
            // The page's link follows the files.
            Effect::new(move |_| {
                if let Some(d) = state.doc() {
                    tell(DOC_EVENT, &serde_json::to_string(&d).unwrap_or_default());
                }
            });
            // A variable in the one-variable view: the playground's link for it, in a new tab
            // (this view stays as it is; the page's .wasm needs no code for it).
            let open_single = move |req: Request| {
                let st = State { flavor: view.flavor.get_untracked(), ..State::of_request(req) };
                wasm_bindgen_futures::spawn_local(async move {
                    let Some(fragment) = tftype_web::share::link(&st, None).await else { return };
                    let Some(w) = web_sys::window() else { return };
                    let Ok(url) = web_sys::Url::new(&tftype_web::shared::page::href()) else { return };
                    url.set_hash(&fragment);
                    let _ = w.open_with_url_and_target_and_features(&url.href(), "_blank", "noopener");
                });
            };
            view! { <ModuleView state=state flavor=view.flavor engine=engine readonly=readonly example=lesson open_single=open_single /> }
        })
        .forget();
    }

    /// Whether the view is on show (the page's switch, `js-src/module-host.js`).
    #[wasm_bindgen]
    pub fn set_shown(shown: bool) {
        with_view(|v| {
            if v.state.shown.get_untracked() != shown {
                v.state.shown.set(shown);
            }
        });
    }

    /// Loads one of the gallery's modules (`module_examples.json`'s id).
    #[wasm_bindgen]
    pub fn load_example(id: &str) {
        let Some(e) = example_by_id(id) else { return };
        with_view(|v| {
            let shown = v.state.shown.get_untracked();
            v.state.load(e.doc());
            v.state.shown.set(shown);
            v.example.set(Some(e));
        });
    }
}
