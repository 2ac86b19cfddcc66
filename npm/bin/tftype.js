#!/usr/bin/env node
// The `tftype` command line on WebAssembly: the tftype-cli package built for wasm32-wasip1
// (tftype_cli.wasm.gz beside this package's index.js), run by Node's own WASI (preview1).
// Standard output and the exit code are the native CLI's: it is the same program.
//   npx tftype check . --format sarif
// Node >= 20. Files are read through WASI with the whole file system visible ("/"), from the
// process's working directory, so paths print as they were typed.
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { gunzipSync } from "node:zlib";

// Node's WASI functions as V8 "fast API calls" may start a garbage collection where none is
// allowed, and Node aborts (nodejs/node#46777, still open in Node 22): with a large memory,
// the first write to standard output did. The ordinary calls are used instead (set before
// node:wasi is loaded and the module compiled).
setFlagsFromString("--no-turbo-fast-api-calls");

// Node says WASI is experimental on standard error when node:wasi is loaded; the native CLI
// says nothing of the kind, so that one warning is left out (every other warning is kept).
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === "string" ? rest[0] : rest[0]?.type;
  if (type === "ExperimentalWarning" && String(warning?.message ?? warning).includes("WASI")) return;
  return emitWarning.call(process, warning, ...rest);
};
const { WASI } = await import("node:wasi");
process.emitWarning = emitWarning;

const cwd = process.cwd();
let root = "/";
let inside = cwd;
if (process.platform === "win32") {
  // One drive: its root is the guest's "/", the working directory a path below it.
  const { parse } = await import("node:path");
  root = parse(cwd).root;
  inside = "/" + cwd.slice(root.length).split("\\").join("/");
}

const wasi = new WASI({
  version: "preview1",
  args: ["tftype", ...process.argv.slice(2)],
  env: { ...process.env, TFTYPE_WASI_CWD: inside },
  preopens: { "/": root },
  returnOnExit: true,
});

let code;
try {
  const bytes = gunzipSync(readFileSync(new URL("../tftype_cli.wasm.gz", import.meta.url)));
  const module = new WebAssembly.Module(bytes);
  const instance = new WebAssembly.Instance(module, wasi.getImportObject());
  code = wasi.start(instance);
} catch (e) {
  // A trap (the engine ran out of memory or of stack): said in one line, never as a Node
  // stack trace, with the exit code of a native abort.
  process.stderr.write(`tftype: the WebAssembly engine stopped: ${e?.message ?? e}\n`);
  code = 134;
}
process.exit(code);
