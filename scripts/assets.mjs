// Trunk post_build hook: minifies Trunk's wasm-bindgen glue and the style sheet (Trunk 0.21's own
// minifier fails on the glue), names the files the page loads at run time by their content, and
// tells the page their names.
//
// The glue and the style sheet keep their names (Trunk's hashes); their integrity attributes in
// index.html are recomputed.
//
// Trunk gives the page's own .js/.wasm/.css hashed names, but not the files the page fetches
// itself: the engine worker's script (public/engine-worker.js), the lazily loaded engine
// (engine_full.js and engine_full_bg.wasm, Trunk's "worker" output of engine-full/), the
// message catalogs (i18n/LANG.json) and the gallery's data (examples.json, confusions.json). A browser could keep an old copy of one of them next to a
// new page. Each gets a name with a hash of its content (engine-worker-0123abcd.js), and
// index.html gets a <meta name="tftype-asset:ORIGINAL" content="HASHED"> per file, which
// web/src/assets.rs reads. Runs in Trunk's staging directory (TRUNK_STAGING_DIR), then runs
// scripts/csp-hashes.mjs (Trunk would run two hooks of one stage at the same time).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "esbuild";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("assets: TRUNK_STAGING_DIR is not set (run me as a Trunk post_build hook)");
  process.exit(1);
}
let html = readFileSync(join(dir, "index.html"), "utf8");

// Trunk's glue (web-HASH.js, engine_full.js), the style sheet (style-HASH.css) and the worker's
// script, minified.
for (const name of readdirSync(dir)) {
  const kind = /^web-[0-9a-f]+\.js$/.test(name) || name === "engine-worker.js" || name === "engine_full.js" || name === "engine_module.js" || name === "module_view.js" ? "js" : /^(style|module)-[0-9a-f]+\.css$/.test(name) ? "css" : null;
  if (!kind) continue;
  const file = join(dir, name);
  const source = readFileSync(file, "utf8");
  const { code } = await transform(source, kind === "js" ? { loader: "js", format: "esm", minify: true, target: "es2020" } : { loader: "css", minify: true });
  writeFileSync(file, code);
  const attr = new RegExp(`(href="[^"]*/?${name.replace(/[.]/g, "\\.")}"[^>]*integrity=")sha384-[^"]*"`);
  if (attr.test(html)) {
    html = html.replace(attr, `$1sha384-${createHash("sha384").update(code).digest("base64")}"`);
  }
}

// The catalogs in parts (core/src/i18n.rs, PARTS): the first load fetches the reader's main part
// only; the gallery's texts come when the gallery opens, the Module view's (its own and
// `tftype check`'s: check.*, validation.*) when it opens.
const PARTS = [
  ["gallery", (k) => (k.startsWith("example.") && !k.startsWith("example.start.")) || k.startsWith("confusion.") || k.startsWith("module_example.")],
  ["check", (k) => k.startsWith("check.") || k.startsWith("validation.") || k.startsWith("ui.module.")],
];
const LANGS = ["en", "zh", "ja"];
for (const lang of LANGS) {
  const file = join(dir, "i18n", `${lang}.json`);
  const all = JSON.parse(readFileSync(file, "utf8"));
  const main = {};
  const parts = Object.fromEntries(PARTS.map(([name]) => [name, { "catalog.part": name }]));
  for (const [k, v] of Object.entries(all)) {
    const part = PARTS.find(([, has]) => has(k));
    (part ? parts[part[0]] : main)[k] = v;
  }
  writeFileSync(file, JSON.stringify(main));
  for (const [name, texts] of Object.entries(parts)) writeFileSync(join(dir, "i18n", `${lang}-${name}.json`), JSON.stringify(texts));
}

const ASSETS = ["engine-worker.js", "engine_full.js", "engine_full_bg.wasm", "engine_module.js", "engine_module_bg.wasm", "module_view.js", "module_view_bg.wasm", "module.css", ...LANGS.flatMap((l) => [`i18n/${l}.json`, ...PARTS.map(([p]) => `i18n/${l}-${p}.json`)]), "examples.json", "confusions.json"];
const metas = [];
for (const name of ASSETS) {
  const file = join(dir, name);
  if (!existsSync(file)) {
    console.error(`assets: ${file} is missing (index.html must build or copy it)`);
    process.exit(1);
  }
  const hash = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 16);
  const dot = name.match(/(_bg)?\.(js|wasm|json|css)$/).index;
  const hashed = `${name.slice(0, dot)}-${hash}${name.slice(dot)}`;
  renameSync(file, join(dir, hashed));
  metas.push(`<meta name="tftype-asset:${name}" content="${hashed}" />`);
}
const index = join(dir, "index.html");
if (!html.includes("</head>")) {
  console.error(`assets: ${index} has no </head>`);
  process.exit(1);
}
writeFileSync(index, html.replace("</head>", `${metas.join("\n    ")}\n  </head>`));
console.log(`assets: ${ASSETS.length} files named by their content`);
await import("./csp-hashes.mjs");
