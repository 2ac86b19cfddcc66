//! The Module view's state: the module's files in tab order, the command
//! line's `-var` / `-var-file` arguments and the `TF_VAR_` environment as
//! rows, the file on show and the variable chosen. Share links carry it (the
//! `module` key of the link's JSON, see `share.rs`); the example modules of
//! the gallery are data (`module_examples.json`). What the module means is
//! core's (`tftype::module_view`): this file only says what to check.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use tftype::i18n::Lang;
use tftype::module_view::folder::Installed;

use crate::shared::read_json::{bool_or, list, object, optional_string, string_or, Read, Refused};

/// One file of the module (its path relative to the module's directory).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModFile {
    pub name: String,
    #[serde(default)]
    pub text: String,
}

/// What a row of the command line stands for. The names are part of the
/// share-link format: never rename them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RowKind {
    /// `-var 'NAME=VALUE'`.
    #[default]
    Var,
    /// `-var-file PATH`.
    VarFile,
    /// `TF_VAR_NAME=VALUE` in the environment.
    Env,
}

impl RowKind {
    pub const ALL: [RowKind; 3] = [RowKind::VarFile, RowKind::Var, RowKind::Env];

    pub fn key(self) -> &'static str {
        match self {
            RowKind::Var => "var",
            RowKind::VarFile => "var_file",
            RowKind::Env => "env",
        }
    }

    pub fn from_key(k: &str) -> Option<RowKind> {
        RowKind::ALL.into_iter().find(|r| r.key() == k)
    }

    /// How the command line writes it (not a word: the tools' own syntax).
    pub fn flag(self) -> &'static str {
        match self {
            RowKind::Var => "-var",
            RowKind::VarFile => "-var-file",
            RowKind::Env => "TF_VAR_",
        }
    }
}

/// A kind this version does not know (a link from a later one) reads as
/// `-var`.
impl<'de> Deserialize<'de> for RowKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RowKind, D::Error> {
        Ok(RowKind::from_key(&String::deserialize(d)?).unwrap_or_default())
    }
}

/// One row of the command line and environment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub kind: RowKind,
    /// `-var`: the whole argument (`NAME=VALUE`, as the shell passes it);
    /// `-var-file`: the path; `TF_VAR_`: the name after the prefix.
    #[serde(default)]
    pub arg: String,
    /// `TF_VAR_` only: the variable's value.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
}

/// Everything the Module view restores from a link. Add fields (with
/// defaults) freely; never rename or remove one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleDoc {
    #[serde(default)]
    pub files: Vec<ModFile>,
    #[serde(default)]
    pub rows: Vec<Row>,
    /// The name of the file on show.
    #[serde(default)]
    pub open: String,
    /// The variable chosen in the list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub var: Option<String>,
    /// The Module view is on show (rather than the single variable).
    #[serde(default)]
    pub shown: bool,
}

/// The most command-line rows (`-var`, `-var-file`, `TF_VAR_`) a link may
/// carry: a real command line has a few dozen; a link with tens of thousands
/// froze the view for a minute while it made a row of inputs for each
/// (reliability review 4, finding 4). A link over it is refused with a
/// notice ([`LINK_TOO_LARGE`]), not cut short.
pub const MAX_LINK_ROWS: usize = 256;
/// The most files a link may carry (a module's directory and its value
/// files; the editors are made one per file).
pub const MAX_LINK_FILES: usize = 256;
/// The notice for a link over [`MAX_LINK_ROWS`] or [`MAX_LINK_FILES`] (a catalog key).
pub const LINK_TOO_LARGE: &str = "ui.module.link_too_large";

