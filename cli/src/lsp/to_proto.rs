//! What core computed, as the protocol says it (`lsp-types`): positions and
//! ranges (UTF-16 code units, or bytes when the client takes UTF-8),
//! diagnostics, hovers, completion items and quick fixes with their edits.

use std::collections::BTreeMap;
use std::path::Path;

use lsp_types as lt;
use serde_json::json;
use tftype::editor;

use super::uri::path_uri;

/// The range of bytes `start..end` of a text.
pub(super) fn range(lines: &editor::Lines, start: usize, end: usize, utf8: bool) -> lt::Range {
    let pos = |b: usize| {
        let (line, character) = lines.position(b, utf8);
        lt::Position { line, character }
    };
    lt::Range { start: pos(start), end: pos(end) }
}

/// A diagnostic of `file` (of module `dir`) as LSP says it; `lines_of`: the
/// lines of the texts already asked for.
pub(super) fn diagnostic<'t>(
    d: &editor::FileDiag,
    file: &str,
    lines_of: &mut BTreeMap<String, editor::Lines<'t>>,
    dir: &Path,
    texts: &'t BTreeMap<String, String>,
    utf8: bool,
) -> lt::Diagnostic {
    for name in std::iter::once(file).chain(d.related.iter().map(|r| r.subject.filename.as_str())) {
        if !lines_of.contains_key(name) {
            lines_of.insert(name.to_string(), editor::Lines::new(texts.get(name).map(String::as_str).unwrap_or("")));
        }
    }
    let lines_of = &*lines_of;
    let lines = |name: &str| &lines_of[name];
    let (start, end) = match &d.diag.subject {
        Some(s) => {
            let l = lines(file);
            (l.position(s.start.byte, utf8), l.position(s.end.byte, utf8))
        }
        None => ((0, 0), (0, 0)),
    };
    let pos = |(line, character): (u32, u32)| lt::Position { line, character };
    let message = if d.diag.detail.is_empty() {
        d.diag.summary.clone()
    } else {
        format!("{}\n\n{}", d.diag.summary, d.diag.detail)
    };
    lt::Diagnostic {
        range: lt::Range { start: pos(start), end: pos(end) },
        severity: Some(match () {
            _ if d.note => lt::DiagnosticSeverity::HINT,
            _ if d.diag.is_error() => lt::DiagnosticSeverity::ERROR,
            _ => lt::DiagnosticSeverity::WARNING,
        }),
        code: Some(lt::NumberOrString::String(d.code.clone())),
        code_description: d.link.as_deref().and_then(|l| l.parse().ok()).map(|href| lt::CodeDescription { href }),
        source: Some("tftype".into()),
        message,
        data: Some(json!({"summary": d.diag.summary, "detail": d.diag.detail})),
        related_information: {
            let list: Vec<lt::DiagnosticRelatedInformation> = d
                .related
                .iter()
                .filter_map(|r| {
                    let t = lines(&r.subject.filename);
                    let uri = path_uri(&dir.join(&r.subject.filename))?;
                    let range = range(t, r.subject.start.byte, r.subject.end.byte, utf8);
                    Some(lt::DiagnosticRelatedInformation {
                        location: lt::Location { uri, range },
                        message: r.message.clone(),
                    })
                })
                .collect();
            (!list.is_empty()).then_some(list)
        },
        ..Default::default()
    }
}

/// The hint on a value file too large for notes on its values (`message`
/// says so), at the file's start.
pub(super) fn notes_skipped(message: String) -> lt::Diagnostic {
    lt::Diagnostic {
        range: lt::Range::default(),
        severity: Some(lt::DiagnosticSeverity::HINT),
        code: Some(lt::NumberOrString::String("tftype/notes-skipped".into())),
        source: Some("tftype".into()),
        message,
        ..Default::default()
    }
}

/// The one diagnostic of an open document whose module's check failed.
pub(super) fn check_failed(message: String) -> lt::Diagnostic {
    lt::Diagnostic {
        range: lt::Range::default(),
        severity: Some(lt::DiagnosticSeverity::ERROR),
        code: Some(lt::NumberOrString::String("tftype/check-failed".into())),
        source: Some("tftype".into()),
        message,
        ..Default::default()
    }
}

/// A hover (Markdown) over a range of the text of `lines`.
pub(super) fn hover(h: tftype::assist::Hover, lines: &editor::Lines, utf8: bool) -> lt::Hover {
    lt::Hover {
        contents: lt::HoverContents::Markup(lt::MarkupContent { kind: lt::MarkupKind::Markdown, value: h.markdown }),
        range: Some(range(lines, h.range.start, h.range.end, utf8)),
    }
}

