//! Shell quoting for `-var` and `TF_VAR_`: what to type in bash / zsh and
//! in PowerShell so that Terraform receives exactly the text it should.
//! Single quotes in both: nothing inside them is expanded.

use super::Refusal;

/// Quotes in PowerShell's single-quoted strings: the ASCII one and the
/// typographic ones PowerShell also accepts (each is doubled inside).
const POWERSHELL_QUOTES: [char; 5] = ['\'', '\u{2018}', '\u{2019}', '\u{201A}', '\u{201B}'];

/// `'text'` for bash and zsh: a `'` inside becomes `'\''`; a bidi control
/// or zero-width character goes between the quotes as `$'\uXXXX'`, so that
/// a reader sees it.
pub fn bash_quote(text: &str) -> Result<String, Refusal> {
    no_nul(text)?;
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' => out.push_str("'\\''"),
            c if super::invisible(c) => out.push_str(&format!("'$'\\u{:04x}''", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    Ok(out)
}

/// Double quotes in PowerShell: the ASCII one and the typographic ones.
const POWERSHELL_DOUBLE_QUOTES: [char; 4] = ['"', '\u{201C}', '\u{201D}', '\u{201E}'];

/// `'text'` for PowerShell: a quote inside is doubled. A text with a bidi
/// control or zero-width character is double-quoted instead, with those
/// characters as `` `u{XXXX} `` (PowerShell 6+) so that a reader sees them,
/// and `$`, `` ` `` and double quotes escaped with a backtick.
pub fn powershell_quote(text: &str) -> Result<String, Refusal> {
    no_nul(text)?;
    if text.contains(super::invisible) {
        let mut out = String::with_capacity(text.len() + 16);
        out.push('"');
        for c in text.chars() {
            match c {
                c if super::invisible(c) => out.push_str(&format!("`u{{{:04X}}}", c as u32)),
                c if c == '$' || c == '`' || POWERSHELL_DOUBLE_QUOTES.contains(&c) => {
                    out.push('`');
                    out.push(c);
                }
                c => out.push(c),
            }
        }
        out.push('"');
        return Ok(out);
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        if POWERSHELL_QUOTES.contains(&c) {
            out.push(c);
        }
        out.push(c);
    }
    out.push('\'');
    Ok(out)
}

/// `export TF_VAR_name='value'`; a name that is no shell variable name
/// (Terraform allows `-`) goes through `env` for one command instead.
pub fn bash_env(name: &str, value: &str, command: &str) -> Result<String, Refusal> {
    let var = format!("TF_VAR_{name}");
    if is_shell_name(&var) {
        Ok(format!("export {var}={}", bash_quote(value)?))
    } else {
        Ok(format!("env {} {command} plan", bash_quote(&format!("{var}={value}"))?))
    }
}

/// `$env:TF_VAR_name = 'value'` (`${env:TF_VAR_my-name}` when the name
/// holds more than letters, digits and `_`).
pub fn powershell_env(name: &str, value: &str) -> Result<String, Refusal> {
    let var = format!("TF_VAR_{name}");
    let target = if is_shell_name(&var) { format!("$env:{var}") } else { format!("${{env:{var}}}") };
    Ok(format!("{target} = {}", powershell_quote(value)?))
}

fn is_shell_name(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') && !s.starts_with(|c: char| c.is_ascii_digit())
}

fn no_nul(text: &str) -> Result<(), Refusal> {
    if text.contains('\0') {
        Err(Refusal::NulCharacter)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bash_single_quotes_close_and_reopen_around_a_quote() {
        assert_eq!(bash_quote("v=it's").unwrap(), r#"'v=it'\''s'"#);
        assert_eq!(bash_quote("v=$HOME \"x\" `y` !z").unwrap(), r#"'v=$HOME "x" `y` !z'"#);
    }

    #[test]
    fn powershell_doubles_every_kind_of_single_quote() {
        assert_eq!(powershell_quote("v=it's ‘a’").unwrap(), "'v=it''s ‘‘a’’'");
        assert_eq!(powershell_quote("v=$x").unwrap(), "'v=$x'");
    }

    #[test]
    fn invisible_characters_are_escaped_in_both_shells() {
        assert_eq!(bash_quote("v=a\u{202e}b'c").unwrap(), r#"'v=a'$'\u202e''b'\''c'"#);
        assert_eq!(powershell_quote("v=a\u{200b}$b`c\"d'e").unwrap(), "\"v=a`u{200B}`$b``c`\"d'e\"");
    }

    #[test]
    fn nul_cannot_be_passed_to_a_program() {
        assert_eq!(bash_quote("a\0b"), Err(Refusal::NulCharacter));
        assert_eq!(powershell_env("v", "a\0b"), Err(Refusal::NulCharacter));
    }

    #[test]
    fn names_with_dashes_use_env_and_braces() {
        assert_eq!(bash_env("my-var", "x", "tofu").unwrap(), "env 'TF_VAR_my-var=x' tofu plan");
        assert_eq!(bash_env("my_var", "x", "terraform").unwrap(), "export TF_VAR_my_var='x'");
        assert_eq!(powershell_env("my-var", "x").unwrap(), "${env:TF_VAR_my-var} = 'x'");
        assert_eq!(powershell_env("v", "x").unwrap(), "$env:TF_VAR_v = 'x'");
    }
}
