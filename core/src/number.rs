//! Numbers as cty holds them: a binary big float like Go's `big.Float`, with
//! the precision and rounding Terraform ends up with, never f64.
//!
//! # What is reproduced
//!
//! cty stores every number as a `*big.Float`. Numbers read from text
//! (`cty.ParseNumberVal`, used by HCL number literals, HCL JSON numbers,
//! `ctyjson` and the string -> number conversion) are
//! `big.ParseFloat(s, 10, 512, big.ToNearestEven)`; `cty.NumberIntVal` uses
//! `SetInt64`, which gives precision 64. Every value here carries the same
//! precision Go would give it, because the precision decides how
//! `Text('f', -1)` prints it (the shortest decimal that reads back to the same
//! value *at that precision*).
//!
//! The parser reproduces `big.Float.Parse` step by step, including its
//! intermediate rounding: the decimal mantissa is read exactly, then
//! multiplied or divided by a power of five that Go computes by repeated
//! squaring at 576 and 640 bits, then rounded once to 512 bits. For most
//! inputs that is the correctly rounded value; for very long exponents it
//! can differ in the last bit, and so would this.
//!
//! The printer reproduces `Text('f', -1)`, `Text('g', -1)` and `Text('g', 10)`
//! (`big.Float.String`, used for cty's set hashes), including Go's way of
//! choosing the shortest digits (it compares digit positions of the two
//! half-way bounds without aligning their decimal exponents).
//!
//! Arithmetic follows go-cty's `Value.Add`/`Subtract`/`Multiply`/`Divide`/
//! `Modulo`/`Negate`, as HCL's operators call them through cty's stdlib
//! functions, with the errors those functions report.
//!
//! # Deliberate limit
//!
//! Go accepts binary exponents up to ±2³¹, but printing such a number takes
//! Go minutes to hours (the decimal text alone has hundreds of millions of
//! digits). Here a finite, non-zero number must have a binary exponent within
//! ±[`MAX_BINARY_EXPONENT`] (about 10^±157,000); parsing or arithmetic that
//! would produce a larger or smaller one fails with [`NumberError::Range`].
//! Where Go itself overflows to ±Inf or underflows to ±0 (e.g.
//! `1e999999999`, `1e-999999999`) the result is the same as Go's.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

/// The precision cty uses for every number it reads from text.
pub const PARSE_PRECISION: u32 = 512;
/// The precision Go's `SetInt64` gives (`cty.NumberIntVal`).
pub const INT_PRECISION: u32 = 64;
/// The largest binary exponent (in Go's `0.mantissa × 2^exp` form) that a
/// finite non-zero number may have here, in either direction. See the
/// module documentation.
pub const MAX_BINARY_EXPONENT: i64 = 1 << 19;

/// A number of at least 10^this (or, non-zero, below 10^-this) has a binary
/// exponent beyond [`MAX_BINARY_EXPONENT`] (2^19 × log10(2) ≈ 157,826).
const LIMIT_DECIMAL_EXPONENT: i128 = 158_000;
/// Below 10^this (and non-zero above 10^-this) Go's parser gives a finite,
/// non-zero number (its binary exponent stays within ±2^31 whatever the
/// digits, for texts under 200 MB), so past [`LIMIT_DECIMAL_EXPONENT`] the
/// answer is the limit's, not Go's overflow to ±Inf or 0.
const GO_FINITE_DECIMAL_EXPONENT: i128 = 500_000_000;

/// The decimal magnitude `d` of the number whose mantissa digits are
/// `digits` (with at most one `.`), `int_digits` of them before the radix
/// point, times 10^`exp`: the number is in [10^(d-1), 10^d). None when every
/// digit is zero. Linear in the digits, no big numbers.
fn decimal_magnitude(digits: &[u8], int_digits: i64, exp: i64) -> Option<i128> {
    let mut place = 0i64;
    for &c in digits {
        match c {
            b'.' => continue,
            b'0' => place += 1,
            _ => return Some(int_digits as i128 - place as i128 + exp as i128),
        }
    }
    None
}

/// Go's `big.MinExp` / `big.MaxExp`.
const GO_MIN_EXP: i64 = i32::MIN as i64;
const GO_MAX_EXP: i64 = i32::MAX as i64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a number cty's parser accepts.
    Syntax,
    /// The number is beyond [`MAX_BINARY_EXPONENT`], tftype's own limit
    /// (see the module documentation). Go's own exponent overflow while
    /// parsing is a [`NumberError::Syntax`]: Go refuses the text.
    Range,
    /// An arithmetic operation that go-cty's stdlib refuses; the text is the
    /// error go-cty reports (HCL shows it as `Error during operation: TEXT.`).
    Operation(&'static str),
}

impl NumberError {
    /// A short description (the go-cty text for [`NumberError::Operation`]).
    pub fn message(&self) -> &'static str {
        match self {
            NumberError::Syntax => "a number is required",
            NumberError::Range => "number is too large or too small",
            NumberError::Operation(m) => m,
        }
    }
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// What a number beyond [`MAX_BINARY_EXPONENT`] is told (see the module
/// documentation).
pub const RANGE_DETAIL: &str = "The result is beyond about 10^157,000 (or below 10^-157,000), the largest numbers tftype computes. Terraform goes on to about 10^646,000,000, but printing such a number takes it minutes to hours.";

/// What a number literal (or a string read as a number) beyond
/// [`MAX_BINARY_EXPONENT`] is told.
pub const LITERAL_RANGE_DETAIL: &str = "This number is beyond about 10^157,000 (or below 10^-157,000), the largest numbers tftype computes. Terraform reads numbers up to about 10^646,000,000, but printing such a number takes it minutes to hours.";

const ERR_ADD_INF: &str = "can't compute sum of opposing infinities";
const ERR_SUB_INF: &str = "can't subtract infinity from itself";
const ERR_MUL_ZERO_INF: &str = "can't multiply zero by infinity";
const ERR_DIV: &str = "can't divide zero by zero or infinity by infinity";
const ERR_MOD: &str = "can't use modulo with zero and infinity";
/// go-cty's Modulo dereferences the nil `*big.Int` that `Int()` returns for an
/// infinite quotient; cty's function machinery turns the panic into this
/// error (followed, in Go, by a stack trace).
const ERR_MOD_INF_PANIC: &str =
    "panic in function implementation: runtime error: invalid memory address or nil pointer dereference";

// ---------------------------------------------------------------------------
// The general representation: a binary float with Go's semantics.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Zero,
    Finite,
    Inf,
}

/// A float in Go's terms: `(-1)^neg × 0.1xxx × 2^exp` with `prec` bits.
/// For finite values `mant` is the odd integer mantissa (trailing zero bits
/// removed), so the value is `mant × 2^(exp - bits(mant))`.
#[derive(Clone, Debug)]
struct Float {
    neg: bool,
    form: Form,
    prec: u32,
    exp: i64,
    mant: BigUint,
}

fn bits(m: &BigUint) -> i64 {
    m.bits() as i64
}

/// Removes trailing zero bits; returns how many were removed.
fn strip_zeros(m: &mut BigUint) -> u64 {
    match m.trailing_zeros() {
        Some(tz) if tz > 0 => {
            *m >>= tz;
            tz
        }
        _ => 0,
    }
}

impl Float {
    fn zero(neg: bool, prec: u32) -> Float {
        Float { neg, form: Form::Zero, prec, exp: 0, mant: BigUint::zero() }
    }

    fn inf(neg: bool, prec: u32) -> Float {
        Float { neg, form: Form::Inf, prec, exp: 0, mant: BigUint::zero() }
    }

    /// The exponent of the mantissa's least significant bit.
    fn lsb(&self) -> i64 {
        self.exp - bits(&self.mant)
    }

    /// Rounds `(-1)^neg × m × 2^e` to `prec` bits, to nearest even, as Go's
    /// `setExpAndRound`: the exponent range is checked on the unrounded value
    /// (overflow gives ±Inf, underflow ±0), then a carry out of the mantissa
    /// may overflow once more. `sticky` says that non-zero bits were already
    /// dropped below `m`. `m` must not be zero.
    fn round(neg: bool, mut m: BigUint, mut e: i64, prec: u32, mut sticky: bool) -> Float {
        debug_assert!(!m.is_zero());
        let l = bits(&m);
        let top = e + l;
        if top < GO_MIN_EXP {
            return Float::zero(neg, prec);
        }
        if top > GO_MAX_EXP {
            return Float::inf(neg, prec);
        }
        let p = prec as i64;
        if l > p {
            let r = (l - p) as u64; // bits to drop, >= 1
            let tz = m.trailing_zeros().unwrap_or(0);
            let rbit = m.bit(r - 1);
            sticky |= tz < r - 1;
            m >>= r;
            e += r as i64;
            if rbit && (sticky || m.bit(0)) {
                m += 1u32;
            }
        }
        let tz = strip_zeros(&mut m);
        e += tz as i64;
        let exp = e + bits(&m);
        if exp > GO_MAX_EXP {
            return Float::inf(neg, prec);
        }
        Float { neg, form: Form::Finite, prec, exp, mant: m }
    }

    fn negated(mut self) -> Float {
        self.neg = !self.neg;
        self
    }

    fn with_prec(mut self, prec: u32) -> Float {
        if self.form == Form::Finite && bits(&self.mant) > prec as i64 {
            let lsb = self.lsb();
            return Float::round(self.neg, self.mant, lsb, prec, false);
        }
        self.prec = prec;
        self
    }

    /// Go's `Float.Sign`.
    fn sign(&self) -> i32 {
        match (self.form, self.neg) {
            (Form::Zero, _) => 0,
            (_, true) => -1,
            (_, false) => 1,
        }
    }

    /// Compares magnitudes of two finite values.
    fn cmp_abs(&self, o: &Float) -> Ordering {
        self.exp.cmp(&o.exp).then_with(|| {
            let (la, lb) = (bits(&self.mant), bits(&o.mant));
            match la.cmp(&lb) {
                Ordering::Equal => self.mant.cmp(&o.mant),
                Ordering::Greater => self.mant.cmp(&(&o.mant << (la - lb) as u64)),
                Ordering::Less => (&self.mant << (lb - la) as u64).cmp(&o.mant),
            }
        })
    }

