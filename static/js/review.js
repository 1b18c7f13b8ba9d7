// The round review, shown as "find a better play": each decision the review flagged, in the
// position its seat saw then (its hand, the play to beat, the others' card counts, the wish:
// the server sends that seat's view only), to try a choice as at the table; then, on request,
// the better play with its figures. Any alternative the review also counts as clearly better
// than what was done counts as found. Used after a round at the table (summary.js) and by
// the replay viewer (replay.js); the server makes the review (docs/review.md).
import { h } from "./dom.js";
import { lang, placeName, rankName, t, tn, tp } from "./i18n.js";
import { cardButton, cardNames, cardRow, sortHand } from "./cards.js";

/** A review to show: the server's answer, the flag on screen (`at`), the cards picked, the last try. */
export function reviewState(data, number, at = 0) {
  return { data, number, at, picked: [], tried: null, shown: false };
}

function go(state, at) {
  state.at = at;
  state.picked = [];
  state.tried = null;
  state.shown = false;
}

const SELECTING = new Set(["lead", "follow", "bomb"]);

function sameCards(a, b) {
  const split = (x) => x.split(" ").filter(Boolean).sort().join(" ");
  return split(a) === split(b);
}

function sameGive(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] !== undefined && sameCards(a[k], b[k]));
}

/** Whether a choice tried is `choice` (a play: any of the plays it stands for). */
export function sameChoice(kind, tried, choice) {
  if (tried.act !== choice.act) return false;
  switch (tried.act) {
    case "play":
      if (kind === "wish") return (tried.wish ?? null) === (choice.wish ?? null);
      return (choice.same || [choice.cards]).some((cards) => sameCards(cards, tried.cards));
    case "gift": return tried.to === choice.to;
    case "grand": case "tichu": return Boolean(tried.call) === Boolean(choice.call);
    case "exchange": return sameGive(tried.give, choice.give);
    default: return true;  // pass, wait
  }
}

/** How a try fares: "found" (the better play or another that counts), "done" (what was done), "not". */
export function verdict(flag, tried) {
  if (flag.accept.some((choice) => sameChoice(flag.kind, tried, choice))) return "found";
  if (sameChoice(flag.kind, tried, flag.done)) return "done";
  return "not";
}

/** A choice in words. */
function choiceText(flag, choice, name, ruleset) {
  switch (choice.act) {
    case "play":
      if (flag.kind === "wish") return choice.wish ? t("Wish for {rank}", { rank: rankName(choice.wish) }) : t("No wish");
      return t("Play {cards}", { cards: cardNames(choice.cards, ruleset) });
    case "pass": return t("Pass");
    case "wait": return t("Keep the bomb");
    case "gift": return t("Give the trick to {name}", { name: name(choice.to) });
    case "grand": return choice.call ? t("Call Grand Tichu") : t("Do not call Grand Tichu");
    case "tichu": return choice.call ? t("Call Tichu") : t("Do not call Tichu");
    case "exchange":
      return Object.entries(choice.give).map(([to, cards]) => t("{cards} to {name}",
        { cards: cardNames(cards, ruleset), name: name(Number(to)) })).join("; ");
    default: return choice.act;
  }
}

function task(flag, name) {
  const pos = flag.position;
  switch (flag.kind) {
    case "grand": return t("Your first eight cards: call Grand Tichu or not?");
    case "tichu": return t("Before your first card: call Tichu or not?");
    case "exchange": return t("The exchange: which cards go to whom?");
    case "gift": return t("You won the trick with the Dragon: who gets it?");
    case "wish": return t("You play the Mah Jong: what do you wish for?");
    case "bomb": return t("A bomb out of turn: throw it or keep it?");
    case "lead": return t("You lead.");
    default: {
      const top = pos.trick.plays[pos.trick.plays.length - 1];
      return top ? t("To beat: {name}'s play", { name: name(top.seat) }) : t("Your turn.");
    }
  }
}

function othersLine(flag, name) {
  const pos = flag.position;
  return h("ul", { class: "review-others", "aria-label": t("The others' cards") },
    pos.players.filter((p) => p.seat !== pos.viewer).map((p) => {
      const tags = [];
      if (p.grand) tags.push(t("Grand Tichu"));
      if (p.tichu) tags.push(t("Tichu"));
      if (p.out) tags.push(t("out {place}", { place: placeName(p.out) }));
      return h("li", {}, `${name(p.seat)}: `, p.out ? "" : tn("{n} card", "{n} cards", p.cards),
        tags.length ? ` (${tags.join(", ")})` : "");
    }));
}

