//! A folder the reader opens in the Module view (chosen or dropped): which
//! of its files the view reads, as `tftype check DIR` reads that directory
//! (`cli/src/check.rs` `input_for`): the root module's configuration files
//! ([`crate::module::files::is_config_name`]: `.tf`, `.tf.json`, `.tofu`,
//! `.tofu.json`, override files) and value files
//! ([`crate::module::sources::is_value_file`]), the local modules it calls
//! (found in the files read, as the CLI finds them), the module manifest
//! `init` wrote ([`installed::MANIFEST`]) and the configuration files of
//! every directory it records. Value files in the folder's other
//! directories are read too (the view's `-var-file` rows may name them).
//! Nothing else is read: not `.git`, providers, state, nor other files.
//!
//! The page lists the folder (paths relative to it, with sizes), then asks
//! [`plan`] what to read, reads it, and asks again with what it read until
//! nothing is left to read: which local modules are called and which
//! directories the manifest records are known only once the files that say
//! so are read. Everything is bounded ([`MAX_FILE_BYTES`], [`MAX_FILES`],
//! [`MAX_TOTAL_BYTES`]): a file over a bound is left out, and the answer
//! says which and why. A path that would leave the folder (`..`, absolute,
//! empty segments) is never read.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::flavor::Profile;
use crate::module::sources::is_value_file;
use crate::module::{calls, decl, files, installed};

/// A file larger than this is not read.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// At most this many files are read.
pub const MAX_FILES: usize = 512;
/// At most this many bytes are read in all.
pub const MAX_TOTAL_BYTES: u64 = 4 << 20;
/// At most this many module directories are read (as the CLI).
const MAX_MODULE_DIRS: usize = 1000;

/// One file of the folder: its path relative to the folder (slashes), and
/// its size in bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listed {
    pub path: String,
    #[serde(default)]
    pub size: u64,
}

/// Why a file the check would read was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftOut {
    /// Larger than [`MAX_FILE_BYTES`].
    TooLarge,
    /// [`MAX_FILES`] files were read already.
    TooManyFiles,
    /// [`MAX_TOTAL_BYTES`] would be passed.
    TooManyBytes,
    /// Not UTF-8 text (the page says so: it reads the bytes).
    NotText,
}

impl LeftOut {
    /// The catalog key of the reason.
    pub fn key(self) -> &'static str {
        match self {
            LeftOut::TooLarge => "ui.module.folder.too_large",
            LeftOut::TooManyFiles => "ui.module.folder.too_many_files",
            LeftOut::TooManyBytes => "ui.module.folder.too_many_bytes",
            LeftOut::NotText => "ui.module.folder.not_text",
        }
    }
}

/// A file left out, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    pub path: String,
    pub why: LeftOut,
}

/// An installed module the manifest records (a call whose source is not a
/// local path), for the file list's groups.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Installed {
    /// `module.vpc`, `module.vpc.module.subnets`.
    pub address: String,
    /// `registry` (a module registry address) or `remote` (git, a URL, …).
    pub kind: String,
    /// The source as the manifest records it, without the product's default
    /// registry host.
    pub source: String,
    pub version: Option<String>,
    /// Its directory, relative to the root module.
    pub dir: String,
}

/// What to do next.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The files to read now (none: done).
    pub read: Vec<String>,
    /// The listed files that a later round may read (the page can forget
    /// the rest of its listing).
    pub keep: Vec<String>,
    /// Files the check would read that are left out, and why.
    pub left_out: Vec<Skipped>,
    /// The installed modules among the files read, by address.
    pub installed: Vec<Installed>,
}

/// A folder's path that stays in the folder: relative, slashes, no empty,
/// `.` or `..` segment, no control character.
fn inside(path: &str) -> bool {
    !path.is_empty()
        && !path.contains('\\')
        && !path.starts_with('/')
        && !path.chars().any(char::is_control)
        && path.split('/').all(|s| !s.is_empty() && s != "." && s != "..")
}

/// Whether a path is under a hidden directory (`.git/…`, `.terraform/…`).
fn in_hidden_dir(path: &str) -> bool {
    let mut segs: Vec<&str> = path.split('/').collect();
    segs.pop();
    segs.iter().any(|s| s.starts_with('.'))
}

