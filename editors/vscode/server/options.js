// The ServerOptions (vscode-languageclient) of the language server built into the extension:
// server/node.js, a Node module forked with VS Code's Node, runs dist/tftype.wasm as `tftype lsp`
// over standard input and output. Its own module, so that a test starts the server exactly as
// the extension does without loading the extension.
"use strict";

const path = require("path");

// vscode-languageclient's TransportKind.stdio (checked equal by test/extension.test.js).
const STDIO = 0;

function wasmServer() {
  return { module: path.join(__dirname, "node.js"), transport: STDIO, options: { execArgv: ["--no-warnings"] } };
}

module.exports = { wasmServer, STDIO };
