// The ServerOptions (vscode-languageclient) of the language server built into the extension:
// server/node.js, a Node module forked with VS Code's Node, runs dist/tftype.wasm as `tftype lsp`
// over standard input and output. Its own module, so that a test starts the server exactly as
// the extension does without loading the extension.
"use strict";

const path = require("path");

// vscode-languageclient's TransportKind.stdio (checked equal by test/extension.test.js).
const STDIO = 0;

// Node's flags: WASI's warning (an experimental feature) not printed; the flag that Node 18
// (VS Code 1.82's Electron 25) needs for node:wasi, accepted and unneeded since Node 20.
const EXEC_ARGV = ["--no-warnings", "--experimental-wasi-unstable-preview1"];

function wasmServer() {
  return { module: path.join(__dirname, "node.js"), transport: STDIO, options: { execArgv: EXEC_ARGV.slice() } };
}

module.exports = { wasmServer, STDIO };
