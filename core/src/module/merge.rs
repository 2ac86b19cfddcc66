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
            out.push(CheckDiag::error(
                "Invalid default value for variable",
                "A null default value is not valid when nullable=false.",
                subject,
            ));
        }
    }
    base.diags.extend(out.iter().cloned());
    out
}

/// `prepareFinalInputVariableValue` (`eval_variable.go`, every version),
/// which the validate walk runs for every root variable before any value:
/// the stored default is converted to the type again, without type
/// defaults; where go-cty cannot convert its own result (a map of maps of
/// objects with an optional `any` attribute and an empty inner map) the
/// variable fails, its declaration the subject. The diagnostics (none: go on).
pub fn default_converted_again(
    module: &super::decl::Module,
    vars: &mut std::collections::BTreeMap<String, super::VarState>,
    p: &Profile,
) -> Vec<CheckDiag> {
    let mut out = Vec::new();
    for v in &module.vars {
        let Some(d) = &v.default else { continue };
        if let Err(e) = crate::convert::convert(d, &v.tc.ty, p) {
            let diag = CheckDiag::error(
                "Invalid default value for module argument",
                format!(
                    "The default value for variable {} is incompatible with its type constraint: {}.",
                    crate::render::go_quote(&v.name),
                    e.message
                ),
                Some(v.decl_range.clone()),
            );
            if let Some(st) = vars.get_mut(&v.name) {
                st.fail("convert", &diag);
                st.report.source = Some("default".into());
            }
            out.push(diag);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::module::Outcome;

    use crate::testutil::check_files as run;

    /// An override file changes what it sets and nothing else, in file
    /// order; the default is converted to the merged type again, the
    /// primary block's optional-attribute defaults stay, and validation
    /// blocks cannot be overridden.
    #[test]
    fn override_files_merge_into_their_variables() {
        let main = "variable \"v\" {\n  type = object({ a = optional(string, \"d\") })\n  default = {}\n  description = \"main\"\n}\n";
        let table: [(&str, &str, Result<&str, &str>); 5] = [
            ("override.tf", "variable \"v\" {\n  description = \"over\"\n}\n", Ok("{\n  \"a\" = \"d\"\n}")),
            ("a_override.tf.json", r#"{"variable": {"v": {"default": {"a": "x"}}}}"#, Ok("{\n  \"a\" = \"x\"\n}")),
            ("override.tf", "variable \"v\" {\n  type = string\n}\n", Err("Overriding this variable's type constraint has made its default value invalid: string required, but have object.")),
            ("override.tf", "variable \"w\" {\n}\n", Err("There is no variable named \"w\". An override file can only override a variable that was already declared in a primary configuration file.")),
            ("override.tf", "variable \"v\" {\n  validation {\n    condition = true\n    error_message = \"x\"\n  }\n}\n", Err("Override files cannot override \"validation\" blocks.")),
        ];
        for (name, text, want) in table {
            let r = run("terraform@1.15", &[("main.tf", main), (name, text)]);
            match want {
                Ok(console) => {
                    assert!(r.ok, "{text}: {:?}", r.diagnostics);
                    assert!(
                        matches!(&r.variables[0].outcome, Outcome::Accepted { console: c, .. } if c == console),
                        "{text}: {:?}",
                        r.variables[0].outcome
                    );
                }
                Err(detail) => {
                    assert_eq!(r.diagnostics.iter().map(|d| d.detail.as_str()).collect::<Vec<_>>(), [detail], "{text}")
                }
            }
        }
        let r = run(
            "terraform@1.15",
            &[("main.tf", main), ("override.tf", "variable \"v\" {\n  description = \"over\"\n}\n")],
        );
        assert_eq!(r.variables[0].description.as_deref(), Some("over"));
    }

    /// A default go-cty cannot convert a second time stops the run in the
    /// validate walk (`prepareFinalInputVariableValue`).
    #[test]
    fn a_default_that_does_not_convert_again_stops_the_run() {
        let main = "variable \"mode\" {\n  type = map(map(object({name = optional(any)})))\n  default = {a = {}, b = {x = {name = \"s\"}}}\n}\nvariable \"other\" {\n  default = 1\n}\n";
        let r = run("terraform@1.9", &[("main.tf", main)]);
        assert_eq!(
            r.diagnostics.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>(),
            ["Invalid default value for module argument"]
        );
        assert_eq!(r.diagnostics[0].detail, "The default value for variable \"mode\" is incompatible with its type constraint: element types must all match for conversion to map.");
        let stage = |n: &str| match &r.variables.iter().find(|v| v.name == n).unwrap().outcome {
            Outcome::Failed { stage, .. } => *stage,
            Outcome::Accepted { .. } => "ok",
        };
        assert_eq!((stage("mode"), stage("other")), ("convert", "skipped"));
    }

    /// OpenTofu 1.8+ reads `x.tofu` in place of `x.tf` (and Terraform never
    /// reads `.tofu`).
    #[test]
    fn tofu_files_replace_their_tf_files() {
        let files = [
            ("main.tf", "variable \"v\" {\n  default = \"tf\"\n}\n"),
            ("main.tofu", "variable \"v\" {\n  default = \"tofu\"\n}\n"),
        ];
        for (flavor, want) in [("opentofu@1.8", "\"tofu\""), ("opentofu@1.7", "\"tf\""), ("terraform@1.15", "\"tf\"")] {
            let r = run(flavor, &files);
            assert!(
                matches!(&r.variables[0].outcome, Outcome::Accepted { console, .. } if console == want),
                "{flavor}"
            );
        }
    }
}
