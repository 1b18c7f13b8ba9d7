// The table page: connects, keeps the local choices (selected cards, exchange slots,
// open dialogs), sends actions and shows refusals, and renders every new version.
import { t } from "./i18n.js";
import { store } from "./store.js";
import { TableConnection } from "./net.js";
import { makeContext } from "./context.js";
import { render } from "./render.js";

const config = JSON.parse(document.getElementById("config").textContent);
const root = document.getElementById("app");
const banner = document.getElementById("connection");
const alerts = document.getElementById("alerts");

const ui = {
  selected: new Set(),
  slots: { left: null, partner: null, right: null },
  pending: null,
  busy: false,
  name: store.name(),
  levels: {},  // seat -> the bot level picked in its menu
};
let doc = null;
let version = null;
let lastRound = null;

function showError(message) {
  alerts.textContent = message;
  alerts.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { alerts.hidden = true; }, 5000);
}

async function request(event, payload) {
  ui.busy = true;
  update();
  const ack = await connection.request(event, payload);
  ui.busy = false;
  if (!ack.ok) showError(ack.message || t("error.refused"));
  update();
  return ack;
}

async function act(action) {
  const ack = await request("act", { action });
  if (ack.ok) {
    ui.selected.clear();
    ui.pending = null;
    if (action.act === "exchange") ui.slots = { left: null, partner: null, right: null };
    update();
  }
  return ack;
}

async function sit(seat) {
  const name = (ui.name || "").trim();
  const own = doc && doc.you.seat === seat;
  if (!name && !own) {
    showError(t("error.name_first"));
    const input = document.getElementById("name");
    if (input) input.focus();
    return;
  }
  if (name) store.setName(name);
  const ack = await request("sit", { seat, name: name || "-" });
  if (ack.ok && ack.token) store.setToken(config.code, ack.token);
}

/** Drop local choices the new state makes meaningless (cards gone, a new phase). */
function reconcile() {
  const view = doc.game;
  const hand = new Set(view && view.hand ? view.hand : []);
  for (const c of [...ui.selected]) if (!hand.has(c)) ui.selected.delete(c);
  const exchanging = view && view.phase === "exchange" && view.legal && view.legal.exchange;
  for (const rel of Object.keys(ui.slots)) {
    if (!exchanging || !hand.has(ui.slots[rel])) ui.slots[rel] = null;
  }
  const round = view ? view.round : null;
  if (round !== lastRound) { ui.selected.clear(); ui.pending = null; lastRound = round; }
  if (ui.pending && !(view && view.phase === "play" && view.legal && (view.legal.plays.length || view.legal.bombs.length))) {
    ui.pending = null;
  }
}

function update() {
  if (!doc) return;
  const ctx = makeContext(doc, ui, { act, request, sit, update });
  ctx.version = version;
  render(root, ctx);
}

const connection = new TableConnection(config.code, {
  onState(newDoc, newVersion) {
    doc = newDoc;
    version = newVersion;
    reconcile();
    update();
  },
  onStatus(status, ack) {
    banner.dataset.status = status;
    banner.textContent = t(`connection.${status}`);
    banner.hidden = status === "online";
    if (status === "refused" && ack) showError(ack.message);
  },
});
