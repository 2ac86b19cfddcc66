//! A `.tf.json` / `.tofu.json` configuration file as Terraform reads it
//! (`parser_config.go` with hcl's `json` package): the version sniffs and
//! `Content(configFileSchema)` of the root body (shape errors of the root
//! and of every block's labels, "Extraneous JSON object property"), then
//! each `variable` block's body as `decodeVariableBlock` asks for it.
//!
//! A variable block is handed to [`super::decl`] as a native block whose
//! expressions stand for the JSON values: a value evaluated without a
//! context is a constant; `type` is its string parsed as native syntax from
//! the opening quote (hcl json `ExprCall` / `AsTraversal`), the whole JSON
//! value being the expression's range; `condition` and `error_message` are
//! their strings parsed as templates after the opening quote (hcl json
//! `expression.Value` with a context). JSON-only diagnostics (shapes,
//! extraneous and duplicate properties) come with the block.

use std::collections::HashMap;

use super::{CheckDiag, Pos, Subject};
use crate::flavor::Profile;
use crate::hcl::ast::{ConstVal, Expr, ExprKind, LitVal, Span, TypeCache};
use crate::hcl::parse::{Attribute, Block, Body, BodyItem};
use crate::json::{config_json_value, parse_config_json, HAttr, HDiag, HNode, HVal, JPos};
use crate::render::go_quote;

/// One `variable` block of a JSON file.
pub struct JsonVariable {
    pub block: Block,
    /// The diagnostics of the block's body that only JSON has, in hcl's
    /// order (they come before the native decoding's own).
    pub pre: Vec<CheckDiag>,
}

/// What the native decoding needs besides the blocks.
#[derive(Default)]
pub struct JsonExtras {
    /// The ranges of the `type` expressions, all parsed from [`JsonExtras::text`].
    pub type_ranges: std::collections::HashSet<(usize, usize)>,
    /// The file's text with each string that was parsed as native syntax
    /// in place of its JSON text: a type string from its opening quote, a
    /// template after it, the rest of the JSON string blank (one text for
    /// the file, so that reading many strings is not quadratic).
    pub text: String,
    /// The JSON diagnostics of each `validation` body, by its block's
    /// definition range.
    pub validation_diags: HashMap<(usize, usize), Vec<CheckDiag>>,
    /// Each `error_message` by its JSON value's range: the string gohcl
    /// decodes it to without a context (a string, number or bool), and the
    /// template's syntax errors when it did not parse.
    pub messages: HashMap<(usize, usize), JsonMessage>,
    /// The subjects of the JSON ranges of the blocks, with hcl's JSON
    /// positions (a tab is two columns).
    pub subjects: HashMap<(usize, usize), Subject>,
    /// Each string parsed as native syntax: its decoded text's bytes in
    /// [`JsonExtras::text`] and the position hcl starts it at (see
    /// [`JsonExtras::placed_subject`]).
    pub placed: Vec<(Span, Pos)>,
}

/// See [`JsonExtras::messages`].
#[derive(Clone, Debug, Default)]
pub struct JsonMessage {
    pub literal: Option<String>,
    pub unparsed: Option<Vec<crate::hcl::parse::RawDiag>>,
}

impl JsonExtras {
    pub fn type_text(&self, r: &Span) -> Option<&str> {
        self.type_ranges.contains(&(r.start, r.end)).then_some(self.text.as_str())
    }

    pub fn subject(&self, r: &Span) -> Option<Subject> {
        self.subjects.get(&(r.start, r.end)).cloned()
    }

    /// The subject of a range inside a string that was parsed as native
    /// syntax. hcl parses the *decoded* string from the position of its
    /// start (the opening quote of a type, the byte after it for a
    /// template), so lines and columns count in the decoded text: an escaped
    /// `\n` starts a new line there (hcl json `ExprCall`, `Value`). Bytes
    /// are the decoded string's offsets from that start. None outside such
    /// a string.
    pub fn placed_subject(&self, file: &str, r: &Span, unicode: crate::unicode::Unicode) -> Option<Subject> {
        let (region, start) = self.placed.iter().find(|(region, _)| region.start <= r.start && r.end <= region.end)?;
        let map = crate::hcl::pos::PosMap::new_as(self.text.get(region.clone())?, unicode);
        let at = |b: usize| {
            let (line, column) = map.pos(b - region.start);
            let column = if line == 1 { start.column + column - 1 } else { column };
            Pos { line: start.line + line - 1, column, byte: b }
        };
        Some(Subject { filename: file.to_string(), start: at(r.start), end: at(r.end) })
    }

