// The running score with each round's result, and the round's log of public events.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardNames } from "./cards.js";
import { signed } from "./center.js";

export function renderScores(ctx) {
  const view = ctx.view;
  if (!view) return null;
  const { totals, rounds } = view.scores;
  return h("section", { class: "scores", "aria-label": t("scores.title") },
    h("table", {},
      h("caption", {}, t("scores.title")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("scores.round")),
        [0, 1].map((team) => h("th", { scope: "col", class: `team-${team}` }, ctx.teamName(team))))),
      h("tbody", {}, rounds.map((r, i) => h("tr", {},
        h("th", { scope: "row" }, String(i + 1)),
        [0, 1].map((team) => h("td", {}, signed(r.scores[team])))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("scores.total")),
        [0, 1].map((team) => h("td", { class: "total", dataset: { team: String(team) } }, String(totals[team])))))),
    rounds.length ? h("a", { href: `/t/${ctx.table.code}/record.json`, download: "" },
      view.game_over ? t("record.download") : t("record.download_rounds")) : null);
}

function logLine(ctx, e) {
  const name = e.seat !== undefined ? ctx.name(e.seat) : "";
  switch (e.act) {
    case "grand": return t(e.call ? "log.grand_call" : "log.grand_pass", { name });
    case "tichu": return t("log.tichu", { name });
    case "exchange": return t("log.exchange", { name });
    case "play": {
      const cards = cardNames(e.cards, ctx.ruleset);
      let line = t(e.out_of_turn ? "log.bomb" : "log.play", { name, cards });
      if (e.wish) line += " " + t("log.wish", { rank: t(`rank.${e.wish}`) });
      return line;
    }
    case "pass": return t("log.pass", { name });
    case "out": return t("log.out", { name, place: t(`place.${e.place}`) });
    case "trick": return t("log.trick", { name: ctx.name(e.to), points: e.points });
    case "gift": return t("log.gift", { name, to: ctx.name(e.to) });
    default: return e.act;
  }
}

export function renderLog(ctx) {
  const view = ctx.view;
  if (!view) return null;
  const lines = view.history.map((e) => logLine(ctx, e)).reverse();
  return h("details", { class: "log" },
    h("summary", {}, t("log.title", { n: view.round + 1 })),
    h("ol", { reversed: true }, lines.map((line) => h("li", {}, line))));
}
