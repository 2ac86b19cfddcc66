//! go-cty's `MismatchMessage` (v1.18.1 wording): why no conversion exists.
//!
//! STUB: being written.

use crate::types::Type;

pub fn mismatch_message(got: &Type, want: &Type) -> String {
    let _ = got;
    format!("{} required", want.friendly_name_for_constraint())
}
