// Keystroke latency of the playground in headless Chromium (a benchmark, not a test: it
// prints figures and never fails on them).
//
//   ./scripts/build && node scripts/bench-page.mjs [--dist dist] [--rounds 5] [--gap 60] [--profile DIR] [--trace DIR]
//
// Serves --dist on 127.0.0.1, opens the page and types into the value editor, one key at a
// time, as the end-to-end test's latency check does: an everyday input (`number`, a number
// typed digit by digit) and a value of about 100 KB (a list of objects; each key changes the
// last port number). For each key it records the time from the keydown to the evaluated
// result in the DOM (the result's data-rev changes after every answer) and to the frame after
// it (requestAnimationFrame), and prints the medians over every round, with where the time
// went: keydown to the request posted to the engine worker (the editor and the page's effects),
// posted to taken up by the worker, the evaluation, the worker's answer to the page taking it
// (the page's thread busy, e.g. drawing the typed key), and taking it to the DOM. With --profile DIR it
// also writes a CPU profile of the page's main thread per input (Chrome DevTools format,
// DIR/everyday.cpuprofile and DIR/large.cpuprofile) and prints where the time went, and one of
// the engine worker (DIR/everyday-worker.cpuprofile, DIR/large-worker.cpuprofile; the release .wasm
// has no function names: for names, put the .wasm wasm-bindgen wrote before wasm-opt, in
// target/wasm-bindgen/release/, in a copy of dist/ and drop index.html's integrity attributes).
// With --trace DIR it records a Chrome trace of the first round's keystrokes per input
// (DIR/everyday.trace.json, DIR/large.trace.json: open them in DevTools' Performance panel or
// https://ui.perfetto.dev) and prints, per key, what the page's main thread did from the keydown
// to the frame after the result: each task with its start (ms after the keydown), its length and
// what took its time (script, style, layout, paint), and where the key's marks fell (dom: the
// result's data-rev changed; frame: the requestAnimationFrame after it).

import { createServer } from "node:http";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
const DIST = args.dist ?? "dist";
const ROUNDS = Number(args.rounds ?? 5);
const PROFILE = args.profile;
const TRACE = args.trace;
// Milliseconds between a key's result (and the story's) and the next key; 0: the next key as soon
// as the result is drawn, without waiting for the story.
const GAP = Number(args.gap ?? 60);
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml" };
const server = createServer((req, res) => {
  let path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
  if (path.endsWith("/")) path += "index.html";
  const file = join(DIST, path);
  try {
    if (!statSync(file).isFile()) throw new Error("not a file");
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const URL_ = `http://127.0.0.1:${server.address().port}/`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const tid = (id) => `[data-testid="${id}"]`;

async function setEditor(p, editor, text) {
  await p.evaluate(
    ([sel, text]) => {
      const v = document.querySelector(sel).tftypeEditor;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
      v.focus();
    },
    [tid(editor), text],
  );
}

async function idle(p) {
  for (let i = 0; i < 2000; i++) {
    if ((await p.locator(tid("result")).getAttribute("aria-busy")) === "false") return;
    await p.waitForTimeout(10);
  }
  throw new Error("the page stayed busy");
}

// Per key: milliseconds from keydown to the new result in the DOM, and to the next frame.
async function keystrokes(p, keys) {
  await p.evaluate(() => {
    window.__lat = [];
    window.__t0 = null;
    if (!window.__benchHooked) {
      window.__benchHooked = true;
      const now = () => performance.timeOrigin + performance.now();
      document.addEventListener("keydown", () => {
        performance.mark("bench:key");
        window.__t0 = now();
        const m = (window.__marks = {});
        // The frame that shows the typed key.
        requestAnimationFrame(() => (m.keyFrame = now()));
      }, true);
      new MutationObserver(() => {
        if (window.__t0 === null) return;
        const t0 = window.__t0;
        const m = window.__marks;
        const dom = now() - t0;
        performance.mark("bench:dom");
        window.__t0 = null;
        requestAnimationFrame(() => {
          performance.mark("bench:frame");
          window.__lat.push({ dom, frame: now() - t0, post: m.post - t0, taken: m.taken - t0, done: m.done - t0, received: m.received - t0, keyFrame: m.keyFrame - t0, marks: m });
        });
      }).observe(document.querySelector('[data-testid="result"]'), { attributes: true, attributeFilter: ["data-rev"] });
    }
  });
  for (const k of keys) {
    const n = await p.evaluate(() => window.__lat.length);
    await p.keyboard.press(k);
    for (let i = 0; ; i++) {
      if ((await p.evaluate(() => window.__lat.length)) > n) break;
      if (i > 2000) throw new Error("no result after a key");
      await p.waitForTimeout(2);
    }
    // Let the Why story (the second request of a keystroke) arrive, as it would while a user pauses;
    // with --gap 0 the next key comes at once, as in the end-to-end test's latency check.
    if (GAP !== 0) {
      await idle(p);
      await p.waitForTimeout(GAP);
    }
  }
  // (The requests counted until the next key: the story's too.)
  return p.evaluate(() => window.__lat.map(({ marks, ...x }) => ({ ...x, sent: { ...(marks.sent ?? {}) } })));
}

// The engine worker's DevTools session, through the page's (Target.setAutoAttach): send(method,
// params) answers with the result.
async function workerSession(cdp) {
  let sessionId = null;
  let next = 1;
  const waiting = new Map();
  cdp.on("Target.attachedToTarget", (e) => {
    if (e.targetInfo.type === "worker" && /engine-worker/.test(e.targetInfo.url)) sessionId = e.sessionId;
  });
  cdp.on("Target.receivedMessageFromTarget", (e) => {
    const m = JSON.parse(e.message);
    if (m.id && waiting.has(m.id)) {
      waiting.get(m.id)(m.result);
      waiting.delete(m.id);
    }
  });
  await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  for (let i = 0; !sessionId; i++) {
    if (i > 200) throw new Error("no engine worker to profile");
    await new Promise((r) => setTimeout(r, 10));
  }
  return (method, params = {}) =>
    new Promise((ok) => {
      const id = next++;
      waiting.set(id, ok);
      cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) });
    });
}

