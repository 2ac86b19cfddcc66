// tftype for VS Code: starts `tftype lsp` (a Language Server over standard input and output)
// for .tf, .tofu, .tfvars and .tfvars.json files. The documents are chosen by file pattern,
// whatever language another extension (HashiCorp's Terraform) gives them, so both run side by
// side. Settings: tftype.path (the binary), tftype.flavor (initializationOptions.flavor, and
// workspace/didChangeConfiguration when it changes), tftype.baseUrl (initializationOptions).
// In an untrusted workspace the binary is never taken from the workspace's settings.
"use strict";

const childProcess = require("child_process");
const fs = require("fs");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

const SECTION = "tftype";
const PATTERNS = ["**/*.tf", "**/*.tofu", "**/*.tfvars", "**/*.tfvars.json"];
// The version files the server reads to choose a flavor (core/src/versionfile.rs).
const VERSION_FILES = "**/{.terraform-version,.opentofu-version,.tool-versions,mise.toml}";

let client;
let pending = Promise.resolve();
// Made once (in activate) and shared by every client this extension starts.
let watchers = [];

// The words of package.nls.json, overlaid with the display language's file when there is one
// (both made from core/i18n by build/nls.mjs).
function words() {
  const read = (name) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(__dirname, name), "utf8"));
    } catch {
      return {};
    }
  };
  const lang = String((vscode.env && vscode.env.language) || "en").toLowerCase();
  return { ...read("package.nls.json"), ...(lang === "en" ? {} : read(`package.nls.${lang}.json`)) };
}

function fill(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

// The settings the server is started with. tftype.path comes from the user's (or the
// machine's) settings only while the workspace is not trusted.
function settings() {
  const c = vscode.workspace.getConfiguration(SECTION);
  let binary = c.get("path");
  if (!vscode.workspace.isTrusted) {
    const seen = c.inspect("path") || {};
    binary = seen.globalValue;
  }
  const text = (v) => (typeof v === "string" ? v.trim() : "");
  return { binary: text(binary) || "tftype", flavor: text(c.get("flavor")), baseUrl: text(c.get("baseUrl")) };
}

// Whether the binary can be started at all (`tftype --version`): an Error when it cannot.
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

function clientOptions(s) {
  const initializationOptions = {};
  if (s.flavor) initializationOptions.flavor = s.flavor;
  if (s.baseUrl) initializationOptions.baseUrl = s.baseUrl;
  return {
    documentSelector: PATTERNS.map((pattern) => ({ scheme: "file", pattern })),
    initializationOptions,
    synchronize: {
      // Sends {"settings": {"tftype": {...}}} when a tftype setting changes: the server takes
      // its flavor from there.
      configurationSection: SECTION,
      fileEvents: watchers,
    },
  };
}

async function start() {
  const s = settings();
  const failed = await startable(s.binary);
  if (failed) {
    // The one message: the client is not made, so it says nothing of its own.
    const w = words();
    void vscode.window.showErrorMessage(fill(w["startError"] || "{path}: {error}", { path: s.binary, error: failed.message }));
    return;
  }
  const serverOptions = { command: s.binary, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient("tftype", "tftype", serverOptions, clientOptions(s));
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

// One start or stop at a time, in order.
function queue(work) {
  pending = pending.then(work, work);
  return pending;
}

function activate(context) {
  watchers = [vscode.workspace.createFileSystemWatcher("**/*.{tf,tofu,tfvars,tfvars.json}"), vscode.workspace.createFileSystemWatcher(VERSION_FILES)];
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
