// How the page looks and is reached: the footer, dark mode, a phone-sized screen, the header's
// controls, the keyboard and focus rings, popups.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assert, assertEq, tid, until, waitFor } from "../lib/harness.mjs";
import { openGallery, setEditor } from "../lib/editor.mjs";

export async function run(t) {
  const { check, url: URL_, out: OUT, openPage, expectNative } = t;

  await check("the footer links to the README's sections on the CLI, the editors, the npm package and CI, in the repository (three languages; ux-5 L14)", async () => {
    // The repository from the workspace's release identity (the root Cargo.toml), as the page has it.
    const repo = readFileSync("Cargo.toml", "utf8").match(/\[workspace\.package\][^[]*?\nrepository = "([^"]+)"/)?.[1];
    assert(repo && repo.startsWith("https://"), `the workspace's repository: ${repo}`);
    const keys = ["ui.footer_readme", "ui.footer_cli", "ui.footer_editors", "ui.footer_npm", "ui.footer_ci"];
    const paths = ["#readme", "#install", "#editors", "/tree/HEAD/npm#readme", "#in-ci-and-in-pre-commit"];
    for (const lang of ["en", "zh", "ja"]) {
      const texts = JSON.parse(readFileSync(`core/i18n/${lang}.json`, "utf8"));
      for (const [dev, viewport, scheme] of [["desktop", { width: 1280, height: 900 }, "light"], ["phone", { width: 390, height: 844 }, "dark"]]) {
        const url = new URL(URL_);
        url.search = new URLSearchParams({ lang }).toString();
        const p = await openPage(url.href, `footer ${lang} ${dev}`, { viewport, colorScheme: scheme });
        const footer = p.locator(tid("site-footer"));
        const links = await until(`${lang}: the footer's links`, async () => {
          const l = await footer.locator(tid("footer-link")).evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
          return { done: l.length === keys.length && l[0][0] === texts[keys[0]], value: l };
        });
        assertEq(links, keys.map((k, i) => [texts[k], repo + paths[i]]), `${lang} ${dev}: the footer's links`);
        assertEq(await footer.locator("nav").getAttribute("aria-label"), texts["ui.footer_links"], `${lang}: the links' label`);
        const wide = await p.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= viewport.width, `${lang} ${dev}: the page is ${wide} px wide`);
        await footer.scrollIntoViewIfNeeded();
        await footer.screenshot({ path: join(OUT, `footer-${lang}-${dev}-${scheme}.png`) });
        await p.close();
      }
    }
  });

  const bg = (p) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);

  const isDark = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).map(Number);
    return r + g + b < 200;
  };

  await check("dark mode follows the system, and the toggle is remembered", async () => {
    const p = await openPage(URL_, "dark", { colorScheme: "dark" });
    assert(isDark(await bg(p)), `dark background by system preference: ${await bg(p)}`);
    assertEq(await p.locator(tid("theme-toggle")).getAttribute("aria-pressed"), "true", "toggle shows dark");
    const editorBg = await p.evaluate((sel) => getComputedStyle(document.querySelector(sel)).backgroundColor, `${tid("value-editor")} .cm-editor`);
    assert(isDark(editorBg), `the editors follow: ${editorBg}`);
    await p.screenshot({ path: join(OUT, "desktop-dark.png"), fullPage: true });
    await p.locator(tid("theme-toggle")).click();
    assert(!isDark(await bg(p)), "light after the toggle");
    await p.reload();
    await p.waitForSelector(`${tid("value-editor")} .cm-content`);
    assert(!isDark(await bg(p)), "the choice survives a reload");
    assertEq(await p.locator(tid("theme-toggle")).getAttribute("aria-pressed"), "false", "toggle shows light");
    await p.screenshot({ path: join(OUT, "desktop-light.png"), fullPage: true });
    await p.evaluate(() => localStorage.removeItem("tftype-theme"));
    await p.close();
  });

  await check("a 390×844 phone screen: everything stacks, nothing scrolls sideways (light and dark)", async () => {
    for (const scheme of ["light", "dark"]) {
      const p = await openPage(URL_, `phone-${scheme}`, { viewport: { width: 390, height: 844 }, colorScheme: scheme });
      const overflow = async (what) => {
        const [sw, iw] = await p.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
        assert(sw <= iw, `${scheme}, ${what}: page is ${sw}px wide in a ${iw}px window`);
      };
      await overflow("default example");
      const boxes = await p.evaluate(() =>
        ["type-editor", "value-editor"].map((id) => document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect().top),
      );
      assert(boxes[1] > boxes[0] + 50, `editors stack: tops ${boxes}`);
      // The first screen shows the default example's result: editors as tall as their four lines
      // (not 200 px), the result's status and first lines above the fold.
      await expectNative(p, "phone: the default example");
      const fold = await p.evaluate(() => {
        const r = (s) => document.querySelector(s).getBoundingClientRect();
        return {
          editors: ["type-editor", "value-editor"].map((id) => Math.round(r(`[data-testid="${id}"]`).height)),
          result: Math.round(r(".result").top),
          status: Math.round(r('.result [data-testid="status"]').bottom),
          out: Math.round(r('[data-testid="result-console"]').top),
          height: window.innerHeight,
        };
      });
      assert(fold.editors.every((h) => h >= 70 && h < 140), `${scheme}: editors sized to their 4 lines: ${JSON.stringify(fold)}`);
      assert(fold.result < fold.height && fold.status < fold.height && fold.out + 30 < fold.height, `${scheme}: the result is above the fold: ${JSON.stringify(fold)}`);
      await p.screenshot({ path: join(OUT, `phone-${scheme}-first-screen.png`) });
      await p.screenshot({ path: join(OUT, `phone-${scheme}.png`), fullPage: true });
      await setEditor(p, "type-editor", "list(object({ a_really_long_attribute_name_that_goes_on = string, b = number }))");
      await setEditor(p, "value-editor", '[{ a_really_long_attribute_name_that_goes_on = "' + "x".repeat(200) + '", b = "not a number at all" }]');
      await expectNative(p, "long lines on a phone");
      await overflow("long lines");
      // Long lines wrap, in the editors and in the result: nothing runs off the right edge.
      const sideways = await p.evaluate(() =>
        [...document.querySelectorAll(".cm-scroller, .out")].filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1).map((e) => e.className),
      );
      assertEq(sideways, [], `${scheme}: boxes that scroll sideways`);
      // Every result tab is in view (none cut at the edge).
      const cut = await p.evaluate(() => {
        const list = document.querySelector('[role="tablist"]').getBoundingClientRect();
        return [...document.querySelectorAll('[role="tab"]')].filter((t) => t.getBoundingClientRect().right > list.right + 0.5).map((t) => t.textContent);
      });
      assertEq(cut, [], `${scheme}: tabs cut at the edge`);
      await p.screenshot({ path: join(OUT, `phone-${scheme}-long.png`), fullPage: true });
      await openGallery(p);
      await overflow("gallery open");
      // The page scrolls; the gallery is no scroll box of its own.
      const box = await p.locator(tid("examples")).evaluate((e) => [e.scrollHeight, e.clientHeight, getComputedStyle(e).overflowY]);
      assert(box[0] <= box[1] + 1 && box[2] === "visible", `${scheme}: the gallery is a scroll box: ${box}`);
      await p.screenshot({ path: join(OUT, `phone-${scheme}-gallery.png`) });
      await p.close();
    }
  });

  await check("the header's controls are one height, and wrap in whole groups (phone and desktop, en and ja)", async () => {
    for (const lang of ["en", "ja"]) {
      for (const [w, h, dev] of [[1280, 900, "desktop"], [390, 844, "phone"]]) {
        const p = await openPage(new URL(`?lang=${lang}`, URL_).href, `header ${lang} ${dev}`, { viewport: { width: w, height: h } });
        await waitFor(p, "examples-toggle", (t) => t === { en: "Examples", ja: "例" }[lang], "the catalog's words");
        const got = await p.evaluate(() => ({
          heights: [...document.querySelectorAll(".actions select, .actions .btn")].map((e) => Math.round(e.getBoundingClientRect().height * 2) / 2),
          // The tops of each group's controls: one row per group.
          groups: [...document.querySelectorAll(".action-group")].map((g) => [...new Set([...g.children].map((c) => Math.round(c.getBoundingClientRect().top)))]),
          wide: document.documentElement.scrollWidth,
        }));
        assertEq(got.heights.length, 5, `${lang} ${dev}: two pickers and three buttons`);
        assertEq(new Set(got.heights).size, 1, `${lang} ${dev}: one height for the header's controls: ${got.heights}`);
        assertEq(got.groups.map((g) => g.length), [1, 1], `${lang} ${dev}: each group on one row: ${JSON.stringify(got.groups)}`);
        assert(got.wide <= w, `${lang} ${dev}: the page is ${got.wide} px wide`);
        await p.locator(tid("site-header")).screenshot({ path: join(OUT, `header-${lang}-${dev}.png`) });
        // ?lang= is remembered: the checks after this one expect the browser's language.
        await p.evaluate(() => localStorage.removeItem("tftype.lang"));
        await p.close();
      }
    }
  });

  await check("every control is reachable with the keyboard, with a visible focus ring", async () => {
    const p = await openPage(URL_, "keyboard");
    const reached = new Set();
    let ringless = [];
    for (let i = 0; i < 40; i++) {
      await p.keyboard.press("Tab");
      const f = await p.evaluate(async () => {
        const e = document.activeElement;
        if (!e || e === document.body) return null;
        if (e.closest(".cm-editor")) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
        const host = e.closest("[data-testid]");
        const cs = getComputedStyle(e);
        const cm = e.closest(".cm-editor");
        const ring = cm ? getComputedStyle(cm).outlineStyle : cs.outlineStyle;
        return { id: e.dataset.testid ?? (host ? `in:${host.dataset.testid}` : e.tagName), ring };
      });
      if (!f) continue;
      reached.add(f.id);
      if (f.ring === "none") ringless.push(f.id);
    }
    for (const id of ["examples-toggle", "share", "theme-toggle", "in:type-editor", "in:value-editor", "value-format", "var-name", "nullable", "sensitive"]) {
      assert(reached.has(id), `${id} reached by Tab (reached: ${[...reached].join(", ")})`);
    }
    assertEq([...new Set(ringless)], [], "controls without a focus ring");
    // The gallery opens and closes from the keyboard.
    await p.locator(tid("examples-toggle")).focus();
    await p.keyboard.press("Enter");
    assertEq(await p.locator(tid("examples")).isVisible(), true, "Enter opens the gallery");
    await p.locator("[data-example]").first().focus();
    await p.keyboard.press("Escape");
    assertEq(await p.locator(tid("examples")).isVisible(), false, "Escape closes it");
    await p.close();
  });

  await check("popups close on Escape anywhere and on a click outside, the focus back on their opener; a dismissed notice leaves it in the value", async () => {
    const p = await openPage(URL_, "popups");
    const active = () => p.evaluate(() => document.activeElement?.id || document.activeElement?.dataset?.testid || document.activeElement?.className || document.activeElement?.tagName);
    const galleryOpen = () => p.locator(tid("examples")).isVisible();
    // Each popup: Escape with the focus elsewhere, and a click outside.
    const menuOpen = async () => (await p.locator("#copy-as-menu").count()) > 0;
    for (const [opener, isOpen] of [["examples-toggle", galleryOpen], ["copy-as", menuOpen]]) {
      await p.locator(tid(opener)).click();
      await p.evaluate(() => document.activeElement.blur());
      await p.keyboard.press("Escape");
      assertEq([await isOpen(), await active()], [false, opener], `Escape outside ${opener}'s popup`);
      await p.locator(tid(opener)).click();
      await p.locator(tid("status")).click();
      assertEq(await isOpen(), false, `a click outside ${opener}'s popup`);
    }
    // Examples: Escape inside it.
    await p.locator(tid("examples-toggle")).click();
    await p.locator("[data-example]").first().focus();
    await p.keyboard.press("Escape");
    assertEq([await galleryOpen(), await active()], [false, "examples-toggle"], "Escape in Examples");
    // A notice dismissed: the focus goes to the value, not to the page.
    await setEditor(p, "type-editor", "any");
    await setEditor(p, "value-editor", 'tolist(["a"])');
    await p.locator(tid("value-format")).selectOption("tfvars");
    await waitFor(p, "notice", (t) => t.includes("tolist"), "a notice");
    await p.locator(tid("notice")).locator("button").click();
    const inValue = await p.evaluate(() => document.querySelector('[data-testid="value-editor"]').contains(document.activeElement));
    assert(inValue, `the focus after dismissing the notice: ${await active()}`);
    await p.close();
  });
}
