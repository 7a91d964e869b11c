//! Thermographs: the walls of a game as piecewise-linear functions of the
//! temperature `t >= 0`, and a picture of them.
//!
//! A wall is continuous and linear between its vertices; after the last
//! vertex it continues with a fixed integer slope. In a finished
//! thermograph both walls are vertical (slope 0) above the temperature,
//! where they join the mast (Winning Ways ch. 6; Siegel, *CGT*, II.5).

use std::fmt::Write as _;

use super::dyadic::Dyadic;
use super::Error;

/// A continuous piecewise-linear function of `t >= 0` with dyadic vertices.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Trajectory {
    /// Vertices `(t, x)`, `t` strictly increasing from `t = 0`.
    pub vertices: Vec<(Dyadic, Dyadic)>,
    /// The slope `dx/dt` after the last vertex.
    pub final_slope: i64,
}

impl Trajectory {
    /// The constant `x`.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            vertices: vec![(Dyadic::ZERO, x)],
            final_slope: 0,
        }
    }

    /// The value at `t >= 0`.
    /// An error for a trajectory with no vertex (not one this crate made).
    pub fn eval(&self, t: Dyadic) -> Result<Dyadic, Error> {
        let (i, slope) = self.segment(t)?;
        let (t0, x0) = *self.vertices.get(i).ok_or_else(|| Error::Domain {
            operation: "trajectory",
            reason: "a trajectory with no vertex".into(),
        })?;
        x0.checked_add(t.checked_sub(t0)?.checked_mul(slope)?)
    }

    /// The vertex index starting the segment containing `t` and its slope.
    fn segment(&self, t: Dyadic) -> Result<(usize, Dyadic), Error> {
        let i = self
            .vertices
            .iter()
            .rposition(|&(ti, _)| ti <= t)
            .unwrap_or(0);
        Ok((i, self.slope_after(i)?))
    }

    fn slope_after(&self, i: usize) -> Result<Dyadic, Error> {
        match (self.vertices.get(i), self.vertices.get(i + 1)) {
            (Some(&(t0, x0)), Some(&(t1, x1))) => slope(t0, x0, t1, x1),
            _ => Dyadic::integer(self.final_slope),
        }
    }

    /// `x(t) + k t`.
    pub fn shifted(&self, k: i64) -> Result<Trajectory, Error> {
        let kd = Dyadic::integer(k)?;
        let vertices = self
            .vertices
            .iter()
            .map(|&(t, x)| Ok((t, x.checked_add(t.checked_mul(kd)?)?)))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Trajectory {
            vertices,
            final_slope: self.final_slope.checked_add(k).ok_or(Error::Overflow {
                operation: "wall slope",
            })?,
        })
    }

    /// The pointwise maximum.
    pub fn max_of(ts: &[Trajectory]) -> Result<Trajectory, Error> {
        Trajectory::envelope(ts, true)
    }

    /// The pointwise minimum.
    pub fn min_of(ts: &[Trajectory]) -> Result<Trajectory, Error> {
        Trajectory::envelope(ts, false)
    }

    fn envelope(ts: &[Trajectory], upper: bool) -> Result<Trajectory, Error> {
        let first = ts.first().ok_or(Error::Domain {
            operation: "thermograph",
            reason: "a wall of a form with no options on one side".into(),
        })?;
        if ts.len() == 1 {
            return Ok(first.clone());
        }
        let better = |a: Dyadic, b: Dyadic| if upper { a > b } else { a < b };
        // Breakpoints: every vertex, then every crossing of two pieces.
        let mut cuts: Vec<Dyadic> = ts
            .iter()
            .flat_map(|t| t.vertices.iter().map(|v| v.0))
            .collect();
        cuts.sort();
        cuts.dedup();
        let mut points = cuts.clone();
        for w in 0..cuts.len() {
            let lo = cuts[w];
            let hi = cuts.get(w + 1).copied();
            for a in 0..ts.len() {
                for b in a + 1..ts.len() {
                    let (xa, sa) = (ts[a].eval(lo)?, ts[a].segment(lo)?.1);
                    let (xb, sb) = (ts[b].eval(lo)?, ts[b].segment(lo)?.1);
                    if sa == sb {
                        continue;
                    }
                    // xa + sa d = xb + sb d  =>  d = (xb - xa) / (sa - sb)
                    let d = divide(xb.checked_sub(xa)?, sa.checked_sub(sb)?)?;
                    if d > Dyadic::ZERO {
                        let t = lo.checked_add(d)?;
                        if hi.is_none_or(|h| t < h) {
                            points.push(t);
                        }
                    }
                }
            }
        }
        points.sort();
        points.dedup();
        let mut vertices = Vec::with_capacity(points.len());
        for &t in &points {
            let mut best = ts[0].eval(t)?;
            for tr in &ts[1..] {
                let x = tr.eval(t)?;
                if better(x, best) {
                    best = x;
                }
            }
            vertices.push((t, best));
        }
        // Beyond the last point, the winner is the best value there, ties
        // broken by slope.
        let last = points.last().copied().unwrap_or(Dyadic::ZERO);
        let mut best: Option<(Dyadic, i64)> = None;
        for tr in ts {
            let x = tr.eval(last)?;
            let s = tr.final_slope;
            best = match best {
                None => Some((x, s)),
                Some((bx, bs)) => {
                    if better(x, bx) || (x == bx && (if upper { s > bs } else { s < bs })) {
                        Some((x, s))
                    } else {
                        Some((bx, bs))
                    }
                }
            };
        }
        let final_slope = best.map_or(0, |b| b.1);
        Trajectory {
            vertices,
            final_slope,
        }
        .simplified()
    }

    /// Drops vertices where the slope does not change.
    fn simplified(mut self) -> Result<Trajectory, Error> {
        let mut out: Vec<(Dyadic, Dyadic)> = Vec::with_capacity(self.vertices.len());
        for i in 0..self.vertices.len() {
            let (t, x) = self.vertices[i];
            if let Some(&(t0, x0)) = out.last() {
                if slope(t0, x0, t, x)? == self.slope_after(i)? {
                    continue;
                }
            }
            out.push((t, x));
        }
        self.vertices = out;
        Ok(self)
    }

    /// The function cut at `t`, constant `x(t)` afterwards.
    fn truncated(&self, t: Dyadic) -> Result<Trajectory, Error> {
        let x = self.eval(t)?;
        let mut vertices: Vec<_> = self.vertices.iter().copied().filter(|v| v.0 < t).collect();
        vertices.push((t, x));
        Trajectory {
            vertices,
            final_slope: 0,
        }
        .simplified()
    }
}

