// "Your games": the games this browser's player played, their statistics with plots, the
// code that takes the player to another device, and "forget me". The player is the key
// this browser keeps (store.js); it goes to the server only in the body of a POST.
import { h, replace, svg } from "./dom.js";
import { refusal, rulesetName, t, tn } from "./i18n.js";
import { date, made, number, outcome, post, share, table, who } from "./figures.js";
import { store } from "./store.js";

const root = document.getElementById("app");
const state = { games: null, stats: null, progress: null, clubs: null, name: null, error: null, code: null, note: null,
  busy: false };

async function load() {
  const player = store.player();
  if (!player) {
    state.error = t("This browser keeps nothing (private mode?): there are no games to show.");
    return render();
  }
  const [games, stats, clubs] = await Promise.all([post("/api/me/games", { player }),
    post("/api/me/statistics", { player }), post("/api/clubs/mine", { player })]);
  state.clubs = clubs.ok ? clubs.clubs : null;
  if (!games.ok || !stats.ok) {
    state.error = refusal(games.ok ? stats : games);
  } else {
    state.games = games.games;
    state.stats = stats.statistics;
    state.progress = stats.progress;
    state.name = games.name;
  }
  render();
}

// -- statistics ---------------------------------------------------------------------------------

function overall(f) {
  const rows = [
    [t("Games"), number(f.games)],
    [t("Games won"), `${number(f.won)} (${share(f.win_share)})`],
    [t("Rounds"), number(f.rounds)],
    [t("Points per round"), number(f.points_per_round, 1)],
    [t("Tichu made / called"), made(f.tichu_made, f.tichu_called)],
    [t("Grand Tichu made / called"), made(f.grand_made, f.grand_called)],
    [t("Double victories"), number(f.double_victories)],
    [t("First out"), number(f.first_out)],
    [t("Bombs"), number(f.bombs)],
  ];
  return table(t("Overall"), [t("Figure"), t("Value")], rows, "overall");
}

function perRuleset(list) {
  return table(t("By ruleset"), [t("Ruleset"), t("Games"), t("Won"), t("Points per round"), t("Tichu made / called")],
    list.map((r) => [rulesetName(r.ruleset) + " · " + tn("{n} seat", "{n} seats", r.seats), number(r.games),
      share(r.win_share), number(r.points_per_round, 1), made(r.tichu_made, r.tichu_called)]), "rulesets");
}

function perPartner(list) {
  return table(t("By partner"), [t("Partner"), t("Games"), t("Won"), t("Points per round")],
    list.slice(0, 20).map((p) => [who(p.partner), number(p.games), number(p.won), number(p.points_per_round, 1)]),
    "partners");
}

const gamesSpan = (p, value) => t("games {first}–{last}: {value}", { first: p.first, last: p.first + p.games - 1, value });
const roundsSpan = (p, value) => t("reviewed rounds {first}–{last}: {value}",
  { first: p.first, last: p.first + p.rounds - 1, value });

/** A line over a trend's points (ten games, or ten reviewed rounds, each), drawn as the score
 * chart is; its text alternative (`span` words each point) says every value. */
function plot(points, value, format, title, key, span = gamesSpan) {
  const shown = points.filter((p) => p[value] !== null);
  if (shown.length < 2) return null;
  const values = shown.map((p) => p[value]);
  const top = Math.max(...values, value === "win_share" ? 1 : 0);
  const bottom = Math.min(...values, 0);
  const W = 300, H = 120, L = 36, R = 8, T = 8, B = 16;
  const x = (i) => L + (i * (W - L - R)) / Math.max(1, shown.length - 1);
  const y = (v) => T + ((top - v) * (H - T - B)) / (top - bottom || 1);
  const label = title + ": " + shown.map((p) => span(p, format(p[value]))).join(", ");
  const tick = (text, attrs) => svg("text", { class: "tick", ...attrs }, document.createTextNode(text));
  return h("figure", { class: "trend", dataset: { key } }, h("figcaption", {}, title),
    svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
      svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }),
      ...[...new Set([top, 0, bottom])].map((v) => tick(format(v), { x: L - 4, y: y(v) + 3.5, "text-anchor": "end" })),
      tick(String(shown[0].first), { x: x(0), y: H - 3, "text-anchor": "middle" }),
      tick(String(shown[shown.length - 1].first), { x: x(shown.length - 1), y: H - 3, "text-anchor": "middle" }),
      svg("polyline", { points: shown.map((p, i) => `${x(i).toFixed(1)},${y(p[value]).toFixed(1)}`).join(" "),
        class: "line team-0" }),
      ...shown.map((p, i) => svg("circle", { cx: x(i), cy: y(p[value]), r: 3, class: "dot team-0" }))));
}

