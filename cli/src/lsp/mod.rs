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
//! frame's size is bounded. The modules are checked on a thread of their
//! own ([`worker`]) while this loop goes on answering: messages that arrive
//! while a module is checked are all taken before the next check, so a
//! burst of edits costs one check, and a check whose documents changed
//! before it ended is not published (stale work is dropped, never queued;
//! [`rounds`]). Hover, completion and code actions are answered from the
//! documents at once, whatever check runs; `shutdown` at once too (the
//! checks still to come are dropped); any other request after the checks
//! of the edits before it were published. A request cancelled
//! (`$/cancelRequest`) before it is answered gets `RequestCancelled`, and a
//! panic inside one request fails that request (logged on standard error)
//! while the server goes on; a panic inside a check fails that module's
//! check (its open documents say so).
//!
//! The files: [`framing`] reads and writes the frames, [`uri`] turns URIs
//! into paths and back, [`state`] holds the open documents and what the
//! server told, [`handlers`] has one function per request and
//! notification, [`to_proto`] says what core computed in `lsp-types`,
//! [`rounds`] hands the edited modules to the [`worker`], which checks
//! them, and publishes what it answers. This file starts the server, runs
//! its loop and dispatches.

mod framing;
mod handlers;
mod rounds;
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

/// What the serving loop takes, in the order it came: a message from the
/// client, or what the worker said (on its thread; none on WebAssembly).
#[cfg_attr(target_os = "wasi", allow(dead_code))]
enum Event {
    In(Incoming),
    Checked(worker::Checked),
    /// The client's input ended (its end of the pipe closed) without
    /// `exit`: the reader says so, since the worker's sender keeps the
    /// channel open.
    Ended,
}

impl From<Incoming> for Event {
    fn from(m: Incoming) -> Event {
        Event::In(m)
    }
}

/// Runs the server until `exit` (or the end of the input). Exit code 0 after
/// `shutdown`, else 1 (as the protocol asks). Three threads: the reader,
/// the serving loop, the worker (the checks); the loop's end ends the
/// process, a check under way with it (nothing is waited for).
#[cfg(not(target_os = "wasi"))]
pub fn run() -> i32 {
    worker::one_arena();
    let (tx, rx) = mpsc::channel::<Event>();
    let from_worker = tx.clone();
    let reader_tx = tx.clone();
    std::thread::spawn(move || {
        framing::reader(reader_tx.clone());
        let _ = reader_tx.send(Event::Ended);
    });
    drop(tx);
    let (rounds, rounds_in) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("tftype-lsp-checks".into())
        .stack_size(crate::STACK)
        .spawn(move || worker::run(rounds_in, move |c| from_worker.send(Event::Checked(c)).is_ok()));
    // Without the worker's thread the rounds run on the serving thread.
    let rounds = worker.ok().map(|_| rounds);
    let serve = std::thread::Builder::new().stack_size(crate::STACK).spawn(move || serve(rx, rounds));
    match serve {
        Ok(h) => h.join().unwrap_or(1),
        Err(_) => 1,
    }
}

#[cfg(not(target_os = "wasi"))]
fn serve(rx: mpsc::Receiver<Event>, rounds: Option<mpsc::Sender<worker::Round>>) -> i32 {
    let mut s = Server::new();
    s.checks.worker = rounds;
    while let Ok(first) = rx.recv() {
        test_batch_wait();
        let mut batch = vec![first];
        while let Ok(more) = rx.try_recv() {
            batch.push(more);
        }
        // What came before the input's end is served; then the server ends
        // (1: no `exit`), a check under way with it.
        let ended = batch.iter().position(|e| matches!(e, Event::Ended));
        if let Some(i) = ended {
            batch.truncate(i);
        }
        if let Some(code) = s.batch(batch) {
            return code;
        }
        if ended.is_some() {
            return 1;
        }
    }
    1
}

/// For the tests of the server (debug builds only; a released server has
/// none): `TFTYPE_LSP_TEST_BATCH_WAIT_MS` makes the loop wait that long
/// after a message before it takes the ones that came with it, so that
/// messages sent together are served together.
#[cfg(not(target_os = "wasi"))]
fn test_batch_wait() {
    #[cfg(debug_assertions)]
    if let Some(ms) = std::env::var("TFTYPE_LSP_TEST_BATCH_WAIT_MS").ok().and_then(|v| v.parse().ok()) {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
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
        if let Some(code) = s.batch(batch.into_iter().map(Event::In).collect()) {
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
        s.batch(batch.into_iter().map(Event::In).collect()).unwrap_or(-1)
    })
}

/// Whether a request is answered from the documents' texts alone (no
/// check of the module is needed first).
fn reads_documents(method: &str) -> bool {
    matches!(method, "textDocument/hover" | "textDocument/completion" | "textDocument/codeAction")
}

