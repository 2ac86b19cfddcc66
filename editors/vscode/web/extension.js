// tftype for VS Code in the browser (vscode.dev, github.dev): package.json's `browser` entry,
// bundled with esbuild into dist/web/extension.js. The server is the desktop's WebAssembly one
// (dist/tftype.wasm) in a Web Worker (web/worker.js, bundled into dist/web/worker.js with a
// WASI shim), spoken to by vscode-languageclient's browser client. The worker has no disk: the
// module files and version files of the workspace are read with vscode.workspace.fs and given to
// it (an in-memory tree), and kept up to date on create/change/delete. URIs of any scheme
// (vscode-vfs://github/owner/repo/main.tf) are the worker's file:///<scheme>/<authority>/<path>
// (uriConverters). A worker whose server died (a trap) says `tftype/died`; a new one is started
// at most 3 times, each said (lib/common.js Restarts).
"use strict";

const vscode = require("vscode");
const { LanguageClient, ErrorAction, CloseAction } = require("vscode-languageclient/browser");
const common = require("../lib/common.js");

const NLS = {
  "package.nls.json": require("../package.nls.json"),
  "package.nls.ja.json": require("../package.nls.ja.json"),
  "package.nls.zh-cn.json": require("../package.nls.zh-cn.json"),
};
// The files given to the worker: the module files (with .tf.json) and the version files.
const FILES = "**/{*.tf,*.tofu,*.tfvars,*.tfvars.json,*.tf.json,.terraform-version,.opentofu-version,.tool-versions,mise.toml}";
const EXCLUDE = "**/{.git,.terraform,node_modules}/**";
const MAX_FILES = 10000;
const MAX_FILE_BYTES = 8 << 20;

const queue = common.queue();
let client;
let worker;
let restarts;
let extensionUri;

function say(key, args = {}) {
  const w = common.words(vscode, (name) => NLS[name] || {});
  return common.fill(w[key] || key, args);
}

// A workspace URI's path in the worker's tree, and back.
function toPath(uri) {
  return `/${uri.scheme}/${uri.authority || "_"}${uri.path.startsWith("/") ? "" : "/"}${uri.path}`;
}

// As the server spells a path's URI (cli/src/lsp/uri.rs path_uri).
function fileUri(p) {
  let s = "file://";
  for (const b of new TextEncoder().encode(p)) {
    const c = String.fromCharCode(b);
    s += /[A-Za-z0-9\-._~/]/.test(c) ? c : "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return s;
}

function fromServerUri(text) {
  if (!text.startsWith("file:///")) return vscode.Uri.parse(text);
  let p;
  try {
    p = decodeURIComponent(text.slice("file://".length));
  } catch {
    return vscode.Uri.parse(text);
  }
  const [, scheme, authority, ...rest] = p.split("/");
  if (!scheme || authority === undefined) return vscode.Uri.parse(text);
  return vscode.Uri.from({ scheme, authority: authority === "_" ? "" : authority, path: "/" + rest.join("/") });
}

const uriConverters = { code2Protocol: (uri) => fileUri(toPath(uri)), protocol2Code: fromServerUri };

async function read(uri) {
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return bytes.length <= MAX_FILE_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

// The workspace's module and version files, by the worker's path.
async function gather() {
  const uris = await vscode.workspace.findFiles(FILES, EXCLUDE, MAX_FILES);
  const files = {};
  await Promise.all(
    uris.map(async (uri) => {
      const bytes = await read(uri);
      if (bytes) files[toPath(uri)] = bytes;
    }),
  );
  return files;
}

function clientOptions(s) {
  return {
    // Any scheme: vscode-vfs (GitHub repositories), file, vscode-test-web…
    documentSelector: common.PATTERNS.map((pattern) => ({ pattern })),
    initializationOptions: common.initializationOptions(s),
    synchronize: { configurationSection: common.SECTION },
    uriConverters,
    errorHandler: restarts.errorHandler(ErrorAction, CloseAction),
  };
}

async function start(fresh) {
  const s = common.settings(vscode);
  if (fresh) restarts.reset();
  const w = new Worker(vscode.Uri.joinPath(extensionUri, "dist", "web", "worker.js").toString(true));
  w.postMessage({ tftype: "init", wasm: vscode.Uri.joinPath(extensionUri, "dist", "tftype.wasm").toString(true), files: await gather(), env: {} });
  worker = w;
  const c = new LanguageClient("tftype", "tftype", clientOptions(s), w);
  client = c;
  c.onNotification("tftype/died", () => {
    void queue(async () => {
      if (client !== c) return;
      await stop();
      if (restarts.died()) await start(false);
    });
  });
  try {
    await c.start();
  } catch {
    // The client has shown what went wrong.
  }
}

async function stop() {
  const c = client;
  const w = worker;
  client = undefined;
  worker = undefined;
  if (c) {
    try {
      await c.stop(2000);
    } catch {
      // Already stopped (or the worker is dead).
    }
  }
  if (w) w.terminate();
}

// A workspace file created, changed or deleted: the worker's tree follows.
function watch(context) {
  const changed = async (uri) => {
    const w = worker;
    const bytes = await read(uri);
    if (w && w === worker) w.postMessage(bytes ? { tftype: "files", put: { [toPath(uri)]: bytes } } : { tftype: "files", remove: [toPath(uri)] });
  };
  const removed = (uri) => worker && worker.postMessage({ tftype: "files", remove: [toPath(uri)] });
  const watcher = vscode.workspace.createFileSystemWatcher(FILES);
  context.subscriptions.push(watcher, watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(removed));
}

function activate(context) {
  extensionUri = context.extensionUri;
  restarts = new common.Restarts(vscode, say);
  watch(context);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("tftype.baseUrl")) {
        void queue(async () => {
          await stop();
          await start(true);
        });
      }
    }),
  );
  return queue(() => start(true));
}

function deactivate() {
  return queue(stop);
}

module.exports = { activate, deactivate, toPath, fileUri, fromServerUri };
