//! The playground's state: what the user typed and chose. Share links
//! (`share.rs`) serialise it; examples (`examples.rs`) fill it in.

use serde::{Deserialize, Deserializer, Serialize};
use tftype::i18n::Lang;
use tftype::{Request, ValueFormat};

/// How the value text is read. The names are part of the share-link format
/// (`v1`): never rename them. A name this version does not know reads as
/// the default (a link from a later version keeps the rest of its state).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// An HCL expression, as in a module argument.
    #[default]
    Hcl,
    /// The right-hand side of an attribute in a `.tfvars` file.
    Tfvars,
    /// A property of a `.tfvars.json` file.
    Json,
    /// `-var="NAME=..."` on the command line (and `TF_VAR_NAME`).
    Cli,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Hcl, Format::Tfvars, Format::Json, Format::Cli];

    /// The short label on the format selector.
    pub fn label(self, lang: Lang) -> &'static str {
        tftype::i18n::text(lang, &format!("ui.format.{}", self.key()))
    }

    /// A longer description (the selector's tooltip and accessible text).
    pub fn description(self, lang: Lang) -> String {
        tftype::i18n::text(lang, &format!("ui.format.{}.description", self.key())).to_string()
    }

    /// The stable key used in `<option value=...>` and share links.
    pub fn key(self) -> &'static str {
        match self {
            Format::Hcl => "hcl",
            Format::Tfvars => "tfvars",
            Format::Json => "json",
            Format::Cli => "cli",
        }
    }

    pub fn from_key(key: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.key() == key)
    }

    /// The language the value editor highlights.
    pub fn editor_language(self) -> &'static str {
        match self {
            Format::Json => "json",
            _ => "hcl",
        }
    }

    pub fn value_format(self) -> ValueFormat {
        match self {
            Format::Hcl => ValueFormat::Hcl,
            Format::Tfvars => ValueFormat::Tfvars,
            Format::Json => ValueFormat::Json,
            Format::Cli => ValueFormat::Cli,
        }
    }
}

/// The result tab on show. The names are part of the share-link format.
/// An unknown name (a link from a later version) falls back to the console.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Tab {
    /// The console text, or the error when the value is not accepted.
    #[default]
    Console,
    Json,
    Type,
    Explain,
    /// The same inputs under every Terraform and OpenTofu version.
    Versions,
}

impl Tab {
    pub const ALL: [Tab; 5] = [Tab::Console, Tab::Json, Tab::Type, Tab::Explain, Tab::Versions];

    pub fn key(self) -> &'static str {
        match self {
            Tab::Console => "console",
            Tab::Json => "json",
            Tab::Type => "type",
            Tab::Explain => "explain",
            Tab::Versions => "versions",
        }
    }

    /// The tab's label; the first tab shows the error when there is one.
    /// (The `explain` tab is labelled "Why": its key stays, for old links.)
    pub fn label(self, ok: bool, lang: Lang) -> &'static str {
        let key = match self {
            Tab::Console if ok => "ui.tab.console",
            Tab::Console => "ui.tab.error",
            Tab::Json => "ui.tab.json",
            Tab::Type => "ui.tab.type",
            Tab::Explain => "ui.tab.why",
            Tab::Versions => "ui.tab.versions",
        };
        tftype::i18n::text(lang, key)
    }

    /// Whether the tab has something to show for this result (JSON and type
    /// exist only for an accepted value).
    pub fn available(self, ok: bool) -> bool {
        ok || !matches!(self, Tab::Json | Tab::Type)
    }

    pub fn from_key(key: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.key() == key)
    }
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Format, D::Error> {
        let s = String::deserialize(d)?;
        Ok(Format::from_key(&s).unwrap_or_default())
    }
}

/// A link's language: one this version does not know is the reader's own.
fn lenient_lang<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Lang>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.as_deref().and_then(Lang::parse))
}

impl<'de> Deserialize<'de> for Tab {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tab, D::Error> {
        let s = String::deserialize(d)?;
        Ok(Tab::from_key(&s).unwrap_or_default())
    }
}

