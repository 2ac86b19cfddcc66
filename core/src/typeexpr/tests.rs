use super::*;

fn ok(src: &str) -> TypeConstraint {
    match parse_variable_type(Some(src)) {
        Ok(tc) => tc,
        Err(d) => panic!("{src:?} should parse, got {d:?}"),
    }
}

fn ty(src: &str) -> String {
    ok(src).ty.type_string()
}

/// The first diagnostic: summary, detail and the text it points at.
fn err(src: &str) -> (String, String, String) {
    match parse_variable_type(Some(src)) {
        Ok(tc) => panic!("{src:?} should fail, got {}", tc.ty),
        Err(d) => {
            let r = d[0].range.clone().expect("every diagnostic has a range");
            (d[0].summary.clone(), d[0].detail.clone(), src[r].to_string())
        }
    }
}

#[test]
fn absent_type_accepts_anything_and_reads_cli_values_literally() {
    let tc = parse_variable_type(None).unwrap();
    assert_eq!(tc.ty, Type::Dynamic);
    assert!(tc.cli_literal);
    assert!(tc.defaults.is_none());
}

#[test]
fn keywords_are_primitive_types_or_any() {
    for (src, want) in
        [("bool", "bool"), ("number", "number"), ("string", "string"), ("any", "any"), ("  string  ", "string")]
    {
        assert_eq!(ty(src), want, "{src:?}");
    }
}

#[test]
fn cli_values_are_literal_only_for_primitive_constraints() {
    for (src, literal) in [
        ("string", true),
        ("number", true),
        ("bool", true),
        ("any", false),
        ("list(string)", false),
        ("map", false),
        ("object({})", false),
    ] {
        assert_eq!(ok(src).cli_literal, literal, "{src:?}");
    }
}

#[test]
fn constructors_build_collection_and_structural_types() {
    let cases = [
        ("list(string)", "list(string)"),
        ("set(number)", "set(number)"),
        ("map(bool)", "map(bool)"),
        ("list(list(any))", "list(list(any))"),
        ("object({})", "object({})"),
        ("object({b = number, a = string})", "object({a=string,b=number})"),
        ("object({a = optional(string)})", "object({a=optional(string)})"),
        ("tuple([])", "tuple([])"),
        ("tuple([string, number, bool])", "tuple([string,number,bool])"),
        ("map(object({with-dash = list(string), _u = any}))", "map(object({_u=any,with-dash=list(string)}))"),
        // Keywords as attribute names.
        ("object({null = string, true = number, string = bool})", "object({null=string,string=bool,true=number})"),
        // `:` separates like `=`; trailing commas and `...` are accepted by the parser.
        ("object({a: string})", "object({a=string})"),
        ("tuple([string,])", "tuple([string])"),
        ("list(string,)", "list(string)"),
        ("list(string...)", "list(string)"),
    ];
    for (src, want) in cases {
        assert_eq!(ty(src), want, "{src:?}");
    }
}

#[test]
fn bare_list_and_map_are_legacy_shorthands_for_any_elements() {
    assert_eq!(ty("list"), "list(any)");
    assert_eq!(ty("map"), "map(any)");
    assert!(!ok("list").cli_literal);
    // Only at the top: nested, they are constructors without arguments.
    assert_eq!(err("list(list)").1, "The list type constructor requires one argument specifying the element type.");
    // And `set` never was one.
    assert_eq!(err("set").1, "The set type constructor requires one argument specifying the element type.");
}

#[test]
fn comments_and_newlines_inside_types_are_allowed() {
    let src = "object({\n    a = string                # a required attribute\n    b = optional(string)      // an optional attribute\n    /* c */ c = optional(number, 127)\n  })";
    assert_eq!(ty(src), "object({a=string,b=optional(string),c=optional(number)})");
    assert_eq!(ty("list(\n  string\n)"), "list(string)");
    assert_eq!(ty("string # trailing comment"), "string");
    assert_eq!(ty("/* x */ string /* y */"), "string");
    assert_eq!(ty("list(string)\r\n"), "list(string)");
    assert_eq!(ty("string\n# comment on its own line"), "string");
}

#[test]
fn parentheses_are_not_type_expressions() {
    // hclsyntax's parentheses node is neither a keyword nor a call.
    for (src, subject) in [
        ("(string)", "(string)"),
        ("list((string))", "(string)"),
        ("(list)", "(list)"),
        ("(list(string))", "(list(string))"),
    ] {
        let (s, d, r) = err(src);
        assert_eq!(s, "Invalid type specification");
        assert_eq!(d, "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).");
        assert_eq!(r, subject, "{src:?}");
    }
}

