// node scripts/lib/sarif-validate.mjs --cli TFTYPE --tools DIR   (run by scripts/test-sarif)
//
// Builds modules in a temporary directory, runs `tftype check --format sarif` on each, and
// validates every log against the SARIF 2.1.0 schema (DIR/sarif-schema-2.1.0.json, Ajv with
// draft-04 and formats from DIR/node_modules). Each log's results are also compared with the
// same check's `--format json` diagnostics: one result per diagnostic, same level and text,
// a location exactly when the diagnostic has a file. Prints "sarif: N passed, M failed".
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const CLI = resolve(arg("--cli") ?? "target/debug/tftype");
// Every version the CLI knows (its flavor table), one row each in `tftype flavors`.
const FLAVOR_COUNT = spawnSync(CLI, ["flavors"], { encoding: "utf8" }).stdout.split("\n").filter((l) => /^(terraform|opentofu)@/.test(l)).length;
const TOOLS = resolve(arg("--tools") ?? "target/sarif-validate");
const require = createRequire(join(TOOLS, "package.json"));
const Ajv = require("ajv-draft-04");
const addFormats = require("ajv-formats");
const schema = JSON.parse(readFileSync(join(TOOLS, "sarif-schema-2.1.0.json"), "utf8"));
// unicodeRegExp: false: the 2.1.0 schema's `language` pattern has a lone `]`, which only non-Unicode
// regular expressions read (as a literal); the errata later corrected the pattern.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const VARS = `variable "env" {
  type = string
}

variable "port" {
  type    = number
  default = 80
}

