//! The regular-expression engine, on every target: it costs what Go's
//! regexp does: a Pike VM (Thompson's NFA simulation, as Go's `regexp`
//! runs it) over chars, compiled from the parse (`regex_syntax`'s HIR)
//! with each class one instruction that refers to a shared, deduplicated
//! table of char ranges (a Unicode class under a counted repeat, such as
//! `(\p{L}{0,1000})` repeated 20 times, stays small).
//!
//! Matching is leftmost-first with Perl's priorities, and the capture
//! groups are those Go reports (the tests pin it against the regex crate).
//! Memory is bounded before anything is built ([`VM_MEMORY_BUDGET`]); time
//! is linear in the input (each step visits each instruction at most once).

use regex_syntax::hir::{Class, Hir, HirKind, Look};
use std::collections::HashMap;

/// The most memory one program and a search with it take: 4 × Go's
/// `maxSize` (128 MB of program), about what Go's own NFA takes at that
/// size (its 40-byte instructions and two queues of 20 bytes per
/// instruction, before its threads). [`bound`] adds the parts up (at
/// [`MAX_INSTS`]: about 384 MB on 64 bits) and [`Program::memory_bound`] adds the
/// class tables; a program past the budget is refused with Go's
/// "expression too large": only one past [`MAX_INSTS`], which no pattern
/// under Go's limit reaches, or one with millions of distinct classes
/// (tens of MB of pattern text).
pub(super) const VM_MEMORY_BUDGET: usize = 512 << 20;

/// The most instructions a program may have: twice Go's `maxSize`
/// (instructions). A pattern's instruction count here is at most 1.5 ×
/// Go's `calcSize` (an alternation takes a jump per branch more than Go's
/// count; everything else the same or less) plus 3.
pub(super) const MAX_INSTS: usize = 2 * super::GO_MAX_SIZE as usize;

/// The most memory the capture slots of the live threads may take. A
/// search keeps as many slots per thread as fit; the rest are found by
/// running the same search again for the next slots (the threads' order
/// does not depend on the slots, so each run sees the same match).
const ROWS_BUDGET: usize = 128 << 20;

/// No position (an unset capture slot).
pub(super) const NONE: usize = usize::MAX;

/// No column (a slot this run does not keep).
const NO_COL: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
enum Inst {
    /// One char, then the next instruction.
    Char(char),
    /// A char of the class (an index into the table), then the next.
    Class(u32),
    /// An empty-width assertion, then the next.
    Look(Anchor),
    /// Records the position in a capture slot, then the next.
    Save(u32),
    /// Both, the first preferred.
    Split(u32, u32),
    Jmp(u32),
    Match,
}

/// The assertions a translated Go pattern can hold.
#[derive(Clone, Copy, Debug)]
enum Anchor {
    TextStart,
    TextEnd,
    LineStart,
    LineEnd,
    /// Go's `\b` (ASCII word characters).
    Word,
    NotWord,
}

impl Anchor {
    fn holds(self, hay: &[u8], at: usize) -> bool {
        let word = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
        match self {
            Anchor::TextStart => at == 0,
            Anchor::TextEnd => at == hay.len(),
            Anchor::LineStart => at == 0 || hay[at - 1] == b'\n',
            Anchor::LineEnd => at == hay.len() || hay[at] == b'\n',
            Anchor::Word | Anchor::NotWord => {
                let before = at > 0 && word(hay.get(at - 1));
                let boundary = before != word(hay.get(at));
                boundary == matches!(self, Anchor::Word)
            }
        }
    }
}

/// Why a parse has no program.
#[derive(Debug, PartialEq)]
pub(super) enum Refusal {
    /// More than [`MAX_INSTS`] instructions.
    TooLarge,
    /// A kind of node a translated Go pattern does not hold (a Unicode word
    /// boundary, CRLF line anchors, bytes that are not UTF-8).
    Unsupported,
}

