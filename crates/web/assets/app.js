// The page of `puzzles serve`: fetch a trace of the real search, then show
// the board at any step k by replaying events 1..k.
//
// This module wires the parts together: the form (form.js) names a search,
// the server runs it, replay.js makes it ready, panels.js shows any step of
// it with the puzzle's descriptor (puzzles.js), and the player (player.js)
// moves the step. Your own start (own-start.js) belongs to N-Queens.

import { $, capitalised, html } from './dom.js';
import { buildParams, currentParams, hashParams, markExample } from './form.js';
import { draftGiven, givenControl, showSetup, toggleSquare } from './own-start.js';
import { Panels } from './panels.js';
import { Player } from './player.js';
import { PUZZLES } from './puzzles.js';
import { Replay } from './replay.js';

const stepper = {
  catalogue: null,
  replay: null, // the Replay of the trace shown
  puzzle: null, // its descriptor
  params: null, // the query of the trace shown
  step: 0,
  editing: false, // placing queens for your own start
  hashTimer: 0,
  loads: 0, // searches asked for: only the newest answer is shown
  pending: null, // the AbortController of the search being fetched
  goTo(step) {
    if (!stepper.replay) return;
    stepper.step = Math.max(0, Math.min(stepper.replay.length, step));
    render();
    if (!player.playing) scheduleHash();
  },
  paused: () => scheduleHash(),
};
const player = new Player(stepper);
// A jump from a panel lands in view: the board, with the player above it,
// is scrolled back into the window if it has left it.
const panels = new Panels((step) => {
  player.jump(step);
  const board = $('board').getBoundingClientRect();
  if (board.top < 0 || board.bottom > window.innerHeight) {
    document.querySelector('.stage').scrollIntoView({ block: 'start', behavior: 'instant' });
  }
});

function render() {
  showClearButton();
  if (stepper.editing) {
    showSetup(PUZZLES.queens);
    return;
  }
  if (stepper.replay) panels.show(stepper.step);
}

// "Clear the queens" only when there are queens of your own to clear.
function showClearButton() {
  const ownStart = stepper.editing || (stepper.puzzle && stepper.puzzle.ownStart);
  $('clear-given').hidden = !ownStart || draftGiven().length === 0;
}

function scheduleHash() {
  clearTimeout(stepper.hashTimer);
  stepper.hashTimer = setTimeout(() => {
    if (!stepper.replay || !stepper.params || stepper.editing) return;
    const params = new URLSearchParams(stepper.params);
    params.set('step', String(stepper.step));
    history.replaceState(null, '', `#${params}`);
  }, 250);
}

function showMessage(text, kind) {
  const message = $('message');
  message.textContent = capitalised(text);
  message.className = `message ${kind}`;
  message.hidden = !text;
}

function setEditing(editing) {
  stepper.editing = editing;
  player.setPlaying(false);
  const button = $('own-start');
  button.setAttribute('aria-pressed', String(editing));
  button.textContent = editing ? 'Done placing: search from these queens' : 'Place your own queens';
  $('player').classList.toggle('inert', editing);
  document.querySelector('.panels').classList.toggle('inert', editing);
  for (const control of $('player').querySelectorAll('button, input')) control.disabled = editing;
  render();
}

function clearView(text) {
  stepper.replay = null;
  stepper.puzzle = null;
  stepper.step = 0;
  panels.clear(text);
}

// `unshown`: what the address asked for that the form could not hold,
// said beside the search shown instead.
async function load(params, step, unshown = []) {
  player.setPlaying(false);
  stepper.editing = false;
  $('own-start').setAttribute('aria-pressed', 'false');
  $('own-start').textContent = 'Place your own queens';
  $('player').classList.remove('inert');
  document.querySelector('.panels').classList.remove('inert');
  showMessage('', 'info');
  $('load').disabled = true;
  clearView('Running the search…');
  stepper.loads += 1;
  const ticket = stepper.loads;
  // The search asked for before is not waited for: a tester's sixteen
  // quick clicks downloaded and parsed sixteen 14 MB traces before the
  // last one showed (22 s against 2 s).
  stepper.pending?.abort();
  const pending = new AbortController();
  stepper.pending = pending;
  try {
    const response = await fetch(`/api/trace?${params}`, { signal: pending.signal });
    // A refusal made before the request is read (the server at its bound
    // of connections) is plain text: its words are the reason too.
    const text = await response.text().catch(() => '');
    // A newer search was asked for meanwhile: this answer is stale.
    if (ticket !== stepper.loads) return;
    let body = {};
    try { body = JSON.parse(text); } catch { body = {}; }
    if (!response.ok) {
      const reason = body.error || text.trim() || `The server answered ${response.status}.`;
      showMessage(reason, 'error');
      clearView(`No search was run: ${reason}`);
      if (params.get('given') && PUZZLES[params.get('puzzle')]?.ownStart) {
        // Show the queens that were refused, ready to be changed.
        setEditing(true);
        $('event-text').textContent = `No search was run: ${reason}. Click a queen to take it away, ` +
          'or clear the queens, then search again.';
      }
      return;
    }
    const puzzle = PUZZLES[body.puzzle];
    if (!puzzle) {
      showMessage(`This page cannot draw ${body.puzzle} yet.`, 'error');
      clearView(`No search to show: this page has no drawing for ${body.puzzle}.`);
      return;
    }
    document.body.dataset.puzzle = body.puzzle;
    stepper.params = new URLSearchParams(params);
    // The address keeps the grid as the server read it: on one line.
    if (body.grid !== undefined) stepper.params.set('grid', body.grid);
    stepper.replay = new Replay(body, puzzle);
    stepper.puzzle = puzzle;
    markExample();
    panels.load(stepper.replay, puzzle);
    $('own-start').hidden = !puzzle.ownStart;
    if (body.truncated) {
      showMessage(body.message, 'warning');
    } else if (body.given && body.summary.counters.solutions === 0) {
      showMessage(`No completion exists for the given queens: the search below tries every way and finds none ` +
        `(as puzzles queens ${body.n} --given ${params.get('given')} says).`, 'warning');
    }
    if (unshown.length) {
      showMessage(`This page cannot show ${unshown.join(' and ')} from the address: ` +
        'it shows the search the form names instead.', 'warning');
    }
    stepper.goTo(step || 0);
  } catch (error) {
    if (ticket !== stepper.loads) return;
    showMessage(`Could not get the trace from the server: ${error.message}`, 'error');
    clearView(`No search was run: could not get the trace from the server (${error.message}).`);
  } finally {
    if (ticket === stepper.loads) $('load').disabled = false;
  }
}

