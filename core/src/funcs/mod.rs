//! Terraform's function library, with go-cty's calling convention.
//!
//! Each family lives in its own file, as go-cty's `cty/function/stdlib` and
//! Terraform's `internal/lang/funcs` group them; each has a table from a
//! name to its [`Function`] (parameters, result type, implementation). Which
//! functions a flavor offers is decided here from the flavor's
//! [`Profile`] switches, never from a version number.
//!
//! [`call`] follows go-cty's `Function.Call`: null and dynamic-typed
//! arguments are checked against each parameter's allowances, unknown
//! arguments give an unknown result, marks are removed before the
//! implementation runs and put back on its result. Argument conversion to
//! the parameter types and the diagnostics ("Invalid function argument",
//! "Error in function call") are the evaluator's (hcl's) part.
//!
//! `try` and `can` take expressions, not values: the evaluator runs them
//! ([`trycan`] words their failure).
//!
//! The evaluator receives a [`FuncTable`]: [`ConversionFunctions`] (what a
//! module argument of constants may call) or [`AllFunctions`] (a
//! configuration expression). Functions tftype does not evaluate (file
//! system, clock, randomness, not ported) are named by [`offline_reason`];
//! `crate::expr` answers `not_evaluated` for them before evaluating.
//!
//! `log` and `pow` compute in binary64, as go-cty does (`math.Log`,
//! `math.Pow`); every other number is exact.

mod collection;
mod conversion;
mod crypto;
mod encoding;
mod format;
mod ipnet;
mod number;
mod regex;
mod sensitive;
mod sequence;
mod set;
mod string;
pub mod trycan;

#[cfg(test)]
mod tests;

use crate::flavor::{Profile, Switch};
use crate::types::Type;
use crate::value::{Kind, Marks, Value};

/// Why a call failed, as go-cty's functions report it.
#[derive(Clone, Debug, PartialEq)]
pub enum FuncError {
    /// `function.NewArgError(i, …)`: about the argument at index `i`.
    Arg(usize, String),
    /// Any other error.
    Call(String),
    /// The result would exceed what tftype builds (the evaluator's budget:
    /// Terraform itself has no limit).
    TooCostly,
}

/// The most text one call may build (the evaluator's text budget).
pub(crate) const MAX_RESULT_BYTES: usize = 32 << 20;

thread_local! {
    /// How many more elements the running call may build (what is left of
    /// the evaluator's budget); see [`with_allowance`].
    static ALLOWANCE: std::cell::Cell<u64> = const { std::cell::Cell::new(crate::budget::Budget::MAX_STEPS) };
}

/// Runs `f` (a function call) with `left` elements allowed to be built: a
/// function that can tell its result's size before building it refuses
/// (`TooCostly`) instead of building and being charged afterwards.
pub(crate) fn with_allowance<T>(left: u64, f: impl FnOnce() -> T) -> T {
    let before = ALLOWANCE.with(|a| a.replace(left));
    let r = f();
    ALLOWANCE.with(|a| a.set(before));
    r
}

/// Refuses a result of `n` elements past the running call's allowance.
pub(crate) fn allow(n: u64) -> Result<(), FuncError> {
    if n > ALLOWANCE.with(std::cell::Cell::get) {
        return Err(FuncError::TooCostly);
    }
    Ok(())
}

/// Shorthand for an argument error.
pub(crate) fn arg_err<T>(i: usize, msg: impl Into<String>) -> Result<T, FuncError> {
    Err(FuncError::Arg(i, msg.into()))
}

/// Shorthand for a call error.
pub(crate) fn call_err<T>(msg: impl Into<String>) -> Result<T, FuncError> {
    Err(FuncError::Call(msg.into()))
}

/// One parameter (go-cty's `function.Parameter`).
#[derive(Clone, Debug)]
pub struct Param {
    pub name: &'static str,
    pub ty: Type,
    pub allow_null: bool,
    pub allow_unknown: bool,
    pub allow_dynamic: bool,
    pub allow_marked: bool,
}

