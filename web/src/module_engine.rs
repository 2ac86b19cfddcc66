//! The Module view's engine: core's check (`tftype::module::view`), in a
//! .wasm of its own that the engine worker (public/engine-worker.js) loads
//! the first time the Module view asks for a check. The check brings
//! Terraform's function library (for `validation` rules) with it, which the
//! page's own .wasm does without, so a page that never opens the Module view
//! never downloads it. Built by trunk as a worker (index.html:
//! `data-bin="module-engine"`).

fn main() {}

#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::*;

    /// `json`: `{files, args, env, flavor, lang}`; the answer is
    /// `tftype::module::view::ModuleView` as JSON.
    #[wasm_bindgen]
    pub fn engine_module(json: &str) -> String {
        tftype::module::view::view_json(json)
    }
}
