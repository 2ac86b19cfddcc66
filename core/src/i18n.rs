//! tftype's own words in English, Chinese and Japanese: one message catalog
//! per language (`core/i18n/{en,zh,ja}.json`: key → text with `{name}`
//! placeholders). Terraform's and OpenTofu's messages are never translated:
//! they are what the tools print.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A language of tftype's own words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Zh,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Zh, Lang::Ja];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
            Lang::Ja => "ja",
        }
    }

    /// `en`, `zh`, `ja`, or a browser language tag (`zh-CN`, `ja-JP`, `en-GB`).
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the browser's languages that tftype speaks, else English.
    pub fn from_preferences<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter().find_map(Lang::parse).unwrap_or_default()
    }

    /// A language's own name (for the language picker: "日本語"), as the
    /// catalog of `ui` (every catalog names every language the same way).
    pub fn native_name(self, ui: Lang) -> &'static str {
        text(
            ui,
            match self {
                Lang::En => "lang.en",
                Lang::Zh => "lang.zh",
                Lang::Ja => "lang.ja",
            },
        )
    }

    /// The catalog as compiled in (not with the `runtime-catalogs` feature).
    #[cfg(not(feature = "runtime-catalogs"))]
    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../i18n/en.json"),
            Lang::Zh => include_str!("../i18n/zh.json"),
            Lang::Ja => include_str!("../i18n/ja.json"),
        }
    }
}

type Catalog = HashMap<String, String>;

/// The parts a catalog may be installed in (`runtime-catalogs`): the page
/// splits each language's catalog when it is built (scripts/assets.mjs), so
/// that its first load fetches only the texts it shows; a part other than
/// the main one names itself with the key [`PART_KEY`]. Compiled in, a
/// catalog is one part.
pub const PARTS: [&str; 4] = ["", "gallery", "check", "full"];
/// The key by which a part of a catalog names itself.
pub const PART_KEY: &str = "catalog.part";

/// The part a catalog's text is, and its texts (`Err`: not a catalog).
pub fn read_part(json: &str) -> Result<(usize, HashMap<String, String>), String> {
    let catalog: Catalog = serde_json::from_slice(json.as_bytes()).map_err(|e| e.to_string())?;
    part_of(catalog)
}

/// The part a catalog already read is (its [`PART_KEY`]), and its other
/// texts (`Err`: no part of that name).
pub fn part_of(mut catalog: HashMap<String, String>) -> Result<(usize, HashMap<String, String>), String> {
    let name = catalog.remove(PART_KEY).unwrap_or_default();
    let part = PARTS.iter().position(|p| *p == name).ok_or_else(|| format!("unknown catalog part {name:?}"))?;
    Ok((part, catalog))
}

/// One slot per language and part, filled when the language is first used
/// (compiled in) or when a catalog is installed (`runtime-catalogs`).
fn slots() -> &'static [[OnceLock<Catalog>; PARTS.len()]; 3] {
    static SLOTS: [[OnceLock<Catalog>; PARTS.len()]; 3] = [const { [const { OnceLock::new() }; PARTS.len()] }; 3];
    &SLOTS
}

/// The parts of `lang` installed so far (the main part first).
fn parts(lang: Lang) -> impl Iterator<Item = &'static Catalog> {
    let first = catalog(lang);
    first.into_iter().chain(slots()[lang as usize][1..].iter().filter_map(OnceLock::get))
}

#[cfg(not(feature = "runtime-catalogs"))]
fn catalog(lang: Lang) -> Option<&'static Catalog> {
    Some(slots()[lang as usize][0].get_or_init(|| serde_json::from_slice(lang.source().as_bytes()).unwrap_or_default()))
}

/// With the `runtime-catalogs` feature (the page and its engine worker: the
/// reader fetches only the catalog of the language shown, not all three
/// compiled into the .wasm), a language has no texts until its catalog is
/// installed here.
#[cfg(feature = "runtime-catalogs")]
fn catalog(lang: Lang) -> Option<&'static Catalog> {
    slots()[lang as usize][0].get()
}

/// Installs a catalog of `lang` (the text of `core/i18n/LANG.json`, or a
/// part of it: see [`PARTS`]). A part keeps the first text installed for
/// it: `Ok(false)` when this one came too late.
#[cfg(feature = "runtime-catalogs")]
pub fn install(lang: Lang, json: &str) -> Result<bool, String> {
    Ok(install_part(lang, read_part(json)?))
}

