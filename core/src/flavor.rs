//! Flavors: which product version the engine answers for.
//!
//! A flavor is the latest patch release of one minor version of Terraform or
//! OpenTofu (`terraform@1.5` … `terraform@1.16`, `opentofu@1.6` …
//! `opentofu@1.12`; [`FLAVORS`] lists them). What differs between them
//! comes from the hcl and go-cty versions each release links and from a few
//! changes in the products themselves. Each difference is one named switch
//! of a [`Profile`], called after the upstream change and the version that
//! brought it; the rest of the engine asks the profile and never looks at a
//! version number.
//!
//! The profile also records which switches an evaluation asked about
//! ([`Profile::asked`]). Two flavors whose profiles agree on every switch
//! that was asked give the same answer for that input, so a comparison over
//! every flavor ([`crate::versions::compare`]) evaluates each distinct
//! behaviour once.
//!
//! Adding a version touches this file only: its switches (declared once, in
//! the `switches!` list) and its row of the flavor table. The default flavor
//! follows the table (its newest Terraform).

use std::cell::Cell;

use serde::Serialize;

pub use crate::unicode::Unicode;

/// The product a flavor belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Product {
    Terraform,
    OpenTofu,
}

impl Product {
    /// As the product writes its own name.
    pub fn name(self) -> &'static str {
        match self {
            Product::Terraform => "Terraform",
            Product::OpenTofu => "OpenTofu",
        }
    }

    /// The command a user runs (`terraform console`, `tofu console`).
    pub fn command(self) -> &'static str {
        match self {
            Product::Terraform => "terraform",
            Product::OpenTofu => "tofu",
        }
    }
}

