//! GTP input: line preprocessing and command parsing.

use nom::bytes::complete::take_till1;
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{opt, rest};
use nom::multi::separated_list0;
use nom::sequence::terminated;
use nom::Parser;

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}

/// GTP preprocessing: drop control characters other than tab and newline,
/// cut comments, turn tabs into spaces and trim. `None` for a line that
/// holds no command.
pub fn preprocess(line: &str) -> Option<String> {
    let without_comment = line.split('#').next().unwrap_or("");
    let cleaned: String = without_comment
        .chars()
        .filter(|&c| c == '\t' || c == '\n' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let trimmed = cleaned.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// True for the line GoGui sends to interrupt a running command.
pub fn is_interrupt(line: &str) -> bool {
    line.trim() == "# interrupt"
}

/// Parses `[id] name [args...]` from a preprocessed line.
pub fn command(line: &str) -> Option<Command> {
    let id = opt(terminated(digit1::<&str, ()>, space1));
    let word = take_till1(|c: char| c == ' ');
    let mut parser = (space0, id, word, space0, rest);
    let (_, (_, id, name, _, tail)) = parser.parse(line).ok()?;
    let id = match id {
        Some(digits) => Some(digits.parse().ok()?),
        None => None,
    };
    let args: Vec<String> = separated_list0(space1::<&str, ()>, take_till1(|c: char| c == ' '))
        .parse(tail.trim())
        .map(|(_, list)| list.into_iter().map(String::from).collect())
        .unwrap_or_default();
    Some(Command {
        id,
        name: name.to_string(),
        args,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocess_rules() {
        assert_eq!(preprocess("play b d4 # comment"), Some("play b d4".into()));
        assert_eq!(preprocess("  # only a comment"), None);
        assert_eq!(preprocess("name\r"), Some("name".into()));
        assert_eq!(preprocess("play\tb\td4"), Some("play b d4".into()));
        assert_eq!(preprocess("\x01na\x7fme"), Some("name".into()));
        assert_eq!(preprocess("   "), None);
    }

    #[test]
    fn ids_and_args() {
        let c = command("12 play b D4").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "D4"]);
        let c = command("name").unwrap();
        assert_eq!((c.id, c.args.len()), (None, 0));
        let c = command("komi   6.5").unwrap();
        assert_eq!(c.args, vec!["6.5"]);
    }

    #[test]
    fn a_number_alone_is_a_command_name() {
        let c = command("42").unwrap();
        assert_eq!((c.id, c.name.as_str()), (None, "42"));
    }
}
