//! The Module view's .wasm (see `module_host.rs`, the page's side): the
//! page imports it the first time the view opens and calls `mount` with the
//! element to mount into; then `sync` (version, language, on show) and
//! `load_example` as the reader acts. It fetches the catalogs it needs
//! itself (its texts are parts the page never reads), and has an engine
//! worker of its own (the check runs in `engine_module`'s .wasm there; the
//! stories in the page's).

fn main() {}

#[cfg(target_arch = "wasm32")]
mod exports {
    use std::cell::RefCell;

    use leptos::prelude::*;
    use tftype::i18n::Lang;
    use tftype::Request;
    use tftype_web::components::module_view::ModuleView;
    use tftype_web::engine::Engine;
    use tftype_web::module_host::{MountConfig, DOC_EVENT, OPEN_SINGLE_EVENT, ROOT_ID};
    use tftype_web::module_model::{examples, ModuleDoc, ModuleExample};
    use tftype_web::module_signals::ModuleState;
    use wasm_bindgen::prelude::*;

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
        /// What `sync` said before the view was mounted (its catalogs were still coming).
        static PENDING: RefCell<Option<(String, Lang, bool)>> = const { RefCell::new(None) };
    }

    fn with_view(f: impl FnOnce(View)) {
        if let Some(v) = VIEW.with(|v| *v.borrow()) {
            f(v)
        }
    }

    /// Tells the page (`module_host.rs`) something, as an event on the view's element.
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

    /// The catalog parts the view speaks with (the check's texts and the
    /// gallery's besides its own), fetched for `lang`.
    async fn load_catalogs(lang: Lang) {
        if let Err(e) = tftype_web::assets::load(lang).await {
            web_sys::console::error_1(&e.into());
        }
        for part in ["module", "check", "gallery"] {
            if let Err(e) = tftype_web::assets::load_part(lang, part).await {
                web_sys::console::error_1(&e.into());
            }
        }
    }

    /// Mounts the view into `root` once its catalogs are in; `config`:
    /// `module_host::MountConfig` as JSON.
    #[wasm_bindgen]
    pub fn mount(root: web_sys::HtmlElement, config: &str) {
        tftype_web::install_panic_hook();
        let config: MountConfig = serde_json::from_str(config).unwrap_or_default();
        leptos::task::spawn_local(async move {
            load_catalogs(config.lang).await;
            mount_now(root, config);
        });
    }

    fn mount_now(root: web_sys::HtmlElement, mut config: MountConfig) {
        if VIEW.with(|v| v.borrow().is_some()) {
            return;
        }
        if let Some((flavor, lang, shown)) = PENDING.with(|p| p.borrow_mut().take()) {
            (config.flavor, config.lang, config.shown) = (flavor, lang, shown);
        }
        let state = ModuleState::new(None);
        let example = RwSignal::new(None);
        let view = View { state, flavor: RwSignal::new(config.flavor.clone()), lang: RwSignal::new(config.lang), example };
        // A link's files, else the example asked for, else the first example.
        let doc = config.doc.as_deref().and_then(|d| serde_json::from_str::<ModuleDoc>(d).ok());
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
        state.shown.set(config.shown);
        VIEW.with(|v| *v.borrow_mut() = Some(view));
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
            let open_single = move |req: Request| tell(OPEN_SINGLE_EVENT, &serde_json::to_string(&req).unwrap_or_default());
            view! { <ModuleView state=state flavor=view.flavor engine=engine readonly=readonly example=lesson open_single=open_single /> }
        })
        .forget();
    }

    /// What the page shows and says: the version, the language (its
    /// catalogs fetched first) and whether this view is on show.
    #[wasm_bindgen]
    pub fn sync(flavor: &str, lang: &str, shown: bool) {
        let lang = Lang::parse(lang);
        if VIEW.with(|v| v.borrow().is_none()) {
            PENDING.with(|p| *p.borrow_mut() = Some((flavor.to_string(), lang.unwrap_or_default(), shown)));
            return;
        }
        with_view(|v| {
            if v.flavor.get_untracked() != flavor {
                v.flavor.set(flavor.to_string());
            }
            if v.state.shown.get_untracked() != shown {
                v.state.shown.set(shown);
            }
        });
        if let Some(l) = lang {
            leptos::task::spawn_local(async move {
                load_catalogs(l).await;
                with_view(|v| {
                    if v.lang.get_untracked() != l {
                        v.lang.set(l);
                    }
                });
            });
        }
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
