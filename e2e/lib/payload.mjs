// Payload measuring: the compressed sizes of the files of dist/ (what a page load costs).

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";

// Size after `gzip -9` (GNU gzip when present, else Node's zlib, whose output differs slightly).
export function gzip9(buf) {
  const r = spawnSync("gzip", ["-9", "-c", "-n"], { input: buf, maxBuffer: 1 << 30 });
  return r.status === 0 ? r.stdout.length : gzipSync(buf, { level: 9 }).length;
}

// Size after brotli at its highest quality (what a server that precompresses would send).
export function brotli11(buf) {
  return brotliCompressSync(buf, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length;
}

// The playground's own files: the docs kit (npm/, tftype-embed.js, embed-demo.html) is
// measured by its own check.
const DOCS_KIT = new Set(["npm", "tftype-embed.js", "embed-demo.html"]);

// Every file of the playground in dist/, with whether the first page load fetched it (`fetched`:
// the paths requested, relative to dist/).
export function distPayload(dir, fetched) {
  const rows = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (d === dir && DOCS_KIT.has(name)) continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const raw = readFileSync(p);
        const file = relative(dir, p);
        rows.push({ file, raw: raw.length, gz: gzip9(raw), br: brotli11(raw), first: fetched.has(file) });
      }
    }
  };
  walk(dir);
  rows.sort((a, b) => b.gz - a.gz);
  return rows;
}
