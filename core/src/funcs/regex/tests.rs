//! The Pike VM, the only engine, pinned against the regex crate (a
//! dev-dependency) wherever both run: the same matches, groups and
//! replacements; and Go's `$` expansion and sizes.

use super::*;

/// A pattern compiled on the Pike VM (keeping `cols` slots per run, so
/// that several runs are needed when small) and on the regex crate.
fn both(go: &str, cols: Option<usize>) -> (Pattern, ::regex::Regex) {
    let rust = translate(go, GoSyntax::NEWEST).unwrap_or_else(|e| panic!("{go}: {e:?}"));
    let (ast, hir) = parse(&rust, Unicode::V15_0).unwrap_or_else(|| panic!("{go}: not read"));
    // Read as regex-syntax reads it, but for whose tables `\p{…}` takes.
    if !rust.contains("\\p") && !rust.contains("\\P") {
        assert_eq!(hir, regex_syntax::ParserBuilder::new().build().parse(&rust).unwrap(), "{go}");
    }
    let mut prog = pikevm::Program::new(&hir).unwrap_or_else(|e| panic!("{go}: {e:?}"));
    if let Some(k) = cols {
        prog = prog.with_cols(k);
    }
    let re = ::regex::Regex::new(&rust).unwrap();
    (Pattern(Arc::new(prog), declared_groups(&ast).into()), re)
}

/// The replacements both engines are asked for (where the regex crate's
/// `$` expansion and Go's agree).
const REPLACEMENTS: [&str; 3] = ["<$1>", "[$0${name}$$]", "-"];

/// What the Pike VM says about a text: the first match's groups, each
/// match's range, each match's groups, three replacements.
fn outcome(p: &Pattern, t: &str) -> String {
    let spans = |g: &Groups<'_>| (0..g.len()).map(|i| g.span(i)).collect::<Vec<_>>();
    format!(
        "names {:?}\nfirst {:?}\nfind {:?}\nall {:?}\nreplace {:?}",
        p.names(),
        p.captures(t).as_ref().map(spans),
        p.find_iter(t).collect::<Vec<_>>(),
        p.captures_iter(t).map(|g| spans(&g)).collect::<Vec<_>>(),
        REPLACEMENTS.map(|r| p.replace_all(t, r, Unicode::V15_0)),
    )
}

/// The same from the regex crate, its groups padded to the groups written
/// (`names`: a group under `{0}` is gone from its parse).
fn crate_outcome(re: &::regex::Regex, names: &[Option<&str>], t: &str) -> String {
    let spans = |c: &::regex::Captures<'_>| {
        let mut v: Vec<_> = c.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect();
        v.resize(names.len().max(v.len()), None);
        v
    };
    format!(
        "names {:?}\nfirst {:?}\nfind {:?}\nall {:?}\nreplace {:?}",
        names,
        re.captures(t).as_ref().map(spans),
        re.find_iter(t).map(|m| (m.start(), m.end())).collect::<Vec<_>>(),
        re.captures_iter(t).map(|c| spans(&c)).collect::<Vec<_>>(),
        REPLACEMENTS.map(|r| re.replace_all(t, r).into_owned()),
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
    "\\Bx\\b",
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
            let (vm, re) = both(go, cols);
            for &t in TEXTS {
                let (got, want) = (outcome(&vm, t), crate_outcome(&re, &vm.names(), t));
                assert_eq!(got, want, "pattern {go:?} on {t:?} (cols {cols:?})");
            }
        }
    }
}

