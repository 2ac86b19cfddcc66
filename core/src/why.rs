//! The "Why" story: what Terraform did with this value for this type, step
//! by step, in words a learner follows (from the message catalogs,
//! [`crate::i18n`]), each step with the part of the value and of the type it
//! is about; and tftype's notes on silent surprises (an attribute dropped
//! without a word, numbers turned into strings, sets that merge
//! duplicates, ...), shown even when the value is accepted.
//!
//! The story is structured (a kind, a path, parameters, ranges) and rendered
//! here, so that the page and `tftype explain` tell the same one. Repeated
//! steps are grouped (`[0]–[19999]`), so a large value gives a short story.

use std::collections::{BTreeMap, HashMap};

use crate::convert;
use crate::defaults::Defaults;
use crate::diag::{SpanTree, Utf16Map};
use crate::flavor::Flavor;
use crate::i18n::{self, Lang};
use crate::path::{format_path, Path, PathStep};
use crate::pipeline::{self, Request, Response, Stage};
use crate::typeexpr::{self, TypeConstraint};
use crate::types::Type;
use crate::value::{AttrMap, Kind, Value};
use crate::valueparse;

pub use crate::story::{Step, Story, Verbatim};

/// How many conversion steps are looked at; when a value has more, the
/// story says so (`why.convert_cut`).
const CONVERT_STEPS: usize = 100_000;
/// How many members of a group carry their place in the value (for shading).
const MEMBER_RANGES: usize = 1000;
/// How many groups of one kind are told; the rest are counted.
const GROUPS_SHOWN: usize = 12;
/// Values and types in the text are cut to this many characters.
const SHORT: usize = 60;

/// The story of `req` (the request's flavor, current Terraform by default).
pub fn story(req: &Request, lang: Lang) -> Story {
    let name = req.flavor.as_deref().unwrap_or(crate::flavor::DEFAULT);
    let flavor = Flavor::lookup(name).unwrap_or_else(Flavor::default_flavor);
    let p = flavor.profile();
    let plain = Request { lang: None, ..req.clone() };
    let answer = pipeline::answer_in(&plain, &p);
    story_for(&plain, lang, &p, &answer)
}

/// The notes of [`story`] alone: the steps are not put in words (a check
/// asks the notes of thousands of values, and prints none of their steps).
#[cfg(not(target_arch = "wasm32"))]
pub fn notes(req: &Request, lang: Lang) -> Vec<Step> {
    let name = req.flavor.as_deref().unwrap_or(crate::flavor::DEFAULT);
    let flavor = Flavor::lookup(name).unwrap_or_else(Flavor::default_flavor);
    let p = flavor.profile();
    let plain = Request { lang: None, ..req.clone() };
    let answer = pipeline::answer_in(&plain, &p);
    tell(&plain, lang, &p, &answer, false).notes
}

/// Whether a value written as `value` for a variable of type `ty` can have
/// notes at all: every note comes from an object type (attributes dropped, a
/// null replaced by a default), a set type (duplicates merged, order not
/// kept), `any` (one element type chosen), or a key written twice in an
/// object constructor, which needs a `{` in the text. A type without any of
/// them (`list(number)`, `map(string)`) given a value without braces has
/// none, so its story need not be told to find them.
pub fn may_note(ty: &Type, value: &str) -> bool {
    type_may_note(ty) || value.contains('{')
}

/// Whether a value of type `ty` can have notes other than a key written
/// twice: attributes dropped or defaulted (objects), elements merged or
/// reordered (sets), one element type chosen (`any`).
pub fn type_may_note(ty: &Type) -> bool {
    match ty {
        Type::Object(_) | Type::Set(_) | Type::Dynamic => true,
        Type::Bool | Type::Number | Type::String => false,
        Type::List(e) | Type::Map(e) => type_may_note(e),
        Type::Tuple(ts) => ts.iter().any(type_may_note),
    }
}

/// The story of `req`, whose answer under profile `p` is `answer`.
pub fn story_for(req: &Request, lang: Lang, p: &crate::flavor::Profile, answer: &Response) -> Story {
    tell(req, lang, p, answer, true)
}

