//! The one-variable view: a type constraint and a value in two editors,
//! and what the chosen version makes of them.

pub mod check;
pub mod copy_as;
pub mod error_box;
pub mod examples;
pub mod format_switch;
pub mod model;
pub mod notice;
pub mod options;
pub mod outcome;
pub mod result_view;
pub mod signals;
pub mod versions_panel;
pub mod view;
pub mod warnings_box;