/** A flag's gain per round in words: "+58.1 points per round". */
function perRound(flag) {
  const digits = flag.unit === "places" ? 2 : 1;
  const gain = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits,
    signDisplay: "exceptZero" }).format(flag.gain);
  return flag.unit === "places" ? t("{gain} places per round", { gain }) : t("{gain} points per round", { gain });
}

/** A flagged decision in one line, for the whole game's list: the choice made, the better one, the gain. */
export function flagLine(flag, name, ruleset) {
  return t("Chosen: {done}; better: {better} ({gain})", { done: choiceText(flag, flag.done, name, ruleset),
    better: choiceText(flag, flag.better, name, ruleset), gain: perRound(flag) });
}

function figures(flag) {
  const unit = perRound(flag);
  const share = new Intl.NumberFormat(lang, { style: "percent" }).format(flag.share);
  const said = t("Better in {share} of {deals} sampled deals, {gain} on average.", { share, deals: flag.deals, gain: unit });
  const more = notes(flag);
  return more.length ? `${said} (${more.join("; ")})` : said;
}

/** What the review adds to a flag, as app/coach/review/notes.py says it in the review's text:
 * how sure the gain is, whether the chance to win the game judged it, what the hint chose. */
function notes(flag) {
  const out = [];
  if (flag.low !== null && flag.low !== undefined) {
    const digits = flag.unit === "places" ? 2 : 1;
    const gain = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits,
      signDisplay: "exceptZero" }).format(flag.low);
    const low = flag.unit === "places" ? tp("review", "{gain} places", { gain }) : tp("review", "{gain} points", { gain });
    out.push(tp("review", "surely at least {low} per round", { low }));
  }
  if (flag.judged === "game") out.push(tp("review", "judged by the chance to win the game, which this round can decide"));
  const hint = flag.hint;
  if (hint && hint.chose === "done") {
    out.push(hint.deals
      ? tp("review", "the hint chose this too, on {hint} deals; the review looked deeper, on {deals} deals",
        { hint: hint.deals, deals: flag.deals })
      : tp("review", "the hint chose this too, by its rules; the review looked deeper, on {deals} deals",
        { deals: flag.deals }));
  } else if (hint && hint.chose === "better") {
    out.push(tp("review", "as the hint suggests"));
  }
  return out;
}

/** The choices to try: the hand's cards and Play / Pass, or the decision's options. */
function tryControls(state, flag, ruleset, name, update) {
  const pos = flag.position;
  // Each try starts afresh, as a play at the table leaves the hand.
  const attempt = (choice) => { state.tried = choice; state.picked = []; update(); };
  const button = (key, label, choice, extra = {}) => h("button", { type: "button", dataset: { key }, ...extra,
    onclick: () => attempt(choice) }, label);
  switch (flag.kind) {
    case "grand": case "tichu":
      return [button("review-call", flag.kind === "grand" ? t("Call Grand Tichu") : t("Call Tichu"), { act: flag.kind, call: true }),
        button("review-no-call", t("Do not call"), { act: flag.kind, call: false })];
    case "gift":
      return pos.legal.gift.map((to) => button(`review-gift-${to}`, t("To {name}", { name: name(to) }), { act: "gift", to }));
    case "wish":
      return [...pos.ranks.map((rank) => button(`review-wish-${rank}`, rankName(rank),
        { act: "play", cards: flag.done.cards, wish: rank }, { "aria-label": t("Wish for {rank}", { rank: rankName(rank) }) })),
      button("review-wish-none", t("No wish"), { act: "play", cards: flag.done.cards, wish: null })];
    case "exchange":  // the passes the review compared, what was done marked
      return h("div", { class: "review-options" }, flag.options.map((choice, i) => button(`review-option-${i}`,
        i === 0 ? t("{choice} (the choice made)", { choice: choiceText(flag, choice, name, ruleset) })
          : choiceText(flag, choice, name, ruleset), choice, { class: "review-option" })));
    default: {
      const out = [h("button", { type: "button", class: "primary", dataset: { key: "review-play" }, disabled: !state.picked.length,
        onclick: () => attempt({ act: "play", cards: state.picked.join(" ") }) }, t("Play"))];
      if (flag.kind === "bomb") out.push(button("review-wait", t("Keep the bomb"), { act: "wait" }));
      else if (pos.legal.pass) out.push(button("review-pass", t("Pass"), { act: "pass" }));
      return out;
    }
  }
}

