// The solutions panel: a thumbnail per solution found by this step, which
// goes to the solution's step when clicked; for N-Queens grouped by class
// under rotation and reflection, as `puzzles queens N --unique` groups
// them.

import { $, count, html } from './dom.js';

export class SolutionsPanel {
  // `goTo(step)`: what a click on a thumbnail does.
  constructor(goTo) {
    this.goTo = goTo;
    this.clear();
  }

  clear() {
    this.key = '';
    this.thumbs = new Map(); // solution index → its thumbnail button
    $('solutions').replaceChildren();
    $('solutions-summary').textContent = 'No search to show.';
  }

  load(replay, puzzle) {
    this.clear();
    this.replay = replay;
    this.puzzle = puzzle;
  }

  show(step, state) {
    const { replay, puzzle } = this;
    const trace = replay.trace;
    const found = state.counters.solutions;
    const currentStep = replay.events[step - 1]?.event === 'solution' ? step : 0;
    const key = `${found}/${currentStep}`;
    if (key === this.key) return;
    this.key = key;
    const holder = $('solutions');
    const summary = $('solutions-summary');
    const shown = replay.solutions.slice(0, found);
    // A thumbnail is made once per solution and kept.
    const thumb = (solution) => {
      let button = this.thumbs.get(solution.index);
      if (!button) {
        button = html('button', {
          type: 'button', class: 'solution-thumb', 'data-step': solution.step,
          'aria-label': `solution ${solution.index}, step ${solution.step}`,
          title: `solution ${solution.index} (step ${solution.step})${solution.cols ? `: [${solution.cols.join(', ')}]` : ''}`,
        });
        button.append(puzzle.thumbnail(solution, trace), html('span', {}, `#${solution.index}`));
        button.addEventListener('click', () => this.goTo(solution.step));
        this.thumbs.set(solution.index, button);
      }
      if (solution.step === currentStep) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
      return button;
    };
    if (!found) {
      summary.textContent = (puzzle.noSolutionsNote && puzzle.noSolutionsNote(trace))
        || 'None yet: they appear here as the search finds them.';
      holder.replaceChildren();
      return;
    }
    if (!trace.classes) {
      summary.textContent = `${count(found, 'solution')} found so far.`;
      holder.replaceChildren(html('div', { class: 'thumbs' }));
      holder.firstChild.append(...shown.map(thumb));
      return;
    }
    const byIndex = new Map(shown.map((solution) => [solution.index, solution]));
    const groups = trace.classes
      .map((cls) => ({ cls, members: cls.solutions.filter((index) => byIndex.has(index)).map((index) => byIndex.get(index)) }))
      .filter((group) => group.members.length);
    const sizes = [...new Set(groups.map((group) => group.cls.size))];
    const ofSize = sizes.length === 1 ? ` of ${sizes[0]}` : '';
    summary.textContent = `${count(found, 'solution')} in ${count(groups.length, 'class', 'classes')}${ofSize} ` +
      'under rotation and reflection (as --unique counts them).';
    holder.replaceChildren(...groups.map((group, index) => {
      const section = html('div', { class: 'solution-class', 'data-size': group.cls.size });
      section.append(html('p', { class: 'class-title' },
        `Class ${index + 1}: [${group.cls.representative.join(', ')}] · class of ${group.cls.size} · ` +
        `${group.members.length} found`));
      const thumbs = html('div', { class: 'thumbs' });
      thumbs.append(...group.members.map(thumb));
      section.append(thumbs);
      return section;
    }));
  }
}
