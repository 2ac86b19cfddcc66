// The web entry (the .vsix's dist/web/extension.js, bundled) without VS Code: its URI mapping
// (uriConverters: a workspace URI of any scheme ↔ the worker's file:///<scheme>/<authority>/<path>,
// spelt as the server spells a path's URI), and what activate() gives the worker: its URL, the
// .wasm's URL, and the workspace's module and version files read with vscode.workspace.fs.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const Module = require("node:module");
const { unpack } = require("./lib/zip.js");

const vsix = process.env.TFTYPE_VSIX ? path.resolve(process.env.TFTYPE_VSIX) : "";
const home = vsix ? unpack(vsix) : "";
process.on("exit", () => home && fs.rmSync(home, { recursive: true, force: true }));

// A vscode.Uri of the parts the web entry uses.
class Uri {
  constructor(scheme, authority, p) {
    Object.assign(this, { scheme, authority, path: p });
  }
  static from({ scheme, authority = "", path: p = "/" }) {
    return new Uri(scheme, authority, p);
  }
  static parse(text) {
    const m = /^([a-z][\w+.-]*):\/\/([^/]*)(\/.*)?$/i.exec(text);
    return new Uri(m[1], m[2], decodeURIComponent(m[3] || "/"));
  }
  static joinPath(base, ...parts) {
    return new Uri(base.scheme, base.authority, path.posix.join(base.path, ...parts));
  }
  toString() {
    return `${this.scheme}://${this.authority}${this.path}`;
  }
}

const workers = [];
class FakeWorker {
  constructor(url) {
    this.url = url;
    this.posted = [];
    workers.push(this);
  }
  postMessage(m) {
    this.posted.push(m);
  }
  addEventListener() {}
  removeEventListener() {}
  terminate() {
    this.terminated = true;
  }
}

function anything() {
  return new Proxy(function () {}, { get: (t, p) => (p === "then" ? undefined : anything()), apply: () => anything(), construct: () => anything() });
}

// An object whose other properties are anything().
const withRest = (o) => new Proxy(o, { get: (t, p) => (p in t ? t[p] : p === "then" ? undefined : anything()) });

const files = {
  "vscode-vfs://github/o/r/main.tf": 'variable "n" {}\n',
  "vscode-vfs://github/o/r/env/a b.tfvars": "n = 1\n",
  "vscode-vfs://github/o/r/.terraform-version": "1.9.0\n",
};
const vscode = new Proxy(
  {},
  {
    get(_, p) {
      if (p === "Uri") return Uri;
      if (p === "env") return { language: "en" };
      if (p === "version") return "1.82.0";
      if (p === "workspace") {
        return withRest({
          isTrusted: true,
          getConfiguration: () => ({ get: () => "", inspect: () => ({}) }),
          findFiles: async (glob) => {
            assert.match(glob, /\*\.tfvars\.json/);
            assert.match(glob, /\.terraform-version/);
            return Object.keys(files).map((u) => Uri.parse(u));
          },
          fs: { readFile: async (u) => new Uint8Array(Buffer.from(files[u.toString()])) },
          createFileSystemWatcher: () => ({ onDidCreate: () => ({}), onDidChange: () => ({}), onDidDelete: () => ({}), dispose() {} }),
          onDidChangeConfiguration: () => ({ dispose() {} }),
          textDocuments: [],
          workspaceFolders: [],
        });
      }
      return anything();
    },
  },
);

function loadWeb() {
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (request === "vscode") return vscode;
    return load.call(this, request, ...rest);
  };
  try {
    return require(path.join(home, "dist/web/extension.js"));
  } finally {
    Module._load = load;
  }
}

test("web: workspace URIs of any scheme are the worker's file URIs, and back", { skip: !vsix && "TFTYPE_VSIX not set" }, () => {
  const web = loadWeb();
  for (const [text, file] of [
    ["vscode-vfs://github/owner/repo/main.tf", "file:///vscode-vfs/github/owner/repo/main.tf"],
    ["vscode-vfs://github/owner/repo/envs/a b/é.tfvars", "file:///vscode-vfs/github/owner/repo/envs/a%20b/%C3%A9.tfvars"],
    ["vscode-test-web://mount/x.tf", "file:///vscode-test-web/mount/x.tf"],
    ["memfs:///x.tf", "file:///memfs/_/x.tf"],
  ]) {
    const u = Uri.parse(text);
    assert.equal(web.fileUri(web.toPath(u)), file, text);
    const back = web.fromServerUri(file);
    assert.deepEqual([back.scheme, back.authority, back.path], [u.scheme, u.authority, u.path], file);
  }
});

test("web: activate gives a worker the .wasm's URL and the workspace's module and version files", { skip: !vsix && "TFTYPE_VSIX not set" }, async () => {
  const web = loadWeb();
  globalThis.Worker = FakeWorker;
  const ext = Uri.parse("https://cdn.example/ext/tftype-0.1.0");
  // The client never hears back from the fake worker: activate is not awaited.
  void web.activate({ subscriptions: [], extensionUri: ext });
  for (let i = 0; i < 100 && !(workers[0] && workers[0].posted.length); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(workers.length, 1);
  assert.equal(workers[0].url, "https://cdn.example/ext/tftype-0.1.0/dist/web/worker.js");
  const init = workers[0].posted[0];
  assert.equal(init.tftype, "init");
  assert.equal(init.wasm, "https://cdn.example/ext/tftype-0.1.0/dist/tftype.wasm");
  assert.deepEqual(Object.keys(init.files).sort(), ["/vscode-vfs/github/o/r/.terraform-version", "/vscode-vfs/github/o/r/env/a b.tfvars", "/vscode-vfs/github/o/r/main.tf"]);
  assert.equal(Buffer.from(init.files["/vscode-vfs/github/o/r/main.tf"]).toString(), 'variable "n" {}\n');
  // Then the client's initialize, as a message object.
  for (let i = 0; i < 100 && workers[0].posted.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(workers[0].posted[1].method, "initialize");
});
