//! The engine runs in a Web Worker (`public/engine-worker.js`), so that a
//! long evaluation never holds up typing, and a trap in the engine (a bug:
//! wasm cannot recover from one in the instance that trapped) costs a
//! restarted worker, not a dead page.
//!
//! Two .wasm files answer there: this page's own .wasm (loaded again in the
//! worker, where it mounts nothing) evaluates and tells the Why story, the
//! work of every keystroke; `engine-full/`'s .wasm writes "Copy as" forms,
//! switches formats, compares versions and completes and hovers in the
//! value editor, and is fetched the first time
//! the worker is asked for one of these (see README.md, "How the page loads
//! its engine"); `engine_module`'s checks the Module view's module and
//! completes and hovers in its files. The worker answers an evaluation with what the page shows:
//! a very long console or JSON text comes cut (unless "Show all" was
//! pressed), so that a big value does not cost the page's thread a
//! megabyte of text per keystroke.
//!
//! One request is in flight at a time; a newer request of the same kind
//! replaces one still waiting. A request that runs longer than 20 seconds
//! is stopped with its worker. Where no worker can be had (native tests, a
//! browser without module workers) evaluations and stories are answered on
//! the spot; in the browser the rest then cannot be had.

use serde::Serialize;
use tftype::versions::Comparison;
use tftype::writeback::EmitOut;
use tftype::{Request, Response, ValueFormat};

use crate::shared::jsonfmt;
use crate::shared::outcome;
use crate::shared::read_json;

/// An evaluation as the page shows it: the engine's answer with its console
/// and JSON texts ready to show (the JSON indented, and only while the JSON
/// tab is on show) and, unless the whole texts were asked for, cut (see
/// [`outcome::clip`]); with the story when the request named a language.
///
/// The page reads it with [`Evaluation::read`]; the derived reader is the tests' (what that
/// one is held to).
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct Evaluation {
    pub response: Response,
    /// (lines shown, lines in all) when the console text was cut.
    pub console_cut: Option<(usize, usize)>,
    /// The same for the JSON text.
    pub json_cut: Option<(usize, usize)>,
    /// The JSON text was left out (the JSON tab is not on show).
    #[serde(default)]
    pub json_left_out: bool,
}

/// What an evaluation's answer holds besides the console text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Whole texts ("Show all" was pressed), not cut ones.
    pub full: bool,
    /// The JSON text (the JSON tab is on show).
    pub json: bool,
}

impl Shown {
    /// Whole texts, JSON included.
    #[cfg(test)]
    pub const ALL: Shown = Shown { full: true, json: true };

    fn arg(self) -> String {
        format!("{}{}", if self.full { "full " } else { "" }, if self.json { "json" } else { "" })
    }

    /// The work's parameter read back (the worker's side, `main.rs`).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn from_arg(arg: &str) -> Shown {
        Shown { full: arg.split(' ').any(|w| w == "full"), json: arg.split(' ').any(|w| w == "json") }
    }
}

impl Evaluation {
    /// An evaluation as the worker sends it, read as `shared::read_json` reads replies (its
    /// derived reader, in tests only, is what it is held to).
    fn read(json: &[u8]) -> Result<Evaluation, serde_json::Error> {
        use crate::shared::read_json::{cut, flag, missing, response_in};
        let v: serde_json::Value = serde_json::from_slice(json)?;
        Ok(Evaluation {
            response: response_in(&v["response"]).ok_or_else(|| missing("response"))?,
            console_cut: cut(&v["console_cut"]),
            json_cut: cut(&v["json_cut"]),
            json_left_out: flag(&v, "json_left_out"),
        })
    }

    /// `resp`, reduced to what the page shows.
    pub fn of(mut resp: Response, shown: Shown) -> Evaluation {
        let full = shown.full;
        let cut = |text: &mut String| -> Option<(usize, usize)> {
            if full {
                return None;
            }
            let (head, total) = outcome::clip(text, outcome::SHOW_LINES, outcome::SHOW_BYTES);
            let shown = total.map(|t| (outcome::count_lines(head), t));
            let end = head.len();
            text.truncate(end);
            shown
        };
        let console_cut = resp.console.as_mut().and_then(cut);
        let mut json = resp.json.take().filter(|_| shown.json).map(|j| jsonfmt::pretty(&j));
        let json_cut = json.as_mut().and_then(cut);
        resp.json = json;
        // What the page does not show.
        resp.explain = Vec::new();
        resp.sensitive_paths = Vec::new();
        Evaluation { response: resp, console_cut, json_cut, json_left_out: !shown.json }
    }
}

/// What the engine sends back.
pub enum Reply {
    Evaluated(Box<Evaluation>, f64),
    Compared(Comparison, f64),
    /// Every "Copy as" form (or why not).
    Emitted(Vec<EmitOut>),
    /// The Module view of a module (`tftype::module_view::ModuleView` as
    /// JSON: the Module view's .wasm reads it, the page's never has to).
    Viewed(String, f64),
    /// The value in another format (and what its text lost), or why it cannot be.
    Reformatted(Result<tftype::writeback::Reformatted, String>),
    /// The Why story and the notes.
    Told(tftype::why::Story),
    /// Completions or a hover in the value editor, as JSON for the editor
    /// (`tftype::assist::complete_value`, `hover_value`).
    Assisted(String),
    /// What to read next of a folder the Module view opens
    /// (`tftype::module_view::folder::Plan` as JSON).
    Planned(String),
    /// The engine stopped on this request: what to tell the user.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Failed(String),
}

