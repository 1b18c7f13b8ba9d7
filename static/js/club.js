// A club's page, for its members: the standings of the club's games, partnerships,
// head-to-head, the last games, the invite link, and a new club table. Opened by an invite
// link (/club/join/<invite>), the page joins the club first. The player is this browser's
// key (store.js), sent only in POST bodies.
import { h, replace } from "./dom.js";
import { refusal, rulesetName, t, tn } from "./i18n.js";
import { date, made, number, outcome, post, share, table, who } from "./figures.js";
import { store } from "./store.js";

const root = document.getElementById("app");
const config = JSON.parse(document.getElementById("config").textContent);
const state = { club: null, data: null, error: null, note: null };

async function load() {
  const player = store.player();
  if (!player) {
    state.error = t("This browser keeps nothing (private mode?): there are no games to show.");
    return render();
  }
  let id = config.club;
  if (config.invite) {
    const joined = await post("/api/clubs/join", { player, invite: config.invite });
    if (!joined.ok) {
      state.error = refusal(joined);
      return render();
    }
    id = joined.club.id;
    history.replaceState(null, "", `/club/${encodeURIComponent(id)}`);
    state.note = t("Welcome to {club}!", { club: joined.club.name });
  }
  const data = await post(`/api/clubs/${encodeURIComponent(id)}`, { player });
  if (!data.ok) state.error = refusal(data);
  else Object.assign(state, { club: data.club, data });
  render();
}

async function newTable() {
  const name = store.name() || t("Player");
  const data = await post("/api/tables", { host_name: name, club: state.club.id, player: store.player(),
    listed: false, name: state.club.name });
  if (!data.ok) {
    state.note = refusal(data);
    return render();
  }
  store.setToken(data.code, data.token);
  location.href = data.url;
}

async function leave() {
  if (!confirm(t("Leave {club}? Your games stay; you leave its standings.", { club: state.club.name }))) return;
  const answer = await post(`/api/clubs/${encodeURIComponent(state.club.id)}/leave`, { player: store.player() });
  if (answer.ok) location.href = "/me";
  else { state.note = refusal(answer); render(); }
}

function standings(list) {
  return table(t("Standings"), [t("Member"), t("Games"), t("Won"), t("Points per round"), t("Tichu made / called")],
    list.map((m) => [who(m), number(m.games), `${number(m.won)} (${share(m.win_share)})`,
      number(m.points_per_round, 1), made(m.tichu_made, m.tichu_called)]), "standings");
}

function partnerships(list) {
  if (!list.length) return null;
  return table(t("Partnerships"), [t("Partners"), t("Games"), t("Won")],
    list.map((p) => [p.names.map((name) => who({ name })).join(" & "), number(p.games), number(p.won)]),
    "partnerships");
}

function headToHead(list) {
  if (!list.length) return null;
  return table(t("Head to head"), [t("Members"), t("Games"), t("Games won")],
    list.map((p) => [p.names.map((name) => who({ name })).join(" – "), number(p.games),
      `${number(p.won[0])} : ${number(p.won[1])}`]), "head-to-head");
}

function lastGames(list) {
  if (!list.length) return null;
  return h("section", { "aria-labelledby": "club-games" }, h("h2", { id: "club-games" }, t("Last games")),
    h("ol", { class: "games" }, list.map((game) => h("li", { class: "game" },
      h("a", { href: `/replay?table=${encodeURIComponent(game.code)}&game=${game.game}` },
        date(game.ended) + " · " + rulesetName(game.ruleset)),
      h("span", { class: "with" }, game.seats.map((s) => (s.outcome ? who(s) + " (" + outcome(s) + ")" : who(s))).join(", "))))));
}

function render() {
  const data = state.data;
  const link = state.club ? `${location.origin}/club/join/${state.club.invite}` : null;
  replace(root,
    h("h1", {}, state.club ? state.club.name : t("Club")),
    state.note ? h("p", { class: "note", role: "status" }, state.note) : null,
    state.error ? h("p", { class: "error", role: "alert" }, state.error) : null,
    data ? [
      h("p", {}, tn("{n} member. Games at the club's tables count here.",
        "{n} members. Games at the club's tables count here.", data.members)),
      h("button", { type: "button", class: "primary", dataset: { key: "club-table" }, onclick: newTable },
        t("New club table")),
      data.standings.length ? standings(data.standings)
        : h("p", { dataset: { key: "no-games" } }, t("No club game has ended yet.")),
      partnerships(data.partnerships), headToHead(data.head_to_head), lastGames(data.games),
      h("h2", {}, t("Invite")),
      h("p", {}, t("Whoever opens this link joins the club:")),
      h("p", { class: "code" }, h("a", { href: link, dataset: { key: "invite" } }, link)),
      h("button", { type: "button", class: "danger", dataset: { key: "leave" }, onclick: leave }, t("Leave the club")),
    ] : null,
    h("p", {}, h("a", { href: "/me" }, t("Your games and statistics"))));
}

load();
