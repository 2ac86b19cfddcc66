//! The two engines behind [`Pattern`]: the Pike VM agrees with the regex
//! crate wherever both run, and runs what Go compiles but the regex crate
//! cannot afford.

use super::*;

/// A pattern compiled on the regex crate and on the Pike VM (keeping
/// `cols` slots per run, so that several runs are needed when small).
fn both(go: &str, cols: Option<usize>) -> (Pattern, Pattern) {
    assert!(go_syntax_error(go).is_none(), "{go}");
    let rust = translate(go).unwrap_or_else(|e| panic!("{go}: {e}"));
    let hir = regex_syntax::ParserBuilder::new().build().parse(&rust).unwrap_or_else(|e| panic!("{go}: {e}"));
    let mut prog = pikevm::Program::new(&hir).unwrap_or_else(|e| panic!("{go}: {e:?}"));
    if let Some(k) = cols {
        prog = prog.with_cols(k);
    }
    let re = ::regex::Regex::new(&rust).unwrap();
    let names: Arc<[Option<Box<str>>]> = declared_groups(&rust).into();
    (Pattern(Engine::Crate(re), names.clone()), Pattern(Engine::Vm(Arc::new(prog)), names))
}

/// What a pattern says about a text: the first match's groups, each
/// match's range, each match's groups, three replacements.
fn outcome(p: &Pattern, t: &str) -> String {
    let spans = |g: &Groups<'_>| (0..g.len()).map(|i| g.span(i)).collect::<Vec<_>>();
    format!(
        "names {:?}\nfirst {:?}\nfind {:?}\nall {:?}\nreplace {:?} {:?} {:?}",
        p.names(),
        p.captures(t).as_ref().map(spans),
        p.find_iter(t).collect::<Vec<_>>(),
        p.captures_iter(t).map(|g| spans(&g)).collect::<Vec<_>>(),
        p.replace_all(t, "<$1>"),
        p.replace_all(t, "[$0${name}$$]"),
        p.replace_all(t, "-"),
    )
}

const PATTERNS: &[&str] = &[
    "",
    "a",
    "a+",
    "a*",
    "a*?",
    "a+?",
    "a??",
    "x*",
    "(a+)(b+)?",
    "(a|ab)(c|bcd)(d*)",
    "^",
    "$",
    "^a",
    "a$",
    "^$",
    "(?m)^\\w+$",
    "(?m)^",
    "(?m)$",
    "(?m)^$",
    "\\bfoo\\b",
    "\\b",
    "\\B",
    "\\b\\w+\\b",
    "(a*)*",
    "(a*)+",
    "(a|b)*",
    "(a*?)*?",
    "(a*)*?",
    "((a)|b)+",
    "(|a)*",
    "(a|)*",
    "(|a)+",
    "a|b|",
    "|a",
    "(a)|(b)|(c)",
    "(?P<first>\\w+)\\s(?P<last>\\w+)",
    "(?P<name>a)|(?P<other>b)",
    "[\\p{L}]+",
    "\\p{Greek}+",
    "\\pL\\PL",
    "(?i)straße",
    "(?i)k",
    "(?s).+",
    ".+",
    ".",
    ".*?b",
    "a{2,4}",
    "a{2,4}?",
    "a{2,}",
    "a{2,}?",
    "a{0}",
    "(a){0,1}",
    "(ab){0,3}",
    "(a*){2,3}",
    "(a?){2,}",
    "(?U)a+",
    "(?U)a+?",
    "é|e\\x{301}",
    "[^a-z]+",
    "[^\\n]",
    "\\d{3}-\\d{4}",
    "\\D+",
    "\\s+",
    "\\W",
    "^(\\p{L}{0,5})(\\p{L}{0,5})$",
    "(\\p{L}{0,3})(\\p{L}{0,3})",
    "(?:a(b)?)+",
    "\\Qa.b\\E",
    "[[:alpha:]]+",
    "[[:^digit:]]",
    "\\x{1F600}",
    "(\\w+)@(\\w+)\\.com",
    "(((a)b)c)|((a)(b)(c))",
    "(a(b(c(d)?)?)?)",
    "\\A\\w",
    "\\w\\z",
    "(?i)[a-c]+",
    "(?-u:\\b)x",
    // A group under `{0}` is gone from the parse but keeps its number.
    "(a){0}(b)",
    "a(b){0}",
];

const TEXTS: &[&str] = &[
    "",
    "a",
    "aaa",
    "ab",
    "abcd",
    "abcbcd",
    "aabbaab",
    "foo bar",
    "foo\nbar\n",
    "\nfoo\n\n",
    "Zoë",
    "Straße STRASSE strasse",
    "ΑΒΓ abc δε",
    "😀a😀",
    "john smith",
    "a@b.com x@y.com",
    "123-4567 89",
    "éé e\u{301}",
    "K\u{212A}k",
    "abcabc aXc",
    "x a b c",
];

/// Where both engines run, the Pike VM gives what the regex crate gives:
/// the same first match and groups, every match, every match's groups and
/// the same replacements, also when a search keeps one slot per run.
#[test]
fn the_pike_vm_agrees_with_the_regex_crate() {
    for &go in PATTERNS {
        for cols in [None, Some(1), Some(3)] {
            let (re, vm) = both(go, cols);
            for &t in TEXTS {
                assert_eq!(outcome(&vm, t), outcome(&re, t), "pattern {go:?} on {t:?} (cols {cols:?})");
            }
        }
    }
}

