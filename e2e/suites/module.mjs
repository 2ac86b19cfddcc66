// The Module view: the example module as the CLI checks it, a failing environment, editing files
// and rows, share links, opening a variable in the one-variable view, screenshots, completion and
// hover in a file editor, tftype's notes marked and listed without a click, the hover when errors
// stopped the run, opening a folder with an installed module, a module of 5,000 variables.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assert, assertEq, tid, until, waitFor } from "../lib/harness.mjs";
import { completionList, hoverPos, linkState, pageState } from "../lib/editor.mjs";
import { bigModule, moduleHelpers } from "../lib/module.mjs";

export async function run(t) {
  const { check, ctx, url: URL_, out: OUT, cli: CLI, watch, expectNative } = t;
  const { vpc, moduleLink, vpcDoc, nativeCheck, cliCheckJson, openModule, moduleVars, moduleChecked, expectVarsAsNative } = moduleHelpers(t);

  await check("module view: the example module, every variable as the CLI checks it", async () => {
    const p = watch(await ctx.newPage(), "module example");
    const wasm = [];
    p.on("request", (r) => r.url().includes("engine_module") && wasm.push(r.url()));
    await p.goto(URL_);
    await p.waitForSelector(`${tid("value-editor")} .cm-content`);
    await p.waitForTimeout(300);
    assertEq(wasm, [], "the module engine is not fetched before the Module view opens");
    await p.locator(tid("view-module")).click();
    await moduleChecked(p, (s) => s.startsWith("✓"), "the example module to be checked");
    assert(wasm.some((u) => /engine_module(-[0-9a-f]+)?_bg\.wasm$/.test(u)), "the module engine is fetched when the view opens");
    assertEq(await p.locator(tid("view-module")).getAttribute("aria-pressed"), "true", "the Module button is pressed");
    assert(!(await p.locator(tid("value-editor")).isVisible()), "the one-variable view is hidden");
    assert((await p.locator(tid("module-lesson")).textContent()).includes("VPC"), "the example's lesson");
    const tabs = await p.locator(tid("module-tab")).evaluateAll((ts) => ts.map((t) => t.dataset.file));
    assertEq(tabs, vpc.files.map((f) => f.name), "one tab per file");
    // (A page opened without a link checks as the version chosen last.)
    const flavor = await p.locator(tid("flavor-select")).first().inputValue();
    expectVarsAsNative(await moduleVars(p), nativeCheck(vpcDoc("envs/dev.tfvars"), flavor), "dev");
    // A variable chosen shows its console text, JSON and type as the CLI gives them.
    const native = nativeCheck(vpcDoc("envs/dev.tfvars"), flavor).variables.private_subnets;
    await p.locator(`${tid("module-var")}[data-name="private_subnets"] button`).click();
    await until("the chosen variable", async () => ({ done: (await p.locator(tid("module-detail-name")).textContent()) === "var.private_subnets" }));
    assertEq(await p.locator(tid("module-console")).textContent(), native.console, "console text");
    await p.locator(tid("mtab-type")).click();
    assertEq(await p.locator(tid("module-type")).textContent(), native.type, "type");
    await p.locator(tid("mtab-json")).click();
    assertEq(JSON.parse(await p.locator(tid("module-json")).textContent()), native.json, "JSON");
    await p.screenshot({ path: join(OUT, "module-dev.png"), fullPage: true });
    await p.close();
  });

  await check("module view: a failing environment is marked in its file, the variable list says which", async () => {
    const p = await openModule(new URL(moduleLink(vpcDoc("envs/dev.tfvars")), URL_).href, "module prod");
    await moduleChecked(p, (s) => s.startsWith("✓"), "dev to pass");
    // The environment is chosen in the -var-file row.
    await p.locator(tid("module-row-arg")).fill("envs/prod.tfvars");
    await moduleChecked(p, (s) => s.startsWith("✗"), "prod to fail");
    const native = nativeCheck(vpcDoc("envs/prod.tfvars"));
    assertEq(native.ok, false, "the CLI fails prod too");
    const rows = await moduleVars(p);
    expectVarsAsNative(rows, native, "prod");
    const bad = rows.filter((r) => r.status !== "ok").map((r) => [r.name, r.status, r.label]);
    assertEq(bad, [["private_subnets", "failed", "✗ does not match the type"]], "the failing variable");
    assertEq(rows.find((r) => r.name === "single_nat_gateway").source, "default", "a default's source");
    // Only the prod file's tab counts a problem, and only its editor underlines one.
    const counts = await p.locator(`${tid("module-tab")}`).evaluateAll((ts) =>
      ts.map((t) => [t.dataset.file, t.querySelector('[data-testid="module-tab-count"]')?.textContent ?? ""]),
    );
    assertEq(counts, vpc.files.map((f) => [f.name, f.name === "envs/prod.tfvars" ? "1" : ""]), "problems per tab");
    const d = native.diagnostics[0];
    const editor = `${tid("module-editor")}[data-file="envs/prod.tfvars"]`;
    await p.locator(`${tid("module-tab")}[data-file="envs/prod.tfvars"]`).click();
    await until("the underline in envs/prod.tfvars", async () => {
      const n = await p.locator(`${editor} .cm-lintRange-error`).count();
      return { done: n > 0, value: n };
    });
    for (const f of vpc.files.filter((f) => f.name !== "envs/prod.tfvars")) {
      assertEq(await p.locator(`${tid("module-editor")}[data-file="${f.name}"] .cm-lintRange-error`).count(), 0, `no underline in ${f.name}`);
    }
    // The problem's place selects exactly the range the CLI names (the file is ASCII: bytes are
    // UTF-16 offsets).
    const problems = await p.locator(tid("module-problem")).count();
    assertEq(problems, native.diagnostics.length, "one problem per diagnostic");
    await p.locator(tid("module-problem-place")).first().click();
    const sel = await p.evaluate((sel) => {
      const v = document.querySelector(sel).tftypeEditor;
      return [v.state.selection.main.from, v.state.selection.main.to];
    }, editor);
    // (Where the CLI names the part of the value that fails, the mark is on that part.)
    const marked = d.part ? d.part.range : d.subject;
    assertEq(sel, [marked.start.byte, marked.end.byte], "the problem's range");
    // The hover message is the CLI's.
    await p.locator(`${editor} .cm-lintRange-error`).first().hover();
    const tip = await until("the hover message", async () => {
      const t = p.locator(".cm-tooltip-lint");
      return { done: (await t.count()) > 0, value: (await t.count()) > 0 ? await t.first().textContent() : null };
    });
    assert(tip.includes(d.summary) && tip.includes(d.detail), `tooltip ${tip}`);
    await p.mouse.move(0, 0);
    // The failed variable is shown first, with the CLI's message; its story shades the element
    // that fails in envs/prod.tfvars.
    assertEq(await p.locator(tid("module-detail-name")).textContent(), "var.private_subnets", "the failed variable is shown");
    assertEq(await p.locator(tid("module-error-summary")).textContent(), d.summary, "the error");
    // The part that fails, as the CLI prints it after the error (ux-5 L16): under the problem and
    // in the variable's error.
    assert(d.part?.name, `the CLI names the part that fails: ${JSON.stringify(d.part)}`);
    const partLine = `The part that fails: ${d.part.name}`;
    assertEq(await p.locator(tid("module-problem-part")).allTextContents(), [partLine], "the problem's part");
    assertEq(await p.locator(tid("module-error-part")).textContent(), partLine, "the error's part");
    await p.locator(tid("mtab-why")).click();
    const step = p.locator(`${tid("module-detail")} [data-testid="why-step"]`).filter({ hasText: "[2].nat_gateway" }).first();
    await step.hover();
    const shaded = await until("the story's shading in envs/prod.tfvars", async () => {
      const t = await p.locator(`${editor} .cm-why-highlight`).allTextContents();
      return { done: t.length > 0, value: t };
    });
    assertEq(shaded.join(""), '"yes"', "the shaded part of the value");
    // A file's long lines wrap: the editor never scrolls sideways to a mark, hiding the start
    // of every line (issue #27).
    const sideways = await p.evaluate((sel) => document.querySelector(sel).tftypeEditor.scrollDOM.scrollLeft, editor);
    assertEq(sideways, 0, "the file editor's sideways scroll after selecting and shading far to the right");
    await p.screenshot({ path: join(OUT, "module-prod.png"), fullPage: true });
    await p.close();
  });

  await check("module view: add, rename and remove files; -var, -var-file and TF_VAR_ rows; validation rules", async () => {
    const p = await openModule(new URL(moduleLink(vpcDoc("envs/staging.tfvars")), URL_).href, "module edit");
    await moduleChecked(p, (s) => s.startsWith("✓"), "staging to pass");
    const source = async (name) => (await moduleVars(p)).find((r) => r.name === name)?.source;
    const settle = (name, want) => until(`${name}'s source to be ${want}`, async () => ({ done: (await source(name)) === want, value: await source(name) }));
    // A new file, renamed to an automatic one, sets a value.
    await p.locator(tid("module-add-file")).click();
    assertEq(await p.locator(tid("module-file-name")).inputValue(), "new.tfvars", "the new file's name");
    await p.locator(tid("module-file-name")).fill("../x.tfvars");
    await p.locator(tid("module-file-name")).press("Enter");
    assert((await p.locator(tid("module-name-error")).textContent()).includes("envs/prod.tfvars"), "a bad name is refused with a reason");
    await p.locator(tid("module-file-name")).fill("terraform.tfvars");
    await p.locator(tid("module-file-name")).press("Enter");
    assert((await p.locator(tid("module-name-error")).textContent()).includes("terraform.tfvars"), "a taken name is refused");
    await p.locator(tid("module-file-name")).fill("extra.auto.tfvars");
    await p.locator(tid("module-file-name")).press("Enter");
    assertEq(await p.locator(tid("module-name-error")).count(), 0, "the name is taken");
    await p.locator(`${tid("module-editor")}[data-file="extra.auto.tfvars"] .cm-content`).click();
    await p.keyboard.insertText("single_nat_gateway = true\n");
    await settle("single_nat_gateway", "extra.auto.tfvars, line 1");
    // Removing it brings the default back.
    await p.locator(tid("module-remove-file")).click();
    await settle("single_nat_gateway", "default");
    assertEq(await p.locator(`${tid("module-tab")}[data-file="extra.auto.tfvars"]`).count(), 0, "the tab is gone");
    // TF_VAR_ then -var: the command line wins.
    await p.locator(tid("module-add-row")).click();
    const env = p.locator(tid("module-row")).nth(1);
    await env.locator(tid("module-row-kind")).selectOption("env");
    await env.locator(tid("module-row-arg")).fill("single_nat_gateway");
    await env.locator(tid("module-row-value")).fill("true");
    await settle("single_nat_gateway", "TF_VAR_single_nat_gateway");
    await p.locator(tid("module-add-row")).click();
    await p.locator(tid("module-row")).nth(2).locator(tid("module-row-arg")).fill("name=Shop");
    await moduleChecked(p, (s) => s.startsWith("✗"), "the name rule to fail");
    const doc = {
      ...vpcDoc("envs/staging.tfvars"),
      rows: [
        { kind: "var_file", arg: "envs/staging.tfvars" },
        { kind: "env", arg: "single_nat_gateway", value: "true" },
        { kind: "var", arg: "name=Shop" },
      ],
    };
    const native = nativeCheck(doc);
    assertEq(native.variables.name.validations?.[0]?.result, "fail", "the CLI fails the rule");
    const rows = await moduleVars(p);
    assertEq(rows.find((r) => r.name === "single_nat_gateway").source, "TF_VAR_single_nat_gateway", "the environment's value");
    assertEq(rows.find((r) => r.name === "name").status, "rule_failed", "a failed rule fails its variable");
    assertEq(rows.find((r) => r.name === "name").source, "-var", "the -var's value");
    await p.locator(`${tid("module-var")}[data-name="name"] button`).click();
    await p.locator(tid("mtab-rules")).click();
    const rule = p.locator(tid("module-rule")).first();
    assertEq(await rule.getAttribute("data-result"), "fail", "the rule's result");
    assert((await rule.textContent()).includes(native.variables.name.validations[0].error_message), "the rule's message");
    // Every problem of the CLI is listed.
    const summaries = await p.locator(`${tid("module-problem")} strong`).allTextContents();
    assertEq(summaries, native.diagnostics.map((x) => x.summary), "the problems");
    await p.close();
  });

  await check("module view: a share link carries every file and row, and opens the Module view", async () => {
    const p = await openModule(new URL(moduleLink(vpcDoc("envs/dev.tfvars")), URL_).href, "module share");
    await moduleChecked(p, (s) => s.startsWith("✓"), "dev to pass");
    await p.locator(`${tid("module-tab")}[data-file="terraform.tfvars"]`).click();
    await p.locator(`${tid("module-editor")}[data-file="terraform.tfvars"] .cm-content`).click();
    await p.keyboard.press("Control+End");
    await p.keyboard.insertText("\n# ünïcödé 🙂\n");
    await p.locator(tid("module-add-row")).click();
    await p.locator(tid("module-row")).nth(1).locator(tid("module-row-arg")).fill("azs=7");
    await moduleChecked(p, (s) => s.startsWith("✗"), "the edit to fail");
    await p.locator(tid("share")).click();
    // The page was opened with a link: the new one is there once the copy is confirmed.
    await waitFor(p, "share-status", (t) => t.includes("Link copied"), "the copy confirmation");
    const link = await p.evaluate(() => location.hash);
    assert(link.startsWith("#v1."), `the share link: ${link}`);
    const texts = async (q) => q.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid="module-editor"]')].map((e) => [e.dataset.file, e.tftypeEditor.state.doc.toString()])));
    const rowsOf = async (q) => q.evaluate(() => [...document.querySelectorAll('[data-testid="module-row"]')].map((r) => [r.dataset.kind, r.querySelector('[data-testid="module-row-arg"]').value]));
    const before = { texts: await texts(p), rows: await rowsOf(p), vars: await moduleVars(p) };
    const q = await openModule(new URL(link, URL_).href, "module share reopened");
    await moduleChecked(q, (s) => s.startsWith("✗"), "the reopened module to fail");
    const after = { texts: await texts(q), rows: await rowsOf(q), vars: await moduleVars(q) };
    assertEq(after, before, "files, rows and results after the round trip");
    assert(after.texts["terraform.tfvars"].includes("ünïcödé"), "non-ASCII text survives");
    assertEq(await q.locator(tid("view-module")).getAttribute("aria-pressed"), "true", "the link opens the Module view");
    // Back to one variable: the single-variable state of the link is there too.
    await q.locator(tid("view-variable")).click();
    assert(await q.locator(tid("value-editor")).isVisible(), "the one-variable view");
    await p.close();
    await q.close();
  });

  await check("module view: a variable opens in the one-variable view (a new tab) with its type and value", async () => {
    const p = await openModule(new URL(moduleLink(vpcDoc("envs/prod.tfvars")), URL_).href, "module open single");
    await moduleChecked(p, (s) => s.startsWith("✗"), "prod to fail");
    const [q] = await Promise.all([p.context().waitForEvent("page"), p.locator(tid("module-open-single")).click()]);
    watch(q, "module open single: the new tab");
    await q.waitForSelector(`${tid("value-editor")} .cm-content`);
    const st = await pageState(q);
    assertEq([st.format, st.name], ["tfvars", "private_subnets"], "the value's format and the name");
    assert(st.type.startsWith("list(object({") && st.value.includes('nat_gateway = "yes"'), "the type and the value from the files");
    await expectNative(q, "a module's variable in the one-variable view");
    assert(await p.locator(tid("module-view")).isVisible(), "the Module view stays as it was");
    await q.close();
    await p.close();
  });

  await check("module view: phone layout, dark mode, three languages (screenshots)", async () => {
    const url = new URL(moduleLink(vpcDoc("envs/prod.tfvars", { var: "private_subnets" })), URL_);
    for (const lang of ["en", "zh", "ja"]) {
      url.search = new URLSearchParams({ lang }).toString();
      for (const [w, h, dev] of [[1280, 900, "desktop"], [390, 844, "phone"]]) {
        for (const scheme of ["light", "dark"]) {
          const q = await openModule(url.href, `module ${lang} ${dev} ${scheme}`, { viewport: { width: w, height: h }, colorScheme: scheme });
          await moduleChecked(q, (s) => s.startsWith("✗"), `${lang} ${dev} ${scheme}`);
          await q.locator(tid("mtab-why")).click();
          await q.waitForSelector(`${tid("module-detail")} [data-testid="why-step"]`);
          // Nothing is wider than the screen.
          const wide = await q.evaluate(() => document.documentElement.scrollWidth);
          assert(wide <= w, `${lang} ${dev} ${scheme}: the page is ${wide} px wide`);
          // No tab label is covered by a shade at the ends of the (wrapped) tab strip, and the
          // strip paints nothing light in dark mode.
          const strip = await q.locator(tid("module-tabs")).evaluate((s) => {
            const bg = getComputedStyle(s).backgroundImage;
            const r = s.getBoundingClientRect();
            const fade = bg === "none" ? 0 : 1.5 * parseFloat(getComputedStyle(document.documentElement).fontSize);
            const covered = [...s.querySelectorAll('[role="tab"]')]
              .map((t) => [t.dataset.file, t.getBoundingClientRect()])
              .filter(([, b]) => fade > 0 && (b.left < r.left + fade || b.right > r.right - fade))
              .map(([f]) => f);
            return { bg, covered };
          });
          assertEq(strip.covered, [], `${lang} ${dev} ${scheme}: tabs under a shade (${strip.bg})`);
          if (scheme === "dark") assert(!strip.bg.includes("rgb(255, 255, 255)"), `dark: the tab strip paints white: ${strip.bg}`);
          // The verdict is seen before the files: above the file editor on a phone (ux-5 L12),
          // at the top of the right column on a desktop, the problems right under it.
          const at = await q.evaluate(() => {
            const box = (el) => el.getBoundingClientRect();
            const editor = [...document.querySelectorAll('[data-testid="module-editor"]')].find((e) => e.offsetParent !== null);
            const verdict = box(document.querySelector('[data-testid="module-status"]').closest(".mod-head"));
            return {
              verdict: { top: verdict.top, bottom: verdict.bottom, left: verdict.left },
              editor: { top: box(editor).top, right: box(editor).right },
              problems: box(document.querySelector('[data-testid="module-problems"]')).top,
            };
          });
          if (dev === "phone") {
            assert(at.verdict.bottom <= at.editor.top, `${lang} phone ${scheme}: the verdict (${at.verdict.top}–${at.verdict.bottom}) is not above the file editor (${at.editor.top})`);
          } else {
            assert(at.verdict.left >= at.editor.right && at.verdict.top <= at.editor.top, `${lang} desktop ${scheme}: the verdict is not beside the files: ${JSON.stringify(at)}`);
            assert(at.problems - at.verdict.bottom < 24, `${lang} desktop ${scheme}: a gap between the verdict and the problems: ${JSON.stringify(at)}`);
          }
          const words = await q.locator(tid("module-problems")).locator("h3").textContent();
          assertEq(words, { en: "Problems", zh: "问题", ja: "問題" }[lang], `${lang}: the catalog's words`);
          await q.screenshot({ path: join(OUT, `module-${lang}-${dev}-${scheme}.png`), fullPage: true });
          await q.close();
        }
      }
    }
  });

  await check("module view: a file editor completes variable names and attributes, and shows a variable's type on hover, as the language server does", async () => {
    const p = await openModule(new URL(moduleLink(vpcDoc("envs/dev.tfvars", { open: "envs/dev.tfvars" })), URL_).href, "module assist");
    await moduleChecked(p, (s) => s.startsWith("✓"), "dev to pass");
    const editor = `${tid("module-editor")}[data-file="envs/dev.tfvars"]`;
    const text = () => p.evaluate((sel) => document.querySelector(sel).tftypeEditor.state.doc.toString(), editor);
    const dev = vpc.files.find((f) => f.name === "envs/dev.tfvars").text;
    // At the end of the file: the variables this file does not set yet, required first.
    await p.locator(`${editor} .cm-content`).click();
    await p.keyboard.press("Control+End");
    assertEq(await completionList(p), ["name", "azs", "public_subnets", "flow_logs", "tags"], "the unset variables, required first");
    const details = await p.locator(`${tid("completions")} li span`).allTextContents();
    assertEq(details.slice(0, 2), ["string", "list(string)"], "each variable's type as written");
    assertEq(await p.locator(`${tid("completions")} li`).nth(1).getAttribute("title"), "Availability zones to spread the subnets over.", "its description");
    await p.keyboard.press("Escape");
    // Typing a name's first letters narrows the list; Enter writes `NAME = `.
    await p.keyboard.type("fl");
    assertEq(await until("the list after typing", async () => {
      const got = await p.locator(`${tid("completions")} li b`).allTextContents();
      return { done: got.length === 1, value: got };
    }), ["flow_logs"], "what starts with fl");
    await p.screenshot({ path: join(OUT, "module-completion.png") });
    await p.keyboard.press("Enter");
    assertEq(await text(), `${dev}flow_logs = `, "the chosen name inserted");
    // Inside the object: its attributes not written yet.
    await p.keyboard.type("{ ");
    await p.keyboard.press("Control+Space");
    assertEq(await until("the attributes", async () => {
      const got = await p.locator(`${tid("completions")} li b`).allTextContents();
      return { done: got.length > 0, value: got };
    }), ["destination", "retention_days", "traffic_type"], "the object's attributes");
    assertEq(await p.locator(`${tid("completions")} li span`).first().textContent(), 'optional(string, "cloud-watch-logs")', "an attribute's type and default");
    await p.keyboard.press("Escape");
    // Hover on a variable's name: its declaration (type as written, description) and the value that wins.
    await hoverPos(p, editor, 2);
    const hover = await until("the variable's hover", async () => {
      const t = p.locator(`${editor} .cm-tftype-hover`);
      const value = (await t.count()) > 0 ? await t.first().textContent() : null;
      return { done: value !== null && value.includes("var.cidr_block"), value };
    });
    assert(hover.startsWith("var.cidr_block string"), `the hover names the variable and its type: ${JSON.stringify(hover)}`);
    assert(hover.includes("The VPC's IPv4 address range.") && hover.includes("envs/dev.tfvars:1,") && hover.includes('"10.10.0.0/16"'), `the description and the value that wins: ${JSON.stringify(hover)}`);
    assertEq(await p.locator(`${editor} .cm-tftype-hover pre`).first().textContent(), '"10.10.0.0/16"', "the value, as console prints it, as code");
    await p.screenshot({ path: join(OUT, "module-hover.png") });
    // Hover on an attribute: its type, required.
    await p.mouse.move(0, 0);
    const cidr = dev.indexOf("cidr =");
    await hoverPos(p, editor, cidr + 1);
    const attr = await until("the attribute's hover", async () => {
      const t = p.locator(`${editor} .cm-tftype-hover`);
      const value = (await t.count()) > 0 ? await t.first().textContent() : null;
      return { done: value !== null && value.startsWith("cidr"), value };
    });
    assertEq(attr, "cidr: string — required", "the attribute's hover");
    await p.close();
  });

  // ux-5 H1 (the Module view's side): a typo in an optional attribute is dropped without a word
  // by Terraform, so the module passes; tftype's note on it must be seen without clicking the
  // variable: a dotted mark on the attribute in the value file's editor, and an entry under
  // Problems marked as tftype's note (not Terraform's), in the CLI's words (`tftype check
  // --format json`'s notes), with the "did you mean".
  await check("module view: tftype's note on a misspelled optional attribute is marked in its file and listed under Problems as tftype's, without a click, in the CLI's words", async () => {
    const doc = {
      files: [
        { name: "variables.tf", text: 'variable "server" {\n  type = object({\n    name = optional(string)\n    size = number\n  })\n}\n' },
        { name: "terraform.tfvars", text: 'server = {\n  nmae = "web"\n  size = 2\n}\n' },
      ],
      rows: [],
      open: "terraform.tfvars",
      shown: true,
    };
    const native = cliCheckJson(doc);
    assertEq([native.valid, native.diagnostics.length, native.notes.length], [true, 0, 1], "the CLI: the module passes, with one note");
    const note = native.notes[0];
    assert(/Did you mean `name`\?/.test(note.text), `the CLI's note has the suggestion: ${note.text}`);
    const p = await openModule(new URL(moduleLink(doc), URL_).href, "module note");
    await moduleChecked(p, (s) => s.startsWith("✓"), "the module to pass");
    // No click: the value file's editor (open from the link) marks the note with the dotted
    // info underline, exactly on the range the CLI names, and nothing as an error or warning.
    const editor = `${tid("module-editor")}[data-file="terraform.tfvars"]`;
    const marked = await until("the note's mark in terraform.tfvars", async () => {
      const t = await p.locator(`${editor} .cm-lintRange-info`).allTextContents();
      return { done: t.length > 0, value: t };
    });
    const text = doc.files[1].text;
    assertEq(marked.join(""), text.slice(note.range.start.byte, note.range.end.byte), "the marked text is the note's range");
    assertEq(marked.join(""), 'nmae = "web"', "the misspelled attribute is marked");
    const deco = await p.locator(`${editor} .cm-lintRange-info`).first().evaluate((e) => getComputedStyle(e).textDecorationStyle);
    assertEq(deco, "dotted", "the note's mark is dotted");
    assertEq(await p.locator(`${editor} .cm-lintRange-error, ${editor} .cm-lintRange-warning`).count(), 0, "no error or warning mark");
    // Under Problems: no diagnostic of Terraform's, one entry marked as tftype's note.
    assertEq(await p.locator(tid("module-problem")).count(), 0, "no Terraform diagnostic listed");
    assertEq(await p.locator(tid("module-no-problems")).count(), 0, "Problems does not say there are none");
    const listed = await p.locator(tid("module-note")).evaluateAll((ns) =>
      ns.map((n) => ({
        classes: [...n.classList].filter((c) => ["err", "warn", "note"].includes(c)),
        word: n.querySelector(".note-word")?.textContent ?? null,
        warningWord: n.querySelector(".warning-word, .error-word")?.textContent ?? null,
        summary: n.querySelector("strong").textContent,
        place: n.querySelector('[data-testid="module-problem-place"]')?.textContent ?? "",
      })),
    );
    const en = JSON.parse(readFileSync("core/i18n/en.json", "utf8"));
    const r = note.range;
    assertEq(
      listed,
      [{ classes: ["note"], word: en["ui.note_word"], warningWord: null, summary: note.text, place: `${r.filename}, line ${r.start.line}, column ${r.start.column}` }],
      "the note under Problems, as tftype's, in the CLI's words",
    );
    assert(listed[0].summary.includes("Did you mean `name`?"), `the listed note has the suggestion: ${listed[0].summary}`);
    // Drawn in the note's colour, not an error's: its bar is the colour of its "tftype note" word.
    const colours = await p.locator(tid("module-note")).first().evaluate((n) => ({
      bar: getComputedStyle(n).borderLeftColor,
      word: getComputedStyle(n.querySelector(".note-word")).color,
    }));
    assertEq(colours.bar, colours.word, "the note's bar has the note's colour");
    // The variable itself is accepted, as Terraform accepts it.
    assertEq((await moduleVars(p)).map((v) => [v.name, v.status]), [["server", "ok"]], "the variable is accepted");
    // The mark's tooltip is the note too.
    await p.locator(`${editor} .cm-lintRange-info`).first().hover();
    const tip = await until("the mark's tooltip", async () => {
      const t = p.locator(".cm-tooltip-lint");
      return { done: (await t.count()) > 0, value: (await t.count()) > 0 ? await t.first().textContent() : null };
    });
    assert(tip.includes(note.text), `the tooltip is the note: ${tip}`);
    await p.mouse.move(0, 0);
    await p.screenshot({ path: join(OUT, "module-note.png"), fullPage: true });
    await p.close();
  });

  // ux-5 L17: one duplicated attribute line in the value file ("Attribute redefined") stops the
  // run before any variable is evaluated (faithful to Terraform); a hover on a variable the file
  // sets must then not claim a final value (its default, null): it says the run stopped, in the
  // catalog's words (core/src/assist/mod.rs's
  // hover_claims_no_final_value_when_errors_stopped_the_run_before_the_variables).
  await check("module view: a hover claims no final value when an error stopped the run before the variables", async () => {
    const doc = {
      files: [
        { name: "variables.tf", text: 'variable "region" {\n  type        = string\n  description = "Where it runs."\n}\n\nvariable "size" {\n  type    = number\n  default = 1\n}\n' },
        { name: "terraform.tfvars", text: 'region = "eu-west-1"\nsize   = 2\nsize   = 3\n' },
      ],
      rows: [],
      open: "terraform.tfvars",
      shown: true,
    };
    const native = nativeCheck(doc);
    assertEq(native.diagnostics.map((d) => d.summary), ["Attribute redefined"], "the CLI's diagnostics");
    const p = await openModule(new URL(moduleLink(doc), URL_).href, "module stopped hover");
    await moduleChecked(p, (s) => s.startsWith("✗"), "the module to fail");
    const rows = await moduleVars(p);
    expectVarsAsNative(rows, native, "stopped");
    assertEq(rows.map((r) => r.status), ["skipped", "skipped"], "no variable evaluated");
    // (The editor's completion and hover are loaded when it is first focused.)
    const editor = `${tid("module-editor")}[data-file="terraform.tfvars"]`;
    await p.locator(`${editor} .cm-content`).click();
    await p.keyboard.press("Control+End");
    // (The mouse comes again now and then until the hover answers: a move before the hover's
    // code is loaded asks nothing.)
    let moved = 0;
    const hover = await until("the hover on region", async () => {
      const t = p.locator(`${editor} .cm-tftype-hover`);
      const value = (await t.count()) > 0 ? await t.first().textContent() : null;
      if (value === null && Date.now() - moved > 1500) {
        await hoverPos(p, editor, 2);
        moved = Date.now();
      }
      return { done: value !== null && value.includes("var.region"), value };
    }, 30_000);
    const en = JSON.parse(readFileSync("core/i18n/en.json", "utf8"));
    assert(hover.startsWith("var.region string"), `the hover names the variable and its type: ${JSON.stringify(hover)}`);
    assert(hover.includes("Where it runs."), `the hover has the description: ${JSON.stringify(hover)}`);
    assert(hover.trimEnd().endsWith(en["assist.not_evaluated"]), `the hover says the run stopped before the variable: ${JSON.stringify(hover)}`);
    // No final value is claimed: not the value that wins, not a default, not null.
    const wins = en["lsp.hover_wins"].split("(")[0].trim();
    assert(wins.length > 0 && en["lsp.hover_wins_default"].startsWith(wins), `the catalog's words for the value that wins: ${wins}`);
    assert(!hover.includes(wins) && !hover.includes("null"), `the hover claims no final value: ${JSON.stringify(hover)}`);
    assertEq(await p.locator(`${editor} .cm-tftype-hover pre`).count(), 0, "no value shown as code");
    await p.screenshot({ path: join(OUT, "module-hover-stopped.png") });
    await p.close();
  });

  // A root module after `terraform init`, chosen with "Open a folder" (the hidden
  // <input webkitdirectory>): the page reads what `tftype check DIR` reads (the root's files,
  // the manifest, the installed module's files; not .git, state, providers or documents), lists
  // the installed module apart (collapsed, read-only), and shows the wrong-typed module argument's
  // diagnostic exactly as the native CLI's JSON output gives it. Links carry the root's files only.
  await check("module view: open a folder with an installed module; its argument's diagnostic as tftype check gives it; screenshots", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tftype-folder-"));
    const root = join(dir, "live");
    const put = (path, text) => {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    put("main.tf", 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.1.0"\n\n  name = var.name\n  cidr = "10.0.0.0/16"\n  azs  = "eu-west-1a"\n}\n');
    put("variables.tf", 'variable "name" {\n  type = string\n}\n');
    put("terraform.tfvars", 'name = "prod"\n');
    put("README.md", "# live\n");
    put("terraform.tfstate", "{}\n");
    put(".git/HEAD", "ref: refs/heads/main\n");
    put(".git/x.tf", 'variable "git" {}\n');
    put(".terraform/providers/registry.terraform.io/hashicorp/aws/5.0.0/linux_amd64/terraform-provider-aws", "\u007fELF");
    put(".terraform/modules/modules.json", JSON.stringify({ Modules: [
      { Key: "", Source: "", Dir: "." },
      { Key: "vpc", Source: "registry.terraform.io/terraform-aws-modules/vpc/aws", Version: "5.1.0", Dir: ".terraform/modules/vpc" },
    ] }));
    put(".terraform/modules/vpc/variables.tf", 'variable "name" {\n  type = string\n}\nvariable "cidr" {\n  type = string\n}\nvariable "azs" {\n  type    = list(string)\n  default = []\n}\n');
    put(".terraform/modules/vpc/README.md", "# vpc\n");
    put(".terraform/modules/vpc/examples/simple/main.tf", 'module "x" {\n  source = "../../"\n}\n');
    const cli = spawnSync(CLI, ["check", "--format", "json", root], { encoding: "utf8" });
    const native = JSON.parse(cli.stdout);
    assertEq(native.diagnostics.map((d) => d.summary), ["Invalid value for input variable"], "the CLI's diagnostics");

    const p = watch(await ctx.newPage(), "module folder");
    await p.goto(URL_);
    await p.locator(tid("view-module")).click();
    await moduleChecked(p, (s) => /^[✓✗]/.test(s), "the example module to be checked");
    await p.locator(tid("module-folder-input")).setInputFiles(root);
    await moduleChecked(p, (s) => s.startsWith("✗") && s.includes("module argument"), "the folder to be checked");
    // The root's files are the tabs; the installed module's apart; nothing else was read.
    const tabs = await p.locator(tid("module-tab")).evaluateAll((ts) => ts.map((t) => t.dataset.file));
    assertEq(tabs, ["main.tf", "terraform.tfvars", "variables.tf"], "the root's files as tabs");
    const installed = await p.locator(tid("module-installed-file")).evaluateAll((ts) => ts.map((t) => t.dataset.file));
    assertEq(installed, [".terraform/modules/modules.json", ".terraform/modules/vpc/variables.tf"], "the manifest and the installed module's files");
    const group = p.locator(tid("module-installed-group"));
    assertEq(await group.locator("summary").textContent(), "module.vpc (registry: terraform-aws-modules/vpc/aws 5.1.0)", "the group's name");
    assertEq(await group.evaluate((d) => d.open), false, "the group is collapsed");
    assertEq(await p.locator(tid("module-folder-notice")).count(), 0, "nothing left out");
    // The diagnostic, as the CLI gives it: summary, detail, place.
    const problems = await p.locator(tid("module-problem")).evaluateAll((ps) =>
      ps.map((x) => ({
        summary: x.querySelector("strong").textContent,
        detail: x.querySelector(".mod-problem-detail")?.textContent ?? "",
        place: x.querySelector('[data-testid="module-problem-place"]')?.textContent ?? "",
      })),
    );
    assertEq(
      problems,
      native.diagnostics.map((d) => ({ summary: d.summary, detail: d.detail, place: `${d.range.filename}, line ${d.range.start.line}, column ${d.range.start.column}` })),
      "the page's problems are the CLI's diagnostics",
    );
    // The summary counts the module arguments checked, as the CLI's last line does.
    const human = spawnSync(CLI, ["check", root], { encoding: "utf8" }).stdout.trim().split("\n").at(-1);
    assertEq(await p.locator(tid("module-status")).textContent(), `✗ ${human}`, "the summary is the CLI's");
    // An installed file opens read-only (the group opens with it).
    await group.locator("summary").click();
    await p.locator(`${tid("module-installed-file")}[data-file=".terraform/modules/vpc/variables.tf"]`).click();
    const editor = p.locator(`${tid("module-editor")}[data-file=".terraform/modules/vpc/variables.tf"]`);
    await editor.locator(".cm-content").waitFor();
    assertEq(await editor.locator(".cm-content").getAttribute("contenteditable"), "false", "an installed file is read-only");
    assert(await p.locator(tid("module-file-name")).isDisabled(), "an installed file cannot be renamed");
    assert(await p.locator(tid("module-read-only")).isVisible(), "it says why");
    // The link: the root's files only.
    const link = await until("the link to carry the folder's module", async () => {
      const s = await linkState(p);
      const names = (s?.module?.files ?? []).map((f) => f.name);
      return { done: names.includes("main.tf"), value: names };
    });
    assertEq(link, ["main.tf", "terraform.tfvars", "variables.tf"], "the link carries the root's files only");
    await p.locator(tid("module-tab")).first().click();
    for (const [w, h, dev] of [[1280, 900, "desktop"], [390, 844, "phone"]]) {
      for (const scheme of ["light", "dark"]) {
        await p.setViewportSize({ width: w, height: h });
        await p.emulateMedia({ colorScheme: scheme });
        const wide = await p.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= w, `${dev} ${scheme}: the page is ${wide} px wide`);
        await p.screenshot({ path: join(OUT, `module-folder-${dev}-${scheme}.png`), fullPage: true });
      }
    }
    await p.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Issue #38 (reliability-5 #15): a module of 5,000 variables, 1,000 set in terraform.tfvars.
  // The view gives the CLI's answer; its long lists (problems, variables) are drawn a part at a
  // time, and every line is reachable by scrolling down to the list's end; Ctrl-Space at the end
  // of the value file offers the 4,000 unset variables (each item says its place in the whole
  // list; the items are drawn as the list is scrolled), and a hover answers. (Speed:
  // scripts/bench-big-page.)
  await check("module view: a module of 5,000 variables gives the CLI's answer, every problem and variable is reachable by scrolling, completion offers the 4,000 unset ones, a hover answers", async () => {
    const N = 5000;
    const SET = 1000;
    const doc = bigModule(N, SET);
    const native = nativeCheck(doc);
    assertEq([native.ok, Object.keys(native.variables).length, native.diagnostics.length], [false, N, N - SET], "the CLI: every unset variable an error");
    const p = await openModule(new URL(moduleLink(doc), URL_).href, "bigpage");
    const status = await until("the big module's answer", async () => {
      const s = await p.locator(tid("module-status")).textContent();
      return { done: s.startsWith("✗"), value: s };
    }, 60_000);
    assertEq(status, `✗ ${N} variables checked: ${N - SET} errors, 0 warnings.`, "the status line");
    // A part of each list is drawn; the rest as the reader scrolls to the list's end.
    const count = (id) => p.locator(tid(id)).count();
    assert((await count("module-var")) < N && (await count("module-problem")) < N - SET, "the long lists are drawn a part at a time");
    assertEq(await p.locator(tid("module-vars-more")).count(), 1, "the variables' list says more are to come");
    async function scrollToEnd(more, lines, want, scroll) {
      return until(`${lines}: every line drawn by scrolling`, async () => {
        const n = await count(lines);
        if (n < want) await scroll();
        return { done: n === want && (await count(more)) === 0, value: n };
      }, 60_000);
    }
    // The variables scroll inside their box; the problems with the page.
    await scrollToEnd("module-vars-more", "module-var", N, () => p.evaluate(() => {
      const box = document.querySelector(".mod-var-scroll");
      box.scrollIntoView({ block: "end" });
      box.scrollTop = box.scrollHeight;
    }));
    const names = await p.evaluate(() => [...document.querySelectorAll('[data-testid="module-var"]')].map((r) => r.dataset.name));
    assertEq([...names].sort(), Object.keys(native.variables).sort(), "every variable, once");
    await scrollToEnd("module-problems-more", "module-problem", N - SET, () => p.evaluate(() => document.querySelector('[data-testid="module-problems-more"]')?.scrollIntoView()));
    // Completion at the end of terraform.tfvars: the 4,000 unset variables, in declaration order.
    const editor = `${tid("module-editor")}[data-file="terraform.tfvars"]`;
    await p.locator(`${editor} .cm-content`).click();
    await p.keyboard.press("Control+End");
    const first = await completionList(p);
    assert(first.length < N - SET && first.slice(0, 3).join() === "v1000,v1001,v1002", `the list's first items, a part drawn: ${first.length}: ${first.slice(0, 3)}`);
    const items = `${tid("completions")} li`;
    assertEq(await p.locator(items).first().getAttribute("aria-setsize"), String(N - SET), "the list says how many it offers");
    const last = await until("the list's last item, scrolled to", async () => {
      await p.evaluate((s) => {
        const list = document.querySelector(s);
        list.scrollTop = list.scrollHeight;
      }, tid("completions"));
      const li = p.locator(items).last();
      const at = [await li.getAttribute("aria-posinset"), await li.locator("b").textContent()];
      return { done: at[0] === String(N - SET), value: at };
    }, 60_000);
    assertEq(last, [String(N - SET), `v${N - 1}`], "the last unset variable, reached by scrolling the list");
    await p.keyboard.press("Escape");
    // A hover on a name: its declaration (the file's start scrolled back into view).
    await p.evaluate((s) => {
      const v = document.querySelector(s).tftypeEditor;
      v.dispatch({ selection: { anchor: 0 }, scrollIntoView: true });
    }, editor);
    await p.waitForTimeout(100);
    await hoverPos(p, editor, 1);
    const hover = await until("the hover", async () => {
      const t = p.locator(`${editor} .cm-tftype-hover`);
      const value = (await t.count()) > 0 ? await t.first().textContent() : null;
      return { done: value !== null && value.includes("var.v0"), value };
    }, 30_000);
    assert(hover.includes('"x0"'), `the hover shows the value that wins: ${JSON.stringify(hover)}`);
    await p.close();
  });
}
