//! A variable's work kept from one check of a module to the next (the
//! language server checks the same module after every edit): a variable's
//! final value ([`super::prepare`]) and each of its rules' outcome
//! ([`super::validate`]) are worked out again only when what they are
//! worked out from changed. On with [`keep_variables`] (with
//! [`crate::valueparse::kept`]'s parsed files: the same rounds, the same
//! store), for a caller that checks a module again and again; off (`tftype
//! check`, which checks each module once), every check works out
//! everything.
//!
//! What a variable's work is worked out from:
//! - its declaration: the module the declarations were read into
//!   ([`super::decl::load`] gives the same `Rc` for the same configuration
//!   files while it is kept). Each module is named by a number of its own
//!   while this registry holds it, so a module read later (even at the same
//!   address) never shares a name with an earlier one;
//! - its value: where it is written (file, line, column, byte) and its text
//!   there, how it is written (HCL or JSON), or that the default is used.
//!   A value from `-var` or `TF_VAR_*` has no such name: its work (and the
//!   work of the rules that refer to it) is done afresh;
//! - a rule's: its variable's value and the values of the variables it
//!   refers to (the names above), where the value was set;
//! - how columns are counted (the Unicode version, see [`super::Texts`]) and
//!   the flavor.
//!
//! The module's rules as prepared before evaluation ([`prepared`]) are kept
//! with the module (its declarations and the flavor).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use super::decl::Module;
use crate::valueparse::kept;

/// A registered module, its number, the round and the scope
/// ([`kept::set_scope`]) it was last used in.
struct Registered {
    module: Rc<Module>,
    id: u64,
    used: u64,
    scope: Rc<str>,
}

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
    static MODULES: RefCell<HashMap<usize, Registered>> = RefCell::new(HashMap::new());
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

/// Keeps the variables' work (and parsed files, see
/// [`kept::keep_parsed_files`]) on this thread from now on.
pub fn keep_variables() {
    kept::keep_parsed_files();
    ON.with(|on| on.set(true));
}

pub(super) fn on() -> bool {
    ON.with(Cell::get) && kept::on()
}

/// Names a module read for a check (when work is kept): the same `Rc` keeps
/// its number; a module unused for [`kept::ROUNDS`] rounds is let go.
pub(super) fn register(m: &Rc<Module>) {
    if !on() {
        return;
    }
    let round = kept::round();
    MODULES.with(|ms| {
        let mut ms = ms.borrow_mut();
        let addr = Rc::as_ptr(m) as usize;
        // The registry holds the module, so nothing else lives at its address.
        if let Some(r) = ms.get_mut(&addr) {
            r.used = round;
            r.scope = kept::scope();
            return;
        }
        ms.retain(|_, r| round - r.used <= kept::ROUNDS);
        let id = NEXT.with(|n| {
            n.set(n.get() + 1);
            n.get()
        });
        ms.insert(addr, Registered { module: m.clone(), id, used: round, scope: kept::scope() });
    });
}

/// Drops at once the work on this thread that `scope` used last (see
/// [`kept::set_scope`]): its modules, parsed files, variables' values and
/// rules' outcomes, for a caller done with it (the language server, when a
/// module's last open document is closed).
pub fn forget(scope: &str) {
    MODULES.with(|ms| ms.borrow_mut().retain(|_, r| &*r.scope != scope));
    #[cfg(not(target_arch = "wasm32"))]
    super::kept_check::forget(scope);
    kept::forget(scope);
}

/// The number of a registered module (None: not registered, or work is
/// not kept).
pub(super) fn id_of(m: &Module) -> Option<u64> {
    if !on() {
        return None;
    }
    MODULES.with(|ms| {
        ms.borrow().get(&(m as *const Module as usize)).filter(|r| std::ptr::eq(Rc::as_ptr(&r.module), m)).map(|r| r.id)
    })
}

/// The module's rules prepared ([`super::validate::prepare`]), kept with
/// the module: they are worked out from its declarations and the flavor
/// alone (2.3 M instructions a check at 1,000 variables).
pub(super) fn prepared(module: &Module, p: &crate::flavor::Profile) -> Rc<Vec<Vec<super::validate::Prepared>>> {
    match id_of(module) {
        Some(mid) => kept::remember("validation prepared", &name_of(&[mid], None), &[], p, |own| {
            Rc::new(super::validate::prepare(module, own))
        }),
        None => Rc::new(super::validate::prepare(module, p)),
    }
}

