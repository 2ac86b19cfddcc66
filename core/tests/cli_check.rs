//! `tftype check` as a user runs it: a module directory on disk, value
//! sources from files, flags and the environment; exit codes 0 (no error),
//! 1 (errors found), 2 (usage or I/O problem); each output form.

use std::path::{Path, PathBuf};
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
    for args in [&["--flavor", "terraform@0.1"][..], &["--format", "xml"], &["--base", "javascript:alert(1)//"]] {
        let (c, _, err) = run(&dir, args);
        assert_eq!(c, 2, "{args:?}: {err}");
        assert!(!err.is_empty());
    }
    let (c, out, _) = run(&dir, &["no-such-dir"]);
    assert_eq!(c, 2, "{out}");
    assert!(out.contains("Failed to read module directory"), "{out}");
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

/// Every file and directory under `root` (symbolic links not followed),
/// with its size and modification time: what a check must leave as it was.
fn snapshot(root: &Path) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    let mut out = Vec::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let Ok(m) = std::fs::symlink_metadata(e.path()) else { continue };
            if m.is_dir() {
                todo.push(e.path());
            }
            out.push((e.path(), m.len(), m.modified().ok()));
        }
    }
    out.sort();
    out
}

/// `tftype check ARGS` in `dir`, bounded: at most 120 s of CPU and 4 GB of
/// address space (`ulimit`), so that a runaway check is killed and fails
/// the test rather than the machine; `timeout` ends one that blocks without
/// using CPU (a read that never returns). Neither is a speed assertion: a
/// normal run takes a fraction of either.
fn run_bounded(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new("timeout")
        .args(["-s", "KILL", "300", "sh", "-c", "ulimit -t 120; ulimit -v 4194304; exec \"$0\" check \"$@\"", env!("CARGO_BIN_EXE_tftype")])
        .args(args)
        .current_dir(dir)
        .env_remove("TF_VAR_env")
        .env_remove("TF_VAR_port")
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// One bad input: what is put in (or next to) the module directory, the
/// arguments, the exit code and what the one diagnostic says.
struct BadInput {
    rule: &'static str,
    setup: fn(&Path),
    args: &'static [&'static str],
    code: i32,
    /// How many `Error:` diagnostics the output has.
    errors: usize,
    wants: &'static [&'static str],
}

