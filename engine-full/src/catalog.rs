//! Message catalogs for the lazily loaded engines: the page fetches the
//! reader's language and the worker installs it in every engine it loads.

/// Installs the catalog of `lang` (`en`, `zh`, `ja`); "" or why not.
#[cfg(target_arch = "wasm32")]
pub fn install(lang: &str, json: &str) -> String {
    match tftype::i18n::Lang::parse(lang) {
        Some(l) => tftype::i18n::install(l, json).err().unwrap_or_default(),
        None => format!("unknown language {lang:?}"),
    }
}

/// Natively the catalogs are compiled in.
#[cfg(not(target_arch = "wasm32"))]
pub fn install(_lang: &str, _json: &str) -> String {
    String::new()
}
