// Browser end-to-end test of the playground, with playwright-core and Debian's Chromium.
//
//   node e2e/e2e.mjs --url http://127.0.0.1:PORT/ [--cli target/debug/tftype] [--dist dist] [--out e2e/out]
//
// Types into both editors; after each change the result panel must show exactly what the
// native CLI (`tftype batch`, whose agreement with Terraform is the conformance test's job)
// gives for the same inputs, and must have changed. Fails on any page error, console error or
// failed request, saves screenshots into --out and prints the gzip payload of --dist. The last line
// printed is the summary, "e2e: N passed, M failed"; the exit code is 1 if anything failed.

import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";

const args = parseArgs(process.argv.slice(2));
const URL_ = args.url ?? "http://127.0.0.1:8080/";
const OUT = args.out ?? "e2e/out";
const DIST = args.dist;
const CLI = args.cli ?? "target/debug/tftype";
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TIMEOUT = 10_000;

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(\w+)$/.exec(argv[i]);
    if (!m || i + 1 >= argv.length) throw new Error(`bad argument ${argv[i]}`);
    out[m[1]] = argv[++i];
  }
  return out;
}

let passed = 0;
let failed = 0;
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}\n     ${String(e?.message ?? e).split("\n").join("\n     ")}`);
  }
}

function assertEq(actual, expected, what) {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

const tid = (id) => `[data-testid="${id}"]`;

// Waits until the element with data-testid `id` exists and `pred(text)` holds; returns the text.
async function waitFor(page, id, pred, what) {
  const deadline = Date.now() + TIMEOUT;
  let last = null;
  for (;;) {
    const loc = page.locator(tid(id));
    last = (await loc.count()) > 0 ? await loc.first().textContent() : null;
    if (last !== null && pred(last)) return last;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; [data-testid=${id}] is ${JSON.stringify(last)}`);
    }
    await page.waitForTimeout(25);
  }
}

// Types like a user: clear, then one key (one input event) at a time.
async function typeInto(page, editor, text) {
  const area = page.locator(`${tid(editor)} textarea`);
  await area.fill("");
  await area.pressSequentially(text);
}

