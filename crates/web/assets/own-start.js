// Your own start (N-Queens): queens placed on the board, or typed as
// ROW:COL,… in the form, before the search; the search then looks for
// completions. The draft lives in the form's `given` box.

import { $, count } from './dom.js';

export function givenControl() {
  return document.querySelector('#puzzle-params [name="given"]');
}

// The squares typed or clicked: [[row, col], …], whatever is readable.
export function draftGiven() {
  const control = givenControl();
  if (!control) return [];
  const squares = [];
  for (const piece of control.value.split(',')) {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(piece);
    if (match) squares.push([Number(match[1]), Number(match[2])]);
  }
  return squares;
}

function setDraftGiven(squares) {
  const control = givenControl();
  squares.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  control.value = squares.map(([row, col]) => `${row}:${col}`).join(',');
}

// The first two squares that attack each other, in the CLI's words.
function firstAttack(squares) {
  for (let j = 0; j < squares.length; j += 1) {
    for (let i = 0; i < j; i += 1) {
      const [a, b] = [squares[i], squares[j]];
      let kind = null;
      if (a[0] === b[0]) kind = 'row';
      else if (a[1] === b[1]) kind = 'column';
      else if (Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1])) kind = 'diagonal';
      if (kind) return { pair: [a, b], kind };
    }
  }
  return null;
}

// The board and caption while queens are being placed. `queens`: the
// N-Queens descriptor, whose board this draws.
export function showSetup(queens) {
  const n = Number($('param-n').value);
  const squares = draftGiven().filter(([row, col]) => row < n && col < n);
  const attack = firstAttack(squares);
  const board = $('board');
  const trace = { n, given: squares };
  queens.draw(board, { stack: [] }, null, trace,
    attack ? { clash: attack.pair, clashKind: attack.kind, clickable: true } : { clickable: true });
  board.dataset.state = 'setup';
  board.classList.remove('solved', 'wide');
  board.classList.add('editing');
  const caption = $('event-text');
  caption.dataset.event = attack ? 'conflict' : 'start';
  const placed = squares.length
    ? `${count(squares.length, 'queen')} placed: ${squares.map(([r, c]) => `(${r}, ${c})`).join(', ')}.`
    : 'No queen placed yet.';
  if (attack) {
    const [[r1, c1], [r2, c2]] = attack.pair;
    caption.textContent = `Your own start: ${placed} The pieces at (row ${r1}, col ${c1}) and (row ${r2}, col ${c2}) ` +
      `attack each other (${attack.kind}): no search can start from here. Click one of them to take it away.`;
  } else {
    caption.textContent = `Your own start on the ${n}×${n} board: ${placed} Click a square to place or remove a queen; ` +
      'the hatched squares are attacked. Then search from these queens: the page steps through the search for completions.';
  }
}

export function toggleSquare(row, col) {
  const squares = draftGiven();
  const at = squares.findIndex(([r, c]) => r === row && c === col);
  if (at >= 0) squares.splice(at, 1); else squares.push([row, col]);
  setDraftGiven(squares);
}