function statistics(stats) {
  if (!stats.overall.games) {
    return h("p", { dataset: { key: "no-games" } },
      t("No finished game yet. Games count here within a minute of their end, once you played them with this browser."));
  }
  return [overall(stats.overall),
    plot(stats.trend, "points_per_round", (v) => number(v, 1), t("Points per round, ten games at a time"), "trend-points"),
    plot(stats.trend, "win_share", share, t("Games won, ten games at a time"), "trend-wins"),
    perRuleset(stats.rulesets), perPartner(stats.partners)];
}

// -- progress with the coach --------------------------------------------------------------------

const GROUPS = { calls: () => t("Calls"), exchange: () => t("Exchange"), leads: () => t("Leads"),
  follows: () => t("Follows"), bombs: () => t("Bombs"), gifts: () => t("Dragon gifts") };

function progress(p) {
  const lesson = p.lessons.length
    ? h("p", { dataset: { key: "lesson-done" } }, t("The guided first game: done on {date}.", { date: date(p.lessons[0].done) }))
    : h("p", {}, t("The guided first game: not done yet."), " ", h("a", { href: "/" }, t("Learn to play")));
  if (!p.rounds) {
    return [lesson, h("p", {}, t("No round of yours reviewed yet: after a round, ask the coach for its review at the table."))];
  }
  const rows = Object.entries(p.groups).filter(([, g]) => g.decisions || g.flagged)
    .map(([group, g]) => [GROUPS[group] ? GROUPS[group]() : group, number(g.decisions), number(g.flagged),
      g.decisions ? share(g.flagged / g.decisions) : "–"]);
  return [lesson,
    h("p", {}, tn("{n} round reviewed at the table", "{n} rounds reviewed at the table", p.rounds) + ": "
      + tn("{n} decision flagged", "{n} decisions flagged", p.flagged) + "."),
    table(t("Decisions reviewed, by kind"), [t("Kind"), t("Reviewed"), t("Flagged"), t("Share")], rows, "progress"),
    plot(p.trend, "flagged_per_round", (v) => number(v, 1), t("Flagged decisions per reviewed round"),
      "trend-flags", roundsSpan)];
}

// -- games --------------------------------------------------------------------------------------

function gameLine(game) {
  const replay = `/replay?table=${encodeURIComponent(game.code)}&game=${game.game}`;
  const partners = game.partners.map(who).join(", ");
  const opponents = game.opponents.map(who).join(", ");
  return h("li", { class: ["game", game.outcome || "left"], dataset: { key: `game-${game.code}-${game.game}` } },
    h("a", { href: replay }, `${date(game.ended)} · ${rulesetName(game.ruleset)}`),
    h("span", { class: "outcome" }, " · " + outcome(game) + " · " + tn("{n} point", "{n} points", game.points)),
    partners ? h("span", { class: "with" }, t("with {names}", { names: partners })) : null,
    opponents ? h("span", { class: "against" }, t("against {names}", { names: opponents })) : null,
    // The replay viewer reviews the player's own seat in every round, the costliest decisions first.
    Number.isInteger(game.seat) ? h("a", { class: "review-game", dataset: { key: `review-game-${game.code}-${game.game}` },
      href: `${replay}&seat=${game.seat}&review=game` }, t("Review the whole game")) : null);
}

function games(list) {
  if (!list.length) return null;
  return h("section", { "aria-labelledby": "games-title" }, h("h2", { id: "games-title" }, t("Your games")),
    h("p", { class: "hint" }, t("Each opens in the replay viewer, where any round or the whole game can be reviewed.")),
    h("ol", { class: "games" }, list.map(gameLine)));
}

// -- clubs ---------------------------------------------------------------------------------------

async function createClub(event) {
  event.preventDefault();
  const name = new FormData(event.target).get("club-name");
  const answer = await post("/api/clubs", { player: store.player(), name });
  if (!answer.ok) {
    state.note = refusal(answer);
    return render();
  }
  location.href = `/club/${encodeURIComponent(answer.club.id)}`;
}

