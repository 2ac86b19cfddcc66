//! The engine's answer to the one-variable view's inputs, reduced to what
//! the page shows (`shared::outcome::Outcome`): the result texts, or the
//! error with its places, and the underlines for each editor.

use tftype::diag::{Severity, Source};
use tftype::i18n::fill;

use crate::engine::Evaluation;
use crate::shared::cm::Mark;
use crate::shared::outcome::{no_json, Outcome, Place, Warning};
use crate::single::model::State;

/// Evaluates `state` with the engine, on this thread.
#[cfg(test)]
pub fn compute(state: &State) -> Outcome {
    from_response(state, tftype::evaluate(&state.request()))
}

/// What the page shows for the engine's whole answer `resp` to `state`.
#[cfg(test)]
pub fn from_response(state: &State, resp: tftype::Response) -> Outcome {
    from_evaluation(state, Evaluation::of(resp, crate::engine::Shown::ALL))
}

/// What the page shows for the engine's answer `ev` to `state` (its story,
/// if it has one, is not part of it: see `take_story`).
pub fn from_evaluation(state: &State, ev: Evaluation) -> Outcome {
    let Evaluation { response: resp, console_cut, json_cut, json_left_out } = ev;
    let req = state.request();
    let lang = state.lang.unwrap_or_default();
    let type_text = req.type_src.as_deref().unwrap_or("");
    let mut out = Outcome {
        flavor_label: state.flavor().label(),
        ok: resp.ok,
        stage: resp.stage,
        type_string: resp.type_string.unwrap_or_default(),
        console: resp.console.unwrap_or_default(),
        console_cut,
        json_cut,
        json: match resp.json {
            Some(j) => j,
            None if json_left_out => String::new(),
            // go-cty's JSON cannot write unknown values.
            None if resp.ok => no_json(lang).to_string(),
            None => String::new(),
        },
        summary: resp.summary.unwrap_or_default(),
        detail: resp.detail.unwrap_or_default(),
        places_more: resp.diagnostics_omitted,
        warnings_more: resp.warnings_omitted,
        more_errors: resp.rule_errors.iter().skip(1).map(|e| (e.summary.clone(), e.detail.clone())).collect(),
        ..Outcome::default()
    };
    for d in resp.diagnostics.iter().chain(&resp.warnings) {
        // However many the engine sends, at most SHOW_PLACES of each are shown.
        let full = match d.severity {
            Severity::Error => out.places.len() >= SHOW_PLACES,
            Severity::Warning => out.warnings.len() >= SHOW_PLACES,
        };
        if full {
            match d.severity {
                Severity::Error => out.places_more += 1,
                Severity::Warning => out.warnings_more += 1,
            }
            continue;
        }
        let (Some(start), Some(from16), Some(to16)) = (d.start, d.start16, d.end16) else {
            if d.severity == Severity::Warning {
                out.warnings.push(Warning { summary: d.summary.clone(), detail: d.detail.clone(), place: None });
            }
            continue;
        };
        let (what, src) = match d.source {
            Source::Type => ("ui.place.type", type_text),
            Source::Value => ("ui.place.value", req.value.as_str()),
        };
        let (line, col) = line_col(src, start);
        let place = Place {
            source: d.source,
            label: fill(lang, what, &[("line", &line.to_string()), ("column", &col.to_string())]),
            from16,
            to16,
        };
        let mark = Mark {
            from: from16,
            to: to16,
            message: if d.detail.is_empty() { d.summary.clone() } else { format!("{}\n\n{}", d.summary, d.detail) },
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            },
        };
        match d.source {
            Source::Type => out.type_marks.push(mark),
            Source::Value => out.value_marks.push(mark),
        }
        match d.severity {
            Severity::Error => out.places.push(place),
            Severity::Warning => {
                out.warnings.push(Warning { summary: d.summary.clone(), detail: d.detail.clone(), place: Some(place) })
            }
        }
    }
    out
}

