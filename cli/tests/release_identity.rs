//! One release identity for every artifact: the version, repository and
//! homepage (the released playground) live in the root Cargo.toml's
//! `[workspace.package]`; every crate inherits them and every other manifest
//! (the VS Code extension, the npm package's generator, the GitHub Action,
//! the release archives, the cargo-binstall metadata, README, CHANGELOG)
//! reads or names the same. The built artifacts (dist/npm/package.json, the
//! .vsix, the release archive) are checked by scripts/test-release.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn manifest(rel: &str) -> toml::Table {
    read(rel).parse().unwrap_or_else(|e| panic!("{rel}: {e}"))
}

struct Identity {
    version: String,
    repository: String,
    homepage: String,
    license: String,
}

fn identity() -> Identity {
    let m = manifest("Cargo.toml");
    let wp = m["workspace"]["package"].as_table().expect("[workspace.package]");
    let field =
        |k: &str| wp.get(k).and_then(|v| v.as_str()).unwrap_or_else(|| panic!("[workspace.package] {k}")).to_string();
    Identity {
        version: field("version"),
        repository: field("repository"),
        homepage: field("homepage"),
        license: field("license"),
    }
}

#[test]
fn the_identity_is_the_decided_one() {
    let id = identity();
    assert_eq!(id.repository, "https://github.com/tftype/tftype");
    assert_eq!(
        id.homepage, "https://tftype.github.io/tftype/",
        "the released playground (GitHub Pages of the repository)"
    );
    assert_eq!(id.license, "MPL-2.0");
    let v: Vec<&str> = id.version.split('.').collect();
    assert!(
        v.len() == 3 && v.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())),
        "version {} is MAJOR.MINOR.PATCH",
        id.version
    );
    assert!(read("LICENSE").starts_with("Mozilla Public License Version 2.0\n"), "LICENSE is the MPL-2.0 text");
}

#[test]
fn every_crate_inherits_the_workspace_identity() {
    let root_manifest = manifest("Cargo.toml");
    let members: Vec<String> = root_manifest["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("{}/Cargo.toml", m.as_str().unwrap()))
        .collect();
    assert!(
        members.iter().any(|m| m == "core/Cargo.toml") && members.iter().any(|m| m == "cli/Cargo.toml"),
        "{members:?}"
    );
    let mut manifests = vec!["Cargo.toml".to_string()];
    manifests.extend(members);
    for rel in &manifests {
        let m = manifest(rel);
        let package = m["package"].as_table().unwrap_or_else(|| panic!("{rel}: [package]"));
        for key in ["version", "license", "repository", "edition"] {
            let inherits =
                package.get(key).and_then(|v| v.as_table()).and_then(|t| t.get("workspace")).and_then(|w| w.as_bool())
                    == Some(true);
            assert!(inherits, "{rel}: {key}.workspace = true");
        }
    }
}

#[test]
fn path_dependencies_name_the_workspace_version() {
    let id = identity();
    // (manifest, dependency): what a published crate would ask crates.io for.
    let cases = [("cli/Cargo.toml", "tftype"), ("Cargo.toml", "tftype-cli")];
    for (rel, dep) in cases {
        let m = manifest(rel);
        let req = m["dependencies"][dep]
            .get("version")
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("{rel}: {dep} has no version"));
        assert_eq!(req, id.version, "{rel}: {dep}");
    }
}

#[test]
fn the_vscode_extension_has_the_workspace_identity() {
    let id = identity();
    let p: serde_json::Value = serde_json::from_str(&read("editors/vscode/package.json")).unwrap();
    let cases = [("version", &id.version), ("license", &id.license), ("homepage", &id.homepage)];
    for (key, want) in cases {
        assert_eq!(p[key].as_str(), Some(want.as_str()), "editors/vscode/package.json {key}");
    }
    assert_eq!(
        p["repository"]["url"].as_str(),
        Some(id.repository.as_str()),
        "editors/vscode/package.json repository.url"
    );
    assert_eq!((p["publisher"].as_str(), p["name"].as_str()), (Some("tftype"), Some("tftype")));
}

