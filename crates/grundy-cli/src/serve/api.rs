//! The paths of `grundy serve` (docs/web-api.md): each API path is the
//! command line it mirrors, run by the command's own code; answers map to
//! statuses (400 input, 422 a limit, 503 busy, 500 the server's fault).

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use clap::Parser;
use grundy::{Limits, Player};
use serde_json::json;

use super::page;
use super::work::{Done, Job, Workers};
use crate::UserError;

type Params = Result<Query<Vec<(String, String)>>, QueryRejection>;

const JSON: &str = "application/json";
const SVG: &str = "image/svg+xml";

/// Every path of the server.
pub(crate) fn router(workers: Workers) -> Router {
    let max_request = workers.args.max_request;
    let mut router = Router::new();
    for asset in page::ASSETS {
        router = router.route(
            asset.path,
            get(move || async move { ([(header::CONTENT_TYPE, asset.content_type)], asset.body) }),
        );
    }
    router
        .route("/api/games", get(games))
        .route("/api/value", get(value))
        .route("/api/options", get(options))
        .route("/api/move", get(perfect_move))
        .route("/api/components", get(components))
        .route("/api/picture", get(picture))
        .route("/api/seq", get(seq))
        .route("/api/table", get(table))
        .route("/api/compare", get(compare))
        .route("/api/thermograph", get(thermograph))
        .route("/svg/thermograph", get(thermograph_svg))
        .fallback(|| async {
            error(
                StatusCode::NOT_FOUND,
                "no such path: see docs/web-api.md for the API".into(),
            )
        })
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            cap_request(max_request, req, next)
        }))
        .layer(middleware::from_fn(no_sniff))
        .with_state(workers)
}

/// Refuses a request whose path and query, or declared body, are longer than
/// --max-request, before anything reads them.
async fn cap_request(max: u64, req: Request, next: Next) -> Response {
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len()) as u64;
    if target > max {
        return error(
            StatusCode::URI_TOO_LONG,
            format!("the request's path and query are {target} bytes, over the server's limit of {max} (--max-request)"),
        );
    }
    let body = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
        .unwrap_or(0);
    if body > max {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request's body is {body} bytes, over the server's limit of {max} (--max-request); the API takes GET requests"),
        );
    }
    next.run(req).await
}

async fn no_sniff(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// A JSON error answer.
fn error(status: StatusCode, message: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, JSON)],
        json!({ "error": message }).to_string(),
    )
        .into_response()
}

/// The answer for a finished request.
fn reply(done: Done, content_type: &'static str) -> Response {
    match done {
        Done::Answer(body) | Done::Cut(body) => {
            (StatusCode::OK, [(header::CONTENT_TYPE, content_type)], body).into_response()
        }
        Done::Refused(e) => {
            let (status, body) = if e.limit {
                (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    json!({ "error": e.message, "limit": true }),
                )
            } else {
                match e.column {
                    Some(c) => (
                        StatusCode::BAD_REQUEST,
                        json!({ "error": e.message, "column": c }),
                    ),
                    None => (StatusCode::BAD_REQUEST, json!({ "error": e.message })),
                }
            };
            (status, [(header::CONTENT_TYPE, JSON)], body.to_string()).into_response()
        }
        Done::Busy => {
            let mut r = error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is computing as many requests as it may; try again shortly".into(),
            );
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            r
        }
        Done::Full(why) => error(StatusCode::SERVICE_UNAVAILABLE, why),
        Done::Broken(why) => error(StatusCode::INTERNAL_SERVER_ERROR, why),
    }
}

/// A request the server cannot read (status 400), with what it should be.
struct Bad(String);

impl IntoResponse for Bad {
    fn into_response(self) -> Response {
        error(StatusCode::BAD_REQUEST, self.0)
    }
}

type Answer = Result<Response, Bad>;

/// The parameter `name`, or why it is needed.
fn param<'a>(params: &'a [(String, String)], name: &str, what: &str) -> Result<&'a str, Bad> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .ok_or_else(|| Bad(format!("missing parameter `{name}`: {what}")))
}

/// The query's parameters, unless it does not decode.
fn params(p: Params) -> Result<Vec<(String, String)>, Bad> {
    p.map(|Query(v)| v).map_err(|e| {
        Bad(format!(
            "the query does not decode ({e}); write it as name=value pairs, percent-encoded"
        ))
    })
}

/// A request's time limit as the `--max-time` flag reads it (an hour when
/// it has none, which a server's requests always have).
fn max_time(l: &Limits) -> String {
    l.max_time.map_or(String::from("1h"), |t| {
        format!("{}ms", t.as_millis().max(1))
    })
}

/// The command-line flags of a request's limits, as every command with
/// limit flags reads them.
fn limit_flags(l: &Limits) -> Vec<String> {
    vec![
        "--max-positions".into(),
        l.max_positions.to_string(),
        "--max-memory".into(),
        l.max_memory.to_string(),
        "--max-moves".into(),
        l.max_moves.to_string(),
        "--max-time".into(),
        max_time(l),
        "--max-depth".into(),
        l.max_depth.to_string(),
        "--max-script-ops".into(),
        l.max_script_ops.to_string(),
    ]
}

/// The job that runs `grundy <words…>`: the limits' flags go before `--`
/// when `limits` says so (seq has flags of its own), the user's texts after
/// it, so a text starting with `-` is never read as a flag.
fn command(words: Vec<String>, texts: Vec<String>, flags: fn(&Limits) -> Vec<String>) -> Job {
    Arc::new(move |limits: &Limits| {
        let mut argv = vec!["grundy".to_string()];
        argv.extend(words.iter().cloned());
        argv.extend(flags(limits));
        argv.push("--".into());
        argv.extend(texts.iter().cloned());
        match crate::Cli::try_parse_from(&argv) {
            Ok(cli) => crate::dispatch(&cli.command).map(|r| r.map(|_| ())),
            Err(e) => {
                let text = e.render().to_string();
                let text = text.strip_prefix("error: ").unwrap_or(&text).trim_end();
                Ok(Err(UserError::new(text)))
            }
        }
    })
}

