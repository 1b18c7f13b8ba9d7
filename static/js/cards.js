// Card widgets: what a card code ("R7", "Mj", "S10") is called and how it looks.
// The engine decides everything about cards; this module only names and draws them.
// Every suit has a symbol as well as a colour, so no card depends on telling colours apart.
import { h } from "./dom.js";
import { rankName, t } from "./i18n.js";

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
  mahjong: "◉", dog: "↺", phoenix: "✶", dragon: "✹",
};

const NAMES = {
  sword: () => t("Sword"), pagoda: () => t("Pagoda"), jade: () => t("Jade"), star: () => t("Star"),
  spades: () => t("Spades"), hearts: () => t("Hearts"), diamonds: () => t("Diamonds"), clubs: () => t("Clubs"),
  mahjong: () => t("Mah Jong"), dog: () => t("Dog"), phoenix: () => t("Phoenix"), dragon: () => t("Dragon"),
};
const SHORT = { mahjong: "1", dog: () => t("Dog"), phoenix: "Ph", dragon: "Dr" };

export function suitName(suit) {
  return NAMES[suit] ? NAMES[suit]() : suit;
}

const cache = new Map();

/** What a card is: {code, suit, rank, special, name, label, symbol}. */
export function describeCard(code, ruleset = "standard") {
  const key = `${ruleset}:${code}`;
  if (cache.has(key)) return cache.get(key);
  const deck = DECKS[ruleset] || DECKS.standard;  // only fifty-two has a deck of its own
  // A second deck's card carries a prime ("R10'", "Dr'"): the same card, marked as the copy.
  const copy = code.endsWith("'");
  const plain = copy ? code.slice(0, -1) : code;
  const special = deck.specials[plain] || null;
  let info;
  if (special && deck === DECKS.standard) {  // every ruleset on the standard deck draws its specials
    const short = SHORT[special];
    info = { code, special, suit: null, rank: null, copy, name: NAMES[special](),
      label: typeof short === "function" ? short() : short, symbol: SYMBOLS[special] };
  } else {
    const suit = deck.suits[plain[0]];
    const rank = plain.slice(1);
    const name = t("{suit} {rank}", { suit: suitName(suit), rank: rankName(rank) });
    info = { code, special, suit, rank, copy, label: rank, symbol: SYMBOLS[suit],
      name: special ? `${name} (${NAMES[special]()})` : name };
  }
  if (copy) info.name = t("{card} (second deck)", { card: info.name });
  cache.set(key, info);
  return info;
}

function face(info) {
  return [
    h("span", { class: "idx", "aria-hidden": "true" }, h("span", { class: "rank" }, info.label),
      h("span", { class: "suit" }, info.symbol)),
    h("span", { class: "pip", "aria-hidden": "true" }, info.symbol),
  ];
}

function classes(info, extra) {
  return ["card", info.suit && `suit-${info.suit}`, info.special && `special-${info.special}`, info.copy && "copy", extra];
}

/** A card in the player's own hand: a toggle button (tap to raise, tap again to lower). */
export function cardButton(code, ruleset, { selected = false, extra, describedby, ...events } = {}) {
  const info = describeCard(code, ruleset);
  // The name is the button's text (hidden from the eye), so what a screen reader says and what
  // voice control hears are the same words.
  return h("button", {
    type: "button", class: classes(info, [selected && "selected", extra]),
    "aria-pressed": selected ? "true" : "false", "aria-describedby": describedby, dataset: { card: code }, ...events,
  }, h("span", { class: "visually-hidden" }, info.name), face(info));
}

/** A card shown on the table (not interactive). */
export function cardFace(code, ruleset, extra) {
  const info = describeCard(code, ruleset);
  return h("span", { class: classes(info, ["face", extra]), role: "img", "aria-label": info.name,
    dataset: { card: code } }, face(info));
}

/** Several cards ("R7 G7" or a list) shown on the table; a "fan" overlaps them to fit its place. */
export function cardRow(cards, ruleset, extra, count) {
  const codes = Array.isArray(cards) ? cards : cards.split(" ").filter(Boolean);
  return h("span", { class: ["cards", extra], style: count ? `--n:${count}` : null }, codes.map((c) => cardFace(c, ruleset)));
}

export function cardNames(cards, ruleset) {
  const codes = Array.isArray(cards) ? cards : cards.split(" ").filter(Boolean);
  return codes.map((c) => describeCard(c, ruleset).name).join(", ");
}

/** The hand in an order for the eye: by rank, low to high (the engine lists high to low),
 * or by suit (specials first, then each suit low to high). */
export function sortHand(hand, mode, ruleset) {
  const low = [...hand].reverse();
  if (mode !== "suit") return low;
  const group = (code) => {
    const info = describeCard(code, ruleset);
    return info.suit || "";  // the Tichu deck's specials have no suit
  };
  const suits = ["", ...Object.values((DECKS[ruleset] || DECKS.standard).suits)];
  return suits.flatMap((suit) => low.filter((c) => group(c) === suit));
}
