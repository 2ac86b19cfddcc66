//! go-cty's `Unify` / `UnifyUnsafe`: one type all of several can convert to.
//!
//! STUB: being written.

use crate::types::Type;

/// `convert.UnifyUnsafe(types)`: the unified type, or None.
pub fn unify_unsafe(types: &[Type]) -> Option<Type> {
    let first = types.first()?;
    types.iter().all(|t| t == first).then(|| first.clone())
}
