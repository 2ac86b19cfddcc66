//! Numbers as cty holds them: a 512-bit binary big float (Go's `big.Float`
//! with precision 512, rounding to nearest even), never f64.
//!
//! STUB: the API below is fixed; the implementation is being written.

use std::cmp::Ordering;

#[derive(Clone, Debug)]
pub struct Number {
    // placeholder representation
    repr: i128,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a number cty's parser accepts.
    Syntax,
    /// The exponent is beyond what big.Float can hold.
    Range,
}

impl Number {
    /// Parses a decimal literal as HCL does for number tokens and as cty's
    /// `ParseNumberVal` does for strings (the accepted syntaxes differ: see
    /// [`Number::parse_cty_string`]).
    pub fn parse_literal(s: &str) -> Result<Number, NumberError> {
        s.parse::<i128>().map(|repr| Number { repr }).map_err(|_| NumberError::Syntax)
    }
    /// The string -> number conversion of cty (`convert` of a string to number).
    pub fn parse_cty_string(s: &str) -> Result<Number, NumberError> {
        Self::parse_literal(s)
    }
    pub fn from_i64(i: i64) -> Number {
        Number { repr: i as i128 }
    }
    /// Go's `big.Float.Text('f', -1)`: what the console and JSON print.
    pub fn to_text_f(&self) -> String {
        self.repr.to_string()
    }
    /// Go's `big.Float.Text('g', -1)`: used in cty paths (`[0]`).
    pub fn to_text_g(&self) -> String {
        self.repr.to_string()
    }
    pub fn is_integer(&self) -> bool {
        true
    }
    pub fn to_i64(&self) -> Option<i64> {
        i64::try_from(self.repr).ok()
    }
    pub fn is_negative_zero(&self) -> bool {
        false
    }
    pub fn is_infinite(&self) -> bool {
        false
    }
    /// Numeric comparison (`-0 == 0`).
    pub fn cmp_num(&self, other: &Number) -> Ordering {
        self.repr.cmp(&other.repr)
    }
    /// cty's `RawEquals`/set equality of two numbers.
    pub fn raw_equal(&self, other: &Number) -> bool {
        self.repr == other.repr
    }
    pub fn add(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number { repr: self.repr + o.repr })
    }
    pub fn sub(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number { repr: self.repr - o.repr })
    }
    pub fn mul(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number { repr: self.repr * o.repr })
    }
    pub fn div(&self, o: &Number) -> Result<Number, NumberError> {
        if o.repr == 0 {
            return Err(NumberError::Range);
        }
        Ok(Number { repr: self.repr / o.repr })
    }
    pub fn rem(&self, o: &Number) -> Result<Number, NumberError> {
        if o.repr == 0 {
            return Err(NumberError::Range);
        }
        Ok(Number { repr: self.repr % o.repr })
    }
    pub fn neg(&self) -> Number {
        Number { repr: -self.repr }
    }
}

/// Equality as cty's `RawEquals` sees numbers.
impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.raw_equal(other)
    }
}
