// The tftype language server as WebAssembly (dist/tftype.wasm: the tftype command line built
// for wasm32-wasip1) under Node's WASI, for a desktop VS Code with no tftype binary: the
// extension starts this file as a Node module (vscode-languageclient's ServerOptions
// { module, transport: stdio }, run by VS Code's own Node). Standard input and output are
// the server's, untouched here (they stay blocking, as the server reads them); the whole file
// system is visible to it as on the native command line (POSIX: "/"; Windows: "/c:" and the
// other drives, as the server spells a file:///c%3A/... URI's path). The arguments the client
// adds (--stdio, --clientProcessId=N) are not passed on: the server runs `tftype lsp`.
// The exit code is the server's (a panic: the CLI's panic hook says it and exits 101, as a
// native uncaught panic); a trap is said on standard error and ends the process with code 70.
// Either way the extension restarts the server.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
// Node's WASI calls as V8 fast API calls can abort the process with a large memory
// (nodejs/node#46777): the ordinary calls, set before node:wasi is loaded (as npm/bin/tftype.js).
require("node:v8").setFlagsFromString("--no-turbo-fast-api-calls");
const { WASI } = require("node:wasi");

function preopens() {
  if (process.platform !== "win32") return { "/": "/" };
  const out = {};
  for (let c = 65; c <= 90; c++) {
    const drive = String.fromCharCode(c);
    if (fs.existsSync(`${drive}:\\`)) {
      out[`/${drive.toLowerCase()}:`] = `${drive}:\\`;
      out[`/${drive}:`] = `${drive}:\\`;
    }
  }
  return out;
}

function main() {
  const wasm = process.env.TFTYPE_LSP_WASM || path.join(__dirname, "..", "dist", "tftype.wasm");
  const wasi = new WASI({ version: "preview1", args: ["tftype", "lsp"], env: process.env, preopens: preopens(), returnOnExit: true });
  const module = new WebAssembly.Module(fs.readFileSync(wasm));
  const imports = typeof wasi.getImportObject === "function" ? wasi.getImportObject() : { wasi_snapshot_preview1: wasi.wasiImport };
  const instance = new WebAssembly.Instance(module, imports);
  try {
    return wasi.start(instance);
  } catch (e) {
    process.stderr.write(`tftype lsp (WebAssembly): ${e && e.stack ? e.stack : e}\n`);
    return 70;
  }
}

// Exit now: a forked child's IPC channel would keep it alive.
process.exit(main());
