//! The browser around the app: URL parameters, the fragment, history,
//! the colour theme and its stored choice, the clipboard, the clock. Every
//! function tolerates a missing `window` (and returns a neutral value).

use wasm_bindgen::JsValue;

/// How the page was opened (`?embed=1&readonly=1&theme=dark&flavor=opentofu@1.8`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// A product version forced by the URL (embedders show their version).
    pub flavor: Option<&'static str>,
    /// For an iframe on a docs site: no header, gallery or footer; compact.
    pub embed: bool,
    /// The editors and options cannot be changed.
    pub readonly: bool,
    /// A theme forced by the URL (embedders match their site).
    pub theme: Option<Theme>,
    /// A language forced by the URL (embedders show their docs' language).
    pub lang: Option<tftype::i18n::Lang>,
}

impl Mode {
    pub fn from_search(search: &str) -> Mode {
        let mut m = Mode::default();
        for pair in search.trim_start_matches('?').split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let on = matches!(v, "" | "1" | "true" | "yes");
            match k {
                "embed" => m.embed = on,
                "readonly" => m.readonly = on,
                "theme" => m.theme = Theme::from_key(v),
                "flavor" => m.flavor = tftype::flavor::Flavor::lookup(&v.replace("%40", "@")).map(|f| f.name),
                "lang" => m.lang = tftype::i18n::Lang::parse(v),
                _ => {}
            }
        }
        m
    }

    pub fn current() -> Mode {
        Mode::from_search(&search())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub fn key(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_key(s: &str) -> Option<Theme> {
        match s {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }

    pub fn other(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }
}

const THEME_KEY: &str = "tftype-theme";
const FLAVOR_KEY: &str = "tftype-flavor";

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn location() -> Option<web_sys::Location> {
    window().map(|w| w.location())
}

fn local_storage() -> Option<web_sys::Storage> {
    window().and_then(|w| w.local_storage().ok().flatten())
}

/// The theme the user chose earlier on this site, if any.
pub fn stored_theme() -> Option<Theme> {
    local_storage().and_then(|s| s.get_item(THEME_KEY).ok().flatten()).and_then(|v| Theme::from_key(&v))
}

pub fn store_theme(theme: Theme) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(THEME_KEY, theme.key());
    }
}

/// The product version the user chose last on this site, if any.
pub fn stored_flavor() -> Option<&'static str> {
    local_storage()
        .and_then(|s| s.get_item(FLAVOR_KEY).ok().flatten())
        .and_then(|v| tftype::flavor::Flavor::lookup(&v).map(|f| f.name))
}

pub fn store_flavor(name: &str) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(FLAVOR_KEY, name);
    }
}

const LANG_KEY: &str = "tftype.lang";

/// The language chosen last on this site.
pub fn stored_lang() -> Option<tftype::i18n::Lang> {
    local_storage().and_then(|s| s.get_item(LANG_KEY).ok().flatten()).and_then(|v| tftype::i18n::Lang::parse(&v))
}

pub fn store_lang(lang: tftype::i18n::Lang) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(LANG_KEY, lang.code());
    }
}

/// The first of the browser's languages that tftype speaks (English otherwise).
pub fn browser_lang() -> tftype::i18n::Lang {
    let tags: Vec<String> =
        window().map(|w| w.navigator().languages().iter().filter_map(|v| v.as_string()).collect()).unwrap_or_default();
    tftype::i18n::Lang::from_preferences(tags.iter().map(String::as_str))
}

/// `<html lang=...>` (for screen readers and fonts), the page title and
/// its description.
/// Says the product version on `<html data-flavor>`: the Module view reads
/// it there (module/host.rs).
pub fn apply_flavor(flavor: &str) {
    if let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = el.set_attribute("data-flavor", flavor);
    }
}

pub fn apply_lang(lang: tftype::i18n::Lang) {
    if let Some(d) = window().and_then(|w| w.document()) {
        d.set_title(tftype::i18n::text(lang, "ui.page_title"));
        if let Some(meta) = d.query_selector("meta[name=description]").ok().flatten() {
            let _ = meta.set_attribute("content", tftype::i18n::text(lang, "ui.meta_description"));
        }
    }
    if let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = el.set_attribute(
            "lang",
            match lang {
                tftype::i18n::Lang::En => "en",
                tftype::i18n::Lang::Zh => "zh-Hans",
                tftype::i18n::Lang::Ja => "ja",
            },
        );
    }
}

