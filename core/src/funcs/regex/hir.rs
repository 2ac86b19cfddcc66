//! A translated pattern's parse (regex-syntax's AST) read into the form the
//! Pike VM runs (its HIR), as regex-syntax's own reader reads it, but for
//! `\p{…}`: a table is the release's Go's ([`crate::unicode::class_ranges`],
//! Unicode 13.0 or 15.0), where regex-syntax's are Unicode 16.0 (and would
//! cost the .wasm ~35 KB gz). Flags, literals, classes, repeats and groups
//! are read exactly as regex-syntax reads them (the tests compare the two on
//! patterns without `\p`); what [`super::translate`] never writes (Perl
//! classes, byte mode but for `\b`, set operations) is refused.

use crate::unicode::Unicode;
use regex_syntax::ast::{self, Ast};
use regex_syntax::hir::{Capture, Class, ClassUnicode, ClassUnicodeRange, Dot, Hir, HirKind, Look, Repetition};

/// The flags in force where a node is read (`i`, `m`, `s`, `U`, `u`).
#[derive(Clone, Copy)]
struct Flags {
    fold: bool,
    multi_line: bool,
    dot_newline: bool,
    lazy: bool,
    unicode: bool,
}

/// The HIR of `ast` with the tables of `unicode`; `Err` for what
/// [`super::translate`] never writes.
pub(super) fn read(ast: &Ast, unicode: Unicode) -> Result<Hir, ()> {
    let mut flags = Flags { fold: false, multi_line: false, dot_newline: false, lazy: false, unicode: true };
    node(ast, &mut flags, unicode)
}

/// Sets the flags a flag group names (those after `-` off).
fn set(flags: &mut Flags, group: &ast::Flags) -> Result<(), ()> {
    let mut on = true;
    for item in &group.items {
        match item.kind {
            ast::FlagsItemKind::Negation => on = false,
            ast::FlagsItemKind::Flag(ast::Flag::CaseInsensitive) => flags.fold = on,
            ast::FlagsItemKind::Flag(ast::Flag::MultiLine) => flags.multi_line = on,
            ast::FlagsItemKind::Flag(ast::Flag::DotMatchesNewLine) => flags.dot_newline = on,
            ast::FlagsItemKind::Flag(ast::Flag::SwapGreed) => flags.lazy = on,
            ast::FlagsItemKind::Flag(ast::Flag::Unicode) => flags.unicode = on,
            ast::FlagsItemKind::Flag(_) => return Err(()),
        }
    }
    Ok(())
}

/// A node, read where `flags` are in force; a flag group sets them for the
/// rest of its group (alternatives after it included), a group restores them.
fn node(ast: &Ast, flags: &mut Flags, unicode: Unicode) -> Result<Hir, ()> {
    if !flags.unicode && !matches!(ast, Ast::Assertion(_) | Ast::Group(_) | Ast::Flags(_) | Ast::Empty(_)) {
        return Err(());
    }
    Ok(match ast {
        Ast::Empty(_) => Hir::empty(),
        Ast::Flags(f) => {
            set(flags, &f.flags)?;
            Hir::empty()
        }
        Ast::Literal(l) => match flags.fold {
            false => Hir::literal(l.c.encode_utf8(&mut [0; 4]).as_bytes()),
            true => class(folded_negated(vec![(l.c, l.c)], true, false)),
        },
        Ast::Dot(_) => Hir::dot(if flags.dot_newline { Dot::AnyChar } else { Dot::AnyCharExcept('\n') }),
        Ast::Assertion(a) => Hir::look(match (&a.kind, flags.unicode) {
            (ast::AssertionKind::StartLine, _) if flags.multi_line => Look::StartLF,
            (ast::AssertionKind::EndLine, _) if flags.multi_line => Look::EndLF,
            (ast::AssertionKind::StartLine | ast::AssertionKind::StartText, _) => Look::Start,
            (ast::AssertionKind::EndLine | ast::AssertionKind::EndText, _) => Look::End,
            (ast::AssertionKind::WordBoundary, false) => Look::WordAscii,
            (ast::AssertionKind::NotWordBoundary, false) => Look::WordAsciiNegate,
            _ => return Err(()),
        }),
        Ast::ClassUnicode(c) => class(table(c, flags, unicode)?),
        Ast::ClassBracketed(b) => class(bracketed(b, flags, unicode)?),
        Ast::ClassPerl(_) => return Err(()),
        Ast::Repetition(r) => {
            let sub = Box::new(node(&r.ast, flags, unicode)?);
            let (min, max) = match r.op.kind {
                ast::RepetitionKind::ZeroOrOne => (0, Some(1)),
                ast::RepetitionKind::ZeroOrMore => (0, None),
                ast::RepetitionKind::OneOrMore => (1, None),
                ast::RepetitionKind::Range(ast::RepetitionRange::Exactly(n)) => (n, Some(n)),
                ast::RepetitionKind::Range(ast::RepetitionRange::AtLeast(n)) => (n, None),
                ast::RepetitionKind::Range(ast::RepetitionRange::Bounded(m, n)) => (m, Some(n)),
            };
            Hir::repetition(Repetition { min, max, greedy: r.greedy != flags.lazy, sub })
        }
        Ast::Group(g) => {
            let outside = *flags;
            let sub = match g.flags() {
                Some(f) => set(flags, f).and_then(|()| node(&g.ast, flags, unicode)),
                None => node(&g.ast, flags, unicode),
            };
            *flags = outside;
            let sub = Box::new(sub?);
            match &g.kind {
                ast::GroupKind::CaptureIndex(index) => Hir::capture(Capture { index: *index, name: None, sub }),
                ast::GroupKind::CaptureName { name, .. } => {
                    Hir::capture(Capture { index: name.index, name: Some(name.name.as_str().into()), sub })
                }
                ast::GroupKind::NonCapturing(_) => *sub,
            }
        }
        Ast::Alternation(a) => {
            Hir::alternation(a.asts.iter().map(|x| node(x, flags, unicode)).collect::<Result<_, _>>()?)
        }
        Ast::Concat(c) => {
            let mut subs = Vec::with_capacity(c.asts.len());
            for x in &c.asts {
                let h = node(x, flags, unicode)?;
                if !matches!(h.kind(), HirKind::Empty) {
                    subs.push(h);
                }
            }
            Hir::concat(subs)
        }
    })
}

