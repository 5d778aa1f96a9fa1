// The player: the step buttons, play and pause at a chosen speed (pausing
// at each solution if asked), the scrubber and the keys.

import { $, grouped } from './dom.js';

export class Player {
  // `stepper`: { step, replay (or null), editing, goTo(step), paused() }.
  constructor(stepper) {
    this.stepper = stepper;
    this.playing = false;
    this.rate = 4; // steps per second
    this.budget = 0; // fractional steps owed
    this.lastTime = 0;
    this.tick = this.tick.bind(this);
  }

  setPlaying(playing) {
    const { stepper } = this;
    this.playing = playing;
    const button = $('play');
    button.classList.toggle('playing', playing);
    button.querySelector('.label').textContent = playing ? 'pause' : 'play';
    button.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    if (playing) {
      if (stepper.replay && stepper.step >= stepper.replay.length) stepper.goTo(0);
      this.budget = 0;
      this.lastTime = performance.now();
      requestAnimationFrame(this.tick);
    } else {
      stepper.paused();
    }
  }

  tick(now) {
    const { stepper } = this;
    if (!this.playing || !stepper.replay) return;
    const elapsed = Math.min(1, (now - this.lastTime) / 1000);
    this.lastTime = now;
    this.budget += elapsed * this.rate;
    const advance = Math.floor(this.budget);
    if (advance > 0) {
      this.budget -= advance;
      const target = stepper.step + advance;
      if ($('stop-at-solutions').checked) {
        const solution = stepper.replay.solutionSteps.find((s) => s > stepper.step && s <= target);
        if (solution !== undefined) {
          stepper.goTo(solution);
          this.setPlaying(false);
          return;
        }
      }
      stepper.goTo(target);
    }
    if (stepper.step >= stepper.replay.length) {
      this.setPlaying(false);
      return;
    }
    requestAnimationFrame(this.tick);
  }

  setSpeed() {
    const value = Number($('speed').value);
    // 1 to 1000 steps a second on a logarithmic slider.
    this.rate = Math.max(1, Math.round(10 ** (value * 3 / 100)));
    $('speed-label').textContent = `${grouped(this.rate)} steps/s`;
  }

  // A jump chosen by the learner stops the play.
  jump(step) {
    this.setPlaying(false);
    this.stepper.goTo(step);
  }

  wire() {
    const { stepper } = this;
    $('prev').addEventListener('click', () => this.jump(stepper.step - 1));
    $('next').addEventListener('click', () => this.jump(stepper.step + 1));
    $('first-step').addEventListener('click', () => this.jump(0));
    $('last-step').addEventListener('click', () => this.jump(Infinity));
    $('prev-solution').addEventListener('click', () => {
      const earlier = stepper.replay.solutionSteps.filter((s) => s < stepper.step);
      if (earlier.length) this.jump(earlier[earlier.length - 1]);
    });
    $('next-solution').addEventListener('click', () => {
      const later = stepper.replay.solutionSteps.find((s) => s > stepper.step);
      if (later !== undefined) this.jump(later);
    });
    $('play').addEventListener('click', () => this.setPlaying(!this.playing));
    $('scrubber').addEventListener('input', () => this.jump(Number($('scrubber').value)));
    $('speed').addEventListener('input', () => this.setSpeed());
    document.addEventListener('keydown', (event) => {
      const target = event.target;
      // Form controls keep their own keys; a focused button keeps enter
      // (it presses it), but space plays and pauses everywhere but in them.
      if (target.closest && target.closest('input, select, textarea')) return;
      if (event.key === 'Enter') return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const actions = {
        ArrowRight: 'next', ArrowLeft: 'prev', Home: 'first-step', End: 'last-step',
        n: 'next-solution', N: 'next-solution', p: 'prev-solution', P: 'prev-solution',
      };
      if (event.key === ' ') {
        event.preventDefault();
        if (!stepper.editing && stepper.replay) this.setPlaying(!this.playing);
      } else if (actions[event.key] && !stepper.editing) {
        event.preventDefault();
        $(actions[event.key]).click();
      }
    });
    // A focused button would be pressed by space on key up: space is play.
    document.addEventListener('keyup', (event) => {
      if (event.key === ' ' && event.target.closest && event.target.closest('button, a')) event.preventDefault();
    });
    this.setSpeed();
  }
}
