import { parse } from 'regexparam';
import type { Parser } from 'wouter';

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed escape stays as it came
  }
};

/**
 * wouter's own patterns (regexparam: `/swiss/:id`, matched whole, letter case and a trailing
 * slash aside) with each parameter decoded, as react-router gave them: wouter decodes the path
 * with `decodeURI` only, which leaves `%40` (@), `%2B` (+) and `%2F` (/) encoded, and a username
 * may hold `@` and `+` (`PlayerLink` encodes them). Every router of the app uses it: `AppLocation`
 * and the tests' memory router.
 */
export const parseRoute: Parser = (route, loose) => {
  const { pattern, keys } = parse(route, loose);
  return {
    keys,
    pattern: {
      exec: (path: string) => {
        const match = pattern.exec(path);
        if (match) for (let index = 1; index < match.length; index += 1) if (match[index]) match[index] = decode(match[index]!);
        return match;
      },
    },
  };
};
