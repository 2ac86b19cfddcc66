//! Which product version a module is written for, from the files version
//! managers read: `.terraform-version` (tfenv), `.opentofu-version`
//! (tofuenv), a `terraform` / `opentofu` line of `.tool-versions` (asdf,
//! mise), and a `terraform` / `opentofu` entry of the `[tools]` table of
//! `mise.toml` / `.mise.toml`, in the module's directory or above (the
//! nearest wins).
//!
//! The parsers are pure functions over a file's text; [`find`] walks the
//! directories. `1.9.8` means Terraform 1.9 (`terraform@1.9`); a version
//! newer than tftype knows is the newest known of that product, and says
//! so ([`Choice::newer`]); an older one is the oldest known.

use std::path::{Path, PathBuf};

use crate::flavor::{Flavor, Product, FLAVORS};
use crate::i18n::{fill, Lang};

/// A version written in a file, as far as it chooses a flavor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// `MAJOR.MINOR` (the patch and any pre-release part are not needed).
    Version(u64, u64),
    /// `latest` (tfenv / tofuenv): the newest known.
    Latest,
}

/// The flavor a file chose, and what it said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// A name of [`FLAVORS`]: `terraform@1.9`.
    pub flavor: &'static str,
    /// The file that said it.
    pub file: PathBuf,
    /// The version as written, when it is newer than every known version of
    /// its product (the flavor is then the newest known).
    pub newer: Option<String>,
    /// The version as written.
    pub version: String,
}

impl Choice {
    /// One sentence for the reader: which version the module is checked
    /// as, and which file said so.
    pub fn describe(&self, lang: Lang) -> String {
        self.describe_as(lang, &self.file.display().to_string())
    }

    /// [`Self::describe`] with the file named `shown` (a path relative to
    /// the working directory reads better than an absolute one).
    pub fn describe_as(&self, lang: Lang, shown: &str) -> String {
        let label = Flavor::lookup(self.flavor).map_or_else(|| self.flavor.to_string(), |f| f.label());
        let key = if self.newer.is_some() { "version.newer_than_known" } else { "version.from_file" };
        fill(lang, key, &[("flavor", &label), ("file", shown), ("version", &self.version)])
    }
}

/// The file names looked at in each directory, in order.
pub const FILES: [&str; 5] = [".terraform-version", ".opentofu-version", ".tool-versions", "mise.toml", ".mise.toml"];

/// `1.9.8`, `v1.10.0-beta1`, `latest`, `latest:^1.5` (read as `latest`).
pub fn parse_version(word: &str) -> Option<Written> {
    let w = word.trim();
    if w == "latest" || w.starts_with("latest:") {
        return Some(Written::Latest);
    }
    let w = w.strip_prefix('v').unwrap_or(w);
    let mut parts = w.split(['.', '-', '+']);
    let major = parts.next()?.parse::<u64>().ok()?;
    let minor = parts.next()?.parse::<u64>().ok()?;
    Some(Written::Version(major, minor))
}

/// The first version line of a `.terraform-version` / `.opentofu-version`
/// (empty lines and `#` comments skipped, as tfenv reads it).
pub fn parse_version_file(text: &str) -> Option<(Written, String)> {
    let line = text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).find(|l| !l.is_empty())?;
    let word = line.split_whitespace().next()?;
    Some((parse_version(word)?, word.to_string()))
}

/// The `terraform` or `opentofu` entry of a `.tool-versions` (the first
/// version of the line; the first of the two tools written).
pub fn parse_tool_versions(text: &str) -> Option<(Product, Written, String)> {
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace();
        let product = match words.next() {
            Some("terraform") => Product::Terraform,
            Some("opentofu") => Product::OpenTofu,
            _ => continue,
        };
        if let Some(word) = words.next() {
            if let Some(w) = parse_version(word) {
                return Some((product, w, word.to_string()));
            }
        }
    }
    None
}

