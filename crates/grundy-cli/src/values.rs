//! The commands on partizan values: `compare`, `thermograph`, `transform`.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use grundy::Engine;

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct CompareArgs {
    /// The first game or value.
    pub(crate) g: String,
    /// The second game or value.
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
    pub(crate) game: String,
    /// Cool by this number (a dyadic rational like 1 or 1/2, above -1): the
    /// function cool(G, t).
    #[arg(long, value_name = "T", group = "op", allow_negative_numbers = true)]
    pub(crate) cool: Option<String>,
    /// Heat by this number (any dyadic rational, negative ones too): the
    /// function heat(G, t).
    #[arg(long, value_name = "T", group = "op", allow_negative_numbers = true)]
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

/// Runs a command on values with all its arithmetic (cooling, heating,
/// thermographs, atomic weights, not only the value) within the limits.
fn within(
    limits: &LimitArgs,
    run: impl FnOnce(&mut Engine) -> anyhow::Result<Result<(), UserError>>,
) -> anyhow::Result<Result<(), UserError>> {
    let budget = limits.budget();
    let mut engine = Engine::with_budget(budget.clone());
    engine.set_registry(crate::registry().clone());
    let result = grundy::partizan::within_budget(&budget, || {
        Ok::<_, grundy::partizan::Error>(run(&mut engine))
    });
    // The arithmetic past the value stops only at the budget's limits.
    result.unwrap_or_else(|e| {
        Ok(Err(UserError {
            limit: true,
            ..UserError::new(e.to_string())
        }))
    })
}

/// The canonical value of a game expression, or of a whole text in CGSuite notation.
fn canonical(engine: &mut Engine, text: &str) -> Result<grundy::partizan::Game, UserError> {
    let game =
        grundy::parse_any_in(text, crate::registry()).map_err(|e| UserError::parse(text, &e))?;
    engine
        .partizan_value(&game)
        .map_err(|e| UserError::eval(format!("{text}: {e}"), &e))
}

pub(crate) fn compare(args: &CompareArgs) -> anyhow::Result<Result<(), UserError>> {
    within(&args.limits, |engine| compare_with(args, engine))
}

fn compare_with(args: &CompareArgs, engine: &mut Engine) -> anyhow::Result<Result<(), UserError>> {
    if crate::loopy::is_loopy(&args.g) || crate::loopy::is_loopy(&args.h) {
        return crate::loopy::compare(&args.g, &args.h, args.json, &args.limits.budget(), engine);
    }
    let mut value = |text: &str| canonical(engine, text);
    let g = match value(&args.g) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let h = match value(&args.h) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let relation = grundy::partizan::compare(g, h).to_string();
    let mut out = crate::output::stdout();
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "g": args.g, "h": args.h, "g_value": g.to_string(), "h_value": h.to_string(), "relation": relation }),
        )?;
        writeln!(out)?;
    } else {
        // As the user wrote them: the values may print differently.
        writeln!(out, "{} {relation} {}", args.g, args.h)?;
    }
    Ok(Ok(()))
}

pub(crate) fn thermograph(args: &ThermographArgs) -> anyhow::Result<Result<(), UserError>> {
    within(&args.limits, |engine| thermograph_with(args, engine))
}

fn thermograph_with(
    args: &ThermographArgs,
    engine: &mut Engine,
) -> anyhow::Result<Result<(), UserError>> {
    let g = match canonical(engine, &args.game) {
        Ok(g) => g,
        Err(e) => return Ok(Err(e)),
    };
    let t = match g.thermograph() {
        Ok(t) => t,
        Err(e) => return Ok(Err(UserError::new(e.to_string()))),
    };
    let mut out = crate::output::stdout();
    if args.svg.as_deref() == Some(std::path::Path::new("-")) {
        out.write_all(t.to_svg().as_bytes())?;
        return Ok(Ok(()));
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, t.to_svg()).with_context(|| format!("writing {}", path.display()))?;
    }
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "value": g.to_string(), "thermograph": &*t }),
        )?;
        writeln!(out)?;
    } else {
        let wall = |w: &grundy::partizan::Trajectory| {
            let v: Vec<String> = w
                .vertices
                .iter()
                .map(|(t, x)| format!("({t}, {x})"))
                .collect();
            format!("{} then slope {}", v.join(" "), w.final_slope)
        };
        writeln!(out, "{g}")?;
        writeln!(out, "temperature: {}", t.temperature)?;
        writeln!(out, "mast (mean): {}", t.mast)?;
        writeln!(out, "left wall  (t, x): {}", wall(&t.left))?;
        writeln!(out, "right wall (t, x): {}", wall(&t.right))?;
        if let Some(path) = &args.svg {
            writeln!(out, "picture: {}", path.display())?;
        }
    }
    Ok(Ok(()))
}

pub(crate) fn transform(args: &TransformArgs) -> anyhow::Result<Result<(), UserError>> {
    within(&args.limits, |engine| transform_with(args, engine))
}

fn transform_with(
    args: &TransformArgs,
    engine: &mut Engine,
) -> anyhow::Result<Result<(), UserError>> {
    let g = match canonical(engine, &args.game) {
        Ok(g) => g,
        Err(e) => return Ok(Err(e)),
    };
    let number = |text: &str| -> Result<grundy::partizan::Dyadic, UserError> {
        match grundy::partizan::Game::parse(text)
            .ok()
            .and_then(|v| v.as_number())
        {
            Some(d) => Ok(d),
            None => Err(UserError::new(format!(
                "'{text}' is not a number: give a dyadic rational like 1, 3/4 or -1/2"
            ))),
        }
    };
    // The same functions as `cool(G, t)`, `heat(G, t)` and
    // `atomic_weight(G)` in an expression.
    let apply = |name: &str, args: &[grundy::partizan::Game]| match grundy::functions::lookup(name)
        .map(|f| f.returns)
    {
        Some(grundy::functions::Returns::Game(f)) => f(args),
        _ => unreachable!("{name} is a function whose value is a game"),
    };
    let (op, result) = match (&args.cool, &args.heat, args.atomic_weight) {
        (Some(t), _, _) => match number(t) {
            Ok(d) => (
                format!("cooled by {d}"),
                apply("cool", &[g, grundy::partizan::Game::number(d)]),
            ),
            Err(e) => return Ok(Err(e)),
        },
        (_, Some(t), _) => match number(t) {
            Ok(d) => (
                format!("heated by {d}"),
                apply("heat", &[g, grundy::partizan::Game::number(d)]),
            ),
            Err(e) => return Ok(Err(e)),
        },
        (_, _, true) => ("atomic weight".to_string(), apply("atomic_weight", &[g])),
        _ => {
            return Ok(Err(UserError::new(
                "say what to do: --cool T, --heat T or --atomic-weight",
            )))
        }
    };
    let r = match result {
        Ok(r) => r,
        Err(e) => return Ok(Err(UserError::new(format!("{g}: {e}")))),
    };
    let mut out = crate::output::stdout();
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "value": g.to_string(), "operation": op, "result": r.to_string() }),
        )?;
        writeln!(out)?;
    } else {
        writeln!(out, "{g} {op}: {r}")?;
    }
    Ok(Ok(()))
}
