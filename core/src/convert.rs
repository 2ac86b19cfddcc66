//! go-cty's `convert`: conversions between types, safe and unsafe.
//!
//! As in go-cty, a conversion is first *planned* from the two types alone
//! ([`plan`]: which rule turns the given type into the wanted one, and the
//! plans for the parts), and only then applied to a value ([`Plan::apply`]).
//! Every plan node names the rule it applies ([`Plan::rule`]), so a learner
//! can be shown why a value came out as it did.
//!
//! Beside it, as in go-cty's package: [`mismatch`] (the messages for a
//! conversion that is not possible, go-cty's `mismatch_msg.go`) and
//! [`unify`] (the one type several values convert to, `unify.go`).

pub mod mismatch;
pub mod unify;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::flavor::Profile;
use crate::number::Number;
use crate::path::{Path, PathStep};
use crate::types::{ObjectType, Type};
use crate::value::{AttrMap, Kind, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct ConvertError {
    /// Where inside the value the conversion failed (empty for the whole value).
    pub path: Path,
    /// go-cty's message, in the wording of the profile's go-cty.
    pub message: String,
    /// Not go-cty's error: a string read as a number beyond tftype's own
    /// limit ([`crate::number::MAX_BINARY_EXPONENT`]), which Terraform accepts.
    pub beyond_limit: bool,
}

impl ConvertError {
    /// An error at the part being converted (path filled in on the way out).
    fn here(message: impl Into<String>) -> ConvertError {
        ConvertError { path: Vec::new(), message: message.into(), beyond_limit: false }
    }
    /// The error one step further out: `step` leads to where it happened.
    /// (Inside [`Plan::apply_rel`] paths are kept innermost step first.)
    fn within(mut self, step: PathStep) -> ConvertError {
        self.path.push(step);
        self
    }
}

/// A step of a plan: `None` when the part already has the wanted type.
pub type Step = Option<Arc<Plan>>;

/// How a value of one type becomes a value of another.
#[derive(Debug)]
pub struct Plan {
    /// The type this step converts to (may contain `any`).
    pub out: Type,
    pub kind: PlanKind,
}

#[derive(Debug)]
pub enum PlanKind {
    /// Wanted type is `any`: the value passes unchanged.
    Passthrough,
    /// Given type is `any` (a null or unknown): convert whatever it is.
    DynamicFixup,
    NumberToString,
    BoolToString,
    StringToNumber,
    StringToBool,
    /// `shared`: the result type when it is known from the types alone (no
    /// `any` inside), shared by every converted value.
    ObjectToObject {
        attrs: BTreeMap<String, Step>,
        optional: Vec<String>,
        shared: Option<Type>,
    },
    TupleToTuple {
        elems: Vec<Step>,
    },
    /// A list or set to a list.
    CollectionToList {
        ety: Type,
        elem: Step,
    },
    /// A list or set to a set.
    CollectionToSet {
        ety: Type,
        elem: Step,
    },
    MapToMap {
        ety: Type,
        elem: Step,
    },
    TupleToList {
        ety: Type,
        elems: ElemSteps,
        unsafe_: bool,
    },
    TupleToSet {
        ety: Type,
        elems: ElemSteps,
    },
    ObjectToMap {
        ety: Type,
        attrs: AttrSteps,
        unsafe_: bool,
    },
    MapToObject {
        obj: Arc<ObjectType>,
        attrs: BTreeMap<String, MapAttr>,
    },
}

/// The steps of a tuple's elements, in order: one for them all when every
/// element has the same type (a long tuple of numbers plans one step, not
/// one per element).
#[derive(Debug)]
pub enum ElemSteps {
    Same { step: Step, len: usize },
    Each(Vec<Step>),
}

impl ElemSteps {
    pub fn len(&self) -> usize {
        match self {
            ElemSteps::Same { len, .. } => *len,
            ElemSteps::Each(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn first(&self) -> Option<&Step> {
        self.iter().next()
    }
    pub fn iter(&self) -> impl Iterator<Item = &Step> + '_ {
        let (same, each) = match self {
            ElemSteps::Same { step, len } => (Some(std::iter::repeat_n(step, *len)), None),
            ElemSteps::Each(v) => (None, Some(v.iter())),
        };
        same.into_iter().flatten().chain(each.into_iter().flatten())
    }
}

/// The steps of an object's attributes by name: one for them all when every
/// attribute has the same type.
#[derive(Debug)]
pub enum AttrSteps {
    /// The object has attributes, all of this step.
    Same(Step),
    Each(BTreeMap<String, Step>),
}

impl AttrSteps {
    pub fn is_empty(&self) -> bool {
        match self {
            AttrSteps::Same(_) => false,
            AttrSteps::Each(m) => m.is_empty(),
        }
    }
    /// The step of attribute `name` (one of the object type's).
    pub fn get(&self, name: &str) -> Option<&Step> {
        match self {
            AttrSteps::Same(s) => Some(s),
            AttrSteps::Each(m) => m.get(name),
        }
    }
    /// Whether every attribute already has the wanted type.
    pub fn all_none(&self) -> bool {
        match self {
            AttrSteps::Same(s) => s.is_none(),
            AttrSteps::Each(m) => m.values().all(Option::is_none),
        }
    }
}

/// How a map element becomes an object attribute.
#[derive(Debug)]
pub enum MapAttr {
    Convert(Step),
    /// An optional attribute the map's element type cannot convert to: an
    /// error only if the map has that key.
    Incompatible,
}

impl Plan {
    /// The rule this step applies, in words for a learner.
    /// The rule's message key in the catalogs ([`crate::i18n`]) and the
    /// element type it names, if any.
    pub fn rule_key(&self) -> (&'static str, String) {
        match &self.kind {
            PlanKind::Passthrough => ("rule.passthrough", String::new()),
            PlanKind::DynamicFixup => ("rule.dynamic", String::new()),
            PlanKind::NumberToString => ("rule.number_to_string", String::new()),
            PlanKind::BoolToString => ("rule.bool_to_string", String::new()),
            PlanKind::StringToNumber => ("rule.string_to_number", String::new()),
            PlanKind::StringToBool => ("rule.string_to_bool", String::new()),
            PlanKind::ObjectToObject { .. } => ("rule.object_to_object", String::new()),
            PlanKind::TupleToTuple { .. } => ("rule.tuple_to_tuple", String::new()),
            PlanKind::CollectionToList { .. } => ("rule.collection_to_list", String::new()),
            PlanKind::CollectionToSet { .. } => ("rule.collection_to_set", String::new()),
            PlanKind::MapToMap { .. } => ("rule.map_to_map", String::new()),
            PlanKind::TupleToList { ety, .. } => ("rule.tuple_to_list", ety.friendly_name()),
            PlanKind::TupleToSet { ety, .. } => ("rule.tuple_to_set", ety.friendly_name()),
            PlanKind::ObjectToMap { ety, .. } => ("rule.object_to_map", ety.friendly_name()),
            PlanKind::MapToObject { .. } => ("rule.map_to_object", String::new()),
        }
    }

    /// The rule in English.
    pub fn rule(&self) -> String {
        let (key, ety) = self.rule_key();
        crate::i18n::fill(crate::i18n::Lang::En, key, &[("type", &ety)])
    }
}

thread_local! {
    static PLANS: RefCell<HashMap<(Type, Type, bool), Step>> = RefCell::new(HashMap::new());
}

/// `getConversion(in, out, unsafe)`: the plan, or None when there is no
/// conversion. Like go-cty, equal primitive types have *no* conversion
/// (callers check equality first).
pub fn plan(given: &Type, want: &Type, unsafe_: bool) -> Step {
    // Large structural types (a tuple of 20,000 objects) are planned once per
    // conversion anyway; hashing them as a cache key would cost more.
    let large = |t: &Type| match t {
        Type::Tuple(e) => e.len() > 32,
        Type::Object(o) => o.attrs.len() > 64,
        _ => false,
    };
    if large(given) || large(want) {
        return plan_uncached(given, want, unsafe_).map(|kind| Arc::new(Plan { out: want.clone(), kind }));
    }
    let key = (given.clone(), want.clone(), unsafe_);
    if let Some(p) = PLANS.with(|m| m.borrow().get(&key).cloned()) {
        return p;
    }
    let p = plan_uncached(given, want, unsafe_).map(|kind| Arc::new(Plan { out: want.clone(), kind }));
    PLANS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() > 4096 {
            m.clear();
        }
        m.insert(key, p.clone());
    });
    p
}

/// Whether a conversion exists (`GetConversion`/`GetConversionUnsafe` != nil).
pub fn can_convert(given: &Type, want: &Type, unsafe_: bool) -> bool {
    plan(given, want, unsafe_).is_some()
}

/// `convert.GetConversionUnsafe(got, want) != nil`.
pub fn can_convert_unsafe(got: &Type, want: &Type) -> bool {
    can_convert(got, want, true)
}

/// `convert.GetConversion(got, want) != nil` (safe conversions only).
pub fn can_convert_safe(got: &Type, want: &Type) -> bool {
    can_convert(got, want, false)
}

/// The step for one part: None when the types are equal.
fn part(given: &Type, want: &Type, unsafe_: bool) -> Option<Step> {
    if given == want {
        Some(None)
    } else {
        plan(given, want, unsafe_).map(Some)
    }
}

fn plan_uncached(given: &Type, want: &Type, unsafe_: bool) -> Option<PlanKind> {
    use Type::*;
    Some(match (given, want) {
        (_, Dynamic) => PlanKind::Passthrough,
        (Dynamic, _) if unsafe_ => PlanKind::DynamicFixup,
        (Number, String) => PlanKind::NumberToString,
        (Bool, String) => PlanKind::BoolToString,
        (String, Number) if unsafe_ => PlanKind::StringToNumber,
        (String, Bool) if unsafe_ => PlanKind::StringToBool,
        (Object(gin), Object(gout)) => {
            let mut attrs = BTreeMap::new();
            for (name, oty) in &gout.attrs {
                match gin.attrs.get(name) {
                    None if gout.is_optional(name) => continue,
                    None => return None,
                    Some(ity) => {
                        attrs.insert(name.clone(), part(ity, oty, unsafe_)?);
                    }
                }
            }
            // (Not when a part may keep optional markers in its type.)
            let shared = (!want.has_dynamic_types() && !want.may_keep_optional_markers())
                .then(|| want.without_optional_attrs_deep());
            PlanKind::ObjectToObject { attrs, optional: gout.optional.iter().cloned().collect(), shared }
        }
        (Tuple(tin), Tuple(tout)) => {
            if tin.len() != tout.len() {
                return None;
            }
            let elems = tin.iter().zip(tout.iter()).map(|(i, o)| part(i, o, unsafe_)).collect::<Option<Vec<_>>>()?;
            PlanKind::TupleToTuple { elems }
        }
        (List(ie) | Set(ie), List(oe)) => {
            let elem = if ie == oe { None } else { Some(plan(ie, oe, unsafe_)?) };
            PlanKind::CollectionToList { ety: (**oe).clone(), elem }
        }
        (List(_), Set(_)) if !unsafe_ => return None,
        (List(ie) | Set(ie), Set(oe)) => {
            let elem = if ie == oe { None } else { Some(plan(ie, oe, unsafe_)?) };
            PlanKind::CollectionToSet { ety: (**oe).clone(), elem }
        }
        (Map(ie), Map(oe)) => {
            // go-cty asks for a conversion even when the element types are equal.
            let elem = Some(plan(ie, oe, unsafe_)?);
            PlanKind::MapToMap { ety: (**oe).clone(), elem }
        }
        (Tuple(tin), List(oe)) => {
            let (ety, elems) = tuple_elems(tin, oe, unsafe_)?;
            PlanKind::TupleToList { ety, elems, unsafe_ }
        }
        (Tuple(tin), Set(oe)) => {
            let (ety, elems) = tuple_elems(tin, oe, unsafe_)?;
            PlanKind::TupleToSet { ety, elems }
        }
        (Object(oin), Map(oe)) => {
            let mut ety = (**oe).clone();
            if !oin.attrs.is_empty() && ety.is_dynamic() {
                let atys: Vec<Type> = oin.attrs.values().cloned().collect();
                ety = unify::unify(&atys, unsafe_)?;
            }
            let mut types = oin.attrs.values();
            let attrs = match types.next() {
                Some(first) if types.all(|t| t == first) => AttrSteps::Same(part(first, &ety, unsafe_)?),
                _ => {
                    let mut attrs = BTreeMap::new();
                    for (name, aty) in &oin.attrs {
                        attrs.insert(name.clone(), part(aty, &ety, unsafe_)?);
                    }
                    AttrSteps::Each(attrs)
                }
            };
            PlanKind::ObjectToMap { ety, attrs, unsafe_ }
        }
        (Map(ie), Object(oout)) if unsafe_ => {
            let mut attrs = BTreeMap::new();
            for (name, aty) in &oout.attrs {
                if aty == &**ie {
                    continue;
                }
                match plan(ie, aty, unsafe_) {
                    Some(p) => attrs.insert(name.clone(), MapAttr::Convert(Some(p))),
                    None if oout.is_optional(name) => attrs.insert(name.clone(), MapAttr::Incompatible),
                    None => return None,
                };
            }
            PlanKind::MapToObject { obj: oout.clone(), attrs }
        }
        _ => return None,
    })
}

/// Element steps of a tuple -> list/set conversion; `any` as the element
/// type unifies the tuple's element types first.
fn tuple_elems(tin: &crate::types::TupleTypes, oe: &Type, unsafe_: bool) -> Option<(Type, ElemSteps)> {
    if tin.is_empty() {
        return Some((oe.clone(), ElemSteps::Each(Vec::new())));
    }
    let mut ety = oe.clone();
    if ety.is_dynamic() {
        ety = unify::unify(tin.types_once(), unsafe_)?;
        if ety.is_dynamic() && tin.types_once().iter().any(|t| !t.is_dynamic()) {
            return None;
        }
    }
    if tin.types_once().iter().all(|t| *t == tin[0]) {
        let step = part(&tin[0], &ety, unsafe_)?;
        return Some((ety, ElemSteps::Same { step, len: tin.len() }));
    }
    // Long tuples repeat a few element types: plan each distinct one once.
    let mut seen: Vec<(&Type, Step)> = Vec::new();
    let mut elems = Vec::with_capacity(tin.len());
    for t in tin {
        let step = match seen.iter().find(|(s, _)| *s == t) {
            Some((_, step)) => step.clone(),
            None => {
                let step = part(t, &ety, unsafe_)?;
                if seen.len() < 16 {
                    seen.push((t, step.clone()));
                }
                step
            }
        };
        elems.push(step);
    }
    Some((ety, ElemSteps::Each(elems)))
}

/// What `convert.Convert(v, want)` will do: nothing (the value already has
/// the type), a plan, or fail for want of a conversion.
pub enum TopPlan {
    Unchanged,
    Plan(Arc<Plan>),
    NoConversion,
}

/// Plans `convert.Convert(v, want)` from the two types.
pub fn plan_convert(given: &Type, want: &Type) -> TopPlan {
    if *given == want.without_optional_attrs_deep() {
        return TopPlan::Unchanged;
    }
    match plan(given, want, true) {
        Some(p) => TopPlan::Plan(p),
        None => TopPlan::NoConversion,
    }
}

/// `convert.Convert(v, want)` in the go-cty of the profile's flavor.
pub fn convert(v: &Value, want: &Type, p: &Profile) -> Result<Value, ConvertError> {
    convert_planned(v, want, &plan_convert(&v.ty, want), p)
}

/// `convert.Convert(v, want)` with the plan from [`plan_convert`].
pub fn convert_planned(v: &Value, want: &Type, top: &TopPlan, p: &Profile) -> Result<Value, ConvertError> {
    match top {
        TopPlan::Unchanged => Ok(v.clone()),
        TopPlan::Plan(plan) => plan.apply(v, &mut Vec::new(), p),
        TopPlan::NoConversion => Err(ConvertError::here(crate::convert::mismatch::mismatch_message(&v.ty, want, p))),
    }
}

/// cty's `convert.Convert` as hcl calls it (nulls and unknowns handled here),
/// with the message on failure: what the evaluator ([`crate::hcl::eval`])
/// and the functions that convert their arguments use, and gohcl's
/// `DecodeExpression` (a module's `variable` default).
pub fn conv(v: &Value, ty: &Type, p: &Profile) -> Result<Value, String> {
    if ty.is_dynamic() || &v.ty == ty {
        return Ok(v.clone());
    }
    if !v.is_known() || v.is_null() {
        if v.ty.is_dynamic() || can_convert_unsafe(&v.ty, ty) {
            return Ok(Value { ty: ty.clone(), kind: v.kind.clone(), marks: v.marks });
        }
        return Err(crate::convert::mismatch::mismatch_message(&v.ty, ty, p));
    }
    convert(v, ty, p).map_err(|e| e.message)
}

fn index_step(i: usize) -> PathStep {
    PathStep::Index(Number::from_i64(i as i64))
}

/// Applies an optional step (None = unchanged).
/// Errors carry their path relative to `v`, innermost step first.
fn run(step: &Step, v: &Value, p: &Profile) -> Result<Value, ConvertError> {
    match step {
        None => Ok(v.clone()),
        Some(plan) => plan.apply_rel(v, p),
    }
}

/// A null keeps being null, without optional-attribute markers in its type.
fn strip_null(v: Value) -> Value {
    if v.is_null() {
        Value { ty: v.ty.without_optional_attrs_deep(), ..v }
    } else {
        v
    }
}

impl Plan {
    /// Converts `v` (the conversion function go-cty's `getConversion` returns).
    /// `path` is where `v` sits; an error's path starts with it.
    pub fn apply(&self, v: &Value, path: &mut Path, p: &Profile) -> Result<Value, ConvertError> {
        self.apply_rel(v, p).map_err(|e| {
            let mut full = path.clone();
            full.extend(e.path.into_iter().rev());
            ConvertError { path: full, ..e }
        })
    }

    /// [`Plan::apply`] with the error's path relative to `v` and innermost
    /// step first: the path is built only when a conversion fails, as the
    /// error travels out (no allocation per converted part).
    fn apply_rel(&self, v: &Value, p: &Profile) -> Result<Value, ConvertError> {
        if self.out.is_dynamic() {
            return Ok(v.clone());
        }
        if !v.is_known() || v.is_null() {
            let out = self.out.without_optional_attrs_deep();
            let ty = dynamic_replace(&v.ty, &out);
            let r = if v.is_null() { Value::null(ty) } else { Value::unknown(ty) };
            return Ok(r.with_marks(v.marks));
        }
        let r = self.apply_known(v, p)?;
        Ok(r.with_marks(v.marks))
    }

    fn apply_known(&self, v: &Value, p: &Profile) -> Result<Value, ConvertError> {
        match &self.kind {
            PlanKind::Passthrough => Ok(v.clone()),
            PlanKind::DynamicFixup => convert(v, &self.out, p).map_err(|e| ConvertError::here(e.message)),
            PlanKind::NumberToString => Ok(Value::string(&v.as_number().unwrap().to_text_f())),
            PlanKind::BoolToString => Ok(Value::string(if v.as_bool().unwrap() { "true" } else { "false" })),
            PlanKind::StringToNumber => match Number::parse_cty_string(v.as_str().unwrap()) {
                Ok(n) => Ok(Value::number(n)),
                Err(crate::number::NumberError::Range) => {
                    Err(ConvertError { beyond_limit: true, ..ConvertError::here("number is too large or too small") })
                }
                Err(_) => Err(ConvertError::here("a number is required")),
            },
            PlanKind::StringToBool => {
                let s = v.as_str().unwrap();
                match s {
                    "true" | "1" => Ok(Value::bool(true)),
                    "false" | "0" => Ok(Value::bool(false)),
                    _ => Err(ConvertError::here(
                        // Go lowercases the whole string (strings.ToLower); no
                        // non-ASCII character lowercases to a letter of "true" or
                        // "false", so an ASCII comparison gives the same answer
                        // without linking Unicode's lowercase table into the .wasm.
                        if s.eq_ignore_ascii_case("true") {
                            "a bool is required; to convert from string, use lowercase \"true\""
                        } else if s.eq_ignore_ascii_case("false") {
                            "a bool is required; to convert from string, use lowercase \"false\""
                        } else {
                            "a bool is required"
                        },
                    )),
                }
            }
            PlanKind::ObjectToObject { attrs, optional, shared } => {
                // The value already has the result type (the wanted type
                // differs only in optional markers): every attribute is kept
                // as it is, so the attributes are shared, not copied.
                if let Some(ty) = shared {
                    if v.ty == *ty {
                        return Ok(Value { ty: ty.clone(), kind: v.kind.clone(), marks: crate::value::Marks::NONE });
                    }
                }
                let given = v.attrs().unwrap();
                let mut out = AttrMap::with_capacity(given.len() + optional.len());
                for (name, av) in given {
                    let Some(step) = attrs.get(&**name) else { continue };
                    let r = run(step, av, p).map_err(|e| e.within(PathStep::GetAttr(name.to_string())));
                    out.insert(name.clone(), strip_null(r?));
                }
                let want = self.out.as_object().unwrap();
                for name in optional {
                    if !out.contains_key(name) {
                        out.insert(name.clone(), Value::null(want.attrs[name].without_optional_attrs_deep()));
                    }
                }
                Ok(match shared {
                    Some(ty) => {
                        debug_assert_eq!(Value::object(out.clone()).ty, *ty);
                        Value { ty: ty.clone(), kind: Kind::Attrs(out.into()), marks: crate::value::Marks::NONE }
                    }
                    None => Value::object(out),
                })
            }
            PlanKind::TupleToTuple { elems } => {
                let mut out = Vec::with_capacity(elems.len());
                for (i, (step, e)) in elems.iter().zip(v.elements().unwrap()).enumerate() {
                    let r = run(step, e, p).map_err(|e| e.within(index_step(i)));
                    out.push(r?);
                }
                Ok(Value::tuple(out))
            }
            PlanKind::CollectionToList { ety, elem } | PlanKind::CollectionToSet { ety, elem } => {
                let is_list = matches!(self.kind, PlanKind::CollectionToList { .. });
                let src = v.elements().unwrap();
                let mut out = Vec::with_capacity(src.len());
                for (i, e) in src.iter().enumerate() {
                    let r = run(elem, e, p).map_err(|e| e.within(index_step(i)));
                    out.push(strip_null(r?));
                }
                if out.is_empty() {
                    let ety = if ety.is_dynamic() {
                        v.ty.element_type().unwrap().clone()
                    } else {
                        ety.without_optional_attrs_deep()
                    };
                    return Ok(if is_list { Value::list(ety, out) } else { Value::set(ety, out) });
                }
                let what = if is_list { "list" } else { "set" };
                seq_value(out, is_list)
                    .ok_or_else(|| ConvertError::here(format!("element types must all match for conversion to {what}")))
            }
            PlanKind::MapToMap { ety, elem } => {
                let mut out = AttrMap::new();
                for (k, e) in v.attrs().unwrap() {
                    let r = run(elem, e, p).map_err(|e| e.within(PathStep::Key(k.to_string())));
                    out.insert(k.clone(), r?);
                }
                if out.is_empty() {
                    let ety = if ety.is_dynamic() {
                        v.ty.element_type().unwrap().clone()
                    } else if p.empty_map_drops_optional_markers() {
                        ety.without_optional_attrs_deep()
                    } else {
                        ety.clone()
                    };
                    return Ok(Value::map(ety, out));
                }
                if ety.is_collection() || ety.is_object() {
                    out = unify_map_elements(out, false, p)?;
                }
                map_value(out).ok_or_else(|| ConvertError::here("element types must all match for conversion to map"))
            }
            PlanKind::TupleToList { ety, elems, unsafe_ } => {
                if elems.is_empty() {
                    return Ok(Value::list(ety.without_optional_attrs_deep(), Vec::new()));
                }
                // Every element already has the (primitive) element type: the
                // list holds the same elements, so they are shared.
                if ety.is_primitive()
                    && elems.iter().all(Option::is_none)
                    && v.elements().unwrap().iter().all(|e| e.ty == *ety)
                {
                    let ty =
                        if self.out.element_type() == Some(ety) { self.out.clone() } else { Type::list(ety.clone()) };
                    return Ok(Value { ty, kind: v.kind.clone(), marks: crate::value::Marks::NONE });
                }
                let out = convert_elems(elems, v, false, p)?;
                // go-cty reports a failure to unify at the path of the last element.
                let last = out.len() - 1;
                let r = unify_list_elements(out, *unsafe_, p).map_err(|e| e.within(index_step(last)));
                seq_value(r?, true)
                    .ok_or_else(|| ConvertError::here("element types must all match for conversion to list"))
            }
            PlanKind::TupleToSet { ety, elems } => {
                if elems.is_empty() {
                    return Ok(Value::set(ety.without_optional_attrs_deep(), Vec::new()));
                }
                let out = convert_elems(elems, v, true, p)?;
                seq_value(out, false)
                    .ok_or_else(|| ConvertError::here("element types must all match for conversion to set"))
            }
            PlanKind::ObjectToMap { ety, attrs, unsafe_ } => {
                if attrs.is_empty() {
                    return Ok(Value::map(ety.without_optional_attrs_deep(), AttrMap::new()));
                }
                // Every attribute already has the (primitive) element type:
                // the map holds the same elements, so they are shared.
                if ety.is_primitive() && attrs.all_none() {
                    let ty =
                        if self.out.element_type() == Some(ety) { self.out.clone() } else { Type::map(ety.clone()) };
                    return Ok(Value { ty, kind: v.kind.clone(), marks: crate::value::Marks::NONE });
                }
                let mut out = AttrMap::new();
                for (k, e) in v.attrs().unwrap() {
                    let r = match attrs.get(k) {
                        Some(step) => run(step, e, p).map_err(|e| e.within(PathStep::Key(k.to_string()))),
                        None => Ok(e.clone()),
                    };
                    out.insert(k.clone(), r?);
                }
                if ety.is_collection() || ety.is_object() {
                    out = unify_map_elements(out, *unsafe_, p)?;
                }
                map_value(out).ok_or_else(|| ConvertError::here("attribute types must all match for conversion to map"))
            }
            PlanKind::MapToObject { obj, attrs } => {
                let mut out = AttrMap::new();
                for (k, e) in v.attrs().unwrap() {
                    if !obj.attrs.contains_key(&**k) {
                        continue;
                    }
                    let r = match attrs.get(&**k) {
                        None => Ok(e.clone()),
                        Some(MapAttr::Convert(step)) => {
                            run(step, e, p).map_err(|e| e.within(PathStep::Key(k.to_string())))
                        }
                        Some(MapAttr::Incompatible) => {
                            return Err(ConvertError::here(format!(
                                "map element type is incompatible with attribute {}: {}",
                                crate::render::go_quote(k),
                                crate::convert::mismatch::mismatch_message(&e.ty, &obj.attrs[&**k], p)
                            )));
                        }
                    };
                    out.insert(k.clone(), strip_null(r?));
                }
                for (name, aty) in &obj.attrs {
                    if out.contains_key(name) {
                        continue;
                    }
                    if obj.is_optional(name) {
                        // go-cty keeps the attribute type's optional markers
                        // here (only the JSON type can show them).
                        out.insert(name.clone(), Value::null(aty.clone()));
                    } else {
                        return Err(ConvertError::here(format!(
                            "map has no element for required attribute {}",
                            crate::render::go_quote(name)
                        )));
                    }
                }
                Ok(Value::object(out))
            }
        }
    }
}

/// Converts each element of a tuple with its own step.
fn convert_elems(steps: &ElemSteps, v: &Value, null_strip: bool, p: &Profile) -> Result<Vec<Value>, ConvertError> {
    let mut out = Vec::with_capacity(steps.len());
    for (i, (step, e)) in steps.iter().zip(v.elements().unwrap()).enumerate() {
        let r = run(step, e, p).map_err(|e| e.within(index_step(i)));
        let r = r?;
        out.push(if null_strip { strip_null(r) } else { r });
    }
    Ok(out)
}

/// go-cty's `conversionUnifyListElements`.
fn unify_list_elements(elems: Vec<Value>, unsafe_: bool, p: &Profile) -> Result<Vec<Value>, ConvertError> {
    let types: Vec<Type> = elems.iter().map(|e| e.ty.clone()).collect();
    let Some(uty) = unify::unify(&types, unsafe_) else {
        return Err(ConvertError::here("cannot find a common base type for all elements"));
    };
    let mut out = Vec::with_capacity(elems.len());
    for (i, e) in elems.into_iter().enumerate() {
        if e.ty == uty {
            out.push(e);
            continue;
        }
        let r = match plan(&e.ty, &uty, unsafe_) {
            Some(plan) => plan.apply_rel(&e, p),
            None => Err(ConvertError::here("cannot find a common base type for all elements")),
        }
        .map_err(|e| e.within(index_step(i)));
        out.push(r?);
    }
    Ok(out)
}

/// go-cty's `conversionUnifyCollectionElements`.
fn unify_map_elements(elems: AttrMap, unsafe_: bool, p: &Profile) -> Result<AttrMap, ConvertError> {
    let types: Vec<Type> = elems.values().map(|e| e.ty.clone()).collect();
    let Some(uty) = unify::unify(&types, unsafe_) else {
        return Err(ConvertError::here("cannot find a common base type for all elements"));
    };
    let mut out = AttrMap::with_capacity(elems.len());
    for (k, e) in elems {
        if e.ty == uty {
            out.insert(k, e);
            continue;
        }
        let r = match plan(&e.ty, &uty, unsafe_) {
            Some(plan) => plan.apply_rel(&e, p),
            None => Err(ConvertError::here("cannot find a common base type for all elements")),
        }
        .map_err(|e| e.within(PathStep::Key(k.to_string())));
        out.insert(k, r?);
    }
    Ok(out)
}

/// The element type cty gives a collection built from these elements: the
/// first type that is not `any`; None when two element types differ
/// (`CanListVal` / `CanSetVal` / `CanMapVal` false).
fn common_type<'a>(mut types: impl Iterator<Item = &'a Type>) -> Option<Type> {
    let mut ety = Type::Dynamic;
    for t in types.by_ref() {
        if ety.is_dynamic() {
            ety = t.clone();
        } else if !t.is_dynamic() && *t != ety {
            return None;
        }
    }
    Some(ety)
}

