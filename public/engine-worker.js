// The engine in a Web Worker: the page's own .wasm, without the page (its main() sees no
// window and mounts nothing). The page sends {type: "init", glue, wasm} once, then
// {type: "evaluate" | "compare" | "emit" | "reformat" | "story", id, request, arg} (request: a JSON
// string; arg: the work's parameter) and gets back
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
    const run = {
      evaluate: () => engine.engine_evaluate(m.request),
      compare: () => engine.engine_compare(m.request),
      emit: () => engine.engine_emit(m.request, m.arg),
      reformat: () => engine.engine_reformat(m.request, m.arg),
      story: () => engine.engine_story(m.request),
    }[m.type];
    const response = run();
    self.postMessage({ type: "reply", id: m.id, response, ms: performance.now() - t0 });
  } catch (e) {
    self.postMessage({ type: "crash", id: m.id, message: String((e && e.message) || e) });
    self.close();
  }
};
