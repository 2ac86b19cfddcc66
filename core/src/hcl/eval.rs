//! Evaluation of HCL expression trees with hcl's rules and diagnostics: the
//! one evaluator of tftype. A value read as a module argument or `.tfvars`
//! attribute has no variables (except a `for` expression's own) and at most
//! Terraform's conversion functions ([`crate::funcs::ConversionFunctions`]);
//! an expression of [`crate::expr`] has root names bound
//! ([`Evaluator::bind_root`]: `var`) and the flavor's whole library
//! ([`crate::funcs::AllFunctions`]), with `&&` / `||` short-circuiting where
//! the flavor's hcl does. Like hcl, evaluation goes on after an error (with an
//! unknown value standing in) so that the diagnostics come out in hcl's order,
//! and branches hcl does not report (the unchosen arm of a conditional) stay
//! silent.

use std::collections::BTreeMap;

use super::ast::*;
use super::parse::{go_quote, name_suggestion, Diags, RawDiag};
use crate::budget::Budget;
use crate::convert::conv;
use crate::flavor::Profile;
use crate::funcs::{self, FuncError};
use crate::number::Number;
use crate::types::Type;
use crate::value::{Kind, Marks, Value};

mod fast;

// Issue #39 (size of the engines' .wasm): the fast path has no effect of its
// own (the full path answers the same), so the browser's engines, where
// every byte is downloaded, leave it out; the native CLI and the tests keep it.
const FAST_PATH: bool = cfg!(not(target_arch = "wasm32"));

/// Prints a range as `hcl.Range.String()` does.
pub type RangeText<'p> = Box<dyn Fn(&Span) -> String + 'p>;

pub struct Evaluator<'p> {
    /// The flavor's behaviour (function strictness, message wording).
    pub profile: &'p Profile,
    /// Which functions are offered (an `EvalContext` with functions), or
    /// none (a nil context: "Function calls not allowed").
    pub functions: Option<&'p dyn funcs::FuncTable>,
    /// How a range is printed in messages that quote one (`try`'s failure
    /// lists each diagnostic's subject): `<expr>:1,5-10`.
    pub range_text: Option<RangeText<'p>>,
    pub diags: Diags,
    /// `for` expression variables, innermost last; the first frame holds the
    /// root names when `has_roots`.
    scopes: Vec<Vec<(String, Value)>>,
    has_roots: bool,
    /// Values of the splat symbols being iterated, innermost last.
    anon: Vec<Value>,
    /// Shares types among similar tuples and objects.
    types: TypeCache,
    /// What this evaluation has spent (see [`Budget`]).
    spent: Budget,
    /// Below a node the fast path ([`fast`]) gave up on: the nodes it
    /// went through are not tried again.
    fast_off: bool,
    /// Whether the fast path is tried at all (the tests compare both).
    fast: bool,
}

fn dyn_val() -> Value {
    Value::unknown(Type::Dynamic)
}

fn with_marks(v: Value, m: Marks) -> Value {
    v.with_marks(m)
}

/// `Unmark`: the value without its own marks, and those marks.
fn unmark(v: &Value) -> (Value, Marks) {
    let mut u = v.clone();
    let m = std::mem::take(&mut u.marks);
    (u, m)
}

/// [`conv`] of a value the caller gives up: no copy when the type is
/// already the one wanted.
fn conv_owned(v: Value, ty: &Type, p: &Profile) -> Result<Value, String> {
    if ty.is_dynamic() || &v.ty == ty {
        return Ok(v);
    }
    conv(&v, ty, p)
}

/// The value without its marks, and the marks: a primitive value carries
/// them on itself only, so nothing is copied.
fn take_marks(mut v: Value) -> (Value, Marks) {
    if v.ty.is_primitive() {
        let m = std::mem::take(&mut v.marks);
        (v, m)
    } else {
        v.unmark_deep()
    }
}

/// cty's `Value.Equals` (marks of both sides carried to the result).
fn equals(a: &Value, b: &Value) -> Value {
    if a.ty.is_primitive() && b.ty.is_primitive() {
        // Marks of primitives are on the values themselves.
        let r = match eq_inner(a, b) {
            Some(x) => Value::bool(x),
            None => Value::unknown(Type::Bool),
        };
        return r.with_marks(a.marks.union(b.marks));
    }
    let (a, am) = a.unmark_deep();
    let (b, bm) = b.unmark_deep();
    let r = match eq_inner(&a, &b) {
        Some(x) => Value::bool(x),
        None => Value::unknown(Type::Bool),
    };
    r.with_marks(am.union(bm))
}

fn eq_inner(a: &Value, b: &Value) -> Option<bool> {
    match (a.is_known(), b.is_known()) {
        (false, false) => return None,
        (true, false) => {
            return if a.is_null() || b.ty.has_dynamic_types() || a.ty == b.ty { None } else { Some(false) };
        }
        (false, true) => {
            return if b.is_null() || a.ty.has_dynamic_types() || a.ty == b.ty { None } else { Some(false) };
        }
        _ => {}
    }
    if a.is_null() || b.is_null() {
        return Some(a.is_null() && b.is_null());
    }
    if a.ty != b.ty {
        return Some(false);
    }
    match (&a.kind, &b.kind) {
        (Kind::Number(x), Kind::Number(y)) => Some(x.raw_equal(y)),
        (Kind::Bool(x), Kind::Bool(y)) => Some(x == y),
        (Kind::String(x), Kind::String(y)) => Some(x == y),
        (Kind::Seq(xs), Kind::Seq(ys)) => {
            if xs.len() != ys.len() {
                return Some(false);
            }
            if a.ty.is_set() {
                let all_in =
                    |p: &[Value], q: &[Value]| p.iter().all(|x| q.iter().any(|y| eq_inner(x, y) == Some(true)));
                return Some(all_in(xs, ys) && all_in(ys, xs));
            }
            for (x, y) in xs.iter().zip(ys.iter()) {
                match eq_inner(x, y) {
                    None => return None,
                    Some(false) => return Some(false),
                    Some(true) => {}
                }
            }
            Some(true)
        }
        (Kind::Attrs(xs), Kind::Attrs(ys)) => {
            if xs.len() != ys.len() {
                return Some(false);
            }
            for (k, x) in xs.iter() {
                let Some(y) = ys.get(k) else {
                    return Some(false);
                };
                match eq_inner(x, y) {
                    None => return None,
                    Some(false) => return Some(false),
                    Some(true) => {}
                }
            }
            Some(true)
        }
        _ => Some(false),
    }
}

/// `CanIterateElements`.
fn iterable(t: &Type) -> bool {
    t.is_collection() || t.is_tuple() || t.is_object()
}

/// `hcl.GetAttr` of a known, unmarked object or map that has the attribute:
/// the attribute, by reference. None for everything else (errors, marks,
/// unknowns), which [`Evaluator::get_attr`] handles.
fn attr_ref<'v>(obj: &'v Value, name: &str) -> Option<&'v Value> {
    if !obj.marks.is_empty() {
        return None;
    }
    match (&obj.ty, &obj.kind) {
        (Type::Object(_) | Type::Map(_), Kind::Attrs(m)) => m.get(name),
        _ => None,
    }
}

/// `hcl.Index` of a known, unmarked list, tuple, map or object by a known,
/// unmarked key of the type it takes (no conversion) that selects an
/// element: the element, by reference. None for everything else (errors,
/// marks, unknowns, keys to convert), which [`Evaluator::index`] handles.
fn index_ref<'v>(coll: &'v Value, key: &Value) -> Option<&'v Value> {
    if !coll.marks.is_empty() || !key.marks.is_empty() {
        return None;
    }
    match (&coll.ty, &coll.kind, &key.ty, &key.kind) {
        (Type::List(_) | Type::Tuple(_), Kind::Seq(es), Type::Number, Kind::Number(n)) => {
            es.get(usize::try_from(n.to_i64()?).ok()?)
        }
        (Type::Map(_) | Type::Object(_), Kind::Attrs(m), Type::String, Kind::String(s)) => m.get(s),
        _ => None,
    }
}

/// One traversal step by reference ([`attr_ref`], [`index_ref`]).
fn step_ref<'v>(cur: &'v Value, step: &Step) -> Option<&'v Value> {
    match step {
        Step::Attr { name, .. } => attr_ref(cur, name),
        Step::Index { key, .. } => index_ref(cur, key),
    }
}