    pub fn message(&self, r: &Span) -> Option<&JsonMessage> {
        self.messages.get(&(r.start, r.end))
    }

    pub fn validation_pre(&self, r: &Span) -> Vec<CheckDiag> {
        self.validation_diags.get(&(r.start, r.end)).cloned().unwrap_or_default()
    }
}

/// A block found in a body: its type, the range of the property naming
/// it, its labels, its body and its definition range.
struct FoundBlock<'n> {
    kind: &'n str,
    type_range: (JPos, JPos),
    labels: Vec<&'n HAttr>,
    body: &'n HNode,
    def: (JPos, JPos),
}

/// A whole JSON file: the file's own diagnostics, its variable blocks, and
/// what decoding them needs.
pub struct JsonFile {
    pub diags: Vec<CheckDiag>,
    pub variables: Vec<JsonVariable>,
    pub extras: JsonExtras,
}

fn pos(p: JPos) -> Pos {
    Pos { line: p.line, column: p.col, byte: p.byte }
}

struct Reader<'a> {
    file: &'a str,
    p: &'a Profile,
    extras: JsonExtras,
    /// Templates that did not parse: their ranges and syntax errors.
    unparsed: std::cell::RefCell<Vec<(Span, Vec<crate::hcl::parse::RawDiag>)>>,
    subjects: std::cell::RefCell<HashMap<(usize, usize), Subject>>,
    /// See [`JsonExtras::placed`].
    placed: std::cell::RefCell<Vec<(Span, Pos)>>,
    /// See [`JsonExtras::text`].
    text_buf: std::cell::RefCell<String>,
}

