// The harness: checks and their tally, asserts, waiting for the page, and the figures' units.

import { isDeepStrictEqual } from "node:util";

export const TIMEOUT = 10_000;

// The checks of one run: `check(name, fn)` runs fn and counts it as passed or failed (an
// exception fails it, and the run goes on); `counts` is the tally the summary line prints.
export function createChecks() {
  const counts = { passed: 0, failed: 0 };
  async function check(name, fn) {
    // E2E_ONLY=words runs only the checks whose name contains them (for debugging one check);
    // "a|b" runs those containing either (checks on the shared page need "page loads" too).
    if (process.env.E2E_ONLY && !process.env.E2E_ONLY.split("|").some((w) => name.includes(w))) return;
    try {
      await fn();
      counts.passed++;
      console.log(`ok   ${name}`);
    } catch (e) {
      counts.failed++;
      console.log(`FAIL ${name}\n     ${String(e?.stack ?? e).split("\n").slice(0, 12).join("\n     ")}`);
    }
  }
  return { check, counts };
}

// Thrown by a suite when the checks after it cannot mean anything (the page did not load): the
// runner stops, and says why in the summary line.
export class StopRun extends Error {}

export function assertEq(actual, expected, what) {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export function assert(cond, what) {
  if (!cond) throw new Error(what);
}

export const tid = (id) => `[data-testid="${id}"]`;

export async function until(what, fn, timeout = TIMEOUT) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last?.done) return last.value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(last?.value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// Waits until the element with data-testid `id` exists and `pred(text)` holds; returns the text.
export async function waitFor(page, id, pred, what) {
  return until(what, async () => {
    const loc = page.locator(tid(id));
    const value = (await loc.count()) > 0 ? await loc.first().textContent() : null;
    return { done: value !== null && pred(value), value };
  });
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
export const ms = (x) => `${x.toFixed(1)} ms`;
