// The VS Code extension without VS Code (node --test; scripts/test-vscode runs it):
//   - package.json says what the extension contributes (languages, settings, the untrusted
//     workspace's restriction) and pins its packages;
//   - the nls files are the catalogs' words (build/nls.mjs --check), and a changed one is caught;
//   - the .vsix (TFTYPE_VSIX) holds the extension, its words and vscode-languageclient, and no
//     test or build file;
//   - activate() under a stub of the `vscode` module (a Module._load hook) makes a
//     LanguageClient (the real one, its start() recorded instead of run) that runs the
//     configured binary (TFTYPE_CLI) with ["lsp"], with the flavor and the link base as
//     initializationOptions; the untrusted workspace's binary is never run; a binary that
//     cannot start gives one message, in the display language.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const Module = require("node:module");
const { spawnSync } = require("node:child_process");

const root = path.resolve(__dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const cli = process.env.TFTYPE_CLI ? path.resolve(process.env.TFTYPE_CLI) : "";
const vsix = process.env.TFTYPE_VSIX ? path.resolve(process.env.TFTYPE_VSIX) : "";

test("package.json: languages, settings, trust, pinned packages", () => {
  const langs = Object.fromEntries(pkg.contributes.languages.map((l) => [l.id, l.extensions]));
  // The ids HashiCorp's extension uses, so the two extensions add to one language.
  assert.deepEqual(langs, { terraform: [".tf", ".tofu"], "terraform-vars": [".tfvars"] });
  const props = pkg.contributes.configuration.properties;
  assert.deepEqual(Object.keys(props).sort(), ["tftype.baseUrl", "tftype.flavor", "tftype.path"]);
  // Empty: `tftype` on PATH, else the built-in WebAssembly server.
  assert.equal(props["tftype.path"].default, "");
  assert.equal(props["tftype.flavor"].default, "");
  assert.equal(props["tftype.baseUrl"].default, "");
  const flavor = new RegExp(props["tftype.flavor"].pattern);
  // What `--flavor` and the server's setting take (versionfile::flavor_setting): a flavor's name,
  // or a version as .terraform-version writes it, alone (Terraform) or after a product.
  for (const ok of ["", "terraform@1.9", "opentofu@1.10", "tofu@1.9", "terraform@1.9.8", "1.9.8", "v1.9", "latest", "tofu@latest", "opentofu@1.10.0-beta1"])
    assert.ok(flavor.test(ok), ok);
  for (const bad of ["terraform", "banana", "terraform@", "1", "1.9 x", "pulumi@1.9"]) assert.ok(!flavor.test(bad), bad);
  for (const [name, p] of Object.entries(props)) assert.match(p.markdownDescription, /^%config\.\w+%$/, name);
  const trust = pkg.capabilities.untrustedWorkspaces;
  assert.equal(trust.supported, "limited");
  assert.deepEqual(trust.restrictedConfigurations, ["tftype.path"]);
  assert.equal(pkg.main, "./extension.js");
  // The web extension (vscode.dev, github.dev), bundled by scripts/test-vscode.
  assert.equal(pkg.browser, "./dist/web/extension.js");
  // vscode.dev / github.dev open repositories as virtual workspaces (vscode-vfs://).
  assert.equal(pkg.capabilities.virtualWorkspaces, true);
  // Ready for the Marketplace and Open VSX.
  assert.equal(pkg.publisher, "tftype");
  assert.equal(pkg.name, "tftype");
  assert.equal(pkg.license, "MPL-2.0");
  assert.equal(pkg.repository.url, "https://github.com/tftype/tftype");
  assert.equal(pkg.icon, "icon.png");
  const icon = fs.readFileSync(path.join(root, pkg.icon));
  assert.equal(icon.subarray(1, 4).toString(), "PNG");
  assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
  for (const f of ["README.md", "CHANGELOG.md"]) assert.ok(fs.statSync(path.join(root, f)).size > 200, f);
  assert.equal(pkg.displayName, "%displayName%");
  // Exact versions, no ranges.
  assert.deepEqual(pkg.dependencies, { "vscode-languageclient": "9.0.1" });
  for (const [name, v] of Object.entries(pkg.devDependencies)) assert.match(v, /^\d+\.\d+\.\d+$/, name);
  for (const e of ["onLanguage:terraform", "onLanguage:terraform-vars", "workspaceContains:**/*.tfvars.json"]) assert.ok(pkg.activationEvents.includes(e), e);
});

test("the nls files are the catalogs' words", () => {
  const words = fs.readFileSync(path.join(root, "package.nls.json"), "utf8");
  // Every %key% of package.json has its words in each file.
  const used = [...JSON.stringify(pkg).matchAll(/"%([\w.]+)%"/g)].map((m) => m[1]);
  assert.ok(used.length >= 5, used.join());
  for (const file of ["package.nls.json", "package.nls.zh-cn.json", "package.nls.ja.json"]) {
    const w = JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
    for (const k of [...used, "startError"]) assert.equal(typeof w[k], "string", `${file} ${k}`);
    assert.match(w.startError, /\{path\}/, file);
  }
  assert.match(JSON.parse(fs.readFileSync(path.join(root, "package.nls.ja.json"), "utf8")).description, /チェック/);
  const check = (dir) => spawnSync(process.execPath, [path.join(root, "build/nls.mjs"), "--check", dir], { encoding: "utf8" });
  const ok = check(root);
  assert.equal(ok.status, 0, ok.stderr);
  // A copy with one word changed is caught.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tftype-nls-"));
  try {
    for (const f of ["package.nls.json", "package.nls.zh-cn.json", "package.nls.ja.json"]) fs.copyFileSync(path.join(root, f), path.join(tmp, f));
    fs.writeFileSync(path.join(tmp, "package.nls.json"), words.replace("tftype", "tftipe"));
    const bad = check(tmp);
    assert.equal(bad.status, 1, bad.stdout);
    assert.match(bad.stderr, /package\.nls\.json differs from core\/i18n\/en\.json/);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

const { zipEntries, unpack, unzipText } = require("./lib/zip.js");
const zipNames = (file) => zipEntries(file).entries.map((e) => e.name);

test("the .vsix holds the extension, its words, the client and the WebAssembly server, and nothing of the tests", { skip: !vsix && "TFTYPE_VSIX not set" }, () => {
  const names = zipNames(vsix);
  const inside = [
    ["extension.vsixmanifest", "extension/package.json", "extension/extension.js", "extension/lib/common.js"],
    ["extension/package.nls.json", "extension/package.nls.zh-cn.json", "extension/package.nls.ja.json"],
    // The server: the .wasm, its Node runner (desktop), the web entry and its worker.
    ["extension/dist/tftype.wasm", "extension/server/node.js", "extension/server/options.js", "extension/dist/web/extension.js", "extension/dist/web/worker.js"],
    // What the Marketplace and Open VSX show and ask for.
    ["extension/LICENSE.txt", "extension/readme.md", "extension/changelog.md", "extension/icon.png"],
  ].flat();
  for (const f of inside) assert.ok(names.includes(f), `${f} in ${vsix}`);
  const size = fs.statSync(vsix).size;
  assert.ok(size <= 3 * 1024 * 1024, `the .vsix is ${size} bytes, more than 3 MB`);
  const manifest = unzipText(vsix, "extension.vsixmanifest");
  assert.match(manifest, /Microsoft\.VisualStudio\.Services\.Content\.License" Path="extension\/LICENSE\.txt"/);
  assert.match(manifest, /<Icon>extension\/icon\.png<\/Icon>/);
  assert.match(manifest, /Publisher="tftype"/);
  assert.match(unzipText(vsix, "extension/LICENSE.txt"), /^Mozilla Public License Version 2\.0/);
  // The web worker bundle carries its WASI shim: no import left.
  assert.doesNotMatch(unzipText(vsix, "extension/dist/web/worker.js"), /\bimport\b.*browser_wasi_shim/);
  // vscode-languageclient and what it needs at run time (npm list --production).
  const deps = spawnSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], { cwd: root, encoding: "utf8" });
  assert.equal(deps.status, 0, deps.stderr);
  const needed = deps.stdout
    .split("\n")
    .filter((l) => l.includes("node_modules"))
    .map((l) => "extension/" + path.relative(root, l).split(path.sep).join("/") + "/package.json");
  assert.ok(needed.some((n) => n === "extension/node_modules/vscode-languageclient/package.json"), needed.join());
  assert.ok(needed.length >= 4, needed.join());
  for (const n of needed) assert.ok(names.includes(n), `${n} in the .vsix`);
  assert.ok(names.includes("extension/node_modules/vscode-languageclient/lib/node/main.js"));
  // Nothing of the development: tests, the nls generator, vsce and its own packages.
  for (const n of names) {
    assert.ok(!/^extension\/(test|build|web)\//.test(n), n);
    assert.ok(!n.startsWith("extension/node_modules/@bjorn3"), n);
    assert.ok(!n.startsWith("extension/node_modules/@vscode/vsce"), n);
    assert.ok(!/\.vsix$|package-lock\.json$|\.vscodeignore$/.test(n), n);
  }
  assert.ok(names.length < 400, `${names.length} files`);
});

// ---- activate() under a stub of `vscode` ----

// A value that answers any property, call or `new` with another such value: what
// vscode-languageclient touches while it is made and that this test does not look at.
function anything(name) {
  const f = function () {};
  return new Proxy(f, {
    get(t, p) {
      if (p === "then") return undefined;
      if (p === Symbol.toPrimitive) return () => name;
      if (p in t && p !== "name" && p !== "length") return t[p];
      if (!(p in stash(t))) stash(t)[p] = anything(`${name}.${String(p)}`);
      return stash(t)[p];
    },
    apply: () => anything(`${name}()`),
    construct: () => anything(`new ${name}`),
  });
}
const stashes = new WeakMap();
function stash(t) {
  if (!stashes.has(t)) stashes.set(t, {});
  return stashes.get(t);
}

function event() {
  const listeners = [];
  const on = (l) => {
    listeners.push(l);
    return { dispose() {} };
  };
  on.fire = (e) => listeners.forEach((l) => l(e));
  return on;
}

// The stub's state: settings per level, trust, language, what was shown.
const state = {};
function reset({ trusted = true, user = {}, workspace = {}, language = "en" } = {}) {
  Object.assign(state, { trusted, user, workspace, language, errors: [], warnings: [], watchers: [] });
  state.onConfig = event();
  state.onTrust = event();
}

const base = anything("vscode");
const vscodeStub = new Proxy(
  {},
  {
    get(_, p) {
      if (p === "__esModule") return false;
      if (p === "workspace") {
        return new Proxy(
          {},
          {
            get(_, q) {
              if (q === "isTrusted") return state.trusted;
              if (q === "onDidChangeConfiguration") return state.onConfig;
              if (q === "onDidGrantWorkspaceTrust") return state.onTrust;
              if (q === "createFileSystemWatcher") {
                return (glob) => {
                  state.watchers.push(glob);
                  return anything(`watcher ${glob}`);
                };
              }
              if (q === "getConfiguration") {
                return (section) => {
                  assert.equal(section, "tftype");
                  const value = (k) => (k in state.workspace ? state.workspace[k] : k in state.user ? state.user[k] : pkg.contributes.configuration.properties[`tftype.${k}`].default);
                  return {
                    // As a VS Code that ignored restrictedConfigurations would answer.
                    get: value,
                    inspect: (k) => ({ key: `tftype.${k}`, defaultValue: pkg.contributes.configuration.properties[`tftype.${k}`].default, globalValue: state.user[k], workspaceValue: state.workspace[k] }),
                  };
                };
              }
              return base.workspace[q];
            },
          },
        );
      }
      if (p === "window") {
        return new Proxy(
          {},
          {
            get(_, q) {
              if (q === "showErrorMessage" || q === "showWarningMessage") {
                return (m) => {
                  (q === "showErrorMessage" ? state.errors : state.warnings).push(m);
                  return Promise.resolve(undefined);
                };
              }
              return base.window[q];
            },
          },
        );
      }
      if (p === "env") return { language: state.language };
      // The lowest VS Code the extension asks for (engines.vscode).
      if (p === "version") return pkg.engines.vscode.replace(/^\^/, "");
      return base[p];
    },
  },
);

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") return vscodeStub;
  return load.call(this, request, parent, isMain);
};

// The extension as packaged (the .vsix unpacked: what it requires must be in it), else the
// source folder.
const home = vsix ? unpack(vsix) : root;
process.on("exit", () => home !== root && fs.rmSync(home, { recursive: true, force: true }));
test("activate runs from " + (vsix ? "the unpacked .vsix" : "the source folder"), () => {
  assert.ok(fs.existsSync(path.join(home, "extension.js")));
});

// The real LanguageClient (the copy the extension loads), its start and stop recorded.
const { LanguageClient, TransportKind, CloseAction } = require(path.join(home, "node_modules/vscode-languageclient/node"));
const started = [];
const stopped = [];
LanguageClient.prototype.start = function () {
  started.push(this);
  return Promise.resolve();
};
LanguageClient.prototype.stop = function () {
  stopped.push(this);
  return Promise.resolve();
};
const extension = require(path.join(home, "extension.js"));

async function activate(settings) {
  reset(settings);
  started.length = 0;
  stopped.length = 0;
  const context = { subscriptions: [] };
  await extension.activate(context);
  return context;
}

test("activate: the configured binary runs `lsp`, the flavor and the link base as initializationOptions", { skip: !cli && "TFTYPE_CLI not set" }, async () => {
  await activate({ user: { path: "/no/such/user/tftype" }, workspace: { path: cli, flavor: "opentofu@1.10", baseUrl: "https://play.example/tftype/" } });
  assert.deepEqual(state.errors, []);
  assert.equal(started.length, 1);
  const c = started[0];
  // No transport: vscode-languageclient would add `--stdio` to the arguments, which `tftype lsp` refuses.
  assert.deepEqual({ command: c._serverOptions.command, args: c._serverOptions.args, transport: c._serverOptions.transport }, { command: cli, args: ["lsp"], transport: undefined });
  const o = c.clientOptions;
  assert.deepEqual(o.initializationOptions, { flavor: "opentofu@1.10", baseUrl: "https://play.example/tftype/" });
  assert.deepEqual(
    o.documentSelector.map((s) => [s.scheme, s.pattern, s.language]),
    ["tf", "tofu", "tfvars", "tfvars.json"].map((e) => ["file", `**/*.${e}`, undefined]),
  );
  assert.equal(o.synchronize.configurationSection, "tftype");
  assert.ok(state.watchers.some((g) => g.includes(".terraform-version")), state.watchers.join());
  // No flavor, no link base: nothing in initializationOptions.
  await activate({ user: { path: cli } });
  assert.deepEqual(started[0].clientOptions.initializationOptions, {});
  await extension.deactivate();
  assert.equal(stopped.length, 1);
});

test("activate: a changed path or link base restarts the server; a changed flavor is the client's to send", { skip: !cli && "TFTYPE_CLI not set" }, async () => {
  await activate({ user: { path: cli } });
  assert.equal(started.length, 1);
  const affects = (key) => ({ affectsConfiguration: (s) => s === key || key.startsWith(`${s}.`) });
  state.onConfig.fire(affects("tftype.flavor"));
  await extension.deactivate();
  assert.equal(started.length, 1, "no restart for the flavor");
  await activate({ user: { path: cli } });
  state.workspace.baseUrl = "https://other.example/";
  state.onConfig.fire(affects("tftype.baseUrl"));
  await extension.deactivate();
  assert.equal(started.length, 2);
  assert.equal(started[1].clientOptions.initializationOptions.baseUrl, "https://other.example/");
  // The file watchers are made once, not per start.
  assert.equal(state.watchers.length, 2, state.watchers.join());
  assert.equal(started[1].clientOptions.synchronize.fileEvents, started[0].clientOptions.synchronize.fileEvents);
  assert.equal(stopped.length, 2, "the first client stopped, then the second");
});

test("an untrusted workspace's tftype.path is not run", { skip: !cli && "TFTYPE_CLI not set" }, async () => {
  const evil = path.join(os.tmpdir(), "tftype-not-to-run");
  await activate({ trusted: false, user: { path: cli }, workspace: { path: evil } });
  assert.equal(started.length, 1);
  assert.equal(started[0]._serverOptions.command, cli);
  await extension.deactivate();
  // Trusted, the workspace's setting wins (and the binary that cannot start is said).
  await activate({ trusted: true, user: { path: cli }, workspace: { path: evil } });
  assert.equal(started.length, 0);
  assert.equal(state.errors.length, 1);
  assert.ok(state.errors[0].includes(evil), state.errors[0]);
  // Untrusted with no user setting: never the workspace's binary (no tftype on PATH here: the
  // built-in server).
  await withPath(emptyDir, () => activate({ trusted: false, workspace: { path: cli } }));
  assert.equal(started.length, 1);
  assert.equal(started[0]._serverOptions.module, path.join(home, "server", "node.js"));
  assert.deepEqual(state.errors, []);
  // Granting trust restarts with the workspace's setting.
  started.length = 0;
  state.trusted = true;
  state.onTrust.fire();
  await extension.deactivate();
  assert.equal(started.length, 1);
  assert.equal(started[0]._serverOptions.command, cli);
});

test("a binary that cannot start: one message, in the display language, and no client", async () => {
  const missing = path.join(os.tmpdir(), "tftype-missing", "tftype");
  const words = (f) => JSON.parse(fs.readFileSync(path.join(home, f), "utf8")).startError;
  for (const [language, file] of [["en", "package.nls.json"], ["ja", "package.nls.ja.json"], ["zh-cn", "package.nls.zh-cn.json"]]) {
    await activate({ user: { path: missing }, language });
    assert.equal(started.length, 0, language);
    assert.equal(state.errors.length, 1, `${language}: ${state.errors.join(" | ")}`);
    const [before] = words(file).split("{path}");
    assert.ok(state.errors[0].startsWith(before) && state.errors[0].includes(missing) && state.errors[0].includes("ENOENT"), `${language}: ${state.errors[0]}`);
    await extension.deactivate();
  }
});

// PATH for the time of `work` (the extension looks for `tftype` there when tftype.path is empty).
const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "tftype-empty-path-"));
const cliDir = fs.mkdtempSync(path.join(os.tmpdir(), "tftype-cli-path-"));
process.on("exit", () => [emptyDir, cliDir].forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
async function withPath(dir, work) {
  const before = process.env.PATH;
  process.env.PATH = dir;
  try {
    return await work();
  } finally {
    process.env.PATH = before;
  }
}

test("no tftype.path: `tftype` on PATH, else the built-in WebAssembly server (server/node.js, as a Node module over stdio)", { skip: !cli && "TFTYPE_CLI not set" }, async () => {
  fs.symlinkSync(cli, path.join(cliDir, "tftype"));
  await withPath(cliDir, () => activate({}));
  assert.deepEqual(state.errors, []);
  assert.deepEqual([started[0]._serverOptions.command, started[0]._serverOptions.args], ["tftype", ["lsp"]]);
  await extension.deactivate();
  await withPath(emptyDir, () => activate({ workspace: { flavor: "terraform@1.9" } }));
  assert.deepEqual(state.errors, []);
  assert.equal(started.length, 1);
  const so = started[0]._serverOptions;
  const { STDIO } = require(path.join(home, "server", "options.js"));
  assert.equal(STDIO, TransportKind.stdio);
  assert.deepEqual(so, { module: path.join(home, "server", "node.js"), transport: TransportKind.stdio, options: { execArgv: ["--no-warnings", "--experimental-wasi-unstable-preview1"] } });
  assert.deepEqual(started[0].clientOptions.initializationOptions, { flavor: "terraform@1.9" });
  await extension.deactivate();
});

test("a server that dies is restarted 3 times, each said, then not again, in the display language", async () => {
  for (const [language, file] of [["en", "package.nls.json"], ["ja", "package.nls.ja.json"]]) {
    const w = JSON.parse(fs.readFileSync(path.join(home, file), "utf8"));
    await withPath(emptyDir, () => activate({ language }));
    const handler = started[0].clientOptions.errorHandler;
    const actions = [];
    for (let i = 0; i < 5; i++) actions.push((await handler.closed()).action);
    assert.deepEqual(actions, [CloseAction.Restart, CloseAction.Restart, CloseAction.Restart, CloseAction.DoNotRestart, CloseAction.DoNotRestart], language);
    assert.deepEqual(state.warnings, [1, 2, 3].map((n) => w.restarted.replace("{count}", n).replace("{max}", 3)), language);
    assert.deepEqual(state.errors, [0, 0].map(() => w.gaveUp.replace("{max}", 3)), language);
    // A changed setting starts it afresh, with 3 restarts again.
    state.onConfig.fire({ affectsConfiguration: (k) => k === "tftype.baseUrl" });
    await extension.deactivate();
    assert.equal((await started[1].clientOptions.errorHandler.closed()).action, CloseAction.Restart);
  }
});