/// [`story_for`], its steps put in words only if `steps` (its notes always).
fn tell(req: &Request, lang: Lang, p: &crate::flavor::Profile, answer: &Response, steps: bool) -> Story {
    let mut w = Writer::new(req, lang, p.product_name());
    w.tell_steps = steps;

    let tc = match typeexpr::parse_variable_type_in(req.type_src.as_deref(), p) {
        Ok(tc) => tc,
        Err(_) => {
            w.failed(answer);
            return w.finish(answer);
        }
    };
    let pv = match valueparse::parse_value_spans(&req.value, req.value_format, tc.cli_literal, true, p) {
        Ok(pv) => pv,
        Err(_) => {
            w.failed(answer);
            return w.finish(answer);
        }
    };
    w.spans = pv.spans.clone();
    w.tc = Some(tc.clone());
    let given = &pv.value;

    // 1. What the value is.
    if !w.steps_left_out() {
        let desc = describe(&given.ty, given.is_null(), lang);
        w.step("why.value_is", &[], &[("desc", desc)]);
    }
    if req.type_src.as_deref().is_none_or(|t| t.trim().is_empty()) {
        w.step("why.no_type", &[], &[]);
    }
    if req.value_format == valueparse::ValueFormat::Cli && tc.cli_literal {
        w.step("why.cli_literal", &[], &[]);
    }

    // 2. Defaults (and optional attributes left null).
    let with_defaults = pipeline::with_defaults(given, &tc, p);
    let mut ev = Events::default();
    defaults(
        given,
        &with_defaults,
        &tc.ty,
        tc.defaults.as_ref(),
        req.type_src.as_deref().unwrap_or(""),
        false,
        &mut Vec::new(),
        &mut ev,
    );
    w.events(ev);

    // 3. One element type for `any` inside collections.
    let mut ev = Events::default();
    unification(given, &tc.ty, lang, &mut Vec::new(), &mut ev);
    w.events(ev);

    // 4. The conversions that changed something.
    let top = convert::plan_convert(&with_defaults.ty, &tc.ty);
    let mut ev = Events::default();
    let explained = convert::explain_planned(&with_defaults, &tc.ty, &top, CONVERT_STEPS, p);
    let cut = explained.len() >= CONVERT_STEPS;
    // The rule's words, once per rule (a large value repeats a few).
    let mut rules: HashMap<(String, String, String), String> = HashMap::new();
    for s in explained {
        if s.from == s.to || matches!(s.key.as_str(), "rule.passthrough" | "rule.unchanged" | "rule.null") {
            continue;
        }
        let rule = rules
            .entry((s.key, s.ety, s.message))
            .or_insert_with_key(|(key, ety, message)| i18n::fill(lang, key, &[("type", ety), ("message", message)]))
            .clone();
        ev.push("why.converted", parse_path(&s.path), vec![("from", s.from), ("to", s.to), ("rule", rule)]);
    }
    w.events(ev);
    if cut {
        w.step("why.convert_cut", &[], &[("count", thousands(CONVERT_STEPS))]);
    }

    // 5. What was dropped.
    let mut ev = Events::default();
    dropped(given, &tc.ty, &mut Vec::new(), &mut ev);
    let warns = req.value_format == valueparse::ValueFormat::Hcl
        && p.warns_ignored_object_attributes()
        && !answer.warnings.is_empty();
    // The notes, grouped like the steps (one per place a name is dropped,
    // `[0]–[19999]` for a list of objects); `{at}` is the object's place.
    let mut notes = Events::default();
    for e in ev.items.iter().filter(|_| !warns) {
        let suggestion = e.arg("suggestion");
        let key = match (suggestion.is_empty(), e.path.len() <= 1) {
            (true, false) => "note.dropped",
            (false, false) => "note.dropped_suggest",
            (true, true) => "note.dropped_top",
            (false, true) => "note.dropped_suggest_top",
        };
        notes.push(
            key,
            e.path.clone(),
            vec![("attr", e.arg("attr").to_string()), ("suggestion", suggestion.to_string())],
        );
    }
    w.events(notes);
    w.events(ev);
    // A key written twice in an object: the later wins, as in the product,
    // and the earlier value is gone without a word. Marked at the earlier item.
    let hcl_source = matches!(req.value_format, valueparse::ValueFormat::Hcl | valueparse::ValueFormat::Tfvars)
        || (req.value_format == valueparse::ValueFormat::Cli && !tc.cli_literal);
    if hcl_source {
        // One note per key and place alike (`[0]–[4999]`), as the other
        // notes are grouped, each member's earlier item marked.
        let mut groups: Vec<(String, String, Vec<Path>, Vec<std::ops::Range<usize>>)> = Vec::new();
        let mut open: HashMap<(String, String), usize> = HashMap::new();
        // Keys are written twice only in an object constructor, which has a
        // brace (natively: the page's code stays small).
        let dups = if cfg!(target_arch = "wasm32") || req.value.contains('{') {
            crate::lint::duplicate_keys(&req.value, p)
        } else {
            Vec::new()
        };
        for d in dups {
            let key = (pattern(&d.path).0, d.name.clone());
            let i = *open.entry(key.clone()).or_insert_with(|| {
                groups.push((key.0, key.1, Vec::new(), Vec::new()));
                groups.len() - 1
            });
            if groups[i].2.last() != Some(&d.path) {
                groups[i].2.push(d.path);
            }
            groups[i].3.push(d.earlier);
        }
        // As for the other notes: the first groups told, the rest counted.
        let left: usize = groups.iter().skip(GROUPS_SHOWN).map(|g| g.3.len()).sum();
        for (_, name, places, earlier) in groups.into_iter().take(GROUPS_SHOWN) {
            let at_text = if places.len() == 1 { format_path(&places[0]) } else { group_text(&places, lang) };
            let mut at = places[0].clone();
            at.push(PathStep::GetAttr(name.clone()));
            let mut s = w.make("note.duplicate_key", format_path(&at), &at_text, &at, &[("key", name)]);
            let mut ranges = earlier.iter().map(|r| w.vmap.range(r)).map(|r| [r.start, r.end]);
            s.value16 = ranges.next();
            s.more16 = ranges.take(MEMBER_RANGES).collect();
            w.push_note(s);
        }
        if left > 0 {
            let more = if left == 1 { "why.more_one" } else { "why.more" };
            let s = w.make(
                more,
                String::new(),
                "",
                &[],
                &[("count", thousands(left)), ("of", "note.duplicate_key".to_string())],
            );
            w.notes.push(s);
        }
    }

    // 6. Null, nullable, sensitive.
    if let Some(c) = answer_null(answer, given) {
        w.step(if c { "why.null_nullable" } else { "why.null_rejected" }, &[], &[]);
    }
    if answer.ok && req.sensitive {
        w.step("why.sensitive_var", &[], &[]);
    } else if !answer.sensitive_paths.is_empty() {
        let paths: Vec<String> = answer.sensitive_paths.iter().map(|s| w.path_words(s)).collect();
        w.step("why.sensitive_parts", &[], &[("paths", i18n::join(lang, &paths))]);
    }

    // Notes that need the result.
    if answer.ok {
        if let Ok(converted) = convert::convert(&with_defaults, &tc.ty, p) {
            let mut ev = Events::default();
            set_notes(given, &converted, &mut Vec::new(), &mut ev);
            w.events(ev);
        }
    }

    // 7. The result, or the step that failed.
    if answer.ok {
        w.step("why.result", &[], &[("type", answer.type_string.clone().unwrap_or_default())]);
    } else {
        w.failed(answer);
    }
    w.finish(answer)
}

