//! The example gallery: every case of the documentation corpus
//! (`core/tests/conformance/docs.jsonl`), grouped by topic, each with a
//! title and a one-line lesson. Choosing one fills both editors and the
//! options. A test keeps this list identical to the corpus.

use tftype::i18n::Lang;

use crate::model::{Format, State, Tab};

/// A gallery section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    Primitives,
    Collections,
    Structural,
    Any,
    Optional,
    Null,
    Formats,
    Errors,
    /// Surprises taken from users' reports (issue trackers), each linked.
    Confusions,
}

impl Group {
    /// In the order the gallery shows them.
    pub const ALL: [Group; 9] = [
        Group::Confusions,
        Group::Primitives,
        Group::Collections,
        Group::Structural,
        Group::Any,
        Group::Optional,
        Group::Null,
        Group::Formats,
        Group::Errors,
    ];

    /// The group's key in the catalogs (`group.KEY`).
    pub fn key(self) -> &'static str {
        match self {
            Group::Primitives => "primitives",
            Group::Collections => "collections",
            Group::Structural => "structural",
            Group::Any => "any",
            Group::Optional => "optional",
            Group::Null => "null",
            Group::Formats => "formats",
            Group::Errors => "errors",
            Group::Confusions => "confusions",
        }
    }

    pub fn label(self, lang: Lang) -> String {
        tftype::i18n::text(lang, &format!("group.{}", self.key())).to_string()
    }
}

/// One example: the inputs of a docs case plus what it teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The docs.jsonl case id (also the example's stable key).
    pub id: &'static str,
    pub group: Group,
    /// None = no `type` argument.
    pub type_src: Option<&'static str>,
    pub value: &'static str,
    pub format: Format,
    pub nullable: bool,
    pub sensitive: bool,
    /// The user report it comes from (confusions only).
    pub url: Option<&'static str>,
}

impl Example {
    /// The example's title, from the catalogs (`example.ID.title`).
    pub fn title(&self, lang: Lang) -> String {
        tftype::i18n::text(lang, &format!("{}.{}.title", self.catalog_prefix(), self.id)).to_string()
    }

    /// What it teaches, in one line (`example.ID.lesson`).
    pub fn lesson(&self, lang: Lang) -> String {
        tftype::i18n::text(lang, &format!("{}.{}.lesson", self.catalog_prefix(), self.id)).to_string()
    }

    fn catalog_prefix(&self) -> &'static str {
        if self.group == Group::Confusions {
            "confusion"
        } else {
            "example"
        }
    }

    /// The playground state this example sets (variable name `v`, console tab).
    pub fn state(&self) -> State {
        State {
            type_src: self.type_src.unwrap_or("").to_string(),
            value: self.value.to_string(),
            format: self.format,
            nullable: self.nullable,
            sensitive: self.sensitive,
            tab: Tab::Console,
            ..State::default()
        }
    }
}

/// What the page shows first (and after a link that cannot be read): a list
/// of objects with an optional attribute and a default, and a number given
/// as a string.
pub const DEFAULT: Example = Example {
    id: "start",
    group: Group::Optional,
    type_src: Some("list(object({\n  name = string\n  port = optional(number, 80)\n}))"),
    value: "[\n  { name = \"web\" },\n  { name = \"api\", port = \"8080\" },\n]",
    format: Format::Hcl,
    nullable: true,
    sensitive: false,
    url: None,
};

#[cfg_attr(not(test), allow(dead_code))]
pub fn by_id(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().chain(confusions().iter()).find(|e| e.id == id)
}

/// The examples of one group, in gallery order.
pub fn in_group(group: Group) -> impl Iterator<Item = &'static Example> {
    EXAMPLES.iter().chain(confusions().iter()).filter(move |e| e.group == group)
}

