// The lobby: create a table (name, ruleset, options), join by code, see open tables.
import { h, replace } from "./dom.js";
import { levelName, refusal, rulesetName, t, tn } from "./i18n.js";
import { store } from "./store.js";

const config = JSON.parse(document.getElementById("config").textContent);
const root = document.getElementById("app");
const MAIN_OPTIONS = ["players", "rounds", "target", "target_lead", "max_rounds", "direction", "stairs_min_pairs",
  "grand_tichu"];

// One line for each ruleset under the choice, so nobody has to know the names.
const ABOUT = {
  standard: () => t("Four players in two teams, partners opposite: the classic game."),
  "fifty-two": () => t("Four players in two teams with a 52-card deck: the Aces are the special cards."),
  trichu: () => t("Three players: the dealer plays alone with an open second hand, the Table, against the other two; the dealer changes every hand."),
  tientsin: () => t("Six players in two teams of three, seated alternately; each passes one card to each partner."),
  grandseigneur: () => t("Five to twelve players, each on their own: go out first to climb the hierarchy; the lowest pass their best cards up."),
};
const OPTIONS = {
  players: () => t("Players"),
  rounds: () => t("Rounds"),
  table_can_win: () => t("The Table can win"),
  triple_victory_points: () => t("Triple victory points"),
  target: () => t("Target score"),
  target_lead: () => t("Lead needed to win"),
  max_rounds: () => t("Maximum rounds"),
  direction: () => t("Direction of play"),
  stairs_min_pairs: () => t("Stairs: minimum pairs"),
  grand_tichu: () => t("Grand Tichu"),
  double_victory_points: () => t("Double victory points"),
  tie_rule: () => t("Tie at the target"),
  wish_bomb_escape: () => t("Bomb instead of fulfilling the wish"),
  dragon_gift_on_final_trick: () => t("Dragon gift on the last trick"),
  one_call_per_team: () => t("Calls per team"),
};
const VALUES = {
  'direction."ccw"': () => t("Counter-clockwise (to the right)"),
  'direction."cw"': () => t("Clockwise (to the left)"),
  "grand_tichu.true": () => t("On"),
  "grand_tichu.false": () => t("Off"),
  'tie_rule."continue"': () => t("Play another round"),
  'tie_rule."draw"': () => t("The game is a draw"),
  'wish_bomb_escape."follow_only"': () => t("Only when following (official)"),
  'wish_bomb_escape."always"': () => t("Always"),
  'wish_bomb_escape."never"': () => t("Never"),
  "dragon_gift_on_final_trick.true": () => t("Yes (official)"),
  "dragon_gift_on_final_trick.false": () => t("No (tournament rule)"),
  "one_call_per_team.false": () => t("Both partners may call"),
  "one_call_per_team.true": () => t("At most one call per team"),
  "table_can_win.true": () => t("Yes (a column like the players')"),
  "table_can_win.false": () => t("No (only the three players are ranked)"),
};
const STATUS = { waiting: () => t("waiting for players"), playing: () => t("playing"), over: () => t("finished") };

/** "4 players", "5–12 players": the counts a ruleset's table seats (config.rulesets[].players). */
function playerCount(counts) {
  if (!counts || !counts.length) return "";
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  return low === high ? tn("{n} player", "{n} players", low) : t("{low}–{high} players", { low, high });
}

function rulesetChoice(ruleset) {
  return `${rulesetName(ruleset.name)} · ${playerCount(ruleset.players)}`;
}

function rulesetAbout(name) {
  return ABOUT[name] ? ABOUT[name]() : "";
}

function optionLabel(name, value) {
  const label = VALUES[`${name}.${JSON.stringify(value)}`];
  return label ? label() : String(value);
}

function optionField(opt) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.choices.length) {
    input = h("select", { id, dataset: { option: opt.name } },
      opt.choices.map((value) => h("option", { value: JSON.stringify(value), selected: value === opt.default },
        optionLabel(opt.name, value))));
  } else {
    input = h("input", { id, type: "number", min: opt.step, step: opt.step, value: opt.default, required: true,
      dataset: { option: opt.name, number: "1" } });
  }
  return h("p", { class: "field" }, h("label", { for: id }, OPTIONS[opt.name] ? OPTIONS[opt.name]() : opt.name), input);
}

function optionsFor(rulesetName) {
  const ruleset = config.rulesets.find((r) => r.name === rulesetName);
  const main = ruleset.options.filter((o) => MAIN_OPTIONS.includes(o.name));
  const more = ruleset.options.filter((o) => !MAIN_OPTIONS.includes(o.name));
  return [main.map(optionField),
    h("details", { class: "more-options" }, h("summary", {}, t("More options")), more.map(optionField))];
}

