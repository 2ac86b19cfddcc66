//! The page's components, one per file.

pub mod check;
pub mod copy_as;
pub mod error_box;
pub mod explain_list;
pub mod flavor_select;
pub mod gallery;
pub mod header;
pub mod long_text;
pub mod options;
pub mod result_view;
pub mod versions_panel;
pub mod warnings_box;