#[test]
fn other_expressions_are_not_type_expressions() {
    for src in [
        "number + 1",
        "{a=string}",
        "[string]",
        "string.foo",
        "list(string)[0]",
        "-string",
        "!string",
        "string ? a : b",
        "1",
        "\"${string}\"",
        "object({a=string}).a",
    ] {
        let (_, d, r) = err(src);
        assert!(d.starts_with("A type specification is either"), "{src:?}: {d}");
        assert_eq!(r, src.trim());
    }
}

#[test]
fn quoted_types_are_rejected_with_terraforms_legacy_hints() {
    let legacy = "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around ";
    let cases = [
        ("\"string\"", "Invalid quoted type constraints", format!("{legacy}\"string\".")),
        ("\"list\"", "Invalid quoted type constraints", format!("{legacy}\"list\" and write list(string) instead to explicitly indicate that the list elements are strings.")),
        ("\"map\"", "Invalid quoted type constraints", format!("{legacy}\"map\" and write map(string) instead to explicitly indicate that the map elements are strings.")),
        ("\"str${\"ing\"}\"", "Invalid quoted type constraints", format!("{legacy}\"string\".")),
        ("\"number\"", "Invalid legacy variable type hint", "To provide a full type expression, remove the surrounding quotes and give the type expression directly.".into()),
        ("<<EOT\nstring\nEOT", "Invalid legacy variable type hint", "To provide a full type expression, remove the surrounding quotes and give the type expression directly.".into()),
    ];
    for (src, summary, detail) in cases {
        let (s, d, r) = err(src);
        assert_eq!((s.as_str(), d), (summary, detail), "{src:?}");
        assert_eq!(r, src);
    }
    // The quoted string is evaluated first: its own errors come out.
    assert_eq!(err("\"a${b}\"").0, "Variables not allowed");
}

#[test]
fn constructor_keywords_alone_need_their_argument() {
    let cases = [
        ("list", "The list type constructor requires one argument specifying the element type."),
        (
            "object",
            "The object type constructor requires one argument specifying the attribute types and values as a map.",
        ),
        ("tuple", "The tuple type constructor requires one argument specifying the element types as a list."),
    ];
    for (kw, detail) in cases {
        let src = format!("map({kw})");
        let (s, d, r) = err(&src);
        assert_eq!((s.as_str(), d.as_str(), r.as_str()), ("Invalid type specification", detail, kw));
    }
}

#[test]
fn unknown_keywords_and_constructors_are_rejected() {
    let cases = [
        ("nope", "The keyword \"nope\" is not a valid type specification.", "nope"),
        ("object({name=nope})", "The keyword \"nope\" is not a valid type specification.", "nope"),
        ("true", "The keyword \"true\" is not a valid type specification.", "true"),
        ("null", "The keyword \"null\" is not a valid type specification.", "null"),
        ("optional", "The keyword \"optional\" is not a valid type specification.", "optional"),
        ("shwoop(string)", "Keyword \"shwoop\" is not a valid type constructor.", "shwoop(string)"),
        ("foo()", "Keyword \"foo\" is not a valid type constructor.", "foo()"),
        ("foo(a, b)", "Keyword \"foo\" is not a valid type constructor.", "foo(a, b)"),
        (
            "provider::x::y(string)",
            "Keyword \"provider::x::y\" is not a valid type constructor.",
            "provider::x::y(string)",
        ),
    ];
    for (src, detail, subject) in cases {
        let (s, d, r) = err(src);
        assert_eq!((s.as_str(), d.as_str(), r.as_str()), ("Invalid type specification", detail, subject), "{src:?}");
    }
}

#[test]
fn primitive_keywords_take_no_arguments() {
    let cases = [
        ("string()", "Primitive type keyword \"string\" does not expect arguments.", "()"),
        ("bool(1)", "Primitive type keyword \"bool\" does not expect arguments.", "(1)"),
        ("number (a, b)", "Primitive type keyword \"number\" does not expect arguments.", "(a, b)"),
        ("any(string)", "Type constraint keyword \"any\" does not expect arguments.", "(string)"),
        ("list(any /* c */ ( ))", "Type constraint keyword \"any\" does not expect arguments.", "( )"),
    ];
    for (src, detail, subject) in cases {
        let (_, d, r) = err(src);
        assert_eq!((d.as_str(), r.as_str()), (detail, subject), "{src:?}");
    }
}

