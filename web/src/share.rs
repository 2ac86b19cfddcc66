//! Share links: the whole playground state in the URL fragment.
//!
//! Format `v1`: `#v1.` followed by base64url (no padding) of the raw DEFLATE
//! (RFC 1951, no zlib header) of the state as JSON (`model::State`'s serde
//! names). Raw DEFLATE is what browsers' `CompressionStream("deflate-raw")`
//! makes, so other tools can produce links too.
//!
//! Decoding is strict and total: any input gives a `State` or a
//! [`ShareError`] with a sentence for the page, never a panic; the decoded
//! JSON is capped at [`MAX_DECODED`] bytes, whatever the compression ratio.
//! Links made by this version must keep decoding forever
//! (`web/tests/share_fixtures.jsonl`).

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::{alphabet, Engine as _};
use std::fmt;

use crate::single::model::State;

/// The current link format's prefix (after `#`).
pub const PREFIX_V1: &str = "v1.";
/// Largest accepted decompressed JSON, in bytes.
pub const MAX_DECODED: usize = 1024 * 1024;
/// Largest accepted fragment, in bytes (before any decoding).
pub const MAX_FRAGMENT: usize = 2 * 1024 * 1024;
/// Longest accepted variable name, in characters.
pub const MAX_VAR_NAME: usize = 256;

/// base64url; padding is neither written nor required, but tolerated.
const B64: GeneralPurpose = GeneralPurpose::new(
    &alphabet::URL_SAFE,
    GeneralPurposeConfig::new().with_encode_padding(false).with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Why a fragment could not be turned into a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// No fragment at all: not an error, just nothing to restore.
    Empty,
    /// `#vN.` with an N this version does not know.
    UnknownVersion(String),
    /// Longer than the limits allow (before or after decompression).
    TooLarge,
    /// Anything else: not base64url, not DEFLATE, not the JSON we write (the
    /// reason: a key under `ui.link.why.` in the catalogs).
    Malformed(&'static str),
}

impl ShareError {
    /// The notice for the reader, in `lang` (the catalogs' `ui.link.*`).
    pub fn message(&self, lang: tftype::i18n::Lang) -> String {
        use tftype::i18n::{fill, text};
        match self {
            ShareError::Empty => text(lang, "ui.link.empty").to_string(),
            ShareError::UnknownVersion(v) => fill(lang, "ui.link.unknown_version", &[("version", v)]),
            ShareError::TooLarge => text(lang, "ui.link.too_large").to_string(),
            ShareError::Malformed(why) => {
                fill(lang, "ui.link.damaged", &[("why", text(lang, &format!("ui.link.why.{why}")))])
            }
        }
    }
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(tftype::i18n::Lang::En))
    }
}

/// The fragment for `state`, including the leading `#` (natively; the page
/// uses [`link`]).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn encode(state: &State) -> String {
    fragment_of(&deflate::compress_now(&state_json(state)))
}

/// The fragment for `state`, or None when the state is too large for a link
/// ([`decode`] would refuse it).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn encode_shareable(state: &State) -> Option<String> {
    let json = state_json(state);
    (json.len() <= MAX_DECODED).then(|| fragment_of(&deflate::compress_now(&json)))
}

/// Reads a fragment (with or without its leading `#`) (natively; the page
/// reads it with [`read_opened`]).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn decode(fragment: &str) -> Result<State, ShareError> {
    state_of(&deflate::decompress_now(&deflated_of(fragment)?, MAX_DECODED)?)
}

/// The fragment for `state` (with its `#`), or None when the state is too
/// large for a link. In the browser the compression is the browser's own
/// (`CompressionStream("deflate-raw")`), which answers asynchronously.
/// With the Module view's files, the link carries them too (the `module`
/// key next to the state's; a page without the Module view ignores it).
pub async fn link(state: &State, module: Option<&str>) -> Option<String> {
    let json = state_json_with(state, module);
    if json.len() > MAX_DECODED {
        return None;
    }
    Some(fragment_of(&deflate::compress(&json).await?))
}

/// The JSON a fragment (with or without its leading `#`) carries; in the
/// browser decompressed with its `DecompressionStream("deflate-raw")`,
/// stopped at [`MAX_DECODED`] bytes.
async fn read_json(fragment: &str) -> Result<Vec<u8>, ShareError> {
    let deflated = deflated_of(fragment)?;
    deflate::decompress(&deflated, MAX_DECODED).await
}

