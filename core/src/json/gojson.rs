//! The syntax checks `ctyjson.ImpliedType` gets from Go's `encoding/json`
//! token decoder, with its error texts: which input it rejects, and how it
//! says so (its token state machine and value scanner, re-created here).

/// `Err((message, byte offset of the offending character))`.
pub fn check(src: &str) -> Result<(), (String, usize)> {
    let mut d = Dec { b: src.as_bytes(), p: 0, state: St::TopValue, stack: Vec::new() };
    d.implied_type(0)?;
    if d.more() {
        return Err(("extraneous data after JSON object".into(), d.p));
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum St {
    TopValue,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

enum Tok {
    Delim(u8),
    Str,
    Scalar,
}

struct Dec<'a> {
    b: &'a [u8],
    p: usize,
    state: St,
    stack: Vec<St>,
}

type R<T> = Result<T, (String, usize)>;

/// Go's `quoteChar`: a byte as a quoted character (bytes above 0x7f read as Latin-1).
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".into(),
        b'"' => "'\"'".into(),
        b'\\' => "'\\\\'".into(),
        b'\n' => "'\\n'".into(),
        b'\r' => "'\\r'".into(),
        b'\t' => "'\\t'".into(),
        0x07 => "'\\a'".into(),
        0x08 => "'\\b'".into(),
        0x0c => "'\\f'".into(),
        0x0b => "'\\v'".into(),
        c if c < 0x20 || c == 0x7f => format!("'\\x{c:02x}'"),
        c if (0x80..0xa0).contains(&c) => format!("'\\u{c:04x}'"),
        0xad => "'\\u00ad'".into(),
        c => format!("'{}'", c as char),
    }
}

fn invalid(c: u8, context: &str, at: usize) -> (String, usize) {
    (format!("invalid character {}{context}", quote_char(c)), at)
}

