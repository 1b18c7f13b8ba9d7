// The player's decisions: the action bar (Play, Pass, Bomb, Tichu, Grand Tichu, Give),
// the plays that contain the selected cards, and the panels of each decision
// (exchange slots, the wish, the Phoenix's rank, the bomb to throw, the Dragon gift).
import { trickKey } from "./autopass.js";
import { askHint, hintButton, mayAsk } from "./coach.js";
import { h } from "./dom.js";
import { rankName, t } from "./i18n.js";
import { cardFace, cardNames, cardRow } from "./cards.js";
import { countdown } from "./countdown.js";
import { clicks } from "./pointer.js";
import { exchangeCount } from "./hand.js";
import { titleName } from "./seats.js";
import { bestCards, cardsOf, holdsMahjong, mahjongCode, matchingPlays, playableBombs, playsContaining } from "./legal.js";

const SUGGESTIONS = 4;

export const KIND_NAMES = {
  single: () => t("single"), pair: () => t("pair"), stairs: () => t("stairs"), triple: () => t("triple"),
  full_house: () => t("full house"), straight: () => t("straight"), bomb: () => t("bomb"), dog: () => t("Dog"),
};
export const kindName = (kind) => (KIND_NAMES[kind] ? KIND_NAMES[kind]() : kind);

function button(ctx, key, label, attrs = {}) {
  return h("button", { type: "button", dataset: { key }, disabled: ctx.ui.busy || attrs.disabled, ...attrs }, label);
}

/** The bar of buttons under the trick (always the same place, so thumbs find it). */
export function renderActions(ctx) {
  const view = ctx.acting;
  if (!ctx.seated || !view || view.game_over) return null;
  if (ctx.you.bot_plays) {
    return h("div", { class: "actions" }, h("span", { class: "notice" }, t("A bot plays your seat.")),
      button(ctx, "take-back", t("Take my seat back"), { class: "primary", onclick: () => ctx.sit(ctx.me) }));
  }
  const legal = view.legal;
  const ui = ctx.ui;
  const parts = [];
  const ends = ctx.table.seats[ctx.me].turn_ends;
  if (ends) parts.push(countdown(ctx, ends, "mine", "notice countdown"));
  const undo = ui.call && button(ctx, "undo-call", t("Undo {call} ({n})", {
    call: ui.call.action.act === "grand" ? t("Grand Tichu") : t("Tichu"),
    n: Math.max(1, Math.ceil((ui.call.until - Date.now()) / 1000)) }), { class: "undo", onclick: ctx.undoCall });
  if (undo && ui.call.action.act === "grand") return h("div", { class: "actions" }, undo);
  if (legal.grand) {
    parts.push(button(ctx, "grand-yes", t("Grand Tichu!"), { class: "call", disabled: !legal.grand_call,
      onclick: () => ctx.call({ act: "grand", call: true }) }));
    parts.push(button(ctx, "grand-no", t("No Grand Tichu"), { onclick: () => ctx.act({ act: "grand", call: false }) }));
  } else if (legal.exchange) {
    const pattern = exchangePattern(ctx);
    const ready = pattern.every(([target, n]) => (ui.slots[target] || []).length === n);
    parts.push(button(ctx, "give", t("Give cards"), { class: "primary", disabled: !ready,
      onclick: () => ctx.act({ act: "exchange",
        give: Object.fromEntries(pattern.map(([target]) => [target, ui.slots[target].join(" ")])) }) }));
  } else if (view.phase === "play" && !legal.gift.length) {
    const matches = matchingPlays(view, ui.selected);
    const isBomb = matches.length && matches[0].kind === "bomb";
    if (!matches.length && ui.selected.size && mayAsk(ctx)) {
      // With the coach on, a selection that is no play asks why, in words, instead of a dead button.
      parts.push(button(ctx, "why-not", t("Why not?"), { class: "primary",
        onclick: () => askHint(ctx, [...ui.selected]) }));
    } else {
      parts.push(button(ctx, "play", isBomb ? t("Play bomb") : t("Play"), { class: "primary", disabled: !matches.length,
        onclick: () => choosePlay(ctx, matches) }));
    }
    parts.push(passButton(ctx, view, legal));
    if (view.trick.plays.length && view.hand.length) {
      // Shown to every player with cards whenever cards lie on the table, whatever the hand
      // holds: pressing it holds the table (bombs.py) and tells nobody what one has.
      parts.push(button(ctx, "bomb", t("Bomb!"), { class: "bomb", title: t("Hold the table and choose a bomb"),
        onclick: () => holdForBomb(ctx) }));
    }
  }
  if (ctx.wide) {
    const hint = hintButton(ctx, "bar");  // phones have it among the tabs (coach.js)
    if (hint) parts.push(hint);
  }
  if (undo) parts.push(undo);
  else if (legal.tichu) {
    parts.push(button(ctx, "tichu", t("Tichu!"), { class: "call", title: t("Call Tichu"),
      onclick: () => ctx.call({ act: "tichu" }) }));
  }
  return parts.length ? h("div", { class: "actions" }, parts) : null;
}