impl Reader<'_> {
    fn subject(&self, r: (JPos, JPos)) -> Option<Subject> {
        Some(Subject { filename: self.file.to_string(), start: pos(r.0), end: pos(r.1) })
    }

    fn diag(&self, summary: impl Into<String>, detail: impl Into<String>, r: (JPos, JPos)) -> CheckDiag {
        CheckDiag::error(summary, detail, self.subject(r))
    }

    fn hdiag(&self, d: HDiag) -> CheckDiag {
        self.diag(d.summary, d.detail, (d.start, d.end))
    }

    /// hcl json `collectDeepAttrs`: the properties of an object, or of an
    /// array's objects.
    fn deep_attrs<'n>(&self, v: &'n HNode, label: Option<&str>, diags: &mut Vec<CheckDiag>) -> Vec<&'n HAttr> {
        let mut out = Vec::new();
        match &v.val {
            HVal::Null => {}
            HVal::Object { attrs, .. } => out.extend(attrs.iter()),
            HVal::Array { items, .. } => {
                for e in items {
                    match &e.val {
                        HVal::Object { attrs, .. } => out.extend(attrs.iter()),
                        _ => diags.push(self.diag(
                            "Incorrect JSON value type",
                            match label {
                                Some(l) => format!("A JSON object is required here, to specify {l} labels for this block."),
                                None => "A JSON object is required here, to define arguments and child blocks.".into(),
                            },
                            e.start_range(),
                        )),
                    }
                }
            }
            _ => diags.push(self.diag(
                "Incorrect JSON value type",
                match label {
                    Some(l) => format!("Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."),
                    None => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.".into(),
                },
                v.start_range(),
            )),
        }
        out
    }

    /// hcl json `unpackBlock`: the bodies of the blocks of `kind` under `v`
    /// with their labels, and the definition range of each.
    fn unpack<'n>(
        &self,
        v: &'n HNode,
        kind: &str,
        labels: &[&str],
        used: &mut Vec<&'n HAttr>,
        out: &mut Vec<(Vec<&'n HAttr>, &'n HNode, (JPos, JPos))>,
        diags: &mut Vec<CheckDiag>,
    ) {
        if let Some((label, rest)) = labels.split_first() {
            let attrs = self.deep_attrs(v, Some(label), diags);
            if attrs.is_empty() {
                diags.push(self.diag(
                    "Missing block label",
                    format!(
                        "At least one object property is required, whose name represents the {kind} block's {label}."
                    ),
                    v.start_range(),
                ));
                return;
            }
            for a in attrs {
                used.push(a);
                self.unpack(&a.value, kind, rest, used, out, diags);
                used.pop();
            }
            return;
        }
        match &v.val {
            HVal::Null => {}
            HVal::Object { .. } => out.push((used.clone(), v, v.start_range())),
            HVal::Array { items, .. } => {
                for e in items {
                    out.push((used.clone(), e, v.start_range()));
                }
            }
            _ => diags.push(self.diag(
                "Incorrect JSON value type",
                format!("Either a JSON object or a JSON array is required, representing the contents of one or more {} blocks.", go_quote(kind)),
                v.start_range(),
            )),
        }
    }

    /// hcl json `Body.PartialContent` / `Content` of a body with the given
    /// attributes and block types (block types here have no labels): the
    /// attributes (first of each name), the blocks' bodies, and the
    /// diagnostics. `content`: also the "Extraneous JSON object property"
    /// check (and the root's shape errors a second time).
    #[allow(clippy::type_complexity)]
    fn content<'n>(
        &self,
        body: &'n HNode,
        attrs: &[&str],
        blocks: &[(&str, &[&str])],
        content: bool,
        diags: &mut Vec<CheckDiag>,
    ) -> (Vec<&'n HAttr>, Vec<FoundBlock<'n>>) {
        let all = self.deep_attrs(body, None, diags);
        let mut found: Vec<&HAttr> = Vec::new();
        let mut found_blocks = Vec::new();
        let mut used: Vec<&str> = Vec::new();
        for a in &all {
            if attrs.contains(&a.name.as_str()) {
                if let Some(prev) = found.iter().find(|f| f.name == a.name) {
                    let range = crate::hcl::pos::format_range(
                        self.file,
                        (prev.name_start.line, prev.name_start.col),
                        (prev.value.end.line, prev.value.end.col),
                    );
                    diags.push(self.diag(
                        "Duplicate argument",
                        format!("The argument {} was already set at {range}.", go_quote(&a.name)),
                        (a.name_start, a.name_end),
                    ));
                    continue;
                }
                found.push(a);
                used.push(&a.name);
            } else if let Some((kind, labels)) = blocks.iter().find(|(k, _)| *k == a.name) {
                let mut out = Vec::new();
                self.unpack(&a.value, kind, labels, &mut Vec::new(), &mut out, diags);
                found_blocks.extend(out.into_iter().map(|(labels, body, def)| FoundBlock {
                    kind: a.name.as_str(),
                    type_range: (a.name_start, a.name_end),
                    labels,
                    body,
                    def,
                }));
                used.push(&a.name);
            }
        }
        if content {
            let mut suggestions: Vec<&str> = attrs.iter().copied().filter(|n| !used.contains(n)).collect();
            suggestions.extend(blocks.iter().map(|(k, _)| *k));
            let again = self.deep_attrs(body, None, diags);
            for a in again {
                if a.name == "//" || used.contains(&a.name.as_str()) {
                    continue;
                }
                let dym = super::decl::name_suggestion(&a.name, &suggestions)
                    .map(|s| format!(" Did you mean {}?", go_quote(s)))
                    .unwrap_or_default();
                diags.push(self.diag(
                    "Extraneous JSON object property",
                    format!("No argument or block type is named {}.{dym}", go_quote(&a.name)),
                    (a.name_start, a.name_end),
                ));
            }
        }
        (found, found_blocks)
    }

    /// The bytes of `r` as a span, whose subject (with hcl's JSON positions)
    /// is kept for the diagnostics about it.
    fn span(&self, r: (JPos, JPos)) -> Span {
        let span = r.0.byte..r.1.byte;
        self.subjects.borrow_mut().entry((span.start, span.end)).or_insert_with(|| Subject {
            filename: self.file.to_string(),
            start: pos(r.0),
            end: pos(r.1),
        });
        span
    }

    /// Puts the decoded string `s` of the JSON string `n` in the text at
    /// `at` (its opening quote, or the byte after), the rest of the JSON
    /// string blank; the text up to the end of `s`, or None when it does not
    /// fit (it always does: a decoded string is never longer).
    fn place(&self, n: &HNode, at: usize, s: &str) -> Option<usize> {
        let region = at..n.end.byte;
        let mut text = self.text_buf.borrow_mut();
        if at + s.len() > region.end || text.get(region.clone()).is_none() {
            return None;
        }
        let mut with = String::with_capacity(region.len());
        with.push_str(s);
        with.extend(std::iter::repeat_n(' ', region.len() - s.len()));
        text.replace_range(region, &with);
        // hcl starts the parse at `at`: the quote's JSON position, or the column after it.
        let quote = pos(n.start);
        let start = Pos { line: quote.line, column: quote.column + (at - n.start.byte), byte: at };
        self.placed.borrow_mut().push((at..at + s.len(), start));
        Some(at + s.len())
    }

    /// A JSON value as a constant expression over its range.
    fn constant(&self, n: &HNode, diags: &mut Vec<CheckDiag>) -> Expr {
        let range = self.span((n.start, n.end));
        let v = match config_json_value(n, self.file, &mut TypeCache::default()) {
            Ok(v) => v,
            Err(d) => {
                diags.push(self.hdiag(d));
                crate::value::Value::null(crate::types::Type::Dynamic)
            }
        };
        match &n.val {
            HVal::Str(s) => Expr::new(ExprKind::Literal(LitVal::string(s)), range),
            HVal::Num(x) => Expr::new(ExprKind::Literal(LitVal::number(x.clone())), range),
            HVal::Bool(b) => Expr::new(ExprKind::Literal(LitVal::bool(*b)), range),
            HVal::Null | HVal::Invalid => Expr::new(ExprKind::Literal(LitVal::null()), range),
            _ => Expr::new(
                ExprKind::Const(Box::new(ConstVal::new(
                    v,
                    crate::diag::SpanTree::leaf(range.clone()),
                    self.span(n.start_range()),
                ))),
                range,
            ),
        }
    }

    /// `type`: the string parsed as a native expression from its opening
    /// quote; anything else (or a string that does not parse) stands as a
    /// number, which no type is.
    fn type_expr(&mut self, n: &HNode) -> Expr {
        let range = self.span((n.start, n.end));
        let fallback =
            || Expr::new(ExprKind::Literal(LitVal::number(crate::number::Number::from_i64(0))), range.clone());
        let HVal::Str(s) = &n.val else { return fallback() };
        let Some(end) = self.place(n, n.start.byte, s) else { return fallback() };
        let parsed = crate::hcl::parse_type_standalone(&self.text_buf.borrow()[..end], n.start.byte, self.file, self.p);
        let Ok(e) = parsed else { return fallback() };
        // A quoted string is no type in JSON (no keyword, no call).
        if matches!(e.kind, ExprKind::Template(_) | ExprKind::TemplateWrap(_)) {
            return fallback();
        }
        let e = Expr::with_depth(e.kind, range.clone(), e.depth);
        self.extras.type_ranges.insert((range.start, range.end));
        e
    }

    /// `condition` / `error_message`: a string is a template parsed after
    /// its opening quote; a template that does not parse is taken as the
    /// literal string.
    fn template_expr(&self, n: &HNode, diags: &mut Vec<CheckDiag>) -> Expr {
        let range = self.span((n.start, n.end));
        let s = match &n.val {
            HVal::Str(s) => s,
            // Arrays and objects hold templates too.
            HVal::Array { items } => {
                let elems = items.iter().map(|i| self.template_expr(i, diags)).collect();
                return Expr::new(ExprKind::Tuple { elems }, range);
            }
            HVal::Object { attrs } => {
                let items = attrs
                    .iter()
                    .map(|a| {
                        let key = HNode { val: HVal::Str(a.name.clone()), start: a.name_start, end: a.name_end };
                        let k = self.template_expr(&key, diags);
                        let k = Expr::new(
                            ExprKind::ObjectKey { wrapped: Box::new(k), force_non_literal: true },
                            self.span((a.name_start, a.name_end)),
                        );
                        (k, self.template_expr(&a.value, diags))
                    })
                    .collect();
                return Expr::new(ExprKind::Object { items }, range);
            }
            _ => return self.constant(n, diags),
        };
        let Some(end) = self.place(n, n.start.byte + 1, s) else {
            return Expr::new(ExprKind::Literal(LitVal::string(s)), range);
        };
        let parsed =
            crate::hcl::parse_template_from(&self.text_buf.borrow()[..end], n.start.byte + 1, self.file, self.p);
        match parsed {
            // The expression's range is the JSON value's (hcl json `Range`).
            Ok(e) => Expr::with_depth(e.kind, self.span((n.start, n.end)), e.depth),
            Err(ds) => {
                self.unparsed.borrow_mut().push((range.clone(), ds.into_iter().collect()));
                Expr::new(ExprKind::Literal(LitVal::string(s)), range)
            }
        }
    }

    /// A native attribute for a JSON property.
    fn attribute(&self, a: &HAttr, expr: Expr) -> BodyItem {
        BodyItem::Attr(Attribute {
            name: a.name.clone(),
            name_range: self.span((a.name_start, a.name_end)),
            expr,
            range: a.name_start.byte..a.value.end.byte,
        })
    }

    /// The body of a `variable` block.
    fn variable(&mut self, name: &HAttr, body: &HNode, def: (JPos, JPos), type_range: Span) -> JsonVariable {
        let schema = self.p.variable_block();
        let mut pre = Vec::new();
        let (attrs, blocks) = self.content(body, &schema.arguments, &[("validation", &[])], true, &mut pre);
        let mut items = Vec::new();
        for a in attrs {
            let expr = match a.name.as_str() {
                "type" => self.type_expr(&a.value),
                _ => self.constant(&a.value, &mut pre),
            };
            items.push(self.attribute(a, expr));
        }
        for FoundBlock { body: vbody, def: vdef, .. } in blocks {
            let mut vd = Vec::new();
            let (vattrs, _) = self.content(vbody, &["condition", "error_message"], &[], true, &mut vd);
            let mut vitems = Vec::new();
            for a in vattrs {
                let e = self.template_expr(&a.value, &mut vd);
                if a.name == "error_message" {
                    let range = self.span((a.value.start, a.value.end));
                    let literal = match &a.value.val {
                        HVal::Str(s) => Some(s.clone()),
                        HVal::Num(x) => Some(x.to_string()),
                        HVal::Bool(b) => Some(b.to_string()),
                        _ => None,
                    };
                    let unparsed = self.unparsed.borrow().iter().find(|(r, _)| *r == range).map(|(_, d)| d.clone());
                    self.extras.messages.insert((range.start, range.end), JsonMessage { literal, unparsed });
                }
                vitems.push(self.attribute(a, e));
            }
            let missing = match &vbody.val {
                HVal::Object { .. } => vbody.close_range(),
                _ => vbody.start_range(),
            };
            let def_span = self.span(vdef);
            self.extras.validation_diags.insert((def_span.start, def_span.end), vd);
            items.push(BodyItem::Block(Block {
                kind: "validation".into(),
                kind_range: def_span.clone(),
                labels: Vec::new(),
                open_range: self.span(missing),
                body: Body { items: vitems },
                range: self.span((vbody.start, vbody.end)),
            }));
        }
        let block = Block {
            kind: "variable".into(),
            kind_range: type_range,
            labels: vec![(name.name.clone(), self.span((name.name_start, name.name_end)))],
            open_range: self.span(def),
            body: Body { items },
            range: self.span((body.start, body.end)),
        };
        JsonVariable { block, pre }
    }
}