    /// Go's `Float.Cmp`: -0 == +0, infinities at the ends.
    fn cmp(&self, o: &Float) -> Ordering {
        let ord = |f: &Float| -> i32 {
            let m = match f.form {
                Form::Zero => 0,
                Form::Finite => 1,
                Form::Inf => 2,
            };
            if f.neg {
                -m
            } else {
                m
            }
        };
        let (a, b) = (ord(self), ord(o));
        match a.cmp(&b) {
            Ordering::Equal => match a {
                1 => self.cmp_abs(o),
                -1 => o.cmp_abs(self),
                _ => Ordering::Equal,
            },
            other => other,
        }
    }

    /// Go's `Float.Add` with the receiver's precision `prec`. `Err` = NaN.
    fn add(&self, y: &Float, prec: u32) -> Result<Float, ()> {
        let x = self;
        match (x.form, y.form) {
            (Form::Finite, Form::Finite) => {
                if x.neg == y.neg {
                    let (m, e) = exact_sum(x, y);
                    Ok(Float::round(x.neg, m, e, prec, false))
                } else {
                    let (big, small, neg) =
                        if x.cmp_abs(y) == Ordering::Greater { (x, y, x.neg) } else { (y, x, !x.neg) };
                    let (m, e) = exact_diff(big, small);
                    if m.is_zero() {
                        Ok(Float::zero(false, prec))
                    } else {
                        Ok(Float::round(neg, m, e, prec, false))
                    }
                }
            }
            (Form::Inf, Form::Inf) if x.neg != y.neg => Err(()),
            (Form::Zero, Form::Zero) => Ok(Float::zero(x.neg && y.neg, prec)),
            (Form::Inf, _) | (_, Form::Zero) => Ok(x.clone().with_prec(prec)),
            _ => Ok(y.clone().with_prec(prec)),
        }
    }

    /// Go's `Float.Sub` (equal to `x + (-y)` in every case, signs included).
    fn sub(&self, y: &Float, prec: u32) -> Result<Float, ()> {
        self.add(&y.clone().negated(), prec)
    }

    /// Go's `Float.Mul` with the receiver's precision `prec`. `Err` = NaN.
    fn mul(&self, y: &Float, prec: u32) -> Result<Float, ()> {
        let neg = self.neg != y.neg;
        match (self.form, y.form) {
            (Form::Finite, Form::Finite) => {
                let m = &self.mant * &y.mant;
                Ok(Float::round(neg, m, self.lsb() + y.lsb(), prec, false))
            }
            (Form::Zero, Form::Inf) | (Form::Inf, Form::Zero) => Err(()),
            (Form::Inf, _) | (_, Form::Inf) => Ok(Float::inf(neg, prec)),
            _ => Ok(Float::zero(neg, prec)),
        }
    }

    /// Go's `Float.Quo` with the receiver's precision `prec`. `Err` = NaN.
    fn quo(&self, y: &Float, prec: u32) -> Result<Float, ()> {
        let neg = self.neg != y.neg;
        match (self.form, y.form) {
            (Form::Finite, Form::Finite) => {
                // Enough quotient bits for the rounding bit plus one, and the
                // remainder as the sticky bit: a correctly rounded quotient,
                // as Go's uquo computes it.
                let (lx, ly) = (bits(&self.mant), bits(&y.mant));
                let s = (prec as i64 + 2 + ly - lx).max(0);
                let num = &self.mant << s as u64;
                let (q, r) = num.div_rem(&y.mant);
                Ok(Float::round(neg, q, self.lsb() - y.lsb() - s, prec, !r.is_zero()))
            }
            (Form::Zero, Form::Zero) | (Form::Inf, Form::Inf) => Err(()),
            (Form::Zero, _) | (_, Form::Inf) => Ok(Float::zero(neg, prec)),
            _ => Ok(Float::inf(neg, prec)),
        }
    }

    /// Go's `Float.Int`: the integer part (truncated toward zero) and whether
    /// it is exact; `None` for infinities.
    fn int_part(&self) -> Option<(bool, BigUint, bool)> {
        match self.form {
            Form::Inf => None,
            Form::Zero => Some((false, BigUint::zero(), true)),
            Form::Finite => {
                if self.exp <= 0 {
                    return Some((false, BigUint::zero(), false));
                }
                let lsb = self.lsb();
                if lsb >= 0 {
                    Some((self.neg, &self.mant << lsb as u64, true))
                } else {
                    Some((self.neg, &self.mant >> (-lsb) as u64, false))
                }
            }
        }
    }

    /// Go's `SetInt` into a Float of precision `prec`.
    fn from_int(neg: bool, v: BigUint, prec: u32) -> Float {
        if v.is_zero() {
            Float::zero(neg, prec)
        } else {
            Float::round(neg, v, 0, prec, false)
        }
    }

    fn is_int(&self) -> bool {
        match self.form {
            Form::Zero => true,
            Form::Inf => false,
            Form::Finite => self.exp > 0 && self.lsb() >= 0,
        }
    }
}

/// `|x| + |y|` exactly, as (mantissa, lsb exponent).
fn exact_sum(x: &Float, y: &Float) -> (BigUint, i64) {
    let (ex, ey) = (x.lsb(), y.lsb());
    let e = ex.min(ey);
    let a = &x.mant << (ex - e) as u64;
    let b = &y.mant << (ey - e) as u64;
    (a + b, e)
}

/// `|x| - |y|` exactly for `|x| >= |y|`.
fn exact_diff(x: &Float, y: &Float) -> (BigUint, i64) {
    let (ex, ey) = (x.lsb(), y.lsb());
    let e = ex.min(ey);
    let a = &x.mant << (ex - e) as u64;
    let b = &y.mant << (ey - e) as u64;
    (a - b, e)
}

/// `5^n` as Go's parser computes it (`Float.pow5`): exact from a table up to
/// 5^27, then repeated squaring with the factor at 640 bits and the product
/// at 576 bits, each step rounded. Overflows to +Inf as Go does.
fn go_pow5(n: u64) -> Float {
    const PREC: u32 = PARSE_PRECISION + 64;
    const TABLE_MAX: u64 = 27;
    let p5 = |k: u32| BigUint::from(5u32).pow(k);
    if n <= TABLE_MAX {
        return Float::round(false, p5(n as u32), 0, PREC, false);
    }
    let mut z = Float::round(false, p5(TABLE_MAX as u32), 0, PREC, false);
    let mut f = Float::round(false, BigUint::from(5u32), 0, PREC + 64, false);
    let mut k = n - TABLE_MAX;
    while k > 0 {
        if k & 1 != 0 {
            z = z.mul(&f, PREC).expect("no zero factor");
        }
        f = f.mul(&f, PREC + 64).expect("no zero factor");
        k >>= 1;
    }
    z
}

// ---------------------------------------------------------------------------
// Number: the public face, with a cheap representation for small integers.
// ---------------------------------------------------------------------------

/// A cty number. Small integers (|v| < 2^64, including ±0) are held inline;
/// everything else as a shared big float.
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    /// A zero or finite integer whose magnitude fits in u64.
    Int { neg: bool, mag: u64, prec: u32 },
    /// Any other value (non-integers, larger integers, infinities).
    Big(Arc<Float>),
}

impl Number {
    fn int(neg: bool, mag: u64, prec: u32) -> Number {
        Number(Repr::Int { neg, mag, prec })
    }

    fn from_float(f: Float) -> Number {
        match f.form {
            Form::Zero => Number::int(f.neg, 0, f.prec),
            Form::Finite if f.exp <= 64 && f.lsb() >= 0 => {
                let mag = f.mant.to_u64().expect("at most 64 bits") << f.lsb() as u32;
                Number::int(f.neg, mag, f.prec)
            }
            _ => Number(Repr::Big(Arc::new(f))),
        }
    }

    /// Like `from_float`, but refuses finite results beyond the supported
    /// exponent range.
    fn checked(f: Float) -> Result<Number, NumberError> {
        if f.form == Form::Finite && f.exp.abs() > MAX_BINARY_EXPONENT {
            return Err(NumberError::Range);
        }
        Ok(Number::from_float(f))
    }

    fn to_float(&self) -> Float {
        match &self.0 {
            Repr::Int { neg, mag, prec } => {
                if *mag == 0 {
                    Float::zero(*neg, *prec)
                } else {
                    let tz = mag.trailing_zeros();
                    let m = mag >> tz;
                    Float {
                        neg: *neg,
                        form: Form::Finite,
                        prec: *prec,
                        exp: 64 - mag.leading_zeros() as i64,
                        mant: BigUint::from(m),
                    }
                }
            }
            Repr::Big(f) => (**f).clone(),
        }
    }

    fn with_float<R>(&self, f: impl FnOnce(&Float) -> R) -> R {
        match &self.0 {
            Repr::Big(b) => f(b),
            Repr::Int { .. } => f(&self.to_float()),
        }
    }

    // ----- construction ----------------------------------------------------

    /// Parses an HCL number literal as hclsyntax does: the token (a digit,
    /// then digits, `.`, and `e`/`E` exponents with an optional sign, not
    /// ending in `.`), optionally preceded by `-` for a negated literal, read
    /// with `cty.ParseNumberVal`. Tokens the scanner accepts but Go's parser
    /// does not (`1.2.3`, `1e5e5`) give [`NumberError::Syntax`] ("Invalid
    /// number literal" in HCL).
    pub fn parse_literal(s: &str) -> Result<Number, NumberError> {
        let body = s.strip_prefix('-').unwrap_or(s);
        let b = body.as_bytes();
        if b.is_empty() || !b[0].is_ascii_digit() || *b.last().unwrap() == b'.' {
            return Err(NumberError::Syntax);
        }
        for (i, &c) in b.iter().enumerate() {
            let ok = c.is_ascii_digit()
                || c == b'.'
                || c == b'e'
                || c == b'E'
                || ((c == b'+' || c == b'-') && matches!(b[i - 1], b'e' | b'E'));
            if !ok {
                return Err(NumberError::Syntax);
            }
        }
        Self::parse_cty_string(s)
    }

