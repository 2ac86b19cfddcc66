// CodeMirror 6 for the tftype playground: a small, framework-free wrapper
// that the Rust/Leptos side calls through wasm-bindgen.
//
// Bundled by esbuild (a Trunk pre_build hook, `npm run bundle`) into
// web/js/cm6.bundle.js, which is generated and git-ignored.
//
// API (every function takes/returns plain values; positions are UTF-16
// offsets, as everywhere in JS):
//   createEditor(parent, doc, {language, readOnly, label, wrap}, onChange) -> view
//   setDoc(view, text[, expected])     replace the text (does not call onChange); with
//                                      `expected`, only if the text is that (the cursor then keeps
//                                      its place in the value): returns whether it did
//   getDoc(view) -> string
//   setLanguage(view, "hcl" | "json" | "hcl-file")   (hcl: one expression; hcl-file: a whole file)
//   setDiagnostics(view, [{from, to, message, severity}])
//   setReadOnly(view, bool)
//   select(view, from, to)             select a range, scroll to it, focus
//   focus(view)
// `options` and the diagnostics list may also be given as JSON text.
//   destroy(view)
//   setAssist(view, ask)              completion and hover (js-src/assist.js, fetched on first focus)
//   openFolder(from, max, ask, done)  the Module view opens a folder (js-src/folder.js, fetched then)
//   evaluateHere(request, arg, lang)  an everyday evaluation on the page's thread (js-src/engine-here.js)

import { EditorState, Compartment, Annotation, StateEffect, StateField, Prec } from "@codemirror/state";
import {
  EditorView,
  keymap,
  lineNumbers,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
  Decoration,
  WidgetType,
  hoverTooltip,
  showTooltip,
} from "@codemirror/view";
import {
  Language,
  StreamLanguage,
  syntaxHighlighting,
  HighlightStyle,
  bracketMatching,
  indentOnInput,
} from "@codemirror/language";
import { standardKeymap, history, historyKeymap, indentLess, indentMore } from "@codemirror/commands";
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { tags as t } from "@lezer/highlight";
import { Parser, Tree } from "@lezer/common";
import { asset } from "./module-host.js";

// The keys: the browser's standard editing keys (standardKeymap) and indenting (Mod-[ and Mod-]).
// Not the rest of CodeMirror's defaultKeymap (moving and copying lines, commenting, syntax-wise
// selection, bracket jumps): for an editor of one expression it was 2.4 KB gz of the first load
// (issue #19, the room for the Module view).
const keys = [...standardKeymap, { key: "Mod-[", run: indentLess }, { key: "Mod-]", run: indentMore }];

// ---------------------------------------------------------------------------
// Highlighting: small tokenizers (StreamLanguage), one for HCL expressions and one for JSON.
// Both editors hold a single expression (`list(string)`, `["a", 1]`, `"hello"`), which no
// published grammar parses as such (codemirror-lang-hcl reads a whole file of blocks); a
// tokenizer colours what a reader needs (strings and their `${}` parts, heredocs, numbers,
// literals, keywords, function names, attribute names, comments) at a fraction of a grammar's
// size (issue #21, the payload) and cost per keystroke.

// HCL. The state is a stack of contexts: a quoted string or heredoc being read, and the
// template interpolations (`${ … }`, `%{ … }`) inside them, each counting its own braces.
const HCL_KEYWORDS = new Set(["for", "in", "if", "else", "endif", "endfor"]);