/// Declares the switches once: each entry is the switch's documentation,
/// its name, its description for `tftype flavors`, and optionally the name
/// of a [`Profile`] method that asks it. The enum [`Switch`] (in this
/// order), [`Switch::ALL`], [`Switch::describe`], the bits and those
/// methods all come from this one list.
macro_rules! switches {
    ($(
        $(#[$doc:meta])*
        $name:ident: $describe:literal $(=> $accessor:ident)?;
    )*) => {
        /// One behaviour switch. Each names the change and the version that
        /// introduced it; a profile holds the switch when its flavor has the change.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum Switch {
            $($(#[$doc])* $name,)*
        }

        impl Switch {
            /// Every switch, in the order of [`Switch`].
            pub const ALL: [Switch; [$(Switch::$name),*].len()] = [$(Switch::$name),*];

            /// The change in a few words (for `tftype flavors`).
            pub fn describe(self) -> &'static str {
                match self {
                    $(Switch::$name => $describe,)*
                }
            }
        }

        impl Profile {
            $($(
                #[doc = concat!("See [`Switch::", stringify!($name), "`].")]
                pub fn $accessor(&self) -> bool {
                    self.ask(Switch::$name)
                }
            )?)*
        }
    };
}

// A flavor's switches are the bits of a `u64`.
const _: () = assert!(Switch::ALL.len() <= 64);

switches! {
    /// The product's name in its own messages (Terraform or OpenTofu): the
    /// legacy quoted-type messages name it.
    ProductName: "messages name OpenTofu";
    /// go-cty v1.16.3: `convert.MismatchMessage` names the given type too
    /// ("number required, but have bool") unless the pair is likely to
    /// confuse. Before: "number required".
    Cty1163MismatchNamesGivenType: "go-cty 1.16.3: \"X required, but have Y\"" => mismatch_names_given_type;
    /// hcl v2.17.1: `object({...})` rejects a repeated attribute name
    /// ("Object constructor map keys must be unique."). Before, a later
    /// definition silently replaced an earlier one, and an earlier default
    /// that the later type cannot take crashed typeexpr (nil dereference).
    Hcl2171ObjectTypeRejectsDuplicateNames: "hcl 2.17.1: duplicate attribute names rejected" => object_type_rejects_duplicate_names;
    /// go-cty v1.16.0: an empty map converted to a map of objects with
    /// optional attributes has no optional-attribute markers in its element
    /// type. Before, the markers stayed (visible in the JSON type only).
    Cty1160EmptyMapDropsOptionalMarkers: "go-cty 1.16.0: empty maps drop optional markers" => empty_map_drops_optional_markers;
    /// go-cty v1.16.2: `ctyjson.ImpliedType` rejects a repeated property whose
    /// implied type differs from the earlier one's. Before, the last won.
    Cty1162CtyjsonRejectsDuplicateProperties: "go-cty 1.16.2: cty JSON rejects differing duplicate properties" => ctyjson_rejects_duplicate_properties;
    /// Terraform v1.7 / OpenTofu v1.7: `nonsensitive()` accepts a value that
    /// is not sensitive. Before, that was an error ("this call is redundant").
    Tf17NonsensitiveAcceptsUnmarked: "1.7: nonsensitive() of a non-sensitive value allowed" => nonsensitive_accepts_unmarked;
    /// Go 1.22's `regexp/syntax` (the Go the release is built with, its
    /// `.go-version`: Terraform v1.8.5 1.22.1, OpenTofu v1.7.10 1.22.11):
    /// `(?<name>…)` is a named group as `(?P<name>…)` is. Built with Go
    /// 1.20/1.21 (Terraform ≤ 1.7, OpenTofu 1.6), `regex`, `regexall` and
    /// `replace` refuse it: "invalid or unsupported Perl syntax: `(?<`".
    Go122AngleNamedCaptures: "Go 1.22: (?<name>…) named groups in regex patterns" => angle_named_captures;
    /// Go 1.25's `regexp/syntax` (golang/go#70780; Terraform v1.14.9 is
    /// built with Go 1.25.8, v1.15.9 1.25.10, v1.16.0-rc2 1.26.4, OpenTofu
    /// v1.11.14 1.25.7, v1.12.6 1.26.6): a `\p{…}` name is matched without
    /// case, `_`, `-` or spaces, and may be a category's long name
    /// (`\p{Letter}`), `Any`, `ASCII`, `Assigned`, `Cn` or `LC`. Before, only
    /// a category's short name, a script's name as Unicode writes it, or
    /// `Any`.
    Go125UnicodeClassNames: "Go 1.25: loose \\p{…} names and category aliases in regex patterns" => loose_unicode_class_names;
    /// hcl v2.20: namespaced function calls (`provider::p::f()`). Before,
    /// `::` was two colons and such a call a syntax error.
    Hcl220NamespacedFunctionCalls: "hcl 2.20: namespaced function calls" => namespaced_function_calls;
    /// OpenTofu v1.11: a module argument's object attribute that the
    /// variable's type lacks gets the warning "Object attribute is ignored".
    Tofu111WarnsIgnoredObjectAttributes: "OpenTofu 1.11: \"Object attribute is ignored\" warnings" => warns_ignored_object_attributes;
    /// Terraform v1.9 (the `variable_validation_crossref` experiment
    /// stabilised, `node_variable_validation.go`) / OpenTofu v1.9 (#2216,
    /// `node_variable_reference.go`): a validation rule may refer to other
    /// input variables (and locals, resources, …). Each variable's rules run
    /// in one graph node that depends on every variable they mention, so a
    /// variable whose referenced variable failed skips its rules, and mutual
    /// references are a cycle ("Cycle: …"); an undeclared variable is
    /// "Reference to undeclared input variable". Before, a rule may refer
    /// only to its own variable ("Invalid reference in variable validation").
    ValidationRefersToOtherObjects: "Terraform 1.9 / OpenTofu 1.9: validation may refer to other variables and objects" => validation_refers_to_other_variables;
    /// Terraform v1.10 / OpenTofu v1.11: a `variable` block may set
    /// `ephemeral` (before, "Unsupported argument"), and an ephemeral
    /// variable's value carries the ephemeral mark wherever a validation rule
    /// sees it, in both walks (Terraform: `prepareFinalInputVariableValue`
    /// marks the final value, `eval_variable.go` line 199 at v1.10.5, and
    /// `GetInputVariable` the value and the validate walk's unknown,
    /// `evaluate.go` lines 289 and 301; OpenTofu as its sensitive mark).
    EphemeralVariables: "Terraform 1.10 / OpenTofu 1.11: ephemeral variables";
    /// OpenTofu v1.10: a `variable` block may set `deprecated` (decoded
    /// right after `sensitive`; an empty text is refused).
    Tofu110DeprecatedVariables: "OpenTofu 1.10: deprecated variables";
    /// Terraform v1.15: a `variable` block may set `deprecated` (decoded
    /// after `default`).
    Tf115DeprecatedVariables: "Terraform 1.15: deprecated variables";
    /// Terraform v1.15: a `variable` block may set `const` (decoded after
    /// `ephemeral`; a const variable may be neither sensitive nor
    /// ephemeral), and `ignore_nested_deprecations` becomes a module-block
    /// argument, so no variable may take that name.
    Tf115ConstVariables: "Terraform 1.15: const variables";
    /// OpenTofu v1.12: a `variable` block may set `const` (decoded after
    /// `nullable`, with no further checks).
    Tofu112ConstVariables: "OpenTofu 1.12: const variables";
    /// OpenTofu v1.11: a root variable's conversion error from a file points
    /// at the declaration (not the value), and an ephemeral variable's text
    /// says "which is ephemeral".
    Tofu111ConversionErrorAtDeclaration: "OpenTofu 1.11: variable conversion errors at the declaration" => conversion_error_at_declaration;
    /// Terraform v1.9 (validation as its own graph node,
    /// `node_variable_validation.go`): "Invalid value for variable" points at
    /// the value's expression when the value came from a file. Before (and in
    /// every OpenTofu) it points at the declaration.
    Tf19ValidationPointsAtValue: "Terraform 1.9: failed validations point at the value";
    /// Terraform v1.9: a failing rule whose error message is not known gives
    /// "Invalid error message" (won't be known until apply) instead of
    /// "Failed to evaluate condition error message.".
    Tf19UnknownErrorMessageRefused: "Terraform 1.9: an unknown error message is an error";
    /// Terraform v1.10 (commit 6146cff55e, "allow unknown error_message in
    /// validate"; `eval_variable.go` lines 430–433 at v1.10.5): in the
    /// validate walk a failing rule whose error message is not known is
    /// skipped (no "Invalid error message").
    Tf110ValidateWalkSkipsUnknownErrorMessage: "Terraform 1.10: validate walk skips unknown error messages";
    /// Terraform v1.13 (#37595, backported to 1.13.5) / OpenTofu v1.8: a
    /// validation rule sees its own variable with the variable's sensitive
    /// mark. Before, the unmarked value: a sensitive value shows in the
    /// error message.
    ValidationSelfSensitive: "Terraform 1.13 / OpenTofu 1.8: validation sees its variable's sensitive mark";
    /// Terraform v1.10 (`evalVariableValidation`, `eval_variable.go` line
    /// 478 at v1.10.5) / OpenTofu v1.11: an error message that refers to an
    /// ephemeral value is refused ("Error message refers to ephemeral
    /// values"). Terraform then says the message "included a sensitive
    /// value" (line 491), OpenTofu "an ephemeral value".
    EphemeralErrorMessageRefused: "Terraform 1.10 / OpenTofu 1.11: ephemeral error messages refused";
    /// OpenTofu v1.8: a module's `.tofu` files are configuration files too,
    /// and `NAME.tofu` replaces `NAME.tf` (Terraform reads `.tf` only).
    Tofu18TofuFiles: "OpenTofu 1.8: .tofu files" => reads_tofu_files;
    /// OpenTofu v1.7: its own texts for namespaced calls. `provider::P::F`
    /// (and `provider::P::ALIAS::F`) are resolved when the graph is built,
    /// before evaluation ("Unknown function provider"), other `provider::`
    /// names when references are collected ("Unable to parse provider
    /// function"); an unknown `core::` name is "Call to unknown function"
    /// ("There is no builtin (core::) function named ..."), any other
    /// namespace "Unknown function namespace". Without it (Terraform v1.8
    /// on, `internal/lang/eval.go`) every unknown namespaced name is
    /// "Unknown provider function".
    Tofu17OwnNamespacedCallTexts: "OpenTofu 1.7: its own texts for unknown namespaced functions" => own_namespaced_call_texts;
    /// hcl `ShortCircuit` (commit 4192658: Terraform v1.12's
    /// ba0759438da2, v2.24.0; OpenTofu v1.10's fork): `&&` / `||` with a
    /// known deciding left operand ignore the right one (and its errors).
    HclShortCircuitLogic: "hcl ShortCircuit: && and || skip the undeciding operand" => short_circuit_logic;
    /// go-cty v1.15.0: `element` counts a negative index from the end
    /// (Terraform v1.10, OpenTofu v1.10). Before: "cannot use element
    /// function with a negative index".
    Cty115ElementNegativeIndex: "go-cty 1.15.0: element() counts negative indices from the end" => element_negative_index;
    /// Terraform v1.8 / OpenTofu v1.7: the function `issensitive`.
    Tf18IsSensitiveFunction: "Terraform 1.8 / OpenTofu 1.7: issensitive()";
    /// Terraform v1.9 / OpenTofu v1.7: the function `templatestring`.
    Tf19TemplatestringFunction: "Terraform 1.9 / OpenTofu 1.7: templatestring()";
    /// Terraform v1.10 / OpenTofu v1.11: the function `ephemeralasnull`.
    Tf110EphemeralasnullFunction: "Terraform 1.10 / OpenTofu 1.11: ephemeralasnull()";
    /// Terraform v1.15: the function `convert`.
    Tf115ConvertFunction: "Terraform 1.15: convert()";
    /// OpenTofu v1.7: the functions `cidrcontains`, `urldecode` and
    /// `base64gunzip` (Terraform has none of them).
    Tofu17CidrcontainsUrldecodeBase64gunzip: "OpenTofu 1.7: cidrcontains(), urldecode(), base64gunzip()";
    /// Terraform v1.9 (`evalVariableValidations`): one evaluation context is
    /// built for all the rules of a variable, so one rule's reference to an
    /// undeclared variable stops every rule of it. OpenTofu builds one per
    /// rule.
    Tf19OneContextForAllRules: "Terraform 1.9: one evaluation context for all rules of a variable";
    /// OpenTofu v1.7 (#1689, `evalVariableValidations`): once a rule of a
    /// variable raised an error (a failed rule too), its later rules are not
    /// evaluated. Terraform evaluates every rule.
    Tofu17StopsRulesAfterAnError: "OpenTofu 1.7: no further rules of a variable after an error";
    /// OpenTofu v1.8: in the validate walk too, a rule sees its own variable
    /// with the variable's sensitive mark.
    Tofu18ValidateWalkMarksVariable: "OpenTofu 1.8: the validate walk marks the variable's own value";
    /// OpenTofu v1.9 (#2216, `evalVariableValidation`): a failing rule whose
    /// error message is not known gives "Invalid error message" ("Value used
    /// in error message is not known …"), dropped in the validate walk as
    /// caused by unknown values.
    Tofu19UnknownErrorMessageRefused: "OpenTofu 1.9: an unknown error message is an error";
    /// hcl v2.23.0 (#710, "pass all marks through conditional expressions";
    /// OpenTofu's hcl fork of 2025-10, OpenTofu v1.10): a conditional whose
    /// condition is known carries the marks of the condition and of both
    /// results. Before, only the chosen result's own marks.
    Hcl223ConditionalKeepsAllMarks: "hcl 2.23: conditionals keep the marks of condition and both results" => conditional_keeps_all_marks;
    /// go-cty v1.18.1 (commit 6854da9, `ContainsFunc` allows a null `value`;
    /// Terraform v1.16): `contains(list, null)` is true when the list has a
    /// null element, else false. Before: "Invalid value for "value"
    /// parameter: argument must not be null.".
    Cty1181ContainsAcceptsNull: "go-cty 1.18.1: contains() of null allowed" => contains_accepts_null;
    /// go-cty v1.18.1 (commit 77d87c2, `MergeFunc`; Terraform v1.16): a null
    /// object argument counts as an object without attributes, in the result
    /// type too. Before, null objects of one type gave that type while the
    /// result has no attributes, which go-cty's `Function.Call` refuses with
    /// a panic ("does not conform to expected return type").
    Cty1181MergeNullObjectsAsEmpty: "go-cty 1.18.1: merge() treats null objects as empty" => merge_null_objects_as_empty;
    /// Terraform v1.16 (commit 4c4adca78b, "render cycle errors vertically",
    /// `internal/dag/dag.go` `Validate`): a cycle error is "Cycle:" then one
    /// node name per line (indented two spaces), in reference order
    /// (Tarjan's order reversed), starting at the shortest name (ties: the
    /// lexically smallest). Before: "Cycle: A, B" in Tarjan's order.
    Tf116VerticalCycleErrors: "Terraform 1.16: cycle errors list one node per line";
    // Configuration files (`configFileSchema` in `internal/configs/parser_config.go`;
    // the `ephemeral` block type comes with [`Switch::EphemeralVariables`]):
    /// Terraform v1.7 / OpenTofu v1.7: `removed` blocks.
    Tf17RemovedBlocks: "Terraform 1.7 / OpenTofu 1.7: removed blocks";
    /// Terraform v1.13: `action` blocks (OpenTofu has none).
    Tf113ActionBlocks: "Terraform 1.13: action blocks";
    /// OpenTofu v1.12: the `language` block, first in the schema (with
    /// `terraform` last), and one version sniff of a file instead of two
    /// (`checkVersionRequirements`).
    Tofu112LanguageBlock: "OpenTofu 1.12: the language block";
    /// OpenTofu v1.8 (`internal/configs/configload/loader_load.go`
    /// `moduleWalkerLoad`, v1.8.0; read at v1.7.10 and v1.8.11): "Module
    /// source has changed" names the installed source and the configured
    /// one ("The source address was changed from %q to %q since …").
    /// Terraform (v1.5.7 … v1.16.0-rc2) and OpenTofu 1.6–1.7 name neither.
    Tofu18SourceChangedNamesAddresses: "OpenTofu 1.8: \"Module source has changed\" names both addresses" => source_changed_names_addresses;
}

/// See [`Profile::config_file_blocks`].
#[derive(Clone, Copy, Debug)]
pub struct ConfigFileBlocks {
    /// OpenTofu's order of the block types.
    pub tofu: bool,
    pub ephemeral: bool,
    pub action: bool,
    pub removed: bool,
    pub language: bool,
}

/// One product version.
#[derive(Debug)]
pub struct Flavor {
    /// As written in requests: `terraform@1.5`.
    pub name: &'static str,
    pub product: Product,
    /// The minor version (`1.5`).
    pub version: &'static str,
    /// The release whose `go.mod` gives the pins.
    pub release: &'static str,
    /// The hcl module it links (OpenTofu links its own fork from 1.7 on).
    pub hcl: &'static str,
    /// The go-cty version it links.
    pub cty: &'static str,
    /// The switches this flavor holds (bits of [`Switch`]).
    switches: u64,
    /// The Unicode version of its tables (case mapping and printability from
    /// the Go it is built with, grapheme clusters from go-cty's and hcl's
    /// go-textseg): 13.0.0 with Go ≤ 1.20 and go-textseg v13 (Terraform 1.5),
    /// 15.0.0 with Go 1.21–1.26 and go-textseg v15 (every later release).
    /// Asked through [`Profile::unicode`].
    unicode: Unicode,
}

/// The flavor used when a request names none: the newest Terraform release
/// line in [`FLAVORS`].
pub const DEFAULT: &str = newest(&TABLE, Product::Terraform);

impl Switch {
    const fn bit(self) -> u64 {
        1 << (self as u8)
    }
}

const fn bits(list: &[Switch]) -> u64 {
    let mut b = 0;
    let mut i = 0;
    while i < list.len() {
        b |= list[i].bit();
        i += 1;
    }
    b
}

use Switch::*;

// The pins and switches were read from each release's go.mod and from the
// upstream changes between them.
const TF_1_5: u64 = 0;
const TF_1_6: u64 = bits(&[Hcl2171ObjectTypeRejectsDuplicateNames]);
const TF_1_7: u64 = TF_1_6 | bits(&[Tf17NonsensitiveAcceptsUnmarked, Tf17RemovedBlocks]);
const TF_1_8: u64 = TF_1_7 | bits(&[Hcl220NamespacedFunctionCalls, Tf18IsSensitiveFunction, Go122AngleNamedCaptures]);
const TF_1_9: u64 = TF_1_8
    | bits(&[
        Tf19TemplatestringFunction,
        ValidationRefersToOtherObjects,
        Tf19OneContextForAllRules,
        Tf19ValidationPointsAtValue,
        Tf19UnknownErrorMessageRefused,
    ]);
// Terraform 1.10's changes; Terraform 1.11 pins go-cty 1.16.0, older than
// 1.10's 1.16.2.
const TF_1_11: u64 = TF_1_9
    | bits(&[
        Hcl223ConditionalKeepsAllMarks,
        Cty1160EmptyMapDropsOptionalMarkers,
        Cty115ElementNegativeIndex,
        Tf110EphemeralasnullFunction,
        EphemeralVariables,
        Tf110ValidateWalkSkipsUnknownErrorMessage,
        EphemeralErrorMessageRefused,
    ]);
const TF_1_10: u64 = TF_1_11 | Cty1162CtyjsonRejectsDuplicateProperties.bit();
const TF_1_12: u64 = TF_1_10 | HclShortCircuitLogic.bit();
const TF_1_13: u64 = TF_1_12 | bits(&[Cty1163MismatchNamesGivenType, ValidationSelfSensitive, Tf113ActionBlocks]);
const TF_1_14: u64 = TF_1_13 | Go125UnicodeClassNames.bit();
const TF_1_15: u64 = TF_1_14 | bits(&[Tf115ConvertFunction, Tf115DeprecatedVariables, Tf115ConstVariables]);
const TF_1_16: u64 =
    TF_1_15 | bits(&[Cty1181ContainsAcceptsNull, Cty1181MergeNullObjectsAsEmpty, Tf116VerticalCycleErrors]);
const TOFU: u64 = ProductName.bit();
const TOFU_1_6: u64 = TOFU | TF_1_6;
const TOFU_1_7: u64 = TOFU
    | TF_1_8
    | bits(&[
        Tofu17OwnNamespacedCallTexts,
        Tf19TemplatestringFunction,
        Tofu17CidrcontainsUrldecodeBase64gunzip,
        Tofu17StopsRulesAfterAnError,
    ]);
const TOFU_1_8: u64 = TOFU_1_7
    | bits(&[
        ValidationSelfSensitive,
        Tofu18ValidateWalkMarksVariable,
        Tofu18TofuFiles,
        Tofu18SourceChangedNamesAddresses,
    ]);
const TOFU_1_9: u64 = TOFU_1_8 | bits(&[ValidationRefersToOtherObjects, Tofu19UnknownErrorMessageRefused]);
// OpenTofu's hcl and go-cty pins match Terraform 1.13's; its own variable
// changes come separately.
const TOFU_1_10: u64 = TOFU_1_9
    | bits(&[
        Cty1160EmptyMapDropsOptionalMarkers,
        Cty1162CtyjsonRejectsDuplicateProperties,
        Cty1163MismatchNamesGivenType,
        Cty115ElementNegativeIndex,
        HclShortCircuitLogic,
        Hcl223ConditionalKeepsAllMarks,
        Tofu110DeprecatedVariables,
    ]);
const TOFU_1_11: u64 = TOFU_1_10
    | bits(&[
        Tofu111WarnsIgnoredObjectAttributes,
        Tf110EphemeralasnullFunction,
        EphemeralVariables,
        Tofu111ConversionErrorAtDeclaration,
        EphemeralErrorMessageRefused,
        Go125UnicodeClassNames,
    ]);
const TOFU_1_12: u64 = TOFU_1_11 | bits(&[Tofu112ConstVariables, Tofu112LanguageBlock]);

const fn flavor(
    product: Product,
    version: &'static str,
    name: &'static str,
    release: &'static str,
    hcl: &'static str,
    cty: &'static str,
    switches: u64,
) -> Flavor {
    Flavor { name, product, version, release, hcl, cty, switches, unicode: Unicode::V15_0 }
}

impl Flavor {
    /// Built with Go ≤ 1.20 and linking go-textseg v13 (go-cty < 1.14, hcl
    /// 2.16): Unicode 13.0.0 throughout. Terraform v1.5.7 (`.go-version`
    /// 1.20.7, go-cty v1.12.2, hcl v2.16.2); from v1.6.6 (Go 1.21.5, go-cty
    /// v1.14.1 with go-textseg v15) every release has 15.0.0.
    const fn unicode_13(self) -> Flavor {
        Flavor { unicode: Unicode::V13_0, ..self }
    }
}

use Product::{OpenTofu, Terraform};

const TOFU_HCL_2024_04: &str = "opentofu/hcl v2.0.0-20240416130056-03228b26f391";
const TOFU_HCL_2024_08: &str = "opentofu/hcl v2.0.0-20240814143621-8048794c5c52";
const TOFU_HCL_2025_10: &str = "opentofu/hcl v2.20.2-0.20251021132045-587d123c2828";

/// Every flavor, Terraform then OpenTofu, oldest first: the one list of
/// versions (a new version is a row here, with its switches above).
const TABLE: [Flavor; 19] = [
    flavor(Terraform, "1.5", "terraform@1.5", "v1.5.7", "v2.16.2", "v1.12.2", TF_1_5).unicode_13(),
    flavor(Terraform, "1.6", "terraform@1.6", "v1.6.6", "v2.19.1", "v1.14.1", TF_1_6),
    flavor(Terraform, "1.7", "terraform@1.7", "v1.7.5", "v2.19.1", "v1.14.1", TF_1_7),
    flavor(Terraform, "1.8", "terraform@1.8", "v1.8.5", "v2.20.0", "v1.14.3", TF_1_8),
    flavor(Terraform, "1.9", "terraform@1.9", "v1.9.8", "v2.20.0", "v1.14.4", TF_1_9),
    flavor(Terraform, "1.10", "terraform@1.10", "v1.10.5", "v2.23.0", "v1.16.2", TF_1_10),
    flavor(Terraform, "1.11", "terraform@1.11", "v1.11.4", "v2.23.0", "v1.16.0", TF_1_11),
    flavor(Terraform, "1.12", "terraform@1.12", "v1.12.2", "v2.23.1-0.20250203194505-ba0759438da2", "v1.16.2", TF_1_12),
    flavor(Terraform, "1.13", "terraform@1.13", "v1.13.5", "v2.24.0", "v1.16.3", TF_1_13),
    flavor(Terraform, "1.14", "terraform@1.14", "v1.14.9", "v2.24.0", "v1.16.3", TF_1_14),
    flavor(Terraform, "1.15", "terraform@1.15", "v1.15.9", "v2.24.0", "v1.18.0", TF_1_15),
    // v1.16.0-rc2: the newest 1.16 code read (the oracle's README, "Flavors").
    flavor(Terraform, "1.16", "terraform@1.16", "v1.16.0-rc2", "v2.24.0", "v1.18.1", TF_1_16),
    flavor(OpenTofu, "1.6", "opentofu@1.6", "v1.6.3", "v2.19.1", "v1.14.1", TOFU_1_6),
    flavor(OpenTofu, "1.7", "opentofu@1.7", "v1.7.10", TOFU_HCL_2024_04, "v1.14.4", TOFU_1_7),
    flavor(OpenTofu, "1.8", "opentofu@1.8", "v1.8.11", TOFU_HCL_2024_04, "v1.14.4", TOFU_1_8),
    flavor(OpenTofu, "1.9", "opentofu@1.9", "v1.9.4", TOFU_HCL_2024_08, "v1.14.4", TOFU_1_9),
    flavor(OpenTofu, "1.10", "opentofu@1.10", "v1.10.10", TOFU_HCL_2025_10, "v1.16.3", TOFU_1_10),
    flavor(OpenTofu, "1.11", "opentofu@1.11", "v1.11.14", TOFU_HCL_2025_10, "v1.17.0", TOFU_1_11),
    flavor(OpenTofu, "1.12", "opentofu@1.12", "v1.12.6", TOFU_HCL_2025_10, "v1.18.0", TOFU_1_12),
];

/// Every flavor, Terraform then OpenTofu, oldest first.
pub static FLAVORS: [Flavor; TABLE.len()] = TABLE;

/// The name of the last flavor of `product` in `table`.
const fn newest(table: &[Flavor], product: Product) -> &'static str {
    let mut i = table.len();
    while i > 0 {
        i -= 1;
        if table[i].product as u8 == product as u8 {
            return table[i].name;
        }
    }
    panic!("the table has a flavor of each product")
}