/// Everything a share link restores. The serde names are the `v1` link
/// format: add fields (with defaults) freely, never rename or remove one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The type constraint's source; empty (or blank) = no `type` argument.
    #[serde(rename = "type", default)]
    pub type_src: String,
    #[serde(default)]
    pub value: String,
    #[serde(default)]
    pub format: Format,
    #[serde(default = "yes")]
    pub nullable: bool,
    #[serde(default)]
    pub sensitive: bool,
    /// The variable's name in Terraform's messages (`var.NAME`).
    #[serde(rename = "name", default = "default_var_name")]
    pub var_name: String,
    #[serde(default)]
    pub tab: Tab,
    /// The product version (`opentofu@1.8`). Links made before flavors
    /// existed have none: they mean [`tftype::link::OLD_LINK_FLAVOR`], not
    /// the default of the day.
    #[serde(default = "old_link_flavor")]
    pub flavor: String,
    /// The language of tftype's own words; None: the reader's own (links
    /// made before languages existed have none).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "lenient_lang")]
    pub lang: Option<Lang>,
}

fn yes() -> bool {
    true
}

pub fn default_flavor() -> String {
    tftype::flavor::DEFAULT.to_string()
}

/// The flavor of a link that names none.
fn old_link_flavor() -> String {
    tftype::link::OLD_LINK_FLAVOR.to_string()
}

pub const DEFAULT_VAR_NAME: &str = "v";

fn default_var_name() -> String {
    DEFAULT_VAR_NAME.to_string()
}

impl Default for State {
    fn default() -> State {
        State {
            type_src: String::new(),
            value: String::new(),
            format: Format::Hcl,
            nullable: true,
            sensitive: false,
            var_name: default_var_name(),
            tab: Tab::Console,
            flavor: default_flavor(),
            lang: None,
        }
    }
}

impl State {
    /// The engine request for this state. A blank type box means "no type
    /// argument"; a blank variable name falls back to `v`.
    /// The state a hand-written link (`?type=…&value=…`, see
    /// `tftype::link`) describes; None when the query has neither.
    pub fn from_query(search: &str) -> Option<State> {
        let (req, extras) = tftype::link::parse(search)?;
        Some(State {
            tab: extras.tab.as_deref().and_then(Tab::from_key).unwrap_or_default(),
            lang: extras.lang.as_deref().and_then(Lang::parse),
            ..State::of_request(req)
        })
    }

    /// The state that asks for `req` ([`State::request`] read back), on
    /// the first tab.
    pub fn of_request(req: Request) -> State {
        State {
            type_src: req.type_src.unwrap_or_default(),
            value: req.value,
            format: Format::ALL.into_iter().find(|f| f.value_format() == req.value_format).unwrap_or_default(),
            nullable: req.nullable,
            sensitive: req.sensitive,
            var_name: req.var_name,
            tab: Tab::default(),
            flavor: req.flavor.unwrap_or_else(default_flavor),
            lang: req.lang,
        }
    }

    pub fn request(&self) -> Request {
        let ty = if self.type_src.trim().is_empty() { None } else { Some(self.type_src.as_str()) };
        let mut req = Request::new(ty, &self.value);
        req.value_format = self.format.value_format();
        req.lang = self.lang;
        req.nullable = self.nullable;
        req.sensitive = self.sensitive;
        let name = self.var_name.trim();
        req.var_name = if name.is_empty() { DEFAULT_VAR_NAME.to_string() } else { name.to_string() };
        req.flavor = Some(self.flavor.clone());
        req
    }

    /// The state's flavor (the default one when the name is unknown).
    pub fn flavor(&self) -> &'static tftype::flavor::Flavor {
        tftype::flavor::Flavor::lookup(&self.flavor).unwrap_or_else(tftype::flavor::Flavor::default_flavor)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_hand_written_link_gives_its_state() {
        let s = State::from_query(
            "?type=list(string)&value=%5B%22a%22%5D&format=json&name=ids&tab=type&flavor=opentofu@1.8",
        )
        .unwrap();
        assert_eq!((s.type_src.as_str(), s.value.as_str(), s.format), ("list(string)", "[\"a\"]", Format::Json));
        assert_eq!((s.var_name.as_str(), s.tab, s.flavor.as_str()), ("ids", Tab::Type, "opentofu@1.8"));
        assert!(State::from_query("?embed=1").is_none());
        // Every link `tftype link` makes reads back as the state it describes.
        let mut req = Request::new(Some("number"), "1");
        req.value_format = ValueFormat::Cli;
        let url = tftype::link::url("https://x/", &req, &tftype::link::Extras::default());
        let s = State::from_query(url.split_once('?').unwrap().1).unwrap();
        assert_eq!(s.request().value_format, ValueFormat::Cli);
        assert_eq!(s.flavor, default_flavor());
        // A link without a flavor was made for the old links' flavor.
        assert_eq!(State::from_query("?type=number&value=1").unwrap().flavor, tftype::link::OLD_LINK_FLAVOR);
    }

