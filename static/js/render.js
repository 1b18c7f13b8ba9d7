// Puts the page together from the document: seats around, the middle, my corner, the score.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { renderSeat } from "./seats.js";
import { renderCenter } from "./center.js";
import { renderControls, renderHand } from "./controls.js";
import { renderLog, renderScores } from "./scores.js";

export function render(root, ctx) {
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key
    || document.activeElement.dataset.card : null;
  const seats = ctx.table.seats.map((_, seat) => seat);
  const around = seats.filter((s) => s !== ctx.base);
  replace(root,
    ctx.table.status === "waiting" ? lobbyPanel(ctx) : takeOverPanel(ctx),
    h("div", { class: ["felt", `status-${ctx.table.status}`] },
      around.map((s) => renderSeat(ctx, s)),
      renderCenter(ctx),
      h("div", { class: "pos-bottom me-area" },
        renderSeat(ctx, ctx.base),
        renderControls(ctx),
        renderHand(ctx))),
    h("div", { class: "side" }, renderScores(ctx), renderLog(ctx)));
  root.dataset.version = String(ctx.version);
  root.dataset.moves = String(ctx.table.moves);
  root.dataset.status = ctx.table.status;
  root.dataset.seat = ctx.me === null ? "" : String(ctx.me);
  root.dataset.phase = ctx.view ? ctx.view.phase : "";
  if (focusKey) {
    const key = CSS.escape(focusKey);
    const again = root.querySelector(`[data-key="${key}"], button[data-card="${key}"]`);
    if (again) again.focus();
  }
}

function lobbyPanel(ctx) {
  const link = `${location.origin}/t/${ctx.table.code}`;
  const free = ctx.table.seats.filter((s) => !s.taken).length;
  return h("section", { class: "lobby-panel" },
    h("p", {}, t("lobby.invite"), " ", h("a", { href: link }, link), " ",
      h("button", { type: "button", class: "quiet", dataset: { key: "copy" }, onclick: () => copy(link) }, t("lobby.copy"))),
    h("p", {}, t("lobby.code", { code: ctx.table.code })),
    nameField(ctx),
    ctx.you.manage ? h("button", { type: "button", class: "primary", disabled: free > 0, dataset: { key: "start" },
      onclick: () => ctx.request("start", {}) }, t("lobby.start")) : null);
}

/** A watcher may take over a seat that a bot plays for nobody: it needs a name field. */
function takeOverPanel(ctx) {
  const free = ctx.table.seats.some((s) => s.bot && !s.human);
  if (ctx.me !== null || !free || ctx.table.status !== "playing") return null;
  return h("section", { class: "lobby-panel" },
    h("p", {}, t("lobby.take_over_hint")),
    nameField(ctx));
}

function nameField(ctx) {
  return h("label", {}, t("lobby.your_name"), " ",
    h("input", { id: "name", type: "text", maxlength: 20, autocomplete: "nickname", value: ctx.ui.name,
      dataset: { key: "name" }, oninput: (e) => { ctx.ui.name = e.target.value; } }));
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}
