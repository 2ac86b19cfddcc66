//! The page's side of the Module view. The view is a .wasm of its own
//! (`src/module_main.rs`, built as `module_view`), fetched the first time
//! it opens (from the **Module** button, the gallery's modules, or a link
//! that shows a module), so that the page's first load never carries it.
//!
//! Every byte of the page's .wasm is fetched by every reader, so the page
//! does the least it can here: it renders the switch, the gallery's
//! modules and the element the view mounts into, says its version on
//! `<html data-flavor>` (the view reads it and `<html lang>` itself), and
//! puts the view's files into its share links. `js-src/module-host.js`, a
//! few lines of JavaScript bundled with CodeMirror's, handles the clicks, loads and mounts the view, and
//! passes on what the view tells: its files changed. (The view opens a
//! variable in the one-variable view itself: a link in a new tab.)

use leptos::prelude::*;
use tftype::i18n::Lang;

use crate::shared::read_json::Read;

/// The element the Module view mounts into.
pub const ROOT_ID: &str = "module-root";
/// The gallery's modules (`module_examples.json`'s ids, which a test
/// compares): the page lists them without reading the view's data.
pub const EXAMPLES: &[&str] = &["vpc"];
/// The view's files changed: `detail` is the `ModuleDoc` as JSON.
pub const DOC_EVENT: &str = "tftype-module-doc";

/// A gallery module's title or lesson (`field`), from the catalog's gallery part.
pub fn example_text(id: &str, field: &str, lang: Lang) -> &'static str {
    tftype::i18n::text(lang, &format!("module_example.{id}.{field}"))
}

/// What the view is given when it mounts (`js-src/module-host.js` writes it;
/// [`mount_config`] reads it).
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct MountConfig {
    pub readonly: bool,
    /// The files to open with (a link's `model::ModuleDoc` as JSON
    /// text), else `example`'s, else the first example's.
    pub doc: Option<String>,
    pub example: Option<String>,
}

/// What `js-src/module-host.js` mounts the view with, read as the derived
/// impl reads it (`shared::read_json`).
pub fn mount_config(json: &str) -> Read<MountConfig> {
    use crate::shared::read_json::{bool_or, object, optional_string, Refused};
    use serde_json::Value;
    let v: Value = serde_json::from_slice(json.as_bytes()).map_err(|_| Refused)?;
    let o = &object(&v, &["readonly", "doc", "example"], 3)?;
    Ok(MountConfig {
        readonly: bool_or(o, "readonly", true)?,
        doc: optional_string(o, "doc")?,
        example: optional_string(o, "example")?,
    })
}

/// Starts the page's side: `rev` counts the view's changes of its files
/// (the link follows it); `opened` is the JSON of the link the page was
/// opened with (the view opens at once if it shows a module).
pub fn start(rev: RwSignal<u32>, opened: Option<String>) {
    imp::start(rev, opened)
}

/// The view's files, for the link (None: never opened, and not in the link).
pub fn doc() -> Option<String> {
    imp::doc()
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use leptos::prelude::*;
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen(module = "/js/cm6.bundle.js")]
    extern "C" {
        #[wasm_bindgen(js_name = start)]
        fn start_js(send: &Closure<dyn Fn()>, opened: Option<String>);
        #[wasm_bindgen(js_name = moduleDoc)]
        fn module_doc() -> Option<String>;
    }

    pub fn start(rev: RwSignal<u32>, opened: Option<String>) {
        let send = Closure::<dyn Fn()>::new(move || rev.update(|r| *r += 1));
        start_js(&send, opened);
        send.forget();
    }

    pub fn doc() -> Option<String> {
        module_doc()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use leptos::prelude::*;

    // Natively (unit tests) there is no view to load.
    pub fn start(_rev: RwSignal<u32>, _opened: Option<String>) {}
    pub fn doc() -> Option<String> {
        None
    }
}
