/**
 * The game's settings as fields: one template for the settings dialog and the online room's settings,
 * and the room's summary made from the same list, so that a setting added here shows in all three.
 * A field is described first (its label, its choices, the one in force, what picking one changes),
 * then rendered as a control or as a line of the summary.
 */
import { html, type TemplateResult } from 'lit';
import { PLAYER_COUNTS, VARIANTS, type Variant } from '../../engine/index.js';
import type { MessageKey, Translator } from '../../i18n/index.js';
import { LEVELS, TEMPOS, type Level, type Tempo } from '../../shared/names.js';
import { TURN_CLOCKS, type TurnClock } from '../../shared/phrases.js';
import { LEVEL_NAMES, targetChoices, targetOf, TEMPO_NAMES, VARIANT_NAMES } from './choices.js';

/** What picking a choice changes. `target: null` is the variant's default; `teams: false` no partnerships. */
export interface SettingChoices {
  variant?: Variant;
  players?: 2 | 3 | 4;
  teams?: boolean;
  target?: number | null;
  level?: Level;
  tempo?: Tempo;
  clock?: TurnClock;
  phrases?: boolean;
  spectators?: boolean;
}
export type FieldName = keyof SettingChoices;

/**
 * The game's settings a field shows, every one in force (a room's through `roomRules`, the dialog's
 * through the effective settings): no field fills a default of its own. `target: null` is the variant's.
 */
export interface GameValues {
  variant: Variant;
  players: 2 | 3 | 4;
  teams: boolean;
  target: number | null;
  level: Level;
  tempo: Tempo;
}
/** A room's own settings in force (`roomRules`). */
export interface RoomValues {
  clock: TurnClock;
  phrases: boolean;
  spectators: boolean;
}

export type SettingField =
  | { kind: 'select'; name: FieldName; label: MessageKey; options: [string, string][]; value: string; pick: (value: string) => SettingChoices }
  | { kind: 'check'; name: FieldName; label: MessageKey; checked: boolean; pick: (checked: boolean) => SettingChoices };

/** A turn clock's name. */
const clockName = (t: Translator, clock: TurnClock): string => (clock === 0 ? t.t('clockOff') : t.t('clockSeconds', { count: clock }));

/** The match's settings as fields, in the order both the dialog and the room show them; the fewest players offered is `least` (in a room, the people already seated). */
export function gameFields(t: Translator, values: GameValues, least = 2): SettingField[] {
  const fields: SettingField[] = [
    { kind: 'select', name: 'level', label: 'computerLevel', options: LEVELS.map((l) => [l, t.t(LEVEL_NAMES[l])]), value: values.level, pick: (v) => ({ level: v as Level }) },
    {
      kind: 'select',
      name: 'variant',
      label: 'variantLabel',
      options: VARIANTS.map((v) => [v, t.t(VARIANT_NAMES[v])]),
      value: values.variant,
      pick: (v) => ({ variant: v as Variant, target: null }),
    },
    {
      kind: 'select',
      name: 'players',
      label: 'playersLabel',
      options: PLAYER_COUNTS.filter((n) => n >= least).map((n) => [String(n), t.number(n)]),
      value: String(values.players),
      pick: (v) => ({ players: Number(v) as 2 | 3 | 4, ...(v !== '4' ? { teams: false } : {}) }),
    },
  ];
  if (values.players === 4) fields.push({ kind: 'check', name: 'teams', label: 'partnerships', checked: values.teams, pick: (teams) => ({ teams }) });
  fields.push({
    kind: 'select',
    name: 'target',
    label: 'targetLabel',
    options: targetChoices(values.variant, values.target).map((n) => [String(n), t.number(n)]),
    value: String(targetOf(values.variant, values.target)),
    pick: (v) => ({ target: Number(v) }),
  });
  fields.push({ kind: 'select', name: 'tempo', label: 'tempoLabel', options: TEMPOS.map((v) => [v, t.t(TEMPO_NAMES[v])]), value: values.tempo, pick: (v) => ({ tempo: v as Tempo }) });
  return fields;
}

/** A room's own settings as fields: the turn clock, the quick phrases, spectators. */
export function roomFields(t: Translator, values: RoomValues): SettingField[] {
  return [
    {
      kind: 'select',
      name: 'clock',
      label: 'clockLabel',
      options: TURN_CLOCKS.map((c) => [String(c), clockName(t, c)]),
      value: String(values.clock),
      pick: (v) => ({ clock: Number(v) as TurnClock }),
    },
    { kind: 'check', name: 'phrases', label: 'phrasesAllowed', checked: values.phrases, pick: (phrases) => ({ phrases }) },
    { kind: 'check', name: 'spectators', label: 'allowSpectators', checked: values.spectators, pick: (spectators) => ({ spectators }) },
  ];
}

export interface FieldOptions {
  /** The controls' ids begin with this (`setting-variant`, `lobby-variant`). */
  idPrefix: string;
  /** A choice picked; `field` is the control it was picked in. */
  change: (choices: SettingChoices, field: HTMLSelectElement & HTMLInputElement) => void;
}

/** The fields as labelled controls (a select, or a checkbox inside its label). */
export function renderFields(t: Translator, fields: readonly SettingField[], { idPrefix, change }: FieldOptions): TemplateResult {
  const target = (e: Event) => e.target as HTMLSelectElement & HTMLInputElement;
  return html`${fields.map((f) => {
    const id = `${idPrefix}-${f.name}`;
    return f.kind === 'select'
      ? html`<label class="field" for=${id}>${t.t(f.label)}</label>
          <select id=${id} .value=${f.value} @change=${(e: Event) => change(f.pick(target(e).value), target(e))}>
            ${f.options.map(([v, text]) => html`<option value=${v} ?selected=${v === f.value}>${text}</option>`)}
          </select>`
      : html`<label class="check"
          ><input id=${id} type="checkbox" name=${f.name} .checked=${f.checked} @change=${(e: Event) => change(f.pick(target(e).checked), target(e))} />
          ${t.t(f.label)}</label
        >`;
  })}`;
}

/** The fields as a summary: each label with the choice in force. */
export function renderSummary(t: Translator, fields: readonly SettingField[]): TemplateResult {
  return html`<dl class="summary">
    ${fields.map(
      (f) =>
        html`<dt>${t.t(f.label)}</dt>
          <dd>${f.kind === 'select' ? (f.options.find(([v]) => v === f.value)?.[1] ?? f.value) : t.t(f.checked ? 'phrasesOn' : 'phrasesOff')}</dd>`,
    )}
  </dl>`;
}
