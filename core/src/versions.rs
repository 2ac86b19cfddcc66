//! One input under every flavor: which Terraform and OpenTofu versions give
//! the same answer, and where the answers differ.
//!
//! Flavors whose profiles agree on every switch an evaluation asked about
//! cannot answer differently (see [`crate::flavor::Profile::asked`]), so they
//! share that evaluation: an everyday input needs one to three evaluations
//! for every flavor.

use std::ops::Range;

use crate::flavor::Profile;
use crate::flavor::{describe_group, Flavor, FLAVORS};
use crate::i18n::{self, Lang};
use crate::pipeline::{answer_in, Request, Response};

/// A group's label ([`describe_group`]: "Terraform 1.5–1.12, 1.14,
/// OpenTofu 1.6") in the reader's language: its runs joined as the
/// catalogs join a list (`、` in Chinese and Japanese). No version name
/// holds ", ", so the English label splits back into its runs.
pub fn group_label<S: AsRef<str>>(names: &[S], lang: Lang) -> String {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    let en = describe_group(&names);
    if lang == Lang::En {
        return en;
    }
    i18n::join(lang, &en.split(", ").collect::<Vec<_>>())
}

/// Flavors that give the same answer.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Group {
    /// Flavor names, newest Terraform first, then newest OpenTofu.
    pub flavors: Vec<String>,
    /// "Terraform 1.13–1.15, OpenTofu 1.10–1.12".
    pub label: String,
    pub response: Response,
    /// The answer as text: any warnings, then the console rendering and the
    /// type, or the error's summary and detail.
    pub text: String,
    /// The part of `text` that differs from the first group's text (for the
    /// first group: from the second's); empty where the text has nothing
    /// the other lacks.
    pub differs: Range<usize>,
}

/// The answers of every flavor.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Comparison {
    pub groups: Vec<Group>,
    /// How many evaluations were run for all the flavors.
    pub evaluations: usize,
}

/// Flavors in the order the comparison shows them: newest first, Terraform
/// then OpenTofu.
pub fn display_order() -> Vec<&'static Flavor> {
    let mut out: Vec<&Flavor> = Vec::new();
    for product in [crate::flavor::Product::Terraform, crate::flavor::Product::OpenTofu] {
        out.extend(FLAVORS.iter().rev().filter(|f| f.product == product));
    }
    out
}

/// Every version tftype answers for, in words ("Terraform 1.5–1.15,
/// OpenTofu 1.6–1.12" in English), as the faces say it: from [`FLAVORS`],
/// never written out by hand.
pub fn all_label(lang: Lang) -> String {
    group_label(&Flavor::names(), lang)
}

/// The newest version of `product` that tftype answers for.
pub fn newest(product: crate::flavor::Product) -> &'static Flavor {
    FLAVORS.iter().rev().find(|f| f.product == product).expect("every product has a flavor")
}

/// The answer text a group is compared by: the warnings first (they stay
/// in view when a long result is shown cut), then the console rendering
/// and the type, or the error's summary and detail.
pub fn answer_text(r: &Response) -> String {
    let mut s = String::new();
    for w in &r.warnings {
        s += &format!("Warning: {}: {}\n", w.summary, w.detail);
    }
    if r.ok {
        s += &format!("{}\n{}", r.console.as_deref().unwrap_or(""), r.type_string.as_deref().unwrap_or(""));
    } else if r.rule_errors.len() > 1 {
        // A block's rules: every error the version reports (Terraform's several against OpenTofu 1.7+'s one), a blank line between two as `eval` prints them.
        let all: Vec<String> = r.rule_errors.iter().map(|e| format!("{}: {}", e.summary, e.detail)).collect();
        s += &all.join("\n\n");
    } else {
        s += &format!("{}: {}", r.summary.as_deref().unwrap_or(""), r.detail.as_deref().unwrap_or(""));
    }
    s
}

/// Everything of an answer that a user can see, for telling answers apart.
fn answer_key(r: &Response) -> (String, Option<String>, Vec<String>) {
    (answer_text(r), r.json.clone(), r.sensitive_paths.clone())
}

/// Evaluates `req` (its `flavor` is ignored) under every flavor.
pub fn compare(req: &Request) -> Comparison {
    compare_by(req, answer_in)
}