/// The name of a piece of a module's kept work: `numbers` joined by `/`
/// (the module's, the variable's, the rule's), then how columns are
/// counted. Written without the formatting machinery, which was a tenth of
/// the language server's edit (two names per variable, one per rule); a
/// name is only compared, never read.
pub(super) fn name_of(numbers: &[u64], counting: Option<crate::unicode::Unicode>) -> String {
    let mut out = String::with_capacity(32);
    for n in numbers {
        push_number(&mut out, *n);
        out.push('/');
    }
    if let Some(u) = counting {
        out.push_str(&format!("{u:?}"));
    }
    out
}

/// Appends where a value is written (`file\0line,column,byte-line,column,byte`;
/// no file's name holds `\0`).
pub(super) fn push_place(out: &mut String, s: &super::Subject) {
    out.push_str(&s.filename);
    out.push('\0');
    for (k, p) in [s.start, s.end].iter().enumerate() {
        if k == 1 {
            out.push('-');
        }
        push_number(out, p.line as u64);
        out.push(',');
        push_number(out, p.column as u64);
        out.push(',');
        push_number(out, p.byte as u64);
    }
}

/// Appends `n` in decimal (the digits written into a buffer, then pushed
/// at once: a push per digit, or per byte, cost more).
fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).unwrap_or_default());
}

/// How many modules are registered (for tests).
pub fn modules() -> usize {
    MODULES.with(|ms| ms.borrow().len())
}

#[cfg(test)]
mod tests {
    use super::super::{check, CheckInput};
    use crate::flavor::Flavor;

    /// A small xorshift generator: the same edits on every run.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Values of every kind: right for some types, wrong for others, some
    /// refused by rules, some not parsing.
    const VALUES: [&str; 18] = [
        "1",
        "7",
        "\"b\"",
        "-3",
        "\"a\"",
        "\"value-x\"",
        "true",
        "[\"a\", \"b\"]",
        "[]",
        "{ x = 1, y = 2 }",
        "{ name = \"n\", port = \"81\" }",
        "{ name = \"n\", port = \"http\" }",
        "null",
        "1.50",
        "[1, \"b\"]",
        "\"é\"",
        "upper(\"x\")",
        "[1,",
    ];

    const DEFAULTS: [&str; 6] = ["\"a\"", "1", "true", "[\"a\"]", "{ x = 1 }", "{ name = \"n\" }"];

    const TYPES: [&str; 6] = [
        "string",
        "number",
        "bool",
        "list(string)",
        "map(number)",
        "object({ name = string, port = optional(number, 80) })",
    ];

    fn declarations(rng: &mut Rng, n: usize, cross: usize) -> String {
        let mut out = String::new();
        for i in 0..n {
            let t = (i + rng.below(2)) % TYPES.len();
            out += &format!("variable \"v{i}\" {{\n  type = {}\n", TYPES[t]);
            if rng.below(3) == 0 {
                // A default of the type (one that is not, which stops the
                // check, now and then).
                let default = if rng.below(100) == 0 { VALUES[rng.below(11)] } else { DEFAULTS[t] };
                out += &format!("  default = {default}\n");
            }
            if rng.below(4) == 0 {
                out += "  nullable = false\n";
            }
            // A rule that refers to another variable (refused before
            // Terraform 1.9, where it stops the check) now and then.
            match if i >= 6 && rng.below(cross) == 0 { 1 } else { [0, 2, 3][rng.below(3)] } {
                0 => out += &format!("  validation {{\n    condition     = can(length(var.v{i})) || var.v{i} != null\n    error_message = \"v{i} has no length.\"\n  }}\n"),
                1 => out += &format!("  validation {{\n    condition     = var.v{i} == var.v{}\n    error_message = \"v{i} differs: ${{jsonencode(var.v{i})}}.\"\n  }}\n", i - 6),
                2 => out += &format!("  validation {{\n    condition     = try(tostring(var.v{i}) != \"a\", true)\n    error_message = \"Not a.\"\n  }}\n"),
                _ => {}
            }
            out += "}\n";
        }
        out
    }

