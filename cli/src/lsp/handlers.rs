//! One function per request and notification the server takes: what each
//! does with the server's state, with core's answers said in the protocol's
//! terms by [`super::to_proto`]. [`super::Server::batch`] dispatches to them.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use lsp_server::{Message, Request};
use lsp_types as lt;
use serde_json::{json, Value as J};
use tftype::editor;
use tftype::i18n::Lang;

use super::framing::send;
use super::state::{module_of, Doc, Server};
use super::to_proto;
use super::uri::uri_path;

/// The globs of the files whose changes on disk the server hears of:
/// configuration, value files and the version files.
fn watched_globs() -> Vec<String> {
    let mut globs = vec!["**/*.{tf,tofu,tf.json,tofu.json,tfvars,tfvars.json}".to_string()];
    globs.extend(tftype::versionfile::FILES.iter().map(|f| format!("**/{f}")));
    globs
}

/// `{"flavor": "terraform@1.9"}` (or `{"tftype": {"flavor": …}}`), a known
/// name or a version as `--flavor` takes it (`1.9.8`, `tofu@1.8`).
fn flavor_in(v: &J) -> Option<String> {
    let f = v.get("flavor").or_else(|| v.get("tftype").and_then(|t| t.get("flavor")))?.as_str()?;
    tftype::versionfile::flavor_setting(f).map(str::to_string)
}

