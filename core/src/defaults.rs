//! Optional-attribute defaults (hcl's `typeexpr.Defaults`) and applying them
//! to a value before conversion (hcl v2.24's `Defaults.Apply`).

use std::collections::BTreeMap;

use crate::types::Type;
use crate::value::Value;

/// Defaults found in a type constraint, as a tree shaped like the type.
#[derive(Clone, Debug)]
pub struct Defaults {
    /// The constraint type this node belongs to.
    pub ty: Type,
    /// Default values of this object type's attributes, already converted to
    /// the attribute types.
    pub values: BTreeMap<String, Value>,
    /// Nested defaults: by attribute name for objects, by decimal index for
    /// tuples, by "" for a collection's element type.
    pub children: BTreeMap<String, Defaults>,
}

impl Defaults {
    /// Applies the defaults to a (non-null) value. STUB: returns it unchanged.
    pub fn apply(&self, v: &Value) -> Value {
        v.clone()
    }
}
