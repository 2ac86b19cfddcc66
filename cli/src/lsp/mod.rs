//! `tftype lsp`: a Language Server (LSP 3.17) over standard input and
//! output. The protocol glue only: the messages are rust-analyzer's
//! `lsp-server` types, the parameters and results `lsp-types`; what is said
//! about a module comes from core ([`tftype::editor`], [`tftype::assist`],
//! [`tftype::versionfile`]) and from `tftype check`'s own reading of a
//! module directory ([`crate::check::input_for`]).
//!
//! The frames are read by [`framing`] rather than by
//! `lsp_server::Connection`: a malformed message gets an error response and
//! the server goes on (the crate's reader ends the connection), and a
//! frame's size is bounded. Messages that arrive while a module is checked are all taken before the
//! next check, so a burst of edits costs one check (stale work is dropped,
//! never queued); a request cancelled (`$/cancelRequest`) before it is
//! answered gets `RequestCancelled`, and a panic inside one request fails
//! that request (logged on standard error) while the server goes on.
//!
//! The files: [`framing`] reads and writes the frames, [`uri`] turns URIs
//! into paths and back, [`state`] holds the open documents and what the
//! server told, [`handlers`] has one function per request and
//! notification, [`to_proto`] says what core computed in `lsp-types`, and
//! [`worker`] checks the edited modules and publishes their diagnostics.
//! This file starts the server, runs its loop and dispatches.

mod framing;
mod handlers;
mod state;
mod to_proto;
mod uri;
mod worker;

use std::collections::BTreeSet;
#[cfg(not(target_os = "wasi"))]
use std::sync::mpsc;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use serde_json::Value as J;

#[cfg(target_os = "wasi")]
use framing::next_incoming;
use framing::{send, write_json, Incoming};
use state::Server;

/// Runs the server until `exit` (or the end of the input). Exit code 0 after
/// `shutdown`, else 1 (as the protocol asks).
#[cfg(not(target_os = "wasi"))]
pub fn run() -> i32 {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || framing::reader(tx));
    let serve = std::thread::Builder::new().stack_size(crate::STACK).spawn(move || serve(rx));
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

/// A result as the response carries it.
fn result<T: serde::Serialize>(t: T) -> J {
    serde_json::to_value(t).unwrap_or(J::Null)
}

impl Server {
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
            return Ok(self.initialize(params(r.params)?));
        }
        if !self.initialized {
            return Err((ErrorCode::ServerNotInitialized, "the server is not initialized".into()));
        }
        if self.shutdown {
            return Err((ErrorCode::InvalidRequest, "the server is shutting down".into()));
        }
        match r.method.as_str() {
            "shutdown" => {
                self.shut_down();
                Ok(J::Null)
            }
            "textDocument/hover" => Ok(result(self.hover(params(r.params)?))),
            "textDocument/completion" => Ok(result(self.completion(params(r.params)?))),
            "textDocument/codeAction" => Ok(result(self.code_action(params(r.params)?))),
            // For the tests of bad input: a handler that panics (debug builds
            // only, so that no client can make a released server panic).
            #[cfg(debug_assertions)]
            "tftype/panic" => panic!("tftype/panic was asked for"),
            _ => Err((ErrorCode::MethodNotFound, format!("unknown method {}", r.method))),
        }
    }

    fn notification(&mut self, n: Notification) {
        if !self.initialized {
            return;
        }
        /// A notification whose parameters do not read is dropped (there is
        /// no response to say so).
        fn on<P: serde::de::DeserializeOwned>(s: &mut Server, v: J, handle: fn(&mut Server, P)) {
            if let Ok(p) = params::<P>(v) {
                handle(s, p)
            }
        }
        match n.method.as_str() {
            "initialized" => self.client_initialized(),
            "textDocument/didOpen" => on(self, n.params, Server::did_open),
            "textDocument/didChange" => on(self, n.params, Server::did_change),
            "textDocument/didSave" => on(self, n.params, Server::did_save),
            "textDocument/didClose" => on(self, n.params, Server::did_close),
            "workspace/didChangeConfiguration" => on(self, n.params, Server::did_change_configuration),
            "workspace/didChangeWatchedFiles" => on(self, n.params, Server::did_change_watched_files),
            _ => {}
        }
    }
}
