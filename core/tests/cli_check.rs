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

#[test]
fn module_calls_are_checked_against_the_local_modules_on_disk() {
    let main = "locals {\n  tags = { team = \"net\" }\n}\n\nmodule \"net\" {\n  source = \"./modules/net\"\n  cidr   = 10\n  azs    = [\"a\"]\n  tags   = local.tags\n}\n\nmodule \"registry\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"5.0.0\"\n}\n";
    let net = "variable \"cidr\" {\n  type = string\n}\n\nvariable \"azs\" {\n  type = list(number)\n}\n\nvariable \"tags\" {\n  type    = map(string)\n  default = {}\n}\n\nmodule \"subnet\" {\n  source = \"../subnet\"\n  cidr   = var.cidr\n}\n\nmodule \"again\" {\n  source = \"./again\"\n}\n";
    let subnet = "variable \"cidr\" {\n  type = list(string)\n}\n";
    let dir = module("calls", &[("main.tf", main), ("modules/net/main.tf", net), ("modules/subnet/variables.tf", subnet), ("modules/subnet/README.md", "not read")]);
    // A symlink loop: the module calls a directory that is itself.
    #[cfg(unix)]
    std::os::unix::fs::symlink(".", dir.join("modules/net/again")).unwrap();
    let (c, out, err) = run(&dir, &[]);
    assert_eq!(c, 1, "{out}{err}");
    for needle in [
        "Error: Invalid value for input variable\n\n  on main.tf line 8:\n    8:   azs    = [\"a\"]\n\nThe given value is not suitable for module.net.var.azs declared at modules/net/main.tf:5,1-15: a number is required.\n",
        "Error: Invalid value for input variable\n\n  on modules/net/main.tf line 16:\n   16:   cidr   = var.cidr\n\nThe given value is not suitable for module.net.module.subnet.var.cidr declared at modules/subnet/variables.tf:1,1-16: list of string required, but have string.\n",
        "module.net.var.tags: not checked: it refers to local.tags, whose value tftype does not know.\n",
        "module.registry: remote source terraform-aws-modules/vpc/aws skipped (tftype reads only local module directories).\n",
        "4 module calls: 2 checked, 1 not checked, 1 with a remote source skipped.\n",
    ] {
        assert!(out.contains(needle), "{needle}\n---\n{out}");
    }
    let (_, out, _) = run(&dir, &["--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let calls = j["module_calls"].as_array().unwrap();
    let status: Vec<(&str, &str)> = calls.iter().map(|c| (c["address"].as_str().unwrap(), c["status"].as_str().unwrap())).collect();
    #[cfg(unix)]
    assert_eq!(status, [("module.net", "checked"), ("module.net.module.subnet", "checked"), ("module.net.module.again", "not_checked"), ("module.registry", "skipped_remote")]);
    assert_eq!(calls[0]["arguments"][0]["name"], "cidr");
    assert_eq!(calls[0]["arguments"][0]["console"], "\"10\"");
    assert_eq!(calls[0]["arguments"][2]["reason"], "refers_to");
    let (_, out, _) = run(&dir, &["--print-effective"]);
    assert!(out.contains("module.net.var.cidr = \"10\"\n"), "{out}");
    // The same module checked as the oracle's schema has it (`tftype batch`) knows no module calls.
    let case = serde_json::json!({"id": "m", "mode": "check", "files": {"main.tf": main, "modules/net/main.tf": net}});
    let out = Command::new(env!("CARGO_BIN_EXE_tftype")).arg("batch").stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).spawn().and_then(|mut ch| {
        use std::io::Write;
        ch.stdin.take().unwrap().write_all(format!("{case}\n").as_bytes())?;
        ch.wait_with_output()
    });
    let line: serde_json::Value = serde_json::from_slice(&out.unwrap().stdout).unwrap();
    assert_eq!(line["ok"], true, "{line}");
    assert_eq!(line["diagnostics"], serde_json::json!([]));
}