#[test]
fn generated_manifests_read_the_workspace_identity() {
    // (file, text it must hold): the npm package.json of build_npm, the action and the release
    // archives read the identity from Cargo.toml (scripts/lib/identity.sh) rather than repeat it.
    let cases = [
        ("scripts/lib/ensure-tools.sh", r#"version="$(workspace_field version)""#),
        ("scripts/lib/ensure-tools.sh", r#"repository="$(workspace_field repository)""#),
        ("scripts/lib/ensure-tools.sh", r#""version": "$version","#),
        ("scripts/lib/ensure-tools.sh", r#""repository": { "type": "git", "url": "git+$repository.git" },"#),
        ("scripts/lib/ensure-tools.sh", r#""license": "MPL-2.0","#),
        ("scripts/action.sh", r#"version="$(workspace_field version "$action_root/Cargo.toml")""#),
        ("scripts/action.sh", r#"repository="$(workspace_field repository "$action_root/Cargo.toml")""#),
        ("scripts/release-build", r#"version="$(workspace_field version)""#),
        ("scripts/release-build", r#"name="tftype-$version-$target""#),
    ];
    for (rel, text) in cases {
        assert!(read(rel).contains(text), "{rel} holds {text}");
    }
    // The action's version input defaults to the action's own version (its Cargo.toml).
    let action = read("action.yml");
    let version_input = action.split("\n  version:\n").nth(1).expect("action.yml has a version input");
    assert!(
        version_input.lines().take(4).any(|l| l.trim() == r#"default: """#),
        "action.yml: version defaults to the action's own"
    );
}

#[test]
fn binstall_metadata_names_the_release_archives() {
    let m = manifest("cli/Cargo.toml");
    let b = &m["package"]["metadata"]["binstall"];
    // scripts/release-build's names: tftype-<version>-<target>.tar.gz|zip, one folder inside.
    // Written out, not `{ name }`: binstall's { name } is the crate's, tftype-cli.
    assert_eq!(
        b["pkg-url"].as_str(),
        Some("{ repo }/releases/download/v{ version }/tftype-{ version }-{ target }{ archive-suffix }")
    );
    assert_eq!(b["bin-dir"].as_str(), Some("tftype-{ version }-{ target }/{ bin }{ binary-ext }"));
    assert_eq!(b["overrides"]["x86_64-pc-windows-msvc"]["pkg-fmt"].as_str(), Some("zip"));
    assert_eq!(m["bin"][0]["name"].as_str(), Some("tftype"), "{{ bin }} is tftype");
}

#[test]
fn docs_name_this_version_and_repository() {
    let id = identity();
    let v = &id.version;
    // (file, text it must hold)
    let cases = [
        ("CHANGELOG.md", format!("\n## [{v}] - ")),
        ("CHANGELOG.md", format!("\n[{v}]: {}/releases/tag/v{v}\n", id.repository)),
        ("README.md", format!("uses: tftype/tftype@v{v}")),
        ("README.md", format!("https://cdn.jsdelivr.net/npm/tftype@{v}/tftype-embed.js")),
        ("README.md", id.homepage.clone()),
        ("action.yml", format!("uses: tftype/tftype@v{v}")),
    ];
    for (rel, text) in &cases {
        assert!(read(rel).contains(text.as_str()), "{rel} holds {text:?}");
    }
}

#[test]
fn no_owner_placeholder_is_left() {
    let files = [
        "README.md",
        "CHANGELOG.md",
        "Cargo.toml",
        "core/Cargo.toml",
        "cli/Cargo.toml",
        "editors/vscode/package.json",
        "action.yml",
        ".github/workflows/release.yml",
        ".github/workflows/pages.yml",
        ".pre-commit-hooks.yaml",
        "scripts/lib/ensure-tools.sh",
    ];
    for rel in files {
        assert!(!read(rel).contains("OWNER"), "{rel} still holds the OWNER placeholder");
    }
}

#[test]
fn the_default_playground_is_the_released_one_unless_built_otherwise() {
    match option_env!("TFTYPE_PLAYGROUND_URL") {
        None => assert_eq!(tftype_cli::PLAYGROUND, identity().homepage),
        Some(url) => assert_eq!(tftype_cli::PLAYGROUND, url),
    }
}
