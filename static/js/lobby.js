// The lobby: create a table (name, ruleset, options), join by code, see open tables.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./store.js";

const config = JSON.parse(document.getElementById("config").textContent);
const root = document.getElementById("app");
const MAIN_OPTIONS = ["target", "target_lead", "max_rounds", "direction", "stairs_min_pairs", "grand_tichu"];

function optionLabel(name, value) {
  const key = `option.${name}.${JSON.stringify(value)}`;
  const text = t(key);
  return text === key ? String(value) : text;
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
  return h("p", { class: "field" }, h("label", { for: id }, t(`option.${opt.name}`)), input);
}

function optionsFor(rulesetName) {
  const ruleset = config.rulesets.find((r) => r.name === rulesetName);
  const main = ruleset.options.filter((o) => MAIN_OPTIONS.includes(o.name));
  const more = ruleset.options.filter((o) => !MAIN_OPTIONS.includes(o.name));
  return [main.map(optionField),
    h("details", { class: "more-options" }, h("summary", {}, t("lobby.more_options")), more.map(optionField))];
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
  if (!name) { status.textContent = t("error.name_first"); return; }
  store.setName(name);
  const body = {
    host_name: name,
    name: form.querySelector("#table-name").value.trim() || null,
    ruleset: form.querySelector("#ruleset").value,
    options: readOptions(form),
    listed: form.querySelector("#listed").checked,
  };
  const seed = form.querySelector("#seed");
  if (seed && seed.value.trim()) body.seed = /^\d+$/.test(seed.value.trim()) ? Number(seed.value) : seed.value.trim();
  status.textContent = t("lobby.creating");
  const resp = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) });
  const data = await resp.json().catch(() => ({ ok: false, message: t("error.refused") }));
  if (!data.ok) { status.textContent = data.message; return; }
  store.setToken(data.code, data.token);
  location.href = data.url;
}

function createForm() {
  const rulesetSelect = h("select", { id: "ruleset" },
    config.rulesets.map((r) => h("option", { value: r.name }, t(`ruleset.${r.name}`))));
  const optionsBox = h("div", { class: "options" }, optionsFor(config.rulesets[0].name));
  rulesetSelect.addEventListener("change", () => replace(optionsBox, optionsFor(rulesetSelect.value)));
  return h("form", { class: "card-panel", onsubmit: createTable },
    h("h2", {}, t("lobby.create")),
    h("p", { class: "field" }, h("label", { for: "host-name" }, t("lobby.your_name")),
      h("input", { id: "host-name", type: "text", maxlength: 20, autocomplete: "nickname", value: store.name(), required: true })),
    h("p", { class: "field" }, h("label", { for: "table-name" }, t("lobby.table_name")),
      h("input", { id: "table-name", type: "text", maxlength: 40, placeholder: t("lobby.table_name_hint") })),
    h("p", { class: "field" }, h("label", { for: "ruleset" }, t("lobby.ruleset")), rulesetSelect),
    optionsBox,
    h("p", { class: "field check" }, h("input", { id: "listed", type: "checkbox", checked: true }),
      h("label", { for: "listed" }, t("lobby.listed"))),
    config.testing ? h("p", { class: "field" }, h("label", { for: "seed" }, t("lobby.seed")),
      h("input", { id: "seed", type: "text" })) : null,
    h("button", { type: "submit", class: "primary" }, t("lobby.create_button")),
    h("p", { class: "form-status", role: "status" }));
}

function joinForm() {
  const input = h("input", { id: "join-code", type: "text", maxlength: 8, autocapitalize: "characters",
    autocomplete: "off", spellcheck: "false" });
  return h("form", { class: "card-panel", onsubmit: (e) => {
    e.preventDefault();
    const code = input.value.trim().toUpperCase();
    if (code) location.href = `/t/${encodeURIComponent(code)}`;
  } },
  h("h2", {}, t("lobby.join")),
  h("p", { class: "field" }, h("label", { for: "join-code" }, t("lobby.code_label")), input),
  h("button", { type: "submit" }, t("lobby.join_button")));
}

function tableRow(row) {
  const players = row.players.map((p) => p || t("lobby.free_seat")).join(", ");
  return h("li", { class: "table-row" },
    h("a", { href: `/t/${row.code}` }, row.name),
    h("span", { class: "meta" }, ` ${row.code} · ${t(`ruleset.${row.ruleset}`)} · ${t(`lobby.status.${row.status}`)}`),
    h("span", { class: "players" }, players));
}

async function refreshList(list) {
  try {
    const data = await (await fetch("/api/tables")).json();
    replace(list, data.tables.length ? data.tables.map(tableRow) : h("li", {}, t("lobby.no_tables")));
  } catch {
    /* the next refresh tries again */
  }
}

const list = h("ul", { class: "table-list", "aria-live": "polite" });
replace(root,
  config.missing ? h("p", { class: "alert", role: "alert" }, t("lobby.missing", { code: config.missing })) : null,
  h("div", { class: "lobby-grid" },
    createForm(),
    h("div", {}, joinForm(), h("section", { class: "card-panel" }, h("h2", {}, t("lobby.open_tables")), list))));
refreshList(list);
setInterval(() => refreshList(list), 5000);