/// Gives `any`-typed elements (nulls) the collection's element type, as cty
/// does when it stores them.
fn retype(v: Value, ety: &Type) -> Value {
    if v.ty.is_dynamic() && !ety.is_dynamic() {
        Value { ty: ety.clone(), ..v }
    } else {
        v
    }
}

/// `cty.ListVal` / `cty.SetVal` of converted elements.
pub fn seq_value(elems: Vec<Value>, list: bool) -> Option<Value> {
    let ety = common_type(elems.iter().map(|e| &e.ty))?;
    let elems: Vec<Value> = elems.into_iter().map(|e| retype(e, &ety)).collect();
    Some(if list { Value::list(ety, elems) } else { Value::set(ety, elems) })
}

/// `cty.MapVal` of converted elements.
pub fn map_value(elems: AttrMap) -> Option<Value> {
    let ety = common_type(elems.values().map(|e| &e.ty))?;
    let elems = elems.into_iter().map(|(k, e)| (k, retype(e, &ety))).collect();
    Some(Value::map(ety, elems))
}

/// go-cty's `dynamicReplace`: the type a null or unknown of type `given`
/// takes when converted to `want` (`any` parts of `want` filled from `given`).
pub fn dynamic_replace(given: &Type, want: &Type) -> Type {
    if given.is_dynamic() {
        return want.clone();
    }
    match want {
        Type::Dynamic => given.clone(),
        Type::Bool | Type::Number | Type::String => want.clone(),
        Type::Map(we) => {
            let ety = match given {
                Type::Map(ge) => dynamic_replace(ge, we),
                Type::Object(o) => {
                    let atys: Vec<Type> = o.attrs.values().cloned().collect();
                    match unify::unify(&atys, true) {
                        Some(u) => dynamic_replace(&u, we),
                        None => (**we).clone(),
                    }
                }
                _ => (**we).clone(),
            };
            Type::map(ety)
        }
        Type::Object(wo) => {
            // go-cty fills the attributes only from a map or an object; from
            // anything else (a map's bool element meeting an object-typed
            // attribute) the result is the empty object type. So a null map
            // converted to an object whose optional attribute is an object
            // gets `object({})` there, and cannot join its non-null siblings
            // in a set or list ("element types must all match").
            let attrs = match given {
                Type::Map(ge) => {
                    crate::sort::map(wo.attrs.iter().map(|(name, aty)| (name.clone(), dynamic_replace(ge, aty))))
                }
                Type::Object(go) => crate::sort::map(wo.attrs.iter().map(|(name, aty)| {
                    let t = match go.attrs.get(name) {
                        Some(gt) => dynamic_replace(gt, aty),
                        None => aty.clone(),
                    };
                    (name.clone(), t)
                })),
                _ => BTreeMap::new(),
            };
            Type::object(attrs)
        }
        Type::Set(we) | Type::List(we) => {
            let ety = match given {
                Type::Set(ge) | Type::List(ge) => dynamic_replace(ge, we),
                Type::Tuple(ts) => match unify::unify(ts.types_once(), true) {
                    Some(u) => dynamic_replace(&u, we),
                    None => (**we).clone(),
                },
                _ => (**we).clone(),
            };
            if want.is_set() {
                Type::set(ety)
            } else {
                Type::list(ety)
            }
        }
        Type::Tuple(wts) => {
            let gts = given.tuple_elements();
            Type::tuple(
                wts.iter()
                    .enumerate()
                    .map(|(i, wt)| match gts.and_then(|g| g.get(i)) {
                        Some(gt) => dynamic_replace(gt, wt),
                        None => wt.clone(),
                    })
                    .collect(),
            )
        }
    }
}

