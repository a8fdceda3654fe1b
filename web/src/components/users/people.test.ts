import { EMAIL_MAX, NAME_MAX, emailProblem, nameProblem } from './people';

describe('nameProblem', () => {
  it('accepts a name, trimmed', () => {
    expect(nameProblem('First name', '  José Ñúñez ')).toBeNull();
  });

  it('refuses an empty or too long name, naming the field', () => {
    expect(nameProblem('First name', ' ')).toBe('First name is required');
    expect(nameProblem('Last name', 'x'.repeat(NAME_MAX + 1))).toContain('Last name has at most');
  });

  it('refuses line breaks and direction overrides', () => {
    for (const bad of ['Kim\nLee', 'Kim\rLee', 'Kim\u202eeeL', 'Kim\u2066', 'a\u0007']) {
      expect(nameProblem('First name', bad)).toContain('line breaks');
    }
  });
});

describe('emailProblem', () => {
  it('accepts an address', () => {
    expect(emailProblem(' kim@example.com ')).toBeNull();
  });

  it('refuses what is not one', () => {
    for (const bad of ['', 'kim', 'kim@', 'kim@localhost', 'kim@example.', 'kim lee@example.com', 'a@b@example.com']) {
      expect(emailProblem(bad)).not.toBeNull();
    }
    expect(emailProblem(`${'k'.repeat(EMAIL_MAX)}@example.com`)).toContain('at most');
  });
});
