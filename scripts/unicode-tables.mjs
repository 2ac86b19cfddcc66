#!/usr/bin/env node
// Generates core/src/unicode/tables.rs: the Unicode data the products use,
// per Unicode version (13.0.0: Terraform 1.5, Go 1.20 and go-textseg v13;
// 15.0.0: every later release, Go 1.21-1.26 and go-textseg v15).
//
// Source: the npm packages @unicode/unicode-13.0.0 and @unicode/unicode-15.0.0
// (version 2.0.7), the Unicode Character Database of each version as data.
// Usage:
//   node scripts/unicode-tables.mjs [DIR]
// DIR holds node_modules/@unicode/unicode-{13,15}.0.0; without it both are
// installed into a temporary folder first (npm install --no-save).
// The output is deterministic; `cargo test -p tftype --lib unicode` checks the
// tables against properties they must have.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG_VERSION = '2.0.7';
const VERSIONS = ['13.0.0', '15.0.0'];

let dir = process.argv[2];
const own = !dir;
if (own) {
  dir = mkdtempSync(join(tmpdir(), 'ucd-'));
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir,
    ...VERSIONS.map((v) => `@unicode/unicode-${v}@${PKG_VERSION}`)], { stdio: 'inherit' });
}
const pkg = (v) => join(dir, 'node_modules', '@unicode', `unicode-${v}`);

async function ranges(v, path) {
  return (await import(join(pkg(v), path, 'ranges.mjs'))).default.map((r) => [r.begin, r.end - 1]);
}
async function map(v, path) {
  return (await import(join(pkg(v), path, 'code-points.mjs'))).default;
}

const MAX = 0x10ffff;

// ---------------------------------------------------------------------------
// Simple case mapping (Go's unicode.ToUpper / ToLower / ToTitle: UnicodeData's
// simple mappings; a missing title mapping is the upper one).
// ---------------------------------------------------------------------------
async function caseDeltas(v) {
  const up = await map(v, 'Simple_Case_Mapping/Uppercase');
  const lo = await map(v, 'Simple_Case_Mapping/Lowercase');
  const ti = await map(v, 'Simple_Case_Mapping/Titlecase');
  const d = new Map();
  for (let c = 0; c <= MAX; c++) {
    const u = up.get(c) ?? c, l = lo.get(c) ?? c, t = ti.get(c) ?? u;
    if (u !== c || l !== c || t !== c) d.set(c, [u - c, l - c, t - c]);
  }
  return d;
}

// Ranges (lo, hi, du, dl, dt) of equal deltas, or alternating upper/lower
// pairs (du = UL, as Go's UpperLower) starting at an upper-case lo.
const UL = 0x110000;
function caseRanges(d, points) {
  const out = [];
  for (const c of points) {
    const [du, dl, dt] = d.get(c) ?? [0, 0, 0];
    const last = out[out.length - 1];
    if (last && last[1] + 1 === c) {
      if (last[2] !== UL && last[2] === du && last[3] === dl && last[4] === dt) { last[1] = c; continue; }
      const even = (c - last[0]) % 2 === 0;
      const ulHere = even ? (du === 0 && dl === 1 && dt === 0) : (du === -1 && dl === 0 && dt === -1);
      if (last[2] === UL && ulHere) { last[1] = c; continue; }
      // Turn a one-point upper (0, 1, 0) into the start of an alternating range.
      if (last[0] === last[1] && last[2] === 0 && last[3] === 1 && last[4] === 0 && du === -1 && dl === 0 && dt === -1) {
        last[1] = c; last[2] = UL; last[3] = 0; last[4] = 0; continue;
      }
    }
    out.push([c, c, du, dl, dt]);
  }
  return out;
}
function applyCase(rs, c) {
  for (const [lo, hi, du, dl, dt] of rs) {
    if (c < lo || c > hi) continue;
    if (du === UL) { const b = lo + ((c - lo) & ~1); return [b - c, b + 1 - c, b - c]; }
    return [du, dl, dt];
  }
  return [0, 0, 0];
}

const case13 = await caseDeltas('13.0.0');
const case15 = await caseDeltas('15.0.0');
const same = (a, b) => (a ?? [0, 0, 0]).every((x, i) => x === (b ?? [0, 0, 0])[i]);
const case13Ranges = caseRanges(case13, [...case13.keys()].sort((a, b) => a - b));
const changed15 = [];
for (let c = 0; c <= MAX; c++) if (!same(case13.get(c), case15.get(c))) changed15.push(c);
const case15Delta = caseRanges(case15, changed15);
for (let c = 0; c <= MAX; c++) {
  if (!same(applyCase(case13Ranges, c), case13.get(c))) throw new Error(`case 13 ranges wrong at ${c.toString(16)}`);
}
for (const c of changed15) {
  if (!same(applyCase(case15Delta, c), case15.get(c))) throw new Error(`case 15 delta wrong at ${c.toString(16)}`);
}