impl Flavor {
    /// The flavor called `name`, if there is one.
    pub fn lookup(name: &str) -> Option<&'static Flavor> {
        FLAVORS.iter().find(|f| f.name == name)
    }

    /// The flavor used when none is named.
    pub fn default_flavor() -> &'static Flavor {
        Flavor::lookup(DEFAULT).expect("the default flavor is in the table")
    }

    /// "Terraform 1.15".
    pub fn label(&self) -> String {
        format!("{} {}", self.product.name(), self.version)
    }

    /// Whether this flavor has the change `s`.
    pub fn has(&self, s: Switch) -> bool {
        self.switches & s.bit() != 0
    }

    /// A fresh profile of this flavor's behaviour.
    pub fn profile(&'static self) -> Profile {
        Profile { flavor: self, asked: Cell::new(0) }
    }

    /// Flavor names, for messages listing the valid ones.
    pub fn names() -> Vec<&'static str> {
        FLAVORS.iter().map(|f| f.name).collect()
    }

    /// Of `group` (versions that give one answer), the one to offer a
    /// reader on this flavor: of the reader's own product, the version
    /// nearest to this one (the newer of two as near); with none of it, the
    /// newest of the other product.
    pub fn nearest_in(&self, group: &[&'static Flavor]) -> Option<&'static Flavor> {
        let place = |f: &Flavor| FLAVORS.iter().position(|g| g.name == f.name).unwrap_or(0);
        let here = place(self);
        let own = group.iter().copied().filter(|f| f.product == self.product);
        own.min_by_key(|f| (place(f).abs_diff(here), std::cmp::Reverse(place(f))))
            .or_else(|| group.iter().copied().max_by_key(|f| place(f)))
    }
}

/// The bit of [`Profile`]'s questions that records [`Profile::unicode`]
/// (above every switch's).
const UNICODE_ASKED: u64 = 1 << 63;

/// The behaviour of one flavor, as the engine asks it. Every question is
/// recorded (see [`Profile::asked`]).
#[derive(Debug)]
pub struct Profile {
    flavor: &'static Flavor,
    asked: Cell<u64>,
}

impl Default for Profile {
    fn default() -> Profile {
        Flavor::default_flavor().profile()
    }
}

impl Profile {
    fn ask(&self, s: Switch) -> bool {
        self.asked.set(self.asked.get() | s.bit());
        self.flavor.has(s)
    }

    pub fn flavor(&self) -> &'static Flavor {
        self.flavor
    }

    /// The switches asked about so far, as bits (see [`Profile::add_asked`]).
    pub(crate) fn asked_bits(&self) -> u64 {
        self.asked.get()
    }

    /// Records questions another profile of the same flavor asked for this
    /// one (work kept from an earlier check asked them then).
    pub(crate) fn add_asked(&self, bits: u64) {
        self.asked.set(self.asked.get() | bits);
    }

    /// The switches asked about so far.
    pub fn asked(&self) -> Vec<Switch> {
        Switch::ALL.iter().copied().filter(|s| self.asked.get() & s.bit() != 0).collect()
    }

    /// Whether `other` would have answered every question asked so far the
    /// same way (then it gives the same result for the same input).
    pub fn same_answers(&self, other: &Flavor) -> bool {
        let asked = self.asked.get();
        (self.flavor.switches ^ other.switches) & asked & !UNICODE_ASKED == 0
            && (asked & UNICODE_ASKED == 0 || self.flavor.unicode == other.unicode)
    }

    /// The Unicode version of the flavor's tables (see [`Flavor`]'s
    /// `unicode`); recorded as asked like a switch.
    pub fn unicode(&self) -> Unicode {
        self.asked.set(self.asked.get() | UNICODE_ASKED);
        self.flavor.unicode
    }

    /// The Unicode version to use for `s`: the flavor's, asked (and so
    /// recorded) only when `s` is not all ASCII — every version treats ASCII
    /// alike, so flavors differing only in Unicode give one answer then.
    pub fn unicode_of(&self, s: &str) -> Unicode {
        if s.is_ascii() {
            Unicode::V15_0
        } else {
            self.unicode()
        }
    }

    /// The product name in messages that name it.
    pub fn product_name(&self) -> &'static str {
        if self.ask(ProductName) {
            Product::OpenTofu.name()
        } else {
            Product::Terraform.name()
        }
    }

    /// The command that installs modules, as the product's messages name
    /// it (`terraform init`, `tofu init`: `configload/loader_load.go`).
    pub fn init_command(&self) -> &'static str {
        if self.ask(ProductName) {
            "tofu init"
        } else {
            "terraform init"
        }
    }

    /// The registry host of a module source written without one
    /// (`ns/name/provider`): each product's default
    /// (`addrs.ParseModuleSource` / `tfaddr.DefaultModuleRegistryHost`).
    pub fn default_registry_host(&self) -> &'static str {
        if self.ask(ProductName) {
            "registry.opentofu.org"
        } else {
            "registry.terraform.io"
        }
    }

    /// The hcl version named in the crash report of a flavor without
    /// [`Switch::Hcl2171ObjectTypeRejectsDuplicateNames`].
    pub fn hcl_version(&self) -> &'static str {
        self.ask(Hcl2171ObjectTypeRejectsDuplicateNames);
        self.flavor.hcl
    }

    /// Whether the flavor holds `s` (for the switches that add a function:
    /// the function table asks through this).
    pub fn has_function_switch(&self, s: Switch) -> bool {
        self.ask(s)
    }

    /// The arguments a `variable` block takes in this flavor, in the order
    /// of its schema (hcl suggests the first close name in that order), and
    /// how it decodes them.
    pub fn variable_block(&self) -> VariableBlock {
        let tofu_deprecated = self.ask(Tofu110DeprecatedVariables);
        let tf_deprecated = self.ask(Tf115DeprecatedVariables);
        let tf_const = self.ask(Tf115ConstVariables);
        let tofu_const = self.ask(Tofu112ConstVariables);
        let ephemeral = self.ask(EphemeralVariables);
        let mut arguments = vec!["description", "default", "type", "sensitive"];
        if ephemeral {
            arguments.push("ephemeral");
        }
        if tf_const || tofu_const {
            arguments.push("const");
        }
        if tf_deprecated || tofu_deprecated {
            arguments.push("deprecated");
        }
        arguments.push("nullable");
        let mut reserved = vec!["source", "version", "count", "for_each", "depends_on", "providers"];
        if tf_const {
            reserved.push("ignore_nested_deprecations");
        }
        reserved.extend(["_", "lifecycle", "locals", "provider"]);
        VariableBlock {
            arguments,
            reserved,
            deprecated_early: tofu_deprecated,
            deprecated_must_not_be_empty: tofu_deprecated,
            const_after_ephemeral: tf_const,
            const_excludes_sensitive_and_ephemeral: tf_const,
        }
    }

    /// The version-dependent block types of a configuration file's root
    /// (`configFileSchema`), which a JSON file's properties are checked
    /// against.
    pub fn config_file_blocks(&self) -> ConfigFileBlocks {
        ConfigFileBlocks {
            tofu: self.ask(ProductName),
            ephemeral: self.ask(EphemeralVariables),
            action: self.ask(Tf113ActionBlocks),
            removed: self.ask(Tf17RemovedBlocks),
            language: self.ask(Tofu112LanguageBlock),
        }
    }

    /// How this version evaluates a variable's `validation` rules.
    pub fn validation(&self) -> Validation {
        let other_objects = self.ask(ValidationRefersToOtherObjects);
        Validation {
            other_variables: other_objects,
            one_context: other_objects && self.ask(Tf19OneContextForAllRules),
            stop_after_error: self.ask(Tofu17StopsRulesAfterAnError),
            validate_walk_marks_self: self.ask(Tofu18ValidateWalkMarksVariable),
            tofu_unknown_message_refused: self.ask(Tofu19UnknownErrorMessageRefused),
            points_at_value: self.ask(Tf19ValidationPointsAtValue),
            unknown_message_refused: self.ask(Tf19UnknownErrorMessageRefused),
            validate_walk_skips_unknown_message: self.ask(Tf110ValidateWalkSkipsUnknownErrorMessage),
            self_sensitive: self.ask(ValidationSelfSensitive),
            self_ephemeral: self.ask(EphemeralVariables),
            ephemeral_message_refused: self.ask(EphemeralErrorMessageRefused),
            vertical_cycles: self.ask(Tf116VerticalCycleErrors),
            // The graph node's name (`dag.VertexName`) in "Cycle: …":
            // Terraform's nodeVariableValidation, OpenTofu's
            // nodeVariableReference.
            node_suffix: if self.ask(ProductName) { "(expand, reference)" } else { "(validation)" },
        }
    }

    /// How a `module` block's arguments are read in this flavor (see
    /// [`ModuleCallRules`]).
    pub fn module_call(&self) -> ModuleCallRules {
        let mut meta_arguments = vec!["source", "version", "count", "for_each", "depends_on", "providers"];
        if self.ask(Tf115ConstVariables) {
            meta_arguments.push("ignore_nested_deprecations");
        }
        let deprecated_argument = if self.ask(Tofu110DeprecatedVariables) {
            Some(DeprecatedArgument::WarnWhenAccepted)
        } else if self.ask(Tf115DeprecatedVariables) {
            Some(DeprecatedArgument::WarnUnlessNull)
        } else {
            None
        };
        ModuleCallRules { meta_arguments, deprecated_argument }
    }
}

