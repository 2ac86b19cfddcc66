//! One module under every flavor: the versions whose check reports are the
//! same, grouped (`tftype check --all-flavors`), as [`crate::versions::compare`]
//! groups the versions' answers for one value.

use super::{check_with, report, CheckInput, CheckOptions, CheckReport};
use crate::flavor::FLAVORS;

/// Flavors whose check reports are the same.
#[derive(Clone, Debug)]
pub struct CheckGroup {
    /// Their names, in the table's order.
    pub flavors: Vec<&'static str>,
    /// The report each of them gives.
    pub report: CheckReport,
}

/// The module checked as every flavor, the flavors grouped by identical
/// reports (compared as the oracle's JSON writes them: diagnostics, their
/// texts and places, the variables' values). Groups come in the table's
/// order of their first flavor.
pub fn check_every_flavor(input: &CheckInput, options: &CheckOptions) -> Vec<CheckGroup> {
    let mut groups: Vec<(String, CheckGroup)> = Vec::new();
    for f in &FLAVORS {
        let r = check_with(input, &f.profile(), options.clone());
        let key = report::report_json("null", &r);
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.flavors.push(f.name),
            None => groups.push((key, CheckGroup { flavors: vec![f.name], report: r })),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(files: &[(&str, &str)]) -> CheckInput {
        CheckInput { files: files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect(), ..Default::default() }
    }

    /// Every flavor is in exactly one group, in the table's order, and each
    /// group's report is what its first flavor's own check gives: one group
    /// where every version answers alike; where they differ (two failing
    /// rules: Terraform reports both, OpenTofu 1.7+ stops at the first)
    /// the groups are split there.
    #[test]
    fn every_flavor_is_in_one_group_and_groups_are_the_reports_that_agree() {
        let two_rules = "variable \"name\" {\n  type = string\n  validation {\n    condition     = length(var.name) <= 5\n    error_message = \"At most 5 characters.\"\n  }\n  validation {\n    condition     = can(regex(\"^[a-z]+$\", var.name))\n    error_message = \"Lower-case letters only.\"\n  }\n}\n";
        let errors = |g: &CheckGroup| g.report.diagnostics.iter().filter(|d| d.is_error()).count();
        for (name, files, split) in [
            (
                "accepted by all",
                vec![("main.tf", "variable \"n\" {\n  type = number\n}\n"), ("terraform.tfvars", "n = 1\n")],
                false,
            ),
            (
                "two failing rules",
                vec![("main.tf", two_rules), ("terraform.tfvars", "name = \"Too-Long-Name\"\n")],
                true,
            ),
        ] {
            let groups = check_every_flavor(&input(&files), &CheckOptions::default());
            let table: Vec<&str> = FLAVORS.iter().map(|f| f.name).collect();
            let mut all: Vec<&str> = groups.iter().flat_map(|g| g.flavors.iter().copied()).collect();
            all.sort_by_key(|n| table.iter().position(|t| t == n));
            assert_eq!(all, table, "{name}: every flavor once");
            assert_eq!(groups.len() > 1, split, "{name}: {} groups", groups.len());
            for g in &groups {
                let first = FLAVORS.iter().find(|f| f.name == g.flavors[0]).unwrap();
                let again = check_with(&input(&files), &first.profile(), CheckOptions::default());
                assert_eq!(report::report_json("null", &again), report::report_json("null", &g.report), "{name}");
            }
            if split {
                let of = |flavor: &str| groups.iter().find(|g| g.flavors.contains(&flavor)).map(errors);
                assert_eq!((of("terraform@1.16"), of("opentofu@1.8")), (Some(2), Some(1)), "{name}");
            }
        }
    }
}