/// The slope `(x1 - x0) / (t1 - t0)` of a segment. Wall slopes are
/// integers, but the run `t1 - t0` is any dyadic (e.g. 3/4), so divide the
/// numerators over a common denominator. An error when a difference does
/// not fit, rather than a made-up slope.
fn slope(t0: Dyadic, x0: Dyadic, t1: Dyadic, x1: Dyadic) -> Result<Dyadic, Error> {
    let dx = x1.checked_sub(x0)?;
    let dt = t1.checked_sub(t0)?;
    let e = dx.exponent().max(dt.exponent());
    let a = i128::from(dx.numerator()) << (e - dx.exponent());
    let b = i128::from(dt.numerator()) << (e - dt.exponent());
    if b == 0 {
        // Vertices have distinct temperatures; a zero run is a point.
        return Ok(Dyadic::ZERO);
    }
    // Exact for the segments built here; a non-integer ratio cannot occur.
    i64::try_from(a / b)
        .map_err(|_| Error::Overflow {
            operation: "wall slope",
        })
        .and_then(Dyadic::integer)
}

/// `a / b` when `b` is `± 2^k` times a dyadic power — the only divisions
/// thermography needs (slope differences are 1 or 2).
fn divide(a: Dyadic, b: Dyadic) -> Result<Dyadic, Error> {
    let n = b.numerator();
    if n == 0 || !n.unsigned_abs().is_power_of_two() {
        return Err(Error::Domain {
            operation: "thermograph",
            reason: format!("division by {b}"),
        });
    }
    let q = a.checked_div_pow2(n.unsigned_abs().trailing_zeros())?;
    let q = q.checked_mul(Dyadic::integer(1i64 << b.exponent())?)?;
    if n < 0 {
        Ok(-q)
    } else {
        Ok(q)
    }
}

/// The thermograph of a game: its two walls below the temperature and the
/// mast above.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Thermograph {
    /// The left wall (Left's scaffold: Left moving first, taxed `t`).
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
    /// Where the walls meet; negative for numbers, as in CGSuite.
    pub temperature: Dyadic,
    /// The mast value: the mean.
    pub mast: Dyadic,
}

