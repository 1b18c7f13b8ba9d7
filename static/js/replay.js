// The replay viewer: opens a game record (an uploaded file, or a table's game by
// ?table=CODE&game=N), asks the server for one round's frames at a time and steps
// through them, action by action or trick by trick, with every hand open.
// The server replays the record with the engine's full checks; this page knows no rule.
// Once the record's game is over, any seat's decisions in a round can be reviewed (review.js:
// "find a better play"), or in the whole game: its costliest decisions first, each opening in
// its round's review, then round by round; the server refuses a game that is not over.
// ?seat=N picks the seat to review (a player's own, from /me or the table), and ?review=game
// starts the whole game's review once the record is open.
import { h, replace } from "./dom.js";
import { lang, placeName, rankName, refusal, t, tn } from "./i18n.js";
import { cardRow, sortHand } from "./cards.js";
import { store } from "./store.js";
import { flagLine, renderReview, reviewState } from "./review.js";
import { seatName as named } from "./context.js";

const root = document.getElementById("app");
const params = new URLSearchParams(location.search);
const state = { record: null, data: null, at: 0, source: "", imported: [], anonymous: false, pickerOpen: false,
  reviewSeat: 0, review: null, reviewing: false, reviewError: null,  // reviewing: what was asked, while it is made
  gameReview: null, gameAsked: null, gameProgress: null };
if (/^\d+$/.test(params.get("seat") || "")) state.reviewSeat = Number(params.get("seat"));

function seatName(seat) {
  const table = state.data && state.data.geometry.table;
  // Names where the record has them (the optional `players`: per round, else for the game),
  // bots (the optional `bots`: a level per seat) by their seat, as the table names them.
  const round = state.record && state.record.rounds && state.data && state.record.rounds[state.data.round];
  const names = (round && round.players) || (state.record && state.record.players);
  const name = names && typeof names[seat] === "string" ? names[seat] : null;
  const bots = state.record && Array.isArray(state.record.bots) ? state.record.bots : [];
  return named(seat, { name, bot: bots[seat] || null, table: seat === table });
}

function message(text, kind = "error") {
  return h("p", { class: ["replay-message", kind], role: kind === "error" ? "alert" : "status" }, text);
}

async function loadRound(round) {
  let answer;
  try {
    const response = await fetch("/api/replay", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ record: state.record, round }),
    });
    answer = await response.json();
  } catch (err) {
    answer = { ok: false, message: t("The server did not answer. Please try again.") };
  }
  if (!answer.ok) {
    state.data = null;
    return show(...(answer.code === "bad_record" || answer.code === "too_large"
      ? wrongFile(answer.message) : [message(answer.code === "rate_limited" ? refusal(answer)
        : answer.message || t("That did not work."))]));
  }
  state.data = answer;
  state.at = 0;
  state.review = null;
  state.reviewError = null;
  draw();
}

const NOT_A_RECORD = () => t("This file is not a game record we can read. Open a .json file downloaded from a table here, or a Brettspielwelt .tch log.");
const inDetail = (why) => h("p", { class: "replay-detail" }, t("In detail: {why}", { why }));

/** A file that is no record: said in plain words, what went wrong in detail below it. */
function wrongFile(detail) {
  return [message(NOT_A_RECORD()), inDetail(detail)];
}

function openRecord(text, source) {
  let record;
  try {
    record = JSON.parse(text);
  } catch (err) {
    return failed(source, NOT_A_RECORD(), inDetail(t("it is not JSON")));
  }
  state.imported = [];
  state.record = record;
  state.source = source;
  forgetGame();
  return loadRound(0);
}

// A Brettspielwelt log: the server imports it into a record (every round replayed with
// full rule checks, its printed result compared) and says where and why it stopped.
async function openLog(file) {
  let answer;
  try {
    const query = state.anonymous ? "?anonymous=1" : "";  // the log's nicknames, or seat names
    const response = await fetch(`/api/replay/bsw${query}`, { method: "POST", body: file });
    answer = await response.json();
  } catch (err) {
    answer = { ok: false, message: t("The server did not answer. Please try again.") };
  }
  if (!answer.ok) {
    return failed(file.name, answer.code === "not_a_log" ? t("This file is not a Brettspielwelt log we can read.")
      : answer.code === "rate_limited" ? refusal(answer) : answer.message || t("That did not work."));
  }
  state.record = answer.record;
  state.source = file.name;
  forgetGame();
  state.imported = answer.diagnostics.map((d) => message(d.level === "error"
    ? t("The import stops at round {n}, line {line} of the log ({why}); the rounds before it are here.",
      { n: (d.round ?? 0) + 1, line: d.line ?? "?", why: d.message })
    : t("Note on the log: {why}", { why: d.message }), d.level === "error" ? "error" : "info"));
  loadRound(0);
}

