// The Module view's helpers: the example module of the gallery (web/src/module_examples.json),
// links that open it, and what the native CLI says of it (`tftype batch`, "mode": "check").

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { deflateRawSync } from "node:zlib";
import { assert, assertEq, tid, until } from "./harness.mjs";

// A big module (issue #38): `vars` variables of one object type in variables.tf, the first `set`
// of them set in terraform.tfvars (the e2e's 5,000-variable check and e2e/bench-big-page.mjs).
export function bigModule(vars, set) {
  let text = "";
  for (let i = 0; i < vars; i++) text += `variable "v${i}" {\n  type = object({ a = string, b = optional(number, ${i}) })\n  description = "v${i}"\n}\n`;
  const tfvars = Array.from({ length: set }, (_, i) => `v${i} = { a = "x${i}" }\n`).join("");
  return { files: [{ name: "variables.tf", text }, { name: "terraform.tfvars", text: tfvars }], rows: [], open: "terraform.tfvars", shown: true };
}

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
  // What `tftype check --format json DIR` prints for a module doc (its files written to a
  // temporary folder, the CLI run there; -var and -var-file rows as arguments): the CLI's JSON output, which,
  // unlike `tftype batch`, carries tftype's notes.
  function cliCheckJson(doc) {
    const dir = mkdtempSync(join(tmpdir(), "tftype-module-"));
    try {
      for (const f of doc.files) {
        mkdirSync(dirname(join(dir, f.name)), { recursive: true });
        writeFileSync(join(dir, f.name), f.text);
      }
      const args = doc.rows.filter((r) => r.kind !== "env" && r.arg.trim()).flatMap((r) => [r.kind === "var" ? "-var" : "-var-file", r.arg]);
      const env = Object.fromEntries(doc.rows.filter((r) => r.kind === "env" && r.arg.trim()).map((r) => [`TF_VAR_${r.arg}`, r.value ?? ""]));
      // (Run in the folder, as `terraform plan` is: -var-file paths are the folder's.)
      const out = spawnSync(resolve(t.cli), ["check", "--format", "json", ...args, "."], { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } });
      try {
        return JSON.parse(out.stdout);
      } catch {
        throw new Error(`tftype check --format json: exit ${out.status}: ${out.stderr}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
  return { vpc, moduleLink, vpcDoc, nativeCheck, cliCheckJson, openModule, moduleVars, moduleChecked, expectVarsAsNative };
}