/// How a flavor reads a `module` block (see [`Profile::module_call`]).
#[derive(Clone, Debug)]
pub struct ModuleCallRules {
    /// The block's own arguments (`decodeModuleBlock`'s schema); every other
    /// argument is a value for one of the called module's variables.
    pub meta_arguments: Vec<&'static str>,
    /// The warning for an argument given to a `deprecated` variable, if the
    /// flavor has deprecated variables.
    pub deprecated_argument: Option<DeprecatedArgument>,
}

/// The warning for a value given to a deprecated variable of a called module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeprecatedArgument {
    /// OpenTofu 1.10 (`evalVariableDeprecation`): "Variable marked as
    /// deprecated by the module author", once the value was accepted (null
    /// too).
    WarnWhenAccepted,
    /// Terraform 1.15 (`evalModuleVariable`): "Deprecated variable got a
    /// value" for any value but null, accepted or not.
    WarnUnlessNull,
}

/// How a flavor reads a `variable` block (see [`Profile::variable_block`]).
#[derive(Clone, Debug)]
pub struct VariableBlock {
    /// The arguments it takes, in schema order (`validation` is its block).
    pub arguments: Vec<&'static str>,
    /// Names no variable may take: module-block arguments and blocks.
    pub reserved: Vec<&'static str>,
    /// `deprecated` is decoded right after `sensitive` (else after `default`).
    pub deprecated_early: bool,
    /// An empty `deprecated` text is refused.
    pub deprecated_must_not_be_empty: bool,
    /// `const` is decoded right after `ephemeral` (else after `nullable`).
    pub const_after_ephemeral: bool,
    /// A const variable may not be sensitive or ephemeral.
    pub const_excludes_sensitive_and_ephemeral: bool,
}