/// [`compare`] with each version's answer given by `answer` (a `variable`
/// block's answer: [`crate::module::block::compare`]).
pub fn compare_by(req: &Request, answer: impl Fn(&Request, &Profile) -> Response) -> Comparison {
    // The comparison is of the answers, not of their stories.
    let plain = Request { lang: None, ..req.clone() };
    let req = &plain;
    let order = display_order();
    // One evaluation serves every flavor that would answer its questions alike.
    let mut answers: Vec<Option<usize>> = vec![None; order.len()];
    let mut responses: Vec<Response> = Vec::new();
    for i in 0..order.len() {
        if answers[i].is_some() {
            continue;
        }
        let profile = order[i].profile();
        let r = answer(req, &profile);
        let n = responses.len();
        for (j, f) in order.iter().enumerate() {
            if answers[j].is_none() && profile.same_answers(f) {
                answers[j] = Some(n);
            }
        }
        responses.push(r);
    }
    let evaluations = responses.len();

    // Evaluations that came out the same form one group.
    let keys: Vec<_> = responses.iter().map(answer_key).collect();
    let mut groups: Vec<(usize, Vec<&'static str>)> = Vec::new();
    for (j, f) in order.iter().enumerate() {
        let r = answers[j].expect("every flavor answered");
        match groups.iter_mut().find(|(g, _)| keys[*g] == keys[r]) {
            Some((_, names)) => names.push(f.name),
            None => groups.push((r, vec![f.name])),
        }
    }
    // Each group's text is marked where it differs from the first group's
    // (the first group's, where it differs from the second's).
    let texts: Vec<String> = groups.iter().map(|(r, _)| answer_text(&responses[*r])).collect();
    let groups = groups
        .into_iter()
        .enumerate()
        .map(|(i, (r, flavors))| {
            let text = texts[i].clone();
            let other = if i == 0 { texts.get(1) } else { texts.first() };
            let differs = match other {
                Some(o) if *o != text => differing_part(o, &text),
                _ => 0..0,
            };
            Group {
                label: describe_group(&flavors),
                flavors: flavors.into_iter().map(str::to_string).collect(),
                response: responses[r].clone(),
                text,
                differs,
            }
        })
        .collect();
    Comparison { groups, evaluations }
}

/// The part of `b` between what it shares with `a` at the start and at the
/// end, on character boundaries.
pub fn differing_part(a: &str, b: &str) -> Range<usize> {
    let prefix = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, ca), cb)| ca != cb)
        .map(|((i, _), _)| i)
        .unwrap_or(a.len().min(b.len()));
    let prefix = floor_boundary(b, prefix);
    let max_suffix = a.len().min(b.len()) - prefix;
    let suffix = a.bytes().rev().zip(b.bytes().rev()).take(max_suffix).take_while(|(x, y)| x == y).count();
    let mut end = b.len() - suffix;
    while !b.is_char_boundary(end) {
        end += 1;
    }
    prefix..end.max(prefix)
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The comparison as text (`tftype eval --all-flavors`), tftype's words in
/// `lang` (the answers are the tools' own).
pub fn to_text(c: &Comparison, lang: Lang) -> String {
    let mut out = String::new();
    for (i, g) in c.groups.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let what = i18n::text(lang, if g.response.ok { "check.eval_accepted" } else { "check.eval_error" });
        let colon = if lang == Lang::En { ": " } else { "：" };
        out += &format!("== {}{colon}{what}\n{}\n", group_label(&g.flavors, lang), g.text);
    }
    let key = if c.evaluations == 1 { "check.eval_evaluations_one" } else { "check.eval_evaluations" };
    out += &i18n::fill(lang, key, &[("count", &c.evaluations.to_string()), ("flavors", &FLAVORS.len().to_string())]);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flavors_that_answer_alike_share_one_evaluation() {
        // Nothing here asks about any switch: one evaluation for all.
        let c = compare(&Request::new(Some("list(number)"), "[1, 2]"));
        assert_eq!(c.evaluations, 1);
        assert_eq!(c.groups.len(), 1);
        assert_eq!(c.groups[0].label, all_label(Lang::En));
    }

    /// The versions from the one that brought a change to the newest, in
    /// the reader's words ("Terraform 1.13–…, OpenTofu 1.10–…").
    fn since(tf: &str, tofu: &str, sep: &str) -> String {
        use crate::flavor::Product;
        format!(
            "Terraform {tf}–{}{sep}OpenTofu {tofu}–{}",
            newest(Product::Terraform).version,
            newest(Product::OpenTofu).version
        )
    }

    #[test]
    fn the_but_have_wording_splits_the_flavors_at_go_cty_1_16_3() {
        let c = compare(&Request::new(Some("number"), "true"));
        let labels: Vec<&str> = c.groups.iter().map(|g| g.label.as_str()).collect();
        assert_eq!(labels, [since("1.13", "1.10", ", ").as_str(), "Terraform 1.5–1.12, OpenTofu 1.6–1.9"]);
        assert_eq!(c.evaluations, 2);
        let g = &c.groups[1];
        assert_eq!(&g.text[g.differs.clone()], "");
        let g0 = &c.groups[0];
        assert_eq!(&g0.text[g0.differs.clone()], ", but have bool");
        assert!(g.text.ends_with("number required."), "{}", g.text);
    }

    /// A group's versions are a list: `、` between them in Chinese and
    /// Japanese, as everywhere in the catalogs (words-4); the rest of
    /// `--all-flavors`' own words come from the catalogs too.
    #[test]
    fn groups_are_listed_in_the_readers_language() {
        let names = ["terraform@1.5", "terraform@1.6", "terraform@1.14", "opentofu@1.6"];
        assert_eq!(group_label(&names, Lang::En), "Terraform 1.5–1.6, 1.14, OpenTofu 1.6");
        for lang in [Lang::Zh, Lang::Ja] {
            assert_eq!(group_label(&names, lang), "Terraform 1.5–1.6、1.14、OpenTofu 1.6", "{lang:?}");
        }
        let c = compare(&Request::new(Some("number"), "true"));
        let n = FLAVORS.len();
        let en = to_text(&c, Lang::En);
        assert!(
            en.starts_with(&format!("== {}: error\n", since("1.13", "1.10", ", ")))
                && en.ends_with(&format!("(2 evaluations for {n} versions)\n")),
            "{en}"
        );
        let zh = to_text(&c, Lang::Zh);
        assert!(
            zh.starts_with(&format!("== {}：错误\n", since("1.13", "1.10", "、")))
                && zh.ends_with(&format!("（{n} 个版本共求值 2 次）\n")),
            "{zh}"
        );
        let ja = to_text(&c, Lang::Ja);
        assert!(
            ja.starts_with(&format!("== {}：エラー\n", since("1.13", "1.10", "、")))
                && ja.ends_with(&format!("（{n} 個のバージョンで評価 2 回）\n")),
            "{ja}"
        );
        let ok = to_text(&compare(&Request::new(Some("number"), "1")), Lang::Ja);
        assert!(ok.contains("：受理\n") && ok.ends_with(&format!("（{n} 個のバージョンで評価 1 回）\n")), "{ok}");
    }

    #[test]
    fn the_differing_part_is_what_lies_between_the_shared_ends() {
        assert_eq!(differing_part("number required, but have bool.", "number required."), 15..15);
        assert_eq!(differing_part("a Terraform b", "a OpenTofu b"), 2..10);
        assert_eq!(differing_part("x", "x"), 1..1);
        assert_eq!(differing_part("é1", "é2"), 2..3);
    }

    /// The faces' words for "every version" and "the newest" come from the
    /// flavor table: each product's oldest to newest version, in the
    /// reader's language.
    #[test]
    fn the_versions_in_words_and_the_newest_come_from_the_flavor_table() {
        use crate::flavor::Product;
        let minor = |f: &Flavor| f.version.split('.').map(|x| x.parse::<u64>().unwrap()).collect::<Vec<_>>();
        let mut runs = Vec::new();
        for product in [Product::Terraform, Product::OpenTofu] {
            let own: Vec<&Flavor> = FLAVORS.iter().filter(|f| f.product == product).collect();
            let top = newest(product);
            assert!(own.iter().all(|f| minor(f) <= minor(top)), "{product:?}: {} is the newest", top.name);
            runs.push(format!("{} {}–{}", product.name(), own[0].version, top.version));
        }
        assert_eq!(all_label(Lang::En), runs.join(", "));
        for lang in [Lang::Zh, Lang::Ja] {
            assert_eq!(all_label(lang), runs.join("、"), "{lang:?}");
        }
    }
}
