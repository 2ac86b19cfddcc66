//! The names Go's `regexp/syntax` knows in `\\p{…}`: its general
//! categories, its scripts (each release's Unicode version: Go ≤ 1.20 has
//! Unicode 13.0.0, Go 1.21 and later 15.0.0) and, from Go 1.25
//! (golang/go#70780), the categories' long names, `Any`, `ASCII`,
//! `Assigned`, `Cn` and `LC`, every name compared without case, `_`, `-` or
//! spaces. The scripts are [`crate::unicode::script_names`]; the aliases
//! are `PropertyValueAliases.txt`'s `gc` rows.

use crate::unicode::Unicode;

/// Go's general categories before 1.25 (`unicode.Categories`' keys).
const CATEGORIES: &str =
    "C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs";

/// Each long name of a general category and what it names, `long=short`
/// (`gc` rows of `PropertyValueAliases.txt`), as Go 1.25's
/// `unicode.CategoryAliases`.
const CATEGORY_ALIASES: &str =
    "Other=C Control=Cc cntrl=Cc Format=Cf Unassigned=Cn Private_Use=Co Surrogate=Cs Letter=L \
    Cased_Letter=LC Lowercase_Letter=Ll Modifier_Letter=Lm Other_Letter=Lo Titlecase_Letter=Lt \
    Uppercase_Letter=Lu Mark=M Combining_Mark=M Spacing_Mark=Mc Enclosing_Mark=Me Nonspacing_Mark=Mn \
    Number=N Decimal_Number=Nd digit=Nd Letter_Number=Nl Other_Number=No Punctuation=P punct=P \
    Connector_Punctuation=Pc Dash_Punctuation=Pd Close_Punctuation=Pe Final_Punctuation=Pf \
    Initial_Punctuation=Pi Other_Punctuation=Po Open_Punctuation=Ps Symbol=S Currency_Symbol=Sc \
    Modifier_Symbol=Sk Math_Symbol=Sm Other_Symbol=So Separator=Z Line_Separator=Zl \
    Paragraph_Separator=Zp Space_Separator=Zs";

/// Go 1.25's lookup form of a name: the first letter upper case, the rest
/// lower, `_`, `-` and spaces left out.
fn canonical(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().filter(|c| !matches!(c, '_' | '-' | ' ')) {
        if out.is_empty() {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// What `\\p{name}` (or `\\pX`) names for a Go of `unicode`'s tables, loose
/// (Go ≥ 1.25) or not: the table's name as [`crate::unicode::class_ranges`]
/// knows it (a category, a script, `Any`, `ASCII`, or `^Cn` for `Assigned`),
/// or `None` where Go refuses the name.
pub(super) fn class(name: &str, unicode: Unicode, loose: bool) -> Option<String> {
    let scripts = || crate::unicode::script_names(unicode);
    let categories = || CATEGORIES.split(' ');
    if !loose {
        let known = name == "Any" || categories().any(|c| c == name) || scripts().any(|s| s == name);
        return known.then(|| name.to_string());
    }
    let name = canonical(name);
    let aliases = || CATEGORY_ALIASES.split_ascii_whitespace().filter_map(|p| p.split_once('='));
    let found = match name.as_str() {
        "Any" => Some("Any"),
        "Ascii" => Some("ASCII"),
        "Assigned" => Some("^Cn"),
        "Lc" => Some("LC"),
        "Cn" => Some("Cn"),
        n => categories()
            .chain(scripts())
            .find(|k| canonical(k) == n)
            .or_else(|| aliases().find(|(a, _)| canonical(a) == n).map(|(_, c)| c)),
    };
    found.map(str::to_string)
}