function readOptions(form) {
  const options = {};
  for (const el of form.querySelectorAll("[data-option]")) {
    options[el.dataset.option] = el.dataset.number ? Number(el.value) : JSON.parse(el.value);
  }
  return options;
}

async function createTable(event) {
  event.preventDefault();
  const form = event.target;
  const status = form.querySelector(".form-status");
  const name = form.querySelector("#host-name").value.trim();
  if (!name) { status.textContent = t("Please enter your name first."); return; }
  store.setName(name);
  const body = {
    host_name: name,
    name: form.querySelector("#table-name").value.trim() || null,
    ruleset: form.querySelector("#ruleset").value,
    options: readOptions(form),
    listed: form.querySelector("#listed").checked,
    settings: {
      tracker: form.querySelector("#tracker").checked,
      takeover: form.querySelector("#takeover").checked,
      grace: Number(form.querySelector("#grace").value),
      turn_timer: Number(form.querySelector("#turn-timer").value),
      bomb_window: Number(form.querySelector("#bomb-window").value),
      hints: form.querySelector("#hints").checked,
      spectator_hands: !form.querySelector("#no-hands").checked,  // the box says "may not"
    },
  };
  const seed = form.querySelector("#seed");
  if (seed && seed.value.trim()) body.seed = /^\d+$/.test(seed.value.trim()) ? Number(seed.value) : seed.value.trim();
  status.textContent = t("Creating the table…");
  const resp = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) });
  const data = await resp.json().catch(() => ({ ok: false, code: "server_error" }));
  if (!data.ok) { status.textContent = refusal(data); return; }
  store.setToken(data.code, data.token);
  location.href = data.url;
}

function createForm() {
  const rulesetSelect = h("select", { id: "ruleset", "aria-describedby": "ruleset-about" },
    config.rulesets.map((r) => h("option", { value: r.name }, rulesetChoice(r))));
  const about = h("p", { id: "ruleset-about", class: "ruleset-about" }, rulesetAbout(config.rulesets[0].name));
  const optionsBox = h("div", { class: "options" }, optionsFor(config.rulesets[0].name));
  rulesetSelect.addEventListener("change", () => {
    about.textContent = rulesetAbout(rulesetSelect.value);
    replace(optionsBox, optionsFor(rulesetSelect.value));
  });
  // The usual choices first (a name, the game and its main options); the table's settings
  // behind "Table settings", so a phone reaches Create in a few thumbs.
  return h("form", { class: "card-panel create-form", onsubmit: createTable },
    h("h2", {}, t("New table")),
    h("p", { class: "field" }, h("label", { for: "host-name" }, t("Your name")),
      h("input", { id: "host-name", type: "text", maxlength: 20, autocomplete: "nickname", value: store.name(), required: true })),
    h("p", { class: "field" }, h("label", { for: "ruleset" }, t("Rules")), rulesetSelect),
    about,
    optionsBox,
    h("details", { class: "table-settings" }, h("summary", {}, t("Table settings")),
      h("p", { class: "field" }, h("label", { for: "table-name" }, t("Table name")),
        h("input", { id: "table-name", type: "text", maxlength: 40, placeholder: t("optional") })),
      h("p", { class: "field check" }, h("input", { id: "listed", type: "checkbox", checked: true }),
        h("label", { for: "listed" }, t("Show this table in the lobby"))),
      h("p", { class: "field check" }, h("input", { id: "tracker", type: "checkbox", checked: Boolean(config.settings && config.settings.tracker) }),
        h("label", { for: "tracker" }, t("Offer the card tracker (how many cards of each rank are still out)"))),
      h("p", { class: "field check" }, h("input", { id: "hints", type: "checkbox", checked: !config.settings || config.settings.hints !== false }),
        h("label", { for: "hints" }, t("Players may ask the coach for hints (off for a competitive table)"))),
      h("p", { class: "field check" }, h("input", { id: "takeover", type: "checkbox", checked: Boolean(config.settings && config.settings.takeover) }),
        h("label", { for: "takeover" }, t("Anybody may take over a seat a bot plays (else they ask you)"))),
      h("p", { class: "field check" }, h("input", { id: "no-hands", type: "checkbox", checked: Boolean(config.settings && config.settings.spectator_hands === false) }),
        h("label", { for: "no-hands" }, t("Spectators may not see the hands, even with every player's consent (a tournament table)"))),
      durationField("grace", t("A bot plays for a player who left after"), (n) => t("{n} seconds", { n })),
      durationField("turn-timer", t("Turn timer"), (n) => (n ? t("{n} seconds", { n }) : t("Off"))),
      durationField("bomb-window", t("A won trick waits for bombs"), (n) => (n ? t("{n} seconds", { n }) : t("Off")))),
    config.testing ? h("p", { class: "field" }, h("label", { for: "seed" }, t("Seed (testing only)")),
      h("input", { id: "seed", type: "text" })) : null,
    h("button", { type: "submit", class: "primary" }, t("Create table")),
    h("p", { class: "form-status", role: "status" }));
}

