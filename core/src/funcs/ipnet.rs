//! IP network functions: Terraform's `internal/lang/funcs/cidr.go`
//! (cidrhost, cidrnetmask, cidrsubnet, cidrsubnets, and OpenTofu's
//! cidrcontains), with go-cidr's arithmetic and Terraform's `ipaddr`
//! parsing (IPv4 parts may have leading zeros, read as decimal).

use std::net::{Ipv4Addr, Ipv6Addr};

use num_bigint::{BigInt, Sign};
use num_traits::ToPrimitive;

use super::{arg_err, call_err, s, text, to_int, FuncError, Function, Param, BOOL, STRING};
use crate::types::Type;
use crate::value::Value;

pub(super) const NAMES: &[&str] = &["cidrcontains", "cidrhost", "cidrnetmask", "cidrsubnet", "cidrsubnets"];

/// An address and its width in bits (32 or 128).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ip {
    addr: u128,
    bits: u32,
}

/// A network: its first address and prefix length.
#[derive(Clone, Copy, Debug)]
struct Net {
    ip: Ip,
    len: u32,
}

/// The `n` lowest bits set.
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The mask of a `len`-bit prefix in a `bits`-bit address.
fn net_mask(bits: u32, len: u32) -> u128 {
    low_bits(bits) ^ low_bits(bits.saturating_sub(len))
}

impl Ip {
    fn masked(self, len: u32) -> Ip {
        Ip { addr: self.addr & net_mask(self.bits, len), bits: self.bits }
    }
}

impl std::fmt::Display for Ip {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.bits == 32 {
            write!(f, "{}", Ipv4Addr::from(self.addr as u32))
        } else {
            let a = Ipv6Addr::from(self.addr);
            match a.to_ipv4_mapped() {
                Some(v4) => write!(f, "{v4}"),
                None => write!(f, "{a}"),
            }
        }
    }
}

impl std::fmt::Display for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        // Go prints an IPv4-mapped network as IPv4, its mask cut to 32 bits.
        let mapped = self.ip.bits == 128 && Ipv6Addr::from(self.ip.addr).to_ipv4_mapped().is_some();
        let len = if mapped && self.len >= 96 { self.len - 96 } else { self.len };
        write!(f, "{}/{}", self.ip, len)
    }
}

impl Net {
    fn last(&self) -> Ip {
        let host = low_bits(self.ip.bits.saturating_sub(self.len));
        Ip { addr: self.ip.addr | host, bits: self.ip.bits }
    }
    fn contains(&self, ip: Ip) -> bool {
        ip.bits == self.ip.bits && ip.masked(self.len).addr == self.ip.addr
    }
}

/// IPv4 parts without leading zeros (Terraform's `ipaddr` reads `010` as 10).
fn no_leading_zeros(t: &str) -> String {
    let parts: Vec<&str> = t.split('.').collect();
    if parts.len() != 4 || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit())) {
        return t.to_string();
    }
    parts
        .iter()
        .map(|p| if p.trim_start_matches('0').is_empty() { "0" } else { p.trim_start_matches('0') })
        .collect::<Vec<_>>()
        .join(".")
}

fn parse_ip(t: &str) -> Option<Ip> {
    let t = no_leading_zeros(t);
    if let Ok(v4) = t.parse::<Ipv4Addr>() {
        return Some(Ip { addr: u128::from(u32::from(v4)), bits: 32 });
    }
    if t.contains('%') {
        return None;
    }
    let v6: Ipv6Addr = t.parse().ok()?;
    Some(Ip { addr: u128::from(v6), bits: 128 })
}

