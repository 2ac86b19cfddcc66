// CodeMirror 6 for the tftype playground: a small, framework-free wrapper
// that the Rust/Leptos side calls through wasm-bindgen.
//
// Bundled by esbuild (a Trunk pre_build hook, `npm run bundle`) into
// web/js/cm6.bundle.js, which is generated and git-ignored.
//
// API (every function takes/returns plain values; positions are UTF-16
// offsets, as everywhere in JS):
//   createEditor(parent, doc, {language, readOnly, label}, onChange) -> view
//   setDoc(view, text[, expected])     replace the text (does not call onChange); with
//                                      `expected`, only if the text is that: returns whether it did
//   getDoc(view) -> string
//   setLanguage(view, "hcl" | "json")
//   setDiagnostics(view, [{from, to, message, severity}])
//   setReadOnly(view, bool)
//   select(view, from, to)             select a range, scroll to it, focus
//   focus(view)
// `options` and the diagnostics list may also be given as JSON text.
//   destroy(view)

import { EditorState, Compartment, Annotation, StateEffect, StateField } from "@codemirror/state";
import {
  EditorView,
  keymap,
  lineNumbers,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
  Decoration,
} from "@codemirror/view";
import {
  Language,
  defineLanguageFacet,
  languageDataProp,
  syntaxHighlighting,
  HighlightStyle,
  bracketMatching,
  indentOnInput,
} from "@codemirror/language";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { setDiagnostics as lintSetDiagnostics } from "@codemirror/lint";
import { jsonLanguage } from "@codemirror/lang-json";
import { hclLanguage } from "codemirror-lang-hcl";
import { tags as t } from "@lezer/highlight";
import { NodeType, Parser, Tree, TreeFragment } from "@lezer/common";

// ---------------------------------------------------------------------------
// HCL *expressions*.
//
// codemirror-lang-hcl parses a whole configuration file (a body of
// attributes and blocks); its grammar has no expression entry point. Both of
// our editors hold a single expression (`list(string)`, `["a", 1]`,
// `"hello"`), which the body grammar reads as broken blocks. So the text is
// parsed as the body `_=<text>`, and the resulting tree is hung under a new
// top node at offset -2, so that every node lines up with the editor's text
// again. The prefix nodes lie before position 0 and are never drawn.
// (codemirror-lang-hcl 0.2.0 also misreads a function call as an object's
// value, e.g. `{ a = optional(string) }`; those few tokens lose their colour.)

const PREFIX = "_=";

class PrefixedInput {
  constructor(inner) {
    this.inner = inner;
    this.length = inner.length + PREFIX.length;
  }
  get lineChunks() {
    return false;
  }
  chunk(pos) {
    if (pos < PREFIX.length) return PREFIX.slice(pos) + this.inner.read(0, Math.min(this.inner.length, 4096));
    return this.inner.chunk(pos - PREFIX.length);
  }
  read(from, to) {
    let out = "";
    if (from < PREFIX.length) {
      out = PREFIX.slice(from, Math.min(to, PREFIX.length));
      from = PREFIX.length;
    }
    if (to > from) out += this.inner.read(from - PREFIX.length, to - PREFIX.length);
    return out;
  }
}

const hclData = defineLanguageFacet({
  commentTokens: { line: "#", block: { open: "/*", close: "*/" } },
  closeBrackets: { brackets: ["(", "[", "{", '"'] },
  indentOnInput: /^\s*[\}\]\)]$/,
});

const exprTop = NodeType.define({
  id: 0,
  name: "HclExpression",
  top: true,
  props: [[languageDataProp, hclData]],
});

class HclExpressionParser extends Parser {
  createParse(input, fragments, ranges) {
    const length = ranges.length ? ranges[ranges.length - 1].to : input.length;
    if (length > MAX_HCL_HIGHLIGHT || tooDeep(input, length)) return flatParse(exprTop, length);
    // The previous trees are reused (incremental parsing, which keeps typing
    // in a big document fast): their fragments are moved into the prefixed
    // coordinates, where a node's position is PREFIX.length further on.
    const shifted = fragments.map(
      (f) => new TreeFragment(f.from + PREFIX.length, f.to + PREFIX.length, f.tree, f.offset - PREFIX.length, f.openStart, f.openEnd),
    );
    const inner = hclLanguage.parser.startParse(new PrefixedInput(input), shifted, [
      { from: 0, to: length + PREFIX.length },
    ]);
    return {
      get parsedPos() {
        return Math.max(0, inner.parsedPos - PREFIX.length);
      },
      get stoppedAt() {
        return inner.stoppedAt == null ? null : inner.stoppedAt - PREFIX.length;
      },
      stopAt(pos) {
        inner.stopAt(pos + PREFIX.length);
      },
      advance() {
        const tree = inner.advance();
        if (!tree) return null;
        return new Tree(exprTop, [tree], [-PREFIX.length], length);
      },
    };
  }
}

