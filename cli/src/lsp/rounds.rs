//! The serving thread's side of the checks: the modules edited since the
//! last round wait in a set (a burst of edits to one module costs one
//! check; stale work is dropped, never queued); when no round runs, they
//! become the next [`Round`] (plain inputs: the open documents' texts and
//! versions as they are then) for the [`super::worker`]. One round runs at
//! a time. What comes back for a module is published, unless the module
//! was edited again meanwhile (it is in the set again): then a newer check
//! follows and the answer is dropped, so a document's diagnostics are
//! published in the order of its versions, each with the version it was
//! computed for, never older after newer.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use lsp_server::{Message, Notification};
use lsp_types as lt;
use serde_json::json;
use tftype::editor;
use tftype::flavor::Flavor;
use tftype::i18n::fill;

use super::framing::send;
use super::state::{module_of, relative, Server};
use super::to_proto;
use super::uri::path_uri;
use super::worker::{Checked, Files, Module, Open, Round};

impl Server {
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

    /// The modules edited since the last round, as the worker takes them
    /// (None: none).
    fn next_round(&mut self) -> Option<Round> {
        let dirty = std::mem::take(&mut self.dirty);
        if dirty.is_empty() && self.closed.is_empty() {
            return None;
        }
        let mut modules = Vec::new();
        for dir in dirty {
            let flavor = self.flavor_for(&dir);
            self.log_flavor(&dir, flavor);
            let open = self
                .docs
                .iter()
                .filter_map(|(path, doc)| {
                    let rel = relative(&dir, path)?;
                    let var_file = editor::is_value_file(&rel)
                        && !editor::is_auto_value_file(&rel)
                        && module_of(path, &self.docs).as_deref() == Some(dir.as_path());
                    Some(Open { path: path.clone(), rel, text: doc.text.clone(), version: doc.version, var_file })
                })
                .collect();
            modules.push(Module { dir, flavor, open });
        }
        Some(Round {
            modules,
            lang: self.lang,
            utf8: self.utf8,
            link_base: self.extras.link_base.clone(),
            closed: std::mem::take(&mut self.closed).into_iter().collect(),
        })
    }

    /// Starts a round when none runs and modules wait: on the worker's
    /// thread, or here when there is none (WebAssembly), its answers then
    /// taken at once.
    pub(super) fn start_round(&mut self) {
        if self.checks.running || self.shutdown {
            return;
        }
        let Some(round) = self.next_round() else { return };
        self.checks.started += 1;
        self.checks.running = true;
        #[cfg(not(target_os = "wasi"))]
        let round = match &self.checks.worker {
            Some(w) => match w.send(round) {
                Ok(()) => return,
                // The worker's thread is gone: the rounds run here from now on.
                Err(e) => {
                    eprintln!("tftype lsp: the checks' thread is gone; checking on the serving thread");
                    self.checks.worker = None;
                    e.0
                }
            },
            None => round,
        };
        let mut answers = Vec::new();
        let mut inline = std::mem::take(&mut self.checks.inline);
        inline.round(round, &mut |c| {
            answers.push(c);
            true
        });
        self.checks.inline = inline;
        for c in answers {
            self.checked(c);
        }
    }

    /// Whether the rounds run on a thread of their own.
    #[cfg(not(target_os = "wasi"))]
    pub(super) fn checks_apart(&self) -> bool {
        self.checks.worker.is_some()
    }

    /// Whether the rounds run on a thread of their own: not on WebAssembly.
    #[cfg(target_os = "wasi")]
    pub(super) fn checks_apart(&self) -> bool {
        false
    }

    /// Takes what the worker said: a module's diagnostics are published
    /// (each file's when they changed, or when it is an open document; the
    /// files it published before and not now are cleared), and
    /// its files as the check read them kept for the requests, unless
    /// the module was edited since the round was made, or its last document
    /// was closed, or the server is shutting down.
    pub(super) fn checked(&mut self, c: Checked) {
        let (dir, outcome, read) = match c {
            Checked::RoundEnd => {
                self.checks.running = false;
                self.checks.done = self.checks.started;
                return;
            }
            Checked::Module { dir, outcome, read } => (dir, outcome, read),
        };
        if self.shutdown || self.dirty.contains(&dir) || self.closed.contains(&dir) {
            return;
        }
        // What the requests answer from until the next round (or a change).
        match read {
            Some(read) => self.reads.insert(dir.clone(), read),
            None => self.reads.remove(&dir),
        };
        let files = match outcome {
            Ok(files) => files,
            Err((text, open)) => self.check_failed(&dir, &text, open),
        };
        let mut files_now: BTreeSet<PathBuf> = BTreeSet::new();
        for (path, p) in files {
            files_now.insert(path.clone());
            // A file that is no open document, whose diagnostics are those
            // the client has for it, is not published again (an open
            // document's carry its version: always published).
            if p.version.is_none() {
                if self.sent.get(&path) == Some(&p) {
                    continue;
                }
                self.sent.insert(path, p.clone());
            } else {
                self.sent.remove(&path);
            }
            send(Message::Notification(Notification::new("textDocument/publishDiagnostics".into(), p)));
        }
        let before = self.published.insert(dir, files_now.clone()).unwrap_or_default();
        for gone in before.difference(&files_now) {
            self.sent.remove(gone);
            if let Some(uri) = path_uri(gone) {
                let p = lt::PublishDiagnosticsParams { uri, diagnostics: vec![], version: None };
                send(Message::Notification(Notification::new("textDocument/publishDiagnostics".into(), p)));
            }
        }
    }

    /// A module whose check failed (a panic): each of its open documents
    /// gets one diagnostic that says so.
    fn check_failed(&self, dir: &Path, text: &str, open: Vec<(PathBuf, i32)>) -> Files {
        let message = fill(self.lang, "lsp.check_failed", &[("error", text)]);
        open.into_iter()
            .filter(|(path, _)| module_of(path, &self.docs).as_deref() == Some(dir))
            .filter_map(|(path, version)| {
                let uri = path_uri(&path)?;
                let diagnostics = vec![to_proto::check_failed(message.clone())];
                Some((path, lt::PublishDiagnosticsParams { uri, diagnostics, version: Some(version) }))
            })
            .collect()
    }
}
