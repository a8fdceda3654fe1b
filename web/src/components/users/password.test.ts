import { passwordChange } from './password';

describe('passwordChange', () => {
  it('keeps the current password when both fields are empty', () => {
    expect(passwordChange('', '')).toEqual({ kind: 'keep' });
  });

  it('sets the password when both fields are equal and long enough', () => {
    expect(passwordChange('correct-horse', 'correct-horse')).toEqual({ kind: 'set', password: 'correct-horse' });
  });

  it('reports a mismatch instead of silently dropping it', () => {
    expect(passwordChange('correct-horse', 'correct-hors')).toEqual({ kind: 'mismatch' });
    expect(passwordChange('', 'something')).toEqual({ kind: 'mismatch' });
  });

  it('refuses passwords below the server minimum', () => {
    expect(passwordChange('short', 'short')).toEqual({ kind: 'tooShort' });
  });
});
