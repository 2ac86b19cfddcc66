// Browser end-to-end test of the playground, with playwright-core and Debian's Chromium.
//
//   node e2e/e2e.mjs --url http://127.0.0.1:PORT/ [--cli target/debug/tftype] [--dist dist] [--out e2e/out]
//
// Drives the page like a user (CodeMirror editors, options, examples, share links, embed mode,
// dark mode, a phone-sized screen, the keyboard). Whatever the page shows as a result must be
// exactly what the native CLI (`tftype batch`, whose agreement with Terraform is the conformance
// test's job) gives for the same inputs, so this tests the UI, not the engine. Fails on any page
// error, console error or failed request; saves screenshots into --out; prints the latency
// (keystroke to result) and the payload: gzip -9 and brotli of every file of --dist that the first
// page load fetches (the rest of dist/ is fetched when needed and listed apart). The last line printed is the summary,
// "e2e: N passed, M failed"; the exit code is 1 if anything failed.
//
// This file is the runner: the arguments, the browser, the order of the suites, the summary.
// The harness is in lib/ (checks and asserts: harness.mjs; driving the editors: editor.mjs;
// the native CLI: native.mjs; the browser, the main page and the problem watcher: context.mjs;
// the Module view's helpers: module.mjs; payload sizes: payload.mjs). The checks are in
// suites/, a file per view or area, each `export async function run(t)` with t the run's
// context (lib/context.mjs). A new check goes in the suite of the view it drives (a Module view
// check in suites/module.mjs, a share-link check in suites/share.mjs, ...); e2e/README.md lists
// the suites.

import { openRun } from "./lib/context.mjs";
import { StopRun } from "./lib/harness.mjs";
import * as firstLoad from "./suites/first-load.mjs";
import * as singleVariable from "./suites/single-variable.mjs";
import * as versions from "./suites/versions.mjs";
import * as gallery from "./suites/gallery.mjs";
import * as share from "./suites/share.mjs";
import * as embed from "./suites/embed.mjs";
import * as screens from "./suites/screens.mjs";
import * as latency from "./suites/latency.mjs";
import * as robustness from "./suites/robustness.mjs";
import * as races from "./suites/races.mjs";
import * as why from "./suites/why.mjs";
import * as module_ from "./suites/module.mjs";
import * as assist from "./suites/assist.mjs";
import * as block from "./suites/block.mjs";
import * as payload from "./suites/payload.mjs";

// In this order. The suites that use the main page (t.page) leave it as the next one expects:
// first-load loads it, single-variable, versions and gallery work on it, share takes its link
// (which embed opens), why and block come back to it.
const SUITES = [firstLoad, singleVariable, versions, gallery, share, embed, screens, latency, robustness, races, why, module_, assist, block];

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(\w+)$/.exec(argv[i]);
    if (!m || i + 1 >= argv.length) throw new Error(`bad argument ${argv[i]}`);
    out[m[1]] = argv[++i];
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const t = await openRun({
  url: args.url ?? "http://127.0.0.1:8080/",
  out: args.out ?? "e2e/out",
  dist: args.dist,
  cli: args.cli ?? "target/debug/tftype",
  chromiumPath: process.env.CHROMIUM ?? "/usr/bin/chromium",
});
let stopped = null;
try {
  for (const suite of SUITES) await suite.run(t);
  // The last check of the browser's part: every page of the run was watched (lib/context.mjs).
  await t.check("no page errors, console errors, failed or outside requests", async () => {
    if (t.problems.length) throw new Error(t.problems.join("\n"));
  });
} catch (e) {
  if (!(e instanceof StopRun)) throw e;
  stopped = e.message;
} finally {
  await t.close();
}
const { counts } = t;
if (stopped) {
  console.log(`e2e: ${counts.passed} passed, ${counts.failed} failed (${stopped})`);
  process.exit(1);
}

if (t.figures.length) {
  console.log("\nfigures:");
  for (const f of t.figures) console.log(`  ${f}`);
}
if (t.dist) await payload.run(t);
console.log(`screenshots: ${t.out}/*.png`);
console.log(`e2e: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed ? 1 : 0);
