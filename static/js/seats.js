// The places around the table: who sits where (partners and opponents told apart), their cards,
// calls, titles and places; before the start, the seat picker and the host's bot controls.
import { h } from "./dom.js";
import { levelName, placeName, t, tn } from "./i18n.js";
import { countdown } from "./countdown.js";
import { seenHand } from "./sight.js";

export { placeName };
// The Grandseigneur's titles, from the first place to the last (the engine names them).
const TITLES = {
  Grandseigneur: () => t("Grandseigneur"), Seigneur: () => t("Seigneur"), "Maître": () => t("Maître"),
  Bourgeois: () => t("Bourgeois"), Chevalier: () => t("Chevalier"), Marchand: () => t("Marchand"),
  Artisan: () => t("Artisan"), Paysan: () => t("Paysan"), Porcher: () => t("Porcher"), Vagabond: () => t("Vagabond"),
  Pauvre: () => t("Pauvre"), "Misérable": () => t("Misérable"),
};
export const titleName = (title) => (TITLES[title] ? TITLES[title]() : title);

export function renderSeat(ctx, seat, extra = null, order = null) {
  const info = ctx.table.seats[seat] || {};  // the Trichu Table is no seat of the table's list
  const player = ctx.player(seat);
  const view = ctx.view;
  const isTurn = view && !view.game_over && (view.turn === seat || view.gift_from === seat);
  const said = ctx.bubbles && ctx.bubbles[seat];
  const team = ctx.teamOf(seat);
  const title = ctx.title(seat);
  const geo = ctx.geo;
  return h("section", {
    class: ["seat", `team-${team}`, `rel-${ctx.relation(seat)}`, isTurn && "turn", seat === ctx.me && "mine"],
    "aria-label": t("{name} ({relation})", { name: ctx.name(seat), relation: ctx.relationName(seat) }),
    dataset: { seat: String(seat) }, style: order === null ? null : `--o:${order}`,
  },
  h("div", { class: "seat-head" },
    playOrder(ctx, seat),
    h("span", { class: "name" }, ctx.name(seat)),
    seat === ctx.me ? h("span", { class: "tag you" }, t("you")) : null,
    // Who just said something: marked here, the words in the middle of the table (center.js).
    said ? h("span", { class: "tag says", "aria-hidden": "true", title: said.text }, "…") : null,
    seat !== ctx.me && ctx.seated && ctx.relationTag(seat) ? h("span", { class: ["tag", "rel", `rel-${ctx.relation(seat)}`] }, ctx.relationTag(seat)) : null,
    info.bot ? h("span", { class: "tag bot" }, t("bot: {level}", { level: levelName(info.bot) })) : null,
    info.away || (info.human && !info.online && !info.bot) ? h("span", { class: "tag away" }, t("away")) : null,
    info.standin_at ? countdown(ctx, info.standin_at, "standin") : null,
    info.turn_ends ? countdown(ctx, info.turn_ends, "turn") : null,
    geo && geo.dealer === seat && geo.table !== null ? h("span", { class: "tag dealer" }, t("dealer")) : null,
    geo && geo.controller[seat] !== seat ? h("span", { class: "tag played-by" }, t("played by {name}", { name: ctx.name(geo.controller[seat]) })) : null,
    team !== null && team !== undefined ? h("span", { class: "tag team" }, t("Team {n}", { n: team + 1 })) : null),
  player ? playerState(ctx, seat, player, title) : pickerState(ctx, seat, info),
  player ? seenHand(ctx, seat) : null,  // a watcher every player lets see the hands
  ctx.table.status !== "waiting" && !ctx.isTable(seat) ? manageDuringGame(ctx, seat, info) : null,
  extra);
}

/** Where more than four places are round the table (left, partner and right no longer say it),
 * each other seat shows when it plays: a small number, the turns after the viewer's (a watcher:
 * the place in play order). From the view's geometry (`relative`), never from seat numbers. */
function playOrder(ctx, seat) {
  if (ctx.seatList.length <= 4 || seat === ctx.me || !ctx.geo) return null;
  const n = ctx.seated ? ctx.relative(seat) : ctx.relative(seat) + 1;
  const label = ctx.seated ? t("plays {place} after you", { place: placeName(n) })
    : t("plays {place} in turn", { place: placeName(n) });
  return h("span", { class: "tag order", title: label, dataset: { order: String(n) } },
    h("span", { "aria-hidden": "true" }, String(n)), h("span", { class: "visually-hidden" }, label));
}

