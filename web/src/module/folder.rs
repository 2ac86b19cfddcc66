//! Opening a folder in the Module view (the "Open a folder" control, or a
//! folder or several files dropped on the file list): the folder is
//! listed, then core says what to read (`tftype::module_view::folder`,
//! asked through the engine worker: which files Terraform reads is core's
//! rule, never this page's), the page reads those files and asks again,
//! until nothing is left to read. What was left out, and why, is kept for
//! the view's notice.

use std::collections::BTreeMap;

use tftype::i18n::{fill, join, Lang};
use tftype::module_view::folder::{Installed, LeftOut, Listed, Plan, Skipped, MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES};

use crate::module::model::{ModFile, ModuleDoc};

/// The most entries of a folder that are listed (a folder with more, such
/// as one holding `node_modules`, is listed in part: the notice says so).
pub const MAX_LISTED: usize = 50_000;
/// The most rounds of asking and reading (each round follows module
/// calls one level deeper).
const MAX_ROUNDS: usize = 64;

/// A folder being read: its listing, the files read so far, and what was
/// left out.
#[derive(Debug, Default)]
pub struct Reading {
    listing: Vec<Listed>,
    pub files: BTreeMap<String, String>,
    failed: Vec<String>,
    pub left_out: Vec<Skipped>,
    pub installed: Vec<Installed>,
    rounds: usize,
}

impl Reading {
    pub fn new(listing: Vec<Listed>) -> Reading {
        Reading { listing, ..Reading::default() }
    }

    /// What core is asked (`tftype::module_view::folder::plan_json`).
    pub fn request(&self) -> String {
        serde_json::json!({"listing": self.listing, "read": self.files, "failed": self.failed}).to_string()
    }

    /// Core's answer taken in: the paths to read now (none: done).
    pub fn take(&mut self, plan_json: &str) -> Vec<String> {
        self.rounds += 1;
        let Ok(plan) = serde_json::from_str::<Plan>(plan_json) else { return Vec::new() };
        for s in plan.left_out {
            if !self.left_out.iter().any(|x| x.path == s.path) {
                self.left_out.push(s);
            }
        }
        self.installed = plan.installed;
        self.listing.retain(|l| plan.keep.contains(&l.path));
        if self.rounds > MAX_ROUNDS {
            return Vec::new();
        }
        plan.read
    }

    /// A file as read: its text (None: it could not be read, or is not
    /// UTF-8 text, and is left out as not text).
    pub fn put(&mut self, path: String, text: Option<String>) {
        match text {
            Some(text) => {
                self.files.insert(path, text);
            }
            None => {
                self.left_out.push(Skipped { path: path.clone(), why: LeftOut::NotText });
                self.failed.push(path);
            }
        }
    }

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
        doc.open = if self.files.contains_key("main.tf") { "main.tf".into() } else { first_root().cloned().unwrap_or_default() };
        doc.var = None;
        doc
    }
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
        parts.push(fill(lang, "ui.module.folder.left_out", &[("count", &left_out.len().to_string()), ("files", &join(lang, &items))]));
    }
    if listing_cut {
        parts.push(fill(lang, "ui.module.folder.listing_cut", &[("count", &MAX_LISTED.to_string())]));
    }
    (!parts.is_empty()).then(|| parts.join(tftype::i18n::sentence_gap(lang)))
}

/// The browser's side: the folder is listed and its files read by
/// `js-src/folder.js` (fetched the first time a folder is opened or
/// dropped: none of it is in the view's .wasm), core's plan asked from the
/// engine worker in between.
#[cfg(target_arch = "wasm32")]
pub mod browser {
    use std::cell::RefCell;
    use std::rc::Rc;

    use leptos::prelude::*;
    use wasm_bindgen::prelude::*;

    use super::*;
    use crate::engine::{Engine, Reply, Work};

    #[wasm_bindgen(module = "/js/cm6.bundle.js")]
    extern "C" {
        #[wasm_bindgen(js_name = openFolder)]
        fn open_folder(from: &JsValue, max: usize, step: &JsValue) -> bool;
    }

    /// What folder.js lists first: the files, whether the listing was cut
    /// short, and whether they are a whole module (a folder chosen, or one
    /// dropped alone) rather than files to add.
    #[derive(serde::Deserialize)]
    struct Listing {
        listing: Vec<Listed>,
        cut: bool,
        whole: bool,
    }

    /// Called with the folder read, whether its listing was cut short and
    /// whether it is a whole module (None: folder.js could not be loaded).
    pub type Done = Box<dyn FnOnce(Option<(Reading, bool, bool)>)>;

    struct Open {
        reading: Option<Reading>,
        cut: bool,
        whole: bool,
        done: Option<Done>,
    }

    impl Open {
        fn finish(&mut self) {
            if let Some(done) = self.done.take() {
                done(self.reading.take().map(|r| (r, self.cut, self.whole)));
            }
        }
    }