#[test]
fn constructors_take_exactly_one_argument() {
    let cases = [
        ("list()", "The list type constructor requires one argument specifying the element type.", "()"),
        ("set( )", "The set type constructor requires one argument specifying the element type.", "( )"),
        (
            "list(string, string)",
            "The list type constructor requires one argument specifying the element type.",
            "string",
        ),
        (
            "map(string, number, bool)",
            "The map type constructor requires one argument specifying the element type.",
            "number, bool",
        ),
        (
            "object()",
            "The object type constructor requires one argument specifying the attribute types and values as a map.",
            "()",
        ),
        (
            "object({}, {})",
            "The object type constructor requires one argument specifying the attribute types and values as a map.",
            "{}",
        ),
        ("tuple()", "The tuple type constructor requires one argument specifying the element types as a list.", "()"),
        (
            "tuple([], [string])",
            "The tuple type constructor requires one argument specifying the element types as a list.",
            "[string]",
        ),
    ];
    for (src, detail, subject) in cases {
        let (_, d, r) = err(src);
        assert_eq!((d.as_str(), r.as_str()), (detail, subject), "{src:?}");
    }
}

#[test]
fn object_and_tuple_need_a_map_and_a_list() {
    let cases = [
        ("object(string)", "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.", "string"),
        ("object([string])", "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.", "[string]"),
        ("object({for k in x: k => k})", "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.", "{for k in x: k => k}"),
        ("object(({a=string}))", "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.", "({a=string})"),
        ("tuple(string)", "Tuple type constructor requires a list of element types.", "string"),
        ("tuple({})", "Tuple type constructor requires a list of element types.", "{}"),
    ];
    for (src, detail, subject) in cases {
        let (_, d, r) = err(src);
        assert_eq!((d.as_str(), r.as_str()), (detail, subject), "{src:?}");
    }
}

#[test]
fn object_keys_must_be_attribute_names() {
    for (src, subject) in [
        ("object({\"name\"=string})", "\"name\""),
        ("object({\"foo bar baz\"=string})", "\"foo bar baz\""),
        ("object({(a)=string})", "(a)"),
        ("object({(\"a\")=string})", "(\"a\")"),
        ("object({a.b=string})", "a.b"),
        ("object({1=string})", "1"),
    ] {
        let (_, d, r) = err(src);
        assert_eq!(
            (d.as_str(), r.as_str()),
            ("Object constructor map keys must be attribute names.", subject),
            "{src:?}"
        );
    }
}

#[test]
fn object_keys_must_be_unique() {
    let src = "object({a=string, b=bool, a=number})";
    let d = parse_variable_type(Some(src)).unwrap_err();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].detail, "Object constructor map keys must be unique.");
    assert_eq!(d[0].range, Some(26..27));
    // Three times: two diagnostics, one for each repeat.
    let d = parse_variable_type(Some("object({a=string, a=number, a=bool})")).unwrap_err();
    assert_eq!(d.iter().map(|d| d.range.clone().unwrap().start).collect::<Vec<_>>(), vec![18, 28]);
    // A key that failed with `optional()` was never declared.
    let d = parse_variable_type(Some("object({a=optional(), a=string})")).unwrap_err();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].detail, "Optional attribute modifier requires the attribute type as its argument.");
}

#[test]
fn optional_is_only_an_object_attribute_modifier() {
    for (src, subject) in [
        ("optional(string)", "optional"),
        ("list(optional(string))", "optional"),
        ("tuple([optional(number, 1)])", "optional"),
        ("object({a = list(optional(string))})", "optional"),
    ] {
        let (_, d, r) = err(src);
        assert_eq!(
            (d.as_str(), r.as_str()),
            ("Keyword \"optional\" is valid only as a modifier for object type attributes.", subject),
            "{src:?}"
        );
    }
}

#[test]
fn optional_takes_a_type_and_at_most_a_default() {
    let cases = [
        (
            "object({name=string,meta=optional()})",
            "Optional attribute modifier requires the attribute type as its argument.",
            "()",
        ),
        (
            "object({a=optional(string, 1, 2)})",
            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
            "(string, 1, 2)",
        ),
    ];
    for (src, detail, subject) in cases {
        let (_, d, r) = err(src);
        assert_eq!((d.as_str(), r.as_str()), (detail, subject), "{src:?}");
    }
    // With too many arguments the attribute is still read, but not optional;
    // its type is still checked.
    let d = parse_variable_type(Some("object({a=optional(nope, 1, 2)})")).unwrap_err();
    assert_eq!(d.len(), 2);
    assert_eq!(d[1].detail, "The keyword \"nope\" is not a valid type specification.");
}

