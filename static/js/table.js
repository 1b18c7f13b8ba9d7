// The table page: connects, keeps the local choices (selected cards, exchange slots, open
// dialogs and panels, the hand's order), sends actions and shows refusals, renders every
// new version, and tells the player what happened (live region, title, sound, vibration).
import { h } from "./dom.js";
import { refusal, t } from "./i18n.js";
import { store } from "./store.js";
import { TableConnection } from "./net.js";
import { actingView, actorOf, makeContext } from "./context.js";
import { render } from "./render.js";
import { logLine, openPanel, quickText } from "./panels.js";
import { obligation } from "./legal.js";
import { Announcer, beep, vibrate } from "./notify.js";
import { considerPass, passAheadLapsed } from "./autopass.js";
import { coachDefault, roundDone } from "./coach.js";
import { startTicker } from "./countdown.js";
import { lessonRefused } from "./lesson.js";
import * as motion from "./motion.js";
import { prefToSend, sightNews } from "./sight.js";

const config = JSON.parse(document.getElementById("config").textContent);
const root = document.getElementById("app");
const banner = document.getElementById("connection");
const alerts = h("p", { id: "alerts", class: "alert", role: "alert", hidden: true });
const live = h("div", { id: "announcer", class: "visually-hidden", "aria-live": "polite" });
document.body.append(alerts, live);
const announcer = new Announcer(live);
const wideQuery = window.matchMedia("(min-width: 1000px)");
// Room for the score sheet and a second panel beside the table at once (panels.js).
const roomyQuery = window.matchMedia("(min-width: 1300px) and (min-height: 600px)");
const baseTitle = document.title;

const ui = {
  selected: new Set(),
  slots: {},  // exchange target seat -> the cards put there
  actor: null,  // Trichu's dealer: "table" to act with the Table's hand where both could act
  pending: null,
  busy: false,
  name: store.name(),
  levels: {},  // seat -> the bot level picked in its menu
  sort: store.get("sort") === "suit" ? "suit" : "rank",
  order: null,  // the player's own order of the hand, after a drag
  panel: wideQuery.matches ? "score" : null,
  unread: 0,
  draft: "",
  prefs: { sound: store.get("sound") === "1", vibrate: store.get("vibrate") !== "0",
    autoclose: store.get("autoclose") !== "0", autopass: store.get("autopass") === "1",
    coach: coachDefault() },
  hint: null,  // the coach's last answer (coach.js)
  passTrick: null,  // the trick (autopass.trickKey) to pass when the turn comes
  passUsed: null,  // that trick, once the pass in it has been made
  queued: null,  // a lead made during the won trick's bomb window, sent when it ends
};
let doc = null;
let seenDoc = null;  // a copy of the document as last rendered (patches change `doc` in place)
let version = null;
let lastRound = null;
let lastActor = null;
let myTurn = false;
let deferred = false;
// A press in progress (pointer down, not yet up): the page is drawn anew on each render, so a
// render between the press and the release would drop the tap on the card or button pressed.
let pressing = null;  // the timer that ends a press held too long (no release ever seen)
const PRESS_HOLD_MS = 600;
let askToken = null;  // the token of a request to take over a bot's seat, kept once the host agrees
let asked = null;  // the seat this page asked for
let landTimer = null;
const bubbles = {};  // seat -> { text, n }: the chat message shown for a moment (center.js)
root.dataset.motion = motion.motionReduced() ? "reduce" : "full";

function showError(message) {
  alerts.textContent = message;
  alerts.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { alerts.hidden = true; }, 5000);
}

// A review is made by the server's review workers (a few seconds, more when others wait).

async function request(event, payload, send = () => connection.request(event, payload)) {
  ui.busy = true;
  update();
  const ack = await send();
  ui.busy = false;
  if (!ack.ok && !lessonRefused(context(), ack)) showError(refusal(ack, doc && doc.game));
  update();
  return ack;
}

// A Tichu or Grand Tichu call waits UNDO_MS with an Undo button before it is sent; any other
// action of the player sends it first at once, so a player who means it loses no time.
const UNDO_MS = 3000;
let callTimer = null;

