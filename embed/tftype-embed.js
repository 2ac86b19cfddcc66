// <tftype-example>: a live Terraform / OpenTofu type example inside a documentation page.
//
//   <script type="module" src="https://HOST/tftype/tftype-embed.js"></script>
//   <tftype-example flavor="opentofu@1.8" lang="ja">
//     <pre slot="type">list(object({ name = string, port = optional(number, 80) }))</pre>
//     <pre slot="value">[{ name = "web" }]</pre>
//   </tftype-example>
//
// Without JavaScript the two <pre> blocks read as ordinary code. With it, the element shows
// both texts in small editors sized to their content, the result below them (what
// `terraform console` prints, or the error), tftype's notes on what the answer did without a
// word (an attribute dropped, "did you mean `port`?"), and a link to the full playground. Every element
// on a page shares one engine: the npm package's module, whose .wasm is fetched once.
// Attributes: flavor (a name `tftype flavors` lists; absent: the engine's default), lang (en,
// zh, ja), format (hcl, tfvars, json, cli), nullable ("false"), sensitive, name, readonly,
// theme (light, dark; default: the page's color scheme), tab (console, json, type).
// `element.result` is the engine's last answer; every evaluation dispatches a `tftype-result`
// event with it as `detail`.

import { defaultFlavor, evaluate, flavors, link, notes, text } from "./npm/index.js";

const PLAYGROUND = new URL("./", import.meta.url);
const FLAVORS = new Map(flavors().map((f) => [f.name, f]));
// The versions and the default are the engine's own (core/src/flavor.rs).
const DEFAULT_FLAVOR = defaultFlavor();

// The element's own words come from tftype's message catalogs (the products' messages
// stay as they print them).
const LANGS = ["en", "zh", "ja"];
const w = (lang, key, args) => text(lang, key, args);

const FORMAT_LABELS = { hcl: "HCL", tfvars: ".tfvars", json: ".tfvars.json", cli: "-var" };

const STYLE = `
:host { display: block; margin: 1rem 0; font: 14px/1.45 system-ui, sans-serif;
  /* Latin monospace fonts by name before the generic one, which in a Chinese or Japanese
     element would be a CJK font's monospace. */
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono", monospace;
  --bg: #ffffff; --panel: #f5f6f8; --fg: #1d2330; --muted: #5d6675; --border: #d5d9e0;
  --ok: #15803d; --err: #c2410c; --accent: #5b4bd6; color-scheme: light; }
:host([theme="dark"]) { --bg: #15181f; --panel: #1e222b; --fg: #e6e8ee; --muted: #9aa3b2; --border: #343a46;
  --ok: #4ade80; --err: #fb923c; --accent: #a5b4fc; color-scheme: dark; }
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light"])) { --bg: #15181f; --panel: #1e222b; --fg: #e6e8ee; --muted: #9aa3b2; --border: #343a46;
    --ok: #4ade80; --err: #fb923c; --accent: #a5b4fc; color-scheme: dark; }
}
* { box-sizing: border-box; }
.box { background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 8px; padding: 0.6rem 0.7rem; }
.editors { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6rem; }
@container (max-width: 34rem) { .editors { grid-template-columns: 1fr; } }
.box { container-type: inline-size; }
label { display: block; font-size: 0.78rem; font-weight: 600; color: var(--muted); margin-bottom: 0.2rem; }
textarea { display: block; width: 100%; resize: vertical; margin: 0; padding: 0.35rem 0.5rem;
  font: 13px/1.45 var(--mono); color: var(--fg);
  background: var(--panel); border: 1px solid var(--border); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; overflow: auto; tab-size: 2; }
textarea:focus-visible, a:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
textarea[readonly] { resize: none; }
.head { display: flex; flex-wrap: wrap; gap: 0.3rem 0.8rem; align-items: baseline; margin: 0.55rem 0 0.3rem; }
.status { font-weight: 700; }
.status.ok { color: var(--ok); } .status.err { color: var(--err); }
.by { color: var(--muted); font-size: 0.8rem; }
.tabs { margin-left: auto; display: flex; gap: 0.2rem; }
.tabs button { font: inherit; font-size: 0.8rem; color: var(--muted); background: none; border: 0; border-bottom: 2px solid transparent; padding: 0.1rem 0.4rem; cursor: pointer; }
.tabs button[aria-selected="true"] { color: var(--fg); border-bottom-color: var(--accent); }
pre { margin: 0; padding: 0.45rem 0.6rem; background: var(--panel); border-radius: 6px; overflow: auto; max-height: 22rem;
  font: 13px/1.45 var(--mono); white-space: pre; }
pre[data-tab="type"] { white-space: pre-wrap; overflow-wrap: anywhere; }
.notes { margin: 0.5rem 0 0; padding: 0.35rem 0.6rem; border-left: 3px solid var(--accent); background: var(--panel); border-radius: 0 6px 6px 0; font-size: 0.85rem; }
.notes[hidden] { display: none; }
.notes p { margin: 0 0 0.15rem; font-weight: 600; color: var(--muted); font-size: 0.78rem; }
.notes ul { margin: 0; padding-left: 1.1rem; }
.notes code { font: 0.92em var(--mono); }
.detail { white-space: pre-wrap; overflow-wrap: anywhere; }
.where { margin: 0.4rem 0 0; }
.where[hidden] { display: none; }
.where p { margin: 0 0 0.15rem; font-size: 0.78rem; font-weight: 600; color: var(--muted); }
.where pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.where mark { background: none; color: inherit; text-decoration: underline wavy var(--err); text-decoration-skip-ink: none; text-underline-offset: 3px; }
.foot { margin-top: 0.4rem; text-align: right; font-size: 0.8rem; }
a { color: var(--accent); }
`;

