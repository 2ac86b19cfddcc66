#!/usr/bin/env python3
"""Generates render/set test cases for the oracle (../../shared/oracle).

Each case is an oracle input line ({"id","type","value"}) plus "tree": the
value as the generator built it (what the Rust test rebuilds with the Value
constructors, in input order). Values always match their type exactly (up to
tuple->list/set and object->map), so no conversion is involved beyond what the
constructors do.

    gen_cases.py --seed 1 -n 400 > in.jsonl
    /tmp/oracle-bin/tforacle < in.jsonl > out.jsonl
    gen_cases.py --merge in.jsonl out.jsonl > sets_random.jsonl

The same with `--curated` (render_cases.jsonl; render.txt is their console
text) and `--negzero 1 120` (sets_negzero.jsonl) in place of `--seed 1 -n 400`.

Tree nodes: {"k":"null"}, {"k":"str","v":S}, {"k":"num","v":LITERAL},
{"k":"bool","v":B}, {"k":"seq","v":[...]}, {"k":"obj","v":[[KEY,NODE],...]},
any of them with "s":true when wrapped in sensitive().
"""
import argparse
import json
import random
import sys

NUMS = ["0", "-0", "1", "1.0", "1e0", "-1", "0.1", "10", "2", "1.5", "-2.5", "1e10", "1e9",
        "12345678901", "1.00000000005", "1.0000000001", "0.00001", "0.0001", "100", "-0.0",
        "123456789012345678901234567890", "3.14159265358979", "9999999999.5", "99999999995",
        "0.30000000000000004", "7", "-7", "1e-7", "2.5e-5", "1234567890", "12345678905"]
STR_ATOMS = ["a", "b", "x", "A", "", " ", "ab", "aa", "b a", "é", "e\u0301", "Ω", "日本", "😀",
             "\u00ad", "\u200b", "\ufeff", "\u2028", "\ue000", "\u00a0", "<&>", "\"q\"", "\\",
             "\t", "\x01", "\x7f", "\u0085", "line1\nline2", "\n", "EOT", "x\nEOT\ny", "1", "10",
             "-0", "true", "\U000e0001", "\u0378", "\u0890", "z"]  # no Unicode 14/15 additions: the oracle's Go 1.19 escapes them
IDENTS = ["a", "b", "c", "id", "name", "x_y", "k-1", "B", "long_key_name"]
KEYS = ["a", "b", "c", "id", "name", "x_y", "k-1", "B", "a b", "é", "1", "a\nb", "long_key_name"]


def rand_type(rng, depth):
    r = rng.random()
    if depth >= 3 or r < 0.30:
        return rng.choice(["string", "number", "bool", "string", "number"])
    kind = rng.choice(["set", "set", "set", "list", "map", "object", "object", "tuple"])
    if kind in ("set", "list", "map"):
        return (kind, rand_type(rng, depth + 1))
    if kind == "object":
        n = rng.randint(0, 3)
        names = sorted(rng.sample(IDENTS, n))
        return ("object", [(k, rand_type(rng, depth + 1)) for k in names])
    return ("tuple", [rand_type(rng, depth + 1) for _ in range(rng.randint(0, 3))])


def type_src(t):
    if isinstance(t, str):
        return t
    k = t[0]
    if k in ("set", "list", "map"):
        return f"{k}({type_src(t[1])})"
    if k == "object":
        return "object({" + ",".join(f"{n}={type_src(a)}" for n, a in t[1]) + "})"
    return "tuple([" + ",".join(type_src(e) for e in t[1]) + "])"


def rand_str(rng):
    return "".join(rng.choice(STR_ATOMS) for _ in range(rng.randint(0, 3)))