impl Param {
    pub fn new(name: &'static str, ty: Type) -> Param {
        Param { name, ty, allow_null: false, allow_unknown: false, allow_dynamic: false, allow_marked: false }
    }
    pub fn null(mut self) -> Param {
        self.allow_null = true;
        self
    }
    pub fn unknown(mut self) -> Param {
        self.allow_unknown = true;
        self
    }
    pub fn dynamic(mut self) -> Param {
        self.allow_dynamic = true;
        self
    }
    pub fn marked(mut self) -> Param {
        self.allow_marked = true;
        self
    }
}

/// The result type from the (converted) arguments.
pub type TypeFn = fn(&[Value], &Profile) -> Result<Type, FuncError>;
/// The result from known, unmarked (unless allowed) arguments.
pub type ImplFn = fn(&[Value], &Type, &Profile) -> Result<Value, FuncError>;

/// A function (go-cty's `function.Spec`).
pub struct Function {
    pub params: Vec<Param>,
    pub var_param: Option<Param>,
    pub ty: TypeFn,
    pub imp: ImplFn,
}

impl Function {
    pub fn new(params: Vec<Param>, ty: TypeFn, imp: ImplFn) -> Function {
        Function { params, var_param: None, ty, imp }
    }
    pub fn var(mut self, p: Param) -> Function {
        self.var_param = Some(p);
        self
    }
    /// The parameter an argument at index `i` binds to.
    pub fn param(&self, i: usize) -> Option<&Param> {
        self.params.get(i).or(self.var_param.as_ref())
    }
}

/// A fixed result type.
pub(crate) fn ret<const K: u8>(_: &[Value], _: &Profile) -> Result<Type, FuncError> {
    Ok(match K {
        0 => Type::String,
        1 => Type::Number,
        2 => Type::Bool,
        _ => Type::Dynamic,
    })
}
pub(crate) const STRING: TypeFn = ret::<0>;
pub(crate) const NUMBER: TypeFn = ret::<1>;
pub(crate) const BOOL: TypeFn = ret::<2>;

/// The functions an evaluation offers (hcl's `EvalContext.Functions`).
///
/// A trait object, so that a program that only reads values (the web page)
/// links the conversion functions and not the whole library.
pub trait FuncTable {
    /// The function called `name` (with or without `core::`).
    fn lookup(&self, name: &str, p: &Profile) -> Option<Function>;
    /// The names (for "Did you mean" suggestions), in a fixed order.
    fn names(&self, p: &Profile) -> Vec<&'static str>;
    /// Whether `name` is `try` or `can` (whose arguments are expressions).
    fn is_try_or_can(&self, name: &str, p: &Profile) -> bool;
}

/// A module argument of constants (what tftype reads as a value):
/// Terraform's type conversion functions and `sensitive` / `nonsensitive`.
pub struct ConversionFunctions;

/// An expression in a configuration (a validation condition): the
/// flavor's whole library.
pub struct AllFunctions;

impl FuncTable for ConversionFunctions {
    fn lookup(&self, name: &str, p: &Profile) -> Option<Function> {
        let base = base_name(name, p);
        conversion::lookup(base).or_else(|| sensitive::lookup(base, false, p))
    }
    fn names(&self, _: &Profile) -> Vec<&'static str> {
        CONVERSION_NAMES.to_vec()
    }
    fn is_try_or_can(&self, _: &str, _: &Profile) -> bool {
        false
    }
}