impl ModuleDoc {
    /// The doc a link carries (its `module` key as JSON text), or why it is
    /// not opened (a catalog key): unreadable, or more rows or files than a
    /// link may carry. Counting happens before anything is made for them.
    pub fn from_link(json: &str) -> Result<ModuleDoc, &'static str> {
        let doc = module_doc(json).map_err(|_| "ui.module.link_unreadable")?;
        if doc.rows.len() > MAX_LINK_ROWS || doc.files.len() > MAX_LINK_FILES {
            return Err(LINK_TOO_LARGE);
        }
        Ok(doc)
    }

    /// What core checks: `{files, args, env, flavor, lang}` as JSON
    /// (`tftype::module_view::view_json`). Of two files with one name the
    /// first counts (the page never makes two); blank rows are left out.
    pub fn check_json(&self, flavor: &str, lang: Lang) -> String {
        self.wire(flavor, lang, None)
    }

    /// What core completes and hovers in file `file` of the module: what it
    /// checks, and the file's name (`tftype::module_view::assist_json`).
    pub fn assist_json(&self, flavor: &str, lang: Lang, file: &str) -> String {
        self.wire(flavor, lang, Some(file))
    }

    fn wire(&self, flavor: &str, lang: Lang, file: Option<&str>) -> String {
        /// The JSON core reads (a struct rather than `serde_json::json!`, whose values
        /// bring serde_json's whole `Value` serializer into the view's .wasm).
        #[derive(Serialize)]
        struct Wire<'a> {
            /// Last first: core reads them into a map, where the later of two wins, and of two
            /// files with one name the first counts.
            #[serde(serialize_with = "pairs")]
            files: Vec<(&'a str, &'a str)>,
            args: Vec<[&'a str; 2]>,
            /// In the rows' order: core reads them into a map, where the later of two wins, as
            /// in the environment.
            #[serde(serialize_with = "pairs")]
            env: Vec<(String, &'a str)>,
            flavor: &'a str,
            lang: Lang,
            #[serde(skip_serializing_if = "Option::is_none")]
            file: Option<&'a str>,
        }
        let files = self.files.iter().rev().map(|f| (f.name.as_str(), f.text.as_str())).collect();
        let mut args: Vec<[&str; 2]> = Vec::new();
        let mut env = Vec::new();
        // A row left blank is not an argument yet (the page's draft, not the command line's).
        for r in self.rows.iter().filter(|r| !r.arg.trim().is_empty()) {
            match r.kind {
                RowKind::Var => args.push(["-var", &r.arg]),
                RowKind::VarFile => args.push(["-var-file", &r.arg]),
                RowKind::Env => {
                    env.push((format!("TF_VAR_{}", r.arg), r.value.as_str()));
                }
            }
        }
        serde_json::to_string(&Wire { files, args, env, flavor, lang, file }).unwrap_or_default()
    }

    /// The doc as a link gave it, made usable: files with an empty or
    /// repeated name are dropped, and the open file is one that exists.
    pub fn cleaned(mut self) -> ModuleDoc {
        let mut seen = std::collections::HashSet::new();
        self.files.retain(|f| check_name(&f.name).is_ok() && seen.insert(f.name.clone()));
        if !self.files.iter().any(|f| f.name == self.open) {
            self.open = self.files.first().map(|f| f.name.clone()).unwrap_or_default();
        }
        self
    }
}

/// Pairs written as a JSON object's members, in their order.
fn pairs<S: serde::Serializer, K: AsRef<str>>(pairs: &[(K, &str)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k.as_ref(), v)))
}

/// The installed module whose directory holds file `name` (the deepest),
/// among `installed` (`tftype::module_view::folder::installed_modules`).
pub fn installed_group<'a>(name: &str, installed: &'a [Installed]) -> Option<&'a Installed> {
    installed
        .iter()
        .filter(|i| name.strip_prefix(i.dir.as_str()).is_some_and(|r| r.starts_with('/')))
        .max_by_key(|i| i.dir.len())
}

/// Whether file `name` is `init`'s, not the root module's: the module
/// manifest, or a file of an installed module. Such files are read-only
/// (the next `init` would overwrite them) and links leave them out.
pub fn is_installed(name: &str, installed: &[Installed]) -> bool {
    name == tftype::module::installed::MANIFEST || installed_group(name, installed).is_some()
}