/// What the product says of a call of an unknown namespaced function (hcl's
/// own "Call to unknown function" text never reaches the user: both products
/// rewrite it).
pub fn namespaced_unknown_function(name: &str, range: &Span, p: &Profile) -> RawDiag {
    let parts: Vec<&str> = name.split("::").collect();
    let (ns, func) = parts.split_at(parts.len() - 1);
    let func = func[0];
    if p.own_namespaced_call_texts() {
        return match ns[0] {
            "core" => RawDiag::new(
                "Call to unknown function",
                format!("There is no builtin (core::) function named {}.", go_quote(func)),
                range.clone(),
            ),
            _ => RawDiag::new(
                "Unknown function namespace",
                format!("Function {} does not exist within a valid namespace (provider,core)", go_quote(name)),
                range.clone(),
            ),
        };
    }
    let detail = if ns[0] != "provider" {
        format!(
            "The function namespace {} is not valid. Provider function calls must use the \"provider::\" namespace prefix.",
            go_quote(ns[0])
        )
    } else if ns.len() == 1 {
        "The function call must include the provider name after the \"provider::\" prefix.".to_string()
    } else {
        format!(
            "There is no function named \"{}::{func}\". Ensure that provider name {} is declared in this module's required_providers block, and that this provider offers a function named {}.",
            ns.join("::"),
            go_quote(ns[1]),
            go_quote(func)
        )
    };
    RawDiag::new("Unknown provider function", detail, range.clone())
}

/// OpenTofu's checks of `provider::` calls before an expression is
/// evaluated (when functions may be called): calls of a provider's function
/// fail when the graph is built (no provider is required here), other
/// `provider::` names when the references are collected. Empty for
/// Terraform.
pub fn provider_call_diags(expr: &Expr, p: &Profile) -> Vec<RawDiag> {
    let mut graph = Vec::new();
    let mut refs = Vec::new();
    expr.walk(&mut |e| {
        let ExprKind::Call(c) = &e.kind else { return };
        // The name is split only for a `provider::` call (the check's rules
        // call functions at every evaluation); the flavor is asked only then.
        if !c.name.starts_with("provider::") || !p.own_namespaced_call_texts() {
            return;
        }
        let parts: Vec<&str> = c.name.split("::").collect();
        if parts.len() == 3 || parts.len() == 4 {
            graph.push(RawDiag::new(
                "Unknown function provider",
                format!("Provider {} does not exist within the required_providers of this module", go_quote(parts[1])),
                c.name_range.clone(),
            ));
        } else {
            refs.push(RawDiag::new(
                "Unable to parse provider function",
                format!(
                    "invalid provider function {}: expected provider::<name>::<function> or provider::<name>::<alias>::<function>",
                    go_quote(&c.name)
                ),
                c.name_range.clone(),
            ));
        }
    });
    if graph.is_empty() {
        refs
    } else {
        graph
    }
}

/// hcl's `ShortCircuit` for `||` / `&&` (operands already converted to
/// bool): the result when one known operand decides it, and whether the
/// left operand's diagnostics are kept (else the right one's); None when
/// neither decides.
fn short_circuit(or: bool, l: &Value, r: &Value, ldiags: &[RawDiag], rdiags: &[RawDiag]) -> Option<(Value, bool)> {
    let marks = l.marks.union(r.marks);
    // cty's `True()` is false for a null bool, so a null counts as false.
    let is = |v: &Value, b: bool| v.is_known() && v.as_bool().unwrap_or(false) == b;
    let unknown = Value::unknown(Type::Bool);
    let (v, left) = if !l.is_known() && !r.is_known() {
        if !ldiags.is_empty() {
            return None;
        }
        (unknown, true)
    } else if or && is(l, true) {
        (Value::bool(true), true)
    } else if or && is(r, true) {
        (Value::bool(true), false)
    } else if or && !l.is_known() && is(r, false) {
        (unknown, true)
    } else if or && !r.is_known() && is(l, false) {
        (unknown, false)
    } else if !or && is(l, false) {
        (Value::bool(false), true)
    } else if !or && is(r, false) {
        (Value::bool(false), false)
    } else if !or && !l.is_known() && is(r, true) {
        (unknown, true)
    } else if !or && !r.is_known() && is(l, true) {
        (unknown, false)
    } else {
        return None;
    };
    let _ = rdiags;
    Some((v.with_marks(marks), left))
}

fn friendly(t: &Type) -> String {
    t.friendly_name()
}

impl<'p> Evaluator<'p> {
    pub fn new(functions: bool, profile: &'p Profile) -> Evaluator<'p> {
        Evaluator::with_functions(functions.then_some(&funcs::ConversionFunctions as &dyn funcs::FuncTable), profile)
    }

    /// An evaluator offering `functions` (None: function calls not allowed).
    pub fn with_functions(functions: Option<&'p dyn funcs::FuncTable>, profile: &'p Profile) -> Evaluator<'p> {
        Evaluator {
            profile,
            functions,
            range_text: None,
            diags: Diags::new(),
            scopes: Vec::new(),
            has_roots: false,
            anon: Vec::new(),
            types: TypeCache::default(),
            spent: Budget::default(),
            fast_off: false,
            fast: true,
        }
    }

    /// Binds a root name (`var`) for the whole evaluation.
    pub fn bind_root(&mut self, name: &str, v: Value) {
        if self.scopes.is_empty() {
            self.scopes.push(Vec::new());
        }
        self.has_roots = true;
        self.scopes[0].push((name.to_string(), v));
    }

    /// Charges the text `v` adds to a template (printing a number can cost
    /// far more than its source did); false (with the diagnostic, once)
    /// when the budget is spent.
    fn charge_text(&mut self, v: &Value, at: &Span) -> bool {
        let bytes = match v.as_number() {
            Some(n) => n.text_len_estimate(),
            None => v.as_str().map_or(0, str::len),
        };
        self.spent.bytes = self.spent.bytes.saturating_add(bytes as u64);
        if self.spent.bytes > Budget::MAX_BYTES {
            self.over_budget(at);
            return false;
        }
        !self.spent.exceeded
    }

    fn over_budget(&mut self, at: &Span) {
        if !self.spent.exceeded {
            self.spent.exceeded = true;
            self.diag(
                "Value too costly to evaluate",
                format!(
                    "Evaluating this value takes more than {} steps or builds more than {} MB of text, which tftype does not do. Terraform itself has no such limit; nested for expressions can describe work that doubles at every level.",
                    Budget::MAX_STEPS,
                    Budget::MAX_BYTES >> 20
                ),
                at.clone(),
            );
        }
    }

    fn diag(&mut self, summary: &str, detail: impl Into<String>, range: Span) {
        self.push_diag(summary, detail.into(), range);
    }

    /// [`Evaluator::diag`]'s body, once for every kind of detail (issue #39:
    /// lighter in the engines' .wasm).
    fn push_diag(&mut self, summary: &str, detail: String, range: Span) {
        self.diags.push(RawDiag::new(summary, detail, range));
    }

    /// Evaluates `e`, appending diagnostics to `self.diags`.
    pub fn eval(&mut self, e: &Expr) -> Value {
        self.spent.steps += 1;
        if self.spent.steps > Budget::MAX_STEPS || self.spent.exceeded {
            self.over_budget(&e.range());
            return dyn_val();
        }
        // Below a node the fast path does not go through, it may be tried
        // again.
        let fresh = FAST_PATH && self.fast_off && !fast::descends(&e.kind);
        if fresh {
            self.fast_off = false;
        }
        // Dispatch only: the arms live in their own functions so that the
        // recursive path keeps small stack frames.
        let v = match &e.kind {
            ExprKind::Literal(v) | ExprKind::KeywordKey(v) => v.value(),
            ExprKind::Const(c) => c.value.clone(),
            ExprKind::Parens(inner) | ExprKind::TemplateWrap(inner) => self.eval(inner),
            ExprKind::Template(parts) => self.eval_template(parts),
            ExprKind::TemplateJoin(f) => self.eval_template_join(f),
            ExprKind::Scope(s) => self.eval_scope(&s.root, &s.root_range, &s.steps),
            ExprKind::Relative(r) => self.eval_relative(&r.source, &r.steps),
            ExprKind::Call(c) => self.eval_call(c, e),
            ExprKind::Conditional { cond, t, f } => self.eval_conditional(cond, t, f),
            ExprKind::Binary { op, lhs, rhs } => self.eval_binary(*op, lhs, rhs, e),
            ExprKind::Unary { op, val, .. } => self.eval_unary(*op, val, e),
            ExprKind::Tuple { elems, .. } => self.eval_tuple(elems),
            ExprKind::Object { items, .. } => self.eval_object(items),
            ExprKind::ObjectKey { wrapped, force_non_literal } => self.eval_object_key(wrapped, *force_non_literal),
            ExprKind::For(f) => self.eval_for(f),
            ExprKind::Index(x) => self.eval_index(&x.coll, &x.key, &x.bracket_range, e),
            ExprKind::Splat(s) => self.eval_splat(&s.source, &s.each),
            ExprKind::AnonSymbol => self.anon.last().cloned().unwrap_or_else(dyn_val),
        };
        if fresh {
            self.fast_off = true;
        }
        v
    }

