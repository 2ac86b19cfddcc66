// node core/node-test/differential.mjs NATIVE_CLI CASES_DIR
//
// Every case of CASES_DIR/*.jsonl (not *.expected.jsonl) through core's wasm build (JS API,
// ./pkg-node) and through the native CLI's `batch`; every field of the two results must be
// equal. Prints the first differences and "node-test: N cases, D differ"; exit 1 if D > 0.

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";

const require = createRequire(import.meta.url);
const wasm = require("./pkg-node/tftype.js");

const [cli, dir] = process.argv.slice(2);
if (!cli || !dir) {
  console.error("usage: differential.mjs NATIVE_CLI CASES_DIR");
  process.exit(2);
}

// The go-cty JSON of a native result line, as text: the number digits must match exactly,
// which JSON.parse would not show. No string can hold an unescaped `"`, so the first
// `,"json":` is the key; it is followed by `,"sensitive_paths":`, `,"warnings":` or the final `}`.
function nativeJsonText(line) {
  const i = line.indexOf(',"json":');
  if (i < 0) return null;
  const rest = line.slice(i + 8);
  const ends = [',"sensitive_paths":', ',"warnings":'].map((k) => rest.indexOf(k)).filter((j) => j >= 0);
  return ends.length ? rest.slice(0, Math.min(...ends)) : rest.slice(0, -1);
}

// Both sides reduced to the fields the CLI prints.
function fromNative(line) {
  const r = JSON.parse(line);
  if (r.ok) {
    return { ok: true, type: r.type, console: r.console, json: nativeJsonText(line), sensitive_paths: r.sensitive_paths ?? [], warnings: r.warnings ?? [] };
  }
  return { ok: false, stage: r.stage, summary: r.summary, detail: r.detail, path: r.path, error: r.error ?? null, diagnostics: r.diagnostics };
}

function fromWasm(r) {
  if (r.ok) {
    const warnings = r.warnings.map((w) => ({ summary: w.summary, detail: w.detail, start: w.start ?? null, end: w.end ?? null }));
    return { ok: true, type: r.type, console: r.console, json: r.json ?? null, sensitive_paths: r.sensitive_paths, warnings };
  }
  const diagnostics = r.diagnostics.map((d) => ({ severity: d.severity, summary: d.summary, detail: d.detail, source: d.source, start: d.start ?? null, end: d.end ?? null }));
  return { ok: false, stage: r.stage, summary: r.summary ?? "", detail: r.detail ?? "", path: r.path ?? "", error: r.error ?? null, diagnostics };
}

const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl") && !f.endsWith(".expected.jsonl")).sort();
if (files.length === 0) throw new Error(`no case files in ${dir}`);
let total = 0;
const diffs = [];
const perFile = [];
for (const f of files) {
  const text = readFileSync(join(dir, f), "utf8");
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const native = spawnSync(cli, ["batch"], { input: lines.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 30 });
  if (native.status !== 0) throw new Error(`${cli} batch failed (${native.status}): ${native.stderr}`);
  const out = native.stdout.split("\n").filter((l) => l !== "");
  if (out.length !== lines.length) throw new Error(`${f}: ${lines.length} cases but ${out.length} native results`);
  perFile.push(`${f} ${lines.length}`);
  lines.forEach((line, k) => {
    total++;
    const c = JSON.parse(line);
    if (c.mode !== undefined) {
      // Other modes ("expr", ...) answer in their own schema: the JS API's
      // evaluateCase must print the very line the CLI prints.
      let got;
      try {
        got = wasm.evaluateCase(line);
      } catch (e) {
        got = `thrown: ${String(e?.message ?? e)}`;
      }
      if (got !== out[k]) diffs.push({ id: `${f}:${c.id}`, want: out[k], got });
      return;
    }
    const want = fromNative(out[k]);
    let got;
    try {
      got = fromWasm(wasm.evaluate(c));
    } catch (e) {
      got = { thrown: String(e?.message ?? e) };
    }
    if (!isDeepStrictEqual(got, want)) diffs.push({ id: `${f}:${c.id}`, want, got });
  });
}
for (const d of diffs.slice(0, 10)) {
  console.log(`DIFF ${d.id}\n  native: ${JSON.stringify(d.want).slice(0, 600)}\n  wasm:   ${JSON.stringify(d.got).slice(0, 600)}`);
}
console.log(`node-test: cases per file: ${perFile.join(", ")}`);
console.log(`node-test: ${total} cases, ${diffs.length} differ between wasm and native`);
process.exit(diffs.length ? 1 : 0);
