// The tftype language server in a browser's Web Worker (vscode.dev, github.dev): the same
// dist/tftype.wasm as the desktop's (the tftype command line for wasm32-wasip1), run with
// @bjorn3/browser_wasi_shim over an in-memory file tree. A worker cannot block on standard
// input, so the module is not started (`_start`): it exports `tftype_lsp_pump`, which serves
// the whole frames put on standard input so far as one batch and returns (-1: it goes on).
//
// Messages from the extension (web/extension.js), in order:
//   {tftype: "init", wasm: URL, files: {path: Uint8Array}, env: {NAME: value}}   first, once
//   {tftype: "files", put: {path: Uint8Array}, remove: [path]}   the workspace changed: the tree
//       is updated and the server is told (workspace/didChangeWatchedFiles)
//   any other object: a JSON-RPC message from vscode-languageclient's BrowserMessageWriter
// To the extension: the server's JSON-RPC messages; after a panic (the CLI's hook exits) or a trap,
// the notification `tftype/died` ({message}) and nothing more: the extension starts a new
// worker. Paths are absolute ("/vscode-vfs/github/owner/repo/main.tf"); the extension maps
// URIs to them (uriConverters).
import { WASI, Fd, File, Directory, PreopenDirectory, ConsoleStdout, wasi as defs } from "@bjorn3/browser_wasi_shim";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Standard input: the frames not yet read; a read past them is the end of the input (0 bytes).
class Input extends Fd {
  constructor() {
    super();
    this.chunks = [];
  }
  push(bytes) {
    this.chunks.push(bytes);
  }
  fd_read(size) {
    const first = this.chunks[0];
    if (!first) return { ret: defs.ERRNO_SUCCESS, data: new Uint8Array(0) };
    if (first.length <= size) {
      this.chunks.shift();
      return { ret: defs.ERRNO_SUCCESS, data: first };
    }
    this.chunks[0] = first.subarray(size);
    return { ret: defs.ERRNO_SUCCESS, data: first.subarray(0, size) };
  }
}

// Standard output: bytes gathered, then cut into frames.
class Output extends Fd {
  constructor() {
    super();
    this.bytes = new Uint8Array(0);
  }
  fd_write(data) {
    const next = new Uint8Array(this.bytes.length + data.length);
    next.set(this.bytes);
    next.set(data, this.bytes.length);
    this.bytes = next;
    return { ret: defs.ERRNO_SUCCESS, nwritten: data.length };
  }
  // The whole frames written so far, as parsed messages.
  take() {
    const out = [];
    for (;;) {
      const text = decoder.decode(this.bytes.subarray(0, Math.min(this.bytes.length, 1024)));
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) break;
      const m = /content-length:\s*(\d+)/i.exec(text.slice(0, end));
      const start = encoder.encode(text.slice(0, end + 4)).length;
      const size = m ? Number(m[1]) : 0;
      if (this.bytes.length < start + size) break;
      const body = this.bytes.subarray(start, start + size);
      this.bytes = this.bytes.slice(start + size);
      try {
        out.push(JSON.parse(decoder.decode(body)));
      } catch {
        // Not JSON: nothing the client could read.
      }
    }
    return out;
  }
}

// A file tree: the root directory of the preopen "/", made and changed by path.
function put(root, path, bytes) {
  const parts = path.split("/").filter((p) => p);
  const name = parts.pop();
  if (!name) return;
  let dir = root;
  for (const p of parts) {
    let next = dir.contents.get(p);
    if (!(next instanceof Directory)) {
      next = new Directory(new Map());
      next.parent = dir;
      dir.contents.set(p, next);
    }
    dir = next;
  }
  dir.contents.set(name, new File(bytes, { readonly: true }));
}

function remove(root, path) {
  const parts = path.split("/").filter((p) => p);
  const name = parts.pop();
  let dir = root;
  for (const p of parts) {
    dir = dir.contents.get(p);
    if (!(dir instanceof Directory)) return;
  }
  dir.contents.delete(name);
}

// A path's file URI, as the server spells it (cli/src/lsp/uri.rs path_uri).
function fileUri(path) {
  let s = "file://";
  for (const b of encoder.encode(path)) {
    const c = String.fromCharCode(b);
    s += /[A-Za-z0-9\-._~/]/.test(c) ? c : "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return s;
}

function frame(message) {
  const body = encoder.encode(JSON.stringify(message));
  const head = encoder.encode(`Content-Length: ${body.length}\r\n\r\n`);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

// The server: made by an `init` message; `post` sends to the extension.
export function createServer(post) {
  let exports = null;
  let dead = false;
  let waiting = [];
  const input = new Input();
  const output = new Output();
  const root = new PreopenDirectory("/", new Map());
  let scheduled = false;

  function pump() {
    scheduled = false;
    if (dead || !exports) return;
    let code = -1;
    try {
      code = exports.tftype_lsp_pump();
    } catch (e) {
      dead = true;
      for (const m of output.take()) post(m);
      post({ jsonrpc: "2.0", method: "tftype/died", params: { message: String((e && e.message) || e) } });
      return;
    }
    for (const m of output.take()) post(m);
    if (code >= 0) dead = true;
  }

  // Serves what arrived in this turn of the event loop as one batch (as the native server's
  // reader thread batches what arrives while it checks).
  function schedule() {
    if (!scheduled) {
      scheduled = true;
      Promise.resolve().then(pump);
    }
  }

  async function init(m) {
    for (const [path, bytes] of Object.entries(m.files || {})) put(root.dir, path, bytes);
    const env = Object.entries(m.env || {}).map(([k, v]) => `${k}=${v}`);
    const stderr = ConsoleStdout.lineBuffered((line) => console.error(line));
    const wasi = new WASI(["tftype", "lsp"], env, [input, output, stderr, root], { debug: false });
    const bytes = m.wasm instanceof Uint8Array || m.wasm instanceof ArrayBuffer ? m.wasm : await (await fetch(m.wasm)).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasi.wasiImport });
    // Not `_start`: the exported pump is called instead (memory and state persist between calls).
    wasi.inst = instance;
    exports = instance.exports;
    const queued = waiting;
    waiting = null;
    for (const q of queued) receive(q);
  }

  function receive(m) {
    if (dead || !m || typeof m !== "object") return;
    if (m.tftype === "init") {
      init(m).catch((e) => {
        dead = true;
        post({ jsonrpc: "2.0", method: "tftype/died", params: { message: String((e && e.message) || e) } });
      });
      return;
    }
    if (waiting) {
      waiting.push(m);
      return;
    }
    if (m.tftype === "files") {
      const changes = [];
      for (const [path, bytes] of Object.entries(m.put || {})) {
        put(root.dir, path, bytes);
        changes.push({ uri: fileUri(path), type: 2 });
      }
      for (const path of m.remove || []) {
        remove(root.dir, path);
        changes.push({ uri: fileUri(path), type: 3 });
      }
      if (changes.length) input.push(frame({ jsonrpc: "2.0", method: "workspace/didChangeWatchedFiles", params: { changes } }));
    } else {
      input.push(frame(m));
    }
    schedule();
  }

  return { receive };
}

// In a worker: wired to its messages.
if (typeof self !== "undefined" && typeof self.postMessage === "function") {
  const server = createServer((m) => self.postMessage(m));
  self.onmessage = (e) => server.receive(e.data);
}
