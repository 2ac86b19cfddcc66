"""Check-mode cases from real module directories (see scripts/real-modules)."""
import json, os, re, sys

FLAVORS = ["terraform@1.5", "terraform@1.9", "terraform@1.12", "terraform@1.15", "opentofu@1.6", "opentofu@1.10", "opentofu@1.12"]
WRONG = ["null", "{}", "[]", '""', "0", "true", '[{}]', '["a"]']


def var_blocks(text):
    for m in re.finditer(r'^variable\s+"([A-Za-z0-9_-]+)"\s*\{',text,re.M):
        i=m.end(); depth=1; j=i
        while j<len(text) and depth:
            ch=text[j]
            if ch=='{': depth+=1
            elif ch=='}': depth-=1
            elif ch=='"':
                j+=1
                while j<len(text) and text[j]!='"':
                    if text[j]=='\\': j+=1
                    j+=1
            elif ch=='#' or (ch=='/' and text[j+1:j+2]=='/'):
                while j<len(text) and text[j]!='\n': j+=1
            j+=1
        yield m.group(1), text[i:j-1]
def type_expr(body):
    m=re.search(r'^\s*type\s*=\s*',body,re.M)
    if not m: return None
    i=m.end(); depth=0; j=i
    while j<len(body):
        ch=body[j]
        if ch in '([{': depth+=1
        elif ch in ')]}': depth-=1
        elif ch=='\n' and depth==0: break
        elif ch=='#' or (ch=='/' and body[j+1:j+2]=='/'):
            while j<len(body) and body[j]!='\n': j+=1
            continue
        j+=1
    return body[i:j].strip()
class P:
    def __init__(s,t): s.t=re.sub(r'(#|//)[^\n]*','',t); s.i=0
    def ws(s):
        while s.i<len(s.t) and s.t[s.i] in ' \t\n\r,': s.i+=1
    def ident(s):
        s.ws(); m=re.match(r'[A-Za-z_][A-Za-z0-9_-]*',s.t[s.i:]); s.i+=m.end(); return m.group(0)
    def eat(s,c):
        s.ws(); assert s.t[s.i]==c,(s.t[s.i:s.i+20],c); s.i+=1
    def peek(s): s.ws(); return s.t[s.i] if s.i<len(s.t) else ''
    def skip_expr(s):
        depth=0
        while s.i<len(s.t):
            ch=s.t[s.i]
            if ch in '([{': depth+=1
            elif ch in ')]}':
                if depth==0: return
                depth-=1
            elif ch==',' and depth==0: return
            elif ch=='"':
                s.i+=1
                while s.t[s.i]!='"':
                    if s.t[s.i]=='\\': s.i+=1
                    s.i+=1
            s.i+=1
    def typ(s):
        n=s.ident()
        if n in('string','number','bool','any'): return (n,)
        if n in('list','set','map'):
            s.eat('('); t=s.typ(); s.eat(')'); return (n,t)
        if n=='tuple':
            s.eat('('); s.eat('['); ts=[]
            while s.peek()!=']': ts.append(s.typ())
            s.eat(']'); s.eat(')'); return ('tuple',ts)
        if n=='object':
            s.eat('('); s.eat('{'); attrs=[]
            while s.peek()!='}':
                k=s.ident();
                if s.peek()=='"': pass
                s.ws(); assert s.t[s.i] in '=:'; s.i+=1
                if s.t[s.i:].lstrip().startswith('optional'):
                    s.ident(); s.eat('('); t=s.typ(); s.ws()
                    hasdef=False
                    if s.peek()!=')': hasdef=True; s.skip_expr()
                    s.eat(')'); attrs.append((k,t,True))
                else: attrs.append((k,s.typ(),False))
            s.eat('}'); s.eat(')'); return ('object',attrs)
        raise Exception(n)
def val(t,full,depth=0):
    k=t[0]
    if k=='string': return '"a"'
    if k=='number': return '1'
    if k=='bool': return 'true'
    if k=='any': return '"x"'
    if k in('list','set'): return '[%s]'%val(t[1],full,depth+1) if full else '[]'
    if k=='map': return '{k = %s}'%val(t[1],full,depth+1) if full else '{}'
    if k=='tuple': return '[%s]'%', '.join(val(x,full,depth+1) for x in t[1])
    if k=='object': return '{%s}'%', '.join('%s = %s'%(a,val(at,full,depth+1)) for a,at,opt in t[1] if full or not opt)


def main(dirs):
    for d in dirs:
        base = {}
        for f in sorted(os.listdir(d)):
            p = os.path.join(d, f)
            if os.path.isfile(p) and f.endswith(".tf"):
                try:
                    base[f] = open(p, encoding="utf-8").read()
                except (OSError, UnicodeDecodeError):
                    pass
        if not base:
            continue
        decls = []
        for text in base.values():
            for name, b in var_blocks(text):
                te = type_expr(b)
                try:
                    t = P(te).typ() if te else ("any",)
                except Exception:
                    t = ("any",)
                decls.append((name, t))
        variants = [(f"v{i}", {n: w for n, _ in decls}) for i, w in enumerate(WRONG)]
        variants += [("min", {n: val(t, False) for n, t in decls}), ("full", {n: val(t, True) for n, t in decls})]
        for tag, values in variants:
            files = dict(base)
            files["terraform.tfvars"] = "".join(f"{n} = {v}\n" for n, v in values.items())
            for fl in FLAVORS:
                print(json.dumps({"id": f"{d}#{tag}@{fl}", "mode": "check", "flavor": fl, "files": files}))


if __name__ == "__main__":
    main(sys.argv[1:])
