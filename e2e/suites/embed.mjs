// Embedding: the page's embed mode (?embed=1, readonly=1) and the <tftype-example> element
// (embed-demo.html).

import { join } from "node:path";
import { assert, assertEq, tid, until } from "../lib/harness.mjs";
import { editorText, typeInto } from "../lib/editor.mjs";

export async function run(t) {
  const { check, ctx, url: URL_, out: OUT, figures, shared, watch, openPage, nativeBatch, expectNative } = t;

  await check("embed mode hides the site's chrome and offers 'Open in playground'", async () => {
    const url = new URL("?embed=1" + (shared ? new URL(shared.url).hash : ""), URL_).href;
    const p = await openPage(url, "embed", { viewport: { width: 720, height: 560 } });
    for (const id of ["site-header", "examples", "site-footer", "share", "theme-toggle"]) {
      assertEq(await p.locator(tid(id)).count(), 0, `no ${id} in embed mode`);
    }
    const link = p.locator(tid("open-in-playground"));
    await until("the playground link", async () => {
      const href = await link.getAttribute("href");
      return { done: href && href.includes("#v1.") && !href.includes("embed"), value: href };
    });
    await typeInto(p, "type-editor", "number");
    await expectNative(p, "typing in embed mode");
    await p.screenshot({ path: join(OUT, "embed.png") });
    // The type's hint ("empty = no type argument") keeps its distance from the Value heading,
    // stacked (720 px) and side by side (900 px and wider).
    for (const width of [720, 900, 1280]) {
      await p.setViewportSize({ width, height: 560 });
      const [hint, value] = await p.evaluate(() =>
        ['[aria-labelledby="type-label"] .hint', "#value-label"].map((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      );
      const apart = hint.bottom <= value.top || value.bottom <= hint.top || hint.right + 12 <= value.left || value.right + 12 <= hint.left;
      assert(apart, `${width} px: the hint ${JSON.stringify(hint)} and the Value heading ${JSON.stringify(value)} are less than 12 px apart`);
    }
    await p.screenshot({ path: join(OUT, "embed-wide.png") });
    await p.close();
  });

  await check("embed mode with readonly=1 makes the editors and options read-only", async () => {
    const p = await openPage(new URL("?embed=1&readonly=1", URL_).href, "embed-readonly");
    const before = await editorText(p, "type-editor");
    await p.locator(`${tid("type-editor")} .cm-content`).click();
    await p.keyboard.type("xyz");
    assertEq(await editorText(p, "type-editor"), before, "the type editor did not change");
    assertEq(await p.locator(`${tid("value-editor")} .cm-content`).getAttribute("contenteditable"), "false", "value editor not editable");
    for (const id of ["value-format", "nullable", "sensitive", "var-name"]) {
      assertEq(await p.locator(tid(id)).isDisabled(), true, `${id} disabled`);
    }
    await expectNative(p, "read-only embed");
    await p.close();
  });

  await check("embed-demo.html: every <tftype-example> shows what `tftype batch` gives; one engine download; an edit updates only its element", async () => {
    const p = watch(await ctx.newPage(), "embed-demo");
    const wasm = [];
    let bytes = 0;
    p.on("request", (r) => {
      if (r.url().endsWith(".wasm")) wasm.push(r.url());
    });
    p.on("response", async (r) => {
      try {
        bytes += (await r.body()).length;
      } catch {}
    });
    const t0 = Date.now();
    await p.goto(new URL("embed-demo.html", URL_).href);
    const all = await until("every example answered", async () => {
      const value = await p.evaluate(() =>
        [...document.querySelectorAll("tftype-example")].map((e) => ({ id: e.id, req: e.result && e.request, result: e.result })),
      );
      return { done: value.length >= 5 && value.every((e) => e.result), value };
    });
    const shownMs = Date.now() - t0;
    const want = nativeBatch(all.map((e, i) => ({ ...e.req, id: i })));
    all.forEach((e, i) => {
      const got = JSON.parse(JSON.stringify(e.result));
      for (const d of [...(got.diagnostics ?? []), ...(got.warnings ?? [])]) {
        delete d.start16;
        delete d.end16;
      }
      got.id = i;
      assert(JSON.stringify(got) === JSON.stringify(want[i]), `${e.id}: ${JSON.stringify(got)} != ${JSON.stringify(want[i])}`);
    });
    // What each element shows: the console text, or the error.
    for (const [i, e] of all.entries()) {
      const out = await p.locator(`#${e.id}`).locator("pre.out").textContent();
      const r = want[i];
      const tab = await p.locator(`#${e.id}`).locator("pre.out").getAttribute("data-tab");
      const expected = r.ok ? (tab === "type" ? r.type : tab === "json" ? JSON.stringify(r.json, null, 2) : r.console) : `${r.summary}\n\n${r.detail}`;
      assert(out === expected, `${e.id} shows ${JSON.stringify(out)}, want ${JSON.stringify(expected)}`);
    }
    assert(wasm.length === 1, `the engine was fetched ${wasm.length} times: ${wasm.join(", ")}`);
    // tftype's notes: the page's text promises one on the misspelt `prot`, the element shows it.
    const note = await p.locator("#defaults").locator(".notes li").allTextContents();
    assert(note.length === 1 && note[0].includes("prot") && note[0].includes("port"), `the note on prot: ${JSON.stringify(note)}`);
    assertEq(await p.locator("#defaults").locator(".notes li code").allTextContents(), ["prot", "[1]", "port"], "the note's code spans");
    assertEq(await p.locator("#failing").locator(".notes").isVisible(), false, "no notes where there is nothing to say");
    // A failing example shows where: the value's line with the failing element marked.
    assertEq(await p.locator("#failing .where mark").textContent(), '"two"', "the failing part is marked");
    assertEq(await p.locator("#failing .where p").textContent(), "Value, line 1:", "the marked line's label");
    assertEq(await p.locator("#failing textarea.value").getAttribute("aria-invalid"), "true", "the value editor is flagged");
    assertEq(await p.locator("#defaults .where").isVisible(), false, "no mark where the value converts");
    // Nothing is cut: the .tfvars.json example's type (in its editor and on its Type tab) wraps.
    for (const sel of ["textarea.type", "textarea.value", "pre.out"]) {
      const [sw, cw] = await p.locator(`#json ${sel}`).evaluate((e) => [e.scrollWidth, e.clientWidth]);
      assert(sw <= cw + 1, `#json ${sel} scrolls sideways (${sw} > ${cw})`);
    }
    // The Japanese example's code is set in a Latin monospace font, not a CJK font's.
    const cdp = await p.context().newCDPSession(p);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1, pierce: true });
    const find = (n, pred) => (pred(n) ? n : (n.children ?? []).concat(n.shadowRoots ?? []).reduce((a, c) => a ?? find(c, pred), null));
    const ja = find(root, (n) => n.nodeName === "TFTYPE-EXAMPLE" && (n.attributes ?? []).join(" ").includes("ja"));
    const jaOut = find(ja, (n) => n.nodeName === "PRE" && (n.attributes ?? []).includes("out"));
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId: jaOut.nodeId });
    assert(fonts.length > 0 && fonts.every((f) => !/CJK|Gothic|Mincho|Hei|Song/i.test(f.familyName)), `the Japanese example's code fonts: ${JSON.stringify(fonts)}`);
    // Editing one element answers for it alone.
    await p.evaluate(() => {
      window.__events = {};
      document.addEventListener("tftype-result", (ev) => {
        const id = ev.composedPath()[0].id;
        window.__events[id] = (window.__events[id] ?? 0) + 1;
      });
    });
    const before = await p.locator("#failing").evaluate((e) => e.result.ok);
    await p.locator("#failing textarea.value").fill("[1, 2, 3]");
    await until("the edited example answers", async () => {
      const value = await p.locator("#failing").evaluate((e) => e.result.ok);
      return { done: value === true, value };
    });
    assertEq(await p.locator("#failing .where").isVisible(), false, "the mark goes when the value is fixed");
    const events = await p.evaluate(() => window.__events);
    assert(!before && JSON.stringify(Object.keys(events)) === '["failing"]', `events: ${JSON.stringify(events)}`);
    assert((await p.locator("#readonly textarea.value").getAttribute("readonly")) !== null, "read-only example");
    const href = await p.locator("#defaults a.open").getAttribute("href");
    assert(href.includes("?type=") && href.includes("value="), `open-in-playground link: ${href}`);
    figures.push(`embed-demo.html: ${all.length} examples answered ${shownMs} ms after navigation; ${(bytes / 1024).toFixed(1)} KiB transferred (uncompressed bodies); engine fetched once`);
    await p.screenshot({ path: join(OUT, "embed-demo.png"), fullPage: true });
    await p.close();
    const phone = watch(await ctx.newPage(), "embed-demo (phone)");
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.emulateMedia({ colorScheme: "dark" });
    await phone.goto(new URL("embed-demo.html", URL_).href);
    await phone.waitForFunction(() => [...document.querySelectorAll("tftype-example")].every((e) => e.result));
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 390, `the demo page is ${wide}px wide on a 390px phone`);
    await phone.screenshot({ path: join(OUT, "embed-demo-phone-dark.png"), fullPage: true });
    await phone.close();
  });
}
