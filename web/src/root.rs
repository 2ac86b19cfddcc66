// The crate's module tree and its few free functions, shared by the lib (the
// Module view's .wasm builds on it) and the page's bin, which compiles them
// into itself rather than linking the lib: see main.rs.

pub mod app;
pub mod engine;
pub mod module;
pub mod share;
pub mod shared;
pub mod single;

pub fn document_opt() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

pub fn window_hash() -> Option<String> {
    web_sys::window().and_then(|w| w.location().hash().ok())
}

/// Logs panics to the console (console_error_panic_hook) and also writes them
/// into the page, so a crash is never a blank or silently frozen page.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_panic(&info.to_string());
    }));
}

fn show_panic(message: &str) {
    let Some(doc) = document_opt() else { return };
    let Some(body) = doc.body() else { return };
    let el = match doc.get_element_by_id("panic") {
        Some(el) => el,
        None => {
            let Ok(el) = doc.create_element("div") else {
                return;
            };
            el.set_id("panic");
            let _ = el.set_attribute("class", "panic");
            let _ = el.set_attribute("role", "alert");
            let _ = el.set_attribute("data-testid", "panic-message");
            // First in the page, above the (now frozen) app.
            let _ = body.insert_before(&el, body.first_child().as_ref());
            el
        }
    };
    // The page's language, as `page::apply_lang` set it on `<html lang>`.
    let lang = doc
        .document_element()
        .and_then(|e| e.get_attribute("lang"))
        .and_then(|l| tftype::i18n::Lang::parse(&l))
        .unwrap_or_default();
    el.set_text_content(Some(&format!("{}\n\n{message}", tftype::i18n::text(lang, "ui.crash"))));
}
