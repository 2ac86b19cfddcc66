//! Root module or child module: which one a directory is checked as.
//!
//! A reusable module (a registry module's repository root, a module under
//! `modules/`) is meant to be called: its required variables are set by the
//! caller, so "No value for required variable" on each of them is noise. A
//! directory is checked as a **child module** — as `terraform validate`
//! checks it: the declarations, the defaults (and the rules on them), the
//! module calls, without asking for the required values — when nothing in
//! it or on the command line gives values: no auto-loaded value file
//! (`terraform.tfvars`, `terraform.tfvars.json`, `*.auto.tfvars`,
//! `*.auto.tfvars.json`) and no `-var` / `-var-file`. Anything else is a
//! **root module**, checked as `terraform plan` would, as is every directory
//! when the caller asks for it (`tftype check --root`).
//!
//! `TF_VAR_*` in the environment does not make a directory a root module:
//! it is how CI and shells give settings to every configuration they run
//! (Terraform's own advice for "global" values), and a value found there
//! is still used. The CLI and the language server decide with [`decide`].

/// How a module directory is checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Role {
    /// As `terraform plan` checks a root module: every required variable
    /// needs a value.
    #[default]
    Root,
    /// As `terraform validate` checks a module: required variables are the
    /// caller's to set.
    Child,
}

/// Why a directory has its role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The caller asked for a root module (`--root`).
    Asked,
    /// This auto-loaded value file is in the directory.
    ValueFile(String),
    /// Values are given on the command line (`-var`, `-var-file`).
    Arguments,
    /// No auto-loaded value file and no `-var` / `-var-file`.
    NoValues,
}

/// A directory's role and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub role: Role,
    pub why: Why,
}

/// Whether Terraform loads `name` (a file of the module directory, no
/// `/`) as a value file by itself.
pub fn is_auto_value_file(name: &str) -> bool {
    !name.contains('/') && (name == "terraform.tfvars" || name == "terraform.tfvars.json" || name.ends_with(".auto.tfvars") || name.ends_with(".auto.tfvars.json"))
}

/// The role of a module directory whose files are `file_names` (relative
/// to it; files of subdirectories, with a `/`, are not value files it
/// loads), checked with the command line's value arguments `args`
/// (`[["-var", "x=1"], ["-var-file", "prod.tfvars"]]`, as in
/// [`super::CheckInput::args`]). `root`: the caller asked for a root module.
pub fn decide<'a>(file_names: impl IntoIterator<Item = &'a str>, args: &[Vec<String>], root: bool) -> Decision {
    if root {
        return Decision { role: Role::Root, why: Why::Asked };
    }
    if let Some(f) = file_names.into_iter().find(|n| is_auto_value_file(n)) {
        return Decision { role: Role::Root, why: Why::ValueFile(f.to_string()) };
    }
    if !args.is_empty() {
        return Decision { role: Role::Root, why: Why::Arguments };
    }
    Decision { role: Role::Child, why: Why::NoValues }
}

impl super::CheckInput {
    /// [`decide`] for this input.
    pub fn role(&self, root: bool) -> Decision {
        decide(self.files.keys().map(String::as_str), &self.args, root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule the CLI and the language server share: no auto-loaded value
    /// file and no `-var` / `-var-file` is a child module, unless asked.
    #[test]
    fn a_directory_without_values_is_a_child_module() {
        type Row<'a> = (&'a [&'a str], &'a [&'a [&'a str]], bool, Role, Why);
        let rows: [Row; 9] = [
            (&["main.tf", "variables.tf"], &[], false, Role::Child, Why::NoValues),
            (&["main.tf", "terraform.tfvars"], &[], false, Role::Root, Why::ValueFile("terraform.tfvars".into())),
            (&["main.tf", "terraform.tfvars.json"], &[], false, Role::Root, Why::ValueFile("terraform.tfvars.json".into())),
            (&["main.tf", "b.auto.tfvars"], &[], false, Role::Root, Why::ValueFile("b.auto.tfvars".into())),
            (&["main.tf", "b.auto.tfvars.json"], &[], false, Role::Root, Why::ValueFile("b.auto.tfvars.json".into())),
            // Only the directory's own files load by themselves.
            (&["main.tf", "examples/x/terraform.tfvars", "prod.tfvars"], &[], false, Role::Child, Why::NoValues),
            (&["main.tf"], &[&["-var", "x=1"]], false, Role::Root, Why::Arguments),
            (&["main.tf"], &[&["-var-file", "prod.tfvars"]], false, Role::Root, Why::Arguments),
            (&["main.tf"], &[], true, Role::Root, Why::Asked),
        ];
        for (files, args, root, role, why) in rows {
            let args: Vec<Vec<String>> = args.iter().map(|a| a.iter().map(|s| s.to_string()).collect()).collect();
            let d = decide(files.iter().copied(), &args, root);
            assert_eq!((d.role, d.why), (role, why), "{files:?} {args:?} root={root}");
        }
    }
}
