//! tftype's own words on the page, from the message catalogs
//! (`core/i18n/*.json`, see `tftype::i18n`), in the reader's language: the
//! language signal is in the context, so any component can say `t("ui.key")`.

use leptos::prelude::*;
use tftype::i18n::{fill, text, Lang};

/// The page's language (English where no page provides one: tests).
pub fn lang() -> RwSignal<Lang> {
    use_context::<RwSignal<Lang>>().unwrap_or_else(|| RwSignal::new(Lang::En))
}

/// `key`'s text, following the language.
pub fn t(key: &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let l = lang();
    move || text(l.get(), key)
}

/// `key`'s text with its placeholders filled, following the language.
pub fn tf(
    key: &'static str,
    args: impl Fn() -> Vec<(&'static str, String)> + Copy + Send + Sync + 'static,
) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    let l = lang();
    move || {
        let a = args();
        let pairs: Vec<(&str, &str)> = a.iter().map(|(k, v)| (*k, v.as_str())).collect();
        fill(l.get(), key, &pairs)
    }
}
