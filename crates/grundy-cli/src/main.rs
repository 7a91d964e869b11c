//! Temporary entry point of the `takebreak` branch, to try `grundy seq`; the
//! lead's main.rs replaces it on merge (the logic lives in seq.rs).

mod seq;

use clap::Parser;

#[derive(Parser)]
#[command(name = "grundy")]
enum Cli {
    /// Values of a take-and-break game: `grundy seq kayles --to 100`.
    Seq {
        /// kayles, dawson, dawsons_chess, officers, grundy, nim, or a code such as 0.77.
        game: String,
        #[command(flatten)]
        args: seq::SeqArgs,
    },
}

fn main() -> anyhow::Result<()> {
    let Cli::Seq { game, args } = Cli::parse();
    let rules = match game.as_str() {
        "kayles" => grundy::TakeBreak::kayles(),
        "dawson" => grundy::TakeBreak::dawsons_kayles(),
        "dawsons_chess" => grundy::TakeBreak::dawsons_chess(),
        "officers" => grundy::TakeBreak::officers(),
        "grundy" => grundy::TakeBreak::grundys_game(),
        "nim" => grundy::TakeBreak::nim(),
        code => grundy::TakeBreak::from_code(code)?,
    };
    seq::run(&rules, &game, &args)
}
