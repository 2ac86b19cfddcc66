//! Links people can write by hand: the playground's readable query
//! parameters, `?type=…&value=…&format=…&flavor=…&lang=…&name=…` (plain
//! text, URL-encoded), plus `nullable=false`, `sensitive=true` and `tab=…`.
//! `tftype link` writes them; the page reads them (a `#v1.` share link in
//! the same URL wins: it is what the page keeps up to date as you type).

use crate::pipeline::Request;
use crate::valueparse::ValueFormat;

/// What a link that names no flavor means: Terraform 1.15, the version
/// every such link was made for (share links from before flavors existed,
/// and `tftype link` for the default flavor until links always named it).
/// Fixed for good: it must not follow [`crate::flavor::DEFAULT`], or old
/// links would change their answers when the default moves on. Every link
/// written now names its flavor ([`url`]).
pub const OLD_LINK_FLAVOR: &str = "terraform@1.15";

/// What a link says besides the request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The language of tftype's own words (`en`, `zh`, `ja`).
    pub lang: Option<String>,
    /// The result tab to open (`console`, `json`, `type`, …).
    pub tab: Option<String>,
}

fn format_key(f: ValueFormat) -> String {
    serde_json::to_value(f).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// `base?type=…&value=…`: only what differs from the playground's defaults,
/// and always the flavor (no flavor means [`OLD_LINK_FLAVOR`], not the
/// default of the day).
pub fn url(base: &str, req: &Request, extras: &Extras) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    if let Some(t) = &req.type_src {
        q.append_pair("type", t);
    }
    q.append_pair("value", &req.value);
    if req.value_format != ValueFormat::Hcl {
        q.append_pair("format", &format_key(req.value_format));
    }
    q.append_pair("flavor", req.flavor.as_deref().unwrap_or(crate::flavor::DEFAULT));
    if let Some(l) = &extras.lang {
        q.append_pair("lang", l);
    }
    if req.var_name != "v" {
        q.append_pair("name", &req.var_name);
    }
    if !req.nullable {
        q.append_pair("nullable", "false");
    }
    if req.sensitive {
        q.append_pair("sensitive", "true");
    }
    if let Some(t) = &extras.tab {
        q.append_pair("tab", t);
    }
    // The query goes before a fragment the base may have (`…/#top`):
    // parameters inside the fragment would never reach the page.
    let (before, fragment) = base.split_once('#').map_or((base, None), |(b, f)| (b, Some(f)));
    let before = with_directory_slash(before);
    let before = before.as_str();
    let sep = match before.rfind('?') {
        None => "?",
        Some(i) if i + 1 == before.len() || before.ends_with('&') => "",
        Some(_) => "&",
    };
    let mut out = format!("{before}{sep}{}", q.finish());
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// The result tabs a link can open (`tab=…`), as the page names them.
pub const TABS: [&str; 5] = ["console", "json", "type", "explain", "versions"];

/// A base written without its directory's slash (`https://host/tftype`)
/// gets it: the page's own files are relative to its directory, and a
/// server that does not redirect would serve a broken page. A base that
/// names a file (`…/index.html`) or has a query is left as it is.
fn with_directory_slash(base: &str) -> String {
    if base.contains('?') || base.ends_with('/') {
        return base.to_string();
    }
    let after_scheme = base.find("//").map_or(0, |i| i + 2);
    match base[after_scheme..].rfind('/') {
        // `https://host`: the site's root.
        None => format!("{base}/"),
        Some(i) if base[after_scheme + i + 1..].contains('.') => base.to_string(),
        Some(_) => format!("{base}/"),
    }
}

/// Whether `base` can be a playground's address: an absolute http(s) URL.
pub fn is_web_base(base: &str) -> bool {
    let lower = base.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://")) && !base.contains(char::is_whitespace)
}

/// The request a query string (with or without its `?`) describes; None
/// when it has neither `type` nor `value`. Unknown formats fall back to
/// HCL; an unknown flavor is kept (the page says it does not know it); no
/// flavor is [`OLD_LINK_FLAVOR`].
pub fn parse(query: &str) -> Option<(Request, Extras)> {
    let mut req = Request::new(None, "");
    req.flavor = Some(OLD_LINK_FLAVOR.to_string());
    let mut extras = Extras::default();
    let mut seen = false;
    for (k, v) in form_urlencoded::parse(query.trim_start_matches('?').as_bytes()) {
        match &*k {
            "type" => {
                seen = true;
                req.type_src = (!v.trim().is_empty()).then(|| v.to_string());
            }
            "value" => {
                seen = true;
                req.value = v.to_string();
            }
            "format" => req.value_format = crate::ValueFormat::from_name(&v).unwrap_or_default(),
            "flavor" => req.flavor = Some(v.to_string()),
            "lang" => extras.lang = Some(v.to_string()),
            "name" if !v.trim().is_empty() => req.var_name = v.trim().to_string(),
            "nullable" => req.nullable = !matches!(&*v, "false" | "0" | "no"),
            "sensitive" => req.sensitive = matches!(&*v, "" | "true" | "1" | "yes"),
            "tab" => extras.tab = Some(v.to_string()),
            _ => {}
        }
    }
    seen.then_some((req, extras))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_carries_what_differs_from_the_defaults_and_reads_back() {
        let mut req = Request::new(Some("list(object({ name = string }))"), "[{ name = \"a&b\" }] # 100%");
        req.value_format = ValueFormat::Tfvars;
        req.flavor = Some("opentofu@1.8".into());
        req.var_name = "servers".into();
        req.nullable = false;
        let extras = Extras { lang: Some("ja".into()), tab: None };
        let u = url("https://example.org/tftype/", &req, &extras);
        assert_eq!(
            u,
            "https://example.org/tftype/?type=list%28object%28%7B+name+%3D+string+%7D%29%29&value=%5B%7B+name+%3D+%22a%26b%22+%7D%5D+%23+100%25&format=tfvars&flavor=opentofu%401.8&lang=ja&name=servers&nullable=false"
        );
        let (back, ex) = parse(u.split_once('?').unwrap().1).unwrap();
        assert_eq!((back.type_src, back.value, back.value_format), (req.type_src, req.value, req.value_format));
        assert_eq!(
            (back.flavor, back.var_name, back.nullable, back.sensitive),
            (req.flavor, req.var_name, false, false)
        );
        assert_eq!(ex, extras);
    }

    #[test]
    fn hand_written_links_may_use_percent_twenty_and_leave_things_out() {
        let (r, _) = parse("?value=%5B1%2C%202%5D").unwrap();
        assert_eq!((r.type_src, r.value.as_str(), r.value_format), (None, "[1, 2]", ValueFormat::Hcl));
        let (r, _) = parse("type=number&value=1&format=nonsense&sensitive").unwrap();
        assert_eq!((r.type_src.as_deref(), r.value_format, r.sensitive), (Some("number"), ValueFormat::Hcl, true));
        assert!(parse("?embed=1&flavor=terraform@1.5").is_none());
    }

    /// A link names its flavor, the default one too: a link without one
    /// means [`OLD_LINK_FLAVOR`] for good, whatever the default becomes.
    #[test]
    fn a_link_names_its_flavor_and_one_without_keeps_its_old_meaning() {
        let written = url("https://x/", &Request::new(Some("number"), "1"), &Extras::default());
        let (back, _) = parse(written.split_once('?').unwrap().1).unwrap();
        assert_eq!(back.flavor.as_deref(), Some(crate::flavor::DEFAULT), "{written}");
        let (old, _) = parse("?type=number&value=1").unwrap();
        assert_eq!(old.flavor.as_deref(), Some(OLD_LINK_FLAVOR));
        assert!(crate::flavor::Flavor::lookup(OLD_LINK_FLAVOR).is_some(), "old links' flavor is still answered for");
    }

    /// The parameters go into the query, before any fragment of the base,
    /// joined to a query the base already has.
    #[test]
    fn parameters_go_before_the_base_fragment_and_after_its_query() {
        let mut req = Request::new(Some("number"), "1");
        req.flavor = Some("opentofu@1.8".into());
        let cases = [
            ("https://x/", "https://x/?type=number&value=1&flavor=opentofu%401.8"),
            ("https://x/#a", "https://x/?type=number&value=1&flavor=opentofu%401.8#a"),
            ("https://x/?embed=1#a", "https://x/?embed=1&type=number&value=1&flavor=opentofu%401.8#a"),
            ("https://x/?", "https://x/?type=number&value=1&flavor=opentofu%401.8"),
            ("https://x/?embed=1&", "https://x/?embed=1&type=number&value=1&flavor=opentofu%401.8"),
            ("https://x/#a?b#c", "https://x/?type=number&value=1&flavor=opentofu%401.8#a?b#c"),
        ];
        for (base, want) in cases {
            assert_eq!(url(base, &req, &Extras::default()), want, "{base}");
        }
    }

    /// `--base https://host/tftype` links to the page's directory, not to
    /// a name the server must redirect (ux-5 L6); a file or a query stays.
    #[test]
    fn a_base_without_its_trailing_slash_links_to_the_directory() {
        let req = Request::new(Some("number"), "1");
        let cases = [
            ("https://example.org/tftype", "https://example.org/tftype/?"),
            ("https://example.org", "https://example.org/?"),
            ("https://example.org/tftype/", "https://example.org/tftype/?"),
            ("https://example.org/tftype/index.html", "https://example.org/tftype/index.html?"),
            ("https://example.org/tftype#top", "https://example.org/tftype/?"),
            ("https://example.org/tftype?embed=1", "https://example.org/tftype?embed=1&"),
        ];
        for (base, want) in cases {
            let got = url(base, &req, &Extras::default());
            assert!(got.starts_with(want), "{base}: {got}");
        }
    }

    #[test]
    fn only_http_and_https_bases_are_playground_addresses() {
        for (base, ok) in [
            ("https://x/", true),
            ("HTTP://x/", true),
            ("javascript:alert(1)//", false),
            ("file:///tmp/", false),
            ("x/", false),
            ("https://x/ y", false),
        ] {
            assert_eq!(is_web_base(base), ok, "{base}");
        }
    }
}
