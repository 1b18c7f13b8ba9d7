// The player's own hand: an overlapping spread of card buttons in one row where the width
// allows, else in two rows, so every card shows a strip of at least MIN_STRIP px to tap.
// Cards sort by rank or by suit; dragging a card (mouse, pen or finger) or Alt+arrow keys
// put it elsewhere; arrow keys move the focus along the hand.
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { cardButton, cardFace, cardRow, sortHand } from "./cards.js";
import { playableCards } from "./legal.js";
import { lessonCards } from "./lesson.js";

const MIN_STRIP = 44;
const DRAG_START = 8;  // px a pointer moves before a press becomes a drag

/** The hand in the order shown: the chosen sort, or the player's own order. */
export function handOrder(ctx, cards) {
  const ui = ctx.ui;
  const sorted = sortHand(cards, ui.sort, ctx.ruleset);
  if (!ui.order) return sorted;
  const held = new Set(cards);
  const kept = ui.order.filter((c) => held.has(c));
  const fresh = sorted.filter((c) => !kept.includes(c));
  return [...kept, ...fresh];
}

function layout(count, width, cardW) {
  for (let rows = 1; rows <= 3; rows++) {
    const perRow = Math.ceil(count / rows);
    const step = perRow > 1 ? Math.min(cardW + 4, (width - cardW) / (perRow - 1)) : cardW;
    if (step >= MIN_STRIP || rows === 3) return { rows, perRow, step: Math.floor(step) };
  }
  return null;
}

/** The hands this player acts with: the own, and in Trichu for the dealer the Table's too. The
 * one the controls act on now is the big hand, labelled; the other one waits small beneath. */
export function renderHands(ctx) {
  const view = ctx.view;
  if (!ctx.seated || !view) return null;
  const table = view.table;
  const second = table && table.hand && (view.controls || []).includes(table.seat);
  if (!second) return renderHand(ctx);
  const onTable = ctx.actor === table.seat;
  const other = onTable ? view.hand : table.hand;
  const pending = view.pending || [];
  const otherSeat = onTable ? ctx.me : table.seat;
  const label = onTable ? t("The Table's hand: you play it now") : t("Your own hand: you play it now");
  const switchable = ctx.playing && !(pending.includes(ctx.actor) && !pending.includes(otherSeat));
  return [
    h("p", { class: ["whose", onTable && "table-hand"], role: "status" }, label),
    renderHand(ctx),
    other ? h("div", { class: ["other-hand", !onTable && "table-hand"], role: "group",
      "aria-label": onTable ? t("Your own hand") : t("The Table's hand") },
    h("span", { class: "other-label" }, onTable ? t("Your own hand") : t("The Table's hand"), " ",
      h("span", { class: "count" }, tn("{n} card", "{n} cards", other.length))),
    cardRow(sortHand(other, ctx.ui.sort, ctx.ruleset), ctx.ruleset, "mini"),
    switchable ? h("button", { type: "button", dataset: { key: "switch-hand" },
      onclick: () => { ctx.ui.actor = onTable ? "me" : "table"; ctx.ui.selected.clear(); ctx.update(); } },
    onTable ? t("Play your own hand") : t("Play the Table's hand")) : null) : null,
  ];
}

/** Everybody sees the Trichu Table's cards once the exchange is done (its dealer plays them). */
export function openTableHand(ctx) {
  const view = ctx.view;
  const table = view && view.table;
  if (!table || !table.hand || (view.controls || []).includes(table.seat)) return null;
  return h("div", { class: "other-hand open-table", role: "group", "aria-label": t("The Table's hand") },
    h("span", { class: "other-label" }, t("The Table's hand")),
    cardRow(sortHand(table.hand, ctx.ui.sort, ctx.ruleset), ctx.ruleset, "mini"));
}

export function renderHand(ctx) {
  const view = ctx.acting;
  if (!ctx.seated || !view || !view.hand) return null;
  const ui = ctx.ui;
  const exchanging = ctx.playing && view.phase === "exchange" && view.legal.exchange;
  const inSlots = new Set(Object.values(ui.slots).flat());
  const cards = handOrder(ctx, view.hand.filter((c) => !(exchanging && inSlots.has(c))));
  const interactive = ctx.playing && (view.phase === "play" || exchanging);
  const playing = ctx.playing && view.phase === "play";
  const playable = playing ? playableCards(view) : null;
  const dimming = playable && playable.size > 0 || (playing && view.turn === ctx.actor);
  const got = receivedCards(ctx);
  const width = Math.max(200, ctx.width - 16);
  const cardW = ctx.cardWidth;
  const { perRow, step } = layout(cards.length, width, cardW);
  const rows = [];
  for (let i = 0; i < cards.length; i += perRow) rows.push(cards.slice(i, i + perRow));
  const asked = lessonCards(ctx);  // the cards the lesson's step asks for (lesson.js)
  const widget = (code) => {
    const dim = dimming && !playable.has(code);
    const from = got.get(code);
    const card = interactive
      ? cardButton(code, ctx.ruleset, {
        selected: ui.selected.has(code),
        extra: [dim && "dim", from !== undefined && "exchanged", asked.has(code) && "lesson-card"],
        describedby: [dim && "hint-dim", from !== undefined && `got-${from}`].filter(Boolean).join(" ") || null,
        onclick: (e) => toggle(ctx, code, exchanging, e),
        onpointerdown: (e) => startDrag(ctx, code, e, cards),
        onkeydown: (e) => keys(ctx, code, e, cards),
      })
      : cardFace(code, ctx.ruleset, ["in-hand", from !== undefined && "exchanged"]);
    if (from !== undefined) card.append(h("span", { class: "got", "aria-hidden": "true" }, ctx.name(from)));
    return card;
  };
  return h("div", {
    class: ["hand", `rows-${rows.length}`, interactive && "interactive", ctx.actor !== ctx.me && "table-hand"], role: "group",
    "aria-label": ctx.actor !== ctx.me ? tn("The Table's hand, {n} card", "The Table's hand, {n} cards", view.hand.length)
      : tn("Your hand, {n} card", "Your hand, {n} cards", view.hand.length),
    style: `--step:${step}px`,
  },
  rows.map((row) => h("div", { class: "hand-row" }, row.map(widget))),
  dimming ? h("span", { id: "hint-dim", class: "visually-hidden" }, t("in no legal play now")) : null,
  [...new Set(got.values())].map((seat) => h("span", { id: `got-${seat}`, class: "visually-hidden" },
    t("received from {name}", { name: ctx.name(seat) }))));
}

