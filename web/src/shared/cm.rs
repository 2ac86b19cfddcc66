//! The CodeMirror 6 editors, through the small JS wrapper in `js-src/cm6.js`
//! (bundled into `web/js/cm6.bundle.js` by the Trunk pre_build hook).
//!
//! Positions are UTF-16 offsets, as everywhere in JS. On targets other than
//! wasm32 (native unit tests) every function is a no-op, so that the crate
//! compiles without the generated bundle.

use serde::Serialize;

/// One underline in an editor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    pub from: usize,
    pub to: usize,
    pub message: String,
    pub severity: &'static str,
}

#[derive(Serialize)]
struct Options<'a> {
    language: &'a str,
    #[serde(rename = "readOnly")]
    read_only: bool,
    label: &'a str,
    /// Long lines wrap on any screen (else only on a narrow one).
    wrap: bool,
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen(module = "/js/cm6.bundle.js")]
    extern "C" {
        #[derive(Clone)]
        pub type EditorView;

        #[wasm_bindgen(js_name = createEditor)]
        pub fn create_editor(
            parent: &web_sys::HtmlElement,
            doc: &str,
            options_json: &str,
            on_change: &Closure<dyn FnMut(Vec<u8>)>,
        ) -> EditorView;
        #[wasm_bindgen(js_name = setDoc)]
        pub fn set_doc(view: &EditorView, text: &str);
        #[wasm_bindgen(js_name = setDoc)]
        pub fn set_doc_expecting(view: &EditorView, text: &str, expected: &str) -> bool;
        #[wasm_bindgen(js_name = setLanguage)]
        pub fn set_language(view: &EditorView, name: &str);
        #[wasm_bindgen(js_name = setDiagnostics)]
        pub fn set_diagnostics(view: &EditorView, list_json: &str);
        #[wasm_bindgen(js_name = setReadOnly)]
        pub fn set_read_only(view: &EditorView, read_only: bool);
        #[wasm_bindgen(js_name = select)]
        pub fn select(view: &EditorView, from: usize, to: usize);
        #[wasm_bindgen(js_name = setHighlight)]
        pub fn set_highlight(view: &EditorView, from: i32, to: i32);
        #[wasm_bindgen(js_name = setHighlights)]
        pub fn set_highlights(view: &EditorView, ranges_json: &str);
        #[wasm_bindgen(js_name = destroy)]
        pub fn destroy(view: &EditorView);
        #[wasm_bindgen(js_name = setAssist)]
        pub fn set_assist(view: &EditorView, ask: &Closure<dyn FnMut(bool, u32, js_sys::Function)>);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    #[derive(Clone)]
    pub struct EditorView;
    pub fn set_doc(_: &EditorView, _: &str) {}
    pub fn set_doc_expecting(_: &EditorView, _: &str, _: &str) -> bool {
        true
    }
    pub fn set_language(_: &EditorView, _: &str) {}
    pub fn set_diagnostics(_: &EditorView, _: &str) {}
    pub fn set_read_only(_: &EditorView, _: bool) {}
    pub fn select(_: &EditorView, _: usize, _: usize) {}
    pub fn set_highlight(_: &EditorView, _: i32, _: i32) {}
    pub fn set_highlights(_: &EditorView, _: &str) {}
    pub fn destroy(_: &EditorView) {}
}

pub use imp::EditorView;

/// Creates an editor inside `parent`; `on_change` gets the whole text after
/// every user edit (not after [`set_doc`]). `wrap`: long lines wrap on any
/// screen (an editor of a whole file), not only on a narrow one. The callback lives as long as the
/// page.
#[cfg(target_arch = "wasm32")]
pub fn create(
    parent: &web_sys::HtmlElement,
    doc: &str,
    language: &str,
    read_only: bool,
    label: &str,
    wrap: bool,
    on_change: impl FnMut(String) + 'static,
) -> EditorView {
    use wasm_bindgen::prelude::Closure;
    let opts = serde_json::to_string(&Options { language, read_only, label, wrap }).unwrap_or_default();
    let mut on_change = on_change;
    // The text comes as UTF-8 bytes (see `createEditor`).
    let cb = Closure::<dyn FnMut(Vec<u8>)>::new(move |bytes: Vec<u8>| on_change(crate::shared::page::utf8_text(bytes)));
    let view = imp::create_editor(parent, doc, &opts, &cb);
    cb.forget();
    view
}

