/** How `value` is read. */
export type ValueFormat = "hcl" | "tfvars" | "json" | "ctyjson" | "cli";

/** One variable: its `type` argument, its value, and how it is declared. */
export interface Request {
  /** Any JSON value; echoed back. */
  id?: unknown;
  /** The `type` argument's source text; absent or null: no `type` argument. */
  type?: string | null;
  /** The value's source text. */
  value: string;
  /** Default "hcl" (a module argument). */
  value_format?: ValueFormat;
  /** Default true. */
  nullable?: boolean;
  /** Default false. */
  sensitive?: boolean;
  /** The variable's name in messages (`var.NAME`); default "v". */
  var_name?: string;
  /** A name of `flavors()` (`tftype flavors` lists them); default: `defaultFlavor()`. */
  flavor?: string;
}

/** Where a diagnostic is: byte offsets and UTF-16 offsets (what JavaScript strings index by). */
export interface Place {
  start: number | null;
  end: number | null;
  start16: number | null;
  end16: number | null;
}

export interface Diagnostic extends Place {
  severity: "error" | "warning";
  summary: string;
  detail: string;
  /** Which text it points into. */
  source: "type" | "value";
}

export interface Warning extends Place {
  summary: string;
  detail: string;
}

export interface Accepted {
  id: unknown;
  flavor?: string;
  ok: true;
  /** The final type, as Terraform writes it (`list(object({name=string}))`). */
  type: string;
  /** What `terraform console` (or `tofu console`) prints for `var.NAME`. */
  console: string;
  /** go-cty JSON: `{value, type}`; absent when the value has unknown parts or infinite numbers. */
  json?: { value: unknown; type: unknown };
  /** Paths of the sensitive parts ("" = the whole value). */
  sensitive_paths?: string[];
  /** OpenTofu 1.11+: "Object attribute is ignored" (at most 100 listed). */
  warnings?: Warning[];
  /** How many more warnings there were than are listed; absent when none. */
  warnings_omitted?: number;
}

export interface Refused {
  id: unknown;
  flavor?: string;
  ok: false;
  /** The step that failed ("rule": a `validation` rule of a `variable` block given as `type`). */
  stage: "type" | "value" | "convert" | "null" | "crash" | "input" | "limit" | "rule";
  summary: string;
  detail: string;
  /** The path of a conversion error (`[0].name`). */
  path: string;
  /** go-cty's own conversion message. */
  error?: string;
  /** The first diagnostics, in the tool's order: at most 100 are listed. */
  diagnostics: Diagnostic[];
  /** How many more diagnostics there were than are listed; absent when none. */
  diagnostics_omitted?: number;
  /**
   * A `variable` block given as `type` (stage "rule"): every validation error the version reports,
   * in its order (Terraform: every failing rule; OpenTofu 1.7+: it stops after the first error).
   * Absent otherwise.
   */
  rule_errors?: RuleError[];
}

/** One validation error of a `variable` block given as `type`. */
export interface RuleError {
  summary: string;
  detail: string;
  /** The rule's `validation` block as Terraform names it (`main.tf:4,3-13`); null for an error of no one rule. */
  rule: string | null;
  /** The rule's error message, when its condition did not hold. */
  message: string | null;
  /** The rule's condition in `type`: byte range, and UTF-16 range. */
  condition: [number, number] | null;
  condition16: [number, number] | null;
}

export type Result = Accepted | Refused;

export interface ExplainStep {
  path: string;
  from: string;
  to: string;
  rule: string;
}

/** One of tftype's notes (a step of the Why story's notes). */
export interface Note {
  /** The catalog key of the text (`note.dropped_suggest`). */
  kind: string;
  /** Where in the value (`tfdiags.FormatCtyPath`). */
  path: string;
  /** The text's parameters (attribute names, types, values). */
  params: Record<string, string>;
  /** The note, in the language asked for; code between backticks. */
  text: string;
  /** The part of `value` it is about (UTF-16 offsets). */
  value16: [number, number] | null;
  /** The part of `type` it is about (UTF-16 offsets). */
  type16: [number, number] | null;
  more16?: [number, number][];
  doc: string | null;
}

export interface Flavor {
  name: string;
  product: string;
  version: string;
  release: string;
  hcl: string;
  cty: string;
  label: string;
}