thread_local! {
    static OPENED: std::cell::RefCell<Option<Result<State, ShareError>>> = const { std::cell::RefCell::new(None) };
    static OPENED_JSON: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Reads the fragment the page was opened with, once, before the page is
/// mounted (`main.rs`: reading it takes the browser a moment).
pub async fn read_opened() {
    let (state, text) = match read_json(&crate::shared::page::hash()).await {
        Ok(json) => (state_of(&json), String::from_utf8(json).ok()),
        Err(e) => (Err(e), None),
    };
    OPENED.with(|o| *o.borrow_mut() = Some(state));
    OPENED_JSON.with(|o| *o.borrow_mut() = text);
}

/// The JSON of the link the page was opened with (its `module` key is the
/// Module view's files, which only the view reads: `module/host.rs`).
pub fn opened_json() -> Option<String> {
    OPENED_JSON.with(|o| o.borrow().clone())
}

/// The state of the fragment the page was opened with ([`read_opened`]).
pub fn opened() -> Result<State, ShareError> {
    OPENED.with(|o| o.borrow().clone()).unwrap_or(Err(ShareError::Empty))
}

fn state_json(state: &State) -> Vec<u8> {
    serde_json::to_vec(state).expect("a State always serialises")
}

fn state_json_with(state: &State, module: Option<&str>) -> Vec<u8> {
    match module {
        None => state_json(state),
        // The state's object with one more key (spliced as text: serde_json's
        // Value would add its whole machinery to the page's .wasm).
        Some(m) => {
            let mut json = state_json(state);
            json.pop();
            json.extend_from_slice(b",\"module\":");
            json.extend_from_slice(m.as_bytes());
            json.push(b'}');
            json
        }
    }
}

/// The Module view's files in a link's JSON, as JSON text (None: none, or
/// not an object; natively, for tests: the page hands the JSON to
/// `js-src/module-host.js`, which reads the key).
#[cfg(all(test, not(target_arch = "wasm32")))]
fn module_of(json: &[u8]) -> Option<String> {
    let link: serde_json::Value = serde_json::from_slice(json).ok()?;
    let module = link.get("module")?;
    module.is_object().then(|| module.to_string())
}

/// [`encode_shareable`] with the Module view's files (natively, for tests).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn encode_shareable_with(state: &State, module: Option<&str>) -> Option<String> {
    let json = state_json_with(state, module);
    (json.len() <= MAX_DECODED).then(|| fragment_of(&deflate::compress_now(&json)))
}

/// The Module view's files a fragment carries (natively, for tests).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn decode_module(fragment: &str) -> Option<String> {
    module_of(&deflate::decompress_now(&deflated_of(fragment).ok()?, MAX_DECODED).ok()?)
}

fn fragment_of(deflated: &[u8]) -> String {
    let mut out = String::with_capacity(1 + PREFIX_V1.len() + deflated.len() * 4 / 3 + 4);
    out.push('#');
    out.push_str(PREFIX_V1);
    B64.encode_string(deflated, &mut out);
    out
}

/// The compressed state a fragment carries.
fn deflated_of(fragment: &str) -> Result<Vec<u8>, ShareError> {
    let frag = fragment.strip_prefix('#').unwrap_or(fragment).trim();
    if frag.is_empty() {
        return Err(ShareError::Empty);
    }
    if frag.len() > MAX_FRAGMENT {
        return Err(ShareError::TooLarge);
    }
    let Some(body) = frag.strip_prefix(PREFIX_V1) else {
        return Err(match version_of(frag) {
            Some(v) => ShareError::UnknownVersion(v),
            None => ShareError::Malformed("not_a_link"),
        });
    };
    B64.decode(body.as_bytes()).map_err(|_| ShareError::Malformed("not_base64url"))
}

fn state_of(json: &[u8]) -> Result<State, ShareError> {
    let state: State = serde_json::from_slice(json).map_err(|_| ShareError::Malformed("bad_state"))?;
    if state.var_name.chars().count() > MAX_VAR_NAME {
        return Err(ShareError::Malformed("long_name"));
    }
    Ok(state)
}

/// Raw DEFLATE: miniz_oxide natively, the browser's compression streams in
/// the page (no DEFLATE code in the page's .wasm).
mod deflate {
    use super::ShareError;

