import { atom } from 'nanostores';

export type StatusTone = 'idle' | 'busy' | 'ok' | 'problem';

/** The edit bar's status line. */
export interface Status {
  tone: StatusTone;
  text: string;
}

/** The status line before anything has been saved. */
export const IDLE = 'Click outlined text or a picture to edit it.';

/** The current status line, shared by the save logic and the edit bar. */
export const $status = atom<Status>({ tone: 'idle', text: IDLE });
