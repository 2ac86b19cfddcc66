// node --test js-src/: the value editor's assist, the parts that need no browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inName } from "./assist.js";

// An editor state with the cursor at `|` (only what inName reads).
function at(text) {
  const head = text.indexOf("|");
  const doc = text.slice(0, head) + text.slice(head + 1);
  return { selection: { main: { head } }, doc: { sliceString: (from, to) => doc.slice(from, to) } };
}

test("typing asks for completions only at the end of a word that could be a name", () => {
  const cases = [
    ["a name's first letter", "{ p|", true],
    ["a name's later letters", "{ port|", true],
    ["a name with digits and dashes", "{ subnet-1a|", true],
    ["a name that starts with _", "{ _x|", true],
    ["true / false start with a letter", "{ on = t|", true],
    ["a digit in a number", "{ port = 1|", false],
    ["more digits of a number", "[\n  { port = 8080|", false],
    ["a negative number", "-12|", false],
    ["a number's exponent", "1e5|", false],
    ["a word longer than what is read", "x".repeat(100) + "|", true],
    ["at the start of the text", "|", false],
  ];
  for (const [name, text, want] of cases) assert.equal(inName(at(text)), want, name);
});

test("only the characters just before the cursor are read, however long the text", () => {
  let read = 0;
  const big = "{ port = 1 }\n".repeat(10_000);
  const state = { selection: { main: { head: big.length } }, doc: { sliceString: (from, to) => ((read += to - from), big.slice(from, to)) } };
  inName(state);
  assert.ok(read <= 64, `read ${read} characters`);
});
