//! Opening a folder in the Module view (the "Open a folder" control, or a
//! folder or several files dropped on the file list): `js-src/folder.js`
//! lists the folder, asks core what to read (`tftype::module_view::folder`,
//! through the engine worker: which files Terraform reads is core's rule,
//! never this page's), reads those files and asks again, until nothing is
//! left to read; then hands over what it read, and what was left out and
//! why, for the view's notice.

use std::collections::BTreeMap;

use tftype::i18n::{fill, join, Lang};
use tftype::module_view::folder::{Installed, LeftOut, Skipped, MAX_FILES, MAX_FILE_BYTES, MAX_TOTAL_BYTES};

use crate::module::model::{ModFile, ModuleDoc};
use crate::shared::read_json::{bool_or, list, object, optional_string, string_or, variant, Read, Refused};
use serde_json::Value;

/// The most entries of a folder that are listed (a folder with more, such
/// as one holding `node_modules`, is listed in part: the notice says so).
pub const MAX_LISTED: usize = 50_000;

/// A folder read (`js-src/folder.js` hands it over as JSON): the files
/// read, those left out and why, the installed modules, whether the
/// listing was cut short, and whether it is a whole module (a folder
/// chosen, or one dropped alone) rather than files to add (read by
/// [`reading`]).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct Reading {
    pub files: BTreeMap<String, String>,
    pub left_out: Vec<Skipped>,
    pub installed: Vec<Installed>,
    pub cut: bool,
    pub whole: bool,
}

impl Reading {
    /// The module the folder holds: its files (the root's first, in name
    /// order, then the installed modules'), the root's `main.tf` (else its
    /// first file) on show; `rows` kept.
    pub fn doc(&self, base: Option<ModuleDoc>) -> ModuleDoc {
        let installed = |n: &str| crate::module::model::is_installed(n, &self.installed);
        let mut doc = base.unwrap_or_else(|| ModuleDoc { shown: true, ..ModuleDoc::default() });
        doc.files.retain(|f| !self.files.contains_key(&f.name));
        let (own, inst): (Vec<_>, Vec<_>) = self.files.iter().partition(|(n, _)| !installed(n));
        doc.files.extend(own.into_iter().chain(inst).map(|(n, t)| ModFile { name: n.clone(), text: t.clone() }));
        let first_root = || self.files.keys().find(|n| !n.contains('/') && !installed(n));
        doc.open = if self.files.contains_key("main.tf") {
            "main.tf".into()
        } else {
            first_root().cloned().unwrap_or_default()
        };
        doc.var = None;
        doc
    }
}

const LEFT_OUT: [LeftOut; 4] = [LeftOut::TooLarge, LeftOut::TooManyFiles, LeftOut::TooManyBytes, LeftOut::NotText];

fn skipped(v: &Value) -> Read<Skipped> {
    let o = &object(v, &["path", "why"], 2)?;
    let why = o.get("why").ok_or(Refused)?;
    Ok(Skipped {
        path: string_or(o, "path", None)?,
        why: variant(why, &["too_large", "too_many_files", "too_many_bytes", "not_text"], &LEFT_OUT).ok_or(Refused)?,
    })
}

fn installed(v: &Value) -> Read<Installed> {
    let o = &object(v, &["address", "kind", "source", "version", "dir"], 5)?;
    Ok(Installed {
        address: string_or(o, "address", None)?,
        kind: string_or(o, "kind", None)?,
        source: string_or(o, "source", None)?,
        version: optional_string(o, "version")?,
        dir: string_or(o, "dir", None)?,
    })
}

/// A folder read (`js-src/folder.js`), as the derived impl reads it
/// (`shared::read_json`).
pub fn reading(json: &str) -> Read<Reading> {
    let v: Value = serde_json::from_slice(json.as_bytes()).map_err(|_| Refused)?;
    let o = &object(&v, &["files", "left_out", "installed", "cut", "whole"], 0)?;
    let mut files = BTreeMap::new();
    if let Some(f) = o.get("files") {
        for (name, text) in f.as_object().ok_or(Refused)? {
            files.insert(name.clone(), text.as_str().ok_or(Refused)?.to_string());
        }
    }
    Ok(Reading {
        files,
        left_out: list(o, "left_out", false, skipped)?,
        installed: list(o, "installed", false, installed)?,
        cut: bool_or(o, "cut", false)?,
        whole: bool_or(o, "whole", false)?,
    })
}