impl Server {
    pub(super) fn initialize(&mut self, p: lt::InitializeParams) -> J {
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

    pub(super) fn shut_down(&mut self) {
        self.shutdown = true;
    }

    pub(super) fn hover(&mut self, p: lt::HoverParams) -> Option<lt::Hover> {
        let at = p.text_document_position_params;
        let (dir, rel, text, input) = self.document_input(&at.text_document.uri)?;
        let profile = self.flavor_for(&dir).profile();
        let lines = editor::Lines::new(&text);
        let byte = lines.byte_of(at.position.line, at.position.character, self.utf8);
        let h = tftype::assist::hover(&input, &rel, byte, &profile, self.lang)?;
        Some(to_proto::hover(h, &lines, self.utf8))
    }

    pub(super) fn completion(&mut self, p: lt::CompletionParams) -> lt::CompletionResponse {
        let at = p.text_document_position;
        let Some((dir, rel, text, input)) = self.document_input(&at.text_document.uri) else {
            return lt::CompletionResponse::Array(Vec::new());
        };
        let profile = self.flavor_for(&dir).profile();
        let byte = editor::Lines::new(&text).byte_of(at.position.line, at.position.character, self.utf8);
        let required = tftype::i18n::text(self.lang, "lsp.completion_required");
        let items = tftype::assist::complete(&input, &rel, byte, &profile, self.lang)
            .into_iter()
            .map(|c| to_proto::completion_item(c, required))
            .collect();
        lt::CompletionResponse::Array(items)
    }

    /// Quick fixes at a range of a value file, each an edit of that file.
    pub(super) fn code_action(&mut self, p: lt::CodeActionParams) -> Vec<lt::CodeActionOrCommand> {
        let (uri, range) = (&p.text_document.uri, p.range);
        let Some((dir, rel, text, input)) = self.document_input(uri) else { return Vec::new() };
        let profile = self.flavor_for(&dir).profile();
        let lines = editor::Lines::new(&text);
        let a = lines.byte_of(range.start.line, range.start.character, self.utf8);
        let b = lines.byte_of(range.end.line, range.end.character, self.utf8);
        tftype::assist::actions(&input, &rel, a.min(b)..a.max(b), &profile, self.lang)
            .into_iter()
            .map(|f| to_proto::code_action(f, uri, &lines, self.utf8))
            .collect()
    }

    /// Asks the client to watch [`watched_globs`] (`client/registerCapability`;
    /// its answer needs nothing done) when it registers watchers.
    pub(super) fn client_initialized(&mut self) {
        if !self.watch {
            return;
        }
        let watchers: Vec<J> = watched_globs().into_iter().map(|g| json!({"globPattern": g})).collect();
        let params = json!({"registrations": [{"id": "tftype-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": {"watchers": watchers}}]});
        send(Message::Request(Request::new(
            "tftype/register-watchers".to_string().into(),
            "client/registerCapability".into(),
            params,
        )));
    }

    pub(super) fn did_open(&mut self, p: lt::DidOpenTextDocumentParams) {
        if let Some(path) = self.document_path(&p.text_document.uri) {
            self.docs
                .insert(path.clone(), Doc { text: Arc::new(p.text_document.text), version: p.text_document.version });
            self.touch(&path);
        }
    }

    pub(super) fn did_change(&mut self, p: lt::DidChangeTextDocumentParams) {
        let Some(path) = self.document_path(&p.text_document.uri) else { return };
        let utf8 = self.utf8;
        if let Some(doc) = self.docs.get_mut(&path) {
            for c in p.content_changes {
                match c.range {
                    None => doc.text = Arc::new(c.text),
                    Some(r) => {
                        let lines = editor::Lines::new(&doc.text);
                        let a = lines.byte_of(r.start.line, r.start.character, utf8);
                        let b = lines.byte_of(r.end.line, r.end.character, utf8).max(a);
                        Arc::make_mut(&mut doc.text).replace_range(a..b, &c.text);
                    }
                }
            }
            doc.version = p.text_document.version;
            self.touch(&path);
        }
    }

    pub(super) fn did_save(&mut self, p: lt::DidSaveTextDocumentParams) {
        if let Some(path) = self.document_path(&p.text_document.uri) {
            if let (Some(t), Some(doc)) = (p.text, self.docs.get_mut(&path)) {
                doc.text = Arc::new(t);
            }
            self.touch(&path);
        }
    }

    /// A module that still has an open document is checked again (without
    /// the closed one); one that has none is not checked any more: what was
    /// published for its files is cleared, and the work kept for it is let
    /// go of at once, its memory handed back to the system (reliability-5
    /// #4).
    pub(super) fn did_close(&mut self, p: lt::DidCloseTextDocumentParams) {
        let Some(path) = self.document_path(&p.text_document.uri) else { return };
        let dir = module_of(&path, &self.docs);
        self.docs.remove(&path);
        let Some(dir) = dir else { return };
        // The files were read with the closed document standing for its file.
        self.reads.remove(&dir);
        let still_open =
            self.docs.keys().any(|p| p.starts_with(&dir) && module_of(p, &self.docs).as_deref() == Some(dir.as_path()));
        if still_open {
            self.dirty.insert(dir);
        } else {
            self.close_module(dir);
        }
    }

    /// Forgets a module none of whose documents is open: its diagnostics
    /// are cleared, it is not checked (a check under way is dropped), and
    /// the work kept for it goes, on this thread now and on the worker's
    /// with the next round.
    fn close_module(&mut self, dir: PathBuf) {
        self.dirty.remove(&dir);
        for gone in self.published.remove(&dir).unwrap_or_default() {
            self.sent.remove(&gone);
            if let Some(uri) = super::uri::path_uri(&gone) {
                let p = lt::PublishDiagnosticsParams { uri, diagnostics: vec![], version: None };
                send(Message::Notification(lsp_server::Notification::new("textDocument/publishDiagnostics".into(), p)));
            }
        }
        tftype::module::kept::forget(&super::worker::scope(&dir));
        self.closed.insert(dir);
    }

    pub(super) fn did_change_configuration(&mut self, p: lt::DidChangeConfigurationParams) {
        let f = p.settings.get("tftype").and_then(flavor_in).or_else(|| flavor_in(&p.settings));
        if f != self.flavor_setting {
            self.flavor_setting = f;
            self.dirty.extend(self.published.keys().cloned());
        }
    }

    /// The files the requests answer from are read again. Only modules with
    /// an open document are checked again: a checkout
    /// that touches a thousand modules reads none of the others. A version
    /// file counts for the open modules below its directory.
    pub(super) fn did_change_watched_files(&mut self, p: lt::DidChangeWatchedFilesParams) {
        // The requests read the files again (a changed file may be read by
        // a module other than its own: a local module's call).
        if !p.changes.is_empty() {
            self.reads.clear();
        }
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
}