impl FuncTable for AllFunctions {
    fn lookup(&self, name: &str, p: &Profile) -> Option<Function> {
        lookup(name, p)
    }
    fn names(&self, p: &Profile) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = CONVERSION_NAMES.to_vec();
        for list in [
            string::NAMES,
            collection::NAMES,
            number::NAMES,
            encoding::NAMES,
            crypto::NAMES,
            ipnet::NAMES,
            regex::NAMES,
            sequence::NAMES,
            set::NAMES,
            trycan::NAMES,
        ] {
            out.extend(list.iter().copied().filter(|n| flavor_has(n, p)));
        }
        out.extend(OFFLINE.iter().map(|(n, _)| *n));
        out.extend(OFFLINE_FLAVOR.iter().copied().filter(|n| flavor_has(n, p)));
        crate::sort::natural(&mut out);
        out.dedup();
        out
    }
    fn is_try_or_can(&self, name: &str, p: &Profile) -> bool {
        trycan::NAMES.contains(&base_name(name, p))
    }
}

/// The conversion functions, in the order used for "Did you mean"
/// suggestions of a module argument.
const CONVERSION_NAMES: [&str; 8] =
    ["nonsensitive", "sensitive", "tobool", "tolist", "tomap", "tonumber", "toset", "tostring"];

/// Functions present only from some version on, with the switch that adds them.
const FLAVOR_FUNCTIONS: [(&str, Switch); 7] = [
    ("issensitive", Switch::Tf18IsSensitiveFunction),
    ("templatestring", Switch::Tf19TemplatestringFunction),
    ("ephemeralasnull", Switch::Tf110EphemeralasnullFunction),
    ("convert", Switch::Tf115ConvertFunction),
    ("cidrcontains", Switch::Tofu17CidrcontainsUrldecodeBase64gunzip),
    ("urldecode", Switch::Tofu17CidrcontainsUrldecodeBase64gunzip),
    ("base64gunzip", Switch::Tofu17CidrcontainsUrldecodeBase64gunzip),
];

/// Functions every flavor has that tftype does not evaluate, and why (file
/// system, clock, randomness, or not ported).
const OFFLINE: [(&str, &str); 30] = [
    ("abspath", "file system"),
    ("basename", "file system"),
    ("dirname", "file system"),
    ("pathexpand", "file system"),
    ("file", "file system"),
    ("filebase64", "file system"),
    ("filebase64sha256", "file system"),
    ("filebase64sha512", "file system"),
    ("fileexists", "file system"),
    ("fileset", "file system"),
    ("filemd5", "file system"),
    ("filesha1", "file system"),
    ("filesha256", "file system"),
    ("filesha512", "file system"),
    ("templatefile", "file system"),
    ("timestamp", "clock"),
    ("plantimestamp", "clock"),
    ("uuid", "random"),
    ("bcrypt", "random salt"),
    ("rsadecrypt", "not ported"),
    ("uuidv5", "not ported"),
    ("base64gzip", "compressed bytes depend on the Go version"),
    ("textencodebase64", "not ported"),
    ("textdecodebase64", "not ported"),
    ("yamldecode", "not ported"),
    ("yamlencode", "not ported"),
    ("formatdate", "RFC 3339 parsing changed in go-cty 1.13.0, not ported"),
    ("timeadd", "RFC 3339 parsing changed in go-cty 1.13.0, not ported"),
    ("timecmp", "not ported"),
    ("list", "not ported"),
];

/// Offline functions some flavors have.
const OFFLINE_FLAVOR: [&str; 4] = ["base64gunzip", "ephemeralasnull", "convert", "templatestring"];

/// Whether the flavor offers `name` at all (before asking whether tftype
/// evaluates it).
fn flavor_has(name: &str, p: &Profile) -> bool {
    match FLAVOR_FUNCTIONS.iter().find(|(n, _)| *n == name) {
        Some((_, s)) => p.has_function_switch(*s),
        None => true,
    }
}

/// The name without a `core::` prefix where the flavor's hcl has namespaces.
fn base_name<'n>(name: &'n str, p: &Profile) -> &'n str {
    match name.strip_prefix("core::") {
        Some(b) if p.namespaced_function_calls() => b,
        _ => name,
    }
}

