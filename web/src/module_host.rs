//! The page's side of the Module view. The view is a .wasm of its own
//! (`src/module_main.rs`, built as `module_view`), which the page fetches
//! the first time the view opens (from the **Module** button, the gallery's
//! modules, or a link that holds a module): its components would add a
//! sixth to the page's first load, which never needs them.
//!
//! The page keeps what it owns (which view is on show, the version, the
//! language and its catalogs, the share link) and tells the view; the view
//! mounts into `<div id="module-root">` and tells the page, with events on
//! that element, what its files are (`tftype-module-doc`, for the link) and
//! which variable to open in the one-variable view (`tftype-open-single`).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use tftype::i18n::Lang;

/// The element the Module view mounts into.
pub const ROOT_ID: &str = "module-root";
/// The gallery's modules (`module_examples.json`'s ids, which a test
/// compares): the page lists them without reading the view's data.
pub const EXAMPLES: &[&str] = &["vpc"];

/// A gallery module's title or lesson (`field`), from the catalog's gallery part.
pub fn example_text(id: &str, field: &str, lang: Lang) -> &'static str {
    tftype::i18n::text(lang, &format!("module_example.{id}.{field}"))
}

/// The view's files changed: `detail` is the `ModuleDoc` as JSON.
pub const DOC_EVENT: &str = "tftype-module-doc";
/// Open a variable in the one-variable view: `detail` is a `tftype::Request` as JSON.
pub const OPEN_SINGLE_EVENT: &str = "tftype-open-single";

/// What the page gives the view when it mounts it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct MountConfig {
    pub lang: Lang,
    pub flavor: String,
    pub readonly: bool,
    pub shown: bool,
    /// The files to open with (a link's `module_model::ModuleDoc` as JSON
    /// text), else `example`'s, else the first example's.
    pub doc: Option<String>,
    pub example: Option<String>,
}

/// The page's handle on the Module view.
#[derive(Clone, Copy)]
pub struct ModuleHost {
    /// The Module view is on show (rather than the one-variable view).
    pub shown: RwSignal<bool>,
    /// The view's .wasm is loaded and mounted.
    pub loaded: RwSignal<bool>,
    /// The view's files, as the link carries them: a `ModuleDoc` as JSON
    /// text, which only the view reads (None: never opened).
    pub doc: RwSignal<Option<String>>,
    /// The view's wasm-bindgen glue (its exports), once loaded.
    glue: StoredValue<Option<wasm_bindgen::JsValue>, LocalStorage>,
    loading: StoredValue<bool, LocalStorage>,
    /// What to do once loaded: the example to load.
    queued: StoredValue<Option<String>, LocalStorage>,
    /// What the page does when the view opens a variable in the one-variable view.
    open_single: StoredValue<Option<std::rc::Rc<dyn Fn(tftype::Request)>>, LocalStorage>,
}

impl ModuleHost {
    /// With the files of the link the page was opened with, if it had any.
    pub fn new(opened: Option<String>) -> ModuleHost {
        #[derive(Deserialize)]
        struct Shown {
            #[serde(default)]
            shown: bool,
        }
        let shown = opened.as_deref().and_then(|d| serde_json::from_str::<Shown>(d).ok()).is_some_and(|s| s.shown);
        ModuleHost {
            shown: RwSignal::new(shown),
            loaded: RwSignal::new(false),
            doc: RwSignal::new(opened),
            glue: StoredValue::new_local(None),
            loading: StoredValue::new_local(false),
            queued: StoredValue::new_local(None),
            open_single: StoredValue::new_local(None),
        }
    }

    /// What to do when the view asks for a variable in the one-variable view.
    pub fn on_open_single(&self, f: impl Fn(tftype::Request) + 'static) {
        self.open_single.set_value(Some(std::rc::Rc::new(f)));
    }

    /// What a link carries: the view's files and whether it is on show (the
    /// view is told which, and says it with its files).
    pub fn link_doc(&self) -> Option<String> {
        self.doc.get()
    }

    /// [`Self::link_doc`], untracked.
    pub fn link_doc_untracked(&self) -> Option<String> {
        self.doc.get_untracked()
    }

    /// Shows the view, with `example` loaded into it when given.
    pub fn open(&self, example: Option<&str>, config: impl FnOnce() -> MountConfig) {
        self.shown.set(true);
        if self.loaded.get_untracked() {
            if let Some(id) = example {
                self.call("load_example", &id.into());
            }
            return;
        }
        if example.is_some() {
            self.queued.set_value(example.map(str::to_string));
        }
        self.load(config());
    }

    /// Loads and mounts the view (once), e.g. for a link that holds a module.
    pub fn load(&self, config: MountConfig) {
        if self.loading.get_value() {
            return;
        }
        self.loading.set_value(true);
        imp::load(*self, config);
    }

    /// Calls one of the view's exports with one argument (nothing before it is loaded).
    pub fn call(&self, name: &str, arg: &wasm_bindgen::JsValue) {
        self.glue.with_value(|g| {
            if let Some(g) = g {
                imp::call(g, name, arg);
            }
        });
    }

