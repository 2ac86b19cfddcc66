// Zip files (the .vsix) read without a dependency: the entries of the central directory, and
// the extension/ folder unpacked into a temporary directory.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const zlib = require("node:zlib");

// A zip file's entries (its central directory): name, method, compressed size, where.
function zipEntries(file) {
  const b = fs.readFileSync(file);
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  assert.ok(eocd >= 0, `${file} is not a zip file`);
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    assert.equal(b.readUInt32LE(at), 0x02014b50, "a central directory entry");
    const nameLen = b.readUInt16LE(at + 28);
    const extra = b.readUInt16LE(at + 30);
    const comment = b.readUInt16LE(at + 32);
    entries.push({ name: b.toString("utf8", at + 46, at + 46 + nameLen), method: b.readUInt16LE(at + 10), size: b.readUInt32LE(at + 20), local: b.readUInt32LE(at + 42) });
    at += 46 + nameLen + extra + comment;
  }
  return { bytes: b, entries };
}


// The .vsix's extension/ folder, unpacked into a temporary directory.
function unpack(file) {
  const { bytes, entries } = zipEntries(file);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "tftype-vsix-"));
  for (const e of entries) {
    if (!e.name.startsWith("extension/") || e.name.endsWith("/")) continue;
    assert.equal(bytes.readUInt32LE(e.local), 0x04034b50, "a local header");
    const start = e.local + 30 + bytes.readUInt16LE(e.local + 26) + bytes.readUInt16LE(e.local + 28);
    const data = bytes.subarray(start, start + e.size);
    const target = path.join(out, e.name.slice("extension/".length));
    assert.ok(target.startsWith(out + path.sep), e.name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, e.method === 8 ? zlib.inflateRawSync(data) : data);
  }
  return out;
}

// One entry's text.
function unzipText(file, name) {
  const { bytes, entries } = zipEntries(file);
  const e = entries.find((x) => x.name === name);
  assert.ok(e, `${name} in ${file}`);
  const start = e.local + 30 + bytes.readUInt16LE(e.local + 26) + bytes.readUInt16LE(e.local + 28);
  const data = bytes.subarray(start, start + e.size);
  return (e.method === 8 ? zlib.inflateRawSync(data) : data).toString("utf8");
}

module.exports = { zipEntries, unpack, unzipText };
