//! The "Why" story (`tftype::why`): for every docs example and every
//! confusion of the gallery, in each language, a complete story; and the
//! named facts a learner needs, checked in every language.

use std::path::Path;

use tftype::i18n::Lang;
use tftype::why::{story, Story};
use tftype::{evaluate, Request, ValueFormat};

fn req(ty: &str, value: &str) -> Request {
    Request::new(Some(ty), value)
}

fn kinds(s: &Story) -> Vec<&str> {
    s.steps.iter().map(|x| x.kind.as_str()).collect()
}

/// Every case of a corpus file (or the gallery's confusions).
fn cases(path: &str) -> Vec<(String, Request)> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&p).unwrap();
    let items: Vec<serde_json::Value> = if path.ends_with(".json") {
        serde_json::from_str(&text).unwrap()
    } else {
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    items
        .into_iter()
        .map(|mut j| {
            if let Some(f) = j.get("format").cloned() {
                j["value_format"] = f;
            }
            (j["id"].to_string(), serde_json::from_value(j).unwrap())
        })
        .collect()
}

/// A complete story: what the value is (or why it could not be read), then
/// the end: accepted with the result type, or the step that failed with
/// the tool's message verbatim; every text filled in.
fn assert_complete(id: &str, lang: Lang, r: &Request) {
    let s = story(r, lang);
    let answer = evaluate(r);
    assert!(!s.steps.is_empty(), "{id} {lang:?}: no story");
    let last = s.steps.last().unwrap();
    if answer.ok {
        assert_eq!(last.kind, "why.result", "{id} {lang:?}: {:?}", kinds(&s));
        assert!(last.text.contains(answer.type_string.as_deref().unwrap()), "{id} {lang:?}: {}", last.text);
        assert!(s.verbatim.is_none());
    } else {
        assert!(last.kind.starts_with("why.failed."), "{id} {lang:?}: {:?}", kinds(&s));
        let v = s.verbatim.as_ref().expect("the tool's message, verbatim");
        assert_eq!(Some(&v.summary), answer.summary.as_ref());
    }
    if matches!(answer.stage, None | Some(tftype::Stage::Convert) | Some(tftype::Stage::Null)) {
        assert_eq!(s.steps[0].kind, "why.value_is", "{id} {lang:?}");
    }
    for step in s.steps.iter().chain(&s.notes) {
        assert!(!step.text.is_empty(), "{id} {lang:?}: empty {}", step.kind);
        assert!(!step.text.contains('{') || step.text.contains("{ ") || step.text.contains("({"), "{id} {lang:?}: unfilled placeholder in {:?}", step.text);
    }
}

#[test]
fn every_docs_example_and_confusion_tells_a_complete_story_in_every_language() {
    let mut n = 0;
    for file in ["tests/conformance/docs.jsonl", "../web/src/confusions.json"] {
        for (id, r) in cases(file) {
            for lang in Lang::ALL {
                assert_complete(&id, lang, &r);
                n += 1;
            }
        }
    }
    assert!(n >= 3 * (91 + 15), "{n}");
}

