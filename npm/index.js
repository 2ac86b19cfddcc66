// tftype: the Terraform / OpenTofu type system (type constraints, values, conversion) in
// WebAssembly. One ES module for browsers and Node >= 20; the .wasm is loaded once, at import.
import init, { initSync, evaluateCase, explainCase, flavorTable, catalogText, linkUrl, checkModule } from "./tftype_core.js";

const wasmUrl = new URL("./tftype_core_bg.wasm", import.meta.url);
if (typeof process !== "undefined" && process.versions?.node && wasmUrl.protocol === "file:") {
  const { readFile } = await import("node:fs/promises");
  initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

/** Evaluates one variable: the fields of a `tftype batch` case in, of its result out. */
export function evaluate(request) {
  return JSON.parse(evaluateCase(JSON.stringify(request)));
}

/** The conversion rules the answer applied, outermost first: `[{path, from, to, rule}]`. */
export function explain(request) {
  return JSON.parse(explainCase(JSON.stringify(request)));
}

/** The Terraform and OpenTofu versions tftype answers for. */
export function flavors() {
  return JSON.parse(flavorTable());
}

/** One of tftype's own texts (`core/i18n`) in "en", "zh" or "ja", placeholders filled from `args`. */
export function text(lang, key, args = {}) {
  return catalogText(lang, key, JSON.stringify(args));
}

/** A playground link for `request` at `base` (readable `?type=…&value=…` parameters, as `tftype link` writes them). */
export function link(base, request, lang = "") {
  return linkUrl(base, JSON.stringify(request), lang ?? "");
}

/**
 * Checks a root module as `terraform plan` would before contacting providers: `files` (name →
 * text; the top-level `*.tf` files are the module), `args` (`[["-var", "n=v"] | ["-var-file", "f"]]`
 * in command-line order), `env` (`TF_VAR_*`), `flavor`. Returns what `tftype check --format json`
 * prints, each range with UTF-16 offsets (`start16`, `end16`) too.
 */
export function check({ files = {}, args = [], env = {}, flavor } = {}) {
  const out = JSON.parse(checkModule(JSON.stringify({ files, args, env, flavor })));
  if (out.error) throw new TypeError(out.error);
  return out;
}
