//! Each rule of writing values back, with the exact text it gives.

use super::*;

fn req(ty: Option<&str>, value: &str) -> Request {
    Request { var_name: "app".into(), ..Request::new(ty, value) }
}

fn emitted(ty: &str, value: &str, kind: EmitKind) -> String {
    emit(&req(Some(ty), value), kind, false).unwrap_or_else(|r| panic!("{}", r.message())).text
}

#[test]
fn numbers_keep_every_digit() {
    let v = "[123456789012345678901234567890.125, -0.1, 1e40]";
    // (Past 60 characters, an array takes a line per element.)
    assert_eq!(
        emitted("list(number)", v, EmitKind::Tfvars),
        "app = [\n  123456789012345678901234567890.125,\n  -0.1,\n  10000000000000000000000000000000000000000\n]\n"
    );
    assert_eq!(emitted("list(number)", "[0.1, 2]", EmitKind::Tfvars), "app = [0.1, 2]\n");
    assert_eq!(
        emit(&req(Some("list(number)"), v), EmitKind::TfvarsJson, false).unwrap().value_text,
        "[\n  123456789012345678901234567890.125,\n  -0.1,\n  10000000000000000000000000000000000000000\n]"
    );
}

#[test]
fn keys_are_quoted_when_they_are_not_identifiers_or_are_keywords() {
    let text = emitted(
        "map(number)",
        r#"{ plain = 1, "with space" = 2, "1st" = 3, "null" = 4, "for" = 5, "dash-ok" = 6 }"#,
        EmitKind::Tfvars,
    );
    assert_eq!(text, "app = {\n  \"1st\"        = 3\n  dash-ok      = 6\n  \"for\"        = 5\n  \"null\"       = 4\n  plain        = 1\n  \"with space\" = 2\n}\n");
}

#[test]
fn template_markers_are_escaped_in_hcl_and_literal_in_json() {
    let v = r#"{ a = "$${x} and %%{y}" }"#;
    assert_eq!(emitted("map(string)", v, EmitKind::Tfvars), "app = {\n  a = \"$${x} and %%{y}\"\n}\n");
    assert_eq!(
        emitted("map(string)", v, EmitKind::TfvarsJson),
        "{\n  \"app\": {\n    \"a\": \"${x} and %{y}\"\n  }\n}\n"
    );
}