/// The block types of the root body of a configuration file in the
/// flavor, with their labels, in the order of its schema.
pub(crate) fn config_file_blocks(p: &Profile) -> Vec<(&'static str, &'static [&'static str])> {
    let f = p.config_file_blocks();
    let mut out: Vec<(&'static str, &'static [&'static str])> = Vec::new();
    if f.language {
        out.push(("language", &[]));
    } else {
        out.push(("terraform", &[]));
    }
    out.extend([
        ("required_providers", &[][..]),
        ("provider", &["name"][..]),
        ("variable", &["name"][..]),
        ("locals", &[][..]),
        ("output", &["name"][..]),
        ("module", &["name"][..]),
        ("resource", &["type", "name"][..]),
        ("data", &["type", "name"][..]),
    ]);
    if f.ephemeral {
        out.push(("ephemeral", &["type", "name"]));
    }
    if f.action {
        out.push(("action", &["type", "name"]));
    }
    if f.tofu {
        out.extend([("moved", &[][..]), ("import", &[][..]), ("check", &["name"][..])]);
        if f.removed {
            out.push(("removed", &[]));
        }
        if f.language {
            out.push(("terraform", &[]));
        }
    } else {
        out.push(("moved", &[]));
        if f.removed {
            out.push(("removed", &[]));
        }
        out.extend([("import", &[][..]), ("check", &["name"][..])]);
    }
    out
}

/// Reads a JSON configuration file.
pub fn read(file: &str, text: &str, p: &Profile) -> JsonFile {
    // Variable blocks are read whole; of other blocks, their labels.
    let schema = config_file_blocks(p);
    let keep_of = |name: &str| match name {
        "variable" => u32::MAX,
        _ => schema.iter().find(|(k, _)| *k == name).map_or(0, |(_, labels)| labels.len() as u32),
    };
    let (root, syntax) = parse_config_json(text, &keep_of);
    let mut r = Reader {
        file,
        p,
        extras: JsonExtras::default(),
        unparsed: Default::default(),
        subjects: Default::default(),
        placed: Default::default(),
        text_buf: std::cell::RefCell::new(text.to_string()),
    };
    let mut diags: Vec<CheckDiag> = syntax.into_iter().map(|d| r.hdiag(d)).collect();
    // The version sniffs.
    if p.config_file_blocks().language {
        r.content(&root, &[], &[("terraform", &[]), ("language", &[])], false, &mut diags);
    } else {
        for _ in 0..2 {
            r.content(&root, &[], &[("terraform", &[])], false, &mut diags);
        }
    }
    let (_, blocks) = r.content(&root, &[], &schema, true, &mut diags);
    let mut variables = Vec::new();
    for b in blocks {
        if b.kind != "variable" {
            continue;
        }
        let Some(name) = b.labels.first() else { continue };
        // The block's type range: the `variable` property's name.
        let type_range = r.span(b.type_range);
        variables.push(r.variable(name, b.body, b.def, type_range));
    }
    // A file of errors lists the first.
    diags.truncate(crate::diag::MAX_DIAGNOSTICS);
    r.extras.subjects = r.subjects.take();
    r.extras.placed = r.placed.take();
    r.extras.text = r.text_buf.take();
    JsonFile { diags, variables, extras: r.extras }
}

/// The `module` and `locals` blocks of a JSON file, as native blocks for
/// [`super::calls`]: a module block's properties (but `"//"`) are its
/// arguments, `source` and `version` constants, the others templates as a
/// context reads them; a `locals` block's properties are its values. The
/// file's own errors are the declarations' to report. A module block's
/// definition range stands for its label's range too.
pub fn call_blocks(file: &str, text: &str, p: &Profile) -> Body {
    let keep_of = |name: &str| if name == "module" || name == "locals" { u32::MAX } else { 0 };
    let (root, _) = parse_config_json(text, &keep_of);
    let r = Reader {
        file,
        p,
        extras: JsonExtras::default(),
        unparsed: Default::default(),
        subjects: Default::default(),
        placed: Default::default(),
        text_buf: std::cell::RefCell::new(text.to_string()),
    };
    let mut ignored = Vec::new();
    let (_, blocks) = r.content(&root, &[], &[("module", &["name"]), ("locals", &[])], false, &mut ignored);
    let mut items = Vec::new();
    for FoundBlock { kind, labels, body, def, .. } in blocks {
        let def_span = r.span(def);
        let props = r.deep_attrs(body, None, &mut ignored);
        let mut attrs = Vec::new();
        for a in props.into_iter().filter(|a| a.name != "//") {
            let e = if kind == "module" && (a.name == "source" || a.name == "version") {
                r.constant(&a.value, &mut ignored)
            } else {
                r.template_expr(&a.value, &mut ignored)
            };
            attrs.push(r.attribute(a, e));
        }
        items.push(BodyItem::Block(Block {
            kind: kind.to_string(),
            kind_range: def_span.clone(),
            labels: labels.iter().map(|l| (l.name.clone(), def_span.clone())).collect(),
            open_range: def_span,
            body: Body { items: attrs },
            range: r.span((body.start, body.end)),
        }));
    }
    Body { items }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::module::{CheckInput, Outcome};

    use crate::testutil::check_files as run;

    fn console(r: &crate::module::CheckReport, name: &str) -> Option<String> {
        r.variables.iter().find(|v| v.name == name).and_then(|v| match &v.outcome {
            Outcome::Accepted { console, .. } => Some(console.clone()),
            Outcome::Failed { .. } => None,
        })
    }

    /// A `.tf.json` file declares variables as a `.tf` file does: CDK for
    /// Terraform's arrays of bodies, type strings, defaults without a
    /// context (`"${x}"` stays as written), validation templates.
    #[test]
    fn json_files_declare_variables() {
        let json = r#"{
  "//": "generated",
  "variable": {
    "a": [{"type": "list(string)", "default": ["x", "${y}"]}],
    "b": {"type": "number", "default": 3, "validation": {"condition": "${var.b > 2}", "error_message": "small"}}
  }
}"#;
        let r = run("terraform@1.15", &[("main.tf.json", json)]);
        assert!(r.ok, "{:?}", r.diagnostics);
        assert_eq!(console(&r, "a").as_deref(), Some("tolist([\n  \"x\",\n  \"${y}\",\n])"));
        assert_eq!(console(&r, "b").as_deref(), Some("3"));
    }

    /// What the root and the blocks of a JSON file may hold, per version:
    /// unknown properties with hcl's suggestion, shapes, labels; positions
    /// inside a type string count from its opening quote.
    #[test]
    fn json_files_get_hcls_shape_errors() {
        let table: [(&str, &str, &[&str]); 6] = [
            ("terraform@1.15", r#"{"variabel": {}}"#, &["Extraneous JSON object property"]),
            ("terraform@1.15", r#"{"variable": {"v": {"typo": 1}}}"#, &["Extraneous JSON object property"]),
            ("terraform@1.15", r#"{"variable": []}"#, &["Missing block label"]),
            ("terraform@1.15", r#"{"variable": {"v": 1}}"#, &["Incorrect JSON value type"]),
            // `action` blocks are known from Terraform 1.13 on.
            ("terraform@1.12", r#"{"action": {}}"#, &["Extraneous JSON object property"]),
            ("terraform@1.15", r#"{"variable": {"v": {"type": "string(1)"}}}"#, &["Invalid type specification"]),
        ];
        for (flavor, json, want) in table {
            let r = run(flavor, &[("main.tf.json", json)]);
            assert_eq!(r.diagnostics.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>(), want, "{flavor} {json}");
        }
        let r = run("terraform@1.15", &[("main.tf.json", r#"{"variable": {"v": {"typo": 1}}}"#)]);
        assert_eq!(r.diagnostics[0].detail, "No argument or block type is named \"typo\". Did you mean \"type\"?");
        let r = run("terraform@1.15", &[("main.tf.json", r#"{"variable": {"v": {"type": "string(1)"}}}"#)]);
        let s = r.diagnostics[0].subject.as_ref().unwrap();
        // `(1)` is 6 bytes after the opening quote at column 29.
        assert_eq!((s.start.column, s.end.column), (35, 38));
        // A declaration is placed with hcl's JSON positions (a tab is two columns).
        let r =
            run("terraform@1.15", &[("a.tf.json", "{\n\t\"variable\": {\"v\": {}}}"), ("b.tf", "variable \"v\" {}\n")]);
        assert_eq!(r.diagnostics[0].detail, "A variable named \"v\" was already declared at a.tf.json:2,21-22. Variable names must be unique within a module.");
        // An array element of the root that is no object, once per read of the root.
        let r = run("terraform@1.15", &[("main.tf.json", "[1]")]);
        assert_eq!(r.diagnostics.len(), 4);
        let r = run("opentofu@1.12", &[("main.tf.json", "[1]")]);
        assert_eq!(r.diagnostics.len(), 3);
    }

    /// hcl parses a type string's decoded text from its opening quote: an
    /// escaped newline starts a new line there, and columns after it count
    /// from 1 (bytes are the decoded text's offsets from the quote).
    #[test]
    fn positions_inside_a_type_string_count_the_decoded_lines() {
        let json = r#"{"variable": {"v": {"type": "object({a = string\n  b = optional(string, [1])})"}}}"#;
        let r = run("terraform@1.15", &[("main.tf.json", json)]);
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.summary == "Invalid default value for optional attribute")
            .expect("the default's error");
        let s = d.subject.as_ref().unwrap();
        // Line 1 holds the quote (column 29); `[1]` is on the decoded text's second line, column 24.
        let quote = json.find("\"object").unwrap();
        // The decoded text (without its quotes) starts at the quote's byte.
        let decoded_at = "object({a = string\n  b = optional(string, ".len();
        assert_eq!((s.start.line, s.start.column, s.start.byte), (2, 24, quote + decoded_at));
        assert_eq!((s.end.line, s.end.column), (2, 27));
    }

    /// `module` blocks and `locals` of a `.tf.json` file are module calls:
    /// arguments are templates (`"${local.n}"` is the local's number).
    #[test]
    fn json_files_call_modules() {
        let p = crate::flavor::Flavor::lookup("terraform@1.15").unwrap().profile();
        let mut files = BTreeMap::new();
        files.insert(
            "main.tf.json".to_string(),
            r#"{"locals": {"n": 3}, "module": {"net": {"source": "./net", "cidr": "${local.n}", "name": "x"}}}"#
                .to_string(),
        );
        files.insert(
            "net/main.tf".to_string(),
            "variable \"cidr\" {\n  type = list(string)\n}\nvariable \"name\" {\n  type = string\n}\n".to_string(),
        );
        let r = crate::module::check_with(
            &CheckInput { files, ..CheckInput::default() },
            &p,
            crate::module::CheckOptions { module_calls: true, role: None },
        );
        let d: Vec<(&str, &str)> = r
            .diagnostics
            .iter()
            .map(|d| (d.summary.as_str(), d.subject.as_ref().map_or("", |s| s.filename.as_str())))
            .collect();
        assert_eq!(d, [("Invalid value for input variable", "main.tf.json")]);
        assert!(r.diagnostics[0].detail.contains("list of string required"), "{}", r.diagnostics[0].detail);
    }

    /// A broken, deeply nested or flooded JSON file is a diagnostic, and
    /// the module's other files are still read.
    #[test]
    fn bad_json_files_are_diagnostics() {
        let deep =
            format!("{{\"variable\": {{\"d\": {{\"default\": {}{}}}}}}}", "{\"a\":".repeat(10_000), "}".repeat(10_000));
        let flood = format!(
            "{{\"variable\": {{{}}}}}",
            (0..200_000).map(|i| format!("\"v{i}\": 1")).collect::<Vec<_>>().join(",")
        );
        for (what, json, summary) in [
            ("deep", deep.as_str(), "Value too deeply nested"),
            ("unclosed", "{\"variable\": {\"a\": {}}", "Unclosed object"),
            ("not json", "variable \"a\" {}", "Invalid JSON keyword"),
            ("flood", flood.as_str(), "Incorrect JSON value type"),
        ] {
            let r = run("terraform@1.15", &[("main.tf.json", json), ("b.tf", "variable \"z\" {\n  default = 0\n}\n")]);
            assert!(!r.ok, "{what}");
            assert!(
                r.diagnostics.iter().any(|d| d.summary == summary),
                "{what}: {:?}",
                r.diagnostics.iter().map(|d| &d.summary).collect::<Vec<_>>()
            );
            assert!(r.diagnostics.len() <= 2 * crate::diag::MAX_DIAGNOSTICS + 1, "{what}: {}", r.diagnostics.len());
            assert!(r.variables.iter().any(|v| v.name == "z"), "{what}");
        }
    }
}
