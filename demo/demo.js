// The demo page: settings → a fresh <domino-game> with those attributes, its embed snippet, and a
// log of its events. Plain JavaScript, no build step; the element comes from ../dist/domino-game.js.

/** The element's defaults (src/ui/domino-game/settings.ts): an attribute with this value is left out. */
const DEFAULTS = {
  variant: 'draw',
  players: '2',
  teams: false,
  target: '',
  level: 'medium',
  tempo: 'normal',
  seed: '',
  lang: '',
};
/** The match target when none is set (RULES.md §1). */
const DEFAULT_TARGET = { draw: 100, block: 100, fives: 150, doubles: 100 };
const MAX_TARGET = 10000;
const ALLOWED = {
  variant: ['draw', 'block', 'fives', 'doubles'],
  players: ['2', '3', '4'],
  level: ['easy', 'medium', 'hard'],
  tempo: ['slow', 'normal', 'fast', 'instant'],
};
/** The interface languages (src/i18n/languages.ts). */
const LANGUAGES = [
  'de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt-BR', 'tr', 'ru', 'uk', 'ar',
  'fa', 'he', 'hi', 'th', 'vi', 'id', 'ms', 'fil', 'zh-Hans', 'zh-Hant', 'ja', 'ko',
];
/** Where a site would host the file; the snippet says so. */
const SCRIPT_URL = {
  module: 'https://your.cdn/domino-game/dist/domino-game.js',
  classic: 'https://your.cdn/domino-game/dist/domino-game.iife.js',
};
const EVENTS = ['domino-move', 'domino-score', 'domino-round-end', 'domino-match-end', 'domino-turn', 'domino-room'];
const LOG_CAP = 100;

const $ = (selector) => document.querySelector(selector);
const form = $('#settings');
const stage = $('#stage');
const log = $('#log');

// ---- Settings ------------------------------------------------------------------------------------

function fillLanguages() {
  const select = $('#lang');
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  for (const tag of LANGUAGES) {
    let own = tag;
    try {
      own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    } catch {
      // An engine without this locale: the tag alone.
    }
    const inEnglish = english.of(tag) ?? tag;
    const option = new Option(own === inEnglish ? `${own} (${tag})` : `${own}: ${inEnglish} (${tag})`, tag);
    option.lang = tag;
    select.append(option);
  }
}

/** The form as settings (strings, and teams as a boolean). */
function readForm() {
  const data = new FormData(form);
  return {
    variant: data.get('variant') ?? DEFAULTS.variant,
    players: data.get('players') ?? DEFAULTS.players,
    teams: form.elements.teams.checked && data.get('players') === '4',
    target: String(data.get('target') ?? '').trim(),
    level: data.get('level') ?? DEFAULTS.level,
    tempo: data.get('tempo') ?? DEFAULTS.tempo,
    seed: String(data.get('seed') ?? '').trim(),
    lang: data.get('lang') ?? '',
  };
}

function writeForm(settings) {
  for (const name of ['variant', 'players']) {
    for (const radio of form.elements[name]) radio.checked = radio.value === settings[name];
  }
  form.elements.teams.checked = settings.teams;
  form.elements.target.value = settings.target;
  form.elements.level.value = settings.level;
  form.elements.tempo.value = settings.tempo;
  form.elements.seed.value = settings.seed;
  form.elements.lang.value = settings.lang;
  syncForm();
}

/** Teams only with 4 players; the target's placeholder is the variant's default. */
function syncForm() {
  const settings = readForm();
  const teams = form.elements.teams;
  teams.disabled = settings.players !== '4';
  if (teams.disabled) teams.checked = false;
  form.elements.target.placeholder = String(DEFAULT_TARGET[settings.variant]);
}

function targetIsValid(text) {
  if (text === '') return true;
  const number = Number(text);
  return Number.isInteger(number) && number >= 1 && number <= MAX_TARGET;
}

function showTargetError(show) {
  const input = form.elements.target;
  input.setAttribute('aria-invalid', String(show));
  $('#target-error').hidden = !show;
}

/** The attributes for these settings, defaults left out, in a stable order. */
function attributesOf(settings) {
  const attributes = [];
  if (settings.variant !== DEFAULTS.variant) attributes.push(['variant', settings.variant]);
  if (settings.players !== DEFAULTS.players) attributes.push(['players', settings.players]);
  if (settings.teams) attributes.push(['teams', true]);
  if (settings.target !== '' && Number(settings.target) !== DEFAULT_TARGET[settings.variant]) {
    attributes.push(['target', String(Number(settings.target))]);
  }
  if (settings.level !== DEFAULTS.level) attributes.push(['level', settings.level]);
  if (settings.tempo !== DEFAULTS.tempo) attributes.push(['tempo', settings.tempo]);
  if (settings.seed !== '') attributes.push(['seed', settings.seed]);
  if (settings.lang !== '') attributes.push(['lang', settings.lang]);
  return attributes;
}

