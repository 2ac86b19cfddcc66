// The Module view's helpers: the example module of the gallery (web/src/module_examples.json),
// links that open it, and what the native CLI says of it (`tftype batch`, "mode": "check").

import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { assert, assertEq, tid, until } from "./harness.mjs";

export function moduleHelpers(t) {
  const { ctx, watch } = t;
  const vpc = JSON.parse(readFileSync("web/src/module_examples.json", "utf8"))[0];
  const moduleLink = (doc, state = {}) =>
    "#v1." + deflateRawSync(Buffer.from(JSON.stringify({ type: "", value: "", ...state, module: doc })), { level: 9 }).toString("base64url");
  const vpcDoc = (envFile, extra = {}) => ({
    files: vpc.files,
    rows: [{ kind: "var_file", arg: envFile }],
    open: vpc.open,
    shown: true,
    ...extra,
  });
  // What the CLI says of a module doc: {ok, variables, diagnostics} in the oracle's schema.
  function nativeCheck(doc, flavor) {
    const files = Object.fromEntries(doc.files.map((f) => [f.name, f.text]));
    const args = doc.rows.filter((r) => r.kind !== "env" && r.arg.trim()).map((r) => [r.kind === "var" ? "-var" : "-var-file", r.arg]);
    const env = Object.fromEntries(doc.rows.filter((r) => r.kind === "env" && r.arg.trim()).map((r) => [`TF_VAR_${r.arg}`, r.value ?? ""]));
    return t.nativeBatch([{ id: 0, mode: "check", files, args, env, ...(flavor ? { flavor } : {}) }])[0];
  }
  async function openModule(url, label, { viewport, colorScheme } = {}) {
    const p = watch(await ctx.newPage(), label);
    if (viewport) await p.setViewportSize(viewport);
    if (colorScheme) await p.emulateMedia({ colorScheme });
    await p.goto(url);
    await p.waitForSelector(tid("module-view"));
    return p;
  }
  // The variables table as data, once the check is in (the status line names it).
  async function moduleVars(p) {
    return p.evaluate(() =>
      [...document.querySelectorAll('[data-testid="module-var"]')].map((r) => ({
        name: r.dataset.name,
        status: r.dataset.status,
        label: r.querySelector('[data-testid="module-var-status"]').textContent,
        source: r.querySelector('[data-testid="module-var-source"]').textContent,
        value: r.querySelector('[data-testid="module-var-value"]').textContent,
      })),
    );
  }
  async function moduleChecked(p, pred, what) {
    return until(what, async () => {
      const s = await p.locator(tid("module-status")).textContent();
      return { done: pred(s), value: s };
    });
  }
  // The page's rows must say what the CLI says: the same variables, each accepted or not, its
  // value's file and line, and its console text's first line.
  function expectVarsAsNative(rows, native, what) {
    assertEq(rows.map((r) => r.name), Object.keys(native.variables), `${what}: the variables`);
    for (const r of rows) {
      const n = native.variables[r.name];
      assertEq(r.status === "ok", n.ok, `${what}: ${r.name} accepted`);
      if (n.ok) assert(n.console.startsWith(r.value.replace(/…$/, "")), `${what}: ${r.name} value ${JSON.stringify(r.value)} vs ${JSON.stringify(n.console)}`);
      const m = /^(.*):(\d+),\d+-/.exec(n.source ?? "");
      if (m) assertEq(r.source, `${m[1]}, line ${m[2]}`, `${what}: ${r.name} source`);
      else if (n.source === "default") assertEq(r.source, "default", `${what}: ${r.name} source`);
    }
  }
  return { vpc, moduleLink, vpcDoc, nativeCheck, openModule, moduleVars, moduleChecked, expectVarsAsNative };
}
