/** Every setting the code reads is documented in .env.example and in the README. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config.js';

const root = new URL('../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');

describe('configuration docs', () => {
  const variables = Object.keys(ConfigSchema.shape);
  it.each(variables)('%s is in .env.example and the README', (name) => {
    expect(read('.env.example')).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(read('README.md')).toContain(`\`${name}\``);
  });
  it('.env.example holds no variable the code does not read', () => {
    const listed = [...read('.env.example').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
    for (const name of listed) expect(variables).toContain(name);
  });
  it('the README quick start is exactly the two commands', () => {
    const quick = read('README.md').split('## Quick start')[1]?.split('```sh')[1]?.split('```')[0] ?? '';
    const commands = quick.split('\n').filter((l) => l.trim() !== '');
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/^npm ci && npx grundy solve seagm 2 6 3/);
    expect(commands[1]).toMatch(/^npm test/);
  });
});