#[test]
fn optional_defaults_are_kept_converted_to_the_attribute_type() {
    let tc = ok("object({a = optional(string, \"x\"), b = optional(bool, true), c = optional(number), d = string})");
    let defs = tc.defaults.expect("defaults");
    assert_eq!(defs.ty, tc.ty);
    assert_eq!(defs.values.keys().collect::<Vec<_>>(), vec!["a", "b"]);
    assert_eq!(defs.values["a"].as_str(), Some("x"));
    assert_eq!(defs.values["b"].as_bool(), Some(true));
    assert!(defs.children.is_empty());
}

#[test]
fn nested_defaults_follow_the_type_shape() {
    let tc = ok("list(object({a = optional(string, \"x\"), b = tuple([bool, object({c = optional(bool, false)})])}))");
    let d = tc.defaults.expect("defaults");
    assert!(d.ty.is_list());
    let elem = &d.children[""];
    assert_eq!(elem.values["a"].as_str(), Some("x"));
    let tup = &elem.children["b"];
    assert!(tup.ty.is_tuple());
    assert_eq!(tup.children.keys().collect::<Vec<_>>(), vec!["1"]);
    assert_eq!(tup.children["1"].values["c"].as_bool(), Some(false));
    // No defaults anywhere: none at all.
    assert!(ok("list(object({a = optional(string)}))").defaults.is_none());
}

#[test]
fn optional_defaults_are_constant_expressions() {
    let tc = ok("object({a = optional(string, \"a${\"b\"}c\"), b = optional(bool, !true), c = optional(any, {k = [null, \"v\"], \"q\" = {}})})");
    let d = tc.defaults.unwrap();
    assert_eq!(d.values["a"].as_str(), Some("abc"));
    assert_eq!(d.values["b"].as_bool(), Some(false));
    let c = &d.values["c"];
    assert_eq!(c.attrs().unwrap().keys().map(|k| &**k).collect::<Vec<_>>(), vec!["k", "q"]);
    // Repeated keys in a default: the last one wins, as hclsyntax evaluates.
    let d = ok("object({a = optional(map(string), {k = \"1\", k = \"2\"})})").defaults.unwrap();
    assert_eq!(d.values["a"].attrs().unwrap()["k"].as_str(), Some("2"));
}

#[test]
fn optional_defaults_may_not_use_variables_or_functions() {
    let cases = [
        ("object({a=optional(string, var.x)})", "Variables not allowed", "Variables may not be used here.", "var"),
        ("object({a=optional(string, x)})", "Variables not allowed", "Variables may not be used here.", "x"),
        (
            "object({a=optional(string, upper(\"x\"))})",
            "Function calls not allowed",
            "Functions may not be called here.",
            "upper(\"x\")",
        ),
        (
            "object({a=optional(string, \"x${null}\")})",
            "Invalid template interpolation value",
            "The expression result is null. Cannot include a null value in a string template.",
            "null",
        ),
    ];
    for (src, summary, detail, subject) in cases {
        let (s, d, r) = err(src);
        assert_eq!((s.as_str(), d.as_str(), r.as_str()), (summary, detail, subject), "{src:?}");
    }
}

#[test]
fn a_lone_interpolation_default_is_its_value_unconverted() {
    // hclsyntax's TemplateWrapExpr: `"${null}"` is null, not a template.
    let tc = ok("object({a = optional(string, \"${null}\"), b = optional(number, \"${1}\")})");
    let d = tc.defaults.unwrap();
    assert!(d.values["a"].is_null());
    assert_eq!(d.values["b"].ty, Type::Number);
}

#[test]
fn invalid_default_names_the_conversion_failure() {
    let (s, d, r) = err("object({ a = optional(string, \"hello\"), b = optional(bool, [1]) })");
    assert_eq!(s, "Invalid default value for optional attribute");
    assert!(
        d.starts_with("This default value is not compatible with the attribute's type constraint: bool required"),
        "{d}"
    );
    assert!(d.ends_with('.'));
    assert_eq!(r, "[1]");
}

#[test]
fn diagnostics_come_in_source_order() {
    let d =
        parse_variable_type(Some("object({a = nope, \"b\" = string, c = list(), d = optional(string)})")).unwrap_err();
    let details: Vec<&str> = d.iter().map(|d| d.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "The keyword \"nope\" is not a valid type specification.",
            "Object constructor map keys must be attribute names.",
            "The list type constructor requires one argument specifying the element type.",
        ]
    );
}