pub fn system_prefers_dark() -> bool {
    window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()).is_some_and(|m| m.matches())
}

/// Sets `<html data-theme=...>`, which the style sheet and the editors follow;
/// None removes it (the system's preference applies).
pub fn apply_theme(theme: Option<Theme>) {
    let Some(root) = window().and_then(|w| w.document()).and_then(|d| d.document_element()) else {
        return;
    };
    let _ = match theme {
        Some(t) => root.set_attribute("data-theme", t.key()),
        None => root.remove_attribute("data-theme"),
    };
}

/// The fragment, including `#` (empty when there is none).
/// The page URL's query (`?…`), or "".
pub fn search() -> String {
    location().and_then(|l| l.search().ok()).unwrap_or_default()
}

pub fn hash() -> String {
    location().and_then(|l| l.hash().ok()).unwrap_or_default()
}

/// Makes a popup (Examples, Copy as) close as popups do: on Escape
/// anywhere, with the focus back on its opener (`back_to_opener`), and on a
/// click outside it (`inside`: whether a clicked node is part of the popup
/// or of its opener). For components mounted once: the listeners stay.
pub fn dismissable(
    open: leptos::prelude::RwSignal<bool>,
    inside: impl Fn(&web_sys::Node) -> bool + 'static,
    back_to_opener: impl Fn() + 'static,
) {
    use leptos::prelude::{GetUntracked, Set};
    use wasm_bindgen::JsCast;
    let _ = leptos::prelude::window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && open.get_untracked() {
            ev.prevent_default();
            open.set(false);
            back_to_opener();
        }
    });
    let _ = leptos::prelude::window_event_listener(leptos::ev::click, move |ev| {
        if !open.get_untracked() {
            return;
        }
        let Some(node) = ev.target().and_then(|t| t.dyn_into::<web_sys::Node>().ok()) else {
            return;
        };
        if !inside(&node) {
            open.set(false);
        }
    });
}

/// Focuses the element with this id, if there is one.
/// The tab a key moves to in a tablist of `tabs` showing `current`
/// (WAI-ARIA's keys: the arrows wrap around, Home and End go to the
/// ends), or None for any other key. A `current` not among them counts as
/// the first.
pub fn tab_key_target<T: Copy + PartialEq>(key: &str, tabs: &[T], current: T) -> Option<T> {
    let n = tabs.len();
    if n == 0 {
        return None;
    }
    let i = tabs.iter().position(|t| *t == current).unwrap_or(0);
    let j = match key {
        "ArrowRight" => (i + 1) % n,
        "ArrowLeft" => (i + n - 1) % n,
        "Home" => 0,
        "End" => n - 1,
        _ => return None,
    };
    Some(tabs[j])
}

pub fn focus_id(id: &str) {
    focus_selector(&format!("#{id}"));
}

/// Focuses the first element `selector` finds, if there is one.
pub fn focus_selector(selector: &str) {
    use wasm_bindgen::JsCast;
    if let Some(el) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(selector).ok().flatten())
    {
        if let Ok(h) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = h.focus();
        }
    }
}

/// Whether `node` is inside the element with this id.
pub fn inside_id(id: &str, node: &web_sys::Node) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .is_some_and(|el| el.contains(Some(node)))
}

/// Replaces the fragment without a new history entry or a scroll.
pub fn replace_hash(fragment: &str) {
    let Some(w) = window() else { return };
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(fragment));
    }
}

