// The coach at the table: a Hint button (a setting, on for a browser that has never finished
// a round) and "Why not?" for a selection that is no play. The server answers from this
// seat's view only: the Hard bot's suggestion, named as the bot's, with its own reasons, and
// facts the coach has proved. The answer shows in place of the action bar, so it covers neither the cards nor
// the trick, and is read out through the live region.
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { store } from "./store.js";

/** The Coach setting's default: on until this browser has seen a round end. */
export function coachDefault() {
  const chosen = store.get("coach");
  if (chosen !== null) return chosen === "1";
  return store.get("rounds_done") !== "1";
}

/** A round ended in this browser: newcomers' hints stay on only if chosen. */
export function roundDone() {
  store.set("rounds_done", "1");
}

/** Whether this player may ask for hints now (the setting, the table's, a seat in a game). */
export function mayAsk(ctx) {
  // In the guided first game "Why not?" is always there: the lesson answers wrong moves in words.
  return Boolean((ctx.ui.prefs.coach || ctx.doc.lesson) && ctx.table.settings && ctx.table.settings.hints !== false
    && ctx.playing && ctx.acting && !ctx.acting.game_over && ctx.acting.legal);
}

/** Ask the coach (`cards`: a selection to explain); the answer is kept in `ui.hint`. */
export async function askHint(ctx, cards = null) {
  const payload = { lang, ...(cards && cards.length ? { cards: cards.join(" ") } : {}) };
  const ack = await ctx.request("hint", payload);
  if (!ack.ok) return;
  ctx.ui.hint = { ...ack.hint, version: ctx.version, whyOnly: Boolean(cards && cards.length) };
  const said = ctx.ui.hint.whyOnly ? ack.hint.why_not
    : [ack.hint.suggestion, ...(ack.hint.reasons || []), ...ack.hint.facts].filter(Boolean).join(" ");
  if (said) ctx.say(said);
  ctx.update();
}

export function hintButton(ctx, place = "tab") {
  // Not in the guided first game: its box says what to do, and the Hard bot's suggestion
  // could be another move than the one the lesson is about.
  if (!mayAsk(ctx) || ctx.doc.lesson) return null;
  // On a phone a narrow tab beside the panels' tabs: always in the same place, and the table
  // above it never moves for it (the action bar and the seat line have no room to spare).
  // On a wide screen, where the tabs share a narrow column, a button in the action bar.
  return h("button", { type: "button", class: place === "tab" ? "tab hint-tab" : "hint-button",
    dataset: { key: "hint" }, title: t("Ask the coach what to do, and why"), "aria-label": t("Hint"),
    disabled: ctx.ui.busy, onclick: () => askHint(ctx) }, h("span", { "aria-hidden": "true" }, "?"));
}

/** The coach's answer, in place of the action bar until closed (or the game moves on). */
export function renderHint(ctx) {
  const hint = ctx.ui.hint;
  if (!hint || hint.version !== ctx.version) return null;  // the table moved on: it no longer fits
  const lines = hint.whyOnly ? [hint.why_not] : [hint.why_not, hint.suggestion].filter(Boolean);
  return h("section", { class: "dialog coach-hint", role: "dialog", "aria-label": t("Coach") },
    h("div", { class: "dialog-head" }, h("p", { class: "dialog-title" }, t("Coach")),
      h("button", { type: "button", class: "quiet", dataset: { key: "hint-close" },
        onclick: () => { ctx.ui.hint = null; ctx.update(); } }, t("Close"))),
    h("div", { class: "coach-body" },
      lines.map((line, i) => h("p", { class: !hint.whyOnly && hint.suggestion === line ? "coach-suggestion" : "why" }, line)),
      // Two kinds of reasons, each saying which it is: the bot's own view, then proved facts.
      hint.whyOnly || !(hint.reasons || []).length ? null : [
        h("p", { class: "coach-kind" }, t("Its reasons, as the bot sees it:")),
        h("ul", { class: "reasons", "aria-label": t("The bot's reasons") }, hint.reasons.map((r) => h("li", {}, r)))],
      hint.whyOnly || !hint.facts.length ? null : [
        h("p", { class: "coach-kind" }, t("Facts, certain whatever the others hold:")),
        h("ul", { class: "facts", "aria-label": t("Facts") }, hint.facts.map((f) => h("li", {}, f)))]));
}