#[test]
fn syntax_errors_are_hclsyntax_errors_at_the_type_stage() {
    let cases = [
        ("set(string)(number)", "Missing newline after argument", "An argument definition must end with a newline.", "("),
        ("list(string) list", "Missing newline after argument", "An argument definition must end with a newline.", "list"),
        ("list(string", "Missing argument separator", "A comma is required to separate each function argument from the next.", ""),
        ("", "Invalid expression", "Expected the start of an expression, but found an invalid expression token.", ""),
        ("list(,)", "Invalid expression", "Expected the start of an expression, but found an invalid expression token.", ","),
        ("object({a})", "Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value.", "}"),
        ("list(\"a)", "Invalid multi-line string", "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.", ""),
        ("list(@)", "Invalid character", "This character is not used within the language.", "@"),
    ];
    for (src, summary, detail, subject) in cases {
        let (s, d, r) = err(src);
        assert_eq!((s.as_str(), d.as_str(), r.as_str()), (summary, detail, subject), "{src:?}");
    }
}

#[test]
fn the_type_source_holds_only_the_type() {
    let cases = [
        ("string\nfoo = 1", "Unsupported argument", "An argument named \"foo\" is not expected here.", "foo"),
        ("string\nfoo {}", "Unsupported block type", "Blocks of type \"foo\" are not expected here.", "foo"),
        ("string\ntype = number", "Attribute redefined", "The argument \"type\" was already set at main.tf:2,3-7. Each argument may be set only once.", "type"),
        ("string\ndefault = 1", "Unexpected content after the type constraint", "The type editor holds the expression after `type =` only; other arguments and blocks of the variable are not read here.", "default = 1"),
    ];
    for (src, summary, detail, subject) in cases {
        let (s, d, r) = err(src);
        assert_eq!((s.as_str(), d.as_str(), r.as_str()), (summary, detail, subject), "{src:?}");
    }
}

#[test]
fn spans_locate_attributes_elements_and_collection_elements() {
    let src = "list(object({\n  name = string\n  pair = optional(tuple([number, map(bool)]))\n}))";
    let tc = ok(src);
    let at = |t: &SpanTree| src[t.range.clone()].to_string();
    assert_eq!(at(&tc.spans), src);
    let obj = &tc.spans.kids[""];
    assert!(at(obj).starts_with("object({"));
    assert_eq!(at(&obj.kids["name"]), "name = string");
    let pair = &obj.kids["pair"];
    assert_eq!(at(pair), "pair = optional(tuple([number, map(bool)]))");
    assert_eq!(at(&pair.kids["0"]), "number");
    assert_eq!(at(&pair.kids["1"]), "map(bool)");
    assert_eq!(at(&pair.kids["1"].kids[""]), "bool");
    assert!(pair.kids["0"].kids.is_empty());
}

#[test]
fn repeated_keys_in_defaults_do_not_shift_spans() {
    let src = "object({a = optional(map(number), {k = 1, k = 2}), b = string})";
    let tc = ok(src);
    assert_eq!(&src[tc.spans.kids["b"].range.clone()], "b = string");
}

/// Runs `f` on a thread with a 1 MiB stack, as small as the browser's.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(1 << 20).spawn(f).unwrap().join().unwrap()
}

const TOO_DEEP: &str = "Type constraint too deeply nested";

#[test]
fn deep_nesting_is_a_diagnostic_not_a_stack_overflow() {
    on_small_stack(|| {
        for src in [
            format!("{}string{}", "list(".repeat(10_000), ")".repeat(10_000)),
            format!("{}string{}", "object({a=".repeat(5_000), "})".repeat(5_000)),
            format!("object({{a=optional(any, {}1{})}})", "[".repeat(10_000), "]".repeat(10_000)),
            format!("object({{a=optional(any, {}1{})}})", "-(".repeat(10_000), ")".repeat(10_000)),
            format!("object({{a=optional(string, {}1{})}})", "\"${".repeat(10_000), "}\"".repeat(10_000)),
            format!("object({{a=optional(number, {}1)}})", "-".repeat(10_000)),
            format!("{}string", "list(".repeat(10_000)),
            // Blocks the source opens after closing the variable's.
            format!("string\n}}\n{}", "a {\n".repeat(10_000)),
        ] {
            let d = parse_variable_type(Some(&src)).unwrap_err();
            assert_eq!(d[0].summary, TOO_DEEP, "{}", &src[..40]);
            assert!(d[0].detail.contains(&format!("more than {MAX_DEPTH} levels")));
            let r = d[0].range.clone().unwrap();
            assert!(r.start > 0 && r.end <= src.len());
        }
    });
}

