//! `tftype batch`'s reading of its input lines, and `tftype link`'s base.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn batch(input: &[u8]) -> Vec<serde_json::Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tftype"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("tftype runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Blank lines get no answer but are counted, so that an error's `line N`
/// is the input's line N; a byte order mark before the first line is not
/// part of the case.
#[test]
fn batch_line_numbers_are_the_inputs_and_a_byte_order_mark_is_skipped() {
    let case = r#"{"id":1,"type":"number","value":"1"}"#;
    let cases: [(&str, Vec<u8>, Vec<&str>); 4] = [
        ("blank lines before an error", format!("{case}\n\n  \n{{bad\n").into_bytes(), vec!["ok", "line 4:"]),
        ("a byte order mark", format!("\u{feff}{case}\n{{bad\n").into_bytes(), vec!["ok", "line 2:"]),
        (
            "a byte order mark on a blank first line",
            format!("\u{feff}\n{case}\n{{bad\n").into_bytes(),
            vec!["ok", "line 3:"],
        ),
        ("CRLF line ends", format!("{case}\r\n\r\n{{bad\r\n").into_bytes(), vec!["ok", "line 3:"]),
    ];
    for (what, input, want) in cases {
        let got = batch(&input);
        assert_eq!(got.len(), want.len(), "{what}: {got:?}");
        for (r, w) in got.iter().zip(want) {
            if w == "ok" {
                assert_eq!(r["ok"], true, "{what}: {r}");
            } else {
                assert!(r["detail"].as_str().unwrap().starts_with(w), "{what}: {r}");
            }
        }
    }
}

/// The parameters go before the base's fragment; a base that is not an
/// http(s) address is refused. The link names its flavor, the default one
/// too (a link without one means the flavor old links were made for).
#[test]
fn link_puts_parameters_before_the_fragment_and_refuses_other_bases() {
    let link = |base: &str| {
        Command::new(env!("CARGO_BIN_EXE_tftype")).args(["link", "number", "1", "--base", base]).output().unwrap()
    };
    let out = link("https://x/#a");
    assert!(out.status.success());
    let default = tftype::flavor::DEFAULT.replace('@', "%40");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        format!("https://x/?type=number&value=1&flavor={default}#a")
    );
    for bad in ["javascript:alert(1)//", "file:///tmp/"] {
        let out = link(bad);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty(), "{bad}");
    }
}

/// reliability-5 #5: a `variable` block is a block in every face of `eval`:
/// `--all-flavors` answers it (rules included) in every version, `--emit`
/// writes the value with the block's type and name.
#[test]
fn every_eval_form_reads_a_variable_block_as_a_block() {
    let block = "variable \"replicas\" {\n  type = number\n  validation {\n    condition     = var.replicas >= 1 && var.replicas <= 5\n    error_message = \"Replicas must be 1 to 5.\"\n  }\n}";
    let eval = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_tftype")).arg("eval").args(args).output().unwrap();
    let out = eval(&["--all-flavors", block, "9"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Replicas must be 1 to 5.") && !text.contains("Missing newline"), "{text}");
    let out = eval(&["--emit", "tfvars", block, "3"]);
    assert_eq!((out.status.code(), String::from_utf8(out.stdout).unwrap().trim()), (Some(0), "replicas = 3"));
}

/// Issue #38 item 4: `eval` and `explain` of a block report every failing
/// rule as the version does (Terraform: each; OpenTofu 1.7+: the first, the
/// rest skipped): `golden/eval_block_rules.txt` (TFTYPE_BLESS=1 rewrites it).
#[test]
fn eval_and_explain_of_a_block_report_every_failing_rule() {
    let block = "variable \"name\" {\n  type = string\n  validation {\n    condition     = length(var.name) <= 5\n    error_message = \"At most 5 characters.\"\n  }\n  validation {\n    condition     = can(regex(\"^[a-z]+$\", var.name))\n    error_message = \"Lower-case letters only.\"\n  }\n}\n";
    let mut got = String::new();
    for (cmd, flavor) in [
        ("eval", "terraform@1.15"),
        ("eval", "terraform@1.5"),
        ("eval", "opentofu@1.6"),
        ("eval", "opentofu@1.8"),
        ("explain", "terraform@1.15"),
        ("explain", "opentofu@1.8"),
        ("eval", "--all-flavors"),
    ] {
        let flag = if flavor.starts_with("--") { vec![flavor] } else { vec!["--flavor", flavor] };
        let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
            .arg(cmd)
            .args(&flag)
            .args([block, "\"Too-Long-Name\""])
            .output()
            .unwrap();
        got += &format!(
            "=== tftype {cmd} {} (exit {:?})\n--- stdout\n{}--- stderr\n{}",
            flag.join(" "),
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/eval_block_rules.txt");
    if std::env::var_os("TFTYPE_BLESS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(got == want, "eval_block_rules.txt differs (TFTYPE_BLESS=1 rewrites it):\n{got}");
}
