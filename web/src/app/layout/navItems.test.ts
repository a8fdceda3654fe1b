import { describe, expect, it } from 'vitest';
import { isInSection, navItems } from './navItems';

const item = (label: string) => {
  const found = navItems.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`no nav item ${label}`);
  return found;
};

describe('isInSection', () => {
  it('marks a section on its own route and the routes below it', () => {
    expect(isInSection(item('Translation'), '/translation')).toBe(true);
    expect(isInSection(item('Translation'), '/translation/12')).toBe(true);
    expect(isInSection(item('Clients'), '/clients/3')).toBe(true);
    expect(isInSection(item('Clients'), '/clientsX')).toBe(false);
  });

  it('counts a job page as part of Translation', () => {
    expect(isInSection(item('Translation'), '/job/7')).toBe(true);
    expect(isInSection(item('Rebranding'), '/job/7')).toBe(false);
  });

  it('marks the dashboard on / only', () => {
    expect(isInSection(item('Dashboard'), '/')).toBe(true);
    expect(isInSection(item('Dashboard'), '/translation')).toBe(false);
  });
});