function call(action) {
  const actor = actorOf(doc, ui);
  if (actor !== doc.you.seat) action = { ...action, seat: actor };  // the dealer calls for the Table
  ui.call = { action, until: Date.now() + UNDO_MS, version };  // decided on the version on screen
  clearInterval(callTimer);
  callTimer = setInterval(() => { if (Date.now() >= ui.call.until) sendCall(); else update(); }, 1000);
  setTimeout(() => { if (ui.call && Date.now() >= ui.call.until) sendCall(); }, UNDO_MS);
  announcer.say(t("{call} in {n} s: Undo takes it back", { call: callName(action), n: UNDO_MS / 1000 }));
  update();
}

function callName(action) {
  return action.act === "grand" ? t("Grand Tichu") : t("Tichu");
}

function undoCall() {
  clearInterval(callTimer);
  if (ui.call) announcer.say(t("{call} taken back", { call: callName(ui.call.action) }));
  ui.call = null;
  update();
}

async function sendCall() {
  const pending = ui.call;
  clearInterval(callTimer);
  ui.call = null;
  if (pending) await request("act", null, () => connection.act(pending.action, pending.version));
}

/** Milliseconds until the won trick's bomb window ends, if `action` would collect the trick
 * (a play or the Dragon's gift by the seat that leads next), else 0. */
function windowLeft(action, actor) {
  const bombs = doc.table.bombs;
  if (!bombs || !bombs.window_until || !doc.game) return 0;
  const collects = action.act === "gift" || (action.act === "play" && (doc.game.pending || []).includes(actor));
  if (!collects) return 0;
  return bombs.window_until * 1000 - (connection.clockOffset || 0) - Date.now() + 150;  // a moment after
}

/** A lead made while the trick may still be bombed waits here for the window's end (the
 * server would refuse it); it goes unless the trick moved on meanwhile (somebody bombed). */
async function waitForWindow(action, actor) {
  const left = windowLeft(action, actor);
  if (left <= 0) return true;
  const trick = JSON.stringify(doc.game.trick.plays);
  const queued = ui.queued = { action };
  update();
  await new Promise((resolve) => setTimeout(resolve, left));
  if (ui.queued !== queued) return false;  // taken back, or replaced
  ui.queued = null;
  update();
  return JSON.stringify(doc.game.trick.plays) === trick;
}

async function act(action) {
  if (ui.call) await sendCall();  // the call was meant: it goes before the next action
  // Decided on the version on screen now; net.js retries it with the same id if need be.
  const decided = version;
  const actor = actorOf(doc, ui);
  if (!(await waitForWindow(action, actor))) return { ok: false, code: "moved_on" };
  if (actor !== doc.you.seat) action = { ...action, seat: actor };  // the dealer acts for the Table
  const chosen = [...ui.selected];
  const ack = await request("act", null, () => connection.act(action, decided));
  if (ack.ok) {
    // Cards chosen since (a quick player's next move) stay chosen; those acted with are gone.
    if (ui.selected.size === chosen.length && chosen.every((c) => ui.selected.has(c))) ui.selected.clear();
    ui.pending = null;
    if (action.act === "exchange") ui.slots = {};
    update();
  }
  return ack;
}

/** Sit down (or, with mode "ask", ask the host to let us take over a bot's seat). */
async function sit(seat, mode = "sit") {
  const name = (ui.name || "").trim();
  const own = doc && doc.you.seat === seat;
  if (!name && !own) {
    ui.nameMissing = true;  // said beside the name field (a message on top would cover the tabs)
    update();
    const input = document.getElementById("name");
    if (input) input.focus();
    return;
  }
  ui.nameMissing = false;
  if (name) store.setName(name);
  const player = store.player();
  const ack = await request(mode, { seat, name: name || "-", ...(player ? { player } : {}) });
  if (ack.ok && mode === "ask") {
    asked = seat;
    if (ack.token) askToken = ack.token;
  } else if (ack.ok && ack.token) {
    store.setToken(config.code, ack.token);
  }
}

/** A watcher asks to see the hands, under its name; a watcher without a token keeps the one
 * the ask gives it (the ask and its answers are the server's, across reconnects). */
async function seeHands() {
  const name = (ui.name || "").trim();
  if (!name) {
    showError(t("Please enter your name first."));
    const input = document.getElementById("sight-name") || document.getElementById("name");
    if (input) input.focus();
    return;
  }
  store.setName(name);
  const ack = await request("see_hands", { name });
  if (ack.ok && ack.token) store.setToken(config.code, ack.token);
}

/** The answer for all spectators chosen in Settings reaches the server once seated (and when
 * changed); a refused one is not sent again until the choice changes. */