    /// cty's string -> number conversion and `cty.ParseNumberVal`:
    /// `big.ParseFloat(s, 10, 512, big.ToNearestEven)`. Accepts an optional
    /// `+`/`-`, decimal digits with at most one `.` (`.5`, `5.`), an optional
    /// exponent `e`/`E` (power of ten) or `p`/`P` (power of two) with an
    /// optional sign, and exactly `Inf`, `inf`, `+Inf`, `+inf`, `-Inf`,
    /// `-inf` (infinities). Nothing else: no spaces, `_`, hex, `Infinity`,
    /// `NaN`, empty string.
    pub fn parse_cty_string(s: &str) -> Result<Number, NumberError> {
        const P: u32 = PARSE_PRECISION;
        match s {
            "Inf" | "inf" | "+Inf" | "+inf" => return Ok(Number(Repr::Big(Arc::new(Float::inf(false, P))))),
            "-Inf" | "-inf" => return Ok(Number(Repr::Big(Arc::new(Float::inf(true, P))))),
            _ => {}
        }
        let b = s.as_bytes();
        // Plain decimal digits (most numbers in a value file), at most 19 of
        // them: the integer the steps below make of them, read at once. The
        // browser's engines leave it out (issue #39: size of the .wasm).
        let digits = b.strip_prefix(b"-").unwrap_or(b);
        if cfg!(not(target_arch = "wasm32"))
            && (1..=19).contains(&digits.len())
            && digits.iter().all(u8::is_ascii_digit)
        {
            let m = digits.iter().fold(0u64, |m, &c| m * 10 + (c - b'0') as u64);
            return Ok(Number::int(digits.len() < b.len(), m, P));
        }
        let mut i = 0;
        let neg = match b.first() {
            None => return Err(NumberError::Syntax),
            Some(b'-') => {
                i = 1;
                true
            }
            Some(b'+') => {
                i = 1;
                false
            }
            Some(_) => false,
        };
        // Mantissa: digits with at most one radix point.
        let mant_start = i;
        let mut ndigits: i64 = 0;
        let mut dot: Option<i64> = None;
        while i < b.len() {
            match b[i] {
                b'0'..=b'9' => ndigits += 1,
                b'.' if dot.is_none() => dot = Some(ndigits),
                _ => break,
            }
            i += 1;
        }
        if ndigits == 0 {
            return Err(NumberError::Syntax);
        }
        let mant_end = i;
        // Exponent: e/E (decimal) or p/P (binary), optional sign, digits; the
        // value must fit an int64 (strconv.ParseInt).
        let mut exp: i64 = 0;
        let mut binary_exp = false;
        if i < b.len() && matches!(b[i], b'e' | b'E' | b'p' | b'P') {
            binary_exp = matches!(b[i], b'p' | b'P');
            i += 1;
            let mut eneg = false;
            if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
                eneg = b[i] == b'-';
                i += 1;
            }
            let mut v: u128 = 0;
            let mut any = false;
            while i < b.len() && b[i].is_ascii_digit() {
                v = (v * 10 + (b[i] - b'0') as u128).min(u64::MAX as u128);
                any = true;
                i += 1;
            }
            if !any {
                return Err(NumberError::Syntax);
            }
            let limit = if eneg { 1u128 << 63 } else { (1u128 << 63) - 1 };
            if v > limit {
                return Err(NumberError::Syntax);
            }
            exp = if eneg { (v as i128).wrapping_neg() as i64 } else { v as i64 };
        }
        if i != b.len() {
            return Err(NumberError::Syntax);
        }
        let digits = &b[mant_start..mant_end];
        // fcount: minus the number of digits after the radix point.
        let fcount = dot.map_or(0, |d| d - ndigits);
        if !binary_exp {
            // Past the limit, known from the digits' places alone: no
            // big-number work on a million-digit literal (see `decimal_magnitude`).
            match decimal_magnitude(digits, dot.unwrap_or(ndigits), exp) {
                None => return Ok(Number::int(neg, 0, P)),
                Some(d)
                    if (LIMIT_DECIMAL_EXPONENT..GO_FINITE_DECIMAL_EXPONENT).contains(&(d - 1))
                        || (-GO_FINITE_DECIMAL_EXPONENT..-LIMIT_DECIMAL_EXPONENT).contains(&d) =>
                {
                    return Err(NumberError::Range)
                }
                Some(_) => {}
            }
        }

        // Fast path: an integer that fits in u64 (the common case).
        if ndigits <= 19 && !binary_exp {
            let mut m: u64 = 0;
            for &c in digits {
                if c != b'.' {
                    m = m * 10 + (c - b'0') as u64;
                }
            }
            if m == 0 {
                return Ok(Number::int(neg, 0, P));
            }
            let k = fcount as i128 + exp as i128;
            if (0..=19).contains(&k) {
                if let Some(v) = 10u64.checked_pow(k as u32).and_then(|p| m.checked_mul(p)) {
                    return Ok(Number::int(neg, v, P));
                }
            }
        }

