// The extension's words (package.nls.json, package.nls.zh-cn.json, package.nls.ja.json) from
// the project's catalogs, core/i18n/{en,zh,ja}.json, keys lsp.vscode.*:
//   node build/nls.mjs                 writes them next to package.json
//   node build/nls.mjs --check [DIR]   exits 1 when a file in DIR (default: the extension's
//                                      folder) differs from what the catalogs give
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const catalogs = resolve(here, "../../core/i18n");

// Catalog key (after lsp.vscode.) → the key package.json and extension.js use.
export const KEYS = {
  display_name: "displayName",
  description: "description",
  path: "config.path",
  flavor: "config.flavor",
  base_url: "config.baseUrl",
  untrusted: "untrusted",
  start_error: "startError",
  restarted: "restarted",
  gave_up: "gaveUp",
};
// Catalog language → the nls file VS Code reads for its display language.
export const FILES = { en: "package.nls.json", zh: "package.nls.zh-cn.json", ja: "package.nls.ja.json" };

export function nls(lang) {
  const catalog = JSON.parse(readFileSync(join(catalogs, `${lang}.json`), "utf8"));
  const out = {};
  for (const [key, name] of Object.entries(KEYS)) {
    const text = catalog[`lsp.vscode.${key}`];
    if (typeof text !== "string") throw new Error(`core/i18n/${lang}.json has no lsp.vscode.${key}`);
    out[name] = text;
  }
  const extra = Object.keys(catalog).filter((k) => k.startsWith("lsp.vscode.") && !(k.slice(11) in KEYS));
  if (extra.length) throw new Error(`core/i18n/${lang}.json: ${extra.join(", ")} not used by build/nls.mjs`);
  return JSON.stringify(out, null, 2) + "\n";
}

const args = process.argv.slice(2);
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  if (args[0] === "--check") {
    const dir = resolve(args[1] || here);
    let bad = 0;
    for (const [lang, file] of Object.entries(FILES)) {
      let have = null;
      try {
        have = readFileSync(join(dir, file), "utf8");
      } catch {
        // missing
      }
      if (have !== nls(lang)) {
        console.error(`nls: ${join(dir, file)} differs from core/i18n/${lang}.json (run node editors/vscode/build/nls.mjs)`);
        bad++;
      }
    }
    if (bad) process.exit(1);
    console.log(`nls: ${Object.keys(FILES).length} files match the catalogs`);
  } else if (args.length === 0) {
    for (const [lang, file] of Object.entries(FILES)) writeFileSync(join(here, file), nls(lang));
  } else {
    console.error("usage: node build/nls.mjs [--check [DIR]]");
    process.exit(2);
  }
}