/// Closes a story whose value converts but is then rejected (a validation
/// rule of a module fails): its last step says the value converts and its
/// type, never that it is accepted (`why.result_converts`).
pub fn close_as_converted(s: &mut Story) {
    if let Some(last) = s.steps.last_mut().filter(|st| st.kind == "why.result") {
        let ty = last.params.get("type").cloned().unwrap_or_default();
        last.kind = "why.result_converts".to_string();
        last.text = i18n::fill(s.lang, "why.result_converts", &[("type", &ty)]);
    }
}

fn answer_null(answer: &Response, given: &Value) -> Option<bool> {
    if !given.is_null() {
        return None;
    }
    match answer.stage {
        None => Some(true),
        Some(Stage::Null) => Some(false),
        _ => None,
    }
}

/// A type in words: "a tuple of 3 elements: string, number, bool".
pub fn describe(ty: &Type, null: bool, lang: Lang) -> String {
    if null {
        return i18n::text(lang, "type.null").to_string();
    }
    let short = |t: &Type| t.type_string_short(SHORT);
    // The first few parts, and how many more (a tuple of 20,000 elements is
    // not described element by element).
    const SHOWN: usize = 6;
    let list = |total: usize, items: Vec<String>| {
        if total > SHOWN {
            let rest = thousands(total - SHOWN);
            i18n::fill(
                lang,
                "type.more",
                &[("shown", &i18n::join(lang, &items[..SHOWN.min(items.len())])), ("rest", &rest)],
            )
        } else {
            i18n::join(lang, &items)
        }
    };
    match ty {
        Type::String => i18n::text(lang, "type.string").into(),
        Type::Number => i18n::text(lang, "type.number").into(),
        Type::Bool => i18n::text(lang, "type.bool").into(),
        Type::Dynamic => i18n::text(lang, "type.any").into(),
        Type::Tuple(ts) if ts.is_empty() => i18n::text(lang, "type.tuple_empty").into(),
        Type::Tuple(ts) => {
            let n = thousands(ts.len());
            // English says "1 element"; Chinese and Japanese have one form.
            let key = if ts.len() == 1 { "type.tuple_one" } else { "type.tuple" };
            i18n::fill(
                lang,
                key,
                &[("count", &n), ("elements", &list(ts.len(), ts.iter().take(SHOWN).map(short).collect()))],
            )
        }
        Type::Object(o) if o.attrs.is_empty() => i18n::text(lang, "type.object_empty").into(),
        Type::Object(o) => i18n::fill(
            lang,
            "type.object",
            &[("names", &list(o.attrs.len(), o.attrs.keys().take(SHOWN).map(|k| format!("`{k}`")).collect()))],
        ),
        Type::List(e) => i18n::fill(lang, "type.list", &[("element", &short(e))]),
        Type::Set(e) => i18n::fill(lang, "type.set", &[("element", &short(e))]),
        Type::Map(e) => i18n::fill(lang, "type.map", &[("element", &short(e))]),
    }
}

/// A short console rendering of a value (a default's value, say).
fn short_value(v: &Value) -> String {
    short_text(&crate::render::console(v))
}

/// A text on one line (its runs of white space one space), cut past
/// [`SHORT`] characters.
fn short_text(s: &str) -> String {
    let s: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > SHORT {
        format!("{}…", s.chars().take(SHORT).collect::<String>())
    } else {
        s
    }
}