/** Evaluates one variable, as `tftype batch` does one case (a field of the wrong kind or a field a request does not have throws a TypeError naming it). */
export function evaluate(request: Request): Result;
/** The conversion rules the answer applied, outermost first. */
export function explain(request: Request): ExplainStep[];
/** tftype's notes on what the answer did without a word, in "en", "zh" or "ja". */
export function notes(request: Request, lang?: "en" | "zh" | "ja"): Note[];
/** The Terraform and OpenTofu versions tftype answers for. */
export function flavors(): Flavor[];
/** The name of the flavor a request without one answers as (one of `flavors()`). */
export function defaultFlavor(): string;
/** One of tftype's own texts (its message catalogs) in "en", "zh" or "ja", with `{name}` placeholders filled from `args`. */
export function text(lang: "en" | "zh" | "ja", key: string, args?: Record<string, string>): string;
/** A playground link for `request` at `base`, with readable `?type=…&value=…` parameters (as `tftype link` writes them). */
export function link(base: string, request: Request, lang?: string): string;

/** What `check` reads: a root module and its value sources. */
export interface CheckInput {
  /** File name → text. The top-level `*.tf` files are the module; others are read as `-var-file`s. */
  files: Record<string, string>;
  /**
   * The value arguments in command-line order, as the command line spells them: a flat argv
   * (`["-var-file", "prod.tfvars", "-var", "n=1"]`, `"--var-file=prod.tfvars"`) or pairs
   * (`[["-var", "NAME=VALUE"], ["--var-file", "PATH"]]`).
   */
  args?: (string | [string] | [string, string])[];
  /** The environment's `TF_VAR_*` entries. */
  env?: Record<string, string>;
  flavor?: string;
}

export interface CheckRange {
  filename: string;
  start: { line: number; column: number; byte: number };
  end: { line: number; column: number; byte: number };
  start16?: number;
  end16?: number;
}

/** The source around a diagnostic, as `terraform validate -json` gives it. */
export interface CheckSnippet {
  /** The innermost block around the range (`variable "x"`), when known. */
  context: string | null;
  /** The source lines of the range. */
  code: string;
  /** The first line's number. */
  start_line: number;
  /** Where the range starts and ends in `code` (bytes). */
  highlight_start_offset: number;
  highlight_end_offset: number;
  /** The values of the expression's references, for a failed validation rule. */
  values: { traversal: string; statement: string }[];
}

/** `tftype check --format json`: the shape of `terraform validate -json`, with the variables. */
export interface CheckResult {
  format_version: "1.0";
  valid: boolean;
  /** False when a `validation` rule was not evaluated (it needs files, the clock, a local, …): what it would add is missing. */
  validation_complete: boolean;
  error_count: number;
  warning_count: number;
  diagnostics: { severity: "error" | "warning"; summary: string; detail: string; range?: CheckRange; snippet?: CheckSnippet }[];
  variables: Record<string, { ok: boolean; type?: string; console?: string; stage?: string; summary?: string; source: string | null; validation_rules_not_evaluated?: number }>;
  /** The `module` blocks (present when there is one): each checked against the local module it calls, when that module's files are among `files`. */
  module_calls?: ModuleCall[];
}

/** One `module` block of a check: `checked`, `not_checked` (with the reason) or `skipped_remote`. */
export interface ModuleCall {
  /** `module.x`, or `module.a.module.b` for a call inside a called module. */
  address: string;
  name: string;
  /** The `source` when it is a constant string. */
  source: string | null;
  /** The called module's directory, relative to the root module's. */
  dir: string | null;
  range: CheckRange;
  status: "checked" | "not_checked" | "skipped_remote";
  /** Why it was not checked (`refers_to`, `no_files`, `callee_errors`, …). */
  reason?: string;
  /** The reason, or the skipped remote source, in English. */
  note?: string;
  /** The arguments as written: `ok` (with the variable's final value), `error`, `not_checked` (with the reason) or `unsupported`. */
  arguments: { name: string; variable: string; range: CheckRange; status: "ok" | "error" | "not_checked" | "unsupported"; type?: string; console?: string; summary?: string; reason?: string; note?: string }[];
}

/** Checks a root module's inputs as `plan` would (throws a TypeError for input it cannot read). */
export function check(input: CheckInput): CheckResult;