/** Pass, in one's turn; before it, while a trick lies and one holds cards, the same button
 * chooses to pass this trick when the turn comes (autopass.js), and takes that back. */
function passButton(ctx, view, legal) {
  const ui = ctx.ui;
  const key = trickKey(ctx.view);
  if (legal.pass || !key || !view.hand.length || ctx.view.to_act.includes(ctx.actor)) {
    return button(ctx, "pass", t("Pass"), { disabled: !legal.pass, onclick: () => ctx.act({ act: "pass" }) });
  }
  const armed = ui.passTrick === key;
  return button(ctx, "pass", armed ? t("Passing ✓") : t("Pass ahead"), {
    class: armed ? "armed" : null, "aria-pressed": armed ? "true" : "false",
    title: t("Pass this trick when your turn comes"),
    onclick: () => { ui.passTrick = armed ? null : key; ctx.update(); } });
}

/** After a tap on a card: the legal plays that contain the selection, to play with one more tap. */
export function renderSuggestions(ctx) {
  const view = ctx.acting;
  const ui = ctx.ui;
  if (!ctx.playing || view.phase !== "play" || !ui.selected.size || ui.pending || view.legal.gift.length) return null;
  const groups = playsContaining(view, ui.selected);
  const exact = groups.find((g) => cardsOf(g[0]).length === ui.selected.size);
  const offers = groups.filter((g) => g !== exact).slice(0, SUGGESTIONS);
  return h("div", { class: "suggestions", role: "group", "aria-label": t("Plays with the selected cards") },
    h("button", { type: "button", class: "quiet clear", dataset: { key: "clear" },
      onclick: () => { ui.selected.clear(); ctx.update(); } }, t("Clear")),
    offers.map((plays) => {
      const play = plays[0];
      return h("button", { type: "button", class: "suggestion", disabled: ui.busy, dataset: { key: `offer-${play.cards}` },
        title: t("Play {kind}: {cards}", { kind: kindName(play.kind), cards: cardNames(play.cards, ctx.ruleset) }),
        onclick: () => {
          ui.selected = new Set(cardsOf(play));
          choosePlay(ctx, plays);
        } },
      cardRow(play.cards, ctx.ruleset, "mini"), h("span", { class: "kind" }, kindName(play.kind)));
    }),
    groups.length - (exact ? 1 : 0) > offers.length
      ? h("span", { class: "more" }, t("+{n} more", { n: groups.length - (exact ? 1 : 0) - offers.length })) : null);
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
  const dogTo = ctx.acting.legal.dog_to || [];
  if (play.kind === "dog" && dogTo.length > 1) {
    ctx.ui.pending = { kind: "dog", play };
    ctx.update();
  } else if (holdsMahjong(play, mahjongCode(ctx.ruleset))) {
    ctx.ui.pending = { kind: "wish", play };
    ctx.update();
  } else {
    sendPlay(ctx, play, null);
  }
}

function sendPlay(ctx, play, wish, to = null) {
  const action = { act: "play", cards: play.cards };
  if (to !== null) action.to = to;
  if (play.phoenix) action.phoenix = play.phoenix;
  if (wish) action.wish = wish;
  ctx.ui.pending = null;
  ctx.act(action);
}

/** A choice in place of the action bar; its title, a side choice (`aside`) and Cancel share the
 * first row, so the dialog and the hand under it fit a small phone. */
function dialog(ctx, title, body, cancel = true, aside = null) {
  return h("div", { class: "dialog", role: "dialog", "aria-label": title },
    h("div", { class: "dialog-head" }, h("p", { class: "dialog-title" }, title), aside,
      cancel ? h("button", { type: "button", class: "quiet", dataset: { key: "cancel" },
        onclick: () => {
          const bombs = ctx.ui.pending && ctx.ui.pending.kind === "bombs";
          ctx.ui.pending = null;
          const hold = ctx.table.bombs && ctx.table.bombs.hold;
          if (bombs && hold && hold.seat === ctx.me) ctx.request("release", {});  // free the table at once
          ctx.update();
        } }, cancel === true ? t("Cancel") : cancel) : null),
    h("div", { class: "choices" }, body));
}