#[cfg(not(target_arch = "wasm32"))]
pub fn create(
    _parent: &web_sys::HtmlElement,
    _doc: &str,
    language: &str,
    read_only: bool,
    label: &str,
    wrap: bool,
    _on_change: impl FnMut(String) + 'static,
) -> EditorView {
    let _ = Options { language, read_only, label, wrap };
    EditorView
}

pub fn set_doc(view: &EditorView, text: &str) {
    imp::set_doc(view, text)
}

/// Replaces the text only if it is `expected` (with whatever was just typed
/// read first) and no input method is composing in it; whether the text is
/// `text` now. A reply made from an older text can so never overwrite keys
/// typed since. The cursor keeps its place in the value (after as many
/// letters and digits as before it), so the keys typed next go where the
/// ones before went.
pub fn set_doc_if(view: &EditorView, expected: &str, text: &str) -> bool {
    imp::set_doc_expecting(view, text, expected)
}

pub fn set_language(view: &EditorView, name: &str) {
    imp::set_language(view, name)
}

#[allow(dead_code)]
pub fn set_read_only(view: &EditorView, read_only: bool) {
    imp::set_read_only(view, read_only)
}

/// Moves the cursor to (selects) a range, scrolls it into view and focuses.
pub fn select(view: &EditorView, from: usize, to: usize) {
    imp::select(view, from, to)
}

/// Shades a part of the text (UTF-16 offsets); None clears the shading.
pub fn set_highlight(view: &EditorView, range: Option<[usize; 2]>) {
    match range {
        Some([a, b]) => imp::set_highlight(view, a.min(i32::MAX as usize) as i32, b.min(i32::MAX as usize) as i32),
        None => imp::set_highlight(view, -1, -1),
    }
}

/// Shades several parts of the text (UTF-16 offsets); none clears the shading.
pub fn set_highlights(view: &EditorView, ranges: &[[usize; 2]]) {
    imp::set_highlights(view, &serde_json::to_string(ranges).unwrap_or_else(|_| "[]".into()))
}

pub fn set_marks(view: &EditorView, marks: &[Mark]) {
    let json = serde_json::to_string(marks).unwrap_or_else(|_| "[]".into());
    imp::set_diagnostics(view, &json)
}

/// Gives an editor completion and hover (`js-src/assist.js`, loaded when
/// the editor is first focused): `ask(hover, byte, reply)` is asked for the
/// completions (false) or the hover (true) at a byte of the text, and
/// replies with them as JSON (`tftype::assist::complete_value`,
/// `hover_value`), or "" for none.
#[cfg(target_arch = "wasm32")]
pub fn set_assist(view: &EditorView, mut ask: impl FnMut(bool, usize, Box<dyn FnOnce(String)>) + 'static) {
    use wasm_bindgen::prelude::*;
    let cb =
        Closure::<dyn FnMut(bool, u32, js_sys::Function)>::new(move |hover: bool, at: u32, reply: js_sys::Function| {
            ask(hover, at as usize, Box::new(move |json: String| drop(reply.call1(&JsValue::NULL, &json.into()))))
        });
    imp::set_assist(view, &cb);
    cb.forget();
}

#[cfg(not(target_arch = "wasm32"))]
pub fn set_assist(_: &EditorView, _: impl FnMut(bool, usize, Box<dyn FnOnce(String)>) + 'static) {}

/// Removes an editor from the page (the Module view's removed files).
pub fn destroy(view: &EditorView) {
    imp::destroy(view)
}
