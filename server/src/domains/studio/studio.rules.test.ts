import fc from 'fast-check';
import { fillLaunchUrl, launchTemplateProblem } from './launch-url';
import { engineFor, stakeLimits } from './studio.rules';

describe('which games the studio plays', () => {
  const game = (over: Partial<Parameters<typeof engineFor>[0]> = {}) => ({
    gameType: 'RNG' as const,
    isGame: 'GAME',
    engine: null,
    launchUrlTemplate: null,
    ...over,
  });

  it('a game names its engine, else its category decides; lobbies, vendor lists and connected vendors are not the studio’s', () => {
    expect(engineFor(game({ engine: 'dice' }))).toBe('dice');
    expect(engineFor(game())).toBe('slot');
    expect(engineFor(game({ gameType: 'FISH' }))).toBe('slot');
    expect(engineFor(game({ gameType: 'PVP' }))).toBe('andarbahar');
    for (const gameType of ['LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'] as const)
      expect(engineFor(game({ gameType }))).toBeNull();
    expect(engineFor(game({ isGame: 'LOBBY' }))).toBeNull();
    expect(engineFor(game({ gameType: 'PVP', isGame: 'VASSALAGE' }))).toBeNull();
    expect(engineFor(game({ launchUrlTemplate: 'https://x.example/?t={token}' }))).toBeNull();
    expect(engineFor(game({ engine: 'slot', launchUrlTemplate: 'https://x.example/?t={token}' }))).toBeNull();
  });

  it('stakes: the engine’s range, raised to the game’s own minimum bet; the buttons start at the minimum', () => {
    expect(stakeLimits('slot', 10n)).toEqual({
      minStake: 20n,
      maxStake: 50000n,
      stakeSteps: [20n, 40n, 100n, 200n, 400n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n],
    });
    expect(stakeLimits('slot', 50n).stakeSteps.slice(0, 3)).toEqual([50n, 100n, 200n]);
    expect(stakeLimits('andarbahar', 500n)).toMatchObject({
      minStake: 500n,
      stakeSteps: [500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n, 100000n],
    });
    // a minimum bet above the engine's maximum is ignored rather than making the game unplayable
    expect(stakeLimits('dice', 500000n).minStake).toBe(100n);
  });
});

describe('launch URL templates', () => {
  it('fills every placeholder, URL-encoded', () => {
    expect(
      fillLaunchUrl('https://v.example/{gameCode}/go?t={token}&l={lang}&c={currency}&m={mode}', {
        token: 'a b&c',
        gameCode: 'G_1',
        lang: 'bn',
        currency: 'BDT',
        mode: 'DEMO',
      }),
    ).toBe('https://v.example/G_1/go?t=a%20b%26c&l=bn&c=BDT&m=DEMO');
  });

  it('accepts https templates with {token}, http only on localhost', () => {
    expect(launchTemplateProblem('https://v.example/go?t={token}')).toBeNull();
    expect(launchTemplateProblem('http://localhost:9000/go?t={token}')).toBeNull();
    expect(launchTemplateProblem('http://127.0.0.1/go?t={token}&g={gameCode}')).toBeNull();
    expect(launchTemplateProblem('http://v.example/go?t={token}')).toMatch(/https/);
    expect(launchTemplateProblem('ftp://v.example/go?t={token}')).toMatch(/https/);
    expect(launchTemplateProblem('javascript:alert({token})')).not.toBeNull();
    expect(launchTemplateProblem('https://v.example/go?t={tok}')).toMatch(/Unknown placeholder \{tok\}/);
  });

  it('a template that passes always fills into an absolute https (or local http) address carrying the token', () => {
    const safe = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(safe, safe, fc.string({ maxLength: 60 }), (host, path, token) => {
        const template = `https://${host}.example/${path}?t={token}&g={gameCode}`;
        expect(launchTemplateProblem(template)).toBeNull();
        const url = new URL(fillLaunchUrl(template, { token, gameCode: 'X_1', lang: 'en', currency: 'BDT', mode: 'REAL' }));
        expect(url.protocol).toBe('https:');
        expect(url.host).toBe(`${host}.example`);
        expect(url.searchParams.get('t')).toBe(token);
      }),
    );
  });
});
