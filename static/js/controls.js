// The player's own corner: the decisions of each phase, the dialogs, and the hand.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardButton, cardFace, cardNames, cardRow } from "./cards.js";
import { neighbours } from "./context.js";
import { holdsMahjong, mahjongCode, matchingPlays, playableBombs } from "./legal.js";

const RELATIONS = ["left", "partner", "right"];

export function renderControls(ctx) {
  const view = ctx.view;
  if (!ctx.seated || !view) return null;
  if (ctx.you.bot_plays) {
    return h("div", { class: "controls" },
      h("p", { class: "notice" }, t("seat.bot_plays_for_you")),
      h("button", { type: "button", class: "primary", dataset: { key: "take-back" }, onclick: () => ctx.sit(ctx.me) },
        t("seat.take_back")));
  }
  const legal = view.legal;
  const parts = [];
  if (view.phase === "grand") parts.push(grandControls(ctx, legal));
  if (view.phase === "exchange") parts.push(exchangeControls(ctx, legal));
  if (view.phase === "play") parts.push(playControls(ctx, legal));
  if (legal && legal.tichu) {
    parts.push(h("button", { type: "button", class: "call", disabled: ctx.ui.busy, dataset: { key: "tichu" },
      onclick: () => ctx.act({ act: "tichu" }) }, t("call.tichu_button")));
  }
  return h("div", { class: "controls" }, parts);
}

function grandControls(ctx, legal) {
  if (!legal.grand) return h("p", { class: "notice" }, t("grand.waiting"));
  return h("div", { class: "decision" },
    h("p", {}, t("grand.prompt")),
    h("button", { type: "button", class: "call", disabled: ctx.ui.busy || !legal.grand_call, dataset: { key: "grand-yes" },
      onclick: () => ctx.act({ act: "grand", call: true }) }, t("grand.call")),
    h("button", { type: "button", disabled: ctx.ui.busy, dataset: { key: "grand-no" },
      onclick: () => ctx.act({ act: "grand", call: false }) }, t("grand.pass")));
}

function exchangeControls(ctx, legal) {
  const ui = ctx.ui;
  const seats = neighbours(ctx.me, ctx.table.seats.length);
  if (!legal.exchange) {
    const given = ctx.view.exchange.given || {};
    return h("div", { class: "decision" },
      h("p", {}, t("exchange.waiting")),
      h("p", { class: "given" }, RELATIONS.map((rel) => given[seats[rel]] ? h("span", { class: "slot-done" },
        t(`exchange.${rel}`, { name: ctx.name(seats[rel]) }), " ", cardFace(given[seats[rel]], ctx.ruleset)) : null)));
  }
  const slots = RELATIONS.map((rel) => {
    const card = ui.slots[rel];
    const label = t(`exchange.${rel}`, { name: ctx.name(seats[rel]) });
    return h("button", {
      type: "button", class: ["slot", card && "filled"], dataset: { key: `slot-${rel}`, slot: rel },
      "aria-label": card ? t("exchange.slot_filled", { who: label, card: cardNames([card], ctx.ruleset) })
        : t("exchange.slot_empty", { who: label }),
      onclick: () => {
        if (ui.slots[rel]) ui.slots[rel] = null;
        else if (ui.selected.size === 1) { ui.slots[rel] = [...ui.selected][0]; ui.selected.clear(); }
        ctx.update();
      },
    }, h("span", { class: "slot-label" }, label), card ? cardFace(card, ctx.ruleset) : h("span", { class: "slot-hint" }, t("exchange.choose")));
  });
  const ready = RELATIONS.every((rel) => ui.slots[rel]);
  return h("div", { class: "decision exchange" },
    h("p", {}, t("exchange.prompt")),
    h("div", { class: "slots" }, slots),
    h("button", { type: "button", class: "primary", disabled: ctx.ui.busy || !ready, dataset: { key: "give" },
      onclick: () => ctx.act({ act: "exchange", give: Object.fromEntries(RELATIONS.map((rel) => [String(seats[rel]), ui.slots[rel]])) }) },
    t("exchange.give")));
}

function received(ctx) {
  const got = ctx.view.exchange && ctx.view.exchange.received;
  if (!got || ctx.view.history.some((e) => e.act === "trick")) return null;
  const seats = neighbours(ctx.me, ctx.table.seats.length);
  return h("div", { class: "received", role: "status" },
    h("span", {}, t("exchange.received")),
    RELATIONS.map((rel) => h("span", { class: "from" },
      t(`exchange.from_${rel}`, { name: ctx.name(seats[rel]) }), " ", cardFace(got[String(seats[rel])], ctx.ruleset))));
}

