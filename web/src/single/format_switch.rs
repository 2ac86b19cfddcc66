//! Switching the value's format (HCL, JSON, …): the engine writes the same
//! value the way the chosen format writes it.

use leptos::prelude::*;
use tftype::diag::Source;
use tftype::i18n::fill;

use super::model::Format;
use super::notice::Notice;
use super::signals::Inputs;
use crate::engine::{Engine, Reply, Work};
use crate::shared::cm;
use crate::shared::editors::Editors;

/// A format switch on its way. Its reply is built from the text at the time
/// of the request and arrives after the evaluations queued before it; by then
/// the user may have typed on, chosen another format or loaded an example.
#[derive(Clone, Copy)]
pub struct FormatSwitch {
    /// Bumped by every choice and every load: a reply to an older one is dropped.
    generation: StoredValue<u64>,
    /// The format being switched to while its text is on the way (the
    /// select shows it; the value is still in the old format).
    pub target: RwSignal<Option<Format>>,
}

impl FormatSwitch {
    pub(crate) fn new() -> FormatSwitch {
        FormatSwitch { generation: StoredValue::new(0), target: RwSignal::new(None) }
    }

    /// A new choice: replies to earlier ones no longer apply.
    fn next(self) -> u64 {
        self.generation.update_value(|g| *g += 1);
        self.generation.get_value()
    }

    pub fn cancel(self) {
        self.next();
        self.target.set(None);
    }
}

/// Switches the value to format `to`: the same value, written the way that
/// format writes it (read by the engine, from the value itself). When it
/// cannot be written there, the text stays as it is and a notice says why.
/// The last choice wins: choosing the format the value is in cancels a
/// switch on its way.
pub fn switch_format(
    inputs: Inputs,
    editors: Editors,
    engine: StoredValue<Engine, LocalStorage>,
    notice: Notice,
    switch: FormatSwitch,
    to: Format,
) {
    let generation = switch.next();
    if inputs.format.get_untracked() == to {
        switch.target.set(None);
        return;
    }
    if inputs.value.with_untracked(|v| v.trim().is_empty()) {
        switch.target.set(None);
        inputs.format.set(to);
        return;
    }
    switch.target.set(Some(to));
    request_reformat(inputs, editors, engine, notice, switch, generation, to);
}

/// Asks the engine for the value in format `to`. The reply applies only to
/// the text and format it was made from: a reply to a later choice or a
/// load is dropped, and one for a text changed since is asked for again
/// from the text as it is now (so no keystroke is lost).
fn request_reformat(
    inputs: Inputs,
    editors: Editors,
    engine: StoredValue<Engine, LocalStorage>,
    notice: Notice,
    switch: FormatSwitch,
    generation: u64,
    to: Format,
) {
    let st = inputs.state_untracked();
    let req = st.request();
    let (sent_value, sent_format) = (st.value, st.format);
    engine.with_value(|e| {
        e.send(Work::Reformat(to.value_format()), &req, move |reply| {
            if switch.generation.get_value() != generation {
                return;
            }
            let unchanged =
                inputs.format.get_untracked() == sent_format && inputs.value.with_untracked(|v| *v == sent_value);
            // The editor's own text decides (keys typed a moment ago may not have reached
            // `inputs` yet): a text that is no longer the one sent is asked about again.
            let replaced = match &reply {
                Reply::Reformatted(Ok(r)) if unchanged => {
                    let mut done = true;
                    editors.with(Source::Value, |v| done = cm::set_doc_if(v, &sent_value, &r.text));
                    done
                }
                _ => unchanged,
            };
            if !replaced {
                request_reformat(inputs, editors, engine, notice, switch, generation, to);
                return;
            }
            switch.target.set(None);
            let lang = inputs.lang.get_untracked();
            // Set once the format is: a notice is about the state it is shown with.
            let said = match reply {
                Reply::Reformatted(Ok(r)) => {
                    inputs.value.set(r.text);
                    (!r.lost.is_empty()).then(|| {
                        let mut s = fill(lang, "ui.format_lost", &[("format", &to.description(lang))]);
                        for l in r.lost {
                            s.push_str(tftype::i18n::sentence_gap(lang));
                            s.push_str(l.message_in(lang));
                        }
                        s
                    })
                }
                Reply::Reformatted(Err(why)) => {
                    Some(fill(lang, "ui.format_kept", &[("format", &to.description(lang)), ("why", &why)]))
                }
                // The engine stopped (and says so): the value stays as it is.
                _ => return,
            };
            inputs.format.set(to);
            match said {
                Some(s) => notice.show(s),
                None => notice.clear(),
            }
        })
    });
}