// What the native CLI (`tftype batch`) gives for the page's inputs; an empty type box means
// no type argument.
function nativeEval(type, value) {
  const c = { id: 0, value };
  if (type.trim() !== "") c.type = type;
  const r = spawnSync(CLI, ["batch"], { input: JSON.stringify(c) + "\n", encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${CLI} batch failed: ${r.stderr}`);
  const o = JSON.parse(r.stdout);
  return o.ok ? { ok: true, type: o.type, console: o.console } : { ok: false, summary: o.summary, detail: o.detail };
}

// The result panel as data.
async function readResult(page) {
  const text = async (id) => {
    const l = page.locator(tid(id));
    return (await l.count()) > 0 ? await l.first().textContent() : null;
  };
  const [type, console_, summary, detail] = await Promise.all([
    text("result-type"),
    text("result-console"),
    text("error-summary"),
    text("error-detail"),
  ]);
  if (type !== null && summary === null) return { ok: true, type, console: console_ };
  if (summary !== null && type === null) return { ok: false, summary, detail };
  return { ok: null, type, console: console_, summary, detail };
}

const sameResult = (a, b) => isDeepStrictEqual(a, b);

// Size after `gzip -9` (GNU gzip when present, else Node's zlib, whose output differs slightly).
function gzip9(buf) {
  const r = spawnSync("gzip", ["-9", "-c", "-n"], { input: buf, maxBuffer: 1 << 30 });
  return r.status === 0 ? r.stdout.length : gzipSync(buf, { level: 9 }).length;
}

function distPayload(dir) {
  const rows = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const raw = readFileSync(p);
        rows.push({ file: relative(dir, p), raw: raw.length, gz: gzip9(raw) });
      }
    }
  };
  walk(dir);
  rows.sort((a, b) => b.gz - a.gz);
  return rows;
}

mkdirSync(OUT, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), "tftype-e2e-"));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 1200, height: 860 },
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

try {
  ctx.setDefaultTimeout(TIMEOUT);
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });

  // One state of the page: the result panel must show exactly what the native CLI gives for
  // the same two inputs. Distinct results seen are counted (the result must change).
  const seen = new Set();
  async function expectState(name) {
    const type = await page.locator(`${tid("type-editor")} textarea`).inputValue();
    const value = await page.locator(`${tid("value-editor")} textarea`).inputValue();
    const want = nativeEval(type, value);
    let got = null;
    const deadline = Date.now() + TIMEOUT;
    while (Date.now() < deadline) {
      got = await readResult(page);
      if (sameResult(got, want)) break;
      await page.waitForTimeout(25);
    }
    if (!sameResult(got, want)) {
      throw new Error(`${name}: page shows ${JSON.stringify(got)}\nnative CLI gives ${JSON.stringify(want)}`);
    }
    seen.add(JSON.stringify(got));
    return got;
  }

  await check("page loads and shows the initial example's result", async () => {
    await page.goto(URL_);
    await page.waitForSelector(tid("result"), { timeout: TIMEOUT });
    assertEq(await page.locator("#boot").count(), 0, "loading placeholder removed");
    await expectState("initial example");
  });
  if (failed) {
    // Everything else would fail the same way.
    console.log(`e2e: ${passed} passed, ${failed} failed (the page did not load; other checks skipped)`);
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
    process.exit(1);
  }

  await check("typing a type constraint updates the result", async () => {
    await typeInto(page, "type-editor", "number");
    await expectState("type = number");
  });

  await check("typing a value updates the result", async () => {
    await typeInto(page, "value-editor", '"42"');
    await expectState('value = "42"');
    await typeInto(page, "type-editor", "bool");
    await typeInto(page, "value-editor", "true");
    const r = await expectState("bool = true");
    assertEq(r.ok, true, "accepted");
    assertEq(r.type, "bool", "result type");
  });

  await check("an unconvertible value shows an error", async () => {
    await typeInto(page, "type-editor", "number");
    await typeInto(page, "value-editor", '"abc"');
    const r = await expectState('value = "abc"');
    assertEq(r.ok, false, "rejected");
    assertEq(r.summary, "Invalid value for input variable", "error summary");
    await page.screenshot({ path: join(OUT, "error.png") });
  });

  await check("both inputs changed: set(string)", async () => {
    await typeInto(page, "type-editor", "set(string)");
    await typeInto(page, "value-editor", '["b", "a", "b"]');
    await expectState("set(string)");
  });

  await check("an invalid type constraint is reported, not a crash", async () => {
    await typeInto(page, "type-editor", "list(");
    const r = await expectState("type = list(");
    assertEq(r.ok, false, "rejected");
  });

  await check("10,000-deep nesting gives a result or a diagnostic, and the page keeps working", async () => {
    await page.locator(`${tid("type-editor")} textarea`).fill("any");
    await page.locator(`${tid("value-editor")} textarea`).fill("[".repeat(10_000) + "]".repeat(10_000));
    await expectState("10,000-deep value");
    await page.locator(`${tid("type-editor")} textarea`).fill("list(".repeat(10_000) + "string" + ")".repeat(10_000));
    await page.locator(`${tid("value-editor")} textarea`).fill("[]");
    await expectState("10,000-deep type");
    await typeInto(page, "type-editor", "bool");
    await typeInto(page, "value-editor", "true");
    await expectState("bool after deep input");
  });

  await check("screenshot of a successful result", async () => {
    await typeInto(page, "type-editor", "map(object({ size = number, tags = optional(list(string), []) }))");
    await page.locator(`${tid("value-editor")} textarea`).fill('{\n  small = { size = "1" }\n  large = { size = 8, tags = ["x"] }\n}');
    await expectState("map(object(...))");
    await page.screenshot({ path: join(OUT, "app.png") });
  });

  await check("the result changed with the inputs (at least 4 different results seen)", async () => {
    if (seen.size < 4) throw new Error(`only ${seen.size} different results: ${[...seen].join("\n")}`);
  });

  await check("no page errors, console errors or failed requests", async () => {
    if (problems.length) throw new Error(problems.join("\n"));
  });

  await check("a panic is shown on the page, not a blank page", async () => {
    const p2 = await ctx.newPage();
    const errors = [];
    p2.on("pageerror", (e) => errors.push(e.message));
    await p2.goto(new URL("#panic-test", URL_).href);
    const text = await waitFor(p2, "panic-message", (t) => t.includes("deliberate panic"), "the panic message");
    if (!text.includes("tftype crashed")) throw new Error(`unexpected panic text ${JSON.stringify(text)}`);
    await p2.screenshot({ path: join(OUT, "panic.png") });
    await p2.close();
  });
} finally {
  await ctx.close();
  rmSync(profile, { recursive: true, force: true });
}

if (DIST) {
  const rows = distPayload(DIST);
  let raw = 0;
  let gz = 0;
  console.log(`\ndist payload (${DIST}, gzip -9 per file):`);
  for (const r of rows) {
    raw += r.raw;
    gz += r.gz;
    console.log(`  ${String(r.raw).padStart(9)} B raw  ${String(r.gz).padStart(9)} B gz  ${r.file}`);
  }
  console.log(`  ${String(raw).padStart(9)} B raw  ${String(gz).padStart(9)} B gz  total`);
}
console.log(`screenshots: ${OUT}/app.png, ${OUT}/error.png, ${OUT}/panic.png`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
