//! What evaluating one value may cost: the step and text limits that the
//! evaluator ([`crate::hcl::eval`]) charges and the function library
//! ([`crate::funcs`]) is given what is left of, below both.

/// What evaluating one value may cost. A few hundred bytes of nested `for`
/// expressions can describe exponential work (each level doubling a
/// string); hcl has no limit, so Terraform would run for hours or run out of
/// memory. Past either limit the evaluation stops with one diagnostic.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// Expressions evaluated.
    pub steps: u64,
    /// Bytes of text built by templates and number-to-string conversions.
    pub bytes: u64,
    /// The limit was passed (and said so once).
    pub exceeded: bool,
}

impl Budget {
    pub const MAX_STEPS: u64 = 5_000_000;
    pub const MAX_BYTES: u64 = 32 << 20;
}