/// Answers a request cancelled before it was worked on.
fn cancel(r: Request) {
    send(Message::Response(Response::new_err(r.id, ErrorCode::RequestCanceled as i32, "cancelled".into())));
}

fn params<T: serde::de::DeserializeOwned>(v: J) -> Result<T, (ErrorCode, String)> {
    serde_json::from_value(v).map_err(|e| (ErrorCode::InvalidParams, format!("Invalid params: {e}")))
}

/// A result as the response carries it.
fn result<T: serde::Serialize>(t: T) -> J {
    serde_json::to_value(t).unwrap_or(J::Null)
}

impl Server {
    /// Serves the messages that arrived together and takes what the worker
    /// said, in their order; then starts the next round of checks (when
    /// none runs and modules were edited) and answers the requests that
    /// waited for the checks now done. Some(exit code) when `exit` came.
    fn batch(&mut self, batch: Vec<Event>) -> Option<i32> {
        // Requests cancelled before they are answered are not worked on.
        let cancelled: BTreeSet<String> = batch
            .iter()
            .filter_map(|m| match m {
                Event::In(Incoming::Message(Message::Notification(n))) if n.method == "$/cancelRequest" => {
                    n.params.get("id").map(J::to_string)
                }
                _ => None,
            })
            .collect();
        let id_text = |id: &lsp_server::RequestId| serde_json::to_value(id).unwrap_or(J::Null).to_string();
        for m in batch {
            let m = match m {
                Event::Checked(c) => {
                    self.checked(c);
                    continue;
                }
                Event::Ended => continue,
                Event::In(m) => m,
            };
            match m {
                Incoming::Bad(v) => write_json(&v),
                Incoming::Message(Message::Request(r)) if cancelled.contains(&id_text(&r.id)) => cancel(r),
                Incoming::Message(Message::Request(r)) => {
                    // Hover, completion and code actions read the documents
                    // as the edits before them left them, whatever check
                    // runs (reliability-5 #2); `shutdown` drops the checks
                    // to come; `initialize` comes before any. Any other
                    // request waits for the checks of the edits before it
                    // to be published: the round to come when modules wait
                    // for one, else the round under way.
                    let after = if !self.dirty.is_empty() || !self.closed.is_empty() {
                        self.checks.started + 1
                    } else {
                        self.checks.started
                    };
                    if reads_documents(&r.method) {
                        self.read = true;
                        self.request(r);
                    } else if r.method == "shutdown" {
                        self.answer_waiting(u64::MAX);
                        self.dirty.clear();
                        self.request(r);
                    } else if r.method == "initialize" || (after <= self.checks.done && self.checks.waiting.is_empty())
                    {
                        self.request(r);
                    } else {
                        self.checks.waiting.push_back((after, r));
                    }
                }
                Incoming::Message(Message::Notification(n)) => {
                    if n.method == "exit" {
                        return Some(if self.shutdown { 0 } else { 1 });
                    }
                    // A request that waits for the checks is cancelled too.
                    if let Some(id) = n.params.get("id").filter(|_| n.method == "$/cancelRequest") {
                        if !self.checks.waiting.is_empty() {
                            self.checks.cancelled.insert(id.to_string());
                        }
                    }
                    let method = n.method.clone();
                    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.notification(n))).is_err() {
                        eprintln!("tftype lsp: the notification {method} failed (a panic)");
                    }
                }
                Incoming::Message(Message::Response(_)) => {}
            }
        }
        self.age_kept_reads();
        self.start_round();
        self.answer_waiting(self.checks.done);
        None
    }

    /// Answers the requests that waited for the checks up to round `done`
    /// (in their order), or `RequestCancelled` when they were cancelled.
    fn answer_waiting(&mut self, done: u64) {
        while self.checks.waiting.front().is_some_and(|(after, _)| *after <= done) {
            let Some((_, r)) = self.checks.waiting.pop_front() else { break };
            let id = serde_json::to_value(&r.id).unwrap_or(J::Null).to_string();
            if self.checks.cancelled.remove(&id) {
                cancel(r);
            } else {
                self.request(r);
            }
        }
        if self.checks.waiting.is_empty() {
            self.checks.cancelled.clear();
        }
    }

    /// The work that hover, completion and code actions keep on this thread
    /// (parses, as the checks keep theirs on the worker's) ages by the
    /// batches that read the documents; a module's goes when its last
    /// document is closed (its memory then goes back to the system with the
    /// next round's). When the checks run here, theirs is this work, aged by
    /// their rounds. What the requests freed goes back to the system as
    /// a round's does.
    fn age_kept_reads(&mut self) {
        let read = std::mem::take(&mut self.read);
        if self.checks_apart() && read {
            tftype::valueparse::kept::end_round();
            worker::give_back_memory(false);
        }
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
