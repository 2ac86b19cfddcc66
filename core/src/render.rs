//! Rendering: values as `terraform console` prints them
//! (`internal/repl/format.go`), and go-cty's JSON form of values and types.
//!
//! STUB: being written.

use crate::types::Type;
use crate::value::Value;

/// What `terraform console` prints for a value.
pub fn console(v: &Value) -> String {
    format!("{:?}", v.kind)
}

/// `ctyjson.Marshal(value, type)`: the JSON text of the value (marks removed).
pub fn json_value(v: &Value) -> String {
    let _ = v;
    "null".into()
}

/// `ctyjson.MarshalType`: `"string"`, `["list","string"]`, `["object",{"a":"number"}]`, `"dynamic"`.
pub fn json_type(t: &Type) -> String {
    format!("{:?}", t.type_string())
}

/// Go's `strconv.Quote`.
pub fn go_quote(s: &str) -> String {
    format!("{:?}", s)
}