    /// Lists and reads the folder of `from` (the `<input webkitdirectory>`,
    /// or a drop event, whose entries are taken at once), then calls
    /// `done`. False: a drop that held nothing (`done` is not called).
    pub fn open(from: &JsValue, engine: StoredValue<Engine, LocalStorage>, done: Done) -> bool {
        let st = Rc::new(RefCell::new(Open { reading: None, cut: false, whole: false, done: Some(done) }));
        // folder.js calls `step` with the listing, then with each batch of files read
        // ([[path, text | null]]), and gives `read` to ask for the next paths.
        let step = Closure::<dyn FnMut(Option<String>, Option<js_sys::Function>)>::new(move |json: Option<String>, read: Option<js_sys::Function>| {
            let (Some(json), Some(read)) = (json, read) else { return st.borrow_mut().finish() };
            let request = {
                let mut s = st.borrow_mut();
                match s.reading.as_mut() {
                    Some(r) => {
                        for (path, text) in serde_json::from_str::<Vec<(String, Option<String>)>>(&json).unwrap_or_default() {
                            r.put(path, text);
                        }
                    }
                    None => {
                        let l = serde_json::from_str::<Listing>(&json).unwrap_or(Listing { listing: Vec::new(), cut: false, whole: false });
                        s.cut = l.cut;
                        s.whole = l.whole;
                        s.reading = Some(Reading::new(l.listing));
                    }
                }
                s.reading.as_ref().map(Reading::request).unwrap_or_default()
            };
            let st = st.clone();
            engine.with_value(|e| {
                e.send_json(Work::ModuleFolder, request, move |r| {
                    let plan = if let Reply::Planned(j) = r { j } else { String::new() };
                    let paths = st.borrow_mut().reading.as_mut().map(|r| r.take(&plan)).unwrap_or_default();
                    if paths.is_empty() {
                        st.borrow_mut().finish();
                    } else {
                        let _ = read.call1(&JsValue::NULL, &serde_json::to_string(&paths).unwrap_or_default().into());
                    }
                })
            });
        });
        // (Kept until the page closes: one per folder opened.)
        open_folder(from, MAX_LISTED, &step.into_js_value())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Reply, Work};

    /// Reads an in-memory folder as the browser does, core's plan asked
    /// through the engine (answered here, natively).
    fn read(folder: &[(&str, &[u8])]) -> Reading {
        let listing = folder.iter().map(|(p, b)| Listed { path: p.to_string(), size: b.len() as u64 }).collect();
        let mut reading = Reading::new(listing);
        loop {
            let got = std::rc::Rc::new(std::cell::RefCell::new(String::new()));
            let put = got.clone();
            Engine::new(|_| {}).send_json(Work::ModuleFolder, reading.request(), move |r| {
                if let Reply::Planned(j) = r {
                    *put.borrow_mut() = j
                }
            });
            let paths = reading.take(&got.borrow());
            if paths.is_empty() {
                return reading;
            }
            for p in paths {
                // (As js-src/folder.js reads: UTF-8 text, else None.)
                let text = folder.iter().find(|(q, _)| *q == p).and_then(|(_, b)| String::from_utf8(b.to_vec()).ok());
                reading.put(p, text);
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
        assert_eq!(names, ["main.tf", "terraform.tfvars", ".terraform/modules/modules.json", ".terraform/modules/vpc/variables.tf"]);
        assert_eq!(doc.open, "main.tf");
        // The check covers the call: the argument's diagnostic is on the root's main.tf.
        let v: tftype::module_view::ModuleView =
            serde_json::from_str(&tftype::module_view::view_json(&doc.check_json(tftype::flavor::DEFAULT, Lang::En))).unwrap();
        let on_main: Vec<&str> = v.diagnostics.iter().filter(|d| d.at.as_ref().is_some_and(|a| a.file == "main.tf")).map(|d| d.summary.as_str()).collect();
        assert_eq!(on_main, ["Invalid value for input variable"], "{:?}", v.diagnostics);
        // The link's doc: the root's files only.
        let linked = crate::module::model::for_link(doc, &r.installed);
        assert_eq!(linked.files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["main.tf", "terraform.tfvars"]);
        // Files dropped onto a module replace those of the same name and keep its rows.
        let base = ModuleDoc { files: vec![ModFile { name: "main.tf".into(), text: "old".into() }, ModFile { name: "x.tf".into(), text: String::new() }], rows: vec![Default::default()], ..ModuleDoc::default() };
        let added = read(&[("main.tf", b"new")]).doc(Some(base));
        assert_eq!(added.files.iter().map(|f| (f.name.as_str(), f.text.as_str())).collect::<Vec<_>>(), [("x.tf", ""), ("main.tf", "new")]);
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
        assert!(text.contains("f9.tf (over the 512 files") && !text.contains("f10.tf") && text.contains("2 more"), "{text}");
        assert!(text.contains("50000"), "{text}");
        for lang in Lang::ALL {
            for why in [LeftOut::TooLarge, LeftOut::TooManyFiles, LeftOut::TooManyBytes, LeftOut::NotText] {
                let t = notice(&[s("x.tf", why)], true, lang).unwrap();
                assert!(t.contains("x.tf") && !t.contains('{'), "{lang:?} {t}");
            }
        }
    }
}