    fn broken() -> ShareError {
        ShareError::Malformed("broken_deflate")
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn compress_now(data: &[u8]) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec(data, 6)
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn decompress_now(data: &[u8], max: usize) -> Result<Vec<u8>, ShareError> {
        miniz_oxide::inflate::decompress_to_vec_with_limit(data, max).map_err(|e| {
            if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
                ShareError::TooLarge
            } else {
                broken()
            }
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub async fn compress(data: &[u8]) -> Option<Vec<u8>> {
        Some(compress_now(data))
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub async fn decompress(data: &[u8], max: usize) -> Result<Vec<u8>, ShareError> {
        decompress_now(data, max)
    }

    #[cfg(target_arch = "wasm32")]
    mod streams {
        use js_sys::{Array, Reflect, Uint8Array};
        use wasm_bindgen::prelude::*;
        use wasm_bindgen::JsCast;
        use wasm_bindgen_futures::JsFuture;
        use web_sys::{Blob, ReadableStream, ReadableStreamDefaultReader, ReadableWritablePair};

        // (web-sys has these only behind its unstable-APIs flag.)
        #[wasm_bindgen]
        extern "C" {
            type CompressionStream;
            #[wasm_bindgen(constructor, catch)]
            fn new(format: &str) -> Result<CompressionStream, JsValue>;
            type DecompressionStream;
            #[wasm_bindgen(constructor, catch)]
            fn new(format: &str) -> Result<DecompressionStream, JsValue>;
        }

        /// `data` piped through a compression or decompression stream.
        fn piped(data: &[u8], through: &JsValue) -> Result<ReadableStream, JsValue> {
            let parts = Array::of1(&Uint8Array::from(data));
            let blob = Blob::new_with_u8_array_sequence(&parts)?;
            Ok(blob.stream().pipe_through(through.unchecked_ref::<ReadableWritablePair>()))
        }

        /// Every chunk of `stream`, stopped (None) past `max` bytes.
        async fn collect(stream: ReadableStream, max: usize) -> Result<Option<Vec<u8>>, JsValue> {
            let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
            let mut out = Vec::new();
            loop {
                let step = JsFuture::from(reader.read()).await?;
                if Reflect::get(&step, &"done".into())?.as_bool().unwrap_or(true) {
                    return Ok(Some(out));
                }
                let chunk: Uint8Array = Reflect::get(&step, &"value".into())?.unchecked_into();
                if out.len() + chunk.length() as usize > max {
                    let _ = reader.cancel();
                    return Ok(None);
                }
                let at = out.len();
                out.resize(at + chunk.length() as usize, 0);
                chunk.copy_to(&mut out[at..]);
            }
        }

        pub async fn compress(data: &[u8]) -> Result<Vec<u8>, JsValue> {
            let cs = CompressionStream::new("deflate-raw")?;
            Ok(collect(piped(data, &cs)?, usize::MAX).await?.unwrap_or_default())
        }

        pub async fn decompress(data: &[u8], max: usize) -> Result<Option<Vec<u8>>, JsValue> {
            let ds = DecompressionStream::new("deflate-raw")?;
            collect(piped(data, &ds)?, max).await
        }
    }

    /// None: the browser could not compress (no `CompressionStream`).
    #[cfg(target_arch = "wasm32")]
    pub async fn compress(data: &[u8]) -> Option<Vec<u8>> {
        streams::compress(data).await.ok()
    }

    #[cfg(target_arch = "wasm32")]
    pub async fn decompress(data: &[u8], max: usize) -> Result<Vec<u8>, ShareError> {
        match streams::decompress(data, max).await {
            Ok(Some(out)) => Ok(out),
            Ok(None) => Err(ShareError::TooLarge),
            Err(_) => Err(broken()),
        }
    }
}

/// `v7` for `v7.xyz`: a version tag we do not know. None when the fragment
/// does not look like a versioned link at all.
fn version_of(frag: &str) -> Option<String> {
    let (tag, _) = frag.split_once('.')?;
    let digits = tag.strip_prefix('v')?;
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(tag.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::single::model::{Format, Tab};

    fn sample() -> State {
        State {
            type_src: "list(object({\n  name = string\n  port = optional(number, 80)\n}))".into(),
            value: "[{ name = \"web\" }, { name = \"api\", port = \"8080\" }]".into(),
            format: Format::Tfvars,
            nullable: false,
            sensitive: true,
            var_name: "services".into(),
            tab: Tab::Json,
            flavor: "opentofu@1.8".into(),
            lang: Some(tftype::i18n::Lang::Ja),
        }
    }

    /// A fragment carrying `bytes` as its (already deflated) payload.
    fn frag_of_deflated(bytes: &[u8]) -> String {
        format!("#v1.{}", B64.encode(bytes))
    }

    fn frag_of_json(json: &str) -> String {
        frag_of_deflated(&miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 6))
    }

    #[test]
    fn encoded_link_starts_with_the_version_prefix_and_is_url_safe() {
        let f = encode(&sample());
        assert!(f.starts_with("#v1."), "{f}");
        assert!(f[4..].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{f}");
    }

    #[test]
    fn decode_restores_every_field() {
        assert_eq!(decode(&encode(&sample())), Ok(sample()));
        assert_eq!(decode(&encode(&State::default())), Ok(State::default()));
    }

    #[test]
    fn decode_accepts_the_fragment_without_its_hash_sign() {
        let f = encode(&sample());
        assert_eq!(decode(&f[1..]), Ok(sample()));
    }

    #[test]
    fn decode_tolerates_base64_padding() {
        // Find a state whose payload length needs padding, and add it.
        for n in 0..3 {
            let s = State { value: "x".repeat(n), ..sample() };
            let f = encode(&s);
            let pad = (4 - (f.len() - 4) % 4) % 4;
            if pad > 0 {
                assert_eq!(decode(&format!("{f}{}", "=".repeat(pad))), Ok(s));
                return;
            }
        }
        panic!("no sample needed padding");
    }

    #[test]
    fn text_survives_exactly_unicode_newlines_and_control_characters() {
        let s = State {
            type_src: "map(string) # ünïcödé 🙂".into(),
            value: "{\r\n a = \"\u{0}\u{7f}\t\\\"\" # é vs e\u{301}\n}\u{2028}\u{feff}".into(),
            var_name: "名前".into(),
            ..State::default()
        };
        assert_eq!(decode(&encode(&s)), Ok(s));
    }

    #[test]
    fn empty_fragment_is_reported_as_empty() {
        assert_eq!(decode(""), Err(ShareError::Empty));
        assert_eq!(decode("#"), Err(ShareError::Empty));
        assert_eq!(decode("#  "), Err(ShareError::Empty));
    }

    #[test]
    fn unknown_version_is_named_in_the_error() {
        assert_eq!(decode("#v2.abc"), Err(ShareError::UnknownVersion("v2".into())));
        assert_eq!(decode("#v10.x"), Err(ShareError::UnknownVersion("v10".into())));
        let msg = decode("#v2.abc").unwrap_err().to_string();
        assert!(msg.contains("v2") && msg.contains("default example"), "{msg}");
    }

    #[test]
    fn fragments_that_are_not_links_are_malformed() {
        for f in ["#hello", "#v.abc", "#vx.abc", "#V1.abc", "#v1", "#panic-test", "#1.abc"] {
            assert!(matches!(decode(f), Err(ShareError::Malformed(_))), "{f}: {:?}", decode(f));
        }
    }

    #[test]
    fn non_base64_payload_is_malformed() {
        assert_eq!(decode("#v1.a+b/c"), Err(ShareError::Malformed("not_base64url")));
        assert_eq!(decode("#v1.abc%20def"), Err(ShareError::Malformed("not_base64url")));
        assert_eq!(decode("#v1.ab=cd"), Err(ShareError::Malformed("not_base64url")));
    }

    #[test]
    fn base64_of_non_deflate_bytes_is_malformed() {
        let f = frag_of_deflated(&[0xff; 16]);
        assert_eq!(decode(&f), Err(ShareError::Malformed("broken_deflate")));
        // A truncated stream.
        let mut d = miniz_oxide::deflate::compress_to_vec(serde_json::to_string(&sample()).unwrap().as_bytes(), 6);
        d.truncate(d.len() / 2);
        assert_eq!(decode(&frag_of_deflated(&d)), Err(ShareError::Malformed("broken_deflate")));
    }

    #[test]
    fn deflated_text_that_is_not_the_state_json_is_malformed() {
        for json in ["not json", "[1,2]", "{\"type\": 5}", "{\"format\": 5}", "{\"nullable\": \"yes\"}", "null", ""] {
            assert_eq!(decode(&frag_of_json(json)), Err(ShareError::Malformed("bad_state")), "{json}");
        }
    }

    /// A format or language this version does not know (a link from a
    /// later one) falls back for that field alone; the rest is restored.
    #[test]
    fn unknown_format_and_language_fall_back_field_by_field() {
        let cases = [
            (r#"{"type": "number", "value": "1", "format": "yaml"}"#, Format::Hcl, None),
            (r#"{"type": "number", "value": "1", "format": "json", "lang": "xx"}"#, Format::Json, None),
            (
                r#"{"type": "number", "value": "1", "format": "constructor", "lang": "ja"}"#,
                Format::Hcl,
                Some(tftype::i18n::Lang::Ja),
            ),
        ];
        for (json, format, lang) in cases {
            let s = decode(&frag_of_json(json)).unwrap_or_else(|e| panic!("{json}: {e:?}"));
            assert_eq!(
                (s.type_src.as_str(), s.value.as_str(), s.format, s.lang),
                ("number", "1", format, lang),
                "{json}"
            );
        }
    }

    #[test]
    fn deeply_nested_json_is_rejected_without_overflowing_the_stack() {
        let json = format!("{{\"type\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(decode(&frag_of_json(&json)), Err(ShareError::Malformed("bad_state")));
    }

    /// A missing field takes its default; a missing flavor is the one old
    /// links were made for, not the default of the day.
    #[test]
    fn missing_fields_take_their_defaults() {
        let s = decode(&frag_of_json("{\"type\": \"number\", \"value\": \"1\"}")).unwrap();
        let old = State { flavor: tftype::link::OLD_LINK_FLAVOR.into(), ..State::default() };
        assert_eq!(s, State { type_src: "number".into(), value: "1".into(), ..old.clone() });
        assert_eq!(decode(&frag_of_json("{}")), Ok(old));
    }

    #[test]
    fn unknown_fields_are_ignored_and_unknown_tabs_fall_back_to_console() {
        let s = decode(&frag_of_json("{\"type\": \"bool\", \"future\": [1], \"tab\": \"diagram\"}")).unwrap();
        assert_eq!(s.type_src, "bool");
        assert_eq!(s.tab, Tab::Console);
    }

    #[test]
    fn decompression_bomb_is_stopped_at_the_limit() {
        let json = format!("{{\"value\": \"{}\"}}", "a".repeat(MAX_DECODED + 10));
        let d = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
        assert!(d.len() < 10_000, "the bomb is small: {}", d.len());
        assert_eq!(decode(&frag_of_deflated(&d)), Err(ShareError::TooLarge));
    }

    #[test]
    fn state_just_under_the_limit_decodes() {
        let s = State { value: "b".repeat(MAX_DECODED - 200), ..State::default() };
        assert_eq!(decode(&encode(&s)), Ok(s));
    }

    #[test]
    fn states_over_the_limit_are_not_shareable() {
        let small = State { value: "b".repeat(1000), ..State::default() };
        assert_eq!(encode_shareable(&small), Some(encode(&small)));
        let big = State { value: "b".repeat(MAX_DECODED), ..State::default() };
        assert_eq!(encode_shareable(&big), None);
    }

    #[test]
    fn overlong_fragment_is_rejected_before_decoding() {
        let f = format!("#v1.{}", "A".repeat(MAX_FRAGMENT + 1));
        assert_eq!(decode(&f), Err(ShareError::TooLarge));
    }

    #[test]
    fn every_damage_is_told_in_every_language() {
        let long = State { var_name: "n".repeat(MAX_VAR_NAME + 1), ..State::default() };
        let damaged = [
            String::from("#hello"),
            "#v1.a+b/c".into(),
            frag_of_deflated(&[0xff; 16]),
            frag_of_json("[1,2]"),
            encode(&long),
        ];
        let mut reasons = Vec::new();
        for f in &damaged {
            let Err(ShareError::Malformed(why)) = decode(f) else { panic!("{f} is not damaged") };
            reasons.push(why);
            for lang in tftype::i18n::Lang::ALL {
                let said = tftype::i18n::text(lang, &format!("ui.link.why.{why}"));
                assert!(!said.is_empty(), "{why} in {lang:?}");
                assert!(ShareError::Malformed(why).message(lang).contains(said), "{why} in {lang:?}");
            }
        }
        reasons.sort();
        reasons.dedup();
        assert_eq!(reasons.len(), damaged.len(), "each link is damaged its own way: {reasons:?}");
    }

    #[test]
    fn overlong_variable_name_is_rejected() {
        let s = State { var_name: "n".repeat(MAX_VAR_NAME + 1), ..State::default() };
        assert_eq!(decode(&encode(&s)), Err(ShareError::Malformed("long_name")));
        let s = State { var_name: "n".repeat(MAX_VAR_NAME), ..State::default() };
        assert_eq!(decode(&encode(&s)), Ok(s));
    }

    /// Links made by earlier versions: each line holds a link and the state it
    /// must restore, spelled with the v1 field names (not via serde, so that a
    /// renamed field cannot pass unnoticed).
    #[test]
    fn committed_links_keep_decoding() {
        let text = include_str!("../tests/share_fixtures.jsonl");
        let mut n = 0;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with("//") {
                continue;
            }
            let fixture: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
            let link = fixture["link"].as_str().expect("link");
            let want = &fixture["state"];
            let got = decode(link).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
            let field = |k: &str| want.get(k).unwrap_or_else(|| panic!("line {}: state.{k} missing", i + 1));
            assert_eq!(got.type_src, field("type").as_str().unwrap(), "line {}", i + 1);
            assert_eq!(got.value, field("value").as_str().unwrap(), "line {}", i + 1);
            assert_eq!(got.format.key(), field("format").as_str().unwrap(), "line {}", i + 1);
            assert_eq!(got.nullable, field("nullable").as_bool().unwrap(), "line {}", i + 1);
            assert_eq!(got.sensitive, field("sensitive").as_bool().unwrap(), "line {}", i + 1);
            assert_eq!(got.var_name, field("name").as_str().unwrap(), "line {}", i + 1);
            assert_eq!(got.tab.key(), field("tab").as_str().unwrap(), "line {}", i + 1);
            // Links from before flavors existed keep their meaning.
            let flavor = want.get("flavor").and_then(|f| f.as_str()).unwrap_or(tftype::link::OLD_LINK_FLAVOR);
            assert_eq!(got.flavor, flavor, "line {}", i + 1);
            n += 1;
        }
        assert!(n >= 8, "only {n} fixtures");
    }

    /// Small deterministic generator (xorshift64*), so failures reproduce.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        fn bytes(&mut self, n: usize) -> Vec<u8> {
            (0..n).map(|_| self.next() as u8).collect()
        }
        fn text(&mut self, max: usize) -> String {
            const PIECES: &[&str] = &[
                "a", "Z", "0", " ", "\n", "\"", "\\", "{", "}", "[", "]", "=", ",", "é", "🙂", "\u{0}", "\u{301}",
                "${", "<<EOT\n",
            ];
            let n = self.below(max + 1);
            (0..n).map(|_| PIECES[self.below(PIECES.len())]).collect()
        }
        fn state(&mut self) -> State {
            State {
                type_src: self.text(40),
                value: self.text(80),
                format: Format::ALL[self.below(4)],
                nullable: self.below(2) == 0,
                sensitive: self.below(2) == 0,
                var_name: self.text(10),
                tab: Tab::ALL[self.below(Tab::ALL.len())],
                flavor: tftype::flavor::FLAVORS[self.below(tftype::flavor::FLAVORS.len())].name.to_string(),
                lang: [None, Some(tftype::i18n::Lang::En), Some(tftype::i18n::Lang::Zh), Some(tftype::i18n::Lang::Ja)]
                    [self.below(4)],
            }
        }
    }

    #[test]
    fn random_states_round_trip() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let s = rng.state();
            assert_eq!(decode(&encode(&s)), Ok(s));
        }
    }

    /// Hostile fragments of every kind: decoding never panics, and whatever it
    /// accepts re-encodes to a link that decodes to the same state.
    #[test]
    fn random_fragments_never_panic() {
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        let b64chars: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=".chars().collect();
        let valid = encode(&sample());
        let mut accepted = 0;
        for round in 0..20_000 {
            let frag = match round % 6 {
                // Arbitrary bytes as text.
                0 => {
                    let n = rng.below(64);
                    String::from_utf8_lossy(&rng.bytes(n)).into_owned()
                }
                // The right prefix, random base64url characters.
                1 => {
                    let n = rng.below(200);
                    format!("#v1.{}", (0..n).map(|_| b64chars[rng.below(b64chars.len())]).collect::<String>())
                }
                // Random bytes, properly base64url-encoded.
                2 => {
                    let n = rng.below(200);
                    frag_of_deflated(&rng.bytes(n))
                }
                // Random bytes, properly deflated and encoded.
                3 => {
                    let n = rng.below(200);
                    frag_of_deflated(&miniz_oxide::deflate::compress_to_vec(&rng.bytes(n), 6))
                }
                // A valid link with a few characters replaced.
                4 => {
                    let mut chars: Vec<char> = valid.chars().collect();
                    for _ in 0..1 + rng.below(3) {
                        let i = 4 + rng.below(chars.len() - 4);
                        chars[i] = b64chars[rng.below(b64chars.len())];
                    }
                    chars.into_iter().collect()
                }
                // Valid JSON of the right shape with random field values.
                _ => {
                    let format = ["hcl", "tfvars", "json", "cli", "xml", ""][rng.below(6)];
                    let j = serde_json::json!({
                        "type": rng.text(10), "value": rng.text(10),
                        "format": format,
                        "nullable": rng.below(2) == 0, "tab": rng.text(3),
                    });
                    frag_of_json(&j.to_string())
                }
            };
            if let Ok(s) = decode(&frag) {
                accepted += 1;
                assert_eq!(decode(&encode(&s)), Ok(s), "{frag}");
            }
        }
        assert!(accepted > 1000, "the generator should also produce valid links: {accepted}");
    }
}

#[cfg(test)]
mod module_tests {
    use super::*;
    use crate::module::model::{ModFile, ModuleDoc, Row, RowKind};

    fn json(d: &ModuleDoc) -> String {
        serde_json::to_string(d).unwrap()
    }

    fn read(raw: Option<String>) -> Option<ModuleDoc> {
        // As the Module view reads a link (module/from_json.rs).
        raw.map(|r| ModuleDoc::from_link(&r).unwrap().cleaned())
    }

    fn doc() -> ModuleDoc {
        ModuleDoc {
            files: vec![
                ModFile { name: "variables.tf".into(), text: "variable \"region\" {\n  type = string\n}\n".into() },
                ModFile { name: "envs/prod.tfvars".into(), text: "region = \"eu-west-1\" # ünïcödé\n".into() },
            ],
            rows: vec![
                Row { kind: RowKind::VarFile, arg: "envs/prod.tfvars".into(), value: String::new() },
                Row { kind: RowKind::Env, arg: "region".into(), value: "x".into() },
            ],
            open: "envs/prod.tfvars".into(),
            var: Some("region".into()),
            shown: true,
        }
    }

    #[test]
    fn a_link_carries_every_file_and_row_of_the_module() {
        let s = State { value: "1".into(), ..State::default() };
        let f = encode_shareable_with(&s, Some(&json(&doc()))).unwrap();
        assert_eq!(decode(&f), Ok(s.clone()), "the single variable's state is unchanged");
        assert_eq!(read(decode_module(&f)), Some(doc()));
        // Without a module the link is the same as before the Module view.
        assert_eq!(encode_shareable_with(&s, None), encode_shareable(&s));
        assert_eq!(decode_module(&encode(&s)), None);
    }

    #[test]
    fn links_made_before_the_module_view_have_no_module() {
        let text = include_str!("../tests/share_fixtures.jsonl");
        let mut n = 0;
        for line in text.lines().filter(|l| l.starts_with('{')) {
            let fixture: serde_json::Value = serde_json::from_str(line).unwrap();
            let link = fixture["link"].as_str().unwrap();
            assert!(decode(link).is_ok());
            assert_eq!(decode_module(link), None, "{link}");
            n += 1;
        }
        assert!(n >= 1);
    }

    #[test]
    fn a_module_too_large_for_a_link_is_not_shared() {
        let mut d = doc();
        d.files[1].text = "x".repeat(MAX_DECODED);
        assert_eq!(encode_shareable_with(&State::default(), Some(&json(&d))), None);
    }

    /// Module links made by this version (web/tests/share_module_fixtures.jsonl)
    /// keep decoding to their files and rows.
    #[test]
    fn committed_module_links_keep_decoding() {
        let text = include_str!("../tests/share_module_fixtures.jsonl");
        let mut n = 0;
        for line in text.lines().filter(|l| l.starts_with('{')) {
            let fixture: serde_json::Value = serde_json::from_str(line).unwrap();
            let link = fixture["link"].as_str().unwrap();
            let want: ModuleDoc = serde_json::from_value(fixture["module"].clone()).unwrap();
            assert_eq!(read(decode_module(link)), Some(want.cleaned()), "{link}");
            n += 1;
        }
        assert!(n >= 1);
    }
}
