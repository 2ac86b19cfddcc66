//! Each behaviour switch of `tftype::flavor`, proved on the flavors on both
//! sides of the change: the same input, the older and the newer answer.

use tftype::{evaluate, Request, Response, Stage, ValueFormat};

fn run(flavor: &str, ty: Option<&str>, value: &str, format: ValueFormat) -> Response {
    let req = Request { value_format: format, flavor: Some(flavor.into()), ..Request::new(ty, value) };
    evaluate(&req)
}

/// The answer in one line: the console text, or the stage and the detail.
fn answer(r: &Response) -> String {
    match (r.ok, &r.stage) {
        (true, _) => r.console.clone().unwrap_or_default(),
        (false, Some(s)) => format!("{s:?}: {}", r.detail.as_deref().unwrap_or("")),
        (false, None) => "?".into(),
    }
}

struct Case {
    ty: Option<&'static str>,
    value: &'static str,
    format: ValueFormat,
    /// (flavor, what its answer contains)
    answers: &'static [(&'static str, &'static str)],
}

fn check(cases: &[Case]) {
    for c in cases {
        for (flavor, want) in c.answers {
            let got = answer(&run(flavor, c.ty, c.value, c.format));
            assert!(got.contains(want), "{flavor} {:?} {}: expected {want:?} in {got:?}", c.ty, c.value);
        }
    }
}

#[test]
fn go_cty_1_16_3_names_the_given_type_in_mismatch_messages() {
    check(&[
        Case {
            ty: Some("number"),
            value: "true",
            format: ValueFormat::Hcl,
            answers: &[
                ("terraform@1.12", "number required."),
                ("terraform@1.13", "number required, but have bool."),
                ("opentofu@1.9", "number required."),
                ("opentofu@1.10", "number required, but have bool."),
            ],
        },
        Case {
            ty: Some("list(any)"),
            value: "\"x\"",
            format: ValueFormat::Hcl,
            answers: &[
                ("terraform@1.5", "list of any single type required."),
                ("terraform@1.15", "list of dynamic required, but have string."),
            ],
        },
        Case {
            ty: Some("object({a=optional(number, [1])})"),
            value: "{}",
            format: ValueFormat::Hcl,
            answers: &[
                ("terraform@1.12", "constraint: number required."),
                ("terraform@1.13", "number required, but have tuple."),
            ],
        },
    ]);
}

#[test]
fn hcl_2_17_1_rejects_duplicate_attribute_names_and_terraform_1_5_lets_the_later_win() {
    check(&[
        Case {
            ty: Some("object({a=string, a=number})"),
            value: "{a = 1}",
            format: ValueFormat::Hcl,
            answers: &[
                ("terraform@1.5", "\"a\" = 1"),
                ("terraform@1.6", "Type: Object constructor map keys must be unique."),
                ("opentofu@1.6", "Object constructor map keys must be unique."),
            ],
        },
        Case {
            ty: Some("object({a=number, a=string})"),
            value: "{a = 1}",
            format: ValueFormat::Hcl,
            answers: &[("terraform@1.5", "\"a\" = \"1\"")],
        },
        // The optional marker of the first definition survives.
        Case {
            ty: Some("object({a=optional(string), a=number})"),
            value: "{}",
            format: ValueFormat::Hcl,
            answers: &[("terraform@1.5", "\"a\" = tonumber(null)")],
        },
        // An earlier default is converted to the later type.
        Case {
            ty: Some("object({a=optional(number, 1), a=string})"),
            value: "{}",
            format: ValueFormat::Hcl,
            answers: &[("terraform@1.5", "\"a\" = \"1\"")],
        },
    ]);
}

#[test]
fn terraform_1_5_crashes_on_an_earlier_default_the_later_type_cannot_take() {
    let r = run("terraform@1.5", Some("object({a=optional(string, \"x\"), a=number})"), "{}", ValueFormat::Hcl);
    assert_eq!(r.stage, Some(Stage::Crash));
    assert_eq!(r.summary.as_deref(), Some("Upstream crash"));
    assert!(
        r.detail
            .as_deref()
            .unwrap()
            .starts_with("panic: runtime error: invalid memory address or nil pointer dereference (hcl v2.16.2"),
        "{:?}",
        r.detail
    );
    // Placed on the later definition's name in the type editor.
    let d = &r.diagnostics[0];
    assert_eq!((d.start, d.end), (Some(33), Some(34)));
}