/// The parts of `v` a conversion to `ty` visits, with their types.
fn children<'v>(v: &'v Value, ty: &Type) -> Vec<(PathStep, &'v Value, Type)> {
    if v.is_null() || !v.is_known() {
        return Vec::new();
    }
    match (&v.kind, ty) {
        (Kind::Seq(es), Type::List(e) | Type::Set(e)) => {
            es.iter().enumerate().map(|(i, x)| (index(i), x, (**e).clone())).collect()
        }
        (Kind::Seq(es), Type::Tuple(ts)) => {
            es.iter().zip(ts.iter()).enumerate().map(|(i, (x, t))| (index(i), x, t.clone())).collect()
        }
        (Kind::Seq(es), Type::Dynamic) => es.iter().enumerate().map(|(i, x)| (index(i), x, Type::Dynamic)).collect(),
        (Kind::Attrs(a), Type::Map(e)) => {
            a.iter().map(|(k, x)| (PathStep::Key(k.to_string()), x, (**e).clone())).collect()
        }
        (Kind::Attrs(a), Type::Object(o)) => a
            .iter()
            .filter_map(|(k, x)| o.attrs.get(&**k).map(|t| (PathStep::GetAttr(k.to_string()), x, t.clone())))
            .collect(),
        (Kind::Attrs(a), Type::Dynamic) => {
            let obj = v.ty.is_object();
            a.iter()
                .map(|(k, x)| {
                    (
                        if obj { PathStep::GetAttr(k.to_string()) } else { PathStep::Key(k.to_string()) },
                        x,
                        Type::Dynamic,
                    )
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

fn index(i: usize) -> PathStep {
    PathStep::Index(crate::number::Number::from_i64(i as i64))
}

/// What hcl's `Defaults.Apply` did, step by step: each default written in
/// the type that was filled in (for a missing attribute or one given null),
/// then the defaults applied inside that default (`inside`: the value walked
/// is a written default); and optional attributes left null.
///
/// A default is quoted as written in the type (`{}`, not the converted
/// `tomap({})`) when its source is at hand (`src`, the type's text).
#[allow(clippy::too_many_arguments)]
fn defaults(
    given: &Value,
    filled: &Value,
    ty: &Type,
    defs: Option<&Defaults>,
    src: &str,
    inside: bool,
    path: &mut Path,
    ev: &mut Events,
) {
    if let (Type::Object(o), Some(g)) = (ty, given.attrs().filter(|_| !given.is_null())) {
        let f = filled.attrs();
        for (name, aty) in &o.attrs {
            let gv = g.get(name).filter(|v| !inside || !v.is_null());
            let fv = f.and_then(|f| f.get(name));
            let written = defs.and_then(|d| d.values.get(name));
            let inner = defs.and_then(|d| d.children.get(name));
            path.push(PathStep::GetAttr(name.clone()));
            match (gv, fv, written) {
                (gv, Some(fv), Some(written)) if gv.is_none_or(Value::is_null) && !fv.is_null() => {
                    let quoted = defs
                        .and_then(|d| d.written.iter().find(|(n, _)| n == name))
                        .and_then(|(_, r)| src.get(r.clone()))
                        .map(short_text);
                    let args = vec![
                        ("attr", name.clone()),
                        ("value", quoted.unwrap_or_else(|| short_value(&as_written(written, aty)))),
                    ];
                    if inside {
                        ev.push("why.default_in_default", path.clone(), args);
                    } else if gv.is_none() {
                        ev.push("why.default_filled", path.clone(), args);
                    } else {
                        ev.push("why.default_null_replaced", path.clone(), args.clone());
                        ev.push("note.null_default", path.clone(), args);
                    }
                    // Then the defaults inside the one written.
                    defaults(written, fv, aty, inner, src, true, path, ev);
                }
                (None, _, _) if o.optional.contains(name) && !inside => {
                    ev.push("why.optional_null", path.clone(), vec![("attr", name.clone())])
                }
                (Some(gv), Some(fv), _) => defaults(gv, fv, aty, inner, src, inside, path, ev),
                _ => {}
            }
            path.pop();
        }
        return;
    }
    // Defaults keep a value's shape: the parts pair up in order (looked up
    // by key only where they do not, so a long list stays linear).
    let fk = children(filled, ty);
    for (i, (step, g, t)) in children(given, ty).into_iter().enumerate() {
        let f = match fk.get(i) {
            Some((s, f, _)) if *s == step => Some(*f),
            _ => fk.iter().find(|(s, _, _)| *s == step).map(|(_, f, _)| *f),
        };
        // hcl's `Defaults` of an element: a tuple's by index, a collection's by "".
        let key = if ty.is_tuple() { i.to_string() } else { String::new() };
        if let Some(f) = f {
            path.push(step);
            defaults(g, f, &t, defs.and_then(|d| d.children.get(&key)), src, inside, path, ev);
            path.pop();
        }
    }
}

/// A default as written: converted to its attribute's type, which gives
/// the optional attributes it does not name a null; those are left out
/// again (`{}`, not `{ "b" = null }`).
fn as_written(v: &Value, ty: &Type) -> Value {
    match (ty, &v.kind) {
        (Type::Object(o), Kind::Attrs(a)) if !v.is_null() => {
            let mut out = AttrMap::new();
            for (k, x) in a.iter() {
                let t = o.attrs.get(&**k).unwrap_or(&Type::Dynamic);
                if !(x.is_null() && o.optional.contains(&**k)) {
                    out.insert(k.clone(), as_written(x, t));
                }
            }
            Value::object(out)
        }
        (Type::List(t) | Type::Set(t), Kind::Seq(es)) if !v.is_null() => {
            let es = es.iter().map(|x| as_written(x, t)).collect();
            if ty.is_list() {
                Value::list((**t).clone(), es)
            } else {
                Value::set((**t).clone(), es)
            }
        }
        (Type::Map(t), Kind::Attrs(a)) if !v.is_null() => {
            let mut out = AttrMap::new();
            for (k, x) in a.iter() {
                out.insert(k.clone(), as_written(x, t));
            }
            Value::map((**t).clone(), out)
        }
        _ => v.clone(),
    }
}

/// `list(any)`, `set(any)`, `map(any)`: the one element type chosen for
/// the elements written, or the element that cannot join the others.
fn unification(given: &Value, ty: &Type, lang: Lang, path: &mut Path, ev: &mut Events) {
    let elem_any = matches!(ty, Type::List(e) | Type::Set(e) | Type::Map(e) if e.has_dynamic_types());
    let structural = matches!(given.ty, Type::Tuple(_) | Type::Object(_));
    if elem_any && structural && !given.is_null() {
        let types: Vec<Type> = children(given, &Type::Dynamic).iter().map(|(_, v, _)| v.ty.clone()).collect();
        let mut found: Vec<String> = Vec::new();
        for t in &types {
            let s = t.type_string_short(SHORT);
            if !found.contains(&s) {
                found.push(s);
            }
        }
        if found.len() > 1 {
            let kind = ty.type_string_short(SHORT);
            match crate::convert::unify::unify(&types, false) {
                Some(chosen) => {
                    let stringified: Vec<&str> = ["number", "bool"]
                        .into_iter()
                        .filter(|k| chosen == Type::String && found.iter().any(|f| f == k))
                        .collect();
                    let key = if stringified.is_empty() { "why.unify_ok" } else { "why.unify_string" };
                    ev.push(
                        key,
                        path.clone(),
                        vec![
                            ("found", i18n::join(lang, &found)),
                            ("chosen", chosen.type_string_short(SHORT)),
                            ("type", kind.clone()),
                        ],
                    );
                    if !stringified.is_empty() {
                        ev.push("note.stringified", path.clone(), vec![("kinds", i18n::join(lang, &stringified))]);
                    }
                    ev.push(
                        "note.any_one_type",
                        path.clone(),
                        vec![("type", kind), ("found", i18n::join(lang, &found))],
                    );
                }
                None => {
                    let breaker = (1..types.len())
                        .find(|&i| crate::convert::unify::unify(&types[..=i], false).is_none())
                        .unwrap_or(types.len() - 1);
                    let others: Vec<String> =
                        types[..breaker].iter().map(|t| t.type_string_short(SHORT)).fold(Vec::new(), |mut acc, s| {
                            if !acc.contains(&s) {
                                acc.push(s);
                            }
                            acc
                        });
                    let (step, _, _) = children(given, &Type::Dynamic).swap_remove(breaker);
                    let mut at = path.clone();
                    at.push(step);
                    ev.push(
                        "why.unify_failed",
                        at,
                        vec![
                            ("elem", types[breaker].type_string_short(SHORT)),
                            ("others", i18n::join(lang, &others)),
                            ("type", kind),
                        ],
                    );
                }
            }
        }
    }
    for (step, v, t) in children(given, ty) {
        path.push(step);
        unification(v, &t, lang, path, ev);
        path.pop();
    }
}

/// Attributes the type does not have: dropped by conversion.
fn dropped(given: &Value, ty: &Type, path: &mut Path, ev: &mut Events) {
    if let (Type::Object(o), Some(a)) = (ty, given.attrs().filter(|_| !given.is_null())) {
        let missing: Vec<&str> = o.attrs.keys().filter(|k| !a.contains_key(k)).map(String::as_str).collect();
        for (k, _) in a.iter() {
            if !o.attrs.contains_key(&**k) {
                let suggestion = crate::hcl::parse::name_suggestion(k, &missing).unwrap_or("").to_string();
                path.push(PathStep::GetAttr(k.to_string()));
                ev.push("why.dropped", path.clone(), vec![("attr", k.to_string()), ("suggestion", suggestion)]);
                path.pop();
            }
        }
    }
    for (step, v, t) in children(given, ty) {
        path.push(step);
        dropped(v, &t, path, ev);
        path.pop();
    }
}

/// Sets: written duplicates merged, written order not kept.
fn set_notes(given: &Value, converted: &Value, path: &mut Path, ev: &mut Events) {
    if converted.ty.is_set() && matches!(given.ty, Type::Tuple(_) | Type::List(_)) && !given.is_null() {
        if let (Some(g), Some(c)) = (given.elements(), converted.elements()) {
            let merged = g.len() - c.len().min(g.len());
            if merged > 0 {
                let key = if merged == 1 { "note.set_merged_one" } else { "note.set_merged" };
                ev.push(key, path.clone(), vec![("count", thousands(merged))]);
            }
            // The written order (each value where it first appears) against the set's.
            let mut seen = std::collections::HashSet::new();
            let written: Vec<String> =
                g.iter().map(crate::render::console).filter(|x| seen.insert(x.clone())).collect();
            if c.len() > 1 && c.iter().map(crate::render::console).ne(written) {
                ev.push("note.set_reordered", path.clone(), Vec::new());
            }
        }
        return;
    }
    for (step, v, _) in children(converted, &Type::Dynamic) {
        let g = match (&step, &given.kind) {
            (PathStep::Index(n), Kind::Seq(es)) => n.to_i64().and_then(|i| es.get(i as usize)),
            (PathStep::GetAttr(k) | PathStep::Key(k), Kind::Attrs(a)) => a.get(k),
            _ => None,
        };
        if let Some(g) = g {
            path.push(step);
            set_notes(g, v, path, ev);
            path.pop();
        }
    }
}

/// "[3].name" back to a path (for conversion steps, which carry text).
fn parse_path(s: &str) -> Path {
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            out.push(PathStep::GetAttr(r[..end].to_string()));
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix('[') {
            if let Some(r2) = r.strip_prefix('"') {
                // A map key: "...", with Go's escapes.
                let mut end = 0;
                let b = r2.as_bytes();
                while end < b.len() && b[end] != b'"' {
                    end += if b[end] == b'\\' { 2 } else { 1 };
                }
                let key = serde_json::from_slice::<String>(format!("\"{}\"", &r2[..end.min(r2.len())]).as_bytes())
                    .unwrap_or_default();
                out.push(PathStep::Key(key));
                rest = r2.get(end + 2..).unwrap_or("");
            } else {
                let end = r.find(']').unwrap_or(r.len());
                out.push(PathStep::Index(
                    crate::number::Number::parse_literal(&r[..end])
                        .unwrap_or_else(|_| crate::number::Number::from_i64(0)),
                ));
                rest = r.get(end + 1..).unwrap_or("");
            }
        } else {
            break;
        }
    }
    out
}

/// Events of one kind of step, grouped by what they say and where (the
/// indexes of a path stand for one another).
#[derive(Default)]
struct Events {
    items: Vec<Event>,
}

struct Event {
    kind: &'static str,
    path: Path,
    args: Vec<(&'static str, String)>,
}

impl Event {
    fn arg(&self, name: &str) -> &str {
        self.args.iter().find(|(k, _)| *k == name).map_or("", |(_, v)| v.as_str())
    }
}

impl Events {
    fn push(&mut self, kind: &'static str, path: Path, args: Vec<(&'static str, String)>) {
        self.items.push(Event { kind, path, args });
    }
}

/// The path of what holds the part at `path` (the whole value's is empty).
fn parent(path: &[PathStep]) -> &[PathStep] {
    &path[..path.len().saturating_sub(1)]
}

/// A path with its indexes replaced, and the indexes.
fn pattern(path: &Path) -> (String, Vec<i64>) {
    let mut s = String::new();
    let mut idx = Vec::new();
    for step in path {
        match step {
            PathStep::Index(n) => {
                s.push_str("[#]");
                idx.push(n.to_i64().unwrap_or(0));
            }
            other => s.push_str(&format_path(std::slice::from_ref(other))),
        }
    }
    (s, idx)
}

/// Events alike at places evenly spaced (see [`Writer::events`]).
struct Group {
    kind: &'static str,
    args: Vec<(&'static str, String)>,
    paths: Vec<Path>,
    /// The indexes of the last place.
    last: Vec<i64>,
    /// The position of the index that counts up, and by how much.
    step: Option<(usize, i64)>,
}

impl Group {
    /// Takes the place if its indexes are the last one's with one of them
    /// higher, always the same one by the same amount.
    fn extend(&mut self, path: &Path, idx: &[i64]) -> bool {
        let differ: Vec<usize> = (0..idx.len()).filter(|&k| idx[k] != self.last[k]).collect();
        let [k] = differ.as_slice() else { return false };
        let by = idx[*k] - self.last[*k];
        if by <= 0 || self.step.is_some_and(|s| s != (*k, by)) {
            return false;
        }
        self.step = Some((*k, by));
        self.last = idx.to_vec();
        self.paths.push(path.clone());
        true
    }

    /// A group of two places apart (`[0], [2]`) gives up its second when the
    /// next place follows it (`[3]`), which then starts a group with it.
    fn give_up_second_for(&mut self, idx: &[i64]) -> Option<Path> {
        let (k, by) = self.step?;
        let follows =
            idx.len() == self.last.len() && (0..idx.len()).all(|j| idx[j] == self.last[j] + i64::from(j == k));
        if self.paths.len() != 2 || by == 1 || !follows {
            return None;
        }
        let second = self.paths.pop()?;
        self.last = pattern(&self.paths[0]).1;
        self.step = None;
        Some(second)
    }
}

struct Writer<'r> {
    lang: Lang,
    product: &'static str,
    spans: SpanTree,
    tc: Option<TypeConstraint>,
    vmap: Utf16Map<'r>,
    tmap: Utf16Map<'r>,
    steps: Vec<Step>,
    notes: Vec<Step>,
    /// The notes' texts, so that each is told once.
    note_texts: std::collections::HashSet<String>,
    /// Whether steps are put in words (else only notes are).
    tell_steps: bool,
}

impl<'r> Writer<'r> {
    fn new(req: &'r Request, lang: Lang, product: &'static str) -> Writer<'r> {
        Writer {
            lang,
            product,
            spans: SpanTree::default(),
            tc: None,
            vmap: Utf16Map::new(&req.value),
            tmap: Utf16Map::new(req.type_src.as_deref().unwrap_or("")),
            steps: Vec::new(),
            notes: Vec::new(),
            note_texts: std::collections::HashSet::new(),
            tell_steps: true,
        }
    }

    /// "[0].name", or "the whole value".
    fn path_words(&self, p: &str) -> String {
        if p.is_empty() {
            i18n::text(self.lang, "why.whole").to_string()
        } else {
            format!("`{p}`")
        }
    }

    /// [`Self::path_words`] at the start of a sentence.
    fn path_lead(&self, p: &str) -> String {
        if p.is_empty() {
            i18n::text(self.lang, "why.whole_lead").to_string()
        } else {
            format!("`{p}`")
        }
    }

    fn ranges(&self, path: &[PathStep]) -> (Option<[usize; 2]>, Option<[usize; 2]>) {
        let value = (self.spans != SpanTree::default()).then(|| {
            let r = self.vmap.range(&pipeline::span_at(&self.spans, path).range);
            [r.start, r.end]
        });
        let ty = self.tc.as_ref().and_then(|tc| pipeline::type_span_at(tc, path)).map(|r| {
            let r = self.tmap.range(&r);
            [r.start, r.end]
        });
        (value, ty)
    }

    /// `parent_text`: the place of what holds the part (`{at}`).
    fn make(
        &self,
        key: &str,
        path_text: String,
        parent_text: &str,
        path: &[PathStep],
        args: &[(&str, String)],
    ) -> Step {
        let mut all: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let at = self.path_words(parent_text);
        all.push(("at", &at));
        let words = self.path_words(&path_text);
        let lead = self.path_lead(&path_text);
        all.push(("path", &words));
        all.push(("paths", &lead));
        all.push(("product", self.product));
        let text = i18n::fill(self.lang, key, &all);
        let (value16, type16) = self.ranges(path);
        Step {
            kind: key.to_string(),
            path: path_text,
            params: crate::sort::map(args.iter().map(|(k, v)| (k.to_string(), v.clone()))),
            text,
            value16,
            type16,
            more16: Vec::new(),
            doc: doc_link(key, self.product, self.lang),
        }
    }

    /// Whether the steps are not put in words (native only: the page tells
    /// whole stories, and its code stays as small as it was).
    #[inline]
    fn steps_left_out(&self) -> bool {
        cfg!(not(target_arch = "wasm32")) && !self.tell_steps
    }

    fn step(&mut self, key: &str, path: &[PathStep], args: &[(&str, String)]) {
        if self.steps_left_out() {
            return;
        }
        let s = self.make(key, format_path(path), &format_path(parent(path)), path, args);
        self.steps.push(s);
    }

    /// A note, once (the same words from two places are one note).
    fn push_note(&mut self, s: Step) {
        if self.note_texts.insert(s.text.clone()) {
            self.notes.push(s);
        }
    }

    /// Events as steps (and notes), grouped: events that say the same at
    /// places alike but for one index form a group while that index counts
    /// up evenly (`[0]–[19999].enabled`, `[0].enabled, [2].enabled, …`),
    /// so a group names every place it holds and no other.
    fn events(&mut self, ev: Events) {
        let mut groups: Vec<Group> = Vec::new();
        // (kind, args, pattern) -> the group that may still grow.
        type Key = (&'static str, Vec<(&'static str, String)>, String);
        let mut open: HashMap<Key, usize> = HashMap::new();
        for e in ev.items {
            let (pat, idx) = pattern(&e.path);
            let key = (e.kind, e.args, pat);
            let mut start = vec![e.path];
            if let Some(&i) = open.get(&key) {
                if groups[i].extend(&start[0], &idx) {
                    continue;
                }
                // `[0], [2]` then `[3]`: `[2]–[3]` is the better group.
                if let Some(second) = groups[i].give_up_second_for(&idx) {
                    start.insert(0, second);
                }
            }
            let mut g = Group { kind: e.kind, args: key.1.clone(), paths: Vec::new(), last: Vec::new(), step: None };
            for p in start {
                let (_, at) = pattern(&p);
                if g.paths.is_empty() {
                    g.paths.push(p);
                    g.last = at;
                } else {
                    g.extend(&p, &at);
                }
            }
            groups.push(g);
            open.insert(key, groups.len() - 1);
        }
        let mut per_kind: BTreeMap<&str, usize> = BTreeMap::new();
        let mut left: BTreeMap<&str, usize> = BTreeMap::new();
        for g in groups {
            let n = per_kind.entry(g.kind).or_default();
            *n += 1;
            if *n > GROUPS_SHOWN {
                *left.entry(g.kind).or_default() += g.paths.len();
                continue;
            }
            if self.steps_left_out() && !g.kind.starts_with("note.") {
                continue;
            }
            let first = &g.paths[0];
            let (text, parent_text) = if g.paths.len() == 1 {
                (format_path(first), format_path(parent(first)))
            } else {
                let parents: Vec<Path> = g.paths.iter().map(|p| parent(p).to_vec()).collect();
                (group_text(&g.paths, self.lang), group_text(&parents, self.lang))
            };
            let mut s = self.make(g.kind, text, &parent_text, first, &g.args);
            s.more16 = g.paths[1..].iter().take(MEMBER_RANGES).filter_map(|p| self.ranges(p).0).collect();
            if g.kind.starts_with("note.") {
                self.push_note(s);
            } else {
                self.steps.push(s);
            }
        }
        // What is not told is counted, for notes as for steps.
        for (kind, n) in left {
            let more = if n == 1 { "why.more_one" } else { "why.more" };
            if kind.starts_with("note.") {
                let s = self.make(more, String::new(), "", &[], &[("count", thousands(n)), ("of", kind.to_string())]);
                self.notes.push(s);
            } else {
                self.step(more, &[], &[("count", thousands(n))]);
            }
        }
    }

    /// The step that failed, in words, with the product's message verbatim.
    fn failed(&mut self, answer: &Response) {
        if self.steps_left_out() {
            return;
        }
        let stage = answer
            .stage
            .map(|s| serde_json::to_value(s).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default())
            .unwrap_or_default();
        let key = format!("why.failed.{stage}");
        let path = answer.path.clone().unwrap_or_default();
        let p = parse_path(&path);
        let message = answer.error.clone().unwrap_or_default();
        let mut s = self.make(&key, path.clone(), &format_path(parent(&p)), &p, &[("message", message)]);
        // A conversion error is placed where it happened, in both sources.
        if let Some(d) = answer.diagnostics.iter().find(|d| d.source == crate::diag::Source::Value) {
            if let (Some(a), Some(b)) = (d.start16, d.end16) {
                s.value16 = Some([a, b]);
            }
        }
        if let Some(d) = answer.diagnostics.iter().find(|d| d.source == crate::diag::Source::Type) {
            if let (Some(a), Some(b)) = (d.start16, d.end16) {
                s.type16 = Some([a, b]);
            }
        }
        self.steps.push(s);
    }

    fn finish(self, answer: &Response) -> Story {
        Story {
            lang: self.lang,
            ok: answer.ok,
            steps: self.steps,
            notes: self.notes,
            verbatim: (!answer.ok).then(|| Verbatim {
                summary: answer.summary.clone().unwrap_or_default(),
                detail: answer.detail.clone().unwrap_or_default(),
            }),
        }
    }
}

/// The documentation section for a step or note of kind `key`: Terraform's
/// (English only) or OpenTofu's, whose pages exist in Chinese
/// (opentofu.org.cn) and Japanese (opentofu.dokyumento.jp) too. Sections
/// are linked by their English anchors; translated pages are linked whole.
pub fn doc_link(key: &str, product: &str, lang: Lang) -> Option<String> {
    const TYPES: &str = "language/expressions/type-constraints";
    const VARS: &str = "language/values/variables";
    let (page, anchor) = match key {
        "why.default_filled"
        | "why.default_null_replaced"
        | "why.optional_null"
        | "why.default_in_default"
        | "note.null_default" => (TYPES, "optional-object-type-attributes"),
        "why.unify_ok" | "why.unify_string" | "why.unify_failed" | "note.any_one_type" | "note.stringified" => {
            (TYPES, "dynamic-types-the-any-constraint")
        }
        "why.dropped" | "note.dropped" | "note.dropped_suggest" | "note.dropped_top" | "note.dropped_suggest_top" => {
            (TYPES, "conversion-of-complex-types")
        }
        "note.set_merged" | "note.set_merged_one" | "note.set_reordered" => (TYPES, "collection-types"),
        "why.null_nullable" | "why.null_rejected" | "why.failed.null" => (VARS, "disallowing-null-input-values"),
        "why.sensitive_var" | "why.sensitive_parts" => (VARS, "suppressing-values-in-cli-output"),
        "why.cli_literal" => (VARS, "variables-on-the-command-line"),
        "why.converted" | "why.failed.convert" => (TYPES, "conversion-of-complex-types"),
        "why.value_is" | "why.result" | "why.failed.type" => (TYPES, ""),
        _ => return None,
    };
    let with = |base: &str| if anchor.is_empty() { base.to_string() } else { format!("{base}#{anchor}") };
    Some(match (product, lang) {
        ("OpenTofu", Lang::Zh) => format!("https://opentofu.org.cn/docs/{page}"),
        ("OpenTofu", Lang::Ja) => format!("https://opentofu.dokyumento.jp/docs/{page}"),
        ("OpenTofu", _) => with(&format!("https://opentofu.org/docs/{page}/")),
        _ => with(&format!("https://developer.hashicorp.com/terraform/{page}")),
    })
}

/// Paths alike but for one index, evenly spaced, as one: `[0]–[19999].enabled`
/// when consecutive, else the places themselves (`[0].enabled, [2].enabled,
/// …, [19998].enabled`).
fn group_text(paths: &[Path], lang: Lang) -> String {
    let (pat, _) = pattern(&paths[0]);
    let idx: Vec<Vec<i64>> = paths.iter().map(|p| pattern(p).1).collect();
    let varying = (0..idx[0].len()).find(|&k| idx.iter().any(|v| v.get(k) != idx[0].get(k)));
    let consecutive =
        varying.is_none_or(|k| idx.windows(2).all(|w| w[1].get(k).copied() == w[0].get(k).map(|i| i + 1)));
    if !consecutive {
        let n = paths.len();
        let shown: Vec<String> = match n {
            0..=3 => paths.iter().map(|p| format_path(p)).collect(),
            _ => vec![format_path(&paths[0]), format_path(&paths[1]), "…".into(), format_path(&paths[n - 1])],
        };
        return i18n::join(lang, &shown);
    }
    let mut out = String::new();
    let mut k = 0;
    for piece in pat.split("[#]").enumerate() {
        if piece.0 > 0 {
            if Some(k) == varying {
                let lo = idx[0].get(k).copied().unwrap_or(0);
                let hi = idx[idx.len() - 1].get(k).copied().unwrap_or(0);
                out.push_str(&format!("[{lo}]–[{hi}]"));
            } else {
                out.push_str(&format!("[{}]", idx[0].get(k).copied().unwrap_or(0)));
            }
            k += 1;
        }
        out.push_str(piece.1);
    }
    out
}

/// A count as the story writes it: `2,501`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The story as text (`tftype explain`): numbered steps, then the notes.
pub fn to_text(s: &Story) -> String {
    let mut out = String::new();
    out.push_str(i18n::text(s.lang, "why.heading"));
    out.push('\n');
    for (i, step) in s.steps.iter().enumerate() {
        out.push_str(&format!("{:>3}. {}\n", i + 1, step.text));
    }
    if let Some(v) = &s.verbatim {
        out.push('\n');
        out.push_str(&format!("     {}\n", v.summary));
        for line in v.detail.lines() {
            out.push_str(&format!("     {line}\n"));
        }
    }
    out + &notes_text(s)
}

/// The story's notes as text, after a blank line under their heading (the
/// end of [`to_text`]; what `tftype eval` adds after the product's output);
/// empty when there are none.
pub fn notes_text(s: &Story) -> String {
    if s.notes.is_empty() {
        return String::new();
    }
    let items: String = s.notes.iter().map(|n| format!("  * {}\n", n.text)).collect();
    format!("\n{}\n{items}", i18n::text(s.lang, "note.heading"))
}