class TftypeExample extends HTMLElement {
  static observedAttributes = ["flavor", "lang", "format", "nullable", "sensitive", "name", "readonly", "theme", "tab"];

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    this.result = null;
    this._tab = null;
  }

  connectedCallback() {
    if (this._built) return;
    this._built = true;
    const slotText = (name) => {
      const el = this.querySelector(`[slot="${name}"]`);
      return el ? el.textContent.replace(/^\n/, "").replace(/\n\s*$/, "") : "";
    };
    const root = this.shadowRoot;
    root.innerHTML = `<style>${STYLE}</style>
      <div class="box" part="box">
        <div class="editors">
          <div><label part="label"></label><textarea class="type" spellcheck="false" autocomplete="off" part="editor"></textarea></div>
          <div><label part="label"></label><textarea class="value" spellcheck="false" autocomplete="off" part="editor"></textarea></div>
        </div>
        <div class="head"><span class="status" role="status"></span><span class="by"></span><span class="tabs" role="tablist"></span></div>
        <pre class="out" tabindex="0" part="result"></pre>
        <div class="where" part="where" hidden><p></p><pre></pre></div>
        <aside class="notes" part="notes" hidden><p></p><ul></ul></aside>
        <div class="foot"><a class="open" target="_blank" rel="noopener"></a></div>
      </div>`;
    this._type = root.querySelector("textarea.type");
    this._value = root.querySelector("textarea.value");
    this._type.value = slotText("type");
    this._value.value = slotText("value");
    const ids = `tftype-${Math.random().toString(36).slice(2, 8)}`;
    const labels = root.querySelectorAll("label");
    labels[0].htmlFor = this._type.id = `${ids}-t`;
    labels[1].htmlFor = this._value.id = `${ids}-v`;
    for (const ta of [this._type, this._value]) {
      ta.addEventListener("input", () => {
        this._fit(ta);
        this._evaluate();
      });
    }
    this._render();
    this._evaluate();
  }

  attributeChangedCallback() {
    if (!this._built) return;
    this._render();
    this._evaluate();
  }

  get _lang() {
    const l = (this.getAttribute("lang") || document.documentElement.lang || "en").slice(0, 2).toLowerCase();
    return LANGS.includes(l) ? l : "en";
  }

  get _format() {
    const f = this.getAttribute("format");
    // Own properties only: `format="constructor"` is not a format.
    return f && Object.hasOwn(FORMAT_LABELS, f) ? f : "hcl";
  }

  get _flavor() {
    const f = this.getAttribute("flavor");
    return f && FLAVORS.has(f) ? f : DEFAULT_FLAVOR;
  }

  /** The request for the engine (the fields of a `tftype batch` case). */
  get request() {
    const req = { value: this._value.value, value_format: this._format, flavor: this._flavor };
    if (this._type.value.trim() !== "") req.type = this._type.value;
    if (this.getAttribute("nullable") === "false") req.nullable = false;
    if (this.hasAttribute("sensitive") && this.getAttribute("sensitive") !== "false") req.sensitive = true;
    const name = (this.getAttribute("name") || "").trim();
    if (name) req.var_name = name;
    return req;
  }

  // An editor as tall as its text, wrapped lines included (at least one line, at most 20).
  _fit(ta) {
    const lines = ta.value.split("\n").length;
    ta.rows = Math.min(Math.max(lines, 1), 20);
    if (ta.scrollHeight > ta.clientHeight + 1) {
      const line = parseFloat(getComputedStyle(ta).lineHeight) || 19;
      ta.rows = Math.min(Math.ceil((ta.scrollHeight - ta.clientHeight) / line) + ta.rows, 20);
    }
  }

  _render() {
    const lang = this._lang;
    const labels = this.shadowRoot.querySelectorAll("label");
    labels[0].textContent = w(lang, "ui.type_constraint");
    labels[1].textContent = w(lang, "embed.value_label", { value: w(lang, "ui.value"), format: FORMAT_LABELS[this._format] });
    this._type.placeholder = w(lang, "ui.type_hint");
    const ro = this.hasAttribute("readonly") && this.getAttribute("readonly") !== "false";
    this._type.readOnly = this._value.readOnly = ro;
    this._fit(this._type);
    this._fit(this._value);
    this.shadowRoot.querySelector(".by").textContent = w(lang, "ui.answer_by", { flavor: FLAVORS.get(this._flavor).label });
    this.shadowRoot.querySelector(".open").textContent = w(lang, "ui.open_in_playground");
  }

  _evaluate() {
    const req = this.request;
    let r;
    try {
      r = evaluate(req);
    } catch (e) {
      // A bug (the package has already replaced a trapped instance): said as `tftype batch` says it.
      const lang = this._lang;
      r = { ok: false, stage: "panic", summary: w(lang, "ui.stage.panic"), detail: w(lang, "ui.engine.restarted", { message: String(e?.message ?? e) }), path: "", diagnostics: [] };
    }
    this.result = r;
    this._show(r, req);
    this.dispatchEvent(new CustomEvent("tftype-result", { detail: r, bubbles: true, composed: true }));
  }

  _show(r, req) {
    const lang = this._lang;
    const root = this.shadowRoot;
    const status = root.querySelector(".status");
    status.className = `status ${r.ok ? "ok" : "err"}`;
    const label = FLAVORS.get(this._flavor).label;
    status.textContent = r.ok ? `✓ ${w(lang, "ui.accepted")}` : `✗ ${w(lang, `ui.stage.${r.stage}`, { flavor: label }) || r.summary}`;
    const tabs = root.querySelector(".tabs");
    tabs.replaceChildren();
    const out = root.querySelector(".out");
    out.classList.toggle("detail", !r.ok);
    if (r.ok) {
      const names = { console: w(lang, "ui.tab.console"), json: w(lang, "ui.tab.json"), type: w(lang, "ui.tab.type") };
      const asked = this.getAttribute("tab");
      const tab = this._tab ?? (asked && Object.hasOwn(names, asked) ? asked : "console");
      for (const key of Object.keys(names)) {
        const b = document.createElement("button");
        b.type = "button";
        b.setAttribute("role", "tab");
        b.setAttribute("aria-selected", String(key === tab));
        b.textContent = names[key];
        b.addEventListener("click", () => {
          this._tab = key;
          this._show(this.result, this.request);
        });
        tabs.append(b);
      }
      out.dataset.tab = tab;
      out.textContent =
        tab === "json" ? (r.json ? JSON.stringify(r.json, null, 2) : "") : tab === "type" ? r.type : r.console;
    } else {
      out.dataset.tab = "error";
      // Every error the version reports: a block's failing rules, each as the version prints it.
      const errors = r.rule_errors?.length ? r.rule_errors : [r];
      out.textContent = errors.map((e) => `${e.summary}\n\n${e.detail}`).join("\n\n");
    }
    this._showWhere(r);
    this._showNotes(req);
    // The playground with the same state, as a link people could write (`tftype link`).
    root.querySelector(".open").href = link(PLAYGROUND.href, req, this.getAttribute("lang") ?? "");
  }

  // tftype's notes (not the tool's output): what the answer did without a word.
  // Where the error is: the lines of the editor it points into, the failing part marked
  // (a textarea cannot underline its own text), and the editor flagged as invalid.
  _showWhere(r) {
    const lang = this._lang;
    const where = this.shadowRoot.querySelector(".where");
    const d = r.ok ? null : (r.diagnostics ?? []).find((x) => x.severity === "error" && x.start16 != null && x.end16 != null);
    for (const ta of [this._type, this._value]) ta.removeAttribute("aria-invalid");
    where.hidden = !d;
    if (!d) return;
    const ta = d.source === "type" ? this._type : this._value;
    ta.setAttribute("aria-invalid", "true");
    const src = ta.value;
    const a = Math.min(d.start16, src.length);
    const b = Math.min(Math.max(d.end16, a), src.length);
    const from = src.lastIndexOf("\n", a - 1) + 1;
    let to = src.indexOf("\n", b > a ? b - 1 : b);
    if (to < 0) to = src.length;
    const line = src.slice(0, from).split("\n").length;
    const editor = w(lang, d.source === "type" ? "ui.type_constraint" : "ui.value");
    where.querySelector("p").textContent = w(lang, "embed.marked_line", { editor, line: String(line) });
    const mark = document.createElement("mark");
    mark.textContent = src.slice(a, b);
    where.querySelector("pre").replaceChildren(src.slice(from, a), mark, src.slice(b, to));
  }

  _showNotes(req) {
    const lang = this._lang;
    const aside = this.shadowRoot.querySelector(".notes");
    let list = [];
    try {
      list = notes(req, lang);
    } catch {
      list = [];
    }
    aside.hidden = list.length === 0;
    aside.querySelector("p").textContent = w(lang, "ui.notes_title");
    aside.setAttribute("aria-label", w(lang, "ui.notes_label"));
    aside.querySelector("ul").replaceChildren(
      ...list.map((n) => {
        const li = document.createElement("li");
        // Code between backticks is set as code.
        n.text.split("`").forEach((part, i) => {
          if (i % 2 === 1) {
            const c = document.createElement("code");
            c.textContent = part;
            li.append(c);
          } else li.append(part);
        });
        return li;
      }),
    );
  }
}

if (!customElements.get("tftype-example")) customElements.define("tftype-example", TftypeExample);