function hand(state, flag, ruleset, update) {
  const pos = flag.position;
  const cards = sortHand(pos.hand, "rank", ruleset);
  if (!SELECTING.has(flag.kind)) return h("div", { class: "review-hand", "aria-label": t("Your hand") }, cardRow(cards, ruleset));
  return h("div", { class: "review-hand", role: "group", "aria-label": t("Your hand") }, cards.map((code) => {
    const selected = state.picked.includes(code);
    return cardButton(code, ruleset, { selected, onclick: () => {
      state.picked = selected ? state.picked.filter((c) => c !== code) : [...state.picked, code];
      state.tried = null;
      update();
    } });
  }));
}

function outcome(state, flag, name, ruleset) {
  if (!state.tried) return null;
  const how = verdict(flag, state.tried);
  const text = how === "found" ? t("Found: clearly better than the choice made.")
    : how === "done" ? t("That is the choice made. Try another one.")
      : t("Not clearly better by the review's count. Try again, or show the better play.");
  return h("p", { class: ["review-outcome", how], dataset: { outcome: how } }, text);
}

/** The review: one flagged decision at a time, or the news that nothing was flagged. */
export function renderReview(state, { name, update, close, ruleset, title }) {
  const data = state.data;
  const flags = data.flags;
  const head = (nav) => h("div", { class: "review-head" },
    h("h2", { id: "review-title" }, title),
    flags.length > 1 ? h("p", { class: "review-count" }, t("{i} of {n}", { i: state.at + 1, n: flags.length })) : null,
    nav,
    close ? h("button", { type: "button", class: "quiet", dataset: { key: "review-close" }, onclick: close }, t("Close")) : null);
  if (!flags.length) {
    return h("section", { class: "review", role: "dialog", "aria-labelledby": "review-title" }, head(null),
      h("p", { class: "review-none", dataset: { key: "review-none" } }, t("No decision in this round was clearly worse than an alternative.")),
      h("p", { class: "review-note" }, tn("{n} decision compared on {deals} sampled deals.",
        "{n} decisions compared on {deals} sampled deals each.", data.decisions, { deals: data.settings.deals })));
  }
  const flag = flags[state.at];
  const move = (at) => { go(state, at); update(); };
  const nav = flags.length > 1 ? [
    h("button", { type: "button", dataset: { key: "review-prev" }, disabled: state.at === 0, "aria-label": t("Previous"),
      title: t("Previous"), onclick: () => move(state.at - 1) }, "◀"),
    h("button", { type: "button", dataset: { key: "review-next" }, disabled: state.at === flags.length - 1,
      "aria-label": t("Next"), title: t("Next"), onclick: () => move(state.at + 1) }, "▶")] : null;
  const wish = flag.position.wish;
  const top = flag.position.trick.plays[flag.position.trick.plays.length - 1];
  return h("section", { class: "review", role: "dialog", "aria-labelledby": "review-title", dataset: { flag: String(state.at) } },
    head(nav),
    h("p", { class: "review-task" }, h("strong", {}, t("Find a better play.")), " ", task(flag, name)),
    h("div", { class: "review-position" },
      top && flag.kind !== "lead" ? h("div", { class: "review-trick" }, cardRow(top.cards, ruleset)) : null,
      othersLine(flag, name),
      wish ? h("p", { class: "review-wish" }, t("Wish: {rank}", { rank: rankName(wish) })) : null),
    hand(state, flag, ruleset, update),
    flag.kind === "exchange" ? null
      : h("p", { class: "review-done" }, t("The choice made: {choice}", { choice: choiceText(flag, flag.done, name, ruleset) })),
    h("div", { class: "review-try" }, tryControls(state, flag, ruleset, name, update),
      state.shown ? null : h("button", { type: "button", class: "review-show", dataset: { key: "review-show" },
        onclick: () => { state.shown = true; update(); } }, t("Show the better play"))),
    h("div", { "aria-live": "polite" }, outcome(state, flag, name, ruleset),
      state.shown ? h("p", { class: "review-better", dataset: { key: "review-better" } },
        h("strong", {}, t("Better: {choice}.", { choice: choiceText(flag, flag.better, name, ruleset) })), " ", figures(flag),
        flag.accept.length > 1 ? " " : "",
        flag.accept.length > 1 ? tn("{n} more choice counts too.", "{n} more choices count too.", flag.accept.length - 1) : "")
        : null));
}
