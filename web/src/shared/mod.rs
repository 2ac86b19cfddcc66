//! What both views use: the browser around the page (`page.rs`), the files
//! it fetches (`assets.rs`), the editors (`cm.rs`), the words
//! (`words.rs`), JSON read without derived impls (`read_json.rs`), and the parts
//! of a result both views show.

pub mod assets;
pub mod cm;
pub mod editors;
pub mod jsonfmt;
pub mod long_text;
pub mod notes_box;
pub mod outcome;
pub mod page;
pub mod read_json;
pub mod story_line;
pub mod why_panel;
pub mod words;
