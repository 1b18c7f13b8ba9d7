// The middle of the table: what is asked of whom (the obligation in words), the wish,
// the trick with who played what, the decision panels, the round's result and the game's end.
import { h } from "./dom.js";
import { rankName, t, tn } from "./i18n.js";
import { cardRow } from "./cards.js";
import { obligation } from "./legal.js";
import { renderDecision, renderSuggestions } from "./controls.js";

export function renderCenter(ctx) {
  const view = ctx.view;
  if (!view) return h("section", { class: "center" }, h("p", { class: "status" }, waitingText(ctx)));
  const duty = ctx.playing ? obligation(view, ctx.ruleset) : null;
  return h("section", { class: "center", "aria-label": t("The table") },
    view.game_over ? gameOver(ctx) : null,
    roundResult(ctx),
    h("p", { class: ["status", duty && "duty"], id: "status" }, duty || statusText(ctx)),
    view.wish ? h("p", { class: "wish" }, t("Wish: {rank}", { rank: rankName(view.wish) })) : null,
    trick(ctx),
    renderDecision(ctx),
    renderSuggestions(ctx));
}

function waitingText(ctx) {
  const free = ctx.table.seats.filter((s) => !s.taken).length;
  return free ? t("Waiting for players: {n} seat(s) free.", { n: free }) : t("All seats are taken. The host can start.");
}

function statusText(ctx) {
  const view = ctx.view;
  if (view.game_over) return t("The game is over");
  if (view.phase === "grand") return t("Grand Tichu decisions");
  if (view.phase === "exchange") return t("Exchanging cards");
  if (view.gift_from !== null) {
    return view.gift_from === ctx.me ? t("Give the Dragon's trick away")
      : t("{name} gives the Dragon's trick away", { name: ctx.name(view.gift_from) });
  }
  if (view.turn === null) return "";
  if (view.turn === ctx.me) return view.lead ? t("Your lead") : t("Your turn");
  return view.lead ? t("{name} leads", { name: ctx.name(view.turn) }) : t("{name}'s turn", { name: ctx.name(view.turn) });
}

export function playLine(ctx, play) {
  return h("li", { class: ["play", `kind-${play.kind}`, `from-${ctx.position(play.seat)}`], dataset: { seat: String(play.seat) } },
    h("span", { class: "who" }, ctx.name(play.seat)),
    cardRow(play.cards, ctx.ruleset),
    play.kind === "bomb" ? h("span", { class: "tag bomb" }, t("bomb")) : null);
}

function trick(ctx) {
  const plays = ctx.view.trick.plays;
  if (!plays.length) {
    if (ctx.view.phase !== "play") return null;
    const last = ctx.view.last_trick;
    return h("div", { class: "trick empty" }, h("p", {}, t("No cards on the table")),
      last ? h("button", { type: "button", class: "quiet", dataset: { key: "last-trick" },
        onclick: () => { ctx.ui.panel = "history"; ctx.update(); } }, t("Last trick (to {name})", { name: ctx.name(last.to) }))
        : null);
  }
  // The latest plays only: older ones of a long trick are in the history.
  const shown = plays.slice(-3);
  return h("div", { class: "trick", dataset: { plays: String(plays.length) } },
    h("h2", { class: "visually-hidden" }, t("Current trick")),
    plays.length > shown.length ? h("p", { class: "earlier" }, tn("{n} earlier play", "{n} earlier plays", plays.length - shown.length)) : null,
    h("ol", { class: "plays" }, shown.map((p) => playLine(ctx, p))),
    ctx.view.trick.closed && ctx.view.trick.winner !== null
      ? h("p", { class: "won" }, t("{name} wins the trick", { name: ctx.name(ctx.view.trick.winner) })) : null);
}

function roundResult(ctx) {
  const view = ctx.view;
  const rounds = view.scores.rounds;
  if (!rounds.length) return null;
  if (!view.game_over && view.phase === "play") return null;  // shown until the next round's play begins
  const number = rounds.length;
  const r = rounds[number - 1];
  const calls = r.calls.map((call, seat) => {
    if (!call) return null;
    const vars = { name: ctx.name(seat), call: call === "grand" ? t("Grand Tichu") : t("Tichu") };
    return r.call_made[seat] ? t("{name}: {call} made", vars) : t("{name}: {call} failed", vars);
  }).filter(Boolean);
  return h("div", { class: "round-result" },
    h("h2", {}, t("Round {n} is over", { n: number })),
    h("p", {}, [0, 1].map((team) => h("span", { class: `team-score team-${team}` },
      t("{team}: {points}", { team: t("Team {n}", { n: team + 1 }), points: signed(r.scores[team]) })))),
    r.double_victory ? h("p", {}, t("Double victory for {team}!", { team: ctx.teamName(r.out_order[0] % 2) })) : null,
    calls.length ? h("p", {}, calls.join(" · ")) : null);
}

function gameOver(ctx) {
  const view = ctx.view;
  const totals = view.scores.totals;
  const text = view.winner === "draw" ? t("The game is a draw.") : t("{team} wins the game!", { team: ctx.teamName(view.winner) });
  return h("div", { class: "game-over" },
    h("h2", {}, text),
    h("p", {}, t("Final score {a} : {b}", { a: totals[0], b: totals[1] })),
    h("p", {}, h("a", { href: `/t/${ctx.table.code}/record.json`, download: "" }, t("Download the game record")),
      " · ", h("a", { href: `/replay?table=${ctx.table.code}`, target: "_blank", rel: "noopener" }, t("Watch the replay"))),
    ctx.you.manage ? h("button", { type: "button", class: "primary", dataset: { key: "new-game" },
      onclick: () => ctx.request("new_game", {}) }, t("New game")) : null);
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
