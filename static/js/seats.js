// The four places around the table: who sits where, their cards, calls and places;
// before the start, the seat picker and the host's bot controls.
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function renderSeat(ctx, seat) {
  const info = ctx.table.seats[seat];
  const player = ctx.player(seat);
  const view = ctx.view;
  const isTurn = view && (view.turn === seat || view.gift_from === seat);
  return h("section", {
    class: ["seat", `pos-${ctx.position(seat)}`, `team-${seat % 2}`, isTurn && "turn", seat === ctx.me && "mine"],
    "aria-label": t("seat.label", { name: ctx.name(seat), relation: t(`relation.${ctx.relation(seat)}`) }),
    dataset: { seat: String(seat) },
  },
  h("div", { class: "seat-head" },
    h("span", { class: "name" }, ctx.name(seat)),
    seat === ctx.me ? h("span", { class: "tag you" }, t("relation.you")) : null,
    info.bot ? h("span", { class: "tag bot" }, t("seat.bot", { level: info.bot })) : null,
    info.human && !info.online && !info.bot ? h("span", { class: "tag away" }, t("seat.away")) : null,
    h("span", { class: "tag team" }, t("team.short", { n: (seat % 2) + 1 }))),
  player ? playerState(ctx, seat, player) : pickerState(ctx, seat, info),
  ctx.table.status !== "waiting" ? manageDuringGame(ctx, seat, info) : null);
}

function playerState(ctx, seat, p) {
  const view = ctx.view;
  const bits = [h("span", { class: "count", "aria-label": t("seat.cards", { n: p.cards }) },
    h("span", { class: "back", "aria-hidden": "true" }), String(p.cards))];
  if (p.grand) bits.push(h("span", { class: "tag call grand" }, t("call.grand")));
  if (p.tichu) bits.push(h("span", { class: "tag call tichu" }, t("call.tichu")));
  if (p.out) bits.push(h("span", { class: "tag out" }, t("seat.out", { place: t(`place.${p.out}`) })));
  if (p.deciding) bits.push(h("span", { class: "tag waiting" }, t(`seat.deciding.${view.phase}`)));
  if (p.passed) bits.push(h("span", { class: "tag passed" }, t("seat.passed")));
  if (view.turn === seat) bits.push(h("span", { class: "tag turn-tag" }, t(view.lead ? "seat.leads" : "seat.to_play")));
  if (view.gift_from === seat) bits.push(h("span", { class: "tag turn-tag" }, t("seat.gives")));
  return h("div", { class: "seat-state" }, bits);
}

function pickerState(ctx, seat, info) {
  const out = [];
  const mine = ctx.me === seat;
  if (!info.taken && !mine) {
    out.push(h("button", { type: "button", class: "primary", dataset: { key: `sit-${seat}` },
      onclick: () => ctx.sit(seat) }, ctx.me === null ? t("seat.sit") : t("seat.move")));
  }
  if (ctx.you.manage && !info.taken) {
    out.push(levelPicker(ctx, seat, t("seat.add_bot")));
  }
  if (ctx.you.manage && info.taken && !mine && (info.bot || !info.online)) {
    out.push(h("button", { type: "button", dataset: { key: `free-${seat}` },
      onclick: () => ctx.request("free", { seat }) }, info.bot ? t("seat.remove_bot") : t("seat.free")));
  }
  if (mine) {
    out.push(h("button", { type: "button", dataset: { key: "stand" }, onclick: () => ctx.request("stand", {}) },
      t("seat.stand")));
  }
  return h("div", { class: "seat-state picker" }, out);
}

function manageDuringGame(ctx, seat, info) {
  const out = [];
  if (ctx.you.manage && info.human && !info.online && !info.bot) {
    out.push(levelPicker(ctx, seat, t("seat.replace_bot")));
  }
  if (ctx.me === null && info.bot && !info.human && ctx.table.status === "playing") {
    out.push(h("button", { type: "button", dataset: { key: `sit-${seat}` }, onclick: () => ctx.sit(seat) },
      t("seat.take_over")));
  }
  return out.length ? h("div", { class: "seat-manage" }, out) : null;
}

function levelPicker(ctx, seat, label) {
  // The choice lives in ui.levels, so a re-render (any new version) keeps it.
  const chosen = ctx.ui.levels[seat] || ctx.table.default_level;
  const select = h("select", {
    "aria-label": t("seat.level_for", { n: seat + 1 }), dataset: { key: `level-${seat}` },
    onchange: (e) => { ctx.ui.levels[seat] = e.target.value; },
  }, ctx.table.levels.map((level) => h("option", { value: level, selected: level === chosen },
    t("seat.level", { level }))));
  return h("span", { class: "level-picker" }, select,
    h("button", { type: "button", dataset: { key: `bot-${seat}` },
      onclick: () => ctx.request("bot", { seat, level: select.value }) }, label));
}
