// The panels beside the table (a sheet over it on phones): the score sheet with its chart,
// the round's history with the last trick, the card tracker (when the table offers it),
// the chat, and the page's settings.
import { h, svg } from "./dom.js";
import { lang, rankName, t, tn } from "./i18n.js";
import { cardRow, describeCard } from "./cards.js";
import { signed, playLine } from "./center.js";
import { placeName, titleName } from "./seats.js";
import { store } from "./store.js";
import { hintButton } from "./coach.js";
import { sightSettings } from "./sight.js";

const QUICK = {
  gg: () => t("Good game!"), nice: () => t("Nice!"), thanks: () => t("Thanks!"), sorry: () => t("Sorry!"),
  oops: () => t("Oops!"), hurry: () => t("Your turn, please"),
};
export const quickText = (code) => (QUICK[code] ? QUICK[code]() : code);

export function panelList(ctx) {
  const list = [["score", ctx.view && !ctx.columns() ? t("Ranking") : t("Score")], ["history", t("History")], ["chat", t("Chat")]];
  if (ctx.table.settings && ctx.table.settings.tracker) list.push(["tracker", t("Cards")]);
  list.push(["settings", t("Settings"), "⚙"]);
  return list;
}

/** The panel open beside the table or over it; where there is room for two (`ctx.roomy`), the
 * score sheet is always open and this is the one under it (the chat unless another is chosen). */
export function openPanel(ctx) {
  if (!ctx.roomy) return ctx.ui.panel;
  return ctx.ui.panel && ctx.ui.panel !== "score" ? ctx.ui.panel : "chat";
}

export function renderTabs(ctx) {
  const open = openPanel(ctx);
  const list = panelList(ctx).filter(([key]) => !(ctx.roomy && key === "score"));
  return h("nav", { class: "tabs", "aria-label": t("Panels") }, list.map(([key, label, icon]) => h("button", {
    type: "button", class: ["tab", open === key && "open"], dataset: { key: `tab-${key}` },
    "aria-expanded": open === key ? "true" : "false", "aria-controls": "panel",
    onclick: () => { ctx.ui.panel = open === key && !ctx.wide ? null : key; if (key === "chat") ctx.ui.unread = 0; ctx.update(); },
  }, icon ? [h("span", { class: "icon", "aria-hidden": "true" }, icon), h("span", { class: "label" }, label)]
    // More than two totals (Trichu's seats): the word gives way, so every total shows in full.
    : key === "score" && (ctx.columns() || []).length > 2 ? h("span", { class: "visually-hidden" }, label) : label,
  key === "score" ? totalsLine(ctx) : null,
  key === "chat" && ctx.ui.unread ? h("span", { class: "badge" },
    h("span", { "aria-hidden": "true" }, String(ctx.ui.unread)),
    h("span", { class: "visually-hidden" }, t("{n} new", { n: ctx.ui.unread }))) : null)), ctx.wide ? null : hintButton(ctx, "tab"));
}

/** Every team's (Trichu: every seat's) total, always on screen (in the Score tab): "35 : 65". */
function totalsLine(ctx) {
  const columns = ctx.columns();
  if (!columns) return null;  // a ranking (Grandseigneur): no points
  const totals = ctx.view.scores.totals;
  return h("span", { class: ["totals", columns.length > 2 && "many"], dataset: { totals: totals.join(":") } }, " ", columns.map((c) => [
    c.index ? h("span", { "aria-hidden": "true" }, " : ") : null,
    h("span", { class: `total team-${c.index}` }, h("span", { class: "visually-hidden" },
      c.seat === null ? t("Team {n}", { n: c.index + 1 }) : ctx.name(c.seat), " "), String(totals[c.index]))]));
}

export function renderPanel(ctx) {
  const key = openPanel(ctx);
  if (!key) return null;
  // Room for two: the score sheet on top, the chosen panel under it, side by side with the table.
  return ctx.roomy ? [panel(ctx, "score", "panel-score-sheet"), panel(ctx, key)] : panel(ctx, key);
}

function panel(ctx, key, id = "panel") {
  const found = panelList(ctx).find(([k]) => k === key);
  if (!found) return null;
  const body = { score: scoreSheet, history, chat, tracker, settings }[key](ctx);
  return h("section", { id, class: ["panel", `panel-${key}`], "aria-label": found[1] },
    h("div", { class: "panel-head" }, h("h2", {}, found[1]),
      ctx.wide ? null : h("button", { type: "button", class: "quiet close", dataset: { key: "close-panel" },
        "aria-label": t("Close"), onclick: () => { ctx.ui.panel = null; ctx.update(); } }, "✕")),
    body);
}

