# shellcheck shell=bash
# Installs whatever build/test tool is missing, then puts the repo's tools first on PATH.
# Sourced by scripts/serve, scripts/build and scripts/test (from the repo root). Idempotent:
# on a machine that has everything it only checks versions (about a second).
#
#   ensure_build_tools    rust wasm target, trunk, wasm-bindgen-cli, npm packages, cargo fetch
#   ensure_test_tools     the above plus chromium (for the browser end-to-end test), python3
#                         and neovim (scripts/test-nvim)
#
# Versions: trunk is pinned here; wasm-bindgen-cli must equal the wasm-bindgen crate in
# Cargo.lock (also pinned in core/web Cargo.toml and Trunk.toml); npm packages come from
# package-lock.json (binaryen 132 provides the wasm-opt that Trunk.toml requires).

TRUNK_VERSION="0.21.14"

# workspace_field: the release identity (version, repository, homepage) from the root Cargo.toml.
# shellcheck source=identity.sh
source "$(dirname "${BASH_SOURCE[0]}")/identity.sh"

log() { printf '[tools] %s\n' "$*" >&2; }
die() {
  printf '[tools] error: %s\n' "$*" >&2
  exit 1
}

# Runs a command as root: directly when root, else through sudo.
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root (or sudo) to run: $*"
  fi
}

# apt-get install, refreshing the package lists first when they are missing or the install fails.
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found; install these yourself: $*"
  if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1; then
    as_root apt-get update
  fi
  if ! as_root apt-get install -y "$@"; then
    log "apt-get install failed; running apt-get update and retrying"
    as_root apt-get update
    as_root apt-get install -y "$@"
  fi
}

setup_path() {
  export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
}

ensure_rust_wasm() {
  command -v cargo >/dev/null 2>&1 || die "cargo not found: install Rust with rustup (https://rustup.rs), then rerun"
  local t
  # wasm32-wasip1: the npm package's `tftype` bin (the CLI on Node's WASI).
  for t in wasm32-unknown-unknown wasm32-wasip1; do
    if ! rustup target list --installed 2>/dev/null | grep -qx "$t"; then
      log "adding the $t target"
      rustup target add "$t"
    fi
  done
  # rustfmt: ./scripts/test checks that the sources are as `cargo fmt --all` (rustfmt.toml) writes them.
  if ! cargo fmt --version >/dev/null 2>&1; then
    log "adding the rustfmt component"
    rustup component add rustfmt
  fi
  # clippy: ./scripts/test lints the workspace with warnings as errors.
  if ! cargo clippy --version >/dev/null 2>&1; then
    log "adding the clippy component"
    rustup component add clippy
  fi
}

# The tools are built with a quick profile: no LTO, many codegen units, opt-level 1. Their own
# release profiles (trunk: fat LTO, one codegen unit) took 15.8 + 9.2 minutes of a 2-core
# machine's first run; what they do here (run cargo, rewrite one .wasm) does not need that.
quick_install() {
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=false \
    CARGO_PROFILE_RELEASE_INCREMENTAL=false cargo install "$@"
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    log "installing trunk $TRUNK_VERSION (about 5 minutes)"
    quick_install trunk --locked --version "$TRUNK_VERSION"
  fi
}

# The wasm-bindgen version that Cargo.lock resolved.
locked_wasm_bindgen_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

ensure_wasm_bindgen() {
  local want
  want="$(locked_wasm_bindgen_version)"
  [ -n "$want" ] || die "no wasm-bindgen entry in Cargo.lock"
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ] ||
    [ "$(wasm-bindgen-test-runner --version 2>/dev/null)" != "wasm-bindgen-test-runner $want" ]; then
    # Not --locked: its lockfile pins a webpki-roots version the registry may not serve.
    log "installing wasm-bindgen-cli $want (about 2 minutes)"
    quick_install wasm-bindgen-cli --version "$want"
  fi
}

ensure_node() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    log "installing node and npm"
    apt_install nodejs npm
  fi
}

