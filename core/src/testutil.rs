//! Builders for values and types in unit tests (one set, shared by the
//! modules' tests).

use std::collections::BTreeSet;

use crate::number::Number;
use crate::types::Type;
use crate::value::{Marks, Value};

pub fn s(x: &str) -> Value {
    Value::string(x)
}

pub fn n(i: i64) -> Value {
    Value::number(Number::from_i64(i))
}

/// An object value with these attributes.
pub fn obj(attrs: &[(&str, Value)]) -> Value {
    Value::object(attrs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}

/// A map value of `ety` with these elements.
pub fn map(ety: Type, elems: &[(&str, Value)]) -> Value {
    Value::map(ety, elems.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}

pub fn sensitive(v: Value) -> Value {
    v.with_marks(Marks::SENSITIVE)
}

/// Fails unless the committed generated file `rel_path` (relative to the
/// crate) holds exactly `want`; with the environment variable `regen` set, it
/// writes `want` there first.
pub fn check_generated_file(rel_path: &str, want: &str, regen: &str) {
    let path = format!("{}/{rel_path}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os(regen).is_some() {
        std::fs::write(&path, want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap();
    assert!(have == want, "{rel_path} is stale: regenerate it with {regen}=1");
}

/// An object type with these attributes, the `optional` ones optional.
pub fn oty(attrs: &[(&str, Type)], optional: &[&str]) -> Type {
    Type::object_with_optional(
        attrs.iter().map(|(k, t)| (k.to_string(), t.clone())).collect(),
        optional.iter().map(|x| x.to_string()).collect::<BTreeSet<_>>(),
    )
}

/// `tftype check` of a module made of these files, as `flavor` reads it.
pub fn check_files(flavor: &str, files: &[(&str, &str)]) -> crate::module::CheckReport {
    let p = crate::flavor::Flavor::lookup(flavor).unwrap().profile();
    let files = files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    crate::module::check(&crate::module::CheckInput { files, ..crate::module::CheckInput::default() }, &p)
}
