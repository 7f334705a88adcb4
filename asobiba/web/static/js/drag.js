// Dragging something from beside the board onto a board cell, with any pointer (mouse, pen,
// touch). A press that does not move leaves the element to its click handler; a drag shows a
// copy of the element under the pointer and, when let go over a cell, hands that cell's name on.

const THRESHOLD = 6; // pixels the pointer moves before a press becomes a drag

/** Let `el` be dragged to a cell; `onDrop(cellName)` is called when it is let go over one. */
export function dragToCell(el, onDrop) {
  el.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) return;
    let ghost = null;
    const move = (e) => {
      if (e.pointerId !== down.pointerId) return;
      if (!ghost) {
        if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < THRESHOLD) return;
        ghost = el.cloneNode(true);
        ghost.classList.add("drag-ghost");
        ghost.removeAttribute("data-value");
        document.body.append(ghost);
      }
      ghost.style.left = `${e.clientX}px`;
      ghost.style.top = `${e.clientY}px`;
    };
    const end = (e) => {
      if (e.pointerId !== down.pointerId) return;
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", end);
      document.removeEventListener("pointercancel", end);
      if (!ghost) return;
      ghost.remove();
      const cell = e.type === "pointerup" && document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-cell]");
      if (cell) onDrop(cell.dataset.cell);
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", end);
    document.addEventListener("pointercancel", end);
  });
}
