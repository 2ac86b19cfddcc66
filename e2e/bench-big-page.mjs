// Benchmark (not a test): the Module view with a big module (issue #38, reliability-5 #15), in
// headless Chromium. N variables (5,000 by default) in variables.tf and a terraform.tfvars
// setting a part of them, opened from a link. Prints, for each step, the main thread's long
// tasks (PerformanceObserver "longtask": count, longest, total) and the engine worker's
// latency and own time for each request:
//   load         the link opened until the view's first answer
//   completion   Ctrl-Space at the end of terraform.tfvars: the unset variables listed
//   cursor       50 ArrowDown presses and 50 ArrowRight presses
//   typing       11 keys at 100 ms at the end of terraform.tfvars
//   hover        30 names hovered (the mouse moved onto each, 700 ms rest)
// Goal: no main-thread task over ~50 ms on load, a keystroke or a cursor move; completion and
// hover well under 100 ms in the worker.
//
//   node e2e/bench-big-page.mjs --url http://127.0.0.1:PORT/ [--vars 5000] [--set 1000]
//        [--profile PREFIX] [--phases load,cursor,...]   (CPU profiles of the main thread,
//                                                          PREFIX-PHASE.cpuprofile)
//   (scripts/bench-big-page builds, serves and runs it)
import { writeFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { chromium } from "playwright-core";
import { tid } from "./lib/harness.mjs";
import { bigModule } from "./lib/module.mjs";

const args = Object.fromEntries(process.argv.slice(2).reduce((a, x, i, all) => (x.startsWith("--") ? [...a, [x.slice(2), all[i + 1]]] : a), []));
const URL_ = args.url ?? "http://127.0.0.1:8080/";
const N = Number(args.vars ?? 5000);
const SET = Number(args.set ?? 1000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const module = bigModule(N, SET);
const link = "#v1." + deflateRawSync(Buffer.from(JSON.stringify({ type: "", value: "", module })), { level: 9 }).toString("base64url");

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
  // Each engine request and its reply: type, sent, replied, the worker's own ms.
  window.__work = [];
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(...a) {
      super(...a);
      const sent = new Map();
      const post = this.postMessage.bind(this);
      this.postMessage = (m, t) => {
        if (m && m.id !== undefined && m.type) sent.set(m.id, { type: m.type, sent: performance.now() });
        return post(m, t);
      };
      this.addEventListener("message", (ev) => {
        const d = ev.data;
        if (d && d.type === "reply" && sent.has(d.id)) window.__work.push({ ...sent.get(d.id), replied: performance.now(), ms: d.ms });
      });
    }
  };
});
page.on("pageerror", (e) => console.log(`page error: ${e.message.slice(0, 200)}`));
const now = () => page.evaluate(() => performance.now());
const longTasks = (since) =>
  page.evaluate((s) => {
    const l = window.__long.filter(([st]) => st >= s).map((x) => x[1]);
    return `${l.length} long tasks, longest ${Math.round(Math.max(0, ...l))} ms, ${Math.round(l.reduce((a, x) => a + x, 0))} ms in all`;
  }, since);
const work = (since, type) => page.evaluate(([s, t]) => window.__work.filter((w) => w.sent >= s && w.type === t).map((w) => ({ lat: w.replied - w.sent, ms: w.ms })), [since, type]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const workLine = (xs) =>
  xs.length
    ? `${xs.length} replies, latency median ${Math.round(median(xs.map((x) => x.lat)))} ms (max ${Math.round(Math.max(...xs.map((x) => x.lat)))}), worker median ${Math.round(median(xs.map((x) => x.ms)))} ms (max ${Math.round(Math.max(...xs.map((x) => x.ms)))})`
    : "no replies";
const status = () => page.locator(tid("module-status")).textContent();
async function settled(timeout = 120000) {
  const t = Date.now();
  while (Date.now() - t < timeout) {
    const s = await status().catch(() => null);
    if (s && !/Checking|Starting/i.test(s)) return s;
    await sleep(50);
  }
  return "(no answer)";
}

const cdp = args.profile ? await page.context().newCDPSession(page) : null;
const phases = (args.phases ?? "load").split(",");
async function profile(phase) {
  if (!cdp || !phases.includes(phase)) return;
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
}
async function profiled(phase) {
  if (!cdp || !phases.includes(phase)) return;
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(`${args.profile}-${phase}.cpuprofile`, JSON.stringify(profile));
}
await profile("load");
let t = Date.now();
await page.goto(new URL(link, URL_).href);
await page.waitForSelector(tid("module-view"), { timeout: 60000 });
const st = await settled();
const loadMs = Date.now() - t;
await profiled("load");
await sleep(1000);
console.log(`${N} variables, ${SET} set (link of ${link.length} characters)`);
console.log(`  load: first answer after ${loadMs} ms (${st.trim().slice(0, 60)}); ${await longTasks(0)}; check ${workLine(await work(0, "module"))}`);

const ed = `${tid("module-editor")}[data-file="terraform.tfvars"]`;
await page.locator(`${ed} .cm-content`).click();
await page.keyboard.press("Control+End");
await sleep(1500);

// completion at the end: the unset variables
await profile("completion");
let since = await now();
t = Date.now();
let items = 0;
await page.keyboard.press("Control+Space");
for (let k = 0; k < 600 && !items; k++) {
  await sleep(20);
  items = await page.locator(`${tid("completions")} li`).count();
}
const shownAfter = Date.now() - t;
await sleep(500);
await profiled("completion");
console.log(`  completion: ${items} items shown after ${shownAfter} ms; ${await longTasks(since)}; ${workLine(await work(since, "module-complete"))}`);
await page.keyboard.press("Escape");
await sleep(1000);

// cursor moves
await profile("cursor");
for (const key of ["ArrowUp", "ArrowRight"]) {
  since = await now();
  for (let k = 0; k < 50; k++) {
    await page.keyboard.press(key);
    await sleep(30);
  }
  await sleep(1500);
  console.log(`  cursor: 50 x ${key}: ${await longTasks(since)}`);
}
await profiled("cursor");
await page.keyboard.press("Control+End");
await sleep(1000);

// typing
await profile("typing");
since = await now();
await page.keyboard.type("# abcdefghi", { delay: 100 });
const typedAt = Date.now();
await sleep(300);
await settled();
const checks = await work(since, "module");
await profiled("typing");
console.log(`  typing: 11 keys at 100 ms, answered ${Date.now() - typedAt} ms after the last; ${await longTasks(since)}; check ${workLine(checks)}`);
await sleep(1000);

// hovers
await profile("hover");
since = await now();
let tips = 0;
for (let k = 0; k < 30; k++) {
  const at = await page.evaluate(
    ([s, line]) => {
      const v = document.querySelector(s).tftypeEditor;
      const pos = v.state.doc.line(line + 1).from + 1;
      v.dispatch({ effects: v.constructor.scrollIntoView(pos, { y: "center" }) });
      const c = v.coordsAtPos(pos);
      return c && { x: c.left + 1, y: (c.top + c.bottom) / 2 };
    },
    [ed, k * 3],
  );
  if (!at) continue;
  await page.mouse.move(at.x - 30, at.y + 50);
  await page.mouse.move(at.x, at.y);
  await sleep(700);
  tips += (await page.locator(`${ed} .cm-tftype-hover`).count()) > 0 ? 1 : 0;
}
await profiled("hover");
console.log(`  hover: ${tips} of 30 tooltips shown; ${await longTasks(since)}; ${workLine(await work(since, "module-hover"))}`);
await browser.close();