/// The notice for files left out (None: none was), in `lang`: each file
/// with why, the first ten named.
pub fn notice(left_out: &[Skipped], listing_cut: bool, lang: Lang) -> Option<String> {
    let mb = |b: u64| format!("{} MB", b >> 20);
    let mut items: Vec<String> = left_out
        .iter()
        .take(10)
        .map(|s| {
            let limit = match s.why {
                LeftOut::TooLarge => mb(MAX_FILE_BYTES),
                LeftOut::TooManyFiles => MAX_FILES.to_string(),
                LeftOut::TooManyBytes => mb(MAX_TOTAL_BYTES),
                LeftOut::NotText => String::new(),
            };
            fill(lang, s.why.key(), &[("file", &s.path), ("limit", &limit)])
        })
        .collect();
    if left_out.len() > 10 {
        items.push(fill(lang, "ui.module.folder.more", &[("count", &(left_out.len() - 10).to_string())]));
    }
    let mut parts = Vec::new();
    if !items.is_empty() {
        parts.push(fill(
            lang,
            "ui.module.folder.left_out",
            &[("count", &left_out.len().to_string()), ("files", &join(lang, &items))],
        ));
    }
    if listing_cut {
        parts.push(fill(lang, "ui.module.folder.listing_cut", &[("count", &MAX_LISTED.to_string())]));
    }
    (!parts.is_empty()).then(|| parts.join(tftype::i18n::sentence_gap(lang)))
}

/// The browser's side: the folder is listed and its files read by
/// `js-src/folder.js` (fetched the first time a folder is opened or
/// dropped: none of it is in the view's .wasm), which asks core's plan
/// through here.
#[cfg(target_arch = "wasm32")]
pub mod browser {
    use leptos::prelude::*;
    use wasm_bindgen::prelude::*;

    use super::*;
    use crate::engine::{Engine, Reply, Work};

    #[wasm_bindgen(module = "/js/cm6.bundle.js")]
    extern "C" {
        #[wasm_bindgen(js_name = openFolder)]
        fn open_folder(from: &JsValue, max: usize, ask: &JsValue, done: &JsValue) -> bool;
    }

