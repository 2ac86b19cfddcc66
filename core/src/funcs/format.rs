//! go-cty's `stdlib/format.go`: `format` and `formatlist` (not yet ported:
//! the verbs' exact Go printing is still to do).

use super::Function;

pub(super) fn lookup(name: &str) -> Option<Function> {
    let _ = name;
    None
}
