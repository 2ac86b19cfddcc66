//! The variables an expression refers to, as hclsyntax's `Variables` finds
//! them: every scope traversal (`var.a`, `local.b[0]`), except names bound
//! by an enclosing `for` expression.

use super::ast::{Expr, ExprKind, Span, Step};

/// A reference: its root name, the attribute after it (`var.NAME`'s
/// `NAME`), and the traversal's range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub root: String,
    pub attr: Option<String>,
    pub range: Span,
    /// The root and its first attribute (`var.x` of `var.x.y[0]`), as
    /// `addrs.ParseRef` takes the subject of a variable reference.
    pub head_range: Span,
}

/// The references of `e`, in source order.
pub fn references(e: &Expr) -> Vec<Reference> {
    let mut out = Vec::new();
    walk(e, &mut Vec::new(), &mut out);
    out
}

fn walk(e: &Expr, bound: &mut Vec<String>, out: &mut Vec<Reference>) {
    match &e.kind {
        ExprKind::Scope(s) => {
            let (root, steps) = (&s.root, &s.steps);
            if !bound.iter().any(|b| b == root) {
                let (attr, head_range) = match steps.first() {
                    Some(Step::Attr { name, range }) => (Some(name.clone()), s.root_range.start..range.end),
                    _ => (None, s.root_range.clone()),
                };
                out.push(Reference { root: root.clone(), attr, range: e.range(), head_range });
            }
        }
        ExprKind::Literal(_) | ExprKind::Const(_) | ExprKind::KeywordKey(_) | ExprKind::AnonSymbol => {}
        ExprKind::Template(parts) => parts.iter().for_each(|p| walk(p, bound, out)),
        ExprKind::TemplateWrap(x) | ExprKind::TemplateJoin(x) | ExprKind::Parens(x) => walk(x, bound, out),
        ExprKind::ObjectKey { wrapped, .. } => walk(wrapped, bound, out),
        ExprKind::Relative(r) => walk(&r.source, bound, out),
        ExprKind::Call(c) => c.args.iter().for_each(|a| walk(a, bound, out)),
        ExprKind::Conditional { cond, t, f } => {
            walk(cond, bound, out);
            walk(t, bound, out);
            walk(f, bound, out);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            walk(lhs, bound, out);
            walk(rhs, bound, out);
        }
        ExprKind::Unary { val, .. } => walk(val, bound, out),
        ExprKind::Tuple { elems, .. } => elems.iter().for_each(|x| walk(x, bound, out)),
        ExprKind::Object { items, .. } => {
            for (k, v) in items {
                walk(k, bound, out);
                walk(v, bound, out);
            }
        }
        ExprKind::For(f) => {
            walk(&f.coll, bound, out);
            let n = bound.len();
            bound.extend(f.key_var.iter().cloned());
            bound.push(f.val_var.clone());
            if let Some(k) = &f.key_expr {
                walk(k, bound, out);
            }
            walk(&f.val_expr, bound, out);
            if let Some(c) = &f.cond {
                walk(c, bound, out);
            }
            bound.truncate(n);
        }
        ExprKind::Index(x) => {
            walk(&x.coll, bound, out);
            walk(&x.key, bound, out);
        }
        ExprKind::Splat(s) => {
            walk(&s.source, bound, out);
            walk(&s.each, bound, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(src: &str) -> Vec<(String, Option<String>, String)> {
        let expr = crate::hcl::parse_standalone(src, "<expr>", &crate::flavor::Profile::default()).unwrap();
        references(&expr).into_iter().map(|r| (r.root, r.attr, src[r.range].to_string())).collect()
    }

    #[test]
    fn references_are_the_scope_traversals_outside_for_bindings() {
        let s = |x: &str| x.to_string();
        assert_eq!(refs("var.a > 0"), vec![(s("var"), Some(s("a")), s("var.a"))]);
        assert_eq!(
            refs("length(local.x[0]) + var.b.c"),
            vec![(s("local"), Some(s("x")), s("local.x[0]")), (s("var"), Some(s("b")), s("var.b.c"))]
        );
        assert_eq!(
            refs("[for k, v in var.m : v if k != x]"),
            vec![(s("var"), Some(s("m")), s("var.m")), (s("x"), None, s("x"))]
        );
        assert_eq!(
            refs("\"${var.a}-${count.index}\""),
            vec![(s("var"), Some(s("a")), s("var.a")), (s("count"), Some(s("index")), s("count.index"))]
        );
    }
}
