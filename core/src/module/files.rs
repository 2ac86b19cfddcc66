//! Which files make a module, as Terraform's and OpenTofu's `dirFiles`
//! (`internal/configs/parser_config_dir.go`) choose them: the directory's
//! own files in byte order, without hidden files and editor backups
//! (`IsIgnoredFile`), by extension (`.tf`, `.tf.json`; OpenTofu ≥ 1.8 also
//! `.tofu`, `.tofu.json`, where `NAME.tofu` hides `NAME.tf` and
//! `NAME.tofu.json` hides `NAME.tf.json` in the same list), split into
//! primary and override files (`override.*`, `*_override.*`); test files are
//! neither. A name ending in `.json` is read with hcl's JSON syntax
//! (`parser.go` `LoadHCLFile`).

use std::collections::BTreeMap;

use crate::flavor::Profile;

/// Every extension a configuration file may have in some flavor: `.tf`,
/// `.tf.json`, `.tofu`, `.tofu.json`.
const TF_EXTS: [&str; 2] = [".tf", ".tf.json"];
const TOFU_EXTS: [&str; 2] = [".tofu", ".tofu.json"];

/// `IsIgnoredFile`: hidden files and editor backups.
pub fn is_ignored(file: &str) -> bool {
    file.starts_with('.') || file.ends_with('~') || (file.starts_with('#') && file.ends_with('#'))
}

/// The configuration extension of a file name in the flavor (`fileExt`), or
/// None. `tofu`: whether `.tofu` files are read.
fn config_ext(file: &str, tofu: bool) -> Option<&'static str> {
    let exts: &[&str] = if tofu { &[".tf", ".tf.json", ".tofu", ".tofu.json"] } else { &TF_EXTS };
    exts.iter().copied().find(|e| file.ends_with(e))
}

/// Whether `name` (a path) is a configuration file of the module in its
/// directory for some flavor (`.tf`, `.tf.json`, `.tofu`, `.tofu.json`, not
/// hidden): what the CLI reads and the language server serves.
pub fn is_config_name(name: &str) -> bool {
    let file = name.rsplit('/').next().unwrap_or(name);
    !is_ignored(file) && config_ext(file, true).is_some()
}

/// Whether the file is read with hcl's JSON syntax.
pub fn is_json(name: &str) -> bool {
    name.ends_with(".json")
}

/// A module's configuration files as the flavor reads them.
#[derive(Debug, Default)]
pub struct ModuleFiles<'f> {
    /// Primary files, in byte order of their names.
    pub primary: Vec<(&'f String, &'f String)>,
    /// Override files, in byte order of their names.
    pub overrides: Vec<(&'f String, &'f String)>,
}

impl<'f> ModuleFiles<'f> {
    /// Primary files, then override files.
    pub fn all(&self) -> impl Iterator<Item = (&'f String, &'f String)> + '_ {
        self.primary.iter().chain(&self.overrides).copied()
    }

    pub fn is_empty(&self) -> bool {
        self.primary.is_empty() && self.overrides.is_empty()
    }
}

/// The files of the module in directory `dir` ("" for the root module, else
/// a path such as `modules/vpc`) as the flavor reads them.
pub fn module_files<'f>(files: &'f BTreeMap<String, String>, dir: &str, p: &Profile) -> ModuleFiles<'f> {
    let tofu = p.reads_tofu_files();
    let mut out = ModuleFiles::default();
    for (name, text) in files {
        let rest =
            if dir.is_empty() { Some(name.as_str()) } else { name.strip_prefix(dir).and_then(|r| r.strip_prefix('/')) };
        let Some(file) = rest.filter(|f| !f.contains('/')) else { continue };
        if is_ignored(file) {
            continue;
        }
        let Some(ext) = config_ext(file, tofu) else { continue };
        let base = &file[..file.len() - ext.len()];
        if base == "override" || base.ends_with("_override") {
            out.overrides.push((name, text));
        } else {
            out.primary.push((name, text));
        }
    }
    if tofu {
        out.primary = without_tofu_alternatives(out.primary);
        out.overrides = without_tofu_alternatives(out.overrides);
    }
    out
}

/// OpenTofu's `filterTfPathsWithTofuAlternatives`: `NAME.tf` and
/// `NAME.tf.json` give way to `NAME.tofu` / `NAME.tofu.json` in the list.
fn without_tofu_alternatives<'f>(list: Vec<(&'f String, &'f String)>) -> Vec<(&'f String, &'f String)> {
    let names: Vec<&str> = list.iter().map(|(n, _)| n.as_str()).collect();
    list.iter()
        .copied()
        .filter(|(n, _)| {
            let hidden_by = TF_EXTS
                .iter()
                .zip(TOFU_EXTS)
                .find_map(|(tf, tofu)| n.strip_suffix(tf).map(|stem| format!("{stem}{tofu}")));
            !hidden_by.is_some_and(|alt| names.contains(&alt.as_str()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `dirFiles` per flavor: hidden files, backups, test files and other
    /// suffixes are not configuration; override files are listed apart;
    /// OpenTofu 1.8+ reads `.tofu` files, `NAME.tofu` hiding `NAME.tf`
    /// only and `NAME.tofu.json` hiding `NAME.tf.json` only.
    #[test]
    fn each_flavor_reads_its_own_files() {
        let mut files = BTreeMap::new();
        for n in [
            "main.tf",
            "main.tofu",
            "vars.tf",
            "vars.tf.json",
            "extra.tofu",
            "x.tf.json",
            "x.tofu.json",
            "override.tf",
            "a_override.tofu",
            "a_override.tf",
            "main.override.tf",
            "overrides.tf",
            ".h.tf",
            "b.tf~",
            "#c.tf#",
            "t.tftest.hcl",
            "t.tftest.json",
            "MAIN.TF",
            "m/x.tf",
        ] {
            files.insert(n.to_string(), String::new());
        }
        let names = |flavor: &str| {
            let p = crate::flavor::Flavor::lookup(flavor).unwrap().profile();
            let m = module_files(&files, "", &p);
            let l = |v: &[(&String, &String)]| v.iter().map(|(n, _)| n.to_string()).collect::<Vec<_>>();
            (l(&m.primary), l(&m.overrides))
        };
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            names("terraform@1.15"),
            (
                s(&["main.override.tf", "main.tf", "overrides.tf", "vars.tf", "vars.tf.json", "x.tf.json"]),
                s(&["a_override.tf", "override.tf"])
            )
        );
        assert_eq!(names("opentofu@1.7"), names("terraform@1.15"));
        assert_eq!(
            names("opentofu@1.8"),
            (
                s(&[
                    "extra.tofu",
                    "main.override.tf",
                    "main.tofu",
                    "overrides.tf",
                    "vars.tf",
                    "vars.tf.json",
                    "x.tofu.json"
                ]),
                s(&["a_override.tofu", "override.tf"])
            )
        );
        let mut sub = BTreeMap::new();
        sub.insert("m/x.tf".to_string(), String::new());
        sub.insert("m/n/y.tf".to_string(), String::new());
        let p = crate::flavor::Flavor::lookup("terraform@1.15").unwrap().profile();
        assert_eq!(module_files(&sub, "m", &p).primary.len(), 1);
        assert!(
            is_config_name("a/main.tf.json")
                && is_config_name("x.tofu.json")
                && !is_config_name(".x.tf")
                && !is_config_name("t.tftest.hcl")
        );
    }
}