/** Settings from the page's address (?variant=fives&players=4&teams…); unknown values are ignored. */
function settingsFromAddress() {
  const params = new URLSearchParams(location.search);
  const settings = { ...DEFAULTS };
  for (const name of ['variant', 'players', 'level', 'tempo']) {
    const value = params.get(name)?.toLowerCase();
    if (value && ALLOWED[name].includes(value)) settings[name] = value;
  }
  settings.teams = params.has('teams') && params.get('teams') !== 'false' && settings.players === '4';
  const target = params.get('target')?.trim() ?? '';
  if (targetIsValid(target)) settings.target = target;
  settings.seed = params.get('seed')?.trim() ?? '';
  const lang = params.get('lang') ?? '';
  if (LANGUAGES.includes(lang)) settings.lang = lang;
  return settings;
}

function writeAddress(attributes) {
  const params = new URLSearchParams();
  for (const [name, value] of attributes) params.set(name, value === true ? '' : value);
  const query = params.toString().replace(/=(?=&|$)/g, '');
  history.replaceState(null, '', query ? `?${query}` : location.pathname);
}

// ---- The element ---------------------------------------------------------------------------------

let current = { attributes: [], teams: false };

/** Replaces the game with a new <domino-game> carrying `attributes`: a fresh match. */
function createGame(settings) {
  const attributes = attributesOf(settings);
  const game = document.createElement('domino-game');
  for (const [name, value] of attributes) game.setAttribute(name, value === true ? '' : value);
  // Demo only, not in the snippet: without saving, a new element starts a new match instead of
  // resuming the one the previous element saved.
  game.setAttribute('persist', 'none');
  // Served by the room server (npm start), the demo plays online too: Settings, Friends online.
  if (location.protocol === 'http:' || location.protocol === 'https:') game.setAttribute('server', location.origin);
  current = { attributes, teams: settings.teams };
  stage.replaceChildren(game);
  writeAddress(attributes);
  renderSnippet();
  logSeparator(attributes);
}

function apply() {
  syncForm();
  const settings = readForm();
  const valid = targetIsValid(settings.target);
  showTargetError(!valid);
  // An invalid target is left out (the element would fall back to the default anyway).
  createGame(valid ? settings : { ...settings, target: '' });
}

// ---- The embed snippet ---------------------------------------------------------------------------

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function snippetText() {
  const classic = document.querySelector('input[name="build"]:checked')?.value === 'classic';
  const script = classic
    ? `<script src="${SCRIPT_URL.classic}"></script>`
    : `<script type="module" src="${SCRIPT_URL.module}"></script>`;
  const attributes = current.attributes
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');
  return `${script}\n\n<domino-game${attributes}></domino-game>`;
}

function renderSnippet() {
  $('#snippet').textContent = snippetText();
}

let copyStatusTimer = 0;
function say(text) {
  const status = $('#copy-status');
  status.textContent = text;
  clearTimeout(copyStatusTimer);
  copyStatusTimer = setTimeout(() => (status.textContent = ''), 5000);
}

async function copySnippet() {
  const text = snippetText();
  try {
    await navigator.clipboard.writeText(text);
    say('Copied to the clipboard.');
  } catch {
    // No clipboard API (an insecure origin, a refused permission): select the code instead.
    const range = document.createRange();
    range.selectNodeContents($('#snippet'));
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    const copied = document.execCommand?.('copy');
    say(copied ? 'Copied to the clipboard.' : 'The code is selected: copy it with Ctrl+C (⌘C on a Mac).');
  }
}

// ---- The event log -------------------------------------------------------------------------------

const seatName = (seat) => (seat === 0 ? 'You' : `Computer ${seat}`);
const sideName = (side, teams) => (teams ? (side === 0 ? 'Your team' : 'Team 2') : seatName(side));
const tile = (t) => (Array.isArray(t) ? `${t[0]}-${t[1]}` : '?');
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function endText(end) {
  if (end === 'lead') return 'to open the round';
  if (['left', 'right', 'up', 'down'].includes(end)) return `on the ${end} end`;
  return `on the branch ${end}`;
}

function scoresText(scores, teams) {
  return scores.map((score, side) => `${sideName(side, teams)} ${score}`).join(' · ');
}

