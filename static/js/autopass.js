// Passing without a tap: "pass automatically when nothing I hold beats the table" (a
// setting, off by default; bombs aside) and "pass this trick", chosen ahead of one's turn
// as on Brettspielwelt. Either passes after the same short pause a quick person takes, so
// how fast a pass comes tells nothing about the hand. Nothing is sent while another player
// holds the table for a bomb (the server would refuse it); it is looked at again with the
// next version.

export const AUTO_PASS_MS = 1200;

let timer = null;
let forVersion = null;

/** The current trick, as a key that changes when a new trick starts (or a round). */
export function trickKey(view) {
  if (!view || view.phase !== "play" || !view.trick.plays.length) return null;
  const first = view.trick.plays[0];
  return `${view.round}:${first.seat}:${first.cards}`;
}

/** Whether the acting seat may (and wants to) pass now without being asked. */
export function wantsPass(ctx) {
  const view = ctx.acting;
  if (!ctx.playing || !view || view.game_over || view.phase !== "play" || !view.legal) return false;
  const legal = view.legal;
  if (!legal.pass || !ctx.view.to_act.includes(ctx.actor)) return false;
  const bombs = ctx.table.bombs;
  if (bombs && bombs.hold && bombs.hold.seat !== ctx.me) return false;
  if (ctx.ui.passTrick && ctx.ui.passTrick === trickKey(ctx.view)) return true;
  return Boolean(ctx.ui.prefs.autopass) && !legal.plays.some((play) => play.kind !== "bomb");
}

/** After every version: pass for the player after the pause if it wants to, else nothing. */
export function considerPass(ctx, version, currentVersion, act) {
  if (forVersion === version) return;
  clearTimeout(timer);
  forVersion = version;
  if (!wantsPass(ctx)) return;
  timer = setTimeout(() => {
    if (currentVersion() === version) act({ act: "pass" });
  }, AUTO_PASS_MS);
}
