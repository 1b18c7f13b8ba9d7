// Runs in the page (TablePage.assert_layout): what breaks the layout. A control counts where
// it can be hit (its middle is not covered); cards are checked at the corner they show.
() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const problems = [];
  const name = (el) => el.dataset.key || el.dataset.card || el.getAttribute("aria-label") || el.textContent.trim();
  if (document.documentElement.scrollWidth > vw + 1) problems.push(["horizontal scroll", document.documentElement.scrollWidth, vw]);
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none" && !el.closest("[hidden]") && !el.closest("[inert]"); };
  const hits = (el, x, y) => { const top = document.elementFromPoint(x, y); return top && (top === el || el.contains(top)); };
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
  const cards = [...document.querySelectorAll(".hand .card")].filter(shown);
  const controls = [...document.querySelectorAll("#app button, #app select, #app input:not([type=radio]):not([type=checkbox]), header a")]
    .filter(shown).filter((el) => !el.matches(".hand .card"));
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (!inside(r)) problems.push(["outside the viewport", name(el), [r.left, r.top, r.right, r.bottom].map(Math.round)]);
    if (r.width < 43.5 || r.height < 43.5) problems.push(["smaller than 44 px", name(el), [r.width, r.height]]);
    if (!hits(el, r.left + r.width / 2, r.top + r.height / 2)) problems.push(["covered", name(el)]);
  }
  for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
    const a = controls[i].getBoundingClientRect(), b = controls[j].getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0.5 && h > 0.5) problems.push(["overlap", name(controls[i]), name(controls[j])]);
  }
  for (const el of cards) {
    const r = el.getBoundingClientRect();
    if (!inside(r)) problems.push(["card outside the viewport", name(el)]);
    if (!hits(el, r.left + 14, r.top + 20)) problems.push(["card corner covered", name(el)]);
    const next = el.nextElementSibling;
    if (next && next.classList.contains("card") && next.getBoundingClientRect().left - r.left < 43.5)
      problems.push(["card strip under 44 px", name(el)]);
    for (const c of controls) {
      const b = c.getBoundingClientRect();
      const w = Math.min(r.right, b.right) - Math.max(r.left, b.left), h = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
      if (w > 0.5 && h > 0.5) problems.push(["card over a control", name(el), name(c)]);
    }
  }
  // Words cut short: a label, tab or tag whose text runs past its box (ended with "…" by
  // text-overflow). Names are anybody's to choose and may be cut (the seat's label has them
  // whole), as may a Grandseigneur title (its tooltip) and the chat bubble (the chat has it).
  const MAY_CUT = ".name, .name-text, .bubble, .card .got, .tag.title, .visually-hidden";
  for (const el of document.querySelectorAll("#app *, header *")) {
    if (getComputedStyle(el).textOverflow !== "ellipsis" || el.closest(MAY_CUT) || !shown(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(["cut off", name(el).replace(/\s+/g, " "), el.scrollWidth, el.clientWidth]);
  }
  // No tag (a seat's state, a badge) lying over a control: it would hide the control's words.
  for (const tag of [...document.querySelectorAll("#app .tag")].filter(shown)) {
    const r = tag.getBoundingClientRect();
    for (const c of controls) {
      if (c.contains(tag)) continue;
      const b = c.getBoundingClientRect();
      const w = Math.min(r.right, b.right) - Math.max(r.left, b.left), h = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
      if (w > 0.5 && h > 0.5) problems.push(["tag over a control", name(tag), name(c)]);
    }
  }
  // However many seats: no seat on top of another, none off the screen; the trick's plays (each
  // in front of its seat) never on top of each other.
  for (const [what, selector] of [["seat", "#app .seat"], ["play", ".trick .play"]]) {
    const boxes = [...document.querySelectorAll(selector)].filter(shown);
    for (const el of boxes) if (!inside(el.getBoundingClientRect())) problems.push([`${what} outside the viewport`, el.dataset.seat]);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].getBoundingClientRect(), b = boxes[j].getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) problems.push([`${what}s overlap`, boxes[i].dataset.seat, boxes[j].dataset.seat]);
    }
  }
  // The play to beat is in sight: its last card (the one no other card of the play covers) is
  // inside the screen and inside every box that clips it (a scrolled or cut-off trick hides it).
  // Trick cards take no taps (pointer-events: none), so this is a matter of boxes, not of hits.
  const beat = document.querySelector(".trick .play.top");
  if (beat) {
    const cardsOfBeat = beat.querySelectorAll(".card");
    const card = cardsOfBeat[cardsOfBeat.length - 1] || beat;
    const r = card.getBoundingClientRect();
    const x = r.left + Math.min(10, r.width / 2), y = r.top + Math.min(10, r.height / 2);
    let clipped = null;
    for (let el = card.parentElement; el && el !== document.body; el = el.parentElement) {
      const s = getComputedStyle(el);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const b = el.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) { clipped = el.className || el.tagName; break; }
    }
    // (Not while a sheet over the table makes it inert: the table is not being read then.)
    if (!beat.closest("[inert]") && (!shown(beat) || !inside(r) || clipped))
      problems.push(["the play to beat is out of sight", beat.dataset.seat, `${vw}x${vh}`, clipped,
        [r.left, r.top, r.right, r.bottom].map(Math.round)]);
  }
  return problems;
}
