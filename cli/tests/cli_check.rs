//! `tftype check` as a user runs it: a module directory on disk, value
//! sources from files, flags and the environment; exit codes 0 (no error),
//! 1 (errors found), 2 (usage or I/O problem); each output form.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "../../core/tests/common/files.rs"]
mod files;

fn module(name: &str, files: &[(&str, &str)]) -> PathBuf {
    files::write_tree("tftype-cli-check", name, files)
}

fn run(dir: &PathBuf, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
        .arg("check")
        .args(args)
        .current_dir(dir)
        .env_remove("TF_VAR_port")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const VARS: &str =
    "variable \"env\" {\n  type = string\n}\n\nvariable \"port\" {\n  type    = number\n  default = 80\n}\n";

#[test]
fn exit_codes_say_whether_plan_would_accept_the_inputs() {
    let dir = module(
        "codes",
        &[("variables.tf", VARS), ("terraform.tfvars", "env = \"dev\"\n"), ("envs/prod.tfvars", "port = \"eighty\"\n")],
    );
    let cases: [(&[&str], i32, &str); 5] = [
        (&[], 0, "0 errors"),
        (&["--var-file", "envs/prod.tfvars"], 1, "a number is required"),
        (&["--var", "port=x", "--var", "port=8080"], 0, "0 errors"),
        (&["--var-file", "envs/prod.tfvars", "--var", "port=1"], 0, "0 errors"),
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
    let dir = module(
        "effective",
        &[("variables.tf", VARS), ("terraform.tfvars", "env = \"dev\"\n"), ("b.auto.tfvars", "env = \"stage\"\n")],
    );
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
    // The run names the version it was checked as: the default, or --flavor's.
    assert_eq!(s["runs"][0]["properties"]["flavors"], serde_json::json!([tftype::flavor::DEFAULT]));
    let (_, out, _) = run(&dir, &["--format", "sarif", "--flavor", "opentofu@1.8"]);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(s["runs"][0]["properties"]["flavors"], serde_json::json!(["opentofu@1.8"]));
    let (_, out, _) = run(&dir, &["--format", "github"]);
    assert!(
        out.starts_with("::error file=./terraform.tfvars,line=2,col=8,")
            || out.starts_with("::error file=terraform.tfvars,line=2,col=8,"),
        "{out}"
    );
}

/// Terraform reports a nested conversion error on the whole value; tftype
/// names the part that fails and where it is written, in the human form
/// (in the reader's language) and as `part` in JSON, for a value file and
/// for a module call's argument.
#[test]
fn a_nested_failure_names_the_part_that_fails() {
    let dir = module(
        "part",
        &[
            ("variables.tf", "variable \"s\" {\n  type = list(object({ nat = bool }))\n}\n"),
            ("terraform.tfvars", "s = [\n  { nat = true },\n  { nat = \"yes\" },\n]\n"),
            ("call.tf", "module \"m\" {\n  source = \"./m\"\n  o = { name = \"a\", tags = \"b\" }\n}\n"),
            ("m/v.tf", "variable \"o\" {\n  type = object({ name = string, tags = list(string) })\n}\n"),
        ],
    );
    let (c, out, _) = run(&dir, &[]);
    assert_eq!(c, 1, "{out}");
    assert!(out.contains("The part that fails: var.s[1].nat, at terraform.tfvars:3,11-16\n"), "{out}");
    assert!(out.contains("The part that fails: module.m.var.o.tags, at call.tf:3,28-31\n"), "{out}");
    let (_, out, _) = run(&dir, &["--lang", "ja"]);
    assert!(out.contains("問題の箇所：var.s[1].nat（terraform.tfvars:3,11-16）"), "{out}");
    let (_, out, _) = run(&dir, &["--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let parts: Vec<(String, u64)> = j["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| !d["part"].is_null())
        .map(|d| {
            (d["part"]["name"].as_str().unwrap().to_string(), d["part"]["range"]["start"]["byte"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(parts.len(), 2, "{out}");
    assert!(parts.contains(&("var.s[1].nat".to_string(), 34)), "{parts:?}");
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
        .args([
            "-s",
            "KILL",
            "300",
            "sh",
            "-c",
            "ulimit -t 120; ulimit -v 4194304; exec \"$0\" check \"$@\"",
            env!("CARGO_BIN_EXE_tftype"),
        ])
        .args(args)
        .current_dir(dir)
        .env_remove("TF_VAR_env")
        .env_remove("TF_VAR_port")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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

/// The issue's "Bad input" list: each gives one clear diagnostic (Terraform's
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
            wants: &["Values for undeclared variables", "other variable(s) defined without being declared", "2 variables checked: 0 errors, 3 warnings."],
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
            wants: &["In addition to the other similar warnings shown, 9998 other variable(s) defined without being declared.", "2 variables checked: 0 errors, 3 warnings."],
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
            wants: &["Not a regular file", "p.auto.tfvars is not a regular file (a pipe, a device or a socket), which tftype does not read."],
        },
        BadInput {
            rule: "device_named_tfvars_is_not_read",
            setup: |d| symlink("/dev/zero", &d.join("z.auto.tfvars")),
            args: &[],
            code: 1,
            errors: 1,
            wants: &["z.auto.tfvars is not a regular file (a pipe, a device or a socket), which tftype does not read."],
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
    let dir = module(
        "calls",
        &[
            ("main.tf", main),
            ("modules/net/main.tf", net),
            ("modules/subnet/variables.tf", subnet),
            ("modules/subnet/README.md", "not read"),
        ],
    );
    // A symlink loop: the module calls a directory that is itself.
    #[cfg(unix)]
    std::os::unix::fs::symlink(".", dir.join("modules/net/again")).unwrap();
    let (c, out, err) = run(&dir, &[]);
    assert_eq!(c, 1, "{out}{err}");
    for needle in [
        "Error: Invalid value for input variable\n\n  on main.tf line 8, in module \"net\":\n   8:   azs    = [\"a\"]\n\nThe given value is not suitable for module.net.var.azs declared at modules/net/main.tf:5,1-15: a number is required.\n",
        "Error: Invalid value for input variable\n\n  on modules/net/main.tf line 16, in module \"subnet\":\n  16:   cidr   = var.cidr\n\nThe given value is not suitable for module.net.module.subnet.var.cidr declared at modules/subnet/variables.tf:1,1-16: list of string required, but have string.\n",
        "module.registry: remote source terraform-aws-modules/vpc/aws not checked (no module manifest: it is not installed here).\n",
        "4 module calls: 2 read, 1 not read, 1 with a remote source skipped; 4 of their 4 arguments checked, 0 not checked.\n",
        "1 module call with a registry or git source not checked: `terraform init` (or `tofu init`) would let tftype check them.\n",
    ] {
        assert!(out.contains(needle), "{needle}\n---\n{out}");
    }
    // `local.tags` is a constant: the argument is checked with its value.
    assert!(!out.contains("local.tags"), "{out}");
    let (_, out, _) = run(&dir, &["--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let calls = j["module_calls"].as_array().unwrap();
    let status: Vec<(&str, &str)> =
        calls.iter().map(|c| (c["address"].as_str().unwrap(), c["status"].as_str().unwrap())).collect();
    #[cfg(unix)]
    assert_eq!(
        status,
        [
            ("module.net", "checked"),
            ("module.net.module.subnet", "checked"),
            ("module.net.module.again", "not_checked"),
            ("module.registry", "skipped_remote")
        ]
    );
    assert_eq!(calls[0]["arguments"][0]["name"], "cidr");
    assert_eq!(calls[0]["arguments"][0]["console"], "\"10\"");
    assert_eq!(
        (calls[0]["arguments"][2]["name"].as_str(), calls[0]["arguments"][2]["status"].as_str()),
        (Some("tags"), Some("ok")),
        "{}",
        calls[0]["arguments"]
    );
    let (_, out, _) = run(&dir, &["--print-effective"]);
    assert!(out.contains("module.net.var.cidr = \"10\"\n"), "{out}");
    // The same module checked as the oracle's schema has it (`tftype batch`) knows no module calls.
    let case = serde_json::json!({"id": "m", "mode": "check", "files": {"main.tf": main, "modules/net/main.tf": net}});
    let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
        .arg("batch")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut ch| {
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
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = Vec::new();
    // Every source file below them (test modules, `tests.rs`, may write their fixtures).
    let mut todo: Vec<PathBuf> = ["src", "../core/src/module"].iter().map(|d| root.join(d)).collect();
    while let Some(p) = todo.pop() {
        if p.is_dir() {
            todo.extend(std::fs::read_dir(&p).unwrap().flatten().map(|e| e.path()));
        } else if p.file_name().is_some_and(|n| n != "tests.rs") {
            files.push(p);
        }
    }
    assert!(files.len() >= 8, "{files:?}");
    let forbidden = [
        "process::Command",
        "std::net",
        "TcpStream",
        "UdpSocket",
        "fs::write",
        "File::create",
        "OpenOptions",
        "create_dir",
        "remove_file",
        "remove_dir",
        "fs::rename",
        "fs::copy",
        "set_permissions",
    ];
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} uses {word}", f.display());
        }
    }
}

/// tftype's own words in `check`'s outputs are the reader's language
/// (words-4): where a value came from (`--explain`), a variable not
/// accepted (`--print-effective`), the groups of versions
/// (`--all-flavors`, listed with 、), a path list in a Why step, a file
/// tftype does not read; no half-width space beside a full-width bracket,
/// no English tftype wrote.
#[test]
fn checks_own_words_are_in_the_readers_language() {
    let dir = module(
        "words",
        &[
            ("variables.tf", "variable \"a\" {\n  type    = list(string)\n  default = [\"x\"]\n}\n\nvariable \"b\" {\n  type = number\n}\n\nvariable \"c\" {\n  type = number\n}\n\nvariable \"servers\" {\n  type = list(object({ name = string, port = optional(number, 80) }))\n}\n"),
            ("terraform.tfvars", "c = \"three\"\nservers = [{ name = \"a\" }, { name = \"b\", port = 1 }, { name = \"c\" }]\n"),
        ],
    );
    let device = module("words-device", &[("variables.tf", "variable \"a\" {\n  default = 1\n}\n")]);
    symlink("/dev/zero", &device.join("z.auto.tfvars"));
    let run_env = |dir: &PathBuf, args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
            .arg("check")
            .args(args)
            .current_dir(dir)
            .env("TF_VAR_b", "7")
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    /// (language, arguments, what the output says, what it must not say)
    type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str]);
    let table: [Case; 8] = [
        (
            "zh",
            &["--explain"],
            &["var.a（来自默认值）：", "var.b（来自 TF_VAR_b）：", "`[0].port、[2].port`", "已检查 4 个变量"],
            &["default", "（来自 env）"],
        ),
        (
            "ja",
            &["--explain"],
            &[
                "var.a（デフォルト値から）：",
                "var.b（TF_VAR_b から）：",
                "`[0].port、[2].port`",
                "変数 4 個をチェックしました。",
            ],
            &["default", "（env から）"],
        ),
        (
            "en",
            &["--explain"],
            &["var.a (from default):", "var.b (from TF_VAR_b):", "`[0].port, [2].port`"],
            &["(from env)"],
        ),
        ("zh", &["--print-effective"], &["var.c（未接受）\n", "var.b = 7\n"], &[]),
        ("ja", &["--print-effective"], &["var.c（不受理）\n"], &[]),
        ("en", &["--print-effective"], &["var.c (not accepted)\n"], &[]),
        ("zh", &["--all-flavors"], &["、OpenTofu 1."], &[", OpenTofu", ", 1."]),
        ("ja", &["--all-flavors"], &["、OpenTofu 1."], &[", OpenTofu", ", 1."]),
    ];
    for (lang, args, wants, not) in table {
        let args: Vec<&str> = args.iter().copied().chain(["--lang", lang]).collect();
        let out = run_env(&dir, &args);
        for w in wants {
            assert!(out.contains(w), "{lang} {args:?}: no {w:?} in\n{out}");
        }
        for n in not {
            assert!(!out.contains(n), "{lang} {args:?}: {n:?} in\n{out}");
        }
        if lang != "en" {
            for english in [
                "(from",
                "(not accepted)",
                "Not evaluated",
                "variables checked",
                "Why:",
                "ok on",
                "fails on",
                " （",
                "） ",
            ] {
                assert!(!out.contains(english), "{lang} {args:?}: {english:?} in\n{out}");
            }
        }
    }
    for (lang, want) in [
        ("zh", "z.auto.tfvars 不是普通文件（而是管道、设备或套接字），tftype 不读取这类文件。"),
        (
            "ja",
            "z.auto.tfvars は通常のファイル（パイプ、デバイス、ソケットなど）ではないため、tftype は読み込みません。",
        ),
    ] {
        let out = run_env(&device, &["--lang", lang]);
        assert!(!out.contains("regular file") && !out.contains("Error while reading"), "{lang}: {out}");
        assert!(out.contains(want), "{lang}: {out}");
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

/// A module `infra` (one number `x`, its own `terraform.tfvars` saying 1)
/// inside a working directory that has its own files.
fn infra(name: &str, cwd_files: &[(&str, &str)]) -> PathBuf {
    let mut files =
        vec![("infra/main.tf", "variable \"x\" {\n  type = number\n}\n"), ("infra/terraform.tfvars", "x = 1\n")];
    files.extend_from_slice(cwd_files);
    module(name, &files)
}

/// `--var-file NAME` reads the working directory's NAME, never the module's
/// file of that name (reliability review 4, finding 6).
#[test]
fn var_file_names_are_read_from_the_working_directory() {
    let dir = infra("varfile-cwd", &[("terraform.tfvars", "x = \"from-cwd\"\n")]);
    let cases: [(&[&str], i32, &str); 4] = [
        (&["infra", "--var-file", "terraform.tfvars"], 1, "on ./terraform.tfvars line 1:"),
        (&["infra", "--var-file", "./terraform.tfvars"], 1, "on ./terraform.tfvars line 1:"),
        (&["infra", "--var-file", "main.tf"], 1, "Given variables file main.tf does not exist."),
        (&["infra", "--print-effective"], 0, "var.x = 1\n"),
    ];
    for (args, code, needle) in cases {
        let (c, out, err) = run(&dir, args);
        assert_eq!(c, code, "{args:?}: {out}{err}");
        assert!(out.contains(needle), "{args:?}: {out}");
    }
}

/// A `--var-file` the user names may be a pipe (`<(sops -d …)`,
/// `/dev/stdin`), as Terraform reads it; files found in the directory must
/// still be regular (finding 7).
#[cfg(unix)]
#[test]
fn a_named_var_file_may_be_a_pipe() {
    use std::io::Write;
    let dir = infra("varfile-pipe", &[]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tftype"))
        .args(["check", "infra", "--print-effective", "--var-file", "/dev/stdin"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"x = 8\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("var.x = 8\n"), "{text}");
    // Process substitution, where bash is there; read once for two directories.
    if Command::new("bash").arg("-c").arg("true").status().is_ok_and(|s| s.success()) {
        let out = Command::new("bash")
            .arg("-c")
            .arg("exec \"$0\" check infra infra --print-effective --var-file <(echo 'x = 7')")
            .arg(env!("CARGO_BIN_EXE_tftype"))
            .current_dir(&dir)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert_eq!(text.matches("var.x = 7\n").count(), 2, "{text}");
    }
    // An automatically loaded FIFO is still refused, not waited on.
    let fifo = dir.join("infra/x.auto.tfvars");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let (c, out, _) = run_bounded(&dir, &["infra"]);
    assert_eq!(c, Some(1), "{out}");
    assert!(out.contains("not a regular file"), "{out}");
}

/// Called modules are read as the root module is: directories named `*.tf`
/// are skipped (finding 10), names that are not UTF-8 are read (finding 11).
#[cfg(unix)]
#[test]
fn module_directories_skip_subdirectories_and_read_any_file_name() {
    use std::os::unix::ffi::OsStrExt;
    let dir = module(
        "names",
        &[
            ("main.tf", "module \"m\" {\n  source = \"./modules/m\"\n  a = 1\n}\n"),
            ("modules/m/v.tf", "variable \"a\" {\n  type = number\n}\n"),
        ],
    );
    std::fs::create_dir_all(dir.join("modules/m/sub.tf")).unwrap();
    let (c, out, err) = run(&dir, &[]);
    assert_eq!(c, 0, "{out}{err}");
    assert!(out.contains("1 module call: 1 read"), "{out}");
    // Non-UTF-8 names, in the root and in a called module.
    let nu = module("non-utf8", &[("main.tf", "variable \"x\" {\n  type = string\n}\n")]);
    std::fs::write(nu.join(std::ffi::OsStr::from_bytes(b"\xff.auto.tfvars")), "x = \"five\"\ny = 2\n").unwrap();
    std::fs::write(nu.join(std::ffi::OsStr::from_bytes(b"\xfe.tf")), "variable \"y\" {\n  type = number\n}\n").unwrap();
    std::fs::write(
        nu.join(std::ffi::OsStr::from_bytes(b"\xfd.tf")),
        "variable \"z\" {\n  type = number\n  default = 1\n}\n",
    )
    .unwrap();
    let (c, out, _) = run(&nu, &["--print-effective"]);
    assert_eq!(c, 0, "{out}");
    assert!(out.contains("var.x = \"five\"\nvar.y = 2\nvar.z = 1\n"), "{out}");
    // Two names alike once made lossy: the second is known by its escapes.
    std::fs::write(nu.join(std::ffi::OsStr::from_bytes(b"\xfc.tf")), "variable \"w\" {\n  type = number\n}\n").unwrap();
    let (c, out, _) = run(&nu, &["--root"]);
    assert_eq!(c, 1, "{out}");
    assert!(out.contains("on \u{fffd}.tf line 1:") && out.contains("\"w\""), "{out}");
}

/// After `--` every word is a directory, for clap and for the order of
/// `--var` / `--var-file` alike (finding 12).
#[test]
fn words_after_a_double_dash_are_directories() {
    let dir = module(
        "dashdash",
        &[
            ("ok/main.tf", "variable \"x\" {\n  type = string\n}\n"),
            ("ok/terraform.tfvars", "x = \"1\"\n"),
            ("evil.tfvars", "x = \"from-evil\"\n"),
        ],
    );
    let (c, out, _) = run(&dir, &["ok", "--print-effective", "--", "--var-file", "evil.tfvars"]);
    assert_eq!(c, 2, "{out}");
    assert!(out.contains("var.x = \"1\"\n") && !out.contains("from-evil"), "{out}");
    assert!(out.contains("Module directory --var-file does not exist"), "{out}");
}

/// Control characters from the module never reach a terminal or a CI log
/// raw, and no line of the human output reads as a workflow command
/// (`::error …::`, `::add-mask::`), from a message, a file name or a source
/// line (finding 9).
#[cfg(unix)]
#[test]
fn human_output_neutralises_control_characters_and_command_lines() {
    use std::os::unix::ffi::OsStrExt;
    let message = r"line1\n::error file=evil.tf,line=1::INJECTED\n  ::add-mask::x\n\u001b[2J\u001b[1A\r\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\ \u0007 \u009b";
    let main = format!("variable \"x\" {{\n  type = number\n  validation {{\n    condition     = var.x > 100\n    error_message = \"{message}\"\n  }}\n}}\n\nvariable \"y\" {{\n  type    = string\n  default = \"\"\n}}\n");
    let dir = module("control", &[("main.tf", &main), ("terraform.tfvars", "x = 5\n")]);
    std::fs::write(
        dir.join(std::ffi::OsStr::from_bytes(b"evil\n::error::FNAME,line=1.auto.tfvars")),
        "y = [\"\x1b[2J\"]\n",
    )
    .unwrap();
    let (c, out, _) = run(&dir, &["--print-effective"]);
    assert_eq!(c, 1, "{out}");
    for line in out.lines() {
        assert!(!line.trim_start().starts_with("::"), "{line:?} in {out}");
        assert!(!line.chars().any(|ch| ch.is_control() && ch != '\t'), "{line:?}");
    }
    for shown in [
        r"\::error file=evil.tf,line=1::INJECTED",
        r"  \::add-mask::x",
        r"\x1b[2J\x1b[1A\r\x1b]8;;https://evil.example/\x1b\click",
        r"\a \u009b",
        r"on evil\n::error::FNAME,line=1.auto.tfvars line 1:",
        r#"1: y = ["\x1b[2J"]"#,
    ] {
        assert!(out.contains(shown), "{shown} in {out}");
    }
}

/// A reusable module (no auto-loaded value file, no `--var-file`/`--var`)
/// is checked as a child module, as `terraform validate` checks it: no
/// "No value for required variable", but its defaults, the rules on them
/// and its module calls are checked; `--root` or a value makes it a root
/// module (ux-4 finding 5).
#[test]
fn a_module_without_values_is_checked_as_a_child_module() {
    let vars = "variable \"env\" {\n  type = string\n}\n\nvariable \"port\" {\n  type    = number\n  default = PORT\n  validation {\n    condition     = var.port < 1024\n    error_message = \"Ports below 1024 only.\"\n  }\n}\n";
    let good = vars.replace("PORT", "80");
    let bad_default = vars.replace("PORT", "8080");
    type Row<'a> = (&'a str, Vec<(&'a str, &'a str)>, &'a [&'a str], i32, &'a [&'a str], &'a [&'a str]);
    let rows: Vec<Row> = vec![
        (
            "child",
            vec![("variables.tf", &good)],
            &[],
            0,
            &["Checked as a child module", "2 variables checked"],
            &["No value for required variable"],
        ),
        (
            "child-rule-on-default",
            vec![("variables.tf", &bad_default)],
            &[],
            1,
            &["Ports below 1024 only.", "Checked as a child module"],
            &["No value for required variable"],
        ),
        (
            "root-asked",
            vec![("variables.tf", &good)],
            &["--root"],
            1,
            &["No value for required variable"],
            &["child module"],
        ),
        (
            "root-tfvars",
            vec![("variables.tf", &good), ("terraform.tfvars", "port = 81\n")],
            &[],
            1,
            &["No value for required variable"],
            &["child module"],
        ),
        (
            "root-var",
            vec![("variables.tf", &good)],
            &["--var", "port=81"],
            1,
            &["No value for required variable"],
            &["child module"],
        ),
        // The examples/ directory of a module repository is a root module that calls it.
        (
            "child-call",
            vec![
                ("variables.tf", &good),
                (
                    "examples/complete/main.tf",
                    "module \"m\" {\n  source = \"../..\"\n  env    = 1\n  port   = \"x\"\n}\n",
                ),
            ],
            &["examples/complete"],
            1,
            &["a number is required", "Checked as a child module"],
            &["No value for required variable"],
        ),
    ];
    for (name, files, args, code, want, not) in rows {
        let dir = module(&format!("role-{name}"), &files);
        let (c, out, err) = run(&dir, args);
        assert_eq!(c, code, "{name}: {out}{err}");
        for w in want {
            assert!(out.contains(w), "{name}: wants {w:?}\n{out}");
        }
        for w in not {
            assert!(!out.contains(w), "{name}: does not want {w:?}\n{out}");
        }
    }
    let dir = module("role-json", &[("variables.tf", &good)]);
    let (c, out, _) = run(&dir, &["--format", "json", "--print-effective"]);
    assert_eq!(c, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["module_role"], "child");
    assert_eq!(j["variables"]["env"]["stage"], "caller");
    assert_eq!(j["variables"]["port"]["console"], "80");
    let (_, out, _) = run(&dir, &["--print-effective"]);
    assert!(out.contains("var.env (set by the calling module)\nvar.port = 80\n"), "{out}");
    for lang in ["zh", "ja"] {
        let (_, out, _) = run(&dir, &["--lang", lang]);
        assert!(out.contains("--root") && !out.contains("Checked as"), "{lang}: {out}");
    }
}

/// Terraform's diagnostic form (ux-4 finding 8), its flags (finding 9),
/// `--all-flavors` verdicts (finding 19) and `snippet` in JSON (finding 22)
/// on one module: every line of a multi-line range, the values of a failed
/// rule's references, `, in module "vpc":`, Terraform's four-column gutter.
#[test]
fn diagnostics_read_as_terraform_prints_them() {
    let dir = module(
        "tf-form",
        &[
            ("variables.tf", "variable \"instance_count\" {\n  type = number\n  validation {\n    condition     = var.instance_count < 10\n    error_message = \"Too many.\"\n  }\n}\n\nvariable \"subnets\" {\n  type = list(object({ cidr = string, nat = bool }))\n}\n"),
            ("main.tf", "module \"vpc\" {\n  source = \"./modules/vpc\"\n  cidr   = [1]\n}\n"),
            ("modules/vpc/main.tf", "variable \"cidr\" {\n  type = string\n}\n"),
            ("prod.tfvars", "instance_count = 12\nsubnets = [\n  { cidr = \"a\", nat = true },\n  { cidr = \"c\", nat = \"yes\" },\n]\n"),
        ],
    );
    for args in [
        &["-var-file=prod.tfvars"][..],
        &["-var-file", "prod.tfvars", "-no-color"],
        &["--var-file", "prod.tfvars", "--no-color"],
    ] {
        let (c, out, err) = run(&dir, args);
        assert_eq!(c, 1, "{args:?}: {out}{err}");
        for want in [
            "  on prod.tfvars line 1:\n   1: instance_count = 12\n    ├────────────────\n    │ var.instance_count is 12\n\nToo many.\n",
            "  on prod.tfvars line 2:\n   2: subnets = [\n   3:   { cidr = \"a\", nat = true },\n   4:   { cidr = \"c\", nat = \"yes\" },\n   5: ]\n",
            "  on main.tf line 3, in module \"vpc\":\n   3:   cidr   = [1]\n",
            "1 module call: 1 read",
            "2 variables and 1 module argument checked: 3 errors, 0 warnings.",
        ] {
            assert!(out.contains(want), "{args:?} wants {want:?}\n{out}");
        }
        assert!(!out.contains('╷') && !out.contains('\x1b'), "no frame or colour off a terminal: {out}");
    }
    let (_, out, _) = run(&dir, &["-var", "instance_count=3", "-var=subnets=[]", "--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let snippet = &j["diagnostics"][0]["snippet"];
    assert_eq!(snippet["context"], "module \"vpc\"", "{j}");
    assert_eq!(snippet["code"], "  cidr   = [1]");
    assert_eq!(
        (
            snippet["start_line"].as_u64(),
            snippet["highlight_start_offset"].as_u64(),
            snippet["highlight_end_offset"].as_u64()
        ),
        (Some(3), Some(11), Some(14))
    );
    assert_eq!(snippet["values"], serde_json::json!([]));
    // Every error of a group under its verdict.
    let (c, out, _) = run(&dir, &["--var-file", "prod.tfvars", "--all-flavors"]);
    assert_eq!(c, 1);
    let first = out.lines().next().unwrap_or("");
    assert!(first.starts_with("fails on ") && first.ends_with(" with 3 errors:"), "{out}");
    assert!(
        out.contains("  prod.tfvars:1,18-20: Invalid value for variable (Too many.)\n")
            && out.contains("  main.tf:3,12-15: Invalid value for input variable"),
        "{out}"
    );
}

/// Without `--base` or TFTYPE_BASE_URL the forms read in CI carry no link
/// (the built-in playground, released or a development build's 127.0.0.1,
/// is the human form's default only); a named playground is linked in every form.
#[test]
fn ci_forms_link_only_to_a_playground_someone_named() {
    let dir = module(
        "links",
        &[("variables.tf", "variable \"x\" {\n  type = number\n}\n"), ("terraform.tfvars", "x = \"eight\"\n")],
    );
    let cases: [(&[&str], Option<&str>); 7] = [
        (&[], Some(tftype_cli::PLAYGROUND)),
        (&["--format", "github"], None),
        (&["--format", "sarif"], None),
        (&["--format", "json"], None),
        (&["--format", "github", "--base", "https://example.org/tftype/"], Some("https://example.org/tftype/")),
        (&["--format", "sarif", "--base", "https://example.org/tftype/"], Some("https://example.org/tftype/")),
        (&["--format", "json", "--base", "https://example.org/tftype/"], Some("https://example.org/tftype/")),
    ];
    for (args, link) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
            .arg("check")
            .args(args)
            .current_dir(&dir)
            .env_remove("TFTYPE_BASE_URL")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {text}");
        match link {
            Some(base) => assert!(text.contains(&format!("{base}?")), "{args:?} links to {base}: {text}"),
            None => assert!(
                !text.contains(tftype_cli::PLAYGROUND) && !text.contains("?type="),
                "{args:?} has no link: {text}"
            ),
        }
    }
    let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
        .args(["check", "--format", "github"])
        .current_dir(&dir)
        .env("TFTYPE_BASE_URL", "https://docs.example/tftype/")
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("https://docs.example/tftype/?"),
        "TFTYPE_BASE_URL names the playground"
    );
}

/// `tftype check` reads a module as Terraform assembles it: `.tf.json`
/// files, override files merged into their base blocks, hidden files left
/// out; a module of JSON files alone is a module.
#[test]
fn json_and_override_files_on_disk_are_read() {
    let dir = module(
        "json-files",
        &[
            ("m/main.tf.json", "{\"variable\": {\"port\": {\"type\": \"number\", \"default\": 80}}}"),
            ("m/port_override.tf", "variable \"port\" {\n  default = \"eighty\"\n}\n"),
            ("m/.hidden.tf", "variable \"hidden\" {\n}\n"),
            ("j/main.tf.json", "{\"variable\": {\"name\": {\"default\": \"x\"}}}"),
        ],
    );
    let (code, out, err) = run(&dir, &["m", "--root"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("port_override.tf line 1:"), "{out}");
    assert!(out.contains("The overridden default value for this variable is not compatible with the variable's type constraint: a number is required."), "{out}");
    assert!(!out.contains("hidden"), "{out}");
    let (code, out, err) = run(&dir, &["j", "--root", "--print-effective"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("var.name = \"x\""), "{out}");
}

/// A root after `terraform init`: the manifest and the installed module
/// directories, as `init` lays them out.
fn installed_root(name: &str, iam_dir: &str) -> PathBuf {
    let main = "module \"vpc\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"~> 5.0\"\n\n  name = \"prod\"\n  enable_nat_gateway = \"maybe\"\n}\n\nmodule \"iam\" {\n  source = \"git::https://example.com/iam.git?ref=v1\"\n\n  role = \"x\"\n}\n";
    let vpc = "variable \"name\" {\n  type = string\n}\n\nvariable \"enable_nat_gateway\" {\n  type    = bool\n  default = false\n}\n\nmodule \"flow_logs\" {\n  source = \"./modules/flow-logs\"\n  name   = var.name\n}\n";
    let flow = "variable \"name\" {\n  type = string\n  validation {\n    condition     = length(var.name) > 5\n    error_message = \"The flow log name must be longer than 5 characters.\"\n  }\n}\n";
    let manifest = format!(
        r#"{{"Modules":[{{"Key":"","Source":"","Dir":"."}},{{"Key":"iam","Source":"git::https://example.com/iam.git?ref=v1","Dir":"{iam_dir}"}},{{"Key":"vpc","Source":"registry.terraform.io/terraform-aws-modules/vpc/aws","Version":"5.1.2","Dir":".terraform/modules/vpc"}},{{"Key":"vpc.flow_logs","Source":"./modules/flow-logs","Dir":".terraform/modules/vpc/modules/flow-logs"}}]}}"#
    );
    module(
        name,
        &[
            ("main.tf", main),
            (".terraform/modules/modules.json", &manifest),
            (".terraform/modules/vpc/main.tf", vpc),
            (".terraform/modules/vpc/modules/flow-logs/variables.tf", flow),
            (".terraform/modules/iam/variables.tf", "variable \"role\" {\n  type = number\n}\n"),
        ],
    )
}

#[test]
fn installed_registry_and_git_modules_are_checked_after_init() {
    let dir = installed_root("installed", ".terraform/modules/iam");
    let (c, out, err) = run(&dir, &["--no-color"]);
    assert_eq!(c, 1, "{out}{err}");
    for needle in [
        "on main.tf line 6, in module \"vpc\":\n   6:   enable_nat_gateway = \"maybe\"\n\nThe given value is not suitable for module.vpc.var.enable_nat_gateway declared at .terraform/modules/vpc/main.tf:5,1-30: a bool is required.\n",
        "The given value is not suitable for module.iam.var.role declared at .terraform/modules/iam/variables.tf:1,1-16: a number is required.\n",
        // The installed module's own call, with the value it was given.
        "on .terraform/modules/vpc/main.tf line 12, in module \"flow_logs\":\n  12:   name   = var.name\n\nThe flow log name must be longer than 5 characters.\n",
        "0 variables and 4 module arguments checked: 3 errors, 0 warnings.",
    ] {
        assert!(out.contains(needle), "{needle}\n---\n{out}");
    }
    // TF_DATA_DIR names where the manifest is.
    std::fs::create_dir_all(dir.join("data/modules")).unwrap();
    std::fs::rename(dir.join(".terraform/modules/modules.json"), dir.join("data/modules/modules.json")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
        .args(["check", "--no-color"])
        .current_dir(&dir)
        .env("TF_DATA_DIR", "data")
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("0 variables and 4 module arguments checked: 3 errors"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let (_, out, _) = run(&dir, &["--no-color"]);
    assert!(out.contains("0 variables and 0 of 3 module arguments checked") && out.contains("2 module calls with a registry or git source not checked: `terraform init` (or `tofu init`) would let tftype check them."), "{out}");
}

#[test]
fn a_stale_manifest_says_what_plan_says() {
    let dir = installed_root("stale", ".terraform/modules/iam");
    let main = std::fs::read_to_string(dir.join("main.tf")).unwrap().replace("~> 5.0", "~> 6.0");
    std::fs::write(dir.join("main.tf"), main).unwrap();
    let (c, out, _) = run(&dir, &["--no-color", "--flavor", "terraform@1.15"]);
    assert_eq!(c, 1);
    assert!(out.contains("Error: Module version requirements have changed\n\n  on main.tf line 2, in module \"vpc\":\n   2:   source  = \"terraform-aws-modules/vpc/aws\"\n\nThe version requirements have changed since this module was installed and the installed version (5.1.2) is no longer acceptable. Run \"terraform init\" to install all modules required by this configuration.\n"), "{out}");
    assert!(
        out.contains("module.vpc: not checked: the module manifest no longer matches its source or version"),
        "{out}"
    );
    assert!(!out.contains("enable_nat_gateway declared"), "{out}");
}

#[cfg(unix)]
#[test]
fn a_manifest_dir_outside_the_root_is_not_read_nor_echoed() {
    let outside = std::env::temp_dir().join(format!("tftype-outside-secret-{}", std::process::id()));
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("variables.tf"), "variable \"role\" {\n  type = string # SECRET-MARKER\n}\n").unwrap();
    for (name, dir_in_manifest) in [
        ("abs", outside.to_str().unwrap().to_string()),
        ("dotdot", "../../../../../../../../tmp".to_string()),
        ("link", ".terraform/modules/iam-link".to_string()),
    ] {
        let dir = installed_root(&format!("outside-{name}"), &dir_in_manifest);
        std::os::unix::fs::symlink(&outside, dir.join(".terraform/modules/iam-link")).unwrap();
        for format in ["human", "json", "sarif", "github"] {
            let (_, out, err) = run(&dir, &["--no-color", "--format", format]);
            assert!(
                !out.contains("SECRET-MARKER") && !out.contains(outside.to_str().unwrap()) && !out.contains("/tmp"),
                "{name} {format}: {out}{err}"
            );
            if format == "human" {
                assert!(out.contains("module.iam: not checked: the module manifest places it outside the root module's directory, which tftype does not read."), "{name}: {out}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&outside);
}

/// tftype's notes are in every form by default and fail the run only with
/// `--fail-on-notes`.
#[test]
fn notes_are_shown_by_default_and_fail_only_when_asked() {
    let dir = module(
        "notes",
        &[
            ("variables.tf", "variable \"region\" {\n  type = string\n}\n"),
            ("terraform.tfvars", "region = \"a\"\nregoin = \"b\"\n"),
        ],
    );
    let cases: [(&[&str], i32, &str); 6] = [
        (&[], 0, "  terraform.tfvars:2,1-7: `regoin` is not a variable of this module: its value is not used. Did you mean `region`?\n"),
        (&["--fail-on-notes"], 1, "Did you mean `region`?"),
        (&["--format", "github"], 0, "::notice file=terraform.tfvars,line=2,col=1,endLine=2,endColumn=7,title=tftype note::"),
        (&["--format", "json"], 0, "\"notes\":[{\"kind\":\"note.undeclared_suggest\""),
        (&["--format", "sarif"], 0, "\"ruleId\": \"tftype/note.undeclared_suggest\""),
        (&["--format", "sarif", "--fail-on-notes"], 1, "\"level\": \"note\""),
    ];
    for (args, want, has) in cases {
        let (c, out, err) = run(&dir, args);
        assert_eq!(c, want, "{args:?}: {out}{err}");
        assert!(out.contains(has), "{args:?}: {out}");
    }
    let clean = module(
        "no-notes",
        &[("variables.tf", "variable \"region\" {\n  type = string\n}\n"), ("terraform.tfvars", "region = \"a\"\n")],
    );
    let (c, out, _) = run(&clean, &["--fail-on-notes"]);
    assert_eq!(c, 0, "{out}");
    assert!(!out.contains("tftype's notes"), "{out}");
}

/// Several directories make one document: one SARIF log with a run per
/// directory naming it, one JSON document with each directory's report, a
/// heading per directory in the human form.
#[test]
fn several_directories_make_one_document() {
    let dir = module(
        "several",
        &[
            ("a/main.tf", "variable \"x\" {\n  type = number\n}\n"),
            ("a/terraform.tfvars", "x = \"one\"\n"),
            ("b/main.tf", "variable \"x\" {\n  type = number\n}\n"),
            ("b/terraform.tfvars", "x = 1\n"),
        ],
    );
    let (c, out, _) = run(&dir, &["a", "b", "--format", "sarif"]);
    assert_eq!(c, 1);
    let log: serde_json::Value = serde_json::from_str(&out).expect("one SARIF log");
    let dirs: Vec<&str> =
        log["runs"].as_array().unwrap().iter().map(|r| r["properties"]["directory"].as_str().unwrap_or("")).collect();
    assert_eq!(dirs, ["a", "b"]);
    let (c, out, _) = run(&dir, &["a", "b", "--format", "json"]);
    assert_eq!(c, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(doc["valid"], false);
    let reports: Vec<(&str, bool)> = doc["directories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["dir"].as_str().unwrap(), d["report"]["valid"].as_bool().unwrap()))
        .collect();
    assert_eq!(reports, [("a", false), ("b", true)]);
    // One directory: the report as it always was.
    let (_, out, _) = run(&dir, &["b", "--format", "json"]);
    let one: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((one["format_version"].as_str(), one.get("directories")), (Some("1.0"), None));
    let (_, out, _) = run(&dir, &["a", "b"]);
    let (ha, hb) = (
        out.find("Module directory a:\n").expect("a's heading"),
        out.find("Module directory b:\n").expect("b's heading"),
    );
    assert!(
        ha < out.find("Error: Invalid value for input variable").unwrap() && out.find("Error:").unwrap() < hb,
        "{out}"
    );
    let (_, out, _) = run(&dir, &["b"]);
    assert!(!out.contains("Module directory"), "{out}");
}

/// `--files` (pre-commit's changed files): each file's directory is checked
/// once; a directory without `.tf` files is skipped, not an error.
#[test]
fn changed_files_are_checked_by_their_module_directories() {
    let dir = module(
        "files",
        &[
            ("a/main.tf", "variable \"x\" {\n  type = number\n}\n"),
            ("a/terraform.tfvars", "x = \"one\"\n"),
            ("b/main.tf", "variable \"x\" {\n  type = number\n}\n"),
            ("b/terraform.tfvars", "x = 1\n"),
            ("README.md", ""),
        ],
    );
    let cases: [(&[&str], i32, &[&str]); 3] = [
        (&["--files", "b/main.tf", "b/terraform.tfvars", "README.md"], 0, &["b"]),
        (&["--files", "a/terraform.tfvars", "b/main.tf", "a/main.tf"], 1, &["a", "b"]),
        (&["--files", "README.md"], 0, &[]),
    ];
    for (args, want, dirs) in cases {
        let args: Vec<&str> = args.iter().copied().chain(["--format", "sarif"]).collect();
        let (c, out, err) = run(&dir, &args);
        assert_eq!(c, want, "{args:?}: {out}{err}");
        let log: serde_json::Value = serde_json::from_str(&out).expect("one SARIF log");
        let runs = log["runs"].as_array().unwrap();
        assert_eq!(runs.len(), dirs.len(), "{args:?}: {out}");
        if dirs.len() > 1 {
            let got: Vec<&str> = runs.iter().map(|r| r["properties"]["directory"].as_str().unwrap_or("")).collect();
            assert_eq!(got, dirs, "{args:?}");
        }
    }
}