        let m = if ndigits <= 19 {
            let mut v: u64 = 0;
            for &c in digits {
                if c != b'.' {
                    v = v * 10 + (c - b'0') as u64;
                }
            }
            BigUint::from(v)
        } else {
            let ds: Vec<u8> = digits.iter().filter(|&&c| c != b'.').map(|&c| c - b'0').collect();
            digits_to_biguint(&ds)
        };
        if m.is_zero() {
            return Ok(Number::int(neg, 0, P));
        }
        // Go's exponent bookkeeping: exp2 is the binary exponent of the
        // mantissa read as an integer, exp5 the power of five still to apply.
        let l = bits(&m) as i128;
        let mut exp2 = l + fcount as i128;
        let mut exp5 = fcount as i128;
        if binary_exp {
            exp2 += exp as i128;
        } else {
            exp2 += exp as i128;
            exp5 += exp as i128;
        }
        if exp2 < GO_MIN_EXP as i128 || exp2 > GO_MAX_EXP as i128 {
            // Go's own "exponent overflow": the text is refused as Go refuses it.
            return Err(NumberError::Syntax);
        }
        let mut mant = m;
        strip_zeros(&mut mant);
        let z = Float { neg, form: Form::Finite, prec: P, exp: exp2 as i64, mant };
        let f = if exp5 == 0 {
            let lsb = z.lsb();
            Float::round(neg, z.mant, lsb, P, false)
        } else if exp5 > 0 {
            z.mul(&go_pow5(exp5 as u64), P).expect("finite operands")
        } else {
            z.quo(&go_pow5((-exp5) as u64), P).expect("finite operands")
        };
        Number::checked(f)
    }

    /// A JSON number token (as `encoding/json` validates it:
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) read with
    /// `cty.ParseNumberVal`, as HCL's JSON syntax and `ctyjson` do.
    pub fn parse_json_number(s: &str) -> Result<Number, NumberError> {
        if !is_json_number(s) {
            return Err(NumberError::Syntax);
        }
        Self::parse_cty_string(s)
    }

    /// `cty.NumberIntVal`: precision 64.
    pub fn from_i64(i: i64) -> Number {
        Number::int(i < 0, i.unsigned_abs(), INT_PRECISION)
    }

    /// `cty.NumberUIntVal`: precision 64.
    pub fn from_u64(u: u64) -> Number {
        Number::int(false, u, INT_PRECISION)
    }

    /// Positive or negative infinity, as parsed from `"Inf"` / `"-Inf"`
    /// (precision 512).
    pub fn infinity(neg: bool) -> Number {
        Number(Repr::Big(Arc::new(Float::inf(neg, PARSE_PRECISION))))
    }

    // ----- inspection ------------------------------------------------------

    /// The mantissa precision in bits (Go's `Prec()`).
    /// About how long [`Number::to_text_f`] is, known without printing
    /// (the text of a number written in 8 characters can be 150,000 digits
    /// long): what printing it costs. Close for large and tiny numbers (the
    /// digits the exponent adds); a flat 40 for everyday ones.
    pub fn text_len_estimate(&self) -> usize {
        match &self.0 {
            Repr::Big(f) if f.form == Form::Finite && f.exp.abs() > 2048 => {
                // Decimal digits = binary digits × log10(2), plus the
                // significant digits of a 512-bit mantissa.
                (f.exp.unsigned_abs() * 30103 / 100_000) as usize + 160
            }
            _ => 40,
        }
    }

    pub fn precision(&self) -> u32 {
        match &self.0 {
            Repr::Int { prec, .. } => *prec,
            Repr::Big(f) => f.prec,
        }
    }

    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Int { .. } => true,
            Repr::Big(f) => f.is_int(),
        }
    }

    /// An integer's exact value, as gocty reads it into a Go `*big.Int`
    /// (`Float.Int`): sign and magnitude; None for anything else.
    pub fn to_integer(&self) -> Option<(bool, BigUint)> {
        match &self.0 {
            Repr::Int { neg, mag, .. } => Some((*neg, BigUint::from(*mag))),
            Repr::Big(f) => match f.int_part()? {
                (neg, v, true) => Some((neg, v)),
                _ => None,
            },
        }
    }

    /// The value as an i64 when it is an integer in range (-0 gives 0).
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Int { neg: false, mag, .. } => i64::try_from(*mag).ok(),
            Repr::Int { neg: true, mag, .. } => {
                if *mag <= 1u64 << 63 {
                    Some((*mag as i128).wrapping_neg() as i64)
                } else {
                    None
                }
            }
            Repr::Big(_) => None,
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Int { mag: 0, .. })
    }

    pub fn is_negative_zero(&self) -> bool {
        matches!(self.0, Repr::Int { neg: true, mag: 0, .. })
    }

    pub fn is_infinite(&self) -> bool {
        matches!(&self.0, Repr::Big(f) if f.form == Form::Inf)
    }

    /// Go's `Signbit`: true for negative numbers, -0 and -Inf.
    pub fn is_sign_negative(&self) -> bool {
        match &self.0 {
            Repr::Int { neg, .. } => *neg,
            Repr::Big(f) => f.neg,
        }
    }

    /// Go's `Sign`: -1, 0 (for ±0) or +1.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Int { mag: 0, .. } => 0,
            Repr::Int { neg, .. } => {
                if *neg {
                    -1
                } else {
                    1
                }
            }
            Repr::Big(f) => f.sign(),
        }
    }

    // ----- comparison ------------------------------------------------------

    /// The value of an integer held as one (a magnitude within u64), for
    /// comparisons done in place: `cmp_num` and `raw_equal` of two such
    /// numbers are those of their values. None for any other number.
    #[inline]
    pub fn small_int(&self) -> Option<i128> {
        match &self.0 {
            Repr::Int { neg, mag, .. } => Some(if *neg { -(*mag as i128) } else { *mag as i128 }),
            Repr::Big(_) => None,
        }
    }

    /// Numeric comparison, Go's `Cmp` (`-0 == 0`; -Inf and +Inf at the
    /// ends). This is also the order cty gives the elements of a set of
    /// numbers.
    pub fn cmp_num(&self, other: &Number) -> Ordering {
        if let (Repr::Int { neg: an, mag: am, .. }, Repr::Int { neg: bn, mag: bm, .. }) = (&self.0, &other.0) {
            let a = if *an { -(*am as i128) } else { *am as i128 };
            let b = if *bn { -(*bm as i128) } else { *bm as i128 };
            return a.cmp(&b);
        }
        self.to_float().cmp(&other.to_float())
    }

    /// cty's `RawEquals`/`Equals`/set equality of two numbers, as go-cty
    /// 1.14.3+ (`rawNumberEqual`): different signs are unequal; two exact
    /// integers compare exactly; an integer never equals a non-integer;
    /// otherwise the `Text('f', -1)` texts are compared (with -0 as 0).
    pub fn raw_equal(&self, other: &Number) -> bool {
        if let (Repr::Int { mag: am, .. }, Repr::Int { mag: bm, .. }) = (&self.0, &other.0) {
            // Zeros compare equal whatever their sign; non-zero integers need
            // equal signs and magnitudes.
            return am == bm && (*am == 0 || self.is_sign_negative() == other.is_sign_negative());
        }
        if self.signum() != other.signum() {
            return false;
        }
        let (a, b) = (self.to_float(), other.to_float());
        let (ai, bi) = (a.is_int(), b.is_int());
        if ai != bi {
            return false;
        }
        if ai {
            return a.int_part() == b.int_part();
        }
        self.text_f_key() == other.text_f_key()
    }

    /// A stand-in for `Text('f', -1)` (`-0` as `0`) in comparisons and
    /// keys: two numbers get the same key exactly when their texts are
    /// equal, but the digits are never expanded (`1e83185` is `1e83186`,
    /// not 83,186 digits), so its cost does not grow with the exponent.
    pub fn text_f_key(&self) -> String {
        let mut out = String::new();
        if self.signum() < 0 {
            out.push('-');
        }
        if self.is_infinite() {
            out.push_str("Inf");
            return out;
        }
        if self.signum() == 0 {
            return "0".into();
        }
        let d = match self.integer_text() {
            Some(s) => {
                let s = s.trim_start_matches('-');
                Digits::exact_from(s.as_bytes().to_vec(), s.len() as i64)
            }
            None => self.with_float(shortest),
        };
        let n = d.digits.iter().rposition(|&c| c != b'0').map_or(0, |i| i + 1);
        out.push_str(std::str::from_utf8(&d.digits[..n]).expect("ascii"));
        out.push('e');
        out.push_str(&d.exp.to_string());
        out
    }

    /// go-cty 1.12.1's `rawNumberEqual` (what the oracle runs): signs, then
    /// `Text('f', -1)` only. Differs from [`Number::raw_equal`] only for
    /// integers beyond their precision.
    pub fn raw_equal_v1_12(&self, other: &Number) -> bool {
        if self.signum() != other.signum() {
            return false;
        }
        self.text_f_key() == other.text_f_key()
    }

    // ----- arithmetic (go-cty Value methods, as HCL's operators call them) --

    /// `a + b` (cty `Add`): precision max of the operands.
    pub fn add(&self, o: &Number) -> Result<Number, NumberError> {
        if let Some(r) = self.small_add(o, false) {
            return Ok(r);
        }
        let prec = self.precision().max(o.precision());
        let r = self.to_float().add(&o.to_float(), prec).map_err(|_| NumberError::Operation(ERR_ADD_INF))?;
        Number::checked(r)
    }

    /// `a - b` (cty `Subtract`, which is `a + (-b)`).
    pub fn sub(&self, o: &Number) -> Result<Number, NumberError> {
        if let Some(r) = self.small_add(o, true) {
            return Ok(r);
        }
        let prec = self.precision().max(o.precision());
        let r = self.to_float().sub(&o.to_float(), prec).map_err(|_| NumberError::Operation(ERR_SUB_INF))?;
        Number::checked(r)
    }

    /// Exact sum or difference of two non-zero inline integers when the
    /// result is a non-zero integer representable at the result precision.
    fn small_add(&self, o: &Number, negate_o: bool) -> Option<Number> {
        let (Repr::Int { neg: an, mag: am, prec: ap }, Repr::Int { neg: bn, mag: bm, prec: bp }) = (&self.0, &o.0)
        else {
            return None;
        };
        if *am == 0 || *bm == 0 {
            return None;
        }
        let a = if *an { -(*am as i128) } else { *am as i128 };
        let b = if *bn != negate_o { -(*bm as i128) } else { *bm as i128 };
        let r = a + b;
        let mag = r.unsigned_abs();
        let prec = (*ap).max(*bp);
        if r == 0 || mag > u64::MAX as u128 {
            return None;
        }
        let mag = mag as u64;
        if 64 - mag.leading_zeros() - mag.trailing_zeros() > prec {
            return None;
        }
        Some(Number::int(r < 0, mag, prec))
    }

    /// `a * b` (cty `Multiply`): the product rounded to 512 bits, then given
    /// the larger of the operands' precisions and the product's minimum
    /// precision.
    pub fn mul(&self, o: &Number) -> Result<Number, NumberError> {
        let resprec = self.precision().max(o.precision());
        if let (Repr::Int { neg: an, mag: am, .. }, Repr::Int { neg: bn, mag: bm, .. }) = (&self.0, &o.0) {
            if *am != 0 && *bm != 0 {
                let p = *am as u128 * *bm as u128;
                let minprec = 128 - p.leading_zeros() - p.trailing_zeros();
                if p <= u64::MAX as u128 {
                    return Ok(Number::int(an != bn, p as u64, resprec.max(minprec)));
                }
            }
        }
        let r = self
            .to_float()
            .mul(&o.to_float(), PARSE_PRECISION)
            .map_err(|_| NumberError::Operation(ERR_MUL_ZERO_INF))?;
        let minprec = if r.form == Form::Finite { bits(&r.mant) as u32 } else { 0 };
        Number::checked(r.with_prec(resprec.max(minprec)))
    }

    /// `a / b` (cty `Divide`): precision max of the operands. Dividing a
    /// non-zero number by zero gives ±Inf, as in Go.
    pub fn div(&self, o: &Number) -> Result<Number, NumberError> {
        let prec = self.precision().max(o.precision());
        let r = self.to_float().quo(&o.to_float(), prec).map_err(|_| NumberError::Operation(ERR_DIV))?;
        Number::checked(r)
    }

    /// `a % b` (cty `Modulo`): `a` itself when `b` is zero; otherwise
    /// `a - b × trunc(a / b)`, computed at `a`'s precision.
    pub fn rem(&self, o: &Number) -> Result<Number, NumberError> {
        if o.is_zero() {
            return Ok(self.clone());
        }
        if let (Repr::Int { neg: an, mag: am, prec: ap }, Repr::Int { mag: bm, prec: bp, .. }) = (&self.0, &o.0) {
            // Two non-zero integers below 2^64: when the quotient is computed
            // with at least 128 bits it cannot round across an integer, and
            // every later step is exact. The remainder takes the dividend's
            // sign; a zero remainder is +0 (x - x in Go).
            if *am != 0 && (*ap).max(*bp) >= 128 && *ap >= 64 {
                let r = am % bm;
                return Ok(Number::int(*an && r != 0, r, *ap));
            }
        }
        let (v, other) = (self.to_float(), o.to_float());
        let prec = v.prec.max(other.prec);
        let rat = v.quo(&other, prec).map_err(|_| NumberError::Operation(ERR_MOD))?;
        let Some((ineg, ival, _)) = rat.int_part() else {
            return Err(NumberError::Operation(ERR_MOD_INF_PANIC));
        };
        let work = Float::from_int(ineg, ival, v.prec);
        let work = other.mul(&work, v.prec).map_err(|_| NumberError::Operation(ERR_MOD))?;
        let r = v.sub(&work, v.prec).map_err(|_| NumberError::Operation(ERR_MOD))?;
        Number::checked(r)
    }

    /// `-a` (cty `Negate`): flips the sign, also of zero.
    pub fn neg(&self) -> Number {
        match &self.0 {
            Repr::Int { neg, mag, prec } => Number::int(!neg, *mag, *prec),
            Repr::Big(f) => Number(Repr::Big(Arc::new((**f).clone().negated()))),
        }
    }

    /// `abs(a)` (cty `Absolute`).
    pub fn abs(&self) -> Number {
        if self.is_sign_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    // ----- text ------------------------------------------------------------

    /// Go's `Text('f', -1)`: what the console, JSON and number -> string
    /// conversion print. Infinities print as `+Inf` / `-Inf`.
    /// [`Number::to_text_f`], appended to `out` (integers without a temporary string).
    pub fn write_text_f(&self, out: &mut String) {
        match &self.0 {
            Repr::Int { neg, mag, prec } if 64 - mag.leading_zeros() <= *prec => {
                if *neg {
                    out.push('-');
                }
                out.push_str(itoa(*mag, &mut [0u8; 20]));
            }
            _ => out.push_str(&self.to_text_f()),
        }
    }

    pub fn to_text_f(&self) -> String {
        if let Some(s) = self.integer_text() {
            return s;
        }
        let mut out = String::new();
        self.push_sign(&mut out);
        match self.with_float(|f| f.form) {
            Form::Inf => out.push_str("Inf"),
            _ => {
                let d = self.with_float(shortest);
                let frac = (d.digits.len() as i64 - d.exp).max(0);
                fmt_f(&mut out, &d, frac);
            }
        }
        out
    }

    /// Go's `Text('g', -1)`: how cty paths show number keys (`[0]`).
    pub fn to_text_g(&self) -> String {
        let mut out = String::new();
        self.push_sign(&mut out);
        if self.is_infinite() {
            out.push_str("Inf");
            return out;
        }
        let d = self.shortest_digits();
        let exp = d.exp - 1;
        if !(-4..6).contains(&exp) {
            let p = d.digits.len() as i64 - 1;
            fmt_e(&mut out, &d, p);
        } else {
            fmt_f(&mut out, &d, (d.digits.len() as i64 - d.exp).max(0));
        }
        out
    }

    /// Go's `String()`, i.e. `Text('g', 10)`: what cty writes into the hash
    /// of a set element for a number (`appendSetHashBytes`).
    pub fn to_text_g10(&self) -> String {
        const PREC: i64 = 10;
        let mut out = String::new();
        self.push_sign(&mut out);
        if self.is_infinite() {
            out.push_str("Inf");
            return out;
        }
        let mut d = match self.integer_digits() {
            Some(d) => d,
            None => self.with_float(|f| {
                let mut k = 12;
                loop {
                    let mut d = decimal_prefix(&f.mant, f.lsb(), k);
                    if d.round(PREC as usize) {
                        d.exact = true;
                        break d;
                    }
                    k *= 2;
                }
            }),
        };
        if !d.round(PREC as usize) {
            unreachable!("exact digits always round");
        }
        let len = d.digits.len() as i64;
        let mut eprec = PREC;
        if eprec > len && len >= d.exp {
            eprec = len;
        }
        let exp = d.exp - 1;
        if exp < -4 || exp >= eprec {
            let p = PREC.min(len);
            fmt_e(&mut out, &d, p - 1);
        } else {
            let p = if PREC > d.exp { len } else { PREC };
            fmt_f(&mut out, &d, (p - d.exp).max(0));
        }
        out
    }

    /// What `ctyjson.Marshal` writes: `Text('f', -1)`, or `None` for an
    /// infinity ("cannot serialize infinity as JSON").
    pub fn to_json_text(&self) -> Option<String> {
        if self.is_infinite() {
            None
        } else {
            Some(self.to_text_f())
        }
    }

    /// Go's `Text('p', 0)`: the exact binary value, `0x.8p+1` style (for
    /// tests and debugging).
    pub fn to_text_p(&self) -> String {
        let f = self.to_float();
        let mut out = String::new();
        self.push_sign(&mut out);
        match f.form {
            Form::Inf => out.push_str("Inf"),
            Form::Zero => out.push('0'),
            Form::Finite => {
                let pad = (4 - bits(&f.mant) % 4) % 4;
                let m = &f.mant << pad as u64;
                out.push_str("0x.");
                out.push_str(&m.to_str_radix(16));
                out.push('p');
                if f.exp >= 0 {
                    out.push('+');
                }
                out.push_str(&f.exp.to_string());
            }
        }
        out
    }

    fn push_sign(&self, out: &mut String) {
        if self.is_sign_negative() {
            out.push('-');
        } else if self.is_infinite() {
            out.push('+');
        }
    }

    /// `Text('f', -1)` of an integer whose value is exact at its precision
    /// with a unit in the last place of at most 1: Go's shortest digits are
    /// then exactly the integer's digits.
    fn integer_text(&self) -> Option<String> {
        match &self.0 {
            Repr::Int { neg, mag, prec } if 64 - mag.leading_zeros() <= *prec => {
                let mut s = String::with_capacity(21);
                if *neg {
                    s.push('-');
                }
                s.push_str(itoa(*mag, &mut [0u8; 20]));
                Some(s)
            }
            Repr::Big(f) if f.form == Form::Finite && f.lsb() >= 0 && f.exp <= f.prec as i64 => {
                let mut s = String::new();
                if f.neg {
                    s.push('-');
                }
                s.push_str(std::str::from_utf8(&to_decimal(&(&f.mant << f.lsb() as u64))).expect("ascii"));
                Some(s)
            }
            _ => None,
        }
    }

    /// The exact decimal digits of an integer printed by `integer_text`.
    fn integer_digits(&self) -> Option<Digits> {
        let s = self.integer_text()?;
        let s = s.trim_start_matches('-');
        Some(Digits::exact_from(s.as_bytes().to_vec(), s.len() as i64))
    }

    /// Go's shortest digits (finite values).
    fn shortest_digits(&self) -> Digits {
        self.integer_digits().unwrap_or_else(|| self.with_float(shortest))
    }
}

