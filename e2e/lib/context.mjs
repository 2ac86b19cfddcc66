// One run's context: the arguments, the browser and its main page, the problem watcher, the
// CLI's helpers bound to --cli, and the state the suites share (each suite's run(t) gets it as t;
// nothing of it lives in module-level variables).

import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { createChecks, StopRun, tid, TIMEOUT } from "./harness.mjs";
import { expectNative, nativeBatch, nativeEval, readDocs, readFlavors } from "./native.mjs";

// Launches Chromium (a new profile: everything the first load needs comes from the server)
// and opens the main page's tab (blank: the first check loads it). `close()` ends the run's browser.
export async function openRun({ url, out, dist, cli, chromiumPath }) {
  const { names: flavorNames, defaultFlavor } = readFlavors(cli);
  const docs = readDocs();
  mkdirSync(out, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), "tftype-e2e-"));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 900 },
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
  const close = async () => {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  };
  const origin = new URL(url).origin;

  // Every page of the run reports its problems here; the last check fails if there are any.
  const problems = [];
  function watch(page, label) {
    page.on("pageerror", (e) => problems.push(`${label}: page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`${label}: console error: ${m.text()}`);
    });
    page.on("requestfailed", (r) => problems.push(`${label}: request failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on("request", (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith("data:")) problems.push(`${label}: request leaves the page: ${r.url()}`);
    });
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`${label}: HTTP ${r.status()}: ${r.url()}`);
    });
    return page;
  }

  // A new watched page at `url`, once its value editor is there.
  async function openPage(url, label, { viewport, colorScheme } = {}) {
    const p = watch(await ctx.newPage(), label);
    if (viewport) await p.setViewportSize(viewport);
    if (colorScheme) await p.emulateMedia({ colorScheme });
    await p.goto(url);
    await p.waitForSelector(`${tid("value-editor")} .cm-content`, { timeout: TIMEOUT });
    return p;
  }

  let page;
  try {
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    ctx.setDefaultTimeout(TIMEOUT);
    page = watch(ctx.pages()[0] ?? (await ctx.newPage()), "main");
  } catch (e) {
    await close();
    throw e;
  }
  const { check, counts } = createChecks();
  // The results the main page showed (expectState), for the check that they changed with the inputs.
  const seen = new Set();
  return {
    // --url, --out, --dist (may be undefined), --cli; the page's origin.
    url,
    out,
    dist,
    cli,
    origin,
    // `tftype flavors`: every version's name, oldest first, and the default.
    flavorNames,
    defaultFlavor,
    // The docs corpus (the gallery's examples) and the oracle's answers by id.
    docsCases: docs.cases,
    docsExpected: docs.expected,
    ctx,
    // The main page: the checks on the single-variable view (and the suites after them) share it.
    page,
    check,
    counts,
    // Figures printed after the checks (latencies, sizes, counts).
    figures: [],
    problems,
    // What the first page load fetched, as paths relative to dist/ (the page and its engine worker).
    firstLoad: new Set(),
    // What the Module view's first open fetched besides (its button clicked after the first load,
    // until its first variable row).
    moduleOpen: new Set(),
    seen,
    // The link the Share button copied ({ url, state, result }; suites/share.mjs), opened by the
    // embed suite too.
    shared: null,
    watch,
    openPage,
    nativeBatch: (cases) => nativeBatch(cli, cases),
    nativeEval: (state) => nativeEval(cli, state),
    expectNative: (p, name) => expectNative(cli, p, name),
    // expectNative on the main page, keeping the result in `seen`.
    expectState: async (name) => {
      const r = await expectNative(cli, page, name);
      seen.add(JSON.stringify(r));
      return r;
    },
    // Ends the run after this suite: the checks after it cannot mean anything.
    stop: (reason) => {
      throw new StopRun(reason);
    },
    close,
  };
}