async fn games(State(w): State<Workers>) -> Response {
    let job = command(vec!["games".into(), "--json".into()], vec![], |_| vec![]);
    reply(w.run(job).await, JSON)
}

const POSITION: &str = "the position, like nim(3,5,7) or domineering(\"..|..\")";

async fn value(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let q = param(&p, "q", POSITION)?;
    let job = command(
        vec!["value".into(), "--json".into()],
        vec![q.into()],
        limit_flags,
    );
    Ok(reply(w.run(job).await, JSON))
}

async fn options(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let q = param(&p, "q", POSITION)?;
    let job = command(
        vec!["options".into(), "--json".into()],
        vec![q.into()],
        limit_flags,
    );
    Ok(reply(w.run(job).await, JSON))
}

async fn seq(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let ruleset = param(&p, "ruleset", "a heap ruleset, like kayles or octal[0.137]")?;
    let to = param(&p, "to", "the last heap, like 100")?;
    let words = vec!["seq".into(), "--json".into(), "--to".into(), to.into()];
    let job = command(words, vec![ruleset.into()], |l| {
        vec![
            "--threads".into(),
            "1".into(),
            "--memory-mb".into(),
            (l.max_memory >> 20).max(1).to_string(),
            "--max-output".into(),
            l.max_positions.to_string(),
            "--max-time".into(),
            max_time(l),
        ]
    });
    Ok(reply(w.run(job).await, JSON))
}

async fn table(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let ruleset = param(&p, "ruleset", "a piece, like queen or knight")?;
    let size = param(&p, "size", "the table's side, like 16")?;
    let words = vec![
        "table".into(),
        "--json".into(),
        "--size".into(),
        size.into(),
    ];
    let job = command(words, vec![ruleset.into()], limit_flags);
    Ok(reply(w.run(job).await, JSON))
}

async fn compare(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let g = param(&p, "g", "the first game or value, like ^")?;
    let h = param(&p, "h", "the second game or value, like *")?;
    let job = command(
        vec!["compare".into(), "--json".into()],
        vec![g.into(), h.into()],
        limit_flags,
    );
    Ok(reply(w.run(job).await, JSON))
}

async fn thermograph(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let q = param(&p, "q", "a game or value, like {3||2*|1*}")?;
    let job = command(
        vec!["thermograph".into(), "--json".into()],
        vec![q.into()],
        limit_flags,
    );
    Ok(reply(w.run(job).await, JSON))
}

async fn thermograph_svg(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let q = param(&p, "q", "a game or value, like {3||2*|1*}")?;
    let words = vec!["thermograph".into(), "--svg".into(), "-".into()];
    let job = command(words, vec![q.into()], limit_flags);
    Ok(reply(w.run(job).await, SVG))
}

/// Writes a facade's answer as the JSON the CLI's `--json` writes (keys
/// sorted), or hands its error back as the request's error.
fn answer_json<T: serde::Serialize>(
    answer: Result<T, grundy::api::Error>,
) -> anyhow::Result<Result<(), UserError>> {
    let answer = match answer {
        Ok(a) => serde_json::to_value(&a)?,
        Err(e) => return Ok(Err(e.into())),
    };
    let mut out = crate::output::stdout();
    serde_json::to_writer(&mut out, &answer)?;
    Ok(Ok(()))
}

async fn perfect_move(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let q = param(&p, "q", POSITION)?.to_string();
    let player = match p.iter().find(|(k, _)| k == "player").map(|(_, v)| v.as_str()) {
        None | Some("") => None,
        Some(name) => Some(Player::named(name).ok_or_else(|| {
            Bad(format!(
                "player `{name}` is not a player: write left or right (or leave it out for an impartial game)"
            ))
        })?),
    };
    let job: Job = Arc::new(move |limits: &Limits| {
        let session = crate::limits::session_of(*limits);
        answer_json(grundy::api::perfect_move(&session, &q, player))
    });
    Ok(reply(w.run(job).await, JSON))
}

/// Each component drawn; with `to` (the position a move reaches) and, in a
/// partizan game, `player` (who moved), also what that move did on the
/// component it moved in.
async fn picture(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let q = param(&p, "q", POSITION)?.to_string();
    let to = p
        .iter()
        .find(|(k, _)| k == "to")
        .map(|(_, v)| v.clone())
        .filter(|v| !v.is_empty());
    let player = match p.iter().find(|(k, _)| k == "player").map(|(_, v)| v.as_str()) {
        None | Some("") => None,
        Some(name) => Some(Player::named(name).ok_or_else(|| {
            Bad(format!(
                "player `{name}` is not a player: write left or right (or leave it out for an impartial game)"
            ))
        })?),
    };
    let job: Job = Arc::new(move |limits: &Limits| {
        let session = crate::limits::session_of(*limits);
        answer_json(match &to {
            Some(to) => grundy::api::picture_of_move(&session, &q, to, player),
            None => grundy::api::picture(&session, &q),
        })
    });
    Ok(reply(w.run(job).await, JSON))
}

async fn components(State(w): State<Workers>, p: Params) -> Answer {
    let p = params(p)?;
    let q = param(&p, "q", POSITION)?.to_string();
    let job: Job = Arc::new(move |limits: &Limits| {
        let session = crate::limits::session_of(*limits);
        answer_json(grundy::api::components(&session, &q))
    });
    Ok(reply(w.run(job).await, JSON))
}
