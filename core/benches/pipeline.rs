//! The workload of the conversion issue: a list of N objects, every other one
//! without its optional attribute, parsed, defaulted, converted and rendered.
//! go-cty needs ~15 s for N = 20,000 (quadratic unification); tftype must stay
//! linear: N = 20,000 under 100 ms, N = 40,000 about twice that.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tftype::{evaluate, Request};

pub const TYPE: &str = "list(object({name=string, port=number, tags=map(string), enabled=optional(bool, true)}))";

pub fn workload(n: usize) -> String {
    let mut s = String::with_capacity(n * 80);
    s.push('[');
    for i in 0..n {
        if i % 2 == 0 {
            s.push_str(&format!(
                "{{name = \"svc-{i}\", port = {}, tags = {{team = \"core\", env = \"prod\"}}}},\n",
                8000 + i
            ));
        } else {
            s.push_str(&format!(
                "{{name = \"svc-{i}\", port = {}, tags = {{team = \"web\"}}, enabled = false}},\n",
                8000 + i
            ));
        }
    }
    s.push(']');
    s
}

fn pipeline(c: &mut Criterion) {
    let mut g = c.benchmark_group("evaluate_list_of_objects");
    g.sample_size(10);
    for n in [20_000usize, 40_000] {
        let req = Request::new(Some(TYPE), &workload(n));
        let r = evaluate(&req);
        assert!(r.ok, "workload must convert: {:?} {:?}", r.summary, r.detail);
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &req, |b, req| b.iter(|| evaluate(req)));
    }
    g.finish();
}

/// The same workload with the Why story and notes (what the page asks for):
/// the story's own cost is the difference.
fn why_story(c: &mut Criterion) {
    let mut g = c.benchmark_group("evaluate_with_why_story");
    g.sample_size(10);
    let n = 20_000usize;
    let mut req = Request::new(Some(TYPE), &workload(n));
    req.lang = Some(tftype::i18n::Lang::En);
    let r = evaluate(&req);
    assert!(r.story.as_ref().is_some_and(|s| s.steps.len() < 30), "a short story");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_with_input(BenchmarkId::from_parameter(n), &req, |b, req| b.iter(|| evaluate(req)));
    g.finish();
}

criterion_group!(benches, pipeline, why_story);
criterion_main!(benches);
