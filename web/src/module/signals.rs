//! The Module view's reactive state: the files (each with an id that its
//! editor and tab keep across renames), the command-line rows, the file on
//! show, the variable chosen, and the editors once they exist. A share link
//! or an example sets it all at once ([`ModuleState::load`]).

use leptos::prelude::*;
use tftype::i18n::Lang;

use tftype::module_view::folder::{Installed, Skipped};

use crate::module::model::{ModFile, ModuleDoc, Row};
use crate::shared::cm::EditorView;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSlot {
    pub id: u64,
    pub name: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowSlot {
    pub id: u64,
    pub row: Row,
}

#[derive(Clone, Copy)]
pub struct ModuleState {
    pub files: RwSignal<Vec<FileSlot>>,
    pub rows: RwSignal<Vec<RowSlot>>,
    /// The id of the file on show.
    pub open: RwSignal<u64>,
    /// The variable chosen (None: the first that failed, else the first).
    pub var: RwSignal<Option<String>>,
    /// The Module view is on show.
    pub shown: RwSignal<bool>,
    /// A module was loaded (from a link, an example, or by opening the
    /// view): links carry it from then on.
    pub loaded: RwSignal<bool>,
    next_id: StoredValue<u64>,
    /// Each file's editor, by file id.
    pub editors: StoredValue<Vec<(u64, EditorView)>, LocalStorage>,
    /// Bumped when an editor is made (its marks are then due).
    pub editors_rev: RwSignal<u64>,
    /// Why the link's module was not opened (a catalog key), shown above
    /// the view until another module is loaded.
    pub notice: RwSignal<Option<&'static str>>,
    /// The installed modules of the folder opened (none for a link or an
    /// example): their files are listed apart, read-only, and links leave
    /// them out.
    pub installed: RwSignal<Vec<Installed>>,
    /// The files of the folder opened that were not read, and whether its
    /// listing was cut short.
    pub left_out: RwSignal<(Vec<Skipped>, bool)>,
}

impl ModuleState {
    pub fn new(doc: Option<ModuleDoc>) -> ModuleState {
        let s = ModuleState {
            files: RwSignal::new(Vec::new()),
            rows: RwSignal::new(Vec::new()),
            open: RwSignal::new(0),
            var: RwSignal::new(None),
            shown: RwSignal::new(false),
            loaded: RwSignal::new(false),
            next_id: StoredValue::new(1),
            editors: StoredValue::new_local(Vec::new()),
            editors_rev: RwSignal::new(0),
            notice: RwSignal::new(None),
            installed: RwSignal::new(Vec::new()),
            left_out: RwSignal::new((Vec::new(), false)),
        };
        if let Some(d) = doc {
            s.load(d);
        }
        s
    }

    pub fn fresh_id(&self) -> u64 {
        self.next_id.update_value(|n| *n += 1);
        self.next_id.get_value()
    }

    /// Replaces everything with `doc` (new files get new editors).
    pub fn load(&self, doc: ModuleDoc) {
        let doc = doc.cleaned();
        let files: Vec<FileSlot> =
            doc.files.into_iter().map(|f| FileSlot { id: self.fresh_id(), name: f.name, text: f.text }).collect();
        let open = files.iter().find(|f| f.name == doc.open).or(files.first()).map_or(0, |f| f.id);
        self.rows.set(doc.rows.into_iter().map(|row| RowSlot { id: self.fresh_id(), row }).collect());
        self.files.set(files);
        self.open.set(open);
        self.var.set(doc.var);
        self.shown.set(doc.shown);
        self.loaded.set(true);
        self.notice.set(None);
        self.installed.set(Vec::new());
        self.left_out.set((Vec::new(), false));
    }

    /// Replaces everything with a folder's module (`doc`), its installed
    /// modules and what was left out of it.
    pub fn load_folder(&self, doc: ModuleDoc, installed: Vec<Installed>, left_out: (Vec<Skipped>, bool)) {
        self.load(doc);
        self.installed.set(installed);
        self.left_out.set(left_out);
    }

    /// Whether the file `id` is `init`'s (read-only).
    pub fn is_installed(&self, id: u64) -> bool {
        self.files.with(|fs| {
            fs.iter()
                .find(|f| f.id == id)
                .is_some_and(|f| self.installed.with(|i| crate::module::model::is_installed(&f.name, i)))
        })
    }

    /// What a link carries (tracked); None until a module was loaded.
    pub fn doc(&self) -> Option<ModuleDoc> {
        if !self.loaded.get() {
            return None;
        }
        let open = self.open.get();
        let doc = self.files.with(|fs| ModuleDoc {
            files: fs.iter().map(|f| ModFile { name: f.name.clone(), text: f.text.clone() }).collect(),
            rows: self.rows.with(|rs| rs.iter().map(|r| r.row.clone()).collect()),
            open: fs.iter().find(|f| f.id == open).map(|f| f.name.clone()).unwrap_or_default(),
            var: self.var.get(),
            shown: self.shown.get(),
        });
        // Links carry the root module's files only (`module_model::for_link`).
        Some(self.installed.with(|i| if i.is_empty() { doc } else { crate::module::model::for_link(doc, i) }))
    }

    /// Everything, installed modules' files included (untracked; None
    /// until a module was loaded).
    pub fn all_untracked(&self) -> Option<ModuleDoc> {
        untrack(|| {
            if !self.loaded.get() {
                return None;
            }
            let open = self.open.get();
            Some(ModuleDoc {
                open: self
                    .files
                    .with(|fs| fs.iter().find(|f| f.id == open).map(|f| f.name.clone()).unwrap_or_default()),
                var: self.var.get(),
                shown: self.shown.get(),
                ..self.checked()
            })
        })
    }

    /// [`Self::doc`], untracked.
    pub fn doc_untracked(&self) -> Option<ModuleDoc> {
        untrack(|| self.doc())
    }

    /// What core checks (tracked: files and rows only).
    pub fn check_json(&self, flavor: &str, lang: Lang) -> String {
        self.checked().check_json(flavor, lang)
    }

    /// What core completes and hovers in the file `id` (untracked): the
    /// module as it is checked, with the file's name; None when the file is
    /// gone.
    pub fn assist_json(&self, flavor: &str, lang: Lang, id: u64) -> Option<String> {
        untrack(|| {
            let name = self.files.with(|fs| fs.iter().find(|f| f.id == id).map(|f| f.name.clone()))?;
            Some(self.checked().assist_json(flavor, lang, &name))
        })
    }

    /// The files and rows, as a doc.
    fn checked(&self) -> ModuleDoc {
        self.files.with(|fs| ModuleDoc {
            files: fs.iter().map(|f| ModFile { name: f.name.clone(), text: f.text.clone() }).collect(),
            rows: self.rows.with(|rs| rs.iter().map(|r| r.row.clone()).collect()),
            ..ModuleDoc::default()
        })
    }

    pub fn id_of(&self, name: &str) -> Option<u64> {
        self.files.with_untracked(|fs| fs.iter().find(|f| f.name == name).map(|f| f.id))
    }

    pub fn editor(&self, id: u64) -> Option<EditorView> {
        self.editors.with_value(|es| es.iter().find(|(i, _)| *i == id).map(|(_, v)| v.clone()))
    }

    /// The editor of the file named `name`.
    pub fn editor_of(&self, name: &str) -> Option<EditorView> {
        self.id_of(name).and_then(|id| self.editor(id))
    }

    /// Shows the file named `name`; false when there is none.
    pub fn show_file(&self, name: &str) -> bool {
        match self.id_of(name) {
            Some(id) => {
                self.open.set(id);
                true
            }
            None => false,
        }
    }

    pub fn names_untracked(&self) -> Vec<String> {
        self.files.with_untracked(|fs| fs.iter().map(|f| f.name.clone()).collect())
    }
}