/// Flavors grouped for display: runs of consecutive versions of one product
/// ("Terraform 1.5–1.12, OpenTofu 1.6–1.9").
pub fn describe_group(names: &[&str]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for product in [Product::Terraform, Product::OpenTofu] {
        let all: Vec<&Flavor> = FLAVORS.iter().filter(|f| f.product == product).collect();
        let mut run: Option<(usize, usize)> = None;
        let mut runs = Vec::new();
        for (i, f) in all.iter().enumerate() {
            if names.contains(&f.name) {
                run = Some(match run {
                    Some((s, _)) => (s, i),
                    None => (i, i),
                });
            } else if let Some(r) = run.take() {
                runs.push(r);
            }
        }
        runs.extend(run);
        if runs.is_empty() {
            continue;
        }
        let text: Vec<String> =
            runs.iter()
                .map(|&(s, e)| {
                    if s == e {
                        all[s].version.to_string()
                    } else {
                        format!("{}–{}", all[s].version, all[e].version)
                    }
                })
                .collect();
        parts.push(format!("{} {}", product.name(), text.join(", ")));
    }
    parts.join(", ")
}

/// What a version does when it evaluates validation rules (see the
/// switches named in [`Profile::validation`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Validation {
    /// [`Switch::ValidationRefersToOtherObjects`]: other variables and
    /// objects may be referred to, and each variable's rules are one node of
    /// the graph.
    pub other_variables: bool,
    /// [`Switch::Tf19OneContextForAllRules`].
    pub one_context: bool,
    /// [`Switch::Tofu17StopsRulesAfterAnError`].
    pub stop_after_error: bool,
    /// [`Switch::Tofu18ValidateWalkMarksVariable`].
    pub validate_walk_marks_self: bool,
    /// [`Switch::Tofu19UnknownErrorMessageRefused`].
    pub tofu_unknown_message_refused: bool,
    /// [`Switch::Tf19ValidationPointsAtValue`].
    pub points_at_value: bool,
    /// [`Switch::Tf19UnknownErrorMessageRefused`].
    pub unknown_message_refused: bool,
    /// [`Switch::Tf110ValidateWalkSkipsUnknownErrorMessage`].
    pub validate_walk_skips_unknown_message: bool,
    /// [`Switch::ValidationSelfSensitive`]: a rule sees its own variable's
    /// sensitive mark (in the plan walk).
    pub self_sensitive: bool,
    /// [`Switch::EphemeralVariables`]: an ephemeral variable's value is
    /// marked ephemeral wherever a rule sees it.
    pub self_ephemeral: bool,
    /// [`Switch::EphemeralErrorMessageRefused`].
    pub ephemeral_message_refused: bool,
    /// [`Switch::Tf116VerticalCycleErrors`].
    pub vertical_cycles: bool,
    /// How the graph names a variable's validation node (after `var.NAME`).
    pub node_suffix: &'static str,
}