    #[inline(never)]
    fn eval_relative(&mut self, source: &Expr, steps: &[Step]) -> Value {
        let src = self.eval(source);
        self.traverse(src, steps)
    }

    #[inline(never)]
    fn eval_tuple(&mut self, elems: &[Expr]) -> Value {
        let vals: Vec<Value> = elems.iter().map(|x| self.eval(x)).collect();
        self.types.tuple(vals)
    }

    #[inline(never)]
    fn eval_object_key(&mut self, wrapped: &Expr, force_non_literal: bool) -> Value {
        if !force_non_literal {
            if let ExprKind::Scope(s) = &wrapped.kind {
                if !s.steps.is_empty() {
                    self.diag(
                        "Ambiguous attribute key",
                        "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                        wrapped.range(),
                    );
                    return dyn_val();
                }
            }
            if let Some(name) = wrapped.as_keyword() {
                return str_value(&name);
            }
        }
        self.eval(wrapped)
    }

    /// `e` on the fast path ([`fast`]) or, where it gives up, by `full`
    /// with the fast path off below `e` (a node it gave up on is not tried
    /// again under it: linear).
    fn fast_or(&mut self, e: &Expr, full: impl FnOnce(&mut Self) -> Value) -> Value {
        if !FAST_PATH || self.fast_off {
            return full(self);
        }
        if let Some(v) = self.try_fast(e) {
            return v;
        }
        self.fast_off = true;
        let v = full(self);
        self.fast_off = false;
        v
    }

    #[inline(never)]
    fn eval_index(&mut self, coll: &Expr, key: &Expr, bracket_range: &Span, e: &Expr) -> Value {
        self.fast_or(e, |s| s.eval_index_full(coll, key, bracket_range))
    }

    fn eval_index_full(&mut self, coll: &Expr, key: &Expr, bracket_range: &Span) -> Value {
        let c = self.eval(coll);
        let k = self.eval(key);
        if let Some(v) = index_ref(&c, &k) {
            return v.clone();
        }
        match self.index(&c, &k, bracket_range) {
            Ok(v) => v,
            Err(d) => {
                self.diags.push(d);
                dyn_val()
            }
        }
    }

    fn eval_scope(&mut self, root: &str, root_range: &Span, steps: &[Step]) -> Value {
        if self.scopes.is_empty() {
            self.diag("Variables not allowed", "Variables may not be used here.", root_range.clone());
            return dyn_val();
        }
        for frame in self.scopes.iter().rev() {
            if let Some((_, v)) = frame.iter().rev().find(|(n, _)| n == root) {
                // Plain attributes and elements are followed by reference;
                // only the value reached is copied (`var.v[i]` does not copy
                // `var` and `var.v` on the way).
                let mut cur = v;
                let mut done = 0;
                while let Some(next) = steps.get(done).and_then(|s| step_ref(cur, s)) {
                    cur = next;
                    done += 1;
                }
                let v = cur.clone();
                if done == steps.len() {
                    return v;
                }
                return self.traverse(v, &steps[done..]);
            }
        }
        let names: Vec<&str> = self.scopes.iter().rev().flat_map(|f| f.iter().map(|(n, _)| n.as_str())).collect();
        let suggestion =
            name_suggestion(root, &names).map(|s| format!(" Did you mean {}?", go_quote(s))).unwrap_or_default();
        self.diag(
            "Unknown variable",
            format!("There is no variable named {}.{suggestion}", go_quote(root)),
            root_range.clone(),
        );
        dyn_val()
    }

    fn traverse(&mut self, mut cur: Value, steps: &[Step]) -> Value {
        for s in steps {
            let r = match s {
                Step::Attr { name, range } => self.get_attr(&cur, name, range),
                Step::Index { key, range } => self.index(&cur, key, range),
            };
            match r {
                Ok(v) => cur = v,
                Err(d) => {
                    self.diags.push(d);
                    return dyn_val();
                }
            }
        }
        cur
    }

    /// `hcl.GetAttr`.
    fn get_attr(&mut self, obj: &Value, name: &str, range: &Span) -> Result<Value, RawDiag> {
        let err = |s: &str, d: String| Err(RawDiag::new(s, d, range.clone()));
        if obj.is_null() {
            return err(
                "Attempt to get attribute from null value",
                "This value is null, so it does not have any attributes.".into(),
            );
        }
        let (o, marks) = unmark(obj);
        match &o.ty {
            Type::Object(ot) => {
                let Some(aty) = ot.attrs.get(name) else {
                    return err("Unsupported attribute", format!("This object does not have an attribute named {}.", go_quote(name)));
                };
                if !o.is_known() {
                    return Ok(with_marks(Value::unknown(aty.clone()), marks));
                }
                let v = o.attrs().and_then(|m| m.get(name)).cloned().unwrap_or_else(|| Value::null(aty.clone()));
                Ok(with_marks(v, marks))
            }
            Type::Map(ety) => {
                if !o.is_known() {
                    return Ok(with_marks(Value::unknown((**ety).clone()), marks));
                }
                match o.attrs().and_then(|m| m.get(name)) {
                    Some(v) => Ok(with_marks(v.clone(), marks)),
                    None => err("Missing map element", format!("This map does not have an element with the key {}.", go_quote(name))),
                }
            }
            Type::Dynamic => Ok(dyn_val()),
            Type::List(e) if e.is_object() => {
                if e.as_object().is_some_and(|ot| ot.attrs.contains_key(name)) {
                    err("Unsupported attribute", format!("Can't access attributes on a list of objects. Did you mean to access attribute {} for a specific element of the list, or across all elements of the list?", go_quote(name)))
                } else {
                    err("Unsupported attribute", "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".into())
                }
            }
            Type::Set(e) if e.is_object() => err(
                "Unsupported attribute",
                "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?".into(),
            ),
            t if t.is_primitive() => err("Unsupported attribute", format!("Can't access attributes on a primitive-typed value ({}).", friendly(t))),
            _ => err("Unsupported attribute", "This value does not have any attributes.".into()),
        }
    }

    /// `hcl.Index`.
    fn index(&mut self, coll: &Value, key: &Value, range: &Span) -> Result<Value, RawDiag> {
        let invalid = |d: String| Err(RawDiag::new("Invalid index", d, range.clone()));
        if coll.is_null() {
            return Err(RawDiag::new(
                "Attempt to index null value",
                "This value is null, so it does not have any indices.",
                range.clone(),
            ));
        }
        if key.is_null() {
            return invalid("Can't use a null value as an indexing key.".into());
        }
        if key.ty.is_dynamic() || coll.ty.is_dynamic() {
            return Ok(dyn_val());
        }
        let (c, cmarks) = unmark(coll);
        let ty = c.ty.clone();
        match &ty {
            Type::List(_) | Type::Tuple(_) | Type::Map(_) => {
                let want = if ty.is_map() { Type::String } else { Type::Number };
                let k = match conv(key, &want, self.profile) {
                    Ok(k) => k,
                    Err(m) => return invalid(format!("The given key does not identify an element in this collection value: {m}.")),
                };
                let (k, kmarks) = unmark(&k);
                let marks = cmarks.union(kmarks);
                if !c.is_known() || !k.is_known() {
                    return Ok(match &ty {
                        Type::List(e) | Type::Map(e) => Value::unknown((**e).clone()),
                        _ => dyn_val(),
                    });
                }
                let found = match (&c.kind, &k.kind) {
                    (Kind::Seq(es), Kind::Number(n)) => {
                        if n.is_integer() {
                            n.to_i64().and_then(|i| usize::try_from(i).ok()).and_then(|i| es.get(i)).cloned()
                        } else {
                            None
                        }
                    }
                    (Kind::Attrs(m), Kind::String(s)) => m.get(s).cloned(),
                    _ => None,
                };
                if let Some(v) = found {
                    return Ok(with_marks(v, marks));
                }
                if let (Kind::Number(n), Kind::Seq(es)) = (&k.kind, &c.kind) {
                    if !n.is_integer() {
                        return invalid("The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part.".into());
                    }
                    if n.cmp_num(&Number::from_i64(0)) == std::cmp::Ordering::Less {
                        return invalid("The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence.".into());
                    }
                    // hcl 2.14 gives the specific reason only when the index
                    // is at most the length (its comparison is off by one).
                    let len = Number::from_i64(es.len() as i64);
                    if n.cmp_num(&len) != std::cmp::Ordering::Greater {
                        if es.is_empty() {
                            return invalid("The given key does not identify an element in this collection value: the collection has no elements.".into());
                        }
                        return invalid("The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.".into());
                    }
                }
                invalid("The given key does not identify an element in this collection value.".into())
            }
            Type::Object(ot) => {
                let was_number = key.ty == Type::Number;
                let k = match conv(key, &Type::String, self.profile) {
                    Ok(k) => k,
                    Err(m) => return invalid(format!("The given key does not identify an element in this collection value: {m}.")),
                };
                if !c.is_known() || !k.is_known() {
                    return Ok(dyn_val());
                }
                // hcl drops the key's marks when it names an attribute.
                let (k, _) = unmark(&k);
                let name = k.as_str().unwrap_or_default().to_string();
                if !ot.attrs.contains_key(&name) {
                    let suggestion = if was_number { " An object only supports looking up attributes by name, not by numeric index." } else { "" };
                    return invalid(format!("The given key does not identify an element in this collection value.{suggestion}"));
                }
                let v = c.attrs().and_then(|m| m.get(&name)).cloned().unwrap_or_else(|| Value::null(ot.attrs[&name].clone()));
                Ok(with_marks(v, cmarks))
            }
            Type::Set(_) => invalid("Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.".into()),
            _ => invalid("This value does not have any indices.".into()),
        }
    }

