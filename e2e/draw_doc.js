// Runs in the page (e2e/test_trick.py): draws a given document with the page's own modules.
async ({ doc }) => {
  const { render } = await import("/static/js/render.js");
  const { makeContext } = await import("/static/js/context.js");
  const root = document.getElementById("app");
  const ui = { selected: new Set(), slots: {}, pending: null, levels: {}, sort: "rank", order: null,
    panel: null, prefs: {}, summaryClosed: 99 };
  const noop = () => {};
  const ctx = makeContext(doc, ui, { act: noop, call: noop, undoCall: noop, request: noop, sit: noop,
    update: noop, setSort: noop, showError: noop, beep: noop });
  Object.assign(ctx, { version: 0, wide: innerWidth >= 1000, width: root.clientWidth, cardWidth: parseFloat(getComputedStyle(root).getPropertyValue("--hand-card")), bubbles: {} });
  render(root, ctx);
}
