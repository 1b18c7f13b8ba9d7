// The guided first game ("Learn to play", docs/lesson.md): the lesson's step in a box of its
// own above the table (beside it on a phone held sideways), so it covers neither the cards
// nor the trick. The server sends the step in the learner's document (`doc.lesson`, built
// from the learner's view alone); its texts are English message ids, shown translated. The
// player makes every move; a move the step does not ask for is refused with a sentence,
// shown here. At the end, "Play a real game" seats the player at an ordinary table with bots.
import { h } from "./dom.js";
import { refusal, t } from "./i18n.js";
import { store } from "./store.js";

/** The browser's lesson in progress (the lobby offers "Continue the lesson"), or null. */
export const lessonCode = () => store.get("lesson");

/** Whether the table page shows a lesson (the learner's document carries one). */
export const inLesson = (ctx) => Boolean(ctx.doc && ctx.doc.lesson);

/** The cards the step asks the player to play or give: pointed at in the hand. */
export function lessonCards(ctx) {
  const expect = inLesson(ctx) && ctx.doc.lesson.expect;
  if (!expect) return new Set();
  const cards = [expect.cards || "", ...Object.values(expect.give || {})].join(" ");
  return new Set(cards.split(" ").filter(Boolean));
}

/** A refused move of the learner: the lesson's sentence in its box, until the step changes. */
export function lessonRefused(ctx, ack) {
  if (!inLesson(ctx) || !ack || ack.ok) return false;
  const text = ack.code === "lesson" ? t(ack.message) : refusal(ack, ctx.view);
  ctx.ui.lessonSaid = { step: ctx.doc.lesson.step, text };
  return true;
}

async function realGame(ctx) {
  ctx.ui.busy = true;
  ctx.update();
  const name = ctx.table.seats[ctx.me] ? ctx.table.seats[ctx.me].name : store.name();
  const resp = await fetch("/api/quick", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, player: store.player() }) }).catch(() => null);
  const data = resp ? await resp.json().catch(() => ({ ok: false, code: "server_error" })) : { ok: false, code: "timeout" };
  ctx.ui.busy = false;
  if (!data.ok) { ctx.showError(refusal(data)); ctx.update(); return; }
  store.setToken(data.code, data.token);
  location.href = data.url;
}

export function renderLesson(ctx) {
  if (!inLesson(ctx)) return null;
  const lesson = ctx.doc.lesson;
  if (lesson.over) store.set("lesson", null);
  else if (lessonCode() !== ctx.table.code) store.set("lesson", ctx.table.code);
  const said = ctx.ui.lessonSaid && ctx.ui.lessonSaid.step === lesson.step ? ctx.ui.lessonSaid.text : null;
  return h("section", { class: ["lesson", lesson.ready ? "ready" : "watching"], "aria-label": t("Lesson"),
    dataset: { step: lesson.name, ready: lesson.ready ? "1" : "" } },
  // At the end the way on comes first: on a small phone the box scrolls, and the text may too.
  lesson.over ? h("button", { type: "button", class: "primary", dataset: { key: "real-game" }, disabled: ctx.ui.busy,
    onclick: () => realGame(ctx) }, t("Play a real game")) : null,
  // A wrong move's answer first: where the box scrolls, it is the line in sight.
  said ? h("p", { class: "lesson-wrong", role: "alert" }, said) : null,
  h("p", { class: "lesson-text", "aria-live": "polite" },
    h("span", { class: "lesson-head" }, lesson.over ? t("Lesson done") : t("Lesson, step {n} of {total}",
      { n: lesson.step + 1, total: lesson.steps })), " ", t(lesson.text)));
}