/// [`install`] for a catalog already read (its keys and texts, [`PART_KEY`]
/// among them): the Module view's .wasm reads its JSON without serde's
/// derived readers (web/src/shared/read_json.rs).
#[cfg(feature = "runtime-catalogs")]
pub fn install_read(lang: Lang, catalog: HashMap<String, String>) -> Result<bool, String> {
    Ok(install_part(lang, part_of(catalog)?))
}

#[cfg(feature = "runtime-catalogs")]
fn install_part(lang: Lang, (part, catalog): (usize, Catalog)) -> bool {
    slots()[lang as usize][part].set(catalog).is_ok()
}

/// [`install`] for the engines' JS glue: `lang` is a language's code
/// (`en`, `zh`, `ja`); the answer is "" or why the catalog was not taken.
#[cfg(feature = "runtime-catalogs")]
pub fn install_coded(lang: &str, json: &str) -> String {
    install_coded_read(lang, serde_json::from_slice(json.as_bytes()).map_err(|e| e.to_string()))
}

/// [`install_coded`] of a catalog already read (or why it could not be): the page's .wasm reads
/// its catalogs with a reader of its own (`web/src/shared/read_json.rs`), not serde's derived one.
#[cfg(feature = "runtime-catalogs")]
pub fn install_coded_read(lang: &str, catalog: Result<HashMap<String, String>, String>) -> String {
    match Lang::parse(lang) {
        Some(l) => catalog.and_then(|c| install_read(l, c)).err().unwrap_or_default(),
        None => format!("unknown language {lang:?}"),
    }
}

/// Whether the part of `lang` named `part` (see [`PARTS`]) is installed.
#[cfg(feature = "runtime-catalogs")]
pub fn installed_part(lang: Lang, part: &str) -> bool {
    PARTS.iter().position(|p| *p == part).is_some_and(|i| slots()[lang as usize][i].get().is_some())
}

/// Whether `lang`'s texts are there (always, unless `runtime-catalogs`).
pub fn installed(lang: Lang) -> bool {
    catalog(lang).is_some()
}

/// The text of `key` in `lang` (English when the language lacks it, empty
/// when no catalog at hand has it: a test makes sure every key is in all).
pub fn text(lang: Lang, key: &str) -> &'static str {
    let find = |l: Lang| parts(l).find_map(|c| c.get(key));
    find(lang).or_else(|| find(Lang::En)).map(String::as_str).unwrap_or("")
}

/// `key`'s text with its `{name}` placeholders filled from `args`. In
/// Chinese and Japanese a space beside a placeholder stays only where the
/// value's end on that side is not itself Chinese or Japanese (`值 读取`
/// would be a stray space; `值 {value} 被` keeps its spaces around code).
pub fn fill(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let t = text(lang, key);
    let cjk_text = lang != Lang::En;
    let mut out = String::with_capacity(t.len() + 32);
    let mut rest = t;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                rest = &after[close + 1..];
                match args.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => {
                        if cjk_text
                            && v.chars().next().is_some_and(is_cjk)
                            && out.ends_with(' ')
                            && out.trim_end_matches(' ').chars().last().is_some_and(is_cjk)
                        {
                            out.truncate(out.trim_end_matches(' ').len());
                        }
                        out.push_str(v);
                        if cjk_text
                            && v.chars().last().is_some_and(is_cjk)
                            && rest.starts_with(' ')
                            && rest.trim_start_matches(' ').chars().next().is_some_and(is_cjk)
                        {
                            rest = rest.trim_start_matches(' ');
                        }
                    }
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// A Chinese or Japanese character (kana, CJK ideographs, full-width
/// punctuation), which takes no space beside another.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x30ff | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xf900..=0xfaff | 0xff01..=0xff60)
}

/// What goes between two sentences: a space in English, nothing in
/// Chinese and Japanese (their full stop is full-width).
pub fn sentence_gap(lang: Lang) -> &'static str {
    if lang == Lang::En {
        " "
    } else {
        ""
    }
}

/// Items as a list in the language: `a, b` in English, `a、b` in Chinese
/// and Japanese.
pub fn join<S: AsRef<str>>(lang: Lang, items: &[S]) -> String {
    join_strs(lang, items.iter().map(AsRef::as_ref).collect())
}