function clubs() {
  return h("section", { "aria-labelledby": "clubs-title" }, h("h2", { id: "clubs-title" }, t("Your clubs")),
    state.clubs && state.clubs.length
      ? h("ul", {}, state.clubs.map((club) => h("li", {},
        h("a", { href: `/club/${encodeURIComponent(club.id)}` }, club.name),
        " · " + tn("{n} member", "{n} members", club.members))))
      : h("p", {}, t("A club is a group of people who play together: its standings count the games at its tables. Make one, or open a club's invite link.")),
    h("form", { onsubmit: createClub, class: "use-code" },
      h("label", { for: "club-name" }, t("Name of a new club")),
      h("input", { id: "club-name", name: "club-name", maxlength: 40, required: true }),
      h("button", { type: "submit", dataset: { key: "create-club" } }, t("Create the club"))));
}

// -- another device, forget me ------------------------------------------------------------------

async function makeCode() {
  state.busy = true;
  render();
  const answer = await post("/api/me/link", { player: store.player() });
  state.busy = false;
  state.code = answer.ok ? answer.code : null;
  state.note = answer.ok ? null : refusal(answer);
  render();
}

async function useCode(event) {
  event.preventDefault();
  const code = new FormData(event.target).get("code");
  const answer = await post("/api/me/redeem", { code });
  if (!answer.ok) {
    state.note = refusal(answer);
    return render();
  }
  store.setPlayer(answer.player);
  state.note = t("This browser is now the same player as the other device.");
  state.code = state.offered = null;
  load();
}

async function forget() {
  if (!confirm(t("Forget you on this server? Your games stay, without your name; your statistics are gone for good."))) return;
  const answer = await post("/api/me/forget", { player: store.player() });
  if (!answer.ok) {
    state.note = refusal(answer);
    return render();
  }
  store.forgetPlayer();
  Object.assign(state, { games: [], stats: null, name: null,
    note: t("You are forgotten. This browser starts as a new player.") });
  render();
}

function devices() {
  const link = state.code ? `${location.origin}/me?code=${state.code}` : null;
  return h("section", { "aria-labelledby": "device-title", class: "devices" },
    h("h2", { id: "device-title" }, t("Another device")),
    h("p", {}, t("No account needed: this browser is your key. To be the same player on another device, make a code here and enter it there (it works once, for 15 minutes).")),
    h("button", { type: "button", dataset: { key: "make-code" }, onclick: makeCode, disabled: state.busy },
      t("Make a code")),
    state.code ? h("p", { class: "code", role: "status" }, h("strong", { dataset: { key: "link-code" } }, state.code),
      " · ", h("a", { href: link }, link)) : null,
    h("form", { onsubmit: useCode, class: "use-code" },
      h("label", { for: "code" }, t("Code from your other device")),
      h("input", { id: "code", name: "code", autocomplete: "off", maxlength: 20, required: true,
        value: state.offered || null }),
      h("button", { type: "submit", dataset: { key: "use-code" } }, t("Use this code"))),
    h("h2", {}, t("Forget me")),
    h("p", {}, t("Deletes your name and statistics from this server; the games stay, your seat anonymous.")),
    h("button", { type: "button", class: "danger", dataset: { key: "forget" }, onclick: forget }, t("Forget me")));
}

function render() {
  replace(root,
    h("h1", {}, state.name ? t("{name}'s games", { name: state.name }) : t("Your games and statistics")),
    state.note ? h("p", { class: "note", role: "status" }, state.note) : null,
    state.error ? h("p", { class: "error", role: "alert" }, state.error) : null,
    state.stats ? h("section", { "aria-labelledby": "stats-title" },
      h("h2", { id: "stats-title" }, t("Statistics")), statistics(state.stats)) : null,
    state.progress ? h("section", { "aria-labelledby": "progress-title" },
      h("h2", { id: "progress-title" }, t("Your progress with the coach")), progress(state.progress)) : null,
    state.games ? games(state.games) : null,
    clubs(),
    devices(),
    h("p", {}, h("a", { href: "/" }, t("Back to the lobby"))));
}

// A link from the other device (/me?code=...): the code is offered, used only on a tap.
state.offered = new URLSearchParams(location.search).get("code");
load();
