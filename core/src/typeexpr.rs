//! Type constraints: what a user writes after `type =` in a `variable` block,
//! read as Terraform's `decodeVariableType` and hcl's `ext/typeexpr` read it.
//!
//! STUB: being written (keywords only).

use crate::defaults::Defaults;
use crate::diag::{Diagnostic, Source, SpanTree};
use crate::types::Type;

/// A parsed type constraint.
#[derive(Clone, Debug)]
pub struct TypeConstraint {
    pub ty: Type,
    /// Optional-attribute defaults, if the constraint has any.
    pub defaults: Option<Defaults>,
    /// Where each part of the constraint is in the type source (attribute
    /// names, tuple indexes, "" for collection elements).
    pub spans: SpanTree,
    /// `-var` values are taken literally (as strings) for primitive
    /// constraints and for no constraint at all.
    pub cli_literal: bool,
}

/// Parses a variable's `type` argument (`None`: the block has no `type`).
pub fn parse_variable_type(src: Option<&str>) -> Result<TypeConstraint, Vec<Diagnostic>> {
    let Some(src) = src else {
        return Ok(TypeConstraint { ty: Type::Dynamic, defaults: None, spans: SpanTree::default(), cli_literal: true });
    };
    let t = src.trim();
    let start = src.len() - src.trim_start().len();
    let range = start..start + t.len();
    let ty = match t {
        "bool" => Type::Bool,
        "number" => Type::Number,
        "string" => Type::String,
        "any" => Type::Dynamic,
        _ => {
            return Err(vec![Diagnostic::error(Source::Type, "Invalid type specification", "Not yet supported by tftype.", Some(range))]);
        }
    };
    Ok(TypeConstraint { cli_literal: ty.is_primitive() || ty.is_dynamic(), ty, defaults: None, spans: SpanTree::leaf(range) })
}
