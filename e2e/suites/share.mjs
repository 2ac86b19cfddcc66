// Share links: the state in the URL fragment, Share, links opened fresh, damaged and unknown
// links, `tftype link`.

import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { deflateRawSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { assert, assertEq, tid, until, waitFor } from "../lib/harness.mjs";
import { editorText, focusEditor, pageState, readResult, setEditor } from "../lib/editor.mjs";

export async function run(t) {
  const { check, page, ctx, url: URL_, out: OUT, cli: CLI, watch, openPage, expectNative } = t;

  let shared = null;

  await check("the state lives in the URL fragment; Share copies the link", async () => {
    await setEditor(page, "type-editor", "map(number)");
    await setEditor(page, "value-editor", '{\n  a = "1" # ünï 🙂\n}');
    await page.locator(tid("value-format")).selectOption("tfvars");
    await page.locator(tid("nullable")).uncheck();
    await page.locator(tid("sensitive")).check();
    await page.locator(tid("var-name")).fill("ports");
    if ((await page.locator(tid("tab-json")).count()) > 0) await page.locator(tid("tab-json")).click(); // tabs exist while accepted
    // The fragment follows the state once typing pauses: wait until it settles.
    let last = null;
    let since = Date.now();
    const hash = await until("the fragment to follow the state", async () => {
      const h = await page.evaluate(() => location.hash);
      if (h !== last) {
        last = h;
        since = Date.now();
      }
      return { done: h.startsWith("#v1.") && Date.now() - since > 600, value: h };
    });
    await page.locator(tid("share")).click();
    await waitFor(page, "share-status", (t) => t.includes("Link copied"), "the copy confirmation");
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    assertEq(clip, await page.evaluate(() => location.href), "the clipboard holds the page's link");
    assert(clip.endsWith(hash), "the link carries the state");
    shared = { url: clip, state: await pageState(page), result: await readResult(page) };
    // What Share said follows the language switched to after it.
    await page.locator(tid("lang-select")).selectOption("ja");
    await waitFor(page, "share-status", (t) => t.includes("リンクをコピーしました"), "the confirmation in Japanese");
    await page.locator(tid("lang-select")).selectOption("en");
    await waitFor(page, "share-status", (t) => t.includes("Link copied"), "the confirmation in English again");
  });

  // (The embed suite opens the same link in embed mode.)
  t.shared = shared;

  await check("a share link opened in a fresh page restores the same state", async () => {
    assert(shared, "needs the previous check");
    const p = await openPage(shared.url, "shared");
    await until("the restored state", async () => {
      const st = await pageState(p);
      return { done: isDeepStrictEqual(st, shared.state), value: st };
    });
    const got = await until("the same result", async () => {
      const r = await readResult(p);
      return { done: isDeepStrictEqual(r, shared.result), value: r };
    });
    if (got.ok) assertEq(await p.locator(tid("tab-json")).getAttribute("aria-selected"), "true", "the tab is restored");
    assertEq(await p.locator(tid("notice")).count(), 0, "no notice");
    await p.close();
  });

  await check("a malformed or unknown link gives a notice and the default example, never a crash", async () => {
    for (const [frag, words] of [
      ["#v1.%%%not-base64", "damaged"],
      ["#v1.AAAA", "damaged"],
      ["#v9.abcdef", "v9"],
      ["#hello", "damaged"],
      ["#v1." + "A".repeat(5000), "damaged"],
    ]) {
      const p = await openPage(new URL(frag, URL_).href, `hash ${frag.slice(0, 12)}`);
      const notice = await waitFor(p, "notice", (t) => t.length > 0, "a notice");
      assert(notice.includes(words), `notice for ${frag.slice(0, 20)} mentions ${words}: ${notice}`);
      assert((await editorText(p, "type-editor")).startsWith("list(object({"), "default example loaded");
      await expectNative(p, `default example after ${frag.slice(0, 12)}`);
      if (frag === "#v9.abcdef") await p.screenshot({ path: join(OUT, "bad-link.png") });
      await p.close();
    }
  });

  await check("share links: unknown fields fall back one by one, a damaged link keeps its address, a damaged hash uses a valid query", async () => {
    const v1 = (state) => "#v1." + deflateRawSync(Buffer.from(JSON.stringify(state)), { level: 9 }).toString("base64url");
    // A format and a language from a later version: those fields fall back, the rest is kept.
    let p = await openPage(new URL(v1({ type: "list(number)", value: '["1", 2]', format: "yaml", lang: "xx", name: "ports" }), URL_).href, "unknown fields");
    const st = await pageState(p);
    assertEq({ type: st.type, value: st.value, format: st.format, name: st.name }, { type: "list(number)", value: '["1", 2]', format: "hcl", name: "ports" }, "the state, with the format's default");
    assertEq(await p.locator(tid("notice")).count(), 0, "no notice: nothing was lost but unknown names");
    await expectNative(p, "a link with unknown fields");
    await p.close();
    // A damaged link: its notice stays, and so does the address, until the user changes something.
    const damaged = new URL("#v1.AAAA", URL_).href;
    p = await openPage(damaged, "damaged link");
    await waitFor(p, "notice", (t) => t.includes("damaged"), "the notice");
    await p.waitForTimeout(1000);
    assertEq(p.url(), damaged, "the address of the damaged link, a second later");
    assert((await p.locator(tid("notice")).textContent()).includes("damaged"), "the notice is still there");
    await focusEditor(p, "value-editor");
    await p.keyboard.press("End");
    await p.keyboard.type(" ");
    await until("the address to follow the edited state", async () => ({ done: p.url() !== damaged, value: p.url() }));
    await p.close();
    // A damaged fragment next to readable parameters: the parameters are used, and the notice says so.
    p = await openPage(new URL("?type=number&value=%2242%22#v1.AAAA", URL_).href, "damaged hash with a query");
    await waitFor(p, "notice", (t) => t.includes("?…"), "a notice that the query was used");
    assertEq({ type: await editorText(p, "type-editor"), value: await editorText(p, "value-editor") }, { type: "number", value: '"42"' }, "the query's state");
    await expectNative(p, "the query's state");
    await p.close();
  });

  await check("a link made by `tftype link` opens the playground in exactly that state", async () => {
    const args = ["link", "object({ name = string, tags = optional(map(string), {}) })", '{ name = "a&b #1", extra = 100 }', "--format", "tfvars", "--flavor", "opentofu@1.9", "--name", "app", "--non-nullable", "--base", URL_];
    const url = spawnSync(CLI, args, { encoding: "utf8" }).stdout.trim();
    const p = watch(await ctx.newPage(), "tftype link");
    await p.goto(url);
    await waitFor(p, "status", (t) => t.includes("Accepted"), "the linked state's result");
    const st = await pageState(p);
    const want = { type: args[1], value: args[2], format: "tfvars", nullable: false, sensitive: false, name: "app", flavor: "opentofu@1.9" };
    assert(JSON.stringify(st) === JSON.stringify(want), `${JSON.stringify(st)} != ${JSON.stringify(want)}`);
    await p.close();
  });
}