impl PartialEq for Number {
    /// Equality as cty's `RawEquals` sees numbers.
    fn eq(&self, other: &Number) -> bool {
        self.raw_equal(other)
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({} prec={})", self.to_text_g(), self.precision())
    }
}

impl fmt::Display for Number {
    /// `Text('f', -1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text_f())
    }
}

/// JSON's number grammar (RFC 8259), as `encoding/json` checks it.
pub fn is_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == b.len()
}

fn itoa(mut v: u64, buf: &mut [u8; 20]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).expect("ascii digits")
}

// ---------------------------------------------------------------------------
// Decimal digits (Go's `decimal`: digits d1 d2 ... and exponent e meaning
// 0.d1d2... × 10^e), possibly only a prefix of a long exact expansion.
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Digits {
    /// ASCII digits; when `exact`, the whole expansion without trailing
    /// zeros; otherwise its first digits, with more non-zero digits after.
    digits: Vec<u8>,
    exp: i64,
    exact: bool,
}

impl Digits {
    fn exact_from(mut digits: Vec<u8>, exp: i64) -> Digits {
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
        let exp = if digits.is_empty() { 0 } else { exp };
        Digits { digits, exp, exact: true }
    }

    /// Digit `i` (`'0'` past the end of an exact expansion); `None` when it
    /// lies beyond the known prefix.
    fn at(&self, i: usize) -> Option<u8> {
        match self.digits.get(i) {
            Some(&c) => Some(c),
            None if self.exact => Some(b'0'),
            None => None,
        }
    }

    /// The full expansion's length compared with `n`; `None` if unknown.
    fn len_cmp(&self, n: usize) -> Option<Ordering> {
        if self.exact {
            Some(self.digits.len().cmp(&n))
        } else if n <= self.digits.len() {
            Some(Ordering::Greater)
        } else {
            None
        }
    }

    /// Go's `decimal.round(n)` (half to even on exact ties). Returns false
    /// when more digits are needed to decide.
    fn round(&mut self, n: usize) -> bool {
        match self.len_cmp(n) {
            None => return false,
            Some(Ordering::Less | Ordering::Equal) => return true,
            Some(Ordering::Greater) => {}
        }
        let Some(c) = self.at(n) else { return false };
        let Some(tail) = self.len_cmp(n + 1) else {
            return false;
        };
        let up = if c == b'5' && tail == Ordering::Equal {
            n > 0 && (self.digits[n - 1] - b'0') & 1 != 0
        } else {
            c >= b'5'
        };
        if up {
            self.round_up(n)
        } else {
            self.round_down(n)
        }
    }

    /// Go's `decimal.roundUp(n)`.
    fn round_up(&mut self, n: usize) -> bool {
        match self.len_cmp(n) {
            None => return false,
            Some(Ordering::Less | Ordering::Equal) => return true,
            Some(Ordering::Greater) => {}
        }
        let mut j = n;
        while j > 0 && self.digits[j - 1] >= b'9' {
            j -= 1;
        }
        if j == 0 {
            self.digits.clear();
            self.digits.push(b'1');
            self.exp += 1;
        } else {
            self.digits[j - 1] += 1;
            self.digits.truncate(j);
        }
        self.exact = true;
        true
    }

    /// Go's `decimal.roundDown(n)`.
    fn round_down(&mut self, n: usize) -> bool {
        match self.len_cmp(n) {
            None => return false,
            Some(Ordering::Less | Ordering::Equal) => return true,
            Some(Ordering::Greater) => {}
        }
        self.digits.truncate(n);
        *self = Digits::exact_from(std::mem::take(&mut self.digits), self.exp);
        true
    }
}

/// A lower bound for floor(log10(m × 2^shift)), m > 0 (off by at most 2).
fn log10_lower_bound(m: &BigUint, shift: i64) -> i64 {
    // log10(2) rounded down to 15 digits; the result is corrected by -1 to
    // stay a lower bound whatever the rounding.
    const LOG10_2_NUM: i128 = 301_029_995_663_981;
    const LOG10_2_DEN: i128 = 1_000_000_000_000_000;
    let e2 = bits(m) as i128 - 1 + shift as i128; // value >= 2^e2
    (e2 * LOG10_2_NUM).div_euclid(LOG10_2_DEN) as i64 - 1
}

/// Past this many decimal places the scale is not computed exactly (10^t
/// has 3.3 t bits): see [`decimal_prefix_bounded`].
const BOUNDED_SCALE: u64 = 1000;

/// [`decimal_prefix_at`] for a large scale without 10^|t| in full: 5^|t| is
/// bounded from below and above with a few hundred bits (repeated squaring,
/// each product rounded down or up), which bounds the integer part from
/// both sides; when both bounds give the same integer, that is it. The
/// cost does not grow with the exponent (`1e83185` costs what `1e300`
/// does). The result is never exact there: m × 2^shift × 10^t is no
/// integer (5^|t| divides no m of at most 1024 bits; for t > 0 the power
/// of two is checked). None: not such a case, or the bounds disagree (the
/// caller computes it exactly).
fn decimal_prefix_bounded(m: &BigUint, shift: i64, t: i64) -> Option<Digits> {
    let n = t.unsigned_abs();
    if n <= BOUNDED_SCALE || bits(m) > 1024 || m.is_zero() {
        return None;
    }
    if t > 0 && shift.checked_add(t)?.checked_add(m.trailing_zeros()? as i64)? >= 0 {
        return None;
    }
    // The integer's size in bits (within a few; log2(10) ≈ 3.322). A number
    // read from decimal text is within 2^-bits(m) of a round decimal, so
    // the bounds need the mantissa's bits beyond the integer's to tell on
    // which side of an integer it is.
    let q_bits = bits(m) as i128 + shift as i128 + (t as i128 * 3322).div_euclid(1000) + 1;
    let prec = u64::try_from(q_bits.max(0)).ok()?.checked_add(bits(m) as u64 + 128)?;
    let ((lo, lo_e), (hi, hi_e)) = pow5_bounds(n, prec);
    // floor(a × 2^e / d) and floor(a × 2^e).
    let div = |a: &BigUint, e: i64, d: &BigUint| if e >= 0 { (a << e as u64) / d } else { a / (d << e.unsigned_abs()) };
    let scaled = |a: BigUint, e: i64| if e >= 0 { a << e as u64 } else { a >> e.unsigned_abs() };
    let (q_lo, q_hi) = if t < 0 {
        // m × 2^(shift-n) / 5^n
        let e = shift.checked_sub(n as i64)?;
        (div(m, e.checked_sub(hi_e)?, &hi), div(m, e.checked_sub(lo_e)?, &lo))
    } else {
        // m × 5^n × 2^(shift+n)
        let e = shift.checked_add(n as i64)?;
        (scaled(m * &lo, e.checked_add(lo_e)?), scaled(m * &hi, e.checked_add(hi_e)?))
    };
    if q_lo != q_hi {
        return None;
    }
    let digits = to_decimal(&q_lo);
    let exp = digits.len() as i64 - t;
    Some(Digits { digits, exp, exact: false })
}