variable "servers" {
  type    = list(object({ name = string, port = optional(number, 80) }))
  default = []
}
`;

const root = mkdtempSync(join(tmpdir(), "tftype-sarif-"));
// name → files; a file's text may be a Buffer.
function module(name, files) {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    const p = join(dir, path);
    mkdirSync(join(p, ".."), { recursive: true });
    writeFileSync(p, text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

const absVarFile = join(root, "abs dir", "abs.tfvars");
mkdirSync(join(root, "abs dir"), { recursive: true });
writeFileSync(absVarFile, 'port = "abs"\n');

// [name, module dir, args, expected exit code, what the log must show]
const cases = [
  ["errors", module("errors", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\nport = "eighty"\nservers = [{ name = 1, port = "x" }]\n' }), [], 1, { errors: 2 }],
  ["warnings only", module("warnings", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\na = 1\nb = 2\nc = 3\n' }), [], 0, { warnings: 3 }],
  ["no diagnostics", module("clean", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\n' }), [], 0, { results: 0 }],
  ["a diagnostic without a place (-var without =)", module("sourceless", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\n' }), ["--var", "port"], 1, { unplaced: 1 }],
  ["diagnostics without a place (an undeclared -var)", module("sourceless2", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\nx = 1\n' }), ["--var", "undeclared=1"], 1, { unplaced: 2, errors: 1, warnings: 1 }],
  ["a -var value that does not parse", module("cli-value", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\n' }), ["--var", "servers=[{"], 1, { unplaced: 1 }],
  [
    "file names with spaces, #, % and non-ASCII letters",
    module("names", { "variables.tf": VARS, "prod env #1 100% ü 日本.auto.tfvars": 'env = "dev"\nport = "x"\n' }),
    [],
    1,
    { errors: 1, uriIncludes: "prod%20env%20%231%20100%25%20%C3%BC%20%E6%97%A5%E6%9C%AC.auto.tfvars" },
  ],
  ["a var-file outside the module", module("outside/module", { "variables.tf": VARS, "../outside.tfvars": 'env = "dev"\nport = "out"\n' }), ["--var-file", "../outside.tfvars"], 1, { errors: 1, uriIncludes: "../outside.tfvars" }],
  ["a var-file by absolute path", module("absolute", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\n' }), ["--var-file", absVarFile], 1, { errors: 1, uriIncludes: "file:///" }],
  ["a file that cannot be read", module("unreadable", { "variables.tf": VARS, "x.auto.tfvars/keep": "" }), [], 1, { unplaced: 1 }],
  ["invalid UTF-8", module("utf8", { "variables.tf": VARS, "terraform.tfvars": Buffer.from([0x65, 0x6e, 0x76, 0x20, 0x3d, 0x20, 0x22, 0xff, 0x22, 0x0a]) }), [], 1, { errors: 1 }],
  ["a module directory that does not exist", root, ["no-such-module"], 2, { unplaced: 1 }],
  // hcl counts 16 characters before "x" (e and its combining mark are one, as is the emoji);
  // SARIF's default columnKind counts UTF-16 code units: 18.
  ["a combining mark before the range (columns in UTF-16 code units)", module("columns", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\nport = /* e\u0301😀 */ "x"\n' }), [], 1, { errors: 1, startColumn: 19 }],
  [
    "every flavor (--all-flavors: one run per group)",
    module("flavors", { "variables.tf": VARS + 'variable "key" {\n  type      = string\n  default   = "k"\n  ephemeral = true\n}\n', "terraform.tfvars": 'env = "dev"\n' }),
    ["--all-flavors"],
    1,
    { runs: 2, flavors: FLAVOR_COUNT },
  ],
];
// tftype's notes: note-level results with rules of their own, placed, after the diagnostics.
cases.push(["tftype's notes (a misspelled variable, a dropped attribute)", module("notes", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\nenn = "x"\nservers = [{ name = "a", prot = 1 }]\n' }), [], 0, { warnings: 1, notes: 2 }]);
// Several directories: one log, one run per directory, each naming it.
module("several/a", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\nport = "x"\n' });
module("several/b", { "variables.tf": VARS, "terraform.tfvars": 'env = "dev"\n' });
cases.push(["several directories (one log, one run each)", join(root, "several"), ["a", "b"], 1, { errors: 1, directories: ["a", "b"] }]);
symlinkSync("loop.auto.tfvars", join(module("loop", { "variables.tf": VARS }), "loop.auto.tfvars"));
cases.push(["a symbolic link loop", join(root, "loop"), [], 1, { unplaced: 1 }]);

const run = (dir, args) => spawnSync(CLI, ["check", ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, TFTYPE_BASE_URL: "https://example.org/tftype/" } });

// The SARIF 2.1.0 errata's rules the 2.1.0 schema does not state.
function errataProblems(log) {
  const out = [];
  for (const r of log.runs) {
    for (const res of r.results ?? []) {
      if (typeof res.level !== "string") out.push("result.level is not a string");
      for (const loc of res.locations ?? []) {
        const region = loc.physicalLocation?.region;
        if (region && !("startLine" in region || "charOffset" in region || "byteOffset" in region)) out.push("a region without startLine, charOffset or byteOffset");
      }
    }
  }
  return out;
}

let passed = 0;
const failures = [];
for (const [name, dir, args, code, want] of cases) {
  const problems = [];
  const sarif = run(dir, [...args, "--format", "sarif"]);
  if (sarif.status !== code) problems.push(`exit code ${sarif.status}, expected ${code}: ${sarif.stderr}`);
  let log;
  try {
    log = JSON.parse(sarif.stdout);
  } catch (e) {
    problems.push(`not JSON (${e.message}): ${sarif.stdout.slice(0, 300)}`);
  }
  if (log) {
    if (!validate(log)) problems.push(...validate.errors.map((e) => `schema: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`));
    problems.push(...errataProblems(log));
    const all = log.runs.flatMap((r) => r.results);
    // tftype's notes are results of their own, after Terraform's diagnostics.
    const isNote = (r) => r.ruleId.startsWith("tftype/note.");
    const results = all.filter((r) => !isNote(r));
    const notes = all.filter(isNote);
    if (notes.some((r) => r.level !== "note" || !r.locations)) problems.push(`a note that is not a placed note-level result: ${JSON.stringify(notes)}`);
    for (const r of log.runs) {
      for (const res of r.results) {
        if (r.tool.driver.rules[res.ruleIndex]?.id !== res.ruleId) problems.push(`ruleIndex ${res.ruleIndex} is not rule ${res.ruleId}`);
      }
    }
    // The same check as JSON: one result per diagnostic (not for --all-flavors, whose JSON is grouped).
    if (!args.includes("--all-flavors")) {
      const doc = JSON.parse(run(dir, [...args, "--format", "json"]).stdout);
      // Several directories: one document with each directory's report.
      const reports = doc.directories ? doc.directories.map((d) => d.report) : [doc];
      const json = { diagnostics: reports.flatMap((r) => r.diagnostics), notes: reports.flatMap((r) => r.notes ?? []) };
      if (json.notes.length !== notes.length) problems.push(`${notes.length} note results for ${json.notes.length} JSON notes`);
      if (json.diagnostics.length !== results.length) problems.push(`${results.length} results for ${json.diagnostics.length} diagnostics`);
      json.diagnostics.forEach((d, i) => {
        const res = results[i];
        if (!res) return;
        if (res.level !== d.severity) problems.push(`result ${i}: level ${res.level}, severity ${d.severity}`);
        if (!res.message.text.startsWith(d.summary)) problems.push(`result ${i}: message ${JSON.stringify(res.message.text)}`);
        const placed = Boolean(d.range) && !d.range.filename.startsWith("<");
        if (Boolean(res.locations) !== placed) problems.push(`result ${i}: locations ${JSON.stringify(res.locations)} for range ${JSON.stringify(d.range)}`);
      });
    }
    const count = (level) => results.filter((r) => r.level === level).length;
    if (want.errors !== undefined && count("error") !== want.errors) problems.push(`${count("error")} errors, expected ${want.errors}`);
    if (want.warnings !== undefined && count("warning") !== want.warnings) problems.push(`${count("warning")} warnings, expected ${want.warnings}`);
    if (want.notes !== undefined && notes.length !== want.notes) problems.push(`${notes.length} notes, expected ${want.notes}`);
    if (want.directories !== undefined && JSON.stringify(log.runs.map((r) => r.properties?.directory)) !== JSON.stringify(want.directories)) problems.push(`runs' directories ${JSON.stringify(log.runs.map((r) => r.properties?.directory))}`);
    if (want.results !== undefined && results.length !== want.results) problems.push(`${results.length} results, expected ${want.results}`);
    if (want.unplaced !== undefined && results.filter((r) => !r.locations).length !== want.unplaced) problems.push(`results without a location: ${results.filter((r) => !r.locations).length}, expected ${want.unplaced}`);
    const uris = results.flatMap((r) => (r.locations ?? []).map((l) => l.physicalLocation.artifactLocation.uri));
    if (want.uriIncludes && !uris.some((u) => u.includes(want.uriIncludes))) problems.push(`no uri includes ${want.uriIncludes}: ${JSON.stringify(uris)}`);
    if (want.startColumn !== undefined) {
      const cols = results.flatMap((r) => (r.locations ?? []).map((l) => l.physicalLocation.region.startColumn));
      if (!cols.includes(want.startColumn)) problems.push(`start columns ${JSON.stringify(cols)}, expected ${want.startColumn}`);
    }
    if (results.some((r) => r.level === "error" && r.properties?.playground && !r.properties.playground.startsWith("https://example.org/tftype/?"))) problems.push("a playground link not at TFTYPE_BASE_URL");
    if (want.runs !== undefined) {
      const ids = log.runs.map((r) => r.automationDetails?.id);
      const flavors = log.runs.flatMap((r) => r.properties?.flavors ?? []);
      if (log.runs.length < want.runs) problems.push(`${log.runs.length} runs, expected at least ${want.runs}`);
      if (new Set(ids).size !== ids.length || ids.some((id) => !id)) problems.push(`run ids not distinct: ${JSON.stringify(ids)}`);
      if (new Set(flavors).size !== want.flavors || flavors.length !== want.flavors) problems.push(`the runs cover ${flavors.length} flavors, expected each of ${want.flavors} once`);
    }
    if (name === "errors" && !results.some((r) => r.properties?.playground)) problems.push("no failure carries its playground link");
  }
  if (problems.length) failures.push(`${name}:\n  ${problems.slice(0, 8).join("\n  ")}`);
  else passed++;
}
rmSync(root, { recursive: true, force: true });
for (const f of failures) console.log(`FAIL ${f}`);
console.log(`sarif: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
