/** `grundy register` against the fake Discord: the bulk PUT body, guild and global routes, and its failures. */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { commandBodies } from '../../src/bot/commands/deploy.js';
import { registerMain } from '../../src/cli/register.js';
import { seagm } from '../../src/games/seagm/index.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { FakeDiscord } from '../support/fake-discord.js';
import { APPLICATION_ID, GUILD_ID } from '../support/interactions.js';

class Output {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

describe('grundy register', () => {
  let fake: FakeDiscord;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await new FakeDiscord().start();
    env = {
      DISCORD_TOKEN: fake.botToken,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_API_BASE: fake.apiBase,
    };
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    expect(fake.problems).toEqual([]);
  });

  test('--guild puts every command in the guild with one bulk overwrite; the body is generated from the games', async () => {
    const stdout = new Output();
    const stderr = new Output();
    expect(await registerMain(['--guild', GUILD_ID], env, { stdout, stderr })).toBe(0);
    const put = await fake.waitFor(
      (r) => r.route === 'PUT /applications/:app/guilds/:guild/commands',
      'the PUT',
    );
    expect(put.params).toEqual({ app: APPLICATION_ID, guild: GUILD_ID });
    expect(put.authorization).toBe(`Bot ${fake.botToken}`);
    expect(put.body).toEqual(commandBodies(games));
    const bodies = put.body as { name: string }[];
    expect(bodies.map((c) => c.name)).toEqual([
      ...games.map((g) => g.id),
      'games',
      'help',
      'rules',
      'quiz',
      'play',
    ]);
    expect(bodies.find((c) => c.name === 'seagm')).toEqual({
      type: 1,
      name: 'seagm',
      description: seagm.summary,
      options: [
        {
          type: 3,
          name: 'numbers',
          description: seagm.inputs[0]?.description,
          required: false,
          max_length: 6000,
        },
        {
          type: 11,
          name: 'file',
          description: 'A text file holding the numbers, for inputs too long to type',
          required: false,
        },
      ],
    });
    expect(bodies.find((c) => c.name === 'help')).toEqual({
      type: 1,
      name: 'help',
      description: 'How to use Grundy, or how to ask about one game',
      options: [
        {
          type: 3,
          name: 'game',
          description: 'The game to explain',
          required: false,
          choices: games.map((g) => ({ name: g.title, value: g.id })),
        },
      ],
    });
    const gameChoices = games.map((g) => ({ name: g.title, value: g.id }));
    const difficulties = ['easy', 'medium', 'hard'].map((d) => ({ name: d, value: d }));
    expect(bodies.find((c) => c.name === 'quiz')).toEqual({
      type: 1,
      name: 'quiz',
      description: 'Study-group quizzes: who wins this position? Rounds, points, leaderboards, practice',
      options: [
        {
          type: 1,
          name: 'start',
          description: 'Start a quiz in this channel: everyone may answer each question',
          options: [
            expect.objectContaining({ type: 3, name: 'game', required: false, choices: gameChoices }),
            expect.objectContaining({
              type: 4,
              name: 'rounds',
              required: false,
              min_value: 1,
              max_value: 20,
            }),
            expect.objectContaining({ type: 3, name: 'difficulty', required: false, choices: difficulties }),
            expect.objectContaining({
              type: 4,
              name: 'seconds',
              required: false,
              min_value: 10,
              max_value: 120,
            }),
          ],
        },
        {
          type: 1,
          name: 'leaderboard',
          description: 'Quiz points so far, in this channel or the whole server',
          options: [
            expect.objectContaining({
              type: 3,
              name: 'scope',
              choices: [
                { name: 'channel', value: 'channel' },
                { name: 'server', value: 'server' },
              ],
            }),
            expect.objectContaining({
              type: 3,
              name: 'period',
              choices: [
                { name: 'week', value: 'week' },
                { name: 'all', value: 'all' },
              ],
            }),
          ],
        },
        {
          type: 1,
          name: 'stop',
          description: 'Stop the quiz in this channel (whoever started it, or anyone with Manage Messages)',
        },
        {
          type: 1,
          name: 'practice',
          description: 'A question just for you, with instant feedback and the explanation',
          options: [
            expect.objectContaining({ type: 3, name: 'game', choices: gameChoices }),
            expect.objectContaining({ type: 3, name: 'difficulty', choices: difficulties }),
          ],
        },
      ],
    });
    expect(stdout.text).toBe(
      `Registered ${bodies.length} commands in guild ${GUILD_ID}: ${bodies.map((c) => `/${c.name}`).join(', ')}\n`,
    );
    expect(stderr.text).toBe('');
  });

  test('without --guild the commands go global', async () => {
    const stdout = new Output();
    expect(await registerMain([], env, { stdout, stderr: new Output() })).toBe(0);
    const put = await fake.waitFor((r) => r.route === 'PUT /applications/:app/commands', 'the global PUT');
    expect(put.body).toEqual(commandBodies(games));
    expect(stdout.text).toMatch(/^Registered \d+ commands globally \(may take a while to show up\): \/seagm/);
  });

  test('missing variables: a clear message and exit 2; --dry-run needs none and prints the body', async () => {
    const stderr = new Output();
    expect(await registerMain([], { DISCORD_API_BASE: fake.apiBase }, { stdout: new Output(), stderr })).toBe(
      2,
    );
    expect(stderr.text).toMatch(/^grundy register: DISCORD_TOKEN and DISCORD_APPLICATION_ID must be set\./);
    const stdout = new Output();
    expect(await registerMain(['--dry-run'], {}, { stdout, stderr: new Output() })).toBe(0);
    expect(JSON.parse(stdout.text)).toEqual(commandBodies(games));
    const bad = new Output();
    expect(await registerMain(['--guild', 'general'], env, { stdout: new Output(), stderr: bad })).toBe(2);
    expect(bad.text).toContain("--guild needs the server's id");
  });

  test("a refused token: exit 1 with Discord's answer, and the token is not printed", async () => {
    const stderr = new Output();
    const code = await registerMain(
      ['--guild', GUILD_ID],
      { ...env, DISCORD_TOKEN: 'wrong-token' },
      { stdout: new Output(), stderr },
    );
    expect(code).toBe(1);
    expect(stderr.text).toMatch(
      /^grundy register: could not register the commands in guild \d+\. Discord answered 401: .+ \(is DISCORD_TOKEN the bot token\?\)\n$/,
    );
    expect(stderr.text).not.toContain('wrong-token');
    fake.problems.length = 0;
  });
});