fn product_named(name: &str) -> Option<Product> {
    match name {
        "terraform" => Some(Product::Terraform),
        "opentofu" => Some(Product::OpenTofu),
        _ => None,
    }
}

/// The `terraform` or `opentofu` entry of `mise.toml`'s `[tools]` table:
/// `terraform = "1.9"`, `opentofu = ["1.8", "1.7"]` (the first),
/// `terraform = { version = "1.9" }`. A line scanner, enough for what
/// version managers write; anything else names nothing.
pub fn parse_mise(text: &str) -> Option<(Product, Written, String)> {
    let mut in_tools = false;
    for line in text.lines() {
        let l = line.split('#').next().unwrap_or("").trim();
        if l.starts_with('[') {
            in_tools = l.ends_with(']') && l.trim_start_matches('[').trim_end_matches(']').trim() == "tools";
            continue;
        }
        if !in_tools {
            continue;
        }
        let Some((key, value)) = l.split_once('=') else { continue };
        let Some(product) = product_named(key.trim().trim_matches(['"', '\''])) else { continue };
        let value = value.split_once("version").map_or(value, |(_, v)| v);
        let mut quoted = value.split(['"', '\'']);
        if let (Some(_), Some(word), Some(_)) = (quoted.next(), quoted.next(), quoted.next()) {
            if let Some(w) = parse_version(word) {
                return Some((product, w, word.to_string()));
            }
        }
    }
    None
}

fn minor_of(version: &str) -> (u64, u64) {
    let mut p = version.split('.').map(|x| x.parse::<u64>().unwrap_or(0));
    (p.next().unwrap_or(0), p.next().unwrap_or(0))
}

/// The flavor for a product's written version, and whether the version is
/// newer than every known one.
pub fn resolve(product: Product, written: &Written) -> Option<(&'static str, bool)> {
    let known: Vec<_> = FLAVORS.iter().filter(|f| f.product == product).collect();
    let newest = known.iter().max_by_key(|f| minor_of(f.version))?;
    let oldest = known.iter().min_by_key(|f| minor_of(f.version))?;
    match written {
        Written::Latest => Some((newest.name, false)),
        Written::Version(major, minor) => {
            let v = (*major, *minor);
            if let Some(f) = known.iter().find(|f| minor_of(f.version) == v) {
                Some((f.name, false))
            } else if v > minor_of(newest.version) {
                Some((newest.name, true))
            } else if v < minor_of(oldest.version) {
                Some((oldest.name, false))
            } else {
                // A gap in the table (none today): the nearest older one.
                known
                    .iter()
                    .filter(|f| minor_of(f.version) < v)
                    .max_by_key(|f| minor_of(f.version))
                    .map(|f| (f.name, false))
            }
        }
    }
}

/// What one directory's version files choose, from their texts (`read`
/// gives a file's text by name, None when it is absent).
pub fn choose_in(dir: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Option<Choice> {
    for name in FILES {
        let path = dir.join(name);
        let Some(text) = read(&path) else { continue };
        let found = match name {
            ".terraform-version" => parse_version_file(&text).map(|(w, s)| (Product::Terraform, w, s)),
            ".opentofu-version" => parse_version_file(&text).map(|(w, s)| (Product::OpenTofu, w, s)),
            ".tool-versions" => parse_tool_versions(&text),
            _ => parse_mise(&text),
        };
        if let Some((product, written, word)) = found {
            if let Some((flavor, newer)) = resolve(product, &written) {
                return Some(Choice { flavor, file: path, newer: newer.then(|| word.clone()), version: word });
            }
        }
    }
    None
}

/// At most this many bytes of a version file are read.
const MAX_BYTES: u64 = 64 << 10;

/// Reads a small regular file.
pub fn read_small(path: &Path) -> Option<String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    let mut s = String::new();
    std::fs::File::open(path).ok()?.take(MAX_BYTES).read_to_string(&mut s).ok()?;
    Some(s)
}

