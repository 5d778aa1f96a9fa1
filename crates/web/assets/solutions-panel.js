// The solutions panel: a thumbnail per solution of the trace, which goes to
// the solution's step when clicked; for N-Queens grouped by class under
// rotation and reflection, as `puzzles queens N --unique` groups them.
//
// Every solution of the trace is listed from step 0, those not found yet
// faint, so that the list keeps its size (and the thumbnail under the
// pointer stays there) whatever the step.

import { $, count, html } from './dom.js';

export class SolutionsPanel {
  // `goTo(step)`: what a click on a thumbnail does.
  constructor(goTo) {
    this.goTo = goTo;
    this.clear();
  }

  clear() {
    this.key = '';
    this.thumbs = []; // [solution, button], in the order found
    this.classTitles = [];
    $('solutions').replaceChildren();
    $('solutions-summary').textContent = 'No search to show.';
  }

  load(replay, puzzle) {
    this.clear();
    this.replay = replay;
    this.puzzle = puzzle;
    const trace = replay.trace;
    const thumb = (solution) => {
      const button = html('button', {
        type: 'button', class: 'solution-thumb', 'data-step': solution.step, 'data-index': solution.index,
        'aria-label': `solution ${solution.index}, step ${solution.step}`,
        title: `solution ${solution.index} (step ${solution.step})${solution.cols ? `: [${solution.cols.join(', ')}]` : ''}`,
      });
      button.append(puzzle.thumbnail(solution, trace), html('span', {}, `#${solution.index}`));
      button.addEventListener('click', () => this.goTo(solution.step));
      this.thumbs.push([solution, button]);
      return button;
    };
    const holder = $('solutions');
    if (!trace.classes) {
      const thumbs = html('div', { class: 'thumbs' });
      thumbs.append(...replay.solutions.map(thumb));
      holder.replaceChildren(thumbs);
      return;
    }
    const byIndex = new Map(replay.solutions.map((solution) => [solution.index, solution]));
    this.groups = trace.classes
      .map((cls) => ({ cls, members: cls.solutions.filter((index) => byIndex.has(index)).map((index) => byIndex.get(index)) }))
      .filter((group) => group.members.length);
    holder.replaceChildren(...this.groups.map((group) => {
      const section = html('div', { class: 'solution-class', 'data-size': group.cls.size });
      const title = html('p', { class: 'class-title' });
      this.classTitles.push(title);
      const thumbs = html('div', { class: 'thumbs' });
      thumbs.append(...group.members.map(thumb));
      section.append(title, thumbs);
      return section;
    }));
  }

  show(step, state) {
    const { replay, puzzle } = this;
    const trace = replay.trace;
    const found = state.counters.solutions;
    const currentStep = replay.events[step - 1]?.event === 'solution' ? step : 0;
    const key = `${found}/${currentStep}`;
    if (key === this.key) return;
    this.key = key;
    for (const [solution, button] of this.thumbs) {
      button.classList.toggle('ahead', solution.step > step);
      if (solution.step === currentStep) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
    const summary = $('solutions-summary');
    const total = replay.solutions.length;
    if (!total) {
      summary.textContent = (puzzle.noSolutionsNote && puzzle.noSolutionsNote(trace))
        || (trace.summary.completed ? 'None: the search finds no solution.' : 'None in this trace.');
      return;
    }
    const sofar = found < total ? `${found} of ` : '';
    if (!trace.classes) {
      summary.textContent = found
        ? `${sofar}${count(total, 'solution')} found by this step${found < total ? ' (the faint ones come later)' : ''}.`
        : `None yet of ${count(total, 'solution')}: they light up here as the search finds them.`;
      return;
    }
    this.groups.forEach((group, index) => {
      const here = group.members.filter((solution) => solution.step <= step).length;
      const tally = here === group.members.length ? `${here} found` : `${here} of ${group.members.length} found`;
      this.classTitles[index].textContent =
        `Class ${index + 1}: [${group.cls.representative.join(', ')}] · class of ${group.cls.size} · ${tally}`;
    });
    const sizes = [...new Set(this.groups.map((group) => group.cls.size))];
    const ofSize = sizes.length === 1 ? ` of ${sizes[0]}` : '';
    const classes = `${count(this.groups.length, 'class', 'classes')}${ofSize} under rotation and reflection (as --unique counts them)`;
    summary.textContent = found === total
      ? `${count(total, 'solution')} in ${classes}.`
      : `${sofar}${count(total, 'solution')} found by this step (the faint ones come later); all ${total} in ${classes}.`;
  }
}