/// reliability-5 #6: `^(\p{L}{0,1000})`×n`$` against "Zoë" matches, as
/// in Go, within the VM's memory budget. The first group takes the word,
/// the others are empty.
#[test]
fn large_unicode_repeats_go_compiles_run_within_the_budget() {
    let group = "(\\p{L}{0,1000})";
    for n in [3, 10, 20, 200] {
        let p = format!("^{}$", group.repeat(n));
        let re = compile_uncached(&p, GoSyntax::NEWEST).unwrap_or_else(|e| panic!("×{n}: {e}"));
        let g = re.captures("Zoë").unwrap_or_else(|| panic!("×{n}: no match"));
        assert_eq!(g.len(), n + 1);
        assert_eq!(g.get(1), Some("Zoë"));
        assert!((2..=n).all(|i| g.get(i) == Some("")), "×{n}");
        assert!(re.0.memory_bound() <= pikevm::VM_MEMORY_BUDGET, "×{n}");
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
    let re = compile_uncached(&under, GoSyntax::NEWEST).unwrap();
    assert!(re.0.memory_bound() <= pikevm::VM_MEMORY_BUDGET);
    assert!(re.captures("aaa").is_none());
    // Such programs are kept for reuse only up to the cache's budget.
    for c in ['a', 'b', 'c'] {
        assert!(compile_as(&format!("{c}{{1000}}").repeat(3300), GoSyntax::NEWEST).is_ok());
        assert!(cached_program_bytes() <= CACHED_PROGRAMS, "{} MB", cached_program_bytes() >> 20);
    }
    assert!(cached_program_bytes() > 0);
    let over = "a{1000}".repeat(3400);
    assert_eq!(
        compile_uncached(&over, GoSyntax::NEWEST).err().as_deref(),
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
        if translate(&go, GoSyntax::NEWEST).is_err() {
            continue;
        }
        let cols = [None, Some(1)][next(2)];
        let (vm, re) = both(&go, cols);
        for _ in 0..6 {
            let t: String = (0..next(9)).map(|_| ['a', 'b', 'é', '\n', ' ', '_'][next(6)]).collect();
            let (got, want) = (outcome(&vm, &t), crate_outcome(&re, &vm.names(), &t));
            assert_eq!(got, want, "pattern {go:?} on {t:?} (cols {cols:?})");
        }
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

/// `replace`'s `$` references follow Go's `Regexp.Expand` (each row's
/// result is what Terraform's `replace` gives, checked with the oracle):
/// names run over Unicode letters and digits, a number with a leading zero
/// or past 1e8 is a name, `${` needs its `}` right after the name, a
/// repeated name takes the first group of that name that took part.
#[test]
fn replace_expands_references_by_gos_rules() {
    let table = [
        ("ab", "(l)", "$1$1", "ab"),
        ("helo", "(l)", "$1$1", "hello"),
        ("ab", "(a)", "[$01]", "[]b"),
        ("ab", "(a)", "[$é]", "[]b"),
        ("ab", "(a)", "[${a-b}]", "[${a-b}]b"),
        ("ab", "(?P<x>a)|(?P<x>b)", "[${x}]", "[a][b]"),
        ("ab", "(a)", "[${1}x${é}y${}z${01}]", "[axy${}z]b"),
        ("ab", "(a)", "[$100000000|$99999999|$0001]", "[||]b"),
        ("ab", "(?P<x>a)(?P<y>b)?", "[$x$y${x}z$xz]", "[abaz]"),
        ("ab", "(a)", "[1x$1x$]", "[1x$]b"),
        ("ab", "(a)", "$$1 $ $0", "$1 $ ab"),
        ("aXb", "(a)(X)?", "$2$1${2}", "XaXb"),
        ("a", "(a)", "${1", "${1"),
    ];
    for (t, p, rep, want) in table {
        let re = compile_uncached(p, GoSyntax::NEWEST).unwrap();
        assert_eq!(re.replace_all(t, rep, Unicode::V15_0), want, "replace({t:?}, /{p}/, {rep:?})");
    }
    // A name's letters are the release's: Kawi's (Unicode 15.0) end a name for Go 1.20.
    let re = compile_uncached("(?P<x>a)", GoSyntax::NEWEST).unwrap();
    assert_eq!(re.replace_all("a", "[$x\u{11F04}]", Unicode::V13_0), "[a\u{11F04}]");
    assert_eq!(re.replace_all("a", "[$x\u{11F04}]", Unicode::V15_0), "[]");
}

/// A `(?` group is checked as Go's parser checks it (each row's text is
/// Terraform's, from the oracle): flags `i`, `m`, `s`, `U` and one `-`
/// with a flag after it, ended by `:` or `)`, else "invalid or unsupported
/// Perl syntax" naming what was read up to the char refused; a group name
/// is letters, digits and `_`. `(?)` sets nothing.
#[test]
fn flag_groups_and_names_are_checked_as_go_checks_them() {
    let perl = "invalid or unsupported Perl syntax";
    let named = "invalid named capture";
    let refused = [
        ("(?x)a", perl, "(?x"),
        ("(?R)a", perl, "(?R"),
        ("(?u)a", perl, "(?u"),
        ("(?i-)a", perl, "(?i-)"),
        ("(?--i)a", perl, "(?--"),
        ("(?-)a", perl, "(?-)"),
        ("(?i-m-s)a", perl, "(?i-m-"),
        ("(?P=n)", perl, "(?P"),
        ("(?P>a)", perl, "(?P"),
        ("(?Pa)", perl, "(?P"),
        ("(?#c)a", perl, "(?#"),
        ("(?", perl, "(?"),
        ("a(?", perl, "(?"),
        ("(?i", perl, "(?i"),
        ("(?i:a", "missing closing )", "(?i:a"),
        ("(?P<n!>a)", named, "(?P<n!>"),
        ("(?P<>a)", named, "(?P<>"),
    ];
    for (p, code, expr) in refused {
        assert_eq!(
            compile_uncached(p, GoSyntax::NEWEST).err(),
            Some(format!("error parsing regexp: {code}: `{expr}`")),
            "{p}"
        );
    }
    // (pattern, text, what it matches): a flag set twice, or set and then
    // cleared, takes its last setting.
    let accepted = [
        ("(?)a", "a", Some("a")),
        ("(?i)a", "A", Some("A")),
        ("(?-i)a", "a", Some("a")),
        ("(?i-s:a)", "A", Some("A")),
        ("(?sm-iU)a", "a", Some("a")),
        ("(?ii)a", "A", Some("A")),
        ("(?i-i)a", "A", None),
        ("(?i-i)a", "a", Some("a")),
        ("(?s-ss).", "\n", None),
        ("x(?:)y(?)z", "xyz", Some("xyz")),
    ];
    for (p, t, want) in accepted {
        let re = compile_uncached(p, GoSyntax::NEWEST).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(re.captures(t).and_then(|g| g.get(0)), want, "{p} on {t:?}");
    }
    // Go's name may start with a digit.
    let re = compile_uncached("(?P<1>a)(?P<2x>b)", GoSyntax::NEWEST).unwrap();
    assert_eq!(re.names().into_iter().map(|n| n.map(go_name)).collect::<Vec<_>>(), [None, Some("1"), Some("2x")]);
    assert_eq!(re.replace_all("ab", "[$1${2x}]", Unicode::V15_0), "[ab]");
}

/// A repeat applies to what is on top of Go's parse stack (each row is
/// Terraform's answer, from the oracle; `regexall`'s matches or Go's error):
/// a flag group or `\Q\E` pushes nothing, so a repeat after one applies to
/// what came before it, lazy as the new flags say; a repeat right after
/// `(`, `|` or at the start has no argument; a repeat right after another
/// is nested, named from the first; a counted repeat is Go's form only
/// (`{02}` is literal text).
#[test]
fn a_repeat_applies_to_what_gos_parse_stack_holds() {
    type Want = Result<&'static [&'static str], (&'static str, &'static str)>;
    let table: &[(&str, &str, Want)] = &[
        ("a(?i)*", "aaa", Ok(&["aaa"])),
        ("a(?U)*", "aaa", Ok(&["", "", "", ""])),
        ("a(?U)+", "aaa", Ok(&["a", "a", "a"])),
        ("a(?U)+?", "aaa", Ok(&["aaa"])),
        ("(?U)a(?-U)*", "aaa", Ok(&["aaa"])),
        ("a*(?i)*", "aaa", Ok(&["aaa"])),
        ("(?i)*", "a", Err(("missing argument to repetition operator", "*"))),
        ("a|(?i)*", "a", Err(("missing argument to repetition operator", "*"))),
        ("x(?i)A{2}", "xAa", Ok(&["xAa"])),
        ("x(?i)(?s)*", "xxx", Ok(&["xxx"])),
        ("(?:b(?i)*)", "bbb", Ok(&["bbb"])),
        ("a(?i)**", "aa", Err(("invalid nested repetition operator", "**"))),
        ("a(?i)*?", "aaa", Ok(&["", "", "", ""])),
        ("(?U)b(?i)*", "bbb", Ok(&["", "", "", ""])),
        ("(?U:b(?-U)*)", "bbb", Ok(&["bbb"])),
        ("a(?i:)*", "aaa", Ok(&["a", "a", "a"])),
        ("A(?i)a*", "Aaa", Ok(&["Aaa"])),
        ("{2}", "a", Err(("missing argument to repetition operator", "{2}"))),
        ("a|{2}", "a", Err(("missing argument to repetition operator", "{2}"))),
        ("a(?i){2}", "aaa", Ok(&["aa"])),
        ("a(?i){2}?", "aaa", Ok(&["aa"])),
        ("(?i){2}", "a", Err(("missing argument to repetition operator", "{2}"))),
        ("a(?i)*{2}", "aa", Err(("invalid nested repetition operator", "*{2}"))),
        ("a*(?i){2}", "aa", Ok(&["aa"])),
        ("a(?i)(?-i)+", "aa", Ok(&["aa"])),
        ("a(?i)(?U)+", "aa", Ok(&["a", "a"])),
        ("(?U)a(?i)+", "aa", Ok(&["a", "a"])),
        ("a(?i){1001}", "a", Err(("invalid repeat count", "{1001}"))),
        ("a(?i){,2}", "a{,2}", Ok(&["a{,2}"])),
        ("(?i)+a", "a", Err(("missing argument to repetition operator", "+"))),
        ("a(?i)|*", "a", Err(("missing argument to repetition operator", "*"))),
        ("a(?i)+?+", "a", Err(("invalid nested repetition operator", "+?+"))),
        ("a{02}", "a{02}", Ok(&["a{02}"])),
        ("a+?+", "a", Err(("invalid nested repetition operator", "+?+"))),
        ("a**", "a", Err(("invalid nested repetition operator", "**"))),
        ("a*?*", "a", Err(("invalid nested repetition operator", "*?*"))),
        ("a{2}*", "aa", Err(("invalid nested repetition operator", "{2}*"))),
        ("a*{2}", "aa", Err(("invalid nested repetition operator", "*{2}"))),
        ("a{2}{3}", "aa", Err(("invalid nested repetition operator", "{2}{3}"))),
        ("a{2}?*", "a", Err(("invalid nested repetition operator", "{2}?*"))),
        ("a*{2}?", "a", Err(("invalid nested repetition operator", "*{2}?"))),
        ("\\Q\\E*", "a", Err(("missing argument to repetition operator", "*"))),
        ("a\\Q\\E*", "aaa", Ok(&["aaa"])),
        ("^*", "a", Ok(&["", ""])),
        ("\\b+", "a", Ok(&["", ""])),
        ("a(?)*", "aa", Ok(&["aa"])),
        ("(?i:a)(?U)*", "aa", Ok(&["", "", ""])),
        ("a(?i)\\Q\\E*", "aa", Ok(&["aa"])),
        ("[a](?i)+", "aa", Ok(&["aa"])),
        ("(?s).(?-s)*", "ab", Ok(&["ab"])),
        ("a*\\Q\\E?", "aaa", Ok(&["aaa"])),
        ("a*(?i)?", "aaa", Ok(&["aaa"])),
        ("a+(?U)?", "aaa", Ok(&["", "", "", ""])),
        ("a{2}(?i)*", "aaaa", Ok(&["aaaa"])),
        ("a*(?U)+", "aaa", Ok(&["aaa"])),
        ("$(?i){1,}(?U)(?)??", "Ab\nx\nA", Ok(&["", "", "", "", "", "", ""])),
        ("a(?i)*(?U)?", "aa", Ok(&["", "", ""])),
        ("[:^word:]d1\\x{2}*m", ":d1\u{2}\u{2}m", Ok(&[":d1\u{2}\u{2}m"])),
        ("[[:]]", "a[:]", Ok(&[":]"])),
        ("\\p{^Greek}", "a\u{3a9}", Ok(&["a"])),
        ("\\x{0041}", "A", Ok(&["A"])),
    ];
    for (p, t, want) in table {
        let got =
            compile_uncached(p, GoSyntax::NEWEST).map(|re| re.find_iter(t).map(|(s, e)| &t[s..e]).collect::<Vec<_>>());
        let want = want.map(<[&str]>::to_vec).map_err(|(code, expr)| format!("error parsing regexp: {code}: `{expr}`"));
        assert_eq!(got, want, "regexall({p:?}, {t:?})");
    }
}

/// Go reports the first error it reads (each row is Terraform's, from the
/// oracle): an escape or class range refused before an unclosed group, a
/// nested repeat before a bad escape after it.
#[test]
fn the_first_error_in_the_pattern_is_the_one_reported() {
    let table = [
        ("([z-a]", "invalid character class range", "z-a"),
        ("\\8(?:", "invalid escape sequence", "\\8"),
        ("a(\\e", "invalid escape sequence", "\\e"),
        ("(?i)\\.{2}(?P<n>[z-a]", "invalid character class range", "z-a"),
        ("\\C{3,1}", "invalid escape sequence", "\\C"),
        ("[a\\8", "invalid escape sequence", "\\8"),
        ("x{2}**(", "invalid nested repetition operator", "{2}*"),
        ("(?P<n!>\\8", "invalid named capture", "(?P<n!>"),
        // Go's own reading of `\x`, `\p`, POSIX names and `(?P<`.
        ("\\x{.+}", "invalid escape sequence", "\\x{."),
        ("\\x{+41}", "invalid escape sequence", "\\x{+"),
        ("\\x{110000}", "invalid escape sequence", "\\x{110000"),
        ("\\xZ1", "invalid escape sequence", "\\xZ1"),
        ("[a-\\d]", "invalid escape sequence", "\\d"),
        ("[$?-\\,]", "invalid character class range", "?-\\,"),
        ("[s[-Q]", "invalid character class range", "[-Q"),
        ("[a\\Qb\\E]", "invalid escape sequence", "\\Q"),
        ("[[:foo:]]", "invalid character class range", "[:foo:]"),
        ("8Q\\p{}a", "invalid character class range", "\\p{}"),
        ("\\p{zz}(", "invalid character class range", "\\p{zz}"),
        ("1m\\p{?{2}>E?", "invalid character class range", "\\p{?{2}"),
        ("m{.(?P<", "invalid or unsupported Perl syntax", "(?P"),
    ];
    for (p, code, expr) in table {
        assert_eq!(
            compile_uncached(p, GoSyntax::NEWEST).err(),
            Some(format!("error parsing regexp: {code}: `{expr}`")),
            "{p}"
        );
    }
}

/// A `\p{…}` name as each release's Go looks it up: before Go 1.25 a
/// category's short name, a script as Unicode writes it (Unicode 13.0.0's
/// scripts for Go 1.20, 15.0.0's for Go 1.21–1.24) or `Any` (the rows for
/// Go 1.20 are the oracle's, Terraform 1.5); from Go 1.25 also any case and
/// `_`/`-`/space spelling, a category's long name, `ASCII`, `Assigned`, `Cn`
/// and `LC`. A name no Go knows (a binary property, `sc=…`) is refused by
/// all.
#[test]
fn unicode_class_names_are_looked_up_as_each_releases_go_does() {
    let go = |unicode, loose| GoSyntax { angle_names: true, unicode, loose_class_names: loose };
    let (go120, go121, go125) = (go(Unicode::V13_0, false), go(Unicode::V15_0, false), go(Unicode::V15_0, true));
    // (pattern, text, accepted by Go 1.20, 1.21–1.24, 1.25: its matches)
    type Row = (&'static str, &'static str, [Option<&'static [&'static str]>; 3]);
    let ok = |m: &'static [&'static str]| Some(m);
    let table: &[Row] = &[
        ("\\p{Greek}", "aΩ", [ok(&["Ω"]), ok(&["Ω"]), ok(&["Ω"])]),
        ("\\p{^Greek}", "aΩ", [ok(&["a"]), ok(&["a"]), ok(&["a"])]),
        ("\\PL", "a1", [ok(&["1"]), ok(&["1"]), ok(&["1"])]),
        ("\\p{Any}", "a", [ok(&["a"]), ok(&["a"]), ok(&["a"])]),
        ("\\p{Old_Italic}", "a", [ok(&[]), ok(&[]), ok(&[])]),
        ("\\p{Cs}", "aé", [ok(&[]), ok(&[]), ok(&[])]),
        ("[^\\p{Cs}]", "a", [ok(&["a"]), ok(&["a"]), ok(&["a"])]),
        ("\\p{Vithkuqi}", "a", [None, ok(&[]), ok(&[])]),
        ("\\p{Kawi}", "a", [None, ok(&[]), ok(&[])]),
        ("\\p{greek}", "aΩ", [None, None, ok(&["Ω"])]),
        ("\\p{Letter}", "a1", [None, None, ok(&["a"])]),
        ("\\p{decimal-number}", "a1", [None, None, ok(&["1"])]),
        ("\\pl", "a1", [None, None, ok(&["a"])]),
        ("\\p{ASCII}", "aΩ", [None, None, ok(&["a"])]),
        ("\\p{Assigned}", "a\u{378}", [None, None, ok(&["a"])]),
        ("\\p{Cn}", "a\u{378}", [None, None, ok(&["\u{378}"])]),
        ("\\p{LC}", "a1", [None, None, ok(&["a"])]),
        ("\\p{Lc}", "a1", [None, None, ok(&["a"])]),
        ("\\p{sc=Greek}", "a", [None, None, None]),
        ("\\p{Emoji}", "a", [None, None, None]),
        ("\\p{Lowercase}", "a", [None, None, None]),
        ("\\p{Unknown}", "a", [None, None, None]),
        ("\\p{}", "a", [None, None, None]),
        ("\\pé", "a", [None, None, None]),
        // What a table holds is the release's Unicode version's: Garay
        // (16.0) is in none, Kawi and Nag Mundari (15.0) not for Go 1.20.
        ("\\pL", "a\u{10D4A}", [ok(&["a"]), ok(&["a"]), ok(&["a"])]),
        ("\\pL", "a\u{11F04}", [ok(&["a"]), ok(&["a", "\u{11F04}"]), ok(&["a", "\u{11F04}"])]),
        ("\\p{Nd}", "1\u{1E4F0}", [ok(&["1"]), ok(&["1", "\u{1E4F0}"]), ok(&["1", "\u{1E4F0}"])]),
        ("\\P{Nd}", "1\u{1E4F0}", [ok(&["\u{1E4F0}"]), ok(&[]), ok(&[])]),
        // Go's `C` is `Cc`, `Cf`, `Co` and `Cs`: not the unassigned.
        (
            "\\pC",
            "\u{378}\u{AD}\u{E000}",
            [ok(&["\u{AD}", "\u{E000}"]), ok(&["\u{AD}", "\u{E000}"]), ok(&["\u{AD}", "\u{E000}"])],
        ),
        // Folded, then negated, in a class or not.
        ("(?i)\\p{Lu}", "aB1", [ok(&["a", "B"]), ok(&["a", "B"]), ok(&["a", "B"])]),
        ("(?i)\\P{Lu}", "aB1", [ok(&["1"]), ok(&["1"]), ok(&["1"])]),
        ("(?i)[^\\p{Lu}]", "aB1", [ok(&["1"]), ok(&["1"]), ok(&["1"])]),
        ("[a\\p{Greek}]", "aΩb", [ok(&["a", "Ω"]), ok(&["a", "Ω"]), ok(&["a", "Ω"])]),
        ("[^a\\P{Greek}]", "aΩb", [ok(&["Ω"]), ok(&["Ω"]), ok(&["Ω"])]),
        ("[\\P{Cs}]", "a", [ok(&["a"]), ok(&["a"]), ok(&["a"])]),
        ("\\p{Greek}{2}", "ΩΩ-", [ok(&["ΩΩ"]), ok(&["ΩΩ"]), ok(&["ΩΩ"])]),
    ];
    for (p, t, want) in table {
        for (go, want) in [go120, go121, go125].into_iter().zip(want) {
            let got = compile_uncached(p, go).map(|re| re.find_iter(t).map(|(s, e)| &t[s..e]).collect::<Vec<_>>());
            match want {
                Some(m) => assert_eq!(got, Ok(m.to_vec()), "{p} on {t:?} for {go:?}"),
                None => assert!(
                    got.as_ref().is_err_and(|e| e.contains("invalid character class range")),
                    "{p} for {go:?}: {got:?}"
                ),
            }
        }
    }
}

