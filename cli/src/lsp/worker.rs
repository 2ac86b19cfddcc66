//! The checks: the modules edited since the last round wait in a set (a
//! burst of edits to one module costs one check; stale work is dropped,
//! never queued), and each round checks them on the serving thread (the
//! large stack [`crate::STACK`]), a panic failing one module's check only,
//! then publishes each file's diagnostics. The parses of the files that did
//! not change are kept between rounds ([`keep_parses`]), and the memory a
//! round freed is handed back to the system.

use std::collections::{BTreeMap, BTreeSet};
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

/// An open value file larger than this is checked, but gets no notes on its
/// values (the work of `check --explain`, which takes several times the
/// check's time and memory): one hint says so (reliability-5 #4).
const MAX_NOTES_BYTES: usize = 1 << 20;

/// A module is checked again after every edit: the files that did not
/// change are not parsed again, and a variable whose declaration and value
/// did not change keeps its final value and its rules' outcomes.
pub(super) fn keep_parses() {
    tftype::module::kept::keep_variables();
}

impl Server {
    /// Checks the modules edited since the last check.
    pub(super) fn flush(&mut self) {
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
                let mut list: Vec<lt::Diagnostic> = diags
                    .iter()
                    .map(|d| to_proto::diagnostic(d, &file, &mut lines_of, dir, &texts, self.utf8))
                    .collect();
                if let Some(&size) = large.get(&file) {
                    let size = size.div_ceil(1 << 20).to_string();
                    let message = fill(
                        self.lang,
                        "lsp.notes_skipped_large",
                        &[("size", &size), ("limit", &(MAX_NOTES_BYTES >> 20).to_string())],
                    );
                    list.push(to_proto::notes_skipped(message));
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
}

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
