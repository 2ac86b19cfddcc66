//! The "Why" story (`tftype::why`): for every docs example and every
//! confusion of the gallery, in each language, a complete story; and the
//! named facts a learner needs, checked in every language.
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

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
        assert!(!has_placeholder(&step.text), "{id} {lang:?}: unfilled placeholder in {:?}", step.text);
    }
}

/// `{name}` left in a text (a value's `{}` or `{ a = 1 }` is not one).
fn has_placeholder(text: &str) -> bool {
    text.split('{').skip(1).any(|rest| {
        rest.find('}').is_some_and(|end| end > 0 && rest[..end].chars().all(|c| c.is_ascii_lowercase() || c == '_'))
    })
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
        let note = s
            .notes
            .iter()
            .find(|n| n.kind == "note.dropped_suggest_top")
            .unwrap_or_else(|| panic!("{lang:?}: {:?}", s.notes));
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
    let r = req(
        "list(object({name=string, enabled=optional(bool, true)}))",
        r#"[{ name = "a" }, { name = "b", enabled = false }]"#,
    );
    for lang in Lang::ALL {
        let s = story(&r, lang);
        let d = s.steps.iter().find(|x| x.kind == "why.default_filled").unwrap();
        assert_eq!(
            (d.path.as_str(), d.params["attr"].as_str(), d.params["value"].as_str()),
            ("[0].enabled", "enabled", "true")
        );
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
    assert!(
        s.steps.iter().any(|x| x.kind == "why.default_null_replaced" && x.params["value"] == "\"value\""),
        "{:?}",
        kinds(&s)
    );
    assert!(s.notes.iter().any(|n| n.kind == "note.null_default"));
}

#[test]
fn sets_that_merge_duplicates_are_noted() {
    let s = story(&req("set(string)", r#"["b", "a", "b"]"#), Lang::En);
    assert!(s.notes.iter().any(|n| n.kind == "note.set_merged_one" && n.params["count"] == "1"), "{:?}", s.notes);
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

fn step<'s>(s: &'s Story, kind: &str) -> Vec<&'s tftype::why::Step> {
    s.steps.iter().filter(|x| x.kind == kind).collect()
}

#[test]
fn a_default_is_told_as_written_then_the_defaults_inside_it() {
    let r = req(r#"object({a=optional(object({b=optional(string,"x")}), {})})"#, "{}");
    for lang in Lang::ALL {
        let s = story(&r, lang);
        let facts: Vec<(&str, &str, &str)> = s
            .steps
            .iter()
            .filter(|x| x.kind.starts_with("why.default"))
            .map(|x| (x.kind.as_str(), x.path.as_str(), x.params["value"].as_str()))
            .collect();
        assert_eq!(
            facts,
            [("why.default_filled", ".a", "{}"), ("why.default_in_default", ".a.b", "\"x\"")],
            "{lang:?}"
        );
    }
    // Deeper: the default of `.a` names `c`, whose own default is not used;
    // the defaults inside `c` are.
    let r = req(
        r#"object({a=optional(object({b=optional(string,"x"), c=optional(object({d=optional(number,1)}),{})}), {c={}})})"#,
        "{ a = null }",
    );
    let s = story(&r, Lang::En);
    let facts: Vec<(&str, &str)> = s
        .steps
        .iter()
        .filter(|x| x.kind.starts_with("why.default"))
        .map(|x| (x.kind.as_str(), x.path.as_str()))
        .collect();
    assert_eq!(
        facts,
        [("why.default_null_replaced", ".a"), ("why.default_in_default", ".a.b"), ("why.default_in_default", ".a.c.d")]
    );
}

#[test]
fn only_the_defaults_filled_are_told() {
    let r = req(
        "list(object({name=string, port=optional(number,80)}))",
        r#"[{ name = "a" }, { name = "b", port = 8080 }]"#,
    );
    let s = story(&r, Lang::En);
    let told: Vec<&str> =
        s.steps.iter().filter(|x| x.kind.starts_with("why.default")).map(|x| x.path.as_str()).collect();
    assert_eq!(told, ["[0].port"]);
    assert!(s.steps.iter().all(|x| !x.text.contains("outside in")), "{:?}", kinds(&s));
}

#[test]
fn a_group_covers_every_place_it_names_and_no_other() {
    let objects = |n: usize| {
        format!("[{}]", (0..n).map(|i| format!("{{ name = \"n{i}\", port = \"{i}\" }}")).collect::<Vec<_>>().join(", "))
    };
    let s = story(&req("list(object({name=string, port=number}))", &objects(5000)), Lang::En);
    let paths: Vec<&str> = step(&s, "why.converted").iter().map(|x| x.path.as_str()).collect();
    assert_eq!(paths, ["", "[0]–[4999]", "[0]–[4999].port"]);
    assert!(step(&s, "why.convert_cut").is_empty());
    // A place between that converts nothing is not named: [1] is left out.
    let s = story(
        &req(
            "list(object({name=string, port=number}))",
            r#"[{name="a",port="1"},{name="b",port=2},{name="c",port="3"},{name="d",port="4"}]"#,
        ),
        Lang::En,
    );
    let paths: Vec<&str> =
        step(&s, "why.converted").iter().map(|x| x.path.as_str()).filter(|p| p.ends_with("port")).collect();
    assert_eq!(paths, ["[0].port", "[2]–[3].port"]);
}

#[test]
fn a_story_cut_short_says_so() {
    let value = format!("[{}]", vec!["\"1\""; 100_000].join(","));
    let s = story(&req("list(number)", &value), Lang::En);
    let cut = step(&s, "why.convert_cut");
    assert_eq!(cut.len(), 1, "{:?}", kinds(&s));
    assert!(cut[0].text.contains("100,000"), "{}", cut[0].text);
}

#[test]
fn a_grouped_step_carries_the_place_of_every_member() {
    let r = req(
        "list(object({name=string, port=optional(number, 80)}))",
        r#"[{ name = "a" }, { name = "b" }, { name = "c" }]"#,
    );
    let s = story(&r, Lang::En);
    let d = step(&s, "why.default_filled")[0];
    assert_eq!(d.path, "[0]–[2].port");
    let places: Vec<&str> = d.value16.iter().chain(&d.more16).map(|[a, b]| &r.value[*a..*b]).collect();
    assert_eq!(places, [r#"{ name = "a" }"#, r#"{ name = "b" }"#, r#"{ name = "c" }"#]);
}

#[test]
fn set_notes_count_in_the_language_and_still_tell_the_order() {
    let cases = [
        (r#"["b", "a", "b"]"#, Lang::En, "1 duplicate element was merged"),
        (r#"["b", "a", "b", "a"]"#, Lang::En, "2 duplicate elements were merged"),
        (r#"["b", "a", "b"]"#, Lang::Zh, "1 个重复元素"),
        (r#"["b", "a", "b"]"#, Lang::Ja, "重複する 1 個の要素"),
    ];
    for (value, lang, words) in cases {
        let s = story(&req("set(string)", value), lang);
        let kinds: Vec<&str> = s.notes.iter().map(|n| n.kind.as_str()).collect();
        assert!(
            s.notes.iter().any(|n| n.kind.starts_with("note.set_merged") && n.text.contains(words)),
            "{value} {lang:?}: {:?}",
            s.notes
        );
        assert!(kinds.contains(&"note.set_reordered"), "{value} {lang:?}: `b, a` became `a, b`: {kinds:?}");
    }
    // Merged, in the written order: no order note.
    let s = story(&req("set(string)", r#"["a", "b", "a"]"#), Lang::En);
    assert!(s.notes.iter().all(|n| n.kind != "note.set_reordered"), "{:?}", s.notes);
}

#[test]
fn lists_in_the_story_are_joined_as_the_language_writes_them() {
    let r = req("map(any)", r#"{ a = 1, b = "x", c = true }"#);
    for (lang, want) in [(Lang::En, "number, bool"), (Lang::Zh, "number、bool"), (Lang::Ja, "number、bool")] {
        let s = story(&r, lang);
        let n = s.notes.iter().find(|n| n.kind == "note.stringified").unwrap();
        assert!(n.text.contains(want), "{lang:?}: {}", n.text);
    }
    // "The whole value" named in Chinese or Japanese takes no space around it.
    let r = req("number", r#""abc""#);
    for (lang, want) in [(Lang::Zh, "整个值：转换失败（"), (Lang::Ja, "値全体：変換に失敗します（")]
    {
        let s = story(&r, lang);
        let failed = s.steps.last().unwrap();
        assert!(failed.text.starts_with(want), "{lang:?}: {}", failed.text);
    }
}

#[test]
fn a_group_of_every_other_place_says_so() {
    let elems: Vec<String> = (0..2000)
        .map(|i| {
            if i % 2 == 0 {
                format!("{{ name = \"n{i}\" }}")
            } else {
                format!("{{ name = \"n{i}\", enabled = false }}")
            }
        })
        .collect();
    let r = req("list(object({name=string, enabled=optional(bool, true)}))", &format!("[{}]", elems.join(", ")));
    let s = story(&r, Lang::En);
    let d = step(&s, "why.default_filled");
    assert_eq!(d.iter().map(|x| x.path.as_str()).collect::<Vec<_>>(), ["[0].enabled, [2].enabled, …, [1998].enabled"]);
    assert_eq!(d[0].more16.len(), 999);
    let two = story(
        &req(
            "list(object({name=string, enabled=optional(bool, true)}))",
            r#"[{ name = "a" }, { name = "b", enabled = true }, { name = "c" }]"#,
        ),
        Lang::En,
    );
    assert_eq!(step(&two, "why.default_filled")[0].path, "[0].enabled, [2].enabled");
    // A list of places is a list: 、 in Chinese and Japanese (words-4).
    for lang in [Lang::Zh, Lang::Ja] {
        let s = story(&r, lang);
        let d = step(&s, "why.default_filled");
        assert_eq!(d[0].path, "[0].enabled、[2].enabled、…、[1998].enabled", "{lang:?}");
        assert!(d[0].text.starts_with("`[0].enabled、[2].enabled、…、[1998].enabled`"), "{lang:?}: {}", d[0].text);
    }
}

#[test]
fn notes_left_out_are_counted() {
    // 14 different dropped attributes: 12 notes are told, the other 2 counted.
    let names: Vec<String> = (0..14).map(|i| format!("extra{i:02} = {i}")).collect();
    let r = req("object({name=string})", &format!("{{ name = \"x\", {} }}", names.join(", ")));
    let s = story(&r, Lang::En);
    let dropped = s.notes.iter().filter(|n| n.kind.starts_with("note.dropped")).count();
    let more: Vec<&str> = s.notes.iter().filter(|n| n.kind == "why.more").map(|n| n.text.as_str()).collect();
    assert_eq!((dropped, more), (12, vec!["… and 2 more like these."]), "{:?}", s.notes);
}

/// A default is quoted as the reader wrote it in the type (`{}`, `1e3`),
/// not as the converted value prints (`tomap({})`, `1000`); a default from
/// a default (`why.default_in_default`) too.
#[test]
fn defaults_are_quoted_as_written_in_the_type() {
    let cases = [
        ("object({ tags = optional(map(string), {}) })", "{}", "why.default_filled", "its default {} is filled in"),
        ("object({ n = optional(number, 1e3) })", "{}", "why.default_filled", "its default 1e3 is filled in"),
        (
            "object({ n = optional(number,\n    2) })",
            "{ n = null }",
            "why.default_null_replaced",
            "its default 2 replaces it",
        ),
        (
            "object({ o = optional(object({ a = optional(list(string), []) }), {}) })",
            "{}",
            "why.default_in_default",
            "`a`'s own default [] is filled in too",
        ),
    ];
    for (ty, value, kind, want) in cases {
        let s = story(&req(ty, value), Lang::En);
        let step =
            s.steps.iter().find(|x| x.kind == kind).unwrap_or_else(|| panic!("{ty}: no {kind} in {:?}", kinds(&s)));
        assert!(step.text.contains(want), "{ty}: {}", step.text);
    }
}

/// A key written twice in an object (`{ a = 1, a = 2 }`, a repeated line
/// inside a tfvars object) is among tftype's notes in every language and
/// marks the earlier item; the answer is the product's: the later wins.
#[test]
fn a_key_written_twice_is_noted_and_the_later_wins() {
    let cases = [
        ("map(number)", "{ a = 1, a = 2 }", "a = 1", "tomap({\n  \"a\" = 2\n})"),
        (
            "object({ tags = map(string) })",
            "{\n  tags = {\n    env = \"dev\"\n    env = \"prod\"\n  }\n}",
            "env = \"dev\"",
            "",
        ),
    ];
    for (ty, value, marked, console) in cases {
        let r = evaluate(&req(ty, value));
        assert!(r.ok, "{ty} {value}");
        if !console.is_empty() {
            assert_eq!(r.console.as_deref(), Some(console));
        }
        for lang in [Lang::En, Lang::Zh, Lang::Ja] {
            let s = story(&req(ty, value), lang);
            let n = s
                .notes
                .iter()
                .find(|n| n.kind == "note.duplicate_key")
                .unwrap_or_else(|| panic!("{value} {lang:?}: {:?}", s.notes));
            let [a, b] = n.value16.expect("placed");
            assert_eq!(&value[a..b], marked, "{lang:?}");
            assert!(!has_placeholder(&n.text) && n.text.contains('`'), "{}", n.text);
        }
    }
    // Objects alike in a list give one note naming their places, each
    // earlier item marked.
    let value = "[{ a = 1, a = 2 }, { a = 1, a = 2 }, { a = 3, a = 4 }]";
    let s = story(&req("list(object({ a = number }))", value), Lang::En);
    let dups: Vec<_> = s.notes.iter().filter(|n| n.kind == "note.duplicate_key").collect();
    assert_eq!(dups.len(), 1, "{dups:?}");
    assert!(dups[0].text.contains("`[0]–[2]`"), "{}", dups[0].text);
    let marked: Vec<&str> = dups[0].value16.iter().chain(&dups[0].more16).map(|[a, b]| &value[*a..*b]).collect();
    assert_eq!(marked, ["a = 1", "a = 1", "a = 3"]);
    // Thousands of them are one note naming every place, and many keys
    // are told a few at a time, the rest counted.
    let many = format!("[{}]", vec!["{ a = 1, a = 2 }"; 5000].join(", "));
    let s = story(&req("list(object({ a = number }))", &many), Lang::En);
    let dups: Vec<_> = s.notes.iter().filter(|n| n.kind == "note.duplicate_key").collect();
    assert!(dups.len() == 1 && dups[0].text.contains("`[0]–[4999]`"), "{dups:?}");
    let keys: Vec<String> = (0..40).map(|i| format!("k{i} = 1, k{i} = 2")).collect();
    let s = story(&req("map(number)", &format!("{{ {} }}", keys.join(", "))), Lang::En);
    assert_eq!(s.notes.iter().filter(|n| n.kind == "note.duplicate_key").count(), 12, "{:?}", s.notes);
    assert!(s.notes.iter().any(|n| n.kind == "why.more" && n.params["count"] == "28"), "{:?}", s.notes);
    // A value with no key written twice has no such note.
    let s = story(&req("map(number)", "{ a = 1, b = 2 }"), Lang::En);
    assert!(!s.notes.iter().any(|n| n.kind == "note.duplicate_key"), "{:?}", s.notes);
}

/// "a tuple of 1 element", not "1 elements" (English's plural rule; Chinese
/// and Japanese have one form and keep it).
#[test]
fn a_tuple_of_one_element_is_singular_in_english() {
    use tftype::types::Type;
    let one = Type::tuple(vec![Type::String]);
    let two = Type::tuple(vec![Type::String, Type::Number]);
    assert_eq!(tftype::why::describe(&one, false, Lang::En), "a tuple of 1 element: string");
    assert_eq!(tftype::why::describe(&two, false, Lang::En), "a tuple of 2 elements: string, number");
    for lang in [Lang::Zh, Lang::Ja] {
        let (a, b) = (tftype::why::describe(&one, false, lang), tftype::why::describe(&two, false, lang));
        assert!(a.contains('1') && b.contains('2') && !has_placeholder(&a), "{lang:?}: {a} / {b}");
    }
}

/// A type without an object, a set or `any` (`list(number)`) can give no
/// note, so a check need not tell its values' stories to find notes
/// (`why::may_note`): over the corpora, every story with notes is of a type
/// that may give them, and each kind of such type gives some.
#[test]
fn only_types_with_objects_sets_or_any_give_notes() {
    let p = tftype::flavor::Profile::default();
    let (mut told, mut with_notes) = (0, 0);
    for file in [
        "tests/conformance/docs.jsonl",
        "tests/conformance/gen_public.jsonl",
        "tests/conformance/upstream_tests.jsonl",
        "../web/src/confusions.json",
    ] {
        for (id, r) in cases(file) {
            let Ok(tc) = tftype::typeexpr::parse_variable_type_in(r.type_src.as_deref(), &p) else { continue };
            let s = story(&r, Lang::En);
            told += 1;
            if !s.notes.is_empty() {
                with_notes += 1;
                assert!(tftype::why::may_note(&tc.ty, &r.value), "{id}: {:?} gives notes {:?}", r.type_src, s.notes);
            }
        }
    }
    assert!(told > 1000 && with_notes > 10, "{told} stories, {with_notes} with notes");
    let may =
        |t: &str| tftype::why::may_note(&tftype::typeexpr::parse_variable_type_in(Some(t), &p).unwrap().ty, "[1, 2]");
    for (ty, want) in [
        ("list(number)", false),
        ("map(list(string))", false),
        ("tuple([bool, number])", false),
        ("object({ a = number })", true),
        ("set(string)", true),
        ("list(any)", true),
        ("any", true),
        ("tuple([number, map(set(number))])", true),
    ] {
        assert_eq!(may(ty), want, "{ty}");
    }
    // A key written twice is a note of any object constructor, whatever
    // the type: a value with braces may give notes.
    let map = tftype::typeexpr::parse_variable_type_in(Some("map(number)"), &p).unwrap().ty;
    assert!(tftype::why::may_note(&map, "{ a = 1, a = 2 }"));
    assert!(!tftype::why::may_note(&map, "[1]"));
}

/// `why::notes` (a check's notes, no steps put in words) gives the notes
/// the whole story gives, for every docs example and confusion (refused
/// values among them), in every language, and for values with each kind
/// of note.
#[test]
fn the_notes_alone_are_the_storys_notes() {
    let mut all: Vec<(String, Request)> = Vec::new();
    for file in ["tests/conformance/docs.jsonl", "../web/src/confusions.json"] {
        all.extend(cases(file));
    }
    for (ty, value) in [
        ("set(string)", r#"["b", "a", "b"]"#),
        ("object({name=string, port=optional(number, 80)})", r#"{ name = "x", prot = 8080 }"#),
        ("map(number)", "{ a = 1, a = 2 }"),
        ("list(any)", r#"[1, "a", true]"#),
        ("list(object({a = optional(string, \"d\")}))", "[{ a = null }, { a = null }, {}]"),
        ("number", r#""x""#),
    ] {
        all.push((format!("{ty} {value}"), req(ty, value)));
    }
    let mut with_notes = 0;
    for (id, r) in &all {
        for lang in Lang::ALL {
            let want = story(r, lang).notes;
            with_notes += usize::from(!want.is_empty());
            assert_eq!(tftype::why::notes(r, lang), want, "{id} {lang:?}");
        }
    }
    assert!(with_notes >= 3 * 6, "{with_notes}");
}
