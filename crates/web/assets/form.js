// The form above the board, built from the server's catalogue
// (/api/puzzles): a control per parameter of the chosen puzzle, the search
// modes, and the query of the search it names.

import { $, html } from './dom.js';

// `on.change(param)`: a control changed (the integer select, the squares
// box); `on.example()`: an example button loaded its puzzle into the form.
// Returns what `values` (an address) asked for that the form cannot hold.
export function buildParams(puzzle, values, on) {
  const holder = $('puzzle-params');
  holder.replaceChildren();
  // What an address asks for that the form cannot hold (`n=99`, an example
  // the catalogue does not name): said on the page, never passed over.
  const unshown = [];
  let exampleMode = null;
  for (const param of puzzle.parameters) {
    if (param.kind === 'integer') {
      const label = html('label', { class: 'field' }, param.label);
      const control = html('select', { name: param.name, id: `param-${param.name}` });
      for (let value = param.min; value <= param.max; value += 1) {
        control.append(html('option', { value }, String(value)));
      }
      control.value = values.get(param.name) ?? String(param.default ?? '');
      if (control.value === '' && values.has(param.name)) {
        unshown.push(`${param.name}=${values.get(param.name)}`);
        control.value = String(param.default ?? param.min);
      }
      control.addEventListener('change', () => on.change(param));
      label.append(control);
      holder.append(label);
      continue;
    }
    if (param.kind === 'choice') {
      // One of a few named options (a crossword's word list).
      const label = html('label', { class: 'field', title: param.hint || '' }, param.label);
      const control = html('select', { name: param.name, id: `param-${param.name}` });
      for (const option of param.options) control.append(html('option', { value: option.value }, option.label));
      control.value = values.get(param.name) ?? String(param.default ?? '');
      if (control.value === '' && values.has(param.name)) {
        unshown.push(`${param.name}=${values.get(param.name)}`);
        control.value = String(param.default ?? param.options[0]?.value ?? '');
      }
      label.append(control);
      holder.append(label);
      continue;
    }
    if (param.kind === 'squares') {
      // Given queens: typed as ROW:COL,… or clicked on the board.
      const label = html('label', { class: 'field given-field', title: param.hint }, param.label);
      const control = html('input', {
        name: param.name, id: `param-${param.name}`, type: 'text', placeholder: 'none (e.g. 0:1,3:2)',
        spellcheck: 'false', autocomplete: 'off', size: 14,
      });
      control.value = values.get(param.name) ?? String(param.default ?? '');
      control.addEventListener('input', () => on.change(param));
      label.append(control);
      holder.append(label);
      continue;
    }
    // Free text (a Sudoku or crossword grid): the box, what to type, and examples to
    // load with one click.
    const field = html('div', { class: 'field wide' });
    const control = html('textarea', {
      name: param.name, id: `param-${param.name}`, class: 'grid-text', rows: param.lines || 1,
      spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', 'aria-describedby': `hint-${param.name}`,
    });
    control.value = values.get(param.name) ?? String(param.default ?? '');
    // An address may name one of the examples instead of a grid, as the
    // API takes it.
    const named = values.get('example');
    if (named !== null && values.has(param.name)) {
      // The API takes one or the other: the grid typed is what is shown.
      unshown.push(`example=${named}`);
    } else if (named !== null) {
      const example = (param.examples || []).find((candidate) => candidate.name === named);
      if (example) {
        control.value = example.grid;
        exampleMode = example.mode;
      } else {
        unshown.push(`example=${named}`);
      }
    }
    control.addEventListener('input', markExample);
    field.append(html('label', { for: control.id }, param.label), control);
    if (param.hint) field.append(html('p', { class: 'hint-text', id: `hint-${param.name}` }, param.hint));
    if (param.examples) {
      const row = html('div', { class: 'examples', role: 'group', 'aria-label': 'Example puzzles' });
      row.append(html('span', { class: 'examples-label' }, 'Examples:'));
      for (const example of param.examples) {
        const button = html('button', {
          type: 'button', class: 'example', title: example.about, 'data-grid': example.grid,
        }, example.label);
        button.addEventListener('click', () => {
          control.value = example.grid;
          setMode(example.mode);
          on.example();
        });
        row.append(button);
      }
      field.append(row);
    }
    holder.append(field);
  }
  const modes = puzzle.modes || ['first', 'all'];
  const labels = puzzle.mode_labels || {};
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.disabled = !modes.includes(radio.value);
    const text = radio.parentElement.querySelector('.mode-label');
    text.dataset.plain ??= text.textContent;
    text.textContent = labels[radio.value] || text.dataset.plain;
  }
  const asked = values.get('mode');
  if (asked !== null && !modes.includes(asked)) unshown.push(`mode=${asked}`);
  setMode((modes.includes(asked) && asked) || exampleMode || puzzle.default_mode || modes[0]);
  // Anything else the address names is not the form's to hold.
  const known = new Set(['puzzle', 'step', 'mode', 'example', ...puzzle.parameters.map((p) => p.name)]);
  for (const [key, value] of values) {
    if (!known.has(key)) unshown.push(`${key}=${value}`);
  }
  markExample();
  return unshown;
}

export function setMode(mode) {
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === mode;
}

// Presses the example button whose puzzle is in the text box.
export function markExample() {
  // Spaces and line breaks do not count, nor the two ways of writing an
  // empty Sudoku cell.
  const normal = (text) => text.replace(/\s+/g, '').replace(/0/g, '.').toUpperCase();
  const box = document.querySelector('#puzzle-params textarea');
  const typed = box ? normal(box.value) : null;
  for (const button of document.querySelectorAll('#puzzle-params .example')) {
    button.setAttribute('aria-pressed', String(typed === normal(button.dataset.grid)));
  }
}

// The query of the search the form names.
export function currentParams() {
  const params = new URLSearchParams();
  params.set('puzzle', $('puzzle').value);
  for (const control of $('puzzle-params').querySelectorAll('[name]')) {
    // No given queens: the plain search, and a plain address.
    if (control.name === 'given' && !control.value.trim()) continue;
    params.set(control.name, control.value);
  }
  const mode = document.querySelector('input[name="mode"]:checked');
  params.set('mode', mode ? mode.value : 'first');
  return params;
}

export function hashParams() {
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}
