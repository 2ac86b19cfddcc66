// The engine in a Web Worker. Three .wasm files answer here:
//  - the page's own .wasm, without the page (its main() sees no window and mounts nothing):
//    what every keystroke needs, the evaluation and the Why story;
//  - engine_full (the crate engine-full/): "Copy as", the format switch, the Versions tab and
//    the value editor's completion and hover,
//    fetched the first time one of them is asked for (the first page load never fetches it);
//  - engine_module (also engine-full/): the Module view's check, with Terraform's function
//    library for validation rules, and its file editors' completion and hover, fetched when the
//    Module view first asks for one of these, or when the type editor first holds a whole
//    `variable` block (its answer, story and Versions comparison: "block", "block-story",
//    "block-compare", whose rules need those
//    functions).
//
// The page sends {type: "init", glue, wasm, full: {glue, wasm}, module: {glue, wasm}} once, the message catalogs it
// has as {type: "catalog", lang, text} (installed in every engine, also in one loaded later),
// then {type: "evaluate" | "story" | "compare" | "emit" | "reformat" | "module" | "module-story" | "complete" | "hover"
// | "module-complete" | "module-hover" | "module-folder" | "block" | "block-story" | "block-compare",
// id, request, arg}
// (request: JSON as UTF-8 bytes, a Uint8Array; arg: the work's parameter) and gets back
// {type: "reply", id, response, ms, at} (response: JSON as UTF-8 bytes; at: when the worker took the request up and when it
// answered, as epoch milliseconds, for scripts/bench-page.mjs). If an engine traps (a bug: wasm has no way to recover
// from one), the worker says {type: "crash", id, message} and closes; the page starts a new one.
// Messages are handled one at a time, in the order they came (loading a lazy engine waits).
let engine = null;
let full = null;
let fullUrls = null;
let moduleEngine = null;
let moduleUrls = null;
// Every catalog (and part of one: core/src/i18n.rs PARTS) the page sent, in order.
const catalogs = [];

const FULL = new Set(["compare", "emit", "reformat", "complete", "hover"]);
const MODULE = new Set(["module", "module-complete", "module-hover", "module-folder", "block", "block-story", "block-compare"]);
const utf8In = new TextEncoder();
const utf8Out = new TextDecoder();

async function load(urls) {
  const glue = await import(urls.glue);
  await glue.default({ module_or_path: urls.wasm });
  for (const [lang, text] of catalogs) install(glue, lang, text);
  return glue;
}

function install(glue, lang, text) {
  const err = glue.engine_install_catalog(lang, text);
  if (err) throw new Error(`catalog ${lang}: ${err}`);
}

async function handle(m) {
  if (m.type === "init") {
    try {
      fullUrls = m.full;
      moduleUrls = m.module;
      engine = await load(m);
      self.postMessage({ type: "ready" });
    } catch (e) {
      self.postMessage({ type: "failed", message: String((e && e.message) || e) });
    }
    return;
  }
  if (m.type === "catalog") {
    catalogs.push([m.lang, m.text]);
    for (const glue of [engine, full, moduleEngine]) if (glue) install(glue, m.lang, m.text);
    return;
  }
  const taken = performance.timeOrigin + performance.now();
  if (FULL.has(m.type) && !full) full = await load(fullUrls);
  if (MODULE.has(m.type) && !moduleEngine) moduleEngine = await load(moduleUrls);
  const t0 = performance.now();
  // The page's own engine (every keystroke) takes and gives bytes: a string would be copied
  // into and out of its memory character by character. The lazy engines take text.
  const text = () => utf8Out.decode(m.request);
  const run = {
    evaluate: () => engine.engine_evaluate(m.request, m.arg),
    story: () => engine.engine_story(m.request),
    "module-story": () => engine.engine_story(m.request),
    module: () => moduleEngine.engine_module(text()),
    block: () => moduleEngine.engine_block(text()),
    "block-story": () => moduleEngine.engine_block(text()),
    // The Versions tab of a block: every version answers it as a block (rules included).
    "block-compare": () => moduleEngine.engine_block_compare(text()),
    compare: () => full.engine_compare(text()),
    emit: () => full.engine_emit(text(), m.arg),
    reformat: () => full.engine_reformat(text(), m.arg),
    complete: () => full.engine_assist(text(), m.arg),
    hover: () => full.engine_assist(text(), m.arg),
    "module-complete": () => moduleEngine.engine_module_assist(text(), m.arg),
    "module-hover": () => moduleEngine.engine_module_assist(text(), m.arg),
    "module-folder": () => moduleEngine.engine_module_folder(text()),
  }[m.type];
  const answer = run();
  const response = typeof answer === "string" ? utf8In.encode(answer) : answer;
  const t1 = performance.now();
  self.postMessage({ type: "reply", id: m.id, response, ms: t1 - t0, at: [taken, performance.timeOrigin + t1] }, [response.buffer]);
}

let queue = Promise.resolve();
self.onmessage = (ev) => {
  queue = queue
    .then(() => handle(ev.data))
    .catch((e) => {
      self.postMessage({ type: "crash", id: ev.data.id ?? 0, message: String((e && e.message) || e) });
      self.close();
    });
};
