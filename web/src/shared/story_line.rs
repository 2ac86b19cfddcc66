//! One line of the story or one note: its text (code spans set as code),
//! and, hovered or focused, its parts shaded in both editors.

use leptos::prelude::*;
use tftype::diag::Source;
use tftype::i18n::{text, Lang};
use tftype::why::Step;

use crate::shared::cm;
use crate::shared::editors::Editors;

/// A text with its `code` spans (between backticks) set as code.
pub fn rich(text: &str) -> impl IntoView {
    text.split('`')
        .enumerate()
        .map(|(i, part)| {
            let part = part.to_string();
            if i % 2 == 1 {
                view! { <code>{part}</code> }.into_any()
            } else {
                part.into_any()
            }
        })
        .collect_view()
}

/// The parts of the value a step is about: every member of a group.
pub fn value_ranges(step: &Step) -> Vec<[usize; 2]> {
    step.value16.iter().chain(&step.more16).copied().collect()
}

/// Shades (or clears) a step's parts in both editors.
fn highlight(editors: Editors, step: Option<&Step>) {
    editors.with(Source::Value, |v| cm::set_highlights(v, &step.map(value_ranges).unwrap_or_default()));
    editors.with(Source::Type, |v| cm::set_highlight(v, step.and_then(|s| s.type16)));
}

/// `class` and `testid` tell a story step (`why-step`, with its docs link)
/// from a note (`note`).
#[component]
pub fn StoryLine(
    step: Step,
    class: &'static str,
    testid: &'static str,
    show_doc: bool,
    editors: Editors,
    lang: RwSignal<Lang>,
) -> impl IntoView {
    let (a, b) = (step.clone(), step.clone());
    view! {
        <li
            class=class
            data-testid=testid
            data-kind=step.kind.clone()
            tabindex="0"
            on:mouseenter=move |_| highlight(editors, Some(&a))
            on:focus=move |_| highlight(editors, Some(&b))
            on:mouseleave=move |_| highlight(editors, None)
            on:blur=move |_| highlight(editors, None)
        >
            <span class="why-text">{rich(&step.text)}</span>
            {step.doc.clone().filter(|_| show_doc).map(|href| view! {
                " "
                <a class="why-doc" href=href target="_blank" rel="noopener" data-testid="why-doc">{move || text(lang.get(), "ui.why_doc")}</a>
            })}
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grouped_step_shades_every_member() {
        let r = tftype::Request::new(
            Some("list(object({a=string, port=optional(number, 80)}))"),
            r#"[{ a = "x" }, { a = "y" }]"#,
        );
        let s = tftype::why::story(&r, Lang::En);
        let step = s.steps.iter().find(|x| x.kind == "why.default_filled").unwrap();
        let shaded: Vec<&str> = value_ranges(step).iter().map(|[a, b]| &r.value[*a..*b]).collect();
        assert_eq!(shaded, [r#"{ a = "x" }"#, r#"{ a = "y" }"#]);
    }
}
