//! The `grundy` command: who wins a combinatorial game, how, and why.
// The command's doc comments are its --help text, written to paste into a
// shell ('octal[0.137]'), not rustdoc markdown.
#![allow(rustdoc::broken_intra_doc_links)]

use std::io;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

mod games;
mod limits;
mod options;
mod output;
mod quotient;
mod seq;
mod serve;
mod table;
mod value;
mod values;
mod verify;

use grundy::registry::Registry;

/// The system allocator, counting each thread's live bytes, so that a
/// script's values are held to --max-memory as they grow.
#[global_allocator]
static ALLOC: grundy::alloc::Counting = grundy::alloc::Counting(std::alloc::System);

/// Combinatorial game engine: Grundy values, outcomes and winning moves.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// Load the games of a script file (repeat for several files): each is then
    /// written like a built-in game. See "Your own games" in the README.
    #[arg(long, global = true, value_name = "FILE")]
    rules: Vec<std::path::PathBuf>,
    /// How partizan values are written: cgsuite as CGSuite 2.2 writes them
    /// (uptimals compact: ^[4], v<2>, 3/4v[3]*), expanded with those uptimals
    /// in braces ({^|*||*|||*}, {^*|0}, {3/4|3/4,{3/4|3/4,3/4v*}}). Both read back.
    #[arg(long, global = true, value_enum, default_value_t = NotationArg::Cgsuite)]
    notation: NotationArg,
}

/// The values of --notation.
#[derive(Clone, Copy, clap::ValueEnum)]
enum NotationArg {
    Cgsuite,
    Expanded,
}

/// The notation of this run (`grundy serve` answers every request in it).
static NOTATION: std::sync::OnceLock<grundy::partizan::Notation> = std::sync::OnceLock::new();

/// The games expressions are read with: the built-in ones and those of --rules.
static REGISTRY: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();

/// The notation of this run.
pub(crate) fn notation() -> grundy::partizan::Notation {
    NOTATION.get().copied().unwrap_or_default()
}

/// The registry of this run (the built-in games until --rules are loaded).
pub(crate) fn registry() -> &'static Registry {
    REGISTRY.get().unwrap_or(Registry::builtin())
}

impl Command {
    /// The limits the command was given (the defaults for those without flags).
    fn limits(&self) -> grundy::Limits {
        match self {
            Command::Value(a) => a.limits.limits(),
            Command::Options(a) => a.limits.limits(),
            Command::Table(a) => a.limits.limits(),
            Command::Verify(a) => a.limits.limits(),
            Command::Compare(a) => a.limits.limits(),
            Command::Thermograph(a) => a.limits.limits(),
            Command::Transform(a) => a.limits.limits(),
            Command::Quotient(a) => a.limits.limits(),
            Command::Serve(a) => a.limits(),
            Command::Seq(_) | Command::Games { .. } => grundy::Limits::default(),
        }
    }
}