// ---------------------------------------------------------------------------
// Grapheme cluster classes (go-textseg: Grapheme_Cluster_Break, and
// Extended_Pictographic from emoji-data, of the same version).
// ---------------------------------------------------------------------------
const CLASSES = ['Other', 'CR', 'LF', 'Control', 'Extend', 'ZWJ', 'Regional_Indicator', 'Prepend', 'SpacingMark', 'L', 'V', 'T', 'LV', 'LVT', 'ExtPict'];
async function gcb(v) {
  const cls = new Uint8Array(MAX + 1);
  for (let i = 1; i < CLASSES.length - 1; i++) {
    for (const [a, b] of await ranges(v, `Grapheme_Cluster_Break/${CLASSES[i]}`)) cls.fill(i, a, b + 1);
  }
  for (const [a, b] of await ranges(v, 'Binary_Property/Extended_Pictographic')) {
    for (let c = a; c <= b; c++) {
      if (cls[c] !== 0) throw new Error(`${v}: Extended_Pictographic ${c.toString(16)} has class ${CLASSES[cls[c]]}`);
      cls[c] = CLASSES.length - 1;
    }
  }
  // Hangul syllables are computed, not stored: LV every 28th from U+AC00.
  for (let c = 0xac00; c <= 0xd7a3; c++) {
    const want = (c - 0xac00) % 28 === 0 ? 12 : 13;
    if (cls[c] !== want) throw new Error(`${v}: Hangul ${c.toString(16)}`);
  }
  return cls;
}
const gcb13 = await gcb('13.0.0');
const gcb15 = await gcb('15.0.0');
const HANGUL = (c) => c >= 0xac00 && c <= 0xd7a3;
const gcbStarts = [];
{
  let prev = -1;
  for (let c = 0; c <= MAX; c++) {
    const k = HANGUL(c) ? 0 : gcb13[c];
    if (k !== prev) { gcbStarts.push(c * 256 + k); prev = k; }
  }
}
const gcbDelta = [];
for (let c = 0; c <= MAX; c++) {
  if (gcb13[c] === gcb15[c]) continue;
  const last = gcbDelta[gcbDelta.length - 1];
  if (last && last[1] + 1 === c && last[2] === gcb15[c]) last[1] = c;
  else gcbDelta.push([c, c, gcb15[c]]);
}
const gcbChanged = gcbDelta.reduce((n, [a, b]) => n + b - a + 1, 0);

// ---------------------------------------------------------------------------
// Printability (Go's unicode.IsPrint: categories L, M, N, P, S, and U+0020).
// ---------------------------------------------------------------------------
async function printable(v) {
  const p = new Uint8Array(MAX + 1);
  for (const cat of ['Letter', 'Mark', 'Number', 'Punctuation', 'Symbol']) {
    for (const [a, b] of await ranges(v, `General_Category/${cat}`)) p.fill(1, a, b + 1);
  }
  p[0x20] = 1;
  return p;
}
const print13 = await printable('13.0.0');
const print15 = await printable('15.0.0');
const printDelta = [];
let printChanged = 0;
for (let c = 0; c <= MAX; c++) {
  if (print13[c] === print15[c]) continue;
  if (!print15[c]) throw new Error(`${c.toString(16)} printable in 13.0 but not in 15.0`);
  printChanged++;
  const last = printDelta[printDelta.length - 1];
  if (last && last[1] + 1 === c) last[1] = c;
  else printDelta.push([c, c]);
}


