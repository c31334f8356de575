//! Decimal text to the nearest double, rounding half to even, as the
//! standard library's parser does but without its tables: those were
//! about 15 KB of the browser's module, gzipped, for the few floats a
//! definition holds (its evaluation weights).
//!
//! Short numbers take the exact path (a mantissa of at most 15 digits and
//! a power of ten up to 10^22 are both exact doubles, so one division or
//! multiplication rounds once). Others start from an estimate and move it
//! a unit in the last place at a time until the number lies between the
//! halfway points around it, compared exactly in integers.

use std::cmp::Ordering;

/// Significant digits read exactly (see [`positive`]).
const MAX_DIGITS: usize = 800;

/// Exact powers of ten as doubles.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// The double nearest `text`: `[+-]DIGITS[.DIGITS][(e|E)[+-]DIGITS]`,
/// already checked (no `_`). `None` when it is beyond the largest double.
pub fn parse(text: &str) -> Option<f64> {
    let negative = text.starts_with('-');
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], &unsigned[i + 1..]),
        None => (unsigned, "0"),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // An exponent too long for an i64 is far beyond the range either way.
    let exp_negative = exponent.starts_with('-');
    let exp_digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    let exp_value: i64 = exp_digits
        .bytes()
        .try_fold(0i64, |e, d| e.checked_mul(10)?.checked_add((d - b'0') as i64))
        .unwrap_or(i64::MAX / 4);
    let mut exp10 = if exp_negative { -exp_value } else { exp_value };
    exp10 -= frac.len() as i64;
    let digits: Vec<u8> = int
        .bytes()
        .chain(frac.bytes())
        .map(|d| d - b'0')
        .skip_while(|&d| d == 0)
        .collect();
    let trailing = digits.iter().rev().take_while(|&&d| d == 0).count();
    let digits = &digits[..digits.len() - trailing];
    exp10 += trailing as i64;
    let magnitude = positive(digits, exp10)?;
    Some(if negative { -magnitude } else { magnitude })
}

/// The double nearest `digits` (no leading or trailing zero) times
/// 10^`exp10`.
fn positive(digits: &[u8], exp10: i64) -> Option<f64> {
    // Past 800 significant digits only whether the rest is zero matters:
    // a halfway point between doubles has at most 767, so none lies
    // between the number and its first 800 digits followed by a 1 (or by
    // nothing when the rest is zeros). This keeps the integers small.
    let mut kept;
    let (digits, exp10) = if digits.len() > MAX_DIGITS {
        let dropped = (digits.len() - MAX_DIGITS) as i64;
        kept = digits[..MAX_DIGITS].to_vec();
        if digits[MAX_DIGITS..].iter().any(|&d| d != 0) {
            kept.push(1);
            (&kept[..], exp10 + dropped - 1)
        } else {
            (&kept[..], exp10 + dropped)
        }
    } else {
        (digits, exp10)
    };
    let n = digits.len() as i64;
    if n == 0 {
        return Some(0.0);
    }
    // The number lies in [10^(n - 1 + exp10), 10^(n + exp10)).
    if n - 1 + exp10 > 308 {
        return None;
    }
    if n + exp10 < -324 {
        // Below 10^-324, less than half the least double above zero.
        return Some(0.0);
    }
    let exp10 = exp10 as i32;
    if n <= 15 && exp10.unsigned_abs() <= 22 {
        let m = digits.iter().fold(0u64, |m, &d| m * 10 + d as u64) as f64;
        let p = POW10[exp10.unsigned_abs() as usize];
        return Some(if exp10 < 0 { m / p } else { m * p });
    }
    // An estimate from the first 19 digits, within some units in the last
    // place; then exact comparisons move it.
    let used = digits.len().min(19);
    let head = digits[..used].iter().fold(0u64, |m, &d| m * 10 + d as u64) as f64;
    let mut estimate = scale(head, exp10 + (digits.len() - used) as i32);
    if estimate.is_infinite() {
        estimate = f64::MAX;
    }
    let value = Big::from_digits(digits);
    loop {
        let bits = estimate.to_bits();
        let field = (bits >> 52) as i32;
        let fraction = bits & ((1 << 52) - 1);
        let (mant, exp2) = if field == 0 {
            (fraction, -1074)
        } else {
            (fraction | 1 << 52, field - 1075)
        };
        // Halfway up to the next double, and down to the one before (half
        // as far below a power of two, whose lower neighbour is closer).
        match compare(&value, exp10, 2 * mant + 1, exp2 - 1) {
            Ordering::Greater => {
                estimate = f64::from_bits(bits + 1);
                if estimate.is_infinite() {
                    return None;
                }
                continue;
            }
            Ordering::Equal => {
                return if mant % 2 == 0 {
                    Some(estimate)
                } else {
                    Some(f64::from_bits(bits + 1)).filter(|x| x.is_finite())
                };
            }
            Ordering::Less => {}
        }
        if mant == 0 {
            return Some(estimate);
        }
        let below = if fraction == 0 && field > 1 {
            compare(&value, exp10, 4 * mant - 1, exp2 - 2)
        } else {
            compare(&value, exp10, 2 * mant - 1, exp2 - 1)
        };
        match below {
            Ordering::Less => estimate = f64::from_bits(bits - 1),
            Ordering::Equal => {
                return Some(if mant % 2 == 0 {
                    estimate
                } else {
                    f64::from_bits(bits - 1)
                });
            }
            Ordering::Greater => return Some(estimate),
        }
    }
}

