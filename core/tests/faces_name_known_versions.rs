//! A version is added in one place: `core/src/flavor.rs` (its table, its
//! switches, the default). The faces — the page, the element, the npm
//! package, the VS Code extension, the catalogs, the READMEs, the CLI and
//! the language server — take the list, the ranges in words and the default
//! from it. These rules fail when a face names a version the table does not
//! have, writes a range of versions by hand, or holds a version in code.

use std::path::{Path, PathBuf};

use tftype::flavor::{Flavor, Product, FLAVORS};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

/// Directories never scanned: dependencies, build output, test output.
const SKIPPED_DIRS: &[&str] = &["node_modules", "target", "dist", "out", "pkg", "test-results"];
/// Generated or locked files never scanned.
const SKIPPED_FILES: &[&str] = &["package-lock.json"];
/// The kinds of text file a face is written in.
const TEXT_EXTENSIONS: &[&str] = &["rs", "js", "mjs", "cjs", "ts", "json", "jsonl", "md", "html", "css", "toml", "svg"];

/// Names the tests use for a flavor that does not exist (what an unknown
/// one does); none will ever be a flavor.
const DELIBERATELY_UNKNOWN: &[&str] = &["terraform@0.1", "terraform@9.9"];

/// The faces, from the workspace root: directories and single files.
const FACES: &[&str] = &[
    "web",
    "embed",
    "npm",
    "editors/vscode",
    "js-src",
    "public",
    "engine-full/src",
    "cli/src",
    "core/i18n",
    "README.md",
    "index.html",
];

/// Every text file under `rel` (a file or a directory), sorted.
fn files_under(rel: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with('.') {
                continue;
            }
            if path.is_dir() {
                if !SKIPPED_DIRS.contains(&name.as_str()) {
                    walk(&path, out);
                }
            } else if !SKIPPED_FILES.contains(&name.as_str())
                && path.extension().and_then(|x| x.to_str()).is_some_and(|x| TEXT_EXTENSIONS.contains(&x))
                && e.metadata().is_ok_and(|m| m.len() < 4 << 20)
            {
                out.push(path);
            }
        }
    }
    let path = root().join(rel);
    let mut out = Vec::new();
    if path.is_file() {
        out.push(path);
    } else {
        walk(&path, &mut out);
    }
    out.sort();
    out
}

