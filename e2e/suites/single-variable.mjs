// The single-variable view on the main page: the editors, typing, errors and their underlines,
// options, the value format switch and its notices, Copy as, the result tabs.

import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { assert, assertEq, tid, TIMEOUT, until, waitFor } from "../lib/harness.mjs";
import { editorText, placeCursor, setEditor, typeInto } from "../lib/editor.mjs";
import { toCase } from "../lib/native.mjs";

export async function run(t) {
  const { check, page, url: URL_, out: OUT, cli: CLI, figures, seen, openPage, nativeBatch, expectState } = t;

  await check("the type and value editors wrap long lines: a long one-line type's start stays in view (ux-5 L13)", async () => {
    const p = await openPage(URL_, "wrap", { viewport: { width: 1280, height: 900 } });
    // About 350 characters: several times the editor's width, a few of its lines when wrapped.
    const fields = Array.from({ length: 6 }, (_, i) => `attribute_number_${i} = optional(string, "default-${i}")`).join(", ");
    const long = { "type-editor": `object({${fields}})`, "value-editor": `{ ${Array.from({ length: 10 }, (_, i) => `attribute_number_${i} = "value-${i}"`).join(", ")} }` };
    for (const [editor, text] of Object.entries(long)) {
      // Pasted in one edit: the cursor ends at the far end of the one line.
      await setEditor(p, editor, text);
      assertEq(await editorText(p, editor), text, `${editor}: the text`);
      const seen = await p.evaluate((sel) => {
        const v = document.querySelector(sel).tftypeEditor;
        const first = v.coordsAtPos(0);
        const last = v.coordsAtPos(v.state.doc.length);
        const box = v.scrollDOM.getBoundingClientRect();
        return {
          first: first && { left: first.left, top: first.top },
          rows: first && last ? Math.round((last.top - first.top) / v.defaultLineHeight) + 1 : 0,
          box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
          sideways: v.scrollDOM.scrollLeft,
          wider: v.scrollDOM.scrollWidth - v.scrollDOM.clientWidth,
          lines: v.state.doc.lines,
        };
      }, tid(editor));
      assertEq(seen.lines, 1, `${editor}: one line`);
      assert(seen.first && seen.first.left >= seen.box.left && seen.first.left < seen.box.right && seen.first.top >= seen.box.top && seen.first.top < seen.box.bottom, `${editor}: the first character is out of view: ${JSON.stringify(seen)}`);
      assertEq([seen.sideways, Math.max(0, seen.wider)], [0, 0], `${editor}: no sideways scroll`);
      assert(seen.rows >= 3, `${editor}: the line is not wrapped: ${JSON.stringify(seen)}`);
    }
    await p.screenshot({ path: join(OUT, "wrap-long-type.png") });
    await p.close();
  });

  await check("typing a type constraint updates the result", async () => {
    await typeInto(page, "type-editor", "number");
    await expectState("type = number");
  });

  await check("typing a value updates the result", async () => {
    await typeInto(page, "value-editor", '"42"');
    await expectState('value = "42"');
    await typeInto(page, "type-editor", "bool");
    await typeInto(page, "value-editor", "true");
    await expectState("bool = true");
  });

  await check("an unconvertible value shows an error", async () => {
    await setEditor(page, "type-editor", "number");
    await setEditor(page, "value-editor", '"abc"');
    const r = await expectState('value = "abc"');
    assertEq(r.ok, false, "rejected");
    await page.screenshot({ path: join(OUT, "error.png") });
  });

  await check("both inputs changed: set(string)", async () => {
    await setEditor(page, "type-editor", "set(string)");
    await setEditor(page, "value-editor", '["b", "a", "b"]');
    await expectState("set(string)");
  });

  await check("an invalid type constraint is reported, not a crash", async () => {
    await setEditor(page, "type-editor", "list(");
    const r = await expectState("type = list(");
    assertEq(r.ok, false, "rejected");
  });

  await check("errors are underlined in the editor they belong to, with the message on hover", async () => {
    // Whatever diagnostics the CLI reports, each editor shows one underline per ranged diagnostic.
    const cases = [
      { type: "list(", value: "1" },
      { type: "number", value: "[1," },
      { type: "list(number)", value: '["a"]' },
      { type: "object({ port = number })", value: '{ port = "http" }' },
    ];
    let hovered = false;
    for (const c of cases) {
      await setEditor(page, "type-editor", c.type);
      await setEditor(page, "value-editor", c.value);
      const r = nativeBatch([toCase(c)])[0];
      const ranged = (src) => (r.diagnostics ?? []).filter((d) => d.source === src && d.start !== null && d.start !== undefined);
      for (const [src, editor] of [["type", "type-editor"], ["value", "value-editor"]]) {
        const want = ranged(src).length;
        await until(`${want} underline(s) in the ${editor} for ${JSON.stringify(c)}`, async () => {
          const n = await page.locator(`${tid(editor)} .cm-lintRange-error, ${tid(editor)} .cm-lintPoint-error`).count();
          return { done: n === want, value: n };
        });
        const mark = page.locator(`${tid(editor)} .cm-lintRange-error`).first();
        if (!hovered && want > 0 && (await mark.count()) > 0) {
          await mark.hover();
          const tip = await until("the hover message", async () => {
            const t = page.locator(".cm-tooltip-lint");
            return { done: (await t.count()) > 0, value: (await t.count()) > 0 ? await t.first().textContent() : null };
          });
          assert(tip.includes(ranged(src)[0].summary), `tooltip ${JSON.stringify(tip)} names the error`);
          hovered = true;
          await page.mouse.move(0, 0);
        }
      }
    }
    assert(hovered, "at least one case had an underline to hover");
    // The places under the error move the cursor to the error in its editor.
    const c = cases[cases.length - 1];
    const r = nativeBatch([toCase(c)])[0];
    const d = (r.diagnostics ?? []).find((x) => x.start !== null && x.start !== undefined);
    if (d) {
      await page.locator(".places button").first().click();
      const editor = d.source === "type" ? "type-editor" : "value-editor";
      const sel = await page.evaluate((sel) => {
        const v = document.querySelector(sel).tftypeEditor;
        return [v.state.selection.main.from, v.state.selection.main.to, v.hasFocus];
      }, tid(editor));
      assertEq(sel, [d.start, d.end, true], `the first place selects the error's range in the ${editor} (ASCII text: bytes = UTF-16 units)`);
    }
  });

  await check("10,000-deep nesting gives a result or a diagnostic, and the page keeps working", async () => {
    await setEditor(page, "type-editor", "any");
    await setEditor(page, "value-editor", "[".repeat(10_000) + "]".repeat(10_000));
    await expectState("10,000-deep value");
    await setEditor(page, "type-editor", "list(".repeat(10_000) + "string" + ")".repeat(10_000));
    await setEditor(page, "value-editor", "[]");
    await expectState("10,000-deep type");
    await typeInto(page, "type-editor", "bool");
    await typeInto(page, "value-editor", "true");
    await expectState("bool after deep input");
  });

  await check("user text is only ever shown as text", async () => {
    const evil = '"<img src=x onerror=window.__pwned=1><b>bold</b>"';
    await setEditor(page, "type-editor", "string");
    await setEditor(page, "value-editor", evil);
    await expectState("HTML in a string");
    await setEditor(page, "type-editor", "<script>window.__pwned=2</script>");
    await expectState("HTML in the type");
    const found = await page.evaluate(() => ({
      img: document.querySelectorAll("main img, main b, main script").length,
      pwned: window.__pwned ?? null,
    }));
    assertEq(found, { img: 0, pwned: null }, "no element made from user text");
  });

  await check("options: value format, nullable, sensitive and the variable name reach the engine", async () => {
    await setEditor(page, "type-editor", "list(string)");
    await setEditor(page, "value-editor", '["a","b"]');
    for (const f of ["hcl", "tfvars", "json", "cli"]) {
      await page.locator(tid("value-format")).selectOption(f);
      await expectState(`format ${f}`);
    }
    await page.locator(tid("value-format")).selectOption("json");
    // The editor's language follows the switch's answer (a rewrite by engine-full/): waited for.
    await until("JSON highlighting for JSON values", async () => {
      const language = await page.locator(`${tid("value-editor")} .cm-content`).getAttribute("data-language");
      return { done: language === "json", value: language };
    });
    await page.locator(tid("value-format")).selectOption("hcl");
    await setEditor(page, "type-editor", "number");
    await setEditor(page, "value-editor", '"x"');
    await page.locator(tid("var-name")).fill("image_id");
    const r = await expectState("named variable");
    if (!r.ok) assert(!r.detail.includes("var.v ") || r.detail.includes("var.image_id"), `detail uses the name: ${r.detail}`);
    await page.locator(tid("var-name")).fill("v");
    await setEditor(page, "type-editor", "string");
    await setEditor(page, "value-editor", "null");
    await page.locator(tid("nullable")).uncheck();
    await expectState("nullable = false, null");
    await page.locator(tid("nullable")).check();
    await setEditor(page, "value-editor", '"secret"');
    await page.locator(tid("sensitive")).check();
    await expectState("sensitive");
    await page.locator(tid("sensitive")).uncheck();
  });

  await check("switching the value format rewrites the value in that format; switching back gives the same result", async () => {
    await setEditor(page, "type-editor", "object({ name = string, ports = list(number), script = optional(string) })");
    await setEditor(page, "value-editor", '{ name = "web", ports = [80, 443], script = "echo hi\\necho there\\n", big = 123456789012345678901234567890.5 }');
    const want = await expectState("before switching");
    const seen = {};
    for (const [f, looks] of [["json", '"name": "web"'], ["cli", "{ big = 123456789012345678901234567890.5,"], ["tfvars", "<<EOT"], ["hcl", 'name   = "web"']]) {
      await page.locator(tid("value-format")).selectOption(f);
      await until(`the value rewritten as ${f}`, async () => {
        const value = await editorText(page, "value-editor");
        return { done: value.includes(looks), value };
      });
      const r = await expectState(`format ${f}`);
      assert(JSON.stringify(r) === JSON.stringify(want), `${f}: ${JSON.stringify(r)} != ${JSON.stringify(want)}`);
      seen[f] = await editorText(page, "value-editor");
    }
    figures.push(`format switch: ${Object.keys(seen).join(" → ")} kept the result`);
    // A value with no .tfvars form stays as it is, and the page says why.
    await setEditor(page, "type-editor", "any");
    await setEditor(page, "value-editor", 'tolist(["a"])');
    await page.locator(tid("value-format")).selectOption("tfvars");
    await waitFor(page, "notice", (t) => t.includes("tolist"), "a notice naming tolist");
    assert((await editorText(page, "value-editor")) === 'tolist(["a"])', "the text is kept");
    await page.locator(tid("notice")).locator("button").click();
    await page.locator(tid("value-format")).selectOption("hcl");
    await waitFor(page, "notice", (t) => t.includes("cannot be read"), "a notice: a .tfvars text with a call cannot be read");
    await page.locator(tid("notice")).locator("button").click();
  });

  await check("a notice belongs to the state that caused it; HCL to .tfvars keeps comments and key order, other switches say what they lose", async () => {
    const noticeText = async () => ((await page.locator(tid("notice")).count()) > 0 ? await page.locator(tid("notice")).textContent() : null);
    const gone = (what) =>
      until(what, async () => {
        const t = await noticeText();
        return { done: t === null, value: t };
      });
    await page.locator(tid("value-format")).selectOption("hcl");
    await setEditor(page, "type-editor", "any");
    await setEditor(page, "value-editor", 'tolist(["a"])');
    await page.locator(tid("value-format")).selectOption("tfvars");
    await waitFor(page, "notice", (t) => t.includes("tolist"), "the refused switch's notice");
    // An edit: the notice was about the text before it.
    await placeCursor(page, "value-editor", 'tolist(["a"'.length);
    await page.keyboard.type(', "b"');
    await gone("the notice to go with the text it was about");
    await expectState("after the edit");
    // (The text is read as .tfvars now.) Back to HCL is refused too: a .tfvars text with a call
    // cannot be read. Then a new value, and a switch that works: no word of a refusal stays.
    await page.locator(tid("value-format")).selectOption("hcl");
    await waitFor(page, "notice", (t) => t.includes("cannot be read"), "the refusal to go back to HCL");
    await setEditor(page, "value-editor", '["a", "b"]');
    await gone("the notice to go when the value is replaced");
    await page.locator(tid("value-format")).selectOption("json");
    await until("the value as JSON", async () => {
      const v = await editorText(page, "value-editor");
      return { done: v.includes('"a"') && (await page.locator(tid("value-format")).inputValue()) === "json", value: v };
    });
    const r = await expectState("after a switch that works");
    assertEq([r.ok, await noticeText()], [true, null], "accepted, and no notice");
    // HCL to .tfvars: the text reads the same there, so it stays as written.
    await page.locator(tid("value-format")).selectOption("hcl");
    await setEditor(page, "type-editor", "object({ name = string, port = number })");
    const written = '{\n  # the service\n  port = 8080\n  name = "web" # its name\n}';
    await setEditor(page, "value-editor", written);
    await expectState("a commented object");
    await page.locator(tid("value-format")).selectOption("tfvars");
    await until("the switch to .tfvars", async () => {
      const f = await page.locator(tid("value-format")).inputValue();
      return { done: f === "tfvars", value: f };
    });
    await page.waitForTimeout(300);
    assertEq([await editorText(page, "value-editor"), await noticeText()], [written, null], "the text as written, no notice");
    // To JSON: written from the value; the notice says what the text lost.
    await page.locator(tid("value-format")).selectOption("json");
    const lost = await waitFor(page, "notice", (t) => t.includes("comments are gone") && t.includes("sorted by name"), "what the JSON text lost");
    assert(lost.includes("JSON") || lost.includes(".tfvars.json"), `the notice names the format: ${lost}`);
    const json = await editorText(page, "value-editor");
    assert(json.indexOf('"name"') < json.indexOf('"port"'), `keys in name order: ${json}`);
    await expectState("as JSON");
    await page.screenshot({ path: join(OUT, "format-lost.png") });
    // The next edit takes that notice away too.
    await placeCursor(page, "value-editor", json.indexOf("8080") + 4);
    await page.keyboard.type("1");
    await gone("the notice to go with the next edit");
    await page.locator(tid("value-format")).selectOption("hcl");
    await until("back to HCL", async () => {
      const f = await page.locator(tid("value-format")).inputValue();
      return { done: f === "hcl" && !(await editorText(page, "value-editor")).includes('"name":'), value: f };
    });
  });

  await check("Copy as: every form, as given and converted, is what `tftype eval --emit` writes", async () => {
    const type = "object({ name = string, port = optional(number, 80) })";
    const value = '{ name = "web", prot = 8080 }';
    await setEditor(page, "type-editor", type);
    await setEditor(page, "value-editor", value);
    await expectState("copy-as input");
    await page.locator(tid("copy-as")).click();
    const kinds = ["tfvars", "tfvars-json", "var-bash", "var-powershell", "env-bash", "env-powershell", "module-arg", "variable-block"];
    await until("eight forms", async () => {
      const value = await page.locator(tid("copy-as-item")).count();
      return { done: value === 8, value };
    });
    for (const converted of [false, true]) {
      if (converted) await page.locator(tid("copy-as-converted")).check();
      for (const kind of kinds) {
        const want = spawnSync(CLI, ["eval", type, value, "--emit", kind, ...(converted ? ["--converted"] : [])], { encoding: "utf8" }).stdout;
        await page.locator(`${tid("copy-as-item")}[data-kind="${kind}"]`).click();
        await until(`${kind} shown as the CLI writes it`, async () => {
          const pre = page.locator(`${tid("copy-as-preview")}[data-kind="${kind}"]`);
          const value = (await pre.count()) === 1 ? await pre.textContent() : null;
          return { done: value !== null && value.trimEnd() === want.trimEnd(), value };
        });
      }
    }
    const pre = await page.locator(tid("copy-as-preview")).textContent();
    assert(pre.includes("port") && pre.includes("80") && !pre.includes("prot"), `converted variable block: ${pre}`);
    await page.locator(`${tid("copy-as-item")}[data-kind="tfvars"]`).click();
    await page.screenshot({ path: join(OUT, "copy-as.png") });
    await page.keyboard.press("Escape");
    await until("menu closed", async () => {
      const value = await page.locator(tid("copy-as-item")).count();
      return { done: value === 0, value };
    });
    assert((await page.evaluate(() => document.activeElement?.dataset?.testid)) === "copy-as", "focus back on the button");
  });

  await check("the result tabs switch between console, JSON, type and explain (mouse and arrow keys)", async () => {
    await setEditor(page, "type-editor", "string");
    await setEditor(page, "value-editor", '"hello"');
    const r = await expectState("tabs");
    if (!r.ok) return; // nothing to show in tabs while the engine rejects this
    for (const t of ["json", "type", "explain", "console"]) {
      await page.locator(tid(`tab-${t}`)).click();
      assertEq(await page.locator(`#panel-${t}`).isVisible(), true, `${t} panel visible`);
    }
    await page.locator(tid("tab-console")).focus();
    await page.keyboard.press("ArrowRight");
    assertEq(await page.locator(tid("tab-json")).getAttribute("aria-selected"), "true", "ArrowRight selects JSON");
    assertEq(await page.evaluate(() => document.activeElement?.dataset.testid), "tab-json", "focus follows");
    // (The JSON text is asked for when its tab is first shown: it arrives with the next answer.)
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim().startsWith("{"), `[data-testid="result-json"]`, { timeout: TIMEOUT }).catch(() => {});
    const json = await page.locator(tid("result-json")).textContent();
    assert(json.trim().startsWith("{"), `JSON tab shows JSON: ${json}`);
    await page.keyboard.press("ArrowLeft");
  });

  await check("screenshot of a successful result", async () => {
    await setEditor(page, "type-editor", "map(object({ size = number, tags = optional(list(string), []) }))");
    await setEditor(page, "value-editor", '{\n  small = { size = "1" }\n  large = { size = 8, tags = ["x"] }\n}');
    await expectState("map(object(...))");
    await page.screenshot({ path: join(OUT, "app.png") });
  });

  await check("the result changed with the inputs (at least 4 different results seen)", async () => {
    if (seen.size < 4) throw new Error(`only ${seen.size} different results: ${[...seen].join("\n")}`);
  });
}