/// `m` times 10^`e`, roughly (each step rounds), never NaN.
fn scale(m: f64, e: i32) -> f64 {
    let mut x = m;
    let mut e = e;
    while e > 0 {
        let step = e.min(22);
        x *= POW10[step as usize];
        e -= step;
    }
    while e < 0 {
        let step = (-e).min(22);
        // Keep the estimate off zero: the comparisons climb from the
        // least double.
        x = (x / POW10[step as usize]).max(f64::from_bits(1));
        e += step;
    }
    x
}

/// `value` times 10^`exp10` against `k` times 2^`exp2`, exactly.
fn compare(value: &Big, exp10: i32, k: u64, exp2: i32) -> Ordering {
    let mut left = value.clone();
    let mut right = Big::from_u64(k);
    if exp10 >= 0 {
        left.mul_pow10(exp10 as u32);
    } else {
        right.mul_pow10(exp10.unsigned_abs());
    }
    if exp2 >= 0 {
        right.shl(exp2 as u32);
    } else {
        left.shl(exp2.unsigned_abs());
    }
    left.cmp(&right)
}

/// An unsigned integer of any size: 32-bit limbs, least significant first,
/// no high zero limb.
#[derive(Clone, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(x: u64) -> Big {
        let mut b = Big(vec![x as u32, (x >> 32) as u32]);
        b.trim();
        b
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut b = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let part = chunk.iter().fold(0u32, |m, &d| m * 10 + d as u32);
            b.mul_add(10u32.pow(chunk.len() as u32), part);
        }
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// self = self * m + a.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for limb in &mut self.0 {
            let x = *limb as u64 * m as u64 + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn mul_pow10(&mut self, mut e: u32) {
        while e > 0 {
            let step = e.min(9);
            self.mul_add(10u32.pow(step), 0);
            e -= step;
        }
    }

    fn shl(&mut self, bits: u32) {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let x = *limb;
                *limb = x << bits | carry;
                carry = x >> (32 - bits);
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    fn same(text: &str) {
        let std = text.parse::<f64>().unwrap();
        let ours = parse(text);
        if std.is_infinite() {
            assert_eq!(ours, None, "{text}");
        } else {
            assert_eq!(
                ours.map(f64::to_bits),
                Some(std.to_bits()),
                "{text}: {ours:?} against {std:?}"
            );
        }
    }

    /// The hard cases: ties, the edges of the subnormals and of the range,
    /// long mantissas.
    #[test]
    fn hard_cases_round_as_the_standard_parser_does() {
        for text in [
            "0",
            "0.0",
            "-0.0",
            "1",
            "0.1",
            "-2.5",
            "1.4955",
            "1e22",
            "1e23",
            "9007199254740993",
            "9007199254740995",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e309",
            "1e-400",
            "123456789012345678901234567890e-10",
            "0.30000000000000004",
            "8.98846567431158e307",
            "17976931348623157081452742373170435679807056752584499659891747680315726078002853876058955863276687817154045895351438246423432132688946418276846754670353751698604991057655128207624549009038932894407586850845513394230458323690322294816580855933212334827479782620414472316873817718091929988125040402618412485836.9999",
            "7.2057594037927933e16",
            "5e-324",
            "1e-323",
            "3e-324",
            "0.000000000000000000000000000001e30",
        ] {
            same(text);
        }
        let long_one = format!("0.{}1e{}", "0".repeat(799), 800);
        same(&long_one);
        // Past the digits read exactly: a tie broken only by a far digit,
        // and long runs either side of a halfway point.
        let tie = "9007199254740993";
        same(&format!("{tie}.{}", "0".repeat(2000)));
        same(&format!("{tie}.{}1", "0".repeat(2000)));
        same(&format!("-{tie}.{}1e-300", "0".repeat(2000)));
        same(&format!("9007199254740992.{}e-5", "9".repeat(3000)));
        same(&format!("1.{}e-310", "1".repeat(5000)));
        same(&format!("{}e-2000", "7".repeat(2200)));
    }

    /// Random numbers of every length and scale read alike.
    #[test]
    fn random_numbers_round_as_the_standard_parser_does() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..20_000 {
            let len = 1 + next(25) as usize;
            let digits: String = (0..len).map(|_| char::from(b'0' + next(10) as u8)).collect();
            let point = next(len as u64 + 1) as usize;
            let exp = next(700) as i64 - 350;
            let sign = if next(2) == 0 { "" } else { "-" };
            let text = if point == len {
                format!("{sign}{digits}e{exp}")
            } else {
                format!("{sign}{}.{}0e{exp}", &digits[..point.max(1)], &digits[point.max(1)..])
            };
            same(&text);
        }
    }
}
