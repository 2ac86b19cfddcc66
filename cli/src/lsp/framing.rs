//! The messages on the wire: LSP's `Content-Length` frames read from
//! standard input and written to standard output. The frames are read here
//! rather than by `lsp_server::Connection`: a malformed message gets an
//! error response and the server goes on (the crate's reader ends the
//! connection), and a frame's size is bounded ([`MAX_FRAME`]).

use std::io::{BufRead, Read, Write};
#[cfg(not(target_os = "wasi"))]
use std::sync::mpsc;

use lsp_server::{ErrorCode, Message};
use serde_json::{json, Value as J};

/// A frame larger than this is read and dropped (an error response).
const MAX_FRAME: usize = 1 << 30;

/// What the reader thread passes on.
pub(super) enum Incoming {
    Message(Message),
    /// A frame that is not a JSON-RPC message: the error response to send.
    Bad(J),
}

/// Reads one frame's body: Ok(None) at the end of the input; Err: the
/// header could not be read (the text of the error).
fn read_frame(r: &mut impl BufRead) -> std::io::Result<Option<Result<Vec<u8>, String>>> {
    let mut size: Option<usize> = None;
    let mut line = Vec::new();
    let mut any = false;
    loop {
        line.clear();
        if r.by_ref().take(64 << 10).read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if any {
                break;
            }
            continue;
        }
        any = true;
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                size = value.trim().parse().ok();
            }
        }
    }
    let Some(size) = size else { return Ok(Some(Err("no valid Content-Length header".into()))) };
    if size > MAX_FRAME {
        // The header gave the size: the body is skipped, never kept.
        std::io::copy(&mut r.by_ref().take(size as u64), &mut std::io::sink())?;
        return Ok(Some(Err("message too large".into())));
    }
    let mut body = Vec::new();
    r.by_ref().take(size as u64).read_to_end(&mut body)?;
    if body.len() < size {
        return Ok(None);
    }
    Ok(Some(Ok(body)))
}

fn error_response(id: J, code: i32, message: &str) -> J {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// A frame's body as a message, or the error response it gets.
fn parse_message(body: &[u8]) -> Incoming {
    let v: J = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Bad(error_response(J::Null, ErrorCode::ParseError as i32, &format!("Parse error: {e}")))
        }
    };
    let id = v.get("id").cloned().unwrap_or(J::Null);
    // An LSP id is an integer (32 bits) or a string; a message with a method
    // and any other id is no request, and not a notification either.
    if v.get("method").is_some()
        && v.get("id").is_some()
        && !(id.is_string() || id.as_i64().is_some_and(|n| i32::try_from(n).is_ok()))
    {
        return Incoming::Bad(error_response(
            J::Null,
            ErrorCode::InvalidRequest as i32,
            "Invalid request: the id is neither an integer nor a string",
        ));
    }
    match serde_json::from_value::<Message>(v) {
        Ok(m) => Incoming::Message(m),
        Err(e) => Incoming::Bad(error_response(id, ErrorCode::InvalidRequest as i32, &format!("Invalid request: {e}"))),
    }
}

/// The reader thread: passes on each frame of standard input until its end
/// (or until the server is gone).
#[cfg(not(target_os = "wasi"))]
pub(super) fn reader<T: From<Incoming>>(tx: mpsc::Sender<T>) {
    let stdin = std::io::stdin();
    let mut r = stdin.lock();
    loop {
        let incoming = match read_frame(&mut r) {
            Ok(None) | Err(_) => return,
            Ok(Some(Ok(body))) => parse_message(&body),
            Ok(Some(Err(e))) => Incoming::Bad(error_response(J::Null, ErrorCode::ParseError as i32, &e)),
        };
        if tx.send(incoming.into()).is_err() {
            return;
        }
    }
}

/// The frame read next as a message (None: the end of the input).
#[cfg(target_os = "wasi")]
pub(super) fn next_incoming(r: &mut impl BufRead) -> Option<Incoming> {
    Some(match read_frame(r) {
        Ok(None) | Err(_) => return None,
        Ok(Some(Ok(body))) => parse_message(&body),
        Ok(Some(Err(e))) => Incoming::Bad(error_response(J::Null, ErrorCode::ParseError as i32, &e)),
    })
}

/// Writes a JSON-RPC message that is no `lsp_server` message (the error
/// response to a bad frame).
pub(super) fn write_json(v: &J) {
    let text = v.to_string();
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "Content-Length: {}\r\n\r\n{}", text.len(), text);
    let _ = out.flush();
}

/// Writes a message to the client.
pub(super) fn send(m: Message) {
    let _ = m.write(&mut std::io::stdout().lock());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames() {
        let input = b"Content-Length: 2\r\n\r\n{}Content-Length: x\r\n\r\nContent-Length: 5\r\n\r\nabc";
        let mut r = std::io::BufReader::new(&input[..]);
        assert_eq!(read_frame(&mut r).unwrap(), Some(Ok(b"{}".to_vec())));
        assert!(matches!(read_frame(&mut r).unwrap(), Some(Err(_))));
        assert_eq!(read_frame(&mut r).unwrap(), None);
    }

    /// reliability-5 #8: a request whose id is not an LSP id (an integer or a
    /// string) gets InvalidRequest with a null id, never runs as a
    /// notification (an `exit` with such an id does not end the server).
    #[test]
    fn a_request_with_an_id_that_is_no_lsp_id_is_an_invalid_request() {
        for id in ["{\"a\":1}", "1099511627776", "1.5", "true", "[1]", "null"] {
            let body = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"exit\"}}");
            match parse_message(body.as_bytes()) {
                Incoming::Bad(r) => {
                    assert_eq!(r["id"], J::Null, "{id}");
                    assert_eq!(r["error"]["code"], ErrorCode::InvalidRequest as i32, "{id}");
                }
                Incoming::Message(m) => panic!("{id}: read as {m:?}"),
            }
        }
        for id in ["7", "\"seven\""] {
            let body = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"shutdown\"}}");
            assert!(matches!(parse_message(body.as_bytes()), Incoming::Message(Message::Request(_))), "{id}");
        }
    }

    /// reliability-5 #9: a frame over the cap is skipped, not read into memory.
    #[test]
    fn a_frame_over_the_cap_is_skipped_without_being_kept() {
        struct Endless(usize);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = buf.len().min(self.0);
                buf[..n].fill(b' ');
                self.0 -= n;
                Ok(n)
            }
        }
        let size = MAX_FRAME + 10;
        let header = format!("Content-Length: {size}\r\n\r\n");
        let mut r =
            std::io::BufReader::new(header.as_bytes().chain(Endless(size)).chain(&b"Content-Length: 2\r\n\r\n{}"[..]));
        assert!(matches!(read_frame(&mut r).unwrap(), Some(Err(_))));
        assert_eq!(read_frame(&mut r).unwrap(), Some(Ok(b"{}".to_vec())));
    }
}
