import { Vps2Text } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { templateNameError } from './user-templates-name.ts';

describe('templateNameError', () => {
  it.each(['web01', 'Web_01', '_', 'a'.repeat(64), '  spaced_out  '])('accepts %j', (name) => {
    expect(templateNameError(name)).toBeNull();
  });

  it.each(['', '   ', '\t'])('refuses an empty name %j', (name) => {
    expect(templateNameError(name)).toBe('Template name cannot be empty.');
    expect(templateNameError(name)).toBe(Vps2Text.templateNameEmpty);
  });

  it.each(['my template', 'web-01', 'web.01', 'café', 'a/b', 'name!'])(
    'refuses %j: only letters, numbers and underscores',
    (name) => {
      expect(templateNameError(name)).toBe(
        'Template name can only contain letters, numbers, and underscores.',
      );
    },
  );

  it('refuses a name longer than the server keeps', () => {
    expect(templateNameError('a'.repeat(65))).toBe('Template name may not be greater than 64 characters.');
  });
});