# npm ci when node_modules does not match package-lock.json (a copy of the lockfile is kept
# in node_modules as the stamp).
ensure_npm_packages() {
  ensure_node
  local stamp=node_modules/.tftype-package-lock.json
  if ! cmp -s package-lock.json "$stamp" || [ ! -x node_modules/.bin/wasm-opt ]; then
    log "npm ci"
    npm ci --no-audit --no-fund
    cp package-lock.json "$stamp"
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    log "installing chromium"
    apt_install chromium chromium-driver
  fi
  # Screenshots of the Chinese and Japanese texts need a CJK font.
  if ! fc-list 2>/dev/null | grep -qi "cjk"; then
    log "installing a CJK font"
    apt_install fonts-noto-cjk
  fi
}

ensure_python() {
  command -v python3 >/dev/null 2>&1 || apt_install python3
  # scripts/test-pre-commit installs pre-commit (PyPI) into a venv under target/.
  python3 -c 'import venv, ensurepip' 2>/dev/null || apt_install python3-venv
}

# scripts/test-nvim drives Debian's Neovim (headless, its built-in LSP client).
ensure_neovim() {
  if ! command -v nvim >/dev/null 2>&1; then
    log "installing neovim"
    apt_install neovim
  fi
}

ensure_build_tools() {
  setup_path
  # Already done by the calling script (scripts/test runs core/node-test/run.sh).
  [ "${TFTYPE_BUILD_TOOLS_READY:-}" = "$PWD" ] && return 0
  ensure_rust_wasm
  ensure_trunk
  ensure_wasm_bindgen
  ensure_npm_packages
  # trunk --offline also makes cargo offline, so the crates must be here already.
  cargo fetch --quiet
  # The wasm-opt that trunk finds must be npm binaryen's, not a system one.
  [ "$(command -v wasm-opt)" = "$PWD/node_modules/.bin/wasm-opt" ] || die "wasm-opt on PATH is $(command -v wasm-opt), expected node_modules/.bin/wasm-opt"
  export TFTYPE_BUILD_TOOLS_READY="$PWD"
}

ensure_test_tools() {
  ensure_build_tools
  ensure_chromium
  ensure_python
  ensure_neovim
}

# The tftype-cli package for wasm32-wasip1, in target/wasm32-wasip1/wasm/tftype.wasm: the npm
# package's `tftype` bin and the VS Code extension's built-in language server are this one
# build (the wasm profile's opt-level "z": one build of it, not two with different settings).
build_wasi_cli() {
  cargo build --profile wasm -p tftype-cli --bin tftype --target wasm32-wasip1
}