function summarize(profile) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url ? f.url.split("/").pop() : ""}${f.lineNumber >= 0 ? ":" + f.lineNumber : ""}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  return [...self.entries()].filter(([k]) => !k.startsWith("(idle)") && !k.startsWith("(program)")).sort((a, b) => b[1] - a[1]).slice(0, 25);
}

// A trace's account of each key (see --trace): the main thread's tasks from the keydown to the
// frame after the result, each with what took its time.
const SCRIPT = new Set(["EventDispatch", "FunctionCall", "TimerFire", "FireAnimationFrame", "RunMicrotasks", "v8.callFunction", "EvaluateScript", "v8.evaluateModule", "HandlePostMessage", "V8.Execute", "FireIdleCallback"]);
const STYLE = new Set(["UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet"]);
const PAINT = new Set(["PrePaint", "Paint", "Layerize", "Commit", "UpdateLayer", "UpdateLayerTree", "CompositeLayers", "PaintImage", "RasterTask"]);
const kindOf = (name) => (SCRIPT.has(name) ? "script" : STYLE.has(name) ? "style" : name === "Layout" ? "layout" : PAINT.has(name) ? "paint" : /GC|Scavenge|Mark-Compact/i.test(name) ? "gc" : null);

function traceReport(events) {
  const marks = events.filter((e) => typeof e.name === "string" && e.name.startsWith("bench:") && e.cat?.includes("blink.user_timing"));
  if (!marks.length) return ["  (no marks in the trace)"];
  const pid = marks[0].pid;
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "CrRendererMain");
  const tid = main ? main.tid : marks[0].tid;
  const at = (name) => marks.filter((e) => e.name === name).map((e) => e.ts).sort((a, b) => a - b);
  const [keys, doms, frames] = [at("bench:key"), at("bench:dom"), at("bench:frame")];
  const xs = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // (Each task is a RunTask with a ThreadControllerImpl::RunTask inside: the outer one.)
  const tasks = xs.filter((e) => e.name === "RunTask");
  const out = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const dom = doms.find((t) => t >= k);
    const frame = frames.find((t) => t >= (dom ?? k));
    if (dom === undefined || frame === undefined) continue;
    const rel = (t) => ((t - k) / 1000).toFixed(1);
    out.push(`  key ${i + 1}: dom +${rel(dom)}, frame +${rel(frame)} ms`);
    for (const task of tasks) {
      if (task.ts + task.dur < k || task.ts > frame) continue;
      if (task.dur < 300) continue;
      // Self time by kind, and the script entry points and forced layouts inside.
      const inner = xs.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const stack = [];
      const self = new Map();
      const what = [];
      const add = (kind, us) => self.set(kind, (self.get(kind) ?? 0) + us);
      let cursor = task.ts;
      const close = (until) => {
        while (stack.length && stack[stack.length - 1].end <= until) {
          const top = stack.pop();
          add(top.kind ?? "other", top.end - cursor);
          cursor = top.end;
        }
      };
      for (const e of inner) {
        close(e.ts);
        const parent = stack[stack.length - 1];
        add(parent?.kind ?? "other", e.ts - cursor);
        cursor = e.ts;
        const own = kindOf(e.name);
        const kind = own ?? parent?.kind ?? null;
        const inScript = stack.some((x) => x.kind === "script");
        if ((e.name === "Layout" || e.name === "UpdateLayoutTree") && inScript && e.dur >= 100) what.push(`forced ${e.name} ${(e.dur / 1000).toFixed(1)}`);
        if (own === "script" && !inScript && e.dur >= 200) {
          const d = e.args?.data ?? {};
          const label = d.type ?? d.functionName ?? (d.url ? d.url.split("/").pop() : "") ?? "";
          what.push(`${e.name}${label ? " " + label : ""} ${(e.dur / 1000).toFixed(1)}`);
        }
        if ((e.name === "Paint" || e.name === "Commit") && !inScript) what.push(`${e.name}`);
        stack.push({ end: e.ts + e.dur, kind });
      }
      close(task.ts + task.dur);
      add("other", task.ts + task.dur - cursor);
      const kinds = [...self.entries()].filter(([, us]) => us >= 50).sort((a, b) => b[1] - a[1]).map(([kk, us]) => `${kk} ${(us / 1000).toFixed(1)}`).join(", ");
      const uniq = [...new Set(what)].slice(0, 8).join("; ");
      out.push(`    +${rel(task.ts).padStart(5)} ${(task.dur / 1000).toFixed(1).padStart(5)} ms  [${kinds}]  ${uniq}`);
    }
  }
  return out;
}

