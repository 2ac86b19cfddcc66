//! Reading variable values as Terraform does: HCL expressions (module
//! arguments / `.tfvars`), `.tfvars.json`, cty JSON and `-var`.
//!
//! STUB: being written.

use serde::{Deserialize, Serialize};

use crate::diag::{Diagnostic, Source, SpanTree};
use crate::number::Number;
use crate::value::Value;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueFormat {
    /// An HCL expression with Terraform's conversion functions and `sensitive`.
    #[default]
    Hcl,
    /// A `.tfvars` attribute: no function calls.
    Tfvars,
    /// A `.tfvars.json` property.
    Json,
    /// `ctyjson.ImpliedType` + `Unmarshal`.
    Ctyjson,
    /// `-var="v=..."`.
    Cli,
}

/// A value read from its source.
#[derive(Clone, Debug)]
pub struct ParsedValue {
    pub value: Value,
    pub spans: SpanTree,
    /// The value expression's range in Terraform's synthetic file, as hcl
    /// prints ranges (`terraform.tfvars:1,5-12`); None when Terraform has no
    /// source range for it (cty JSON, `-var`).
    pub src_range: Option<String>,
    pub from_cli: bool,
}

/// Reads `src` in `format`. `cli_literal`: a `-var` value is taken as a plain
/// string (primitive or absent constraint).
pub fn parse_value(src: &str, format: ValueFormat, cli_literal: bool) -> Result<ParsedValue, Vec<Diagnostic>> {
    let from_cli = format == ValueFormat::Cli;
    if from_cli && cli_literal {
        return Ok(ParsedValue { value: Value::string(src), spans: SpanTree::leaf(0..src.len()), src_range: None, from_cli });
    }
    let t = src.trim();
    let start = src.len() - src.trim_start().len();
    let range = start..start + t.len();
    let value = if t == "true" || t == "false" {
        Value::bool(t == "true")
    } else if t == "null" {
        Value::null(crate::types::Type::Dynamic)
    } else if let Ok(n) = Number::parse_literal(t) {
        Value::number(n)
    } else if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') {
        Value::string(&t[1..t.len() - 1])
    } else {
        return Err(vec![Diagnostic::error(Source::Value, "Unsupported value", "Not yet supported by tftype.", Some(range))]);
    };
    let src_range = (!from_cli).then(|| format!("terraform.tfvars:1,5-{}", 5 + t.chars().count()));
    Ok(ParsedValue { value, spans: SpanTree::leaf(range), src_range, from_cli })
}
