//! hcl's `ext/tryfunc`: `try` and `can`. They receive their arguments as
//! expressions; the evaluator runs each one and uses these texts.

/// The names, in the order of the table.
pub const NAMES: &[&str] = &["can", "try"];

/// The error of a `try` whose every expression failed: each failure with
/// its summary, subject (when it has one) and detail.
pub fn no_expression_succeeded<'a>(failures: impl Iterator<Item = (&'a str, &'a str, Option<String>)>) -> String {
    let mut buf = String::from("no expression succeeded:\n");
    for (summary, detail, at) in failures {
        match at {
            Some(at) => buf += &format!("- {summary} (at {at})\n  {detail}\n"),
            None => buf += &format!("- {summary}\n  {detail}\n"),
        }
    }
    buf += "\nAt least one expression must produce a successful result";
    buf
}