function hclToken(stream, state) {
  const top = state.ctx[state.ctx.length - 1];
  if (state.blockComment) {
    if (stream.skipTo("*/")) {
      stream.pos += 2;
      state.blockComment = false;
    } else stream.skipToEnd();
    return "comment";
  }
  if (top && top.kind === "string") return hclTemplate(stream, state, top);
  if (top && top.kind === "heredoc") {
    if (stream.sol() && stream.match(top.end)) {
      state.ctx.pop();
      return "string.special";
    }
    return hclTemplate(stream, state, top);
  }
  if (stream.eatSpace()) return null;
  if (stream.match("#") || stream.match("//")) {
    stream.skipToEnd();
    return "comment";
  }
  if (stream.match("/*")) {
    state.blockComment = true;
    return "comment";
  }
  const heredoc = stream.match(/^<<(-?)([A-Za-z_][\w-]*)\s*$/);
  if (heredoc) {
    state.ctx.push({ kind: "heredoc", end: heredoc[1] ? new RegExp(`^\\s*${heredoc[2]}\\s*$`) : new RegExp(`^${heredoc[2]}\\s*$`) });
    return "string.special";
  }
  if (stream.eat('"')) {
    state.ctx.push({ kind: "string" });
    return "string";
  }
  if (stream.match(/^\d+(\.\d+)?([eE][+-]?\d+)?/)) return "number";
  const word = stream.match(/^[A-Za-z_][\w-]*/);
  if (word) {
    const w = word[0];
    if (w === "true" || w === "false") return "bool";
    if (w === "null") return "null";
    if (HCL_KEYWORDS.has(w)) return "keyword";
    if (stream.match(/^\s*(::[A-Za-z_][\w-]*)*\s*\(/, false)) return "variableName.function";
    if (stream.match(/^\s*(=(?!=)|:(?!:))/, false)) return "propertyName";
    // A block's type in a whole file (`variable "x" {`, `validation {`).
    if (state.ctx.length === 0 && stream.match(/^\s*("|\{)/, false)) return "keyword";
    return "variableName";
  }
  const ch = stream.next();
  if (ch === "{" || ch === "}") {
    if (top && top.kind === "interp") {
      if (ch === "{") top.depth++;
      else if (top.depth === 0) {
        state.ctx.pop();
        return "brace.special";
      } else top.depth--;
    }
    return "brace";
  }
  if (ch === "[" || ch === "]") return "squareBracket";
  if (ch === "(" || ch === ")") return "paren";
  if (ch === ",") return "punctuation";
  if ("=!<>&|+-*/%?:.".includes(ch)) {
    stream.match(/^[=&|.>]+/);
    return "operator";
  }
  return "invalid";
}

// Inside a quoted string or a heredoc: text up to the next interpolation, the end of the
// string (`"`, or the line for a quoted one) or the end of the line.
function hclTemplate(stream, state, top) {
  if (stream.match("${") || stream.match("%{")) {
    stream.eat("~");
    state.ctx.push({ kind: "interp", depth: 0 });
    return "brace.special";
  }
  while (!stream.eol()) {
    if (stream.match(/^(\$\{|%\{)/, false) && !stream.match(/^(\$\$\{|%%\{)/, false)) return "string";
    if (stream.match(/^(\$\$\{|%%\{)/)) continue;
    const ch = stream.next();
    if (top.kind === "string") {
      if (ch === "\\") stream.next();
      else if (ch === '"') {
        state.ctx.pop();
        return "string";
      }
    }
  }
  // A quoted string ends with its line.
  if (top.kind === "string") state.ctx.pop();
  return "string";
}

const hclStream = StreamLanguage.define({
  name: "hcl",
  startState: () => ({ ctx: [], blockComment: false }),
  copyState: (s) => ({ ctx: s.ctx.map((c) => ({ ...c })), blockComment: s.blockComment }),
  token: hclToken,
  languageData: {
    commentTokens: { line: "#", block: { open: "/*", close: "*/" } },
    closeBrackets: { brackets: ["(", "[", "{", '"'] },
    indentOnInput: /^\s*[\}\]\)]$/,
  },
});

const jsonStream = StreamLanguage.define({
  name: "json",
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return stream.match(/^\s*:/, false) ? "propertyName" : "string";
    if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) return "number";
    if (stream.match(/^(true|false)\b/)) return "bool";
    if (stream.match(/^null\b/)) return "null";
    const ch = stream.next();
    if (ch === "{" || ch === "}") return "brace";
    if (ch === "[" || ch === "]") return "squareBracket";
    if (ch === ":" || ch === ",") return "punctuation";
    return "invalid";
  },
  languageData: { closeBrackets: { brackets: ["[", "{", '"'] }, indentOnInput: /^\s*[\}\]]$/ },
});

// Very long HCL texts stay plain: colouring them is not worth a keystroke's time.
const MAX_HCL_HIGHLIGHT = 40_000;

class SizeGuard extends Parser {
  constructor(inner, top, max) {
    super();
    this.inner = inner;
    this.top = top;
    this.max = max;
  }
  createParse(input, fragments, ranges) {
    const length = ranges.length ? ranges[ranges.length - 1].to : input.length;
    if (length > this.max) {
      return { parsedPos: length, stoppedAt: null, stopAt() {}, advance: () => new Tree(this.top, [], [], length) };
    }
    return this.inner.createParse(input, fragments, ranges);
  }
}

const hclExpressionLanguage = new Language(hclStream.data, new SizeGuard(hclStream.parser, hclStream.topNode, MAX_HCL_HIGHLIGHT), [], "hcl");
const jsonGuardedLanguage = jsonStream;
// Whole HCL files (the Module view's .tf and .tfvars files): the same tokenizer reads a body of
// attributes and blocks; only its name differs, so that setLanguage can tell them apart.
const hclFileLanguage = new Language(hclStream.data, new SizeGuard(hclStream.parser, hclStream.topNode, MAX_HCL_HIGHLIGHT), [], "hcl-file");

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
  ".cm-tooltip-lint": { padding: 0, margin: 0 },
  ".cm-diagnostic": { display: "block", padding: "3px 6px 3px 8px", marginLeft: "-1px", borderLeft: "5px solid", whiteSpace: "pre-wrap" },
  ".cm-lintPoint": { position: "relative" },
  ".cm-lintPoint:after": {
    content: '""', position: "absolute", bottom: 0, left: "-2px",
    borderLeft: "3px solid transparent", borderRight: "3px solid transparent", borderBottom: "4px solid",
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
  ".cm-lintPoint-warning:after": { borderBottomColor: "var(--warn, #9a6700)" },
  ".cm-why-highlight": { backgroundColor: "var(--cm-why, rgba(91, 75, 214, 0.22))", borderRadius: "2px" },
  ".cm-diagnostic-warning": { borderLeftColor: "var(--warn, #9a6700)" },
  ".cm-diagnostic-info": { borderLeftColor: "var(--note, #0969da)" },
  ".cm-lintPoint-info:after": { borderBottomColor: "var(--note, #0969da)" },
  ".cm-lintRange-info": {
    backgroundImage: "none",
    textDecoration: "underline dotted var(--note, #0969da)",
    textDecorationSkipInk: "none",
    textUnderlineOffset: "3px",
  },
  ".cm-lintRange-warning": {
    backgroundImage: "none",
    textDecoration: "underline wavy var(--warn, #9a6700)",
    textDecorationSkipInk: "none",
    textUnderlineOffset: "3px",
  },
});

// ---------------------------------------------------------------------------
// Underlines: the engine's diagnostics, each a wavy underline (or, for an empty range, a
// small mark) with its message on hover. They move with the edits until the next answer
// replaces them. (Our own few lines in place of @codemirror/lint, whose panel, gutter and
// linter scheduling the page does not use: issue #21, the payload.)

const setMarksEffect = StateEffect.define();

class PointMark extends WidgetType {
  constructor(severity) {
    super();
    this.severity = severity;
  }
  eq(other) {
    return other.severity === this.severity;
  }
  toDOM() {
    const span = document.createElement("span");
    span.className = `cm-lintPoint cm-lintPoint-${this.severity}`;
    return span;
  }
}

function marksDecorations(list) {
  return Decoration.set(
    list.map((d) =>
      d.to > d.from
        ? Decoration.mark({ class: `cm-lintRange cm-lintRange-${d.severity}` }).range(d.from, d.to)
        : Decoration.widget({ widget: new PointMark(d.severity), side: 1 }).range(d.from),
    ),
    true,
  );
}

const marksField = StateField.define({
  create: () => ({ list: [], deco: Decoration.none }),
  update(value, tr) {
    let { list, deco } = value;
    if (tr.docChanged) {
      list = list.map((d) => {
        const from = tr.changes.mapPos(d.from, 1);
        return { ...d, from, to: Math.max(from, tr.changes.mapPos(d.to, -1)) };
      });
      deco = deco.map(tr.changes);
    }
    for (const e of tr.effects) {
      if (e.is(setMarksEffect)) {
        list = e.value;
        deco = marksDecorations(list);
      }
    }
    return { list, deco };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});

const marksTooltip = hoverTooltip((view, pos, side) => {
  const here = view.state.field(marksField).list.filter((d) =>
    d.to > d.from ? d.from <= pos && pos <= d.to && !(pos === d.from && side < 0) && !(pos === d.to && side > 0) : d.from === pos,
  );
  if (here.length === 0) return null;
  return {
    pos: Math.min(...here.map((d) => d.from)),
    end: Math.max(...here.map((d) => d.to)),
    above: true,
    create() {
      const dom = document.createElement("div");
      dom.className = "cm-tooltip-lint";
      for (const d of here) {
        const item = document.createElement("div");
        item.className = `cm-diagnostic cm-diagnostic-${d.severity}`;
        item.textContent = d.message;
        dom.append(item);
      }
      return { dom };
    },
  };
});

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

// A shaded part is scrolled into view inside its editor only, never by scrolling the page: the
// step the reader hovers stays under the pointer (a page scroll would move it away, and end
// the hover). setHighlights marks its scroll requests with this margin.
const HIGHLIGHT_MARGIN = 7.25;
const scrollInsideOnly = EditorView.scrollHandler.of((view, range, options) => {
  if (options.yMargin !== HIGHLIGHT_MARGIN) return false;
  const sd = view.scrollDOM;
  const block = view.lineBlockAt(range.head);
  if (block.top < sd.scrollTop || block.bottom > sd.scrollTop + sd.clientHeight) {
    sd.scrollTop = Math.max(0, block.top - sd.clientHeight / 3);
  }
  // (Layout may not be read here: the column is estimated from the monospace character width.)
  const line = view.state.doc.lineAt(range.head);
  const x = (range.head - line.from) * view.defaultCharacterWidth;
  if (x < sd.scrollLeft || x > sd.scrollLeft + sd.clientWidth * 0.6) {
    sd.scrollLeft = Math.max(0, x - sd.clientWidth / 3);
  }
  return true;
});

function languageExtension(name) {
  if (name === "json") return jsonGuardedLanguage;
  if (name === "hcl-file") return hclFileLanguage;
  return hclExpressionLanguage;
}

// On a phone-sized screen long lines wrap (the same width as the page's own layout switch in
// public/style.css).
const narrowScreen = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(max-width: 820px)") : null;

// Long lines wrap on a narrow screen, and always where `wrap` is set: in an editor of a whole
// file (the Module view's), scrolled sideways to a mark far to the right, such an editor hid the
// start of every line (issue #27); the page's type and value editors set it too (ux-5 L13).
function wrapExtension(always) {
  return always || (narrowScreen && narrowScreen.matches) ? EditorView.lineWrapping : [];
}

function readOnlyExtension(readOnly) {
  return [EditorState.readOnly.of(!!readOnly), EditorView.editable.of(!readOnly)];
}

const utf8 = new TextEncoder();

/**
 * Creates an editor in `parent` holding `doc`. `onChange(bytes)` is called
 * after every user edit (not after setDoc) with the text as UTF-8 bytes.
 */
export function createEditor(parent, doc, options, onChange) {
  const opts = (typeof options === "string" ? JSON.parse(options) : options) || {};
  const languageConf = new Compartment();
  const readOnlyConf = new Compartment();
  const wrapConf = new Compartment();
  const assistConf = new Compartment();
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
        keymap.of([...closeBracketsKeymap, ...keys, ...historyKeymap]),
        EditorView.contentAttributes.of(contentAttrs),
        baseTheme,
        highlightField,
        marksField,
        marksTooltip,
        scrollInsideOnly,
        languageConf.of(languageExtension(opts.language)),
        readOnlyConf.of(readOnlyExtension(opts.readOnly)),
        wrapConf.of(wrapExtension(opts.wrap)),
        assistConf.of([]),
        EditorView.domEventHandlers({
          compositionend: (e, v) => {
            runAfterComposition(v);
            return false;
          },
        }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged || typeof onChange !== "function") return;
          if (u.transactions.every((tr) => tr.annotation(programmatic))) return;
          // As UTF-8 bytes: the glue copies them into the .wasm's memory in one
          // go, where a string would be copied there character by character
          // (about 1 ms per keystroke for a 100 KB value).
          onChange(utf8.encode(u.state.doc.toString()));
        }),
      ],
    }),
  });
  view._tftype = { languageConf, readOnlyConf, assistConf, afterComposition: [] };
  if (narrowScreen) {
    narrowScreen.addEventListener("change", () =>
      whenNotComposing(view, () => view.dispatch({ effects: wrapConf.reconfigure(wrapExtension(opts.wrap)) })),
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
  const spec = { changes: { from: 0, to: view.state.doc.length, insert: s }, annotations: programmatic.of(true) };
  // A rewrite of the same value (a format switch): the cursor keeps its place in the value, so
  // that the keys typed next go where the ones before went. (Mapped through a change of the
  // whole text, a cursor anywhere but at its end would jump to the start of the text.)
  if (expected != null) {
    const { anchor, head } = view.state.selection.main;
    spec.selection = { anchor: samePlace(now, s, anchor), head: samePlace(now, s, head) };
    spec.scrollIntoView = view.hasFocus;
  }
  view.dispatch(spec);
  return true;
}

// Letters and digits (and any character outside ASCII): what a rewrite of a value in another
// format keeps, in order (strings, numbers, names), where quotes, commas, brackets and spaces
// come and go.
function wordChar(c) {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127;
}

// The place in `to` of the place `pos` in `from`, when `to` writes the same value: after as
// many letters and digits as come before `pos` in `from`, and among the other characters that
// follow them (quotes, commas, spaces) as near to the letter before or to the one after as it was.
function samePlace(from, to, pos) {
  let words = 0;
  let before = 0;
  for (let i = 0; i < pos; i++) {
    if (wordChar(from.charCodeAt(i))) {
      words++;
      before = 0;
    } else before++;
  }
  let after = 0;
  while (pos + after < from.length && !wordChar(from.charCodeAt(pos + after))) after++;
  let at = 0;
  for (; words > 0 && at < to.length; at++) if (wordChar(to.charCodeAt(at))) words--;
  let end = at;
  while (end < to.length && !wordChar(to.charCodeAt(end))) end++;
  return before <= after ? Math.min(at + before, end) : Math.max(end - after, at);
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
  view.dispatch({ effects: setMarksEffect.of(out) });
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
  view.dispatch({
    effects: [setHighlightEffect.of(ranges), EditorView.scrollIntoView(ranges[0].from, { y: "nearest", yMargin: HIGHLIGHT_MARGIN })],
  });
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

// Completion and hover (web/src/shared/cm.rs, set_assist): js-src/assist.js, fetched when the editor is
// first focused (not by the first load), given the CodeMirror parts it uses. Its first question
// has the engine worker fetch engine-full/, which answers them.
export function setAssist(view, ask) {
  const kit = { EditorView, StateField, StateEffect, showTooltip, hoverTooltip, keymap, Prec };
  const wait = () => view.contentDOM.addEventListener("focus", load, { once: true });
  // (A file that could not be fetched is tried again at the next focus.)
  const load = () =>
    import(asset("assist.bundle.js")).then((m) => {
      view.dispatch({ effects: view._tftype.assistConf.reconfigure(m.assist(kit, ask)) });
      ask(true, 0, () => {});
    }, wait);
  wait();
}

// The Module view's "Open a folder" and its drops (web/src/module/folder.rs): js-src/folder.js,
// fetched the first time (not by the view's first open), lists and reads the folder. A drop's
// entries are taken now (the browser forgets them after the event): false if it held none.
export function openFolder(from, max, ask, done) {
  const items = from.dataTransfer?.items;
  const src = items ? [...items].map((i) => i.webkitGetAsEntry()).filter(Boolean) : from;
  if (items && !src.length) return false;
  // (done() without the folder: folder.js could not be loaded, or failed.)
  import(asset("folder.bundle.js")).then((m) => m.open(src, max, ask, done)).catch(() => done());
  return true;
}

// The page's side of the Module view (web/src/module/host.rs), in this bundle so that the first
// load fetches no file more for it.
export { start, moduleDoc } from "./module-host.js";

// The page's second engine, on the page's thread (web/src/engine.rs, `HERE_AT_MOST`):
// js-src/engine-here.js, fetched at the second evaluation asked for here (the first edit).
// Its answer (UTF-8 bytes), or undefined: the worker answers.
let here;
let asked = 0;
export function evaluateHere(request, arg, lang) {
  if (here) return here.evaluate(request, arg, lang);
  if (++asked === 2) import(asset("engine-here.bundle.js")).then((m) => (here = m).start(asset), () => {});
}