/// The nearest choice at or above `dir` (at most 64 directories up).
pub fn find(dir: &Path) -> Option<Choice> {
    dir.ancestors().take(64).find_map(|d| choose_in(d, &read_small))
}

/// A flavor named as `--flavor` (and a settings field) takes it: a name
/// of the table (`terraform@1.9`), or a version as version files write it
/// (`1.9.8`, `v1.9`, `latest`: Terraform), or one after a product
/// (`terraform@1.9.8`, `opentofu@1.8.2`, `tofu@1.8`, `tofu@latest`). A
/// patch version is its minor's flavor; a version tftype does not know is
/// no flavor (None), unlike in a version file, which never fails a run.
pub fn flavor_setting(setting: &str) -> Option<&'static str> {
    let s = setting.trim();
    if let Some(f) = Flavor::lookup(s) {
        return Some(f.name);
    }
    let (product, version) = match s.split_once('@') {
        Some((p, v)) => (
            match p.to_ascii_lowercase().as_str() {
                "terraform" | "tf" => Product::Terraform,
                "opentofu" | "tofu" => Product::OpenTofu,
                _ => return None,
            },
            v,
        ),
        None => (Product::Terraform, s),
    };
    match parse_version(version)? {
        Written::Latest => resolve(product, &Written::Latest).map(|(f, _)| f),
        Written::Version(major, minor) => {
            FLAVORS.iter().find(|f| f.product == product && minor_of(f.version) == (major, minor)).map(|f| f.name)
        }
    }
}

/// A `.terraform-version` or `.opentofu-version` whose first version line
/// tftype cannot read (`min-required`, `banana`): the file and its word.
/// Version managers read the nearest such file, so the module's version is
/// not what the file meant, and the reader is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    pub file: PathBuf,
    pub word: String,
}

impl Unread {
    /// One sentence: the file, what it says, and that it is not used.
    pub fn describe(&self, lang: Lang, shown: &str) -> String {
        fill(lang, "version.not_understood", &[("file", shown), ("version", &self.word)])
    }
}

/// The version files of one directory that tftype cannot read (see [`Unread`]).
pub fn unread_in(dir: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Option<Unread> {
    for name in [".terraform-version", ".opentofu-version"] {
        let path = dir.join(name);
        let Some(text) = read(&path) else { continue };
        let line = text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).find(|l| !l.is_empty());
        let Some(word) = line.and_then(|l| l.split_whitespace().next()) else { continue };
        if parse_version(word).is_none() {
            return Some(Unread { file: path, word: word.to_string() });
        }
    }
    None
}