// -- score sheet -----------------------------------------------------------------------

function scoreSheet(ctx) {
  const view = ctx.view;
  if (!view) return h("p", {}, t("The game has not started yet."));
  const columns = ctx.columns();
  if (!columns) return rankingSheet(ctx);
  const { totals, rounds } = view.scores;
  const running = columns.map(() => 0);
  const rows = rounds.map((r, i) => {
    columns.forEach((c) => { running[c.index] += r.scores[c.index]; });
    return h("tr", {},
      h("th", { scope: "row" }, String(i + 1)),
      columns.map((c) => h("td", {},
        h("span", { class: "points" }, signed(r.scores[c.index])),
        h("span", { class: "detail" }, roundDetail(ctx, r, c).join(" · ")),
        h("span", { class: "running" }, String(running[c.index])))));
  });
  return h("div", { class: "scores" },
    h("table", {},
      h("caption", { class: "visually-hidden" }, t("Score")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Round")),
        columns.map((c) => h("th", { scope: "col", class: `team-${c.index}` }, c.label)))),
      h("tbody", {}, rows, currentRound(ctx, columns)),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("Total")),
        columns.map((c) => h("td", { class: "total", dataset: { team: String(c.index) } }, String(totals[c.index])))))),
    rounds.length ? chart(ctx, rounds, columns) : null,
    recordLinks(ctx));
}

/** The round being played so far: each column's card points and tricks taken (public: the
 * history says who took which trick and its points). */
function currentRound(ctx, columns) {
  const view = ctx.view;
  if (view.game_over || view.phase !== "play") return null;
  const now = { teams: view.geometry.teams };  // this round's teams (Trichu's change by round)
  const taken = columns.map((c) => {
    const seats = columnSeats(ctx, now, c);
    const tricks = view.history.filter((e) => e.act === "trick" && seats.includes(e.to));
    return { points: tricks.reduce((sum, e) => sum + e.points, 0), tricks: tricks.length };
  });
  return h("tr", { class: "current", dataset: { key: "round-so-far" } },
    h("th", { scope: "row" }, t("Now")),
    columns.map((c, i) => h("td", { dataset: { team: String(c.index) } },
      tn("{points} points in {n} trick", "{points} points in {n} tricks", taken[i].tricks,
        { points: taken[i].points }))));
}

function recordLinks(ctx) {
  const view = ctx.view;
  if (!view.scores.rounds.length) return null;
  return h("p", { class: "record-links" },
    h("a", { href: `/t/${ctx.table.code}/record.json`, download: "" },
      view.game_over ? t("Download the game record") : t("Download the completed rounds")),
    " · ", h("a", { href: `/replay?table=${ctx.table.code}`, target: "_blank", rel: "noopener" },
      t("Watch the replay")));
}

/** The seats whose calls and card points count in a column in round `r` (Trichu's teams change
 * with the dealer: the round's own `teams` say them). */
export function columnSeats(ctx, r, column) {
  if (column.seat === null) return ctx.seatList.filter((s) => ctx.teamOf(s) === column.index);
  return (r.teams || []).find((team) => team.includes(column.seat)) || [column.seat];
}

function roundDetail(ctx, r, column) {
  const out = [];
  const seats = columnSeats(ctx, r, column);
  const team = column.seat === null ? column.index : (r.teams || []).findIndex((m) => m.includes(column.seat));
  if (r.card_points && team >= 0) out.push(t("cards {n}", { n: r.card_points[team] }));
  r.calls.forEach((call, seat) => {
    if (!call || !seats.includes(seat)) return;
    const name = call === "grand" ? t("Grand Tichu") : t("Tichu");
    out.push(`${name} ${r.call_made[seat] ? "✓" : "✗"} ${ctx.name(seat)}`);
  });
  if (r.double_victory && seats.includes(r.out_order[0])) out.push(t("double victory"));
  if (r.triple_victory && seats.includes(r.out_order[0])) out.push(t("triple victory"));  // Tientsin
  return out;
}

/** Grandseigneur: no points, a ranking: each player's title now and place in every round, the
 * players by their place in the last round (the hierarchy; before it, in play order). */
