//! A module's whole check kept from one check to the next (the language
//! server checks the same module after every edit; on with
//! [`super::kept::keep_variables`]): a check whose configuration is the
//! same module as the last one's and whose every variable gets the same
//! value from the same place answers the last check's report, without
//! visiting its variables.
//!
//! What a check finds after collecting the values (its steps 3 to 5,
//! [`super::values_checked`]) is worked out from the module, the flavor,
//! how the module is checked (root or child), how columns are counted, and
//! the collected values: each name's winning value, as the text and the
//! place (file, line, column, byte) where it is written. The texts of
//! the value files are read nowhere else. So the last report holds when:
//! - the module is the same (`Rc`, [`super::decl::load`] keeps it while
//!   the configuration files are the same), and so are the flavor, the
//!   role, how columns are counted, and the list of value files;
//! - no `-var`, `-var-file` or environment value (those checks are always
//!   worked out: their values have no place to compare);
//! - every value file read without diagnostics (as before), JSON ones
//!   excepted (always worked out);
//! - and, for each value file whose text changed, each name it sets or set:
//!   a later file sets it (the later one wins, unchanged or compared when
//!   its own turn comes), or this file was and still is its winner with
//!   the same text at the same place (line, column and byte of both ends,
//!   and the same text from the start of the line).
//!
//! When one edited file is still the winner of the same names but some of
//! its winning values changed, or moved (the same text at the same lines
//! and columns, other bytes: a value before them grew), the last report is
//! brought to the edit ([`rebuild`]): the changed variables, and those a
//! rule ties them to, are worked out alone, with their old and their new
//! values; the rest of the report is kept, its places in the edited file
//! moved with their values. It is a fresh check's report when each
//! variable's part of it is its own: the check ran to its end (no value
//! failed to parse, the validate walk found no error), and so did the two
//! small ones, asking the same questions.
//!
//! Anything else is checked afresh (with the work kept per variable,
//! [`super::kept`]), and that check's report kept for the next one.
//! Editing a value that a later file overrides, or a comment, or a value
//! file's tail after its last winning value, answers without any
//! variable's work.
//!
//! The questions the flavor is asked are those of a fresh check: the first
//! steps (the configuration, each value file's reading) are asked as ever,
//! the rest replayed from the check that made the report.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use super::decl::Module;
use super::role::Role;
use super::sources::HclFile;
use super::{CheckInput, CheckReport, Subject, Texts};
use crate::flavor::Profile;
use crate::hcl::ast::Span;
use crate::valueparse::kept as store;

/// A value file of the kept check, in the order values are collected.
struct Source {
    name: String,
    /// Its text when read.
    text: String,
    read: Rc<HclFile>,
}

/// The last check of a module (in one scope, flavor and role).
struct Session {
    module: Rc<Module>,
    counting: Option<crate::unicode::Unicode>,
    sources: Vec<Source>,
    /// Each name's winning source: the last that sets it (its index).
    last: crate::NameMap<String, usize>,
    /// The report: the check's own, or with what [`check_with`] added.
    report: Rc<CheckReport>,
    /// What was added to it (None: nothing, a report of [`check_as`]).
    said: Option<String>,
    /// How many of its diagnostics are the check's own, and whether they
    /// hold no error.
    own: (usize, bool),
    /// The questions the check's steps 3 to 5 asked.
    asked: u64,
    /// The check ran to its end ([`super::values_checked_ended`]): each
    /// variable's part of its report is its own.
    ended: bool,
    used: u64,
}

/// What [`super::check_with`] adds to a check's report: the module calls'
/// part (when asked for) with the questions it asked, and the role.
struct Added {
    calls: Option<(Vec<super::calls::CallReport>, Vec<super::CheckDiag>)>,
    asked: u64,
    role: Option<super::role::Decision>,
    /// All of it as `Debug` text (compared, never read).
    said: String,
}

