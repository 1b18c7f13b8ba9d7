// Who is who around the table, as seen from the viewer's chair. Every relation (where a seat
// sits, who plays with whom, who gets what) comes from the view's `geometry` (the engine's
// seating of the round); the page computes none of them.
import { t } from "./i18n.js";

const RELATION_NAMES = {
  you: () => t("you"), partner: () => t("partner"), left: () => t("left opponent"), right: () => t("right opponent"),
  opponent: () => t("opponent"), table: () => t("the Table"), seat: () => t("player"),
};
// The short tag on a seat, so a phone's row of seats says who sits where and who plays with whom.
const RELATION_TAGS = { partner: () => t("partner"), left: () => t("left"), right: () => t("right") };

/** The seat whose cards the page acts with now: the player's own, or (Trichu) the Table's,
 * which its dealer plays. The one in turn (or awaited) wins; otherwise the player's choice. */
export function actorOf(doc, ui) {
  const view = doc.game;
  const me = doc.you.seat;
  const table = view && view.table;
  if (me === null || !table || !table.legal || !(view.controls || []).includes(table.seat)) return me;
  const pending = view.pending || [];
  const mine = pending.includes(me);
  const its = pending.includes(table.seat);
  if (its && !mine) return table.seat;
  if (mine && !its) return me;
  return ui.actor === "table" && table.hand ? table.seat : me;
}

/** The view as the acting seat sees it: its hand, legal actions and exchange. */
export function actingView(view, actor) {
  if (!view || !view.table || actor !== view.table.seat) return view;
  const table = view.table;
  return { ...view, hand: table.hand, legal: table.legal, exchange: table.exchange, viewer: table.seat };
}

/** A seat's name as the table shows it: the person's, "Bot 2" at a bot's seat, else "Seat 2"
 * (the Trichu Table: "the Table"). The table page and the replay viewer both name seats so. */
export function seatName(seat, { name = null, bot = null, table = false } = {}) {
  if (table) return t("the Table");
  if (name) return name;
  if (bot) return t("Bot {n}", { n: seat + 1 });
  return t("Seat {n}", { n: seat + 1 });
}

export function makeContext(doc, ui, handlers) {
  const table = doc.table;
  const you = doc.you;
  const view = doc.game;
  const me = you.seat;
  const base = me ?? 0;
  const geo = view ? view.geometry : null;
  // Every seat in play (the Trichu Table too); before the game, the table's seats.
  const count = view ? view.seats : table.seats.length;
  const seatList = Array.from({ length: count }, (_, i) => i);
  const actor = actorOf(doc, ui);
  const ctx = {
    doc, table, you, view, ui, me, base, geo, seatList, actor, ...handlers,
    acting: actingView(view, actor),
    ruleset: table.ruleset,
    seated: me !== null,
    playing: me !== null && view !== null && !you.bot_plays,
    /** How many steps after the viewer a seat plays (the viewer: 0); before the game, seat order. */
    relative(seat) {
      if (geo) return geo.relative[seat];
      return seat >= base ? seat - base : seat - base + count;
    },
    /** Where a seat sits as the viewer looks at the table: bottom (the viewer), right, top or left. */
    side: (seat) => sides.get(seat) || "bottom",
    /** The Trichu Table: nobody sits there, the round's dealer plays its cards. */
    isTable: (seat) => (geo ? geo.table !== null && geo.table === seat : Boolean(table.seats[seat] && table.seats[seat].dummy)),
    partners: () => (geo && me !== null ? geo.partners[me] : []),
    relation(seat) {
      if (seat === me) return "you";
      if (ctx.isTable(seat) && !(me !== null && geo && geo.partners[me].includes(seat))) return "table";
      if (me === null) return "seat";
      if (geo ? geo.partners[me].includes(seat) : teamOfSeat(seat) !== null && teamOfSeat(seat) === teamOfSeat(me)) {
        return "partner";
      }
      const rel = ctx.relative(seat);
      if (rel === 1) return "right";
      if (rel === count - 1) return "left";
      return "opponent";
    },
    relationName: (seat) => RELATION_NAMES[ctx.relation(seat)](),
    relationTag: (seat) => (RELATION_TAGS[ctx.relation(seat)] ? RELATION_TAGS[ctx.relation(seat)]() : null),
    name(seat) {
      const s = table.seats[seat] || {};
      return seatName(seat, { name: s.name, bot: s.bot, table: ctx.isTable(seat) });
    },
    /** A seat's team, as the view (or, before the game, the table) says: never computed here. */
    teamOf: teamOfSeat,
    teamName(team) {
      const members = seatList.filter((i) => teamOfSeat(i) === team).map((i) => ctx.name(i));
      return t("Team {n} ({members})", { n: team + 1, members: members.join(" & ") });
    },
    /** The seat's title this round (Grandseigneur), or null. */
    title: (seat) => (geo && geo.titles ? geo.titles[seat] : null),
    player: (seat) => (view ? view.players[seat] : null),
    /** Columns of the score: one per team, or one per seat (Trichu); null: no points (a ranking). */
    columns() {
      const totals = view && view.scores.totals;
      if (!totals || !totals.length) return null;  // Grandseigneur: no points
      const perSeat = !geo || !geo.teams || totals.length !== geo.teams.length;
      return totals.map((_, i) => ({ index: i, label: perSeat ? ctx.name(i) : ctx.teamName(i), seat: perSeat ? i : null }));
    },
  };
  const sides = sideOf(seatList.filter((s) => s !== base).sort((a, b) => ctx.relative(a) - ctx.relative(b)));
  function teamOfSeat(seat) {
    if (view) return view.players[seat].team;
    const s = table.seats[seat];
    return s ? s.team : null;
  }
  return ctx;
}

/** The others around the table (in play order after the viewer: counter-clockwise from the
 * bottom) shared out to the right-hand side, the top and the left-hand side. */
function sideOf(others) {
  const k = others.length;
  const side = k < 2 ? 0 : Math.max(1, Math.floor((k + 1) / 3));
  const top = k - 2 * side;
  return new Map(others.map((seat, i) => [seat, i < side ? "right" : i < side + top ? "top" : "left"]));
}
