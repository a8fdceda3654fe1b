import { toBody, validateSite } from './validation';

const good = { name: 'Main site', url: 'https://example.com', username: 'editor', application_password: 'abcd EFGH ijkl 1234 qrst uvwx' };

describe('validateSite', () => {
  it('accepts a complete form, the password with its spaces', () => {
    expect(validateSite(good, true)).toEqual({});
  });

  it('names each field that is wrong', () => {
    const errors = validateSite({ name: 'x'.repeat(201), url: 'example.com', username: '', application_password: 'hunter2' }, true);
    expect(Object.keys(errors).sort()).toEqual(['application_password', 'name', 'url', 'username']);
    expect(validateSite({ ...good, url: 'https://example.com/?p=1' }, true).url).toMatch(/without/);
  });

  it('leaves the name to the server when it is blank', () => {
    expect(validateSite({ ...good, name: ' ' }, true)).toEqual({});
    expect(toBody({ ...good, name: ' ' }).name).toBeNull();
  });

  it('lets an edit keep the stored password', () => {
    expect(validateSite({ ...good, application_password: '' }, false)).toEqual({});
    expect(validateSite({ ...good, application_password: '' }, true).application_password).toBeDefined();
    expect(toBody({ ...good, application_password: '  ' }).application_password).toBeNull();
  });
});