/// `net.ParseCIDR` (after `ipaddr`'s leading-zero rule); the error is Go's.
fn parse_cidr(t: &str) -> Result<Net, String> {
    let bad = || format!("invalid CIDR address: {t}");
    let (a, l) = t.split_once('/').ok_or_else(bad)?;
    let ip = parse_ip(a).ok_or_else(bad)?;
    if l.is_empty() || !l.bytes().all(|b| b.is_ascii_digit()) || l.len() > 8 {
        return Err(bad());
    }
    let len: u32 = l.parse().map_err(|_| bad())?;
    if len > ip.bits {
        return Err(bad());
    }
    Ok(Net { ip: ip.masked(len), len })
}

/// gocty's reading into a Go `*big.Int`.
fn big_int(v: &Value) -> Result<i128, FuncError> {
    to_int(v).map(i128::from).map_err(|_| FuncError::Call("value must be a whole number".into()))
}

/// gocty's reading of a whole number of any size into a Go `*big.Int`.
fn whole_big_int(v: &Value) -> Result<BigInt, FuncError> {
    let whole = || FuncError::Call("value must be a whole number".into());
    let n = v.as_number().ok_or_else(whole)?;
    // An error names the number: past this many digits, tftype does not write them.
    if n.text_len_estimate() > 100_000 {
        return Err(FuncError::TooCostly);
    }
    let (neg, mag) = n.to_integer().ok_or_else(whole)?;
    Ok(BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, mag))
}

/// go-cidr v1.1.0 `HostBig`: the range check uses the low 64 bits of the
/// number's magnitude as an `int64` (so 2^63 wraps negative and passes); a
/// negative number is first counted back from the end (the error then
/// names that result); a number too wide for the address makes
/// `insertNumIntoIP` index out of range, a panic.
fn host_big(net: &Net, num: BigInt) -> Result<Ip, FuncError> {
    let host_len = net.ip.bits - net.len;
    let max = (BigInt::from(1u8) << host_len) - 1u8;
    let (num, check) = if num.sign() == Sign::Minus {
        let check = -num - 1u8;
        (&max - &check, check)
    } else {
        let low = num.magnitude().iter_u64_digits().next().unwrap_or(0);
        (num, BigInt::from(low as i64))
    };
    if check > max {
        return call_err(format!("prefix of {} does not accommodate a host numbered {num}", net.len));
    }
    match num.to_u128().filter(|&n| net.ip.bits == 128 || n >> 32 == 0) {
        Some(n) if num.sign() != Sign::Minus => Ok(Ip { addr: net.ip.addr | n, bits: net.ip.bits }),
        _ => call_err("panic in function implementation: runtime error: index out of range [-1]"),
    }
}

