// Card widgets: what a card code ("R7", "Mj", "S10") is called and how it looks.
// The engine decides everything about cards; this module only names and draws them.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const DECKS = {
  standard: {
    suits: { S: "sword", B: "pagoda", G: "jade", R: "star" },
    specials: { Mj: "mahjong", Dg: "dog", Ph: "phoenix", Dr: "dragon" },
  },
  "fifty-two": {
    suits: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
    specials: { CA: "mahjong", HA: "dog", DA: "phoenix", SA: "dragon" },
  },
};

const SYMBOLS = {
  sword: "⚔", pagoda: "⌂", jade: "❖", star: "★",
  spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣",
  mahjong: "Mj", dog: "↺", phoenix: "✶", dragon: "✹",
};

export function describeCard(code, ruleset = "standard") {
  const deck = DECKS[ruleset] || DECKS.standard;
  const special = deck.specials[code];
  const suit = deck.suits[code[0]];
  const rank = code.slice(1);
  if (special && ruleset === "standard") {
    return { code, special, suit: null, rank: null, name: t(`card.${special}`), label: t(`card.short.${special}`),
      symbol: SYMBOLS[special] };
  }
  const name = `${t(`suit.${suit}`)} ${t(`rank.${rank}`)}`;
  return {
    code, special: special || null, suit, rank,
    name: special ? `${name} (${t(`card.${special}`)})` : name,
    label: rank, symbol: SYMBOLS[suit],
  };
}

function face(info) {
  return [
    h("span", { class: "rank", "aria-hidden": "true" }, info.label),
    h("span", { class: "suit", "aria-hidden": "true" }, info.symbol),
  ];
}

function classes(info, extra) {
  return ["card", info.suit && `suit-${info.suit}`, info.special && `special-${info.special}`, extra];
}

/** A card in the player's own hand: a toggle button (tap to raise, tap again to lower). */
export function cardButton(code, ruleset, { selected = false, disabled = false, onclick, extra } = {}) {
  const info = describeCard(code, ruleset);
  return h("button", {
    type: "button", class: classes(info, [selected && "selected", extra]), "aria-label": info.name,
    "aria-pressed": selected ? "true" : "false", disabled, onclick, dataset: { card: code },
  }, face(info));
}

/** A card shown on the table (not interactive). */
export function cardFace(code, ruleset, extra) {
  const info = describeCard(code, ruleset);
  return h("span", { class: classes(info, ["face", extra]), role: "img", "aria-label": info.name,
    dataset: { card: code } }, face(info));
}

/** Several cards ("R7 G7" or a list) shown on the table. */
export function cardRow(cards, ruleset, extra) {
  const codes = Array.isArray(cards) ? cards : cards.split(" ").filter(Boolean);
  return h("span", { class: ["cards", extra] }, codes.map((c) => cardFace(c, ruleset)));
}

export function cardNames(cards, ruleset) {
  const codes = Array.isArray(cards) ? cards : cards.split(" ").filter(Boolean);
  return codes.map((c) => describeCard(c, ruleset).name).join(", ");
}
