// The round summary: who went out in which order, card points, calls made or failed, the
// round's score and the totals. It stays until the player closes it, or, where other people
// play, closes itself a few seconds after every other person has moved on (made a first
// decision in the next round: the public history says so; a setting turns that off). At a
// table of bots it stays until closed: nobody waits for this player there. While it is
// open, the next round's decisions wait behind it. From it a player opens the review of their
// own decisions in that round (review.js), in its place until closed.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { placeName, titleName } from "./seats.js";
import { columnSeats } from "./panels.js";
import { gameOver, signed } from "./center.js";
import { renderReview, reviewState } from "./review.js";

const AUTO_CLOSE = 6;  // seconds, once everybody else is ready

/** The finished round to sum up now (its number, from 1), or null. */
export function summaryRound(ctx) {
  const view = ctx.view;
  if (!view) return null;
  const number = view.scores.rounds.length;
  if (!number || number <= (ctx.ui.summaryClosed || 0)) return null;
  if (!view.game_over && number !== view.round) return null;  // the current round is not the next one
  if (!view.game_over && ctx.me !== null && movedOn(view, ctx.me)) return null;  // after a reload: seen already
  return number;
}

function movedOn(view, seat) {
  return view.history.some((e) => e.seat === seat);
}

/** Whether a person (not a bot, nor a stand-in) plays the seat. */
function person(ctx, seat) {
  const meta = ctx.table.seats[seat];
  return Boolean(meta && meta.human && !meta.bot);
}

/** The other people this player waits for (nobody once the game is over: there is no next
 * round; null at a table where everybody else is a bot). Bots decide at once: never named. */
function waitingFor(ctx) {
  const view = ctx.view;
  if (view.game_over) return null;
  const others = view.geometry.players.filter((s) => s !== ctx.me && person(ctx, s));
  if (!others.length) return null;
  // Those the next round waits for (not the Trichu Table, nor a dealer with nothing to decide).
  return others.filter((s) => !movedOn(view, s) && view.to_act.includes(s));
}

/** Trichu: why the seats and teams change (the dealer's role moves on), said at each round's end. */
function trichuNext(ctx) {
  const view = ctx.view;
  if (view.game_over || ctx.table.ruleset !== "trichu" || view.geometry.dealer === undefined) return null;
  return h("p", { class: "next-dealer" }, t("Next round {name} deals and plays with the Table against the other two.",
    { name: ctx.name(view.geometry.dealer) }));
}

export function closeSummary(ctx) {
  clearInterval(ctx.ui.summaryTimer);
  ctx.ui.summaryTimer = null;
  ctx.ui.summaryDeadline = null;
  ctx.ui.summaryClosed = ctx.view.scores.rounds.length;
  ctx.update();
}

function autoClose(ctx, waiting) {
  const ui = ctx.ui;
  if (!waiting || waiting.length || !ui.prefs.autoclose || ui.review) {  // never under a review being read
    clearInterval(ui.summaryTimer);
    ui.summaryTimer = null;
    ui.summaryDeadline = null;
    return null;
  }
  if (!ui.summaryDeadline) {
    ui.summaryDeadline = Date.now() + AUTO_CLOSE * 1000;
    ui.summaryTimer = setInterval(() => {
      if (Date.now() >= ui.summaryDeadline) closeSummary(ctx);
      else ctx.update();
    }, 1000);
  }
  return Math.max(0, Math.ceil((ui.summaryDeadline - Date.now()) / 1000));
}

