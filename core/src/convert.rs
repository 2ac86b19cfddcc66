//! go-cty's `convert`: safe and unsafe conversions between types.
//!
//! STUB: being written.

use crate::path::Path;
use crate::types::Type;
use crate::value::Value;

#[derive(Clone, Debug, PartialEq)]
pub struct ConvertError {
    /// Where inside the value the conversion failed (empty for the whole value).
    pub path: Path,
    /// go-cty's message (current wording, v1.18.1).
    pub message: String,
}

/// `convert.Convert(v, want)`.
pub fn convert(v: &Value, want: &Type) -> Result<Value, ConvertError> {
    if &v.ty == want || want.is_dynamic() {
        return Ok(v.clone());
    }
    Err(ConvertError { path: vec![], message: format!("{} required", want.friendly_name_for_constraint()) })
}

/// `convert.GetConversionUnsafe(got, want) != nil`.
pub fn can_convert_unsafe(got: &Type, want: &Type) -> bool {
    got == want || want.is_dynamic()
}

/// `convert.GetConversion(got, want) != nil` (safe conversions only).
pub fn can_convert_safe(got: &Type, want: &Type) -> bool {
    got == want || want.is_dynamic()
}