#[cfg(unix)]
fn symlink(target: &str, link: &Path) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// The "Bad input" list: each gives one clear diagnostic (Terraform's
/// own text where Terraform has one) and exit code 1 or 2; no panic, no
/// hang, nothing written (the module's directory and its parent are as they
/// were), under bounded CPU time and memory.
#[cfg(unix)]
#[test]
fn bad_input_gives_one_clear_diagnostic_and_never_a_panic_or_hang() {
    let table: &[BadInput] = &[
        BadInput { rule: "missing_directory", setup: |_| {}, args: &["no-such-dir"], code: 2, errors: 1, wants: &["Failed to read module directory", "Module directory no-such-dir does not exist or cannot be read."] },
        BadInput {
            rule: "unreadable_file_a_directory_named_tfvars",
            setup: |d| std::fs::create_dir(d.join("x.auto.tfvars")).unwrap(),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Failed to read variables file", "Error while reading x.auto.tfvars: read x.auto.tfvars: is a directory."],
        },
        BadInput {
            rule: "invalid_utf8_in_tfvars",
            setup: |d| std::fs::write(d.join("terraform.tfvars"), b"env = \"d\xffv\"\n").unwrap(),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Invalid character encoding", "on terraform.tfvars line 1:", "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor."],
        },
        BadInput {
            rule: "invalid_utf8_in_configuration",
            setup: |d| std::fs::write(d.join("main.tf"), b"# caf\xe9\n").unwrap(),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Invalid character encoding", "on main.tf line 1:"],
        },
        BadInput {
            rule: "binary_file_named_tfvars",
            setup: |d| std::fs::write(d.join("logo.auto.tfvars"), b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR").unwrap(),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Invalid character encoding", "on logo.auto.tfvars line 1:"],
        },
        BadInput {
            rule: "binary_file_that_is_valid_utf8",
            setup: |d| std::fs::write(d.join("a.auto.tfvars"), [b"\x7fELF".as_slice(), &[0u8; 100_000]].concat()).unwrap(),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Invalid character", "This character is not used within the language.", "on a.auto.tfvars line 1:"],
        },
        BadInput {
            rule: "tfvars_file_of_50_mb",
            setup: |d| {
                let mut text = String::from("env = \"dev\"\n");
                let mut i = 0;
                while text.len() < 50 << 20 {
                    text += &format!("undeclared_{i:07} = \"a value of about forty bytes\"\n");
                    i += 1;
                }
                std::fs::write(d.join("terraform.tfvars"), text).unwrap();
            },
            args: &[],
            code: 0,
            errors: 0,
            wants: &["Values for undeclared variables", "other variable(s) defined without being declared", "2 variables checked: no errors, 3 warnings."],
        },
        BadInput {
            rule: "ten_thousand_files",
            setup: |d| {
                for i in 0..10_000 {
                    std::fs::write(d.join(format!("f{i:05}.auto.tfvars")), format!("u{i:05} = {i}\n")).unwrap();
                }
            },
            args: &[],
            code: 0,
            errors: 0,
            wants: &["In addition to the other similar warnings shown, 9998 other variable(s) defined without being declared.", "2 variables checked: no errors, 3 warnings."],
        },
        BadInput {
            rule: "symlink_loop_named_tfvars",
            setup: |d| symlink("loop.auto.tfvars", &d.join("loop.auto.tfvars")),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Failed to read variables file", "Error while reading loop.auto.tfvars: open loop.auto.tfvars: too many levels of symbolic links."],
        },
        BadInput {
            rule: "symlink_loop_named_tf",
            setup: |d| symlink("loop.tf", &d.join("loop.tf")),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Failed to read file", "The file \"loop.tf\" could not be read."],
        },
        BadInput {
            rule: "symlink_loop_as_the_directory",
            setup: |d| symlink("loopdir", &d.join("loopdir")),
            args: &["loopdir"],
            code: 2,
            errors: 1,
            wants: &["Failed to read module directory", "Module directory loopdir does not exist or cannot be read."],
        },
        BadInput {
            rule: "pipe_named_tfvars_is_not_read",
            setup: |d| assert!(Command::new("mkfifo").arg(d.join("p.auto.tfvars")).status().unwrap().success()),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Failed to read variables file", "Error while reading p.auto.tfvars: open p.auto.tfvars: not a regular file"],
        },
        BadInput {
            rule: "device_named_tfvars_is_not_read",
            setup: |d| symlink("/dev/zero", &d.join("z.auto.tfvars")),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["Error while reading z.auto.tfvars: open z.auto.tfvars: not a regular file"],
        },
        BadInput {
            rule: "var_without_equals",
            setup: |_| {},
            args: &["--var", "env"],
            code: 1,
            errors: 1,
            wants: &["Invalid -var option", "The given -var option \"env\" is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\"."],
        },
        BadInput {
            rule: "var_file_outside_the_directory_that_does_not_exist",
            setup: |_| {},
            args: &["--var-file", "../missing.tfvars"],
            code: 1,
            errors: 1,
            wants: &["Failed to read variables file", "Given variables file ../missing.tfvars does not exist."],
        },
        BadInput {
            rule: "var_file_outside_the_directory_is_read_as_terraform_reads_it",
            setup: |d| std::fs::write(d.parent().unwrap().join("outside.tfvars"), "port = \"eighty\"\n").unwrap(),
            args: &["--var-file", "../outside.tfvars"],
            code: 1,
            errors: 1,
            wants: &["Invalid value for input variable", "on ../outside.tfvars line 1:", "a number is required"],
        },
    ];
    for case in table {
        let root = std::env::temp_dir().join(format!("tftype-bad-input-{}-{}", std::process::id(), case.rule));
        let _ = std::fs::remove_dir_all(&root);
        let dir = root.join("module");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("variables.tf"), VARS).unwrap();
        std::fs::write(dir.join("terraform.tfvars"), "env = \"dev\"\n").unwrap();
        (case.setup)(&dir);
        let before = snapshot(&root);
        let (code, out, err) = run_bounded(&dir, case.args);
        let rule = case.rule;
        assert_eq!(code, Some(case.code), "{rule}: exit code (None: killed)\n{out}\n{err}");
        assert!(!err.contains("panicked"), "{rule}: {err}");
        for want in case.wants {
            assert!(out.contains(want), "{rule}: the output lacks {want:?}:\n{}", &out[..out.len().min(3000)]);
        }
        assert_eq!(out.matches("Error: ").count(), case.errors, "{rule}: {}", &out[..out.len().min(3000)]);
        assert!(out.len() < 64 << 10, "{rule}: {} bytes of output", out.len());
        assert!(snapshot(&root) == before, "{rule}: the check changed files");
        let _ = std::fs::remove_dir_all(&root);
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

