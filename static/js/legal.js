// Matching the player's selection against the legal actions the server sent.
// Nothing here decides legality: the lists come from the engine's view.

export function cardsOf(play) {
  return play.cards.split(" ").filter(Boolean);
}

export function sameCards(codes, selection) {
  return codes.length === selection.size && codes.every((c) => selection.has(c));
}

/** Legal entries (plays in turn, bombs out of turn) made of exactly the selected cards. */
export function matchingPlays(view, selection) {
  const legal = view.legal;
  if (!legal || selection.size === 0) return [];
  const pool = legal.plays.length ? legal.plays : legal.bombs;
  return pool.filter((p) => sameCards(cardsOf(p), selection));
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

/** The Mah Jong's code in a ruleset. */
export function mahjongCode(ruleset) {
  return ruleset === "fifty-two" ? "CA" : "Mj";
}