    /// A value: now and then one that does not parse (which stops the run
    /// before any final value).
    fn value(rng: &mut Rng) -> &'static str {
        if rng.below(150) == 0 {
            VALUES[VALUES.len() - 1 - rng.below(2)]
        } else {
            VALUES[rng.below(VALUES.len() - 2)]
        }
    }

    fn values(rng: &mut Rng, n: usize) -> String {
        let mut out = String::new();
        for i in 0..n {
            if rng.below(4) != 0 {
                out += &format!("v{i} = {}\n", value(rng));
            }
        }
        out
    }

    /// A check's whole report and the flavor's questions it asked: of
    /// [`check`] for an even `k`, else of the language server's
    /// [`crate::module::check_with_shared`] with the module calls.
    /// Checks each input in turn, as its flavor, on a thread that keeps work
    /// between checks: the reports, and how often kept work served (values
    /// prepared, rules' outcomes, whole reports, of which reports brought
    /// to an edit of winning values).
    fn kept_reports(steps: Vec<(CheckInput, &'static str)>) -> (Vec<String>, (u64, u64, u64, u64)) {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                super::keep_variables();
                let out = steps
                    .iter()
                    .enumerate()
                    .map(|(k, (i, f))| {
                        let r = report(i, Flavor::lookup(f).unwrap(), k);
                        crate::valueparse::kept::end_round();
                        r
                    })
                    .collect();
                let hits = (
                    crate::valueparse::kept::hits_of("prepare"),
                    crate::valueparse::kept::hits_of("rule"),
                    crate::module::kept_check::answered(),
                    crate::module::kept_check::rebuilt(),
                );
                (out, hits)
            })
            .unwrap()
            .join()
            .unwrap()
    }

    fn report(input: &CheckInput, flavor: &'static Flavor, k: usize) -> String {
        let p = flavor.profile();
        if k % 2 == 1 {
            let options = crate::module::CheckOptions { module_calls: true, role: None };
            let r = crate::module::check_with_shared(input, &p, options);
            return format!("{r:#?}\nasked: {:?}", p.asked());
        }
        let r = check(input, &p);
        format!("{r:#?}\nasked: {:?}", p.asked())
    }

    /// The language server's edits: over random edits of a module's value
    /// files (a value changed, a line added or dropped, a whole file
    /// rewritten) and now and then of its declarations, a check with work
    /// kept from the earlier checks reports exactly what a fresh check does,
    /// on every flavor; and work is kept (the variables' entries are found).
    #[test]
    fn a_check_with_kept_work_reports_what_a_fresh_check_does_over_random_edits() {
        // Rules that refer to other variables: now and then (they stop the
        // check before Terraform 1.9), and often where they are allowed.
        let a = edits_agree(
            0x9e37_79b9_7f4a_7c15,
            60,
            &["terraform@1.5", "terraform@1.9", "terraform@1.16", "opentofu@1.6", "opentofu@1.12"],
        );
        let b = edits_agree(
            0x2545_f491_4f6c_dd1d,
            3,
            &["terraform@1.9", "terraform@1.16", "opentofu@1.9", "opentofu@1.12"],
        );
        // Some checks were answered by the kept report (an edit no winning
        // value saw, or one that changed or moved a few winning values), on
        // every flavor.
        assert!(a.iter().chain(&b).all(|&(n, _)| n > 0), "kept reports answered: {a:?} {b:?}");
        assert!(a.iter().chain(&b).all(|&(_, n)| n > 0), "kept reports brought to an edit: {a:?} {b:?}");
    }

    /// The module checked with one flavor, then another, on one thread
    /// (the server's flavor setting changed), over random edits: each check
    /// reports what a fresh check with its flavor does, and the kept
    /// reports of one flavor never answer for another.
    #[test]
    fn a_kept_check_answers_only_for_its_own_flavor() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let n = 12;
        let flavors = ["terraform@1.5", "terraform@1.9", "opentofu@1.12"];
        let mut input = CheckInput::default();
        input.files.insert("variables.tf".into(), declarations(&mut rng, n, 4));
        input.files.insert("a.auto.tfvars".into(), values(&mut rng, n));
        input.files.insert("b.auto.tfvars".into(), values(&mut rng, n));
        let mut steps = Vec::new();
        for _ in 0..120 {
            match rng.below(4) {
                0 => {
                    input.files.insert("a.auto.tfvars".into(), values(&mut rng, n));
                }
                1 => {
                    let text = input.files.get_mut("a.auto.tfvars").expect("a file of the module");
                    let k = rng.below(n);
                    if !text.lines().any(|l| l.starts_with(&format!("v{k} = "))) {
                        text.push_str(&format!("v{k} = {}\n", value(&mut rng)));
                    }
                }
                _ => {}
            }
            steps.push((input.clone(), flavors[rng.below(flavors.len())]));
        }
        let fresh: Vec<String> =
            steps.iter().enumerate().map(|(k, (i, f))| report(i, Flavor::lookup(f).unwrap(), k)).collect();
        let (kept, (_, _, answered, _)) = kept_reports(steps.clone());
        for (k, (a, b)) in fresh.iter().zip(&kept).enumerate() {
            assert_eq!(a, b, "step {k} ({}): the check with kept work differs from a fresh one", steps[k].1);
        }
        assert!(answered > 0, "no check was answered by a kept report");
    }

    /// A rule is worked out again when a variable it refers to changes, its
    /// own variable's value unchanged (no position moves), and when only
    /// where its value is written moves.
    #[test]
    fn a_rule_is_worked_out_again_when_what_it_refers_to_changes() {
        let main = "variable \"a\" {\n  type = number\n}\nvariable \"b\" {\n  type = number\n  validation {\n    condition     = var.b == var.a\n    error_message = \"b is not a (${var.a}).\"\n  }\n}\n";
        let inputs: Vec<CheckInput> =
            ["a = 1\nb = 1\n", "a = 2\nb = 1\n", "a = 1\nb = 1\n", "\na = 1\nb = 2\n", "a = 1\nb = 2\n"]
                .iter()
                .map(|values| {
                    let mut i = CheckInput::default();
                    i.files.insert("main.tf".into(), main.into());
                    i.files.insert("terraform.tfvars".into(), values.to_string());
                    i
                })
                .collect();
        agree(&inputs, &["terraform@1.9", "terraform@1.16", "opentofu@1.12"]);
    }

    /// Edits of the value file whose values win (the language server's
    /// edit of such a file): a value of the same type, of a wrong type, of
    /// a wrong part, null, a value a rule of another variable refers to,
    /// a value removed, a value for an unset variable, a name set twice, a
    /// syntax error, values that move when one before them grows. Each
    /// check with kept work reports what a fresh check does, and some were
    /// answered by the last report brought to the edit.
    #[test]
    fn an_edit_of_winning_values_reports_what_a_fresh_check_does() {
        let mut main = String::from(concat!(
            "variable \"a\" {\n  type = number\n  validation {\n    condition     = var.a >= 0\n",
            "    error_message = \"Negative.\"\n  }\n}\n",
            "variable \"b\" {\n  type = string\n}\n",
            "variable \"c\" {\n  type = object({ name = string, port = optional(number, 80) })\n}\n",
            "variable \"d\" {\n  type    = number\n  default = 1\n  validation {\n    condition     = var.d <= var.a\n",
            "    error_message = \"d is above a (${var.a}).\"\n  }\n}\n",
            "variable \"e\" {\n  type    = list(string)\n  default = []\n}\n",
            "variable \"f\" {\n  type     = bool\n  nullable = false\n  default  = true\n}\n",
        ));
        let mut tail = String::new();
        for k in 0..12 {
            main += &format!("variable \"g{k}\" {{\n  type = number\n}}\n");
            tail += &format!("g{k} = {k}\n");
        }
        let c = "c = { name = \"n\", port = 8 }\n";
        let values = [
            "a = 1\nb = \"x\"\nc = { name = \"n\" }\nd = 1\n".to_string(),
            "a = 100\nb = \"x\"\nc = { name = \"n\" }\nd = 1\n".into(),
            "a = \"no\"\nb = \"x\"\nc = { name = \"n\" }\nd = 1\n".into(),
            "a = 2\nb = \"x\"\nc = { name = \"n\", port = \"http\" }\nd = 1\n".into(),
            "a = 22\nb = \"x\"\nc = { name = \"n\", port = \"http\" }\nd = 1\n".into(),
            format!("a = 2\nb = null\n{c}d = 1\n"),
            format!("a = 2\nb = \"x\"\n{c}d = 3\n"),
            format!("a = 20\nb = \"x\"\n{c}d = 3\n"),
            format!("a = 20\nb = \"x\"\n{c}"),
            format!("a = 20\nb = \"x\"\n{c}e = [\"x\"]\n"),
            format!("a = 20\nb = \"x\"\n{c}e = [\"x\"]\ne = []\n"),
            format!("a = 20\nb = \"x\"\n{c}e = [\"x\"]\n"),
            "a = 20\nb = \"x\"\nc = { name = \"n\", port = 8\ne = [\"x\"]\n".into(),
            format!("a = 20\nb = \"x\"\n{c}e = [\"x\"]\n"),
            format!("a = -1\nb = \"x\"\n{c}e = [\"x\"]\nf = null\n"),
            format!("a = -10\nb = \"xy\"\n{c}e = [\"x\"]\nf = null\n"),
            format!("a = 3\nb = \"xy\"\n{c}e = [\"x\", 1]\nf = null\n"),
            format!("a = 3\nb = \"xy\"\n{c}e = [\"x\", {{}}]\nf = false\n"),
            format!("a = 3.5\nb = \"é\"\n{c}e = [\"x\"]\nf = false\n"),
        ];
        let inputs: Vec<CheckInput> = values
            .iter()
            .map(|v| {
                let mut i = CheckInput::default();
                i.files.insert("main.tf".into(), main.clone());
                i.files.insert("terraform.tfvars".into(), "b = \"t\"\nf = false\ng3 = 30\n".into());
                i.files.insert("z.auto.tfvars".into(), format!("{v}{tail}"));
                i
            })
            .collect();
        // (Before Terraform 1.9 the rule that refers to another variable
        // stops the check.)
        let counts = agree(&inputs, &["terraform@1.9", "terraform@1.16", "opentofu@1.9", "opentofu@1.12"]);
        assert!(counts.iter().all(|&(_, n)| n > 0), "reports brought to an edit: {counts:?}");
    }

    /// Forgetting a scope drops at once the work it used last (modules,
    /// parses, values), and only that: the language server forgets a module
    /// whose last open document was closed. Each row: the files checked in
    /// scopes "a" and "b" (in that order), the scope forgotten, whether any
    /// kept work is then found by a check in "a" and in "b" (in that
    /// order). Work that both used (the same files) is one piece of work,
    /// which goes with the scope that used it last: the one left finds its
    /// part.
    #[test]
    fn forgetting_a_scope_drops_the_work_it_used_last_at_once() {
        let input = |name: &str, ty: &str, value: &str| {
            let mut i = CheckInput::default();
            i.files.insert(name.into(), format!("variable \"x\" {{\n  type = {ty}\n}}\n"));
            i.files.insert("terraform.tfvars".into(), format!("x = {value}\n"));
            i
        };
        let (a, b) = (input("a.tf", "number", "1"), input("b.tf", "string", "\"s\""));
        let table = [
            ((&a, &b), "a", [false, true]),
            ((&a, &b), "b", [true, false]),
            ((&a, &b), "c", [true, true]),
            ((&a, &a), "a", [true, true]),
            ((&a, &a), "b", [true, true]),
        ];
        for ((in_a, in_b), forgotten, want) in table {
            let same = in_a.files == in_b.files;
            let (in_a, in_b) = (in_a.clone(), in_b.clone());
            let found = std::thread::spawn(move || {
                let p = Flavor::lookup("terraform@1.9").unwrap().profile();
                super::keep_variables();
                for (scope, i) in [("a", &in_a), ("b", &in_b)] {
                    crate::valueparse::kept::set_scope(scope);
                    check(i, &p);
                }
                super::forget(forgotten);
                [("a", &in_a), ("b", &in_b)].map(|(scope, i)| {
                    crate::valueparse::kept::set_scope(scope);
                    let before = crate::valueparse::kept::hits_of("");
                    check(i, &p);
                    crate::valueparse::kept::hits_of("") > before
                })
            })
            .join()
            .unwrap();
            assert_eq!(found, want, "forgetting {forgotten}; the same files in both: {same}");
        }
    }

    /// The names of kept work tell their numbers and places apart: two
    /// names are the same only when what they name is.
    #[test]
    fn kept_names_tell_numbers_and_places_apart() {
        use crate::module::{Pos, Subject};
        use crate::unicode::Unicode;
        let names = [
            (vec![0u64, 0], None),
            (vec![0, 0], Some(Unicode::V15_0)),
            (vec![0], None),
            (vec![0, 0, 0], None),
            (vec![1, 0], None),
            (vec![0, 1], None),
            (vec![256], None),
            (vec![7, 1234567890123, 9], None),
            (vec![u64::MAX], None),
        ];
        let mut seen = std::collections::HashSet::new();
        for (numbers, counting) in &names {
            assert!(seen.insert(super::name_of(numbers, *counting)), "{numbers:?} {counting:?}");
            assert_eq!(super::name_of(numbers, *counting), super::name_of(numbers, *counting));
        }
        let at = |file: &str, a: (usize, usize, usize), b: (usize, usize, usize)| {
            let s = Subject {
                filename: file.into(),
                start: Pos { line: a.0, column: a.1, byte: a.2 },
                end: Pos { line: b.0, column: b.1, byte: b.2 },
            };
            let mut out = String::new();
            super::push_place(&mut out, &s);
            out
        };
        let places = [
            at("a.tfvars", (1, 5, 4), (1, 6, 5)),
            at("a.tfvars", (1, 5, 4), (1, 6, 6)),
            at("a.tfvars", (1, 5, 4), (2, 6, 5)),
            at("b.tfvars", (1, 5, 4), (1, 6, 5)),
            at("a.tfvars", (300, 1, 1_000_000), (300, 2, 1_000_001)),
            at("a.tfvars", (300, 1, 1_000_000), (300, 2, 1_000_002)),
        ];
        let mut seen = std::collections::HashSet::new();
        for p in &places {
            assert!(seen.insert(p.clone()), "{p:?}");
        }
        assert_eq!(places[0], at("a.tfvars", (1, 5, 4), (1, 6, 5)));
    }

    fn edits_agree(seed: u64, cross: usize, flavors: &[&'static str]) -> Vec<(u64, u64)> {
        let mut rng = Rng(seed);
        let n = 12;
        let mut input = CheckInput::default();
        input.files.insert("variables.tf".into(), declarations(&mut rng, n, cross));
        input.files.insert("a.auto.tfvars".into(), values(&mut rng, n));
        input.files.insert("b.auto.tfvars".into(), values(&mut rng, n));
        input.files.insert("terraform.tfvars".into(), values(&mut rng, n));
        // A local module call (the language server's check adds the calls).
        input.files.insert("m/variables.tf".into(), "variable \"x\" {\n  type = number\n}\n".into());
        input.files.insert("main.tf".into(), "module \"m\" {\n  source = \"./m\"\n  x      = 1\n}\n".into());
        let mut inputs = Vec::new();
        for _ in 0..150 {
            // Now and then the module call's argument changes.
            if rng.below(30) == 0 {
                let x = ["1", "\"a\"", "2"][rng.below(3)];
                input
                    .files
                    .insert("main.tf".into(), format!("module \"m\" {{\n  source = \"./m\"\n  x      = {x}\n}}\n"));
                inputs.push(input.clone());
                continue;
            }
            // Now and then a value file comes or goes (the list of value
            // files changes).
            if rng.below(25) == 0 {
                match input.files.remove("c.auto.tfvars") {
                    Some(_) => {}
                    None => {
                        input.files.insert("c.auto.tfvars".into(), values(&mut rng, n));
                    }
                }
                inputs.push(input.clone());
                continue;
            }
            let file = ["a.auto.tfvars", "b.auto.tfvars", "terraform.tfvars", "variables.tf"][rng.below(4)];
            let text = input.files.get_mut(file).expect("a file of the module");
            match (file, rng.below(10)) {
                ("variables.tf", _) if rng.below(3) == 0 => *text = declarations(&mut rng, n, cross),
                ("variables.tf", _) => {}
                (_, 0) => *text = values(&mut rng, n),
                // Every position after it moves.
                (_, 1) => text.insert_str(0, ["# c\n", "\n", "# a comment\n", "  \n"][rng.below(4)]),
                (_, 2) => {
                    if let Some(end) = text.find('\n') {
                        text.replace_range(..=end, "");
                    }
                }
                (_, 3) => {
                    // One value replaced by another of the same length: no
                    // position in the file moves.
                    let lines: Vec<&str> = text.lines().collect();
                    if !lines.is_empty() {
                        let k = rng.below(lines.len());
                        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                        if let Some((name, old)) = lines[k].split_once(" = ") {
                            let same: Vec<&str> =
                                VALUES.iter().copied().filter(|v| v.len() == old.len() && *v != old).collect();
                            if !same.is_empty() {
                                out[k] = format!("{name} = {}", same[rng.below(same.len())]);
                            }
                        }
                        *text = out.join("\n") + "\n";
                    }
                }
                // A line added at the end: a value (of a name set
                // before or not), or a comment.
                (_, 5) => {
                    // (A name the file sets already would be set twice.)
                    let k = rng.below(n + 1);
                    let set = text.lines().any(|l| l.starts_with(&format!("v{k} = ")));
                    let line = match rng.below(3) {
                        0 => "# tail\n".to_string(),
                        _ if set => "# set\n".to_string(),
                        _ => format!("v{k} = {}\n", value(&mut rng)),
                    };
                    text.push_str(&line);
                }
                // A line of the middle: dropped, or set twice (a duplicate),
                // or a value for a name the file does not set put before it.
                (_, 8) => {
                    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
                    if lines.len() > 2 {
                        let k = 1 + rng.below(lines.len() - 2);
                        match rng.below(3) {
                            0 => {
                                lines.remove(k);
                            }
                            1 => {
                                let again = lines[k].clone();
                                lines.push(again);
                            }
                            _ => {
                                let m = rng.below(n);
                                if !lines.iter().any(|l| l.starts_with(&format!("v{m} = "))) {
                                    lines.insert(k, format!("v{m} = {}", value(&mut rng)));
                                }
                            }
                        }
                        *text = lines.join("\n") + "\n";
                    }
                }
                // Two values of the file changed in place (a paste).
                (_, 9) => {
                    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
                    for _ in 0..2 {
                        if !lines.is_empty() {
                            let k = rng.below(lines.len());
                            if let Some((name, _)) = lines[k].split_once(" = ") {
                                lines[k] = format!("{name} = {}", value(&mut rng));
                            }
                        }
                    }
                    *text = lines.join("\n") + "\n";
                }
                // A comment changed, or one of the same length: in a line
                // of its own, and after a value.
                (_, 6) => {
                    let lines: Vec<&str> = text.lines().collect();
                    if !lines.is_empty() {
                        let k = rng.below(lines.len());
                        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                        if out[k].trim().is_empty() {
                            out[k] = "# was empty".into();
                        }
                        let comment = ["# x", "# y", "# long comment", "//z"][rng.below(4)];
                        match out[k].find(" #") {
                            Some(at) => out[k].truncate(at),
                            None if rng.below(2) == 0 => out[k] = comment.to_string(),
                            None => {}
                        }
                        if !out[k].starts_with('#') && !out[k].starts_with("//") {
                            out[k] = format!("{} {comment}", out[k]);
                        }
                        *text = out.join("\n") + "\n";
                    }
                }
                _ => {
                    // One value of one line changed in place.
                    let lines: Vec<&str> = text.lines().collect();
                    if !lines.is_empty() {
                        let k = rng.below(lines.len());
                        let name = lines[k].split(" = ").next().unwrap_or("v0").to_string();
                        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                        out[k] = format!("{name} = {}", value(&mut rng));
                        *text = out.join("\n") + "\n";
                    }
                }
            }
            inputs.push(input.clone());
        }
        agree(&inputs, flavors)
    }

    /// Checks each input in turn with work kept from the checks before, and
    /// each afresh: the reports agree, and work was found kept. How many
    /// checks a kept report answered, and how many of those it was brought
    /// to the edit for, by flavor.
    fn agree(inputs: &[CheckInput], flavors: &[&'static str]) -> Vec<(u64, u64)> {
        let mut answered = Vec::new();
        for &name in flavors {
            let flavor = Flavor::lookup(name).unwrap();
            let fresh: Vec<String> = inputs.iter().enumerate().map(|(k, i)| report(i, flavor, k)).collect();
            let (kept, hits) = kept_reports(inputs.iter().map(|i| (i.clone(), name)).collect());
            for (k, (a, b)) in fresh.iter().zip(&kept).enumerate() {
                assert_eq!(
                    a, b,
                    "{name}: edit {k}: the check with kept work differs from a fresh one; the files:\n{:#?}",
                    inputs[k].files
                );
            }
            assert!(hits.0 > 0 && hits.1 > 0, "{name}: no variable's work was found kept ({hits:?})");
            answered.push((hits.2, hits.3));
        }
        answered
    }
}
