//! The commands on partizan values: `compare`, `thermograph`, `transform`.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use grundy::api::{self, Transform};

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct CompareArgs {
    /// The first game or value.
    #[arg(allow_hyphen_values = true)]
    pub(crate) g: String,
    /// The second game or value.
    #[arg(allow_hyphen_values = true)]
    pub(crate) h: String,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

#[derive(Args)]
pub(crate) struct ThermographArgs {
    /// The game or value.
    #[arg(allow_hyphen_values = true)]
    pub(crate) game: String,
    /// Also write the picture to this SVG file (`-`: print only the picture,
    /// on standard output).
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

#[derive(Args)]
pub(crate) struct TransformArgs {
    /// The game or value.
    #[arg(allow_hyphen_values = true)]
    pub(crate) game: String,
    /// Cool by this number (a dyadic rational like 1 or 1/2, above -1): the
    /// function cool(G, t).
    #[arg(long, value_name = "T", group = "op", allow_hyphen_values = true)]
    pub(crate) cool: Option<String>,
    /// Heat by this number (any dyadic rational, negative ones too): the
    /// function heat(G, t).
    #[arg(long, value_name = "T", group = "op", allow_hyphen_values = true)]
    pub(crate) heat: Option<String>,
    /// The atomic weight (of an atomic infinitesimal, all-small games
    /// included): the function atomic_weight(G).
    #[arg(long, group = "op")]
    pub(crate) atomic_weight: bool,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// Prints `answer` as JSON (with sorted keys, as these commands always
/// printed) or as text.
fn print<T: serde::Serialize + std::fmt::Display>(
    answer: Result<T, grundy::api::Error>,
    json: bool,
) -> anyhow::Result<Result<(), UserError>> {
    let answer = match answer {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    let mut out = crate::output::stdout();
    if json {
        serde_json::to_writer(&mut out, &serde_json::to_value(&answer)?)?;
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
    }
    Ok(Ok(()))
}

pub(crate) fn compare(args: &CompareArgs) -> anyhow::Result<Result<(), UserError>> {
    print(
        api::compare(&args.limits.session(), &args.g, &args.h),
        args.json,
    )
}

pub(crate) fn thermograph(args: &ThermographArgs) -> anyhow::Result<Result<(), UserError>> {
    let answer = match api::thermograph(&args.limits.session(), &args.game) {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    let mut out = crate::output::stdout();
    if args.svg.as_deref() == Some(std::path::Path::new("-")) {
        out.write_all(answer.to_svg().as_bytes())?;
        return Ok(Ok(()));
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, answer.to_svg())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if args.json {
        serde_json::to_writer(&mut out, &serde_json::to_value(&answer)?)?;
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
        if let Some(path) = &args.svg {
            writeln!(out, "picture: {}", path.display())?;
        }
    }
    Ok(Ok(()))
}

pub(crate) fn transform(args: &TransformArgs) -> anyhow::Result<Result<(), UserError>> {
    let op = match (&args.cool, &args.heat, args.atomic_weight) {
        (Some(t), _, _) => Transform::Cool(t.clone()),
        (_, Some(t), _) => Transform::Heat(t.clone()),
        (_, _, true) => Transform::AtomicWeight,
        _ => {
            return Ok(Err(UserError::new(
                "say what to do: --cool T, --heat T or --atomic-weight",
            )))
        }
    };
    print(
        api::transform(&args.limits.session(), &args.game, &op),
        args.json,
    )
}