/// What a link carries of `doc`: the root module's files only. Installed
/// modules are `init`'s copies of published code (often far larger than a
/// link may be); the link's reader sees their calls as not installed, and
/// the view says so before the link is made.
pub fn for_link(mut doc: ModuleDoc, installed: &[Installed]) -> ModuleDoc {
    doc.files.retain(|f| !is_installed(&f.name, installed));
    doc
}

/// Why a file name cannot be used (a catalog key), or Ok.
pub fn check_name(name: &str) -> Result<(), &'static str> {
    let bad = name.is_empty()
        || name.len() > 200
        || name.starts_with('/')
        || name.ends_with('/')
        || name.contains('\\')
        || name.chars().any(char::is_control)
        || name.split('/').any(|seg| seg.is_empty() || seg == "." || seg == "..");
    if bad {
        Err("ui.module.name_invalid")
    } else {
        Ok(())
    }
}

/// A name like `new.tfvars` that no file has yet.
pub fn fresh_name(taken: &[String]) -> String {
    (1..)
        .map(|i| if i == 1 { "new.tfvars".to_string() } else { format!("new-{i}.tfvars") })
        .find(|n| !taken.contains(n))
        .unwrap_or_default()
}

/// The editor language for a file: JSON for `.json` files, else a whole
/// HCL file (`.tf`, `.tfvars`).
pub fn editor_language(name: &str) -> &'static str {
    if name.ends_with(".json") {
        "json"
    } else {
        "hcl-file"
    }
}

/// A module of the gallery: its files and rows, with a title and a lesson
/// in the catalogs (`module_example.ID.title` / `.lesson`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleExample {
    pub id: String,
    pub files: Vec<ModFile>,
    #[serde(default)]
    pub rows: Vec<Row>,
    pub open: String,
    #[serde(default)]
    pub var: Option<String>,
}

impl ModuleExample {
    pub fn title(&self, lang: Lang) -> &'static str {
        crate::module::host::example_text(&self.id, "title", lang)
    }

    pub fn lesson(&self, lang: Lang) -> &'static str {
        crate::module::host::example_text(&self.id, "lesson", lang)
    }

    /// The doc this example sets, on show.
    pub fn doc(&self) -> ModuleDoc {
        ModuleDoc {
            files: self.files.clone(),
            rows: self.rows.clone(),
            open: self.open.clone(),
            var: self.var.clone(),
            shown: true,
        }
    }
}

/// The gallery's modules (the first is what the Module view opens with).
pub fn examples() -> &'static [ModuleExample] {
    static LIST: std::sync::OnceLock<Vec<ModuleExample>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| read_examples(include_str!("../module_examples.json")).unwrap_or_default())
}

fn mod_file(v: &Value) -> Read<ModFile> {
    let o = &object(v, &["name", "text"], 1)?;
    Ok(ModFile { name: string_or(o, "name", None)?, text: string_or(o, "text", Some(""))? })
}

fn row(v: &Value) -> Read<Row> {
    let o = &object(v, &["kind", "arg", "value"], 1)?;
    // A kind this version does not know reads as `-var` (RowKind's Deserialize).
    let kind = RowKind::from_key(&string_or(o, "kind", None)?).unwrap_or_default();
    Ok(Row { kind, arg: string_or(o, "arg", Some(""))?, value: string_or(o, "value", Some(""))? })
}

/// A link's module (its `module` key as JSON text), read as the derived
/// impl reads it (`shared::read_json`).
pub fn module_doc(json: &str) -> Read<ModuleDoc> {
    let v: Value = serde_json::from_slice(json.as_bytes()).map_err(|_| Refused)?;
    let o = &object(&v, &["files", "rows", "open", "var", "shown"], 0)?;
    Ok(ModuleDoc {
        files: list(o, "files", false, mod_file)?,
        rows: list(o, "rows", false, row)?,
        open: string_or(o, "open", Some(""))?,
        var: optional_string(o, "var")?,
        shown: bool_or(o, "shown", false)?,
    })
}

