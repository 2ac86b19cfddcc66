//! `tftype check` as a user runs it: a module directory on disk, value
//! sources from files, flags and the environment; exit codes 0 (no error),
//! 1 (errors found), 2 (usage or I/O problem); each output form.

use std::path::PathBuf;
use std::process::Command;

fn module(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tftype-cli-check-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

fn run(dir: &PathBuf, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tftype")).arg("check").args(args).current_dir(dir).env_remove("TF_VAR_port").output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

const VARS: &str = "variable \"env\" {\n  type = string\n}\n\nvariable \"port\" {\n  type    = number\n  default = 80\n}\n";

#[test]
fn exit_codes_say_whether_plan_would_accept_the_inputs() {
    let dir = module("codes", &[("variables.tf", VARS), ("terraform.tfvars", "env = \"dev\"\n"), ("envs/prod.tfvars", "port = \"eighty\"\n")]);
    let cases: [(&[&str], i32, &str); 5] = [
        (&[], 0, "no errors"),
        (&["--var-file", "envs/prod.tfvars"], 1, "a number is required"),
        (&["--var", "port=x", "--var", "port=8080"], 0, "no errors"),
        (&["--var-file", "envs/prod.tfvars", "--var", "port=1"], 0, "no errors"),
        (&["--var", "port"], 1, "Invalid -var option"),
    ];
    for (args, code, needle) in cases {
        let (c, out, err) = run(&dir, args);
        assert_eq!(c, code, "{args:?}: {out}{err}");
        assert!(out.contains(needle), "{args:?}: {out}");
    }
}

#[test]
fn usage_and_io_problems_exit_with_two() {
    let dir = module("usage", &[("variables.tf", VARS)]);
    for args in [&["--flavor", "terraform@0.1"][..], &["no-such-dir"], &["--format", "xml"]] {
        let (c, _, err) = run(&dir, args);
        assert_eq!(c, 2, "{args:?}: {err}");
        assert!(!err.is_empty());
    }
    let empty = module("empty", &[("README.md", "no module here")]);
    assert_eq!(run(&empty, &[]).0, 2);
}

#[test]
fn the_later_source_wins_and_effective_values_are_printed() {
    let dir = module("effective", &[("variables.tf", VARS), ("terraform.tfvars", "env = \"dev\"\n"), ("b.auto.tfvars", "env = \"stage\"\n")]);
    let (c, out, _) = run(&dir, &["--print-effective"]);
    assert_eq!(c, 0);
    assert!(out.contains("var.env = \"stage\"\nvar.port = 80\n"), "{out}");
}

#[test]
fn machine_formats_carry_the_place_of_each_error() {
    let dir = module("formats", &[("variables.tf", VARS), ("terraform.tfvars", "env = \"dev\"\nport = [1]\n")]);
    let (c, out, _) = run(&dir, &["--format", "json"]);
    assert_eq!(c, 1);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["valid"], false);
    assert_eq!(j["error_count"], 1);
    assert_eq!(j["diagnostics"][0]["range"]["filename"], "terraform.tfvars");
    assert_eq!(j["diagnostics"][0]["range"]["start"]["line"], 2);
    let (_, out, _) = run(&dir, &["--format", "sarif"]);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(s["version"], "2.1.0");
    let loc = &s["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(loc["region"]["startLine"], 2);
    assert_eq!(loc["region"]["startColumn"], 8);
    let (_, out, _) = run(&dir, &["--format", "github"]);
    assert!(out.starts_with("::error file=./terraform.tfvars,line=2,col=8,") || out.starts_with("::error file=terraform.tfvars,line=2,col=8,"), "{out}");
}

#[test]
fn unreadable_and_binary_files_are_diagnostics_not_crashes() {
    let dir = module("binary", &[("variables.tf", VARS), ("terraform.tfvars", "env = \"dev\"\n")]);
    std::fs::write(dir.join("x.auto.tfvars"), [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let (c, out, _) = run(&dir, &[]);
    assert_eq!(c, 1);
    assert!(out.contains("Invalid character encoding"), "{out}");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("loop.auto.tfvars", dir.join("loop.auto.tfvars")).unwrap();
        let (c, out, _) = run(&dir, &[]);
        assert_eq!(c, 1);
        assert!(out.contains("Failed to read file"), "{out}");
    }
}
