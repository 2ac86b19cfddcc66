//! Rendering: values as `terraform console` prints them
//! (`internal/repl/format.go`), and go-cty's JSON form of values and types
//! (`ctyjson.Marshal`, `ctyjson.MarshalType`).
//!
//! Every renderer here walks its input with an explicit work stack instead of
//! recursion, so arbitrarily deep values cannot overflow the (small) wasm
//! stack.
//!
//! Go version notes: current Terraform is built with Go 1.26, whose `unicode`
//! tables are Unicode 15.0.0 (what [`go_quote`] follows, through a table
//! generated from the `unicode-general-category` 0.6 crate) and whose
//! `encoding/json` writes `\b` and `\f` as short escapes (Go 1.22 and later;
//! the oracle's Go 1.19 writes `\u0008` and `\u000c`: the same JSON value).

use crate::types::Type;
use crate::value::{Kind, Value};

// ---------------------------------------------------------------------------
// terraform console
// ---------------------------------------------------------------------------

/// One step of the console renderer's work stack.
enum Step<'a> {
    /// Render this value at this indentation.
    Value(&'a Value, usize),
    /// Copy this static text out.
    Lit(&'static str),
    /// A line break, then this many spaces.
    Line(usize),
    /// The elements of a sequence not yet rendered, at this indentation
    /// (one at a time, so the stack stays as small as the nesting).
    Elems(&'a [Value], usize),
    /// The entries of a map or object not yet rendered, at this indentation.
    Entries(&'a [(crate::value::Key, Value)], usize),
}

/// What `terraform console` prints for a value (`repl.FormatValue(v, 0)`).
///
/// * unknown: `(known after apply)`; sensitive-marked (at whatever depth the
///   mark sits): `(sensitive value)`;
/// * typed nulls: `tostring(null)`, `tonumber(null)`, `tobool(null)`,
///   `tolist(null) /* of T */`, `toset(...)`, `tomap(...)`,
///   `null /* object */`, `null /* tuple */`, and plain `null` for the
///   dynamic pseudo-type;
/// * strings: Go's `strconv.Quote`, or a heredoc when the string contains a
///   newline;
/// * numbers: `big.Float.Text('f', -1)`;
/// * lists / sets / maps: `tolist([...])`, `toset([...])`, `tomap({...})`;
///   tuples / objects bare; one element per line, two spaces per level,
///   sequence elements followed by `,`, keys always quoted.
pub fn console(v: &Value) -> String {
    console_within(v, usize::MAX).unwrap_or_default()
}

/// [`console`], or None as soon as the text would be longer than `limit`
/// bytes (or printing its long numbers would cost more, see [`number_work`]).
pub fn console_within(v: &Value, limit: usize) -> Option<String> {
    console_within_for(v, limit, None)
}

/// [`console_within`] as the flavor of `p` prints it: its Go's printable
/// set decides what strings and keys escape (asked only for non-ASCII text).
pub fn console_within_as(v: &Value, limit: usize, p: &crate::flavor::Profile) -> Option<String> {
    console_within_for(v, limit, Some(p))
}

fn console_within_for(v: &Value, limit: usize, p: Option<&crate::flavor::Profile>) -> Option<String> {
    let mut budget = Budget::new(limit);
    let mut out = String::new();
    let mut stack = vec![Step::Value(v, 0)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Lit(s) => out.push_str(s),
            Step::Line(indent) => push_line(&mut out, indent),
            Step::Value(v, indent) => {
                if !budget.admits(v, out.len()) || !console_parts_fit(v, out.len(), budget.limit) {
                    return None;
                }
                render_one(v, indent, &mut out, &mut stack, p)
            }
            // Pushed in reverse, so they pop in order: line, value, comma.
            Step::Elems([e, rest @ ..], indent) => {
                stack.push(Step::Elems(rest, indent));
                stack.push(Step::Lit(","));
                stack.push(Step::Value(e, indent));
                push_line(&mut out, indent);
            }
            Step::Entries([(k, e), rest @ ..], indent) => {
                stack.push(Step::Entries(rest, indent));
                stack.push(Step::Value(e, indent));
                // Keys are rendered as string values one level in: quoted, or
                // a heredoc when they contain a newline.
                push_line(&mut out, indent);
                console_string_into(k, indent, &mut out, p);
                out.push_str(" = ");
            }
            Step::Elems([], _) | Step::Entries([], _) => {}
        }
        if out.len() > budget.limit {
            return None;
        }
    }
    Some(out)
}

/// The fewest bytes the console prints for one element of a list, set or
/// tuple, or one entry of a map or object: each is on a line of its own (a
/// line break, at least two spaces of indentation), at least one character,
/// and a comma (an entry: a quoted key and ` = `, more).
const CONSOLE_PART_MIN: usize = 5;

/// Whether the parts of `v` can fit in what is left of `limit` after
/// `written` bytes: a collection with more parts than that is refused
/// before any of them is printed (a list of 5,000,000 numbers is not
/// printed to 16 MB to find it too long). Never refuses a value whose text
/// fits: a marked or unknown value prints no parts.
fn console_parts_fit(v: &Value, written: usize, limit: usize) -> bool {
    let parts = match &v.kind {
        Kind::Seq(elems) => elems.len(),
        Kind::Attrs(attrs) => attrs.len(),
        // Leaves, and unknown values (which print no parts).
        _ => return true,
    };
    parts.saturating_mul(CONSOLE_PART_MIN).saturating_add(written) <= limit || v.marks.sensitive
}

/// A line break and `indent` spaces.
fn push_line(out: &mut String, indent: usize) {
    const SPACES: &str = "                                                                ";
    out.push('\n');
    let mut n = indent;
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// Renders a leaf value into `out`, or pushes the parts of a collection onto
/// `stack` (in reverse, so they pop in order).
fn render_one<'a>(
    v: &'a Value,
    indent: usize,
    out: &mut String,
    stack: &mut Vec<Step<'a>>,
    p: Option<&crate::flavor::Profile>,
) {
    if !v.is_known() {
        out.push_str("(known after apply)");
        return;
    }
    if v.marks.sensitive {
        out.push_str("(sensitive value)");
        return;
    }
    match &v.kind {
        Kind::Unknown => out.push_str("(known after apply)"),
        Kind::Null => out.push_str(&typed_null(&v.ty)),
        Kind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Kind::Number(n) => n.write_text_f(out),
        Kind::String(s) => console_string_into(s, indent, out, p),
        Kind::Seq(elems) => {
            let (open, close) = match v.ty {
                Type::List(_) => ("tolist([", "])"),
                Type::Set(_) => ("toset([", "])"),
                _ => ("[", "]"),
            };
            out.push_str(open);
            // Pushed in reverse, so they pop in order.
            stack.push(Step::Lit(close));
            if !elems.is_empty() {
                stack.push(Step::Line(indent));
            }
            stack.push(Step::Elems(elems, indent + 2));
        }
        Kind::Attrs(attrs) => {
            let (open, close) = match v.ty {
                Type::Map(_) => ("tomap({", "})"),
                _ => ("{", "}"),
            };
            out.push_str(open);
            stack.push(Step::Lit(close));
            if !attrs.is_empty() {
                stack.push(Step::Line(indent));
            }
            stack.push(Step::Entries(attrs.entries(), indent + 2));
        }
    }
}

/// The console form of a null of type `ty`.
fn typed_null(ty: &Type) -> String {
    match ty {
        Type::Dynamic => "null".into(),
        Type::String => "tostring(null)".into(),
        Type::Number => "tonumber(null)".into(),
        Type::Bool => "tobool(null)".into(),
        Type::List(e) => format!("tolist(null) /* of {} */", e.friendly_name()),
        Type::Set(e) => format!("toset(null) /* of {} */", e.friendly_name()),
        Type::Map(e) => format!("tomap(null) /* of {} */", e.friendly_name()),
        Type::Object(_) | Type::Tuple(_) => format!("null /* {} */", ty.friendly_name()),
    }
}

/// A string as the console shows it at `indent`: a heredoc when it has more
/// than one line, else Go's `strconv.Quote`.
fn console_string_into(s: &str, indent: usize, out: &mut String, p: Option<&crate::flavor::Profile>) {
    if s.contains('\n') {
        out.push_str(&heredoc(s, indent));
    } else {
        let u = p.map_or(crate::unicode::Unicode::V15_0, |p| p.unicode_of(s));
        crate::goprint::go_quote_into_as(s, u, out);
    }
}

/// `formatMultilineString`: `<<EOT` at the top level, `<<-EOT` when nested;
/// every line (including the empty last line left by a trailing newline)
/// indented by `indent` spaces; the delimiter `EOT` gets `_` appended while
/// any line, trimmed of white space, equals it.
fn heredoc(s: &str, indent: usize) -> String {
    let lines: Vec<&str> = s.split('\n').collect();
    let mut delim = String::from("EOT");
    while lines.iter().any(|l| go_trim_space(l) == delim) {
        delim.push('_');
    }
    let pad = " ".repeat(indent);
    let mut out = String::with_capacity(s.len() + lines.len() * (indent + 1) + 2 * delim.len() + 8);
    out.push_str(if indent > 0 { "<<-" } else { "<<" });
    out.push_str(&delim);
    for l in &lines {
        out.push('\n');
        out.push_str(&pad);
        out.push_str(l);
    }
    out.push('\n');
    out.push_str(&pad);
    out.push_str(&delim);
    out
}

/// Go's `strings.TrimSpace`: trims what `unicode.IsSpace` calls space.
fn go_trim_space(s: &str) -> &str {
    s.trim_matches(go_is_space)
}

/// Go's `unicode.IsSpace`: `\t \n \v \f \r`, space, U+0085, U+00A0, and the
/// Unicode White_Space characters above Latin-1.
fn go_is_space(c: char) -> bool {
    matches!(c as u32, 0x09..=0x0d | 0x20 | 0x85 | 0xa0 | 0x1680 | 0x2000..=0x200a | 0x2028 | 0x2029 | 0x202f | 0x205f | 0x3000)
}

// ---------------------------------------------------------------------------
// Go's strconv.Quote (in the leaf module `goprint`, which types and sets use too)
// ---------------------------------------------------------------------------

pub use crate::goprint::{go_is_print, go_quote, go_quote_as, go_quote_in, go_quote_into};

// ---------------------------------------------------------------------------
// go-cty JSON
// ---------------------------------------------------------------------------

/// One step of the JSON value writer's work stack.
enum JStep<'a> {
    /// Write this value, declared in its container as this type.
    Value(&'a Value, &'a Type),
    Lit(&'static str),
    Text(String),
    /// An object key and its `:`, after a `,` when it is not the first.
    Key(&'a str, bool),
    /// The elements of a sequence declared as this type not yet written, the
    /// first of them at this index (one at a time, so the stack stays as
    /// small as the nesting).
    Elems(&'a [Value], usize, &'a Type),
    /// The entries of a map or object declared as this type not yet written;
    /// whether a `,` comes first.
    Entries(&'a [(crate::value::Key, Value)], bool, &'a Type),
}

/// `ctyjson.Marshal(v, v.Type())`: the JSON text of the value, marks ignored.
///
/// Numbers as `Text('f', -1)`; strings as Go's `encoding/json` writes them
/// (HTML-safe); lists, sets and tuples as arrays (sets in cty order); maps and
/// objects as objects with keys in byte order; nulls as `null`. A non-null
/// value whose declared type is the dynamic pseudo-type is wrapped as
/// `{"value":...,"type":...}` as `ctyjson` does (never the case for a value
/// marshalled with its own type).
pub fn json_value(v: &Value) -> String {
    json_value_known(v).unwrap_or_else(|| "null".into())
}

/// The most text a result may render to (console or JSON): past it, the
/// pipeline says so instead of rendering.
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;

/// The work of printing a number, counted against the output limit besides
/// the text itself: printing a number of d digits costs more than d
/// (big-number division), so a long one counts about d × d/10,000 more (a
/// few bytes of input can stand for hundreds of megabytes of digits).
/// Everyday numbers cost nothing extra.
fn number_work(n: &crate::number::Number) -> usize {
    let d = n.text_len_estimate();
    if d < 10_000 {
        0
    } else {
        d.saturating_mul(d / 10_000 + 1)
    }
}

/// A renderer's budget: the text written so far is at most `limit` bytes
/// (counted exactly: escapes, indentation, heredocs), and the work of
/// printing long numbers ([`number_work`]) at most `limit` too.
struct Budget {
    limit: usize,
    work: usize,
}

impl Budget {
    fn new(limit: usize) -> Budget {
        Budget { limit, work: 0 }
    }

    /// Whether `v` may be printed after `written` bytes: charges the work of
    /// printing it if it is a number, and refuses a string that cannot fit
    /// (its text is never shorter than the string) before it is escaped.
    fn admits(&mut self, v: &Value, written: usize) -> bool {
        match &v.kind {
            Kind::Number(n) => self.work = self.work.saturating_add(number_work(n)),
            Kind::String(s) if written.saturating_add(s.len()) > self.limit => return false,
            _ => {}
        }
        self.work <= self.limit
    }
}

/// [`json_value`], or None when the value has unknown parts or infinite
/// numbers, which `ctyjson.Marshal` refuses ("value is not known", "cannot
/// serialize infinity as JSON").
pub fn json_value_known(v: &Value) -> Option<String> {
    json_value_within(v, usize::MAX).ok().flatten()
}

/// The text of a value too large to show: past a renderer's limit.
#[derive(Debug, PartialEq, Eq)]
pub struct TooLarge;

/// [`json_value_known`], or [`TooLarge`] as soon as the text would be longer
/// than `limit` bytes (or printing its long numbers would cost more, see
/// [`number_work`]).
pub fn json_value_within(v: &Value, limit: usize) -> Result<Option<String>, TooLarge> {
    let mut out = String::new();
    Ok(json_value_into(v, limit, &mut out)?.then_some(out))
}

/// [`json_value_within`] appended to `out` (the limit counts what is
/// appended): `Ok(false)` when go-cty has no JSON for the value (what was
/// appended is then of no use).
pub fn json_value_into(v: &Value, limit: usize, out: &mut String) -> Result<bool, TooLarge> {
    // The limit counts from where the value's text starts.
    let base = out.len();
    let mut budget = Budget::new(limit);
    // Each part is declared as its own type unless `any` is somewhere in the
    // value's type (only then can a declared type be the dynamic one): the
    // declared types need no look-up by index or name.
    let own_types = !has_dynamic_deep(&v.ty);
    let mut stack = vec![JStep::Value(v, &v.ty)];
    while let Some(step) = stack.pop() {
        if out.len() - base > budget.limit {
            return Err(TooLarge);
        }
        if let JStep::Value(v, _) = &step {
            if !budget.admits(v, out.len() - base) {
                return Err(TooLarge);
            }
        }
        match step {
            JStep::Lit(s) => out.push_str(s),
            JStep::Text(s) => out.push_str(&s),
            JStep::Key(k, comma) => {
                if comma {
                    out.push(',');
                }
                go_json_string(k, out);
                out.push(':');
            }
            JStep::Value(v, declared) => {
                if declared.is_dynamic() && !v.ty.is_dynamic() {
                    stack.push(JStep::Lit("}"));
                    stack.push(JStep::Text(json_type(&v.ty)));
                    stack.push(JStep::Lit(",\"type\":"));
                    stack.push(JStep::Value(v, &v.ty));
                    stack.push(JStep::Lit("{\"value\":"));
                    continue;
                }
                match &v.kind {
                    // ctyjson refuses unknowns; nothing produces them here.
                    Kind::Unknown => return Ok(false),
                    Kind::Null => out.push_str("null"),
                    Kind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                    Kind::Number(n) if n.is_infinite() => return Ok(false),
                    Kind::Number(n) => n.write_text_f(out),
                    Kind::String(s) => go_json_string(s, out),
                    Kind::Seq(elems) => {
                        out.push('[');
                        // Pushed in reverse, so they pop in order.
                        stack.push(JStep::Lit("]"));
                        stack.push(JStep::Elems(elems, 0, declared));
                    }
                    Kind::Attrs(attrs) => {
                        out.push('{');
                        stack.push(JStep::Lit("}"));
                        stack.push(JStep::Entries(attrs.entries(), false, declared));
                    }
                }
            }
            JStep::Elems([e, rest @ ..], i, declared) => {
                let ety = match declared {
                    _ if own_types => &e.ty,
                    Type::List(t) | Type::Set(t) => &**t,
                    Type::Tuple(ts) => ts.get(i).unwrap_or(&e.ty),
                    _ => &e.ty,
                };
                stack.push(JStep::Elems(rest, i + 1, declared));
                stack.push(JStep::Value(e, ety));
                if i > 0 {
                    out.push(',');
                }
            }
            JStep::Entries([(k, e), rest @ ..], comma, declared) => {
                let ety = match declared {
                    _ if own_types => &e.ty,
                    Type::Map(t) => &**t,
                    Type::Object(o) => o.attrs.get(&**k).unwrap_or(&e.ty),
                    _ => &e.ty,
                };
                stack.push(JStep::Entries(rest, true, declared));
                stack.push(JStep::Value(e, ety));
                stack.push(JStep::Key(k, comma));
            }
            JStep::Elems([], ..) | JStep::Entries([], ..) => {}
        }
    }
    if out.len() - base > budget.limit {
        return Err(TooLarge);
    }
    Ok(true)
}

/// [`Type::has_dynamic_types`] without recursion (a value's type may be as
/// deep as the value).
fn has_dynamic_deep(t: &Type) -> bool {
    // One iterator per level (a tuple's element types are not copied).
    enum Parts<'a> {
        Slice(std::slice::Iter<'a, Type>),
        Attrs(std::collections::btree_map::Values<'a, String, Type>),
    }
    let mut stack = vec![Parts::Slice(std::slice::from_ref(t).iter())];
    while let Some(top) = stack.last_mut() {
        let next = match top {
            Parts::Slice(it) => it.next(),
            Parts::Attrs(it) => it.next(),
        };
        let Some(t) = next else {
            stack.pop();
            continue;
        };
        match t {
            Type::Dynamic => return true,
            Type::Bool | Type::Number | Type::String => {}
            Type::List(e) | Type::Map(e) | Type::Set(e) => stack.push(Parts::Slice(std::slice::from_ref(&**e).iter())),
            Type::Object(o) => stack.push(Parts::Attrs(o.attrs.values())),
            Type::Tuple(ts) => stack.push(Parts::Slice(ts.types_once().iter())),
        }
    }
    false
}

/// `ctyjson.MarshalType`: `"string"`, `["list","string"]`,
/// `["object",{"a":"number"}]` (attributes in byte order, then the sorted
/// names of optional attributes as a third element when there are any),
/// `["tuple",["string"]]`, `"dynamic"`.
pub fn json_type(t: &Type) -> String {
    enum TStep<'a> {
        Type(&'a Type),
        Lit(&'static str),
        Text(String),
    }
    let mut out = String::new();
    let mut stack = vec![TStep::Type(t)];
    while let Some(step) = stack.pop() {
        match step {
            TStep::Lit(s) => out.push_str(s),
            TStep::Text(s) => out.push_str(&s),
            TStep::Type(t) => match t {
                Type::Bool => out.push_str("\"bool\""),
                Type::Number => out.push_str("\"number\""),
                Type::String => out.push_str("\"string\""),
                Type::Dynamic => out.push_str("\"dynamic\""),
                Type::List(e) | Type::Map(e) | Type::Set(e) => {
                    out.push_str(match t {
                        Type::List(_) => "[\"list\",",
                        Type::Map(_) => "[\"map\",",
                        _ => "[\"set\",",
                    });
                    stack.push(TStep::Lit("]"));
                    stack.push(TStep::Type(e));
                }
                Type::Tuple(elems) => {
                    let mut parts = vec![TStep::Lit("[\"tuple\",[")];
                    for (i, e) in elems.iter().enumerate() {
                        if i > 0 {
                            parts.push(TStep::Lit(","));
                        }
                        parts.push(TStep::Type(e));
                    }
                    parts.push(TStep::Lit("]]"));
                    stack.extend(parts.into_iter().rev());
                }
                Type::Object(o) => {
                    let mut parts = vec![TStep::Lit("[\"object\",{")];
                    for (i, (k, at)) in o.attrs.iter().enumerate() {
                        let mut key = String::new();
                        if i > 0 {
                            key.push(',');
                        }
                        go_json_string(k, &mut key);
                        key.push(':');
                        parts.push(TStep::Text(key));
                        parts.push(TStep::Type(at));
                    }
                    parts.push(TStep::Lit("}"));
                    let optional: Vec<&String> = o.optional.iter().filter(|n| o.attrs.contains_key(*n)).collect();
                    if !optional.is_empty() {
                        let mut names = String::from(",[");
                        for (i, n) in optional.iter().enumerate() {
                            if i > 0 {
                                names.push(',');
                            }
                            go_json_string(n, &mut names);
                        }
                        names.push(']');
                        parts.push(TStep::Text(names));
                    }
                    parts.push(TStep::Lit("]"));
                    stack.extend(parts.into_iter().rev());
                }
            },
        }
    }
    out
}

/// Which characters a JSON string escapes besides `"`, `\\` and the bytes
/// below 0x20 (`\b \f \n \r \t` short, the others `\u00XX` in lower-case
/// hex). Everything else (DEL included) is written as itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum JsonEscapes {
    /// Nothing more: what serde_json writes (`tftype batch`'s lines).
    Plain,
    /// Go's `encoding/json` with HTML escaping on, as `json.Marshal` does:
    /// `<`, `>`, `&` as `\u00XX`, U+2028 and U+2029 as `\u2028` / `\u2029`.
    GoHtml,
}

/// What each byte needs: 0 none (copied with the run it is in), b'u'
/// `\u00XX`, 1 a look at the character it starts (U+2028 and U+2029 start
/// with 0xE2), else the letter after `\`.
const fn json_escape_table(go_html: bool) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = b'u';
        b += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    if go_html {
        t[b'<' as usize] = b'u';
        t[b'>' as usize] = b'u';
        t[b'&' as usize] = b'u';
        t[0xe2] = 1;
    }
    t
}

/// `s` as a JSON string with the escapes `style` names, appended to `out`:
/// runs that need no escape are copied whole.
pub fn push_json_string(s: &str, out: &mut String, style: JsonEscapes) {
    const PLAIN: [u8; 256] = json_escape_table(false);
    const GO_HTML: [u8; 256] = json_escape_table(true);
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let table = match style {
        JsonEscapes::Plain => &PLAIN,
        JsonEscapes::GoHtml => &GO_HTML,
    };
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let e = table[usize::from(b)];
        if e == 0 {
            continue;
        }
        if e == 1 {
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            if !matches!(bytes.get(i + 1..i + 3), Some([0x80, 0xa8 | 0xa9])) {
                continue;
            }
            // Escapes and 0xE2 start characters: `i` is on a character boundary.
            out.push_str(&s[start..i]);
            out.push_str(if bytes[i + 2] == 0xa8 { "\\u2028" } else { "\\u2029" });
            start = i + 3;
            continue;
        }
        out.push_str(&s[start..i]);
        out.push('\\');
        out.push(char::from(e));
        if e == b'u' {
            out.push_str("00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// A JSON string exactly as Go's `encoding/json` writes it (HTML escaping on,
/// as `json.Marshal` does; see [`JsonEscapes::GoHtml`]).
pub fn go_json_string(s: &str, out: &mut String) {
    push_json_string(s, out, JsonEscapes::GoHtml);
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::testutil::{map, n, obj, s, sensitive};

    /// The output limit counts exactly what is printed: escapes (a NUL is
    /// four bytes in the console and six in JSON), heredoc padding,
    /// indentation, and nothing more (a long list of ones is short text).
    #[test]
    fn output_limit_counts_exactly_what_is_printed() {
        let ones = Value::list(Type::Number, vec![n(1); 1000]);
        let nested = Value::tuple(vec![obj(&[("a", Value::tuple(vec![obj(&[("b", s("x\ny\n"))]); 30]))]); 30]);
        let values = [
            ("NULs", s(&"\u{0}".repeat(200))),
            ("control characters and quotes", s(&"\u{1}\"\\\u{7f}".repeat(50))),
            ("a heredoc in nested objects", nested),
            ("a list of ones", ones),
            (
                "a map of escaped keys",
                map(Type::String, &[("\u{0}\u{0}", s("\u{0}")), ("k", s("12345678901234567890.5\u{7f}"))]),
            ),
        ];
        for (what, v) in values {
            let console_text = console(&v);
            let json_text = json_value_known(&v).unwrap();
            for (limit, fits) in [(console_text.len(), true), (console_text.len() - 1, false)] {
                assert_eq!(console_within(&v, limit).is_some(), fits, "{what}: console, {limit} bytes");
            }
            for (limit, fits) in [(json_text.len(), true), (json_text.len() - 1, false)] {
                assert_eq!(json_value_within(&v, limit).is_ok(), fits, "{what}: JSON, {limit} bytes");
            }
        }
    }

    /// A collection with more parts than the rest of the limit can hold is
    /// refused before its parts are printed; the count never refuses a value
    /// whose text fits, even where each part prints the fewest bytes (one
    /// character, two spaces of indentation) or the value prints no parts.
    #[test]
    fn console_refuses_a_collection_by_its_count_only_when_its_text_cannot_fit() {
        let ones = || vec![n(1); 3000];
        let empties = Value::tuple(vec![Value::tuple(vec![]); 3000]);
        let one_char_keys: Vec<(String, Value)> = (0..3000).map(|i| (format!("{i:04}"), n(0))).collect();
        let keyed: Vec<(&str, Value)> = one_char_keys.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        let values = [
            ("a list of ones", Value::list(Type::Number, ones())),
            ("a tuple of empty tuples", empties),
            ("a tuple of lists of ones", Value::tuple(vec![Value::list(Type::Number, vec![n(1); 300]); 10])),
            ("a map of numbers", map(Type::Number, &keyed)),
            ("a sensitive list", sensitive(Value::list(Type::Number, ones()))),
            ("a list of sensitive numbers", Value::list(Type::Number, vec![sensitive(n(1)); 3000])),
        ];
        for (what, v) in values {
            let text = console(&v);
            assert_eq!(console_within(&v, text.len()).as_deref(), Some(text.as_str()), "{what}");
            assert_eq!(console_within(&v, text.len() - 1), None, "{what}");
        }
        // Counted, not printed: 5 bytes a part is more than 14,999 bytes.
        let long = Value::list(Type::Number, ones());
        assert!(!console_parts_fit(&long, 0, 3000 * CONSOLE_PART_MIN - 1));
        assert!(console_parts_fit(&sensitive(long), 0, 10));
    }

    #[test]
    fn go_quote_escapes_quote_backslash_and_short_escapes() {
        for (input, want) in [
            ("", r#""""#),
            ("plain", r#""plain""#),
            ("a\"b", r#""a\"b""#),
            ("a\\b", r#""a\\b""#),
            ("\x07\x08\x0c\n\r\t\x0b", r#""\a\b\f\n\r\t\v""#),
        ] {
            assert_eq!(go_quote(input), want, "{input:?}");
        }
    }

    #[test]
    fn go_quote_writes_ascii_controls_and_del_as_hex_bytes() {
        assert_eq!(go_quote("\x00\x01\x1b\x1f\x7f"), r#""\x00\x01\x1b\x1f\x7f""#);
        assert_eq!(go_quote("ok\"x\\y\tz\u{a0}"), r#""ok\"x\\y\tz\u00a0""#);
    }

    #[test]
    fn go_quote_writes_non_printable_runes_as_u_escapes() {
        for (input, want) in [
            ("\u{80}", r#""\u0080""#),
            ("\u{85}", r#""\u0085""#),
            ("\u{a0}", r#""\u00a0""#),        // no-break space: Zs, not printable
            ("\u{ad}", r#""\u00ad""#),        // soft hyphen: Cf
            ("\u{200b}", r#""\u200b""#),      // zero width space: Cf
            ("\u{2028}", r#""\u2028""#),      // line separator: Zl
            ("\u{2029}", r#""\u2029""#),      // paragraph separator: Zp
            ("\u{3000}", r#""\u3000""#),      // ideographic space: Zs
            ("\u{feff}", r#""\ufeff""#),      // BOM: Cf
            ("\u{e000}", r#""\ue000""#),      // private use: Co
            ("\u{378}", r#""\u0378""#),       // unassigned: Cn
            ("\u{890}", r#""\u0890""#),       // Arabic pound mark above (Unicode 14): Cf
            ("\u{fffe}", r#""\ufffe""#),      // noncharacter
            ("\u{e0001}", r#""\U000e0001""#), // language tag: Cf
            ("\u{f0000}", r#""\U000f0000""#), // supplementary private use
            ("\u{10ffff}", r#""\U0010ffff""#),
        ] {
            assert_eq!(go_quote(input), want, "{input:?}");
        }
    }

    #[test]
    fn go_quote_keeps_printable_runes() {
        for input in ["é", "e\u{301}", "日本語", "Ω", "😀", "€", "\u{1f1fa}", "\u{10000}", "~ !"] {
            assert_eq!(go_quote(input), format!("\"{input}\""), "{input:?}");
        }
    }

    /// Unicode 14/15 additions are printable for current Terraform (Go 1.26
    /// has Unicode 15.0.0 tables); the oracle's Go 1.19 (Unicode 13) escapes
    /// them.
    #[test]
    fn go_quote_uses_unicode_15_tables() {
        assert_eq!(go_quote("\u{1fae8}"), "\"\u{1fae8}\""); // shaking face, 15.0
        assert_eq!(go_quote("\u{31350}"), "\"\u{31350}\""); // CJK Ext H, 15.0
        assert_eq!(go_quote("\u{1f6dd}"), "\"\u{1f6dd}\""); // playground slide, 14.0
        assert_eq!(go_quote("\u{13439}"), r#""\U00013439""#); // Egyptian format control (15.0): Cf
        assert_eq!(go_quote("\u{1fae9}"), r#""\U0001fae9""#); // unassigned in 15.0
    }

    #[test]
    fn console_prints_primitives() {
        assert_eq!(console(&s("hi")), r#""hi""#);
        assert_eq!(console(&n(-12)), "-12");
        assert_eq!(console(&Value::bool(true)), "true");
        assert_eq!(console(&Value::bool(false)), "false");
    }

    #[test]
    fn console_prints_typed_nulls() {
        let o = Type::object([("a".to_string(), Type::String)].into_iter().collect());
        for (ty, want) in [
            (Type::Dynamic, "null"),
            (Type::String, "tostring(null)"),
            (Type::Number, "tonumber(null)"),
            (Type::Bool, "tobool(null)"),
            (Type::list(Type::String), "tolist(null) /* of string */"),
            (Type::set(Type::Number), "toset(null) /* of number */"),
            (Type::map(Type::list(Type::Bool)), "tomap(null) /* of list of bool */"),
            (Type::list(Type::Dynamic), "tolist(null) /* of dynamic */"),
            (Type::list(o.clone()), "tolist(null) /* of object */"),
            (o, "null /* object */"),
            (Type::tuple(vec![Type::String]), "null /* tuple */"),
            (Type::empty_object(), "null /* object */"),
        ] {
            assert_eq!(console(&Value::null(ty.clone())), want, "{ty}");
        }
    }

    #[test]
    fn console_wraps_collections_in_conversion_functions() {
        assert_eq!(console(&Value::list(Type::Number, vec![n(1), n(2)])), "tolist([\n  1,\n  2,\n])");
        assert_eq!(console(&Value::set(Type::String, vec![s("a")])), "toset([\n  \"a\",\n])");
        assert_eq!(console(&map(Type::Number, &[("k", n(1))])), "tomap({\n  \"k\" = 1\n})");
        assert_eq!(console(&Value::tuple(vec![n(1), s("x")])), "[\n  1,\n  \"x\",\n]");
        assert_eq!(console(&obj(&[("b", n(1)), ("a", s("x"))])), "{\n  \"a\" = \"x\"\n  \"b\" = 1\n}");
    }

    #[test]
    fn console_prints_empty_collections_on_one_line() {
        assert_eq!(console(&Value::list(Type::String, vec![])), "tolist([])");
        assert_eq!(console(&Value::set(Type::String, vec![])), "toset([])");
        assert_eq!(console(&map(Type::String, &[])), "tomap({})");
        assert_eq!(console(&Value::tuple(vec![])), "[]");
        assert_eq!(console(&obj(&[])), "{}");
    }

    #[test]
    fn console_indents_nested_values_two_spaces_per_level() {
        let v = Value::list(
            Type::map(Type::tuple(vec![Type::Number])),
            vec![map(Type::tuple(vec![Type::Number]), &[("k", Value::tuple(vec![n(1)]))])],
        );
        assert_eq!(console(&v), "tolist([\n  tomap({\n    \"k\" = [\n      1,\n    ]\n  }),\n])");
    }

    #[test]
    fn console_quotes_every_key() {
        let v = map(Type::Number, &[("a b", n(1)), ("\"", n(2)), ("", n(3)), ("é\t", n(4))]);
        assert_eq!(console(&v), "tomap({\n  \"\" = 3\n  \"\\\"\" = 2\n  \"a b\" = 1\n  \"é\\t\" = 4\n})");
    }

    #[test]
    fn console_uses_heredoc_for_multiline_strings_at_top_level() {
        assert_eq!(console(&s("a\nb")), "<<EOT\na\nb\nEOT");
        assert_eq!(console(&s("a\n")), "<<EOT\na\n\nEOT");
        assert_eq!(console(&s("\n")), "<<EOT\n\n\nEOT");
        // A carriage return alone is no line break.
        assert_eq!(console(&s("a\rb")), r#""a\rb""#);
    }

    #[test]
    fn console_uses_indented_heredoc_when_nested() {
        let v = obj(&[("x", obj(&[("y", s("a\n\nb\n"))]))]);
        assert_eq!(console(&v), "{\n  \"x\" = {\n    \"y\" = <<-EOT\n    a\n    \n    b\n    \n    EOT\n  }\n}");
        let l = Value::list(Type::String, vec![s("a\nb")]);
        assert_eq!(console(&l), "tolist([\n  <<-EOT\n  a\n  b\n  EOT,\n])");
    }

    #[test]
    fn console_renders_multiline_keys_as_heredocs() {
        let v = map(Type::Number, &[("a\nb", n(1))]);
        assert_eq!(console(&v), "tomap({\n  <<-EOT\n  a\n  b\n  EOT = 1\n})");
    }

    #[test]
    fn heredoc_delimiter_grows_while_a_trimmed_line_equals_it() {
        assert_eq!(console(&s("EOT\nx")), "<<EOT_\nEOT\nx\nEOT_");
        assert_eq!(console(&s("a\n  EOT\t\nEOT_\nb")), "<<EOT__\na\n  EOT\t\nEOT_\nb\nEOT__");
        // Go's TrimSpace trims Unicode white space too.
        assert_eq!(console(&s("\u{a0}EOT\u{3000}\nx")), "<<EOT_\n\u{a0}EOT\u{3000}\nx\nEOT_");
        // Not equal after trimming: no clash.
        assert_eq!(console(&s("EOTX\nxEOT")), "<<EOT\nEOTX\nxEOT\nEOT");
        // Lines are not escaped inside a heredoc.
        assert_eq!(console(&s("\"q\"\t\u{7}\n\\")), "<<EOT\n\"q\"\t\u{7}\n\\\nEOT");
    }

    #[test]
    fn console_hides_sensitive_values_wherever_marked() {
        assert_eq!(console(&sensitive(s("x"))), "(sensitive value)");
        assert_eq!(console(&sensitive(Value::null(Type::String))), "(sensitive value)");
        let v = obj(&[("a", sensitive(s("x"))), ("b", Value::list(Type::Number, vec![n(1), sensitive(n(2))]))]);
        assert_eq!(
            console(&v),
            "{\n  \"a\" = (sensitive value)\n  \"b\" = tolist([\n    1,\n    (sensitive value),\n  ])\n}"
        );
        assert_eq!(console(&sensitive(v)), "(sensitive value)");
    }

    #[test]
    fn console_prints_unknown_as_known_after_apply_even_if_sensitive() {
        assert_eq!(console(&Value::unknown(Type::String)), "(known after apply)");
        assert_eq!(console(&sensitive(Value::unknown(Type::String))), "(known after apply)");
        assert_eq!(console(&Value::tuple(vec![Value::unknown(Type::Number)])), "[\n  (known after apply),\n]");
    }

    /// Leaks `v`: dropping a 10,000-level value is itself recursive (not this
    /// module's concern), the renderers must not be.
    fn deep_list(depth: usize) -> &'static Value {
        let mut v = n(1);
        for _ in 0..depth {
            let ty = v.ty.clone();
            v = Value::list(ty, vec![v]);
        }
        Box::leak(Box::new(v))
    }

    /// Runs `f` on a thread with a 128 KiB stack: far too small for a
    /// recursive walk of thousands of levels.
    fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        std::thread::Builder::new().stack_size(128 << 10).spawn(f).unwrap().join().unwrap()
    }

    #[test]
    fn renderers_do_not_recurse_on_deep_values() {
        let v = deep_list(3_000); // console output grows with depth squared
        let c = on_small_stack(move || console(v));
        assert!(c.starts_with("tolist([\n  tolist([\n"));
        assert_eq!(c.matches("tolist([").count(), 3_000);
        assert!(c.ends_with("\n  ]),\n])"));

        let depth = 10_000;
        let v = deep_list(depth);
        let j = on_small_stack(move || json_value(v));
        assert_eq!(j, format!("{}1{}", "[".repeat(depth), "]".repeat(depth)));
        let t = on_small_stack(move || json_type(&v.ty));
        assert_eq!(t, format!("{}\"number\"{}", "[\"list\",".repeat(depth), "]".repeat(depth)));
    }

    #[test]
    fn json_value_writes_cty_json() {
        let v = obj(&[
            ("s", s("x")),
            ("n", n(-3)),
            ("b", Value::bool(false)),
            ("z", Value::null(Type::String)),
            ("l", Value::list(Type::Number, vec![n(1), n(2)])),
            ("e", Value::set(Type::String, vec![])),
            ("m", map(Type::Bool, &[("k2", Value::bool(true)), ("k1", Value::bool(false))])),
            ("t", Value::tuple(vec![s("a"), Value::null(Type::Dynamic)])),
        ]);
        assert_eq!(
            json_value(&v),
            r#"{"b":false,"e":[],"l":[1,2],"m":{"k1":false,"k2":true},"n":-3,"s":"x","t":["a",null],"z":null}"#
        );
        assert_eq!(json_value(&Value::null(Type::Dynamic)), "null");
        // ctyjson refuses unknown values, wherever they are.
        let partly_unknown = obj(&[("a", n(1)), ("b", Value::unknown(Type::Number))]);
        assert_eq!(json_value_known(&partly_unknown), None);
        assert_eq!(json_value_known(&obj(&[("a", n(1))])).as_deref(), Some(r#"{"a":1}"#));
        assert_eq!(json_value(&sensitive(s("x"))), r#""x""#);
    }

    #[test]
    fn json_value_escapes_strings_as_go_encoding_json() {
        for (input, want) in [
            ("plain é 😀", r#""plain é 😀""#),
            ("\"\\", r#""\"\\""#),
            ("\n\r\t\x08\x0c", r#""\n\r\t\b\f""#),
            ("\x00\x01\x0b\x1f", r#""\u0000\u0001\u000b\u001f""#),
            ("<a>&", r#""\u003ca\u003e\u0026""#),
            ("ok\"x\\y<z\nw é", r#""ok\"x\\y\u003cz\nw é""#),
            ("\u{2028}\u{2029}", r#""\u2028\u2029""#),
            ("\x7f\u{85}\u{ad}\u{feff}", "\"\x7f\u{85}\u{ad}\u{feff}\""),
            // Other characters starting with the byte of U+2028 (0xE2) stay.
            ("\u{2027}\u{202a}\u{20ac}\u{2800}", "\"\u{2027}\u{202a}\u{20ac}\u{2800}\""),
            ("a\u{2028}b\u{2029}", r#""a\u2028b\u2029""#),
            ("\u{2029}<", r#""\u2029\u003c""#),
        ] {
            assert_eq!(json_value(&s(input)), want, "{input:?}");
        }
        assert_eq!(json_value(&map(Type::Number, &[("<k>", n(1))])), r#"{"\u003ck\u003e":1}"#);
    }

    #[test]
    fn json_value_wraps_values_declared_dynamic() {
        // A container declaring an element `dynamic` but holding a typed value
        // (never made by conversion) is written as ctyjson would: wrapped.
        let mut v = obj(&[("a", s("x"))]);
        v.ty = Type::object([("a".to_string(), Type::Dynamic)].into_iter().collect());
        assert_eq!(json_value(&v), r#"{"a":{"value":"x","type":"string"}}"#);
    }

    #[test]
    fn json_type_writes_cty_type_json() {
        let o: BTreeMap<String, Type> =
            [("b".to_string(), Type::Number), ("a<".to_string(), Type::list(Type::Dynamic))].into_iter().collect();
        for (ty, want) in [
            (Type::String, r#""string""#),
            (Type::Number, r#""number""#),
            (Type::Bool, r#""bool""#),
            (Type::Dynamic, r#""dynamic""#),
            (Type::list(Type::String), r#"["list","string"]"#),
            (Type::set(Type::map(Type::Bool)), r#"["set",["map","bool"]]"#),
            (Type::tuple(vec![]), r#"["tuple",[]]"#),
            (Type::tuple(vec![Type::String, Type::Number]), r#"["tuple",["string","number"]]"#),
            (Type::empty_object(), r#"["object",{}]"#),
            (Type::object(o.clone()), r#"["object",{"a\u003c":["list","dynamic"],"b":"number"}]"#),
            (
                Type::object_with_optional(o, ["b".to_string()].into_iter().collect()),
                r#"["object",{"a\u003c":["list","dynamic"],"b":"number"},["b"]]"#,
            ),
        ] {
            assert_eq!(json_type(&ty), want, "{ty}");
        }
    }
}