/// The kinds of work.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Work {
    /// The answer, with the texts the page shows.
    Evaluate(Shown),
    Compare,
    /// Every "Copy as" form; true: of the converted value.
    Emit(bool),
    /// The value written in another format.
    Reformat(ValueFormat),
    /// The Why story and notes (the request's `lang`).
    Story,
    /// The Module view of a module (`tftype::module_view`; the request is
    /// the module's JSON, not a variable's). Answered by `engine-full/`'s
    /// `engine_module` .wasm, which the worker loads when first asked.
    Module,
    /// The Why story of the variable chosen in the Module view (a kind of
    /// its own, so that it never replaces the single variable's story).
    ModuleStory,
    /// Completion (false) or hover (true) at a byte of the value, for the
    /// value editor. Answered by `engine-full/`.
    Assist(bool, usize),
    /// Completion (false) or hover (true) at a byte of a file of the Module
    /// view (the request is the module's JSON with the file's name,
    /// `tftype::module_view::assist_json`). Answered by `engine_module`.
    ModuleAssist(bool, usize),
    /// Which files of a folder the Module view reads next (the request is
    /// `{listing, read, failed}`, `tftype::module_view::folder::plan_json`).
    /// Answered by `engine_module`.
    ModuleFolder,
}

impl Work {
    /// The worker's name for the work (requests of one kind replace each other).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn key(self) -> &'static str {
        const KEYS: [&str; 12] = [
            "evaluate",
            "compare",
            "emit",
            "reformat",
            "story",
            "module",
            "module-story",
            "complete",
            "hover",
            "module-complete",
            "module-hover",
            "module-folder",
        ];
        KEYS[match self {
            Work::Evaluate(_) => 0,
            Work::Compare => 1,
            Work::Emit(_) => 2,
            Work::Reformat(_) => 3,
            Work::Story => 4,
            Work::Module => 5,
            Work::ModuleStory => 6,
            Work::Assist(hover, _) => 7 + hover as usize,
            Work::ModuleAssist(hover, _) => 9 + hover as usize,
            Work::ModuleFolder => 11,
        }]
    }

    /// The work's parameter, as the worker passes it on.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn arg(self) -> String {
        match self {
            Work::Evaluate(shown) => shown.arg(),
            Work::Emit(converted) => converted.to_string(),
            Work::Reformat(f) => f.name().to_string(),
            Work::Assist(hover, at) | Work::ModuleAssist(hover, at) => {
                format!("{} {at}", if hover { "hover" } else { "complete" })
            }
            _ => String::new(),
        }
    }
}

/// Which of the waiting requests (their kinds, in the order they came) the
/// worker is given next: the evaluation, which a keystroke waits for (not
/// behind an editor's question or a format switch asked for earlier), else
/// the first that is not a story, else the first. A story waits for every
/// other request: it is the slowest and the least urgent.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn next_waiting(works: impl IntoIterator<Item = Work>) -> usize {
    let mut first_other = None;
    for (i, work) in works.into_iter().enumerate() {
        match work {
            Work::Evaluate(_) => return i,
            Work::Story | Work::ModuleStory => {}
            _ => {
                first_other.get_or_insert(i);
            }
        }
    }
    first_other.unwrap_or(0)
}

/// The reply to `work`, from the engine's JSON text (as the worker sends
/// it: UTF-8 bytes).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn read_reply(work: Work, block: bool, json: Vec<u8>, ms: f64) -> Result<Reply, serde_json::Error> {
    // The Module view's .wasm asks only for its own work (a check, a variable's story, its files'
    // completion and hover): the readers of the page's answers are left out of it (native tests
    // keep them, to read the page's replies).
    if !crate::IN_PAGE
        && cfg!(target_arch = "wasm32")
        && !matches!(work, Work::Module | Work::ModuleStory | Work::ModuleAssist(..) | Work::ModuleFolder)
    {
        return Ok(Reply::Failed(String::new()));
    }
    // A `variable` block's answer (the Module view's .wasm: `engine_block`) is the whole response;
    // its Versions comparison (`engine_block_compare`) is a comparison. Only the page asks for
    // one (the type editor), so the Module view's .wasm has no reader of a whole response.
    if (crate::IN_PAGE || cfg!(not(target_arch = "wasm32"))) && block && !matches!(work, Work::Compare) {
        return Ok(block_reply(work, read_json::response(&json)?, ms));
    }
    // Every reply is read with the small readers of shared/read_json.rs, not serde's derived ones
    // (issue #39: compiled again for every type, they were the larger part of the page's readers).
    Ok(match work {
        Work::Evaluate(_) => Reply::Evaluated(Box::new(Evaluation::read(&json)?), ms),
        Work::Compare => Reply::Compared(read_json::comparison(&json)?, ms),
        Work::Emit(_) => Reply::Emitted(read_json::emitted(&json)?),
        Work::Reformat(_) => Reply::Reformatted(read_json::reformatted(&json)?),
        Work::Story | Work::ModuleStory => Reply::Told(read_json::story(&json)?),
        Work::Module => Reply::Viewed(crate::shared::page::utf8_text(json), ms),
        Work::Assist(..) | Work::ModuleAssist(..) => Reply::Assisted(crate::shared::page::utf8_text(json)),
        Work::ModuleFolder => Reply::Planned(crate::shared::page::utf8_text(json)),
    })
}

/// The reply to `work` for the answer to a `variable` block given as the
/// type ([`tftype::module::block`]): the answer, or its story.
fn block_reply(work: Work, mut r: Response, ms: f64) -> Reply {
    match work {
        Work::Evaluate(shown) => Reply::Evaluated(Box::new(Evaluation::of(r, shown)), ms),
        _ => Reply::Told(r.story.take().unwrap_or_default()),
    }
}

/// Whether `req`'s type is a whole `variable` block, which the Module
/// view's .wasm answers (its rules need Terraform's functions, which the
/// page's own .wasm leaves out).
pub fn is_block(work: Work, req: &Request) -> bool {
    matches!(work, Work::Evaluate(_) | Work::Story | Work::Compare)
        && req.type_src.as_deref().is_some_and(tftype::module::block::is_block)
}

/// A `variable` block's answer here, on this thread: in native tests. (In
/// the browser without a worker, the page's .wasm has no rules to run: the
/// block is answered as a type, and the syntax error says what is wrong.)
#[cfg(not(target_arch = "wasm32"))]
fn block_here(work: Work, req: &Request, t0: f64) -> Option<Reply> {
    if !is_block(work, req) {
        return None;
    }
    if work == Work::Compare {
        return Some(Reply::Compared(tftype::module::block::compare(req), crate::shared::page::now_ms() - t0));
    }
    Some(block_reply(work, tftype::module::block::evaluate(req), crate::shared::page::now_ms() - t0))
}

