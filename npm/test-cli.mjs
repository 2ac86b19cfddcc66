// The npm package's `tftype` bin (the CLI built for wasm32-wasip1, run by node:wasi) as its
// users get it: dist/npm/ packed (`npm pack`), installed into a temporary project, and run as
// node_modules/.bin/tftype. Every run must give the native CLI's standard output, byte for
// byte, and its exit code; standard error must be the native one too (the Node launcher adds
// nothing: no ExperimentalWarning, no Node stack trace).
//   node npm/test-cli.mjs [--cli target/debug/tftype] [--tgz dist/tftype-0.1.0.tgz] [--full] [--every K]
// Runs:
// - every distinct module of the public check / validation corpora (core/tests/conformance/
//   check.jsonl, validation.jsonl, check_files.jsonl: the case's files written to a directory,
//   its -var/-var-file arguments, TF_VAR_ environment and flavor) in the human and json
//   formats, every 4th also in sarif and github (--full: every one in every format), and
//   every 10th with --all-flavors, --explain, --print-effective;
// - sample modules: local module calls, a version file above the module, a module given by
//   a relative path from another directory, the 1,000 variables x 10 files module of
//   scripts/bench-check;
// - eval / explain / link / flavors / batch (standard input) / lsp (a short session) /
//   completions / --version / --help / usage errors; check on a terminal (colours);
// - bad input: an unreadable directory, binary and non-UTF-8 files, a non-UTF-8 file name,
//   a huge file, symbolic link loops, missing and wrong paths.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { benchModule } from "./bench-module.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const CLI = resolve(arg("--cli", "target/debug/tftype"));
const PKG = resolve("dist/npm");
const CORPUS = resolve("core/tests/conformance");
const FORMATS = ["human", "json", "sarif", "github"];
const FULL = process.argv.includes("--full");
// --every K: only every K-th module of each corpus (a quick run; the test command runs all).
const EVERY = Number(arg("--every", "1"));

// The environment both programs run in: no TF_VAR_ or tftype settings from the caller.
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith("TF_VAR_") && !["NO_COLOR", "TFTYPE_BASE_URL"].includes(k)),
);

