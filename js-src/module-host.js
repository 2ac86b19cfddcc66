// The page's side of the Module view (web/src/module/host.rs says why it is here, in a few
// lines of JavaScript, rather than in the page's .wasm): which view is on show, loading the
// view's own .wasm the first time it opens, and passing its files to the page.
//
// The page renders the switch (`.view-switch [data-view]`), the gallery's modules
// (`[data-module-example]`) and the element the view mounts into (`#module-root`); clicks on
// them are handled here. The view's .wasm (web/src/module_main.rs) reads the page's language
// and version from <html lang> and <html data-flavor>, and tells this file its files by an
// event on #module-root (`tftype-module-doc`); it opens a variable in the one-variable view
// itself, as a link in a new tab.

let view; // the view's exports, once mounted
let loading; // the promise of that
let doc; // the view's files (a ModuleDoc as JSON text): the link carries them
let tell = () => {}; // the page: told when the files change

const root = () => document.getElementById("module-root");

// A file of the site as the build named it (web/src/shared/assets.rs: `url`).
export function asset(name) {
  const list = document.querySelector('meta[name="tftype-assets"]')?.content.split(" ") ?? [];
  const dot = name.search(/(_bg)?\.(js|wasm|json|css)$/);
  const [stem, rest] = [name.slice(0, dot), name.slice(dot)];
  const hashed = list.find((h) => h.length === name.length + 17 && h.startsWith(`${stem}-`) && h.endsWith(rest) && /^[0-9a-f]{16}$/.test(h.slice(dot + 1, dot + 17)));
  return new URL(hashed || name, document.baseURI).href;
}

function show(on) {
  document.querySelector("main")?.classList.toggle("module-shown", on);
  for (const b of document.querySelectorAll(".view-switch [data-view]")) {
    b.setAttribute("aria-pressed", String((b.dataset.view === "module") === on));
  }
  view?.set_shown(on);
}

async function load(config) {
  const el = root();
  if (!el) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = asset("module.css");
  const styled = new Promise((ok) => {
    link.onload = link.onerror = ok;
  });
  document.head.append(link);
  el.addEventListener("tftype-module-doc", (e) => {
    doc = e.detail;
    tell();
  });
  try {
    const m = await import(asset("module_view.js"));
    await m.default({ module_or_path: asset("module_view_bg.wasm") });
    await styled;
    m.mount(el, JSON.stringify(config));
    view = m;
  } catch (e) {
    console.error("tftype: the Module view could not be loaded", e);
    loading = undefined;
  }
}

// Shows the Module view, loading it the first time (with `example`, else the link's files).
function open(example) {
  show(true);
  if (view) {
    if (example) view.load_example(example);
  } else if (!loading) {
    const readonly = !!document.querySelector(".app.readonly");
    loading = load({ example, doc: example ? undefined : doc, readonly });
  }
}

// (The engine worker imports the page's glue, and with it this file, where there is no document.)
globalThis.document?.addEventListener("click", (e) => {
  const b = e.target.closest?.("[data-view], [data-module-example]");
  if (!b) return;
  if (b.dataset.moduleExample) open(b.dataset.moduleExample);
  else if (b.dataset.view === "module") open();
  else show(false);
});

// The page starts: `send()` tells it the files changed; `opened` is the JSON of the link it
// was opened with (its `module` key, if any, is the view's files; shown: opened at once).
export function start(send, opened) {
  tell = send;
  let m;
  try {
    m = opened ? JSON.parse(opened).module : undefined;
  } catch {
    m = undefined;
  }
  if (m && typeof m === "object") {
    doc = JSON.stringify(m);
    // Once the page is mounted (it is, when the task that called this ends).
    if (m.shown) setTimeout(() => open());
  }
}

// The view's files for the page's link (undefined: none).
export function moduleDoc() {
  return doc;
}
