//! The check's answer (`tftype::module_view::view_json`) as the Module view
//! reads it: leniently, as `shared::read_json` reads the worker's answers.
//! The tests also hold the view's other readers (`model`, `host`,
//! `folder`) to the derived impls they stand in for.

use serde_json::Value;
use tftype::module_view::{At, DiagView, ModuleView, NoteView, RuleView, SourceKind, VarView};

use crate::shared::read_json::{count, each, flag, request, some_text, text, variant};

fn at(v: &Value) -> Option<At> {
    v.is_object().then(|| At {
        file: text(v, "file"),
        from16: count(v, "from16"),
        to16: count(v, "to16"),
        line: count(v, "line"),
        column: count(v, "column"),
    })
}

fn rule(v: &Value) -> RuleView {
    RuleView {
        rule: text(v, "rule"),
        result: text(v, "result"),
        at: at(&v["at"]),
        error_message: some_text(v, "error_message"),
        reason: some_text(v, "reason"),
    }
}

fn var(v: &Value) -> VarView {
    VarView {
        name: text(v, "name"),
        ok: flag(v, "ok"),
        stage: some_text(v, "stage"),
        type_string: some_text(v, "type_string"),
        console: some_text(v, "console"),
        json: some_text(v, "json"),
        summary: some_text(v, "summary"),
        detail: some_text(v, "detail"),
        source: variant(
            &v["source"],
            &["file", "cli", "env", "default"],
            &[SourceKind::File, SourceKind::Cli, SourceKind::Env, SourceKind::Default],
        ),
        value_at: at(&v["value_at"]),
        decl_at: at(&v["decl_at"]),
        type_at: at(&v["type_at"]),
        sensitive: flag(v, "sensitive"),
        nullable: flag(v, "nullable"),
        ephemeral: flag(v, "ephemeral"),
        constant: flag(v, "constant"),
        description: some_text(v, "description"),
        deprecated: some_text(v, "deprecated"),
        rules: each(v, "rules", rule),
        part: some_text(v, "part"),
        request: request(&v["request"]),
    }
}

fn diag(v: &Value) -> DiagView {
    DiagView {
        severity: text(v, "severity"),
        summary: text(v, "summary"),
        detail: text(v, "detail"),
        filename: some_text(v, "filename"),
        at: at(&v["at"]),
        part: some_text(v, "part"),
    }
}

fn note(v: &Value) -> NoteView {
    NoteView { kind: text(v, "kind"), text: text(v, "text"), at: at(&v["at"]) }
}

