// Robustness: a poisoned link, a trap in the engine, a 1 MB value, half a million errors, a panic.

import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { assert, assertEq, median, ms, tid, TIMEOUT, until, waitFor } from "../lib/harness.mjs";
import { placeCursor, setEditor } from "../lib/editor.mjs";

export async function run(t) {
  const { check, ctx, url: URL_, out: OUT, figures, openPage, expectNative } = t;

  await check("a poisoned link (the issue's 2,150 nested %{if} directives) gives a diagnostic, and the page keeps working", async () => {
    const value = '"' + "%{if true}".repeat(2150) + "x" + "%{endif}".repeat(2150) + '"';
    const json = JSON.stringify({ type: "string", value, format: "hcl", nullable: true, sensitive: false, name: "v", tab: "console" });
    const link = "#v1." + deflateRawSync(Buffer.from(json), { level: 9 }).toString("base64url");
    figures.push(`poisoned link: ${link.length} characters`);
    const p = await openPage(new URL(link, URL_).href, "poisoned link");
    const r = await expectNative(p, "the poisoned link");
    assertEq(r.summary, "Value too deeply nested", "the diagnostic");
    await setEditor(p, "value-editor", '"fine"');
    await expectNative(p, "typing after the poisoned link");
    await p.close();
  });

  await check("a trap in the engine is caught: the engine restarts, the user is told, the editors keep working", async () => {
    // `#trap-test` makes the worker's engine trap on its first request (web/src/engine.rs).
    const p = await ctx.newPage();
    const pageErrors = [];
    p.on("pageerror", (e) => pageErrors.push(e.message));
    await p.goto(new URL("#trap-test", URL_).href);
    await p.waitForSelector(`${tid("value-editor")} .cm-content`, { timeout: TIMEOUT });
    const notice = await waitFor(p, "notice", (t) => t.includes("engine stopped"), "the notice about the restart");
    assert(notice.includes("restarted"), `notice: ${notice}`);
    await p.screenshot({ path: join(OUT, "engine-restarted.png") });
    await setEditor(p, "type-editor", "list(number)");
    await setEditor(p, "value-editor", '["1", 2]');
    await expectNative(p, "after the restart");
    assertEq(pageErrors, [], "no uncaught page errors");
    await p.close();
  });

  await check("typing into a 1 MB value never freezes the page (the engine works in a worker)", async () => {
    const p = await openPage(URL_, "1 MB typing");
    const items = [];
    for (let i = 0; items.join(",\n").length < 1_000_000; i++) items.push(`  { name = "service-${i}", port = ${8000 + (i % 1000)}, tags = ["a", "b"] }`);
    const big = "[\n" + items.join(",\n") + ",\n  { name = \"last\", port = 1 },\n]";
    await setEditor(p, "type-editor", "list(object({ name = string, port = number, tags = optional(list(string), []) }))");
    // Pasted as one change (Chromium's input emulation crashes the renderer on a 1 MB insertText).
    await p.evaluate(
      ([sel, text]) => {
        const v = document.querySelector(sel).tftypeEditor;
        v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
      },
      [tid("value-editor"), big],
    );
    await until("the 1 MB value to be evaluated", async () => {
      const s = await p.locator(tid("status")).textContent();
      return { done: s.includes("Accepted"), value: s };
    }, 60_000);
    await placeCursor(p, "value-editor", big.lastIndexOf("port = 1") + "port = 1".length);
    // Keystroke to the next painted frame (the editor shows the key), and to the result.
    await p.evaluate(() => {
      window.__paint = [];
      document.addEventListener("keydown", () => {
        const t0 = performance.now();
        requestAnimationFrame(() => setTimeout(() => window.__paint.push(performance.now() - t0), 0));
      }, true);
    });
    for (const k of [..."2345678901"]) await p.keyboard.press(k);
    const paints = await until("every keystroke painted", async () => {
      const v = await p.evaluate(() => window.__paint);
      return { done: v.length === 10, value: v };
    });
    const t0 = Date.now();
    await until("the last keystroke's result", async () => {
      const c = await p.locator(tid("result-console")).count();
      const busy = await p.locator(tid("result")).getAttribute("aria-busy");
      return { done: c > 0 && busy === "false", value: busy };
    }, 60_000);
    figures.push(
      `1 MB value (${(big.length / 1e6).toFixed(2)} MB), 10 keystrokes: keystroke to painted frame median ${ms(median(paints))}, worst ${ms(Math.max(...paints))}; the last result ${Date.now() - t0} ms after the last key; engine time ${await p.locator(tid("eval-ms")).textContent()}`,
    );
    await p.close();
  });

  await check("half a million errors: 100 places listed and the rest counted, and the page keeps working", async () => {
    const p = await openPage(URL_, "many errors");
    await setEditor(p, "type-editor", "list(string)");
    const n = 500_000;
    await p.evaluate(
      ([sel, text]) => {
        const v = document.querySelector(sel).tftypeEditor;
        v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
      },
      [tid("value-editor"), "[" + "x,".repeat(n) + "]"],
    );
    const more = await until("the count of the errors not listed", async () => {
      const loc = p.locator(tid("places-more"));
      return (await loc.count()) > 0 ? { done: true, value: await loc.textContent() } : { done: false, value: null };
    }, 60_000);
    assert(more.includes(String(n - 100)), `"${more}" counts ${n - 100} more`);
    assertEq(await p.locator(".places li:not(.more)").count(), 100, "places listed");
    await p.locator(tid("places-more")).scrollIntoViewIfNeeded();
    await p.screenshot({ path: join(OUT, "many-errors.png") });
    // Still answering: a small value replaces it.
    await setEditor(p, "value-editor", '["a"]');
    await expectNative(p, "a small value after half a million errors");
    await p.close();
  });

  await check("a panic is shown on the page, not a blank page", async () => {
    const p2 = await ctx.newPage();
    await p2.goto(new URL("#panic-test", URL_).href);
    const text = await waitFor(p2, "panic-message", (t) => t.includes("deliberate panic"), "the panic message");
    if (!text.includes("tftype crashed")) throw new Error(`unexpected panic text ${JSON.stringify(text)}`);
    await p2.screenshot({ path: join(OUT, "panic.png") });
    await p2.close();
  });
}
