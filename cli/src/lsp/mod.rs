//! `tftype lsp`: a Language Server (LSP 3.17) over standard input and
//! output. The protocol glue only: the messages are rust-analyzer's
//! `lsp-server` types, the parameters and results `lsp-types`; what is said
//! about a module comes from core ([`tftype::editor`], [`tftype::assist`],
//! [`tftype::versionfile`]) and from `tftype check`'s own reading of a
//! module directory ([`crate::check::input_for`]).
//!
//! The frames are read here rather than by `lsp_server::Connection`: a
//! malformed message gets an error response and the server goes on (the
//! crate's reader ends the connection), and a frame's size is bounded.
//! Messages that arrive while a module is checked are all taken before the
//! next check, so a burst of edits costs one check (stale work is dropped,
//! never queued); a request cancelled (`$/cancelRequest`) before it is
//! answered gets `RequestCancelled`, and a panic inside one request fails
//! that request (logged on standard error) while the server goes on.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
#[cfg(not(target_os = "wasi"))]
use std::sync::mpsc;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types as lt;
use serde_json::{json, Value as J};
use tftype::editor;
use tftype::flavor::Flavor;
use tftype::i18n::{fill, Lang};

/// A frame larger than this is read and dropped (an error response).
const MAX_FRAME: usize = 1 << 30;

/// An open value file larger than this is checked, but gets no notes on its
/// values (the work of `check --explain`, which takes several times the
/// check's time and memory): one hint says so (reliability-5 #4).
const MAX_NOTES_BYTES: usize = 1 << 20;

/// What the reader thread passes on.
enum Incoming {
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

#[cfg(not(target_os = "wasi"))]
fn reader(tx: mpsc::Sender<Incoming>) {
    let stdin = std::io::stdin();
    let mut r = stdin.lock();
    loop {
        let incoming = match read_frame(&mut r) {
            Ok(None) | Err(_) => return,
            Ok(Some(Ok(body))) => parse_message(&body),
            Ok(Some(Err(e))) => Incoming::Bad(error_response(J::Null, ErrorCode::ParseError as i32, &e)),
        };
        if tx.send(incoming).is_err() {
            return;
        }
    }
}

fn write_json(v: &J) {
    let text = v.to_string();
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "Content-Length: {}\r\n\r\n{}", text.len(), text);
    let _ = out.flush();
}

fn send(m: Message) {
    let _ = m.write(&mut std::io::stdout().lock());
}

/// The globs of the files whose changes on disk the server hears of:
/// configuration, value files and the version files.
fn watched_globs() -> Vec<String> {
    let mut globs = vec!["**/*.{tf,tofu,tf.json,tofu.json,tfvars,tfvars.json}".to_string()];
    globs.extend(tftype::versionfile::FILES.iter().map(|f| format!("**/{f}")));
    globs
}

/// Asks the client to watch [`watched_globs`] (`client/registerCapability`;
/// its answer needs nothing done).
fn register_watchers() {
    let watchers: Vec<J> = watched_globs().into_iter().map(|g| json!({"globPattern": g})).collect();
    let params = json!({"registrations": [{"id": "tftype-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": {"watchers": watchers}}]});
    send(Message::Request(Request::new(
        "tftype/register-watchers".to_string().into(),
        "client/registerCapability".into(),
        params,
    )));
}

/// A file URI's path (`file:///a%20b/x.tf` → `/a b/x.tf`), with its dot
/// segments resolved (`/m/../x.tf` and `/m/%2e%2e/x.tf` are `/x.tf`, RFC 3986
/// 5.2.4; a percent-encoded dot is a dot, 6.2.2.2), so that one file is one
/// document whatever URI names it. A segment that decodes to a `/` (`%2F`)
/// or a NUL names no file: None.
fn uri_path(uri: &lt::Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let rest = s.strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let decode = |seg: &str| -> Option<Vec<u8>> {
        let bytes = seg.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' && i + 2 < bytes.len() {
                if let Some(b) =
                    std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    out.push(b);
                    i += 3;
                    continue;
                }
            }
            out.push(bytes[i]);
            i += 1;
        }
        (!out.contains(&b'/') && !out.contains(&0)).then_some(out)
    };
    let mut segments: Vec<Vec<u8>> = Vec::new();
    let raw: Vec<&str> = rest[1..].split('/').collect();
    for (i, seg) in raw.iter().enumerate() {
        let d = decode(seg)?;
        let dots = matches!(d.as_slice(), b"." | b"..");
        match d.as_slice() {
            b"." => {}
            b".." => {
                segments.pop();
            }
            _ => segments.push(d),
        }
        // A trailing dot segment leaves the directory itself.
        if i + 1 == raw.len() && dots {
            segments.push(Vec::new());
        }
    }
    let mut out = Vec::new();
    for seg in segments {
        out.push(b'/');
        out.extend(seg);
    }
    if out.is_empty() {
        out.push(b'/');
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Some(PathBuf::from(std::ffi::OsString::from_vec(out)))
    }
    #[cfg(not(unix))]
    {
        Some(PathBuf::from(String::from_utf8_lossy(&out).into_owned()))
    }
}

