//! A directory of files for a test, under the system's temporary directory.

use std::path::PathBuf;

/// Writes `files` (relative paths, with their directories) into a fresh
/// directory named after the test file (`prefix`), the process and `name`.
pub fn write_tree(prefix: &str, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}