function isLog(file, text) {
  return /\.tch$/i.test(file.name) || text.trimStart().startsWith("---------------Gr.Tichukarten");
}

/** The hands' order: the one chosen at the table (by rank, low to high, unless by suit). */
const handOrder = () => (store.get("sort") === "suit" ? "suit" : "rank");

function picker() {
  const input = h("input", { type: "file", id: "record-file", accept: ".json,.tch,application/json,text/plain",
    onchange: () => {
      const file = input.files && input.files[0];
      if (!file) return;
      if (file.size > 2 * 1024 * 1024) return failed(file.name, t("This file is too large for a game record."));
      file.text().then((text) => (isLog(file, text) ? openLog(file) : openRecord(text, file.name)));
    } });
  const anonymous = h("input", { type: "checkbox", id: "anonymous", checked: state.anonymous,
    onchange: () => { state.anonymous = anonymous.checked; } });
  const fields = [
    h("label", { for: "record-file" },
      t("Open a game record (a .json file downloaded from a table, or a Brettspielwelt .tch log)")),
    input,
    h("p", { class: "field check" }, anonymous,
      h("label", { for: "anonymous" }, t("Brettspielwelt logs: seat names instead of the players' nicknames")))];
  // With a record open the form folds into one line, so a phone shows the trick without scrolling.
  if (state.data) {
    return h("details", { class: "replay-open folded", open: state.pickerOpen,
      ontoggle: (e) => { state.pickerOpen = e.target.open; } },
      h("summary", {}, t("Open another record"), state.source ? h("span", { class: "replay-source" }, state.source) : null),
      h("div", { class: "replay-open-fields" }, fields));
  }
  return h("section", { class: "replay-open" }, fields);
}

function show(...content) {
  replace(root, picker(), ...content);
}

/** A file that did not open: the record shown before is gone from the page (its name with it),
 * and the page says which file failed and why (`more`: the details under it). */
function failed(file, why, ...more) {
  Object.assign(state, { record: null, data: null, source: "", imported: [], review: null, reviewError: null,
    pickerOpen: false });
  forgetGame();
  show(message(t("{file} did not open: {why}", { file, why })), ...more);
}

function actionText(action) {
  if (!action) return t("The deal");
  const who = seatName(action.seat);
  switch (action.act) {
    case "grand": return action.call ? t("{who} calls Grand Tichu", { who }) : t("{who} does not call Grand Tichu", { who });
    case "tichu": return t("{who} calls Tichu", { who });
    case "exchange": return t("{who} chooses the cards to pass", { who });
    case "pass": return t("{who} passes", { who });
    case "gift": return t("{who} gives the Dragon's trick to {to}", { who, to: seatName(action.to) });
    case "play": {
      const bits = [t("{who} plays", { who })];
      if (action.wish) bits.push(t("(wishes for {rank})", { rank: rankName(action.wish) }));
      if (action.to !== undefined && action.to !== null) bits.push(t("(the lead to {to})", { to: seatName(action.to) }));
      return bits.join(" ");
    }
    default: return action.act;
  }
}

function seatBox(frame, seat) {
  const ruleset = state.data.ruleset;
  const player = frame.players[seat];
  const tags = [];
  if (player.grand) tags.push(t("Grand Tichu"));
  if (player.tichu) tags.push(t("Tichu"));
  if (player.out) tags.push(t("out {place}", { place: placeName(player.out) }));
  if (frame.turn === seat) tags.push(t("to play"));
  const acted = frame.action && frame.action.seat === seat;
  return h("section", { class: ["replay-seat", acted && "acted"], "aria-label": seatName(seat) },
    h("h2", {}, seatName(seat), " ", h("span", { class: "count" }, tn("{n} card", "{n} cards", player.cards))),
    tags.length ? h("p", { class: "tags" }, tags.join(" · ")) : null,
    frame.hands[seat].length ? cardRow(sortHand(frame.hands[seat], handOrder(), ruleset), ruleset, "replay-hand")
      : h("p", { class: "empty" }, "—"));
}

