import { t } from '@lingui/core/macro';

import type { components } from '@/lib/api-types';

type ArbiterAction = components['schemas']['ArbiterActionPayload'];

/** What the arbiter did, worded in the reader's language from the frame's fields (the frame
 * goes to every watcher; its `text` is English). Called at render, so it follows a switch. */
export const arbiterNoticeText = (action: ArbiterAction): string => {
  const { seconds = 0, move = '', result = '', reason = '' } = action;
  switch (action.action) {
    case 'paused':
      return t`The arbiter paused the clocks.`;
    case 'resumed':
      return t`The arbiter resumed the clocks.`;
    case 'time_added':
      return action.colour === 'black' ? t`The arbiter gave black ${seconds} s more.` : t`The arbiter gave white ${seconds} s more.`;
    case 'takeback':
      return action.colour === 'black'
        ? t`The arbiter took back black's last move (${move}).`
        : t`The arbiter took back white's last move (${move}).`;
    case 'adjudicated':
      return reason ? t`The arbiter set the result ${result}: ${reason}` : t`The arbiter set the result ${result}.`;
    default:
      return action.text;
  }
};