    #[inline(never)]
    fn eval_template(&mut self, parts: &[Expr]) -> Value {
        if let [Expr { kind: ExprKind::Literal(v), .. }] = parts {
            if v.as_str().is_some() {
                // A plain quoted string: the literal is already the result.
                return v.value();
            }
        }
        let mut buf = String::new();
        let mut known = true;
        let mut marks = Marks::NONE;
        for part in parts {
            let v = self.eval(part);
            if v.is_null() {
                self.diag(
                    "Invalid template interpolation value",
                    "The expression result is null. Cannot include a null value in a string template.",
                    part.range(),
                );
                continue;
            }
            let (u, m) = unmark(&v);
            marks = marks.union(m);
            if !u.is_known() {
                known = false;
                continue;
            }
            if !self.charge_text(&u, &part.range()) {
                return dyn_val();
            }
            match conv(&u, &Type::String, self.profile) {
                Ok(s) => buf.push_str(s.as_str().unwrap_or_default()),
                Err(m) => self.diag(
                    "Invalid template interpolation value",
                    format!("Cannot include the given value in a string template: {m}."),
                    part.range(),
                ),
            }
        }
        let r = if known { str_value(&buf) } else { Value::unknown(Type::String) };
        r.with_marks(marks)
    }

    #[inline(never)]
    fn eval_template_join(&mut self, f: &Expr) -> Value {
        let tuple = self.eval(f);
        if tuple.ty.is_dynamic() || !tuple.is_known() {
            return Value::unknown(Type::String);
        }
        let (t, marks) = unmark(&tuple);
        let mut all = marks;
        let mut buf = String::new();
        for v in t.elements().unwrap_or(&[]) {
            if v.is_null() {
                self.diag(
                    "Invalid template interpolation value",
                    "An iteration result is null. Cannot include a null value in a string template.",
                    f.range(),
                );
                continue;
            }
            if v.ty.is_dynamic() {
                return Value::unknown(Type::String).with_marks(marks);
            }
            if !self.charge_text(v, &f.range()) {
                return dyn_val();
            }
            match conv(v, &Type::String, self.profile) {
                Ok(s) => {
                    if !v.is_known() {
                        return Value::unknown(Type::String).with_marks(marks);
                    }
                    let (s, m) = unmark(&s);
                    all = all.union(m);
                    buf.push_str(s.as_str().unwrap_or_default());
                }
                Err(m) => self.diag(
                    "Invalid template interpolation value",
                    format!("Cannot include one of the interpolation results into the string template: {m}."),
                    f.range(),
                ),
            }
        }
        str_value(&buf).with_marks(all)
    }

    #[inline(never)]
    fn eval_call(&mut self, c: &CallExpr, e: &Expr) -> Value {
        let CallExpr { name, name_range, args, expand_final, close_range, .. } = c;
        let Some(set) = self.functions else {
            self.diag("Function calls not allowed", "Functions may not be called here.", e.range());
            return dyn_val();
        };
        if set.is_try_or_can(name, self.profile) {
            return self.eval_try_can(c, e);
        }
        // Terraform 1.8+ and OpenTofu 1.7+ also offer every built-in
        // function in the `core::` namespace.
        let Some(f) = set.lookup(name, self.profile) else {
            let d = if name.contains("::") {
                namespaced_unknown_function(name, name_range, self.profile)
            } else {
                let names = set.names(self.profile);
                let suggestion = name_suggestion(name, &names)
                    .map(|s| format!(" Did you mean {}?", go_quote(s)))
                    .unwrap_or_default();
                RawDiag::new(
                    "Call to unknown function",
                    format!("There is no function named {}.{suggestion}", go_quote(name)),
                    name_range.clone(),
                )
            };
            self.diags.push(d);
            return dyn_val();
        };
        // Arguments as (value, start range of the expression that gave it).
        let mut argv: Vec<(Option<Value>, Span)> = args.iter().map(|a| (None, a.start_range())).collect();
        if *expand_final {
            let last = args.last().expect("parser gives `...` an argument");
            let n = self.diags.len();
            let v = self.eval(last);
            if self.diags.len() > n {
                return dyn_val();
            }
            argv.pop();
            let bad = |s: &mut Self, d: &str| {
                s.diag("Invalid expanding argument value", d, last.range());
                dyn_val()
            };
            if v.ty.is_dynamic() {
                if v.is_null() {
                    return bad(self, "The expanding argument (indicated by ...) must not be null.");
                }
                return dyn_val();
            }
            if !(v.ty.is_tuple() || v.ty.is_list() || v.ty.is_set()) {
                return bad(self, "The expanding argument (indicated by ...) must be of a tuple, list, or set type.");
            }
            if v.is_null() {
                return bad(self, "The expanding argument (indicated by ...) must not be null.");
            }
            if !v.is_known() {
                return dyn_val();
            }
            let (u, m) = unmark(&v);
            for el in u.elements().unwrap_or(&[]) {
                argv.push((Some(el.clone().with_marks(m)), last.range()));
            }
        }
        if argv.len() < f.params.len() {
            let qual = if f.var_param.is_some() { " at least" } else { "" };
            self.diag(
                "Not enough function arguments",
                format!(
                    "Function {} expects{qual} {} argument(s). Missing value for {}.",
                    go_quote(name),
                    f.params.len(),
                    go_quote(f.params[argv.len()].name)
                ),
                close_range.clone(),
            );
            return dyn_val();
        }
        if f.var_param.is_none() && argv.len() > f.params.len() {
            self.diag(
                "Too many function arguments",
                format!("Function {} expects only {} argument(s).", go_quote(name), f.params.len()),
                argv[f.params.len()].1.clone(),
            );
            return dyn_val();
        }
        let n = self.diags.len();
        let mut vals = Vec::with_capacity(argv.len());
        for (i, (pre, range)) in argv.iter().enumerate() {
            let v = match pre {
                Some(v) => v.clone(),
                None => self.eval(&args[i]),
            };
            let param = f.param(i).expect("arity checked");
            match conv(&v, &param.ty, self.profile) {
                Ok(v) => vals.push(v),
                Err(m) => {
                    self.diag(
                        "Invalid function argument",
                        format!("Invalid value for {} parameter: {m}.", go_quote(param.name)),
                        range.clone(),
                    );
                    vals.push(dyn_val());
                }
            }
        }
        if self.diags.len() > n {
            return dyn_val();
        }
        if !self.charge_call(&vals, &e.range()) {
            return dyn_val();
        }
        // What is left, for functions that can tell the size of their
        // result before building it (`setproduct`, `regexall`, `split`).
        let left = Budget::MAX_STEPS.saturating_sub(self.spent.steps);
        match funcs::with_allowance(left, || funcs::call(&f, &vals, self.profile)) {
            Ok(r) => {
                // Functions can build large results from small arguments.
                let elems = r.elements().map_or(0, <[Value]>::len) as u64;
                self.spent.steps = self.spent.steps.saturating_add(elems);
                if self.spent.steps > Budget::MAX_STEPS || !self.charge_text(&r, &e.range()) {
                    self.over_budget(&e.range());
                    return dyn_val();
                }
                r
            }
            Err(FuncError::TooCostly) => {
                self.over_budget(&e.range());
                dyn_val()
            }
            Err(FuncError::Arg(i, msg)) if i < argv.len() => {
                let param = f.param(i).expect("arity checked");
                self.diag(
                    "Invalid function argument",
                    format!("Invalid value for {} parameter: {msg}.", go_quote(param.name)),
                    argv[i].1.clone(),
                );
                dyn_val()
            }
            Err(FuncError::Arg(_, msg) | FuncError::Call(msg)) => {
                self.diag(
                    "Error in function call",
                    format!("Call to function {} failed: {msg}.", go_quote(name)),
                    e.start_range(),
                );
                dyn_val()
            }
        }
    }

