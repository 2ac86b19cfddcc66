//! The files the page fetches itself: the engine worker's script, the
//! lazily loaded engine (`engine-full/`), the message catalogs, one
//! language at a time (`core/i18n/LANG.json`: only the reader's is fetched
//! when the page opens; another when the reader picks it), and the
//! gallery's examples (when it is first opened).
//!
//! `scripts/assets.mjs` names them by their content at build time and lists
//! them in one `<meta name="tftype-assets" content="HASHED-NAME …">` tag;
//! without it (a page not built by Trunk) the plain name is used.
//! Natively (unit tests) the catalogs are compiled into core and nothing is
//! fetched.

use tftype::i18n::Lang;

/// The URL of a file of the site (`engine-worker.js`, `i18n/ja.json`), as
/// the build named it, resolved against the page's address.
#[cfg(target_arch = "wasm32")]
pub fn url(name: &str) -> String {
    let doc = web_sys::window().and_then(|w| w.document());
    let hashed = doc
        .and_then(|d| d.query_selector("meta[name=\"tftype-assets\"]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .and_then(|list| hashed_name(&list, name).map(str::to_string))
        .unwrap_or_else(|| name.to_string());
    let base = crate::shared::page::href();
    web_sys::Url::new_with_base(&hashed, &base).map(|u| u.href()).unwrap_or(hashed)
}

/// `name` as the build named it among `list` (the tag's space-separated
/// names): `engine_full.js` is `engine_full-HASH.js`, `engine_full_bg.wasm`
/// is `engine_full-HASH_bg.wasm`, HASH being 16 hex digits.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn hashed_name<'l>(list: &'l str, name: &str) -> Option<&'l str> {
    let ext = [".js", ".wasm", ".json", ".css"].iter().find(|e| name.ends_with(*e))?;
    let dot = name.len() - ext.len() - if name[..name.len() - ext.len()].ends_with("_bg") { 3 } else { 0 };
    let (stem, rest) = name.split_at(dot);
    list.split(' ').find(|h| {
        h.len() == name.len() + 17
            && h.starts_with(stem)
            && h.ends_with(rest)
            && h.as_bytes()[dot] == b'-'
            && h[dot + 1..dot + 17].bytes().all(|b| b.is_ascii_hexdigit())
    })
}

/// The file of `lang`'s catalog, or of one of its parts (`tftype::i18n::PARTS`:
/// the build splits the catalogs, scripts/assets.mjs).
fn catalog_name(lang: Lang, part: &str) -> String {
    match part {
        "" => format!("i18n/{}.json", lang.code()),
        p => format!("i18n/{}-{p}.json", lang.code()),
    }
}

#[cfg(target_arch = "wasm32")]
mod fetched {
    use std::cell::RefCell;

    use tftype::i18n::Lang;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;

    thread_local! {
        /// The catalogs' texts, for the engine worker (see `engine.rs`).
        static TEXTS: RefCell<Vec<(Lang, String)>> = const { RefCell::new(Vec::new()) };
        /// The parts of the catalogs asked for so far (a language switch fetches them too).
        static WANTED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
    }

    /// The text at `url`.
    pub async fn fetch_text(url: &str) -> Result<String, String> {
        let w = web_sys::window().ok_or("no window")?;
        let resp = JsFuture::from(w.fetch_with_str(url)).await.map_err(|e| format!("{e:?}"))?;
        let resp: web_sys::Response = resp.dyn_into().map_err(|e| format!("{e:?}"))?;
        if !resp.ok() {
            return Err(format!("HTTP {} for {url}", resp.status()));
        }
        let text = JsFuture::from(resp.text().map_err(|e| format!("{e:?}"))?).await.map_err(|e| format!("{e:?}"))?;
        text.as_string().ok_or_else(|| format!("{url} is not text"))
    }

    /// Fetches and installs `lang`'s catalog (once), with every part asked
    /// for so far.
    pub async fn load(lang: Lang) -> Result<(), String> {
        load_part(lang, "").await?;
        for part in WANTED.with(|w| w.borrow().clone()) {
            load_part(lang, part).await?;
        }
        Ok(())
    }

    /// Fetches and installs a part of `lang`'s catalog (once); from now on
    /// a language switch fetches it too.
    pub async fn load_part(lang: Lang, part: &'static str) -> Result<(), String> {
        if !part.is_empty() && !WANTED.with(|w| w.borrow().contains(&part)) {
            WANTED.with(|w| w.borrow_mut().push(part));
        }
        if tftype::i18n::installed_part(lang, part) {
            return Ok(());
        }
        let text = fetch_text(&super::url(&super::catalog_name(lang, part))).await?;
        adopt(lang, text)
    }

    /// Installs a catalog (or part) and, when it is new, keeps it for the
    /// engine worker.
    fn adopt(lang: Lang, text: String) -> Result<(), String> {
        // Read without serde's derived readers (shared/read_json.rs), as the worker reads it too.
        let installed = tftype::i18n::install_read(lang, crate::shared::read_json::catalog(&text)?)?;
        if installed {
            TEXTS.with(|t| t.borrow_mut().push((lang, text)));
        }
        Ok(())
    }

    /// The catalogs fetched after the first `skip`, with their texts (the
    /// engine worker is given each once: see `engine.rs`).
    pub fn texts_after(skip: usize) -> Vec<(Lang, String)> {
        TEXTS.with(|t| t.borrow().iter().skip(skip).cloned().collect())
    }
}

#[cfg(target_arch = "wasm32")]
pub use fetched::{fetch_text, load, load_part, texts_after};

/// Natively the catalogs are compiled in.
#[cfg(not(target_arch = "wasm32"))]
pub async fn load(_lang: Lang) -> Result<(), String> {
    let _ = catalog_name;
    Ok(())
}

/// Natively the catalogs are compiled in, whole.
#[cfg(not(target_arch = "wasm32"))]
pub async fn load_part(_lang: Lang, _part: &'static str) -> Result<(), String> {
    Ok(())
}

/// Switches the page to `lang` once its catalog is there (a failed fetch
/// leaves the language as it was).
pub fn switch_lang(signal: leptos::prelude::RwSignal<Lang>, lang: Lang) {
    use leptos::prelude::Set;
    leptos::task::spawn_local(async move {
        if load(lang).await.is_ok() {
            signal.set(lang);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::hashed_name;

    /// A file's built name is found by its own name only: the hash goes
    /// before the extension (and before `_bg` of a .wasm), and a longer name
    /// with the same start is another file.
    #[test]
    fn a_files_built_name_is_its_name_with_the_hash_before_the_extension() {
        let list = "engine-worker-c19c4685610895d3.js engine_full-244ca1410a8e1423.js engine_full-842263cdd09f4af4_bg.wasm i18n/en-e276b70465a447bc.json i18n/en-gallery-f09417a2c0ae15fb.json module-5c1e1013eab177fb.css";
        let cases = [
            ("engine-worker.js", Some("engine-worker-c19c4685610895d3.js")),
            ("engine_full.js", Some("engine_full-244ca1410a8e1423.js")),
            ("engine_full_bg.wasm", Some("engine_full-842263cdd09f4af4_bg.wasm")),
            ("i18n/en.json", Some("i18n/en-e276b70465a447bc.json")),
            ("i18n/en-gallery.json", Some("i18n/en-gallery-f09417a2c0ae15fb.json")),
            ("module.css", Some("module-5c1e1013eab177fb.css")),
            ("i18n/zh.json", None),
            ("engine.js", None),
            ("examples.json", None),
        ];
        for (name, want) in cases {
            assert_eq!(hashed_name(list, name), want, "{name}");
        }
    }
}
