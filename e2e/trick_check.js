// Runs in the page (e2e/test_trick.py): where the plays of the trick are, and what overlaps.
() => {
  const box = (el) => el.getBoundingClientRect();
  const cross = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const plays = [...document.querySelectorAll(".trick .play")];
  const parts = plays.flatMap((p) => [p.querySelector(".who"), p.querySelector(".cards")]);
  const others = [...document.querySelectorAll(".center .status, .center .wish")];
  const problems = [];
  const all = [...parts, ...others];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
    if (cross(box(all[i]), box(all[j]))) problems.push(["overlap", all[i].className, all[j].className,
      all[i].closest(".play")?.dataset.seat, all[j].closest(".play")?.dataset.seat]);
  }
  for (const p of plays) {
    const cards = [...p.querySelectorAll(".card")];
    const r = box(p);
    for (const c of cards) {
      const b = box(c);
      if (b.left < r.left - 0.5 || b.right > r.right + 0.5) problems.push(["card outside", p.dataset.seat, c.dataset.card]);
    }
    for (let i = 1; i < cards.length; i++) {
      const strip = box(cards[i]).left - box(cards[i - 1]).left;
      if (strip < box(cards[i - 1]).width * 0.38) problems.push(["strip too small", cards[i - 1].dataset.card]);
    }
  }
  const center = box(document.querySelector(".center"));
  const pos = Object.fromEntries(plays.map((p) => [p.dataset.seat, box(p)]));
  return { problems, pos, center: { left: center.left, right: center.right, top: center.top, bottom: center.bottom },
    order: plays.map((p) => [p.dataset.seat, [...p.querySelectorAll(".card")].map((c) => c.dataset.card)]),
    top: document.querySelector(".trick .play.top")?.dataset.seat,
    vw: document.documentElement.clientWidth, sw: document.documentElement.scrollWidth };
}
