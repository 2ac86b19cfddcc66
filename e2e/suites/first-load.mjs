// The first page load and what it costs: the page loads (recording what it fetches, sized by
// suites/payload.mjs), the Module view's first open (recorded likewise), the page before the
// engine is ready, under a sub-path, a file that cannot load, the Content-Security-Policy, no
// console warnings. Runs first: if the page does not load, the run stops here.

import { readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { assert, assertEq, tid, TIMEOUT, until } from "../lib/harness.mjs";
import { editorText } from "../lib/editor.mjs";

export async function run(t) {
  const { check, page, ctx, url: URL_, out: OUT, dist: DIST, origin, firstLoad, moduleOpen, watch, openPage, expectNative, expectState } = t;

  await check("page loads with CodeMirror editors and shows the initial example's result", async () => {
    // The profile is new: everything the first load needs comes from the server.
    const record = (r) => {
      const u = new URL(r.url());
      if (u.origin === origin) firstLoad.add(decodeURIComponent(u.pathname).replace(/^\//, "") || "index.html");
    };
    page.on("request", record);
    await page.goto(URL_);
    await page.waitForSelector(`${tid("type-editor")} .cm-content`, { timeout: TIMEOUT });
    assertEq(await page.locator("#boot").count(), 0, "loading placeholder removed");
    assertEq(await page.locator(`${tid("type-editor")} .cm-lineNumbers`).count(), 1, "line numbers");
    assert((await editorText(page, "type-editor")).startsWith("list(object({"), "default example in the type editor");
    await expectState("initial example");
    await until("the Why story of the first answer", async () => {
      const n = await page.locator(tid("why-step")).count();
      return { done: n > 0, value: n };
    });
    page.off("request", record);
    assertEq(await page.evaluate(() => location.hash), "", "a fresh page keeps a clean address");
  });

  if (t.counts.failed) {
    // Everything else would fail the same way.
    t.stop("the page did not load; other checks skipped");
  }

  await check("the Module view's first open fetches its files once, after the first load's", async () => {
    // In the first load's profile (its files cached): what the Module button fetches besides
    // them, until the first variable row (sized at the end, against its ceiling).
    const p = await openPage(URL_, "module first open");
    await until("the first answer", async () => {
      const t = await p.locator(tid("status")).textContent();
      return { done: t.includes("Accepted"), value: t };
    });
    const record = (r) => {
      const u = new URL(r.url());
      const file = decodeURIComponent(u.pathname).replace(/^\//, "") || "index.html";
      if (u.origin === origin && !firstLoad.has(file)) moduleOpen.add(file);
    };
    p.on("request", record);
    await p.locator(tid("view-module")).click();
    await p.waitForSelector(tid("module-var"), { timeout: 30_000 });
    p.off("request", record);
    assert(moduleOpen.size > 0, "the Module view fetched nothing of its own");
    await p.close();
  });

  await check("before the engine is ready the result is neutral: no error, no Error tab", async () => {
    const p = watch(await ctx.newPage(), "starting");
    // The engine worker's script comes late.
    let release;
    const held = new Promise((r) => (release = r));
    await p.route(/engine-worker-[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(URL_);
    await p.waitForSelector(`${tid("value-editor")} .cm-content`);
    const status = p.locator(tid("status"));
    assertEq(await status.textContent(), "Starting the engine…", "the status");
    const cls = await status.getAttribute("class");
    assert(cls.includes("pending") && !cls.includes("err"), `the status's look: ${cls}`);
    assertEq(await p.locator(tid("tab-console")).textContent(), "Console", "the first tab");
    assertEq(await p.locator(tid("starting")).count(), 1, "a note that the engine is loading");
    await p.screenshot({ path: join(OUT, "starting.png") });
    release();
    await until("the first answer", async () => {
      const t = await status.textContent();
      return { done: t.includes("Accepted"), value: t };
    });
    await p.close();
  });

  await check("the site works under a sub-path (https://HOST/tftype/), the Module view too", async () => {
    // README deploys the site under /tftype/: a link in dist/ to itself serves it there.
    assert(DIST, "--dist is needed for this check");
    const link = join(DIST, "tftype");
    rmSync(link, { force: true });
    symlinkSync(".", link);
    try {
      const p = await openPage(new URL("tftype/", URL_).href, "sub-path");
      assertEq(await p.locator("#boot").count(), 0, "loading placeholder removed");
      await until("an answer under the sub-path", async () => {
        const t = await p.locator(tid("status")).textContent();
        return { done: t.includes("Accepted"), value: t };
      });
      await p.locator(tid("view-module")).click();
      await p.waitForSelector(tid("module-var"), { timeout: 30_000 });
      await p.screenshot({ path: join(OUT, "sub-path.png") });
      await p.close();
    } finally {
      rmSync(link, { force: true });
    }
  });

  await check("a file the page cannot load is said in the placeholder, not 'Loading' for ever", async () => {
    // Not watched: the failed request is the point.
    const p = await ctx.newPage();
    await p.route(/\.wasm$/, (route) => route.abort());
    await p.goto(URL_);
    const boot = p.locator("#boot");
    await until("the placeholder's error", async () => {
      const t = (await boot.count()) ? await boot.textContent() : null;
      return { done: t !== null && t.includes("could not load"), value: t };
    });
    assertEq(await boot.getAttribute("role"), "alert", "the placeholder is announced");
    await p.close();
  });

  await check("the page has a Content-Security-Policy and no external resources", async () => {
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    assert(csp && csp.includes("default-src 'none'") && !csp.includes("inline-script-hashes"), `CSP: ${csp}`);
    const external = await page.evaluate(() =>
      [...document.querySelectorAll("script[src], link[href], img[src]")]
        .map((e) => e.src || e.href)
        .filter((u) => u && !u.startsWith(location.origin) && !u.startsWith("data:")),
    );
    assertEq(external, [], "external resources");
  });

  await check("page loads log no console warning or error (no integrity on a preload that ignores it, ux-5 L20)", async () => {
    // Chromium warns on every load when a preload of a destination without subresource
    // integrity (Trunk's as="fetch" preload of the .wasm) carries an integrity attribute.
    const html = readFileSync(join(DIST ?? "dist", "index.html"), "utf8");
    const ignored = [...html.matchAll(/<link\b[^>]*\brel="preload"[^>]*>/g)].map((m) => m[0]).filter((t) => /\bintegrity=/.test(t) && !/\bas="(script|style)"/.test(t));
    assertEq(ignored, [], "preloads whose integrity the browser ignores");
    // Where the browser checks it, the integrity stays: the style sheet and the modulepreloads.
    for (const want of [/<link rel="stylesheet"[^>]*integrity="sha256-/, /<link rel="modulepreload"[^>]*integrity="sha256-/]) assert(want.test(html), `index.html has no ${want}`);
    for (const [label, viewport] of [["desktop", undefined], ["phone", { width: 390, height: 844 }]]) {
      const p = await ctx.newPage();
      const said = [];
      p.on("console", (m) => {
        if (m.type() === "warning" || m.type() === "error") said.push(`${m.type()}: ${m.text()}`);
      });
      if (viewport) await p.setViewportSize(viewport);
      await p.goto(URL_);
      await p.waitForSelector(`${tid("value-editor")} .cm-content`, { timeout: TIMEOUT });
      await expectNative(p, `${label}: the first answer`);
      assertEq(said, [], `${label}: console warnings and errors of a page load`);
      await p.close();
    }
  });
}
