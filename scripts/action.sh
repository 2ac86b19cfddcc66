#!/usr/bin/env bash
# The GitHub Action (action.yml at the root) in one script: installs the release binary of
# tftype for the runner and runs `tftype check`. action.yml passes its inputs as environment
# variables; scripts/test-release runs it here against a file:// archive of
# scripts/release-build.
#
#   TFTYPE_DIRECTORY      the module directory (default .)
#   TFTYPE_VAR_FILES      value files, separated by newlines or spaces, each a --var-file
#   TFTYPE_FLAVOR         --flavor (default: the nearest version file's, else tftype's default)
#   TFTYPE_FORMAT         github (annotations, the default), sarif (a file for code scanning),
#                         human or json
#   TFTYPE_SARIF_FILE     where the sarif format writes (default tftype.sarif)
#   TFTYPE_VERSION        the release to install (default: this checkout's version, the
#                         root Cargo.toml's [workspace.package], i.e. the action's own)
#   TFTYPE_FAIL_ON_ERROR  true (default): the step fails when the check finds errors
#   TFTYPE_DOWNLOAD_BASE  where the archives are (default: the GitHub release of the
#                         repository in Cargo.toml, <repository>/releases/download/v<version>);
#                         any URL curl reads, file:// included
#
# Outputs (GITHUB_OUTPUT): exit-code, sarif-file (sarif format), tftype (what ran).
# The binary is the archive for RUNNER_OS/RUNNER_ARCH, its SHA-256 checked against the
# release's .sha256 file (a mismatch stops the action); when no archive fits the runner or it
# cannot be downloaded, `npx --yes tftype@<version>` (the npm package, on WebAssembly) runs
# instead.
set -euo pipefail
action_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/identity.sh
source "$action_root/scripts/lib/identity.sh"

note() { printf 'tftype action: %s\n' "$*" >&2; }
fail() {
  printf '::error title=tftype action::%s\n' "$*"
  exit 2
}
output() {
  if [ -n "${GITHUB_OUTPUT:-}" ]; then printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"; fi
}

version="${TFTYPE_VERSION:-}"
version="${version#v}"
[ -n "$version" ] || version="$(workspace_field version "$action_root/Cargo.toml")"
case "$version" in
  *[!0-9A-Za-z.+-]* | "") fail "version '$version' is not a version number" ;;
esac
repository="$(workspace_field repository "$action_root/Cargo.toml")"
base="${TFTYPE_DOWNLOAD_BASE:-$repository/releases/download/v$version}"
base="${base%/}"
format="${TFTYPE_FORMAT:-github}"
case "$format" in
  github | sarif | human | json) ;;
  *) fail "format '$format' is not one of github, sarif, human, json" ;;
esac

# The release target for this runner (RUNNER_OS / RUNNER_ARCH, else uname).
runner_target() {
  local os="${RUNNER_OS:-$(uname -s)}" arch="${RUNNER_ARCH:-$(uname -m)}"
  case "$os/$arch" in
    Linux/X64 | Linux/x86_64) echo x86_64-unknown-linux-musl ;;
    Linux/ARM64 | Linux/aarch64 | Linux/arm64) echo aarch64-unknown-linux-musl ;;
    macOS/X64 | Darwin/x86_64) echo x86_64-apple-darwin ;;
    macOS/ARM64 | Darwin/arm64) echo aarch64-apple-darwin ;;
    Windows/X64 | MINGW*/x86_64 | MSYS*/x86_64 | CYGWIN*/x86_64) echo x86_64-pc-windows-msvc ;;
    *) return 1 ;;
  esac
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | awk '{ print $1 }'
  else
    shasum -a 256 "$1" | awk '{ print $1 }'
  fi
}

# Downloads, checks and unpacks the archive; sets bin to the binary's path. Returns 1 when
# there is nothing to download (the caller falls back to npx); a checksum mismatch stops the
# action.
bin=""
install_binary() {
  local target name archive exe="" dir
  target="$(runner_target)" || {
    note "no release archive for ${RUNNER_OS:-$(uname -s)}/${RUNNER_ARCH:-$(uname -m)}"
    return 1
  }
  name="tftype-$version-$target"
  case "$target" in
    *-windows-*) archive="$name.zip" exe=".exe" ;;
    *) archive="$name.tar.gz" ;;
  esac
  local temp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
  # Windows runners (Git Bash): D:\a\_temp as /d/a/_temp.
  if command -v cygpath >/dev/null 2>&1; then temp="$(cygpath -u "$temp")"; fi
  dir="$(mktemp -d "$temp/tftype.XXXXXX")"
  if ! curl -fsSL --retry 3 -o "$dir/$archive" "$base/$archive" ||
    ! curl -fsSL --retry 3 -o "$dir/$archive.sha256" "$base/$archive.sha256"; then
    note "could not download $base/$archive"
    return 1
  fi
  local want got
  want="$(awk 'NR == 1 { print $1 }' "$dir/$archive.sha256")"
  got="$(sha256_of "$dir/$archive")"
  if [ -z "$want" ] || [ "$want" != "$got" ]; then
    fail "$archive: SHA-256 $got does not match the release's $want"
  fi
  case "$archive" in
    *.zip)
      if command -v unzip >/dev/null 2>&1; then
        unzip -q "$dir/$archive" -d "$dir"
      else
        7z x -bd -o"$dir" "$dir/$archive" >/dev/null
      fi
      ;;
    *) tar -xzf "$dir/$archive" -C "$dir" ;;
  esac
  [ -f "$dir/$name/tftype$exe" ] || fail "$archive has no $name/tftype$exe"
  chmod +x "$dir/$name/tftype$exe" 2>/dev/null || true
  bin="$dir/$name/tftype$exe"
}

if install_binary; then
  tftype=("$bin")
  note "tftype $version ($bin)"
else
  command -v npx >/dev/null 2>&1 || fail "no release archive fits this runner and npx (Node.js) is not installed"
  tftype=(npx --yes "tftype@$version")
  note "no binary: running ${tftype[*]}"
fi
output tftype "${tftype[*]}"

args=(check)
[ -z "${TFTYPE_FLAVOR:-}" ] || args+=(--flavor "$TFTYPE_FLAVOR")
if [ -n "${TFTYPE_VAR_FILES:-}" ]; then
  read -r -d '' -a files <<<"$TFTYPE_VAR_FILES" || true
  # (the ${a[@]+...} form: bash 3.2, macOS's, calls an empty array unbound under set -u)
  for f in ${files[@]+"${files[@]}"}; do args+=(--var-file "$f"); done
fi
args+=(--format "$format" -- "${TFTYPE_DIRECTORY:-.}")

code=0
if [ "$format" = sarif ]; then
  sarif="${TFTYPE_SARIF_FILE:-tftype.sarif}"
  mkdir -p "$(dirname "$sarif")"
  "${tftype[@]}" "${args[@]}" >"$sarif" || code=$?
  output sarif-file "$sarif"
  note "SARIF log written to $sarif"
else
  "${tftype[@]}" "${args[@]}" || code=$?
fi
output exit-code "$code"
if [ "$code" != 0 ] && { [ "$code" != 1 ] || [ "${TFTYPE_FAIL_ON_ERROR:-true}" = true ]; }; then
  exit "$code"
fi
exit 0
