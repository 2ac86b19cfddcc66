use super::*;
use crate::diag::Source;
use crate::flavor::Profile;
use crate::hcl::{eval_const, parse_type_config, MAX_DEPTH};
use crate::types::Type;
use crate::value::Kind;

/// cty's JSON form of a value with its type (`ctyjson.Marshal(v, DynamicPseudoType)`), marks ignored.
fn cty_json(v: &Value) -> String {
    format!("{{\"value\":{},\"type\":{}}}", json_value(v), json_type(&v.ty))
}

fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

fn json_value(v: &Value) -> String {
    match &v.kind {
        Kind::Null => "null".into(),
        Kind::Unknown => "\"<unknown>\"".into(),
        Kind::Bool(b) => b.to_string(),
        Kind::Number(n) => n.to_text_f(),
        Kind::String(s) => json_str(s),
        Kind::Seq(es) => format!("[{}]", es.iter().map(json_value).collect::<Vec<_>>().join(",")),
        Kind::Attrs(m) => format!(
            "{{{}}}",
            m.iter().map(|(k, e)| format!("{}:{}", json_str(k), json_value(e))).collect::<Vec<_>>().join(",")
        ),
    }
}

fn json_type(t: &Type) -> String {
    match t {
        Type::Bool => "\"bool\"".into(),
        Type::Number => "\"number\"".into(),
        Type::String => "\"string\"".into(),
        Type::Dynamic => "\"dynamic\"".into(),
        Type::List(e) => format!("[\"list\",{}]", json_type(e)),
        Type::Map(e) => format!("[\"map\",{}]", json_type(e)),
        Type::Set(e) => format!("[\"set\",{}]", json_type(e)),
        Type::Object(o) => {
            format!(
                "[\"object\",{{{}}}]",
                o.attrs.iter().map(|(k, t)| format!("{}:{}", json_str(k), json_type(t))).collect::<Vec<_>>().join(",")
            )
        }
        Type::Tuple(ts) => format!("[\"tuple\",[{}]]", ts.iter().map(json_type).collect::<Vec<_>>().join(",")),
    }
}

/// Runs `f` on a thread with a 1 MiB stack, as small as a wasm stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(1 << 20).spawn(f).unwrap().join().unwrap()
}

#[test]
fn deep_nesting_is_rejected_with_a_diagnostic_not_a_stack_overflow() {
    let cases: Vec<(String, ValueFormat)> = vec![
        (format!("{}{}", "[".repeat(10_000), "]".repeat(10_000)), ValueFormat::Hcl),
        (format!("{}1{}", "{a=".repeat(10_000), "}".repeat(10_000)), ValueFormat::Hcl),
        (format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000)), ValueFormat::Tfvars),
        (format!("{}true", "!".repeat(10_000)), ValueFormat::Hcl),
        (format!("{}1", "-".repeat(10_000)), ValueFormat::Cli),
        (format!("{}x{}", "\"${".repeat(10_000), "}\"".repeat(10_000)), ValueFormat::Hcl),
        (format!("tolist({}1{})", "tolist(".repeat(10_000), ")".repeat(10_000)), ValueFormat::Hcl),
        (format!("[1]{}", "[(0)]".repeat(10_000)), ValueFormat::Hcl),
        (format!("\"{}x{}\"", "%{if true}".repeat(10_000), "%{endif}".repeat(10_000)), ValueFormat::Hcl),
        (format!("\"{}x{}\"", "%{for x in [1]}".repeat(10_000), "%{endfor}".repeat(10_000)), ValueFormat::Tfvars),
        (format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000)), ValueFormat::Json),
        (format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000)), ValueFormat::Ctyjson),
    ];
    for (src, f) in cases {
        let r = on_small_stack(move || parse_value(&src, f, false).map(|_| ()).map_err(|d| d[0].summary.clone()));
        assert_eq!(r, Err("Value too deeply nested".to_string()), "{f:?}");
    }
}

