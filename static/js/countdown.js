// Countdowns to the server's deadlines (turn timers, grace periods before a stand-in plays):
// elements carry the deadline in data-deadline (ms on this browser's clock) and a message
// template; one ticker rewrites only their text each second, never the whole table.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Seconds left until `deadline` (ms on this browser's clock), never below zero. */
export function secondsLeft(deadline, now = Date.now()) {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

const TEXTS = {
  turn: (n) => t("{n} s", { n }),
  standin: (n) => t("a bot plays in {n} s", { n }),
  mine: (n) => t("{n} s left to decide", { n }),
};

/** A countdown element to the server time `at` (seconds), kind: turn, standin or mine. */
export function countdown(ctx, at, kind, cls = "tag countdown") {
  const deadline = at * 1000 - (ctx.clockOffset || 0);
  return h("span", { class: [cls, `countdown-${kind}`], dataset: { deadline: String(deadline), countdown: kind } },
    TEXTS[kind](secondsLeft(deadline)));
}

function tick() {
  const now = Date.now();
  for (const el of document.querySelectorAll("[data-countdown]")) {
    const text = TEXTS[el.dataset.countdown](secondsLeft(Number(el.dataset.deadline), now));
    if (el.textContent !== text) el.textContent = text;
  }
}

let timer = null;
export function startTicker() {
  if (timer === null) timer = setInterval(tick, 1000);
}
