//! The source around a diagnostic, as Terraform builds it for its human
//! form and for `terraform validate -json`'s `snippet`
//! (`command/views/json/diagnostic.go`): the lines of the range, where the
//! range is in them, the top-level block around it (`, in module "vpc":`)
//! and, for a failed validation rule, the values of the condition's
//! references (`var.x is 12`).

use std::collections::BTreeMap;

use super::{CheckDiag, CheckInput};
use crate::types::Type;
use crate::value::{Kind, Value};

/// A diagnostic's snippet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snippet {
    /// The top-level block around the range (`module "vpc"`), if any.
    pub context: Option<String>,
    /// The lines the range touches, without the last line end.
    pub code: String,
    pub start_line: usize,
    /// Where the range is in `code` (bytes).
    pub highlight_start: usize,
    pub highlight_end: usize,
    /// (traversal, statement): `("var.x", "is 12")`, sorted by traversal.
    pub values: Vec<(String, String)>,
}

/// Snippets of more lines than this are cut (a huge value written over
/// thousands of lines); Terraform shows them all.
pub const MAX_LINES: usize = 40;

/// The snippet of `d`, whose subject is in `text` (see [`text_of`]).
pub fn of(d: &CheckDiag, text: &str, contexts: &mut Contexts) -> Option<Snippet> {
    let s = d.subject.as_ref()?;
    let len = text.len();
    let hs = s.start.byte.min(len);
    // An empty range is widened to one byte, as Terraform does.
    let he = s.end.byte.max(hs + 1).min(len.max(hs));
    let code_start = text[..floor(text, hs)].rfind('\n').map_or(0, |i| i + 1);
    let last = if he > hs { he - 1 } else { hs };
    let mut code_end = text[floor(text, last.min(len))..].find('\n').map_or(len, |i| floor(text, last.min(len)) + i);
    if code_end < code_start {
        code_end = code_start;
    }
    let mut code = text[code_start..code_end].trim_end_matches('\r').to_string();
    // At most MAX_LINES lines.
    if let Some((i, _)) = code.match_indices('\n').nth(MAX_LINES - 1) {
        code.truncate(i);
        code += "\n…";
    }
    let code: String = code.split('\n').map(|l| l.trim_end_matches('\r')).collect::<Vec<_>>().join("\n");
    let start = (hs - code_start).min(code.len());
    let end = (start + (he - hs)).min(code.len());
    let start_line = contexts.line_of(&s.filename, text, code_start);
    // The block around the byte before the range (`ContextString(file,
    // offset-1)`): none for a range at the file's start or a block's header.
    let context = if s.filename.ends_with(".json") || s.filename.starts_with('<') || hs == 0 {
        None
    } else {
        contexts.at(&s.filename, text, hs - 1)
    };
    let highlight_start = floor(&code, start);
    Some(Snippet { context, code, start_line, highlight_start, highlight_end: end, values: d.values.clone() })
}

/// `i`, or the nearest character boundary of `s` before it.
fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The top-level blocks of each file, parsed once (`hcled.ContextString`).
#[derive(Default)]
pub struct Contexts {
    blocks: BTreeMap<String, Vec<(std::ops::Range<usize>, String)>>,
    /// Each file's newline offsets, found once (a snippet's line is looked
    /// up, not counted from the file's start: reliability-5 #3).
    newlines: BTreeMap<String, Vec<usize>>,
}

impl Contexts {
    /// The 1-based line of byte `offset` of `filename` (whose text is `text`).
    pub fn line_of(&mut self, filename: &str, text: &str, offset: usize) -> usize {
        let nl = self
            .newlines
            .entry(filename.to_string())
            .or_insert_with(|| text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i).collect());
        nl.partition_point(|&i| i < offset) + 1
    }

    /// The header of the top-level block of `filename` holding `offset`:
    /// `module "vpc"`, `variable "x"`.
    pub fn at(&mut self, filename: &str, text: &str, offset: usize) -> Option<String> {
        let blocks = self.blocks.entry(filename.to_string()).or_insert_with(|| {
            let (body, _) = crate::valueparse::parse_config(text, filename, true, &crate::flavor::Profile::default());
            let mut out = Vec::new();
            for item in body.iter().flat_map(|b| b.items.iter()) {
                if let crate::hcl::parse::BodyItem::Block(b) = item {
                    let mut header = b.kind.clone();
                    for (l, _) in &b.labels {
                        header.push(' ');
                        header += &crate::goprint::go_quote(l);
                    }
                    out.push((b.range.clone(), header));
                }
            }
            out
        });
        // The blocks are in the file's order and do not overlap: the one
        // that may hold `offset` is the last to start at or before it.
        let i = blocks.partition_point(|(r, _)| r.start <= offset).checked_sub(1)?;
        blocks.get(i).filter(|(r, _)| offset < r.end).map(|(_, h)| h.clone())
    }
}

