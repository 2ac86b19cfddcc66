// Trunk post_build hook: completes the Content-Security-Policy of the built index.html.
//
// Trunk writes an inline <script type="module"> that loads the app (and, under `trunk serve`,
// one for live reload). Rather than allow every inline script, index.html's CSP names them
// with the placeholder 'inline-script-hashes', replaced here by the sha256 of each inline
// script actually present. Runs in Trunk's staging directory (TRUNK_STAGING_DIR).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PLACEHOLDER = "'inline-script-hashes'";
const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("csp-hashes: TRUNK_STAGING_DIR is not set (run me as a Trunk post_build hook)");
  process.exit(1);
}
const file = join(dir, "index.html");
const html = readFileSync(file, "utf8");
const META = /(<meta http-equiv="Content-Security-Policy" content="[^"]*)'inline-script-hashes'/;
if (!META.test(html)) {
  console.error(`csp-hashes: ${file} has no ${PLACEHOLDER} in its Content-Security-Policy meta tag`);
  process.exit(1);
}
const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);
// `trunk serve` fills its live-reload script in when it serves the page (the script holds
// placeholders such as {{__TRUNK_ADDRESS__}} here), so no hash can name it: that
// development build allows inline scripts. A release build never has it.
const devServer = inline.some((body) => body.includes("__TRUNK_ADDRESS__"));
const sources = devServer
  ? ["'unsafe-inline'"]
  : inline.map((body) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
writeFileSync(file, html.replace(META, (_, head) => head + (sources.join(" ") || "'none'")));
console.log(
  devServer
    ? "csp-hashes: trunk serve build, inline scripts allowed (live reload)"
    : `csp-hashes: ${sources.length} inline script(s) allowed by hash`,
);