#[test]
fn go_cty_1_16_0_drops_optional_markers_from_an_empty_converted_map() {
    let json_type = |flavor: &str| {
        run(flavor, Some("map(object({a=optional(string)}))"), "tomap({})", ValueFormat::Hcl).json.unwrap()
    };
    assert!(
        json_type("terraform@1.9").ends_with(r#""type":["map",["object",{"a":"string"},["a"]]]}"#),
        "{}",
        json_type("terraform@1.9")
    );
    assert!(
        json_type("terraform@1.10").ends_with(r#""type":["map",["object",{"a":"string"}]]}"#),
        "{}",
        json_type("terraform@1.10")
    );
    // The markers make set elements differ in type (regressions:gen-s8-00733).
    let ty = "set(map(object({tags=optional(number)})))";
    check(&[Case {
        ty: Some(ty),
        value: "[tomap({a = {tags = 1}}), tomap({})]",
        format: ValueFormat::Hcl,
        answers: &[
            ("terraform@1.9", "element types must all match for conversion to set."),
            ("terraform@1.10", "toset(["),
        ],
    }]);
}

#[test]
fn go_cty_1_16_2_rejects_differing_duplicate_properties_in_cty_json() {
    check(&[
        Case {
            ty: None,
            value: "{\"a\": 1, \"a\": \"x\"}",
            format: ValueFormat::Ctyjson,
            answers: &[
                ("terraform@1.11", "\"a\" = \"x\""),
                ("terraform@1.10", "Value: duplicate \"a\" property in JSON object"),
                ("terraform@1.12", "duplicate \"a\" property"),
            ],
        },
        Case {
            ty: None,
            value: "{\"a\": 1, \"a\": 2}",
            format: ValueFormat::Ctyjson,
            answers: &[("terraform@1.15", "\"a\" = 2")],
        },
    ]);
}

#[test]
fn opentofu_names_itself_in_the_legacy_quoted_type_messages() {
    check(&[Case { ty: Some("\"string\""), value: "\"x\"", format: ValueFormat::Hcl, answers: &[("terraform@1.15", "Terraform 0.11 and earlier"), ("opentofu@1.6", "OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu.")] }]);
}

#[test]
fn version_1_7_stops_refusing_nonsensitive_of_a_value_that_is_not_sensitive() {
    check(&[
        Case { ty: Some("string"), value: "nonsensitive(\"a\")", format: ValueFormat::Hcl, answers: &[("terraform@1.6", "Value: Invalid value for \"value\" parameter: the given value is not sensitive, so this call is redundant."), ("opentofu@1.6", "so this call is redundant"), ("terraform@1.7", "\"a\""), ("opentofu@1.7", "\"a\"")] },
        Case { ty: Some("string"), value: "nonsensitive(sensitive(\"a\"))", format: ValueFormat::Hcl, answers: &[("terraform@1.5", "\"a\"")] },
    ]);
}

#[test]
fn hcl_2_20_reads_namespaced_function_calls() {
    check(&[Case {
        ty: Some("string"),
        value: "core::tostring(1)",
        format: ValueFormat::Hcl,
        answers: &[
            ("terraform@1.7", "Value: An argument definition must end with a newline."),
            ("opentofu@1.6", "must end with a newline"),
            ("terraform@1.8", "\"1\""),
            ("opentofu@1.7", "\"1\""),
        ],
    }]);
}

#[test]
fn opentofu_1_11_warns_about_module_argument_attributes_the_type_ignores() {
    let ty = Some("object({name=string})");
    let value = "{name = \"x\", nmae = \"y\"}";
    let r = run("opentofu@1.11", ty, value, ValueFormat::Hcl);
    assert!(r.ok);
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].detail, "The object type for input variable \"v\" does not include an attribute named \"nmae\", so this definition is unused. Did you mean to set attribute \"name\" instead?");
    assert_eq!((r.warnings[0].start, r.warnings[0].end), (Some(13), Some(17)));
    // Not before 1.11, not in Terraform, not for .tfvars, not when the value fails.
    assert!(run("opentofu@1.10", ty, value, ValueFormat::Hcl).warnings.is_empty());
    assert!(run("terraform@1.15", ty, value, ValueFormat::Hcl).warnings.is_empty());
    assert!(run("opentofu@1.12", ty, value, ValueFormat::Tfvars).warnings.is_empty());
    assert!(run("opentofu@1.12", ty, "{name = [], nmae = \"y\"}", ValueFormat::Hcl).warnings.is_empty());
}

#[test]
fn an_unknown_flavor_is_a_clear_diagnostic_naming_the_valid_ones() {
    let r = run("terraform@0.12", Some("string"), "\"x\"", ValueFormat::Hcl);
    assert_eq!(r.stage, Some(Stage::Input));
    assert_eq!(r.summary.as_deref(), Some("Unknown flavor"));
    let detail = r.detail.unwrap();
    assert!(
        detail.starts_with("Unknown flavor \"terraform@0.12\"; known flavors: terraform@1.5, terraform@1.6,"),
        "{detail}"
    );
    assert!(detail.ends_with("opentofu@1.12."), "{detail}");
}

#[test]
fn no_flavor_means_terraform_1_15() {
    for (ty, value) in [("number", "true"), ("object({a=string, a=number})", "{a = 1}")] {
        let plain = evaluate(&Request::new(Some(ty), value));
        let tf115 = run("terraform@1.15", Some(ty), value, ValueFormat::Hcl);
        assert_eq!(answer(&plain), answer(&tf115));
    }
}