/// A path's file URI.
fn path_uri(p: &Path) -> Option<lt::Uri> {
    let mut s = String::from("file://");
    for b in p.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            s.push(*b as char);
        } else {
            s += &format!("%{b:02X}");
        }
    }
    s.parse().ok()
}

/// An open document.
struct Doc {
    text: String,
    version: i32,
}

/// Whether a file name is one the server reads.
fn is_document(name: &str) -> bool {
    tftype::module::decl::is_config_file(name) || editor::is_value_file(name)
}

/// Whether `dir` holds configuration files (on disk or open).
fn has_config(dir: &Path, docs: &BTreeMap<PathBuf, Doc>) -> bool {
    if docs.keys().any(|p| {
        p.parent() == Some(dir)
            && p.file_name().is_some_and(|n| tftype::module::decl::is_config_file(&n.to_string_lossy()))
    }) {
        return true;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    entries.flatten().take(100_000).any(|e| tftype::module::decl::is_config_file(&e.file_name().to_string_lossy()))
}

/// The module a file belongs to: a configuration file's directory; a value
/// file's nearest directory at or above it that holds configuration files.
fn module_of(path: &Path, docs: &BTreeMap<PathBuf, Doc>) -> Option<PathBuf> {
    let parent = path.parent()?;
    let name = path.file_name()?.to_string_lossy();
    if tftype::module::decl::is_config_file(&name) {
        return Some(parent.to_path_buf());
    }
    parent.ancestors().take(32).find(|d| has_config(d, docs)).map(Path::to_path_buf)
}

/// A path relative to a module directory, with `/` (None: not below it).
fn relative(dir: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(dir).ok()?;
    let parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    (!parts.is_empty()).then(|| parts.join("/"))
}

struct Server {
    utf8: bool,
    lang: Lang,
    flavor_setting: Option<String>,
    docs: BTreeMap<PathBuf, Doc>,
    /// Per module directory: the files last published (to clear later).
    published: BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    /// Modules whose newer-version message was shown.
    told_newer: BTreeSet<(PathBuf, String)>,
    dirty: BTreeSet<PathBuf>,
    /// A document was closed since the last check round: the round after it
    /// hands the memory its work freed back to the system ([`give_back_memory`]).
    closed: bool,
    /// Whether the client registers file watchers when asked
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    watch: bool,
    /// Per module: the flavor last logged (`window/logMessage`).
    told_flavor: BTreeMap<PathBuf, &'static str>,
    /// Links, notes, and the notes already told.
    extras: editor::Extras,
    initialized: bool,
    shutdown: bool,
}

/// Runs the server until `exit` (or the end of the input). Exit code 0 after
/// `shutdown`, else 1 (as the protocol asks).
#[cfg(not(target_os = "wasi"))]
pub fn run() -> i32 {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || reader(tx));
    let serve = std::thread::Builder::new().stack_size(crate::cli::STACK).spawn(move || serve(rx));
    match serve {
        Ok(h) => h.join().unwrap_or(1),
        Err(_) => 1,
    }
}

#[cfg(not(target_os = "wasi"))]
fn serve(rx: mpsc::Receiver<Incoming>) -> i32 {
    let mut s = Server::new();
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while let Ok(more) = rx.try_recv() {
            batch.push(more);
        }
        if let Some(code) = s.batch(batch) {
            return code;
        }
    }
    1
}

/// The frame read next as a message (None: the end of the input).
#[cfg(target_os = "wasi")]
fn next_incoming(r: &mut impl BufRead) -> Option<Incoming> {
    Some(match read_frame(r) {
        Ok(None) | Err(_) => return None,
        Ok(Some(Ok(body))) => parse_message(&body),
        Ok(Some(Err(e))) => Incoming::Bad(error_response(J::Null, ErrorCode::ParseError as i32, &e)),
    })
}

/// WebAssembly (wasm32-wasip1) has no threads: one loop reads and serves.
/// The messages already read into the buffer form a batch, as the reader
/// thread's do natively. A panic aborts the module there (no unwinding):
/// the host restarts the server.
#[cfg(target_os = "wasi")]
pub fn run() -> i32 {
    let mut s = Server::new();
    let mut r = std::io::BufReader::new(std::io::stdin());
    while let Some(first) = next_incoming(&mut r) {
        let mut batch = vec![first];
        while !r.buffer().is_empty() {
            match next_incoming(&mut r) {
                Some(m) => batch.push(m),
                None => break,
            }
        }
        if let Some(code) = s.batch(batch) {
            return code;
        }
    }
    1
}

#[cfg(target_os = "wasi")]
thread_local! {
    static PUMPED: std::cell::RefCell<Option<Server>> = const { std::cell::RefCell::new(None) };
}