#[test]
fn a_dropped_attribute_is_named_in_a_note_with_the_close_missing_one_suggested() {
    let r = req("object({name=string, port=optional(number, 80)})", r#"{ name = "x", prot = 8080 }"#);
    for lang in Lang::ALL {
        let s = story(&r, lang);
        let note = s.notes.iter().find(|n| n.kind == "note.dropped_suggest_top").unwrap_or_else(|| panic!("{lang:?}: {:?}", s.notes));
        assert!(note.text.contains("prot") && note.text.contains("port"), "{lang:?}: {}", note.text);
        let dropped = s.steps.iter().find(|x| x.kind == "why.dropped").unwrap();
        assert_eq!(dropped.path, ".prot");
        // The step points at the attribute's value.
        let [a, b] = dropped.value16.unwrap();
        assert_eq!(&r.value[a..b], "8080");
    }
}

#[test]
fn a_filled_default_names_its_attribute_and_value() {
    let r = req("list(object({name=string, enabled=optional(bool, true)}))", r#"[{ name = "a" }, { name = "b", enabled = false }]"#);
    for lang in Lang::ALL {
        let s = story(&r, lang);
        let d = s.steps.iter().find(|x| x.kind == "why.default_filled").unwrap();
        assert_eq!((d.path.as_str(), d.params["attr"].as_str(), d.params["value"].as_str()), ("[0].enabled", "enabled", "true"));
        assert!(d.text.contains("enabled") && d.text.contains("true"), "{lang:?}: {}", d.text);
        assert!(d.type16.is_some(), "the step points at the attribute in the type");
    }
}

#[test]
fn a_failing_unification_names_the_element_that_breaks_it() {
    let r = req("list(any)", r#"["a", 1, true, { x = 1 }]"#);
    for lang in Lang::ALL {
        let s = story(&r, lang);
        let u = s.steps.iter().find(|x| x.kind == "why.unify_failed").unwrap_or_else(|| panic!("{:?}", kinds(&s)));
        assert_eq!(u.path, "[3]");
        assert!(u.text.contains("[3]") && u.text.contains("object({x=number})"), "{lang:?}: {}", u.text);
        let [a, b] = u.value16.unwrap();
        assert_eq!(&r.value[a..b], "{ x = 1 }");
    }
}

#[test]
fn numbers_and_bools_turned_into_strings_by_any_are_noted() {
    let r = req("map(any)", r#"{ a = 1, b = "x", c = true }"#);
    let s = story(&r, Lang::En);
    assert!(s.steps.iter().any(|x| x.kind == "why.unify_string"), "{:?}", kinds(&s));
    assert!(s.notes.iter().any(|n| n.kind == "note.stringified" && n.text.contains("number, bool")));
    assert!(s.notes.iter().any(|n| n.kind == "note.any_one_type"));
}

#[test]
fn an_optional_attribute_given_null_gets_its_default_and_a_note_says_so() {
    let r = req(r#"object({ setting = optional(string, "value") })"#, "{ setting = null }");
    let s = story(&r, Lang::En);
    assert!(s.steps.iter().any(|x| x.kind == "why.default_null_replaced" && x.params["value"] == "\"value\""), "{:?}", kinds(&s));
    assert!(s.notes.iter().any(|n| n.kind == "note.null_default"));
}

#[test]
fn sets_that_merge_duplicates_are_noted() {
    let s = story(&req("set(string)", r#"["b", "a", "b"]"#), Lang::En);
    assert!(s.notes.iter().any(|n| n.kind == "note.set_merged" && n.params["count"] == "1"), "{:?}", s.notes);
    let s = story(&req("set(string)", r#"["b", "a"]"#), Lang::En);
    assert!(s.notes.iter().any(|n| n.kind == "note.set_reordered"), "{:?}", s.notes);
}

#[test]
fn where_opentofu_warns_the_tool_speaks_and_the_note_is_not_repeated() {
    let mut r = req("object({name=string})", r#"{ name = "x", nmae = "y" }"#);
    r.flavor = Some("opentofu@1.11".into());
    let s = story(&r, Lang::En);
    assert!(!evaluate(&r).warnings.is_empty());
    assert!(s.notes.iter().all(|n| !n.kind.starts_with("note.dropped")), "{:?}", s.notes);
    r.flavor = Some("opentofu@1.10".into());
    assert!(story(&r, Lang::En).notes.iter().any(|n| n.kind == "note.dropped_top" && n.text.contains("nmae")));
}

#[test]
fn a_large_value_gives_a_short_story() {
    let elems: Vec<String> = (0..20_000).map(|i| format!("{{ name = \"n{i}\" }}")).collect();
    let r = req("list(object({name=string, enabled=optional(bool, true)}))", &format!("[{}]", elems.join(", ")));
    let s = story(&r, Lang::En);
    assert!(s.steps.len() < 20, "{} steps", s.steps.len());
    let d = s.steps.iter().find(|x| x.kind == "why.default_filled").unwrap();
    assert_eq!(d.path, "[0]–[19999].enabled");
}

#[test]
fn steps_link_to_the_docs_of_the_version_and_language() {
    let r = req("object({port=optional(number, 80)})", "{}");
    let d = |s: Story| s.steps.into_iter().find(|x| x.kind == "why.default_filled").and_then(|x| x.doc).unwrap();
    assert!(d(story(&r, Lang::En)).starts_with("https://developer.hashicorp.com/terraform/language/expressions/type-constraints#optional-object-type-attributes"));
    let tofu = Request { flavor: Some("opentofu@1.8".into()), ..r.clone() };
    assert!(d(story(&tofu, Lang::En)).starts_with("https://opentofu.org/docs/"));
    assert!(d(story(&tofu, Lang::Zh)).starts_with("https://opentofu.org.cn/docs/"));
    assert!(d(story(&tofu, Lang::Ja)).starts_with("https://opentofu.dokyumento.jp/docs/"));
}

#[test]
fn cli_literal_mode_is_explained() {
    let r = Request { value_format: ValueFormat::Cli, ..req("number", "null") };
    let s = story(&r, Lang::En);
    assert!(s.steps.iter().any(|x| x.kind == "why.cli_literal"), "{:?}", kinds(&s));
}
