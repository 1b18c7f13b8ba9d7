// Figures as the players' pages show them (me.js, club.js): numbers in the page's language,
// tables with headers for screen readers, and the JSON POST every request of theirs is.
import { h } from "./dom.js";
import { lang, levelName, t } from "./i18n.js";

/** POST a JSON body; the answer, or a refusal-like object when the server cannot be reached. */
export async function post(path, body) {
  try {
    const resp = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    return await resp.json();
  } catch {
    return { ok: false, code: "timeout" };
  }
}

export const number = (n, digits = 0) => (n === null || n === undefined ? "–"
  : n.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
export const share = (n) => (n === null || n === undefined ? "–" : `${number(100 * n)} %`);
export const date = (seconds) => new Date(seconds * 1000).toLocaleDateString(lang,
  { year: "numeric", month: "short", day: "numeric" });
/** A seat's holder as the pages name it: a person by name, a bot by level (never an id). */
export const who = (holder) => (holder.bot ? t("Bot ({level})", { level: levelName(holder.bot) })
  : holder.name || t("someone"));
const OUTCOMES = { won: () => t("won"), lost: () => t("lost"), draw: () => t("draw") };
export const outcome = (game) => (game.outcome ? OUTCOMES[game.outcome]() : t("left before the end"));
export const made = (madeCount, called) => (called ? `${number(madeCount)} / ${number(called)}` : "–");

/** A table of figures: a caption, column headers, and each row's first cell its header. */
export function table(caption, headers, rows, key) {
  return h("div", { class: "scroll" }, h("table", { class: "figures", dataset: { key } },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, headers.map((text, i) => h("th", { scope: "col", class: i ? "num" : null }, text)))),
    h("tbody", {}, rows.map((cells) => h("tr", {}, cells.map((text, i) => (i
      ? h("td", { class: "num" }, text) : h("th", { scope: "row" }, text))))))));
}
