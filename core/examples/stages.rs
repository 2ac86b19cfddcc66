//! Times each stage of the pipeline on the benchmark workload (a profiling aid).
use std::time::Instant;
fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let ty = "list(object({name=string, port=number, tags=map(string), enabled=optional(bool, true)}))";
    let mut v = String::from("[");
    for i in 0..n {
        if i % 2 == 0 { v += &format!("{{name = \"svc-{i}\", port = {}, tags = {{team = \"core\", env = \"prod\"}}}},\n", 8000 + i) }
        else { v += &format!("{{name = \"svc-{i}\", port = {}, tags = {{team = \"web\"}}, enabled = false}},\n", 8000 + i) }
    }
    v.push(']');
    eprintln!("sizes: Value {} Kind {} Type {} Number {}", std::mem::size_of::<tftype::Value>(), std::mem::size_of::<tftype::value::Kind>(), std::mem::size_of::<tftype::Type>(), std::mem::size_of::<tftype::number::Number>());
    let t = Instant::now();
    let tc = tftype::typeexpr::parse_variable_type(Some(ty)).unwrap();
    let t1 = t.elapsed();
    let pv = tftype::valueparse::parse_value(&v, tftype::ValueFormat::Hcl, false).unwrap();
    let t2 = t.elapsed();
    let d = tc.defaults.as_ref().unwrap().apply(&pv.value);
    let t3 = t.elapsed();
    let c = tftype::convert::convert(&d, &tc.ty).unwrap();
    let t4 = t.elapsed();
    let _e = tftype::convert::explain(&d, &tc.ty, 200);
    let t5 = t.elapsed();
    let s = tftype::render::console(&c);
    let t6 = t.elapsed();
    let j = tftype::render::json_value(&c);
    let t7 = t.elapsed();
    let r = tftype::evaluate(&tftype::Request::new(Some(ty), &v));
    let t8 = t.elapsed();
    println!("type {:?} parse {:?} defaults {:?} convert {:?} explain {:?} console {:?} json {:?} | evaluate {:?} ok={} ({} {})", t1, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5, t7 - t6, t8 - t7, r.ok, s.len(), j.len());
}
#[allow(dead_code)]
fn sizes() {}
