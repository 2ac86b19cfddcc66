//! Terraform's `internal/lang/funcs/crypto.go` hashes of strings: md5, sha1,
//! sha256, sha512 (hex) and base64sha256, base64sha512.

use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::{s, text, Function, Param, STRING};
use crate::types::Type;

pub(super) const NAMES: &[&str] = &["base64sha256", "base64sha512", "md5", "sha1", "sha256", "sha512"];

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

pub(super) fn lookup(name: &str) -> Option<Function> {
    let imp: super::ImplFn = match name {
        "md5" => |a, _, _| Ok(s(&hex(&Md5::digest(text(&a[0]).as_bytes())))),
        "sha1" => |a, _, _| Ok(s(&hex(&Sha1::digest(text(&a[0]).as_bytes())))),
        "sha256" => |a, _, _| Ok(s(&hex(&Sha256::digest(text(&a[0]).as_bytes())))),
        "sha512" => |a, _, _| Ok(s(&hex(&Sha512::digest(text(&a[0]).as_bytes())))),
        "base64sha256" => |a, _, _| Ok(s(&super::encoding::base64_encode(&Sha256::digest(text(&a[0]).as_bytes())))),
        "base64sha512" => |a, _, _| Ok(s(&super::encoding::base64_encode(&Sha512::digest(text(&a[0]).as_bytes())))),
        _ => return None,
    };
    Some(Function::new(vec![Param::new("str", Type::String)], STRING, imp))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Terraform's `TestSha256` / `TestMd5` / `TestBase64Sha512` tables.
    #[test]
    fn hashes_follow_terraforms_crypto_tests() {
        let p = crate::flavor::Profile::default();
        let cases = [
            ("md5", "tada", "ce47d07243bb6eaf5e1322c81baf9bbf"),
            ("sha1", "test", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"),
            ("sha256", "test", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"),
            ("base64sha256", "test", "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg="),
        ];
        for (f, input, want) in cases {
            let func = lookup(f).unwrap();
            let got = super::super::call(&func, &[s(input)], &p).unwrap();
            assert_eq!(got.as_str(), Some(want), "{f}");
        }
    }
}
