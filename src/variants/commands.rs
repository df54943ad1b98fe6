//! GTP commands that only some variants have (GoRoGo's setup henge, Yugo's
//! button, Buying Armies' purchases): a variant's own, declared in its
//! module and listed in its `VariantSpec::commands`, as Fuego's game
//! engines register theirs, and the setters of its options, made from the
//! options' entries. The GTP layer lists them all and answers
//! `? <variant> has no <what>` where the current variant has none.

use super::spec::{Effect, OptionCommand, SetupOption, VariantSpec};
pub use super::spec::{Reply, Session, VariantCommand};
use crate::args::Args;

/// A GTP command of some variants: one written for them, or the setter of
/// one of their options.
#[derive(Clone, Copy)]
pub enum Command {
    Own(&'static VariantCommand),
    Setter(&'static SetupOption, &'static OptionCommand),
}

impl Command {
    /// The commands of a variant: its options' setters, then its own.
    pub fn of(spec: &'static VariantSpec) -> impl Iterator<Item = Command> {
        let setters = (spec.options.iter()).filter_map(|&o| o.command.as_ref().map(|c| Command::Setter(o, c)));
        setters.chain(spec.commands.iter().map(Command::Own))
    }

    pub fn name(self) -> &'static str {
        match self {
            Command::Own(command) => command.name,
            Command::Setter(_, command) => command.name,
        }
    }

    /// What the variants without the command lack, for its refusal.
    pub fn lacks(self) -> &'static str {
        match self {
            Command::Own(command) => command.lacks,
            Command::Setter(option, _) => option.what,
        }
    }

    pub fn run(self, session: &mut dyn Session, a: &Args) -> Reply {
        match self {
            Command::Own(command) => (command.run)(session, a),
            Command::Setter(option, command) => set_option(option, command.effect, session, a),
        }
    }
}

/// `NAME [VALUE]`: the option's value, or a new one (`auto`, where the
/// option takes it, lets the engine choose).
fn set_option(option: &SetupOption, effect: Effect, session: &mut dyn Session, a: &Args) -> Reply {
    a.count(0, 1)?;
    if a.is_empty() {
        return Ok(option.shown(session.setup()));
    }
    let mut setup = session.setup().clone();
    setup.apply_option_with(option.key, a.word(0)?, &mut |game| session.winrate(game))?;
    match effect {
        Effect::NewGame => {
            session.restart(setup);
            Ok(option.shown(session.setup()))
        }
        Effect::SameGame => {
            session.amend(setup);
            Ok(String::new())
        }
    }
}
