#!/usr/bin/env bash
# wasm == native: runs every conformance case through core's JS API (wasm32, wasm-bindgen
# --target nodejs, under Node) and through the native CLI (`tftype batch`), and fails on any
# difference. Whether native is right is the conformance test's job (cargo test).
# Debug builds: they check integer overflow and use more stack than release, so they are
# the stricter test of the ~1 MB wasm stack.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/lib/ensure-tools.sh
source scripts/lib/ensure-tools.sh
ensure_build_tools

cargo build -p tftype-cli --bin tftype
cargo build -p tftype --features js --target wasm32-unknown-unknown --lib
out=core/node-test/pkg-node
rm -rf "$out"
wasm-bindgen --target nodejs --out-dir "$out" target/wasm32-unknown-unknown/debug/tftype.wasm
# The nodejs target emits CommonJS; keep it so even if the root package.json becomes an ES module.
echo '{"type": "commonjs"}' >"$out/package.json"
node core/node-test/differential.mjs target/debug/tftype core/tests/conformance
