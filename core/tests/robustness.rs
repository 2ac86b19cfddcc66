//! Inputs that once took quadratic or exponential time, or crashed, at the
//! sizes they were reported at. Their speed is measured by
//! `core/examples/scaling.rs`; these tests check the answers.
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use tftype::diag::MAX_DIAGNOSTICS;
use tftype::{evaluate, Request, Stage, ValueFormat};

fn run(ty: Option<&str>, value: &str, format: ValueFormat) -> tftype::Response {
    evaluate(&Request { value_format: format, ..Request::new(ty, value) })
}

#[test]
fn fifty_thousand_duplicate_json_keys_list_the_first_diagnostics_in_utf16_too_and_count_the_rest() {
    // A non-ASCII key, so that UTF-16 offsets differ from byte offsets.
    let value = format!("{{{}}}", (0..50_000).map(|i| format!("\"é\": {i}")).collect::<Vec<_>>().join(", "));
    let r = run(Some("any"), &value, ValueFormat::Json);
    assert_eq!(r.stage, Some(Stage::Value));
    assert_eq!(r.diagnostics.len(), MAX_DIAGNOSTICS);
    assert_eq!(r.diagnostics_omitted, 49_999 - MAX_DIAGNOSTICS);
    // The listed ones are the first ones: the 2nd to the 101st key.
    let last = r.diagnostics.last().unwrap();
    let (start, start16) = (last.start.unwrap(), last.start16.unwrap());
    assert_eq!(&value[start..start + 4], "\"é\"");
    assert_eq!(value[..start].matches("\"é\"").count(), MAX_DIAGNOSTICS);
    assert_eq!(start16, value[..start].encode_utf16().count());
}

/// Diagnostics are bounded where they are collected: a value with a million
/// errors lists the first [`MAX_DIAGNOSTICS`] exactly, in Terraform's order,
/// and says how many more there were, in every format and stage.
#[test]
fn diagnostics_are_listed_up_to_the_limit_and_the_rest_counted() {
    let n = 200_000;
    let xs = format!("[{}]", vec!["x"; n].join(", "));
    let tfvars_json_keys = format!("{{{}}}", (0..n).map(|i| format!("\"k\": {i}")).collect::<Vec<_>>().join(","));
    let bad_types = format!("object({{{}}})", (0..n).map(|i| format!("a{i} = x")).collect::<Vec<_>>().join(", "));
    /// One input that floods: what it is, the variable, and the diagnostics it gives.
    struct Flood<'a> {
        what: &'a str,
        ty: Option<&'a str>,
        value: &'a str,
        format: ValueFormat,
        stage: Stage,
        summary: &'a str,
        total: usize,
    }
    let cases = [
        Flood {
            what: "variables in a list",
            ty: Some("list(string)"),
            value: &xs,
            format: ValueFormat::Hcl,
            stage: Stage::Value,
            summary: "Variables not allowed",
            total: n,
        },
        Flood {
            what: "variables in a .tfvars list",
            ty: Some("any"),
            value: &xs,
            format: ValueFormat::Tfvars,
            stage: Stage::Value,
            summary: "Variables not allowed",
            total: n,
        },
        Flood {
            what: "duplicate .tfvars.json keys",
            ty: Some("any"),
            value: &tfvars_json_keys,
            format: ValueFormat::Json,
            stage: Stage::Value,
            summary: "Duplicate object attribute",
            total: n - 1,
        },
        Flood {
            what: "unknown types in an object type",
            ty: Some(&bad_types),
            value: "null",
            format: ValueFormat::Hcl,
            stage: Stage::Type,
            summary: "Invalid type specification",
            total: n,
        },
    ];
    for Flood { what, ty, value, format, stage, summary, total } in cases {
        let r = run(ty, value, format);
        assert_eq!(r.stage, Some(stage), "{what}: {:?}", r.detail);
        assert_eq!(r.summary.as_deref(), Some(summary), "{what}");
        assert_eq!(r.diagnostics.len(), MAX_DIAGNOSTICS, "{what}");
        assert_eq!(r.diagnostics.len() + r.diagnostics_omitted, total, "{what}");
        assert!(r.diagnostics.iter().all(|d| d.summary == summary), "{what}");
        // In order, from the first one.
        let starts: Vec<usize> = r.diagnostics.iter().map(|d| d.start.unwrap()).collect();
        assert!(starts.windows(2).all(|w| w[0] < w[1]), "{what}");
        // The batch line says so too, and stays small.
        let line = tftype::batch::result_json("1", &r, true);
        assert!(line.contains(&format!("\"diagnostics_omitted\":{}", r.diagnostics_omitted)), "{what}");
        assert!(line.len() < 500 * MAX_DIAGNOSTICS, "{what}: {} bytes", line.len());
    }
    let first_x = run(Some("list(string)"), &xs, ValueFormat::Hcl).diagnostics[0].clone();
    assert_eq!((first_x.start, first_x.end), (Some(1), Some(2)));
}