const work = mkdtempSync(join(tmpdir(), "tftype-npm-cli-"));
const writeTree = (dir, files) => {
  for (const [name, text] of Object.entries(files)) {
    const p = join(dir, name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
};

function run(cmd, args, { cwd, env = {}, input } = {}) {
  return new Promise((done) => {
    const p = spawn(cmd, args, { cwd, env: { ...baseEnv, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    const err = [];
    p.stdout.on("data", (b) => out.push(b));
    p.stderr.on("data", (b) => err.push(b));
    p.stdin.on("error", () => {});
    p.stdin.end(input ?? "");
    p.on("close", (code, signal) => done({ code, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString("utf8") }));
  });
}

let bin;
const cases = [];
const add = (group, name, args, opts = {}) => cases.push({ group, name, args, opts });

try {
  // The package as users install it.
  const tgz = arg("--tgz", null) ? resolve(arg("--tgz")) : join(work, execFileSync("npm", ["pack", PKG, "--pack-destination", work, "--silent"], { encoding: "utf8" }).trim().split("\n").pop());
  const proj = join(work, "project");
  mkdirSync(proj);
  writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "npm-cli-test", private: true }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", tgz], { cwd: proj, stdio: "inherit" });
  bin = join(proj, "node_modules/.bin/tftype");

  // <tftype-example> from the package's own directory (as an npm CDN serves it): every module
  // it imports is a file of the package, and its playground link is not a local address.
  const installed = join(proj, "node_modules/tftype");
  const embed = readFileSync(join(installed, "tftype-embed.js"), "utf8");
  const imports = [...embed.matchAll(/^import [^;]* from "([^"]+)";$/gm)].map((m) => m[1]);
  if (imports.length === 0 || imports.some((m) => !m.startsWith("./") || !existsSync(join(installed, m)))) {
    throw new Error(`tftype-embed.js in the package imports ${JSON.stringify(imports)}: not all are files of the package`);
  }
  if (embed.includes("127.0.0.1") || !/^const PLAYGROUND = new URL\("https:\/\//m.test(embed)) {
    throw new Error("tftype-embed.js in the package does not link to an https:// playground");
  }

  // 1. The corpora's modules, each once (the cases that differ only in flavor share one).
  for (const file of ["check.jsonl", "validation.jsonl", "check_files.jsonl"]) {
    const seen = new Set();
    const lines = readFileSync(join(CORPUS, file), "utf8").split("\n").filter((l) => l.trim());
    let k = 0;
    for (const line of lines) {
      const c = JSON.parse(line);
      const key = JSON.stringify([c.files, c.args ?? [], c.env ?? {}]);
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size % EVERY !== 0) continue;
      const dir = writeTree(join(work, "corpus", file, String(k)), c.files);
      const vars = (c.args ?? []).flatMap(([flag, value]) => [flag, value]);
      const flavor = c.flavor ? ["--flavor", c.flavor] : [];
      const opts = { cwd: dir, env: c.env ?? {} };
      // human and json (every diagnostic with its snippet) for every module; sarif and github
      // (the same diagnostics in other forms) for every 4th, or every one with --full.
      const formats = FULL || k % 4 === 0 ? FORMATS : ["human", "json"];
      for (const format of formats) add(file, `${c.id} --format ${format}`, ["check", ...flavor, "--format", format, ...vars], opts);
      if (k % 10 === 0) {
        add(file, `${c.id} --all-flavors`, ["check", "--all-flavors", ...vars], opts);
        add(file, `${c.id} --all-flavors json`, ["check", "--all-flavors", "--format", "json", ...vars], opts);
        add(file, `${c.id} --explain --print-effective`, ["check", ...flavor, "--explain", "--print-effective", ...vars], opts);
      }
      k++;
    }
  }

  // 2. Sample modules.
  const calls = writeTree(join(work, "samples", "calls"), {
    "main.tf": 'variable "env" {\n  type = string\n}\n\nmodule "net" {\n  source = "./modules/net"\n  cidr   = 10\n  zones  = ["a", "b"]\n}\n',
    "terraform.tfvars": 'env = "prod"\n',
    "modules/net/main.tf": 'variable "cidr" {\n  type = string\n  validation {\n    condition     = can(cidrhost(var.cidr, 0))\n    error_message = "cidr must be a CIDR block."\n  }\n}\n\nvariable "zones" {\n  type = set(string)\n}\n',
  });
  for (const format of FORMATS) add("samples", `module calls --format ${format}`, ["check", "--format", format], { cwd: calls });
  const versioned = writeTree(join(work, "samples", "versioned"), {
    ".terraform-version": "1.9.8\n",
    "infra/main.tf": 'variable "tags" {\n  type = map(string)\n}\n',
    "infra/prod.tfvars": "tags = { a = 1, b = true, c = null }\n",
  });
  for (const format of FORMATS) {
    add("samples", `version file above, relative paths --format ${format}`, ["check", "infra", "-var-file=infra/prod.tfvars", "--format", format], { cwd: versioned });
  }
  add("samples", "a module named ../ from another directory", ["check", "../infra", "--var-file", "../infra/prod.tfvars"], { cwd: writeTree(join(versioned, "elsewhere"), {}) });
  add("samples", "an absolute module path", ["check", join(versioned, "infra"), "--format", "json"], { cwd: work });
  const good = writeTree(join(work, "samples", "pre-commit-good"), {
    "variables.tf": 'variable "environment" {\n  type = string\n}\n\nvariable "instance_count" {\n  type    = number\n  default = 1\n}\n',
    "terraform.tfvars": 'environment = "prod"\ninstance_count = "three"\n',
  });
  for (const format of FORMATS) add("samples", `pre-commit's module --format ${format}`, ["check", "--format", format], { cwd: good });
  // scripts/bench-check's module: 1,000 variables (mixed types, a third with defaults, half with
  // a validation rule) and 10 .auto.tfvars files of 1,000 values each.
  const bench = join(work, "samples", "bench-1000");
  writeTree(bench, benchModule(1000));
  for (const format of FORMATS) add("samples", `bench module 1000x10 --format ${format}`, ["check", "--format", format], { cwd: bench });

  // 3. The other subcommands.
  const here = { cwd: work };
  const evals = [
    ["list(number)", '["1", 2]'],
    ["object({ name = string, port = optional(number, 80) })", '{ name = "web", prot = 8080 }'],
    ["map(string)", "{ a = 1, b = true }"],
    ["number", '"x"'],
    ["set(string)", '["b", "a", "b"]'],
  ];
  for (const [ty, v] of evals) {
    add("subcommands", `eval ${ty}`, ["eval", ty, v], here);
    add("subcommands", `eval ${ty} --all-flavors`, ["eval", ty, v, "--all-flavors"], here);
    add("subcommands", `explain ${ty}`, ["explain", ty, v], here);
    add("subcommands", `explain ${ty} --lang ja`, ["explain", ty, v, "--lang", "ja"], here);
    add("subcommands", `link ${ty}`, ["link", ty, v, "--flavor", "opentofu@1.8", "--tab", "why"], here);
    add("subcommands", `eval ${ty} --emit tfvars`, ["eval", ty, v, "--emit", "tfvars"], here);
  }
  add("subcommands", "eval --no-type", ["eval", "--no-type", "[1, 2]", "--format", "hcl"], here);
  add("subcommands", "eval deep nesting", ["eval", "any", "[".repeat(120) + "1" + "]".repeat(120)], here);
  add("subcommands", "eval too deep", ["eval", "any", "[".repeat(5000) + "1" + "]".repeat(5000)], here);
  add("subcommands", "eval a long list", ["eval", "list(number)", `[${Array.from({ length: 20000 }, (_, i) => i).join(",")}]`], here);
  add("subcommands", "link --base", ["link", "string", '"x"', "--base", "https://tftype.github.io/tftype/"], here);
  add("subcommands", "link with a bad --base", ["link", "string", '"x"', "--base", "ftp://x"], here);
  add("subcommands", "flavors", ["flavors"], here);
  add("subcommands", "--version", ["--version"], here);
  add("subcommands", "--help", ["--help"], here);
  add("subcommands", "check --help", ["check", "--help"], here);
  add("subcommands", "completions bash", ["completions", "bash"], here);
  add("subcommands", "no subcommand (usage error)", [], here);
  add("subcommands", "an unknown flavor (usage error)", ["eval", "string", '"x"', "--flavor", "terraform@0.1"], here);
  add("subcommands", "an unknown subcommand", ["frobnicate"], here);
  const batchInput = readFileSync(join(CORPUS, "flavors.jsonl"), "utf8").split("\n").slice(0, 300).join("\n") +
    '\n\n{"id": "broken", "type": \n' + "\ufeff{}\n";
  add("subcommands", "batch (300 cases on standard input)", ["batch"], { cwd: work, input: batchInput });
  add("subcommands", "batch with a line that is not UTF-8", ["batch"], { cwd: work, input: Buffer.concat([Buffer.from('{"id":"a","type":"string","value":"\\"x\\""}\n'), Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from('{"id":"b","type":"number","value":"1"}\n')]) });
  const lspDir = writeTree(join(work, "samples", "lsp"), { "main.tf": 'variable "n" {\n  type = number\n}\n', "terraform.tfvars": 'n = "x"\n' });
  add("subcommands", "lsp: initialize, open a value file, hover, shutdown, exit", ["lsp"], { cwd: work, input: lspSession(lspDir), lspReplies: true });
  add("subcommands", "lsp: a malformed frame, then the input ends", ["lsp"], { cwd: work, input: "Content-Length: 5\r\n\r\n{oops" });

  // A terminal (colours and the frame of Terraform's diagnostics): both run under util-linux
  // `script`, which gives them one, when it is installed.
  if (spawnSync("script", ["--version"]).status === 0) {
    for (const [name, args] of [["check on a terminal", "check"], ["check on a terminal, NO_COLOR", "check --no-color"]]) {
      cases.push({ group: "terminal", name, args: [], opts: { cwd: good }, tty: args });
    }
  }

  // 4. Bad input, each in a directory of its own.
  const bad = (name, files, setup, args = ["check"]) => {
    const dir = writeTree(join(work, "bad", name), files);
    setup?.(dir);
    for (const format of ["human", "json"]) add("bad input", `${name} --format ${format}`, [...args, "--format", format], { cwd: dir });
  };
  const tf = 'variable "v" {\n  type = string\n}\n';
  bad("unreadable directory", {}, (d) => { mkdirSync(join(d, "m")); writeFileSync(join(d, "m/main.tf"), tf); chmodSync(join(d, "m"), 0o000); }, ["check", "m"]);
  bad("unreadable file", { "main.tf": tf, "terraform.tfvars": 'v = "x"\n' }, (d) => chmodSync(join(d, "terraform.tfvars"), 0o000));
  bad("binary .tf file", { "main.tf": tf }, (d) => writeFileSync(join(d, "bin.tf"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0, 0, 255])));
  bad("binary value file", { "main.tf": tf }, (d) => writeFileSync(join(d, "terraform.tfvars"), Buffer.from([118, 32, 61, 32, 0, 0, 1])));
  bad("non-UTF-8 .tf file", { "main.tf": tf }, (d) => writeFileSync(join(d, "latin1.tf"), Buffer.from('variable "caf\xe9" {}\n', "latin1")));
  bad("non-UTF-8 value file", { "main.tf": tf }, (d) => writeFileSync(join(d, "terraform.tfvars"), Buffer.from('v = "caf\xe9"\n', "latin1")));
  bad("non-UTF-8 file name", { "main.tf": tf, "terraform.tfvars": 'v = "x"\n' }, (d) => writeFileSync(Buffer.concat([Buffer.from(d + "/a"), Buffer.from([0xff]), Buffer.from(".auto.tfvars")]), 'v = 1\n'));
  bad("huge value file (300 MB, sparse)", { "main.tf": tf }, (d) => { writeFileSync(join(d, "terraform.tfvars"), ""); truncateSync(join(d, "terraform.tfvars"), 300 << 20); });
  bad("a large value file (5 MB)", { "main.tf": tf, "terraform.tfvars": `v = "${"x".repeat(5 << 20)}"\n` });
  bad("symlink loop: a file", { "main.tf": tf }, (d) => symlinkSync("loop.tf", join(d, "loop.tf")));
  bad("symlink loop: a value file", { "main.tf": tf }, (d) => { symlinkSync("b.auto.tfvars", join(d, "a.auto.tfvars")); symlinkSync("a.auto.tfvars", join(d, "b.auto.tfvars")); });
  bad("symlink loop: --var-file", { "main.tf": tf }, (d) => symlinkSync("x.tfvars", join(d, "x.tfvars")), ["check", "--var-file", "x.tfvars"]);
  bad("symlink loop: module calls", { "main.tf": 'module "m" {\n  source = "./m"\n}\n' }, (d) => { mkdirSync(join(d, "m")); writeFileSync(join(d, "m/main.tf"), 'module "again" {\n  source = "./again"\n}\n'); symlinkSync(".", join(d, "m/again")); });
  bad("symlink loop: the directory", {}, (d) => symlinkSync("self", join(d, "self")), ["check", "self"]);
  bad("a directory that does not exist", {}, null, ["check", "nowhere"]);
  bad("a file given as the directory", { "main.tf": tf }, null, ["check", "main.tf"]);
  bad("no module in the directory", { "README.md": "hi\n" });
  bad("a --var-file that does not exist", { "main.tf": tf }, null, ["check", "--var-file", "nope.tfvars"]);
  bad("a --var-file that is a directory", { "main.tf": tf }, (d) => mkdirSync(join(d, "vars.tfvars")), ["check", "--var-file", "vars.tfvars"]);
  bad("a directory named like a value file", { "main.tf": tf }, (d) => mkdirSync(join(d, "terraform.tfvars")));

  // Run them all, both programs, a few at a time.
  const failures = [];
  const counts = {};
  let next = 0;
  const t0 = performance.now();
  let wasmMs = 0;
  let nativeMs = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      if (next % 500 === 0) console.log(`npm cli: ${next} of ${cases.length} runs started (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      const n0 = performance.now();
      // On a terminal: `script -qec "PROGRAM ARGS" /dev/null` (the words need no quoting).
      const cmd = (program) => (c.tty ? ["script", ["-qec", `${program} ${c.tty}`, "/dev/null"]] : [program, c.args]);
      const want = await run(...cmd(CLI), c.opts);
      const n1 = performance.now();
      const got = await run(...cmd(bin), c.opts);
      nativeMs += n1 - n0;
      wasmMs += performance.now() - n1;
      const g = (counts[c.group] ??= { passed: 0, failed: 0 });
      const why = [];
      if (got.code !== want.code) why.push(`exit ${got.code} (signal ${got.signal}), native ${want.code}`);
      // A language server's notifications (the version logged, diagnostics published) come
      // when its checks run, and natively that depends on how the messages, sent in one piece,
      // reach the serving thread: the replies are compared frame by frame, the notifications not.
      const same = c.opts.lspReplies ? lspReplies(got.stdout) === lspReplies(want.stdout) : got.stdout.equals(want.stdout);
      if (!same) why.push(`stdout differs:\n--- native\n${want.stdout.toString().slice(0, 1500)}\n--- npm\n${got.stdout.toString().slice(0, 1500)}`);
      if (got.stderr !== want.stderr) why.push(`stderr differs:\n--- native\n${want.stderr.slice(0, 1500)}\n--- npm\n${got.stderr.slice(0, 1500)}`);
      if (/ExperimentalWarning|\n\s+at .*\.m?js:\d+/.test(got.stderr)) why.push(`Node's words on stderr:\n${got.stderr.slice(0, 1500)}`);
      if (why.length) {
        g.failed++;
        failures.push(`${c.group}: ${c.name}: tftype ${c.args.map((a) => (a.length > 60 ? a.slice(0, 60) + "…" : a)).join(" ")}\n  ${why.join("\n  ")}`);
      } else {
        g.passed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, worker));
  for (const [group, { passed, failed }] of Object.entries(counts)) console.log(`npm cli: ${group}: ${passed} passed, ${failed} failed`);
  console.log(`npm cli: ${cases.length} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s (native ${(nativeMs / cases.length).toFixed(0)} ms, npm ${(wasmMs / cases.length).toFixed(0)} ms per run on average)`);
  if (failures.length) {
    console.error(failures.slice(0, 20).join("\n\n"));
    console.error(`npm cli: ${failures.length} of ${cases.length} runs differ from the native CLI`);
    process.exitCode = 1;
  } else {
    console.log(`npm cli: ${cases.length} passed, 0 failed`);
  }
} finally {
  // chmod 000 directories cannot be removed by a non-root user until readable again.
  const open = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        chmodSync(p, 0o755);
        open(p);
      }
    }
  };
  try { open(work); } catch { /* best effort */ }
  rmSync(work, { recursive: true, force: true });
}