    /// Tells the view (once loaded) the version, the language and whether
    /// it is on show, and shows the one view or the other: `<main>` has the
    /// class `module-shown` while the Module view is (style.css hides the
    /// other's parts), which costs the page's .wasm less than a reactive
    /// wrapper around the one-variable view.
    pub fn sync(&self, flavor: &str, lang: Lang, shown: bool) {
        imp::show(shown);
        self.glue.with_value(|g| {
            if let Some(g) = g {
                imp::call3(g, "sync", &flavor.into(), &lang.code().into(), &shown.into());
            }
        });
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use leptos::prelude::*;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    use super::{ModuleHost, MountConfig, DOC_EVENT, OPEN_SINGLE_EVENT, ROOT_ID};

    #[wasm_bindgen(module = "/js/lazy.js")]
    extern "C" {
        #[wasm_bindgen(js_name = loadWasm, catch)]
        async fn load_wasm(glue: &str, wasm: &str, css: &str) -> Result<JsValue, JsValue>;
    }

    fn function(glue: &JsValue, name: &str) -> Option<js_sys::Function> {
        js_sys::Reflect::get(glue, &name.into()).ok()?.dyn_into::<js_sys::Function>().ok()
    }

    pub fn call(glue: &JsValue, name: &str, arg: &JsValue) {
        if let Some(f) = function(glue, name) {
            let _ = f.call1(&JsValue::NULL, arg);
        }
    }

    pub fn call2(glue: &JsValue, name: &str, a: &JsValue, b: &JsValue) {
        if let Some(f) = function(glue, name) {
            let _ = f.call2(&JsValue::NULL, a, b);
        }
    }

    pub fn call3(glue: &JsValue, name: &str, a: &JsValue, b: &JsValue, c: &JsValue) {
        if let Some(f) = function(glue, name) {
            let _ = f.call3(&JsValue::NULL, a, b, c);
        }
    }

    pub fn show(shown: bool) {
        if let Some(main) = crate::document_opt().and_then(|d| d.query_selector("main").ok().flatten()) {
            let _ = main.class_list().toggle_with_force("module-shown", shown);
        }
    }

    pub fn load(host: ModuleHost, config: MountConfig) {
        leptos::task::spawn_local(async move {
            let glue = match load_wasm(&crate::assets::url("module_view.js"), &crate::assets::url("module_view_bg.wasm"), &crate::assets::url("module.css")).await {
                Ok(g) => g,
                Err(e) => {
                    web_sys::console::error_2(&"tftype: the Module view could not be loaded".into(), &e);
                    host.loading.set_value(false);
                    return;
                }
            };
            let Some(root) = crate::document_opt().and_then(|d| d.get_element_by_id(ROOT_ID)) else { return };
            // The view's files, for the link.
            let on_doc = Closure::<dyn FnMut(web_sys::CustomEvent)>::new(move |ev: web_sys::CustomEvent| {
                if let Some(doc) = ev.detail().as_string() {
                    host.doc.set(Some(doc));
                }
            });
            let _ = root.add_event_listener_with_callback(DOC_EVENT, on_doc.as_ref().unchecked_ref());
            on_doc.forget();
            let on_open = Closure::<dyn FnMut(web_sys::CustomEvent)>::new(move |ev: web_sys::CustomEvent| {
                let req = ev.detail().as_string().and_then(|j| serde_json::from_str::<tftype::Request>(&j).ok());
                if let (Some(req), Some(f)) = (req, host.open_single.get_value()) {
                    f(req);
                }
            });
            let _ = root.add_event_listener_with_callback(OPEN_SINGLE_EVENT, on_open.as_ref().unchecked_ref());
            on_open.forget();
            let mut config = config;
            if config.example.is_none() {
                config.example = host.queued.get_value();
            }
            if config.doc.is_none() && config.example.is_none() {
                config.doc = host.doc.get_untracked();
            }
            config.shown = host.shown.get_untracked();
            let json = serde_json::to_string(&config).unwrap_or_default();
            call2(&glue, "mount", &root.into(), &json.into());
            host.glue.set_value(Some(glue));
            host.loaded.set(true);
        });
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::{ModuleHost, MountConfig};

    // Natively (unit tests) there is no second .wasm to load.
    pub fn load(_host: ModuleHost, _config: MountConfig) {}
    pub fn call(_: &wasm_bindgen::JsValue, _: &str, _: &wasm_bindgen::JsValue) {}
    pub fn call2(_: &wasm_bindgen::JsValue, _: &str, _: &wasm_bindgen::JsValue, _: &wasm_bindgen::JsValue) {}
    pub fn call3(_: &wasm_bindgen::JsValue, _: &str, _: &wasm_bindgen::JsValue, _: &wasm_bindgen::JsValue, _: &wasm_bindgen::JsValue) {}
    pub fn show(_: bool) {}
}

#[cfg(test)]
mod tests {
    /// The page's list of the gallery's modules is the view's data's.
    #[test]
    fn the_page_lists_every_module_of_the_gallery() {
        let ids: Vec<&str> = crate::module_model::examples().iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, super::EXAMPLES);
    }
}
