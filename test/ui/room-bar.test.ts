/**
 * <domino-room-bar> on its own, given its state as online play gives it: its accessible name, what it
 * offers a seated person and a spectator, the events it tells (room-leave, room-phrase, room-mute,
 * room-return, room-start-now, room-newcomers), the keyboard (the phrases' list opens from its toggle, Escape closes it
 * and the focus goes back to the toggle), and axe's accessibility check.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { loadExtraTexts } from '../../src/i18n/index.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import '../../src/ui/domino-room-bar/domino-room-bar.js';
import type { DominoRoomBar, RoomBarState } from '../../src/ui/domino-room-bar/domino-room-bar.js';
import { deepActive, expectAccessible, waitFor } from './helpers.js';
import { RoomBarHarness, textOf } from './harness/index.js';

const SEATED: RoomBarState = {
  line: 'Connected',
  note: '',
  room: { phrases: true, others: [{ seat: 1, name: 'Bob', muted: false }], away: true, startNow: true, newcomers: null },
  watch: { label: '', verified: '', warning: '' },
};

async function mounted(bar: RoomBarState) {
  await loadExtraTexts();
  const el = await fixture<DominoRoomBar>(html`<domino-room-bar .bar=${bar}></domino-room-bar>`);
  const told: string[] = [];
  for (const type of ['room-leave', 'room-phrase', 'room-mute', 'room-return', 'room-start-now', 'room-newcomers']) {
    el.addEventListener(type, (e) => told.push(`${type}${(e as CustomEvent).detail ? ` ${JSON.stringify((e as CustomEvent).detail)}` : ''}`));
  }
  return { el, told, harness: new RoomBarHarness(el) };
}

describe('<domino-room-bar>', () => {
  it('is a group named for online play, each offer a button that tells what was chosen', async () => {
    const { harness, told } = await mounted(SEATED);
    const bar = harness.bar()!;
    expect(bar.getAttribute('role')).to.equal('group');
    expect(bar.getAttribute('aria-label')).to.equal('Play with friends online');
    harness.button('Start now')!.click();
    harness.button('Leave room')!.click();
    harness.button(enExtra.imBack)!.click();
    expect(told).to.deep.equal(['room-start-now', 'room-leave', 'room-return']);
    await expectAccessible(harness.host);
  });

  it('offers the host to close the room to newcomers, and to open it again; nobody else', async () => {
    const open = await mounted({ ...SEATED, room: { ...SEATED.room!, newcomers: true } });
    open.harness.button(enExtra.closeToNewcomers)!.click();
    expect(open.told).to.deep.equal(['room-newcomers {"allowed":false}']);
    expect(open.harness.button(enExtra.openToNewcomers)).to.equal(null);
    await expectAccessible(open.harness.host);
    const closed = await mounted({ ...SEATED, room: { ...SEATED.room!, newcomers: false } });
    closed.harness.button(enExtra.openToNewcomers)!.click();
    expect(closed.told).to.deep.equal(['room-newcomers {"allowed":true}']);
    const guest = await mounted(SEATED);
    expect(guest.harness.button(enExtra.closeToNewcomers)).to.equal(null);
    expect(guest.harness.button(enExtra.openToNewcomers)).to.equal(null);
  });

  it('opens the quick phrases by keyboard, says one, mutes a person, and Escape gives the focus back to the toggle', async () => {
    const { el, harness, told } = await mounted(SEATED);
    const toggle = harness.phrasesToggle()!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor('the phrases', () => harness.phrases());
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    await expectAccessible(el);
    harness.phrasesCheckBox()!.click();
    harness.phrase()!.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor('the focus on the toggle', () => deepActive() === toggle);
    expect(harness.phrases()).to.equal(null);
    expect(told).to.deep.equal(['room-mute {"seat":1,"muted":true}']);
    toggle.click();
    await waitFor('the phrases', () => harness.phrases());
    harness.phrase('thanks')!.click();
    expect(told.at(-1)).to.equal('room-phrase {"phrase":"thanks"}');
  });

  it('offers a spectator only the way out, with the watching label and a failed deal check as an alert', async () => {
    const { harness } = await mounted({ line: 'Connected', note: '', watch: { label: 'Watching', verified: '', warning: 'This deal could not be verified.' } });
    expect(textOf(harness.watching())).to.equal('Watching');
    expect(harness.dealWarning()!.getAttribute('role')).to.equal('alert');
    expect(harness.buttons().map(textOf)).to.deep.equal(['Leave room']);
    await expectAccessible(harness.host);
  });
});