/// One step of a conversion, for the learner's "why" view.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExplainStep {
    /// `tfdiags.FormatCtyPath` of the part converted ("" = the whole value).
    pub path: String,
    pub from: String,
    pub to: String,
    /// The rule in English.
    pub rule: String,
    /// The rule's message key ([`crate::i18n`]), for other languages.
    #[serde(default)]
    pub key: String,
    /// The element type the rule names (`{type}`), if any.
    #[serde(default)]
    pub ety: String,
    /// go-cty's message, when no conversion exists (`{message}`).
    #[serde(default)]
    pub message: String,
}

impl ExplainStep {
    fn new(path: String, from: String, to: String, key: &'static str, ety: String, message: String) -> ExplainStep {
        let rule = crate::i18n::fill(crate::i18n::Lang::En, key, &[("type", &ety), ("message", &message)]);
        ExplainStep { path, from, to, rule, key: key.to_string(), ety, message }
    }
}

/// The rules a conversion of `v` to `want` applies, outermost first, at most
/// `limit` steps (a list of 20,000 objects need not explain every element).
pub fn explain(v: &Value, want: &Type, limit: usize, p: &Profile) -> Vec<ExplainStep> {
    explain_planned(v, want, &plan_convert(&v.ty, want), limit, p)
}

/// Types in explanations are cut to this many bytes.
pub const EXPLAIN_TYPE_MAX: usize = 240;