#[cfg(target_arch = "wasm32")]
fn block_here(_: Work, _: &Request, _: f64) -> Option<Reply> {
    None
}

/// The Why story and notes of `req`, in its language.
pub fn story(req: &Request) -> tftype::why::Story {
    tftype::why::story(req, req.lang.unwrap_or_default())
}

/// Whether this .wasm can answer a request on its own thread: natively (the
/// tests) and in the page's .wasm, which holds the engine of every
/// keystroke. The Module view's .wasm links no engine at all (issue #39:
/// the engine ships once, in the worker): without a worker it says so.
/// (A constant, so that the compiler leaves the engine out of that .wasm.)
const ENGINE_HERE: bool = crate::IN_PAGE || cfg!(not(target_arch = "wasm32"));

/// Runs a request (its JSON text) here, on this thread (the Module view's
/// own work, a check and its files' completion and hover, never in the
/// page's .wasm; the rest as [`run_here`]).
pub fn run_json_here(work: Work, json: &str) -> Reply {
    match work {
        // Only the Module view's .wasm is asked for a check (or its files' completion and hover):
        // the page's leaves them out.
        Work::Module | Work::ModuleAssist(..) | Work::ModuleFolder if crate::IN_PAGE => Reply::Failed(String::new()),
        Work::Module => check_here(json, crate::shared::page::now_ms()),
        Work::ModuleAssist(..) => assist_here(work, json),
        Work::ModuleFolder => folder_here(json),
        // The Module view's .wasm sends only its own work as JSON: it has no reader of a request.
        _ if !crate::IN_PAGE && cfg!(target_arch = "wasm32") => Reply::Failed(String::new()),
        _ => run_here(work, &read_json::request_json(json.as_bytes())),
    }
}

/// The Module view's check, on this thread: in native tests. The page's
/// .wasm leaves the check out (it is `engine-full/`'s `engine_module`):
/// without a worker to load it in, the Module view says so.
#[cfg(not(target_arch = "wasm32"))]
fn check_here(json: &str, t0: f64) -> Reply {
    let view = tftype::module_view::view_json(json);
    Reply::Viewed(view, crate::shared::page::now_ms() - t0)
}

#[cfg(target_arch = "wasm32")]
fn check_here(json: &str, _t0: f64) -> Reply {
    // The request's `lang`.
    let lang = serde_json::from_slice::<serde_json::Value>(json.as_bytes())
        .ok()
        .and_then(|v| crate::shared::read_json::lang(&v["lang"]))
        .unwrap_or_default();
    Reply::Failed(tftype::i18n::text(lang, "ui.module.no_worker").to_string())
}

/// The Module view's completion or hover, on this thread: in native tests
/// (in the browser it is `engine_module`'s, which only the worker loads).
#[cfg(not(target_arch = "wasm32"))]
fn assist_here(work: Work, json: &str) -> Reply {
    Reply::Assisted(tftype::module_view::assist_json(json, &work.arg()))
}

#[cfg(target_arch = "wasm32")]
fn assist_here(_: Work, _: &str) -> Reply {
    Reply::Failed(String::new())
}

/// What to read of a folder, on this thread: in native tests (in the
/// browser it is `engine_module`'s, which only the worker loads).
#[cfg(not(target_arch = "wasm32"))]
fn folder_here(json: &str) -> Reply {
    Reply::Planned(tftype::module_view::folder::plan_json(json))
}

#[cfg(target_arch = "wasm32")]
fn folder_here(json: &str) -> Reply {
    check_here(json, 0.0)
}

/// Runs a request here, on this thread. In the browser only evaluations
/// and stories can be (the rest is in `engine-full`'s .wasm files), and
/// only in the page's .wasm ([`ENGINE_HERE`]).
pub fn run_here(work: Work, req: &Request) -> Reply {
    if !ENGINE_HERE {
        let lang = req.lang.unwrap_or_default();
        return Reply::Failed(tftype::i18n::text(lang, "ui.engine.no_worker").to_string());
    }
    let t0 = crate::shared::page::now_ms();
    if let Some(reply) = block_here(work, req, t0) {
        return reply;
    }
    match work {
        Work::Evaluate(shown) => {
            let r = tftype::evaluate(req);
            Reply::Evaluated(Box::new(Evaluation::of(r, shown)), crate::shared::page::now_ms() - t0)
        }
        Work::Story | Work::ModuleStory => Reply::Told(story(req)),
        // A check (and its editors' completion and hover) is sent as its module's JSON, never as a
        // variable's request (run_json_here).
        Work::Module | Work::ModuleAssist(..) | Work::ModuleFolder => Reply::Failed(String::new()),
        #[cfg(not(target_arch = "wasm32"))]
        Work::Compare => Reply::Compared(tftype::versions::compare(req), crate::shared::page::now_ms() - t0),
        #[cfg(not(target_arch = "wasm32"))]
        Work::Emit(converted) => Reply::Emitted(tftype::writeback::emit_all(req, converted)),
        #[cfg(not(target_arch = "wasm32"))]
        Work::Reformat(to) => Reply::Reformatted(
            tftype::writeback::reformat(req, to).map_err(|r| r.message_in(req.lang.unwrap_or_default())),
        ),
        #[cfg(not(target_arch = "wasm32"))]
        Work::Assist(false, at) => {
            Reply::Assisted(serde_json::to_string(&tftype::assist::complete_value(req, at)).unwrap_or_default())
        }
        #[cfg(not(target_arch = "wasm32"))]
        Work::Assist(true, at) => {
            Reply::Assisted(serde_json::to_string(&tftype::assist::hover_value(req, at)).unwrap_or_default())
        }
        #[cfg(target_arch = "wasm32")]
        Work::Compare | Work::Emit(_) | Work::Reformat(_) | Work::Assist(..) => {
            Reply::Failed(tftype::i18n::text(req.lang.unwrap_or_default(), "ui.engine.no_worker").to_string())
        }
    }
}

/// A variable name that makes the worker's engine trap on purpose (opened as
/// `#trap-test`, so that the end-to-end test can prove a trap is survived).
pub const TRAP_TEST: &str = "\u{0}tftype-trap-test";

