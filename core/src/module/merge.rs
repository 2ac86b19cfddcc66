//! Override files: a block of `override.tf` / `*_override.tf(.json)`
//! changes the variable of its name as `Variable.merge`
//! (`internal/configs/module_merge.go`) changes it in each version, then the
//! resulting default is converted to the resulting type again.

use super::decl::Variable;
use super::CheckDiag;
use crate::flavor::Profile;

/// Merges the override block `ov` (which set the arguments `set`) into
/// `base`; the diagnostics of the merge (also kept with `base`).
pub fn merge(base: &mut Variable, ov: Variable, set: &[&str], p: &Profile) -> Vec<CheckDiag> {
    let schema = p.variable_block();
    let has = |n: &str| set.contains(&n);
    // The override block's own errors belong to the variable it overrides.
    base.diags.extend(ov.diags.iter().cloned());
    if has("description") {
        base.description = ov.description.clone();
    }
    if has("sensitive") {
        base.sensitive = ov.sensitive;
    }
    // OpenTofu 1.10+ merges a deprecation that is not empty; Terraform 1.15
    // decodes one in an override file but does not merge it.
    if schema.deprecated_must_not_be_empty && ov.deprecated.as_deref().is_some_and(|d| !d.is_empty()) {
        base.deprecated = ov.deprecated.clone();
    }
    if has("ephemeral") {
        base.ephemeral = ov.ephemeral;
    }
    if has("default") {
        base.default = ov.default.clone();
    }
    if has("type") {
        // The constraint and the -var parsing mode, not the optional
        // attributes' defaults: the primary block's stay.
        base.tc.ty = ov.tc.ty.clone();
        base.tc.cli_literal = ov.tc.cli_literal;
    }
    if has("nullable") {
        base.nullable = ov.nullable;
    }
    if has("const") {
        base.constant = ov.constant;
    }
    let mut out = Vec::new();
    let subject = Some(ov.decl_range.clone());
    if let Some(d) = base.default.clone() {
        match crate::convert::convert(&d, &base.tc.ty, p) {
            Ok(x) => base.default = Some(x),
            Err(e) => {
                let detail = match (has("type"), has("default")) {
                    (true, false) => format!("Overriding this variable's type constraint has made its default value invalid: {}.", e.message),
                    (false, true) => format!("The overridden default value for this variable is not compatible with the variable's type constraint: {}.", e.message),
                    _ => format!("This variable's default value is not compatible with its type constraint: {}.", e.message),
                };
                out.push(CheckDiag::error("Invalid default value for variable", detail, subject.clone()));
            }
        }
        if !base.nullable && base.default.as_ref().is_some_and(|v| v.is_null()) {
            out.push(CheckDiag::error("Invalid default value for variable", "A null default value is not valid when nullable=false.", subject));
        }
    }
    base.diags.extend(out.iter().cloned());
    out
}