/// The check's answer (`tftype::module_view::view_json`); a text that is
/// not JSON is an input error with serde_json's message, as before.
pub fn checked(json: &str) -> ModuleView {
    match serde_json::from_slice::<Value>(json.as_bytes()) {
        Ok(v) => ModuleView {
            ok: flag(&v, "ok"),
            input_error: some_text(&v, "input_error"),
            validation_complete: flag(&v, "validation_complete"),
            summary: text(&v, "summary"),
            errors: count(&v, "errors"),
            warnings: count(&v, "warnings"),
            variables: each(&v, "variables", var),
            diagnostics: each(&v, "diagnostics", diag),
            notes: each(&v, "notes", note),
        },
        Err(e) => ModuleView { input_error: Some(e.to_string()), ..ModuleView::default() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::folder::{reading, Reading};
    use crate::module::host::{mount_config, MountConfig};
    use crate::module::model::{examples, module_doc, read_examples, ModuleDoc, ModuleExample};
    use crate::shared::read_json::{request, story};
    use serde::de::DeserializeOwned;
    use serde_json::Value;
    use tftype::i18n::Lang;
    use tftype::module_view::view_json;
    use tftype::why::Story;
    use tftype::Request;
    use tftype::ValueFormat;

    /// What serde's derived impl reads, for comparison.
    fn serde_reads<T: DeserializeOwned>(json: &str) -> Option<T> {
        serde_json::from_str(json).ok()
    }

    /// Checks (and stories) of the modules of the check corpora, in each
    /// language: every seventh case of each file.
    fn corpus_checks() -> Vec<String> {
        let corpora = [
            include_str!("../../../core/tests/conformance/check.jsonl"),
            include_str!("../../../core/tests/conformance/check_files.jsonl"),
            include_str!("../../../core/tests/conformance/validation.jsonl"),
        ];
        let mut out = Vec::new();
        for (i, line) in corpora.iter().flat_map(|c| c.lines()).filter(|l| l.starts_with('{')).enumerate() {
            if i % 7 != 0 {
                continue;
            }
            let mut case: Value = serde_json::from_str(line).unwrap();
            case["lang"] = ["en", "zh", "ja"][i % 3].into();
            out.push(view_json(&case.to_string()));
        }
        out
    }

    /// The check's answers read as the derived impl reads them: every field
    /// of every variable, rule, diagnostic and note, and each variable's
    /// request; and the story of each request.
    #[test]
    fn the_worker_answers_read_as_serde_reads_them() {
        let mut answers = corpus_checks();
        for e in examples() {
            for lang in Lang::ALL {
                answers.push(view_json(&e.doc().check_json(tftype::flavor::DEFAULT, lang)));
            }
        }
        answers.push(view_json("{\"files\": 1}"));
        let (mut vars, mut stories, mut rules, mut notes, mut parts) = (0, 0, 0, 0, 0);
        for json in &answers {
            let want: ModuleView = serde_reads(json).unwrap();
            assert_eq!(checked(json), want, "{json}");
            for v in &want.variables {
                vars += 1;
                rules += v.rules.len();
                parts += v.part.is_some() as usize;
                let Some(req) = &v.request else { continue };
                let told = serde_json::to_string(&tftype::why::story(req, req.lang.unwrap_or_default())).unwrap();
                assert_eq!(story(told.as_bytes()).unwrap(), serde_reads::<Story>(&told).unwrap(), "{told}");
                stories += 1;
            }
            notes += want.notes.len();
        }
        // The corpora reach every kind of field.
        assert!(
            vars > 300 && stories > 200 && rules > 100 && notes > 0 && parts > 0,
            "{vars} {stories} {rules} {notes} {parts}"
        );
        // A text that is not JSON: serde_json's message, as the derived impl gave it.
        let bad = "{\"ok\": tru";
        assert_eq!(checked(bad).input_error, serde_json::from_str::<ModuleView>(bad).err().map(|e| e.to_string()));
        assert!(story(bad.as_bytes()).is_err());
    }

    /// A request's every option, as the worker may write it (serde leaves
    /// out `lang` and `forms` at their defaults).
    #[test]
    fn a_request_reads_with_every_option() {
        let mut reqs = Vec::new();
        for (i, f) in ValueFormat::ALL.into_iter().enumerate() {
            let mut r = Request::new(if i % 2 == 0 { Some("list(string)") } else { None }, "[\"a\"]");
            r.value_format = f;
            r.nullable = i % 2 == 0;
            r.sensitive = i % 3 == 0;
            r.var_name = format!("name{i}");
            r.flavor = (i > 1).then(|| "opentofu@1.8".to_string());
            r.lang = Lang::ALL.get(i).copied();
            r.forms =
                [tftype::pipeline::Forms::Both, tftype::pipeline::Forms::Console, tftype::pipeline::Forms::Json][i % 3];
            reqs.push(r);
        }
        // The worker is told a format by serde's name for it.
        for f in ValueFormat::ALL {
            assert_eq!(serde_json::to_value(f).unwrap(), f.name());
        }
        for r in reqs {
            let v = serde_json::to_value(&r).unwrap();
            assert_eq!(request(&v), Some(r), "{v}");
        }
        // serde's defaults for what a request leaves out.
        let bare = r#"{"value": "1"}"#;
        assert_eq!(request(&serde_json::from_str(bare).unwrap()), serde_reads::<Request>(bare));
        assert_eq!(request(&Value::Null), None);
    }

    /// Links: the module read where serde reads it, refused where it
    /// refuses it (the link's notice), whatever is wrong.
    #[test]
    fn a_link_is_read_and_refused_as_serde_would() {
        let links = [
            r#"{"files": [{"name": "a.tf", "text": "x"}], "rows": [{"kind": "env", "arg": "a", "value": "1"}], "open": "a.tf", "var": "a", "shown": true}"#,
            r#"{}"#,
            r#"{"files": [{"name": "a.tf"}], "rows": [{"kind": "var_file"}]}"#,
            r#"{"rows": [{"kind": "var_set", "arg": "x=1"}]}"#,
            r#"{"var": null, "later": {"field": [1]}}"#,
            r#"{"files": [{"text": "x"}]}"#,
            r#"{"files": [{"name": "a.tf", "text": null}]}"#,
            r#"{"files": [{"name": 1}]}"#,
            r#"{"files": {"a.tf": "x"}}"#,
            r#"{"files": [1]}"#,
            r#"{"files": null}"#,
            r#"{"rows": [{"arg": "x=1"}]}"#,
            r#"{"rows": [{"kind": 1}]}"#,
            r#"{"rows": [{"kind": "var", "value": 2}]}"#,
            r#"{"open": 1}"#,
            r#"{"open": null}"#,
            r#"{"var": 1}"#,
            r#"{"shown": "yes"}"#,
            r#"{"shown": null}"#,
            r#"[]"#,
            r#"[[{"name": "a.tf"}], [], "a.tf", null, true]"#,
            r#"[[], [], "a.tf", null, true, 1]"#,
            r#"{"files": [["a.tf", "x"]], "rows": [["env", "a", "1"], ["var"]]}"#,
            r#"{"files": [[]]}"#,
            r#"{"files": [["a.tf", "x", "y"]]}"#,
            r#"1"#,
            r#"{"files": [}"#,
            "",
        ];
        for link in links {
            assert_eq!(module_doc(link).ok(), serde_reads::<ModuleDoc>(link), "{link}");
        }
        assert!(module_doc(links[0]).is_ok() && module_doc(links[5]).is_err());
    }

    /// The mount configuration: readonly is required (without it the view
    /// opens as it would with none).
    #[test]
    fn the_mount_configuration_reads_as_serde_would() {
        for json in [
            r#"{"readonly": true, "doc": "{}", "example": "vpc"}"#,
            r#"{"readonly": false, "example": "vpc"}"#,
            r#"{"readonly": false, "doc": null}"#,
            r#"{"example": "vpc"}"#,
            r#"{"readonly": 1}"#,
            r#"[true, "{}"]"#,
            r#"[true, "{}", null]"#,
            r#"[]"#,
            r#"{"readonly": false, "doc": 1}"#,
            r#"null"#,
        ] {
            let want: Option<MountConfig> = serde_reads(json);
            let got = mount_config(json).ok();
            assert_eq!(
                got.map(|c| (c.readonly, c.doc, c.example)),
                want.map(|c| (c.readonly, c.doc, c.example)),
                "{json}"
            );
        }
    }

    /// A folder as `js-src/folder.js` hands it over, and what it could get wrong.
    #[test]
    fn a_folder_reading_reads_as_serde_would() {
        let inst = r#"{"address": "module.vpc", "kind": "registry", "source": "acme/vpc/aws", "version": "5.1.0", "dir": ".terraform/modules/vpc"}"#;
        for json in [
            format!(
                r#"{{"files": {{"main.tf": "x", "a/b.tf": ""}}, "left_out": [{{"path": "big.tf", "why": "too_large"}}, {{"path": "c.tf", "why": "too_many_files"}}, {{"path": "d.tf", "why": "too_many_bytes"}}, {{"path": "e.tf", "why": "not_text"}}], "installed": [{inst}], "cut": true, "whole": true}}"#
            ),
            r#"{}"#.into(),
            r#"{"installed": [{"address": "module.a", "kind": "remote", "source": "git::x", "dir": "d"}]}"#.into(),
            r#"{"installed": [{"address": "module.a", "kind": "remote", "source": "git::x", "version": null, "dir": "d"}]}"#.into(),
            r#"{"installed": [{"address": "module.a", "kind": "remote", "source": "git::x"}]}"#.into(),
            r#"{"left_out": [{"path": "x", "why": "gone"}]}"#.into(),
            r#"{"left_out": [{"path": "x"}]}"#.into(),
            r#"{"files": {"a": 1}}"#.into(),
            r#"{"files": []}"#.into(),
            r#"{"cut": 1}"#.into(),
            r#"[]"#.into(),
            r#"{"installed": [["module.a", "remote", "git::x", null, "d"]], "left_out": [["x", "not_text"]]}"#.into(),
            r#"{"installed": [["module.a", "remote", "git::x", "d"]]}"#.into(),
            r#"{"left_out": [["x"]]}"#.into(),
        ] {
            let want: Option<Reading> = serde_reads(&json);
            let got = reading(&json).ok();
            let parts = |r: Reading| (r.files, r.left_out, r.installed, r.cut, r.whole);
            assert_eq!(got.map(parts), want.map(parts), "{json}");
        }
    }

    /// The gallery's modules, as the derived impl (which also refuses an
    /// unknown field) reads them.
    #[test]
    fn the_gallery_reads_as_serde_would() {
        let json = include_str!("../module_examples.json");
        let want: Vec<ModuleExample> = serde_json::from_str(json).unwrap();
        assert_eq!(read_examples(json), Ok(want));
        for json in [
            r#"[{"id": "x", "open": "a"}]"#,
            r#"[{"id": "x", "files": [], "open": "a"}]"#,
            r#"[["x", [], [], "a"]]"#,
            r#"[["x", [], []]]"#,
        ] {
            assert_eq!(read_examples(json).ok(), serde_reads(json), "{json}");
        }
    }
}
