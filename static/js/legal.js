// Matching the player's selection against the legal actions the server sent, and putting
// the seat's obligations into words. Nothing here decides legality: every list comes from
// the engine's view (`legal`), this module only reads it.
import { describeCard } from "./cards.js";
import { rankName, t } from "./i18n.js";
import { clicks } from "./pointer.js";

export function cardsOf(play) {
  return play.cards.split(" ").filter(Boolean);
}

export function sameCards(codes, selection) {
  return codes.length === selection.size && codes.every((c) => selection.has(c));
}

/** The legal plays of the moment: plays in turn, else bombs out of turn. */
export function pool(view) {
  const legal = view && view.legal;
  if (!legal) return [];
  return legal.plays.length ? legal.plays : legal.bombs;
}

/** Legal entries made of exactly the selected cards (several: the Phoenix's readings). */
export function matchingPlays(view, selection) {
  if (selection.size === 0) return [];
  return pool(view).filter((p) => sameCards(cardsOf(p), selection));
}

/** The legal plays that contain every selected card, one per set of cards, shortest first. */
export function playsContaining(view, selection) {
  if (selection.size === 0) return [];
  const seen = new Map();
  for (const play of pool(view)) {
    const codes = cardsOf(play);
    if (![...selection].every((c) => codes.includes(c))) continue;
    if (!seen.has(play.cards)) seen.set(play.cards, []);
    seen.get(play.cards).push(play);
  }
  return [...seen.values()].sort((a, b) => cardsOf(a[0]).length - cardsOf(b[0]).length);
}

/** The cards that take part in some legal play now (in turn or a bomb out of turn). */
export function playableCards(view) {
  const out = new Set();
  for (const play of pool(view)) for (const c of cardsOf(play)) out.add(c);
  return out;
}

/** The bombs the player may throw now, in turn or out of turn. */
export function playableBombs(view) {
  const legal = view.legal;
  if (!legal) return [];
  const inTurn = legal.plays.filter((p) => p.kind === "bomb");
  return inTurn.length ? inTurn : legal.bombs;
}

export function holdsMahjong(play, mahjong) {
  return cardsOf(play).includes(mahjong);
}

/** How good a card is where the best cards must be given (the hierarchy's exchange):
 * Dragon, Phoenix, Mah Jong, then A down to 2 (the engine's order, round.strength). */
function strength(code, ruleset, ranks) {
  const info = describeCard(code, ruleset);
  if (!info.rank) return { dragon: 300, phoenix: 299, mahjong: 298 }[info.special] || -1;
  return ranks.indexOf(info.rank);
}

/** The `n` best cards of a hand (among equal ones, any may go). */
export function bestCards(hand, n, ruleset, ranks) {
  return [...hand].sort((a, b) => strength(b, ruleset, ranks) - strength(a, ruleset, ranks)).slice(0, n);
}

/** The Mah Jong's code in a ruleset. */
export function mahjongCode(ruleset) {
  return ruleset === "fifty-two" ? "CA" : "Mj";
}

const FACE_ARTICLES = { J: () => t("a Jack"), Q: () => t("a Queen"), K: () => t("a King"), A: () => t("an Ace") };

function article(rank) {
  // "an 8", "an Ace", "a 7": each face rank is its own message, so languages with cases can say it well.
  if (FACE_ARTICLES[rank]) return FACE_ARTICLES[rank]();
  return /^(8|11|18)$/.test(rank) ? t("an {rank}", { rank }) : t("a {rank}", { rank });
}

/** What the seat has to do now, in words (null when nothing is asked of it). */
export function obligation(view, ruleset) {
  const legal = view && view.legal;
  if (!legal || view.game_over) return null;
  if (legal.gift.length) return t("Choose who gets the Dragon's trick");
  if (legal.grand) return t("Call Grand Tichu or not?");
  if (legal.exchange) {
    const pattern = Object.values(view.geometry.exchange[view.viewer] || {});
    if (pattern.length === view.seats - 1 && pattern.every((n) => n === 1)) {
      return clicks() ? t("Choose a card for each player: click a card, then a place.")
        : t("Choose a card for each player: tap a card, then a place.");
    }
    return clicks() ? t("Choose the cards to give: click cards, then a place.")
      : t("Choose the cards to give: tap cards, then a place.");
  }
  if (view.phase !== "play" || view.turn !== view.viewer) return null;
  const plays = legal.plays;
  const wish = view.wish;
  if (wish && plays.length && !legal.pass
    && plays.every((p) => cardsOf(p).some((c) => describeCard(c, ruleset).rank === wish && !describeCard(c, ruleset).special))) {
    return t("You must play {card} (the wish)", { card: article(wish) });
  }
  if (view.lead) return t("Your lead: play any combination");
  const top = view.trick.plays.length ? view.trick.plays[view.trick.plays.length - 1] : null;
  if (!plays.length) return t("Nothing in your hand beats this: pass");
  if (plays.every((p) => p.kind === "bomb")) return onlyBombs(view, ruleset, top);
  return t("Your turn: beat it or pass");
}

/** The player can beat the trick only with a bomb: whether that holds for every hand or only for
 * the player's own. Only the legal plays of this hand are known here, so the sentence claims
 * more only where the rules do: only a higher bomb beats a bomb, and with one deck only a bomb
 * beats the Dragon. Anything else another hand may still beat (the Dragon, the Phoenix, a higher
 * card of the kind), so it is said of the player's cards. */
function onlyBombs(view, ruleset, top) {
  if (top && top.kind === "bomb") return t("Only a higher bomb beats this");
  const codes = top ? cardsOf(top) : [];
  const dragon = codes.length === 1 && describeCard(codes[0], ruleset).special === "dragon";
  if (dragon && dragonsIn(view, ruleset) === 1) return t("Only a bomb beats this");
  return t("Of your cards, only a bomb beats this");
}

/** How many Dragons the game's deck holds: two where Grand Seigneur deals two decks to seven or
 * more players (app/engine/rulesets.py: `deck_for`), one everywhere else. */
function dragonsIn(view, ruleset) {
  return ruleset === "grandseigneur" && view.seats >= 7 ? 2 : 1;
}
