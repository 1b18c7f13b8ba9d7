// Runs in the page (e2e/test_trick.py, e2e/test_trial.py): draws a given document with the
// page's own modules; `ui` sets local choices (an open panel, the summary left open, the selected
// cards as a list), `bubbles`
// the chat bubbles over the seats.
async ({ doc, ui = {}, bubbles = {} }) => {
  const { render } = await import("/static/js/render.js");
  const { makeContext } = await import("/static/js/context.js");
  const root = document.getElementById("app");
  const local = { selected: new Set(), slots: {}, pending: null, levels: {}, sort: "rank", order: null,
    panel: null, prefs: {}, summaryClosed: 99, ...ui, selected: new Set(ui.selected || []) };
  const noop = () => {};
  const ctx = makeContext(doc, local, { act: noop, call: noop, undoCall: noop, request: noop, sit: noop,
    update: noop, setSort: noop, showError: noop, beep: noop });
  const felt = root.querySelector(".felt");
  Object.assign(ctx, { version: 0, wide: matchMedia("(min-width: 1000px)").matches,
    roomy: matchMedia("(min-width: 1300px) and (min-height: 600px)").matches,
    width: felt ? felt.clientWidth : root.clientWidth,
    cardWidth: parseFloat(getComputedStyle(root).getPropertyValue("--hand-card")), bubbles });
  render(root, ctx);
}
