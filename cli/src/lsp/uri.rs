//! File URIs and paths: the path a `file:` URI names, normalised so that
//! one file is one document whatever URI names it, and the URI of a path.

use std::path::{Path, PathBuf};

use lsp_types as lt;

/// A file URI's path (`file:///a%20b/x.tf` → `/a b/x.tf`), with its dot
/// segments resolved (`/m/../x.tf` and `/m/%2e%2e/x.tf` are `/x.tf`, RFC 3986
/// 5.2.4; a percent-encoded dot is a dot, 6.2.2.2), so that one file is one
/// document whatever URI names it. A segment that decodes to a `/` (`%2F`)
/// or a NUL names no file: None.
pub(super) fn uri_path(uri: &lt::Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let rest = s.strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let decode = |seg: &str| -> Option<Vec<u8>> {
        let bytes = seg.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' && i + 2 < bytes.len() {
                if let Some(b) =
                    std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    out.push(b);
                    i += 3;
                    continue;
                }
            }
            out.push(bytes[i]);
            i += 1;
        }
        (!out.contains(&b'/') && !out.contains(&0)).then_some(out)
    };
    let mut segments: Vec<Vec<u8>> = Vec::new();
    let raw: Vec<&str> = rest[1..].split('/').collect();
    for (i, seg) in raw.iter().enumerate() {
        let d = decode(seg)?;
        let dots = matches!(d.as_slice(), b"." | b"..");
        match d.as_slice() {
            b"." => {}
            b".." => {
                segments.pop();
            }
            _ => segments.push(d),
        }
        // A trailing dot segment leaves the directory itself.
        if i + 1 == raw.len() && dots {
            segments.push(Vec::new());
        }
    }
    let mut out = Vec::new();
    for seg in segments {
        out.push(b'/');
        out.extend(seg);
    }
    if out.is_empty() {
        out.push(b'/');
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Some(PathBuf::from(std::ffi::OsString::from_vec(out)))
    }
    #[cfg(not(unix))]
    {
        Some(PathBuf::from(String::from_utf8_lossy(&out).into_owned()))
    }
}

/// A path's file URI.
pub(super) fn path_uri(p: &Path) -> Option<lt::Uri> {
    let mut s = String::from("file://");
    for b in p.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            s.push(*b as char);
        } else {
            s += &format!("%{b:02X}");
        }
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        let p = PathBuf::from("/tmp/a b/é#.tf");
        let u = path_uri(&p).unwrap();
        assert_eq!(u.as_str(), "file:///tmp/a%20b/%C3%A9%23.tf");
        assert_eq!(uri_path(&u), Some(p));
        assert_eq!(uri_path(&"untitled:x".parse().unwrap()), None);
    }

    /// reliability-5 #18: one file is one document, whatever URI names it;
    /// a `%2F` is no separator (such a URI names no file).
    #[test]
    fn uris_name_one_file_with_their_dot_segments_resolved() {
        let table: [(&str, Option<&str>); 7] = [
            ("file:///ws/mod/../../outside/terraform.tfvars", Some("/outside/terraform.tfvars")),
            ("file:///ws/mod/%2e%2e/%2E%2E/outside/x.tfvars", Some("/outside/x.tfvars")),
            ("file:///ws/./mod/main.tf", Some("/ws/mod/main.tf")),
            ("file:///ws/mod%2F..%2F..%2Foutside%2Fy.tfvars", None),
            ("file:///ws/a%00b.tf", None),
            ("file:///../x.tf", Some("/x.tf")),
            ("file://localhost/ws/main.tf", Some("/ws/main.tf")),
        ];
        for (uri, want) in table {
            assert_eq!(uri_path(&uri.parse().unwrap()), want.map(PathBuf::from), "{uri}");
        }
    }
}
