// The native CLI: what the page must show. Its agreement with Terraform is the conformance
// test's job; here the page must give exactly what `tftype batch` gives for the same inputs.

import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { spawnSync } from "node:child_process";
import { TIMEOUT, tid } from "./harness.mjs";
import { pageState, readResult } from "./editor.mjs";

// The versions and the default as the engine has them (core/src/flavor.rs, through `tftype
// flavors`: a row per flavor, oldest first, then a line naming the default as what --details
// compares with): the test names no version of its own where the answer depends on which exist.
export function readFlavors(cli) {
  const table = spawnSync(cli, ["flavors"], { encoding: "utf8" }).stdout.trim().split("\n");
  const names = table.filter((l) => /^(terraform|opentofu)@/.test(l)).map((l) => l.split(/\s+/)[0]);
  const defaultFlavor = (table.at(-1).match(/ from ((?:terraform|opentofu)@[0-9.]+)\.$/) ?? [])[1];
  if (names.length < 2 || !names.includes(defaultFlavor)) throw new Error(`tftype flavors unread: ${table.join("\n")}`);
  return { names, defaultFlavor };
}

const DOCS = "core/tests/conformance/docs.jsonl";
const DOCS_EXPECTED = "core/tests/conformance/docs.expected.jsonl";

// The docs corpus (the gallery's examples) and the oracle's answers, by id.
export function readDocs() {
  const cases = readFileSync(DOCS, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const expected = new Map(
    readFileSync(DOCS_EXPECTED, "utf8").trim().split("\n").map((l) => {
      const o = JSON.parse(l);
      return [o.id, o];
    }),
  );
  return { cases, expected };
}

// A case of `tftype batch` from the page's state (pageState's shape).
export function toCase(s, id = 0) {
  const c = { id, value: s.value };
  if (s.type !== undefined && s.type !== null && s.type.trim() !== "") c.type = s.type;
  if (s.format && s.format !== "hcl") c.value_format = s.format;
  if (s.nullable === false) c.nullable = false;
  if (s.sensitive) c.sensitive = true;
  if (s.name && s.name.trim() !== "" && s.name.trim() !== "v") c.var_name = s.name.trim();
  if (s.flavor) c.flavor = s.flavor;
  return c;
}

export function nativeBatch(cli, cases) {
  const input = cases.map((c) => JSON.stringify(c)).join("\n") + "\n";
  const r = spawnSync(cli, ["batch"], { input, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cli} batch failed: ${r.stderr}`);
  return r.stdout.trim().split("\n").map((l) => JSON.parse(l));
}

// An answer of `tftype batch` as the result panel shows it (readResult's shape).
export const shown = (o) =>
  o.ok ? { ok: true, type: o.type, console: o.console } : { ok: false, summary: o.summary, detail: o.detail };

export function nativeEval(cli, state) {
  return shown(nativeBatch(cli, [toCase(state)])[0]);
}

// The page's result must become what the CLI gives for the page's own inputs. (Very long
// results are shown cut, with a "Show all" button: pressed first, to compare the whole text.)
export async function expectNative(cli, page, name) {
  const state = await pageState(page);
  const more = page.locator(tid("show-all"));
  if ((await more.count()) > 0) await more.first().click();
  const want = nativeEval(cli, state);
  let got = null;
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    got = await readResult(page);
    if (isDeepStrictEqual(got, want)) return got;
    await page.waitForTimeout(25);
  }
  throw new Error(`${name}: page shows ${JSON.stringify(got)}\nnative CLI gives ${JSON.stringify(want)}\nfor ${JSON.stringify(state)}`);
}