#[test]
fn multi_line_strings_ending_in_a_newline_become_heredocs() {
    assert_eq!(emitted("string", r#""line 1\nline 2\n""#, EmitKind::Tfvars), "app = <<EOT\nline 1\nline 2\nEOT\n");
    // A line equal to EOT picks another delimiter.
    assert_eq!(emitted("string", r#""a\nEOT\n""#, EmitKind::Tfvars), "app = <<EOF\na\nEOT\nEOF\n");
    // No final newline: a quoted string.
    assert_eq!(emitted("string", r#""a\nb""#, EmitKind::Tfvars), "app = \"a\\nb\"\n");
    // One line: never a heredoc, not even on the command line.
    assert_eq!(emitted("string", r#""a\nb\n""#, EmitKind::VarBash), "-var 'app=a\nb\n'");
}

#[test]
fn control_characters_hcl_cannot_escape_as_letters_are_written_as_unicode_escapes() {
    assert_eq!(emitted("string", r#""bell\u0008form\u000c""#, EmitKind::Tfvars), "app = \"bell\\u0008form\\u000c\"\n");
}

#[test]
fn equals_signs_line_up_as_terraform_fmt_lines_them_up() {
    let text = emitted(
        "object({name=string, port=number, tags=map(string)})",
        r#"{ name = "web", port = 80, tags = { env = "prod", team_name = "x" } }"#,
        EmitKind::VariableBlock,
    );
    assert_eq!(
        text,
        "variable \"app\" {\n  type = object({name=string, port=number, tags=map(string)})\n  default = {\n    name = \"web\"\n    port = 80\n    tags = {\n      env       = \"prod\"\n      team_name = \"x\"\n    }\n  }\n  nullable  = true\n  sensitive = false\n}\n"
    );
}

#[test]
fn var_takes_primitive_types_literally_and_others_as_hcl() {
    assert_eq!(emitted("string", r#""it's""#, EmitKind::VarBash), r#"-var 'app=it'\''s'"#);
    assert_eq!(emitted("number", "42", EmitKind::VarBash), "-var 'app=42'");
    assert_eq!(emitted("list(string)", r#"["a", "b"]"#, EmitKind::VarBash), r#"-var 'app=["a", "b"]'"#);
    assert_eq!(emitted("list(string)", r#"["it's"]"#, EmitKind::VarPowershell), r#"-var 'app=["it''s"]'"#);
    assert_eq!(emitted("map(number)", "{ a = 1 }", EmitKind::EnvBash), "export TF_VAR_app='{ a = 1 }'");
    assert_eq!(emitted("map(number)", "{ a = 1 }", EmitKind::EnvPowershell), "$env:TF_VAR_app = '{ a = 1 }'");
}

#[test]
fn powershell_var_with_double_quotes_carries_a_note_about_old_powershell() {
    let e = emit(&req(Some("list(string)"), r#"["a"]"#), EmitKind::VarPowershell, false).unwrap();
    assert!(e.note.as_deref().is_some_and(|n| n.contains("7.3")));
    let e = emit(&req(Some("number"), "1"), EmitKind::VarPowershell, false).unwrap();
    assert_eq!(e.note, None);
}

#[test]
fn a_literal_var_cannot_give_null_or_a_number_without_a_type() {
    let r = emit(&req(Some("string"), "null"), EmitKind::VarBash, false).unwrap_err();
    assert!(matches!(r, Refusal::LiteralOnly { .. }), "{r:?}");
    // Without a type, -var gives the string "42", not the number.
    let r = emit(&req(None, "42"), EmitKind::VarBash, false).unwrap_err();
    assert!(r.message().contains("\"42\""), "{}", r.message());
}

#[test]
fn a_value_that_needs_a_function_call_has_no_tfvars_form_but_a_module_argument_has_it() {
    let r = emit(&req(Some("any"), r#"tolist(["a"])"#), EmitKind::Tfvars, false).unwrap_err();
    assert_eq!(r, Refusal::NeedsFunction { func: "tolist", path: String::new(), form: "tfvars" });
    assert_eq!(r.message(), "The value needs tolist(…), and function calls are not allowed in a .tfvars file: written without it, the value reads differently.");
    assert_eq!(
        emitted("any", r#"tolist(["a"])"#, EmitKind::ModuleArg),
        "module \"example\" {\n  source = \"./modules/example\"\n  app    = tolist([\"a\"])\n}\n"
    );
    // Under a type that converts it anyway, no call is written.
    assert_eq!(emitted("list(string)", r#"tolist(["a"])"#, EmitKind::Tfvars), "app = [\"a\"]\n");
    let r = emit(&req(Some("string"), r#"sensitive("x")"#), EmitKind::TfvarsJson, false).unwrap_err();
    assert!(matches!(r, Refusal::NeedsFunction { func: "sensitive", .. }), "{r:?}");
}

#[test]
fn the_converted_value_has_its_defaults_filled_and_unknown_attributes_dropped() {
    let ty = "object({name=string, port=optional(number, 80)})";
    let text = emit(&req(Some(ty), r#"{ name = "x", prot = 8080 }"#), EmitKind::Tfvars, true).unwrap().text;
    assert_eq!(text, "app = {\n  name = \"x\"\n  port = 80\n}\n");
    let as_given = emitted(ty, r#"{ name = "x", prot = 8080 }"#, EmitKind::Tfvars);
    assert_eq!(as_given, "app = {\n  name = \"x\"\n  prot = 8080\n}\n");
    assert_eq!(emit(&req(Some("number"), r#""x""#), EmitKind::Tfvars, true), Err(Refusal::NotAccepted));
}

#[test]
fn the_format_switch_writes_the_same_value_in_the_other_format() {
    let r =
        Request { value_format: ValueFormat::Hcl, ..req(Some("list(object({a=number}))"), "[{ a = 1 }, { a = 2.5 }]") };
    assert_eq!(
        reformat(&r, ValueFormat::Json).unwrap().text,
        "[\n  {\n    \"a\": 1\n  },\n  {\n    \"a\": 2.5\n  }\n]"
    );
    assert_eq!(reformat(&r, ValueFormat::Cli).unwrap().text, "[{ a = 1 }, { a = 2.5 }]");
    let r = Request { value_format: ValueFormat::Cli, ..req(Some("string"), "hello") };
    assert_eq!(reformat(&r, ValueFormat::Hcl).unwrap().text, "\"hello\"");
    // A value that does not match the type still switches (it is the same value).
    let r = req(Some("number"), r#"{ a = "x" }"#);
    assert_eq!(reformat(&r, ValueFormat::Json).unwrap().text, "{\n  \"a\": \"x\"\n}");
    // Unreadable text stays where it is, with the reason.
    assert_eq!(reformat(&req(Some("string"), "[1,"), ValueFormat::Json), Err(Refusal::Unreadable));
}

/// Between HCL expressions and `.tfvars` a text that reads the same is kept
/// as written; a text written from the value says what it lost.
#[test]
fn the_format_switch_keeps_the_text_or_says_what_it_lost() {
    let ty = Some("object({name=string, port=number, tags=map(string)})");
    let written =
        "{\n  # the service\n  port = 8080\n  name = \"web\" // its name\n  tags = { b = \"2\", a = \"1\" }\n}";
    let hcl = Request { value_format: ValueFormat::Hcl, ..req(ty, written) };
    let kept = Reformatted { text: written.to_string(), lost: vec![] };
    assert_eq!(reformat(&hcl, ValueFormat::Tfvars), Ok(kept.clone()));
    let tfvars = Request { value_format: ValueFormat::Tfvars, ..hcl.clone() };
    assert_eq!(reformat(&tfvars, ValueFormat::Hcl), Ok(kept));
    // To JSON: written from the value, keys in name order, no comments.
    let json = reformat(&hcl, ValueFormat::Json).unwrap();
    assert_eq!(json.lost, vec![Lost::Comments, Lost::KeyOrder]);
    assert!(json.text.find("\"name\"").unwrap() < json.text.find("\"port\"").unwrap(), "{}", json.text);
    // A function call has no `.tfvars` form: the text is rewritten, and says so.
    let called =
        Request { value_format: ValueFormat::Hcl, ..req(Some("any"), "{\n  b = 1 # two\n  a = tostring(2)\n}") };
    let r = reformat(&called, ValueFormat::Tfvars);
    assert!(r.is_err() || r.as_ref().unwrap().lost == vec![Lost::Comments, Lost::KeyOrder], "{r:?}");
    let converted = Request {
        value_format: ValueFormat::Hcl,
        ..req(Some("map(string)"), "{\n  b = 1 # two\n  a = tostring(2)\n}")
    };
    let r = reformat(&converted, ValueFormat::Tfvars).unwrap();
    assert_eq!(r.lost, vec![Lost::Comments, Lost::KeyOrder], "{}", r.text);
    // Sorted keys and no comments: nothing lost.
    let plain = Request { value_format: ValueFormat::Hcl, ..req(ty, "{ name = \"web\", port = 8080, tags = {} }") };
    assert_eq!(reformat(&plain, ValueFormat::Json).unwrap().lost, vec![]);
    // JSON keys out of order are named too.
    let from_json = Request { value_format: ValueFormat::Json, ..req(ty, r#"{"port": 1, "name": "x", "tags": {}}"#) };
    assert_eq!(reformat(&from_json, ValueFormat::Hcl).unwrap().lost, vec![Lost::KeyOrder]);
}

#[test]
fn names_that_are_not_identifiers_are_refused() {
    let r = Request { var_name: "1bad".into(), ..Request::new(Some("string"), "\"x\"") };
    assert_eq!(emit(&r, EmitKind::Tfvars, false), Err(Refusal::BadName("1bad".into())));
}

/// Terraform refuses to declare a variable named like a module block's own
/// arguments; no form is written for such a name, with Terraform's reason.
#[test]
fn names_reserved_for_module_blocks_are_refused_with_terraforms_reason() {
    for name in ["count", "source", "for_each", "version", "providers", "depends_on", "lifecycle"] {
        let r = Request { var_name: name.into(), ..Request::new(Some("string"), "\"x\"") };
        for kind in [EmitKind::Tfvars, EmitKind::VariableBlock, EmitKind::ModuleArg, EmitKind::EnvBash] {
            let got = emit(&r, kind, false);
            assert_eq!(got, Err(Refusal::ReservedName(name.into())), "{name} {kind:?}");
        }
        let why = Refusal::ReservedName(name.into()).message();
        assert!(
            why.contains(&format!(
                "The variable name \"{name}\" is reserved due to its special meaning inside module blocks."
            )),
            "{why}"
        );
    }
    // Names that merely contain one are fine.
    let r = Request { var_name: "counts".into(), ..Request::new(Some("string"), "\"x\"") };
    assert!(emit(&r, EmitKind::VariableBlock, false).is_ok());
}

/// A multi-line string inside a list is written quoted (a heredoc's closing
/// delimiter would be followed by the list's `,`); elsewhere it stays a
/// heredoc. Every form reads back.
#[test]
fn multi_line_strings_in_lists_are_written_so_they_read_back() {
    let cases = [
        ("list(string)", r#"["a\nb\n", "c"]"#, EmitKind::Tfvars, "app = [\"a\\nb\\n\", \"c\"]\n"),
        (
            "list(string)",
            r#"["a\nb\n", "c"]"#,
            EmitKind::ModuleArg,
            "module \"example\" {\n  source = \"./modules/example\"\n  app    = [\"a\\nb\\n\", \"c\"]\n}\n",
        ),
        ("object({s=string})", r#"{ s = "a\nb\n" }"#, EmitKind::Tfvars, "app = {\n  s = <<EOT\na\nb\nEOT\n}\n"),
    ];
    for (ty, value, kind, want) in cases {
        assert_eq!(emitted(ty, value, kind), want, "{ty} {value} {kind:?}");
    }
    assert!(emit(&req(Some("list(string)"), r#"["a\nb\n", "c"]"#), EmitKind::VariableBlock, false).is_ok());
}

/// Bidirectional controls and zero-width characters are written as escapes
/// (in strings and keys, in HCL and JSON), never raw: a reader sees them.
#[test]
fn invisible_characters_are_written_as_escapes() {
    for kind in [EmitKind::VarBash, EmitKind::VarPowershell, EmitKind::EnvBash, EmitKind::EnvPowershell] {
        // -var and TF_VAR_ take a string's text literally: the shells' own escapes.
        let e = emit(&req(Some("string"), "\"a\\u202eb\""), kind, false)
            .unwrap_or_else(|r| panic!("{kind:?}: {}", r.message()));
        assert!(!e.text.contains(invisible) && e.text.to_lowercase().contains("202e"), "{kind:?}: {:?}", e.text);
    }
    let value = "{ \"k\\u200b\" = \"a\\u202eb\\u2066c\\nd\\n\" }";
    for kind in [
        EmitKind::Tfvars,
        EmitKind::TfvarsJson,
        EmitKind::ModuleArg,
        EmitKind::VariableBlock,
        EmitKind::VarBash,
        EmitKind::EnvPowershell,
    ] {
        let e =
            emit(&req(Some("map(string)"), value), kind, false).unwrap_or_else(|r| panic!("{kind:?}: {}", r.message()));
        assert!(!e.text.contains(invisible), "{kind:?}: {:?}", e.text);
        for esc in ["\\u200b", "\\u202e", "\\u2066"] {
            assert!(e.text.contains(esc), "{kind:?}: {esc} in {:?}", e.text);
        }
    }
}

/// A `variable` block is read back whole before it is handed out: a heredoc
/// in the type constraint keeps its lines as written (moved in with the
/// block, its text, and so the default it gives, would change).
#[test]
fn a_variable_block_keeps_a_heredoc_in_its_type_as_written() {
    let ty = "object({s = optional(string, <<EOT\na\n  b\nEOT\n)})";
    let e = emit(&req(Some(ty), "{}"), EmitKind::VariableBlock, false).unwrap_or_else(|r| panic!("{}", r.message()));
    assert!(e.text.contains("<<EOT\na\n  b\nEOT\n"), "{}", e.text);
    // Without a heredoc, later lines move in with the block's body.
    let e = emit(&req(Some("object({\n  a = string\n})"), "{ a = \"x\" }"), EmitKind::VariableBlock, false).unwrap();
    assert!(e.text.contains("type = object({\n    a = string\n  })"), "{}", e.text);
}