#[cfg(target_arch = "wasm32")]
pub use worker::Engine;

#[cfg(not(target_arch = "wasm32"))]
pub use here::Engine;

#[cfg(not(target_arch = "wasm32"))]
mod here {
    use super::*;

    /// Without workers: every request answered at once.
    #[derive(Clone, Default)]
    pub struct Engine;

    impl Engine {
        pub fn new(_on_restart: impl Fn(String) + 'static) -> Engine {
            Engine
        }
        pub fn send(&self, work: Work, req: &Request, done: impl FnOnce(Reply) + 'static) {
            done(run_here(work, req));
        }
        pub fn send_json(&self, work: Work, json: String, done: impl FnOnce(Reply) + 'static) {
            done(run_json_here(work, &json));
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;
    use std::rc::Rc;

    use tftype::i18n::Lang;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    use super::*;

    type Done = Box<dyn FnOnce(Reply)>;

    /// A request running longer than this is stopped.
    const TOO_LONG_MS: f64 = 20_000.0;

    /// Evaluations of inputs up to this size (type and value, in bytes) are answered on the
    /// page's thread, by a second instance of this .wasm (`js-src/engine-here.js`), inside the
    /// keystroke's own task: the typed key and its result are then drawn in one frame. (Chromium
    /// defers a page's tasks after a key press until the next frame, the worker's reply among
    /// them, so that an answer from the worker is drawn a frame after the key at the earliest.)
    /// About a millisecond of the page's thread at this size; larger inputs go to the worker.
    const HERE_AT_MOST: usize = 4 * 1024;

    #[wasm_bindgen(module = "/js/cm6.bundle.js")]
    extern "C" {
        /// The second engine's answer (`js-src/cm6.js`: `evaluateHere`), or None.
        #[wasm_bindgen(js_name = evaluateHere)]
        fn evaluate_here(request: &[u8], arg: &str, lang: &str) -> Option<Vec<u8>>;
    }

    struct Waiting {
        work: Work,
        /// The request is a `variable` block's ([`is_block`]).
        block: bool,
        request: Payload,
        done: Done,
    }

    /// A waiting request, written out as JSON only when it is sent: keys
    /// typed while the worker is busy replace the waiting evaluation and cost
    /// no pass over the text each.
    enum Payload {
        Request(Box<Request>),
        Json(String),
    }

    impl Payload {
        fn into_json(self) -> String {
            match self {
                Payload::Request(req) => serde_json::to_string(&req).unwrap_or_default(),
                Payload::Json(json) => json,
            }
        }
    }

    struct Running {
        id: u64,
        work: Work,
        block: bool,
        done: Done,
        since: f64,
    }

    #[derive(PartialEq)]
    enum State {
        Starting,
        Ready,
        /// No worker: requests are answered on this thread.
        Here,
    }

    struct Inner {
        worker: Option<web_sys::Worker>,
        state: State,
        running: Option<Running>,
        waiting: Vec<Waiting>,
        next_id: u64,
        /// How many of the page's catalogs (and parts) this worker has been given.
        catalogs_sent: usize,
        /// A part of the catalogs the next answer is told in (`full`: the
        /// texts of `engine-full/`'s answers; `check`: a `variable` block's
        /// story) is being fetched: the request waits for it.
        fetching_texts: bool,
        on_restart: Rc<dyn Fn(String)>,
        /// The language of what the user is told.
        lang: leptos::prelude::RwSignal<Lang>,
        /// Keeps the message handler alive with its worker.
        _handler: Option<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    }

    thread_local! {
        /// The parts of the catalogs asked for once already.
        static TEXTS_TRIED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
    }

    /// The page's handle on the engine worker.
    #[derive(Clone)]
    pub struct Engine(Rc<RefCell<Inner>>);

    /// The URLs of this page's wasm-bindgen glue and .wasm, from the links
    /// Trunk put in the page.
    fn own_urls() -> Option<(String, String)> {
        let doc = web_sys::window()?.document()?;
        let href = |sel: &str| doc.query_selector(sel).ok().flatten().and_then(|e| e.get_attribute("href"));
        let wasm = href("link[rel=\"preload\"][type=\"application/wasm\"]")?;
        let glue = href("link[rel=\"modulepreload\"][href$=\".js\"]:not([href*=\"snippets\"])")?;
        let base = web_sys::window()?.location().href().ok()?;
        let abs = |u: &str| web_sys::Url::new_with_base(u, &base).ok().map(|u| u.href());
        Some((abs(&glue)?, abs(&wasm)?))
    }

    fn set(obj: &js_sys::Object, key: &str, value: &JsValue) {
        let _ = js_sys::Reflect::set(obj, &key.into(), value);
    }

    impl Engine {
        pub fn new(on_restart: impl Fn(String) + 'static) -> Engine {
            let e = Engine(Rc::new(RefCell::new(Inner {
                worker: None,
                state: State::Starting,
                running: None,
                waiting: Vec::new(),
                next_id: 1,
                catalogs_sent: 0,
                fetching_texts: false,
                on_restart: Rc::new(on_restart),
                lang: crate::shared::words::lang(),
                _handler: None,
            })));
            e.start();
            // A watchdog for requests that run too long.
            let weak = Rc::downgrade(&e.0);
            let tick = Closure::<dyn FnMut()>::new(move || {
                if let Some(inner) = weak.upgrade() {
                    Engine(inner).check_time();
                }
            });
            if let Some(w) = web_sys::window() {
                let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 1000);
            }
            tick.forget();
            e
        }

        fn start(&self) {
            let Some((glue, wasm)) = own_urls() else {
                self.0.borrow_mut().state = State::Here;
                return;
            };
            let opts = web_sys::WorkerOptions::new();
            opts.set_type(web_sys::WorkerType::Module);
            let Ok(worker) = web_sys::Worker::new_with_options(&crate::shared::assets::url("engine-worker.js"), &opts)
            else {
                self.0.borrow_mut().state = State::Here;
                return;
            };
            let weak = Rc::downgrade(&self.0);
            let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                if let Some(inner) = weak.upgrade() {
                    Engine(inner).on_message(ev.data());
                }
            });
            worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
            let init = js_sys::Object::new();
            set(&init, "type", &"init".into());
            set(&init, "glue", &glue.into());
            set(&init, "wasm", &wasm.into());
            let full = js_sys::Object::new();
            set(&full, "glue", &crate::shared::assets::url("engine_full.js").into());
            set(&full, "wasm", &crate::shared::assets::url("engine_full_bg.wasm").into());
            set(&init, "full", &full);
            let module = js_sys::Object::new();
            set(&module, "glue", &crate::shared::assets::url("engine_module.js").into());
            set(&module, "wasm", &crate::shared::assets::url("engine_module_bg.wasm").into());
            set(&init, "module", &module);
            let _ = worker.post_message(&init);
            let mut inner = self.0.borrow_mut();
            inner.worker = Some(worker);
            inner.state = State::Starting;
            inner.catalogs_sent = 0;
            inner._handler = Some(handler);
        }