impl Added {
    /// Adds it to `r` as [`super::check_with`] does (nothing to a report
    /// of an input error).
    fn attach(self, r: &mut CheckReport, p: &Profile) {
        if r.input_error.is_some() {
            return;
        }
        if let Some((calls, diags)) = self.calls {
            p.add_asked(self.asked);
            r.ok &= !diags.iter().any(super::CheckDiag::is_error);
            r.diagnostics.extend(diags);
            r.module_calls = calls;
        }
        r.role = self.role;
    }
}

/// The scope ([`store::set_scope`]), the flavor, the role.
type Key = (Rc<str>, &'static str, bool);

thread_local! {
    static SESSIONS: RefCell<HashMap<Key, Session>> = RefCell::new(HashMap::new());
    static ANSWERED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static REBUILT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many checks were answered by a kept report on this thread (for
/// tests).
pub fn answered() -> u64 {
    ANSWERED.with(std::cell::Cell::get)
}

/// How many of those were answered by a report brought to the edit
/// ([`rebuild`]) on this thread (for tests).
pub fn rebuilt() -> u64 {
    REBUILT.with(std::cell::Cell::get)
}

/// Drops the kept checks of `scope` (see [`super::kept::forget`]).
pub(super) fn forget(scope: &str) {
    SESSIONS.with(|s| s.borrow_mut().retain(|k, _| &*k.0 != scope));
}

/// [`super::check_as`] where work is kept.
pub(super) fn check_as(input: &CheckInput, p: &Profile, as_role: Role) -> CheckReport {
    let report = shared(input, p, as_role, None);
    Rc::try_unwrap(report).unwrap_or_else(|r| (*r).clone())
}

/// [`super::check_with`] where work is kept: the kept report itself when
/// the check's part and the module calls' part are the same as last time.
pub(super) fn check_with(input: &CheckInput, p: &Profile, options: super::CheckOptions) -> Rc<CheckReport> {
    let as_role = options.role.as_ref().map_or(Role::Root, |d| d.role);
    // The calls' questions count only where they are added.
    let own = p.flavor().profile();
    let calls = options.module_calls.then(|| super::calls::attached(&input.files, &own));
    let said = format!("{calls:?}\n{:?}", options.role);
    let added = Added { calls, asked: own.asked_bits(), role: options.role, said };
    shared(input, p, as_role, Some(added))
}

/// The check, with what [`check_with`] adds, shared with its session.
fn shared(input: &CheckInput, p: &Profile, as_role: Role, mut added: Option<Added>) -> Rc<CheckReport> {
    let texts = Texts::of(&input.files, p);
    let key: Key = (store::scope(), p.flavor().name, as_role == Role::Child);
    let plain = input.args.is_empty() && input.env.is_empty();
    // (The configuration is read here only for a kept check: a check
    // without one reads it once, below.)
    // A session that could not answer: its index of winners may serve
    // the next one.
    let mut stale = None;
    if plain && SESSIONS.with(|s| s.borrow().contains_key(&key)) {
        let module = super::decl::load(&input.files, &texts, p);
        super::kept::register(&module);
        let kept = SESSIONS.with(|s| {
            let mut s = s.borrow_mut();
            let session = s.get_mut(&key)?;
            if shown(session, &module, input, &texts, p, as_role).is_none() {
                stale = s.remove(&key);
                return None;
            }
            ANSWERED.with(|a| a.set(a.get() + 1));
            p.add_asked(session.asked);
            let said = added.as_ref().map(|a| a.said.clone());
            if said == session.said {
                if let Some(a) = &added {
                    a.calls.is_some().then(|| p.add_asked(a.asked));
                }
                return Some(session.report.clone());
            }
            // Another addition: the check's own report, then this one's.
            let mut r = (*session.report).clone();
            r.diagnostics.truncate(session.own.0);
            r.ok = session.own.1;
            r.module_calls = Vec::new();
            r.role = None;
            if let Some(a) = added.take() {
                a.attach(&mut r, p);
            }
            session.report = Rc::new(r);
            session.said = said;
            Some(session.report.clone())
        });
        if let Some(report) = kept {
            return report;
        }
    }
    let (module, collected, run) = match super::configuration_and_values(input, &texts, p) {
        Ok(x) => x,
        Err(report) => {
            let mut report = *report;
            if let Some(a) = added {
                a.attach(&mut report, p);
            }
            return Rc::new(report);
        }
    };
    let own = p.flavor().profile();
    let (mut report, ended) =
        super::values_checked_ended(&module, &collected, run, &texts, &own, as_role, super::ShownForms::ALL);
    let asked = own.asked_bits();
    p.add_asked(asked);
    let own = (report.diagnostics.len(), report.ok);
    let said = added.as_ref().map(|a| a.said.clone());
    if let Some(a) = added {
        a.attach(&mut report, p);
    }
    let report = Rc::new(report);
    if plain && collected.diags.is_empty() {
        if let Some(mut session) = session(input, &texts, module, &collected, report.clone(), asked, stale) {
            session.said = said;
            session.own = own;
            session.ended = ended;
            let round = store::round();
            SESSIONS.with(|s| {
                let mut s = s.borrow_mut();
                s.retain(|_, x| round - x.used <= store::ROUNDS);
                s.insert(key, session);
            });
        }
    }
    report
}

/// A session for a check just made (None: one of its value files cannot
/// be compared).
fn session(
    input: &CheckInput,
    texts: &Texts,
    module: Rc<Module>,
    collected: &super::sources::Collected,
    report: Rc<CheckReport>,
    asked: u64,
    stale: Option<Session>,
) -> Option<Session> {
    let mut sources = Vec::new();
    for (name, read) in &collected.reads {
        let read = read.clone()?;
        if !read.diags.is_empty() {
            return None;
        }
        sources.push(Source { name: name.clone(), text: input.files.get(name)?.clone(), read });
    }
    // The stale session's index holds when the same files set the same
    // names, in the same order (an edit of values only).
    let same_names = |old: &[Source]| {
        old.len() == sources.len()
            && old.iter().zip(&sources).all(|(a, b)| {
                a.name == b.name
                    && (Rc::ptr_eq(&a.read, &b.read)
                        || (a.read.attrs.len() == b.read.attrs.len()
                            && a.read.attrs.iter().zip(&b.read.attrs).all(|(x, y)| x.0 == y.0)))
            })
    };
    let last = match stale {
        Some(old) if same_names(&old.sources) => old.last,
        _ => {
            let mut last: crate::NameMap<String, usize> = crate::NameMap::default();
            for (i, s) in sources.iter().enumerate().rev() {
                for (name, _) in &s.read.attrs {
                    if !last.contains_key(name) {
                        last.insert(name.clone(), i);
                    }
                }
            }
            last
        }
    };
    Some(Session {
        module,
        counting: texts.counting(),
        sources,
        last,
        report,
        said: None,
        own: (0, true),
        asked,
        ended: false,
        used: store::round(),
    })
}

/// Whether the check of `input` is shown to find what the session's
/// did (the session then stands for `input`); None: not shown (the
/// session is no longer of use).
fn shown(
    session: &mut Session,
    module: &Rc<Module>,
    input: &CheckInput,
    texts: &Texts,
    p: &Profile,
    as_role: Role,
) -> Option<()> {
    if !Rc::ptr_eq(&session.module, module) || session.counting != texts.counting() {
        return None;
    }
    let mut n = 0;
    let mut changed = Vec::new();
    for name in super::sources::value_files(input) {
        let source = session.sources.get(n)?;
        if source.name != *name {
            return None;
        }
        // Every file is read as the check reads it (the same questions).
        let read = super::sources::kept_read(input, name, texts, p)?;
        if !Rc::ptr_eq(&read, &source.read) {
            changed.push((n, read));
        }
        n += 1;
    }
    if n != session.sources.len() {
        return None;
    }
    // The one edited file whose winning values changed or moved, if any.
    let mut redo: Option<Redo> = None;
    for (c, read) in &changed {
        let c = *c;
        if !read.diags.is_empty() {
            return None;
        }
        let old = &session.sources[c];
        let text = input.files.get(&old.name)?;
        let later = |name: &str| session.last.get(name).is_some_and(|&w| w > c);
        let mut old_attrs: Option<crate::NameMap<&str, &crate::hcl::ast::Expr>> = None;
        let mut before = Texts { unicode: texts.counting(), ..Texts::default() };
        before.add(&old.name, &old.text);
        // Each winning value's place in the old text (from the start of
        // its line) and how far it moved; the names whose value changed.
        let mut spans: Vec<(usize, usize, isize)> = Vec::new();
        let mut values_changed: Vec<String> = Vec::new();
        for (name, expr) in &read.attrs {
            let w = session.last.get(name.as_str()).copied();
            if w.is_some_and(|w| w > c) {
                continue;
            }
            if w != Some(c) {
                // A name this file now sets and no file set, or set
                // before it: its winner changes.
                return None;
            }
            let olds =
                old_attrs.get_or_insert_with(|| old.read.attrs.iter().map(|(k, e)| (k.as_str(), &**e)).collect());
            let was = olds.get(name.as_str())?;
            let a = was.range();
            match placed(&old.name, (&old.text, &a, &before), (text, &expr.range(), texts)) {
                Some(by) => spans.push((line_start(&old.text, a.start), a.end, by)),
                None => values_changed.push(name.clone()),
            }
        }
        if !values_changed.is_empty() || spans.iter().any(|s| s.2 != 0) {
            if redo.is_some() {
                return None;
            }
            redo = Some(Redo { c, spans, changed: values_changed, read: read.clone() });
        }
        // (The names it sets now are gathered only for a name no later
        // file sets: most of an overridden file's are.)
        let mut new_names: Option<crate::NameMap<&str, ()>> = None;
        for (name, _) in &old.read.attrs {
            if !later(name)
                && !new_names
                    .get_or_insert_with(|| read.attrs.iter().map(|(k, _)| (k.as_str(), ())).collect())
                    .contains_key(name.as_str())
            {
                return None;
            }
        }
    }
    if let Some(redo) = redo {
        rebuild(session, module, input, texts, p, as_role, redo)?;
    }
    for (c, read) in changed {
        let text = input.files.get(&session.sources[c].name)?.clone();
        let s = &mut session.sources[c];
        s.read = read;
        s.text = text;
    }
    session.used = store::round();
    Some(())
}

/// Where a value written at `a` in `old` (file `name`) is written in
/// `new` (at `b`): Some(how many bytes it moved) when it is the same text
/// from the start of its line to its end, at the same lines and columns
/// (counted as the check counts them); None when it changed. A value that
/// moved only in bytes finds the same, its places moved by as many bytes.
/// Each text comes with the [`Texts`] that hold it (under `name`).
fn placed(name: &str, (old, a, before): (&str, &Span, &Texts), (new, b, now): (&str, &Span, &Texts)) -> Option<isize> {
    let (Some(x), Some(y)) = (old.get(line_start(old, a.start)..a.end), new.get(line_start(new, b.start)..b.end))
    else {
        return None;
    };
    if x != y {
        return None;
    }
    let (was, is): (Subject, Subject) = (before.subject(name, a), now.subject(name, b));
    let at = |p: &super::Pos| (p.line, p.column);
    (at(&was.start) == at(&is.start) && at(&was.end) == at(&is.end)).then(|| b.start as isize - a.start as isize)
}

/// Where the line that holds byte `at` of `t` starts.
fn line_start(t: &str, at: usize) -> usize {
    t.get(..at).and_then(|s| s.rfind(['\n', '\r'])).map_or(0, |i| i + 1)
}

/// An edited value file's winning values that changed or moved.
struct Redo {
    /// The file (its index in the session's sources).
    c: usize,
    /// The winning values that kept their text, lines and columns: each
    /// one's bytes in the old text (from the start of its line to its end)
    /// and how far it moved, in the file's order.
    spans: Vec<(usize, usize, isize)>,
    /// The names whose value changed.
    changed: Vec<String>,
    /// The file's new reading.
    read: Rc<HclFile>,
}

/// At most this share of the module's variables is worked out again by
/// [`rebuild`] (more: a fresh check, with the variables' kept work).
const REBUILT_SHARE: usize = 4;

/// The session's report brought to the edit `redo` without a whole
/// check: the changed variables and those their rules tie them to (the
/// variables a rule refers to, and those whose rules refer to them, until
/// none is added) are checked alone ([`super::decl::Module::only`]) with
/// their old values and their new ones; their old part of the report (its
/// diagnostics found by the first) is replaced by their new part, and the
/// other variables' diagnostics in the edited file move with their values.
/// A variable's part is its own when the check ran to its end (no value
/// failed to parse, nor a default its conversion again, nor the validate
/// walk), which both checks of the few variables must also do, asking the
/// flavor the same questions. None: not shown so (a fresh check then).
fn rebuild(
    session: &mut Session,
    module: &Rc<Module>,
    input: &CheckInput,
    texts: &Texts,
    p: &Profile,
    as_role: Role,
    redo: Redo,
) -> Option<()> {
    use super::sources::{Collected, Kind, Raw, Unparsed};
    if !session.ended {
        return None;
    }
    let c = redo.c;
    let mut redo = redo;
    redo.spans.sort_unstable();
    // The variables worked out again.
    let mut again = vec![false; module.vars.len()];
    for name in &redo.changed {
        again[module.position(name)?] = true;
    }
    let prepared = super::kept::prepared(module, &p.flavor().profile());
    if prepared.iter().flatten().any(|r| !r.refs().is_empty()) {
        loop {
            let mut added = false;
            for (vi, rules) in prepared.iter().enumerate() {
                for r in rules.iter().flat_map(|r| r.refs()) {
                    let ri = module.position(r)?;
                    if again[vi] != again[ri] {
                        again[vi] = true;
                        again[ri] = true;
                        added = true;
                    }
                }
            }
            if !added {
                break;
            }
        }
    }
    let keep: Vec<usize> = (0..again.len()).filter(|&i| again[i]).collect();
    if keep.len() * REBUILT_SHARE > module.vars.len().max(1) {
        return None;
    }
    let few = Rc::new(module.only(&keep));
    // The few variables' values (file `c` read as `read`): where they won.
    let values = |read: &HclFile| -> Option<BTreeMap<String, Unparsed>> {
        let mut out = BTreeMap::new();
        for v in &few.vars {
            let Some(&w) = session.last.get(&v.name) else { continue };
            let attrs = if w == c { &read.attrs } else { &session.sources[w].read.attrs };
            let expr = attrs.iter().find(|(k, _)| *k == v.name)?.1.clone();
            let file: Rc<str> = Rc::from(session.sources[w].name.as_str());
            out.insert(v.name.clone(), Unparsed { raw: Raw::Expr { file, expr }, kind: Kind::AutoFile });
        }
        Some(out)
    };
    let old_file = &session.sources[c];
    let mut before = Texts { unicode: texts.counting(), ..Texts::default() };
    for (name, text) in &input.files {
        before.add(name, if *name == old_file.name { &old_file.text } else { text });
    }
    let part = |values: BTreeMap<String, Unparsed>, texts: &Texts| {
        let own = p.flavor().profile();
        let collected = Collected { values, diags: Vec::new(), reads: Vec::new() };
        let run = super::report::Run::default();
        let (r, ended) =
            super::values_checked_ended(&few, &collected, run, texts, &own, as_role, super::ShownForms::ALL);
        (r, ended, own.asked_bits())
    };
    let (was, was_ended, was_asked) = part(values(&old_file.read)?, &before);
    let (now, now_ended, now_asked) = part(values(&redo.read)?, texts);
    if !(was_ended && now_ended) || was_asked != now_asked {
        return None;
    }
    let complete = match (session.report.validation_complete, was.validation_complete, now.validation_complete) {
        (true, _, now) => now,
        (false, true, _) | (false, false, false) => false,
        // Incomplete, maybe for the changed variables alone.
        (false, false, true) => return None,
    };
    // The check's own part: the configuration's diagnostics, then those of
    // the values (the module calls' part follows it).
    let (from, to) = (module.diags.len(), session.own.0);
    let old = &session.report;
    let own = old.diagnostics.get(from..to)?;
    let mut gone = vec![false; own.len()];
    for d in &was.diagnostics {
        let at = own.partition_point(|x| super::report::order(x, d) == std::cmp::Ordering::Less);
        let k = (at..own.len())
            .take_while(|&k| super::report::order(&own[k], d) == std::cmp::Ordering::Equal)
            .find(|&k| !gone[k] && own[k] == *d)?;
        gone[k] = true;
    }
    // The others' diagnostics, those in the edited file moved with their
    // values; then the few variables' new ones.
    let file = &old_file.name;
    let moved = |s: &Subject| -> Option<Subject> {
        if s.filename != *file {
            return Some(s.clone());
        }
        let i = redo.spans.partition_point(|x| x.0 <= s.start.byte).checked_sub(1)?;
        let (_, end, by) = redo.spans[i];
        if s.end.byte > end {
            return None;
        }
        let mut s = s.clone();
        s.start.byte = s.start.byte.checked_add_signed(by)?;
        s.end.byte = s.end.byte.checked_add_signed(by)?;
        Some(s)
    };
    let mut merged: Vec<(bool, super::CheckDiag)> = Vec::with_capacity(own.len() + now.diagnostics.len());
    for (d, _) in own.iter().zip(&gone).filter(|(_, g)| !**g) {
        let mut d = d.clone();
        if let Some(s) = &d.subject {
            d.subject = Some(moved(s)?);
        }
        if let Some(part) = &mut d.part {
            part.subject = moved(&part.subject)?;
        }
        merged.push((false, d));
    }
    if merged.windows(2).any(|w| super::report::order(&w[0].1, &w[1].1) == std::cmp::Ordering::Greater) {
        return None;
    }
    merged.extend(now.diagnostics.into_iter().map(|d| (true, d)));
    crate::sort::by(&mut merged, |a, b| super::report::order(&a.1, &b.1));
    // A kept diagnostic and a new one in the same place: their order is
    // the order a whole check finds them in, not known here.
    if merged.windows(2).any(|w| w[0].0 != w[1].0 && super::report::order(&w[0].1, &w[1].1).is_eq()) {
        return None;
    }
    // Each of the few variables' new report, where its old one is.
    let mut places = Vec::with_capacity(now.variables.len());
    for v in &now.variables {
        places.push(old.variables.binary_search_by(|x| x.name.as_str().cmp(&v.name)).ok()?);
    }
    // Shown: the report changes in place (copied only when it is shared).
    let mut report = std::mem::take(&mut session.report);
    let r = Rc::make_mut(&mut report);
    let len = from + merged.len();
    r.diagnostics.splice(from..to, merged.into_iter().map(|(_, d)| d));
    let own_ok = !r.diagnostics[..len].iter().any(super::CheckDiag::is_error);
    r.ok = own_ok && !r.diagnostics[len..].iter().any(super::CheckDiag::is_error);
    r.validation_complete = complete;
    for (k, v) in places.into_iter().zip(now.variables) {
        r.variables[k] = v;
    }
    session.report = report;
    session.own = (len, own_ok);
    REBUILT.with(|n| n.set(n.get() + 1));
    Some(())
}
