// Loads a .wasm of the page on demand (the Module view, web/src/module_host.rs): its
// wasm-bindgen glue (an ES module) is imported and initialised with the .wasm's address, and
// its style sheet (`css`) is linked into the page, both before the promise settles.
// A dynamic import() of a same-origin file is what the page's Content-Security-Policy allows
// (no eval); wasm-bindgen has no way to write one in Rust.
export async function loadWasm(glue, wasm, css) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = css;
  const styled = new Promise((ok, no) => {
    link.onload = ok;
    link.onerror = () => no(new Error(`${css} could not be loaded`));
  });
  document.head.append(link);
  const m = await import(glue);
  await m.default({ module_or_path: wasm });
  await styled;
  return m;
}
