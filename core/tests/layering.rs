//! Dependencies point down: a module does not use the modules above it.

use std::path::Path;

/// (module file, modules above it that it must not name).
const BELOW: &[(&str, &[&str])] = &[
    // The story sits above the pipeline; the pipeline carries its data only.
    ("pipeline.rs", &["why", "entry"]),
    ("why.rs", &["entry"]),
    ("story.rs", &["why", "pipeline", "entry"]),
    // Go quoting is a leaf that types, sets, paths and messages use.
    ("goprint.rs", &["render", "types", "value", "set", "pipeline"]),
    ("types.rs", &["render", "pipeline", "why"]),
    ("set.rs", &["render", "pipeline", "why"]),
    ("path.rs", &["render", "pipeline", "why"]),
    ("mismatch.rs", &["render", "pipeline", "why"]),
    ("typeexpr/pretty.rs", &["render", "pipeline", "why"]),
];

/// The source without `#[cfg(test)]` modules (tests may use anything).
fn non_test_source(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(file);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match src.find("#[cfg(test)]\nmod tests") {
        Some(i) => src[..i].to_string(),
        None => src,
    }
}

#[test]
fn modules_do_not_use_the_modules_above_them() {
    let mut bad = Vec::new();
    for (file, above) in BELOW {
        let src = non_test_source(file);
        for m in *above {
            for pat in [format!("crate::{m}::"), format!("crate::{m};"), format!("crate::{{{m},")] {
                if src.contains(&pat) {
                    bad.push(format!("{file} uses {m} ({pat})"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
