// What the desktop entry (extension.js) and the web entry (web/extension.js) share: the
// settings, the client's options, the words, and how a server that died is restarted.
"use strict";

const SECTION = "tftype";
const PATTERNS = ["**/*.tf", "**/*.tofu", "**/*.tfvars", "**/*.tfvars.json"];
// The version files the server reads to choose a flavor (core/src/versionfile.rs).
const VERSION_FILES = "**/{.terraform-version,.opentofu-version,.tool-versions,mise.toml}";
const MODULE_FILES = "**/*.{tf,tofu,tfvars,tfvars.json}";
// A server that dies is started again this many times, then no more (until a setting changes).
const MAX_RESTARTS = 3;

function fill(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

// The words of package.nls.json overlaid with the display language's file: `read(name)`
// gives a file's object (or {}).
function words(vscode, read) {
  const lang = String((vscode.env && vscode.env.language) || "en").toLowerCase();
  return { ...read("package.nls.json"), ...(lang === "en" ? {} : read(`package.nls.${lang}.json`)) };
}

// The settings the server is started with. `binary`: tftype.path when it is set (else "");
// while the workspace is not trusted, only the user's (or the machine's) setting counts.
function settings(vscode) {
  const c = vscode.workspace.getConfiguration(SECTION);
  let binary = c.get("path");
  if (!vscode.workspace.isTrusted) {
    const seen = c.inspect("path") || {};
    binary = seen.globalValue;
  }
  const text = (v) => (typeof v === "string" ? v.trim() : "");
  return { binary: text(binary), flavor: text(c.get("flavor")), baseUrl: text(c.get("baseUrl")) };
}

function initializationOptions(s) {
  const o = {};
  if (s.flavor) o.flavor = s.flavor;
  if (s.baseUrl) o.baseUrl = s.baseUrl;
  return o;
}

// Restarts of a server that died (a crash, a trap of the WebAssembly server): at most
// MAX_RESTARTS, each said; then one message, and no more. `reset` when the server is started
// afresh (a setting changed).
class Restarts {
  constructor(vscode, say) {
    this.vscode = vscode;
    this.say = say;
    this.count = 0;
  }
  reset() {
    this.count = 0;
  }
  // Whether to start the server again.
  died() {
    if (this.count >= MAX_RESTARTS) {
      void this.vscode.window.showErrorMessage(this.say("gaveUp", { max: MAX_RESTARTS }));
      return false;
    }
    this.count += 1;
    void this.vscode.window.showWarningMessage(this.say("restarted", { count: this.count, max: MAX_RESTARTS }));
    return true;
  }
  // vscode-languageclient's errorHandler: a closed connection is a dead server.
  errorHandler(ErrorAction, CloseAction) {
    return {
      error: () => ({ action: ErrorAction.Continue, handled: true }),
      closed: () => (this.died() ? { action: CloseAction.Restart, handled: true } : { action: CloseAction.DoNotRestart, handled: true }),
    };
  }
}

// One start or stop at a time, in order.
function queue() {
  let pending = Promise.resolve();
  return (work) => {
    pending = pending.then(work, work);
    return pending;
  };
}

module.exports = { SECTION, PATTERNS, VERSION_FILES, MODULE_FILES, MAX_RESTARTS, fill, words, settings, initializationOptions, Restarts, queue };