/// The confusions gallery (`confusions.json`): surprises users reported,
/// each with the link to the report; titles and lessons are in the catalogs.
pub fn confusions() -> &'static [Example] {
    #[derive(serde::Deserialize)]
    struct Raw {
        id: String,
        #[serde(rename = "type")]
        type_src: String,
        value: String,
        format: Format,
        url: String,
    }
    static LIST: std::sync::OnceLock<Vec<Example>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        let raw: Vec<Raw> = serde_json::from_str(include_str!("confusions.json")).unwrap_or_default();
        let keep = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        raw.into_iter()
            .map(|r| Example {
                id: keep(r.id),
                group: Group::Confusions,
                type_src: Some(keep(r.type_src)),
                value: keep(r.value),
                format: r.format,
                nullable: true,
                sensitive: false,
                url: Some(keep(r.url)),
            })
            .collect()
    })
}

/// Every docs case, grouped (the groups appear in `Group::ALL` order).
pub static EXAMPLES: &[Example] = &[
    Example {
        id: "docs/primitive/string",
        group: Group::Primitives,
        type_src: Some("string"),
        value: "\"hello\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/primitive/number-int",
        group: Group::Primitives,
        type_src: Some("number"),
        value: "15",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/primitive/number-frac",
        group: Group::Primitives,
        type_src: Some("number"),
        value: "6.283185",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/primitive/bool",
        group: Group::Primitives,
        type_src: Some("bool"),
        value: "true",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/true-to-string",
        group: Group::Primitives,
        type_src: Some("string"),
        value: "true",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/false-to-string",
        group: Group::Primitives,
        type_src: Some("string"),
        value: "false",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/15-to-string",
        group: Group::Primitives,
        type_src: Some("string"),
        value: "15",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/string-true-to-bool",
        group: Group::Primitives,
        type_src: Some("bool"),
        value: "\"true\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/string-false-to-bool",
        group: Group::Primitives,
        type_src: Some("bool"),
        value: "\"false\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/string-15-to-number",
        group: Group::Primitives,
        type_src: Some("number"),
        value: "\"15\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/list/strings",
        group: Group::Collections,
        type_src: Some("list(string)"),
        value: "[\"a\", \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/list/keyword",
        group: Group::Collections,
        type_src: Some("list"),
        value: "[\"a\", \"b\", \"c\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/list/keyword-mixed",
        group: Group::Collections,
        type_src: Some("list"),
        value: "[\"a\", 1, \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/map/keyword",
        group: Group::Collections,
        type_src: Some("map"),
        value: "{a = \"x\", b = \"y\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/map/colon-syntax",
        group: Group::Collections,
        type_src: Some("map(string)"),
        value: "{ \"foo\": \"bar\", \"bar\": \"baz\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/map/equals-syntax",
        group: Group::Collections,
        type_src: Some("map(string)"),
        value: "{ foo = \"bar\", bar = \"baz\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/map/multiline",
        group: Group::Collections,
        type_src: Some("map(string)"),
        value: "{\n  foo = \"bar\"\n  bar = \"baz\"\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/map/quoted-key-number",
        group: Group::Collections,
        type_src: Some("map(string)"),
        value: "{ \"1st\" = \"a\", \"with space\" = \"b\", \"ünï\" = \"c\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/set/unique",
        group: Group::Collections,
        type_src: Some("set(string)"),
        value: "[\"a\", \"b\", \"a\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/object-map-object-lossy",
        group: Group::Collections,
        type_src: Some("map(string)"),
        value: "{ name = \"John\", age = 52 }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/tuple-to-set-dedup",
        group: Group::Collections,
        type_src: Some("set(string)"),
        value: "[\"b\", \"a\", \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/list-to-set-dedup",
        group: Group::Collections,
        type_src: Some("set(string)"),
        value: "tolist([\"b\", \"a\", \"b\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/set-to-list-strings",
        group: Group::Collections,
        type_src: Some("list(string)"),
        value: "toset([\"b\", \"c\", \"a\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/set-to-list-numbers",
        group: Group::Collections,
        type_src: Some("list(number)"),
        value: "toset([10, 2, 1.5, -3])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/list-string-from-mixed-tuple",
        group: Group::Collections,
        type_src: Some("list(string)"),
        value: "[\"a\", 15, true]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/types/set-default",
        group: Group::Collections,
        type_src: Some("set(string)"),
        value: "[\"foo\", \"bar\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/availability_zone_names-default",
        group: Group::Collections,
        type_src: Some("list(string)"),
        value: "[\"us-west-1a\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/object/name-age",
        group: Group::Structural,
        type_src: Some("object({ name=string, age=number })"),
        value: "{\n  name = \"John\"\n  age  = 52\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/object/extra-attrs-discarded",
        group: Group::Structural,
        type_src: Some("object({ id=string, cidr_block=string })"),
        value: "{\n  id = \"vpc-0123456789\"\n  cidr_block = \"10.0.0.0/16\"\n  arn = \"arn:aws:ec2:us-east-1:123456789012:vpc/vpc-0123456789\"\n  enable_dns_support = true\n  tags = {}\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/tuple/string-number-bool",
        group: Group::Structural,
        type_src: Some("tuple([string, number, bool])"),
        value: "[\"a\", 15, true]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/tuple/element-conversion",
        group: Group::Structural,
        type_src: Some("tuple([string, number, bool])"),
        value: "[1, \"15\", \"true\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/map-to-object",
        group: Group::Structural,
        type_src: Some("object({ name=string, age=number })"),
        value: "tomap({ name = \"John\", age = \"52\", extra = \"x\" })",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/list-to-tuple",
        group: Group::Structural,
        type_src: Some("tuple([string, string])"),
        value: "tolist([\"a\", \"b\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/set-to-tuple",
        group: Group::Structural,
        type_src: Some("tuple([string, string])"),
        value: "toset([\"b\", \"a\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/types/object-literal",
        group: Group::Structural,
        type_src: Some("any"),
        value: "{\n  name = \"John\"\n  age  = 52\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/docker_ports-default",
        group: Group::Structural,
        type_src: Some("list(object({\n    internal = number\n    external = number\n    protocol = string\n  }))"),
        value: "[\n    {\n      internal = 8300\n      external = 8300\n      protocol = \"tcp\"\n    }\n  ]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/settings-object",
        group: Group::Any,
        type_src: Some("any"),
        value: "{\n  bucket = \"example\"\n  versioning = { enabled = true }\n  lifecycle_rules = [{ days = 30 }, { days = 90 }]\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/list-abc",
        group: Group::Any,
        type_src: Some("list(any)"),
        value: "[\"a\", \"b\", \"c\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/list-a1b",
        group: Group::Any,
        type_src: Some("list(any)"),
        value: "[\"a\", 1, \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/list-a-empty-b",
        group: Group::Any,
        type_src: Some("list(any)"),
        value: "[\"a\", [], \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/map-abc",
        group: Group::Any,
        type_src: Some("map(any)"),
        value: "{x = \"a\", y = \"b\", z = \"c\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/map-a1b",
        group: Group::Any,
        type_src: Some("map(any)"),
        value: "{x = \"a\", y = 1, z = \"b\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/map-a-empty-b",
        group: Group::Any,
        type_src: Some("map(any)"),
        value: "{x = \"a\", y = [], z = \"b\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/set-abc",
        group: Group::Any,
        type_src: Some("set(any)"),
        value: "[\"a\", \"b\", \"c\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/set-a1b",
        group: Group::Any,
        type_src: Some("set(any)"),
        value: "[\"a\", 1, \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/set-a-empty-b",
        group: Group::Any,
        type_src: Some("set(any)"),
        value: "[\"a\", [], \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/any/list-numbers-bools",
        group: Group::Any,
        type_src: Some("list(any)"),
        value: "[1, true]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/no-type-any-value",
        group: Group::Any,
        type_src: None,
        value: "{ a = [1, \"x\"] }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/only-required",
        group: Group::Optional,
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = \"x\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/all-set",
        group: Group::Optional,
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = \"x\", b = \"y\", c = 1 }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/explicit-null",
        group: Group::Optional,
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = \"x\", b = null, c = null }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/default-converted",
        group: Group::Optional,
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = 1, c = \"5\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/buckets",
        group: Group::Optional,
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"production\"\n    website = {\n      routing_rules = <<-EOT\n      [\n        {\n          \"Condition\" = { \"KeyPrefixEquals\": \"img/\" },\n          \"Redirect\"  = { \"ReplaceKeyPrefixWith\": \"images/\" }\n        }\n      ]\n      EOT\n    }\n  },\n  {\n    name = \"archived\"\n    enabled = false\n  },\n  {\n    name = \"docs\"\n    website = {\n      index_document = \"index.txt\"\n      error_document = \"error.txt\"\n    }\n  },\n]",
        format: Format::Tfvars,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/buckets-hcl",
        group: Group::Optional,
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"production\"\n    website = {\n      routing_rules = <<-EOT\n      [\n        {\n          \"Condition\" = { \"KeyPrefixEquals\": \"img/\" },\n          \"Redirect\"  = { \"ReplaceKeyPrefixWith\": \"images/\" }\n        }\n      ]\n      EOT\n    }\n  },\n  {\n    name = \"archived\"\n    enabled = false\n  },\n  {\n    name = \"docs\"\n    website = {\n      index_document = \"index.txt\"\n      error_document = \"error.txt\"\n    }\n  },\n]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/conditional-legacy-false",
        group: Group::Optional,
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"maybe_legacy\"\n    website = {\n      error_document = false ? \"ERROR.HTM\" : null\n      index_document = false ? \"INDEX.HTM\" : null\n    }\n  },\n]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/conditional-legacy-true",
        group: Group::Optional,
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"maybe_legacy\"\n    website = {\n      error_document = true ? \"ERROR.HTM\" : null\n      index_document = true ? \"INDEX.HTM\" : null\n    }\n  },\n]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/legacy-filenames-var",
        group: Group::Optional,
        type_src: Some("bool"),
        value: "false",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/types/null",
        group: Group::Null,
        type_src: Some("string"),
        value: "null",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/nullable-true-null",
        group: Group::Null,
        type_src: Some("string"),
        value: "null",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/nullable-false-nested-null",
        group: Group::Null,
        type_src: Some("list(string)"),
        value: "[\"a\", null]",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/nullable-false-object-null-attr",
        group: Group::Null,
        type_src: Some("object({a=string})"),
        value: "{ a = null }",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/sensitive-console",
        group: Group::Null,
        type_src: Some("string"),
        value: "\"s3cr3t\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: true,
        url: None,
    },
    Example {
        id: "docs/vars/image_id",
        group: Group::Formats,
        type_src: Some("string"),
        value: "\"ami-abc123\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/tfvars-availability_zone_names",
        group: Group::Formats,
        type_src: Some("list(string)"),
        value: "[\n  \"us-east-1a\",\n  \"us-west-1c\",\n]",
        format: Format::Tfvars,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/tfvars-image_id",
        group: Group::Formats,
        type_src: Some("string"),
        value: "\"ami-abc123\"",
        format: Format::Tfvars,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/json-image_id",
        group: Group::Formats,
        type_src: Some("string"),
        value: "\"ami-abc123\"",
        format: Format::Json,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/json-availability_zone_names",
        group: Group::Formats,
        type_src: Some("list(string)"),
        value: "[\"us-west-1a\", \"us-west-1c\"]",
        format: Format::Json,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/cli-image_id",
        group: Group::Formats,
        type_src: Some("string"),
        value: "ami-abc123",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/cli-image_id_list",
        group: Group::Formats,
        type_src: Some("list(string)"),
        value: "[\"ami-abc123\",\"ami-def456\"]",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/cli-instance_type",
        group: Group::Formats,
        type_src: Some("string"),
        value: "t2.micro",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/cli-image_id_map",
        group: Group::Formats,
        type_src: Some("map(string)"),
        value: "{\"us-east-1\":\"ami-abc123\",\"us-east-2\":\"ami-def456\"}",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/env-image_id",
        group: Group::Formats,
        type_src: Some("string"),
        value: "ami-abc123",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/env-availability_zone_names",
        group: Group::Formats,
        type_src: Some("list(string)"),
        value: "[\"us-west-1b\",\"us-west-1d\"]",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/no-type-cli-literal",
        group: Group::Formats,
        type_src: None,
        value: "[\"a\"]",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/string-not-number",
        group: Group::Errors,
        type_src: Some("number"),
        value: "\"fifteen\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/string-not-bool",
        group: Group::Errors,
        type_src: Some("bool"),
        value: "\"yes\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/list/not-numbers",
        group: Group::Errors,
        type_src: Some("list(number)"),
        value: "[\"a\", \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/object/missing-attr",
        group: Group::Errors,
        type_src: Some("object({ name=string, age=number })"),
        value: "{ name = \"John\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/tuple/too-many",
        group: Group::Errors,
        type_src: Some("tuple([string, number, bool])"),
        value: "[\"a\", 15, true, \"extra\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/tuple/too-few",
        group: Group::Errors,
        type_src: Some("tuple([string, number, bool])"),
        value: "[\"a\", 15]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/map-to-object-missing",
        group: Group::Errors,
        type_src: Some("object({ name=string, age=number })"),
        value: "tomap({ name = \"John\" })",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/list-to-tuple-wrong-length",
        group: Group::Errors,
        type_src: Some("tuple([string, string])"),
        value: "tolist([\"a\", \"b\", \"c\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/conv/map-string-vs-object-with-tuple",
        group: Group::Errors,
        type_src: Some("map(string)"),
        value: "{name = [\"Kristy\", \"Claudia\", \"Mary Anne\", \"Stacey\"], age = 12}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/optional/missing-required",
        group: Group::Errors,
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ b = \"y\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/nullable-false-null",
        group: Group::Errors,
        type_src: Some("string"),
        value: "null",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/nullable-false-cli-null",
        group: Group::Errors,
        type_src: Some("list(string)"),
        value: "null",
        format: Format::Cli,
        nullable: false,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/vars/sensitive-error",
        group: Group::Errors,
        type_src: Some("number"),
        value: "\"s3cr3t\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: true,
        url: None,
    },
    Example {
        id: "docs/legacy/quoted-string",
        group: Group::Errors,
        type_src: Some("\"string\""),
        value: "\"x\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/legacy/quoted-list",
        group: Group::Errors,
        type_src: Some("\"list\""),
        value: "[\"x\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/legacy/quoted-map",
        group: Group::Errors,
        type_src: Some("\"map\""),
        value: "{a = \"x\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
    Example {
        id: "docs/legacy/quoted-other",
        group: Group::Errors,
        type_src: Some("\"number\""),
        value: "1",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
        url: None,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const DOCS: &str = include_str!("../../core/tests/conformance/docs.jsonl");

    fn docs() -> Vec<serde_json::Value> {
        DOCS.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn every_docs_case_is_in_the_gallery_exactly_once() {
        let ids: Vec<&str> = EXAMPLES.iter().map(|e| e.id).collect();
        let unique: HashSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "duplicate ids in the gallery");
        let cases = docs();
        for c in &cases {
            let id = c["id"].as_str().unwrap();
            assert!(unique.contains(id), "{id} is missing from the gallery");
        }
        assert_eq!(
            ids.len(),
            cases.len(),
            "the gallery has examples that are not docs cases"
        );
    }

    #[test]
    fn examples_carry_the_docs_inputs_unchanged() {
        for c in docs() {
            let id = c["id"].as_str().unwrap();
            let e = by_id(id).unwrap();
            assert_eq!(
                e.type_src,
                c.get("type").map(|t| t.as_str().unwrap()),
                "{id}: type"
            );
            assert_eq!(e.value, c["value"].as_str().unwrap(), "{id}: value");
            let fmt = c.get("value_format").map_or("hcl", |f| f.as_str().unwrap());
            assert_eq!(e.format.key(), fmt, "{id}: value_format");
            assert_eq!(
                e.nullable,
                c.get("nullable").is_none_or(|v| v.as_bool().unwrap()),
                "{id}: nullable"
            );
            assert_eq!(
                e.sensitive,
                c.get("sensitive").is_some_and(|v| v.as_bool().unwrap()),
                "{id}: sensitive"
            );
        }
    }

    #[test]
    fn groups_are_contiguous_and_in_gallery_order() {
        let order: Vec<usize> = EXAMPLES
            .iter()
            .map(|e| Group::ALL.iter().position(|g| *g == e.group).unwrap())
            .collect();
        assert!(
            order.windows(2).all(|w| w[0] <= w[1]),
            "examples of one group must be together, in Group::ALL order"
        );
        for g in Group::ALL {
            assert!(
                in_group(g).count() >= 3,
                "{} has fewer than 3 examples",
                g.label(Lang::En)
            );
        }
    }

    #[test]
    fn every_example_has_a_short_title_and_a_one_line_lesson_in_every_language() {
        for lang in Lang::ALL {
            for e in EXAMPLES.iter().chain([&DEFAULT]).chain(confusions()) {
                let (title, lesson) = (e.title(lang), e.lesson(lang));
                assert!(!title.is_empty() && title.chars().count() <= 60, "{lang:?} {}: title {title:?}", e.id);
                assert!(!lesson.is_empty() && !lesson.contains('\n'), "{lang:?} {}: lesson", e.id);
                assert!(lesson.chars().count() <= 200, "{lang:?} {}: lesson too long", e.id);
            }
        }
    }

    #[test]
    fn titles_are_unique() {
        let titles: HashSet<String> = EXAMPLES.iter().map(|e| e.title(Lang::En)).collect();
        assert_eq!(titles.len(), EXAMPLES.len());
    }

    #[test]
    fn the_confusions_gallery_has_at_least_15_reports_each_linked() {
        let c = confusions();
        assert!(c.len() >= 15, "{}", c.len());
        for e in c {
            let url = e.url.unwrap_or("");
            assert!(url.starts_with("https://github.com/hashicorp/terraform/issues/") || url.starts_with("https://github.com/opentofu/opentofu/issues/"), "{}: {url}", e.id);
        }
    }

    #[test]
    fn example_state_sets_the_inputs_and_options() {
        let e = by_id("docs/vars/nullable-false-cli-null").unwrap();
        let s = e.state();
        assert_eq!(
            (s.type_src.as_str(), s.value.as_str()),
            ("list(string)", "null")
        );
        assert_eq!(
            (s.format, s.nullable, s.sensitive),
            (Format::Cli, false, false)
        );
        let none = by_id("docs/vars/no-type-any-value").unwrap().state();
        assert_eq!(none.type_src, "");
        assert_eq!(none.request().type_src, None);
    }

    /// The error examples are the ones whose expected result is an error
    /// (checked against the oracle's expectations), so the group's name is
    /// honest; other groups may also hold failing examples.
    #[test]
    fn every_example_in_errors_fails_in_the_oracle() {
        let expected = include_str!("../../core/tests/conformance/docs.expected.jsonl");
        for line in expected.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let e = by_id(v["id"].as_str().unwrap()).unwrap();
            if e.group == Group::Errors {
                assert_eq!(v["ok"], false, "{} is in Errors but succeeds", e.id);
            }
        }
    }
}
