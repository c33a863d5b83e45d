/**
 * A connection for tests that drive the room service in this process, without a socket: it keeps
 * every message it is sent, as the client would read it (a copy, so that later changes to a shared
 * object cannot rewrite what was sent).
 */
import assert from 'node:assert/strict';
import type { ServerMessage } from 'domino-game/protocol';
import type { Client } from '../src/rooms/room-service.js';

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

export class RecordingClient implements Client {
  private static ids = 0;
  readonly id = ++RecordingClient.ids;
  readonly address = '127.0.0.1';
  room: string | null = null;
  seat: number | null = null;
  seq = -1;
  readonly messages: ServerMessage[] = [];

  send(message: ServerMessage): void {
    this.messages.push(JSON.parse(JSON.stringify(message)) as ServerMessage);
  }

  sendText(text: string): void {
    this.messages.push(JSON.parse(text) as ServerMessage);
  }

  close(): void {
    this.room = null;
  }

  last(): ServerMessage | undefined {
    return this.messages.at(-1);
  }

  lastView(): Of<'view'> | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i]!;
      if (message.type === 'view') return message;
    }
    return undefined;
  }

  /** The welcome it was sent (the test fails, naming the last message, if none). */
  welcomed(): Of<'welcome'> {
    const welcome = this.messages.find((m): m is Of<'welcome'> => m.type === 'welcome');
    assert.ok(welcome, `welcomed: ${JSON.stringify(this.messages.at(-1))}`);
    return welcome;
  }
}