/// `1 + 1 + …` is a flat chain to its author; past the limit it is called
/// too long, not too deeply nested.
#[test]
fn a_long_operator_chain_is_too_long_not_too_deep() {
    for n in [129, 10_000] {
        let src = format!("1{}", " + 1".repeat(n - 1));
        let r = on_small_stack(move || {
            parse_value(&src, ValueFormat::Hcl, false)
                .map(|_| ())
                .map_err(|d| (d[0].summary.clone(), d[0].range.clone()))
        });
        let (summary, range) = r.unwrap_err();
        assert_eq!(summary, "Expression too long", "{n}");
        assert!(range.is_some(), "{n}");
    }
    let ok = format!("1{}", " + 1".repeat(127));
    assert_eq!(cty_json(&parse_value(&ok, ValueFormat::Hcl, false).unwrap().value), r#"{"value":128,"type":"number"}"#);
}

#[test]
fn nesting_up_to_the_limit_is_accepted_on_a_small_stack() {
    let n = 120;
    let src = format!("{}1{}", "[".repeat(n), "]".repeat(n));
    let depth = on_small_stack(move || {
        let pv = parse_value(&src, ValueFormat::Hcl, false).unwrap();
        let mut d = 0;
        let mut v = &pv.value;
        while let Some(e) = v.elements().and_then(|e| e.first()) {
            d += 1;
            v = e;
        }
        d
    });
    assert_eq!(depth, n);
}

// ----- rule tests -----

fn ok(src: &str, f: ValueFormat) -> ParsedValue {
    match parse_value(src, f, false) {
        Ok(pv) => pv,
        Err(d) => panic!("{src:?} ({f:?}) failed: {d:?}"),
    }
}

fn json_of(src: &str, f: ValueFormat) -> String {
    cty_json(&ok(src, f).value)
}

fn first_err(src: &str, f: ValueFormat) -> Diagnostic {
    match parse_value(src, f, false) {
        Ok(pv) => panic!("{src:?} ({f:?}) gave {}", cty_json(&pv.value)),
        Err(d) => d.into_iter().next().unwrap(),
    }
}

/// (source, expected cty JSON of value and type)
fn check_values(f: ValueFormat, table: &[(&str, &str)]) {
    for (src, want) in table {
        assert_eq!(json_of(src, f), *want, "{src:?}");
    }
}

/// (source, summary, detail, byte range in the source)
fn check_errors(f: ValueFormat, table: &[(&str, &str, &str, std::ops::Range<usize>)]) {
    for (src, summary, detail, range) in table {
        let d = first_err(src, f);
        assert_eq!((d.summary.as_str(), d.detail.as_str()), (*summary, *detail), "{src:?}");
        assert_eq!(d.range.clone(), Some(range.clone()), "{src:?}");
        assert_eq!(d.source, Source::Value);
    }
}

#[test]
fn literals_have_cty_types() {
    check_values(
        ValueFormat::Hcl,
        &[
            ("1", r#"{"value":1,"type":"number"}"#),
            ("true", r#"{"value":true,"type":"bool"}"#),
            ("\"a\"", r#"{"value":"a","type":"string"}"#),
            ("[1, \"a\"]", r#"{"value":[1,"a"],"type":["tuple",["number","string"]]}"#),
            ("{b = 1, a = true}", r#"{"value":{"a":true,"b":1},"type":["object",{"a":"bool","b":"number"}]}"#),
            ("[]", r#"{"value":[],"type":["tuple",[]]}"#),
            ("{}", r#"{"value":{},"type":["object",{}]}"#),
            ("[null]", r#"{"value":[null],"type":["tuple",["dynamic"]]}"#),
        ],
    );
    let v = ok("null", ValueFormat::Hcl).value;
    assert!(v.is_null() && v.ty.is_dynamic());
}

#[test]
fn string_escapes_follow_hcl() {
    check_values(
        ValueFormat::Hcl,
        &[
            (r#""a\nb\t\"c\\""#, r#"{"value":"a\nb\t\"c\\","type":"string"}"#),
            (r#""\u00e9\U0001F600""#, r#"{"value":"é😀","type":"string"}"#),
            (r#""$${x} %%{y}""#, r#"{"value":"${x} %{y}","type":"string"}"#),
            (r#""a$b%c$""#, r#"{"value":"a$b%c$","type":"string"}"#),
            // NFC, as cty normalises every string.
            ("\"e\u{301}\"", r#"{"value":"é","type":"string"}"#),
        ],
    );
    check_errors(
        ValueFormat::Hcl,
        &[
            (r#""\q""#, "Invalid escape sequence", "The symbol \"q\" is not a valid escape sequence selector.", 1..3),
            (
                r#""\u12""#,
                "Invalid escape sequence",
                "The \\u escape sequence must be followed by four hexadecimal digits.",
                1..5,
            ),
            (r#""\uD800""#, "Invalid escape sequence", "Cannot encode character U+d800 in UTF-8.", 1..7),
        ],
    );
}

/// hcl's ParseStringLiteralToken reports every bad escape of a literal and
/// reads on: a surrogate pair written as two `\u` escapes is two errors, and
/// a later unknown selector a third, each at its escape.
#[test]
fn every_bad_escape_of_a_literal_is_reported() {
    let table: [(&str, &[(&str, std::ops::Range<usize>)]); 3] = [
        (
            r#""\ud83d\ude00 \q""#,
            &[
                ("Cannot encode character U+d83d in UTF-8.", 1..7),
                ("Cannot encode character U+de00 in UTF-8.", 7..13),
                ("The symbol \"q\" is not a valid escape sequence selector.", 14..16),
            ],
        ),
        (
            r#""\u12 \x""#,
            &[
                ("The \\u escape sequence must be followed by four hexadecimal digits.", 1..5),
                ("The symbol \"x\" is not a valid escape sequence selector.", 6..8),
            ],
        ),
        (r#""ok \n then \q""#, &[("The symbol \"q\" is not a valid escape sequence selector.", 12..14)]),
    ];
    for (src, want) in table {
        let Err(diags) = parse_value(src, ValueFormat::Hcl, false) else { panic!("{src:?} parsed") };
        let got: Vec<(&str, Option<std::ops::Range<usize>>)> =
            diags.iter().map(|d| (d.detail.as_str(), d.range.clone())).collect();
        let want: Vec<(&str, Option<std::ops::Range<usize>>)> =
            want.iter().map(|(d, r)| (*d, Some(r.clone()))).collect();
        assert_eq!(got, want, "{src:?}");
        assert!(diags.iter().all(|d| d.summary == "Invalid escape sequence"), "{src:?}");
    }
}

#[test]
fn templates_interpolate_and_strip() {
    check_values(
        ValueFormat::Hcl,
        &[
            (r#""x${1}y${true}""#, r#"{"value":"x1ytrue","type":"string"}"#),
            // A lone interpolation passes its value through unconverted.
            (r#""${[1]}""#, r#"{"value":[1],"type":["tuple",["number"]]}"#),
            (r#""%{if true}yes%{else}no%{endif}""#, r#"{"value":"yes","type":"string"}"#),
            (r#""%{for k, v in {a=1,b=2}}${k}=${v};%{endfor}""#, r#"{"value":"a=1;b=2;","type":"string"}"#),
            (r#""a ${~ "b" ~} c""#, r#"{"value":"abc","type":"string"}"#),
            (r#""a %{~ if true ~} b %{~ endif ~} c""#, r#"{"value":"abc","type":"string"}"#),
        ],
    );
    check_errors(
        ValueFormat::Hcl,
        &[
            (
                r#""x${null}""#,
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template.",
                4..8,
            ),
            (
                r#""%{ if true }x""#,
                "Unexpected end of template",
                "The if directive at terraform.tfvars:1,6-18 is missing its corresponding endif directive.",
                14..15,
            ),
            (
                r#""%{ bogus }""#,
                "Invalid template control keyword",
                "\"bogus\" is not a valid template control keyword.",
                4..9,
            ),
            (
                r#""%{ endif }""#,
                "Unexpected endif directive",
                "The control directives within this template are unbalanced.",
                1..11,
            ),
        ],
    );
}

#[test]
fn heredocs_keep_lines_and_flush_heredocs_strip_common_indent() {
    check_values(
        ValueFormat::Hcl,
        &[
            ("<<EOT\n  a\nb\nEOT", r#"{"value":"  a\nb\n","type":"string"}"#),
            ("<<-EOT\n    a\n      b\n    EOT", r#"{"value":"a\n  b\n","type":"string"}"#),
            // A blank line neither counts nor loses its spaces.
            ("<<-EOT\n    a\n  \n    b\n    EOT", r#"{"value":"a\n  \nb\n","type":"string"}"#),
            // Indentation is counted on the literal text before an interpolation...
            ("<<-EOT\n  ${\"x\"}\n    y\n  EOT", r#"{"value":"x\n  y\n","type":"string"}"#),
            // ...and a line starting with an interpolation has none.
            ("<<-EOT\n${\"x\"}\n    y\n  EOT", r#"{"value":"x\n    y\n","type":"string"}"#),
            // A strip marker reaches only to the end of its own line.
            ("<<EOT\na ${~ \"b\" ~}   \n\n  c\nEOT", r#"{"value":"ab\n  c\n","type":"string"}"#),
            ("<<EOT\nEOT", r#"{"value":"","type":"string"}"#),
            ("<<EOT\n$${x} %%{y} \\n\nEOT", r#"{"value":"${x} %{y} \\n\n","type":"string"}"#),
        ],
    );
    check_errors(
        ValueFormat::Hcl,
        &[("<<EOT\nno end", "Unterminated template string", "No closing marker was found for the string.", 12..12)],
    );
}

#[test]
fn operators_convert_operands_as_hcl_does() {
    check_values(
        ValueFormat::Hcl,
        &[
            ("1 + 2 * 3", r#"{"value":7,"type":"number"}"#),
            ("(1 + 2) * 3", r#"{"value":9,"type":"number"}"#),
            ("10 - 4 - 3", r#"{"value":3,"type":"number"}"#),
            ("\"1\" + 2", r#"{"value":3,"type":"number"}"#),
            ("1 == \"1\"", r#"{"value":false,"type":"bool"}"#),
            ("{a = 1} == {a = 1}", r#"{"value":true,"type":"bool"}"#),
            ("null == null", r#"{"value":true,"type":"bool"}"#),
            ("2 >= 2 && !false", r#"{"value":true,"type":"bool"}"#),
            ("-\"5\"", r#"{"value":-5,"type":"number"}"#),
            ("true ? 1 : \"x\"", r#"{"value":"1","type":"string"}"#),
            // The arm not taken is not evaluated for errors.
            ("true ? 1 : foo", r#"{"value":1,"type":"number"}"#),
        ],
    );
    check_errors(
        ValueFormat::Hcl,
        &[
            ("\"a\" + 1", "Invalid operand", "Unsuitable value for left operand: a number is required.", 0..3),
            ("null + 1", "Operation failed", "Error during operation: argument must not be null.", 0..8),
            ("null ? 1 : 2", "Null condition", "The condition value is null. Conditions must either be true or false.", 0..4),
            ("1 ? 1 : 2", "Incorrect condition type", "The condition expression must be of type bool.", 0..1),
            (
                "true ? [1] : {a = 1}",
                "Inconsistent conditional result types",
                "The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object.",
                7..20,
            ),
        ],
    );
}

#[test]
fn for_expressions_index_and_splat_work_on_literal_collections() {
    check_values(
        ValueFormat::Tfvars,
        &[
            ("[for x in [1, 2, 3]: x * 2 if x > 1]", r#"{"value":[4,6],"type":["tuple",["number","number"]]}"#),
            (
                "{for x in [\"a\", \"b\"]: x => x}",
                r#"{"value":{"a":"a","b":"b"},"type":["object",{"a":"string","b":"string"}]}"#,
            ),
            (
                "{for x in [\"a\", \"a\"]: x => 1...}",
                r#"{"value":{"a":[1,1]},"type":["object",{"a":["tuple",["number","number"]]}]}"#,
            ),
            ("[1, 2, 3][1]", r#"{"value":2,"type":"number"}"#),
            ("{a = {b = 5}}.a.b", r#"{"value":5,"type":"number"}"#),
            ("[{a = 1}, {a = 2}][*].a", r#"{"value":[1,2],"type":["tuple",["number","number"]]}"#),
            ("[{a = 1}].*.a", r#"{"value":[1],"type":["tuple",["number"]]}"#),
            ("{a = 1}[*].a", r#"{"value":[1],"type":["tuple",["number"]]}"#),
        ],
    );
    check_errors(
        ValueFormat::Tfvars,
        &[
            ("[for x in [1]: y]", "Unknown variable", "There is no variable named \"y\". Did you mean \"x\"?", 15..16),
            ("[for x in [1]: foo]", "Unknown variable", "There is no variable named \"foo\".", 15..18),
            ("[for x in null: x]", "Iteration over null value", "A null value cannot be used as the collection in a 'for' expression.", 10..14),
            (
                "{for x in [\"a\", \"a\"]: x => 1}",
                "Duplicate object key",
                "Two different items produced the key \"a\" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                22..23,
            ),
            ("[1][1]", "Invalid index", "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.", 3..6),
            ("{a = 1}.b", "Unsupported attribute", "This object does not have an attribute named \"b\".", 7..9),
            (
                "[[1, 2]].0.1",
                "Invalid legacy index syntax",
                "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [0][1].",
                9..12,
            ),
        ],
    );
}

#[test]
fn object_keys_are_names_strings_or_parenthesised_expressions() {
    check_values(
        ValueFormat::Hcl,
        &[
            ("{\"a b\" = 1, c: 2}", r#"{"value":{"a b":1,"c":2},"type":["object",{"a b":"number","c":"number"}]}"#),
            (
                "{(1) = 1, true = 2, null = 3}",
                r#"{"value":{"1":1,"null":3,"true":2},"type":["object",{"1":"number","null":"number","true":"number"}]}"#,
            ),
            // hcl's native syntax lets a later duplicate win.
            ("{a = 1, a = 2}", r#"{"value":{"a":2},"type":["object",{"a":"number"}]}"#),
            ("{\na = 1\nb = 2\n}", r#"{"value":{"a":1,"b":2},"type":["object",{"a":"number","b":"number"}]}"#),
        ],
    );
    check_errors(
        ValueFormat::Hcl,
        &[
            (
                "{a.b = 1}",
                "Ambiguous attribute key",
                "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                1..4,
            ),
            ("{(null) = 1}", "Null value as key", "Can't use a null value as a key.", 10..11),
            ("{a = 1 b = 2}", "Missing attribute separator", "Expected a newline or comma to mark the beginning of the next attribute.", 7..8),
            ("{a}", "Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value.", 2..3),
        ],
    );
}

#[test]
fn syntax_errors_use_hcl_diagnostics() {
    check_errors(
        ValueFormat::Hcl,
        &[
            ("", "Invalid expression", "Expected the start of an expression, but found an invalid expression token.", 0..0),
            ("[1 2]", "Missing item separator", "Expected a comma to mark the beginning of the next item.", 3..4),
            ("1 2", "Missing newline after argument", "An argument definition must end with a newline.", 2..3),
            ("1, 2", "Unexpected comma after argument", "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.", 1..2),
            ("'a'", "Invalid character", "Single quotes are not valid. Use double quotes (\") to enclose strings.", 0..1),
            ("1 & 2", "Unsupported operator", "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?", 2..3),
            ("\"abc", "Invalid multi-line string", "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.", 4..4),
            ("1.2.3", "Invalid number literal", "Failed to recognize the value of this number literal.", 0..5),
            ("[1, [2, 3]", "Unterminated tuple constructor expression", "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.", 0..1),
        ],
    );
    check_errors(
        ValueFormat::Cli,
        &[(
            "1 2",
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
            2..3,
        )],
    );
}

#[test]
fn variables_and_functions_follow_the_eval_context() {
    check_errors(
        ValueFormat::Hcl,
        &[
            ("foo", "Variables not allowed", "Variables may not be used here.", 0..3),
            ("[foo.bar]", "Variables not allowed", "Variables may not be used here.", 1..4),
            ("upper(\"a\")", "Call to unknown function", "There is no function named \"upper\".", 0..5),
            (
                "tomaps({})",
                "Call to unknown function",
                "There is no function named \"tomaps\". Did you mean \"tomap\"?",
                0..6,
            ),
            (
                "tolist()",
                "Not enough function arguments",
                "Function \"tolist\" expects 1 argument(s). Missing value for \"v\".",
                7..8,
            ),
            ("tolist(1, 2)", "Too many function arguments", "Function \"tolist\" expects only 1 argument(s).", 10..11),
        ],
    );
    for f in [ValueFormat::Tfvars, ValueFormat::Cli] {
        check_errors(f, &[("tolist([1])", "Function calls not allowed", "Functions may not be called here.", 0..11)]);
    }
}

#[test]
fn conversion_functions_use_terraforms_messages() {
    check_values(
        ValueFormat::Hcl,
        &[
            ("tolist([1, 2])", r#"{"value":[1,2],"type":["list","number"]}"#),
            ("tomap({a = 1, b = \"x\"})", r#"{"value":{"a":"1","b":"x"},"type":["map","string"]}"#),
            ("tostring(1)", r#"{"value":"1","type":"string"}"#),
            ("tobool(\"true\")", r#"{"value":true,"type":"bool"}"#),
            ("tolist([[1, 2]]...)", r#"{"value":[1,2],"type":["list","number"]}"#),
        ],
    );
    let list_null = ok("tolist(null)", ValueFormat::Hcl).value;
    assert!(list_null.is_null());
    assert_eq!(list_null.ty, Type::list(Type::Dynamic));
    check_errors(
        ValueFormat::Hcl,
        &[
            ("tomap({a = 1, b = [1]})", "Invalid function argument", "Invalid value for \"v\" parameter: cannot convert object to map of any single type.", 6..7),
            ("tolist([1, [2]])", "Invalid function argument", "Invalid value for \"v\" parameter: cannot convert tuple to list of any single type.", 7..8),
            ("tonumber(\"x\")", "Invalid function argument", "Invalid value for \"v\" parameter: cannot convert \"x\" to number; given string must be a decimal representation of a number.", 10..11),
            ("tobool(\"yes\")", "Invalid function argument", "Invalid value for \"v\" parameter: cannot convert \"yes\" to bool; only the strings \"true\" or \"false\" are allowed.", 8..11),
            ("tonumber(sensitive(\"x\"))", "Invalid function argument", "Invalid value for \"v\" parameter: cannot convert this sensitive string to number.", 9..19),
            ("tostring([1])", "Invalid function argument", "Invalid value for \"v\" parameter: cannot convert tuple to string.", 9..10),
        ],
    );
}

#[test]
fn sensitive_marks_the_value_and_nonsensitive_removes_the_outer_mark() {
    let v = ok("sensitive([1, 2])", ValueFormat::Hcl).value;
    assert!(v.marks.sensitive);
    let v = ok("[sensitive(1), 2]", ValueFormat::Hcl).value;
    assert!(!v.marks.sensitive && v.elements().unwrap()[0].marks.sensitive);
    let v = ok("nonsensitive(sensitive(1))", ValueFormat::Hcl).value;
    assert!(!v.has_sensitive_deep());
    // Operators carry marks to their result; so does a template.
    assert!(ok("sensitive(1) + 1", ValueFormat::Hcl).value.marks.sensitive);
    assert!(ok("\"${sensitive(\"x\")}y\"", ValueFormat::Hcl).value.marks.sensitive);
    // As current hcl does, the condition's marks reach the result.
    assert!(ok("sensitive(true) ? 1 : 2", ValueFormat::Hcl).value.marks.sensitive);
}

#[test]
fn json_values_are_hcl_json_properties() {
    check_values(
        ValueFormat::Json,
        &[
            (
                "{\"b\": [1, \"${x}\"], \"a\": null}",
                r#"{"value":{"a":null,"b":[1,"${x}"]},"type":["object",{"a":"dynamic","b":["tuple",["number","string"]]}]}"#,
            ),
            ("\"\\u00e9\\ud83d\\ude00\"", r#"{"value":"é😀","type":"string"}"#),
            ("12345678901234567890123", r#"{"value":12345678901234567890123,"type":"number"}"#),
        ],
    );
    check_errors(
        ValueFormat::Json,
        &[
            (
                "{\"a\": 1, \"a\": 2}",
                "Duplicate object attribute",
                "An attribute named \"a\" was already defined at terraform.tfvars.json:1,8-11.",
                9..12,
            ),
            ("nul", "Invalid JSON keyword", "\"nul\" is not a valid JSON keyword. Did you mean \"null\"?", 0..3),
            (
                "[1,]",
                "Trailing comma in array",
                "JSON does not permit a trailing comma after the final value in an array.",
                2..3,
            ),
            ("01", "Invalid JSON number", "There is a syntax error in the given JSON number.", 0..2),
            ("\"\\x\"", "Invalid JSON string", "There is a syntax error in the given JSON string.", 3..4),
            (
                "",
                "Missing JSON value",
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                0..0,
            ),
        ],
    );
}

/// A .tfvars.json value read straight into its value (when only the whole
/// value's range is wanted) is the value, range and diagnostics the tree
/// reader gives.
#[test]
fn tfvars_json_read_directly_matches_the_tree_reader() {
    use super::json::parse_tfvars_json;
    let big = format!(
        "{{{}}}",
        (0..70)
            .rev()
            .map(|i| format!("\"k{i}\": [{i}, \"v\", null, {{\"x\": true}}]"))
            .collect::<Vec<_>>()
            .join(",\n ")
    );
    let deep = format!("{}1{}", "[".repeat(MAX_DEPTH as usize), "]".repeat(MAX_DEPTH as usize));
    let too_deep = format!("{}1{}", "[".repeat(MAX_DEPTH as usize + 1), "]".repeat(MAX_DEPTH as usize + 1));
    let table = [
        "1",
        " \"caf\\u00e9\" ",
        "true",
        "null",
        "12345678901234567890.5",
        "[]",
        "{}",
        "{\"b\": [1, {\"c\": {}}], \"a\": null}",
        "\n\t[1,\n 2 ]\n",
        &big,
        &deep,
        // Each has something to report.
        &too_deep,
        "{\"a\": 1, \"a\": 2}",
        // Names that come back (shared keys), written with and without an
        // escape; strings with escapes and with a control character.
        "[{\"n\": \"x\\ny\", \"m\": 1}, {\"m\": 2, \"n\": \"\\u0041\"}, {\"\\u006e\": \"z\", \"m\": 3}]",
        "[{\"e\u{301}\": 1}, {\"\u{e9}\": 2}, {\"e\u{301}\": 3}]",
        "{\"a\\\"b\": \"q\\\"\"}",
        "\"a\u{1}b\"",
        "{\"a\u{1}\": 1}",
        // Duplicates apart in the text, nested, or equal once normalised (NFC).
        "{\"b\": 1, \"a\": 2, \"c\": 3, \"b\": 4}",
        "[{\"x\": {\"y\": 1, \"z\": 2, \"y\": 1}}]",
        "{\"e\u{301}\": 1, \"\u{e9}\": 2}",
        "[1,]",
        "{\"a\": 1,}",
        "{1: 2}",
        "1, \"w\": 2",
        "1 2",
        "",
        "[1",
        "{\"a\" 1}",
        "1e999999999",
    ];
    for src in table {
        let tree = parse_tfvars_json(src, true);
        let direct = parse_tfvars_json(src, false);
        match (tree, direct) {
            (Ok(t), Ok(d)) => {
                assert_eq!(cty_json(&d.value), cty_json(&t.value), "{src:?}");
                assert_eq!(d.src_range, t.src_range, "{src:?}");
                assert_eq!(d.spans.range, t.spans.range, "{src:?}");
                assert!(d.spans.kids.is_empty(), "{src:?}");
            }
            (Err(t), Err(d)) => {
                let all = |ds: crate::hcl::parse::Diags| ds.into_iter().map(|d| format!("{d:?}")).collect::<Vec<_>>();
                assert_eq!(all(d), all(t), "{src:?}");
            }
            (t, d) => panic!("{src:?}: tree {:?}, direct {:?}", t.is_ok(), d.is_ok()),
        }
    }
}

/// A large object (its entries gathered and sorted once) reads as a small
/// one does: keys in cty's order whatever their order in the text, the
/// first of duplicate keys kept, and the duplicate pointing at it.
#[test]
fn tfvars_json_large_objects_sort_keys_and_keep_the_first_duplicate() {
    let keys: Vec<String> = (0..70).rev().map(|i| format!("\"k{i:02}\": {i}")).collect();
    let src = format!("{{{}}}", keys.join(", "));
    let mut sorted: Vec<String> = (0..70).map(|i| format!("\"k{i:02}\":{i}")).collect();
    sorted.sort();
    let types: Vec<String> = (0..70).map(|i| format!("\"k{i:02}\":\"number\"")).collect();
    let want = format!(r#"{{"value":{{{}}},"type":["object",{{{}}}]}}"#, sorted.join(","), types.join(","));
    check_values(ValueFormat::Json, &[(src.as_str(), want.as_str())]);
    // "k69" again at the end: the duplicate is the last key; the first is the first key.
    let dup = format!("{{{}, \"k69\": 0}}", keys.join(", "));
    let at = dup.rfind("\"k69\"").unwrap_or(0);
    check_errors(
        ValueFormat::Json,
        &[(
            dup.as_str(),
            "Duplicate object attribute",
            "An attribute named \"k69\" was already defined at terraform.tfvars.json:1,8-13.",
            at..at + 5,
        )],
    );
}

#[test]
fn cty_json_implies_types_and_keeps_the_last_duplicate_of_the_same_type() {
    check_values(
        ValueFormat::Ctyjson,
        &[
            (
                "{\"a\": [1, true], \"b\": {}}",
                r#"{"value":{"a":[1,true],"b":{}},"type":["object",{"a":["tuple",["number","bool"]],"b":["object",{}]}]}"#,
            ),
            ("{\"a\": 1, \"a\": 2}", r#"{"value":{"a":2},"type":["object",{"a":"number"}]}"#),
        ],
    );
    let pv = ok("[1]", ValueFormat::Ctyjson);
    assert_eq!(pv.src_range, None);
    assert!(!pv.from_cli);
}

#[test]
fn cli_values_are_literal_strings_or_nil_context_expressions() {
    let pv = parse_value("[1, \"a\"]", ValueFormat::Cli, true).unwrap();
    assert_eq!(pv.value.as_str(), Some("[1, \"a\"]"));
    assert!(pv.from_cli && pv.src_range.is_none());
    let pv = parse_value("[1, \"a\"]", ValueFormat::Cli, false).unwrap();
    assert_eq!(cty_json(&pv.value), r#"{"value":[1,"a"],"type":["tuple",["number","string"]]}"#);
    assert!(pv.from_cli && pv.src_range.is_none());
}

#[test]
fn source_ranges_are_printed_as_hcl_prints_them() {
    let cases = [
        ("\"secret\"", ValueFormat::Hcl, "terraform.tfvars:1,5-13"),
        ("  [1]  ", ValueFormat::Tfvars, "terraform.tfvars:1,7-10"),
        ("[\n  1,\n]", ValueFormat::Hcl, "terraform.tfvars:1,5-3,2"),
        ("\"é\"", ValueFormat::Hcl, "terraform.tfvars:1,5-8"),
        ("<<EOT\nx\nEOT", ValueFormat::Hcl, "terraform.tfvars:1,5-3,4"),
        ("{\"a\": 1}", ValueFormat::Json, "terraform.tfvars.json:1,7-15"),
        ("\t1", ValueFormat::Json, "terraform.tfvars.json:1,9-10"),
    ];
    for (src, f, want) in cases {
        assert_eq!(ok(src, f).src_range.as_deref(), Some(want), "{src:?}");
    }
}

#[test]
fn spans_locate_elements_and_attributes_of_literal_values() {
    let src = "[{name = \"a\"}, tolist([1, 2]), toset([3])]";
    let pv = ok(src, ValueFormat::Hcl);
    let s = &pv.spans;
    assert_eq!(s.range, 0..src.len());
    assert_eq!(&src[s.kids["0"].kids["name"].range.clone()], "\"a\"");
    assert_eq!(&src[s.kids["1"].kids["1"].range.clone()], "2");
    assert_eq!(&src[s.kids["2"].range.clone()], "toset([3])");
    assert!(s.kids["2"].kids.is_empty(), "a set's elements have no stable index");
    let json = "{\"a\": [true, {\"b\": 1}]}";
    let pv = ok(json, ValueFormat::Json);
    assert_eq!(&json[pv.spans.kids["a"].kids["1"].kids["b"].range.clone()], "1");
}

#[test]
fn eval_const_evaluates_without_variables_or_functions() {
    let text = "variable \"v\" {\n  type = optional(string, [1, {a = \"x\"}])\n  d = tolist([1])\n}\n";
    let body = parse_type_config(text, &Profile::default()).unwrap();
    let parse::BodyItem::Block(b) = &body.items[0] else { panic!("a block") };
    let parse::BodyItem::Attr(t) = &b.body.items[0] else { panic!("an attribute") };
    let ExprKind::Call(c) = &t.expr.kind else { panic!("a call") };
    let v = eval_const(&c.args[1], &Profile::default()).unwrap();
    assert_eq!(cty_json(&v), r#"{"value":[1,{"a":"x"}],"type":["tuple",["number",["object",{"a":"string"}]]]}"#);
    let parse::BodyItem::Attr(d) = &b.body.items[1] else { panic!("an attribute") };
    let e = eval_const(&d.expr, &Profile::default()).unwrap_err();
    assert_eq!(e[0].summary, "Function calls not allowed");
    assert_eq!(&text[e[0].range.clone()], "tolist([1])");
}

/// A small deterministic generator (xorshift) for the no-panic sweep.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn random_source(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "[",
        "]",
        "{",
        "}",
        "(",
        ")",
        "\"",
        "${",
        "%{",
        "}",
        "~",
        "<<EOT\n",
        "<<-EOT\n",
        "\nEOT",
        "EOT",
        "\n",
        " ",
        "\t",
        "\r",
        ",",
        ":",
        "=",
        "=>",
        "...",
        ".",
        "*",
        "?",
        "!",
        "-",
        "+",
        "/",
        "%",
        "==",
        "&&",
        "||",
        "<",
        ">=",
        "1",
        "0.5",
        "1e3",
        "-0",
        "a",
        "x",
        "for",
        "in",
        "if",
        "else",
        "endif",
        "endfor",
        "true",
        "null",
        "tolist(",
        "toset(",
        "tomap(",
        "tostring(",
        "tonumber(",
        "sensitive(",
        "nonsensitive(",
        "\\",
        "\\n",
        "\\u00e9",
        "$${",
        "%%{",
        "#",
        "//",
        "/*",
        "*/",
        "é",
        "e\u{301}",
        "😀",
        "'",
        "`",
        ";",
        "::",
        "[*]",
        ".*",
        "\u{201c}",
        "\"a\"",
        "{a = 1}",
        "[1, 2]",
    ];
    let n = (rng.next() % 40) as usize;
    (0..n).map(|_| PIECES[(rng.next() % PIECES.len() as u64) as usize]).collect()
}

#[test]
fn random_sources_never_panic() {
    let iters: usize = std::env::var("TFTYPE_SWEEP").ok().and_then(|s| s.parse().ok()).unwrap_or(3000);
    let seed = std::env::var("TFTYPE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x2545F4914F6CDD1D);
    let mut rng = Rng(seed);
    for _ in 0..iters {
        let src = random_source(&mut rng);
        for f in [ValueFormat::Hcl, ValueFormat::Tfvars, ValueFormat::Json, ValueFormat::Ctyjson, ValueFormat::Cli] {
            let r = std::panic::catch_unwind(|| parse_value(&src, f, false));
            match r {
                Err(_) => panic!("panic for {src:?} ({f:?})"),
                Ok(Err(ds)) => {
                    for d in ds {
                        let r = d.range.clone().expect("every diagnostic has a range");
                        assert!(r.start <= r.end && r.end <= src.len(), "{src:?} {f:?} {d:?}");
                        assert!(!d.summary.is_empty() && !d.detail.is_empty(), "{src:?} {f:?} {d:?}");
                    }
                }
                Ok(Ok(_)) => {}
            }
        }
    }
}

/// Literal data takes a fast path in the parser (read byte by byte); it must
/// give exactly what the general path gives: value, type, ranges of the
/// parts, source range and diagnostics, for every value of the conformance
/// corpus and for texts at the edges of what it accepts.
#[test]
fn literal_fast_path_reads_exactly_what_the_general_path_reads() {
    let mut srcs: Vec<String> = [
        "[1, 2,]",
        "[\n1,\n2\n]",
        "{}",
        "{\n}",
        "[]",
        "{a = 1, a = 2}",
        // Keys out of order and written twice apart; objects side by side and
        // nested (their entries share one stack); a fast path given up inside
        // an object after some of its entries were read.
        "{b = 1, a = 2, c = 3, b = 4, a = 5}",
        "[{y = 1, x = 2}, {x = 3, y = 4, w = {q = 1, p = 2}}]",
        "{z = {c = 1, b = 2}, y = [1, 2 + 3], x = 1}",
        "[{a = 1}, {c = 2, b = {e = 3, d = x}}]",
        "{a = 1\n b = 2\n}",
        "{a: 1}",
        "{\"a\" = 1, \"\" = 2, \"e\u{301}\" = 3}",
        "{e\u{301} = 1}",
        "{for = 1}",
        "[for x in [1]: x]",
        "{for k, v in {a=1}: k => v}",
        "[1 2]",
        "{a = 1 b = 2}",
        "{a = -5, b = - 5, c = -x}",
        "[--5]",
        "[-5 * 2]",
        "{a = 1 # c\n b = 2}",
        "[ /* c */ 1]",
        "{a /* c */ = 1}",
        "{a = \"x\\n\"}",
        "[\"$${x}\", \"%%{y}\", \"${1}\", \"a${1}\"]",
        "[true(), null]",
        "[true, false, null]",
        "{a = 1,,}",
        "[1,,]",
        "{a=[]}",
        "[1][0]",
        "{a = {b = 1}.b}",
        "[1, 2 + 3]",
        "{a = 1}[\"a\"]",
        "[1, ;]",
        "{a = 1;}",
        "[<<EOT\nx\nEOT\n]",
        "{a = \"x\"\n}",
        "{a =\n1}",
        "[1e999999999999]",
        "[0x10]",
        "[1.5e3, 01, .5]",
        "{a = [1, {b = [2, {c = 3}]}]}",
        "{(a) = 1}",
        "{a.b = 1}",
        "{\"a\" = 1, b = \"\u{201c}x\u{201d}\"}",
        "[1, 2",
        "{a = 1",
        "[\"abc",
        "{a = \"b\" c = 1}",
        "{a = tolist([1])}",
        "[sensitive(1), 2]",
        "{ a = 1 }.a",
        "[[1]][0][0]",
        "{a = [1,2][1]}",
        "{a = {}}.a",
        "{a = 1\r\n b = 2\r\n}",
        "[1,\r\n2]",
        "{a = 1\r b = 2}",
        "[-\n5]",
        "[- 5, -\t6]",
        "{a == 1}",
        "{a => 1}",
        "{a :: 1}",
        "{true = 1, null = 2, for-x = 3, _ = 4, a-b = 5, A9 = 6}",
        "[truex, true-x, nullx]",
        "[\"caf\u{e9}\", \"e\u{301}\", \"\u{0}\"]",
        "{\"k\" == 1}",
        "{\"k\".x = 1}",
        "{a = 1.}",
        "[1.5.3]",
        "[5e, 5e+, 5E-3, 1e5x]",
        "{a\n= 1}",
        "{a =\n1}",
        "{\n\n a = 1,\n\n}",
        "{a = 1, \n for = 2}",
        "{\nfor = 1}",
        "[\"a$b\", \"a%b\", \"$\", \"%\"]",
        "{\"\" = \"\"}",
        "[ ]",
        "{ }",
        "[,]",
        "{,}",
        "[1 , 2 ,\n ]",
        "{a=1,b=2,}",
        "{a = [1, 2] b = 3}",
        "[{a = 1}\n{b = 2}]",
        "[1]x",
        "{a = x}",
        "[\"\\u0041\"]",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    srcs.push(format!("{}1{}", "[".repeat(40), "]".repeat(40)));
    srcs.push(format!("{}1{}", "{a = ".repeat(30), "}".repeat(30)));
    srcs.push(format!("[{}x]", "{a = 1}, ".repeat(50)));
    for file in ["docs", "upstream_tests", "gen_public", "regressions"] {
        let path = format!("{}/tests/conformance/{file}.jsonl", env!("CARGO_MANIFEST_DIR"));
        for line in std::fs::read_to_string(path).unwrap().lines() {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            let format = case["value_format"].as_str().unwrap_or("hcl");
            if format == "hcl" || format == "tfvars" {
                srcs.push(case["value"].as_str().unwrap().to_string());
            }
        }
    }
    let summary = |r: &Result<ParsedValue, crate::diag::Capped<Diagnostic>>| match r {
        Ok(pv) => {
            format!("{} {:?} {:?} {}", cty_json(&pv.value), pv.spans, pv.src_range, pv.value.has_sensitive_deep())
        }
        Err(ds) => format!("{ds:?}"),
    };
    let mut fast_taken = 0;
    for src in &srcs {
        for spans in [true, false] {
            let general = summary(&parse_hcl(src, ValueFormat::Hcl, spans, false, &Profile::default()));
            let fast = parse_hcl(src, ValueFormat::Hcl, spans, true, &Profile::default());
            assert_eq!(summary(&fast), general, "{src:?} spans={spans}");
        }
        fast_taken += usize::from(parse_hcl(src, ValueFormat::Hcl, true, true, &Profile::default()).is_ok());
    }
    assert!(srcs.len() > 2000 && fast_taken > 1000, "{} texts, {fast_taken} read", srcs.len());
}

/// hcl words a malformed `for` head differently in an expression and in a
/// template directive (checked against hcl).
#[test]
fn malformed_for_heads_are_reported_in_the_words_of_their_construct() {
    let table = [
        ("[for 1 in [1]: 1]", "Invalid 'for' expression", "For expression requires variable name after 'for'."),
        (
            "[for a, 1 in [1]: 1]",
            "Invalid 'for' expression",
            "For expression requires value variable name after comma.",
        ),
        (
            "[for a b]",
            "Invalid 'for' expression",
            "For expression requires the 'in' keyword after its name declarations.",
        ),
        (
            "\"%{ for 1 in [1] }x%{ endfor }\"",
            "Invalid 'for' directive",
            "For directive requires variable name after 'for'.",
        ),
        (
            "\"%{ for a, 1 in [1] }x%{ endfor }\"",
            "Invalid 'for' directive",
            "For directive requires value variable name after comma.",
        ),
        ("\"%{ for a b }x%{ endfor }\"", "Invalid 'for' directive", "For directive requires 'in' keyword after names."),
    ];
    for (src, summary, detail) in table {
        let d = first_err(src, ValueFormat::Hcl);
        assert_eq!((d.summary.as_str(), d.detail.as_str()), (summary, detail), "{src}");
    }
}

/// go-cty 1.16.2's `ImpliedType` refuses a repeated property whose implied
/// type differs; before it (Terraform 1.11 pins 1.16.0) the last one won.
#[test]
fn cty_json_rejects_a_differing_duplicate_from_go_cty_1_16_2() {
    let read = |flavor: &str, src: &str| {
        let p = crate::flavor::Flavor::lookup(flavor).unwrap().profile();
        match parse_value_spans(src, ValueFormat::Ctyjson, false, true, &p) {
            Ok(pv) => cty_json(&pv.value),
            Err(d) => format!("{}: {} at {:?}", d[0].summary, d[0].detail, d[0].range),
        }
    };
    let cases = [
        (
            "{\"a\": 1, \"a\": \"x\"}",
            r#"{"value":{"a":"x"},"type":["object",{"a":"string"}]}"#,
            "Invalid JSON value: duplicate \"a\" property in JSON object at Some(9..12)",
        ),
        (
            "[{\"k\": null, \"k\": \"v\"}]",
            r#"{"value":[{"k":"v"}],"type":["tuple",[["object",{"k":"string"}]]]}"#,
            "Invalid JSON value: duplicate \"k\" property in JSON object at Some(13..16)",
        ),
    ];
    for (src, before, after) in cases {
        assert_eq!(read("terraform@1.11", src), before, "{src}");
        assert_eq!(read("terraform@1.12", src), after, "{src}");
    }
}

/// Every format draws the nesting line at the same place, with the same words.
#[test]
fn every_format_accepts_128_levels_and_refuses_129_alike() {
    for f in [ValueFormat::Hcl, ValueFormat::Tfvars, ValueFormat::Json, ValueFormat::Ctyjson] {
        let nest = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(parse_value(&nest(128), f, false).is_ok(), "{f:?} 128");
        let e = parse_value(&nest(129), f, false).unwrap_err();
        assert_eq!(e[0].summary, "Value too deeply nested", "{f:?} 129");
    }
}

/// Value sources fold `%{if true}` / `%{if false}` directives whose branches
/// are literal text, and join runs of literal text into one part (a large
/// template of them holds one string, not a tree per directive): the value
/// and the diagnostics are exactly those of the template as written.
#[test]
fn folded_templates_read_as_the_templates_as_written() {
    let p = Profile::default();
    let table = [
        "\"%{if true}a%{endif}\"",
        "\"%{if false}a%{endif}\"",
        "\"%{if false}a%{else}b%{endif}x\"",
        "\"x%{if true}a%{else}b%{endif}%{if false}c%{endif}y\"",
        "\"%{if true}%{if false}a%{else}b%{endif}%{endif}\"",
        "\"%{ if true ~}  a  %{~ endif }\"",
        "\"%{if true}a${1}%{endif}\"",
        "\"%{if true}a%{else}${1}%{endif}\"",
        "\"%{if 1}a%{endif}\"",
        "\"%{if \"true\"}a%{endif}\"",
        "\"%{if null}a%{endif}\"",
        "\"%{if true}a%{endif}${\"b\"}c${2}d\"",
        "\"e%{if true}\u{301}%{endif}\"",
        "\"%{for x in [1, 2]}%{if true}a%{endif}${x}%{endfor}\"",
        "{\"k%{if true}1%{endif}\" = 1}",
        "{\"k%{if true}1%{endif}\" = [1]}[\"k1\"]",
        "\"%{if true}a%{endif\"",
        "\"%{if true}a\"",
        "\"%{else}\"",
        "<<EOT\n  %{if true}a%{endif}\n  b\nEOT\n",
        "<<-EOT\n    %{if false}a%{else}b%{endif}\n  c\n  EOT\n",
    ];
    let read = |src: &str| -> String {
        match parse_hcl(src, ValueFormat::Hcl, true, true, &p) {
            Ok(pv) => cty_json(&pv.value),
            Err(ds) => ds.iter().map(|d| format!("{} / {}", d.summary, d.detail)).collect::<Vec<_>>().join("; "),
        }
    };
    let as_written = |src: &str| -> String {
        let file = format!("{TFVARS_PREFIX}{src}\n");
        let mut parser = Parser::new(&file, "terraform.tfvars");
        parser.set_profile(&p);
        parser.fold = false;
        let parsed = parser.parse_tfvars_attribute();
        match parser.finish(parsed) {
            Err(ds) => ds.iter().map(|d| format!("{} / {}", d.summary, d.detail)).collect::<Vec<_>>().join("; "),
            Ok(e) => match crate::hcl::evaluate(&e, true, &p) {
                Ok(v) => cty_json(&v),
                Err(ds) => ds.iter().map(|d| format!("{} / {}", d.summary, d.detail)).collect::<Vec<_>>().join("; "),
            },
        }
    };
    for src in table {
        assert_eq!(read(src), as_written(src), "{src:?}");
    }
    // A long template of folded directives is one literal part.
    let src = format!("\"{}\"", "%{if true}a%{endif}%{if false}b%{else}c%{endif}".repeat(1000));
    let file = format!("{TFVARS_PREFIX}{src}\n");
    let mut parser = Parser::new(&file, "terraform.tfvars");
    parser.set_profile(&p);
    let parsed = parser.parse_tfvars_attribute();
    let e = parser.finish(parsed).unwrap();
    match &e.kind {
        ExprKind::Template(parts) => {
            assert!(parts.len() == 1 && matches!(parts[0].kind, ExprKind::Literal(_)), "{} parts", parts.len())
        }
        k => panic!("not a template: {k:?}"),
    }
    assert_eq!(read(&src), format!("{{\"value\":{},\"type\":\"string\"}}", json_str(&"ac".repeat(1000))));
}

/// A format's name is serde's, both ways; any other text names none.
#[test]
fn a_format_is_named_as_serde_names_it() {
    for (f, name) in ValueFormat::ALL.into_iter().zip(ValueFormat::NAMES) {
        assert_eq!(serde_json::to_value(f).unwrap(), name);
        assert_eq!(ValueFormat::from_name(name), Some(f));
        assert_eq!(f.name(), name);
        assert_eq!(serde_json::from_value::<ValueFormat>(name.into()).ok(), Some(f));
    }
    for name in ["", "HCL", "yaml", "json "] {
        assert_eq!(ValueFormat::from_name(name), None);
        assert!(serde_json::from_value::<ValueFormat>(name.into()).is_err());
    }
}
