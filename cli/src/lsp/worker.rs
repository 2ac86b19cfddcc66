//! The checks, apart from the serving loop: a [`Round`] is plain inputs (the
//! modules to check, each with the open documents below it, their texts
//! and versions, and the flavor chosen for it), and what comes back for
//! each module is the diagnostics of each of its files, ready to publish
//! ([`Checked`]). Natively the rounds run on a thread of their own ([`run`],
//! the large stack [`crate::STACK`]) while the serving thread goes on
//! answering; on WebAssembly (no threads) the serving loop runs them
//! itself ([`Worker::round`]). What to do with the answers (publish them,
//! or drop them when the inputs changed meanwhile) is the loop's
//! ([`super::rounds`]). A panic fails one module's check only. The parses
//! of the files that did not change are kept between rounds
//! ([`keep_parses`]), and the memory a round freed is handed back to the
//! system.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lsp_types as lt;
use tftype::editor;
use tftype::flavor::Flavor;
use tftype::i18n::{fill, Lang};

use super::to_proto;
use super::uri::path_uri;

/// An open value file larger than this is checked, but gets no notes on its
/// values (the work of `check --explain`, which takes several times the
/// check's time and memory): one hint says so (reliability-5 #4).
const MAX_NOTES_BYTES: usize = 1 << 20;

/// A module is checked again after every edit: the files that did not
/// change are not parsed again, and a variable whose declaration and value
/// did not change keeps its final value and its rules' outcomes. The kept
/// work is the calling thread's.
pub(super) fn keep_parses() {
    tftype::module::kept::keep_variables();
}

/// The scope of a module's kept work ([`tftype::valueparse::kept::set_scope`]):
/// its directory, so that the work a module used last is let go of when its
/// last document closes.
pub(super) fn scope(dir: &Path) -> String {
    dir.to_string_lossy().into_owned()
}

/// An open document below a module's directory, as it was when the round
/// was made.
pub(super) struct Open {
    pub(super) path: PathBuf,
    /// Its path relative to the module's directory, with `/`.
    pub(super) rel: String,
    /// The document's text, shared with the serving thread.
    pub(super) text: Arc<String>,
    pub(super) version: i32,
    /// A value file of this module that Terraform does not load by itself
    /// (it is read as a `-var-file`).
    pub(super) var_file: bool,
}

/// A module to check.
pub(super) struct Module {
    pub(super) dir: PathBuf,
    pub(super) flavor: &'static Flavor,
    pub(super) open: Vec<Open>,
}

/// The modules edited since the last round, and the settings they are
/// checked with.
pub(super) struct Round {
    pub(super) modules: Vec<Module>,
    pub(super) lang: Lang,
    pub(super) utf8: bool,
    pub(super) link_base: Option<String>,
    /// The modules whose last open document was closed since the last
    /// round: the work kept for them is let go of, and the memory handed
    /// back to the system.
    pub(super) closed: Vec<PathBuf>,
}

/// Each file of a module and its diagnostics, as published (with the
/// version of the document they were computed for).
pub(super) type Files = Vec<(PathBuf, lt::PublishDiagnosticsParams)>;

/// Why a module's check failed: the text of the panic; the open documents
/// below the module and their versions.
pub(super) type Failed = (String, Vec<(PathBuf, i32)>);

/// What the worker says.
pub(super) enum Checked {
    /// A module checked, or its check failed; its files as the check read
    /// them (None: not read).
    Module { dir: PathBuf, outcome: Result<Files, Failed>, read: Option<Disk> },
    /// The round is over.
    RoundEnd,
}

/// A module's files as read from disk, kept by the serving thread for the
/// requests (hover, completion, code actions) so that they read no files
/// (reliability-5 #10): what the check reads, except that each file an open
/// document stands for is kept empty and without its reading problems
/// (the document's text goes in its place, [`Disk::with_open`]). Read again
/// by each round of checks; the serving thread lets go of it when a file
/// changes on disk or one of the documents it was read with closes.
#[derive(Clone)]
pub(super) struct Disk(crate::check::Loaded);

