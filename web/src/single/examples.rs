//! The example gallery: every case of the documentation corpus
//! (`core/tests/conformance/docs.jsonl`), grouped by topic, each with a
//! title and a one-line lesson (the data in `examples.json`, the texts in
//! the catalogs), and the confusions (`confusions.json`). Choosing one fills
//! both editors and the options. A test keeps the list identical to the
//! corpus.

use tftype::i18n::Lang;

use crate::single::model::{Format, State, Tab};

/// A gallery section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    Primitives,
    Collections,
    Structural,
    Any,
    Optional,
    Null,
    Formats,
    Errors,
    /// Surprises taken from users' reports (issue trackers), each linked.
    Confusions,
}

impl Group {
    /// In the order the gallery shows them.
    pub const ALL: [Group; 9] = [
        Group::Confusions,
        Group::Primitives,
        Group::Collections,
        Group::Structural,
        Group::Any,
        Group::Optional,
        Group::Null,
        Group::Formats,
        Group::Errors,
    ];

    /// The group's key in the catalogs (`group.KEY`).
    pub fn key(self) -> &'static str {
        match self {
            Group::Primitives => "primitives",
            Group::Collections => "collections",
            Group::Structural => "structural",
            Group::Any => "any",
            Group::Optional => "optional",
            Group::Null => "null",
            Group::Formats => "formats",
            Group::Errors => "errors",
            Group::Confusions => "confusions",
        }
    }

    pub fn label(self, lang: Lang) -> String {
        tftype::i18n::text(lang, &format!("group.{}", self.key())).to_string()
    }
}

/// One example: the inputs of a docs case plus what it teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The docs.jsonl case id (also the example's stable key).
    pub id: &'static str,
    pub group: Group,
    /// None = no `type` argument.
    pub type_src: Option<&'static str>,
    pub value: &'static str,
    pub format: Format,
    pub nullable: bool,
    pub sensitive: bool,
    /// The user report it comes from (confusions only).
    pub url: Option<&'static str>,
}

impl Example {
    /// The example's title, from the catalogs (`example.ID.title`).
    pub fn title(&self, lang: Lang) -> String {
        tftype::i18n::text(lang, &format!("{}.{}.title", self.catalog_prefix(), self.id)).to_string()
    }

    /// What it teaches, in one line (`example.ID.lesson`).
    pub fn lesson(&self, lang: Lang) -> String {
        tftype::i18n::text(lang, &format!("{}.{}.lesson", self.catalog_prefix(), self.id)).to_string()
    }

    fn catalog_prefix(&self) -> &'static str {
        if self.group == Group::Confusions {
            "confusion"
        } else {
            "example"
        }
    }

    /// The playground state this example sets (variable name `v`, console tab).
    pub fn state(&self) -> State {
        State {
            type_src: self.type_src.unwrap_or("").to_string(),
            value: self.value.to_string(),
            format: self.format,
            nullable: self.nullable,
            sensitive: self.sensitive,
            tab: Tab::Console,
            ..State::default()
        }
    }
}

/// What the page shows first (and after a link that cannot be read): a list
/// of objects with an optional attribute and a default, and a number given
/// as a string.
pub const DEFAULT: Example = Example {
    id: "start",
    group: Group::Optional,
    type_src: Some("list(object({\n  name = string\n  port = optional(number, 80)\n}))"),
    value: "[\n  { name = \"web\" },\n  { name = \"api\", port = \"8080\" },\n]",
    format: Format::Hcl,
    nullable: true,
    sensitive: false,
    url: None,
};

#[cfg_attr(not(test), allow(dead_code))]
pub fn by_id(id: &str) -> Option<&'static Example> {
    examples().iter().chain(confusions().iter()).find(|e| e.id == id)
}

/// The examples of one group, in gallery order.
pub fn in_group(group: Group) -> impl Iterator<Item = &'static Example> {
    examples().iter().chain(confusions().iter()).filter(move |e| e.group == group)
}

static EXAMPLES: std::sync::OnceLock<Vec<Example>> = std::sync::OnceLock::new();
static CONFUSIONS: std::sync::OnceLock<Vec<Example>> = std::sync::OnceLock::new();