function rankingSheet(ctx) {
  const view = ctx.view;
  const rounds = view.scores.rounds;
  const last = rounds.length ? rounds[rounds.length - 1].out_order : null;
  const players = [...ctx.seatList].sort((a, b) => (last ? last.indexOf(a) - last.indexOf(b)
    : ctx.relative(a) - ctx.relative(b)));
  return h("div", { class: "scores ranking" },
    h("table", {},
      h("caption", { class: "visually-hidden" }, t("Ranking")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Title now")),
        rounds.map((_, i) => h("th", { scope: "col" }, t("R{n}", { n: i + 1 }))))),
      h("tbody", {}, players.map((seat) => h("tr", { dataset: { seat: String(seat) } },
        h("th", { scope: "row" }, ctx.name(seat)),
        h("td", { class: "title" }, ctx.title(seat) ? titleName(ctx.title(seat)) : "–"),
        rounds.map((r, i) => {
          const place = r.out_order.indexOf(seat) + 1;
          const title = r.titles ? titleName(r.titles[seat]) : "";
          return h("td", { title, dataset: { round: String(i + 1) } }, h("span", { "aria-hidden": "true" }, String(place)),
            h("span", { class: "visually-hidden" }, t("Round {n}: {place}, {title}", { n: i + 1, place: placeName(place), title })));
        }))))),
    rounds.length ? h("p", { class: "hint" }, t("The numbers are the places in each round.")) : null,
    recordLinks(ctx));
}

/** Every column's totals after each round, as an inline SVG line chart (the target dotted). */
function chart(ctx, rounds, columns) {
  const totals = [columns.map(() => 0)];
  for (const r of rounds) {
    const last = totals[totals.length - 1];
    totals.push(columns.map((c) => last[c.index] + r.scores[c.index]));
  }
  const target = ctx.table.options.target || 0;
  const values = totals.flat();
  const top = Math.max(target, ...values, 100);
  const bottom = Math.min(0, ...values);
  const W = 300, H = 130, L = 34, R = 8, T = 8, B = 16;
  const x = (i) => L + (i * (W - L - R)) / Math.max(1, totals.length - 1);
  const y = (v) => T + ((top - v) * (H - T - B)) / (top - bottom || 1);
  const line = (team) => totals.map((p, i) => `${x(i).toFixed(1)},${y(p[team]).toFixed(1)}`).join(" ");
  const label = t("Totals after each round: {a}", {
    a: totals.slice(1).map((p, i) => `${i + 1}: ${p.join(" : ")}`).join(", ") });
  const tick = (text, attrs) => svg("text", { class: "tick", ...attrs }, document.createTextNode(text));
  // The values on the side: 0 first, then the highest, the lowest and the target, each only where
  // it keeps clear of those already there (a label is 10 units high).
  const shown = [];
  for (const v of [0, top, bottom, target]) {
    if (!shown.includes(v) && shown.every((w) => Math.abs(y(v) - y(w)) >= 12)) shown.push(v);
  }
  // The rounds along the bottom: as many as fit, evenly spaced, the last one always.
  const n = totals.length - 1;
  const every = Math.max(1, Math.ceil(n / Math.floor((W - L - R) / 24)));
  const marks = [];
  for (let i = n; i >= 1; i -= every) marks.push(i);
  return svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }),
    target ? svg("line", { x1: L, x2: W - R, y1: y(target), y2: y(target), class: "target" }) : null,
    ...shown.map((v) => tick(String(v), { x: L - 4, y: y(v) + 3.5, "text-anchor": "end" })),
    ...marks.map((i) => tick(String(i), { x: x(i), y: H - 3, "text-anchor": "middle" })),
    ...columns.map((c) => svg("polyline", { points: line(c.index), class: `line team-${c.index}` })),
    ...columns.flatMap((c) => totals.map((p, i) => (c.index === 1
      ? svg("rect", { x: x(i) - 3, y: y(p[c.index]) - 3, width: 6, height: 6, class: `dot team-${c.index}` })
      : svg("circle", { cx: x(i), cy: y(p[c.index]), r: 3, class: `dot team-${c.index}` })))));
}

// -- history -------------------------------------------------------------------------------

/** One public event in words (for the history and the screen reader's announcements). */
export function logLine(ctx, e) {
  const name = e.seat !== undefined ? ctx.name(e.seat) : "";
  switch (e.act) {
    case "grand": return e.call ? t("{name} calls Grand Tichu!", { name }) : t("{name}: no Grand Tichu", { name });
    case "tichu": return t("{name} calls Tichu!", { name });
    case "exchange": return t("{name} has chosen the cards to give", { name });
    case "play": {
      const cards = e.cards.split(" ").map((c) => describeCard(c, ctx.ruleset).name).join(", ");
      let line = e.out_of_turn ? t("{name} bombs with {cards}", { name, cards }) : t("{name} plays {cards}", { name, cards });
      if (e.wish) line += " " + t("and wishes for {rank}", { rank: rankName(e.wish) });
      if (e.to !== undefined) line += " " + t("(the lead to {name})", { name: ctx.name(e.to) });  // the Dog
      return line;
    }
    case "pass": return t("{name} passes", { name });
    case "out": return t("{name} is out ({place})", { name, place: placeName(e.place) });
    case "trick": return t("Trick to {name} ({points} points)", { name: ctx.name(e.to), points: e.points });
    case "gift": return t("{name} gives the trick to {to}", { name, to: ctx.name(e.to) });
    default: return e.act;
  }
}