const hclExpressionLanguage = new Language(hclData, new HclExpressionParser(), [], "hcl");

// ---------------------------------------------------------------------------
// Very deep nesting. Lezer builds its trees recursively, so thousands of
// nested brackets overflow the JS stack. Such texts (the engine rejects them
// anyway) are left unhighlighted: the parse gives a flat tree.

const MAX_NESTING = 200;

// The HCL grammar is slow on big texts (a 100 KB value takes over half a
// second to parse, and about 10 ms per keystroke even incrementally), which
// would eat into every keystroke's budget. Longer HCL texts stay plain.
const MAX_HCL_HIGHLIGHT = 40_000;

function tooDeep(input, length) {
  const text = input.read(0, length);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > MAX_NESTING) return true;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return false;
}

function flatParse(top, length) {
  return {
    parsedPos: length,
    stoppedAt: null,
    stopAt() {},
    advance: () => new Tree(top, [], [], length),
  };
}

const jsonTop = NodeType.define({
  id: 0,
  name: "JsonText",
  top: true,
  props: [[languageDataProp, jsonLanguage.data]],
});

class GuardedJsonParser extends Parser {
  createParse(input, fragments, ranges) {
    const length = ranges.length ? ranges[ranges.length - 1].to : input.length;
    if (tooDeep(input, length)) return flatParse(jsonTop, length);
    return jsonLanguage.parser.createParse(input, fragments, ranges);
  }
}

const jsonGuardedLanguage = new Language(jsonLanguage.data, new GuardedJsonParser(), [], "json");

// ---------------------------------------------------------------------------
// Looks. Colours are CSS custom properties, so the page's `data-theme`
// attribute (light / dark) restyles every editor without reconfiguring it.

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.operatorKeyword], color: "var(--cm-keyword, #7a3e9d)" },
  { tag: [t.string, t.special(t.string)], color: "var(--cm-string, #1a7f37)" },
  { tag: [t.number], color: "var(--cm-number, #0550ae)" },
  { tag: [t.bool, t.null, t.atom], color: "var(--cm-atom, #953800)" },
  { tag: [t.function(t.variableName)], color: "var(--cm-function, #8250df)" },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: "var(--cm-property, #0a3069)" },
  { tag: [t.variableName, t.name], color: "var(--cm-name, #24292f)" },
  { tag: [t.lineComment, t.blockComment, t.comment], color: "var(--cm-comment, #6e7781)", fontStyle: "italic" },
  { tag: [t.operator, t.arithmeticOperator, t.logicOperator, t.compareOperator, t.controlOperator, t.definitionOperator, t.derefOperator], color: "var(--cm-operator, #cf222e)" },
  { tag: [t.special(t.brace), t.special(t.controlKeyword)], color: "var(--cm-special, #953800)" },
  { tag: t.invalid, color: "var(--cm-invalid, #cf222e)" },
]);