#[test]
fn nesting_up_to_the_limit_parses_on_a_small_stack() {
    on_small_stack(|| {
        // The variable block is one level; each constructor call another,
        // and so is the innermost keyword.
        let n = MAX_DEPTH as usize - 2;
        let src = format!("{}string{}", "list(".repeat(n), ")".repeat(n));
        let tc = parse_variable_type(Some(&src)).unwrap();
        assert_eq!(tc.ty.type_string().len(), src.len());
        let src = format!("{}string{}", "list(".repeat(n + 1), ")".repeat(n + 1));
        assert_eq!(parse_variable_type(Some(&src)).unwrap_err()[0].summary, TOO_DEEP);
        // An object attribute costs two levels (the object and its value).
        let k = n / 3;
        let src = format!("{}string{}", "object({a=".repeat(k), "})".repeat(k));
        assert!(parse_variable_type(Some(&src)).is_ok());
        // Defaults nest inside the type.
        let wrap = |open: &str, close: &str, k: usize| {
            format!("object({{a=optional(any, {}1{})}})", open.repeat(k), close.repeat(k))
        };
        for (open, close, k) in [("[", "]", 100), ("-(", ")", 50), ("\"${", "}\"", 30), ("{a=[", "]}", 30)] {
            let src = wrap(open, close, k);
            assert!(parse_variable_type(Some(&src)).is_ok(), "{open} x {k}");
        }
    });
}

#[test]
fn nesting_beyond_the_old_limit_of_32_is_read() {
    on_small_stack(|| {
        let src = format!("{}string{}", "list(".repeat(100), ")".repeat(100));
        let tc = parse_variable_type(Some(&src)).unwrap();
        let mut t = &tc.ty;
        let mut depth = 0;
        while let Some(e) = t.element_type() {
            t = e;
            depth += 1;
        }
        assert_eq!((depth, t.clone()), (100, Type::String));
        let src = format!("{}string{}", "object({a=".repeat(40), "})".repeat(40));
        assert!(parse_variable_type(Some(&src)).is_ok());
        let src = format!("{}string{}", "tuple([".repeat(60), "])".repeat(60));
        assert!(parse_variable_type(Some(&src)).is_ok());
    });
}

#[test]
fn a_megabyte_of_type_source_gives_an_answer() {
    on_small_stack(|| {
        let src = format!("tuple([{}])", vec!["list(string)"; 80_000].join(", "));
        assert!(src.len() > 1 << 20);
        let tc = parse_variable_type(Some(&src)).unwrap();
        assert_eq!(tc.ty.tuple_elements().unwrap().len(), 80_000);
        // An unbalanced megabyte.
        let src = "(".repeat(1 << 20);
        assert_eq!(parse_variable_type(Some(&src)).unwrap_err()[0].summary, TOO_DEEP);
        // A megabyte of attributes in one object, every one with a default.
        let mut src = String::from("object({\n");
        let mut i = 0;
        while src.len() < 1 << 20 {
            src.push_str(&format!("  attr_{i} = optional(list(string), [\"x\"])\n"));
            i += 1;
        }
        src.push_str("})");
        let tc = parse_variable_type(Some(&src)).unwrap();
        assert_eq!(tc.ty.as_object().unwrap().attrs.len(), i);
        assert_eq!(tc.defaults.unwrap().values.len(), i);
    });
}

#[test]
fn objects_have_no_attribute_limit() {
    // hcl-edit's reader was quadratic in the number of keys (tftype stopped
    // at 1,024); this reader is linear.
    let attrs: Vec<String> = (0..20_000).map(|i| format!("a{i} = string")).collect();
    let src = format!("object({{{}}})", attrs.join(", "));
    let tc = ok(&src);
    assert_eq!(tc.ty.as_object().unwrap().attrs.len(), 20_000);
    assert_eq!(&src[tc.spans.kids["a19999"].range.clone()], "a19999 = string");
    // A repeat among them is still found.
    let src = format!("object({{{}, a7 = number}})", attrs.join(", "));
    let d = parse_variable_type(Some(&src)).unwrap_err();
    assert_eq!(d[0].detail, "Object constructor map keys must be unique.");
    let r = d[0].range.clone().unwrap();
    assert_eq!((&src[r.clone()], r.start), ("a7", src.rfind("a7").unwrap()));
}

