//! The evaluator's fast path: an expression made only of operators,
//! references, indexes and literals over known primitive values (what
//! validation rules are mostly made of) is evaluated on borrowed values,
//! with no diagnostics list, no `Value` built per operand and the budget
//! counted, not charged, until the end. Anything else (an unknown, a null,
//! a value to convert, a reference that does not resolve by reference, an
//! error, a call, a `for`, a spent budget) gives None, and the evaluator's
//! full path evaluates the expression as it always does; the fast path has
//! no effect of its own, so that re-evaluation is exact.
//!
//! What it computes is what the full path computes for the same operands:
//! [`Evaluator::scalar_binary`]'s operations, [`index_ref`] and
//! [`step_ref`]'s lookups, `eval_unary` of an operand of the operator's
//! type, and the same steps (one per node, one walk per operand of `==` /
//! `!=`). The tests of `eval.rs` compare both paths.

use std::borrow::Cow;

use super::{index_ref, step_ref, Evaluator};
use crate::budget::Budget;
use crate::hcl::ast::{BinOp, Expr, ExprKind, ForExpr, LitVal, Step, UnOp};
use crate::number::Number;
use crate::types::Type;
use crate::value::{Kind, Marks, Value};

/// A value on the fast path: a value in scope, by reference, or an
/// operation's primitive result.
pub(super) enum Fast<'a> {
    Val(&'a Value),
    Bool(bool, Marks),
    Num(Cow<'a, Number>, Marks),
    Str(&'a str),
}

/// A known, non-null primitive with its marks.
enum Prim<'a> {
    Bool(bool),
    Num(&'a Number),
    Str(&'a str),
}

impl<'a> Fast<'a> {
    /// The primitive this is (None for collections, nulls, unknowns and
    /// values whose kind is not their type's).
    fn prim(&self) -> Option<(Prim<'_>, Marks)> {
        match self {
            Fast::Val(v) => match (&v.ty, &v.kind) {
                (Type::Bool, Kind::Bool(b)) => Some((Prim::Bool(*b), v.marks)),
                (Type::Number, Kind::Number(n)) => Some((Prim::Num(n), v.marks)),
                (Type::String, Kind::String(s)) => Some((Prim::Str(s), v.marks)),
                _ => None,
            },
            Fast::Bool(b, m) => Some((Prim::Bool(*b), *m)),
            Fast::Num(n, m) => Some((Prim::Num(n), *m)),
            Fast::Str(s) => Some((Prim::Str(s), Marks::NONE)),
        }
    }

    /// The result as the full path gives it.
    fn into_value(self) -> Option<Value> {
        match self {
            Fast::Val(v) => Some(v.clone()),
            Fast::Bool(b, m) => Some(Value::bool(b).with_marks(m)),
            Fast::Num(n, m) => Some(Value::number(n.into_owned()).with_marks(m)),
            // Only literals are strings here, and they are no roots.
            Fast::Str(_) => None,
        }
    }
}

/// A literal's value (`LitVal::value` without building it); None for null.
fn literal(v: &LitVal) -> Option<Fast<'_>> {
    if let Some(n) = v.as_number() {
        return Some(Fast::Num(Cow::Borrowed(n), Marks::NONE));
    }
    if let Some(b) = v.as_bool() {
        return Some(Fast::Bool(b, Marks::NONE));
    }
    v.as_str().map(Fast::Str)
}

/// What `Value::walk_cost` charges for a primitive (well within any limit
/// the caller accepts: see [`Evaluator::try_fast`]).
fn walk_cost(p: &Prim) -> u64 {
    match p {
        Prim::Str(s) => 1 + (s.len() / 256) as u64,
        _ => 1,
    }
}

/// Whether the fast path goes below a node of this kind: evaluating any
/// other kind lets the nodes below it try the fast path again (each node is
/// tried by at most one attempt, so the cost stays linear).
pub(super) fn descends(k: &ExprKind) -> bool {
    matches!(
        k,
        ExprKind::Binary { .. }
            | ExprKind::Unary { .. }
            | ExprKind::Index(_)
            | ExprKind::Parens(_)
            | ExprKind::TemplateWrap(_)
    )
}

impl<'p> Evaluator<'p> {
    /// `e` on the fast path, as the root of an attempt; None (having
    /// changed nothing) when the full path must evaluate it. `eval` has
    /// already charged the step of `e` itself.
    pub(super) fn try_fast(&mut self, e: &Expr) -> Option<Value> {
        if self.fast_off || !self.fast || self.spent.exceeded {
            return None;
        }
        let mut cost = 0u64;
        let v = self.fast(e, &mut cost)?.into_value()?;
        self.charge_fast(cost - 1).then_some(v)
    }

    /// Charges `steps` for a value the fast path found, as the full path
    /// would charge them one by one: false (nothing charged: the full path
    /// must evaluate it, and will say the limit was passed) when their total
    /// passes the limit.
    fn charge_fast(&mut self, steps: u64) -> bool {
        let total = self.spent.steps.saturating_add(steps);
        if total > Budget::MAX_STEPS {
            return false;
        }
        self.spent.steps = total;
        #[cfg(test)]
        TAKEN.with(|t| t.set(t.get() + 1));
        true
    }

    fn fast<'s>(&'s self, e: &'s Expr, cost: &mut u64) -> Option<Fast<'s>> {
        *cost += 1;
        #[cfg(test)]
        VISITS.with(|v| v.set(v.get() + 1));
        match &e.kind {
            ExprKind::Literal(v) | ExprKind::KeywordKey(v) => literal(v),
            ExprKind::Const(c) => Some(Fast::Val(&c.value)),
            ExprKind::Parens(inner) | ExprKind::TemplateWrap(inner) => self.fast(inner, cost),
            // A plain quoted string (`eval_template`'s own shortcut).
            ExprKind::Template(parts) => match parts.as_slice() {
                [Expr { kind: ExprKind::Literal(v), .. }] => v.as_str().map(Fast::Str),
                _ => None,
            },
            ExprKind::Scope(s) => self.fast_scope(&s.root, &s.steps),
            ExprKind::Binary { op, lhs, rhs } => {
                let l = self.operand(lhs, cost)?;
                let r = self.operand(rhs, cost)?;
                fast_binary(*op, &l, &r, cost)
            }
            ExprKind::Unary { op, val, .. } => fast_unary(*op, &self.fast(val, cost)?),
            ExprKind::Index(x) => {
                let Fast::Val(c) = self.fast(&x.coll, cost)? else { return None };
                let k = self.fast(&x.key, cost)?;
                fast_index(c, &k)
            }
            _ => None,
        }
    }

    /// [`Evaluator::fast`] of an operand: the leaves (literals and
    /// references, most operands) without a call.
    #[inline(always)]
    fn operand<'s>(&'s self, e: &'s Expr, cost: &mut u64) -> Option<Fast<'s>> {
        match &e.kind {
            ExprKind::Literal(v) => {
                *cost += 1;
                #[cfg(test)]
                VISITS.with(|v| v.set(v.get() + 1));
                literal(v)
            }
            ExprKind::Scope(s) => {
                *cost += 1;
                #[cfg(test)]
                VISITS.with(|v| v.set(v.get() + 1));
                self.fast_scope(&s.root, &s.steps)
            }
            _ => self.fast(e, cost),
        }
    }

    /// `eval_scope` of a name bound in a frame whose steps all resolve by
    /// reference.
    #[inline]
    fn fast_scope<'s>(&'s self, root: &str, steps: &'s [Step]) -> Option<Fast<'s>> {
        for frame in self.scopes.iter().rev() {
            if let Some((_, v)) = frame.iter().rev().find(|(n, _)| same_name(n, root)) {
                return steps_ref(v, steps);
            }
        }
        None
    }
}

/// A `for` expression's value expression made ready for the fast path,
/// once per loop rather than once per element: names bound outside the loop
/// (`var.v`, reached through its steps) are looked up once, the loop's own
/// names are read from the element without being bound in a frame. Each
/// node does what [`Evaluator::fast`] does for it, and counts the same
/// steps, so an element's value and cost are the ones the evaluator's fast
/// path gives; where that gives up, the loop evaluates the element as
/// always.
pub(super) struct ForBody<'e> {
    root: Node<'e>,
    /// The values reached outside the loop (copies share their elements).
    outer: Vec<Value>,
    /// Whether the body names the loop's key.
    pub(super) uses_key: bool,
    /// Its nodes: the steps of every element it answers (each visits every
    /// node once), to which `==` and `!=` add their operands' walks.
    steps: u64,
}

/// A node of a [`ForBody`].
enum Node<'e> {
    Num(&'e Number),
    Bool(bool),
    Const(&'e Value),
    Str(&'e str),
    Wrap(Box<Node<'e>>),
    Outer(usize),
    Key(&'e [Step]),
    Elem(&'e [Step]),
    Binary(BinOp, Box<Node<'e>>, Box<Node<'e>>),
    Unary(UnOp, Box<Node<'e>>),
    Index(Box<Node<'e>>, Box<Node<'e>>),
}

impl<'p> Evaluator<'p> {
    /// The fast form of `f`'s value expression (evaluated, like every
    /// element's value, by an attempt of the fast path: an operator or an
    /// index), before the loop's frame is pushed; None when the fast path
    /// is off or the expression is not all of what it takes.
    pub(super) fn for_body<'e>(&self, f: &'e ForExpr) -> Option<ForBody<'e>> {
        if self.fast_off || !self.fast || f.cond.is_some() || f.key_expr.is_some() {
            return None;
        }
        if !matches!(f.val_expr.kind, ExprKind::Binary { .. } | ExprKind::Index(_) | ExprKind::Unary { .. }) {
            return None;
        }
        let mut body = ForBody { root: Node::Key(&[]), outer: Vec::new(), uses_key: false, steps: 0 };
        body.root = self.for_node(&f.val_expr, f, &mut body)?;
        Some(body)
    }

    fn for_node<'e>(&self, e: &'e Expr, f: &ForExpr, body: &mut ForBody<'e>) -> Option<Node<'e>> {
        body.steps += 1;
        let mut node = |x: &'e Expr| self.for_node(x, f, body).map(Box::new);
        Some(match &e.kind {
            // What `literal` gives (a null gives nothing).
            ExprKind::Literal(v) | ExprKind::KeywordKey(v) => match (v.as_number(), v.as_bool(), v.as_str()) {
                (Some(n), _, _) => Node::Num(n),
                (_, Some(b), _) => Node::Bool(b),
                (_, _, Some(s)) => Node::Str(s),
                _ => return None,
            },
            ExprKind::Const(c) => Node::Const(&c.value),
            ExprKind::Parens(inner) | ExprKind::TemplateWrap(inner) => Node::Wrap(node(inner)?),
            ExprKind::Template(parts) => match parts.as_slice() {
                [Expr { kind: ExprKind::Literal(v), .. }] => Node::Str(v.as_str()?),
                _ => return None,
            },
            // The loop's frame is searched first, its value name before its
            // key name (as `fast_scope` would find them).
            ExprKind::Scope(s) if same_name(&s.root, &f.val_var) => Node::Elem(&s.steps),
            ExprKind::Scope(s) if f.key_var.as_deref().is_some_and(|k| same_name(&s.root, k)) => {
                body.uses_key = true;
                Node::Key(&s.steps)
            }
            ExprKind::Scope(s) => {
                let Fast::Val(v) = self.fast_scope(&s.root, &s.steps)? else { return None };
                body.outer.push(v.clone());
                Node::Outer(body.outer.len() - 1)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let l = node(lhs)?;
                Node::Binary(*op, l, node(rhs)?)
            }
            ExprKind::Unary { op, val, .. } => Node::Unary(*op, node(val)?),
            ExprKind::Index(x) => {
                let c = node(&x.coll)?;
                Node::Index(c, node(&x.key)?)
            }
            _ => return None,
        })
    }

    /// One element's value by `body` (`key` builds the loop's key when the
    /// body names it), charged as the evaluator's fast path charges it;
    /// None (having changed nothing) when the element must be evaluated as
    /// always.
    pub(super) fn for_fast(&mut self, body: &ForBody, key: &dyn Fn() -> Value, elem: &Value) -> Option<Value> {
        if self.spent.exceeded {
            return None;
        }
        let k = body.uses_key.then(key);
        let mut cost = body.steps;
        let v = body.run(&body.root, k.as_ref(), elem, &mut cost)?.into_value()?;
        // `eval` charges the root's step, the fast path the others.
        self.charge_fast(cost).then_some(v)
    }
}

impl<'e> ForBody<'e> {
    /// `n`'s value; `cost` gets what `==` and `!=` charge beyond the nodes.
    fn run<'s>(&'s self, n: &'s Node<'e>, key: Option<&'s Value>, elem: &'s Value, cost: &mut u64) -> Option<Fast<'s>> {
        match n {
            Node::Num(v) => Some(Fast::Num(Cow::Borrowed(v), Marks::NONE)),
            Node::Bool(b) => Some(Fast::Bool(*b, Marks::NONE)),
            Node::Const(v) => Some(Fast::Val(v)),
            Node::Str(s) => Some(Fast::Str(s)),
            Node::Wrap(inner) => self.run(inner, key, elem, cost),
            Node::Outer(i) => Some(Fast::Val(&self.outer[*i])),
            Node::Key(steps) => steps_ref(key?, steps),
            Node::Elem(steps) => steps_ref(elem, steps),
            Node::Binary(op, l, r) => {
                let l = self.operand(l, key, elem, cost)?;
                let r = self.operand(r, key, elem, cost)?;
                fast_binary(*op, &l, &r, cost)
            }
            Node::Unary(op, v) => fast_unary(*op, &self.run(v, key, elem, cost)?),
            Node::Index(c, k) => {
                let Fast::Val(c) = self.operand(c, key, elem, cost)? else { return None };
                let k = self.operand(k, key, elem, cost)?;
                fast_index(c, &k)
            }
        }
    }
}

impl<'e> ForBody<'e> {
    /// [`ForBody::run`] of an operand: the leaves (most operands) without
    /// a call.
    #[inline(always)]
    fn operand<'s>(
        &'s self,
        n: &'s Node<'e>,
        key: Option<&'s Value>,
        elem: &'s Value,
        cost: &mut u64,
    ) -> Option<Fast<'s>> {
        match n {
            Node::Num(v) => Some(Fast::Num(Cow::Borrowed(v), Marks::NONE)),
            Node::Elem([]) => Some(Fast::Val(elem)),
            Node::Key([]) => Some(Fast::Val(key?)),
            Node::Outer(i) => Some(Fast::Val(&self.outer[*i])),
            _ => self.run(n, key, elem, cost),
        }
    }
}

/// A value reached from `v` through `steps` by reference.
#[inline]
fn steps_ref<'a>(v: &'a Value, steps: &'a [Step]) -> Option<Fast<'a>> {
    let mut cur = v;
    for s in steps {
        cur = step_ref(cur, s)?;
    }
    Some(Fast::Val(cur))
}

/// `eval_unary` of a fast operand.
fn fast_unary<'a>(op: UnOp, v: &Fast) -> Option<Fast<'a>> {
    let (p, m) = v.prim()?;
    match (op, p) {
        (UnOp::Neg, Prim::Num(n)) => Some(Fast::Num(Cow::Owned(n.neg()), m)),
        (UnOp::Not, Prim::Bool(b)) => Some(Fast::Bool(!b, m)),
        _ => None,
    }
}

/// `index_ref` of a collection by a fast key, without building the key.
#[inline]
fn fast_index<'a>(c: &'a Value, k: &Fast<'a>) -> Option<Fast<'a>> {
    let found = match k {
        Fast::Val(k) => index_ref(c, k),
        Fast::Num(n, m) if m.is_empty() && c.marks.is_empty() => match (&c.ty, &c.kind) {
            (Type::List(_) | Type::Tuple(_), Kind::Seq(es)) => es.get(usize::try_from(n.to_i64()?).ok()?),
            _ => None,
        },
        Fast::Str(s) if c.marks.is_empty() => match (&c.ty, &c.kind) {
            (Type::Map(_) | Type::Object(_), Kind::Attrs(m)) => m.get(s),
            _ => None,
        },
        _ => None,
    };
    found.map(Fast::Val)
}

/// `a == b` for the short names of variables, compared in place (`str`'s
/// `==` calls `memcmp`, which costs more than the names).
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// `cmp_num`, in place for two small integers.
#[inline(always)]
fn cmp_num(a: &Number, b: &Number) -> std::cmp::Ordering {
    match (a.small_int(), b.small_int()) {
        (Some(x), Some(y)) => x.cmp(&y),
        _ => a.cmp_num(b),
    }
}

/// [`Evaluator::scalar_binary`] on fast operands.
#[inline(always)]
fn fast_binary<'a>(op: BinOp, l: &Fast, r: &Fast, cost: &mut u64) -> Option<Fast<'a>> {
    use std::cmp::Ordering::*;
    let (lp, lm) = l.prim()?;
    let (rp, rm) = r.prim()?;
    let m = lm.union(rm);
    let num = |x: Result<Number, crate::number::NumberError>| Some(Fast::Num(Cow::Owned(x.ok()?), m));
    match (op, &lp, &rp) {
        (BinOp::Or, Prim::Bool(a), Prim::Bool(b)) => Some(Fast::Bool(*a || *b, m)),
        (BinOp::And, Prim::Bool(a), Prim::Bool(b)) => Some(Fast::Bool(*a && *b, m)),
        (BinOp::Eq | BinOp::Ne, _, _) => {
            *cost += walk_cost(&lp) + walk_cost(&rp);
            let eq = match (&lp, &rp) {
                // `raw_equal` of two small integers is their equality.
                (Prim::Num(a), Prim::Num(b)) => match (a.small_int(), b.small_int()) {
                    (Some(x), Some(y)) => x == y,
                    _ => a.raw_equal(b),
                },
                (Prim::Bool(a), Prim::Bool(b)) => a == b,
                (Prim::Str(a), Prim::Str(b)) => a == b,
                _ => false,
            };
            Some(Fast::Bool(eq == (op == BinOp::Eq), m))
        }
        (_, Prim::Num(a), Prim::Num(b)) => match op {
            BinOp::Gt => Some(Fast::Bool(cmp_num(a, b) == Greater, m)),
            BinOp::Ge => Some(Fast::Bool(cmp_num(a, b) != Less, m)),
            BinOp::Lt => Some(Fast::Bool(cmp_num(a, b) == Less, m)),
            BinOp::Le => Some(Fast::Bool(cmp_num(a, b) != Greater, m)),
            BinOp::Add => num(a.add(b)),
            BinOp::Sub => num(a.sub(b)),
            BinOp::Mul => num(a.mul(b)),
            BinOp::Div => num(a.div(b)),
            BinOp::Mod => num(a.rem(b)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
thread_local! {
    /// Attempts the fast path took (the tests check they are not vacuous).
    pub(super) static TAKEN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flavor::FLAVORS;
    use crate::value::AttrMap;

    /// `var`: values of every kind the fast path takes or must leave to the
    /// full path (marks, unknowns, nulls, non-integers, large numbers,
    /// strings, collections of each kind).
    fn vars() -> Value {
        let num = |s: &str| Value::number(Number::parse_literal(s).unwrap());
        let ints = |xs: &[&str]| xs.iter().map(|s| num(s)).collect::<Vec<_>>();
        let mut m = AttrMap::new();
        m.insert("k", num("1"));
        m.insert("a", num("2"));
        let mut o = AttrMap::new();
        o.insert("a", num("1"));
        o.insert("s", Value::string("x"));
        let mut vs = AttrMap::new();
        vs.insert("n", num("3"));
        vs.insert("z", num("0"));
        vs.insert("nz", Value::number(Number::from_i64(0).neg()));
        vs.insert("f", num("0.5"));
        vs.insert("big", num("1e400"));
        vs.insert("huge", num("18446744073709551616"));
        vs.insert("b", Value::bool(true));
        vs.insert("s", Value::string("a"));
        vs.insert("d", Value::string("3"));
        vs.insert("l", Value::list(Type::Number, ints(&["0", "3", "6"])));
        vs.insert("t", Value::tuple(vec![num("1"), Value::bool(false), Value::string("a")]));
        vs.insert("st", Value::set(Type::Number, ints(&["5", "1"])));
        vs.insert("m", Value::map(Type::Number, m));
        vs.insert("o", Value::object(o));
        vs.insert("sn", num("3").with_marks(Marks::SENSITIVE));
        vs.insert("eb", Value::bool(true).with_marks(Marks::EPHEMERAL));
        vs.insert("sl", Value::list(Type::Number, ints(&["1", "2"])).with_marks(Marks::SENSITIVE));
        vs.insert("ml", Value::list(Type::Number, vec![num("1"), num("2").with_marks(Marks::SENSITIVE)]));
        vs.insert("u", Value::unknown(Type::Number));
        vs.insert("ul", Value::unknown(Type::list(Type::Number)));
        vs.insert("nl", Value::null(Type::Number));
        vs.insert("nd", Value::null(Type::Dynamic));
        Value::object(vs)
    }

    /// The value, diagnostics and budget of `src` with or without the fast
    /// path, from `steps` already spent.
    fn run(e: &Expr, p: &crate::flavor::Profile, steps: u64, fast: bool) -> String {
        let mut ev = Evaluator::with_functions(Some(&crate::funcs::AllFunctions), p);
        ev.fast = fast;
        ev.spent.steps = steps;
        ev.bind_root("var", vars());
        let v = ev.eval(e);
        format!("{v:?}\n{:?}\n{} {}", ev.diags, ev.spent.steps, ev.spent.exceeded)
    }

    fn same(exprs: &[String], flavors: &[&'static crate::flavor::Flavor], budgets: &[u64]) -> u64 {
        let before = TAKEN.with(|t| t.get());
        for f in flavors {
            let p = f.profile();
            for src in exprs {
                let e = crate::hcl::parse_standalone(src, "<expr>", &p).expect("the test's expressions parse");
                for &steps in budgets {
                    let want = run(&e, &p, steps, false);
                    let got = run(&e, &p, steps, true);
                    assert_eq!(got, want, "{} `{src}` from {steps} steps", f.name);
                }
            }
        }
        TAKEN.with(|t| t.get()) - before
    }

    const OPS: [&str; 13] = ["||", "&&", "==", "!=", ">", ">=", "<", "<=", "+", "-", "*", "/", "%"];

    /// Every operator over operands of every kind (references, elements,
    /// literals, operations, errors), in a flavor with hcl's short-circuit
    /// `&&` / `||` and one without, with the budget open and nearly spent.
    #[test]
    fn the_fast_path_of_operators_gives_what_the_full_path_gives() {
        let operands = [
            "var.n",
            "var.z",
            "var.nz",
            "var.f",
            "var.big",
            "var.huge",
            "var.b",
            "var.s",
            "var.d",
            "1",
            "0.5",
            "\"a\"",
            "\"${var.s}\"",
            "true",
            "null",
            "var.l[1]",
            "var.l[var.n - 2]",
            "var.l[var.n]",
            "var.l[-1]",
            "var.l[var.f]",
            "var.l[var.d]",
            "var.t[2]",
            "var.m[\"k\"]",
            "var.m[var.s]",
            "var.o[\"a\"]",
            "var.o.s",
            "var.sn",
            "var.eb",
            "var.sl[0]",
            "var.ml[1]",
            "var.u",
            "var.ul[0]",
            "var.nl",
            "var.nd",
            "-var.n",
            "!var.b",
            "-var.b",
            "(var.n * 2)",
            "var.l",
            "var.nope",
            "var.st",
            "nope",
            "var.n / var.z",
        ];
        let mut exprs = Vec::new();
        for op in OPS {
            for l in operands {
                for r in operands {
                    exprs.push(format!("{l} {op} {r}"));
                }
            }
        }
        let sc = |on: bool| FLAVORS.iter().find(|f| f.profile().short_circuit_logic() == on).expect("a flavor");
        let taken = same(&exprs, &[sc(true), sc(false)], &[0, Budget::MAX_STEPS - 3]);
        // Not vacuous: the everyday operands take the fast path.
        assert!(taken > 2 * 2 * 3000, "{taken}");
    }

    /// Whole rules (loops, calls, conditionals around the operators), in
    /// every flavor, with the limit falling anywhere in them.
    #[test]
    fn the_fast_path_of_rules_gives_what_the_full_path_gives() {
        let long = (0..120).map(|i| format!("var.l[{}]", i % 3)).collect::<Vec<_>>().join(" + ");
        let exprs: Vec<String> = [
            "alltrue([for x in var.l : x >= 0 && x < 1000])",
            "alltrue([for j, x in var.l : j == 0 || x >= var.l[j - 1]])",
            "[for j, x in var.t : j == 0 || x == var.t[j - 1]]",
            "[for k, v in var.m : v + 1 if k != \"a\"]",
            "{for k, v in var.o : k => v == 1}",
            "[for x in var.st : x * 2]",
            "[for x in var.ml : x + 1]",
            "[for x in var.sl : x + 1]",
            "[for x in var.ul : x + 1]",
            "[for x in var.l : -x if !(x > 3)]",
            "[for x in var.l : [for y in var.l : x + y + var.nope]]",
            "[for x in var.l : [for y in var.l : x * y - var.l[x / 3]]]",
            "length(var.l) > 2 && var.l[0] == 0",
            "var.n > 1 ? var.l[0] + 1 : var.s",
            "var.l[0] + (var.n > 1 ? var.l[1] : 0) * 2",
            "try(var.l[5] + 1, var.l[1] + 1)",
            "can(var.l[var.n] > 1)",
            "var.big * var.big * var.big * var.big * var.big * var.big * var.big * var.big",
            "1e300 * 1e300 * 1e300 * 1e300 * 1e300 * 1e300 * 1e300 * 1e300 * 1e300 * 1e300",
            "var.n % var.f + var.huge / var.n - var.nz",
            "\"v${var.n + 1}\" == \"v4\"",
            // Loop bodies made ready once per loop (`ForBody`): keys of
            // every kind, names outside the loop, steps below the element,
            // references that do not resolve, marks, roots it leaves alone.
            "[for k, v in var.m : k == \"a\" || v > 1]",
            "[for k, v in var.o : v == 1]",
            "[for i, x in var.l : var.l[i] + x * var.n]",
            "[for i, x in var.st : i == x]",
            "[for x in var.t : -x]",
            "[for x in var.t : !x]",
            "[for x in var.l : (x + 1) * \"2\"]",
            "[for x in var.l : var.nope + x]",
            "[for x in var.l : x.a + 1]",
            "[for x in [var.o, var.o] : x.a + 1]",
            "[for x in [var.o, var.o] : x[\"s\"] == \"x\"]",
            "[for x in var.l : x > var.n ? 1 : 0]",
            "[for x in var.l : x]",
            "[for x, x in var.l : x + 1]",
            "[for x in var.l : var.sn + x]",
            "[for x in var.l : var.u + x]",
            "[for x in var.l : var.l[x] + null]",
            "[for x in var.l : var.big * var.big * x]",
            "[for x in var.l : x / (x - 3)]",
            "var.o.a.b + 1",
            "var.l[1.5] + 1",
            &long,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let max = Budget::MAX_STEPS;
        let budgets = [0, max - 400, max - 200, max - 40, max - 13, max - 6, max - 5, max - 4, max - 3, max - 1, max];
        let flavors: Vec<_> = FLAVORS.iter().collect();
        let taken = same(&exprs, &flavors, &budgets);
        assert!(taken > FLAVORS.len() as u64 * 100, "{taken}");
    }

    /// A loop's body made ready once (`ForBody`) takes the elements
    /// itself: the evaluator's fast path visits no node of it.
    #[test]
    fn a_loop_body_is_made_ready_once() {
        let p = crate::flavor::Profile::default();
        let e =
            crate::hcl::parse_standalone("[for j, x in var.l : j < 5 && x >= var.l[j]]", "<expr>", &p).expect("parses");
        let mut ev = Evaluator::with_functions(Some(&crate::funcs::AllFunctions), &p);
        ev.bind_root("var", vars());
        let (visits, taken) = (VISITS.with(|v| v.get()), TAKEN.with(|t| t.get()));
        let v = ev.eval(&e);
        assert_eq!(format!("{v:?}"), format!("{:?}", Value::tuple(vec![Value::bool(true); 3])));
        assert_eq!(TAKEN.with(|t| t.get()) - taken, 3);
        assert_eq!(VISITS.with(|v| v.get()) - visits, 0);
    }

    /// A chain of operators whose last operand cannot take the fast path is
    /// tried once, not once per operator (the cost stays linear).
    #[test]
    fn an_operator_chain_that_leaves_the_fast_path_is_tried_once() {
        let p = crate::flavor::Profile::default();
        // (The parser takes at most 128 operators in a chain.)
        let n = 120;
        let src = format!("{}var.nope", "1 + ".repeat(n));
        let e = crate::hcl::parse_standalone(&src, "<expr>", &p).expect("parses");
        let mut ev = Evaluator::with_functions(Some(&crate::funcs::AllFunctions), &p);
        ev.bind_root("var", vars());
        VISITS.with(|v| v.set(0));
        let _ = ev.eval(&e);
        let visits = VISITS.with(|v| v.get());
        assert!(visits <= 2 * n as u64 + 2, "{visits} fast visits for {n} operators");
        // And the right operand first: each node tried once too.
        let src = format!("var.nope{}", " + 1".repeat(n));
        let e = crate::hcl::parse_standalone(&src, "<expr>", &p).expect("parses");
        VISITS.with(|v| v.set(0));
        let _ = ev.eval(&e);
        let visits = VISITS.with(|v| v.get());
        assert!(visits <= 2 * n as u64 + 2, "{visits} fast visits for {n} operators");
    }
}

#[cfg(test)]
thread_local! {
    /// Nodes the fast path visited.
    static VISITS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}