/** The plays to show: the trick's; after a play that ended the trick at once (the round's last
 * play: its player went out and the round is over), the trick just taken, that play last. */
function shownPlays(frame) {
  const action = frame.action;
  const last = frame.last_trick;
  if (frame.trick.plays.length || !action || action.act !== "play" || !last || !last.plays.length) {
    return { plays: frame.trick.plays, to: null };
  }
  const end = last.plays[last.plays.length - 1];
  return end.seat === action.seat ? { plays: last.plays, to: last.to } : { plays: [], to: null };
}

function trickBox(frame) {
  const ruleset = state.data.ruleset;
  const { plays, to } = shownPlays(frame);
  const items = plays.map((p) => h("li", {}, h("span", { class: "who" }, seatName(p.seat)),
    cardRow(p.cards, ruleset)));
  return h("section", { class: "replay-trick", "aria-label": t("Trick") },
    h("h2", {}, t("Trick")),
    items.length ? h("ol", {}, items) : h("p", { class: "empty" }, t("No cards on the table")),
    to !== null ? h("p", { class: "taken" }, t("The trick goes to {name}.", { name: seatName(to) })) : null,
    frame.wish ? h("p", { class: "wish" }, t("Wish: {rank}", { rank: rankName(frame.wish) })) : null);
}

function scoreBox(frame) {
  const teams = state.data.geometry.teams;
  const totals = frame.scores.totals;
  if (!totals.length) return null;
  const label = (i) => (teams ? t("Team {n}", { n: i + 1 }) + ` (${teams[i].map((s) => s + 1).join(", ")})` : seatName(i));
  return h("section", { class: "replay-score", "aria-label": t("Score") },
    h("h2", {}, t("Score")), h("p", {}, totals.map((v, i) => `${label(i)}: ${v}`).join(" · ")));
}

function step(to) {
  const last = state.data.frames.length - 1;
  state.at = Math.max(0, Math.min(last, to));
  draw();
}

function trickStep(direction) {
  const frames = state.data.frames;
  const now = frames[state.at].tricks;
  let i = state.at;
  if (direction > 0) {
    while (i < frames.length - 1 && frames[i].tricks === now) i += 1;
  } else {
    // Back to where the previous trick was collected (the first frame with one trick fewer).
    while (i > 0 && frames[i].tricks >= now) i -= 1;
    while (i > 0 && frames[i - 1].tricks === frames[i].tricks) i -= 1;
  }
  step(i);
}

function controls() {
  const data = state.data;
  const last = data.frames.length - 1;
  const button = (label, text, fn, disabled) => h("button", { type: "button", "aria-label": label, title: label,
    onclick: fn, disabled }, text);
  const rounds = h("select", { "aria-label": t("Round"), onchange: (e) => loadRound(Number(e.target.value)) },
    Array.from({ length: data.rounds }, (_, r) => h("option", { value: r, selected: r === data.round },
      t("Round {n}", { n: r + 1 }))));
  return h("nav", { class: "replay-controls", "aria-label": t("Replay controls") },
    rounds,
    button(t("Start of the round"), "|◀", () => step(0), state.at === 0),
    button(t("Previous trick"), "◀◀", () => trickStep(-1), state.at === 0),
    button(t("Previous action"), "◀", () => step(state.at - 1), state.at === 0),
    h("span", { class: "position" }, `${state.at} / ${last}`),
    button(t("Next action"), "▶", () => step(state.at + 1), state.at === last),
    button(t("Next trick"), "▶▶", () => trickStep(1), state.at === last),
    button(t("End of the round"), "▶|", () => step(last), state.at === last));
}

// -- asking the server's review workers --------------------------------------------------------

const ASK_AGAIN_MS = 1500;  // while the server's workers make a review (`pending`)
const GIVE_UP_MS = 120_000;  // without progress: the reviewer is busy (what is made is kept)

