// The middle of the table: what is asked of whom (the obligation in words), the wish,
// the trick with who played what, the decision panels, the round's result and the game's end.
import { h } from "./dom.js";
import { rankName, t, tn } from "./i18n.js";
import { cardRow, describeCard } from "./cards.js";
import { obligation } from "./legal.js";
import { forcedText, renderDecision, renderSuggestions } from "./controls.js";
import { countdown } from "./countdown.js";

/** The latest chat message for a moment (the sender's seat is marked): a line of the middle,
 * in its flow, so it never covers a seat, a card or a control (the chat panel has it in full). */
export function chatLine(ctx) {
  const said = Object.entries(ctx.bubbles || {}).sort((a, b) => a[1].n - b[1].n).pop();
  if (!said) return null;
  const seat = Number(said[0]);
  return h("p", { class: "bubble", "aria-hidden": "true", dataset: { seat: String(seat) } },
    h("strong", {}, ctx.name(seat), ": "), said[1].text);
}

export function renderCenter(ctx) {
  const view = ctx.view;
  if (!view) return h("section", { class: "center" }, h("p", { class: "status" }, waitingText(ctx)), chatLine(ctx));
  const forced = ctx.playing ? forcedText(ctx) : null;
  const own = forced || (ctx.playing ? obligation(ctx.acting, ctx.ruleset) : null);
  // Whose cards the duty is about is never in doubt: the Table's are named.
  const duty = own && ctx.actor !== ctx.me ? t("The Table: {duty}", { duty: own }) : own;
  // While the table is held for a bomb, or a won trick may still be bombed, the status says
  // so (with its countdown) instead of asking for a move the server would refuse; the action
  // bar keeps its one row.
  const waiting = bombStatus(ctx);
  return h("section", { class: "center", "aria-label": t("The table") },
    view.game_over ? gameOver(ctx) : null,
    h("div", { class: "status-row" },
      h("p", { class: ["status", duty && !waiting && "duty"], id: "status", dataset: { forced: forced ? "1" : null } },
        waiting || duty || statusText(ctx)),
      view.wish ? h("p", { class: "wish" }, t("Wish: {rank}", { rank: rankName(view.wish) })) : null),
    chatLine(ctx),
    trick(ctx),
    // The plays with the selected cards (and Clear) before the cards received: on a small phone
    // the middle scrolls, and what the player is doing now must not be the part cut off.
    renderSuggestions(ctx),
    renderDecision(ctx));
}

function waitingText(ctx) {
  const free = ctx.table.seats.filter((s) => !s.taken && !s.dummy).length;
  return free ? tn("Waiting for players: {n} seat free.", "Waiting for players: {n} seats free.", free)
    : t("All seats are taken. The host can start.");
}

function bombStatus(ctx) {
  const bombs = ctx.table.bombs || {};
  const view = ctx.view;
  if (!view || view.phase !== "play" || view.game_over) return null;
  if (bombs.hold && bombs.hold.seat !== ctx.me) {
    return [t("{name} is choosing a bomb", { name: ctx.name(bombs.hold.seat) }), " ",
      countdown(ctx, bombs.hold.until, "turn")];
  }
  if (bombs.window_until) {
    const mine = ctx.playing && (view.pending || []).includes(ctx.actor);
    const text = !mine ? t("The trick can still be bombed")
      : ctx.ui.queued ? t("Your lead goes out once the trick can no longer be bombed")
        : t("Your lead, once the trick can no longer be bombed");
    return [text, " ", countdown(ctx, bombs.window_until, "turn")];
  }
  return null;
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

/** A play as the table shows it: who, and the cards low to high (the Phoenix at the rank it stands for). */
export function playLine(ctx, play, top = false) {
  const cards = lowToHigh(ctx, play);
  return h("li", { class: ["play", `kind-${play.kind}`, `from-${ctx.side(play.seat)}`, top && "top", cards.length > 6 && "long"],
    dataset: { seat: String(play.seat) } },
  h("span", { class: "who" }, ctx.name(play.seat), top ? h("span", { class: "tag beat" }, t("to beat")) : null,
    play.kind === "bomb" ? h("span", { class: "tag bomb" }, t("bomb")) : null),
  cardRow(cards, ctx.ruleset, "fan", cards.length));
}

function lowToHigh(ctx, play) {
  const ranks = ctx.view ? ctx.view.ranks : [];
  const order = (code) => {
    const info = describeCard(code, ctx.ruleset);
    const rank = info.special === "phoenix" && play.phoenix ? play.phoenix : info.rank;
    return rank ? ranks.indexOf(rank) : info.special === "mahjong" ? -1 : ranks.length;
  };
  return play.cards.split(" ").filter(Boolean).map((c, i) => [order(c), i, c])
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]).map((x) => x[2]);
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
  // As at a real table: each seat's latest play in front of it, the play to beat marked on top.
  // Older plays of a long trick are in the history.
  const latest = new Map();
  plays.forEach((p, i) => latest.set(p.seat, i));
  const top = plays.length - 1;
  return h("div", { class: ["trick", ctx.seatList.length > 4 && "many"], dataset: { plays: String(plays.length) } },
    h("h2", { class: "visually-hidden" }, t("Current trick")),
    h("ol", { class: "plays" }, [...latest.values()].sort((a, b) => a - b).map((i) => playLine(ctx, plays[i], i === top))),
    ctx.view.trick.closed && ctx.view.trick.winner !== null
      ? h("p", { class: "won" }, t("{name} wins the trick", { name: ctx.name(ctx.view.trick.winner) })) : null);
}

export function gameOver(ctx) {
  const view = ctx.view;
  const totals = view.scores.totals;
  const columns = ctx.columns();
  // The winner is a team where teams are fixed, else a seat (Trichu, Grandseigneur).
  const byTeam = columns && columns[0].seat === null;
  const text = view.winner === "draw" ? t("The game is a draw.")
    : byTeam ? t("{team} wins the game!", { team: ctx.teamName(view.winner) })
      : t("{name} wins the game!", { name: ctx.name(view.winner) });
  return h("div", { class: "game-over" },
    h("h2", {}, text),
    byTeam && columns.length === 2 ? h("p", {}, t("Final score {a} : {b}", { a: totals[0], b: totals[1] }))
      : columns ? h("p", {}, t("Final score: {scores}", {
      scores: columns.map((c) => (byTeam ? String(totals[c.index]) : `${c.label} ${totals[c.index]}`)).join(" : ") })) : null,
    h("p", {}, h("a", { href: `/t/${ctx.table.code}/record.json`, download: "" }, t("Download the game record")),
      " · ", h("a", { href: `/replay?table=${ctx.table.code}`, target: "_blank", rel: "noopener" }, t("Watch the replay")),
      // A player's own decisions in the whole game, in the replay viewer (any seat is open there once it is over).
      Number.isInteger(ctx.you.seat) ? [" · ", h("a", { href: `/replay?table=${ctx.table.code}&seat=${ctx.you.seat}&review=game`,
        target: "_blank", rel: "noopener", dataset: { key: "review-game" } }, t("Review the whole game"))] : null),
    ctx.you.manage && !ctx.doc.lesson ? h("button", { type: "button", class: "primary", dataset: { key: "new-game" },
      onclick: () => ctx.request("new_game", {}) }, t("New game")) : null);
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