/** A choice of seconds among the server's offers (config.choices), its default selected. */
function durationField(id, label, text) {
  const name = id.replace("-", "_");
  const choices = (config.choices && config.choices[name]) || [];
  return h("p", { class: "field" }, h("label", { for: id }, label),
    h("select", { id }, choices.map((n) => h("option", { value: String(n), selected: n === config.settings[name] }, text(n)))));
}

/** "Learn to play": a guided first game against scripted bots (docs/lesson.md); a lesson this
 * browser left before its end is offered to continue (the table keeps its step). */
function learnPanel() {
  const status = h("p", { class: "form-status", role: "status" });
  const going = store.get("lesson");
  const start = async () => {
    const field = document.getElementById("host-name");
    const name = (field && field.value.trim()) || store.name();
    status.textContent = t("Dealing the lesson…");
    const resp = await fetch("/api/lesson", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, player: store.player() }) }).catch(() => null);
    const data = resp ? await resp.json().catch(() => ({ ok: false, code: "server_error" })) : { ok: false, code: "timeout" };
    if (!data.ok) { status.textContent = refusal(data); return; }
    store.setToken(data.code, data.token);
    store.set("lesson", data.code);
    location.href = data.url;
  };
  return h("section", { class: "card-panel learn" },
    h("h2", {}, t("New to Tichu?")),
    h("p", {}, t("Learn to play in a guided first game against bots, in less than ten minutes.")),
    h("p", { class: "learn-buttons" },
      h("button", { type: "button", class: "primary", dataset: { key: "learn" }, onclick: start }, t("Learn to play")),
      going ? h("a", { class: "button", href: `/t/${encodeURIComponent(going)}`, dataset: { key: "continue-lesson" } },
        t("Continue the lesson")) : null),
    status);
}

function joinForm() {
  const input = h("input", { id: "join-code", type: "text", maxlength: 8, autocapitalize: "characters",
    autocomplete: "off", spellcheck: "false" });
  return h("form", { class: "card-panel", onsubmit: (e) => {
    e.preventDefault();
    const code = input.value.trim().toUpperCase();
    if (code) location.href = `/t/${encodeURIComponent(code)}`;
  } },
  h("h2", {}, t("Join a table")),
  h("p", { class: "field" }, h("label", { for: "join-code" }, t("Table code")), input),
  h("button", { type: "submit" }, t("Join")));
}

function tableRow(row) {
  const bots = row.bots || [];
  const players = row.players.map((p, i) => (bots[i] ? t("bot ({level})", { level: levelName(bots[i]) }) : p || t("free")))
    .join(", ");
  const total = row.seats ?? row.players.length;  // lines stored before `seats` was kept
  const free = tn("{n} of {total} seat free", "{n} of {total} seats free", row.free, { total });
  const status = STATUS[row.status] ? STATUS[row.status]() : row.status;
  return h("li", { class: "table-row" },
    h("a", { href: `/t/${row.code}` }, row.name),
    h("span", { class: "meta" }, ` ${row.code} · ${rulesetName(row.ruleset)} · ${status} · ${free}`),
    h("span", { class: "players" }, players));
}

async function refreshList(list) {
  try {
    const data = await (await fetch("/api/tables")).json();
    replace(list, data.tables.length ? data.tables.map(tableRow) : h("li", {}, t("No open tables right now. Create one!")));
  } catch {
    /* the next refresh tries again */
  }
}

const list = h("ul", { class: "table-list", "aria-live": "polite" });
replace(root,
  config.missing ? h("p", { class: "alert", role: "alert" }, t("There is no table with the code {code}.", { code: config.missing })) : null,
  // Joining comes first (a phone shows it without scrolling), then the longer form to create.
  h("div", { class: "lobby-grid" },
    h("div", {}, learnPanel(), joinForm(), h("section", { class: "card-panel" }, h("h2", {}, t("Tables")), list),
      h("p", { class: "my-games" }, h("a", { href: "/me", dataset: { key: "my-games" } }, t("Your games and statistics")))),
    createForm()));
refreshList(list);
setInterval(() => refreshList(list), 5000);