fn face_files() -> Vec<PathBuf> {
    let files: Vec<PathBuf> = FACES.iter().flat_map(|f| files_under(f)).collect();
    assert!(files.len() > 40, "the faces were found ({} files)", files.len());
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

fn shown(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// `MAJOR.MINOR` at the start of `s` (digits, a dot, digits), and the
/// rest; a third number (`1.9.8`, a release) is not a flavor's version.
fn version_at(s: &str) -> Option<(&str, bool)> {
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let major = digits(s);
    if major == 0 || s.as_bytes().get(major) != Some(&b'.') {
        return None;
    }
    let minor = digits(&s[major + 1..]);
    if minor == 0 {
        return None;
    }
    let end = major + 1 + minor;
    let patch = s[end..].starts_with('.') && digits(&s[end + 1..]) > 0;
    Some((&s[..end], patch))
}

/// Flavor names written in `text` (`terraform@1.9`, also URL-encoded
/// `terraform%401.9`) whose product and version are not in the table.
fn unknown_flavor_names(text: &str) -> Vec<String> {
    let mut bad = Vec::new();
    for product in ["terraform", "opentofu"] {
        for at in ["@", "%40"] {
            let pat = format!("{product}{at}");
            let lower = text.to_ascii_lowercase();
            for (i, _) in lower.match_indices(&pat) {
                let after = &text[i + pat.len()..];
                let Some((version, _)) = version_at(after) else { continue };
                let name = format!("{product}@{version}");
                if Flavor::lookup(&name).is_none() && !DELIBERATELY_UNKNOWN.contains(&name.as_str()) {
                    bad.push(name);
                }
            }
        }
    }
    bad
}

/// Product versions in words ("Terraform 1.9", "OpenTofu 1.11+") whose
/// version is not one of that product's flavors. A release (`Terraform
/// 1.9.8`) is a fact about upstream, not a flavor, and is left alone.
fn unknown_product_versions(text: &str) -> Vec<String> {
    let mut bad = Vec::new();
    for product in [Product::Terraform, Product::OpenTofu] {
        let pat = format!("{} ", product.name());
        for (i, _) in text.match_indices(&pat) {
            let after = &text[i + pat.len()..];
            let after = after.strip_prefix('v').unwrap_or(after);
            let Some((version, patch)) = version_at(after) else { continue };
            if !patch && !FLAVORS.iter().any(|f| f.product == product && f.version == version) {
                bad.push(format!("{}{version}", pat));
            }
        }
    }
    bad
}

/// Ranges of versions written out ("1.5–1.15", "1.6-1.12"): the faces
/// say them from the table (`tftype::versions::all_label`).
fn written_ranges(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for dash in ['–', '-'] {
        for (i, _) in text.match_indices(dash) {
            let before = &text[..i];
            let start = before.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
            let left = &before[start.len()..];
            let right = &text[i + dash.len_utf8()..];
            if version_at(left).is_some_and(|(v, _)| v.len() == left.len()) {
                if let Some((v, _)) = version_at(right) {
                    found.push(format!("{left}{dash}{v}"));
                }
            }
        }
    }
    found
}

/// Flavor names held in code (a string literal starting with one), outside
/// comments and test modules: code asks the table instead.
fn flavor_literals_in_code(path: &Path, text: &str) -> Vec<String> {
    let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
    let name = path.file_name().and_then(|x| x.to_str()).unwrap_or("");
    if name.contains("test") || path.components().any(|c| c.as_os_str() == "tests" || c.as_os_str() == "test") {
        return Vec::new();
    }
    let code = match ext {
        // The part before the tests module (tests may name any flavor).
        "rs" => text.split("#[cfg(test)]").next().unwrap_or(""),
        "js" | "mjs" | "cjs" | "ts" => text,
        _ => return Vec::new(),
    };
    let mut bad = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("//") || t.starts_with("/*") || t.starts_with('*') {
            continue;
        }
        for q in ['"', '\'', '`'] {
            for product in ["terraform@", "opentofu@"] {
                if line.contains(&format!("{q}{product}")) {
                    bad.push(format!("line {}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    bad
}

/// The scanners find what the rules forbid and pass what they allow.
#[test]
fn the_scanners_find_what_the_rules_forbid() {
    let newest = tftype::versions::newest(Product::Terraform);
    let (major, minor) = newest.version.split_once('.').unwrap();
    let unknown = format!("{major}.{}", minor.parse::<u64>().unwrap() + 1);
    let table: &[(String, Vec<String>)] = &[
        ("terraform@1.5 and opentofu@1.6".into(), vec![]),
        (format!("`terraform@{unknown}`"), vec![format!("terraform@{unknown}")]),
        (format!("flavor=terraform%40{unknown}&x"), vec![format!("terraform@{unknown}")]),
        ("opentofu@0.11 terraform@latest terraform@ terraform@9.9".into(), vec!["opentofu@0.11".into()]),
    ];
    for (text, want) in table {
        assert_eq!(&unknown_flavor_names(text), want, "{text}");
    }
    assert_eq!(
        unknown_product_versions(&format!(
            "Terraform {unknown}+, Terraform 1.9, OpenTofu 1.5, Terraform 1.9.8, Terraform v0.11"
        )),
        [format!("Terraform {unknown}"), "Terraform 0.11".into(), "OpenTofu 1.5".into()]
    );
    assert_eq!(
        written_ranges("Terraform 1.5–1.15 and OpenTofu 1.6-1.12; go-cty 1.16.3; 80-90"),
        ["1.5–1.15", "1.6-1.12"]
    );
    assert!(written_ranges("{versions} compared, port 80-8080, x-1.2").is_empty());
    let rs =
        "/// `terraform@1.9`\nconst X: &str = \"terraform@1.15\";\n#[cfg(test)]\nmod tests { \"terraform@1.5\" }\n";
    assert_eq!(flavor_literals_in_code(Path::new("a/b.rs"), rs), ["line 2: const X: &str = \"terraform@1.15\";"]);
    let js = "// <x flavor=\"opentofu@1.8\">\nconst D = 'terraform@1.15';\n";
    assert_eq!(flavor_literals_in_code(Path::new("embed/x.js"), js), ["line 2: const D = 'terraform@1.15';"]);
    assert!(flavor_literals_in_code(Path::new("npm/test.mjs"), js).is_empty());
}

/// Every flavor name a face writes (`terraform@1.9`, in examples, docs,
/// tests and settings) is one the flavor table has.
#[test]
fn faces_name_only_versions_the_flavor_table_has() {
    let mut bad = Vec::new();
    for path in face_files() {
        for name in unknown_flavor_names(&read(&path)) {
            bad.push(format!("{}: {name}", shown(&path)));
        }
    }
    assert!(bad.is_empty(), "names no flavor of core/src/flavor.rs has:\n{}", bad.join("\n"));
}

/// The words the reader sees — catalogs, the READMEs, the extension's
/// settings — name product versions the table has ("OpenTofu 1.11+").
#[test]
fn face_texts_name_only_product_versions_the_flavor_table_has() {
    let mut bad = Vec::new();
    for path in face_files() {
        let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
        if !matches!(ext, "json" | "md" | "html") {
            continue;
        }
        for v in unknown_product_versions(&read(&path)) {
            bad.push(format!("{}: {v}", shown(&path)));
        }
    }
    assert!(bad.is_empty(), "names a version core/src/flavor.rs does not have:\n{}", bad.join("\n"));
}

/// The catalogs (and the extension's settings texts made from them) write
/// no range of versions: "{versions}" is filled from the table, so a new
/// version needs no new words.
#[test]
fn the_catalogs_write_no_range_of_versions() {
    let mut files = files_under("core/i18n");
    files.extend(
        files_under("editors/vscode")
            .into_iter()
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("package.nls"))),
    );
    assert!(files.len() >= 3, "{files:?}");
    let mut bad = Vec::new();
    for path in files {
        for r in written_ranges(&read(&path)) {
            bad.push(format!("{}: {r}", shown(&path)));
        }
    }
    assert!(bad.is_empty(), "ranges of versions written by hand:\n{}", bad.join("\n"));
}

/// Code takes flavor names from the table (the page's picker, `--flavor`,
/// the element's and npm's `defaultFlavor()`): no face's code holds one,
/// and in the engine only `flavor.rs` does, and the one name old links
/// mean (`link::OLD_LINK_FLAVOR`, fixed for good).
#[test]
fn code_takes_flavor_names_from_the_table() {
    let mut files = face_files();
    files.extend(files_under("core/src").into_iter().filter(|p| !p.ends_with("core/src/flavor.rs")));
    let mut bad = Vec::new();
    for path in files {
        for hit in flavor_literals_in_code(&path, &read(&path)) {
            if hit.contains("pub const OLD_LINK_FLAVOR: &str =") && path.ends_with("core/src/link.rs") {
                continue;
            }
            bad.push(format!("{}: {hit}", shown(&path)));
        }
    }
    assert!(bad.is_empty(), "flavor names in code (ask core/src/flavor.rs instead):\n{}", bad.join("\n"));
}