/// What to read next of a folder listed as `listing`, with `read` the files
/// read so far (path → text) and `failed` those the page could not read.
pub fn plan(listing: &[Listed], read: &BTreeMap<String, String>, failed: &[String]) -> Plan {
    let p = Profile::default();
    let mut size = BTreeMap::new();
    for l in listing.iter().filter(|l| inside(&l.path)) {
        size.entry(l.path.as_str()).or_insert(l.size);
    }
    let file_name = |path: &str| path.rsplit('/').next().unwrap_or(path).to_string();
    let keep: Vec<String> = size
        .keys()
        .filter(|path| **path == installed::MANIFEST || files::is_config_name(path) || is_value_file(&file_name(path)))
        .map(|s| s.to_string())
        .collect();
    // The files the check reads, in the order they are taken up to the bounds.
    let mut wanted: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    let mut want = |path: &str| {
        if size.contains_key(path) && seen.insert(path.to_string()) {
            wanted.push(path.to_string());
        }
    };
    // The root module's own files.
    for path in keep.iter().filter(|n| !n.contains('/')) {
        want(path);
    }
    want(installed::MANIFEST);
    // The local modules it calls, and those they call (as read so far).
    let in_dir =
        |dir: &str| -> Vec<String> { keep.iter().filter(|n| decl::is_config_file_in(n, dir)).cloned().collect() };
    let mut dirs = BTreeSet::from([String::new()]);
    let mut queue = std::collections::VecDeque::from([String::new()]);
    while let Some(dir) = queue.pop_front() {
        for sub in calls::local_module_dirs(read, &dir, &p) {
            if dirs.len() > MAX_MODULE_DIRS || !dirs.insert(sub.clone()) {
                continue;
            }
            for path in in_dir(&sub) {
                want(&path);
            }
            queue.push_back(sub);
        }
    }
    // The directories the manifest records.
    let manifest = installed::read(read).and_then(Result::ok).unwrap_or_default();
    for rec in manifest.records.values().take(MAX_MODULE_DIRS) {
        let Ok(dir) = &rec.dir else { continue };
        if dir.is_empty() || dirs.contains(dir) {
            continue;
        }
        for path in in_dir(dir) {
            want(&path);
        }
    }
    // Value files elsewhere (not in hidden directories).
    for path in keep.iter().filter(|n| n.contains('/') && !in_hidden_dir(n) && is_value_file(&file_name(n))) {
        want(path);
    }

    let mut count = read.len();
    let mut total: u64 = read.values().map(|t| t.len() as u64).sum();
    let mut out = Plan { keep: keep.clone(), ..Plan::default() };
    for path in wanted {
        if read.contains_key(&path) || failed.contains(&path) {
            continue;
        }
        let bytes = size[path.as_str()];
        let why = if bytes > MAX_FILE_BYTES {
            Some(LeftOut::TooLarge)
        } else if count >= MAX_FILES {
            Some(LeftOut::TooManyFiles)
        } else if total + bytes > MAX_TOTAL_BYTES {
            Some(LeftOut::TooManyBytes)
        } else {
            None
        };
        match why {
            Some(why) => out.left_out.push(Skipped { path, why }),
            None => {
                count += 1;
                total += bytes;
                out.read.push(path);
            }
        }
    }
    out.installed = installed_modules(read, &p);
    out
}

/// The installed modules the manifest among `files` records: calls whose
/// source is not a local path, with a directory inside the root module.
pub fn installed_modules(files: &BTreeMap<String, String>, p: &Profile) -> Vec<Installed> {
    let Some(Ok(manifest)) = installed::read(files) else { return Vec::new() };
    let mut out: Vec<Installed> = manifest
        .records
        .values()
        .filter(|r| !r.key.is_empty() && !calls::is_local_source(&r.source))
        .filter_map(|r| {
            let dir = r.dir.clone().ok().filter(|d| !d.is_empty())?;
            let registry = installed::is_registry_source(&r.source, p);
            let source = ["registry.terraform.io/", "registry.opentofu.org/"]
                .iter()
                .find_map(|h| r.source.strip_prefix(h).filter(|_| registry))
                .unwrap_or(&r.source)
                .to_string();
            Some(Installed {
                address: r.key.split('.').map(|k| format!("module.{k}")).collect::<Vec<_>>().join("."),
                kind: if registry { "registry" } else { "remote" }.to_string(),
                source,
                version: r.version.as_ref().map(ToString::to_string),
                dir,
            })
        })
        .collect();
    crate::sort::by(&mut out, |a, b| a.address.cmp(&b.address));
    out
}

/// What the page's engine worker sends: the folder's listing, the files
/// read so far and those it could not read.
#[derive(Deserialize)]
struct Wire {
    #[serde(default)]
    listing: Vec<Listed>,
    #[serde(default)]
    read: BTreeMap<String, String>,
    #[serde(default)]
    failed: Vec<String>,
}