        /// Sends `req`; `done` gets the answer. A waiting request of the same
        /// kind is replaced (its `done` is never called).
        pub fn send(&self, work: Work, req: &Request, done: impl FnOnce(Reply) + 'static) {
            self.send_boxed(work, req, Box::new(done))
        }

        /// [`Self::send`], compiled once (not once per kind of `done`).
        fn send_boxed(&self, work: Work, req: &Request, done: Done) {
            // Without a worker the request is answered as it is, not written out and read back.
            if self.0.borrow().state == State::Here {
                done(run_here(work, req));
                return;
            }
            let block = is_block(work, req);
            if crate::IN_PAGE && matches!(work, Work::Evaluate(_)) && !block {
                if let Some(reply) = self.answer_here(work, req) {
                    done(reply);
                    return;
                }
            }
            self.enqueue(work, block, Payload::Request(Box::new(req.clone())), done)
        }

        /// An everyday evaluation answered on this thread by the second engine ([`HERE_AT_MOST`]);
        /// None: the worker answers it (a larger input; the second engine not ready, or dropped).
        fn answer_here(&self, work: Work, req: &Request) -> Option<Reply> {
            if req.type_src.as_deref().map_or(0, str::len) + req.value.len() > HERE_AT_MOST {
                return None;
            }
            let t0 = crate::shared::page::now_ms();
            let json = serde_json::to_string(req).ok()?;
            let bytes = evaluate_here(json.as_bytes(), &work.arg(), req.lang.unwrap_or_default().code())?;
            let ms = crate::shared::page::now_ms() - t0;
            // The worker's answers for older keys would come after this one: they are not shown.
            let mut inner = self.0.borrow_mut();
            inner.waiting.retain(|w| !matches!(w.work, Work::Evaluate(_)));
            if let Some(r) = inner.running.as_mut().filter(|r| matches!(r.work, Work::Evaluate(_))) {
                r.done = Box::new(|_| {});
            }
            drop(inner);
            read_reply(work, false, bytes, ms).ok()
        }

        /// [`Self::send`] for a request given as its JSON text.
        pub fn send_json(&self, work: Work, json: String, done: impl FnOnce(Reply) + 'static) {
            let here = self.0.borrow().state == State::Here;
            if here {
                done(run_json_here(work, &json));
                return;
            }
            self.enqueue(work, false, Payload::Json(json), Box::new(done))
        }

        fn enqueue(&self, work: Work, block: bool, request: Payload, done: Done) {
            let replaced: Vec<Waiting> = {
                let mut inner = self.0.borrow_mut();
                let (replaced, kept) =
                    std::mem::take(&mut inner.waiting).into_iter().partition(|w| w.work.key() == work.key());
                inner.waiting = kept;
                inner.waiting.push(Waiting { work, block, request, done });
                replaced
            };
            // An editor's question replaced by a newer one is answered with nothing (the editor
            // waits for one answer at a time: js-src/assist.js); other replaced requests are
            // never answered.
            for w in replaced {
                if matches!(w.work, Work::Assist(..) | Work::ModuleAssist(..)) {
                    (w.done)(Reply::Assisted(String::new()));
                }
            }
            self.pump();
        }

        /// Gives the worker every catalog the page has fetched and it lacks.
        fn send_catalogs(inner: &mut Inner) {
            let Some(worker) = &inner.worker else { return };
            for (lang, text) in crate::shared::assets::texts_after(inner.catalogs_sent) {
                let msg = js_sys::Object::new();
                set(&msg, "type", &"catalog".into());
                set(&msg, "lang", &lang.code().into());
                set(&msg, "text", &text.into());
                let _ = worker.post_message(&msg);
                inner.catalogs_sent += 1;
            }
        }

        /// Starts the next waiting request when the worker is free.
        fn pump(&self) {
            let mut inner = self.0.borrow_mut();
            if inner.state != State::Ready || inner.running.is_some() || inner.waiting.is_empty() {
                return;
            }
            // The evaluation goes first (it is what a keystroke waits for), the
            // story after every other request (it is the slowest and the
            // least urgent: typing must see answers first).
            let next = next_waiting(inner.waiting.iter().map(|w| w.work));
            // "Copy as" and a format switch answer with texts the first load
            // does not fetch (refusals, what a rewrite lost): fetched first,
            // once (a failed fetch is not retried; the answer then says less).
            // The editors' completion and hover too (assist.*), and a `variable`
            // block's story (check.*, validation.*).
            let part = match &inner.waiting[next] {
                w if w.block => Some("check"),
                w if matches!(
                    w.work,
                    Work::Emit(_) | Work::Reformat(_) | Work::Assist(..) | Work::ModuleAssist(..)
                ) =>
                {
                    Some("full")
                }
                _ => None,
            };
            if let Some(part) = part {
                use leptos::prelude::GetUntracked;
                let lang = inner.lang.get_untracked();
                if inner.fetching_texts {
                    return;
                }
                let first_time = TEXTS_TRIED.with(|t| {
                    let mut t = t.borrow_mut();
                    let first = !t.contains(&part);
                    if first {
                        t.push(part);
                    }
                    first
                });
                if !tftype::i18n::installed_part(lang, part) && first_time {
                    inner.fetching_texts = true;
                    let me = self.clone();
                    leptos::task::spawn_local(async move {
                        let _ = crate::shared::assets::load_part(lang, part).await;
                        me.0.borrow_mut().fetching_texts = false;
                        me.pump();
                    });
                    return;
                }
            }
            Self::send_catalogs(&mut inner);
            let w = inner.waiting.remove(next);
            let id = inner.next_id;
            inner.next_id += 1;
            let msg = js_sys::Object::new();
            // A `variable` block goes to the Module view's .wasm (public/engine-worker.js).
            let kind = match (w.block, w.work) {
                (true, Work::Evaluate(_)) => "block",
                (true, Work::Compare) => "block-compare",
                (true, _) => "block-story",
                (false, work) => work.key(),
            };
            set(&msg, "type", &kind.into());
            set(&msg, "id", &(id as f64).into());
            // Requests and replies cross as UTF-8 bytes: a string would be
            // copied into each side's .wasm memory character by character
            // (about 1 ms for a 100 KB value), bytes are copied in one go.
            set(&msg, "request", &js_sys::Uint8Array::from(w.request.into_json().as_bytes()).into());
            set(&msg, "arg", &w.work.arg().into());
            if let Some(worker) = &inner.worker {
                let _ = worker.post_message(&msg);
            }
            inner.running =
                Some(Running { id, work: w.work, block: w.block, done: w.done, since: crate::shared::page::now_ms() });
        }