export function renderSummary(ctx, number) {
  const view = ctx.view;
  const r = view.scores.rounds[number - 1];
  const columns = ctx.columns() || [];
  const waiting = waitingFor(ctx);
  const left = autoClose(ctx, waiting);
  const calls = r.calls.map((call, seat) => {
    if (!call) return null;
    const vars = { name: ctx.name(seat), call: call === "grand" ? t("Grand Tichu") : t("Tichu") };
    return h("li", { class: r.call_made[seat] ? "made" : "failed" },
      r.call_made[seat] ? t("{name}: {call} made", vars) : t("{name}: {call} failed", vars));
  }).filter(Boolean);
  const cell = (text, cls) => h("td", { class: cls }, text);
  return h("section", { class: "round-summary", role: "dialog", "aria-labelledby": "summary-title" },
    view.game_over ? gameOver(ctx) : null,
    h("h2", { id: "summary-title" }, t("Round {n} is over", { n: number })),
    h("ol", { class: "out-order", "aria-label": t("Who went out") }, r.out_order.map((seat, i) => h("li", {},
      h("strong", {}, placeName(i + 1)), " ", ctx.name(seat), r.titles ? [" · ", titleName(r.titles[seat])] : null))),
    r.double_victory ? h("p", { class: "double" }, t("Double victory for {team}!",
      { team: winners(ctx, r, columns) })) : null,
    r.triple_victory ? h("p", { class: "double" }, t("Triple victory for {team}!",
      { team: winners(ctx, r, columns) })) : null,
    calls.length ? h("ul", { class: "calls" }, calls) : null,
    trichuNext(ctx),
    columns.length ? h("table", { class: "summary-scores" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, columns[0].seat === null ? t("Team") : t("Player")), h("th", { scope: "col" }, t("Card points")),
        h("th", { scope: "col" }, t("Round")), h("th", { scope: "col" }, t("Total")))),
      h("tbody", {}, columns.map((c) => h("tr", { class: `team-${c.index}`, dataset: { team: String(c.index) } },
        h("th", { scope: "row" }, c.label),
        cell(cardPoints(r, c), "card-points"),  // not "cards": that class lays out rows of cards
        cell(signed(r.scores[c.index]), "round"),
        cell(String(view.scores.totals[c.index]), "total"))))) : null,
    h("div", { class: "summary-foot" },
      waiting && waiting.length ? h("p", { class: "waiting" },
        t("Waiting for {names}", { names: waiting.map((s) => ctx.name(s)).join(", ") })) : null,
      left !== null ? h("p", { class: "closing" }, t("Closes in {n} s", { n: left })) : null,
      reviewButton(ctx, number),
      h("button", { type: "button", class: "primary", dataset: { key: "summary-close" }, onclick: () => closeSummary(ctx) },
        view.game_over ? t("Close") : t("Next round"))));
}

/** A player may review their own decisions in the round (not where the host switched hints
 * off, until the game is over: the server refuses those too). */
function mayReview(ctx) {
  return ctx.me !== null && (ctx.view.game_over || !ctx.table.settings || ctx.table.settings.hints !== false);
}

function reviewButton(ctx, number) {
  if (!mayReview(ctx)) return null;
  const loading = ctx.ui.review && ctx.ui.review.loading;
  return h("button", { type: "button", dataset: { key: "review-open" }, disabled: Boolean(loading),
    onclick: () => openReview(ctx, number) }, loading ? t("Reviewing…") : t("Review my round"));
}

const ASK_AGAIN_MS = 1500;  // while a worker makes the review (`pending`)
const ASK_AT_MOST = 60;  // times, then it is given up (the review is kept: a later tap finds it)

async function openReview(ctx, number) {
  const asked = { loading: true, number };
  ctx.ui.review = asked;
  ctx.update();
  let ack = await ctx.request("review", { round: number - 1 });
  for (let n = 0; ack.ok && ack.pending && n < ASK_AT_MOST && ctx.ui.review === asked; n++) {
    await new Promise((done) => setTimeout(done, ASK_AGAIN_MS));
    if (ctx.ui.review !== asked) return;  // closed, or another round's summary
    ack = await ctx.request("review", { round: number - 1 });
  }
  if (ctx.ui.review !== asked) return;
  // A refusal is shown as any other; still pending after a minute: the reviewer is busy.
  ctx.ui.review = ack.ok && ack.review ? reviewState(ack.review, number) : null;
  if (ack.ok && !ack.review) ctx.showError(t("The reviewer is busy; try again in a minute."));
  ctx.update();
}

/** The review in place of the summary, while it is open (null: the summary). */
export function summaryReview(ctx, number) {
  const state = ctx.ui.review;
  if (!state || state.loading) return null;
  if (state.number !== number) {
    ctx.ui.review = null;
    return null;
  }
  return renderReview(state, { name: (s) => ctx.name(s), update: ctx.update, ruleset: ctx.ruleset,
    title: t("Your round {n}", { n: number }), close: () => { ctx.ui.review = null; ctx.update(); } });
}

/** The card points of a column's team in round `r` (Trichu: the round's team of the seat). */
function cardPoints(r, column) {
  if (!r.card_points) return "–";
  const team = column.seat === null ? column.index : (r.teams || []).findIndex((m) => m.includes(column.seat));
  return team >= 0 ? String(r.card_points[team]) : "–";
}

/** Who made the double victory: the team of the first one out (in that round's teams). */
function winners(ctx, r, columns) {
  const first = r.out_order[0];
  const column = columns.find((c) => columnSeats(ctx, r, c).includes(first));
  if (!column || column.seat === null) return ctx.teamName(ctx.teamOf(first));
  return columnSeats(ctx, r, column).map((s) => ctx.name(s)).join(" & ");
}
