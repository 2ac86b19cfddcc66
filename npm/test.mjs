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

// Every k-th case of every corpus file, so that all files, modes and flavors are represented
// (single variables, `"mode": "check"` modules, `"mode": "expr"` expressions: the package's
// evaluate() answers every mode as `tftype batch` does).
const files = readdirSync(CORPUS)
  .filter((f) => f.endsWith(".jsonl") && !f.endsWith(".expected.jsonl"))
  .sort();
const all = files.flatMap((f) => readFileSync(join(CORPUS, f), "utf8").split("\n").filter((l) => l.trim()).map((l, i) => [f, JSON.parse(l), i]));
const step = Math.max(1, Math.floor(all.length / WANT));
const picked = all.filter(([, , i]) => i % step === 0);
const cases = picked.map(([, c]) => c);
const perFile = Object.fromEntries(files.map((f) => [f, picked.filter(([g]) => g === f).length]));

const dir = mkdtempSync(join(tmpdir(), "tftype-npm-"));
try {
  const tgz = execFileSync("npm", ["pack", PKG, "--pack-destination", dir, "--silent"], { encoding: "utf8" }).trim().split("\n").pop();
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "npm-test", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", `./${tgz}`], { cwd: dir, stdio: "inherit" });
  writeFileSync(join(dir, "cases.json"), JSON.stringify(cases));
  writeFileSync(
    join(dir, "run.mjs"),
    `import { readFileSync } from "node:fs";
import { evaluate, explain, flavors, defaultFlavor, check } from "tftype";
const cases = JSON.parse(readFileSync("cases.json", "utf8"));
const t0 = performance.now();
const results = cases.map((c) => evaluate(c));
const ms = performance.now() - t0;
const f = flavors();
const steps = explain({ type: "list(string)", value: "[1, true]" });
const checks = cases.filter((c) => c.mode === "check").map((c) => check(c));
let bad = null;
try { check({ files: {}, flavor: "terraform@0.1" }); } catch (e) { bad = e instanceof TypeError; }
console.log(JSON.stringify({ results, ms, flavors: f.map((x) => x.name), defaultFlavor: defaultFlavor(), explain: steps.length, checks, badFlavorThrows: bad }));
`,
  );
  // Rules of the package's boundary, each checked in the installed package.
  writeFileSync(
    join(dir, "rules.mjs"),
    `import * as tftype from "tftype";
const { evaluate, explain, text, link } = tftype;
const failures = [];
const rule = (name, f) => { try { f(); } catch (e) { failures.push(name + ": " + (e?.stack ?? e)); } };
const assert = (ok, what) => { if (!ok) throw new Error(what); };
const throwsTypeError = (f, mentions) => {
  try { f(); } catch (e) {
    assert(e instanceof TypeError, "a TypeError, not " + e);
    assert(e.message.includes(mentions), JSON.stringify(e.message) + " names " + mentions);
    return;
  }
  throw new Error("no error thrown");
};

rule("a trap throws once; the next call gets a new instance and a normal answer", () => {
  const before = evaluate({ type: "list(number)", value: '["1", 2]' });
  let trapped = null;
  try { evaluate[Symbol.for("tftype.trapForTest")](); } catch (e) { trapped = e; }
  assert(trapped instanceof WebAssembly.RuntimeError, "the trap is a RuntimeError: " + trapped);
  for (let i = 0; i < 3; i++) {
    const after = evaluate({ type: "list(number)", value: '["1", 2]' });
    assert(JSON.stringify(after) === JSON.stringify(before), "answer after the trap: " + JSON.stringify(after));
  }
  assert(text("en", "lang.en") === "English", "text after the trap");
});

rule("many diagnostics: the first ones listed, the rest counted", () => {
  const r = evaluate({ type: "list(string)", value: "[" + "x,".repeat(300000) + "]" });
  assert(r.diagnostics.length === 100 && r.diagnostics_omitted === 299900, JSON.stringify([r.diagnostics.length, r.diagnostics_omitted]));
});

const typeErrors = [
  ["evaluate(undefined)", () => evaluate(undefined), "request"],
  ["evaluate with an array", () => evaluate([]), "request"],
  // ux-5 M12: the README's promise, for evaluate too; a misspelled field is named.
  ["evaluate with a number for the value", () => evaluate({ type: "number", value: 5 }), "request.value"],
  ["evaluate with a number for the type", () => evaluate({ type: 5, value: "1" }), "request.type"],
  ["evaluate with a misspelled field", () => evaluate({ type: "number", value: "1", flavour: "opentofu@1.8" }), "request.flavour is not a field of a request (did you mean flavor?)"],
  ["evaluate with an unknown field", () => evaluate({ type: "number", value: "1", colour: "red" }), "request.colour"],
  ["explain without a value", () => explain({ type: "string" }), "request.value"],
  ["explain with a number for the type", () => explain({ type: 5 }), "request."],
  ["text with numbers", () => text(1, 2, 3), "lang"],
  ["text with a number as a placeholder", () => text("en", "refusal.bad_name", { name: 5 }), "args.name"],
  ["link with a number for the base", () => link(5, { value: "1" }), "base"],
  ["link with an object for the language", () => link("https://x/", { value: "1" }, {}), "lang"],
  ["link to a javascript: address", () => link("javascript:alert(1)//", { value: "1" }), "base"],
  // Not a module at all (reliability review 4, finding 13), and a lone surrogate (finding 15).
  ["check(5)", () => tftype.check(5), "input"],
  ["check of a string", () => tftype.check("x"), "input"],
  ["check of an array", () => tftype.check([]), "input"],
  ["check()", () => tftype.check(), "input"],
  ["check with a lone surrogate in a file", () => tftype.check({ files: { "main.tf": 'variable "x" {\\n  default = "' + String.fromCharCode(0xd800) + '"\\n}\\n' } }), 'input["files"]["main.tf"]'],
  ["check with a lone surrogate in an argument", () => tftype.check({ files: { "main.tf": "" }, args: [["-var", "x=" + String.fromCharCode(0xdc00)]] }), "well-formed Unicode"],
];
rule("a link's parameters go before the base's fragment", () => {
  const u = link("https://x/#a", { type: "number", value: "1", flavor: "opentofu@1.8" });
  assert(u === "https://x/?type=number&value=1&flavor=opentofu%401.8#a", u);
});
rule("a link names its flavor, the default one too", () => {
  const u = link("https://x/", { type: "number", value: "1" });
  assert(u === "https://x/?type=number&value=1&flavor=" + encodeURIComponent(tftype.defaultFlavor()), u);
});
for (const [name, f, mentions] of typeErrors) rule("bad arguments are a TypeError naming them: " + name, () => throwsTypeError(f, mentions));
rule("the engine still answers after the bad arguments", () => assert(evaluate({ type: "number", value: "1" }).ok, "ok"));
rule("check() checks module calls against the local modules among the files, with UTF-16 ranges", () => {
  const r = tftype.check({ files: {
    "main.tf": 'module "app" {\\n  source = "./m"\\n  name   = "é"\\n  port   = "x"\\n  tags   = local.tags\\n}\\n',
    "m/variables.tf": 'variable "name" {\\n  type = string\\n}\\nvariable "port" {\\n  type = number\\n}\\nvariable "tags" {\\n  default = {}\\n}\\n',
  } });
  assert(r.valid === false && r.error_count === 1, JSON.stringify(r));
  const d = r.diagnostics[0];
  assert(d.detail.includes("module.app.var.port declared at m/variables.tf:4,1-16"), d.detail);
  assert(d.range.start.byte === 59 && d.range.start16 === 58, JSON.stringify(d.range));
  const [call] = r.module_calls;
  assert(call.address === "module.app" && call.status === "checked", JSON.stringify(call));
  assert(call.arguments.map((a) => a.status).join() === "ok,error,not_checked", JSON.stringify(call.arguments));
  assert(call.arguments[1].range.start16 === 58 && call.arguments[2].reason === "refers_to", JSON.stringify(call.arguments));
});
rule("a whole variable block as the type: its rules are evaluated (a failed rule, Terraform's words, the value and the rule marked)", () => {
  const type = 'variable "replicas" {\\n  type = number\\n  validation {\\n    condition     = var.replicas <= 5\\n    error_message = "At most 5."\\n  }\\n}';
  const r = evaluate({ type, value: "9" });
  assert(r.ok === false && r.stage === "rule" && r.summary === "Invalid value for variable", JSON.stringify(r));
  assert(r.detail === "At most 5.\\n\\nThis was checked by the validation rule at main.tf:3,3-13.", r.detail);
  const where = r.diagnostics.map((d) => d.source + ":" + d.start16 + "-" + d.end16).join();
  assert(where === "value:0-1,type:" + type.indexOf("var.replicas <=") + "-" + (type.indexOf("var.replicas <=") + 17), where);
  const ok = evaluate({ type, value: "4" });
  assert(ok.ok === true && ok.console === "4", JSON.stringify(ok));
});
rule("the interface is what index.d.ts declares: no test hook among the exports", () => {
  const names = Object.keys(tftype).sort().join();
  assert(names === "check,defaultFlavor,evaluate,explain,flavors,link,notes,text", names);
});
rule("a module case the engine cannot read is answered as batch answers it", () => {
  const r = evaluate({ mode: "check", files: 5 });
  assert(r.ok === false && r.stage === "input", JSON.stringify(r));
});
rule("a block reports every failing rule as the version does (Terraform: each; OpenTofu 1.7+: the first)", () => {
  const type = 'variable "name" {\\n  type = string\\n  validation {\\n    condition     = length(var.name) <= 5\\n    error_message = "At most 5 characters."\\n  }\\n  validation {\\n    condition     = can(regex("^[a-z]+$", var.name))\\n    error_message = "Lower-case letters only."\\n  }\\n}';
  for (const [flavor, want] of [["terraform@1.15", "At most 5 characters.|Lower-case letters only."], ["terraform@1.5", "At most 5 characters.|Lower-case letters only."], ["opentofu@1.6", "At most 5 characters.|Lower-case letters only."], ["opentofu@1.8", "At most 5 characters."]]) {
    const r = evaluate({ type, value: '"Too-Long-Name"', flavor });
    const got = (r.rule_errors ?? []).map((e) => e.message).join("|");
    assert(got === want, flavor + ": " + JSON.stringify(r.rule_errors));
    assert(r.detail === r.rule_errors[0].detail, flavor + ": the first error is the result's");
    const c = r.rule_errors.at(-1).condition16;
    assert(type.slice(c[0], c[1]).startsWith(r.rule_errors.length === 2 ? "can(regex(" : "length("), flavor + ": " + JSON.stringify(c));
  }
});
console.log(JSON.stringify(failures));
`,
  );
  const rules = spawnSync("node", ["rules.mjs"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
  if (rules.status !== 0) throw new Error(`the package rules failed to run:\n${rules.stderr}`);
  const broken = JSON.parse(rules.stdout.trim().split("\n").pop());
  if (broken.length) throw new Error(`npm package rules broken:\n${broken.join("\n")}`);
  console.log("npm package: boundary rules hold (trap recovery, bounded diagnostics, argument checks)");
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
  // The versions and the default are the CLI's (`tftype flavors`: a row per flavor, then a line
  // saying that --details lists what each version does differently from the default).
  const table = execFileSync(CLI, ["flavors"], { encoding: "utf8" }).trim().split("\n");
  const cliFlavors = table.filter((l) => /^(terraform|opentofu)@/.test(l)).map((l) => l.split(/\s+/)[0]);
  const cliDefault = (table.at(-1).match(/ from ((?:terraform|opentofu)@[0-9.]+)\.$/) ?? [])[1];
  if (JSON.stringify(got.flavors) !== JSON.stringify(cliFlavors)) diffs.push(`flavors(): ${got.flavors.join(" ")}; tftype flavors: ${cliFlavors.join(" ")}`);
  if (got.defaultFlavor !== cliDefault) diffs.push(`defaultFlavor(): ${got.defaultFlavor}; tftype flavors: ${cliDefault}`);
  console.log(`npm package: ${same}/${cases.length} cases as the CLI answers them (${got.ms.toFixed(0)} ms in Node), ${got.checks.length} modules checked alike, ${got.flavors.length} flavors (default ${got.defaultFlavor}), explain gave ${got.explain} steps`);
  console.log(`npm package: cases per corpus file: ${Object.entries(perFile).map(([f, n]) => `${f} ${n}`).join(", ")}`);
  for (const [f, n] of Object.entries(perFile)) if (n === 0) diffs.push(`no case of ${f} was run`);
  for (const mode of ["check", "expr"]) if (!cases.some((c) => c.mode === mode)) diffs.push(`no "${mode}" case was run`);
  if (diffs.length || cases.length < 200 || got.checks.length < 5 || got.explain < 1) {
    console.error(diffs.slice(0, 10).join("\n"));
    process.exit(1);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