/// [`explain`] with the plan from [`plan_convert`].
pub fn explain_planned(v: &Value, want: &Type, top: &TopPlan, limit: usize, p: &Profile) -> Vec<ExplainStep> {
    let mut out = Vec::new();
    match top {
        TopPlan::Unchanged => out.push(ExplainStep::new(
            String::new(),
            v.ty.type_string_short(EXPLAIN_TYPE_MAX),
            want.type_string_short(EXPLAIN_TYPE_MAX),
            "rule.unchanged",
            String::new(),
            String::new(),
        )),
        TopPlan::Plan(plan) => explain_plan(plan, v, &mut Vec::new(), &mut out, limit),
        TopPlan::NoConversion => out.push(ExplainStep::new(
            String::new(),
            v.ty.type_string_short(EXPLAIN_TYPE_MAX),
            want.type_string_short(EXPLAIN_TYPE_MAX),
            "rule.none",
            String::new(),
            crate::convert::mismatch::mismatch_message(&v.ty, want, p),
        )),
    }
    out
}

fn explain_plan(p: &Plan, v: &Value, path: &mut Path, out: &mut Vec<ExplainStep>, limit: usize) {
    if out.len() >= limit {
        return;
    }
    let (key, ety) = if v.is_null() { ("rule.null", String::new()) } else { p.rule_key() };
    out.push(ExplainStep::new(
        crate::path::format_path(path),
        v.ty.type_string_short(EXPLAIN_TYPE_MAX),
        p.out.type_string_short(EXPLAIN_TYPE_MAX),
        key,
        ety,
        String::new(),
    ));
    if v.is_null() || !v.is_known() {
        return;
    }
    let mut visit = |step: &Step, e: &Value, s: PathStep, out: &mut Vec<ExplainStep>| {
        if out.len() >= limit {
            return;
        }
        if let Some(p) = step {
            path.push(s);
            explain_plan(p, e, path, out, limit);
            path.pop();
        }
    };
    match &p.kind {
        PlanKind::ObjectToObject { attrs, .. } => {
            for (name, e) in v.attrs().into_iter().flatten() {
                if out.len() >= limit {
                    break;
                }
                if let Some(step) = attrs.get(&**name) {
                    visit(step, e, PathStep::GetAttr(name.to_string()), out);
                }
            }
        }
        PlanKind::TupleToTuple { .. } | PlanKind::TupleToList { .. } | PlanKind::TupleToSet { .. } => {
            let steps: Box<dyn Iterator<Item = &Step>> = match &p.kind {
                PlanKind::TupleToTuple { elems } => Box::new(elems.iter()),
                PlanKind::TupleToList { elems, .. } | PlanKind::TupleToSet { elems, .. } => Box::new(elems.iter()),
                _ => Box::new(std::iter::empty()),
            };
            for (i, (step, e)) in steps.zip(v.elements().into_iter().flatten()).enumerate() {
                if out.len() >= limit {
                    break;
                }
                visit(step, e, index_step(i), out);
            }
        }
        PlanKind::CollectionToList { elem, .. } | PlanKind::CollectionToSet { elem, .. } => {
            for (i, e) in v.elements().into_iter().flatten().enumerate() {
                if out.len() >= limit {
                    break;
                }
                visit(elem, e, index_step(i), out);
            }
        }
        PlanKind::MapToMap { elem, .. } => {
            for (k, e) in v.attrs().into_iter().flatten() {
                if out.len() >= limit {
                    break;
                }
                visit(elem, e, PathStep::Key(k.to_string()), out);
            }
        }
        PlanKind::ObjectToMap { attrs, .. } => {
            for (k, e) in v.attrs().into_iter().flatten() {
                if out.len() >= limit {
                    break;
                }
                if let Some(step) = attrs.get(k) {
                    visit(step, e, PathStep::Key(k.to_string()), out);
                }
            }
        }
        PlanKind::MapToObject { attrs, .. } => {
            for (k, e) in v.attrs().into_iter().flatten() {
                if out.len() >= limit {
                    break;
                }
                if let Some(MapAttr::Convert(step)) = attrs.get(&**k) {
                    visit(step, e, PathStep::Key(k.to_string()), out);
                }
            }
        }
        _ => {}
    }
}

