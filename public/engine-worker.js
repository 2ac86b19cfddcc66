// The engine in a Web Worker: the page's own .wasm, without the page (its main() sees no
// window and mounts nothing). The page sends {type: "init", glue, wasm} once, then
// {type: "evaluate" | "compare", id, request} (a JSON string) and gets back
// {type: "reply", id, response, ms}. If the engine traps (a bug: wasm has no way to recover
// from one), the worker says {type: "crash", id, message} and closes; the page starts a new one.
let engine = null;

self.onmessage = async (ev) => {
  const m = ev.data;
  if (m.type === "init") {
    try {
      const glue = await import(m.glue);
      await glue.default({ module_or_path: m.wasm });
      engine = glue;
      self.postMessage({ type: "ready" });
    } catch (e) {
      self.postMessage({ type: "failed", message: String((e && e.message) || e) });
    }
    return;
  }
  const t0 = performance.now();
  try {
    const response = m.type === "compare" ? engine.engine_compare(m.request) : engine.engine_evaluate(m.request);
    self.postMessage({ type: "reply", id: m.id, response, ms: performance.now() - t0 });
  } catch (e) {
    self.postMessage({ type: "crash", id: m.id, message: String((e && e.message) || e) });
    self.close();
  }
};
