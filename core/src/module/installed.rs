//! Installed modules: the manifest `terraform init` / `tofu init` writes
//! (`.terraform/modules/modules.json`, `internal/modsdir/manifest.go`:
//! `{"Modules":[{"Key":"vpc","Source":"registry.terraform.io/…","Version":"5.1.0","Dir":".terraform/modules/vpc"}]}`,
//! the root's record has Key "", a nested call's key is `vpc.subnets`), read
//! as a pure function of the check's files. The CLI, the server and the page
//! put the manifest at [`MANIFEST`] (the CLI reads it from `TF_DATA_DIR`) and
//! each record's directory under its `Dir`, relative to the root module.
//!
//! The manifest is input (often from a pull request): a `Dir` that is
//! absolute or leaves the root module's directory is never used, and the
//! manifest's size and record count are bounded.
//!
//! Also here: the comparison `plan` makes between the manifest and the
//! configuration (`configload/loader_load.go` `moduleWalkerLoad`): module
//! sources normalised as `addrs.ParseModuleSource` does for the common
//! forms (registry addresses with the product's default host, `github.com`
//! shorthands, forced getters and URLs), and version constraints checked as
//! `hashicorp/go-version` checks them.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::flavor::Profile;

/// Where the manifest is among the check's files.
pub const MANIFEST: &str = ".terraform/modules/modules.json";
/// A manifest larger than this is not read.
pub const MAX_MANIFEST_BYTES: usize = 16 << 20;
/// A reader that found a record's directory leaving the root module's
/// directory on disk (a symlink) puts an empty file of this name in it
/// (`DIR/` + this): the call is then "not read", never "not installed". No
/// file on disk has a NUL in its name.
pub const OUTSIDE_MARKER: &str = "\u{0}outside-root";
/// A manifest with more records than this is not read.
pub const MAX_RECORDS: usize = 10_000;

/// One record of the manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub key: String,
    /// As written (normalised on comparison).
    pub source: String,
    pub version: Option<Version>,
    /// The `Dir` cleaned and relative to the root module, or why it is not
    /// used.
    pub dir: Result<String, DirRefused>,
}

/// Why a record's `Dir` is not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirRefused {
    /// An absolute path (`/x`, `C:\x`, `\\host\x`).
    Absolute,
    /// It leaves the root module's directory (`../x`).
    Outside,
    /// Empty.
    Empty,
}

impl DirRefused {
    pub fn code(self) -> &'static str {
        match self {
            DirRefused::Absolute => "absolute",
            DirRefused::Outside => "outside",
            DirRefused::Empty => "empty",
        }
    }
}

/// A read manifest: the records by key.
#[derive(Clone, Debug, Default)]
pub struct Manifest {
    pub records: BTreeMap<String, Record>,
}

/// Why the manifest could not be read (tftype's words are the caller's;
/// this is the code and a detail in no language: a JSON error's place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManifestError {
    TooLarge,
    TooManyRecords,
    /// Not the manifest's JSON shape: the line and column of the error.
    Malformed {
        line: usize,
        column: usize,
    },
    /// A record's `Version` is not a version (its key).
    BadVersion(String),
    /// Two records for one key (the key).
    Duplicate(String),
}

#[derive(serde::Deserialize)]
struct RawFile {
    #[serde(rename = "Modules", default)]
    modules: Vec<RawRecord>,
}

#[derive(serde::Deserialize)]
struct RawRecord {
    #[serde(rename = "Key", default)]
    key: String,
    #[serde(rename = "Source", default)]
    source: String,
    #[serde(rename = "Version", default)]
    version: String,
    #[serde(rename = "Dir", default)]
    dir: String,
}

/// The manifest among `files`: None when there is none (no `init` yet).
pub fn read(files: &BTreeMap<String, String>) -> Option<Result<Manifest, ManifestError>> {
    files.get(MANIFEST).map(|t| parse(t))
}

