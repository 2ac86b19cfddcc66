//! The dependency graph of the variables' validation nodes (Terraform ≥ 1.9
//! `nodeVariableValidation`, OpenTofu ≥ 1.9 `nodeVariableReference`): a
//! node per variable, an edge to each variable its rules mention. What
//! `dag.AcyclicGraph.Validate` reports of it: its strongly connected
//! components (Tarjan's algorithm, as `internal/dag/tarjan.go`) and, for a
//! cycle, the order its names are printed in.
//!
//! Nodes are indices; `deps[n]` lists the nodes `n` depends on.

/// The strongly connected components, each in the order Tarjan's algorithm
/// pops it. Iterative: a module may chain thousands of variables.
pub fn strongly_connected(deps: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = deps.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut out = Vec::new();
    for start in 0..n {
        if index[start] != UNSEEN {
            continue;
        }
        // (node, the next of its edges to follow)
        let mut calls: Vec<(usize, usize)> = vec![(start, 0)];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (node, ref mut edge)) = calls.last_mut() {
            if let Some(&d) = deps[node].get(*edge) {
                *edge += 1;
                if index[d] == UNSEEN {
                    index[d] = next;
                    low[d] = next;
                    next += 1;
                    stack.push(d);
                    on_stack[d] = true;
                    calls.push((d, 0));
                } else if on_stack[d] {
                    low[node] = low[node].min(index[d]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut scc = Vec::new();
                while let Some(x) = stack.pop() {
                    on_stack[x] = false;
                    scc.push(x);
                    if x == node {
                        break;
                    }
                }
                out.push(scc);
            }
        }
    }
    out
}

/// Components up to this size have every printable order enumerated.
const ENUMERATED: usize = 7;

/// How `dag.AcyclicGraph.Validate` prints a cycle's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printed {
    /// In Tarjan's pop order, joined by ", " (Terraform before 1.16, every
    /// OpenTofu).
    Tarjan,
    /// Tarjan's order reversed, rotated to start at the shortest name (ties:
    /// the lexically smallest), one per line (Terraform 1.16,
    /// [`crate::flavor::Switch::Tf116VerticalCycleErrors`]).
    Vertical,
}

impl Printed {
    /// The printed order of a component the search reached in `preorder`
    /// (Tarjan pops it in the reverse order).
    fn order(self, preorder: &[usize], name: &dyn Fn(usize) -> String) -> Vec<usize> {
        match self {
            Printed::Tarjan => preorder.iter().rev().copied().collect(),
            Printed::Vertical => {
                let mut out = preorder.to_vec();
                let start = (0..out.len())
                    .min_by_key(|&k| {
                        let n = name(out[k]);
                        (n.len(), n)
                    })
                    .unwrap_or(0);
                out.rotate_left(start);
                out
            }
        }
    }

    fn separator(self) -> &'static str {
        match self {
            Printed::Tarjan => ", ",
            Printed::Vertical => "\n  ",
        }
    }
}

