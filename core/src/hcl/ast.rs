//! Expression trees of HCL's native syntax, shaped like hclsyntax's nodes so
//! that evaluation can follow hcl's rules (and report hcl's ranges) node by node.

use std::ops::Range;

use crate::value::Value;

pub type Span = Range<usize>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

impl BinOp {
    /// Precedence level as hclsyntax orders its operator table (0 binds loosest).
    pub fn level(self) -> u8 {
        match self {
            BinOp::Or => 0,
            BinOp::And => 1,
            BinOp::Eq | BinOp::Ne => 2,
            BinOp::Gt | BinOp::Ge | BinOp::Lt | BinOp::Le => 3,
            BinOp::Add | BinOp::Sub => 4,
            BinOp::Mul | BinOp::Div | BinOp::Mod => 5,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

/// One step of a traversal (`.name`, `[literal]`, legacy `.0`).
#[derive(Clone, Debug)]
pub enum Step {
    Attr { name: String, range: Span },
    Index { key: Value, range: Span },
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    /// The node's range, as 32-bit offsets (a template holds one node per
    /// part; see [`Expr::range`]).
    start: u32,
    end: u32,
    /// Height of the tree below and including this node.
    pub depth: u32,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A number, string, bool or `null` literal.
    Literal(LitVal),
    /// A template: its parts are concatenated as strings.
    Template(Vec<Expr>),
    /// `"${x}"`: the single interpolation's value, unconverted.
    TemplateWrap(Box<Expr>),
    /// A `%{for}` directive: the `for` expression's tuple, joined.
    TemplateJoin(Box<Expr>),
    /// A variable reference with its traversal steps (boxed: rare in
    /// values, and the largest node).
    Scope(Box<ScopeExpr>),
    /// Traversal steps applied to another expression's value.
    Relative(Box<RelativeExpr>),
    Call(Box<CallExpr>),
    Conditional {
        cond: Box<Expr>,
        t: Box<Expr>,
        f: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// The operator is the node's first byte (its range for a diagnostic
    /// about the start, hcl's `SymbolRange`).
    Unary {
        op: UnOp,
        val: Box<Expr>,
    },
    /// The opening bracket is the node's first byte.
    Tuple {
        elems: Vec<Expr>,
    },
    /// The opening brace is the node's first byte.
    Object {
        items: Vec<(Expr, Expr)>,
    },
    /// A tuple or object made only of literal data, evaluated while parsing
    /// (its evaluation can neither fail nor depend on anything).
    Const(Box<ConstVal>),
    /// An object constructor key written as a bare name (or `true`, `false`,
    /// `null`): the name as a string.
    KeywordKey(LitVal),
    /// An object constructor key: a bare name is a literal string.
    ObjectKey {
        wrapped: Box<Expr>,
        force_non_literal: bool,
    },
    For(Box<ForExpr>),
    Index(Box<IndexExpr>),
    Splat(Box<SplatExpr>),
    /// The current element inside a splat's `each` expression.
    AnonSymbol,
    Parens(Box<Expr>),
}

/// A literal's value: a number, a string, a bool or `null` (of type `any`),
/// unmarked. Only its kind is kept (the type follows from it), so that an
/// expression node stays small: a template holds one per part.
#[derive(Clone, Debug)]
pub struct LitVal(crate::value::Kind);

impl LitVal {
    pub fn number(n: crate::number::Number) -> LitVal {
        LitVal(crate::value::Kind::Number(n))
    }
    pub fn bool(b: bool) -> LitVal {
        LitVal(crate::value::Kind::Bool(b))
    }
    pub fn null() -> LitVal {
        LitVal(crate::value::Kind::Null)
    }
    /// A string literal (see [`str_value`]). Empty strings (the missing
    /// branch of every `%{if}` without `%{else}`) share one allocation.
    pub fn string(s: &str) -> LitVal {
        thread_local! {
            static EMPTY: std::sync::Arc<str> = std::sync::Arc::from("");
        }
        if s.is_empty() {
            return LitVal(crate::value::Kind::String(EMPTY.with(std::sync::Arc::clone)));
        }
        LitVal(str_value(s).kind)
    }
    /// A string value's kind (`v` is a string made by [`str_value`]).
    pub fn of_string(v: Value) -> LitVal {
        LitVal(v.kind)
    }
    /// The literal as a value.
    pub fn value(&self) -> Value {
        use crate::types::Type;
        use crate::value::Kind;
        let ty = match &self.0 {
            Kind::Number(_) => Type::Number,
            Kind::String(_) => Type::String,
            Kind::Bool(_) => Type::Bool,
            _ => Type::Dynamic,
        };
        Value { ty, kind: self.0.clone(), marks: crate::value::Marks::NONE }
    }
    pub fn as_number(&self) -> Option<&crate::number::Number> {
        match &self.0 {
            crate::value::Kind::Number(n) => Some(n),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match &self.0 {
            crate::value::Kind::String(s) => Some(s),
            _ => None,
        }
    }
    /// The string of a string literal, shared.
    pub fn as_arc_str(&self) -> Option<&std::sync::Arc<str>> {
        match &self.0 {
            crate::value::Kind::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match &self.0 {
            crate::value::Kind::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(self.0, crate::value::Kind::Null)
    }
}

/// A variable reference: its root name and the traversal steps after it.
#[derive(Clone, Debug)]
pub struct ScopeExpr {
    pub root: String,
    pub root_range: Span,
    pub steps: Vec<Step>,
}

/// Traversal steps applied to another expression's value.
#[derive(Clone, Debug)]
pub struct RelativeExpr {
    pub source: Expr,
    pub steps: Vec<Step>,
}

/// `source.*.each` or `source[*]each`.
#[derive(Clone, Debug)]
pub struct SplatExpr {
    pub source: Expr,
    pub each: Expr,
    pub marker_range: Span,
}

/// `coll[key]` with a key that is not a literal.
#[derive(Clone, Debug)]
pub struct IndexExpr {
    pub coll: Expr,
    pub key: Expr,
    pub open_range: Span,
    pub bracket_range: Span,
}

#[derive(Clone, Debug)]
pub struct ConstVal {
    pub value: Value,
    /// Ranges of the parts, in the parsed text.
    pub spans: crate::diag::SpanTree,
    /// The opening bracket or brace (hcl's `StartRange`).
    pub open_range: Span,
    /// Every object in the value was written with each key once: known
    /// only of literal data read byte by byte (false: not known), so that
    /// the notes need not read the text again for keys written twice.
    /// Native only (the page's notes read the text: its code stays small).
    #[cfg(not(target_arch = "wasm32"))]
    pub keys_once: bool,
}

impl ConstVal {
    /// A constant whose objects' keys are not known to be written once
    /// (see [`ConstVal::keys_once`]).
    pub fn new(value: Value, spans: crate::diag::SpanTree, open_range: Span) -> ConstVal {
        ConstVal {
            value,
            spans,
            open_range,
            #[cfg(not(target_arch = "wasm32"))]
            keys_once: false,
        }
    }
}

/// The name of the call that stands for an expression hcl could not parse
/// (what it kept of it: the traversals read before the error, as the
/// call's arguments). No function has this name.
pub const SYNTAX_ERROR_CALL: &str = "\u{0}syntax error";

#[derive(Clone, Debug)]
pub struct CallExpr {
    pub name: String,
    pub name_range: Span,
    pub args: Vec<Expr>,
    pub expand_final: bool,
    pub open_range: Span,
    pub close_range: Span,
}

#[derive(Clone, Debug)]
pub struct ForExpr {
    pub key_var: Option<String>,
    pub val_var: String,
    pub coll: Expr,
    pub key_expr: Option<Expr>,
    pub val_expr: Expr,
    pub cond: Option<Expr>,
    pub group: bool,
    pub open_range: Span,
}

/// A string value; ASCII text is already in NFC, so it skips normalisation.
pub fn str_value(s: &str) -> Value {
    if s.is_ascii() {
        Value {
            ty: crate::types::Type::String,
            kind: crate::value::Kind::String(s.into()),
            marks: crate::value::Marks::NONE,
        }
    } else {
        Value::string(s)
    }
}

/// A string in NFC (ASCII text already is).
pub fn nfc_key(s: &str) -> String {
    if s.is_ascii() {
        s.to_string()
    } else {
        crate::value::nfc(s)
    }
}

/// Builds tuple and object values, sharing types among values of the same
/// type (a list of similar objects then holds a few types, not a copy per
/// element). Remembers the most recently used types of each kind.
#[derive(Default)]
pub struct TypeCache {
    objects: Vec<crate::types::Type>,
    tuples: Vec<crate::types::Type>,
}

const TYPE_CACHE_SIZE: usize = 8;

fn cached(
    list: &mut Vec<crate::types::Type>,
    matches: impl Fn(&crate::types::Type) -> bool,
    make: impl FnOnce() -> crate::types::Type,
) -> crate::types::Type {
    if let Some(i) = list.iter().position(matches) {
        let t = list.remove(i);
        list.insert(0, t.clone());
        return t;
    }
    let t = make();
    list.insert(0, t.clone());
    list.truncate(TYPE_CACHE_SIZE);
    t
}

impl TypeCache {
    pub fn tuple(&mut self, vals: Vec<Value>) -> Value {
        use crate::types::Type;
        let ty = cached(
            &mut self.tuples,
            |t| matches!(t, Type::Tuple(ts) if ts.len() == vals.len() && ts.iter().zip(&vals).all(|(t, v)| *t == v.ty)),
            // Collected straight into their slice (one allocation, not a
            // vector copied into it).
            || Type::Tuple(std::sync::Arc::new(vals.iter().map(|v| v.ty.clone()).collect())),
        );
        Value { ty, kind: crate::value::Kind::Seq(std::sync::Arc::new(vals)), marks: crate::value::Marks::NONE }
    }

    pub fn object(&mut self, vals: crate::value::AttrMap, marks: crate::value::Marks) -> Value {
        // The entries move into the value first, then the type is read from
        // them: the map's room is given back before the type is built.
        self.object_attrs(vals.into(), marks)
    }

    /// [`TypeCache::object`] of entries already in a value's form.
    pub fn object_attrs(&mut self, vals: crate::value::Attrs, marks: crate::value::Marks) -> Value {
        use crate::types::Type;
        let ty = cached(
            &mut self.objects,
            |t| match t {
                Type::Object(o) => {
                    o.attrs.len() == vals.len()
                        && o.attrs
                            .iter()
                            .zip(vals.iter())
                            .all(|((tk, tt), (vk, vv))| tk.as_str() == &**vk && *tt == vv.ty)
                }
                _ => false,
            },
            || Type::object(crate::sort::map(vals.iter().map(|(k, v)| (k.to_string(), v.ty.clone())))),
        );
        Value { ty, kind: crate::value::Kind::Attrs(vals), marks }
    }
}

impl Expr {
    /// An argument whose expression did not parse (a whole configuration
    /// file read on after a syntax error).
    pub fn is_syntax_error(&self) -> bool {
        matches!(&self.kind, ExprKind::Call(c) if c.name == SYNTAX_ERROR_CALL)
    }

    pub fn new(kind: ExprKind, range: Span) -> Expr {
        let d = kind.children_depth();
        Expr::with_depth(kind, range, d + 1)
    }

    /// A node whose height is known.
    pub fn with_depth(kind: ExprKind, range: Span, depth: u32) -> Expr {
        // Sources are far below 4 GiB (the value limits); an offset beyond
        // saturates rather than wraps.
        let off = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Expr { kind, start: off(range.start), end: off(range.end), depth }
    }

    /// The node's range in the source.
    pub fn range(&self) -> Span {
        self.start as usize..self.end as usize
    }

    /// hclsyntax's `StartRange`: the part of the expression a diagnostic about
    /// its start (for example a bad function argument) points at.
    pub fn start_range(&self) -> Span {
        match &self.kind {
            ExprKind::Tuple { .. } | ExprKind::Object { .. } | ExprKind::Unary { .. } => {
                self.range().start..(self.range().start + 1).min(self.range().end)
            }
            ExprKind::Call(c) => c.name_range.start..c.open_range.end,
            ExprKind::Binary { lhs, .. } => lhs.start_range(),
            ExprKind::Conditional { cond, .. } => cond.start_range(),
            ExprKind::Template(parts) => parts.first().map_or(self.range(), Expr::start_range),
            ExprKind::Index(x) => x.open_range.clone(),
            ExprKind::Const(c) => c.open_range.clone(),
            ExprKind::Splat(s) => s.marker_range.clone(),
            ExprKind::For(f) => f.open_range.clone(),
            ExprKind::Parens(e) | ExprKind::TemplateJoin(e) => e.start_range(),
            ExprKind::ObjectKey { wrapped, .. } => wrapped.start_range(),
            _ => self.range(),
        }
    }

    /// Calls `f` on this expression and every expression below it, parents
    /// first (hclsyntax's `VisitAll`). Iterative: trees may be deep.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            f(e);
            // The children pushed in place, then turned round: no list of
            // them per node (every rule's evaluation walks its expression).
            let n = stack.len();
            e.kind.each_child(&mut |c| stack.push(c));
            stack[n..].reverse();
        }
    }

    /// The number of a number literal.
    pub fn kind_number(&self) -> Option<&crate::number::Number> {
        match &self.kind {
            ExprKind::Literal(l) => l.as_number(),
            _ => None,
        }
    }

    /// `hcl.ExprAsKeyword`: a bare single-name reference (or `true`/`false`/`null`) as its name.
    pub fn as_keyword(&self) -> Option<String> {
        match &self.kind {
            ExprKind::Scope(s) if s.steps.is_empty() => Some(s.root.clone()),
            ExprKind::Parens(e) => e.as_keyword(),
            ExprKind::Literal(v) if v.is_null() => Some("null".into()),
            ExprKind::Literal(v) => v.as_bool().map(|b| if b { "true".into() } else { "false".into() }),
            _ => None,
        }
    }
}

impl ExprKind {
    /// The direct sub-expressions, in hclsyntax's `VisitAll` order.
    pub fn children(&self) -> Vec<&Expr> {
        let mut v = Vec::new();
        self.each_child(&mut |c| v.push(c));
        v
    }

    /// [`ExprKind::children`] one by one, with no list built.
    pub fn each_child<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        match self {
            ExprKind::Literal(_)
            | ExprKind::KeywordKey(_)
            | ExprKind::Const(_)
            | ExprKind::Scope(_)
            | ExprKind::AnonSymbol => {}
            ExprKind::Template(p) => p.iter().for_each(f),
            ExprKind::TemplateWrap(e) | ExprKind::TemplateJoin(e) | ExprKind::Parens(e) => f(e),
            ExprKind::Relative(r) => f(&r.source),
            ExprKind::Call(c) => c.args.iter().for_each(f),
            ExprKind::Conditional { cond, t, f: e } => {
                f(cond);
                f(t);
                f(e);
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            ExprKind::Unary { val, .. } => f(val),
            ExprKind::Tuple { elems, .. } => elems.iter().for_each(f),
            ExprKind::Object { items, .. } => {
                for (k, v) in items {
                    f(k);
                    f(v);
                }
            }
            ExprKind::ObjectKey { wrapped, .. } => f(wrapped),
            ExprKind::For(x) => {
                f(&x.coll);
                if let Some(k) = &x.key_expr {
                    f(k);
                }
                f(&x.val_expr);
                if let Some(c) = &x.cond {
                    f(c);
                }
            }
            ExprKind::Index(x) => {
                f(&x.coll);
                f(&x.key);
            }
            ExprKind::Splat(s) => {
                f(&s.source);
                f(&s.each);
            }
        }
    }

    fn children_depth(&self) -> u32 {
        let m = |es: &[Expr]| es.iter().map(|e| e.depth).max().unwrap_or(0);
        match self {
            ExprKind::Literal(_)
            | ExprKind::KeywordKey(_)
            | ExprKind::Const(_)
            | ExprKind::Scope(_)
            | ExprKind::AnonSymbol => 0,
            ExprKind::Template(p) => m(p),
            ExprKind::TemplateWrap(e) | ExprKind::TemplateJoin(e) | ExprKind::Parens(e) => e.depth,
            ExprKind::Relative(r) => r.source.depth,
            ExprKind::Call(c) => m(&c.args),
            ExprKind::Conditional { cond, t, f } => cond.depth.max(t.depth).max(f.depth),
            ExprKind::Binary { lhs, rhs, .. } => lhs.depth.max(rhs.depth),
            ExprKind::Unary { val, .. } => val.depth,
            ExprKind::Tuple { elems, .. } => m(elems),
            ExprKind::Object { items, .. } => items.iter().map(|(k, v)| k.depth.max(v.depth)).max().unwrap_or(0),
            ExprKind::ObjectKey { wrapped, .. } => wrapped.depth,
            ExprKind::For(f) => {
                let mut d = f.coll.depth.max(f.val_expr.depth);
                if let Some(k) = &f.key_expr {
                    d = d.max(k.depth);
                }
                if let Some(c) = &f.cond {
                    d = d.max(c.depth);
                }
                d
            }
            ExprKind::Index(x) => x.coll.depth.max(x.key.depth),
            ExprKind::Splat(s) => s.source.depth.max(s.each.depth),
        }
    }
}