const baseTheme = EditorView.theme({
  "&": {
    color: "var(--cm-fg, #1f2328)",
    backgroundColor: "var(--cm-bg, #ffffff)",
    fontSize: "var(--cm-font-size, 14px)",
    height: "100%",
  },
  "&.cm-focused": { outline: "2px solid var(--focus, #0969da)", outlineOffset: "-2px" },
  ".cm-scroller": {
    fontFamily: "var(--mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace)",
    lineHeight: "1.45",
  },
  ".cm-content": { caretColor: "var(--cm-caret, #1f2328)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--cm-caret, #1f2328)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
    { backgroundColor: "var(--cm-selection, #b6d7ff)" },
  ".cm-gutters": {
    backgroundColor: "var(--cm-gutter-bg, #f6f8fa)",
    color: "var(--cm-gutter-fg, #6e7781)",
    borderRight: "1px solid var(--cm-border, #d0d7de)",
  },
  ".cm-activeLineGutter": { backgroundColor: "var(--cm-active-gutter, #eaeef2)" },
  "&.cm-focused .cm-matchingBracket": {
    backgroundColor: "var(--cm-bracket, #c8e1ff)",
    outline: "1px solid var(--cm-bracket-outline, #54aeff)",
  },
  "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "var(--cm-bracket-bad, #ffd8d3)" },
  ".cm-tooltip": {
    backgroundColor: "var(--cm-tooltip-bg, #ffffff)",
    color: "var(--cm-fg, #1f2328)",
    border: "1px solid var(--cm-border, #d0d7de)",
    maxWidth: "min(40em, 90vw)",
    whiteSpace: "pre-wrap",
  },
  ".cm-diagnostic-error": { borderLeftColor: "var(--cm-error, #cf222e)" },
  ".cm-lintRange-error": {
    backgroundImage: "none",
    textDecoration: "underline wavy var(--cm-error, #cf222e)",
    textDecorationSkipInk: "none",
    textUnderlineOffset: "3px",
    backgroundColor: "var(--cm-error-bg, rgba(207, 34, 46, 0.08))",
  },
  ".cm-lintPoint-error:after": { borderBottomColor: "var(--cm-error, #cf222e)" },
  ".cm-why-highlight": { backgroundColor: "var(--cm-why, rgba(91, 75, 214, 0.22))", borderRadius: "2px" },
  ".cm-diagnostic-warning": { borderLeftColor: "var(--warn, #9a6700)" },
  ".cm-lintRange-warning": {
    backgroundImage: "none",
    textDecoration: "underline wavy var(--warn, #9a6700)",
    textDecorationSkipInk: "none",
    textUnderlineOffset: "3px",
  },
});

// ---------------------------------------------------------------------------

const programmatic = Annotation.define();

// Typing and the page's own changes never cross (issue #21: a text garbled while answers
// came in). What the user typed but the editor has not read from the page yet is read
// first (a transaction would otherwise throw it away), and nothing but the user's own input
// touches an editor while an input method is composing: underlines and shading wait for the
// composition to end.
function readPendingInput(view) {
  const o = view.observer;
  if (o && typeof o.flush === "function") o.flush();
}

function whenNotComposing(view, fn) {
  if (view.composing) {
    view._tftype.afterComposition.push(fn);
    return;
  }
  readPendingInput(view);
  fn();
}

function runAfterComposition(view) {
  setTimeout(() => {
    if (view.composing) return;
    const queued = view._tftype.afterComposition.splice(0);
    if (queued.length) readPendingInput(view);
    for (const fn of queued) fn();
  }, 0);
}

// The part of the text a "Why" step is about, shaded while the step is
// hovered or focused (setHighlight).
const setHighlightEffect = StateEffect.define();
const highlightMark = Decoration.mark({ class: "cm-why-highlight" });
const highlightField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setHighlightEffect)) {
        deco = e.value ? Decoration.set(e.value.map((r) => highlightMark.range(r.from, r.to)), true) : Decoration.none;
      }
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

function languageExtension(name) {
  return name === "json" ? jsonGuardedLanguage : hclExpressionLanguage;
}

// On a phone-sized screen long lines wrap (the same width as the page's own layout switch in
// public/style.css).
const narrowScreen = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(max-width: 820px)") : null;

function wrapExtension() {
  return narrowScreen && narrowScreen.matches ? EditorView.lineWrapping : [];
}

function readOnlyExtension(readOnly) {
  return [EditorState.readOnly.of(!!readOnly), EditorView.editable.of(!readOnly)];
}

/**
 * Creates an editor in `parent` holding `doc`. `onChange(text)` is called
 * after every user edit (not after setDoc).
 */
