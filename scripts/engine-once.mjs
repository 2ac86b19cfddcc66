#!/usr/bin/env node
// The engine ships once (issue #39, item 1): no two .wasm files the page can fetch may both hold
// the engine's messages (the HCL parser's, the conversion's, the check's). A copy of the engine
// in a second .wasm is a download the reader pays twice: the Module view's .wasm carried the
// parser and converter besides the worker's engines (491 of its 708 long strings were the page's).
//
//   node scripts/engine-once.mjs [--dist dist]
//
// Reads every .wasm at the top of --dist (what the page, its worker and its lazy views fetch;
// dist/npm/ is the npm package, never fetched by the page) and finds in each the messages below,
// as the bytes of the data section hold them. Fails when a .wasm outside ENGINES holds one of
// them, or when a .wasm in ENGINES no longer exists or holds none (then the list must shrink).
// Prints, for every pair of .wasm files, how many of the messages both hold.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Messages only the engine says: each is written once in core/src and is in every copy of the
// parser, the conversion or the check (a .wasm holding any of them holds that part of core).
const MESSAGES = [
  "Unsupported operator",
  "Type mismatch for tuple element",
  "Invalid multi-line string",
  "Unterminated template string",
  "Missing key/value separator",
  "Extra characters after interpolation expression",
  "Inconsistent conditional result types",
  "Invalid type specification",
  "Invalid value for input variable",
  "Invalid default value for variable",
  "Call to unknown function",
];

// The .wasm files that still hold an engine (by their name before the content hash), until the
// page has one: the page's own .wasm answers every keystroke in the worker, engine_full the
// Versions tab, "Copy as" and the format switch, engine_module the Module view's check and
// `variable` blocks. This list may only shrink; the Module view's .wasm is not in it.
const ENGINES = ["web", "engine_full", "engine_module"];

function parseArgs(argv) {
  const out = { dist: "dist" };
  for (let i = 0; i < argv.length; i += 2) {
    const m = /^--(\w+)$/.exec(argv[i]);
    if (!m || i + 1 >= argv.length) throw new Error(`bad argument ${argv[i]}`);
    out[m[1]] = argv[i + 1];
  }
  return out;
}

// `module_view-0123456789abcdef_bg.wasm` -> `module_view` (scripts/assets.mjs and Trunk name them so;
// Trunk writes its 64-bit hash without leading zeros: `web-68988dbd934adb4_bg.wasm` has 15 digits).
export function stem(file) {
  return file.replace(/_bg\.wasm$/, "").replace(/\.wasm$/, "").replace(/-[0-9a-f]{6,16}$/, "");
}

// Which of MESSAGES each .wasm holds.
export function messagesIn(bytes) {
  return MESSAGES.filter((m) => bytes.includes(Buffer.from(m, "utf8")));
}

// What is wrong with `found` (stem -> messages held), as lines; none: the engine ships once
// outside the ENGINES still to be merged.
export function faults(found) {
  const out = [];
  for (const [name, held] of found) {
    if (held.length && !ENGINES.includes(name)) out.push(`${name}.wasm holds the engine's messages (${held.map((m) => JSON.stringify(m)).join(", ")}): only the worker's engine may`);
  }
  for (const name of ENGINES) {
    if (!found.has(name)) out.push(`${name}.wasm is gone: take it off ENGINES in scripts/engine-once.mjs`);
    else if (!found.get(name).length) out.push(`${name}.wasm holds no engine now: take it off ENGINES in scripts/engine-once.mjs`);
  }
  return out;
}

function main() {
  const { dist } = parseArgs(process.argv.slice(2));
  const files = readdirSync(dist).filter((f) => f.endsWith(".wasm")).sort();
  if (!files.length) throw new Error(`no .wasm in ${dist}: build the site first (scripts/build)`);
  const found = new Map();
  for (const f of files) found.set(stem(f), messagesIn(readFileSync(join(dist, f))));
  const names = [...found.keys()];
  console.log(`engine messages (${MESSAGES.length}) held by each .wasm of ${dist}:`);
  for (const n of names) console.log(`  ${n}: ${found.get(n).length}`);
  console.log("held by both of a pair:");
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const both = found.get(names[i]).filter((m) => found.get(names[j]).includes(m)).length;
      console.log(`  ${names[i]} + ${names[j]}: ${both}`);
    }
  }
  const bad = faults(found);
  for (const line of bad) console.error(`engine-once: ${line}`);
  if (bad.length) process.exit(1);
  console.log(`engine-once: no .wasm beside ${ENGINES.join(", ")} holds the engine`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