/// Kind of a value, for callers that only need to look at elements.
pub fn is_collection_value(v: &Value) -> bool {
    matches!(v.kind, Kind::Seq(_) | Kind::Attrs(_))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{n, obj, oty, s};

    /// Conversion as current Terraform does it.
    fn convert(v: &Value, want: &Type) -> Result<Value, ConvertError> {
        super::convert(v, want, &Profile::default())
    }

    #[test]
    fn bool_hint_lowercasing_needs_only_ascii() {
        // The "use lowercase" hint compares ASCII-case-insensitively; that equals
        // Go's strings.ToLower(s) == "true" only because no non-ASCII character
        // lowercases to one of these letters (Go maps U+0130 to 'i', also not one).
        for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            assert!(
                !c.to_lowercase().any(|l| "truefals".contains(l)),
                "{c:?} lowercases into an ASCII letter of true/false"
            );
        }
        let cases =
            [("TRUE", true), ("tRuE", true), ("FALSE", true), ("fAlse", true), ("TRUE ", false), ("\u{212A}", false)];
        for (text, hinted) in cases {
            let msg = convert(&s(text), &Type::Bool).unwrap_err().message;
            assert_eq!(msg.contains("use lowercase"), hinted, "{text:?}: {msg}");
        }
    }

    #[test]
    fn primitive_conversions_follow_go_cty() {
        let cases: Vec<(Value, Type, Result<&str, &str>)> = vec![
            (Value::bool(true), Type::String, Ok("true")),
            (n(15), Type::String, Ok("15")),
            (s("true"), Type::Bool, Ok("true")),
            (s("1"), Type::Bool, Ok("true")),
            (s("0"), Type::Bool, Ok("false")),
            (s("TRUE"), Type::Bool, Err("a bool is required; to convert from string, use lowercase \"true\"")),
            (s("False"), Type::Bool, Err("a bool is required; to convert from string, use lowercase \"false\"")),
            (s("yes"), Type::Bool, Err("a bool is required")),
            (Value::bool(true), Type::Number, Err("number required, but have bool")),
            (n(1), Type::Bool, Err("bool required, but have number")),
        ];
        for (v, t, want) in cases {
            let got = convert(&v, &t).map(|v| match &v.kind {
                Kind::String(x) => x.to_string(),
                Kind::Bool(b) => b.to_string(),
                Kind::Number(x) => x.to_text_f(),
                k => format!("{k:?}"),
            });
            match want {
                Ok(w) => assert_eq!(got.as_deref(), Ok(w), "{v:?} -> {t}"),
                Err(e) => assert_eq!(got.map_err(|e| e.message), Err(e.to_string()), "{v:?} -> {t}"),
            }
        }
    }

    #[test]
    fn object_to_object_drops_extra_attributes_and_nulls_missing_optional_ones() {
        let want = oty(&[("a", Type::String), ("b", Type::Number)], &["b"]);
        let v = convert(&obj(&[("a", n(1)), ("extra", Value::bool(true))]), &want).unwrap();
        assert_eq!(v.ty, oty(&[("a", Type::String), ("b", Type::Number)], &[]));
        let attrs = v.attrs().unwrap();
        assert_eq!(attrs["a"].as_str(), Some("1"));
        assert!(attrs["b"].is_null());
        assert!(!attrs.contains_key("extra"));
    }

    #[test]
    fn object_already_of_the_result_type_keeps_its_attributes_shared() {
        let want = oty(&[("a", Type::String), ("b", Type::Number)], &["b"]);
        let given = obj(&[("a", s("x")), ("b", n(1))]);
        let v = convert(&given, &want).unwrap();
        assert_eq!(v.ty, oty(&[("a", Type::String), ("b", Type::Number)], &[]));
        match (&v.kind, &given.kind) {
            (Kind::Attrs(x), Kind::Attrs(y)) => assert!(crate::value::Attrs::ptr_eq(x, y)),
            _ => unreachable!(),
        }
    }

    #[test]
    fn missing_required_attribute_is_a_whole_type_mismatch() {
        let want = oty(&[("a", Type::String), ("b", Type::String)], &[]);
        let e = convert(&obj(&[("a", s("x"))]), &want).unwrap_err();
        assert_eq!(e.message, "attribute \"b\" is required");
        assert!(e.path.is_empty());
    }

    #[test]
    fn tuple_to_list_of_any_unifies_to_string() {
        let v = convert(&Value::tuple(vec![n(1), s("a"), Value::bool(true)]), &Type::list(Type::Dynamic)).unwrap();
        assert_eq!(v.ty, Type::list(Type::String));
        let e: Vec<_> = v.elements().unwrap().iter().map(|e| e.as_str().unwrap().to_string()).collect();
        assert_eq!(e, ["1", "a", "true"]);
    }

    #[test]
    fn tuple_of_incompatible_elements_to_list_of_any_fails() {
        let e = convert(&Value::tuple(vec![n(1), Value::tuple(vec![])]), &Type::list(Type::Dynamic)).unwrap_err();
        assert_eq!(e.message, "all list elements must have the same type");
    }

    #[test]
    fn conversion_error_inside_an_element_has_its_path() {
        let e = convert(&Value::tuple(vec![n(1), s("x")]), &Type::list(Type::Number)).unwrap_err();
        assert_eq!(e.message, "a number is required");
        assert_eq!(crate::path::format_path(&e.path), "[1]");
    }

    #[test]
    fn conversion_error_deep_inside_has_the_full_path() {
        let want = Type::list(oty(&[("a", Type::list(Type::Number)), ("m", Type::map(Type::Bool))], &[]));
        let v = Value::tuple(vec![
            obj(&[("a", Value::tuple(vec![n(1)])), ("m", obj(&[("k", Value::bool(true))]))]),
            obj(&[("a", Value::tuple(vec![n(1)])), ("m", obj(&[("k", s("maybe"))]))]),
        ]);
        let e = convert(&v, &want).unwrap_err();
        assert_eq!(e.message, "a bool is required");
        assert_eq!(crate::path::format_path(&e.path), "[1].m[\"k\"]");
        let v = Value::tuple(vec![obj(&[("a", Value::tuple(vec![n(1), s("x")])), ("m", obj(&[]))])]);
        let e = convert(&v, &want).unwrap_err();
        assert_eq!(e.message, "a number is required");
        assert_eq!(crate::path::format_path(&e.path), "[0].a[1]");
    }

    #[test]
    fn map_to_object_requires_every_required_key() {
        let m = Value::map(Type::String, [("a".to_string(), s("1"))].into());
        let want = oty(&[("a", Type::Number), ("b", Type::String)], &[]);
        let e = convert(&m, &want).unwrap_err();
        assert_eq!(e.message, "map has no element for required attribute \"b\"");
        let ok = convert(&m, &oty(&[("a", Type::Number), ("b", Type::String)], &["b"])).unwrap();
        assert!(ok.attrs().unwrap()["b"].is_null());
    }

    #[test]
    fn null_converts_to_a_null_of_the_wanted_type() {
        let v = convert(&Value::null(Type::Dynamic), &Type::list(Type::String)).unwrap();
        assert!(v.is_null());
        assert_eq!(v.ty, Type::list(Type::String));
    }

    #[test]
    fn marks_survive_conversion() {
        let v = n(5).with_marks(crate::value::Marks::SENSITIVE);
        let r = convert(&v, &Type::String).unwrap();
        assert!(r.marks.sensitive);
    }

    #[test]
    fn list_to_set_is_unsafe_only() {
        assert!(can_convert_unsafe(&Type::list(Type::String), &Type::set(Type::String)));
        assert!(!can_convert_safe(&Type::list(Type::String), &Type::set(Type::String)));
        assert!(can_convert_safe(&Type::set(Type::String), &Type::list(Type::String)));
    }

    #[test]
    fn explain_lists_the_rule_of_every_converted_part() {
        let steps = explain(&Value::tuple(vec![n(15), s("a")]), &Type::list(Type::Dynamic), 10, &Profile::default());
        let got: Vec<_> = steps.iter().map(|s| format!("{}|{}|{}|{}", s.path, s.from, s.to, s.rule)).collect();
        assert_eq!(
            got,
            [
                "|tuple([number,string])|list(any)|a tuple converts to a list when every element converts to string",
                "[0]|number|string|a number converts to a string of its decimal digits",
            ]
        );
    }

    #[test]
    fn every_plan_names_its_rule() {
        let p = plan(&Type::tuple(vec![Type::Number]), &Type::list(Type::String), true).unwrap();
        assert_eq!(p.rule(), "a tuple converts to a list when every element converts to string");
        let inner = match &p.kind {
            PlanKind::TupleToList { elems, .. } => elems.first().cloned().flatten().unwrap(),
            k => panic!("{k:?}"),
        };
        assert_eq!(inner.rule(), "a number converts to a string of its decimal digits");
    }
}
