//! Tests of the WASI emulation, in a file of their own: they write files,
//! which the CLI's own source never does (cli_check's static rule).
/// The emulated `canonicalize` resolves what the native one does: `.`,
/// `..`, relative and absolute symbolic links, chains of them; a loop and
/// a missing path are errors.
#[test]
fn canonicalize_agrees_with_std() {
    let root = std::env::temp_dir().join(format!("tftype-wasi-canon-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("a/b")).unwrap();
    std::fs::write(root.join("a/b/f.tf"), "").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink("a/b", root.join("rel")).unwrap();
        symlink(root.join("a"), root.join("abs")).unwrap();
        symlink("rel", root.join("chain")).unwrap();
        symlink("loop", root.join("loop")).unwrap();
        symlink("../..", root.join("a/b/up")).unwrap();
    }
    let root = root.canonicalize().unwrap();
    let table =
        ["a/b/f.tf", "a/./b/../b", "rel/f.tf", "abs/b", "chain/f.tf", "a/b/up/a", "loop", "missing", "a/b/f.tf/x"];
    for rel in table {
        let p = root.join(rel);
        let want = p.canonicalize().ok();
        let got = super::canonicalize(&p).ok();
        assert_eq!(got, want, "{rel}");
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// musl's words for I/O errors become glibc's (Go's), the others stay.
#[test]
fn io_errors_in_glibc_words() {
    let table = [
        ("Symbolic link loop", "Too many levels of symbolic links"),
        ("Filename too long", "File name too long"),
        ("I/O error", "Input/output error"),
        ("Permission denied", "Permission denied"),
        ("No such file or directory", "No such file or directory"),
    ];
    for (musl, glibc) in table {
        assert_eq!(super::glibc_words(musl), glibc);
    }
}