/// [`find`], and the version files not understood in the directories
/// looked at before the choice (the nearest first).
pub fn find_with_unread(dir: &Path) -> (Option<Choice>, Option<Unread>) {
    let mut unread = None;
    for d in dir.ancestors().take(64) {
        if unread.is_none() {
            unread = unread_in(d, &read_small);
        }
        if let Some(c) = choose_in(d, &read_small) {
            return (Some(c), unread);
        }
    }
    (None, unread)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_as_written() {
        let table: &[(&str, Option<Written>)] = &[
            ("1.9.8", Some(Written::Version(1, 9))),
            ("v1.10.0-beta1", Some(Written::Version(1, 10))),
            (" 1.5 ", Some(Written::Version(1, 5))),
            ("latest", Some(Written::Latest)),
            ("latest:^1.5", Some(Written::Latest)),
            ("min-required", None),
            ("1", None),
            ("", None),
        ];
        for (text, want) in table {
            assert_eq!(&parse_version(text), want, "{text}");
        }
    }

    #[test]
    fn files_as_version_managers_read_them() {
        assert_eq!(parse_version_file("# pinned\n\n1.9.8\n"), Some((Written::Version(1, 9), "1.9.8".into())));
        assert_eq!(parse_version_file("\n"), None);
        assert_eq!(
            parse_tool_versions("nodejs 20.1.0\nopentofu 1.8.3 1.7.0\n"),
            Some((Product::OpenTofu, Written::Version(1, 8), "1.8.3".into()))
        );
        assert_eq!(
            parse_tool_versions("terraform 1.12.1 # comment\n"),
            Some((Product::Terraform, Written::Version(1, 12), "1.12.1".into()))
        );
        assert_eq!(parse_tool_versions("terraform-docs 0.17.0\n"), None);
        type Mise<'a> = (&'a str, Option<(Product, Written, &'a str)>);
        let mise: &[Mise] = &[
            ("[tools]\nopentofu = \"1.10.1\"\n", Some((Product::OpenTofu, Written::Version(1, 10), "1.10.1"))),
            (
                "[env]\nterraform = \"1.9\"\n[tools]\nnode = \"20\"\nterraform = [\"1.9.8\", \"1.5.0\"]\n",
                Some((Product::Terraform, Written::Version(1, 9), "1.9.8")),
            ),
            (
                "[tools]\nterraform = { version = \"1.12.0\" }\n",
                Some((Product::Terraform, Written::Version(1, 12), "1.12.0")),
            ),
            ("[tools] # comment\n'terraform' = 'latest'\n", Some((Product::Terraform, Written::Latest, "latest"))),
            ("[env]\nterraform = \"1.9\"\n", None),
            ("[tools]\nterraform = \"\n", None),
            ("[tools\nterraform = \"1.9\"", None),
        ];
        for (text, want) in mise {
            assert_eq!(parse_mise(text), want.clone().map(|(p, w, s)| (p, w, s.to_string())), "{text:?}");
        }
    }

    /// A written version is its own flavor; a newer one than tftype knows is
    /// the newest of its product (and says so), `latest` the newest, an
    /// older one the oldest. The newest comes from the flavor table.
    #[test]
    fn versions_to_flavors() {
        let (tf, tofu) = (crate::versions::newest(Product::Terraform), crate::versions::newest(Product::OpenTofu));
        let after = |f: &Flavor| {
            let (major, minor) = minor_of(f.version);
            Written::Version(major, minor + 1)
        };
        type Row = (Product, Written, Option<(&'static str, bool)>);
        let table: &[Row] = &[
            (Product::Terraform, Written::Version(1, 9), Some(("terraform@1.9", false))),
            (Product::Terraform, after(tf), Some((tf.name, true))),
            (Product::Terraform, Written::Version(1, 99), Some((tf.name, true))),
            (Product::Terraform, Written::Version(2, 0), Some((tf.name, true))),
            (Product::Terraform, Written::Version(1, 3), Some(("terraform@1.5", false))),
            (Product::Terraform, Written::Version(0, 13), Some(("terraform@1.5", false))),
            (Product::Terraform, Written::Latest, Some((tf.name, false))),
            (Product::OpenTofu, Written::Version(1, 8), Some(("opentofu@1.8", false))),
            (Product::OpenTofu, after(tofu), Some((tofu.name, true))),
            (Product::OpenTofu, Written::Latest, Some((tofu.name, false))),
        ];
        for (p, w, want) in table {
            assert_eq!(&resolve(*p, w), want, "{p:?} {w:?}");
        }
        for f in &FLAVORS {
            let (major, minor) = minor_of(f.version);
            assert_eq!(resolve(f.product, &Written::Version(major, minor)), Some((f.name, false)), "{}", f.name);
        }
    }

    /// The file's words for a newer version than tftype knows name the
    /// flavor used and the version written.
    #[test]
    fn a_newer_version_than_known_says_so() {
        let tf = crate::versions::newest(Product::Terraform);
        let (major, minor) = minor_of(tf.version);
        let written = format!("{major}.{}.0", minor + 1);
        let read = |p: &Path| (p == Path::new("/m/.terraform-version")).then(|| format!("{written}\n"));
        let c = choose_in(Path::new("/m"), &read).expect("a choice");
        assert_eq!((c.flavor, c.newer.as_deref()), (tf.name, Some(written.as_str())));
        let text = c.describe(Lang::En);
        assert!(text.contains(&tf.label()) && text.contains(&written) && text.contains("newer"), "{text}");
    }

    #[test]
    fn the_nearest_directory_wins() {
        let files: std::collections::BTreeMap<PathBuf, &str> = [
            (PathBuf::from("/r/.tool-versions"), "terraform 1.7.0\n"),
            (PathBuf::from("/r/a/.opentofu-version"), "1.10.2\n"),
            (PathBuf::from("/r/a/b/.terraform-version"), "garbage\n"),
        ]
        .into();
        let read = |p: &Path| files.get(p).map(|s| s.to_string());
        let find = |d: &str| Path::new(d).ancestors().find_map(|d| choose_in(d, &read));
        assert_eq!(find("/r/a/b").map(|c| c.flavor), Some("opentofu@1.10"));
        assert_eq!(
            find("/r/a").map(|c| (c.flavor, c.file)),
            Some(("opentofu@1.10", PathBuf::from("/r/a/.opentofu-version")))
        );
        assert_eq!(find("/r/x").map(|c| c.flavor), Some("terraform@1.7"));
        assert_eq!(find("/elsewhere"), None);
    }

    /// `--flavor` takes what version files take: a patch version is its
    /// minor's flavor, a bare version is Terraform's, `tofu` is OpenTofu;
    /// a version tftype does not know is refused.
    #[test]
    fn flavor_settings_take_what_version_files_take() {
        let (tf, tofu) =
            (crate::versions::newest(Product::Terraform).name, crate::versions::newest(Product::OpenTofu).name);
        let table: &[(&str, Option<&str>)] = &[
            ("terraform@1.9", Some("terraform@1.9")),
            ("terraform@1.9.8", Some("terraform@1.9")),
            ("1.9", Some("terraform@1.9")),
            ("v1.10.0-beta1", Some("terraform@1.10")),
            ("tofu@1.8", Some("opentofu@1.8")),
            ("opentofu@1.8.2", Some("opentofu@1.8")),
            ("OpenTofu@1.8", Some("opentofu@1.8")),
            ("latest", Some(tf)),
            ("tofu@latest", Some(tofu)),
            ("terraform@1.3", None),
            ("1.99", None),
            ("opentofu@1.5", None),
            ("banana", None),
            ("pulumi@1.9", None),
            ("", None),
        ];
        for (given, want) in table {
            assert_eq!(flavor_setting(given), *want, "{given}");
        }
    }

    /// A `.terraform-version` that says `min-required` or `banana` is not
    /// passed over silently: it is named, and the search goes on above it.
    #[test]
    fn a_version_file_not_understood_is_named() {
        let files: std::collections::BTreeMap<PathBuf, &str> = [
            (PathBuf::from("/r/.tool-versions"), "terraform 1.7.0\n"),
            (PathBuf::from("/r/a/.terraform-version"), "# pinned\nmin-required\n"),
            (PathBuf::from("/r/b/.opentofu-version"), "banana\n"),
            (PathBuf::from("/r/c/.terraform-version"), "1.9.8\n"),
        ]
        .into();
        let read = |p: &Path| files.get(p).map(|s| s.to_string());
        let word = |d: &str| unread_in(Path::new(d), &read).map(|u| u.word);
        assert_eq!(word("/r/a").as_deref(), Some("min-required"));
        assert_eq!(word("/r/b").as_deref(), Some("banana"));
        assert_eq!(word("/r/c"), None);
        assert_eq!(word("/r"), None);
        let u = unread_in(Path::new("/r/a"), &read).unwrap();
        let text = u.describe(Lang::En, ".terraform-version");
        assert!(text.contains("min-required") && text.contains(".terraform-version"), "{text}");
    }
}