/// Why tftype does not evaluate a call of `name` (None: it does, or the
/// flavor lacks the function and the call fails as hcl says).
pub fn offline_reason(name: &str, p: &Profile) -> Option<&'static str> {
    let base = base_name(name, p);
    if base == "map" {
        return Some("not ported");
    }
    if let Some((_, why)) = OFFLINE.iter().find(|(n, _)| *n == base) {
        return Some(why);
    }
    if OFFLINE_FLAVOR.contains(&base) && flavor_has(base, p) {
        return Some("not ported");
    }
    if name.starts_with("provider::") {
        return Some("provider function");
    }
    None
}

/// The function called `name` (with or without `core::`) in the flavor's
/// whole library.
pub fn lookup(name: &str, p: &Profile) -> Option<Function> {
    let base = base_name(name, p);
    if let Some(f) = conversion::lookup(base).or_else(|| sensitive::lookup(base, true, p)) {
        return Some(f);
    }
    if !flavor_has(base, p) {
        return None;
    }
    string::lookup(base)
        .or_else(|| collection::lookup(base, p))
        .or_else(|| number::lookup(base))
        .or_else(|| encoding::lookup(base))
        .or_else(|| crypto::lookup(base))
        .or_else(|| ipnet::lookup(base))
        .or_else(|| regex::lookup(base))
        .or_else(|| sequence::lookup(base))
        .or_else(|| set::lookup(base))
}

/// go-cty's `Function.Call` on converted arguments.
pub fn call(f: &Function, args: &[Value], p: &Profile) -> Result<Value, FuncError> {
    // ReturnTypeForValues.
    let mut typed: Vec<Value> = Vec::with_capacity(args.len());
    let mut dynamic = false;
    for (i, a) in args.iter().enumerate() {
        let Some(param) = f.param(i) else {
            return call_err(format!("wrong number of arguments ({} required; {} given)", f.params.len(), args.len()));
        };
        let v = if !param.allow_marked && a.has_sensitive_deep() { a.unmark_deep().0 } else { a.clone() };
        if v.is_null() && !param.allow_null {
            return arg_err(i, "argument must not be null");
        }
        if v.ty.is_dynamic() && !param.allow_dynamic {
            dynamic = true;
        }
        typed.push(v);
    }
    let ty = if dynamic { Type::Dynamic } else { (f.ty)(&typed, p)? };
    // Call: unknowns and marks.
    let mut marks = Marks::NONE;
    let mut plain: Vec<Value> = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        let param = f.param(i).expect("checked above");
        if !a.is_known() && !param.allow_unknown {
            return Ok(Value::unknown(ty));
        }
        if param.allow_marked {
            plain.push(a.clone());
        } else {
            let (u, m) = a.unmark_deep();
            marks = marks.union(m);
            plain.push(u);
        }
    }
    let r = (f.imp)(&plain, &ty, p)?;
    let own = r.marks;
    Ok(if marks.is_empty() { r } else { r.with_marks(marks.union(own)) })
}

// ----- helpers shared by the families ---------------------------------------

/// A string value.
pub(crate) fn s(text: &str) -> Value {
    Value::string(text)
}

/// The text of a known string argument.
pub(crate) fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// Whether a value and everything in it is known.
pub(crate) fn wholly_known(v: &Value) -> bool {
    match &v.kind {
        Kind::Unknown => false,
        Kind::Seq(es) => es.iter().all(wholly_known),
        Kind::Attrs(a) => a.values().all(wholly_known),
        _ => true,
    }
}

/// gocty's refusal of a number that is not a Go `int`.
pub(crate) const WHOLE_NUMBER: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// An integer argument as go-cty's `gocty.FromCtyValue` into a Go `int`.
pub(crate) fn to_int(v: &Value) -> Result<i64, String> {
    let n = v.as_number().ok_or_else(|| "a number is required".to_string())?;
    if !n.is_integer() {
        return Err(WHOLE_NUMBER.into());
    }
    n.to_i64().ok_or_else(|| WHOLE_NUMBER.into())
}