    /// Whether a root reference in `e` (`var.x.y`) reaches a value that is
    /// not wholly known.
    fn depends_on_unknowns(&mut self, e: &Expr) -> bool {
        if !self.has_roots {
            return false;
        }
        let mut refs: Vec<(&str, &[Step])> = Vec::new();
        e.walk(&mut |x| {
            if let ExprKind::Scope(s) = &x.kind {
                refs.push((s.root.as_str(), s.steps.as_slice()));
            }
        });
        for (root, steps) in refs {
            let Some(v) = self.scopes[0].iter().find(|(n, _)| n == root).map(|(_, v)| v.clone()) else {
                continue;
            };
            let n = self.diags.len();
            let val = self.traverse(v, steps);
            let failed = self.diags.len() > n;
            self.diags.truncate(n);
            if !failed && !funcs::wholly_known(&val) {
                return true;
            }
        }
        false
    }

    /// Charges a call for walking its arguments to their leaves: every call
    /// looks for marks in them, and `==`, `contains`, `jsonencode`,
    /// `flatten`, `format("%v")` and others visit every leaf, each time a
    /// shared element is reached. The walk that measures stops at what is
    /// left of the budget, so it is paid for as well.
    fn charge_call(&mut self, vals: &[Value], at: &Span) -> bool {
        for v in vals {
            if !self.charge_walk(v, at) {
                return false;
            }
        }
        !self.spent.exceeded
    }

    /// Charges walking `v` to its leaves ([`Value::walk_cost`]); false
    /// (with the diagnostic, once) when that passes the budget.
    fn charge_walk(&mut self, v: &Value, at: &Span) -> bool {
        let left = Budget::MAX_STEPS.saturating_sub(self.spent.steps);
        self.spent.steps = self.spent.steps.saturating_add(v.walk_cost(left));
        if self.spent.steps > Budget::MAX_STEPS {
            self.over_budget(at);
            return false;
        }
        !self.spent.exceeded
    }

    /// hcl's `ext/tryfunc`: `try` and `can` get their arguments as
    /// expressions and evaluate each on its own.
    fn eval_try_can(&mut self, c: &CallExpr, e: &Expr) -> Value {
        let is_can = c.name.ends_with("can");
        if c.expand_final {
            // An expression closure cannot be expanded.
            self.diag(
                "Invalid expanding argument value",
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                c.args.last().map_or(e.range(), |a| a.range()),
            );
            return dyn_val();
        }
        if is_can && c.args.len() != 1 {
            if c.args.is_empty() {
                self.diag(
                    "Not enough function arguments",
                    format!("Function {} expects 1 argument(s). Missing value for \"expression\".", go_quote(&c.name)),
                    c.close_range.clone(),
                );
            } else {
                self.diag(
                    "Too many function arguments",
                    format!("Function {} expects only 1 argument(s).", go_quote(&c.name)),
                    c.args[1].start_range(),
                );
            }
            return dyn_val();
        }
        let mut failures: Vec<RawDiag> = Vec::new();
        for a in &c.args {
            // hcl's tryfunc decides nothing while a referenced value is
            // unknown (dependsOnUnknowns).
            if self.depends_on_unknowns(a) {
                return if is_can { Value::unknown(Type::Bool) } else { dyn_val() };
            }
            let outer = std::mem::take(&mut self.diags);
            let v = self.eval(a);
            let ds = std::mem::replace(&mut self.diags, outer);
            if self.spent.exceeded {
                self.diags.extend(ds);
                return dyn_val();
            }
            if ds.is_empty() {
                if !funcs::wholly_known(&v) {
                    return if is_can { Value::unknown(Type::Bool) } else { dyn_val() };
                }
                return if is_can { Value::bool(true) } else { v };
            }
            failures.extend(ds);
        }
        if is_can {
            return Value::bool(false);
        }
        let msg = match failures.is_empty() {
            true => "at least one argument is required".to_string(),
            false => funcs::trycan::no_expression_succeeded(
                failures
                    .iter()
                    .map(|d| (d.summary.as_str(), d.detail.as_str(), self.range_text.as_ref().map(|f| f(&d.range)))),
            ),
        };
        self.diag(
            "Error in function call",
            format!("Call to function {} failed: {msg}.", go_quote(&c.name)),
            e.start_range(),
        );
        dyn_val()
    }

    #[inline(never)]
    fn eval_conditional(&mut self, cond: &Expr, t: &Expr, f: &Expr) -> Value {
        let outer = std::mem::take(&mut self.diags);
        let tv = self.eval(t);
        let tdiags = std::mem::take(&mut self.diags);
        let fv = self.eval(f);
        let fdiags = std::mem::take(&mut self.diags);
        self.diags = outer;

        let is_dyn_null = |v: &Value| v.is_null() && v.ty.is_dynamic();
        let (result_ty, conv_t, conv_f) = if is_dyn_null(&tv) {
            (Some(fv.ty.clone()), true, false)
        } else if is_dyn_null(&fv) {
            (Some(tv.ty.clone()), false, true)
        } else if tv.ty.is_dynamic() || fv.ty.is_dynamic() {
            (Some(Type::Dynamic), false, false)
        } else {
            match crate::convert::unify::unify_unsafe(&[tv.ty.clone(), fv.ty.clone()]) {
                Some(u) => {
                    let ct = u != tv.ty;
                    let cf = u != fv.ty;
                    (Some(u), ct, cf)
                }
                None => (None, false, false),
            }
        };
        let Some(result_ty) = result_ty else {
            self.diag(
                "Inconsistent conditional result types",
                format!(
                    "The true and false result expressions must have consistent types. {}.",
                    describe_conditional_mismatch(&tv.ty, &fv.ty)
                ),
                t.range().start..f.range().end,
            );
            return dyn_val();
        };
        let cv = self.eval(cond);
        if cv.is_null() {
            self.diag(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                cond.range(),
            );
            return Value::unknown(result_ty);
        }
        let (cv, cm) = unmark(&cv);
        let (tv, tm) = unmark(&tv);
        let (fv, fm) = unmark(&fv);
        let marks = cm.union(tm).union(fm);
        if !cv.is_known() {
            return Value::unknown(result_ty).with_marks(marks);
        }
        let cv = match conv(&cv, &Type::Bool, self.profile) {
            Ok(v) => v,
            Err(_) => {
                self.diag("Incorrect condition type", "The condition expression must be of type bool.", cond.range());
                return Value::unknown(result_ty);
            }
        };
        let (chosen, chosen_marks, diags, do_conv, which, range) = if cv.as_bool() == Some(true) {
            (tv, tm, tdiags, conv_t, "true", t.range())
        } else {
            (fv, fm, fdiags, conv_f, "false", f.range())
        };
        // Before hcl 2.23 a known condition passes on only the chosen
        // result's own marks.
        let marks = if self.profile.conditional_keeps_all_marks() { marks } else { chosen_marks };
        self.diags.append(diags);
        let mut out = chosen;
        if do_conv {
            match conv(&out, &result_ty, self.profile) {
                Ok(v) => out = v,
                Err(m) => {
                    self.diag(
                        "Inconsistent conditional result types",
                        format!("The {which} result value has the wrong type: {m}."),
                        range,
                    );
                    out = Value::unknown(result_ty);
                }
            }
        }
        out.with_marks(marks)
    }

