// A whole variable block in the type editor: its rules run, failing rules are marked and told
// in the Why story, every version's errors, the Versions tab (the main page, and <tftype-example>).

import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { assert, assertEq, tid, until } from "../lib/harness.mjs";
import { chooseFlavor, readResult, setEditor } from "../lib/editor.mjs";

export async function run(t) {
  const { check, page, ctx, url: URL_, out: OUT, cli: CLI, defaultFlavor: DEFAULT_FLAVOR, watch } = t;

  await check("a whole variable block in the type editor: its rules run, a failing rule is marked in the block and named in the Why story (three languages, page and embed)", async () => {
    const block = 'variable "replicas" {\n  type        = number\n  description = "How many"\n  validation {\n    condition     = var.replicas >= 1 && var.replicas <= 5\n    error_message = "Replicas must be 1 to 5."\n  }\n}';
    const cond = "var.replicas >= 1 && var.replicas <= 5";
    // What `tftype eval` (which reads a block the same way) says for it.
    const cli = (value) => {
      const r = spawnSync(CLI, ["eval", block, value], { encoding: "utf8" });
      return r.status === 0 ? { ok: true, console: r.stdout.trim() } : { ok: false, text: r.stderr.trim() };
    };
    await page.locator(tid("lang-select")).selectOption("en");
    await setEditor(page, "type-editor", block);
    await setEditor(page, "value-editor", "9");
    const want = cli("9");
    assert(!want.ok && want.text.startsWith("Error: Invalid value for variable\n\nReplicas must be 1 to 5."), `the CLI: ${JSON.stringify(want)}`);
    const got = await until("the rule's verdict", async () => {
      const value = await readResult(page);
      return { done: value.ok === false && value.summary === "Invalid value for variable", value };
    });
    assertEq(`Error: ${got.summary}\n\n${got.detail}`, want.text, "the page says what `tftype eval` says");
    // The block sets the name, nullable and sensitive: the options say so and cannot be changed.
    assertEq(await page.locator(tid("var-name")).isDisabled(), true, "the name option is the block's");
    assertEq(await page.locator(tid("nullable")).isDisabled(), true, "nullable is the block's");
    assert((await page.locator(tid("options-from-block")).textContent()).includes("variable block"), "the options say the block sets them");
    const marks = await until("the failing rule marked in the block, the value in its editor", async () => {
      const value = await page.evaluate(() => ["type-editor", "value-editor"].map((id) => [...document.querySelectorAll(`[data-testid="${id}"] .cm-lintRange-error`)].map((e) => e.textContent).join("")));
      return { done: value[0].includes("var.replicas >= 1") && value[1] === "9", value };
    });
    assert(cond.startsWith(marks[0]) || marks[0].includes(cond), `the marked rule: ${JSON.stringify(marks)}`);
    await page.locator(tid("tab-explain")).click();
    for (const lang of ["en", "zh", "ja"]) {
      await page.locator(tid("lang-select")).selectOption(lang);
      const told = spawnSync(CLI, ["explain", block, "9", "--lang", lang], { encoding: "utf8" }).stdout.replaceAll("`", "");
      const steps = await until(`the ${lang} story of the block`, async () => {
        const value = await page.locator(tid("why-step")).evaluateAll((ls) => ls.map((l) => [l.dataset.kind, l.querySelector(".why-text")?.textContent ?? ""]));
        return { done: value.length >= 3 && value.at(-1)[0] === "check.block_failed" && value.every(([, t]) => told.includes(t.trim())), value };
      });
      assert(steps.at(-1)[1].includes("main.tf:4,3-13"), `the failed rule is named: ${steps.at(-1)[1]}`);
      const label = await page.locator(tid("status")).textContent();
      assert(!/validation rule rejects/.test(label) === (lang !== "en"), `${lang} verdict: ${label}`);
      await page.screenshot({ path: join(OUT, `block-rule-${lang}.png`), fullPage: true });
    }
    // Hovering the failed step shades the rule in the block.
    await page.locator(`${tid("why-step")}[data-kind="check.block_failed"]`).hover();
    await until("the rule shaded", async () => {
      const value = await page.evaluate(() => [...document.querySelectorAll(".cm-why-highlight")].map((e) => e.textContent).join(" "));
      return { done: value.includes("var.replicas >= 1"), value };
    });
    await page.locator(tid("lang-select")).selectOption("en");
    await page.evaluate(() => localStorage.removeItem("tftype.lang"));
    await setEditor(page, "value-editor", "3");
    await until("the value that passes", async () => {
      const value = await readResult(page);
      return { done: value.ok === true && value.console === cli("3").console, value };
    });
    await setEditor(page, "type-editor", "number");
    await until("the options back", async () => ({ done: !(await page.locator(tid("nullable")).isDisabled()) }));
    // <tftype-example> answers the same block the same way.
    const p = watch(await ctx.newPage(), "embed block");
    await p.goto(new URL("embed-demo.html", URL_).href);
    await p.waitForFunction(() => [...document.querySelectorAll("tftype-example")].every((e) => e.result));
    await p.evaluate((b) => {
      const e = document.createElement("tftype-example");
      e.id = "block";
      for (const [slot, text] of [["type", b], ["value", "9"]]) {
        const pre = document.createElement("pre");
        pre.slot = slot;
        pre.textContent = text;
        e.append(pre);
      }
      document.body.prepend(e);
    }, block);
    const r = await until("the element's answer", async () => {
      const value = await p.locator("#block").evaluate((e) => e.result ?? null);
      return { done: value !== null, value };
    });
    assertEq(`Error: ${r.summary}\n\n${r.detail}`, want.text, "the element says what `tftype eval` says");
    assertEq(await p.locator("#block .where mark").textContent(), "9", "the element marks the value");
    await p.locator("#block").screenshot({ path: join(OUT, "block-embed.png") });
    await p.close();
  });

  await check("a block with two failing rules: every error as the version reports it (Terraform each, OpenTofu 1.8 the first), a Why step per rule, the Versions tab compares the block, the block's name shown; a dropped attribute underlined", async () => {
    const block = 'variable "name" {\n  type = string\n  validation {\n    condition     = length(var.name) <= 5\n    error_message = "At most 5 characters."\n  }\n  validation {\n    condition     = can(regex("^[a-z]+$", var.name))\n    error_message = "Lower-case letters only."\n  }\n}';
    const value = '"Too-Long-Name"';
    const shown = () =>
      page.evaluate(() => {
        const box = document.querySelector('[data-testid="result-error"]');
        if (!box) return null;
        const first = `Error: ${box.querySelector('[data-testid="error-summary"]').textContent}\n\n${box.querySelector('[data-testid="error-detail"]').textContent}`;
        const more = [...box.querySelectorAll('[data-testid="error-more"]')].map((m) => `Error: ${m.querySelector("strong").textContent}\n\n${m.querySelector(".error-detail").textContent}`);
        return [first, ...more].join("\n\n");
      });
    await page.locator(tid("lang-select")).selectOption("en");
    await page.locator(tid("tab-console")).click();
    for (const flavor of [DEFAULT_FLAVOR, "opentofu@1.8"]) {
      await chooseFlavor(page, flavor);
      await setEditor(page, "type-editor", block);
      await setEditor(page, "value-editor", value);
      const want = spawnSync(CLI, ["eval", "--flavor", flavor, block, value], { encoding: "utf8" }).stderr.trim();
      assertEq(want.split("Error: Invalid value for variable").length - 1, flavor === "opentofu@1.8" ? 1 : 2, `${flavor}: the CLI's errors`);
      await until(`${flavor}: every error of the rules, as \`tftype eval\` prints them`, async () => {
        const got = await shown();
        return { done: got === want, value: got };
      });
      const marks = await until(`${flavor}: each failing rule marked in the block`, async () => {
        const m = await page.evaluate(() => [...document.querySelectorAll('[data-testid="type-editor"] .cm-lintRange-error')].map((e) => e.textContent).join("|"));
        return { done: m.includes("length(var.name)") && (flavor === "opentofu@1.8") !== m.includes("regex"), value: m };
      });
      assert(marks.includes("length(var.name) <= 5"), `${flavor}: ${marks}`);
    }
    // ux-5 M9: the block's name, not `v`.
    assertEq(await page.locator(tid("var-name")).inputValue(), "name", "the name field shows the block's name");
    // The Why story: one step per failing rule (Terraform), then the count.
    await chooseFlavor(page, DEFAULT_FLAVOR);
    await page.locator(tid("tab-explain")).click();
    const told = spawnSync(CLI, ["explain", block, value], { encoding: "utf8" }).stdout.replaceAll("`", "");
    await until("a Why step per failing rule", async () => {
      const steps = await page.locator(tid("why-step")).evaluateAll((ls) => ls.map((l) => [l.dataset.kind, l.querySelector(".why-text")?.textContent ?? ""]));
      const kinds = steps.map(([k]) => k).join();
      return { done: kinds.endsWith("check.explain_rule_fail,check.explain_rule_fail,check.block_failed_all") && steps.every(([, t]) => told.includes(t.trim())), value: steps };
    });
    // reliability-5 #5: the Versions tab answers the block as a block in every version.
    await page.locator(tid("tab-versions")).click();
    const groups = await until("the block compared across versions", async () => {
      const g = await page.locator(tid("version-group")).evaluateAll((els) => els.map((e) => e.textContent));
      return { done: g.length > 0 && g.every((t) => t.includes("At most 5 characters.")), value: g };
    });
    assert(!groups.some((t) => t.includes("Missing newline")), `no version reads the block as a type: ${groups.join(" / ")}`);
    await page.screenshot({ path: join(OUT, "block-rules-versions.png"), fullPage: true });
    // An accepted value: the console note names var.name.
    await page.locator(tid("tab-console")).click();
    await setEditor(page, "value-editor", '"abc"');
    await until("the console note names the block's variable", async () => {
      const note = await page.locator("#panel-console .panel-note").textContent().catch(() => "");
      return { done: note.includes("var.name"), value: note };
    });
    // ux-5 L18: a dropped attribute is underlined in the value editor (its note's place).
    await setEditor(page, "type-editor", "object({ tags = map(string) })");
    await setEditor(page, "value-editor", '{ tgas = { a = "b" } }');
    await until("the dropped attribute underlined as a note", async () => {
      const m = await page.evaluate(() => [...document.querySelectorAll('[data-testid="value-editor"] .cm-lintRange-info')].map((e) => e.textContent).join("|"));
      return { done: m.includes('a = "b"'), value: m };
    });
    await setEditor(page, "type-editor", "number");
    await setEditor(page, "value-editor", "1");
  });
}
