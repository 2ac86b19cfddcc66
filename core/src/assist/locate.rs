//! Where the cursor is: a tolerant scan of a value file's text (the
//! variable, the keys and indexes down to the cursor, key or value).

use super::*;

/// One step down a value: an object key (or a map key), or a list, set or
/// tuple index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// What is written at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// A name: a variable at the top level, an attribute in an object.
    Key,
    /// A value (of the attribute or element the path ends with).
    Value,
    /// Somewhere no variable's value is at a known place (inside a call,
    /// before a JSON file's object).
    Other,
}

/// Where the cursor is in a value file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// From the variable down to the container the cursor is in (for
    /// [`At::Value`], down to the value itself).
    pub path: Vec<Seg>,
    pub at: At,
    /// The word under the cursor (a name, a literal, a string's inside), or
    /// an empty range at the cursor.
    pub word: Range<usize>,
    /// The key under the cursor, if the cursor is on one.
    pub key: Option<String>,
    /// The keys the enclosing object (or the file) already has, before and
    /// after the cursor.
    pub written: Vec<String>,
    /// The enclosing object's opening and closing braces (None: the file's
    /// top level, or not closed).
    pub open: Option<usize>,
    pub close: Option<usize>,
    /// Whether the cursor is inside a string (or a heredoc).
    pub quoted: bool,
}

impl Located {
    /// [`Located::written`] as a set, for the look-ups of a completion
    /// (one per candidate name: a value file may set thousands).
    pub fn written_names(&self) -> std::collections::HashSet<&str> {
        self.written.iter().map(String::as_str).collect()
    }

    /// Whether a name is written elsewhere in the enclosing object (not the
    /// key under the cursor): what a completion leaves out.
    pub fn written_elsewhere(&self) -> impl Fn(&str) -> bool + '_ {
        let names = self.written_names();
        move |n| names.contains(n) && self.key.as_deref() != Some(n)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    /// A string's inside (empty for a heredoc), and whether it is closed.
    Str(String, bool),
    Open(u8),
    Close(u8),
    Eq,
    Comma,
    Newline,
    Other,
}

/// Tokens of HCL's native syntax or JSON, with byte ranges: comments are
/// dropped, strings and heredocs are one token, interpolations are skipped.
fn tokens(text: &str, json: bool) -> Vec<(Tok, Range<usize>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b'\n' => {
                i += 1;
                if !json {
                    out.push((Tok::Newline, start..i));
                }
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b'#' => i = text[i..].find('\n').map_or(b.len(), |n| i + n),
            b'/' if b.get(i + 1) == Some(&b'/') => i = text[i..].find('\n').map_or(b.len(), |n| i + n),
            b'/' if b.get(i + 1) == Some(&b'*') => i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2),
            b'"' => {
                i += 1;
                let mut depth = 0usize;
                while i < b.len() {
                    match b[i] {
                        b'\\' => i += 1,
                        b'$' | b'%' if !json && b.get(i + 1) == Some(&b'{') => {
                            depth += 1;
                            i += 1;
                        }
                        b'}' if depth > 0 => depth -= 1,
                        b'"' if depth == 0 => break,
                        b'\n' if depth == 0 => break,
                        _ => {}
                    }
                    i += 1;
                }
                let closed = b.get(i) == Some(&b'"');
                // An unclosed string ends before its line's end.
                let end = if closed { i + 1 } else { i.min(b.len()) };
                let inner = text.get(start + 1..i.min(b.len())).unwrap_or("").to_string();
                i = end;
                out.push((Tok::Str(inner, closed), start..end));
            }
            b'<' if !json && b.get(i + 1) == Some(&b'<') => {
                // A heredoc: up to the line that is its marker.
                let line_end = text[i..].find('\n').map_or(b.len(), |n| i + n);
                let marker = text[i + 2..line_end].trim_start_matches('-').trim().to_string();
                i = line_end;
                let mut closed = false;
                if !marker.is_empty() {
                    while i < b.len() {
                        let next = text[i + 1..].find('\n').map_or(b.len(), |n| i + 1 + n);
                        let line = text.get(i + 1..next).unwrap_or("");
                        i = next;
                        if line.trim() == marker {
                            closed = true;
                            break;
                        }
                    }
                }
                out.push((Tok::Str(String::new(), closed), start..i));
            }
            b'{' | b'[' | b'(' => {
                i += 1;
                out.push((Tok::Open(c), start..i));
            }
            b'}' | b']' | b')' => {
                i += 1;
                out.push((Tok::Close(c), start..i));
            }
            b'=' if b.get(i + 1) != Some(&b'=') && b.get(i + 1) != Some(&b'>') => {
                i += 1;
                out.push((Tok::Eq, start..i));
            }
            b':' => {
                i += 1;
                out.push((Tok::Eq, start..i));
            }
            b',' => {
                i += 1;
                out.push((Tok::Comma, start..i));
            }
            _ if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 => {
                while i < b.len()
                    && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-' || b[i] == b'.' || b[i] >= 0x80)
                {
                    i += 1;
                }
                out.push((Tok::Word(text[start..i].to_string()), start..i));
            }
            _ => {
                i += 1;
                out.push((Tok::Other, start..i));
            }
        }
    }
    out
}

/// A container being scanned.
struct Frame {
    kind: u8,
    open: Option<usize>,
    /// The segment that led into it (none for the file).
    seg: Option<Seg>,
    expect_key: bool,
    pending: Option<(String, Range<usize>)>,
    current: Option<String>,
    index: usize,
    keys: Vec<String>,
}