// A language server's output without its notifications: the frames that answer a request, in
// their order, each as its header and body (an output that is not framed is kept whole).
function lspReplies(out) {
  const frames = [];
  let at = 0;
  while (at < out.length) {
    const head = /^Content-Length: (\d+)\r\n\r\n/.exec(out.subarray(at, at + 40).toString("latin1"));
    if (!head) return out.toString();
    const start = at + head[0].length;
    const body = out.subarray(start, start + Number(head[1])).toString();
    at = start + Number(head[1]);
    let msg;
    try { msg = JSON.parse(body); } catch { return out.toString(); }
    if ("id" in msg) frames.push(head[0] + body);
  }
  return frames.join("");
}

// An LSP session as a client sends it, in one piece.
function lspSession(dir) {
  const uri = `file://${dir}/terraform.tfvars`;
  const msgs = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: `file://${dir}`, capabilities: {} } },
    { jsonrpc: "2.0", method: "initialized", params: {} },
    { jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "terraform-vars", version: 1, text: 'n = "x"\n' } } },
    { jsonrpc: "2.0", id: 2, method: "textDocument/hover", params: { textDocument: { uri }, position: { line: 0, character: 0 } } },
    { jsonrpc: "2.0", id: 3, method: "shutdown" },
    { jsonrpc: "2.0", method: "exit" },
  ];
  return msgs.map((m) => {
    const body = JSON.stringify(m);
    return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  }).join("");
}
