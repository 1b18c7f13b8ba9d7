// Puts the page together from the document: the seats around, the middle, my corner
// (my seat, the action bar, the hand) and the panels (score, history, chat, ...).
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { renderRequests, renderSeat } from "./seats.js";
import { chatLine, renderCenter } from "./center.js";
import { renderActions, renderDialog } from "./controls.js";
import { openTableHand, renderHands } from "./hand.js";
import { renderPanel, renderTabs } from "./panels.js";
import { renderHint } from "./coach.js";
import { clicks } from "./pointer.js";
import { renderSummary, summaryReview, summaryRound } from "./summary.js";
import { renderLesson } from "./lesson.js";
import { renderSight } from "./sight.js";

export function render(root, ctx) {
  const active = document.activeElement;
  const focusKey = active && active.dataset ? active.dataset.key || active.dataset.card : null;
  const caret = active && active.tagName === "INPUT" && active.type === "text" ? active.selectionStart : null;
  // Each panel keeps where it was scrolled to across versions (the page is drawn anew each time).
  const scrolled = new Map([...root.querySelectorAll(".panel")].map((el) => [el.id, el.scrollTop]));
  const around = ctx.seatList.filter((s) => s !== ctx.base).sort((a, b) => ctx.relative(a) - ctx.relative(b));
  const summary = summaryRound(ctx);  // while it is open, the next round's decisions wait
  const dialog = summary ? null : renderHint(ctx) || renderDialog(ctx);
  // The review of the round just over takes the whole table while it is open (review.js).
  const review = summary ? summaryReview(ctx, summary) : null;
  // Before the game: every seat in one list, by seat number (no geometry yet to seat them round
  // the table), the viewer's own among them.
  const lobby = ctx.table.status === "waiting" && !ctx.view;
  const top = ctx.table.status === "waiting" ? lobbyPanel(ctx) : renderRequests(ctx) || takeOverPanel(ctx);
  const named = Boolean(top && top.querySelector("#name"));  // one name field on the page is enough
  replace(root,
    ctx.table.damaged ? h("p", { class: "notice damaged", role: "status" },
      t("This table's saved game is damaged: it can be watched, not played.")) : null,
    top,
    ctx.table.status === "waiting" ? null : renderSight(ctx, named),  // seeing the hands (sight.js)
    renderLesson(ctx),  // the lesson's step (lesson.js): above the table, never over it
    // Under the panel's sheet (phones) the table is inert: no focus, no taps, hidden from screen readers.
    review ? h("div", { class: ["felt", "reviewing", `status-${ctx.table.status}`], inert: Boolean(ctx.ui.panel && !ctx.wide) },
      review) :
    h("div", { class: ["felt", `status-${ctx.table.status}`], inert: Boolean(ctx.ui.panel && !ctx.wide),
      // The choice open in place of the action bar (a short screen makes room for it: tichu.css).
      dataset: { seats: String(ctx.seatList.length), ...(dialog && ctx.ui.pending ? { dialog: ctx.ui.pending.kind } : {}) } },
      lobby ? h("div", { class: "seat-list" }, ctx.seatList.map((s) => renderSeat(ctx, s))) : aroundTable(ctx, around),
      openTableHand(ctx),
      summary ? h("section", { class: "center" }, chatLine(ctx), renderSummary(ctx, summary)) : renderCenter(ctx),
      lobby ? null : h("div", { class: "me-area" },
        renderSeat(ctx, ctx.base, ctx.seated && ctx.view && ctx.view.hand ? sortButton(ctx) : null),
        summary ? null : dialog || renderActions(ctx),
        summary ? null : renderHands(ctx))),
    h("aside", { class: "side" }, renderTabs(ctx), renderPanel(ctx)));
  fitTrick(root);
  for (const el of root.querySelectorAll(".panel")) if (scrolled.has(el.id)) el.scrollTop = scrolled.get(el.id);
  // The chat shows its newest messages.
  for (const el of root.querySelectorAll(".chat .messages")) el.scrollTop = el.scrollHeight;
  root.dataset.version = String(ctx.version);
  root.dataset.width = String(window.innerWidth);  // the width this render laid out for
  root.dataset.busy = ctx.ui.busy ? "1" : "";  // a request is waiting for its answer
  root.dataset.moves = String(ctx.table.moves);
  root.dataset.status = ctx.table.status;
  root.dataset.lesson = ctx.doc.lesson ? "1" : "";  // the guided first game (lesson.js)
  root.dataset.seat = ctx.me === null ? "" : String(ctx.me);
  root.dataset.phase = ctx.view ? ctx.view.phase : "";
  root.dataset.summary = summary ? String(summary) : "";
  root.dataset.review = review ? "open" : "";
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

/** A full trick fits the middle without scrolling: where it does not, its cards get smaller
 * (down to 60% of their size) until it does; the play to beat is then brought into sight. */
function fitTrick(root) {
  const center = root.querySelector(".center");
  const plays = center && center.querySelector(".trick .plays");
  if (!plays) return;
  let face = parseFloat(getComputedStyle(plays).getPropertyValue("--face-w")) || 34;
  const least = face * 0.6;
  while (center.scrollHeight > center.clientHeight + 1 && face > least) {
    face -= 2;
    plays.style.setProperty("--face-w", `${face}px`);
  }
  const beat = plays.querySelector(".play.top");
  if (beat && center.scrollHeight > center.clientHeight + 1) beat.scrollIntoView({ block: "nearest" });
}

/** The others around the table, in three groups (right, top, left) a tablet lays out round the
 * middle; a phone shows them in one row from the left-hand neighbour round to the right-hand one. */
function aroundTable(ctx, around) {
  const k = around.length;
  const group = (side, seats) => h("div", { class: ["around", `around-${side}`] }, seats.map((s) => renderSeat(ctx, s, null, k + 1 - ctx.relative(s))));
  const on = (side) => around.filter((s) => ctx.side(s) === side);
  // Seen from the chair: the right-hand side runs up from the viewer, the top from right to
  // left, the left-hand side down to the viewer.
  // One row on a phone upright up to four others, else two rows (three with more than eight): a
  // seat keeps room for a name and a title. On its side, one row up to five.
  const rows = (most) => (k <= most ? k : k <= 8 ? Math.ceil(k / 2) : Math.ceil(k / 3));
  return h("div", { class: "opponents", style: `--cols:${rows(4)};--cols-wide:${rows(5)}` },
    group("left", on("left")), group("top", on("top").reverse()), group("right", on("right").reverse()));
}

/** The hand's order as it is now ("By rank"); a tap switches to the other one. */
function sortButton(ctx) {
  const bySuit = ctx.ui.sort === "suit" && !ctx.ui.order;
  const now = ctx.ui.order ? t("Own order") : bySuit ? t("By suit") : t("By rank");
  return h("button", { type: "button", class: "sort quiet", dataset: { key: "sort", order: ctx.ui.order ? "own" : ctx.ui.sort },
    "aria-label": sortLabel(bySuit, now),
    onclick: () => ctx.setSort(bySuit ? "rank" : "suit") }, "⇅ ", now);
}

function sortLabel(bySuit, now) {
  if (clicks()) {
    return bySuit ? t("{order}: click to sort the hand by rank", { order: now })
      : t("{order}: click to sort the hand by suit", { order: now });
  }
  return bySuit ? t("{order}: tap to sort the hand by rank", { order: now })
    : t("{order}: tap to sort the hand by suit", { order: now });
}

function lobbyPanel(ctx) {
  const link = `${location.origin}/t/${ctx.table.code}`;
  const free = ctx.table.seats.filter((s) => !s.taken && !s.dummy).length;
  return h("section", { class: "lobby-panel" },
    h("p", {}, t("Invite friends with this link:"), " ", h("a", { href: link }, link), " ",
      h("button", { type: "button", class: "quiet", dataset: { key: "copy" }, onclick: () => copy(link) }, t("Copy link"))),
    h("p", {}, t("Table code: {code}", { code: ctx.table.code })),
    teamsLine(ctx),
    nameField(ctx),
    ctx.table.settings && ctx.table.settings.tracker ? h("p", {}, t("This table offers the card tracker.")) : null,
    ctx.you.manage && free > 0 ? h("button", { type: "button", dataset: { key: "fill" },
      onclick: () => ctx.request("fill", { level: ctx.table.default_level }) }, t("Bots at every free seat")) : null,
    ctx.you.manage ? h("button", { type: "button", class: "primary", disabled: free > 0, dataset: { key: "start" },
      onclick: () => ctx.request("start", {}) }, t("Start the game")) : null);
}

/** Who plays with whom, before anybody sits down: from the seats' teams (the ruleset's). */
function teamsLine(ctx) {
  const seats = ctx.table.seats;
  const label = (s) => (s.dummy ? t("the Table") : s.name || t("Seat {n}", { n: s.seat + 1 }));
  if (seats.every((s) => s.team === null)) {
    return h("p", { class: "teams" }, t("No teams: every player for themselves."));
  }
  const teams = [];
  for (const s of seats) {
    if (s.team === null) continue;
    (teams[s.team] = teams[s.team] || []).push(label(s));
  }
  const line = teams.filter(Boolean).map((names) => names.join(" + ")).join(t(" against "));
  return [h("p", { class: "teams", dataset: { key: "teams" } }, t("Teams: {teams}", { teams: line })),
    ctx.table.ruleset === "trichu" ? h("p", { class: "hint" },
      t("In Trichu the dealer plays with the Table against the other two. The dealer's role moves on every round, and the teams with it.")) : null];
}

/** A watcher may take over a seat that a bot plays for nobody: it needs a name field. */
function takeOverPanel(ctx) {
  const free = ctx.table.seats.some((s) => s.bot && !s.human);  // the Trichu Table has no bot
  if (ctx.me !== null || !free || ctx.table.status !== "playing") return null;
  const ask = !(ctx.table.settings.takeover || ctx.you.manage);
  return h("section", { class: "lobby-panel" },
    h("p", {}, ask ? t("A bot plays a seat for nobody: enter your name and ask the host to let you take it over.")
      : t("A bot plays a seat for nobody: enter your name and take it over.")),
    nameField(ctx));
}

function nameField(ctx) {
  const missing = ctx.ui.nameMissing;
  return [h("label", {}, t("Your name"), " ",
    h("input", { id: "name", type: "text", maxlength: 20, autocomplete: "nickname", value: ctx.ui.name,
      "aria-invalid": missing ? "true" : null, "aria-describedby": missing ? "name-error" : null,
      dataset: { key: "name" }, oninput: (e) => { ctx.ui.name = e.target.value; } })),
  missing ? h("p", { id: "name-error", class: "field-error", role: "alert" }, t("Please enter your name first.")) : null];
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}
