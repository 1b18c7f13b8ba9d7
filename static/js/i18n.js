// The page's language: the messages of the gettext catalog the server renders into the page
// (translations/<lang>/LC_MESSAGES/messages.po). Message ids are the English texts, so English
// needs no catalog and a missing translation shows English. Placeholders are {name}.
const data = JSON.parse((document.getElementById("i18n") || {}).textContent || "{}");
const messages = data.messages || {};
export const lang = data.lang || "en";

function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (all, name) => (vars[name] ?? all));
}

/** The translation of an English message id, with {placeholders} filled. */
export function t(msgid, vars = {}) {
  const text = messages[msgid];
  return fill(typeof text === "string" ? text : msgid, vars);
}

/** A message whose meaning depends on a context (gettext's pgettext). */
export function tp(context, msgid, vars = {}) {
  const text = messages[`${context}\u0004${msgid}`];
  return fill(typeof text === "string" ? text : msgid, vars);
}

/** A message with a singular and a plural (English and German: one form for 1, one for the rest). */
export function tn(one, many, n, vars = {}) {
  const forms = messages[one];
  const text = Array.isArray(forms) ? forms[n === 1 ? 0 : Math.min(1, forms.length - 1)] : (n === 1 ? one : many);
  return fill(text, { n, ...vars });
}

// The engine's and the server's refusals come with a stable code and an English message:
// other languages show the translation of the code (the English message when there is none).
const REFUSALS = {
  not_now: () => t("This is not the time for that."),
  not_your_turn: () => t("It is not your turn."),
  cannot_pass: () => t("You have the lead and must play."),
  must_fulfil_wish: (view) => t("You must play a {rank} (the wish).", { rank: view && view.wish ? rankName(view.wish) : "?" }),
  does_not_beat: () => t("That does not beat the cards on the table."),
  not_a_combination: () => t("These cards are no combination."),
  card_not_in_hand: () => t("You do not hold these cards."),
  already_decided: () => t("You have decided already."),
  one_call_per_team: () => t("Your partner has called already (one call per team)."),
  tichu_not_allowed: () => t("You cannot call Tichu any more."),
  bad_exchange: () => t("Give exactly the cards the exchange asks for: to each place its number of cards."),
  must_give_best: () => t("You must give your best cards."),
  bad_dog: () => t("Choose the partner who gets the lead with the Dog."),
  grand_not_allowed: () => t("You cannot call Grand Tichu at this table."),
  table_seat: () => t("This is the Table's place: the dealer plays its cards, nobody sits there."),
  bad_gift: () => t("The Dragon's trick must go to an opponent."),
  bad_wish: () => t("Only the player of the Mah Jong may wish."),
  round_over: () => t("The round is over."),
  game_over: () => t("The game is over."),
  bad_action: () => t("That action is not understood."),
  bad_request: () => t("That request is not understood."),
  bad_name: () => t("Please enter a name of at most 20 characters."),
  bad_options: () => t("These rules cannot be combined."),
  bad_settings: () => t("These settings cannot be used."),
  seat_taken: () => t("This seat is taken."),
  already_seated: () => t("You have a seat already."),
  not_seated: () => t("You have no seat at this table."),
  player_present: () => t("This player is here and keeps the seat."),
  no_change: () => t("Nothing to change."),
  seat_free: () => t("This seat is free already."),
  not_host: () => t("Only the host can do this."),
  seats_free: () => t("Some seats are still free: wait for players or add bots."),
  not_started: () => t("The game has not started yet."),
  bot_plays: () => t("A bot plays your seat: take your seat back first."),
  not_your_seat: () => t("You can only act for your own seat."),
  not_found: () => t("Not found."),
  unknown_table: () => t("There is no table with this code."),
  bad_token: () => t("This seat belongs to somebody else."),
  not_joined: () => t("Not connected to the table yet."),
  server_error: () => t("Something went wrong on the server."),
  timeout: () => t("The server did not answer. Please try again."),
  chat_empty: () => t("The message is empty."),
  chat_too_long: () => t("A message has at most 200 characters."),
  chat_too_fast: () => t("Slow down: wait a moment before the next message."),
  store_unavailable: () => t("The server cannot save right now, so this was not done. Please try again in a moment."),
  store_conflict: () => t("The table changed meanwhile. Please try again."),
  table_damaged: () => t("This table's saved game is damaged: it can be watched, not played."),
  bomb_window: () => t("The won trick stays on the table a moment longer, so that anybody may still bomb it."),
  bomb_hold: () => t("Somebody is choosing a bomb: wait a moment."),
  held_already: () => t("You have held the table once in this trick."),
  stale: () => t("The game moved on before your action arrived: here is the table as it is now."),
  ask_host: () => t("The host gave this seat to a bot: ask the host to let you take it."),
  rate_limited: () => t("Too many requests: wait a moment and try again."),
  busy: () => t("The reviewer is busy; try again in a minute."),
  round_running: () => t("This round is still being played: its review comes once it is over."),
  bad_round: () => t("There is no such round in this game."),
  hints_off: () => t("The host has switched hints and reviews off at this table until the game is over."),
  game_not_over: () => t("Rounds are reviewed here once the game is over."),
  bad_review: () => t("This round cannot be reviewed: it is not complete in the record, or the seat is not in it."),
  bad_record: () => t("This file is not a game record we can read."),
  bad_player: () => t("This browser's player key is damaged: use “Forget me” or a code from your other device."),
  not_kept: () => t("This server keeps no finished games."),
  unavailable: () => t("The games' archive does not answer; try again soon."),
  not_member: () => t("This club's page is for its members: open its invite link to join."),
  hands_forbidden: () => t("The host does not let spectators see the hands at this table."),
  hands_full: () => t("Too many spectators have asked to see the hands at this table."),
  seated: () => t("You play at this table: only spectators ask to see the hands."),
};

/** What to show for a refused request. */
export function refusal(ack, view = null) {
  if (!ack) return t("That did not work.");
  // The page's own sentence in every language where it has one (the server's text is for
  // logs and other clients); the server's words only for a code the page does not know.
  const translate = REFUSALS[ack.code];
  return translate ? translate(view) : (ack.message || t("That did not work."));
}

const LEVELS = { greedy: () => t("greedy"), easy: () => t("easy"), normal: () => t("normal"), hard: () => t("hard"),
  lesson: () => t("scripted") };  // the guided first game's bots (lesson.js)

/** A bot level's name ("greedy"); a level the page does not know keeps its own name. */
const RULESETS = {
  standard: () => t("Standard Tichu (56 cards)"),
  "fifty-two": () => t("52-card Tichu"),
  trichu: () => t("Trichu"),
  tientsin: () => t("Tientsin"),
  grandseigneur: () => t("Grandseigneur"),
};
export const rulesetName = (name) => (RULESETS[name] ? RULESETS[name]() : name);
export const levelName = (level) => (LEVELS[level] ? LEVELS[level]() : level);

// A place in the order of going out, in the page's language ("1st" / "1.").
const PLACES = { 1: () => t("1st"), 2: () => t("2nd"), 3: () => t("3rd") };
export const placeName = (n) => (PLACES[n] ? PLACES[n]() : t("{n}th", { n }));

const RANK_NAMES = { J: () => t("Jack"), Q: () => t("Queen"), K: () => t("King"), A: () => t("Ace") };

/** A rank's name: "Jack", "7". */
export function rankName(rank) {
  const name = RANK_NAMES[rank];
  return name ? name() : String(rank);
}
