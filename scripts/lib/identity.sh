# shellcheck shell=bash
# The release identity, read from its one place: the root Cargo.toml's [workspace.package]
# (version, repository, homepage). Sourced by scripts/lib/ensure-tools.sh (build_npm),
# scripts/release-build and scripts/action.sh (the GitHub Action, which runs from a checkout
# of this repository).
#
#   workspace_field NAME [CARGO_TOML]   prints the string value of NAME (e.g. version)

workspace_field() {
  local name="$1" manifest="${2:-${TFTYPE_ROOT:-.}/Cargo.toml}" value
  value="$(awk -v key="$name" '
    /^\[/ { inside = ($0 == "[workspace.package]") ; next }
    inside {
      line = $0
      sub(/[ \t]*#.*$/, "", line)
      if (match(line, "^" key "[ \t]*=[ \t]*\"[^\"]*\"$")) {
        sub("^" key "[ \t]*=[ \t]*\"", "", line); sub(/"$/, "", line); print line; exit
      }
    }' "$manifest")"
  if [ -z "$value" ]; then
    printf 'workspace_field: no %s in [workspace.package] of %s\n' "$name" "$manifest" >&2
    return 1
  fi
  printf '%s\n' "$value"
}
