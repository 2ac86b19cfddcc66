//! cty paths (`[0].name`, `["key"]`): where inside a value something happened.

use crate::number::Number;

#[derive(Clone, Debug, PartialEq)]
pub enum PathStep {
    /// `.name` (an object attribute).
    GetAttr(String),
    /// `[n]` (a list, tuple or set element).
    Index(Number),
    /// `["key"]` (a map element).
    Key(String),
}

pub type Path = Vec<PathStep>;

/// `tfdiags.FormatCtyPath`: `.name`, `[0]` (numbers as `Text('g', -1)`), `["key"]` (Go-quoted).
pub fn format_path(p: &[PathStep]) -> String {
    let mut s = String::new();
    for step in p {
        match step {
            PathStep::GetAttr(n) => {
                s.push('.');
                s.push_str(n);
            }
            PathStep::Index(n) => {
                s.push('[');
                s.push_str(&n.to_text_g());
                s.push(']');
            }
            PathStep::Key(k) => {
                s.push('[');
                s.push_str(&crate::goprint::go_quote(k));
                s.push(']');
            }
        }
    }
    s
}
