fn main() {
    let n = 20000;
    let mut v = String::from("[");
    for i in 0..n {
        if i % 2 == 0 {
            v += &format!("{{name = \"svc-{i}\", port = {}, tags = {{team = \"core\", env = \"prod\"}}}},\n", 8000 + i)
        } else {
            v += &format!("{{name = \"svc-{i}\", port = {}, tags = {{team = \"web\"}}, enabled = false}},\n", 8000 + i)
        }
    }
    v.push(']');
    let mode = std::env::args().nth(1).unwrap_or_default();
    if mode == "render" {
        let ty = tftype::typeexpr::parse_variable_type(Some("list(object({name=string, port=number, tags=map(string), enabled=optional(bool, true)}))")).unwrap();
        let pv = tftype::valueparse::parse_value(&v, tftype::ValueFormat::Hcl, false).unwrap();
        let d = ty.defaults.as_ref().unwrap().apply(&pv.value);
        let c = tftype::convert::convert(&d, &ty.ty).unwrap();
        for _ in 0..30 {
            let t = std::time::Instant::now();
            let a = tftype::render::console(&c);
            let t1 = t.elapsed();
            let b = tftype::render::json_value(&c);
            eprintln!("console {:?} json {:?} {}", t1, t.elapsed() - t1, a.len() + b.len());
        }
        return;
    }
    if mode == "eval" {
        let req = tftype::Request::new(Some("list(object({name=string, port=number, tags=map(string), enabled=optional(bool, true)}))"), &v);
        for _ in 0..20 {
            let t = std::time::Instant::now();
            let r = tftype::evaluate(&req);
            eprintln!("{:?} {}", t.elapsed(), r.ok);
        }
        return;
    }
    for _ in 0..20 {
        let t = std::time::Instant::now();
        let pv = tftype::valueparse::parse_value_spans(&v, tftype::ValueFormat::Hcl, false, false).unwrap();
        let t1 = t.elapsed();
        if mode == "leak" { std::mem::forget(pv); } else { drop(pv); }
        eprintln!("{:?} {:?}", t1, t.elapsed());
    }
}
