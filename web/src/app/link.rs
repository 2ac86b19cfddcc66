//! The page's link: the state it was opened with (`share.rs` reads the
//! fragment, or a hand-written `?type=…&value=…`), and the fragment that
//! follows both views' state (after a pause in typing) and the Share button.

use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tftype::i18n::{fill, text as tr};

use crate::module::host as module_host;
use crate::share::{self, ShareError};
use crate::shared::page::{self, Mode};
use crate::single::examples;
use crate::single::model::State;
use crate::single::signals::Inputs;
use crate::single::view::Opening;

/// How long typing must pause before the fragment is rewritten.
const HASH_DELAY: Duration = Duration::from_millis(250);

/// The language of the page: the URL's, else the link's, else the one
/// chosen last here, else the browser's (its catalog is fetched before the
/// page is mounted).
pub fn reader_lang() -> tftype::i18n::Lang {
    let link = match share::opened() {
        Ok(s) => s.lang,
        Err(_) => State::from_query(&page::search()).and_then(|q| q.lang),
    };
    Mode::current().lang.or(link).or_else(page::stored_lang).unwrap_or_else(page::browser_lang)
}

/// What the page was opened with, as the link follows it.
pub struct Opened {
    /// The fragment, as opened.
    fragment: String,
    /// The page was opened with a fragment.
    had_link: bool,
    /// A link that could not be restored stays in the address bar until the user changes
    /// something (its notice would otherwise outlive the address it is about).
    keep_address: bool,
    /// A link opened as it is keeps its text; a changed state gets a new one.
    link_as_is: bool,
}

impl Opened {
    /// The state: from the link, else the default example (the
    /// one-variable view opens with it).
    pub fn read(mode: Mode) -> (Opening, Opened) {
        let fragment = page::hash();
        let had_link = !fragment.trim_start_matches('#').trim().is_empty();
        let query = page::search();
        // A damaged `#…` next to readable `?…` parameters: the parameters are used, and the
        // notice says the fragment was not.
        let mut hash_ignored = false;
        let (mut initial, link_error, first_example) = match (share::opened(), State::from_query(&query)) {
            (Ok(s), _) => (s, None, None),
            // A link written by hand (`?type=…&value=…`).
            (Err(ShareError::Empty), Some(q)) => (q, None, None),
            (Err(ShareError::Empty), None) => (examples::DEFAULT.state(), None, Some(&examples::DEFAULT)),
            (Err(_), Some(q)) => {
                hash_ignored = true;
                (q, None, None)
            }
            (Err(e), None) => (examples::DEFAULT.state(), Some(e), Some(&examples::DEFAULT)),
        };
        let keep_address = link_error.is_some() || hash_ignored;
        let lang = reader_lang();
        initial.lang = Some(lang);
        let mut first_notice = link_error.map(|e| e.message(lang));
        if hash_ignored {
            first_notice = Some(tr(lang, "ui.link.hash_ignored").to_string());
        }
        // The product version: the URL's, else the link's, else the one chosen
        // last on this site (a page opened without a link).
        if tftype::flavor::Flavor::lookup(&initial.flavor).is_none() {
            first_notice = Some(fill(
                lang,
                "ui.unknown_flavor",
                &[("flavor", &initial.flavor), ("shown", &tftype::flavor::Flavor::default_flavor().label())],
            ));
            initial.flavor = crate::single::model::default_flavor();
        }
        if first_example.is_some() {
            if let Some(f) = page::stored_flavor() {
                initial.flavor = f.to_string();
            }
        }
        if let Some(f) = mode.flavor {
            initial.flavor = f.to_string();
        }
        let link_as_is = had_link && first_notice.is_none() && mode.flavor.is_none();
        // `#trap-test`: the first request makes the worker's engine trap on purpose.
        let trap_test = fragment == "#trap-test";
        let single = Opening { initial, first_example, first_notice, readonly: mode.readonly, trap_test };
        (single, Opened { fragment, had_link, keep_address, link_as_is })
    }
}

/// The page's link and what the Share button says.
#[derive(Clone, Copy)]
pub struct Link {
    /// The fragment of the state on show (the embed bar's "Open in playground").
    pub hash: RwSignal<String>,
    /// What the Share button says, as its catalog key (a `String`, the
    /// signal type the page already has: a `&'static str` one cost 0.4 KB
    /// gz): shown in the language on show, which may change after it is set.
    pub status: RwSignal<Option<String>>,
    /// The link to copy by hand when the clipboard refuses.
    pub fallback: RwSignal<Option<String>>,
    inputs: Inputs,
}

impl Link {
    /// Starts following the one-variable view's `inputs` and the Module
    /// view's files (`module_host`) into the fragment.
    pub fn start(opened: Opened, inputs: Inputs) -> Link {
        let Opened { fragment, had_link, keep_address, link_as_is } = opened;
        // Counts the Module view's changes of its files: the link follows them.
        let module_rev = RwSignal::new(0u32);
        let status = RwSignal::new(None::<String>);
        let fallback = RwSignal::new(None::<String>);
        let hash = RwSignal::new(if link_as_is { fragment } else { String::new() });
        if !link_as_is {
            let s = inputs.state_untracked();
            spawn_local(
                async move { hash.set(share::link(&s, module_host::doc().as_deref()).await.unwrap_or_default()) },
            );
        }

        // The fragment follows the state (after a pause in typing). A page opened
        // without a link keeps its clean address until something changes.
        let timer = StoredValue::new_local(None::<TimeoutHandle>);
        let first_run = StoredValue::new_local(true);
        // Bumped by every change: a link made for an older state is not written.
        let hash_generation = StoredValue::new_local(0u64);
        Effect::new(move |_| {
            let st = inputs.state();
            module_rev.track();
            let m = module_host::doc();
            if first_run.get_value() {
                first_run.set_value(false);
                if !had_link || keep_address {
                    return;
                }
            }
            if let Some(h) = timer.get_value() {
                h.clear();
            }
            hash_generation.update_value(|g| *g += 1);
            let generation = hash_generation.get_value();
            let h = set_timeout_with_handle(
                move || {
                    spawn_local(async move {
                        let f = share::link(&st, m.as_deref()).await;
                        if hash_generation.get_value() != generation {
                            return;
                        }
                        match f {
                            Some(f) => {
                                page::replace_hash(&f);
                                hash.set(f);
                            }
                            // Too big for a link: the address keeps the last state that fit (a
                            // reload then loses only the latest changes, not the whole module), and
                            // a notice says so (reliability review 4, finding 14).
                            None => {
                                status.set(Some("ui.share_too_large_kept".into()));
                            }
                        }
                    })
                },
                HASH_DELAY,
            )
            .ok();
            timer.set_value(h);
        });

        // The Module view (module/host.rs): its files change the link.
        module_host::start(module_rev, share::opened_json());
        Link { hash, status, fallback, inputs }
    }

    /// The Share button: the link of the state on show, copied.
    pub fn share_now(self) {
        let Link { hash, status, fallback, inputs } = self;
        fallback.set(None);
        let st = inputs.state_untracked();
        spawn_local(async move {
            let Some(f) = share::link(&st, module_host::doc().as_deref()).await else {
                status.set(Some("ui.share_too_large".into()));
                return;
            };
            page::replace_hash(&f);
            hash.set(f);
            let link = page::href();
            status.set(Some("ui.share_copying".into()));
            if page::copy_text(&link).await {
                status.set(Some("ui.share_copied".into()));
            } else {
                status.set(Some("ui.share_copy_this".into()));
                fallback.set(Some(link));
            }
        });
    }
}