/// A compiled pattern.
pub(super) struct Program {
    insts: Vec<Inst>,
    /// The classes' ranges (sorted, disjoint), each class once.
    classes: Vec<Box<[(char, char)]>>,
    /// Each class's ASCII members, a bit per char (no search for them).
    ascii: Vec<u128>,
    /// Each group's name (the whole match, group 0, has none).
    names: Vec<Option<Box<str>>>,
    /// Instructions a thread can wait at (chars, classes, the match).
    waits: usize,
    /// The pattern starts with `\A`: only a search from 0 can match.
    anchored: bool,
    /// How many slots a search keeps per thread (see [`ROWS_BUDGET`]).
    cols: usize,
    /// What a match's first char can be, when no match is empty at its
    /// start: a search skips the positions no thread would live past.
    first: Option<First>,
}

/// The chars a match can start with (the waits reachable from the start).
enum First {
    /// A few ASCII chars: the text's bytes are scanned.
    Bytes(Box<[u8]>),
    /// A few chars and classes.
    Waits(Box<[Inst]>),
}

/// Whether `ch` is in one of the sorted, disjoint `ranges`.
pub(super) fn in_ranges(ranges: &[(char, char)], ch: char) -> bool {
    ranges
        .binary_search_by(|&(lo, hi)| {
            if hi < ch {
                std::cmp::Ordering::Less
            } else if lo > ch {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// A class's ASCII members as a bit per char.
fn ascii_members(ranges: &[(char, char)]) -> u128 {
    ranges.iter().filter(|r| r.0.is_ascii()).fold(0, |m, &(lo, hi)| {
        let hi = (hi as u32).min(127);
        m | ((u128::MAX >> (127 - hi)) & (u128::MAX << (lo as u32)))
    })
}

/// The most waits a [`First`] holds (past it, no skipping).
const MAX_FIRST: usize = 16;

/// The waits reachable from the start without reading a char, or None if
/// the match can be reached so (an empty match) or there are many.
fn first(insts: &[Inst]) -> Option<First> {
    let mut seen = vec![false; insts.len()];
    let mut todo = vec![0u32];
    let mut waits = Vec::new();
    while let Some(pc) = todo.pop() {
        if std::mem::replace(&mut seen[pc as usize], true) {
            continue;
        }
        match insts[pc as usize] {
            Inst::Match => return None,
            w @ (Inst::Char(_) | Inst::Class(_)) => {
                waits.push(w);
                if waits.len() > MAX_FIRST {
                    return None;
                }
            }
            Inst::Look(_) | Inst::Save(_) => todo.push(pc + 1),
            Inst::Split(a, b) => todo.extend([b, a]),
            Inst::Jmp(a) => todo.push(a),
        }
    }
    let ascii: Option<Box<[u8]>> = waits
        .iter()
        .map(|w| if let Inst::Char(c) = w { u8::try_from(*c).ok().filter(u8::is_ascii) } else { None })
        .collect();
    Some(match ascii {
        Some(bytes) => First::Bytes(bytes),
        None => First::Waits(waits.into()),
    })
}

/// The memory a program of `insts` instructions (`waits` of them where
/// threads wait) takes with a search keeping `cols` slots per thread:
/// the program, each list's marks, the closure's stack, and each list's
/// threads and their slots (class tables are counted apart).
pub(super) const fn bound(insts: usize, waits: usize, cols: usize) -> usize {
    insts * std::mem::size_of::<Inst>()
        + 2 * insts * 4
        + (insts + 1) * std::mem::size_of::<Frame>()
        + 2 * waits * (4 + cols * std::mem::size_of::<usize>())
}

impl Program {
    /// Compiles a parse; the instructions are counted before anything is
    /// built.
    pub(super) fn new(hir: &Hir) -> Result<Program, Refusal> {
        // The groups are numbered as written; a group under `{0}` is gone
        // from the parse but keeps its number (as in the regex crate).
        let mut last_group = 0;
        let n = count(hir, &mut last_group)?.saturating_add(3);
        if n > MAX_INSTS as u64 {
            return Err(Refusal::TooLarge);
        }
        let groups = last_group as usize + 1;
        let mut c = Compiler {
            insts: Vec::with_capacity(n as usize),
            classes: Vec::new(),
            by_ranges: HashMap::new(),
            by_node: HashMap::new(),
            names: vec![None; groups],
            _hir: std::marker::PhantomData,
        };
        c.push(Inst::Save(0));
        c.compile(hir)?;
        c.push(Inst::Save(1));
        c.push(Inst::Match);
        debug_assert_eq!(c.insts.len() as u64, n);
        let waits = c.insts.iter().filter(|i| matches!(i, Inst::Char(_) | Inst::Class(_) | Inst::Match)).count();
        let cols = (ROWS_BUDGET / (2 * waits.max(1) * std::mem::size_of::<usize>())).clamp(1, 2 * groups);
        let prog = Program {
            first: first(&c.insts),
            ascii: c.classes.iter().map(|r| ascii_members(r)).collect(),
            cols,
            insts: c.insts,
            classes: c.classes,
            names: c.names,
            waits,
            anchored: hir.properties().look_set_prefix().contains(Look::Start),
        };
        // Holds for every program under `MAX_INSTS` (the tests show it for
        // the largest); checked all the same.
        if prog.memory_bound() > VM_MEMORY_BUDGET {
            return Err(Refusal::TooLarge);
        }
        Ok(prog)
    }

    /// The groups, the whole match (0) included.
    pub(super) fn groups(&self) -> usize {
        self.names.len()
    }

    /// The program keeping at most `k` slots per run (tests: several runs).
    #[cfg(test)]
    pub(super) fn with_cols(mut self, k: usize) -> Self {
        self.cols = self.cols.min(k);
        self
    }

    /// What this program and a search with it may take at most.
    pub(super) fn memory_bound(&self) -> usize {
        bound(self.insts.len(), self.waits, self.cols) - self.insts.len() * std::mem::size_of::<Inst>()
            + self.program_bytes()
            + self.classes.len() * std::mem::size_of::<(u64, bool)>()
    }

    /// What the program itself takes: its instructions and class tables.
    pub(super) fn program_bytes(&self) -> usize {
        self.insts.len() * std::mem::size_of::<Inst>()
            + self.classes.iter().map(|c| c.len() * std::mem::size_of::<(char, char)>()).sum::<usize>()
            + self.ascii.len() * std::mem::size_of::<u128>()
            + self.names.len() * std::mem::size_of::<Option<Box<str>>>()
    }

    pub(super) fn searcher(&self) -> Searcher<'_> {
        Searcher { prog: self, cache: Cache::default() }
    }

    /// The first position from `at` where a match can start (`at` itself
    /// when any can), None when none can.
    fn next_start(&self, hay: &str, at: usize) -> Option<usize> {
        match &self.first {
            None => Some(at),
            Some(First::Bytes(set)) => hay.as_bytes()[at..].iter().position(|b| set.contains(b)).map(|i| at + i),
            Some(First::Waits(waits)) => hay[at..]
                .char_indices()
                .find(|&(_, c)| {
                    waits.iter().any(|w| match *w {
                        Inst::Char(x) => x == c,
                        Inst::Class(id) => self.in_class(id, c),
                        _ => false,
                    })
                })
                .map(|(i, _)| at + i),
        }
    }

    fn in_class(&self, class: u32, ch: char) -> bool {
        if ch.is_ascii() {
            return self.ascii[class as usize] >> (ch as u32) & 1 == 1;
        }
        in_ranges(&self.classes[class as usize], ch)
    }
}

/// Instructions the compiler emits for a node (see [`Compiler::compile`]),
/// saturating; `last_group` is raised to the highest group number seen.
fn count(h: &Hir, last_group: &mut u32) -> Result<u64, Refusal> {
    if let HirKind::Capture(c) = h.kind() {
        *last_group = (*last_group).max(c.index);
    }
    let mut count = |h: &Hir| count(h, last_group);
    Ok(match h.kind() {
        HirKind::Empty => 0,
        HirKind::Literal(l) => std::str::from_utf8(&l.0).map_err(|_| Refusal::Unsupported)?.chars().count() as u64,
        HirKind::Class(_) | HirKind::Look(_) => 1,
        HirKind::Capture(c) => count(&c.sub)?.saturating_add(2),
        HirKind::Concat(v) => v.iter().try_fold(0u64, |n, h| Ok(n.saturating_add(count(h)?)))?,
        HirKind::Alternation(v) => v
            .iter()
            .try_fold(0u64, |n, h| Ok(n.saturating_add(count(h)?)))?
            .saturating_add(2 * (v.len() as u64).saturating_sub(1)),
        HirKind::Repetition(r) => {
            let sub = count(&r.sub)?;
            match (r.min, r.max) {
                (0, None) => sub.saturating_add(2),
                (n, None) => u64::from(n).saturating_mul(sub).saturating_add(1),
                (n, Some(m)) => u64::from(m).saturating_mul(sub).saturating_add(u64::from(m.saturating_sub(n))),
            }
        }
    })
}

struct Compiler<'h> {
    insts: Vec<Inst>,
    classes: Vec<Box<[(char, char)]>>,
    by_ranges: HashMap<Box<[(char, char)]>, u32>,
    /// A class node copied by a repeat is looked up once.
    by_node: HashMap<*const Class, u32>,
    names: Vec<Option<Box<str>>>,
    _hir: std::marker::PhantomData<&'h Hir>,
}

impl<'h> Compiler<'h> {
    fn pc(&self) -> u32 {
        self.insts.len() as u32
    }

    fn push(&mut self, i: Inst) -> u32 {
        self.insts.push(i);
        self.pc() - 1
    }

    /// Points a split's (or jump's) open end at `to`.
    fn patch(&mut self, at: u32, to: u32) {
        match &mut self.insts[at as usize] {
            Inst::Split(_, b) => *b = to,
            Inst::Jmp(a) => *a = to,
            _ => {}
        }
    }

    /// A split preferring `first` when greedy (else `other`).
    fn split(&mut self, greedy: bool, first: u32, other: u32) -> Inst {
        if greedy {
            Inst::Split(first, other)
        } else {
            Inst::Split(other, first)
        }
    }

    fn class(&mut self, c: &'h Class) -> Result<u32, Refusal> {
        if let Some(&id) = self.by_node.get(&(c as *const Class)) {
            return Ok(id);
        }
        let ranges: Box<[(char, char)]> = match c {
            Class::Unicode(u) => u.ranges().iter().map(|r| (r.start(), r.end())).collect(),
            // Only ASCII bytes: anything else would match inside a char.
            Class::Bytes(b) => b
                .ranges()
                .iter()
                .map(|r| (r.end() <= 0x7F).then(|| (char::from(r.start()), char::from(r.end()))))
                .collect::<Option<_>>()
                .ok_or(Refusal::Unsupported)?,
        };
        let next = self.classes.len() as u32;
        let id = *self.by_ranges.entry(ranges.clone()).or_insert(next);
        if id == next {
            self.classes.push(ranges);
        }
        self.by_node.insert(c as *const Class, id);
        Ok(id)
    }

    /// Emits a node's instructions, falling through to what follows. Each
    /// construct is built as Go's compiler and the regex crate's build it:
    /// `x{n,m}` is n copies and then m−n nested optional copies, `x{n,}`
    /// n−1 copies and `x+`, and `x*` of an `x` that can match empty
    /// `(x+)?` (so that the preferred iteration is the non-empty one).
    fn compile(&mut self, h: &'h Hir) -> Result<(), Refusal> {
        match h.kind() {
            HirKind::Empty => {}
            HirKind::Literal(l) => {
                for ch in std::str::from_utf8(&l.0).map_err(|_| Refusal::Unsupported)?.chars() {
                    self.push(Inst::Char(ch));
                }
            }
            HirKind::Class(c) => {
                let id = self.class(c)?;
                self.push(Inst::Class(id));
            }
            HirKind::Look(l) => {
                let a = match l {
                    Look::Start => Anchor::TextStart,
                    Look::End => Anchor::TextEnd,
                    Look::StartLF => Anchor::LineStart,
                    Look::EndLF => Anchor::LineEnd,
                    Look::WordAscii => Anchor::Word,
                    Look::WordAsciiNegate => Anchor::NotWord,
                    _ => return Err(Refusal::Unsupported),
                };
                self.push(Inst::Look(a));
            }
            HirKind::Capture(c) => {
                let i = c.index as usize;
                if let Some(n) = self.names.get_mut(i) {
                    n.clone_from(&c.name);
                }
                self.push(Inst::Save(2 * c.index));
                self.compile(&c.sub)?;
                self.push(Inst::Save(2 * c.index + 1));
            }
            HirKind::Concat(v) => {
                for h in v {
                    self.compile(h)?;
                }
            }
            HirKind::Alternation(v) => {
                let mut jumps = Vec::with_capacity(v.len());
                for (i, h) in v.iter().enumerate() {
                    if i + 1 == v.len() {
                        self.compile(h)?;
                        break;
                    }
                    let split = self.push(Inst::Split(0, 0));
                    if let Inst::Split(a, _) = &mut self.insts[split as usize] {
                        *a = split + 1;
                    }
                    self.compile(h)?;
                    jumps.push(self.push(Inst::Jmp(0)));
                    let next = self.pc();
                    self.patch(split, next);
                }
                let end = self.pc();
                for j in jumps {
                    self.patch(j, end);
                }
            }
            HirKind::Repetition(r) => match (r.min, r.max) {
                (0, None) => {
                    // Whether `x` can match empty (or never matches).
                    if r.sub.properties().minimum_len().is_none_or(|n| n == 0) {
                        // (x+)?
                        let q = self.push(Inst::Split(0, 0));
                        self.compile(&r.sub)?;
                        let back = self.pc();
                        let end = back + 1;
                        let loop_ = self.split(r.greedy, q + 1, end);
                        self.push(loop_);
                        self.insts[q as usize] = self.split(r.greedy, q + 1, end);
                    } else {
                        let l = self.push(Inst::Split(0, 0));
                        self.compile(&r.sub)?;
                        self.push(Inst::Jmp(l));
                        let end = self.pc();
                        self.insts[l as usize] = self.split(r.greedy, l + 1, end);
                    }
                }
                (n, None) => {
                    for _ in 1..n {
                        self.compile(&r.sub)?;
                    }
                    let body = self.pc();
                    self.compile(&r.sub)?;
                    let end = self.pc() + 1;
                    let loop_ = self.split(r.greedy, body, end);
                    self.push(loop_);
                }
                (n, Some(m)) => {
                    for _ in 0..n {
                        self.compile(&r.sub)?;
                    }
                    let mut splits = Vec::with_capacity(m.saturating_sub(n) as usize);
                    for _ in n..m {
                        splits.push(self.push(Inst::Split(0, 0)));
                        self.compile(&r.sub)?;
                    }
                    let end = self.pc();
                    for s in splits {
                        self.insts[s as usize] = self.split(r.greedy, s + 1, end);
                    }
                }
            },
        }
        Ok(())
    }
}

/// One step of the closure's walk: explore from an instruction, or put a
/// slot back as it was before the branch just explored set it.
#[derive(Clone, Copy)]
enum Frame {
    Explore(u32),
    Restore(u32, usize),
}

/// The threads at one position: which instructions are taken (a mark per
/// instruction, current when equal to the stamp), and the waiting threads
/// in priority order with their slots (`cols` per thread).
#[derive(Default)]
struct List {
    mark: Vec<u32>,
    stamp: u32,
    pcs: Vec<u32>,
    rows: Vec<usize>,
}

impl List {
    fn clear(&mut self, insts: usize) {
        if self.mark.len() != insts {
            self.mark = vec![0; insts];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        self.pcs.clear();
        self.rows.clear();
    }

    /// Takes an instruction; false if it was taken already.
    fn take(&mut self, pc: u32) -> bool {
        let m = &mut self.mark[pc as usize];
        let fresh = *m != self.stamp;
        *m = self.stamp;
        fresh
    }
}

/// The memory a search reuses from one match to the next.
#[derive(Default)]
struct Cache {
    clist: List,
    nlist: List,
    stack: Vec<Frame>,
    /// The slots of the thread being followed.
    cur: Vec<usize>,
    /// Each slot's column in this run, or [`NO_COL`].
    colmap: Vec<u32>,
    /// Per class: the step it was last asked about in, and its answer.
    memo: Vec<(u64, bool)>,
    /// Steps taken (from 1).
    step: u64,
}

/// Searches with one program, reusing its memory.
pub(super) struct Searcher<'p> {
    prog: &'p Program,
    cache: Cache,
}

/// A match's slots: for group g, `2g` and `2g + 1` (byte offsets).
pub(super) type Slots = Vec<usize>;

impl Searcher<'_> {
    /// The first match at or after `start`: (start, end).
    pub(super) fn find(&mut self, hay: &str, start: usize) -> Option<(usize, usize)> {
        let (end, vals) = self.run(hay, start, &[0])?;
        Some((vals[0], end))
    }

    /// The first match at or after `start` with its groups; as many runs
    /// as the slots need (see [`ROWS_BUDGET`]).
    pub(super) fn captures(&mut self, hay: &str, start: usize) -> Option<Slots> {
        let n = 2 * self.prog.groups();
        let all: Vec<u32> = (0..n as u32).collect();
        let mut slots = vec![NONE; n];
        for chunk in all.chunks(self.prog.cols) {
            let (end, vals) = self.run(hay, start, chunk)?;
            for (&s, v) in chunk.iter().zip(vals) {
                slots[s as usize] = v;
            }
            slots[1] = end;
        }
        Some(slots)
    }

    /// One search keeping the slots `cols`: the match's end and those
    /// slots' values.
    fn run(&mut self, hay: &str, start: usize, cols: &[u32]) -> Option<(usize, Vec<usize>)> {
        let prog = self.prog;
        let n = prog.insts.len();
        let Cache { clist, nlist, stack, cur, colmap, memo, step } = &mut self.cache;
        memo.resize(prog.classes.len(), (0, false));
        colmap.clear();
        colmap.resize(2 * prog.groups(), NO_COL);
        for (i, &s) in cols.iter().enumerate() {
            colmap[s as usize] = i as u32;
        }
        let k = cols.len();
        cur.clear();
        cur.resize(k, NONE);
        clist.clear(n);
        nlist.clear(n);
        let bytes = hay.as_bytes();
        let mut found: Option<(usize, Vec<usize>)> = None;
        let mut at = start;
        loop {
            if found.is_none() && (!prog.anchored || at == 0) {
                if clist.pcs.is_empty() && !prog.anchored {
                    // No thread lives: on to where a match can start.
                    match prog.next_start(hay, at) {
                        Some(p) => at = p,
                        None => break,
                    }
                }
                // The new thread has the lowest priority.
                cur.fill(NONE);
                prog.closure(clist, stack, cur, colmap, 0, at, bytes);
            }
            if clist.pcs.is_empty() && (found.is_some() || (prog.anchored && at > 0)) {
                break;
            }
            let ch = hay.get(at..).and_then(|r| r.chars().next());
            let next = at + ch.map_or(0, char::len_utf8);
            // Each class is asked about this char once (a class under a
            // repeat is one entry of the table, waited at by many threads).
            *step += 1;
            for i in 0..clist.pcs.len() {
                let pc = clist.pcs[i];
                let row = &clist.rows[i * k..(i + 1) * k];
                let ok = match prog.insts[pc as usize] {
                    Inst::Match => {
                        // Lower-priority threads are cut.
                        found = Some((at, row.to_vec()));
                        break;
                    }
                    Inst::Char(c) => ch == Some(c),
                    Inst::Class(id) => match (&mut memo[id as usize], ch) {
                        ((when, ok), _) if *when == *step => *ok,
                        ((when, ok), Some(c)) => {
                            *ok = prog.in_class(id, c);
                            *when = *step;
                            *ok
                        }
                        (_, None) => false,
                    },
                    _ => false,
                };
                if ok {
                    cur.copy_from_slice(row);
                    prog.closure(nlist, stack, cur, colmap, pc + 1, next, bytes);
                }
            }
            if ch.is_none() {
                break;
            }
            at = next;
            std::mem::swap(clist, nlist);
            nlist.clear(n);
        }
        found
    }
}

impl Program {
    /// Adds the threads reachable from `pc` at `at` without reading a char,
    /// in priority order, each instruction once per list.
    #[allow(clippy::too_many_arguments)]
    fn closure(
        &self,
        list: &mut List,
        stack: &mut Vec<Frame>,
        cur: &mut [usize],
        colmap: &[u32],
        pc: u32,
        at: usize,
        hay: &[u8],
    ) {
        stack.push(Frame::Explore(pc));
        while let Some(f) = stack.pop() {
            let mut pc = match f {
                Frame::Restore(col, v) => {
                    cur[col as usize] = v;
                    continue;
                }
                Frame::Explore(pc) => pc,
            };
            while list.take(pc) {
                match self.insts[pc as usize] {
                    Inst::Char(_) | Inst::Class(_) | Inst::Match => {
                        list.pcs.push(pc);
                        list.rows.extend_from_slice(cur);
                        break;
                    }
                    Inst::Look(a) => {
                        if !a.holds(hay, at) {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Save(slot) => {
                        let col = colmap.get(slot as usize).copied().unwrap_or(NO_COL);
                        if col != NO_COL {
                            stack.push(Frame::Restore(col, cur[col as usize]));
                            cur[col as usize] = at;
                        }
                        pc += 1;
                    }
                    Inst::Split(a, b) => {
                        stack.push(Frame::Explore(b));
                        pc = a;
                    }
                    Inst::Jmp(a) => pc = a,
                }
            }
        }
    }
}

/// Successive matches as Go's `allMatches` (and the regex crate) give
/// them: each search starts where the last match ended, and an empty match
/// right where the last one ended is passed over (one char on).
pub(super) struct Matches<'p, 't> {
    searcher: Searcher<'p>,
    hay: &'t str,
    pos: usize,
    last_end: Option<usize>,
    /// Whether each match comes with its groups.
    groups: bool,
    done: bool,
}

impl<'p, 't> Matches<'p, 't> {
    pub(super) fn new(prog: &'p Program, hay: &'t str, groups: bool) -> Self {
        Matches { searcher: prog.searcher(), hay, pos: 0, last_end: None, groups, done: false }
    }

    fn search(&mut self, from: usize) -> Option<Slots> {
        if self.groups {
            self.searcher.captures(self.hay, from)
        } else {
            self.searcher.find(self.hay, from).map(|(s, e)| vec![s, e])
        }
    }
}

impl Iterator for Matches<'_, '_> {
    type Item = Slots;

    fn next(&mut self) -> Option<Slots> {
        if self.done {
            return None;
        }
        let mut m = self.search(self.pos);
        if let Some(s) = &m {
            if s[0] == s[1] && self.last_end == Some(s[1]) {
                let ch = self.hay[s[1]..].chars().next();
                m = match ch {
                    Some(c) => self.search(s[1] + c.len_utf8()),
                    None => None,
                };
            }
        }
        match &m {
            Some(s) => {
                self.pos = s[1];
                self.last_end = Some(s[1]);
            }
            None => self.done = true,
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The budget holds for the largest program a pattern may compile to.
    #[test]
    fn the_largest_program_and_its_search_fit_the_budget() {
        let cols = (ROWS_BUDGET / (2 * MAX_INSTS * std::mem::size_of::<usize>())).max(1);
        let b = bound(MAX_INSTS, MAX_INSTS, cols);
        assert!(b <= VM_MEMORY_BUDGET, "{} MB", b >> 20);
        assert_eq!(std::mem::size_of::<Inst>(), 12);
    }
}
