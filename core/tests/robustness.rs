//! Inputs that once took quadratic or exponential time, or crashed, at the
//! sizes they were reported at. Their speed is measured by
//! `core/examples/scaling.rs`; these tests check the answers.

use tftype::{evaluate, Request, Stage, ValueFormat};

fn run(ty: Option<&str>, value: &str, format: ValueFormat) -> tftype::Response {
    evaluate(&Request { value_format: format, ..Request::new(ty, value) })
}

#[test]
fn fifty_thousand_duplicate_json_keys_each_get_a_diagnostic_in_utf16_too() {
    // A non-ASCII key, so that UTF-16 offsets differ from byte offsets.
    let value = format!("{{{}}}", (0..50_000).map(|i| format!("\"é\": {i}")).collect::<Vec<_>>().join(", "));
    let r = run(Some("any"), &value, ValueFormat::Json);
    assert_eq!(r.stage, Some(Stage::Value));
    assert_eq!(r.diagnostics.len(), 49_999);
    let last = r.diagnostics.last().unwrap();
    let (start, start16) = (last.start.unwrap(), last.start16.unwrap());
    assert_eq!(&value[start..start + 4], "\"é\"");
    assert_eq!(start16, value[..start].encode_utf16().count());
}

#[test]
fn an_80_kb_list_of_variables_gets_every_diagnostic() {
    let value = format!("[{}]", vec!["x"; 27_000].join(", "));
    assert!(value.len() > 80_000);
    let r = run(Some("any"), &value, ValueFormat::Hcl);
    assert_eq!(r.summary.as_deref(), Some("Variables not allowed"));
    assert_eq!(r.diagnostics.len(), 27_000);
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
