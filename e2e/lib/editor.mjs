// Driving the page like a user: the editors (CodeMirror 6; the host element carries its
// EditorView as `tftypeEditor`), the options, the gallery, and reading back what it shows.

import { inflateRawSync } from "node:zlib";
import { tid, until } from "./harness.mjs";

export async function editorText(page, editor) {
  return page.evaluate((sel) => document.querySelector(sel)?.tftypeEditor?.state.doc.toString() ?? null, tid(editor));
}

export async function focusEditor(page, editor) {
  await page.locator(`${tid(editor)} .cm-content`).click();
}

// Replaces an editor's text in one edit (like a paste).
export async function setEditor(page, editor, text) {
  await focusEditor(page, editor);
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  if (text) await page.keyboard.insertText(text);
}

// The state the address's link carries (null while the page has written none).
export async function linkState(page) {
  const hash = await page.evaluate(() => location.hash);
  try {
    return JSON.parse(inflateRawSync(Buffer.from(hash.slice(4), "base64url")).toString());
  } catch {
    return null;
  }
}

// Puts the cursor at `pos` (a UTF-16 offset) and focuses the editor.
export async function placeCursor(page, editor, pos) {
  await page.evaluate(
    ([sel, pos]) => {
      const v = document.querySelector(sel).tftypeEditor;
      v.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      v.focus();
    },
    [tid(editor), pos],
  );
}

// Types like a user: clear, then one key (one input event) at a time. The editor closes
// brackets and quotes as usual, so compare results with the editor's actual text.
export async function typeInto(page, editor, text) {
  await focusEditor(page, editor);
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.type(text);
}

// Opens the gallery and waits for its examples (fetched when it is first opened).
export async function openGallery(page) {
  if (!(await page.locator(tid("examples")).isVisible())) await page.locator(tid("examples-toggle")).click();
  await page.locator("[data-example]").first().waitFor();
}

// Chooses a version in the flavor picker.
export const chooseFlavor = (p, name) => p.locator(tid("flavor-select")).first().selectOption(name);

// The inputs and options as the page holds them.
export async function pageState(page) {
  const type = await editorText(page, "type-editor");
  const value = await editorText(page, "value-editor");
  const [format, nullable, sensitive, name, flavor] = await Promise.all([
    page.locator(tid("value-format")).inputValue(),
    page.locator(tid("nullable")).isChecked(),
    page.locator(tid("sensitive")).isChecked(),
    page.locator(tid("var-name")).inputValue(),
    page.locator(tid("flavor-select")).first().inputValue(),
  ]);
  return { type, value, format, nullable, sensitive, name, flavor };
}

// The result panel as data.
export async function readResult(page) {
  // One snapshot of the DOM (the result may be re-rendered between two reads).
  return page.evaluate(() => {
    const text = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
    const [type, console_, summary, detail] = ["result-type", "result-console", "error-summary", "error-detail"].map(text);
    if (type !== null && summary === null) return { ok: true, type, console: console_ };
    if (summary !== null && type === null) return { ok: false, summary, detail };
    return { ok: null, type, console: console_, summary, detail };
  });
}

// The mouse on position `pos` of an editor (a CSS selector of its host), after a move from
// elsewhere (CodeMirror's hover starts on a move).
export async function hoverPos(p, editor, pos) {
  const at = await p.evaluate(
    ([sel, pos]) => {
      const v = document.querySelector(sel).tftypeEditor;
      const c = v.coordsAtPos(pos);
      return { x: c.left + 1, y: (c.top + c.bottom) / 2 };
    },
    [editor, pos],
  );
  await p.mouse.move(at.x - 20, at.y + 40);
  await p.mouse.move(at.x, at.y);
}

// The Ctrl-Space list of the focused editor: until the completion code and the engine answer.
export async function completionList(p) {
  const items = () => p.locator(`${tid("completions")} li b`).allTextContents();
  return until("the completion list", async () => {
    let got = await items();
    if (!got.length) {
      await p.keyboard.press("Control+Space");
      await p.waitForTimeout(100);
      got = await items();
    }
    return { done: got.length > 0, value: got };
  });
}