    #[inline(never)]
    fn eval_binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, e: &Expr) -> Value {
        self.fast_or(e, |s| s.eval_binary_full(op, lhs, rhs, e))
    }

    fn eval_binary_full(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, e: &Expr) -> Value {
        // hcl reports the operands' own diagnostics, then their conversion
        // errors; with the flavor's short-circuit `&&` / `||` the conversion
        // errors come first and a deciding operand drops the other's, so
        // only then are the operands' diagnostics collected apart.
        let n = self.diags.len();
        let sc = matches!(op, BinOp::Or | BinOp::And) && self.profile.short_circuit_logic();
        if !sc {
            let l = self.eval(lhs);
            let r = self.eval(rhs);
            if self.diags.len() == n {
                if let Some(v) = self.scalar_binary(op, &l, &r, e) {
                    return v;
                }
            }
            return self.binary_operands(op, l, r, Diags::new(), Diags::new(), sc, n, lhs, rhs, e);
        }
        let outer = std::mem::take(&mut self.diags);
        let l = self.eval(lhs);
        let ldiags = std::mem::take(&mut self.diags);
        let r = self.eval(rhs);
        let rdiags = std::mem::replace(&mut self.diags, outer);
        if ldiags.is_empty() && rdiags.is_empty() {
            if let Some(v) = self.scalar_binary(op, &l, &r, e) {
                return v;
            }
        }
        self.binary_operands(op, l, r, ldiags, rdiags, sc, n, lhs, rhs, e)
    }

    /// A binary operation on two known primitive operands that need no
    /// conversion and gave no diagnostics: the result without copying or
    /// converting them (what hcl's operation gives then, marks included).
    /// None when the full path must decide (any other operands, or an
    /// arithmetic error, whose diagnostic that path gives).
    #[inline]
    fn scalar_binary(&mut self, op: BinOp, l: &Value, r: &Value, e: &Expr) -> Option<Value> {
        let v = match (op, &l.kind, &r.kind) {
            (BinOp::Or | BinOp::And, Kind::Bool(a), Kind::Bool(b)) => {
                Value::bool(if op == BinOp::Or { *a || *b } else { *a && *b })
            }
            (
                BinOp::Eq | BinOp::Ne,
                Kind::Bool(_) | Kind::Number(_) | Kind::String(_),
                Kind::Bool(_) | Kind::Number(_) | Kind::String(_),
            ) => {
                // Comparing walks both operands (one step each here).
                if !self.charge_walk(l, &e.range()) || !self.charge_walk(r, &e.range()) {
                    return Some(Value::unknown(Type::Bool));
                }
                let eq = match (&l.kind, &r.kind) {
                    (Kind::Number(a), Kind::Number(b)) => a.raw_equal(b),
                    (Kind::Bool(a), Kind::Bool(b)) => a == b,
                    (Kind::String(a), Kind::String(b)) => a == b,
                    // Known values of different types.
                    _ => false,
                };
                Value::bool(eq == (op == BinOp::Eq))
            }
            (_, Kind::Number(a), Kind::Number(b)) => {
                use std::cmp::Ordering::*;
                match op {
                    BinOp::Gt => Value::bool(a.cmp_num(b) == Greater),
                    BinOp::Ge => Value::bool(a.cmp_num(b) != Less),
                    BinOp::Lt => Value::bool(a.cmp_num(b) == Less),
                    BinOp::Le => Value::bool(a.cmp_num(b) != Greater),
                    BinOp::Add => Value::number(a.add(b).ok()?),
                    BinOp::Sub => Value::number(a.sub(b).ok()?),
                    BinOp::Mul => Value::number(a.mul(b).ok()?),
                    BinOp::Div => Value::number(a.div(b).ok()?),
                    BinOp::Mod => Value::number(a.rem(b).ok()?),
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(v.with_marks(l.marks.union(r.marks)))
    }

    /// [`Evaluator::eval_binary`] once the operands are evaluated: their
    /// conversion, diagnostics and the operation. With `sc`, `ldiags` and
    /// `rdiags` are the operands' diagnostics (else they are already in
    /// `self.diags`, which held `n` before the operands).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn binary_operands(
        &mut self,
        op: BinOp,
        l: Value,
        r: Value,
        mut ldiags: Diags,
        mut rdiags: Diags,
        sc: bool,
        n: usize,
        lhs: &Expr,
        rhs: &Expr,
        e: &Expr,
    ) -> Value {
        if !sc {
            self.diags.append(std::mem::take(&mut ldiags));
            self.diags.append(std::mem::take(&mut rdiags));
        }
        let (param, result) = match op {
            BinOp::Or | BinOp::And => (Type::Bool, Type::Bool),
            BinOp::Eq | BinOp::Ne => (Type::Dynamic, Type::Bool),
            BinOp::Gt | BinOp::Ge | BinOp::Lt | BinOp::Le => (Type::Number, Type::Bool),
            _ => (Type::Number, Type::Number),
        };
        let l = match conv_owned(l, &param, self.profile) {
            Ok(v) => Some(v),
            Err(m) => {
                self.diag("Invalid operand", format!("Unsuitable value for left operand: {m}."), lhs.range());
                None
            }
        };
        let r = match conv_owned(r, &param, self.profile) {
            Ok(v) => Some(v),
            Err(m) => {
                self.diag("Invalid operand", format!("Unsuitable value for right operand: {m}."), rhs.range());
                None
            }
        };
        let (Some(l), Some(r)) = (l, r) else {
            self.diags.extend(ldiags);
            self.diags.extend(rdiags);
            return Value::unknown(result);
        };
        if sc {
            if let Some(v) = short_circuit(op == BinOp::Or, &l, &r, &ldiags, &rdiags) {
                let (v, from_left) = v;
                self.diags.extend(if from_left { ldiags } else { rdiags });
                return v;
            }
        }
        self.diags.extend(ldiags);
        self.diags.extend(rdiags);
        if self.diags.len() > n {
            return Value::unknown(result).with_marks(l.marks.union(r.marks));
        }
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            // Comparing walks both operands to their leaves.
            if !self.charge_walk(&l, &e.range()) || !self.charge_walk(&r, &e.range()) {
                return Value::unknown(result);
            }
            let v = equals(&l, &r);
            if op == BinOp::Ne {
                return match v.as_bool() {
                    Some(b) => Value::bool(!b).with_marks(v.marks),
                    None => v,
                };
            }
            return v;
        }
        if l.is_null() || r.is_null() {
            self.diag("Operation failed", "Error during operation: argument must not be null.", e.range());
            return Value::unknown(result);
        }
        let (l, lm) = take_marks(l);
        let (r, rm) = take_marks(r);
        let marks = lm.union(rm);
        if !l.is_known() || !r.is_known() {
            return Value::unknown(result);
        }
        let v = match op {
            BinOp::Or | BinOp::And => {
                let (a, b) = (l.as_bool().unwrap_or(false), r.as_bool().unwrap_or(false));
                Value::bool(if op == BinOp::Or { a || b } else { a && b })
            }
            _ => {
                let (Some(a), Some(b)) = (l.as_number(), r.as_number()) else {
                    return Value::unknown(result);
                };
                let ord = a.cmp_num(b);
                use std::cmp::Ordering::*;
                // go-cty's own text for a refused operation comes with the error.
                let arith = |res: Result<Number, crate::number::NumberError>, s: &mut Self| match res {
                    Ok(n) => Value::number(n),
                    Err(crate::number::NumberError::Range) => {
                        s.diag("Number too large", crate::number::RANGE_DETAIL, e.range());
                        Value::unknown(Type::Number)
                    }
                    Err(err) => {
                        s.diag("Operation failed", format!("Error during operation: {}.", err.message()), e.range());
                        Value::unknown(Type::Number)
                    }
                };
                match op {
                    BinOp::Gt => Value::bool(ord == Greater),
                    BinOp::Ge => Value::bool(ord != Less),
                    BinOp::Lt => Value::bool(ord == Less),
                    BinOp::Le => Value::bool(ord != Greater),
                    BinOp::Add => arith(a.add(b), self),
                    BinOp::Sub => arith(a.sub(b), self),
                    BinOp::Mul => arith(a.mul(b), self),
                    BinOp::Div => arith(a.div(b), self),
                    _ => arith(a.rem(b), self),
                }
            }
        };
        v.with_marks(marks)
    }

    #[inline(never)]
    fn eval_unary(&mut self, op: UnOp, val: &Expr, e: &Expr) -> Value {
        self.fast_or(e, |s| s.eval_unary_full(op, val, e))
    }

    fn eval_unary_full(&mut self, op: UnOp, val: &Expr, e: &Expr) -> Value {
        let n = self.diags.len();
        let v = self.eval(val);
        let ty = if op == UnOp::Neg { Type::Number } else { Type::Bool };
        let v = match conv(&v, &ty, self.profile) {
            Ok(v) => v,
            Err(m) => {
                self.diag("Invalid operand", format!("Unsuitable value for unary operand: {m}."), val.range());
                return Value::unknown(ty);
            }
        };
        if self.diags.len() > n {
            return Value::unknown(ty);
        }
        if v.is_null() {
            self.diag("Operation failed", "Error during operation: argument must not be null.", e.range());
            return Value::unknown(ty);
        }
        let (v, m) = v.unmark_deep();
        if !v.is_known() {
            return Value::unknown(ty);
        }
        let r = match op {
            UnOp::Neg => Value::number(v.as_number().map(Number::neg).unwrap_or_else(|| Number::from_i64(0))),
            UnOp::Not => Value::bool(!v.as_bool().unwrap_or(false)),
        };
        r.with_marks(m)
    }

    #[inline(never)]
    fn eval_object(&mut self, items: &[(Expr, Expr)]) -> Value {
        let mut vals = crate::value::AttrMap::new();
        let mut marks = Marks::NONE;
        let mut known = true;
        for (k, v) in items {
            let n = self.diags.len();
            let key = self.eval(k);
            let key_failed = self.diags.len() > n;
            let val = self.eval(v);
            if key_failed {
                known = false;
                continue;
            }
            if key.is_null() {
                self.diag("Null value as key", "Can't use a null value as a key.", v.range());
                known = false;
                continue;
            }
            let (key, km) = unmark(&key);
            marks = marks.union(km);
            let key = match conv(&key, &Type::String, self.profile) {
                Ok(k) => k,
                Err(m) => {
                    self.diag("Incorrect key type", format!("Can't use this value as a key: {m}."), k.range());
                    known = false;
                    continue;
                }
            };
            if !key.is_known() {
                known = false;
                continue;
            }
            vals.insert(key.as_str().unwrap_or_default().to_string(), val);
        }
        if !known {
            return dyn_val();
        }
        self.types.object(vals, marks)
    }

    #[inline(never)]
    fn eval_for(&mut self, f: &ForExpr) -> Value {
        let coll = self.eval(&f.coll);
        self.eval_for_rest(f, coll)
    }

    #[inline(never)]
    fn eval_for_rest(&mut self, f: &ForExpr, coll: Value) -> Value {
        if coll.is_null() {
            self.diag(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                f.coll.range(),
            );
            return dyn_val();
        }
        if coll.ty.is_dynamic() {
            return dyn_val();
        }
        let (coll, cm) = unmark(&coll);
        let mut marks = cm;
        if !iterable(&coll.ty) {
            self.diag(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    friendly(&coll.ty)
                ),
                f.coll.range(),
            );
            return dyn_val();
        }
        let frame = |k: Value, v: Value| {
            let mut fr = Vec::new();
            if let Some(kv) = &f.key_var {
                fr.push((kv.clone(), k));
            }
            fr.push((f.val_var.clone(), v));
            fr
        };
        if let Some(c) = &f.cond {
            let n = self.diags.len();
            self.scopes.push(frame(dyn_val(), dyn_val()));
            let r = self.eval(c);
            self.scopes.pop();
            if r.is_null() {
                self.diag("Condition is null", "The value of the 'if' clause must not be null.", c.range());
                return dyn_val();
            }
            marks = marks.union(r.marks);
            if let Err(m) = conv(&r, &Type::Bool, self.profile) {
                self.diag("Invalid 'for' condition", format!("The 'if' clause value is invalid: {m}."), c.range());
                return dyn_val();
            }
            if self.diags.len() > n {
                return dyn_val();
            }
        }
        if !coll.is_known() {
            return dyn_val().with_marks(marks);
        }
        let mut known = true;
        let mut obj = crate::value::AttrMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        // A tuple gets (at most) one element per element of the collection.
        let mut tuple = match (&coll.kind, &f.key_expr) {
            (Kind::Seq(es), None) => Vec::with_capacity(es.len()),
            (Kind::Attrs(m), None) => Vec::with_capacity(m.len()),
            _ => Vec::new(),
        };
        // The value expression on the fast path, made ready before the
        // loop's frame is pushed (names outside the loop are found then).
        let body = if FAST_PATH { self.for_body(f) } else { None };
        // One frame for the whole loop, its values replaced per element
        // (the key only when the loop names it), read from the collection
        // as cty's `ElementIterator` yields them.
        self.scopes.push(frame(dyn_val(), dyn_val()));
        let keyed = f.key_var.is_some();
        let set = coll.ty.is_set();
        let mut item = |s: &mut Self, k: &dyn Fn() -> Value, v: &Value| {
            // An element the fast path takes needs no frame: its value
            // reads the element itself (a later element sets the frame).
            // FAST_PATH asked again: `body` is None without it, but this
            // closure is compiled apart from where that is known, and the
            // browser's engines would carry the fast path (2 KB gz).
            if FAST_PATH {
                if let Some(r) = body.as_ref().and_then(|b| s.for_fast(b, k, v)) {
                    tuple.push(r);
                    return;
                }
            }
            let fr = s.scopes.last_mut().expect("the loop's frame");
            let last = fr.len() - 1;
            fr[last].1 = v.clone();
            if keyed {
                fr[0].1 = k();
            }
            let r = s.for_item(f, &mut known, &mut marks, &mut obj, &mut groups, &mut tuple);
            let _ = r;
        };
        match &coll.kind {
            Kind::Seq(es) if set => es.iter().for_each(|e| item(self, &|| e.clone(), e)),
            Kind::Seq(es) => {
                for (i, e) in es.iter().enumerate() {
                    item(self, &|| Value::number(Number::from_i64(i as i64)), e);
                }
            }
            Kind::Attrs(m) => m.iter().for_each(|(k, e)| item(self, &|| str_value(k), e)),
            _ => {}
        }
        self.scopes.pop();
        if !known {
            return dyn_val().with_marks(marks);
        }
        if f.key_expr.is_some() {
            if f.group {
                obj = groups.into_iter().map(|(k, vs)| (k, Value::tuple(vs))).collect();
            }
            Value::object(obj).with_marks(marks)
        } else {
            Value::tuple(tuple).with_marks(marks)
        }
    }

    /// One element of a `for` expression (its variables are in scope).
    #[inline(never)]
    fn for_item(
        &mut self,
        f: &ForExpr,
        known: &mut bool,
        marks: &mut Marks,
        obj: &mut crate::value::AttrMap,
        groups: &mut BTreeMap<String, Vec<Value>>,
        tuple: &mut Vec<Value>,
    ) -> Option<()> {
        if let Some(c) = &f.cond {
            let inc = self.eval(c);
            if inc.is_null() {
                if *known {
                    self.diag("Invalid 'for' condition", "The value of the 'if' clause must not be null.", c.range());
                }
                *known = false;
                return None;
            }
            *marks = marks.union(inc.marks);
            if !inc.is_known() {
                *known = false;
                return None;
            }
            match conv(&inc, &Type::Bool, self.profile) {
                Ok(b) => {
                    if b.as_bool() == Some(false) {
                        return None;
                    }
                }
                Err(m) => {
                    if *known {
                        self.diag(
                            "Invalid 'for' condition",
                            format!("The 'if' clause value is invalid: {m}."),
                            c.range(),
                        );
                    }
                    *known = false;
                    return None;
                }
            }
        }
        let Some(ke) = &f.key_expr else {
            let v = self.eval(&f.val_expr);
            tuple.push(v);
            return Some(());
        };
        let kr = self.eval(ke);
        if kr.is_null() {
            if *known {
                self.diag(
                    "Invalid object key",
                    "Key expression in 'for' expression must not produce a null value.",
                    ke.range(),
                );
            }
            *known = false;
            return None;
        }
        *marks = marks.union(kr.marks);
        if !kr.is_known() {
            *known = false;
            return None;
        }
        let key = match conv(&kr, &Type::String, self.profile) {
            Ok(k) => k,
            Err(m) => {
                if *known {
                    self.diag(
                        "Invalid object key",
                        format!("The key expression produced an invalid result: {m}."),
                        ke.range(),
                    );
                }
                *known = false;
                return None;
            }
        };
        let k = key.as_str().unwrap_or_default().to_string();
        let v = self.eval(&f.val_expr);
        if f.group {
            groups.entry(k).or_default().push(v);
        } else {
            if obj.contains_key(&k) {
                let detail = format!("Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.", go_quote(&k));
                self.diag("Duplicate object key", detail, ke.range());
            } else {
                obj.insert(k, v);
            }
        }
        Some(())
    }

    #[inline(never)]
    fn eval_splat(&mut self, source: &Expr, each: &Expr) -> Value {
        let n = self.diags.len();
        let src = self.eval(source);
        if self.diags.len() > n {
            return dyn_val();
        }
        let auto_upgrade = !(src.ty.is_tuple() || src.ty.is_list() || src.ty.is_set());
        if src.is_null() {
            if auto_upgrade {
                return Value::tuple(vec![]);
            }
            self.diag(
                "Splat of null value",
                "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                source.range(),
            );
            return dyn_val();
        }
        if src.ty.is_dynamic() {
            return dyn_val();
        }
        let src = if auto_upgrade {
            if !src.is_known() {
                return dyn_val();
            }
            Value::tuple(vec![src])
        } else {
            src
        };
        if !src.is_known() {
            return dyn_val();
        }
        let (src, marks) = unmark(&src);
        let mut vals = Vec::new();
        let mut ok = true;
        for el in src.elements().unwrap_or(&[]) {
            let n = self.diags.len();
            self.anon.push(el.clone());
            let v = self.eval(each);
            self.anon.pop();
            if self.diags.len() > n {
                ok = false;
            }
            vals.push(v);
        }
        if !ok {
            // The result is unknown, but its type is still known: `each`
            // applied to an unknown element of each element type.
            let n = self.diags.len();
            let ty = match &src.ty {
                Type::Tuple(ts) => Type::tuple(
                    ts.iter()
                        .map(|t| {
                            self.anon.push(Value::unknown(t.clone()));
                            let v = self.eval(each);
                            self.anon.pop();
                            v.ty
                        })
                        .collect(),
                ),
                t => {
                    let ety = t.element_type().cloned().unwrap_or(Type::Dynamic);
                    self.anon.push(Value::unknown(ety));
                    let v = self.eval(each);
                    self.anon.pop();
                    Type::list(v.ty)
                }
            };
            self.diags.truncate(n);
            return Value::unknown(ty);
        }
        if src.ty.is_list() || src.ty.is_set() {
            if vals.is_empty() {
                // The result type comes from the `each` expression applied
                // to an unknown element (whose errors hcl reports).
                let ety = src.ty.element_type().cloned().unwrap_or(Type::Dynamic);
                self.anon.push(Value::unknown(ety));
                let v = self.eval(each);
                self.anon.pop();
                return Value::list(v.ty, vec![]).with_marks(marks);
            }
            let ety = vals[0].ty.clone();
            if vals.iter().all(|v| v.ty == ety) {
                return Value::list(ety, vals).with_marks(marks);
            }
            return Value::tuple(vals).with_marks(marks);
        }
        Value::tuple(vals).with_marks(marks)
    }
}

