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

let sent = false;  // the pass for `forVersion` has gone out

/** After every version and every change of the player's choices (the setting switched on while
 * only a pass is left, Pass ahead): pass for the player after the pause if it wants to, once per
 * version; a choice taken back before the pause is over stops it. */
export function considerPass(ctx, version, currentVersion, act) {
  if (forVersion !== version) {
    clearTimeout(timer);
    timer = null;
    forVersion = version;
    sent = false;
  }
  if (sent) return;
  if (!wantsPass(ctx)) {
    clearTimeout(timer);
    timer = null;
    return;
  }
  if (timer !== null) return;  // on its way
  timer = setTimeout(() => {
    timer = null;
    if (currentVersion() !== version || sent) return;
    sent = true;
    const key = trickKey(ctx.view);
    if (ctx.ui.passTrick && ctx.ui.passTrick === key) ctx.ui.passUsed = key;
    act({ act: "pass" });
  }, AUTO_PASS_MS);
}

/** Pass ahead chosen for a trick that was taken before the player's turn came round: it is off
 * (the next trick is a new decision: its lead is not yet known when pressing), and true when the
 * player must be told so, the pass never having been made. Called with every new version. */
export function passAheadLapsed(ui, view, seat) {
  if (!ui.passTrick) return false;
  const key = trickKey(view);
  if (ui.passTrick === key) {
    const player = view && view.players && view.players[seat];
    if (player && player.passed) ui.passUsed = key;  // passed in this trick (by hand or by itself)
    return false;
  }
  const told = ui.passUsed !== ui.passTrick;
  ui.passTrick = null;
  ui.passUsed = null;
  return told;
}
