// The Why story, notes and the three languages (the main page).

import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { assert, assertEq, tid, until } from "../lib/harness.mjs";
import { pageState, setEditor } from "../lib/editor.mjs";

export async function run(t) {
  const { check, page, ctx, out: OUT, cli: CLI, figures, watch, expectState } = t;

  await check("Why, notes and three languages: the story matches `tftype explain`, steps highlight both editors, the language is kept in links", async () => {
    const type = "object({ name = string, port = optional(number, 80) })";
    const value = '{ name = "web", prot = 8080 }';
    const names = await page.locator(`${tid("lang-select")} option`).evaluateAll((os) => os.map((o) => o.value));
    assertEq(JSON.stringify(names), '["en","zh","ja"]', "language options");
    await setEditor(page, "type-editor", type);
    await setEditor(page, "value-editor", value);
    await expectState("why input");
    await page.locator(tid("tab-explain")).click();
    for (const lang of ["en", "zh", "ja"]) {
      await page.locator(tid("lang-select")).selectOption(lang);
      const st = await pageState(page);
      const opts = ["--format", st.format, "--flavor", st.flavor, "--name", st.name || "v", ...(st.sensitive ? ["--sensitive"] : []), ...(st.nullable ? [] : ["--non-nullable"])];
      const want = spawnSync(CLI, ["explain", type, value, ...opts, "--lang", lang], { encoding: "utf8" }).stdout;
      const steps = await until(`the ${lang} story`, async () => {
        const value = await page.locator(tid("why-step")).evaluateAll((ls) => ls.map((l) => l.querySelector(".why-text")?.textContent ?? ""));
        // The page sets `code` spans as code: compare without the backticks.
        const plain = want.replaceAll("`", "");
        return { done: value.length >= 3 && value.every((t) => plain.includes(t.trim())), value };
      });
      const note = await page.locator(tid("note")).first().textContent();
      assert(note.includes("prot") && note.includes("port"), `${lang} note: ${note}`);
      assert((await page.locator(tid("tab-explain")).textContent()).trim() !== "" , "tab label");
      figures.push(`Why (${lang}): ${steps.length} steps, as \`tftype explain --lang ${lang}\` tells them`);
    }
    // Hovering the default's step shades `port` in the type and the object in the value.
    await page.locator(`${tid("why-step")}[data-kind="why.default_filled"]`).hover();
    await until("both editors shaded", async () => {
      const value = await page.evaluate(() => [...document.querySelectorAll(".cm-why-highlight")].map((e) => e.textContent));
      return { done: value.length >= 2, value };
    });
    // A grouped step (`[0]–[1].port`) shades every member in the value, and `port` in the type.
    await setEditor(page, "type-editor", "list(object({ name = string, port = optional(number, 80) }))");
    await setEditor(page, "value-editor", '[{ name = "a" }, { name = "b" }]');
    await page.locator(`${tid("why-step")}[data-kind="why.default_filled"]`).hover();
    await until("every member of the group shaded", async () => {
      const value = await page.evaluate(() => [...document.querySelectorAll(".cm-why-highlight")].map((e) => e.textContent));
      return { done: value.includes('{ name = "a" }') && value.includes('{ name = "b" }'), value };
    });
    // The language is part of the state and of share links. The page is in Japanese already (the
    // loop above) and the link of the last edits may still be on its way: once the address
    // settles, a switch to English and back must each change it.
    const settled = async (what) => {
      let last = null;
      return until(`the address to settle (${what})`, async () => {
        await page.waitForTimeout(400);
        const value = await page.evaluate(() => location.href);
        const done = value === last;
        last = value;
        return { done, value };
      });
    };
    let link = await settled("before English");
    for (const lang of ["en", "ja"]) {
      const before = link;
      await page.locator(tid("lang-select")).selectOption(lang);
      link = await until(`the link to follow the language (${lang})`, async () => {
        const value = await page.evaluate(() => location.href);
        return { done: value !== before, value };
      });
    }
    const p = watch(await ctx.newPage(), "lang link");
    await p.goto(link);
    await p.waitForSelector(tid("lang-select"));
    assertEq(await p.locator(tid("lang-select")).inputValue(), "ja", "the link keeps the language");
    await p.close();
    // Screenshots of the Why panel: three languages, desktop and phone, light and dark.
    for (const lang of ["en", "zh", "ja"]) {
      for (const [w, h, dev] of [[1280, 900, "desktop"], [390, 844, "phone"]]) {
        for (const scheme of ["light", "dark"]) {
          const q = watch(await ctx.newPage(), `why ${lang} ${dev} ${scheme}`);
          await q.setViewportSize({ width: w, height: h });
          await q.emulateMedia({ colorScheme: scheme });
          const url = new URL(link);
          url.search = new URLSearchParams({ lang }).toString();
          await q.goto(url.href);
          await q.waitForSelector(tid("why-step"));
          await q.locator(tid("why")).scrollIntoViewIfNeeded();
          await q.screenshot({ path: join(OUT, `why-${lang}-${dev}-${scheme}.png`), fullPage: dev === "phone" });
          await q.close();
        }
      }
    }
    await page.locator(tid("lang-select")).selectOption("en");
    await page.locator(tid("tab-console")).click();
  });
}
