//! The entry point: the pipeline's answer ([`crate::pipeline`]), then, when
//! the request names a language, its story ([`crate::why`]). It sits above
//! both, so that the pipeline does not know the story exists.

use crate::flavor::Profile;
use crate::pipeline::{self, Request, Response};
use crate::why;

/// Runs the whole input-variable pipeline for one variable, as the
/// request's flavor (current Terraform by default) does it, and tells the
/// story in the request's `lang` when it has one.
pub fn evaluate(req: &Request) -> Response {
    match pipeline::profile(req) {
        Ok(p) => evaluate_in(req, &p),
        Err(refused) => *refused,
    }
}

/// [`evaluate`] with the behaviour of `p` (which records what it was asked,
/// see [`crate::versions::compare`]); the request's `flavor` is not looked at.
pub fn evaluate_in(req: &Request, p: &Profile) -> Response {
    let mut r = pipeline::answer_in(req, p);
    if let Some(lang) = req.lang {
        r.story = Some(why::story_for(req, lang, p, &r));
    }
    r
}
