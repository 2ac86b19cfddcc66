//! The server's state: the open documents and the module each belongs to,
//! the client's settings, what was published and told; and a module's input
//! as the check reads it, the open documents' texts winning over the disk.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[cfg(not(target_os = "wasi"))]
use std::sync::mpsc;

use lsp_server::{Message, Notification, Request};
use lsp_types as lt;
use serde_json::json;
use tftype::editor;
use tftype::flavor::Flavor;
use tftype::i18n::{fill, Lang};

use super::framing::send;
use super::uri::uri_path;

/// An open document.
pub(super) struct Doc {
    /// Shared with the round of checks that reads it (an edit while the
    /// round holds it copies it first).
    pub(super) text: Arc<String>,
    pub(super) version: i32,
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
pub(super) fn module_of(path: &Path, docs: &BTreeMap<PathBuf, Doc>) -> Option<PathBuf> {
    let parent = path.parent()?;
    let name = path.file_name()?.to_string_lossy();
    if tftype::module::decl::is_config_file(&name) {
        return Some(parent.to_path_buf());
    }
    parent.ancestors().take(32).find(|d| has_config(d, docs)).map(Path::to_path_buf)
}

/// A path relative to a module directory, with `/` (None: not below it).
pub(super) fn relative(dir: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(dir).ok()?;
    let parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// The checks: the worker's thread (the rounds are sent there), or the
/// worker run here (WebAssembly); whether a round runs, how many were
/// started and how many ended; the requests answered after the checks of
/// the edits before them, each with the round it waits for, and the ids of
/// the ones cancelled meanwhile (answered `RequestCancelled` in their turn).
#[derive(Default)]
pub(super) struct Checks {
    #[cfg(not(target_os = "wasi"))]
    pub(super) worker: Option<mpsc::Sender<super::worker::Round>>,
    pub(super) inline: super::worker::Worker,
    pub(super) running: bool,
    pub(super) started: u64,
    pub(super) done: u64,
    pub(super) waiting: VecDeque<(u64, Request)>,
    pub(super) cancelled: BTreeSet<String>,
}

/// The server's state between messages.
pub(super) struct Server {
    pub(super) utf8: bool,
    pub(super) lang: Lang,
    pub(super) flavor_setting: Option<String>,
    pub(super) docs: BTreeMap<PathBuf, Doc>,
    /// Per module directory: the files last published (to clear later).
    pub(super) published: BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    /// Per file that is no open document: the diagnostics last published
    /// for it, which are not published again while they stay the same.
    pub(super) sent: BTreeMap<PathBuf, lt::PublishDiagnosticsParams>,
    /// Modules whose newer-version message was shown.
    told_newer: BTreeSet<(PathBuf, String)>,
    pub(super) dirty: BTreeSet<PathBuf>,
    /// The modules whose last open document was closed since the last round
    /// was made: they are not checked again (what a check under way says
    /// of them is dropped), and the next round lets go of the work the
    /// worker kept for them and hands the memory back to the system
    /// ([`super::worker`]).
    pub(super) closed: BTreeSet<PathBuf>,
    /// Whether the client registers file watchers when asked
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    pub(super) watch: bool,
    /// Per module: the flavor last logged (`window/logMessage`).
    pub(super) told_flavor: BTreeMap<PathBuf, &'static str>,
    /// The setting of the diagnostics' links (`link_base`; the worker keeps
    /// the notes).
    pub(super) extras: editor::Extras,
    pub(super) checks: Checks,
    /// Per module: its files as last read from disk (by a round of checks,
    /// or by a request when none was kept), which hover, completion and
    /// code actions answer from (reliability-5 #10); let go of when a file
    /// changes on disk or a document of the module closes.
    pub(super) reads: BTreeMap<PathBuf, super::worker::Disk>,
    /// A request read the documents in this batch (hover, completion, code
    /// actions: the work they keep on this thread ages by such batches).
    pub(super) read: bool,
    pub(super) initialized: bool,
    pub(super) shutdown: bool,
}

impl Server {
    pub(super) fn new() -> Server {
        super::worker::keep_parses();
        Server {
            utf8: false,
            lang: Lang::En,
            flavor_setting: None,
            docs: BTreeMap::new(),
            published: BTreeMap::new(),
            sent: BTreeMap::new(),
            told_newer: BTreeSet::new(),
            dirty: BTreeSet::new(),
            closed: BTreeSet::new(),
            watch: false,
            told_flavor: BTreeMap::new(),
            extras: editor::Extras { link_base: Some(default_link_base()), ..Default::default() },
            checks: Checks::default(),
            reads: BTreeMap::new(),
            read: false,
            initialized: false,
            shutdown: false,
        }
    }

    /// The path of a document the server reads (None: no file, or a file
    /// of another kind).
    pub(super) fn document_path(&self, uri: &lt::Uri) -> Option<PathBuf> {
        let p = uri_path(uri)?;
        is_document(&p.file_name()?.to_string_lossy()).then_some(p)
    }

    /// Marks the module of `path` to be checked again.
    pub(super) fn touch(&mut self, path: &Path) {
        if let Some(d) = module_of(path, &self.docs) {
            self.dirty.insert(d);
        }
    }

    /// The flavor for a module: the setting, else the version files, else
    /// the default (with the newer-version message, once).
    pub(super) fn flavor_for(&mut self, dir: &Path) -> &'static Flavor {
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
    /// texts winning; the files that could not be read. The files on disk
    /// are the ones last read ([`Server::reads`]); when none are kept, they
    /// are read now (and kept when `keep`: the module has an open document).
    pub(super) fn module_input(&mut self, dir: &Path, keep: bool) -> Option<crate::check::Loaded> {
        let open: Vec<(String, &str)> =
            self.docs.iter().filter_map(|(path, doc)| Some((relative(dir, path)?, doc.text.as_str()))).collect();
        let disk = match self.reads.get(dir) {
            Some(d) => d.clone(),
            None => {
                let d = super::worker::Disk::read(dir, open.iter().map(|(rel, _)| rel.as_str()), self.lang)?;
                if keep {
                    self.reads.insert(dir.to_path_buf(), d.clone());
                }
                d
            }
        };
        Some(disk.with_open(open.iter().map(|(rel, text)| (rel.as_str(), *text))))
    }

    /// A document's module, its name there, its text, and the input that
    /// reads it: the module's own (a configuration file, an automatic value
    /// file), or with the file as a `-var-file` (another value file).
    pub(super) fn document_input(
        &mut self,
        uri: &lt::Uri,
    ) -> Option<(PathBuf, String, String, tftype::module::CheckInput)> {
        let path = self.document_path(uri)?;
        let dir = module_of(&path, &self.docs)?;
        let rel = relative(&dir, &path)?;
        tftype::valueparse::kept::set_scope(&super::worker::scope(&dir));
        let open = self.docs.contains_key(&path);
        let mut input = self.module_input(&dir, open)?.input;
        let text = match self.docs.get(&path) {
            Some(d) => d.text.as_str().to_owned(),
            None => input.files.get(&rel).cloned().or_else(|| tftype::versionfile::read_small(&path))?,
        };
        input.files.insert(rel.clone(), text.clone());
        let input = tftype::assist::reading(input, &rel);
        Some((dir, rel, text, input))
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