impl Frame {
    fn new(kind: u8, seg: Option<Seg>) -> Frame {
        Frame {
            kind,
            open: None,
            seg,
            expect_key: kind != b'[',
            pending: None,
            current: None,
            index: 0,
            keys: Vec::new(),
        }
    }
}

/// Where `byte` is in the value file `text` (`json`: a `.tfvars.json`): a
/// tolerant scan of the text, not the parser (a file being typed is seldom
/// complete). Never panics, whatever the text.
pub fn locate(text: &str, byte: usize, json: bool) -> Located {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte -= 1;
    }
    let toks = tokens(text, json);
    // JSON's outer object is the file's top level.
    let mut stack: Vec<Frame> = if json { Vec::new() } else { vec![Frame::new(b'T', None)] };
    let mut found: Option<(Located, usize)> = None;
    let path_of = |stack: &[Frame]| -> Vec<Seg> { stack.iter().filter_map(|f| f.seg.clone()).collect() };
    let snapshot = |stack: &[Frame], word: Range<usize>, on: Option<&(Tok, Range<usize>)>| -> Located {
        let quoted = matches!(on, Some((Tok::Str(..), _)));
        let nowhere = |word| Located {
            path: Vec::new(),
            at: At::Other,
            word,
            key: None,
            written: Vec::new(),
            open: None,
            close: None,
            quoted,
        };
        let Some(top) = stack.last() else { return nowhere(word) };
        // Inside a call's parentheses, or a bracket no path leads to: no
        // variable's value at a known place.
        if stack.iter().enumerate().any(|(i, f)| f.kind == b'(' || (i > 0 && f.seg.is_none())) {
            return nowhere(word);
        }
        let open = top.open;
        let mut path = path_of(stack);
        let key_tok = match on {
            Some((Tok::Word(w) | Tok::Str(w, _), _)) if top.expect_key => Some(w.clone()),
            _ => None,
        };
        if top.expect_key {
            Located { path, at: At::Key, word, key: key_tok, written: Vec::new(), open, close: None, quoted }
        } else {
            if top.kind == b'[' {
                path.push(Seg::Index(top.index));
            } else if let Some(c) = &top.current {
                path.push(Seg::Key(c.clone()));
            }
            Located { path, at: At::Value, word, key: None, written: Vec::new(), open, close: None, quoted }
        }
    };
    for tok in &toks {
        let (t, r) = tok;
        if found.is_none() {
            let closed = matches!(t, Tok::Str(_, true));
            let on = match t {
                Tok::Word(_) => r.start <= byte && byte <= r.end,
                Tok::Str(..) => r.start < byte && (byte < r.end || (!closed && byte == r.end)),
                _ => false,
            };
            if on {
                let word = if matches!(t, Tok::Str(..)) {
                    (r.start + 1).min(r.end)..if closed { r.end - 1 } else { r.end }
                } else {
                    r.clone()
                };
                found = Some((snapshot(&stack, word, Some(tok)), stack.len()));
            } else if r.start >= byte {
                found = Some((snapshot(&stack, byte..byte, None), stack.len()));
            }
        }
        match t {
            Tok::Word(w) | Tok::Str(w, _) => {
                if let Some(f) = stack.last_mut() {
                    if f.expect_key && f.kind != b'(' && f.kind != b'[' {
                        f.pending = Some((w.clone(), r.clone()));
                    }
                }
            }
            Tok::Eq => {
                if let Some(f) = stack.last_mut() {
                    if f.expect_key {
                        if let Some((k, _)) = f.pending.take() {
                            f.keys.push(k.clone());
                            f.current = Some(k);
                        }
                        f.expect_key = false;
                    }
                }
            }
            Tok::Open(c) => {
                let seg = match stack.last() {
                    None => None,
                    Some(f) if f.kind == b'[' => Some(Seg::Index(f.index)),
                    Some(f) if f.kind == b'(' => None,
                    Some(f) => f.current.clone().map(Seg::Key),
                };
                let mut frame = Frame::new(*c, seg);
                frame.open = Some(r.start);
                if *c == b'(' {
                    frame.expect_key = false;
                }
                stack.push(frame);
            }
            Tok::Close(_) => {
                // Closing the container the cursor is in: its keys are complete.
                if let Some((loc, depth)) = &mut found {
                    if *depth == stack.len() && loc.written.is_empty() {
                        loc.written = stack.last().map(|f| f.keys.clone()).unwrap_or_default();
                        loc.close = Some(r.start);
                        *depth = usize::MAX;
                    }
                }
                if stack.len() > usize::from(!json) {
                    stack.pop();
                }
            }
            Tok::Comma => {
                if let Some(f) = stack.last_mut() {
                    if f.kind == b'[' {
                        f.index += 1;
                    } else if f.kind != b'(' {
                        f.expect_key = true;
                        f.pending = None;
                    }
                }
            }
            Tok::Newline => {
                if let Some(f) = stack.last_mut() {
                    if f.kind == b'{' || f.kind == b'T' {
                        f.expect_key = true;
                        f.pending = None;
                    }
                }
            }
            Tok::Other => {}
        }
    }
    let (mut loc, depth) = found.unwrap_or_else(|| (snapshot(&stack, byte..byte, None), stack.len()));
    if depth != usize::MAX {
        if let Some(f) = stack.get(depth.saturating_sub(1)) {
            loc.written = f.keys.clone();
        }
    }
    loc
}

/// The names a value file writes at its top level (in JSON, in its outer
/// object), by the tolerant scan: a file with a syntax error has them too.
pub(super) fn top_keys(src: &str, json: bool) -> Vec<String> {
    let at = if json { src.find('{').map_or(0, |i| i + 1) } else { 0 };
    locate(src, at, json).written
}