/// reliability-5 #6: `^(\p{L}{0,1000})`×n`$` against "Zoë" matches, as
/// in Go; the large ones on the Pike VM. The first group takes the word,
/// the others are empty.
#[test]
fn patterns_go_compiles_past_the_regex_crates_budget_run_on_the_pike_vm() {
    let group = "(\\p{L}{0,1000})";
    for (n, vm) in [(3, false), (10, true), (20, true), (200, true)] {
        let p = format!("^{}$", group.repeat(n));
        let re = compile_uncached(&p).unwrap_or_else(|e| panic!("×{n}: {e}"));
        assert_eq!(matches!(re.0, Engine::Vm(_)), vm, "×{n}");
        let g = re.captures("Zoë").unwrap_or_else(|| panic!("×{n}: no match"));
        assert_eq!(g.len(), n + 1);
        assert_eq!(g.get(1), Some("Zoë"));
        assert!((2..=n).all(|i| g.get(i) == Some("")), "×{n}");
        if let Engine::Vm(prog) = &re.0 {
            assert!(prog.memory_bound() <= pikevm::VM_MEMORY_BUDGET, "×{n}");
        }
    }
    // Through the functions, as a validation rule calls them.
    let p = crate::flavor::Flavor::lookup("terraform@1.15").unwrap().profile();
    for n in [20, 200] {
        let pat = format!("^{}$", group.repeat(n)).replace('\\', "\\\\");
        let expr = format!(
            "[can(regex(\"{pat}\", \"Zoë\")), length(regexall(\"{pat}\", \"Zoë\")), can(regex(\"{pat}\", \"Zoë1\"))]"
        );
        let e = crate::expr::parse_expression(&expr, "<expr>", crate::expr::Pos::START, &p).unwrap();
        let (v, diags) = crate::expr::eval_expression(&e, &crate::expr::Scope::new(), &p);
        assert!(diags.is_empty(), "×{n}: {}", diags[0].detail);
        assert_eq!(
            crate::render::console_within_as(&v, usize::MAX, &p).unwrap(),
            "[\n  true,\n  1,\n  false,\n]",
            "×{n}"
        );
    }
}

/// Past Go's `maxSize` a pattern is still Go's "expression too large";
/// just under it the Pike VM compiles it within its budget.
#[test]
fn a_pattern_past_gos_max_size_is_refused_with_gos_words() {
    let under = "a{1000}".repeat(3300);
    let re = compile_uncached(&under).unwrap();
    let Engine::Vm(prog) = &re.0 else { panic!("the regex crate cannot afford 3.3 M instructions") };
    assert!(prog.memory_bound() <= pikevm::VM_MEMORY_BUDGET);
    assert!(re.captures("aaa").is_none());
    // Such programs are kept for reuse only up to the cache's budget.
    for c in ['a', 'b', 'c'] {
        assert!(compile(&format!("{c}{{1000}}").repeat(3300)).is_ok());
        assert!(cached_program_bytes() <= CACHED_PROGRAMS, "{} MB", cached_program_bytes() >> 20);
    }
    assert!(cached_program_bytes() > 0);
    let over = "a{1000}".repeat(3400);
    assert_eq!(
        compile_uncached(&over).err().as_deref(),
        Some(format!("error parsing regexp: expression too large: `{over}`").as_str())
    );
}

/// A pattern from a small grammar of what translated Go patterns hold
/// (literals, classes, anchors, groups named and not, greedy and lazy
/// repeats, alternation), drawn from `next`.
fn random_pattern(next: &mut impl FnMut(usize) -> usize, depth: usize) -> String {
    const ATOMS: &[&str] = &[
        "a", "b", "é", "\\n", " ", "[ab]", "[^a]", "\\w", "\\W", "\\pL", ".", "(?s:.)", "^", "$", "\\b", "\\B",
        "(?m:^)", "(?m:$)", "\\A", "\\z", "(?i:b)",
    ];
    const REPEATS: &[&str] = &["*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}", "{0}"];
    let items = 1 + next(3);
    let mut out = String::new();
    for _ in 0..items {
        let mut item = match next(if depth == 0 { 1 } else { 5 }) {
            0 | 1 => ATOMS[next(ATOMS.len())].to_string(),
            2 => format!("({})", random_pattern(next, depth - 1)),
            3 => format!("(?:{})", random_pattern(next, depth - 1)),
            _ => format!("(?P<g{}>{})", next(3), random_pattern(next, depth - 1)),
        };
        if next(3) == 0 {
            item = format!("(?:{item}){}", REPEATS[next(REPEATS.len())]);
            if next(2) == 0 {
                item.push('?');
            }
        }
        out += &item;
    }
    if next(4) == 0 {
        out = format!("{out}|{}", if depth == 0 { String::new() } else { random_pattern(next, depth - 1) });
    }
    out
}

/// The same agreement on patterns and texts drawn at random (a fixed seed):
/// every construct against every other, where the table above picks cases.
#[test]
fn the_pike_vm_agrees_with_the_regex_crate_on_random_patterns() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut checked = 0;
    for _ in 0..1500 {
        let go = random_pattern(&mut next, 3);
        // Go refuses a few shapes (a group name twice is fine; an empty
        // repeat count is not drawn): those are left out.
        if go_syntax_error(&go).is_some() || translate(&go).is_err() {
            continue;
        }
        let cols = [None, Some(1)][next(2)];
        let (re, vm) = both(&go, cols);
        for _ in 0..6 {
            let t: String = (0..next(9)).map(|_| ['a', 'b', 'é', '\n', ' ', '_'][next(6)]).collect();
            assert_eq!(outcome(&vm, &t), outcome(&re, &t), "pattern {go:?} on {t:?} (cols {cols:?})");
        }
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}
