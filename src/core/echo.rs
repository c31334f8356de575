//! User input quoted back in error messages, cut short: a pasted page of
//! text should give a one-line error, not the page again.

/// How many characters of the input an error message repeats.
pub const ECHO_CHARS: usize = 80;

/// `input` as an error message quotes it: at most [`ECHO_CHARS`]
/// characters, then `…` when it was longer; control characters (a newline,
/// a tab) are written as escapes so the message stays on one line.
pub fn echo(input: &str) -> String {
    let mut out = String::new();
    for (i, c) in input.chars().enumerate() {
        if i == ECHO_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_with_an_ellipsis() {
        assert_eq!(echo("e2e4"), "e2e4");
        let long = "x".repeat(200);
        let shown = echo(&long);
        assert_eq!(shown.chars().count(), ECHO_CHARS + 1);
        assert!(shown.ends_with("x…"));
        assert_eq!(echo(&"é".repeat(ECHO_CHARS)), "é".repeat(ECHO_CHARS));
        assert_eq!(echo("a\nb\t"), "a\\nb\\t");
    }
}