/// Removes the fragment (no new history entry).
pub fn clear_hash() {
    let (Some(w), Some(l)) = (window(), location()) else {
        return;
    };
    let url = format!("{}{}", l.pathname().unwrap_or_default(), l.search().unwrap_or_default());
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// This page's address without query and fragment.
pub fn base_url() -> String {
    let Some(l) = location() else {
        return String::new();
    };
    format!("{}{}", l.origin().unwrap_or_default(), l.pathname().unwrap_or_default())
}

/// The address with the fragment (what the share button copies).
pub fn href() -> String {
    location().and_then(|l| l.href().ok()).unwrap_or_default()
}

/// Milliseconds from an arbitrary start (for the "evaluated in" figure).
pub fn now_ms() -> f64 {
    window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Text the browser handed over as UTF-8 bytes (a `TextEncoder`'s output,
/// see `createEditor` and the engine worker). It never writes anything
/// else; if it ever did, the bad bytes become U+FFFD rather than a panic.
pub fn utf8_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Copies `text` to the clipboard; false when the browser refuses.
pub async fn copy_text(text: &str) -> bool {
    let Some(w) = window() else { return false };
    let promise = w.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_text_keeps_valid_text_and_replaces_bad_bytes() {
        assert_eq!(utf8_text("a é 字".as_bytes().to_vec()), "a é 字");
        assert_eq!(utf8_text(vec![b'a', 0xff, b'b']), "a\u{fffd}b");
    }

    #[test]
    fn embed_and_readonly_come_from_the_query() {
        assert_eq!(Mode::from_search(""), Mode::default());
        let m = Mode::from_search("?embed=1&readonly=1");
        assert!(m.embed && m.readonly);
        let m = Mode::from_search("?embed&theme=dark");
        assert!(m.embed && !m.readonly);
        assert_eq!(m.theme, Some(Theme::Dark));
        let m = Mode::from_search("?embed=0&readonly=no&theme=purple");
        assert_eq!(m, Mode::default());
    }

    #[test]
    fn an_embed_url_can_name_the_flavor() {
        assert_eq!(Mode::from_search("?embed=1&flavor=opentofu@1.8").flavor, Some("opentofu@1.8"));
        assert_eq!(Mode::from_search("?flavor=opentofu%401.8").flavor, Some("opentofu@1.8"));
        assert_eq!(Mode::from_search("?flavor=terraform@9.9").flavor, None);
    }

    /// Every tablist of the page (result, Module view files, a variable's
    /// tabs) moves with the same keys.
    #[test]
    fn tab_keys_wrap_around_and_go_to_the_ends() {
        let tabs = ["a", "b", "c"];
        let cases = [
            ("ArrowRight", "a", Some("b")),
            ("ArrowRight", "c", Some("a")),
            ("ArrowLeft", "a", Some("c")),
            ("ArrowLeft", "b", Some("a")),
            ("Home", "c", Some("a")),
            ("End", "a", Some("c")),
            ("Enter", "a", None),
            // A tab not in the list counts as the first.
            ("ArrowRight", "x", Some("b")),
        ];
        for (key, current, want) in cases {
            assert_eq!(tab_key_target(key, &tabs, current), want, "{key} from {current}");
        }
        assert_eq!(tab_key_target::<&str>("ArrowRight", &[], "a"), None, "no tabs");
    }

    #[test]
    fn theme_toggles_between_light_and_dark() {
        assert_eq!(Theme::Light.other(), Theme::Dark);
        assert_eq!(Theme::Dark.other().key(), "light");
        assert_eq!(Theme::from_key("dark"), Some(Theme::Dark));
    }
}

#[cfg(test)]
mod index_html_tests {
    use tftype::i18n::{text, Lang};

    /// What the page says before (or without) the Rust code runs is the
    /// catalogs' text: index.html's description is the English one, and its
    /// noscript message is given in every language.
    #[test]
    fn index_html_says_the_catalogs_words() {
        let html = include_str!("../../../index.html");
        let attr = |s: &str| s.replace('&', "&amp;").replace('"', "&quot;").replace('\'', "&#39;");
        assert!(
            html.contains(&format!(
                "<meta name=\"description\" content=\"{}\"",
                attr(text(Lang::En, "ui.meta_description"))
            )),
            "description"
        );
        for lang in Lang::ALL {
            let p = format!("<p class=\"boot\" lang=\"{}\">{}</p>", lang.code(), text(lang, "ui.noscript"));
            assert!(html.contains(&p), "noscript {lang:?}: {p}");
        }
    }
}