impl Thermograph {
    pub(crate) fn mast_only(x: Dyadic, temperature: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(x),
            right: Trajectory::constant(x),
            temperature,
            mast: x,
        }
    }

    /// Joins the taxed walls where they first meet. Left's stop is never
    /// below Right's (Siegel, *CGT*, II.3), and the gap only shrinks.
    pub(crate) fn from_walls(left: Trajectory, right: Trajectory) -> Result<Thermograph, Error> {
        let mut cuts: Vec<Dyadic> = left
            .vertices
            .iter()
            .chain(right.vertices.iter())
            .map(|v| v.0)
            .collect();
        cuts.sort();
        cuts.dedup();
        let gap =
            |t: Dyadic| -> Result<Dyadic, Error> { left.eval(t)?.checked_sub(right.eval(t)?) };
        let mut meet = None;
        for (i, &c) in cuts.iter().enumerate() {
            let g = gap(c)?;
            if g <= Dyadic::ZERO {
                meet = Some(c);
                break;
            }
            let next = cuts.get(i + 1).copied();
            let s = left.segment(c)?.1.checked_sub(right.segment(c)?.1)?;
            if s < Dyadic::ZERO {
                let t = c.checked_add(divide(g, -s)?)?;
                if next.is_none_or(|n| t <= n) {
                    meet = Some(t);
                    break;
                }
            }
        }
        let temperature = meet.ok_or(Error::Domain {
            operation: "thermograph",
            reason: "walls that never meet".into(),
        })?;
        let mast = left.eval(temperature)?;
        Ok(Thermograph {
            left: left.truncated(temperature)?,
            right: right.truncated(temperature)?,
            temperature,
            mast,
        })
    }

    /// An SVG picture in the usual orientation: temperature upward, values
    /// increasing to the *left* (Left's side), the mast drawn to a little
    /// above the temperature.
    pub fn to_svg(&self) -> String {
        let f = |d: Dyadic| d.numerator() as f64 / (1u64 << d.exponent()) as f64;
        let top = f(self.temperature).max(0.0) + 1.0;
        // Every vertex of either wall, and the mast: the ticks of both axes.
        let mut points: Vec<(Dyadic, Dyadic)> = Vec::new();
        for w in [&self.left, &self.right] {
            points.extend(w.vertices.iter().map(|v| (v.1, v.0)));
        }
        points.push((self.mast, self.temperature.max(Dyadic::ZERO)));
        let (lo, hi) = points
            .iter()
            .map(|p| f(p.0))
            .fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let span = (hi - lo).max(top).max(1.0);
        // Room on the left for the temperature labels, below for the values.
        let (w, h) = (440.0, 320.0);
        let (left, right, upper, lower) = (60.0, 20.0, 30.0, 60.0);
        let px = |x: f64| left + (hi - x) / span * (w - left - right);
        let py = |t: f64| h - lower - t / top * (h - upper - lower);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n\
             <title>thermograph: mean {} temperature {}</title>",
            self.mast, self.temperature
        );
        // The axes: values along the bottom (Left's favour to the left, as in
        // Winning Ways), temperature up the left side.
        let (x0, x1, y0, y1) = (left, w - right, py(0.0), upper);
        let _ = writeln!(
            s,
            "<line x1=\"{x0}\" y1=\"{y0:.2}\" x2=\"{x1}\" y2=\"{y0:.2}\" stroke=\"#555\"/>\n\
             <line x1=\"{x0}\" y1=\"{y0:.2}\" x2=\"{x0}\" y2=\"{y1}\" stroke=\"#555\"/>"
        );
        let mut value_ticks: Vec<Dyadic> = points.iter().map(|p| p.0).collect();
        value_ticks.sort();
        value_ticks.dedup();
        let mut last: Option<f64> = None;
        for v in value_ticks.iter().rev() {
            let x = px(f(*v));
            let _ = writeln!(
                s,
                "<line x1=\"{x:.2}\" y1=\"{y0:.2}\" x2=\"{x:.2}\" y2=\"{:.2}\" stroke=\"#555\"/>",
                y0 + 4.0
            );
            // A label only where it does not run into the one before.
            if last.is_none_or(|l| x - l >= 28.0) {
                let _ = writeln!(
                    s,
                    "<text x=\"{x:.2}\" y=\"{:.2}\" font-size=\"11\" text-anchor=\"middle\">{v}</text>",
                    y0 + 16.0
                );
                last = Some(x);
            }
        }
        let mut temperature_ticks: Vec<Dyadic> = points
            .iter()
            .map(|p| p.1)
            .filter(|t| *t >= Dyadic::ZERO)
            .collect();
        temperature_ticks.push(Dyadic::ZERO);
        temperature_ticks.sort();
        temperature_ticks.dedup();
        let mut last: Option<f64> = None;
        for t in &temperature_ticks {
            let y = py(f(*t));
            let _ = writeln!(
                s,
                "<line x1=\"{:.2}\" y1=\"{y:.2}\" x2=\"{x0}\" y2=\"{y:.2}\" stroke=\"#555\"/>",
                x0 - 4.0
            );
            if last.is_none_or(|l| l - y >= 14.0) {
                let _ = writeln!(
                    s,
                    "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"11\" text-anchor=\"end\">{t}</text>",
                    x0 - 7.0,
                    y + 4.0
                );
                last = Some(y);
            }
        }
        let _ = writeln!(
            s,
            "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"12\" text-anchor=\"middle\">value (Left's favour to the left)</text>\n\
             <text x=\"14\" y=\"{:.2}\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 14 {:.2})\">temperature</text>",
            (x0 + x1) / 2.0,
            h - 12.0,
            (y0 + y1) / 2.0,
            (y0 + y1) / 2.0
        );
        for (wall, colour) in [(&self.left, "#1f4fd8"), (&self.right, "#d81f1f")] {
            let mut pts: Vec<(f64, f64)> = wall.vertices.iter().map(|v| (f(v.1), f(v.0))).collect();
            pts.push((f(self.mast), top));
            let path: Vec<String> = pts
                .iter()
                .map(|&(x, t)| format!("{:.2},{:.2}", px(x), py(t)))
                .collect();
            let _ = writeln!(
                s,
                "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
                path.join(" ")
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"12\" text-anchor=\"middle\">mean {} temp {}</text>\n</svg>",
            (x0 + x1) / 2.0,
            upper / 2.0 + 4.0,
            self.mast,
            self.temperature
        );
        s
    }
}