/// The server for a host that cannot block on standard input (a browser's
/// Web Worker): the host puts whole frames on standard input and calls this;
/// the messages read up to the end of the input are served as one batch and
/// the answers written to standard output. -1: the server goes on; else
/// the exit code (`exit` came).
#[cfg(target_os = "wasi")]
pub fn pump() -> i32 {
    PUMPED.with(|cell| {
        let mut cell = cell.borrow_mut();
        let s = cell.get_or_insert_with(Server::new);
        let mut batch = Vec::new();
        {
            let mut r = std::io::stdin().lock();
            while let Some(m) = next_incoming(&mut r) {
                batch.push(m);
            }
        }
        if batch.is_empty() {
            return -1;
        }
        s.batch(batch).unwrap_or(-1)
    })
}

/// Whether a request is answered from the documents' texts alone (no
/// check of the module is needed first).
fn reads_documents(method: &str) -> bool {
    matches!(method, "textDocument/hover" | "textDocument/completion" | "textDocument/codeAction")
}

fn params<T: serde::de::DeserializeOwned>(v: J) -> Result<T, (ErrorCode, String)> {
    serde_json::from_value(v).map_err(|e| (ErrorCode::InvalidParams, format!("Invalid params: {e}")))
}

impl Server {
    fn new() -> Server {
        // A module is checked again after every edit: the files that did not
        // change are not parsed again, and a variable whose declaration and
        // value did not change keeps its final value and its rules' outcomes.
        tftype::module::kept::keep_variables();
        Server {
            utf8: false,
            lang: Lang::En,
            flavor_setting: None,
            docs: BTreeMap::new(),
            published: BTreeMap::new(),
            told_newer: BTreeSet::new(),
            dirty: BTreeSet::new(),
            closed: false,
            watch: false,
            told_flavor: BTreeMap::new(),
            extras: editor::Extras { link_base: Some(default_link_base()), ..Default::default() },
            initialized: false,
            shutdown: false,
        }
    }

