//! Completion: variables, object attributes, bools and a rule's literals;
//! a module call's arguments; one variable's value (the page's editor).

use super::*;

/// What a completion item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    Variable,
    Attribute,
    Value,
}

/// One completion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    pub label: String,
    pub kind: ItemKind,
    /// The type as written (a variable), the type (an attribute).
    pub detail: Option<String>,
    /// The description (a variable), the default (an attribute).
    pub documentation: Option<String>,
    pub required: bool,
    /// What is inserted (`name = `, `"name": `, `true`).
    pub insert_text: String,
    /// Orders required names first, then by declaration (or name).
    pub sort_text: String,
}

/// The completions at `byte` of value file `file` of the module `input`
/// (which holds the file's text).
pub fn complete(input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> Vec<Completion> {
    let Some(src) = input.files.get(file) else { return Vec::new() };
    if module::decl::is_config_file(file) {
        return complete_call_arguments(input, file, byte, p);
    }
    if !crate::editor::is_value_file(file) {
        return Vec::new();
    }
    let json = is_json(file);
    let loc = locate(src, byte, json);
    let typed = src.get(loc.word.start..byte.clamp(loc.word.start, loc.word.end)).unwrap_or("");
    let name_insert = |name: &str| match (json, loc.quoted) {
        (true, true) => name.to_string(),
        (true, false) => format!("\"{name}\": "),
        (false, _) => format!("{name} = "),
    };
    match loc.at {
        At::Other => Vec::new(),
        At::Key if loc.path.is_empty() => {
            let written = loc.written_elsewhere();
            let ctx = Ctx::new(input, p);
            let mut out: Vec<Completion> = ctx
                .declared(p)
                .into_iter()
                .enumerate()
                .filter(|(_, d)| !written(&d.name) && d.name.starts_with(typed))
                .map(|(i, d)| Completion {
                    insert_text: name_insert(&d.name),
                    sort_text: format!("{}{i:06}", if d.required { 0 } else { 1 }),
                    label: d.name,
                    kind: ItemKind::Variable,
                    detail: d.type_text,
                    documentation: d.description,
                    required: d.required,
                })
                .collect();
            crate::sort::by(&mut out, |a, b| a.sort_text.cmp(&b.sort_text));
            out
        }
        At::Key => {
            let ctx = Ctx::new(input, p);
            let Some(Seg::Key(var)) = loc.path.first() else { return Vec::new() };
            let Some(v) = ctx.module.get(var) else { return Vec::new() };
            attributes(&v.tc.ty, v.tc.defaults.as_ref(), &loc, typed, &name_insert)
        }
        At::Value if loc.quoted => Vec::new(),
        At::Value => {
            let ctx = Ctx::new(input, p);
            let Some(Seg::Key(var)) = loc.path.first() else { return Vec::new() };
            let Some(v) = ctx.module.get(var) else { return Vec::new() };
            let mut out = bools(&v.tc.ty, &loc.path[1..]);
            if loc.path.len() == 1 {
                for w in ctx.rule_literals(v) {
                    if !out.iter().any(|c| c.label == w) {
                        out.push(value_item(&w, text(lang, "assist.from_rule"), out.len()));
                    }
                }
            }
            out.retain(|c| c.label.starts_with(typed));
            out
        }
    }
}

/// [`complete`] in the reply the page's editors take (the value editor's,
/// [`ValueCompletions`]): the items, the byte range of the word they
/// replace, and the list's accessible name.
pub fn completions(input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> ValueCompletions {
    let items = complete(input, file, byte, p, lang);
    let src = input.files.get(file).map(String::as_str).unwrap_or("");
    let word = if items.is_empty() { byte..byte } else { locate(src, byte, is_json(file)).word };
    ValueCompletions { from: word.start, to: word.end, items, label: text(lang, "assist.list_label").to_string() }
}

/// The object attributes at `loc` (below a variable of type `ty`) not yet
/// written there that start with `typed`, required first.
pub(super) fn attributes(
    ty: &Type,
    defaults: Option<&Defaults>,
    loc: &Located,
    typed: &str,
    name_insert: &dyn Fn(&str) -> String,
) -> Vec<Completion> {
    let Some((Type::Object(o), defaults)) = type_at(ty, defaults, &loc.path[1..]) else { return Vec::new() };
    let written = loc.written_elsewhere();
    let mut out: Vec<Completion> = o
        .attrs
        .iter()
        .filter(|(k, _)| !written(k) && k.starts_with(typed))
        .map(|(k, t)| {
            let optional = o.optional.contains(k);
            let ty = t.type_string();
            Completion {
                label: k.clone(),
                kind: ItemKind::Attribute,
                detail: Some(if optional { format!("optional({ty})") } else { ty }),
                documentation: attr_default(defaults, k).map(|d| format!("```hcl\n{d}\n```")),
                required: !optional,
                insert_text: name_insert(k),
                sort_text: format!("{}{k}", if optional { 1 } else { 0 }),
            }
        })
        .collect();
    crate::sort::by(&mut out, |a, b| a.sort_text.cmp(&b.sort_text));
    out
}

/// A value to complete, `i`-th in the list.
pub(super) fn value_item(label: &str, detail: &str, i: usize) -> Completion {
    Completion {
        label: label.to_string(),
        kind: ItemKind::Value,
        detail: Some(detail.to_string()),
        documentation: None,
        required: false,
        insert_text: label.to_string(),
        sort_text: format!("{i:06}"),
    }
}

/// `true` and `false` where the type at `path` below `ty` is bool.
pub(super) fn bools(ty: &Type, path: &[Seg]) -> Vec<Completion> {
    match type_at(ty, None, path) {
        Some((Type::Bool, _)) => vec![value_item("true", "bool", 0), value_item("false", "bool", 1)],
        _ => Vec::new(),
    }
}

/// The completions in a single variable's value (the page's value editor)
/// and the byte range of the value they replace.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ValueCompletions {
    pub from: usize,
    pub to: usize,
    pub items: Vec<Completion>,
    /// The list's accessible name, in the request's language.
    pub label: String,
}

/// The completions at `byte` of the value of `req` (one variable: its type
/// constraint, its value in its format): the attributes of the object type
/// there not yet written, required first; `true` / `false` for a bool. The
/// same rules as [`complete`] in a value file, without a module.
pub fn complete_value(req: &Request, byte: usize) -> ValueCompletions {
    // A whole `variable` block as the type: its type expression.
    if let Some(inner) = module::block::type_request(req) {
        return complete_value(&inner, byte);
    }
    let label = text(req.lang.unwrap_or_default(), "assist.list_label").to_string();
    let none = ValueCompletions { from: byte, to: byte, items: Vec::new(), label: label.clone() };
    let Some(tc) = constraint(req) else { return none };
    let (text, off, json) = value_as_file(&req.value, req.value_format);
    let byte = byte.min(req.value.len()) + off;
    let loc = locate(&text, byte, json);
    if loc.path.first() != Some(&Seg::Key("v".into())) || loc.word.start < off {
        return none;
    }
    let typed = text.get(loc.word.start..byte.clamp(loc.word.start, loc.word.end)).unwrap_or("");
    let items = match loc.at {
        At::Key => {
            let name_insert = |name: &str| match (json, loc.quoted) {
                (true, true) => name.to_string(),
                (true, false) => format!("\"{name}\": "),
                (false, _) => format!("{name} = "),
            };
            attributes(&tc.ty, tc.defaults.as_ref(), &loc, typed, &name_insert)
        }
        At::Value if !loc.quoted => {
            let mut out = bools(&tc.ty, &loc.path[1..]);
            out.retain(|c| c.label.starts_with(typed));
            out
        }
        _ => Vec::new(),
    };
    ValueCompletions { from: loc.word.start - off, to: loc.word.end - off, items, label }
}

/// Completion of a module call's arguments (a local module, or one `init`
/// installed): the called module's variables not set yet, required first.
pub(super) fn complete_call_arguments(input: &CheckInput, file: &str, byte: usize, p: &Profile) -> Vec<Completion> {
    let Some(site) = module::calls::call_at(&input.files, file, byte, p) else { return Vec::new() };
    let Some((typed, _)) =
        site.typing.filter(|_| site.argument.is_none() || site.argument.as_ref().is_some_and(|(_, r)| byte == r.end))
    else {
        return Vec::new();
    };
    let written: std::collections::HashSet<&str> = site.written.iter().map(String::as_str).collect();
    let mut out: Vec<Completion> = site
        .callee
        .vars
        .iter()
        .enumerate()
        .filter(|(_, v)| !(written.contains(v.name.as_str()) && v.name != typed) && v.name.starts_with(&typed))
        .map(|(i, v)| Completion {
            label: v.name.clone(),
            kind: ItemKind::Variable,
            detail: callee_type(input, v),
            documentation: v.description.clone(),
            required: v.required(),
            insert_text: format!("{} = ", v.name),
            sort_text: format!("{}{i:06}", if v.required() { 0 } else { 1 }),
        })
        .collect();
    crate::sort::by(&mut out, |a, b| a.sort_text.cmp(&b.sort_text));
    out
}