function playControls(ctx, legal) {
  const ui = ctx.ui;
  const view = ctx.view;
  if (legal.gift.length) return giftDialog(ctx, legal.gift);
  if (ui.pending) return h("div", {}, received(ctx), pendingDialog(ctx));
  const matches = matchingPlays(view, ui.selected);
  const bombs = playableBombs(view);
  const isBomb = matches.length && matches[0].kind === "bomb";
  return h("div", { class: "decision play" },
    received(ctx),
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "primary", disabled: ui.busy || !matches.length, dataset: { key: "play" },
        onclick: () => choosePlay(ctx, matches) }, isBomb ? t("play.bomb_play") : t("play.play")),
      h("button", { type: "button", disabled: ui.busy || !legal.pass, dataset: { key: "pass" },
        onclick: () => ctx.act({ act: "pass" }) }, t("play.pass")),
      bombs.length ? h("button", { type: "button", class: "bomb", disabled: ui.busy, dataset: { key: "bomb" },
        onclick: () => { ui.pending = { kind: "bombs" }; ctx.update(); } }, t("play.bomb")) : null,
      ui.selected.size ? h("button", { type: "button", class: "quiet", dataset: { key: "clear" },
        onclick: () => { ui.selected.clear(); ctx.update(); } }, t("play.clear")) : null));
}

function choosePlay(ctx, matches) {
  if (matches.length > 1) {
    ctx.ui.pending = { kind: "phoenix", plays: matches };
    ctx.update();
  } else {
    afterPhoenix(ctx, matches[0]);
  }
}

function afterPhoenix(ctx, play) {
  if (holdsMahjong(play, mahjongCode(ctx.ruleset))) {
    ctx.ui.pending = { kind: "wish", play };
    ctx.update();
  } else {
    sendPlay(ctx, play, null);
  }
}

function sendPlay(ctx, play, wish) {
  const action = { act: "play", cards: play.cards };
  if (play.phoenix) action.phoenix = play.phoenix;
  if (wish) action.wish = wish;
  ctx.ui.pending = null;
  ctx.act(action);
}

function dialog(ctx, title, body) {
  return h("div", { class: "dialog", role: "dialog", "aria-label": title },
    h("p", { class: "dialog-title" }, title),
    h("div", { class: "choices" }, body),
    h("button", { type: "button", class: "quiet", dataset: { key: "cancel" },
      onclick: () => { ctx.ui.pending = null; ctx.update(); } }, t("dialog.cancel")));
}

function pendingDialog(ctx) {
  const pending = ctx.ui.pending;
  if (pending.kind === "wish") {
    return dialog(ctx, t("wish.prompt"), [
      ...ctx.view.ranks.map((rank) => h("button", { type: "button", class: "rank-choice", dataset: { key: `wish-${rank}` },
        "aria-label": t("wish.choose", { rank: t(`rank.${rank}`) }), onclick: () => sendPlay(ctx, pending.play, rank) }, rank)),
      h("button", { type: "button", dataset: { key: "wish-none" }, onclick: () => sendPlay(ctx, pending.play, null) },
        t("wish.none")),
    ]);
  }
  if (pending.kind === "phoenix") {
    return dialog(ctx, t("phoenix.prompt"), pending.plays.map((play) => h("button", {
      type: "button", dataset: { key: `phoenix-${play.phoenix}` }, onclick: () => { ctx.ui.pending = null; afterPhoenix(ctx, play); },
    }, t("phoenix.as", { rank: t(`rank.${play.phoenix}`), kind: t(`kind.${play.kind}`), top: t(`rank.${play.rank}`) }))));
  }
  const bombs = playableBombs(ctx.view);
  return dialog(ctx, t("bomb.prompt"), bombs.map((bomb) => h("button", {
    type: "button", class: "bomb-choice", dataset: { key: `bomb-${bomb.cards}` },
    "aria-label": t("bomb.choose", { cards: cardNames(bomb.cards, ctx.ruleset) }), onclick: () => sendPlay(ctx, bomb, null),
  }, cardRow(bomb.cards, ctx.ruleset))));
}

function giftDialog(ctx, opponents) {
  return h("div", { class: "dialog", role: "dialog", "aria-label": t("gift.prompt") },
    h("p", { class: "dialog-title" }, t("gift.prompt")),
    h("div", { class: "choices" }, opponents.map((seat) => h("button", {
      type: "button", class: "gift-choice", disabled: ctx.ui.busy, dataset: { key: `gift-${seat}` },
      onclick: () => ctx.act({ act: "gift", to: seat }),
    }, t("gift.to", { name: ctx.name(seat), relation: t(`relation.${ctx.relation(seat)}`),
      n: ctx.view.players[seat].cards })))));
}

export function renderHand(ctx) {
  const view = ctx.view;
  if (!ctx.seated || !view || !view.hand) return null;
  const ui = ctx.ui;
  const exchanging = ctx.playing && view.phase === "exchange" && view.legal.exchange;
  const inSlots = new Set(Object.values(ui.slots).filter(Boolean));
  const cards = view.hand.filter((c) => !(exchanging && inSlots.has(c)));
  const interactive = ctx.playing && (view.phase === "play" || exchanging);
  return h("div", { class: "hand", role: "group", "aria-label": t("hand.label", { n: view.hand.length }) },
    cards.map((code) => interactive
      ? cardButton(code, ctx.ruleset, {
        selected: ui.selected.has(code),
        onclick: () => {
          if (exchanging) {
            const was = ui.selected.has(code);
            ui.selected.clear();
            if (!was) ui.selected.add(code);
          } else if (ui.selected.has(code)) ui.selected.delete(code);
          else ui.selected.add(code);
          ctx.update();
        },
      })
      : cardFace(code, ctx.ruleset, "in-hand")));
}