/** The exchange slots, or the cards received, in the middle of the table. */
export function renderDecision(ctx) {
  const view = ctx.acting;
  if (!ctx.playing || !view || view.game_over) return null;
  if (view.phase === "exchange") return exchangePanel(ctx, view.legal);
  if (view.phase === "play") return received(ctx);
  return null;
}

/** A choice that takes the place of the action bar and the hand while it is open: the wish,
 * the Phoenix's rank, the bomb to throw, the Dragon gift. */
export function renderDialog(ctx) {
  const view = ctx.acting;
  if (!ctx.playing || !view || view.game_over || view.phase !== "play") return null;
  if (view.legal.gift.length) return giftDialog(ctx, view.legal.gift);
  if (ctx.ui.pending) return pendingDialog(ctx);
  return null;
}

/** The acting seat's exchange: [target, number of cards] in the order the seats sit, from the
 * left-hand side round to the right (geometry.exchange). */
function exchangePattern(ctx) {
  const pattern = (ctx.geo && ctx.geo.exchange[ctx.actor]) || {};
  return Object.entries(pattern).sort((a, b) => ctx.relative(Number(b[0])) - ctx.relative(Number(a[0])));
}

function exchangePanel(ctx, legal) {
  const ui = ctx.ui;
  const pattern = exchangePattern(ctx);
  if (!legal.exchange) {
    const given = ctx.acting.exchange && ctx.acting.exchange.given;
    if (!given && ctx.view.players[ctx.actor].deciding === false && !pattern.length) {
      return h("div", { class: "decision" }, h("p", {}, t("You exchange no cards this round. Waiting for the others…")));
    }
    return h("div", { class: "decision" },
      h("p", {}, t("Waiting for the others to choose their cards…")),
      h("p", { class: "given" }, Object.entries(given || {}).map(([target, codes]) => h("span", { class: "slot-done" },
        slotLabel(ctx, Number(target)), " ", cardRow(codes, ctx.ruleset)))));
  }
  const forced = ctx.geo.forced_best.includes(ctx.actor);
  if (forced && pattern.every(([target]) => !(ui.slots[target] || []).length)) {
    // The best cards must go: chosen here (any of equal rank will do), the player only confirms.
    const best = bestCards(ctx.acting.hand, exchangeCount(ctx), ctx.ruleset, ctx.view.ranks);
    let at = 0;
    for (const [target, n] of pattern) { ui.slots[target] = best.slice(at, at + n); at += n; }
  }
  const slots = pattern.map(([target, n]) => {
    const seat = Number(target);
    const cards = ui.slots[target] || [];
    const label = slotLabel(ctx, seat);
    const full = cards.length === n;
    return h("button", {
      type: "button", class: ["slot", full && "filled"], disabled: forced,
      dataset: { key: `slot-${seat}`, slot: target },
      title: !cards.length ? t("{who}: no card yet", { who: label })
        : clicks() ? t("{who}: {card} (click to take back)", { who: label, card: cardNames(cards, ctx.ruleset) })
          : t("{who}: {card} (tap to take back)", { who: label, card: cardNames(cards, ctx.ruleset) }),
      onclick: () => {
        const room = n - cards.length;
        if (ui.selected.size && room > 0) {
          ui.slots[target] = [...cards, ...[...ui.selected].slice(0, room)];
          ui.selected.clear();
        } else ui.slots[target] = [];
        ctx.update();
      },
    }, h("span", { class: "slot-label" }, label),
    cards.length ? cardRow(cards, ctx.ruleset, n > 1 && "mini") : h("span", { class: "slot-hint" },
      slotHint(n)));
  });
  return h("div", { class: "decision exchange" },
    h("div", { class: "slots", style: `--slots:${slots.length}` }, slots));
}

/** What to do with an empty slot, in the words of the pointer: click or tap. */
function slotHint(n) {
  if (clicks()) return n === 1 ? t("click a card, then here") : t("click {n} cards, then here", { n });
  return n === 1 ? t("tap a card, then here") : t("tap {n} cards, then here", { n });
}

/** Why the cards in the slot are chosen already (the hierarchy's exchange): the duty of a seat
 * that must give its best cards, or null. */
export function forcedText(ctx) {
  const view = ctx.acting;
  if (!ctx.playing || !view || view.phase !== "exchange" || !view.legal.exchange
      || !ctx.geo.forced_best.includes(ctx.actor)) return null;
  const [target, n] = exchangePattern(ctx)[0];
  const vars = { n, name: ctx.name(Number(target)), title: titleName(ctx.title(Number(target)) || "") };
  return ctx.actor === ctx.me
    ? t("As {mine} you must give your {n} best cards to {name} ({title}): they are chosen for you.",
      { ...vars, mine: titleName(ctx.title(ctx.me) || "") })
    : t("The {n} best cards must go to {name} ({title}): they are chosen.", vars);
}