/// The docs cases, grouped (the groups appear in `Group::ALL` order), from
/// `examples.json`; in the page, empty until [`fetch`] has them.
pub fn examples() -> &'static [Example] {
    #[cfg(not(target_arch = "wasm32"))]
    EXAMPLES.get_or_init(|| load(include_str!("../examples.json")));
    EXAMPLES.get().map_or(&[], Vec::as_slice)
}

/// The confusions gallery (`confusions.json`): surprises users reported,
/// each with the link to the report; titles and lessons are in the catalogs.
pub fn confusions() -> &'static [Example] {
    #[cfg(not(target_arch = "wasm32"))]
    CONFUSIONS.get_or_init(|| load(include_str!("../confusions.json")));
    CONFUSIONS.get().map_or(&[], Vec::as_slice)
}

/// Fetches the gallery's data (the page fetches it when the gallery is
/// first opened, not with the page); Err: why not.
#[cfg(target_arch = "wasm32")]
pub async fn fetch() -> Result<(), String> {
    for (name, list) in [("examples.json", &EXAMPLES), ("confusions.json", &CONFUSIONS)] {
        if list.get().is_none() {
            let text = crate::shared::assets::fetch_text(&crate::shared::assets::url(name)).await?;
            let _ = list.set(load(&text));
        }
    }
    Ok(())
}

/// Natively the data is compiled in.
#[cfg(not(target_arch = "wasm32"))]
pub async fn fetch() -> Result<(), String> {
    Ok(())
}

/// One example as the data files write it: the options only where they
/// are not the defaults (HCL, nullable, not sensitive); no `group` means
/// the confusions gallery.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    id: String,
    group: Option<Group>,
    #[serde(rename = "type")]
    type_src: Option<String>,
    value: String,
    #[serde(default)]
    format: Format,
    #[serde(default = "yes")]
    nullable: bool,
    #[serde(default)]
    sensitive: bool,
    url: Option<String>,
}

fn yes() -> bool {
    true
}

