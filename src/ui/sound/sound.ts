/**
 * The game's sounds, synthesized with Web Audio (no audio files): a soft click for a laid tile, a
 * shuffle for a deal, a chime for points. Silent until the page has had a user gesture (no
 * AudioContext is created or resumed before one: browsers would warn, and a page must not make noise
 * by itself), and while the page is hidden.
 */
import type { MatchEmitted, SessionState } from '../session/session.js';

/** What of Web Audio the sounds use (a fake stands in for it in tests). */
export type AudioContextLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'state' | 'resume' | 'createOscillator' | 'createGain' | 'createBuffer' | 'createBufferSource' | 'createBiquadFilter' | 'sampleRate'
>;

export type SoundName = 'click' | 'shuffle' | 'chime';

/** The sound of an event, or null: a play clicks, the first turn of a round is a deal, points chime. */
export function soundOf(event: MatchEmitted, state: SessionState): SoundName | null {
  switch (event.type) {
    case 'move':
      return event.move.type === 'play' ? 'click' : null;
    case 'score':
      return 'chime';
    case 'roundEnd':
      return event.points > 0 ? 'chime' : null;
    case 'turn':
      return state.view.log.length === 0 ? 'shuffle' : null;
    default:
      return null;
  }
}

interface Environment {
  /** Whether the page has had a user gesture (navigator.userActivation where the browser has it). */
  activated(): boolean;
  /** Whether the page is hidden (a background tab): then nothing sounds. */
  hidden(): boolean;
  createContext(): AudioContextLike;
}

/** Browsers without navigator.userActivation: a gesture on the page counts once it has been seen here. */
let gestureSeen = false;
const noteGesture = () => (gestureSeen = true);
// The classic script runs its whole bundle in the computers' worker too, where `document` is a stand-in.
if (typeof document !== 'undefined' && typeof document.addEventListener === 'function') {
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, noteGesture, { capture: true, once: true });
}

const browser: Environment = {
  activated: () => (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive ?? gestureSeen,
  hidden: () => document.visibilityState === 'hidden',
  createContext: () => new AudioContext(),
};

export class SoundPlayer {
  private context: AudioContextLike | null = null;
  private noise: AudioBuffer | null = null;

  constructor(private readonly environment: Environment = browser) {}

  heard(event: MatchEmitted, state: SessionState): void {
    const name = soundOf(event, state);
    if (name) this.play(name);
  }

  /** Plays a sound now; nothing before a user gesture, while the page is hidden, or without Web Audio. */
  play(name: SoundName): void {
    if (this.environment.hidden() || !this.environment.activated()) return;
    const context = this.audio();
    if (!context) return;
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const at = context.currentTime + 0.01;
    if (name === 'click') this.click(context, at, 0.18);
    else if (name === 'shuffle') for (let i = 0; i < 6; i++) this.click(context, at + i * 0.06, 0.08 + 0.02 * (i % 3));
    else this.chime(context, at);
  }

  private audio(): AudioContextLike | null {
    try {
      this.context ??= this.environment.createContext();
    } catch {
      return null;
    }
    return this.context;
  }

  /** A soft knock: a short burst of filtered noise, fading fast. */
  private click(context: AudioContextLike, at: number, volume: number): void {
    this.noise ??= noiseBuffer(context);
    const source = context.createBufferSource();
    source.buffer = this.noise;
    const filter = context.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = 1800;
    const gain = envelope(context, at, volume, 0.05);
    source.connect(filter).connect(gain).connect(context.destination);
    source.start(at);
    source.stop(at + 0.06);
  }

  /** Two bell-like tones, a fifth apart. */
  private chime(context: AudioContextLike, at: number): void {
    [880, 1320].forEach((frequency, i) => {
      const tone = context.createOscillator();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      const start = at + i * 0.08;
      tone.connect(envelope(context, start, 0.12, 0.6)).connect(context.destination);
      tone.start(start);
      tone.stop(start + 0.65);
    });
  }
}

/** A gain that rises at once to `volume` and dies away over `length` seconds. */
function envelope(context: AudioContextLike, at: number, volume: number, length: number): GainNode {
  const gain = context.createGain();
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  return gain;
}

/** 60 ms of white noise, made once per context. */
function noiseBuffer(context: AudioContextLike): AudioBuffer {
  const buffer = context.createBuffer(1, Math.ceil(context.sampleRate * 0.06), context.sampleRate);
  const samples = buffer.getChannelData(0);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
  return buffer;
}