#[test]
fn parse_errors_read_as_hclsyntax_reads_them() {
    let cases = [
        ("set(string)(number)", "Missing newline after argument"),
        ("list(string", "Missing argument separator"),
        ("object({a=string", "Unterminated function call"),
        ("object({a=string)", "Missing attribute separator"),
        ("tuple([string", "Missing item separator"),
        ("list(string))", "Missing newline after argument"),
        ("list(,)", "Invalid expression"),
        ("object({a=})", "Invalid expression"),
        ("object({a})", "Missing key/value separator"),
        ("object({=string})", "Invalid expression"),
        ("list(string]", "Missing argument separator"),
        ("\"abc", "Invalid multi-line string"),
        ("list(\"a)", "Invalid multi-line string"),
        ("object({a=string b=number})", "Missing attribute separator"),
        ("object({a=string,,b=number})", "Invalid expression"),
        ("string string", "Missing newline after argument"),
        ("$", "Invalid character"),
        ("list(string)}", "Missing newline after argument"),
        ("list(string) = 1", "Missing newline after argument"),
        ("<<EOT\nstring", "Unterminated template string"),
        ("object({a=string}", "Missing argument separator"),
        ("{", "Unclosed configuration block"),
        ("[", "Invalid expression"),
        ("(", "Invalid expression"),
        (")", "Invalid expression"),
        ("", "Invalid expression"),
        ("\nstring", "Invalid expression"),
        ("# c\nstring", "Invalid expression"),
        ("object({a=string\n,b=number})", "Invalid expression"),
        ("object({a=optional(number, 0x10)})", "Missing argument separator"),
        ("list(string) & x", "Unsupported operator"),
        ("list(string);", "Invalid character"),
        ("'string'", "Invalid character"),
        ("\u{201c}string\u{201d}", "Invalid character"),
    ];
    for (src, want) in cases {
        assert_eq!(err(src).0, want, "{src:?}");
    }
}

#[test]
fn blocks_and_arguments_after_the_type_follow_hclsyntax() {
    let cases = [
        // Closing the variable's block leaves its closing brace alone at the top.
        ("string\n}\nfoo = 1", "Argument or block definition required", ""),
        ("string\n}\nfoo {", "Unexpected content after the type constraint", "foo {"),
        ("string\n}\nresource \"a\" \"b\" {", "Unexpected content after the type constraint", "resource \"a\" \"b\" {"),
        ("string\n}\nfoo = 1\nbar {", "Unexpected content after the type constraint", "foo = 1"),
        ("string\nvalidation {\n}", "Unexpected content after the type constraint", "validation {\n}"),
        ("string\nfoo {\n}", "Unsupported block type", "foo"),
        ("string\nfoo \"a\" b {\n}\n", "Unsupported block type", "foo"),
        ("string\nfoo { a = 1\n}", "Invalid single-argument block definition", "\n"),
        ("string\nfoo { a = 1", "Invalid single-argument block definition", ""),
        ("string\nfoo {", "Unclosed configuration block", ""),
        ("string\nfoo \"\\q\" {\n}", "Invalid escape sequence", "\\q"),
        ("string\nfoo = 1 }", "Missing newline after argument", "}"),
        ("string\nfoo \"a${x}\" {\n}", "Invalid string literal", "${"),
        ("string\nfoo = 1, bar = 2", "Unexpected comma after argument", ","),
        ("string\nfoo =", "Invalid expression", ""),
        ("string\nfoo", "Argument or block definition required", "foo"),
        ("string\n\"foo\" = 1", "Invalid argument name", "\""),
        ("string\nfoo = {", "Unclosed configuration block", ""),
        ("string\nfoo { a = 1, b = 2 }", "Invalid single-argument block definition", ","),
        ("string\nfoo { a b }", "Argument definition required", "a b"),
        ("string\nfoo = 1\nfoo = 2", "Attribute redefined", "foo"),
        ("string\nfoo {\n} x", "Missing newline after block definition", "x"),
        ("string\nfoo = \n", "Invalid expression", "\n"),
        ("string\nfoo =\n{", "Invalid expression", "\n"),
    ];
    for (src, summary, subject) in cases {
        let (s, _, r) = err(src);
        assert_eq!((s.as_str(), r.as_str()), (summary, subject), "{src:?}");
    }
}

