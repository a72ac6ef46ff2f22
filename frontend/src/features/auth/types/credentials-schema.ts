import { t } from '@lingui/core/macro';
import { z } from 'zod';

// Mirrors the API's limits so most mistakes are caught before a round trip. The messages are
// functions: read when a value is checked, in the interface language of then.
export const credentialsSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: () => t`Enter a username.` })
    .max(150, { error: () => t`At most 150 characters.` }),
  password: z
    .string()
    .min(1, { error: () => t`Enter a password.` })
    .max(128, { error: () => t`At most 128 characters.` }),
});

// The API's username rule (arbiter/users/usernames.py): word characters of any script
// (Python's \w: letters, digits, _) and . @ + -; Latin, Cyrillic and Greek letters, the scripts
// with look-alike letters, not mixed in one name.
const USERNAME_CHARACTERS = /^[\p{L}\p{N}_.@+-]+$/u;
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

export const mixesLookAlikeScripts = (value: string): boolean =>
  LOOK_ALIKE_SCRIPTS.filter((script) => [...value].some((char) => /\p{L}/u.test(char) && script.test(char))).length > 1;

export const registrationSchema = credentialsSchema.extend({
  username: credentialsSchema.shape.username
    .regex(USERNAME_CHARACTERS, { error: () => t`Letters, digits and @ . + - _ only.` })
    .refine((value) => !mixesLookAlikeScripts(value), {
      error: () => t`Do not mix Latin, Cyrillic and Greek letters in one name.`,
    }),
});

export type CredentialsInput = z.infer<typeof credentialsSchema>;