#[cfg(test)]
mod offer_tests {
    use super::*;

    fn group(names: &[&str]) -> Vec<&'static Flavor> {
        names.iter().map(|n| Flavor::lookup(n).unwrap()).collect()
    }

    /// An OpenTofu reader is offered OpenTofu (#21: OpenTofu 1.10 was offered
    /// "Show Terraform 1.12"), the version nearest to theirs.
    #[test]
    fn the_readers_own_product_is_offered_first_nearest_version() {
        let tofu_1_10 = Flavor::lookup("opentofu@1.10").unwrap();
        let g = group(&["terraform@1.12", "terraform@1.13", "opentofu@1.6", "opentofu@1.7", "opentofu@1.8"]);
        assert_eq!(tofu_1_10.nearest_in(&g).map(|f| f.name), Some("opentofu@1.8"));
        let g = group(&["terraform@1.12", "opentofu@1.11", "opentofu@1.12"]);
        assert_eq!(tofu_1_10.nearest_in(&g).map(|f| f.name), Some("opentofu@1.11"));
        // Two as near: the newer.
        let g = group(&["opentofu@1.9", "opentofu@1.11"]);
        assert_eq!(tofu_1_10.nearest_in(&g).map(|f| f.name), Some("opentofu@1.11"));
        // None of the reader's product: the other's newest.
        let tf_1_12 = Flavor::lookup("terraform@1.12").unwrap();
        let g = group(&["opentofu@1.6", "opentofu@1.7", "opentofu@1.8"]);
        assert_eq!(tf_1_12.nearest_in(&g).map(|f| f.name), Some("opentofu@1.8"));
        assert!(tf_1_12.nearest_in(&[]).is_none());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table as the oracle's README states it: (flavor, switches held).
    #[test]
    fn each_flavor_holds_the_switches_of_its_pins() {
        const NS: Switch = Hcl220NamespacedFunctionCalls;
        // Built with Go 1.22 or later: Terraform from 1.8, OpenTofu from 1.7.
        const GO: Switch = Go122AngleNamedCaptures;
        const DUP: Switch = Hcl2171ObjectTypeRejectsDuplicateNames;
        const NONS: Switch = Tf17NonsensitiveAcceptsUnmarked;
        const EPH: [Switch; 3] =
            [EphemeralVariables, Tf110ValidateWalkSkipsUnknownErrorMessage, EphemeralErrorMessageRefused];
        let tf_1_11 = [
            &[
                DUP,
                NONS,
                Tf17RemovedBlocks,
                NS,
                GO,
                Tf18IsSensitiveFunction,
                Tf19TemplatestringFunction,
                Cty1160EmptyMapDropsOptionalMarkers,
                Cty115ElementNegativeIndex,
                Tf110EphemeralasnullFunction,
                ValidationRefersToOtherObjects,
                Tf19ValidationPointsAtValue,
                Tf19UnknownErrorMessageRefused,
                Tf19OneContextForAllRules,
                Hcl223ConditionalKeepsAllMarks,
            ][..],
            &EPH,
        ]
        .concat();
        let tf_1_12 = [&tf_1_11[..], &[Cty1162CtyjsonRejectsDuplicateProperties, HclShortCircuitLogic]].concat();
        let tf_1_15 = [
            &tf_1_12[..],
            &[
                Tf113ActionBlocks,
                Cty1163MismatchNamesGivenType,
                Tf115ConvertFunction,
                Tf115DeprecatedVariables,
                Tf115ConstVariables,
                ValidationSelfSensitive,
                Go125UnicodeClassNames,
            ],
        ]
        .concat();
        let tf_1_16 =
            [&tf_1_15[..], &[Cty1181ContainsAcceptsNull, Cty1181MergeNullObjectsAsEmpty, Tf116VerticalCycleErrors]]
                .concat();
        let table: [(&str, &[Switch]); 14] = [
            ("terraform@1.5", &[]),
            ("terraform@1.7", &[DUP, NONS, Tf17RemovedBlocks]),
            ("terraform@1.8", &[DUP, NONS, Tf17RemovedBlocks, NS, GO, Tf18IsSensitiveFunction]),
            (
                "terraform@1.9",
                &[
                    DUP,
                    NONS,
                    Tf17RemovedBlocks,
                    NS,
                    GO,
                    Tf18IsSensitiveFunction,
                    Tf19TemplatestringFunction,
                    ValidationRefersToOtherObjects,
                    Tf19ValidationPointsAtValue,
                    Tf19UnknownErrorMessageRefused,
                    Tf19OneContextForAllRules,
                ],
            ),
            // Terraform 1.10 brought ephemeral variables with their marks, the
            // ephemeral-message check and the validate walk's skip of unknown
            // messages (the oracle's "Fixes of 2026-11-28 (real Terraform)").
            ("terraform@1.10", &[&tf_1_11[..], &[Cty1162CtyjsonRejectsDuplicateProperties]].concat()),
            ("terraform@1.11", &tf_1_11),
            ("terraform@1.12", &tf_1_12),
            ("terraform@1.15", &tf_1_15),
            ("terraform@1.16", &tf_1_16),
            ("opentofu@1.6", &[ProductName, DUP]),
            (
                "opentofu@1.7",
                &[
                    ProductName,
                    DUP,
                    NONS,
                    Tf17RemovedBlocks,
                    NS,
                    GO,
                    Tofu17OwnNamespacedCallTexts,
                    Tf18IsSensitiveFunction,
                    Tf19TemplatestringFunction,
                    Tofu17CidrcontainsUrldecodeBase64gunzip,
                    Tofu17StopsRulesAfterAnError,
                ],
            ),
            (
                "opentofu@1.8",
                &[
                    ProductName,
                    DUP,
                    NONS,
                    Tf17RemovedBlocks,
                    NS,
                    GO,
                    Tofu17OwnNamespacedCallTexts,
                    Tf18IsSensitiveFunction,
                    Tf19TemplatestringFunction,
                    Tofu17CidrcontainsUrldecodeBase64gunzip,
                    ValidationSelfSensitive,
                    Tofu18TofuFiles,
                    Tofu18SourceChangedNamesAddresses,
                    Tofu17StopsRulesAfterAnError,
                    Tofu18ValidateWalkMarksVariable,
                ],
            ),
            (
                "opentofu@1.10",
                &[
                    ProductName,
                    DUP,
                    NONS,
                    Tf17RemovedBlocks,
                    NS,
                    GO,
                    Tofu17OwnNamespacedCallTexts,
                    Tf18IsSensitiveFunction,
                    Tf19TemplatestringFunction,
                    Tofu17CidrcontainsUrldecodeBase64gunzip,
                    Cty1160EmptyMapDropsOptionalMarkers,
                    Cty1162CtyjsonRejectsDuplicateProperties,
                    Cty1163MismatchNamesGivenType,
                    Cty115ElementNegativeIndex,
                    HclShortCircuitLogic,
                    Tofu110DeprecatedVariables,
                    ValidationSelfSensitive,
                    Tofu18TofuFiles,
                    Tofu18SourceChangedNamesAddresses,
                    Tofu17StopsRulesAfterAnError,
                    Tofu18ValidateWalkMarksVariable,
                    ValidationRefersToOtherObjects,
                    Tofu19UnknownErrorMessageRefused,
                    Hcl223ConditionalKeepsAllMarks,
                ],
            ),
            (
                "opentofu@1.12",
                &[
                    Tofu112LanguageBlock,
                    Go125UnicodeClassNames,
                    ProductName,
                    DUP,
                    NONS,
                    Tf17RemovedBlocks,
                    NS,
                    GO,
                    Tofu17OwnNamespacedCallTexts,
                    Tf18IsSensitiveFunction,
                    Tf19TemplatestringFunction,
                    Tofu17CidrcontainsUrldecodeBase64gunzip,
                    Cty1160EmptyMapDropsOptionalMarkers,
                    Cty1162CtyjsonRejectsDuplicateProperties,
                    Cty1163MismatchNamesGivenType,
                    Cty115ElementNegativeIndex,
                    HclShortCircuitLogic,
                    Tofu111WarnsIgnoredObjectAttributes,
                    Tf110EphemeralasnullFunction,
                    Tofu110DeprecatedVariables,
                    EphemeralVariables,
                    Tofu111ConversionErrorAtDeclaration,
                    Tofu112ConstVariables,
                    ValidationSelfSensitive,
                    EphemeralErrorMessageRefused,
                    Tofu18TofuFiles,
                    Tofu18SourceChangedNamesAddresses,
                    Tofu17StopsRulesAfterAnError,
                    Tofu18ValidateWalkMarksVariable,
                    ValidationRefersToOtherObjects,
                    Tofu19UnknownErrorMessageRefused,
                    Hcl223ConditionalKeepsAllMarks,
                ],
            ),
        ];
        for (name, held) in table {
            let f = Flavor::lookup(name).unwrap();
            for s in Switch::ALL {
                assert_eq!(f.has(s), held.contains(&s), "{name} {s:?}");
            }
        }
    }

    #[test]
    fn the_switch_order_of_cty_versions_follows_the_pins() {
        // go-cty >= 1.16.0 drops the markers; 1.16.2 adds the JSON check;
        // 1.16.3 the wording. Terraform 1.11 pins 1.16.0, older than 1.10's.
        for f in &FLAVORS {
            let minor: u32 = f.cty.trim_start_matches("v1.").split('.').next().unwrap().parse().unwrap();
            let patch: u32 = f.cty.rsplit('.').next().unwrap().parse().unwrap();
            let at_least = |m: u32, p: u32| (minor, patch) >= (m, p);
            assert_eq!(f.has(Cty1160EmptyMapDropsOptionalMarkers), at_least(16, 0), "{}", f.name);
            assert_eq!(f.has(Cty1162CtyjsonRejectsDuplicateProperties), at_least(16, 2), "{}", f.name);
            assert_eq!(f.has(Cty1163MismatchNamesGivenType), at_least(16, 3), "{}", f.name);
            assert_eq!(f.has(Cty115ElementNegativeIndex), at_least(15, 0), "{}", f.name);
            assert_eq!(f.has(Cty1181ContainsAcceptsNull), at_least(18, 1), "{}", f.name);
            assert_eq!(f.has(Cty1181MergeNullObjectsAsEmpty), at_least(18, 1), "{}", f.name);
        }
    }

    #[test]
    fn a_profile_records_the_switches_asked() {
        let p = Flavor::lookup("terraform@1.5").unwrap().profile();
        assert!(p.asked().is_empty());
        assert!(!p.mismatch_names_given_type());
        assert_eq!(p.asked(), vec![Cty1163MismatchNamesGivenType]);
        // Terraform 1.6 answers that question the same way; 1.13 does not.
        assert!(p.same_answers(Flavor::lookup("terraform@1.6").unwrap()));
        assert!(!p.same_answers(Flavor::lookup("terraform@1.13").unwrap()));
    }

    #[test]
    fn groups_are_described_as_runs_of_versions() {
        let cases: [(&[&str], &str); 4] = [
            (
                &[
                    "terraform@1.13",
                    "terraform@1.14",
                    "terraform@1.15",
                    "opentofu@1.10",
                    "opentofu@1.11",
                    "opentofu@1.12",
                ],
                "Terraform 1.13–1.15, OpenTofu 1.10–1.12",
            ),
            (&["terraform@1.5"], "Terraform 1.5"),
            (&["terraform@1.5", "terraform@1.6", "terraform@1.8"], "Terraform 1.5–1.6, 1.8"),
            (&["opentofu@1.6"], "OpenTofu 1.6"),
        ];
        for (names, want) in cases {
            assert_eq!(describe_group(names), want);
        }
    }

    /// Which versions take which `variable` arguments (README "Check mode" 1).
    #[test]
    fn variable_block_arguments_follow_each_version() {
        let table: [(&str, &[&str]); 9] = [
            ("terraform@1.5", &["description", "default", "type", "sensitive", "nullable"]),
            ("terraform@1.9", &["description", "default", "type", "sensitive", "nullable"]),
            ("terraform@1.10", &["description", "default", "type", "sensitive", "ephemeral", "nullable"]),
            (
                "terraform@1.15",
                &["description", "default", "type", "sensitive", "ephemeral", "const", "deprecated", "nullable"],
            ),
            (
                "terraform@1.16",
                &["description", "default", "type", "sensitive", "ephemeral", "const", "deprecated", "nullable"],
            ),
            ("opentofu@1.9", &["description", "default", "type", "sensitive", "nullable"]),
            ("opentofu@1.10", &["description", "default", "type", "sensitive", "deprecated", "nullable"]),
            ("opentofu@1.11", &["description", "default", "type", "sensitive", "ephemeral", "deprecated", "nullable"]),
            (
                "opentofu@1.12",
                &["description", "default", "type", "sensitive", "ephemeral", "const", "deprecated", "nullable"],
            ),
        ];
        for (name, args) in table {
            let vb = Flavor::lookup(name).unwrap().profile().variable_block();
            assert_eq!(vb.arguments, args, "{name}");
            assert_eq!(
                vb.reserved.contains(&"ignore_nested_deprecations"),
                matches!(name, "terraform@1.15" | "terraform@1.16"),
                "{name}"
            );
        }
    }

    /// The default is the newest Terraform release line of the table
    /// (the oracle's "Flavors": `terraform@1.16` since 2026-11-28).
    #[test]
    fn the_default_is_the_newest_terraform() {
        assert_eq!(DEFAULT, "terraform@1.16");
        assert_eq!(Profile::default().flavor().name, DEFAULT);
        let newest = FLAVORS.iter().rfind(|f| f.product == Product::Terraform).unwrap();
        assert_eq!(newest.name, DEFAULT);
    }

    /// Each switch is declared once: `ALL` has every switch once, in the
    /// order of the enum, each with its own bit and a description.
    #[test]
    fn every_switch_is_listed_once_with_its_own_bit() {
        let mut seen = 0u64;
        for (i, s) in Switch::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i, "{s:?}");
            assert_eq!(seen & s.bit(), 0, "{s:?}");
            seen |= s.bit();
            assert!(!s.describe().is_empty(), "{s:?}");
        }
        let descriptions: std::collections::BTreeSet<&str> = Switch::ALL.iter().map(|s| s.describe()).collect();
        assert_eq!(descriptions.len(), Switch::ALL.len());
    }

    /// A flavor's name is its product's command and its version, and each
    /// name is in the table once.
    #[test]
    fn flavor_names_follow_product_and_version() {
        for f in &FLAVORS {
            assert_eq!(f.name, format!("{}@{}", f.product.name().to_lowercase(), f.version));
            assert_eq!(FLAVORS.iter().filter(|g| g.name == f.name).count(), 1, "{}", f.name);
        }
    }

    /// A generated accessor asks its switch (and records the question).
    #[test]
    fn generated_accessors_ask_their_switch() {
        let cases: [(fn(&Profile) -> bool, Switch); 3] = [
            (Profile::contains_accepts_null, Cty1181ContainsAcceptsNull),
            (Profile::merge_null_objects_as_empty, Cty1181MergeNullObjectsAsEmpty),
            (Profile::mismatch_names_given_type, Cty1163MismatchNamesGivenType),
        ];
        for (accessor, s) in cases {
            for f in &FLAVORS {
                let p = f.profile();
                assert_eq!(accessor(&p), f.has(s), "{} {s:?}", f.name);
                assert_eq!(p.asked(), vec![s]);
            }
        }
    }
}
