// A second instance of the page's own engine, on the page's thread (web/src/engine.rs,
// `HERE_AT_MOST`): it answers an everyday evaluation inside the keystroke's own task, so that
// the typed key and its result are drawn in one frame. Chromium defers a page's tasks after a key
// press until the next frame is drawn (its DeferRendererTasksAfterInput scheduling), the engine
// worker's reply among them: an answer from the worker is drawn a frame after the key at the
// earliest.
//
// Its own file (web/js/engine-here.bundle.js, minified by `npm run bundle`), fetched by
// js-src/cm6.js at the second evaluation (the first edit; the first load fetches nothing more).
// An instance of its own, not the page's: a trap in it (a bug in the engine) leaves the page's
// instance whole; this one is then dropped and the worker answers everything, as before. It is
// the page's .wasm and glue loaded once more (a module URL of its own makes a glue module of its
// own); its main() sees `tftypeEngineOnly` and mounts nothing (web/src/main.rs). Its catalogs
// are the page's files, fetched again (from the browser's cache).

let engine = null; // the glue module, once ready
let asset; // js-src/module-host.js: a file of the site as the build named it
const catalogs = new Map(); // language -> true (installed) | false (on its way)

/** Loads the engine (the page's glue and .wasm, as the page's <link>s name them). */
export function start(assetUrl) {
  asset = assetUrl;
  const href = (sel) => new URL(document.querySelector(sel).getAttribute("href"), document.baseURI);
  const glue = href('link[rel="modulepreload"][href$=".js"]:not([href*="snippets"])');
  glue.searchParams.set("engine", "here");
  globalThis.tftypeEngineOnly = true;
  import(glue.href)
    .then(async (g) => {
      await g.default({ module_or_path: href('link[rel="preload"][type="application/wasm"]') });
      engine = g;
    })
    .catch(() => {})
    .finally(() => delete globalThis.tftypeEngineOnly);
}

// Whether `lang`'s catalog is installed; if not, fetches and installs it.
function speaks(lang) {
  if (!catalogs.has(lang)) {
    catalogs.set(lang, false);
    fetch(asset(`i18n/${lang}.json`))
      .then((r) => (r.ok ? r.text() : Promise.reject()))
      .then((text) => engine && !engine.engine_install_catalog(lang, text) && catalogs.set(lang, true))
      .catch(() => catalogs.delete(lang));
  }
  return catalogs.get(lang);
}

/**
 * An evaluation here (the request and the answer as UTF-8 bytes, as the worker takes and gives
 * them), or undefined: not ready, or the engine trapped (it is then never used again).
 */
export function evaluate(request, arg, lang) {
  if (!engine || !speaks(lang)) return undefined;
  try {
    return engine.engine_evaluate(request, arg);
  } catch {
    engine = null;
    return undefined;
  }
}