/// A completion item; `required`: the words beside a required variable.
pub(super) fn completion_item(c: tftype::assist::Completion, required: &str) -> lt::CompletionItem {
    lt::CompletionItem {
        label: c.label,
        label_details: c
            .required
            .then(|| lt::CompletionItemLabelDetails { detail: None, description: Some(required.to_string()) }),
        kind: Some(match c.kind {
            tftype::assist::ItemKind::Variable => lt::CompletionItemKind::VARIABLE,
            tftype::assist::ItemKind::Attribute => lt::CompletionItemKind::FIELD,
            tftype::assist::ItemKind::Value => lt::CompletionItemKind::VALUE,
        }),
        detail: c.detail,
        documentation: c
            .documentation
            .map(|d| lt::Documentation::MarkupContent(lt::MarkupContent { kind: lt::MarkupKind::Markdown, value: d })),
        sort_text: Some(c.sort_text),
        insert_text: Some(c.insert_text),
        ..Default::default()
    }
}

/// A quick fix of the document `uri` (whose text `lines` are): a code
/// action with the fix's edits of that document.
pub(super) fn code_action(
    f: tftype::assist::Fix,
    uri: &lt::Uri,
    lines: &editor::Lines,
    utf8: bool,
) -> lt::CodeActionOrCommand {
    let edits = f
        .edits
        .iter()
        .map(|(r, new)| lt::TextEdit { range: range(lines, r.start, r.end, utf8), new_text: new.clone() })
        .collect();
    // lsp-types keys `WorkspaceEdit.changes` by `Uri`, whose interior
    // cache clippy takes for mutability; the key is never changed here.
    #[allow(clippy::mutable_key_type)]
    let mut changes = std::collections::HashMap::new();
    changes.insert(uri.clone(), edits);
    lt::CodeActionOrCommand::CodeAction(lt::CodeAction {
        title: f.title,
        kind: Some(lt::CodeActionKind::QUICKFIX),
        edit: Some(lt::WorkspaceEdit { changes: Some(changes), ..Default::default() }),
        ..Default::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tftype::module::{CheckDiag, Texts};

    /// The bytes allocated to convert `n` diagnostics, one per line of a
    /// value file of `n` lines, each with a related place in a second file
    /// of `n` lines, as one publication does.
    fn bytes_for(n: usize) -> u64 {
        let value: String = (0..n).map(|i| format!("v{i} = \"text\"\n")).collect();
        let decl: String = (0..n).map(|i| format!("variable \"v{i}\" {{ type = number }}\n")).collect();
        let texts = BTreeMap::from([("a.tfvars".to_string(), value), ("main.tf".to_string(), decl)]);
        let mut t = Texts::default();
        t.add("a.tfvars", &texts["a.tfvars"]);
        t.add("main.tf", &texts["main.tf"]);
        let starts = |text: &str| -> Vec<usize> {
            std::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect()
        };
        let (value_starts, decl_starts) = (starts(&texts["a.tfvars"]), starts(&texts["main.tf"]));
        let diags: Vec<editor::FileDiag> = (0..n)
            .map(|i| {
                let (at, decl_at) = (value_starts[i], decl_starts[i]);
                editor::FileDiag {
                    diag: CheckDiag::error(
                        "Invalid value",
                        "a number is required",
                        Some(t.subject("a.tfvars", &(at..at + 2))),
                    ),
                    code: "tftype/x".into(),
                    link: None,
                    note: false,
                    related: vec![editor::Related {
                        subject: t.subject("main.tf", &(decl_at..decl_at + 8)),
                        message: "declared here".into(),
                    }],
                }
            })
            .collect();
        let before = crate::alloc_count::allocated();
        let mut lines_of = BTreeMap::new();
        let out: Vec<lt::Diagnostic> =
            diags.iter().map(|d| diagnostic(d, "a.tfvars", &mut lines_of, Path::new("/m"), &texts, false)).collect();
        let bytes = crate::alloc_count::allocated() - before;
        assert_eq!(out.len(), n);
        assert_eq!(out[n - 1].range.start.line as usize, n - 1);
        bytes
    }

    /// reliability-5 #3: a publication's cost grows with the number of its
    /// diagnostics, not its square (each file's lines are found once, not
    /// once per diagnostic). Counted in bytes allocated, which do not vary
    /// with the machine: eight times the diagnostics may cost at most about
    /// eight times the bytes (a per-diagnostic pass over the files would
    /// cost 64 times).
    #[test]
    fn a_publications_cost_grows_linearly_with_its_diagnostics() {
        let (small, big) = (bytes_for(1_000), bytes_for(8_000));
        assert!(big < small * 10, "1,000 diagnostics: {small} B; 8,000: {big} B");
    }
}