def rand_val(rng, t, depth, allow_null=True, sens_p=0.006):
    if allow_null and rng.random() < 0.08:
        node = {"k": "null"}
    elif t == "string":
        node = {"k": "str", "v": rand_str(rng)}
    elif t == "number":
        node = {"k": "num", "v": rng.choice(NUMS) if rng.random() < 0.7 else str(rng.randint(-50, 50))}
    elif t == "bool":
        node = {"k": "bool", "v": rng.random() < 0.5}
    elif t[0] in ("set", "list"):
        n = rng.choice([0, 1, 2, 3, 4, 5, 8, 12]) if depth < 2 else rng.randint(0, 3)
        elems = [rand_val(rng, t[1], depth + 1) for _ in range(n)]
        if t[0] == "set" and elems and rng.random() < 0.5:
            for _ in range(rng.randint(1, 3)):  # exact duplicates
                elems.insert(rng.randint(0, len(elems)), json.loads(json.dumps(rng.choice(elems))))
        node = {"k": "seq", "v": elems}
    elif t[0] == "map":
        n = rng.randint(0, 3)
        keys = rng.sample(KEYS, n)
        node = {"k": "obj", "v": [[k, rand_val(rng, t[1], depth + 1)] for k in keys]}
    elif t[0] == "object":
        node = {"k": "obj", "v": [[k, rand_val(rng, a, depth + 1)] for k, a in t[1]]}
    else:
        node = {"k": "seq", "v": [rand_val(rng, e, depth + 1) for e in t[1]]}
    # Not on nulls: how a marked null keeps its mark through conversion is
    # the converter's business (an object attribute loses it), not this test's.
    if node["k"] != "null" and rng.random() < sens_p:
        node["s"] = True
    return node


