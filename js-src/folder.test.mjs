// node --test js-src/: the Module view's folder reading (js-src/folder.js), the parts that need
// no browser: the listing, the rounds of asking core's plan and reading, and what is handed back.
// (Core's plan itself is tested in core/src/module_view/folder.rs; here `ask` answers as a test's
// stand-in for it.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_ROUNDS, open } from "./folder.js";

// A File as folder.js reads it: size and bytes (`bad`: it cannot be read).
const fileOf = (text, bad = false) => {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : Uint8Array.from(text);
  return { size: bytes.length, arrayBuffer: async () => (bad ? Promise.reject(new Error("gone")) : bytes.buffer) };
};

// An <input webkitdirectory> that chose folder `live` with these files.
const inputOf = (files) => ({
  files: Object.entries(files).map(([path, text]) => Object.assign(fileOf(text), { webkitRelativePath: `live/${path}`, name: path.split("/").pop() })),
});

// Dropped entries: a folder (an object of entries) or a file (text).
function entryOf(name, content) {
  if (typeof content === "string") return { name, isFile: true, isDirectory: false, file: (ok) => ok(fileOf(content)) };
  const children = Object.entries(content).map(([n, c]) => entryOf(n, c));
  return {
    name,
    isFile: false,
    isDirectory: true,
    // The browser hands a folder's entries in batches, then an empty one.
    createReader: () => {
      const batches = [children.slice(0, 1), children.slice(1), []];
      return { readEntries: (ok) => ok(batches.shift() ?? []) };
    },
  };
}

// Runs open() with `plans` answering the rounds in turn; the requests and the result.
async function run(from, plans, max = 100) {
  const asked = [];
  const result = await new Promise((done) =>
    open(from, max, (json, answer) => {
      asked.push(JSON.parse(json));
      answer(JSON.stringify(plans[asked.length - 1] ?? { read: [], keep: [], left_out: [], installed: [] }));
    }, (json) => done(JSON.parse(json))),
  );
  return { asked, result };
}

test("a chosen folder is listed without its name, read as core's plan says, round after round", async () => {
  const input = inputOf({ "main.tf": 'module "m" {}', "a.tf": [0xff, 0xfe], "modules/m/x.tf": "x", "README.md": "#" });
  const installed = [{ address: "module.vpc", kind: "registry", source: "acme/vpc/aws", version: "5.1.0", dir: ".terraform/modules/vpc" }];
  const { asked, result } = await run(input, [
    { read: ["main.tf", "a.tf", "gone.tf"], keep: ["modules/m/x.tf"], left_out: [{ path: "big.tf", why: "too_large" }], installed: [] },
    { read: ["modules/m/x.tf"], keep: [], left_out: [{ path: "big.tf", why: "too_large" }], installed },
  ]);
  assert.deepEqual(
    asked[0].listing.map((l) => [l.path, l.size]),
    [["main.tf", 13], ["a.tf", 2], ["modules/m/x.tf", 1], ["README.md", 1]],
    "the listing: paths without the folder's name, sizes",
  );
  assert.deepEqual(asked[1].listing.map((l) => l.path), ["modules/m/x.tf"], "only what the plan keeps is listed again");
  assert.deepEqual(asked[1].read, { "main.tf": 'module "m" {}' }, "the files read so far");
  assert.deepEqual(asked[1].failed, ["a.tf", "gone.tf"], "not UTF-8 text, not listed: failed");
  assert.equal(asked.length, 3, "asked until nothing is left to read");
  assert.deepEqual(result.files, { "main.tf": 'module "m" {}', "modules/m/x.tf": "x" });
  assert.deepEqual(
    result.left_out,
    [{ path: "big.tf", why: "too_large" }, { path: "a.tf", why: "not_text" }, { path: "gone.tf", why: "not_text" }],
    "each file left out once, with why",
  );
  assert.deepEqual(result.installed, [], "the installed modules of the last plan");
  assert.equal(result.cut, false);
  assert.equal(result.whole, true, "a folder chosen is the whole module");
});

test("the listing stops at the most entries, and says it was cut", async () => {
  const { asked, result } = await run(inputOf({ "a.tf": "", "b.tf": "", "c.tf": "" }), [], 2);
  assert.deepEqual(asked[0].listing.map((l) => l.path), ["a.tf", "b.tf"]);
  assert.equal(result.cut, true);
});

test("the rounds are bounded, whatever the plan says", async () => {
  const plans = Array.from({ length: MAX_ROUNDS + 10 }, () => ({ read: ["a.tf"], keep: ["a.tf"], left_out: [], installed: [] }));
  const { asked } = await run(inputOf({ "a.tf": "" }), plans);
  assert.equal(asked.length, MAX_ROUNDS + 1);
});

test("an answer that is not a plan ends the reading with what was read", async () => {
  const { result } = await new Promise((ok) => {
    let n = 0;
    open(inputOf({ "a.tf": "x" }), 10, (_, answer) => answer(n++ === 0 ? JSON.stringify({ read: ["a.tf"], keep: [], left_out: [], installed: [] }) : ""), (json) => ok({ result: JSON.parse(json) }));
  });
  assert.deepEqual(result.files, { "a.tf": "x" });
});

test("a folder dropped alone is the module (its name is not in the paths); files and folders dropped are added", async () => {
  const folder = entryOf("live", { "main.tf": "m", sub: { "x.tf": "x" } });
  const alone = await run([folder], []);
  assert.deepEqual(alone.asked[0].listing.map((l) => l.path).sort(), ["main.tf", "sub/x.tf"]);
  assert.equal(alone.result.whole, true);
  const several = await run([entryOf("a.tf", "a"), entryOf("mods", { "b.tf": "b" })], []);
  assert.deepEqual(several.asked[0].listing.map((l) => l.path).sort(), ["a.tf", "mods/b.tf"]);
  assert.equal(several.result.whole, false);
});