// A change in the form applies at once, as a change of puzzle does: a
// new N runs its search (or, while placing queens, redraws the board);
// typing given queens redraws them.
const formEvents = {
  change: (param) => {
    if (stepper.editing) {
      render();
    } else if (param.kind === 'integer') {
      load(currentParams(), 0);
    } else {
      showClearButton();
    }
  },
  example: () => load(currentParams(), 0),
};

async function start() {
  try {
    const response = await fetch('/api/puzzles');
    stepper.catalogue = await response.json();
  } catch (error) {
    showMessage(`Could not reach the server: ${error.message}`, 'error');
    return;
  }
  // The puzzles of the server's catalogue that this page can draw (a
  // descriptor in puzzles.js).
  const puzzles = stepper.catalogue.puzzles.filter((puzzle) => PUZZLES[puzzle.id]);
  const wanted = hashParams();
  const select = $('puzzle');
  for (const puzzle of puzzles) select.append(html('option', { value: puzzle.id }, puzzle.name));
  const named = puzzles.find((p) => p.id === wanted.get('puzzle'));
  const chosen = named || puzzles[0];
  select.value = chosen.id;
  const unshown = buildParams(chosen, wanted, formEvents);
  if (!named && wanted.has('puzzle')) unshown.unshift(`puzzle=${wanted.get('puzzle')}`);
  // Another puzzle: its default search at once, not the old board.
  select.addEventListener('change', () => {
    buildParams(puzzles.find((p) => p.id === select.value), new URLSearchParams(), formEvents);
    load(currentParams(), 0);
  });
  load(currentParams(), Number(wanted.get('step')) || 0, unshown);
  // An address typed or pasted in (or history) shows what it names.
  window.addEventListener('hashchange', () => {
    clearTimeout(stepper.hashTimer);
    const hash = hashParams();
    const puzzle = puzzles.find((p) => p.id === hash.get('puzzle'));
    if (!puzzle) {
      showMessage(`This page cannot show puzzle=${hash.get('puzzle') ?? ''} from the address: ` +
        'it shows the search the form names instead.', 'warning');
      return;
    }
    const step = Number(hash.get('step')) || 0;
    hash.delete('step');
    const shown = stepper.params ? new URLSearchParams(stepper.params) : null;
    if (shown) shown.delete('step');
    if (shown && shown.toString() === hash.toString()) {
      player.jump(step);
      return;
    }
    select.value = puzzle.id;
    // The form is rebuilt from the address first: the search loaded is the
    // one the address names (the old form's was loaded before).
    const unshown = buildParams(puzzle, hash, formEvents);
    load(currentParams(), step, unshown);
  });
}

function wire() {
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    load(currentParams(), 0);
  });
  player.wire();
  $('own-start').addEventListener('click', () => {
    if (!stepper.editing) {
      setEditing(true);
      return;
    }
    load(currentParams(), 0);
  });
  // Clearing the queens goes back to placing them, on an empty board: the
  // search shown is not silently swapped for another.
  $('clear-given').addEventListener('click', () => {
    if (!givenControl()) return;
    givenControl().value = '';
    if (!stepper.editing) setEditing(true); else render();
    $('event-text').textContent = `Your queens are cleared. ${$('event-text').textContent}`;
    $('own-start').focus();
  });
  // The search mode applies at once too.
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => {
      if (!stepper.editing) load(currentParams(), 0);
    });
  }
  // Clicking a square: in your own start, place or take away a queen; at
  // step 0 of a queens search, begin your own start with that queen.
  $('board').addEventListener('click', (event) => {
    const square = event.target.closest('[data-row][data-col]');
    if (!square) return;
    if (!stepper.editing) {
      if (!stepper.puzzle || !stepper.puzzle.ownStart || stepper.step !== 0) return;
      setEditing(true);
    }
    toggleSquare(Number(square.dataset.row), Number(square.dataset.col));
    render();
    // The board is drawn anew: the keyboard stays on the same square.
    if (event.detail === 0) {
      const again = $('board').querySelector(`rect[data-row="${square.dataset.row}"][data-col="${square.dataset.col}"][tabindex]`);
      if (again) again.focus();
    }
  });
  $('board').addEventListener('keydown', (event) => {
    if ((event.key === 'Enter' || event.key === ' ') && event.target.matches('rect[tabindex]')) {
      event.preventDefault();
      event.stopPropagation();
      event.target.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }));
    }
  });
}

wire();
start();
