// The gallery: the docs examples, the confusions, the Modules section, code in titles and lessons.

import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { assert, assertEq, tid, until } from "../lib/harness.mjs";
import { chooseFlavor, openGallery, pageState, readResult } from "../lib/editor.mjs";
import { shown, toCase } from "../lib/native.mjs";

export async function run(t) {
  const { check, page, url: URL_, defaultFlavor: DEFAULT_FLAVOR, docsCases, docsExpected, figures, openPage, nativeBatch, nativeEval } = t;

  await check("every docs example, chosen from the gallery, shows what the CLI gives", async () => {
    await chooseFlavor(page, DEFAULT_FLAVOR);
    const native = new Map(nativeBatch(docsCases).map((o) => [o.id, o]));
    // The examples are fetched when the gallery is first opened.
    await openGallery(page);
    const ids = await page.locator(".group:not(.confusions) [data-example]").evaluateAll((els) => els.map((e) => e.dataset.example));
    assertEq([...ids].sort(), docsCases.map((c) => c.id).sort(), "the gallery holds exactly the docs cases (and the confusions)");
    let agree = 0;
    const disagree = [];
    for (const c of docsCases) {
      if (!(await page.locator(tid("examples")).isVisible())) await page.locator(tid("examples-toggle")).click();
      await page.locator(`[data-example="${c.id}"]`).click();
      await until("the gallery to close after a choice", async () => {
        const v = await page.locator(tid("examples")).isVisible();
        return { done: !v, value: v };
      });
      const st = await pageState(page);
      assertEq(
        { type: st.type, value: st.value, format: st.format, nullable: st.nullable, sensitive: st.sensitive },
        { type: c.type ?? "", value: c.value, format: c.value_format ?? "hcl", nullable: c.nullable ?? true, sensitive: c.sensitive ?? false },
        `${c.id}: inputs loaded`,
      );
      const want = shown(native.get(c.id));
      await until(`${c.id}: the CLI's result ${JSON.stringify(want)}`, async () => {
        const got = await readResult(page);
        return { done: isDeepStrictEqual(got, want), value: got };
      });
      const lesson = await page.locator(tid("lesson")).textContent();
      assert(lesson.length > 10, `${c.id}: lesson shown`);
      const exp = docsExpected.get(c.id);
      const same = exp.ok ? want.ok && want.console === exp.console : !want.ok && want.summary === exp.summary;
      if (same) agree++;
      else disagree.push(c.id);
    }
    figures.push(`docs examples: ${agree}/${docsCases.length} show the oracle's console text or error summary (the rest show the engine's current result)`);
    if (disagree.length && disagree.length <= 20) figures.push(`  not yet agreeing with the oracle: ${disagree.join(" ")}`);
  });

  await check("the confusions gallery: at least 15 user reports, each linked, each showing what the CLI gives", async () => {
    const confusions = JSON.parse(readFileSync("web/src/confusions.json", "utf8"));
    assert(confusions.length >= 15, `${confusions.length} confusions`);
    await openGallery(page);
    const links = await page.locator(`.group.confusions ${tid("confusion-report")}`).evaluateAll((as) => as.map((a) => a.href));
    assertEq(links.length, confusions.length, "a report link per confusion");
    // Every link shows the same words ("the report ↗"): its accessible name says which report
    // (the catalog's confusion.report_link with the card's title), and keeps the words shown.
    const named = await page.locator(`.group.confusions ${tid("confusion-report")}`).evaluateAll((as) =>
      as.map((a) => ({
        name: a.getAttribute("aria-label") ?? a.textContent,
        text: a.textContent.replace(/\s*↗\s*$/, ""),
        title: a.closest("li").querySelector(".ex-title").textContent,
      })),
    );
    assertEq(new Set(named.map((n) => n.name)).size, named.length, `distinct accessible names of the report links: ${JSON.stringify(named.map((n) => n.name))}`);
    for (const n of named) assert(n.name.includes(n.text) && n.name.includes(n.title), `a report link's name ${JSON.stringify(n.name)} has its words and its card's title ${JSON.stringify(n.title)}`);
    // No two cards teach one lesson: titles and lessons are distinct, and the OpenTofu typo card
    // (the other typo card is Terraform's) teaches what it says: OpenTofu 1.11 warns, Terraform does not.
    const cards = await page.locator(".group.confusions [data-example]").evaluateAll((bs) => bs.map((b) => [b.querySelector(".ex-title").textContent, b.querySelector(".ex-lesson").textContent]));
    assertEq(new Set(cards.map((c) => c[0])).size, cards.length, "distinct confusion titles");
    assertEq(new Set(cards.map((c) => c[1])).size, cards.length, "distinct confusion lessons");
    const typo = confusions.find((c) => c.id === "opentofu-typo-prot-for-port");
    const warned = (flavor) => (nativeBatch([toCase({ type: typo.type, value: typo.value, format: typo.format, nullable: true, sensitive: false, name: "v", flavor })])[0].warnings ?? []).length;
    assertEq([warned(DEFAULT_FLAVOR), warned("opentofu@1.10"), warned("opentofu@1.11")], [0, 0, 1], `the OpenTofu typo card's warnings (${DEFAULT_FLAVOR}, OpenTofu 1.10, 1.11)`);
    for (const c of confusions) {
      if (!(await page.locator(tid("examples")).isVisible())) await page.locator(tid("examples-toggle")).click();
      await page.locator(`[data-example="${c.id}"]`).click();
      const want = nativeEval({ type: c.type, value: c.value, format: c.format, nullable: true, sensitive: false, name: "v", flavor: DEFAULT_FLAVOR });
      await until(`${c.id}: the CLI's result`, async () => {
        const got = await readResult(page);
        return { done: isDeepStrictEqual(got, want), value: got };
      });
      const lesson = await page.locator(tid("lesson")).textContent();
      assert(lesson.includes("↗"), `${c.id}: lesson with the report link: ${lesson}`);
    }
  });

  await check("the gallery's Modules section: each module's card has its title and lesson (a name), before and after the Module view loads", async () => {
    const p = await openPage(URL_, "gallery modules");
    const card = async (when) => {
      await openGallery(p);
      const b = p.locator("button[data-module-example=vpc]");
      await b.waitFor();
      const got = await b.evaluate((e) => ({
        title: e.querySelector(".ex-title")?.textContent ?? "",
        lesson: e.querySelector(".ex-lesson")?.textContent ?? "",
        height: e.getBoundingClientRect().height,
      }));
      assert(got.title.length > 10 && got.lesson.length > 20, `${when}: the VPC card's title and lesson: ${JSON.stringify(got)}`);
      assert(got.height > 30, `${when}: the VPC card is ${got.height} px tall`);
      // Its accessible name (the button's text): what a screen reader says.
      const snap = await p.locator("button[data-module-example=vpc]").ariaSnapshot();
      assert(snap.includes(got.title), `${when}: the VPC card's accessible name: ${snap}`);
      return got;
    };
    const before = await card("before the Module view");
    await p.locator("button[data-module-example=vpc]").click();
    await p.waitForSelector(tid("module-view"));
    assertEq(await card("after the Module view"), before, "the same card after the Module view loaded");
    await p.close();
  });

  await check("code in example titles and lessons is set as code, not shown with backticks (gallery and lesson banner)", async () => {
    await openGallery(page);
    const id = "opentofu-typo-prot-for-port";
    const title = page.locator(`[data-example="${id}"] .ex-title`);
    assertEq(await title.locator("code").allTextContents(), ["prot", "port"], "the title's code spans");
    const texts = await page.locator("[data-example]").allTextContents();
    assertEq(texts.filter((t) => t.includes("`")), [], "gallery texts with a backtick");
    await page.locator(`[data-example="${id}"]`).click();
    const lesson = page.locator(tid("lesson"));
    assert((await lesson.locator("code").count()) >= 2, "the lesson banner's code spans");
    assert(!(await lesson.textContent()).includes("`"), `the banner: ${await lesson.textContent()}`);
  });
}
