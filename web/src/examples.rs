//! The example gallery: every case of the documentation corpus
//! (`core/tests/conformance/docs.jsonl`), grouped by topic, each with a
//! title and a one-line lesson. Choosing one fills both editors and the
//! options. A test keeps this list identical to the corpus.

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
}

impl Group {
    /// In the order the gallery shows them.
    pub const ALL: [Group; 8] = [
        Group::Primitives,
        Group::Collections,
        Group::Structural,
        Group::Any,
        Group::Optional,
        Group::Null,
        Group::Formats,
        Group::Errors,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Group::Primitives => "Primitives",
            Group::Collections => "Collections",
            Group::Structural => "Structural types",
            Group::Any => "any",
            Group::Optional => "Optional attributes and defaults",
            Group::Null => "null, nullable and sensitive",
            Group::Formats => "Value formats and -var",
            Group::Errors => "Errors",
        }
    }
}

/// One example: the inputs of a docs case plus what it teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The docs.jsonl case id (also the example's stable key).
    pub id: &'static str,
    pub group: Group,
    pub title: &'static str,
    pub lesson: &'static str,
    /// None = no `type` argument.
    pub type_src: Option<&'static str>,
    pub value: &'static str,
    pub format: Format,
    pub nullable: bool,
    pub sensitive: bool,
}

impl Example {
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
    title: "Services with a default port",
    lesson: "port is optional with a default of 80; \"8080\" is converted to a number.",
    type_src: Some("list(object({\n  name = string\n  port = optional(number, 80)\n}))"),
    value: "[\n  { name = \"web\" },\n  { name = \"api\", port = \"8080\" },\n]",
    format: Format::Hcl,
    nullable: true,
    sensitive: false,
};

#[cfg_attr(not(test), allow(dead_code))]
pub fn by_id(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}

/// The examples of one group, in gallery order.
pub fn in_group(group: Group) -> impl Iterator<Item = &'static Example> {
    EXAMPLES.iter().filter(move |e| e.group == group)
}