/// The check reads: the command line and the module code never write a
/// file, start a process or open a socket (a static rule over their source).
#[test]
fn check_mode_writes_runs_and_sends_nothing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<PathBuf> = Vec::new();
    for d in ["bin/tftype", "module"] {
        for e in std::fs::read_dir(root.join(d)).unwrap().flatten() {
            files.push(e.path());
        }
    }
    assert!(files.len() >= 8, "{files:?}");
    let forbidden = ["process::Command", "std::net", "TcpStream", "UdpSocket", "fs::write", "File::create", "OpenOptions", "create_dir", "remove_file", "remove_dir", "fs::rename", "fs::copy", "set_permissions"];
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} uses {word}", f.display());
        }
    }
}

/// The rendered forms of one module (a failure with its playground link,
/// defaults filled in, a sensitive variable, an undeclared value), in the
/// three languages: `golden/check_outputs.txt` (TFTYPE_BLESS=1 rewrites it;
/// look at the diff).
#[test]
fn rendered_outputs_match_the_golden_file() {
    let dir = module(
        "golden",
        &[
            ("variables.tf", "variable \"servers\" {\n  type = list(object({ name = string, port = optional(number, 80) }))\n  validation {\n    condition     = alltrue([for s in var.servers : s.port < 1024])\n    error_message = \"Ports below 1024 only.\"\n  }\n  validation {\n    condition     = length(var.servers) > 0\n    error_message = \"At least one server.\"\n  }\n}\n\nvariable \"replicas\" {\n  type    = number\n  default = 2\n}\n\nvariable \"token\" {\n  type      = string\n  sensitive = true\n  validation {\n    condition     = fileexists(var.token)\n    error_message = \"No such file.\"\n  }\n}\n"),
            ("terraform.tfvars", "servers = [{ name = \"web\" }, { name = \"api\", port = \"8080\" }]\ntoken   = \"s3cret\"\nextra   = true\n"),
            ("prod.tfvars", "replicas = \"three\"\n"),
        ],
    );
    let runs: [(&str, &[&str]); 6] = [
        ("en", &["--explain", "--var-file", "prod.tfvars"]),
        ("zh", &["--explain", "--var-file", "prod.tfvars", "--lang", "zh"]),
        ("ja", &["--explain", "--var-file", "prod.tfvars", "--lang", "ja"]),
        ("github", &["--format", "github", "--var-file", "prod.tfvars"]),
        ("json", &["--format", "json", "--explain", "--var-file", "prod.tfvars"]),
        ("sarif", &["--format", "sarif", "--var-file", "prod.tfvars"]),
    ];
    let mut snap = String::new();
    for (name, args) in runs {
        let args: Vec<&str> = args.iter().copied().chain(["--base", "https://example.org/tftype/"]).collect();
        let (code, out, err) = run(&dir, &args);
        assert_eq!(code, 1, "{name}: {out}{err}");
        snap += &format!("### {name}: tftype check {}\n{out}\n", args.join(" "));
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/check_outputs.txt");
    if std::env::var_os("TFTYPE_BLESS").is_some() {
        std::fs::write(&path, &snap).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(want, snap, "check_outputs.txt is out of date (TFTYPE_BLESS=1 rewrites it; check the diff)");
}