/// The order a cycle's names are printed in. Tarjan's pop order is the
/// reverse of the order the depth-first search reached the nodes, and the
/// search starts and follows edges in Go's map order, so the order printed
/// can come from any depth-first preorder of the component: this is the one
/// whose text (`name` of each, joined as `printed` joins them) sorts first.
/// Larger components get the order of a search that starts at the first name
/// and takes the first successor by name.
pub fn smallest_cycle_order(
    scc: &[usize],
    deps: &[Vec<usize>],
    name: &dyn Fn(usize) -> String,
    printed: Printed,
) -> Vec<usize> {
    let succ = |n: usize| -> Vec<usize> { deps[n].iter().copied().filter(|d| scc.contains(d)).collect() };
    let text = |order: &[usize]| order.iter().map(|&i| name(i)).collect::<Vec<_>>().join(printed.separator());
    if scc.len() > ENUMERATED {
        let mut by_name: Vec<usize> = scc.to_vec();
        crate::sort::by_key(&mut by_name, |&i| name(i));
        let mut order = vec![by_name[0]];
        let mut path = vec![by_name[0]];
        while order.len() < scc.len() {
            let Some(k) = (0..path.len()).rev().find(|&k| succ(path[k]).iter().any(|d| !order.contains(d))) else {
                break;
            };
            let mut cands: Vec<usize> = succ(path[k]).into_iter().filter(|d| !order.contains(d)).collect();
            crate::sort::by_key(&mut cands, |&i| name(i));
            path.truncate(k + 1);
            path.push(cands[0]);
            order.push(cands[0]);
        }
        return printed.order(&order, name);
    }
    let mut best: Option<(String, Vec<usize>)> = None;
    // Depth-first over the choices: `order` is the preorder so far, `path`
    // the search's stack.
    fn search(
        order: &mut Vec<usize>,
        path: Vec<usize>,
        want: usize,
        succ: &dyn Fn(usize) -> Vec<usize>,
        done: &mut dyn FnMut(&[usize]),
    ) {
        if order.len() == want {
            done(order);
            return;
        }
        for k in (0..path.len()).rev() {
            let cands: Vec<usize> = succ(path[k]).into_iter().filter(|d| !order.contains(d)).collect();
            if cands.is_empty() {
                continue;
            }
            for c in cands {
                order.push(c);
                let mut p = path[..=k].to_vec();
                p.push(c);
                search(order, p, want, succ, done);
                order.pop();
            }
            return;
        }
    }
    for &s in scc {
        let mut order = vec![s];
        search(&mut order, vec![s], scc.len(), &succ, &mut |o| {
            let shown = printed.order(o, name);
            let t = text(&shown);
            if best.as_ref().is_none_or(|(b, _)| t < *b) {
                best = Some((t, shown));
            }
        });
    }
    best.map(|(_, o)| o).unwrap_or_else(|| scc.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(i: usize) -> String {
        ["a", "b", "c", "d"][i].to_string()
    }

    #[test]
    fn components_of_more_than_one_node_are_the_cycles() {
        // a -> b -> a, c -> a, d alone
        let deps = vec![vec![1], vec![0], vec![0], vec![]];
        let mut sccs = strongly_connected(&deps);
        for s in &mut sccs {
            s.sort_unstable();
        }
        sccs.sort();
        assert_eq!(sccs, vec![vec![0, 1], vec![2], vec![3]]);
    }

    #[test]
    fn a_long_chain_does_not_overflow_the_stack() {
        let n = 200_000;
        let deps: Vec<Vec<usize>> = (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { vec![0] }).collect();
        let sccs = strongly_connected(&deps);
        assert_eq!(sccs.len(), 1);
        assert_eq!(sccs[0].len(), n);
    }

    /// (edges, the printed order whose text sorts first)
    #[test]
    fn a_cycle_is_printed_in_its_smallest_reverse_preorder() {
        let table: [(Vec<Vec<usize>>, Vec<usize>); 3] = [
            // a <-> b: "a, b" or "b, a".
            (vec![vec![1], vec![0]], vec![0, 1]),
            // a -> b -> c -> a: preorders a b c, b c a, c a b; reversed
            // c b a, a c b, b a c: the smallest text is "a, c, b".
            (vec![vec![1], vec![2], vec![0]], vec![0, 2, 1]),
            // a -> b, a -> c, b -> a, c -> a: reversed preorders c b a,
            // b c a, c a b, b a c.
            (vec![vec![1, 2], vec![0], vec![0]], vec![1, 0, 2]),
        ];
        for (deps, want) in table {
            let scc: Vec<usize> = (0..deps.len()).collect();
            assert_eq!(smallest_cycle_order(&scc, &deps, &names, Printed::Tarjan), want, "{deps:?}");
        }
    }

    /// Terraform 1.16: the preorder (reference order), rotated to start at
    /// the shortest name, ties to the lexically smallest.
    /// (names, edges, the printed order)
    #[test]
    fn a_vertical_cycle_starts_at_the_shortest_name_in_reference_order() {
        let table: [(&[&str], Vec<Vec<usize>>, Vec<usize>); 4] = [
            // a <-> b: one order.
            (&["a", "b"], vec![vec![1], vec![0]], vec![0, 1]),
            // zz <-> abc: the shorter zz first, though abc sorts first.
            (&["zz", "abc"], vec![vec![1], vec![0]], vec![0, 1]),
            // a -> b -> cc -> a: the ring from a in reference order, where
            // Tarjan's text sorted first is "a, cc, b".
            (&["a", "b", "cc"], vec![vec![1], vec![2], vec![0]], vec![0, 1, 2]),
            // Every node refers to both others: "a b c" and "a c b" can be
            // printed; "a b c" sorts first.
            (&["a", "b", "c"], vec![vec![1, 2], vec![0, 2], vec![0, 1]], vec![0, 1, 2]),
        ];
        for (labels, deps, want) in table {
            let name = |i: usize| labels[i].to_string();
            let scc: Vec<usize> = (0..deps.len()).collect();
            assert_eq!(smallest_cycle_order(&scc, &deps, &name, Printed::Vertical), want, "{labels:?}");
        }
    }
}
