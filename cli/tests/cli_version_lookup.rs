//! `tftype check` without `--flavor` checks as the module's version file
//! says (`.terraform-version`, `.opentofu-version`, `.tool-versions`,
//! `mise.toml`, in the module's directory or above) and says so.

use std::path::PathBuf;
use std::process::Command;

#[path = "../../core/tests/common/files.rs"]
mod files;

fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    files::write_tree("tftype-cli-version", name, files)
}

/// `ephemeral` is an argument from Terraform 1.10 and OpenTofu 1.11 on.
const EPHEMERAL: &str = "variable \"v\" {\n  type      = string\n  ephemeral = true\n  default   = \"x\"\n}\n";

#[test]
fn check_uses_the_nearest_version_file_unless_flavor_is_given() {
    // (files, extra args, exit code, what stdout says)
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str], i32, &'a str);
    let cases: &[Case] = &[
        (&[(".terraform-version", "1.9.8\n")], &[], 1, ".terraform-version asks for 1.9.8"),
        (&[(".terraform-version", "1.9.8\n")], &["--flavor", "terraform@1.15"], 0, "0 errors"),
        (&[(".tool-versions", "terraform 1.12.0\n")], &[], 0, "Checked as Terraform 1.12"),
        (&[("mise.toml", "[tools]\nopentofu = \"1.10.1\"\n")], &[], 1, "Checked as OpenTofu 1.10"),
        (&[(".opentofu-version", "1.11.0\n")], &[], 0, "Checked as OpenTofu 1.11"),
        (&[(".terraform-version", "1.99.0\n")], &[], 0, "newer than any version tftype knows"),
        (&[], &[], 0, "0 errors"),
    ];
    for (i, (files, args, code, says)) in cases.iter().enumerate() {
        let mut all: Vec<(&str, &str)> = files.to_vec();
        all.push(("mod/main.tf", EPHEMERAL));
        let dir = tree(&format!("c{i}"), &all);
        let out = Command::new(env!("CARGO_BIN_EXE_tftype"))
            .arg("check")
            .arg("mod")
            .args(*args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(*code), "case {i}: {stdout}");
        assert!(stdout.contains(says), "case {i}: {stdout}");
        if files.is_empty() || !args.is_empty() {
            let said = ["Checked as Terraform", "Checked as OpenTofu"].iter().any(|w| stdout.contains(w));
            assert!(!said, "case {i}: only a version file is worth a line: {stdout}");
        }
        // Machine formats stay as they were.
        let json = Command::new(env!("CARGO_BIN_EXE_tftype"))
            .args(["check", "mod", "--format", "json"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&json.stdout).starts_with('{'), "case {i}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A version file naming the next minor version after the newest tftype
/// knows is checked as that product's newest flavor, and says so; the
/// newest comes from the flavor table, so this holds for every new version.
#[test]
fn a_version_newer_than_known_is_checked_as_the_newest_of_its_product() {
    use tftype::flavor::Product;
    for (file, product) in [(".terraform-version", Product::Terraform), (".opentofu-version", Product::OpenTofu)] {
        let newest = tftype::versions::newest(product);
        let (major, minor) = newest.version.split_once('.').unwrap();
        let written = format!("{major}.{}.0", minor.parse::<u64>().unwrap() + 1);
        let text = format!("{written}\n");
        let dir = tree(
            &format!("newer-{}", product.command()),
            &[(file, &text), ("mod/main.tf", "variable \"v\" {\n  default = 1\n}\n")],
        );
        let out = Command::new(env!("CARGO_BIN_EXE_tftype")).args(["check", "mod"]).current_dir(&dir).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        let first = stdout.lines().next().unwrap_or("");
        assert!(
            first.starts_with(&format!("Checked as {}:", newest.label()))
                && first.contains(&written)
                && first.contains("newer than any version"),
            "{product:?}: {stdout}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