impl Disk {
    /// Reads a module directory (None: it cannot be listed); `open`: the
    /// paths, relative to `dir`, of the open documents below it.
    pub(super) fn read<'a>(dir: &Path, open: impl IntoIterator<Item = &'a str>, lang: Lang) -> Option<Disk> {
        let mut l = crate::check::input_for(dir, ".", &[], &Default::default(), lang).ok()?;
        for rel in open {
            if stands_for(&l, rel) {
                if let Some(text) = l.input.files.get_mut(rel) {
                    *text = String::new();
                }
                drop_problems(&mut l, rel);
            }
        }
        Some(Disk(l))
    }

    /// The module's input as the check reads it: the files read, the open
    /// documents' texts winning (configuration files and automatic value
    /// files of the module; `open` gives each one's path relative to the
    /// module's directory and its text); the files that could not be read.
    /// `open` holds at least the documents the files were read with.
    pub(super) fn with_open<'a>(self, open: impl IntoIterator<Item = (&'a str, &'a str)>) -> crate::check::Loaded {
        let mut l = self.0;
        for (rel, text) in open {
            if stands_for(&l, rel) {
                l.input.files.insert(rel.to_string(), text.to_string());
                drop_problems(&mut l, rel);
            }
        }
        l
    }
}

/// Whether an open document at `rel` stands for a file of the module read
/// in `l`: a configuration or automatic value file of the module, or a
/// configuration file read with it.
fn stands_for(l: &crate::check::Loaded, rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    tftype::module::decl::is_config_file(rel)
        || editor::is_auto_value_file(rel)
        || (l.input.files.contains_key(rel) && tftype::module::decl::is_config_file(name))
}

/// Drops the problems reading `rel` (an open document stands for it).
fn drop_problems(l: &mut crate::check::Loaded, rel: &str) {
    l.problems.retain(|d| d.subject.as_ref().is_none_or(|s| s.filename != rel) && !d.detail.contains(rel));
}

/// The worker's own state: the notes already worked out (kept from round
/// to round).
#[derive(Default)]
pub(super) struct Worker {
    extras: editor::Extras,
}

impl Worker {
    /// Checks the modules of a round, saying each one's answer as it is
    /// ready (`say` false: nobody listens any more, the round stops), then
    /// [`Checked::RoundEnd`].
    pub(super) fn round(&mut self, r: Round, say: &mut dyn FnMut(Checked) -> bool) {
        self.extras.link_base = r.link_base.clone();
        for dir in &r.closed {
            tftype::module::kept::forget(&scope(dir));
        }
        for m in &r.modules {
            let mut read = None;
            let outcome =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.check(m, r.lang, r.utf8, &mut read)))
                    .map_err(|p| {
                        let text = p
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| p.downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        eprintln!("tftype lsp: checking {} failed (a panic): {text}", m.dir.display());
                        (text, m.open.iter().map(|o| (o.path.clone(), o.version)).collect())
                    });
            if !say(Checked::Module { dir: m.dir.clone(), outcome, read }) {
                return;
            }
        }
        // A round that only closes modules does not age the others' work.
        if !r.modules.is_empty() {
            let _ = std::panic::catch_unwind(tftype::valueparse::kept::end_round);
        }
        give_back_memory(!r.closed.is_empty());
        say(Checked::RoundEnd);
    }

    /// Checks a module: each of its files' diagnostics, as published; its
    /// files as read from disk go to `read`.
    fn check(&mut self, m: &Module, lang: Lang, utf8: bool, read: &mut Option<Disk>) -> Files {
        test_hooks();
        let dir = &m.dir;
        tftype::valueparse::kept::set_scope(&scope(dir));
        let profile = m.flavor.profile();
        let mut out = Vec::new();
        let Some(disk) = Disk::read(dir, m.open.iter().map(|o| o.rel.as_str()), lang) else {
            return out;
        };
        let l = disk.clone().with_open(m.open.iter().map(|o| (o.rel.as_str(), o.text.as_str())));
        *read = Some(disk);
        let envs: Vec<(String, String)> =
            m.open.iter().filter(|o| o.var_file).map(|o| (o.rel.clone(), o.text.as_str().to_owned())).collect();
        // Notes on the values of the value files the editor has open.
        let open_values: Vec<(&str, usize)> =
            m.open.iter().filter(|o| editor::is_value_file(&o.rel)).map(|o| (o.rel.as_str(), o.text.len())).collect();
        self.extras.notes_on =
            open_values.iter().filter(|(_, n)| *n <= MAX_NOTES_BYTES).map(|(r, _)| r.to_string()).collect();
        let large: BTreeMap<&str, usize> = open_values.into_iter().filter(|(_, n)| *n > MAX_NOTES_BYTES).collect();
        let by_file =
            editor::diagnostics(&l.input, &envs, &l.problems, &profile, crate::check::CALLS, lang, &mut self.extras);
        let mut texts: BTreeMap<String, String> = l.input.files;
        texts.extend(envs);
        let versions: BTreeMap<&Path, i32> = m.open.iter().map(|o| (o.path.as_path(), o.version)).collect();
        // Each file's lines are found once, however many diagnostics point
        // into it (reliability-5 #3).
        let mut lines_of: BTreeMap<String, editor::Lines> = BTreeMap::new();
        for (file, diags) in by_file {
            let path = dir.join(&file);
            let Some(uri) = path_uri(&path) else { continue };
            let mut list: Vec<lt::Diagnostic> =
                diags.iter().map(|d| to_proto::diagnostic(d, &file, &mut lines_of, dir, &texts, utf8)).collect();
            if let Some(&size) = large.get(file.as_str()) {
                let size = size.div_ceil(1 << 20).to_string();
                let message = fill(
                    lang,
                    "lsp.notes_skipped_large",
                    &[("size", &size), ("limit", &(MAX_NOTES_BYTES >> 20).to_string())],
                );
                list.push(to_proto::notes_skipped(message));
            }
            let version = versions.get(path.as_path()).copied();
            out.push((path, lt::PublishDiagnosticsParams { uri, diagnostics: list, version }));
        }
        out
    }
}

