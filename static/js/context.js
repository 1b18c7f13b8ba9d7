// Who is who around the table, as seen from the viewer's chair.
import { t } from "./i18n.js";

const POSITIONS = ["bottom", "right", "top", "left"];  // seats are numbered counter-clockwise
const RELATION_NAMES = {
  you: () => t("you"), partner: () => t("partner"), left: () => t("left opponent"), right: () => t("right opponent"),
};
// The short tag on a seat, so a phone's row of opponents says who sits where.
const RELATION_TAGS = { partner: () => t("partner"), left: () => t("left"), right: () => t("right") };

export function makeContext(doc, ui, handlers) {
  const table = doc.table;
  const you = doc.you;
  const view = doc.game;
  const me = you.seat;
  const base = me ?? 0;
  const seats = table.seats.length;
  const ctx = {
    doc, table, you, view, ui, me, base, ...handlers,
    ruleset: table.ruleset,
    seated: me !== null,
    playing: me !== null && view !== null && !you.bot_plays,
    position: (seat) => POSITIONS[(seat - base + seats) % seats],
    relation(seat) {
      if (seat === me) return "you";
      const offset = (seat - base + seats) % seats;
      return ["you", "right", "partner", "left"][offset];
    },
    relationName: (seat) => RELATION_NAMES[ctx.relation(seat)](),
    relationTag: (seat) => (RELATION_TAGS[ctx.relation(seat)] ? RELATION_TAGS[ctx.relation(seat)]() : null),
    name(seat) {
      const s = table.seats[seat];
      if (s.name) return s.name;
      if (s.bot) return t("Bot {n}", { n: seat + 1 });
      return t("Seat {n}", { n: seat + 1 });
    },
    /** A seat's team, as the view (or, before the game, the table) says: never computed here. */
    teamOf: (seat) => (view ? view.players[seat].team : table.seats[seat].team),
    teamName(team) {
      const members = table.seats.map((_, i) => i).filter((i) => ctx.teamOf(i) === team).map((i) => ctx.name(i));
      return t("Team {n} ({members})", { n: team + 1, members: members.join(" & ") });
    },
    player: (seat) => (view ? view.players[seat] : null),
  };
  return ctx;
}

/** The seats at left, across and right of `seat` (for the exchange slots and the Dragon gift). */
export function neighbours(seat, seats = 4) {
  return { left: (seat + 3) % seats, partner: (seat + 2) % seats, right: (seat + 1) % seats };
}