function history(ctx) {
  const view = ctx.view;
  if (!view) return h("p", {}, t("The game has not started yet."));
  const last = view.last_trick;
  const events = view.history.map((e, i) => h("li", { class: ["event", `act-${e.act}`], dataset: { n: String(i) } },
    e.act === "play" ? [h("span", { class: "visually-hidden" }, logLine(ctx, e)), h("span", { "aria-hidden": "true" },
      e.out_of_turn ? t("{name} bombs", { name: ctx.name(e.seat) }) : ctx.name(e.seat)),
    cardRow(e.cards, ctx.ruleset, "mini"),
    e.wish ? h("span", { "aria-hidden": "true" }, t("and wishes for {rank}", { rank: rankName(e.wish) })) : null]
      : logLine(ctx, e)));
  // My own exchange (only this seat knows it), right after the last choice of the exchange.
  const at = view.history.map((e) => e.act).lastIndexOf("exchange");
  if (at >= 0) events.splice(at + 1, 0, ...exchangeLines(ctx));
  events.reverse();
  return h("div", { class: "history" },
    last ? h("div", { class: "last-trick" },
      h("h3", {}, t("Last trick (to {name})", { name: ctx.name(last.to) })),
      h("ol", { class: "plays" }, last.plays.map((p, i) => playLine(ctx, p, i === last.plays.length - 1)))) : null,
    h("h3", {}, t("Round {n}: what happened", { n: view.round + 1 })),
    events.length ? h("ol", { class: "events", reversed: true }, events) : h("p", {}, t("Nothing yet.")),
    earlierRounds(ctx));
}

/** The game's finished rounds, the latest first: who went out in which order, the calls, the
 * score (the score sheet has their points round by round). */
function earlierRounds(ctx) {
  const rounds = ctx.view.scores.rounds;
  if (!rounds.length) return null;
  const columns = ctx.columns();
  const line = (r, i) => {
    const order = r.out_order.map((seat, k) => t("{place} {name}", { place: placeName(k + 1), name: ctx.name(seat) }));
    const calls = r.calls.map((call, seat) => (call ? `${call === "grand" ? t("Grand Tichu") : t("Tichu")} `
      + `${r.call_made[seat] ? "✓" : "✗"} ${ctx.name(seat)}` : null)).filter(Boolean);
    const score = columns && r.scores ? columns.map((c) => `${c.seat === null ? t("Team {n}", { n: c.index + 1 }) : c.label} ${signed(r.scores[c.index])}`).join(" · ") : null;
    return h("li", { class: "earlier-round", dataset: { round: String(i + 1) } },
      h("strong", {}, t("Round {n}", { n: i + 1 })), " ", order.join(", "),
      r.double_victory ? [" · ", t("double victory")] : null, r.triple_victory ? [" · ", t("triple victory")] : null,
      calls.length ? [" · ", calls.join(", ")] : null,
      score ? h("span", { class: "detail" }, score) : null);
  };
  return [h("h3", {}, t("Earlier rounds")),
    h("ol", { class: "earlier" }, rounds.map(line).reverse())];
}

/** "You gave Star 7 to Ben", "You received Jade 3 from Ben": the seat's own exchange. */
function exchangeLines(ctx) {
  const ex = ctx.view.exchange;
  if (!ex || !ex.received) return [];
  const line = (key, codes, text) => h("li", { class: ["event", `act-${key}`] },
    h("span", {}, text), cardRow(codes, ctx.ruleset, "mini"));
  return [
    ...Object.entries(ex.given || {}).map(([seat, code]) => line("gave", code,
      t("You gave {name}:", { name: ctx.name(Number(seat)) }))),
    ...Object.entries(ex.received).map(([seat, code]) => line("received", code,
      t("You received from {name}:", { name: ctx.name(Number(seat)) }))),
  ];
}

// -- card tracker (a table setting; public information only) ---------------------------------