#[test]
fn ignored_attribute_warnings_are_listed_up_to_the_limit_and_the_rest_counted() {
    let n = 5_000;
    let value = format!("[{}]", vec!["{a = \"x\", b = 1}"; n].join(", "));
    let req =
        Request { flavor: Some("opentofu@1.11".into()), ..Request::new(Some("list(object({a=string}))"), &value) };
    let r = evaluate(&req);
    assert!(r.ok, "{:?}", r.detail);
    assert_eq!(r.warnings.len(), MAX_DIAGNOSTICS);
    assert_eq!(r.warnings_omitted, n - MAX_DIAGNOSTICS);
    assert!(
        tftype::batch::result_json("1", &r, false).contains(&format!("\"warnings_omitted\":{}", n - MAX_DIAGNOSTICS))
    );
}

#[test]
fn a_map_of_100000_keys_in_descending_order_is_read_in_order() {
    let n = 100_000;
    let value = format!("{{{}}}", (0..n).map(|i| format!("k{:06} = {i}", n - i)).collect::<Vec<_>>().join(", "));
    let r = run(Some("map(number)"), &value, ValueFormat::Hcl);
    assert!(r.ok, "{:?}", r.detail);
    let console = r.console.unwrap();
    assert!(console.starts_with("tomap({\n  \"k000001\" = 99999\n  \"k000002\" = 99998\n"), "{}", &console[..80]);
    assert!(console.ends_with("  \"k100000\" = 0\n})"));
}

#[test]
fn exponential_work_stops_at_the_budget_with_a_located_diagnostic() {
    let mut inner = "a30".to_string();
    for i in (1..=30).rev() {
        inner = format!("[for a{i} in [\"${{a{p}}}${{a{p}}}\"]: {inner}]", p = i - 1);
    }
    let value = format!("[for a0 in [\"ab\"]: {inner}]");
    assert!(value.len() < 1000);
    let r = run(None, &value, ValueFormat::Hcl);
    assert_eq!(r.stage, Some(Stage::Value));
    assert_eq!(r.summary.as_deref(), Some("Value too costly to evaluate"));
    assert!(r.diagnostics[0].start.is_some());
}

#[test]
fn a_result_too_large_to_show_says_so() {
    let value = format!("[for i in [{}]: 1e150000]", vec!["1"; 300].join(","));
    let r = run(Some("any"), &value, ValueFormat::Hcl);
    assert_eq!(r.stage, Some(Stage::Limit));
    assert_eq!(r.summary.as_deref(), Some("Result too large to show"));
}

#[test]
fn numbers_past_the_exponent_cap_get_a_limit_diagnostic_not_a_wrong_error() {
    for value in ["1e100000*1e60000", "1e-100000*1e-60000", "1e100000/1e-60000"] {
        let r = run(Some("number"), value, ValueFormat::Hcl);
        assert_eq!(r.summary.as_deref(), Some("Number too large"), "{value}: {:?}", r.detail);
    }
    // Go's own overflow behaviour is unchanged within the cap.
    assert!(run(Some("number"), "1e100000*1e50000", ValueFormat::Hcl).ok);
}

#[test]
fn a_letter_newer_than_unicode_9_is_not_an_identifier_as_in_hcl() {
    let r = run(Some("any"), "{ Ფ = 1 }", ValueFormat::Hcl);
    assert_eq!(r.summary.as_deref(), Some("Invalid character"));
    assert!(run(Some("any"), "{ é = 1 }", ValueFormat::Hcl).ok);
}

