//! A new user's walk (ux-5): the command line says what it does, takes
//! what the user types, and exits with codes that mean something.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "../../core/tests/common/files.rs"]
mod files;

fn module(name: &str, files: &[(&str, &str)]) -> PathBuf {
    files::write_tree("tftype-cli-ux5", name, files)
}

fn tftype(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
        .args(args)
        .current_dir(dir)
        .env_remove("TFTYPE_BASE_URL")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn here() -> PathBuf {
    std::env::temp_dir()
}

/// `eval` shows tftype's notes (a dropped attribute and its "did you mean",
/// a key written twice) on stderr after the product's own output, in the
/// reader's language; stdout stays the console's text, a value with nothing
/// to note gets no heading, and `--json` stays the batch schema.
#[test]
fn eval_shows_tftypes_notes_after_the_products_output() {
    let dropped: &[&str] =
        &["eval", "object({name=string, tags=optional(map(string))})", "{name=\"a\", tgas={x=\"y\"}}"];
    let twice: &[&str] = &["eval", "--lang", "ja", "map(number)", "{a = 1, a = 2}"];
    let plain: &[&str] = &["eval", "list(string)", "[\"a\"]"];
    let json: &[&str] = &["eval", "--json", "object({name=string})", "{name=\"a\", nme=\"b\"}"];
    let cases: [(&[&str], &str, Option<&str>); 4] = [
        (dropped, "\"name\" = \"a\"", Some("tftype's notes (not part of the tool's output):\n  * `tgas` is not an attribute of the type: it is dropped without a word. Did you mean `tags`?")),
        (twice, "\"a\" = 2", Some("tftype のメモ（ツール自身の出力ではありません）：\n  * `a`")),
        (plain, "\"a\"", None),
        (json, "\"ok\":true", None),
    ];
    for (args, out_has, notes) in cases {
        let (code, out, err) = tftype(&here(), args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains(out_has), "{args:?}: stdout {out}");
        assert!(!out.contains("tftype's notes") && !out.contains("tftype のメモ"), "{args:?}: notes on stdout: {out}");
        match notes {
            Some(n) => assert!(err.contains(n), "{args:?}: stderr {err}"),
            None => assert!(!err.contains("notes") && !err.contains("* "), "{args:?}: stderr {err}"),
        }
    }
}

/// `eval` exits 1 when the value is refused, with `--all-flavors` when
/// every version refuses it; `explain` of a refused value exits 1 too,
/// after telling its story (L5).
#[test]
fn exit_codes_say_whether_the_value_is_accepted() {
    let cases: [(&[&str], i32); 8] = [
        (&["eval", "number", "1"], 0),
        (&["eval", "number", "\"1\""], 0),
        (&["eval", "number", "[1]"], 1),
        (&["eval", "number", "[1]", "--all-flavors"], 1),
        (&["eval", "number", "\"1\"", "--all-flavors"], 0),
        (&["explain", "number", "[1]"], 1),
        (&["explain", "number", "1"], 0),
        (&["eval", "number", "1", "--flavor", "terraform@0.12"], 2),
    ];
    for (args, code) in cases {
        let (c, out, err) = tftype(&here(), args);
        assert_eq!(c, code, "{args:?}: {out}{err}");
    }
    let (_, out, _) = tftype(&here(), &["explain", "number", "[1]"]);
    assert!(out.contains("Why:"), "the story is still told: {out}");
    let (_, help, _) = tftype(&here(), &["eval", "--help"]);
    assert!(help.contains("Exit codes:") && help.contains("tftype batch"), "{help}");
}

/// The value's format is `--value-format` (`--format` still works), and
/// `eval --json` answers in `tftype batch`'s result schema (M5).
#[test]
fn the_values_format_has_its_own_name_and_eval_answers_in_json() {
    for flag in ["--value-format", "--format"] {
        let (c, out, err) = tftype(&here(), &["eval", "number", "\"5\"", flag, "json"]);
        assert_eq!((c, out.as_str()), (0, "5\n"), "{flag}: {err}");
    }
    let (c, out, _) = tftype(&here(), &["eval", "list(number)", "[\"1\", 2]", "--json"]);
    assert_eq!(c, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((j["ok"].as_bool(), j["type"].as_str()), (Some(true), Some("list(number)")), "{out}");
    let (c, out, _) = tftype(&here(), &["eval", "number", "[1]", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((c, j["ok"].as_bool(), j["stage"].as_str()), (1, Some(false), Some("convert")), "{out}");
    let (_, help, _) = tftype(&here(), &["eval", "--help"]);
    for needle in [
        "--value-format",
        "The variable is declared with `sensitive = true`",
        "The variable is declared with `nullable = false`",
        "tfvars-json",
        "variable-block",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    assert!(!help.lines().any(|l| l.trim_start().starts_with("--format")), "the old name is hidden: {help}");
}

/// `--flavor` takes a version as `.terraform-version` writes it (M10).
#[test]
fn flavor_flags_take_patch_versions_and_product_aliases() {
    for flavor in ["terraform@1.9.8", "1.9", "tofu@1.8", "opentofu@1.8.2"] {
        let (c, out, err) = tftype(&here(), &["eval", "number", "1", "--flavor", flavor]);
        assert_eq!((c, out.as_str()), (0, "1\n"), "{flavor}: {err}");
    }
    let dir = module(
        "flavor",
        &[("variables.tf", "variable \"a\" {\n  type = number\n}\n"), ("terraform.tfvars", "a = 1\n")],
    );
    let (c, _, err) = tftype(&dir, &["check", "--flavor", "tofu@1.8"]);
    assert_eq!(c, 0, "{err}");
}

/// `link --tab` takes only the page's tabs, and a base without its
/// trailing slash links to the directory (L6).
#[test]
fn link_tabs_are_checked_and_the_base_gets_its_slash() {
    let (c, _, err) = tftype(&here(), &["link", "number", "1", "--tab", "bogus"]);
    assert_eq!(c, 2, "{err}");
    assert!(err.contains("console") && err.contains("versions"), "{err}");
    let (c, out, _) =
        tftype(&here(), &["link", "number", "1", "--tab", "json", "--base", "https://example.org/tftype"]);
    assert_eq!(c, 0);
    assert!(
        out.starts_with("https://example.org/tftype/?type=number") && out.trim_end().ends_with("&tab=json"),
        "{out}"
    );
    // The Why tab, by the name the page shows, links with its key.
    let (c, out, _) = tftype(&here(), &["link", "number", "1", "--tab", "why"]);
    assert_eq!(c, 0);
    assert!(out.trim_end().ends_with("&tab=explain"), "{out}");
}

/// `tftype --help` names what the tool does beyond one value: module
/// checks and the language server (L10).
#[test]
fn the_one_line_description_names_checks_and_the_language_server() {
    let (_, help, _) = tftype(&here(), &["--help"]);
    let first = help.lines().next().unwrap_or("");
    assert!(first.contains("check") && first.contains("language server"), "{first}");
}

/// Every subcommand that takes `--lang` names its values in its help, and
/// an unknown one is refused with the known ones, exit code 2 (L10).
#[test]
fn the_language_flag_names_its_values() {
    for sub in ["eval", "explain", "flavors"] {
        let (c, help, _) = tftype(&here(), &[sub, "--help"]);
        assert_eq!(c, 0, "{sub}");
        assert!(help.contains("--lang") && help.contains("en, zh or ja"), "{sub}: {help}");
    }
    let (c, _, err) = tftype(&here(), &["eval", "--lang", "fr", "string", "\"a\""]);
    assert_eq!(c, 2, "{err}");
    assert!(err.contains("unknown language fr; known: en, zh, ja"), "{err}");
}

/// `tftype flavors` fits a terminal; `--details` lists the changes (M10).
#[test]
fn the_flavor_list_is_a_short_table() {
    let (c, out, _) = tftype(&here(), &["flavors"]);
    assert_eq!(c, 0);
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
    assert!(out.contains("--details"), "{out}");
    let (_, long, _) = tftype(&here(), &["flavors", "--details"]);
    assert!(long.contains("without "), "{long}");
}

/// A module with no errors but warnings: Terraform's `-compact-warnings`
/// is taken and prints the compact form (L1).
#[test]
fn compact_warnings_are_taken_as_terraform_spells_them() {
    let dir = module(
        "compact",
        &[("variables.tf", "variable \"a\" {\n  type = number\n}\n"), ("terraform.tfvars", "a = 1\nb = 2\n")],
    );
    let (c, out, err) = tftype(&dir, &["check", "-compact-warnings"]);
    assert_eq!(c, 0, "{err}");
    assert!(out.starts_with("Warnings:\n\n- Value for undeclared variable\n"), "{out}");
    assert!(out.contains("run Terraform without -compact-warnings"), "{out}");
    assert!(!out.contains("To silence these warnings"), "the full text is not repeated: {out}");
    // OpenTofu names itself in that line.
    let (_, out, _) = tftype(&dir, &["check", "-compact-warnings", "--flavor", "opentofu@1.10"]);
    assert!(out.contains("run OpenTofu without -compact-warnings"), "{out}");
    // With an error, every diagnostic is shown in full, as Terraform does.
    let (c, out, _) = tftype(&dir, &["check", "-compact-warnings", "-var", "a=x"]);
    assert_eq!(c, 1);
    assert!(!out.starts_with("Warnings:") && out.contains("To silence these warnings"), "{out}");
}

/// A version file's path is named from the working directory; one tftype
/// cannot read is named, not passed over (L3, L4). An empty directory is
/// named by its path, not `.` (L2).
#[test]
fn version_files_and_directories_are_named_readably() {
    let dir = module(
        "versions",
        &[
            (".terraform-version", "1.9.8\n"),
            ("app/variables.tf", "variable \"a\" {\n  type = number\n}\n"),
            ("app/terraform.tfvars", "a = 1\n"),
            ("odd/.terraform-version", "min-required\n"),
            ("odd/variables.tf", "variable \"a\" {\n  type    = number\n  default = 1\n}\n"),
            ("empty/README.md", "nothing\n"),
        ],
    );
    let (_, out, _) = tftype(&dir.join("app"), &["check"]);
    assert!(out.starts_with("Checked as Terraform 1.9: ../.terraform-version asks for 1.9.8."), "{out}");
    let (_, out, _) = tftype(&dir, &["check", "app"]);
    assert!(out.starts_with("Checked as Terraform 1.9: .terraform-version asks for 1.9.8."), "{out}");
    let (_, out, _) = tftype(&dir.join("odd"), &["check"]);
    assert!(out.starts_with(".terraform-version says min-required, which tftype does not read as a version"), "{out}");
    assert!(out.contains("Checked as Terraform 1.9: ../.terraform-version"), "the file above decides: {out}");
    let (c, _, err) = tftype(&dir.join("empty"), &["check"]);
    let full = dir.join("empty").canonicalize().unwrap();
    assert_eq!(c, 2);
    assert!(err.contains(&format!("in {}.", full.display())), "{err}");
}

/// A directory with a `provider` block and no values is a root module;
/// a child module with no required variables is not told that its
/// caller sets them (M8).
#[test]
fn a_provider_block_makes_a_root_and_the_child_sentence_fits() {
    let dir = module(
        "roles",
        &[
            ("ex/main.tf", "provider \"aws\" {}\nvariable \"a\" {\n  type = number\n}\n"),
            ("lib/main.tf", "variable \"a\" {\n  type    = number\n  default = 1\n}\n"),
            ("req/main.tf", "variable \"a\" {\n  type = number\n}\n"),
        ],
    );
    let (c, out, _) = tftype(&dir, &["check", "ex"]);
    assert_eq!(c, 1, "a root: its required variable needs a value: {out}");
    assert!(out.contains("No value for required variable") && !out.contains("child module"), "{out}");
    let (_, out, _) = tftype(&dir, &["check", "lib"]);
    assert!(out.contains("Checked as a child module") && !out.contains("required variables"), "{out}");
    let (_, out, _) = tftype(&dir, &["check", "req"]);
    assert!(out.contains("the calling module sets its required variables"), "{out}");
}

/// `--explain=failing` tells only the stories of variables that fail or
/// have notes (L21); a key written twice is among the notes (M4).
#[test]
fn explain_failing_tells_only_what_a_reviewer_needs() {
    let vars = "variable \"ok\" {\n  type = string\n}\nvariable \"bad\" {\n  type = number\n}\nvariable \"tags\" {\n  type = map(string)\n}\n";
    let dir = module(
        "explain",
        &[
            ("variables.tf", vars),
            ("terraform.tfvars", "ok = \"x\"\nbad = [1]\ntags = {\n  env = \"dev\"\n  env = \"prod\"\n}\n"),
        ],
    );
    let (_, all, _) = tftype(&dir, &["check", "--explain"]);
    assert!(all.contains("var.ok (from") && all.contains("var.bad (from") && all.contains("var.tags (from"), "{all}");
    let (c, some, _) = tftype(&dir, &["check", "--explain=failing"]);
    assert_eq!(c, 1);
    assert!(
        !some.contains("var.ok (from") && some.contains("var.bad (from") && some.contains("var.tags (from"),
        "{some}"
    );
    assert!(some.contains("terraform.tfvars:4,3-14: `env` is written more than once"), "{some}");
}

/// The forms this walk changed, rendered: Terraform's compact warnings,
/// a module whose inner calls leave arguments unchecked (one line, and
/// each with `--verbose`), a child module with no required variable, a
/// version file named from the working directory, and `--explain=failing`.
#[test]
fn rendered_walk_outputs_match_the_golden_file() {
    let inner = "variable \"z\" {\n  type = any\n}\n";
    let m = "variable \"x\" {\n  type = any\n}\nmodule \"inner\" {\n  source = \"./inner\"\n  z = var.x\n}\nmodule \"again\" {\n  source = \"./inner\"\n  z = var.x\n}\n";
    let main = "variable \"n\" {\n  type    = number\n  default = 1\n}\nmodule \"m\" {\n  source = \"./m\"\n  x = timestamp()\n}\n";
    let dir = module(
        "golden",
        &[
            (".terraform-version", "1.9.8\n"),
            ("warn/variables.tf", "variable \"a\" {\n  type = number\n}\n"),
            ("warn/terraform.tfvars", "a = 1\nb = 2\nc = 3\n"),
            ("calls/main.tf", main),
            ("calls/m/main.tf", m),
            ("calls/m/inner/main.tf", inner),
            (
                "review/variables.tf",
                "variable \"ok\" {\n  type = string\n}\nvariable \"tags\" {\n  type = map(string)\n}\n",
            ),
            ("review/terraform.tfvars", "ok   = \"x\"\ntags = {\n  env = \"dev\"\n  env = \"prod\"\n}\n"),
        ],
    );
    let runs: [(&str, &[&str]); 5] = [
        ("compact warnings", &["check", "warn", "-compact-warnings"]),
        ("inner calls", &["check", "calls"]),
        ("inner calls, verbose", &["check", "calls", "--verbose"]),
        ("explain failing", &["check", "review", "--explain=failing"]),
        ("flavor from a version", &["check", "review", "--flavor", "tofu@1.8.3"]),
    ];
    let mut snap = String::new();
    for (name, args) in runs {
        let (code, out, err) = tftype(&dir, args);
        snap += &format!("### {name}: tftype {} (exit {code})\n{out}{err}\n", args.join(" "));
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/check_walk.txt");
    if std::env::var_os("TFTYPE_BLESS").is_some() {
        std::fs::write(&path, &snap).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(want, snap, "check_walk.txt is out of date (TFTYPE_BLESS=1 rewrites it; check the diff)");
}
