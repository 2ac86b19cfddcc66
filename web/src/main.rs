//! The page's .wasm: mounts the playground (see `lib.rs`) and, in the engine
//! worker (public/engine-worker.js), where there is no page, answers
//! evaluations and stories.
//!
//! It compiles the crate's modules itself (`root.rs`) instead of linking the
//! lib as the Module view's bin does: across the crate boundary the compiler
//! inlines less, and the page's .wasm was 1.6 KB gz larger. The Module
//! view's modules are compiled here too and never called (hence the
//! `dead_code` allowance); `IN_PAGE` leaves out what only that view runs.
#![cfg_attr(test, allow(clippy::disallowed_methods))]
#![allow(dead_code)]

/// This is the page's .wasm (see `lib.rs`).
pub const IN_PAGE: bool = true;

include!("root.rs");

/// Opening the page with this fragment panics on purpose, after mounting, so
/// that the end-to-end test can prove a panic is reported on the page.
const PANIC_TEST_HASH: &str = "#panic-test";

fn main() {
    // The page's second engine (js-src/engine-here.js), an engine only as the worker's is: no
    // page to mount, and no panic hook (a panic there traps, and the page drops that engine).
    if js_sys::Reflect::get(&js_sys::global(), &"tftypeEngineOnly".into()).is_ok_and(|v| v.is_truthy()) {
        return;
    }
    install_panic_hook();
    // In the engine worker (public/engine-worker.js) there is no page to mount.
    if web_sys::window().is_none() {
        return;
    }
    // The link's state and the reader's catalog first: every word on the page comes from it.
    wasm_bindgen_futures::spawn_local(async move {
        share::read_opened().await;
        let lang = app::link::reader_lang();
        if let Err(e) = shared::assets::load(lang).await {
            // Without a catalog there are no words to say it in: the loading line says what failed.
            if let Some(boot) = document_opt().and_then(|d| d.get_element_by_id("boot")) {
                boot.set_text_content(Some(&e));
            }
            return;
        }
        if let Some(boot) = document_opt().and_then(|d| d.get_element_by_id("boot")) {
            boot.remove();
        }
        leptos::mount::mount_to_body(app::App);
        if window_hash().as_deref() == Some(PANIC_TEST_HASH) {
            panic!("deliberate panic requested by {PANIC_TEST_HASH}");
        }
    });
}

/// The worker's side: one request (JSON, as UTF-8 bytes) in, the answer (the same) out.
#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::*;

    use crate::engine::{story, Evaluation, Shown, TRAP_TEST};
    use tftype::Request;

    /// A request's JSON as the page sends it (UTF-8 bytes, see `engine.rs`), read with a small
    /// reader (`shared::read_json`), not serde's derived one (issue #39).
    fn request(json: &[u8]) -> Request {
        crate::shared::read_json::request_json(json)
    }

    /// `arg`: what to show besides the console text (`"full json"`, see `Shown`).
    #[wasm_bindgen]
    pub fn engine_evaluate(json: &[u8], arg: &str) -> Vec<u8> {
        let req = request(json);
        if req.var_name == TRAP_TEST {
            panic!("deliberate engine trap requested by the trap test");
        }
        serde_json::to_vec(&Evaluation::of(tftype::evaluate(&req), Shown::from_arg(arg))).unwrap_or_default()
    }

    #[wasm_bindgen]
    pub fn engine_story(json: &[u8]) -> Vec<u8> {
        serde_json::to_vec(&story(&request(json))).unwrap_or_default()
    }

    /// Installs the message catalog of `lang` (`en`, `zh`, `ja`); "" or why not.
    #[wasm_bindgen]
    pub fn engine_install_catalog(lang: &str, json: &str) -> String {
        // Read as the page reads its catalogs (shared/read_json.rs), not by serde's derived reader.
        tftype::i18n::install_coded_read(lang, crate::shared::read_json::catalog(json))
    }
}
