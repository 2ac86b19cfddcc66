//! The page's components, one per file.

pub mod check;
pub mod copy_as;
pub mod error_box;
pub mod flavor_select;
pub mod gallery;
pub mod header;
pub mod lang_select;
pub mod long_text;
pub mod module_detail;
pub mod module_files;
pub mod module_rows;
pub mod module_vars;
pub mod module_view;
pub mod notes_box;
pub mod options;
pub mod story_line;
pub mod result_view;
pub mod versions_panel;
pub mod view_switch;
pub mod warnings_box;
pub mod why_panel;