/// hcl's description of why two conditional results have no common type.
fn describe_conditional_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(a), Type::Object(b)) => {
            for (name, at) in &a.attrs {
                let Some(bt) = b.attrs.get(name) else {
                    return format!(
                        "The 'true' value includes object attribute {}, which is absent in the 'false' value",
                        go_quote(name)
                    );
                };
                if at != bt {
                    return format!(
                        "Type mismatch for object attribute {}: {}",
                        go_quote(name),
                        describe_conditional_mismatch(at, bt)
                    );
                }
            }
            for name in b.attrs.keys() {
                if !a.attrs.contains_key(name) {
                    return format!(
                        "The 'false' value includes object attribute {}, which is absent in the 'true' value",
                        go_quote(name)
                    );
                }
            }
        }
        (Type::Tuple(a), Type::Tuple(b)) => {
            if a.len() != b.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    a.len(),
                    b.len()
                );
            }
            for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                if x != y {
                    return format!("Type mismatch for tuple element {i}: {}", describe_conditional_mismatch(x, y));
                }
            }
        }
        (Type::List(x), Type::List(y)) | (Type::Map(x), Type::Map(y)) | (Type::Set(x), Type::Set(y))
            if (x.is_object() && y.is_object()) || (x.is_tuple() && y.is_tuple()) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!("Mismatched {noun} element types: {}", describe_conditional_mismatch(x, y));
        }
        _ => {}
    }
    let (tn, fname) = (t.friendly_name(), f.friendly_name());
    if tn == fname {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fname}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flavor::FLAVORS;

    /// Operands of every kind: those the by-reference paths take and those
    /// they must leave to the full path (nulls, unknowns, marks, values to
    /// convert, errors).
    fn operands() -> Vec<Value> {
        let num = |s: &str| Value::number(Number::parse_literal(s).unwrap());
        vec![
            num("3"),
            num("0"),
            Value::number(Number::from_i64(0).neg()),
            num("0.5"),
            num("1e400"),
            num("18446744073709551616"),
            Value::number(Number::infinity(false)),
            Value::bool(true),
            Value::bool(false),
            Value::string("3"),
            Value::string("a"),
            Value::null(Type::Number),
            Value::null(Type::Dynamic),
            Value::unknown(Type::Number),
            Value::unknown(Type::Bool),
            num("3").with_marks(Marks::SENSITIVE),
            Value::bool(true).with_marks(Marks::EPHEMERAL),
            Value::list(Type::Number, vec![num("1")]),
        ]
    }

    const OPS: [BinOp; 13] = [
        BinOp::Or,
        BinOp::And,
        BinOp::Eq,
        BinOp::Ne,
        BinOp::Gt,
        BinOp::Ge,
        BinOp::Lt,
        BinOp::Le,
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Mod,
    ];

    #[test]
    fn the_scalar_path_of_binary_operations_gives_what_the_full_path_gives() {
        let p0 = crate::flavor::Profile::default();
        let e = crate::hcl::parse_standalone("a + b", "<expr>", &p0).unwrap();
        let ExprKind::Binary { lhs, rhs, .. } = &e.kind else { panic!("a binary expression") };
        let mut taken = 0;
        // Every flavor (with and without hcl's short-circuit `&&` / `||`),
        // with the budget open and with it spent.
        for flavor in FLAVORS.iter() {
            let p = flavor.profile();
            for steps in [0, Budget::MAX_STEPS] {
                for op in OPS {
                    for l in operands() {
                        for r in operands() {
                            let mut fast = Evaluator::with_functions(None, &p);
                            fast.spent.steps = steps;
                            let Some(got) = fast.scalar_binary(op, &l, &r, &e) else { continue };
                            taken += 1;
                            let mut full = Evaluator::with_functions(None, &p);
                            full.spent.steps = steps;
                            let sc = matches!(op, BinOp::Or | BinOp::And) && p.short_circuit_logic();
                            let want = full.binary_operands(
                                op,
                                l.clone(),
                                r.clone(),
                                Diags::new(),
                                Diags::new(),
                                sc,
                                0,
                                lhs,
                                rhs,
                                &e,
                            );
                            let case = format!("{} {op:?} {l:?} {r:?} ({} steps)", flavor.name, steps);
                            assert_eq!(format!("{got:?}"), format!("{want:?}"), "{case}");
                            assert_eq!(format!("{:?}", fast.diags), format!("{:?}", full.diags), "{case}");
                            assert_eq!(
                                (fast.spent.steps, fast.spent.exceeded),
                                (full.spent.steps, full.spent.exceeded),
                                "{case}"
                            );
                        }
                    }
                }
            }
        }
        // The comparison is not vacuous: the scalar path takes the everyday
        // operands (numbers, bools, strings, marked ones) of every operator.
        assert!(taken > FLAVORS.len() * 2 * 400, "{taken}");
    }

    #[test]
    fn attributes_and_elements_by_reference_are_what_get_attr_and_index_give() {
        let p = crate::flavor::Profile::default();
        let num = |i: i64| Value::number(Number::from_i64(i));
        let mut attrs = crate::value::AttrMap::new();
        attrs.insert("a", num(1));
        attrs.insert("b", Value::string("x"));
        let colls = vec![
            Value::list(Type::Number, vec![num(10), num(11)]),
            Value::tuple(vec![num(10), Value::bool(true)]),
            Value::map(Type::Number, {
                let mut m = crate::value::AttrMap::new();
                m.insert("a", num(1));
                m
            }),
            Value::object(attrs),
            Value::list(Type::Number, vec![num(10)]).with_marks(Marks::SENSITIVE),
            Value::unknown(Type::list(Type::Number)),
            Value::null(Type::list(Type::Number)),
            Value::set(Type::Number, vec![num(1)]),
            num(3),
        ];
        let keys = vec![
            num(0),
            num(1),
            num(5),
            num(-1),
            Value::number(Number::from_i64(0).neg()),
            Value::number(Number::parse_literal("0.5").unwrap()),
            Value::string("0"),
            Value::string("a"),
            Value::string("b"),
            Value::string("z"),
            num(0).with_marks(Marks::SENSITIVE),
            Value::unknown(Type::Number),
            Value::null(Type::Number),
        ];
        let mut ev = Evaluator::with_functions(None, &p);
        let (mut by_index, mut by_attr) = (0, 0);
        for c in &colls {
            for k in &keys {
                if let Some(got) = index_ref(c, k) {
                    by_index += 1;
                    let want = ev.index(c, k, &(0..1)).expect("index_ref finds only what exists");
                    assert_eq!(format!("{got:?}"), format!("{want:?}"), "{c:?}[{k:?}]");
                }
            }
            for name in ["a", "b", "z"] {
                if let Some(got) = attr_ref(c, name) {
                    by_attr += 1;
                    let want = ev.get_attr(c, name, &(0..1)).expect("attr_ref finds only what exists");
                    assert_eq!(format!("{got:?}"), format!("{want:?}"), "{c:?}.{name}");
                }
            }
        }
        assert_eq!((by_index, by_attr), (9, 3));
    }
}
