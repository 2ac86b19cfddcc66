// Reading a folder for the Module view (web/src/module/folder.rs opens what is read): the files
// of an <input webkitdirectory>, or the entries of a drop (taken by js-src/cm6.js's openFolder
// while the drop event lasts), are listed with their paths and sizes; then core says which to read
// (`tftype::module_view::folder::plan`, asked through the engine worker: which files Terraform
// reads is core's rule, never this file's), they are read as UTF-8 text, and core is asked again,
// until nothing is left to read. Fetched the first time a folder is opened or dropped, never by the
// view's first open; built by `npm run bundle` into web/js/folder.bundle.js.
//
// open(from, max, ask, done): `from` is the input element or an array of dropped entries, `max`
// the most entries listed; ask(requestJson, answer) gets core's plan for {listing, read, failed}
// and calls answer(planJson); done(json) gets {files: {path: text}, left_out: [{path, why}],
// installed: [...], cut, whole} (cut: the listing was cut short at `max`; whole: a folder chosen,
// or one dropped alone, rather than files to add to the module).

// The most rounds of asking and reading (each round follows module calls one level deeper).
export const MAX_ROUNDS = 64;

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

// A file's text; null if it cannot be read or is not UTF-8 text.
async function text(f) {
  try {
    return utf8.decode(await f.arrayBuffer());
  } catch {
    return null;
  }
}

export async function open(from, max, ask, done) {
  const [listed, cut, whole] = Array.isArray(from) ? await fromDrop(from, max) : fromInput(from, max);
  const byPath = new Map();
  for (const [path, f] of listed) if (!byPath.has(path)) byPath.set(path, f);
  let listing = listed.map(([path, f]) => ({ path, size: f.size }));
  const files = {};
  const failed = [];
  const leftOut = [];
  let installed = [];
  for (let round = 1; ; round++) {
    const json = await new Promise((answer) => ask(JSON.stringify({ listing, read: files, failed }), answer));
    let plan;
    try {
      plan = JSON.parse(json);
    } catch {
      break; // (the engine could not answer: what was read so far)
    }
    for (const s of plan.left_out ?? []) if (!leftOut.some((x) => x.path === s.path)) leftOut.push(s);
    installed = plan.installed ?? [];
    const keep = new Set(plan.keep);
    listing = listing.filter((l) => keep.has(l.path));
    if (round > MAX_ROUNDS || !plan.read?.length) break;
    for (const path of plan.read) {
      const f = byPath.get(path);
      const t = f ? await text(f) : null;
      if (t === null) {
        leftOut.push({ path, why: "not_text" });
        failed.push(path);
      } else files[path] = t;
    }
  }
  done(JSON.stringify({ files, left_out: leftOut, installed, cut, whole }));
}