/// Loads the games of every --rules file, their interpreters sized by the
/// command's limits (its arrays and strings by --max-memory).
fn load_rules(files: &[std::path::PathBuf], limits: &grundy::Limits) -> Result<(), UserError> {
    let mut registry = Registry::default();
    for path in files {
        registry
            .load(path, limits)
            .map_err(|e| UserError::new(e.to_string()))?;
    }
    let _ = REGISTRY.set(registry);
    Ok(())
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Evaluate a position: its value, who wins, and every winning move.
    ///
    /// Examples: grundy value 'nim(3,5,7)';  grundy value 'kayles(10) + queen(3,4)';
    /// grundy value 'misere(nim(3,5,1))';  echo 'nim(1,2)' | grundy value --batch
    Value(value::ValueArgs),
    /// Print the Grundy values G(0..=N) of a heap ruleset, and its period when one shows;
    /// or the canonical forms of a family of positions in n.
    ///
    /// Examples: grundy seq kayles --to 104;  grundy seq 'octal[0.137]' --to 131;
    /// grundy seq 'subtraction(n, [1,2], [2,3])' --to 30
    Seq(SeqCmd),
    /// Print the N×N table of Grundy values of a piece, row x and column y; or the
    /// canonical forms of a family of positions in x and y.
    ///
    /// Examples: grundy table queen --size 10;
    /// grundy table 'piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8]' --size 8;
    /// grundy table cutcake --size 6;  grundy table 'nim(x,y) + kayles(3)' --size 8
    Table(table::TableArgs),
    /// Check the engine's fast path against plain search on every position of a family.
    ///
    /// A family is an expression with some rulesets left without their position; those
    /// range over heaps 0..=B or squares with coordinates 0..=B. Exit code 1 when a
    /// counterexample is found.
    ///
    /// Examples: grundy verify 'kayles + nim' --bound 20;
    /// grundy verify 'selective(queen, knight)' --bound 5;  grundy verify 'misere(nim + nim + nim)' --bound 6
    Verify(verify::VerifyArgs),
    /// List a position's options: one list for an impartial game, Left's and
    /// Right's for a partizan one (in a sum, one component moved).
    ///
    /// Examples: grundy options 'nim(3,5)';  grundy options --json 'domineering("..|..") + *'
    Options(options::OptionsArgs),
    /// Compare two games or values: prints <, >, = or <> (confused, incomparable).
    ///
    /// Examples: grundy compare '^' '*';  grundy compare 'domineering("..|..")' '+-1';
    /// grundy compare '{1|0}' '1/2'
    Compare(values::CompareArgs),
    /// The thermograph of a game or value: its walls as data, and as an SVG picture.
    ///
    /// Examples: grundy thermograph '{3||2*|1*}';  grundy thermograph 'domineering("...|...")' --svg t.svg
    Thermograph(values::ThermographArgs),
    /// Cool, heat or take the atomic weight of a game or value.
    ///
    /// Examples: grundy transform '{3|-1}' --cool 1;  grundy transform '^*' --atomic-weight;
    /// grundy transform '*' --heat 1
    Transform(values::TransformArgs),
    /// The misère quotient of a heap ruleset (Plambeck–Siegel): order, presentation,
    /// P-portion, pretending function and its period, over heaps 0..=N.
    ///
    /// Examples: grundy quotient 'octal[0.75]' --heaps 40;  grundy quotient dawson --heaps 33 --json
    Quotient(quotient::QuotientArgs),
    /// Serve the page (play against perfect play, explore values) and a JSON
    /// API that answers as these commands do, on http://127.0.0.1:7878/.
    ///
    /// Examples: grundy serve;  grundy serve --port 8080 --rules my_game.rhai;
    /// grundy serve --bind 0.0.0.0 --max-time 5s
    Serve(serve::ServeArgs),
    /// List every game grundy knows, with an example of how to write a position.
    ///
    /// Examples: grundy games;  grundy games --json
    Games {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
struct SeqCmd {
    /// A heap ruleset, like kayles, 'octal[0.137]', 'sub[1,3,4]' or grundy_game
    /// (or a scripted game on one integer, with --rules FILE); or a position written
    /// with the variable n, like 'subtraction(n, [1,2], [2,3])' (canonical forms).
    ruleset: String,
    #[command(flatten)]
    args: seq::SeqArgs,
}

/// An error for the user, with the text it concerns when there is one.
pub(crate) struct UserError {
    pub(crate) message: String,
    /// The column (from 1) of the input the message points at, if it does.
    pub(crate) column: Option<usize>,
    /// Whether a limit stopped the work (the input was fine).
    pub(crate) limit: bool,
    /// Whether Ctrl-C stopped a run that kept its work (exit status 130).
    pub(crate) interrupted: bool,
}

impl From<grundy::api::Error> for UserError {
    fn from(e: grundy::api::Error) -> UserError {
        UserError {
            column: e.column(),
            limit: e.limit_hit().is_some(),
            interrupted: e.kind == grundy::api::ErrorKind::Interrupted,
            message: e.message,
        }
    }
}

impl UserError {
    pub(crate) fn new(message: impl Into<String>) -> UserError {
        UserError {
            message: message.into(),
            column: None,
            limit: false,
            interrupted: false,
        }
    }
}

fn seq(cmd: &SeqCmd) -> anyhow::Result<Result<(), UserError>> {
    seq::run(&cmd.ruleset, &cmd.args)
}

/// The stack of the thread that does the work. Canonical forms are
/// recursive structures (adding `^65536` to a switch walks its whole chain),
/// and a game's depth is bounded by its input, not by the 8 MiB of a main
/// thread: 256 MiB of address space, touched only as deep as it is used.
const WORK_STACK: usize = 256 << 20;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let work = std::thread::Builder::new()
        .name("grundy".into())
        .stack_size(WORK_STACK)
        .spawn(move || run(&cli));
    match work.map(|t| t.join()) {
        Ok(Ok(code)) => code,
        // A panic has printed its message already.
        Ok(Err(_)) => ExitCode::from(101),
        Err(e) => {
            eprintln!("error: could not start the work thread: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a command (not `serve`): `Ok(Ok(false))` when `verify` found a
/// counterexample. `grundy serve` answers its requests through this too.
fn dispatch(command: &Command) -> anyhow::Result<Result<bool, UserError>> {
    grundy::partizan::with_notation(notation(), || dispatch_in(command))
}

/// [`dispatch`], in the notation in force.
fn dispatch_in(command: &Command) -> anyhow::Result<Result<bool, UserError>> {
    let done = |r: anyhow::Result<Result<(), UserError>>| r.map(|r| r.map(|()| true));
    match command {
        Command::Value(a) => done(value::value(a)),
        Command::Options(a) => done(options::options(a)),
        Command::Seq(a) => done(seq(a)),
        Command::Table(a) => done(table::table(a)),
        Command::Compare(a) => done(values::compare(a)),
        Command::Thermograph(a) => done(values::thermograph(a)),
        Command::Transform(a) => done(values::transform(a)),
        Command::Quotient(a) => done(quotient::quotient(a)),
        Command::Games { json } => done(games::list(*json).map(Ok).map_err(anyhow::Error::from)),
        Command::Verify(a) => verify::verify(a),
        Command::Serve(_) => Ok(Err(UserError::new(
            "serve cannot be asked of a server: start it with `grundy serve`",
        ))),
    }
}

fn run(cli: &Cli) -> ExitCode {
    let _ = NOTATION.set(match cli.notation {
        NotationArg::Cgsuite => grundy::partizan::Notation::Cgsuite,
        NotationArg::Expanded => grundy::partizan::Notation::Expanded,
    });
    if let Err(e) = load_rules(&cli.rules, &cli.command.limits()) {
        eprintln!("error: {}", e.message);
        return ExitCode::from(2);
    }
    if let Command::Serve(a) = &cli.command {
        return serve::serve(a);
    }
    let result = match dispatch(&cli.command) {
        Ok(Ok(false)) => return ExitCode::FAILURE,
        other => other.map(|r| r.map(|_| ())),
    };
    match result {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) if e.interrupted => {
            eprintln!("{}", e.message);
            ExitCode::from(130)
        }
        Ok(Err(e)) => {
            eprintln!("error: {}", e.message);
            ExitCode::from(2)
        }
        Err(e) => {
            // A closed pipe (`grundy seq ... | head`) is not an error worth a message.
            if e.downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