/// 5^n from below and from above, each as a mantissa of at most `prec`
/// bits times a power of two.
fn pow5_bounds(n: u64, prec: u64) -> ((BigUint, i64), (BigUint, i64)) {
    let cut = |m: BigUint, e: i64, up: bool| -> (BigUint, i64) {
        let b = m.bits();
        if b <= prec {
            return (m, e);
        }
        let drop = b - prec;
        let mut q = &m >> drop;
        if up && m.trailing_zeros().unwrap_or(0) < drop {
            q += 1u32;
        }
        (q, e + drop as i64)
    };
    let mul = |a: &(BigUint, i64), b: &(BigUint, i64), up: bool| cut(&a.0 * &b.0, a.1 + b.1, up);
    let one = (BigUint::from(1u32), 0i64);
    let five = (BigUint::from(5u32), 0i64);
    let (mut lo, mut hi) = (one.clone(), one);
    let (mut base_lo, mut base_hi) = (five.clone(), five);
    let mut k = n;
    while k > 0 {
        if k & 1 == 1 {
            lo = mul(&lo, &base_lo, false);
            hi = mul(&hi, &base_hi, true);
        }
        k >>= 1;
        if k > 0 {
            base_lo = mul(&base_lo, &base_lo, false);
            base_hi = mul(&base_hi, &base_hi, true);
        }
    }
    (lo, hi)
}

/// The integer with decimal digit values `ds` (most significant first).
/// Long inputs are split in halves so that the work is dominated by big
/// multiplications rather than by a quadratic digit-by-digit loop.
fn digits_to_biguint(ds: &[u8]) -> BigUint {
    const DIRECT: usize = 2000;
    if ds.len() <= DIRECT {
        return BigUint::from_radix_be(ds, 10).expect("decimal digits");
    }
    let mid = ds.len() / 2;
    let high = digits_to_biguint(&ds[..mid]);
    let low = digits_to_biguint(&ds[mid..]);
    high * &*pow10((ds.len() - mid) as u64) + low
}

/// 10^n, from a table for the exponents printing uses most.
fn pow10(n: u64) -> std::borrow::Cow<'static, BigUint> {
    use std::borrow::Cow;
    use std::sync::OnceLock;
    const TABLE: usize = 400;
    static POWERS: OnceLock<Vec<BigUint>> = OnceLock::new();
    if (n as usize) < TABLE {
        let t = POWERS.get_or_init(|| {
            let mut v = Vec::with_capacity(TABLE);
            let mut p = BigUint::from(1u32);
            for _ in 0..TABLE {
                v.push(p.clone());
                p *= 10u32;
            }
            v
        });
        Cow::Borrowed(&t[n as usize])
    } else {
        Cow::Owned(BigUint::from(10u32).pow(u32::try_from(n).expect("bounded exponent")))
    }
}

/// Decimal digits of `n` (no leading zeros; "0" for zero). Faster than
/// `to_str_radix` for the few-hundred-bit numbers printing deals with.
fn to_decimal(n: &BigUint) -> Vec<u8> {
    const CHUNK: u64 = 1_000_000_000;
    let mut limbs = n.to_u32_digits();
    if limbs.len() > 256 {
        return n.to_str_radix(10).into_bytes();
    }
    let mut chunks: Vec<u32> = Vec::with_capacity(limbs.len() * 32 / 29 + 1);
    while !limbs.is_empty() {
        let mut rem: u64 = 0;
        for l in limbs.iter_mut().rev() {
            let cur = (rem << 32) | *l as u64;
            *l = (cur / CHUNK) as u32;
            rem = cur % CHUNK;
        }
        chunks.push(rem as u32);
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
    }
    let mut out = Vec::with_capacity(chunks.len() * 9);
    let mut buf = [0u8; 20];
    match chunks.pop() {
        None => out.push(b'0'),
        Some(top) => out.extend_from_slice(itoa(top as u64, &mut buf).as_bytes()),
    }
    for c in chunks.iter().rev() {
        let s = itoa(*c as u64, &mut buf);
        out.extend(std::iter::repeat_n(b'0', 9 - s.len()));
        out.extend_from_slice(s.as_bytes());
    }
    out
}

/// The scale 10^t at which m × 2^shift has at least `k` integer digits.
fn prefix_scale(m: &BigUint, shift: i64, k: usize) -> i64 {
    k as i64 - log10_lower_bound(m, shift) - 1
}

/// The decimal expansion of m × 2^shift (m > 0): at least its first `k`
/// significant digits, or all of them if there are fewer.
fn decimal_prefix(m: &BigUint, shift: i64, k: usize) -> Digits {
    decimal_prefix_at(m, shift, prefix_scale(m, shift, k))
}

/// The integer part of m × 2^shift × 10^t as decimal digits, with the
/// decimal exponent and whether nothing was cut off.
fn decimal_prefix_at(m: &BigUint, shift: i64, t: i64) -> Digits {
    decimal_prefix_bounded(m, shift, t).unwrap_or_else(|| decimal_prefix_exact(m, shift, t))
}

/// [`decimal_prefix_at`] with 10^|t| computed in full.
fn decimal_prefix_exact(m: &BigUint, shift: i64, t: i64) -> Digits {
    let p10 = pow10(t.unsigned_abs());
    let (n, exact) = if t >= 0 {
        let a = m * &*p10;
        if shift >= 0 {
            (a << shift as u64, true)
        } else {
            let s = (-shift) as u64;
            let exact = a.trailing_zeros().unwrap_or(0) >= s;
            (a >> s, exact)
        }
    } else {
        let (a, d) = if shift >= 0 {
            (m << shift as u64, p10.into_owned())
        } else {
            (m.clone(), p10.into_owned() << (-shift) as u64)
        };
        let (q, r) = a.div_rem(&d);
        (q, r.is_zero())
    };
    let digits = to_decimal(&n);
    let exp = digits.len() as i64 - t;
    if exact {
        Digits::exact_from(digits, exp)
    } else {
        Digits { digits, exp, exact: false }
    }
}

/// The shortest digits of a non-integer whose exact decimal expansion is
/// short (0.5, 12.25, ...) when half a unit in the last place is too small
/// to touch any of its digits: Go's walk then stops at the last digit and
/// truncates, giving the expansion itself.
fn short_exact_digits(x: &Float) -> Option<Digits> {
    let lsb = x.lsb();
    if !(-27..0).contains(&lsb) {
        return None;
    }
    let m = x.mant.to_u64()?;
    let v = m as u128 * 5u128.pow((-lsb) as u32);
    let mut buf = [0u8; 40];
    let s = itoa128(v, &mut buf);
    let d = Digits::exact_from(s.as_bytes().to_vec(), s.len() as i64 + lsb);
    // Half an ulp is 2^a; the last digit's unit is 10^b. Require
    // 2^a < 10^b with a margin: a + 2 <= b × log2(10) (rounded down).
    let a = x.exp - x.prec as i64 - 1;
    let b = d.exp - d.digits.len() as i64;
    let b_log2 = (b as i128 * 332_192_809).div_euclid(100_000_000) as i64;
    (a + 2 <= b_log2).then_some(d)
}

fn itoa128(mut v: u128, buf: &mut [u8; 40]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).expect("ascii digits")
}

/// Go's `roundShortest` for a finite non-zero value: the fewest digits that
/// read back to the same value at its precision, found by walking the
/// digits of the value and of the two half-ulp bounds.
fn shortest(x: &Float) -> Digits {
    debug_assert_eq!(x.form, Form::Finite);
    // Mantissa with prec + 1 bits; its lsb is half a unit in the last place.
    let l = bits(&x.mant);
    let prec = x.prec as i64;
    let two_x = &x.mant << (prec - l + 1) as u64;
    let shift = x.exp - prec - 1;
    let lower_m = &two_x - 1u32;
    let upper_m = &two_x + 1u32;
    // The bounds round back to x only if x's mantissa is even.
    let inclusive = prec > l;
    if let Some(d) = short_exact_digits(x) {
        return d;
    }
    let mut k = ((prec as usize + 2) * 30103 / 100000) + 6;
    loop {
        // One scale for all three: they differ by a relative 2^-prec.
        let t = prefix_scale(&x.mant, x.lsb(), k + 1);
        let d = decimal_prefix_at(&x.mant, x.lsb(), t);
        let lower = decimal_prefix_at(&lower_m, shift, t);
        let upper = decimal_prefix_at(&upper_m, shift, t);
        if let Some(d) = shortest_walk(d, &lower, &upper, inclusive) {
            return d;
        }
        k *= 2;
    }
}

fn shortest_walk(mut d: Digits, lower: &Digits, upper: &Digits, inclusive: bool) -> Option<Digits> {
    let mut i = 0;
    loop {
        let Some(&m) = d.digits.get(i) else {
            // Ran off the digits: fine if they are all there (d unchanged).
            return if d.exact { Some(d) } else { None };
        };
        let l = lower.at(i)?;
        let u = upper.at(i)?;
        let okdown = l != m || (inclusive && lower.len_cmp(i + 1)? == Ordering::Equal);
        let okup = m != u && (inclusive || m + 1 < u || upper.len_cmp(i + 1)? == Ordering::Greater);
        let done = match (okdown, okup) {
            (true, true) => d.round(i + 1),
            (true, false) => d.round_down(i + 1),
            (false, true) => d.round_up(i + 1),
            (false, false) => {
                i += 1;
                continue;
            }
        };
        if !done {
            return None;
        }
        d.exact = true;
        return Some(d);
    }
}

/// Go's `fmtF`: integer part (at least `0`), then `frac` fraction digits.
fn fmt_f(out: &mut String, d: &Digits, frac: i64) {
    if d.exp > 0 {
        let m = (d.exp as usize).min(d.digits.len());
        out.push_str(std::str::from_utf8(&d.digits[..m]).expect("ascii"));
        for _ in m as i64..d.exp {
            out.push('0');
        }
    } else {
        out.push('0');
    }
    if frac > 0 {
        out.push('.');
        for i in 0..frac {
            let pos = d.exp + i;
            let c = if pos >= 0 { d.digits.get(pos as usize).copied().unwrap_or(b'0') } else { b'0' };
            out.push(c as char);
        }
    }
}

