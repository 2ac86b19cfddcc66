// Versions (flavors): the picker, OpenTofu's warnings, the Versions tab, flavors in links.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { assert, assertEq, tid, until, waitFor } from "../lib/harness.mjs";
import { chooseFlavor, setEditor } from "../lib/editor.mjs";

export async function run(t) {
  const { check, page, url: URL_, out: OUT, cli: CLI, flavorNames: FLAVOR_NAMES, defaultFlavor: DEFAULT_FLAVOR, figures, openPage, expectNative } = t;

  // What a link that names no flavor means, for good (core/src/link.rs OLD_LINK_FLAVOR).
  const OLD_LINK_FLAVOR = "terraform@1.15";

  await check("the flavor picker answers for the chosen version (Terraform 1.12 and 1.13 word a mismatch differently)", async () => {
    const names = await page.locator(`${tid("flavor-select")} option`).evaluateAll((os) => os.map((o) => o.value));
    assertEq(names.slice(0, 2), FLAVOR_NAMES.filter((n) => n.startsWith("terraform@")).reverse().slice(0, 2), "newest Terraform first");
    assertEq(names.length, FLAVOR_NAMES.length, `${FLAVOR_NAMES.length} versions`);
    await setEditor(page, "type-editor", "number");
    await setEditor(page, "value-editor", "true");
    await chooseFlavor(page, "terraform@1.12");
    const old = await expectNative(page, "terraform@1.12");
    assert(old.detail.endsWith("number required."), `Terraform 1.12 wording: ${old.detail}`);
    await chooseFlavor(page, "terraform@1.13");
    const cur = await expectNative(page, "terraform@1.13");
    assert(cur.detail.endsWith("number required, but have bool."), `Terraform 1.13 wording: ${cur.detail}`);
  });

  await check("OpenTofu 1.11's warning is shown as a warning, underlined in the value editor, and texts name tofu", async () => {
    await chooseFlavor(page, "opentofu@1.11");
    await setEditor(page, "type-editor", "object({ name = string, port = optional(number, 80) })");
    await setEditor(page, "value-editor", '{ name = "x", prot = 8080 }');
    const r = await expectNative(page, "opentofu@1.11 warning");
    assert(r.ok, "accepted");
    const w = await waitFor(page, "result-warnings", (t) => t.includes("Object attribute is ignored") && t.includes('"prot"'), "the warning");
    assert(w.includes('Did you mean to set attribute "port" instead?'), `suggestion: ${w}`);
    await until("a warning underline", async () => {
      const n = await page.locator(`${tid("value-editor")} .cm-lintRange-warning`).count();
      return { done: n === 1, value: n };
    });
    assertEq(await page.locator(`${tid("value-editor")} .cm-lintRange-error`).count(), 0, "no error underline");
    const note = await page.locator("#panel-console .panel-note").textContent();
    assert(note.includes("tofu console"), `the console note names tofu: ${note}`);
    await page.screenshot({ path: join(OUT, "opentofu-warning.png") });
  });

  await check("the Versions tab groups the versions that give the same answer, with the difference marked", async () => {
    await chooseFlavor(page, DEFAULT_FLAVOR);
    await setEditor(page, "type-editor", "number");
    await setEditor(page, "value-editor", "true");
    await page.locator(tid("tab-versions")).click();
    const groups = await until("two groups of versions", async () => {
      const g = await page.locator(tid("version-group")).evaluateAll((els) =>
        els.map((e) => ({ label: e.querySelector(".version-label").textContent, flavors: e.dataset.flavors, mark: e.querySelector("mark").textContent })),
      );
      return { done: g.length === 2, value: g };
    });
    // The groups as `tftype eval --all-flavors` gives them ("== LABEL: error").
    const cliGroups = spawnSync(CLI, ["eval", "number", "true", "--all-flavors"], { encoding: "utf8" }).stdout.split("\n").filter((l) => l.startsWith("== "));
    assertEq(groups.map((g) => g.label), cliGroups.map((l) => l.slice(3, l.lastIndexOf(": "))), "grouping");
    assert(groups[1].label.startsWith("Terraform 1.5–1.12,"), `go-cty 1.16.3 (Terraform 1.13) splits the versions: ${groups[1].label}`);
    assertEq(groups[0].mark, ", but have bool", "the differing part is marked");
    const stats = page.locator(tid("versions-stats"));
    assertEq(await stats.getAttribute("data-evaluations"), "2", "two distinct behaviours evaluated");
    figures.push(`Versions tab, everyday input (number / true): ${await stats.getAttribute("data-evaluations")} evaluations for ${FLAVOR_NAMES.length} versions, ${await stats.getAttribute("data-ms")}`);
    await page.screenshot({ path: join(OUT, "versions.png") });
    // One version from another group, in one click.
    await page.locator(tid("version-group")).nth(1).locator(tid("use-flavor")).click();
    assertEq(await page.locator(tid("flavor-select")).inputValue(), "terraform@1.12", "the group's Terraform version nearest to the chosen one is chosen");
    // An OpenTofu reader is offered OpenTofu, the version nearest to theirs (#21).
    await chooseFlavor(page, "opentofu@1.10");
    const offer = page.locator(tid("version-group")).nth(1).locator(tid("use-flavor"));
    await until("the offer for an OpenTofu 1.10 reader", async () => {
      const t = (await offer.count()) > 0 ? await offer.textContent() : null;
      return { done: t !== null && t.includes("OpenTofu 1.9"), value: t };
    });
    await offer.click();
    assertEq(await page.locator(tid("flavor-select")).inputValue(), "opentofu@1.9", "the nearest OpenTofu version is chosen");
    assert((await page.locator(tid("version-group")).nth(0).locator(tid("use-flavor")).textContent()).includes("OpenTofu 1.10"), "and back: OpenTofu 1.10 is offered");
    // About 100 KB: computed after a pause in typing, never while typing.
    const items = [];
    for (let i = 0; items.join(",\n").length < 100_000; i++) items.push(`  { name = "svc-${i}", port = ${8000 + (i % 1000)} }`);
    await setEditor(page, "type-editor", "list(object({ name = string, port = optional(number, 80) }))");
    await setEditor(page, "value-editor", "[\n" + items.join(",\n") + ",\n  { name = \"last\", prot = 1 },\n]");
    await until("the 100 KB comparison (OpenTofu 1.11+ warn about `prot`)", async () => {
      const text = await page.locator(tid("result-versions")).textContent();
      const busy = await page.locator(tid("result-versions")).getAttribute("aria-busy");
      return { done: text.includes('"prot"') && busy === "false", value: busy };
    });
    figures.push(`Versions tab, 100 KB value: ${await stats.getAttribute("data-evaluations")} evaluations for ${FLAVOR_NAMES.length} versions, ${await stats.getAttribute("data-ms")}`);
    await page.locator(tid("tab-console")).click();
    await chooseFlavor(page, DEFAULT_FLAVOR);
  });

  await check("a share link and an embed URL keep the flavor; an old link keeps its flavor", async () => {
    await chooseFlavor(page, "opentofu@1.8");
    await setEditor(page, "type-editor", "\"string\"");
    await setEditor(page, "value-editor", '"x"');
    const r = await expectNative(page, "opentofu@1.8 legacy quoted type");
    assert(r.detail.startsWith("OpenTofu 0.11"), `OpenTofu wording: ${r.detail}`);
    let last = null;
    let since = Date.now();
    const hash = await until("the fragment to settle", async () => {
      const h = await page.evaluate(() => location.hash);
      if (h !== last) { last = h; since = Date.now(); }
      return { done: h.startsWith("#v1.") && Date.now() - since > 600, value: h };
    });
    const p = await openPage(new URL(hash, URL_).href, "flavor link");
    await until("the link's flavor", async () => {
      const f = await p.locator(tid("flavor-select")).inputValue();
      return { done: f === "opentofu@1.8", value: f };
    });
    await expectNative(p, "opentofu@1.8 from a link");
    await p.close();
    const e = await openPage(new URL("?embed=1&flavor=opentofu@1.11" + hash, URL_).href, "flavor embed");
    await until("the embed URL's flavor", async () => {
      const f = await e.locator(tid("flavor-select")).inputValue();
      return { done: f === "opentofu@1.11", value: f };
    });
    await expectNative(e, "embed with a flavor");
    const open = await e.locator(tid("open-in-playground")).getAttribute("href");
    await e.close();
    const o = await openPage(open, "open in playground");
    await until("the flavor travels to the playground", async () => {
      const f = await o.locator(tid("flavor-select")).inputValue();
      return { done: f === "opentofu@1.11", value: f };
    });
    await o.close();
    // A link made before flavors existed (web/tests/share_fixtures.jsonl, first link).
    const fixture = JSON.parse(readFileSync("web/tests/share_fixtures.jsonl", "utf8").split("\n").find((l) => l.startsWith("{")));
    const old = await openPage(new URL(fixture.link, URL_).href, "old link");
    await until(`${OLD_LINK_FLAVOR} for an old link`, async () => {
      const f = await old.locator(tid("flavor-select")).inputValue();
      return { done: f === OLD_LINK_FLAVOR, value: f };
    });
    await old.close();
    await chooseFlavor(page, DEFAULT_FLAVOR);
  });
}
