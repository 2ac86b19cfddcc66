// tftype: the Terraform / OpenTofu type system (type constraints, values, conversion) in
// WebAssembly. One ES module for browsers and Node >= 20; the .wasm is loaded once, at import.
import init, { initSync, __tftypeForget, evaluateCase, explainCase, notesCase, flavorTable, defaultFlavor as defaultFlavorName, catalogText, linkUrl, checkModule, trapForTest } from "./tftype_core.js";

const wasmUrl = new URL("./tftype_core_bg.wasm", import.meta.url);
// The compiled module, kept: a new instance of it is made after a trap.
let compiled;
if (typeof process !== "undefined" && process.versions?.node && wasmUrl.protocol === "file:") {
  const { readFile } = await import("node:fs/promises");
  compiled = new WebAssembly.Module(await readFile(wasmUrl));
  initSync({ module: compiled });
} else {
  const response = fetch(wasmUrl);
  try {
    compiled = await WebAssembly.compileStreaming(response);
  } catch {
    // A server that does not send `application/wasm`.
    compiled = await WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer());
  }
  await init({ module_or_path: compiled });
}

// A trap (wasm's `unreachable`, running out of memory) leaves the instance unusable: every
// later call would fail the same way. The call that trapped throws; the instance is replaced
// by a fresh one of the same module, so the next call is answered normally.
function guarded(f) {
  try {
    return f();
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      __tftypeForget();
      initSync({ module: compiled });
    }
    throw e;
  }
}

function need(fn, name, value, what, ok) {
  if (!ok) {
    const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
    throw new TypeError(`tftype.${fn}: ${name} must be ${what} (got ${got})`);
  }
}

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

// A string with a lone surrogate ("\ud800") is not Unicode text: JSON.stringify writes it as an
// escape the engine's reader refuses with a message about hex escapes. It is named here instead,
// with the other malformed input (the strings of plain objects and arrays are looked at, once each).
function wellFormed(fn, name, value, depth = 0) {
  if (typeof value === "string") {
    need(fn, name, value, "well-formed Unicode text (it has a lone surrogate)", !/\p{Surrogate}/u.test(value));
  } else if (typeof value === "object" && value !== null && depth < 64) {
    for (const [k, v] of Object.entries(value)) {
      wellFormed(fn, `${name}[${JSON.stringify(k)}]`, k, depth + 1);
      wellFormed(fn, `${name}[${JSON.stringify(k)}]`, v, depth + 1);
    }
  }
}

function checkRequest(fn, request) {
  need(fn, "request", request, "an object such as {type, value}", isObject(request));
  need(fn, "request.value", request.value, "a string", typeof request.value === "string");
  for (const key of ["type"]) {
    const v = request[key];
    need(fn, `request.${key}`, v, "a string, null or absent", v === undefined || v === null || typeof v === "string");
  }
  for (const key of ["value_format", "var_name", "flavor"]) {
    const v = request[key];
    need(fn, `request.${key}`, v, "a string or absent", v === undefined || typeof v === "string");
  }
  for (const key of ["nullable", "sensitive"]) {
    const v = request[key];
    need(fn, `request.${key}`, v, "a boolean or absent", v === undefined || typeof v === "boolean");
  }
}

// The fields of a one-variable request, and the ones the case files carry for people (`note`,
// `upstream`, `doc_console`: ignored, as `tftype batch` ignores them).
const REQUEST_FIELDS = ["id", "type", "value", "value_format", "nullable", "sensitive", "var_name", "flavor"];
const CASE_NOTES = ["note", "upstream", "doc_console"];

// The known field a misspelled one most likely means (at most two edits away), or "".
function nearest(name, known) {
  const dist = (a, b) => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row;
    }
    return prev[b.length];
  };
  let best = "";
  let bestD = 3;
  for (const k of known) {
    const d = dist(name.toLowerCase(), k);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}

/**
 * Evaluates one variable: the fields of a `tftype batch` case in, of its result out. A field of the
 * wrong kind, or one that is not a field (`flavour`), is a TypeError naming it.
 */
