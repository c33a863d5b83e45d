/**
 * The lobby's name field and the name rule: this engine reads every name of the rule's table as the
 * server (Node) does; a refused name is not sent, and the field says why, in the person's language, as
 * its description (aria-invalid, aria-describedby), on a screen axe passes; a name taken is sent in NFC,
 * the form the server keeps.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { checkName } from '../../src/net/protocol.js';
import type { DominoLobby } from '../../src/ui/domino-lobby/domino-lobby.js';
import type { LobbyCreateDetail } from '../../src/ui/internal-events.js';
import { expectAccessible, game, mount, waitFor, type DominoGame } from './helpers.js';
import { ACCEPTED, NORMALISED, REFUSED } from '../net/name-table.js';
import { chooseFriendsOnline, forgetStorage, roomServer, typeName } from './online-helpers.js';

describe('the name rule in this engine', () => {
  // Intl.Segmenter and the regular expressions' Unicode properties are the engine's own: a name the
  // widget takes and the server refuses (or the other way round) would fail here.
  it('takes and refuses every name of the table as the server does', () => {
    const wrong: string[] = [];
    for (const [label, name] of ACCEPTED) if (JSON.stringify(checkName(name)) !== JSON.stringify({ ok: true, name })) wrong.push(label);
    for (const [label, name, nfc] of NORMALISED) if (JSON.stringify(checkName(name)) !== JSON.stringify({ ok: true, name: nfc })) wrong.push(label);
    for (const [label, name, problem] of REFUSED) {
      const checked = checkName(name);
      if (checked.ok || checked.problem !== problem) wrong.push(`${label}: ${JSON.stringify(checked)}`);
    }
    expect(wrong).to.deep.equal([]);
  });
});

describe('online: the name a person types', function () {
  this.timeout(60_000);
  let server: string;
  const widgets: DominoGame[] = [];

  before(async () => {
    server = await roomServer();
  });
  afterEach(() => {
    for (const el of widgets.splice(0)) el.remove();
    forgetStorage('lobby-name');
  });

  async function createScreen(attributes: Record<string, string> = {}): Promise<DominoGame> {
    const el = await mount({ server, 'storage-key': 'lobby-name', tempo: 'instant', ...attributes });
    widgets.push(el);
    await chooseFriendsOnline(el);
    return el;
  }

  /** Submits `name` on the create screen; the error the field then shows (its text), or null. */
  async function refusal(el: DominoGame, name: string): Promise<string> {
    const lobby = game(el).lobby()!;
    typeName(el, name);
    await (lobby.host as DominoLobby).updateComplete;
    expect(lobby.nameError() === null, 'typing clears the error').to.equal(true);
    lobby.submit()!.click();
    const error = await waitFor(`the error for ${JSON.stringify(name)}`, () => lobby.nameError());
    const field = lobby.nameField()!;
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(field.getAttribute('aria-describedby')).to.equal(error.id);
    return error.textContent!.trim();
  }

  it('says why a name is refused, reason by reason, and sends none of them', async () => {
    const el = await createScreen();
    const sent: string[] = [];
    game(el).lobby()!.host.addEventListener('lobby-create', (e) => sent.push((e as CustomEvent<LobbyCreateDetail>).detail.name));

    expect(await refusal(el, '\u200B')).to.equal('Your name has invisible characters: type it again.');
    await expectAccessible(el);
    expect(await refusal(el, 'Ann  Lee')).to.equal('Put only one space between words.');
    expect(await refusal(el, '...')).to.equal('Your name needs a letter, a number or a symbol.');
    expect(await refusal(el, `e${'\u0301'.repeat(20)}`)).to.equal('A letter in your name has more than 3 accents or marks.');
    expect(await refusal(el, '\u0301Ann')).to.equal('An accent or mark in your name has no letter before it.');
    expect(await refusal(el, 'x'.repeat(25))).to.equal('Your name can have at most 24 characters.');
    expect(await refusal(el, '   ')).to.equal('Enter your name.');
    expect(sent, 'no refused name was sent').to.deep.equal([]);
    // The field keeps no cap of its own: 24 characters of emoji are 48 code units.
    expect(game(el).lobby()!.nameField()!.hasAttribute('maxlength')).to.equal(false);
  });

  /** The create screen in `lang`, once the lobby's texts in it have come (`title`: its heading there). */
  async function createScreenIn(lang: string, title: string): Promise<DominoGame> {
    const el = await createScreen({ lang });
    await waitFor(`the lobby in ${lang}`, () => game(el).lobby()!.text().includes(title));
    return el;
  }

  it('says it in the person’s language: German', async () => {
    const el = await createScreenIn('de', 'Mit Freunden online spielen');
    expect(await refusal(el, 'x\u0301\u0302\u0303\u0304')).to.equal('Ein Buchstabe in deinem Namen hat mehr als 3 Akzente oder Zeichen.');
    expect(await refusal(el, '\u3164')).to.equal('Dein Name enthält unsichtbare Zeichen: Gib ihn neu ein.');
    await expectAccessible(el);
  });

  it('says it in the person’s language: Arabic', async () => {
    const el = await createScreenIn('ar', 'العب مع أصدقائك عبر الإنترنت');
    expect(await refusal(el, 'A\u00ADnn')).to.equal('في اسمك أحرف غير مرئية: اكتبه من جديد.');
    await expectAccessible(el);
  });

  it('sends a name taken in NFC, trimmed', async () => {
    const el = await createScreen();
    const sent = new Promise<string>((resolve) =>
      game(el).lobby()!.host.addEventListener('lobby-create', (e) => resolve((e as CustomEvent<LobbyCreateDetail>).detail.name), { once: true }),
    );
    typeName(el, ' Zoe\u0308 🎲 ');
    game(el).lobby()!.submit()!.click();
    expect(await sent).to.equal('Zo\u00EB 🎲');
    expect(game(el).lobby()?.nameError() == null, 'no error').to.equal(true);
  });
});