function tracker(ctx) {
  const view = ctx.view;
  const deck = ctx.table.deck;
  if (!view || !deck) return h("p", {}, t("The game has not started yet."));
  const seen = new Set(view.hand || []);
  for (const e of view.history) if (e.act === "play") for (const c of e.cards.split(" ")) seen.add(c);
  const groups = new Map();
  for (const code of deck) {
    const info = describeCard(code, ctx.ruleset);
    const key = info.rank || info.name;  // the Tichu deck's specials have no rank
    if (!groups.has(key)) groups.set(key, { label: info.rank ? info.label : info.name, out: 0 });
    if (!seen.has(code)) groups.get(key).out += 1;
  }
  return h("div", { class: "tracker" },
    h("p", { class: "hint" }, view.hand ? t("Cards still out (not played and not in your hand):")
      : t("Cards not played yet:")),
    h("ul", { class: "ranks" }, [...groups.values()].map((g) => h("li", { class: g.out ? null : "gone", dataset: { rank: g.label } },
      h("span", { class: "label" }, g.label), h("span", { class: "visually-hidden" }, ": "),
      h("span", { class: "n" }, String(g.out))))));
}

// -- chat ------------------------------------------------------------------------------------

function chat(ctx) {
  const messages = ctx.table.chat || [];
  const needName = ctx.me === null;
  const send = (payload) => {
    if (needName) {
      const name = (ctx.ui.name || "").trim();
      if (!name) { ctx.showError(t("Please enter your name first.")); return; }
      payload.name = name;
    }
    ctx.request("chat", payload).then((ack) => { if (ack.ok && payload.text) { ctx.ui.draft = ""; ctx.update(); } });
  };
  return h("div", { class: "chat" },
    h("ol", { class: "messages", "aria-live": "off" }, messages.map((m) => h("li", { class: m.quick ? "quick" : null },
      h("span", { class: "who" }, m.name, ": "), h("span", { class: "text" }, m.quick ? quickText(m.quick) : m.text)))),
    h("div", { class: "quick-row" }, Object.keys(QUICK).map((code) => h("button", {
      type: "button", class: "quick", dataset: { key: `quick-${code}` }, onclick: () => send({ quick: code }) }, quickText(code)))),
    h("form", { class: "say", onsubmit: (e) => {
      e.preventDefault();
      const text = (ctx.ui.draft || "").trim();
      if (text) send({ text });
    } },
    needName ? h("input", { type: "text", maxlength: 20, "aria-label": t("Your name"), placeholder: t("Your name"),
      value: ctx.ui.name, dataset: { key: "chat-name" }, oninput: (e) => { ctx.ui.name = e.target.value; } }) : null,
    h("input", { type: "text", maxlength: 200, "aria-label": t("Message"), placeholder: t("Message"), value: ctx.ui.draft || "",
      autocomplete: "off", dataset: { key: "chat-text" }, oninput: (e) => { ctx.ui.draft = e.target.value; } }),
    h("button", { type: "submit", dataset: { key: "chat-send" } }, t("Send"))));
}

// -- settings ----------------------------------------------------------------------------------

function settings(ctx) {
  const ui = ctx.ui;
  const choice = (name, value, label) => h("label", { class: "choice" },
    h("input", { type: "radio", name, value, checked: ui.sort === value && !ui.order, dataset: { key: `sort-${value}` },
      onchange: () => { ui.sort = value; ui.order = null; store.set("sort", value); ctx.update(); } }), label);
  const toggle = (key, label) => h("label", { class: "choice" },
    h("input", { type: "checkbox", checked: ui.prefs[key], dataset: { key: `pref-${key}` },
      onchange: (e) => { ui.prefs[key] = e.target.checked; store.set(key, e.target.checked ? "1" : "0");
        if (key === "sound" && e.target.checked) ctx.beep(); ctx.update(); } }), label);
  return h("div", { class: "settings" },
    h("fieldset", {}, h("legend", {}, t("Order of the hand")),
      choice("sort", "rank", t("By rank")), choice("sort", "suit", t("By suit")),
      ui.order ? h("p", { class: "hint" }, t("Your own order (drag cards, or Alt + arrow keys)")) : null),
    h("fieldset", {}, h("legend", {}, t("When it is your turn")),
      toggle("sound", t("Play a sound")), "vibrate" in navigator ? toggle("vibrate", t("Vibrate")) : null,
      toggle("autopass", t("Pass by itself when nothing I hold beats the table (bombs aside)"))),
    h("fieldset", {}, h("legend", {}, t("Coach")),
      toggle("coach", t("Offer hints: what the Hard bot would do, and facts about the cards"))),
    h("fieldset", {}, h("legend", {}, t("At the end of a round")),
      toggle("autoclose", t("Close the summary by itself once everybody is ready"))),
    sightSettings(ctx),
    h("p", {}, t("Language:"), " ", h("strong", {}, lang === "de" ? "Deutsch" : "English")));
}