/// The underlines of tftype's notes on the value (ux-5 L18: a dropped
/// attribute is underlined, as the language server's hint is): each note
/// with a place in the value, its text on hover.
pub fn note_marks(story: &tftype::why::Story) -> Vec<Mark> {
    story
        .notes
        .iter()
        .filter_map(|n| {
            let [from, to] = n.value16?;
            Some(Mark { from, to, message: n.text.clone(), severity: "info" })
        })
        .collect()
}

/// At most this many errors, and this many warnings, are listed and
/// underlined; the rest are counted ("… and 12 more").
pub const SHOW_PLACES: usize = tftype::diag::MAX_DIAGNOSTICS;

/// The line and column (1-based, columns in characters) of a byte offset;
/// offsets inside a character or past the end are clamped.
pub fn line_col(src: &str, byte: usize) -> (usize, usize) {
    let mut end = byte.min(src.len());
    while !src.is_char_boundary(end) {
        end -= 1;
    }
    let before = &src[..end];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::outcome::{count_lines, SHOW_LINES};
    use crate::single::model::Format;
    use tftype::i18n::Lang;
    use tftype::Stage;

    fn state(ty: &str, value: &str) -> State {
        State { type_src: ty.into(), value: value.into(), ..State::default() }
    }

    #[test]
    fn a_value_with_unknown_parts_says_why_it_has_no_json() {
        let o =
            compute(&state("object({x = number, c = optional(object({id = number}), {id = 1})})", "tomap({x = null})"));
        assert!(o.ok, "{}", o.detail);
        assert!(o.console.contains("(known after apply)"), "{}", o.console);
        assert_eq!(o.json, no_json(Lang::En));
    }

    /// A value with 200,000 errors lists and underlines a bounded number of
    /// them and counts the rest, whether the engine or the page left them out.
    #[test]
    fn many_errors_show_a_bounded_list_and_count_the_rest() {
        let n = 200_000;
        let o = compute(&state("list(string)", &format!("[{}]", vec!["x"; n].join(","))));
        assert_eq!(o.places.len(), SHOW_PLACES);
        assert_eq!(o.value_marks.len(), SHOW_PLACES);
        assert_eq!(o.places.len() + o.places_more, n);
        // The page's own bound, for whatever the engine sends.
        let st = state("string", "x");
        let mut resp = tftype::evaluate(&st.request());
        let one = resp.diagnostics[0].clone();
        resp.diagnostics = vec![one; SHOW_PLACES + 7];
        resp.diagnostics_omitted = 5;
        let o = from_response(&st, resp);
        assert_eq!((o.places.len(), o.places_more), (SHOW_PLACES, 12));
    }

    /// The worker sends what the page shows: long texts cut (and counted),
    /// the JSON indented, whole texts after "Show all".
    #[test]
    fn an_evaluation_comes_cut_unless_the_whole_text_is_asked_for() {
        let value = format!("[{}]", (0..3000).map(|i| format!("\"{i}\"")).collect::<Vec<_>>().join(","));
        let st = state("list(number)", &value);
        let cut = from_evaluation(
            &st,
            Evaluation::of(tftype::evaluate(&st.request()), crate::engine::Shown { full: false, json: true }),
        );
        assert_eq!(cut.console_cut, Some((SHOW_LINES, 3002)));
        assert_eq!(count_lines(&cut.console), SHOW_LINES);
        let (shown, total) = cut.json_cut.unwrap();
        assert_eq!((shown, count_lines(&cut.json)), (SHOW_LINES, SHOW_LINES));
        assert!(total > 3000 && cut.json.starts_with("{\n"), "{total} {}", &cut.json[..20]);
        let whole = compute(&st);
        assert_eq!((whole.console_cut, whole.json_cut), (None, None));
        // Without the JSON tab on show, no JSON text is made.
        let no_json = from_evaluation(
            &st,
            Evaluation::of(tftype::evaluate(&st.request()), crate::engine::Shown { full: false, json: false }),
        );
        assert_eq!((no_json.json.as_str(), no_json.json_cut, no_json.console_cut), ("", None, cut.console_cut));
        assert!(whole.console.starts_with(&cut.console) && whole.json.starts_with(&cut.json));
        assert_eq!(count_lines(&whole.console), 3002);
    }

    #[test]
    fn line_col_counts_lines_and_characters() {
        assert_eq!(line_col("ab\ncdé f", 0), (1, 1));
        assert_eq!(line_col("ab\ncdé f", 3), (2, 1));
        assert_eq!(line_col("ab\ncdé f", 8), (2, 5));
        assert_eq!(line_col("é", 1), (1, 1));
        assert_eq!(line_col("ab", 99), (1, 3));
    }

    #[test]
    fn accepted_value_fills_console_type_and_json() {
        let o = compute(&state("number", "\"15\""));
        assert!(o.ok, "{o:?}");
        assert_eq!((o.console.as_str(), o.type_string.as_str()), ("15", "number"));
        assert!(o.json.contains("\"value\": 15"), "{}", o.json);
        assert!(o.type_marks.is_empty() && o.value_marks.is_empty() && o.places.is_empty());
    }

    #[test]
    fn conversion_error_marks_the_value_and_names_the_place() {
        let o = compute(&state("number", "\"fifteen\""));
        assert!(!o.ok);
        assert_eq!(o.stage, Some(Stage::Convert));
        assert_eq!(o.stage_label(Lang::En), "The value does not match the type");
        assert_eq!(o.summary, "Invalid value for input variable");
        assert!(o.detail.ends_with("a number is required."), "{}", o.detail);
        assert_eq!(o.value_marks.len(), 1);
        let m = &o.value_marks[0];
        assert_eq!((m.from, m.to, m.severity), (0, 9, "error"));
        assert!(m.message.starts_with("Invalid value for input variable\n\n"), "{}", m.message);
        assert_eq!(o.places[0].label, "value, line 1, column 1");
    }

    /// A whole `variable` block in the type editor, answered as the engine
    /// answers it (the Module view's .wasm in the browser, here on the spot).
    fn block_outcome(block: &str, value: &str) -> Outcome {
        let st = state(block, value);
        assert!(crate::engine::is_block(crate::engine::Work::Evaluate(crate::engine::Shown::ALL), &st.request()));
        from_response(&st, tftype::module::block::evaluate(&st.request()))
    }

    #[test]
    fn a_failed_rule_of_a_block_marks_the_rule_and_the_value() {
        let block = "variable \"replicas\" {\n  type = number\n  validation {\n    condition     = var.replicas <= 5\n    error_message = \"At most 5.\"\n  }\n}";
        let o = block_outcome(block, "9");
        assert_eq!(o.stage, Some(Stage::Rule));
        assert_eq!(o.stage_label(Lang::En), "A validation rule rejects the value");
        assert_eq!(o.summary, "Invalid value for variable");
        assert!(
            o.detail.starts_with("At most 5.\n\nThis was checked by the validation rule at main.tf:3,3-13."),
            "{}",
            o.detail
        );
        assert_eq!(o.value_marks.len(), 1);
        let cond = block.find("var.replicas <= 5").unwrap();
        assert!(
            o.type_marks.iter().any(|m| (m.from, m.to) == (cond, cond + "var.replicas <= 5".len())),
            "{:?}",
            o.type_marks
        );
        let ok = block_outcome(block, "4");
        assert!(ok.ok && ok.console == "4", "{ok:?}");
    }

    /// Issue #38 item 4: every failing rule of a block is shown (Terraform),
    /// only the first where the version stops after it (OpenTofu 1.7+).
    #[test]
    fn every_failing_rule_of_a_block_is_shown_as_the_version_reports_it() {
        let block = "variable \"name\" {\n  type = string\n  validation {\n    condition     = length(var.name) <= 5\n    error_message = \"At most 5 characters.\"\n  }\n  validation {\n    condition     = can(regex(\"^[a-z]+$\", var.name))\n    error_message = \"Lower-case letters only.\"\n  }\n}";
        for (flavor, more) in [
            ("terraform@1.15", 1),
            ("terraform@1.5", 1),
            ("opentofu@1.6", 1),
            ("opentofu@1.8", 0),
            ("opentofu@1.12", 0),
        ] {
            let st = State { flavor: flavor.into(), ..state(block, "\"Too-Long-Name\"") };
            let o = from_response(&st, tftype::module::block::evaluate(&st.request()));
            assert!(o.detail.starts_with("At most 5 characters."), "{flavor}: {}", o.detail);
            assert_eq!(o.more_errors.len(), more, "{flavor}");
            if more == 1 {
                assert!(o.more_errors[0].1.starts_with("Lower-case letters only."), "{flavor}");
                assert!(
                    o.type_marks.iter().any(|m| &block[m.from..m.to] == "can(regex(\"^[a-z]+$\", var.name))"),
                    "{flavor}"
                );
            }
        }
    }

    /// ux-5 L18: a dropped attribute's note is underlined in the value editor.
    #[test]
    fn a_dropped_attribute_is_underlined_as_a_note() {
        let st = State { lang: Some(Lang::En), ..state("object({ tags = map(string) })", "{ tgas = {} }") };
        let story = crate::engine::story(&st.request());
        let marks = note_marks(&story);
        // The note's place: the dropped attribute's value, where the Why panel shows it.
        assert_eq!(
            marks.iter().map(|m| (m.from, m.to, m.severity)).collect::<Vec<_>>(),
            [(9, 11, "info")],
            "{marks:?}"
        );
        assert!(marks[0].message.contains("tgas"), "{}", marks[0].message);
        assert!(note_marks(&crate::engine::story(&state("string", "\"x\"").request())).is_empty());
    }

    #[test]
    fn marks_use_utf16_offsets() {
        // "é" is 2 bytes but 1 UTF-16 unit; "🙂" is 4 bytes and 2 units.
        let o = compute(&state("list(number)", "[\"é🙂\", \"x\"]"));
        assert!(!o.ok);
        let m = &o.value_marks[0];
        assert_eq!((m.from, m.to), (1, 6), "{o:?}");
    }

    #[test]
    fn an_opentofu_warning_is_shown_as_a_warning_in_the_value_editor() {
        let o = compute(&State {
            flavor: "opentofu@1.11".into(),
            ..state("object({name=string})", "{ name = \"x\", nmae = \"y\" }")
        });
        assert!(o.ok, "{o:?}");
        assert_eq!(o.warnings.len(), 1);
        assert_eq!(o.warnings[0].summary, "Object attribute is ignored");
        assert!(o.places.is_empty());
        let m = &o.value_marks[0];
        assert_eq!((m.from, m.to, m.severity), (14, 18, "warning"));
        // Terraform says nothing.
        let o = compute(&state("object({name=string})", "{ name = \"x\", nmae = \"y\" }"));
        assert!(o.warnings.is_empty() && o.value_marks.is_empty());
    }

    #[test]
    fn a_crash_of_the_flavor_is_named_after_it() {
        let o = compute(&State {
            flavor: "terraform@1.5".into(),
            ..state("object({a=optional(string, \"x\"), a=number})", "{}")
        });
        assert_eq!(o.stage, Some(Stage::Crash));
        assert_eq!(o.stage_label(Lang::En), "Terraform 1.5 crashes on this type constraint");
    }

    #[test]
    fn type_errors_mark_the_type_editor() {
        let o = compute(&state("\"string\"", "\"x\""));
        assert_eq!(o.stage, Some(Stage::Type));
        assert_eq!(o.summary, "Invalid quoted type constraints");
        assert_eq!(o.type_marks.len(), 1);
        assert!(o.value_marks.is_empty());
        assert!(o.places[0].label.starts_with("type constraint, line 1"));
    }

    #[test]
    fn options_change_the_result() {
        let null = |nullable| compute(&State { nullable, format: Format::Hcl, ..state("string", "null") });
        assert!(null(true).ok);
        assert_eq!(null(false).stage, Some(Stage::Null));
        let sens = compute(&State { sensitive: true, ..state("string", "\"s\"") });
        assert_eq!(sens.console, "(sensitive value)");
    }
}
