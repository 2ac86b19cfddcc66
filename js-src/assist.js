// Completion and hover in the value editor and in the Module view's file editors: a file of its
// own (web/js/assist.bundle.js, minified by `npm run bundle`), fetched when an editor is first
// focused, not by the first page load. What to offer comes from Rust (tftype::assist::complete_value
// and hover_value, answered by engine-full/ in the engine worker; in a module's file,
// tftype::module_view::assist_json, answered by engine_module, as the language server answers):
// this file only shows it.
//
// It imports nothing: cm6.js passes in the CodeMirror parts it uses (a second copy of
// @codemirror/state and view would not work with the editor's own), and `ask(hover, byte, reply)`,
// the page's question (web/src/shared/cm.rs, set_assist): the completions (hover false) or the hover at
// a byte of the text, replied as JSON text ("" or "null": none).
//
// Keys: Ctrl-Space opens the list (typing a name's character opens it too, where the engine has
// something to offer), arrows move in it, Enter or Tab takes the chosen item, Escape closes it.

const enc = new TextEncoder();
const dec = new TextDecoder();
// Byte offsets (the engine's) to and from UTF-16 offsets (the editor's).
const byteAt = (doc, pos) => enc.encode(doc.sliceString(0, pos)).length;
const posAt = (doc, b) => dec.decode(enc.encode(doc.toString()).subarray(0, b)).length;

// The Markdown the engine writes (the language server's): fenced code blocks as <pre>, `code`
// spans as <code>, **bold** as <b>, the rest as text (line breaks kept by the tooltip's style).
function markdown(dom, text) {
  text
    .trim()
    .split(/```\w*\n([\s\S]*?)\n?```/)
    .forEach((part, i) => {
      if (i % 2) {
        const pre = document.createElement("pre");
        pre.textContent = part;
        return dom.append(pre);
      }
      // (One line end at either side of a code block is the block's own; a blank line stays.)
      part
        .replace(/^\n|\n$/g, "")
        .split(/(`[^`]*`|\*\*[^*]+\*\*)/)
        .forEach((s, j) => {
          if (!(j % 2)) return dom.append(s);
          const e = document.createElement(s[0] === "`" ? "code" : "b");
          e.textContent = s[0] === "`" ? s.slice(1, -1) : s.slice(2, -2);
          dom.append(e);
        });
    });
}

// An item's detail: its type, with the default as in the constraint (`optional(number, 80)`), on
// one line (a variable's type as written may span several). (A variable's documentation is its
// description, not a default: its title.)
function detail(item) {
  const d = (item.detail || "").replace(/\s+/g, " ");
  const def = /^```hcl\n([\s\S]*)\n```$/.exec(item.documentation || "");
  return def && d.endsWith(")") ? `${d.slice(0, -1)}, ${def[1]})` : d;
}

// Whether the cursor ends a word that could be a name: its first character a letter or `_`, as
// every name the engine offers (attribute names, `true`, `false`) starts. A digit typed in a number
// asks nothing: nothing would be offered, and a question costs a pass over the whole text here and
// in the engine (issue #39). Only the few characters before the cursor are read.
const NAME_LOOKBACK = 64;

// How many items of a completion list are drawn at a time (see tooltip()).
const CHUNK = 100;
export function inName(state) {
  const head = state.selection.main.head;
  const before = state.doc.sliceString(Math.max(0, head - NAME_LOOKBACK), head);
  const word = /[\w-]*$/.exec(before)[0];
  return word.length === NAME_LOOKBACK || /^[A-Za-z_]/.test(word);
}

