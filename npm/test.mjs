// The npm package as its users get it: dist/npm/ packed (`npm pack`), installed into a
// temporary project (`npm install <tarball>`), imported as "tftype" by a script there, and
// run over conformance cases; every answer must equal `tftype batch`'s for the same case.
//   node npm/test.mjs [--cli target/debug/tftype] [--cases N]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const CLI = resolve(arg("--cli", "target/debug/tftype"));
const WANT = Number(arg("--cases", "400"));
const PKG = resolve("dist/npm");
const CORPUS = resolve("core/tests/conformance");

// Every k-th case of every corpus file, so that all files and flavors are represented.
const all = readdirSync(CORPUS)
  .filter((f) => f.endsWith(".jsonl") && !f.endsWith(".expected.jsonl"))
  .sort()
  .flatMap((f) => readFileSync(join(CORPUS, f), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l)));
const step = Math.max(1, Math.floor(all.length / WANT));
const cases = all.filter((_, i) => i % step === 0);

const dir = mkdtempSync(join(tmpdir(), "tftype-npm-"));
try {
  const tgz = execFileSync("npm", ["pack", PKG, "--pack-destination", dir, "--silent"], { encoding: "utf8" }).trim().split("\n").pop();
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "npm-test", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", `./${tgz}`], { cwd: dir, stdio: "inherit" });
  writeFileSync(join(dir, "cases.json"), JSON.stringify(cases));
  writeFileSync(
    join(dir, "run.mjs"),
    `import { readFileSync } from "node:fs";
import { evaluate, explain, flavors, check } from "tftype";
const cases = JSON.parse(readFileSync("cases.json", "utf8"));
const t0 = performance.now();
const results = cases.map((c) => evaluate(c));
const ms = performance.now() - t0;
const f = flavors();
const steps = explain({ type: "list(string)", value: "[1, true]" });
const checks = cases.filter((c) => c.mode === "check").map((c) => check(c));
let bad = null;
try { check({ files: {}, flavor: "terraform@0.1" }); } catch (e) { bad = e instanceof TypeError; }
console.log(JSON.stringify({ results, ms, flavors: f.length, explain: steps.length, checks, badFlavorThrows: bad }));
`,
  );
  const run = spawnSync("node", ["run.mjs"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`the installed package failed:\n${run.stderr}`);
  const got = JSON.parse(run.stdout);

  const batch = spawnSync(CLI, ["batch"], { input: cases.map((c) => JSON.stringify(c)).join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 28 });
  if (batch.status !== 0) throw new Error(`${CLI} batch failed: ${batch.stderr}`);
  const want = batch.stdout.trim().split("\n").map((l) => JSON.parse(l));

  // The package adds UTF-16 ranges; they must be there, and the rest must be equal.
  const strip = (r) => {
    for (const d of [...(r.diagnostics ?? []), ...(r.warnings ?? [])]) {
      if ("subject" in d) continue; // check mode: places by line and column
      if (!("start16" in d && "end16" in d)) throw new Error(`no UTF-16 range in ${JSON.stringify(d)}`);
      delete d.start16;
      delete d.end16;
    }
    return JSON.stringify(r);
  };
  let same = 0;
  const diffs = [];
  got.results.forEach((r, i) => {
    if (strip(r) === JSON.stringify(want[i])) same++;
    else diffs.push(`${JSON.stringify(cases[i].id)}:\n  npm ${JSON.stringify(r)}\n  cli ${JSON.stringify(want[i])}`);
  });
  // check(): the same verdict and diagnostics as batch's check-mode answer, placed ranges with UTF-16 offsets.
  const checkCases = cases.map((c, i) => [c, want[i]]).filter(([c]) => c.mode === "check");
  got.checks.forEach((r, i) => {
    const [c, w] = checkCases[i];
    const summaries = (ds) => ds.map((d) => `${d.severity}:${d.summary}:${d.detail}`).join("|");
    const placed = r.diagnostics.every((d) => !d.range || (Number.isInteger(d.range.start16) && Number.isInteger(d.range.end16)));
    if (r.valid !== w.ok || summaries(r.diagnostics) !== summaries(w.diagnostics) || !placed) diffs.push(`check ${JSON.stringify(c.id)}:\n  npm ${JSON.stringify(r)}\n  cli ${JSON.stringify(w)}`);
  });
  if (got.badFlavorThrows !== true) diffs.push("check() with an unknown flavor did not throw a TypeError");
  console.log(`npm package: ${same}/${cases.length} cases as the CLI answers them (${got.ms.toFixed(0)} ms in Node), ${got.checks.length} modules checked alike, ${got.flavors} flavors, explain gave ${got.explain} steps`);
  if (diffs.length || cases.length < 200 || got.checks.length < 5 || got.flavors !== 18 || got.explain < 1) {
    console.error(diffs.slice(0, 10).join("\n"));
    process.exit(1);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
