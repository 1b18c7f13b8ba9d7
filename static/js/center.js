// The middle of the table: whose turn it is, the wish, the trick with who played what,
// the last round's result and the end of the game.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardRow } from "./cards.js";

export function renderCenter(ctx) {
  const view = ctx.view;
  if (!view) return h("section", { class: "center" }, waitingText(ctx));
  return h("section", { class: "center", "aria-live": "polite" },
    view.game_over ? gameOver(ctx) : null,
    roundResult(ctx),
    h("p", { class: "status" }, statusText(ctx)),
    view.wish ? h("p", { class: "wish", role: "status" }, t("wish.active", { rank: t(`rank.${view.wish}`) })) : null,
    trick(ctx),
    lastTrick(ctx));
}

function waitingText(ctx) {
  const free = ctx.table.seats.filter((s) => !s.taken).length;
  return h("p", { class: "status" }, free ? t("lobby.waiting_free", { n: free }) : t("lobby.waiting_start"));
}

function statusText(ctx) {
  const view = ctx.view;
  if (view.game_over) return t("status.game_over");
  if (view.phase === "grand") return t("status.grand");
  if (view.phase === "exchange") return t("status.exchange");
  if (view.gift_from !== null) {
    return view.gift_from === ctx.me ? t("status.you_give") : t("status.gives", { name: ctx.name(view.gift_from) });
  }
  if (view.turn === null) return "";
  const key = view.lead ? "leads" : "to_play";
  return view.turn === ctx.me ? t(`status.you_${key}`) : t(`status.${key}`, { name: ctx.name(view.turn) });
}

function playLine(ctx, play) {
  return h("li", { class: ["play", `kind-${play.kind}`], dataset: { seat: String(play.seat) } },
    h("span", { class: "who" }, ctx.name(play.seat)),
    cardRow(play.cards, ctx.ruleset),
    play.kind === "bomb" ? h("span", { class: "tag bomb" }, t("kind.bomb")) : null);
}

function trick(ctx) {
  const plays = ctx.view.trick.plays;
  if (!plays.length) return h("div", { class: "trick empty" }, t("trick.empty"));
  return h("div", { class: "trick" },
    h("h2", { class: "visually-hidden" }, t("trick.title")),
    h("ol", { class: "plays" }, plays.map((p) => playLine(ctx, p))),
    ctx.view.trick.closed && ctx.view.trick.winner !== null
      ? h("p", { class: "won" }, t("trick.won", { name: ctx.name(ctx.view.trick.winner) })) : null);
}

function lastTrick(ctx) {
  const last = ctx.view.last_trick;
  if (!last || ctx.view.trick.plays.length) return null;
  return h("details", { class: "last-trick" },
    h("summary", {}, t("trick.last", { name: ctx.name(last.to) })),
    h("ol", { class: "plays" }, last.plays.map((p) => playLine(ctx, p))));
}

function roundResult(ctx) {
  const view = ctx.view;
  const rounds = view.scores.rounds;
  if (!rounds.length) return null;
  if (!view.game_over && view.phase === "play") return null;  // shown until the next round's play begins
  const number = rounds.length;
  const r = rounds[number - 1];
  const calls = r.calls.map((call, seat) => call
    ? t(r.call_made[seat] ? "result.call_made" : "result.call_failed", { name: ctx.name(seat), call: t(`call.${call}`) })
    : null).filter(Boolean);
  return h("div", { class: "round-result", role: "status" },
    h("h2", {}, t("result.title", { n: number })),
    h("p", {}, [0, 1].map((team) => h("span", { class: `team-score team-${team}` },
      t("result.team", { team: ctx.teamName(team), points: signed(r.scores[team]) })))),
    r.double_victory ? h("p", {}, t("result.double", { team: ctx.teamName(r.out_order[0] % 2) })) : null,
    h("p", {}, t("result.out", { names: r.out_order.map((s) => ctx.name(s)).join(", ") })),
    calls.length ? h("p", {}, calls.join(" · ")) : null);
}

function gameOver(ctx) {
  const view = ctx.view;
  const totals = view.scores.totals;
  const text = view.winner === "draw" ? t("over.draw") : t("over.winner", { team: ctx.teamName(view.winner) });
  return h("div", { class: "game-over", role: "status" },
    h("h2", {}, text),
    h("p", {}, t("over.totals", { a: totals[0], b: totals[1] })),
    h("p", {}, h("a", { href: `/t/${ctx.table.code}/record.json`, download: "" }, t("record.download"))),
    ctx.you.manage ? h("button", { type: "button", class: "primary", dataset: { key: "new-game" },
      onclick: () => ctx.request("new_game", {}) }, t("over.new_game")) : null);
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
