// Puts the page together from the document: the seats around, the middle, my corner
// (my seat, the action bar, the hand) and the panels (score, history, chat, ...).
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { renderRequests, renderSeat } from "./seats.js";
import { renderCenter } from "./center.js";
import { renderActions, renderDialog } from "./controls.js";
import { renderHand } from "./hand.js";
import { renderPanel, renderTabs } from "./panels.js";

export function render(root, ctx) {
  const active = document.activeElement;
  const focusKey = active && active.dataset ? active.dataset.key || active.dataset.card : null;
  const caret = active && active.tagName === "INPUT" && active.type === "text" ? active.selectionStart : null;
  const seats = ctx.table.seats.map((_, seat) => seat);
  const around = seats.filter((s) => s !== ctx.base);
  const dialog = renderDialog(ctx);
  replace(root,
    ctx.table.damaged ? h("p", { class: "notice damaged", role: "status" },
      t("This table's saved game is damaged: it can be watched, not played.")) : null,
    ctx.table.status === "waiting" ? lobbyPanel(ctx) : renderRequests(ctx) || takeOverPanel(ctx),
    // Under the panel's sheet (phones) the table is inert: no focus, no taps, hidden from screen readers.
    h("div", { class: ["felt", `status-${ctx.table.status}`], inert: Boolean(ctx.ui.panel && !ctx.wide) },
      h("div", { class: "opponents" }, around.map((s) => renderSeat(ctx, s))),
      renderCenter(ctx),
      h("div", { class: "me-area" },
        renderSeat(ctx, ctx.base, ctx.seated && ctx.view && ctx.view.hand ? sortButton(ctx) : null),
        dialog || renderActions(ctx),
        dialog && ctx.ui.pending ? null : renderHand(ctx))),
    h("aside", { class: "side" }, renderTabs(ctx), renderPanel(ctx)));
  root.dataset.version = String(ctx.version);
  root.dataset.busy = ctx.ui.busy ? "1" : "";  // a request is waiting for its answer
  root.dataset.moves = String(ctx.table.moves);
  root.dataset.status = ctx.table.status;
  root.dataset.seat = ctx.me === null ? "" : String(ctx.me);
  root.dataset.phase = ctx.view ? ctx.view.phase : "";
  root.dataset.turn = ctx.view && ctx.view.turn !== null ? String(ctx.view.turn) : "";
  if (focusKey) {
    const key = CSS.escape(focusKey);
    const again = root.querySelector(`[data-key="${key}"], button[data-card="${key}"]`);
    if (again) {
      again.focus({ preventScroll: true });
      if (caret !== null && again.setSelectionRange) again.setSelectionRange(caret, caret);
    }
  }
}

function sortButton(ctx) {
  const next = ctx.ui.sort === "suit" ? "rank" : "suit";
  return h("button", { type: "button", class: "sort quiet", dataset: { key: "sort" },
    "aria-label": next === "suit" ? t("Sort the hand by suit") : t("Sort the hand by rank"),
    onclick: () => ctx.setSort(next) }, next === "suit" ? t("By suit") : t("By rank"));
}

function lobbyPanel(ctx) {
  const link = `${location.origin}/t/${ctx.table.code}`;
  const free = ctx.table.seats.filter((s) => !s.taken).length;
  return h("section", { class: "lobby-panel" },
    h("p", {}, t("Invite friends with this link:"), " ", h("a", { href: link }, link), " ",
      h("button", { type: "button", class: "quiet", dataset: { key: "copy" }, onclick: () => copy(link) }, t("Copy link"))),
    h("p", {}, t("Table code: {code}", { code: ctx.table.code })),
    nameField(ctx),
    ctx.table.settings && ctx.table.settings.tracker ? h("p", {}, t("This table offers the card tracker.")) : null,
    ctx.you.manage ? h("button", { type: "button", class: "primary", disabled: free > 0, dataset: { key: "start" },
      onclick: () => ctx.request("start", {}) }, t("Start the game")) : null);
}

/** A watcher may take over a seat that a bot plays for nobody: it needs a name field. */
function takeOverPanel(ctx) {
  const free = ctx.table.seats.some((s) => s.bot && !s.human);
  if (ctx.me !== null || !free || ctx.table.status !== "playing") return null;
  const ask = !(ctx.table.settings.takeover || ctx.you.manage);
  return h("section", { class: "lobby-panel" },
    h("p", {}, ask ? t("A bot plays a seat for nobody: enter your name and ask the host to let you take it over.")
      : t("A bot plays a seat for nobody: enter your name and take it over.")),
    nameField(ctx));
}

function nameField(ctx) {
  return h("label", {}, t("Your name"), " ",
    h("input", { id: "name", type: "text", maxlength: 20, autocomplete: "nickname", value: ctx.ui.name,
      dataset: { key: "name" }, oninput: (e) => { ctx.ui.name = e.target.value; } }));
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}