/** One line saying what the event means. */
function describe(type, detail, teams) {
  switch (type) {
    case 'domino-move': {
      const who = seatName(detail.seat);
      const { move } = detail;
      if (move.type === 'play') {
        const points = detail.points > 0 ? `, scoring ${detail.points}` : '';
        return `${who} ${move.end === 'lead' ? 'led' : 'played'} ${tile(move.tile)} ${endText(move.end)}${points}.`;
      }
      if (move.type === 'draw') return move.tile ? `${who} drew ${tile(move.tile)}.` : `${who} drew a tile.`;
      return `${who} passed.`;
    }
    case 'domino-score':
      return `${seatName(detail.seat)} scored ${detail.points} for ${sideName(detail.side, teams)}. Scores: ${scoresText(detail.scores, teams)}.`;
    case 'domino-round-end': {
      const round = `Round ${detail.round}`;
      const scores = `Scores: ${scoresText(detail.scores, teams)}.`;
      if (detail.winner === null) return `${round} is blocked with a tie: nobody scores. ${scores}`;
      const seat = seatName(detail.winner);
      const side = sideName(detail.side, teams);
      const gets = `${side} ${side === 'You' ? 'get' : 'gets'} ${plural(detail.points, 'point', 'points')}.`;
      if (detail.reason === 'domino') return `${round}: ${seat} went out. ${gets} ${scores}`;
      const lowest = teams ? `${side} has the lower pip total` : `${seat} ${seat === 'You' ? 'have' : 'has'} the lowest hand`;
      return `${round} is blocked: ${lowest}. ${gets} ${scores}`;
    }
    case 'domino-match-end':
      return `Match over: ${sideName(detail.winner, teams)} ${detail.winner === 0 && !teams ? 'win' : 'wins'}. Final scores: ${scoresText(detail.scores, teams)}.`;
    case 'domino-turn':
      return detail.yours ? 'Your turn.' : `${seatName(detail.seat)} to act.`;
    case 'domino-room': {
      const seats = detail.seats.map((s) => (s.kind === 'human' ? `${s.name}${s.connected ? '' : ' (away)'}` : s.kind)).join(', ');
      const phase = { lobby: 'waiting for the start', playing: 'playing', over: 'over' }[detail.phase];
      return `Online room ${detail.room.slice(0, 6)}…, ${phase}: ${seats}.`;
    }
    default:
      return '';
  }
}

let eventCount = 0;
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function addEntry(entry) {
  log.prepend(entry);
  while (log.children.length > LOG_CAP) log.lastElementChild.remove();
  updateCount();
}

function updateCount() {
  const shown = log.querySelectorAll('.entry').length;
  $('#log-count').textContent =
    eventCount === 0 ? 'No events yet.' : `${plural(eventCount, 'event', 'events')} so far; ${shown} in the list.`;
}

function logEvent(event) {
  const wanted = document.querySelector(`input[name="show"][value="${event.type}"]`)?.checked;
  eventCount++;
  if (!wanted) {
    updateCount();
    return;
  }
  const item = document.createElement('li');
  item.className = 'entry';
  item.dataset.type = event.type;
  const time = document.createElement('time');
  const now = new Date();
  time.dateTime = now.toISOString();
  time.textContent = clock.format(now);
  const name = document.createElement('code');
  name.className = 'name';
  name.textContent = event.type;
  const text = document.createElement('span');
  text.className = 'text';
  text.textContent = describe(event.type, event.detail, current.teams);
  const detail = document.createElement('pre');
  detail.className = 'detail';
  detail.textContent = JSON.stringify(event.detail);
  item.append(time, ' ', name, ' ', text, detail);
  addEntry(item);
}

function logSeparator(attributes) {
  const item = document.createElement('li');
  item.className = 'separator';
  const settings = attributes.map(([name, value]) => (value === true ? name : `${name}="${value}"`)).join(' ');
  item.textContent = `New element, fresh match: ${settings || 'the default settings'}`;
  addEntry(item);
}

// ---- Wiring --------------------------------------------------------------------------------------

fillLanguages();
writeForm(settingsFromAddress());
$('#log-cap').textContent = String(LOG_CAP);

form.addEventListener('submit', (event) => event.preventDefault());
form.addEventListener('change', (event) => {
  // An invalid target only shows its error; the match goes on with the settings it has.
  if (event.target.name === 'target' && !targetIsValid(event.target.value.trim())) showTargetError(true);
  else apply();
});
form.addEventListener('input', (event) => {
  if (event.target.name === 'target' && targetIsValid(event.target.value.trim())) showTargetError(false);
});
form.elements.seed.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') apply();
});
form.elements.target.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') apply();
});
$('#random-seed').addEventListener('click', () => {
  form.elements.seed.value = Math.random().toString(36).slice(2, 8);
  apply();
});
$('#new-match').addEventListener('click', apply);
$('#defaults').addEventListener('click', () => {
  writeForm({ ...DEFAULTS });
  showTargetError(false);
  apply();
});

for (const radio of document.querySelectorAll('input[name="build"]')) radio.addEventListener('change', renderSnippet);
$('#copy').addEventListener('click', copySnippet);

// The events bubble and are composed, so one listener on the container outlives every re-created element.
for (const type of EVENTS) stage.addEventListener(type, logEvent);
for (const box of document.querySelectorAll('input[name="show"]')) {
  box.addEventListener('change', () => log.classList.toggle(`hide-${box.value}`, !box.checked));
}
$('#show-detail').addEventListener('change', (event) => log.classList.toggle('show-detail', event.target.checked));
$('#clear-log').addEventListener('click', () => {
  log.replaceChildren();
  eventCount = 0;
  updateCount();
});

apply();

// Served by the room server (npm start), the page shows that server's leaderboard (same origin: the
// server sends no CORS headers); opened as a file, there is no server to ask.
if (location.protocol === 'http:' || location.protocol === 'https:') {
  document.getElementById('leaderboard').setAttribute('server', location.origin);
  document.getElementById('leaderboard-section').hidden = false;
}