    /// A Module view's variable opens in the one-variable view as the
    /// state its request reads back to.
    #[test]
    fn a_request_reads_back_to_its_state() {
        let s = State {
            type_src: "list(string)".into(),
            value: "[\"a\"]".into(),
            format: Format::Json,
            nullable: false,
            sensitive: true,
            var_name: "ids".into(),
            flavor: "opentofu@1.8".into(),
            lang: Some(Lang::Ja),
            ..State::default()
        };
        assert_eq!(State::of_request(s.request()), s);
    }

    use super::*;

    #[test]
    fn blank_type_box_means_no_type_argument() {
        let s = State { type_src: "  \n".into(), value: "1".into(), ..State::default() };
        assert_eq!(s.request().type_src, None);
        let s = State { type_src: "number".into(), ..s };
        assert_eq!(s.request().type_src.as_deref(), Some("number"));
    }

    #[test]
    fn blank_variable_name_falls_back_to_v() {
        let s = State { var_name: " ".into(), ..State::default() };
        assert_eq!(s.request().var_name, "v");
        let s = State { var_name: " image_id ".into(), ..State::default() };
        assert_eq!(s.request().var_name, "image_id");
    }

    #[test]
    fn options_reach_the_request() {
        let s = State { format: Format::Cli, nullable: false, sensitive: true, ..State::default() };
        let r = s.request();
        assert_eq!((r.value_format, r.nullable, r.sensitive), (ValueFormat::Cli, false, true));
    }

    #[test]
    fn format_and_tab_keys_round_trip() {
        for f in Format::ALL {
            assert_eq!(Format::from_key(f.key()), Some(f));
            assert_eq!(serde_json::to_string(&f).unwrap(), format!("\"{}\"", f.key()));
        }
        for t in Tab::ALL {
            assert_eq!(Tab::from_key(t.key()), Some(t));
            assert_eq!(serde_json::to_string(&t).unwrap(), format!("\"{}\"", t.key()));
        }
        assert_eq!(Format::from_key("yaml"), None);
    }

    #[test]
    fn unknown_tab_name_falls_back_to_console() {
        let t: Tab = serde_json::from_str("\"diagram\"").unwrap();
        assert_eq!(t, Tab::Console);
    }

    #[test]
    fn only_json_format_uses_the_json_editor_language() {
        let langs: Vec<_> = Format::ALL.iter().map(|f| f.editor_language()).collect();
        assert_eq!(langs, ["hcl", "hcl", "json", "hcl"]);
    }
}

#[cfg(test)]
mod flavor_tests {
    use super::*;

    /// A share link from before flavors existed keeps the answers it was
    /// made with, whatever the default flavor is now; a new page starts on
    /// the default.
    #[test]
    fn a_state_without_a_flavor_means_the_old_links_flavor() {
        let s: State = serde_json::from_str(r#"{"type":"number","value":"1"}"#).unwrap();
        assert_eq!(s.flavor, tftype::link::OLD_LINK_FLAVOR);
        assert_eq!(s.request().flavor.as_deref(), Some(tftype::link::OLD_LINK_FLAVOR));
        assert_eq!(State::default().flavor, tftype::flavor::DEFAULT);
    }

    #[test]
    fn the_flavor_reaches_the_request() {
        let s = State { flavor: "opentofu@1.8".into(), ..State::default() };
        assert_eq!(s.request().flavor.as_deref(), Some("opentofu@1.8"));
        assert_eq!(s.flavor().label(), "OpenTofu 1.8");
    }
}