impl Dec<'_> {
    fn peek(&mut self) -> Option<u8> {
        while self.p < self.b.len() && matches!(self.b[self.p], b' ' | b'\t' | b'\r' | b'\n') {
            self.p += 1;
        }
        self.b.get(self.p).copied()
    }

    fn more(&mut self) -> bool {
        matches!(self.peek(), Some(c) if c != b']' && c != b'}')
    }

    fn value_allowed(&self) -> bool {
        matches!(self.state, St::TopValue | St::ArrayStart | St::ArrayValue | St::ObjectValue)
    }

    fn value_end(&mut self) {
        self.state = match self.state {
            St::ArrayStart | St::ArrayValue => St::ArrayComma,
            St::ObjectValue => St::ObjectComma,
            s => s,
        };
    }

    fn token_error(&self, c: u8) -> (String, usize) {
        let context = match self.state {
            St::TopValue | St::ArrayStart | St::ArrayValue | St::ObjectValue => " looking for beginning of value",
            St::ArrayComma => " after array element",
            St::ObjectKey => " looking for beginning of object key string",
            St::ObjectColon => " after object key",
            St::ObjectComma => " after object key:value pair",
            St::ObjectStart => "",
        };
        invalid(c, context, self.p)
    }

    /// `Decoder.Token`.
    fn token(&mut self) -> R<Tok> {
        loop {
            let Some(c) = self.peek() else {
                return Err(("EOF".into(), self.p));
            };
            match c {
                b'[' | b'{' => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    self.p += 1;
                    self.stack.push(self.state);
                    self.state = if c == b'[' { St::ArrayStart } else { St::ObjectStart };
                    return Ok(Tok::Delim(c));
                }
                b']' | b'}' => {
                    let ok = if c == b']' {
                        matches!(self.state, St::ArrayStart | St::ArrayComma)
                    } else {
                        matches!(self.state, St::ObjectStart | St::ObjectComma)
                    };
                    if !ok {
                        return Err(self.token_error(c));
                    }
                    self.p += 1;
                    self.state = self.stack.pop().unwrap_or(St::TopValue);
                    self.value_end();
                    return Ok(Tok::Delim(c));
                }
                b':' => {
                    if self.state != St::ObjectColon {
                        return Err(self.token_error(c));
                    }
                    self.p += 1;
                    self.state = St::ObjectValue;
                }
                b',' => {
                    if self.state == St::ArrayComma {
                        self.p += 1;
                        self.state = St::ArrayValue;
                    } else if self.state == St::ObjectComma {
                        self.p += 1;
                        self.state = St::ObjectKey;
                    } else {
                        return Err(self.token_error(c));
                    }
                }
                b'"' if matches!(self.state, St::ObjectStart | St::ObjectKey) => {
                    self.read_value()?;
                    self.state = St::ObjectColon;
                    return Ok(Tok::Str);
                }
                _ => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    self.read_value()?;
                    self.value_end();
                    return Ok(Tok::Scalar);
                }
            }
        }
    }

    /// One scalar value, as `Decoder.Decode` reads it with Go's scanner.
    fn read_value(&mut self) -> R<()> {
        let b = self.b;
        let eof = |p: usize| ("unexpected EOF".to_string(), p);
        let mut i = self.p;
        let at = |i: usize| b.get(i).copied();
        match at(i) {
            Some(b'"') => {
                i += 1;
                loop {
                    match at(i) {
                        None => return Err(eof(i)),
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        Some(b'\\') => {
                            i += 1;
                            match at(i) {
                                None => return Err(eof(i)),
                                Some(b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"') => i += 1,
                                Some(b'u') => {
                                    i += 1;
                                    for _ in 0..4 {
                                        match at(i) {
                                            None => return Err(eof(i)),
                                            Some(h) if h.is_ascii_hexdigit() => i += 1,
                                            Some(h) => {
                                                return Err(invalid(h, " in \\u hexadecimal character escape", i))
                                            }
                                        }
                                    }
                                }
                                Some(e) => return Err(invalid(e, " in string escape code", i)),
                            }
                        }
                        Some(c) if c < 0x20 => return Err(invalid(c, " in string literal", i)),
                        Some(_) => i += 1,
                    }
                }
            }
            Some(b'-' | b'0'..=b'9') => {
                if at(i) == Some(b'-') {
                    i += 1;
                    match at(i) {
                        None => return Err(eof(i)),
                        Some(b'0'..=b'9') => {}
                        Some(c) => return Err(invalid(c, " in numeric literal", i)),
                    }
                }
                if at(i) == Some(b'0') {
                    i += 1;
                } else {
                    while matches!(at(i), Some(b'0'..=b'9')) {
                        i += 1;
                    }
                }
                if at(i) == Some(b'.') {
                    i += 1;
                    match at(i) {
                        None => return Err(eof(i)),
                        Some(b'0'..=b'9') => {}
                        Some(c) => return Err(invalid(c, " after decimal point in numeric literal", i)),
                    }
                    while matches!(at(i), Some(b'0'..=b'9')) {
                        i += 1;
                    }
                }
                if matches!(at(i), Some(b'e' | b'E')) {
                    i += 1;
                    if matches!(at(i), Some(b'+' | b'-')) {
                        i += 1;
                    }
                    match at(i) {
                        None => return Err(eof(i)),
                        Some(b'0'..=b'9') => {}
                        Some(c) => return Err(invalid(c, " in exponent of numeric literal", i)),
                    }
                    while matches!(at(i), Some(b'0'..=b'9')) {
                        i += 1;
                    }
                }
            }
            Some(c @ (b't' | b'f' | b'n')) => {
                let word: &[u8] = match c {
                    b't' => b"true",
                    b'f' => b"false",
                    _ => b"null",
                };
                let name = std::str::from_utf8(word).unwrap_or("");
                for (k, w) in word.iter().enumerate().skip(1) {
                    match at(i + k) {
                        None => return Err(eof(i + k)),
                        Some(x) if x == *w => {}
                        Some(x) => {
                            return Err(invalid(
                                x,
                                &format!(" in literal {name} (expecting {})", quote_char(*w)),
                                i + k,
                            ));
                        }
                    }
                }
                i += word.len();
            }
            Some(c) => return Err(invalid(c, " looking for beginning of value", i)),
            None => return Err(eof(i)),
        }
        self.p = i;
        Ok(())
    }

    /// `impliedType`: reads one value's tokens.
    fn implied_type(&mut self, depth: u32) -> R<()> {
        let t = self.token()?;
        self.implied_for(t, depth)
    }

    fn implied_for(&mut self, t: Tok, depth: u32) -> R<()> {
        // `depth` counts from 0: more than MAX_DEPTH levels is refused.
        if depth >= crate::hcl::parse::MAX_DEPTH {
            return Err(("Value too deeply nested".into(), self.p));
        }
        match t {
            Tok::Delim(b'{') => loop {
                match self.token()? {
                    Tok::Delim(_) => return Ok(()),
                    Tok::Str => {
                        let v = self.token()?;
                        self.implied_for(v, depth + 1)?;
                    }
                    Tok::Scalar => return Err(("expected string but found json.Number".into(), self.p)),
                }
            },
            Tok::Delim(b'[') => loop {
                match self.token()? {
                    Tok::Delim(b']') => return Ok(()),
                    v => self.implied_for(v, depth + 1)?,
                }
            },
            Tok::Delim(c) => Err((format!("unexpected token {}", quote_char(c)), self.p)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn go_decoder_messages_for_cty_json() {
        let table: &[(&str, Option<&str>)] = &[
            ("{\"a\": [1, true]}", None),
            ("1}, \"w\": {", None),
            ("", Some("EOF")),
            ("[1", Some("EOF")),
            ("01", Some("extraneous data after JSON object")),
            ("1.", Some("unexpected EOF")),
            ("nul", Some("unexpected EOF")),
            ("\"\\x\"", Some("invalid character 'x' in string escape code")),
            ("{\"a\": 1,}", Some("invalid character '}' looking for beginning of object key string")),
            ("[1,]", Some("invalid character ']' looking for beginning of value")),
            ("[1 2]", Some("invalid character '2' after array element")),
            ("{\"a\" 1}", Some("invalid character '1' after object key")),
            ("{1: 2}", Some("invalid character '1'")),
            ("tru", Some("unexpected EOF")),
            ("trUe", Some("invalid character 'U' in literal true (expecting 'u')")),
            ("x", Some("invalid character 'x' looking for beginning of value")),
            ("-x", Some("invalid character 'x' in numeric literal")),
            ("\"a\nb\"", Some("invalid character '\\n' in string literal")),
        ];
        for (src, want) in table {
            assert_eq!(check(src).err().map(|e| e.0), want.map(str::to_string), "{src:?}");
        }
    }
}