#[test]
fn infinite_numbers_have_no_json_form() {
    let r = run(Some("list(number)"), "[\"inf\", \"-Inf\"]", ValueFormat::Hcl);
    assert!(r.ok);
    assert_eq!(r.console.as_deref(), Some("tolist([\n  +Inf,\n  -Inf,\n])"));
    assert_eq!(r.json, None);
}

/// A number past tftype's limit is tftype's refusal, not the input's fault,
/// however it is written: an HCL literal, a JSON number, a string converted
/// to a number; with the same diagnostic, placed on the number.
#[test]
fn numbers_past_the_limit_are_refused_as_too_large_in_every_form() {
    let digits = "1".repeat(1_000_000);
    /// One way of writing a number past the limit, and the part of the value the diagnostic covers.
    struct TooLarge<'a> {
        what: &'a str,
        ty: Option<&'a str>,
        value: String,
        format: ValueFormat,
        stage: Stage,
        part: &'a str,
    }
    let cases = vec![
        TooLarge {
            what: "HCL literal",
            ty: Some("number"),
            value: "1e158000".into(),
            format: ValueFormat::Hcl,
            stage: Stage::Value,
            part: "1e158000",
        },
        TooLarge {
            what: "negative HCL literal",
            ty: Some("number"),
            value: "-1e158000".into(),
            format: ValueFormat::Hcl,
            stage: Stage::Value,
            part: "1e158000",
        },
        TooLarge {
            what: "tiny HCL literal",
            ty: Some("number"),
            value: "1e-158001".into(),
            format: ValueFormat::Hcl,
            stage: Stage::Value,
            part: "1e-158001",
        },
        TooLarge {
            what: "a million digits",
            ty: Some("number"),
            value: digits.clone(),
            format: ValueFormat::Hcl,
            stage: Stage::Value,
            part: &digits,
        },
        TooLarge {
            what: ".tfvars literal",
            ty: Some("number"),
            value: "1e158000".into(),
            format: ValueFormat::Tfvars,
            stage: Stage::Value,
            part: "1e158000",
        },
        TooLarge {
            what: "-var expression",
            ty: Some("list(number)"),
            value: "[1e158000]".into(),
            format: ValueFormat::Cli,
            stage: Stage::Value,
            part: "1e158000",
        },
        TooLarge {
            what: ".tfvars.json number",
            ty: Some("number"),
            value: "1e158000".into(),
            format: ValueFormat::Json,
            stage: Stage::Value,
            part: "1e158000",
        },
        TooLarge {
            what: "cty JSON number",
            ty: Some("number"),
            value: "1e158000".into(),
            format: ValueFormat::Ctyjson,
            stage: Stage::Value,
            part: "1e158000",
        },
        TooLarge {
            what: "string converted",
            ty: Some("list(number)"),
            value: "[1, \"1e158000\"]".into(),
            format: ValueFormat::Hcl,
            stage: Stage::Limit,
            part: "\"1e158000\"",
        },
        TooLarge {
            what: "-var string converted",
            ty: Some("number"),
            value: "1e158000".into(),
            format: ValueFormat::Cli,
            stage: Stage::Limit,
            part: "1e158000",
        },
    ];
    for TooLarge { what, ty, value, format, stage, part } in cases {
        let r = run(ty, &value, format);
        assert_eq!(r.stage, Some(stage), "{what}: {:?}", r.detail);
        assert_eq!(r.summary.as_deref(), Some("Number too large"), "{what}: {:?}", r.detail);
        assert!(r.detail.as_deref().unwrap_or("").contains("10^157,000"), "{what}");
        let d = &r.diagnostics[0];
        let at = value.rfind(part).unwrap();
        if format != ValueFormat::Cli {
            assert_eq!((d.start, d.end), (Some(at), Some(at + part.len())), "{what}");
        }
    }
    // Go's own refusal of an exponent stays an invalid literal.
    assert_eq!(
        run(Some("number"), "1e2147483647", ValueFormat::Hcl).summary.as_deref(),
        Some("Invalid number literal")
    );
}

