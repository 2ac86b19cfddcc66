// tftype for VS Code (desktop): a Language Server for .tf, .tofu, .tfvars and .tfvars.json
// files. The server is `tftype lsp` (over standard input and output) of the binary set in
// tftype.path; with no setting, `tftype` when it is on PATH, else the server built into the
// extension: the same command line as WebAssembly (dist/tftype.wasm), run by server/node.js
// under VS Code's own Node, so nothing needs to be installed. The documents are chosen by file
// pattern, whatever language another extension (HashiCorp's Terraform) gives them, so both run
// side by side. Settings: tftype.path (the binary), tftype.flavor (initializationOptions.flavor,
// and workspace/didChangeConfiguration when it changes), tftype.baseUrl (initializationOptions).
// In an untrusted workspace the binary is never taken from the workspace's settings. A server
// that dies is restarted at most 3 times, each said (lib/common.js Restarts).
// The web entry (vscode.dev, github.dev) is web/extension.js.
"use strict";

const childProcess = require("child_process");
const fs = require("fs");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient, TransportKind, ErrorAction, CloseAction } = require("vscode-languageclient/node");
const common = require("./lib/common.js");
const { wasmServer } = require("./server/options.js");

let client;
const queue = common.queue();
// Made once (in activate) and shared by every client this extension starts.
let watchers = [];
let restarts;

// The words of package.nls.json, overlaid with the display language's file when there is one
// (both made from core/i18n by build/nls.mjs).
function say(key, args = {}) {
  const read = (name) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(__dirname, name), "utf8"));
    } catch {
      return {};
    }
  };
  const w = common.words(vscode, read);
  return common.fill(w[key] || key, args);
}

// Whether a binary can be started at all (`tftype --version`): an Error when it cannot.
function startable(binary) {
  return new Promise((resolve) => {
    let p;
    try {
      p = childProcess.spawn(binary, ["--version"], { stdio: "ignore" });
    } catch (e) {
      resolve(e);
      return;
    }
    p.once("error", (e) => resolve(e));
    p.once("spawn", () => resolve(null));
  });
}

// The ServerOptions for the settings: the configured binary (null, said, when it cannot
// start); else `tftype` on PATH; else the WebAssembly server.
async function serverOptions(s) {
  if (s.binary) {
    const failed = await startable(s.binary);
    if (failed) {
      // The one message: the client is not made, so it says nothing of its own.
      void vscode.window.showErrorMessage(say("startError", { path: s.binary, error: failed.message }));
      return null;
    }
    // No `transport`: vscode-languageclient would add `--stdio` to the arguments.
    return { command: s.binary, args: ["lsp"] };
  }
  if (!(await startable("tftype"))) return { command: "tftype", args: ["lsp"] };
  return wasmServer();
}

function clientOptions(s) {
  return {
    documentSelector: common.PATTERNS.map((pattern) => ({ scheme: "file", pattern })),
    initializationOptions: common.initializationOptions(s),
    synchronize: {
      // Sends {"settings": {"tftype": {...}}} when a tftype setting changes: the server takes
      // its flavor from there.
      configurationSection: common.SECTION,
      fileEvents: watchers,
    },
    errorHandler: restarts.errorHandler(ErrorAction, CloseAction),
  };
}

async function start() {
  const s = common.settings(vscode);
  const options = await serverOptions(s);
  if (!options) return;
  restarts.reset();
  client = new LanguageClient("tftype", "tftype", options, clientOptions(s));
  try {
    await client.start();
  } catch {
    // The client has shown what went wrong (it started, then failed).
  }
}

async function stop() {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop();
    } catch {
      // Already stopped.
    }
  }
}

function activate(context) {
  restarts = new common.Restarts(vscode, say);
  watchers = [vscode.workspace.createFileSystemWatcher(common.MODULE_FILES), vscode.workspace.createFileSystemWatcher(common.VERSION_FILES)];
  context.subscriptions.push(...watchers);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      // The binary and the link base are read at start; the flavor is sent to the server.
      if (e.affectsConfiguration("tftype.path") || e.affectsConfiguration("tftype.baseUrl")) {
        void queue(async () => {
          await stop();
          await start();
        });
      }
    }),
  );
  if (vscode.workspace.onDidGrantWorkspaceTrust) {
    context.subscriptions.push(
      vscode.workspace.onDidGrantWorkspaceTrust(() =>
        queue(async () => {
          await stop();
          await start();
        }),
      ),
    );
  }
  return queue(start);
}

function deactivate() {
  return queue(stop);
}

module.exports = { activate, deactivate };