    /// Serves the messages that arrived together, then checks the modules
    /// they changed. Some(exit code) when `exit` came.
    fn batch(&mut self, batch: Vec<Incoming>) -> Option<i32> {
        // Requests cancelled before they are answered are not worked on.
        let cancelled: BTreeSet<String> = batch
            .iter()
            .filter_map(|m| match m {
                Incoming::Message(Message::Notification(n)) if n.method == "$/cancelRequest" => {
                    n.params.get("id").map(J::to_string)
                }
                _ => None,
            })
            .collect();
        for m in batch {
            match m {
                Incoming::Bad(v) => write_json(&v),
                Incoming::Message(Message::Request(r))
                    if cancelled.contains(&serde_json::to_value(&r.id).unwrap_or(J::Null).to_string()) =>
                {
                    send(Message::Response(Response::new_err(
                        r.id,
                        ErrorCode::RequestCanceled as i32,
                        "cancelled".into(),
                    )));
                }
                Incoming::Message(Message::Request(r)) => {
                    // Hover, completion and code actions read the documents
                    // as the edits before them left them, not a check: the
                    // check of those edits waits for the end of the batch,
                    // so typing with a request per key costs no check per
                    // key (reliability-5 #2). Any other request sees the
                    // edits before it checked and published.
                    if !reads_documents(&r.method) {
                        self.flush();
                    }
                    self.request(r)
                }
                Incoming::Message(Message::Notification(n)) => {
                    if n.method == "exit" {
                        return Some(if self.shutdown { 0 } else { 1 });
                    }
                    let method = n.method.clone();
                    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.notification(n))).is_err() {
                        eprintln!("tftype lsp: the notification {method} failed (a panic)");
                    }
                }
                Incoming::Message(Message::Response(_)) => {}
            }
        }
        self.flush();
        None
    }

    /// Checks the modules edited since the last check.
    fn flush(&mut self) {
        let dirty = std::mem::take(&mut self.dirty);
        if dirty.is_empty() {
            return;
        }
        for dir in dirty {
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.publish(&dir))).is_err() {
                eprintln!("tftype lsp: checking {} failed (a panic)", dir.display());
            }
        }
        tftype::valueparse::kept::end_round();
        give_back_memory(std::mem::take(&mut self.closed));
    }

    fn request(&mut self, r: Request) {
        let id = r.id.clone();
        let method = r.method.clone();
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.answer(r)));
        let response = match answer {
            Ok(Ok(v)) => Response::new_ok(id, v),
            Ok(Err((code, msg))) => Response::new_err(id, code as i32, msg),
            Err(p) => {
                let text = p
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                eprintln!("tftype lsp: the request {method} failed (a panic): {text}");
                Response::new_err(id, ErrorCode::InternalError as i32, format!("internal error in {method}"))
            }
        };
        send(Message::Response(response));
    }

    fn answer(&mut self, r: Request) -> Result<J, (ErrorCode, String)> {
        if r.method == "initialize" {
            let p: lt::InitializeParams = params(r.params)?;
            return Ok(self.initialize(p));
        }
        if !self.initialized {
            return Err((ErrorCode::ServerNotInitialized, "the server is not initialized".into()));
        }
        if self.shutdown {
            return Err((ErrorCode::InvalidRequest, "the server is shutting down".into()));
        }
        match r.method.as_str() {
            "shutdown" => {
                self.shutdown = true;
                Ok(J::Null)
            }
            "textDocument/hover" => {
                let p: lt::HoverParams = params(r.params)?;
                let at = p.text_document_position_params;
                Ok(self
                    .hover(&at.text_document.uri, at.position)
                    .map_or(J::Null, |h| serde_json::to_value(h).unwrap_or(J::Null)))
            }
            "textDocument/completion" => {
                let p: lt::CompletionParams = params(r.params)?;
                let at = p.text_document_position;
                let items = self.complete(&at.text_document.uri, at.position);
                Ok(serde_json::to_value(lt::CompletionResponse::Array(items)).unwrap_or(J::Null))
            }
            "textDocument/codeAction" => {
                let p: lt::CodeActionParams = params(r.params)?;
                let actions = self.code_actions(&p.text_document.uri, p.range);
                Ok(serde_json::to_value(actions).unwrap_or(J::Null))
            }
            // For the tests of bad input: a handler that panics (debug builds
            // only, so that no client can make a released server panic).
            #[cfg(debug_assertions)]
            "tftype/panic" => panic!("tftype/panic was asked for"),
            _ => Err((ErrorCode::MethodNotFound, format!("unknown method {}", r.method))),
        }
    }

    fn initialize(&mut self, p: lt::InitializeParams) -> J {
        self.initialized = true;
        let offered = p.capabilities.general.as_ref().and_then(|g| g.position_encodings.as_ref());
        self.utf8 = offered.is_some_and(|l| l.contains(&lt::PositionEncodingKind::UTF8));
        let watched = p.capabilities.workspace.as_ref().and_then(|w| w.did_change_watched_files.as_ref());
        self.watch = watched.and_then(|w| w.dynamic_registration) == Some(true);
        #[allow(deprecated)]
        let locale = p.locale.clone();
        if let Some(l) = locale.as_deref().and_then(|l| Lang::parse(l.get(..2).unwrap_or(l))) {
            self.lang = l;
        }
        if let Some(f) = p.initialization_options.as_ref().and_then(flavor_in) {
            self.flavor_setting = Some(f);
        }
        if let Some(b) = p
            .initialization_options
            .as_ref()
            .and_then(|o| o.get("baseUrl").or_else(|| o.get("tftype").and_then(|t| t.get("baseUrl"))))
            .and_then(J::as_str)
        {
            if tftype::link::is_web_base(b) {
                self.extras.link_base = Some(b.to_string());
            }
        }
        let caps = lt::ServerCapabilities {
            position_encoding: Some(if self.utf8 {
                lt::PositionEncodingKind::UTF8
            } else {
                lt::PositionEncodingKind::UTF16
            }),
            text_document_sync: Some(lt::TextDocumentSyncCapability::Options(lt::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lt::TextDocumentSyncKind::FULL),
                save: Some(lt::TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            })),
            hover_provider: Some(lt::HoverProviderCapability::Simple(true)),
            completion_provider: Some(lt::CompletionOptions {
                trigger_characters: Some(vec!["\"".into()]),
                ..Default::default()
            }),
            code_action_provider: Some(lt::CodeActionProviderCapability::Options(lt::CodeActionOptions {
                code_action_kinds: Some(vec![lt::CodeActionKind::QUICKFIX]),
                ..Default::default()
            })),
            ..Default::default()
        };
        json!({
            "capabilities": caps,
            "serverInfo": {"name": "tftype", "version": env!("CARGO_PKG_VERSION")},
        })
    }

    fn notification(&mut self, n: Notification) {
        if !self.initialized {
            return;
        }
        match n.method.as_str() {
            "initialized" if self.watch => register_watchers(),
            "textDocument/didOpen" => {
                let Ok(p) = params::<lt::DidOpenTextDocumentParams>(n.params) else { return };
                if let Some(path) = self.document_path(&p.text_document.uri) {
                    self.docs
                        .insert(path.clone(), Doc { text: p.text_document.text, version: p.text_document.version });
                    self.touch(&path);
                }
            }
            "textDocument/didChange" => {
                let Ok(p) = params::<lt::DidChangeTextDocumentParams>(n.params) else { return };
                let Some(path) = self.document_path(&p.text_document.uri) else { return };
                let utf8 = self.utf8;
                if let Some(doc) = self.docs.get_mut(&path) {
                    for c in p.content_changes {
                        match c.range {
                            None => doc.text = c.text,
                            Some(r) => {
                                let lines = editor::Lines::new(&doc.text);
                                let a = lines.byte_of(r.start.line, r.start.character, utf8);
                                let b = lines.byte_of(r.end.line, r.end.character, utf8).max(a);
                                doc.text.replace_range(a..b, &c.text);
                            }
                        }
                    }
                    doc.version = p.text_document.version;
                    self.touch(&path);
                }
            }
            "textDocument/didSave" => {
                let Ok(p) = params::<lt::DidSaveTextDocumentParams>(n.params) else { return };
                if let Some(path) = self.document_path(&p.text_document.uri) {
                    if let (Some(t), Some(doc)) = (p.text, self.docs.get_mut(&path)) {
                        doc.text = t;
                    }
                    self.touch(&path);
                }
            }
            "textDocument/didClose" => {
                let Ok(p) = params::<lt::DidCloseTextDocumentParams>(n.params) else { return };
                if let Some(path) = self.document_path(&p.text_document.uri) {
                    let dir = module_of(&path, &self.docs);
                    self.docs.remove(&path);
                    self.closed = true;
                    if let Some(d) = dir {
                        self.dirty.insert(d);
                    }
                }
            }
            "workspace/didChangeConfiguration" => {
                let Ok(p) = params::<lt::DidChangeConfigurationParams>(n.params) else { return };
                let f = p.settings.get("tftype").and_then(flavor_in).or_else(|| flavor_in(&p.settings));
                if f != self.flavor_setting {
                    self.flavor_setting = f;
                    self.dirty.extend(self.published.keys().cloned());
                }
            }
            "workspace/didChangeWatchedFiles" => {
                // Only modules with an open document are checked again: a
                // checkout that touches a thousand modules reads none of
                // the others. A version file counts for the open modules
                // below its directory.
                let Ok(p) = params::<lt::DidChangeWatchedFilesParams>(n.params) else { return };
                let open: BTreeSet<PathBuf> = self.docs.keys().filter_map(|d| module_of(d, &self.docs)).collect();
                for c in p.changes {
                    let Some(path) = uri_path(&c.uri) else { continue };
                    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    if tftype::versionfile::FILES.contains(&name.as_str()) {
                        let Some(at) = path.parent() else { continue };
                        self.dirty.extend(open.iter().filter(|m| m.starts_with(at)).cloned());
                    } else if let Some(d) = module_of(&path, &self.docs).filter(|d| open.contains(d)) {
                        self.dirty.insert(d);
                    }
                }
            }
            _ => {}
        }
    }

    fn document_path(&self, uri: &lt::Uri) -> Option<PathBuf> {
        let p = uri_path(uri)?;
        is_document(&p.file_name()?.to_string_lossy()).then_some(p)
    }

    fn touch(&mut self, path: &Path) {
        if let Some(d) = module_of(path, &self.docs) {
            self.dirty.insert(d);
        }
    }

    /// Says in the client's log which version a module is checked as (and
    /// what chose it): once per module, and again when it changes.
    fn log_flavor(&mut self, dir: &Path, flavor: &'static Flavor) {
        if self.told_flavor.get(dir) == Some(&flavor.name) {
            return;
        }
        self.told_flavor.insert(dir.to_path_buf(), flavor.name);
        let label = flavor.label();
        let what = match (&self.flavor_setting, tftype::versionfile::find(dir)) {
            (Some(_), _) => fill(self.lang, "lsp.flavor_setting", &[("flavor", &label)]),
            (None, Some(c)) => c.describe(self.lang),
            (None, None) => fill(self.lang, "lsp.flavor_default", &[("flavor", &label)]),
        };
        let text = fill(self.lang, "lsp.flavor_log", &[("dir", &dir.display().to_string()), ("what", &what)]);
        send(Message::Notification(Notification::new("window/logMessage".into(), json!({"type": 4, "message": text}))));
    }

    /// The flavor for a module: the setting, else the version files, else
    /// the default (with the newer-version message, once).
    fn flavor_for(&mut self, dir: &Path) -> &'static Flavor {
        if let Some(f) = self.flavor_setting.as_deref().and_then(Flavor::lookup) {
            return f;
        }
        if let Some(c) = tftype::versionfile::find(dir) {
            if let Some(v) = &c.newer {
                if self.told_newer.insert((dir.to_path_buf(), v.clone())) {
                    let product = c.flavor.split('@').next().unwrap_or("");
                    let product = if product == "opentofu" { "OpenTofu" } else { "Terraform" };
                    let text = fill(
                        self.lang,
                        "lsp.newer_version",
                        &[
                            ("file", &c.file.display().to_string()),
                            ("product", product),
                            ("version", v),
                            ("flavor", c.flavor),
                        ],
                    );
                    send(Message::Notification(Notification::new(
                        "window/showMessage".into(),
                        json!({"type": 3, "message": text}),
                    )));
                }
            }
            if let Some(f) = Flavor::lookup(c.flavor) {
                return f;
            }
        }
        Flavor::default_flavor()
    }

    /// A module's files as the check reads them, the open documents'
    /// texts winning; the open value files of the module that Terraform
    /// does not load by itself; the files that could not be read.
    fn module_input(&self, dir: &Path) -> Option<crate::check::Loaded> {
        let mut l = crate::check::input_for(dir, ".", &[], &Default::default(), self.lang).ok()?;
        for (path, doc) in &self.docs {
            let Some(rel) = relative(dir, path) else { continue };
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if tftype::module::decl::is_config_file(&rel)
                || editor::is_auto_value_file(&rel)
                || (l.input.files.contains_key(&rel) && tftype::module::decl::is_config_file(&name))
            {
                l.input.files.insert(rel.clone(), doc.text.clone());
                l.problems.retain(|d| d.subject.as_ref().is_none_or(|s| s.filename != rel) && !d.detail.contains(&rel));
            }
        }
        Some(l)
    }

    /// The open value files of module `dir` that are not automatic ones.
    fn envs_of(&self, dir: &Path) -> Vec<(String, String)> {
        let mut envs = Vec::new();
        for (path, doc) in &self.docs {
            let Some(rel) = relative(dir, path) else { continue };
            if editor::is_value_file(&rel)
                && !editor::is_auto_value_file(&rel)
                && module_of(path, &self.docs).as_deref() == Some(dir)
            {
                envs.push((rel, doc.text.clone()));
            }
        }
        envs
    }

    /// Checks a module and publishes the diagnostics of each of its files.
    fn publish(&mut self, dir: &Path) {
        let flavor = self.flavor_for(dir);
        self.log_flavor(dir, flavor);
        let profile = flavor.profile();
        let mut files_now: BTreeSet<PathBuf> = BTreeSet::new();
        let mut texts: BTreeMap<String, String> = BTreeMap::new();
        if let Some(l) = self.module_input(dir) {
            let envs = self.envs_of(dir);
            // Notes on the values of the value files the editor has open.
            let open_values: Vec<(String, usize)> = self
                .docs
                .iter()
                .filter_map(|(p, d)| Some((relative(dir, p)?, d.text.len())))
                .filter(|(r, _)| editor::is_value_file(r))
                .collect();
            self.extras.notes_on =
                open_values.iter().filter(|(_, n)| *n <= MAX_NOTES_BYTES).map(|(r, _)| r.clone()).collect();
            let large: BTreeMap<String, usize> =
                open_values.into_iter().filter(|(_, n)| *n > MAX_NOTES_BYTES).collect();
            let by_file = editor::diagnostics(
                &l.input,
                &envs,
                &l.problems,
                &profile,
                crate::check::CALLS,
                self.lang,
                &mut self.extras,
            );
            texts.extend(l.input.files.iter().map(|(k, v)| (k.clone(), v.clone())));
            texts.extend(envs);
            // Each file's lines are found once, however many diagnostics
            // point into it (reliability-5 #3).
            let mut lines_of: BTreeMap<String, editor::Lines> = BTreeMap::new();
            for (file, diags) in by_file {
                let path = dir.join(&file);
                let Some(uri) = path_uri(&path) else { continue };
                let mut list: Vec<lt::Diagnostic> =
                    diags.iter().map(|d| self.diagnostic(d, &file, &mut lines_of, dir, &texts)).collect();
                if let Some(&size) = large.get(&file) {
                    let size = size.div_ceil(1 << 20).to_string();
                    let message = fill(
                        self.lang,
                        "lsp.notes_skipped_large",
                        &[("size", &size), ("limit", &(MAX_NOTES_BYTES >> 20).to_string())],
                    );
                    list.push(lt::Diagnostic {
                        range: lt::Range::default(),
                        severity: Some(lt::DiagnosticSeverity::HINT),
                        code: Some(lt::NumberOrString::String("tftype/notes-skipped".into())),
                        source: Some("tftype".into()),
                        message,
                        ..Default::default()
                    });
                }
                let version = self.docs.get(&path).map(|d| d.version);
                files_now.insert(path);
                let p = lt::PublishDiagnosticsParams { uri, diagnostics: list, version };
                send(Message::Notification(Notification::new("textDocument/publishDiagnostics".into(), p)));
            }
        }
        let before = self.published.insert(dir.to_path_buf(), files_now.clone()).unwrap_or_default();
        for gone in before.difference(&files_now) {
            if let Some(uri) = path_uri(gone) {
                let p = lt::PublishDiagnosticsParams { uri, diagnostics: vec![], version: None };
                send(Message::Notification(Notification::new("textDocument/publishDiagnostics".into(), p)));
            }
        }
    }

    /// A document's module, its name there, its text, and the input that
    /// reads it: the module's own (a configuration file, an automatic value
    /// file), or with the file as a `-var-file` (another value file).
    fn document_input(&mut self, uri: &lt::Uri) -> Option<(PathBuf, String, String, tftype::module::CheckInput)> {
        let path = self.document_path(uri)?;
        let dir = module_of(&path, &self.docs)?;
        let rel = relative(&dir, &path)?;
        let mut input = self.module_input(&dir)?.input;
        let text = match self.docs.get(&path) {
            Some(d) => d.text.clone(),
            None => input.files.get(&rel).cloned().or_else(|| tftype::versionfile::read_small(&path))?,
        };
        input.files.insert(rel.clone(), text.clone());
        let input = tftype::assist::reading(input, &rel);
        Some((dir, rel, text, input))
    }

    fn hover(&mut self, uri: &lt::Uri, at: lt::Position) -> Option<lt::Hover> {
        let (dir, rel, text, input) = self.document_input(uri)?;
        let profile = self.flavor_for(&dir).profile();
        let lines = editor::Lines::new(&text);
        let byte = lines.byte_of(at.line, at.character, self.utf8);
        let h = tftype::assist::hover(&input, &rel, byte, &profile, self.lang)?;
        Some(lt::Hover {
            contents: lt::HoverContents::Markup(lt::MarkupContent {
                kind: lt::MarkupKind::Markdown,
                value: h.markdown,
            }),
            range: Some(self.range(&lines, h.range.start, h.range.end)),
        })
    }

    fn range(&self, lines: &editor::Lines, start: usize, end: usize) -> lt::Range {
        let pos = |b: usize| {
            let (line, character) = lines.position(b, self.utf8);
            lt::Position { line, character }
        };
        lt::Range { start: pos(start), end: pos(end) }
    }

    fn complete(&mut self, uri: &lt::Uri, at: lt::Position) -> Vec<lt::CompletionItem> {
        let Some((dir, rel, text, input)) = self.document_input(uri) else { return Vec::new() };
        let profile = self.flavor_for(&dir).profile();
        let byte = editor::Lines::new(&text).byte_of(at.line, at.character, self.utf8);
        let required = tftype::i18n::text(self.lang, "lsp.completion_required");
        tftype::assist::complete(&input, &rel, byte, &profile, self.lang)
            .into_iter()
            .map(|c| lt::CompletionItem {
                label: c.label,
                label_details: c
                    .required
                    .then(|| lt::CompletionItemLabelDetails { detail: None, description: Some(required.to_string()) }),
                kind: Some(match c.kind {
                    tftype::assist::ItemKind::Variable => lt::CompletionItemKind::VARIABLE,
                    tftype::assist::ItemKind::Attribute => lt::CompletionItemKind::FIELD,
                    tftype::assist::ItemKind::Value => lt::CompletionItemKind::VALUE,
                }),
                detail: c.detail,
                documentation: c.documentation.map(|d| {
                    lt::Documentation::MarkupContent(lt::MarkupContent { kind: lt::MarkupKind::Markdown, value: d })
                }),
                sort_text: Some(c.sort_text),
                insert_text: Some(c.insert_text),
                ..Default::default()
            })
            .collect()
    }

    /// Quick fixes at a range of a value file, each an edit of that file.
    fn code_actions(&mut self, uri: &lt::Uri, range: lt::Range) -> Vec<lt::CodeActionOrCommand> {
        let Some((dir, rel, text, input)) = self.document_input(uri) else { return Vec::new() };
        let profile = self.flavor_for(&dir).profile();
        let lines = editor::Lines::new(&text);
        let a = lines.byte_of(range.start.line, range.start.character, self.utf8);
        let b = lines.byte_of(range.end.line, range.end.character, self.utf8);
        tftype::assist::actions(&input, &rel, a.min(b)..a.max(b), &profile, self.lang)
            .into_iter()
            .map(|f| {
                let edits = f
                    .edits
                    .iter()
                    .map(|(r, new)| lt::TextEdit { range: self.range(&lines, r.start, r.end), new_text: new.clone() })
                    .collect();
                // lsp-types keys `WorkspaceEdit.changes` by `Uri`, whose interior
                // cache clippy takes for mutability; the key is never changed here.
                #[allow(clippy::mutable_key_type)]
                let mut changes = std::collections::HashMap::new();
                changes.insert(uri.clone(), edits);
                lt::CodeActionOrCommand::CodeAction(lt::CodeAction {
                    title: f.title,
                    kind: Some(lt::CodeActionKind::QUICKFIX),
                    edit: Some(lt::WorkspaceEdit { changes: Some(changes), ..Default::default() }),
                    ..Default::default()
                })
            })
            .collect()
    }

    /// A diagnostic of `file` as LSP says it; `lines_of`: the lines of the
    /// texts already asked for.
    fn diagnostic<'t>(
        &self,
        d: &editor::FileDiag,
        file: &str,
        lines_of: &mut BTreeMap<String, editor::Lines<'t>>,
        dir: &Path,
        texts: &'t BTreeMap<String, String>,
    ) -> lt::Diagnostic {
        for name in std::iter::once(file).chain(d.related.iter().map(|r| r.subject.filename.as_str())) {
            if !lines_of.contains_key(name) {
                lines_of
                    .insert(name.to_string(), editor::Lines::new(texts.get(name).map(String::as_str).unwrap_or("")));
            }
        }
        let lines_of = &*lines_of;
        let lines = |name: &str| &lines_of[name];
        let (start, end) = match &d.diag.subject {
            Some(s) => {
                let l = lines(file);
                (l.position(s.start.byte, self.utf8), l.position(s.end.byte, self.utf8))
            }
            None => ((0, 0), (0, 0)),
        };
        let pos = |(line, character): (u32, u32)| lt::Position { line, character };
        let message = if d.diag.detail.is_empty() {
            d.diag.summary.clone()
        } else {
            format!("{}\n\n{}", d.diag.summary, d.diag.detail)
        };
        lt::Diagnostic {
            range: lt::Range { start: pos(start), end: pos(end) },
            severity: Some(match () {
                _ if d.note => lt::DiagnosticSeverity::HINT,
                _ if d.diag.is_error() => lt::DiagnosticSeverity::ERROR,
                _ => lt::DiagnosticSeverity::WARNING,
            }),
            code: Some(lt::NumberOrString::String(d.code.clone())),
            code_description: d.link.as_deref().and_then(|l| l.parse().ok()).map(|href| lt::CodeDescription { href }),
            source: Some("tftype".into()),
            message,
            data: Some(json!({"summary": d.diag.summary, "detail": d.diag.detail})),
            related_information: {
                let list: Vec<lt::DiagnosticRelatedInformation> = d
                    .related
                    .iter()
                    .filter_map(|r| {
                        let t = lines(&r.subject.filename);
                        let uri = path_uri(&dir.join(&r.subject.filename))?;
                        let range = self.range(t, r.subject.start.byte, r.subject.end.byte);
                        Some(lt::DiagnosticRelatedInformation {
                            location: lt::Location { uri, range },
                            message: r.message.clone(),
                        })
                    })
                    .collect();
                (!list.is_empty()).then_some(list)
            },
            ..Default::default()
        }
    }
}