/// Runs the rounds sent on `rounds` until the sender is gone (the server
/// ends) or nobody listens to `say`.
#[cfg(not(target_os = "wasi"))]
pub(super) fn run(rounds: std::sync::mpsc::Receiver<Round>, mut say: impl FnMut(Checked) -> bool) {
    keep_parses();
    let mut w = Worker::default();
    while let Ok(r) = rounds.recv() {
        let mut listening = true;
        w.round(r, &mut |c| {
            listening = say(c);
            listening
        });
        if !listening {
            return;
        }
    }
}

/// For the tests of the server (debug builds only; a released server has
/// neither): `TFTYPE_LSP_TEST_CHECK_DELAY_MS` makes each module's check
/// wait that long first (a slow check), `TFTYPE_LSP_TEST_CHECK_PANIC` makes
/// it panic.
fn test_hooks() {
    #[cfg(debug_assertions)]
    {
        if let Some(ms) = std::env::var("TFTYPE_LSP_TEST_CHECK_DELAY_MS").ok().and_then(|v| v.parse().ok()) {
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
        if std::env::var_os("TFTYPE_LSP_TEST_CHECK_PANIC").is_some() {
            panic!("TFTYPE_LSP_TEST_CHECK_PANIC was set");
        }
    }
}

/// Hands memory that glibc's malloc keeps after a round's work (or after
/// the requests of a batch, on the serving thread) back to the system:
/// after a module's last document was closed, or when more than
/// [`KEPT_FREE_LIMIT`] bytes are free but held (reliability-5 #4: after a
/// 100 MB value file was closed, 2.1 GB of freed pages stayed resident;
/// `malloc_trim` brought it to 116 MB; a hover on that file left 4.0 GB
/// resident, 2.0 GB of it in use). `malloc_trim` goes through every
/// arena. Other allocators (musl's in the release binaries, WebAssembly's)
/// give pages back themselves or cannot: nothing to do there.
pub(super) fn give_back_memory(closed: bool) {
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

/// Makes glibc's malloc use one arena for the server's threads (before any
/// is started): `malloc_trim` gives back the free top of the main arena
/// only, so the free top of the worker's own arena (up to the 64 MiB trim
/// threshold glibc grows to after large frees) stayed resident after a
/// close: 37 MB resident after a 21 MB value file was opened and closed
/// (12 MB at start), 16 MB with one arena. The serving thread allocates
/// little while a check runs, so the threads seldom wait for each other.
#[cfg(not(target_os = "wasi"))]
pub(super) fn one_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Free memory glibc may keep between rounds (64 MiB): above it, a round's
/// end gives it back ([`give_back_memory`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const KEPT_FREE_LIMIT: usize = 64 << 20;

#[cfg(test)]
#[path = "worker/tests.rs"]
mod tests;