/// Without `\p{…}`, a translated pattern is read into the VM's form exactly
/// as regex-syntax's own reader reads it (`hir::read` differs only in whose
/// Unicode tables `\p{…}` takes): flags and their scope, case folding of
/// literals and classes (before negation), POSIX and nested classes, set
/// operations, anchors in multi-line mode, lazy and swapped repeats, groups
/// and names, and the ASCII word boundary (and each pattern [`both`] reads).
#[test]
fn a_pattern_is_read_as_regex_syntax_reads_it() {
    let table = [
        "",
        "a",
        "abc",
        "a|b|",
        "(?i)k",
        "(?i)abc",
        "(?i)ß",
        "(?i)1",
        "a(?i)b|c",
        "(?i:a)b",
        "((?i))a",
        "(?i)[a-z]",
        "(?i)[^k]",
        "[^a-c]",
        "[[:alpha:]x]",
        "[[:^digit:]]",
        "(?i)[[:upper:]]",
        "[a[^b]]",
        "(?i)[^[:lower:]]",
        "^a$",
        "(?m)^a$",
        "(?m:^)a$",
        "(?s).",
        ".",
        "(?-s).",
        "\\Aa\\z",
        "(?-u:\\b)a(?-u:\\B)",
        "a*b+c?",
        "a*?b+?c??",
        "(?U)a*b*?",
        "(?U:a+)a+",
        "a{2}b{3,}c{4,5}",
        "a{2}?",
        "(a)(b(c))",
        "(?P<x>a)(?P<y>b)|c",
        "(?:a|b)*",
        "(a|)+",
        "x(?i)(y)z",
        "(?i)(?-i:a)b",
        "(?ims)a.^$",
        "[\\]\\[]",
        "\\x{10FFFF}",
        "(?i)\\x{212A}",
        "[a-c[x-z]]",
        "[a&&b]",
        "[a-z--c]",
        "[a~~b]",
        "(?i)[a&&A]",
        "[\\x{0}-\\x{10FFFF}]",
        "[^\\x{0}-\\x{10FFFF}]",
        "((((a))))",
        "a{0}",
        "(a){0}b",
        "a|b|c|d",
        "[ab]|[cd]",
        "\\t\\n\\f\\r\\x{7}",
    ];
    for p in table {
        let (_, ours) = parse(p, Unicode::V15_0).unwrap_or_else(|| panic!("{p:?}: not read"));
        let theirs = regex_syntax::ParserBuilder::new().build().parse(p).unwrap();
        assert_eq!(ours, theirs, "{p:?}");
    }
}
