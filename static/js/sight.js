// Spectators who see the hands, with every seated person's consent (the server's
// app/web/table/hand_sight.py decides; the page only asks, answers and shows).
// A watcher asks and sees where it stands; each seated person gets a prompt that blocks
// nothing (Allow / Not now), a line while somebody sees the hands with a way to withdraw,
// and an answer for all in the Settings panel (ask me, always, never).
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { store } from "./store.js";
import { cardRow } from "./cards.js";

export const PREFS = ["ask", "always", "never"];

const names = (list) => list.join(", ");

/** The part of the page about seeing the hands: the watcher's, or the seated person's
 * (`named`: the page has a name field already, above). */
export function renderSight(ctx, named = false) {
  if (ctx.seated) return playerSight(ctx);
  return watcherSight(ctx, named);
}

function allowed(ctx) {
  return !(ctx.table.settings && ctx.table.settings.spectator_hands === false) && !ctx.doc.lesson;
}

/** A watcher: the button to ask, then where the ask stands. */
function watcherSight(ctx, named) {
  const sight = ctx.doc.sight;
  if (!allowed(ctx) || (ctx.table.status === "over" && !sight)) return null;
  const ask = (again) => h("button", { type: "button", class: again ? null : "primary", dataset: { key: "see-hands" },
    onclick: () => ctx.seeHands() }, again ? t("Ask again") : t("Ask to see the hands"));
  if (!sight) {
    return h("section", { class: "lobby-panel sight", "aria-label": t("Seeing the hands") },
      h("p", { class: "hint" }, t("Every player must agree before you see their hands; anyone may withdraw at any time.")),
      named ? null : nameInput(ctx),
      ask(false));
  }
  const lines = [];
  if (sight.sees) lines.push(t("You see the hands."));
  const who = (list) => ({ names: names(list) });
  if (sight.withdrawn.length) lines.push(tn("{names} withdrew.", "{names} withdrew.", sight.withdrawn.length, who(sight.withdrawn)));
  if (sight.declined.length) lines.push(tn("{names} said no.", "{names} said no.", sight.declined.length, who(sight.declined)));
  if (sight.waiting.length) lines.push(t("Waiting for {names}.", { names: names(sight.waiting) }));
  const refused = sight.withdrawn.length || sight.declined.length;
  return h("section", { class: ["lobby-panel", "sight", sight.sees && "seeing"], "aria-label": t("Seeing the hands") },
    h("p", { role: "status", dataset: { key: "sight-state" } }, lines.join(" ")),
    refused ? ask(true) : null,
    h("button", { type: "button", class: "quiet", dataset: { key: "stop-hands" },
      onclick: () => ctx.request("hands_withdraw", {}) }, sight.sees ? t("Stop seeing the hands") : t("Take back my request")));
}

function nameInput(ctx) {
  return h("label", {}, t("Your name"), " ",
    h("input", { id: "sight-name", type: "text", maxlength: 20, autocomplete: "nickname", value: ctx.ui.name,
      dataset: { key: "sight-name" }, oninput: (e) => { ctx.ui.name = e.target.value; } }));
}

/** A seated person: a prompt for each new ask, and who sees the hands now (with Withdraw). */
function playerSight(ctx) {
  const sight = ctx.doc.sight;
  if (!sight || !sight.asks.length) return null;
  const rows = sight.asks.map(([id, name, answer, sees]) => {
    if (answer === null) {
      return h("p", { class: "request", role: "status", dataset: { key: `sight-ask-${id}` } },
        h("span", {}, t("{name} asks to see the hands.", { name })), " ",
        h("button", { type: "button", class: "primary", dataset: { key: `allow-hands-${id}` },
          onclick: () => ctx.request("hands_answer", { watcher: id, allow: true }) }, t("Allow")), " ",
        h("button", { type: "button", dataset: { key: `deny-hands-${id}` },
          onclick: () => ctx.request("hands_answer", { watcher: id, allow: false }) }, t("Not now")));
    }
    if (answer !== "yes") return null;
    return h("p", { class: ["request", sees && "seeing"], role: "status", dataset: { key: `sight-yes-${id}` } },
      h("span", {}, sees ? t("{name} sees the hands.", { name })
        : t("You let {name} see the hands; the others have not all agreed.", { name })), " ",
      h("button", { type: "button", dataset: { key: `withdraw-hands-${id}` },
        onclick: () => ctx.request("hands_answer", { watcher: id, allow: false }) }, t("Withdraw")));
  }).filter(Boolean);
  if (!rows.length) return null;
  return h("section", { class: "lobby-panel requests sight", "aria-label": t("Spectators and your hand") }, rows);
}

/** What changed about seeing the hands since the last version, to be read out (the lines on
 * the page are drawn anew with every version, which a screen reader may not announce). */
export function sightNews(oldDoc, doc) {
  const before = (oldDoc && oldDoc.sight) || null;
  const now = doc.sight || null;
  if (!now) return [];
  if (doc.you.seat === null) {
    if (!before || before.id !== now.id) return [];  // its own ask: the button said it
    if (now.sees && !before.sees) return [t("You see the hands.")];
    const fresh = (key) => now[key].filter((name) => !before[key].includes(name));
    const withdrew = fresh("withdrawn");
    const declined = fresh("declined");
    return [
      withdrew.length ? tn("{names} withdrew.", "{names} withdrew.", withdrew.length, { names: names(withdrew) }) : null,
      declined.length ? tn("{names} said no.", "{names} said no.", declined.length, { names: names(declined) }) : null,
    ].filter(Boolean);
  }
  const asked = new Set(before ? before.asks.filter((a) => a[2] === null).map((a) => a[0]) : []);
  return now.asks.filter(([id, , answer]) => answer === null && !asked.has(id))
    .map(([, name]) => t("{name} asks to see the hands.", { name }));
}

/** A seen seat's hand, for a watcher every seated person has let see the hands. */
export function seenHand(ctx, seat) {
  const hands = ctx.doc.hands;
  const hand = hands && hands[seat];
  if (!hand || seat === ctx.me) return null;
  return h("div", { class: "seen-hand", role: "group", dataset: { key: `seen-hand-${seat}` },
    "aria-label": t("{name}'s hand", { name: ctx.name(seat) }) }, cardRow([...hand].reverse(), ctx.ruleset, "mini"));
}

/** The Settings panel's answer for all spectators who ask to see the player's hand. */
export function sightSettings(ctx) {
  const chosen = store.get("hands") || "ask";
  const labels = { ask: t("Ask me"), always: t("Always allow"), never: t("Never allow") };
  return h("fieldset", {}, h("legend", {}, t("Spectators who ask to see my hand")),
    PREFS.map((value) => h("label", { class: "choice" },
      h("input", { type: "radio", name: "hands-pref", value, checked: chosen === value, dataset: { key: `hands-pref-${value}` },
        onchange: () => { store.set("hands", value); ctx.syncSight(); ctx.update(); } }), labels[value])));
}

/** The preference the server should hold for this seated person, if it holds another. */
export function prefToSend(doc) {
  const chosen = store.get("hands");
  if (doc.you.seat === null || !PREFS.includes(chosen)) return null;
  const held = doc.sight ? doc.sight.pref : "ask";
  return held === chosen ? null : chosen;
}