pub(super) fn lookup(name: &str) -> Option<Function> {
    let prefix = || Param::new("prefix", Type::String);
    let number = |n| Param::new(n, Type::Number);
    Some(match name {
        "cidrhost" => Function::new(vec![prefix(), number("hostnum")], STRING, |a, _, _| {
            let num = whole_big_int(&a[1])?;
            let net = parse_cidr(text(&a[0])).map_err(|e| FuncError::Call(format!("invalid CIDR expression: {e}")))?;
            host_big(&net, num).map(|ip| s(&ip.to_string()))
        }),
        "cidrnetmask" => Function::new(vec![prefix()], STRING, |a, _, _| {
            let net = parse_cidr(text(&a[0])).map_err(|e| FuncError::Call(format!("invalid CIDR expression: {e}")))?;
            if net.ip.bits != 32 {
                return call_err(format!("IPv6 addresses cannot have a netmask: {}", text(&a[0])));
            }
            Ok(s(&Ip { addr: net_mask(32, net.len), bits: 32 }.to_string()))
        }),
        "cidrsubnet" => Function::new(vec![prefix(), number("newbits"), number("netnum")], STRING, |a, _, _| {
            let newbits = to_int(&a[1]).map_err(FuncError::Call)?;
            let num = big_int(&a[2])?;
            let net = parse_cidr(text(&a[0])).map_err(|e| FuncError::Call(format!("invalid CIDR expression: {e}")))?;
            let new_len = i64::from(net.len) + newbits;
            if new_len > i64::from(net.ip.bits) {
                return call_err(format!("insufficient address space to extend prefix of {} by {newbits}", net.len));
            }
            let max: u64 = if (0..64).contains(&newbits) { (1u64 << newbits) - 1 } else { u64::MAX };
            if num < 0 || num as u128 > u128::from(max) {
                return call_err(format!("prefix extension of {newbits} does not accommodate a subnet numbered {num}"));
            }
            let new_len = new_len.max(0) as u32;
            let shift = net.ip.bits - new_len;
            let addr = net.ip.addr | if shift >= 128 { 0 } else { (num as u128) << shift };
            Ok(s(&Net { ip: Ip { addr, bits: net.ip.bits }, len: new_len }.to_string()))
        }),
        "cidrsubnets" => {
            Function::new(vec![prefix()], |_, _| Ok(Type::list(Type::String)), cidrsubnets).var(number("newbits"))
        }
        "cidrcontains" => Function::new(
            vec![Param::new("containing_prefix", Type::String), Param::new("contained_ip_or_prefix", Type::String)],
            BOOL,
            |a, _, _| {
                let (prefix, addr) = (text(&a[0]), text(&a[1]));
                let containing = parse_cidr(prefix).map_err(FuncError::Call)?;
                let (start, end) = match parse_ip(addr) {
                    Some(ip) => (ip, None),
                    None => {
                        let n = parse_cidr(addr)
                            .map_err(|_| FuncError::Call(format!("invalid IP address or prefix: {addr}")))?;
                        (n.ip, Some(n.last()))
                    }
                };
                if (start.bits == 32) != (containing.ip.bits == 32) {
                    return call_err(format!("address family mismatch: {prefix} vs. {addr}"));
                }
                Ok(Value::bool(containing.contains(start) && end.is_none_or(|e| containing.contains(e))))
            },
        ),
        _ => return None,
    })
}

fn cidrsubnets(a: &[Value], _: &Type, _: &crate::flavor::Profile) -> Result<Value, FuncError> {
    let net = parse_cidr(text(&a[0])).map_err(|e| FuncError::Arg(0, format!("invalid CIDR expression: {e}")))?;
    let lens = &a[1..];
    if lens.is_empty() {
        return Ok(Value::list(Type::String, vec![]));
    }
    let bits = net.ip.bits;
    let first = to_int(&lens[0]).map_err(|m| FuncError::Arg(1, m))? + i64::from(net.len);
    // The subnet just before the network, at the first length.
    let first = first.clamp(0, i64::from(bits)) as u32;
    let wrap = |x: u128| x & low_bits(bits);
    let mut current = Net { ip: Ip { addr: wrap(net.ip.addr.wrapping_sub(1)), bits }.masked(first), len: first };
    let mut out = Vec::new();
    for (i, l) in lens.iter().enumerate() {
        let len = to_int(l).map_err(|m| FuncError::Arg(i + 1, m))?;
        if len < 1 {
            return arg_err(i + 1, "must extend prefix by at least one bit");
        }
        if len > 32 {
            return arg_err(i + 1, "may not extend prefix by more than 32 bits");
        }
        let len = len + i64::from(net.len);
        if len > i64::from(bits) {
            let proto = if bits == 32 { "IPv4" } else { "IPv6" };
            return arg_err(
                i + 1,
                format!("would extend prefix to {len} bits, which is too long for an {proto} address"),
            );
        }
        let len = len as u32;
        let within = Net { ip: current.last().masked(len), len };
        let next_addr = wrap(within.last().addr.wrapping_add(1));
        let next = Net { ip: Ip { addr: next_addr, bits }.masked(len), len };
        if next_addr == 0 || !net.contains(next.ip) {
            return arg_err(
                i + 1,
                format!("not enough remaining address space for a subnet with a prefix of {len} bits after {current}"),
            );
        }
        current = next;
        out.push(s(&current.to_string()));
    }
    Ok(Value::list(Type::String, out))
}