/// `modsdir.ReadManifestSnapshot`: an empty text is an empty manifest.
pub fn parse(text: &str) -> Result<Manifest, ManifestError> {
    if text.len() > MAX_MANIFEST_BYTES {
        return Err(ManifestError::TooLarge);
    }
    if text.is_empty() {
        return Ok(Manifest::default());
    }
    let raw: RawFile = serde_json::from_slice(text.as_bytes())
        .map_err(|e| ManifestError::Malformed { line: e.line(), column: e.column() })?;
    if raw.modules.len() > MAX_RECORDS {
        return Err(ManifestError::TooManyRecords);
    }
    let mut m = Manifest::default();
    for r in raw.modules {
        let version = if r.version.is_empty() {
            None
        } else {
            Some(Version::parse(&r.version).ok_or_else(|| ManifestError::BadVersion(r.key.clone()))?)
        };
        if m.records.contains_key(&r.key) {
            return Err(ManifestError::Duplicate(r.key));
        }
        let dir = safe_dir(&r.dir);
        m.records.insert(r.key.clone(), Record { key: r.key, source: r.source, version, dir });
    }
    Ok(m)
}

/// A record's `Dir` as a key prefix of the check's files: slashes, cleaned,
/// relative to the root module ("" is the root itself); never absolute,
/// never outside.
pub fn safe_dir(dir: &str) -> Result<String, DirRefused> {
    let d = dir.replace('\\', "/");
    if d.is_empty() {
        return Err(DirRefused::Empty);
    }
    let b = d.as_bytes();
    if d.starts_with('/') || (b.len() >= 2 && b[1] == b':' && b[0].is_ascii_alphabetic()) {
        return Err(DirRefused::Absolute);
    }
    let cleaned = super::sources::clean(&d);
    if cleaned == ".." || cleaned.starts_with("../") {
        return Err(DirRefused::Outside);
    }
    Ok(if cleaned == "." { String::new() } else { cleaned })
}

/// The manifest key of a call: the names of the calls that lead to it,
/// joined with dots (`Manifest.ModuleKey`).
pub fn key(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        name.to_string()
    } else {
        format!("{parent}.{name}")
    }
}

/// A module source as `addrs.ParseModuleSource(…).String()` writes it, for
/// the forms tftype knows; None for another form (then only an identical
/// text is known to be the same source).
pub fn normalize_source(s: &str, p: &Profile) -> Option<String> {
    if super::calls::is_local_source(s) {
        return Some(s.replace('\\', "/"));
    }
    if let Some(r) = registry_source(s, p) {
        return Some(r);
    }
    let (pkg, sub) = split_subdir(s);
    let pkg = pkg.as_str();
    let base = if let Some((getter, rest)) = pkg.split_once("::") {
        if getter.is_empty() || !getter.bytes().all(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        format!("{getter}::{rest}")
    } else if let Some(rest) = pkg.strip_prefix("github.com/") {
        // go-getter's GitHub detector: `github.com/ORG/REPO[.git][?ref]`.
        let (path, query) = match rest.split_once('?') {
            Some((a, q)) => (a, Some(q)),
            None => (rest, None),
        };
        let parts: Vec<&str> = path.split('/').collect();
        if parts.len() != 2 || parts.iter().any(|x| x.is_empty()) {
            return None;
        }
        let repo = parts[1].strip_suffix(".git").unwrap_or(parts[1]);
        let q = query.map(|q| format!("?{q}")).unwrap_or_default();
        format!("git::https://github.com/{}/{repo}.git{q}", parts[0])
    } else if pkg.starts_with("https://") || pkg.starts_with("http://") {
        pkg.to_string()
    } else {
        return None;
    };
    Some(match sub {
        None => base,
        Some(sub) => match base.split_once('?') {
            Some((a, q)) => format!("{a}//{sub}?{q}"),
            None => format!("{base}//{sub}"),
        },
    })
}

/// `pkg//subdir`: the first `//` that is not a URL's `://`; a query after
/// the subdirectory belongs to the package (`x//sub?ref=1`).
fn split_subdir(s: &str) -> (String, Option<String>) {
    let skip = s.find("://").map_or(0, |i| i + 3);
    match s[skip..].find("//") {
        Some(i) => {
            let (a, b) = s.split_at(skip + i);
            let b = &b[2..];
            match b.split_once('?') {
                Some((sub, q)) => (format!("{a}?{q}"), Some(sub.to_string())),
                None => (a.to_string(), Some(b.to_string())),
            }
        }
        None => (s.to_string(), None),
    }
}

/// Whether `s` is a module registry address (with or without its host).
pub fn is_registry_source(s: &str, p: &Profile) -> bool {
    registry_source(s, p).is_some()
}

/// A registry address (`[host/]namespace/name/system[//subdir]`, the
/// registry address package's rules) with its host, lowercased.
fn registry_source(s: &str, p: &Profile) -> Option<String> {
    let (pkg, sub) = match s.find("//") {
        Some(i) => (&s[..i], Some(&s[i + 2..])),
        None => (s, None),
    };
    let parts: Vec<&str> = pkg.split('/').collect();
    let (host, rest) = match parts.len() {
        3 => (p.default_registry_host().to_string(), &parts[..]),
        4 => {
            let h = parts[0].to_ascii_lowercase();
            if h.is_empty()
                || !h.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'-' || c == b':')
                || h == "github.com"
                || h == "bitbucket.org"
            {
                return None;
            }
            (h, &parts[1..])
        }
        _ => return None,
    };
    let name_ok = |x: &str| {
        let b = x.as_bytes();
        !b.is_empty()
            && b.len() <= 64
            && b[0].is_ascii_alphanumeric()
            && b[b.len() - 1].is_ascii_alphanumeric()
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-' || *c == b'_')
    };
    let system_ok =
        |x: &str| !x.is_empty() && x.len() <= 64 && x.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !(name_ok(rest[0]) && name_ok(rest[1]) && system_ok(rest[2])) {
        return None;
    }
    let base = format!("{host}/{}/{}/{}", rest[0], rest[1], rest[2]);
    Some(match sub {
        Some(sub) if !sub.is_empty() => format!("{base}//{sub}"),
        _ => base,
    })
}

