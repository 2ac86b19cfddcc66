//! Hover: a variable's declaration and the value that wins, an attribute's
//! type and default, a module call's argument, a `var.` reference.

use super::*;

/// A hover: the range it is about (bytes of the file) and its Markdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hover {
    pub range: Range<usize>,
    pub markdown: String,
}

/// The hover at `byte` of file `file` of the module `input` (which reads
/// `file`: a configuration file, an automatic value file, or a `-var-file`).
pub fn hover(input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> Option<Hover> {
    let src = input.files.get(file)?;
    if module::decl::is_config_file(file) {
        if let Some(h) = hover_call_argument(input, file, byte, p, lang) {
            return Some(h);
        }
        // The module is read once for both.
        let ctx = Ctx::new(input, p);
        return hover_declaration(&ctx, input, file, byte, p, lang)
            .or_else(|| hover_reference(&ctx, input, file, byte, p, lang));
    }
    if !crate::editor::is_value_file(file) {
        return None;
    }
    let loc = locate(src, byte, is_json(file));
    let key = loc.key.clone().filter(|_| loc.at == At::Key)?;
    let ctx = Ctx::new(input, p);
    if loc.path.is_empty() {
        let markdown =
            variable_markdown(input, &ctx, &key, p, lang).or_else(|| undeclared_markdown(&ctx, file, &key, p, lang))?;
        return Some(Hover { range: loc.word, markdown });
    }
    let Seg::Key(var) = &loc.path[0] else { return None };
    let v = ctx.module.get(var)?;
    attribute_hover(&v.tc.ty, v.tc.defaults.as_ref(), &loc, &key, None, lang)
}

/// The hover on attribute `key` of the object at `loc` (below a variable of
/// type `ty`): its type, optional or required, and its default.
/// `written`: the attribute's type as the constraint's text has it, shown
/// instead of tftype's printed form when known.
pub(super) fn attribute_hover(
    ty: &Type,
    defaults: Option<&Defaults>,
    loc: &Located,
    key: &str,
    written: Option<String>,
    lang: Lang,
) -> Option<Hover> {
    let (parent, d) = type_at(ty, defaults, &loc.path[1..])?;
    let Type::Object(o) = &parent else { return None };
    let ty = o.attrs.get(key)?;
    let status = if o.optional.contains(key) {
        match attr_default(d, key) {
            Some(def) => fill(lang, "assist.optional_default", &[("value", &format!("`{def}`"))]),
            None => text(lang, "assist.optional").to_string(),
        }
    } else {
        text(lang, "assist.required").to_string()
    };
    let shown = written.unwrap_or_else(|| ty.type_string());
    Some(Hover { range: loc.word.clone(), markdown: format!("`{key}`: `{shown}` — {status}") })
}

/// The hover at `byte` of the value of `req` (one variable): on an
/// attribute's name, its type from the constraint, optional or required,
/// and its default. The same rule as [`hover`] in a value file.
pub fn hover_value(req: &Request, byte: usize) -> Option<Hover> {
    if let Some(inner) = module::block::type_request(req) {
        return hover_value(&inner, byte);
    }
    let tc = constraint(req)?;
    let (text, off, json) = value_as_file(&req.value, req.value_format);
    let loc = locate(&text, byte.min(req.value.len()) + off, json);
    let key = loc
        .key
        .clone()
        .filter(|_| loc.at == At::Key && loc.path.first() == Some(&Seg::Key("v".into())) && loc.word.start >= off)?;
    // The attribute's type as the type editor has it written, not as tftype prints it.
    let written = written_type(req.type_src.as_deref().unwrap_or(""), &tc.spans, &loc.path[1..], &key);
    let h = attribute_hover(&tc.ty, tc.defaults.as_ref(), &loc, &key, written, req.lang.unwrap_or_default())?;
    Some(Hover { range: h.range.start - off..h.range.end - off, markdown: h.markdown })
}

/// The type of attribute `key` of the object at `path` as written in the
/// type constraint's text (`list(string)` in `tags = list(string)`; white
/// space runs shown as one space), when its place there is known.
pub(super) fn written_type(src: &str, spans: &crate::diag::SpanTree, path: &[Seg], key: &str) -> Option<String> {
    let mut cur = spans;
    for seg in path {
        let k = match seg {
            Seg::Key(k) => k.clone(),
            Seg::Index(i) => i.to_string(),
        };
        cur = cur.kids.get(&k).or_else(|| cur.kids.get(""))?;
    }
    let item = src.get(cur.kids.get(key)?.range.clone())?.trim();
    let quoted = crate::goprint::go_quote(key);
    let rest = item.strip_prefix(quoted.as_str()).or_else(|| item.strip_prefix(key))?.trim_start();
    let mut ty = rest.strip_prefix('=').or_else(|| rest.strip_prefix(':'))?.trim();
    // `optional(T, default)`: the hover says optional and the default in words; T is the type.
    if let Some(inner) = ty
        .strip_prefix("optional")
        .map(str::trim_start)
        .and_then(|t| t.strip_prefix('('))
        .and_then(|t| t.strip_suffix(')'))
    {
        let mut depth = 0i32;
        let end = inner
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' | '[' | '{' => 1,
                    ')' | ']' | '}' => -1,
                    _ => 0,
                };
                c == ',' && depth == 0
            })
            .map_or(inner.len(), |(i, _)| i);
        ty = inner[..end].trim();
    }
    (!ty.is_empty()).then(|| ty.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Hover on an argument of a module call: the called module's variable,
/// its type, description and default.
pub(super) fn hover_call_argument(
    input: &CheckInput,
    file: &str,
    byte: usize,
    p: &Profile,
    lang: Lang,
) -> Option<Hover> {
    let site = module::calls::call_at(&input.files, file, byte, p)?;
    let (name, range) = site.argument?;
    let v = site.callee.get(&name)?;
    let mut md = format!("**{}.var.{}**", site.address, v.name);
    if let Some(t) = callee_type(input, v) {
        md += &format!(" `{t}`");
    }
    md += "\n";
    let default = v
        .default
        .as_ref()
        .map(|d| crate::render::console_within(d, crate::render::MAX_OUTPUT_BYTES).unwrap_or_default());
    description_and_default(&mut md, v.description.as_deref(), default.as_deref(), lang);
    Some(Hover { range, markdown: md })
}

/// A variable hover's description (if any), then its default as HCL or
/// "required": the same lines for a module's own variable and for a called
/// module's.
fn description_and_default(md: &mut String, description: Option<&str>, default: Option<&str>, lang: Lang) {
    if let Some(desc) = description {
        *md += &format!("\n{desc}\n");
    }
    match default {
        Some(v) => *md += &format!("\n{}\n```hcl\n{v}\n```\n", text(lang, "lsp.hover_default")),
        None => *md += &format!("\n{}\n", text(lang, "lsp.hover_required")),
    }
}

/// Hover on `variable "NAME"` in a configuration file: the value that wins
/// and from where.
pub(super) fn hover_declaration(
    ctx: &Ctx,
    input: &CheckInput,
    file: &str,
    byte: usize,
    p: &Profile,
    lang: Lang,
) -> Option<Hover> {
    let v = ctx
        .module
        .vars
        .iter()
        .find(|v| v.file == file && v.decl_range.start.byte <= byte && byte <= v.decl_range.end.byte)?;
    let mut md = format!("**var.{}**\n", v.name);
    md += &winning(input, &v.name, p, lang);
    Some(Hover { range: v.decl_range.start.byte..v.decl_range.end.byte, markdown: md })
}

/// A variable's hover: its declaration (type, flags, description, default
/// or "required") and the value that wins. None for a name the module does
/// not declare.
pub(super) fn variable_markdown(input: &CheckInput, ctx: &Ctx, name: &str, p: &Profile, lang: Lang) -> Option<String> {
    let d = ctx.declared(p).into_iter().find(|d| d.name == name)?;
    let mut md = format!("**var.{}**", d.name);
    if let Some(t) = &d.type_text {
        md += &format!(" `{t}`");
    }
    let flags: Vec<&str> = [(d.sensitive, "sensitive"), (d.ephemeral, "ephemeral"), (!d.nullable, "nullable = false")]
        .iter()
        .filter(|f| f.0)
        .map(|f| f.1)
        .collect();
    if !flags.is_empty() {
        md += &format!(" ({})", flags.join(", "));
    }
    md += "\n";
    description_and_default(&mut md, d.description.as_deref(), d.default.as_deref(), lang);
    md += &winning(input, name, p, lang);
    Some(md)
}

/// The hover on `name` in the value file `file` when the module declares
/// no variable of that name: the note `check --explain` gives (with its
/// "did you mean", the same as the rename fix's), and the warning
/// Terraform gives for such a value.
fn undeclared_markdown(ctx: &Ctx, file: &str, name: &str, p: &Profile, lang: Lang) -> Option<String> {
    if ctx.module.get(name).is_some() {
        return None;
    }
    let names: Vec<&str> = ctx.module.vars.iter().map(|v| v.name.as_str()).collect();
    let (_, note, _) = undeclared_words(name, &names, lang);
    let head = fill(lang, "assist.undeclared_warning", &[("product", p.product_name())]);
    let warning = module::prepare::undeclared_in_file(name, file);
    // (Bold, paragraphs: the Markdown the page's file editors render too.)
    Some(format!("{note}\n\n{head}\n\n**{}**\n\n{warning}\n", module::prepare::UNDECLARED_IN_FILE))
}

/// The hover's lines on a variable the module's errors kept from being
/// evaluated: that it was not, and, when the run read its value from a
/// source (a file, `-var`, the environment), that value as it converts
/// alone, as what it will be once the errors are fixed. No default is
/// shown as a value: the run may not have read the value that overrides it.
fn not_evaluated(input: &CheckInput, v: &module::VarReport, p: &Profile, lang: Lang) -> String {
    let md = format!("\n{}\n", text(lang, "assist.not_evaluated"));
    let Some(source) = v.source.as_deref().filter(|s| *s != "default") else { return md };
    let reqs = requests(input, p);
    let Some(alone) = reqs.get(&v.name).map(|req| crate::entry::evaluate_in(req, p)).filter(|a| a.ok) else {
        return md;
    };
    let Some(console) = alone.console else { return md };
    let head =
        fill(lang, "assist.value_once_fixed", &[("source", &module::output::source_words(&v.name, source, lang))]);
    md + &value_lines(&head, console, v.sensitive)
}

/// A value the hover shows under `head`, as `terraform console` prints it
/// (a sensitive one redacted, as Terraform redacts it).
fn value_lines(head: &str, console: String, sensitive: bool) -> String {
    let shown = if sensitive { "(sensitive value)".to_string() } else { console };
    format!("\n{head}\n```hcl\n{shown}\n```\n")
}

/// `var.NAME` anywhere in a configuration file (an expression, a template,
/// a rule): the variable's hover, with the value that wins for the value
/// files the input has (the editor's environment) and where it comes from.
pub(super) fn hover_reference(
    ctx: &Ctx,
    input: &CheckInput,
    file: &str,
    byte: usize,
    p: &Profile,
    lang: Lang,
) -> Option<Hover> {
    let src = input.files.get(file)?.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
    let byte = byte.min(src.len());
    let mut start = byte;
    while start > 0 && (ident(src[start - 1]) || src[start - 1] == b'.') {
        start -= 1;
    }
    let mut end = byte;
    while end < src.len() && (ident(src[end]) || src[end] == b'.') {
        end += 1;
    }
    // The traversal under the cursor: `var.NAME` and what follows it (`.attr`).
    let word = std::str::from_utf8(&src[start..end]).ok()?;
    let rest = word.strip_prefix("var.")?;
    if start > 0 && (src[start - 1] == b'.' || ident(src[start - 1])) {
        return None;
    }
    let name = rest.split('.').next().filter(|n| !n.is_empty())?;
    let markdown = variable_markdown(input, ctx, name, p, lang)?;
    Some(Hover { range: start..start + "var.".len() + name.len(), markdown })
}

/// The Markdown of the value of `name` that wins, as `terraform console`
/// prints it (sensitive redacted), where it comes from, and the first line
/// of its Why story. When the module's errors stopped the run before the
/// variables were evaluated, no value wins: that is said instead, with
/// the value the variable's source gives once the errors are fixed when
/// the run read one (and no story, as `check --explain` tells none then).
pub(super) fn winning(input: &CheckInput, name: &str, p: &Profile, lang: Lang) -> String {
    let r = checked(input, p, false);
    let Some(v) = r.variables.iter().find(|v| v.name == name) else { return String::new() };
    if matches!(v.outcome, Outcome::Failed { stage: "skipped", .. }) {
        return not_evaluated(input, v, p, lang);
    }
    let reqs = requests(input, p);
    let req = reqs.get(name);
    let mut md = String::new();
    let console = match &v.outcome {
        Outcome::Accepted { console, .. } => Some(console.clone()),
        Outcome::Failed { stage, summary, .. } => {
            let alone = req.map(|req| crate::entry::evaluate_in(req, p));
            match alone {
                Some(a) if a.ok => a.console,
                _ => {
                    if *stage != "required" {
                        md += &format!("\n{}\n", fill(lang, "assist.not_accepted", &[("summary", summary)]));
                    }
                    None
                }
            }
        }
    };
    if let Some(console) = console {
        let head = match v.source.as_deref() {
            Some(s) if s != "default" => {
                fill(lang, "lsp.hover_wins", &[("source", &module::output::source_words(name, s, lang))])
            }
            _ => text(lang, "lsp.hover_wins_default").to_string(),
        };
        md += &value_lines(&head, console, v.sensitive);
    }
    if let (Some(req), false) = (req, v.sensitive || v.ephemeral) {
        let mut story = crate::why::story(req, lang);
        if module::explain::rejected(v) {
            crate::why::close_as_converted(&mut story);
        }
        if let Some(first) = story.steps.first() {
            md += &format!("\n{}\n", first.text.lines().next().unwrap_or(""));
        }
    }
    md
}