/// [`plan`] for the JSON text `{listing, read, failed}`; the answer is
/// [`Plan`] as JSON (an unreadable request: nothing to read).
pub fn plan_json(json: &str) -> String {
    let plan = match serde_json::from_slice::<Wire>(json.as_bytes()) {
        Ok(w) => plan(&w.listing, &w.read, &w.failed),
        Err(_) => Plan::default(),
    };
    serde_json::to_string(&plan).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST_TEXT: &str = r#"{"Modules":[
        {"Key":"","Source":"","Dir":"."},
        {"Key":"net","Source":"./modules/net","Dir":"modules/net"},
        {"Key":"vpc","Source":"registry.terraform.io/terraform-aws-modules/vpc/aws","Version":"5.1.0","Dir":".terraform/modules/vpc"},
        {"Key":"vpc.sub","Source":"./modules/sub","Dir":".terraform/modules/vpc/modules/sub"},
        {"Key":"vpc.flow","Source":"git::https://example.com/flow.git?ref=v1","Dir":".terraform/modules/vpc.flow"},
        {"Key":"evil","Source":"git::https://example.com/evil.git","Dir":"../outside"},
        {"Key":"abs","Source":"git::https://example.com/abs.git","Dir":"/etc"}
    ]}"#;

    /// The folder's files: (path, text); every one is listed with its size.
    fn folder() -> Vec<(&'static str, String)> {
        let t = |s: &str| s.to_string();
        vec![
            ("main.tf", t("module \"net\" {\n  source = \"./modules/net\"\n}\nmodule \"vpc\" {\n  source = \"terraform-aws-modules/vpc/aws\"\n}\n")),
            ("variables.tf.json", t("{}")),
            ("override.tf", t("")),
            ("main.tofu", t("")),
            ("terraform.tfvars", t("")),
            ("prod.tfvars.json", t("{}")),
            ("envs/dev.tfvars", t("")),
            ("README.md", t("# x")),
            ("terraform.tfstate", t("{}")),
            (".terraform.lock.hcl", t("")),
            (".git/config", t("")),
            (".git/x.tfvars", t("")),
            (".terraform/providers/registry.terraform.io/hashicorp/aws/terraform-provider-aws", t("\u{7f}ELF")),
            (".terraform/modules/modules.json", t(MANIFEST_TEXT)),
            (".terraform/modules/vpc/main.tf", t("module \"sub\" {\n  source = \"./modules/sub\"\n}\n")),
            (".terraform/modules/vpc/README.md", t("")),
            (".terraform/modules/vpc/examples/simple/main.tf", t("")),
            (".terraform/modules/vpc/modules/sub/variables.tf", t("")),
            (".terraform/modules/vpc.flow/main.tf", t("")),
            ("modules/net/main.tf", t("module \"deep\" {\n  source = \"../deep\"\n}\n")),
            ("modules/net/notes.txt", t("")),
            ("modules/deep/main.tf", t("")),
            ("modules/unused/main.tf", t("")),
            ("examples/x/main.tf", t("")),
        ]
    }

    /// Reads the folder as the page does: asks, reads, asks again until
    /// nothing is left to read; returns what was read and the last plan.
    fn open(
        files: &[(&str, String)],
        extra: &[Listed],
        unreadable: &[&str],
    ) -> (BTreeMap<String, String>, Plan, usize) {
        let mut listing: Vec<Listed> =
            files.iter().map(|(p, t)| Listed { path: p.to_string(), size: t.len() as u64 }).collect();
        listing.extend_from_slice(extra);
        let mut read = BTreeMap::new();
        let mut failed = Vec::new();
        let mut left_out = Vec::new();
        for round in 1..20 {
            let mut plan = plan(&listing, &read, &failed);
            left_out.append(&mut plan.left_out);
            if plan.read.is_empty() {
                // A file left out stays left out: each round names it again.
                let mut named = BTreeSet::new();
                left_out.retain(|s: &Skipped| named.insert(s.path.clone()));
                plan.left_out = left_out;
                return (read, plan, round);
            }
            for path in plan.read {
                if unreadable.contains(&path.as_str()) {
                    failed.push(path);
                    continue;
                }
                let text = files.iter().find(|(p, _)| *p == path).map(|(_, t)| t.clone()).unwrap_or_default();
                read.insert(path, text);
            }
        }
        panic!("no end");
    }

    /// What `tftype check DIR` reads of a directory is what the view reads:
    /// the root's configuration and value files, the local modules it calls
    /// (and they call), the manifest and each directory it records (its
    /// sub-modules included), value files elsewhere; never hidden
    /// directories' other files, state, providers, documents, examples not
    /// called, or a `Dir` outside the folder.
    #[test]
    fn a_folder_is_read_as_tftype_check_reads_its_directory() {
        let (read, plan, rounds) = open(&folder(), &[], &[]);
        let got: Vec<&str> = read.keys().map(String::as_str).collect();
        assert_eq!(
            got,
            [
                ".terraform/modules/modules.json",
                ".terraform/modules/vpc.flow/main.tf",
                ".terraform/modules/vpc/main.tf",
                ".terraform/modules/vpc/modules/sub/variables.tf",
                "envs/dev.tfvars",
                "main.tf",
                "main.tofu",
                "modules/deep/main.tf",
                "modules/net/main.tf",
                "override.tf",
                "prod.tfvars.json",
                "terraform.tfvars",
                "variables.tf.json",
            ]
        );
        // The root and manifest, then the directories they name, then those these call.
        assert_eq!(rounds, 4);
        assert_eq!(plan.left_out, []);
        assert!(!plan.keep.iter().any(|k| k.ends_with(".md") || k.contains("providers") || k.ends_with("tfstate")));
    }

    /// Paths that would leave the folder are never read, even when listed.
    #[test]
    fn a_path_that_leaves_the_folder_is_never_read() {
        let bad = ["../x.tf", "/etc/x.tf", "a//b.tf", "./x.tf", "a/../../x.tf", "a\\b.tf", "x\n.tf", ""];
        let extra: Vec<Listed> = bad.iter().map(|p| Listed { path: p.to_string(), size: 1 }).collect();
        let (read, plan, _) = open(&[], &extra, &[]);
        assert!(read.is_empty() && plan.keep.is_empty(), "{read:?} {plan:?}");
    }

    /// Each bound leaves files out, says which and why, and what was read
    /// stays read; a file the page could not read as text is not asked for
    /// again.
    #[test]
    fn files_over_the_bounds_are_left_out_and_named() {
        let big = "x".repeat(MAX_FILE_BYTES as usize + 1);
        let many: Vec<(String, String)> = (0..MAX_FILES + 2).map(|i| (format!("f{i:04}.tf"), String::new())).collect();
        let heavy: Vec<(String, String)> =
            (0..5).map(|i| (format!("h{i}.tf"), "y".repeat(MAX_FILE_BYTES as usize))).collect();
        let cases: Vec<(&str, Vec<(String, String)>, &[&str], Vec<Skipped>, usize)> = vec![
            (
                "a file over the size bound",
                vec![("a.tf".into(), String::new()), ("big.tf".into(), big)],
                &[],
                vec![Skipped { path: "big.tf".into(), why: LeftOut::TooLarge }],
                1,
            ),
            (
                "more files than the bound",
                many,
                &[],
                vec![
                    Skipped { path: format!("f{:04}.tf", MAX_FILES), why: LeftOut::TooManyFiles },
                    Skipped { path: format!("f{:04}.tf", MAX_FILES + 1), why: LeftOut::TooManyFiles },
                ],
                MAX_FILES,
            ),
            (
                "more bytes in all than the bound",
                heavy,
                &[],
                vec![Skipped { path: "h4.tf".into(), why: LeftOut::TooManyBytes }],
                4,
            ),
            (
                "a file that is not text",
                vec![("a.tf".into(), String::new()), ("b.tf".into(), String::new())],
                &["b.tf"],
                vec![],
                1,
            ),
        ];
        for (rule, files, unreadable, want, n) in cases {
            let files: Vec<(&str, String)> = files.iter().map(|(p, t)| (p.as_str(), t.clone())).collect();
            let (read, plan, _) = open(&files, &[], unreadable);
            assert_eq!(plan.left_out, want, "{rule}");
            assert_eq!(read.len(), n, "{rule}");
        }
    }

    /// The file list's groups: the installed modules by address, with their
    /// kind, source (the default registry host left out) and version; local
    /// calls and directories outside the folder are not groups.
    #[test]
    fn installed_modules_are_named_by_address_source_and_version() {
        let files = BTreeMap::from([(installed::MANIFEST.to_string(), MANIFEST_TEXT.to_string())]);
        let got = installed_modules(&files, &Profile::default());
        let want = [
            ("module.vpc", "registry", "terraform-aws-modules/vpc/aws", Some("5.1.0"), ".terraform/modules/vpc"),
            (
                "module.vpc.module.flow",
                "remote",
                "git::https://example.com/flow.git?ref=v1",
                None,
                ".terraform/modules/vpc.flow",
            ),
        ];
        let got: Vec<_> = got
            .iter()
            .map(|i| (i.address.as_str(), i.kind.as_str(), i.source.as_str(), i.version.as_deref(), i.dir.as_str()))
            .collect();
        assert_eq!(got, want);
        for bad in ["", "{", "[]"] {
            let files = BTreeMap::from([(installed::MANIFEST.to_string(), bad.to_string())]);
            assert_eq!(installed_modules(&files, &Profile::default()), [], "{bad:?}");
        }
        // Through the worker's JSON.
        let j: serde_json::Value = serde_json::from_str(&plan_json(
            &serde_json::json!({"listing": [{"path": "main.tf", "size": 3}], "read": {}}).to_string(),
        ))
        .unwrap();
        assert_eq!(j["read"], serde_json::json!(["main.tf"]));
        assert_eq!(plan_json("nonsense"), serde_json::to_string(&Plan::default()).unwrap());
    }
}
