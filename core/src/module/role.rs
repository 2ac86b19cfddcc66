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
//! A directory with a block only a root module has — a `provider`
//! configuration, or a `backend` or `cloud` block in its `terraform` block —
//! is a root module too, values or not (an `examples/` directory of a
//! module's repository, a root whose values all have defaults).
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
    /// A block only a root module has: `provider`, `backend` or `cloud`
    /// (the block's type), in this file.
    RootBlock { block: String, file: String },
    /// No auto-loaded value file and no `-var` / `-var-file`.
    NoValues,
}

/// A directory's role and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub role: Role,
    pub why: Why,
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
    if let Some(f) = file_names.into_iter().find(|n| super::sources::is_auto_value_file(n)) {
        return Decision { role: Role::Root, why: Why::ValueFile(f.to_string()) };
    }
    if !args.is_empty() {
        return Decision { role: Role::Root, why: Why::Arguments };
    }
    Decision { role: Role::Child, why: Why::NoValues }
}

/// The first block among the module directory's own configuration files
/// (`files` as in [`super::CheckInput::files`]) that only a root module
/// has: a `provider` block, or a `backend` or `cloud` block inside a
/// `terraform` block; its type and file. A file that does not parse names
/// nothing (the check reports it).
pub fn root_block(files: &std::collections::BTreeMap<String, String>) -> Option<(String, String)> {
    let p = crate::flavor::Profile::default();
    for (name, text) in files.iter().filter(|(n, _)| !n.contains('/') && super::decl::is_config_file(n)) {
        // Most files name none of these words: they are not parsed again.
        if !["provider", "backend", "cloud"].iter().any(|w| text.contains(w)) {
            continue;
        }
        let found = if super::files::is_json(name) { root_block_json(text) } else { root_block_hcl(text, name, &p) };
        if let Some(kind) = found {
            return Some((kind, name.clone()));
        }
    }
    None
}

fn root_block_hcl(text: &str, name: &str, p: &crate::flavor::Profile) -> Option<String> {
    use crate::hcl::parse::BodyItem;
    let (body, diags) = crate::valueparse::parse_config(text, name, false, p);
    if !diags.is_empty() {
        return None;
    }
    for item in &body?.items {
        let BodyItem::Block(b) = item else { continue };
        if b.kind == "provider" {
            return Some(b.kind.clone());
        }
        if b.kind == "terraform" {
            let inner = b.body.items.iter().find_map(|i| match i {
                BodyItem::Block(x) if x.kind == "backend" || x.kind == "cloud" => Some(x.kind.clone()),
                _ => None,
            });
            if inner.is_some() {
                return inner;
            }
        }
    }
    None
}

fn root_block_json(text: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_slice(text.as_bytes()).ok()?;
    let top = v.as_object()?;
    if top.contains_key("provider") {
        return Some("provider".into());
    }
    // `"terraform": {…}` or `"terraform": [{…}, …]`.
    let blocks: Vec<&serde_json::Value> = match top.get("terraform")? {
        serde_json::Value::Array(a) => a.iter().collect(),
        other => vec![other],
    };
    blocks
        .iter()
        .filter_map(|b| b.as_object())
        .find_map(|b| ["backend", "cloud"].into_iter().find(|k| b.contains_key(*k)).map(str::to_string))
}

impl super::CheckInput {
    /// [`decide`] for this input, and a directory with a root module's
    /// block ([`root_block`]) is a root module.
    pub fn role(&self, root: bool) -> Decision {
        let d = decide(self.files.keys().map(String::as_str), &self.args, root);
        if d.role == Role::Child {
            if let Some((block, file)) = root_block(&self.files) {
                return Decision { role: Role::Root, why: Why::RootBlock { block, file } };
            }
        }
        d
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
            (
                &["main.tf", "terraform.tfvars.json"],
                &[],
                false,
                Role::Root,
                Why::ValueFile("terraform.tfvars.json".into()),
            ),
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

    /// A `provider` block, or a `backend` / `cloud` block in `terraform`,
    /// makes a directory a root module without any values (ux-5 M8); the
    /// same words elsewhere (a module's argument, a comment, a
    /// subdirectory's file) do not.
    #[test]
    fn a_directory_with_a_root_modules_block_is_a_root_module() {
        let rows: &[(&str, &str, Option<(&str, &str)>)] = &[
            ("main.tf", "provider \"aws\" {\n  region = \"eu-west-1\"\n}\n", Some(("provider", "main.tf"))),
            ("versions.tf", "terraform {\n  backend \"s3\" {}\n}\n", Some(("backend", "versions.tf"))),
            ("versions.tf", "terraform {\n  cloud {\n    organization = \"x\"\n  }\n}\n", Some(("cloud", "versions.tf"))),
            ("main.tf.json", "{\"provider\": {\"aws\": {}}}", Some(("provider", "main.tf.json"))),
            ("main.tf.json", "{\"terraform\": [{\"backend\": {\"local\": {}}}]}", Some(("backend", "main.tf.json"))),
            ("main.tf", "# a provider is configured by the caller\nvariable \"cloud\" {}\nmodule \"m\" {\n  source = \"./m\"\n  backend = 1\n}\n", None),
            ("main.tf", "terraform {\n  required_providers {}\n}\n", None),
            ("examples/x/main.tf", "provider \"aws\" {}\n", None),
            ("main.tf", "provider \"aws\" {", None),
        ];
        for (name, text, want) in rows {
            let mut input = crate::module::CheckInput::default();
            input.files.insert(name.to_string(), text.to_string());
            let d = input.role(false);
            match want {
                Some((block, file)) => assert_eq!(
                    (d.role, d.why),
                    (Role::Root, Why::RootBlock { block: block.to_string(), file: file.to_string() }),
                    "{name}: {text}"
                ),
                None => assert_eq!(d.role, Role::Child, "{name}: {text}"),
            }
        }
    }
}