/// The text a subject's file name stands for: a file of the input, or the
/// value of a `-var` / `TF_VAR_` (`<value for var.x>`).
pub fn text_of<'a>(input: &'a CheckInput, filename: &str) -> Option<&'a str> {
    if let Some(t) = input.files.get(filename) {
        return Some(t);
    }
    let name = filename.strip_prefix("<value for var.")?.strip_suffix('>')?;
    let from_var = input.args.iter().rev().find_map(|a| match a.as_slice() {
        [flag, raw] if flag == "-var" => raw.split_once('=').filter(|(n, _)| *n == name).map(|(_, v)| v),
        _ => None,
    });
    from_var.or_else(|| input.env.get(&format!("TF_VAR_{name}")).map(String::as_str))
}

/// A value as Terraform's diagnostics state it (`compactValueStr`): a
/// primitive in full, a collection or an object by its size.
pub fn compact(v: &Value) -> String {
    if v.marks.sensitive {
        return "(sensitive value)".into();
    }
    if v.is_null() {
        return "null".into();
    }
    if !v.is_known() {
        return "(not yet known)".into();
    }
    match (&v.ty, &v.kind) {
        (Type::Bool, Kind::Bool(b)) => b.to_string(),
        (Type::Number, Kind::Number(n)) => n.to_text_g10(),
        (Type::String, Kind::String(s)) => crate::goprint::go_quote(s),
        (Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_), _) => {
            let name = v.ty.friendly_name();
            match v.elements().map(<[Value]>::len).or_else(|| v.attrs().map(|a| a.len())).unwrap_or(0) {
                0 => format!("empty {name}"),
                1 => format!("{name} with 1 element"),
                n => format!("{name} with {n} elements"),
            }
        }
        (Type::Object(o), _) => match o.attrs.len() {
            0 => "object with no attributes".into(),
            1 => format!(
                "object with 1 attribute {}",
                crate::goprint::go_quote(o.attrs.keys().next().map(String::as_str).unwrap_or(""))
            ),
            n => format!("object with {n} attributes"),
        },
        _ => v.ty.friendly_name(),
    }
}

/// The values of a failed rule's condition's references
/// (`DiagnosticExpressionValue`): for each "Invalid value for variable", the
/// longest start of each `var.` traversal that evaluates, with its compact
/// statement; sensitive values are left out, as Terraform leaves them out
/// of a diagnostic they did not cause.
pub fn rule_values(
    diags: &mut [CheckDiag],
    module: &super::decl::Module,
    vars: &BTreeMap<String, super::VarState>,
    texts: &super::Texts,
    p: &crate::flavor::Profile,
) {
    for d in diags.iter_mut().filter(|d| d.summary == "Invalid value for variable") {
        let Some(rule) = module
            .vars
            .iter()
            .flat_map(|v| &v.rules)
            .find(|r| d.detail.contains(&format!("validation rule at {}.", r.decl_range.range_string())))
        else {
            continue;
        };
        let Some(text) = texts.text(&rule.file) else { continue };
        let mut scope = crate::value::AttrMap::new();
        for v in &module.vars {
            if let Some(val) = vars.get(&v.name).and_then(|s| s.final_value.clone()) {
                scope.insert(
                    v.name.as_str(),
                    val.with_marks(crate::value::Marks { sensitive: v.sensitive, ephemeral: v.ephemeral }),
                );
            }
        }
        let mut values: Vec<(String, String)> = Vec::new();
        for r in crate::hcl::traversals::references(&rule.condition) {
            if r.root != "var" {
                continue;
            }
            // The whole traversal, else its head (`var.x`).
            let whole = text.get(r.range.clone()).map(|t| t.split_whitespace().collect::<String>());
            let head = text.get(r.head_range.clone()).map(|t| t.split_whitespace().collect::<String>());
            for t in [whole, head].into_iter().flatten() {
                if values.iter().any(|(x, _)| *x == t) {
                    break;
                }
                let Ok(e) = crate::hcl::parse_standalone(&t, "<traversal>", p) else { continue };
                let (val, ds) = crate::expr::eval_raw(&e, scope.clone(), Box::new(|_| String::new()), p);
                if !ds.is_empty() || !val.is_known() {
                    continue;
                }
                if !val.marks.sensitive {
                    values.push((t, format!("is {}", compact(&val))));
                }
                break;
            }
        }
        crate::sort::natural(&mut values);
        d.values = values;
    }
}
