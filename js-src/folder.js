// Reading a folder for the Module view (web/src/module/folder.rs says what is read and why): the
// files of an <input webkitdirectory>, or the entries of a drop (taken by js-src/cm6.js's
// openFolder while the drop event lasts), listed with their paths and sizes; then the files the
// Rust side asks for, read as UTF-8 text. Fetched the first time a folder is opened or dropped,
// never by the view's first open; built by `npm run bundle` into web/js/folder.bundle.js.
//
// open(from, max, step): `from` is the input element or an array of dropped entries, `max` the
// most entries listed. step(json, read) is called with {"listing": [{path, size}], "cut", "whole"}
// first (whole: a folder chosen, or one dropped alone, rather than files to add to the module),
// then with [[path, text | null], …] for each read(pathsJson) the Rust side makes; null: the
// file could not be read or is not UTF-8 text.

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

// The files of an <input type=file webkitdirectory>: paths without the chosen folder's name.
function fromInput(input, max) {
  const out = [];
  for (const f of input.files ?? []) {
    if (out.length >= max) return [out, true, true];
    const rel = f.webkitRelativePath || f.name;
    const slash = rel.indexOf("/");
    out.push([slash < 0 ? rel : rel.slice(slash + 1), f]);
  }
  return [out, false, true];
}

// Callback APIs of the entries, as promises.
const entries = (reader) => new Promise((ok, err) => reader.readEntries(ok, err));
const file = (entry) => new Promise((ok, err) => entry.file(ok, err));

// Walks dropped entries: each file with its path (a folder dropped alone is the root: its name is
// not part of the paths).
async function fromDrop(dropped, max) {
  const out = [];
  const one = dropped.length === 1 && dropped[0].isDirectory;
  const stack = dropped.map((e) => [one ? "" : e.name, e]);
  let seen = 0;
  while (stack.length) {
    const [path, e] = stack.pop();
    if (++seen > max) return [out, true, one];
    if (e.isDirectory) {
      const reader = e.createReader();
      for (;;) {
        const batch = await entries(reader).catch(() => []);
        if (!batch.length) break;
        for (const c of batch) stack.push([path ? `${path}/${c.name}` : c.name, c]);
      }
    } else if (e.isFile) {
      const f = await file(e).catch(() => null);
      if (f) out.push([path, f]);
    }
  }
  return [out, false, one];
}

async function text(f) {
  try {
    return utf8.decode(await f.arrayBuffer());
  } catch {
    return null;
  }
}

export async function open(from, max, step) {
  const [listed, cut, whole] = Array.isArray(from) ? await fromDrop(from, max) : fromInput(from, max);
  const byPath = new Map();
  for (const [path, f] of listed) if (!byPath.has(path)) byPath.set(path, f);
  const read = async (json) => {
    const got = [];
    for (const path of JSON.parse(json)) {
      const f = byPath.get(path);
      got.push([path, f ? await text(f) : null]);
    }
    step(JSON.stringify(got), read);
  };
  step(JSON.stringify({ listing: listed.map(([path, f]) => ({ path, size: f.size })), cut, whole }), read);
}