/** The cards this seat received in the round's exchange: card -> the seat that gave it. */
export function receivedCards(ctx) {
  const got = ctx.acting.exchange && ctx.acting.exchange.received;
  // One card per giver, or several as one string ("R7 G3") where a ruleset hands over more.
  return new Map(got ? Object.entries(got).flatMap(([seat, codes]) => codes.split(" ").map((c) => [c, Number(seat)])) : []);
}

function toggle(ctx, code, exchanging, event) {
  const ui = ctx.ui;
  if (ui.dragged) { ui.dragged = false; event.preventDefault(); return; }  // the end of a drag is no tap
  if (exchanging && exchangeCount(ctx) === 1) {
    const was = ui.selected.has(code);
    ui.selected.clear();
    if (!was) ui.selected.add(code);
  } else if (ui.selected.has(code)) ui.selected.delete(code);
  else ui.selected.add(code);
  ctx.update();
}

/** How many cards the acting seat gives in all (geometry.exchange: {target: count}). */
export function exchangeCount(ctx) {
  const pattern = ctx.geo ? ctx.geo.exchange[ctx.actor] : {};
  return Object.values(pattern || {}).reduce((a, b) => a + b, 0);
}

function moveCard(ctx, order, code, index) {
  const next = order.filter((c) => c !== code);
  next.splice(Math.max(0, Math.min(index, next.length)), 0, code);
  ctx.ui.order = next;
}

function keys(ctx, code, e, order) {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
  const i = order.indexOf(code);
  const delta = e.key === "ArrowLeft" ? -1 : 1;
  e.preventDefault();
  if (e.altKey || e.shiftKey) {
    moveCard(ctx, order, code, i + delta);
    ctx.update();
    focusCard(code);
  } else {
    const other = order[i + delta];
    if (other) focusCard(other);
  }
}

function focusCard(code) {
  const el = document.querySelector(`.hand button[data-card="${CSS.escape(code)}"]`);
  if (el) el.focus();
}

function startDrag(ctx, code, e, order) {
  if (e.button !== 0) return;
  const el = e.currentTarget;
  const start = { x: e.clientX, y: e.clientY };
  let dragging = false;
  const move = (ev) => {
    const dx = ev.clientX - start.x;
    const dy = ev.clientY - start.y;
    if (!dragging && Math.hypot(dx, dy) < DRAG_START) return;
    if (!dragging) {
      dragging = true;
      ctx.ui.dragging = true;
      el.classList.add("dragging");
      try { el.setPointerCapture(ev.pointerId); } catch { /* the pointer is gone */ }
    }
    el.style.transform = `translate(${dx}px, ${dy}px)`;
  };
  const end = (ev) => {
    el.removeEventListener("pointermove", move);
    el.removeEventListener("pointerup", end);
    el.removeEventListener("pointercancel", end);
    if (!dragging) return;
    ctx.ui.dragging = false;
    ctx.ui.dragged = ev.type === "pointerup";
    setTimeout(() => { ctx.ui.dragged = false; }, 0);
    moveCard(ctx, order, code, dropIndex(el, ev, order, code));
    ctx.update();
  };
  el.addEventListener("pointermove", move);
  el.addEventListener("pointerup", end);
  el.addEventListener("pointercancel", end);
}

/** Where a dropped card goes: before the first card whose middle lies after the pointer in its row. */
function dropIndex(el, ev, order, code) {
  const others = [...document.querySelectorAll(".hand button[data-card]")].filter((b) => b !== el);
  let index = 0;
  let best = Infinity;
  others.forEach((b) => {
    const r = b.getBoundingClientRect();
    const rowDistance = Math.abs(ev.clientY - (r.top + r.height / 2));
    const i = order.indexOf(b.dataset.card) - (order.indexOf(b.dataset.card) > order.indexOf(code) ? 1 : 0);
    const after = ev.clientX > r.left + r.width / 2;
    const score = rowDistance * 4 + Math.abs(ev.clientX - (r.left + r.width / 2));
    if (score < best) { best = score; index = after ? i + 1 : i; }
  });
  return index;
}