def hcl_str(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == '\\':
            out.append('\\\\')
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\t':
            out.append('\\t')
        elif ch == '\r':
            out.append('\\r')
        elif o < 0x20 or o == 0x7f or 0x80 <= o < 0xa0 or o in (0x2028, 0x2029):
            out.append('\\u%04x' % o)
        elif ch in '$%':
            out.append(ch + ch)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def hcl(node):
    k = node["k"]
    if k == "null":
        s = "null"
    elif k == "str":
        s = hcl_str(node["v"])
    elif k == "num":
        s = node["v"]
        if s.startswith("-"):
            s = "(" + s + ")"
    elif k == "bool":
        s = "true" if node["v"] else "false"
    elif k == "seq":
        s = "[" + ", ".join(hcl(e) for e in node["v"]) + "]"
    else:
        s = "{" + ", ".join(f"{hcl_str(kk)} = {hcl(v)}" for kk, v in node["v"]) + "}"
    if node.get("s"):
        s = f"sensitive({s})"
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-n", type=int, default=300)
    ap.add_argument("--merge", nargs=2, metavar=("IN", "OUT"))
    a = ap.parse_args()
    if a.merge:
        ins = [json.loads(l) for l in open(a.merge[0])]
        raw = [l for l in open(a.merge[1])]
        outs = [json.loads(l) for l in raw]
        for i, o, r in zip(ins, outs, raw):
            assert i["id"] == o["id"]
            if not o.get("ok"):
                continue
            # The oracle's JSON text as Go wrote it (Python would turn -0 into
            # 0 and 0.00001 into 1e-05).
            at = r.index('"json":') + len('"json":')
            _, end = json.JSONDecoder().raw_decode(r, at)
            rec = {"id": i["id"], "type": i.get("type"), "value": i["value"], "tree": i["tree"],
                   "want_type": o["type"], "console": o["console"], "json": r[at:end]}
            if "sensitive_paths" in o:
                rec["sensitive_paths"] = o["sensitive_paths"]
            print(json.dumps(rec, ensure_ascii=False))
        return
    rng = random.Random(a.seed)
    for i in range(a.n):
        t = rand_type(rng, 0)
        if isinstance(t, str) or rng.random() < 0.6:
            t = ("set", t)  # sets are the point
        node = rand_val(rng, t, 0, allow_null=rng.random() < 0.1)
        print(json.dumps({"id": f"r{a.seed}-{i:04d}", "type": type_src(t), "value": hcl(node), "tree": node},
                         ensure_ascii=False))



# --- curated cases (--curated): named, for render.txt -------------------------

def S(v, s=False):
    return dict({"k": "str", "v": v}, **({"s": True} if s else {}))


def N(v, s=False):
    return dict({"k": "num", "v": v}, **({"s": True} if s else {}))


def B(v):
    return {"k": "bool", "v": v}


def NULL():
    return {"k": "null"}


def SEQ(*e, s=False):
    return dict({"k": "seq", "v": list(e)}, **({"s": True} if s else {}))


def OBJ(*kv, s=False):
    return dict({"k": "obj", "v": [list(p) for p in kv]}, **({"s": True} if s else {}))


CURATED = [
    ("string_plain", "string", S("hello")),
    ("string_quote_escapes", "string", S("tab\there \"q\" back\\slash \x07\x08\x0c\r\x0b")),
    ("string_nonprintable_runes", "string", S("\x01\x7f\u0085\u00a0\u00ad\u200b\ufeff\u2028\ue000\u0378\U000e0001")),
    ("string_printable_unicode", "string", S("é日本😀Ω\u0890x")),
    ("string_html_chars", "string", S("<a href=\"x\">&amp;</a>")),
    ("heredoc_top_level", "string", S("line1\nline2")),
    ("heredoc_trailing_newline", "string", S("a\n")),
    ("heredoc_only_newline", "string", S("\n")),
    ("heredoc_delimiter_clash", "string", S("a\nEOT\n  EOT_ \nb")),
    ("heredoc_delimiter_clash_trimmed_unicode_space", "string", S("x\n\u00a0EOT\u3000\ny")),
    ("heredoc_nested_in_object", "object({x=object({y=string})})", OBJ(("x", OBJ(("y", S("a\nb")))))),
    ("heredoc_in_list", "list(string)", SEQ(S("a\n"), S("plain"))),
    ("heredoc_map_key", "map(number)", OBJ(("a\nb", N("1")), ("c", N("2")))),
    ("key_quoting", "map(string)", OBJ(("a b", S("1")), ("é", S("2")), ("\"q\"", S("3")), ("", S("4")))),
    ("null_dynamic", None, NULL()),
    ("null_string", "string", NULL()),
    ("null_number", "number", NULL()),
    ("null_bool", "bool", NULL()),
    ("null_list_of_string", "list(string)", NULL()),
    ("null_set_of_number", "set(number)", NULL()),
    ("null_map_of_list", "map(list(bool))", NULL()),
    ("null_list_of_any", "list(any)", NULL()),
    ("null_object", "object({a=string})", NULL()),
    ("null_tuple", "tuple([string])", NULL()),
    ("null_inside_object", "object({a=string,b=list(number),c=object({}),d=tuple([])})",
     OBJ(("a", NULL()), ("b", NULL()), ("c", NULL()), ("d", NULL()))),
    ("numbers_text_f", "list(number)", SEQ(N("0"), N("-0"), N("1e0"), N("1.0"), N("0.1"), N("1e10"), N("1e-7"),
                                           N("123456789012345678901234567890"), N("-2.5"), N("0.30000000000000004"))),
    ("bools", "tuple([bool,bool])", SEQ(B(True), B(False))),
    ("empty_collections", "object({a=list(string),b=set(number),c=map(bool),d=tuple([]),e=object({})})",
     OBJ(("a", SEQ()), ("b", SEQ()), ("c", OBJ()), ("d", SEQ()), ("e", OBJ()))),
    ("nested_indentation", "list(object({a=map(list(string)),b=tuple([number,set(string)])}))",
     SEQ(OBJ(("a", OBJ(("k", SEQ(S("x"), S("y"))))), ("b", SEQ(N("1"), SEQ(S("z"), S("a"))))))),
    ("sensitive_top", "string", S("secret", s=True)),
    ("sensitive_attr", "object({a=string,b=number})", OBJ(("a", S("secret", s=True)), ("b", N("1")))),
    ("sensitive_list_element", "list(string)", SEQ(S("a"), S("b", s=True))),
    ("sensitive_map_value", "map(string)", OBJ(("a", S("x", s=True)), ("b", S("y")))),
    ("sensitive_set_element_marks_set", "set(string)", SEQ(S("a", s=True), S("b"))),
    ("sensitive_nested_set_marks_inner_set", "list(set(string))", SEQ(SEQ(S("a", s=True), S("b")), SEQ(S("c")))),
    ("sensitive_container", "list(string)", SEQ(S("a"), s=True)),
    ("set_strings_bytewise", "set(string)", SEQ(S("b"), S("a"), S("B"), S("é"), S("e\u0301"), S(""), S("aa"), NULL())),
    ("set_numbers_numeric_neg_zero", "set(number)", SEQ(N("10"), N("2"), N("-0"), N("0"), N("1"), N("1.0"), N("1e0"), N("-1"), NULL())),
    ("set_bools", "set(bool)", SEQ(B(True), B(False), B(True), NULL())),
    ("set_objects_hash_order", "set(object({a=number,b=string}))",
     SEQ(OBJ(("a", N("1")), ("b", S("x"))), OBJ(("a", N("10")), ("b", S("a"))), OBJ(("a", N("2")), ("b", NULL())))),
    ("set_objects_neg_zero", "set(object({a=number}))", SEQ(OBJ(("a", N("0"))), OBJ(("a", N("-0"))), OBJ(("a", N("-1"))))),
    ("set_objects_ten_digit_tie", "set(object({a=number}))",
     SEQ(OBJ(("a", N("1.00000000001"))), OBJ(("a", N("1"))), OBJ(("a", N("1.000000000001"))))),
    ("set_lists", "set(list(string))", SEQ(SEQ(S("b")), SEQ(S("a"), S("b")), SEQ(), SEQ(S("a")), NULL())),
    ("set_maps", "set(map(number))", SEQ(OBJ(("b", N("1"))), OBJ(("a", N("2"))), OBJ())),
    ("set_tuples", "set(tuple([string,number]))", SEQ(SEQ(S("b"), N("1")), SEQ(S("a"), N("2")))),
    ("set_of_sets", "set(set(number))", SEQ(SEQ(N("2"), N("1")), SEQ(N("1"), N("2")), SEQ(N("3")), SEQ())),
    ("list_of_set_normalised", "list(set(string))", SEQ(SEQ(S("z"), S("a"), S("z")))),
]


def curated():
    for name, t, node in CURATED:
        case = {"id": name, "value": hcl(node), "tree": node}
        if t is not None:
            case["type"] = t
        print(json.dumps(case, ensure_ascii=False))


if __name__ == "__main__" and "--curated" in sys.argv:
    curated()
    sys.exit(0)


# --- negative-zero sets (--negzero): cty's Less is no strict weak order here --

def negzero(seed, n_cases):
    rng = random.Random(seed)
    nums = ["0", "-0", "-1", "1", "-0.5", "0.5", "-10", "10", "-0.0001", "2", "-2", "-3", "1e-7", "-1e-7", "100",
            "-100", "0.25"]
    for i in range(n_cases):
        kind = rng.choice(["obj", "list", "tuple", "map", "nested"])
        n = rng.choice([3, 10, 19, 20, 21, 25, 40, 41])
        elems = []
        for _ in range(n):
            if kind == "obj":
                elems.append(OBJ(("a", N(rng.choice(nums))), ("b", N(rng.choice(nums)))))
                t = "set(object({a=number,b=number}))"
            elif kind == "list":
                elems.append(SEQ(*[N(rng.choice(nums)) for _ in range(rng.randint(0, 2))]))
                t = "set(list(number))"
            elif kind == "tuple":
                elems.append(SEQ(N(rng.choice(nums)), S(rng.choice(["a", "b", "-0"]))))
                t = "set(tuple([number,string]))"
            elif kind == "map":
                elems.append(OBJ(*[(k, N(rng.choice(nums))) for k in rng.sample(["a", "b", "c"], rng.randint(0, 2))]))
                t = "set(map(number))"
            else:
                elems.append(OBJ(("s", SEQ(*[N(rng.choice(nums)) for _ in range(rng.randint(0, 3))]))))
                t = "set(object({s=set(number)}))"
        node = SEQ(*elems)
        print(json.dumps({"id": f"nz{seed}-{i:04d}", "type": t, "value": hcl(node), "tree": node}, ensure_ascii=False))


if __name__ == "__main__" and "--negzero" in sys.argv:
    negzero(int(sys.argv[sys.argv.index("--negzero") + 1]), int(sys.argv[sys.argv.index("--negzero") + 2]))
    sys.exit(0)


if __name__ == "__main__":
    main()
