//! The tftype playground (Leptos, client-side rendered).
//!
//! Two inputs — a variable's type constraint and a value — and the result of
//! `tftype::evaluate`, recomputed on every `input` event: what
//! `terraform console` prints and the final type, or Terraform's error.

use leptos::prelude::*;
use tftype::diag::Source;
use tftype::{evaluate, Request, Response};

const INITIAL_TYPE: &str = "list(object({\n  name = string\n  port = optional(number, 80)\n}))";
const INITIAL_VALUE: &str = "[\n  { name = \"web\" },\n  { name = \"api\", port = \"8080\" },\n]";

/// Opening the page with this fragment panics on purpose, after mounting, so
/// that the end-to-end test can prove a panic is reported on the page.
const PANIC_TEST_HASH: &str = "#panic-test";

fn main() {
    install_panic_hook();
    if let Some(boot) = document_opt().and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
    leptos::mount::mount_to_body(App);
    if window_hash().as_deref() == Some(PANIC_TEST_HASH) {
        panic!("deliberate panic requested by {PANIC_TEST_HASH}");
    }
}

/// What the result panel shows; compared so that unchanged results do not re-render.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Ok {
        type_string: String,
        console: String,
    },
    Err {
        stage: String,
        summary: String,
        detail: String,
        places: Vec<String>,
    },
}

fn outcome(type_src: &str, value_src: &str) -> Outcome {
    outcome_of(evaluate(&request(type_src, value_src)), type_src, value_src)
}

fn request(type_src: &str, value_src: &str) -> Request {
    // An empty type box means "no `type` argument" (any value is accepted).
    let ty = if type_src.trim().is_empty() {
        None
    } else {
        Some(type_src)
    };
    Request::new(ty, value_src)
}

fn outcome_of(resp: Response, type_src: &str, value_src: &str) -> Outcome {
    if resp.ok {
        return Outcome::Ok {
            type_string: resp.type_string.unwrap_or_default(),
            console: resp.console.unwrap_or_default(),
        };
    }
    let stage = match resp.stage {
        Some(tftype::Stage::Type) => "The type constraint is invalid",
        Some(tftype::Stage::Value) => "The value cannot be read",
        Some(tftype::Stage::Convert) => "The value does not match the type",
        Some(tftype::Stage::Null) => "The value is null",
        None => "Error",
    };
    let places = resp
        .diagnostics
        .iter()
        .filter_map(|d| {
            let (what, src) = match d.source {
                Source::Type => ("type constraint", type_src),
                Source::Value => ("value", value_src),
            };
            d.start
                .map(|start| format!("{what}, {}", line_col(src, start)))
        })
        .collect();
    Outcome::Err {
        stage: stage.to_string(),
        summary: resp.summary.unwrap_or_default(),
        detail: resp.detail.unwrap_or_default(),
        places,
    }
}

/// "line L, column C" (1-based, columns in characters) of a byte offset.
fn line_col(src: &str, byte: usize) -> String {
    let mut end = byte.min(src.len());
    while !src.is_char_boundary(end) {
        end -= 1;
    }
    let before = &src[..end];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("line {line}, column {col}")
}

#[component]
fn App() -> impl IntoView {
    let (type_src, set_type_src) = signal(INITIAL_TYPE.to_string());
    let (value_src, set_value_src) = signal(INITIAL_VALUE.to_string());
    let result = Memo::new(move |_| type_src.with(|t| value_src.with(|v| outcome(t, v))));

    view! {
        <main class="app">
            <header>
                <h1>"tftype"</h1>
                <p>
                    "Terraform / OpenTofu type constraints: type a variable's type and a value, "
                    "see what Terraform makes of it."
                </p>
            </header>
            <section class="inputs">
                <div class="editor" data-testid="type-editor">
                    <label for="type-input">
                        "Type constraint " <span class="hint">"(empty = no type argument)"</span>
                    </label>
                    <textarea
                        id="type-input"
                        spellcheck="false"
                        autocomplete="off"
                        prop:value=INITIAL_TYPE
                        on:input=move |ev| set_type_src.set(event_target_value(&ev))
                    ></textarea>
                </div>
                <div class="editor" data-testid="value-editor">
                    <label for="value-input">
                        "Value " <span class="hint">"(HCL, as in a .tfvars file or a module argument)"</span>
                    </label>
                    <textarea
                        id="value-input"
                        spellcheck="false"
                        autocomplete="off"
                        prop:value=INITIAL_VALUE
                        on:input=move |ev| set_value_src.set(event_target_value(&ev))
                    ></textarea>
                </div>
            </section>
            {move || match result.get() {
                Outcome::Ok { type_string, console } => {
                    view! {
                        <section class="result ok" data-testid="result" aria-live="polite">
                            <h2>"Accepted"</h2>
                            <div class="row">
                                <span class="label">"Type:"</span>
                                <code data-testid="result-type">{type_string}</code>
                            </div>
                            <div class="row">
                                <span class="label">"terraform console:"</span>
                                <pre data-testid="result-console">{console}</pre>
                            </div>
                        </section>
                    }
                        .into_any()
                }
                Outcome::Err { stage, summary, detail, places } => {
                    view! {
                        <section class="result error" data-testid="result" aria-live="polite">
                            <h2>{stage}</h2>
                            <div class="row">
                                <strong data-testid="error-summary">{summary}</strong>
                            </div>
                            <div class="row error-detail" data-testid="error-detail">
                                {detail}
                            </div>
                            <ul class="where">
                                {places.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                            </ul>
                        </section>
                    }
                        .into_any()
                }
            }}
        </main>
    }
}

fn document_opt() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn window_hash() -> Option<String> {
    web_sys::window().and_then(|w| w.location().hash().ok())
}

/// Logs panics to the console (console_error_panic_hook) and also writes them
/// into the page, so a crash is never a blank or silently frozen page.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_panic(&info.to_string());
    }));
}

