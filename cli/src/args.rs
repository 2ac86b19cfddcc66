//! The words of the command line that more than one subcommand reads: the
//! process's arguments in Terraform's spelling, and the flavor and language
//! values clap checks. Below the subcommands ([`crate::cli`], [`crate::check`]),
//! which use them.

/// A flavor as `--flavor` takes it: a name of the table, or a version as
/// `.terraform-version` writes it (`1.9.8`, `terraform@1.9.8`,
/// `tofu@1.8`, `opentofu@1.8.2`; see [`tftype::versionfile::flavor_setting`]),
/// given on as the table's name (the error lists them).
pub(crate) fn flavor_arg(s: &str) -> Result<String, String> {
    match tftype::versionfile::flavor_setting(s) {
        Some(name) => Ok(name.to_string()),
        None => Err(format!(
            "unknown flavor {s}; known flavors: {} (a patch version such as terraform@1.9.8, a bare 1.9 for Terraform and tofu@1.8 are read too)",
            tftype::flavor::Flavor::names().join(", ")
        )),
    }
}

pub(crate) fn lang_arg(s: &str) -> Result<tftype::i18n::Lang, String> {
    tftype::i18n::Lang::parse(s).ok_or_else(|| format!("unknown language {s}; known: en, zh, ja"))
}

/// The flags of `tftype check` that Terraform spells with one dash
/// (`-var-file=prod.tfvars`, `-var x=1`, `-no-color`), rewritten with two
/// as clap reads them. Only the words after `check` and before `--` change.
pub(crate) fn terraform_spelling(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let Some(at) = args.iter().skip(1).position(|a| !a.to_string_lossy().starts_with('-')).map(|i| i + 1) else {
        return args;
    };
    if args[at] != "check" {
        return args;
    }
    let mut out = Vec::with_capacity(args.len());
    let (mut rest, mut value) = (false, false);
    for (i, a) in args.into_iter().enumerate() {
        let t = a.to_string_lossy();
        // A flag's value (`-var -x=1`) is kept as it is.
        let is_value = value;
        value = !is_value && i > at && !rest && matches!(&*t, "-var" | "-var-file" | "--var" | "--var-file");
        rest |= i > at && !is_value && t == "--";
        let flag_only = |f: &str| f == "-no-color" || f == "-compact-warnings";
        let single = ["-var-file", "-var", "-no-color", "-compact-warnings"]
            .iter()
            .any(|f| t == *f || (!flag_only(f) && t.starts_with(&format!("{f}="))));
        if i > at && !rest && !is_value && single {
            let mut two = std::ffi::OsString::from("-");
            two.push(&a);
            out.push(two);
        } else {
            out.push(a);
        }
    }
    out
}

/// The process's arguments with [`terraform_spelling`] applied.
pub(crate) fn args() -> Vec<std::ffi::OsString> {
    terraform_spelling(std::env::args_os().collect())
}

#[cfg(test)]
mod tests {
    /// `tftype check` takes Terraform's one-dash flags (ux-4 finding 9):
    /// `-var-file=F`, `-var-file F`, `-var=X`, `-var X`, `-no-color`,
    /// `-compact-warnings` (which Terraform's own warning recommends); other
    /// subcommands and words after `--` are left alone.
    #[test]
    fn terraform_spelling_of_check_flags() {
        let table: [(&str, &str); 10] = [
            (
                "tftype check -var-file=envs/prod.tfvars -compact-warnings",
                "tftype check --var-file=envs/prod.tfvars --compact-warnings",
            ),
            ("tftype check -compact-warnings=x", "tftype check -compact-warnings=x"),
            ("tftype check -var-file=prod.tfvars", "tftype check --var-file=prod.tfvars"),
            ("tftype check -var-file prod.tfvars -var x=1", "tftype check --var-file prod.tfvars --var x=1"),
            ("tftype check infra -var=x=-1 -no-color", "tftype check infra --var=x=-1 --no-color"),
            ("tftype check --var-file=a -var-filex", "tftype check --var-file=a -var-filex"),
            ("tftype check -- -var", "tftype check -- -var"),
            ("tftype eval number -var", "tftype eval number -var"),
            ("tftype", "tftype"),
            ("tftype check -var -var -var-file --", "tftype check --var -var --var-file --"),
        ];
        for (given, want) in table {
            let args: Vec<std::ffi::OsString> = given.split(' ').map(Into::into).collect();
            let got: Vec<String> =
                super::terraform_spelling(args).into_iter().map(|a| a.to_string_lossy().into_owned()).collect();
            assert_eq!(got.join(" "), want, "{given}");
        }
    }

    /// `--flavor` takes what `.terraform-version` takes and passes on the
    /// table's name; an unknown one is refused with the names (ux-5 M10).
    #[test]
    fn flavor_flags_take_versions_as_version_files_write_them() {
        for (given, want) in [
            ("terraform@1.9.8", "terraform@1.9"),
            ("1.9", "terraform@1.9"),
            ("tofu@1.8", "opentofu@1.8"),
            ("opentofu@1.8.2", "opentofu@1.8"),
            ("opentofu@1.8", "opentofu@1.8"),
        ] {
            assert_eq!(super::flavor_arg(given).as_deref(), Ok(want), "{given}");
        }
        let e = super::flavor_arg("banana").unwrap_err();
        assert!(e.contains("terraform@1.9") && e.contains("tofu@1.8"), "{e}");
    }
}