    /// Lists and reads the folder of `from` (the `<input webkitdirectory>`,
    /// or a drop event, whose entries are taken at once), then calls
    /// `done` (None: folder.js could not be loaded). False: a drop that
    /// held nothing (`done` is not called).
    pub fn open(
        from: &JsValue,
        engine: StoredValue<Engine, LocalStorage>,
        done: impl FnOnce(Option<Reading>) + 'static,
    ) -> bool {
        // Core's plan (`tftype::module_view::folder::plan_json`), from the engine worker.
        let ask = Closure::<dyn FnMut(String, js_sys::Function)>::new(move |json: String, answer: js_sys::Function| {
            engine.with_value(|e| {
                e.send_json(Work::ModuleFolder, json, move |r| {
                    let plan = if let Reply::Planned(j) = r { j } else { String::new() };
                    let _ = answer.call1(&JsValue::NULL, &plan.into());
                })
            })
        });
        let done = Closure::once_into_js(move |json: Option<String>| done(json.and_then(|j| reading(&j).ok())));
        // (`ask` is kept until the page closes: one per folder opened.)
        open_folder(from, MAX_LISTED, &ask.into_js_value(), &done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Reply, Work};

    /// Reads an in-memory folder as `js-src/folder.js` does (its rounds are
    /// tested in js-src/folder.test.mjs), core's plan asked through the
    /// engine (answered here, natively).
    fn read(folder: &[(&str, &[u8])]) -> Reading {
        let mut listing: Vec<tftype::module_view::folder::Listed> = folder
            .iter()
            .map(|(p, b)| tftype::module_view::folder::Listed { path: p.to_string(), size: b.len() as u64 })
            .collect();
        let mut r = Reading { whole: true, ..Reading::default() };
        let mut failed: Vec<String> = Vec::new();
        loop {
            let got = std::rc::Rc::new(std::cell::RefCell::new(String::new()));
            let put = got.clone();
            let request = serde_json::json!({"listing": listing, "read": r.files, "failed": failed}).to_string();
            Engine::new(|_| {}).send_json(Work::ModuleFolder, request, move |reply| {
                if let Reply::Planned(j) = reply {
                    *put.borrow_mut() = j
                }
            });
            let plan: tftype::module_view::folder::Plan = serde_json::from_str(&got.borrow()).unwrap();
            for s in plan.left_out {
                if !r.left_out.iter().any(|x| x.path == s.path) {
                    r.left_out.push(s);
                }
            }
            r.installed = plan.installed;
            listing.retain(|l| plan.keep.contains(&l.path));
            if plan.read.is_empty() {
                return r;
            }
            for p in plan.read {
                match folder.iter().find(|(q, _)| *q == p).and_then(|(_, b)| String::from_utf8(b.to_vec()).ok()) {
                    Some(text) => {
                        r.files.insert(p, text);
                    }
                    None => {
                        r.left_out.push(Skipped { path: p.clone(), why: LeftOut::NotText });
                        failed.push(p);
                    }
                }
            }
        }
    }

    const MANIFEST: &str = r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"vpc","Source":"registry.terraform.io/acme/vpc/aws","Version":"5.1.0","Dir":".terraform/modules/vpc"}]}"#;

    /// A root with an installed module: the root's files and the module's
    /// are read, a binary file is named as not text, the rest is not read;
    /// the doc lists the root's files first and opens main.tf, and a link
    /// made of it carries the root's files only.
    #[test]
    fn a_folder_with_an_installed_module_becomes_the_module_and_its_link_leaves_it_out() {
        let main = b"module \"vpc\" {\n  source  = \"acme/vpc/aws\"\n  version = \"5.1.0\"\n  cidr    = [1]\n}\n";
        let r = read(&[
            ("main.tf", main),
            ("a.tf", b"\xff\xfe"),
            ("terraform.tfvars", b""),
            ("notes.md", b"x"),
            (".git/HEAD", b"ref"),
            (".terraform/modules/modules.json", MANIFEST.as_bytes()),
            (".terraform/modules/vpc/variables.tf", b"variable \"cidr\" {\n  type = string\n}\n"),
            (".terraform/modules/vpc/README.md", b""),
        ]);
        assert_eq!(r.left_out, [Skipped { path: "a.tf".into(), why: LeftOut::NotText }]);
        assert_eq!(r.installed.iter().map(|i| i.address.as_str()).collect::<Vec<_>>(), ["module.vpc"]);
        let doc = r.doc(None);
        let names: Vec<&str> = doc.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            ["main.tf", "terraform.tfvars", ".terraform/modules/modules.json", ".terraform/modules/vpc/variables.tf"]
        );
        assert_eq!(doc.open, "main.tf");
        // The check covers the call: the argument's diagnostic is on the root's main.tf.
        let v: tftype::module_view::ModuleView =
            serde_json::from_str(&tftype::module_view::view_json(&doc.check_json(tftype::flavor::DEFAULT, Lang::En)))
                .unwrap();
        let on_main: Vec<&str> = v
            .diagnostics
            .iter()
            .filter(|d| d.at.as_ref().is_some_and(|a| a.file == "main.tf"))
            .map(|d| d.summary.as_str())
            .collect();
        assert_eq!(on_main, ["Invalid value for input variable"], "{:?}", v.diagnostics);
        // The link's doc: the root's files only.
        let linked = crate::module::model::for_link(doc, &r.installed);
        assert_eq!(linked.files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["main.tf", "terraform.tfvars"]);
        // Files dropped onto a module replace those of the same name and keep its rows.
        let base = ModuleDoc {
            files: vec![
                ModFile { name: "main.tf".into(), text: "old".into() },
                ModFile { name: "x.tf".into(), text: String::new() },
            ],
            rows: vec![Default::default()],
            ..ModuleDoc::default()
        };
        let added = read(&[("main.tf", b"new")]).doc(Some(base));
        assert_eq!(
            added.files.iter().map(|f| (f.name.as_str(), f.text.as_str())).collect::<Vec<_>>(),
            [("x.tf", ""), ("main.tf", "new")]
        );
        assert_eq!(added.rows.len(), 1);
    }

    /// The notice names each file left out with why, in the reader's
    /// language, at most ten of them.
    #[test]
    fn the_notice_names_what_was_left_out_and_why() {
        let s = |p: &str, why| Skipped { path: p.into(), why };
        assert_eq!(notice(&[], false, Lang::En), None);
        let one = notice(&[s("big.tf", LeftOut::TooLarge), s("bin.tf", LeftOut::NotText)], false, Lang::En).unwrap();
        assert_eq!(one, "2 files were not read: big.tf (larger than 1 MB), bin.tf (not UTF-8 text).");
        let many: Vec<Skipped> = (0..12).map(|i| s(&format!("f{i}.tf"), LeftOut::TooManyFiles)).collect();
        let text = notice(&many, true, Lang::En).unwrap();
        assert!(
            text.contains("f9.tf (over the 512 files") && !text.contains("f10.tf") && text.contains("2 more"),
            "{text}"
        );
        assert!(text.contains("50000"), "{text}");
        for lang in Lang::ALL {
            for why in [LeftOut::TooLarge, LeftOut::TooManyFiles, LeftOut::TooManyBytes, LeftOut::NotText] {
                let t = notice(&[s("x.tf", why)], true, lang).unwrap();
                assert!(t.contains("x.tf") && !t.contains('{'), "{lang:?} {t}");
            }
        }
    }
}