/// Where diagnostics link to without a `baseUrl` setting: as `tftype
/// check`, `TFTYPE_BASE_URL`, else the playground the CLI was built for.
fn default_link_base() -> String {
    std::env::var("TFTYPE_BASE_URL")
        .ok()
        .filter(|b| tftype::link::is_web_base(b))
        .unwrap_or_else(|| crate::check::DEFAULT_BASE.to_string())
}

/// `{"flavor": "terraform@1.9"}` (or `{"tftype": {"flavor": …}}`), a known
/// name or a version as `--flavor` takes it (`1.9.8`, `tofu@1.8`).
/// Hands memory that glibc's malloc keeps after a round's work back to the
/// system: after a document was closed, or when more than
/// [`KEPT_FREE_LIMIT`] bytes are free but held (reliability-5 #4: after a
/// 100 MB value file was closed, 2.1 GB of freed pages stayed resident;
/// `malloc_trim` brought it to 116 MB). Other allocators (musl's in the
/// release binaries, WebAssembly's) give pages back themselves or cannot:
/// nothing to do there.
fn give_back_memory(closed: bool) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallinfo2 only reads the allocator's counters; malloc_trim only
    // releases free memory (the heap's free top and free pages of glibc's
    // arenas), never an allocation in use.
    unsafe {
        if closed || libc::mallinfo2().fordblks > KEPT_FREE_LIMIT {
            libc::malloc_trim(0);
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = closed;
}

/// Free memory glibc may keep between rounds (64 MiB): above it, a round's
/// end gives it back ([`give_back_memory`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const KEPT_FREE_LIMIT: usize = 64 << 20;

fn flavor_in(v: &J) -> Option<String> {
    let f = v.get("flavor").or_else(|| v.get("tftype").and_then(|t| t.get("flavor")))?.as_str()?;
    tftype::versionfile::flavor_setting(f).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `flavor` setting takes what `--flavor` takes (ux-5 M10).
    #[test]
    fn the_flavor_setting_takes_versions_as_the_flag_does() {
        for (v, want) in [
            (serde_json::json!({"flavor": "1.9.8"}), Some("terraform@1.9")),
            (serde_json::json!({"tftype": {"flavor": "tofu@1.8"}}), Some("opentofu@1.8")),
            (serde_json::json!({"flavor": "banana"}), None),
        ] {
            assert_eq!(flavor_in(&v).as_deref(), want, "{v}");
        }
    }

    #[test]
    fn frames() {
        let input = b"Content-Length: 2\r\n\r\n{}Content-Length: x\r\n\r\nContent-Length: 5\r\n\r\nabc";
        let mut r = std::io::BufReader::new(&input[..]);
        assert_eq!(read_frame(&mut r).unwrap(), Some(Ok(b"{}".to_vec())));
        assert!(matches!(read_frame(&mut r).unwrap(), Some(Err(_))));
        assert_eq!(read_frame(&mut r).unwrap(), None);
    }

    #[test]
    fn uris() {
        let p = PathBuf::from("/tmp/a b/é#.tf");
        let u = path_uri(&p).unwrap();
        assert_eq!(u.as_str(), "file:///tmp/a%20b/%C3%A9%23.tf");
        assert_eq!(uri_path(&u), Some(p));
        assert_eq!(uri_path(&"untitled:x".parse().unwrap()), None);
    }

    /// reliability-5 #18: one file is one document, whatever URI names it;
    /// a `%2F` is no separator (such a URI names no file).
    #[test]
    fn uris_name_one_file_with_their_dot_segments_resolved() {
        let table: [(&str, Option<&str>); 7] = [
            ("file:///ws/mod/../../outside/terraform.tfvars", Some("/outside/terraform.tfvars")),
            ("file:///ws/mod/%2e%2e/%2E%2E/outside/x.tfvars", Some("/outside/x.tfvars")),
            ("file:///ws/./mod/main.tf", Some("/ws/mod/main.tf")),
            ("file:///ws/mod%2F..%2F..%2Foutside%2Fy.tfvars", None),
            ("file:///ws/a%00b.tf", None),
            ("file:///../x.tf", Some("/x.tf")),
            ("file://localhost/ws/main.tf", Some("/ws/main.tf")),
        ];
        for (uri, want) in table {
            assert_eq!(uri_path(&uri.parse().unwrap()), want.map(PathBuf::from), "{uri}");
        }
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