/// [`join`]'s body, once for every kind of item (issue #39: lighter in the
/// engines' .wasm).
fn join_strs(lang: Lang, items: Vec<&str>) -> String {
    let sep = if lang == Lang::En { ", " } else { "、" };
    items.join(sep)
}

/// Every key of a language's catalog (for the completeness test and tools).
pub fn keys(lang: Lang) -> Vec<&'static str> {
    let mut k: Vec<&'static str> = catalog(lang).map(|c| c.keys().map(String::as_str).collect()).unwrap_or_default();
    crate::sort::natural(&mut k);
    k
}

/// The `{name}` placeholders of a text, sorted.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                out.push(&after[..close]);
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    crate::sort::natural(&mut out);
    out.dedup();
    out
}

#[cfg(all(test, not(feature = "runtime-catalogs")))]
mod tests {
    use super::*;

    /// A part of a catalog names itself; the main part does not; a part
    /// this version does not know is refused, not taken for the main one.
    #[test]
    fn a_catalog_part_is_named_by_its_part_key() {
        let (part, texts) = read_part(r#"{"catalog.part": "gallery", "example.x.title": "X"}"#).unwrap();
        assert_eq!(
            (PARTS[part], texts.get("example.x.title").map(String::as_str), texts.contains_key(PART_KEY)),
            ("gallery", Some("X"), false)
        );
        let (part, texts) = read_part(r#"{"ui.ok": "OK"}"#).unwrap();
        assert_eq!((part, texts.len()), (0, 1));
        assert!(read_part(r#"{"catalog.part": "nope"}"#).unwrap_err().contains("nope"));
        assert!(read_part("[]").is_err());
    }

    /// No key of the catalogs is the part key (it would be taken for a part's name).
    #[test]
    fn no_catalog_key_is_the_part_key() {
        for lang in Lang::ALL {
            assert!(!serde_json::from_str::<Catalog>(lang.source()).unwrap().contains_key(PART_KEY));
        }
    }

    /// The language picker names each language in its own words, whatever
    /// the language of the page (only one catalog is at hand there).
    #[test]
    fn every_catalog_names_every_language_in_its_own_words() {
        for ui in Lang::ALL {
            let names: Vec<&str> = Lang::ALL.iter().map(|l| l.native_name(ui)).collect();
            assert_eq!(names, ["English", "简体中文", "日本語"], "{ui:?}");
        }
    }

    #[test]
    fn every_key_is_in_every_language_with_the_same_placeholders() {
        let en = keys(Lang::En);
        assert!(en.len() > 20);
        for lang in [Lang::Zh, Lang::Ja] {
            assert_eq!(keys(lang), en, "{lang:?} has other keys than English");
            for k in &en {
                let (a, b) = (text(Lang::En, k), text(lang, k));
                assert!(!b.trim().is_empty(), "{lang:?} {k} is empty");
                assert_eq!(placeholders(a), placeholders(b), "{lang:?} {k}: {a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn catalogs_are_valid_json_objects_of_strings() {
        for lang in Lang::ALL {
            let v: serde_json::Value = serde_json::from_str(lang.source()).unwrap_or_else(|e| panic!("{lang:?}: {e}"));
            assert!(v.as_object().is_some_and(|o| o.values().all(|v| v.is_string())), "{lang:?}");
        }
    }

    #[test]
    fn placeholders_are_filled_and_unknown_ones_are_left_visible() {
        assert_eq!(
            fill(Lang::En, "why.result", &[("type", "number")]),
            text(Lang::En, "why.result").replace("{type}", "number")
        );
        assert!(fill(Lang::En, "why.result", &[]).contains("{type}"));
    }

    #[test]
    fn browser_language_tags_choose_the_language() {
        assert_eq!(Lang::from_preferences(["de-DE", "zh-CN", "en"]), Lang::Zh);
        assert_eq!(Lang::from_preferences(["ja"]), Lang::Ja);
        assert_eq!(Lang::from_preferences(["fr"]), Lang::En);
    }

    /// A space between two Chinese or Japanese characters is a stray one,
    /// in a text as written and once its placeholders are filled with
    /// Chinese or Japanese words (`按 {format} 读取` with `…的值`).
    #[test]
    fn zh_and_ja_put_no_space_between_two_cjk_characters() {
        let stray = |t: &str| {
            let c: Vec<char> = t.chars().collect();
            (1..c.len().saturating_sub(1)).any(|i| c[i] == ' ' && is_cjk(c[i - 1]) && is_cjk(c[i + 1]))
        };
        for lang in [Lang::Zh, Lang::Ja] {
            for key in keys(lang) {
                let t = text(lang, key);
                assert!(!stray(t), "{lang:?} {key}: {t}");
                let names = placeholders(t);
                let args: Vec<(&str, &str)> = names.iter().map(|n| (*n, "的值")).collect();
                let filled = fill(lang, key, &args);
                assert!(!stray(&filled), "{lang:?} {key} filled: {filled}");
            }
        }
        // Spaces beside code and ASCII values stay.
        assert_eq!(
            fill(Lang::Zh, "ui.format_kept", &[("format", "HCL"), ("why", "")]),
            "文本保持原样，现按 HCL 读取。"
        );
        assert_eq!(
            fill(Lang::Zh, "ui.format_kept", &[("format", ".tfvars 文件中某个属性的值"), ("why", "")]),
            "文本保持原样，现按 .tfvars 文件中某个属性的值读取。"
        );
        assert_eq!(
            fill(Lang::Ja, "ui.format_kept", &[("format", ".tfvars ファイル内の属性の値"), ("why", "")]),
            "テキストは書いたとおりに残し、.tfvars ファイル内の属性の値として読み直しています。"
        );
    }

    /// Lists in Chinese and Japanese are joined with 、, never with ", ".
    #[test]
    fn lists_are_joined_as_each_language_writes_them() {
        for (lang, want) in [(Lang::En, "number, bool"), (Lang::Zh, "number、bool"), (Lang::Ja, "number、bool")] {
            assert_eq!(join(lang, &["number", "bool"]), want);
        }
        for lang in [Lang::Zh, Lang::Ja] {
            for key in keys(lang) {
                assert!(!text(lang, key).contains(", "), "{lang:?} {key}: {}", text(lang, key));
            }
        }
    }

    /// Words reviewers replaced (#21): what a native speaker would not write,
    /// and the term the OpenTofu docs use instead.
    #[test]
    fn zh_and_ja_do_not_use_the_replaced_words() {
        let replaced: &[(Lang, &str, &str)] = &[
            (Lang::Ja, "何も言われずに", "警告なしに"),
            (Lang::Ja, "捨て", "破棄"),
            (Lang::Ja, "知りません", "対応していません"),
            (Lang::Ja, "変換はありません", "変換できません"),
            (Lang::Ja, "値は調べられません", "値のチェックは行われません"),
            (Lang::Ja, "ほかの要素もこの型になれません", "前の要素もこの要素の型には変換できません"),
            (Lang::Ja, "要素型は重要で", "要素型もチェックされるため"),
            (Lang::Ja, "本物のリスト", "list 型の値（タプルではない）"),
            (Lang::Ja, "デフォルト値が入", "補われます"),
            (Lang::Ja, "裸の単語", "引用符のない単語"),
            (Lang::Ja, "決して", "一切"),
            (Lang::Ja, "コレクションや構造体の値", "コレクション型や構造体型の値"),
            (Lang::Zh, "不认识这个版本", "无法识别"),
            (Lang::Zh, "不认识它", "无法识别"),
            (Lang::Zh, "不存在转换", "无法转换"),
            (Lang::Zh, "元素类型很重要", "元素类型同样会被检查"),
            (Lang::Zh, "等，另有", "以及另外"),
            (Lang::Zh, "裸词", "不带引号的单词"),
            (Lang::Zh, "甚至不会作为缺少属性而失败", "甚至不会报“缺少属性”错误"),
            (Lang::Zh, "而不是空集合", "而不是空的列表或集合（如 []）"),
            (Lang::Zh, "是 nullable 的", "可为 null（nullable）"),
        ];
        for (lang, old, new) in replaced {
            for key in keys(*lang) {
                assert!(!text(*lang, key).contains(old), "{lang:?} {key}: {old:?} in {}", text(*lang, key));
            }
            assert!(keys(*lang).iter().any(|k| text(*lang, k).contains(new)), "{lang:?}: {new:?} is used nowhere");
        }
        for (lang, key, want) in [
            (Lang::Zh, "why.result", "已接受"),
            (Lang::Zh, "ui.versions.accepted", "已接受"),
            (Lang::Ja, "ui.versions.accepted", "受理"),
            (Lang::Zh, "note.set_reordered", "集合不保留书写顺序：元素按集合内部的排序显示"),
            (Lang::Zh, "ui.copy.as_given", "与你输入的完全相同的值。"),
        ] {
            assert!(text(lang, key).contains(want), "{lang:?} {key}: {}", text(lang, key));
        }
    }
    /// The native-reader review of 2026-11-26 (`words-4.md`, issue #27):
    /// one term for each thing in each language (the OpenTofu docs' terms),
    /// the calques replaced, labels in one form.
    #[test]
    fn zh_and_ja_use_one_term_for_each_thing() {
        // (language, what no text says any more, what it says instead)
        let replaced: &[(Lang, &str, &str)] = &[
            (Lang::Ja, "検査", "チェック"),
            (Lang::Ja, "受け入れられました", "受理"),
            (Lang::Ja, "プレイグラウンド", "Playground"),
            (Lang::Zh, "演练场", "Playground"),
            (Lang::Zh, "引擎 worker", "引擎 Worker"),
            (Lang::Zh, "模块 Worker 的", "ES 模块 Worker（module worker）"),
            (Lang::Zh, "错误信息", "错误消息"),
            (Lang::Zh, "过程", "原因"),
            (Lang::Ja, "経緯", "理由"),
            (Lang::Ja, "正しくない", "無効"),
            (Lang::Ja, "読みません", "読み込みません"),
            (Lang::Ja, "が読むのは", "が読み込"),
            (Lang::Ja, "HCL としては読みません", "HCL としては解析しません"),
            (Lang::Ja, "リモートソース", "リモートのモジュールソース"),
            (Lang::Zh, "行，第", "行第"),
            // The docs' 提供程序; the gloss "（provider）" would nest in the reason's
            // brackets: "调用了 provider::aws::arn_parse()（提供程序函数）".
            (Lang::Zh, "provider 函数", "提供程序函数"),
            (Lang::Ja, "デフォルトもない", "デフォルト値もない"),
            (Lang::Ja, "エンジンがかかった", "エンジンが要した"),
            (Lang::Ja, "変数ひとつ", "単一変数"),
            (Lang::Ja, "モジュール表示", "モジュールビュー"),
            (Lang::Ja, "独自の順序を持たない", "書いた順序を保持しない"),
            (Lang::Ja, "届かなかった", "進まなかった"),
            (Lang::Ja, "一つの型を求めます", "同じ型である必要があります"),
            (Lang::Ja, "文字列になれます", "文字列に変換できます"),
            (Lang::Ja, "別の意味に読まれ", "別の値として解析されます"),
            (Lang::Ja, "分かった", "わかった"),
            (Lang::Zh, "位于 ", "处的验证规则"),
            (Lang::Zh, "未被求值", "未求值"),
            (Lang::Zh, "注册表", "Registry"),
            (Lang::Zh, "在此输入上", "处理此输入时"),
            (Lang::Zh, "在此类型约束上", "处理此类型约束时"),
            (Lang::Zh, "讲述", "说明"),
            (Lang::Zh, "读成别的样子", "解析成另一个值"),
            (Lang::Zh, "可以为之", "无法为该变量写出值"),
            (Lang::Zh, "变量的值的类型", "变量值的类型"),
            (Lang::Zh, "由其十进制数字组成", "十进制表示"),
            (Lang::Zh, "……", "…"),
            // words-5: one term for each thing.
            (Lang::Zh, "必填", "必需"),
            (Lang::Zh, "以 {flavor} 检查", "按 {flavor} 检查"),
            (Lang::Zh, "不被接受", "未被接受"),
            (Lang::Zh, "默认值上的", "针对默认值的"),
            (Lang::Zh, "类型编辑器", "由“类型约束”中的"),
            (Lang::Zh, "生效的值", "最终值（来自"),
            (Lang::Ja, "バリデーション", "検証ルール"),
            (Lang::Ja, "が知っている版", "どのバージョン"),
            (Lang::Ja, "綴りを間違え", "タイプミス"),
            (Lang::Ja, "打ち間違い", "タイプミス"),
            (Lang::Ja, "与えられ", "指定されて"),
            (Lang::Ja, "省略可", "オプション（デフォルト値"),
            (Lang::Ja, "採用される値", "最終的な値（"),
            (Lang::Ja, "型エディター", "「型の制約」"),
            (Lang::Ja, "許す値", "許可された値"),
        ];
        for (lang, old, new) in replaced {
            for key in keys(*lang) {
                assert!(!text(*lang, key).contains(old), "{lang:?} {key}: {old:?} in {}", text(*lang, key));
            }
            assert!(keys(*lang).iter().any(|k| text(*lang, k).contains(new)), "{lang:?}: {new:?} is used nowhere");
        }
        for (lang, key, want) in [
            (Lang::Ja, "ui.timing_title", "この結果の算出にエンジンが要した時間"),
            (Lang::Ja, "ui.accepted", "受理"),
            (Lang::Ja, "check.not_accepted", "（不受理）"),
            (Lang::Zh, "check.not_accepted", "（未接受）"),
            (Lang::Ja, "why.result", "受理されました。変数の値の型は {type} です。"),
            (Lang::Ja, "ui.view.variable", "単一変数"),
            (Lang::Ja, "ui.module.open_single", "単一変数ビューで開く（新しいタブ）"),
            (Lang::Ja, "type.tuple", "要素 {count} 個（{elements}）のタプル（tuple）"),
            (Lang::Ja, "check.summary_failed", "{vars}をチェックしました。"),
            (Lang::Ja, "check.count.variables", "変数 {count} 個"),
            (Lang::Ja, "check.call.not_checked", "{call}：未チェック（{reason}）"),
            (Lang::Ja, "ui.page_title", "Playground"),
            (Lang::Zh, "ui.page_title", "Playground"),
            (Lang::Ja, "ui.nav_label", "Playground"),
            (Lang::Zh, "ui.nav_label", "Playground"),
            (Lang::Zh, "ui.module.no_worker", "ES 模块 Worker"),
            (Lang::Zh, "check.call.reason.version_with_local_source", "Registry 模块源"),
            (Lang::Zh, "ui.answer_by", "按 {flavor} 的行为"),
        ] {
            assert!(text(lang, key).contains(want), "{lang:?} {key}: {}", text(lang, key));
        }
        // The Module view's status labels are nouns, not sentences cut
        // short (宣言が正しくない next to 値なし).
        for key in
            keys(Lang::Ja).into_iter().filter(|k| k.starts_with("ui.module.stage.") || k.starts_with("ui.module.rule."))
        {
            let t = text(Lang::Ja, key);
            assert!(!["い", "る", "た", "す", "ん", "。"].iter().any(|e| t.ends_with(e)), "ja {key}: {t}");
        }
        // A reason is said without the English "it" (它引用了…).
        for key in keys(Lang::Zh)
            .into_iter()
            .filter(|k| k.starts_with("validation.reason.") || k.starts_with("check.call.reason."))
        {
            assert!(!text(Lang::Zh, key).starts_with('它'), "zh {key}: {}", text(Lang::Zh, key));
        }
        // A place is one format: 第 N 行第 M 列 / N 行目 M 列目.
        for key in ["ui.place.type", "ui.place.value", "ui.module.place"] {
            assert!(text(Lang::Zh, key).contains("第 {line} 行第 {column} 列"), "zh {key}: {}", text(Lang::Zh, key));
            assert!(text(Lang::Ja, key).contains("{line} 行目 {column} 列目"), "ja {key}: {}", text(Lang::Ja, key));
        }
        // tftype's own refusal is one sentence with one full stop.
        for lang in [Lang::Zh, Lang::Ja] {
            let t = text(lang, "check.not_regular_file");
            assert!(t.ends_with('。') && t.matches('。').count() == 1, "{lang:?}: {t}");
        }
    }

    /// No half-width space before a full-width bracket or after one, in a
    /// text as written (`var.x （未接受）`).
    #[test]
    fn zh_and_ja_put_no_space_beside_a_full_width_bracket() {
        for lang in [Lang::Zh, Lang::Ja] {
            for key in keys(lang) {
                let t = text(lang, key);
                for bad in [" （", "（ ", " ）", "） "] {
                    assert!(!t.contains(bad), "{lang:?} {key}: {bad:?} in {t}");
                }
            }
        }
    }
}
