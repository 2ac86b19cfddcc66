//! Message catalogs for the lazily loaded engines: the page fetches the
//! reader's language and the worker installs it in every engine it loads.

/// Installs the catalog of `lang` (`en`, `zh`, `ja`); "" or why not.
#[cfg(target_arch = "wasm32")]
pub fn install(lang: &str, json: &str) -> String {
    tftype::i18n::install_coded(lang, json)
}

/// Natively the catalogs are compiled in.
#[cfg(not(target_arch = "wasm32"))]
pub fn install(_lang: &str, _json: &str) -> String {
    String::new()
}
