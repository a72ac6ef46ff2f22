import { describe, expect, it } from 'vitest';

import { registrationSchema } from '@/features/auth/types/credentials-schema';

const username = (value: string) => registrationSchema.safeParse({ username: value, password: 'x' });

describe('registrationSchema: the API username rule', () => {
  it.each(['Иван_Петров', '王小明', 'alice', 'jean.dupont+1', 'Ελλάδα1', 'Ωmega_99'.slice(1)])('accepts %s', (value) => {
    expect(username(value).success).toBe(true);
  });

  it.each([
    ['p\u0430ypal', 'Do not mix Latin, Cyrillic and Greek letters in one name.'],
    ['ΑΒΓ_abc', 'Do not mix Latin, Cyrillic and Greek letters in one name.'],
    ['a b', 'Letters, digits and @ . + - _ only.'],
    ['bob!', 'Letters, digits and @ . + - _ only.'],
  ])('refuses %s', (value, message) => {
    const result = username(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
