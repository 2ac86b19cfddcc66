// Completion and hover in the editors: the value editor completes attribute names and shows an
// attribute's type; an error and a hover on one place share one tooltip (both views).

import { join } from "node:path";
import { assert, assertEq, tid, until, waitFor } from "../lib/harness.mjs";
import { completionList, editorText, hoverPos, placeCursor, readResult, setEditor } from "../lib/editor.mjs";
import { moduleHelpers } from "../lib/module.mjs";

export async function run(t) {
  const { check, url: URL_, out: OUT, openPage } = t;
  const { vpc, moduleLink, vpcDoc, openModule, moduleChecked } = moduleHelpers(t);

  await check("the value editor completes attribute names from the type (Ctrl-Space, typing) and shows an attribute's type on hover", async () => {
    const p = await openPage(URL_, "assist", { colorScheme: "dark" });
    await setEditor(p, "type-editor", "object({name = string, port = optional(number, 80)})");
    await setEditor(p, "value-editor", "{  }");
    await placeCursor(p, "value-editor", 2);
    const items = () => p.locator(`${tid("completions")} li b`).allTextContents();
    // The first focus fetches the completion code and engine-full/; Ctrl-Space until they answer.
    const listed = await completionList(p);
    assertEq(listed, ["name", "port"], "required first");
    const details = await p.locator(`${tid("completions")} li span`).allTextContents();
    assertEq(details, ["string", "optional(number, 80)"], "types, the default as in the constraint");
    assertEq(await p.locator(tid("completions")).getAttribute("aria-label"), "Suggestions", "the list's accessible name");
    await p.screenshot({ path: join(OUT, "completion.png") });
    await p.keyboard.press("ArrowDown");
    await p.keyboard.press("ArrowUp");
    await p.keyboard.press("Enter");
    assertEq(await editorText(p, "value-editor"), "{ name =  }", "the chosen name inserted");
    assertEq(await p.locator(tid("completions")).count(), 0, "the list closed");
    // Typing a name's first letter opens the list; Escape closes it.
    await setEditor(p, "value-editor", "{  }");
    await placeCursor(p, "value-editor", 2);
    await p.keyboard.type("p");
    assertEq(await until("the list after typing", async () => {
      const got = await items();
      return { done: got.length > 0, value: got };
    }), ["port"], "what starts with p");
    await p.keyboard.press("Escape");
    assertEq(await p.locator(tid("completions")).count(), 0, "Escape closes the list");
    // Digits typed in a number ask nothing (no name starts with a digit; a question costs a pass
    // over the whole text, issue #39); each key is evaluated (a value this small on the page's own
    // thread, by its second engine: js-src/engine-here.js).
    await setEditor(p, "value-editor", '{ name = "a", port = 1 }');
    await placeCursor(p, "value-editor", '{ name = "a", port = 1'.length);
    await p.evaluate(() => {
      window.__sent = {};
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (msg) {
        if (msg && msg.type) window.__sent[msg.type] = (window.__sent[msg.type] ?? 0) + 1;
        return post.apply(this, arguments);
      };
    });
    await p.keyboard.type("234");
    await until("the typed number evaluated", async () => {
      const value = await readResult(p);
      return { done: value.ok === true && value.console.includes("1234"), value };
    });
    const sent = await p.evaluate(() => window.__sent);
    assertEq(sent.complete ?? 0, 0, `no completion asked for digits: ${JSON.stringify(sent)}`);
    // Hover on an attribute: its type, optional, its default.
    await setEditor(p, "value-editor", "{ port = 1 }");
    const at = await p.evaluate((sel) => {
      const v = document.querySelector(sel).tftypeEditor;
      const c = v.coordsAtPos(4);
      return { x: c.left + 1, y: (c.top + c.bottom) / 2 };
    }, tid("value-editor"));
    await p.mouse.move(at.x - 20, at.y + 40);
    await p.mouse.move(at.x, at.y);
    const hover = await waitFor(p, "value-hover", (t) => t.includes("port"), "the hover");
    assertEq(hover, "port: number — optional, default 80", "the hover's text");
    await p.screenshot({ path: join(OUT, "completion-hover.png") });
    await p.close();
    // On a phone and in Chinese and Japanese: the list's name in the reader's language, the list on the screen.
    for (const [lang, viewport, scheme, label] of [["ja", { width: 390, height: 844 }, "light", "入力候補"], ["zh", { width: 1280, height: 800 }, "light", "补全建议"]]) {
      const q = await openPage(URL_, `assist ${lang}`, { viewport, colorScheme: scheme });
      await q.locator(tid("lang-select")).selectOption(lang);
      await setEditor(q, "type-editor", "object({name = string, port = optional(number, 80)})");
      await setEditor(q, "value-editor", "{  }");
      await placeCursor(q, "value-editor", 2);
      await until(`the ${lang} completion list`, async () => {
        let got = await q.locator(`${tid("completions")} li b`).allTextContents();
        if (!got.length) {
          await q.keyboard.press("Control+Space");
          await q.waitForTimeout(100);
          got = await q.locator(`${tid("completions")} li b`).allTextContents();
        }
        return { done: got.length > 0, value: got };
      });
      assertEq(await q.locator(tid("completions")).getAttribute("aria-label"), label, `${lang}: the list's accessible name`);
      const box = await q.locator(tid("completions")).boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= viewport.width + 1, `${lang}: the list is on the screen: ${JSON.stringify(box)}`);
      await q.screenshot({ path: join(OUT, `completion-${lang}-${viewport.width < 500 ? "phone" : "desktop"}.png`) });
      // The language picked is remembered: later checks expect English.
      await q.evaluate(() => localStorage.removeItem("tftype.lang"));
      await q.close();
    }
  });

  await check("an error's message and a hover on one place show in one tooltip, one above the other, in both views", async () => {
    // Where both have something to say, CodeMirror shows both in one tooltip (its hover host):
    // the error first, the hover below it, each readable (neither covers the other).
    async function stacked(p, editor, pos, what) {
      // (The first focus fetches the completion code and its engine: hovered again until they answer.)
      await p.locator(`${editor} .cm-content`).click();
      const boxes = await until(`${what}: the error and the hover`, async () => {
        await hoverPos(p, editor, pos);
        await p.waitForTimeout(400);
        const got = await p.evaluate(() => {
          const tips = [...document.querySelectorAll(".cm-tooltip-hover")].filter((t) => t.querySelector(".cm-tooltip-lint") && t.querySelector(".cm-tftype-hover"));
          if (tips.length !== 1) return null;
          const box = (e) => {
            const r = e.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
          };
          return { tip: box(tips[0]), lint: box(tips[0].querySelector(".cm-tooltip-lint")), hover: box(tips[0].querySelector(".cm-tftype-hover")), screen: [innerWidth, innerHeight], text: tips[0].textContent };
        });
        return { done: !!got, value: got };
      });
      assert(boxes.lint.bottom <= boxes.hover.top + 0.5, `${what}: the hover is below the error, not over it: ${JSON.stringify(boxes)}`);
      assert(boxes.tip.top >= 0 && boxes.tip.left >= 0 && boxes.tip.right <= boxes.screen[0] + 1 && boxes.tip.bottom <= boxes.screen[1] + 1, `${what}: the tooltip is on the screen: ${JSON.stringify(boxes)}`);
      const n = await p.locator(".cm-tooltip").count();
      assertEq(n, 1, `${what}: one tooltip`);
      return boxes.text;
    }
    // The one-variable view: a missing attribute marks the object, which holds the name hovered.
    const p = await openPage(URL_, "stacked");
    await setEditor(p, "type-editor", "object({name = string, port = optional(number, 80)})");
    await setEditor(p, "value-editor", "{ port = 1 }");
    await until("the error's underline", async () => ({ done: (await p.locator(`${tid("value-editor")} .cm-lintRange-error`).count()) > 0 }));
    const one = await stacked(p, tid("value-editor"), 3, "one variable");
    assert(one.includes('attribute "name" is required') && one.includes("port: number — optional, default 80"), `one variable: both texts: ${JSON.stringify(one)}`);
    await p.screenshot({ path: join(OUT, "hover-stacked.png") });
    await p.close();
    // The Module view: the same in a value file.
    const files = vpc.files.map((f) => (f.name === "envs/dev.tfvars" ? { ...f, text: 'cidr_block = "10.10.0.0/16"\n\nprivate_subnets = [\n  { cidr = "10.10.1.0/24" },\n]\n' } : f));
    const q = await openModule(new URL(moduleLink({ ...vpcDoc("envs/dev.tfvars"), files, open: "envs/dev.tfvars" }), URL_).href, "stacked module", { colorScheme: "dark" });
    await moduleChecked(q, (s) => s.startsWith("✗"), "the missing attribute to fail");
    const editor = `${tid("module-editor")}[data-file="envs/dev.tfvars"]`;
    await until("the error's underline", async () => ({ done: (await q.locator(`${editor} .cm-lintRange-error`).count()) > 0 }));
    const text = files.find((f) => f.name === "envs/dev.tfvars").text;
    const two = await stacked(q, editor, text.indexOf("cidr =") + 1, "module view");
    assert(two.includes('attribute "az" is required') && two.includes("cidr: string — required"), `module view: both texts: ${JSON.stringify(two)}`);
    await q.screenshot({ path: join(OUT, "module-hover-stacked.png") });
    await q.close();
  });
}