export function createEditor(parent, doc, options, onChange) {
  const opts = (typeof options === "string" ? JSON.parse(options) : options) || {};
  const languageConf = new Compartment();
  const readOnlyConf = new Compartment();
  const wrapConf = new Compartment();
  const contentAttrs = { spellcheck: "false", autocorrect: "off", autocapitalize: "off" };
  if (opts.label) contentAttrs["aria-label"] = String(opts.label);
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: doc == null ? "" : String(doc),
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        // A steady cursor: a blinking one is an animation that never stops, which keeps the
        // browser drawing frames on the display's clock, so that the frame showing a key (and
        // the one after it, with the key's result) waits for the next tick (issue #21: 14 ms
        // instead of 28 ms from a key to its result on the screen, in headless Chromium).
        drawSelection({ cursorBlinkRate: 0 }),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        syntaxHighlighting(highlight),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of(contentAttrs),
        baseTheme,
        highlightField,
        languageConf.of(languageExtension(opts.language)),
        readOnlyConf.of(readOnlyExtension(opts.readOnly)),
        wrapConf.of(wrapExtension()),
        EditorView.domEventHandlers({
          compositionend: (e, v) => {
            runAfterComposition(v);
            return false;
          },
        }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged || typeof onChange !== "function") return;
          if (u.transactions.every((tr) => tr.annotation(programmatic))) return;
          onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  view._tftype = { languageConf, readOnlyConf, afterComposition: [] };
  if (narrowScreen) {
    narrowScreen.addEventListener("change", () =>
      whenNotComposing(view, () => view.dispatch({ effects: wrapConf.reconfigure(wrapExtension()) })),
    );
  }
  // For tests and debugging: the host element knows its editor.
  parent.tftypeEditor = view;
  return view;
}

/**
 * Replaces the whole text; does not call onChange; clears diagnostics. With `expected`, only
 * when the text (with whatever was just typed) is still that one, and never while an input
 * method is composing; returns whether the text is `text` now.
 */
export function setDoc(view, text, expected) {
  const s = text == null ? "" : String(text);
  readPendingInput(view);
  const now = view.state.doc.toString();
  if (now === s) return true;
  if (expected != null && (view.composing || now !== String(expected))) return false;
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: s },
    annotations: programmatic.of(true),
  });
  return true;
}

export function getDoc(view) {
  return view.state.doc.toString();
}

export function setLanguage(view, name) {
  whenNotComposing(view, () => view.dispatch({ effects: view._tftype.languageConf.reconfigure(languageExtension(name)) }));
}

export function setReadOnly(view, readOnly) {
  view.dispatch({ effects: view._tftype.readOnlyConf.reconfigure(readOnlyExtension(readOnly)) });
}

/**
 * Underlines ranges, with the message shown on hover. `list` holds
 * {from, to, message, severity}; positions are clamped to the text, and a
 * range may be empty (drawn as a point marker).
 */
export function setDiagnostics(view, list) {
  whenNotComposing(view, () => applyDiagnostics(view, list));
}

function applyDiagnostics(view, list) {
  const len = view.state.doc.length;
  const out = [];
  const items = typeof list === "string" ? JSON.parse(list) : list;
  for (const d of items || []) {
    if (!d) continue;
    let from = Math.max(0, Math.min(len, Number(d.from) | 0));
    let to = Math.max(from, Math.min(len, Number(d.to) | 0));
    const severity = ["error", "warning", "info", "hint"].includes(d.severity) ? d.severity : "error";
    out.push({ from, to, severity, message: String(d.message == null ? "" : d.message) });
  }
  view.dispatch(lintSetDiagnostics(view.state, out));
}

/** Shades [from, to) (UTF-16 offsets, clamped), scrolled into view; from < 0 clears it. */
export function setHighlight(view, from, to) {
  setHighlights(view, from < 0 ? "[]" : JSON.stringify([[from, to]]));
}

/** Shades every [from, to) of a JSON list (UTF-16 offsets, clamped), the first scrolled into view; an empty list clears them. */
export function setHighlights(view, rangesJson) {
  whenNotComposing(view, () => applyHighlights(view, rangesJson));
}

function applyHighlights(view, rangesJson) {
  const len = view.state.doc.length;
  const ranges = (JSON.parse(rangesJson) || [])
    .map(([from, to]) => {
      const a = Math.max(0, Math.min(len, from | 0));
      return { from: a, to: Math.max(a, Math.min(len, to | 0)) };
    })
    .filter((r) => r.to > r.from);
  if (ranges.length === 0) {
    view.dispatch({ effects: setHighlightEffect.of(null) });
    return;
  }
  view.dispatch({ effects: [setHighlightEffect.of(ranges), EditorView.scrollIntoView(ranges[0].from, { y: "nearest" })] });
}

export function select(view, from, to) {
  const len = view.state.doc.length;
  const a = Math.max(0, Math.min(len, Number(from) | 0));
  const b = Math.max(a, Math.min(len, Number(to) | 0));
  view.dispatch({ selection: { anchor: a, head: b }, scrollIntoView: true });
  view.focus();
}

export function focus(view) {
  view.focus();
}

export function destroy(view) {
  view.destroy();
}
