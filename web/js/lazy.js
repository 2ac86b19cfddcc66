// Loads a .wasm of the page on demand (the Module view, web/src/module_host.rs): its
// wasm-bindgen glue (an ES module) is imported and initialised with the .wasm's address.
// A dynamic import() of a same-origin file is what the page's Content-Security-Policy allows
// (no eval); wasm-bindgen has no way to write one in Rust.
export async function loadWasm(glue, wasm) {
  const m = await import(glue);
  await m.default({ module_or_path: wasm });
  return m;
}