function playerState(ctx, seat, p, title) {
  const view = ctx.view;
  // The title first (a narrow seat cuts it short, its whole word in the tooltip), then the cards.
  const bits = [title ? h("span", { class: "title-line" }, h("span", { class: "tag title", title: titleName(title) },
    titleName(title))) : null,
    h("span", { class: "count", title: tn("{n} card", "{n} cards", p.cards) },
    h("span", { class: "back", "aria-hidden": "true" }), h("span", { class: "visually-hidden" }, tn("{n} card", "{n} cards", p.cards)),
    h("span", { "aria-hidden": "true" }, String(p.cards)))];
  if (p.grand) bits.push(h("span", { class: "tag call grand" }, t("Grand Tichu")));
  if (p.tichu) bits.push(h("span", { class: "tag call tichu" }, t("Tichu")));
  if (p.out) bits.push(h("span", { class: "tag out" }, t("out {place}", { place: placeName(p.out) })));
  if (p.deciding && view.phase === "grand") bits.push(h("span", { class: "tag waiting" }, t("deciding…")));
  else if (p.deciding) {
    // A narrow seat (a phone upright) says it in one word, whole (tichu.css), the tooltip in full.
    bits.push(h("span", { class: "tag waiting", title: t("choosing cards…") },
      h("span", { class: "long" }, t("choosing cards…")), h("span", { class: "short" }, t("choosing…"))));
  }
  if (p.passed) bits.push(h("span", { class: "tag passed" }, t("passed")));
  if (!view.game_over && view.turn === seat) bits.push(h("span", { class: "tag turn-tag" }, view.lead ? t("leads") : t("to play")));
  if (view.gift_from === seat) bits.push(h("span", { class: "tag turn-tag" }, t("gives the Dragon's trick")));
  return h("div", { class: "seat-state" }, bits);
}

function pickerState(ctx, seat, info) {
  const out = [];
  const mine = ctx.me === seat;
  if (info.dummy) return h("div", { class: "seat-state picker" }, h("span", {}, t("The dealer of each round plays the Table's cards.")));
  if (!info.taken && !mine) {
    out.push(h("button", { type: "button", class: "primary", dataset: { key: `sit-${seat}` },
      onclick: () => ctx.sit(seat) }, ctx.me === null ? t("Sit here") : t("Move here")));
  }
  if (ctx.you.manage && !info.taken) {
    out.push(levelPicker(ctx, seat, t("Add bot")));
  }
  if (ctx.you.manage && info.taken && !mine && (info.bot || !info.online)) {
    out.push(h("button", { type: "button", dataset: { key: `free-${seat}` },
      onclick: () => ctx.request("free", { seat }) }, info.bot ? t("Remove bot") : t("Free seat")));
  }
  if (mine) {
    out.push(h("button", { type: "button", dataset: { key: "stand" }, onclick: () => ctx.request("stand", {}) },
      t("Leave seat")));
  }
  return h("div", { class: "seat-state picker" }, out);
}

function manageDuringGame(ctx, seat, info) {
  const out = [];
  if (ctx.you.manage && info.human && !info.online && !info.bot) {
    out.push(levelPicker(ctx, seat, t("Let a bot play")));
  }
  if (ctx.me === null && info.bot && !info.human && ctx.table.status === "playing") {
    if (ctx.table.settings.takeover || ctx.you.manage) {
      out.push(h("button", { type: "button", dataset: { key: `sit-${seat}` }, onclick: () => ctx.sit(seat) },
        t("Take this seat")));
    } else if (ctx.you.asked === seat) {
      out.push(h("span", { class: "notice", role: "status" }, t("Waiting for the host to agree…")));
    } else {
      out.push(h("button", { type: "button", dataset: { key: `ask-${seat}` }, onclick: () => ctx.sit(seat, "ask") },
        t("Ask to take this seat")));
    }
  }
  return out.length ? h("div", { class: "seat-manage" }, out) : null;
}

/** The host's answers to watchers who ask to take over a bot's seat. */
export function renderRequests(ctx) {
  const requests = ctx.you.requests || [];
  if (!requests.length) return null;
  return h("section", { class: "lobby-panel requests", "aria-label": t("Requests to take a seat") }, requests.map(([id, seat, name]) =>
    h("p", { class: "request", role: "status" },
      h("span", {}, t("{name} asks to take over {seat} from the bot.", { name, seat: ctx.name(seat) })), " ",
      h("button", { type: "button", class: "primary", dataset: { key: `accept-${id}` },
        onclick: () => ctx.request("answer", { request: id, accept: true }) }, t("Let them play")), " ",
      h("button", { type: "button", dataset: { key: `decline-${id}` },
        onclick: () => ctx.request("answer", { request: id, accept: false }) }, t("Decline")))));
}

function levelPicker(ctx, seat, label) {
  // The choice lives in ui.levels, so a re-render (any new version) keeps it.
  const chosen = ctx.ui.levels[seat] || ctx.table.default_level;
  const select = h("select", {
    "aria-label": t("Bot level for seat {n}", { n: seat + 1 }), dataset: { key: `level-${seat}` },
    onchange: (e) => { ctx.ui.levels[seat] = e.target.value; },
  }, ctx.table.levels.map((level) => h("option", { value: level, selected: level === chosen }, levelName(level))));
  return h("span", { class: "level-picker" }, select,
    h("button", { type: "button", dataset: { key: `bot-${seat}` },
      onclick: () => ctx.request("bot", { seat, level: select.value }) }, label));
}