fn show_panic(message: &str) {
    let Some(doc) = document_opt() else { return };
    let Some(body) = doc.body() else { return };
    let el = match doc.get_element_by_id("panic") {
        Some(el) => el,
        None => {
            let Ok(el) = doc.create_element("div") else {
                return;
            };
            el.set_id("panic");
            let _ = el.set_attribute("class", "panic");
            let _ = el.set_attribute("role", "alert");
            let _ = el.set_attribute("data-testid", "panic-message");
            // First in the page, above the (now frozen) app.
            let _ = body.insert_before(&el, body.first_child().as_ref());
            el
        }
    };
    el.set_text_content(Some(&format!(
        "tftype crashed — this is a bug. Reload the page to continue; please report the inputs that caused it.\n\n{message}"
    )));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_characters() {
        assert_eq!(line_col("ab\ncdé f", 0), "line 1, column 1");
        assert_eq!(line_col("ab\ncdé f", 3), "line 2, column 1");
        // 'é' is two bytes but one column.
        assert_eq!(line_col("ab\ncdé f", 8), "line 2, column 5");
        // Offsets inside a character or past the end are clamped.
        assert_eq!(line_col("é", 1), "line 1, column 1");
        assert_eq!(line_col("ab", 99), "line 1, column 3");
    }

    #[test]
    fn empty_type_box_means_no_type_argument() {
        assert_eq!(request("  \n", "1").type_src, None);
        assert_eq!(request("", "1").type_src, None);
        assert_eq!(
            request(" number ", "1").type_src.as_deref(),
            Some(" number ")
        );
    }

    #[test]
    fn success_shows_type_and_console_text() {
        let resp = Response {
            ok: true,
            type_string: Some("number".into()),
            console: Some("42".into()),
            ..Response::default()
        };
        assert_eq!(
            outcome_of(resp, "number", "\"42\""),
            Outcome::Ok {
                type_string: "number".into(),
                console: "42".into()
            }
        );
    }

    fn diag(source: Source, start: Option<usize>) -> tftype::pipeline::DiagnosticOut {
        tftype::pipeline::DiagnosticOut {
            severity: tftype::diag::Severity::Error,
            summary: "S".into(),
            detail: "D".into(),
            source,
            start,
            end: start,
            start16: start,
            end16: start,
        }
    }

    #[test]
    fn failure_names_the_stage_and_where_each_diagnostic_points() {
        let resp = Response {
            ok: false,
            stage: Some(tftype::Stage::Convert),
            summary: Some("Invalid value for input variable".into()),
            detail: Some("detail text".into()),
            diagnostics: vec![
                diag(Source::Value, Some(4)),
                diag(Source::Type, Some(5)),
                diag(Source::Value, None),
            ],
            ..Response::default()
        };
        assert_eq!(
            outcome_of(resp, "list(number)", "[\n  1,\n]"),
            Outcome::Err {
                stage: "The value does not match the type".into(),
                summary: "Invalid value for input variable".into(),
                detail: "detail text".into(),
                places: vec![
                    "value, line 2, column 3".into(),
                    "type constraint, line 1, column 6".into()
                ],
            }
        );
    }
}