/// Go's `fmtE` with `prec` digits after the point (`d.ddde±dd`).
fn fmt_e(out: &mut String, d: &Digits, prec: i64) {
    out.push(d.digits.first().map_or('0', |&c| c as char));
    if prec > 0 {
        out.push('.');
        let m = d.digits.len().min(prec as usize + 1);
        if m > 1 {
            out.push_str(std::str::from_utf8(&d.digits[1..m]).expect("ascii"));
        }
        for _ in (m.max(1) as i64)..=prec {
            out.push('0');
        }
    }
    out.push('e');
    let exp = if d.digits.is_empty() { 0 } else { d.exp - 1 };
    out.push(if exp < 0 { '-' } else { '+' });
    let a = exp.unsigned_abs();
    if a < 10 {
        out.push('0');
    }
    out.push_str(&a.to_string());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Number {
        Number::parse_cty_string(s).unwrap_or_else(|e| panic!("{s:?}: {e:?}"))
    }

    fn f(s: &str) -> String {
        p(s).to_text_f()
    }

    #[test]
    fn string_to_number_accepts_what_go_parse_float_accepts() {
        let table = [
            ("+1", "1"),
            ("-1", "-1"),
            (".5", "0.5"),
            ("5.", "5"),
            ("1.50", "1.5"),
            ("00012", "12"),
            ("1e3", "1000"),
            ("1E+3", "1000"),
            ("1e-0", "1"),
            ("1e0001", "10"),
            ("1.e5", "100000"),
            ("100e-2", "1"),
            ("+0", "0"),
            ("-0", "-0"),
            ("0e999999999999", "0"),
        ];
        for (input, want) in table {
            assert_eq!(f(input), want, "{input:?}");
        }
    }

    #[test]
    fn string_to_number_accepts_binary_exponents() {
        assert_eq!(f("1p3"), "8");
        assert_eq!(f("1P-2"), "0.25");
        assert_eq!(f("3.5p1"), "7");
    }

    #[test]
    fn string_to_number_rejects_what_go_parse_float_rejects() {
        for input in [
            "", " ", " 1", "1 ", ".", "-", "+", "1e", "1e+", "1e-", "1p", "0x10", "0X10", "0b1", "0o7", "1_000",
            "1e_1", "1_e1", "Infinity", "NaN", "nan", "INF", "+-1", "1e+-5", ".e5", "1e5.5", "1..2", "1.2.3", "1,000",
            "١", "１", "TRUE",
        ] {
            assert_eq!(Number::parse_cty_string(input).unwrap_err(), NumberError::Syntax, "{input:?}");
        }
    }

    #[test]
    fn string_to_number_reads_go_infinity_spellings() {
        for (input, text) in
            [("Inf", "+Inf"), ("inf", "+Inf"), ("+Inf", "+Inf"), ("+inf", "+Inf"), ("-Inf", "-Inf"), ("-inf", "-Inf")]
        {
            let n = p(input);
            assert!(n.is_infinite(), "{input}");
            assert_eq!(n.to_text_f(), text);
            assert_eq!(n.to_text_g(), text);
            assert_eq!(n.to_json_text(), None, "JSON cannot hold infinity");
            assert_eq!(n.precision(), 512);
        }
    }

    /// Go refuses these texts itself ("exponent overflow"): the input is at
    /// fault, as with a syntax error, not tftype's limit.
    #[test]
    fn exponents_outside_int64_or_int32_are_errors() {
        for input in ["1e99999999999999999999", "1e2147483647", "1e-9223372036854775808"] {
            assert_eq!(Number::parse_cty_string(input).unwrap_err(), NumberError::Syntax, "{input}");
        }
    }

    /// Past tftype's limit (and short of Go's own overflow), a text is
    /// refused as beyond the limit, decided from its digits' places before
    /// any big-number work: a 10-million-digit literal costs a scan.
    #[test]
    fn numbers_past_the_limit_are_range_errors_decided_from_their_digit_places() {
        let long = |n: usize, lead: &str| format!("{lead}{}", "1".repeat(n));
        let cases: Vec<(String, Result<(), NumberError>)> = vec![
            ("1e158000".into(), Err(NumberError::Range)),
            ("-1e158000".into(), Err(NumberError::Range)),
            ("1e-158001".into(), Err(NumberError::Range)),
            ("0.0001e-157998".into(), Err(NumberError::Range)),
            ("1e157000".into(), Ok(())),
            ("1e-157000".into(), Ok(())),
            (long(2_000, ""), Ok(())),
            (long(10_000_000, ""), Err(NumberError::Range)),
            (long(2_000, "0."), Ok(())),
            (format!("0.{}1", "0".repeat(10_000_000)), Err(NumberError::Range)),
            (format!("{}e5", "0".repeat(1_000_000)), Ok(())),
            // Go's own overflow to ±Inf and 0 stays as Go gives it.
            ("1e999999999".into(), Ok(())),
            ("1e-999999999".into(), Ok(())),
        ];
        for (input, want) in cases {
            let got = Number::parse_cty_string(&input).map(|_| ());
            assert_eq!(got, want, "{}…", &input[..input.len().min(30)]);
            assert_eq!(Number::parse_literal(&input).map(|_| ()), want, "literal {}…", &input[..input.len().min(30)]);
        }
    }

    #[test]
    fn huge_exponents_overflow_and_underflow_as_go_does() {
        assert_eq!(f("1e999999999"), "+Inf");
        assert_eq!(f("-1e999999999"), "-Inf");
        assert_eq!(f("1e-999999999"), "0");
        assert_eq!(f("-1e-999999999"), "-0");
        assert_eq!(f("1e700000000"), "+Inf");
        assert_eq!(f("1e-700000000"), "0");
    }

    #[test]
    fn exponents_go_holds_but_cannot_print_are_range_errors() {
        for input in ["1e400000000", "1e-400000000", "1e646456992", "1e158000", "1e-158000"] {
            assert_eq!(Number::parse_cty_string(input).unwrap_err(), NumberError::Range, "{input}");
        }
        assert!(Number::parse_cty_string("1e157000").is_ok());
        assert!(Number::parse_cty_string("1e-157000").is_ok());
    }

    #[test]
    fn literal_is_the_hcl_token_optionally_negated() {
        assert_eq!(Number::parse_literal("8080").unwrap().to_text_f(), "8080");
        assert_eq!(Number::parse_literal("-0").unwrap().to_text_f(), "-0");
        assert_eq!(Number::parse_literal("1.e5").unwrap().to_text_f(), "100000");
        assert_eq!(Number::parse_literal("1e-7").unwrap().to_text_f(), "0.0000001");
        for input in ["+1", " 1", "1 ", ".5", "5.", "Inf", "-Inf", "1p3", "0x10", "", "-", "--1", "1e+"] {
            assert!(Number::parse_literal(input).is_err(), "{input:?}");
        }
        // Scanner tokens that Go's parser refuses: "Invalid number literal".
        for input in ["1.2.3", "1e5e5", "1e5.5", "1..2"] {
            assert_eq!(Number::parse_literal(input).unwrap_err(), NumberError::Syntax, "{input:?}");
        }
    }

    #[test]
    fn json_number_follows_the_json_grammar() {
        for ok in ["0", "-0", "1", "-12.5", "1e5", "1E+5", "0.5e-3", "12345678901234567890123"] {
            assert!(Number::parse_json_number(ok).is_ok(), "{ok}");
        }
        for bad in ["01", "+1", ".5", "5.", "1e", "-", "Inf", "0x10", " 1", "1 "] {
            assert!(Number::parse_json_number(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_f_is_go_shortest_decimal_without_exponent() {
        let table = [
            ("1e3", "1000"),
            ("1.10", "1.1"),
            ("-0", "-0"),
            ("0.1", "0.1"),
            ("1e-7", "0.0000001"),
            ("0.30000000000000004", "0.30000000000000004"),
            ("12345678901234567890123", "12345678901234567890123"),
            ("1e22", "10000000000000000000000"),
            ("-12.5", "-12.5"),
            ("1234567890.5", "1234567890.5"),
        ];
        for (input, want) in table {
            assert_eq!(f(input), want, "{input:?}");
        }
        assert_eq!(f("1e100"), format!("1{}", "0".repeat(100)));
        assert_eq!(f("1e-100"), format!("0.{}1", "0".repeat(99)));
    }

    #[test]
    fn text_f_of_one_third_depends_on_precision() {
        let at64 = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
        assert_eq!(at64.precision(), 64);
        assert_eq!(at64.to_text_f(), "0.33333333333333333334");
        let at512 = p("1").div(&p("3")).unwrap();
        assert_eq!(at512.to_text_f(), format!("0.{}5", "3".repeat(154)));
    }

    #[test]
    fn text_g_switches_to_exponent_outside_1e_minus4_to_1e6() {
        let table = [
            ("0", "0"),
            ("-0", "-0"),
            ("100000", "100000"),
            ("999999", "999999"),
            ("1e6", "1e+06"),
            ("0.0001", "0.0001"),
            ("0.00001", "1e-05"),
            ("1e-7", "1e-07"),
            ("12345678901", "1.2345678901e+10"),
            ("1234567890.5", "1.2345678905e+09"),
            ("1e100", "1e+100"),
        ];
        for (input, want) in table {
            assert_eq!(p(input).to_text_g(), want, "{input:?}");
        }
        assert_eq!(Number::from_i64(0).to_text_g(), "0");
        assert_eq!(Number::from_i64(42).to_text_g(), "42");
    }

    #[test]
    fn text_g10_is_go_string_with_ten_digits() {
        let table = [
            ("0", "0"),
            ("12345678901", "1.23456789e+10"),
            ("1234567890.5", "1234567890"),
            ("12345678905", "1.23456789e+10"),
            ("123456789049999", "1.23456789e+14"),
            ("0.1", "0.1"),
            ("1e22", "1e+22"),
            ("0.00001", "1e-05"),
        ];
        for (input, want) in table {
            assert_eq!(p(input).to_text_g10(), want, "{input:?}");
        }
    }

    #[test]
    fn precision_is_512_for_text_and_64_for_integers_from_go_ints() {
        assert_eq!(p("8080").precision(), PARSE_PRECISION);
        assert_eq!(p("0.1").precision(), PARSE_PRECISION);
        assert_eq!(Number::from_i64(8080).precision(), INT_PRECISION);
        // Results take the larger operand precision; a product may need more.
        assert_eq!(Number::from_i64(3).mul(&Number::from_i64(5)).unwrap().precision(), 64);
        assert_eq!(Number::from_i64(3).add(&p("5")).unwrap().precision(), 512);
        let big = Number::from_i64(i64::MAX).mul(&Number::from_i64(3)).unwrap();
        assert_eq!((big.precision(), big.to_text_f().as_str()), (65, "27670116110564327421"));
    }

    #[test]
    fn division_by_zero_gives_signed_infinity() {
        assert_eq!(p("1").div(&p("0")).unwrap().to_text_f(), "+Inf");
        assert_eq!(p("-1").div(&p("0")).unwrap().to_text_f(), "-Inf");
        assert_eq!(p("1").div(&p("-0")).unwrap().to_text_f(), "-Inf");
    }

    #[test]
    fn operations_without_a_value_report_go_cty_errors() {
        let inf = Number::infinity(false);
        let ninf = Number::infinity(true);
        let zero = p("0");
        let table: [(Result<Number, NumberError>, &str); 6] = [
            (zero.div(&zero), "can't divide zero by zero or infinity by infinity"),
            (inf.add(&ninf), "can't compute sum of opposing infinities"),
            (inf.sub(&inf), "can't subtract infinity from itself"),
            (zero.mul(&inf), "can't multiply zero by infinity"),
            (p("2").rem(&inf), "can't use modulo with zero and infinity"),
            (
                inf.rem(&p("2")),
                "panic in function implementation: runtime error: invalid memory address or nil pointer dereference",
            ),
        ];
        for (i, (got, want)) in table.into_iter().enumerate() {
            assert_eq!(got.unwrap_err(), NumberError::Operation(want), "case {i}");
        }
    }

    #[test]
    fn modulo_follows_go_cty() {
        let table = [
            ("5", "0", "5"),
            ("-7", "3", "-1"),
            ("7", "-3", "1"),
            ("5.5", "2", "1.5"),
            ("-4", "2", "0"),
            ("-0", "5", "-0"),
            ("1.5", "0.4", "0.29999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999994"),
        ];
        for (a, b, want) in table {
            assert_eq!(p(a).rem(&p(b)).unwrap().to_text_f(), want, "{a} % {b}");
        }
    }

    #[test]
    fn zero_signs_follow_go() {
        assert_eq!(p("0").neg().to_text_f(), "-0");
        assert_eq!(p("-0").neg().to_text_f(), "0");
        assert_eq!(p("-0").sub(&p("0")).unwrap().to_text_f(), "-0");
        assert_eq!(p("0").sub(&p("0")).unwrap().to_text_f(), "0");
        assert_eq!(p("-0").add(&p("-0")).unwrap().to_text_f(), "-0");
        assert_eq!(p("1").sub(&p("1")).unwrap().to_text_f(), "0");
        assert!(p("-0").is_negative_zero());
        assert!(!p("0").is_negative_zero());
    }

    #[test]
    fn decimal_sums_round_at_512_bits() {
        assert_eq!(p("0.1").add(&p("0.2")).unwrap().to_text_f(), "0.3");
        assert_eq!(p("0.1").mul(&p("3")).unwrap().to_text_f(), "0.3");
        assert_eq!(Number::from_i64(i64::MAX).add(&Number::from_i64(1)).unwrap().to_text_f(), "9223372036854775808");
    }

    #[test]
    fn comparison_treats_zeros_alike_and_infinities_as_ends() {
        use Ordering::*;
        let table = [
            ("-0", "0", Equal),
            ("1", "1.0", Equal),
            ("1", "2", Less),
            ("-1", "-2", Greater),
            ("1e400", "Inf", Less),
            ("-Inf", "-1e400", Less),
            ("Inf", "Inf", Equal),
            ("0.1", "0.10000000000000000001", Less),
        ];
        for (a, b, want) in table {
            assert_eq!(p(a).cmp_num(&p(b)), want, "{a} vs {b}");
            assert_eq!(p(b).cmp_num(&p(a)), want.reverse(), "{b} vs {a}");
        }
        assert_eq!(Number::from_i64(-3).cmp_num(&p("-3")), Equal);
    }

    #[test]
    fn raw_equal_compares_integers_exactly_and_others_by_text() {
        let table = [
            ("0", "-0", true),
            ("1", "1.0", true),
            ("1", "1.5", false),
            ("1", "-1", false),
            ("0.1", "0.10", true),
            ("Inf", "Inf", true),
            ("Inf", "-Inf", false),
            ("1e400", "1e400", true),
        ];
        for (a, b, want) in table {
            assert_eq!(p(a).raw_equal(&p(b)), want, "{a} vs {b}");
            assert_eq!(p(a).raw_equal_v1_12(&p(b)), want, "{a} vs {b} (1.12)");
        }
        assert!(Number::from_i64(7).raw_equal(&p("7")));
        assert_eq!(Number::from_i64(7), p("7.0"));
    }

    #[test]
    fn integers_and_i64_conversion() {
        let table = [
            ("0", true, Some(0)),
            ("-0", true, Some(0)),
            ("1e3", true, Some(1000)),
            ("1.5", false, None),
            ("-9223372036854775808", true, Some(i64::MIN)),
            ("9223372036854775808", true, None),
            ("1e100", true, None),
            ("Inf", false, None),
        ];
        for (input, int, i) in table {
            let n = p(input);
            assert_eq!(n.is_integer(), int, "{input}");
            assert_eq!(n.to_i64(), i, "{input}");
        }
        assert_eq!(Number::from_i64(i64::MIN).to_i64(), Some(i64::MIN));
    }

    #[test]
    fn short_exact_fractions_print_their_expansion() {
        for s in ["0.5", "12.25", "-0.75", "3.125", "0.000244140625", "1234567.5"] {
            assert_eq!(f(s), s);
        }
    }

    #[test]
    fn text_p_shows_the_exact_binary_value() {
        assert_eq!(p("1").to_text_p(), "0x.8p+1");
        assert_eq!(p("-0.75").to_text_p(), "-0x.cp+0");
        assert_eq!(p("0").to_text_p(), "0");
        assert_eq!(p("Inf").to_text_p(), "+Inf");
    }
}

#[cfg(test)]
mod digit_tests {
    use super::*;

    #[test]
    fn long_digit_strings_convert_like_the_direct_method() {
        for len in [1999usize, 2000, 2001, 4097, 9000] {
            let ds: Vec<u8> = (0..len).map(|i| ((i * 7 + 3) % 10) as u8).collect();
            assert_eq!(digits_to_biguint(&ds), BigUint::from_radix_be(&ds, 10).unwrap(), "{len}");
        }
    }

    #[test]
    fn decimal_conversion_matches_num_bigint() {
        for k in [0u32, 1, 9, 10, 63, 64, 65, 300, 2000, 9000] {
            let n = BigUint::from(3u32).pow(k) * 7u32 + 1u32;
            assert_eq!(to_decimal(&n), n.to_str_radix(10).into_bytes(), "3^{k}*7+1");
        }
        assert_eq!(to_decimal(&BigUint::zero()), b"0".to_vec());
        assert_eq!(to_decimal(&BigUint::from(1_000_000_000u64)), b"1000000000".to_vec());
    }
}

#[cfg(test)]
mod huge_exponent_tests {
    use super::*;

    /// fuzz seed 20261128: numbers with huge decimal exponents are keyed,
    /// hashed and compared without expanding 10^|t|: the bounded prefix is
    /// the exact one wherever it answers, and answers for the common case.
    #[test]
    fn a_decimal_prefix_of_a_huge_exponent_is_the_exact_one_without_expanding_it() {
        let mut answered = 0;
        let mantissas: Vec<BigUint> = vec![
            BigUint::from(1u32),
            BigUint::from(0xFFFF_FFFF_FFFF_FFFFu64),
            (BigUint::from(1u32) << 511u32) + 12345u32,
            (BigUint::from(1u32) << 512u32) - 1u32,
            BigUint::from(10u32).pow(150) + 7u32,
        ];
        for m in &mantissas {
            for t in [-1001i64, -1500, -2999, 1001, 1700, 2999] {
                for k in [12usize, 40, 170] {
                    // A shift that makes the integer part about k digits long.
                    let shift = ((k as i64 - t) * 3322 / 1000) - bits(m);
                    let exact = decimal_prefix_exact(m, shift, t);
                    if let Some(d) = decimal_prefix_bounded(m, shift, t) {
                        answered += 1;
                        assert_eq!(
                            (&d.digits, d.exp, d.exact),
                            (&exact.digits, exact.exp, exact.exact),
                            "m={m} shift={shift} t={t}"
                        );
                    }
                }
            }
        }
        assert!(answered >= 80, "{answered} of 90 answered");
        // A number read from decimal text sits next to a round decimal: its
        // prefixes are answered without the exact path too.
        for text in ["1E83185", "-1e150000", "9.999999999E99999", "1e-83185", "123456789012345678901234567890E5000"] {
            Number::parse_cty_string(text).unwrap().with_float(|f| {
                for k in [12, 170] {
                    let t = prefix_scale(&f.mant, f.lsb(), k);
                    let d = decimal_prefix_bounded(&f.mant, f.lsb(), t)
                        .unwrap_or_else(|| panic!("{text} k={k}: not answered"));
                    if t.unsigned_abs() < 6000 {
                        let exact = decimal_prefix_exact(&f.mant, f.lsb(), t);
                        assert_eq!((&d.digits, d.exp), (&exact.digits, exact.exp), "{text}");
                    }
                }
            });
        }
    }

    /// The texts and keys of such numbers: `Text('g', 10)` (the set hash),
    /// `Text('f', -1)` and its compact key agree with each other.
    #[test]
    fn huge_numbers_hash_and_key_without_their_digits() {
        let table = [
            ("1E83185", "1e+83185", "1e83186"),
            ("-1E83185", "-1e+83185", "-1e83186"),
            ("123456789012345E83000", "1.23456789e+83014", "123456789012345e83015"),
            ("1E-83185", "1e-83185", "1e-83184"),
            ("0.5", "0.5", "5e0"),
            ("-0", "-0", "0"),
            ("100", "100", "1e3"),
        ];
        for (text, g10, key) in table {
            let n = Number::parse_cty_string(text).unwrap();
            assert_eq!(n.to_text_g10(), g10, "{text}");
            assert_eq!(n.text_f_key(), key, "{text}");
        }
        // Equal texts, equal keys; different texts, different keys.
        let a = Number::parse_cty_string("1E83185").unwrap();
        let b = Number::parse_cty_string("10E83184").unwrap();
        let c = Number::parse_cty_string("1.0000000001E83185").unwrap();
        assert_eq!(a.to_text_f() == b.to_text_f(), a.text_f_key() == b.text_f_key());
        assert_eq!(a.to_text_f() == c.to_text_f(), a.text_f_key() == c.text_f_key());
    }
}
