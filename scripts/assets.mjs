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
// index.html gets one <meta name="tftype-assets" content="HASHED HASHED …">, which
// web/src/shared/assets.rs reads. Runs in Trunk's staging directory (TRUNK_STAGING_DIR), then runs
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

// index.html as the reader gets it: its comments are for the people who edit it, and the boot
// script (the one inline <script> without attributes) is minified. The Content-Security-Policy
// hashes are computed after this, by scripts/csp-hashes.mjs.
html = html.replace(/<!--[\s\S]*?-->/g, "").replace(/\n(\s*\n)+/g, "\n");
for (const [whole, body] of [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]) {
  const { code } = await transform(body, { loader: "js", minify: true, target: "es2020"});
  html = html.replace(whole, `<script>${code.trim()}</script>`);
}

// The catalogs in parts (core/src/i18n.rs, PARTS): the first load fetches the reader's main part
// only; the gallery's texts come when the gallery opens, the Module view's (its own and
// `tftype check`'s: check.*, validation.*) when it opens; the language server's (lsp.*) is never
// needed by the first screen either; `engine-full/`'s answers' texts before it first answers.
const PARTS = [
  ["gallery", (k) => (k.startsWith("example.") && !k.startsWith("example.start.")) || k.startsWith("confusion.") || k.startsWith("module_example.") || k.startsWith("group.")],
  // (embed.*: `<tftype-example>`'s own texts, which the page never shows; the element reads the npm package's catalogs)
  ["check", (k) => k.startsWith("check.") || k.startsWith("validation.") || k.startsWith("ui.module.") || k.startsWith("lsp.") || k.startsWith("embed.")],
  // What `engine-full/` answers with ("Copy as": refusals and the PowerShell note; a format
  // switch: what the rewrite kept or lost; the value editor's hover: assist.*), fetched before the page first asks it
  // (web/src/engine.rs, `pump`).
  ["full", (k) => k.startsWith("refusal.") || k === "note.powershell" || k.startsWith("ui.format_lost") || k === "ui.format_kept" || k.startsWith("assist.")],
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
    // The gallery's modules' titles and lessons are in the check part too: the Module view shows
    // its example's, and fetches no more of the gallery's texts for them (6 KB gz, issue #37).
    if (k.startsWith("module_example.")) parts.check[k] = v;
  }
  writeFileSync(file, JSON.stringify(main));
  for (const [name, texts] of Object.entries(parts)) writeFileSync(join(dir, "i18n", `${lang}-${name}.json`), JSON.stringify(texts));
}

const ASSETS = ["engine-worker.js", "assist.bundle.js", "folder.bundle.js", "engine-here.bundle.js", "engine_full.js", "engine_full_bg.wasm", "engine_module.js", "engine_module_bg.wasm", "module_view.js", "module_view_bg.wasm", "module.css", ...LANGS.flatMap((l) => [`i18n/${l}.json`, ...PARTS.map(([p]) => `i18n/${l}-${p}.json`)]), "examples.json", "confusions.json"];
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
  metas.push(hashed);
}
const index = join(dir, "index.html");
if (!html.includes("</head>")) {
  console.error(`assets: ${index} has no </head>`);
  process.exit(1);
}
// One tag lists them all: each hashed name is NAME with "-HASH" before its extension, which is
// how web/src/shared/assets.rs and js-src/module-host.js find a file's name.
html = html.replace("</head>", `<meta name="tftype-assets" content="${metas.join(" ")}">\n</head>`);
// Integrity as SHA-256 (as strong for this purpose, 20 characters shorter per tag); none on the
// icon, where browsers ignore it.
html = html.replace(/<link rel="icon"([^>]*?) integrity="[^"]*"/, '<link rel="icon"$1');
// None on a preload whose destination has no subresource integrity either: Trunk's preload of
// the page's .wasm (as="fetch"). Chromium ignores the attribute there and says so on every load
// (ux-5 L20), and the glue's own fetch of the .wasm carries no integrity that a preload's could
// match. The style sheet and the modulepreloads of the scripts keep theirs: there it is checked.
html = html.replace(/<link\b[^>]*\brel="preload"[^>]*>/g, (tag) => {
  const as = tag.match(/\bas="([^"]*)"/)?.[1];
  return as === "script" || as === "style" ? tag : tag.replace(/\s+integrity="[^"]*"/, "");
});
html = html.replace(/(href="\.?\/?([^"]+)"[^>]*integrity=")sha384-[^"]*"/g, (whole, head, file) => {
  const path = join(dir, file);
  return existsSync(path) ? `${head}sha256-${createHash("sha256").update(readFileSync(path)).digest("base64")}"` : whole;
});
// Indentation is for the people who read the template.
html = html.replace(/\n\s+/g, "\n");
writeFileSync(index, html);
console.log(`assets: ${ASSETS.length} files named by their content`);
await import("./csp-hashes.mjs");