/// The output limit counts what is printed, not an estimate: 400,000 ones
/// are 2.4 MB of console text and shown; 3 MB of control characters print as
/// 18 MB of JSON escapes and are refused.
#[test]
fn the_output_limit_counts_what_is_printed() {
    let ones = format!("[{}]", vec!["1"; 400_000].join(","));
    let r = run(Some("list(number)"), &ones, ValueFormat::Hcl);
    assert!(r.ok, "{:?}", r.detail);
    assert!(r.console.as_ref().unwrap().len() < tftype::render::MAX_OUTPUT_BYTES);
    let controls = format!("\"{}\"", "\u{1}".repeat(3 << 20));
    let r = run(Some("string"), &controls, ValueFormat::Hcl);
    assert_eq!(
        (r.stage, r.summary.as_deref()),
        (Some(Stage::Limit), Some("Result too large to show")),
        "{:?}",
        r.detail
    );
}

/// `S(n)`: `n`·10⁶ numbers built in a few thousand steps (each `for`
/// element shares the value it repeats).
fn shared(n: u32) -> String {
    format!("[for y in [[for x in [range(1000)] : [for i in range(1000) : x]]] : [for i in range({n}) : y]]")
}

/// An expression evaluated as a validation condition is (batch `expr` mode):
/// the answer line and how long it took.
fn eval_expr(expr: &str) -> (serde_json::Value, std::time::Duration) {
    let case = serde_json::json!({"id": 1, "mode": "expr", "expr": expr, "vars": {}}).to_string();
    let t = std::time::Instant::now();
    let out = tftype::batch::evaluate_case(&case, false);
    (serde_json::from_str(&out).unwrap(), t.elapsed())
}

/// The budget charges for the work done, not for the elements built: a
/// comparison, `contains`, `jsonencode`, `flatten` and `format("%v")` walk
/// every leaf of a shared value; `setproduct`, `regexall` and `split` know
/// their size before building; `format` adds widths and precisions up. Each
/// stops with "Value too costly to evaluate", quickly (reliability review 4,
/// findings 1, 2, 3 and 8).
#[test]
fn the_budget_charges_the_work_done_not_the_elements_built() {
    let big = r#"join("", [for i in range(1000) : join("", [for j in range(1000) : "aaaaaaaaaaaaaaa"])])"#;
    let widths = format!("format(\"{}\"{})", "%33554431d".repeat(100), ", 1".repeat(100));
    let costly = [
        format!("{} != [1]", shared(1000)),
        format!("{} == [1]", shared(1000)),
        format!("contains({}, 5)", shared(1000)),
        format!("length(jsonencode({}))", shared(100)),
        format!("length(flatten({}))", shared(100)),
        format!("length(format(\"%v\", {}))", shared(100)),
        format!("length(formatlist(\"%v\", [{}]))", shared(100)),
        "length(setproduct(range(1000), range(1000), range(1000)))".to_string(),
        "length(setproduct(range(1000), range(1000), range(10)))".to_string(),
        format!("length({widths})"),
        "length(format(\"%.999999999f\", 1))".to_string(),
        "length(format(\"%.99999999e\", 1))".to_string(),
        format!("length(regexall(\".\", {big}))"),
        format!("length(split(\"\", {big}))"),
        format!("length(split(\"a\", {big}))"),
    ];
    for expr in &costly {
        let (out, took) = eval_expr(expr);
        assert_eq!(out["diagnostics"][0]["summary"], "Value too costly to evaluate", "{expr}: {out}");
        // A guard against hangs, not a speed test: unoptimised builds on a
        // shared machine are slow (release: well under a second each).
        assert!(took.as_secs() < if cfg!(debug_assertions) { 60 } else { 10 }, "{expr} took {took:?}");
    }
    // The same operations on values within the budget still answer.
    let fine = [
        ("[for i in range(300) : range(1000)] == [for i in range(300) : range(1000)]", "true"),
        ("contains([for i in range(1000) : [i, i]], [999, 999])", "true"),
        ("length(jsonencode([for i in range(1000) : range(100)]))", "292001"),
        ("length(flatten([for i in range(1000) : range(100)]))", "100000"),
        ("length(setproduct(range(100), range(100), range(10)))", "100000"),
        ("format(\"%5d|%-4s|%.3f\", 42, \"ab\", 1.5)", "\"   42|ab  |1.500\""),
        ("length(regexall(\"a\", join(\"\", [for i in range(1000) : \"aaaaaaaaaa\"])))", "10000"),
        ("length(split(\",\", join(\",\", range(1000))))", "1000"),
    ];
    for (expr, want) in fine {
        let (out, _) = eval_expr(expr);
        assert_eq!(out["console"], want, "{expr}: {out}");
    }
}