/// Whether the configured source and the installed one are the same: Some
/// when tftype knows, None when one of them is in a form it does not
/// normalise and the texts differ.
pub fn same_source(configured: &str, installed: &str, p: &Profile) -> Option<bool> {
    if configured == installed {
        return Some(true);
    }
    match (normalize_source(configured, p), normalize_source(installed, p)) {
        (Some(a), Some(b)) => Some(a == b),
        _ => None,
    }
}

/// A version as `hashicorp/go-version` reads it: numeric segments (at least
/// three, padded with zeros), a prerelease and metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    segments: Vec<u64>,
    /// How many segments were written.
    written: usize,
    pre: String,
    meta: String,
}

impl Version {
    /// `version.NewVersion` for the usual forms (`v` prefix allowed).
    pub fn parse(s: &str) -> Option<Version> {
        let s = s.trim();
        let s = s.strip_prefix('v').unwrap_or(s);
        let (s, meta) = match s.split_once('+') {
            Some((a, m)) if !m.is_empty() => (a, m.to_string()),
            Some(_) => return None,
            None => (s, String::new()),
        };
        let end = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
        let (nums, pre) = s.split_at(end);
        let pre = pre.strip_prefix('-').unwrap_or(pre);
        if nums.is_empty() || nums.ends_with('.') || (end < s.len() && pre.is_empty()) {
            return None;
        }
        if !pre.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.' || c == b'~') {
            return None;
        }
        let mut segments = Vec::new();
        for n in nums.split('.') {
            segments.push(n.parse::<u64>().ok()?);
        }
        let written = segments.len();
        while segments.len() < 3 {
            segments.push(0);
        }
        Some(Version { segments, written, pre: pre.to_string(), meta })
    }

    fn compare(&self, o: &Version) -> Ordering {
        let n = self.segments.len().max(o.segments.len());
        for i in 0..n {
            let (a, b) = (self.segments.get(i).copied().unwrap_or(0), o.segments.get(i).copied().unwrap_or(0));
            if a != b {
                return a.cmp(&b);
            }
        }
        match (self.pre.is_empty(), o.pre.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => compare_pre(&self.pre, &o.pre),
        }
    }
}