let prefSent = null;
function syncSight() {
  const pref = doc && prefToSend(doc);
  if (!pref || prefSent === pref) return;
  prefSent = pref;
  connection.request("hands_pref", { pref }).then((ack) => {
    if (ack.ok || ack.code === "no_change") prefSent = null;
    else showError(refusal(ack));
  });
}

/** After a request to take a seat: keep the token once seated, say so when the host declined. */
function answered() {
  if (asked === null || doc.you.asked === asked) return;
  if (doc.you.seat !== null) {
    if (askToken) store.setToken(config.code, askToken);
  } else {
    showError(t("The host did not let you take the seat."));
  }
  asked = null;
  askToken = null;
}

function setSort(mode) {
  ui.sort = mode;
  ui.order = null;
  store.set("sort", mode);
  update();
}

/** Drop local choices the new state makes meaningless (cards gone, a new phase). */
function reconcile() {
  const actor = actorOf(doc, ui);
  if (actor !== lastActor) { ui.selected.clear(); ui.slots = {}; ui.pending = null; lastActor = actor; }
  const view = actingView(doc.game, actor);
  const hand = new Set(view && view.hand ? view.hand : []);
  for (const c of [...ui.selected]) if (!hand.has(c)) ui.selected.delete(c);
  const exchanging = view && view.phase === "exchange" && view.legal && view.legal.exchange;
  for (const target of Object.keys(ui.slots)) {
    if (!exchanging || !ui.slots[target].every((c) => hand.has(c))) delete ui.slots[target];
  }
  const round = view ? view.round : null;
  if (round !== lastRound) { ui.selected.clear(); ui.pending = null; ui.order = null; ui.actor = null; lastRound = round; }
  const hold = doc.table.bombs && doc.table.bombs.hold;
  const holding = ui.pending && ui.pending.kind === "bombs" && hold && hold.seat === doc.you.seat;
  if (ui.pending && !holding
      && !(view && view.phase === "play" && view.legal && (view.legal.plays.length || view.legal.bombs.length))) {
    ui.pending = null;
  }
  if (ui.panel === "tracker" && !(doc.table.settings && doc.table.settings.tracker)) ui.panel = null;
  // Pass ahead pressed as the trick was taken: off, and said (a pass in the next trick, whose
  // lead the player has not seen, is not what was asked for).
  if (passAheadLapsed(ui, doc.game, actor)) showError(t("The trick was taken before your turn: Pass ahead is off."));
  const legal = view && view.legal;
  if (ui.call && !(legal && (ui.call.action.act === "grand" ? legal.grand_call : legal.tichu))) undoCall();
}

function context() {
  const ctx = makeContext(doc, ui, { act, call, undoCall, request, sit, update, setSort, showError, beep,
    seeHands, syncSight, say: (text) => announcer.say(text) });
  ctx.version = version;
  ctx.clockOffset = connection.clockOffset;
  ctx.wide = wideQuery.matches;
  ctx.roomy = roomyQuery.matches;
  const felt = root.querySelector(".felt");
  ctx.width = felt ? felt.clientWidth : root.clientWidth - (ctx.wide ? 356 : 0);
  ctx.cardWidth = parseFloat(getComputedStyle(root).getPropertyValue("--hand-card")) || 56;
  ctx.bubbles = bubbles;
  return ctx;
}

function update() {
  if (!doc) return;
  // A re-render would drop the card being dragged, or the tap being made.
  if (ui.dragging || pressing) { deferred = true; return; }
  const ctx = context();
  render(root, ctx);
  // A choice just made (auto-pass switched on, Pass ahead) acts on the turn that is waiting now.
  considerPass(ctx, version, () => version, act);
}

/** The turn signal (words, sound, vibration, the title), given once a play in flight has landed. */
function signalTurn(ctx) {
  const view = ctx.acting;
  const duty = view && ctx.playing ? obligation(view, ctx.ruleset) : null;
  const turn = Boolean(duty);
  if (turn && !myTurn) {
    announcer.say(duty);
    if (ui.prefs.sound) beep();
    if (ui.prefs.vibrate) vibrate();
  }
  myTurn = turn;
  document.title = turn ? `▶ ${t("Your turn")} · ${baseTitle}` : baseTitle;
}