async function post(url, body) {
  try {
    const response = await fetch(url, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return await response.json();
  } catch (err) {
    return { ok: false, code: "timeout" };
  }
}

/** Asks `url` again while the answer is `pending` (a review queued or being made), calling
 * `onProgress` with each pending answer's progress; null once `stillAsked()` is false (another
 * record, round or seat meanwhile). Gives up as `busy` after GIVE_UP_MS without progress. */
async function askUntilMade(url, body, stillAsked, onProgress = () => {}) {
  let done = null;
  let since = Date.now();
  let answer = await post(url, body);
  while (answer.ok && answer.pending) {
    if (!stillAsked()) return null;
    const now = answer.progress ? answer.progress.done : null;
    if (now !== done) [done, since] = [now, Date.now()];
    else if (Date.now() - since > GIVE_UP_MS) return { ok: false, code: "busy" };
    onProgress(answer.progress);
    await new Promise((resolve) => { setTimeout(resolve, ASK_AGAIN_MS); });
    if (!stillAsked()) return null;
    answer = await post(url, body);
  }
  return stillAsked() ? answer : null;
}

// -- the review of one seat's decisions in this round ---------------------------------------

async function runReview() {
  const asked = { record: state.record, seat: state.reviewSeat, round: state.data.round };
  state.reviewing = asked;
  state.review = null;
  state.reviewError = null;
  draw();
  const answer = await askUntilMade("/api/review", asked, () => state.reviewing === asked);
  if (answer === null) return;
  state.reviewing = false;
  // (Another round or record opened meanwhile: this answer is not about it.)
  if (answer.ok && (asked.record !== state.record || answer.review.round !== state.data.round)) return draw();
  if (answer.ok) state.review = reviewState(answer.review, answer.review.round + 1);
  else state.reviewError = refusal(answer);
  draw();
}

function reviewBox() {
  const data = state.data;
  const seats = Array.from({ length: data.seats }, (_, s) => s).filter((s) => s !== data.geometry.table);
  if (!seats.includes(state.reviewSeat)) state.reviewSeat = seats[0];
  const choose = h("select", { id: "review-seat", dataset: { key: "review-seat" },
    onchange: (e) => {
      state.reviewSeat = Number(e.target.value);
      state.review = null;
      state.reviewError = null;
      forgetGame();
      draw();
    } },
  seats.map((s) => h("option", { value: s, selected: s === state.reviewSeat }, seatName(s))));
  const review = state.review;
  const running = Boolean(state.gameAsked);
  // An open round's review takes the place of the whole game's list; closing it shows the list again.
  return h("section", { class: "replay-review", "aria-label": t("Review"), dataset: { round: String(data.round) } },
    h("div", { class: "review-bar" },
      h("label", { for: "review-seat" }, t("Review the decisions of")), choose,
      h("button", { type: "button", dataset: { key: "review-run" }, disabled: Boolean(state.reviewing), onclick: runReview },
        state.reviewing ? t("Reviewing…") : t("Review this round")),
      h("button", { type: "button", dataset: { key: "review-game" }, disabled: running, onclick: runGameReview },
        running ? t("Reviewing the game…") : t("Review the whole game"))),
    running ? gameProgress(state.gameProgress) : null,
    state.reviewError ? message(state.reviewError) : null,
    review ? renderReview(review, { name: seatName, update: draw, ruleset: data.ruleset,
      title: t("{name} in round {n}", { name: seatName(review.data.seat), n: review.number }),
      close: () => { state.review = null; draw(); } })
      : state.gameReview ? gameBox(state.gameReview) : null);
}

// -- the review of one seat's decisions in the whole game ------------------------------------

function forgetGame() {
  state.gameReview = null;
  state.gameAsked = null;
  state.gameProgress = null;
}

/** Asks for the whole game's review until it is made, showing how many rounds are done. */
async function runGameReview() {
  const asked = { record: state.record, seat: state.reviewSeat };
  forgetGame();
  Object.assign(state, { gameAsked: asked, review: null, reviewError: null });
  draw();
  const answer = await askUntilMade("/api/review/game", asked, () => state.gameAsked === asked,
    (progress) => { state.gameProgress = progress; draw(); });
  if (answer === null) return;
  state.gameAsked = null;
  state.gameProgress = null;
  if (answer.ok) state.gameReview = answer.review;
  else state.reviewError = refusal(answer);
  draw();
}

function gameProgress(progress) {
  return h("p", { class: "review-progress", role: "status", dataset: { key: "game-progress" } },
    progress ? t("Reviewing the whole game: {done} of {total} rounds done.", progress) : t("Reviewing the whole game…"),
    progress ? h("progress", { max: progress.total, value: progress.done }) : null);
}

/** A flagged decision of the whole game opened in its round's review, the round shown on the board. */
async function openFlag(round, at) {
  const game = state.gameReview;
  const page = game.rounds.find((p) => p.round === round);
  if (state.data.round !== round) await loadRound(round);
  if (state.gameReview !== game || !state.data) return;
  state.review = reviewState(page, round + 1, at);
  draw();
  const title = document.getElementById("review-title");
  if (title) title.scrollIntoView({ block: "start" });
}

function flagButton(flag, round, at, key, ruleset) {
  return h("li", {}, h("button", { type: "button", class: "game-review-flag", dataset: { key },
    onclick: () => openFlag(round, at) }, t("Round {n}", { n: round + 1 })), " ", flagLine(flag, seatName, ruleset));
}

/** The whole game: its costliest decisions first, then round by round (each with its flags). */
function gameBox(game) {
  const ruleset = state.data.ruleset;
  const pages = game.rounds;
  const flagOf = (ref) => pages.find((p) => p.round === ref.round).flags[ref.at];
  const flagged = pages.reduce((n, p) => n + p.flags.length, 0);
  const byGame = game.costliest.some((ref) => flagOf(ref).judged === "game");
  const weight = new Intl.NumberFormat(lang).format(game.game_weight);
  const counted = (decisions, flags) => tn("{n} decision compared", "{n} decisions compared", decisions) + ", "
    + tn("{n} flagged", "{n} flagged", flags);
  return h("section", { class: "game-review", "aria-labelledby": "game-review-title", dataset: { key: "game-review" } },
    h("h2", { id: "game-review-title" }, t("{name} in the whole game", { name: seatName(game.seat) })),
    h("p", {}, tn("{n} round", "{n} rounds", pages.length), ": ",
      counted(game.decisions, flagged), "."),
    flagged ? [
      h("h3", {}, t("The costliest decisions")),
      h("ol", { class: "game-review-costliest" }, game.costliest.map((ref, i) =>
        flagButton(flagOf(ref), ref.round, ref.at, `game-costliest-${i}`, ruleset))),
      h("p", { class: "review-note" }, byGame
        ? t("Ranked by the gain per round; where the chance to win the game judged a decision, that chance counts {points} points for the whole game, as the Hard bot weighs it.", { points: weight })
        : t("Ranked by the gain per round."))]
      : h("p", { class: "review-none", dataset: { key: "game-review-none" } },
        t("No decision in this game was clearly worse than an alternative.")),
    h("h3", {}, t("Round by round")),
    h("ul", { class: "game-review-rounds" }, pages.map((p) => h("li", { dataset: { round: String(p.round) } },
      p.flags.length
        ? h("details", {}, h("summary", {}, t("Round {n}", { n: p.round + 1 }), ": ", counted(p.decisions, p.flags.length)),
          h("ol", {}, p.flags.map((flag, at) => flagButton(flag, p.round, at, `game-round-${p.round}-${at}`, ruleset))))
        : h("p", {}, t("Round {n}", { n: p.round + 1 }), ": ", counted(p.decisions, p.flags.length))))));
}

function draw() {
  const data = state.data;
  const frame = data.frames[state.at];
  const seats = data.geometry.positions;
  const notes = [];
  if (data.error && state.at === data.frames.length - 1) {
    notes.push(message(t("The record stops here: its next action is refused ({why}).", { why: data.error.message })));
  }
  if (frame.phase === "over") notes.push(message(t("The round is over."), "info"));
  // The trick first (a phone shows it without scrolling), then the hands round the table.
  show(
    ...state.imported,
    controls(),
    h("p", { class: "replay-action", "aria-live": "polite" }, actionText(frame.action)),
    ...notes,
    h("div", { class: "replay-board" }, trickBox(frame), seats.map((s) => seatBox(frame, s))),
    scoreBox(frame),
    reviewBox());
}

document.addEventListener("keydown", (e) => {
  if (!state.data || e.target.closest("input, select, .review")) return;
  if (e.key === "ArrowRight") step(state.at + 1);
  else if (e.key === "ArrowLeft") step(state.at - 1);
});

const table = params.get("table");
if (table) {
  const game = params.get("game");
  const url = `/t/${encodeURIComponent(table)}/record.json${game ? `?game=${encodeURIComponent(game)}` : ""}`;
  fetch(url).then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
    .then((text) => openRecord(text, t("Table {code}", { code: table.toUpperCase() })))
    .then(() => { if (params.get("review") === "game" && state.data) runGameReview(); })
    .catch(() => show(message(t("There is no finished game to replay at this table."))));
} else {
  show();
}