/// Every docs case, grouped (the groups appear in `Group::ALL` order).
pub static EXAMPLES: &[Example] = &[
    Example {
        id: "docs/primitive/string",
        group: Group::Primitives,
        title: "A string",
        lesson: "A quoted string is already a string: it passes through unchanged.",
        type_src: Some("string"),
        value: "\"hello\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/primitive/number-int",
        group: Group::Primitives,
        title: "A whole number",
        lesson: "Numbers are written bare; Terraform keeps them exact.",
        type_src: Some("number"),
        value: "15",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/primitive/number-frac",
        group: Group::Primitives,
        title: "A fraction",
        lesson: "Fractions are numbers too, printed with every digit you gave.",
        type_src: Some("number"),
        value: "6.283185",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/primitive/bool",
        group: Group::Primitives,
        title: "A bool",
        lesson: "true and false are the two bool values.",
        type_src: Some("bool"),
        value: "true",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/true-to-string",
        group: Group::Primitives,
        title: "true → string",
        lesson: "A bool given where a string is wanted becomes the text \"true\".",
        type_src: Some("string"),
        value: "true",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/false-to-string",
        group: Group::Primitives,
        title: "false → string",
        lesson: "false turns into the string \"false\" just as quietly.",
        type_src: Some("string"),
        value: "false",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/15-to-string",
        group: Group::Primitives,
        title: "Number → string",
        lesson: "A number given for a string becomes its decimal text.",
        type_src: Some("string"),
        value: "15",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/string-true-to-bool",
        group: Group::Primitives,
        title: "\"true\" → bool",
        lesson: "The strings \"true\" and \"false\" convert back to bools.",
        type_src: Some("bool"),
        value: "\"true\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/string-false-to-bool",
        group: Group::Primitives,
        title: "\"false\" → bool",
        lesson: "\"false\" becomes the bool false.",
        type_src: Some("bool"),
        value: "\"false\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/string-15-to-number",
        group: Group::Primitives,
        title: "\"15\" → number",
        lesson: "A string that spells a number converts to that number.",
        type_src: Some("number"),
        value: "\"15\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/list/strings",
        group: Group::Collections,
        title: "list(string)",
        lesson: "A tuple literal in brackets becomes a list when the type asks for one.",
        type_src: Some("list(string)"),
        value: "[\"a\", \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/list/keyword",
        group: Group::Collections,
        title: "Bare `list`",
        lesson: "The bare keyword list means list(any): the element type is chosen from the value.",
        type_src: Some("list"),
        value: "[\"a\", \"b\", \"c\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/list/keyword-mixed",
        group: Group::Collections,
        title: "Bare `list`, mixed elements",
        lesson: "With list(any), a number among strings is converted to a string.",
        type_src: Some("list"),
        value: "[\"a\", 1, \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/map/keyword",
        group: Group::Collections,
        title: "Bare `map`",
        lesson: "The bare keyword map means map(any); here the elements are strings.",
        type_src: Some("map"),
        value: "{a = \"x\", b = \"y\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/map/colon-syntax",
        group: Group::Collections,
        title: "Map with colons",
        lesson: "Object literals may separate keys and values with a colon.",
        type_src: Some("map(string)"),
        value: "{ \"foo\": \"bar\", \"bar\": \"baz\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/map/equals-syntax",
        group: Group::Collections,
        title: "Map with equals signs",
        lesson: "The = form gives the very same map as the colon form.",
        type_src: Some("map(string)"),
        value: "{ foo = \"bar\", bar = \"baz\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/map/multiline",
        group: Group::Collections,
        title: "Multi-line map",
        lesson: "On separate lines, no commas are needed between map entries.",
        type_src: Some("map(string)"),
        value: "{\n  foo = \"bar\"\n  bar = \"baz\"\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/map/quoted-key-number",
        group: Group::Collections,
        title: "Quoted map keys",
        lesson: "Keys that start with a digit or hold spaces must be quoted; maps print sorted.",
        type_src: Some("map(string)"),
        value: "{ \"1st\" = \"a\", \"with space\" = \"b\", \"ünï\" = \"c\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/set/unique",
        group: Group::Collections,
        title: "set(string) drops duplicates",
        lesson: "A set keeps each distinct value once.",
        type_src: Some("set(string)"),
        value: "[\"a\", \"b\", \"a\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/object-map-object-lossy",
        group: Group::Collections,
        title: "Object → map(string)",
        lesson: "An object becomes a map when every attribute converts to the element type.",
        type_src: Some("map(string)"),
        value: "{ name = \"John\", age = 52 }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/tuple-to-set-dedup",
        group: Group::Collections,
        title: "Tuple → set",
        lesson: "Converting to a set removes duplicates and sorts strings.",
        type_src: Some("set(string)"),
        value: "[\"b\", \"a\", \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/list-to-set-dedup",
        group: Group::Collections,
        title: "List → set",
        lesson: "A real list converts to a set the same way.",
        type_src: Some("set(string)"),
        value: "tolist([\"b\", \"a\", \"b\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/set-to-list-strings",
        group: Group::Collections,
        title: "Set → list of strings",
        lesson: "A set of strings becomes a list in lexical order.",
        type_src: Some("list(string)"),
        value: "toset([\"b\", \"c\", \"a\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/set-to-list-numbers",
        group: Group::Collections,
        title: "Set → list of numbers",
        lesson: "Numbers in a set come out in numeric order.",
        type_src: Some("list(number)"),
        value: "toset([10, 2, 1.5, -3])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/list-string-from-mixed-tuple",
        group: Group::Collections,
        title: "Mixed tuple → list(string)",
        lesson: "Each element converts to string: 15 and true become \"15\" and \"true\".",
        type_src: Some("list(string)"),
        value: "[\"a\", 15, true]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/types/set-default",
        group: Group::Collections,
        title: "set(string) sorts",
        lesson: "Sets of strings are shown sorted, not in the order written.",
        type_src: Some("set(string)"),
        value: "[\"foo\", \"bar\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/availability_zone_names-default",
        group: Group::Collections,
        title: "A one-element list",
        lesson: "Brackets with one string make a list(string).",
        type_src: Some("list(string)"),
        value: "[\"us-west-1a\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/object/name-age",
        group: Group::Structural,
        title: "An object",
        lesson: "An object type names each attribute and its type.",
        type_src: Some("object({ name=string, age=number })"),
        value: "{\n  name = \"John\"\n  age  = 52\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/object/extra-attrs-discarded",
        group: Group::Structural,
        title: "Extra attributes are dropped",
        lesson: "A value with more attributes than the object type still fits; the extras vanish.",
        type_src: Some("object({ id=string, cidr_block=string })"),
        value: "{\n  id = \"vpc-0123456789\"\n  cidr_block = \"10.0.0.0/16\"\n  arn = \"arn:aws:ec2:us-east-1:123456789012:vpc/vpc-0123456789\"\n  enable_dns_support = true\n  tags = {}\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/tuple/string-number-bool",
        group: Group::Structural,
        title: "A tuple",
        lesson: "A tuple type fixes the length and the type of each position.",
        type_src: Some("tuple([string, number, bool])"),
        value: "[\"a\", 15, true]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/tuple/element-conversion",
        group: Group::Structural,
        title: "Tuple elements convert",
        lesson: "Each tuple position is converted to its own type.",
        type_src: Some("tuple([string, number, bool])"),
        value: "[1, \"15\", \"true\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/map-to-object",
        group: Group::Structural,
        title: "Map → object",
        lesson: "A map with at least the required keys converts to an object; other keys are dropped.",
        type_src: Some("object({ name=string, age=number })"),
        value: "tomap({ name = \"John\", age = \"52\", extra = \"x\" })",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/list-to-tuple",
        group: Group::Structural,
        title: "A list is not a tuple",
        lesson: "Despite what the docs suggest, a list value is rejected where a tuple is wanted.",
        type_src: Some("tuple([string, string])"),
        value: "tolist([\"a\", \"b\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/set-to-tuple",
        group: Group::Structural,
        title: "A set is not a tuple",
        lesson: "A set value is rejected where a tuple is wanted.",
        type_src: Some("tuple([string, string])"),
        value: "toset([\"b\", \"a\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/types/object-literal",
        group: Group::Structural,
        title: "Object literal, type any",
        lesson: "Under any, braces make an object, not a map.",
        type_src: Some("any"),
        value: "{\n  name = \"John\"\n  age  = 52\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/docker_ports-default",
        group: Group::Structural,
        title: "List of objects",
        lesson: "Each element of a list of objects is checked against the object type.",
        type_src: Some("list(object({\n    internal = number\n    external = number\n    protocol = string\n  }))"),
        value: "[\n    {\n      internal = 8300\n      external = 8300\n      protocol = \"tcp\"\n    }\n  ]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/settings-object",
        group: Group::Any,
        title: "`any` keeps the value",
        lesson: "With type = any, the value is accepted exactly as written.",
        type_src: Some("any"),
        value: "{\n  bucket = \"example\"\n  versioning = { enabled = true }\n  lifecycle_rules = [{ days = 30 }, { days = 90 }]\n}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/list-abc",
        group: Group::Any,
        title: "list(any) of strings",
        lesson: "list(any) picks the element type from the value: string.",
        type_src: Some("list(any)"),
        value: "[\"a\", \"b\", \"c\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/list-a1b",
        group: Group::Any,
        title: "list(any), string and number",
        lesson: "Mixed strings and numbers unify to string.",
        type_src: Some("list(any)"),
        value: "[\"a\", 1, \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/list-a-empty-b",
        group: Group::Any,
        title: "list(any), no common type",
        lesson: "A string and an empty tuple have no common type, so list(any) fails.",
        type_src: Some("list(any)"),
        value: "[\"a\", [], \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/map-abc",
        group: Group::Any,
        title: "map(any) of strings",
        lesson: "map(any) also takes its element type from the value.",
        type_src: Some("map(any)"),
        value: "{x = \"a\", y = \"b\", z = \"c\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/map-a1b",
        group: Group::Any,
        title: "map(any), string and number",
        lesson: "Map elements unify the same way: the number becomes \"1\".",
        type_src: Some("map(any)"),
        value: "{x = \"a\", y = 1, z = \"b\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/map-a-empty-b",
        group: Group::Any,
        title: "map(any), no common type",
        lesson: "A string and an empty tuple cannot share one map element type.",
        type_src: Some("map(any)"),
        value: "{x = \"a\", y = [], z = \"b\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/set-abc",
        group: Group::Any,
        title: "set(any) of strings",
        lesson: "set(any) chooses string for three strings.",
        type_src: Some("set(any)"),
        value: "[\"a\", \"b\", \"c\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/set-a1b",
        group: Group::Any,
        title: "set(any), string and number",
        lesson: "After unifying to string, \"1\" sorts before the letters.",
        type_src: Some("set(any)"),
        value: "[\"a\", 1, \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/set-a-empty-b",
        group: Group::Any,
        title: "set(any), no common type",
        lesson: "No single element type fits a string and an empty tuple.",
        type_src: Some("set(any)"),
        value: "[\"a\", [], \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/any/list-numbers-bools",
        group: Group::Any,
        title: "list(any) of number and bool",
        lesson: "Unifying only tries the element types present, and neither number nor bool converts to the other.",
        type_src: Some("list(any)"),
        value: "[1, true]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/no-type-any-value",
        group: Group::Any,
        title: "No type at all",
        lesson: "Without a type argument, any value is accepted as it is.",
        type_src: None,
        value: "{ a = [1, \"x\"] }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/only-required",
        group: Group::Optional,
        title: "Only the required attribute",
        lesson: "An omitted optional attribute is null, or its default when one is declared.",
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = \"x\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/all-set",
        group: Group::Optional,
        title: "Every attribute given",
        lesson: "Optional attributes that are given keep their values.",
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = \"x\", b = \"y\", c = 1 }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/explicit-null",
        group: Group::Optional,
        title: "Explicit null gets the default",
        lesson: "Setting an optional attribute to null also brings in its default.",
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = \"x\", b = null, c = null }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/default-converted",
        group: Group::Optional,
        title: "Given values convert",
        lesson: "Given attribute values are converted to the declared types.",
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ a = 1, c = \"5\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/buckets",
        group: Group::Optional,
        title: "Nested defaults (tfvars)",
        lesson: "Defaults apply at every level, including a default {} that gets its own defaults.",
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"production\"\n    website = {\n      routing_rules = <<-EOT\n      [\n        {\n          \"Condition\" = { \"KeyPrefixEquals\": \"img/\" },\n          \"Redirect\"  = { \"ReplaceKeyPrefixWith\": \"images/\" }\n        }\n      ]\n      EOT\n    }\n  },\n  {\n    name = \"archived\"\n    enabled = false\n  },\n  {\n    name = \"docs\"\n    website = {\n      index_document = \"index.txt\"\n      error_document = \"error.txt\"\n    }\n  },\n]",
        format: Format::Tfvars,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/buckets-hcl",
        group: Group::Optional,
        title: "Nested defaults (module argument)",
        lesson: "The same buckets value as a module argument gives the same result.",
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"production\"\n    website = {\n      routing_rules = <<-EOT\n      [\n        {\n          \"Condition\" = { \"KeyPrefixEquals\": \"img/\" },\n          \"Redirect\"  = { \"ReplaceKeyPrefixWith\": \"images/\" }\n        }\n      ]\n      EOT\n    }\n  },\n  {\n    name = \"archived\"\n    enabled = false\n  },\n  {\n    name = \"docs\"\n    website = {\n      index_document = \"index.txt\"\n      error_document = \"error.txt\"\n    }\n  },\n]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/conditional-legacy-false",
        group: Group::Optional,
        title: "Conditional null → default",
        lesson: "A condition that yields null leaves room for the default.",
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"maybe_legacy\"\n    website = {\n      error_document = false ? \"ERROR.HTM\" : null\n      index_document = false ? \"INDEX.HTM\" : null\n    }\n  },\n]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/conditional-legacy-true",
        group: Group::Optional,
        title: "Conditional value overrides",
        lesson: "When the condition yields a value, it replaces the default.",
        type_src: Some("list(object({\n    name    = string\n    enabled = optional(bool, true)\n    website = optional(object({\n      index_document = optional(string, \"index.html\")\n      error_document = optional(string, \"error.html\")\n      routing_rules  = optional(string)\n    }), {})\n  }))"),
        value: "[\n  {\n    name = \"maybe_legacy\"\n    website = {\n      error_document = true ? \"ERROR.HTM\" : null\n      index_document = true ? \"INDEX.HTM\" : null\n    }\n  },\n]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/legacy-filenames-var",
        group: Group::Optional,
        title: "A non-nullable bool",
        lesson: "nullable = false is fine as long as the value is not null.",
        type_src: Some("bool"),
        value: "false",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
    },
    Example {
        id: "docs/types/null",
        group: Group::Null,
        title: "null",
        lesson: "null is a valid value of every type while the variable is nullable.",
        type_src: Some("string"),
        value: "null",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/nullable-true-null",
        group: Group::Null,
        title: "nullable (the default) takes null",
        lesson: "Variables are nullable by default, so null is accepted.",
        type_src: Some("string"),
        value: "null",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/nullable-false-nested-null",
        group: Group::Null,
        title: "nullable only guards the top",
        lesson: "Nulls inside a list are fine even when nullable = false.",
        type_src: Some("list(string)"),
        value: "[\"a\", null]",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
    },
    Example {
        id: "docs/vars/nullable-false-object-null-attr",
        group: Group::Null,
        title: "Null attribute, nullable = false",
        lesson: "An attribute may be null; only the variable itself may not.",
        type_src: Some("object({a=string})"),
        value: "{ a = null }",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
    },
    Example {
        id: "docs/vars/sensitive-console",
        group: Group::Null,
        title: "A sensitive variable",
        lesson: "Sensitive values are hidden in console output.",
        type_src: Some("string"),
        value: "\"s3cr3t\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: true,
    },
    Example {
        id: "docs/vars/image_id",
        group: Group::Formats,
        title: "A string variable",
        lesson: "The simplest declaration: a string given as a quoted literal.",
        type_src: Some("string"),
        value: "\"ami-abc123\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/tfvars-availability_zone_names",
        group: Group::Formats,
        title: "tfvars: a list",
        lesson: "In a .tfvars file, a trailing comma after the last element is fine.",
        type_src: Some("list(string)"),
        value: "[\n  \"us-east-1a\",\n  \"us-west-1c\",\n]",
        format: Format::Tfvars,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/tfvars-image_id",
        group: Group::Formats,
        title: "tfvars: a string",
        lesson: "A .tfvars value is a literal expression.",
        type_src: Some("string"),
        value: "\"ami-abc123\"",
        format: Format::Tfvars,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/json-image_id",
        group: Group::Formats,
        title: "tfvars.json: a string",
        lesson: "In JSON, a string is written with double quotes.",
        type_src: Some("string"),
        value: "\"ami-abc123\"",
        format: Format::Json,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/json-availability_zone_names",
        group: Group::Formats,
        title: "tfvars.json: a list",
        lesson: "A JSON array converts to list(string) like an HCL tuple.",
        type_src: Some("list(string)"),
        value: "[\"us-west-1a\", \"us-west-1c\"]",
        format: Format::Json,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/cli-image_id",
        group: Group::Formats,
        title: "-var with a string",
        lesson: "For a primitive type, -var takes the text literally: no quotes needed.",
        type_src: Some("string"),
        value: "ami-abc123",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/cli-image_id_list",
        group: Group::Formats,
        title: "-var with a list",
        lesson: "For a complex type, -var parses the text as an HCL expression.",
        type_src: Some("list(string)"),
        value: "[\"ami-abc123\",\"ami-def456\"]",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/cli-instance_type",
        group: Group::Formats,
        title: "-var with dots",
        lesson: "t2.micro is taken as plain text, not an expression.",
        type_src: Some("string"),
        value: "t2.micro",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/cli-image_id_map",
        group: Group::Formats,
        title: "-var with a map",
        lesson: "A map on the command line is written like an HCL object.",
        type_src: Some("map(string)"),
        value: "{\"us-east-1\":\"ami-abc123\",\"us-east-2\":\"ami-def456\"}",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/env-image_id",
        group: Group::Formats,
        title: "TF_VAR_ string",
        lesson: "Environment variables are read exactly like -var.",
        type_src: Some("string"),
        value: "ami-abc123",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/env-availability_zone_names",
        group: Group::Formats,
        title: "TF_VAR_ list",
        lesson: "A list in an environment variable is parsed as HCL, as with -var.",
        type_src: Some("list(string)"),
        value: "[\"us-west-1b\",\"us-west-1d\"]",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/no-type-cli-literal",
        group: Group::Formats,
        title: "No type with -var",
        lesson: "Without a type, a -var value is a plain string, brackets and all.",
        type_src: None,
        value: "[\"a\"]",
        format: Format::Cli,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/string-not-number",
        group: Group::Errors,
        title: "\"fifteen\" is not a number",
        lesson: "Only strings that spell a number convert to one; words do not.",
        type_src: Some("number"),
        value: "\"fifteen\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/string-not-bool",
        group: Group::Errors,
        title: "\"yes\" is not a bool",
        lesson: "Only \"true\" and \"false\" convert to bool; \"yes\" is an error.",
        type_src: Some("bool"),
        value: "\"yes\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/list/not-numbers",
        group: Group::Errors,
        title: "list(number) given strings",
        lesson: "The element type matters: strings that are not numbers fail at [0].",
        type_src: Some("list(number)"),
        value: "[\"a\", \"b\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/object/missing-attr",
        group: Group::Errors,
        title: "Missing attribute",
        lesson: "Every attribute of an object type is required unless declared optional.",
        type_src: Some("object({ name=string, age=number })"),
        value: "{ name = \"John\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/tuple/too-many",
        group: Group::Errors,
        title: "Tuple: one element too many",
        lesson: "A tuple's length is exact; an extra element is an error.",
        type_src: Some("tuple([string, number, bool])"),
        value: "[\"a\", 15, true, \"extra\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/tuple/too-few",
        group: Group::Errors,
        title: "Tuple: one element short",
        lesson: "Missing elements are an error too.",
        type_src: Some("tuple([string, number, bool])"),
        value: "[\"a\", 15]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/map-to-object-missing",
        group: Group::Errors,
        title: "Map → object, key missing",
        lesson: "A map lacking a required key cannot become the object.",
        type_src: Some("object({ name=string, age=number })"),
        value: "tomap({ name = \"John\" })",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/list-to-tuple-wrong-length",
        group: Group::Errors,
        title: "List → tuple, wrong length",
        lesson: "A list is rejected for a tuple type whatever its length.",
        type_src: Some("tuple([string, string])"),
        value: "tolist([\"a\", \"b\", \"c\"])",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/conv/map-string-vs-object-with-tuple",
        group: Group::Errors,
        title: "A tuple is not a string",
        lesson: "A map(string) element that is a tuple fails; the error names the element.",
        type_src: Some("map(string)"),
        value: "{name = [\"Kristy\", \"Claudia\", \"Mary Anne\", \"Stacey\"], age = 12}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/optional/missing-required",
        group: Group::Errors,
        title: "optional() does not cover `a`",
        lesson: "Attributes not wrapped in optional() stay required.",
        type_src: Some("object({\n    a = string                # a required attribute\n    b = optional(string)      # an optional attribute\n    c = optional(number, 127) # an optional attribute with default value\n  })"),
        value: "{ b = \"y\" }",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/vars/nullable-false-null",
        group: Group::Errors,
        title: "nullable = false rejects null",
        lesson: "A non-nullable variable cannot be set to null.",
        type_src: Some("string"),
        value: "null",
        format: Format::Hcl,
        nullable: false,
        sensitive: false,
    },
    Example {
        id: "docs/vars/nullable-false-cli-null",
        group: Group::Errors,
        title: "-var null, nullable = false",
        lesson: "null from the command line is refused by a non-nullable variable.",
        type_src: Some("list(string)"),
        value: "null",
        format: Format::Cli,
        nullable: false,
        sensitive: false,
    },
    Example {
        id: "docs/vars/sensitive-error",
        group: Group::Errors,
        title: "A sensitive variable's error",
        lesson: "The error for a sensitive variable leaves out the declaration and points at the value.",
        type_src: Some("number"),
        value: "\"s3cr3t\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: true,
    },
    Example {
        id: "docs/legacy/quoted-string",
        group: Group::Errors,
        title: "Quoted \"string\"",
        lesson: "Quoted type names are the old 0.11 syntax and now an error.",
        type_src: Some("\"string\""),
        value: "\"x\"",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/legacy/quoted-list",
        group: Group::Errors,
        title: "Quoted \"list\"",
        lesson: "Write list(string) instead of the quoted \"list\".",
        type_src: Some("\"list\""),
        value: "[\"x\"]",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/legacy/quoted-map",
        group: Group::Errors,
        title: "Quoted \"map\"",
        lesson: "Write map(string) instead of the quoted \"map\".",
        type_src: Some("\"map\""),
        value: "{a = \"x\"}",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
    },
    Example {
        id: "docs/legacy/quoted-other",
        group: Group::Errors,
        title: "Quoted \"number\"",
        lesson: "Any other quoted type is an invalid type hint: drop the quotes.",
        type_src: Some("\"number\""),
        value: "1",
        format: Format::Hcl,
        nullable: true,
        sensitive: false,
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
                g.label()
            );
        }
    }

    #[test]
    fn every_example_has_a_short_title_and_a_one_line_lesson() {
        for e in EXAMPLES.iter().chain([&DEFAULT]) {
            assert!(
                !e.title.is_empty() && e.title.chars().count() <= 40,
                "{}: title {:?}",
                e.id,
                e.title
            );
            assert!(
                !e.lesson.is_empty() && !e.lesson.contains('\n'),
                "{}: lesson",
                e.id
            );
            assert!(e.lesson.chars().count() <= 110, "{}: lesson too long", e.id);
            assert!(
                e.lesson.ends_with('.'),
                "{}: lesson should be a sentence",
                e.id
            );
        }
    }

    #[test]
    fn titles_are_unique() {
        let titles: HashSet<&str> = EXAMPLES.iter().map(|e| e.title).collect();
        assert_eq!(titles.len(), EXAMPLES.len());
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