const items = [];
for (let i = 0; items.join(",\n").length < 100_000; i++) items.push(`  { name = "service-${i}", port = ${8000 + (i % 1000)}, tags = ["a", "b"] }`);
const big = "[\n" + items.join(",\n") + ",\n  { name = \"last\", port = 1 },\n]";
const INPUTS = [
  { name: "everyday", type: "number", value: "1", cursor: 1, keys: [..."2345678901234567890"] },
  {
    name: "large",
    type: "list(object({ name = string, port = number, tags = optional(list(string), []) }))",
    value: big,
    cursor: big.lastIndexOf("port = 1") + "port = 1".length,
    keys: [..."234567890"],
  },
];

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const results = Object.fromEntries(INPUTS.map((i) => [i.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    p.on("pageerror", (e) => console.error(`page error: ${e.message}`));
    // The evaluation's way through the engine worker (its replies say when it took a request up
    // and when it answered).
    await p.addInitScript(() => {
      const now = () => performance.timeOrigin + performance.now();
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (msg) {
        if (msg && msg.type === "evaluate" && window.__marks && window.__marks.post === undefined) window.__marks.post = now();
        // Every request a key costs the worker, by kind (an editor's question is one more pass
        // over the whole text, in the page and in the worker).
        if (msg && msg.type && msg.type !== "catalog" && window.__marks) {
          const sent = (window.__marks.sent ??= {});
          sent[msg.type] = (sent[msg.type] ?? 0) + 1;
        }
        return post.apply(this, arguments);
      };
      const W = window.Worker;
      window.Worker = function (url, opts) {
        const w = new W(url, opts);
        w.addEventListener("message", (e) => {
          const d = e.data;
          const m = window.__marks;
          if (m && d && d.type === "reply" && d.at && m.post !== undefined && m.received === undefined) {
            [m.taken, m.done] = d.at;
            m.received = now();
          }
        });
        return w;
      };
      window.Worker.prototype = W.prototype;
    });
    await p.goto(URL_);
    await p.waitForSelector(`${tid("value-editor")} .cm-content`);
    await idle(p);
    for (const input of INPUTS) {
      await setEditor(p, "type-editor", input.type);
      await setEditor(p, "value-editor", input.value);
      await idle(p);
      await p.evaluate(
        ([sel, pos]) => {
          const v = document.querySelector(sel).tftypeEditor;
          v.dispatch({ selection: { anchor: pos } });
          v.focus();
        },
        [tid("value-editor"), input.cursor],
      );
      await p.waitForTimeout(200);
      const cdp = PROFILE && round === 0 ? await p.context().newCDPSession(p) : null;
      const worker = cdp ? await workerSession(cdp) : null;
      if (cdp) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
        await cdp.send("Profiler.start");
        await worker("Profiler.enable");
        await worker("Profiler.setSamplingInterval", { interval: 100 });
        await worker("Profiler.start");
      }
      const tracing = TRACE && round === 0;
      if (tracing) {
        await browser.startTracing(p, {
          categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame", "blink.user_timing", "toplevel", "v8.execute", "v8", "blink"],
        });
      }
      results[input.name].push(...(await keystrokes(p, input.keys)));
      if (tracing) {
        const buf = await browser.stopTracing();
        mkdirSync(TRACE, { recursive: true });
        writeFileSync(join(TRACE, `${input.name}.trace.json`), buf);
        const parsed = JSON.parse(buf.toString());
        console.log(`\nmain thread, ${input.name}: tasks from each key to the frame after its result (start, length, self time by kind):`);
        for (const line of traceReport(parsed.traceEvents ?? parsed)) console.log(line);
      }
      if (cdp) {
        const { profile } = await cdp.send("Profiler.stop");
        mkdirSync(PROFILE, { recursive: true });
        writeFileSync(join(PROFILE, `${input.name}.cpuprofile`), JSON.stringify(profile));
        console.log(`\nmain thread, ${input.name} (${input.keys.length} keys), self time:`);
        for (const [k, ms] of summarize(profile)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${k}`);
        const { profile: w } = await worker("Profiler.stop");
        writeFileSync(join(PROFILE, `${input.name}-worker.cpuprofile`), JSON.stringify(w));
        console.log(`engine worker, ${input.name}, self time:`);
        for (const [k, ms] of summarize(w).slice(0, 12)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${k}`);
      }
    }
    await p.close();
  }
  console.log("");
  // (Keys answered on the page's thread, by its second engine, have no worker figures: "-".)
  const med = (r, f) => {
    const xs = r.map(f).filter(Number.isFinite);
    return xs.length ? median(xs).toFixed(1) : "-";
  };
  for (const input of INPUTS) {
    const r = results[input.name];
    const kb = (input.value.length / 1024).toFixed(0);
    console.log(
      `${input.name} (${input.type.length > 20 ? `${kb} KB value` : input.type}), ${r.length} keys: keystroke to DOM median ${med(r, (x) => x.dom)} ms, to the next frame median ${med(r, (x) => x.frame)} ms (worst ${Math.max(...r.map((x) => x.frame)).toFixed(1)} ms)`,
    );
    console.log(
      `  medians: the key's own frame ${med(r, (x) => x.keyFrame)}; to the request ${med(r, (x) => x.post)}, to the worker ${med(r, (x) => x.taken - x.post)}, evaluation ${med(r, (x) => x.done - x.taken)}, to the page ${med(r, (x) => x.received - x.done)}, to the DOM ${med(r, (x) => x.dom - x.received)}, to the frame ${med(r, (x) => x.frame - x.dom)} ms`,
    );
    const kinds = {};
    for (const x of r) for (const [k, n] of Object.entries(x.sent)) kinds[k] = (kinds[k] ?? 0) + n;
    console.log(`  requests to the worker per key: ${Object.entries(kinds).map(([k, n]) => `${k} ${(n / r.length).toFixed(2)}`).join(", ") || "none (answered on the page's thread)"}`);
  }
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`(load average ${load}: other work on the machine slows every figure)`);
} finally {
  await browser.close();
  server.close();
}