#[test]
fn pretty_prints_types_as_terraform_fmt_would() {
    let cases = [
        ("string", "string"),
        ("list(map(string))", "list(map(string))"),
        ("object({})", "object({})"),
        ("tuple([string, number])", "tuple([string, number])"),
        ("object({name = string, tags = optional(map(string))})", "object({\n  name = string\n  tags = optional(map(string))\n})"),
        ("object({id = number, name = string, enabled = optional(bool)})", "object({\n  enabled = optional(bool)\n  id      = number\n  name    = string\n})"),
        (
            "list(object({a = string, nested = object({x = number}), zz = bool}))",
            "list(object({\n  a = string\n  nested = object({\n    x = number\n  })\n  zz = bool\n}))",
        ),
        ("tuple([string, object({a = bool})])", "tuple([\n  string,\n  object({\n    a = bool\n  }),\n])"),
        ("map(object({a = optional(object({b = list(string)}))}))", "map(object({\n  a = optional(object({\n    b = list(string)\n  }))\n}))"),
        (
            "object({id = number, name = string, nested = object({x = number, yy = string}), after = bool, also = list(string)})",
            "object({\n  after = bool\n  also  = list(string)\n  id    = number\n  name  = string\n  nested = object({\n    x  = number\n    yy = string\n  })\n})",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(pretty(&ok(src).ty), want, "{src:?}");
    }
}

#[test]
fn pretty_quotes_names_that_are_not_identifiers() {
    let t = Type::object(BTreeMap::from([("with space".to_string(), Type::String), ("ok".to_string(), Type::Number)]));
    assert_eq!(pretty(&t), "object({\n  ok           = number\n  \"with space\" = string\n})");
}

#[test]
fn repeated_arguments_are_found_among_many_after_the_type() {
    // Each argument name is checked against the earlier ones (hcl's
    // "Attribute redefined"), by name lookup rather than a scan of them all.
    let mut src = String::from("string\n");
    for i in 0..50_000 {
        src.push_str(&format!("a{i} = 1\n"));
    }
    src.push_str("a7 = 2\n");
    let d = parse_variable_type(Some(&src)).unwrap_err();
    assert_eq!(d[0].summary, "Attribute redefined");
    assert_eq!(
        d[0].detail,
        "The argument \"a7\" was already set at main.tf:10,1-3. Each argument may be set only once."
    );
    let r = d[0].range.clone().unwrap();
    assert_eq!(r.start, src.rfind("a7").unwrap());
}

#[test]
fn a_malformed_one_line_block_reports_what_follows_its_line_first() {
    // hclsyntax skips to the end of the line and reports an empty line or a
    // comma after it before the block's own error (checked against hcl).
    let newline = "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.";
    let comma = "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.";
    let cases = [
        ("string\nfoo { 1 }\n", newline, 17..17),
        ("string\nfoo { 1 }\n\n", newline, 17..18),
        ("string\nfoo { a = \n\n", newline, 18..19),
        ("string\nfoo { a = \n,", comma, 18..19),
        ("string\nfoo { a b\n,", comma, 17..18),
    ];
    for (src, detail, range) in cases {
        let d = parse_variable_type(Some(src)).unwrap_err();
        assert_eq!(d[0].summary, "Invalid single-argument block definition");
        assert_eq!((d[0].detail.as_str(), d[0].range.clone()), (detail, Some(range)), "{src:?}");
    }
    // Otherwise the block's own error comes first.
    let (s, _, r) = err("string\nfoo { 1 }\nbar = 2");
    assert_eq!((s.as_str(), r.as_str()), ("Argument or block definition required", "1"));
}

/// A type source read again (natively kept from the last reading) gives
/// the same answer and tells the profile of the same questions as the
/// first reading, in every flavor.
#[test]
fn a_type_read_again_answers_and_asks_as_the_first_time() {
    let sources = [
        "object({ a = optional(string, \"x\"), b = optional(list(number)) })",
        "set(string)",
        "list(object({ c = string }))",
        "map(",
        "optional(string)",
        "object({ a = string, a = number })",
        "object({ a = optional(number, \"x\") })",
    ];
    let mut asked_any = false;
    for f in crate::flavor::FLAVORS.iter() {
        for src in sources {
            let (first, again) = (f.profile(), f.profile());
            let a = format!("{:?}", parse_variable_type_in(Some(src), &first));
            let b = format!("{:?}", parse_variable_type_in(Some(src), &again));
            assert_eq!(a, b, "{} {src}", f.name);
            assert_eq!(first.asked(), again.asked(), "{} {src}", f.name);
            asked_any |= !first.asked().is_empty();
        }
    }
    assert!(asked_any, "no type source asked its flavor anything: the questions are not tested");
}
