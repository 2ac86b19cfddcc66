// The module of scripts/bench-check (the same shapes): n variables of mixed types, a third
// with defaults, half with a validation rule, and 10 .auto.tfvars files of n values each.
// Used by npm/test-cli.mjs and npm/bench-cli.mjs.
export function benchModule(n) {
  const types = [
    ["string", (i, f) => `"value-${i}-${f}"`],
    ["number", (i, f) => String(i * 7 + f)],
    ["bool", (i, f) => ((i + f) % 2 ? "true" : "false")],
    ["list(string)", (i, f) => `["a${i}", "b${f}", "c"]`],
    ["map(number)", (i, f) => `{ x = ${i}, y = ${f} }`],
    ["object({ name = string, port = optional(number, 80), tags = optional(map(string), {}) })", (i, f) => `{ name = "svc${i}", port = "${8000 + f}" }`],
  ];
  const conds = {
    string: (i) => `can(regex("^value-", var.v${i})) && length(var.v${i}) < 64`,
    number: (i) => `var.v${i} >= 0 && floor(var.v${i}) == var.v${i}`,
    bool: (i) => `contains([true, false], var.v${i})`,
    "list(string)": (i) => `alltrue([for s in var.v${i} : length(s) > 0])`,
    "map(number)": (i) => `alltrue([for k, v in var.v${i} : v >= 0])`,
  };
  let vars = "";
  for (let i = 0; i < n; i++) {
    const [ty, val] = types[i % types.length];
    vars += `variable "v${i}" {\n  type        = ${ty}\n  description = "variable ${i}"\n`;
    if (i % 3 === 0) vars += `  default     = ${val(i, 0)}\n`;
    if (i % 2 === 0) {
      const cond = (conds[ty] ?? ((j) => `var.v${j}.port > 0 && try(length(var.v${j}.tags), 0) <= 10`))(i);
      vars += `  validation {\n    condition     = ${cond}\n    error_message = "v${i} is not valid."\n  }\n`;
    }
    vars += "}\n\n";
  }
  const files = { "variables.tf": vars };
  for (let f = 0; f < 10; f++) {
    let t = "";
    for (let i = 0; i < n; i++) t += `v${i} = ${types[i % types.length][1](i, f)}\n`;
    files[`f${String(f).padStart(2, "0")}.auto.tfvars`] = t;
  }
  return files;
}