fn class(c: ClassUnicode) -> Hir {
    Hir::class(Class::Unicode(c))
}

/// `ranges` as a class, case-folded when `fold` (before negation, as Go
/// and regex-syntax do), then negated when `negated`.
fn folded_negated(ranges: Vec<(char, char)>, fold: bool, negated: bool) -> ClassUnicode {
    fold_negate(ClassUnicode::new(ranges.into_iter().map(|(a, b)| ClassUnicodeRange::new(a, b))), fold, negated)
}

/// `c` case-folded when `fold`, then negated when `negated`.
fn fold_negate(mut c: ClassUnicode, fold: bool, negated: bool) -> ClassUnicode {
    if fold {
        c.case_fold_simple();
    }
    if negated {
        c.negate();
    }
    c
}

/// `\p{name}`, `\pN` or negated: the release's table.
fn table(c: &ast::ClassUnicode, flags: &Flags, unicode: Unicode) -> Result<ClassUnicode, ()> {
    let one;
    let name = match &c.kind {
        ast::ClassUnicodeKind::OneLetter(l) => {
            one = l.to_string();
            one.as_str()
        }
        ast::ClassUnicodeKind::Named(n) => n.as_str(),
        ast::ClassUnicodeKind::NamedValue { .. } => return Err(()),
    };
    let ranges = crate::unicode::class_ranges(name, unicode).ok_or(())?;
    Ok(folded_negated(ranges, flags.fold, c.negated))
}

/// A bracketed class: its set, folded, then negated.
fn bracketed(b: &ast::ClassBracketed, flags: &Flags, unicode: Unicode) -> Result<ClassUnicode, ()> {
    Ok(fold_negate(set_of(&b.kind, flags, unicode)?, flags.fold, b.negated))
}

/// A class's set: the union of its items, or an operation (`&&`, `--`,
/// `~~`) on two sets, each folded first.
fn set_of(set: &ast::ClassSet, flags: &Flags, unicode: Unicode) -> Result<ClassUnicode, ()> {
    let op = match set {
        ast::ClassSet::Item(item) => return item_of(item, flags, unicode),
        ast::ClassSet::BinaryOp(op) => op,
    };
    let (mut lhs, mut rhs) = (set_of(&op.lhs, flags, unicode)?, set_of(&op.rhs, flags, unicode)?);
    if flags.fold {
        lhs.case_fold_simple();
        rhs.case_fold_simple();
    }
    match op.kind {
        ast::ClassSetBinaryOpKind::Intersection => lhs.intersect(&rhs),
        ast::ClassSetBinaryOpKind::Difference => lhs.difference(&rhs),
        ast::ClassSetBinaryOpKind::SymmetricDifference => lhs.symmetric_difference(&rhs),
    }
    Ok(lhs)
}

/// One item of a class's set.
fn item_of(item: &ast::ClassSetItem, flags: &Flags, unicode: Unicode) -> Result<ClassUnicode, ()> {
    Ok(match item {
        ast::ClassSetItem::Empty(_) => ClassUnicode::empty(),
        ast::ClassSetItem::Literal(l) => ClassUnicode::new([ClassUnicodeRange::new(l.c, l.c)]),
        ast::ClassSetItem::Range(r) => ClassUnicode::new([ClassUnicodeRange::new(r.start.c, r.end.c)]),
        ast::ClassSetItem::Ascii(a) => folded_negated(ascii(&a.kind), flags.fold, a.negated),
        ast::ClassSetItem::Unicode(u) => table(u, flags, unicode)?,
        ast::ClassSetItem::Bracketed(inner) => bracketed(inner, flags, unicode)?,
        ast::ClassSetItem::Union(u) => {
            let mut c = ClassUnicode::empty();
            for item in &u.items {
                c.union(&item_of(item, flags, unicode)?);
            }
            c
        }
        ast::ClassSetItem::Perl(_) => return Err(()),
    })
}

/// The POSIX classes (`[:alpha:]`), ASCII only, as Go has them.
fn ascii(kind: &ast::ClassAsciiKind) -> Vec<(char, char)> {
    use ast::ClassAsciiKind::*;
    let ranges: &[(char, char)] = match kind {
        Alnum => &[('0', '9'), ('A', 'Z'), ('a', 'z')],
        Alpha => &[('A', 'Z'), ('a', 'z')],
        Ascii => &[('\0', '\x7F')],
        Blank => &[('\t', '\t'), (' ', ' ')],
        Cntrl => &[('\0', '\x1F'), ('\x7F', '\x7F')],
        Digit => &[('0', '9')],
        Graph => &[('!', '~')],
        Lower => &[('a', 'z')],
        Print => &[(' ', '~')],
        Punct => &[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
        Space => &[('\t', '\r'), (' ', ' ')],
        Upper => &[('A', 'Z')],
        Word => &[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')],
        Xdigit => &[('0', '9'), ('A', 'F'), ('a', 'f')],
    };
    ranges.to_vec()
}
