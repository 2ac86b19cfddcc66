//! The tftype playground (Leptos, client-side rendered): a variable's type
//! constraint and a value in two CodeMirror editors, and what Terraform makes
//! of them, recomputed on every keystroke.

mod app;
mod assets;
mod cm;
mod components;
mod engine;
mod examples;
mod jsonfmt;
mod model;
mod module_model;
mod module_signals;
mod outcome;
mod page;
mod share;
mod signals;
mod words;

/// Opening the page with this fragment panics on purpose, after mounting, so
/// that the end-to-end test can prove a panic is reported on the page.
const PANIC_TEST_HASH: &str = "#panic-test";

fn main() {
    install_panic_hook();
    // In the engine worker (public/engine-worker.js) there is no page to mount.
    if web_sys::window().is_none() {
        return;
    }
    // The link's state and the reader's catalog first: every word on the page comes from it.
    wasm_bindgen_futures::spawn_local(async move {
        share::read_opened().await;
        let lang = app::reader_lang();
        if let Err(e) = assets::load(lang).await {
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

fn document_opt() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn window_hash() -> Option<String> {
    web_sys::window().and_then(|w| w.location().hash().ok())
}

/// Logs panics to the console (console_error_panic_hook) and also writes them
/// into the page, so a crash is never a blank or silently frozen page.
fn install_panic_hook() {
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
    let lang = doc.document_element().and_then(|e| e.get_attribute("lang")).and_then(|l| tftype::i18n::Lang::parse(&l)).unwrap_or_default();
    el.set_text_content(Some(&format!("{}\n\n{message}", tftype::i18n::text(lang, "ui.crash"))));
}

#[cfg(test)]
mod tests {
    use tftype::i18n::{text, Lang};

    /// What the page says before (or without) the Rust code runs is the
    /// catalogs' text: index.html's description is the English one, and its
    /// noscript message is given in every language.
    #[test]
    fn index_html_says_the_catalogs_words() {
        let html = include_str!("../../index.html");
        let attr = |s: &str| s.replace('&', "&amp;").replace('"', "&quot;").replace('\'', "&#39;");
        assert!(html.contains(&format!("<meta name=\"description\" content=\"{}\"", attr(text(Lang::En, "ui.meta_description")))), "description");
        for lang in Lang::ALL {
            let p = format!("<p class=\"boot\" lang=\"{}\">{}</p>", lang.code(), text(lang, "ui.noscript"));
            assert!(html.contains(&p), "noscript {lang:?}: {p}");
        }
    }
}
