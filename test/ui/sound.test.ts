/**
 * The sounds: which event makes which sound, nothing before a user gesture (no AudioContext made),
 * nothing while the page is hidden, and what a sound schedules on a (fake) AudioContext.
 */
import { expect } from '@open-wc/testing';
import { SoundPlayer, soundOf, type AudioContextLike } from '../../src/ui/sound/sound.js';
import type { SessionState } from '../../src/ui/session/session.js';

/** A stand-in for Web Audio that records what is started, and when. */
function fakeContext() {
  const started: { kind: string; at: number }[] = [];
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = (kind: string) => ({
    connect: (next: unknown) => next,
    start: (at: number) => started.push({ kind, at }),
    stop() {},
    frequency: param(),
    gain: param(),
    type: '',
    buffer: null,
  });
  const context = {
    currentTime: 5,
    sampleRate: 8000,
    destination: {},
    state: 'running',
    resume: () => Promise.resolve(),
    createOscillator: () => node('tone'),
    createGain: () => node('gain'),
    createBiquadFilter: () => node('filter'),
    createBufferSource: () => node('noise'),
    createBuffer: (_channels: number, length: number) => ({ getChannelData: () => new Float32Array(length) }),
  };
  return { context: context as unknown as AudioContextLike, started };
}

const state = (logLength: number) => ({ view: { log: new Array(logLength) } }) as unknown as SessionState;

describe('sound', () => {
  it('a play clicks, points chime, the first turn of a round is the deal’s shuffle; draws and passes are silent', () => {
    expect(soundOf({ type: 'move', seat: 0, move: { type: 'play', tile: [6, 6], end: 'lead' }, points: 0 }, state(1))).to.equal('click');
    expect(soundOf({ type: 'move', seat: 0, move: { type: 'draw' }, points: 0 }, state(1))).to.equal(null);
    expect(soundOf({ type: 'score', seat: 0, side: 0, points: 10, scores: [10, 0] }, state(1))).to.equal('chime');
    expect(soundOf({ type: 'turn', seat: 1, yours: false }, state(0))).to.equal('shuffle');
    expect(soundOf({ type: 'turn', seat: 1, yours: false }, state(3))).to.equal(null);
  });

  it('makes no AudioContext before a user gesture, nor while the page is hidden; then schedules the sound', () => {
    const fake = fakeContext();
    let made = 0;
    let activated = false;
    let hidden = false;
    const player = new SoundPlayer({ activated: () => activated, hidden: () => hidden, createContext: () => (made++, fake.context) });
    player.play('click');
    expect(made, 'no context before a gesture').to.equal(0);
    activated = true;
    hidden = true;
    player.play('chime');
    expect(made, 'none while hidden').to.equal(0);
    hidden = false;
    player.play('click');
    expect(made).to.equal(1);
    expect(fake.started.map((s) => s.kind)).to.deep.equal(['noise']);
    expect(fake.started[0]!.at).to.be.greaterThan(5);
    player.play('shuffle');
    player.play('chime');
    expect(made, 'one context for every sound').to.equal(1);
    expect(fake.started.filter((s) => s.kind === 'noise').length).to.equal(7);
    expect(fake.started.filter((s) => s.kind === 'tone').length).to.equal(2);
  });

  it('with sound off (the default), a match makes no AudioContext', async function () {
    this.timeout(30_000);
    const original = window.AudioContext;
    let made = 0;
    window.AudioContext = class extends original {
      constructor() {
        super();
        made++;
      }
    };
    try {
      await import('../../src/index.js');
      const el = document.createElement('domino-game');
      el.setAttribute('persist', 'none');
      el.setAttribute('tempo', 'instant');
      document.body.append(el);
      await el.updateComplete;
      // The deal's shuffle and the computers' clicks would have sounded by the person's turn.
      const { waitForYou } = await import('./helpers.js');
      await waitForYou(el as never);
      expect(made).to.equal(0);
      el.remove();
    } finally {
      window.AudioContext = original;
    }
  });
});
