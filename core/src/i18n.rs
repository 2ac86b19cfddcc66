//! tftype's own words in English, Chinese and Japanese: one message catalog
//! per language (`core/i18n/{en,zh,ja}.json`: key → text with `{name}`
//! placeholders). Terraform's and OpenTofu's messages are never translated:
//! they are what the tools print.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A language of tftype's own words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Zh,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Zh, Lang::Ja];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
            Lang::Ja => "ja",
        }
    }

    /// `en`, `zh`, `ja`, or a browser language tag (`zh-CN`, `ja-JP`, `en-GB`).
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the browser's languages that tftype speaks, else English.
    pub fn from_preferences<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter().find_map(Lang::parse).unwrap_or_default()
    }

    /// The language's own name (for the language picker).
    pub fn native_name(self) -> &'static str {
        text(self, "lang.name")
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../i18n/en.json"),
            Lang::Zh => include_str!("../i18n/zh.json"),
            Lang::Ja => include_str!("../i18n/ja.json"),
        }
    }
}

type Catalog = HashMap<String, String>;

fn catalogs() -> &'static [Catalog; 3] {
    static CATALOGS: OnceLock<[Catalog; 3]> = OnceLock::new();
    CATALOGS.get_or_init(|| Lang::ALL.map(|l| serde_json::from_str(l.source()).unwrap_or_default()))
}

fn catalog(lang: Lang) -> &'static Catalog {
    &catalogs()[lang as usize]
}

/// The text of `key` in `lang` (English when the language lacks it, the key
/// itself when no catalog has it: a test makes sure every key is in all).
pub fn text(lang: Lang, key: &str) -> &'static str {
    catalog(lang).get(key).or_else(|| catalog(Lang::En).get(key)).map(String::as_str).unwrap_or("")
}

/// `key`'s text with its `{name}` placeholders filled from `args`.
pub fn fill(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let t = text(lang, key);
    let mut out = String::with_capacity(t.len() + 32);
    let mut rest = t;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every key of a language's catalog (for the completeness test and tools).
pub fn keys(lang: Lang) -> Vec<&'static str> {
    let mut k: Vec<&'static str> = catalog(lang).keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

/// The `{name}` placeholders of a text, sorted.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                out.push(&after[..close]);
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_in_every_language_with_the_same_placeholders() {
        let en = keys(Lang::En);
        assert!(en.len() > 20);
        for lang in [Lang::Zh, Lang::Ja] {
            assert_eq!(keys(lang), en, "{lang:?} has other keys than English");
            for k in &en {
                let (a, b) = (text(Lang::En, k), text(lang, k));
                assert!(!b.trim().is_empty(), "{lang:?} {k} is empty");
                assert_eq!(placeholders(a), placeholders(b), "{lang:?} {k}: {a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn catalogs_are_valid_json_objects_of_strings() {
        for lang in Lang::ALL {
            let v: serde_json::Value = serde_json::from_str(lang.source()).unwrap_or_else(|e| panic!("{lang:?}: {e}"));
            assert!(v.as_object().is_some_and(|o| o.values().all(|v| v.is_string())), "{lang:?}");
        }
    }

    #[test]
    fn placeholders_are_filled_and_unknown_ones_are_left_visible() {
        assert_eq!(fill(Lang::En, "why.result", &[("type", "number")]), text(Lang::En, "why.result").replace("{type}", "number"));
        assert!(fill(Lang::En, "why.result", &[]).contains("{type}"));
    }

    #[test]
    fn browser_language_tags_choose_the_language() {
        assert_eq!(Lang::from_preferences(["de-DE", "zh-CN", "en"]), Lang::Zh);
        assert_eq!(Lang::from_preferences(["ja"]), Lang::Ja);
        assert_eq!(Lang::from_preferences(["fr"]), Lang::En);
    }
}