fn compare_pre(a: &str, b: &str) -> Ordering {
    let (xs, ys): (Vec<&str>, Vec<&str>) = (a.split('.').collect(), b.split('.').collect());
    for i in 0..xs.len().max(ys.len()) {
        let o = match (xs.get(i), ys.get(i)) {
            (Some(x), Some(y)) => match (x.parse::<u64>(), y.parse::<u64>()) {
                (Ok(m), Ok(n)) => m.cmp(&n),
                (Ok(_), Err(_)) => Ordering::Less,
                (Err(_), Ok(_)) => Ordering::Greater,
                _ => x.cmp(y),
            },
            (Some(_), None) => Ordering::Greater,
            (None, Some(_)) => Ordering::Less,
            (None, None) => Ordering::Equal,
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

impl std::fmt::Display for Version {
    /// `Version.String()`: every segment, then `-pre` and `+meta`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s: Vec<String> = self.segments.iter().map(u64::to_string).collect();
        write!(f, "{}", s.join("."))?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        if !self.meta.is_empty() {
            write!(f, "+{}", self.meta)?;
        }
        Ok(())
    }
}

/// `prereleaseCheck`: a prerelease satisfies only a constraint on a
/// prerelease of the same segments.
fn prerelease_ok(v: &Version, c: &Version) -> bool {
    match (c.pre.is_empty(), v.pre.is_empty()) {
        (false, false) => v.segments == c.segments,
        (true, false) => false,
        _ => true,
    }
}

/// Whether `v` satisfies the constraints (`version.NewConstraint(…).Check`):
/// None when the constraint text is not one go-version reads.
pub fn allows(constraints: &str, v: &Version) -> Option<bool> {
    let mut all = true;
    for part in constraints.split(',') {
        let t = part.trim();
        let op_len = ["~>", ">=", "<=", "!=", "=", ">", "<"].iter().find(|o| t.starts_with(**o)).map_or(0, |o| o.len());
        let (op, rest) = t.split_at(op_len);
        let c = Version::parse(rest.trim())?;
        let ok = match op {
            "" | "=" => v.compare(&c) == Ordering::Equal,
            "!=" => v.compare(&c) != Ordering::Equal,
            ">" => prerelease_ok(v, &c) && v.compare(&c) == Ordering::Greater,
            "<" => prerelease_ok(v, &c) && v.compare(&c) == Ordering::Less,
            ">=" => prerelease_ok(v, &c) && v.compare(&c) != Ordering::Less,
            "<=" => prerelease_ok(v, &c) && v.compare(&c) != Ordering::Greater,
            _ => pessimistic(v, &c),
        };
        all &= ok;
    }
    Some(all)
}

/// `~>`: at least `c`, the same in every written segment but the last.
fn pessimistic(v: &Version, c: &Version) -> bool {
    if !prerelease_ok(v, c) || (!c.pre.is_empty() && v.pre.is_empty()) {
        return false;
    }
    if v.compare(c) == Ordering::Less {
        return false;
    }
    let cs = c.segments.len();
    if cs > v.segments.len() {
        return false;
    }
    for i in 0..c.written.saturating_sub(1) {
        if v.segments[i] != c.segments[i] {
            return false;
        }
    }
    c.segments[cs - 1] <= v.segments[cs - 1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flavor::Flavor;

    fn tf() -> Profile {
        Flavor::lookup("terraform@1.15").unwrap().profile()
    }

    #[test]
    fn version_constraints_are_checked_as_go_version_checks_them() {
        for (c, v, want) in [
            ("~> 5.0", "5.1.0", true),
            ("~> 5.0", "6.0.0", false),
            ("~> 5.1.0", "5.1.9", true),
            ("~> 5.1.0", "5.2.0", false),
            (">= 1.2, < 2.0", "1.9.3", true),
            (">= 1.2, < 2.0", "2.0.0", false),
            ("= 3.0.1", "3.0.1", true),
            ("3.0.1", "3.0.2", false),
            ("!= 3.0.1", "3.0.2", true),
            (">= 1.0", "1.1.0-beta1", false),
            (">= 1.1.0-alpha", "1.1.0-beta1", true),
            ("~> 20.8", "20.37.2", true),
        ] {
            assert_eq!(allows(c, &Version::parse(v).unwrap()), Some(want), "{c} {v}");
        }
        assert_eq!(allows("~> x", &Version::parse("1.0.0").unwrap()), None);
        assert_eq!(Version::parse("v5.1").unwrap().to_string(), "5.1.0");
        assert!(Version::parse("five").is_none());
    }

    #[test]
    fn sources_are_compared_as_terraform_normalises_them() {
        let p = tf();
        let tofu = Flavor::lookup("opentofu@1.10").unwrap().profile();
        for (a, b, want) in [
            ("terraform-aws-modules/vpc/aws", "registry.terraform.io/terraform-aws-modules/vpc/aws", Some(true)),
            ("terraform-aws-modules/vpc/aws", "registry.terraform.io/terraform-aws-modules/eks/aws", Some(false)),
            (
                "terraform-aws-modules/iam/aws//modules/iam-role",
                "registry.terraform.io/terraform-aws-modules/iam/aws//modules/iam-role",
                Some(true),
            ),
            ("github.com/acme/net?ref=v1.2.0", "git::https://github.com/acme/net.git?ref=v1.2.0", Some(true)),
            ("github.com/acme/net//sub?ref=v1", "git::https://github.com/acme/net.git//sub?ref=v1", Some(true)),
            ("git::https://example.com/a.git?ref=v2", "git::https://example.com/a.git?ref=v1", Some(false)),
            ("weird-form", "other-form", None),
        ] {
            assert_eq!(same_source(a, b, &p), want, "{a} {b}");
        }
        assert_eq!(same_source("a/b/c", "registry.opentofu.org/a/b/c", &tofu), Some(true));
        assert_eq!(same_source("a/b/c", "registry.terraform.io/a/b/c", &tofu), Some(false));
    }

    #[test]
    fn a_dir_outside_the_root_is_never_used() {
        for (d, want) in [
            (".terraform/modules/vpc", Ok(".terraform/modules/vpc".to_string())),
            (".terraform\\modules\\vpc", Ok(".terraform/modules/vpc".to_string())),
            ("modules/../modules/x", Ok("modules/x".to_string())),
            (".", Ok(String::new())),
            ("/etc", Err(DirRefused::Absolute)),
            ("C:\\Windows", Err(DirRefused::Absolute)),
            ("\\\\host\\share", Err(DirRefused::Absolute)),
            ("../secrets", Err(DirRefused::Outside)),
            (".terraform/../../x", Err(DirRefused::Outside)),
            ("", Err(DirRefused::Empty)),
        ] {
            assert_eq!(safe_dir(d), want, "{d}");
        }
    }

    #[test]
    fn a_malformed_manifest_is_an_error_not_a_panic() {
        assert!(matches!(parse("{"), Err(ManifestError::Malformed { .. })));
        assert!(matches!(parse("[1,2]"), Err(ManifestError::Malformed { .. })));
        assert!(matches!(parse(r#"{"Modules":[{"Key":"a","Version":"x.y"}]}"#), Err(ManifestError::BadVersion(_))));
        assert!(matches!(
            parse(r#"{"Modules":[{"Key":"a","Dir":"a"},{"Key":"a","Dir":"b"}]}"#),
            Err(ManifestError::Duplicate(_))
        ));
        assert_eq!(parse("").unwrap().records.len(), 0);
        let deep = "[".repeat(100_000);
        assert!(parse(&deep).is_err());
        let m = parse(r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"vpc","Source":"registry.terraform.io/a/vpc/aws","Version":"5.1.0","Dir":".terraform/modules/vpc"}]}"#).unwrap();
        assert_eq!(m.records["vpc"].dir, Ok(".terraform/modules/vpc".to_string()));
        assert_eq!(m.records["vpc"].version.as_ref().unwrap().to_string(), "5.1.0");
    }
}

/// Installed calls checked end to end: a root laid out as `init` lays it
/// out, with modules in the shapes registry modules have.
#[cfg(test)]
mod check_tests {
    use crate::flavor::Flavor;
    use crate::i18n::Lang;
    use crate::module::calls::{ArgStatus, CallReport, CallStatus, Note};
    use crate::module::output::human_notes;
    use crate::module::{check_with, CheckInput, CheckOptions};

    const ROOT: &str = r#"module "network" {
  source  = "acme/network/aws"
  version = "~> 2.0"

  name = "prod"
  cidr = "10.0.0.0/16"
  subnets = {
    a = { cidr = "10.0.1.0/24" }
    b = { cidr = "10.0.2.0/24", public = "yes" }
  }
}

module "iam" {
  source = "git::https://example.com/iam.git?ref=v1.2.0"

  role_name = 42
}
"#;

    const NETWORK: &str = r#"variable "name" {
  type = string
  validation {
    condition     = length(var.name) >= 5
    error_message = "The name must be at least 5 characters."
  }
}

variable "cidr" {
  type = string
}

variable "subnets" {
  type = map(object({
    cidr   = string
    public = optional(bool, false)
  }))
  default = {}
}

module "subnets" {
  source = "./modules/subnets"

  vpc_cidr = var.cidr
  count_per_az = "three"
}
"#;

    const SUBNETS: &str =
        "variable \"vpc_cidr\" {\n  type = string\n}\n\nvariable \"count_per_az\" {\n  type = number\n}\n";

    const IAM: &str = "variable \"role_name\" {\n  type = list(string)\n}\n";

    fn manifest(network: (&str, &str, &str), iam_dir: &str) -> String {
        let (source, version, dir) = network;
        format!(
            r#"{{"Modules":[{{"Key":"","Source":"","Dir":"."}},{{"Key":"iam","Source":"git::https://example.com/iam.git?ref=v1.2.0","Dir":"{iam_dir}"}},{{"Key":"network","Source":"{source}","Version":"{version}","Dir":"{dir}"}},{{"Key":"network.subnets","Source":"./modules/subnets","Dir":"{dir}/modules/subnets"}}]}}"#
        )
    }

    fn files(manifest: Option<String>) -> CheckInput {
        let mut f: Vec<(String, String)> = vec![
            ("main.tf".into(), ROOT.into()),
            (".terraform/modules/network/main.tf".into(), NETWORK.into()),
            (".terraform/modules/network/modules/subnets/variables.tf".into(), SUBNETS.into()),
            (".terraform/modules/iam/variables.tf".into(), IAM.into()),
        ];
        if let Some(m) = manifest {
            f.push((super::MANIFEST.into(), m));
        }
        CheckInput { files: f.into_iter().collect(), ..Default::default() }
    }

    fn run(flavor: &str, input: &CheckInput) -> (Vec<CallReport>, Vec<String>, String) {
        let p = Flavor::lookup(flavor).unwrap().profile();
        let r = check_with(input, &p, CheckOptions { module_calls: true, role: None });
        let diags = r
            .diagnostics
            .iter()
            .map(|d| {
                format!("{}: {} @{}", d.summary, d.detail, d.subject.as_ref().map_or("-".into(), |s| s.range_string()))
            })
            .collect();
        let summary = crate::module::output::summary_line(&r, Lang::En);
        (r.module_calls, diags, summary)
    }

    fn status<'a>(calls: &'a [CallReport], address: &str) -> &'a CallStatus {
        &calls.iter().find(|c| c.address == address).unwrap_or_else(|| panic!("{address}")).status
    }

    const GOOD: (&str, &str, &str) = ("registry.terraform.io/acme/network/aws", "2.3.1", ".terraform/modules/network");

    #[test]
    fn installed_calls_are_checked_as_local_calls_are() {
        let (calls, diags, summary) = run("terraform@1.15", &files(Some(manifest(GOOD, ".terraform/modules/iam"))));
        assert_eq!(status(&calls, "module.network"), &CallStatus::Checked);
        assert_eq!(status(&calls, "module.iam"), &CallStatus::Checked);
        assert_eq!(status(&calls, "module.network.module.subnets"), &CallStatus::Checked);
        let joined = diags.join("\n");
        // The conversion of an optional() object attribute.
        assert!(joined.contains("Invalid value for input variable: The given value is not suitable for module.network.var.subnets declared at .terraform/modules/network/main.tf:"), "{joined}");
        // The callee's rule on the value it receives.
        assert!(joined.contains("Invalid value for variable: The name must be at least 5 characters."), "{joined}");
        assert!(joined.contains("module.iam.var.role_name"), "{joined}");
        // Nested: the installed module's own call, with the value it was given.
        assert!(joined.contains("module.network.module.subnets.var.count_per_az"), "{joined}");
        let sub = calls.iter().find(|c| c.address == "module.network.module.subnets").unwrap();
        assert!(matches!(sub.arguments[0].status, ArgStatus::Accepted { .. }), "{:?}", sub.arguments[0]);
        assert!(summary.starts_with("0 variables and 6 module arguments checked"), "{summary}");
    }

    #[test]
    fn a_stale_manifest_is_what_plan_says_and_the_call_is_not_checked() {
        let moved = ("registry.terraform.io/acme/net/aws", "2.3.1", ".terraform/modules/network");
        let old = ("registry.terraform.io/acme/network/aws", "1.4.0", ".terraform/modules/network");
        let unversioned = ("registry.terraform.io/acme/network/aws", "", ".terraform/modules/network");
        for (flavor, rec, want) in [
            ("terraform@1.15", moved, "Module source has changed: The source address was changed since this module was installed. Run \"terraform init\" to install all modules required by this configuration. @main.tf:2,13-31"),
            ("opentofu@1.7", moved, "Module source has changed: The source address was changed since this module was installed. Run \"tofu init\" to install all modules required by this configuration. @main.tf:2,13-31"),
            ("opentofu@1.8", ("registry.opentofu.org/acme/net/aws", "2.3.1", ".terraform/modules/network"), "Module source has changed: The source address was changed from \"registry.opentofu.org/acme/net/aws\" to \"registry.opentofu.org/acme/network/aws\" since this module was installed. Run \"tofu init\" to install all modules required by this configuration. @main.tf:2,13-31"),
            ("terraform@1.5", old, "Module version requirements have changed: The version requirements have changed since this module was installed and the installed version (1.4.0) is no longer acceptable. Run \"terraform init\" to install all modules required by this configuration. @main.tf:2,13-31"),
            ("terraform@1.16", unversioned, "Module version requirements have changed: The version requirements have changed since this module was installed and the installed version is no longer acceptable. Run \"terraform init\" to install all modules required by this configuration. @main.tf:2,13-31"),
        ] {
            let (calls, diags, _) = run(flavor, &files(Some(manifest(rec, ".terraform/modules/iam"))));
            assert!(diags.iter().any(|d| d == want), "{flavor}: {diags:#?}");
            assert_eq!(status(&calls, "module.network"), &CallStatus::NotChecked(Note::Stale), "{flavor}");
            // Nothing of the call: neither its arguments nor its nested calls.
            assert!(!diags.iter().any(|d| d.contains("module.network.var")), "{flavor}: {diags:#?}");
            assert!(calls.iter().all(|c| c.address != "module.network.module.subnets"), "{flavor}");
        }
    }

    #[test]
    fn a_call_the_manifest_does_not_record_is_not_installed() {
        let m = r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"iam","Source":"git::https://example.com/iam.git?ref=v1.2.0","Dir":".terraform/modules/iam"}]}"#;
        let (calls, diags, summary) = run("terraform@1.15", &files(Some(m.into())));
        assert!(diags.contains(&"Module not installed: This module is not yet installed. Run \"terraform init\" to install all modules required by this configuration. @main.tf:1,1-17".to_string()), "{diags:#?}");
        assert_eq!(status(&calls, "module.network"), &CallStatus::NotChecked(Note::NotInstalled));
        // Its three arguments count as not checked.
        assert!(summary.starts_with("0 variables and 1 of 4 module arguments checked"), "{summary}");
        // A record whose directory holds nothing.
        let (calls, diags, _) = run("terraform@1.10", &files(Some(manifest(GOOD, ".terraform/modules/gone"))));
        assert!(diags.contains(&"Module not installed: This module's local cache directory .terraform/modules/gone could not be read. Run \"terraform init\" to install all modules required by this configuration. @main.tf:13,1-13".to_string()), "{diags:#?}");
        // OpenTofu reads a registry source without a host as its own
        // registry's: Terraform's manifest is stale to it.
        let (_, diags, _) = run("opentofu@1.10", &files(Some(manifest(GOOD, ".terraform/modules/iam"))));
        assert!(diags.iter().any(|d| d.starts_with("Module source has changed: The source address was changed from \"registry.terraform.io/acme/network/aws\" to \"registry.opentofu.org/acme/network/aws\"")), "{diags:#?}");
        assert_eq!(status(&calls, "module.iam"), &CallStatus::NotChecked(Note::NotInstalled));
    }

    #[test]
    fn a_dir_outside_the_root_is_not_read_nor_echoed() {
        for dir in ["/etc/secrets", "../../home/u/.ssh", ".terraform/../../x", "C:\\\\Windows"] {
            let mut input = files(Some(manifest(GOOD, dir)));
            // Even were such a file among the inputs, it is not read.
            input
                .files
                .insert("/etc/secrets/variables.tf".into(), "variable \"role_name\" {\n  type = string\n}\n".into());
            let (calls, diags, _) = run("terraform@1.15", &input);
            assert_eq!(status(&calls, "module.iam"), &CallStatus::NotChecked(Note::DirRefused), "{dir}");
            let notes = human_notes(&calls, Lang::En);
            assert!(
                notes.contains(
                    "module.iam: not checked: the module manifest places it outside the root module's directory"
                ),
                "{notes}"
            );
            let shown = dir.trim_start_matches("C:");
            assert!(!diags.iter().any(|d| d.contains(shown)) && !notes.contains(shown), "{dir}: {diags:#?} {notes}");
        }
    }

    #[test]
    fn without_a_manifest_remote_calls_are_counted_and_init_is_suggested() {
        let (calls, _, summary) = run("terraform@1.15", &files(None));
        assert_eq!(status(&calls, "module.network"), &CallStatus::Remote);
        let notes = human_notes(&calls, Lang::En);
        assert!(notes.ends_with("2 module calls with a registry or git source not checked: `terraform init` (or `tofu init`) would let tftype check them.\n"), "{notes}");
        assert!(summary.starts_with("0 variables and 0 of 4 module arguments checked"), "{summary}");
    }

    #[test]
    fn a_malformed_or_huge_manifest_is_a_diagnostic_and_nothing_is_guessed() {
        let huge = format!("{{\"Modules\":[{}]}}", ["{\"Key\":\"k\",\"Dir\":\"x\"}"; 1].join(","))
            + &" ".repeat(super::MAX_MANIFEST_BYTES);
        let cyclic = r#"{"Modules":[{"Key":"network","Source":"registry.terraform.io/acme/network/aws","Version":"2.3.1","Dir":"."},{"Key":"network.subnets","Source":"./modules/subnets","Dir":"."}]}"#;
        for (text, want) in [
            ("{\"Modules\": [", "failed to read module manifest: not the manifest's JSON shape"),
            (huge.as_str(), "failed to read module manifest: larger than 16 MiB"),
        ] {
            let (calls, diags, _) = run("terraform@1.15", &files(Some(text.to_string())));
            assert!(diags.iter().any(|d| d.starts_with(want)), "{diags:#?}");
            assert!(calls.iter().all(|c| matches!(c.status, CallStatus::NotChecked(Note::ManifestUnreadable(_)))));
        }
        // A manifest whose directories lead back to the root: the calls are
        // followed no further than the root's own (a cycle ends).
        let (calls, _, _) = run("terraform@1.15", &files(Some(cyclic.into())));
        assert_eq!(status(&calls, "module.network"), &CallStatus::NotChecked(Note::Recursive(".".into())));
    }

    #[test]
    fn an_editor_hovers_and_completes_the_arguments_of_an_installed_call() {
        let p = Flavor::lookup("terraform@1.15").unwrap().profile();
        let mut input = files(Some(manifest(GOOD, ".terraform/modules/iam")));
        // Hover on `subnets` (line 7 of main.tf): the installed variable.
        let at = ROOT.find("subnets = {").unwrap() + 2;
        let h = crate::assist::hover(&input, "main.tf", at, &p, Lang::En).expect("a hover");
        assert!(
            h.markdown.starts_with(
                "**module.network.var.subnets** `map(object({ cidr = string public = optional(bool, false) }))`"
            ),
            "{}",
            h.markdown
        );
        assert_eq!(&ROOT[h.range.clone()], "subnets");
        let at = ROOT.find("name = \"prod\"").unwrap() + 1;
        let h = crate::assist::hover(&input, "main.tf", at, &p, Lang::En).expect("a hover");
        assert!(
            h.markdown.contains("**module.network.var.name** `string`")
                && h.markdown.contains(crate::i18n::text(Lang::En, "lsp.hover_required")),
            "{}",
            h.markdown
        );
        // Completion on a new line of the call: the variables not set yet.
        let root = ROOT.replace("  name = \"prod\"\n", "  name = \"prod\"\n  \n");
        let at = root.find("  \n").unwrap() + 2;
        input.files.insert("main.tf".into(), root.clone());
        let items: Vec<String> =
            crate::assist::complete(&input, "main.tf", at, &p, Lang::En).into_iter().map(|c| c.label).collect();
        assert_eq!(items, Vec::<String>::new(), "every variable of network is set");
        let root = root.replace("  cidr = \"10.0.0.0/16\"\n", "");
        input.files.insert("main.tf".into(), root.clone());
        let at = root.find("  \n").unwrap() + 2;
        let items: Vec<(String, bool)> = crate::assist::complete(&input, "main.tf", at, &p, Lang::En)
            .into_iter()
            .map(|c| (c.label, c.required))
            .collect();
        assert_eq!(items, vec![("cidr".to_string(), true)]);
        // Before init: nothing is known of the call.
        input.files.remove(super::MANIFEST);
        assert!(crate::assist::complete(&input, "main.tf", at, &p, Lang::En).is_empty());
    }

    #[test]
    fn the_files_map_of_the_page_and_npm_carries_the_installed_modules() {
        let input = files(Some(manifest(GOOD, ".terraform/modules/iam")));
        let req = serde_json::json!({ "files": input.files, "flavor": "terraform@1.15" }).to_string();
        let out: serde_json::Value = serde_json::from_str(&crate::module::check_json(&req)).unwrap();
        let calls = out["module_calls"].as_array().expect("module_calls");
        let status: Vec<(&str, &str)> =
            calls.iter().map(|c| (c["address"].as_str().unwrap(), c["status"].as_str().unwrap())).collect();
        assert_eq!(
            status,
            [("module.network", "checked"), ("module.network.module.subnets", "checked"), ("module.iam", "checked")]
        );
    }
}