export function evaluate(request) {
  need("evaluate", "request", request, "an object such as {type, value}", isObject(request));
  // A one-variable request is checked here; a module or expression case (`mode`) is the
  // engine's to judge, as `tftype batch` judges it.
  if (request.mode === undefined) {
    checkRequest("evaluate", request);
    for (const key of Object.keys(request)) {
      if (REQUEST_FIELDS.includes(key) || CASE_NOTES.includes(key)) continue;
      const guess = nearest(key, REQUEST_FIELDS);
      throw new TypeError(`tftype.evaluate: request.${key} is not a field of a request${guess ? ` (did you mean ${guess}?)` : ""}; the fields are ${REQUEST_FIELDS.join(", ")}`);
    }
  }
  const json = JSON.stringify(request);
  return JSON.parse(guarded(() => evaluateCase(json)));
}

/** The conversion rules the answer applied, outermost first: `[{path, from, to, rule}]`. */
// (Its answer has no room for an input error: a request it could not read would give `[]`.)
export function explain(request) {
  checkRequest("explain", request);
  const json = JSON.stringify(request);
  return JSON.parse(guarded(() => explainCase(json)));
}

/**
 * tftype's notes on what the answer did without a word (an attribute dropped, with "did you
 * mean …?", numbers turned into strings, duplicates merged in a set, …), in "en", "zh" or "ja":
 * `[{kind, path, text, …}]`, code in `text` between backticks. `[]` when there is nothing to say.
 */
export function notes(request, lang = "en") {
  checkRequest("notes", request);
  need("notes", "lang", lang, 'a string ("en", "zh" or "ja")', typeof lang === "string");
  const json = JSON.stringify(request);
  return JSON.parse(guarded(() => notesCase(json, lang)));
}

/** The Terraform and OpenTofu versions tftype answers for. */
export function flavors() {
  return JSON.parse(guarded(() => flavorTable()));
}

/** The name of the flavor a request without one answers as (one of `flavors()`). */
export function defaultFlavor() {
  return guarded(() => defaultFlavorName());
}

/** One of tftype's own texts (`core/i18n`) in "en", "zh" or "ja", placeholders filled from `args`. */
export function text(lang, key, args = {}) {
  need("text", "lang", lang, 'a string ("en", "zh" or "ja")', typeof lang === "string");
  need("text", "key", key, "a string", typeof key === "string");
  need("text", "args", args, "an object of strings", isObject(args));
  for (const [name, v] of Object.entries(args)) {
    need("text", `args.${name}`, v, "a string", typeof v === "string");
  }
  const json = JSON.stringify(args);
  return guarded(() => catalogText(lang, key, json));
}

/** A playground link for `request` at `base` (readable `?type=…&value=…` parameters, as `tftype link` writes them). */
export function link(base, request, lang = "") {
  need("link", "base", base, "a string (the playground's http(s) address)", typeof base === "string");
  // As `tftype link` (core's link::is_web_base): a link elsewhere is no playground link.
  need("link", "base", base, "an http:// or https:// address", /^https?:\/\//i.test(base) && !/\s/.test(base));
  checkRequest("link", request);
  need("link", "lang", lang, 'a string ("en", "zh", "ja" or "")', lang === undefined || lang === null || typeof lang === "string");
  const json = JSON.stringify(request);
  return guarded(() => linkUrl(base, json, lang ?? ""));
}

// For the package's own tests only, not part of its interface (so not an export): makes the
// engine trap, as a bug would (the next call gets a new instance).
Object.defineProperty(evaluate, Symbol.for("tftype.trapForTest"), { value: () => guarded(() => trapForTest()) });

/**
 * Checks a root module as `terraform plan` would before contacting providers: `files` (name →
 * text; the top-level `*.tf` files are the module), `args` (`[["-var", "n=v"] | ["-var-file", "f"]]`
 * in command-line order), `env` (`TF_VAR_*`), `flavor`. Returns what `tftype check --format json`
 * prints, each range with UTF-16 offsets (`start16`, `end16`) too. `module` blocks whose source is
 * a local directory among `files` (`"modules/vpc/variables.tf"`) are checked against it
 * (`module_calls`).
 */
export function check(input) {
  // A number, a string, an array or nothing is not a module: a TypeError, as for the other
  // malformed shapes (the engine judges the fields inside the object).
  need("check", "input", input, "an object such as {files}", isObject(input));
  const { files = {}, args = [], env = {}, flavor } = input;
  wellFormed("check", "input", { files, args, env, flavor });
  const out = JSON.parse(guarded(() => checkModule(JSON.stringify({ files, args, env, flavor }))));
  if (out.error) throw new TypeError(out.error);
  return out;
}