/// The gallery's modules (`module_examples.json`, read as the derived impl
/// reads it).
pub fn read_examples(json: &str) -> Read<Vec<ModuleExample>> {
    let v: Value = serde_json::from_slice(json.as_bytes()).map_err(|_| Refused)?;
    v.as_array()
        .ok_or(Refused)?
        .iter()
        .map(|e| {
            let o = &object(e, &["id", "files", "rows", "open", "var"], 4)?;
            Ok(ModuleExample {
                id: string_or(o, "id", None)?,
                files: list(o, "files", true, mod_file)?,
                rows: list(o, "rows", false, row)?,
                open: string_or(o, "open", None)?,
                var: optional_string(o, "var")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tftype::module_view::{view_json, ModuleView};

    fn check(doc: &ModuleDoc, flavor: &str) -> ModuleView {
        serde_json::from_str(&view_json(&doc.check_json(flavor, Lang::En))).unwrap()
    }

    /// The page's list of the gallery's modules (`host::EXAMPLES`, which
    /// the page's .wasm holds without this data) is the view's data's.
    #[test]
    fn the_page_lists_every_module_of_the_gallery() {
        let ids: Vec<&str> = examples().iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, crate::module::host::EXAMPLES);
    }

    #[test]
    fn rows_become_arguments_in_order_and_the_environment() {
        let doc = ModuleDoc {
            files: vec![
                ModFile {
                    name: "variables.tf".into(),
                    text: "variable \"a\" {}\nvariable \"b\" {\n  type = number\n}\n".into(),
                },
                ModFile { name: "x.tfvars".into(), text: "a = \"file\"\n".into() },
            ],
            rows: vec![
                Row { kind: RowKind::Var, arg: "a=first".into(), value: String::new() },
                Row { kind: RowKind::VarFile, arg: "x.tfvars".into(), value: String::new() },
                Row { kind: RowKind::Env, arg: "b".into(), value: "7".into() },
            ],
            ..ModuleDoc::default()
        };
        let j: serde_json::Value = serde_json::from_str(&doc.check_json("opentofu@1.8", Lang::Ja)).unwrap();
        assert_eq!(j["args"], serde_json::json!([["-var", "a=first"], ["-var-file", "x.tfvars"]]));
        assert_eq!(j["env"], serde_json::json!({"TF_VAR_b": "7"}));
        assert_eq!((j["flavor"].as_str(), j["lang"].as_str()), (Some("opentofu@1.8"), Some("ja")));
        let keys: Vec<&String> = j.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["files", "args", "env", "flavor", "lang"]);
        // The later argument wins, as on the command line.
        let v = check(&doc, tftype::flavor::DEFAULT);
        let a = v.variables.iter().find(|x| x.name == "a").unwrap();
        assert_eq!(a.console.as_deref(), Some("\"file\""));
        let b = v.variables.iter().find(|x| x.name == "b").unwrap();
        assert_eq!(b.console.as_deref(), Some("7"));
    }

    /// Of two files with one name the first counts (the page never makes
    /// two); of two `TF_VAR_` rows of one name the later, as in an environment.
    #[test]
    fn the_first_of_two_files_and_the_later_of_two_environment_rows_count() {
        let file = |text: &str| ModFile { name: "x.tfvars".into(), text: text.into() };
        let env = |value: &str| Row { kind: RowKind::Env, arg: "b".into(), value: value.into() };
        let doc = ModuleDoc {
            files: vec![
                ModFile { name: "variables.tf".into(), text: "variable \"a\" {}\nvariable \"b\" {}\n".into() },
                file("a = \"first\"\n"),
                file("a = \"second\"\n"),
            ],
            rows: vec![
                env("7"),
                env("8"),
                Row { kind: RowKind::VarFile, arg: "x.tfvars".into(), value: String::new() },
            ],
            ..ModuleDoc::default()
        };
        let v = check(&doc, tftype::flavor::DEFAULT);
        let console = |name: &str| v.variables.iter().find(|x| x.name == name).and_then(|x| x.console.clone());
        assert_eq!((console("a").as_deref(), console("b").as_deref()), (Some("\"first\""), Some("\"8\"")));
    }

    #[test]
    fn a_blank_row_is_not_an_argument_yet() {
        let doc = ModuleDoc {
            rows: vec![
                Row { kind: RowKind::Var, arg: " ".into(), value: String::new() },
                Row { kind: RowKind::Env, arg: String::new(), value: "x".into() },
            ],
            ..ModuleDoc::default()
        };
        let j: serde_json::Value = serde_json::from_str(&doc.check_json(tftype::flavor::DEFAULT, Lang::En)).unwrap();
        assert_eq!((j["args"].clone(), j["env"].clone()), (serde_json::json!([]), serde_json::json!({})));
        // A -var without "=" is an argument, and the check says what is wrong with it.
        let doc = ModuleDoc {
            rows: vec![Row { kind: RowKind::Var, arg: "region".into(), value: String::new() }],
            ..ModuleDoc::default()
        };
        let v = check(&doc, tftype::flavor::DEFAULT);
        assert_eq!(v.diagnostics.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>(), ["Invalid -var option"]);
    }

    /// A file editor asks for completion and hover with the module as it is
    /// checked and the file's name (answered here, natively; in the browser
    /// by `engine_module` in the worker), and gets the value editor's reply.
    #[test]
    fn a_file_editor_completes_and_hovers_in_the_module_it_checks() {
        use crate::engine::{Engine, Reply, Work};
        let mut doc = examples()[0].doc();
        let dev = doc.files.iter_mut().find(|f| f.name == "envs/dev.tfvars").unwrap();
        dev.text.push_str("fl");
        let end = dev.text.len();
        let json = doc.assist_json(tftype::flavor::DEFAULT, Lang::En, "envs/dev.tfvars");
        let mut j: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(j["file"], "envs/dev.tfvars");
        assert_eq!(j.as_object().unwrap().keys().next_back().map(String::as_str), Some("file"));
        j.as_object_mut().unwrap().remove("file");
        assert_eq!(
            j,
            serde_json::from_str::<serde_json::Value>(&doc.check_json(tftype::flavor::DEFAULT, Lang::En)).unwrap(),
            "the module as it is checked"
        );
        let ask = |work: Work| {
            let got = std::rc::Rc::new(std::cell::RefCell::new(None));
            let put = got.clone();
            Engine::new(|_| {}).send_json(work, json.clone(), move |r| *put.borrow_mut() = Some(r));
            let reply = got.borrow_mut().take();
            match reply {
                Some(Reply::Assisted(j)) => serde_json::from_str::<serde_json::Value>(&j).unwrap(),
                _ => panic!("no completion or hover for {work:?}"),
            }
        };
        let list = ask(Work::ModuleAssist(false, end));
        assert_eq!(
            list["items"].as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect::<Vec<_>>(),
            ["flow_logs"]
        );
        assert_eq!(
            (list["from"].as_u64(), list["to"].as_u64(), list["label"].as_str()),
            (Some(end as u64 - 2), Some(end as u64), Some("Suggestions"))
        );
        let hover = ask(Work::ModuleAssist(true, 2));
        assert_eq!(hover["range"], serde_json::json!({"start": 0, "end": 10}));
        assert!(hover["markdown"].as_str().unwrap().starts_with("**var.cidr_block** `string`"), "{hover}");
    }

    #[test]
    fn file_names_are_relative_paths() {
        for ok in ["variables.tf", "envs/prod.tfvars", "a b.tfvars", "名前.tfvars"] {
            assert_eq!(check_name(ok), Ok(()), "{ok}");
        }
        for bad in ["", "/etc/passwd", "envs/", "../x.tfvars", "a/./b", "a//b", "a\\b", "a\nb"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(fresh_name(&["new.tfvars".into(), "new-2.tfvars".into()]), "new-3.tfvars");
    }

    #[test]
    fn a_linked_doc_is_cleaned_of_unusable_files() {
        let doc = ModuleDoc {
            files: vec![
                ModFile { name: "a.tf".into(), text: "1".into() },
                ModFile { name: "a.tf".into(), text: "2".into() },
                ModFile { name: "../x".into(), text: String::new() },
            ],
            open: "gone.tf".into(),
            ..ModuleDoc::default()
        }
        .cleaned();
        assert_eq!(doc.files, vec![ModFile { name: "a.tf".into(), text: "1".into() }]);
        assert_eq!(doc.open, "a.tf");
    }

    /// A link's rows and files are bounded before anything is made for
    /// them: 30,000 `-var` rows (a 104 KB link) are refused with a notice,
    /// the limit itself is opened (reliability review 4, finding 4).
    #[test]
    fn a_link_carries_a_bounded_number_of_rows_and_files() {
        let rows = |n: usize| {
            (0..n).map(|i| Row { kind: RowKind::Var, arg: format!("x={i}"), value: String::new() }).collect::<Vec<_>>()
        };
        let files =
            |n: usize| (0..n).map(|i| ModFile { name: format!("f{i}.tf"), text: String::new() }).collect::<Vec<_>>();
        let link = |doc: ModuleDoc| serde_json::to_string(&doc).unwrap();
        let at_limit = ModuleDoc { rows: rows(MAX_LINK_ROWS), files: files(MAX_LINK_FILES), ..ModuleDoc::default() };
        assert_eq!(ModuleDoc::from_link(&link(at_limit.clone())), Ok(at_limit));
        for over in [
            ModuleDoc { rows: rows(30_000), ..ModuleDoc::default() },
            ModuleDoc { rows: rows(MAX_LINK_ROWS + 1), ..ModuleDoc::default() },
            ModuleDoc { files: files(MAX_LINK_FILES + 1), ..ModuleDoc::default() },
        ] {
            assert_eq!(ModuleDoc::from_link(&link(over)), Err(LINK_TOO_LARGE));
        }
        assert_eq!(ModuleDoc::from_link("[1]"), Err("ui.module.link_unreadable"));
        for lang in Lang::ALL {
            for key in [LINK_TOO_LARGE, "ui.module.link_unreadable", "ui.share_too_large_kept"] {
                assert!(
                    !tftype::i18n::text(lang, key).is_empty() && tftype::i18n::text(lang, key) != key,
                    "{lang:?} {key}"
                );
            }
        }
    }

    #[test]
    fn an_unknown_row_kind_reads_as_var() {
        let r: Row = serde_json::from_str(r#"{"kind": "var_set", "arg": "x=1"}"#).unwrap();
        assert_eq!(r.kind, RowKind::Var);
        for k in RowKind::ALL {
            assert_eq!(serde_json::to_string(&k).unwrap(), format!("\"{}\"", k.key()));
        }
    }

    /// The example module: every environment is checked as the lesson says
    /// (dev and staging pass; prod fails in its own file), and its title and
    /// lesson are in every catalog.
    #[test]
    fn the_example_module_fails_only_in_prod_and_there() {
        let ex = examples();
        assert!(!ex.is_empty());
        let vpc = &ex[0];
        for (env, ok) in [("dev", true), ("staging", true), ("prod", false)] {
            let mut doc = vpc.doc();
            for r in doc.rows.iter_mut().filter(|r| r.kind == RowKind::VarFile) {
                r.arg = format!("envs/{env}.tfvars");
            }
            let v = check(&doc, tftype::flavor::DEFAULT);
            assert_eq!(v.ok, ok, "{env}: {:?}", v.diagnostics);
            assert!(v.variables.len() >= 8, "{env}");
            if !ok {
                let files: Vec<&str> =
                    v.diagnostics.iter().filter_map(|d| d.at.as_ref().map(|a| a.file.as_str())).collect();
                assert_eq!(files, ["envs/prod.tfvars"], "{env}");
            }
        }
        for lang in Lang::ALL {
            for e in ex {
                assert!(!e.title(lang).is_empty() && !e.lesson(lang).is_empty(), "{lang:?} {}", e.id);
            }
        }
    }
}