export function assist(cm, ask) {
  const { EditorView, StateField, StateEffect, showTooltip, hoverTooltip, keymap, Prec } = cm;
  const question = (hover, state, pos) =>
    new Promise((ok) =>
      ask(hover, byteAt(state.doc, pos), (json) => {
        try {
          ok(json ? JSON.parse(json) : null);
        } catch {
          ok(null);
        }
      }),
    );

  // The open list: {from, to, items, sel, tip} (positions in UTF-16), or null.
  const setList = StateEffect.define();
  const list = StateField.define({
    create: () => null,
    update(v, tr) {
      if (v && tr.docChanged) v = { ...v, from: tr.changes.mapPos(v.from, -1), to: tr.changes.mapPos(v.to, 1) };
      for (const e of tr.effects) if (e.is(setList)) v = e.value;
      return v;
    },
    provide: (f) => showTooltip.from(f, (v) => v && v.tip),
  });

  let asked = 0;
  // One question at a time: a question asked while one is on its way waits for its answer and is
  // then asked about the text as it is by then (the latest wins; keys typed meanwhile cost nothing
  // here: each question reads the text up to the cursor, and the engine the whole text).
  let asking = false;
  let again = null;
  async function open(view) {
    if (view.state.readOnly) return;
    if (asking) {
      again = view;
      return;
    }
    const n = ++asked;
    const state = view.state;
    asking = true;
    let r;
    try {
      r = await question(false, state, state.selection.main.head);
    } finally {
      asking = false;
    }
    if (again) {
      const v = again;
      again = null;
      if (v.state.doc !== state.doc) return open(v);
    }
    // Only for the text it was asked about, and the last question.
    if (n !== asked || view.state.doc !== state.doc) return;
    const items = (r && r.items) || [];
    const old = view.state.field(list);
    const value = items.length
      ? { from: posAt(state.doc, r.from), to: posAt(state.doc, r.to), items, label: r.label || "", sel: 0, tip: old && old.items.length === items.length && old.items.every((o, i) => o.label === items[i].label) ? old.tip : tooltip(view, state.selection.main.head) }
      : null;
    view.dispatch({ effects: setList.of(value) });
  }

  function take(view, i) {
    const v = view.state.field(list);
    const item = v && v.items[i];
    if (!item) return false;
    view.dispatch({
      changes: { from: v.from, to: v.to, insert: item.insert_text },
      selection: { anchor: v.from + item.insert_text.length },
      effects: setList.of(null),
      userEvent: "input.complete",
    });
    return true;
  }

  // The list's tooltip. A long list (a big module's unset variables: thousands) is drawn a part
  // at a time, CHUNK items first and more as it is scrolled or the choice moves down to them, and
  // only when the list changed (not on every update of the editor): opening it costs no more
  // than a short one, and moving the cursor or hovering while it is open costs nothing here
  // (issue #38). Each item says its place in the whole list (aria-posinset, aria-setsize).
  function tooltip(view, pos) {
    return {
      pos,
      create() {
        const dom = document.createElement("ul");
        dom.className = "cm-tftype-complete";
        dom.setAttribute("role", "listbox");
        dom.dataset.testid = "completions";
        let shown = null; // the list as drawn
        const entry = (v, i) => {
          const item = v.items[i];
          const li = document.createElement("li");
          li.setAttribute("role", "option");
          li.setAttribute("aria-selected", String(i === v.sel));
          li.setAttribute("aria-posinset", String(i + 1));
          li.setAttribute("aria-setsize", String(v.items.length));
          const name = document.createElement("b");
          name.textContent = item.label;
          const d = document.createElement("span");
          d.textContent = detail(item);
          li.append(name, d);
          if (item.documentation && !item.documentation.startsWith("```")) li.title = item.documentation;
          li.onmousedown = (e) => {
            e.preventDefault();
            take(view, i);
          };
          return li;
        };
        // Draws the items up to `end` (at most the list's length) that are not drawn yet.
        const upTo = (v, end) => {
          const from = dom.children.length;
          const to = Math.min(v.items.length, end);
          if (to > from) dom.append(...Array.from({ length: to - from }, (_, k) => entry(v, from + k)));
        };
        const draw = (v) => {
          if (!v || v === shown) return;
          const old = shown;
          shown = v;
          if (!old || old.items !== v.items) {
            dom.setAttribute("aria-label", v.label);
            dom.replaceChildren();
          } else if (old.sel === v.sel) {
            return;
          } else {
            dom.children[old.sel]?.setAttribute("aria-selected", "false");
          }
          upTo(v, Math.max(CHUNK, v.sel + 1 + CHUNK / 2));
          const sel = dom.children[v.sel];
          if (sel) {
            sel.setAttribute("aria-selected", "true");
            sel.scrollIntoView({ block: "nearest" });
          }
        };
        dom.addEventListener("scroll", () => {
          if (shown && dom.scrollTop + dom.clientHeight >= dom.scrollHeight - dom.clientHeight) upTo(shown, dom.children.length + CHUNK);
        });
        draw(view.state.field(list));
        return { dom, update: (u) => draw(u.state.field(list)) };
      },
    };
  }

  const move = (by) => (view) => {
    const v = view.state.field(list);
    if (!v) return false;
    view.dispatch({ effects: setList.of({ ...v, sel: (v.sel + by + v.items.length) % v.items.length }) });
    return true;
  };
  const ifOpen = (f) => (view) => !!view.state.field(list) && f(view);

  return [
    list,
    Prec.highest(
      keymap.of([
        { key: "Ctrl-Space", run: (view) => (open(view), true) },
        { key: "ArrowDown", run: move(1) },
        { key: "ArrowUp", run: move(-1) },
        { key: "Enter", run: ifOpen((view) => take(view, view.state.field(list).sel)) },
        { key: "Tab", run: ifOpen((view) => take(view, view.state.field(list).sel)) },
        { key: "Escape", run: ifOpen((view) => (view.dispatch({ effects: setList.of(null) }), true)) },
      ]),
    ),
    // Typing a name's character asks (the engine offers names only where a name goes); any other
    // edit while the list is open asks again, and a list with nothing in it closes.
    EditorView.updateListener.of((u) => {
      if (!u.docChanged || u.transactions.some((tr) => tr.isUserEvent("input.complete"))) return;
      const typed = u.transactions.some((tr) => tr.isUserEvent("input.type"));
      let word = false;
      u.changes.iterChanges((a, b, c, d, text) => (word = /[\w-]$/.test(text.toString())));
      // Asked after every listener has run: the page reads the new text in one of them.
      if ((typed && word && inName(u.state)) || u.state.field(list)) queueMicrotask(() => open(u.view));
    }),
    EditorView.domEventHandlers({ blur: (e, view) => void (view.state.field(list) && view.dispatch({ effects: setList.of(null) })) }),
    hoverTooltip(async (view, pos) => {
      const r = await question(true, view.state, pos);
      if (!r || !r.markdown) return null;
      return {
        pos: posAt(view.state.doc, r.range.start),
        end: posAt(view.state.doc, r.range.end),
        above: true,
        create() {
          const dom = document.createElement("div");
          dom.className = "cm-tftype-hover";
          dom.dataset.testid = "value-hover";
          markdown(dom, r.markdown);
          return { dom };
        },
      };
    }),
    EditorView.theme({
      ".cm-tftype-complete": { margin: 0, padding: "2px 0", listStyle: "none", maxHeight: "12em", overflowY: "auto", fontFamily: "var(--mono, monospace)", whiteSpace: "pre" },
      ".cm-tftype-complete li": { display: "flex", justifyContent: "space-between", gap: "2em", padding: "1px 8px", cursor: "pointer" },
      ".cm-tftype-complete li[aria-selected=true]": { backgroundColor: "var(--cm-selection, #b6d7ff)" },
      ".cm-tftype-complete b": { flexShrink: 0 },
      ".cm-tftype-complete span": { color: "var(--cm-comment, #6e7781)", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", minWidth: 0 },
      ".cm-tftype-hover": { padding: "3px 8px" },
      ".cm-tftype-hover code": { fontFamily: "var(--mono, monospace)" },
      ".cm-tftype-hover pre": { margin: "2px 0", fontFamily: "var(--mono, monospace)", whiteSpace: "pre-wrap" },
    }),
  ];
}