# The npm package in dist/npm/ (ready for `npm publish`): core's JS API (cargo feature `js`)
# through wasm-bindgen --target web and wasm-opt, with npm/'s module, types and README; the
# `tftype` bin: the tftype-cli package built for wasm32-wasip1, wasm-opt'ed and gzip'd
# (tftype_cli.wasm.gz), run by npm/bin/tftype.js on Node's WASI; and <tftype-example>
# (tftype-embed.js, loading the package's own index.js) for docs sites on an npm CDN.
build_npm() {
  local out=dist/npm version repository homepage
  cargo build --profile wasm --offline -p tftype --features js --target wasm32-unknown-unknown --lib
  # (opt-level "z" as the profile says: opt-level 3 made a 25% larger .wasm whose compiling
  # cost more CPU than its code saved on the 1,000-variable check.)
  build_wasi_cli
  rm -rf "$out"
  mkdir -p "$out"
  wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name tftype_core target/wasm32-unknown-unknown/wasm/tftype.wasm
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --strip-producers "$out/tftype_core_bg.wasm" -o "$out/tftype_core_bg.wasm"
  # index.js replaces a trapped instance (a trapped wasm instance stays unusable); the glue
  # keeps its instance in module-level variables, and initSync does nothing while `wasm` is set.
  grep -q '^let wasmModule, wasmInstance, wasm;$' "$out/tftype_core.js" || die "build_npm: wasm-bindgen's glue no longer keeps its instance in 'let wasmModule, wasmInstance, wasm;' (see npm/index.js guarded())"
  printf '\n// Added by build_npm: lets index.js make a new instance after a trap (and free the old one).\nexport function __tftypeForget() { wasm = undefined; wasmInstance = undefined; }\n' >>"$out/tftype_core.js"
  cp npm/index.js npm/index.d.ts npm/README.md "$out/"
  cp LICENSE "$out/"
  version="$(workspace_field version)"
  repository="$(workspace_field repository)"
  homepage="$(workspace_field homepage)"
  # (the released playground unless TFTYPE_PLAYGROUND_URL names another, as for the CLI)
  local playground="${TFTYPE_PLAYGROUND_URL:-$homepage}"
  # The CLI: -O3 (speed: `tftype check` on a large module), then gzip -9 (the package stays
  # under 4 MB unpacked; bin/tftype.js inflates it with node:zlib at start).
  # (Its features come from the module's target_features section.)
  wasm-opt -O3 --strip-debug --strip-producers \
    target/wasm32-wasip1/wasm/tftype.wasm -o target/wasm32-wasip1/wasm/tftype-opt.wasm
  gzip -9 -n -c target/wasm32-wasip1/wasm/tftype-opt.wasm >"$out/tftype_cli.wasm.gz"
  mkdir -p "$out/bin"
  cp npm/bin/tftype.js "$out/bin/tftype.js"
  chmod +x "$out/bin/tftype.js"
  # <tftype-example> from the package's directory: the engine is the package's index.js (in
  # dist/ it is ./npm/index.js), the "open in the playground" link the released playground's.
  sed -e 's|^\(import {[^}]*}\) from "./npm/index.js";$|\1 from "./index.js";|' \
    -e "s|^const PLAYGROUND = new URL(\"./\", import.meta.url);\$|const PLAYGROUND = new URL(\"$playground\");|" \
    embed/tftype-embed.js >"$out/tftype-embed.js"
  grep -q '^import .* from "./index.js";$' "$out/tftype-embed.js" || die "build_npm: embed/tftype-embed.js no longer imports ./npm/index.js as build_npm expects"
  grep -qF "const PLAYGROUND = new URL(\"$playground\");" "$out/tftype-embed.js" || die "build_npm: embed/tftype-embed.js no longer sets PLAYGROUND as build_npm expects"
  cat >"$out/package.json" <<JSON
{
  "name": "tftype",
  "version": "$version",
  "description": "The Terraform / OpenTofu type system: what each version does with a value for a variable of a given type",
  "license": "MPL-2.0",
  "repository": { "type": "git", "url": "git+$repository.git" },
  "homepage": "$homepage",
  "type": "module",
  "main": "./index.js",
  "types": "./index.d.ts",
  "exports": { ".": { "types": "./index.d.ts", "default": "./index.js" }, "./tftype-embed.js": "./tftype-embed.js", "./package.json": "./package.json" },
  "bin": { "tftype": "./bin/tftype.js" },
  "files": ["index.js", "index.d.ts", "tftype_core.js", "tftype_core_bg.wasm", "bin/tftype.js", "tftype_cli.wasm.gz", "tftype-embed.js", "README.md"],
  "engines": { "node": ">=20" },
  "sideEffects": true
}
JSON
}

# The docs kit next to the site: <tftype-example> (dist/tftype-embed.js, which loads
# dist/npm/) and a documentation-like page that uses it (dist/embed-demo.html).
build_embed() {
  [ -f dist/npm/index.js ] || die "build_embed: dist/npm/ is missing (run build_npm first)"
  cp embed/tftype-embed.js embed/embed-demo.html dist/
}

# The release site in dist/ (trunk --offline: no tool downloads, cargo offline).
build_site() {
  # wasm-bindgen snippets from another feature set would be copied into dist/ (TOOLCHAIN §4).
  rm -rf target/wasm-bindgen/release/snippets target/wasm-bindgen/wasm/snippets
  # Trunk stages in DIST/.stage and empties it first, so two builds into one folder break each
  # other: each build gets a folder of its own, moved into place when it is complete.
  local own
  mkdir -p target # a fresh clone has none yet
  own="$(mktemp -d "$PWD/target/site.XXXXXX")"
  if ! trunk build --release --offline --dist "$own" "$@"; then
    rm -rf "$own"
    return 1
  fi
  local old=""
  if [ -e dist ]; then
    old="$(mktemp -d "$PWD/target/site-old.XXXXXX")"
    mv dist "$old/"
  fi
  mv "$own" dist
  [ -z "$old" ] || rm -rf "$old"
}
