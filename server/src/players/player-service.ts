/**
 * Who is playing, on the wire: `identify` proves an identity (an anonymous secret, or a site's token)
 * and the connection holds it from then on (`identityOf`: the next part's seeking and rated matches read
 * it); `avoid` records whom it is not to be paired with. A refused `identify` changes nothing: an
 * identity the connection held before stays.
 */
import type { Logger } from 'pino';
import type { ClientMessage, PlayerSummary, RatingFamily, ShownRating } from 'domino-game/protocol';
import { anonymousIdentity, IdentityRefused, type Identity, type SiteVerifier } from '../identity/identity.js';
import { isProvisional, shownRating, type Skill } from '../ratings/rating-core.js';
import { Refusal } from '../rooms/refusal.js';
import type { Client } from '../rooms/room-clients.js';
import type { PlayerProfile, PlayerStore } from './player-store.js';

/** Identities one identity may avoid at once: a list for people, not a way to fill the store. */
export const MOST_AVOIDED = 500;

export interface PlayerServiceOptions {
  store: PlayerStore;
  /** Checks a host site's tokens; null when the server was given no key (site tokens are then refused). */
  site: SiteVerifier | null;
  log: Logger;
  now?: () => number;
}

/** A rating as the wire shows it. */
export const shownOf = (skill: Skill): ShownRating => ({ rating: shownRating(skill), provisional: isProvisional(skill), matches: skill.matches });

/** A player as anyone may see them: the public id, the name, the kind and the ratings of the families played. */
export function summaryOf(profile: Pick<PlayerProfile, 'id' | 'name' | 'kind'>, skills: Partial<Record<RatingFamily, Skill>>): PlayerSummary {
  const ratings: PlayerSummary['ratings'] = {};
  for (const [family, skill] of Object.entries(skills) as [RatingFamily, Skill][]) ratings[family] = shownOf(skill);
  return { id: profile.id, name: profile.name, kind: profile.kind, ratings };
}

type Identify = Extract<ClientMessage, { type: 'identify' }>;

export class PlayerService {
  /** Each connection's identity, for the connection's life (it goes with the connection). */
  private readonly identities = new WeakMap<Client, Identity>();
  private readonly now: () => number;

  constructor(private readonly options: PlayerServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The identity `client` proved last, or null. */
  identityOf(client: Client): Identity | null {
    return this.identities.get(client) ?? null;
  }

  async identify(client: Client, message: Identify): Promise<void> {
    const identity = await this.proved(message);
    const profile = await this.options.store.saveProfile(identity, this.now());
    if (profile.banned) throw new Refusal('banned', 'this identity is banned from this server');
    const skills = await this.options.store.skillsOf(identity.id);
    this.identities.set(client, identity);
    this.options.log.info({ event: 'identified', client: client.id, player: identity.id, kind: identity.kind }, 'identified');
    client.send({ type: 'identity', player: summaryOf(profile, skills) });
  }

  /** The identity `message` proves, or the refusal saying why not. */
  private async proved(message: Identify): Promise<Identity> {
    try {
      if ('token' in message) {
        if (!this.options.site) throw new IdentityRefused('this server takes no site tokens (it was given no --identity-key or --identity-jwks)');
        return await this.options.site.verify(message.token);
      }
      return anonymousIdentity(message.secret, message.name);
    } catch (error) {
      if (error instanceof IdentityRefused) throw new Refusal('bad-identity', error.message);
      throw error;
    }
  }

  async avoid(client: Client, other: string, avoid: boolean): Promise<void> {
    const identity = this.identityOf(client);
    if (!identity) throw new Refusal('not-identified', 'identify first: avoiding is an identity’s');
    if (other === identity.id) throw new Refusal('bad-message', 'player: that is you');
    const { store } = this.options;
    if (avoid) {
      if (!(await store.profile(other))) throw new Refusal('no-such-player', 'player: no identity of this server has this id');
      const { avoiding } = await store.avoids(identity.id);
      if (avoiding.length >= MOST_AVOIDED && !avoiding.includes(other)) throw new Refusal('too-many', `at most ${MOST_AVOIDED} players avoided: take one back first`);
    }
    await store.setAvoid(identity.id, other, avoid);
    client.send({ type: 'avoided', player: other, avoid });
  }
}