/** Who a slot goes to: the relation (left, partner, the Table, ...) or the title, and the name. */
function slotLabel(ctx, seat) {
  const name = ctx.name(seat);
  const title = ctx.title(seat);
  if (title) return t("{title} ({name})", { title: titleName(title), name });
  const rel = ctx.relation(seat);
  if (rel === "partner") return t("Partner ({name})", { name });
  if (rel === "left") return t("Left ({name})", { name });
  if (rel === "right") return t("Right ({name})", { name });
  return ctx.isTable(seat) ? name : t("Opponent ({name})", { name });
}

function received(ctx) {
  const view = ctx.acting;
  const got = view.exchange && view.exchange.received;
  if (!got || view.history.some((e) => e.act === "trick") || view.trick.plays.length) return null;
  return h("div", { class: "received", role: "status" },
    h("span", {}, ctx.actor === ctx.me ? t("You received:") : t("The Table received:")),
    Object.entries(got).map(([seat, codes]) => h("span", { class: "from" },
      slotLabel(ctx, Number(seat)), " ", cardRow(codes, ctx.ruleset))));
}

function pendingDialog(ctx) {
  const pending = ctx.ui.pending;
  if (pending.kind === "wish") {
    return dialog(ctx, t("Wish for a rank?"),
      ctx.view.ranks.map((rank) => h("button", { type: "button", class: "rank-choice", dataset: { key: `wish-${rank}` },
        onclick: () => sendPlay(ctx, pending.play, rank) }, h("span", { "aria-hidden": "true" }, rank),
      h("span", { class: "visually-hidden" }, t("Wish for {rank}", { rank: rankName(rank) })))), true,
      h("button", { type: "button", dataset: { key: "wish-none" }, onclick: () => sendPlay(ctx, pending.play, null) },
        t("No wish")));
  }
  if (pending.kind === "dog") {
    return dialog(ctx, t("The Dog: who gets the lead?"), ctx.acting.legal.dog_to.map((seat) => h("button", {
      type: "button", class: "dog-choice", dataset: { key: `dog-${seat}` },
      onclick: () => sendPlay(ctx, pending.play, null, seat) },
    t("{name} ({n} cards)", { name: ctx.name(seat), n: ctx.view.players[seat].cards }))));
  }
  if (pending.kind === "phoenix") {
    return dialog(ctx, t("Which rank does the Phoenix stand for?"), pending.plays.map((play) => h("button", {
      type: "button", class: "phoenix-choice", dataset: { key: `phoenix-${play.phoenix}` }, onclick: () => { ctx.ui.pending = null; afterPhoenix(ctx, play); },
    }, t("Phoenix as {rank} ({kind}, {top})", { rank: rankName(play.phoenix), kind: kindName(play.kind), top: rankName(play.rank) }))));
  }
  const bombs = playableBombs(ctx.acting);
  if (!bombs.length) {
    // Said plainly, with Let go first: everybody else waits while this player holds the table.
    return dialog(ctx, t("You have no bomb that beats this, and the others wait: let go."), [], t("Let go"));
  }
  return dialog(ctx, t("Which bomb?"), bombs.map((bomb) => h("button", {
    type: "button", class: "bomb-choice", dataset: { key: `bomb-${bomb.cards}` },
    title: t("Bomb: {cards}", { cards: cardNames(bomb.cards, ctx.ruleset) }), onclick: () => sendPlay(ctx, bomb, null),
  }, cardRow(bomb.cards, ctx.ruleset, "mini"))));
}

/** Bomb!: hold the table (once per trick) and choose; without a hold left, choose at once. */
function holdForBomb(ctx) {
  ctx.ui.pending = { kind: "bombs" };
  ctx.update();
  const hold = ctx.table.bombs && ctx.table.bombs.hold;
  if (!hold || hold.seat !== ctx.me) ctx.request("hold", {});
}

function giftDialog(ctx, opponents) {
  return dialog(ctx, t("Your Dragon won the trick. Give it to:"), opponents.map((seat) => h("button", {
    type: "button", class: "gift-choice", disabled: ctx.ui.busy, dataset: { key: `gift-${seat}` },
    onclick: () => ctx.act({ act: "gift", to: seat }),
  }, t("{name} ({relation}, {n} cards)", { name: ctx.name(seat), relation: ctx.relationName(seat),
    n: ctx.view.players[seat].cards }))), false);
}