/// The examples of a data file (loaded once, kept for the page's life).
fn load(json: &str) -> Vec<Example> {
    let raw: Vec<Raw> = serde_json::from_slice(json.as_bytes()).unwrap_or_default();
    let keep = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    raw.into_iter()
        .map(|r| Example {
            id: keep(r.id),
            group: r.group.unwrap_or(Group::Confusions),
            type_src: r.type_src.map(keep),
            value: keep(r.value),
            format: r.format,
            nullable: r.nullable,
            sensitive: r.sensitive,
            url: r.url.map(keep),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const DOCS: &str = include_str!("../../../core/tests/conformance/docs.jsonl");

    fn docs() -> Vec<serde_json::Value> {
        DOCS.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn every_docs_case_is_in_the_gallery_exactly_once() {
        let ids: Vec<&str> = examples().iter().map(|e| e.id).collect();
        let unique: HashSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "duplicate ids in the gallery");
        let cases = docs();
        for c in &cases {
            let id = c["id"].as_str().unwrap();
            assert!(unique.contains(id), "{id} is missing from the gallery");
        }
        assert_eq!(ids.len(), cases.len(), "the gallery has examples that are not docs cases");
    }

    #[test]
    fn examples_carry_the_docs_inputs_unchanged() {
        for c in docs() {
            let id = c["id"].as_str().unwrap();
            let e = by_id(id).unwrap();
            assert_eq!(e.type_src, c.get("type").map(|t| t.as_str().unwrap()), "{id}: type");
            assert_eq!(e.value, c["value"].as_str().unwrap(), "{id}: value");
            let fmt = c.get("value_format").map_or("hcl", |f| f.as_str().unwrap());
            assert_eq!(e.format.key(), fmt, "{id}: value_format");
            assert_eq!(e.nullable, c.get("nullable").is_none_or(|v| v.as_bool().unwrap()), "{id}: nullable");
            assert_eq!(e.sensitive, c.get("sensitive").is_some_and(|v| v.as_bool().unwrap()), "{id}: sensitive");
        }
    }

    #[test]
    fn groups_are_contiguous_and_in_gallery_order() {
        let order: Vec<usize> =
            examples().iter().map(|e| Group::ALL.iter().position(|g| *g == e.group).unwrap()).collect();
        assert!(order.windows(2).all(|w| w[0] <= w[1]), "examples of one group must be together, in Group::ALL order");
        for g in Group::ALL {
            assert!(in_group(g).count() >= 3, "{} has fewer than 3 examples", g.label(Lang::En));
        }
    }

    #[test]
    fn every_example_has_a_short_title_and_a_one_line_lesson_in_every_language() {
        for lang in Lang::ALL {
            for e in examples().iter().chain([&DEFAULT]).chain(confusions()) {
                let (title, lesson) = (e.title(lang), e.lesson(lang));
                assert!(!title.is_empty() && title.chars().count() <= 60, "{lang:?} {}: title {title:?}", e.id);
                assert!(!lesson.is_empty() && !lesson.contains('\n'), "{lang:?} {}: lesson", e.id);
                assert!(lesson.chars().count() <= 200, "{lang:?} {}: lesson too long", e.id);
            }
        }
    }

    #[test]
    fn the_data_files_parse_in_full() {
        for (name, json, loaded) in [
            ("examples.json", include_str!("../examples.json"), examples()),
            ("confusions.json", include_str!("../confusions.json"), confusions()),
        ] {
            let raw: Vec<serde_json::Value> = serde_json::from_str(json).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                serde_json::from_str::<Vec<Raw>>(json).map(|r| r.len()).map_err(|e| e.to_string()),
                Ok(raw.len()),
                "{name}"
            );
            assert_eq!(loaded.len(), raw.len(), "{name}");
        }
    }

    #[test]
    fn every_example_title_and_lesson_is_in_every_catalog() {
        for lang in Lang::ALL {
            let keys: HashSet<&str> = tftype::i18n::keys(lang).into_iter().collect();
            for e in examples().iter().chain([&DEFAULT]).chain(confusions()) {
                for part in ["title", "lesson"] {
                    let key = format!("{}.{}.{part}", e.catalog_prefix(), e.id);
                    assert!(keys.contains(key.as_str()), "{lang:?}: {key}");
                }
            }
        }
    }

    #[test]
    fn titles_are_unique() {
        let titles: HashSet<String> = examples().iter().map(|e| e.title(Lang::En)).collect();
        assert_eq!(titles.len(), examples().len());
    }

    #[test]
    fn the_confusions_gallery_has_at_least_15_reports_each_linked() {
        let c = confusions();
        assert!(c.len() >= 15, "{}", c.len());
        for e in c {
            let url = e.url.unwrap_or("");
            assert!(
                url.starts_with("https://github.com/hashicorp/terraform/issues/")
                    || url.starts_with("https://github.com/opentofu/opentofu/issues/"),
                "{}: {url}",
                e.id
            );
        }
    }

    #[test]
    fn example_state_sets_the_inputs_and_options() {
        let e = by_id("docs/vars/nullable-false-cli-null").unwrap();
        let s = e.state();
        assert_eq!((s.type_src.as_str(), s.value.as_str()), ("list(string)", "null"));
        assert_eq!((s.format, s.nullable, s.sensitive), (Format::Cli, false, false));
        let none = by_id("docs/vars/no-type-any-value").unwrap().state();
        assert_eq!(none.type_src, "");
        assert_eq!(none.request().type_src, None);
    }

    /// The error examples are the ones whose expected result is an error
    /// (checked against the oracle's expectations), so the group's name is
    /// honest; other groups may also hold failing examples.
    #[test]
    fn every_example_in_errors_fails_in_the_oracle() {
        let expected = include_str!("../../../core/tests/conformance/docs.expected.jsonl");
        for line in expected.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let e = by_id(v["id"].as_str().unwrap()).unwrap();
            if e.group == Group::Errors {
                assert_eq!(v["ok"], false, "{} is in Errors but succeeds", e.id);
            }
        }
    }
}