        fn on_message(&self, data: JsValue) {
            let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).unwrap_or(JsValue::UNDEFINED);
            let kind = get("type").as_string().unwrap_or_default();
            match kind.as_str() {
                "ready" => {
                    self.0.borrow_mut().state = State::Ready;
                    self.pump();
                }
                "failed" => {
                    // The worker could not load the engine: answer here from now on.
                    let waiting = {
                        let mut inner = self.0.borrow_mut();
                        inner.state = State::Here;
                        if let Some(w) = inner.worker.take() {
                            w.terminate();
                        }
                        std::mem::take(&mut inner.waiting)
                    };
                    for w in waiting {
                        let reply = match w.request {
                            Payload::Request(req) => run_here(w.work, &req),
                            Payload::Json(json) => run_json_here(w.work, &json),
                        };
                        (w.done)(reply);
                    }
                }
                "reply" => {
                    let id = get("id").as_f64().unwrap_or(0.0) as u64;
                    let ms = get("ms").as_f64().unwrap_or(0.0);
                    let json = get("response").dyn_into::<js_sys::Uint8Array>().map(|a| a.to_vec()).unwrap_or_default();
                    let running = {
                        let mut inner = self.0.borrow_mut();
                        match &inner.running {
                            Some(r) if r.id == id => inner.running.take(),
                            _ => None,
                        }
                    };
                    // The next request goes out before this reply is shown, so
                    // that the worker works while the page renders.
                    self.pump();
                    if let Some(r) = running {
                        let reply = read_reply(r.work, r.block, json, ms);
                        let lang = self.lang();
                        (r.done)(reply.unwrap_or_else(|e| {
                            Reply::Failed(tftype::i18n::fill(
                                lang,
                                "ui.engine.unreadable",
                                &[("error", &e.to_string())],
                            ))
                        }));
                    }
                    self.pump();
                }
                "crash" => {
                    let message = get("message").as_string().unwrap_or_default();
                    self.restart(tftype::i18n::fill(self.lang(), "ui.engine.restarted", &[("message", &message)]));
                }
                _ => {}
            }
        }

        fn lang(&self) -> Lang {
            use leptos::prelude::GetUntracked;
            self.0.borrow().lang.get_untracked()
        }

        fn check_time(&self) {
            let too_long =
                self.0.borrow().running.as_ref().is_some_and(|r| crate::shared::page::now_ms() - r.since > TOO_LONG_MS);
            if too_long {
                let seconds = ((TOO_LONG_MS / 1000.0) as u32).to_string();
                self.restart(tftype::i18n::fill(self.lang(), "ui.engine.too_long", &[("seconds", &seconds)]));
            }
        }

        /// Ends the worker and starts another; the request it was running
        /// fails with `why` (it is not tried again), the others go on.
        fn restart(&self, why: String) {
            let (running, on_restart) = {
                let mut inner = self.0.borrow_mut();
                if let Some(w) = inner.worker.take() {
                    w.terminate();
                }
                inner._handler = None;
                (inner.running.take(), inner.on_restart.clone())
            };
            self.start();
            if let Some(r) = running {
                (r.done)(Reply::Failed(why.clone()));
            }
            on_restart(why);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// reliability-5 #5 (the page's part): the Versions tab compares a
    /// `variable` block as a block in every version (its rules included),
    /// not as a type expression; it is the Module view's .wasm's work.
    #[test]
    fn the_versions_tab_compares_a_block_as_a_block() {
        let block = "variable \"replicas\" {\n  type = number\n  validation {\n    condition     = var.replicas >= 1 && var.replicas <= 5\n    error_message = \"Replicas must be 1 to 5.\"\n  }\n}";
        let req = Request::new(Some(block), "9");
        assert!(is_block(Work::Compare, &req));
        // The worker's reply, as `engine_block_compare` writes it, read as the page reads it.
        let compared = |value: &str| {
            let json = serde_json::to_vec(&tftype::module::block::compare(&Request::new(Some(block), value))).unwrap();
            match read_reply(Work::Compare, true, json, 0.0) {
                Ok(Reply::Compared(c, _)) => c,
                _ => panic!("a comparison"),
            }
        };
        let c = compared("9");
        assert!(!c.groups.is_empty() && c.groups.iter().all(|g| g.text.contains("Replicas must be 1 to 5.")), "{c:?}");
        assert!(compared("3").groups.iter().all(|g| g.response.ok));
        assert!(!is_block(Work::Compare, &Request::new(Some("number"), "3")));
    }

    /// Requests of the corpora (every kind of answer, error and story), each in a language.
    fn corpus_requests() -> Vec<Request> {
        let corpora = [
            (include_str!("../../core/tests/conformance/docs.jsonl"), 1),
            (include_str!("../../core/tests/conformance/regressions.jsonl"), 1),
            (include_str!("../../core/tests/conformance/gen_public.jsonl"), 23),
            (include_str!("../../core/tests/conformance/flavors.jsonl"), 41),
            (include_str!("../../core/tests/conformance/upstream_tests.jsonl"), 13),
        ];
        let mut out = Vec::new();
        for (corpus, every) in corpora {
            out.extend(corpus.lines().filter(|l| l.starts_with('{')).step_by(every).map(Request::from_json));
        }
        // A value whose texts are cut (not every request's texts are shown whole), and OpenTofu's warning.
        let long: Vec<String> = (0..1500).map(|n| n.to_string()).collect();
        out.push(Request::new(Some("list(number)"), &format!("[{}]", long.join(",\n"))));
        let mut warned = Request::new(Some("object({a = number})"), "{a = 1, b = 2}");
        warned.flavor = Some("opentofu@1.11".into());
        out.push(warned);
        for (i, req) in out.iter_mut().enumerate() {
            req.lang = Some(tftype::i18n::Lang::ALL[i % 3]);
        }
        out
    }

    /// `variable` blocks given as the type: rules that hold and fail, in both products, and a
    /// block that does not parse.
    fn block_requests() -> Vec<Request> {
        let rules = "variable \"replicas\" {\n  type = number\n  validation {\n    condition     = var.replicas >= 1\n    error_message = \"At least one.\"\n  }\n  validation {\n    condition     = var.replicas <= 5\n    error_message = \"At most five.\"\n  }\n}";
        let mut out = Vec::new();
        for (i, (block, value)) in
            [(rules, "3"), (rules, "9"), (rules, "-9"), (rules, "\"x\""), ("variable \"x\" {\n  type = string\n", "1")]
                .into_iter()
                .enumerate()
        {
            for flavor in [None, Some("opentofu@1.8")] {
                let mut req = Request::new(Some(block), value);
                req.flavor = flavor.map(str::to_string);
                req.lang = Some(tftype::i18n::Lang::ALL[i % 3]);
                out.push(req);
            }
        }
        out
    }

    /// Two values the same as JSON (the readers' types compare so: not all are `PartialEq`).
    fn same(got: &impl Serialize, want: &impl Serialize, what: &str) {
        assert_eq!(serde_json::to_value(got).unwrap(), serde_json::to_value(want).unwrap(), "{what}");
    }

    /// The page reads every reply of the worker (as `main.rs`, engine-full's `main.rs` and
    /// `module.rs` write them) exactly as serde's derived readers read it: evaluations, with their
    /// cuts, `variable` blocks' whole responses and stories, comparisons, "Copy as" forms, format
    /// switches and stories.
    #[test]
    fn the_replies_read_as_serde_reads_them() {
        let (mut told, mut cut, mut errors, mut warnings, mut rules, mut groups, mut refused, mut lost) =
            (0, 0, 0, 0, 0, 0, 0, 0);
        let reqs = corpus_requests();
        assert!(reqs.len() > 250, "{}", reqs.len());
        for (i, req) in reqs.iter().enumerate() {
            let shown = Shown { full: i % 3 == 0, json: i % 2 == 0 };
            let json = serde_json::to_vec(&Evaluation::of(tftype::evaluate(req), shown)).unwrap();
            let want: Evaluation = serde_json::from_slice(&json).unwrap();
            same(&Evaluation::read(&json).unwrap(), &want, "an evaluation");
            cut += want.console_cut.is_some() as usize;
            errors += want.response.diagnostics.len();
            warnings += want.response.warnings.len();
            let json = serde_json::to_vec(&story(req)).unwrap();
            assert_eq!(read_json::story(&json).unwrap(), serde_json::from_slice(&json).unwrap());
            told += 1;
            let json = serde_json::to_vec(&tftype::writeback::emit_all(req, i % 2 == 0)).unwrap();
            let want: Vec<EmitOut> = serde_json::from_slice(&json).unwrap();
            same(&read_json::emitted(&json).unwrap(), &want, "the forms");
            refused += want.iter().filter(|e| e.refusal.is_some()).count();
            let to = ValueFormat::ALL[i % 5];
            let lang = req.lang.unwrap_or_default();
            let json =
                serde_json::to_vec(&tftype::writeback::reformat(req, to).map_err(|r| r.message_in(lang))).unwrap();
            let want: Result<tftype::writeback::Reformatted, String> = serde_json::from_slice(&json).unwrap();
            assert_eq!(read_json::reformatted(&json).unwrap(), want);
            lost += want.is_ok_and(|r| !r.lost.is_empty()) as usize;
            if i % 4 == 0 {
                let json = serde_json::to_vec(&tftype::versions::compare(req)).unwrap();
                let want: Comparison = serde_json::from_slice(&json).unwrap();
                same(&read_json::comparison(&json).unwrap(), &want, "a comparison");
                groups += want.groups.len();
            }
        }
        for req in block_requests() {
            let json = serde_json::to_vec(&tftype::module::block::evaluate(&req)).unwrap();
            let want: Response = serde_json::from_slice(&json).unwrap();
            same(&read_json::response(&json).unwrap(), &want, "a block's response");
            rules += want.rule_errors.len();
            told += want.story.is_some() as usize;
            let json = serde_json::to_vec(&tftype::module::block::compare(&req)).unwrap();
            same(
                &read_json::comparison(&json).unwrap(),
                &serde_json::from_slice::<Comparison>(&json).unwrap(),
                "a block's comparison",
            );
        }
        // The requests reach every part of the replies.
        assert!(
            told > 250
                && cut > 0
                && errors > 50
                && warnings > 0
                && rules > 3
                && groups > 50
                && refused > 50
                && lost > 0,
            "{told} {cut} {errors} {warnings} {rules} {groups} {refused} {lost}"
        );
    }

    /// The worker (and the page's own thread) reads the page's requests as core's
    /// `Request::from_json` reads them: every request of the corpora, with every option; JSON it
    /// cannot read says why in the same words.
    #[test]
    fn a_request_reads_as_core_reads_it() {
        let mut reqs = corpus_requests();
        reqs.extend(block_requests());
        for (i, req) in reqs.iter_mut().enumerate() {
            req.value_format = ValueFormat::ALL[i % 5];
            req.nullable = i % 2 == 0;
            req.sensitive = i % 3 == 0;
            req.var_name = format!("name{i}");
            req.forms = [tftype::Forms::Both, tftype::Forms::Console, tftype::Forms::Json][i % 3];
            let json = serde_json::to_string(&req).unwrap();
            assert_eq!(read_json::request_json(json.as_bytes()), Request::from_json(&json), "{json}");
        }
        for json in ["", "{\"type\": \"number\"", "{\"value\": \"1\", \"type\": nul", "{\"value\": \"1\"} x"] {
            let got = read_json::request_json(json.as_bytes());
            assert_eq!(got, Request::from_json(json), "{json}");
            assert!(got.flavor.is_some_and(|f| f.starts_with("(unreadable request: ")), "{json}");
        }
        // Not a request at all: unreadable too (serde refused it).
        for json in ["null", "[]", "\"1\""] {
            let got = read_json::request_json(json.as_bytes()).flavor.unwrap_or_default();
            assert!(got.starts_with("(unreadable request: ") && Request::from_json(json).flavor.is_some(), "{json}");
        }
    }

    /// What a worker never sends is refused where serde's derived readers refused it: a text
    /// that is not JSON (with serde_json's message), a reply not of its kind's shape, a form of
    /// no kind the page knows; the page then says the reply could not be read.
    #[test]
    fn a_reply_not_of_its_kind_is_refused() {
        let shown = Work::Evaluate(Shown::default());
        // A reply cut short (or empty): serde_json's message, as the derived reader gave it.
        let req = Request::new(Some("list(number)"), "[1, \"x\"]");
        let lang = tftype::i18n::Lang::En;
        let replies = [
            (shown, serde_json::to_vec(&Evaluation::of(tftype::evaluate(&req), Shown::ALL)).unwrap()),
            (Work::Story, serde_json::to_vec(&story(&req)).unwrap()),
            (Work::Compare, serde_json::to_vec(&tftype::versions::compare(&req)).unwrap()),
            (Work::Emit(false), serde_json::to_vec(&tftype::writeback::emit_all(&req, false)).unwrap()),
            (
                Work::Reformat(ValueFormat::Json),
                serde_json::to_vec(
                    &tftype::writeback::reformat(&req, ValueFormat::Json).map_err(|r| r.message_in(lang)),
                )
                .unwrap(),
            ),
        ];
        for (work, reply) in replies {
            // Bytes, as the worker sends them (a cut may fall inside a character).
            for json in [&reply[..reply.len() / 2], &reply[..reply.len() - 1], b""] {
                let got = read_reply(work, false, json.to_vec(), 0.0).err().map(|e| e.to_string());
                let want = match work {
                    Work::Evaluate(_) => serde_json::from_slice::<Evaluation>(json).err(),
                    Work::Compare => serde_json::from_slice::<Comparison>(json).err(),
                    Work::Emit(_) => serde_json::from_slice::<Vec<EmitOut>>(json).err(),
                    Work::Reformat(_) => {
                        serde_json::from_slice::<Result<tftype::writeback::Reformatted, String>>(json).err()
                    }
                    _ => serde_json::from_slice::<tftype::why::Story>(json).err(),
                };
                assert!(want.is_some(), "{work:?} {}", json.len());
                assert_eq!(got, want.map(|e| e.to_string()), "{work:?} {}", json.len());
            }
        }
        let block = serde_json::to_vec(&tftype::module::block::evaluate(&req)).unwrap();
        assert!(read_reply(shown, true, block[..block.len() - 1].to_vec(), 0.0).is_err());
        let refused: &[(Work, bool, &str)] = &[
            (shown, false, "null"),
            (shown, false, "{}"),
            (shown, false, "{\"response\": []}"),
            (shown, true, "[]"),
            (Work::Story, true, "1"),
            (Work::Compare, false, "{\"evaluations\": 1}"),
            (Work::Emit(false), false, "{}"),
            (Work::Emit(true), false, "[{\"kind\": \"tfvars\"}, {\"kind\": \"copy\"}]"),
            (Work::Emit(true), false, "[{\"text\": \"x\"}]"),
            (Work::Reformat(ValueFormat::Hcl), false, "{}"),
            (Work::Reformat(ValueFormat::Hcl), false, "{\"Ok\": {\"lost\": []}}"),
            (Work::Reformat(ValueFormat::Hcl), false, "{\"Err\": 1}"),
        ];
        for (work, block, json) in refused {
            assert!(read_reply(*work, *block, json.as_bytes().to_vec(), 0.0).is_err(), "{work:?} {json}");
        }
        // The smallest replies serde read, read the same.
        let emitted = read_json::emitted(b"[{\"kind\": \"env-bash\", \"text\": \"x\"}]").unwrap();
        assert!(emitted.len() == 1 && emitted[0].kind == tftype::writeback::EmitKind::EnvBash);
        assert_eq!(read_json::reformatted(b"{\"Err\": \"no\"}").unwrap(), Err("no".to_string()));
    }

    /// A keystroke's evaluation is not queued behind an editor's question,
    /// a format switch or a story asked for earlier; a story waits for all.
    #[test]
    fn the_evaluation_goes_first_and_the_story_last() {
        let eval = Work::Evaluate(Shown::default());
        let complete = Work::Assist(false, 3);
        let reformat = Work::Reformat(ValueFormat::Json);
        let cases: &[(&str, &[Work], usize)] = &[
            ("an evaluation alone", &[eval], 0),
            ("after a question", &[complete, eval], 1),
            ("after a format switch and a story", &[Work::Story, reformat, eval], 2),
            ("no evaluation: the first that is not a story", &[Work::Story, complete, reformat], 1),
            ("the Module view's story waits too", &[Work::ModuleStory, Work::Module], 1),
            ("only stories: the first", &[Work::Story, Work::ModuleStory], 0),
        ];
        for (name, works, want) in cases {
            assert_eq!(next_waiting(works.iter().copied()), *want, "{name}");
        }
    }
}