// ---------------------------------------------------------------------------
// General categories and scripts (Go's regexp/syntax `\p{…}` tables:
// unicode.Categories from UnicodeData.txt, unicode.Scripts from Scripts.txt).
// ---------------------------------------------------------------------------
// Index 0 is Cn (unassigned, in no category), as in the tables' runs.
const CATEGORIES = [
  ['Cn', 'Unassigned'], ['Lu', 'Uppercase_Letter'], ['Ll', 'Lowercase_Letter'], ['Lt', 'Titlecase_Letter'],
  ['Lm', 'Modifier_Letter'], ['Lo', 'Other_Letter'], ['Mn', 'Nonspacing_Mark'], ['Mc', 'Spacing_Mark'],
  ['Me', 'Enclosing_Mark'], ['Nd', 'Decimal_Number'], ['Nl', 'Letter_Number'], ['No', 'Other_Number'],
  ['Pc', 'Connector_Punctuation'], ['Pd', 'Dash_Punctuation'], ['Ps', 'Open_Punctuation'],
  ['Pe', 'Close_Punctuation'], ['Pi', 'Initial_Punctuation'], ['Pf', 'Final_Punctuation'],
  ['Po', 'Other_Punctuation'], ['Sm', 'Math_Symbol'], ['Sc', 'Currency_Symbol'], ['Sk', 'Modifier_Symbol'],
  ['So', 'Other_Symbol'], ['Zs', 'Space_Separator'], ['Zl', 'Line_Separator'], ['Zp', 'Paragraph_Separator'],
  ['Cc', 'Control'], ['Cf', 'Format'], ['Cs', 'Surrogate'], ['Co', 'Private_Use'],
];
async function categoryOf(v) {
  const k = new Uint8Array(MAX + 1);
  for (let i = 1; i < CATEGORIES.length; i++) {
    for (const [a, b] of await ranges(v, `General_Category/${CATEGORIES[i][1]}`)) {
      for (let c = a; c <= b; c++) {
        if (k[c] !== 0) throw new Error(`${v}: ${c.toString(16)} in two categories`);
        k[c] = i;
      }
    }
  }
  return k;
}
const { readdirSync } = await import('node:fs');
// Scripts.txt's unlisted code points are "Unknown" in the package; Go has no such table.
const scriptNames = (v) => readdirSync(join(pkg(v), 'Script')).filter((n) => n !== 'Unknown' && !n.includes('.')).sort();
const scripts13 = scriptNames('13.0.0');
const scriptsLater = scriptNames('15.0.0').filter((n) => !scripts13.includes(n));
const SCRIPTS = [...scripts13, ...scriptsLater];
if (SCRIPTS.length > 255) throw new Error('too many scripts for a byte');
async function scriptOf(v) {
  const k = new Uint8Array(MAX + 1);
  for (const name of scriptNames(v)) {
    for (const [a, b] of await ranges(v, `Script/${name}`)) {
      for (let c = a; c <= b; c++) {
        if (k[c] !== 0) throw new Error(`${v}: ${c.toString(16)} in two scripts`);
        k[c] = SCRIPTS.indexOf(name) + 1;
      }
    }
  }
  return k;
}
// Runs of one value (13.0.0) as bytes: for each run, how far its start is
// from the last one's (LEB128: seven bits a byte, the high bit set on all
// but the last), then its value; and the ranges whose value differs in
// 15.0.0 as `(lo, hi, value)`.
function starts(k) {
  const out = [];
  let prev = -1, last = 0;
  for (let c = 0; c <= MAX; c++) {
    if (k[c] === prev) continue;
    let d = c - last;
    while (d >= 0x80) { out.push((d & 0x7f) | 0x80); d >>= 7; }
    out.push(d, k[c]);
    prev = k[c]; last = c;
  }
  return out;
}
function delta(a, b) {
  const out = [];
  for (let c = 0; c <= MAX; c++) {
    if (a[c] === b[c]) continue;
    const last = out[out.length - 1];
    if (last && last[1] + 1 === c && last[2] === b[c]) last[1] = c;
    else out.push([c, c, b[c]]);
  }
  return out;
}
const gc13 = await categoryOf('13.0.0');
const gc15 = await categoryOf('15.0.0');
const gcStarts = starts(gc13), gcDelta = delta(gc13, gc15);
const sc13 = await scriptOf('13.0.0');
const sc15 = await scriptOf('15.0.0');
const scStarts = starts(sc13), scDelta = delta(sc13, sc15);
// ---------------------------------------------------------------------------
const hex = (n) => '0x' + n.toString(16);
function rows(items, per, fmt) {
  const lines = [];
  for (let i = 0; i < items.length; i += per) lines.push('    ' + items.slice(i, i + per).map(fmt).join(' '));
  return lines.join('\n');
}
const caseRow = ([a, b, du, dl, dt]) => `(${hex(a)}, ${hex(b)}, ${du === UL ? 'UL' : du}, ${dl}, ${dt}),`;
const out = `// @generated by \`node scripts/unicode-tables.mjs\` from the npm packages
// @unicode/unicode-13.0.0 and @unicode/unicode-15.0.0 (${PKG_VERSION}): the Unicode
// Character Database 13.0.0 and 15.0.0. Do not edit.

use super::UL;

/// Simple case mappings of Unicode 13.0.0 (UnicodeData.txt; a missing title
/// mapping is the upper one): ranges \`(lo, hi, to upper, to lower, to title)\`
/// as offsets, or \`UL\` for alternating upper/lower pairs from \`lo\`.
pub(super) static CASE_13: [(u32, u32, i32, i32, i32); ${case13Ranges.length}] = [
${rows(case13Ranges, 3, caseRow)}
];

/// The code points whose simple case mappings Unicode 14.0/15.0 changed
/// (${changed15.length}), with their 15.0.0 mappings, in the form of [\`CASE_13\`].
pub(super) static CASE_15: [(u32, u32, i32, i32, i32); ${case15Delta.length}] = [
${rows(case15Delta, 3, caseRow)}
];

/// Grapheme cluster classes of Unicode 13.0.0 (GraphemeBreakProperty.txt and
/// emoji-data.txt's Extended_Pictographic): \`start << 8 | class\` where the
/// class changes (Hangul syllables U+AC00-U+D7A3 are computed instead).
/// Classes: ${CLASSES.map((c, i) => `${i} ${c}`).join(', ')}.
pub(super) static GCB_13: [u32; ${gcbStarts.length}] = [
${rows(gcbStarts, 8, (n) => hex(n) + ',')}
];

/// The ${gcbChanged} code points whose class differs in Unicode 15.0.0: \`(lo, hi, class)\`.
pub(super) static GCB_15: [(u32, u32, u8); ${gcbDelta.length}] = [
${rows(gcbDelta, 4, ([a, b, k]) => `(${hex(a)}, ${hex(b)}, ${k}),`)}
];

/// The ${printChanged} code points printable (categories L, M, N, P, S) in
/// Unicode 15.0.0 but not in 13.0.0 (unassigned there): \`(lo, hi)\`.
pub(super) static PRINT_15_ONLY: [(u32, u32); ${printDelta.length}] = [
${rows(printDelta, 6, ([a, b]) => `(${hex(a)}, ${hex(b)}),`)}
];

/// General categories (Go's \`unicode.Categories\`, from UnicodeData.txt), by
/// number: ${CATEGORIES.map(([c], i) => `${i} ${c}`).join(', ')} (0: unassigned).
pub(super) const CATEGORIES: &str = "${CATEGORIES.map(([c]) => c).join(' ')}";

/// The general category of every code point in Unicode 13.0.0, in runs (see
/// \`super::runs\`: each run's distance from the last start, LEB128, then its category).
pub(super) static GC_13: [u8; ${gcStarts.length}] = [
${rows(gcStarts, 16, (n) => n + ',')}
];

/// The code points whose category differs in Unicode 15.0.0: \`(lo, hi, category)\`.
pub(super) static GC_15: [(u32, u32, u8); ${gcDelta.length}] = [
${rows(gcDelta, 4, ([a, b, k]) => `(${hex(a)}, ${hex(b)}, ${k}),`)}
];

/// The scripts of Unicode 13.0.0 (Scripts.txt), by number from 1 (0: in none).
pub(super) const SCRIPTS_13: &str = "${scripts13.join(' ')}";

/// The scripts Unicode 14.0.0 and 15.0.0 added, numbered after [\`SCRIPTS_13\`].
pub(super) const SCRIPTS_14_15: &str = "${scriptsLater.join(' ')}";

/// The script of every code point in Unicode 13.0.0, in runs as [\`GC_13\`].
pub(super) static SC_13: [u8; ${scStarts.length}] = [
${rows(scStarts, 16, (n) => n + ',')}
];

/// The code points whose script differs in Unicode 15.0.0: \`(lo, hi, script)\`.
pub(super) static SC_15: [(u32, u32, u8); ${scDelta.length}] = [
${rows(scDelta, 4, ([a, b, k]) => `(${hex(a)}, ${hex(b)}, ${k}),`)}
];
`;
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'core', 'src', 'unicode', 'tables.rs');
writeFileSync(target, out);
if (own) rmSync(dir, { recursive: true, force: true });
console.log(`wrote ${target}: case ${case13Ranges.length} ranges (+${case15Delta.length}), gcb ${gcbStarts.length} starts (+${gcbDelta.length} ranges, ${gcbChanged} code points), print +${printChanged} code points in ${printDelta.length} ranges, categories ${gcStarts.length} bytes of runs (+${gcDelta.length}), scripts ${scStarts.length} bytes (+${scDelta.length})`);