/** What the new version tells the player: announcements, the title, the turn signal, chat. */
function tell(oldDoc, ctx) {
  const view = doc.game;
  const old = oldDoc && oldDoc.game;
  if (view && old && old.round === view.round) {
    for (const e of view.history.slice(old.history.length)) announcer.say(logLine(ctx, e));
  } else if (view && old && view.round !== old.round) {
    announcer.say(t("Round {n} begins", { n: view.round + 1 }));
  }
  if (oldDoc) for (const line of sightNews(oldDoc, doc)) announcer.say(line);  // seeing the hands
  const seen = oldDoc ? (oldDoc.table.chat || []).map((m) => m.n) : null;
  if (seen) {
    for (const m of doc.table.chat || []) {
      if (seen.includes(m.n) || m.n <= Math.max(0, ...seen)) continue;
      const mine = m.seat !== null && m.seat === ctx.me;
      if (openPanel({ ui, roomy: roomyQuery.matches }) !== "chat" && !mine) ui.unread += 1;
      const text = m.quick ? quickText(m.quick) : m.text;
      if (m.seat !== null) {
        const said = bubbles[m.seat] = { text, n: m.n };
        setTimeout(() => { if (bubbles[m.seat] === said) { delete bubbles[m.seat]; update(); } }, 4000);
      }
    }
  }
}

const connection = new TableConnection(config.code, {
  onState(newDoc, newVersion) {
    const oldDoc = seenDoc;
    const prev = motion.before(root);
    doc = newDoc;
    version = newVersion;
    reconcile();
    answered();
    syncSight();
    // At a round's end a laptop's side column shows the score sheet (not the last panel opened).
    const rounds = (g) => (g && g.game ? g.game.scores.rounds.length : 0);
    // (Where the score sheet is always open, the panel under it stays.)
    if (wideQuery.matches && !roomyQuery.matches && oldDoc && rounds(doc) > rounds(oldDoc)) ui.panel = "score";
    // No longer new here: hints by choice (the guided first game's round does not count).
    if (oldDoc && !doc.lesson && rounds(doc) > rounds(oldDoc)) roundDone();
    const ctx = context();
    tell(oldDoc, ctx);
    update();
    const flight = motion.after(root, prev, oldDoc && oldDoc.game, doc.game, ctx.me);
    // The prompt to act shows once the play in flight has landed, not while it still moves.
    clearTimeout(landTimer);
    ui.flight = flight;
    if (flight) {
      ui.landing = true;
      root.dataset.landing = "1";
      // Only the latest flight lands the prompt (an older one may finish while a newer one flies).
      const landed = () => {
        if (ui.flight !== flight || !ui.landing) return;
        ui.landing = false;
        delete root.dataset.landing;
        signalTurn(context());
      };
      flight.finished.then(landed, landed);
      landTimer = setTimeout(landed, 1500);  // a page in the background may hold animations back
    } else {
      ui.landing = false;
      delete root.dataset.landing;
      signalTurn(ctx);
    }
    considerPass(context(), version, () => version, act);
    seenDoc = JSON.parse(JSON.stringify(doc));
    if (!root.dataset.ready) {
      root.dataset.ready = "1";
      if (performance.mark) performance.mark("tichu-first-view");
    }
  },
  onStatus(status, ack) {
    banner.dataset.status = status;
    const labels = { joining: t("Connecting…"), online: t("Online"), reconnecting: t("Reconnecting…"),
      offline: t("Offline"), refused: t("This table cannot be joined.") };
    banner.querySelector(".text").textContent = labels[status] || status;
    if (status === "refused" && ack) showError(refusal(ack));
  },
});

let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    if (wideQuery.matches && !ui.panel) ui.panel = "score";
    update();
  }, 120);
});
function endPress() {
  clearTimeout(pressing);
  pressing = null;
  // After the click the release makes (a later task), so the tap lands on what was pressed.
  if (deferred && !ui.dragging) { deferred = false; setTimeout(update, 0); }
}
document.addEventListener("pointerdown", () => {
  clearTimeout(pressing);
  pressing = setTimeout(endPress, PRESS_HOLD_MS);  // a long press draws the page again all the same
}, true);
document.addEventListener("pointerup", endPress);
document.addEventListener("pointercancel", endPress);
startTicker();

// A panel's sheet (phones) closes with Escape, or a tap outside it (on the table under it).
function closePanelFrom(event) {
  if (!ui.panel || wideQuery.matches) return;
  if (event.type === "keydown" && event.key !== "Escape") return;
  if (event.type === "pointerdown" && event.target.closest && event.target.closest("#panel, .tabs")) return;
  ui.panel = null;
  update();
}
document.addEventListener("keydown", closePanelFrom);
document.addEventListener("pointerdown", closePanelFrom);
